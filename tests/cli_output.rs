//! Output faults (SPEC.md, "Conventions"): every command writes its
//! standard output through a handle, so a full disk (`> /dev/full`) is one
//! line on stderr naming `standard output` and the system's reason with
//! exit 3, and a reader that went away (`| head -1`) is a quiet end with
//! exit 0 — never a panic.

use crate::common::cli;
use std::fs::File;
use std::io::Read;
use std::process::{Command, Stdio};

/// One command line of each kind the binary has, each writing something on
/// standard output.
const COMMANDS: &[&[&str]] = &[
    &["nim", "735"],
    &["nim", "735", "--json"],
    &["nim", "--table", "--max", "2"],
    &["nim", "--table", "--max", "2", "--json"],
    &["stones", "--game", "1", "--stones", "4,5,3,1,2"],
    &["stones", "--game", "1", "--stones", "4,5,3,1,2", "--json"],
    &["memory", "--n", "7"],
    &["memory", "--n", "7", "--json"],
    &["memory", "--state", "f", "--n", "4", "--m", "0", "--k", "2"],
    &["memory", "--table", "--n", "3"],
    &["memory", "--findings", "--n", "6"],
    &["memory", "--n", "200", "--float"],
    &["geister"],
    &["geister", "--json"],
    &["geister", "show", "b1,c1/b4,c4 1"],
    &["geister", "line", "--analysis", "basic"],
    &["yen", "solve", "--total", "4", "--rounds", "3"],
    &["yen", "solve", "--total", "4", "--rounds", "3", "--json"],
    &[
        "yen",
        "solve",
        "--certified",
        "--total",
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
        "6",
        "--rounds",
        "3",
    ],
    &[
        "yen",
        "match",
        "--a",
        "always1000",
        "--b",
        "minus1",
        "--games",
        "2",
    ],
    &[
        "yen",
        "match",
        "--a",
        "always1000",
        "--b",
        "minus1",
        "--games",
        "2",
        "--transcript",
    ],
    &[
        "yen",
        "tournament",
        "--players",
        "always1000,minus1,random",
        "--games",
        "3",
    ],
    &["yen", "export-efg", "--total", "3", "--rounds", "2"],
    &[
        "yen",
        "export-efg",
        "--total",
        "3",
        "--rounds",
        "2",
        "--stage",
        "2,3,3,0",
    ],
    &["reproduce", "--list"],
    &["reproduce", "--list", "--json"],
    &["reproduce", "--id", "NIM-001"],
    &["reproduce", "--id", "NIM-001", "--json"],
    &["completions", "bash"],
    &["manpage"],
    &["--help"],
    &["nim", "--help"],
    &["--version"],
];

/// Exit status and standard error of `solved-games args` with standard
/// output sent to `stdout`.
fn run(args: &[&str], stdout: Stdio) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_solved-games"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    (child.wait().unwrap().code(), stderr)
}

