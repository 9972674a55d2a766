//! Three-pile Nim (document 002): the two solvers agree with each other and
//! with Bouton's XOR rule, the lecture table is pinned, the CLI behaves.
// The command-line tests run the binary, built only with the `cli` feature.
#![cfg_attr(not(feature = "cli"), allow(unused))]

use crate::common::{assert_input_error, cli};
use proptest::prelude::*;
use quickcheck::quickcheck;
use solved_games::games::nim::optimized::{Entry, Table};
use solved_games::games::nim::{bouton, naive, Move, Position};

#[test]
fn naive_and_optimized_agree_on_every_position_with_piles_up_to_5() {
    let table = Table::build(3, 5);
    let mut search = naive::Search::new();
    for i in 0..table.len() {
        let p = table.position(i);
        assert_eq!(search.is_losing(&p), table.is_losing(&p), "{p}");
        assert_eq!(
            search.winning_moves(&p),
            table.winning_moves(&p).unwrap(),
            "{p}"
        );
    }
}

#[test]
fn optimized_table_matches_bouton_up_to_99() {
    let table = Table::build(3, 99);
    let mut losing = 0;
    for i in 0..table.len() {
        let p = table.position(i);
        assert_eq!(table.is_losing(&p), bouton::is_losing(&p), "{p}");
        losing += usize::from(bouton::is_losing(&p));
    }
    assert_eq!(table.losing_count(), losing);
}

/// §38.19's program records, for a winning position, the move it found
/// last: the largest take from the last pile that reaches a losing
/// position, else the last pile before it that has one.
#[test]
fn lecture_target_is_the_last_winning_move_in_scan_order() {
    let table = Table::build(3, 9);
    let mut search = naive::Search::new();
    for i in 0..table.len() {
        let p = table.position(i);
        match table.entry(i) {
            Entry::Losing => assert!(search.winning_moves(&p).is_empty(), "{p}"),
            Entry::Winning { target } => {
                let moves = search.winning_moves(&p);
                let last_pile = moves.iter().map(|m| m.pile).max().unwrap();
                let biggest = moves
                    .iter()
                    .filter(|m| m.pile == last_pile)
                    .map(|m| m.take)
                    .max()
                    .unwrap();
                let expected = p.play(Move {
                    pile: last_pile,
                    take: biggest,
                });
                assert_eq!(table.position(target as usize), expected, "{p}");
            }
        }
    }
}

#[test]
fn lecture_listing_for_piles_0_to_9_is_pinned() {
    snapshot!(
        "nim_lecture_listing_0_to_9",
        Table::build(3, 9).lecture_listing()
    );
}

#[test]
fn lecture_listing_for_piles_0_to_2_is_pinned() {
    snapshot!(
        "nim_lecture_listing_0_to_2",
        Table::build(3, 2).lecture_listing()
    );
}

proptest! {
    #[test]
    fn naive_agrees_with_bouton_on_random_positions(piles in prop::collection::vec(0u32..6, 1..=4)) {
        let p = Position::new(piles);
        prop_assert_eq!(naive::is_losing(&p), bouton::is_losing(&p));
    }

    #[test]
    fn every_winning_move_reaches_a_zero_nim_sum(piles in prop::collection::vec(0u32..40, 3)) {
        let p = Position::new(piles);
        let table = Table::build(3, 39);
        for mv in table.winning_moves(&p).unwrap() {
            prop_assert_eq!(bouton::nim_sum(&p.play(mv)), 0);
        }
        prop_assert_eq!(table.is_losing(&p), bouton::nim_sum(&p) == 0);
    }
}

quickcheck! {
    fn position_text_round_trips(piles: Vec<u8>) -> bool {
        let p = Position::new(piles.into_iter().map(u32::from).collect());
        if p.piles().is_empty() {
            return true;
        }
        p.to_string().parse::<Position>() == Ok(p)
    }
}

#[cfg(feature = "cli")]
#[test]
fn cli_answers_735_with_every_winning_move() {
    let run = cli(&["nim", "735"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    snapshot!("nim_cli_735", run.stdout);
    let json: serde_json::Value =
        serde_json::from_str(&cli(&["nim", "735", "--json"]).stdout).unwrap();
    assert_eq!(json["outcome"], "win");
    let naive = cli(&["nim", "735", "--json", "--solver", "naive"]);
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&naive.stdout).unwrap(),
        json
    );
}

