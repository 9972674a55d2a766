//! Smaller instances than a given one, for minimal counterexamples: when an
//! outside solver is wrong on an instance, `solved-games check` walks to a
//! smaller instance on which it is still wrong, greedily, until none of the
//! candidates here fails (SPEC.md "Checking a solver program").
//!
//! Each game's candidates are one step smaller in the game's own terms —
//! lower a pile (Nim), drop or lower a stone (stones), lower n, m or k
//! (Memory); remove a piece or step one back (Geister, in its face.rs);
//! lower T or R or the state (yen, in its face.rs) — listed in a fixed order, most shrinking first, so that the
//! walk is deterministic and reaches small instances in few steps.

use super::memory::{face::Memory, Family, State};
use super::nim::{face::Nim, Position};
use super::stones::face::{StoneGames, StoneRow};
use super::stones::{self, Stones};
use super::Game;

/// The shrink capability of a game's face.
pub trait Shrink: Game {
    /// Instances one step smaller than `instance`, each well formed, none
    /// equal to it, in a fixed order (most shrinking first). Empty for an
    /// instance with nothing smaller.
    fn shrink(instance: &Self::Instance) -> Vec<Self::Instance>;
}

/// Smaller values of one non-negative quantity: 0, half, one less (each
/// once, each below `v`).
fn lower(v: u64) -> Vec<u64> {
    let mut out: Vec<u64> = Vec::new();
    for w in [0, v / 2, v.saturating_sub(1)] {
        if w < v && !out.contains(&w) {
            out.push(w);
        }
    }
    out
}

impl Shrink for Nim {
    /// Lower one pile (document 002 §38: any pile may be any size), the
    /// number of piles kept.
    fn shrink(position: &Position) -> Vec<Position> {
        let piles = position.piles();
        let mut out = Vec::new();
        for (i, &p) in piles.iter().enumerate() {
            for w in lower(u64::from(p)) {
                let mut next = piles.to_vec();
                next[i] = u32::try_from(w).expect("below a u32 pile");
                out.push(Position::new(next));
            }
        }
        out
    }
}

impl Shrink for StoneGames {
    /// Drop one stone (a row of at least two), then lower one stone's
    /// value toward 1 (document 001: every game takes any row of integer
    /// values; the rows `check` enumerates are over 1..=3). Game 5 drops a
    /// stone from both players' lists and lowers A's or B's value.
    fn shrink(row: &StoneRow) -> Vec<StoneRow> {
        let a = row.stones.values_a();
        let b = row.stones.values_b();
        let two = row.game == stones::Game::AnyStoneTwoValues;
        let make = |a: Vec<i64>, b: Vec<i64>| {
            let stones = if two {
                Stones::two_valued(a, b)
            } else {
                Stones::one_valued(a)
            };
            stones.ok().map(|stones| StoneRow {
                game: row.game,
                stones,
            })
        };
        let mut out = Vec::new();
        if a.len() > 1 {
            for i in 0..a.len() {
                let mut na = a.to_vec();
                let mut nb = b.to_vec();
                na.remove(i);
                nb.remove(i);
                out.extend(make(na, nb));
            }
        }
        let lowered = |v: i64| -> Vec<i64> {
            let mut out = Vec::new();
            for w in [1, v / 2, v - 1] {
                if w >= 1 && w < v && !out.contains(&w) {
                    out.push(w);
                }
            }
            out
        };
        for i in 0..a.len() {
            for w in lowered(a[i]) {
                let mut na = a.to_vec();
                na[i] = w;
                out.extend(make(na, b.to_vec()));
            }
            if two {
                for w in lowered(b[i]) {
                    let mut nb = b.to_vec();
                    nb[i] = w;
                    out.extend(make(a.to_vec(), nb));
                }
            }
        }
        out
    }
}

impl Shrink for Memory {
    /// Lower n, m or k by one where the result is still a state of its
    /// family (document 004 §2.1: F needs m + k ≤ n − 1, G needs k ≥ 1 and
    /// m + k ≤ n); lowering n keeps m and k.
    fn shrink(state: &State) -> Vec<State> {
        let (n, m, k) = (state.pairs, state.known_pairs, state.known_singles);
        let make = |n: usize, m: usize, k: usize| match state.family {
            Family::F => State::f(n, m, k).ok(),
            Family::G => State::g(n, m, k).ok(),
        };
        let mut out = Vec::new();
        if n > 1 {
            out.extend(make(n - 1, m, k));
        }
        if m > 0 {
            out.extend(make(n, m - 1, k));
            out.extend(make(n - 1, m - 1, k));
        }
        if k > 0 {
            out.extend(make(n, m, k - 1));
            out.extend(make(n - 1, m, k - 1));
        }
        out.retain(|s| s != state);
        out
    }
}
