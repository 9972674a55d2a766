//! Exact best responses to known players of the 10,000-yen game (document
//! 000 §3 players; SPEC.md, "Exact equilibria of scaled games") by expectimax.
//!
//! We play A; the opponent B is a known [`Opponent`]: a rule giving, at each
//! state, an exact probability distribution over its bet, possibly depending
//! on a memory of earlier bets. The best A can do is then a one-player
//! problem: at each state take the bet maximising the expected payoff over
//! B's distribution. [`best_response`] does it by memoised DP over (state,
//! opponent memory); [`naive_best_response`] by plain recursion over bet
//! histories, for tiny sizes and the tests.
//!
//! Reading of the document's players at scaled sizes (SPEC.md gives the
//! sentences they rest on):
//! - `always1000` bets ⌊T/R⌋ in rounds 1..R−1 and the remainder in round R
//!   (T/R every round when R divides T, as the listing's 1000 × 10);
//! - `minus1` bets 0 in round 1, then A's previous bet minus one (0 if that
//!   was 0) in rounds 2..R−1, and the remainder in round R;
//! - `random` bets uniformly on 0..=m−1 with m its money left in rounds
//!   1..R−1 (the listing's `random()%remain`), the remainder in round R.

use crate::games::yen::optimized::ExactDp;
use crate::games::yen::rules::{Rules, State};
use crate::progress::{Progress, Silent};
use crate::solve::exact::integer;
use num_rational::BigRational;
use num_traits::{One, Zero};
use std::collections::HashMap;
use std::fmt;
use std::hash::Hash;
use std::str::FromStr;

/// A player whose behaviour is known exactly: at each state, a probability
/// distribution over its bet. The opponent is B: its money is
/// `state.money_b`, ours `state.money_a`.
pub trait Opponent {
    /// What the player remembers of earlier rounds beyond the state.
    type Memory: Clone + Eq + Hash;
    /// The memory at the start of a match.
    fn start(&self) -> Self::Memory;
    /// B's bets with their probabilities (positive, summing to 1, each legal).
    fn bets(
        &mut self,
        rules: Rules,
        state: State,
        memory: &Self::Memory,
    ) -> Vec<(u64, BigRational)>;
    /// The memory after a round in which A bet `ours` and B bet `theirs`.
    fn remember(&self, memory: &Self::Memory, ours: u64, theirs: u64) -> Self::Memory;
}

/// The built-in players of document 000 §3.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DocumentPlayer {
    /// Listing 1: the same bet every round.
    Always1000,
    /// Listing 2: just under A's previous bet.
    Minus1,
    /// Listing 3: uniformly random below the money left.
    Random,
}

impl DocumentPlayer {
    /// Every built-in player, in the document's order.
    pub const ALL: [DocumentPlayer; 3] = [
        DocumentPlayer::Always1000,
        DocumentPlayer::Minus1,
        DocumentPlayer::Random,
    ];

    /// The name used on the command line.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            DocumentPlayer::Always1000 => "always1000",
            DocumentPlayer::Minus1 => "minus1",
            DocumentPlayer::Random => "random",
        }
    }
}

impl fmt::Display for DocumentPlayer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a text does not name one of the document's players.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseDocumentPlayerError {
    /// None of [`DocumentPlayer::ALL`] has this name.
    UnknownPlayer {
        /// The text given.
        text: String,
    },
}

impl fmt::Display for ParseDocumentPlayerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseDocumentPlayerError::UnknownPlayer { text } => {
                write!(f, "unknown player {text:?} (always1000, minus1 or random)")
            }
        }
    }
}

impl std::error::Error for ParseDocumentPlayerError {}

impl FromStr for DocumentPlayer {
    type Err = ParseDocumentPlayerError;
    fn from_str(s: &str) -> Result<DocumentPlayer, ParseDocumentPlayerError> {
        DocumentPlayer::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or_else(|| ParseDocumentPlayerError::UnknownPlayer {
                text: s.to_string(),
            })
    }
}

impl Opponent for DocumentPlayer {
    /// A's previous bet (`minus1` needs it; the others ignore it).
    type Memory = Option<u64>;

    fn start(&self) -> Option<u64> {
        None
    }

    fn bets(
        &mut self,
        rules: Rules,
        state: State,
        memory: &Option<u64>,
    ) -> Vec<(u64, BigRational)> {
        let money = state.money_b;
        if state.rounds_left == 1 {
            return vec![(money, BigRational::one())];
        }
        match self {
            DocumentPlayer::Always1000 => {
                vec![(rules.total / u64::from(rules.rounds), BigRational::one())]
            }
            DocumentPlayer::Minus1 => {
                // Its bets in rounds 2..k sum to at most A's in rounds 1..k−1,
                // so they never exceed its money.
                let bet = memory.map_or(0, |ours| ours.saturating_sub(1));
                vec![(bet, BigRational::one())]
            }
            DocumentPlayer::Random if money == 0 => vec![(0, BigRational::one())],
            DocumentPlayer::Random => {
                let p = BigRational::new(1.into(), money.into());
                (0..money).map(|b| (b, p.clone())).collect()
            }
        }
    }

