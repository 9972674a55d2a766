//! The deck of ranks of four solved by a recurrence over the multiset of
//! per-rank states (document 004 §2.1's counting idea, one level finer).
//!
//! **State.** A rank other than 1 is (known, unknown) cards with known +
//! unknown = 4 (no pair of it taken) or 2 (one pair taken): eight kinds,
//! (0,4) (1,3) (2,2) (3,1) (4,0) (0,2) (1,1) (2,0); a rank with both pairs
//! taken has no cards and no say, since other pairs score nothing. Ranks of
//! one kind are interchangeable, so a state is the count of ranks of each
//! kind, the 1s known (0 or 1: with two known the mover takes them) and the
//! pass flag: C(S + 8, 8) · 4 states for at most S ranks other than 1,
//! 503,880 for S = 12 (K = 13).
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
//! number of a state with U unknown cards is an integer over 2·U!, at most
//! 2·U! (so 2·52! < 2^228 bounds them all: four `u64` limbs); a known pair
//! taken keeps U, a card turned lowers it by one. A step is integer
//! multiply-adds by card counts (in `u64` limbs, `variants::limbs`), and options
//! compare as integers.
//!
//! **One table for every K** (the wing's SPEC.md, "Memory variants: a deck of ranks of four").
//! A deck of K ranks is the state of K − 1 ranks of kind
//! (0,4); a state of a smaller deck is a state of the 13-rank deck once the
//! missing ranks are taken whole, and its scale 2·U! depends on its own
//! unknown cards only. So one table over every count vector of at most S
//! ranks holds every deck of up to S + 1 ranks. A state is a dense index
//! (the count vector ranked among those of sum ≤ S, times the 1s known),
//! and the table is filled in order of (U, known cards): every turn but a
//! pass takes a pair (U, two known cards fewer) or turns an unknown card
//! (U − 1 or U − 2), and a pass reads the same cards with the flag set,
//! solved in the same step. The pass flag changes only the pass option, so
//! the rest of a turn is solved once for both flags.

use super::{RankState, RankValue};
use crate::variants::limbs::{cmp, combine, sub_from, to_biguint};
use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::One;
use std::cmp::Ordering;

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

/// Limbs of every number: 2·52! < 2^228.
const LIMBS: usize = 4;

/// Ranks other than 1 in the largest deck.
const MAX_OTHERS: usize = super::MAX_RANKS - 1;

/// The kind of (known, unknown), `None` for a rank with no cards left.
fn kind(known: u8, unknown: u8) -> Option<usize> {
    if known + unknown == 0 {
        return None;
    }
    KINDS.iter().position(|&k| k == (known, unknown))
}

/// A position: ranks of each kind, the 1s known (0 or 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
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

    fn ranks(&self) -> usize {
        self.count.iter().map(|&c| usize::from(c)).sum()
    }

    /// One rank of kind `from` becomes (known, unknown).
    fn moved(mut self, from: usize, known: u8, unknown: u8) -> Cards {
        self.count[from] -= 1;
        if let Some(to) = kind(known, unknown) {
            self.count[to] += 1;
        }
        self
    }

    /// The state's ranks other than 1, sorted, as [`RankState`] lists them.
    fn others(&self) -> Vec<(u8, u8)> {
        let mut others = Vec::new();
        for (i, &c) in self.count.iter().enumerate() {
            others.extend(std::iter::repeat(KINDS[i]).take(usize::from(c)));
        }
        others.sort_unstable();
        others
    }
}

/// A number of a level: little-endian limbs, the top ones zero below
/// level 46.
type Num = [u64; LIMBS];

/// A value at level U: the mover's points in halves and the draw chance,
/// both over 2·U!.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Value {
    mover: Num,
    draw: Num,
}

impl Value {
    /// Better for the mover: more points, then fewer draws.
    fn better(&self, other: &Value) -> bool {
        match cmp(&self.mover, &other.mover) {
            Ordering::Greater => true,
            Ordering::Equal => cmp(&self.draw, &other.draw) == Ordering::Less,
            Ordering::Less => false,
        }
    }
}

