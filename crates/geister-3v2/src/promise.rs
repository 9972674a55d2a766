//! P2 reading P1's moves with promises: a finite randomised P2 strategy of
//! the real game built from the belief grid ([`crate::grid`]), and P1's
//! exact best response to it for each real colouring, certified by
//! `endless_mdp` (SPEC.md "P2 reading P1's moves").
//!
//! **The strategy.** P2 knows its own colours and keeps them as a set T of
//! its pieces that may be red (uniform from P1's view, as in the restricted
//! games). It carries a promise α: a bound on P1's payoff for each of P1's
//! pieces being red (in increasing square order). At P1's nodes the
//! promises are the planes of the grid's upper hull of V(board, T, ·)
//! (its facets, finitely many per node); after P1's move P2 keeps α as it
//! is. At P2's move it plays a mixture of *columns* — a move of the whole
//! set, or a split of T into its two pieces with distinct moves — each
//! continuation at a P1 node carrying one facet of that node, chosen to
//! make max over colourings of (the mixture's payoff or next promise −
//! α) least: a 3 × columns matrix game solved in floats by column
//! generation (the best column against a prior is separable). The mixture
//! is rounded to multiples of 1/[`DENOM`]. The strategy's states are (board,
//! T, facet) at P1's nodes and (board, T, α) at P2's, finitely many; the
//! floats only choose it.
//!
//! **The certificate.** For each colouring of P1 the strategy fixed leaves
//! P1 a one-player problem: P1 plays every legal move, P2's mixture and its
//! own colour (the block holding its red plays, |B|/|T|) are chance. P1 is
//! told P2's state (the promise), which can only help it, so P1's optimal
//! value here bounds its payoff against the strategy from above. Payoffs
//! from P1's side: its blue escaping +1; capturing P2's piece j, +1 if j
//! is surely blue (j ∉ T), −1 if it is surely red (T = {j}), 0 on average
//! otherwise; P2 capturing P1's red +1, its last blue −1, one of two blues
//! phase 2; P2's escape with a piece of its block B: −1 if it is surely
//! blue, +1 (the red forfeits) if B is that piece, else 0 on average.

use crate::board::{squares, Board};
use crate::grid::{carry_t, rank, remap, Grid, Values};
use num_bigint::BigInt;
use num_rational::BigRational;
use rustc_hash::FxHashMap as HashMap;
use solved_games_reference::solve::endless_mdp::Node;
use solved_games_reference::solve::float_game::FloatLp;

/// Mixtures are rounded to multiples of 1/DENOM.
pub const DENOM: u64 = 144;

/// A promise per P1 piece (increasing square order; phase 2 uses two).
pub type Plane = [f64; 3];

/// A P2 move: (from, to), `to` = 255 for an escape of `from`.
pub type Move = (u8, u8);

/// A column of P2's mixture: per block (whole set, or its two pieces
/// apart) a move and, where it leads to a P1 node, that node's facet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Column {
    /// The whole set plays `.0`, continuing with facet `.1`.
    Whole(Move, u16),
    /// The lower piece's block plays `.0`, the upper's `.1` (distinct).
    Split((Move, u16), (Move, u16)),
}

/// A P1 node's state: board, P2's set (local bits), facet.
pub type P1Key = (Board, u8, u16);
/// A P2 node's state: board, P2's set, the promise (bits of the floats).
pub type P2Key = (Board, u8, [u64; 3]);

/// The strategy: facets of the P1 nodes reached, P2's mixtures.
pub struct Strategy {
    /// Facets of each P1 node (board, T) reached.
    pub facets: HashMap<(Board, u8), Vec<Plane>>,
    /// P2's mixture (weights summing to [`DENOM`]) at each P2 state.
    pub mix: HashMap<P2Key, Vec<(u64, Column)>>,
    /// The matrix-game value at the start (the promise the floats make).
    pub start_promise: f64,
    /// The largest excess of a P2 state's mixture over its promise.
    pub worst_slack: f64,
}

/// Player 2's move `mv` (from, to) of its block `bl` played on `b`: the
/// board after it and the block its token carries to. The strategy's
/// reachable states and the judged problem both step this way, so they
/// cannot part.
fn p2_plays(b: &Board, mv: (u8, u8), bl: u8) -> (Board, u8) {
    let step = crate::board::Step {
        from: mv.0,
        to: mv.1,
        capture: b.p1 & (1 << mv.1) != 0,
    };
    let after = b.play(step);
    let carried = carry_t(b.p2, after.p2, usize::from(bl), mv.0, mv.1) as u8;
    (after, carried)
}