#[test]
fn a_full_disk_is_one_line_naming_standard_output_and_exit_3() {
    let mut wrong = Vec::new();
    for args in COMMANDS {
        let full = File::options().write(true).open("/dev/full").unwrap();
        let (code, stderr) = run(args, Stdio::from(full));
        let lines: Vec<&str> = stderr.lines().collect();
        let one_line = lines.len() == 1
            && lines[0].starts_with("solved-games: error: standard output: ")
            && lines[0].contains("No space left on device");
        if code != Some(3) || !one_line || stderr.contains("panicked") {
            wrong.push(format!("{args:?}: exit {code:?}, stderr {stderr:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_closed_pipe_is_a_quiet_end_with_exit_0() {
    let mut wrong = Vec::new();
    for args in COMMANDS {
        // The reading end is closed before the program starts, so its first
        // write meets a closed pipe (EPIPE), whatever the size of its output.
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let (code, stderr) = run(args, Stdio::from(writer));
        if code != Some(0) || !stderr.is_empty() {
            wrong.push(format!("{args:?}: exit {code:?}, stderr {stderr:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A standard error that cannot be written (here `/dev/full`) must not turn
/// an error into a panic either: the exit status still says what happened.
#[test]
fn an_unwritable_standard_error_keeps_the_exit_status() {
    for (args, want) in [
        (&["nim", "7x5"][..], 2),
        (&["nim", "735"][..], 0),
        (&["geister", "line", "--svg", "/nonexistent/x.svg"][..], 3),
    ] {
        let full = File::options().write(true).open("/dev/full").unwrap();
        let status = Command::new(env!("CARGO_BIN_EXE_solved-games"))
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::from(full))
            .status()
            .unwrap();
        assert_eq!(status.code(), Some(want), "{args:?}");
    }
}

/// `--solver` is one flag: every game that has both solvers
/// takes `naive` and `optimized`, refuses anything else with the same
/// message, and the two answer alike.
#[test]
fn solver_is_one_flag_with_the_same_values_everywhere() {
    let games: [&[&str]; 4] = [
        &["nim", "735", "--json"],
        &["stones", "--game", "4", "--stones", "4,5,3,1,2", "--json"],
        &["memory", "--n", "5", "--json"],
        &["geister", "--json"],
    ];
    let mut refusals = Vec::new();
    for args in games {
        let with = |solver: &str| {
            let mut a = args.to_vec();
            a.extend(["--solver", solver]);
            cli(&a).parts()
        };
        let (naive, optimized, default) = (with("naive"), with("optimized"), cli(args).parts());
        assert_eq!(naive.0, 0, "{args:?}: {}", naive.2);
        assert_eq!(naive.1, optimized.1, "{args:?}");
        assert_eq!(default.1, optimized.1, "{args:?}: optimized is the default");
        let (code, _, err) = with("fast");
        assert_eq!(code, 2, "{args:?}");
        // The same message but for the usage line, which names the command.
        let message: Vec<&str> = err.lines().filter(|l| !l.starts_with("Usage:")).collect();
        refusals.push(message.join("\n"));
    }
    assert!(
        refusals.windows(2).all(|w| w[0] == w[1]),
        "one flag, one message: {refusals:#?}"
    );
    assert!(
        refusals[0].contains("[possible values: naive, optimized]"),
        "{}",
        refusals[0]
    );
}

/// Flags that would do nothing are refused by the parser (exit 2, nothing
/// on standard output), not ignored.
#[test]
fn flags_that_do_nothing_are_refused() {
    for args in [
        &["nim", "--table", "--solver", "naive"][..],
        &["memory", "--table", "--n", "3", "--solver", "naive"],
        &["memory", "--state", "f", "--n", "3", "--solver", "naive"],
        &["geister", "--solver", "naive", "show", "b1,c1/b4,c4 1"],
        &["geister", "--solver", "naive", "line"],
        &["yen", "solve", "--plot", "figs"],
        &["yen", "match", "--a", "minus1", "--b", "random", "--resume"],
        &[
            "yen",
            "tournament",
            "--players",
            "minus1,random",
            "--resume",
        ],
        &["reproduce", "--json", "--width", "80"],
        &["reproduce", "--list", "--width", "80"],
    ] {
        let (code, stdout, stderr) = cli(args).parts();
        assert_eq!(code, 2, "{args:?} should be refused: {stderr}");
        assert!(stdout.is_empty(), "{args:?}: {stdout}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

/// B's values belong to Game 5 only, and Game 5 needs them: the parser
/// refuses the other combinations before anything is read or solved (a
/// usage error: one line ending in the pointer to `--help`, exit 2), as it
/// refuses a flag that does nothing.
#[test]
fn b_values_outside_game_5_are_refused_by_the_parser() {
    for args in [
        &[
            "stones",
            "--game",
            "2",
            "--stones",
            "1,2",
            "--values-b",
            "1,2",
        ][..],
        &[
            "stones",
            "--game",
            "1",
            "--stones",
            "1,2",
            "--values-b-file",
            "-",
        ],
        &["stones", "--game", "5", "--stones", "1,2"],
    ] {
        let (code, stdout, stderr) = cli(args).parts();
        assert_eq!(code, 2, "{args:?} should be refused: {stderr}");
        assert!(stdout.is_empty(), "{args:?}: {stdout}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: one line: {stderr}");
        assert!(
            stderr.contains("--values-b") && stderr.trim_end().ends_with("(see --help)"),
            "{args:?}: a usage error naming --values-b: {stderr}"
        );
    }
}

/// `geister show --help` and `geister line --help` list what their
/// `--analysis` help points to (it once said "see below" and nothing
/// followed), and every example position of that help is accepted by the
/// analysis it names.
#[test]
fn geister_subcommand_help_lists_the_analyses_and_the_notation() {
    for sub in ["show", "line"] {
        let (code, help, _) = cli(&["geister", sub, "--help"]).parts();
        assert_eq!(code, 0);
        for name in [
            "basic",
            "det",
            "extended",
            "win-br-vs-br",
            "rbr-vs-br",
            "br-vs-brr",
            "bbr-vs-br",
            "br-vs-bbr-guess",
            "br-vs-bbr-third",
            "br-vs-bbr-half",
            "Position notation",
        ] {
            assert!(
                help.contains(name),
                "geister {sub} --help lacks {name}:\n{help}"
            );
        }
    }
    for (analysis, position) in [
        ("basic", "b1,c1/b4,c4 1"),
        ("win-br-vs-br", "Bb1,Rc1/b4,c4 2"),
        ("det", "Bb1,Rc1/Rb4,Bc4 2"),
    ] {
        let (code, _, err) = cli(&["geister", "show", "--analysis", analysis, position]).parts();
        assert_eq!(code, 0, "{analysis} {position}: {err}");
        let (_, help, _) = cli(&["geister", "show", "--help"]).parts();
        assert!(
            help.contains(&format!("\"{position}\" ({analysis}")),
            "{help}"
        );
    }
}

/// `yen match --json --transcript` keeps the transcripts: one
/// per match, each the text `--transcript` prints without `--json`.
#[test]
fn yen_match_json_carries_the_transcripts() {
    let args = [
        "yen",
        "match",
        "--a",
        "always1000",
        "--b",
        "minus1",
        "--games",
        "2",
        "--transcript",
    ];
    let (code, text, err) = cli(&args).parts();
    assert_eq!(code, 0, "{err}");
    let mut with_json = args.to_vec();
    with_json.push("--json");
    let (code, json, err) = cli(&with_json).parts();
    assert_eq!(code, 0, "{err}");
    assert_eq!(json.lines().count(), 1, "one JSON object: {json}");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let transcripts: Vec<&str> = v["transcripts"]
        .as_array()
        .expect("a transcripts array")
        .iter()
        .map(|t| t.as_str().unwrap())
        .collect();
    assert_eq!(transcripts.len(), 2);
    for t in &transcripts {
        assert!(
            text.contains(t),
            "{t:?} is not what --transcript prints:\n{text}"
        );
        assert!(t.starts_with("always1000 vs minus1\n"), "{t:?}");
    }
    // Without --transcript the summary has no transcripts.
    let (_, plain, _) = cli(&args[..args.len() - 1]
        .iter()
        .copied()
        .chain(["--json"])
        .collect::<Vec<_>>())
    .parts();
    let v: serde_json::Value = serde_json::from_str(&plain).unwrap();
    assert!(v.get("transcripts").is_none(), "{plain}");
}
