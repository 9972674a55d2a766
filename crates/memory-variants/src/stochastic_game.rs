//! Exact values of a turn-based zero-sum stochastic game whose plays may
//! never end, with **endless play worth 0** (document 004 R5: a game in
//! which nobody ever takes the 1s is a draw; shifted by ½ so a draw is 0).
//!
//! # The game
//! Values are from the side to move (negamax form). A state offers the
//! mover one or more [`Action`]s; an action is a chance distribution over
//! [`Branch`]s: the play ends with a payoff to the mover ([`Branch::End`]),
//! the same player moves again at another state ([`Branch::Mine`]), or the
//! opponent moves at another state ([`Branch::Theirs`], worth minus its
//! value to the mover). A play that never ends pays 0 to both.
//!
//! # Why the value exists and is attained by one stationary policy
//! Made absolute (player A maximises A's payoff, B minimises it), this is a
//! finite perfect-information stochastic game; paying each end's payoff for
//! ever in an absorbing state and 0 per step elsewhere makes the payoff a
//! limiting average, and such games have optimal pure stationary
//! strategies for both players (Liggett & Lippman 1969). The game is
//! symmetric in the mover, so one mover-relative policy (an action per
//! state) is optimal for both.
//!
//! # Algorithm: strategy iteration with an exact certificate
//! - **Evaluate** a policy exactly: the states it visits split into strongly
//!   connected components (Tarjan, successors first); a component no branch
//!   leaves is a closed endless class worth 0, any other is solved by
//!   Gaussian elimination over `BigRational` (its matrix `I − A` is
//!   nonsingular: every row of `|A|` is substochastic, the component is
//!   irreducible and some row loses mass). Cost `O(Σ c³)` over component
//!   sizes `c`, plus `O(E)`.
//! - **Improve** (Hoffman–Karp): switch a state to an action strictly better
//!   under the current values (first such in the action order, so runs are
//!   deterministic); repeat until no switch improves.
//! - **Traps**: local optimality is not enough when endless play is 0: a
//!   player whose value is c < 0 on a set it can keep the play inside for
//!   ever gets 0 there instead ([`find_trap`]). Such a set is switched to
//!   its staying actions and the iteration goes on.
//! - **Certificate** ([`verify`]): every state's value equals its best
//!   action's value, the values are those of the returned policy (its
//!   equations hold exactly), and no trap exists. Then against the policy
//!   each player's best-response MDP has value = these values: under any
//!   stationary deviation `x(Xₜ)` is a bounded supermartingale for the
//!   deviator, a play that ends pays what it ends with, and a play that
//!   never ends stays in a closed class on which `x` (superharmonic) is a
//!   constant, ≥ 0 because no trap exists; so no deviation beats `x`. The
//!   policy's own play gives `x`, hence `x` is the value.
//!
//! Complexity: each round `O(E)` for the improvement and the evaluation's
//! cubic cost in the component sizes; the number of rounds is small in
//! practice (at most [`MAX_ROUNDS`], an error beyond).

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

/// Where one chance branch of an action leads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Branch {
    /// The play ends with this payoff to the mover.
    End(BigRational),
    /// The same player moves at this state.
    Mine(u32),
    /// The opponent moves at this state.
    Theirs(u32),
}

/// One action: chance branches `(probability, outcome)`, probabilities
/// positive and summing to 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Action(pub Vec<(BigRational, Branch)>);

/// A game: each state's actions (at least one each).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StochasticGame {
    /// `states[s]` lists the actions the mover has at `s`.
    pub states: Vec<Vec<Action>>,
}

/// Why a game could not be solved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameError {
    /// A state without actions.
    NoAction(usize),
    /// A branch to a state outside the game.
    OutOfRange(usize),
    /// An action whose probabilities are not positive or do not sum to 1.
    NotADistribution(usize),
    /// Strategy iteration did not settle in [`MAX_ROUNDS`] rounds.
    NoFixedPoint,
}

impl std::fmt::Display for GameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GameError::NoAction(s) => write!(f, "state {s} has no action"),
            GameError::OutOfRange(s) => write!(f, "state {s} has a branch out of range"),
            GameError::NotADistribution(s) => {
                write!(
                    f,
                    "state {s} has an action whose probabilities are not a distribution"
                )
            }
            GameError::NoFixedPoint => write!(f, "strategy iteration did not settle"),
        }
    }
}

impl std::error::Error for GameError {}

/// Rounds of strategy iteration allowed before giving up.
pub const MAX_ROUNDS: usize = 10_000;

/// A solved game: the value of every state (to the mover) and an optimal
/// action per state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// `values[s]`: the mover's value at `s`.
    pub values: Vec<BigRational>,
    /// `policy[s]`: the index of an optimal action at `s`.
    pub policy: Vec<usize>,
    /// Rounds of strategy iteration used.
    pub rounds: usize,
}

/// Checks that `game` is well formed.
///
/// # Errors
/// The first malformed state.
pub fn validate(game: &StochasticGame) -> Result<(), GameError> {
    let n = game.states.len();
    for (s, actions) in game.states.iter().enumerate() {
        if actions.is_empty() {
            return Err(GameError::NoAction(s));
        }
        for Action(branches) in actions {
            let mut sum = BigRational::zero();
            for (p, o) in branches {
                if !p.is_positive() {
                    return Err(GameError::NotADistribution(s));
                }
                sum += p;
                if let Branch::Mine(t) | Branch::Theirs(t) = o {
                    if *t as usize >= n {
                        return Err(GameError::OutOfRange(s));
                    }
                }
            }
            if !sum.is_one() {
                return Err(GameError::NotADistribution(s));
            }
        }
    }
    Ok(())
}

