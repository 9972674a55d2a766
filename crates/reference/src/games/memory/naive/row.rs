//! The row of cards as both players know it (document 004, §1.1 R2, R3 and
//! 仮定), its shape (the row up to the game's symmetries) and the paper's
//! state names, read and written here so that this side needs nothing from
//! the recurrence's modules.

use std::fmt;

/// One position of the row, as both players know it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cell {
    /// Face down, never shown: an unknown card (未知のカード).
    Unknown,
    /// Face down, shown before: a known card (既知のカード), its number
    /// remembered by both players (仮定).
    Known(u8),
    /// Taken off the table with its pair (R3).
    Taken(u8),
}

/// The explicit row of 2N positions holding the numbers 1..=N twice each
/// (R2): which positions are face down, which of those have been shown and
/// with what number, and which are taken.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Row {
    cells: Vec<Cell>,
}

/// The most pairs a row holds: numbers are kept in a byte.
pub const MAX_PAIRS: usize = 255;

impl Row {
    /// The start of a game with `pairs` pairs: every card face down and
    /// unknown (R2).
    ///
    /// # Errors
    /// [`NotationError::Size`] unless 1 ≤ `pairs` ≤ [`MAX_PAIRS`].
    pub fn start(pairs: usize) -> Result<Row, NotationError> {
        if !(1..=MAX_PAIRS).contains(&pairs) {
            return Err(NotationError::Size(pairs));
        }
        Ok(Row {
            cells: vec![Cell::Unknown; 2 * pairs],
        })
    }

    /// A row with these cells.
    ///
    /// # Errors
    /// [`NotationError::Length`], [`NotationError::Cards`] or
    /// [`NotationError::OutOfRange`] unless the row has an even length 2N of at
    /// most 2·[`MAX_PAIRS`], every number shown is in 1..=N, and no number
    /// shows on more than its two cards or is both taken and on the table.
    pub fn from_cells(cells: Vec<Cell>) -> Result<Row, NotationError> {
        if cells.is_empty() || cells.len() % 2 == 1 || cells.len() > 2 * MAX_PAIRS {
            return Err(NotationError::Length { cells: cells.len() });
        }
        let pairs = cells.len() / 2;
        let row = Row { cells };
        for number in 1..=u8::try_from(pairs).expect("N ≤ 255") {
            let known = row.count(Cell::Known(number));
            let taken = row.count(Cell::Taken(number));
            if known + taken > 2 || (taken > 0 && (taken != 2 || known > 0)) {
                return Err(NotationError::Cards {
                    number,
                    known,
                    taken,
                });
            }
        }
        let in_range = row.cells.iter().all(|c| match c {
            Cell::Known(v) | Cell::Taken(v) => (1..=pairs).contains(&usize::from(*v)),
            Cell::Unknown => true,
        });
        if !in_range {
            return Err(NotationError::OutOfRange { pairs });
        }
        Ok(row)
    }

    /// The positions, in order.
    #[must_use]
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// N: the row holds the numbers 1..=N.
    #[must_use]
    pub fn pairs(&self) -> usize {
        self.cells.len() / 2
    }

    fn count(&self, cell: Cell) -> usize {
        self.cells.iter().filter(|c| **c == cell).count()
    }

    /// How many unknown cards there are.
    #[must_use]
    pub fn unknown_cards(&self) -> usize {
        self.count(Cell::Unknown)
    }

    /// How many cards of `number` lie face down and unseen: its two cards
    /// less those shown (known or taken).
    #[must_use]
    pub fn unseen(&self, number: u8) -> usize {
        2 - self.count(Cell::Known(number)) - self.count(Cell::Taken(number))
    }

    /// The numbers 1..=N.
    pub fn numbers(&self) -> impl Iterator<Item = u8> {
        1..=u8::try_from(self.pairs()).expect("N ≤ 255")
    }

    /// Whether the mover can pass: two known cards of different numbers
    /// (§1.1 "わざと既知の2と3を開けてパスをする").
    #[must_use]
    pub fn can_pass(&self) -> bool {
        let mut known = self.cells.iter().filter_map(|c| match c {
            Cell::Known(v) => Some(*v),
            _ => None,
        });
        match known.next() {
            Some(first) => known.any(|v| v != first),
            None => false,
        }
    }

    /// The same row with the card at `at` changed to `cell`.
    #[must_use]
    pub fn with(&self, at: usize, cell: Cell) -> Row {
        let mut next = self.clone();
        next.cells[at] = cell;
        next
    }

