//! Positions and moves of Nim (document 002, §38.2, §38.4).

use std::fmt;
use std::str::FromStr;

/// The number of stones in one pile.
pub type Pile = u32;

/// A Nim position: the stones in each pile, in order ("735" = piles 7, 3, 5).
///
/// The side to move is not stored because Nim is impartial: both players
/// have the same moves, so the value of a position depends only on its piles.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    piles: Vec<Pile>,
}

/// A move: take `take ≥ 1` stones from pile `pile` (0-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// Index of the pile, 0 for the first (the hundreds digit in "735").
    pub pile: usize,
    /// Stones taken, at least one (§38.2 "一個以上").
    pub take: Pile,
}

impl Position {
    /// A position from its piles.
    #[must_use]
    pub fn new(piles: Vec<Pile>) -> Position {
        Position { piles }
    }

    /// The piles, in order.
    #[must_use]
    pub fn piles(&self) -> &[Pile] {
        &self.piles
    }

    /// Whether no stones are left: the side to move has lost (§38.5).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.piles.iter().all(|&p| p == 0)
    }

    /// Every legal move, pile by pile, taking 1, 2, … stones.
    #[must_use]
    pub fn moves(&self) -> Vec<Move> {
        self.piles
            .iter()
            .enumerate()
            .flat_map(|(pile, &n)| (1..=n).map(move |take| Move { pile, take }))
            .collect()
    }

    /// The position after `mv`.
    ///
    /// # Panics
    /// Panics if `mv` is not legal here (a programming error).
    #[must_use]
    pub fn play(&self, mv: Move) -> Position {
        let mut piles = self.piles.clone();
        assert!(
            mv.take >= 1 && mv.take <= piles[mv.pile],
            "illegal move {mv:?} in {self}"
        );
        piles[mv.pile] -= mv.take;
        Position { piles }
    }

    /// Checks every pile is at most `max` stones.
    ///
    /// # Errors
    /// [`PositionError::PileOverMax`] naming the first pile over the limit.
    pub fn validate(&self, max: Pile) -> Result<(), PositionError> {
        match self.piles.iter().position(|&p| p > max) {
            Some(i) => Err(PositionError::PileOverMax {
                pile: i + 1,
                stones: self.piles[i],
                max,
            }),
            None => Ok(()),
        }
    }
}

impl fmt::Display for Position {
    /// Digits when every pile is at most 9 (§38.4), commas otherwise (a
    /// trailing comma for a lone pile over 9, so "12," is not "1", "2").
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.piles.iter().all(|&p| p <= 9) {
            for p in &self.piles {
                write!(f, "{p}")?;
            }
            Ok(())
        } else {
            let parts: Vec<String> = self.piles.iter().map(ToString::to_string).collect();
            f.write_str(&parts.join(","))?;
            if self.piles.len() == 1 {
                f.write_str(",")?;
            }
            Ok(())
        }
    }
}

/// Why a string is not a Nim position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParsePositionError {
    /// The string is empty.
    Empty,
    /// A character that is not a digit in digit notation ("7x5").
    NotADigit {
        /// The offending character.
        found: char,
        /// Its 1-based place in the string.
        at: usize,
    },
    /// A comma-separated pile that is not a number ("7,,5", "7,a,5").
    NotANumber {
        /// The offending text.
        found: String,
    },
}

impl fmt::Display for ParsePositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParsePositionError::Empty => f.write_str("empty position"),
            ParsePositionError::NotADigit { found, at } => {
                write!(f, "`{found}` at character {at} is not a digit")
            }
            ParsePositionError::NotANumber { found } if found.is_empty() => f.write_str(
                "a pile is empty (two commas in a row, or a comma first): write 0 for an empty pile",
            ),
            ParsePositionError::NotANumber { found } => {
                write!(f, "pile `{found}` is not a number of stones")
            }
        }
    }
}

impl std::error::Error for ParsePositionError {}

/// Why a well-formed position is outside the table being used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionError {
    /// A pile holds more stones than the table's maximum.
    PileOverMax {
        /// 1-based pile number.
        pile: usize,
        /// Stones in that pile.
        stones: Pile,
        /// The maximum allowed.
        max: Pile,
    },
    /// The position has a different number of piles from the table.
    WrongPileCount {
        /// Piles in the position.
        found: usize,
        /// Piles in the table.
        expected: usize,
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::PileOverMax { pile, stones, max } => {
                write!(
                    f,
                    "pile {pile} has {stones} stones, more than the maximum {max}"
                )
            }
            PositionError::WrongPileCount { found, expected } => {
                write!(f, "{found} piles given, the table has {expected}")
            }
        }
    }
}

impl std::error::Error for PositionError {}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Digit notation "735" (§38.4), or commas "12,3,40" for piles over 9.
    fn from_str(s: &str) -> Result<Position, ParsePositionError> {
        let s = s.trim();
        if s.is_empty() {
            return Err(ParsePositionError::Empty);
        }
        let piles = if s.contains(',') {
            // A single pile over 9 is written "12," so it is not read as "1", "2".
            s.strip_suffix(',')
                .filter(|rest| !rest.contains(','))
                .unwrap_or(s)
                .split(',')
                .map(|part| {
                    let part = part.trim();
                    part.parse::<Pile>()
                        .map_err(|_| ParsePositionError::NotANumber {
                            found: part.to_string(),
                        })
                })
                .collect::<Result<Vec<_>, _>>()?
        } else {
            s.chars()
                .enumerate()
                .map(|(i, c)| {
                    c.to_digit(10).ok_or(ParsePositionError::NotADigit {
                        found: c,
                        at: i + 1,
                    })
                })
                .collect::<Result<Vec<_>, _>>()?
        };
        Ok(Position { piles })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_digit_and_comma_notation() {
        assert_eq!("735".parse::<Position>().unwrap().piles(), &[7, 3, 5]);
        assert_eq!(
            "12, 3,40".parse::<Position>().unwrap().piles(),
            &[12, 3, 40]
        );
        assert_eq!(
            "12,3,40".parse::<Position>().unwrap().to_string(),
            "12,3,40"
        );
        assert_eq!("010".parse::<Position>().unwrap().to_string(), "010");
        assert_eq!(
            "7x5".parse::<Position>(),
            Err(ParsePositionError::NotADigit { found: 'x', at: 2 })
        );
        assert!(matches!(
            "7,,5".parse::<Position>(),
            Err(ParsePositionError::NotANumber { .. })
        ));
        assert_eq!("".parse::<Position>(), Err(ParsePositionError::Empty));
    }

    #[test]
    fn moves_take_at_least_one_stone_from_one_pile() {
        let p: Position = "102".parse().unwrap();
        let after: Vec<String> = p
            .moves()
            .into_iter()
            .map(|m| p.play(m).to_string())
            .collect();
        assert_eq!(after, ["002", "101", "100"]);
    }
}
