//! Argument parsing and dispatch. Exit codes: 0 ok, 1 a check failed,
//! 2 usage or input error, 3 a file or output could not be read or written
//! (the message names it and gives the system's reason).

use clap::{CommandFactory, Parser, Subcommand};
use std::fmt;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

mod check;
mod geister;
mod layout;
mod memory;
mod memory_bounded;
mod memory_ranks;
mod memory_three;
mod memory_variants;
mod message;
mod nim;
mod param_flags;
mod progress;
mod report_file;
mod reproduce;
mod stones;
mod tables;
mod yen;
mod yen_certificate;
mod yen_export;
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

impl Cli {
    /// The parsed command line, refused where its flags conflict in a way
    /// clap's relations cannot state (B's values outside stone Game 5).
    fn checked(self) -> Result<Cli, clap::Error> {
        if let Command::Stones(args) = &self.command {
            args.check()?;
        }
        Ok(self)
    }
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
    /// Check a solver program against the optimized solver: every instance of
    /// each size, random larger ones, a minimal counterexample on a wrong answer.
    Check(check::Args),
    /// Write a game's whole table (every instance up to a size, with its
    /// exact value) as TSV, optionally gzipped with a manifest.
    Export(tables::ExportArgs),
    /// Check a table file row by row against the solvers.
    CheckTable(tables::CheckTableArgs),
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
fn completions(shell: clap_complete::Shell, out: &mut Out) -> CommandResult {
    // Generated into memory first: the generator panics on a write error,
    // and standard output may be a closed pipe or a full disk.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "solved-games", &mut script);
    out.write_all(&script)?;
    Ok(true)
}

/// The man page, generated from the parser: solved-games.1 on standard
/// output, or every command's page into `dir`.
fn manpage(dir: Option<PathBuf>, out: &mut Out) -> CommandResult {
    let render = |cmd: clap::Command| -> Result<Vec<u8>, CliError> {
        let mut page = Vec::new();
        clap_mangen::Man::new(cmd)
            .render(&mut page)
            .map_err(|e| CliError::Failed(format!("cannot render the man page: {e}")))?;
        Ok(roff_ascii(&String::from_utf8_lossy(&page)).into_bytes())
    };
    let Some(dir) = dir else {
        out.write_all(&render(Cli::command())?)?;
        return Ok(true);
    };
    report_file::directory("--dir", &dir)?;
    // As clap_mangen::generate_to names them (solved-games-nim.1, …), but
    // each page passed through `roff_ascii` first.
    let mut cmd = Cli::command().disable_help_subcommand(true);
    cmd.build();
    let mut commands = vec![cmd];
    while let Some(cmd) = commands.pop() {
        commands.extend(cmd.get_subcommands().filter(|s| !s.is_hide_set()).cloned());
        let path = dir.join(clap_mangen::Man::new(cmd.clone()).get_filename());
        report_file::write("--dir", &path, render(cmd)?)?;
        writeln!(out, "{}", path.display())?;
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

/// The two independent solvers every game has: `--solver naive|optimized`,
/// the same flag with the same meaning wherever it applies (the library's
/// one [`Solver`](solved_games::games::Solver), a clap value under the `cli`
/// feature).
pub use solved_games::games::Solver;

/// `--json`, defined once with one help text and flattened into each
/// command that prints a result (`reproduce` and `yen solve` word theirs
/// for what they print; `geister` makes its own global to its
/// subcommands).
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct JsonArg {
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// `--solver`, defined once and flattened into each command that has it.
/// A command whose other modes have one solver only names `solver` in
/// their `conflicts_with`, so that the parser refuses the combination.
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct SolverArg {
    /// Which solver answers: `naive` (exhaustive search) or `optimized`
    /// [default: optimized].
    #[arg(long, value_enum, value_name = "SOLVER")]
    solver: Option<SolverName>,
}

/// The values of `--solver`: the library's [`Solver`] as the parser
/// lists them.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum SolverName {
    /// The exhaustive search, written for obviousness, with its own model
    /// of the rules.
    Naive,
    /// The DP, retrograde or closed-form solver, written for speed.
    Optimized,
}

impl SolverArg {
    /// The solver asked for, the optimized one when none was.
    pub fn get(self) -> Solver {
        match self.solver {
            Some(SolverName::Naive) => Solver::Naive,
            Some(SolverName::Optimized) | None => Solver::Optimized,
        }
    }

    /// Whether `--solver` was given.
    pub fn given(self) -> bool {
        self.solver.is_some()
    }
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
    /// A check ran to its end with a verdict of its own exit status
    /// (`check-table`'s INCOMPLETE 4 and UNCONFIRMED 5), already printed on
    /// standard output: no error line.
    Verdict(u8),
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Input(m) | CliError::Failed(m) | CliError::Io(m) => f.write_str(m),
            CliError::ClosedStdout => f.write_str("standard output closed"),
            CliError::Verdict(code) => write!(f, "exit status {code}"),
        }
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
pub type CommandResult = Result<bool, CliError>;

/// Standard output, written through a handle: every write returns its
/// error as a [`CliError`] (`?`) instead of panicking as `println!` does. A
/// reader that closed the pipe (`| head`) is [`CliError::ClosedStdout`], a
/// quiet end; any other failure (a full disk, `> /dev/full`) is
/// [`CliError::Io`] naming `standard output` and the system's reason.
pub struct Out {
    stdout: std::io::Stdout,
}

impl Out {
    /// The process's standard output.
    pub fn stdout() -> Out {
        Out {
            stdout: std::io::stdout(),
        }
    }

    /// What `write!`/`writeln!` call: the text, or the error as a [`CliError`].
    pub fn write_fmt(&mut self, args: fmt::Arguments<'_>) -> Result<(), CliError> {
        self.stdout.write_fmt(args).map_err(stdout_error)
    }

    /// Writes `bytes` as they are.
    pub fn write_all(&mut self, bytes: &[u8]) -> Result<(), CliError> {
        self.stdout.write_all(bytes).map_err(stdout_error)
    }

    /// Pushes out what is buffered, so that a failure is reported here
    /// rather than lost when the process ends.
    pub fn flush(&mut self) -> Result<(), CliError> {
        self.stdout.flush().map_err(stdout_error)
    }

    /// `value` as one line of JSON.
    pub fn json(&mut self, value: &impl serde::Serialize) -> Result<(), CliError> {
        writeln!(self, "{}", serde_json::to_string(value)?)
    }
}

/// A failed write to standard output, as the error the command ends with.
pub fn stdout_error(e: std::io::Error) -> CliError {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        return CliError::ClosedStdout;
    }
    CliError::Io(format!("standard output: {e}"))
}

/// A flag as the command line wrote it, where it has an older alias
/// (`--units` or `--total`, `--money` or `--total`): errors name the flag the
/// user typed, so a documented command line with the old name prints the
/// bytes it printed before the flag had its own name.
pub fn flag_as_written(name: &'static str, alias: &'static str) -> &'static str {
    let written = std::env::args_os().skip(1).any(|a| {
        a.to_str().is_some_and(|a| {
            a == alias
                || a.strip_prefix(alias)
                    .is_some_and(|rest| rest.starts_with('='))
        })
    });
    if written {
        alias
    } else {
        name
    }
}

/// A message on standard error (a note, a warning, the final error). A
/// standard error that cannot be written is no reason to fail or panic:
/// the message is dropped.
pub fn note(args: fmt::Arguments<'_>) {
    let _ = writeln!(std::io::stderr(), "{args}");
}

pub fn main() -> ExitCode {
    // SIGINT, SIGTERM and SIGHUP end program groups and remove the
    // temporaries of files not yet in place before the process dies.
    solved_games::process::end_programs_on_signals();
    let mut out = Out::stdout();
    let cli = match Cli::try_parse().and_then(Cli::checked) {
        Ok(cli) => cli,
        Err(e) => return parse_error(&e, &mut out),
    };
    let result = match cli.command {
        Command::Reproduce(a) => reproduce::run(a, &mut out),
        Command::Nim(a) => nim::run(a, &mut out),
        Command::Stones(a) => stones::run(a, &mut out),
        Command::Memory(a) => memory::run(a, &mut out),
        Command::Geister(a) => geister::run(a, &mut out),
        Command::Yen(a) => yen::run(a, &mut out),
        Command::Check(a) => check::run(a, &mut out),
        Command::Export(a) => tables::export(a, &mut out),
        Command::CheckTable(a) => tables::check_table(a, &mut out),
        Command::Completions { shell } => completions(shell, &mut out),
        Command::Manpage { dir } => manpage(dir, &mut out),
    };
    // What is still buffered is written now, so that its failure is
    // reported like any other instead of lost at exit.
    let result = result.and_then(|ok| out.flush().map(|()| ok));
    exit_code(result)
}

/// The exit status of a command's result, with its one-line error on
/// standard error.
fn exit_code(result: CommandResult) -> ExitCode {
    match result {
        Ok(true) | Err(CliError::ClosedStdout) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(CliError::Verdict(code)) => ExitCode::from(code),
        Err(e) => {
            note(format_args!(
                "solved-games: error: {}",
                message::shown(&e.to_string())
            ));
            ExitCode::from(match e {
                CliError::Input(_) => 2,
                CliError::Failed(_) | CliError::ClosedStdout => 1,
                CliError::Io(_) => 3,
                CliError::Verdict(code) => code,
            })
        }
    }
}

/// What clap makes of arguments it does not run: `--help` and `--version`
/// go to standard output through the same handle as everything else (a
/// full disk is exit 3, a closed pipe a quiet end); a usage error is one
/// line on standard error with exit 2.
fn parse_error(e: &clap::Error, out: &mut Out) -> ExitCode {
    if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        note(format_args!("solved-games: error: {}", missing_command(e)));
        return ExitCode::from(2);
    }
    if e.use_stderr() {
        // One line, like every other error: clap's message and tips without
        // its usage block, which `--help` gives in full.
        let text = e.render().to_string();
        let parts: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| {
                !(l.is_empty() || l.starts_with("Usage:") || l.starts_with("For more information"))
            })
            .collect();
        let message = parts.join(" ");
        let message = message.strip_prefix("error: ").unwrap_or(&message);
        let message = message::shown(message);
        note(format_args!("solved-games: error: {message} (see --help)"));
        return ExitCode::from(2);
    }
    let text = if std::io::IsTerminal::is_terminal(&std::io::stdout()) {
        e.render().ansi().to_string()
    } else {
        e.render().to_string()
    };
    exit_code(
        out.write_all(text.as_bytes())
            .and_then(|()| out.flush())
            .map(|()| true),
    )
}

/// A command line that names no (sub)command (`solved-games`, `solved-games
/// yen`): its usage and the commands to choose from, in one short line,
/// instead of the whole help flattened into one (exit 2 as before).
fn missing_command(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let usage = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("Usage:"))
        .unwrap_or(" solved-games <COMMAND>")
        .trim()
        .to_string();
    let commands: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|&c| c != "help")
        .collect();
    let program = usage.split(" <").next().unwrap_or("solved-games");
    format!(
        "a command is needed: {usage}, where COMMAND is one of {} (see `{program} --help`)",
        commands.join(", ")
    )
}
