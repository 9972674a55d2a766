//! The memory game behind the common face ([`Game`]): a state F(n,m,k) or
//! G(n,m,k), answered by the mover's expected points (win 1, draw 1/2).

use super::naive::{Row, Search};
use super::optimized::{exact_table, Extent};
use super::{Family, ParseStateError, State};
use crate::games::shrink::Shrink;
use crate::games::table::{value_error, ParseTableError, Table, Words};
use crate::games::{Game, GameId, GameInfo, Ladder, Limits, SolveError, Solver};
use num_rational::BigRational;
use std::fmt;
use std::str::FromStr;

/// The memory game with a special pair, document 004.
#[derive(Debug, Clone, Copy)]
pub struct Memory;

/// The most pairs the naive row search takes ([`Memory::limits`]).
pub const NAIVE_PAIRS: u64 = 8;
/// The most pairs the exact recurrence takes ([`Memory::limits`]).
pub const OPTIMIZED_PAIRS: u64 = 200;

impl Game for Memory {
    const INFO: GameInfo = GameId::Memory.info();

    type Instance = State;
    type ParseError = ParseStateError;
    type Value = BigRational;

    /// Pairs N.
    const EXAMPLES: &'static [(&'static str, &'static str)] =
        &[("N6", "F(6,0,0)"), ("N8", "F(8,0,0)")];

    /// f(N, 0, 0), the first player's value with N pairs: the explicit row
    /// against the recurrences.
    fn ladder() -> Ladder {
        Ladder {
            instance: "f(N, 0, 0), the first player's value with N pairs",
            size: "N (pairs)",
            sizes: vec![1, 2, 3, 4, 6, 8, 12, 16, 24, 32],
            naive: Box::new(|n| {
                super::naive::first_player_value(n as usize, &crate::progress::Silent)
                    .map_or_else(|e| e.to_string(), |v| v.to_string())
            }),
            optimized: Box::new(|n| super::optimized::first_player_value(n as usize).to_string()),
        }
    }

    /// The naive row search's reach (every N ≤ 8 in seconds, the
    /// `memory/naive` bench) and the exact reduced table's; the command
    /// line's `--n` reads both from here.
    fn limits() -> Vec<Limits> {
        vec![Limits {
            question: "every state",
            unit: "pairs n",
            naive: Some(NAIVE_PAIRS),
            optimized: Some(OPTIMIZED_PAIRS),
        }]
    }

    fn size(state: &State) -> (Limits, u64) {
        (Self::limits()[0], state.pairs as u64)
    }

    /// The row of the state, searched; the row is read from the state's
    /// name, the only thing the two sides share.
    fn naive_within_limits(state: &State) -> Result<BigRational, SolveError> {
        let row = Row::from_notation(&state.to_string())
            .expect("a valid state of at most 8 pairs names a row");
        Ok(Search::new().value(&row))
    }

    /// The exact table up to the state's n, Proposition 2.1's reduced set.
    fn optimized_within_limits(state: &State) -> Result<BigRational, SolveError> {
        Ok(exact_table(state.pairs, Extent::Reduced, false)
            .value(*state)
            .expect("the table holds every state up to its n"))
    }
}

/// A memory table: every state F(n,m,k) and G(n,m,k) with n ≤ `n`,
/// written `n=30`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemoryTableParams {
    /// The largest number of pairs.
    pub n: usize,
}

impl fmt::Display for MemoryTableParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "n={}", self.n)
    }
}

impl FromStr for MemoryTableParams {
    type Err = ParseTableError;

    fn from_str(text: &str) -> Result<MemoryTableParams, ParseTableError> {
        let words = Words::new(Memory::NAME, text, Memory::PARAMS)?;
        let params = MemoryTableParams {
            n: words.get("n", 30)?,
        };
        let limit = Memory::limits()[0].optimized.unwrap_or(u64::MAX);
        if params.n == 0 || params.n as u64 > limit {
            return Err(words.error(format!("`n={}`: a table has 1 to {limit} pairs", params.n)));
        }
        Ok(params)
    }
}

/// States with fewer than `n` pairs: Σ_{j<n} j(j+1) = (n−1)n(n+1)/3, since
/// n pairs have n(n+1)/2 F states (m + k ≤ n − 1) and as many G states
/// (k ≥ 1, m + k ≤ n).
fn states_below(n: usize) -> usize {
    n.saturating_sub(1) * n * (n + 1) / 3
}

