//! A responder's problem as an explicit graph with layers, valued exactly
//! layer by layer ([`crate::layered`]): the optimized evaluator of a fixed
//! strategy's best response.
//!
//! Nodes are ends (an exact payoff to P1), the responder's choices and
//! chance. Every node carries a layer; a choice may lead to a choice of its
//! own layer (a deterministic move), to an end, to a chance node or to a
//! choice of a lower layer; a chance node's branches lead to lower layers
//! or ends only. Then each layer is a deterministic game of one player with
//! exits, solved exactly by the attractor method.

use crate::layered::{self, Layer, Owner};
use crate::q::Q;
use rustc_hash::FxHashMap as HashMap;

/// A node of a responder's problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Node {
    /// The play ends with this payoff to P1.
    End(Q),
    /// The responder (or the fixed strategy, with one successor) moves.
    Choice(Vec<u32>),
    /// Chance: successor with probability weight / Σ weights.
    Chance(Vec<(u64, u32)>),
}

/// A problem: nodes, layers and who responds.
#[derive(Debug, Clone, Default)]
pub struct Problem {
    /// The nodes.
    pub nodes: Vec<Node>,
    /// The layer of each node (ends and chance nodes: ignored).
    pub layer: Vec<u32>,
    /// Whether the responder maximises P1's payoff (P1 responds).
    pub responder_max: bool,
    /// The end of each payoff added by [`Problem::end`].
    ends: HashMap<Q, u32>,
}

/// Why a problem cannot be valued layer by layer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GraphError {
    /// A chance branch leads to a choice of its own layer or a higher one.
    ChanceInLayer(usize),
    /// A choice leads to a higher layer.
    Upwards(usize),
    /// A layer's node without moves.
    Layer(layered::LayerError),
}

impl std::fmt::Display for GraphError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GraphError::ChanceInLayer(s) => {
                write!(f, "chance node {s} leads back into its layer")
            }
            GraphError::Upwards(s) => write!(f, "node {s} leads to a higher layer"),
            GraphError::Layer(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for GraphError {}

impl Problem {
    /// An empty problem; `responder_max` when P1 responds.
    #[must_use]
    pub fn new(responder_max: bool) -> Problem {
        Problem {
            responder_max,
            ..Problem::default()
        }
    }

    /// Adds a node.
    pub fn push(&mut self, node: Node, layer: u32) -> u32 {
        self.nodes.push(node);
        self.layer.push(layer);
        (self.nodes.len() - 1) as u32
    }

    /// An end paying `v` (one node per payoff).
    pub fn end(&mut self, v: Q) -> u32 {
        if let Some(&i) = self.ends.get(&v) {
            return i;
        }
        let i = self.push(Node::End(v), 0);
        self.ends.insert(v, i);
        i
    }

    /// The exact value of every node.
    ///
    /// # Errors
    /// A problem that does not respect its layers ([`GraphError`]).
    pub fn values(&self) -> Result<Vec<Q>, GraphError> {
        let n = self.nodes.len();
        let mut value: Vec<Option<Q>> = vec![None; n];
        for (s, node) in self.nodes.iter().enumerate() {
            if let Node::End(v) = node {
                value[s] = Some(*v);
            }
        }
        let mut layers: Vec<u32> = (0..n)
            .filter(|&s| matches!(self.nodes[s], Node::Choice(_)))
            .map(|s| self.layer[s])
            .collect();
        layers.sort_unstable();
        layers.dedup();
        let mut by_layer: HashMap<u32, Vec<usize>> = HashMap::default();
        for s in 0..n {
            if matches!(self.nodes[s], Node::Choice(_)) {
                by_layer.entry(self.layer[s]).or_default().push(s);
            }
        }
        let owner = if self.responder_max {
            Owner::Max
        } else {
            Owner::Min
        };
        for l in layers {
            let members = &by_layer[&l];
            let mut local: HashMap<usize, u32> = HashMap::default();
            for (i, &s) in members.iter().enumerate() {
                local.insert(s, i as u32);
            }
            let mut layer = Layer::new();
            for &s in members {
                let Node::Choice(next) = &self.nodes[s] else {
                    unreachable!("members are choices")
                };
                let mut exit: Option<Q> = None;
                let mut inner = Vec::new();
                for &t in next {
                    let t = t as usize;
                    let v = match &self.nodes[t] {
                        Node::Choice(_) if self.layer[t] == l => {
                            inner.push(local[&t]);
                            continue;
                        }
                        Node::Choice(_) if self.layer[t] > l => {
                            return Err(GraphError::Upwards(s));
                        }
                        _ => self.value_of(t, l, &mut value)?,
                    };
                    exit = Some(match (exit, owner) {
                        (None, _) => v,
                        (Some(e), Owner::Max) => e.max(v),
                        (Some(e), Owner::Min) => e.min(v),
                    });
                }
                layer.node(owner, exit);
                for i in inner {
                    layer.edge(i);
                }
            }
            let solved = layered::solve(&layer).map_err(GraphError::Layer)?;
            for (i, &s) in members.iter().enumerate() {
                value[s] = Some(solved.value[i]);
            }
        }
        Ok(value.into_iter().map(|v| v.unwrap_or(Q::ZERO)).collect())
    }

    /// The value of a node outside layer `l` (an end, a chance node or a
    /// choice of a lower layer, solved already).
    fn value_of(&self, t: usize, l: u32, value: &mut [Option<Q>]) -> Result<Q, GraphError> {
        if let Some(v) = value[t] {
            return Ok(v);
        }
        match &self.nodes[t] {
            Node::End(v) => Ok(*v),
            Node::Choice(_) => Err(GraphError::Upwards(t)),
            Node::Chance(branches) => {
                let total: u64 = branches.iter().map(|b| b.0).sum();
                let mut sum = Q::ZERO;
                for &(w, c) in branches {
                    let c = c as usize;
                    if matches!(self.nodes[c], Node::Choice(_)) && self.layer[c] >= l {
                        return Err(GraphError::ChanceInLayer(t));
                    }
                    let v = self.value_of(c, l, value)?;
                    sum = sum + Q::new(w as i64, total as i64) * v;
                }
                value[t] = Some(sum);
                Ok(sum)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chance_averages_lower_layers_and_cycles_pay_zero() {
        let mut p = Problem::default();
        // Layer 1: 0 ↔ 1 (min), 1 may leave to a chance over ends 1 and −1/2
        // (weights 1, 2): 0. Min stays in the cycle if the exit is positive.
        let a = p.push(Node::Choice(vec![1]), 1);
        let win = p.end(Q::ONE);
        let half = p.end(Q::new(-1, 2));
        let ch = p.push(Node::Chance(vec![(1, win), (2, half)]), 0);
        let b = p.push(Node::Choice(vec![a, ch]), 1);
        p.nodes[a as usize] = Node::Choice(vec![b]);
        let v = p.values().unwrap();
        assert_eq!(v[ch as usize], Q::ZERO);
        assert_eq!(v[a as usize], Q::ZERO);
        // Raise the exit: min prefers the cycle (0) to 1/3.
        p.nodes[half as usize] = Node::End(Q::ZERO);
        let v = p.values().unwrap();
        assert_eq!(v[ch as usize], Q::new(1, 3));
        assert_eq!(v[b as usize], Q::ZERO);
    }
}
