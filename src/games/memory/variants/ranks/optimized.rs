//! The deck of ranks of four solved by a recurrence over the multiset of
//! per-rank states (document 004 §2.1's counting idea, one level finer).
//!
//! **State.** A rank other than 1 is (known, unknown) cards with known +
//! unknown = 4 (no pair of it taken) or 2 (one pair taken): eight kinds,
//! (0,4) (1,3) (2,2) (3,1) (4,0) (0,2) (1,1) (2,0); a rank with both pairs
//! taken has no cards and no say, since other pairs score nothing. Ranks of
//! one kind are interchangeable, so a state is the count of ranks of each
//! kind, the 1s known (0 or 1: with two known the mover takes them) and the
//! pass flag: at most C(K + 7, 8) · 4 states, 503,880 for K = 13.
//!
//! **Turns.** Take a known pair (the mover goes on); pass (two known cards of
//! different ranks); or turn an unknown card and, knowing its rank, the best
//! second card: a known card of that rank (a pair), a known card of another
//! rank (both stay known), or an unknown card (chance by rank). A known card
//! first and an unknown one second is left out: an unknown card first,
//! answered by that known card, has the same outcome for every rank it
//! shows, and may be answered better (the row search includes it and agrees).
//!
//! **Exact integers.** As in the §2.1 variants ("Integer numerators"), every
//! number of a state with U unknown cards is an integer over 2·U!; a known
//! pair taken keeps U, a card turned lowers it by one. A step is integer
//! multiply-adds by card counts, and options compare as integers.
//!
//! **Order.** A memoised search: every turn but a pass takes a pair or turns
//! an unknown card; a pass leads to the same cards with the flag set, where
//! a second pass ends the game. So the recursion is finite.

use super::{RankState, RankValue};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::One;
use std::collections::HashMap;

/// The eight kinds of a live rank other than 1: (known, unknown).
const KINDS: [(u8, u8); 8] = [
    (0, 4),
    (1, 3),
    (2, 2),
    (3, 1),
    (4, 0),
    (0, 2),
    (1, 1),
    (2, 0),
];

/// The kind of (known, unknown), `None` for a rank with no cards left.
fn kind(known: u8, unknown: u8) -> Option<usize> {
    if known + unknown == 0 {
        return None;
    }
    KINDS.iter().position(|&k| k == (known, unknown))
}

/// A position: ranks of each kind, the 1s known (0 or 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Cards {
    count: [u8; 8],
    ones: u8,
}

impl Cards {
    fn unknown(&self) -> usize {
        let others: usize = (0..8)
            .map(|i| usize::from(self.count[i]) * usize::from(KINDS[i].1))
            .sum();
        others + usize::from(4 - self.ones)
    }

    /// Ranks with at least one known card, the 1s included.
    fn known_ranks(&self) -> usize {
        let others: usize = (0..8)
            .filter(|&i| KINDS[i].0 > 0)
            .map(|i| usize::from(self.count[i]))
            .sum();
        others + usize::from(self.ones > 0)
    }

    fn known_cards(&self) -> usize {
        let others: usize = (0..8)
            .map(|i| usize::from(self.count[i]) * usize::from(KINDS[i].0))
            .sum();
        others + usize::from(self.ones)
    }

    /// One rank of kind `from` becomes (known, unknown).
    fn moved(mut self, from: usize, known: u8, unknown: u8) -> Cards {
        self.count[from] -= 1;
        if let Some(to) = kind(known, unknown) {
            self.count[to] += 1;
        }
        self
    }

    fn key(&self, passed: bool) -> u64 {
        let mut key = 0u64;
        for c in self.count {
            key = key << 4 | u64::from(c);
        }
        key << 2 | u64::from(self.ones) << 1 | u64::from(passed)
    }
}

/// A value at level U: the mover's points in halves and the draw chance,
/// both over 2·U!.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Num {
    mover: BigInt,
    draw: BigInt,
}

impl Num {
    fn zero() -> Num {
        Num {
            mover: BigInt::default(),
            draw: BigInt::default(),
        }
    }

    fn add_times(&mut self, count: usize, x: &Num) {
        let c = BigInt::from(count);
        self.mover += &c * &x.mover;
        self.draw += &c * &x.draw;
    }

    /// Better for the mover: more points, then fewer draws.
    fn better(&self, other: &Num) -> bool {
        self.mover > other.mover || (self.mover == other.mover && self.draw < other.draw)
    }
}

