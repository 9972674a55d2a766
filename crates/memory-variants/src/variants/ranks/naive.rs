//! The deck of ranks of four played on the explicit row of 4K cards, by
//! exhaustive search (document 004 §1.1 R1–R3 and 仮定, with §4's deck: any
//! two cards of one rank match). Written from the rules alone: it imports
//! nothing of [`super::optimized`].
//!
//! **Model.** Each position is unknown, known (its rank seen) or taken. The
//! mover turns any face-down position, then any other (a known card first
//! included). An unknown card shows rank r with probability (r's cards not
//! yet seen) / (unknown cards). Two cards of one rank are taken: 1s win,
//! any other rank and the mover goes on. Otherwise both stay face down and
//! known and the opponent moves; a turn of two cards known before it is a
//! pass, and a pass right after the opponent's pass ends the game drawn.
//! The mover takes the most points, then the fewest draws.
//!
//! **Memo.** Values are remembered by the row's profile: for each rank its
//! known and taken cards, the ranks other than 1 sorted (positions and the
//! names of those ranks do not change the game). Reach: K ≤ 3 (12 cards) in
//! well under a second; the work per profile grows as (4K)²·K².

use super::{RankState, RankValue};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use std::collections::HashMap;

/// A position of the row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cell {
    Unknown,
    Known(usize),
    Taken,
}

/// Points and draw chance for the mover.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Points {
    mine: BigRational,
    draw: BigRational,
}

impl Points {
    fn zero() -> Points {
        Points {
            mine: BigRational::zero(),
            draw: BigRational::zero(),
        }
    }

    fn win() -> Points {
        Points {
            mine: BigRational::one(),
            draw: BigRational::zero(),
        }
    }

    fn other_side(self) -> Points {
        Points {
            mine: BigRational::one() - self.mine,
            draw: self.draw,
        }
    }

    fn better(&self, b: &Points) -> bool {
        self.mine > b.mine || (self.mine == b.mine && self.draw < b.draw)
    }

    fn add(&mut self, p: &BigRational, x: &Points) {
        self.mine += p * &x.mine;
        self.draw += p * &x.draw;
    }
}

fn offer(best: &mut Option<Points>, x: Points) {
    if best.as_ref().map_or(true, |b| x.better(b)) {
        *best = Some(x);
    }
}

/// The row: cells and the number of ranks (rank 0 is the special 1).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Row {
    ranks: usize,
    cells: Vec<Cell>,
}

/// Key of the memo: per rank (known, taken), the 1s first, others sorted.
type Profile = (Vec<(u8, u8)>, bool);

impl Row {
    fn known(&self, rank: usize) -> usize {
        self.cells
            .iter()
            .filter(|&&c| c == Cell::Known(rank))
            .count()
    }

    fn taken(rank: usize, taken_ranks: &[usize]) -> usize {
        taken_ranks.iter().filter(|&&p| p == rank).count()
    }

    fn unseen(&self, rank: usize, taken_ranks: &[usize]) -> usize {
        4 - self.known(rank) - Row::taken(rank, taken_ranks)
    }

    fn with(&self, at: usize, cell: Cell) -> Row {
        let mut next = self.clone();
        next.cells[at] = cell;
        next
    }
}

/// The exhaustive search.
pub struct RowSearch {
    memo: HashMap<Profile, Points>,
}

impl Default for RowSearch {
    fn default() -> Self {
        Self::new()
    }
}

/// A row with its taken cards' ranks (a taken cell forgets its rank).
#[derive(Debug, Clone)]
struct Table {
    row: Row,
    taken: Vec<usize>,
}

impl Table {
    fn profile(&self, passed: bool) -> Profile {
        let per = |r: usize| {
            (
                u8::try_from(self.row.known(r)).expect("≤ 4"),
                u8::try_from(Row::taken(r, &self.taken)).expect("≤ 4"),
            )
        };
        let mut others: Vec<(u8, u8)> = (1..self.row.ranks).map(per).collect();
        others.sort_unstable();
        let mut out = vec![per(0)];
        out.extend(others);
        (out, passed)
    }

    fn unknown(&self) -> usize {
        self.row
            .cells
            .iter()
            .filter(|&&c| c == Cell::Unknown)
            .count()
    }

    /// Ranks an unknown card can show, with their probabilities.
    fn reveal(&self) -> Vec<(usize, BigRational)> {
        let u = self.unknown();
        (0..self.row.ranks)
            .filter_map(|r| {
                let n = self.row.unseen(r, &self.taken);
                (n > 0).then(|| (r, BigRational::new(BigInt::from(n), BigInt::from(u))))
            })
            .collect()
    }

