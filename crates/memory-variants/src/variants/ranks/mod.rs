//! Document 004 §4's last sentence, "実際にプレイされるゲームに即し、トランプ
//! 52 枚 1 セットの場合に…": the game on a real deck, where **any two cards of
//! the same rank match**. K ranks of four cards each (K = 13 is the 52-card
//! deck); rank 1 is special, as in the paper.
//!
//! **Rules as implemented** (SPEC.md "Memory variants: a deck of ranks of
//! four"): the paper's R1–R3 and perfect shared memory, with a pair being two
//! cards of one rank. R4, "1の数字のカードのペアを取ったほうが勝ち", is read
//! as: **the first player to take a pair of 1s wins**, and the game ends
//! there (the deck has two pairs of 1s; the second never matters). A turn of
//! two known cards of different ranks is a pass; two passes in a row end the
//! game in a draw (the finite form of R5 used by every variant). Win 1,
//! draw ½, loss 0; among tied turns the one with fewest draws is reported
//! (as the paper's draw table does).
//!
//! [`optimized`] runs a recurrence over the multiset of per-rank states;
//! [`naive`] plays the explicit row of 4K cards. They share only
//! [`RankState`] and [`RankValue`].

pub mod naive;
pub mod optimized;

use num_bigint::BigInt;
use num_rational::BigRational;
use std::fmt;

/// The largest K solved: the 52-card deck.
pub const MAX_RANKS: usize = 13;

/// A position at the start of a turn, up to the order of the cards and the
/// names of the ranks other than 1.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RankState {
    /// The 1s known (face down, seen); 2 or more means the mover takes them.
    pub ones_known: u8,
    /// Each other rank still on the table as (known cards, unknown cards),
    /// sorted; a rank whose cards are all taken is left out.
    pub others: Vec<(u8, u8)>,
    /// The opponent's last turn was a pass: passing now ends the game.
    pub passed: bool,
}

impl RankState {
    /// The start with `ranks` ranks of four: every card unknown.
    #[must_use]
    pub fn start(ranks: usize) -> RankState {
        RankState {
            ones_known: 0,
            others: vec![(0, 4); ranks.saturating_sub(1)],
            passed: false,
        }
    }
}

impl fmt::Display for RankState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "1s known {}; others", self.ones_known)?;
        for (known, unknown) in &self.others {
            write!(f, " {known}/{unknown}")?;
        }
        if self.passed {
            f.write_str("; after a pass")?;
        }
        Ok(())
    }
}

/// The value of a position for the player to move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RankValue {
    /// Expected points: a win 1, a draw ½.
    pub mover: BigRational,
    /// The probability of a draw.
    pub draw: BigRational,
}

impl RankValue {
    /// The mover's chance of winning: points less half the draws.
    #[must_use]
    pub fn win(&self) -> BigRational {
        &self.mover - &self.draw / BigRational::from_integer(BigInt::from(2))
    }

    /// The opponent's chance of winning.
    #[must_use]
    pub fn loss(&self) -> BigRational {
        BigRational::from_integer(BigInt::from(1)) - &self.mover - &self.draw / BigInt::from(2)
    }
}
