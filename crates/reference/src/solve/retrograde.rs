//! Retrograde analysis: solving a two-player reachability game on a finite
//! directed graph.
//!
//! # The problem
//! A finite directed graph whose vertices (states) each belong to one of two
//! players, the maximiser and the minimiser, who pick the edge (move) out of
//! their own states; some states are won outright for one player. Which
//! player can *force* play into their won states in finitely many moves, and
//! in how many? Play that neither side can force to an end may cycle for
//! ever. This is the classical attractor computation (backward induction
//! extended to graphs with cycles, as chess endgame tablebases are built);
//! nothing here knows which game the graph came from.
//!
//! The game supplies a dense index of its states (`0..len`), who chooses at
//! each state, the states that are decided by the rules themselves
//! ([`StateGraph::terminal`]) and the moves out of every other state
//! ([`StateGraph::successors`]); the engine builds the predecessor lists by
//! reversing those moves and propagates values backwards from the decided
//! states, breadth first, so that every state is touched once per edge:
//! O(states + edges) time; memory 8 bytes per edge (forward and reverse
//! lists) and about 20 per state. A game that can also generate the moves
//! *into* a state ([`ReversibleGraph`]) is solved by [`solve_reversible`]
//! instead: same values and distances, no edge stored, 4 bytes per state.
//!
//! **Values** are from the maximiser's side (the analysing player, "us"):
//! [`Reach::Goal`] (+1) the maximiser forces its goal in finitely many moves,
//! [`Reach::Prevented`] (−1) the minimiser forces its own, [`Reach::Undecided`]
//! (0) neither can (play may go on for ever).
//!
//! **Rules of propagation** (the usual game-theoretic definition, which
//! document 003 §2–§3 also uses): a maximiser's state is +1 if some move reaches +1, −1 if every
//! move reaches −1; a minimiser's state is −1 if some move reaches −1, +1 if
//! every move reaches +1. A move may also end the analysis at once with a
//! fixed value ([`Successor::Outcome`]): it counts as a successor already
//! decided at distance 0 (value ±1) or never decided (value 0). A state whose
//! mover has no move at all, or only moves ending in the opponent's value, is
//! lost for the mover.
//!
//! **Distance** (the paper's 手数, Table 1) is 1 at a decided state; 1 + the
//! smallest distance among the successors that decide it for the side that
//! chooses; 1 + the largest distance among all successors for the side that
//! is forced. Processing decided states in order of distance (a FIFO queue)
//! yields exactly this: the first successor to decide a chooser is the
//! nearest, the last to decide a forced state is the farthest.
//!
//! # Example
//! The subtraction game {1, 2} (take one or two stones; who cannot move
//! loses) on piles of up to 4, with state `2n + side` for `n` stones and the
//! maximiser (`side` 0) or minimiser (`side` 1) to move:
//! ```
//! use solved_games_reference::solve::retrograde::{solve, Chooser, Reach, StateGraph, Successor};
//!
//! struct Subtraction;
//! impl StateGraph for Subtraction {
//!     fn len(&self) -> usize { 10 }
//!     fn chooser(&self, i: usize) -> Chooser {
//!         if i % 2 == 0 { Chooser::Max } else { Chooser::Min }
//!     }
//!     fn terminal(&self, _: usize) -> Option<Reach> { None }
//!     fn successors(&self, i: usize, out: &mut Vec<Successor>) {
//!         let (n, side) = (i / 2, i % 2);
//!         for take in 1..=2.min(n) {
//!             out.push(Successor::State((2 * (n - take) + 1 - side) as u32));
//!         }
//!     }
//! }
//!
//! let s = solve(&Subtraction);
//! // The maximiser to move wins unless the pile is a multiple of 3.
//! let max_to_move: Vec<Reach> = (0..5).map(|n| s.values[2 * n]).collect();
//! use Reach::{Goal, Prevented};
//! assert_eq!(max_to_move, [Prevented, Goal, Goal, Prevented, Goal]);
//! // From 3 stones the loser makes the game last: two moves, then the
//! // empty pile (distance 1), so distance 3, whichever side is to move.
//! assert_eq!((s.values[7], s.distances[6], s.distances[7]), (Goal, 3, 3));
//! ```
//!
//! # Document 003 as one client
//! Mini-Geister ([`crate::games::geister::optimized`]) is one such graph:
//! the states are an analysis's positions under a perfect index, player 1
//! (the analysing side) is the maximiser, each analysis's goal conditions
//! (a ghost that escapes, a capture that ends the game) decide positions by
//! the rules ([`StateGraph::terminal`]), and a
//! capture whose result is read from a smaller, already solved table is an
//! [`Successor::Outcome`]. Its values are the paper's 勝ち / 負け / 不明
//! and its distances the 手数 of Table 1. The engine's own tests, on toy and
//! random graphs, are in `tests/retrograde.rs`.