fn key2(b: Board, tl: u8, a: Plane) -> P2Key {
    (b, tl, [a[0].to_bits(), a[1].to_bits(), a[2].to_bits()])
}

/// The planes of the upper hull of a phase-3 row (values at the grid's
/// points (a, b, c)/N).
fn facets3(grid: &Grid, row: &[f64]) -> Vec<Plane> {
    let pts = &grid.points;
    let n = f64::from(grid.n);
    let q: Vec<[f64; 3]> = pts
        .iter()
        .map(|p| {
            [
                f64::from(p[0]) / n,
                f64::from(p[1]) / n,
                f64::from(p[2]) / n,
            ]
        })
        .collect();
    let m = q.len();
    let mut out: Vec<Plane> = Vec::new();
    for i in 0..m {
        for j in i + 1..m {
            for k in j + 1..m {
                let a = [q[i], q[j], q[k]];
                let det = det3(a);
                if det.abs() < 1e-12 {
                    continue;
                }
                let rhs = [row[i], row[j], row[k]];
                let mut x = [0.0; 3];
                for (c, xc) in x.iter_mut().enumerate() {
                    let mut b = a;
                    for r in 0..3 {
                        b[r][c] = rhs[r];
                    }
                    *xc = det3(b) / det;
                }
                let above = (0..m)
                    .all(|t| x[0] * q[t][0] + x[1] * q[t][1] + x[2] * q[t][2] >= row[t] - 1e-9);
                if above && !out.iter().any(|y| close(y, &x)) {
                    out.push(x);
                }
            }
        }
    }
    out.sort_by(|a, b| a.partial_cmp(b).expect("finite"));
    out
}

fn close(a: &Plane, b: &Plane) -> bool {
    (0..3).all(|c| (a[c] - b[c]).abs() < 1e-7)
}

fn det3(a: [[f64; 3]; 3]) -> f64 {
    a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1])
        - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
        + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
}

/// The lines of the upper hull of a phase-2 row (values at x = k/L, x the
/// probability that the lower piece is red), as (value at x = 1, at x =
/// 0).
fn facets2(row: &[f64]) -> Vec<Plane> {
    let l = (row.len() - 1) as f64;
    let mut out: Vec<Plane> = Vec::new();
    for i in 0..row.len() {
        for j in i + 1..row.len() {
            let (xi, xj) = (i as f64 / l, j as f64 / l);
            let slope = (row[j] - row[i]) / (xj - xi);
            let at = |x: f64| row[i] + slope * (x - xi);
            let above = (0..row.len()).all(|t| at(t as f64 / l) >= row[t] - 1e-9);
            let p = [at(1.0), at(0.0), 0.0];
            if above && !out.iter().any(|y| close(y, &p)) {
                out.push(p);
            }
        }
    }
    out.sort_by(|a, b| a.partial_cmp(b).expect("finite"));
    out
}

/// One alternative of a block's move: the payoff or next promise per
/// colouring, and the facet taken (0 where none).
type Alt = (Plane, u16);

/// A block's options: each move with its alternatives.
type Options = Vec<(Move, Vec<Alt>)>;

struct Build<'a> {
    v: &'a Values,
    facets: HashMap<(Board, u8), Vec<Plane>>,
    lp: FloatLp,
}