/// A sum of products `± p · x` kept as one unreduced fraction
/// `num / (small · big)`: `small` a common multiple of the probabilities'
/// denominators, `big` of the values'. A value whose denominator divides
/// `big` (the values of one evaluation share their denominators' factors)
/// joins by a division instead of a gcd; the fraction is reduced once, at
/// the end, instead of the three or four big gcds per term of
/// `BigRational`'s `*` and `+` (SPEC.md, "The engine: `stochastic_game`"). Every step is exact integer arithmetic, so the sum is the
/// same number.
struct Lazy {
    num: BigInt,
    small: BigInt,
    big: BigInt,
}

impl Lazy {
    fn new() -> Self {
        Self {
            num: BigInt::zero(),
            small: BigInt::one(),
            big: BigInt::one(),
        }
    }

    /// A common multiple of `*m` and `d` in `*m`, `num` scaled to it;
    /// returns `m / d`. `small` says the numbers are small (a gcd is
    /// cheap), otherwise divisibility is tried first and the product is
    /// the fallback.
    fn widen(num: &mut BigInt, m: &mut BigInt, d: &BigInt, small: bool) -> BigInt {
        if d == m {
            return BigInt::one();
        }
        let (q, r) = m.div_rem(d);
        if r.is_zero() {
            return q;
        }
        let next = if small {
            m.lcm(d)
        } else {
            let (q, r) = d.div_rem(m);
            if r.is_zero() {
                *num *= q;
                *m = d.clone();
                return BigInt::one();
            }
            &*m * d
        };
        *num *= &next / &*m;
        let f = &next / d;
        *m = next;
        f
    }

    /// Adds `p · x`, or subtracts it when `negate`.
    fn add(&mut self, p: &BigRational, x: &BigRational, negate: bool) {
        let fs = Self::widen(&mut self.num, &mut self.small, p.denom(), true);
        let fb = Self::widen(&mut self.num, &mut self.big, x.denom(), false);
        let term = p.numer() * x.numer() * fs * fb;
        if negate {
            self.num -= term;
        } else {
            self.num += term;
        }
    }

    /// The sum, reduced.
    fn value(self) -> BigRational {
        BigRational::new(self.num, self.small * self.big)
    }

    /// The sum's order against `t`, by cross multiplication (no gcd).
    fn cmp_to(&self, t: &BigRational) -> std::cmp::Ordering {
        let den = &self.small * &self.big;
        let order = (&self.num * t.denom()).cmp(&(t.numer() * &den));
        if den.is_negative() != t.denom().is_negative() {
            order.reverse()
        } else {
            order
        }
    }
}

/// The unreduced sum of `action` under `values`.
fn action_sum(action: &Action, values: &[BigRational]) -> Lazy {
    let mut v = Lazy::new();
    for (p, o) in &action.0 {
        match o {
            Branch::End(x) => v.add(p, x, false),
            Branch::Mine(t) => v.add(p, &values[*t as usize], false),
            Branch::Theirs(t) => v.add(p, &values[*t as usize], true),
        }
    }
    v
}

/// The value of `action` under `values`.
#[must_use]
pub fn action_value(action: &Action, values: &[BigRational]) -> BigRational {
    action_sum(action, values).value()
}

/// Whether the value of `action` under `values` is `target` (no gcd).
fn action_is(action: &Action, values: &[BigRational], target: &BigRational) -> bool {
    action_sum(action, values).cmp_to(target).is_eq()
}

fn successors(action: &Action) -> impl Iterator<Item = usize> + '_ {
    action.0.iter().filter_map(|(_, o)| match o {
        Branch::Mine(t) | Branch::Theirs(t) => Some(*t as usize),
        Branch::End(_) => None,
    })
}

/// Strongly connected components of the graph `edges`, each listed once,
/// successors' components before their predecessors' (Tarjan, iterative).
fn components(edges: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let n = edges.len();
    let mut index = vec![usize::MAX; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut out = Vec::new();
    let mut next = 0;
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        let mut call: Vec<(usize, usize)> = vec![(root, 0)];
        index[root] = next;
        low[root] = next;
        next += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (v, ref mut i)) = call.last_mut() {
            if *i < edges[v].len() {
                let w = edges[v][*i];
                *i += 1;
                if index[w] == usize::MAX {
                    index[w] = next;
                    low[w] = next;
                    next += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    call.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
            } else {
                call.pop();
                if let Some(&(u, _)) = call.last() {
                    low[u] = low[u].min(low[v]);
                }
                if low[v] == index[v] {
                    let mut comp = Vec::new();
                    loop {
                        let w = stack.pop().expect("on the stack");
                        on_stack[w] = false;
                        comp.push(w);
                        if w == v {
                            break;
                        }
                    }
                    comp.sort_unstable();
                    out.push(comp);
                }
            }
        }
    }
    out
}

/// Solves `a · x = b` (square, nonsingular) exactly by Gaussian elimination.
#[allow(clippy::needless_range_loop)] // row and column indices are the algorithm
fn solve_dense(mut a: Vec<Vec<BigRational>>, mut b: Vec<BigRational>) -> Vec<BigRational> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n)
            .find(|&r| !a[r][col].is_zero())
            .expect("nonsingular: every state of the component can leave it");
        a.swap(col, pivot);
        b.swap(col, pivot);
        let inv = BigRational::one() / &a[col][col];
        for r in 0..n {
            if r == col || a[r][col].is_zero() {
                continue;
            }
            let f = &a[r][col] * &inv;
            for c in col..n {
                if !a[col][c].is_zero() {
                    let d = &f * &a[col][c];
                    a[r][c] -= d;
                }
            }
            let d = &f * &b[col];
            b[r] -= d;
        }
    }
    (0..n).map(|i| &b[i] / &a[i][i]).collect()
}

