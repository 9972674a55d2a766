//! `solved-games check <game> cmd:PROGRAM`: an outside solver program
//! against the optimized solver (SPEC.md "Checking a solver program").

use super::{CliError, JsonArg, Out, Outcome};
use solved_games::check::{self, program::Program, CheckError, Plan, Report, Subject};
use solved_games::games::{memory::face::Memory, nim::face::Nim, stones::face::StoneGames};
use std::path::PathBuf;
use std::time::Duration;

/// The games `check` takes.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum CheckGame {
    /// Three-pile Nim positions, answered `win` or `loss`.
    Nim,
    /// Stone rows of one of Games 1-5 (`--question`), answered A's score minus B's.
    Stones,
    /// Memory states F(n,m,k) and G(n,m,k), answered p/q.
    Memory,
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
    /// Which question: the stone game 1-5 (default 1); Nim `positions`,
    /// Memory `states`.
    #[arg(long)]
    question: Option<String>,
    /// Sizes checked exhaustively, `A..=B` (defaults: Nim 0..=12, stones
    /// 1..=6 and 1..=4 for Game 5, Memory 1..=6).
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
    /// Write one JUnit test case per size to FILE.
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
    let plan = Plan {
        question: args.question.clone(),
        sizes: args.sizes.as_deref().map(sizes).transpose()?,
        random: args.random,
        seed: args.seed,
        bench: args.bench,
    };
    solved_games::process::end_programs_on_signals();
    let report = match args.game {
        CheckGame::Nim => go::<Nim>(&plan, &program),
        CheckGame::Stones => go::<StoneGames>(&plan, &program),
        CheckGame::Memory => go::<Memory>(&plan, &program),
    }?;
    if let Some(path) = &args.junit {
        std::fs::write(path, check::junit(&report)).map_err(|e| CliError::io(path, &e))?;
    }
    if args.output.json {
        out.json(&report)?;
    } else {
        write!(out, "{}", check::text(&report))?;
    }
    Ok(report.passed())
}

fn go<G: Subject>(plan: &Plan, program: &Program) -> Result<Report, CliError> {
    check::run::<G>(plan, program).map_err(|e| match e {
        CheckError::Input(m) | CheckError::CannotStart(m) => CliError::Input(m),
    })
}
