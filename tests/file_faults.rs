//! Every command that writes a file, on the paths a file may not be
//! written over as a plain file: a character device (made with `mknod` in a
//! temporary directory: a copy of `/dev/null` that takes the bytes, one of
//! `/dev/full` that refuses them), a FIFO with a reader, a missing
//! directory, `-`, and a report path that is one of the command's inputs.
//! Nothing we write may destroy a file that is not ours (SPEC.md, "Output
//! files"): a device stays a device, a FIFO a FIFO, a missing directory is
//! not made, an input is not replaced.
//!
//! The writers are found from the source (`--out`, `--html`, `--junit`,
//! `--svg`, `--plot`, `--stages`, `--dir`, `--certificate`, `--log`):
//! [`WRITERS`] lists a quick command line for each, and
//! `every_file_flag_of_the_command_line_is_covered` fails on a flag taking
//! a FILE or DIR that it does not list.

use std::fs;
use std::io::Read;
use std::os::unix::fs::FileTypeExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_solved-games");

/// What a writer takes: one file, or a directory of files.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Takes {
    File,
    Dir,
    /// A certificate: a file written beside its name, checkpointed and
    /// renamed into place, so a device or a FIFO is refused (exit 3) and
    /// `-` too (exit 2).
    Renamed,
    /// A match log: appended to in place, read back by `--resume`: `-` is
    /// refused (exit 2).
    Log,
}

/// A command line with `@` where the path goes.
struct Writer {
    args: &'static [&'static str],
    takes: Takes,
}

fn nim_solver() -> String {
    format!(
        "cmd:python3 {}/examples/solvers/nim.py",
        env!("CARGO_MANIFEST_DIR")
    )
}

const WRITERS: &[Writer] = &[
    Writer {
        args: &["export", "nim", "max=2", "--out", "@"],
        takes: Takes::File,
    },
    Writer {
        args: &["export", "nim", "max=2", "--out", "@.gz"],
        takes: Takes::File,
    },
    Writer {
        args: &["check-table", "TABLE", "--junit", "@"],
        takes: Takes::File,
    },
    Writer {
        args: &[
            "check", "nim", "SOLVER", "--sizes", "0..=1", "--random", "0", "--junit", "@",
        ],
        takes: Takes::File,
    },
    Writer {
        args: &["reproduce", "--id", "NIM-001", "--junit", "@"],
        takes: Takes::File,
    },
    Writer {
        args: &["reproduce", "--id", "NIM-001", "--html", "@"],
        takes: Takes::File,
    },
    Writer {
        args: &[
            "geister",
            "--analysis",
            "win-br-vs-br",
            "line",
            "--svg",
            "@",
        ],
        takes: Takes::File,
    },
    Writer {
        args: &["memory", "--n", "2", "--plot", "@"],
        takes: Takes::Dir,
    },
    Writer {
        args: &["manpage", "--dir", "@"],
        takes: Takes::Dir,
    },
    Writer {
        args: &[
            "yen",
            "export-efg",
            "--total",
            "2",
            "--rounds",
            "2",
            "--stages",
            "@",
        ],
        takes: Takes::Dir,
    },
    Writer {
        args: &[
            "yen",
            "solve",
            "--certified",
            "--total",
            "2",
            "--rounds",
            "2",
            "--plot",
            "@",
        ],
        takes: Takes::Dir,
    },
    Writer {
        args: &[
            "yen",
            "solve",
            "--certified",
            "--total",
            "2",
            "--rounds",
            "2",
            "--certificate",
            "@",
        ],
        takes: Takes::Renamed,
    },
    Writer {
        args: &[
            "yen", "match", "--a", "minus1", "--b", "random", "--games", "2", "--total", "10",
            "--log", "@",
        ],
        takes: Takes::Log,
    },
    Writer {
        args: &[
            "yen",
            "tournament",
            "--players",
            "minus1,random",
            "--games",
            "2",
            "--total",
            "10",
            "--log",
            "@",
        ],
        takes: Takes::Log,
    },
];

