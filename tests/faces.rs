//! Every game through its face (`solved_games::games::Game`): the one
//! harness `games::naive_equals_optimized` (naive = optimized), run over
//! instances of each game within the naive solver's reach, written in the
//! game's notation and read back through `FromStr`; the naive solvers'
//! typed refusal past their reach; the typed parse errors.

use crate::common::history_from_shares;
use proptest::prelude::*;
use solved_games::claims::evidence;
use solved_games::core::Wdl;
use solved_games::games::geister::analysis::{Kind, ParseKindError};
use solved_games::games::geister::face::{Geister, ParseQuestionError};
use solved_games::games::geister::rules::ParsePositionError;
use solved_games::games::memory::face::Memory;
use solved_games::games::memory::State;
use solved_games::games::nim::face::Nim;
use solved_games::games::stones::face::{ParseStoneRowError, StoneGames};
use solved_games::games::yen::face::{ParseYenQuestionError, Yen};
use solved_games::games::yen::rules::{InvalidState, ParseStateError};
use solved_games::games::{self, Game, GameId, Shrink, SolveError, Solver, Table, Visit};

/// Reads each instance from its notation and checks that it writes back the
/// same and lies within the naive solver's limits: what this test adds to
/// the one harness.
fn read_within_limits<G: Game>(
    instances: impl IntoIterator<Item = String>,
) -> Result<Vec<G::Instance>, TestCaseError> {
    let mut read = Vec::new();
    for text in instances {
        let instance: G::Instance = text
            .parse()
            .map_err(|e| TestCaseError::fail(format!("{}: {text:?}: {e}", G::NAME)))?;
        let written = instance.to_string();
        let again: G::Instance = written.parse().map_err(|e| {
            TestCaseError::fail(format!("{}: {written:?} does not read back: {e}", G::NAME))
        })?;
        prop_assert_eq!(again.to_string(), written.clone(), "{}", G::NAME);
        let (limits, size) = G::size(&instance);
        prop_assert!(
            limits.naive.map_or(true, |limit| size <= limit),
            "{}: {written} is past the naive limit ({size} {})",
            G::NAME,
            limits.unit
        );
        read.push(instance);
    }
    Ok(read)
}

/// The instances read back through their notation, then both solvers on
/// each by the one harness, [`games::naive_equals_optimized`] (a naive
/// refusal counts as a disagreement). Returns the number checked.
fn naive_agrees<G: Game>(
    instances: impl IntoIterator<Item = String>,
) -> Result<usize, TestCaseError> {
    let read = read_within_limits::<G>(instances)?;
    games::naive_equals_optimized::<G>(read)
        .map_err(|d| TestCaseError::fail(format!("naive ≠ optimized: {d}")))
}

fn run<G: Game>(instances: impl IntoIterator<Item = String>) -> usize {
    naive_agrees::<G>(instances).unwrap_or_else(|e| panic!("{e}"))
}

/// Every game of the registry through the one harness: its examples
/// (`Game::EXAMPLES`, what the bench times) read back through their
/// notation and solved by both solvers alike. A game added to the registry
/// is checked here without a line of this file.
#[test]
fn every_game_of_the_registry_passes_the_harness_on_its_examples() {
    struct Harness;
    impl Visit for Harness {
        type Output = usize;
        fn visit<G: Table + Shrink + 'static>(self) -> usize
        where
            G::Instance: Send + Sync,
            G::Value: Send + Sync,
        {
            assert!(!G::EXAMPLES.is_empty(), "{}: no examples", G::NAME);
            run::<G>(G::EXAMPLES.iter().map(|&(_, text)| text.to_string()))
        }
    }
    for game in GameId::ALL {
        assert_eq!(game.visit(Harness), game.visit(Count), "{game:?}");
    }
    struct Count;
    impl Visit for Count {
        type Output = usize;
        fn visit<G: Table + Shrink + 'static>(self) -> usize
        where
            G::Instance: Send + Sync,
            G::Value: Send + Sync,
        {
            G::EXAMPLES.len()
        }
    }
}

