//! The optimized Nim solver: the lecture's induction in index order
//! (document 002, §38.16–38.21), for any number of piles and any maximum.
//!
//! Read a position as a number in base `max + 1`, first pile most
//! significant (§38.16: "211" is two hundred and eleven). Every move lowers
//! that number, so filling the table in increasing order sees every
//! successor before its predecessor (§38.17's induction).
//!
//! The lecture's program (§38.19) checks, for each position, the hundreds
//! pile, then the tens, then the ones, each from one stone taken upwards,
//! and overwrites the recorded target whenever it finds a losing successor
//! (§38.21). So the recorded *lecture target* is the winning move in the
//! last pile that has one, taking as many stones as possible there.
//! [`Table`] records exactly that target.
//!
//! Instead of re-reading every smaller entry of a pile's line (the lecture's
//! O(max) inner loop), the table keeps, for each pile and each line of
//! positions that differ only in that pile, the smallest pile size at which
//! the line is losing so far: a position has a winning move in that pile iff
//! that size is below its own, and taking down to it is the largest such
//! take. Cost O(piles × (max+1)^piles) time and memory.

use super::{Move, Position, PositionError};

/// Marks "no losing position on this line yet".
const NONE: u32 = u32::MAX;

/// What the table records for a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entry {
    /// 必敗: the side to move loses (the lecture's −1).
    Losing,
    /// 必勝, with the lecture's recorded target (index of a losing position).
    Winning {
        /// Index of the losing position the lecture's loop records last.
        target: u32,
    },
}

/// The solved table of every position with `piles` piles of 0..=`max`.
#[derive(Debug, Clone)]
pub struct Table {
    piles: usize,
    max: u32,
    /// Lecture target per index; [`NONE`] for losing.
    target: Vec<u32>,
}

impl Table {
    /// Solves every position with `piles` piles of at most `max` stones.
    ///
    /// # Panics
    /// Panics if `(max + 1)^piles` does not fit in memory indices (`u32`);
    /// callers validate sizes first (the CLI allows `max ≤ 99`, 3 piles).
    #[must_use]
    pub fn build(piles: usize, max: u32) -> Table {
        let base = max as usize + 1;
        let size = base
            .checked_pow(piles as u32)
            .filter(|&s| s < NONE as usize)
            .expect("Nim table too large");
        // weight[p] is the place value of pile p; pile 0 is most significant.
        let weight: Vec<usize> = (0..piles)
            .map(|p| base.pow((piles - 1 - p) as u32))
            .collect();
        let line_count = size / base;
        let mut first_losing = vec![vec![NONE; line_count]; piles];
        let mut target = vec![NONE; size];
        #[allow(clippy::needless_range_loop)] // i is the position number of §38.16, not a slot
        for i in 0..size {
            // Piles in the lecture's order; a later pile overwrites (§38.21).
            for p in 0..piles {
                let w = weight[p];
                let digit = ((i / w) % base) as u32;
                let line = (i / (w * base)) * w + i % w;
                let lowest = first_losing[p][line];
                if lowest < digit {
                    target[i] = (i - (digit - lowest) as usize * w) as u32;
                }
            }
            if target[i] == NONE {
                for p in 0..piles {
                    let w = weight[p];
                    let digit = ((i / w) % base) as u32;
                    let line = (i / (w * base)) * w + i % w;
                    first_losing[p][line] = first_losing[p][line].min(digit);
                }
            }
        }
        Table { piles, max, target }
    }

    /// Number of piles.
    #[must_use]
    pub fn piles(&self) -> usize {
        self.piles
    }

    /// The largest pile size in the table.
    #[must_use]
    pub fn max(&self) -> u32 {
        self.max
    }

    /// Number of positions, `(max + 1)^piles`.
    #[must_use]
    pub fn len(&self) -> usize {
        self.target.len()
    }

    /// Whether the table is empty (never: it always holds the empty position).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.target.is_empty()
    }

    /// Index of `position` (its piles read as digits in base `max + 1`).
    ///
    /// # Errors
    /// [`PositionError`] if the position has another number of piles or a
    /// pile over the maximum.
    pub fn index(&self, position: &Position) -> Result<usize, PositionError> {
        if position.piles().len() != self.piles {
            return Err(PositionError::WrongPileCount {
                found: position.piles().len(),
                expected: self.piles,
            });
        }
        position.validate(self.max)?;
        let base = self.max as usize + 1;
        Ok(position
            .piles()
            .iter()
            .fold(0, |acc, &p| acc * base + p as usize))
    }

    /// The position with index `index`.
    #[must_use]
    pub fn position(&self, index: usize) -> Position {
        let base = self.max as usize + 1;
        let mut piles = vec![0; self.piles];
        let mut rest = index;
        for pile in piles.iter_mut().rev() {
            *pile = (rest % base) as u32;
            rest /= base;
        }
        Position::new(piles)
    }

    /// The entry at `index`.
    #[must_use]
    pub fn entry(&self, index: usize) -> Entry {
        match self.target[index] {
            NONE => Entry::Losing,
            target => Entry::Winning { target },
        }
    }

    /// Whether `position` is losing for the side to move.
    ///
    /// # Panics
    /// Panics if the position does not belong to this table; use
    /// [`Table::index`] first on user input.
    #[must_use]
    pub fn is_losing(&self, position: &Position) -> bool {
        let i = self.index(position).expect("position outside the table");
        self.target[i] == NONE
    }

    /// Every move from `position` to a losing position, read off the table.
    ///
    /// # Errors
    /// [`PositionError`] if the position does not belong to this table.
    pub fn winning_moves(&self, position: &Position) -> Result<Vec<Move>, PositionError> {
        self.index(position)?;
        Ok(position
            .moves()
            .into_iter()
            .filter(|&mv| self.is_losing(&position.play(mv)))
            .collect())
    }

    /// How many positions are losing.
    #[must_use]
    pub fn losing_count(&self) -> usize {
        self.target.iter().filter(|&&t| t == NONE).count()
    }

    /// The lecture program's output (§38.19 with the output style left to us):
    /// one line per position in index order, `735 → 734` for a winning
    /// position and its recorded target, `000 ×` for a losing one.
    #[must_use]
    pub fn lecture_listing(&self) -> String {
        let mut out = String::new();
        for i in 0..self.len() {
            let here = self.position(i);
            match self.entry(i) {
                Entry::Losing => out.push_str(&format!("{here} ×\n")),
                Entry::Winning { target } => {
                    let there = self.position(target as usize);
                    out.push_str(&format!("{here} → {there}\n"));
                }
            }
        }
        out
    }
}
