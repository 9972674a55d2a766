//! A seeded Monte-Carlo match of a judged strategy against the best
//! response the judge computed: the strategist's colouring is drawn at the
//! start (which purple is red, uniformly) and followed as its pieces move;
//! escapes and captures of its purples are resolved with that drawn colour
//! instead of the judge's averages, random captures are drawn, and the
//! responder plays the judge's best response (a move keeping the value,
//! nearest to an end first, so that it does not walk in circles where the
//! value is reached by ending). What a blue capture leaves to the
//! continuation (§4's lower bound) is read back from the judge's end. The
//! mean of the payoffs must lie within its confidence interval of the
//! certified value.

use super::judge::Problem;
use crate::solve::endless_mdp::{Bounds, Node};
use num_rational::BigRational;
use num_traits::ToPrimitive;

/// The responder's policy: at each choice state the successor keeping the
/// lower bound with the fewest steps to an end (ties by order).
fn policy(nodes: &[Node], b: &Bounds) -> Vec<u32> {
    let n = nodes.len();
    let mut rank = vec![u32::MAX; n];
    for (s, node) in nodes.iter().enumerate() {
        if !matches!(node, Node::Choice(_)) {
            rank[s] = 0;
        }
    }
    loop {
        let mut changed = false;
        for (s, node) in nodes.iter().enumerate() {
            if let Node::Choice(next) = node {
                let best = next
                    .iter()
                    .filter(|&&t| b.lower[t as usize] == b.lower[s])
                    .map(|&t| rank[t as usize].saturating_add(1))
                    .min()
                    .unwrap_or(u32::MAX);
                if best < rank[s] {
                    rank[s] = best;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    nodes
        .iter()
        .enumerate()
        .map(|(s, node)| match node {
            Node::Choice(next) => *next
                .iter()
                .filter(|&&t| b.lower[t as usize] == b.lower[s])
                .min_by_key(|&&t| rank[t as usize])
                .unwrap_or(&next[0]),
            _ => 0,
        })
        .collect()
}

fn f(x: &BigRational) -> f64 {
    x.to_f64().expect("a payoff")
}

/// Mean and standard error of `plays` plays from `root` (at most
/// `max_moves` moves each, an unfinished play paying 0), seeded.
#[must_use]
pub fn match_mean(
    problem: &Problem,
    b: &Bounds,
    root: u32,
    plays: usize,
    max_moves: usize,
    seed: u64,
) -> (f64, f64) {
    match_mean_with(
        problem,
        &policy(&problem.nodes, b),
        root,
        plays,
        max_moves,
        seed,
    )
}

/// [`match_mean`] against a fixed responder: at each of player 2's choice
/// states `s` it moves to `pol[s]` (a successor of `s`).
#[must_use]
pub fn match_mean_with(
    problem: &Problem,
    pol: &[u32],
    root: u32,
    plays: usize,
    max_moves: usize,
    seed: u64,
) -> (f64, f64) {
    let nodes = &problem.nodes;
    let mut rng = fastrand::Rng::with_seed(seed);
    let (mut sum, mut sq) = (0.0, 0.0);
    for _ in 0..plays {
        let start = problem.positions[root as usize].expect("a position");
        let purples: Vec<u8> =
            super::super::rules::squares(start.p1.of(super::super::rules::Colour::Purple))
                .collect();
        let mut red = purples[rng.usize(0..purples.len())];
        let red_p = 1.0 / purples.len() as f64;
        let mut s = root as usize;
        let mut pay = 0.0;
        for _ in 0..max_moves {
            let Some(p) = problem.positions[s] else {
                break;
            };
            let Node::Choice(next) = &nodes[s] else {
                unreachable!("positions are choice states")
            };
            let t = if p.to_move == crate::core::Player::First {
                next[0]
            } else {
                pol[s]
            } as usize;
            match &nodes[t] {
                Node::Choice(_) => {
                    // A plain step: follow the red piece.
                    let q = problem.positions[t].expect("a position");
                    if q.p1.all() & (1 << red) == 0 {
                        let moved_to = q.p1.all() & !p.p1.all();
                        red = moved_to.trailing_zeros() as u8;
                    }
                    s = t;
                }
                Node::Chance(branches) => {
                    let k = branches[rng.usize(0..branches.len())].1 as usize;
                    let Node::End(v) = &nodes[k] else {
                        unreachable!("random captures end the play")
                    };
                    pay = f(v);
                    break;
                }
                Node::End(v) => {
                    let v = f(v);
                    pay = if p.to_move == crate::core::Player::First {
                        // An escape of a purple: drawn colour; else (a
                        // capture by the strategist, no move) as judged.
                        let esc = p.p1.of(super::super::rules::Colour::Purple)
                            & super::super::rules::escapes(crate::core::Player::First);
                        if esc != 0 && next.len() == 1 && problem.positions[t].is_none() {
                            if esc & (1 << red) != 0 && esc.count_ones() == 1 {
                                -1.0
                            } else if esc.count_ones() == 1 {
                                1.0
                            } else {
                                v
                            }
                        } else {
                            v
                        }
                    } else {
                        // The responder's capture of a purple on `to`: the
                        // drawn colour decides; a blue leaves the
                        // continuation, read back from the judge's average.
                        let idx = next.iter().position(|&x| x as usize == t).expect("chosen");
                        let captured = capture_square(&p, idx);
                        match captured {
                            Some(sq)
                                if p.p1.of(super::super::rules::Colour::Purple) & (1 << sq)
                                    != 0 =>
                            {
                                if sq == red {
                                    1.0
                                } else {
                                    (v - red_p) / (1.0 - red_p)
                                }
                            }
                            _ => v,
                        }
                    };
                    break;
                }
            }
        }
        sum += pay;
        sq += pay * pay;
    }
    let n = plays as f64;
    let mean = sum / n;
    let var = (sq / n - mean * mean).max(0.0);
    (mean, (var / n).sqrt())
}

/// The square a responder's move number `idx` (in the judge's order:
/// its blue's escape first if it has one, then every step) enters, if it is
/// a step.
fn capture_square(p: &super::super::rules::Position, idx: usize) -> Option<u8> {
    use super::super::rules::{escapes, Colour};
    use crate::core::Player;
    let escape = usize::from(p.p2.of(Colour::Blue) & escapes(Player::Second) != 0);
    if idx < escape {
        return None;
    }
    p.steps().get(idx - escape).map(|s| s.to)
}