impl Build<'_> {
    fn facets(&mut self, b: &Board, tl: u8) -> &Vec<Plane> {
        let v = self.v;
        self.facets.entry((*b, tl)).or_insert_with(|| {
            if b.phase() == 3 {
                let g = v.grid.points.len();
                let row: Vec<f64> = (0..g).map(|p| v.v3(b, usize::from(tl), p)).collect();
                facets3(&v.grid, &row)
            } else {
                let row: Vec<f64> = (0..=v.grid.l)
                    .map(|k| v.v2(b, usize::from(tl), k))
                    .collect();
                facets2(&row)
            }
        })
    }

    /// A block's options at a P2 node: (move, alternatives).
    fn options(&mut self, b: &Board, bl: u8) -> Options {
        let mut out = Vec::new();
        let phase3 = b.phase() == 3;
        for j in squares(b.on_exits()) {
            let jb = 1u8 << rank(b.p2, j);
            let v = if bl & jb == 0 {
                -1.0
            } else if bl == jb {
                1.0
            } else {
                0.0
            };
            out.push(((j, 255), vec![([v; 3], 0)]));
        }
        for st in b.steps() {
            let after = b.play(st);
            let t2 = carry_t(b.p2, after.p2, usize::from(bl), st.from, st.to) as u8;
            let alts = if !st.capture {
                self.facets(&after, t2)
                    .iter()
                    .enumerate()
                    .map(|(i, f)| (*f, i as u16))
                    .collect()
            } else {
                let y = rank(b.p1, st.to);
                if !phase3 {
                    let mut p = [-1.0; 3];
                    p[y] = 1.0;
                    vec![(p, 0)]
                } else {
                    let fs = self.facets(&after, t2).clone();
                    fs.iter()
                        .enumerate()
                        .map(|(i, f)| {
                            let mut p = [0.0; 3];
                            let mut k = 0;
                            for (r, pr) in p.iter_mut().enumerate() {
                                if r == y {
                                    *pr = 1.0;
                                } else {
                                    *pr = f[k];
                                    k += 1;
                                }
                            }
                            (p, i as u16)
                        })
                        .collect()
                }
            };
            out.push(((st.from, st.to), alts));
        }
        out
    }

    /// P2's mixture at (b, tl) with promise `alpha`: columns with weights
    /// summing to DENOM, and the float min-max excess.
    fn mixture(&mut self, b: &Board, tl: u8, alpha: &Plane) -> (Vec<(u64, Column)>, f64) {
        let rows = b.phase() as usize;
        let mut blocks: Vec<(u8, Options)> = vec![(tl, self.options(b, tl))];
        if tl == 3 {
            blocks.push((1, self.options(b, 1)));
            blocks.push((2, self.options(b, 2)));
        }
        let dot =
            |p: &[f64; 3], x: &Plane| (0..rows).map(|r| p[r] * (x[r] - alpha[r])).sum::<f64>();
        // The best column against prior p, and its p-value.
        let best = |p: &[f64; 3]| -> (Column, f64) {
            let mut bestc = None;
            let mut bestv = f64::INFINITY;
            let pick = |opts: &Options| -> Vec<(Move, u16, f64)> {
                opts.iter()
                    .map(|(m, alts)| {
                        let (a, v) = alts.iter().map(|(x, i)| (*i, dot(p, x))).fold(
                            (0, f64::INFINITY),
                            |acc, y| if y.1 < acc.1 { y } else { acc },
                        );
                        (*m, a, v)
                    })
                    .collect()
            };
            for (m, a, v) in pick(&blocks[0].1) {
                if v < bestv {
                    bestv = v;
                    bestc = Some(Column::Whole(m, a));
                }
            }
            if blocks.len() == 3 {
                let lo = pick(&blocks[1].1);
                let hi = pick(&blocks[2].1);
                for x in &lo {
                    for y in &hi {
                        if x.0 != y.0 && 0.5 * (x.2 + y.2) < bestv {
                            bestv = 0.5 * (x.2 + y.2);
                            bestc = Some(Column::Split((x.0, x.1), (y.0, y.1)));
                        }
                    }
                }
            }
            (bestc.expect("P2 has a move"), bestv)
        };
        let value_of = |c: &Column| -> Plane {
            let find = |opts: &Options, m: Move, a: u16| -> Plane {
                let alts = &opts.iter().find(|o| o.0 == m).expect("move").1;
                alts.iter().find(|x| x.1 == a).expect("facet").0
            };
            match *c {
                Column::Whole(m, a) => find(&blocks[0].1, m, a),
                Column::Split((m1, a1), (m2, a2)) => {
                    let x = find(&blocks[1].1, m1, a1);
                    let y = find(&blocks[2].1, m2, a2);
                    [
                        0.5 * (x[0] + y[0]),
                        0.5 * (x[1] + y[1]),
                        0.5 * (x[2] + y[2]),
                    ]
                }
            }
        };
        // Column generation from the best columns at the grid's points.
        let mut cols: Vec<Column> = Vec::new();
        let n = f64::from(self.v.grid.n);
        let priors: Vec<[f64; 3]> = if rows == 3 {
            self.v
                .grid
                .points
                .iter()
                .map(|p| {
                    [
                        f64::from(p[0]) / n,
                        f64::from(p[1]) / n,
                        f64::from(p[2]) / n,
                    ]
                })
                .collect()
        } else {
            (0..=12)
                .map(|k| [f64::from(k) / 12.0, 1.0 - f64::from(k) / 12.0, 0.0])
                .collect()
        };
        for p in &priors {
            let c = best(p).0;
            if !cols.contains(&c) {
                cols.push(c);
            }
        }
        let mut sol;
        let mut rounds = 0;
        loop {
            let vals: Vec<Plane> = cols.iter().map(&value_of).collect();
            let mut m = Vec::with_capacity(rows * cols.len());
            for r in 0..rows {
                for x in &vals {
                    m.push(x[r] - alpha[r]);
                }
            }
            sol = self
                .lp
                .solve(rows, cols.len(), &m)
                .or_else(|| self.lp.solve_transposed(rows, cols.len(), &m))
                .expect("a small game");
            let mut p = [0.0; 3];
            p[..rows].copy_from_slice(&sol.row_strategy[..rows]);
            let (c, v) = best(&p);
            rounds += 1;
            if v >= sol.value - 1e-12 || cols.contains(&c) || rounds > 50 {
                break;
            }
            cols.push(c);
        }
        // Round the mixture to multiples of 1/DENOM (largest remainders).
        let y = &sol.column_strategy;
        let total: f64 = y.iter().sum();
        let mut w: Vec<(u64, f64, usize)> = y
            .iter()
            .enumerate()
            .map(|(i, &x)| {
                let s = x / total * DENOM as f64;
                (s.floor() as u64, s - s.floor(), i)
            })
            .collect();
        let mut left = DENOM - w.iter().map(|x| x.0).sum::<u64>();
        let mut order: Vec<usize> = (0..w.len()).collect();
        order.sort_by(|&a, &b| w[b].1.total_cmp(&w[a].1).then(a.cmp(&b)));
        for i in order {
            if left == 0 {
                break;
            }
            w[i].0 += 1;
            left -= 1;
        }
        let mix: Vec<(u64, Column)> = w
            .into_iter()
            .filter(|x| x.0 > 0)
            .map(|x| (x.0, cols[x.2]))
            .collect();
        (mix, sol.value)
    }
}

