//! The bounded-memory game (§4 item 3, see the parent module) solved over
//! patterns of the remembered cards: each layer n (pairs on the table) is a
//! cyclic zero-sum stochastic game whose ends are wins, losses, draws and
//! the already solved layer n − 1, solved exactly by
//! `solve::stochastic_game` (strategy iteration with a certificate).
//!
//! Nodes of a layer: a **turn** (pattern, pass flag) and, after an unknown
//! first card, a **mid-turn** node (pattern, what the face-up card is: the
//! 1, the partner of a remembered card, or a number with no card
//! remembered), where the same mover picks the second card. Values are
//! x = (mover's expected points) − ½, so a draw and endless play are 0.
//!
//! Counts: with o ∈ {0, 1} the 1s remembered, s the numbers with one card
//! remembered (not the 1) and f the other numbers with none, the u = 2n − L
//! unknown cards are 2 − o 1s, s partners and 2f fresh cards; a chance is a
//! count over u (first card) or u − 1 (second).

use super::ONE;
use crate::stochastic_game::{self, Action, Branch, DrawError, GameError, StochasticGame};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use std::collections::HashMap;

/// The face-up first card in a mid-turn node: the 1, the partner of a
/// remembered number (its token), or a number with no card remembered.
const FRESH: u8 = u8::MAX;
/// Stand-ins for numbers newly remembered in a turn, renumbered by
/// [`canonical`].
const NEW1: u8 = 200;
const NEW2: u8 = 201;

/// A node of a layer.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Node {
    /// Between turns: the pattern (oldest first) and the pass flag.
    Turn(Vec<u8>, bool),
    /// After an unknown first card showing `z`.
    Mid(Vec<u8>, u8),
}

/// Where a branch leads, before the layer is numbered.
#[derive(Debug, Clone)]
enum Sym {
    Win,
    Lose,
    Draw,
    /// The opponent moves at this node.
    Theirs(Node),
    /// The mover picks the second card.
    Mid(Node),
    /// A pair was taken: the mover goes on in layer n − 1 at this pattern.
    Below(Vec<u8>),
}

type SymAction = Vec<(BigRational, Sym)>;

fn q(a: usize, b: usize) -> BigRational {
    BigRational::new(BigInt::from(a), BigInt::from(b))
}

/// Renumbers the other numbers 1, 2, … by first appearance.
fn canonical(tokens: &[u8]) -> Vec<u8> {
    let mut map: Vec<(u8, u8)> = Vec::new();
    tokens
        .iter()
        .map(|&t| {
            if t == ONE {
                return ONE;
            }
            if let Some(&(_, v)) = map.iter().find(|(k, _)| *k == t) {
                return v;
            }
            let v = map.len() as u8 + 1;
            map.push((t, v));
            v
        })
        .collect()
}

/// The pattern after a turn: the cards at `refreshed` leave their places,
/// `pushed` (oldest first) become the newest, the oldest beyond `m` are
/// forgotten.
fn after(mem: &[u8], refreshed: &[usize], pushed: &[u8], m: usize) -> Vec<u8> {
    let mut out: Vec<u8> = mem
        .iter()
        .enumerate()
        .filter(|(i, _)| !refreshed.contains(i))
        .map(|(_, &t)| t)
        .collect();
    out.extend_from_slice(pushed);
    let cut = out.len().saturating_sub(m);
    canonical(&out[cut..])
}

/// The pattern with the cards at `taken` gone.
fn without(mem: &[u8], taken: &[usize]) -> Vec<u8> {
    let out: Vec<u8> = mem
        .iter()
        .enumerate()
        .filter(|(i, _)| !taken.contains(i))
        .map(|(_, &t)| t)
        .collect();
    canonical(&out)
}

/// A mismatch hands over, unless both 1s are now remembered: the opponent
/// takes them.
fn hand_over(mem: Vec<u8>) -> Sym {
    if mem.iter().filter(|&&t| t == ONE).count() == 2 {
        Sym::Lose
    } else {
        Sym::Theirs(Node::Turn(mem, false))
    }
}

/// What is unknown: (1s remembered, numbers with one card remembered other
/// than the 1, fresh numbers, unknown cards).
fn counts(n: usize, mem: &[u8]) -> (usize, Vec<u8>, usize, usize) {
    let o = mem.iter().filter(|&&t| t == ONE).count();
    let labels = mem
        .iter()
        .filter(|&&t| t != ONE)
        .max()
        .copied()
        .unwrap_or(0) as usize;
    let singles: Vec<u8> = (1..=labels as u8)
        .filter(|l| mem.iter().filter(|&&t| t == *l).count() == 1)
        .collect();
    let fresh = n - 1 - labels;
    (o, singles, fresh, 2 * n - mem.len())
}

