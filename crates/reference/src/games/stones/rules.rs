//! The five games of document 001 and their inputs.

use std::fmt;

use crate::core::Outcome;

/// Which of the article's games is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Game {
    /// Game 1 (両端から取るゲーム(1)): take either end, score the stone.
    EitherEnd,
    /// Game 2 (両端から取るゲーム(2)): take either end, score the sum of
    /// the stones that remain.
    EitherEndRemainder,
    /// Game 3 (端から順に取るゲーム(1)): take 1, 2 or 3 from the front.
    FrontUpToThree,
    /// Game 4 (端から順に取るゲーム(2)): take 1 ≤ X ≤ 2M from the front.
    FrontDoubling,
    /// Game 5 (石の価値が違う場合のゲーム): take any stone, values differ.
    AnyStoneTwoValues,
}

impl Game {
    /// Every game, in article order.
    pub const ALL: [Game; 5] = [
        Game::EitherEnd,
        Game::EitherEndRemainder,
        Game::FrontUpToThree,
        Game::FrontDoubling,
        Game::AnyStoneTwoValues,
    ];

    /// The article's number, 1..=5.
    #[must_use]
    pub fn number(self) -> u8 {
        match self {
            Game::EitherEnd => 1,
            Game::EitherEndRemainder => 2,
            Game::FrontUpToThree => 3,
            Game::FrontDoubling => 4,
            Game::AnyStoneTwoValues => 5,
        }
    }

    /// The game with article number `n`.
    #[must_use]
    pub fn from_number(n: u8) -> Option<Game> {
        Game::ALL.into_iter().find(|g| g.number() == n)
    }
}

/// The row of stones: A's value of each and, in Game 5, B's.
///
/// Values are `i64`; construction rejects lists whose sums could overflow,
/// so no solver needs overflow checks (the largest score any game can give
/// is below n · Σ|v|, checked here).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stones {
    values_a: Vec<i64>,
    values_b: Vec<i64>,
}

/// Why a list of stones is not playable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StonesError {
    /// No stones at all.
    Empty,
    /// A's and B's value lists differ in length (Game 5).
    LengthMismatch {
        /// Stones in A's list.
        a: usize,
        /// Stones in B's list.
        b: usize,
    },
    /// Scores could exceed the 64-bit range.
    Overflow,
}

impl fmt::Display for StonesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StonesError::Empty => f.write_str("no stones: give at least one value"),
            StonesError::LengthMismatch { a, b } => write!(
                f,
                "A's values cover {a} stones but B's cover {b}; give both players' values of the same stones"
            ),
            StonesError::Overflow => {
                f.write_str("the stone values are too large: scores would overflow 64-bit integers")
            }
        }
    }
}

impl std::error::Error for StonesError {}

/// Why a solver refuses a valid row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SolveError {
    /// The row is longer than the solver handles: the naive searches grow
    /// exponentially, the tables of Games 2 and 4 with n², the memoised
    /// listings recurse n deep.
    TooManyStones {
        /// The solver that refuses: "naive", "optimized", or a listing's name.
        solver: &'static str,
        /// The game asked for.
        game: Game,
        /// Stones in the row.
        stones: usize,
        /// The most this solver takes for this game.
        limit: usize,
    },
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::TooManyStones {
                solver,
                game,
                stones,
                limit,
            } => write!(
                f,
                "{stones} stones are too many for the {solver} solver of game {} (at most {limit})",
                game.number()
            ),
        }
    }
}

impl std::error::Error for SolveError {}

impl SolveError {
    /// Refuses rows of `stones` longer than `limit`.
    pub(crate) fn check(
        solver: &'static str,
        game: Game,
        stones: &Stones,
        limit: usize,
    ) -> Result<(), SolveError> {
        if stones.len() > limit {
            return Err(SolveError::TooManyStones {
                solver,
                game,
                stones: stones.len(),
                limit,
            });
        }
        Ok(())
    }
}

impl Stones {
    /// Stones valued the same by both players (Games 1–4).
    ///
    /// # Errors
    /// [`StonesError::Empty`] or [`StonesError::Overflow`].
    pub fn one_valued(values: Vec<i64>) -> Result<Stones, StonesError> {
        Stones::two_valued(values.clone(), values)
    }

    /// Stones with A's and B's values (Game 5, §Game 5 "Aから見た石の価値は
    /// 順に5,2,3,1,4であり,Bから見た石の価値は順に1,5,3,4,2").
    ///
    /// # Errors
    /// [`StonesError`] for empty lists, different lengths, overflow.
    pub fn two_valued(values_a: Vec<i64>, values_b: Vec<i64>) -> Result<Stones, StonesError> {
        if values_a.is_empty() {
            return Err(StonesError::Empty);
        }
        if values_a.len() != values_b.len() {
            return Err(StonesError::LengthMismatch {
                a: values_a.len(),
                b: values_b.len(),
            });
        }
        // Game 2 scores a remainder sum per move, so a player's total is at
        // most n · Σ|v|; both players' together must fit too.
        let n = i128::try_from(values_a.len()).map_err(|_| StonesError::Overflow)?;
        let abs: i128 = values_a
            .iter()
            .chain(&values_b)
            .map(|&v| i128::from(v).abs())
            .sum();
        if abs.checked_mul(n).map_or(true, |x| {
            x.checked_mul(2).map_or(true, |y| y > i128::from(i64::MAX))
        }) {
            return Err(StonesError::Overflow);
        }
        Ok(Stones { values_a, values_b })
    }

    /// Number of stones.
    #[must_use]
    pub fn len(&self) -> usize {
        self.values_a.len()
    }

    /// Always false: construction rejects an empty row.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.values_a.is_empty()
    }

    /// A's value of each stone (the only values in Games 1–4).
    #[must_use]
    pub fn values_a(&self) -> &[i64] {
        &self.values_a
    }

    /// B's value of each stone.
    #[must_use]
    pub fn values_b(&self) -> &[i64] {
        &self.values_b
    }
}

/// A solved game: the value and the scores along one optimal line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameResult {
    /// The game.
    pub game: Game,
    /// A's score minus B's under optimal play: the game's value.
    pub diff: i64,
    /// A's score along the solver's optimal line.
    pub first: i64,
    /// B's score along the solver's optimal line.
    pub second: i64,
}

impl GameResult {
    /// Who wins (printed "first", "second" or "draw").
    #[must_use]
    pub fn winner(&self) -> Outcome {
        Outcome::from_lead(self.diff)
    }
}
