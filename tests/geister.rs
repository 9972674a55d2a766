//! Mini-Geister (document 003).

mod common;

use solved_games::games::geister::{analysis::Kind, optimized, report::Report};

#[test]
fn probe() {
    let mut solved = std::collections::BTreeMap::new();
    for kind in Kind::ALL {
        let t = std::time::Instant::now();
        optimized::solve_into(kind, &mut solved);
        let r = Report::of(&solved[&kind]);
        eprintln!(
            "{kind}: {} {:?} {:?} {} in {:?}",
            r.states,
            r.values,
            r.initial,
            r.distance_row(),
            t.elapsed()
        );
    }
}

#[test]
#[ignore]
fn probe_naive() {
    let mut solved = std::collections::BTreeMap::new();
    for kind in Kind::ALL {
        let t = std::time::Instant::now();
        solved_games::games::geister::naive::solve_into(kind, &mut solved);
        let r = Report::of_naive(&solved[&kind]);
        eprintln!(
            "naive {kind}: {} {:?} {:?} {} in {:?}",
            r.states,
            r.values,
            r.initial,
            r.distance_row(),
            t.elapsed()
        );
    }
}

#[test]
fn probe_mirror() {
    use solved_games::games::geister::mirror;
    eprintln!("{:?}\n{:?}", mirror::check(), mirror::check_naive());
}
