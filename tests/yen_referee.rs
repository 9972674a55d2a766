//! The 10,000-yen game's referee (document 000 §2–4): rules, built-in
//! players, Listing 4's transcript, player programs over pipes and every
//! way they can misbehave, tournaments and their log, the cycle claim.

mod common;

use common::{assert_input_error, cli};
use solved_games::core::{Outcome, Player};
use solved_games::games::yen::players::{Always1000, Minus1, Random, Strategy, View};
use solved_games::games::yen::referee::{transcript, BuiltIn, Contestant, Referee};
use solved_games::games::yen::rules::{Rounds, Rules};

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

#[test]
fn bad_arguments_are_one_line_errors() {
    assert_input_error(&["yen", "match", "--a", "always100", "--b", "minus1"]);
    assert_input_error(&["yen", "match", "--a", "cmd:", "--b", "minus1"]);
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

#[test]
fn every_published_referee_claim_passes() {
    common::assert_claims_pass(solved_games::claims::GameId::Yen);
}