/// The exact value of every state when the mover always plays
/// `policy[s]` (endless play 0).
#[must_use]
pub fn evaluate(game: &StochasticGame, policy: &[usize]) -> Vec<BigRational> {
    let n = game.states.len();
    let chosen: Vec<&Action> = (0..n).map(|s| &game.states[s][policy[s]]).collect();
    let edges: Vec<Vec<usize>> = chosen.iter().map(|a| successors(a).collect()).collect();
    let mut values = vec![BigRational::zero(); n];
    let mut done = vec![false; n];
    for comp in components(&edges) {
        let pos: std::collections::HashMap<usize, usize> =
            comp.iter().enumerate().map(|(i, &s)| (s, i)).collect();
        let c = comp.len();
        let mut a = vec![vec![BigRational::zero(); c]; c];
        let mut b = vec![BigRational::zero(); c];
        let mut leaves = false;
        for (i, &s) in comp.iter().enumerate() {
            a[i][i] += BigRational::one();
            // The row's right-hand side, reduced once ([`Lazy`]).
            let mut rhs = Lazy::new();
            for (p, o) in &chosen[s].0 {
                let (t, sign) = match o {
                    Branch::End(x) => {
                        rhs.add(p, x, false);
                        leaves = true;
                        continue;
                    }
                    Branch::Mine(t) => (*t as usize, 1),
                    Branch::Theirs(t) => (*t as usize, -1),
                };
                if let Some(&j) = pos.get(&t) {
                    if sign > 0 {
                        a[i][j] -= p;
                    } else {
                        a[i][j] += p;
                    }
                } else {
                    debug_assert!(done[t]);
                    leaves = true;
                    rhs.add(p, &values[t], sign < 0);
                }
            }
            b[i] = rhs.value();
        }
        if leaves {
            for (i, x) in solve_dense(a, b).into_iter().enumerate() {
                values[comp[i]] = x;
            }
        }
        for &s in &comp {
            done[s] = true;
        }
    }
    values
}

