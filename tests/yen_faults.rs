//! Faults a real referee run meets: a kill in the middle of a
//! tournament, signals to the referee while player programs run, a closed
//! pipe, a full disk, a player that prints a number too large for any
//! integer type, and long runs that must show progress on a terminal and
//! nothing in a pipe. Each test runs the binary as a user would.

#![cfg(unix)]

use crate::common;
use crate::common::cli;
use std::io::{BufRead, BufReader, Read};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_solved-games");

/// `cmd:sh …/tests/players/NAME.sh`.
fn script(name: &str) -> String {
    format!(
        "cmd:sh {}/tests/players/{name}.sh",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// A fresh path in the temporary directory, unique to this test process.
fn temp_path(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("yen-faults-{name}-{}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// The binary with `args`, its signals at their defaults: a suite started
/// as a background job of a non-interactive shell (`cmd &`) or under
/// `nohup` inherits SIGINT and SIGQUIT (or SIGHUP) ignored, and the referee
/// rightly keeps an ignored signal ignored
/// (`signals_ignored_at_start_stay_ignored`), so a test that signals it
/// must start it as a terminal would.
fn spawn(args: &[&str]) -> Child {
    use std::os::unix::process::CommandExt;
    let mut command = Command::new(BIN);
    command
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: signal(2) only, between fork and exec.
    unsafe {
        command.pre_exec(|| {
            for sig in [libc::SIGINT, libc::SIGQUIT, libc::SIGHUP] {
                libc::signal(sig, libc::SIG_DFL);
            }
            Ok(())
        });
    }
    command.spawn().expect("the solved-games binary runs")
}

/// Waits for `child` at most `limit`; kills it and fails if it is still running.
fn wait_at_most(child: &mut Child, limit: Duration, what: &str) -> std::process::ExitStatus {
    let deadline = Instant::now() + limit;
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}: still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn json_lines(path: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| {
            serde_json::from_str(l).unwrap_or_else(|e| panic!("log line {l:?} is not JSON: {e}"))
        })
        .collect()
}

fn newlines(path: &Path) -> usize {
    std::fs::read(path)
        .map(|b| b.iter().filter(|&&c| c == b'\n').count())
        .unwrap_or(0)
}

fn signal(pid: u32, sig: i32) {
    // SAFETY: kill(2) on a process this test started.
    unsafe {
        libc::kill(pid as i32, sig);
    }
}

// ---------------------------------------------------------------- the log

#[test]
fn a_partial_last_line_left_by_a_kill_is_repaired_before_appending() {
    let log = temp_path("partial.jsonl");
    let whole = r#"{"record":"match","series":1,"match":1}"#;
    std::fs::write(&log, format!("{whole}\n{{\"record\":\"match\",\"ser")).unwrap();
    let run = cli(&[
        "yen",
        "match",
        "--a",
        "always1000",
        "--b",
        "minus1",
        "--games",
        "3",
        "--log",
        log.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr.contains(log.to_str().unwrap()) && run.stderr.contains("partial last line"),
        "the repair is reported, naming the file: {:?}",
        run.stderr
    );
    let lines = json_lines(&log);
    assert_eq!(
        lines[0],
        serde_json::from_str::<serde_json::Value>(whole).unwrap()
    );
    assert_eq!(
        lines.len(),
        1 + 1 + 3,
        "the old line, a header, three matches"
    );
    let _ = std::fs::remove_file(&log);
}

#[test]
fn every_record_names_its_run_and_each_run_starts_with_a_header() {
    let log = temp_path("header.jsonl");
    let args = [
        "yen",
        "tournament",
        "--players",
        "always1000,minus1,random",
        "--games",
        "4",
        "--seed",
        "9",
        "--log",
        log.to_str().unwrap(),
    ];
    for _ in 0..2 {
        let run = cli(&args);
        assert_eq!(run.code, 0, "{}", run.stderr);
    }
    let lines = json_lines(&log);
    let headers: Vec<_> = lines.iter().filter(|l| l["record"] == "run").collect();
    assert_eq!(headers.len(), 2, "one header per run");
    let first = headers[0];
    assert_eq!(first["seed"], 9);
    assert_eq!(first["command"], "tournament");
    assert_eq!(
        first["players"],
        serde_json::json!(["always1000", "minus1", "random"])
    );
    assert_eq!(first["options"]["games"], 4);
    assert_eq!(first["options"]["total"], 10_000);
    assert_eq!(first["version"], env!("CARGO_PKG_VERSION"));
    assert!(first["started"].as_str().unwrap().ends_with('Z'), "{first}");
    assert_ne!(headers[0]["run"], headers[1]["run"], "runs are told apart");
    for run in headers {
        let matches = lines
            .iter()
            .filter(|l| l["record"] == "match" && l["run"] == run["run"])
            .count();
        assert_eq!(matches, 3 * 4, "{run}");
    }
    assert!(
        lines.iter().all(|l| l["run"].is_string()),
        "every record names its run"
    );
    let _ = std::fs::remove_file(&log);
}

/// Starts a tournament writing `log` and SIGKILLs it once the log has at
/// least `lines` lines; returns the number of lines then.
fn kill_when_log_reaches(args: &[&str], log: &Path, lines: usize) -> usize {
    let mut child = spawn(args);
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if newlines(log) >= lines {
            signal(child.id(), libc::SIGKILL);
            break;
        }
        if let Some(status) = child.try_wait().unwrap() {
            panic!("the run ended ({status}) before it could be killed mid-way");
        }
        assert!(
            Instant::now() < deadline,
            "the log never reached {lines} lines"
        );
        std::thread::sleep(Duration::from_millis(1));
    }
    let status = wait_at_most(&mut child, Duration::from_secs(10), "killed run");
    assert_eq!(status.signal(), Some(libc::SIGKILL));
    newlines(log)
}

/// The tournament's result without the run-specific fields.
fn results(stdout: &str) -> (serde_json::Value, serde_json::Value) {
    let v: serde_json::Value = serde_json::from_str(stdout).unwrap();
    (v["series"].clone(), v["standings"].clone())
}

#[test]
fn a_killed_tournament_resumes_to_the_standings_of_an_uninterrupted_run() {
    // Series 1 (hunter vs a program) is killed in the middle: hunter learns
    // over a series, so its state must be rebuilt from the log. Series 3
    // (the program vs random) is killed in the middle too: random's stream
    // must continue where it stopped.
    let players = format!("hunter,{},random", script("always1000"));
    let games = 2000;
    let log = temp_path("resume.jsonl");
    let base = [
        "yen",
        "tournament",
        "--players",
        &players,
        "--games",
        "2000",
        "--seed",
        "7",
    ];
    let with = |extra: &[&str]| -> Vec<String> {
        base.iter()
            .chain(extra)
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
    };
    let uninterrupted = cli(&base.iter().copied().chain(["--json"]).collect::<Vec<_>>());
    assert_eq!(uninterrupted.code, 0, "{}", uninterrupted.stderr);

    let logged = with(&["--log", log.to_str().unwrap()]);
    let logged: Vec<&str> = logged.iter().map(String::as_str).collect();
    // Lines: a header, then matches 1-2000 of series 1, 2001-4000 of series 2,
    // and so on. The kills aim at the middle of series 1 and 3; on a slow
    // machine they may land later, which the library test of every split
    // covers.
    let after_first = kill_when_log_reaches(&logged, &log, 1000);
    assert!(
        after_first < 1 + 3 * games,
        "killed before the end: {after_first}"
    );

    let resumed = with(&["--log", log.to_str().unwrap(), "--resume"]);
    let resumed: Vec<&str> = resumed.iter().map(String::as_str).collect();
    let after_second = kill_when_log_reaches(&resumed, &log, 5000);
    assert!(
        after_second < 2 + 3 * games,
        "killed before the end: {after_second}"
    );

    let mut last: Vec<&str> = resumed.clone();
    last.push("--json");
    let finished = cli(&last);
    assert_eq!(finished.code, 0, "{}", finished.stderr);
    assert_eq!(results(&finished.stdout), results(&uninterrupted.stdout));

    // Every match of the run is in the log exactly once: none was played twice.
    let lines = json_lines(&log);
    let run = &lines[0]["run"];
    assert_eq!(lines[0]["record"], "run");
    let mut seen = std::collections::BTreeSet::new();
    for l in lines.iter().filter(|l| l["record"] == "match") {
        assert_eq!(&l["run"], run, "one run, continued");
        let key = (l["series"].as_u64().unwrap(), l["match"].as_u64().unwrap());
        assert!(seen.insert(key), "match {key:?} logged twice");
    }
    assert_eq!(seen.len(), 3 * games);

    // Resuming a finished run plays nothing and reports the same result.
    let again = cli(&last);
    assert_eq!(again.code, 0, "{}", again.stderr);
    assert_eq!(results(&again.stdout), results(&uninterrupted.stdout));
    let matches = |v: &[serde_json::Value]| v.iter().filter(|l| l["record"] == "match").count();
    assert_eq!(matches(&json_lines(&log)), 3 * games);

    // Resuming with other settings is refused, naming the setting.
    let mut other = resumed.clone();
    other[5] = "2001";
    let refused = cli(&other);
    assert_eq!(refused.code, 2, "{}", refused.stderr);
    assert!(refused.stderr.contains("--games"), "{}", refused.stderr);
    let _ = std::fs::remove_file(&log);
}

#[test]
fn resume_needs_a_log_with_a_run_in_it() {
    let log = temp_path("empty.jsonl");
    std::fs::write(&log, "").unwrap();
    for args in [
        vec![
            "yen",
            "tournament",
            "--players",
            "always1000,minus1",
            "--resume",
        ],
        vec![
            "yen",
            "tournament",
            "--players",
            "always1000,minus1",
            "--resume",
            "--log",
            log.to_str().unwrap(),
        ],
    ] {
        common::assert_input_error(&args);
    }
    let _ = std::fs::remove_file(&log);
}

// ------------------------------------------------------ player lifecycle

/// Process ids of live (not zombie) processes in process group `pgid`.
fn group_members(pgid: i32) -> Vec<i32> {
    let mut members = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<i32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        // Fields after the command name: state, ppid, pgrp, …
        let rest: Vec<&str> = stat
            .rsplit(')')
            .next()
            .unwrap()
            .split_whitespace()
            .collect();
        if rest[0] != "Z" && rest[2].parse::<i32>() == Ok(pgid) {
            members.push(pid);
        }
    }
    members
}

fn alive(pid: i32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => false,
        Ok(stat) => !stat
            .rsplit(')')
            .next()
            .unwrap()
            .trim_start()
            .starts_with('Z'),
    }
}

fn pgid_of(pid: i32) -> i32 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    let rest: Vec<&str> = stat
        .rsplit(')')
        .next()
        .unwrap()
        .split_whitespace()
        .collect();
    rest[2].parse().unwrap()
}