    fn remember(&self, _: &Option<u64>, ours: u64, _: u64) -> Option<u64> {
        Some(ours)
    }
}

/// B playing the equilibrium strategy the optimized DP finds at every state
/// (its column strategy of each round's matrix game).
#[derive(Debug, Default)]
pub struct EquilibriumOpponent {
    solver: ExactDp,
    cache: HashMap<State, Vec<(u64, BigRational)>>,
}

impl EquilibriumOpponent {
    /// B following the DP's equilibrium.
    #[must_use]
    pub fn new() -> EquilibriumOpponent {
        EquilibriumOpponent::default()
    }

    /// B following the equilibrium of `solver`, whose table may already
    /// hold the values a caller computed (a value never changes once
    /// solved, so the strategies are those of a fresh solver).
    #[must_use]
    pub fn with_solver(solver: ExactDp) -> EquilibriumOpponent {
        EquilibriumOpponent {
            solver,
            cache: HashMap::new(),
        }
    }
}

impl Opponent for EquilibriumOpponent {
    type Memory = ();
    fn start(&self) {}
    fn bets(&mut self, _: Rules, state: State, _: &()) -> Vec<(u64, BigRational)> {
        if let Some(b) = self.cache.get(&state) {
            return b.clone();
        }
        let b = self.solver.round_equilibrium(state).strategy_b;
        self.cache.insert(state, b.clone());
        b
    }
    fn remember(&self, _: &(), _: u64, _: u64) {}
}

/// What A maximises.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Goal {
    /// The probability of winning the match (a draw counts as not winning).
    WinProbability,
    /// The expected score: +1 win, 0 draw, −1 loss.
    Score,
}

impl Goal {
    /// Payoff of a finished match whose gain difference has sign `sign`.
    fn payoff(self, sign: i64) -> BigRational {
        match self {
            Goal::WinProbability => integer(i64::from(sign > 0)),
            Goal::Score => integer(sign),
        }
    }
}

/// The best A can do against a known opponent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BestResponse {
    /// The maximum expected payoff (win probability or score).
    pub value: BigRational,
    /// Every first-round bet that attains it.
    pub first_bets: Vec<u64>,
    /// Number of (state, opponent memory) pairs evaluated.
    pub states: usize,
}

struct Expectimax<'a, O: Opponent> {
    rules: Rules,
    goal: Goal,
    opponent: &'a mut O,
    memo: HashMap<(State, O::Memory), BigRational>,
    /// Told of the states evaluated, in batches of [`REPORT_EVERY`].
    progress: &'a dyn Progress,
}

/// States evaluated between two progress reports: rare enough that the
/// report costs nothing, often enough (a few per second) that a long run
/// is seen to move.
const REPORT_EVERY: usize = 1 << 12;

impl<O: Opponent> Expectimax<'_, O> {
    /// Expected payoff of playing A's bet `ours` now and best play after.
    fn after_bet(&mut self, state: State, memory: &O::Memory, ours: u64) -> BigRational {
        let mut total = BigRational::zero();
        for (theirs, p) in self.opponent.bets(self.rules, state, memory) {
            assert!(
                state.bets(state.money_b).contains(&theirs),
                "illegal opponent bet"
            );
            let next = self.opponent.remember(memory, ours, theirs);
            total += p * self.value(state.after(ours, theirs), next);
        }
        total
    }

    fn value(&mut self, state: State, memory: O::Memory) -> BigRational {
        if let Some(sign) = state.decided() {
            return self.goal.payoff(sign);
        }
        let key = (state, memory);
        if let Some(v) = self.memo.get(&key) {
            return v.clone();
        }
        let best = state
            .bets(state.money_a)
            .map(|x| self.after_bet(state, &key.1, x))
            .max()
            .expect("at least one legal bet");
        self.memo.insert(key, best.clone());
        if self.memo.len() % REPORT_EVERY == 0 {
            self.progress.advance(REPORT_EVERY as u64);
        }
        best
    }
}

/// The exact best response of A to `opponent` under `rules`, by memoised
/// expectimax over (state, opponent memory).
pub fn best_response<O: Opponent>(rules: Rules, opponent: &mut O, goal: Goal) -> BestResponse {
    best_response_with_progress(rules, opponent, goal, &Silent)
}

/// [`best_response`], telling `progress` how many states it has evaluated
/// (the count its result reports as `states`; the total is not known
/// before the end). `yen best-response --total 60 --rounds 60` runs for
/// minutes, and printed nothing while it did.
pub fn best_response_with_progress<O: Opponent>(
    rules: Rules,
    opponent: &mut O,
    goal: Goal,
    progress: &dyn Progress,
) -> BestResponse {
    let start = State::start(rules);
    let memory = opponent.start();
    progress.begin("best response: states evaluated", None);
    let mut dp = Expectimax {
        rules,
        goal,
        opponent,
        memo: HashMap::new(),
        progress,
    };
    let values: Vec<(u64, BigRational)> = start
        .bets(start.money_a)
        .map(|x| (x, dp.after_bet(start, &memory, x)))
        .collect();
    let value = values.iter().map(|(_, v)| v).max().unwrap().clone();
    progress.end();
    BestResponse {
        first_bets: values
            .iter()
            .filter(|(_, v)| *v == value)
            .map(|(x, _)| *x)
            .collect(),
        value,
        states: dp.memo.len(),
    }
}

