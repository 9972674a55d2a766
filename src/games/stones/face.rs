//! The stone games behind the common face ([`Face`]): a game number and a
//! row of stones, answered by A's score minus B's under optimal play.

use super::{naive, optimized, Game, Stones, StonesError};
use crate::core::{Outcome, Player};
use crate::games::{Game as Face, Reach, SolveError, Solver};
use std::fmt;
use std::str::FromStr;

/// The five stone-taking games of document 001.
#[derive(Debug, Clone, Copy)]
pub struct StoneGames;

/// One question of document 001: which game, on which row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoneRow {
    /// The article's game.
    pub game: Game,
    /// The row (B's values differ from A's only in Game 5).
    pub stones: Stones,
}

/// Written `<game>: <A's values>` (`1: 1,100,2,3`), and in Game 5
/// `5: <A's values> / <B's values>` (`5: 5,2,3,1,4 / 1,5,3,4,2`).
impl fmt::Display for StoneRow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |values: &[i64]| {
            values
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(",")
        };
        write!(
            f,
            "{}: {}",
            self.game.number(),
            list(self.stones.values_a())
        )?;
        if self.game == Game::AnyStoneTwoValues {
            write!(f, " / {}", list(self.stones.values_b()))?;
        }
        Ok(())
    }
}

/// Why a text is not a stone row with its game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseStoneRowError {
    /// No `:` between the game number and the values.
    Notation,
    /// The game is not a number 1–5.
    GameNumber {
        /// The text before the `:`.
        found: String,
    },
    /// A stone value that is not an integer (or an empty one: `1,,2`).
    Value {
        /// The offending text.
        found: String,
    },
    /// B's values given in a game other than 5.
    ValuesBOutsideGame5,
    /// Game 5 without B's values.
    MissingValuesB,
    /// The values are not a playable row.
    Stones(StonesError),
}

impl fmt::Display for ParseStoneRowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseStoneRowError::Notation => {
                f.write_str("a stone row is written `<game>: <values>` (`1: 1,100,2,3`)")
            }
            ParseStoneRowError::GameNumber { found } => {
                write!(f, "game `{found}` is not a game number 1–5")
            }
            ParseStoneRowError::Value { found } => {
                write!(f, "stone value `{found}` is not an integer")
            }
            ParseStoneRowError::ValuesBOutsideGame5 => {
                f.write_str("B's values (after `/`) belong to Game 5 only")
            }
            ParseStoneRowError::MissingValuesB => {
                f.write_str("Game 5 needs B's values after `/`: `5: 5,2,3 / 1,5,3`")
            }
            ParseStoneRowError::Stones(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ParseStoneRowError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ParseStoneRowError::Stones(e) => Some(e),
            _ => None,
        }
    }
}

fn values(text: &str) -> Result<Vec<i64>, ParseStoneRowError> {
    text.split(',')
        .map(|v| {
            let v = v.trim();
            v.parse().map_err(|_| ParseStoneRowError::Value {
                found: v.to_string(),
            })
        })
        .collect()
}

impl FromStr for StoneRow {
    type Err = ParseStoneRowError;

    fn from_str(text: &str) -> Result<StoneRow, ParseStoneRowError> {
        let (number, rest) = text.split_once(':').ok_or(ParseStoneRowError::Notation)?;
        let number = number.trim();
        let game = number
            .parse::<u8>()
            .ok()
            .and_then(Game::from_number)
            .ok_or_else(|| ParseStoneRowError::GameNumber {
                found: number.to_string(),
            })?;
        let stones = match (game, rest.split_once('/')) {
            (Game::AnyStoneTwoValues, Some((a, b))) => Stones::two_valued(values(a)?, values(b)?),
            (Game::AnyStoneTwoValues, None) => return Err(ParseStoneRowError::MissingValuesB),
            (_, Some(_)) => return Err(ParseStoneRowError::ValuesBOutsideGame5),
            (_, None) => Stones::one_valued(values(rest)?),
        }
        .map_err(ParseStoneRowError::Stones)?;
        Ok(StoneRow { game, stones })
    }
}

/// A's score minus B's under optimal play (解法2's value), with the
/// winner it names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lead(pub i64);

impl Lead {
    /// Who wins: the first player (A) on a positive lead, the second on a
    /// negative one; equal scores draw.
    #[must_use]
    pub fn outcome(self) -> Outcome {
        match self.0.signum() {
            1 => Outcome::Winner(Player::First),
            -1 => Outcome::Winner(Player::Second),
            _ => Outcome::Draw,
        }
    }
}

impl fmt::Display for Lead {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:+} (winner: {})", self.0, self.outcome())
    }
}

fn refusal(e: super::SolveError, solver: Solver) -> SolveError {
    match e {
        super::SolveError::TooManyStones { stones, limit, .. } => SolveError::TooLarge {
            game: StoneGames::NAME,
            solver,
            size: stones as u64,
            limit: limit as u64,
            unit: "stones",
        },
    }
}

impl Face for StoneGames {
    const NAME: &'static str = "stones";
    const DOCUMENT: &'static str = "001";
    const NOTATION: &'static str =
        "`<game 1–5>: <values>`, Game 5 `5: <A's values> / <B's values>` (`1: 1,100,2,3`)";

    type Instance = StoneRow;
    type ParseError = ParseStoneRowError;
    type Value = Lead;

    /// One line per game, the solvers' own `max_stones`.
    fn reach() -> Vec<Reach> {
        const QUESTION: [&str; 5] = ["game 1", "game 2", "game 3", "game 4", "game 5"];
        Game::ALL
            .iter()
            .zip(QUESTION)
            .map(|(&game, question)| Reach {
                question,
                unit: "stones",
                naive: Some(naive::max_stones(game) as u64),
                optimized: optimized::max_stones(game).map(|n| n as u64),
            })
            .collect()
    }

    fn size(row: &StoneRow) -> (Reach, u64) {
        let line = usize::from(row.game.number() - 1);
        (Self::reach()[line], row.stones.len() as u64)
    }

    fn naive(row: &StoneRow) -> Result<Lead, SolveError> {
        naive::solve(row.game, &row.stones)
            .map(|r| Lead(r.diff))
            .map_err(|e| refusal(e, Solver::Naive))
    }

    fn optimized(row: &StoneRow) -> Result<Lead, SolveError> {
        optimized::solve(row.game, &row.stones)
            .map(|r| Lead(r.diff))
            .map_err(|e| refusal(e, Solver::Optimized))
    }
}
