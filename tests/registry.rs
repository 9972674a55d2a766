//! The registry as a whole: SPEC.md lists every claim, and `reproduce`
//! behaves as documented (filters, JSON shape, exit codes).
// The command-line tests run the binary, built only with the `cli` feature.
#![cfg_attr(not(feature = "cli"), allow(unused))]

mod common;

use common::{assert_input_error, cli};
use solved_games::claims::{self, Status};

#[test]
fn spec_lists_every_claim_id_and_every_erratum() {
    let spec = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/SPEC.md")).unwrap();
    let errata = spec
        .split("\n## Errata")
        .nth(1)
        .expect("SPEC.md has an Errata section");
    for c in claims::all() {
        assert!(
            spec.contains(c.id),
            "SPEC.md does not mention claim {}",
            c.id
        );
        if c.erratum.is_some() {
            assert!(
                errata.contains(c.id),
                "SPEC.md's Errata does not explain {}",
                c.id
            );
        }
    }
}

#[cfg(feature = "cli")]
#[test]
fn reproduce_json_counts_match_the_claims() {
    let run = cli(&["reproduce", "--game", "nim", "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let list = v["claims"].as_array().unwrap();
    assert_eq!(list.len(), claims::for_game(claims::GameId::Nim).len());
    let n = |k: &str| v[k].as_u64().unwrap() as usize;
    assert_eq!(n("passed") + n("failed") + n("errata"), list.len());
    for c in list {
        for key in [
            "id",
            "source",
            "statement",
            "expected",
            "computed",
            "agree",
            "pass",
            "status",
            "ms",
        ] {
            assert!(c.get(key).is_some(), "claim JSON lacks `{key}`: {c}");
        }
        let status: Status = match c["status"].as_str().unwrap() {
            "pass" => Status::Pass,
            "erratum" => Status::Erratum,
            _ => Status::Fail,
        };
        assert_eq!(c["pass"].as_bool().unwrap(), status.passed());
    }
}

#[cfg(feature = "cli")]
#[test]
fn reproduce_rejects_unknown_filters() {
    let err = assert_input_error(&["reproduce", "--game", "chess"]);
    assert!(err.contains("--game"), "{err}");
    let err = assert_input_error(&["reproduce", "--id", "NIM-999"]);
    assert!(err.contains("--id"), "{err}");
}

#[cfg(feature = "cli")]
#[test]
fn reproduce_id_filter_selects_one_claim() {
    let first = claims::for_game(claims::GameId::Nim)[0];
    let run = cli(&["reproduce", "--id", first.id, "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["claims"].as_array().unwrap().len(), 1);
    assert_eq!(v["claims"][0]["id"], first.id);
}

#[cfg(feature = "cli")]
#[test]
fn a_closed_stdout_ends_the_run_quietly() {
    use std::io::{BufRead, BufReader, Read};
    use std::process::{Command, Stdio};
    // `solved-games nim --table --max 30 | head -1`: the reader goes away
    // long before the 560 kB listing is written (a pipe holds 64 kB).
    for args in [
        &["nim", "--table", "--max", "30"][..],
        &["memory", "--table", "--n", "12", "--json"][..],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_solved-games"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        assert!(!first.is_empty());
        let mut stderr = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut stderr)
            .unwrap();
        let status = child.wait().unwrap();
        assert!(status.success(), "{args:?}: {status:?} {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}