impl Strategy {
    /// Builds the strategy from the start with P2 first (`p1_first`
    /// false) or P1 first, over every state P1's moves reach.
    #[must_use]
    pub fn build(v: &Values, p1_first: bool) -> Strategy {
        let mut bd = Build {
            v,
            facets: HashMap::default(),
            lp: FloatLp::new(),
        };
        let mut mix: HashMap<P2Key, Vec<(u64, Column)>> = HashMap::default();
        let mut seen1: HashMap<P1Key, ()> = HashMap::default();
        let mut todo1: Vec<P1Key> = Vec::new();
        let mut todo2: Vec<(Board, u8, Plane)> = Vec::new();
        let start = Board::start(p1_first);
        let mut start_promise = 0.0;
        let mut worst_slack: f64 = f64::NEG_INFINITY;
        if p1_first {
            let fs = bd.facets(&start, 3).clone();
            let best = (0..fs.len())
                .min_by(|&a, &b| {
                    let ma = fs[a].iter().copied().fold(f64::MIN, f64::max);
                    let mb = fs[b].iter().copied().fold(f64::MIN, f64::max);
                    ma.total_cmp(&mb)
                })
                .expect("a facet");
            start_promise = fs[best].iter().copied().fold(f64::MIN, f64::max);
            todo1.push((start, 3, best as u16));
        } else {
            todo2.push((start, 3, [0.0; 3]));
        }
        loop {
            if let Some((b, tl, a)) = todo2.pop() {
                let k = key2(b, tl, a);
                if mix.contains_key(&k) {
                    continue;
                }
                let (m, s) = bd.mixture(&b, tl, &a);
                if a == [0.0; 3] && b == start {
                    start_promise = s;
                } else {
                    worst_slack = worst_slack.max(s);
                }
                for &(_, c) in &m {
                    let blocks: Vec<(u8, Move, u16)> = match c {
                        Column::Whole(mv, f) => vec![(tl, mv, f)],
                        Column::Split((m1, f1), (m2, f2)) => vec![(1, m1, f1), (2, m2, f2)],
                    };
                    for (bl, mv, f) in blocks {
                        if mv.1 == 255 {
                            continue;
                        }
                        let capture = b.p1 & (1 << mv.1) != 0;
                        if capture && b.phase() == 2 {
                            continue;
                        }
                        let (after, t2) = p2_plays(&b, mv, bl);
                        let key = (after, t2, f);
                        if seen1.insert(key, ()).is_none() {
                            todo1.push(key);
                        }
                    }
                }
                mix.insert(k, m);
            } else if let Some((b, tl, f)) = todo1.pop() {
                let alpha = bd.facets(&b, tl)[usize::from(f)];
                for st in b.steps() {
                    if st.capture {
                        continue;
                    }
                    let after = b.play(st);
                    let m = remap(b.p1, after.p1, st.from, st.to);
                    let mut a2 = [0.0; 3];
                    for i in 0..b.phase() as usize {
                        a2[m[i]] = alpha[i];
                    }
                    todo2.push((after, tl, a2));
                }
            } else {
                break;
            }
        }
        Strategy {
            facets: bd.facets,
            mix,
            start_promise,
            worst_slack,
        }
    }
}

