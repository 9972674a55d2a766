//! A regression check prints the same bytes every run. Two runs of
//! `reproduce --json --junit` over a claim of each game, one on 1 thread
//! and one on 2, are byte-identical except for the times, which live only
//! in named fields: `ms` in the JSON, `time` and `timestamp` in the JUnit
//! XML. The claims are ones that take milliseconds: every claim is checked
//! for its value once per test run (`claims.rs`); the certified yen table,
//! solved in parallel with float LPs, is compared bit for bit on 1 and 2
//! threads in its wing's tests (crates/yen-certified/tests/certified.rs).
// The test runs the binary, built only with the `cli` feature.
#![cfg(feature = "cli")]

use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_solved-games");

/// The claims run: one of each game, each taking milliseconds, with exact
/// fractions (YEN-001, MEM-001) and an erratum (MEM-003) among them.
const IDS: &[&str] = &[
    "NIM-001", "STO-001", "GEI-009", "MEM-001", "MEM-003", "YEN-001",
];

/// Every value of a key named `ms`, anywhere in the document, set to null.
fn without_times(v: &mut serde_json::Value) {
    match v {
        serde_json::Value::Object(map) => {
            for (k, x) in map.iter_mut() {
                if k == "ms" {
                    assert!(x.is_number(), "ms is a number: {x}");
                    *x = serde_json::Value::Null;
                } else {
                    without_times(x);
                }
            }
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(without_times),
        _ => {}
    }
}

/// The XML with the values of the attributes `time` and `timestamp` emptied.
fn xml_without_times(xml: &str) -> String {
    let mut out = String::with_capacity(xml.len());
    let mut rest = xml;
    loop {
        let next = [" time=\"", " timestamp=\""]
            .iter()
            .filter_map(|a| rest.find(a).map(|i| (i, a.len())))
            .min();
        let Some((at, len)) = next else {
            out.push_str(rest);
            return out;
        };
        out.push_str(&rest[..at + len]);
        rest = &rest[at + len..];
        let end = rest.find('"').expect("a closed attribute");
        rest = &rest[end..];
    }
}

#[test]
fn reproduce_json_and_junit_are_the_same_bytes_on_1_and_2_threads_but_the_times() {
    let dir = std::env::temp_dir().join(format!("determinism-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let listed = Command::new(BIN)
        .args(["reproduce", "--list", "--json"])
        .output()
        .unwrap();
    let listed = String::from_utf8_lossy(&listed.stdout);
    let ids: Vec<&str> = IDS
        .iter()
        .copied()
        .filter(|id| listed.contains(&format!("\"{id}\"")))
        .collect();
    assert_eq!(ids.len(), IDS.len(), "every claim of IDS is listed");
    // Both runs at once: the machine's cores serve both.
    let children: Vec<_> = ["1", "2"]
        .iter()
        .map(|threads| {
            let junit = dir.join(format!("junit-{threads}.xml"));
            let mut cmd = Command::new(BIN);
            cmd.arg("reproduce");
            for id in &ids {
                cmd.args(["--id", id]);
            }
            let child = cmd
                .args(["--json", "--junit"])
                .arg(&junit)
                .env("RAYON_NUM_THREADS", threads)
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            (child, junit)
        })
        .collect();
    let mut results = Vec::new();
    for (child, junit) in children {
        let out = child.wait_with_output().unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let raw = std::fs::read_to_string(&junit).unwrap();
        let mut json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        without_times(&mut json);
        results.push((json, xml_without_times(&raw), raw));
    }
    let _ = std::fs::remove_dir_all(&dir);
    let (one, two) = (&results[0], &results[1]);
    assert_eq!(one.0, two.0, "the JSON differs beyond `ms`");
    assert_eq!(
        one.1, two.1,
        "the JUnit XML differs beyond `time`/`timestamp`"
    );
    // The times are there, and only the named fields were cut.
    assert!(one.2.contains(" time=\"") && one.2.contains(" timestamp=\""));
    assert!(one.1.len() < one.2.len());
}
