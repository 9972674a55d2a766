//! Every subcommand, with random arguments drawn from each flag's
//! domain and its edges, ends with a documented exit code (0 ok, 1 a check
//! failed, 2 usage or input, 3 I/O), exactly one `solved-games: error:`
//! line when it fails, no panic, and in bounded time: a run still going
//! after its time slot (a legitimately long computation at a default size)
//! must end cleanly within 2 s of SIGTERM. And: no error line
//! longer than 2,000 bytes (long inputs are cut), no temporary report file
//! left behind, and a file that is not UTF-8 among the file values.
//!
//! The commands and flags are not listed here: they are read from the
//! binary's own `-h` (clap renders its `Command` tree there), recursively,
//! so subcommands added later are covered without touching this file.
// The test runs the binary, built only with the `cli` feature.
#![cfg(feature = "cli")]

use std::ffi::{OsStr, OsString};
use std::io::Read;
use std::os::unix::ffi::OsStringExt;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_solved-games");

/// One flag or positional argument as `-h` shows it.
#[derive(Debug, Clone)]
struct Arg {
    /// `--flag`, or `None` for a positional argument.
    flag: Option<String>,
    /// The value's name (`<FILE>`), if it takes one.
    value: Option<String>,
    possible: Vec<String>,
    default: Option<String>,
    required: bool,
}

#[derive(Debug, Clone)]
struct Leaf {
    path: Vec<String>,
    args: Vec<Arg>,
}

fn help(path: &[String]) -> String {
    let out = Command::new(BIN)
        .args(path)
        .arg("-h")
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    assert_eq!(out.status.code(), Some(0), "{path:?} -h");
    String::from_utf8(out.stdout).expect("UTF-8 help")
}

/// The lines of a `-h` section (`Commands:`, `Options:`, `Arguments:`).
fn section<'a>(text: &'a str, name: &str) -> Vec<&'a str> {
    text.lines()
        .skip_while(|l| *l != name)
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter(|l| l.starts_with("  "))
        .collect()
}

fn bracketed(line: &str, key: &str) -> Option<String> {
    let start = line.find(key)? + key.len();
    let end = line[start..].find(']')? + start;
    Some(line[start..end].trim().to_string())
}

fn parse_arg(line: &str, positional: bool, usage: &str) -> Option<Arg> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let possible = bracketed(line, "[possible values:")
        .map(|v| v.split(',').map(|s| s.trim().to_string()).collect())
        .unwrap_or_default();
    let default = bracketed(line, "[default:");
    if positional {
        let name = tokens.first()?;
        return Some(Arg {
            flag: None,
            value: Some(name.to_string()),
            possible,
            default,
            required: name.starts_with('<'),
        });
    }
    let at = tokens.iter().position(|t| t.starts_with("--"))?;
    let flag = tokens[at].trim_end_matches(',').to_string();
    let value = tokens
        .get(at + 1)
        .filter(|t| t.starts_with('<'))
        .map(|t| t.to_string());
    let required = usage.contains(&format!("{flag} <")) && !usage.contains(&format!("[{flag}"));
    Some(Arg {
        flag: Some(flag),
        value,
        possible,
        default,
        required,
    })
}

/// Every command without subcommands of its own (and every command with
/// optional subcommands, as itself), from `-h`, recursively.
fn leaves() -> Vec<Leaf> {
    let mut leaves = Vec::new();
    let mut todo: Vec<Vec<String>> = vec![Vec::new()];
    while let Some(path) = todo.pop() {
        let text = help(&path);
        let usage = text
            .lines()
            .find(|l| l.starts_with("Usage:"))
            .unwrap_or_default()
            .to_string();
        let commands: Vec<String> = section(&text, "Commands:")
            .iter()
            .filter_map(|l| l.split_whitespace().next())
            .filter(|c| *c != "help")
            .map(String::from)
            .collect();
        for c in &commands {
            let mut sub = path.clone();
            sub.push(c.clone());
            todo.push(sub);
        }
        // A command that needs a subcommand is no leaf.
        let needs_subcommand = usage.contains("<COMMAND>") && !commands.is_empty();
        if !path.is_empty() && !needs_subcommand {
            let mut args: Vec<Arg> = section(&text, "Options:")
                .iter()
                .filter_map(|l| parse_arg(l, false, &usage))
                .filter(|a| a.flag.as_deref() != Some("--help"))
                .collect();
            args.extend(
                section(&text, "Arguments:")
                    .iter()
                    .filter_map(|l| parse_arg(l, true, &usage)),
            );
            leaves.push(Leaf { path, args });
        }
    }
    leaves.sort_by(|a, b| a.path.cmp(&b.path));
    leaves
}

