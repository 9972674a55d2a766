//! The naive solver: depth-bounded value iteration by repeated full sweeps,
//! written for obviousness. Positions are kept in a hash map keyed by the
//! position itself (no index); every sweep looks at every undecided
//! position and decides it at depth d when the positions decided at depths
//! below d force it. It stops when a sweep decides nothing.
//!
//! Cost: O(sweeps × positions × moves) with sweeps ≈ the largest distance;
//! the retrograde engine does the same work in one pass over the edges.

use super::analysis::{all_positions, Analysis, Kind, Lookup, Move};
use super::rules::{Position, Side};
use crate::solve::retrograde::Reach;
use std::collections::{BTreeMap, HashMap};

/// Value and distance of every position of an analysis.
#[derive(Debug, Clone)]
pub struct NaiveTable {
    /// Which analysis.
    pub kind: Kind,
    /// Value and distance (0 when undecided) by position.
    pub entries: HashMap<Position, (Reach, u16)>,
}

impl Lookup for NaiveTable {
    fn value(&self, p: &Position) -> Reach {
        self.entries[p].0
    }
}

/// What player `side` wants.
fn wanted(side: Side) -> Reach {
    match side {
        Side::P1 => Reach::Goal,
        Side::P2 => Reach::Prevented,
    }
}

fn opposite(v: Reach) -> Reach {
    match v {
        Reach::Goal => Reach::Prevented,
        Reach::Prevented => Reach::Goal,
        Reach::Undecided => Reach::Undecided,
    }
}

/// Sweeps `analysis` until nothing changes.
#[must_use]
pub fn sweep(analysis: &Analysis) -> NaiveTable {
    let positions = all_positions(&analysis.kind.layouts());
    let mut decided: HashMap<Position, (Reach, u16)> = HashMap::new();
    let mut depth: u16 = 1;
    loop {
        let mut newly = Vec::new();
        for p in &positions {
            if decided.contains_key(p) {
                continue;
            }
            if let Some(v) = analysis.terminal(p) {
                if depth == 1 {
                    newly.push((*p, v));
                }
                continue;
            }
            let want = wanted(p.to_move);
            // Value of each move as known before this sweep: an outcome is
            // known from depth 0, a position once it has been decided.
            let known: Vec<Option<Reach>> = analysis
                .moves(p)
                .into_iter()
                .map(|m| match m {
                    Move::Outcome(Reach::Undecided) => None,
                    Move::Outcome(v) => Some(v),
                    Move::To(q) => decided.get(&q).map(|e| e.0),
                })
                .collect();
            if known.contains(&Some(want)) {
                newly.push((*p, want));
            } else if known.iter().all(|k| *k == Some(opposite(want))) {
                newly.push((*p, opposite(want)));
            }
        }
        if newly.is_empty() && depth > 1 {
            break;
        }
        for (p, v) in newly {
            decided.insert(p, (v, depth));
        }
        depth += 1;
    }
    let entries = positions
        .into_iter()
        .map(|p| (p, decided.get(&p).copied().unwrap_or((Reach::Undecided, 0))))
        .collect();
    NaiveTable {
        kind: analysis.kind,
        entries,
    }
}

/// Sweeps `kind` and, first, every analysis it reads (also by sweeps).
#[must_use]
pub fn solve(kind: Kind) -> NaiveTable {
    let mut solved = BTreeMap::new();
    solve_into(kind, &mut solved);
    solved.remove(&kind).expect("just solved")
}

/// Sweeps `kind` into `solved`, after the analyses it reads.
pub fn solve_into(kind: Kind, solved: &mut BTreeMap<Kind, NaiveTable>) {
    if solved.contains_key(&kind) {
        return;
    }
    for dep in kind.dependencies() {
        solve_into(dep, solved);
    }
    let look = |k: Kind| solved.get(&k).map(|t| t as &dyn Lookup);
    let table = sweep(&Analysis {
        kind,
        det: look(Kind::Det),
        extended: look(Kind::Extended),
        win: look(Kind::WinBrVsBr),
    });
    solved.insert(kind, table);
}