fn keep_best(best: &mut Option<Value>, x: Value) {
    if best.as_ref().map_or(true, |b| x.better(b)) {
        *best = Some(x);
    }
}

/// What a term of a mixture reads.
#[derive(Debug, Clone, Copy)]
enum Read {
    /// The mover's value of the state at this position (pass flag clear).
    Own(u32),
    /// The same, the opponent to move: the mover has 2·L! less it.
    Opp(u32),
    /// The mover takes the 1s: 2·L!, no draw.
    Win,
    /// The opponent takes the 1s: 0.
    Loss,
}

/// Σ count · read over states of level `level` (an option of a second
/// card), at most eight terms.
#[derive(Debug, Clone, Copy)]
struct Mix {
    level: usize,
    len: usize,
    terms: [(u64, Read); 8],
}

impl Mix {
    fn new(level: usize) -> Mix {
        Mix {
            level,
            len: 0,
            terms: [(0, Read::Loss); 8],
        }
    }

    fn one(level: usize, read: Read) -> Mix {
        let mut m = Mix::new(level);
        m.push(1, read);
        m
    }

    fn push(&mut self, count: u64, read: Read) {
        self.terms[self.len] = (count, read);
        self.len += 1;
    }

    fn terms(&self) -> &[(u64, Read)] {
        &self.terms[..self.len]
    }
}

/// The first card of one rank class: how many unknown cards show it and
/// the mover's options for the second card (at most three), all of level
/// U − 1.
#[derive(Debug, Clone, Copy)]
struct First {
    cards: u64,
    len: usize,
    options: [Mix; 3],
}

/// A turn of a state with U unknown cards: the known pairs it may take
/// (states of level U), whether it may pass, and the rank classes of an
/// unknown first card (at most seven: the 1s and six kinds).
struct Plan {
    takes: [u32; 4],
    take_len: usize,
    pass: bool,
    firsts: [First; 7],
    first_len: usize,
}

/// The count vectors of at most `bound` ranks over the eight kinds, ranked
/// in lexicographic order (compositions of `bound` into nine parts, the
/// ninth the ranks not on the table).
struct Index {
    bound: usize,
    /// `steps[(i · (bound + 1) + rem) · (bound + 1) + c]`: the vectors with
    /// the same counts before kind i, rem ranks left for kinds ≥ i, and
    /// fewer than c of kind i.
    steps: Vec<u32>,
}

impl Index {
    fn new(bound: usize) -> Index {
        let side = bound + 1;
        // Compositions of n into `parts` parts: C(n + parts − 1, parts − 1).
        let compositions = |parts: usize, n: usize| -> u32 {
            let mut x = 1u64;
            for j in 1..parts {
                x = x * (n + j) as u64 / j as u64;
            }
            u32::try_from(x).expect("C(20, 8) fits")
        };
        let mut steps = vec![0u32; 8 * side * side];
        for i in 0..8 {
            for rem in 0..=bound {
                let mut below = 0u32;
                for c in 0..=rem {
                    steps[(i * side + rem) * side + c] = below;
                    below += compositions(8 - i, rem - c);
                }
            }
        }
        Index { bound, steps }
    }

    fn len(&self) -> usize {
        let mut x = 1usize;
        for j in 1..=8 {
            x = x * (self.bound + j) / j;
        }
        x
    }

    fn rank(&self, count: &[u8; 8]) -> usize {
        let side = self.bound + 1;
        let (mut at, mut rem) = (0usize, self.bound);
        for (i, &c) in count.iter().enumerate() {
            let c = usize::from(c);
            at += self.steps[(i * side + rem) * side + c] as usize;
            rem -= c;
        }
        at
    }