#[cfg(feature = "cli")]
#[test]
fn cli_reports_a_losing_position() {
    let json: serde_json::Value =
        serde_json::from_str(&cli(&["nim", "123", "--json"]).stdout).unwrap();
    assert_eq!(json["outcome"], "loss");
    assert_eq!(json["moves"], serde_json::json!([]));
}

/// The listing the CLI prints, read line by line and checked against the
/// naive game-tree search (not the table that printed it): every position
/// with piles 0..=4 once, in index order, × exactly where the search finds
/// no winning move, and each recorded target one of the search's winning
/// moves.
#[cfg(feature = "cli")]
#[test]
fn cli_table_agrees_with_the_naive_search() {
    let run = cli(&["nim", "--table", "--max", "4"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 125);
    let mut k = 0;
    for a in 0..=4 {
        for b in 0..=4 {
            for c in 0..=4 {
                let here = Position::new(vec![a, b, c]);
                let wins: Vec<Position> = naive::winning_moves(&here)
                    .into_iter()
                    .map(|mv| here.play(mv))
                    .collect();
                let want = if wins.is_empty() {
                    format!("{here} ×")
                } else {
                    let (shown, target) = lines[k].split_once(" → ").expect(lines[k]);
                    assert_eq!(shown, here.to_string());
                    let target: Position = target.parse().unwrap();
                    assert!(
                        wins.contains(&target),
                        "{}: {target} does not win",
                        lines[k]
                    );
                    format!("{here} → {target}")
                };
                assert_eq!(lines[k], want);
                k += 1;
            }
        }
    }
}

#[cfg(feature = "cli")]
#[test]
fn cli_rejects_bad_positions_with_one_line() {
    assert_input_error(&["nim", "7x5"]);
    assert_input_error(&["nim", ""]);
    assert_input_error(&["nim", "7,,5"]);
    assert_input_error(&["nim", "12,3,4"]);
    assert_input_error(&["nim", "735", "--max", "100"]);
    assert_input_error(&["nim", "1,1,1,1,1,1,1,1", "--max", "99"]);
    assert_input_error(&["nim", "99,99,99", "--max", "99", "--solver", "naive"]);
}

/// `nim 12` could be one pile of 12 or two piles of 1 and 2: the digit
/// shorthand is the lecture's three-pile notation ("735") only, and anything
/// else without commas is refused, naming both accepted forms.
#[cfg(feature = "cli")]
#[test]
fn cli_refuses_ambiguous_digit_shorthand() {
    for text in ["12", "1234", "7"] {
        let err = assert_input_error(&["nim", text]);
        assert!(
            err.contains("735") && err.contains("12,3,40"),
            "{text}: the error should name both accepted forms: {err}"
        );
    }
    // Commas say what is meant, whatever the number of piles.
    assert_eq!(cli(&["nim", "1,2", "--json"]).code, 0);
    assert_eq!(cli(&["nim", "12,3", "--max", "12", "--json"]).code, 0);
}

/// `nim --table --json` is streamed row by row: at `--max 99` (10⁶ rows,
/// 58 MB) it took 2 GB as one JSON tree. Under a 1 GB address-space limit
/// it must finish, and print the bytes it printed as a tree: for `--max 9`
/// the tree is built here from the library and compared byte for byte, and
/// for `--max 99` the SHA-256 is the one the tree version printed (5c208e7).
#[cfg(feature = "cli")]
#[test]
fn cli_table_json_is_streamed_with_the_same_bytes() {
    use sha2::{Digest, Sha256};
    let table = Table::build(3, 9);
    let rows: Vec<serde_json::Value> = (0..table.len())
        .map(|i| {
            let target = match table.entry(i) {
                Entry::Losing => None,
                Entry::Winning { target } => Some(table.position(target as usize).piles().to_vec()),
            };
            serde_json::json!({"position": table.position(i).piles(), "losing": target.is_none(), "target": target})
        })
        .collect();
    let tree = serde_json::json!({"max": 9, "losing": table.losing_count(), "positions": rows});
    let run = cli(&["nim", "--table", "--max", "9", "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        format!("{}\n", serde_json::to_string(&tree).unwrap())
    );

    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 1000000 && exec \"$0\" nim --table --max 99 --json")
        .arg(env!("CARGO_BIN_EXE_solved-games"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{:?}: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.stdout.len(), 58_150_375, "58 MB");
    let digest: String = Sha256::digest(&out.stdout)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    assert_eq!(
        digest,
        "268fb9f57666d1d94f035b1153f52dfba123ad752cebe7b60126882ed4b46358"
    );
}
