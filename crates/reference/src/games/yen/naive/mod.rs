//! The reference solver for exact equilibria of scaled 10,000-yen games:
//! a plain recursion over bet histories with its own reading of the rules
//! and its own matrix-game method (SPEC.md, "Exact equilibria of scaled games").
//!
//! Nothing here comes from the optimized side: the rules below are written
//! again from document 000 §2, the recursion walks the histories of bets
//! (what happened, not a compressed state), and each round's matrix game is
//! solved by enumerating square submatrices ([`stage`]), not by the simplex.
//! A bug in one side's rules therefore shows up as a disagreement.
//!
//! # The rules, from §2
//! A scaled game ([`ScaledGame`]) gives each player T yen (units) to bet over
//! R rounds; the document's game is T = 10,000, R = 10.
//! - "$\sum_{i=1}^{10} a_i = \sum_{i=1}^{10} b_i = 10000$" and
//!   "$a_i \geq 0$ かつ $b_i \geq 0$": a bet is a whole number from 0 to the
//!   money not yet bet (more would force a negative bet later), and in the
//!   last round it is exactly the money not yet bet ([`ScaledGame::bets`]).
//! - "$a_i < b_i$ のとき, A が $a_i + b_i$ 円を得る. $a_i > b_i$ のとき, B が
//!   $a_i + b_i$ 円を得る. $a_i = b_i$ のとき, A と B はそれぞれ $a_i (= b_i)$
//!   円を得る": [`round_gains`].
//! - "過去の賭金 … を知っていて": both players see every earlier bet; the two
//!   bets of a round are made at once.
//! - "10 ラウンド目が終了後 … 1 円でも多い方が, この対戦の勝者です": after the
//!   last round the player holding more money wins; equal money is a draw
//!   ([`match_score`]: +1, 0, −1 to A).
//!
//! # The search
//! A node is a history: the list of (A's bet, B's bet) of the rounds played.
//! [`Situation::after`] replays the whole history with [`round_gains`] to
//! learn the rounds played, the money each player has bet and the money each
//! has won. A finished history is worth its [`match_score`]; any other is
//! worth the value of the matrix game whose entry (x, y) is the value of the
//! history extended by (x, y), for every legal x of A and y of B (§2's
//! simultaneous bets with perfect recall: backward induction over rounds).
//! Memo ([`Memo::BySituation`], the default): two histories with the same
//! rounds played, money bet and money won have the same legal bets from
//! there on and end with the same scores, so the value is stored under that
//! [`Situation`] — derived here from the history, by this module's own
//! settlement. [`Memo::Off`] walks the full history tree (tests compare the
//! two on small games). No symmetry, no closed forms, no shortcut for
//! decided positions: a lost cause is solved as a matrix game like any other.
//!
//! # Reach
//! With the memo the search solves one matrix game per reachable situation;
//! the time goes into the rounds whose kernels are large. Measured CPU time
//! (release build, the shared 2-core development machine): T = R = 10, the
//! size of claim YEN-102, 0.4 s (6,370 matrix games, kernels up to 5 × 5);
//! T = 12, R = 4 0.5 s; T = 12, R = 10 3.5 s (10,674 games, kernels up to
//! 6 × 6). T = 14, R = 10 and T = 20, R = 5 did not finish in 6 CPU-minutes:
//! T = R = 10 is the largest size the claims and tests ask of it. Without
//! the memo only tiny games finish (the tests go to T = 4, R = 3 and T = 3, R = 4).
//!
//! # Examples
//! ```
//! use solved_games_reference::games::yen::naive::{self, ScaledGame};
//! // The value of the 6-unit, 4-round game is 0: neither player has an edge.
//! let game = ScaledGame { total: 6, rounds: 4 };
//! assert_eq!(naive::value(game), num_traits::Zero::zero());
//! ```

pub mod stage;

