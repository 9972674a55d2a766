//! The Memory §4 variants through the binary: `memory --variant …` prints
//! the wing's values and refuses bad input.

use crate::common;
use solved_games::memory_variants::variants::optimized::VariantTable;
use solved_games::memory_variants::variants::ranks::optimized::RankSolver;
use solved_games::memory_variants::variants::three::optimized::{
    max_n_starts, paranoid_starts, ThreeTable,
};
use solved_games::memory_variants::variants::three::packed::paranoid_starts_under;
use solved_games::memory_variants::variants::three::{Mode, PassRule};
use solved_games::memory_variants::variants::Variant;

#[test]
fn the_cli_prints_the_tables_values_and_refuses_bad_input() {
    for variant in Variant::ALL {
        let run = common::cli(&["memory", "--variant", variant.name(), "--n", "5", "--json"]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
        let start = VariantTable::build(variant, 5).start(5).clone();
        assert_eq!(v["start"]["mover"], start.mover.to_string(), "{variant}");
        assert_eq!(v["start"]["other"], start.other.to_string(), "{variant}");
        assert_eq!(v["start"]["draw"], start.draw.to_string(), "{variant}");
        let table = common::cli(&["memory", "--variant", variant.name(), "--n", "3", "--table"]);
        assert_eq!(table.code, 0);
        let listed = VariantTable::build(variant, 3).states(3).len();
        assert_eq!(table.stdout.lines().count(), listed, "{variant}");
    }
    for args in [
        &["memory", "--variant", "nope"][..],
        &["memory", "--variant", "pairs", "--n", "101"],
        &["memory", "--variant", "points", "--n", "101"],
        &["memory", "--variant", "points", "--n", "13", "--table"],
        &["memory", "--variant", "points", "--state", "f"],
        &["memory", "--variant", "points", "--float"],
    ] {
        common::assert_input_error(args);
    }
}

#[test]
fn the_cli_prints_the_recurrences_values_and_refuses_bad_input() {
    let run = common::cli(&["memory", "--variant", "three", "--n", "5", "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let m = max_n_starts(5).pop().unwrap();
    let p = paranoid_starts(5).pop().unwrap();
    for i in 0..3 {
        assert_eq!(v["max_n"]["wins"][i], m.wins[i].to_string());
        assert_eq!(v["max_n"]["payoffs"][i], m.payoff(i).to_string());
        assert_eq!(v["paranoid"]["guaranteed"][i], p.guaranteed[i].to_string());
    }
    assert_eq!(v["max_n"]["draw"], m.draw.to_string());
    let text = common::cli(&["memory", "--variant", "three", "--n", "5"]);
    assert_eq!(text.code, 0);
    assert!(
        text.stdout.contains(&format!("draw {} ≈", m.draw)),
        "{}",
        text.stdout
    );
    let table = common::cli(&["memory", "--variant", "three", "--n", "3", "--table"]);
    assert_eq!(table.code, 0);
    let listed = ThreeTable::build(Mode::MaxN, 3).states(3).len();
    assert_eq!(table.stdout.lines().count(), listed);
    // The --passes form: the rule named, the paranoid draws added.
    let two = common::cli(&[
        "memory",
        "--variant",
        "three",
        "--n",
        "5",
        "--passes",
        "2",
        "--json",
    ]);
    assert_eq!(two.code, 0, "{}", two.stderr);
    let v: serde_json::Value = serde_json::from_str(&two.stdout).unwrap();
    let p = paranoid_starts_under(PassRule::TwoInARow, 5).pop().unwrap();
    assert_eq!(v["passes_to_end"], 2);
    for i in 0..3 {
        assert_eq!(v["paranoid"]["guaranteed"][i], p.guaranteed[i].to_string());
        assert_eq!(v["paranoid"]["draws"][i], p.draws[i].to_string());
    }
    let text = common::cli(&["memory", "--variant", "three", "--n", "5", "--passes", "3"]);
    assert_eq!(text.code, 0);
    assert!(
        text.stdout.contains("paranoid draw chance"),
        "{}",
        text.stdout
    );
    assert!(text.stdout.contains("a full round of passes ends the game"));
    let table = common::cli(&[
        "memory",
        "--variant",
        "three",
        "--n",
        "3",
        "--table",
        "--passes",
        "2",
    ]);
    assert_eq!(table.code, 0);
    let listed = ThreeTable::build_under(Mode::MaxN, PassRule::TwoInARow, 3)
        .states(3)
        .len();
    assert_eq!(table.stdout.lines().count(), listed);
    for args in [
        &["memory", "--variant", "three", "--n", "101"][..],
        &["memory", "--variant", "three", "--passes", "4"],
        &["memory", "--variant", "three", "--passes", "1"],
        &["memory", "--variant", "paper", "--passes", "2"],
        &["memory", "--passes", "2"],
        &["memory", "--variant", "three", "--n", "13", "--table"],
        &["memory", "--variant", "three", "--state", "f"],
        &["memory", "--variant", "three", "--float"],
        &["memory", "--variant", "three", "--n", "0"],
    ] {
        common::assert_input_error(args);
    }
}

fn cli(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_solved-games"))
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn the_cli_prints_the_libraries_start_and_refuses_bad_input() {
    let out = cli(&["memory", "--variant", "ranks", "--ranks", "3", "--json"]);
    assert!(out.status.success());
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let v = RankSolver::new().start(3);
    assert_eq!(doc["start"]["mover"], v.mover.to_string());
    assert_eq!(doc["start"]["draw"], v.draw.to_string());
    assert_eq!(doc["start"]["win"], v.win().to_string());
    assert_eq!(doc["cards"], 12);
    let listed = cli(&["memory", "--variant", "ranks", "--ranks", "2", "--table"]);
    assert!(listed.status.success());
    let mut solver = RankSolver::new();
    solver.start(2);
    let text = String::from_utf8(listed.stdout).expect("UTF-8");
    assert_eq!(text.lines().count(), solver.solved().len());
    for bad in [
        &["memory", "--variant", "ranks", "--ranks", "0"][..],
        &["memory", "--variant", "ranks", "--ranks", "14"],
        &["memory", "--variant", "ranks", "--ranks", "5", "--table"],
        &["memory", "--variant", "ranks", "--n", "4"],
        &["memory", "--variant", "paper", "--ranks", "4"],
    ] {
        let out = cli(bad);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        let err = String::from_utf8(out.stderr).expect("UTF-8");
        assert!(
            err.starts_with("solved-games: error: ") && err.lines().count() == 1,
            "{bad:?}: {err}"
        );
    }
}
