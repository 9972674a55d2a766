//! Built-in players of the 10,000-yen game (document 000 §3, Listings 1–3)
//! and the crate's own strong player.
//!
//! A built-in [`Strategy`] sees what §2 says a player may use — every
//! earlier bet of the match — and, through [`Strategy::match_over`], the
//! history of the series (「この連続対戦中に過去の対戦履歴を利用することができ」).
//! Built-in players never break a rule: every bet they return is legal.

use super::super::rules::{Round, Rules};
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

    /// Money this player has not bet yet: O(1), read off the last round's
    /// running total ([`Round::spent_a`]).
    #[must_use]
    pub fn remaining(&self) -> u64 {
        self.rules.total - self.spent(self.side)
    }

    /// Money the opponent has not bet yet: O(1), as [`View::remaining`].
    #[must_use]
    pub fn their_remaining(&self) -> u64 {
        self.rules.total - self.spent(self.side.opponent())
    }

    /// What `side` has bet so far.
    fn spent(&self, side: Player) -> u64 {
        self.rounds.last().map_or(0, |r| match side {
            Player::First => r.spent_a,
            Player::Second => r.spent_b,
        })
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
/// Listing 2 never looks at its own money, and never needs to: its bets in
/// rounds 2..=j are each one under the opponent's bet of the round before
/// (or 0), so they sum to at most the opponent's bets in rounds 1..j−1,
/// which a legal opponent keeps within T. Its money left before any round
/// is therefore at least what it bets, and its last bet `10000-sum` is
/// never negative. The `min` with the money left below is a guard that
/// never binds (`tests/yen_equilibrium.rs` checks it on random opponents).
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

/// One fixed plan of [`Hunter`]'s repertoire.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Plan {
    /// The same share every round (always1000's plan).
    Even,
    /// 0, then a dump of T/R in round 2, then 2 less than its own previous
    /// bet: beats any player that undercuts the previous bet by one, and
    /// wins cheap rounds against a flat bettor.
    Staircase,
    /// The opponent's bet in the same round of the previous match, minus one.
    UndercutLast,
    /// The opponent's mean bet in this round over the series, minus one
    /// (the document's §4 suggestion, 「ラウンドごとの平均」).
    UndercutMean,
    /// Half the money in round 1, the rest spread evenly (§4's first student
    /// strategy, which gives up round 1 to win the cheap rounds after it).
    FrontLoad,
    /// 1/200 of the money left each round, everything in the last: wins
    /// every round in which the opponent bets more than a trickle, and gives
    /// away only the last round. Against a player that spends fast and keeps
    /// little for the end (`random` keeps about T/2^(R−1)) it wins ~98%.
    Trickle,
}

impl Plan {
    const ALL: [Plan; 6] = [
        Plan::Staircase,
        Plan::UndercutLast,
        Plan::Even,
        Plan::UndercutMean,
        Plan::FrontLoad,
        Plan::Trickle,
    ];
}

/// `hunter`, the crate's own strong player: a repertoire of six fixed
/// plans and a bandit that picks, before each match, the plan with the best
/// record against this opponent so far (UCB1 on match points: win 1, draw
/// ½, loss 0). It tries every plan once, then exploits the best one while
/// re-checking the others at a rate that falls like √(log n / n), so it
/// follows an opponent that adapts.
///
/// Against a deterministic opponent one of the plans usually wins every
/// match (staircase against minus1 and always1000), and the bandit finds it
/// after a few matches; against `random` it settles on trickle (about 98%).
#[derive(Debug, Clone, Default)]
pub struct Hunter {
    /// Matches played and points won with each plan.
    record: [(u64, f64); Plan::ALL.len()],
    /// The plan of the current match.
    current: usize,
    /// Matches finished.
    matches: u64,
    /// The opponent's bets in the previous match.
    last: Vec<u64>,
    /// Sum of the opponent's bets per round over the series.
    sums: Vec<u64>,
}

impl Hunter {
    /// A fresh hunter that knows nothing of its opponent.
    #[must_use]
    pub fn new() -> Hunter {
        Hunter::default()
    }

    /// UCB1 choice of the next plan; untried plans first, in order.
    fn choose(&self) -> usize {
        if let Some(untried) = self.record.iter().position(|&(n, _)| n == 0) {
            return untried;
        }
        let total = self.matches.max(1) as f64;
        // UCB1 with its exploration term scaled by 1/4: match points are
        // far from a coin toss for most plans, and every exploring match is
        // a likely loss (measured: ×1/4 loses least against the built-ins).
        let score = |&(n, points): &(u64, f64)| {
            let n = n as f64;
            points / n + (2.0 * total.ln() / n).sqrt() * 0.25
        };
        (0..self.record.len())
            .max_by(|&x, &y| score(&self.record[x]).total_cmp(&score(&self.record[y])))
            .unwrap_or(0)
    }

    /// The bet the current plan asks for, before the cap at the money left.
    fn wish(&self, view: &View<'_>) -> u64 {
        let rules = view.rules;
        let index = view.rounds.len();
        let share = rules.total / u64::from(rules.rounds);
        let undercut = |x: u64| x.saturating_sub(1);
        match Plan::ALL[self.current] {
            Plan::Even => share,
            Plan::Staircase => match index {
                0 => 0,
                1 => share,
                _ => view.mine(index - 1).saturating_sub(2),
            },
            Plan::UndercutLast => match self.last.get(index) {
                Some(&b) => undercut(b),
                None => share,
            },
            Plan::UndercutMean => match self.sums.get(index) {
                Some(&sum) if self.matches > 0 => undercut(sum / self.matches),
                _ => share,
            },
            Plan::Trickle => view.remaining() / 200,
            Plan::FrontLoad => {
                if index == 0 {
                    rules.total / 2
                } else {
                    let left = u64::from(rules.rounds) - index as u64;
                    view.remaining() / left
                }
            }
        }
    }
}

impl Strategy for Hunter {
    fn bet(&mut self, view: &View<'_>) -> u64 {
        if view.rounds.is_empty() {
            self.current = self.choose();
        }
        let remaining = view.remaining();
        if view.is_last() {
            remaining
        } else {
            self.wish(view).min(remaining)
        }
    }

    fn match_over(&mut self, side: Player, rounds: &[Round]) {
        let (mine, theirs) = rounds.last().map_or((0, 0), |r| match side {
            Player::First => (r.money_a, r.money_b),
            Player::Second => (r.money_b, r.money_a),
        });
        let points = match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        };
        let entry = &mut self.record[self.current];
        entry.0 += 1;
        entry.1 += points;
        self.matches += 1;
        self.last = rounds.iter().map(|r| bet_of(r, side.opponent())).collect();
        if self.sums.len() < self.last.len() {
            self.sums.resize(self.last.len(), 0);
        }
        for (sum, bet) in self.sums.iter_mut().zip(&self.last) {
            *sum += bet;
        }
    }
}