#[test]
fn nim_every_position_of_up_to_three_piles_of_five() {
    let mut positions = Vec::new();
    for a in 0..=5 {
        positions.push(format!("{a}"));
        for b in 0..=5 {
            positions.push(format!("{a}{b}"));
            for c in 0..=5 {
                positions.push(format!("{a}{b}{c}"));
            }
        }
    }
    positions.extend(["12,3,14", "1234", "20,20", "7,7,7,7"].map(String::from));
    assert_eq!(run::<Nim>(positions), 6 + 36 + 216 + 4);
}

#[test]
fn memory_every_state_up_to_five_pairs() {
    let mut states = Vec::new();
    for n in 1..=5 {
        for m in 0..=n {
            for k in 0..=n {
                for s in [State::f(n, m, k), State::g(n, m, k)].into_iter().flatten() {
                    states.push(s.to_string());
                }
            }
        }
    }
    // The paper's short form G(n,k) reads too.
    states.push("G(4,2)".to_string());
    // n(n+1)/2 F states and as many G states for each n, and G(4,2).
    assert_eq!(
        run::<Memory>(states),
        (1..=5).map(|n| n * (n + 1)).sum::<usize>() + 1
    );
}

/// The squares a1 … d4.
fn squares() -> Vec<String> {
    "abcd"
        .chars()
        .flat_map(|file| (1..=4).map(move |rank| format!("{file}{rank}")))
        .collect()
}

#[test]
fn geister_positions_of_two_analyses_with_one_piece_anywhere() {
    // §3's start, then player 1's second piece on every free square, and in
    // the full-information win analysis player 1's red on every free square
    // (on an escape square it must not count as an escape), both to move.
    let mut questions = vec!["basic b1,c1/b4,c4 1".to_string()];
    for square in squares() {
        for side in [1, 2] {
            if !["b1", "b4", "c4"].contains(&square.as_str()) {
                questions.push(format!("basic b1,{square}/b4,c4 {side}"));
            }
            if !["b2", "c3", "d1"].contains(&square.as_str()) {
                questions.push(format!("win-br-vs-br Bb2,R{square}/c3,d1 {side}"));
            }
        }
    }
    assert_eq!(run::<Geister>(questions), 1 + 2 * 13 + 2 * 13);
}

/// The state after `history`, worked out here from §2's settlement.
fn yen_question(total: u64, rounds: u32, history: &[(u64, u64)]) -> String {
    let (mut money_a, mut money_b, mut diff) = (total, total, 0i64);
    for &(a, b) in history {
        money_a -= a;
        money_b -= b;
        diff += match a.cmp(&b) {
            std::cmp::Ordering::Less => (a + b) as i64,
            std::cmp::Ordering::Greater => -((a + b) as i64),
            std::cmp::Ordering::Equal => 0,
        };
    }
    let left = rounds - history.len() as u32;
    format!("{total},{rounds}: {left},{money_a},{money_b},{diff}")
}

#[test]
fn yen_starts_of_small_games() {
    let starts = (0..=6).flat_map(|t| (1..=4).map(move |r| yen_question(t, r, &[])));
    assert_eq!(run::<Yen>(starts), 7 * 4);
}