fn keep_best(best: &mut Option<Num>, x: Num) {
    if best.as_ref().map_or(true, |b| x.better(b)) {
        *best = Some(x);
    }
}

/// The memoised recurrence; one per process is enough for every K ≤ 13.
pub struct RankSolver {
    factorials: Vec<BigInt>,
    memo: HashMap<u64, Num>,
}

impl Default for RankSolver {
    fn default() -> Self {
        Self::new()
    }
}

impl RankSolver {
    /// A solver for decks of up to [`super::MAX_RANKS`] ranks.
    #[must_use]
    pub fn new() -> RankSolver {
        let mut factorials = vec![BigInt::one()];
        for i in 1..=4 * super::MAX_RANKS {
            let next = &factorials[i - 1] * BigInt::from(i);
            factorials.push(next);
        }
        RankSolver {
            factorials,
            memo: HashMap::new(),
        }
    }

    /// States solved so far.
    #[must_use]
    pub fn states(&self) -> usize {
        self.memo.len()
    }

    /// Every state solved so far with its value, in [`RankState`] order.
    #[must_use]
    pub fn solved(&self) -> Vec<(RankState, RankValue)> {
        let mut out: Vec<(RankState, RankValue)> = self
            .memo
            .iter()
            .map(|(&key, x)| {
                let passed = key & 1 == 1;
                let ones = u8::try_from(key >> 1 & 1).expect("a bit");
                let mut rest = key >> 2;
                let mut count = [0u8; 8];
                for i in (0..8).rev() {
                    count[i] = u8::try_from(rest & 15).expect("four bits");
                    rest >>= 4;
                }
                let cards = Cards { count, ones };
                let mut others = Vec::new();
                for (i, &c) in count.iter().enumerate() {
                    others.extend(std::iter::repeat(KINDS[i]).take(usize::from(c)));
                }
                others.sort_unstable();
                let den = self.scale(cards.unknown()) * 2u32;
                let state = RankState {
                    ones_known: ones,
                    others,
                    passed,
                };
                let value = RankValue {
                    mover: BigRational::new(x.mover.clone(), den.clone()),
                    draw: BigRational::new(x.draw.clone(), den),
                };
                (state, value)
            })
            .collect();
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out
    }

    fn scale(&self, u: usize) -> &BigInt {
        &self.factorials[u]
    }

    fn win(&self, u: usize) -> Num {
        Num {
            mover: self.scale(u) * 2u32,
            draw: BigInt::default(),
        }
    }

    fn loss() -> Num {
        Num::zero()
    }

    fn drawn(&self, u: usize) -> Num {
        Num {
            mover: self.scale(u).clone(),
            draw: self.scale(u) * 2u32,
        }
    }

    /// The opponent's value, at level u, seen from the mover.
    fn swapped(&self, x: &Num, u: usize) -> Num {
        Num {
            mover: self.scale(u) * 2u32 - &x.mover,
            draw: x.draw.clone(),
        }
    }

    /// The value of `s`, `None` if it has more than 4·13 cards or a rank
    /// that is not one of the eight kinds.
    pub fn value(&mut self, s: &RankState) -> Option<RankValue> {
        if s.ones_known >= 2 {
            return Some(RankValue {
                mover: BigRational::one(),
                draw: BigRational::default(),
            });
        }
        let mut cards = Cards {
            count: [0; 8],
            ones: s.ones_known,
        };
        for &(known, unknown) in &s.others {
            let i = kind(known, unknown)?;
            cards.count[i] += 1;
        }
        if cards.unknown() + cards.known_cards() > 4 * super::MAX_RANKS {
            return None;
        }
        let u = cards.unknown();
        let x = self.solve(cards, s.passed);
        let den = self.scale(u) * 2u32;
        Some(RankValue {
            mover: BigRational::new(x.mover, den.clone()),
            draw: BigRational::new(x.draw, den),
        })
    }

    /// The value at the start with `ranks` ranks of four.
    ///
    /// # Panics
    /// If `ranks` is 0 or more than [`super::MAX_RANKS`].
    pub fn start(&mut self, ranks: usize) -> RankValue {
        assert!((1..=super::MAX_RANKS).contains(&ranks), "1 ≤ K ≤ 13");
        self.value(&RankState::start(ranks)).expect("a start")
    }

