//! Exact equilibria of scaled 10,000-yen games (document 000 §2, §4;
//! SPEC.md "Exact equilibria of scaled games"): the naive history recursion (its own rules, kernel enumeration for
//! each round) and the optimized DP (shared rules, simplex) agree on every
//! state, the registry's claims pass, best responses agree, the CLI behaves.
// The command-line tests run the binary, built only with the `cli` feature.
#![cfg_attr(not(feature = "cli"), allow(unused))]

use crate::common::history_from_shares;

use num_rational::BigRational;
use proptest::prelude::*;
use solved_games::games::yen::naive::{self, Memo, ScaledGame, Search, Situation};
use solved_games::games::yen::optimized::{reachable_states, ExactDp};
use solved_games::games::yen::rules::{Rules, State};
use solved_games::solve::matrix_game::{column_ceiling, row_guarantee, solve};
use std::collections::{HashMap, HashSet};

/// The naive solver's name for a game.
fn scaled(rules: Rules) -> ScaledGame {
    ScaledGame {
        total: rules.total,
        rounds: rules.rounds,
    }
}

/// The optimized side's compressed state of a naive situation: the
/// notation in which the two sides compare values.
fn state_of(rules: Rules, s: &Situation) -> State {
    State {
        rounds_left: rules.rounds - s.played,
        money_a: rules.total - s.spent_a,
        money_b: rules.total - s.spent_b,
        gain_diff: s.won_a as i64 - s.won_b as i64,
    }
}

/// Runs the naive history recursion and checks the value of every node it
/// computes against the optimized DP; returns the number of distinct
/// situations reached.
fn naive_agrees_everywhere(rules: Rules, memo: Memo) -> usize {
    let mut solver = ExactDp::new();
    let mut seen: HashMap<Situation, BigRational> = HashMap::new();
    let start = naive::value_visiting(scaled(rules), memo, &mut |situation, value| {
        let state = state_of(rules, situation);
        assert_eq!(&solver.value(state), value, "{rules:?} at state {state}");
        if let Some(old) = seen.insert(*situation, value.clone()) {
            assert_eq!(
                &old, value,
                "two histories reach {situation:?} with different values"
            );
        }
    });
    assert_eq!(
        start,
        ExactDp::new().value(State::start(rules)),
        "{rules:?}"
    );
    seen.len()
}

/// Every (T, R) the naive solver handles in about a second: T ≤ 10 with
/// R ≤ 10, and T = 12 for R ≤ 4.
fn naive_sizes() -> impl Iterator<Item = Rules> {
    let grid = (0..=10u64).flat_map(|total| (1..=10u32).map(move |rounds| (total, rounds)));
    grid.chain((1..=4).map(|rounds| (12, rounds)))
        .map(|(total, rounds)| Rules { total, rounds })
}

#[test]
fn naive_matches_optimized_on_every_state_up_to_t10_r10() {
    for rules in naive_sizes() {
        let situations = naive_agrees_everywhere(rules, Memo::BySituation);
        // The naive enumeration of legal bets reaches exactly the states
        // the optimized side counts as reachable.
        assert_eq!(
            situations,
            reachable_states(State::start(rules)),
            "{rules:?}"
        );
    }
}

#[test]
fn naive_without_memo_matches_optimized_on_every_history_of_tiny_games() {
    for (total, rounds) in [(1, 3), (2, 2), (4, 2), (3, 3), (2, 4), (3, 4), (4, 3)] {
        naive_agrees_everywhere(Rules { total, rounds }, Memo::Off);
    }
}

