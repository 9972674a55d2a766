//! Exact equilibrium values of scaled 10,000-yen games by dynamic
//! programming over the compressed state (issue 5, "Exact equilibria of
//! scaled games"; rules of document 000 §2).
//!
//! The bets made so far matter only through the [`State`]: rounds left, each
//! player's money left, and A's gains minus B's. Its value to A (+1 win,
//! 0 draw, −1 loss under optimal play by both) is the value of the matrix
//! game whose rows are A's bets, columns B's bets and entries the values of
//! the successor states; [`Solver`] memoises those values, uses the symmetry
//! value(a, b, d) = −value(b, a, −d) (swapping the players' names), settles
//! states whose outcome no bet can change without any matrix game, and calls
//! [`solve_reduced`] for the rest.
//!
//! Complexity: at most R·(T+1)²·(4T+1) states, each a matrix game of at most
//! (T+1)×(T+1) entries solved exactly; see SPEC.md for measured growth.

use crate::games::yen::rules::{Rules, State};
use crate::solve::exact::integer;
use crate::solve::matrix_game::{solve_reduced, Solution};
use num_rational::BigRational;
use num_traits::Zero;
use std::collections::{HashMap, HashSet};

/// An equilibrium of one state's round: its value and both players' optimal
/// mixed bets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundEquilibrium {
    /// Value of the state to A.
    pub value: BigRational,
    /// A's optimal bets with their probabilities (zero-probability bets left out).
    pub strategy_a: Vec<(u64, BigRational)>,
    /// B's optimal bets with their probabilities.
    pub strategy_b: Vec<(u64, BigRational)>,
}

/// The memoised DP over compressed states.
#[derive(Debug, Default)]
pub struct Solver {
    memo: HashMap<State, BigRational>,
    matrix_games: usize,
    progress: Option<fn(usize)>,
}

impl Solver {
    /// An empty memo.
    #[must_use]
    pub fn new() -> Solver {
        Solver::default()
    }

    /// A solver that calls `report(n)` after every 1,000th matrix game, so
    /// a long run can show progress (the CLI prints to stderr).
    #[must_use]
    pub fn with_progress(report: fn(usize)) -> Solver {
        Solver {
            progress: Some(report),
            ..Solver::default()
        }
    }

    /// Number of matrix games solved so far (states neither decided nor
    /// mirrored onto an already solved one).
    #[must_use]
    pub fn matrix_games(&self) -> usize {
        self.matrix_games
    }

    /// The value of `state` to A under optimal play: +1 win, 0 draw, −1 loss,
    /// or the exact expectation in between.
    pub fn value(&mut self, state: State) -> BigRational {
        if let Some(v) = state.decided() {
            return integer(v);
        }
        // Symmetry: solve only the lexicographically smaller of a state and
        // its mirror; the start (a = b, d = 0) is its own mirror and is solved.
        let mirror = state.swapped();
        if mirror < state {
            return -self.value(mirror);
        }
        if let Some(v) = self.memo.get(&state) {
            return v.clone();
        }
        let matrix = self.successor_matrix(state);
        let v = solve_reduced(&matrix).value;
        self.matrix_games += 1;
        if let (Some(report), 0) = (self.progress, self.matrix_games % 1000) {
            report(self.matrix_games);
        }
        self.memo.insert(state, v.clone());
        v
    }

    /// Entry (x, y) is the value after A bets the x-th and B the y-th legal bet.
    pub fn successor_matrix(&mut self, state: State) -> Vec<Vec<BigRational>> {
        state
            .bets(state.money_a)
            .map(|x| {
                state
                    .bets(state.money_b)
                    .map(|y| self.value(state.after(x, y)))
                    .collect()
            })
            .collect()
    }

    /// The value of `state` and an equilibrium of its round: the matrix game
    /// of successor values solved again, with both strategies.
    ///
    /// # Panics
    /// If `state` has no round left to play.
    pub fn round_equilibrium(&mut self, state: State) -> RoundEquilibrium {
        assert!(state.rounds_left > 0, "no round left to play");
        let matrix = self.successor_matrix(state);
        let Solution {
            value,
            row_strategy,
            column_strategy,
        } = solve_reduced(&matrix);
        let keep = |bets: std::ops::RangeInclusive<u64>, p: Vec<BigRational>| {
            bets.zip(p).filter(|(_, p)| !p.is_zero()).collect()
        };
        RoundEquilibrium {
            value,
            strategy_a: keep(state.bets(state.money_a), row_strategy),
            strategy_b: keep(state.bets(state.money_b), column_strategy),
        }
    }
}

/// Number of distinct states reachable from `state` by legal bets,
/// `state` and the finished-match states included.
#[must_use]
pub fn reachable_states(state: State) -> usize {
    let mut seen = HashSet::from([state]);
    let mut layer = vec![state];
    while !layer.is_empty() {
        let mut next = Vec::new();
        for s in layer {
            if s.rounds_left == 0 {
                continue;
            }
            for x in s.bets(s.money_a) {
                for y in s.bets(s.money_b) {
                    let t = s.after(x, y);
                    if seen.insert(t) {
                        next.push(t);
                    }
                }
            }
        }
        layer = next;
    }
    seen.len()
}

/// The R = 2 game (document 000 §2: "ラウンド数が 2 の場合も最強戦略は自明"):
/// every first bet of A that never loses, whatever B bets, with the B bets
/// it only draws against (it beats all others). The second bet is forced, so
/// a first bet is a whole strategy; the outcome comes from
/// [`State::decided`]'s closed form for the forced last round.
#[must_use]
pub fn two_round_safe_bets(total: u64) -> Vec<(u64, Vec<u64>)> {
    let start = State::start(Rules { total, rounds: 2 });
    (0..=total)
        .filter_map(|x| {
            let mut draws = Vec::new();
            for y in 0..=total {
                match start.after(x, y).decided() {
                    Some(1) => {}
                    Some(0) => draws.push(y),
                    _ => return None,
                }
            }
            Some((x, draws))
        })
        .collect()
}
