//! The game where P2 reads P1's moves, on a grid of beliefs (floats, a
//! heuristic: nothing here is certified; it only guides the P2 strategies
//! that [`crate::infer`] builds and certifies exactly).
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
fn rank(set: u16, s: u8) -> usize {
    (set & ((1u16 << s) - 1)).count_ones() as usize
}

/// Belief values on the grid.
pub struct Values {
    /// The grid.
    pub grid: Grid,
    /// Phase 3: per board slot, per grid point.
    pub v3: Vec<f64>,
    /// Phase 2: per board slot, per k in 0..=L.
    pub v2: Vec<f64>,
    /// Sweeps done (phase 2, phase 3).
    pub sweeps: (usize, usize),
}

/// A P1 step's permutation of beliefs: the new position of each old piece.
fn remap(old: u16, new: u16, from: u8, to: u8) -> [usize; 3] {
    let mut out = [0; 3];
    for (i, s) in squares(old).enumerate() {
        let s2 = if s == from { to } else { s };
        out[i] = rank(new, s2);
    }
    out
}

impl Values {
    /// V(b, p) at a phase-3 board and grid point.
    #[must_use]
    pub fn v3(&self, b: &Board, p: usize) -> f64 {
        self.v3[b.index() * self.grid.points.len() + p]
    }

    /// V(b, k/L) at a phase-2 board (k/L = probability that the lower
    /// piece is red).
    #[must_use]
    pub fn v2(&self, b: &Board, k: u32) -> f64 {
        self.v2[b.index() * (self.grid.l as usize + 1) + k as usize]
    }

    /// Solves from `init` (−1, 0 or +1 everywhere).
    #[must_use]
    pub fn solve(n: u32, init: f64, tolerance: f64, max_sweeps: usize) -> Values {
        let grid = Grid::new(n);
        let g3 = grid.points.len();
        let l = grid.l as usize;
        let mut v = Values {
            v3: vec![init; Board::slots(3) * g3],
            v2: vec![init; Board::slots(2) * (l + 1)],
            grid,
            sweeps: (0, 0),
        };
        let b2 = Board::all(2);
        let b3 = Board::all(3);
        // Phase 2.
        loop {
            v.sweeps.0 += 1;
            let mut delta: f64 = 0.0;
            for b in &b2 {
                let row = v.phase2_row(b);
                let base = b.index() * (l + 1);
                for (k, x) in row.into_iter().enumerate() {
                    delta = delta.max((x - v.v2[base + k]).abs());
                    v.v2[base + k] = x;
                }
            }
            if delta <= tolerance || v.sweeps.0 >= max_sweeps {
                break;
            }
        }
        loop {
            v.sweeps.1 += 1;
            let mut delta: f64 = 0.0;
            for b in &b3 {
                let row = v.phase3_row(b);
                let base = b.index() * g3;
                for (k, x) in row.into_iter().enumerate() {
                    delta = delta.max((x - v.v3[base + k]).abs());
                    v.v3[base + k] = x;
                }
            }
            if delta <= tolerance || v.sweeps.1 >= max_sweeps {
                break;
            }
        }
        v
    }

    /// One update of a phase-2 board's row (Gauss–Seidel within a sweep).
    fn phase2_row(&self, b: &Board) -> Vec<f64> {
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
                        // P2's piece is blue or red, ½ each.
                        best = best.max(0.0);
                        return;
                    }
                    let after = b.play(st);
                    let lo2 = after.p1.trailing_zeros() as u8;
                    let moved_lo = if st.from == lo { st.to } else { lo };
                    let k2 = if moved_lo == lo2 { k } else { l as usize - k };
                    best = best.max(self.v2(&after, k2 as u32));
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
                let mut best = f64::INFINITY;
                if b.on_exits() != 0 {
                    best = best.min(0.0);
                }
                b.for_each_step(|st| {
                    if st.capture {
                        let p_red = if st.to == lo { x } else { 1.0 - x };
                        best = best.min(2.0 * p_red - 1.0);
                    } else {
                        best = best.min(self.v2(&b.play(st), k as u32));
                    }
                });
                *fk = best;
            }
            f
        }
    }

    fn phase3_row(&self, b: &Board) -> Vec<f64> {
        let g = &self.grid;
        let nf = f64::from(g.n);
        let lf = g.l;
        let mut f = vec![0.0f64; g.points.len()];
        if b.p1_to_move {
            for (pi, p) in g.points.iter().enumerate() {
                let mut best = f64::NEG_INFINITY;
                b.for_each_step(|st| {
                    if st.capture {
                        best = best.max(0.0);
                        return;
                    }
                    let after = b.play(st);
                    let m = remap(b.p1, after.p1, st.from, st.to);
                    let mut q = [0; 3];
                    for i in 0..3 {
                        q[m[i]] = p[i];
                    }
                    best = best.max(self.v3(&after, g.at(q)));
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
                let mut best = f64::INFINITY;
                if b.on_exits() != 0 {
                    best = best.min(0.0);
                }
                b.for_each_step(|st| {
                    let after = b.play(st);
                    if !st.capture {
                        best = best.min(self.v3(&after, pi));
                        return;
                    }
                    let y = rank(b.p1, st.to);
                    let py = f64::from(p[y]) / nf;
                    if p[y] == g.n {
                        best = best.min(1.0);
                        return;
                    }
                    // The other two, in increasing order.
                    let rest: Vec<usize> = (0..3).filter(|&i| i != y).collect();
                    let (a, c) = (p[rest[0]], p[rest[1]]);
                    let k = a * (lf / (a + c));
                    best = best.min(py + (1.0 - py) * self.v2(&after, k));
                });
                f[pi] = best;
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
