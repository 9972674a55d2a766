//! The board of blue-blue-red against blue-red (document 003 §6.2, Fig. 10),
//! compact: the squares of each side's pieces as bit sets and the side to
//! move. Colours are not part of a board; the games of this crate carry
//! them as sets of candidate squares beside it.
//!
//! Squares are `4 × rank + file` (a1 = 0, d1 = 3, a4 = 12). The three-piece
//! side ("P1") starts on b1, c1, b2 and escapes from a4, d4; the two-piece
//! side ("P2") starts on b4, c4 and escapes from a1, d1 (§6 「3 駒目は 2 行
//! めに置く」). *Phase 3*: P1 has three pieces; *phase 2*: two, after P2
//! captured one of its blues. P2 always has two (a capture of either of its
//! pieces ends the play).
//!
//! Boards of a phase have a dense index (colex rank of P1's set × 120 +
//! colex rank of P2's set, × 2 for the side to move): 134,400 slots in
//! phase 3 (87,360 boards), 28,800 in phase 2 (21,840).

/// A set of squares, bit `s` for square `s`.
pub type Mask = u16;

/// P1's escape squares a4 and d4.
pub const P1_EXITS: Mask = (1 << 12) | (1 << 15);
/// P2's escape squares a1 and d1.
pub const P2_EXITS: Mask = 1 | (1 << 3);
/// P1's start: b1, c1, b2.
pub const P1_START: Mask = (1 << 1) | (1 << 2) | (1 << 5);
/// P2's start: b4, c4.
pub const P2_START: Mask = (1 << 13) | (1 << 14);

const fn neighbours_of(s: u8) -> Mask {
    let (f, r) = (s % 4, s / 4);
    let mut n = 0;
    if f > 0 {
        n |= 1 << (s - 1);
    }
    if f < 3 {
        n |= 1 << (s + 1);
    }
    if r > 0 {
        n |= 1 << (s - 4);
    }
    if r < 3 {
        n |= 1 << (s + 4);
    }
    n
}

static NEIGHBOURS: [Mask; 16] = {
    let mut t = [0; 16];
    let mut s = 0;
    while s < 16 {
        t[s] = neighbours_of(s as u8);
        s += 1;
    }
    t
};

/// The orthogonal neighbours of square `s`.
#[must_use]
pub fn neighbours(s: u8) -> Mask {
    NEIGHBOURS[usize::from(s & 15)]
}

/// The squares of a set in increasing order.
pub fn squares(set: Mask) -> impl Iterator<Item = u8> {
    let mut bits = set;
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let s = bits.trailing_zeros() as u8;
        bits &= bits - 1;
        Some(s)
    })
}

/// The name of a square (`b1`).
#[must_use]
pub fn square_name(s: u8) -> String {
    format!("{}{}", char::from(b'a' + s % 4), s / 4 + 1)
}

/// Binomial coefficients C(n, k) for n < 17, k ≤ 3.
const fn binom(n: u32, k: u32) -> u32 {
    match k {
        0 => 1,
        1 => n,
        2 => n * n.saturating_sub(1) / 2,
        _ => n * n.saturating_sub(1) * n.saturating_sub(2) / 6,
    }
}

/// Colex rank of a set among the sets of its size.
#[must_use]
pub fn colex(set: Mask) -> u32 {
    u32::from(colex_table()[usize::from(set)])
}

/// Colex ranks of every set of at most three squares (the others 0):
/// boards are indexed millions of times.
fn colex_table() -> &'static [u16] {
    static TABLE: std::sync::OnceLock<Vec<u16>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        (0..=u16::MAX)
            .map(|set| {
                if set.count_ones() > 3 {
                    return 0;
                }
                squares(set)
                    .enumerate()
                    .map(|(i, s)| binom(u32::from(s), i as u32 + 1) as u16)
                    .sum()
            })
            .collect()
    })
}

