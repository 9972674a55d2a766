//! Every command line README.md shows is run as written (users copy them
//! into their CI). Each ```sh and ```console block is read; every
//! line that runs `solved-games` or `cargo run --release --` is handed to a
//! shell as it stands (pipes, `printf … |`, redirections and comments
//! included), with `solved-games` on PATH being the binary under test and
//! `cargo run --release --` replaced by it. Where README shows output under a
//! `$ ` line, standard output followed by standard error must equal it, a `…`
//! standing for text README leaves out; where it shows an error, the run must
//! exit 2, else 0. A few lines are skipped, each for the reason in `SKIPPED`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Lines not run, with the reason. Matched against the command as README
/// writes it.
const SKIPPED: &[(&str, &str)] = &[
    (
        "cargo run --release -- reproduce   #",
        "the full run takes over a minute on a loaded 2-core machine; tests/claims.rs checks \
         every claim, tests/reproduce_cli.rs the table's shape",
    ),
    (
        "reproduce --html report.html",
        "a full run plus the timing ladders (minutes); tests/report.rs renders the page",
    ),
    (
        "reproduce --junit results.xml",
        "a full run (over a minute); tests/reproduce_cli.rs checks the JUnit output",
    ),
];

/// One command line of README and what README shows under it.
#[derive(Debug)]
struct Example {
    /// Line number in README.md (1-based), for messages.
    line: usize,
    /// The command line as README writes it (without the `$ ` prompt).
    command: String,
    /// The output shown under a `$ ` line; `None` where README shows none
    /// (a ```sh block, or a `$ ` line followed by another).
    shown: Option<String>,
}

fn readme() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap()
}

fn runs_the_binary(command: &str) -> bool {
    command.contains("solved-games") || command.contains("cargo run --release --")
}

/// Every command line of README's ```sh and ```console blocks that runs the
/// binary.
fn examples(readme: &str) -> Vec<Example> {
    let mut examples: Vec<Example> = Vec::new();
    let mut block: Option<&str> = None;
    for (k, line) in readme.lines().enumerate() {
        if let Some(fence) = line.strip_prefix("```") {
            block = match block {
                None => Some(fence.trim()),
                Some(_) => None,
            };
            continue;
        }
        match block {
            Some("sh") if runs_the_binary(line) => examples.push(Example {
                line: k + 1,
                command: line.to_string(),
                shown: None,
            }),
            Some("console") => {
                if let Some(command) = line.strip_prefix("$ ") {
                    examples.push(Example {
                        line: k + 1,
                        command: command.to_string(),
                        shown: None,
                    });
                } else if let Some(last) = examples.last_mut() {
                    let shown = last.shown.get_or_insert_with(String::new);
                    shown.push_str(line);
                    shown.push('\n');
                }
            }
            _ => {}
        }
    }
    examples.retain(|e| runs_the_binary(&e.command));
    examples
}

/// Whether `actual` is what README shows, each `…` of `shown` standing for
/// any text (possibly none).
fn shows(shown: &str, actual: &str) -> bool {
    let parts: Vec<&str> = shown.split('…').collect();
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if parts.len() == 1 {
        return shown == actual;
    }
    let Some(mut rest) = actual.strip_prefix(first) else {
        return false;
    };
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.ends_with(last)
}

/// A working directory for the examples: the files they write (`fig3.svg`,
/// `figs/`, `matches.jsonl`, …) land there; `tests/players` is the
/// repository's; HOME has the completions directory README writes into;
/// PATH starts with a directory whose `solved-games` is the binary.
fn sandbox() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("solved-games-readme-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("bin")).unwrap();
    std::fs::create_dir_all(dir.join("home/.local/share/bash-completion/completions")).unwrap();
    std::os::unix::fs::symlink(
        env!("CARGO_BIN_EXE_solved-games"),
        dir.join("bin/solved-games"),
    )
    .unwrap();
    std::os::unix::fs::symlink(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests"),
        dir.join("tests"),
    )
    .unwrap();
    // `check`'s examples run the solvers in examples/solvers/.
    std::os::unix::fs::symlink(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("examples"),
        dir.join("examples"),
    )
    .unwrap();
    dir
}

