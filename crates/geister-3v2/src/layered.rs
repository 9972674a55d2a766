//! Exact value of one *layer*: a two-player game with perfect information
//! whose moves inside the layer are deterministic, whose other moves
//! (*exits*) have values already known, and where a play that never leaves
//! pays 0 (document 003 §5's convention for endless play).
//!
//! Every game of this crate is solved layer by layer: splits of a
//! candidate set, captures and every chance move leave the layer for one
//! solved before it (phase 2 before phase 3, then by the size of the
//! candidate sets). Inside a layer only the owner of a node chooses, so each
//! node's exits fold into one number, its *exit value* (the best exit for
//! its owner), and the layer is a game on a finite graph with values at the
//! exits. Iterating the two phases together does not converge (the values
//! of phase 2 would still move while phase 3 reads them); solved in this
//! order, each layer is solved once, exactly.
//!
//! **The method** (attractors by threshold, no iteration, no tolerance).
//! For a level `x > 0`, the set of nodes from which the maximiser forces an
//! exit of value ≥ `x` in finitely many moves is the maximiser's attractor
//! of those exits; it grows as `x` falls. Processing the positive exit
//! values in decreasing order with one counter per minimiser node (its
//! options not yet attracted) computes every attractor in one pass; a node
//! first attracted at level `x` has value exactly `x`: the maximiser forces
//! ≥ `x`, and at any higher level the minimiser avoids those exits for
//! ever (paying 0 < level) or reaches a lower one. The negative side is the
//! mirror image (the minimiser's attractors, increasing order). A node in
//! no attractor has value 0: neither side can force a non-zero exit, and a
//! side that keeps the play from the other's exits keeps it at 0 or at
//! its own exit.
//!
//! **Progress ranks.** The order in which nodes are attracted is their
//! rank. At a node of positive value the maximiser moves to an exit of that
//! value or to a successor of that value with a smaller rank, so the play
//! reaches its exit in at most (rank) moves; choosing among tied best moves
//! without ranks can make a strategy circle for ever and score 0. The
//! minimiser does the same at negative values. Elsewhere a move that keeps
//! the value suffices ([`choose`]).

use crate::q::Q;

/// Which side chooses at a node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owner {
    /// The three-piece side, P1 (maximises P1's payoff).
    Max,
    /// The two-piece side, P2 (minimises it).
    Min,
}

/// One layer: nodes `0..n`, their owners, exit values and successors inside
/// the layer (compressed rows).
#[derive(Debug, Clone, Default)]
pub struct Layer {
    /// Owner per node.
    pub owner: Vec<Owner>,
    /// The owner's best exit, if the node has one.
    pub exit: Vec<Option<Q>>,
    /// Row starts: the successors of `s` are `succ[start[s]..start[s + 1]]`.
    pub start: Vec<u32>,
    /// Successors inside the layer.
    pub succ: Vec<u32>,
}

impl Layer {
    /// An empty layer.
    #[must_use]
    pub fn new() -> Layer {
        Layer {
            start: vec![0],
            ..Layer::default()
        }
    }

    /// Adds a node; its successors are added next with [`Layer::edge`].
    pub fn node(&mut self, owner: Owner, exit: Option<Q>) -> u32 {
        self.owner.push(owner);
        self.exit.push(exit);
        self.start.push(self.succ.len() as u32);
        (self.owner.len() - 1) as u32
    }

    /// Adds a successor to the last node added.
    pub fn edge(&mut self, to: u32) {
        self.succ.push(to);
        *self.start.last_mut().expect("a node") += 1;
    }

    /// Number of nodes.
    #[must_use]
    pub fn len(&self) -> usize {
        self.owner.len()
    }

    /// Whether the layer has no node.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.owner.is_empty()
    }

    /// The successors of `s`.
    #[must_use]
    pub fn successors(&self, s: usize) -> &[u32] {
        &self.succ[self.start[s] as usize..self.start[s + 1] as usize]
    }
}

