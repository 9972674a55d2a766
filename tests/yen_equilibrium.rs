//! Exact equilibria of scaled 10,000-yen games (document 000, issue 5): the
//! naive history recursion and the optimized DP agree on every state, the
//! registry's claims pass, best responses agree, the CLI behaves.

mod common;

use num_rational::BigRational;
use proptest::prelude::*;
use solved_games::games::yen::naive;
use solved_games::games::yen::optimized::{reachable_states, Solver, State};
use solved_games::games::yen::rules::Rules;
use std::collections::{HashMap, HashSet};

/// Runs the naive recursion and checks every state it reaches against the
/// optimized DP; returns the number of distinct states reached.
fn naive_agrees_everywhere(rules: Rules) -> usize {
    let mut solver = Solver::new();
    let mut seen: HashMap<State, BigRational> = HashMap::new();
    let start = naive::value_visiting(rules, &mut |state, value| {
        assert_eq!(&solver.value(state), value, "{rules:?} at state {state}");
        if let Some(old) = seen.insert(state, value.clone()) {
            assert_eq!(
                &old, value,
                "two histories reach {state} with different values"
            );
        }
    });
    assert_eq!(start, Solver::new().value(State::start(rules)));
    seen.len()
}

#[test]
fn naive_and_optimized_agree_on_every_state_of_small_games() {
    for (total, rounds) in [
        (1, 1),
        (3, 1),
        (2, 2),
        (6, 2),
        (3, 3),
        (5, 3),
        (2, 4),
        (3, 4),
        (4, 4),
        (2, 5),
    ] {
        let rules = Rules { total, rounds };
        let states = naive_agrees_everywhere(rules);
        assert_eq!(states, reachable_states(State::start(rules)), "{rules:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn naive_and_optimized_agree_on_random_small_games(total in 0u64..=5, rounds in 1u32..=3) {
        naive_agrees_everywhere(Rules { total, rounds });
    }

    #[test]
    fn value_is_antisymmetric_under_swapping_players(
        total in 1u64..=7, rounds in 2u32..=4, spend_a in 0u64..=7, spend_b in 0u64..=7, d in -14i64..=14
    ) {
        // Any consistent mid-match state: its mirror has the negated value,
        // checked with a fresh solver for each so no memo entry is shared.
        let state = State { rounds_left: rounds - 1, money_a: total - spend_a.min(total),
            money_b: total - spend_b.min(total), gain_diff: d };
        prop_assume!(state.check(Rules { total, rounds }).is_ok());
        let v = Solver::new().value(state);
        prop_assert_eq!(Solver::new().value(state.swapped()), -v);
    }
}

#[test]
fn round_equilibria_are_certified_on_every_reachable_state() {
    use solved_games::solve::matrix_game::{column_ceiling, row_guarantee};
    let rules = Rules {
        total: 6,
        rounds: 4,
    };
    let mut solver = Solver::new();
    let mut seen = HashSet::new();
    let mut stack = vec![State::start(rules)];
    while let Some(s) = stack.pop() {
        if s.rounds_left == 0 || !seen.insert(s) {
            continue;
        }
        let eq = solver.round_equilibrium(s);
        assert_eq!(eq.value, solver.value(s), "{s}");
        let matrix = solver.successor_matrix(s);
        let full =
            |bets: std::ops::RangeInclusive<u64>, st: &[(u64, BigRational)]| -> Vec<BigRational> {
                bets.map(|b| {
                    st.iter()
                        .find(|(x, _)| *x == b)
                        .map_or_else(num_traits::Zero::zero, |(_, p)| p.clone())
                })
                .collect()
            };
        let p = full(s.bets(s.money_a), &eq.strategy_a);
        let q = full(s.bets(s.money_b), &eq.strategy_b);
        assert!(row_guarantee(&matrix, &p) >= eq.value, "{s}");
        assert!(column_ceiling(&matrix, &q) <= eq.value, "{s}");
        for x in s.bets(s.money_a) {
            for y in s.bets(s.money_b) {
                stack.push(s.after(x, y));
            }
        }
    }
}
