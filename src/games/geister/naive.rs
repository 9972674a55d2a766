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
use rayon::prelude::*;
use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasherDefault, Hasher};

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

/// A position packed into one number: the hash map's key. Packing keeps
/// the map small and hashing cheap; it carries no knowledge of the game.
fn key(p: &Position) -> u128 {
    let mut k = u128::from(p.to_move == Side::P2);
    for m in p.p1.by_colour.iter().chain(p.p2.by_colour.iter()) {
        k = (k << 16) | u128::from(*m);
    }
    k
}

/// Multiply-and-fold hashing for [`key`]s (SipHash is a needless cost here).
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u128(&mut self, k: u128) {
        let x = (k as u64) ^ ((k >> 64) as u64).rotate_left(32);
        self.0 = (x ^ (x >> 29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 ^= self.0 >> 32;
    }
}

type KeyMap<V> = HashMap<u128, V, BuildHasherDefault<KeyHasher>>;

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

/// Sweeps `analysis` until nothing changes. Each sweep reads only what
/// earlier sweeps decided, so the sweep that decides a position is its
/// distance; the positions of one sweep are examined in parallel.
#[must_use]
pub fn sweep(analysis: &Analysis) -> NaiveTable {
    let positions = all_positions(&analysis.kind.layouts());
    let mut decided: KeyMap<(Reach, u16)> = KeyMap::default();
    let mut open: Vec<Position> = positions.clone();
    let mut depth: u16 = 1;
    loop {
        let verdicts: Vec<Option<Reach>> = open
            .par_iter()
            .map(|p| {
                if let Some(v) = analysis.terminal(p) {
                    return Some(v);
                }
                let want = wanted(p.to_move);
                // Value of each move as known before this sweep: an outcome
                // is known from depth 0, a position once it has been decided.
                let known: Vec<Option<Reach>> = analysis
                    .moves(p)
                    .into_iter()
                    .map(|m| match m {
                        Move::Outcome(Reach::Undecided) => None,
                        Move::Outcome(v) => Some(v),
                        Move::To(q) => decided.get(&key(&q)).map(|e| e.0),
                    })
                    .collect();
                if known.contains(&Some(want)) {
                    Some(want)
                } else if known.iter().all(|k| *k == Some(opposite(want))) {
                    Some(opposite(want))
                } else {
                    None
                }
            })
            .collect();
        let mut still_open = Vec::new();
        let mut changed = false;
        for (p, v) in open.into_iter().zip(verdicts) {
            match v {
                Some(v) => {
                    decided.insert(key(&p), (v, depth));
                    changed = true;
                }
                None => still_open.push(p),
            }
        }
        open = still_open;
        if !changed {
            break;
        }
        depth += 1;
    }
    let entries = positions
        .into_iter()
        .map(|p| {
            let e = decided.get(&key(&p)).copied();
            (p, e.unwrap_or((Reach::Undecided, 0)))
        })
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