/// The first round's equilibrium: the same value on both sides, and each
/// side's optimal strategies are optimal in the other side's matrix (the
/// strategies themselves may differ where the round has several optima).
#[test]
fn first_round_equilibria_are_optimal_on_both_sides() {
    for rules in naive_sizes().filter(|r| r.total <= 10) {
        let game = scaled(rules);
        let mut search = Search::new(game, Memo::BySituation);
        let naive_round = search.round(&mut Vec::new());
        let naive_matrix = search.matrix(&mut Vec::new());
        let mut solver = ExactDp::new();
        let start = State::start(rules);
        let optimized_round = solver.round_equilibrium(start);
        let optimized_matrix = solver.successor_matrix(start);
        assert_eq!(naive_matrix, optimized_matrix, "{rules:?}");
        let v = &optimized_round.value;
        assert_eq!(&naive_round.value, v, "{rules:?}");
        assert_eq!(
            &row_guarantee(&optimized_matrix, &naive_round.strategy_a),
            v,
            "{rules:?}: the naive A strategy is not optimal for the optimized side"
        );
        assert_eq!(
            &column_ceiling(&optimized_matrix, &naive_round.strategy_b),
            v,
            "{rules:?}: the naive B strategy is not optimal for the optimized side"
        );
        let full = |bets: std::ops::RangeInclusive<u64>, st: &[(u64, BigRational)]| {
            bets.map(|b| {
                st.iter()
                    .find(|(x, _)| *x == b)
                    .map_or_else(num_traits::Zero::zero, |(_, p)| p.clone())
            })
            .collect::<Vec<BigRational>>()
        };
        let bets = start.bets(start.money_a);
        let p = full(bets.clone(), &optimized_round.strategy_a);
        let q = full(bets, &optimized_round.strategy_b);
        assert_eq!(&row_guarantee(&naive_matrix, &p), v, "{rules:?}");
        assert_eq!(&column_ceiling(&naive_matrix, &q), v, "{rules:?}");
    }
}

