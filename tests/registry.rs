//! The registry as a whole: SPEC.md lists every claim, and `reproduce`
//! behaves as documented (filters, JSON shape, exit codes).

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

#[test]
fn reproduce_rejects_unknown_filters() {
    let err = assert_input_error(&["reproduce", "--game", "chess"]);
    assert!(err.contains("--game"), "{err}");
    let err = assert_input_error(&["reproduce", "--id", "NIM-999"]);
    assert!(err.contains("--id"), "{err}");
}

#[test]
fn reproduce_id_filter_selects_one_claim() {
    let first = claims::for_game(claims::GameId::Nim)[0];
    let run = cli(&["reproduce", "--id", first.id, "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["claims"].as_array().unwrap().len(), 1);
    assert_eq!(v["claims"][0]["id"], first.id);
}
