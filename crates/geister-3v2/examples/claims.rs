//! Checks the wing's claims one after another and prints each verdict with
//! its time: `cargo run --release -p solved-games-geister-3v2 --example
//! claims [ID …]` (every claim when no id is given).

fn main() {
    let ids: Vec<String> = std::env::args().skip(1).collect();
    let mut failed = false;
    for claim in solved_games_geister_3v2::CLAIMS {
        if !ids.is_empty() && !ids.iter().any(|i| i == claim.id) {
            continue;
        }
        let v = claim.check();
        failed |= v.status != solved_games_reference::Status::Pass;
        println!(
            "{} {:?} {:.0} ms: {} | {} | {}",
            claim.id,
            v.status,
            v.millis,
            v.evidence.computed,
            v.evidence.naive.as_deref().unwrap_or("-"),
            v.evidence.measured.as_deref().unwrap_or("-")
        );
    }
    std::process::exit(i32::from(failed));
}