/// Chance branches from `(count, outcome)` over `total`, zero counts left out.
fn chance(total: usize, parts: Vec<(usize, Sym)>) -> SymAction {
    parts
        .into_iter()
        .filter(|(c, _)| *c > 0)
        .map(|(c, s)| (q(c, total), s))
        .collect()
}

/// The actions at a node of layer `n` with memory capacity `m`.
fn actions(n: usize, m: usize, node: &Node) -> Vec<SymAction> {
    let mut out = Vec::new();
    match node {
        Node::Turn(mem, passed) => {
            let (o, singles, fresh, u) = counts(n, mem);
            for i in 0..mem.len() {
                for j in 0..mem.len() {
                    if i == j || (mem[i] == mem[j] && j < i) {
                        continue;
                    }
                    if mem[i] == mem[j] {
                        out.push(vec![(
                            BigRational::one(),
                            Sym::Below(without(mem, &[i, j])),
                        )]);
                    } else if *passed {
                        out.push(vec![(BigRational::one(), Sym::Draw)]);
                    } else {
                        let next = after(mem, &[i, j], &[mem[i], mem[j]], m);
                        out.push(vec![(
                            BigRational::one(),
                            Sym::Theirs(Node::Turn(next, true)),
                        )]);
                    }
                }
                if u == 0 {
                    continue;
                }
                // A remembered card first, an unknown one second.
                let t = mem[i];
                let mut parts = Vec::new();
                if t == ONE {
                    parts.push((1, Sym::Win));
                } else {
                    if singles.contains(&t) {
                        parts.push((1, Sym::Below(without(mem, &[i]))));
                    }
                    parts.push((2 - o, hand_over(after(mem, &[i], &[t, ONE], m))));
                }
                for &l in singles.iter().filter(|&&l| l != t) {
                    parts.push((1, hand_over(after(mem, &[i], &[t, l], m))));
                }
                parts.push((2 * fresh, hand_over(after(mem, &[i], &[t, NEW1], m))));
                out.push(chance(u, parts));
            }
            if u > 0 {
                let mut parts = vec![(2 - o, Sym::Mid(Node::Mid(mem.clone(), ONE)))];
                for &l in &singles {
                    parts.push((1, Sym::Mid(Node::Mid(mem.clone(), l))));
                }
                parts.push((2 * fresh, Sym::Mid(Node::Mid(mem.clone(), FRESH))));
                out.push(chance(u, parts));
            }
        }
        Node::Mid(mem, z) => {
            let (o, singles, fresh, u) = counts(n, mem);
            let z_token = if *z == FRESH { NEW1 } else { *z };
            for j in 0..mem.len() {
                let sym = if mem[j] == *z && *z == ONE {
                    Sym::Win
                } else if mem[j] == *z {
                    Sym::Below(without(mem, &[j]))
                } else {
                    hand_over(after(mem, &[j], &[z_token, mem[j]], m))
                };
                out.push(vec![(BigRational::one(), sym)]);
            }
            if u >= 2 {
                let mut parts = Vec::new();
                match *z {
                    ONE => {
                        parts.push((1 - o, Sym::Win));
                        for &l in &singles {
                            parts.push((1, hand_over(after(mem, &[], &[ONE, l], m))));
                        }
                        parts.push((2 * fresh, hand_over(after(mem, &[], &[ONE, NEW1], m))));
                    }
                    FRESH => {
                        parts.push((1, Sym::Below(mem.clone())));
                        parts.push((2 - o, hand_over(after(mem, &[], &[NEW1, ONE], m))));
                        for &l in &singles {
                            parts.push((1, hand_over(after(mem, &[], &[NEW1, l], m))));
                        }
                        parts.push((
                            2 * (fresh - 1),
                            hand_over(after(mem, &[], &[NEW1, NEW2], m)),
                        ));
                    }
                    l0 => {
                        parts.push((2 - o, hand_over(after(mem, &[], &[l0, ONE], m))));
                        for &l in singles.iter().filter(|&&l| l != l0) {
                            parts.push((1, hand_over(after(mem, &[], &[l0, l], m))));
                        }
                        parts.push((2 * fresh, hand_over(after(mem, &[], &[l0, NEW1], m))));
                    }
                }
                out.push(chance(u - 1, parts));
            }
        }
    }
    out
}

/// One solved layer: the value x (mover's points − ½) of each turn node.
#[derive(Debug, Clone, Default)]
struct Layer {
    values: HashMap<(Vec<u8>, bool), BigRational>,
    /// The draw probability's least and greatest over optimal plans, when
    /// asked for ([`BoundedTable::build_with_draws`]).
    draws: HashMap<(Vec<u8>, bool), (BigRational, BigRational)>,
    rounds: usize,
    nodes: usize,
}

