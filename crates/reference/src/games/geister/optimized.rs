//! The optimized solver: the generic retrograde engine
//! ([`crate::solve::retrograde`]) over the perfect index of an analysis's
//! positions ([`Space`], `index.rs`), by default reduced by the board's left–right
//! mirror symmetry ([`super::symmetry`]).

use super::analysis::{Analysis, Kind, Lookup, Move};
pub use super::index::Space;
use super::index::{deciding_by_group, Slots};
use super::rules::{neighbourhood, neighbours, Army, Colour, Position, Square, Squares, Step};
pub use super::symmetry::{Canonical, Reduction};
use crate::core::Player;
use crate::solve::retrograde::{
    self, Chooser, Ends, Reach, ReversibleGraph, StateGraph, Successor,
};
use std::collections::BTreeMap;

/// Player 1 is the analysing side.
fn chooser_of(to_move: Player) -> Chooser {
    match to_move {
        Player::First => Chooser::Max,
        Player::Second => Chooser::Min,
    }
}

/// An analysis seen as an indexed state graph over the slots `S` (one per
/// position, or one per position and its mirror image).
struct Graph<'a, 'b, S> {
    analysis: &'b Analysis<'a>,
    slots: &'b S,
    /// Where the rules read no other table, testing a predecessor reached
    /// by an undone capture for a decided-by-the-rules position costs a few
    /// bit operations, less than its index and the cache miss on its word;
    /// in the full-information game nearly half the positions are such.
    cheap_terminal: bool,
    /// [`Analysis::deciding_squares`] per group.
    deciding: [Squares; 6],
}

impl<S: Slots> StateGraph for Graph<'_, '_, S> {
    fn len(&self) -> usize {
        self.slots.len()
    }

    fn chooser(&self, i: usize) -> Chooser {
        chooser_of(self.slots.to_move(i))
    }

    fn terminal(&self, i: usize) -> Option<Reach> {
        self.analysis.terminal(&self.slots.position_at(i)?)
    }

    fn successors(&self, i: usize, out: &mut Vec<Successor>) {
        match self.slots.position_at(i) {
            Some(p) => self.push_successors(&p, out),
            // A hole: a state that never ends.
            None => out.push(Successor::Outcome(Reach::Undecided)),
        }
    }

    fn expand(&self, i: usize, out: &mut Vec<Successor>) -> Option<Reach> {
        let Some(p) = self.slots.position_at(i) else {
            out.push(Successor::Outcome(Reach::Undecided));
            return None;
        };
        let t = self.analysis.terminal(&p);
        if t.is_none() {
            self.push_successors(&p, out);
        }
        t
    }
}

impl<S: Slots> ReversibleGraph for Graph<'_, '_, S> {
    fn summary(&self, i: usize, outcomes: &mut Vec<Reach>) -> Result<u32, Reach> {
        let mut ends = Ends::default();
        let summary = self.summary_of(self.slots.position_at(i).as_ref(), false, &mut ends);
        outcomes.append(&mut ends.outcomes);
        summary
    }

    /// Where the rules read no other table, testing each move's target
    /// costs less than decoding the positions decided by the rules and
    /// generating their predecessors.
    fn pulls_decided(&self) -> bool {
        self.cheap_terminal
    }

    fn summaries(
        &self,
        range: std::ops::Range<usize>,
        ends: &mut Ends,
        mut f: impl FnMut(usize, Chooser, Result<u32, Reach>, &Ends),
    ) {
        self.slots.for_each_slot(range, |i, p| {
            ends.clear();
            let summary = self.summary_of(p, self.cheap_terminal, ends);
            let to_move = p.map_or_else(|| self.slots.to_move(i), |p| p.to_move);
            f(i, chooser_of(to_move), summary, ends);
        });
    }

    fn predecessors(&self, i: usize, mut f: impl FnMut(u32)) {
        let d = self.slots.decode(i);
        let plain = S::plain(&d);
        let uncaptures = self.slots.space().uncaptures[plain.layout];
        if !uncaptures {
            // Predecessors decided by the rules are left in: indexing them
            // costs less than building each position to test it (measured
            // on §3's table and the full-information one alike).
            self.slots.step_predecessors(&d, &self.deciding, f);
            return;
        }
        self.analysis
            .for_each_unmove(&plain.position, uncaptures, |q, step| {
                if self.cheap_terminal && self.analysis.terminal(q).is_some() {
                    return;
                }
                self.slots.predecessor(&d, q, step, &mut f);
            });
    }
}

