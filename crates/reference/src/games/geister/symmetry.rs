//! The board's left–right mirror image (files a ↔ d, b ↔ c, ranks kept) and
//! the tables reduced by it.
//!
//! Document 003 §2: 「ミニガイスターは左右対称なゲームなので、その性質を利用して配置数を
//! 1/2 ほどに減らすことも可能だが」 — Mini-Geister is left–right symmetric, so
//! the number of positions can be about halved (the authors' tables were small
//! enough without it). The mirror maps every square's neighbours to the mirror
//! square's neighbours, each side's escape squares onto themselves (a4 ↔ d4,
//! a1 ↔ d1) and the start squares onto themselves (b1 ↔ c1, b4 ↔ c4). Every
//! analysis's rules ([`super::analysis`]) speak only of those, of colours and
//! of the values of other analyses' positions, so a position and its mirror
//! image have the same value and distance in every analysis (SPEC.md, Mini-
//! Geister, gives the argument analysis by analysis; `tests/geister_symmetry.rs`
//! checks it on every position).
//!
//! Not to be confused with §5's mirror *strategy* ([`super::mirror`]), which
//! reflects the board top to bottom and exchanges the players.
//!
//! **Canonical index** ([`Canonical`]). Of a position and its mirror image a
//! reduced table stores one, the *canonical* image: the one with the smaller
//! index in [`Space`]. Within a piece set and side to move [`Space`] orders
//! positions group by group by the colex rank of the group's squares, and colex
//! order is the order of the square sets read as numbers: so the canonical
//! image is the one whose squares are smaller at the first group that is not
//! its own mirror image, found without indexing. The slots number the
//! canonical positions as [`Space`] numbers all of them, except that the
//! first group's squares run only over the sets not larger than their mirror
//! image (8 of 16 squares for one piece; 64 of 120 pairs, 8 of them
//! symmetric, for two; 280 of 560 triples). Where the first group is its own
//! mirror image (two pieces on b1 and c1, say) the later groups decide, and
//! the slots of the positions that are not canonical are *holes*: they hold
//! no position, and the engine sees each as a state that never ends.
//!
//! **The reduced graph.** A slot's moves are its position's moves, each
//! counted as a move into the slot of its target's canonical image — so two
//! moves of a position may lead into one slot, to a position and to its mirror
//! image (the engine counts both, [`crate::solve::retrograde::ReversibleGraph`]).
//! The predecessors of a slot are the un-moves of its position, each passed
//! as the slot of the predecessor's canonical image, which covers the moves
//! into the mirror image as well (a position moves to the mirror image exactly
//! when its own mirror image moves to the position). Counted as moves: a
//! symmetric predecessor of a position that is not symmetric has two moves
//! into the slot (to the position and to its image) and is passed twice; a
//! symmetric position's predecessors come in mirror pairs with one move each
//! into it, and only the canonical one of each pair is passed.

use super::index::{colex_subset, divide, group_rank, masks, Decoded, Slots, Space, Unmove};
use super::rules::{Army, PieceSet, Position, Squares, Step};
use crate::core::Player;
use std::ops::Range;

/// `REFLECT_BYTE[b]`: byte `b` (two ranks of four files) with the files of
/// each rank reversed.
static REFLECT_BYTE: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let mut r = 0u8;
        let mut bit = 0;
        while bit < 8 {
            if b & (1 << bit) != 0 {
                // File f of a rank (bit f or 4 + f) goes to file 3 − f.
                r |= 1 << ((bit & 4) | (3 - (bit & 3)));
            }
            bit += 1;
        }
        t[b] = r;
        b += 1;
    }
    t
};

/// The squares of `set` reflected left to right: a ↔ d, b ↔ c on every rank.
#[must_use]
pub fn reflect_squares(set: Squares) -> Squares {
    Squares::from(REFLECT_BYTE[usize::from(set & 0xff)])
        | (Squares::from(REFLECT_BYTE[usize::from(set >> 8)]) << 8)
}