/// The bounded-memory game solved for every start N' ≤ N with memory M:
/// every turn state reachable from those starts, with its exact value.
#[derive(Debug, Clone)]
pub struct BoundedTable {
    memory: usize,
    /// `layers[n]` (index 0 unused).
    layers: Vec<Layer>,
}

impl BoundedTable {
    /// Solves the game with memory `memory` for the starts of 1..=`pairs`
    /// pairs (every layer below `pairs`, entered from above or at its own
    /// start).
    ///
    /// # Errors
    /// The engine's, should a layer not settle (never seen).
    pub fn build(memory: usize, pairs: usize) -> Result<BoundedTable, GameError> {
        Self::build_inner(memory, pairs, false).map_err(|e| match e {
            DrawError::Game(e) => e,
            // Only the draw interval raises the others.
            _ => GameError::NoFixedPoint,
        })
    }

    /// As [`BoundedTable::build`], and the draw probability of every turn
    /// state as an interval over optimal plans (SPEC.md "Bounded memory:
    /// the draw probability"): `stochastic_game::draw_range` per layer, an
    /// end into layer n − 1 carrying that state's interval (a drawn end
    /// [1, 1], a win or a loss [0, 0]).
    ///
    /// # Errors
    /// The engine's, or a draw interval it cannot certify (never seen).
    pub fn build_with_draws(memory: usize, pairs: usize) -> Result<BoundedTable, DrawError> {
        Self::build_inner(memory, pairs, true)
    }

    fn build_inner(memory: usize, pairs: usize, draws: bool) -> Result<BoundedTable, DrawError> {
        // Top-down: the nodes of each layer reachable from the starts.
        let mut entries: Vec<Vec<Vec<u8>>> = vec![Vec::new(); pairs + 1];
        let mut built: Vec<(Vec<Node>, Vec<Vec<SymAction>>)> =
            vec![(Vec::new(), Vec::new()); pairs + 1];
        for n in (1..=pairs).rev() {
            let mut index: HashMap<Node, usize> = HashMap::new();
            let mut nodes: Vec<Node> = Vec::new();
            let mut starts = vec![Vec::new()];
            starts.extend(std::mem::take(&mut entries[n]));
            for mem in starts {
                let node = Node::Turn(mem, false);
                if !index.contains_key(&node) {
                    index.insert(node.clone(), nodes.len());
                    nodes.push(node);
                }
            }
            let mut all_actions = Vec::new();
            let mut next = 0;
            let mut below: Vec<Vec<u8>> = Vec::new();
            while next < nodes.len() {
                let acts = actions(n, memory, &nodes[next]);
                for act in &acts {
                    for (_, sym) in act {
                        match sym {
                            Sym::Theirs(node) | Sym::Mid(node) => {
                                if !index.contains_key(node) {
                                    index.insert(node.clone(), nodes.len());
                                    nodes.push(node.clone());
                                }
                            }
                            Sym::Below(mem) => below.push(mem.clone()),
                            Sym::Win | Sym::Lose | Sym::Draw => {}
                        }
                    }
                }
                all_actions.push(acts);
                next += 1;
            }
            below.sort();
            below.dedup();
            entries[n - 1] = below;
            built[n] = (nodes, all_actions);
        }
        // Bottom-up: each layer a game whose lower ends are known.
        let mut layers = vec![Layer::default(); pairs + 1];
        let half = q(1, 2);
        for n in 1..=pairs {
            let (nodes, acts) = &built[n];
            let index: HashMap<&Node, u32> = nodes
                .iter()
                .enumerate()
                .map(|(i, s)| (s, i as u32))
                .collect();
            let lower = &layers[n - 1].values;
            let game = StochasticGame {
                states: acts
                    .iter()
                    .map(|list| {
                        list.iter()
                            .map(|act| {
                                Action(
                                    act.iter()
                                        .map(|(p, sym)| {
                                            let o = match sym {
                                                Sym::Win => Branch::End(half.clone()),
                                                Sym::Lose => Branch::End(-half.clone()),
                                                Sym::Draw => Branch::End(BigRational::zero()),
                                                Sym::Theirs(node) => Branch::Theirs(index[node]),
                                                Sym::Mid(node) => Branch::Mine(index[node]),
                                                Sym::Below(mem) => Branch::End(
                                                    lower
                                                        .get(&(mem.clone(), false))
                                                        .expect("solved below")
                                                        .clone(),
                                                ),
                                            };
                                            (p.clone(), o)
                                        })
                                        .collect(),
                                )
                            })
                            .collect()
                    })
                    .collect(),
            };
            // A float guess saves exact rounds; the exact iteration certifies.
            let guess = stochastic_game::float_guess(&game, 200);
            let solution = stochastic_game::solve(&game, Some(guess))?;
            let mut values = HashMap::new();
            for (i, node) in nodes.iter().enumerate() {
                if let Node::Turn(mem, passed) = node {
                    values.insert((mem.clone(), *passed), solution.values[i].clone());
                }
            }
            let mut draw_map = HashMap::new();
            if draws {
                let lower_draws = &layers[n - 1].draws;
                let (zero, one) = (BigRational::zero(), BigRational::one());
                let end_draw = |s: usize, a: usize, b: usize| match &acts[s][a][b].1 {
                    Sym::Draw => (one.clone(), one.clone()),
                    Sym::Below(mem) => lower_draws
                        .get(&(mem.clone(), false))
                        .expect("solved below")
                        .clone(),
                    _ => (zero.clone(), zero.clone()),
                };
                let range = stochastic_game::draw_range(&game, &solution.values, &end_draw)?;
                for (i, node) in nodes.iter().enumerate() {
                    if let Node::Turn(mem, passed) = node {
                        draw_map.insert(
                            (mem.clone(), *passed),
                            (range.low[i].clone(), range.high[i].clone()),
                        );
                    }
                }
            }
            layers[n] = Layer {
                values,
                draws: draw_map,
                rounds: solution.rounds,
                nodes: nodes.len(),
            };
        }
        Ok(BoundedTable { memory, layers })
    }