/// Bytes that are not UTF-8, as an argument.
fn not_utf8(prefix: &str) -> OsString {
    let mut bytes = prefix.as_bytes().to_vec();
    bytes.extend_from_slice(b"\xff\xfe1");
    OsString::from_vec(bytes)
}

/// A value from the argument's domain or its edges: [`text_value`], or
/// (one time in ten) bytes that are not UTF-8; a `KEY=VALUE` word gets a
/// table parameter's key before it.
fn value(rng: &mut fastrand::Rng, arg: &Arg, dir: &std::path::Path) -> OsString {
    let name = arg.value.as_deref().unwrap_or_default().to_uppercase();
    let key = if name.contains("KEY=VALUE") {
        let keys = [
            "piles", "max", "game", "min", "length", "n", "analysis", "total", "rounds",
        ];
        format!("{}=", keys[rng.usize(0..keys.len())])
    } else {
        String::new()
    };
    if rng.u8(0..10) == 0 {
        return not_utf8(&key);
    }
    OsString::from(key + &text_value(rng, arg, dir))
}

/// A value from the argument's domain or its edges, as text.
fn text_value(rng: &mut fastrand::Rng, arg: &Arg, dir: &std::path::Path) -> String {
    let name = arg.value.as_deref().unwrap_or_default().to_uppercase();
    if !arg.possible.is_empty() && rng.u8(0..4) != 0 {
        return arg.possible[rng.usize(0..arg.possible.len())].clone();
    }
    if let Some(d) = &arg.default {
        if rng.u8(0..5) == 0 && !d.contains(' ') {
            return d.clone();
        }
    }
    if ["FILE", "DIR", "PATH"].iter().any(|k| name.contains(k)) {
        let choices = [
            dir.join(format!("new-{}", rng.u32(..)))
                .display()
                .to_string(),
            dir.display().to_string(),
            "/dev/full".to_string(),
            // Under a regular file: no directory can be created there, even
            // by root (a path such as /nonexistent/… would be created).
            dir.join("a-file/x").display().to_string(),
            // Bytes that are not UTF-8 (a `--resume` log, an input table).
            dir.join("not-utf8").display().to_string(),
            "-".to_string(),
            String::new(),
        ];
        return choices[rng.usize(0..choices.len())].clone();
    }
    let edges = [
        "0",
        "1",
        "2",
        "3",
        "-1",
        "10",
        "4294967295",
        "4294967296",
        "18446744073709551615",
        "18446744073709551616",
        "9223372036854775807",
        "-9223372036854775808",
        "",
        "x",
        "1,2,3",
        "1,,3",
        "1,10,0,-9223372036854775808",
        "2,2,2,0",
        "NaN",
        "inf",
        "1e309",
        "minus1",
        "random",
        "minus1,random",
        "cmd:true",
        "b1,c1/b4,c4 1",
        "\u{3042}",
    ];
    if rng.u8(0..20) == 0 {
        return "9".repeat(100_000);
    }
    edges[rng.usize(0..edges.len())].to_string()
}