/// The position reflected left to right: every piece on the square of the
/// mirrored file and the same rank, the same side to move.
///
/// # Examples
/// ```
/// use solved_games_reference::games::geister::{rules::Position, symmetry::reflect};
/// let p: Position = "Bb1,Rc1/Ba4,Rc3 2".parse().unwrap();
/// assert_eq!(reflect(&p).to_string(), "Rb1,Bc1/Rb3,Bd4 2");
/// ```
#[must_use]
pub fn reflect(p: &Position) -> Position {
    let army = |a: &Army| Army {
        by_colour: a.by_colour.map(reflect_squares),
    };
    Position {
        to_move: p.to_move,
        p1: army(&p.p1),
        p2: army(&p.p2),
    }
}

/// Which positions a solved table stores an entry for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Reduction {
    /// One entry per position and its left–right mirror image
    /// ([`Canonical`]): about half the entries, half the work.
    #[default]
    LeftRight,
    /// One entry per position ([`Space`]): the plain index, kept to check
    /// the reduced tables against and to measure them by.
    Unreduced,
}

/// Which image of a position the canonical index stores.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Image {
    /// The position itself: its index is smaller than its mirror image's.
    Canonical,
    /// The position is its own mirror image.
    Symmetric,
    /// Its mirror image.
    Reflected,
}

/// The image stored for the position with groups `m` (in index order): the
/// first group that is not its own mirror image decides, the smaller square
/// set (the smaller index) being canonical.
pub(super) fn image(m: &[Squares; 6]) -> Image {
    for &x in m {
        let r = reflect_squares(x);
        if x != r {
            return if x < r {
                Image::Canonical
            } else {
                Image::Reflected
            };
        }
    }
    Image::Symmetric
}

fn reflect_masks(m: &[Squares; 6]) -> [Squares; 6] {
    m.map(reflect_squares)
}

/// The first group with pieces of one layout, the most significant digit of
/// its placements, restricted to the square sets not larger than their
/// mirror image.
#[derive(Debug, Clone)]
struct First {
    /// Which group (index order).
    group: usize,
    /// Placements of the later groups: what one step of the first group's
    /// digit adds.
    weight: u32,
    /// Per colex rank of the group's squares, its digit; `u16::MAX` where
    /// the squares are larger than their mirror image.
    digit: Vec<u16>,
    /// Per digit, the colex rank.
    rank: Vec<u16>,
    /// Per digit, whether the squares are their own mirror image.
    symmetric: Vec<bool>,
    /// Per colex rank (not larger than the mirror image's), what the
    /// rank's step from the plain index to the slot takes away: (rank −
    /// digit) × weight.
    shift: Vec<u32>,
}

impl First {
    fn new(space: &Space, l: usize) -> First {
        let group = space.first_group(l);
        let size = usize::from(space.groups[l][group]);
        let sets = space.radices[l][group] as usize;
        let mut first = First {
            group,
            weight: space.weights[l][group],
            digit: vec![u16::MAX; sets],
            rank: Vec::new(),
            symmetric: Vec::new(),
            shift: vec![u32::MAX; sets],
        };
        for r in 0..sets {
            let m = colex_subset(size, r);
            let mirror = reflect_squares(m);
            if m <= mirror {
                let digit = first.rank.len();
                first.digit[r] = digit as u16;
                first.shift[r] = (r - digit) as u32 * first.weight;
                first.rank.push(r as u16);
                first.symmetric.push(m == mirror);
            }
        }
        first
    }

    fn digits(&self) -> usize {
        self.rank.len()
    }
}

/// The canonical index: one slot per position and its mirror image (see the
/// module documentation), over the piece sets of a [`Space`].
#[derive(Debug, Clone)]
pub struct Canonical {
    space: Space,
    first: Vec<First>,
    /// First slot of each layout.
    offsets: Vec<usize>,
    /// Slots per layout and side to move.
    placements: Vec<usize>,
    /// Per layout and side to move, the first plain index minus the first
    /// slot.
    bases: Vec<[usize; 2]>,
    len: usize,
}

/// A slot taken apart: the plain decoding of its position, and what its
/// predecessors' slots need.
pub(super) struct CanonicalDecoded {
    plain: Decoded,
    /// Plain index minus slot, for the predecessors whose first group is
    /// the position's (the other side to move).
    shift: u32,
    /// The first group is its own mirror image: the later groups decide.
    first_symmetric: bool,
    /// The position is its own mirror image.
    symmetric: bool,
}