use rayon::prelude::*;

/// Which side picks the move at a state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Chooser {
    /// The analysing side, who wants [`Reach::Goal`].
    Max,
    /// The opponent, who wants [`Reach::Prevented`].
    Min,
}

/// The value of a state from the maximiser's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Reach {
    /// −1: the minimiser forces its goal in finitely many moves.
    Prevented,
    /// 0: neither side can force its goal in finitely many moves.
    Undecided,
    /// +1: the maximiser forces its goal in finitely many moves.
    Goal,
}

impl Reach {
    /// −1, 0 or +1.
    #[must_use]
    pub fn sign(self) -> i8 {
        match self {
            Reach::Prevented => -1,
            Reach::Undecided => 0,
            Reach::Goal => 1,
        }
    }

    /// The value `chooser` wants.
    #[must_use]
    pub fn wanted_by(chooser: Chooser) -> Reach {
        match chooser {
            Chooser::Max => Reach::Goal,
            Chooser::Min => Reach::Prevented,
        }
    }
}

/// One move out of a state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Successor {
    /// The move leads to the state with this index.
    State(u32),
    /// The move ends the analysis with this value (e.g. a capture whose
    /// result is read from another, already solved table).
    Outcome(Reach),
}

/// A game as the engine sees it: a dense index of states and their moves.
pub trait StateGraph: Sync {
    /// Number of states; indices are `0..len()`.
    fn len(&self) -> usize;
    /// Whether there are no states.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Who moves at state `i`.
    fn chooser(&self, i: usize) -> Chooser;
    /// `Some(value)` (±1) when the rules decide state `i` by themselves;
    /// its moves are then never asked for.
    fn terminal(&self, i: usize) -> Option<Reach>;
    /// Appends the moves out of (non-terminal) state `i` to `out`.
    fn successors(&self, i: usize, out: &mut Vec<Successor>);
    /// [`StateGraph::terminal`], and if `None` the successors too: one call
    /// for games where decoding a state is the main cost.
    fn expand(&self, i: usize, out: &mut Vec<Successor>) -> Option<Reach> {
        let t = self.terminal(i);
        if t.is_none() {
            self.successors(i, out);
        }
        t
    }
}

/// Value and distance of every state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// Value per state.
    pub values: Vec<Reach>,
    /// Distance per state (0 where the value is [`Reach::Undecided`]).
    pub distances: Vec<u16>,
}

impl Solution {
    /// Number of states with each value: (+1, 0, −1).
    #[must_use]
    pub fn counts(&self) -> (usize, usize, usize) {
        let mut c = (0, 0, 0);
        for v in &self.values {
            match v {
                Reach::Goal => c.0 += 1,
                Reach::Undecided => c.1 += 1,
                Reach::Prevented => c.2 += 1,
            }
        }
        c
    }

    /// `histogram[d]` = number of states with value `value` at distance `d`.
    #[must_use]
    pub fn distance_histogram(&self, value: Reach) -> Vec<usize> {
        let mut h = Vec::new();
        for (v, &d) in self.values.iter().zip(&self.distances) {
            if *v == value {
                let d = usize::from(d);
                if h.len() <= d {
                    h.resize(d + 1, 0);
                }
                h[d] += 1;
            }
        }
        h
    }
}

/// What the first pass learns about one state.
enum Seed {
    Decided(Reach),
    /// Number of moves still able to change the state's value, and the
    /// number of distinct state successors.
    Open(u32, u32),
}