    /// What the row's value depends on: see [`Shape`].
    #[must_use]
    pub fn shape(&self) -> Shape {
        let mut shape = Shape {
            ones_known: 0,
            both_known: 0,
            one_known: 0,
            none_known: 0,
        };
        for number in self.numbers() {
            if self.count(Cell::Taken(number)) > 0 {
                continue;
            }
            let known = u8::try_from(self.count(Cell::Known(number))).expect("at most 2");
            match (number, known) {
                (1, _) => shape.ones_known = known,
                (_, 2) => shape.both_known += 1,
                (_, 1) => shape.one_known += 1,
                _ => shape.none_known += 1,
            }
        }
        shape
    }

    /// The row of the state written `F(n,m,k)` or `G(n,m,k)` (§2.1; also
    /// `G(n,k)` for G(n,0,k), §2.3): 2n cards, numbers 1..=n. In F the 1s
    /// are unknown, m other numbers are known twice and k once; in G one 1
    /// is known and it is one of the k numbers known once.
    ///
    /// # Errors
    /// [`NotationError::Malformed`] if the text is not of that form,
    /// [`NotationError::NotAState`] if the counts do not fit in n numbers
    /// (F: m + k ≤ n − 1, the 1 being neither; G: k ≥ 1, m + k ≤ n).
    pub fn from_notation(text: &str) -> Result<Row, NotationError> {
        let malformed = || NotationError::Malformed(text.to_string());
        let text = text.trim();
        let (family, rest) = text.split_at(text.find('(').ok_or_else(malformed)?);
        let inner = rest
            .strip_prefix('(')
            .and_then(|r| r.strip_suffix(')'))
            .ok_or_else(malformed)?;
        let numbers: Vec<usize> = inner
            .split(',')
            .map(|x| x.trim().parse::<usize>())
            .collect::<Result<_, _>>()
            .map_err(|_| malformed())?;
        let ones_known = match family.trim() {
            "F" => 0,
            "G" => 1,
            _ => return Err(malformed()),
        };
        let (n, m, k) = match (ones_known, numbers.as_slice()) {
            (_, &[n, m, k]) => (n, m, k),
            (1, &[n, k]) => (n, 0, k),
            _ => return Err(malformed()),
        };
        // The numbers other than 1 known twice, known once, unknown.
        let others_once = k.checked_sub(ones_known);
        let fits = n >= 1 && m + k + 1 - ones_known <= n;
        let Some(others_once) = others_once.filter(|_| fits) else {
            return Err(NotationError::NotAState(text.to_string()));
        };
        if n > MAX_PAIRS {
            return Err(NotationError::Size(n));
        }
        let mut cells = Vec::with_capacity(2 * n);
        for number in 1..=n {
            let known = match number {
                1 => ones_known,
                _ if number <= 1 + m => 2,
                _ if number <= 1 + m + others_once => 1,
                _ => 0,
            };
            let card = u8::try_from(number).expect("n ≤ 255");
            cells.push(if known >= 1 {
                Cell::Known(card)
            } else {
                Cell::Unknown
            });
            cells.push(if known == 2 {
                Cell::Known(card)
            } else {
                Cell::Unknown
            });
        }
        Ok(Row { cells })
    }
}

/// The row up to the game's symmetries: how many cards of the 1 are known,
/// and how many of the other numbers still on the table have both, one or
/// neither card known — the sorted multiset of what is known of each
/// number, the 1 kept apart.
///
/// Two rows of the same shape have the same value and, under the same
/// tie-break, the same draw probability. Moving cards to other positions
/// and renaming the numbers other than 1 turn one into the other, and
/// neither changes the game: the deal is uniformly random (R2), so a face-down
/// card shows each unseen card with the same probability wherever it lies;
/// R3–R5 treat every number other than 1 alike (only the 1s decide the
/// game); and the players' knowledge (仮定) is exactly which positions
/// hold which shown numbers. Taken pairs play no further part.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    /// Known cards of the 1 (0, 1 or 2; the 1s stay on the table until the
    /// game ends).
    pub ones_known: u8,
    /// Other numbers on the table with both cards known.
    pub both_known: u8,
    /// Other numbers on the table with one card known.
    pub one_known: u8,
    /// Other numbers on the table with neither card known.
    pub none_known: u8,
}

impl Shape {
    /// The paper's name of the state (§2.1): `F(n,m,k)` when no 1 is known,
    /// `G(n,m,k)` when one is (k counting the 1); `None` when both are known,
    /// which the paper does not name (the mover takes them and wins).
    #[must_use]
    pub fn notation(self) -> Option<String> {
        let n = 1 + self.both_known + self.one_known + self.none_known;
        let (m, k) = (self.both_known, self.one_known + self.ones_known);
        match self.ones_known {
            0 => Some(format!("F({n},{m},{k})")),
            1 => Some(format!("G({n},{m},{k})")),
            _ => None,
        }
    }
}