impl Canonical {
    /// The canonical index over these piece sets.
    #[must_use]
    pub fn new(layouts: Vec<(PieceSet, PieceSet)>) -> Canonical {
        let space = Space::new(layouts);
        let first: Vec<First> = (0..space.layouts.len())
            .map(|l| First::new(&space, l))
            .collect();
        let placements: Vec<usize> = first
            .iter()
            .map(|f| f.digits() * f.weight as usize)
            .collect();
        let mut offsets = Vec::new();
        let mut len = 0;
        for &n in &placements {
            offsets.push(len);
            len += 2 * n;
        }
        let bases = (0..first.len())
            .map(|l| {
                [0, 1].map(|side| {
                    (space.offsets[l] + side * space.placements[l])
                        - (offsets[l] + side * placements[l])
                })
            })
            .collect();
        Canonical {
            space,
            first,
            offsets,
            placements,
            bases,
            len,
        }
    }

    /// Number of slots (holes included).
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are no slots.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The plain index of every position.
    #[must_use]
    pub fn space(&self) -> &Space {
        &self.space
    }

    /// The slot of `p`'s canonical image, `None` if its piece sets are not
    /// covered.
    #[must_use]
    pub fn slot(&self, p: &Position) -> Option<usize> {
        let mut m = masks(p);
        let l = self.space.layout_of(&m)?;
        if image(&m) == Image::Reflected {
            m = reflect_masks(&m);
        }
        let index = self.space.index_of_masks(l, p.to_move, &m);
        Some(self.slot_of_index(index, l, p.to_move, m[self.first[l].group]))
    }

    /// The position stored at `slot`, `None` for a hole.
    ///
    /// # Panics
    /// If `slot` is out of range.
    #[must_use]
    pub fn position(&self, slot: usize) -> Option<Position> {
        assert!(slot < self.len, "slot {slot} out of range");
        let p = self.space.position(self.plain_index(slot));
        (image(&masks(&p)) != Image::Reflected).then_some(p)
    }

    /// Calls `f` with runs of consecutive slots and the number of positions
    /// each slot of the run stands for: 2 (a position and its mirror image),
    /// 1 (a symmetric position) or 0 (a hole). Every slot is in one run.
    pub fn for_each_images(&self, mut f: impl FnMut(Range<usize>, usize)) {
        for (l, first) in self.first.iter().enumerate() {
            let w = first.weight as usize;
            for side in 0..2 {
                let base = self.offsets[l] + side * self.placements[l];
                for (digit, &symmetric) in first.symmetric.iter().enumerate() {
                    let block = base + digit * w..base + (digit + 1) * w;
                    if !symmetric {
                        f(block, 2);
                        continue;
                    }
                    self.for_each_slot(block, |i, p| {
                        let images = match p.map(|p| image(&masks(p))) {
                            None => 0,
                            Some(Image::Symmetric) => 1,
                            Some(_) => 2,
                        };
                        f(i..i + 1, images);
                    });
                }
            }
        }
    }

    /// The layout, side to move (0 or 1), first-group digit and the rank of
    /// the later groups of `slot`.
    fn split(&self, slot: usize) -> (usize, usize, usize, usize) {
        let l = self.offsets.partition_point(|&o| o <= slot) - 1;
        let mut within = slot - self.offsets[l];
        let side = usize::from(within >= self.placements[l]);
        within -= side * self.placements[l];
        let w = self.first[l].weight as usize;
        (l, side, within / w, within % w)
    }

    /// The plain index of the position at `slot`.
    fn plain_index(&self, slot: usize) -> usize {
        let (l, side, digit, rest) = self.split(slot);
        let first = &self.first[l];
        self.space.offsets[l]
            + side * self.space.placements[l]
            + usize::from(first.rank[digit]) * first.weight as usize
            + rest
    }

    /// Plain index minus slot for layout `l`, side `side` (0 or 1) and
    /// first-group colex rank `rank`.
    fn shift(&self, l: usize, side: usize, rank: usize) -> usize {
        let shift = self.first[l].shift[rank];
        debug_assert!(shift != u32::MAX, "not a canonical first group");
        self.bases[l][side] + shift as usize
    }

