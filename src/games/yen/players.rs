//! Built-in players of the 10,000-yen game (document 000 §3, Listings 1–3)
//! and the crate's own strong player.
//!
//! A built-in [`Strategy`] sees what §2 says a player may use — every
//! earlier bet of the match — and, through [`Strategy::match_over`], the
//! history of the series (「この連続対戦中に過去の対戦履歴を利用することができ」).
//! Built-in players never break a rule: every bet they return is legal.

use super::rules::{Round, Rules};
use crate::core::Player;

/// What a player sees when it bets: the rules, which side it plays and
/// the rounds of this match played so far.
#[derive(Debug, Clone, Copy)]
pub struct View<'a> {
    /// Money and number of rounds.
    pub rules: Rules,
    /// The side this player plays (A = [`Player::First`]).
    pub side: Player,
    /// Rounds already played in this match.
    pub rounds: &'a [Round],
}

impl View<'_> {
    /// The round about to be played, 1-based.
    #[must_use]
    pub fn round(&self) -> u32 {
        self.rounds.len() as u32 + 1
    }

    /// Whether this is the last round (the bet must be the remainder).
    #[must_use]
    pub fn is_last(&self) -> bool {
        self.round() == self.rules.rounds
    }

    /// This player's bet in an earlier round (index 0 = round 1).
    #[must_use]
    pub fn mine(&self, index: usize) -> u64 {
        bet_of(&self.rounds[index], self.side)
    }

    /// The opponent's bet in an earlier round (index 0 = round 1).
    #[must_use]
    pub fn theirs(&self, index: usize) -> u64 {
        bet_of(&self.rounds[index], self.side.opponent())
    }

    /// Money this player has not bet yet.
    #[must_use]
    pub fn remaining(&self) -> u64 {
        let spent: u64 = (0..self.rounds.len()).map(|i| self.mine(i)).sum();
        self.rules.total - spent
    }

    /// Money the opponent has not bet yet.
    #[must_use]
    pub fn their_remaining(&self) -> u64 {
        let spent: u64 = (0..self.rounds.len()).map(|i| self.theirs(i)).sum();
        self.rules.total - spent
    }
}

/// `side`'s bet in `round`.
#[must_use]
pub fn bet_of(round: &Round, side: Player) -> u64 {
    match side {
        Player::First => round.bet_a,
        Player::Second => round.bet_b,
    }
}

/// A built-in betting strategy.
pub trait Strategy {
    /// The bet for the round `view.round()`. Must be legal:
    /// at most `view.remaining()`, and exactly that in the last round.
    fn bet(&mut self, view: &View<'_>) -> u64;

    /// Called once after each match with all its rounds, so a strategy can
    /// learn from the series. The default forgets.
    fn match_over(&mut self, _side: Player, _rounds: &[Round]) {}
}

/// `always1000` (Listing 1): the same bet every round, T/R — 1000 in the
/// document's game. Where R does not divide T the last bet takes the rest
/// (Σ bets = T, §2).
#[derive(Debug, Clone, Copy, Default)]
pub struct Always1000;

impl Strategy for Always1000 {
    fn bet(&mut self, view: &View<'_>) -> u64 {
        if view.is_last() {
            view.remaining()
        } else {
            (view.rules.total / u64::from(view.rules.rounds)).min(view.remaining())
        }
    }
}

/// `minus1` (Listing 2): 0 in round 1, then the opponent's previous bet
/// minus one (floored at 0), the remainder in the last round.
///
/// Listing 2 never looks at its own money; against an opponent that bets
/// big late it would bet more than it has left. Here the bet is also capped
/// at the money left, so the built-in player is always legal (SPEC.md).
#[derive(Debug, Clone, Copy, Default)]
pub struct Minus1;

impl Strategy for Minus1 {
    fn bet(&mut self, view: &View<'_>) -> u64 {
        let remaining = view.remaining();
        if view.is_last() {
            return remaining;
        }
        match view.rounds.len() {
            0 => 0,
            n => view.theirs(n - 1).saturating_sub(1).min(remaining),
        }
    }
}

/// `random` (Listing 3): uniform on 0..=remaining−1 in rounds 1..R−1 and the
/// remainder last (Listing 3's `random()%remain`). With nothing left it bets
/// 0, where Listing 3 would divide by zero (cannot happen from T ≥ 1: the
/// draw never takes the last yen before round R).
#[derive(Debug, Clone)]
pub struct Random {
    rng: fastrand::Rng,
}

impl Random {
    /// A player whose bets are fixed by `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Random {
        Random {
            rng: fastrand::Rng::with_seed(seed),
        }
    }
}

impl Strategy for Random {
    fn bet(&mut self, view: &View<'_>) -> u64 {
        let remaining = view.remaining();
        if view.is_last() || remaining == 0 {
            remaining
        } else {
            self.rng.u64(0..remaining)
        }
    }
}