use num_rational::BigRational;
use num_traits::Zero;
use stage::{solve_stage, whole, StageSolution};
use std::collections::HashMap;
use std::fmt;
use std::ops::RangeInclusive;

/// A scaled 10,000-yen game: each player bets `total` units over `rounds`
/// rounds (§2 with 10,000 → T and 10 → R).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ScaledGame {
    /// Units each player holds and must bet in full (T).
    pub total: u64,
    /// Rounds in a match (R).
    pub rounds: u32,
}

impl ScaledGame {
    /// The bets a player may make in round `round` (1-based) after betting
    /// `spent` in the earlier rounds: 0 up to the money left, or exactly the
    /// money left in the last round (§2: bets ≥ 0 summing to the total).
    #[must_use]
    pub fn bets(&self, round: u32, spent: u64) -> RangeInclusive<u64> {
        let left = self.total - spent;
        if round == self.rounds {
            left..=left
        } else {
            0..=left
        }
    }
}

impl fmt::Display for ScaledGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "T = {}, R = {}", self.total, self.rounds)
    }
}

/// What A and B receive from one round (§2): the lower bet takes both bets,
/// equal bets go back to their owners.
///
/// # Examples
/// ```
/// use solved_games_reference::games::yen::naive::round_gains;
/// assert_eq!(round_gains(1000, 999), (0, 1999));
/// assert_eq!(round_gains(0, 1000), (1000, 0));
/// assert_eq!(round_gains(700, 700), (700, 700));
/// ```
#[must_use]
pub fn round_gains(bet_a: u64, bet_b: u64) -> (u64, u64) {
    if bet_a < bet_b {
        (bet_a + bet_b, 0)
    } else if bet_a > bet_b {
        (0, bet_a + bet_b)
    } else {
        (bet_a, bet_b)
    }
}

/// The match result to A once every round is played (§2): +1 if A holds
/// more money, −1 if B does, 0 for equal money.
#[must_use]
pub fn match_score(money_a: u64, money_b: u64) -> i64 {
    if money_a > money_b {
        1
    } else if money_b > money_a {
        -1
    } else {
        0
    }
}

/// What a history of bets amounts to: everything the rest of the match
/// depends on, computed by replaying the history.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Situation {
    /// Rounds played so far.
    pub played: u32,
    /// Money A has bet so far.
    pub spent_a: u64,
    /// Money B has bet so far.
    pub spent_b: u64,
    /// Money A has received from the rounds played.
    pub won_a: u64,
    /// Money B has received from the rounds played.
    pub won_b: u64,
}

impl Situation {
    /// Replays `history` (A's and B's bet of each round played, in order)
    /// from the start of a match.
    #[must_use]
    pub fn after(history: &[(u64, u64)]) -> Situation {
        let mut s = Situation {
            played: 0,
            spent_a: 0,
            spent_b: 0,
            won_a: 0,
            won_b: 0,
        };
        for &(bet_a, bet_b) in history {
            let (gain_a, gain_b) = round_gains(bet_a, bet_b);
            s.played += 1;
            s.spent_a += bet_a;
            s.spent_b += bet_b;
            s.won_a += gain_a;
            s.won_b += gain_b;
        }
        s
    }
}

/// Why a history cannot happen in a scaled game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HistoryError {
    /// More rounds than the game has.
    TooManyRounds {
        /// Rounds in the history.
        played: usize,
        /// Rounds in the game.
        rounds: u32,
    },
    /// A bet that the rules do not allow in its round.
    IllegalBet {
        /// The round (1-based).
        round: u32,
        /// `'A'` or `'B'`.
        player: char,
        /// The bet.
        bet: u64,
        /// Money the player had left before it.
        left: u64,
    },
}

impl fmt::Display for HistoryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HistoryError::TooManyRounds { played, rounds } => {
                write!(f, "{played} rounds played but the game has {rounds}")
            }
            HistoryError::IllegalBet {
                round,
                player,
                bet,
                left,
            } => write!(
                f,
                "round {round}: {player} bets {bet} with {left} left (a bet is 0..=left, \
                 and exactly the rest in the last round)"
            ),
        }
    }
}

