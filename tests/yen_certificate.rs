//! Certificates of the certified yen table (document 000, 50-yen units): written by the
//! solver, re-checked by the independent verifier. The verifier's intervals
//! hold the exact values, agree with the solver's, and a certificate with a
//! probability changed, a strategy dropped, a byte flipped or its end cut off
//! is caught with its documented exit code.
// The command-line tests run the binary, built only with the `cli` feature.
#![cfg_attr(not(feature = "cli"), allow(unused))]

use crate::common;
use solved_games::yen_certified::yen::certificate::{self, Block, Entry};

use solved_games::progress::Silent;
use solved_games::yen_certified::yen::certified::Certified;
use std::path::{Path, PathBuf};

fn write(dir: &Path, total: u64, rounds: u32) -> (PathBuf, Certified) {
    let path = dir.join(format!("t{total}r{rounds}.cert"));
    let table = certificate::solve_and_write(total, rounds, &path, &Silent).unwrap();
    (path, table)
}

fn blocks(path: &Path) -> (u64, u32, Vec<Block>) {
    let mut reader = certificate::open(path).unwrap();
    let header = reader.header();
    let mut blocks = Vec::new();
    while let Some(b) = reader.next_block().unwrap() {
        blocks.push(b);
    }
    (header.total, header.rounds, blocks)
}

#[cfg(feature = "cli")]
mod cli {
    use super::*;
    use crate::common::cli;

    fn verify_cli(path: &Path) -> (i32, String, String) {
        cli(&["yen", "verify-certificate", path.to_str().unwrap()]).parts()
    }

