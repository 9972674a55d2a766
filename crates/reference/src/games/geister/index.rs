//! The perfect index of the positions of an analysis: the positions of one
//! piece set are numbered side to move first, then the pieces group by
//! group (player 1's blue, red, purple, player 2's blue, red, purple): each
//! group's squares are ranked in the combinatorial number system among the
//! squares the earlier groups left free. So a piece set of n₁ … n₆ pieces
//! has 2 · 16! / (n₁! ⋯ n₆! (16−Σn)!) indices, all used; piece sets are
//! concatenated. Besides indexing and decoding, the index steps from one
//! position to the next and indexes the predecessors of a decoded position
//! by arithmetic on its ranks, for the retrograde engine
//! ([`super::optimized`]).

use super::analysis::Analysis;
use super::rules::{neighbours, popcount, Colour, PieceSet, Position, Square, Squares, Step};
use crate::core::Player;
use std::ops::Range;

/// Binomial coefficients C(n, k) for n, k ≤ 16.
const fn binomials() -> [[u32; 17]; 17] {
    let mut c = [[0u32; 17]; 17];
    let mut n = 0;
    while n <= 16 {
        c[n][0] = 1;
        let mut k = 1;
        while k <= n {
            c[n][k] = c[n - 1][k - 1] + if k < n { c[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    c
}

const C: [[u32; 17]; 17] = binomials();

/// The dense index of every position of some piece sets.
#[derive(Debug, Clone)]
pub struct Space {
    /// The piece sets covered, in index order.
    pub layouts: Vec<(PieceSet, PieceSet)>,
    /// Group sizes per layout, in index order.
    pub(super) groups: Vec<[u8; 6]>,
    /// Per layout, the groups with pieces: the decoder's loops skip the
    /// others (§3's table has two groups of six).
    pub(super) present: Vec<Present>,
    /// The group sizes packed 4 bits each, to find a position's layout.
    keys: Vec<u32>,
    /// Per layout, the number of ways to place each group on the squares
    /// the earlier groups left free (the digits of the mixed-radix index).
    pub(super) radices: Vec<[u32; 6]>,
    /// Per layout and group, the product of the later groups' radices: what
    /// one step of the group's rank adds to the index.
    pub(super) weights: Vec<[u32; 6]>,
    /// `u64::MAX / radix + 1` per radix: division by a multiplication
    /// ([`divide`]), the decoder's main cost otherwise.
    pub(super) reciprocals: Vec<[u64; 6]>,
    /// Placements per layout (positions per side to move).
    pub(super) placements: Vec<usize>,
    /// Per layout, whether a position with one piece more is covered too:
    /// only then can a capture lead into the layout.
    pub(super) uncaptures: Vec<bool>,
    /// First index of each layout.
    pub(super) offsets: Vec<usize>,
    len: usize,
}

fn group_sizes(l: &(PieceSet, PieceSet)) -> [u8; 6] {
    [l.0.blue, l.0.red, l.0.purple, l.1.blue, l.1.red, l.1.purple]
}

fn pack(sizes: impl Iterator<Item = u32>) -> u32 {
    sizes.fold(0, |acc, k| (acc << 4) | k)
}

/// `COLEX_SUBSETS[k][r]`: the subset of `k` compressed positions (a bit
/// set) with colex rank `r`, for 1, 2 and 3 elements; colex ranks do not
/// depend on the universe size. Listing the subsets by largest element,
/// then next largest, is colex order, so the rank is the list position.
static COLEX_SUBSETS: [[Squares; 560]; 4] = {
    let mut t = [[0; 560]; 4];
    let (mut one, mut two, mut three) = (0, 0, 0);
    let mut c = 0;
    while c < 16 {
        t[1][one] = 1 << c;
        one += 1;
        let mut b = 0;
        while b < c {
            t[2][two] = (1 << b) | (1 << c);
            two += 1;
            let mut a = 0;
            while a < b {
                t[3][three] = (1 << a) | (1 << b) | (1 << c);
                three += 1;
                a += 1;
            }
            b += 1;
        }
        c += 1;
    }
    t
};

/// The `r`-th set of `k` squares (`k` ≤ 3) in colex order, which is the
/// order of the sets read as numbers.
pub(super) fn colex_subset(k: usize, r: usize) -> Squares {
    COLEX_SUBSETS[k][r]
}

/// Colex rank of a set of compressed positions: Σ C(cᵢ, i).
#[cfg(test)]
fn colex_rank(mut bits: Squares) -> usize {
    let mut r = 0usize;
    let mut i = 0usize;
    while bits != 0 {
        i += 1;
        r += C[bits.trailing_zeros() as usize][i] as usize;
        bits &= bits - 1;
    }
    r
}

/// `SELECT8[b][c]`: the place of the `c`-th set bit of byte `b`.
static SELECT8: [[u8; 8]; 256] = {
    let mut t = [[0u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut c = 0;
        let mut bit = 0;
        while bit < 8 {
            if b & (1 << bit) != 0 {
                t[b][c] = bit as u8;
                c += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    t
};

/// The place of the `c`-th set bit of `set` (which has more than `c`).
fn select(set: Squares, c: u32) -> u32 {
    let low = usize::from(set & 0xff);
    let n = popcount(set & 0xff);
    if c < n {
        u32::from(SELECT8[low][c as usize])
    } else {
        8 + u32::from(SELECT8[usize::from(set >> 8)][(c - n) as usize])
    }
}

/// Spreads the compressed positions `bits` over the squares not in
/// `occupied`: bit c becomes the c-th free square.
fn expand(mut bits: Squares, occupied: Squares) -> Squares {
    let free = !occupied;
    let mut out = 0;
    while bits != 0 {
        out |= 1 << select(free, bits.trailing_zeros());
        bits &= bits - 1;
    }
    out
}

/// `x / d` with `m = u64::MAX / d + 1` (Lemire, Kaser & Kurz, "Faster
/// remainder by direct computation", 2019: exact for every 32-bit `x`;
/// `d = 1` makes `m` wrap to 0).
pub(super) fn divide(x: u32, d: u32, m: u64) -> u32 {
    if d == 1 {
        x
    } else {
        ((u128::from(m) * u128::from(x)) >> 64) as u32
    }
}

/// Colex rank of the squares `bits`, renumbered among the squares not in
/// `occupied`.
pub(super) fn group_rank(mut bits: Squares, occupied: Squares) -> u32 {
    let mut rank = 0;
    let mut nth = 0;
    while bits != 0 {
        let s = bits.trailing_zeros();
        let c = s - popcount(occupied & ((1u16 << s) - 1));
        rank += COLEX_TERMS[nth & 3][c as usize & 15];
        nth += 1;
        bits &= bits - 1;
    }
    rank
}

/// `COLEX_TERMS[i][c]` = C(c, i + 1): the colex rank's term for the
/// (i + 1)-th smallest element `c` of a subset. Groups have at most three
/// pieces and sixteen squares; the masks in [`group_rank`] let the compiler
/// drop the bounds checks of the innermost loop.
static COLEX_TERMS: [[u32; 16]; 4] = {
    let mut t = [[0u32; 16]; 4];
    let mut i = 0;
    while i < 4 {
        let mut c = 0;
        while c < 16 {
            t[i][c] = C[c][i + 1];
            c += 1;
        }
        i += 1;
    }
    t
};

/// The groups of a layout that have pieces, in index order.
#[derive(Debug, Clone, Copy)]
pub(super) struct Present {
    groups: [u8; 6],
    len: u8,
}

impl Present {
    fn new(sizes: &[u8; 6]) -> Present {
        let mut p = Present {
            groups: [0; 6],
            len: 0,
        };
        for (j, &k) in sizes.iter().enumerate() {
            if k != 0 {
                p.groups[usize::from(p.len)] = j as u8;
                p.len += 1;
            }
        }
        p
    }

    pub(super) fn groups(&self) -> impl DoubleEndedIterator<Item = usize> + ExactSizeIterator + '_ {
        self.groups[..usize::from(self.len)]
            .iter()
            .map(|&j| usize::from(j))
    }
}

/// An index taken apart: what [`Space::unmoved_index`] needs to index a
/// neighbouring position by the difference alone.
pub(super) struct Decoded {
    pub(super) position: Position,
    pub(super) layout: usize,
    /// The rank of the placement within the layout (index without the
    /// layout's offset and the side to move).
    rank: u32,
    /// Per group, its rank among the squares the earlier groups left free.
    ranks: [u32; 6],
    /// Per group, its squares.
    pub(super) masks: [Squares; 6],
    /// Per group with pieces, the squares of the earlier groups.
    before: [Squares; 6],
    /// Every piece's square.
    occupied: Squares,
}

/// The squares of each group of `p`, in index order.
pub(super) fn masks(p: &Position) -> [Squares; 6] {
    let (a, b) = (p.p1.by_colour, p.p2.by_colour);
    [a[0], a[1], a[2], b[0], b[1], b[2]]
}

impl Space {
    /// The index over these piece sets.
    #[must_use]
    pub fn new(layouts: Vec<(PieceSet, PieceSet)>) -> Space {
        let groups: Vec<[u8; 6]> = layouts.iter().map(group_sizes).collect();
        let present = groups.iter().map(Present::new).collect();
        let keys = groups
            .iter()
            .map(|g| pack(g.iter().map(|&k| u32::from(k))))
            .collect();
        let placements: Vec<usize> = groups
            .iter()
            .map(|g| {
                let mut free = 16usize;
                let mut n = 1usize;
                for &k in g {
                    n *= C[free][k as usize] as usize;
                    free -= k as usize;
                }
                n
            })
            .collect();
        let radices: Vec<[u32; 6]> = groups
            .iter()
            .map(|g| {
                let mut r = [1u32; 6];
                let mut free = 16usize;
                for (j, &k) in g.iter().enumerate() {
                    r[j] = C[free][k as usize];
                    free -= k as usize;
                }
                r
            })
            .collect();
        let pieces: Vec<u8> = groups.iter().map(|g| g.iter().sum()).collect();
        let uncaptures = pieces
            .iter()
            .map(|&n| pieces.iter().any(|&m| m > n))
            .collect();
        let weights = radices
            .iter()
            .map(|r| {
                let mut w = [1u32; 6];
                for j in (0..5).rev() {
                    w[j] = w[j + 1] * r[j + 1];
                }
                w
            })
            .collect();
        let reciprocals = radices
            .iter()
            .map(|r: &[u32; 6]| r.map(|d| (u64::MAX / u64::from(d)).wrapping_add(1)))
            .collect();
        let mut offsets = Vec::new();
        let mut len = 0;
        for &n in &placements {
            offsets.push(len);
            len += 2 * n;
        }
        Space {
            layouts,
            groups,
            present,
            keys,
            weights,
            reciprocals,
            radices,
            uncaptures,
            placements,
            offsets,
            len,
        }
    }

    /// Number of positions.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are no positions.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The index of `p`, or `None` if its piece sets are not covered.
    #[must_use]
    pub fn index(&self, p: &Position) -> Option<usize> {
        let m = masks(p);
        let l = self.layout_of(&m)?;
        Some(self.index_of_masks(l, p.to_move, &m))
    }

    /// The layout of a position with the groups `m`, or `None` if its piece
    /// sets are not covered.
    pub(super) fn layout_of(&self, m: &[Squares; 6]) -> Option<usize> {
        let key = pack(m.iter().map(|&x| popcount(x)));
        self.keys.iter().position(|&k| k == key)
    }

    /// The index of the position of layout `l` with `to_move` to move and
    /// the groups `m`.
    pub(super) fn index_of_masks(&self, l: usize, to_move: Player, m: &[Squares; 6]) -> usize {
        let weights = &self.weights[l];
        let mut occupied: Squares = 0;
        let mut rank = 0u32;
        for g in self.present[l].groups() {
            rank += group_rank(m[g], occupied) * weights[g];
            occupied |= m[g];
        }
        let side = usize::from(to_move == Player::Second);
        self.offsets[l] + side * self.placements[l] + rank as usize
    }

    /// The first group of layout `l` that has pieces: the most significant
    /// digit of its placements.
    pub(super) fn first_group(&self, l: usize) -> usize {
        self.present[l]
            .groups()
            .next()
            .expect("a layout has pieces")
    }

    /// Which side is to move at index `i`, without decoding the position.
    #[must_use]
    pub fn to_move(&self, i: usize) -> Player {
        let l = self.offsets.partition_point(|&o| o <= i) - 1;
        if i - self.offsets[l] >= self.placements[l] {
            Player::Second
        } else {
            Player::First
        }
    }

    /// The position with index `i`.
    ///
    /// # Panics
    /// If `i` is out of range.
    #[must_use]
    pub fn position(&self, i: usize) -> Position {
        assert!(i < self.len, "index {i} out of range");
        self.decode(i).position
    }

    /// The position with index `i` (in range), with its layout and ranks.
    pub(super) fn decode(&self, i: usize) -> Decoded {
        let l = self.offsets.partition_point(|&o| o <= i) - 1;
        let mut rest = i - self.offsets[l];
        let to_move = if rest >= self.placements[l] {
            rest -= self.placements[l];
            Player::Second
        } else {
            Player::First
        };
        // Split the mixed-radix rank into one rank per group.
        let radices = &self.radices[l];
        let reciprocals = &self.reciprocals[l];
        let rank = rest as u32;
        let mut rest = rank;
        let present = &self.present[l];
        let mut ranks = [0u32; 6];
        for j in present.groups().rev() {
            let q = divide(rest, radices[j], reciprocals[j]);
            ranks[j] = rest - q * radices[j];
            rest = q;
        }
        self.decoded(l, to_move, rank, ranks)
    }

    /// The position of layout `l` with `to_move` to move, placement rank
    /// `rank` and the groups' ranks `ranks`, taken apart.
    #[inline(always)]
    pub(super) fn decoded(&self, l: usize, to_move: Player, rank: u32, ranks: [u32; 6]) -> Decoded {
        let g = &self.groups[l];
        let present = &self.present[l];
        let mut m = [0 as Squares; 6];
        let mut before = [0 as Squares; 6];
        let mut occupied: Squares = 0;
        for j in present.groups() {
            before[j] = occupied;
            let subset = COLEX_SUBSETS[usize::from(g[j])][ranks[j] as usize];
            // The first group's squares need no spreading: all are free.
            m[j] = if occupied == 0 {
                subset
            } else {
                expand(subset, occupied)
            };
            occupied |= m[j];
        }
        let mut p = Position {
            to_move,
            p1: Default::default(),
            p2: Default::default(),
        };
        p.p1.by_colour = [m[0], m[1], m[2]];
        p.p2.by_colour = [m[3], m[4], m[5]];
        Decoded {
            position: p,
            layout: l,
            rank,
            ranks,
            masks: m,
            before,
            occupied,
        }
    }

    /// Calls `f` with every index of `range` (in range) and its position, in
    /// order. The last group's rank runs fastest, so between two decodings
    /// (one per run of that group's placements) only its squares change:
    /// stepping costs one group's squares where decoding costs all of them.
    pub(super) fn for_each_position(
        &self,
        range: std::ops::Range<usize>,
        mut f: impl FnMut(usize, &Position),
    ) {
        let mut i = range.start;
        while i < range.end {
            let mut d = self.decode(i);
            let l = d.layout;
            let last = self.present[l]
                .groups()
                .last()
                .expect("a layout has pieces");
            let size = usize::from(self.groups[l][last]);
            let radix = self.radices[l][last];
            let before = d.before[last];
            loop {
                f(i, &d.position);
                i += 1;
                d.ranks[last] += 1;
                if i == range.end || d.ranks[last] == radix {
                    break;
                }
                let squares = expand(COLEX_SUBSETS[size][d.ranks[last] as usize], before);
                let (army, colour) = if last < 3 {
                    (&mut d.position.p1, last)
                } else {
                    (&mut d.position.p2, last - 3)
                };
                army.by_colour[colour] = squares;
            }
        }
    }

    /// The index of the position reached from `d` when the piece of group
    /// `g` on `from` steps to the empty square `to` and the turn passes: the
    /// same as [`Space::index`] of that position, but only the ranks that
    /// change are recomputed.
    pub(super) fn unmoved_index(&self, d: &Decoded, g: usize, from: Square, to: Square) -> usize {
        let l = d.layout;
        let side = usize::from(d.position.to_move == Player::First);
        let base = self.offsets[l] + side * self.placements[l];
        base + self.unmoved_rank(d, &self.weights[l], g, from.into(), to.into()) as usize
    }

    /// The placement rank (index without layout offset and side to move) of
    /// [`Space::unmoved_index`]: group `g`'s rank recomputed, and the later
    /// groups' ([`Space::later_ranks_change`]).
    #[inline(always)]
    fn unmoved_rank(&self, d: &Decoded, weights: &[u32; 6], g: usize, from: u32, to: u32) -> u32 {
        let moved: Squares = (1 << from) | (1 << to);
        // Wrapping arithmetic: the terms may be negative, the sum is not.
        let delta = group_rank(d.masks[g] ^ moved, d.before[g]).wrapping_sub(d.ranks[g]);
        d.rank
            .wrapping_add(delta.wrapping_mul(weights[g]))
            .wrapping_add(self.later_ranks_change(d, weights, g, from, to))
    }

    /// What the ranks of the groups after `g` add to the placement rank when
    /// group `g`'s piece steps between `from` and `to`: only a later group
    /// with a square strictly between them changes (only there does the
    /// number of occupied squares below change); a step along a rank has no
    /// square in between. Wrapping: the change may be negative.
    #[inline(always)]
    fn later_ranks_change(
        &self,
        d: &Decoded,
        weights: &[u32; 6],
        g: usize,
        from: u32,
        to: u32,
    ) -> u32 {
        let between = squares_between(from, to);
        let later = !(d.before[g] | d.masks[g]);
        let mut change = 0u32;
        if d.occupied & later & between != 0 {
            let moved: Squares = (1 << from) | (1 << to);
            for (j, &mask) in d.masks.iter().enumerate().skip(g + 1) {
                if mask & between != 0 {
                    let delta = group_rank(mask, d.before[j] ^ moved).wrapping_sub(d.ranks[j]);
                    change = change.wrapping_add(delta.wrapping_mul(weights[j]));
                }
            }
        }
        change
    }

    /// Calls `f` with every position from which a non-capturing step (its
    /// index, the group and the squares of the step) of the side that just
    /// moved leads to `d` (the un-moves of
    /// [`Analysis::for_each_unmove`] without captures: a piece of that side
    /// steps back to an empty neighbour), by index arithmetic alone, with
    /// no position built. Every analysis has these steps as moves.
    /// Predecessors with a piece of group `h` on `deciding[h]` (squares that
    /// decide a position by the rules when its side is to move) are left
    /// out.
    pub(super) fn for_each_step_predecessor(
        &self,
        d: &Decoded,
        deciding: &[Squares; 6],
        mut f: impl FnMut(Unmove),
    ) {
        let l = d.layout;
        let weights = &self.weights[l];
        // The predecessor has the side that just moved to move.
        let (side, groups) = if d.position.to_move == Player::First {
            (1, 3..6)
        } else {
            (0, 0..3)
        };
        let base = (self.offsets[l] + side * self.placements[l]) as u32;
        let empty = !d.occupied;
        let on_deciding = |h: usize| d.masks[h] & deciding[h];
        let side_on_deciding = groups.clone().fold(0, |acc, h| acc | on_deciding(h));
        for g in groups {
            let group = d.masks[g];
            let before = d.before[g];
            let mut pieces = group;
            while pieces != 0 {
                let on = pieces.trailing_zeros();
                pieces &= pieces - 1;
                // Another piece of the side on a deciding square decides every
                // predecessor this piece's un-moves reach.
                if side_on_deciding & !(1 << on) != 0 {
                    continue;
                }
                // The piece's term in its group's colex rank, C(c, nth), with
                // c its square counted among those the earlier groups left
                // free and nth its place in the group. A step that passes no
                // piece of the group keeps nth, so only c changes.
                let below = (1u16 << on) - 1;
                let nth = popcount(group & below) as usize & 3;
                let term = COLEX_TERMS[nth][(on - popcount(before & below)) as usize & 15];
                let without = d.rank.wrapping_sub(term.wrapping_mul(weights[g]));
                let mut origins = neighbours(on as Square) & empty & !deciding[g];
                while origins != 0 {
                    let origin = origins.trailing_zeros();
                    origins &= origins - 1;
                    let between = squares_between(on, origin);
                    let rank = if group & between == 0 {
                        let c = origin - popcount(before & ((1u16 << origin) - 1));
                        let term = COLEX_TERMS[nth][c as usize & 15];
                        without
                            .wrapping_add(term.wrapping_mul(weights[g]))
                            .wrapping_add(self.later_ranks_change(d, weights, g, on, origin))
                    } else {
                        self.unmoved_rank(d, weights, g, on, origin)
                    };
                    f(Unmove {
                        index: base + rank,
                        group: g,
                        from: origin,
                        to: on,
                    });
                }
            }
        }
    }
}

/// A predecessor found by [`Space::for_each_step_predecessor`]: its index,
/// and the step of one piece of group `group` from `from` to `to` that
/// leads from it to the decoded position.
#[derive(Debug, Clone, Copy)]
pub(super) struct Unmove {
    pub(super) index: u32,
    pub(super) group: usize,
    pub(super) from: u32,
    pub(super) to: u32,
}

/// How the engine adapter ([`super::optimized`]) reads a table's entries,
/// numbered `0..len()` (slots): one per position ([`Space`]), or one per
/// position and its mirror image ([`super::symmetry::Canonical`]), where
/// some slots are *holes* that stand for no position.
pub(super) trait Slots: Sync {
    /// A slot taken apart for [`Slots::step_predecessors`].
    type Decoded;
    /// Number of slots.
    fn len(&self) -> usize;
    /// The plain index of every position (the arithmetic underneath).
    fn space(&self) -> &Space;
    /// The slot holding `p`'s entry, `None` if its piece sets are not
    /// covered.
    fn slot(&self, p: &Position) -> Option<usize>;
    /// Which side is to move at `slot`.
    fn to_move(&self, slot: usize) -> Player;
    /// The position whose entry `slot` holds, `None` for a hole.
    fn position_at(&self, slot: usize) -> Option<Position>;
    /// Calls `f` with every slot of `slots`, in order, and its position
    /// (`None` for a hole).
    fn for_each_slot(&self, slots: Range<usize>, f: impl FnMut(usize, Option<&Position>));
    /// `slot` (not a hole) taken apart.
    fn decode(&self, slot: usize) -> Self::Decoded;
    /// The position's own decoding within the plain index.
    fn plain(d: &Self::Decoded) -> &Decoded;
    /// [`Space::for_each_step_predecessor`], as slots: `f` is called once
    /// per move into the decoded slot's entry (so twice for a slot holding
    /// a position with moves into both the entry's position and its mirror
    /// image).
    fn step_predecessors(&self, d: &Self::Decoded, deciding: &[Squares; 6], f: impl FnMut(u32));
    /// The slot of `q`, a position from which `step` leads to the decoded
    /// one, passed to `f` as [`Slots::step_predecessors`] does; nothing when
    /// `q`'s piece sets are not covered.
    fn predecessor(&self, d: &Self::Decoded, q: &Position, step: &Step, f: impl FnMut(u32));
}

impl Slots for Space {
    type Decoded = Decoded;

    fn len(&self) -> usize {
        self.len
    }

    fn space(&self) -> &Space {
        self
    }

    fn slot(&self, p: &Position) -> Option<usize> {
        self.index(p)
    }

    fn to_move(&self, slot: usize) -> Player {
        Space::to_move(self, slot)
    }

    fn position_at(&self, slot: usize) -> Option<Position> {
        Some(self.position(slot))
    }

    fn for_each_slot(&self, slots: Range<usize>, mut f: impl FnMut(usize, Option<&Position>)) {
        Space::for_each_position(self, slots, |i, p| f(i, Some(p)));
    }

    fn decode(&self, slot: usize) -> Decoded {
        Space::decode(self, slot)
    }

    fn plain(d: &Decoded) -> &Decoded {
        d
    }

    fn step_predecessors(&self, d: &Decoded, deciding: &[Squares; 6], mut f: impl FnMut(u32)) {
        self.for_each_step_predecessor(d, deciding, |u| f(u.index));
    }

    fn predecessor(&self, d: &Decoded, q: &Position, step: &Step, mut f: impl FnMut(u32)) {
        if step.captured.is_none() {
            let group = 3 * usize::from(q.to_move == Player::Second) + step.colour as usize;
            f(self.unmoved_index(d, group, step.to, step.from) as u32);
        } else if let Some(j) = self.index(q) {
            f(j as u32);
        }
    }
}

/// The squares strictly between `a` and `b` (none for neighbours along a
/// rank; the three squares a step along a file passes over).
fn squares_between(a: u32, b: u32) -> Squares {
    let (low, high) = (a.min(b), a.max(b));
    ((1u32 << high) - (2u32 << low)) as Squares
}

/// [`Analysis::deciding_squares`] per group of the index (player 1's blue,
/// red, purple, then player 2's).
pub(super) fn deciding_by_group(analysis: &Analysis) -> [Squares; 6] {
    std::array::from_fn(|g| {
        let side = if g < 3 { Player::First } else { Player::Second };
        analysis.deciding_squares(side, Colour::ALL[g % 3])
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::geister::analysis::Kind;

    /// The index updated for one moving piece equals the index computed
    /// from scratch, for every un-move of every position of analyses with
    /// one, two and three pieces per group and several layouts (a sample of
    /// the full-information table).
    #[test]
    fn stepping_agrees_with_decoding() {
        for kind in [Kind::Basic, Kind::RbrVsBr, Kind::BbrVsBr, Kind::Det] {
            let space = Space::new(kind.layouts());
            // The whole table (det's is checked around its boundaries:
            // ranges starting anywhere, crossing each change of the side
            // to move and of the layout).
            let mut ranges = vec![if kind == Kind::Det {
                5..4_000
            } else {
                0..space.len()
            }];
            for (&o, &n) in space.offsets.iter().zip(&space.placements) {
                ranges.extend([o.saturating_sub(700)..o + 900, o + n - 700..o + n + 900]);
            }
            for range in ranges {
                let mut next = range.start;
                space.for_each_position(range.clone(), |i, p| {
                    assert_eq!(i, next, "{kind}: order");
                    assert_eq!(*p, space.position(i), "{kind}: index {i}");
                    next += 1;
                });
                assert_eq!(next, range.end, "{kind}: {range:?} covered");
            }
        }
    }

    /// The listed subsets are every subset of 1, 2 and 3 of the 16
    /// squares, each at its colex rank.
    #[test]
    fn colex_subsets_are_in_rank_order() {
        for k in 1..=3 {
            let listed = &COLEX_SUBSETS[k][..C[16][k] as usize];
            for (r, &set) in listed.iter().enumerate() {
                assert_eq!(set.count_ones() as usize, k);
                assert_eq!(colex_rank(set), r, "{set:#06x}");
            }
            let all = (0u32..1 << 16).filter(|m| m.count_ones() as usize == k);
            assert_eq!(all.count(), listed.len());
        }
    }

    /// The predecessors found by index arithmetic alone are exactly the
    /// non-capturing un-moves of the rules, indexed from scratch, each with
    /// the step leading from it; with the
    /// analysis's deciding squares, exactly those of them not decided by
    /// the rules through a piece on such a square.
    #[test]
    fn step_predecessors_are_the_non_capturing_unmoves() {
        for kind in [Kind::Basic, Kind::RbrVsBr, Kind::BbrVsBr, Kind::Det] {
            let space = Space::new(kind.layouts());
            let analysis = Analysis {
                kind,
                det: None,
                extended: None,
                win: None,
            };
            let deciding = deciding_by_group(&analysis);
            let on_deciding = |q: &Position| {
                Colour::ALL
                    .into_iter()
                    .any(|c| q.mover().of(c) & analysis.deciding_squares(q.to_move, c) != 0)
            };
            let step = if kind == Kind::Det { 5 } else { 1 };
            let mut left_out = 0;
            for i in (0..space.len()).step_by(step) {
                let d = space.decode(i);
                let mut all = Vec::new();
                space.for_each_step_predecessor(&d, &[0; 6], |u| {
                    // The step it reports leads from that position to `d`.
                    let mut m = d.masks;
                    m[u.group] ^= (1 << u.from) | (1 << u.to);
                    assert_eq!(d.masks[u.group] & (1 << u.to), 1 << u.to);
                    let j = space.index_of_masks(d.layout, d.position.to_move.opponent(), &m);
                    assert_eq!(j, u.index as usize, "{kind}: {}", d.position);
                    all.push(u.index);
                });
                let mut kept = Vec::new();
                space.for_each_step_predecessor(&d, &deciding, |u| kept.push(u.index));
                let (mut rules, mut undecided) = (Vec::new(), Vec::new());
                analysis.for_each_unmove(&d.position, false, |q, _| {
                    let j = space.index(q).expect("same piece sets") as u32;
                    rules.push(j);
                    if !on_deciding(q) {
                        undecided.push(j);
                    }
                });
                for v in [&mut all, &mut kept, &mut rules, &mut undecided] {
                    v.sort_unstable();
                }
                assert_eq!(all, rules, "{kind}: {}", d.position);
                assert_eq!(kept, undecided, "{kind}: {}", d.position);
                left_out += rules.len() - kept.len();
            }
            assert!(left_out > 0, "{kind}");
        }
    }

    #[test]
    fn unmoved_index_agrees_with_index() {
        for kind in [Kind::Basic, Kind::RbrVsBr, Kind::BbrVsBr, Kind::Det] {
            let space = Space::new(kind.layouts());
            let analysis = Analysis::standalone(Kind::Det);
            let step = if kind == Kind::Det { 7 } else { 1 };
            let mut checked = 0;
            for i in (0..space.len()).step_by(step) {
                let d = space.decode(i);
                analysis.for_each_unmove(&d.position, false, |q, s| {
                    let group = 3 * usize::from(q.to_move == Player::Second) + s.colour as usize;
                    let j = space.unmoved_index(&d, group, s.to, s.from);
                    assert_eq!(Some(j), space.index(q), "{kind}: {} -> {q}", d.position);
                    checked += 1;
                });
            }
            assert!(checked > space.len() / step, "{kind}: {checked} un-moves");
        }
    }
}
