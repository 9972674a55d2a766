//! Rules of the 10,000-yen game (document 000, §2), generalised to `total`
//! yen over `rounds` rounds: bets, settlement, the match result, and the
//! compressed [`State`] between rounds that the exact solvers work on.

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

/// Parameters of a match: each player's starting money and the number of
/// rounds. Document 000 §2 uses 10,000 yen and 10 rounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Money each player starts with and must bet in full (T).
    pub total: u64,
    /// Number of rounds (R ≥ 1).
    pub rounds: u32,
}

impl Default for Rules {
    /// The document's game: 10,000 yen over 10 rounds.
    fn default() -> Rules {
        Rules {
            total: 10_000,
            rounds: 10,
        }
    }
}

/// Why a bet is not allowed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BetError {
    /// The bet exceeds the money the player has left.
    OverRemaining {
        /// The bet.
        bet: u64,
        /// Money left before the bet.
        remaining: u64,
    },
    /// In the last round the bet must be exactly the money left (bets sum to T).
    LastBetNotRemainder {
        /// The bet.
        bet: u64,
        /// Money left before the bet.
        remaining: u64,
    },
}

impl fmt::Display for BetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BetError::OverRemaining { bet, remaining } => {
                write!(f, "bet {bet} exceeds the {remaining} yen left")
            }
            BetError::LastBetNotRemainder { bet, remaining } => {
                write!(f, "last bet {bet} is not the remaining {remaining} yen")
            }
        }
    }
}

impl std::error::Error for BetError {}

impl Rules {
    /// Checks a bet of `bet` with `remaining` money left in round `round`
    /// (1-based). Bets are unsigned, so "≥ 0" holds by type; a negative
    /// number is a parse error of whoever reads it.
    ///
    /// # Errors
    /// [`BetError`] when the bet exceeds the money left, or the last bet is
    /// not the whole remainder (§2: Σ a_i = 10000).
    pub fn check_bet(&self, round: u32, remaining: u64, bet: u64) -> Result<(), BetError> {
        if bet > remaining {
            return Err(BetError::OverRemaining { bet, remaining });
        }
        if round == self.rounds && bet != remaining {
            return Err(BetError::LastBetNotRemainder { bet, remaining });
        }
        Ok(())
    }
}

/// What each player receives from one round (§2): the lower bet takes both
/// bets; equal bets are returned to their owners.
///
/// # Examples
/// ```
/// use solved_games_reference::games::yen::rules::settle;
/// assert_eq!(settle(1000, 999), (0, 1999)); // B's lower bet takes both
/// assert_eq!(settle(500, 500), (500, 500));
/// ```
#[must_use]
pub fn settle(bet_a: u64, bet_b: u64) -> (u64, u64) {
    match bet_a.cmp(&bet_b) {
        Ordering::Less => (bet_a + bet_b, 0),
        Ordering::Greater => (0, bet_a + bet_b),
        Ordering::Equal => (bet_a, bet_b),
    }
}

/// The result of a match from A's side: more money wins (§2, "1 円でも多い方が").
#[must_use]
pub fn match_result(money_a: u64, money_b: u64) -> Ordering {
    money_a.cmp(&money_b)
}

/// One round as it was played: both bets, each player's money taken from
/// the table so far (the running totals of Listing 4), and each player's
/// bets so far, so that the money a player has left is read off the last
/// round instead of summed over the history (a match costs O(R), not
/// O(R²): SPEC.md, "The 10,000-yen game", long matches).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Round {
    /// A's bet.
    pub bet_a: u64,
    /// B's bet.
    pub bet_b: u64,
    /// A's money after this round (sum of what A received so far).
    pub money_a: u64,
    /// B's money after this round.
    pub money_b: u64,
    /// A's bets up to and including this round.
    pub spent_a: u64,
    /// B's bets up to and including this round.
    pub spent_b: u64,
}

/// The rounds of one match, in order, with the running totals kept.
///
/// # Examples
/// Listing 4's match, always1000 against minus1:
/// ```
/// use solved_games_reference::games::yen::rules::Rounds;
/// let mut rounds = Rounds::default();
/// rounds.push(1000, 0);
/// for _ in 2..=9 { rounds.push(1000, 999); }
/// rounds.push(1000, 2008);
/// assert_eq!(rounds.money(), (3008, 16992));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Rounds {
    rounds: Vec<Round>,
}

