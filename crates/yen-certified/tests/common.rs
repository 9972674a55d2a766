//! Helpers the wing's tests share: scratch directories and the states a
//! certified table covers.

use solved_games_reference::games::yen::rules::{Rules, State};
use std::collections::HashSet;

/// A fresh, empty scratch directory, removed with everything in it when the
/// test drops it.
pub struct Scratch(tempfile::TempDir);

impl std::ops::Deref for Scratch {
    type Target = std::path::Path;

    fn deref(&self) -> &std::path::Path {
        self.0.path()
    }
}

impl AsRef<std::path::Path> for Scratch {
    fn as_ref(&self) -> &std::path::Path {
        self.0.path()
    }
}

/// A scratch directory named after `name`.
pub fn scratch(name: &str) -> Scratch {
    Scratch(
        tempfile::Builder::new()
            .prefix(&format!("solved-games-{name}-"))
            .tempdir()
            .expect("a temporary directory"),
    )
}

/// Every undecided state a match with T ≤ `max` units and `rounds` rounds
/// reaches in layers 2..R − 1 (rounds left), in ascending order of (rounds
/// left, A's money, B's money, gain difference): a forward search from
/// every start through every pair of bets (`State::after`), never through
/// a settled state. Written apart from the certified table's own cut
/// (`Certified::within_reach`), which the tests compare with it.
pub fn yen_undecided_states(max: u64, rounds: u32) -> impl Iterator<Item = State> {
    let mut layer: Vec<State> = (1..=max)
        .map(|total| State::start(Rules { total, rounds }))
        .filter(|s| s.decided().is_none())
        .collect();
    let mut out = Vec::new();
    for _ in (2..rounds).rev() {
        let next: HashSet<State> = layer
            .iter()
            .flat_map(|&s| {
                (0..=s.money_a).flat_map(move |x| (0..=s.money_b).map(move |y| s.after(x, y)))
            })
            .filter(|s| s.decided().is_none())
            .collect();
        layer = next.into_iter().collect();
        layer.sort_unstable();
        out.push(layer.clone());
    }
    out.into_iter().rev().flatten()
}