/// What a run produced.
struct Ran {
    code: Option<i32>,
    stdout: Vec<u8>,
    stderr: String,
}

/// Runs the binary in `dir` with `args`, `stdin` from a file (or none);
/// killed after 60 s (a run waiting on a FIFO nobody reads would hang).
fn run_in(dir: &Path, args: &[String], stdin: Option<&Path>) -> Ran {
    let mut command = Command::new(BIN);
    command
        .current_dir(dir)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    match stdin {
        Some(path) => command.stdin(fs::File::open(path).unwrap()),
        None => command.stdin(Stdio::null()),
    };
    let mut child = command.spawn().expect("the binary runs");
    let (mut out, mut err) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = out.read_to_end(&mut bytes);
        bytes
    });
    let errors = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = err.read_to_string(&mut text);
        text
    });
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{args:?}: still running after 60 s");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    Ran {
        code: status.code(),
        stdout: reader.join().unwrap(),
        stderr: errors.join().unwrap(),
    }
}

/// A scratch directory with the inputs the writers read: a Nim table of
/// `max=2` (TABLE).
fn scratch() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let table = run_in(
        dir.path(),
        &["export".into(), "nim".into(), "max=2".into()],
        None,
    );
    assert_eq!(table.code, Some(0));
    fs::write(dir.path().join("table.tsv"), table.stdout).unwrap();
    dir
}

/// `writer`'s arguments with the path `at` in place of `@`.
fn args_of(writer: &Writer, dir: &Path, at: &str) -> Vec<String> {
    writer
        .args
        .iter()
        .map(|a| match *a {
            "TABLE" => dir.join("table.tsv").display().to_string(),
            "SOLVER" => nim_solver(),
            a => a.replace('@', at),
        })
        .collect()
}

/// The path a writer's `@` became (`@.gz` → `at.gz`).
fn written_path(writer: &Writer, at: &Path) -> PathBuf {
    let arg = writer.args.iter().find(|a| a.contains('@')).unwrap();
    PathBuf::from(arg.replace('@', &at.display().to_string()))
}

fn is_char_device(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_char_device())
}

fn is_fifo(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_fifo())
}

/// Makes a character device `major:minor` at `path`; false (with a note)
/// where this user may not (`mknod` needs root).
fn mknod(path: &Path, major: u32, minor: u32) -> bool {
    let made = Command::new("mknod")
        .arg(path)
        .args(["c", &major.to_string(), &minor.to_string()])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !made {
        eprintln!(
            "note: cannot mknod {} (not root?): device cases skipped",
            path.display()
        );
    }
    made
}

fn mkfifo(path: &Path) {
    let ok = Command::new("mkfifo")
        .arg(path)
        .status()
        .is_ok_and(|s| s.success());
    assert!(ok, "mkfifo {}", path.display());
}

/// The failure message of a run: its command line and what it said.
fn said(args: &[String], ran: &Ran) -> String {
    format!(
        "{args:?}: exit {:?}, stderr {:?}, {} bytes on stdout",
        ran.code,
        ran.stderr,
        ran.stdout.len()
    )
}

/// Exit 3 with one error line, for a file that cannot be written.
fn assert_io_error(args: &[String], ran: &Ran) {
    assert_eq!(ran.code, Some(3), "{}", said(args, ran));
    assert!(
        ran.stderr.starts_with("solved-games: error: ") && ran.stderr.lines().count() == 1,
        "{}",
        said(args, ran)
    );
}