/// Runs `command` as a shell would, in `dir`: exit status and standard
/// output followed by standard error.
fn run(command: &str, dir: &Path) -> (Option<i32>, String) {
    let command = command.replace("cargo run --release --", "solved-games");
    let path = format!(
        "{}:{}",
        dir.join("bin").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let output = Command::new("sh")
        .arg("-c")
        .arg(&command)
        .current_dir(dir)
        .env("PATH", path)
        .env("HOME", dir.join("home"))
        .env("MANPAGER", "cat")
        .env("PAGER", "cat")
        .env("MANWIDTH", "80")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let mut text = String::from_utf8_lossy(&output.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&output.stderr));
    (output.status.code(), text)
}

/// The exit status README implies: 2 where it shows an error, else 0.
fn implied_exit(shown: Option<&str>) -> i32 {
    match shown {
        Some(text) if text.contains("solved-games: error:") => 2,
        _ => 0,
    }
}

/// `shown` edited as a careless hand would: the first digit changed, or a
/// word added where there is none.
fn edited(shown: &str) -> String {
    match shown.char_indices().find(|(_, c)| c.is_ascii_digit()) {
        Some((at, c)) => {
            let other = if c == '7' { '8' } else { '7' };
            format!("{}{other}{}", &shown[..at], &shown[at + 1..])
        }
        None => format!("x{shown}"),
    }
}

#[test]
fn every_readme_example_runs_as_written_and_prints_what_readme_shows() {
    let all = examples(&readme());
    // README has a dozen blocks with about thirty command lines; finding
    // far fewer means the reader above lost track of the blocks.
    assert!(all.len() >= 25, "only {} examples found", all.len());
    assert!(all.iter().filter(|e| e.shown.is_some()).count() >= 15);
    for (skip, _) in SKIPPED {
        assert!(
            all.iter().any(|e| e.command.contains(skip)),
            "SKIPPED names {skip:?}, which README no longer shows"
        );
    }
    let dir = sandbox();
    let mut wrong = Vec::new();
    for example in &all {
        if SKIPPED.iter().any(|(s, _)| example.command.contains(s)) {
            continue;
        }
        let (code, actual) = run(&example.command, &dir);
        let want = implied_exit(example.shown.as_deref());
        if code != Some(want) {
            wrong.push(format!(
                "README.md:{}: `{}` exits {code:?}, README implies {want}:\n{actual}",
                example.line, example.command
            ));
            continue;
        }
        let Some(shown) = &example.shown else {
            continue;
        };
        if !shows(shown, &actual) {
            wrong.push(format!(
                "README.md:{}: `{}` prints\n{actual}\nREADME shows\n{shown}",
                example.line, example.command
            ));
        }
        // The comparison itself must be able to fail on this example.
        assert!(
            !shows(&edited(shown), &actual),
            "README.md:{}: an edited output would still pass",
            example.line
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
}

#[test]
fn the_reader_finds_commands_outputs_and_elisions() {
    let text = "intro\n```console\n$ solved-games nim 735\n735: win\n$ solved-games x   # c\n\
                $ other-tool\nnot ours\n```\n```sh\ncargo run --release -- reproduce\ncargo test\n```\n";
    let found = examples(text);
    let commands: Vec<&str> = found.iter().map(|e| e.command.as_str()).collect();
    assert_eq!(
        commands,
        [
            "solved-games nim 735",
            "solved-games x   # c",
            "cargo run --release -- reproduce"
        ]
    );
    assert_eq!(found[0].shown.as_deref(), Some("735: win\n"));
    assert_eq!(found[1].shown, None);
    assert!(shows("a\n…\nz\n", "a\nb\nc\nz\n"));
    assert!(shows(
        "{\"d\":{\"1\":4,…},\"n\":2}",
        "{\"d\":{\"1\":4,\"2\":5},\"n\":2}"
    ));
    assert!(!shows("a\n…\nz\n", "b\nz\n"));
    assert!(!shows("a\n", "a\nb\n"));
}
