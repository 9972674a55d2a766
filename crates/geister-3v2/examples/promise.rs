use solved_games_geister_3v2::grid::Values;
use solved_games_geister_3v2::promise::{certify, Strategy};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let sweeps: usize = args.get(1).map_or(200, |s| s.parse().unwrap());
    let p1_first = args.get(2).is_some_and(|s| s == "p1");
    let t = std::time::Instant::now();
    let v = Values::solve(6, true, 0.0, 1e-9, sweeps);
    eprintln!("grid {:?} sweeps {:?}", t.elapsed(), v.sweeps);
    let t = std::time::Instant::now();
    let s = Strategy::build(&v, p1_first);
    eprintln!(
        "strategy {:?}: {} P2 states, {} P1 nodes with facets, start promise {:.6}, worst slack {:.6}",
        t.elapsed(), s.mix.len(), s.facets.len(), s.start_promise, s.worst_slack
    );
    let fmax = s.facets.values().map(Vec::len).max().unwrap_or(0);
    eprintln!("max facets {fmax}");
    for red in [1u8, 2, 5] {
        let c = certify(&s, p1_first, red);
        eprintln!(
            "red {red}: P1 at most {} (other {}), checked {}, {} nodes, build {:.2}s check {:.3}s",
            -c.bound.clone(),
            -c.other.clone(),
            c.checked,
            c.nodes,
            c.build_seconds,
            c.check_seconds
        );
    }
}