/// Classifies state `i`: decided by the rules or by its outcome moves, or
/// open with a count of moves still to be decided; the distinct state
/// successors are appended to `targets`.
fn seed(
    graph: &impl StateGraph,
    i: usize,
    buf: &mut Vec<Successor>,
    targets: &mut Vec<u32>,
) -> Seed {
    buf.clear();
    if let Some(v) = graph.expand(i, buf) {
        return Seed::Decided(v);
    }
    let wanted = Reach::wanted_by(graph.chooser(i));
    let mut pending = 0u32;
    let first = targets.len();
    for s in buf.iter() {
        match *s {
            Successor::State(j) => targets.push(j),
            Successor::Outcome(v) if v == wanted => {
                targets.truncate(first);
                return Seed::Decided(wanted);
            }
            // A never-decided outcome keeps the state from ever being forced.
            Successor::Outcome(Reach::Undecided) => pending += 1,
            Successor::Outcome(_) => {}
        }
    }
    // Two moves reaching the same state count once, as one predecessor edge.
    let mine = &mut targets[first..];
    mine.sort_unstable();
    let mut distinct = 0;
    for k in 0..mine.len() {
        if k == 0 || mine[k] != mine[distinct - 1] {
            mine[distinct] = mine[k];
            distinct += 1;
        }
    }
    targets.truncate(first + distinct);
    pending += distinct as u32;
    if pending == 0 {
        // No move, or every move ends in the opponent's value.
        return Seed::Decided(match wanted {
            Reach::Goal => Reach::Prevented,
            _ => Reach::Goal,
        });
    }
    Seed::Open(pending, distinct as u32)
}

/// Solves the whole graph: builds the predecessor lists, then propagates
/// from the decided states in order of distance. Uses all cores for the
/// first pass (move generation), which dominates the cost.
#[must_use]
pub fn solve(graph: &impl StateGraph) -> Solution {
    let n = graph.len();
    assert!(u32::try_from(n).is_ok(), "state index must fit in u32");
    const CHUNK: usize = 4096;
    // Pass 1 (parallel): terminal values, move counts and forward edges.
    type Chunk = (Vec<Reach>, Vec<bool>, Vec<u32>, Vec<u32>, Vec<u32>);
    let chunks: Vec<Chunk> = (0..n)
        .into_par_iter()
        .step_by(CHUNK)
        .map(|start| {
            let end = (start + CHUNK).min(n);
            let mut values = Vec::with_capacity(end - start);
            let mut max_moves = Vec::with_capacity(end - start);
            let mut pending = Vec::with_capacity(end - start);
            let mut degree = Vec::with_capacity(end - start);
            let mut edges = Vec::new();
            let mut buf = Vec::new();
            for i in start..end {
                max_moves.push(graph.chooser(i) == Chooser::Max);
                match seed(graph, i, &mut buf, &mut edges) {
                    Seed::Decided(v) => {
                        values.push(v);
                        pending.push(0);
                        degree.push(0);
                    }
                    Seed::Open(p, d) => {
                        values.push(Reach::Undecided);
                        pending.push(p);
                        degree.push(d);
                    }
                }
            }
            (values, max_moves, pending, degree, edges)
        })
        .collect();
    let mut values = Vec::with_capacity(n);
    let mut max_moves = Vec::with_capacity(n);
    let mut pending = Vec::with_capacity(n);
    let mut degree = Vec::with_capacity(n);
    let mut forward = Vec::new();
    for (v, m, p, d, e) in chunks {
        values.extend(v);
        max_moves.extend(m);
        pending.extend(p);
        degree.extend(d);
        forward.extend(e);
    }
    // Pass 2: reverse the edges (counting sort by target).
    let mut start = vec![0u32; n + 1];
    for &t in &forward {
        start[t as usize + 1] += 1;
    }
    for i in 0..n {
        start[i + 1] += start[i];
    }
    let mut fill = start.clone();
    let mut predecessors = vec![0u32; forward.len()];
    let mut pos = 0usize;
    for (i, &d) in degree.iter().enumerate() {
        for &t in &forward[pos..pos + d as usize] {
            predecessors[fill[t as usize] as usize] = i as u32;
            fill[t as usize] += 1;
        }
        pos += d as usize;
    }
    drop(forward);
    // Pass 3: breadth-first propagation, one level of distance at a time.
    // Everything a predecessor visit reads or writes is packed into one
    // word per state (one cache line touched per edge, not four):
    // bit 31 the maximiser chooses, bit 30 decided, bits 0–29 the count of
    // moves still able to change the value.
    const MAX: u32 = 1 << 31;
    const DECIDED: u32 = 1 << 30;
    const COUNT: u32 = DECIDED - 1;
    let mut word: Vec<u32> = (0..n)
        .map(|i| {
            let decided = if values[i] == Reach::Undecided {
                0
            } else {
                DECIDED
            };
            let max = if max_moves[i] { MAX } else { 0 };
            max | decided | pending[i].min(COUNT)
        })
        .collect();
    drop(pending);
    drop(max_moves);
    let mut distances = vec![0u16; n];
    let mut frontier: Vec<u32> = (0..n as u32)
        .filter(|&i| values[i as usize] != Reach::Undecided)
        .collect();
    for &i in &frontier {
        distances[i as usize] = 1;
    }
    let mut level = 1u16;
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for &s in &frontier {
            let v = values[s as usize];
            let (a, b) = (start[s as usize] as usize, start[s as usize + 1] as usize);
            for &p in &predecessors[a..b] {
                let w = &mut word[p as usize];
                if *w & DECIDED != 0 {
                    continue;
                }
                let chooser = if *w & MAX != 0 {
                    Chooser::Max
                } else {
                    Chooser::Min
                };
                if Reach::wanted_by(chooser) == v {
                    *w &= !COUNT;
                } else {
                    *w -= 1;
                }
                if *w & COUNT == 0 {
                    *w |= DECIDED;
                    values[p as usize] = v;
                    distances[p as usize] = level + 1;
                    next.push(p);
                }
            }
        }
        frontier = next;
        level += 1;
    }
    Solution { values, distances }
}