#[test]
fn a_device_node_stays_a_device_node() {
    let dir = scratch();
    let null = dir.path().join("null");
    let full = dir.path().join("full");
    if !(mknod(&null, 1, 3) && mknod(&full, 1, 7)) {
        return;
    }
    for writer in WRITERS.iter().filter(|w| w.takes != Takes::Dir) {
        for (node, takes_bytes) in [(&null, true), (&full, false)] {
            // A writer that appends `.gz` to the path names no device.
            if writer.args.iter().any(|a| a.contains("@.")) {
                continue;
            }
            let args = args_of(writer, dir.path(), &node.display().to_string());
            let ran = run_in(dir.path(), &args, None);
            assert!(
                is_char_device(node),
                "{}: no longer a device",
                said(&args, &ran)
            );
            match (writer.takes, takes_bytes) {
                (Takes::File | Takes::Log, true) => {
                    assert!(matches!(ran.code, Some(0 | 1)), "{}", said(&args, &ran));
                }
                _ => assert_io_error(&args, &ran),
            }
            // Nothing is made beside the node (a `.partial`, a manifest).
            let beside: Vec<String> = fs::read_dir(dir.path())
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .filter(|n| n.starts_with("null") || n.starts_with("full") || n.starts_with('.'))
                .filter(|n| n != "null" && n != "full")
                .collect();
            assert!(beside.is_empty(), "{}: left {beside:?}", said(&args, &ran));
        }
    }
    // A directory writer given a device: not a directory, exit 3.
    for writer in WRITERS.iter().filter(|w| w.takes == Takes::Dir) {
        let args = args_of(writer, dir.path(), &null.display().to_string());
        let ran = run_in(dir.path(), &args, None);
        assert!(is_char_device(&null), "{}", said(&args, &ran));
        assert_io_error(&args, &ran);
    }
}

#[test]
fn a_fifo_is_written_in_place_or_refused_and_stays_a_fifo() {
    let dir = scratch();
    for writer in WRITERS.iter().filter(|w| w.takes != Takes::Dir) {
        if writer.args.iter().any(|a| a.contains("@.")) {
            continue;
        }
        let fifo = dir.path().join("pipe");
        let _ = fs::remove_file(&fifo);
        mkfifo(&fifo);
        let reading = fifo.clone();
        let reader = std::thread::spawn(move || {
            let mut bytes = Vec::new();
            fs::File::open(&reading)
                .unwrap()
                .read_to_end(&mut bytes)
                .unwrap();
            bytes
        });
        let args = args_of(writer, dir.path(), &fifo.display().to_string());
        let ran = run_in(dir.path(), &args, None);
        // A reader still waiting (the command never opened the FIFO) is let
        // go: a writer opens it and closes it at once.
        {
            use std::os::unix::fs::OpenOptionsExt;
            let _ = fs::OpenOptions::new()
                .write(true)
                .custom_flags(libc::O_NONBLOCK)
                .open(&fifo);
        }
        let read = reader.join().unwrap();
        assert!(is_fifo(&fifo), "{}: no longer a FIFO", said(&args, &ran));
        match writer.takes {
            Takes::File | Takes::Log => {
                assert!(matches!(ran.code, Some(0 | 1)), "{}", said(&args, &ran));
                assert!(!read.is_empty(), "{}: nothing read", said(&args, &ran));
            }
            _ => {
                assert_io_error(&args, &ran);
                assert!(read.is_empty(), "{}", said(&args, &ran));
            }
        }
    }
}

#[test]
fn a_missing_directory_is_exit_3_and_is_not_made() {
    let dir = scratch();
    for writer in WRITERS {
        let at = dir.path().join("missing/a/b");
        let args = args_of(writer, dir.path(), &at.display().to_string());
        let ran = run_in(dir.path(), &args, None);
        assert_io_error(&args, &ran);
        assert!(
            !dir.path().join("missing").exists(),
            "{}: made the missing directory",
            said(&args, &ran)
        );
    }
    // Under a regular file: no directory can be made there either.
    fs::write(dir.path().join("a-file"), "").unwrap();
    for writer in WRITERS {
        let at = dir.path().join("a-file/x");
        let args = args_of(writer, dir.path(), &at.display().to_string());
        let ran = run_in(dir.path(), &args, None);
        assert_io_error(&args, &ran);
        assert_eq!(fs::read(dir.path().join("a-file")).unwrap(), b"");
    }
}