    /// Every count vector, in rank order.
    fn all(&self) -> Vec<[u8; 8]> {
        fn fill(i: usize, rem: u8, count: &mut [u8; 8], out: &mut Vec<[u8; 8]>) {
            if i == 8 {
                out.push(*count);
                return;
            }
            for c in 0..=rem {
                count[i] = c;
                fill(i + 1, rem - c, count, out);
            }
            count[i] = 0;
        }
        let mut out = Vec::with_capacity(self.len());
        let bound = u8::try_from(self.bound).expect("at most 12 ranks");
        fill(0, bound, &mut [0; 8], &mut out);
        out
    }
}

/// The solved table of every state of at most `index.bound` ranks other
/// than 1.
struct Table {
    index: Index,
    /// Position in the order of solving, by `rank · 2 + ones`.
    position: Vec<u32>,
    /// The cards at each position.
    cards: Vec<Cards>,
    /// The mover's value, pass flag clear, by position.
    fresh: Vec<Value>,
    /// The mover's value after the opponent's pass, by position.
    passed: Vec<Value>,
}

/// u! and 2·u! for u ≤ 52, and the limbs 2·u! needs.
struct Scales {
    once: Vec<Num>,
    twice: Vec<Num>,
    width: Vec<usize>,
}

impl Scales {
    fn new() -> Scales {
        let limbs = |x: &BigUint| -> Num {
            let digits = x.to_u64_digits();
            assert!(digits.len() <= LIMBS, "2·52! fits in four limbs");
            let mut n = [0u64; LIMBS];
            n[..digits.len()].copy_from_slice(&digits);
            n
        };
        let (mut once, mut twice, mut width) = (Vec::new(), Vec::new(), Vec::new());
        let mut f = BigUint::one();
        for u in 0..=4 * super::MAX_RANKS {
            if u > 0 {
                f *= BigUint::from(u);
            }
            let double = &f * 2u32;
            once.push(limbs(&f));
            twice.push(limbs(&double));
            width.push(double.to_u64_digits().len());
        }
        Scales { once, twice, width }
    }
}

impl Table {
    fn at(&self, cards: &Cards) -> u32 {
        self.position[self.index.rank(&cards.count) * 2 + usize::from(cards.ones)]
    }

    /// The turn of `c` with its reads resolved to positions.
    fn plan(&self, c: Cards) -> Plan {
        let u = c.unknown();
        let mut plan = Plan {
            takes: [0; 4],
            take_len: 0,
            pass: c.known_ranks() >= 2,
            firsts: [First {
                cards: 0,
                len: 0,
                options: [Mix::new(0); 3],
            }; 7],
            first_len: 0,
        };
        // Take a known pair of a rank other than 1 and go on.
        for (i, &(known, unknown)) in KINDS.iter().enumerate() {
            if c.count[i] > 0 && known >= 2 {
                plan.takes[plan.take_len] = self.at(&c.moved(i, known - 2, unknown));
                plan.take_len += 1;
            }
        }
        let mut add = |cards: u64, options: &[Mix]| {
            let mut first = First {
                cards,
                len: options.len(),
                options: [Mix::new(0); 3],
            };
            first.options[..options.len()].copy_from_slice(options);
            plan.firsts[plan.first_len] = first;
            plan.first_len += 1;
        };
        let (level, low) = (u - 1, u.saturating_sub(2));
        // The first card a 1.
        if c.ones == 1 {
            // The known 1 answers it: the 1s are taken.
            let mut won = Mix::new(level);
            won.push(1, Read::Win);
            add(3, &[won]);
        } else {
            let shown = Cards { ones: 1, ..c };
            let mut unknown = Mix::new(low);
            // Three 1s among the u − 1 left win.
            unknown.push(3, Read::Win);
            for (j, &(kj, uj)) in KINDS.iter().enumerate() {
                if c.count[j] > 0 && uj > 0 {
                    let after = self.at(&shown.moved(j, kj + 1, uj - 1));
                    unknown.push(u64::from(c.count[j]) * u64::from(uj), Read::Opp(after));
                }
            }
            if c.known_cards() >= 1 {
                // A known card of another rank: no pair.
                add(4, &[Mix::one(level, Read::Opp(self.at(&shown))), unknown]);
            } else {
                add(4, &[unknown]);
            }
        }
        // The first card of a rank of kind i.
        for (i, &(known, unknown)) in KINDS.iter().enumerate() {
            if c.count[i] == 0 || unknown == 0 {
                continue;
            }
            let mut options = [Mix::new(0); 3];
            let mut len = 0;
            // A known card of the same rank: a pair, the mover goes on.
            if known >= 1 {
                let pair = self.at(&c.moved(i, known - 1, unknown - 1));
                options[len] = Mix::one(level, Read::Own(pair));
                len += 1;
            }
            let shown = c.moved(i, known + 1, unknown - 1);
            // A known card of another rank: no pair.
            if c.known_cards() > usize::from(known) {
                options[len] = Mix::one(level, Read::Opp(self.at(&shown)));
                len += 1;
            }
            // An unknown card: of the same rank, a 1, or another rank.
            let mut mean = Mix::new(low);
            if unknown >= 2 {
                let pair = self.at(&c.moved(i, known, unknown - 2));
                mean.push(u64::from(unknown - 1), Read::Own(pair));
            }
            let one = if c.ones == 0 {
                Read::Opp(self.at(&Cards { ones: 1, ..shown }))
            } else {
                Read::Loss
            };
            mean.push(u64::from(4 - c.ones), one);
            for (j, &(kj, uj)) in KINDS.iter().enumerate() {
                let ranks = c.count[j] - u8::from(j == i);
                if ranks > 0 && uj > 0 {
                    let after = self.at(&shown.moved(j, kj + 1, uj - 1));
                    mean.push(u64::from(ranks) * u64::from(uj), Read::Opp(after));
                }
            }
            options[len] = mean;
            len += 1;
            add(u64::from(c.count[i]) * u64::from(unknown), &options[..len]);
        }
        plan
    }