impl<S: Slots> Graph<'_, '_, S> {
    /// [`ReversibleGraph::summaries`]'s report of position `p`, with the
    /// moves into positions decided by the rules pulled or not; a hole
    /// (`None`) has one move, which never ends.
    fn summary_of(&self, p: Option<&Position>, pull: bool, ends: &mut Ends) -> Result<u32, Reach> {
        let Some(p) = p else {
            ends.outcomes.push(Reach::Undecided);
            return Ok(0);
        };
        if let Some(v) = self.analysis.terminal(p) {
            return Err(v);
        }
        if pull {
            return Ok(self.pull_moves(p, ends));
        }
        // Distinct steps lead to distinct positions, so the moves to
        // positions need only be counted, not indexed (each counts as a
        // move into its target's slot).
        Ok(self.analysis.count_moves(p, |v| ends.outcomes.push(v)))
    }

    /// The moves of `p` (not decided by the rules) with those into positions
    /// decided by the rules pulled: their values go to `ends.decided`, the
    /// others are counted. Every analysis has the non-capturing steps as
    /// moves; they are built here square set by square set, and only
    /// captures go through the analysis's move list.
    fn pull_moves(&self, p: &Position, ends: &mut Ends) -> u32 {
        let (own, other) = (p.mover(), p.waiter());
        let empty = !(own.all() | other.all());
        let mut states = 0;
        for c in 0..3 {
            let mut pieces = own.by_colour[c];
            while pieces != 0 {
                let from = pieces.trailing_zeros() as Square;
                pieces &= pieces - 1;
                let mut targets = neighbours(from) & empty;
                while targets != 0 {
                    let to = targets.trailing_zeros();
                    targets &= targets - 1;
                    // Built whole, not copied and patched: a patched copy
                    // read back whole stalls store-to-load forwarding.
                    let step: Squares = (1 << from) | (1 << to);
                    let moved = Army {
                        by_colour: std::array::from_fn(|k| {
                            own.by_colour[k] ^ if k == c { step } else { 0 }
                        }),
                    };
                    let q = match p.to_move {
                        Player::First => Position {
                            to_move: Player::Second,
                            p1: moved,
                            p2: *other,
                        },
                        Player::Second => Position {
                            to_move: Player::First,
                            p1: *other,
                            p2: moved,
                        },
                    };
                    match self.analysis.terminal(&q) {
                        Some(v) => ends.decided.push(v),
                        None => states += 1,
                    }
                }
            }
        }
        if self.analysis.captures_are_moves() && neighbourhood(own.all()) & other.all() != 0 {
            for colour in Colour::ALL {
                let mut pieces = own.of(colour);
                while pieces != 0 {
                    let from = pieces.trailing_zeros() as Square;
                    pieces &= pieces - 1;
                    let mut targets = neighbours(from) & other.all();
                    while targets != 0 {
                        let to = targets.trailing_zeros() as Square;
                        targets &= targets - 1;
                        let step = Step {
                            from,
                            to,
                            colour,
                            captured: other.colour_at(to),
                        };
                        match self.analysis.capture_move(p, step) {
                            Some(Move::To(q)) => match self.analysis.terminal(&q) {
                                Some(v) => ends.decided.push(v),
                                None => states += 1,
                            },
                            Some(Move::Outcome(v)) => ends.outcomes.push(v),
                            None => {}
                        }
                    }
                }
            }
        }
        states
    }

    fn push_successors(&self, p: &Position, out: &mut Vec<Successor>) {
        self.analysis.for_each_move(p, |_, m| {
            out.push(match m {
                Move::To(q) => Successor::State(
                    self.slots.slot(&q).expect("moves stay within the analysis") as u32,
                ),
                Move::Outcome(v) => Successor::Outcome(v),
            });
        });
    }
}

/// Solves `analysis` over the slots `slots`.
fn solve_over(analysis: &Analysis, slots: &impl Slots) -> retrograde::Solution {
    retrograde::solve_reversible(&Graph {
        analysis,
        slots,
        cheap_terminal: analysis.kind.dependencies().is_empty(),
        deciding: deciding_by_group(analysis),
    })
}

/// A solved analysis: value and distance of every position.
#[derive(Debug, Clone)]
pub struct Table {
    /// Which analysis.
    pub kind: Kind,
    /// The plain index of every position the table covers.
    pub space: Space,
    /// Where the entries are: `None` for one per position (by the index of
    /// `space`), else one per position and its mirror image.
    canonical: Option<Canonical>,
    /// Values and distances by slot.
    entries: retrograde::Solution,
}

impl Table {
    /// Solves `analysis` with the retrograde engine over the canonical
    /// index (one entry per position and its mirror image).
    #[must_use]
    pub fn solve(analysis: &Analysis) -> Table {
        Table::solve_with(analysis, Reduction::default())
    }

    /// Solves `analysis` with the retrograde engine, storing the entries
    /// `reduction` says.
    #[must_use]
    pub fn solve_with(analysis: &Analysis, reduction: Reduction) -> Table {
        let layouts = analysis.kind.layouts();
        let (space, canonical, entries) = match reduction {
            Reduction::Unreduced => {
                let space = Space::new(layouts);
                let entries = solve_over(analysis, &space);
                (space, None, entries)
            }
            Reduction::LeftRight => {
                let canonical = Canonical::new(layouts);
                let entries = solve_over(analysis, &canonical);
                (canonical.space().clone(), Some(canonical), entries)
            }
        };
        Table {
            kind: analysis.kind,
            space,
            canonical,
            entries,
        }
    }