/// The arguments of one `yen match` game, `minus1` as A against the
/// program `player` as B, with `timeout` seconds a move.
fn one_game_against<'a>(player: &'a str, timeout: &'a str) -> [&'a str; 10] {
    [
        "yen",
        "match",
        "--a",
        "minus1",
        "--b",
        player,
        "--games",
        "1",
        "--timeout",
        timeout,
    ]
}

/// Runs a match against the player `name` (which writes its pids to the
/// file given as its first argument), sends `sig` to the referee once the
/// player runs, and checks that no process of the player's group survives.
fn players_die_with_the_referee(name: &str, sig: i32) {
    let pid_file = temp_path(&format!("{name}-{sig}.pids"));
    let player = format!("{} {}", script(name), pid_file.display());
    let mut referee = spawn(&one_game_against(&player, "3600"));
    let deadline = Instant::now() + Duration::from_secs(20);
    let pids: Vec<i32> = loop {
        if let Ok(text) = std::fs::read_to_string(&pid_file) {
            break text
                .split_whitespace()
                .map(|p| p.parse().unwrap())
                .collect();
        }
        assert!(
            Instant::now() < deadline,
            "{name}: the player never started"
        );
        std::thread::sleep(Duration::from_millis(5));
    };
    let pgid = pgid_of(pids[0]);
    assert!(
        pids.iter().all(|&p| alive(p)),
        "{name}: the player runs before the signal"
    );
    signal(referee.id(), sig);
    let status = wait_at_most(&mut referee, Duration::from_secs(10), "the referee");
    assert_eq!(status.signal(), Some(sig), "{name}: ended by the signal");
    let deadline = Instant::now() + Duration::from_secs(5);
    let mut left = group_members(pgid);
    while !left.is_empty() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
        left = group_members(pgid);
    }
    let survivors: Vec<i32> = pids.iter().copied().filter(|&p| alive(p)).collect();
    // Clean up before asserting, so a failure leaves nothing behind.
    // SAFETY: kill(2) on the test's own player group.
    unsafe {
        libc::kill(-pgid, libc::SIGKILL);
    }
    let _ = std::fs::remove_file(&pid_file);
    assert!(
        left.is_empty() && survivors.is_empty(),
        "{name}: after signal {sig} to the referee, processes {left:?} of the player's group \
         (and recorded pids {survivors:?}) still run"
    );
}