impl std::error::Error for HistoryError {}

/// Checks every bet of `history` against the rules of `game`.
///
/// # Errors
/// [`HistoryError`] naming the first round that could not have been played.
pub fn check_history(game: ScaledGame, history: &[(u64, u64)]) -> Result<(), HistoryError> {
    if history.len() > game.rounds as usize {
        return Err(HistoryError::TooManyRounds {
            played: history.len(),
            rounds: game.rounds,
        });
    }
    let (mut spent_a, mut spent_b) = (0u64, 0u64);
    for (round, &(bet_a, bet_b)) in (1u32..).zip(history) {
        for (player, bet, spent) in [('A', bet_a, &mut spent_a), ('B', bet_b, &mut spent_b)] {
            if !game.bets(round, *spent).contains(&bet) {
                return Err(HistoryError::IllegalBet {
                    round,
                    player,
                    bet,
                    left: game.total - *spent,
                });
            }
            *spent += bet;
        }
    }
    Ok(())
}

/// Whether the search stores values by [`Situation`] or walks every history.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Memo {
    /// One matrix game per situation (the default).
    BySituation,
    /// The full history tree, every node solved afresh (tiny games only).
    Off,
}

/// What [`Search::visiting`] calls with each node's situation and value.
type Visit<'v> = &'v mut dyn FnMut(&Situation, &BigRational);

/// The history recursion, with its memo and counters.
pub struct Search<'v> {
    game: ScaledGame,
    memo: Memo,
    solved: HashMap<Situation, StageSolution>,
    finished: HashMap<Situation, BigRational>,
    visit: Option<Visit<'v>>,
    stage_games: usize,
    largest_kernel: usize,
}

