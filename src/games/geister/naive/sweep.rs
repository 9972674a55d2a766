//! Depth-bounded value iteration: repeated full sweeps over the positions of
//! an analysis until a sweep decides nothing.
//!
//! Sweep d reads only what sweeps 1 … d−1 decided. A position of player 1
//! is decided [`Value::Reached`] in sweep d when one of its moves is known
//! to reach the goal (a move ending with `Reached`, or leading to a position
//! decided `Reached`), and [`Value::Prevented`] when every move is known to
//! be prevented; player 2's positions the other way round. A move ending
//! with [`Value::Neither`] is never known. The sweep that decides a position
//! is its distance (手数): 1 + the smallest distance among the deciding
//! moves of the side that wins, 1 + the largest among all moves of the side
//! that loses, a move that ends the analysis counting 0. A player with no
//! move at all loses in sweep 1 (pass is not legal, §1).

use super::analyses::{Analysis, Move, Value};
use super::board::Position;
use super::Solved;
use rayon::prelude::*;
use rustc_hash::FxHashMap;

/// The value and distance of every position of one analysis.
#[derive(Debug, Clone)]
pub struct Table {
    /// Which analysis.
    pub analysis: Analysis,
    /// Every position of the analysis.
    positions: Vec<Position>,
    /// Where each position stands in `positions`, by its
    /// [`Position::key`].
    number: FxHashMap<u64, u32>,
    /// Value and distance of `positions[i]` (distance 0 when the value is
    /// [`Value::Neither`]).
    results: Vec<(Value, u16)>,
}

impl Table {
    /// Number of positions.
    #[must_use]
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether the analysis has no position (never).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// Value and distance of `p`, if it is a position of the analysis.
    #[must_use]
    pub fn get(&self, p: &Position) -> Option<(Value, u16)> {
        self.number.get(&p.key()).map(|&i| self.results[i as usize])
    }

    /// Every position with its value and distance, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = (&Position, Value, u16)> {
        self.positions
            .iter()
            .zip(&self.results)
            .map(|(p, &(v, d))| (p, v, d))
    }

    /// The values the paper reports for the start positions, player 1 to
    /// move first: the worst for player 1 among
    /// [`Analysis::starts`], among equals the longest.
    ///
    /// # Panics
    /// If a start position is not a position of the analysis.
    #[must_use]
    pub fn starts(&self) -> [(Value, u16); 2] {
        ["1", "2"].map(|side| {
            self.analysis
                .starts()
                .iter()
                .map(|pieces| {
                    let p: Position = format!("{pieces} {side}").parse().expect("start notation");
                    self.get(&p).expect("start position in the table")
                })
                .min_by_key(|&(v, d)| (v.sign(), std::cmp::Reverse(d)))
                .expect("at least one start position")
        })
    }
}

/// An edge of the analysis's graph: a move to the position with that
/// number, or a move that ends the analysis.
#[derive(Debug, Clone, Copy)]
enum Edge {
    To(u32),
    Ends(Value),
}

/// The moves of every position, computed once (the sweeps then only look
/// values up), stored end to end: the moves of position `i` are
/// `edges[ends[i - 1]..ends[i]]` (from 0 for the first). One array instead
/// of a vector per position spares millions of small allocations.
struct Graph {
    edges: Vec<Edge>,
    ends: Vec<usize>,
}

impl Graph {
    fn moves(&self, i: usize) -> &[Edge] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.edges[start..self.ends[i]]
    }
}

/// Sweeps `analysis`, reading the analyses it depends on from `solved`.
///
/// # Panics
/// If a move leads out of the analysis's positions, or `solved` lacks an
/// analysis this one reads.
#[must_use]
pub fn sweep(analysis: Analysis, solved: &Solved) -> Table {
    let positions = analysis.positions();
    let number: FxHashMap<u64, u32> = positions
        .iter()
        .enumerate()
        .map(|(i, p)| {
            (
                p.key(),
                u32::try_from(i).expect("fewer than 2^32 positions"),
            )
        })
        .collect();
    // Listed in parallel by blocks of positions, each block's moves end to
    // end, then the blocks joined in order.
    let blocks: Vec<(Vec<Edge>, Vec<usize>)> = positions
        .par_chunks(4096)
        .map(|block| {
            let (mut edges, mut ends) = (Vec::new(), Vec::with_capacity(block.len()));
            for p in block {
                for m in analysis.moves(p, solved) {
                    edges.push(match m {
                        Move::To(q) => Edge::To(*number.get(&q.key()).unwrap_or_else(|| {
                            panic!(
                                "{}: the move {p} → {q} leaves the analysis",
                                analysis.name()
                            )
                        })),
                        Move::Ends(v) => Edge::Ends(v),
                    });
                }
                ends.push(edges.len());
            }
            (edges, ends)
        })
        .collect();
    let mut graph = Graph {
        edges: Vec::new(),
        ends: Vec::with_capacity(positions.len()),
    };
    for (edges, ends) in blocks {
        let before = graph.edges.len();
        graph.edges.extend(edges);
        graph.ends.extend(ends.into_iter().map(|end| before + end));
    }

    let mut decided: Vec<Option<(Value, u16)>> = vec![None; positions.len()];
    let mut open: Vec<usize> = (0..positions.len()).collect();
    for sweep in 1u16.. {
        let known = |e: &Edge| match *e {
            Edge::Ends(Value::Neither) => None,
            Edge::Ends(v) => Some(v),
            Edge::To(j) => decided[j as usize].map(|(v, _)| v),
        };
        let verdicts: Vec<Option<Value>> = open
            .par_iter()
            .map(|&i| {
                let want = Value::wanted_by(positions[i].to_move);
                let lose = Value::wanted_by(positions[i].to_move.opponent());
                let moves = graph.moves(i);
                if moves.iter().any(|e| known(e) == Some(want)) {
                    Some(want)
                } else if moves.iter().all(|e| known(e) == Some(lose)) {
                    Some(lose)
                } else {
                    None
                }
            })
            .collect();
        let before = open.len();
        let mut still_open = Vec::new();
        for (i, verdict) in open.into_iter().zip(verdicts) {
            match verdict {
                Some(v) => decided[i] = Some((v, sweep)),
                None => still_open.push(i),
            }
        }
        open = still_open;
        if open.len() == before {
            break;
        }
    }
    let results = decided
        .into_iter()
        .map(|d| d.unwrap_or((Value::Neither, 0)))
        .collect();
    Table {
        analysis,
        positions,
        number,
        results,
    }
}