/// The same maximum by plain recursion over full bet histories: no memo,
/// no decided-state shortcut; money and gains recomputed from the history.
/// Exponential: tiny T and R only.
pub fn naive_best_response<O: Opponent>(rules: Rules, opponent: &mut O, goal: Goal) -> BigRational {
    fn node<O: Opponent>(
        rules: Rules,
        opponent: &mut O,
        goal: Goal,
        history: &mut Vec<(u64, u64)>,
    ) -> BigRational {
        let mut state = State::start(rules);
        let mut memory = opponent.start();
        for &(x, y) in history.iter() {
            memory = opponent.remember(&memory, x, y);
            state = state.after(x, y);
        }
        if state.rounds_left == 0 {
            return goal.payoff(state.gain_diff.signum());
        }
        let mut best: Option<BigRational> = None;
        for x in state.bets(state.money_a) {
            let mut total = BigRational::zero();
            for (y, p) in opponent.bets(rules, state, &memory) {
                history.push((x, y));
                total += p * node(rules, opponent, goal, history);
                history.pop();
            }
            if best.as_ref().map_or(true, |b| total > *b) {
                best = Some(total);
            }
        }
        best.expect("at least one legal bet")
    }
    node(rules, opponent, goal, &mut Vec::new())
}

/// A sequence of A's bets that wins the match against a *deterministic*
/// opponent (one bet at every state), found by depth-first search, or
/// `None` if none exists or the search visits more than `budget` states.
///
/// A win scores +1, the most any strategy can score, so a winning line is
/// itself a best response for [`Goal::Score`] and for
/// [`Goal::WinProbability`]: this is how best responses are found at the
/// paper's scale (T = 10,000 in 1-yen units), where [`best_response`]'s
/// memo over (state, memory) would hold billions of entries. Bets are tried
/// in the order of what they take this round (just under the opponent's
/// bet first, a tie next, overbets last), so against the document's
/// players a win turns up within a few dozen states.
///
/// # Panics
/// If the opponent offers more than one bet at a state.
pub fn winning_line<O: Opponent>(
    rules: Rules,
    opponent: &mut O,
    budget: usize,
) -> Option<Vec<u64>> {
    fn search<O: Opponent>(
        rules: Rules,
        opponent: &mut O,
        state: State,
        memory: &O::Memory,
        line: &mut Vec<u64>,
        budget: &mut usize,
    ) -> bool {
        if let Some(sign) = state.decided() {
            if sign > 0 {
                // Settled: play out the rest with any legal bets (the last
                // round's forced bet, 0 before it).
                let mut s = state;
                let mut m = memory.clone();
                while s.rounds_left > 0 {
                    let x = if s.rounds_left == 1 { s.money_a } else { 0 };
                    let bets = opponent.bets(rules, s, &m);
                    let y = bets[0].0;
                    line.push(x);
                    m = opponent.remember(&m, x, y);
                    s = s.after(x, y);
                }
                return true;
            }
            return false;
        }
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let bets = opponent.bets(rules, state, memory);
        assert_eq!(bets.len(), 1, "winning_line needs a deterministic opponent");
        let y = bets[0].0;
        let legal = state.bets(state.money_a);
        let mut order: Vec<u64> = legal.clone().filter(|&x| x < y).rev().collect();
        order.extend(legal.clone().filter(|&x| x == y));
        order.extend(legal.filter(|&x| x > y));
        for x in order {
            line.push(x);
            let next = opponent.remember(memory, x, y);
            if search(rules, opponent, state.after(x, y), &next, line, budget) {
                return true;
            }
            line.pop();
            if *budget == 0 {
                return false;
            }
        }
        false
    }
    let start = State::start(rules);
    let memory = opponent.start();
    let mut line = Vec::new();
    let mut budget = budget;
    search(rules, opponent, start, &memory, &mut line, &mut budget).then_some(line)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// B's equilibrium read from a solver that has already solved the
    /// start (as the shared T = R = 10 claims hand it over) gives A the
    /// same best responses as a fresh solver, for every T ≤ 6, R ≤ 4.
    #[test]
    fn an_equilibrium_opponent_over_a_solved_table_plays_as_a_fresh_one() {
        for total in 1..=6 {
            for rounds in 1..=4 {
                let rules = Rules { total, rounds };
                let mut solver = ExactDp::new();
                solver.value(State::start(rules));
                let mut warm = EquilibriumOpponent::with_solver(solver);
                let mut fresh = EquilibriumOpponent::new();
                for goal in [Goal::Score, Goal::WinProbability] {
                    assert_eq!(
                        best_response(rules, &mut warm, goal),
                        best_response(rules, &mut fresh, goal),
                        "T = {total}, R = {rounds}, {goal:?}"
                    );
                }
            }
        }
    }
}
