//! The game where P2 reads P1's moves, on a grid of beliefs (floats, a
//! heuristic: nothing here is certified; it only guides, SPEC.md "P2
//! reading P1's moves").
//!
//! **The game R_U'.** P1 knows its red; P2 ignores its own colours (each
//! is blue with probability ½ whatever happens) but watches P1's moves.
//! From P1's side: P1 capturing a P2 piece pays 0, P2's escape attempt
//! pays 0 (its blue wins, its red forfeits), P1's blue escaping pays +1,
//! P2 capturing P1's red +1, a blue: phase 2, or −1 if it was the last.
//! P2's belief is a distribution p over which of P1's pieces is red (in
//! increasing square order). V(board, p) is the value when P2's belief is
//! p: at P2's move the least over its moves (its moves reveal nothing); at
//! P1's move the concave envelope in p of the best move (P1 splits p into
//! posteriors by playing type-dependent moves; an escape with piece i is
//! open only to types other than i, i.e. where p_i = 0).
//!
//! **The grid.** Phase 3: p on the points (a, b, c)/N, a + b + c = N.
//! Phase 2: x = the probability that the lower piece is red on the points
//! k/L, L = lcm(1..N) (every posterior left by a capture on the phase-3
//! grid lands there). The envelope: exact in 1-D (upper hull), two rounds
//! of splits along grid segments in 2-D. Value iteration from a start
//! (−1, 0 or +1), phase 2 to convergence first.

use crate::board::{squares, Board};

/// Grid size and tables.
pub struct Grid {
    /// Phase-3 resolution.
    pub n: u32,
    /// Phase-2 resolution (lcm of 1..n).
    pub l: u32,
    /// Phase-3 points (a, b, c).
    pub points: Vec<[u32; 3]>,
    index: Vec<Vec<u32>>,
    /// Segments (p, q1, q2, weight of q1) with p strictly inside.
    segments: Vec<(u32, u32, u32, f64)>,
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

impl Grid {
    /// The grid of resolution `n`.
    #[must_use]
    pub fn new(n: u32) -> Grid {
        let l = (1..=n).fold(1, |acc, k| acc / gcd(acc, k) * k);
        let mut points = Vec::new();
        let mut index = vec![vec![u32::MAX; n as usize + 1]; n as usize + 1];
        for a in 0..=n {
            for b in 0..=n - a {
                index[a as usize][b as usize] = points.len() as u32;
                points.push([a, b, n - a - b]);
            }
        }
        let mut segments = Vec::new();
        for (i, p) in points.iter().enumerate() {
            for (j, q1) in points.iter().enumerate() {
                for (k, q2) in points.iter().enumerate() {
                    if j >= k || i == j || i == k {
                        continue;
                    }
                    // p = λ q1 + (1 − λ) q2 with 0 < λ < 1.
                    let d: Vec<i64> = (0..3)
                        .map(|c| i64::from(q1[c]) - i64::from(q2[c]))
                        .collect();
                    let e: Vec<i64> = (0..3).map(|c| i64::from(p[c]) - i64::from(q2[c])).collect();
                    // e = λ d: collinear and λ in (0, 1).
                    let c = (0..3).find(|&c| d[c] != 0).expect("distinct points");
                    let lambda = e[c] as f64 / d[c] as f64;
                    let collinear = (0..3).all(|x| e[x] * d[c] == e[c] * d[x]);
                    if collinear && lambda > 0.0 && lambda < 1.0 {
                        segments.push((i as u32, j as u32, k as u32, lambda));
                    }
                }
            }
        }
        Grid {
            n,
            l,
            points,
            index,
            segments,
        }
    }