#[test]
fn a_dash_is_standard_output_or_refused_and_never_a_file_named_dash() {
    let dir = scratch();
    for writer in WRITERS {
        if writer.args.iter().any(|a| a.contains("@.")) {
            continue;
        }
        let args = args_of(writer, dir.path(), "-");
        let ran = run_in(dir.path(), &args, None);
        assert!(
            !dir.path().join("-").exists(),
            "{}: made a file named -",
            said(&args, &ran)
        );
        match writer.takes {
            Takes::File => {
                assert!(matches!(ran.code, Some(0 | 1)), "{}", said(&args, &ran));
                assert!(!ran.stdout.is_empty(), "{}", said(&args, &ran));
            }
            Takes::Dir | Takes::Renamed | Takes::Log => {
                assert_eq!(ran.code, Some(2), "{}", said(&args, &ran));
            }
        }
    }
    // `export --out -` is the table on standard output, as without --out.
    let plain = run_in(
        dir.path(),
        &["export".into(), "nim".into(), "max=2".into()],
        None,
    );
    let dash = run_in(
        dir.path(),
        &[
            "export".into(),
            "nim".into(),
            "max=2".into(),
            "--out".into(),
            "-".into(),
        ],
        None,
    );
    assert_eq!(plain.stdout, dash.stdout);
    assert_eq!(dash.code, Some(0));
}

/// `-` as an input file is standard input: `yen verify-certificate -`.
#[test]
fn verify_certificate_dash_reads_standard_input() {
    let dir = scratch();
    let made: Vec<String> = [
        "yen",
        "solve",
        "--certified",
        "--total",
        "3",
        "--rounds",
        "3",
        "--certificate",
        "c.cert",
    ]
    .map(String::from)
    .to_vec();
    assert_eq!(run_in(dir.path(), &made, None).code, Some(0));
    let args: Vec<String> = ["yen", "verify-certificate", "-"]
        .map(String::from)
        .to_vec();
    let ran = run_in(dir.path(), &args, Some(&dir.path().join("c.cert")));
    assert_eq!(ran.code, Some(0), "{}", said(&args, &ran));
    assert!(String::from_utf8_lossy(&ran.stdout).contains("verified"));
}

/// `check-table -` reads standard input, even with a file named `-` in the
/// directory (which `export nim --out -` made before).
#[test]
fn check_table_dash_reads_standard_input() {
    let dir = scratch();
    let table = dir.path().join("table.tsv");
    let right = fs::read_to_string(&table).unwrap();
    fs::write(dir.path().join("-"), &right).unwrap();
    let wrong = dir.path().join("wrong.tsv");
    fs::write(&wrong, right.replacen("000\tloss", "000\twin", 1)).unwrap();
    let args: Vec<String> = vec!["check-table".into(), "-".into()];
    let ran = run_in(dir.path(), &args, Some(&wrong));
    assert_eq!(ran.code, Some(1), "{}", said(&args, &ran));
    let out = String::from_utf8_lossy(&ran.stdout);
    assert!(out.starts_with("standard input: nim"), "{out}");
    let ran = run_in(dir.path(), &args, Some(&table));
    assert_eq!(ran.code, Some(0), "{}", said(&args, &ran));
}