impl<'v> Search<'v> {
    /// A search of `game` with nothing solved yet.
    #[must_use]
    pub fn new(game: ScaledGame, memo: Memo) -> Search<'v> {
        Search {
            game,
            memo,
            solved: HashMap::new(),
            finished: HashMap::new(),
            visit: None,
            stage_games: 0,
            largest_kernel: 0,
        }
    }

    /// Calls `visit(situation, value)` each time a node's value is computed
    /// (with the memo: once per situation; without: once per history).
    #[must_use]
    pub fn visiting(mut self, visit: Visit<'v>) -> Search<'v> {
        self.visit = Some(visit);
        self
    }

    /// Number of matrix games solved so far.
    #[must_use]
    pub fn stage_games(&self) -> usize {
        self.stage_games
    }

    /// The largest kernel (k of a k × k submatrix) any round needed so far.
    #[must_use]
    pub fn largest_kernel(&self) -> usize {
        self.largest_kernel
    }

    /// The value to A of the match after `history` (assumed legal; see
    /// [`check_history`]). `history` is extended and restored in place.
    pub fn value(&mut self, history: &mut Vec<(u64, u64)>) -> BigRational {
        let situation = Situation::after(history);
        if situation.played == self.game.rounds {
            if let Some(v) = self.finished.get(&situation) {
                return v.clone();
            }
            let v = whole(match_score(situation.won_a, situation.won_b));
            if self.memo == Memo::BySituation {
                self.finished.insert(situation, v.clone());
            }
            self.report(&situation, &v);
            return v;
        }
        self.round(history).value
    }

    /// The equilibrium of the round after `history` (not finished): its
    /// value and both players' optimal bets, one probability per legal bet
    /// in increasing order, as the rows and columns of [`Search::matrix`]
    /// (before the last round the index is the bet itself).
    ///
    /// # Panics
    /// If every round of `history` is already played.
    pub fn round(&mut self, history: &mut Vec<(u64, u64)>) -> StageSolution {
        let situation = Situation::after(history);
        assert!(situation.played < self.game.rounds, "the match is over");
        if let Some(solution) = self.solved.get(&situation) {
            return solution.clone();
        }
        let solution = solve_stage(&self.matrix(history));
        self.stage_games += 1;
        self.largest_kernel = self.largest_kernel.max(solution.kernel_size);
        if self.memo == Memo::BySituation {
            self.solved.insert(situation, solution.clone());
        }
        self.report(&situation, &solution.value);
        solution
    }

    /// The matrix game of the round after `history` (not finished): entry
    /// (x, y) is the value after A bets x and B bets y, for A's legal bets x
    /// (rows) and B's legal bets y (columns) in increasing order.
    pub fn matrix(&mut self, history: &mut Vec<(u64, u64)>) -> Vec<Vec<BigRational>> {
        let situation = Situation::after(history);
        let round = situation.played + 1;
        let mut matrix = Vec::new();
        for x in self.game.bets(round, situation.spent_a) {
            let mut row = Vec::new();
            for y in self.game.bets(round, situation.spent_b) {
                history.push((x, y));
                row.push(self.value(history));
                history.pop();
            }
            matrix.push(row);
        }
        matrix
    }

    fn report(&mut self, situation: &Situation, value: &BigRational) {
        if let Some(visit) = self.visit.as_mut() {
            visit(situation, value);
        }
    }

    /// The best score A can reach from `history` against B playing, in
    /// every later round, the optimal strategy this search computed for B
    /// ([`Search::round`]'s `strategy_b`). Maximises over all of A's bets
    /// and averages over B's; A's own equilibrium strategy and the values
    /// of the matrix games are not used, so a value of 0 at the start
    /// certifies that B's strategy holds every strategy of A to 0.
    pub fn best_response_of_a(&mut self, history: &mut Vec<(u64, u64)>) -> BigRational {
        let mut scores = HashMap::new();
        self.best_response_memo(history, &mut scores)
    }

    fn best_response_memo(
        &mut self,
        history: &mut Vec<(u64, u64)>,
        scores: &mut HashMap<Situation, BigRational>,
    ) -> BigRational {
        let situation = Situation::after(history);
        if situation.played == self.game.rounds {
            return whole(match_score(situation.won_a, situation.won_b));
        }
        if let Some(v) = scores.get(&situation) {
            return v.clone();
        }
        let round = situation.played + 1;
        let strategy_b = self.round(history).strategy_b;
        let mut best: Option<BigRational> = None;
        for x in self.game.bets(round, situation.spent_a) {
            let mut expected = BigRational::zero();
            for (y, p) in self.game.bets(round, situation.spent_b).zip(&strategy_b) {
                if p.is_zero() {
                    continue;
                }
                history.push((x, y));
                expected += p * self.best_response_memo(history, scores);
                history.pop();
            }
            best = match best {
                Some(b) if b >= expected => Some(b),
                _ => Some(expected),
            };
        }
        let best = best.expect("A has a legal bet");
        if self.memo == Memo::BySituation {
            scores.insert(situation, best.clone());
        }
        best
    }
}

/// The value to A of the start of `game` under optimal play by both
/// (+1 win, 0 draw, −1 loss, or the exact expectation between).
#[must_use]
pub fn value(game: ScaledGame) -> BigRational {
    Search::new(game, Memo::BySituation).value(&mut Vec::new())
}

/// The value to A of `game` after `history` has been played.
///
/// # Errors
/// [`HistoryError`] if `history` breaks the rules of `game`.
pub fn value_after(game: ScaledGame, history: &[(u64, u64)]) -> Result<BigRational, HistoryError> {
    check_history(game, history)?;
    Ok(Search::new(game, Memo::BySituation).value(&mut history.to_vec()))
}

/// The value of the start of `game`, calling `visit(situation, value)` at
/// every node whose value is computed (see [`Search::visiting`]), so that a
/// test can compare every value with another solver's.
pub fn value_visiting(
    game: ScaledGame,
    memo: Memo,
    visit: &mut dyn FnMut(&Situation, &BigRational),
) -> BigRational {
    Search::new(game, memo)
        .visiting(visit)
        .value(&mut Vec::new())
}