/// Runs the binary with a time slot; a run still going is sent SIGTERM and
/// must end within 2 s. Returns (exit code or signal, stderr, timed out).
fn run(
    args: &[impl AsRef<OsStr> + std::fmt::Debug],
    slot: Duration,
    dir: &std::path::Path,
) -> (Option<i32>, Option<i32>, String, bool) {
    use std::os::unix::process::ExitStatusExt;
    // In the temporary directory: a relative path (`-` as a file name)
    // lands there, not in the repository.
    let mut child = Command::new(BIN)
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stderr = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = stderr.read_to_end(&mut s);
        String::from_utf8_lossy(&s).into_owned()
    });
    let started = Instant::now();
    let mut timed_out = false;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        let limit = if timed_out {
            slot + Duration::from_secs(2)
        } else {
            slot
        };
        if started.elapsed() > limit {
            if timed_out {
                let _ = child.kill();
                let _ = child.wait();
                panic!("{args:?}: still running 2 s after SIGTERM");
            }
            // SAFETY: kill(2) on the child this test started.
            unsafe {
                libc::kill(child.id() as i32, libc::SIGTERM);
            }
            timed_out = true;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let text = reader.join().unwrap();
    (status.code(), status.signal(), text, timed_out)
}

/// The arguments as a message shows them: lossy, each cut to 20 characters.
fn shown(args: &[OsString]) -> Vec<String> {
    args.iter()
        .map(|a| {
            let a = a.to_string_lossy();
            if a.chars().count() > 40 {
                format!("{}…", a.chars().take(20).collect::<String>())
            } else {
                a.into_owned()
            }
        })
        .collect()
}