/// States of P1's best-response problem.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum State {
    P1(P1Key, u8),
    P2(P2Key, u8),
}

/// P1's problem against the strategy with its red on `red` (a square of
/// its start): `endless_mdp` nodes with payoffs negated (P1 maximises),
/// and the root.
#[must_use]
pub fn problem(s: &Strategy, p1_first: bool, red: u8) -> (Vec<Node>, u32) {
    let mut nodes: Vec<Node> = Vec::new();
    let mut index: HashMap<State, u32> = HashMap::default();
    let mut ends: HashMap<i64, u32> = HashMap::default();
    let mut todo: Vec<State> = Vec::new();
    let mut id = |st: State, nodes: &mut Vec<Node>, todo: &mut Vec<State>| -> u32 {
        *index.entry(st).or_insert_with(|| {
            nodes.push(Node::Choice(Vec::new()));
            todo.push(st);
            (nodes.len() - 1) as u32
        })
    };
    // Ends pay −v (P1's payoff v in {−1, 0, 1}).
    let mut end = |v: i64, nodes: &mut Vec<Node>| -> u32 {
        *ends.entry(v).or_insert_with(|| {
            nodes.push(Node::End(BigRational::from_integer(BigInt::from(-v))));
            (nodes.len() - 1) as u32
        })
    };
    let start = Board::start(p1_first);
    let root = if p1_first {
        let f = s.start_facet();
        id(State::P1((start, 3, f), red), &mut nodes, &mut todo)
    } else {
        id(
            State::P2(key2(start, 3, [0.0; 3]), red),
            &mut nodes,
            &mut todo,
        )
    };
    while let Some(st) = todo.pop() {
        let me = id(st, &mut nodes, &mut todo);
        let node = match st {
            State::P1((b, tl, f), red) => {
                let alpha = s.facets[&(b, tl)][usize::from(f)];
                let t = crate::board::global(b.p2, usize::from(tl));
                let mut out = Vec::new();
                for i in squares(b.on_exits()) {
                    if i != red {
                        out.push(end(1, &mut nodes));
                    }
                }
                for x in b.steps() {
                    if x.capture {
                        let v = if t & (1 << x.to) == 0 {
                            1
                        } else if t == 1 << x.to {
                            -1
                        } else {
                            0
                        };
                        out.push(end(v, &mut nodes));
                        continue;
                    }
                    let after = b.play(x);
                    let m = remap(b.p1, after.p1, x.from, x.to);
                    let mut a2 = [0.0; 3];
                    for i in 0..b.phase() as usize {
                        a2[m[i]] = alpha[i];
                    }
                    let red2 = if red == x.from { x.to } else { red };
                    out.push(id(
                        State::P2(key2(after, tl, a2), red2),
                        &mut nodes,
                        &mut todo,
                    ));
                }
                if out.is_empty() {
                    out.push(end(-1, &mut nodes));
                }
                Node::Choice(out)
            }
            State::P2(k, red) => {
                let (b, tl, _) = k;
                let mut branches: Vec<(u64, u32)> = Vec::new();
                for &(w, c) in &s.mix[&k] {
                    let blocks: Vec<(u64, u8, Move, u16)> = match c {
                        Column::Whole(mv, f) => vec![(2 * w, tl, mv, f)],
                        Column::Split((m1, f1), (m2, f2)) => {
                            vec![(w, 1, m1, f1), (w, 2, m2, f2)]
                        }
                    };
                    for (w, bl, mv, f) in blocks {
                        let child = if mv.1 == 255 {
                            let jb = 1u8 << rank(b.p2, mv.0);
                            if bl & jb == 0 {
                                end(-1, &mut nodes)
                            } else if bl == jb {
                                end(1, &mut nodes)
                            } else {
                                let a = end(1, &mut nodes);
                                let c = end(-1, &mut nodes);
                                nodes.push(Node::Chance(vec![(1, a), (1, c)]));
                                (nodes.len() - 1) as u32
                            }
                        } else {
                            let capture = b.p1 & (1 << mv.1) != 0;
                            if capture && mv.1 == red {
                                end(1, &mut nodes)
                            } else if capture && b.phase() == 2 {
                                end(-1, &mut nodes)
                            } else {
                                let (after, t2) = p2_plays(&b, mv, bl);
                                id(State::P1((after, t2, f), red), &mut nodes, &mut todo)
                            }
                        };
                        branches.push((w, child));
                    }
                }
                Node::Chance(branches)
            }
        };
        nodes[me as usize] = node;
    }
    (nodes, root)
}

