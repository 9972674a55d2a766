//! `solved-games check` on the solvers in examples/solvers/: each correct one
//! passes, each subtly wrong one is caught and shrunk to the counterexample
//! stated here (computed by the optimized and the naive solver, checked
//! against the program's answer in the JSON report); and every way a program
//! can misbehave ends in one verdict and nothing left running.

use std::process::{Command, Output};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_solved-games");

fn check(args: &[&str]) -> Output {
    Command::new(BIN)
        .arg("check")
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/solvers"))
        .output()
        .expect("the binary runs")
}

fn json(args: &[&str]) -> (Option<i32>, serde_json::Value) {
    let mut all = args.to_vec();
    all.push("--json");
    let out = check(&all);
    let text = String::from_utf8(out.stdout).unwrap();
    let value = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("{e}: {text} {}", String::from_utf8_lossy(&out.stderr)));
    (out.status.code(), value)
}

#[test]
fn the_correct_python_solvers_pass() {
    let (code, report) = json(&["nim", "cmd:python3 nim.py"]);
    assert_eq!((code, report["verdict"].as_str()), (Some(0), Some("pass")));
    assert_eq!(report["wrong"], 0);
    assert!(report["instances"].as_u64().unwrap() > 1000);
    for game in 1..=5 {
        let params = format!("game={game}");
        // The parameters as `export` takes them: `key=value` words.
        let (code, report) = json(&["stones", "cmd:python3 stones.py", &params]);
        assert_eq!(
            (code, report["verdict"].as_str()),
            (Some(0), Some("pass")),
            "game {game}: {report}"
        );
    }
    let (code, report) = json(&["memory", "cmd:python3 memory.py", "--params", "n=8"]);
    assert_eq!((code, report["verdict"].as_str()), (Some(0), Some("pass")));
}

/// The wrong solvers and what `check` must find, one per line of
/// tests/data/wrong-solvers.tsv: (game, params, program, smallest failing
/// size, the shrunk counterexample: instance, program's answer, optimized =
/// naive value). A data file: seven rows of one shape are a table, not code.
fn wrong_solvers() -> Vec<[String; 7]> {
    let text = include_str!("data/wrong-solvers.tsv");
    let rows: Vec<[String; 7]> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let fields: Vec<String> = l.split('\t').map(String::from).collect();
            fields
                .try_into()
                .unwrap_or_else(|_| panic!("7 fields: {l}"))
        })
        .collect();
    assert_eq!(rows.len(), 7, "nim, stones games 1-5, memory");
    rows
}

#[test]
fn each_subtly_wrong_solver_is_caught_and_shrunk_to_the_stated_counterexample() {
    for [game, params, program, smallest, instance, answer, value] in wrong_solvers() {
        let smallest: u64 = smallest.parse().unwrap();
        let command = format!("cmd:python3 {program}");
        let (code, report) = json(&[&game, &command, "--params", &params]);
        assert_eq!(code, Some(1), "{program}: {report}");
        assert_eq!(report["verdict"], "wrong", "{program}");
        let failing = report["per_size"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["wrong"].as_u64().unwrap() > 0)
            .unwrap();
        assert_eq!(failing["size"], smallest, "{program}");
        let shrunk = &report["counterexample"]["shrunk"];
        assert_eq!(shrunk["instance"], instance, "{program}");
        assert_eq!(shrunk["program"], answer, "{program}");
        assert_eq!(shrunk["optimized"], value, "{program}");
        assert_eq!(shrunk["naive"], value, "{program}");
    }
}

