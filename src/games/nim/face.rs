//! Nim behind the common face ([`Game`]): a position, answered win or loss
//! for the side to move ([`Wdl`]; Nim has no draws).

use super::{naive, optimized::Table, ParsePositionError, Position};
use crate::core::Wdl;
use crate::games::{Game, Reach, SolveError, Solver};

/// Three-pile Nim (any number of piles), document 002.
#[derive(Debug, Clone, Copy)]
pub struct Nim;

/// Positions in the table of `position`: (largest pile + 1)^(piles).
fn table_positions(position: &Position) -> u64 {
    let base = u64::from(position.piles().iter().copied().max().unwrap_or(0)) + 1;
    u32::try_from(position.piles().len())
        .ok()
        .and_then(|piles| base.checked_pow(piles))
        .unwrap_or(u64::MAX)
}

fn wdl(losing: bool) -> Wdl {
    if losing {
        Wdl::Loss
    } else {
        Wdl::Win
    }
}

impl Game for Nim {
    const NAME: &'static str = "nim";
    const DOCUMENT: &'static str = "002";
    const NOTATION: &'static str =
        "one digit per pile (`735`), or piles over 9 separated by commas (`12,3,40`)";

    type Instance = Position;
    type ParseError = ParsePositionError;
    type Value = Wdl;

    /// The optimized side fills the whole table of (max + 1)^piles
    /// positions (the CLI's 10^7); the naive search visits at most as many,
    /// through a hash map and a recursion as deep as the stones, and stops
    /// at the 10^6 of three piles of 0..=99 (§38.24).
    fn reach() -> Vec<Reach> {
        vec![Reach {
            question: "every position",
            unit: "positions of its table, (largest pile + 1)^piles",
            naive: Some(1_000_000),
            optimized: Some(10_000_000),
        }]
    }

    fn size(position: &Position) -> (Reach, u64) {
        (Self::reach()[0], table_positions(position))
    }

    fn naive(position: &Position) -> Result<Wdl, SolveError> {
        Self::check_size(Solver::Naive, position)?;
        Ok(wdl(naive::is_losing(position)))
    }

    fn optimized(position: &Position) -> Result<Wdl, SolveError> {
        Self::check_size(Solver::Optimized, position)?;
        let max = position.piles().iter().copied().max().unwrap_or(0);
        Ok(wdl(
            Table::build(position.piles().len(), max).is_losing(position)
        ))
    }
}