#[test]
fn naive_equilibrium_of_b_holds_every_strategy_of_a_to_the_value() {
    for (total, rounds) in [(3, 3), (6, 4), (8, 4), (10, 3), (7, 6), (10, 10)] {
        let game = ScaledGame { total, rounds };
        assert_eq!(
            naive::best_response_to_equilibrium(game),
            naive::value(game),
            "{game}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Renaming the players negates the value: the naive solver searches
    /// from a random history and, separately, from the history with every
    /// round's two bets swapped (it applies no symmetry itself), and the
    /// optimized side agrees with it at the history's state.
    #[test]
    fn naive_value_is_antisymmetric_and_matches_optimized_mid_match(
        total in 1u64..=9,
        rounds in 2u32..=6,
        shares in proptest::collection::vec((0u64..=100, 0u64..=100), 0..6),
    ) {
        let game = ScaledGame { total, rounds };
        let played = shares.len().min(rounds as usize - 1);
        let history = history_from_shares(total, &shares[..played]);
        let swapped: Vec<(u64, u64)> = history.iter().map(|&(a, b)| (b, a)).collect();
        let v = naive::value_after(game, &history).expect("a legal history");
        let w = naive::value_after(game, &swapped).expect("a legal history");
        prop_assert_eq!(&v, &-w, "{} after {:?}", game, history);
        let rules = Rules { total, rounds };
        let state = state_of(rules, &Situation::after(&history));
        prop_assert_eq!(ExactDp::new().value(state), v, "{} after {:?}", game, history);
    }

    /// The naive round solver (kernel enumeration) and the simplex agree
    /// on the value of random matrix games, and the naive strategies are
    /// optimal by definition.
    #[test]
    fn kernel_enumeration_matches_the_simplex(
        rows in 1usize..=5,
        columns in 1usize..=5,
        entries in proptest::collection::vec((-6i64..=6, 1i64..=3), 25),
    ) {
        let matrix: Vec<Vec<BigRational>> = (0..rows)
            .map(|i| (0..columns).map(|j| {
                let (n, d) = entries[i * 5 + j];
                solved_games::solve::exact::ratio(n, d)
            }).collect())
            .collect();
        let naive = naive::stage::solve_stage(&matrix);
        prop_assert_eq!(&naive.value, &solve(&matrix).value);
        prop_assert_eq!(&row_guarantee(&matrix, &naive.strategy_a), &naive.value);
        prop_assert_eq!(&column_ceiling(&matrix, &naive.strategy_b), &naive.value);
    }
}

#[test]
fn round_equilibria_are_certified_on_every_reachable_state() {
    let rules = Rules {
        total: 6,
        rounds: 4,
    };
    let mut solver = ExactDp::new();
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
    use crate::common::{assert_input_error, cli};

    #[cfg(feature = "cli")]
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
        snapshot!("yen_solve_6_3_json", run.stdout);
    }

    #[cfg(feature = "cli")]
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

    #[cfg(feature = "cli")]
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

    #[cfg(feature = "cli")]
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

mod state_errors {
    use crate::common::cli;
    use solved_games::games::yen::rules::{
        InvalidState, ParseStateError, Rules, State, StateField,
    };

    const RULES: Rules = Rules {
        total: 5,
        rounds: 3,
    };

    fn invalid(text: &str) -> InvalidState {
        let s: State = text.parse().expect("well written");
        s.check(RULES).unwrap_err()
    }

    #[test]
    fn a_bad_state_is_refused_with_the_variant_naming_what_is_wrong() {
        assert!(matches!(
            "3,5,5".parse::<State>(),
            Err(ParseStateError::FieldCount { fields: 3, .. })
        ));
        assert!(matches!(
            "3,5,x,0".parse::<State>(),
            Err(ParseStateError::NotANumber {
                field: StateField::MoneyB,
                ..
            })
        ));
        assert!(matches!(
            "-1,5,5,0".parse::<State>(),
            Err(ParseStateError::NotANumber {
                field: StateField::RoundsLeft,
                ..
            })
        ));
        assert!(matches!(
            invalid("4,5,5,0"),
            InvalidState::TooManyRoundsLeft {
                rounds_left: 4,
                rounds: 3
            }
        ));
        assert!(matches!(
            invalid("2,9,1,0"),
            InvalidState::MoneyOverTotal {
                money_a: 9,
                total: 5,
                ..
            }
        ));
        assert!(matches!(
            invalid("3,4,5,1"),
            InvalidState::BetBeforeRoundOne {
                money_a: 4,
                money_b: 5,
                total: 5
            }
        ));
        assert!(matches!(
            invalid("0,1,0,0"),
            InvalidState::MoneyAfterLastRound {
                money_a: 1,
                money_b: 0
            }
        ));
        assert!(matches!(
            invalid("2,4,5,0"),
            InvalidState::ImpossibleGainDiff {
                gain_diff: 0,
                bet: 1
            }
        ));
        assert!(matches!(
            invalid("2,4,4,3"),
            InvalidState::ImpossibleGainDiff {
                gain_diff: 3,
                bet: 2
            }
        ));
        assert_eq!("2,4,4,2".parse::<State>().unwrap().check(RULES), Ok(()));
    }

    #[cfg(feature = "cli")]
    #[test]
    fn a_bad_state_reads_as_before() {
        assert_eq!(
            "3,5,5".parse::<State>().unwrap_err().to_string(),
            "state \"3,5,5\" is not ROUNDS_LEFT,MONEY_A,MONEY_B,GAIN_DIFF"
        );
        assert_eq!(
            "3,5,x,0".parse::<State>().unwrap_err().to_string(),
            "state \"3,5,x,0\": B's money is not a number in range"
        );
        assert_eq!(
            invalid("2,4,4,3").to_string(),
            "gain difference 3 is impossible when 2 yen have been bet"
        );
        let run = cli(&[
            "yen", "solve", "--total", "5", "--rounds", "3", "--state", "4,5,5,0",
        ]);
        assert_eq!(run.code, 2);
        assert_eq!(
            run.stderr.trim_end(),
            "solved-games: error: --state 4,5,5,0: 4 rounds left but the match has only 3"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Listing 2 cannot overspend (SPEC.md, built-in players): against any
    /// legal opponent B (random shares of T over R rounds), `minus1` as A
    /// bets exactly the listing's uncapped rule (the opponent's previous bet
    /// minus one, floored at 0) in rounds 2..R−1, so its cap at the money
    /// left never binds, and its forced last bet is what is left.
    #[test]
    fn minus1_never_needs_its_cap(
        total in 1u64..=10_000,
        rounds in 2u32..=10,
        weights in prop::collection::vec(0u64..=100, 10),
    ) {
        use solved_games::core::Player;
        use solved_games::games::yen::players::{Minus1, Strategy, View};
        use solved_games::games::yen::rules::Rounds;
        let rules = Rules { total, rounds };
        // B's bets: shares of T by weight in rounds 1..R−1 (rounded down),
        // the remainder last: always legal.
        let w: u64 = weights[..rounds as usize - 1].iter().sum::<u64>().max(1);
        let mut b_bets: Vec<u64> = weights[..rounds as usize - 1]
            .iter()
            .map(|&x| total * x / w)
            .collect();
        b_bets.push(total - b_bets.iter().sum::<u64>());
        let mut played = Rounds::default();
        let mut spent = 0u64;
        for (j, &theirs) in b_bets.iter().enumerate() {
            let view = View { rules, side: Player::First, rounds: played.as_slice() };
            let bet = Minus1.bet(&view);
            let uncapped = if j == 0 { 0 } else { b_bets[j - 1].saturating_sub(1) };
            if j + 1 < rounds as usize {
                prop_assert_eq!(bet, uncapped, "round {}", j + 1);
            } else {
                prop_assert_eq!(bet, total - spent);
            }
            prop_assert!(bet <= total - spent);
            spent += bet;
            played.push(bet, theirs);
        }
    }
}
