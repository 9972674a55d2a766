//! `solved-games yen export-efg` (SPEC.md, "Peers: Gambit and OpenSpiel"):
//! the files Gambit and OpenSpiel read, their limits and refusals. The peers
//! themselves solve the files in tests/peers/ (pytest, run by .ci/run).

use crate::common::cli;

/// (exit code, standard output, standard error) of `solved-games args`.
fn run(args: &[&str]) -> (i32, String, String) {
    cli(args).parts()
}

#[test]
fn efg_is_deterministic_and_has_one_leaf_per_pair_of_bet_sequences() {
    let args = ["yen", "export-efg", "--total", "5", "--rounds", "3"];
    let (code, first, err) = run(&args);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(run(&args).1, first);
    assert!(first.starts_with("EFG 2 R "));
    // C(5 + 2, 2) = 21 bet sequences per player.
    assert_eq!(
        first.lines().filter(|l| l.starts_with("t ")).count(),
        21 * 21
    );
    // Rounds 1 and 2 offer bets 0..=money left, round 3 only what is left.
    assert!(
        first.contains("p \"\" 1 1 \"A round 1 after\" { \"0\" \"1\" \"2\" \"3\" \"4\" \"5\" } 0")
    );
}

#[test]
fn too_large_a_tree_is_refused_with_one_line_and_exit_2() {
    for args in [
        &["yen", "export-efg", "--total", "10", "--rounds", "10"][..],
        &[
            "yen",
            "export-efg",
            "--total",
            "18446744073709551615",
            "--rounds",
            "60",
        ],
        &["yen", "export-efg", "--rounds", "0"],
        &["yen", "export-efg", "--total", "61", "--stage", "2,61,61,0"],
        &[
            "yen",
            "export-efg",
            "--total",
            "13",
            "--stages",
            "/nonexistent/x",
        ],
        &[
            "yen",
            "export-efg",
            "--total",
            "3",
            "--rounds",
            "2",
            "--stage",
            "2,3,3",
        ],
        &[
            "yen",
            "export-efg",
            "--total",
            "3",
            "--rounds",
            "2",
            "--stage",
            "2,2,3,0",
        ],
        &[
            "yen",
            "export-efg",
            "--total",
            "3",
            "--rounds",
            "2",
            "--stage",
            "0,0,0,0",
        ],
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("solved-games: error: "), "{args:?}: {err}");
    }
}

#[test]
fn stage_game_payoffs_are_successor_values_and_its_value_is_solves() {
    // The state after A bet 1 and B bet 0 of T = 3 in round 1 of 3: B took 1.
    let (code, nfg, _) = run(&[
        "yen",
        "export-efg",
        "--total",
        "3",
        "--rounds",
        "3",
        "--stage",
        "2,2,3,-1",
    ]);
    assert_eq!(code, 0);
    assert!(nfg.contains("{ { \"0\" \"1\" \"2\" }\n{ \"0\" \"1\" \"2\" \"3\" }\n}"));
    // Each cell's payoff to A is the value `yen solve` gives the state after it.
    for line in nfg
        .lines()
        .filter(|l| l.starts_with("{ \"") && l.contains(','))
    {
        let mut words = line
            .trim_matches(|c| c == '{' || c == '}')
            .split_whitespace();
        let bets = words.next().unwrap().trim_matches('"');
        let payoff = words.next().unwrap().trim_end_matches(',');
        let (x, y): (i64, i64) = {
            let (x, y) = bets.split_once(',').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        };
        let gain = if x < y {
            x + y
        } else if x > y {
            -(x + y)
        } else {
            0
        };
        let next = format!("1,{},{},{}", 2 - x, 3 - y, -1 + gain);
        let (_, solved, _) = run(&[
            "yen", "solve", "--total", "3", "--rounds", "3", "--state", &next, "--json",
        ]);
        let v: serde_json::Value = serde_json::from_str(&solved).unwrap();
        assert_eq!(v["value"], payoff, "{line}");
    }
}

#[test]
fn stages_writes_every_reachable_state_with_its_value() {
    let dir = std::env::temp_dir().join(format!("solved-games-stages-{}", std::process::id()));
    let (code, out, err) = run(&[
        "yen",
        "export-efg",
        "--total",
        "2",
        "--rounds",
        "2",
        "--stages",
        dir.to_str().unwrap(),
    ]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(out.starts_with("wrote 10 stage games of T = 2, R = 2"));
    let values = std::fs::read_to_string(dir.join("values.tsv")).unwrap();
    assert_eq!(values.lines().count(), 1 + 10);
    for line in values.lines().skip(1) {
        let (state, value) = line.split_once('\t').unwrap();
        assert!(dir.join(format!("{state}.nfg")).is_file(), "{state}");
        let (_, solved, _) = run(&[
            "yen", "solve", "--total", "2", "--rounds", "2", "--state", state, "--json",
        ]);
        let v: serde_json::Value = serde_json::from_str(&solved).unwrap();
        assert_eq!(v["value"], value, "{state}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
