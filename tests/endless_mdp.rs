//! The judge of fixed strategies (`solve::endless_mdp`): hand-made problems
//! with known values, and random small problems where the certified
//! enclosure must contain the value found by the independent evaluator
//! (`solve::endless_mdp_naive`: every pure policy, exact chain solves).

use num_bigint::BigInt;
use num_rational::BigRational;
use solved_games::solve::endless_mdp::{
    bounds, check_lower, maximal_end_components, negated, payoff, safe_set, Node,
};
use solved_games::solve::endless_mdp_naive;

const SCALE: i64 = 1 << 40;

fn r(n: i64, d: i64) -> BigRational {
    payoff(n, d)
}

#[test]
fn staying_for_ever_pays_zero_to_the_responder() {
    // 0: choice {stay on the cycle 0↔1, go to +1}; 1: choice {0}; 2: end +1.
    let nodes = vec![
        Node::Choice(vec![1, 2]),
        Node::Choice(vec![0]),
        Node::End(r(1, 1)),
    ];
    let b = bounds(&nodes, SCALE, 1000).unwrap();
    assert_eq!((b.lo(0), b.hi(0)), (r(0, 1), r(0, 1)));
    assert!(check_lower(&nodes, SCALE, &b.lower));
    // A lower bound of 1/2 at the cycle is not a certificate (u ≤ 0 on the safe set).
    let mut bad = b.lower.clone();
    bad[0] = SCALE / 2;
    bad[1] = SCALE / 2;
    assert!(!check_lower(&nodes, SCALE, &bad));
    assert_eq!(safe_set(&nodes), vec![true, true, false]);
    let mec = maximal_end_components(&nodes);
    assert!(mec[0] == mec[1] && mec[0] != u32::MAX && mec[2] == u32::MAX);
}

#[test]
fn the_responder_prefers_a_win_to_the_cycle() {
    // As above with −1 instead of +1: the greatest fixed point is −1, and the
    // upward iteration must leave −1 only where it should (the end component
    // takes its best exit).
    let nodes = vec![
        Node::Choice(vec![1, 2]),
        Node::Choice(vec![0]),
        Node::End(r(-1, 1)),
    ];
    let b = bounds(&nodes, SCALE, 1000).unwrap();
    assert_eq!((b.lo(0), b.hi(0), b.lo(1)), (r(-1, 1), r(-1, 1), r(-1, 1)));
}

#[test]
fn a_chance_loop_ends_with_probability_one() {
    // 0: chance ½ back to 0, ½ to +1/3: value 1/3 (the play ends almost surely).
    let nodes = vec![Node::Chance(vec![(1, 0), (1, 1)]), Node::End(r(1, 3))];
    let b = bounds(&nodes, SCALE, 10_000).unwrap();
    assert!(b.lo(0) <= r(1, 3) && r(1, 3) <= b.hi(0));
    assert!(b.hi(0) - b.lo(0) <= r(8, SCALE));
    assert!(check_lower(&nodes, SCALE, &b.lower));
}

#[test]
fn a_gamble_the_responder_cannot_refuse() {
    // The responder picks between two gambles: ½·(+1) + ½·(−1) = 0 and
    // ⅓·(+1) + ⅔·(−1) = −1/3; it takes the second.
    let nodes = vec![
        Node::Choice(vec![1, 2]),
        Node::Chance(vec![(1, 3), (1, 4)]),
        Node::Chance(vec![(1, 3), (2, 4)]),
        Node::End(r(1, 1)),
        Node::End(r(-1, 1)),
    ];
    let b = bounds(&nodes, SCALE, 1000).unwrap();
    assert!(b.lo(0) <= r(-1, 3) && r(-1, 3) <= b.hi(0));
    assert!(b.hi(0) - b.lo(0) <= r(8, SCALE));
    let naive = endless_mdp_naive::values(&nodes, 100).unwrap();
    assert_eq!(naive[0], r(-1, 3));
}

/// A random problem of `n` states with small payoffs and weights.
fn random_problem(rng: &mut fastrand::Rng, n: usize) -> Vec<Node> {
    (0..n)
        .map(|_| match rng.u32(0..10) {
            0..=2 => Node::End(r(rng.i64(-3..=3), 3)),
            3..=6 => Node::Choice(
                (0..rng.usize(1..=2))
                    .map(|_| rng.u32(0..n as u32))
                    .collect(),
            ),
            _ => Node::Chance(
                (0..rng.usize(1..=3))
                    .map(|_| (rng.u64(1..=3), rng.u32(0..n as u32)))
                    .collect(),
            ),
        })
        .collect()
}

#[test]
fn certified_enclosures_contain_the_independent_values_on_300_random_problems() {
    let mut rng = fastrand::Rng::with_seed(24);
    let mut compared = 0;
    for _ in 0..300 {
        let nodes = random_problem(&mut rng, 9);
        let Some(naive) = endless_mdp_naive::values(&nodes, 512) else {
            continue;
        };
        compared += 1;
        for problem in [nodes.clone(), negated(&nodes)] {
            let naive = if problem == nodes {
                naive.clone()
            } else {
                endless_mdp_naive::values(&problem, 512).unwrap()
            };
            let b = bounds(&problem, SCALE, 100_000).unwrap();
            assert!(check_lower(&problem, SCALE, &b.lower));
            for (s, v) in naive.iter().enumerate() {
                assert!(
                    b.lo(s) <= *v && *v <= b.hi(s),
                    "state {s}: {v} not in the enclosure"
                );
                assert!(
                    b.hi(s) - b.lo(s) <= r(1 << 20, SCALE),
                    "state {s}: enclosure too wide"
                );
            }
        }
    }
    assert!(compared >= 200, "only {compared} problems compared");
}

#[test]
fn a_raised_certificate_is_rejected() {
    let mut rng = fastrand::Rng::with_seed(7);
    let mut rejected = 0;
    for _ in 0..100 {
        let nodes = random_problem(&mut rng, 9);
        let b = bounds(&nodes, SCALE, 100_000).unwrap();
        // Raising any non-end state strictly above v* must break a check;
        // raise each by 1/3 where that exceeds the upper bound.
        for s in 0..nodes.len() {
            if matches!(nodes[s], Node::End(_)) {
                continue;
            }
            let mut u = b.lower.clone();
            u[s] = b.upper[s] + SCALE / 3;
            if u[s] <= SCALE {
                assert!(!check_lower(&nodes, SCALE, &u), "state {s} raised above v*");
                rejected += 1;
            }
        }
    }
    assert!(rejected > 100);
    let _ = BigInt::from(0);
}