impl Rounds {
    /// Settles one more round and records it; bets are assumed checked.
    pub fn push(&mut self, bet_a: u64, bet_b: u64) {
        let (money_a, money_b) = self.money();
        let (spent_a, spent_b) = self
            .rounds
            .last()
            .map_or((0, 0), |r| (r.spent_a, r.spent_b));
        let (gain_a, gain_b) = settle(bet_a, bet_b);
        self.rounds.push(Round {
            bet_a,
            bet_b,
            money_a: money_a + gain_a,
            money_b: money_b + gain_b,
            spent_a: spent_a + bet_a,
            spent_b: spent_b + bet_b,
        });
    }

    /// Each player's money so far: (A, B).
    #[must_use]
    pub fn money(&self) -> (u64, u64) {
        self.rounds
            .last()
            .map_or((0, 0), |r| (r.money_a, r.money_b))
    }

    /// The rounds played, first to last.
    #[must_use]
    pub fn as_slice(&self) -> &[Round] {
        &self.rounds
    }

    /// Number of rounds played.
    #[must_use]
    pub fn len(&self) -> usize {
        self.rounds.len()
    }

    /// Whether no round has been played.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.rounds.is_empty()
    }

    /// Forgets every round, keeping the allocation (one per series, not per match).
    pub fn clear(&mut self) {
        self.rounds.clear();
    }
}

/// A position between rounds: what the rest of the match depends on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct State {
    /// Rounds still to play (0 when the match is over).
    pub rounds_left: u32,
    /// A's money not yet bet.
    pub money_a: u64,
    /// B's money not yet bet.
    pub money_b: u64,
    /// A's winnings so far minus B's (money collected from settled rounds).
    pub gain_diff: i64,
}

impl State {
    /// The start of a match under `rules`.
    #[must_use]
    pub fn start(rules: Rules) -> State {
        State {
            rounds_left: rules.rounds,
            money_a: rules.total,
            money_b: rules.total,
            gain_diff: 0,
        }
    }

    /// The state after A bets `bet_a` and B bets `bet_b` (§2: the lower bet
    /// takes both, equal bets are returned).
    ///
    /// # Panics
    /// If a bet exceeds its player's money or no round is left (callers
    /// enumerate legal bets only).
    #[must_use]
    pub fn after(self, bet_a: u64, bet_b: u64) -> State {
        assert!(self.rounds_left > 0 && bet_a <= self.money_a && bet_b <= self.money_b);
        let (gain_a, gain_b) = settle(bet_a, bet_b);
        State {
            rounds_left: self.rounds_left - 1,
            money_a: self.money_a - bet_a,
            money_b: self.money_b - bet_b,
            gain_diff: self.gain_diff + gain_a as i64 - gain_b as i64,
        }
    }

    /// The bets a player holding `money` may make now: anything up to the
    /// money in rounds before the last, exactly the remainder in the last.
    #[must_use]
    pub fn bets(self, money: u64) -> std::ops::RangeInclusive<u64> {
        if self.rounds_left == 1 {
            money..=money
        } else {
            0..=money
        }
    }

    /// The same position with the players' names swapped.
    #[must_use]
    pub fn swapped(self) -> State {
        State {
            rounds_left: self.rounds_left,
            money_a: self.money_b,
            money_b: self.money_a,
            gain_diff: -self.gain_diff,
        }
    }

    /// The value when no choice is left to make or none can change the
    /// outcome: the match is over; or A's lead exceeds all the money still to
    /// be bet (every round moves the difference by at most the two bets, so
    /// it cannot change sign); or a player has no money left, so every yen
    /// the other still bets goes to that player (bet 0 against a positive
    /// bet takes it, equal zero bets change nothing); or one round is left
    /// and both bets are forced; or the leader's lead is at least twice the
    /// leader's own money left (the trailing player gains only in rounds it
    /// bets lower, each such round moves the difference by x + y ≤ 2x − 1
    /// where x is the leader's bet, and the leader's bets sum to its money:
    /// the difference ends ≥ d − 2a + 1 > 0 if the trailer wins a round at
    /// all, and ≥ d otherwise).
    #[must_use]
    pub fn decided(self) -> Option<i64> {
        let sign = |d: i64| d.signum();
        let stake = (self.money_a + self.money_b) as i64;
        let d = self.gain_diff;
        let safe_lead =
            (d > 0 && d >= 2 * self.money_a as i64) || (d < 0 && -d >= 2 * self.money_b as i64);
        if self.rounds_left == 0 || d.abs() > stake || safe_lead {
            Some(sign(self.gain_diff))
        } else if self.money_a == 0 {
            Some(sign(self.gain_diff + self.money_b as i64))
        } else if self.money_b == 0 {
            Some(sign(self.gain_diff - self.money_a as i64))
        } else if self.rounds_left == 1 {
            Some(sign(self.after(self.money_a, self.money_b).gain_diff))
        } else {
            None
        }
    }

