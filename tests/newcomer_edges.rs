//! The edges a newcomer broke, each as the command line that
//! showed it. Every one of these failed on a56aed7; those marked "second
//! round" passed there only by being absent, and failed on 5c208e7.
// The tests run the binary, built only with the `cli` feature.
#![cfg(feature = "cli")]

use crate::common;
use crate::common::{assert_input_error, cli, scratch};
use std::time::Duration;

/// `yen solve` of `state` in a match of T = 10, R = 10.
fn yen_solve_state(state: &str) -> [&str; 8] {
    [
        "yen", "solve", "--total", "10", "--rounds", "10", "--state", state,
    ]
}

/// A player 9.2·10¹⁸ behind was accepted and "won" (value 1).
#[test]
fn a_gain_difference_of_i64_min_is_refused() {
    let err = assert_input_error(&yen_solve_state("1,10,0,-9223372036854775808"));
    assert!(err.contains("impossible"), "{err}");
}

/// `solved-games` and `solved-games yen` printed the whole help as one
/// error line of 892 characters: now a short usage, still exit 2.
#[test]
fn no_command_is_a_short_usage_line() {
    for (args, commands) in [
        (&[][..], &["reproduce", "nim", "yen", "manpage"][..]),
        (
            &["yen"][..],
            &["match", "tournament", "solve", "best-response"][..],
        ),
    ] {
        let err = assert_input_error(args);
        let line = err.trim_end();
        assert!(
            line.starts_with("solved-games: error: a command is needed"),
            "{line}"
        );
        assert!(line.len() < 250, "{} characters: {line}", line.len());
        for c in commands {
            assert!(line.contains(c), "{args:?}: {c} missing from {line}");
        }
    }
}

/// "pile `` is not a number of stones".
#[test]
fn an_empty_pile_is_named_as_such() {
    let err = assert_input_error(&["nim", "1,,3"]);
    assert!(err.contains("a pile is empty"), "{err}");
    assert!(!err.contains("``"), "{err}");
}