    /// The memory capacity M.
    #[must_use]
    pub fn memory(&self) -> usize {
        self.memory
    }

    /// The largest N solved.
    #[must_use]
    pub fn pairs(&self) -> usize {
        self.layers.len() - 1
    }

    /// The first player's expected points (win 1, draw ½) with `pairs`
    /// pairs and nothing remembered; `None` beyond the table.
    #[must_use]
    pub fn start(&self, pairs: usize) -> Option<BigRational> {
        self.value(pairs, &[], false)
    }

    /// The mover's expected points at layer `n` with remembered `pattern`
    /// (oldest first, see [`super::notation`]) and pass flag, if the state
    /// was reached.
    #[must_use]
    pub fn value(&self, n: usize, pattern: &[u8], passed: bool) -> Option<BigRational> {
        let layer = self.layers.get(n).filter(|_| n >= 1)?;
        let x = layer.values.get(&(pattern.to_vec(), passed))?;
        Some(x + q(1, 2))
    }

    /// The least and the greatest draw probability over optimal plans at
    /// layer `n` with `pattern` and pass flag; `None` if the state was not
    /// reached or the table was built without draws.
    #[must_use]
    pub fn draw(
        &self,
        n: usize,
        pattern: &[u8],
        passed: bool,
    ) -> Option<(BigRational, BigRational)> {
        let layer = self.layers.get(n).filter(|_| n >= 1)?;
        layer.draws.get(&(pattern.to_vec(), passed)).cloned()
    }

    /// [`BoundedTable::draw`] at the start of `pairs` pairs.
    #[must_use]
    pub fn start_draw(&self, pairs: usize) -> Option<(BigRational, BigRational)> {
        self.draw(pairs, &[], false)
    }

    /// Every solved turn state `(n, pattern, passed, mover's points)`,
    /// layer by layer, patterns in order.
    #[must_use]
    pub fn states(&self) -> Vec<(usize, Vec<u8>, bool, BigRational)> {
        let mut out = Vec::new();
        for (n, layer) in self.layers.iter().enumerate().skip(1) {
            let mut keys: Vec<&(Vec<u8>, bool)> = layer.values.keys().collect();
            keys.sort();
            for key in keys {
                out.push((n, key.0.clone(), key.1, &layer.values[key] + q(1, 2)));
            }
        }
        out
    }

    /// Nodes (turn and mid-turn) and strategy-iteration rounds per layer.
    #[must_use]
    pub fn sizes(&self) -> Vec<(usize, usize)> {
        self.layers
            .iter()
            .skip(1)
            .map(|l| (l.nodes, l.rounds))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_are_renumbered_and_forget_the_oldest() {
        assert_eq!(canonical(&[3, ONE, 7, 3]), vec![1, ONE, 2, 1]);
        // [a b a], refresh b, push a new card, M = 3: [a a b c] → [a b c].
        assert_eq!(after(&[1, 2, 1], &[1], &[2, NEW1], 3), vec![1, 2, 3]);
        assert_eq!(without(&[1, 2, 1, ONE], &[0, 2]), vec![1, ONE]);
    }
}
