//! Exact equilibria of scaled 10,000-yen games (document 000, issue 5): the
//! naive history recursion and the optimized DP agree on every state, the
//! registry's claims pass, best responses agree, the CLI behaves.

#[macro_use]
mod common;

use num_rational::BigRational;
use proptest::prelude::*;
use solved_games::games::yen::naive;
use solved_games::games::yen::optimized::{reachable_states, Solver};
use solved_games::games::yen::rules::Rules;
use solved_games::games::yen::rules::State;
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
        (5, 4),
        (2, 5),
        (3, 5),
        (6, 4),
        (4, 5),
        (8, 3),
        (3, 6),
        (10, 3),
        (8, 4),
        (6, 5),
        (5, 6),
    ] {
        let rules = Rules { total, rounds };
        let states = naive_agrees_everywhere(rules);
        assert_eq!(states, reachable_states(State::start(rules)), "{rules:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn naive_and_optimized_agree_on_random_small_games(total in 0u64..=6, rounds in 1u32..=4) {
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

#[test]
fn every_published_yen_equilibrium_claim_passes() {
    common::assert_claims_pass(solved_games::claims::GameId::Yen);
}

mod best_responses {
    use super::*;
    use solved_games::games::yen::best_response::{
        best_response, naive_best_response, DocumentPlayer, EquilibriumOpponent, Goal,
    };
    use solved_games::solve::exact::format_ratio;

    #[test]
    fn expectimax_agrees_with_history_recursion_on_small_games() {
        for (total, rounds) in [
            (1, 1),
            (4, 1),
            (3, 2),
            (6, 2),
            (4, 3),
            (5, 3),
            (3, 4),
            (4, 4),
        ] {
            let rules = Rules { total, rounds };
            for player in DocumentPlayer::ALL {
                for goal in [Goal::WinProbability, Goal::Score] {
                    let fast = best_response(rules, &mut player.clone(), goal).value;
                    let slow = naive_best_response(rules, &mut player.clone(), goal);
                    assert_eq!(fast, slow, "{player} {goal:?} {rules:?}");
                }
            }
            let fast = best_response(rules, &mut EquilibriumOpponent::new(), Goal::Score).value;
            let slow = naive_best_response(rules, &mut EquilibriumOpponent::new(), Goal::Score);
            assert_eq!(fast, slow, "equilibrium {rules:?}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(16))]

        /// The equilibrium certificate: no strategy of A scores more than
        /// the value 0 against B's equilibrium strategy, and the best
        /// response attains it.
        #[test]
        fn nothing_beats_the_equilibrium(total in 1u64..=8, rounds in 1u32..=5) {
            let rules = Rules { total, rounds };
            let br = best_response(rules, &mut EquilibriumOpponent::new(), Goal::Score);
            prop_assert_eq!(format_ratio(&br.value), "0");
        }

        /// A best response never scores below 0 against any player: A's
        /// equilibrium strategy already guarantees the value 0 against
        /// everything, and the best response is at least as good.
        #[test]
        fn best_responses_score_at_least_the_value(total in 1u64..=8, rounds in 1u32..=5) {
            let rules = Rules { total, rounds };
            for player in DocumentPlayer::ALL {
                let br = best_response(rules, &mut player.clone(), Goal::Score);
                prop_assert!(br.value >= num_traits::Zero::zero(), "{} {:?}", player, rules);
            }
        }
    }

    /// The table of exact maximum win probabilities against the document's
    /// players on a grid of scaled sizes, pinned.
    #[test]
    fn best_response_table_is_pinned() {
        let mut out = String::new();
        for (total, rounds) in [(5, 3), (10, 5), (10, 10), (12, 4), (20, 10)] {
            let rules = Rules { total, rounds };
            for player in DocumentPlayer::ALL {
                if player == DocumentPlayer::Random && total > 12 {
                    continue; // exact but slow (about a minute at T = 20)
                }
                let br = best_response(rules, &mut player.clone(), Goal::WinProbability);
                out += &format!(
                    "T={total} R={rounds} vs {player}: P(win) = {}, first bets {:?}\n",
                    format_ratio(&br.value),
                    br.first_bets
                );
            }
        }
        snapshot!("yen_best_response_table", out);
    }
}

mod cli {
    use super::common::{assert_input_error, cli};

    #[test]
    fn solve_json_has_value_strategy_and_states() {
        let run = cli(&["yen", "solve", "--total", "6", "--rounds", "3", "--json"]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
        assert_eq!(v["total"], 6);
        assert_eq!(v["rounds"], 3);
        assert_eq!(v["value"], "0");
        let sum: num_rational::BigRational = v["strategy"]
            .as_object()
            .unwrap()
            .values()
            .map(|p| solved_games::solve::exact::parse_ratio(p.as_str().unwrap()).unwrap())
            .sum();
        assert_eq!(sum, solved_games::solve::exact::integer(1));
        assert_eq!(
            v["states"].as_u64().unwrap() as usize,
            solved_games::games::yen::optimized::reachable_states(
                solved_games::games::yen::rules::State::start(
                    solved_games::games::yen::rules::Rules {
                        total: 6,
                        rounds: 3
                    }
                )
            )
        );
        snapshot!("yen_solve_6_3_json", run.stdout);
    }

    #[test]
    fn solve_text_and_state() {
        let run = cli(&[
            "yen", "solve", "--total", "6", "--rounds", "4", "--state", "3,4,5,-3",
        ]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        snapshot!("yen_solve_state_text", run.stdout);
        let end = cli(&[
            "yen", "solve", "--total", "5", "--rounds", "3", "--state", "0,0,0,2", "--json",
        ]);
        assert_eq!(end.code, 0, "{}", end.stderr);
        assert!(end.stdout.contains(r#""value":"1""#), "{}", end.stdout);
    }

    #[test]
    fn best_response_cli() {
        let run = cli(&[
            "yen",
            "best-response",
            "--against",
            "random",
            "--total",
            "5",
            "--rounds",
            "3",
            "--json",
        ]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        snapshot!("yen_best_response_random_5_3_json", run.stdout);
    }

    #[test]
    fn bad_input_is_one_line_exit_2() {
        for args in [
            &["yen", "solve", "--total", "999"][..],
            &["yen", "solve", "--rounds", "0"],
            &[
                "yen", "solve", "--total", "5", "--rounds", "3", "--state", "1,2,3",
            ],
            &[
                "yen", "solve", "--total", "5", "--rounds", "3", "--state", "2,9,1,0",
            ],
            &[
                "yen", "solve", "--total", "5", "--rounds", "3", "--state", "2,3,1,1",
            ],
            &[
                "yen", "solve", "--total", "5", "--rounds", "3", "--state", "3,4,5,0",
            ],
            &[
                "yen", "solve", "--total", "5", "--rounds", "3", "--state", "0,1,0,0",
            ],
            &[
                "yen", "solve", "--total", "5", "--rounds", "3", "--state", "x,1,0,0",
            ],
            &["yen", "best-response", "--against", "nobody"],
            &[
                "yen",
                "best-response",
                "--against",
                "random",
                "--rounds",
                "0",
            ],
            &[
                "yen",
                "best-response",
                "--against",
                "random",
                "--total",
                "100000",
            ],
        ] {
            assert_input_error(args);
        }
    }
}