/// A [`StateGraph`] that also generates the moves *into* a state, so that
/// the engine need neither store nor reverse the edges
/// ([`solve_reversible`]).
///
/// Moves are counted one by one: several moves of a state may lead to the
/// same state (a multigraph — e.g. a game stored once per position and its
/// mirror image, where a position may move both to a position and to its
/// mirror image), as long as [`ReversibleGraph::summary`] counts each and
/// [`ReversibleGraph::predecessors`] passes the state once per move. Values
/// and distances are those of the graph with the moves merged ([`solve`]
/// merges them): a chooser is decided by its first deciding move whatever
/// the others, a forced state by its last.
pub trait ReversibleGraph: StateGraph {
    /// `Err(value)` when the rules decide state `i` by themselves
    /// ([`StateGraph::terminal`]); otherwise `Ok(k)` with `k` the number of
    /// moves of state `i` that lead to states (counted as
    /// [`ReversibleGraph::predecessors`] passes them), and the outcome moves
    /// ([`Successor::Outcome`]) appended to `outcomes`.
    fn summary(&self, i: usize, outcomes: &mut Vec<Reach>) -> Result<u32, Reach>;
    /// Whether the engine learns the moves into states decided by the rules
    /// from [`ReversibleGraph::summaries`] (as [`Ends::decided`]) instead
    /// of propagating from those states: then no such state is ever
    /// decoded for its predecessors — worth it where the rules' test is
    /// cheaper than generating predecessors (the full-information Geister
    /// table decides 45% of its positions by the rules). Values and
    /// distances are the same.
    fn pulls_decided(&self) -> bool {
        false
    }
    /// [`ReversibleGraph::summary`] of every state of `range`, in order,
    /// passed to `f` with the state, its chooser and the values its moves
    /// end in. Where the graph [pulls](ReversibleGraph::pulls_decided), a
    /// move into a state decided by the rules is not counted in the summary
    /// but its value is appended to [`Ends::decided`]. The default asks
    /// `chooser` and `summary` state by state (and, when pulling,
    /// `successors` and `terminal`); a game whose states are costly to
    /// decode from their index can step from each state to the next
    /// instead.
    fn summaries(
        &self,
        range: std::ops::Range<usize>,
        ends: &mut Ends,
        mut f: impl FnMut(usize, Chooser, Result<u32, Reach>, &Ends),
    ) {
        let mut moves = Vec::new();
        for i in range {
            ends.clear();
            let summary = if self.pulls_decided() {
                moves.clear();
                self.expand(i, &mut moves).map_or_else(
                    || {
                        // Each move counted, as `predecessors` passes them.
                        let mut states = 0;
                        for m in &moves {
                            match *m {
                                Successor::State(j) => match self.terminal(j as usize) {
                                    Some(v) => ends.decided.push(v),
                                    None => states += 1,
                                },
                                Successor::Outcome(v) => ends.outcomes.push(v),
                            }
                        }
                        Ok(states)
                    },
                    Err,
                )
            } else {
                self.summary(i, &mut ends.outcomes)
            };
            f(i, self.chooser(i), summary, ends);
        }
    }
    /// Calls `f` with every state that has a move leading to state `i`,
    /// once per such move (once per state where distinct moves lead to
    /// distinct states). States decided by the rules may be included or
    /// left out (the engine skips them); no other state may be.
    fn predecessors(&self, i: usize, f: impl FnMut(u32));
}