#[test]
fn a_sleeping_player_dies_with_the_referee_on_sigint() {
    players_die_with_the_referee("sleep_forever", libc::SIGINT);
}

#[test]
fn a_sleeping_player_dies_with_the_referee_on_sigterm() {
    players_die_with_the_referee("sleep_forever", libc::SIGTERM);
}

#[test]
fn a_sleeping_player_dies_with_the_referee_on_sigkill() {
    players_die_with_the_referee("sleep_forever", libc::SIGKILL);
}

#[test]
fn a_player_and_its_child_die_with_the_referee_on_sigint() {
    players_die_with_the_referee("forks_sleeper", libc::SIGINT);
}

#[test]
fn a_player_and_its_child_die_with_the_referee_on_sigterm() {
    players_die_with_the_referee("forks_sleeper", libc::SIGTERM);
}

#[test]
fn a_player_and_its_child_die_with_the_referee_on_sigkill() {
    players_die_with_the_referee("forks_sleeper", libc::SIGKILL);
}

// ------------------------------------------------------------- outputs

#[test]
fn a_closed_pipe_ends_a_transcript_quietly() {
    let mut child = spawn(&[
        "yen",
        "match",
        "--a",
        "always1000",
        "--b",
        "minus1",
        "--games",
        "1000000",
        "--transcript",
    ]);
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first, "always1000 vs minus1\n");
    // The reader is dropped here: the pipe is closed, like `| head -1`.
    let status = wait_at_most(&mut child, Duration::from_secs(30), "the match");
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    assert_eq!(status.code(), Some(0), "{stderr}");
    assert_eq!(stderr, "", "a closed pipe is a normal end");
}

