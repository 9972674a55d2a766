//! A second evaluator of the judge's problems, written apart from
//! [`crate::solve::endless_mdp`]: the purple strategies judged here are
//! deterministic except at the very end (a random capture whose branches
//! all end the play), so every chance node is an average of ends and can
//! be folded into one exact end. What is left is a graph where the
//! responder picks a path: its value is the least end it can reach, or 0
//! if it can reach a cycle and every reachable end is positive — plain
//! reachability, no iteration, no rounding.

use crate::solve::endless_mdp::Node;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Zero;

/// The responder's value from `root`, exactly; `None` if a chance node has
/// a branch that does not end the play (then this evaluator does not apply).
#[must_use]
pub fn value(nodes: &[Node], root: u32) -> Option<BigRational> {
    // Exact value of an end or of a chance node over ends.
    let end_value = |i: usize| -> Option<Option<BigRational>> {
        match &nodes[i] {
            Node::End(v) => Some(Some(v.clone())),
            Node::Chance(b) => {
                let total: u64 = b.iter().map(|&(w, _)| w).sum();
                let mut sum = BigRational::zero();
                for &(w, t) in b {
                    let Node::End(v) = &nodes[t as usize] else {
                        return None;
                    };
                    sum += v * BigRational::new(BigInt::from(w), BigInt::from(total));
                }
                Some(Some(sum))
            }
            Node::Choice(_) => Some(None),
        }
    };
    // Depth-first search over the reachable choice states, with colours to
    // find a cycle (a back edge).
    let n = nodes.len();
    let mut colour = vec![0u8; n]; // 0 new, 1 on the path, 2 done
    let mut best: Option<BigRational> = None;
    let mut cycle = false;
    let mut stack: Vec<(usize, usize)> = vec![(root as usize, 0)];
    colour[root as usize] = 1;
    while let Some(&mut (v, ref mut i)) = stack.last_mut() {
        let Node::Choice(next) = &nodes[v] else {
            // The root itself is an end.
            let e = end_value(v)??;
            return Some(e);
        };
        if *i == next.len() {
            colour[v] = 2;
            stack.pop();
            continue;
        }
        let t = next[*i] as usize;
        *i += 1;
        match end_value(t)? {
            Some(e) => {
                best = Some(match best {
                    Some(b) if b <= e => b,
                    _ => e,
                });
            }
            None => match colour[t] {
                0 => {
                    colour[t] = 1;
                    stack.push((t, 0));
                }
                1 => cycle = true,
                _ => {}
            },
        }
    }
    let zero = BigRational::zero();
    Some(match (best, cycle) {
        (Some(b), true) => b.min(zero),
        (Some(b), false) => b,
        (None, _) => zero,
    })
}
