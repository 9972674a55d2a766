//! Rules of the 10,000-yen game (document 000, §2), generalised to `total`
//! yen over `rounds` rounds.

use std::cmp::Ordering;
use std::fmt;

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
/// use solved_games::games::yen::rules::settle;
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

/// One round as it was played: both bets and each player's money taken
/// from the table so far (the running totals of Listing 4).
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
}

/// The rounds of one match, in order, with the running totals kept.
///
/// # Examples
/// Listing 4's match, always1000 against minus1:
/// ```
/// use solved_games::games::yen::rules::Rounds;
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
        let (gain_a, gain_b) = settle(bet_a, bet_b);
        self.rounds.push(Round {
            bet_a,
            bet_b,
            money_a: money_a + gain_a,
            money_b: money_b + gain_b,
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