#[test]
fn a_log_that_cannot_be_written_is_one_line_naming_the_file_and_exit_3() {
    for args in [
        &[
            "yen",
            "match",
            "--a",
            "always1000",
            "--b",
            "minus1",
            "--games",
            "3",
        ][..],
        &[
            "yen",
            "tournament",
            "--players",
            "always1000,minus1",
            "--games",
            "3",
        ][..],
    ] {
        for (log, reason) in [
            ("/dev/full", "No space left on device"),
            ("/nonexistent/dir/log.jsonl", "No such file or directory"),
        ] {
            let mut args = args.to_vec();
            args.extend(["--log", log]);
            let run = cli(&args);
            assert_eq!(run.code, 3, "{args:?}: {}", run.stderr);
            assert_eq!(run.stderr.lines().count(), 1, "{:?}", run.stderr);
            assert!(
                run.stderr.contains(log) && run.stderr.contains(reason),
                "{:?}",
                run.stderr
            );
        }
    }
}

// ------------------------------------------------ misbehaving players

#[test]
fn a_38_digit_bet_forfeits_quoting_what_the_player_printed() {
    let run = cli(&[
        "yen",
        "match",
        "--a",
        "always1000",
        "--b",
        &script("huge_bet"),
        "--games",
        "1",
        "--transcript",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("forfeits in round 2: bet 12345678901234567890123456789012345678 exceeds the 9000 yen left"),
        "{}",
        run.stdout
    );
    assert!(
        !run.stdout.contains("18446744073709551615"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_disqualification_shows_in_the_summary_the_json_and_the_standings() {
    let negative = script("negative");
    let name = negative.strip_prefix("cmd:").unwrap();
    let args = [
        "yen",
        "match",
        "--a",
        &negative,
        "--b",
        "always1000",
        "--games",
        "5",
    ];
    let run = cli(&args);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains(&format!("forfeits 5/0; {name} disqualified from match 4;")),
        "{}",
        run.stdout
    );
    let run = cli(&[&args[..], &["--json"]].concat());
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["disqualified_a"], 4, "{v}");
    assert_eq!(v["disqualified_b"], serde_json::Value::Null, "{v}");

    // Spaces after the commas are allowed.
    let players = format!("always1000, {negative}, minus1");
    let run = cli(&["yen", "tournament", "--players", &players, "--games", "5"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let line = run
        .stdout
        .lines()
        .find(|l| l.starts_with(&format!("  {name} ")))
        .unwrap_or_else(|| panic!("no standings line for {name}: {}", run.stdout));
    assert!(line.ends_with("disqualified in 2 series"), "{line:?}");
    let run = cli(&[
        "yen",
        "tournament",
        "--players",
        &players,
        "--games",
        "5",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let standing = v["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["player"] == name)
        .unwrap();
    assert_eq!(standing["disqualified"], 2, "{standing}");
}

#[test]
fn a_program_with_arguments_of_its_own_gets_the_match_count_last() {
    // `cmd:sh args_last.sh x y` runs `sh args_last.sh x y 3`: the script sees
    // three arguments, the last one the match count.
    let run = cli(&[
        "yen",
        "match",
        "--a",
        &format!("{} x y", script("args_last")),
        "--b",
        "always1000",
        "--games",
        "3",
        "--total",
        "50",
        "--rounds",
        "2",
        "--transcript",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(!run.stdout.contains("forfeits in"), "{}", run.stdout);
    assert_eq!(
        run.stdout.matches("1: [ 3] 25 -> 28 0\n").count(),
        3,
        "{}",
        run.stdout
    );
}

// ------------------------------------------------------------ progress

#[test]
fn a_long_tournament_shows_a_progress_bar_on_a_terminal_and_nothing_in_a_pipe() {
    let players = format!("always1000,{}", script("always1000"));
    let args = [
        "yen",
        "tournament",
        "--players",
        &players,
        "--games",
        "4000",
    ];
    // Standard error a terminal: a bar with the rate and an estimate.
    let (mut master, slave) = common::open_pty();
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::from(slave))
        .spawn()
        .unwrap();
    let reader = std::thread::spawn(move || {
        let mut seen = Vec::new();
        // Ends with EIO once every copy of the slave is closed.
        let _ = master.read_to_end(&mut seen);
        String::from_utf8_lossy(&seen).into_owned()
    });
    let status = wait_at_most(&mut child, Duration::from_secs(120), "the tournament");
    assert!(status.success());
    let terminal = reader.join().unwrap();
    assert!(
        terminal.contains("matches") && terminal.contains("/s") && terminal.contains("left"),
        "no progress bar on the terminal: {terminal:?}"
    );
    // Standard error a pipe: silent.
    let run = cli(&args);
    assert_eq!(run.code, 0);
    assert_eq!(run.stderr, "", "nothing on a piped standard error");
}

/// Under `nohup` (SIGHUP ignored) or `trap '' INT` the referee
/// installed its handlers over the ignored signals and died of them. A
/// signal ignored at start stays ignored: the match runs to its end (the
/// silent player forfeits at the timeout) and the referee exits normally.
#[test]
fn signals_ignored_at_start_stay_ignored() {
    use std::os::unix::process::CommandExt;
    let pid_file = temp_path("ignored-signals.pids");
    let player = format!("{} {}", script("sleep_forever"), pid_file.display());
    let mut command = Command::new(BIN);
    command
        .args(one_game_against(&player, "1.5"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: signal(2) only, between fork and exec.
    unsafe {
        command.pre_exec(|| {
            libc::signal(libc::SIGHUP, libc::SIG_IGN);
            libc::signal(libc::SIGINT, libc::SIG_IGN);
            Ok(())
        });
    }
    let mut referee = command.spawn().expect("the solved-games binary runs");
    let deadline = Instant::now() + Duration::from_secs(20);
    while !pid_file.exists() {
        assert!(Instant::now() < deadline, "the player never started");
        std::thread::sleep(Duration::from_millis(5));
    }
    signal(referee.id(), libc::SIGHUP);
    signal(referee.id(), libc::SIGINT);
    let status = wait_at_most(&mut referee, Duration::from_secs(20), "the referee");
    let _ = std::fs::remove_file(&pid_file);
    assert_eq!(
        status.signal(),
        None,
        "the referee died of an ignored signal"
    );
    assert!(status.code().is_some_and(|c| c <= 1), "{status:?}");
}
