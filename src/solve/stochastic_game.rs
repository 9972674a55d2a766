//! Exact values of a turn-based zero-sum stochastic game whose plays may
//! never end, with **endless play worth 0** (document 004 R5: a game in
//! which nobody ever takes the 1s is a draw; shifted by ½ so a draw is 0).
//!
//! # The game
//! Values are from the side to move (negamax form). A state offers the
//! mover one or more [`Action`]s; an action is a chance distribution over
//! [`Outcome`]s: the play ends with a payoff to the mover ([`Outcome::End`]),
//! the same player moves again at another state ([`Outcome::Mine`]), or the
//! opponent moves at another state ([`Outcome::Theirs`], worth minus its
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

use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

/// Where one chance branch of an action leads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
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
pub struct Action(pub Vec<(BigRational, Outcome)>);

/// A game: each state's actions (at least one each).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Game {
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
pub fn validate(game: &Game) -> Result<(), GameError> {
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
                if let Outcome::Mine(t) | Outcome::Theirs(t) = o {
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

/// The value of `action` under `values`.
#[must_use]
pub fn action_value(action: &Action, values: &[BigRational]) -> BigRational {
    let mut v = BigRational::zero();
    for (p, o) in &action.0 {
        match o {
            Outcome::End(x) => v += p * x,
            Outcome::Mine(t) => v += p * &values[*t as usize],
            Outcome::Theirs(t) => v -= p * &values[*t as usize],
        }
    }
    v
}

fn successors(action: &Action) -> impl Iterator<Item = usize> + '_ {
    action.0.iter().filter_map(|(_, o)| match o {
        Outcome::Mine(t) | Outcome::Theirs(t) => Some(*t as usize),
        Outcome::End(_) => None,
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
pub fn evaluate(game: &Game, policy: &[usize]) -> Vec<BigRational> {
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
            for (p, o) in &chosen[s].0 {
                let (t, sign) = match o {
                    Outcome::End(x) => {
                        b[i] += p * x;
                        leaves = true;
                        continue;
                    }
                    Outcome::Mine(t) => (*t as usize, 1),
                    Outcome::Theirs(t) => (*t as usize, -1),
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
                    if sign > 0 {
                        b[i] += p * &values[t];
                    } else {
                        b[i] -= p * &values[t];
                    }
                }
            }
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
    game: &Game,
    policy: &[usize],
    values: &[BigRational],
) -> Option<Vec<(usize, usize)>> {
    let mut levels: Vec<&BigRational> = values.iter().filter(|v| v.is_negative()).collect();
    levels.sort();
    levels.dedup();
    for c in levels {
        let neg_c = -c.clone();
        // side: Some(true) the trapped player moves, Some(false) the opponent.
        let mut side: Vec<Option<bool>> = values
            .iter()
            .map(|v| {
                if v == c {
                    Some(true)
                } else if *v == neg_c {
                    Some(false)
                } else {
                    None
                }
            })
            .collect();
        let stays = |side: &[Option<bool>], s: usize, action: &Action| -> bool {
            let mine = side[s].expect("in the set");
            action.0.iter().all(|(_, o)| match o {
                Outcome::End(_) => false,
                Outcome::Mine(t) => side[*t as usize] == Some(mine),
                Outcome::Theirs(t) => side[*t as usize] == Some(!mine),
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
pub fn verify(game: &Game, policy: &[usize], values: &[BigRational]) -> bool {
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

/// A starting policy from value iteration in `f64` (from 0, `sweeps`
/// sweeps, the first best action within 1e-12): only a guess, which
/// [`solve`] improves and certifies exactly; it saves exact rounds.
#[must_use]
pub fn float_guess(game: &Game, sweeps: usize) -> Vec<usize> {
    use num_traits::ToPrimitive;
    let f = |x: &BigRational| x.to_f64().unwrap_or(0.0);
    let actions: Vec<Vec<Vec<FloatBranch>>> = game
        .states
        .iter()
        .map(|list| {
            list.iter()
                .map(|a| {
                    a.0.iter()
                        .map(|(p, o)| {
                            let o = match o {
                                Outcome::End(x) => Ok(f(x)),
                                Outcome::Mine(t) => Err((*t as usize, 1.0)),
                                Outcome::Theirs(t) => Err((*t as usize, -1.0)),
                            };
                            (f(p), o)
                        })
                        .collect()
                })
                .collect()
        })
        .collect();
    let value = |a: &[FloatBranch], x: &[f64]| -> f64 {
        a.iter()
            .map(|(p, o)| match o {
                Ok(v) => p * v,
                Err((t, sign)) => p * sign * x[*t],
            })
            .sum()
    };
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
pub fn solve(game: &Game, start: Option<Vec<usize>>) -> Result<Solution, GameError> {
    validate(game)?;
    let n = game.states.len();
    let mut policy = match start {
        Some(p) if p.len() == n && (0..n).all(|s| p[s] < game.states[s].len()) => p,
        _ => vec![0; n],
    };
    for rounds in 1..=MAX_ROUNDS {
        let values = evaluate(game, &policy);
        let mut switched = false;
        for (actions, chosen) in game.states.iter().zip(policy.iter_mut()) {
            let mut best = action_value(&actions[*chosen], &values);
            for (i, a) in actions.iter().enumerate() {
                let v = action_value(a, &values);
                if v > best {
                    best = v;
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
    fn brute(game: &Game) -> Vec<BigRational> {
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
                let mut g = Game::default();
                for side in 0..2 {
                    for s in 0..n {
                        let a = &game.states[s][if side == 0 { pa[s] } else { pb[s] }];
                        let other = (1 - side) * n;
                        let own = side * n;
                        let branches = a
                            .0
                            .iter()
                            .map(|(p, o)| {
                                let o = match o {
                                    Outcome::End(x) => Outcome::End(x.clone()),
                                    Outcome::Mine(t) => Outcome::Mine((own + *t as usize) as u32),
                                    Outcome::Theirs(t) => {
                                        Outcome::Theirs((other + *t as usize) as u32)
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

    fn random_game(rng: &mut fastrand::Rng, n: usize) -> Game {
        let mut g = Game::default();
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
                        0 => Outcome::End(q(rng.i64(-2..=2), 2)),
                        1 => Outcome::Mine(rng.u32(0..n as u32)),
                        _ => Outcome::Theirs(rng.u32(0..n as u32)),
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

    #[test]
    fn endless_cycle_is_worth_zero_and_a_loser_keeps_it() {
        // State 0: stay for ever (hand over to 0) or end losing −1.
        let g = Game {
            states: vec![vec![
                Action(vec![(q(1, 1), Outcome::End(q(-1, 1)))]),
                Action(vec![(q(1, 1), Outcome::Theirs(0))]),
            ]],
        };
        let sol = solve(&g, None).expect("solves");
        assert_eq!(sol.values, vec![q(0, 1)]);
        // With a same-mover self-loop x = max(−1, x) holds for every
        // x ≥ −1: only the trap check refuses the end at −1.
        let g = Game {
            states: vec![vec![
                Action(vec![(q(1, 1), Outcome::End(q(-1, 1)))]),
                Action(vec![(q(1, 1), Outcome::Mine(0))]),
            ]],
        };
        let sol = solve(&g, None).expect("solves");
        assert_eq!(sol.values, vec![q(0, 1)]);
        assert!(!verify(&g, &[0], &[q(-1, 1)]));
    }

    #[test]
    fn malformed_games_are_refused() {
        let g = Game {
            states: vec![vec![]],
        };
        assert_eq!(solve(&g, None), Err(GameError::NoAction(0)));
        let g = Game {
            states: vec![vec![Action(vec![(q(1, 2), Outcome::Theirs(0))])]],
        };
        assert_eq!(solve(&g, None), Err(GameError::NotADistribution(0)));
        let g = Game {
            states: vec![vec![Action(vec![(q(1, 1), Outcome::Theirs(3))])]],
        };
        assert_eq!(solve(&g, None), Err(GameError::OutOfRange(0)));
    }
}
