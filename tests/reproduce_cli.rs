//! `solved-games reproduce` as a user runs it: the table aligned by display
//! width and fitted to a width, `--list --json`, the report files beside the
//! table, the progress bar on a terminal; and the completion scripts and
//! man page generated from the parser.

use crate::common::{cli, scratch};
use solved_games::claims::{self, GameId};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// The text of `line` from display column `from` up to (not including) `to`.
fn columns(line: &str, from: usize, to: usize) -> String {
    let mut at = 0;
    let mut out = String::new();
    for ch in line.chars() {
        let w = ch.width().unwrap_or(0);
        if at >= from && at + w <= to {
            out.push(ch);
        }
        at += w;
    }
    out
}

/// The display column where each column starts, read off the rule under
/// the header (`--------  ------  …`).
fn column_starts(rule: &str) -> Vec<usize> {
    let mut starts = vec![0];
    let bytes = rule.as_bytes();
    for i in 1..bytes.len() {
        if bytes[i] == b'-' && bytes[i - 1] == b' ' {
            starts.push(i);
        }
    }
    starts
}

#[test]
fn rows_with_arrows_dashes_and_japanese_align() {
    // NIM-002 computes `001→000 …`, STO-001 `first wins 103–3`, YEN-106's
    // statement quotes Japanese: each cell must start at its column.
    let run = cli(&[
        "reproduce",
        "--id",
        "NIM-002",
        "--id",
        "STO-001",
        "--id",
        "YEN-106",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    let starts = column_starts(lines[1]);
    assert_eq!(starts.len(), 8, "{}", lines[1]);
    let table: Vec<&str> = lines[2..]
        .iter()
        .take_while(|l| !l.is_empty())
        .copied()
        .collect();
    let mut rows = 0;
    for line in &table {
        assert!(line.width() <= lines[1].width() + 2, "too wide: {line}");
        for (k, &s) in starts.iter().enumerate().skip(1) {
            let gap = columns(line, s - 2, s);
            assert!(
                gap.is_empty() || gap.trim().is_empty(),
                "column {k} does not start at {s} in {line:?}"
            );
        }
        if line.starts_with(|c: char| c.is_ascii_uppercase()) {
            rows += 1;
            let id = columns(line, 0, starts[1]);
            let status = columns(line, starts[6], starts[7]);
            assert_eq!(status.trim(), "PASS", "{id}: {line:?}");
            let agree = columns(line, starts[5], starts[6]);
            assert!(["yes", "n/a"].contains(&agree.trim()), "{line:?}");
        }
    }
    assert_eq!(rows, 3);
    // The Japanese quote is wrapped inside its column, not past it.
    assert!(run.stdout.contains("全ての"), "{}", run.stdout);
}

#[test]
fn piped_output_keeps_the_natural_layout() {
    let run = cli(&["reproduce", "--id", "NIM-001"]);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines[0],
        "ID        SOURCE          STATEMENT                                       EXPECTED            \
         COMPUTED            NAIVE=OPT  STATUS   MS"
    );
    assert_eq!(lines[1].len(), 143, "{}", lines[1]);
}

/// The display width of the table's widest line (the table ends at the
/// blank line before the summary).
fn widest(stdout: &str) -> usize {
    stdout
        .lines()
        .take_while(|l| !l.is_empty())
        .map(UnicodeWidthStr::width)
        .max()
        .unwrap()
}

#[test]
fn the_table_fits_a_given_width() {
    for width in ["90", "200"] {
        let run = cli(&["reproduce", "--game", "nim", "--width", width]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        let limit: usize = width.parse().unwrap();
        let widest = widest(&run.stdout);
        assert!(widest <= limit, "{widest} > {limit}");
        if limit > 143 {
            assert!(widest > 143, "a wide terminal is used: {widest}");
        }
    }
    let run = cli(&["reproduce", "--game", "nim", "--width", "10"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
}

/// `--width 40` gave an 85-column table with nothing said: the narrowest
/// table is 85 columns, `--help` says so, and a smaller width gives it.
#[test]
fn a_width_below_the_minimum_gives_the_documented_minimum() {
    let help = cli(&["reproduce", "--help"]);
    let words: Vec<&str> = help.stdout.split_whitespace().collect();
    assert!(
        words
            .join(" ")
            .contains("The narrowest table is 85 columns"),
        "{}",
        help.stdout
    );
    for width in ["40", "85"] {
        let run = cli(&["reproduce", "--id", "NIM-001", "--width", width]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        let widest = widest(&run.stdout);
        assert_eq!(widest, 85, "--width {width}");
    }
}

/// The NAIVE=OPT cell keeps the spaces of the part the naive solver checked
/// and wraps at them: each word that fits the column stays whole on one line
/// (the table once printed "everypair" and "ofplansat").
#[test]
fn the_naive_scope_wraps_at_spaces() {
    let ids = ["NIM-016", "YEN-008", "YEN-012"];
    let mut args = vec!["reproduce"];
    for id in &ids {
        args.extend(["--id", id]);
    }
    let table = cli(&args);
    assert_eq!(table.code, 0, "{}", table.stderr);
    args.push("--json");
    let json = cli(&args);
    let v: serde_json::Value = serde_json::from_str(&json.stdout).expect("JSON");
    let lines: Vec<&str> = table.stdout.lines().collect();
    let starts = column_starts(lines[1]);
    let width = starts[6] - starts[5] - 2;
    // The cell's lines, row by row: a row starts with its id.
    let mut cells: Vec<Vec<String>> = Vec::new();
    for line in lines[2..].iter().take_while(|l| !l.is_empty()) {
        if line.starts_with(|c: char| c.is_ascii_uppercase()) {
            cells.push(Vec::new());
        }
        let cell = columns(line, starts[5], starts[6]);
        cells.last_mut().unwrap().push(cell.trim().to_string());
    }
    assert_eq!(cells.len(), ids.len());
    for (claim, cell) in v["claims"].as_array().unwrap().iter().zip(&cells) {
        let scope = claim["naive_scope"].as_str().expect("a naive scope");
        let tokens: Vec<&str> = cell.iter().flat_map(|l| l.split_whitespace()).collect();
        for word in scope.split(' ').filter(|w| w.width() <= width) {
            assert!(
                tokens.contains(&word),
                "{}: `{word}` split in {cell:?}",
                claim["id"]
            );
        }
        for line in cell {
            assert!(line.width() <= width, "{line:?}");
        }
    }
}

#[test]
fn list_json_lists_every_selected_claim() {
    let run = cli(&["reproduce", "--list", "--json", "--game", "memory"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    let listed = v["claims"].as_array().unwrap();
    let registry = claims::for_game(GameId::Memory);
    assert_eq!(listed.len(), registry.len());
    for (l, c) in listed.iter().zip(&registry) {
        assert_eq!(l["id"], c.id);
        assert_eq!(l["game"], "memory");
        assert_eq!(l["source"], c.source);
        assert_eq!(l["statement"], c.statement);
        assert_eq!(l["expected"], c.expected);
        match c.erratum {
            Some(e) => assert_eq!(l["corrected"], e.corrected),
            None => assert!(l["corrected"].is_null()),
        }
    }
}

#[test]
fn html_and_junit_are_written_beside_the_table_and_the_json() {
    let dir = scratch("cli-report");
    let (page, xml) = (dir.join("r.html"), dir.join("r.xml"));
    let run = cli(&[
        "reproduce",
        "--game",
        "nim",
        "--html",
        page.to_str().unwrap(),
        "--junit",
        xml.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.starts_with("ID "),
        "the table still goes to stdout"
    );
    let text = std::fs::read_to_string(&page).unwrap();
    for c in claims::for_game(GameId::Nim) {
        assert!(text.contains(&format!("id=\"claim-{}\"", c.id)), "{}", c.id);
    }
    assert!(text.contains("id=\"fig-nim-cube\""));
    assert!(
        !text.contains("id=\"fig-memory-3-1\""),
        "figures of the run's games only"
    );
    assert!(!text.contains("<script"), "no script");
    for remote in ["src=\"http", "href=\"http", "url(http", "@import"] {
        assert!(!text.contains(remote), "nothing from the network: {remote}");
    }
    let doc = std::fs::read_to_string(&xml).unwrap();
    let parsed = roxmltree::Document::parse(&doc).unwrap();
    let cases = parsed
        .descendants()
        .filter(|n| n.has_tag_name("testcase"))
        .count();
    assert_eq!(cases, claims::for_game(GameId::Nim).len());

    let json = cli(&[
        "reproduce",
        "--id",
        "NIM-001",
        "--json",
        "--junit",
        xml.to_str().unwrap(),
    ]);
    assert_eq!(json.code, 0, "{}", json.stderr);
    let v: serde_json::Value = serde_json::from_str(&json.stdout).expect("JSON on stdout");
    assert_eq!(v["claims"][0]["id"], "NIM-001");
}

/// `solved-games reproduce --html r.html --junit r.xml | head -1`: the
/// reader leaves after the first line, and the table stops there, but the
/// report files are the run's results and are still written in full.
#[test]
fn a_closed_stdout_stops_the_table_but_not_the_report_files() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let dir = scratch("cli-closed-pipe");
    let (page, xml) = (dir.join("r.html"), dir.join("r.xml"));
    // Rows 65535 columns wide: the table after its first line is more than
    // a pipe holds (64 KiB), so the program is still writing it when the
    // reader goes away, however fast the claims are computed.
    let mut child = Command::new(env!("CARGO_BIN_EXE_solved-games"))
        .args(["reproduce", "--game", "nim", "--width", "65535"])
        .arg("--html")
        .arg(&page)
        .arg("--junit")
        .arg(&xml)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The first line, then the reader goes away, as `head -1` does.
    let first = BufReader::new(child.stdout.take().unwrap()).lines().next();
    assert!(
        matches!(&first, Some(Ok(l)) if l.starts_with("ID ")),
        "{first:?}"
    );
    let done = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&done.stderr);
    assert_eq!(done.status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    let text = std::fs::read_to_string(&page).unwrap();
    assert!(text.trim_end().ends_with("</html>"), "HTML cut short");
    for c in claims::for_game(GameId::Nim) {
        assert!(text.contains(&format!("id=\"claim-{}\"", c.id)), "{}", c.id);
    }
    let doc = std::fs::read_to_string(&xml).unwrap();
    let parsed = roxmltree::Document::parse(&doc).expect("the JUnit file parses");
    let cases = parsed
        .descendants()
        .filter(|n| n.has_tag_name("testcase"))
        .count();
    assert_eq!(cases, claims::for_game(GameId::Nim).len());
}

#[test]
fn an_unwritable_report_file_exits_3_before_the_run() {
    let started = std::time::Instant::now();
    let run = cli(&["reproduce", "--html", "/nonexistent-dir/report.html"]);
    assert_eq!(run.code, 3, "{}", run.stderr);
    assert!(
        run.stderr.contains("/nonexistent-dir/report.html"),
        "{}",
        run.stderr
    );
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert!(run.stdout.is_empty(), "nothing computed: {}", run.stdout);
    assert!(started.elapsed().as_secs() < 20);
}

/// Runs `command` (a shell command line) under a pseudo-terminal with
/// `script`, returning what reached the terminal.
fn on_a_terminal(command: &str) -> String {
    let out = std::process::Command::new("script")
        .args(["-qefc", command, "/dev/null"])
        .output()
        .expect("`script` (util-linux) runs a command on a pseudo-terminal");
    assert!(out.status.success(), "{command}: {:?}", out.status);
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn progress_shows_on_a_terminal_in_json_and_html_modes_and_not_in_pipes() {
    let bin = env!("CARGO_BIN_EXE_solved-games");
    let dir = scratch("cli-progress");
    let out = dir.join("out");
    // --json: standard output to a file, standard error on the terminal.
    // Two quick claims: the bar is drawn at the first claim whatever the
    // run's length (the whole Memory game, 18 s, checked nothing more).
    let seen = on_a_terminal(&format!(
        "{bin} reproduce --id MEM-001 --id MEM-002 --json > {}",
        out.display()
    ));
    assert!(seen.contains("claims"), "no bar on the terminal: {seen:?}");
    assert!(seen.contains("MEM-0"), "the bar names the claim: {seen:?}");
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert!(v["claims"].is_array());
    // --html: the timings after the claims are reported too.
    let seen = on_a_terminal(&format!(
        "{bin} reproduce --game nim --html {} > {}",
        dir.join("r.html").display(),
        out.display()
    ));
    assert!(
        seen.contains("figures") || seen.contains("timing"),
        "{seen:?}"
    );
    // In a pipe nothing but the table and the summary.
    let piped = cli(&["reproduce", "--game", "nim", "--json"]);
    assert!(piped.stderr.is_empty(), "{:?}", piped.stderr);
}

/// The subcommands `solved-games --help` lists.
fn subcommands() -> Vec<String> {
    let help = cli(&["--help"]).stdout;
    let list: Vec<String> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .filter(|c| c != "help")
        .collect();
    assert!(list.len() >= 8, "{help}");
    list
}

#[test]
fn completions_know_every_subcommand() {
    let commands = subcommands();
    for shell in ["bash", "zsh", "fish"] {
        let run = cli(&["completions", shell]);
        assert_eq!(run.code, 0, "{shell}: {}", run.stderr);
        for c in &commands {
            assert!(
                run.stdout.contains(c.as_str()),
                "{shell} completion lacks `{c}`"
            );
        }
    }
    let bash = cli(&["completions", "bash"]).stdout;
    assert!(bash.contains("complete -F"), "a bash completion function");
    assert!(bash.contains("--html"), "reproduce's options are completed");
    assert_eq!(cli(&["completions", "tcsh"]).code, 2);
}

#[test]
fn the_man_page_is_roff_with_name_and_synopsis() {
    let run = cli(&["manpage"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let page = run.stdout;
    assert!(
        page.starts_with(".ie") || page.starts_with(".TH"),
        "{page:.100}"
    );
    assert!(page.contains("\n.TH solved-games 1"), "{page:.300}");
    for section in [
        ".SH NAME",
        ".SH SYNOPSIS",
        ".SH DESCRIPTION",
        ".SH SUBCOMMANDS",
    ] {
        assert!(page.contains(section), "no {section}");
    }
    for c in subcommands() {
        // roff escapes every hyphen, those of a name like `check-table` too.
        let name = format!("solved-games-{c}").replace('-', "\\-");
        assert!(page.contains(&name), "{c}");
    }
    // groff reads it without a warning and renders the sections.
    let dir = scratch("manpage");
    let file = dir.join("solved-games.1");
    std::fs::write(&file, &page).unwrap();
    let out = std::process::Command::new("groff")
        .args(["-man", "-Tutf8", "-ww", "-P-cbou"])
        .arg(&file)
        .output()
        .expect("groff (Debian's groff-base, as .ci/run installs) renders man pages");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success() && stderr.is_empty(), "groff: {stderr}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("NAME") && text.contains("SYNOPSIS"),
        "{text:.400}"
    );
    // One page per command into a directory.
    let pages = dir.join("pages");
    let run = cli(&["manpage", "--dir", pages.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    for c in subcommands() {
        assert!(pages.join(format!("solved-games-{c}.1")).is_file(), "{c}");
    }
}
