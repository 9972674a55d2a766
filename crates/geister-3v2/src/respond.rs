//! A solved restricted game's strategy for one side, fixed, against the
//! other side's best response in the real game (the optimized builder; the
//! same problems are built apart in [`crate::naive`]).
//!
//! **P1's strategy against P2's real colouring** (the L side). P1 draws its
//! red uniformly and plays its strategy: at a split, the block holding its
//! red plays the block's act. P2 observes the acts, so its knowledge is the
//! union of the blocks that played what it saw (blocks with the same act
//! look alike); since every type moves deterministically, P2's posterior is
//! uniform on that union, which is the set the strategy reads next. P2
//! knows its own red `r2` and plays every legal move: steps, captures of
//! P1's pieces (P1's red with probability 1/|S| among the set, +1; a blue
//! leaves phase 2, or, the last one, −1), the escape of its blue (−1). P1's
//! captures are resolved with `r2`; an escape of a piece of the block that
//! may be red forfeits −1 for the red (§2's 「反則負け」); the guess gadget
//! counts 0 (a lower bound: right half the time, +1, else at least −1).
//! Every count is at most what the real strategy gets, so P2's optimal value
//! here is a lower bound of P1's guarantee against colouring `r2`.
//!
//! **P2's strategy against P1's real colouring** (the U side), the mirror:
//! P2's red uniform in its set, P1 knows its red `r1` and plays every legal
//! move (its blues' escapes +1; captures resolved with P2's set); P2's
//! gambles are chance with the strategy's odds, resolved with `r1`; P2's
//! escape of a possible red forfeits +1; its gadget counts 1 − 2/(P1's
//! pieces) (P2 guesses P1's red uniformly: right with probability 1/n, −1,
//! else at most +1) — an upper bound. P1's optimal value here bounds P1's
//! payoff against this strategy from above for colouring `r1`.

use crate::board::{carry, squares, Board, Mask};
use crate::graph::{Node, Problem};
use crate::model::{Act, Decision, Model};
use crate::q::Q;
use rustc_hash::FxHashMap as HashMap;

/// Integer weights for exact probabilities (scaled by their common
/// denominator).
#[must_use]
pub fn weights(odds: &[Q]) -> Vec<u64> {
    let den = odds.iter().fold(1i64, |acc, q| {
        let d = q.denom();
        acc / num_integer::gcd(acc, d) * d
    });
    odds.iter()
        .map(|q| u64::try_from(q.numer() * (den / q.denom())).expect("a positive weight"))
        .collect()
}

/// Groups a decision's blocks by act: (act, union of blocks).
fn grouped(d: &Decision) -> Vec<(Act, Mask)> {
    let mut out: Vec<(Act, Mask)> = Vec::new();
    for &(blk, act) in d.blocks() {
        match out.iter_mut().find(|g| g.0 == act) {
            Some(g) => g.1 |= blk,
            None => out.push((act, blk)),
        }
    }
    out
}

fn layer(b: &Board, set: Mask) -> u32 {
    b.phase() * 4 + set.count_ones()
}

/// States (board, the strategist's set, the responder's red) and the
/// problem being built.
struct Builder {
    p: Problem,
    index: HashMap<(Board, Mask, u8), u32>,
    todo: Vec<(Board, Mask, u8)>,
}

impl Builder {
    fn new(responder_max: bool) -> Builder {
        Builder {
            p: Problem::new(responder_max),
            index: HashMap::default(),
            todo: Vec::new(),
        }
    }

    fn node(&mut self, key: (Board, Mask, u8)) -> u32 {
        if let Some(&i) = self.index.get(&key) {
            return i;
        }
        let i = self.p.push(Node::Choice(Vec::new()), layer(&key.0, key.1));
        self.index.insert(key, i);
        self.todo.push(key);
        i
    }

    fn end(&mut self, v: Q) -> u32 {
        self.p.end(v)
    }

    fn chance(&mut self, branches: Vec<(u64, u32)>) -> u32 {
        if branches.len() == 1 {
            branches[0].1
        } else {
            self.p.push(Node::Chance(branches), 0)
        }
    }
}

fn step_of(b: &Board, from: u8, to: u8) -> crate::board::Step {
    b.steps()
        .into_iter()
        .find(|x| x.from == from && x.to == to)
        .expect("the strategy's move is legal")
}