    /// A certificate with one probability changed, one state's strategy
    /// dropped, its end cut off, or one byte flipped is refused: a
    /// strategy that does not give its claimed bound exits 1 naming the
    /// state; a body that does not match its hash or ends early exits 2; a
    /// missing file exits 3. The untouched certificate exits 0.
    #[test]
    fn an_altered_certificate_is_caught_with_its_exit_code() {
        let dir = common::scratch("certificate-altered");
        let (path, _) = write(&dir, 12, 6);
        let (code, out, err) = verify_cli(&path);
        assert_eq!(code, 0, "{out}{err}");
        assert!(
            out.contains("verified: every stored strategy gives its claimed bound"),
            "{out}"
        );
        let (total, rounds, original) = blocks(&path);

        // One probability changed: A's heaviest bet halved.
        let mut changed = original.clone();
        let (i, k) = mixed_stage(&changed, 4);
        let state = changed[i].state(k);
        if let Entry::Stage { strategy_a, .. } = &mut changed[i].entries[k] {
            let j = (0..strategy_a.len())
                .max_by(|&x, &y| strategy_a[x].1.total_cmp(&strategy_a[y].1))
                .unwrap();
            strategy_a[j].1 /= 2.0;
        }
        let altered = dir.join("changed.cert");
        certificate::write(&altered, total, rounds, &changed).unwrap();
        let (code, out, err) = verify_cli(&altered);
        assert_eq!(code, 1, "{out}{err}");
        assert!(out.contains(&format!("FAILED at {state}:")), "{out}");

        // One state's strategy dropped: A's strategy emptied.
        let mut dropped = original.clone();
        let (i, k) = mixed_stage(&dropped, 3);
        let state = dropped[i].state(k);
        if let Entry::Stage { strategy_a, .. } = &mut dropped[i].entries[k] {
            strategy_a.clear();
        }
        let altered = dir.join("dropped.cert");
        certificate::write(&altered, total, rounds, &dropped).unwrap();
        let (code, out, err) = verify_cli(&altered);
        assert_eq!(code, 1, "{out}{err}");
        assert!(out.contains(&format!("FAILED at {state}:")), "{out}");

        // One stage game replaced by "skipped": its predecessors lack it.
        let mut skipped = original.clone();
        let (i, k) = mixed_stage(&skipped, 2);
        skipped[i].entries[k] = Entry::Skipped;
        let altered = dir.join("skipped.cert");
        certificate::write(&altered, total, rounds, &skipped).unwrap();
        let (code, out, err) = verify_cli(&altered);
        assert_eq!(code, 1, "{out}{err}");
        assert!(out.contains("is not in the certificate"), "{out}");

        // Truncated, and one byte flipped without a new hash: malformed.
        let bytes = std::fs::read(&path).unwrap();
        let cut = dir.join("cut.cert");
        std::fs::write(&cut, &bytes[..bytes.len() * 2 / 3]).unwrap();
        let (code, _, err) = verify_cli(&cut);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains("ends early"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        let mut flipped = bytes.clone();
        let at = flipped.len() / 2;
        flipped[at] ^= 0x40;
        let flip = dir.join("flipped.cert");
        std::fs::write(&flip, &flipped).unwrap();
        let (code, _, err) = verify_cli(&flip);
        assert_eq!(code, 2, "{err}");
        assert!(err.starts_with("solved-games: error: "), "{err}");

        // Not a certificate at all; no file.
        let text = dir.join("text.cert");
        std::fs::write(&text, "hello\n").unwrap();
        assert_eq!(verify_cli(&text).0, 2);
        let (code, _, err) = verify_cli(&dir.join("absent").join("x.cert"));
        assert_eq!(code, 3, "{err}");
    }

    /// The certificate is the same bytes on one and on two threads (the
    /// solver's blocks are written in canonical order).
    #[test]
    fn the_certificate_is_the_same_bytes_on_1_and_2_threads() {
        use std::process::Command;
        let dir = common::scratch("certificate-threads");
        let mut files = Vec::new();
        for threads in ["1", "2"] {
            let file = dir.join(format!("t{threads}.cert"));
            let status = Command::new(env!("CARGO_BIN_EXE_solved-games"))
                .args([
                    "yen",
                    "solve",
                    "--certified",
                    "--total",
                    "16",
                    "--certificate",
                ])
                .arg(&file)
                .env("RAYON_NUM_THREADS", threads)
                .output()
                .unwrap()
                .status;
            assert!(status.success());
            files.push(std::fs::read(&file).unwrap());
        }
        assert!(files[0] == files[1], "the two certificates differ");
    }

    /// `yen solve --certified --certificate FILE` writes what
    /// `verify-certificate --json` accepts, with the start and its support.
    #[test]
    fn solve_writes_a_certificate_the_verifier_accepts() {
        let dir = common::scratch("certificate-cli");
        let file = dir.join("y.cert");
        let run = cli(&[
            "yen",
            "solve",
            "--certified",
            "--total",
            "14",
            "--rounds",
            "10",
            "--certificate",
            file.to_str().unwrap(),
        ]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        let run = cli(&[
            "yen",
            "verify-certificate",
            file.to_str().unwrap(),
            "--json",
        ]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
        assert_eq!(v["verified"], true);
        assert_eq!(v["starts"].as_array().unwrap().len(), 14);
        assert_eq!(v["starts"][13]["lower"], 0.0);
        assert!(v["first_round_support"]
            .as_str()
            .unwrap()
            .starts_with("T 1-9: {0}; T 10-11: {T-9}"));
        // No file name: refused before the solve.
        let d = dir.to_str().unwrap();
        common::assert_input_error(&["yen", "solve", "--certified", "--certificate", d]);
        common::assert_input_error(&["yen", "solve", "--certified", "--certificate", ""]);
        // T = 200 (50-yen units) is the largest total.
        common::assert_input_error(&["yen", "solve", "--certified", "--total", "201"]);
        // A directory that does not exist: exit 3 before any work.
        let run = cli(&[
            "yen",
            "solve",
            "--certified",
            "--total",
            "4",
            "--certificate",
            dir.join("absent").join("y.cert").to_str().unwrap(),
        ]);
        assert_eq!(run.code, 3, "{}", run.stderr);
    }
}

/// `reproduce` runs the T ≤ 200 certificate claims only where the
/// certificate is: without it they are named as not run and counted
/// neither as passed nor failed; with a certificate of another size they
/// FAIL saying so.
#[cfg(feature = "cli")]
#[test]
fn reproduce_runs_the_certificate_claims_only_where_the_certificate_is() {
    use std::process::Command;
    let dir = common::scratch("certificate-claims");
    let run = |file: &Path, ids: &[&str]| {
        let mut args = vec!["reproduce", "--json"];
        for id in ids {
            args.extend(["--id", id]);
        }
        let out = Command::new(env!("CARGO_BIN_EXE_solved-games"))
            .args(&args)
            .env("SOLVED_GAMES_YEN_CERTIFICATE", file)
            .output()
            .unwrap();
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let absent = dir.join("absent.cert");
    let (code, out, err) = run(&absent, &["YEN-001", "YEN-114", "YEN-115"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("YEN-114, YEN-115 not run"), "{err}");
    assert!(err.contains("--certificate"), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["claims"].as_array().unwrap().len(), 1);
    assert_eq!(v["failed"], 0);

    let (small, _) = write(&dir, 4, 3);
    let (code, out, _) = run(&small, &["YEN-114"]);
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["failed"], 1);
    assert!(out.contains("not total=200 rounds=10"), "{out}");
}

/// `yen solve --certified --certificate-format 2` writes format 2, which
/// `verify-certificate` accepts; a byte flipped in it exits 2; a resume
/// keeps the stopped run's format, and asking for another is refused.
#[cfg(feature = "cli")]
#[test]
fn solve_writes_format_2_on_request() {
    use solved_games::yen_certified::yen::certificate::{LayerDone, FORMAT_2};
    use std::ops::ControlFlow;
    let dir = common::scratch("certificate-cli-2");
    let file = dir.join("y2.cert");
    let args = |file: &Path, format: &str| -> Vec<String> {
        [
            "yen",
            "solve",
            "--certified",
            "--total",
            "14",
            "--rounds",
            "10",
            "--certificate",
            file.to_str().unwrap(),
            "--certificate-format",
            format,
        ]
        .map(String::from)
        .to_vec()
    };
    let run = |a: &[String]| {
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        common::cli(&a).parts()
    };
    let (code, _, err) = run(&args(&file, "2"));
    assert_eq!(code, 0, "{err}");
    assert_eq!(certificate::open(&file).unwrap().format(), FORMAT_2);
    let (code, _, err) =
        common::cli(&["yen", "verify-certificate", file.to_str().unwrap()]).parts();
    assert_eq!(code, 0, "{err}");
    let mut bytes = std::fs::read(&file).unwrap();
    let at = bytes.len() / 2;
    bytes[at] ^= 0x10;
    let flipped = dir.join("flipped.cert");
    std::fs::write(&flipped, &bytes).unwrap();
    let (code, _, err) =
        common::cli(&["yen", "verify-certificate", flipped.to_str().unwrap()]).parts();
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = run(&args(&dir.join("y3.cert"), "3"));
    assert_eq!(code, 2, "{err}");

    // Stopped after layer 4 in format 2, resumed without the flag.
    let stopped = dir.join("stopped.cert");
    let r = certificate::solve_and_write_in_format(
        14,
        10,
        &stopped,
        Some(FORMAT_2),
        &Silent,
        false,
        &mut |d: &LayerDone| {
            if d.layer == 4 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        },
    )
    .unwrap();
    assert!(r.is_none());
    let mut resume_1 = args(&stopped, "1");
    resume_1.push("--resume".into());
    let (code, _, err) = run(&resume_1);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("format 2, not 1"), "{err}");
    let mut resume = args(&stopped, "2");
    resume.truncate(resume.len() - 2);
    resume.push("--resume".into());
    let (code, _, err) = run(&resume);
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::read(&stopped).unwrap() == std::fs::read(&file).unwrap());
}

/// The index of a stage game with a mixed strategy for A whose heaviest
/// weight is below 0.9 (a real mix), in layer `r`.
fn mixed_stage(blocks: &[Block], r: u32) -> (usize, usize) {
    for (i, b) in blocks
        .iter()
        .enumerate()
        .filter(|(_, b)| b.rounds_left == r)
    {
        for (k, e) in b.entries.iter().enumerate() {
            if let Entry::Stage { strategy_a, .. } = e {
                let big = strategy_a.iter().map(|&(_, p)| p).fold(0.0, f64::max);
                if strategy_a.len() >= 2 && big < 0.9 && big > 0.3 {
                    return (i, k);
                }
            }
        }
    }
    panic!("no mixed stage game in layer {r}");
}

/// YEN-114/115 ran only where a 4 GB certificate was, which no new user
/// has. `reproduce --full` solves the table and writes the certificate
/// where the claims read it, then runs them. At T ≤ 200 that is about 5
/// minutes on 2 cores; here the plumbing at T ≤ 3 (the hidden
/// `--full-total`), whose certificate the claims then refuse by its size.
#[cfg(feature = "cli")]
#[test]
fn reproduce_full_writes_the_certificate_and_runs_its_claims() {
    use std::process::Command;
    let dir = common::scratch("certificate-full");
    let file = dir.join("made").join("y.cert");
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_solved-games"))
            .args(args)
            .env("SOLVED_GAMES_YEN_CERTIFICATE", &file)
            .output()
            .unwrap();
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, out, err) = run(&[
        "reproduce",
        "--full",
        "--full-total",
        "3",
        "--id",
        "YEN-114",
        "--json",
    ]);
    assert!(
        err.contains("--full: solving the certified yen table"),
        "{err}"
    );
    let header = certificate::open(&file).unwrap().header();
    assert_eq!((header.total, header.rounds), (3, 10));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["claims"].as_array().unwrap().len(), 1, "{out}");
    assert_eq!((code, &v["failed"]), (1, &serde_json::json!(1)), "{out}");
    assert!(out.contains("not total=200 rounds=10"), "{out}");
    // A certificate present is not made again: the claims read it.
    let (_, _, err) = run(&["reproduce", "--full", "--id", "YEN-115", "--json"]);
    assert!(!err.contains("solving"), "{err}");
    // Without --full nothing is solved and the claims are not run.
    std::fs::remove_file(&file).unwrap();
    let (code, _, err) = run(&["reproduce", "--id", "YEN-001", "--id", "YEN-114"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("YEN-114 not run"), "{err}");
}
