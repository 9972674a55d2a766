//! Output faults (issue 14.3/14.4, issue 13.6): every command writes its
//! standard output through a handle, so a full disk (`> /dev/full`) is one
//! line on stderr naming `standard output` and the system's reason with
//! exit 3, and a reader that went away (`| head -1`) is a quiet end with
//! exit 0 — never a panic.

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