#[test]
fn a_report_is_never_written_over_an_input() {
    let dir = scratch();
    let table = dir.path().join("table.tsv");
    let before = fs::read(&table).unwrap();
    let script = dir.path().join("mynim.py");
    fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/solvers/nim.py"),
        &script,
    )
    .unwrap();
    let source = fs::read(&script).unwrap();
    fs::write(
        dir.path().join("player.sh"),
        "#!/bin/sh\nwhile read -r _; do echo 1; done\n",
    )
    .unwrap();
    let player = fs::read(dir.path().join("player.sh")).unwrap();
    // (command line, the input it names, the input's bytes, standard input)
    type Case = (Vec<String>, PathBuf, Vec<u8>, Option<PathBuf>);
    let cases: Vec<Case> = vec![
        (
            vec![
                "check-table".into(),
                "table.tsv".into(),
                "--junit".into(),
                "table.tsv".into(),
            ],
            table.clone(),
            before.clone(),
            None,
        ),
        // The same file by another name.
        (
            vec![
                "check-table".into(),
                table.display().to_string(),
                "--junit".into(),
                "./table.tsv".into(),
            ],
            table.clone(),
            before.clone(),
            None,
        ),
        // Standard input redirected from the report's file.
        (
            vec![
                "check-table".into(),
                "-".into(),
                "--junit".into(),
                "table.tsv".into(),
            ],
            table.clone(),
            before.clone(),
            Some(table.clone()),
        ),
        (
            vec![
                "check".into(),
                "nim".into(),
                "cmd:python3 mynim.py".into(),
                "--sizes".into(),
                "0..=1".into(),
                "--random".into(),
                "0".into(),
                "--junit".into(),
                "mynim.py".into(),
            ],
            script.clone(),
            source.clone(),
            None,
        ),
        (
            vec![
                "yen".into(),
                "match".into(),
                "--a".into(),
                "cmd:sh player.sh".into(),
                "--b".into(),
                "minus1".into(),
                "--games".into(),
                "1".into(),
                "--total".into(),
                "10".into(),
                "--log".into(),
                "player.sh".into(),
            ],
            dir.path().join("player.sh"),
            player.clone(),
            None,
        ),
        (
            vec![
                "reproduce".into(),
                "--id".into(),
                "NIM-001".into(),
                "--html".into(),
                "r.xml".into(),
                "--junit".into(),
                "./r.xml".into(),
            ],
            dir.path().join("r.xml"),
            b"keep".to_vec(),
            None,
        ),
    ];
    fs::write(dir.path().join("r.xml"), "keep").unwrap();
    for (args, input, content, stdin) in cases {
        let ran = run_in(dir.path(), &args, stdin.as_deref());
        assert_eq!(ran.code, Some(2), "{}", said(&args, &ran));
        assert!(ran.stderr.contains("same file"), "{}", said(&args, &ran));
        assert_eq!(
            fs::read(&input).unwrap(),
            content,
            "{}: input changed",
            said(&args, &ran)
        );
    }
}

/// Item 1 of the file faults: a certificate at a device node's path left
/// the node replaced by a regular file (exit 0). Now exit 3 before any
/// work, the node a node; a symbolic link to a regular file is kept and
/// the file it names replaced.
#[test]
fn a_certificate_never_replaces_a_device_and_keeps_a_link() {
    let dir = scratch();
    let node = dir.path().join("node");
    // A certified solve of T = 3, R = 3 writing its certificate to `path`.
    let solve_to = |path: &str| -> Vec<String> {
        [
            "yen",
            "solve",
            "--certified",
            "--total",
            "3",
            "--rounds",
            "3",
            "--certificate",
            path,
        ]
        .map(String::from)
        .to_vec()
    };
    if mknod(&node, 1, 3) {
        let args = solve_to("node");
        let ran = run_in(dir.path(), &args, None);
        assert_io_error(&args, &ran);
        assert!(is_char_device(&node), "{}", said(&args, &ran));
        assert!(!dir.path().join("node.partial").exists());
        assert!(!dir.path().join("node.checkpoint").exists());
    }
    fs::write(dir.path().join("real.cert"), "old").unwrap();
    std::os::unix::fs::symlink("real.cert", dir.path().join("link.cert")).unwrap();
    let args = solve_to("link.cert");
    let ran = run_in(dir.path(), &args, None);
    assert_eq!(ran.code, Some(0), "{}", said(&args, &ran));
    let link = fs::symlink_metadata(dir.path().join("link.cert")).unwrap();
    assert!(link.file_type().is_symlink(), "the link was replaced");
    let written = fs::read(dir.path().join("real.cert")).unwrap();
    assert!(written.starts_with(b"solved-games certificate"));
}

