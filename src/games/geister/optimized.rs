//! The optimized solver: the generic retrograde engine
//! ([`crate::solve::retrograde`]) over the perfect index of an analysis's
//! positions ([`super::index`]).

use super::analysis::{Analysis, Kind, Lookup, Move};
use super::index::deciding_by_group;
pub use super::index::Space;
use super::rules::{Position, Side, Squares};
use crate::solve::retrograde::{self, Chooser, Reach, ReversibleGraph, StateGraph, Successor};
use std::collections::BTreeMap;

/// Player 1 is the analysing side.
fn chooser_of(to_move: Side) -> Chooser {
    match to_move {
        Side::P1 => Chooser::Max,
        Side::P2 => Chooser::Min,
    }
}

/// An analysis seen as an indexed state graph.
struct Graph<'a, 'b> {
    analysis: &'b Analysis<'a>,
    space: &'b Space,
    /// Where the rules read no other table, testing a predecessor reached
    /// by an undone capture for a decided-by-the-rules position costs a few
    /// bit operations, less than its index and the cache miss on its word;
    /// in the full-information game nearly half the positions are such.
    cheap_terminal: bool,
    /// [`Analysis::deciding_squares`] per group.
    deciding: [Squares; 6],
}

impl StateGraph for Graph<'_, '_> {
    fn len(&self) -> usize {
        self.space.len()
    }

    fn chooser(&self, i: usize) -> Chooser {
        chooser_of(self.space.to_move(i))
    }

    fn terminal(&self, i: usize) -> Option<Reach> {
        self.analysis.terminal(&self.space.position(i))
    }

    fn successors(&self, i: usize, out: &mut Vec<Successor>) {
        self.push_successors(&self.space.position(i), out);
    }

    fn expand(&self, i: usize, out: &mut Vec<Successor>) -> Option<Reach> {
        let p = self.space.position(i);
        let t = self.analysis.terminal(&p);
        if t.is_none() {
            self.push_successors(&p, out);
        }
        t
    }
}

impl ReversibleGraph for Graph<'_, '_> {
    fn summary(&self, i: usize, outcomes: &mut Vec<Reach>) -> Result<u32, Reach> {
        self.summary_of(&self.space.position(i), outcomes)
    }

    fn summaries(
        &self,
        range: std::ops::Range<usize>,
        outcomes: &mut Vec<Reach>,
        mut f: impl FnMut(usize, Chooser, Result<u32, Reach>, &[Reach]),
    ) {
        self.space.for_each_position(range, |i, p| {
            outcomes.clear();
            let summary = self.summary_of(p, outcomes);
            f(i, chooser_of(p.to_move), summary, outcomes);
        });
    }

    fn predecessors(&self, i: usize, mut f: impl FnMut(u32)) {
        let d = self.space.decode(i);
        let uncaptures = self.space.uncaptures[d.layout];
        if !uncaptures {
            // Predecessors decided by the rules are left in: indexing them
            // costs less than building each position to test it (measured
            // on §3's table and the full-information one alike).
            self.space.for_each_step_predecessor(&d, &self.deciding, f);
            return;
        }
        self.analysis
            .for_each_unmove(&d.position, uncaptures, |q, step| {
                if self.cheap_terminal && self.analysis.terminal(q).is_some() {
                    return;
                }
                if step.captured.is_none() {
                    let group = 3 * usize::from(q.to_move == Side::P2) + step.colour as usize;
                    let j = self.space.unmoved_index(&d, group, step.to, step.from);
                    f(j as u32);
                } else if let Some(j) = self.space.index(q) {
                    f(j as u32);
                }
            });
    }
}

impl Graph<'_, '_> {
    /// [`ReversibleGraph::summary`] of position `p`.
    fn summary_of(&self, p: &Position, outcomes: &mut Vec<Reach>) -> Result<u32, Reach> {
        if let Some(v) = self.analysis.terminal(p) {
            return Err(v);
        }
        // Distinct steps lead to distinct positions, so the moves to
        // positions need only be counted, not indexed.
        Ok(self.analysis.count_moves(p, |v| outcomes.push(v)))
    }

    fn push_successors(&self, p: &Position, out: &mut Vec<Successor>) {
        self.analysis.for_each_move(p, |_, m| {
            out.push(match m {
                Move::To(q) => Successor::State(
                    self.space
                        .index(&q)
                        .expect("moves stay within the analysis") as u32,
                ),
                Move::Outcome(v) => Successor::Outcome(v),
            });
        });
    }
}

/// A solved analysis: value and distance of every position.
#[derive(Debug, Clone)]
pub struct Table {
    /// Which analysis.
    pub kind: Kind,
    /// The index of its positions.
    pub space: Space,
    /// Values and distances by index.
    pub solution: retrograde::Solution,
}

impl Table {
    /// Solves `analysis` with the retrograde engine.
    #[must_use]
    pub fn solve(analysis: &Analysis) -> Table {
        let space = Space::new(analysis.kind.layouts());
        let solution = retrograde::solve_reversible(&Graph {
            analysis,
            space: &space,
            cheap_terminal: analysis.kind.dependencies().is_empty(),
            deciding: deciding_by_group(analysis),
        });
        Table {
            kind: analysis.kind,
            space,
            solution,
        }
    }

    /// Value and distance of `p`, `None` if `p` is not covered.
    #[must_use]
    pub fn get(&self, p: &Position) -> Option<(Reach, u16)> {
        let i = self.space.index(p)?;
        Some((self.solution.values[i], self.solution.distances[i]))
    }
}

impl Lookup for Table {
    fn value(&self, p: &Position) -> Reach {
        self.get(p).expect("position covered by the table").0
    }
}

/// Solves `kind` and, first, every analysis it reads.
#[must_use]
pub fn solve(kind: Kind) -> Table {
    let mut solved = BTreeMap::new();
    solve_into(kind, &mut solved);
    solved.remove(&kind).expect("just solved")
}

/// Solves `kind` into `solved`, after the analyses it reads (each solved
/// once and kept in `solved`).
pub fn solve_into(kind: Kind, solved: &mut BTreeMap<Kind, Table>) {
    if solved.contains_key(&kind) {
        return;
    }
    for dep in kind.dependencies() {
        solve_into(dep, solved);
    }
    let look = |k: Kind| solved.get(&k).map(|t| t as &dyn Lookup);
    let analysis = Analysis {
        kind,
        det: look(Kind::Det),
        extended: look(Kind::Extended),
        win: look(Kind::WinBrVsBr),
    };
    let table = Table::solve(&analysis);
    solved.insert(kind, table);
}