/// The first round's equilibrium of `game` (R ≥ 1): the value and one
/// optimal first bet distribution for each player.
///
/// # Panics
/// If `game` has no rounds.
#[must_use]
pub fn first_round(game: ScaledGame) -> StageSolution {
    Search::new(game, Memo::BySituation).round(&mut Vec::new())
}

/// The best score A can reach in `game` against B playing this module's
/// equilibrium strategy in every round ([`Search::best_response_of_a`]).
#[must_use]
pub fn best_response_to_equilibrium(game: ScaledGame) -> BigRational {
    Search::new(game, Memo::BySituation).best_response_of_a(&mut Vec::new())
}

/// The R = 2 game: every first bet of A that never loses whatever B bets,
/// with the B bets it only draws against (it beats all others). The second
/// bets are forced, so a first bet is a whole strategy; each pair of first
/// bets is played out over both rounds with [`round_gains`].
#[must_use]
pub fn two_round_safe_bets(total: u64) -> Vec<(u64, Vec<u64>)> {
    let mut safe = Vec::new();
    'bets: for x in 0..=total {
        let mut draws = Vec::new();
        for y in 0..=total {
            let s = Situation::after(&[(x, y), (total - x, total - y)]);
            match match_score(s.won_a, s.won_b) {
                -1 => continue 'bets,
                0 => draws.push(y),
                _ => {}
            }
        }
        safe.push((x, draws));
    }
    safe
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listing_4_replayed() {
        // always1000 (A) against minus1 (B), Listing 4: 3008 against 16992.
        let mut history = vec![(1000, 0)];
        history.extend([(1000, 999); 8]);
        history.push((1000, 2008));
        let game = ScaledGame {
            total: 10_000,
            rounds: 10,
        };
        assert_eq!(check_history(game, &history), Ok(()));
        let s = Situation::after(&history);
        assert_eq!((s.won_a, s.won_b), (3008, 16992));
        assert_eq!(match_score(s.won_a, s.won_b), -1);
    }

    #[test]
    fn illegal_histories_are_named() {
        let game = ScaledGame {
            total: 5,
            rounds: 2,
        };
        assert_eq!(
            check_history(game, &[(6, 0)]),
            Err(HistoryError::IllegalBet {
                round: 1,
                player: 'A',
                bet: 6,
                left: 5
            })
        );
        assert!(matches!(
            check_history(game, &[(2, 2), (3, 2)]),
            Err(HistoryError::IllegalBet {
                round: 2,
                player: 'B',
                ..
            })
        ));
        assert!(check_history(game, &[(2, 2), (3, 3), (0, 0)]).is_err());
    }

    #[test]
    fn one_round_is_a_draw() {
        for total in 0..4 {
            assert_eq!(value(ScaledGame { total, rounds: 1 }), whole(0));
        }
    }

    /// Every history's value, searched afresh, equals the memoised value of
    /// its situation, and the memo sees every situation the histories reach.
    #[test]
    fn memo_changes_nothing_on_tiny_games() {
        for (total, rounds) in [(2, 2), (3, 3), (2, 4), (3, 4), (4, 3)] {
            let game = ScaledGame { total, rounds };
            let mut memoised = HashMap::new();
            value_visiting(game, Memo::BySituation, &mut |s, v| {
                assert!(
                    memoised.insert(*s, v.clone()).is_none(),
                    "{s:?} solved twice"
                );
            });
            let mut histories = HashMap::new();
            value_visiting(game, Memo::Off, &mut |s, v| {
                assert_eq!(memoised.get(s), Some(v), "{game}: {s:?}");
                histories.insert(*s, v.clone());
            });
            assert_eq!(histories, memoised, "{game}");
        }
    }
}