#[test]
fn every_subcommand_with_random_arguments_ends_with_a_documented_code() {
    let leaves = leaves();
    assert!(leaves.len() >= 10, "only {} commands found", leaves.len());
    let dir = std::env::temp_dir().join(format!("cli-properties-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("a-file"), "").unwrap();
    std::fs::write(dir.join("not-utf8"), b"\xff\xfe\xfd\n").unwrap();
    let mut rng = fastrand::Rng::with_seed(27);
    let budget = Duration::from_secs(10);
    let slot = Duration::from_millis(1500);
    let started = Instant::now();
    let mut runs = 0;
    let mut problems = Vec::new();
    let mut tally = std::collections::BTreeMap::new();
    // Every command once, then random ones while the budget lasts.
    let mut order: Vec<usize> = (0..leaves.len()).collect();
    while runs < order.len() || started.elapsed() < budget {
        if runs >= order.len() {
            order.push(rng.usize(0..leaves.len()));
        }
        let leaf = &leaves[order[runs]];
        runs += 1;
        let mut args: Vec<OsString> = leaf.path.iter().map(OsString::from).collect();
        for arg in &leaf.args {
            if !(arg.required || rng.u8(0..3) == 0) {
                continue;
            }
            if let Some(flag) = &arg.flag {
                args.push(flag.into());
            }
            if arg.value.is_some() {
                args.push(value(&mut rng, arg, &dir));
            }
        }
        let (code, signal, stderr, timed_out) = run(&args, slot, &dir);
        let shown = shown(&args);
        *tally
            .entry(if timed_out {
                "slow".to_string()
            } else {
                format!("{code:?}")
            })
            .or_insert(0) += 1;
        if stderr.contains("panicked") {
            problems.push(format!("{shown:?}: panicked: {stderr}"));
            continue;
        }
        // Error lines quote their input cut to a bounded length (a
        // 100,000-digit value made a 100 kB line).
        if let Some(long) = stderr.lines().find(|l| l.len() > 2000) {
            problems.push(format!("{shown:?}: a {}-byte line on stderr", long.len()));
        }
        // Report files are renamed into place: no temporary is left, even
        // by a run ended with SIGTERM.
        let left: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with('.') && n.ends_with(".tmp"))
            .collect();
        if !left.is_empty() {
            problems.push(format!("{shown:?}: left temporary files {left:?}"));
        }
        if timed_out {
            // Ended by the SIGTERM it was sent: its own or the default action.
            if !(signal == Some(libc::SIGTERM) || code.is_some_and(|c| c <= 3)) {
                problems.push(format!("{shown:?}: after SIGTERM {code:?} {signal:?}"));
            }
            continue;
        }
        // check-table's verdicts INCOMPLETE (4) and UNCONFIRMED (5) end a
        // check like PASS and FAIL, with no error line.
        let verdict = leaf.path == ["check-table"] && matches!(code, Some(4 | 5));
        match code {
            Some(0 | 1) => {}
            _ if verdict => {}
            Some(2 | 3) => {
                let errors = stderr
                    .lines()
                    .filter(|l| l.starts_with("solved-games: error:"))
                    .count();
                if errors != 1 || stderr.trim_end().lines().count() != 1 {
                    problems.push(format!("{shown:?}: exit {code:?} with stderr {stderr:?}"));
                }
            }
            _ => problems.push(format!(
                "{shown:?}: exit {code:?} signal {signal:?}: {stderr}"
            )),
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    let names: Vec<String> = leaves.iter().map(|l| l.path.join(" ")).collect();
    eprintln!(
        "{runs} runs of {} commands ({}): {tally:?}",
        names.len(),
        names.join(", ")
    );
    assert!(
        problems.is_empty(),
        "{} of {runs} runs broke the contract:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// `export` and `check-table` with every parameter of every table given a
/// huge, a negative, an empty and a non-UTF-8 value, as a `KEY=VALUE` word
/// and as a flag, and `check-table` with such file names and such input on
/// standard input: each refused at once (exit 2, or 3 for a file that
/// cannot be read) with one error line and no panic, or (a negative stone
/// value) done at once.
#[test]
fn export_and_check_table_refuse_hostile_values_at_once() {
    let keys: &[(&str, &[&str])] = &[
        ("nim", &["piles", "max"]),
        ("stones", &["game", "min", "max", "length"]),
        ("memory", &["n"]),
        ("geister", &["analysis"]),
        ("yen", &["total", "rounds"]),
        ("yen-certified", &["total", "rounds"]),
    ];
    let huge = "9".repeat(100_000);
    let edges: Vec<OsString> = [
        "18446744073709551616",
        "18446744073709551615",
        "99999999999999999999999999999",
        huge.as_str(),
        "-1",
        "-9223372036854775808",
        "",
        "1e309",
        "NaN",
    ]
    .iter()
    .map(OsString::from)
    .chain([not_utf8(""), OsString::from_vec(b"\x01\x7f".to_vec())])
    .collect();
    let dir = std::env::temp_dir().join(format!("cli-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let slot = Duration::from_millis(1500);
    let mut runs = 0;
    let mut problems = Vec::new();
    let mut check = |args: Vec<OsString>, codes: &[i32], problems: &mut Vec<String>| {
        let (code, signal, stderr, timed_out) = run(&args, slot, &dir);
        runs += 1;
        let shown = shown(&args);
        if timed_out {
            problems.push(format!("{shown:?}: still running after {slot:?}"));
        } else if stderr.contains("panicked") || signal.is_some() {
            problems.push(format!("{shown:?}: {code:?} {signal:?} {stderr}"));
        } else if !code.is_some_and(|c| codes.contains(&c)) {
            problems.push(format!(
                "{shown:?}: exit {code:?}, wanted {codes:?}: {stderr}"
            ));
        } else if code != Some(0)
            && (stderr.lines().count() != 1 || !stderr.starts_with("solved-games: error: "))
        {
            problems.push(format!("{shown:?}: stderr {stderr:?}"));
        } else if stderr.lines().any(|l| l.len() > 2000) {
            problems.push(format!("{shown:?}: a long stderr line"));
        }
    };
    for (game, game_keys) in keys {
        for key in *game_keys {
            for edge in &edges {
                let mut word = OsString::from(format!("{key}="));
                word.push(edge);
                // Refused, or (`min=-1` is a stone value) a table made at
                // once.
                check(
                    vec!["export".into(), (*game).into(), word],
                    &[0, 2],
                    &mut problems,
                );
                check(
                    vec![
                        "export".into(),
                        (*game).into(),
                        format!("--{key}").into(),
                        edge.clone(),
                    ],
                    &[0, 2],
                    &mut problems,
                );
            }
        }
    }
    // Sizes whose cost is out of all proportion are refused, not started.
    for words in [
        &["yen", "total=60", "rounds=100"][..],
        &["yen", "total=40", "rounds=10"],
        &["nim", "piles=30"],
        &["yen", "total=60", "--solver", "naive"],
    ] {
        let mut args: Vec<OsString> = vec!["export".into()];
        args.extend(words.iter().map(OsString::from));
        check(args, &[2], &mut problems);
    }
    // check-table: hostile file names, and hostile bytes on standard input.
    for file in [
        not_utf8(""),
        OsString::new(),
        OsString::from(&huge),
        OsString::from("/dev/zero"),
        OsString::from("/nonexistent/t.tsv"),
        dir.clone().into_os_string(),
    ] {
        check(vec!["check-table".into(), file], &[2, 3], &mut problems);
    }
    for junit in [
        OsString::new(),
        not_utf8(""),
        OsString::from("/nonexistent/a/b.xml"),
    ] {
        check(
            vec![
                "check-table".into(),
                "/dev/null".into(),
                "--junit".into(),
                junit,
            ],
            &[2, 3],
            &mut problems,
        );
    }
    for stdin in [
        b"\xff\xfe\n".to_vec(),
        b"# solved-games table\tformat 1\tnim\tmax=18446744073709551616\ninstance\tvalue\n"
            .to_vec(),
        b"# solved-games table\tformat 1\tyen\ttotal=60 rounds=100\ninstance\tvalue\n".to_vec(),
        b"# solved-games table\tformat 1\tnim\tmax=-1\ninstance\tvalue\n".to_vec(),
        vec![b'9'; 3 << 20],
        vec![0x1f, 0x8b, 0x08, 0, 0, 0],
    ] {
        let input = dir.join("stdin");
        std::fs::write(&input, &stdin).unwrap();
        let (code, _, stderr, timed_out) =
            run_with_stdin(&["check-table", "-"], slot, &dir, &input);
        runs += 1;
        if timed_out
            || code != Some(2)
            || stderr.lines().count() != 1
            || stderr.contains("panicked")
        {
            problems.push(format!(
                "check-table - < {} bytes: exit {code:?}, timed out {timed_out}, {stderr:?}",
                stdin.len()
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!("{runs} hostile runs of export and check-table");
    assert!(
        problems.is_empty(),
        "{} of {runs} runs broke the contract:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// [`run`] with standard input from the file `stdin`.
fn run_with_stdin(
    args: &[&str],
    slot: Duration,
    dir: &std::path::Path,
    stdin: &std::path::Path,
) -> (Option<i32>, Option<i32>, String, bool) {
    let mut child = Command::new(BIN)
        .current_dir(dir)
        .args(args)
        .stdin(std::fs::File::open(stdin).unwrap())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stderr = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = stderr.read_to_end(&mut s);
        String::from_utf8_lossy(&s).into_owned()
    });
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if started.elapsed() > slot {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let text = reader.join().unwrap();
    (status.and_then(|s| s.code()), None, text, status.is_none())
}

/// `check` with odd values in every place that takes one (its flags from
/// `check -h`, its three positional arguments): huge (2⁶², 2⁶⁴, 1e20,
/// 1e309, 100,000 digits, a size range to 2⁶⁴ − 1), negative, empty and
/// not UTF-8, on each game in turn, the program `cmd:true` (it answers
/// nothing). `--random 2⁶²` panicked with "capacity overflow" and
/// `--timeout 1e20` converting to a Duration. Every run must end by itself
/// within 10 s with exit 0, 1, 2 or 3, exactly one error line for 2 and 3,
/// no line over 2,000 bytes and no panic.
#[test]
fn check_with_huge_negative_empty_and_non_utf8_values_ends_with_a_documented_code() {
    use std::ffi::OsString;
    use std::os::unix::ffi::OsStringExt;
    let mut check = leaves()
        .into_iter()
        .find(|l| l.path == ["check"])
        .expect("`check` among the commands");
    // The table parameters' flags (`--max`, …) have a section of their own.
    let text = help(&["check".to_string()]);
    for line in text.lines().filter(|l| l.trim_start().starts_with("--")) {
        if let Some(arg) = parse_arg(line, false, "") {
            if !check.args.iter().any(|a| a.flag == arg.flag) {
                check.args.insert(0, arg);
            }
        }
    }
    assert!(check
        .args
        .iter()
        .any(|a| a.flag.as_deref() == Some("--max")));
    let odd: Vec<OsString> = [
        "4611686018427387904",
        "18446744073709551616",
        "4294967296",
        "1e20",
        "1e309",
        "0..=18446744073709551615",
        "-1",
        "-9223372036854775808",
        "-0.5",
        "-inf",
        "-1..=5",
        "",
    ]
    .into_iter()
    .map(OsString::from)
    .chain([
        OsString::from("9".repeat(100_000)),
        OsString::from_vec(b"\xff\xfe".to_vec()),
        OsString::from_vec(b"cmd:\xff".to_vec()),
        OsString::from_vec(b"piles=\xff".to_vec()),
    ])
    .collect();
    let games = ["nim", "stones", "memory", "geister", "yen"];
    let dir = tempfile::tempdir().unwrap();
    let slot = Duration::from_secs(10);
    let mut runs = 0;
    let mut problems = Vec::new();
    let mut tally = std::collections::BTreeMap::new();
    for (at, arg) in check.args.iter().enumerate() {
        if arg.value.is_none() {
            continue;
        }
        for value in &odd {
            let game = games[runs % games.len()];
            // The game, the program and one more word, in their places;
            // the odd value in this argument's.
            let mut args: Vec<OsString> = vec!["check".into()];
            let positional = check.args[..at].iter().filter(|a| a.flag.is_none()).count();
            match (&arg.flag, positional) {
                (None, 0) => args.extend([value.clone(), "cmd:true".into()]),
                (None, 1) => args.extend([game.into(), value.clone()]),
                (None, _) => args.extend([game.into(), "cmd:true".into(), value.clone()]),
                (Some(flag), _) => {
                    args.extend([game.into(), "cmd:true".into(), flag.into(), value.clone()])
                }
            }
            runs += 1;
            let (code, signal, stderr, timed_out) = run(&args, slot, dir.path());
            let shown: Vec<String> = args
                .iter()
                .map(|a| a.to_string_lossy().chars().take(40).collect())
                .collect();
            *tally
                .entry(if timed_out {
                    "slow".to_string()
                } else {
                    format!("{code:?}")
                })
                .or_insert(0) += 1;
            if timed_out {
                problems.push(format!("{shown:?}: still running after {slot:?}"));
                continue;
            }
            if stderr.contains("panicked") {
                problems.push(format!("{shown:?}: panicked: {stderr}"));
                continue;
            }
            if let Some(long) = stderr.lines().find(|l| l.len() > 2000) {
                problems.push(format!("{shown:?}: a {}-byte line on stderr", long.len()));
            }
            match code {
                Some(0 | 1) => {}
                Some(2 | 3) => {
                    let one = stderr.trim_end().lines().count() == 1
                        && stderr.starts_with("solved-games: error:");
                    if !one {
                        problems.push(format!("{shown:?}: exit {code:?} with {stderr:?}"));
                    }
                }
                _ => problems.push(format!(
                    "{shown:?}: exit {code:?}, signal {signal:?}: {stderr}"
                )),
            }
        }
    }
    eprintln!("{runs} runs of check with odd values: {tally:?}");
    assert!(runs >= 200, "only {runs} runs");
    assert!(
        problems.is_empty(),
        "{} of {runs} runs broke the contract:\n{}",
        problems.len(),
        problems.join("\n")
    );
}