    /// The index of point (a, b, c).
    #[must_use]
    pub fn at(&self, p: [u32; 3]) -> usize {
        self.index[p[0] as usize][p[1] as usize] as usize
    }
}

/// The position of square `s` among the squares of `set` (increasing).
pub(crate) fn rank(set: u16, s: u8) -> usize {
    (set & ((1u16 << s) - 1)).count_ones() as usize
}

/// Belief values on the grid.
pub struct Values {
    /// The grid.
    pub grid: Grid,
    /// Whether P2 plays with its own colours (a set T of its pieces that may
    /// be red, split into blocks with distinct moves) or ignores them.
    pub own_colours: bool,
    /// Phase 3: per board slot, P2's set (local bits 1..=3), grid point.
    pub v3: Vec<f64>,
    /// Phase 2: per board slot, P2's set, k in 0..=L.
    pub v2: Vec<f64>,
    /// Sweeps done (phase 2, phase 3).
    pub sweeps: (usize, usize),
}

/// A P1 step's permutation of beliefs: the new position of each old piece.
pub(crate) fn remap(old: u16, new: u16, from: u8, to: u8) -> [usize; 3] {
    let mut out = [0; 3];
    for (i, s) in squares(old).enumerate() {
        let s2 = if s == from { to } else { s };
        out[i] = rank(new, s2);
    }
    out
}

/// P2's set after a step of its piece: local bits of the new P2 squares.
pub(crate) fn carry_t(old: u16, new: u16, tl: usize, from: u8, to: u8) -> usize {
    let mut out = 0;
    for (i, s) in squares(old).enumerate() {
        if tl & (1 << i) != 0 {
            let s2 = if s == from { to } else { s };
            out |= 1 << rank(new, s2);
        }
    }
    out
}

/// The best of a side's options with distinct moves for two blocks.
fn best_pair(a: &[(f64, (u8, u8))], b: &[(f64, (u8, u8))]) -> f64 {
    let mut best = f64::INFINITY;
    for x in a {
        for y in b {
            if x.1 != y.1 {
                best = best.min(0.5 * (x.0 + y.0));
            }
        }
    }
    best
}

impl Values {
    /// V(b, p) at a phase-3 board, P2's set `tl` (local bits) and grid
    /// point.
    #[must_use]
    pub fn v3(&self, b: &Board, tl: usize, p: usize) -> f64 {
        self.v3[(b.index() * 4 + tl) * self.grid.points.len() + p]
    }

    /// V(b, k/L) at a phase-2 board (k/L = probability that the lower
    /// piece is red).
    #[must_use]
    pub fn v2(&self, b: &Board, tl: usize, k: u32) -> f64 {
        self.v2[(b.index() * 4 + tl) * (self.grid.l as usize + 1) + k as usize]
    }

    fn sets(&self) -> Vec<usize> {
        if self.own_colours {
            vec![1, 2, 3]
        } else {
            vec![3]
        }
    }

    /// Solves from `init` (−1, 0 or +1 everywhere).
    #[must_use]
    pub fn solve(
        n: u32,
        own_colours: bool,
        init: f64,
        tolerance: f64,
        max_sweeps: usize,
    ) -> Values {
        let grid = Grid::new(n);
        let g3 = grid.points.len();
        let l = grid.l as usize;
        let mut v = Values {
            v3: vec![init; Board::slots(3) * 4 * g3],
            v2: vec![init; Board::slots(2) * 4 * (l + 1)],
            grid,
            own_colours,
            sweeps: (0, 0),
        };
        let b2 = Board::all(2);
        let b3 = Board::all(3);
        let sets = v.sets();
        for phase in [2, 3] {
            let boards = if phase == 2 { &b2 } else { &b3 };
            let width = if phase == 2 { l + 1 } else { g3 };
            loop {
                let mut delta: f64 = 0.0;
                for b in boards {
                    for &tl in &sets {
                        let row = if phase == 2 {
                            v.phase2_row(b, tl)
                        } else {
                            v.phase3_row(b, tl)
                        };
                        let base = (b.index() * 4 + tl) * width;
                        let table = if phase == 2 { &mut v.v2 } else { &mut v.v3 };
                        for (k, x) in row.into_iter().enumerate() {
                            delta = delta.max((x - table[base + k]).abs());
                            table[base + k] = x;
                        }
                    }
                }
                let count = if phase == 2 {
                    &mut v.sweeps.0
                } else {
                    &mut v.sweeps.1
                };
                *count += 1;
                if delta <= tolerance || *count >= max_sweeps {
                    break;
                }
            }
        }
        v
    }