/// Regular files are replaced whole, keeping their permissions; a symbolic
/// link is kept and the file it names replaced; no temporary is left.
#[test]
fn a_regular_file_is_replaced_whole_and_a_link_kept() {
    let dir = scratch();
    for writer in WRITERS.iter().filter(|w| w.takes == Takes::File) {
        let real = dir.path().join("real");
        let link = dir.path().join("link");
        let _ = fs::remove_file(&real);
        let _ = fs::remove_file(&link);
        let real_written = written_path(writer, &real);
        let link_written = written_path(writer, &link);
        fs::write(&real_written, "old").unwrap();
        {
            use std::os::unix::fs::PermissionsExt;
            fs::set_permissions(&real_written, fs::Permissions::from_mode(0o640)).unwrap();
        }
        std::os::unix::fs::symlink(&real_written, &link_written).unwrap();
        let args = args_of(writer, dir.path(), &link.display().to_string());
        let ran = run_in(dir.path(), &args, None);
        assert!(matches!(ran.code, Some(0 | 1)), "{}", said(&args, &ran));
        assert!(
            fs::symlink_metadata(&link_written)
                .unwrap()
                .file_type()
                .is_symlink(),
            "{}: the link was replaced",
            said(&args, &ran)
        );
        let content = fs::read(&real_written).unwrap();
        assert!(
            content != b"old" && !content.is_empty(),
            "{}",
            said(&args, &ran)
        );
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = fs::metadata(&real_written).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o640, "{}", said(&args, &ran));
        }
        let left: Vec<String> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".tmp"))
            .collect();
        assert!(left.is_empty(), "{}: left {left:?}", said(&args, &ran));
        let _ = fs::remove_file(&real_written);
        let _ = fs::remove_file(&link_written);
    }
}

/// `yen export-efg --stages /x/a/b` made the whole missing path and exited
/// 0; the directory itself (its parent there) is still made.
#[test]
fn stages_make_their_directory_but_not_its_parents() {
    let dir = scratch();
    let args: Vec<String> = [
        "yen",
        "export-efg",
        "--total",
        "2",
        "--rounds",
        "2",
        "--stages",
        "nonexistent/a/b",
    ]
    .map(String::from)
    .to_vec();
    let ran = run_in(dir.path(), &args, None);
    assert_io_error(&args, &ran);
    assert!(!dir.path().join("nonexistent").exists());
    let args: Vec<String> = [
        "yen",
        "export-efg",
        "--total",
        "2",
        "--rounds",
        "2",
        "--stages",
        "stages",
    ]
    .map(String::from)
    .to_vec();
    let ran = run_in(dir.path(), &args, None);
    assert_eq!(ran.code, Some(0), "{}", said(&args, &ran));
    assert!(dir.path().join("stages/values.tsv").is_file());
}

/// Every flag of the command line that takes a FILE or DIR (from the
/// parser, through `--help`) that writes is in [`WRITERS`]; the inputs are
/// listed here.
#[test]
fn every_file_flag_of_the_command_line_is_covered() {
    const INPUTS: &[&str] = &["--stones-file", "--values-b-file"];
    let mut todo: Vec<Vec<String>> = vec![Vec::new()];
    let mut missing = Vec::new();
    while let Some(path) = todo.pop() {
        let out = Command::new(BIN)
            .args(&path)
            .arg("--help")
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        let mut in_commands = false;
        for line in text.lines() {
            if line.starts_with("Commands:") {
                in_commands = true;
                continue;
            }
            if in_commands {
                match line.split_whitespace().next() {
                    Some(c) if line.starts_with("  ") && c != "help" => {
                        let mut sub = path.clone();
                        sub.push(c.to_string());
                        todo.push(sub);
                    }
                    _ => in_commands = false,
                }
            }
            let t = line.trim_start();
            if !(t.starts_with("--") && (t.contains("<FILE>") || t.contains("<DIR>"))) {
                continue;
            }
            let flag = t.split_whitespace().next().unwrap();
            if INPUTS.contains(&flag) {
                continue;
            }
            let covered = WRITERS.iter().any(|w| {
                w.args.contains(&flag) && path.iter().all(|p| w.args.contains(&p.as_str()))
            });
            if !covered {
                missing.push(format!("{} {flag}", path.join(" ")));
            }
        }
    }
    assert!(missing.is_empty(), "writers not in WRITERS: {missing:?}");
}
