//! Argument parsing and dispatch. Exit codes: 0 ok, 1 a check failed,
//! 2 usage or input error, 3 a file or output could not be read or written
//! (the message names it and gives the system's reason).

use clap::{CommandFactory, Parser, Subcommand};
use std::fmt;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

mod geister;
mod memory;
mod nim;
mod progress;
mod reproduce;
mod stones;
mod table;
mod yen;
mod yen_solve;

/// Verified reference implementation of five solved games.
///
/// Every published number in the five source documents is recomputed by two
/// independent solvers; `reproduce` prints them all.
#[derive(Parser)]
#[command(name = "solved-games", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check every published claim: expected vs computed, naive = optimized.
    Reproduce(reproduce::Args),
    /// Three-pile Nim (三山崩し), document 002.
    Nim(nim::Args),
    /// Stone-taking score games 1-5, document 001.
    Stones(stones::Args),
    /// The Memory game with a special pair, document 004.
    Memory(memory::Args),
    /// 4x4 Mini-Geister, document 003.
    Geister(geister::Args),
    /// The 10,000-yen bidding game, document 000.
    Yen(yen::Args),
    /// Print a shell completion script for bash, zsh, fish, elvish or PowerShell.
    ///
    /// For example `solved-games completions bash >
    /// ~/.local/share/bash-completion/completions/solved-games`.
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff), or write one page per command into a directory.
    Manpage {
        /// Write solved-games.1 and a page per subcommand into DIR.
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
    },
}

/// The completion script for `shell`, generated from the parser.
fn completions(shell: clap_complete::Shell) -> Outcome {
    // Generated into memory first: the generator panics on a write error,
    // and standard output may be a closed pipe or a full disk.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "solved-games", &mut script);
    std::io::stdout().lock().write_all(&script)?;
    Ok(true)
}

/// The man page, generated from the parser: solved-games.1 on standard
/// output, or every command's page into `dir`.
fn manpage(dir: Option<PathBuf>) -> Outcome {
    let render = |cmd: clap::Command| -> Result<Vec<u8>, CliError> {
        let mut page = Vec::new();
        clap_mangen::Man::new(cmd)
            .render(&mut page)
            .map_err(|e| CliError::Failed(format!("cannot render the man page: {e}")))?;
        Ok(roff_ascii(&String::from_utf8_lossy(&page)).into_bytes())
    };
    let Some(dir) = dir else {
        std::io::stdout()
            .lock()
            .write_all(&render(Cli::command())?)?;
        return Ok(true);
    };
    std::fs::create_dir_all(&dir).map_err(|e| CliError::io(&dir, &e))?;
    // As clap_mangen::generate_to names them (solved-games-nim.1, …), but
    // each page passed through `roff_ascii` first.
    let mut cmd = Cli::command().disable_help_subcommand(true);
    cmd.build();
    let mut commands = vec![cmd];
    while let Some(cmd) = commands.pop() {
        commands.extend(cmd.get_subcommands().filter(|s| !s.is_hide_set()).cloned());
        let path = dir.join(clap_mangen::Man::new(cmd.clone()).get_filename());
        std::fs::write(&path, render(cmd)?).map_err(|e| CliError::io(&path, &e))?;
        println!("{}", path.display());
    }
    Ok(true)
}

/// Roff input is ASCII: every other character (the documents' titles are
/// Japanese) as groff's `\[uXXXX]` escape, which mandoc reads too.
fn roff_ascii(page: &str) -> String {
    page.chars()
        .map(|c| {
            if c.is_ascii() {
                c.to_string()
            } else {
                format!("\\[u{:04X}]", u32::from(c))
            }
        })
        .collect()
}

/// Why a command did not succeed.
#[derive(Debug)]
pub enum CliError {
    /// Malformed or out-of-range input; exit status 2.
    Input(String),
    /// A check failed or the run could not complete; exit status 1.
    Failed(String),
    /// A file or an output stream could not be opened, read or written;
    /// exit status 3. The message names the file (or `standard output`) and
    /// the operating system's reason.
    Io(String),
    /// Standard output was closed by its reader (`| head`): stop quietly.
    ClosedStdout,
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Input(m) | CliError::Failed(m) | CliError::Io(m) => f.write_str(m),
            CliError::ClosedStdout => f.write_str("standard output closed"),
        }
    }
}

impl From<std::io::Error> for CliError {
    fn from(e: std::io::Error) -> CliError {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            return CliError::ClosedStdout;
        }
        CliError::Io(format!("cannot write standard output: {e}"))
    }
}

impl From<serde_json::Error> for CliError {
    fn from(e: serde_json::Error) -> CliError {
        CliError::Failed(format!("JSON error: {e}"))
    }
}

impl CliError {
    /// An error reading or writing `path`, naming it and the system's reason.
    pub fn io(path: impl AsRef<std::path::Path>, e: &std::io::Error) -> CliError {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            return CliError::ClosedStdout;
        }
        CliError::Io(format!("{}: {e}", path.as_ref().display()))
    }
}

/// Result of a subcommand: `Ok(true)` all good, `Ok(false)` ran but a check
/// failed (exit 1), `Err` could not run.
pub type Outcome = Result<bool, CliError>;

/// Prints `value` as one line of JSON on stdout.
pub fn print_json(value: &impl serde::Serialize) -> Result<(), CliError> {
    println!("{}", serde_json::to_string(value)?);
    Ok(())
}

/// `println!` panics when stdout is a closed pipe (`solved-games reproduce |
/// head`). Like other command-line tools we stop quietly then, with status 0:
/// the reader has all it asked for. Every other panic keeps the default
/// report.
fn quiet_on_closed_stdout() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if message.contains("failed printing to stdout") && message.contains("Broken pipe") {
            std::process::exit(0);
        }
        default(info);
    }));
}

pub fn main() -> ExitCode {
    quiet_on_closed_stdout();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Reproduce(a) => reproduce::run(a),
        Command::Nim(a) => nim::run(a),
        Command::Stones(a) => stones::run(a),
        Command::Memory(a) => memory::run(a),
        Command::Geister(a) => geister::run(a),
        Command::Yen(a) => yen::run(a),
        Command::Completions { shell } => completions(shell),
        Command::Manpage { dir } => manpage(dir),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(CliError::ClosedStdout) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("solved-games: error: {e}");
            ExitCode::from(match e {
                CliError::Input(_) => 2,
                CliError::Failed(_) | CliError::ClosedStdout => 1,
                CliError::Io(_) => 3,
            })
        }
    }
}