/// Why a row or a state name was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotationError {
    /// Not of the form `F(n,m,k)`, `G(n,m,k)` or `G(n,k)`.
    Malformed(String),
    /// Well formed, but the counts do not fit in n numbers.
    NotAState(String),
    /// More pairs than a row holds, or none.
    Size(usize),
    /// Cells that no game reaches: an odd or out-of-range number of cells.
    Length {
        /// How many cells were given.
        cells: usize,
    },
    /// Cells that no game reaches: a number on more cards than its pair,
    /// or both taken and on the table.
    Cards {
        /// The number.
        number: u8,
        /// Its face-up cards on the table.
        known: usize,
        /// Its taken cards.
        taken: usize,
    },
    /// Cells that no game reaches: a number outside 1..=N.
    OutOfRange {
        /// N, the number of pairs of the row.
        pairs: usize,
    },
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Malformed(text) => write!(
                f,
                "'{text}' is not a state name: write F(n,m,k), G(n,m,k) or G(n,k)"
            ),
            NotationError::NotAState(text) => write!(
                f,
                "{text} is not a state: F needs m + k ≤ n − 1, G needs k ≥ 1 and m + k ≤ n"
            ),
            NotationError::Size(pairs) => {
                write!(f, "{pairs} pairs: a row holds 1 to {MAX_PAIRS} pairs")
            }
            NotationError::Length { .. } => {
                f.write_str("not a row of the game: a row has 2N positions, 1 ≤ N ≤ 255")
            }
            NotationError::Cards {
                number,
                known,
                taken,
            } => write!(
                f,
                "not a row of the game: number {number} shows {known} known and {taken} taken cards"
            ),
            NotationError::OutOfRange { pairs } => {
                write!(f, "not a row of the game: numbers run from 1 to {pairs}")
            }
        }
    }
}

impl std::error::Error for NotationError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn state_rows_name_themselves() {
        for name in ["F(1,0,0)", "F(4,1,2)", "G(1,0,1)", "G(5,2,3)", "G(3,0,3)"] {
            let row = Row::from_notation(name).unwrap();
            assert_eq!(row.shape().notation().as_deref(), Some(name));
        }
        assert_eq!(
            Row::from_notation("G(4,1)").unwrap(),
            Row::from_notation("G(4,0,1)").unwrap()
        );
    }

    #[test]
    fn impossible_states_and_rows_are_refused() {
        for name in ["F(3,1,2)", "G(3,0,0)", "G(3,1,3)", "F(0,0,0)"] {
            assert!(
                matches!(Row::from_notation(name), Err(NotationError::NotAState(_))),
                "{name}"
            );
        }
        for name in ["F3,0,0", "H(3,0,0)", "F(3,0)", "F(3,a,0)", "F(3,0,0"] {
            assert!(
                matches!(Row::from_notation(name), Err(NotationError::Malformed(_))),
                "{name}"
            );
        }
        assert_eq!(
            Row::from_cells(vec![Cell::Known(1); 3]),
            Err(NotationError::Length { cells: 3 })
        );
        assert_eq!(
            Row::from_cells(vec![Cell::Known(2), Cell::Unknown]),
            Err(NotationError::OutOfRange { pairs: 1 })
        );
        assert_eq!(
            Row::from_cells(vec![Cell::Taken(1), Cell::Known(1)]),
            Err(NotationError::Cards {
                number: 1,
                known: 1,
                taken: 1
            })
        );
        assert_eq!(
            Row::from_cells(vec![Cell::Known(1); 4])
                .unwrap_err()
                .to_string(),
            "not a row of the game: number 1 shows 4 known and 0 taken cards"
        );
        assert!(Row::from_cells(vec![
            Cell::Taken(2),
            Cell::Taken(2),
            Cell::Unknown,
            Cell::Unknown
        ])
        .is_ok());
    }

    #[test]
    fn passing_needs_two_known_numbers() {
        let row = Row::from_notation("F(3,0,1)").unwrap();
        assert!(!row.can_pass());
        assert!(Row::from_notation("F(3,0,2)").unwrap().can_pass());
        assert!(Row::from_notation("G(2,1,0)").is_err());
        assert!(Row::from_notation("G(2,1,1)").unwrap().can_pass());
    }
}
