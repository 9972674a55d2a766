//! The registry as a whole: SPEC.md lists every claim, and `reproduce`
//! behaves as documented (filters, JSON shape, exit codes).
// The command-line tests run the binary, built only with the `cli` feature.
#![cfg_attr(not(feature = "cli"), allow(unused))]

use crate::common::{assert_input_error, cli};
use solved_games::claims::{self, Claim, Status};
use solved_games::{geister_3v2, memory_variants, yen_certified};
use std::path::Path;

/// The claims of each wing, with the SPEC that lists them (the wing's own);
/// every other claim is the reference's and is listed in SPEC.md.
fn wing_claims() -> Vec<(&'static str, Vec<Claim>)> {
    let certified = yen_certified::claims::all()
        .into_iter()
        .chain(yen_certified::claims::certificate::CLAIMS.iter().copied())
        .collect();
    vec![
        (
            "crates/memory-variants/SPEC.md",
            memory_variants::claims::all(),
        ),
        ("crates/yen-certified/SPEC.md", certified),
        ("crates/geister-3v2/SPEC.md", geister_3v2::claims()),
    ]
}

fn read(path: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path))
        .unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn spec_lists_every_claim_id_and_every_erratum() {
    let spec = read("SPEC.md");
    // The report page embeds this section (report/errata.rs): every
    // erratum, a wing's too, is explained there.
    let errata = spec
        .split("\n## Errata")
        .nth(1)
        .expect("SPEC.md has an Errata section");
    let wings: Vec<(&str, String, Vec<&str>)> = wing_claims()
        .into_iter()
        .map(|(path, list)| (path, read(path), list.iter().map(|c| c.id).collect()))
        .collect();
    let every = claims::all()
        .into_iter()
        .chain(yen_certified::claims::certificate::CLAIMS.iter().copied());
    let mut by_wing = 0;
    for c in every {
        let (path, text) = match wings.iter().find(|(_, _, ids)| ids.contains(&c.id)) {
            Some((path, text, _)) => {
                by_wing += 1;
                (*path, text.as_str())
            }
            None => ("SPEC.md", spec.as_str()),
        };
        assert!(
            text.contains(c.id),
            "{path} does not mention claim {}",
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
    // Every wing claim is one of the registry's (or read from a file), so
    // none is looked for in the wrong SPEC.
    let listed: usize = wings.iter().map(|(_, _, ids)| ids.len()).sum();
    assert_eq!(
        by_wing, listed,
        "a wing's claim is missing from the registry"
    );
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

/// The section names the workspace's SPECs give: their headings and the
/// bold labels that open a paragraph (`**Error lines cut long inputs.**`),
/// lower-cased.
fn spec_sections() -> Vec<String> {
    let mut names = Vec::new();
    for path in [
        "SPEC.md",
        "crates/memory-variants/SPEC.md",
        "crates/yen-certified/SPEC.md",
        "crates/geister-3v2/SPEC.md",
    ] {
        for line in read(path).lines() {
            let line = line.trim_start_matches("- ");
            if line.starts_with('#') {
                names.push(line.trim_start_matches('#').trim().to_lowercase());
            } else if let Some(rest) = line.strip_prefix("**") {
                if let Some(end) = rest.find("**") {
                    names.push(rest[..end].trim_end_matches('.').to_lowercase());
                }
            }
        }
    }
    names
}

/// Every source file of the workspace: Rust, Python and the CI scripts.
fn sources(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if !matches!(name.as_str(), "target" | ".git" | "snapshots" | "data") {
                sources(&path, out);
            }
        } else if name.ends_with(".rs")
            || name.ends_with(".py")
            || dir.file_name().is_some_and(|d| d == ".ci")
        {
            out.push(path);
        }
    }
}

/// A comment that sends the reader to a SPEC section (`SPEC.md, "Name"` or
/// `SPEC.md "Name"`) names one that exists: a heading or a paragraph's
/// bold label of SPEC.md or a wing's SPEC.md, the quote being the name or
/// its beginning. A section renamed or folded into another leaves no
/// reference behind.
#[test]
fn comments_cite_spec_sections_that_exist() {
    let sections = spec_sections();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in [
        "src", "tests", "benches", "examples", "crates", "python", ".ci",
    ] {
        if root.join(dir).is_dir() {
            sources(&root.join(dir), &mut files);
        }
    }
    let mut stale = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap_or_default();
        // Comments only, each run of comment lines as one text so that a
        // quote may wrap.
        let markers: &[&str] = if file.extension().is_some_and(|e| e == "rs") {
            &["//!", "///", "//"]
        } else {
            &["#"]
        };
        let mut blocks = vec![String::new()];
        for line in text.lines() {
            let t = line.trim_start();
            match markers.iter().find_map(|m| t.strip_prefix(m)) {
                Some(comment) => {
                    let block = blocks.last_mut().expect("one block at least");
                    block.push(' ');
                    block.push_str(comment.trim());
                }
                None => blocks.push(String::new()),
            }
        }
        for block in &blocks {
            let mut rest = block.as_str();
            while let Some(at) = rest.find("SPEC.md") {
                rest = &rest[at + "SPEC.md".len()..];
                let after = rest.trim_start_matches([',', ':', ' ']);
                let after = after.strip_prefix("section ").unwrap_or(after);
                let Some(quoted) = after.strip_prefix('"') else {
                    continue;
                };
                let Some(end) = quoted.find('"') else {
                    continue;
                };
                let name = quoted[..end].trim().to_lowercase();
                if !sections.iter().any(|s| s.starts_with(&name)) {
                    let shown = file.strip_prefix(root).unwrap_or(file).display();
                    stale.push(format!("{shown}: \"{}\"", &quoted[..end]));
                }
            }
        }
    }
    assert!(files.len() > 100, "only {} source files found", files.len());
    assert!(
        stale.is_empty(),
        "SPEC sections cited but not in any SPEC:\n{}",
        stale.join("\n")
    );
}