    /// P1 capturing P2's piece `j` against P2's set `tl`.
    fn p1_capture(&self, b: &Board, tl: usize, j: u8) -> f64 {
        if !self.own_colours {
            return 0.0;
        }
        let bit = 1 << rank(b.p2, j);
        if tl & bit == 0 {
            1.0
        } else if tl == bit {
            -1.0
        } else {
            0.0
        }
    }

    /// P2's escape with piece `j` of its block `bl`.
    fn p2_escape(&self, b: &Board, bl: usize, j: u8) -> f64 {
        if !self.own_colours {
            return 0.0;
        }
        if bl & (1 << rank(b.p2, j)) == 0 {
            -1.0
        } else if bl.count_ones() == 1 {
            1.0
        } else {
            0.0
        }
    }

    /// P2's value at a board with its set `tl`: its best option for the
    /// whole set or, with its colours, the best split into two blocks.
    fn p2_value(&self, tl: usize, options: &dyn Fn(usize) -> Vec<(f64, (u8, u8))>) -> f64 {
        let all = options(tl);
        let mut best = all.iter().map(|o| o.0).fold(f64::INFINITY, f64::min);
        if self.own_colours && tl == 3 {
            let mut a = options(1);
            let mut c = options(2);
            a.sort_by(|x, y| x.0.total_cmp(&y.0));
            c.sort_by(|x, y| x.0.total_cmp(&y.0));
            a.truncate(2);
            c.truncate(2);
            best = best.min(best_pair(&a, &c));
        }
        best
    }

    /// One update of a phase-2 board's row.
    fn phase2_row(&self, b: &Board, tl: usize) -> Vec<f64> {
        let l = self.grid.l;
        let lf = f64::from(l);
        let lo = b.p1.trailing_zeros() as u8;
        let mut f: Vec<f64> = vec![f64::NEG_INFINITY; l as usize + 1];
        if b.p1_to_move {
            for (k, fk) in f.iter_mut().enumerate() {
                let x = k as f64 / lf;
                let mut best = f64::NEG_INFINITY;
                b.for_each_step(|st| {
                    if st.capture {
                        best = best.max(self.p1_capture(b, tl, st.to));
                        return;
                    }
                    let after = b.play(st);
                    let lo2 = after.p1.trailing_zeros() as u8;
                    let moved_lo = if st.from == lo { st.to } else { lo };
                    let k2 = if moved_lo == lo2 { k } else { l as usize - k };
                    best = best.max(self.v2(&after, tl, k2 as u32));
                });
                for i in squares(b.on_exits()) {
                    // Open where piece i is surely blue.
                    let p_red = if i == lo { x } else { 1.0 - x };
                    if p_red == 0.0 {
                        best = best.max(1.0);
                    }
                }
                *fk = best;
            }
            upper_hull_1d(&f)
        } else {
            for (k, fk) in f.iter_mut().enumerate() {
                let x = k as f64 / lf;
                let options = |bl: usize| {
                    let mut o = Vec::new();
                    for j in squares(b.on_exits()) {
                        o.push((self.p2_escape(b, bl, j), (j, 255)));
                    }
                    b.for_each_step(|st| {
                        let v = if st.capture {
                            let p_red = if st.to == lo { x } else { 1.0 - x };
                            2.0 * p_red - 1.0
                        } else {
                            let after = b.play(st);
                            let t2 = carry_t(b.p2, after.p2, bl, st.from, st.to);
                            self.v2(&after, t2, k as u32)
                        };
                        o.push((v, (st.from, st.to)));
                    });
                    o
                };
                *fk = self.p2_value(tl, &options);
            }
            f
        }
    }