/// The L side: `model`'s P1 strategy against P2 with its red on `r2` (a
/// square of P2's start), P1 first or not. Returns the problem and its root.
#[must_use]
pub fn against_p2(model: &Model, p1_first: bool, r2: u8) -> (Problem, u32) {
    let mut g = Builder::new(false);
    let start = Board::start(p1_first);
    let root = g.node((start, start.p1, r2));
    while let Some((b, s, r2)) = g.todo.pop() {
        let me = g.node((b, s, r2));
        let next = if b.p1_to_move {
            let d = model.decision(&b, s, b.p2);
            let mut kids = Vec::new();
            for (act, set) in grouped(&d) {
                let resolve =
                    |g: &mut Builder, to: u8| g.end(if to == r2 { Q::MINUS_ONE } else { Q::ONE });
                let child = match act {
                    Act::Step { from, to } => {
                        let st = step_of(&b, from, to);
                        g.node((b.play(st), carry(set, from, to), r2))
                    }
                    Act::Escape { from } => {
                        let n = u64::from(set.count_ones());
                        if set & (1 << from) == 0 {
                            g.end(Q::ONE)
                        } else if n == 1 {
                            g.end(Q::MINUS_ONE)
                        } else {
                            let lose = g.end(Q::MINUS_ONE);
                            let win = g.end(Q::ONE);
                            g.chance(vec![(1, lose), (n - 1, win)])
                        }
                    }
                    Act::Capture { to, .. } => resolve(&mut g, to),
                    Act::Random { moves } => {
                        let a = resolve(&mut g, moves[0].1);
                        let c = resolve(&mut g, moves[1].1);
                        g.chance(vec![(1, a), (1, c)])
                    }
                    Act::Gadget => g.end(Q::ZERO),
                    Act::Gamble(_) => unreachable!("P1 does not gamble"),
                };
                kids.push((u64::from(set.count_ones()), child));
            }
            vec![g.chance(kids)]
        } else {
            let mut out = Vec::new();
            for j in squares(b.on_exits()) {
                if j != r2 {
                    out.push(g.end(Q::MINUS_ONE));
                }
            }
            for st in b.steps() {
                let after = b.play(st);
                let r2n = if r2 == st.from { st.to } else { r2 };
                if !st.capture {
                    out.push(g.node((after, s, r2n)));
                    continue;
                }
                let y = st.to;
                let blue = |g: &mut Builder, rest: Mask| {
                    if b.phase() == 3 {
                        g.node((after, rest, r2n))
                    } else {
                        g.end(Q::MINUS_ONE)
                    }
                };
                let child = if s & (1 << y) != 0 {
                    let red = g.end(Q::ONE);
                    let n = u64::from(s.count_ones());
                    if n == 1 {
                        red
                    } else {
                        let bl = blue(&mut g, s & !(1 << y));
                        g.chance(vec![(1, red), (n - 1, bl)])
                    }
                } else {
                    blue(&mut g, s)
                };
                out.push(child);
            }
            if out.is_empty() {
                out.push(g.end(Q::ONE));
            }
            out
        };
        g.p.nodes[me as usize] = Node::Choice(next);
    }
    (g.p, root)
}

/// The U side: `model`'s P2 strategy against P1 with its red on `r1` (a
/// square of P1's start).
#[must_use]
pub fn against_p1(model: &Model, p1_first: bool, r1: u8) -> (Problem, u32) {
    let mut g = Builder::new(true);
    let start = Board::start(p1_first);
    let root = g.node((start, start.p2, r1));
    while let Some((b, t, r1)) = g.todo.pop() {
        let me = g.node((b, t, r1));
        let next = if b.p1_to_move {
            let mut out = Vec::new();
            for i in squares(b.on_exits()) {
                if i != r1 {
                    out.push(g.end(Q::ONE));
                }
            }
            for st in b.steps() {
                if !st.capture {
                    let r1n = if r1 == st.from { st.to } else { r1 };
                    out.push(g.node((b.play(st), t, r1n)));
                    continue;
                }
                let j = st.to;
                let v = if t & (1 << j) == 0 {
                    Q::ONE
                } else if t == 1 << j {
                    Q::MINUS_ONE
                } else {
                    Q::ZERO
                };
                out.push(g.end(v));
            }
            if out.is_empty() {
                out.push(g.end(Q::MINUS_ONE));
            }
            out
        } else {
            let d = model.decision(&b, b.p1, t);
            // P2 captures P1's piece with (from, to), its set `set`.
            let capture = |g: &mut Builder, from: u8, to: u8, set: Mask| {
                if to == r1 {
                    g.end(Q::ONE)
                } else if b.phase() == 2 {
                    g.end(Q::MINUS_ONE)
                } else {
                    let st = step_of(&b, from, to);
                    g.node((b.play(st), carry(set, from, to), r1))
                }
            };
            let mut kids = Vec::new();
            for (act, set) in grouped(&d) {
                let child = match act {
                    Act::Step { from, to } => {
                        let st = step_of(&b, from, to);
                        g.node((b.play(st), carry(set, from, to), r1))
                    }
                    Act::Escape { from } => {
                        let n = u64::from(set.count_ones());
                        if set & (1 << from) == 0 {
                            g.end(Q::MINUS_ONE)
                        } else if n == 1 {
                            g.end(Q::ONE)
                        } else {
                            let forfeit = g.end(Q::ONE);
                            let win = g.end(Q::MINUS_ONE);
                            g.chance(vec![(1, forfeit), (n - 1, win)])
                        }
                    }
                    Act::Capture { from, to } => capture(&mut g, from, to, set),
                    Act::Gamble(gm) => {
                        let w = weights(&gm.odds[..usize::from(gm.len)]);
                        let mut br = Vec::new();
                        for (i, &wi) in w.iter().enumerate() {
                            let (from, to) = gm.moves[i];
                            br.push((wi, capture(&mut g, from, to, set)));
                        }
                        g.chance(br)
                    }
                    Act::Gadget => g.end(Q::ONE - Q::new(2, i64::from(b.phase()))),
                    Act::Random { .. } => unreachable!("P2 does not capture at random"),
                };
                kids.push((u64::from(set.count_ones()), child));
            }
            vec![g.chance(kids)]
        };
        g.p.nodes[me as usize] = Node::Choice(next);
    }
    (g.p, root)
}
