//! Issue 27: the edges a newcomer broke, each as the command line that
//! showed it. Every one of these failed on a56aed7.
// The tests run the binary, built only with the `cli` feature.
#![cfg(feature = "cli")]

mod common;

use common::{assert_input_error, cli};
use std::time::{Duration, Instant};

/// A player 9.2·10¹⁸ behind was accepted and "won" (value 1).
#[test]
fn a_gain_difference_of_i64_min_is_refused() {
    let err = assert_input_error(&[
        "yen",
        "solve",
        "--total",
        "10",
        "--rounds",
        "10",
        "--state",
        "1,10,0,-9223372036854775808",
    ]);
    assert!(err.contains("impossible"), "{err}");
}

/// `solved-games` and `solved-games yen` printed the whole help as one
/// error line of 892 characters: now a short usage, still exit 2.
#[test]
fn no_command_is_a_short_usage_line() {
    for (args, commands) in [
        (&[][..], &["reproduce", "nim", "yen", "manpage"][..]),
        (
            &["yen"][..],
            &["match", "tournament", "solve", "best-response"][..],
        ),
    ] {
        let err = assert_input_error(args);
        let line = err.trim_end();
        assert!(
            line.starts_with("solved-games: error: a command is needed"),
            "{line}"
        );
        assert!(line.len() < 250, "{} characters: {line}", line.len());
        for c in commands {
            assert!(line.contains(c), "{args:?}: {c} missing from {line}");
        }
    }
}

/// "pile `` is not a number of stones".
#[test]
fn an_empty_pile_is_named_as_such() {
    let err = assert_input_error(&["nim", "1,,3"]);
    assert!(err.contains("a pile is empty"), "{err}");
    assert!(!err.contains("``"), "{err}");
}

/// `--rounds 4000000000` ran for minutes with no output: a documented limit.
#[test]
fn match_rounds_have_a_limit_and_the_limit_is_quick() {
    let started = Instant::now();
    let err = assert_input_error(&[
        "yen",
        "match",
        "--a",
        "minus1",
        "--b",
        "random",
        "--rounds",
        "4000000000",
    ]);
    assert!(err.contains("--rounds 4000000000 is out of range"), "{err}");
    assert!(started.elapsed() < Duration::from_secs(5));
    let err = assert_input_error(&[
        "yen",
        "tournament",
        "--players",
        "minus1,random",
        "--rounds",
        "10001",
    ]);
    assert!(err.contains("1..=10000"), "{err}");
    let started = Instant::now();
    let run = cli(&[
        "yen", "match", "--a", "minus1", "--b", "random", "--rounds", "10000", "--games", "2",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?} for 2 matches of 10,000 rounds",
        started.elapsed()
    );
}

/// "1 claims".
#[test]
fn one_claim_is_singular() {
    let run = cli(&["reproduce", "--id", "NIM-001"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("\n1 claim: 1 PASS"), "{}", run.stdout);
}