/// Every state of n pairs, in the table's order.
fn states_of(n: usize) -> impl Iterator<Item = State> {
    let f = (0..n).flat_map(move |m| (0..n - m).map(move |k| State::f(n, m, k)));
    let g = (0..=n).flat_map(move |m| (1..=n - m).map(move |k| State::g(n, m, k)));
    f.chain(g)
        .map(|s| s.expect("enumerated within the state's bounds"))
}

/// States by n, then F before G, then m, then k: `F(1,0,0)`, `G(1,0,1)`,
/// `F(2,0,0)`, `F(2,0,1)`, `F(2,1,0)`, `G(2,0,1)`, … — the table of N is the
/// first rows of the table of N + 1. A state's size is its n.
impl Table for Memory {
    type Params = MemoryTableParams;
    const PARAMS: &'static [&'static str] = &["n"];
    const VALUE_COLUMNS: &'static [&'static str] = &["value"];
    const SIZE: &'static str = "pairs n";
    const VALUE_NOTATION: &'static str =
        "the mover's expected points as an exact fraction `p/q` or integer (`1/2`, `1`)";

    fn standard() -> Vec<MemoryTableParams> {
        vec![MemoryTableParams { n: 30 }]
    }

    fn bound(params: &MemoryTableParams) -> u64 {
        params.n as u64
    }

    fn with_bound(_: &MemoryTableParams, size: u64) -> MemoryTableParams {
        MemoryTableParams {
            n: usize::try_from(size).unwrap_or(usize::MAX),
        }
    }

    fn size_of(state: &State) -> u64 {
        state.pairs as u64
    }

    fn instances(params: &MemoryTableParams) -> Vec<State> {
        (1..=params.n).flat_map(states_of).collect()
    }

    fn instances_of_size(_: &MemoryTableParams, size: u64) -> Vec<State> {
        usize::try_from(size)
            .map(|n| states_of(n).collect())
            .unwrap_or_default()
    }

    fn index(params: &MemoryTableParams, state: &State) -> Option<usize> {
        let (n, m, k) = (state.pairs, state.known_pairs, state.known_singles);
        if n == 0 || n > params.n {
            return None;
        }
        // Rows of m' < m: Σ_{m'<m} (n − m') states each family.
        let before_m = m * n - m * m.saturating_sub(1) / 2;
        let within = match state.family {
            Family::F if State::is_f(n, m, k) => before_m + k,
            Family::G if State::is_g(n, m, k) => n * (n + 1) / 2 + before_m + k - 1,
            _ => return None,
        };
        Some(states_below(n) + within)
    }

    /// Uniform over the states of n = size.
    fn random(_: &MemoryTableParams, size: u64, rng: &mut fastrand::Rng) -> Option<State> {
        let n = usize::try_from(size).ok().filter(|&n| n > 0)?;
        states_of(n).nth(rng.usize(0..n * (n + 1)))
    }

    fn write_value(value: &BigRational) -> String {
        value.to_string()
    }

    fn parse_value(text: &str) -> Result<BigRational, ParseTableError> {
        text.trim()
            .parse()
            .map_err(|_| value_error(Memory::NAME, text, Memory::VALUE_NOTATION))
    }

    /// The first state with `n` pairs.
    fn at_bound(params: &MemoryTableParams) -> Option<State> {
        states_of(params.n).next()
    }

    /// The optimized side fills the reduced table of N once and reads every
    /// state through Proposition 2.1; the naive side keeps one search (and
    /// its memo of rows) across the table.
    fn table(
        solver: Solver,
        params: &MemoryTableParams,
    ) -> Result<Vec<(State, BigRational)>, SolveError> {
        let states = Self::instances(params);
        if let Some(last) = states.last() {
            Self::check_size(solver, last)?;
        }
        Ok(match solver {
            Solver::Optimized => {
                let table = exact_table(params.n, Extent::Reduced, false);
                states
                    .into_iter()
                    .map(|s| {
                        let v = table.value(s).expect("the table holds every state up to N");
                        (s, v)
                    })
                    .collect()
            }
            Solver::Naive => {
                let mut search = Search::new();
                states
                    .into_iter()
                    .map(|s| {
                        let row = Row::from_notation(&s.to_string())
                            .expect("a valid state of at most 8 pairs names a row");
                        let v = search.value(&row);
                        (s, v)
                    })
                    .collect()
            }
        })
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