    /// The mover's numerators at level `cards.unknown()`.
    fn solve(&mut self, cards: Cards, passed: bool) -> Num {
        let key = cards.key(passed);
        if let Some(x) = self.memo.get(&key) {
            return x.clone();
        }
        let u = cards.unknown();
        let mut best: Option<Num> = None;
        // Take a known pair of a rank other than 1 and go on.
        for (i, &(known, unknown)) in KINDS.iter().enumerate() {
            if cards.count[i] > 0 && known >= 2 {
                let x = self.solve(cards.moved(i, known - 2, unknown), false);
                keep_best(&mut best, x);
            }
        }
        // Pass: two known cards of different ranks.
        if cards.known_ranks() >= 2 {
            let x = if passed {
                self.drawn(u)
            } else {
                let y = self.solve(cards, true);
                self.swapped(&y, u)
            };
            keep_best(&mut best, x);
        }
        // An unknown card first: Σ over its rank of (cards) · best second.
        let mut mean = Num::zero();
        let x = self.first_one(cards, u);
        mean.add_times(usize::from(4 - cards.ones), &x);
        for (i, &(_, unknown)) in KINDS.iter().enumerate() {
            if cards.count[i] > 0 && unknown > 0 {
                let x = self.first_other(cards, u, i);
                mean.add_times(usize::from(cards.count[i]) * usize::from(unknown), &x);
            }
        }
        keep_best(&mut best, mean);
        let x = best.expect("an unknown card is always left");
        self.memo.insert(key, x.clone());
        x
    }

    /// The opponent to move on `after` (level u), from the mover's side;
    /// two known 1s left to the opponent lose.
    fn handed_over(&mut self, after: Cards, u: usize) -> Num {
        if after.ones >= 2 {
            return Self::loss();
        }
        let y = self.solve(after, false);
        self.swapped(&y, u)
    }

    /// The best second card (level u − 1) once the first shows a 1.
    fn first_one(&mut self, cards: Cards, u: usize) -> Num {
        let level = u - 1;
        if cards.ones == 1 {
            // The known 1 answers it: the 1s are taken.
            return self.win(level);
        }
        let mut best: Option<Num> = None;
        let shown = Cards { ones: 1, ..cards };
        // A known card of another rank: no pair.
        if cards.known_cards() >= 1 {
            let x = self.handed_over(shown, level);
            keep_best(&mut best, x);
        }
        // An unknown card: three 1s among the u − 1 left win.
        let mut mean = Num::zero();
        mean.add_times(3, &self.win(level - 1));
        for (j, &(known, unknown)) in KINDS.iter().enumerate() {
            if cards.count[j] > 0 && unknown > 0 {
                let after = shown.moved(j, known + 1, unknown - 1);
                let x = self.handed_over(after, level - 1);
                mean.add_times(usize::from(cards.count[j]) * usize::from(unknown), &x);
            }
        }
        keep_best(&mut best, mean);
        best.expect("an unknown second card")
    }

    /// The best second card (level u − 1) once the first shows a card of a
    /// rank of kind `i`.
    fn first_other(&mut self, cards: Cards, u: usize, i: usize) -> Num {
        let level = u - 1;
        let (known, unknown) = KINDS[i];
        let mut best: Option<Num> = None;
        // A known card of the same rank: a pair, the mover goes on.
        if known >= 1 {
            let x = self.solve(cards.moved(i, known - 1, unknown - 1), false);
            keep_best(&mut best, x);
        }
        let shown = cards.moved(i, known + 1, unknown - 1);
        // A known card of another rank: no pair.
        if cards.known_cards() > usize::from(known) {
            let x = self.handed_over(shown, level);
            keep_best(&mut best, x);
        }
        // An unknown card.
        let mut mean = Num::zero();
        if unknown >= 2 {
            let x = self.solve(cards.moved(i, known, unknown - 2), false);
            mean.add_times(usize::from(unknown - 1), &x);
        }
        {
            // A 1.
            let after = Cards {
                ones: shown.ones + 1,
                ..shown
            };
            let x = self.handed_over(after, level - 1);
            mean.add_times(usize::from(4 - cards.ones), &x);
        }
        for (j, &(kj, uj)) in KINDS.iter().enumerate() {
            // Ranks of kind j other than the first card's own.
            let ranks = usize::from(cards.count[j]) - usize::from(j == i);
            if ranks > 0 && uj > 0 {
                let after = shown.moved(j, kj + 1, uj - 1);
                let x = self.handed_over(after, level - 1);
                mean.add_times(ranks * usize::from(uj), &x);
            }
        }
        keep_best(&mut best, mean);
        best.expect("an unknown second card")
    }
}