/// The values a state's moves end in, as [`ReversibleGraph::summaries`]
/// reports them.
#[derive(Debug, Clone, Default)]
pub struct Ends {
    /// The outcome moves ([`Successor::Outcome`]): decided at distance 0.
    pub outcomes: Vec<Reach>,
    /// Where the graph [pulls](ReversibleGraph::pulls_decided), the values
    /// of the moves into states decided by the rules: decided at distance
    /// 1.
    pub decided: Vec<Reach>,
}

impl Ends {
    /// Empties both lists.
    pub fn clear(&mut self) {
        self.outcomes.clear();
        self.decided.clear();
    }
}

/// Layout of the one word per state used by [`solve_reversible`]: bit 31
/// the maximiser chooses, bit 30 decided, bit 29 the value is +1 (when
/// decided), bits 16–28 the distance, bits 0–15 the number of moves still
/// able to change the value.
mod word {
    pub const MAX: u32 = 1 << 31;
    pub const DECIDED: u32 = 1 << 30;
    pub const GOAL: u32 = 1 << 29;
    pub const DISTANCE_SHIFT: u32 = 16;
    pub const DISTANCE_LIMIT: u32 = 1 << 13;
    pub const COUNT: u32 = (1 << 16) - 1;
}

/// The first word of a state (see [`word`]) from its chooser and its
/// [`ReversibleGraph::summary`].
fn seed_word(i: usize, chooser: Chooser, summary: Result<u32, Reach>, ends: &Ends) -> u32 {
    use word::*;
    let max_bit = if chooser == Chooser::Max { MAX } else { 0 };
    let decided = |v: Reach, distance: u32| {
        let goal = if v == Reach::Goal { GOAL } else { 0 };
        max_bit | DECIDED | goal | (distance << DISTANCE_SHIFT)
    };
    let states = match summary {
        Err(v) => return decided(v, 1),
        Ok(k) => k,
    };
    let wanted = Reach::wanted_by(chooser);
    let mut pending = states;
    for &v in &ends.outcomes {
        if v == wanted {
            return decided(wanted, 1);
        }
        // A never-decided outcome keeps the state from ever being forced.
        if v == Reach::Undecided {
            pending += 1;
        }
    }
    // Pulled moves into states decided by the rules (at distance 1).
    if ends.decided.contains(&wanted) {
        return decided(wanted, 2);
    }
    if pending == 0 {
        // No move, or every move ends in the opponent's value.
        let unwanted = match wanted {
            Reach::Goal => Reach::Prevented,
            _ => Reach::Goal,
        };
        return decided(unwanted, if ends.decided.is_empty() { 1 } else { 2 });
    }
    assert!(pending <= COUNT, "state {i} has too many moves");
    max_bit | pending
}

