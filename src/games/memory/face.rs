//! The memory game behind the common face ([`Game`]): a state F(n,m,k) or
//! G(n,m,k), answered by the mover's expected points (win 1, draw 1/2).

use super::naive::{Row, Search};
use super::optimized::{exact_table, Extent};
use super::{ParseStateError, State};
use crate::games::{Game, Reach, SolveError, Solver};
use num_rational::BigRational;

/// The memory game with a special pair, document 004.
#[derive(Debug, Clone, Copy)]
pub struct Memory;

impl Game for Memory {
    const NAME: &'static str = "memory";
    const DOCUMENT: &'static str = "004";
    const NOTATION: &'static str = "the paper's state name: `F(n,m,k)`, `G(n,m,k)` or `G(n,k)`";

    type Instance = State;
    type ParseError = ParseStateError;
    type Value = BigRational;

    /// The naive row search's reach is the CLI's (every N ≤ 8 in seconds,
    /// the `memory/naive` bench); the exact reduced table's is the CLI's
    /// `--n` for the exact value (200 pairs).
    fn reach() -> Vec<Reach> {
        vec![Reach {
            question: "every state",
            unit: "pairs n",
            naive: Some(8),
            optimized: Some(200),
        }]
    }

    fn size(state: &State) -> (Reach, u64) {
        (Self::reach()[0], state.pairs as u64)
    }

    /// The row of the state, searched; the row is read from the state's
    /// name, the only thing the two sides share.
    fn naive(state: &State) -> Result<BigRational, SolveError> {
        Self::check_size(Solver::Naive, state)?;
        let row = Row::from_notation(&state.to_string())
            .expect("a valid state of at most 8 pairs names a row");
        Ok(Search::new().value(&row))
    }

    /// The exact table up to the state's n, Proposition 2.1's reduced set.
    fn optimized(state: &State) -> Result<BigRational, SolveError> {
        Self::check_size(Solver::Optimized, state)?;
        Ok(exact_table(state.pairs, Extent::Reduced, false)
            .value(*state)
            .expect("the table holds every state up to its n"))
    }
}