/// Values and progress ranks of a solved layer.
#[derive(Debug, Clone)]
pub struct Solved {
    /// The exact value of each node.
    pub value: Vec<Q>,
    /// The order of attraction (`u32::MAX` for nodes of value 0 and for the
    /// nodes of a sign that the other side's attractor did not reach).
    pub rank: Vec<u32>,
}

/// Why a layer cannot be solved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LayerError {
    /// A node with neither an exit nor a successor.
    Stuck(usize),
}

impl std::fmt::Display for LayerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LayerError::Stuck(s) => write!(f, "node {s} of a layer has no move"),
        }
    }
}

impl std::error::Error for LayerError {}

/// Solves a layer exactly (module documentation).
///
/// # Errors
/// [`LayerError::Stuck`] for a node without options.
pub fn solve(layer: &Layer) -> Result<Solved, LayerError> {
    let n = layer.len();
    for s in 0..n {
        if layer.exit[s].is_none() && layer.successors(s).is_empty() {
            return Err(LayerError::Stuck(s));
        }
    }
    // Predecessors, one entry per edge.
    let mut pstart = vec![0u32; n + 1];
    for &t in &layer.succ {
        pstart[t as usize + 1] += 1;
    }
    for i in 0..n {
        pstart[i + 1] += pstart[i];
    }
    let mut fill = pstart.clone();
    let mut preds = vec![0u32; layer.succ.len()];
    for s in 0..n {
        for &t in layer.successors(s) {
            preds[fill[t as usize] as usize] = s as u32;
            fill[t as usize] += 1;
        }
    }
    let mut value = vec![Q::ZERO; n];
    let mut rank = vec![u32::MAX; n];
    let mut next_rank = 0u32;
    // Positive side: the maximiser's attractors, levels decreasing; then the
    // negative side with the roles exchanged.
    for positive in [true, false] {
        let (attacker, sign_ok): (Owner, fn(Q) -> bool) = if positive {
            (Owner::Max, Q::is_positive)
        } else {
            (Owner::Min, Q::is_negative)
        };
        let mut events: Vec<(Q, u32)> = (0..n)
            .filter_map(|s| layer.exit[s].filter(|&e| sign_ok(e)).map(|e| (e, s as u32)))
            .collect();
        // Best level for the attacker first; ties by node for determinism.
        if positive {
            events.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        } else {
            events.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)));
        }
        // Options not yet attracted, per defender node.
        let mut pending: Vec<u32> = (0..n)
            .map(|s| layer.successors(s).len() as u32 + u32::from(layer.exit[s].is_some()))
            .collect();
        let mut attracted = vec![false; n];
        let mut queue: Vec<u32> = Vec::new();
        let mut i = 0;
        while i < events.len() {
            let level = events[i].0;
            while i < events.len() && events[i].0 == level {
                let s = events[i].1 as usize;
                i += 1;
                if attracted[s] {
                    continue;
                }
                if layer.owner[s] == attacker {
                    attracted[s] = true;
                    queue.push(s as u32);
                } else {
                    pending[s] -= 1;
                    if pending[s] == 0 {
                        attracted[s] = true;
                        queue.push(s as u32);
                    }
                }
            }
            let mut head = 0;
            while head < queue.len() {
                let t = queue[head] as usize;
                head += 1;
                value[t] = level;
                rank[t] = next_rank;
                next_rank += 1;
                for &p in &preds[pstart[t] as usize..pstart[t + 1] as usize] {
                    let p = p as usize;
                    if attracted[p] {
                        continue;
                    }
                    if layer.owner[p] == attacker {
                        attracted[p] = true;
                        queue.push(p as u32);
                    } else {
                        pending[p] -= 1;
                        if pending[p] == 0 {
                            attracted[p] = true;
                            queue.push(p as u32);
                        }
                    }
                }
            }
            queue.clear();
        }
    }
    Ok(Solved { value, rank })
}

