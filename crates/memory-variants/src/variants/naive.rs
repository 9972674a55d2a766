//! The variants played on the explicit row of cards (document 004 §1.1
//! R1–R3, 仮定, and §4 item 1), by exhaustive search. Written from the rules
//! alone: it uses the plain row of [`solved_games_reference::games::memory::naive`] (positions
//! unknown, known or taken) and nothing of the §2.1 recurrences, so a slip in
//! either shows as a disagreement.
//!
//! **Model.** The mover turns any face-down position, then any other. A
//! face-down unknown card shows each number with probability (its unseen
//! cards) / (all unknown cards). Two equal numbers are taken: the 1s win, any
//! other pair adds one to the mover's lead and the mover goes on. Two
//! different numbers are turned back and remembered and the opponent moves;
//! if both were known before the turn, the row is unchanged and the turn is a
//! pass. A pass right after the opponent's pass ends the game: a draw, or in
//! [`Variant::Pairs`] a win for whoever leads in other pairs.
//!
//! **Choice.** Every first position, then (once it shows) every second
//! position; the mover takes the most expected points, ties broken as the
//! variant says (fewest draws in the zero-sum variants, then [`TieRule`]).
//! Values are remembered by the row's shape, lead and pass flag.
//!
//! **Reach.** N ≤ 6 in well under a second; the work per shape grows as N⁴.

use super::{TieRule, Variant};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use solved_games_reference::games::memory::naive::{Cell, Row, Shape};
use std::collections::HashMap;

/// Expected points of the player to move and of the other, and the chance
/// of a draw.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Points {
    /// The mover's expected points.
    pub mine: BigRational,
    /// The opponent's expected points.
    pub theirs: BigRational,
    /// The probability of a draw.
    pub draw: BigRational,
}

impl Points {
    fn zero() -> Points {
        Points {
            mine: BigRational::zero(),
            theirs: BigRational::zero(),
            draw: BigRational::zero(),
        }
    }

    fn other_side(self) -> Points {
        Points {
            mine: self.theirs,
            theirs: self.mine,
            draw: self.draw,
        }
    }
}

/// The exhaustive search for one variant.
pub struct RowSearch {
    variant: Variant,
    memo: HashMap<(Shape, i64, bool), Points>,
}

fn ratio(num: usize, den: usize) -> BigRational {
    BigRational::new(BigInt::from(num), BigInt::from(den))
}

impl RowSearch {
    /// A search for `variant`.
    #[must_use]
    pub fn new(variant: Variant) -> RowSearch {
        RowSearch {
            variant,
            memo: HashMap::new(),
        }
    }

    fn win(&self) -> Points {
        let points = match self.variant {
            Variant::Points(_) => BigRational::from_integer(BigInt::from(3)),
            _ => BigRational::one(),
        };
        Points {
            mine: points,
            theirs: BigRational::zero(),
            draw: BigRational::zero(),
        }
    }

    /// Two passes in a row: a draw, or in the pairs variant the leader wins.
    fn ended_by_passes(&self, lead: i64) -> Points {
        if self.variant == Variant::Pairs && lead != 0 {
            return if lead > 0 {
                self.win()
            } else {
                self.win().other_side()
            };
        }
        let each = match self.variant {
            Variant::Points(_) => BigRational::one(),
            _ => ratio(1, 2),
        };
        Points {
            mine: each.clone(),
            theirs: each,
            draw: BigRational::one(),
        }
    }

    /// Whether the mover would rather have `a` than `b` (`a_pass`, `b_pass`:
    /// whether each is a pass).
    fn better(&self, a: &Points, a_pass: bool, b: &Points, b_pass: bool) -> bool {
        if a.mine != b.mine {
            return a.mine > b.mine;
        }
        match self.variant {
            Variant::Paper | Variant::Pairs => a.draw < b.draw,
            Variant::Points(TieRule::WorseForOpponent) => a.theirs < b.theirs,
            Variant::Points(TieRule::AvoidPass) => {
                if a_pass == b_pass {
                    a.theirs < b.theirs
                } else {
                    b_pass
                }
            }
        }
    }

    /// The numbers a face-down card can show, with their probabilities.
    fn reveal(row: &Row) -> Vec<(u8, BigRational)> {
        let unknown = row.unknown_cards();
        row.numbers()
            .filter(|&x| row.unseen(x) > 0)
            .map(|x| (x, ratio(row.unseen(x), unknown)))
            .collect()
    }

