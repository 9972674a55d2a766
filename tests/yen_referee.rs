//! The 10,000-yen game's referee (document 000 §2–4): rules, built-in
//! players, Listing 4's transcript, player programs over pipes and every
//! way they can misbehave, tournaments and their log, the cycle claim.
// The command-line tests run the binary, built only with the `cli` feature.
#![cfg_attr(not(feature = "cli"), allow(unused))]

use crate::common::{assert_input_error, cli};
use solved_games::core::{Outcome, Player};
use solved_games::games::yen::players::{Always1000, Minus1, Random, Strategy, View};
use solved_games::games::yen::referee::{transcript, BuiltIn, Contestant, Referee};
use solved_games::games::yen::rules::{Rounds, Rules};
use solved_games::games::yen::tournament::PlayerSpec;
use std::time::Duration;

/// Plays one series of built-ins and returns the transcripts and the score.
fn built_in_series(
    rules: Rules,
    a: (&str, Box<dyn Strategy + Send>),
    b: (&str, Box<dyn Strategy + Send>),
    games: u64,
) -> (Vec<String>, solved_games::games::yen::referee::SeriesScore) {
    let mut ca = BuiltIn::new(a.0, a.1);
    let mut cb = BuiltIn::new(b.0, b.1);
    let mut texts = Vec::new();
    let score = Referee::new(rules)
        .play_series(&mut ca, &mut cb, games, |r| {
            texts.push(transcript(a.0, b.0, r));
            Ok(())
        })
        .expect("built-ins always start");
    (texts, score)
}

#[test]
fn listing_4_always1000_against_minus1() {
    let (texts, score) = built_in_series(
        Rules::default(),
        ("always1000", Box::new(Always1000)),
        ("minus1", Box::new(Minus1)),
        1,
    );
    assert_eq!(score.wins_b, 1);
    assert!(texts[0].contains("    3008 [16992]\nminus1 won.\n"));
    snapshot!("yen_listing_4_transcript", texts[0]);
}