/// The sets of `k` squares in colex order.
#[must_use]
pub fn sets_of(k: u32) -> Vec<Mask> {
    let mut v: Vec<Mask> = (0..=u16::MAX).filter(|m| m.count_ones() == k).collect();
    v.sort_by_key(|&m| colex(m));
    v
}

/// Moves `from` to `to` inside a set of candidate squares: the bit follows
/// the piece.
#[must_use]
pub fn carry(set: Mask, from: u8, to: u8) -> Mask {
    if set & (1 << from) != 0 {
        (set & !(1 << from)) | (1 << to)
    } else {
        set
    }
}

/// The position of `sub`'s squares among `all`'s, as bits (bit `i` for the
/// `i`-th square of `all` in increasing order).
#[must_use]
pub fn local(all: Mask, sub: Mask) -> usize {
    squares(all)
        .enumerate()
        .filter(|&(_, s)| sub & (1 << s) != 0)
        .fold(0, |acc, (i, _)| acc | (1 << i))
}

/// The inverse of [`local`].
#[must_use]
pub fn global(all: Mask, bits: usize) -> Mask {
    squares(all)
        .enumerate()
        .filter(|&(i, _)| bits & (1 << i) != 0)
        .fold(0, |acc, (_, s)| acc | (1 << s))
}

/// Per phase (2 or 3), the ordinal of each pair of sets (colex rank of
/// P1's × 120 + of P2's) among the pairs of disjoint sets, `u32::MAX` for
/// overlapping ones.
fn dense_table(phase: usize) -> &'static [u32] {
    static TABLES: [std::sync::OnceLock<Vec<u32>>; 2] =
        [std::sync::OnceLock::new(), std::sync::OnceLock::new()];
    TABLES[phase - 2].get_or_init(|| {
        let ones = sets_of(phase as u32);
        let twos = sets_of(2);
        let mut t = vec![u32::MAX; ones.len() * 120];
        let mut next = 0;
        for (i, &p1) in ones.iter().enumerate() {
            for (j, &p2) in twos.iter().enumerate() {
                if p1 & p2 == 0 {
                    t[i * 120 + j] = next;
                    next += 1;
                }
            }
        }
        t
    })
}

/// Squares of both sides and the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    /// P1's pieces (two or three).
    pub p1: Mask,
    /// P2's pieces (two).
    pub p2: Mask,
    /// Whether P1 is to move.
    pub p1_to_move: bool,
}

/// A step of one piece to an orthogonal neighbour (a capture when the
/// square holds an opponent's piece).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Step {
    /// The square left.
    pub from: u8,
    /// The square entered.
    pub to: u8,
    /// Whether an opponent's piece stood on `to`.
    pub capture: bool,
}

impl Board {
    /// The start of §6.2 with `p1_first` deciding who moves first.
    #[must_use]
    pub fn start(p1_first: bool) -> Board {
        Board {
            p1: P1_START,
            p2: P2_START,
            p1_to_move: p1_first,
        }
    }

    /// 3 or 2: P1's pieces.
    #[must_use]
    pub fn phase(&self) -> u32 {
        self.p1.count_ones()
    }

    /// Slots of a phase's dense index.
    #[must_use]
    pub fn slots(phase: u32) -> usize {
        binom(16, phase) as usize * 120 * 2
    }

    /// The dense index within the board's phase.
    #[must_use]
    pub fn index(&self) -> usize {
        ((colex(self.p1) as usize * 120 + colex(self.p2) as usize) << 1)
            | usize::from(!self.p1_to_move)
    }

    /// The board's position among [`Board::all`] of its phase (the dense
    /// index: no slot for overlapping pieces).
    #[must_use]
    pub fn dense(&self) -> usize {
        let phase = self.phase() as usize;
        let pair = colex(self.p1) as usize * 120 + colex(self.p2) as usize;
        (dense_table(phase)[pair] as usize) << 1 | usize::from(!self.p1_to_move)
    }