    /// The value of a mixture, of level `level + 1` if its counts add up
    /// to level + 1 and of `level` if they add up to 1, in `width` limbs:
    /// (wins + Σ opp counts)·2·L! + Σ own − Σ opp for the points, Σ of
    /// every read for the draws.
    fn mix(&self, scales: &Scales, m: &Mix, width: usize) -> Value {
        let empty: &[u64] = &[];
        let mut plus = [(0u64, empty); 9];
        let mut minus = [(0u64, empty); 8];
        let mut draws = [(0u64, empty); 8];
        let (mut np, mut nm, mut nd) = (1, 0, 0);
        let mut scale = 0u64;
        for &(count, read) in m.terms() {
            match read {
                Read::Own(at) => {
                    let x = &self.fresh[at as usize];
                    plus[np] = (count, &x.mover[..width]);
                    np += 1;
                    draws[nd] = (count, &x.draw[..width]);
                    nd += 1;
                }
                Read::Opp(at) => {
                    let x = &self.fresh[at as usize];
                    scale += count;
                    minus[nm] = (count, &x.mover[..width]);
                    nm += 1;
                    draws[nd] = (count, &x.draw[..width]);
                    nd += 1;
                }
                Read::Win => scale += count,
                Read::Loss => {}
            }
        }
        plus[0] = (scale, &scales.twice[m.level][..width]);
        let mut out = Value::default();
        let mut gross = [0u64; LIMBS];
        combine(&mut gross[..width], &plus[..np]);
        let mut less = [0u64; LIMBS];
        combine(&mut less[..width], &minus[..nm]);
        sub_from(&mut out.mover[..width], &gross[..width], &less[..width]);
        combine(&mut out.draw[..width], &draws[..nd]);
        out
    }