/// Solves the whole graph like [`solve`] (same values and distances), but
/// asks the game for the predecessors of each state as it is decided
/// instead of storing and reversing every edge. Both passes use all cores:
/// the first classifies the states, the second walks the states decided at
/// each distance in parallel, updating one atomic word per predecessor.
/// O(states + edges) time; memory 4 bytes per state plus the frontier.
///
/// # Panics
/// If there are 2³² states or more, a state has more than 65,535 moves, or
/// a distance reaches 8,192.
#[must_use]
pub fn solve_reversible(graph: &impl ReversibleGraph) -> Solution {
    use std::sync::atomic::{AtomicU32, Ordering::Relaxed};
    use word::*;
    // The whole solve runs on one of the pool's threads (below): called
    // from outside the pool, every parallel step would otherwise hand the
    // work to the pool and put the caller to sleep until it is done, two
    // thread switches per level of distance (§3's table: about 75 switches
    // per solve, a quarter of its processor time; 6–12 from within).
    let body = || {
        let n = graph.len();
        assert!(u32::try_from(n).is_ok(), "state index must fit in u32");
        // Runs of consecutive states let the game step from one to the next;
        // at least eight per thread keep the threads evenly loaded.
        let run = (n / (8 * rayon::current_num_threads())).clamp(256, 4096);
        let words: Vec<AtomicU32> = (0..n).into_par_iter().map(|_| AtomicU32::new(0)).collect();
        // The states the first pass decides are the first frontiers (distances
        // 1 and, where the graph pulls, 2), collected as they are found: a
        // second parallel walk over the words took 60–75 µs of the 2 ms §3's
        // table takes. States decided by the rules are left out where their
        // predecessors have pulled them.
        let pulls = graph.pulls_decided();
        let decided: Vec<[Vec<u32>; 2]> = words
            .par_chunks(run)
            .enumerate()
            .map_init(Ends::default, |ends, (c, chunk)| {
                let start = c * run;
                let mut decided = [Vec::new(), Vec::new()];
                graph.summaries(
                    start..start + chunk.len(),
                    ends,
                    |i, chooser, summary, ends| {
                        let w = seed_word(i, chooser, summary, ends);
                        chunk[i - start].store(w, Relaxed);
                        if w & DECIDED != 0 && !(pulls && summary.is_err()) {
                            let at_two =
                                w & (DISTANCE_LIMIT - 1) << DISTANCE_SHIFT == 2 << DISTANCE_SHIFT;
                            decided[usize::from(at_two)].push(i as u32);
                        }
                    },
                );
                decided
            })
            .collect();
        let (mut frontier, mut at_two): (Vec<u32>, Vec<u32>) = (
            decided.iter().flat_map(|d| &d[0]).copied().collect(),
            decided.iter().flat_map(|d| &d[1]).copied().collect(),
        );
        drop(decided);
        let mut level = 1u32;
        while !frontier.is_empty() || !at_two.is_empty() {
            assert!(level + 1 < DISTANCE_LIMIT, "distance too large");
            let decided_next = (level + 1) << DISTANCE_SHIFT;
            // Within one distance the order of the updates does not matter: a
            // chooser is decided by any successor with its value, a forced
            // state only once every successor is decided.
            let visit = |chunk: &[u32]| {
                let mut next = Vec::new();
                for &s in chunk {
                    let goal = words[s as usize].load(Relaxed) & GOAL;
                    graph.predecessors(s as usize, |p| {
                        let update = words[p as usize].fetch_update(Relaxed, Relaxed, |w| {
                            if w & DECIDED != 0 {
                                None
                            } else if (w & MAX != 0) == (goal != 0) || w & COUNT == 1 {
                                Some((w & MAX) | DECIDED | goal | decided_next)
                            } else {
                                Some(w - 1)
                            }
                        });
                        if let Ok(w) = update {
                            if (w & MAX != 0) == (goal != 0) || w & COUNT == 1 {
                                next.push(p);
                            }
                        }
                    });
                }
                next
            };
            let threads = rayon::current_num_threads();
            frontier = if threads == 1 || frontier.len() < 64 {
                // A short level costs less than waking another thread for it.
                visit(&frontier)
            } else {
                // Chunks small enough to give every thread a share of the
                // short levels too (most of §3's levels hold a few hundred
                // states).
                let chunk = (frontier.len() / (4 * threads)).clamp(16, 512);
                let parts: Vec<Vec<u32>> = frontier.par_chunks(chunk).map(visit).collect();
                parts.concat()
            };
            if level == 1 {
                frontier.append(&mut at_two);
            }
            level += 1;
        }
        let (values, distances) = words
            .into_par_iter()
            .map(|w| {
                let w = w.into_inner();
                if w & DECIDED == 0 {
                    (Reach::Undecided, 0)
                } else {
                    let v = if w & GOAL != 0 {
                        Reach::Goal
                    } else {
                        Reach::Prevented
                    };
                    (v, ((w >> DISTANCE_SHIFT) & (DISTANCE_LIMIT - 1)) as u16)
                }
            })
            .unzip();
        Solution { values, distances }
    };
    rayon::scope(|_| body())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A path 0 → 1 → 2 → … → n−1 with a goal at the end and a cycle
    /// between two extra states.
    struct Toy;

    impl StateGraph for Toy {
        fn len(&self) -> usize {
            7
        }
        fn chooser(&self, i: usize) -> Chooser {
            if i % 2 == 0 {
                Chooser::Max
            } else {
                Chooser::Min
            }
        }
        fn terminal(&self, i: usize) -> Option<Reach> {
            (i == 3).then_some(Reach::Goal)
        }
        fn successors(&self, i: usize, out: &mut Vec<Successor>) {
            match i {
                0 => out.extend([Successor::State(1), Successor::State(5)]),
                1 => out.push(Successor::State(2)),
                2 => out.push(Successor::State(3)),
                4 => out.push(Successor::State(5)),
                5 => out.push(Successor::State(4)),
                6 => out.push(Successor::Outcome(Reach::Goal)),
                _ => {}
            }
        }
    }

    /// A toy's first-pass summary read off its successor list: the toys
    /// have no cheaper count than listing their moves.
    fn summary_by_successors(
        g: &impl StateGraph,
        i: usize,
        outcomes: &mut Vec<Reach>,
    ) -> Result<u32, Reach> {
        if let Some(v) = g.terminal(i) {
            return Err(v);
        }
        let mut moves = Vec::new();
        g.successors(i, &mut moves);
        let mut states = 0;
        for m in moves {
            match m {
                Successor::State(_) => states += 1,
                Successor::Outcome(v) => outcomes.push(v),
            }
        }
        Ok(states)
    }

    impl ReversibleGraph for Toy {
        fn summary(&self, i: usize, outcomes: &mut Vec<Reach>) -> Result<u32, Reach> {
            summary_by_successors(self, i, outcomes)
        }
        fn predecessors(&self, i: usize, mut f: impl FnMut(u32)) {
            // Reversal by brute force: the toy has no rules to run backwards.
            for j in 0..self.len() {
                let mut moves = Vec::new();
                self.successors(j, &mut moves);
                if moves.contains(&Successor::State(i as u32)) {
                    f(j as u32);
                }
            }
        }
    }

    /// The toy graph with each move doubled, and state 0's first move
    /// tripled: a multigraph.
    struct Doubled;

    impl StateGraph for Doubled {
        fn len(&self) -> usize {
            Toy.len()
        }
        fn chooser(&self, i: usize) -> Chooser {
            Toy.chooser(i)
        }
        fn terminal(&self, i: usize) -> Option<Reach> {
            Toy.terminal(i)
        }
        fn successors(&self, i: usize, out: &mut Vec<Successor>) {
            let mut moves = Vec::new();
            Toy.successors(i, &mut moves);
            for (k, m) in moves.into_iter().enumerate() {
                let copies = if i == 0 && k == 0 { 3 } else { 2 };
                out.extend(std::iter::repeat(m).take(copies));
            }
        }
    }

    impl ReversibleGraph for Doubled {
        fn summary(&self, i: usize, outcomes: &mut Vec<Reach>) -> Result<u32, Reach> {
            summary_by_successors(self, i, outcomes)
        }
        fn predecessors(&self, i: usize, mut f: impl FnMut(u32)) {
            for j in 0..self.len() {
                let mut moves = Vec::new();
                self.successors(j, &mut moves);
                for m in moves {
                    if m == Successor::State(i as u32) {
                        f(j as u32);
                    }
                }
            }
        }
    }

    /// The toy graph, its moves into states decided by the rules pulled by
    /// the engine's default summaries.
    struct Pulled;

    impl StateGraph for Pulled {
        fn len(&self) -> usize {
            Toy.len()
        }
        fn chooser(&self, i: usize) -> Chooser {
            Toy.chooser(i)
        }
        fn terminal(&self, i: usize) -> Option<Reach> {
            Toy.terminal(i)
        }
        fn successors(&self, i: usize, out: &mut Vec<Successor>) {
            Toy.successors(i, out);
        }
    }

    impl ReversibleGraph for Pulled {
        fn pulls_decided(&self) -> bool {
            true
        }
        fn summary(&self, _: usize, _: &mut Vec<Reach>) -> Result<u32, Reach> {
            unreachable!("a pulling graph is read through summaries")
        }
        fn predecessors(&self, i: usize, f: impl FnMut(u32)) {
            // Never asked for a state decided by the rules.
            assert_ne!(Toy.terminal(i), Some(Reach::Goal), "state {i}");
            Toy.predecessors(i, f);
        }
    }

    #[test]
    fn pulled_moves_into_decided_states_give_the_same_values() {
        assert_eq!(solve_reversible(&Pulled), solve(&Toy));
    }

    #[test]
    fn moves_counted_one_by_one_give_the_merged_graph_values() {
        assert_eq!(solve_reversible(&Doubled), solve(&Toy));
        assert_eq!(solve(&Doubled), solve(&Toy));
    }

    /// A random multigraph: each state lists up to four moves (repeats
    /// allowed) to states or outcomes; some states are decided by the
    /// rules. `pulls` says whether the engine pulls the moves into those.
    #[derive(Debug, Clone)]
    struct Random {
        terminal: Vec<Option<Reach>>,
        moves: Vec<Vec<Successor>>,
        pulls: bool,
    }

    impl StateGraph for Random {
        fn len(&self) -> usize {
            self.moves.len()
        }
        fn chooser(&self, i: usize) -> Chooser {
            if i % 3 == 0 {
                Chooser::Min
            } else {
                Chooser::Max
            }
        }
        fn terminal(&self, i: usize) -> Option<Reach> {
            self.terminal[i]
        }
        fn successors(&self, i: usize, out: &mut Vec<Successor>) {
            out.extend_from_slice(&self.moves[i]);
        }
    }

    impl ReversibleGraph for Random {
        fn pulls_decided(&self) -> bool {
            self.pulls
        }
        fn summary(&self, i: usize, outcomes: &mut Vec<Reach>) -> Result<u32, Reach> {
            if let Some(v) = self.terminal[i] {
                return Err(v);
            }
            let mut states = 0;
            for m in &self.moves[i] {
                match *m {
                    Successor::State(_) => states += 1,
                    Successor::Outcome(v) => outcomes.push(v),
                }
            }
            Ok(states)
        }
        fn predecessors(&self, i: usize, mut f: impl FnMut(u32)) {
            for (j, moves) in self.moves.iter().enumerate() {
                for m in moves {
                    if *m == Successor::State(i as u32) {
                        f(j as u32);
                    }
                }
            }
        }
    }

    fn random_graph() -> impl proptest::strategy::Strategy<Value = Random> {
        use proptest::prelude::*;
        (2usize..30).prop_flat_map(|n| {
            let reach = prop_oneof![
                Just(Reach::Goal),
                Just(Reach::Prevented),
                Just(Reach::Undecided)
            ];
            let succ = prop_oneof![
                5 => (0..n as u32).prop_map(Successor::State),
                1 => reach.prop_map(Successor::Outcome),
            ];
            let term = prop_oneof![
                4 => Just(None),
                1 => Just(Some(Reach::Goal)),
                1 => Just(Some(Reach::Prevented)),
            ];
            (
                prop::collection::vec(term, n),
                prop::collection::vec(prop::collection::vec(succ, 0..5), n),
                any::<bool>(),
            )
                .prop_map(|(terminal, moves, pulls)| Random {
                    terminal,
                    moves,
                    pulls,
                })
        })
    }

    proptest::proptest! {
        /// Moves counted one by one, pulled into decided states or not, give
        /// the values and distances of the graph with the moves merged.
        #[test]
        fn reversible_engine_agrees_on_random_multigraphs(g in random_graph()) {
            proptest::prop_assert_eq!(solve_reversible(&g), solve(&g));
        }
    }

    #[test]
    fn reversible_engine_agrees_on_toy_graph() {
        assert_eq!(solve_reversible(&Toy), solve(&Toy));
    }

    #[test]
    fn toy_graph_values_and_distances() {
        let s = solve(&Toy);
        use Reach::*;
        assert_eq!(
            s.values,
            vec![Goal, Goal, Goal, Goal, Undecided, Undecided, Goal]
        );
        assert_eq!(s.distances, vec![4, 3, 2, 1, 0, 0, 1]);
    }
}