    fn with(&self, at: usize, cell: Cell) -> Table {
        Table {
            row: self.row.with(at, cell),
            taken: self.taken.clone(),
        }
    }
}

impl RowSearch {
    /// An empty search.
    #[must_use]
    pub fn new() -> RowSearch {
        RowSearch {
            memo: HashMap::new(),
        }
    }

    /// The two cards at `first` (rank `a`) and `second` (rank `b`) face up.
    fn after(&mut self, t: &Table, first: usize, a: usize, second: usize, b: usize) -> Points {
        if a == b {
            if a == 0 {
                return Points::win();
            }
            let mut next = t.with(first, Cell::Taken).with(second, Cell::Taken);
            next.taken.extend([a, b]);
            return self.value(&next, false);
        }
        let next = t.with(first, Cell::Known(a)).with(second, Cell::Known(b));
        self.value(&next, false).other_side()
    }

    fn second(&mut self, t: &Table, first: usize, a: usize, second: usize) -> Points {
        match t.row.cells[second] {
            Cell::Known(b) => self.after(t, first, a, second, b),
            Cell::Unknown => {
                let mut mean = Points::zero();
                for (b, p) in t.reveal() {
                    let x = self.after(t, first, a, second, b);
                    mean.add(&p, &x);
                }
                mean
            }
            Cell::Taken => unreachable!("only face-down cards are turned"),
        }
    }

    /// The best second card once the first, at `first`, shows `a` (`shown`
    /// has it face up as known).
    fn best_second(&mut self, shown: &Table, first: usize, a: usize) -> Points {
        let mut best = None;
        for second in 0..shown.row.cells.len() {
            if second != first && shown.row.cells[second] != Cell::Taken {
                let x = self.second(shown, first, a, second);
                offer(&mut best, x);
            }
        }
        best.expect("another face-down card")
    }

    fn value(&mut self, t: &Table, passed: bool) -> Points {
        let key = t.profile(passed);
        if let Some(v) = self.memo.get(&key) {
            return v.clone();
        }
        let mut best = None;
        let cells = t.row.cells.clone();
        for first in 0..cells.len() {
            match cells[first] {
                Cell::Taken => {}
                Cell::Known(a) => {
                    for second in (0..cells.len()).filter(|&s| s != first) {
                        match cells[second] {
                            Cell::Taken => {}
                            Cell::Known(b) if b != a => {
                                let x = if passed {
                                    Points {
                                        mine: BigRational::new(1.into(), 2.into()),
                                        draw: BigRational::one(),
                                    }
                                } else {
                                    self.value(t, true).other_side()
                                };
                                offer(&mut best, x);
                            }
                            _ => {
                                let x = self.second(t, first, a, second);
                                offer(&mut best, x);
                            }
                        }
                    }
                }
                Cell::Unknown => {
                    let mut mean = Points::zero();
                    for (a, p) in t.reveal() {
                        let shown = t.with(first, Cell::Known(a));
                        let x = self.best_second(&shown, first, a);
                        mean.add(&p, &x);
                    }
                    offer(&mut best, mean);
                }
            }
        }
        let v = best.expect("a face-down card while the 1s are on the table");
        self.memo.insert(key, v.clone());
        v
    }

    /// The value at the start with `ranks` ranks of four, every card unknown.
    pub fn start(&mut self, ranks: usize) -> RankValue {
        let t = Table {
            row: Row {
                ranks,
                cells: vec![Cell::Unknown; 4 * ranks],
            },
            taken: Vec::new(),
        };
        let v = self.value(&t, false);
        RankValue {
            mover: v.mine,
            draw: v.draw,
        }
    }

    /// Every position searched so far, with its value.
    #[must_use]
    pub fn states(&self) -> Vec<(RankState, RankValue)> {
        let mut out: Vec<(RankState, RankValue)> = self
            .memo
            .iter()
            .map(|((profile, passed), v)| {
                let mut others: Vec<(u8, u8)> = profile[1..]
                    .iter()
                    .filter(|(_, taken)| *taken < 4)
                    .map(|&(known, taken)| (known, 4 - known - taken))
                    .collect();
                others.sort_unstable();
                let state = RankState {
                    ones_known: profile[0].0,
                    others,
                    passed: *passed,
                };
                let value = RankValue {
                    mover: v.mine.clone(),
                    draw: v.draw.clone(),
                };
                (state, value)
            })
            .collect();
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out
    }
}