    /// Solves the state at `at` (its reads solved before it).
    fn solve(&mut self, scales: &Scales, at: usize) {
        let c = self.cards[at];
        let plan = self.plan(c);
        let u = c.unknown();
        let (w, w1) = (scales.width[u], scales.width[u - 1]);
        // An unknown card first: Σ over its rank class of (cards) · best
        // second.
        let mut bests = [Value::default(); 7];
        for (best, first) in bests.iter_mut().zip(&plan.firsts[..plan.first_len]) {
            let mut pick: Option<Value> = None;
            for option in &first.options[..first.len] {
                keep_best(&mut pick, self.mix(scales, option, w1));
            }
            *best = pick.expect("an unknown second card");
        }
        let mut mean = Value::default();
        {
            let empty: &[u64] = &[];
            let mut movers = [(0u64, empty); 7];
            let mut draws = [(0u64, empty); 7];
            for ((m, d), (f, b)) in movers
                .iter_mut()
                .zip(draws.iter_mut())
                .zip(plan.firsts[..plan.first_len].iter().zip(&bests))
            {
                *m = (f.cards, &b.mover[..w]);
                *d = (f.cards, &b.draw[..w]);
            }
            combine(&mut mean.mover[..w], &movers[..plan.first_len]);
            combine(&mut mean.draw[..w], &draws[..plan.first_len]);
        }
        let mut best = Some(mean);
        for &take in &plan.takes[..plan.take_len] {
            keep_best(&mut best, self.fresh[take as usize]);
        }
        let turn = best.expect("an unknown card is always left");
        // Pass: two known cards of different ranks; after a pass it ends
        // the game drawn, else the opponent moves on the same cards with
        // the flag set.
        let (fresh, passed) = if plan.pass {
            // Half a point over 2·U! is U!; a certain draw is 2·U!.
            let drawn = Value {
                mover: scales.once[u],
                draw: scales.twice[u],
            };
            let mut after = Some(turn);
            keep_best(&mut after, drawn);
            let after = after.expect("a turn");
            let mut swapped = Value {
                mover: [0; LIMBS],
                draw: after.draw,
            };
            sub_from(
                &mut swapped.mover[..w],
                &scales.twice[u][..w],
                &after.mover[..w],
            );
            let mut now = Some(turn);
            keep_best(&mut now, swapped);
            (now.expect("a turn"), after)
        } else {
            (turn, turn)
        };
        self.fresh[at] = fresh;
        self.passed[at] = passed;
    }

    /// Every state of at most `bound` ranks other than 1, solved.
    fn build(bound: usize, scales: &Scales) -> Table {
        let index = Index::new(bound);
        let all = index.all();
        let mut order: Vec<(usize, usize, usize)> = Vec::with_capacity(2 * all.len());
        let mut cards_of = Vec::with_capacity(2 * all.len());
        for (r, &count) in all.iter().enumerate() {
            for ones in 0..2u8 {
                let c = Cards { count, ones };
                order.push((c.unknown(), c.known_cards(), cards_of.len()));
                debug_assert_eq!(
                    index.rank(&count) * 2 + usize::from(ones),
                    2 * r + usize::from(ones)
                );
                cards_of.push(c);
            }
        }
        // Levels up, and in a level fewer known cards first: what a state
        // reads is solved before it.
        order.sort_unstable();
        let mut position = vec![0u32; order.len()];
        let mut cards = Vec::with_capacity(order.len());
        for (at, &(_, _, id)) in order.iter().enumerate() {
            position[id] = u32::try_from(at).expect("fewer than 2^32 states");
            cards.push(cards_of[id]);
        }
        let n = cards.len();
        let mut table = Table {
            index,
            position,
            cards,
            fresh: vec![Value::default(); n],
            passed: vec![Value::default(); n],
        };
        for at in 0..n {
            table.solve(scales, at);
        }
        table
    }
}

/// The recurrence's table; one per process is enough for every K ≤ 13.
pub struct RankSolver {
    scales: Scales,
    table: Option<Table>,
    /// The states asked for, whose reach [`RankSolver::solved`] lists.
    asked: Vec<(Cards, bool)>,
}

impl Default for RankSolver {
    fn default() -> Self {
        Self::new()
    }
}

impl RankSolver {
    /// A solver for decks of up to [`super::MAX_RANKS`] ranks; the table is
    /// built at the first question, for the largest deck asked so far.
    #[must_use]
    pub fn new() -> RankSolver {
        RankSolver {
            scales: Scales::new(),
            table: None,
            asked: Vec::new(),
        }
    }