    /// Boards of a phase ([`Board::all`]'s length).
    #[must_use]
    pub fn count(phase: u32) -> usize {
        dense_table(phase as usize)
            .iter()
            .filter(|&&d| d != u32::MAX)
            .count()
            * 2
    }

    /// Every board of a phase (pieces on distinct squares), by index.
    #[must_use]
    pub fn all(phase: u32) -> Vec<Board> {
        let twos = sets_of(2);
        let mut out = Vec::new();
        for p1 in sets_of(phase) {
            for &p2 in &twos {
                if p1 & p2 != 0 {
                    continue;
                }
                for p1_to_move in [true, false] {
                    out.push(Board { p1, p2, p1_to_move });
                }
            }
        }
        out.sort_by_key(Board::index);
        out
    }

    /// The pieces of the side to move and of the other.
    #[must_use]
    pub fn sides(&self) -> (Mask, Mask) {
        if self.p1_to_move {
            (self.p1, self.p2)
        } else {
            (self.p2, self.p1)
        }
    }

    /// Every step of the side to move, in order of square then target.
    pub fn for_each_step(&self, mut f: impl FnMut(Step)) {
        let (own, other) = self.sides();
        for from in squares(own) {
            for to in squares(neighbours(from) & !own) {
                f(Step {
                    from,
                    to,
                    capture: other & (1 << to) != 0,
                });
            }
        }
    }

    /// The steps of the side to move.
    #[must_use]
    pub fn steps(&self) -> Vec<Step> {
        let mut v = Vec::with_capacity(12);
        self.for_each_step(|s| v.push(s));
        v
    }

    /// The board after `step` (a captured piece is removed), other side to
    /// move.
    #[must_use]
    pub fn play(&self, step: Step) -> Board {
        let mv = |set: Mask| (set & !(1 << step.from)) | (1 << step.to);
        let rm = |set: Mask| set & !(1 << step.to);
        if self.p1_to_move {
            Board {
                p1: mv(self.p1),
                p2: rm(self.p2),
                p1_to_move: false,
            }
        } else {
            Board {
                p1: rm(self.p1),
                p2: mv(self.p2),
                p1_to_move: true,
            }
        }
    }

    /// The squares of the side to move's pieces that stand on its escape
    /// squares.
    #[must_use]
    pub fn on_exits(&self) -> Mask {
        if self.p1_to_move {
            self.p1 & P1_EXITS
        } else {
            self.p2 & P2_EXITS
        }
    }
}

impl std::fmt::Display for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names = |m: Mask| squares(m).map(square_name).collect::<Vec<_>>().join(",");
        write!(
            f,
            "{}/{} {}",
            names(self.p1),
            names(self.p2),
            if self.p1_to_move { "P1" } else { "P2" }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_index_is_dense_and_counts_the_boards() {
        for (phase, boards) in [(3, 87_360), (2, 21_840)] {
            let all = Board::all(phase);
            assert_eq!(all.len(), boards);
            assert_eq!(Board::count(phase), boards);
            for (i, b) in all.iter().enumerate() {
                assert_eq!(b.dense(), i, "{b}");
            }
            let mut seen = vec![false; Board::slots(phase)];
            for b in &all {
                assert!(!seen[b.index()]);
                seen[b.index()] = true;
            }
        }
    }

    #[test]
    fn local_and_global_are_inverse() {
        let all: Mask = (1 << 2) | (1 << 7) | (1 << 11);
        for bits in 0..8 {
            assert_eq!(local(all, global(all, bits)), bits);
        }
        assert_eq!(carry(all, 7, 8), (1 << 2) | (1 << 8) | (1 << 11));
    }

    #[test]
    fn steps_at_the_start() {
        let b = Board::start(true);
        // b1: a1 (c1 own, b2 own); c1: d1, c2; b2: a2, c2, b3.
        assert_eq!(b.steps().len(), 6);
        let b = Board::start(false);
        // b4: a4, b3; c4: d4, c3.
        assert_eq!(b.steps().len(), 4);
    }
}
