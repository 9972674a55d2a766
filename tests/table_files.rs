//! Table files: the pinned SHA-256 of every standard table
//! (tests/data/table-sha256.txt), byte-identical exports across runs and
//! thread counts, and `check-table` on damaged files (a value changed, a row
//! deleted, a line garbled, another game's rows, a truncated gzip).

use crate::common;
use solved_games::games::Solver;
use solved_games::table::{self, check};
use std::path::Path;
use std::process::{Command, Output};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_solved-games"))
}

fn run(args: &[&str], threads: &str) -> Output {
    bin()
        .args(args)
        .env("RAYON_NUM_THREADS", threads)
        .output()
        .expect("the binary runs")
}

use crate::common::scratch_file as scratch;

/// The rows of tests/data/table-sha256.txt: game, parameters, rows, sha256.
fn pinned_rows() -> Vec<[String; 4]> {
    let pinned = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/table-sha256.txt"),
    )
    .unwrap();
    pinned
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|line| {
            let fields: Vec<String> = line.split('\t').map(String::from).collect();
            fields
                .try_into()
                .unwrap_or_else(|_| panic!("bad line {line}"))
        })
        .collect()
}

#[test]
fn standard_tables_have_their_pinned_sha256() {
    let mut listed = Vec::new();
    for [game, params, rows, sha] in pinned_rows() {
        let (game, params) = (game.as_str(), params.as_str());
        let mut text = Vec::new();
        let manifest = table::export_named(
            &solved_games::table_kinds(),
            game,
            params,
            Solver::Optimized,
            &mut text,
        )
        .expect("exported")
        .expect("parameters read");
        assert_eq!(manifest.sha256, table::sha256(&text), "{game} {params}");
        assert_eq!(manifest.rows.to_string(), rows, "{game} {params}");
        assert_eq!(manifest.sha256, sha, "{game} {params}: a value changed");
        listed.push((game.to_string(), params.to_string()));
    }
    // Every standard table is pinned.
    for (game, params) in table::standard(&solved_games::table_kinds()) {
        assert!(
            listed.contains(&(game.to_string(), params.clone())),
            "{game} {params}"
        );
    }
}

/// The whole-table claims pin the digests of tests/data/table-sha256.txt:
/// each pin is a row of the file and names a claim, and that claim, as this
/// run checked it (the shared verdicts), measured the pinned digest and
/// passed. (Their expected value stays "holds", as `reproduce --json` has
/// always printed it.)
#[test]
fn the_whole_table_claims_pin_the_digests_of_the_file() {
    use solved_games::claims;
    let rows = pinned_rows();
    for pin in claims::PINS {
        let row = rows
            .iter()
            .find(|[game, params, _, _]| game == pin.game && params == pin.params)
            .unwrap_or_else(|| {
                panic!("{}: {} {} is not in the file", pin.id, pin.game, pin.params)
            });
        assert_eq!(pin.sha256, row[3], "{}", pin.id);
        let v = crate::common::verdict(pin.id);
        let measured = v.evidence.measured.as_deref().unwrap_or_default();
        assert!(
            measured.ends_with(&format!("sha256 {}", pin.sha256)),
            "{}: measured {measured}",
            pin.id
        );
        assert_eq!(v.evidence.computed, "holds", "{}", pin.id);
    }
    let pinned: Vec<&str> = claims::PINS.iter().map(|p| p.id).collect();
    assert_eq!(
        pinned.len(),
        12,
        "NIM-901, STO-901..905, MEM-901, GEI-901..903, YEN-901, YEN-902"
    );
}

