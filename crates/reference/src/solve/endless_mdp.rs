//! The value of a one-player stochastic problem whose plays may never end:
//! a *responder* chooses moves, chance draws the others with exact
//! probabilities, some states end the play with a rational payoff, and a
//! play that never ends pays 0. The responder **minimises** the payoff
//! (a maximiser negates the payoffs). This is the judge of a fixed
//! stationary strategy: fixing one side of a zero-sum game turns the other
//! side's problem into exactly such a problem (document 003 §5's convention
//! 「有限手数でゲームが終了しない場合の利得を 0 とみなす」 for endless play).
//!
//! # Why not plain value iteration
//! Write `T(u)(s)` for `min` over the responder's moves (or the chance
//! average) of `u` at the successors, payoffs at the ends. The optimal
//! value `v*` satisfies `v* = T'(v*)` with `T'(u)(s) = min(0, T(u)(s))` on
//! the *safe set* `A` (the states from which the responder can keep the
//! play going for ever, [`safe_set`]) and `T' = T` elsewhere, but the
//! fixed point is not unique: on a cycle the responder can keep for ever,
//! every `u ≤ 0` is one. `v*` is the **greatest** fixed point of `T'`:
//! - `v*` is one (Bellman, and `v* ≤ 0` on `A`: staying for ever pays 0);
//! - every `u` with `u ≤ T'(u)`, `u ≤ payoff` at the ends is `≤ v*`: under
//!   any responder policy `u(Xₙ)` is a bounded submartingale; a play that
//!   ends pays at least `u` there, and a play that never ends stays, from
//!   some time on, in an end component (a set of states the responder can
//!   keep with probability 1), which lies in `A` where `u ≤ 0` = its pay.
//!   So `u(s) ≤ E[pay]` for every policy, i.e. `u ≤ v*`.
//!
//! Such a `u` is a **certificate** of a lower bound, checked state by state
//! in exact arithmetic ([`check_lower`]). [`bounds`] finds one by iterating
//! `T'` upwards from −1 on a grid of multiples of `1/scale`, rounding down
//! (each iterate stays a certificate: it is `≤ T'` of the previous one,
//! which is `≤ T'` of itself by monotonicity). Iterating from −1 alone
//! would stall at `−1` inside end components, so each maximal end
//! component ([`maximal_end_components`]) is iterated as one state whose
//! moves are its exits plus "stay for ever" (0) — the value is constant on
//! an end component, since the responder can walk from any of its states
//! to any other with probability 1. Downwards from +1, rounding up, the
//! iterates stay `≥ v*` by induction (`w ≥ v*` ⇒ `T'(w) ≥ T'(v*) = v*`),
//! so the two iterations enclose `v*`.
//!
//! Complexity: `O(E)` per sweep (`E` the number of moves and chance
//! branches); the end components cost `O(E)` per round of strongly
//! connected components, a few rounds in practice.

use num_bigint::BigInt;
use num_rational::BigRational;

/// A state of the problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Node {
    /// The play ends with this payoff (to the side the responder plays
    /// against; the responder minimises it).
    End(BigRational),
    /// The responder picks one of these states (at least one).
    Choice(Vec<u32>),
    /// Chance picks a state with probability `weight / Σ weights`
    /// (weights positive; at least one branch).
    Chance(Vec<(u64, u32)>),
}

/// Why a problem is malformed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProblemError {
    /// A choice or chance state with no successor.
    Empty(usize),
    /// A successor outside `0..len`.
    OutOfRange(usize),
    /// A chance branch of weight 0.
    ZeroWeight(usize),
}

impl std::fmt::Display for ProblemError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ProblemError::Empty(s) => write!(f, "state {s} has no successor"),
            ProblemError::OutOfRange(s) => write!(f, "state {s} has a successor out of range"),
            ProblemError::ZeroWeight(s) => write!(f, "state {s} has a chance branch of weight 0"),
        }
    }
}

impl std::error::Error for ProblemError {}

/// Checks that every state is well formed.
///
/// # Errors
/// The first malformed state.
pub fn validate(nodes: &[Node]) -> Result<(), ProblemError> {
    let n = nodes.len();
    for (s, node) in nodes.iter().enumerate() {
        match node {
            Node::End(_) => {}
            Node::Choice(next) => {
                if next.is_empty() {
                    return Err(ProblemError::Empty(s));
                }
                if next.iter().any(|&t| t as usize >= n) {
                    return Err(ProblemError::OutOfRange(s));
                }
            }
            Node::Chance(branches) => {
                if branches.is_empty() {
                    return Err(ProblemError::Empty(s));
                }
                if branches.iter().any(|&(_, t)| t as usize >= n) {
                    return Err(ProblemError::OutOfRange(s));
                }
                if branches.iter().any(|&(w, _)| w == 0) {
                    return Err(ProblemError::ZeroWeight(s));
                }
            }
        }
    }
    Ok(())
}

