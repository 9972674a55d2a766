//! `solved-games check` over a pipe with a compiled program: the C Nim
//! solver of examples/solvers/nim.c, compiled here with `cc` (.ci/run
//! installs one), answers 65,556 positions (4 piles up to 15) and passes,
//! and `--bench` reports a throughput. The throughput itself (target at
//! least 100,000 instances/s; about 930,000 measured) is recorded in
//! README's performance table, not asserted: a timed assertion fails on
//! a busy machine, not on a bug.

use std::process::Command;

#[test]
fn the_c_nim_solver_passes_and_its_throughput_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let binary = dir.path().join("nim_c");
    let source = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/solvers/nim.c");
    let status = Command::new("cc")
        .args(["-O2", "-o", binary.to_str().unwrap(), source])
        .status()
        .expect("a C compiler `cc` (installed by .ci/run)");
    assert!(status.success());
    let out = Command::new(env!("CARGO_BIN_EXE_solved-games"))
        .args(["check", "nim", &format!("cmd:{}", binary.display())])
        .args(["--params", "piles=4 max=15", "--bench", "--json"])
        .output()
        .expect("the binary runs");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{report}");
    assert_eq!(report["verdict"], "pass");
    assert_eq!(report["instances"], 65_556);
    let per_second = report["fits"]["throughput"].as_f64().unwrap();
    assert!(
        per_second.is_finite() && per_second > 0.0,
        "{per_second} instances/s"
    );
}