fn stone_row(game: u8, a: &[i64], b: &[i64]) -> String {
    let list = |v: &[i64]| {
        v.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(",")
    };
    if game == 5 {
        format!("{game}: {} / {}", list(a), list(b))
    } else {
        format!("{game}:{}", list(a))
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn stones_random_rows_of_every_game(
        game in 1u8..=5,
        a in prop::collection::vec(-20i64..50, 1..=16),
        b in prop::collection::vec(-20i64..50, 16),
    ) {
        // Game 5's naive search tries every order of the stones: n! / ….
        let n = if game == 5 { a.len().min(8) } else { a.len() };
        naive_agrees::<StoneGames>([stone_row(game, &a[..n], &b[..n])])?;
    }

    #[test]
    fn yen_states_reached_by_random_histories(
        total in 1u64..=7,
        rounds in 2u32..=5,
        shares in prop::collection::vec((0u64..=100, 0u64..=100), 0..5),
    ) {
        let played = shares.len().min(rounds as usize - 1);
        let history = history_from_shares(total, &shares[..played]);
        naive_agrees::<Yen>([yen_question(total, rounds, &history)])?;
    }
}

/// The naive solver refuses, with the typed error, an instance just past
/// its reach, and the optimized solver takes it.
fn naive_refuses<G: Game>(text: &str) {
    let instance: G::Instance = text.parse().expect("a valid instance");
    let (limits, size) = G::size(&instance);
    let limit = limits.naive.expect("the naive solver has a limit");
    assert!(
        size > limit,
        "{text}: {size} {} within the limit",
        limits.unit
    );
    assert_eq!(
        G::naive(&instance),
        Err(SolveError::TooLarge {
            game: G::NAME,
            solver: Solver::Naive,
            size,
            limit,
            unit: limits.unit,
        })
    );
    assert!(G::optimized(&instance).is_ok(), "{text}: optimized");
}

#[test]
fn naive_solvers_refuse_past_their_reach_with_a_typed_error() {
    // 101^3 positions > 10^6.
    naive_refuses::<Nim>("1,0,100");
    let row: Vec<String> = (1..=25).map(|v| v.to_string()).collect();
    naive_refuses::<StoneGames>(&format!("1: {}", row.join(",")));
    naive_refuses::<Memory>("F(9,0,0)");
    naive_refuses::<Yen>("13,10: 10,13,13,0");
    // The largest instances within reach are taken.
    assert_eq!(Nim::naive(&"99,99,99".parse().unwrap()), Ok(Wdl::Win));
}

#[test]
fn yen_naive_names_a_state_no_bets_reach() {
    // One round played with both players betting 1: equal bets are returned,
    // so A cannot be 2 ahead, though |2| ≤ 2 yen bet passes the state check.
    let q = "2,3: 2,1,1,2".parse::<<Yen as Game>::Instance>().unwrap();
    assert!(matches!(
        Yen::naive(&q),
        Err(SolveError::Unreachable {
            solver: Solver::Naive,
            ..
        })
    ));
}

#[test]
fn parse_errors_are_typed() {
    let stones = |t: &str| t.parse::<<StoneGames as Game>::Instance>().unwrap_err();
    assert_eq!(stones("1 2 3"), ParseStoneRowError::Notation);
    assert!(matches!(
        stones("6: 1,2"),
        ParseStoneRowError::GameNumber { .. }
    ));
    assert!(matches!(
        stones("1: 1,,2"),
        ParseStoneRowError::Value { .. }
    ));
    assert_eq!(stones("2: 1 / 2"), ParseStoneRowError::ValuesBOutsideGame5);
    assert_eq!(stones("5: 1,2"), ParseStoneRowError::MissingValuesB);
    assert!(matches!(
        stones("5: 1,2 / 3"),
        ParseStoneRowError::Stones(_)
    ));

    let geister = |t: &str| t.parse::<<Geister as Game>::Instance>().unwrap_err();
    assert_eq!(geister("basic"), ParseQuestionError::Notation);
    assert!(matches!(
        geister("nope b1,c1/b4,c4 1"),
        ParseQuestionError::Analysis(ParseKindError::UnknownAnalysis { .. })
    ));
    assert!(matches!(
        geister("basic b1,c1/b4 3"),
        ParseQuestionError::Position(ParsePositionError::UnknownSide { .. })
    ));
    assert_eq!(
        geister("basic Bb1,Rc1/b4,c4 1"),
        ParseQuestionError::NotInAnalysis {
            kind: Kind::Basic,
            position: "Bb1,Rc1/b4,c4 1".to_string()
        }
    );

    let yen = |t: &str| t.parse::<<Yen as Game>::Instance>().unwrap_err();
    assert_eq!(yen("10,10"), ParseYenQuestionError::Notation);
    assert!(matches!(
        yen("10,0: 0,0,0,0"),
        ParseYenQuestionError::Rules { .. }
    ));
    assert!(matches!(
        yen("10,10: 10,10,10"),
        ParseYenQuestionError::State(ParseStateError::FieldCount { fields: 3, .. })
    ));
    assert!(matches!(
        yen("10,10: 10,9,10,0"),
        ParseYenQuestionError::Impossible(InvalidState::BetBeforeRoundOne { .. })
    ));
}

#[test]
fn evidence_through_the_face_passes_only_where_the_solvers_agree() {
    let position = "735".parse().unwrap();
    let e = evidence::<Nim>(&position).unwrap();
    assert_eq!(e, solved_games::claims::Evidence::both("win", "win"));
    let refused = "F(9,0,0)".parse().unwrap();
    assert!(matches!(
        evidence::<Memory>(&refused),
        Err(SolveError::TooLarge { .. })
    ));
}