/// What a node's owner plays in the solved layer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    /// Its best exit.
    Exit,
    /// The `i`-th successor.
    Succ(usize),
}

/// The owner's move at `s` in a solved layer: at a value the owner is
/// forcing (positive for the maximiser, negative for the minimiser), an
/// exit of that value or a successor of that value attracted earlier;
/// elsewhere an option that keeps the value (the exit first).
#[must_use]
pub fn choose(layer: &Layer, solved: &Solved, s: usize) -> Choice {
    let v = solved.value[s];
    let forcing = match layer.owner[s] {
        Owner::Max => v.is_positive(),
        Owner::Min => v.is_negative(),
    };
    if layer.exit[s] == Some(v) {
        return Choice::Exit;
    }
    for (i, &t) in layer.successors(s).iter().enumerate() {
        let t = t as usize;
        if solved.value[t] == v && (!forcing || solved.rank[t] < solved.rank[s]) {
            return Choice::Succ(i);
        }
    }
    unreachable!("a solved node has an option of its value")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layer(nodes: &[(Owner, Option<Q>, &[u32])]) -> Layer {
        let mut l = Layer::new();
        for &(o, e, succ) in nodes {
            l.node(o, e);
            for &t in succ {
                l.edge(t);
            }
        }
        l
    }

    #[test]
    fn a_cycle_pays_zero_unless_forced_out() {
        // 0 (Max) ↔ 1 (Min); 1 may exit at −1/2, 0 at −1: the minimiser
        // leaves at −1/2 (value −1/2 for both).
        let l = layer(&[
            (Owner::Max, Some(Q::MINUS_ONE), &[1]),
            (Owner::Min, Some(Q::new(-1, 2)), &[0]),
        ]);
        let s = solve(&l).unwrap();
        assert_eq!(s.value, vec![Q::new(-1, 2), Q::new(-1, 2)]);
        assert_eq!(choose(&l, &s, 1), Choice::Exit);
        assert_eq!(choose(&l, &s, 0), Choice::Succ(0));
        // With the minimiser's exit at +1/2 it circles: value 0.
        let l = layer(&[
            (Owner::Max, Some(Q::MINUS_ONE), &[1]),
            (Owner::Min, Some(Q::new(1, 2)), &[0]),
        ]);
        let s = solve(&l).unwrap();
        assert_eq!(s.value, vec![Q::ZERO, Q::ZERO]);
    }

    #[test]
    fn progress_ranks_lead_out_of_ties() {
        // 0 (Max) → 1, 2; 1 (Max) → 0 and exit 1/3; 2 (Max) → 0.
        // All three have value 1/3; the choice at 0 must go to 1 (rank
        // smaller), and 2 → 0 with 0's rank smaller than 2's.
        let l = layer(&[
            (Owner::Max, None, &[2, 1]),
            (Owner::Max, Some(Q::new(1, 3)), &[0]),
            (Owner::Max, None, &[0]),
        ]);
        let s = solve(&l).unwrap();
        assert!(s.value.iter().all(|&v| v == Q::new(1, 3)));
        assert_eq!(choose(&l, &s, 0), Choice::Succ(1));
        assert_eq!(choose(&l, &s, 1), Choice::Exit);
        assert_eq!(choose(&l, &s, 2), Choice::Succ(0));
    }

    #[test]
    fn the_minimiser_needs_all_its_options_attracted() {
        // 0 (Min) → 1 (Max exit 1) and exit 1/2: value 1/2.
        let l = layer(&[
            (Owner::Min, Some(Q::new(1, 2)), &[1]),
            (Owner::Max, Some(Q::ONE), &[]),
        ]);
        let s = solve(&l).unwrap();
        assert_eq!(s.value, vec![Q::new(1, 2), Q::ONE]);
        assert_eq!(
            solve(&layer(&[(Owner::Min, None, &[])])).unwrap_err(),
            LayerError::Stuck(0)
        );
    }
}