impl Strategy {
    /// The facet P1-first play starts from (the least largest promise).
    #[must_use]
    pub fn start_facet(&self) -> u16 {
        let fs = &self.facets[&(Board::start(true), 3)];
        (0..fs.len())
            .min_by(|&a, &b| {
                let ma = fs[a].iter().copied().fold(f64::MIN, f64::max);
                let mb = fs[b].iter().copied().fold(f64::MIN, f64::max);
                ma.total_cmp(&mb)
            })
            .expect("a facet") as u16
    }
}

/// P1's best response against the strategy with its red on `red`,
/// certified by `endless_mdp` (its bound is −(P1's value): the problem is
/// stored negated).
#[must_use]
pub fn certify(s: &Strategy, p1_first: bool, red: u8) -> crate::naive::Certificate {
    let t = std::time::Instant::now();
    let (nodes, root) = problem(s, p1_first, red);
    crate::naive::certify_graph(nodes, root, t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_facets_of_a_tent_and_of_a_plane() {
        // V(x) = min(2x, 2 − 2x) on x = k/4: its two lines, as (V at x = 1,
        // V at x = 0).
        let f = facets2(&[0.0, 0.5, 1.0, 0.5, 0.0]);
        assert_eq!(f, vec![[0.0, 2.0, 0.0], [2.0, 0.0, 0.0]]);
        // A plane on the phase-3 grid is its own only facet.
        let g = Grid::new(3);
        let plane = [0.5, -1.0, 0.25];
        let row: Vec<f64> = g
            .points
            .iter()
            .map(|p| (0..3).map(|c| plane[c] * f64::from(p[c]) / 3.0).sum())
            .collect();
        let f = facets3(&g, &row);
        assert_eq!(f.len(), 1);
        assert!(close(&f[0], &plane));
        // Lowering one point inside adds no facet; raising it adds some.
        let mut low = row.clone();
        low[g.at([1, 1, 1])] -= 0.5;
        assert_eq!(facets3(&g, &low).len(), 1);
        let mut high = row;
        high[g.at([1, 1, 1])] += 0.5;
        let f = facets3(&g, &high);
        assert!(f.len() >= 3 && f.iter().all(|x| !close(x, &plane)));
    }

    #[test]
    fn a_strategy_on_a_flat_grid_is_a_well_formed_problem() {
        // V ≡ 0 on the smallest grid: one facet per node; P2's mixtures sum
        // to DENOM; P1's problem for each colouring is well formed and
        // reaches every kind of node.
        let grid = Grid::new(2);
        let v = Values {
            v3: vec![0.0; Board::slots(3) * 4 * grid.points.len()],
            v2: vec![0.0; Board::slots(2) * 4 * (grid.l as usize + 1)],
            grid,
            own_colours: true,
            sweeps: (0, 0),
        };
        let s = Strategy::build(&v, false);
        assert!(s.facets.values().all(|f| f.len() == 1));
        assert!(s
            .mix
            .values()
            .all(|m| m.iter().map(|x| x.0).sum::<u64>() == DENOM));
        let (nodes, root) = problem(&s, false, 1);
        assert!(solved_games_reference::solve::endless_mdp::validate(&nodes).is_ok());
        assert!(matches!(nodes[root as usize], Node::Chance(_)));
        assert!(nodes.iter().any(|x| matches!(x, Node::End(_))));
    }
}