/// A set on which some player whose value is negative can keep the play
/// for ever against `policy`, with the staying action of each of its own
/// states: the greatest set of states with value `c < 0` (the trapped
/// player moves) and `−c` (the opponent moves by `policy`) closed under
/// staying. `None` if there is none for any `c`.
#[must_use]
pub fn find_trap(
    game: &StochasticGame,
    policy: &[usize],
    values: &[BigRational],
) -> Option<Vec<(usize, usize)>> {
    // Equalities decided by floats where they are far apart (a value is
    // within `tol` of its float: [`Separation`]).
    let fx: Vec<f64> = values.iter().map(to_f64).collect();
    let sep = Separation::new(&[], &fx);
    let eq = |a: usize, c: &BigRational, fc: f64| compare(sep, &values[a], fx[a], c, fc).is_eq();
    let mut levels: Vec<usize> = (0..values.len())
        .filter(|&s| values[s].is_negative())
        .collect();
    levels.sort_by(|&a, &b| compare(sep, &values[a], fx[a], &values[b], fx[b]).then(a.cmp(&b)));
    levels.dedup_by(|a, b| eq(*a, &values[*b], fx[*b]));
    for at in levels {
        let c = &values[at];
        let neg_c = -c.clone();
        let (fc, fneg) = (fx[at], -fx[at]);
        // side: Some(true) the trapped player moves, Some(false) the opponent.
        let mut side: Vec<Option<bool>> = (0..values.len())
            .map(|v| {
                if eq(v, c, fc) {
                    Some(true)
                } else if eq(v, &neg_c, fneg) {
                    Some(false)
                } else {
                    None
                }
            })
            .collect();
        let stays = |side: &[Option<bool>], s: usize, action: &Action| -> bool {
            let mine = side[s].expect("in the set");
            action.0.iter().all(|(_, o)| match o {
                Branch::End(_) => false,
                Branch::Mine(t) => side[*t as usize] == Some(mine),
                Branch::Theirs(t) => side[*t as usize] == Some(!mine),
            })
        };
        loop {
            let mut changed = false;
            for s in 0..side.len() {
                let keep = match side[s] {
                    None => continue,
                    Some(true) => game.states[s].iter().any(|a| stays(&side, s, a)),
                    Some(false) => stays(&side, s, &game.states[s][policy[s]]),
                };
                if !keep {
                    side[s] = None;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let trap: Vec<(usize, usize)> = (0..side.len())
            .filter(|&s| side[s] == Some(true))
            .map(|s| {
                let a = game.states[s]
                    .iter()
                    .position(|a| stays(&side, s, a))
                    .expect("kept");
                (s, a)
            })
            .collect();
        if !trap.is_empty() {
            return Some(trap);
        }
    }
    None
}

/// Whether `values` with `policy` is a certificate (see the module docs):
/// the policy's equations hold exactly, every state's value is its best
/// action's, and no trap exists.
#[must_use]
pub fn verify(game: &StochasticGame, policy: &[usize], values: &[BigRational]) -> bool {
    if policy.len() != game.states.len() || values.len() != game.states.len() {
        return false;
    }
    for (s, actions) in game.states.iter().enumerate() {
        let Some(chosen) = actions.get(policy[s]) else {
            return false;
        };
        if action_value(chosen, values) != values[s] {
            return false;
        }
        if actions.iter().any(|a| action_value(a, values) > values[s]) {
            return false;
        }
    }
    // A closed endless class under the policy must be worth 0: the
    // equations alone allow any constant there.
    if evaluate(game, policy) != values {
        return false;
    }
    find_trap(game, policy, values).is_none()
}

/// A branch in floats: probability, and an end's payoff or (state, ±1).
type FloatBranch = (f64, Result<f64, (usize, f64)>);

/// Every action's branches in floats, `[state][action]`.
type FloatGame = Vec<Vec<Vec<FloatBranch>>>;

fn to_f64(x: &BigRational) -> f64 {
    use num_traits::ToPrimitive;
    x.to_f64().unwrap_or(0.0)
}

/// `game` in floats: a guess's model, and the shadow [`Separation`] reads.
fn float_game(game: &StochasticGame) -> FloatGame {
    game.states
        .iter()
        .map(|list| {
            list.iter()
                .map(|a| {
                    a.0.iter()
                        .map(|(p, o)| {
                            let o = match o {
                                Branch::End(x) => Ok(to_f64(x)),
                                Branch::Mine(t) => Err((*t as usize, 1.0)),
                                Branch::Theirs(t) => Err((*t as usize, -1.0)),
                            };
                            (to_f64(p), o)
                        })
                        .collect()
                })
                .collect()
        })
        .collect()
}

/// An action's value in floats under the float values `x`.
fn float_value(a: &[FloatBranch], x: &[f64]) -> f64 {
    a.iter()
        .map(|(p, o)| match o {
            Ok(v) => p * v,
            Err((t, sign)) => p * sign * x[*t],
        })
        .sum()
}

/// The most branches an action may have for [`Separation`] to apply.
const SEPARATION_BRANCHES: usize = 1 << 16;

/// A rigorous float filter for comparisons of exact values (SPEC.md,
/// "The engine: `stochastic_game`"): two exact numbers whose
/// float shadows lie more than `2 · tol` apart compare as their shadows
/// do, so only near-ties need exact arithmetic.
///
/// The bound: with `M` the largest magnitude among the floats of the end
/// payoffs and of the values (every exact one is then at most
/// `M·(1 + 2⁻⁵⁰) + 2⁻¹⁰⁷⁰`, the conversion being within an ulp or so,
/// subnormals absolute), an action of `k ≤ 2¹⁶` branches whose
/// probabilities sum to 1 has its float value within
/// `(M + 1)·(k + 4)·2⁻⁵⁰ < (M + 1)·10⁻⁹ = tol` of the exact one (each
/// product and each of the `k` additions rounds once). A value itself is
/// within `(M + 1)·2⁻⁵⁰ < tol` of its float.
#[derive(Clone, Copy)]
struct Separation {
    tol: f64,
}

impl Separation {
    /// The filter for `game` in floats with the float values `fx`, or
    /// `None` when an action has too many branches or a float is not
    /// finite (then every comparison is exact).
    fn new(fgame: &[Vec<Vec<FloatBranch>>], fx: &[f64]) -> Option<Self> {
        let mut m: f64 = 0.0;
        for actions in fgame {
            for a in actions {
                if a.len() > SEPARATION_BRANCHES {
                    return None;
                }
                for (p, o) in a {
                    if let Ok(v) = o {
                        m = m.max(v.abs());
                    }
                    if !p.is_finite() {
                        return None;
                    }
                }
            }
        }
        for v in fx {
            m = m.max(v.abs());
        }
        m.is_finite().then_some(Self {
            tol: (m + 1.0) * 1e-9,
        })
    }

    /// `Some(order)` of two exact numbers known only by floats within
    /// `tol` of them, when the floats decide it.
    fn order(self, a: f64, b: f64) -> Option<std::cmp::Ordering> {
        if a < b - 2.0 * self.tol {
            Some(std::cmp::Ordering::Less)
        } else if a > b + 2.0 * self.tol {
            Some(std::cmp::Ordering::Greater)
        } else {
            None
        }
    }
}

/// The exact order of `a` and `b`, by their floats `fa`, `fb` when
/// `sep` decides it.
fn compare(
    sep: Option<Separation>,
    a: &BigRational,
    fa: f64,
    b: &BigRational,
    fb: f64,
) -> std::cmp::Ordering {
    sep.and_then(|sep| sep.order(fa, fb))
        .unwrap_or_else(|| a.cmp(b))
}

/// A starting policy from value iteration in `f64` (from 0, `sweeps`
/// sweeps, the first best action within 1e-12): only a guess, which
/// [`solve`] improves and certifies exactly; it saves exact rounds.
#[must_use]
pub fn float_guess(game: &StochasticGame, sweeps: usize) -> Vec<usize> {
    let actions = float_game(game);
    let value = float_value;
    let mut x = vec![0.0; game.states.len()];
    for _ in 0..sweeps {
        for s in 0..x.len() {
            x[s] = actions[s]
                .iter()
                .map(|a| value(a, &x))
                .fold(f64::NEG_INFINITY, f64::max);
        }
    }
    (0..x.len())
        .map(|s| {
            let vals: Vec<f64> = actions[s].iter().map(|a| value(a, &x)).collect();
            let best = vals.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            vals.iter().position(|v| *v >= best - 1e-12).unwrap_or(0)
        })
        .collect()
}

/// Solves `game` exactly by strategy iteration from `start` (an action per
/// state, e.g. from a float guess; `None`: the first action everywhere),
/// and checks the result with [`verify`].
///
/// # Errors
/// A malformed game, or no settled policy within [`MAX_ROUNDS`] rounds.
pub fn solve(game: &StochasticGame, start: Option<Vec<usize>>) -> Result<Solution, GameError> {
    validate(game)?;
    let n = game.states.len();
    let mut policy = match start {
        Some(p) if p.len() == n && (0..n).all(|s| p[s] < game.states[s].len()) => p,
        _ => vec![0; n],
    };
    let fgame = float_game(game);
    for rounds in 1..=MAX_ROUNDS {
        let values = evaluate(game, &policy);
        let fx: Vec<f64> = values.iter().map(to_f64).collect();
        let sep = Separation::new(&fgame, &fx);
        let mut switched = false;
        for (s, (actions, chosen)) in game.states.iter().zip(policy.iter_mut()).enumerate() {
            // The first action of the greatest exact value, if it beats
            // the chosen one; the exact best is computed only for a near
            // tie (`best` is `None` until then).
            let mut best: Option<BigRational> = None;
            let mut best_f = float_value(&fgame[s][*chosen], &fx);
            for (i, a) in actions.iter().enumerate() {
                if i == *chosen {
                    continue;
                }
                let f = float_value(&fgame[s][i], &fx);
                let better = match sep.and_then(|sep| sep.order(f, best_f)) {
                    Some(order) => {
                        if order.is_gt() {
                            best = None;
                        }
                        order.is_gt()
                    }
                    None => {
                        let b =
                            best.get_or_insert_with(|| action_value(&actions[*chosen], &values));
                        let v = action_value(a, &values);
                        let gt = v > *b;
                        if gt {
                            *b = v;
                        }
                        gt
                    }
                };
                if better {
                    best_f = f;
                    *chosen = i;
                    switched = true;
                }
            }
        }
        if switched {
            continue;
        }
        if let Some(trap) = find_trap(game, &policy, &values) {
            for (s, a) in trap {
                policy[s] = a;
            }
            continue;
        }
        debug_assert!(verify(game, &policy, &values));
        return Ok(Solution {
            values,
            policy,
            rounds,
        });
    }
    Err(GameError::NoFixedPoint)
}

/// The draw probability of every state under optimal play, as an interval
/// over optimal plans (see [`draw_range`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DrawRange {
    /// `low[s]`: the least draw probability from `s` over pairs of optimal
    /// plans.
    pub low: Vec<BigRational>,
    /// `high[s]`: the greatest.
    pub high: Vec<BigRational>,
    /// An optimal plan (an action per state) that, played by both, gives
    /// `low` from every state.
    pub low_policy: Vec<usize>,
    /// One that gives `high`.
    pub high_policy: Vec<usize>,
}

/// Why a draw interval could not be given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DrawError {
    /// The game is malformed, or an auxiliary problem did not settle.
    Game(GameError),
    /// `values` are not the game's values (their length, or a state none
    /// of whose actions achieves its value).
    NotTheValues(usize),
    /// The extreme plan found is not optimal (it lets a player keep a
    /// winning opponent inside an endless play): the bound over the kept
    /// actions is then not known to be attained by optimal plans. `true`
    /// for the maximum.
    NotCertified(bool),
}

impl std::fmt::Display for DrawError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DrawError::Game(e) => write!(f, "{e}"),
            DrawError::NotTheValues(s) => {
                write!(f, "the values given are not the game's at state {s}")
            }
            DrawError::NotCertified(high) => write!(
                f,
                "the {} draw plan found is not optimal; the draw interval is not certified",
                if *high { "maximum" } else { "minimum" }
            ),
        }
    }
}

