//! Stone games 1–5 (document 001): naive = optimized on random rows, the
//! article's identities, pinned example outputs, CLI errors.

mod common;

use common::{assert_claims_pass, assert_input_error, cli};
use proptest::prelude::*;
use quickcheck::quickcheck;
use solved_games::claims::GameId;
use solved_games::games::stones::{first_formulation, naive, optimized, Game, Stones};

#[test]
fn every_published_stones_claim_passes() {
    assert_claims_pass(GameId::Stones);
}

fn row() -> impl Strategy<Value = Vec<i64>> {
    prop::collection::vec(-20i64..50, 1..=10)
}

proptest! {
    #[test]
    fn naive_equals_optimized_for_games_1_to_4(v in row()) {
        let s = Stones::one_valued(v).unwrap();
        for game in [Game::EitherEnd, Game::EitherEndRemainder, Game::FrontUpToThree, Game::FrontDoubling] {
            let fast = optimized::solve(game, &s).unwrap();
            let slow = naive::solve(game, &s);
            // Scores along the optimal line too: both break ties toward the earlier move.
            prop_assert_eq!(fast, slow, "game {}", game.number());
        }
    }

    #[test]
    fn game5_greedy_equals_exhaustive_search(pairs in prop::collection::vec((-20i64..50, -20i64..50), 1..=7)) {
        let (a, b): (Vec<i64>, Vec<i64>) = pairs.into_iter().unzip();
        let s = Stones::two_valued(a, b).unwrap();
        let fast = optimized::solve(Game::AnyStoneTwoValues, &s).unwrap();
        prop_assert_eq!(fast.diff, naive::solve(Game::AnyStoneTwoValues, &s).diff);
        prop_assert_eq!(fast.first - fast.second, fast.diff);
    }

    #[test]
    fn game1_first_formulation_gives_a_score(v in row()) {
        let s = Stones::one_valued(v.clone()).unwrap();
        let r = optimized::solve(Game::EitherEnd, &s).unwrap();
        prop_assert_eq!(first_formulation::first_player_score(&v), r.first);
        prop_assert_eq!(r.first + r.second, v.iter().sum::<i64>());
    }

    #[test]
    fn game1_even_rows_never_lost_by_the_first_player(v in prop::collection::vec(0i64..100, 1..=30)) {
        let mut v = v;
        if v.len() % 2 == 1 { v.pop(); }
        prop_assume!(!v.is_empty());
        let r = optimized::solve(Game::EitherEnd, &Stones::one_valued(v.clone()).unwrap()).unwrap();
        // The colouring strategy guarantees the larger colour class.
        let red: i64 = v.iter().step_by(2).sum();
        let blue: i64 = v.iter().skip(1).step_by(2).sum();
        prop_assert!(r.diff >= (red - blue).abs());
    }
}

quickcheck! {
    fn game3_and_4_scores_add_up(v: Vec<i16>) -> bool {
        let v: Vec<i64> = v.into_iter().take(200).map(i64::from).collect();
        if v.is_empty() {
            return true;
        }
        let total: i64 = v.iter().sum();
        let s = Stones::one_valued(v).unwrap();
        [Game::FrontUpToThree, Game::FrontDoubling].into_iter().all(|g| {
            let r = optimized::solve(g, &s).unwrap();
            r.first + r.second == total && r.first - r.second == r.diff
        })
    }
}

#[test]
fn examples_of_the_article_are_pinned() {
    let mut out = String::new();
    for game in 1..=4 {
        for stones in ["4,5,3,1,2", "1,100,2,3"] {
            let run = cli(&["stones", "--game", &game.to_string(), "--stones", stones]);
            assert_eq!(run.code, 0, "{}", run.stderr);
            out.push_str(&format!("{stones}  {}", run.stdout));
        }
    }
    let run = cli(&[
        "stones",
        "--game",
        "5",
        "--stones",
        "5,2,3,1,4",
        "--values-b",
        "1,5,3,4,2",
        "--json",
    ]);
    out.push_str(&run.stdout);
    snapshot!("stones_article_examples", out);
}

#[test]
fn naive_cli_matches_optimized_cli() {
    for game in ["1", "2", "3", "4"] {
        let fast = cli(&[
            "stones",
            "--game",
            game,
            "--stones",
            "3,9,1,2,7,5,4",
            "--json",
        ]);
        let slow = cli(&[
            "stones",
            "--game",
            game,
            "--stones",
            "3,9,1,2,7,5,4",
            "--json",
            "--solver",
            "naive",
        ]);
        assert_eq!(fast.stdout, slow.stdout);
    }
}

#[test]
fn bad_input_gets_one_line_and_exit_2() {
    assert_input_error(&["stones", "--game", "1", "--stones", ""]);
    assert_input_error(&["stones", "--game", "1", "--stones", "1,x"]);
    assert_input_error(&["stones", "--game", "1", "--stones", "9223372036854775807,1"]);
    assert_input_error(&[
        "stones",
        "--game",
        "5",
        "--stones",
        "1,2",
        "--values-b",
        "1",
    ]);
    assert_input_error(&["stones", "--game", "5", "--stones", "1,2"]);
    assert_input_error(&[
        "stones",
        "--game",
        "2",
        "--stones",
        "1,2",
        "--values-b",
        "1,2",
    ]);
    let many = vec!["1"; 40].join(",");
    assert_input_error(&[
        "stones", "--game", "1", "--stones", &many, "--solver", "naive",
    ]);
}