    fn phase3_row(&self, b: &Board, tl: usize) -> Vec<f64> {
        let g = &self.grid;
        let nf = f64::from(g.n);
        let lf = g.l;
        let mut f = vec![0.0f64; g.points.len()];
        if b.p1_to_move {
            for (pi, p) in g.points.iter().enumerate() {
                let mut best = f64::NEG_INFINITY;
                b.for_each_step(|st| {
                    if st.capture {
                        best = best.max(self.p1_capture(b, tl, st.to));
                        return;
                    }
                    let after = b.play(st);
                    let m = remap(b.p1, after.p1, st.from, st.to);
                    let mut q = [0; 3];
                    for i in 0..3 {
                        q[m[i]] = p[i];
                    }
                    best = best.max(self.v3(&after, tl, g.at(q)));
                });
                for s in squares(b.on_exits()) {
                    if p[rank(b.p1, s)] == 0 {
                        best = best.max(1.0);
                    }
                }
                f[pi] = best;
            }
            // Two rounds of splits along segments.
            for _ in 0..2 {
                let mut h = f.clone();
                for &(p, q1, q2, lam) in &g.segments {
                    let x = lam * f[q1 as usize] + (1.0 - lam) * f[q2 as usize];
                    if x > h[p as usize] {
                        h[p as usize] = x;
                    }
                }
                f = h;
            }
            f
        } else {
            for (pi, p) in g.points.iter().enumerate() {
                let options = |bl: usize| {
                    let mut o = Vec::new();
                    for j in squares(b.on_exits()) {
                        o.push((self.p2_escape(b, bl, j), (j, 255)));
                    }
                    b.for_each_step(|st| {
                        let after = b.play(st);
                        let t2 = carry_t(b.p2, after.p2, bl, st.from, st.to);
                        let v = if !st.capture {
                            self.v3(&after, t2, pi)
                        } else {
                            let y = rank(b.p1, st.to);
                            let py = f64::from(p[y]) / nf;
                            if p[y] == g.n {
                                1.0
                            } else {
                                // The other two, in increasing order.
                                let rest: Vec<usize> = (0..3).filter(|&i| i != y).collect();
                                let (a, c) = (p[rest[0]], p[rest[1]]);
                                let k = a * (lf / (a + c));
                                py + (1.0 - py) * self.v2(&after, t2, k)
                            }
                        };
                        o.push((v, (st.from, st.to)));
                    });
                    o
                };
                f[pi] = self.p2_value(tl, &options);
            }
            f
        }
    }
}

/// The concave envelope of values on equally spaced points (upper hull).
fn upper_hull_1d(f: &[f64]) -> Vec<f64> {
    let n = f.len();
    let mut hull: Vec<usize> = Vec::new();
    for i in 0..n {
        while hull.len() >= 2 {
            let (a, b) = (hull[hull.len() - 2], hull[hull.len() - 1]);
            // b below the chord a–i: drop it.
            let cross = (b - a) as f64 * (f[i] - f[a]) - (i - a) as f64 * (f[b] - f[a]);
            if cross >= 0.0 {
                hull.pop();
            } else {
                break;
            }
        }
        hull.push(i);
    }
    let mut out = vec![0.0; n];
    for w in hull.windows(2) {
        let (a, b) = (w[0], w[1]);
        for (i, o) in out.iter_mut().enumerate().take(b + 1).skip(a) {
            let t = (i - a) as f64 / (b - a) as f64;
            *o = f[a] + t * (f[b] - f[a]);
        }
    }
    if hull.len() == 1 {
        out[0] = f[0];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_points_and_segments() {
        let g = Grid::new(6);
        assert_eq!(g.points.len(), 28);
        assert_eq!(g.l, 60);
        // Every segment's point is the stated mixture of its ends.
        for &(p, q1, q2, lam) in &g.segments {
            for c in 0..3 {
                let x = lam * f64::from(g.points[q1 as usize][c])
                    + (1.0 - lam) * f64::from(g.points[q2 as usize][c]);
                assert!((x - f64::from(g.points[p as usize][c])).abs() < 1e-9);
            }
        }
        assert!(!g.segments.is_empty());
    }

    #[test]
    fn the_upper_hull_is_concave_and_above() {
        let f = [0.0, -1.0, 0.5, 0.0, 1.0];
        let h = upper_hull_1d(&f);
        assert_eq!(h, vec![0.0, 0.25, 0.5, 0.75, 1.0]);
    }
}