    /// States the table holds (four per count vector: the 1s known, the
    /// pass flag).
    #[must_use]
    pub fn states(&self) -> usize {
        self.table.as_ref().map_or(0, |t| 2 * t.cards.len())
    }

    /// The table for at least `bound` ranks other than 1.
    fn table(&mut self, bound: usize) -> &Table {
        if self.table.as_ref().map_or(true, |t| t.index.bound < bound) {
            self.table = Some(Table::build(bound, &self.scales));
        }
        self.table.as_ref().expect("built")
    }

    fn value_of(&self, table: &Table, cards: &Cards, passed: bool) -> RankValue {
        let at = table.at(cards) as usize;
        let x = if passed {
            &table.passed[at]
        } else {
            &table.fresh[at]
        };
        let den = BigInt::from(to_biguint(&self.scales.twice[cards.unknown()]));
        RankValue {
            mover: BigRational::new(BigInt::from(to_biguint(&x.mover)), den.clone()),
            draw: BigRational::new(BigInt::from(to_biguint(&x.draw)), den),
        }
    }

    /// Every state reached from the states asked for so far (the moves of
    /// the recurrence: the same states the memoised search visited), with
    /// its value, in [`RankState`] order.
    #[must_use]
    pub fn solved(&self) -> Vec<(RankState, RankValue)> {
        let Some(table) = self.table.as_ref() else {
            return Vec::new();
        };
        let mut seen = vec![[false; 2]; table.cards.len()];
        let mut stack: Vec<(u32, bool)> = Vec::new();
        for (c, passed) in &self.asked {
            stack.push((table.at(c), *passed));
        }
        let mut out = Vec::new();
        while let Some((at, passed)) = stack.pop() {
            let mark = &mut seen[at as usize][usize::from(passed)];
            if *mark {
                continue;
            }
            *mark = true;
            let c = table.cards[at as usize];
            out.push((
                RankState {
                    ones_known: c.ones,
                    others: c.others(),
                    passed,
                },
                self.value_of(table, &c, passed),
            ));
            let plan = table.plan(c);
            if plan.pass && !passed {
                stack.push((at, true));
            }
            stack.extend(plan.takes[..plan.take_len].iter().map(|&t| (t, false)));
            for first in &plan.firsts[..plan.first_len] {
                for option in &first.options[..first.len] {
                    for &(_, read) in option.terms() {
                        if let Read::Own(t) | Read::Opp(t) = read {
                            stack.push((t, false));
                        }
                    }
                }
            }
        }
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out
    }

    /// The value of `s`, `None` if it is no position of a deck of at most
    /// 13 ranks (more than 12 ranks other than 1, or a rank that is not one
    /// of the eight kinds).
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
        if s.others.len() > MAX_OTHERS {
            return None;
        }
        for &(known, unknown) in &s.others {
            let i = kind(known, unknown)?;
            cards.count[i] += 1;
        }
        self.table(cards.ranks());
        self.asked.push((cards, s.passed));
        let table = self.table.as_ref().expect("built");
        Some(self.value_of(table, &cards, s.passed))
    }

    /// The value at the start with `ranks` ranks of four.
    ///
    /// # Panics
    /// If `ranks` is 0 or more than [`super::MAX_RANKS`].
    pub fn start(&mut self, ranks: usize) -> RankValue {
        assert!((1..=super::MAX_RANKS).contains(&ranks), "1 ≤ K ≤ 13");
        self.value(&RankState::start(ranks)).expect("a start")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_index_ranks_every_count_vector_in_order() {
        for bound in [0, 1, 3, 12] {
            let index = Index::new(bound);
            let all = index.all();
            assert_eq!(all.len(), index.len(), "bound {bound}");
            for (r, count) in all.iter().enumerate() {
                assert_eq!(index.rank(count), r, "bound {bound}, {count:?}");
            }
        }
        assert_eq!(Index::new(12).len(), 125_970);
    }
}
