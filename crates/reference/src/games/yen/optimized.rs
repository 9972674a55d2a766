//! Exact equilibrium values of scaled 10,000-yen games by dynamic
//! programming over the compressed state (SPEC.md, "Exact equilibria of
//! scaled games"; rules of document 000 §2).
//!
//! The bets made so far matter only through the [`State`]: rounds left, each
//! player's money left, and A's gains minus B's. Its value to A (+1 win,
//! 0 draw, −1 loss under optimal play by both) is the value of the matrix
//! game whose rows are A's bets, columns B's bets and entries the values of
//! the successor states. The value depends on nothing else (not on T or R),
//! so one [`ExactDp`] keeps one table for every size it is asked about.
//!
//! [`ExactDp`] works layer by layer: it first collects the states a question
//! needs (skipping states [`State::decided`] settles and states whose mirror
//! value(a, b, d) = −value(b, a, −d) is collected instead), then solves the
//! layers from the last round up. States of one layer depend only on the
//! layer below, so each layer is solved in parallel (rayon). Each stage game
//! is solved in `f64` first ([`FloatLp`]); the optimal basis it names is then
//! solved and checked exactly ([`value_from_basis`]), so the value is exact
//! and proven, and only a basis that fails the check sends the game to the
//! exact simplex ([`solve_reduced_value`]).
//!
//! Complexity: at most R·(T+1)²·(4T+1) states, each a matrix game of at most
//! (T+1)×(T+1) entries; the cost is the size of the exact values (see SPEC.md).

use crate::games::yen::rules::{Rules, State};
use crate::progress::{Progress, Silent};
use crate::solve::exact::integer;
use crate::solve::float_game::FloatLp;
use crate::solve::matrix_game::{solve_reduced, solve_reduced_value, value_from_basis, Solution};
use crate::solve::rounding::enclose;
use num_rational::BigRational;
use num_traits::Zero;
use rayon::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};

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

/// A solved state: its exact value and rigorous float bounds on it.
#[derive(Debug, Clone)]
struct Known {
    value: BigRational,
    bounds: (f64, f64),
}

/// One entry of a stage matrix: a settled outcome or a solved state,
/// possibly seen from the mirror.
#[derive(Clone, Copy)]
enum Cell<'a> {
    Settled(i64),
    Solved(&'a Known, bool),
}

impl Cell<'_> {
    fn exact(self) -> BigRational {
        match self {
            Cell::Settled(v) => integer(v),
            Cell::Solved(k, false) => k.value.clone(),
            Cell::Solved(k, true) => -k.value.clone(),
        }
    }

    fn bounds(self) -> (f64, f64) {
        match self {
            Cell::Settled(v) => (v as f64, v as f64),
            Cell::Solved(k, false) => k.bounds,
            Cell::Solved(k, true) => (-k.bounds.1, -k.bounds.0),
        }
    }
}

/// The state to store a value under (the smaller of a state and its mirror)
/// and whether the value must be negated.
fn canonical(state: State) -> (State, bool) {
    let mirror = state.swapped();
    if mirror < state {
        (mirror, true)
    } else {
        (state, false)
    }
}

/// Counts of the work done, for `yen solve` and SPEC.md's measurements.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct SolveStats {
    /// Stage games solved (states neither settled nor mirrored).
    pub matrix_games: usize,
    /// Stage games whose float basis failed the exact check, solved by the
    /// exact simplex instead.
    pub fallbacks: usize,
    /// Entries of all stage matrices built.
    pub cells: usize,
    /// Entries that are exactly +1 or −1.
    pub unit_cells: usize,
}

/// The layered DP over compressed states, with one table for every size.
#[derive(Debug, Default)]
pub struct ExactDp {
    /// Fx-hashed: one lookup per stage-matrix entry is most of a small
    /// solve's time, and SipHash's guard against chosen keys buys nothing here.
    memo: FxHashMap<State, Known>,
    stats: SolveStats,
}

impl ExactDp {
    /// An empty table.
    #[must_use]
    pub fn new() -> ExactDp {
        ExactDp::default()
    }

    /// Number of matrix games solved so far (states neither decided nor
    /// mirrored onto an already solved one).
    #[must_use]
    pub fn matrix_games(&self) -> usize {
        self.stats.matrix_games
    }

    /// What the solver has done so far.
    #[must_use]
    pub fn stats(&self) -> SolveStats {
        self.stats
    }

    /// The value of `state` to A under optimal play: +1 win, 0 draw, −1 loss,
    /// or the exact expectation in between.
    pub fn value(&mut self, state: State) -> BigRational {
        self.value_with_progress(state, &Silent)
    }

    /// [`ExactDp::value`], reporting the states solved to `progress`.
    pub fn value_with_progress(&mut self, state: State, progress: &dyn Progress) -> BigRational {
        self.solve_below(&[state], progress);
        self.cell(state).exact()
    }