    /// The slot of the canonical position with plain index `index`, layout
    /// `l`, `to_move` to move and first group `first`.
    fn slot_of_index(&self, index: usize, l: usize, to_move: Player, first: Squares) -> usize {
        let side = usize::from(to_move == Player::Second);
        index - self.shift(l, side, group_rank(first, 0) as usize)
    }

    /// Passes to `f` the slot of the position of layout `l`, `to_move` to
    /// move, groups `m` and plain index `index`, a predecessor of a position
    /// that is symmetric or not (`into_symmetric`), as often as the rule of
    /// the module documentation says.
    #[inline]
    fn pass(
        &self,
        into_symmetric: bool,
        l: usize,
        to_move: Player,
        index: usize,
        m: &[Squares; 6],
        f: &mut impl FnMut(u32),
    ) {
        let first = &self.first[l];
        let g = first.group;
        let side = usize::from(to_move == Player::Second);
        let slot = |index: usize, m0: Squares| {
            (index - self.bases[l][side]) as u32 - first.shift[group_rank(m0, 0) as usize]
        };
        match image(m) {
            Image::Canonical => f(slot(index, m[g])),
            Image::Symmetric => {
                let slot = slot(index, m[g]);
                f(slot);
                if !into_symmetric {
                    f(slot);
                }
            }
            Image::Reflected => {
                if !into_symmetric {
                    let r = reflect_masks(m);
                    f(slot(self.space.index_of_masks(l, to_move, &r), r[g]));
                }
            }
        }
    }

    /// Passes the slot of the predecessor `u` of `d` to `f`.
    #[inline(always)]
    fn pass_unmove(&self, d: &CanonicalDecoded, u: Unmove, f: &mut impl FnMut(u32)) {
        let l = d.plain.layout;
        if u.group != self.first[l].group && !d.first_symmetric {
            // The first group decides and stays where it is: the predecessor
            // is canonical, in the same run of slots.
            f(u.index.wrapping_sub(d.shift));
            return;
        }
        let mut m = d.plain.masks;
        m[u.group] ^= (1 << u.from) | (1 << u.to);
        let to_move = d.plain.position.to_move.opponent();
        self.pass(d.symmetric, l, to_move, u.index as usize, &m, f);
    }
}

impl Slots for Canonical {
    type Decoded = CanonicalDecoded;

    fn len(&self) -> usize {
        self.len
    }

    fn space(&self) -> &Space {
        &self.space
    }

    fn slot(&self, p: &Position) -> Option<usize> {
        Canonical::slot(self, p)
    }

    fn to_move(&self, slot: usize) -> Player {
        let (_, side, _, _) = self.split(slot);
        if side == 1 {
            Player::Second
        } else {
            Player::First
        }
    }

    fn position_at(&self, slot: usize) -> Option<Position> {
        self.position(slot)
    }

    fn for_each_slot(&self, slots: Range<usize>, mut f: impl FnMut(usize, Option<&Position>)) {
        let mut start = slots.start;
        while start < slots.end {
            // One run of a first-group digit at a time: its plain indices
            // are consecutive.
            let (l, side, digit, rest) = self.split(start);
            let first = &self.first[l];
            let end = (start - rest + first.weight as usize).min(slots.end);
            let plain = start + self.shift(l, side, usize::from(first.rank[digit]));
            let shift = plain - start;
            if first.symmetric[digit] {
                self.space
                    .for_each_position(plain..plain + (end - start), |i, p| {
                        let hole = image(&masks(p)) == Image::Reflected;
                        f(i - shift, (!hole).then_some(p));
                    });
            } else {
                self.space
                    .for_each_position(plain..plain + (end - start), |i, p| f(i - shift, Some(p)));
            }
            start = end;
        }
    }