#[test]
fn exports_are_byte_identical_across_runs_and_thread_counts() {
    for (game, params) in [("geister", "analysis=basic"), ("yen", "total=6 rounds=5")] {
        let one = run(&["export", game, params], "1");
        let two = run(&["export", game, params], "2");
        assert!(one.status.success());
        assert_eq!(one.stdout, two.stdout, "{game}");
        let (a, b) = (
            scratch(&format!("{game}-1.tsv.gz")),
            scratch(&format!("{game}-2.tsv.gz")),
        );
        for (path, threads) in [(&a, "1"), (&b, "2")] {
            let out = run(
                &["export", game, params, "--out", path.to_str().unwrap()],
                threads,
            );
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        let gz = std::fs::read(&a).unwrap();
        assert_eq!(gz, std::fs::read(&b).unwrap(), "{game} gzip bytes");
        assert_eq!(check::text_of(gz).unwrap().as_bytes(), &one.stdout[..]);
    }
}

/// `check-table` on `text` written to a file: exit code, stdout, stderr.
fn check_text(name: &str, text: &[u8], extra: &[&str]) -> (i32, String, String) {
    let path = scratch(name);
    std::fs::write(&path, text).unwrap();
    let mut args = vec!["check-table", path.to_str().unwrap()];
    args.extend_from_slice(extra);
    let out = run(&args, "2");
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn nim_table() -> String {
    String::from_utf8(run(&["export", "nim", "max=4"], "2").stdout).unwrap()
}

#[test]
fn check_table_passes_an_export_and_a_partial_one_only_as_a_sample() {
    let text = nim_table();
    let (code, out, _) = check_text("whole.tsv", text.as_bytes(), &["--naive"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("rows 125, compared 125, mismatches 0"),
        "{out}"
    );
    assert!(out.ends_with("PASS\n"), "{out}");
    // Row 000 (line 3) deleted: INCOMPLETE (exit 4), coverage 124/125 never
    // shown as 100 %; a sample with --partial passes.
    let lines: Vec<&str> = text.lines().collect();
    let deleted = [&lines[..2], &lines[3..]].concat().join("\n") + "\n";
    let (code, out, _) = check_text("deleted.tsv", deleted.as_bytes(), &[]);
    assert_eq!(code, 4, "{out}");
    assert!(out.contains("coverage 124/125 (99.2%)"), "{out}");
    assert!(out.ends_with("INCOMPLETE\n"), "{out}");
    let (code, out, _) = check_text("deleted.tsv", deleted.as_bytes(), &["--partial"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.ends_with("PASS\n"), "{out}");
}

/// A header alone, half a table and one row short of a large table were
/// PASS with coverage 0 %, 49.8 % and 99.9 %: each is INCOMPLETE (exit 4),
/// with the verdict in the JSON and a failing coverage case in the JUnit.
#[test]
fn incomplete_tables_are_incomplete_not_pass() {
    let text = nim_table();
    let lines: Vec<&str> = text.lines().collect();
    let header_only = lines[..2].join("\n") + "\n";
    let half = lines[..2 + 62].join("\n") + "\n";
    let big = String::from_utf8(run(&["export", "nim", "max=20"], "2").stdout).unwrap();
    let big_lines: Vec<&str> = big.lines().collect();
    let one_short = big_lines[..big_lines.len() - 1].join("\n") + "\n";
    for (name, table, covered) in [
        ("header.tsv", &header_only, "coverage 0/125 (0.0%)"),
        ("half.tsv", &half, "coverage 62/125 (49.6%)"),
        ("short.tsv", &one_short, "coverage 9260/9261 (99.9%)"),
    ] {
        let (code, out, _) = check_text(name, table.as_bytes(), &[]);
        assert_eq!(code, 4, "{name}: {out}");
        assert!(
            out.contains(covered) && out.ends_with("INCOMPLETE\n"),
            "{out}"
        );
        let (code, out, _) = check_text(name, table.as_bytes(), &["--json"]);
        assert_eq!(code, 4);
        let json: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(json["verdict"], "INCOMPLETE");
    }
    let junit = scratch("incomplete.xml");
    let (code, _, _) = check_text(
        "half.tsv",
        half.as_bytes(),
        &["--junit", junit.to_str().unwrap()],
    );
    assert_eq!(code, 4);
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(xml.contains("INCOMPLETE: 63 rows missing"), "{xml}");
}

/// The manifest beside a table (`export --out`) is read back: one that
/// matches is said so; a row count or SHA-256 that differs is a FAIL
/// naming the field.
#[test]
fn check_table_reads_the_manifest_beside_the_table() {
    let dir = common::scratch("manifest");
    let path = dir.join("t.tsv");
    let out = run(
        &["export", "nim", "max=3", "--out", path.to_str().unwrap()],
        "2",
    );
    assert!(out.status.success());
    let manifest = dir.join("t.tsv.manifest.json");
    let check = |path: &Path| {
        let out = run(&["check-table", path.to_str().unwrap()], "2");
        (
            out.status.code().unwrap(),
            String::from_utf8(out.stdout).unwrap(),
        )
    };
    let (code, out) = check(&path);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("t.tsv.manifest.json: matches"), "{out}");
    // A duplicate row appended: every row right, but not the exported file.
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, format!("{text}000\tloss\n")).unwrap();
    let (code, out) = check(&path);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("rows: the manifest says 64, the file has 65")
            && out.contains("sha256: the manifest says"),
        "{out}"
    );
    std::fs::write(&path, &text).unwrap();
    let json = std::fs::read_to_string(&manifest).unwrap();
    std::fs::write(&manifest, json.replace("\"rows\": 64", "\"rows\": 63")).unwrap();
    let (code, out) = check(&path);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("rows: the manifest says 63, the file has 64") && !out.contains("sha256:"),
        "{out}"
    );
    std::fs::write(&manifest, "{").unwrap();
    let out = run(&["check-table", path.to_str().unwrap()], "2");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a table's manifest"));
}

