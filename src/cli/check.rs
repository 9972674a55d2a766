//! `solved-games check <game> cmd:PROGRAM`: an outside solver program
//! against the optimized solver (SPEC.md "Checking a solver program").

use super::param_flags::ParamFlags;
use super::progress::Bar;
use super::{report_file, CliError, CommandResult, JsonArg, Out};
use solved_games::check::{self, program::Program, CheckError, Plan, SolverCheck, Subject};
use solved_games::games::{GameId, Shrink, Table, Visit};
use std::path::PathBuf;
use std::time::Duration;

/// The games `check` takes, from the registry: each game's name, with its
/// instances and the notation of its answers as the help.
fn games() -> impl clap::builder::TypedValueParser<Value = GameId> {
    use clap::builder::TypedValueParser as _;
    struct Help;
    impl Visit for Help {
        type Output = String;
        fn visit<G: Table + Shrink + 'static>(self) -> String
        where
            G::Instance: Send + Sync,
            G::Value: Send + Sync,
        {
            format!(
                "{}: instances {}, answered {}",
                G::INFO.description,
                G::NOTATION,
                G::VALUE_NOTATION
            )
        }
    }
    clap::builder::PossibleValuesParser::new(
        GameId::ALL.map(|g| clap::builder::PossibleValue::new(g.name()).help(g.visit(Help))),
    )
    .map(|name| GameId::from_name(&name).expect("a name of the registry"))
}

/// What `check --help` says after the options: the output as it comes,
/// the exit statuses and the limits of the process handling.
const AFTER_HELP: &str = "The header is printed at once and each size's line as soon as its \
last answer is in; a bar counts the answers on a terminal. Exit status: 0 pass, 1 a wrong \
answer or a misbehaving program (timeout, garbage, too few or too many lines, a crash), 2 a \
program that cannot be started or bad flags, parameters or sizes.\n\n\
Limits: the program runs in a process group of its own, killed with everything in it at the \
end of each batch and when check ends. A child that leaves the group (setsid, a daemon) is not \
killed. Once the program itself has ended, its output ends when the pipe holds nothing more, \
even if a child it started still holds the pipe open; a child that keeps answering after \
the program ended is not heard.";

/// Options of `solved-games check`.
#[derive(clap::Args)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// The game.
    #[arg(value_parser = games())]
    game: GameId,
    /// The solver: `cmd:PROGRAM [ARGS]`, split as a shell splits words
    /// (nothing expanded). It reads one instance per line and prints one
    /// value per line (SPEC.md "the line protocol").
    command: String,
    /// The table's parameters as `key=value` words, as for `export`
    /// (`game=2`, `piles=3 max=20`); the same as `--params`. Each key may
    /// be given as a flag instead (`--max 20`), but not both ways.
    #[arg(value_name = "KEY=VALUE", conflicts_with_all = ["params", "analysis"])]
    words: Vec<String>,
    /// The table the instances come from, as `key=value` words, as for
    /// `export` (`piles=3 max=9`, `game=2 min=1 max=4 length=6`, `n=30`,
    /// `analysis=basic`, `total=10 rounds=10`); default the game's first
    /// standard table.
    #[arg(long, value_name = "WORDS")]
    params: Option<String>,
    /// Geister: the analysis (`basic`, `extended`, `det`, …), the same as
    /// `--params analysis=NAME`.
    #[arg(long, conflicts_with = "params")]
    analysis: Option<String>,
    #[command(flatten)]
    flags: ParamFlags,
    /// Sizes checked exhaustively, `A..=B` or one size (default: every
    /// size of the table).
    #[arg(long, value_name = "A..=B")]
    sizes: Option<String>,
    /// Random instances of larger sizes after the exhaustive ones, at most
    /// 10⁹ (drawn as they are sent).
    #[arg(long, default_value_t = 20, value_name = "N", value_parser = random_count, allow_negative_numbers = true)]
    random: usize,
    /// Seed of the random instances.
    #[arg(long, default_value_t = 1, value_parser = seed, allow_negative_numbers = true)]
    seed: u64,
    /// Seconds an answer may take after the program's last sign of life,
    /// more than 0 and at most 3600.
    #[arg(long, default_value_t = 10.0, value_name = "SECONDS", value_parser = timeout, allow_negative_numbers = true)]
    timeout: f64,
    /// Time the program, the naive and the optimized solver per size and fit
    /// log-log exponents (measurements: not the same bytes every run).
    #[arg(long)]
    bench: bool,
    /// Write one JUnit test case per size to FILE (`-` for standard output;
    /// never a file of the solver's command).
    #[arg(long, value_name = "FILE")]
    junit: Option<PathBuf>,
    #[command(flatten)]
    output: JsonArg,
}

/// `--random`: a count 0..=[`check::MAX_RANDOM`].
fn random_count(text: &str) -> Result<usize, String> {
    text.trim()
        .parse::<usize>()
        .ok()
        .filter(|&n| n <= check::MAX_RANDOM)
        .ok_or_else(|| {
            format!(
                "--random takes a count of instances, 0..={}",
                check::MAX_RANDOM
            )
        })
}