    /// Which entries the table stores.
    #[must_use]
    pub fn reduction(&self) -> Reduction {
        match self.canonical {
            Some(_) => Reduction::LeftRight,
            None => Reduction::Unreduced,
        }
    }

    /// Number of positions covered.
    #[must_use]
    pub fn len(&self) -> usize {
        self.space.len()
    }

    /// Whether no position is covered.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.space.is_empty()
    }

    /// The stored values and distances, by slot: the engine's solution
    /// (holes of the canonical index hold value 0 at distance 0).
    #[must_use]
    pub fn entries(&self) -> &retrograde::Solution {
        &self.entries
    }

    /// Value and distance of `p`, `None` if `p` is not covered.
    #[must_use]
    pub fn get(&self, p: &Position) -> Option<(Reach, u16)> {
        let i = match &self.canonical {
            Some(c) => c.slot(p)?,
            None => self.space.index(p)?,
        };
        Some((self.entries.values[i], self.entries.distances[i]))
    }

    /// Calls `f` with the value and distance of every entry and the number
    /// of positions it stands for (so that the numbers add up to
    /// [`Table::len`]).
    pub fn for_each_entry(&self, mut f: impl FnMut(Reach, u16, usize)) {
        self.for_each_run(|values, distances, n| {
            for (&v, &d) in values.iter().zip(distances) {
                f(v, d, n);
            }
        });
    }

    /// [`Table::for_each_entry`] by runs of consecutive entries that each
    /// stand for the same number of positions: `f` gets their values,
    /// distances and that number.
    pub fn for_each_run(&self, mut f: impl FnMut(&[Reach], &[u16], usize)) {
        let (values, distances) = (&self.entries.values, &self.entries.distances);
        match &self.canonical {
            None => f(values, distances, 1),
            Some(c) => c.for_each_images(|run, images| {
                if images > 0 {
                    f(&values[run.clone()], &distances[run], images);
                }
            }),
        }
    }
}

impl Lookup for Table {
    fn value(&self, p: &Position) -> Reach {
        self.get(p).expect("position covered by the table").0
    }
}

/// Solves `kind` and, first, every analysis it reads, over the canonical
/// index.
#[must_use]
pub fn solve(kind: Kind) -> Table {
    solve_with(kind, Reduction::default())
}

/// Solves `kind` and, first, every analysis it reads, each storing the
/// entries `reduction` says.
#[must_use]
pub fn solve_with(kind: Kind, reduction: Reduction) -> Table {
    let mut solved = BTreeMap::new();
    solve_into_with(kind, reduction, &mut solved);
    solved.remove(&kind).expect("just solved")
}

/// Solves `kind` into `solved`, after the analyses it reads (each solved
/// once and kept in `solved`), over the canonical index.
pub fn solve_into(kind: Kind, solved: &mut BTreeMap<Kind, Table>) {
    solve_into_with(kind, Reduction::default(), solved);
}

/// [`solve_into`], each table newly solved storing the entries `reduction`
/// says.
pub fn solve_into_with(kind: Kind, reduction: Reduction, solved: &mut BTreeMap<Kind, Table>) {
    if solved.contains_key(&kind) {
        return;
    }
    for dep in kind.dependencies() {
        solve_into_with(dep, reduction, solved);
    }
    let look = |k: Kind| solved.get(&k).map(|t| t as &dyn Lookup);
    let analysis = Analysis {
        kind,
        det: look(Kind::Det),
        extended: look(Kind::Extended),
        win: look(Kind::WinBrVsBr),
    };
    let table = Table::solve_with(&analysis, reduction);
    solved.insert(kind, table);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The edge-storing engine, which merges the moves of a position into
    /// one slot, agrees with the predecessor engine, which counts each move,
    /// over the canonical index (holes included), on analyses with one,
    /// two and three pieces in the first group, with and without captures
    /// that end the analysis.
    #[test]
    fn both_engines_agree_over_the_canonical_index() {
        let mut solved = BTreeMap::new();
        solve_into(Kind::Extended, &mut solved);
        for kind in [Kind::Basic, Kind::WinBrVsBr, Kind::BrVsBrr, Kind::BbrVsBr] {
            let analysis = Analysis {
                kind,
                det: None,
                extended: solved.get(&Kind::Extended).map(|t| t as &dyn Lookup),
                win: None,
            };
            let canonical = Canonical::new(kind.layouts());
            let graph = Graph {
                analysis: &analysis,
                slots: &canonical,
                cheap_terminal: kind.dependencies().is_empty(),
                deciding: deciding_by_group(&analysis),
            };
            assert_eq!(
                retrograde::solve(&graph),
                retrograde::solve_reversible(&graph),
                "{kind}"
            );
        }
    }
}