    fn decode(&self, slot: usize) -> CanonicalDecoded {
        let l = self.offsets.partition_point(|&o| o <= slot) - 1;
        let mut within = slot - self.offsets[l];
        let side = usize::from(within >= self.placements[l]);
        within -= side * self.placements[l];
        // The later groups' ranks as in the plain index; what is left is
        // the first group's digit.
        let space = &self.space;
        let (radices, reciprocals) = (&space.radices[l], &space.reciprocals[l]);
        let first = &self.first[l];
        let mut rest = within as u32;
        let mut ranks = [0u32; 6];
        for j in space.present[l].groups().skip(1).rev() {
            let q = divide(rest, radices[j], reciprocals[j]);
            ranks[j] = rest - q * radices[j];
            rest = q;
        }
        let digit = rest as usize;
        let rank = usize::from(first.rank[digit]);
        ranks[first.group] = rank as u32;
        let to_move = if side == 1 {
            Player::Second
        } else {
            Player::First
        };
        let placement = (within + (rank - digit) * first.weight as usize) as u32;
        let plain = space.decoded(l, to_move, placement, ranks);
        let first_symmetric = first.symmetric[digit];
        let symmetric = first_symmetric && image(&plain.masks) == Image::Symmetric;
        CanonicalDecoded {
            plain,
            shift: self.shift(l, 1 - side, rank) as u32,
            first_symmetric,
            symmetric,
        }
    }

    fn plain(d: &CanonicalDecoded) -> &Decoded {
        &d.plain
    }

    fn step_predecessors(
        &self,
        d: &CanonicalDecoded,
        deciding: &[Squares; 6],
        mut f: impl FnMut(u32),
    ) {
        self.space
            .for_each_step_predecessor(&d.plain, deciding, |u| self.pass_unmove(d, u, &mut f));
    }

    fn predecessor(&self, d: &CanonicalDecoded, q: &Position, step: &Step, mut f: impl FnMut(u32)) {
        if step.captured.is_none() {
            let group = 3 * usize::from(q.to_move == Player::Second) + step.colour as usize;
            let index = self
                .space
                .unmoved_index(&d.plain, group, step.to, step.from);
            let u = Unmove {
                index: index as u32,
                group,
                from: step.from.into(),
                to: step.to.into(),
            };
            self.pass_unmove(d, u, &mut f);
            return;
        }
        let m = masks(q);
        if let Some(l) = self.space.layout_of(&m) {
            let index = self.space.index_of_masks(l, q.to_move, &m);
            self.pass(d.symmetric, l, q.to_move, index, &m, &mut f);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::geister::analysis::Kind;

    /// The canonical image is the one with the smaller plain index, and the
    /// slots are a bijection between the canonical positions and the slots
    /// that are not holes, for every piece set of every analysis.
    #[test]
    fn canonical_images_have_the_smaller_index_and_one_slot_each() {
        for kind in [
            Kind::Basic,
            Kind::RbrVsBr,
            Kind::BbrVsBr,
            Kind::BrVsBbrGuess,
            Kind::Det,
        ] {
            let canonical = Canonical::new(kind.layouts());
            let space = canonical.space();
            let step = if kind == Kind::Det { 7 } else { 1 };
            for i in (0..space.len()).step_by(step) {
                let p = space.position(i);
                let r = reflect(&p);
                let j = space.index(&r).expect("same piece sets");
                let expected = match i.cmp(&j) {
                    std::cmp::Ordering::Less => Image::Canonical,
                    std::cmp::Ordering::Equal => Image::Symmetric,
                    std::cmp::Ordering::Greater => Image::Reflected,
                };
                assert_eq!(image(&masks(&p)), expected, "{kind}: {p}");
                let slot = canonical.slot(&p).expect("covered");
                assert_eq!(canonical.slot(&r), Some(slot), "{kind}: {p}");
                let stored = canonical.position(slot).expect("not a hole");
                assert!(stored == p || stored == r, "{kind}: {p} at {stored}");
            }
            let mut slots = 0;
            let mut positions = 0;
            canonical.for_each_images(|run, images| {
                assert_eq!(run.start, slots, "{kind}: runs in order");
                slots = run.end;
                positions += run.len() * images;
            });
            assert_eq!(slots, canonical.len(), "{kind}");
            assert_eq!(positions, space.len(), "{kind}");
        }
    }

    #[test]
    fn reflection_swaps_files_a_d_and_b_c() {
        let p: Position = "Bb1,Rc1/Ba4,Rc3 2".parse().unwrap();
        assert_eq!(reflect(&p).to_string(), "Rb1,Bc1/Rb3,Bd4 2");
        for s in 0..16u8 {
            let r = reflect_squares(1 << s).trailing_zeros() as u8;
            assert_eq!((r / 4, r % 4), (s / 4, 3 - s % 4));
        }
    }
}
