//! `solved-games check <game> cmd:PROGRAM`: an outside solver program
//! against the optimized solver (SPEC.md "Checking a solver program").

use super::param_flags::ParamFlags;
use super::{report_file, CliError, JsonArg, Out, Outcome};
use solved_games::check::{self, program::Program, CheckError, Plan, Report, Subject};
use solved_games::games::{
    geister::face::Geister, memory::face::Memory, nim::face::Nim, stones::face::StoneGames,
    yen::face::Yen,
};
use std::path::PathBuf;
use std::time::Duration;

/// The games `check` takes.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum CheckGame {
    /// Three-pile Nim positions, answered `win` or `loss`.
    Nim,
    /// Stone rows of one of Games 1-5 (`--params game=N`), answered A's score minus B's.
    Stones,
    /// Memory states F(n,m,k) and G(n,m,k), answered p/q.
    Memory,
    /// Mini-Geister positions of one analysis (`--analysis`), answered value and distance.
    Geister,
    /// 10,000-yen states of (T, R), answered A's expected score p/q.
    Yen,
}

/// Options of `solved-games check`.
#[derive(clap::Args)]
pub struct Args {
    /// The game.
    #[arg(value_enum)]
    game: CheckGame,
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
    /// Random instances of larger sizes after the exhaustive ones.
    #[arg(long, default_value_t = 20, value_name = "N")]
    random: usize,
    /// Seed of the random instances.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Seconds an answer may take after the program's last sign of life.
    #[arg(long, default_value_t = 10.0, value_name = "SECONDS")]
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

pub fn run(args: Args, out: &mut Out) -> Outcome {
    let Some(command) = args.command.strip_prefix("cmd:") else {
        return Err(CliError::Input(format!(
            "the solver is `cmd:PROGRAM`, not {:?}",
            args.command
        )));
    };
    if !(args.timeout.is_finite() && args.timeout > 0.0) {
        return Err(CliError::Input(format!(
            "--timeout {} is not a positive number of seconds",
            args.timeout
        )));
    }
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
    let report = match args.game {
        CheckGame::Nim => go::<Nim>(&plan, &program),
        CheckGame::Stones => go::<StoneGames>(&plan, &program),
        CheckGame::Memory => go::<Memory>(&plan, &program),
        CheckGame::Geister => go::<Geister>(&plan, &program),
        CheckGame::Yen => go::<Yen>(&plan, &program),
    }?;
    if let Some(path) = &args.junit {
        report_file::write("--junit", path, check::junit(&report))?;
    }
    if args.output.json {
        out.json(&report)?;
    } else {
        write!(out, "{}", check::text(&report))?;
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

fn go<G: Subject>(plan: &Plan, program: &Program) -> Result<Report, CliError> {
    check::run::<G>(plan, program).map_err(|e| match e {
        CheckError::Input(m) | CheckError::CannotStart(m) => CliError::Input(m),
    })
}