    /// The entry for `state`, which must be settled or already solved.
    fn cell(&self, state: State) -> Cell<'_> {
        if let Some(v) = state.decided() {
            return Cell::Settled(v);
        }
        let (c, negate) = canonical(state);
        Cell::Solved(&self.memo[&c], negate)
    }

    /// Solves every state the `roots` lead to (themselves included) that is
    /// not yet in the table, one layer at a time from the last round up.
    fn solve_below(&mut self, roots: &[State], progress: &dyn Progress) {
        let top = roots.iter().map(|s| s.rounds_left).max().unwrap_or(0);
        let mut layers: Vec<Vec<State>> = vec![Vec::new(); top as usize + 1];
        let mut seen = FxHashSet::default();
        let mut stack = roots.to_vec();
        // The enumeration alone takes minutes at T = R = 60: it reports
        // too, so a terminal shows work from the start.
        progress.begin("enumerating states", None);
        let mut found = 0u64;
        while let Some(s) = stack.pop() {
            if s.decided().is_some() {
                continue;
            }
            let (c, _) = canonical(s);
            if self.memo.contains_key(&c) || !seen.insert(c) {
                continue;
            }
            found += 1;
            if found % 4096 == 0 {
                progress.advance(4096);
            }
            layers[c.rounds_left as usize].push(c);
            for x in c.bets(c.money_a) {
                for y in c.bets(c.money_b) {
                    stack.push(c.after(x, y));
                }
            }
        }
        let total: usize = layers.iter().map(Vec::len).sum();
        if total == 0 {
            return;
        }
        progress.begin("states", Some(total as u64));
        for mut layer in layers {
            // Big games first, so the parallel tail is short.
            layer.sort_by_key(|s| std::cmp::Reverse((s.money_a + 1) * (s.money_b + 1)));
            let fallbacks = AtomicUsize::new(0);
            let cells = AtomicUsize::new(0);
            let unit_cells = AtomicUsize::new(0);
            let solved: Vec<(State, Known)> = {
                let this = &*self;
                layer
                    .par_iter()
                    .map_init(FloatLp::new, |lp, &s| {
                        let (known, stage) = this.solve_stage(lp, s);
                        if stage.fallback {
                            fallbacks.fetch_add(1, Ordering::Relaxed);
                        }
                        cells.fetch_add(stage.cells, Ordering::Relaxed);
                        unit_cells.fetch_add(stage.unit_cells, Ordering::Relaxed);
                        progress.advance(1);
                        (s, known)
                    })
                    .collect()
            };
            self.stats.matrix_games += solved.len();
            self.stats.fallbacks += fallbacks.into_inner();
            self.stats.cells += cells.into_inner();
            self.stats.unit_cells += unit_cells.into_inner();
            self.memo.extend(solved);
        }
        progress.end();
    }

    /// Solves the stage game of `state`, whose successors are all known.
    fn solve_stage(&self, lp: &mut FloatLp, state: State) -> (Known, StageWork) {
        let bets_a: Vec<u64> = state.bets(state.money_a).collect();
        let bets_b: Vec<u64> = state.bets(state.money_b).collect();
        let (m, n) = (bets_a.len(), bets_b.len());
        let cells: Vec<Cell<'_>> = bets_a
            .iter()
            .flat_map(|&x| bets_b.iter().map(move |&y| (x, y)))
            .map(|(x, y)| self.cell(state.after(x, y)))
            .collect();
        let bounds: Vec<(f64, f64)> = cells.iter().map(|c| c.bounds()).collect();
        let mid: Vec<f64> = bounds
            .iter()
            .map(|&(lo, hi)| lo + (hi - lo) / 2.0)
            .collect();
        let work = StageWork {
            fallback: false,
            cells: cells.len(),
            unit_cells: cells
                .iter()
                .filter(|c| matches!(c, Cell::Settled(1 | -1)))
                .count(),
        };
        let entry = |i: usize, j: usize| cells[i * n + j].exact();
        let guided = lp.solve(m, n, &mid).and_then(|f| {
            value_from_basis(
                m,
                n,
                &entry,
                &bounds,
                f.shift as i64,
                &f.tight_rows,
                &f.basic_columns,
            )
        });
        let (value, fallback) = match guided {
            Some(v) => (v, false),
            None => {
                let matrix: Vec<Vec<BigRational>> = (0..m)
                    .map(|i| (0..n).map(|j| entry(i, j)).collect())
                    .collect();
                (solve_reduced_value(&matrix), true)
            }
        };
        let bounds = enclose(&value);
        (Known { value, bounds }, StageWork { fallback, ..work })
    }

    /// Solves the states one round after `state` (and all below them).
    fn solve_successors(&mut self, state: State, progress: &dyn Progress) {
        let next: Vec<State> = state
            .bets(state.money_a)
            .flat_map(|x| state.bets(state.money_b).map(move |y| state.after(x, y)))
            .collect();
        self.solve_below(&next, progress);
    }

    /// Entry (x, y) is the value after A bets the x-th and B the y-th legal bet.
    pub fn successor_matrix(&mut self, state: State) -> Vec<Vec<BigRational>> {
        self.solve_successors(state, &Silent);
        state
            .bets(state.money_a)
            .map(|x| {
                state
                    .bets(state.money_b)
                    .map(|y| self.cell(state.after(x, y)).exact())
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
        self.round_equilibrium_with_progress(state, &Silent)
    }

    /// [`ExactDp::round_equilibrium`], reporting the states solved to `progress`.
    ///
    /// # Panics
    /// If `state` has no round left to play.
    pub fn round_equilibrium_with_progress(
        &mut self,
        state: State,
        progress: &dyn Progress,
    ) -> RoundEquilibrium {
        assert!(state.rounds_left > 0, "no round left to play");
        self.solve_successors(state, progress);
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

/// What solving one stage game took.
#[derive(Clone, Copy)]
struct StageWork {
    fallback: bool,
    cells: usize,
    unit_cells: usize,
}

/// Number of distinct states reachable from `state` by legal bets,
/// `state` and the finished-match states included.
#[must_use]
pub fn reachable_states(state: State) -> usize {
    reachable_set(state).len()
}

/// Every state reachable from `state` by legal bets (§2), `state` and the
/// finished-match states included, by breadth-first search over the
/// rounds. One search for the state count here and the table's instances
/// (`face.rs`).
#[must_use]
pub fn reachable_set(state: State) -> HashSet<State> {
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
    seen
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