/// The states from which the responder can keep the play going for ever
/// (the complement of the chance-and-responder attractor of the ends): a
/// choice state all of whose moves are in the attractor is in it, a chance
/// state with some branch in it is in it. Linear time.
#[must_use]
pub fn safe_set(nodes: &[Node]) -> Vec<bool> {
    let n = nodes.len();
    let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
    let mut pending = vec![0usize; n];
    let mut attracted = vec![false; n];
    let mut queue = Vec::new();
    for (s, node) in nodes.iter().enumerate() {
        match node {
            Node::End(_) => {
                attracted[s] = true;
                queue.push(s);
            }
            Node::Choice(next) => {
                pending[s] = next.len();
                for &t in next {
                    preds[t as usize].push(s as u32);
                }
            }
            Node::Chance(branches) => {
                pending[s] = 1;
                for &(_, t) in branches {
                    preds[t as usize].push(s as u32);
                }
            }
        }
    }
    while let Some(t) = queue.pop() {
        for &p in &preds[t] {
            let p = p as usize;
            if attracted[p] {
                continue;
            }
            pending[p] -= 1;
            if pending[p] == 0 {
                attracted[p] = true;
                queue.push(p);
            }
        }
    }
    attracted.iter().map(|&a| !a).collect()
}

/// Strongly connected components of the graph restricted to `alive`
/// states with the given edges (iterative Tarjan); `comp[s]` for alive `s`.
fn components(alive: &[bool], edges: &[Vec<u32>]) -> Vec<u32> {
    let n = alive.len();
    const NONE: u32 = u32::MAX;
    let mut index = vec![NONE; n];
    let mut low = vec![0u32; n];
    let mut on_stack = vec![false; n];
    let mut comp = vec![NONE; n];
    let mut stack: Vec<u32> = Vec::new();
    let mut call: Vec<(u32, usize)> = Vec::new();
    let mut next_index = 0u32;
    let mut next_comp = 0u32;
    for root in 0..n {
        if !alive[root] || index[root] != NONE {
            continue;
        }
        call.push((root as u32, 0));
        index[root] = next_index;
        low[root] = next_index;
        next_index += 1;
        stack.push(root as u32);
        on_stack[root] = true;
        while let Some(&mut (v, ref mut i)) = call.last_mut() {
            let v = v as usize;
            if *i < edges[v].len() {
                let w = edges[v][*i] as usize;
                *i += 1;
                if !alive[w] {
                    continue;
                }
                if index[w] == NONE {
                    index[w] = next_index;
                    low[w] = next_index;
                    next_index += 1;
                    stack.push(w as u32);
                    on_stack[w] = true;
                    call.push((w as u32, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
            } else {
                call.pop();
                if let Some(&(p, _)) = call.last() {
                    let p = p as usize;
                    low[p] = low[p].min(low[v]);
                }
                if low[v] == index[v] {
                    loop {
                        let w = stack.pop().expect("Tarjan stack holds v") as usize;
                        on_stack[w] = false;
                        comp[w] = next_comp;
                        if w == v {
                            break;
                        }
                    }
                    next_comp += 1;
                }
            }
        }
    }
    comp
}

/// The maximal end components: sets of non-end states the responder can
/// keep the play in for ever with probability 1 and walk around in
/// (strongly connected under its kept moves, every chance branch inside).
/// Returns, per state, the number of its component or `u32::MAX`.
/// Standard refinement: strongly connected components, drop chance states
/// with a branch leaving their component and responder moves that leave
/// it, repeat until nothing changes.
#[must_use]
pub fn maximal_end_components(nodes: &[Node]) -> Vec<u32> {
    let n = nodes.len();
    let mut alive = safe_set(nodes);
    let mut edges: Vec<Vec<u32>> = nodes
        .iter()
        .map(|node| match node {
            Node::End(_) => Vec::new(),
            Node::Choice(next) => next.clone(),
            Node::Chance(b) => b.iter().map(|&(_, t)| t).collect(),
        })
        .collect();
    loop {
        let comp = components(&alive, &edges);
        let mut changed = false;
        for s in 0..n {
            if !alive[s] {
                continue;
            }
            let c = comp[s];
            match &nodes[s] {
                Node::End(_) => unreachable!("ends are not safe"),
                Node::Chance(_) => {
                    if edges[s]
                        .iter()
                        .any(|&t| !alive[t as usize] || comp[t as usize] != c)
                    {
                        alive[s] = false;
                        changed = true;
                    }
                }
                Node::Choice(_) => {
                    let before = edges[s].len();
                    edges[s].retain(|&t| alive[t as usize] && comp[t as usize] == c);
                    if edges[s].len() != before {
                        changed = true;
                    }
                    if edges[s].is_empty() {
                        alive[s] = false;
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            // Every alive state keeps an edge inside its component and its
            // chance branches all stay inside: each component is an end
            // component (singletons with no edge were dropped above).
            return (0..n)
                .map(|s| if alive[s] { comp[s] } else { u32::MAX })
                .collect();
        }
    }
}

/// `floor(num / den)` or `ceil(num / den)` for `den > 0`.
fn div_round(num: i128, den: i128, up: bool) -> i128 {
    let q = num.div_euclid(den);
    if up && q * den != num {
        q + 1
    } else {
        q
    }
}

/// A payoff on the grid of multiples of `1/scale`, rounded down or up.
fn grid(p: &BigRational, scale: i64, up: bool) -> i64 {
    let x = p * BigRational::from_integer(BigInt::from(scale));
    let r = if up { x.ceil() } else { x.floor() };
    i64::try_from(r.to_integer()).expect("payoffs are bounded by the scale")
}

/// The enclosure of `v*` found by [`bounds`].
#[derive(Debug, Clone)]
pub struct Bounds {
    /// Grid units per unit of payoff.
    pub scale: i64,
    /// A certificate: `lower[s] / scale ≤ v*(s)` for every state
    /// (re-checked by [`check_lower`]).
    pub lower: Vec<i64>,
    /// `upper[s] / scale ≥ v*(s)` (by the downward iteration from +1).
    pub upper: Vec<i64>,
    /// Sweeps done by the upward and the downward iteration.
    pub sweeps: (usize, usize),
}

impl Bounds {
    /// The certified lower bound at `s`, exact.
    #[must_use]
    pub fn lo(&self, s: usize) -> BigRational {
        BigRational::new(BigInt::from(self.lower[s]), BigInt::from(self.scale))
    }

    /// The upper bound at `s`, exact.
    #[must_use]
    pub fn hi(&self, s: usize) -> BigRational {
        BigRational::new(BigInt::from(self.upper[s]), BigInt::from(self.scale))
    }
}

/// `T'(u)(s)` on the grid, rounded down or up (`safe` gives the 0 clamp).
fn apply(nodes: &[Node], ends: &[(i64, i64)], safe: &[bool], u: &[i64], s: usize, up: bool) -> i64 {
    let v = match &nodes[s] {
        Node::End(_) => {
            if up {
                ends[s].1
            } else {
                ends[s].0
            }
        }
        Node::Choice(next) => next
            .iter()
            .map(|&t| u[t as usize])
            .min()
            .expect("validated"),
        Node::Chance(branches) => {
            let total: i128 = branches.iter().map(|&(w, _)| i128::from(w)).sum();
            let sum: i128 = branches
                .iter()
                .map(|&(w, t)| i128::from(w) * i128::from(u[t as usize]))
                .sum();
            i64::try_from(div_round(sum, total, up)).expect("an average of grid values")
        }
    };
    if safe[s] {
        v.min(0)
    } else {
        v
    }
}

/// Encloses `v*` at every state: upward iteration (rounded down, end
/// components as single states) and downward iteration (rounded up), each
/// until a sweep changes nothing or `max_sweeps` sweeps.
///
/// # Errors
/// A malformed problem ([`validate`]).
pub fn bounds(nodes: &[Node], scale: i64, max_sweeps: usize) -> Result<Bounds, ProblemError> {
    validate(nodes)?;
    let n = nodes.len();
    let safe = safe_set(nodes);
    let ends: Vec<(i64, i64)> = nodes
        .iter()
        .map(|node| match node {
            Node::End(p) => (grid(p, scale, false), grid(p, scale, true)),
            _ => (0, 0),
        })
        .collect();
    // End components: members and exits (responder moves leaving them).
    let mec = maximal_end_components(nodes);
    let count = mec
        .iter()
        .filter(|&&c| c != u32::MAX)
        .map(|&c| c as usize + 1)
        .max()
        .unwrap_or(0);
    let mut members: Vec<Vec<u32>> = vec![Vec::new(); count];
    let mut exits: Vec<Vec<u32>> = vec![Vec::new(); count];
    for s in 0..n {
        let c = mec[s];
        if c == u32::MAX {
            continue;
        }
        members[c as usize].push(s as u32);
        if let Node::Choice(next) = &nodes[s] {
            for &t in next {
                if mec[t as usize] != c {
                    exits[c as usize].push(t);
                }
            }
        }
    }
    let mut lower: Vec<i64> = (0..n)
        .map(|s| {
            if let Node::End(_) = nodes[s] {
                ends[s].0
            } else {
                -scale
            }
        })
        .collect();
    let mut up_sweeps = 0;
    loop {
        up_sweeps += 1;
        let mut changed = false;
        for s in 0..n {
            if mec[s] != u32::MAX || matches!(nodes[s], Node::End(_)) {
                continue;
            }
            let v = apply(nodes, &ends, &safe, &lower, s, false);
            if v > lower[s] {
                lower[s] = v;
                changed = true;
            }
        }
        for c in 0..count {
            // Stay for ever (0) or leave by the best exit.
            let v = exits[c]
                .iter()
                .map(|&t| lower[t as usize])
                .fold(0, i64::min);
            let first = members[c][0] as usize;
            if v > lower[first] {
                for &m in &members[c] {
                    lower[m as usize] = v;
                }
                changed = true;
            }
        }
        if !changed || up_sweeps >= max_sweeps {
            break;
        }
    }
    let mut upper: Vec<i64> = (0..n)
        .map(|s| {
            if let Node::End(_) = nodes[s] {
                ends[s].1
            } else {
                scale
            }
        })
        .collect();
    let mut down_sweeps = 0;
    loop {
        down_sweeps += 1;
        let mut changed = false;
        for s in 0..n {
            if matches!(nodes[s], Node::End(_)) {
                continue;
            }
            let v = apply(nodes, &ends, &safe, &upper, s, true);
            if v < upper[s] {
                upper[s] = v;
                changed = true;
            }
        }
        if !changed || down_sweeps >= max_sweeps {
            break;
        }
    }
    Ok(Bounds {
        scale,
        lower,
        upper,
        sweeps: (up_sweeps, down_sweeps),
    })
}

/// Checks, in exact arithmetic, that `u` (grid units of `1/scale`) is a
/// certificate of lower bounds: `u ≤ payoff` at every end, `u(s) ≤ u(t)`
/// for every responder move `s → t`, `u(s) ≤` the chance average at chance
/// states, and `u ≤ 0` on the safe set. Then `u(s)/scale ≤ v*(s)` for every
/// `s` (module documentation). Recomputes the safe set itself.
#[must_use]
pub fn check_lower(nodes: &[Node], scale: i64, u: &[i64]) -> bool {
    if validate(nodes).is_err() || u.len() != nodes.len() || scale <= 0 {
        return false;
    }
    let safe = safe_set(nodes);
    let sc = BigRational::from_integer(BigInt::from(scale));
    nodes.iter().enumerate().all(|(s, node)| {
        if safe[s] && u[s] > 0 {
            return false;
        }
        match node {
            Node::End(p) => BigRational::from_integer(BigInt::from(u[s])) <= p * &sc,
            Node::Choice(next) => next.iter().all(|&t| u[s] <= u[t as usize]),
            Node::Chance(branches) => {
                let total: i128 = branches.iter().map(|&(w, _)| i128::from(w)).sum();
                let sum: i128 = branches
                    .iter()
                    .map(|&(w, t)| i128::from(w) * i128::from(u[t as usize]))
                    .sum();
                i128::from(u[s]) * total <= sum
            }
        }
    })
}

/// Negated payoffs: the problem of a responder who maximises becomes one of
/// a minimiser, `v*_max = −v*_min(negated)`.
#[must_use]
pub fn negated(nodes: &[Node]) -> Vec<Node> {
    nodes
        .iter()
        .map(|node| match node {
            Node::End(p) => Node::End(-p.clone()),
            other => other.clone(),
        })
        .collect()
}

/// A payoff of `num/den`.
#[must_use]
pub fn payoff(num: i64, den: i64) -> BigRational {
    BigRational::new(BigInt::from(num), BigInt::from(den))
}
