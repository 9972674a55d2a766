//! A second, independently written evaluator for [`super::endless_mdp`]'s
//! problems, for small ones: every pure stationary policy of the responder
//! is enumerated, the Markov chain it leaves is solved exactly (Gaussian
//! elimination over `BigRational`) and the least value is kept.
//!
//! A finite problem with payoffs at the ends and 0 for endless play is a
//! limit-average problem (each end an absorbing state paying its payoff at
//! every step, every other state 0), for which a pure stationary policy is
//! optimal; so the minimum over the enumerated policies is `v*`. In the
//! chain of one policy, a state from which no end is reachable keeps the
//! play going for ever (value 0); the others satisfy
//! `v(s) = Σ p(s, t) v(t)` with a unique solution, since from each of them
//! the play leaves that set with positive probability.
//!
//! Exponential in the number of choice states; for tests only (a few
//! thousand policies).

use super::endless_mdp::Node;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};

/// The value of every state under the pure stationary policy `choice`
/// (`choice[s]` = the index of the move taken at a choice state `s`).
#[must_use]
pub fn chain_values(nodes: &[Node], choice: &[usize]) -> Vec<BigRational> {
    let n = nodes.len();
    // Successors with probabilities under the policy.
    let succ: Vec<Vec<(BigRational, usize)>> = nodes
        .iter()
        .enumerate()
        .map(|(s, node)| match node {
            Node::End(_) => Vec::new(),
            Node::Choice(next) => vec![(BigRational::one(), next[choice[s]] as usize)],
            Node::Chance(b) => {
                let total: u64 = b.iter().map(|&(w, _)| w).sum();
                b.iter()
                    .map(|&(w, t)| {
                        (
                            BigRational::new(BigInt::from(w), BigInt::from(total)),
                            t as usize,
                        )
                    })
                    .collect()
            }
        })
        .collect();
    // Which states reach an end (fixed point of "some successor does").
    let mut reaches: Vec<bool> = nodes.iter().map(|x| matches!(x, Node::End(_))).collect();
    loop {
        let mut changed = false;
        for s in 0..n {
            if !reaches[s] && succ[s].iter().any(|&(_, t)| reaches[t]) {
                reaches[s] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    // Unknowns: the non-end states that reach an end.
    let unknowns: Vec<usize> = (0..n)
        .filter(|&s| reaches[s] && !matches!(nodes[s], Node::End(_)))
        .collect();
    let mut column = vec![usize::MAX; n];
    for (i, &s) in unknowns.iter().enumerate() {
        column[s] = i;
    }
    let m = unknowns.len();
    // Rows: v(s) − Σ_{t unknown} p v(t) = Σ_{t end} p payoff(t).
    let mut a = vec![vec![BigRational::zero(); m + 1]; m];
    for (i, &s) in unknowns.iter().enumerate() {
        a[i][i] += BigRational::one();
        for (p, t) in &succ[s] {
            match &nodes[*t] {
                Node::End(pay) => a[i][m] += p * pay,
                _ if column[*t] != usize::MAX => a[i][column[*t]] -= p,
                _ => {} // never ends: pays 0
            }
        }
    }
    for col in 0..m {
        let pivot = (col..m)
            .find(|&r| !a[r][col].is_zero())
            .expect("the system of a chain that reaches its ends is regular");
        a.swap(col, pivot);
        let inv = BigRational::one() / a[col][col].clone();
        for x in a[col].iter_mut() {
            *x *= &inv;
        }
        for r in 0..m {
            if r != col && !a[r][col].is_zero() {
                let f = a[r][col].clone();
                let pivot_row = a[col].clone();
                for (x, y) in a[r].iter_mut().zip(&pivot_row).skip(col) {
                    *x -= &f * y;
                }
            }
        }
    }
    (0..n)
        .map(|s| match &nodes[s] {
            Node::End(p) => p.clone(),
            _ if column[s] != usize::MAX => a[column[s]][m].clone(),
            _ => BigRational::zero(),
        })
        .collect()
}

/// `v*` at every state: the least value over every pure stationary policy.
/// `None` if there are more than `limit` policies.
#[must_use]
pub fn values(nodes: &[Node], limit: u64) -> Option<Vec<BigRational>> {
    let sizes: Vec<usize> = nodes
        .iter()
        .map(|x| match x {
            Node::Choice(next) => next.len(),
            _ => 1,
        })
        .collect();
    let mut count: u64 = 1;
    for &k in &sizes {
        count = count.checked_mul(k as u64)?;
        if count > limit {
            return None;
        }
    }
    let mut choice = vec![0usize; nodes.len()];
    let mut best: Option<Vec<BigRational>> = None;
    loop {
        let v = chain_values(nodes, &choice);
        best = Some(match best {
            None => v,
            Some(b) => b.into_iter().zip(v).map(|(x, y)| x.min(y)).collect(),
        });
        // Next policy (odometer).
        let mut i = 0;
        loop {
            if i == choice.len() {
                return best;
            }
            choice[i] += 1;
            if choice[i] < sizes[i] {
                break;
            }
            choice[i] = 0;
            i += 1;
        }
    }
}
