//! Smaller instances than a given one, for minimal counterexamples: when an
//! outside solver is wrong on an instance, `solved-games check` walks to a
//! smaller instance on which it is still wrong, greedily, until none of the
//! candidates here fails (SPEC.md "Checking a solver program").
//!
//! Each game's candidates are one step smaller in the game's own terms —
//! lower a pile (Nim), drop or lower a stone (stones), lower n, m or k
//! (Memory), remove a piece or step one back (Geister), lower T or R or
//! the state (yen) — listed in a fixed order, most shrinking first, so that
//! the walk is deterministic and reaches small instances in few steps. Each
//! game's `impl Shrink` is in its face.rs.

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
pub(crate) fn lower(v: u64) -> Vec<u64> {
    let mut out: Vec<u64> = Vec::new();
    for w in [0, v / 2, v.saturating_sub(1)] {
        if w < v && !out.contains(&w) {
            out.push(w);
        }
    }
    out
}