/// A killed `export --out` leaves the old table and its manifest as they
/// were (it wrote the file in place, cut at a row boundary, beside the old
/// manifest), and no temporary.
#[test]
fn a_killed_export_leaves_the_old_table_and_manifest() {
    let dir = common::scratch("killed");
    let path = dir.join("t.tsv");
    let manifest = dir.join("t.tsv.manifest.json");
    let out = run(
        &[
            "export",
            "geister",
            "analysis=basic",
            "--out",
            path.to_str().unwrap(),
        ],
        "2",
    );
    assert!(out.status.success());
    let (old, old_manifest) = (
        std::fs::read(&path).unwrap(),
        std::fs::read(&manifest).unwrap(),
    );
    for signal in [libc::SIGTERM, libc::SIGINT] {
        let mut export = bin();
        // A signal ignored when the export starts stays ignored (a run under
        // `nohup` or `&` in a script; SPEC.md, "Edges: limits, signals,
        // determinism and the argument property test"): the child starts
        // with both at their defaults, whatever this test inherited.
        // SAFETY: signal(2) only, between fork and exec.
        unsafe {
            std::os::unix::process::CommandExt::pre_exec(&mut export, || {
                libc::signal(libc::SIGINT, libc::SIG_DFL);
                libc::signal(libc::SIGTERM, libc::SIG_DFL);
                Ok(())
            });
        }
        let mut child = export
            .args([
                "export",
                "geister",
                "analysis=det",
                "--out",
                path.to_str().unwrap(),
            ])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        // Killed once the new table's bytes are being written (or after 20 s).
        let started = std::time::Instant::now();
        loop {
            let writing = std::fs::read_dir(&*dir).unwrap().any(|e| {
                let e = e.unwrap();
                let len = e.metadata().map(|m| m.len()).unwrap_or(0);
                let name = e.file_name().to_string_lossy().into_owned();
                (name.ends_with(".tmp") && len > 0) || (name == "t.tsv" && len != old.len() as u64)
            });
            if writing || started.elapsed() > std::time::Duration::from_secs(20) {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        // SAFETY: kill(2) on the child this test started.
        unsafe {
            libc::kill(child.id() as i32, signal);
        }
        let status = child.wait().unwrap();
        assert!(!status.success(), "the export ended before the signal");
        assert!(std::fs::read(&path).unwrap() == old, "the table changed");
        assert_eq!(std::fs::read(&manifest).unwrap(), old_manifest);
        let left: Vec<String> = std::fs::read_dir(&*dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n != "t.tsv" && n != "t.tsv.manifest.json")
            .collect();
        assert!(left.is_empty(), "left {left:?}");
    }
    let out = run(&["check-table", path.to_str().unwrap()], "2");
    assert_eq!(out.status.code(), Some(0));
}

/// Bytes after the end of a gzip stream (`cat t.tsv.gz; echo x`) make the
/// file malformed, naming the offset of the first; a line longer than a
/// mebibyte is malformed at once (`/dev/zero` is one endless line).
#[test]
fn trailing_bytes_after_gzip_and_endless_lines_are_malformed() {
    let gz = scratch("t.tsv.gz");
    assert!(run(
        &["export", "nim", "max=4", "--out", gz.to_str().unwrap()],
        "2"
    )
    .status
    .success());
    let mut bytes = std::fs::read(&gz).unwrap();
    let offset = bytes.len();
    bytes.extend_from_slice(b"x\n");
    let (code, _, err) = check_text("trailing.tsv.gz", &bytes, &[]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(&format!(
            "bytes after the end of the gzip stream, from byte offset {offset}"
        )),
        "{err}"
    );
    let started = std::time::Instant::now();
    let out = run(&["check-table", "/dev/zero"], "2");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("line 1: longer than 1048576 bytes"), "{err}");
    assert!(started.elapsed() < std::time::Duration::from_secs(20));
    let long = format!(
        "{}\n{}\n",
        nim_table().lines().next().unwrap(),
        "0".repeat(3 << 20)
    );
    let (code, _, err) = check_text("long.tsv", long.as_bytes(), &[]);
    assert_eq!(code, 2);
    assert!(err.contains("line 2: longer than 1048576 bytes"), "{err}");
}

/// `check-table --naive` on a table beyond the naive solver's reach
/// refuses before building the optimized table (it did all the optimized
/// work first: 7 s and more for yen T = 20).
#[test]
fn check_table_naive_beyond_reach_is_refused_first() {
    let header = "# solved-games table\tformat 1\tyen\ttotal=20 rounds=10\ninstance\tvalue\n";
    let started = std::time::Instant::now();
    let (code, _, err) = check_text("yen20.tsv", header.as_bytes(), &["--naive"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--naive") && err.contains("units T"), "{err}");
    assert!(
        started.elapsed() < std::time::Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn check_table_finds_a_changed_value_a_garbled_line_and_a_duplicate() {
    let text = nim_table();
    // 000 is a loss: line 3 says win.
    let changed = text.replacen("000\tloss", "000\twin", 1);
    let (code, out, _) = check_text("changed.tsv", changed.as_bytes(), &["--json"]);
    assert_eq!(code, 1, "{out}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["mismatches"], 1);
    assert_eq!(json["first_mismatches"][0]["line"], 3);
    assert_eq!(json["first_mismatches"][0]["optimized"], "loss");
    // Line 4's instance garbled: listed with its line number.
    let garbled = text.replacen("001\t", "0x1\t", 1);
    let (code, out, _) = check_text("garbled.tsv", garbled.as_bytes(), &[]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("not an instance line 4: 0x1"), "{out}");
    // A repeated row is counted.
    let repeated = text.clone() + "000\tloss\n";
    let (code, out, _) = check_text("repeated.tsv", repeated.as_bytes(), &[]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("duplicates 1") && out.contains("repeats line 3"),
        "{out}"
    );
}

#[test]
fn malformed_files_get_one_line_and_exit_2() {
    let text = nim_table();
    let one_field = text.replacen("002\twin", "002 win", 1);
    let (code, _, err) = check_text("fields.tsv", one_field.as_bytes(), &[]);
    assert_eq!(code, 2);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("solved-games: error: ") && err.contains("fields.tsv: line 5"),
        "{err}"
    );
    // Another game's file: Memory rows under a Nim header are no instances;
    // an unknown game is malformed.
    let geister = String::from_utf8(run(&["export", "memory", "n=2"], "2").stdout).unwrap();
    let mixed: String = text
        .lines()
        .take(2)
        .chain(geister.lines().skip(2).take(3))
        .map(|l| format!("{l}\n"))
        .collect();
    let (code, out, _) = check_text("mixed.tsv", mixed.as_bytes(), &[]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("not instances 3"), "{out}");
    let chess = text.replacen("\tnim\t", "\tchess\t", 1);
    let (code, _, err) = check_text("chess.tsv", chess.as_bytes(), &[]);
    assert_eq!(code, 2);
    assert!(err.contains("no table of a game `chess`"), "{err}");
    // A truncated gzip.
    let gz = scratch("whole.tsv.gz");
    assert!(run(&["export", "nim", "--out", gz.to_str().unwrap()], "2")
        .status
        .success());
    let bytes = std::fs::read(&gz).unwrap();
    let (code, _, err) = check_text("truncated.tsv.gz", &bytes[..bytes.len() / 2], &[]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("not a complete gzip stream"), "{err}");
    // A missing file is an I/O error.
    let out = run(&["check-table", "/nonexistent/table.tsv"], "2");
    assert_eq!(out.status.code(), Some(3));
}

#[test]
fn check_table_writes_junit() {
    let text = nim_table().replacen("000\tloss", "000\twin", 1);
    let junit = scratch("check.xml");
    let (code, _, _) = check_text(
        "junit.tsv",
        text.as_bytes(),
        &["--junit", junit.to_str().unwrap()],
    );
    assert_eq!(code, 1);
    let xml = std::fs::read_to_string(&junit).unwrap();
    let doc = roxmltree::Document::parse(&xml).unwrap();
    let failures: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("failure"))
        .collect();
    assert_eq!(failures.len(), 1);
    assert_eq!(failures[0].attribute("message"), Some("1 mismatches"));
}

/// A file of several pieces (`check-table` reads about a megabyte of rows
/// per thread, then joins the pieces in order): two changed values, a
/// garbled row and a duplicate in different pieces are each reported at
/// their own line, with the duplicate naming the line it repeats across
/// pieces, and the report is the same bytes on 1 and 2 threads.
#[test]
fn check_table_reports_the_same_lines_across_pieces_and_thread_counts() {
    let mut text = Vec::new();
    table::export_named(
        &solved_games::table_kinds(),
        "nim",
        "piles=4 max=20",
        Solver::Optimized,
        &mut text,
    )
    .expect("exported")
    .expect("parameters read");
    let text = String::from_utf8(text).unwrap();
    assert!(text.len() > 2 << 20, "at least three pieces");
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let flip = |line: &mut String| {
        let (instance, value) = line.split_once('\t').unwrap();
        let other = if value == "win" { "loss" } else { "win" };
        *line = format!("{instance}\t{other}");
    };
    // Lines are 1-based: lines[k] is line k + 1.
    flip(&mut lines[9]);
    flip(&mut lines[149_999]);
    lines[99_999] = format!("x{}", lines[99_999]);
    lines.push(lines[79_999].clone());
    let damaged = lines.join("\n") + "\n";
    let path = scratch("pieces.tsv");
    std::fs::write(&path, &damaged).unwrap();
    let one = run(&["check-table", path.to_str().unwrap(), "--json"], "1");
    let two = run(&["check-table", path.to_str().unwrap(), "--json"], "2");
    assert_eq!(one.status.code(), Some(1));
    assert_eq!(one.stdout, two.stdout);
    let json: serde_json::Value = serde_json::from_slice(&one.stdout).unwrap();
    let at = |list: &str| -> Vec<u64> {
        json[list]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["line"].as_u64().unwrap())
            .collect()
    };
    assert_eq!(json["mismatches"], 2);
    assert_eq!(at("first_mismatches"), [10, 150_000]);
    assert_eq!(json["not_instances"], 1);
    assert_eq!(at("first_not_instances"), [100_000]);
    assert_eq!(json["duplicates"], 1);
    assert_eq!(at("first_duplicates"), [lines.len() as u64]);
    assert_eq!(json["first_duplicates"][0]["why"], "repeats line 80000");
    assert_eq!(
        json["first_duplicates"][0]["instance"],
        lines[79_999].split_once('\t').unwrap().0
    );
    assert_eq!(json["rows"], lines.len() as u64 - 2);
    assert_eq!(json["covered"], 194_481 - 1);
}

/// `export --out` creates its file at the first byte of a solved table:
/// bad parameters leave no file behind.
#[test]
fn export_with_bad_parameters_leaves_no_file() {
    let path = scratch("never.tsv.gz");
    let out = run(
        &["export", "nim", "max=x", "--out", path.to_str().unwrap()],
        "2",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(!path.exists());
}

/// Every key of a table's parameters is also a flag (`--max 7` for
/// `max=7`), listed in `export --help`; both forms give the same bytes, for
/// `export` and for `check`; a key given both ways, or twice as a flag, is
/// a usage error (exit 2, one line).
#[test]
fn parameter_flags_give_the_same_bytes_as_words() {
    let help = String::from_utf8(run(&["export", "--help"], "2").stdout).unwrap();
    for (key, games) in table::parameter_keys(&solved_games::table_kinds()) {
        assert!(
            help.contains(&format!("--{key} <VALUE>")),
            "--{key}:\n{help}"
        );
        assert!(help.contains(games[0]), "--{key}:\n{help}");
    }
    for (game, words, flags) in [
        (
            "nim",
            &["piles=2", "max=3"][..],
            &["--piles", "2", "--max", "3"][..],
        ),
        (
            "stones",
            &["game=2", "length=4"],
            &["--game", "2", "--length", "4"],
        ),
        ("memory", &["n=4"], &["--n", "4"]),
        (
            "geister",
            &["analysis=win-br-vs-br"],
            &["--analysis", "win-br-vs-br"],
        ),
        (
            "yen",
            &["total=4", "rounds=3"],
            &["--total", "4", "--rounds", "3"],
        ),
        (
            "yen-certified",
            &["total=2", "rounds=2"],
            &["--total", "2", "--rounds", "2"],
        ),
    ] {
        let by_words = run(&[&["export", game][..], words].concat(), "2");
        let by_flags = run(&[&["export", game][..], flags].concat(), "2");
        assert!(
            by_words.status.success(),
            "{game}: {}",
            String::from_utf8_lossy(&by_words.stderr)
        );
        assert_eq!(by_words.stdout, by_flags.stdout, "{game}");
        // One word and one flag together.
        let mixed = run(
            &[&["export", game][..], &words[..1], &flags[2..]].concat(),
            "2",
        );
        if flags.len() > 2 {
            assert_eq!(mixed.stdout, by_words.stdout, "{game} mixed");
        }
    }
    let solver = format!(
        "cmd:python3 {}/examples/solvers/nim.py",
        env!("CARGO_MANIFEST_DIR")
    );
    let check = |extra: &[&str]| {
        run(
            &[
                &["check", "nim", solver.as_str(), "--random", "3"][..],
                extra,
            ]
            .concat(),
            "2",
        )
    };
    let (by_words, by_flags) = (check(&["max=3"]), check(&["--max", "3"]));
    assert!(by_words.status.success());
    assert_eq!(by_words.stdout, by_flags.stdout);
    let by_params = check(&["--params", "piles=3", "--max", "3"]);
    assert_eq!(by_params.stdout, by_flags.stdout);
    for args in [
        &["export", "nim", "max=7", "--max", "8"][..],
        &["export", "nim", "--max", "7", "--max", "8"],
        &["export", "memory", "--piles", "2"],
        &[
            "check",
            "nim",
            solver.as_str(),
            "--params",
            "max=3",
            "--max",
            "4",
        ],
    ] {
        let out = run(args, "2");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(
            err.starts_with("solved-games: error: ") && err.lines().count() == 1,
            "{args:?}: {err}"
        );
    }
}
