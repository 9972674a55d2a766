//! Vocabulary shared by every game: who plays, how a result is told, and the
//! value types the solvers return.
//!
//! Two conventions are kept apart on purpose (see SPEC.md, "Conventions"):
//! [`Wdl`] is always *from the side to move* and flips with [`std::ops::Neg`],
//! which is what a negamax or retrograde solver needs; [`Outcome`] is
//! *absolute* (which player won), which is what a person reading a table needs.
//!
//! Through the games' common face ([`crate::games::Game`]): Nim's value is a
//! [`Wdl`]; the stone games' lead (A's score minus B's) names an [`Outcome`];
//! Mini-Geister's value carries a [`Distance`]. The memory and yen games'
//! values are exact expectations (`BigRational`); SPEC.md, "Conventions",
//! says what each game's value means.

use std::fmt;
use std::ops::Neg;

/// One of the two players. Every game in the project is a two-player game;
/// `First` moves first from the start position (甲, player A, player 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// The player who moves first from the start position.
    First,
    /// The player who moves second.
    Second,
}

impl Player {
    /// The other player.
    ///
    /// # Examples
    /// ```
    /// use solved_games_reference::core::Player;
    /// assert_eq!(Player::First.opponent(), Player::Second);
    /// ```
    #[must_use]
    pub fn opponent(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::First => "first",
            Player::Second => "second",
        })
    }
}

/// Win, draw or loss *for the side to move* under optimal play by both sides.
///
/// Ordered from the mover's point of view: `Loss < Draw < Win`, so the best
/// move is the one whose successor has the smallest `Wdl` (negamax).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Wdl {
    /// The side to move loses against best defence.
    Loss,
    /// Neither side can force a win.
    Draw,
    /// The side to move can force a win.
    Win,
}

impl Neg for Wdl {
    type Output = Wdl;
    /// The same position seen by the other player.
    fn neg(self) -> Wdl {
        match self {
            Wdl::Loss => Wdl::Win,
            Wdl::Draw => Wdl::Draw,
            Wdl::Win => Wdl::Loss,
        }
    }
}

impl Wdl {
    /// The absolute outcome, given who is to move.
    #[must_use]
    pub fn outcome(self, to_move: Player) -> Outcome {
        match self {
            Wdl::Win => Outcome::Winner(to_move),
            Wdl::Loss => Outcome::Winner(to_move.opponent()),
            Wdl::Draw => Outcome::Draw,
        }
    }

    /// Lower-case word used in tables and JSON: `win`, `draw`, `loss`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Wdl::Win => "win",
            Wdl::Draw => "draw",
            Wdl::Loss => "loss",
        }
    }
}

impl fmt::Display for Wdl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The absolute result of a finished game or of optimal play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// This player wins.
    Winner(Player),
    /// Nobody wins.
    Draw,
}

impl Outcome {
    /// The outcome of a score lead of the first player over the second
    /// (document 001, §Game 1 勝敗を求める: positive, the first player wins;
    /// negative, the second; zero, a draw).
    ///
    /// # Examples
    /// ```
    /// use solved_games_reference::core::{Outcome, Player};
    /// assert_eq!(Outcome::from_lead(3), Outcome::Winner(Player::First));
    /// assert_eq!(Outcome::from_lead(0).to_string(), "draw");
    /// ```
    #[must_use]
    pub fn from_lead(lead: i64) -> Outcome {
        match lead.signum() {
            1 => Outcome::Winner(Player::First),
            -1 => Outcome::Winner(Player::Second),
            _ => Outcome::Draw,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Winner(p) => write!(f, "{p}"),
            Outcome::Draw => f.write_str("draw"),
        }
    }
}

/// Number of plies (single moves) to the end of the game under optimal play:
/// the winner hurries, the loser delays. Paired with a [`Wdl`] by retrograde
/// solvers; documents call it 手数 ("number of moves").
pub type Distance = u32;

/// A count as a message tells it: the number, or "more than 10¹⁹" for a
/// count that saturated at `u64::MAX` (one past what a `u64` holds, such
/// as the 2¹⁰⁰ positions of 100 piles of one stone).
///
/// # Examples
/// ```
/// use solved_games_reference::core::count_text;
/// assert_eq!(count_text(1_030_301), "1030301");
/// assert_eq!(count_text(u64::MAX), "more than 10¹⁹");
/// ```
#[must_use]
pub fn count_text(count: u64) -> String {
    if count == u64::MAX {
        "more than 10¹⁹".to_string()
    } else {
        count.to_string()
    }
}