    /// Whether this position can arise in a match under `rules`: money and
    /// rounds within range, nothing bet before round 1, nothing left after
    /// the last, and a gain difference the money already bet can produce
    /// (|d| ≤ money bet, and d ≡ money bet mod 2 since gains sum to it).
    ///
    /// # Errors
    /// The first [`InvalidState`] found, in the order of its variants.
    pub fn check(self, rules: Rules) -> Result<(), InvalidState> {
        let t = rules.total;
        if self.rounds_left > rules.rounds {
            return Err(InvalidState::TooManyRoundsLeft {
                rounds_left: self.rounds_left,
                rounds: rules.rounds,
            });
        }
        if self.money_a > t || self.money_b > t {
            return Err(InvalidState::MoneyOverTotal {
                money_a: self.money_a,
                money_b: self.money_b,
                total: t,
            });
        }
        if self.rounds_left == rules.rounds && (self.money_a != t || self.money_b != t) {
            return Err(InvalidState::BetBeforeRoundOne {
                money_a: self.money_a,
                money_b: self.money_b,
                total: t,
            });
        }
        if self.rounds_left == 0 && (self.money_a != 0 || self.money_b != 0) {
            return Err(InvalidState::MoneyAfterLastRound {
                money_a: self.money_a,
                money_b: self.money_b,
            });
        }
        // Checked arithmetic throughout: |i64::MIN| and a total near
        // u64::MAX overflow the plain forms (`gain_diff.abs()` wrapped and
        // accepted d = i64::MIN). Money ≤ T, so 2T − a − b ≥ 0.
        let bet = 2 * u128::from(t) - u128::from(self.money_a) - u128::from(self.money_b);
        let magnitude = u128::from(self.gain_diff.unsigned_abs());
        if magnitude > bet || magnitude % 2 != bet % 2 {
            return Err(InvalidState::ImpossibleGainDiff {
                gain_diff: self.gain_diff,
                bet: i64::try_from(bet).unwrap_or(i64::MAX),
            });
        }
        Ok(())
    }
}

/// Why a well-written state cannot arise in a match under given rules
/// ([`State::check`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InvalidState {
    /// More rounds left than the match has.
    TooManyRoundsLeft {
        /// Rounds left in the state.
        rounds_left: u32,
        /// Rounds in the match.
        rounds: u32,
    },
    /// A player holds more than the total.
    MoneyOverTotal {
        /// A's money left.
        money_a: u64,
        /// B's money left.
        money_b: u64,
        /// The money each player starts with.
        total: u64,
    },
    /// Before round 1 a player holds less than the total.
    BetBeforeRoundOne {
        /// A's money left.
        money_a: u64,
        /// B's money left.
        money_b: u64,
        /// The money each player starts with.
        total: u64,
    },
    /// After the last round a player still holds money (§1: everything is
    /// bet by the end).
    MoneyAfterLastRound {
        /// A's money left.
        money_a: u64,
        /// B's money left.
        money_b: u64,
    },
    /// |d| exceeds the money bet, or d and the money bet differ in parity.
    ImpossibleGainDiff {
        /// A's winnings minus B's.
        gain_diff: i64,
        /// Money bet so far by both players.
        bet: i64,
    },
}

impl fmt::Display for InvalidState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            InvalidState::TooManyRoundsLeft {
                rounds_left,
                rounds,
            } => write!(
                f,
                "{rounds_left} rounds left but the match has only {rounds}"
            ),
            InvalidState::MoneyOverTotal { total, .. } => {
                write!(f, "money left exceeds the total {total}")
            }
            InvalidState::BetBeforeRoundOne { .. } => {
                f.write_str("before round 1 both players hold the total")
            }
            InvalidState::MoneyAfterLastRound { .. } => {
                f.write_str("after the last round no money is left to bet")
            }
            InvalidState::ImpossibleGainDiff { gain_diff, bet } => write!(
                f,
                "gain difference {gain_diff} is impossible when {bet} yen have been bet"
            ),
        }
    }
}

impl std::error::Error for InvalidState {}

