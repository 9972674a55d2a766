//! Stone games 1–5 (document 001): naive = optimized up to the rows the
//! naive search handles, the article's listings against the solvers, growth
//! classes counted on the shipped code, pinned example outputs, README's
//! commands, input files and CLI errors.
// The command-line tests run the binary, built only with the `cli` feature.
#![cfg_attr(not(feature = "cli"), allow(unused))]

use crate::common;
use crate::common::{assert_input_error, cli, cli_with_stdin};
use proptest::prelude::*;
use solved_games::games::stones::complexity::{self, Growth};
use solved_games::games::stones::listings::{self, SliceBounds};
use solved_games::games::stones::points::{count_operations, Counted};
use solved_games::games::stones::{
    naive, optimized, Game, GameResult, SolveError, Stones, StonesError,
};

fn row(most: usize) -> impl Strategy<Value = Vec<i64>> {
    prop::collection::vec(-20i64..50, 1..=most)
}

fn naive_matches(game: Game, v: Vec<i64>) -> Result<(), TestCaseError> {
    let s = Stones::one_valued(v).unwrap();
    let fast: GameResult = optimized::solve(game, &s).unwrap();
    prop_assert_eq!(fast, naive::solve(game, &s).unwrap());
    Ok(())
}

// The bounds are `naive::max_stones`: about a second for one row at the top
// size (SPEC.md); random lengths keep each test to a few seconds. Scores
// along the optimal line are compared too: both sides break ties toward the
// earlier move.
proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn naive_matches_optimized_game1_up_to_24_stones(v in row(24)) {
        naive_matches(Game::EitherEnd, v)?;
    }

    #[test]
    fn naive_matches_optimized_game2_up_to_24_stones(v in row(24)) {
        naive_matches(Game::EitherEndRemainder, v)?;
    }

    #[test]
    fn naive_matches_optimized_game3_up_to_28_stones(v in row(28)) {
        naive_matches(Game::FrontUpToThree, v)?;
    }

    #[test]
    fn naive_matches_optimized_game4_up_to_26_stones(v in row(26)) {
        naive_matches(Game::FrontDoubling, v)?;
    }

    #[test]
    fn naive_matches_optimized_game5_up_to_10_stones(
        pairs in prop::collection::vec((-20i64..50, -20i64..50), 1..=10)
    ) {
        let (a, b): (Vec<i64>, Vec<i64>) = pairs.into_iter().unzip();
        let s = Stones::two_valued(a, b).unwrap();
        // Only the value: the greedy and the search may follow different optimal lines.
        prop_assert_eq!(
            optimized::solve(Game::AnyStoneTwoValues, &s).unwrap().diff,
            naive::solve(Game::AnyStoneTwoValues, &s).unwrap().diff
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn game5_greedy_matches_memoised_search_up_to_16_stones(
        pairs in prop::collection::vec((-20i64..50, -20i64..50), 1..=16)
    ) {
        let (a, b): (Vec<i64>, Vec<i64>) = pairs.into_iter().unzip();
        let s = Stones::two_valued(a, b).unwrap();
        prop_assert_eq!(
            optimized::solve(Game::AnyStoneTwoValues, &s).unwrap().diff,
            listings::game5_memoised::<i64>(&s).unwrap().value
        );
    }

    #[test]
    fn memoised_listings_match_the_tables(v in row(60)) {
        let s = Stones::one_valued(v).unwrap();
        let value = |g| optimized::solve(g, &s).unwrap().diff;
        prop_assert_eq!(listings::game1_memoised::<i64>(&s).unwrap().value, value(Game::EitherEnd));
        let game2 = value(Game::EitherEndRemainder);
        prop_assert_eq!(listings::game2_prefix_sums::<i64>(&s).unwrap().value, game2);
        prop_assert_eq!(
            listings::game2_slice_sums::<i64>(&s, SliceBounds::Corrected).unwrap().value,
            game2
        );
        prop_assert_eq!(listings::game3_memoised::<i64>(&s).unwrap().value, value(Game::FrontUpToThree));
    }

    #[test]
    fn game1_first_formulation_gives_a_score(v in row(40)) {
        // A's score by max/min (corrected 解法1) against the difference DP:
        // two formulations that share no code.
        let s = Stones::one_valued(v.clone()).unwrap();
        let r = optimized::solve(Game::EitherEnd, &s).unwrap();
        prop_assert_eq!(listings::game1_first_player_score(&s, false).unwrap(), r.first);
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

#[test]
fn listings_as_printed_differ_from_the_value_where_the_errata_say() {
    let one = |v: &[i64]| Stones::one_valued(v.to_vec()).unwrap();
    // Game 2 解法1: each slice stops one stone early.
    let s = one(&[5, 3, 1, 4, 2]);
    let printed = listings::game2_slice_sums::<i64>(&s, SliceBounds::AsPrinted).unwrap();
    assert_eq!(printed.value, 7);
    // Game 1's 区間DP leaves dp[i][i] = 0.
    assert_eq!(
        listings::game1_interval_dp_as_printed(&one(&[1, 100, 2, 3])).unwrap(),
        101
    );
    // Game 1 解法1 as printed gives A every stone.
    assert_eq!(
        listings::game1_first_player_score(&one(&[1, 100, 2, 3]), true).unwrap(),
        106
    );
}

/// Operation counts of the shipped solver of `game` at `sizes`.
fn shipped_counts(game: Game, sizes: &[usize]) -> Vec<(usize, u64)> {
    sizes
        .iter()
        .map(|&n| {
            let mut rng = fastrand::Rng::with_seed(n as u64);
            let mut values = || (0..n).map(|_| rng.i64(0..1 << 30)).collect::<Vec<_>>();
            let s = Stones::two_valued(values(), values()).unwrap();
            let s = if game == Game::AnyStoneTwoValues {
                s
            } else {
                Stones::one_valued(s.values_a().to_vec()).unwrap()
            };
            (
                n,
                count_operations(|| optimized::solve_as::<Counted>(game, &s).unwrap()).1,
            )
        })
        .collect()
}

#[test]
fn shipped_solvers_grow_as_spec_states() {
    let cases = [
        (Game::EitherEnd, &[64, 128, 256, 512][..], Growth::Quadratic),
        (
            Game::EitherEndRemainder,
            &[64, 128, 256, 512],
            Growth::Quadratic,
        ),
        (
            Game::FrontUpToThree,
            &[1024, 2048, 4096, 8192],
            Growth::Linear,
        ),
        (Game::FrontDoubling, &[32, 64, 128, 256], Growth::Cubic),
        (
            Game::AnyStoneTwoValues,
            &[1024, 2048, 4096, 8192],
            Growth::Linearithmic,
        ),
    ];
    for (game, sizes, class) in cases {
        let fit = complexity::fit(&shipped_counts(game, sizes));
        assert_eq!(
            fit.class,
            Some(class),
            "game {}: {}",
            game.number(),
            fit.describe("operations")
        );
    }
}

#[test]
fn solvers_refuse_rows_past_their_limits_with_a_typed_error() {
    let long = |n: usize| Stones::one_valued(vec![1; n]).unwrap();
    let n = naive::max_stones(Game::EitherEnd) + 1;
    assert_eq!(
        naive::solve(Game::EitherEnd, &long(n)),
        Err(SolveError::TooManyStones {
            solver: "naive",
            game: Game::EitherEnd,
            stones: n,
            limit: n - 1,
        })
    );
    let limit = optimized::max_stones(Game::FrontDoubling).unwrap();
    assert!(matches!(
        optimized::solve(Game::FrontDoubling, &long(limit + 1)),
        Err(SolveError::TooManyStones { solver: "optimized", stones, limit: l, .. })
            if stones == limit + 1 && l == limit
    ));
    assert!(matches!(
        listings::game5_memoised::<i64>(&long(listings::SUBSET_LIMIT + 1)),
        Err(SolveError::TooManyStones { .. })
    ));
    // The limit itself is accepted.
    let limit = optimized::max_stones(Game::EitherEndRemainder).unwrap();
    assert!(optimized::solve(Game::EitherEndRemainder, &long(limit)).is_ok());
    assert!(optimized::solve(Game::EitherEndRemainder, &long(limit + 1)).is_err());
    // Games 3 and 5 are linear and n log n: no limit.
    assert!(optimized::solve(Game::FrontUpToThree, &long(200_000)).is_ok());
}

#[test]
fn malformed_rows_get_typed_errors() {
    assert_eq!(Stones::one_valued(vec![]), Err(StonesError::Empty));
    assert_eq!(
        Stones::two_valued(vec![1, 2], vec![1]),
        Err(StonesError::LengthMismatch { a: 2, b: 1 })
    );
    assert_eq!(
        Stones::one_valued(vec![i64::MAX, 1]),
        Err(StonesError::Overflow)
    );
}

#[cfg(feature = "cli")]
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

#[cfg(feature = "cli")]
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

#[cfg(feature = "cli")]
#[test]
fn negative_values_are_stone_values_not_flags() {
    // Game 3 on [-8, 16, 20]: A takes all three (28) rather than leave B the 36.
    let run = cli(&["stones", "--game", "3", "--stones", "-8,16,20"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        "game 3: first (A) 28 – second (B) 0, difference +28; winner: first\n"
    );
    // B's values too: A takes stone 2 (a + b = 1 against −7), B the other.
    let run = cli(&[
        "stones",
        "--game",
        "5",
        "--stones",
        "-3,4",
        "--values-b",
        "-4,-3",
        "--json",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        "{\"diff\":8,\"first\":4,\"game\":5,\"second\":-4,\"winner\":\"first\"}\n"
    );
}

fn temp_file(name: &str, text: &str) -> common::ScratchFile {
    let path = common::scratch_file(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[cfg(feature = "cli")]
#[test]
fn stones_file_reads_commas_spaces_and_lines() {
    let path = temp_file("row.txt", "4, 5 3\n\n1,2\n");
    let path = path.to_str().unwrap();
    let from_file = cli(&["stones", "--game", "1", "--stones-file", path]);
    assert_eq!(from_file.code, 0, "{}", from_file.stderr);
    assert_eq!(
        from_file.stdout,
        "game 1: first (A) 8 – second (B) 7, difference +1; winner: first\n"
    );
    let from_stdin = cli_with_stdin(
        &["stones", "--game", "1", "--stones-file", "-"],
        "4 5 3 1 2",
    );
    assert_eq!(from_stdin.stdout, from_file.stdout, "{}", from_stdin.stderr);
    // B's values from a file, A's from the flag.
    let b = temp_file("b.txt", "1\n5\n3\n4\n2\n");
    let run = cli(&[
        "stones",
        "--game",
        "5",
        "--stones",
        "5,2,3,1,4",
        "--values-b-file",
        b.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(
        run.stdout, "{\"diff\":3,\"first\":6,\"game\":5,\"second\":3,\"winner\":\"first\"}\n",
        "{}",
        run.stderr
    );
}

#[cfg(feature = "cli")]
#[test]
fn a_long_row_from_a_file_is_solved() {
    let values: Vec<String> = (0..10_000)
        .map(|k| ((k * 37) % 101 - 50).to_string())
        .collect();
    let path = temp_file("long.txt", &values.join("\n"));
    let run = cli(&[
        "stones",
        "--game",
        "3",
        "--stones-file",
        path.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: Vec<i64> = values.iter().map(|x| x.parse().unwrap()).collect();
    let r = optimized::solve(Game::FrontUpToThree, &Stones::one_valued(v).unwrap()).unwrap();
    assert!(
        run.stdout.contains(&format!("\"diff\":{}", r.diff)),
        "{}",
        run.stdout
    );
}

#[cfg(feature = "cli")]
#[test]
fn bad_value_files_name_the_file_and_line() {
    let path = temp_file("bad.txt", "1 2 3\n4 x 6\n");
    let p = path.to_str().unwrap();
    let message = assert_input_error(&["stones", "--game", "1", "--stones-file", p]);
    assert!(message.contains(&format!("{p}, line 2: `x`")), "{message}");
    let message = assert_input_error(&[
        "stones",
        "--game",
        "1",
        "--stones-file",
        temp_file("commas.txt", "1,,2\n").to_str().unwrap(),
    ]);
    assert!(message.contains("line 1: an empty value"), "{message}");
    let message = assert_input_error(&[
        "stones",
        "--game",
        "1",
        "--stones-file",
        temp_file("empty.txt", "\n \n").to_str().unwrap(),
    ]);
    assert!(message.contains("has no stone values"), "{message}");
    let binary = temp_file("binary.bin", "");
    std::fs::write(&binary, [0xff, 0xfe, 0x00]).unwrap();
    let message = assert_input_error(&[
        "stones",
        "--game",
        "1",
        "--stones-file",
        binary.to_str().unwrap(),
    ]);
    assert!(message.contains("not UTF-8"), "{message}");
    let run = cli_with_stdin(
        &["stones", "--game", "1", "--stones-file", "-"],
        "7\n8 nine\n",
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("standard input, line 2: `nine`"),
        "{}",
        run.stderr
    );
}

#[cfg(feature = "cli")]
#[test]
fn unreadable_value_files_exit_3_naming_the_file() {
    let missing = std::env::temp_dir().join("solved-games-no-such-dir/row.txt");
    let run = cli(&[
        "stones",
        "--game",
        "1",
        "--stones-file",
        missing.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 3, "{}", run.stderr);
    assert!(
        run.stderr.contains(missing.to_str().unwrap()),
        "{}",
        run.stderr
    );
    assert_eq!(run.stderr.trim_end().lines().count(), 1, "{}", run.stderr);
    let dir = std::env::temp_dir();
    let run = cli(&[
        "stones",
        "--game",
        "5",
        "--stones",
        "1",
        "--values-b-file",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 3, "{}", run.stderr);
}

#[cfg(feature = "cli")]
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
    let message = assert_input_error(&[
        "stones", "--game", "1", "--stones", &many, "--solver", "naive",
    ]);
    assert!(message.contains("at most 24"), "{message}");
    // Not both value lists from standard input.
    assert_input_error(&[
        "stones",
        "--game",
        "5",
        "--stones-file",
        "-",
        "--values-b-file",
        "-",
    ]);
}

#[cfg(feature = "cli")]
#[test]
fn one_source_per_value_list_is_a_usage_error() {
    for args in [
        &[
            "stones",
            "--game",
            "1",
            "--stones",
            "1",
            "--stones-file",
            "-",
        ][..],
        &["stones", "--game", "1"],
        &[
            "stones",
            "--game",
            "5",
            "--stones",
            "1",
            "--values-b",
            "1",
            "--values-b-file",
            "-",
        ],
    ] {
        let run = cli(args);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(
            run.stderr.contains("--stones") || run.stderr.contains("--values-b"),
            "{}",
            run.stderr
        );
    }
}