#[cfg(feature = "cli")]
#[test]
fn listing_4_through_the_cli() {
    let run = cli(&[
        "yen",
        "match",
        "--a",
        "always1000",
        "--b",
        "minus1",
        "--games",
        "1",
        "--transcript",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    snapshot!("yen_cli_listing_4", run.stdout);
}

/// Every built-in bet is legal, whatever the opponent does (random
/// opponents, odd T and R that do not divide each other).
#[test]
fn built_in_players_are_always_legal() {
    for (total, rounds) in [(10_000, 10), (7, 3), (0, 4), (1, 1), (101, 10), (5, 9)] {
        let rules = Rules { total, rounds };
        for seed in 0..20 {
            let players: Vec<(&str, Box<dyn Strategy + Send>)> = vec![
                ("always1000", Box::new(Always1000)),
                ("minus1", Box::new(Minus1)),
                ("random", Box::new(Random::new(seed))),
                (
                    "hunter",
                    Box::new(solved_games::games::yen::players::Hunter::new()),
                ),
            ];
            for (name, strategy) in players {
                let (_, score) = built_in_series(
                    rules,
                    (name, strategy),
                    ("random", Box::new(Random::new(seed + 100))),
                    20,
                );
                assert_eq!(
                    score.forfeits_a + score.forfeits_b,
                    0,
                    "{name} T={total} R={rounds}"
                );
                assert_eq!(score.games(), 20);
            }
        }
    }
}

#[test]
fn money_is_conserved_and_the_lower_bet_takes_both() {
    let mut rounds = Rounds::default();
    rounds.push(3, 5);
    assert_eq!(rounds.money(), (8, 0));
    rounds.push(4, 4);
    assert_eq!(rounds.money(), (12, 4));
    rounds.push(3, 1);
    assert_eq!(rounds.money(), (12, 8));
}

/// The money a player has left, read off the running totals, is the total
/// less the sum of its bets, for either side, after every round of random
/// histories.
#[test]
fn the_view_remaining_money_is_the_total_less_the_bets_so_far() {
    let mut rng = fastrand::Rng::with_seed(27);
    for _ in 0..200 {
        let rules = Rules {
            total: rng.u64(1..1000),
            rounds: rng.u32(1..30),
        };
        let mut rounds = Rounds::default();
        let (mut spent_a, mut spent_b) = (0, 0);
        for _ in 0..rules.rounds {
            for (side, spent) in [(Player::First, spent_a), (Player::Second, spent_b)] {
                let view = View {
                    rules,
                    side,
                    rounds: rounds.as_slice(),
                };
                assert_eq!(view.remaining(), rules.total - spent);
                let theirs = if side == Player::First {
                    spent_b
                } else {
                    spent_a
                };
                assert_eq!(view.their_remaining(), rules.total - theirs);
            }
            let a = rng.u64(0..=rules.total - spent_a);
            let b = rng.u64(0..=rules.total - spent_b);
            rounds.push(a, b);
            (spent_a, spent_b) = (spent_a + a, spent_b + b);
        }
    }
}

/// A 100,000-round match plays to its end with one result. Its cost, O(R)
/// since each round carries the bets so far, is measured by the
/// `yen/referee/long-match` bench (README's performance table), not timed
/// here: a timed assertion would fail on a busy machine, not on a bug.
#[test]
fn a_100000_round_match_plays_to_its_end() {
    let rules = Rules {
        total: 1_000_000_000,
        rounds: 100_000,
    };
    let (_, score) = built_in_series(
        rules,
        ("always1000", Box::new(Always1000)),
        ("random", Box::new(Random::new(1))),
        1,
    );
    assert_eq!(score.wins_a + score.wins_b + score.draws, 1);
}

fn minus1_bet(rules: Rules, history: &[(u64, u64)]) -> u64 {
    let mut rounds = Rounds::default();
    for &(a, b) in history {
        rounds.push(a, b);
    }
    Minus1.bet(&View {
        rules,
        side: Player::Second,
        rounds: rounds.as_slice(),
    })
}

#[test]
fn minus1_undercuts_the_previous_bet_and_stays_within_its_money() {
    let rules = Rules {
        total: 100,
        rounds: 4,
    };
    assert_eq!(minus1_bet(rules, &[]), 0);
    assert_eq!(minus1_bet(rules, &[(0, 0)]), 0, "floored at 0");
    assert_eq!(minus1_bet(rules, &[(0, 0), (90, 0)]), 89);
    assert_eq!(
        minus1_bet(rules, &[(0, 0), (90, 0), (10, 89)]),
        11,
        "the remainder in the last round"
    );
    // Listing 2 would bet 69 with 41 left; the built-in is capped.
    let rules = Rules {
        total: 100,
        rounds: 5,
    };
    assert_eq!(minus1_bet(rules, &[(0, 0), (60, 0), (70, 59)]), 41);
}

#[test]
fn series_winner_is_the_one_with_more_match_wins() {
    let (_, score) = built_in_series(
        Rules::default(),
        ("minus1", Box::new(Minus1)),
        ("always1000", Box::new(Always1000)),
        5,
    );
    assert_eq!((score.wins_a, score.draws, score.wins_b), (5, 0, 0));
    assert_eq!(score.outcome(), Outcome::Winner(Player::First));
    let (texts, score) = built_in_series(
        Rules::default(),
        ("always1000", Box::new(Always1000)),
        ("always1000'", Box::new(Always1000)),
        3,
    );
    assert_eq!(score.draws, 3);
    assert_eq!(score.outcome(), Outcome::Draw);
    assert!(
        texts[0].ends_with("    10000 10000\ndraw.\n"),
        "{}",
        texts[0]
    );
}

#[cfg(feature = "cli")]
#[test]
fn bad_arguments_are_one_line_errors() {
    assert_input_error(&["yen", "match", "--a", "always100", "--b", "minus1"]);
    assert_input_error(&["yen", "match", "--a", "cmd:", "--b", "minus1"]);
    assert_input_error(&["yen", "match", "--a", "cmd:sh 'unclosed", "--b", "minus1"]);
    assert_input_error(&[
        "yen", "match", "--a", "minus1", "--b", "minus1", "--games", "0",
    ]);
    assert_input_error(&[
        "yen", "match", "--a", "minus1", "--b", "minus1", "--rounds", "0",
    ]);
    assert_input_error(&[
        "yen",
        "match",
        "--a",
        "minus1",
        "--b",
        "minus1",
        "--timeout",
        "0",
    ]);
    assert_input_error(&[
        "yen",
        "match",
        "--a",
        "minus1",
        "--b",
        "cmd:/nonexistent/player",
    ]);
    assert_input_error(&["yen", "tournament", "--players", "minus1"]);
    assert_input_error(&["yen", "tournament", "--players", "minus1,minus1"]);
}

#[allow(dead_code)]
fn _contestant_is_object_safe(_: &dyn Contestant) {}

/// `cmd:sh …/tests/players/NAME.sh`.
fn script(name: &str) -> String {
    format!(
        "cmd:sh {}/tests/players/{name}.sh",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// A match as the tests look at it.
#[derive(Debug)]
struct Played {
    outcome: Outcome,
    rounds: usize,
    money: (u64, u64),
    forfeits: Vec<(Player, u32, &'static str)>,
}

/// Plays a series between two players named as on the command line, with
/// a short timeout so that the misbehaviour tests stay fast.
fn play(
    a: &str,
    b: &str,
    games: u64,
    rules: Rules,
) -> (solved_games::games::yen::referee::SeriesScore, Vec<Played>) {
    let timeout = Duration::from_millis(300);
    let spec_a: PlayerSpec = a.parse().unwrap();
    let spec_b: PlayerSpec = b.parse().unwrap();
    let mut ca = spec_a.contestant(1, timeout).unwrap();
    let mut cb = spec_b.contestant(2, timeout).unwrap();
    let mut played = Vec::new();
    let score = Referee::new(rules)
        .play_series(&mut *ca, &mut *cb, games, |r| {
            played.push(Played {
                outcome: r.outcome,
                rounds: r.rounds.len(),
                money: r.money(),
                forfeits: r
                    .forfeits
                    .iter()
                    .map(|f| (f.side, f.round, f.fault.kind()))
                    .collect(),
            });
            Ok(())
        })
        .expect("players start");
    (score, played)
}

const A_WINS: Outcome = Outcome::Winner(Player::First);
const B_WINS: Outcome = Outcome::Winner(Player::Second);

#[test]
fn a_program_plays_like_the_built_in_it_copies() {
    let (score, played) = play(&script("always1000"), "minus1", 3, Rules::default());
    assert_eq!((score.wins_a, score.draws, score.wins_b), (0, 0, 3));
    assert!(played
        .iter()
        .all(|p| p.money == (3008, 16992) && p.forfeits.is_empty()));
    // Two programs against each other, both in step for every match.
    let (score, played) = play(
        &script("always1000"),
        &script("always1000"),
        4,
        Rules::default(),
    );
    assert_eq!(score.draws, 4);
    assert!(played
        .iter()
        .all(|p| p.rounds == 10 && p.forfeits.is_empty()));
}

#[test]
fn the_program_gets_argv_matches_and_the_rules_in_its_environment() {
    let rules = Rules {
        total: 50,
        rounds: 2,
    };
    let (_, played) = play(&script("argv_echo"), "always1000", 3, rules);
    // argv_echo bets argv[1] = 3 in round 1 and 50 - 3 in round 2.
    assert!(played.iter().all(|p| p.forfeits.is_empty()), "{played:?}");
    assert_eq!(played[0].money, (3 + 25, 47 + 25));
}

#[test]
fn a_player_command_is_split_into_words_as_a_shell_splits_them() {
    // The quoted `-c` script is one argument; split at every space it
    // would be `'exec`, and sh would fail to start the player.
    let command = format!(
        "cmd:sh -c 'exec sh \"$0\" \"$1\"' {}/tests/players/argv_echo.sh",
        env!("CARGO_MANIFEST_DIR")
    );
    let rules = Rules {
        total: 50,
        rounds: 2,
    };
    let (_, played) = play(&command, "always1000", 3, rules);
    assert!(played.iter().all(|p| p.forfeits.is_empty()), "{played:?}");
    assert_eq!(played[0].money, (3 + 25, 47 + 25));
}

/// Each misbehaviour: who forfeits, in which round, with which reason, and
/// the rounds kept in the record are those played in full before it.
#[test]
fn every_kind_of_misbehaviour_forfeits_the_match() {
    let cases = [
        ("not_a_number", 3, "not_a_number"),
        ("negative", 1, "negative"),
        ("over_remaining", 2, "over_remaining"),
        ("bad_last", 10, "last_bet_not_remainder"),
        ("early_exit", 3, "exited"),
        ("slow", 2, "timeout"),
        ("long_line", 1, "not_a_number"),
    ];
    for (name, round, kind) in cases {
        let (score, played) = play("always1000", &script(name), 1, Rules::default());
        assert_eq!(score.wins_a, 1, "{name}: the innocent player wins");
        assert_eq!(score.forfeits_b, 1, "{name}");
        assert_eq!(played[0].outcome, A_WINS, "{name}");
        assert_eq!(
            played[0].forfeits,
            vec![(Player::Second, round, kind)],
            "{name}"
        );
        assert_eq!(played[0].rounds, round as usize - 1, "{name}");
    }
}

#[test]
fn both_faulting_in_the_same_round_is_a_draw() {
    let (score, played) = play(
        &script("negative"),
        &script("negative"),
        1,
        Rules::default(),
    );
    assert_eq!((score.wins_a, score.draws, score.wins_b), (0, 1, 0));
    assert_eq!(
        played[0].forfeits,
        vec![
            (Player::First, 1, "negative"),
            (Player::Second, 1, "negative")
        ]
    );
    // The earlier fault decides.
    let (_, played) = play(
        &script("negative"),
        &script("not_a_number"),
        1,
        Rules::default(),
    );
    assert_eq!(played[0].outcome, B_WINS);
}

#[test]
fn an_innocent_program_is_kept_in_step_after_its_opponent_faults() {
    let (score, played) = play(
        &script("always1000"),
        &script("over_remaining"),
        3,
        Rules::default(),
    );
    assert_eq!(score.wins_a, 3);
    for p in &played {
        assert_eq!(
            p.forfeits,
            vec![(Player::Second, 2, "over_remaining")],
            "{played:?}"
        );
    }
}

#[test]
fn a_faulty_program_is_restarted_with_the_matches_left() {
    // flaky.sh breaks the rules only when started for an odd number of
    // matches: started for 3 it faults, restarted for 2 it plays well.
    let (score, played) = play(&script("flaky"), "always1000", 3, Rules::default());
    assert_eq!(played[0].forfeits, vec![(Player::First, 1, "not_a_number")]);
    assert!(played[1].forfeits.is_empty() && played[2].forfeits.is_empty());
    assert_eq!((score.wins_a, score.draws, score.wins_b), (0, 2, 1));
}

#[test]
fn three_faulty_matches_in_a_row_disqualify_a_program() {
    let (score, played) = play(
        &script("negative"),
        &script("always1000"),
        6,
        Rules::default(),
    );
    let kinds: Vec<_> = played.iter().map(|p| p.forfeits.clone()).collect();
    for (i, k) in kinds.iter().enumerate() {
        let expected = if i < 3 {
            (Player::First, 1, "negative")
        } else {
            (Player::First, 0, "disqualified")
        };
        assert_eq!(k, &vec![expected], "match {}", i + 1);
    }
    assert_eq!(score.wins_b, 6);
    // The innocent program still played every match in step.
    assert!(played.iter().all(|p| p.outcome == B_WINS));
}

#[test]
fn an_early_exit_on_every_start_is_also_disqualified() {
    let (score, played) = play(&script("early_exit"), "random", 5, Rules::default());
    assert_eq!(score.wins_b, 5);
    assert_eq!(played[2].forfeits, vec![(Player::First, 3, "exited")]);
    assert_eq!(played[4].forfeits, vec![(Player::First, 0, "disqualified")]);
}

#[cfg(feature = "cli")]
#[test]
fn forfeits_show_in_the_transcript() {
    let run = cli(&[
        "yen",
        "match",
        "--a",
        "always1000",
        "--b",
        &script("negative"),
        "--games",
        "1",
        "--transcript",
        "--timeout",
        "0.3",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let first = run.stdout.lines().take(3).collect::<Vec<_>>().join("\n");
    assert!(
        first.ends_with("forfeits in round 1: negative bet -5\nalways1000 won."),
        "{first}"
    );
}

#[test]
fn parse_bet_reads_what_scanf_reads() {
    use solved_games::games::yen::external::parse_bet;
    let parse = |line| parse_bet(line, 10_000);
    assert_eq!(parse("1000").unwrap(), 1000);
    assert_eq!(parse("  42 \r").unwrap(), 42);
    assert_eq!(parse("+7").unwrap(), 7);
    assert_eq!(parse("-0").unwrap(), 0);
    assert_eq!(parse("18446744073709551615").unwrap(), u64::MAX);
    assert_eq!(parse("-3").unwrap_err().kind(), "negative");
    for bad in ["", "abc", "12abc", "1 2", "0x10", "--1", "1.5"] {
        assert_eq!(parse(bad).unwrap_err().kind(), "not_a_number", "{bad:?}");
    }
    // One more than a u64 holds: quoted as printed, never as a wrapped number.
    let huge = parse(" 18446744073709551616").unwrap_err();
    assert_eq!(huge.kind(), "over_remaining");
    assert_eq!(
        huge.to_string(),
        "bet 18446744073709551616 exceeds the 10000 yen left"
    );
}

/// The match records of a log (each line is JSON; run headers are left out).
fn log_lines(path: &std::path::Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("each log line is JSON"))
        .filter(|l| l["record"] == "match")
        .collect()
}

fn temp_log(name: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("yen-{name}-{}.jsonl", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

#[cfg(feature = "cli")]
#[test]
fn tournament_plays_every_pair_and_logs_every_match() {
    let log = temp_log("tournament");
    let players = format!("always1000,minus1,random,{}", script("always1000"));
    let args = [
        "yen",
        "tournament",
        "--players",
        &players,
        "--games",
        "20",
        "--timeout",
        "2",
        "--log",
        log.to_str().unwrap(),
        "--json",
    ];
    let run = cli(&args);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let series = v["series"].as_array().unwrap();
    assert_eq!(series.len(), 6);
    for s in series {
        let n = s["games"].as_u64().unwrap();
        let sum: u64 = ["wins_a", "draws", "wins_b"]
            .iter()
            .map(|k| s[k]["count"].as_u64().unwrap())
            .sum();
        assert_eq!(sum, n);
        let (lo, hi) = (
            s["wins_a"]["low95"].as_f64().unwrap(),
            s["wins_a"]["high95"].as_f64().unwrap(),
        );
        let rate = s["wins_a"]["rate"].as_f64().unwrap();
        assert!(lo <= rate && rate <= hi, "{s}");
    }
    // The program copy of always1000 draws every match against the built-in.
    assert_eq!(series[2]["draws"]["count"], 20, "{}", series[2]);
    let lines = log_lines(&log);
    assert_eq!(lines.len(), 6 * 20);
    for line in &lines {
        let (a, b) = (
            line["money_a"].as_u64().unwrap(),
            line["money_b"].as_u64().unwrap(),
        );
        assert_eq!(a + b, 20_000, "{line}");
        let bets: u64 = line["bets_a"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap())
            .sum();
        assert_eq!(bets, 10_000, "{line}");
    }
    // A second run appends.
    assert_eq!(cli(&args).code, 0);
    assert_eq!(log_lines(&log).len(), 2 * 6 * 20);
    let _ = std::fs::remove_file(&log);
}

#[cfg(feature = "cli")]
#[test]
fn an_interrupted_tournament_keeps_every_match_already_played() {
    let log = temp_log("interrupted");
    let run = cli(&[
        "yen",
        "tournament",
        "--players",
        "always1000,minus1,cmd:/nonexistent/player",
        "--games",
        "7",
        "--log",
        log.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("cannot start player"), "{}", run.stderr);
    let lines = log_lines(&log);
    assert_eq!(
        lines.len(),
        7,
        "the first series was logged before the failure"
    );
    assert!(lines
        .iter()
        .all(|l| l["result"] == "b" && l["b"] == "minus1"));
    let _ = std::fs::remove_file(&log);
}

#[cfg(feature = "cli")]
#[test]
fn tournament_of_the_three_listings() {
    let run = cli(&[
        "yen",
        "tournament",
        "--players",
        "always1000,minus1,random",
        "--games",
        "1000",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    snapshot!("yen_tournament_listings", run.stdout);
}

/// The crate's own player beats each listing's player in a 1,000-match
/// series, from either side, for several seeds of `random`.
#[test]
fn hunter_wins_its_series_against_every_built_in() {
    use solved_games::games::yen::players::Hunter;
    for seed in 1..=3 {
        let opponents: Vec<(&str, Box<dyn Strategy + Send>)> = vec![
            ("always1000", Box::new(Always1000)),
            ("minus1", Box::new(Minus1)),
            ("random", Box::new(Random::new(seed))),
        ];
        for (name, strategy) in opponents {
            let (_, score) = built_in_series(
                Rules::default(),
                (name, strategy),
                ("hunter", Box::new(Hunter::new())),
                1000,
            );
            assert_eq!(
                score.outcome(),
                Outcome::Winner(Player::Second),
                "{name} seed {seed}: {score:?}"
            );
            assert!(score.wins_b > 900, "{name} seed {seed}: {score:?}");
        }
    }
    // And from side A against a program.
    let (score, _) = play("hunter", &script("always1000"), 50, Rules::default());
    assert_eq!(score.outcome(), A_WINS, "{score:?}");
}

/// Compiles a player from tests/players/NAME.c. A missing C compiler fails
/// the test: it must never pass by skipping (`.ci/run` installs gcc).
fn c_player(name: &str) -> String {
    let out = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("yen-{name}"));
    let src = format!("{}/tests/players/{name}.c", env!("CARGO_MANIFEST_DIR"));
    let status = std::process::Command::new("cc")
        .arg("-O2")
        .arg("-o")
        .arg(&out)
        .arg(&src)
        .status()
        .unwrap_or_else(|e| {
            panic!("cannot run the C compiler `cc` ({e}); install one (.ci/run installs gcc)")
        });
    assert!(status.success(), "cc failed to compile {src}");
    format!("cmd:{}", out.display())
}

/// The C players behave exactly like the built-ins they copy, over 1,000
/// matches through the pipes (the same series the pipe benchmark times).
#[test]
fn c_players_over_pipes_match_the_built_ins() {
    let (always, minus) = (c_player("always1000"), c_player("minus1"));
    let (score, played) = play(&always, &minus, 1000, Rules::default());
    assert_eq!((score.wins_a, score.draws, score.wins_b), (0, 0, 1000));
    assert!(played.iter().all(|p| p.money == (3008, 16992)));
    let rules = Rules {
        total: 37,
        rounds: 4,
    };
    for opponent in ["random", "hunter"] {
        let (by_pipe, _) = play(&minus, opponent, 200, rules);
        let (built_in, _) = play("minus1", opponent, 200, rules);
        assert_eq!(by_pipe, built_in, "{opponent}");
    }
}

#[test]
fn a_program_that_stops_reading_forfeits_instead_of_blocking_the_referee() {
    let rules = Rules {
        total: 0,
        rounds: 10,
    };
    let (score, played) = play(&script("deaf"), "always1000", 5000, rules);
    let deaf: Vec<_> = played
        .iter()
        .flat_map(|p| p.forfeits.iter())
        .filter(|f| f.2 == "not_reading")
        .collect();
    assert!(!deaf.is_empty(), "{score:?}");
    assert!(deaf.iter().all(|f| f.0 == Player::First));
    assert_eq!(score.games(), 5000);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
    /// Whatever T, R and players: every recorded bet is legal, each side's
    /// bets sum to T, and the money taken is exactly 2T.
    #[test]
    fn money_is_conserved_in_every_match(total in 0u64..500, rounds in 1u32..12, seed in 0u64..1000, pick in 0usize..4) {
        let rules = Rules { total, rounds };
        let make = |k: usize, s: u64| -> Box<dyn Strategy + Send> {
            match k {
                0 => Box::new(Always1000),
                1 => Box::new(Minus1),
                2 => Box::new(Random::new(s)),
                _ => Box::new(solved_games::games::yen::players::Hunter::new()),
            }
        };
        let mut a = BuiltIn::new("a", make(pick, seed));
        let mut b = BuiltIn::new("b", make((pick + seed as usize) % 4, seed + 1));
        Referee::new(rules)
            .play_series(&mut a, &mut b, 8, |r| {
                assert!(r.forfeits.is_empty());
                assert_eq!(r.rounds.len(), rounds as usize);
                assert_eq!(r.rounds.iter().map(|x| x.bet_a).sum::<u64>(), total);
                assert_eq!(r.rounds.iter().map(|x| x.bet_b).sum::<u64>(), total);
                let (ma, mb) = r.money();
                assert_eq!(ma + mb, 2 * total);
                Ok(())
            })
            .unwrap();
    }
}

/// A is read first; while the referee waits out A's timeout, B's answer
/// sits in its pipe and must still count as on time.
#[test]
fn a_timeout_of_one_player_is_not_charged_to_the_other() {
    let (score, played) = play(&script("slow"), &script("always1000"), 2, Rules::default());
    assert_eq!(played[0].forfeits, vec![(Player::First, 2, "timeout")]);
    assert_eq!(played[1].forfeits, vec![(Player::First, 2, "timeout")]);
    assert_eq!(score.wins_b, 2);
}

/// Whether process `pid` is gone (or a zombie about to be reaped by init).
fn process_gone(pid: &str) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit(')')
            .next()
            .is_some_and(|rest| rest.trim_start().starts_with('Z')),
    }
}

#[test]
fn children_a_faulty_program_leaves_behind_are_killed_too() {
    let pid_file = temp_log("orphan-pid");
    let player = format!("{} {}", script("orphan"), pid_file.display());
    let (score, played) = play("always1000", &player, 1, Rules::default());
    assert_eq!(score.wins_a, 1);
    assert_eq!(played[0].forfeits[0].2, "timeout");
    let pid = std::fs::read_to_string(&pid_file).unwrap();
    let pid = pid.trim();
    let deadline = std::time::Instant::now() + Duration::from_secs(2);
    while !process_gone(pid) && std::time::Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(process_gone(pid), "the orphan {pid} still runs");
    let _ = std::fs::remove_file(&pid_file);
}

#[test]
fn a_program_may_exit_without_reading_the_last_bet_of_the_series() {
    for _ in 0..5 {
        let (score, played) = play(&script("no_last_read"), "minus1", 3, Rules::default());
        assert!(played.iter().all(|p| p.forfeits.is_empty()), "{played:?}");
        assert_eq!(score.wins_b, 3);
    }
}

#[cfg(feature = "cli")]
#[test]
fn match_json_has_the_documented_shape() {
    let run = cli(&[
        "yen",
        "match",
        "--a",
        "minus1",
        "--b",
        "always1000",
        "--games",
        "10",
        "--json",
        "--total",
        "100",
        "--rounds",
        "4",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["total"], 100);
    assert_eq!(v["rounds"], 4);
    assert_eq!(v["games"], 10);
    let counts: u64 = ["wins_a", "draws", "wins_b"]
        .iter()
        .map(|k| v[k]["count"].as_u64().unwrap())
        .sum();
    assert_eq!(counts, 10);
    let winner = match v["wins_a"]["count"]
        .as_u64()
        .cmp(&v["wins_b"]["count"].as_u64())
    {
        std::cmp::Ordering::Greater => serde_json::json!("minus1"),
        std::cmp::Ordering::Less => serde_json::json!("always1000"),
        std::cmp::Ordering::Equal => serde_json::Value::Null,
    };
    assert_eq!(v["winner"], winner);
}

/// Plays a series (or its rest, after `played`) and returns its score and
/// every new match as a log keeps it.
fn resumed(
    a: &str,
    b: &str,
    games: u64,
    played: &[solved_games::games::yen::referee::PlayedMatch],
) -> (
    solved_games::games::yen::referee::SeriesScore,
    Vec<solved_games::games::yen::referee::PlayedMatch>,
) {
    use solved_games::games::yen::referee::PlayedMatch;
    let timeout = Duration::from_millis(300);
    let mut ca = a
        .parse::<PlayerSpec>()
        .unwrap()
        .contestant(1, timeout)
        .unwrap();
    let mut cb = b
        .parse::<PlayerSpec>()
        .unwrap()
        .contestant(2, timeout)
        .unwrap();
    let mut new = Vec::new();
    let score = Referee::new(Rules::default())
        .resume_series(&mut *ca, &mut *cb, games, played, |r| {
            new.push(PlayedMatch::from_record(r));
            Ok(())
        })
        .expect("players start and replay");
    (score, new)
}

/// Stopped after any match and resumed from the matches played, a series
/// ends as if it had never stopped: the learning player (hunter) and the
/// seeded one (random) replay to where they were, and the referee's book of
/// faults in a row carries over, so a program still gets disqualified
/// after its third faulty match.
#[test]
fn a_series_resumed_after_any_match_ends_as_if_never_stopped() {
    let negative = script("negative");
    let always = script("always1000");
    for (a, b, games) in [
        ("hunter", "random", 12),
        (negative.as_str(), "always1000", 6),
        ("hunter", always.as_str(), 5),
    ] {
        let (whole, matches) = resumed(a, b, games, &[]);
        assert_eq!(matches.len() as u64, games);
        for split in 0..=games as usize {
            let (score, rest) = resumed(a, b, games, &matches[..split]);
            assert_eq!(score, whole, "{a} vs {b} resumed after match {split}");
            assert_eq!(
                rest,
                matches[split..],
                "{a} vs {b} resumed after match {split}"
            );
        }
    }
}

/// A log written under other settings is refused: a built-in player does
/// not bet as logged.
#[test]
fn a_resume_from_a_log_of_other_settings_is_refused() {
    use solved_games::games::yen::referee::RefereeError;
    let (_, matches) = resumed("random", "minus1", 3, &[]);
    let mut ca = BuiltIn::new("random", Box::new(Random::new(999)));
    let mut cb = BuiltIn::new("minus1", Box::new(Minus1));
    let error = Referee::new(Rules::default())
        .resume_series(&mut ca, &mut cb, 3, &matches[..2], |_| Ok(()))
        .unwrap_err();
    assert!(
        matches!(error, RefereeError::Replay { number: 1, .. }),
        "{error}"
    );
}

#[test]
fn a_bad_player_is_refused_with_the_variant_naming_what_is_wrong() {
    use solved_games::games::yen::best_response::{DocumentPlayer, ParseDocumentPlayerError};
    use solved_games::games::yen::referee::{CommandError, Fault, RefereeError, StartError};
    use solved_games::games::yen::tournament::ParsePlayerError;
    let err = |text: &str| text.parse::<PlayerSpec>().unwrap_err();
    assert!(matches!(err("nobody"), ParsePlayerError::UnknownPlayer { text } if text == "nobody"));
    assert!(matches!(err("cmd:  "), ParsePlayerError::EmptyCommand));
    assert!(matches!(
        err("cmd:./player 'x"),
        ParsePlayerError::Command(CommandError::UnclosedQuote { command }) if command == "./player 'x"
    ));
    assert!(matches!(
        "hunter".parse::<DocumentPlayer>(),
        Err(ParseDocumentPlayerError::UnknownPlayer { text }) if text == "hunter"
    ));
    let timeout = Duration::from_millis(300);
    // A command of blanks cannot be typed as cmd:, but a library user can
    // build it; it names no program.
    let blank = PlayerSpec::Command("  ".to_string());
    assert!(matches!(
        blank.contestant(1, timeout),
        Err(CommandError::Empty)
    ));
    // A program that does not exist fails when the series starts.
    let spec: PlayerSpec = "cmd:/nonexistent/player".parse().unwrap();
    let mut missing = spec.contestant(1, timeout).unwrap();
    let mut minus1 = BuiltIn::new("minus1", Box::new(Minus1));
    let e = Referee::new(Rules::default())
        .play_series(&mut *missing, &mut minus1, 1, |_| Ok(()))
        .unwrap_err();
    assert!(
        matches!(
            &e,
            RefereeError::CannotStart {
                reason: StartError::Fault(Fault::CannotStart { program, error }),
                player
            } if player == "/nonexistent/player"
                && program == "/nonexistent/player"
                && error.kind == std::io::ErrorKind::NotFound
                && error.code == Some(libc_enoent())
        ),
        "{e:?}"
    );
    // Shown as the system shows the error.
    assert_eq!(
        e.to_string(),
        format!(
            "cannot start player \"/nonexistent/player\": /nonexistent/player: {}",
            std::io::Error::from_raw_os_error(libc_enoent())
        )
    );
}

/// ENOENT, "No such file or directory", on every Unix.
fn libc_enoent() -> i32 {
    2
}

#[cfg(feature = "cli")]
#[test]
fn a_bad_player_reads_as_before() {
    assert_eq!(
        "nobody".parse::<PlayerSpec>().unwrap_err().to_string(),
        "unknown player \"nobody\": expected one of always1000, minus1, random, hunter or cmd:PROGRAM"
    );
    assert_eq!(
        "cmd:./player 'x"
            .parse::<PlayerSpec>()
            .unwrap_err()
            .to_string(),
        "player command \"./player 'x\": missing closing quote"
    );
    let run = cli(&["yen", "match", "--a", "nobody", "--b", "minus1"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert_eq!(
        run.stderr.trim_end(),
        "solved-games: error: --a \"nobody\": unknown player \"nobody\": expected one of always1000, minus1, random, hunter or cmd:PROGRAM"
    );
}