/// `--rounds 4000000000` ran for minutes with no output: a documented limit.
#[test]
fn match_rounds_have_a_limit() {
    let err = assert_input_error(&[
        "yen",
        "match",
        "--a",
        "minus1",
        "--b",
        "random",
        "--rounds",
        "4000000000",
    ]);
    assert!(err.contains("--rounds 4000000000 is out of range"), "{err}");
    let err = assert_input_error(&[
        "yen",
        "tournament",
        "--players",
        "minus1,random",
        "--rounds",
        "10001",
    ]);
    assert!(err.contains("1..=10000"), "{err}");
    let run = cli(&[
        "yen", "match", "--a", "minus1", "--b", "random", "--rounds", "10000", "--games", "2",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
}

/// "1 claims".
#[test]
fn one_claim_is_singular() {
    let run = cli(&["reproduce", "--id", "NIM-001"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("\n1 claim: 1 PASS"), "{}", run.stdout);
}

/// `yen solve --total 60 --rounds 60` printed nothing for minutes on a
/// terminal: the states were enumerated before the bar began. The bar now
/// counts the enumeration from the start.
#[test]
fn a_long_exact_solve_shows_progress_while_it_enumerates() {
    let args = ["yen", "solve", "--total", "60", "--rounds", "60"];
    let (_, shown) = common::terminal_shows(&args, "enumerating states", Duration::from_secs(20));
    assert!(shown, "no progress within 20 s of a long exact solve");
}

/// `yen best-response --against random --total 60 --rounds
/// 60` printed nothing for minutes, even on a terminal. It now counts the
/// states it evaluates.
#[test]
fn a_long_best_response_shows_progress() {
    let args = [
        "yen",
        "best-response",
        "--against",
        "random",
        "--total",
        "60",
        "--rounds",
        "60",
    ];
    let (seen, shown) = common::terminal_shows(&args, "states evaluated", Duration::from_secs(20));
    assert!(
        shown,
        "no progress within 20 s of a long best response: {seen:?}"
    );
}

/// While the first claim ran (GEI-001: 11 s) the bar said
/// `0/1 (0/s, ~0s left)`. Before the first item it now shows the time so
/// far and says there is no estimate yet.
#[test]
fn the_bar_makes_no_estimate_before_the_first_item() {
    let args = ["reproduce", "--id", "GEI-001"];
    let (seen, shown) = common::terminal_shows(&args, "no estimate yet", Duration::from_secs(20));
    assert!(shown, "{seen:?}");
    assert!(!seen.contains("~0s left"), "{seen:?}");
}

/// `--html X --junit X` wrote one file over the other silently.
#[test]
fn html_and_junit_to_one_file_is_refused() {
    let path = std::env::temp_dir().join(format!("edges-same-{}.out", std::process::id()));
    let p = path.to_str().unwrap();
    let err = assert_input_error(&["reproduce", "--id", "NIM-001", "--html", p, "--junit", p]);
    assert!(err.contains("same file"), "{err}");
    assert!(!path.exists(), "nothing written");
}

/// `manpage --dir FILE` and `memory --plot /dev/full` said "File exists".
#[test]
fn an_output_directory_that_is_a_file_is_named_not_a_directory() {
    let file = std::env::temp_dir().join(format!("edges-file-{}", std::process::id()));
    std::fs::write(&file, "").unwrap();
    for args in [
        vec!["manpage", "--dir", file.to_str().unwrap()],
        vec!["memory", "--plot", "/dev/full", "--n", "4"],
    ] {
        let run = cli(&args);
        assert_eq!(run.code, 3, "{args:?}: {}", run.stderr);
        assert!(
            run.stderr.contains("not a directory"),
            "{args:?}: {}",
            run.stderr
        );
        assert_eq!(run.stderr.trim_end().lines().count(), 1);
    }
    let _ = std::fs::remove_file(&file);
}

/// The names in `dir`, sorted.
fn listing(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// `reproduce --html /dev/full` failed only after the run,
/// although the README promises the check before it.
#[test]
fn a_report_file_on_a_full_device_fails_before_the_run() {
    for flag in ["--html", "--junit"] {
        let run = cli(&["reproduce", "--id", "GEI-001", flag, "/dev/full"]);
        assert_eq!(run.code, 3, "{flag}: {}", run.stderr);
        assert!(run.stderr.contains("/dev/full"), "{}", run.stderr);
        assert_eq!(run.stderr.trim_end().lines().count(), 1, "{}", run.stderr);
        // Refused before the run: no table row was printed.
        assert!(run.stdout.is_empty(), "nothing computed: {}", run.stdout);
    }
}

/// A `reproduce --html NEW` killed by SIGTERM left a 0-byte
/// NEW (the early check created it). Now nothing is created until the page
/// is written whole, through a temporary file renamed into place, and a
/// finished run leaves no temporary file behind.
#[test]
fn a_killed_reproduce_leaves_no_report_file_and_a_finished_one_no_temporary() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let dir = scratch("killed-html");
    let page = dir.join("new.html");
    // NIM-001 is quick, GEI-001 takes seconds: the kill lands during the run.
    let mut child = Command::new(env!("CARGO_BIN_EXE_solved-games"))
        .args(["reproduce", "--id", "NIM-001", "--id", "GEI-001", "--html"])
        .arg(&page)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let row = lines.find(|l| l.as_ref().is_ok_and(|l| l.starts_with("NIM-001")));
    assert!(row.is_some(), "the first row is printed");
    // SAFETY: kill(2) on our own child's pid.
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    let status = child.wait().unwrap();
    assert!(!status.success(), "killed before the end");
    assert_eq!(listing(&dir), Vec::<String>::new(), "nothing left behind");

    let xml = dir.join("r.xml");
    let run = cli(&[
        "reproduce",
        "--id",
        "NIM-001",
        "--junit",
        xml.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(listing(&dir), vec!["r.xml".to_string()]);
    assert!(std::fs::read_to_string(&xml).unwrap().contains("NIM-001"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Two runs shared one `--log`, and `--resume` of the first
/// looked only at the last header ("the logged run differs in players").
/// It now finds the run these settings continue; where none matches it
/// says the last run is another one.
#[test]
fn resume_finds_its_run_in_a_log_that_two_runs_shared() {
    let dir = scratch("two-runs");
    let log = dir.join("shared.jsonl");
    let log = log.to_str().unwrap();
    let first = [
        "yen",
        "tournament",
        "--players",
        "always1000,minus1",
        "--games",
        "3",
    ];
    let with = |extra: &[&str], base: &[&str]| -> Vec<String> {
        base.iter().chain(extra).map(ToString::to_string).collect()
    };
    let run = |args: Vec<String>| cli(&args.iter().map(String::as_str).collect::<Vec<_>>());
    let alone = run(with(&["--log", log], &first));
    assert_eq!(alone.code, 0, "{}", alone.stderr);
    let other = [
        "yen",
        "tournament",
        "--players",
        "always1000,random",
        "--games",
        "3",
    ];
    assert_eq!(run(with(&["--log", log], &other)).code, 0);
    // The first run is finished: its resume plays nothing and prints its
    // results, as a resume of a log holding it alone would.
    let resumed = run(with(&["--log", log, "--resume"], &first));
    assert_eq!(resumed.code, 0, "{}", resumed.stderr);
    assert_eq!(resumed.stdout, alone.stdout);
    // Settings no run in the log has: named as another run.
    let third = [
        "yen",
        "tournament",
        "--players",
        "minus1,random",
        "--games",
        "3",
    ];
    let err = assert_input_error(
        &with(&["--log", log, "--resume"], &third)
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
    );
    assert!(err.contains("--resume:"), "{err}");
    assert!(
        err.contains("the last run in this log is another one"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A `--resume` log that is not UTF-8 exited 3 ("stream did
/// not contain valid UTF-8", no `--resume:`): it is bad input, exit 2.
#[test]
fn a_resume_log_that_is_not_utf8_is_bad_input() {
    let dir = scratch("not-utf8");
    let log = dir.join("bad.jsonl");
    let args = [
        "yen",
        "tournament",
        "--players",
        "always1000,minus1",
        "--games",
        "3",
        "--log",
        log.to_str().unwrap(),
    ];
    assert_eq!(cli(&args).code, 0);
    let mut bytes = std::fs::read(&log).unwrap();
    bytes.extend_from_slice(b"\xff\xfe not a record\n");
    std::fs::write(&log, &bytes).unwrap();
    let mut resume = args.to_vec();
    resume.push("--resume");
    let err = assert_input_error(&resume);
    assert!(err.contains("--resume:") && err.contains("UTF-8"), "{err}");
    // Nothing but bytes that are not text: no run in it.
    std::fs::write(&log, b"\xff\xfe\xfd\n").unwrap();
    let err = assert_input_error(&resume);
    assert!(err.contains("--resume:"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// An error line quoted its input whole, so a 10⁷-digit
/// token made a 10 MB line. Words past 120 characters are cut, with the
/// count of what was left out.
#[test]
fn error_lines_cut_huge_inputs() {
    let huge = "9".repeat(100_000);
    for args in [
        vec!["nim", huge.as_str()],
        yen_solve_state(&huge).to_vec(),
        vec!["yen", "solve", "--total", huge.as_str()],
    ] {
        let err = assert_input_error(&args);
        assert!(err.len() < 1000, "{} bytes: {}", err.len(), &err[..200]);
        assert!(err.contains("more characters]"), "{err}");
    }
}

/// `export nim max=99 --solver naive` and `export yen total=20
/// rounds=10` printed nothing until the whole table was solved (minutes
/// for the first), on a pipe as on a terminal. The header goes out at
/// once and the rows as they are solved, while the solve goes on.
#[test]
fn a_slow_export_prints_its_header_at_once_and_rows_as_solved() {
    use std::io::BufRead;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_solved-games"))
        .args(["export", "yen", "total=20", "rounds=10"])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let header = rx.recv_timeout(Duration::from_secs(3));
    let columns = rx.recv_timeout(Duration::from_secs(3));
    let row = rx.recv_timeout(Duration::from_secs(5));
    let running = child.try_wait().unwrap().is_none();
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        header.is_ok_and(|h| h.starts_with("# solved-games table\tformat 1\tyen")),
        "no header within 3 s"
    );
    assert_eq!(columns.as_deref(), Ok("instance\tvalue"));
    assert!(row.is_ok(), "no row within 5 s");
    assert!(running, "the table was solved before its first row came");
}

/// The same on a terminal: a bar counts the rows solved.
#[test]
fn a_slow_export_shows_its_rows_on_a_terminal() {
    let args = ["export", "nim", "max=99", "--solver", "naive"];
    let (seen, shown) = common::terminal_shows(&args, "rows", Duration::from_secs(20));
    assert!(shown, "no progress within 20 s of a slow export: {seen:?}");
}

/// `geister bracket --analysis det` ran the bracket and ignored the flag,
/// although the bracket judges its own strategies: refused.
#[test]
fn the_bracket_refuses_an_analysis() {
    let err = assert_input_error(&["geister", "bracket", "--analysis", "det"]);
    assert!(err.contains("`bracket` judges"), "{err}");
    let err = assert_input_error(&["geister", "--analysis", "basic", "bracket"]);
    assert!(err.contains("--analysis"), "{err}");
}

/// `memory --variant ''` listed 4 of the 7 variants, and `--variant points
/// --draws` asked for `--memory`.
#[test]
fn memory_variants_are_all_named_and_draws_goes_with_bounded() {
    let err = assert_input_error(&["memory", "--variant", ""]);
    for name in [
        "paper",
        "pairs",
        "points",
        "points-avoid-pass",
        "three",
        "bounded",
        "ranks",
    ] {
        assert!(err.contains(name), "{name} missing: {err}");
    }
    for args in [
        &["memory", "--variant", "points", "--draws"][..],
        &["memory", "--draws"][..],
    ] {
        let err = assert_input_error(args);
        assert!(err.contains("--draws goes with --variant bounded"), "{err}");
    }
}

/// Counts past u64 were shown saturated: "18446744073709551615 positions"
/// for the 2¹⁰⁰ of 100 piles of one stone. And `length=u64::MAX` of one
/// value per stone summed its rows one length at a time, for ever.
#[test]
fn counts_past_u64_are_said_as_such() {
    for (args, says) in [
        (
            &["export", "nim", "piles=64", "max=1"][..],
            "more than 10¹⁹",
        ),
        (
            &["export", "stones", "game=1", "length=100"][..],
            "more than 10¹⁹",
        ),
        // A length past the rows' bound is refused before the rows are
        // counted (one row per length at least).
        (
            &[
                "export",
                "stones",
                "game=1",
                "min=1",
                "max=1",
                "length=18446744073709551615",
            ][..],
            "more rows than a table holds",
        ),
        (
            &["yen", "export-efg", "--total", "1000", "--rounds", "100"][..],
            "more than 10¹⁹",
        ),
    ] {
        let start = std::time::Instant::now();
        let err = assert_input_error(args);
        assert!(!err.contains("18446744073709551615 "), "{args:?}: {err}");
        assert!(start.elapsed() < Duration::from_secs(5), "{args:?}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// A table file that starts with a byte-order mark was "not a table
/// header (it starts `# solved-games table`)", which it seems to; the
/// error names the mark.
#[test]
fn a_byte_order_mark_is_named() {
    let file = common::scratch_file("bom.tsv");
    let table = cli(&["export", "nim", "max=2"]).stdout;
    std::fs::write(&*file, format!("\u{feff}{table}")).unwrap();
    let err = assert_input_error(&["check-table", file.to_str().unwrap()]);
    assert!(err.contains("byte-order mark"), "{err}");
}

/// An error line quoted a NUL byte of its input raw (and any control
/// character: an escape sequence reached the terminal).
#[test]
fn control_characters_in_error_lines_are_escaped() {
    let file = common::scratch_file("nul.tsv");
    std::fs::write(
        &*file,
        "# solved-games table\tformat 1\tnim\tpiles=3 max=2\0\x1b[31m\ninstance\tvalue\n",
    )
    .unwrap();
    let err = assert_input_error(&["check-table", file.to_str().unwrap()]);
    assert!(!err.contains('\0') && !err.contains('\x1b'), "{err:?}");
    assert!(err.contains("\\0") && err.contains("\\u{1b}"), "{err}");
}

/// `export foo` listed the games without `yen-certified`, which `export`
/// takes.
#[test]
fn the_export_game_list_names_yen_certified() {
    let err = assert_input_error(&["export", "foo"]);
    assert!(err.contains("yen-certified"), "{err}");
}

/// `check-table` printed a row it quoted whole: a 500 kB instance made a
/// 500 kB line of the report. Rows are cut to head…tail as error lines
/// are, in the text and the JSON.
#[test]
fn the_table_report_cuts_a_huge_row() {
    let file = common::scratch_file("long.tsv");
    let mut table = cli(&["export", "nim", "max=2"]).stdout;
    table.push_str(&"0".repeat(500_000));
    table.push_str("\tloss\n");
    std::fs::write(&*file, table).unwrap();
    for json in [false, true] {
        let mut args = vec!["check-table", file.to_str().unwrap()];
        if json {
            args.push("--json");
        }
        let run = cli(&args);
        assert_eq!(run.code, 1, "{}", run.stderr);
        assert!(run.stdout.len() < 4000, "{} bytes", run.stdout.len());
        assert!(run.stdout.contains("more characters]"), "{}", run.stdout);
    }
}

/// The 10,000-yen game's T has one flag per meaning: `--money` (yen, where
/// programs play: `yen match`) and `--units` (a scaled game solved: `yen
/// solve`, `yen best-response`, `yen export-efg`); `--total`, the name
/// both had, stays an alias of each and prints the same bytes.
#[test]
fn yen_money_and_units_have_their_own_flags_and_total_stays() {
    let pairs: [(&[&str], &[&str]); 3] = [
        (
            &["yen", "solve", "--units", "4", "--rounds", "3", "--json"],
            &["yen", "solve", "--total", "4", "--rounds", "3", "--json"],
        ),
        (
            &[
                "yen",
                "best-response",
                "--against",
                "minus1",
                "--units",
                "4",
                "--rounds",
                "3",
            ],
            &[
                "yen",
                "best-response",
                "--against",
                "minus1",
                "--total",
                "4",
                "--rounds",
                "3",
            ],
        ),
        (
            &[
                "yen",
                "match",
                "--a",
                "always1000",
                "--b",
                "minus1",
                "--money",
                "5000",
                "--games",
                "3",
            ],
            &[
                "yen",
                "match",
                "--a",
                "always1000",
                "--b",
                "minus1",
                "--total",
                "5000",
                "--games",
                "3",
            ],
        ),
    ];
    for (new, old) in pairs {
        let (a, b) = (cli(new), cli(old));
        assert_eq!(a.code, 0, "{new:?}: {}", a.stderr);
        assert_eq!(a.stdout, b.stdout, "{new:?} against {old:?}");
    }
    let err = assert_input_error(&["yen", "solve", "--units", "61"]);
    assert!(err.contains("--units 61 is out of range"), "{err}");
    // An error names the flag as written: a documented command line with
    // `--total` prints what it printed before `--units` had its name.
    for flag in ["--total", "--total=61"] {
        let args: &[&str] = if flag == "--total" {
            &["yen", "solve", "--total", "61"]
        } else {
            &["yen", "solve", flag]
        };
        let err = assert_input_error(args);
        assert!(err.contains("--total 61 is out of range"), "{err}");
    }
    let help = cli(&["yen", "match", "--help"]).stdout;
    assert!(
        help.contains("--money") && help.contains("--total"),
        "{help}"
    );
}