impl std::error::Error for DrawError {}

impl From<GameError> for DrawError {
    fn from(e: GameError) -> Self {
        DrawError::Game(e)
    }
}

/// The draw probability under optimal play, made well defined (document
/// 004 R5: a game nobody ends is a draw; SPEC.md "Bounded memory: the draw
/// probability"): for each state, the least and the greatest probability
/// of a draw over pairs of **optimal** pure stationary plans, a plan being
/// optimal when it guarantees its player the value from every state.
///
/// `values` are the game's values ([`solve`]); `end_draw(s, a, b)` gives,
/// for the branch `b` of action `a` at `s` that is an [`Branch::End`], the
/// least and the greatest draw probability of what follows that end (0 for
/// a win or a loss, 1 for a drawn end, an interval for play going on in
/// another game solved before, whose plans do not interact with these).
///
/// # Algorithm
/// - **Kept actions** K(s): those whose value is `values[s]`. A plan
///   outside K at some state loses value there (the opponent's optimal plan
///   holds it to the action's value), so optimal plans live in K.
/// - **Minimum**: both players choose in K to avoid draws, a single
///   controller: maximise the probability of a decisive end (an end's
///   decisive mass is 1 − its least draw probability), endless play 0, i.e.
///   counted as a draw. Solved by [`solve`] on the game whose branches all
///   keep the mover (its values are ≥ 0, so no trap exists and strategy
///   iteration's fixed point is the least non-negative solution, the
///   optimum).
/// - **Maximum**: the same maximising draws, but an endless play counts as
///   a draw only inside the set `Z∞` of states of value 0 (a draw, ½)
///   from which kept actions can keep the play in `Z∞` for ever (the
///   greatest such set): there a virtual action "stay" pays 1. Elsewhere
///   endless play counts 0, so the maximiser never gains by a loop at a
///   state of value ≠ 0, where an optimal pair cannot loop (it must realise
///   a value ≠ 0, and endless play pays 0).
/// - **Certificate**: each extreme plan (the virtual stay replaced by a
///   kept action that stays in `Z∞`) is checked with [`verify`]: its
///   equations give `values`, and no trap, so the plan is optimal for
///   both players; and its draw probability, evaluated exactly, is the
///   bound. The bounds are over every pair in K (the joint problem on the
///   game with A's and B's states apart is the same single-controller
///   problem lifted, with the same values), a superset of the optimal
///   pairs, and each is attained by an optimal pair, so they are the least
///   and greatest over optimal pairs. When a check fails, the error says
///   which bound is not certified (never met on the Memory variants;
///   tested against enumeration on small random games).
///
/// Complexity: two strategy iterations on the kept actions (each as in
/// [`solve`]) and O(E·|Z|) for `Z∞`.
///
/// # Errors
/// [`DrawError`]: malformed game, values not the game's, an auxiliary
/// iteration that does not settle, or a bound not certified.
pub fn draw_range(
    game: &StochasticGame,
    values: &[BigRational],
    end_draw: &dyn Fn(usize, usize, usize) -> (BigRational, BigRational),
) -> Result<DrawRange, DrawError> {
    validate(game)?;
    let n = game.states.len();
    if values.len() != n {
        return Err(DrawError::NotTheValues(n));
    }
    let fgame = float_game(game);
    let fx: Vec<f64> = values.iter().map(to_f64).collect();
    let sep = Separation::new(&fgame, &fx);
    let mut kept: Vec<Vec<usize>> = Vec::with_capacity(n);
    for (s, actions) in game.states.iter().enumerate() {
        // An action whose float value is far from the state's is not kept
        // ([`Separation`]); the others are decided exactly.
        let k: Vec<usize> = (0..actions.len())
            .filter(|&a| {
                sep.and_then(|sep| sep.order(float_value(&fgame[s][a], &fx), fx[s]))
                    .is_none()
                    && action_is(&actions[a], values, &values[s])
            })
            .collect();
        if k.is_empty() {
            return Err(DrawError::NotTheValues(s));
        }
        kept.push(k);
    }
    // Z∞: value-0 states where kept actions can keep the play for ever.
    let mut stay: Vec<bool> = values.iter().map(Zero::is_zero).collect();
    let stays_in = |stay: &[bool], action: &Action| {
        action.0.iter().all(|(_, o)| match o {
            Branch::End(_) => false,
            Branch::Mine(t) | Branch::Theirs(t) => stay[*t as usize],
        })
    };
    loop {
        let mut changed = false;
        for s in 0..n {
            if stay[s] && !kept[s].iter().any(|&a| stays_in(&stay, &game.states[s][a])) {
                stay[s] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    // The single-controller game over the kept actions, an end paying
    // `pay(s, a, b)`.
    let controller =
        |pay: &dyn Fn(usize, usize, usize) -> BigRational, extra: bool| StochasticGame {
            states: (0..n)
                .map(|s| {
                    let mut list: Vec<Action> = kept[s]
                        .iter()
                        .map(|&a| {
                            Action(
                                game.states[s][a]
                                    .0
                                    .iter()
                                    .enumerate()
                                    .map(|(b, (p, o))| {
                                        let o = match o {
                                            Branch::End(_) => Branch::End(pay(s, a, b)),
                                            Branch::Mine(t) | Branch::Theirs(t) => Branch::Mine(*t),
                                        };
                                        (p.clone(), o)
                                    })
                                    .collect(),
                            )
                        })
                        .collect();
                    if extra && stay[s] {
                        list.push(Action(vec![(
                            BigRational::one(),
                            Branch::End(BigRational::one()),
                        )]));
                    }
                    list
                })
                .collect(),
        };
    let decisive = |s: usize, a: usize, b: usize| BigRational::one() - end_draw(s, a, b).0;
    let drawn = |s: usize, a: usize, b: usize| end_draw(s, a, b).1;
    let low_game = controller(&decisive, false);
    let low_sol = solve(&low_game, Some(float_guess(&low_game, 200)))?;
    let low: Vec<BigRational> = low_sol
        .values
        .iter()
        .map(|w| BigRational::one() - w)
        .collect();
    let low_policy: Vec<usize> = (0..n).map(|s| kept[s][low_sol.policy[s]]).collect();
    let high_game = controller(&drawn, true);
    let high_sol = solve(&high_game, Some(float_guess(&high_game, 200)))?;
    let high_policy: Vec<usize> = (0..n)
        .map(|s| match kept[s].get(high_sol.policy[s]) {
            Some(&a) => a,
            None => *kept[s]
                .iter()
                .find(|&&a| stays_in(&stay, &game.states[s][a]))
                .expect("a state of Z∞ has a staying action"),
        })
        .collect();
    // Certificates: each plan optimal for both players: its equations
    // give `values` and no trap exists (then its closed endless classes lie
    // at value 0, so `values` are its own values, as in [`verify`]; the
    // exact evaluation is not repeated). The least is the plan's own draw
    // probability by construction (the same game, the same plan); the
    // greatest is too unless a virtual stay was chosen, then it is checked.
    let optimal = |policy: &[usize]| {
        (0..n).all(|s| action_is(&game.states[s][policy[s]], values, &values[s]))
            && find_trap(game, policy, values).is_none()
    };
    if !optimal(&low_policy) {
        return Err(DrawError::NotCertified(false));
    }
    if !optimal(&high_policy) {
        return Err(DrawError::NotCertified(true));
    }
    if (0..n).any(|s| high_sol.policy[s] >= kept[s].len()) {
        let once = StochasticGame {
            states: (0..n)
                .map(|s| {
                    let a = high_policy[s];
                    vec![Action(
                        game.states[s][a]
                            .0
                            .iter()
                            .enumerate()
                            .map(|(b, (p, o))| {
                                let o = match o {
                                    Branch::End(_) => {
                                        Branch::End(BigRational::one() - end_draw(s, a, b).1)
                                    }
                                    Branch::Mine(t) | Branch::Theirs(t) => Branch::Mine(*t),
                                };
                                (p.clone(), o)
                            })
                            .collect(),
                    )]
                })
                .collect(),
        };
        let draws: Vec<BigRational> = evaluate(&once, &vec![0; n])
            .into_iter()
            .map(|w| BigRational::one() - w)
            .collect();
        if draws != high_sol.values {
            return Err(DrawError::NotCertified(true));
        }
    }
    Ok(DrawRange {
        low,
        high: high_sol.values,
        low_policy,
        high_policy,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigInt;

    fn q(a: i64, b: i64) -> BigRational {
        BigRational::new(BigInt::from(a), BigInt::from(b))
    }

    /// The value by brute force: every pair of pure stationary policies of
    /// the absolute game (A at copies `s`, B at copies `n + s`), A's
    /// max-min of the exact evaluation.
    fn brute(game: &StochasticGame) -> Vec<BigRational> {
        let n = game.states.len();
        let counts: Vec<usize> = game.states.iter().map(Vec::len).collect();
        let all = |counts: &[usize]| -> Vec<Vec<usize>> {
            let mut out = vec![vec![]];
            for &c in counts {
                out = out
                    .into_iter()
                    .flat_map(|p| (0..c).map(move |i| [p.clone(), vec![i]].concat()))
                    .collect();
            }
            out
        };
        let policies = all(&counts);
        let mut best: Option<Vec<BigRational>> = None;
        for pa in &policies {
            let mut worst: Option<Vec<BigRational>> = None;
            for pb in &policies {
                // Negamax evaluation of the two-policy profile on 2n nodes.
                let mut g = StochasticGame::default();
                for side in 0..2 {
                    for s in 0..n {
                        let a = &game.states[s][if side == 0 { pa[s] } else { pb[s] }];
                        let other = (1 - side) * n;
                        let own = side * n;
                        let branches =
                            a.0.iter()
                                .map(|(p, o)| {
                                    let o = match o {
                                        Branch::End(x) => Branch::End(x.clone()),
                                        Branch::Mine(t) => Branch::Mine((own + *t as usize) as u32),
                                        Branch::Theirs(t) => {
                                            Branch::Theirs((other + *t as usize) as u32)
                                        }
                                    };
                                    (p.clone(), o)
                                })
                                .collect();
                        g.states.push(vec![Action(branches)]);
                    }
                }
                let v = evaluate(&g, &vec![0; 2 * n]);
                // A's payoff from every start: A moving at s is v[s].
                let va: Vec<BigRational> = v[..n].to_vec();
                worst = Some(match worst {
                    None => va,
                    Some(w) => w.into_iter().zip(va).map(|(a, b)| a.min(b)).collect(),
                });
            }
            let w = worst.expect("one policy");
            best = Some(match best {
                None => w,
                Some(b) => b.into_iter().zip(w).map(|(a, b)| a.max(b)).collect(),
            });
        }
        best.expect("one policy")
    }

    fn random_game(rng: &mut fastrand::Rng, n: usize) -> StochasticGame {
        let mut g = StochasticGame::default();
        for _ in 0..n {
            let actions = rng.usize(1..=2);
            let mut list = Vec::new();
            for _ in 0..actions {
                let branches = rng.usize(1..=2);
                let mut weights: Vec<i64> = (0..branches).map(|_| rng.i64(1..=3)).collect();
                let total: i64 = weights.iter().sum();
                let mut bs = Vec::new();
                for w in weights.drain(..) {
                    let o = match rng.usize(0..5) {
                        0 => Branch::End(q(rng.i64(-2..=2), 2)),
                        1 => Branch::Mine(rng.u32(0..n as u32)),
                        _ => Branch::Theirs(rng.u32(0..n as u32)),
                    };
                    bs.push((q(w, total), o));
                }
                list.push(Action(bs));
            }
            g.states.push(list);
        }
        g
    }

    #[test]
    fn matches_brute_force_on_random_small_games() {
        let mut rng = fastrand::Rng::with_seed(25);
        for round in 0..300 {
            let n = 1 + round % 4;
            let g = random_game(&mut rng, n);
            let sol = solve(&g, None).expect("solves");
            assert!(verify(&g, &sol.policy, &sol.values));
            // The brute force's A-max over A's stationary policies may tie
            // to a Mine self-loop; the value is what counts.
            assert_eq!(sol.values, brute(&g), "game {g:?}");
            let guided = solve(&g, Some(float_guess(&g, 50))).expect("solves");
            assert_eq!(guided.values, sol.values);
        }
    }

    /// Every pure stationary plan of a game (an action per state).
    fn plans(game: &StochasticGame) -> Vec<Vec<usize>> {
        let mut out = vec![vec![]];
        for list in &game.states {
            out = out
                .into_iter()
                .flat_map(|p| (0..list.len()).map(move |i| [p.clone(), vec![i]].concat()))
                .collect();
        }
        out
    }

    /// A plays `pa`, B plays `pb`, on 2n states (A moving at `s`, B at
    /// `n + s`); an end pays `pay(s, a, b, payoff)`, and every branch keeps
    /// or hands over as in the game (`mine_only`: every branch is `Mine`,
    /// for probabilities rather than payoffs).
    fn pair(
        game: &StochasticGame,
        pa: &[usize],
        pb: &[usize],
        pay: &dyn Fn(&BigRational) -> BigRational,
        mine_only: bool,
    ) -> Vec<BigRational> {
        let n = game.states.len();
        let mut g = StochasticGame::default();
        for side in 0..2 {
            for s in 0..n {
                let a = &game.states[s][if side == 0 { pa[s] } else { pb[s] }];
                let branches =
                    a.0.iter()
                        .map(|(p, o)| {
                            let o = match o {
                                Branch::End(x) => Branch::End(pay(x)),
                                Branch::Mine(t) => Branch::Mine((side * n + *t as usize) as u32),
                                Branch::Theirs(t) if mine_only => {
                                    Branch::Mine(((1 - side) * n + *t as usize) as u32)
                                }
                                Branch::Theirs(t) => {
                                    Branch::Theirs(((1 - side) * n + *t as usize) as u32)
                                }
                            };
                            (p.clone(), o)
                        })
                        .collect();
                g.states.push(vec![Action(branches)]);
            }
        }
        evaluate(&g, &vec![0; 2 * n])
    }

    /// The draw interval by enumeration: a plan is optimal for A if against
    /// every plan of B it gives A at least the value from every state (and
    /// the same for B); the least and greatest draw probability (endless
    /// play a draw, an end of payoff 0 a draw) over pairs of optimal plans,
    /// A moving first at each state.
    fn brute_draws(
        game: &StochasticGame,
        values: &[BigRational],
    ) -> (Vec<BigRational>, Vec<BigRational>) {
        let n = game.states.len();
        let all = plans(game);
        let same = |x: &BigRational| x.clone();
        let good_a: Vec<&Vec<usize>> = all
            .iter()
            .filter(|pa| {
                all.iter().all(|pb| {
                    let v = pair(game, pa, pb, &same, false);
                    (0..n).all(|s| v[s] >= values[s])
                })
            })
            .collect();
        let good_b: Vec<&Vec<usize>> = all
            .iter()
            .filter(|pb| {
                all.iter().all(|pa| {
                    let v = pair(game, pa, pb, &same, false);
                    (0..n).all(|s| v[n + s] >= values[s])
                })
            })
            .collect();
        let decisive = |x: &BigRational| {
            if x.is_zero() {
                BigRational::zero()
            } else {
                BigRational::one()
            }
        };
        let mut low: Vec<Option<BigRational>> = vec![None; n];
        let mut high: Vec<Option<BigRational>> = vec![None; n];
        for pa in &good_a {
            for pb in &good_b {
                let w = pair(game, pa, pb, &decisive, true);
                for s in 0..n {
                    let d = BigRational::one() - &w[s];
                    if low[s].as_ref().map_or(true, |l| d < *l) {
                        low[s] = Some(d.clone());
                    }
                    if high[s].as_ref().map_or(true, |h| d > *h) {
                        high[s] = Some(d);
                    }
                }
            }
        }
        let done = |v: Vec<Option<BigRational>>| {
            v.into_iter().map(|x| x.expect("an optimal pair")).collect()
        };
        (done(low), done(high))
    }

    #[test]
    fn draw_range_matches_enumeration_of_optimal_plan_pairs() {
        let mut rng = fastrand::Rng::with_seed(123);
        let (mut certified, mut refused, mut wide) = (0, 0, 0);
        for round in 0..300 {
            let n = 1 + round % 4;
            let g = random_game(&mut rng, n);
            let sol = solve(&g, None).expect("solves");
            let end_draw = |s: usize, a: usize, b: usize| {
                let d = match &g.states[s][a].0[b].1 {
                    Branch::End(x) if x.is_zero() => BigRational::one(),
                    _ => BigRational::zero(),
                };
                (d.clone(), d)
            };
            let (low, high) = brute_draws(&g, &sol.values);
            match draw_range(&g, &sol.values, &end_draw) {
                Ok(r) => {
                    assert_eq!(r.low, low, "least draw, game {g:?}");
                    assert_eq!(r.high, high, "greatest draw, game {g:?}");
                    certified += 1;
                    if r.low != r.high {
                        wide += 1;
                    }
                }
                Err(DrawError::NotCertified(_)) => refused += 1,
                Err(e) => panic!("{e}"),
            }
        }
        eprintln!("draw_range: {certified} certified ({wide} with low < high), {refused} refused");
        assert!(certified >= 250, "{certified} certified, {refused} refused");
        assert!(
            wide > 0,
            "no game with low < high: the test sees no interval"
        );
    }

    #[test]
    fn endless_cycle_is_worth_zero_and_a_loser_keeps_it() {
        // State 0: stay for ever (hand over to 0) or end losing −1.
        let g = StochasticGame {
            states: vec![vec![
                Action(vec![(q(1, 1), Branch::End(q(-1, 1)))]),
                Action(vec![(q(1, 1), Branch::Theirs(0))]),
            ]],
        };
        let sol = solve(&g, None).expect("solves");
        assert_eq!(sol.values, vec![q(0, 1)]);
        // With a same-mover self-loop x = max(−1, x) holds for every
        // x ≥ −1: only the trap check refuses the end at −1.
        let g = StochasticGame {
            states: vec![vec![
                Action(vec![(q(1, 1), Branch::End(q(-1, 1)))]),
                Action(vec![(q(1, 1), Branch::Mine(0))]),
            ]],
        };
        let sol = solve(&g, None).expect("solves");
        assert_eq!(sol.values, vec![q(0, 1)]);
        assert!(!verify(&g, &[0], &[q(-1, 1)]));
    }

    #[test]
    fn malformed_games_are_refused() {
        let g = StochasticGame {
            states: vec![vec![]],
        };
        assert_eq!(solve(&g, None), Err(GameError::NoAction(0)));
        let g = StochasticGame {
            states: vec![vec![Action(vec![(q(1, 2), Branch::Theirs(0))])]],
        };
        assert_eq!(solve(&g, None), Err(GameError::NotADistribution(0)));
        let g = StochasticGame {
            states: vec![vec![Action(vec![(q(1, 1), Branch::Theirs(3))])]],
        };
        assert_eq!(solve(&g, None), Err(GameError::OutOfRange(0)));
    }
}