/// `--seed`: any number 0..=2⁶⁴−1.
fn seed(text: &str) -> Result<u64, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("--seed takes a number 0..={}", u64::MAX))
}

/// `--timeout`: seconds, more than 0 and at most
/// [`check::MAX_TIMEOUT_SECONDS`].
fn timeout(text: &str) -> Result<f64, String> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|t| t.is_finite() && *t > 0.0 && *t <= check::MAX_TIMEOUT_SECONDS)
        .ok_or_else(|| {
            format!(
                "--timeout takes seconds, more than 0 and at most {}",
                check::MAX_TIMEOUT_SECONDS
            )
        })
}

fn sizes(text: &str) -> Result<(u64, u64), CliError> {
    let bad = || CliError::Input(format!("--sizes {text:?} is not A..=B (`1..=6`) or a size"));
    match text.split_once("..=") {
        Some((a, b)) => Ok((
            a.trim().parse().map_err(|_| bad())?,
            b.trim().parse().map_err(|_| bad())?,
        )),
        None => {
            let n = text.trim().parse().map_err(|_| bad())?;
            Ok((n, n))
        }
    }
}

pub fn run(args: Args, out: &mut Out) -> CommandResult {
    let Some(command) = args.command.strip_prefix("cmd:") else {
        return Err(CliError::Input(format!(
            "the solver is `cmd:PROGRAM`, not {:?}",
            args.command
        )));
    };
    let program =
        Program::parse(command, Duration::from_secs_f64(args.timeout)).ok_or_else(|| {
            CliError::Input(format!(
                "cmd:{command} names no program (or has an unclosed quote)"
            ))
        })?;
    let words = args
        .analysis
        .as_ref()
        .map(|a| format!("analysis={a}"))
        .or(args.params.clone())
        .or_else(|| (!args.words.is_empty()).then(|| args.words.join(" ")));
    let params = if args.flags.is_empty() {
        words
    } else {
        Some(args.flags.merged(&Vec::from_iter(words))?)
    };
    let plan = Plan {
        params,
        sizes: args.sizes.as_deref().map(sizes).transpose()?,
        random: args.random,
        seed: args.seed,
        bench: args.bench,
    };
    if let Some(path) = &args.junit {
        let files = program_files(command);
        let inputs: Vec<(&str, &std::path::Path)> = files
            .iter()
            .map(|f| ("the solver's file", f.as_path()))
            .collect();
        report_file::not_an_input("--junit", path, &inputs)?;
        report_file::check("--junit", path)?;
    }
    solved_games::process::end_programs_on_signals();
    // The text report is printed a line at a time as each is final (the
    // header at once, each size when its last answer is in), so a slow
    // program's first results show at once and `| head` ends the check.
    let json = args.output.json;
    struct Go<'a> {
        plan: &'a Plan,
        program: &'a Program,
        json: bool,
        out: &'a mut Out,
    }
    impl Visit for Go<'_> {
        type Output = Result<SolverCheck, CliError>;
        fn visit<G: Table + Shrink + 'static>(self) -> Result<SolverCheck, CliError>
        where
            G::Instance: Send + Sync,
            G::Value: Send + Sync,
        {
            go::<G>(self.plan, self.program, self.json, self.out)
        }
    }
    let report = args.game.visit(Go {
        plan: &plan,
        program: &program,
        json,
        out,
    })?;
    if let Some(path) = &args.junit {
        report_file::write("--junit", path, check::junit(&report))?;
    }
    if json {
        out.json(&report)?;
    } else {
        write!(out, "{}", check::tail(&report))?;
    }
    Ok(report.passed())
}

/// The words of the solver's command line that name files (its program,
/// its script): inputs a report must not replace.
fn program_files(command: &str) -> Vec<PathBuf> {
    shell_words::split(command)
        .unwrap_or_default()
        .into_iter()
        .map(PathBuf::from)
        .filter(|p| p.is_file())
        .collect()
}

/// Where the report's lines go as they come: standard output (text only),
/// with the bar cleared around each; the first write error is kept.
struct Watch<'a> {
    json: bool,
    out: &'a mut Out,
    error: Option<CliError>,
    bar: &'a Bar,
}

impl Watch<'_> {
    fn line(&mut self, line: &str) -> bool {
        if self.json {
            return true;
        }
        let out = &mut *self.out;
        match self
            .bar
            .suspend(|| out.write_all(line.as_bytes()).and_then(|()| out.flush()))
        {
            Ok(()) => true,
            Err(e) => {
                self.error = Some(e);
                false
            }
        }
    }
}

/// Runs the check with the answers counted on a bar (a terminal only).
fn go<G: Subject>(
    plan: &Plan,
    program: &Program,
    json: bool,
    out: &mut Out,
) -> Result<SolverCheck, CliError> {
    let bar = Bar::stderr();
    let mut watch = Watch {
        json,
        out,
        error: None,
        bar: &bar,
    };
    let result = check::run_watched::<G>(plan, program, &bar, &mut |line| watch.line(line));
    result.map_err(|e| match e {
        CheckError::Input(m) | CheckError::CannotStart(m) => CliError::Input(m),
        CheckError::Stopped => watch.error.take().unwrap_or(CliError::ClosedStdout),
    })
}