/// The claims that run `check` on the wrong solvers (NIM-902, STO-906..910,
/// MEM-902) expect the counterexamples tests/data/wrong-solvers.tsv states:
/// `reproduce` sees what this file's tests see.
#[test]
fn the_check_claims_expect_the_stated_counterexamples() {
    let claims = solved_games::claims::all();
    for [_, _, program, smallest, instance, answer, value] in wrong_solvers() {
        let stated = format!("{instance} → {answer}, not {value} (size {smallest}, ");
        let claim = claims
            .iter()
            .find(|c| c.statement.contains(&format!(" {program} ")))
            .unwrap_or_else(|| panic!("no claim runs {program}"));
        assert!(
            claim.expected.starts_with("pass; ") && claim.expected.contains(&stated),
            "{}: expects {}, the file states {stated}",
            claim.id,
            claim.expected
        );
    }
}

#[test]
fn a_wrong_solver_prints_its_counterexample_as_text() {
    let out = check(&[
        "stones",
        "cmd:python3 stones3_wrong.py",
        "--params",
        "game=3",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("verdict: FAIL"), "{text}");
    assert!(
        text.ends_with(
            "counterexample: 3: 1,1,1 (shrunk from 3: 1,1,1 in 0 steps)\n  program:   1\n  optimized: 3\n  naive:     3\n"
        ),
        "{text}"
    );
}

/// (what the program does, its command, the verdict).
const FAULTS: [(&str, &str, &str); 5] = [
    (
        "prints nothing",
        "cmd:sh -c 'cat >/dev/null'",
        "too_few_lines",
    ),
    ("prints a million lines", "cmd:yes win", "too_many_lines"),
    (
        "answers in another notation",
        "cmd:sh -c 'while read l; do echo maybe; done'",
        "garbage",
    ),
    (
        "answers everything, then fails",
        "cmd:sh -c 'python3 nim.py; exit 3'",
        "crashed",
    ),
    (
        "stops after one answer",
        "cmd:sh -c 'read l; echo win; exec sleep 0.05'",
        "too_few_lines",
    ),
];

#[test]
fn a_misbehaving_program_gets_a_verdict_with_its_reason_and_exit_1() {
    for (what, command, verdict) in FAULTS {
        let start = Instant::now();
        let (code, report) = json(&["nim", command, "--timeout", "5"]);
        assert_eq!(code, Some(1), "{what}: {report}");
        assert_eq!(report["verdict"], verdict, "{what}: {report}");
        assert!(report["fault"]
            .as_str()
            .unwrap()
            .starts_with(&verdict.replace('_', " ")[..5]));
        assert!(start.elapsed() < Duration::from_secs(5), "{what}");
    }
}

fn running(marker: &str) -> bool {
    let out = Command::new("pgrep").args(["-f", marker]).output().unwrap();
    !out.stdout.is_empty()
}

#[test]
fn a_program_that_never_reads_times_out_and_is_killed_with_its_children() {
    // A shell that starts a child and neither reads nor answers.
    let marker = "sleep 41.2345";
    let command = format!("cmd:sh -c '{marker} & {marker}'");
    let start = Instant::now();
    let (code, report) = json(&["nim", &command, "--timeout", "0.5", "--sizes", "0..=30"]);
    assert_eq!(code, Some(1), "{report}");
    assert_eq!(report["verdict"], "timeout");
    assert!(report["fault"]
        .as_str()
        .unwrap()
        .contains("stopped reading its input"));
    assert!(start.elapsed() < Duration::from_secs(10));
    std::thread::sleep(Duration::from_millis(200));
    assert!(
        !running(marker),
        "the program or its child outlived the check"
    );
}

#[test]
fn a_program_that_cannot_start_is_exit_2_with_one_line() {
    for command in ["cmd:/nonexistent/solver", "cmd:", "python3 nim.py"] {
        let out = check(&["nim", command]);
        assert_eq!(out.status.code(), Some(2), "{command}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.starts_with("solved-games: error: "), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn junit_has_one_test_case_per_size_and_fails_the_failing_ones() {
    let dir = std::env::temp_dir().join(format!("check-junit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("nim.xml");
    let out = check(&[
        "nim",
        "cmd:python3 nim_wrong.py",
        "--random",
        "0",
        "--junit",
        file.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let xml = std::fs::read_to_string(&file).unwrap();
    let doc = roxmltree::Document::parse(&xml).unwrap();
    let cases: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("testcase"))
        .collect();
    assert_eq!(cases.len(), 10, "sizes 0..=9");
    let failed: Vec<&str> = cases
        .iter()
        .filter(|c| c.children().any(|n| n.has_tag_name("failure")))
        .map(|c| c.attribute("name").unwrap())
        .collect();
    assert_eq!(failed, ["size 9"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_report_is_the_same_bytes_on_every_run_and_thread_count() {
    let run = |threads: &str| {
        Command::new(BIN)
            .args([
                "check",
                "stones",
                "cmd:python3 stones1_wrong.py",
                "--sizes",
                "1..=5",
            ])
            .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/solvers"))
            .env("RAYON_NUM_THREADS", threads)
            .output()
            .unwrap()
            .stdout
    };
    let one = run("1");
    assert!(!one.is_empty());
    assert_eq!(one, run("2"));
}

/// `check nim` on the shell program `script`, output discarded.
fn start_check(script: &str) -> std::process::Child {
    Command::new(BIN)
        .args([
            "check",
            "nim",
            &format!("cmd:sh -c '{script}'"),
            "--timeout",
            "60",
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap()
}

/// Sends SIG`signal` to `check`, reaps it, and waits up to `wait` for
/// every process matching `pattern` to be gone; `what` names the case in
/// the failure.
fn kill_and_wait_until_gone(
    mut check: std::process::Child,
    signal: &str,
    pattern: &str,
    wait: Duration,
    what: &str,
) {
    let status = Command::new("kill")
        .args([&format!("-{signal}"), &check.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    check.wait().unwrap();
    let deadline = Instant::now() + wait;
    while running(pattern) {
        assert!(
            Instant::now() < deadline,
            "{what}: the program or its child outlived the check"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn nothing_is_left_running_when_check_is_killed_by_any_signal() {
    for (signal, marker) in [
        ("TERM", "sleep 43.2101"),
        ("INT", "sleep 43.2102"),
        ("KILL", "sleep 43.2103"),
    ] {
        // A program that reads everything, starts a child and never answers.
        let check = start_check(&format!("{marker} & cat >/dev/null; {marker}"));
        // Wait for the program's child itself: `running(marker)` also
        // matches the check, whose own command line holds the marker, so
        // it would not wait at all and the signal could land while the
        // check is still starting.
        let deadline = Instant::now() + Duration::from_secs(10);
        while !running(&format!("^{marker}")) {
            assert!(Instant::now() < deadline, "{marker} never started");
            std::thread::sleep(Duration::from_millis(20));
        }
        kill_and_wait_until_gone(
            check,
            signal,
            marker,
            Duration::from_secs(5),
            &format!("SIG{signal}"),
        );
    }
}

/// Killed in its first milliseconds — before, while or just after it
/// starts the program and records its process group — the check still
/// leaves nothing running: the program dies with it (on Linux, its death
/// signal set between fork and exec) and its children with the watchdog's
/// process group.
#[test]
fn nothing_is_left_running_when_check_is_killed_while_it_starts_a_program() {
    let dir = std::env::temp_dir().join(format!("solved-games-early-kill-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut started = 0;
    for i in 0..16u64 {
        let signal = if i % 2 == 0 { "TERM" } else { "KILL" };
        let marker = format!("sleep 46.{}{i:02}", std::process::id());
        let flag = dir.join(i.to_string());
        // A program that says it started, starts a child and never answers.
        let check = start_check(&format!(
            "touch {}; {marker} & cat >/dev/null; {marker}",
            flag.display()
        ));
        // 0, 2, 4, …, 30 ms after the check was started.
        std::thread::sleep(Duration::from_millis(2 * i));
        kill_and_wait_until_gone(
            check,
            signal,
            &format!("^{marker}"),
            Duration::from_secs(10),
            &format!("SIG{signal} after {} ms", 2 * i),
        );
        started += usize::from(flag.exists());
    }
    std::fs::remove_dir_all(&dir).unwrap();
    // Some kills must land after the program started, or the test shows
    // nothing about a started program.
    assert!(started >= 2, "only {started} of 16 programs started");
}

/// Runs `check` with `args` (no JSON), from examples/solvers.
fn check_text(args: &[&str]) -> (Option<i32>, String, String) {
    let out = check(args);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `--random 2⁶²` panicked ("capacity overflow", exit 101) in every game,
/// `--timeout 1e20` panicked converting to a Duration, and `--random -1`
/// suggested `-- -1`: each is exit 2 with one line that says the bound.
#[test]
fn huge_or_negative_random_and_timeout_are_refused_with_their_bound() {
    for game in ["nim", "stones", "memory", "geister", "yen"] {
        for (flag, value, says) in [
            ("--random", "4611686018427387904", "0..=1000000000"),
            ("--random", "18446744073709551616", "0..=1000000000"),
            ("--random", "1000000001", "0..=1000000000"),
            ("--random", "-1", "--random takes a count"),
            ("--timeout", "1e20", "at most 3600"),
            ("--timeout", "-1", "more than 0"),
            ("--timeout", "inf", "at most 3600"),
            ("--seed", "-1", "--seed takes a number"),
        ] {
            let (code, out, err) = check_text(&[game, "cmd:true", flag, value]);
            assert_eq!(code, Some(2), "{game} {flag} {value}: {err}");
            assert!(out.is_empty(), "{game} {flag} {value}: {out}");
            assert_eq!(err.lines().count(), 1, "{err}");
            assert!(err.starts_with("solved-games: error: "), "{err}");
            assert!(err.contains(says), "{game} {flag} {value}: {err}");
            assert!(!err.contains("-- -1"), "{err}");
        }
    }
}

/// The check's pid's resident memory in kB (Linux), if it is still running.
fn resident_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Reads the check's standard output line by line on a thread of its own;
/// the lines come through the channel as they are printed.
fn lines_of(child: &mut std::process::Child) -> std::sync::mpsc::Receiver<String> {
    use std::io::BufRead;
    let stdout = child.stdout.take().unwrap();
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if send.send(line).is_err() {
                break;
            }
        }
    });
    receive
}

/// Ends `child` (SIGTERM) and reaps it.
fn end(mut child: std::process::Child) {
    let _ = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
    let _ = child.wait();
}

/// `check nim … --random 1000000000` grew to 8.6 GB before it printed
/// anything: every instance was made before the first was sent. Now the
/// header comes at once and the instances are drawn as they are sent: a
/// program that swallows them all keeps the check under 100 MB.
#[test]
fn a_billion_random_instances_stream_in_bounded_memory() {
    let mut child = Command::new(BIN)
        .args(["check", "nim", "cmd:sh -c 'cat >/dev/null'"])
        .args(["--random", "1000000000", "--timeout", "60"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let lines = lines_of(&mut child);
    let header = lines.recv_timeout(Duration::from_secs(10));
    // Two seconds of instances through the pipe (millions of them).
    std::thread::sleep(Duration::from_secs(2));
    let kb = resident_kb(child.id());
    end(child);
    let header = header.expect("the header within 10 s");
    assert!(
        header.contains("1000000000 random of sizes 10..=19"),
        "{header}"
    );
    let kb = kb.expect("the check still running after 2 s");
    assert!(kb < 100_000, "{kb} kB resident");
}

/// A slow program printed nothing for as long as it took: the report came
/// whole at the end, so `| head -2` waited too. Now the header comes at
/// once and each size's line as soon as its last answer is in: here the
/// program answers sizes 0, 1 and 2 (27 positions), then hangs.
#[test]
fn the_header_and_each_size_come_as_soon_as_they_are_known() {
    let mut child = Command::new(BIN)
        .args(["check", "nim"])
        .arg("cmd:sh -c 'head -n 27 | python3 nim.py; exec sleep 47.1234'")
        .args(["--timeout", "60"])
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/solvers"))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let lines = lines_of(&mut child);
    let mut got = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(20);
    while got.len() < 4 {
        let left = deadline.saturating_duration_since(Instant::now());
        match lines.recv_timeout(left) {
            Ok(line) => got.push(line),
            Err(_) => break,
        }
    }
    let still_running = child.try_wait().unwrap().is_none();
    end(child);
    assert!(still_running, "the check ended: {got:?}");
    assert_eq!(got.len(), 4, "{got:?}");
    assert!(got[0].starts_with("check nim (piles=3 max=9)"), "{got:?}");
    assert_eq!(
        &got[1..],
        [
            "size 0: 1 instances, ok",
            "size 1: 7 instances, ok",
            "size 2: 19 instances, ok"
        ]
    );
}

/// `--sizes 5000000000` said "nim tables go up to size 9" although
/// `--sizes 50` runs; `--sizes 1000` of memory or yen, and `--sizes 30` of
/// stones, built tables far past the solver's reach for minutes. Each now
/// says at once how far the game's tables of these parameters go.
#[test]
fn sizes_past_the_tables_name_the_true_limit_at_once() {
    for (game, sizes, says) in [
        (
            "nim",
            "5000000000",
            "nim tables of these parameters go up to size 214 (largest pile): piles=3 max=214",
        ),
        ("nim", "300", "up to size 214"),
        ("memory", "1000", "up to size 200 (pairs n): n=200"),
        // The exact yen DP's reach at R = 10 is set by its estimated cost
        // (`yen::face::estimated_seconds`), not by a fixed T.
        ("yen", "1000", "(units T): total="),
        ("stones", "30", "up to size 11 (stones)"),
        (
            "stones",
            "0..=18446744073709551615",
            "up to size 11 (stones)",
        ),
        ("geister", "11", "up to size 10 (pieces on the board)"),
    ] {
        let start = Instant::now();
        let (code, _, err) = check_text(&[game, "cmd:true", "--sizes", sizes]);
        assert_eq!(code, Some(2), "{game} {sizes}: {err}");
        assert!(err.contains(says), "{game} {sizes}: {err}");
        assert!(start.elapsed() < Duration::from_secs(5), "{game} {sizes}");
    }
    // Below the limit it runs: `--sizes 50` of nim is a table of 51³ rows.
    let (code, out, _) = check_text(&["nim", "cmd:true", "--sizes", "50", "--random", "0"]);
    assert_eq!(code, Some(1));
    assert!(out.contains("size 50: 7651 instances, 0 answered"), "{out}");
}

/// `check` waited its whole `--timeout` for a child the program left
/// behind holding the pipe (here for 20 s): once the program itself has
/// ended and the pipe is empty, its output has ended. The child dies with
/// the program's group.
#[test]
fn a_child_left_holding_the_pipe_is_not_waited_for() {
    for (script, verdict) in [
        // Every answer, then the shell ends with its child still running.
        ("sleep 48.1111 & exec python3 nim.py", "pass"),
        // Five answers, then the same.
        (
            "sleep 48.2222 & head -n 5 | python3 nim.py",
            "too_few_lines",
        ),
    ] {
        let start = Instant::now();
        let command = format!("cmd:sh -c '{script}'");
        let (code, report) = json(&["nim", &command, "--timeout", "20"]);
        assert_eq!(report["verdict"], verdict, "{script}: {report}");
        assert_eq!(code, Some(if verdict == "pass" { 0 } else { 1 }));
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "{script}: {:?}",
            start.elapsed()
        );
        let marker = &script[..13];
        let deadline = Instant::now() + Duration::from_secs(5);
        while running(&format!("^{marker}")) {
            assert!(Instant::now() < deadline, "{marker} outlived the check");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}
