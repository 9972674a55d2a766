//! Mini-Geister (document 003).

mod common;

use solved_games::games::geister::{analysis::Kind, naive, optimized, report::Report};

#[test]
fn probe() {
    for kind in Kind::ALL {
        let t = std::time::Instant::now();
        let r = Report::of(&optimized::solve(kind));
        eprintln!("{kind}: {:?} {:?} {} in {:?}", r.values, r.initial, r.distance_row(), t.elapsed());
    }
    let t = std::time::Instant::now();
    let n = Report::of_naive(&naive::solve(Kind::Basic));
    eprintln!("naive basic {:?} {:?} {} in {:?}", n.values, n.initial, n.distance_row(), t.elapsed());
}