    /// The value, for the mover, of the two cards at `first` (showing `a`)
    /// and `second` (showing `b`) face up on `row`; `known_before`: both
    /// were known before the turn (then a mismatch is a pass).
    #[allow(clippy::too_many_arguments)]
    fn after(&mut self, row: &Row, first: usize, a: u8, second: usize, b: u8, lead: i64) -> Points {
        if a == b {
            if a == 1 {
                return self.win();
            }
            let next = row.with(first, Cell::Taken(a)).with(second, Cell::Taken(b));
            return self.value(&next, lead + 1, false);
        }
        let next = row.with(first, Cell::Known(a)).with(second, Cell::Known(b));
        self.value(&next, -lead, false).other_side()
    }

    /// The expected points, for the mover, of the second card at `second`
    /// when the first, at `first`, shows `a` on `shown`.
    fn second(&mut self, shown: &Row, first: usize, a: u8, second: usize, lead: i64) -> Points {
        match shown.cells()[second] {
            Cell::Known(b) => self.after(shown, first, a, second, b, lead),
            Cell::Unknown => {
                let mut mean = Points::zero();
                for (b, p) in Self::reveal(shown) {
                    let x = self.after(shown, first, a, second, b, lead);
                    mean.mine += &p * x.mine;
                    mean.theirs += &p * x.theirs;
                    mean.draw += &p * x.draw;
                }
                mean
            }
            Cell::Taken(_) => unreachable!("only face-down cards are turned"),
        }
    }

    /// The best second card once the first, at `first`, shows `a`.
    fn best_second(&mut self, shown: &Row, first: usize, a: u8, lead: i64) -> Points {
        let mut best: Option<Points> = None;
        for second in 0..shown.cells().len() {
            if second == first || matches!(shown.cells()[second], Cell::Taken(_)) {
                continue;
            }
            let x = self.second(shown, first, a, second, lead);
            let take = match &best {
                None => true,
                Some(b) => self.better(&x, false, b, false),
            };
            if take {
                best = Some(x);
            }
        }
        best.expect("another face-down card")
    }

    /// The mover's points on `row`, `lead` other pairs ahead, `passed` if
    /// the opponent has just passed.
    ///
    /// # Panics
    /// If the 1s are already off the table (the game is over).
    pub fn value(&mut self, row: &Row, lead: i64, passed: bool) -> Points {
        let key = (row.shape(), lead, passed);
        if let Some(v) = self.memo.get(&key) {
            return v.clone();
        }
        let mut best: Option<(Points, bool)> = None;
        let mut offer = |search: &RowSearch, x: Points, pass: bool| {
            let take = match &best {
                None => true,
                Some((b, b_pass)) => search.better(&x, pass, b, *b_pass),
            };
            if take {
                best = Some((x, pass));
            }
        };
        let cells = row.cells().to_vec();
        for first in 0..cells.len() {
            match cells[first] {
                Cell::Taken(_) => {}
                Cell::Known(a) => {
                    for second in (0..cells.len()).filter(|&s| s != first) {
                        match cells[second] {
                            Cell::Taken(_) => {}
                            Cell::Known(b) if b != a => {
                                // A pass: nothing changes on the row.
                                let x = if passed {
                                    self.ended_by_passes(lead)
                                } else {
                                    self.value(row, -lead, true).other_side()
                                };
                                offer(self, x, true);
                            }
                            _ => {
                                let x = self.second(row, first, a, second, lead);
                                offer(self, x, false);
                            }
                        }
                    }
                }
                Cell::Unknown => {
                    let mut mean = Points::zero();
                    for (a, p) in Self::reveal(row) {
                        let shown = row.with(first, Cell::Known(a));
                        let x = self.best_second(&shown, first, a, lead);
                        mean.mine += &p * x.mine;
                        mean.theirs += &p * x.theirs;
                        mean.draw += &p * x.draw;
                    }
                    offer(self, mean, false);
                }
            }
        }
        let (value, _) = best.expect("a face-down card while the 1s are on the table");
        self.memo.insert(key, value.clone());
        value
    }

    /// The mover's points on the row of a state name (`F(n,m,k)`,
    /// `G(n,m,k)`), read by the row's own notation.
    ///
    /// # Errors
    /// If the name is not a state.
    pub fn state_value(
        &mut self,
        name: &str,
        lead: i64,
        passed: bool,
    ) -> Result<Points, solved_games_reference::games::memory::naive::NotationError> {
        let row = Row::from_notation(name)?;
        Ok(self.value(&row, lead, passed))
    }
}
