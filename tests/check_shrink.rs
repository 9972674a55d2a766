//! `solved-games check` shrinks a failure of every game: Geister (remove a
//! piece, step a piece back) and yen (lower T or R, then the state), with
//! the table-backed wrong solvers of examples/solvers/ (they answer from a
//! table `export` wrote, with a deliberate slip), each shrunk to the
//! minimal counterexample stated here (computed by both solvers, checked
//! against the program's answer in the JSON report).

use solved_games::games::Solver;
use solved_games::table;
use std::path::Path;
use std::process::Command;

/// Writes the table `game params` to `dir`; its path.
fn export(dir: &Path, game: &str, params: &str) -> String {
    let path = dir.join(format!("{game} {params}.tsv").replace([' ', '='], "_"));
    let mut text = Vec::new();
    table::export_named(
        &solved_games::table_kinds(),
        game,
        params,
        Solver::Optimized,
        &mut text,
    )
    .expect("exported")
    .expect("parameters read");
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// `check GAME cmd:"python3 PROGRAM FILES" ARGS --json`: exit code, report.
fn check(game: &str, program: &str, files: &[String], args: &[&str]) -> (i32, serde_json::Value) {
    let command = format!("cmd:python3 {program} {}", files.join(" "));
    let out = Command::new(env!("CARGO_BIN_EXE_solved-games"))
        .args(["check", game, &command])
        .args(args)
        .arg("--json")
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/solvers"))
        .output()
        .expect("the binary runs");
    let text = String::from_utf8(out.stdout).unwrap();
    let report = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("{e}: {text} {}", String::from_utf8_lossy(&out.stderr)));
    (out.status.code().unwrap(), report)
}

/// The counterexample's found and shrunk instance, steps, and the shrunk
/// answers (program, optimized, naive).
fn counterexample(report: &serde_json::Value) -> (String, String, u64, [String; 3]) {
    let c = &report["counterexample"];
    let s = |v: &serde_json::Value| v.as_str().unwrap().to_string();
    (
        s(&c["found"]["instance"]),
        s(&c["shrunk"]["instance"]),
        c["steps"].as_u64().unwrap(),
        [
            s(&c["shrunk"]["program"]),
            s(&c["shrunk"]["optimized"]),
            s(&c["shrunk"]["naive"]),
        ],
    )
}

#[test]
fn a_geister_failure_is_shrunk_by_stepping_pieces_back() {
    // Every `basic` position has 2 + 2 pieces: the first failure of size 4
    // in the canonical order, shrunk by steps back toward the home rows
    // while a player-1 piece on rank 3 keeps the slip showing.
    let dir = tempfile::tempdir().unwrap();
    let file = export(dir.path(), "geister", "analysis=basic");
    let (code, report) = check("geister", "geister_wrong.py", &[file], &["analysis=basic"]);
    assert_eq!(code, 1, "{report}");
    let (found, shrunk, steps, answers) = counterexample(&report);
    assert_eq!(found, "basic a1,a3/b1,c1 1");
    assert_eq!(shrunk, "basic a1,a3/b4,c4 1");
    assert_eq!(steps, 6);
    assert_eq!(answers, ["1\t5", "1\t3", "1\t3"].map(String::from));
}

#[test]
fn a_random_yen_failure_is_shrunk_to_fewer_rounds_and_a_smaller_state() {
    // The solver's tables: every T ≤ 4 and R ≤ 3 (a shrunk question may
    // have a smaller game).
    let dir = tempfile::tempdir().unwrap();
    let files: Vec<String> = (0..=4)
        .flat_map(|t| (1..=3).map(move |r| (t, r)))
        .map(|(t, r)| export(dir.path(), "yen", &format!("total={t} rounds={r}")))
        .collect();
    let (code, report) = check(
        "yen",
        "yen_wrong.py",
        &files,
        &["total=4", "rounds=3", "--sizes", "0..=1", "--random", "6"],
    );
    assert_eq!(code, 1, "{report}");
    // Right on every state of T ≤ 1; wrong on a random state of T = 2.
    let (found, shrunk, steps, answers) = counterexample(&report);
    assert_eq!(found, "2,3: 2,0,1,-3");
    assert_eq!(shrunk, "2,2: 1,0,1,-3");
    assert_eq!(steps, 2);
    assert_eq!(answers, ["1", "-1", "-1"].map(String::from));
}

/// Every candidate is a question of the game (its text parses back, with
/// the parse's check) and strictly smaller in the order SPEC.md states, so
/// the greedy walk ends: Geister's `basic` positions and every reachable
/// yen state of T = 4, R = 3.
#[test]
fn every_candidate_is_a_question_and_strictly_smaller() {
    use solved_games::core::Player;
    use solved_games::games::geister::face::{Geister, Question};
    use solved_games::games::shrink::Shrink;
    use solved_games::games::yen::face::{Yen, YenQuestion};
    use solved_games::games::Table;

    let advance = |q: &Question| -> (u32, u32) {
        let p = &q.position;
        let mut total = 0;
        for (side, army) in [(Player::First, &p.p1), (Player::Second, &p.p2)] {
            for s in 0..16u32 {
                if army.all() & (1 << s) != 0 {
                    total += if side == Player::First {
                        s / 4
                    } else {
                        3 - s / 4
                    };
                }
            }
        }
        (p.p1.all().count_ones() + p.p2.all().count_ones(), total)
    };
    let basic = "analysis=basic".parse().unwrap();
    let mut stepped = 0;
    for q in Geister::instances(&basic) {
        for c in Geister::shrink(&q) {
            assert_eq!(c.to_string().parse::<Question>(), Ok(c), "{q} -> {c}");
            assert!(advance(&c) < advance(&q), "{q} -> {c}");
            stepped += 1;
        }
    }
    assert!(stepped > 0);
    let measure = |q: &YenQuestion| {
        q.rules.total
            + u64::from(q.rules.rounds)
            + u64::from(q.state.rounds_left)
            + q.state.money_a
            + q.state.money_b
            + q.state.gain_diff.unsigned_abs()
    };
    let params = "total=4 rounds=3".parse().unwrap();
    let mut stepped = 0;
    for q in Yen::instances(&params) {
        for c in Yen::shrink(&q) {
            assert_eq!(c.to_string().parse::<YenQuestion>(), Ok(c), "{q} -> {c}");
            assert!(measure(&c) < measure(&q), "{q} -> {c}");
            stepped += 1;
        }
    }
    assert!(stepped > 0);
}