/// One of the four numbers of a written [`State`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StateField {
    /// ROUNDS_LEFT.
    RoundsLeft,
    /// MONEY_A.
    MoneyA,
    /// MONEY_B.
    MoneyB,
    /// GAIN_DIFF.
    GainDiff,
}

impl fmt::Display for StateField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StateField::RoundsLeft => "rounds left",
            StateField::MoneyA => "A's money",
            StateField::MoneyB => "B's money",
            StateField::GainDiff => "gain difference",
        })
    }
}

/// Why a text is not a state `ROUNDS_LEFT,MONEY_A,MONEY_B,GAIN_DIFF`
/// ([`State`]'s `FromStr`; whether the state can arise is [`State::check`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseStateError {
    /// Not four comma-separated fields.
    FieldCount {
        /// The text given.
        text: String,
        /// How many fields it has.
        fields: usize,
    },
    /// A field that is not a number of its type (rounds and money are
    /// non-negative).
    NotANumber {
        /// The text given.
        text: String,
        /// Which field.
        field: StateField,
    },
}

impl fmt::Display for ParseStateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseStateError::FieldCount { text, .. } => write!(
                f,
                "state {text:?} is not ROUNDS_LEFT,MONEY_A,MONEY_B,GAIN_DIFF"
            ),
            ParseStateError::NotANumber { text, field } => {
                write!(f, "state {text:?}: {field} is not a number in range")
            }
        }
    }
}

impl std::error::Error for ParseStateError {}

impl fmt::Display for State {
    /// `rounds_left,money_a,money_b,gain_diff`, the form `--state` reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{},{},{},{}",
            self.rounds_left, self.money_a, self.money_b, self.gain_diff
        )
    }
}

impl FromStr for State {
    type Err = ParseStateError;

    fn from_str(s: &str) -> Result<State, ParseStateError> {
        let parts: Vec<&str> = s.split(',').map(str::trim).collect();
        if parts.len() != 4 {
            return Err(ParseStateError::FieldCount {
                text: s.to_string(),
                fields: parts.len(),
            });
        }
        let bad = |field| ParseStateError::NotANumber {
            text: s.to_string(),
            field,
        };
        Ok(State {
            rounds_left: parts[0].parse().map_err(|_| bad(StateField::RoundsLeft))?,
            money_a: parts[1].parse().map_err(|_| bad(StateField::MoneyA))?,
            money_b: parts[2].parse().map_err(|_| bad(StateField::MoneyB))?,
            gain_diff: parts[3].parse().map_err(|_| bad(StateField::GainDiff))?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `gain_diff.abs()` once wrapped at i64::MIN and `State::check`
    /// accepted a player 9.2·10¹⁸ behind. The extremes of i64 and u64, in
    /// every field and at a total near u64::MAX, are refused or accepted by
    /// the rule |d| ≤ money bet, d ≡ money bet (mod 2), never by overflow.
    #[test]
    fn the_integer_extremes_are_checked_without_overflow() {
        let rules = Rules {
            total: 10,
            rounds: 10,
        };
        for d in [i64::MIN, i64::MIN + 1, i64::MIN + 2, i64::MAX, i64::MAX - 1] {
            let s = State {
                rounds_left: 1,
                money_a: 10,
                money_b: 0,
                gain_diff: d,
            };
            assert!(
                matches!(s.check(rules), Err(InvalidState::ImpossibleGainDiff { .. })),
                "{s} accepted"
            );
        }
        let parsed: State = "1,10,0,-9223372036854775808".parse().unwrap();
        assert!(parsed.check(rules).is_err());
        // At a total near u64::MAX, 2T overflows u64: the bet is still exact.
        let huge = Rules {
            total: u64::MAX,
            rounds: 3,
        };
        let s = State {
            rounds_left: 2,
            money_a: 0,
            money_b: 0,
            gain_diff: i64::MIN,
        };
        assert_eq!(s.check(huge), Ok(()), "|d| = 2^63 ≤ 2T and even");
        let s = State {
            rounds_left: 2,
            money_a: u64::MAX,
            money_b: u64::MAX - 1,
            gain_diff: 1,
        };
        assert_eq!(s.check(huge), Ok(()));
        let s = State {
            rounds_left: 2,
            money_a: u64::MAX,
            money_b: u64::MAX,
            gain_diff: i64::MIN,
        };
        assert!(matches!(
            s.check(huge),
            Err(InvalidState::ImpossibleGainDiff { bet: 0, .. })
        ));
    }
}
