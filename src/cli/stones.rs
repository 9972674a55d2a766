//! `solved-games stones`: solve one of the five stone games of document 001.

use serde_json::json;
use std::io::Read;
use std::path::{Path, PathBuf};

use super::{CliError, CommandResult, JsonArg, Out, Solver, SolverArg};
use solved_games::games::stones::{naive, optimized, Game, Stones};

/// Options of `solved-games stones`.
#[derive(clap::Args)]
#[command(mut_arg("solver", |a| a.help("naive: full minimax game tree without memoisation; optimized: DP / greedy. [default: optimized]")))]
#[command(group(clap::ArgGroup::new("row").required(true).args(["stones", "stones_file"])))]
#[command(group(clap::ArgGroup::new("b_values").args(["values_b", "values_b_file"])))]
pub struct Args {
    /// Game number 1–5 of the article.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=5), requires_if("5", "b_values"))]
    game: u8,
    /// Stone values in row order (A's values in Game 5), comma- or
    /// space-separated; values may be negative (`--stones -8,16,20`).
    #[arg(long, allow_hyphen_values = true)]
    stones: Option<String>,
    /// Read the stone values from a file instead (`-` for standard input):
    /// integers separated by commas, spaces or newlines.
    #[arg(long, value_name = "PATH")]
    stones_file: Option<PathBuf>,
    /// Game 5 only: B's values of the same stones.
    #[arg(long, allow_hyphen_values = true)]
    values_b: Option<String>,
    /// Game 5 only: read B's values from a file (`-` for standard input).
    #[arg(long, value_name = "PATH", conflicts_with = "values_b")]
    values_b_file: Option<PathBuf>,
    #[command(flatten)]
    solver: SolverArg,
    #[command(flatten)]
    output: JsonArg,
}

impl Args {
    /// What the derive cannot say, checked right after parsing: B's values
    /// belong to Game 5 only (Game 5's need of them is the `b_values`
    /// requirement above). A usage error, like any the parser finds.
    ///
    /// # Errors
    /// An argument conflict naming the flag given.
    pub fn check(&self) -> Result<(), clap::Error> {
        let given = if self.values_b.is_some() {
            "--values-b"
        } else if self.values_b_file.is_some() {
            "--values-b-file"
        } else {
            return Ok(());
        };
        if self.game == Game::AnyStoneTwoValues.number() {
            return Ok(());
        }
        Err(clap::Error::raw(
            clap::error::ErrorKind::ArgumentConflict,
            format!(
                "{given} is only for game 5; game {} values stones the same for both players",
                self.game
            ),
        ))
    }
}

/// Where a list of values came from, for error messages.
enum Source<'a> {
    /// The text of a flag.
    Flag(&'static str),
    /// A file (or standard input) named by a flag.
    File(&'static str, &'a Path),
}

impl Source<'_> {
    /// "--stones", or "--stones-file rows.txt, line 3".
    fn at(&self, line: usize) -> String {
        match self {
            Source::Flag(flag) => flag.to_string(),
            Source::File(flag, path) => format!("{flag} {}, line {line}", display(path)),
        }
    }
}

fn display(path: &Path) -> String {
    if is_stdin(path) {
        "standard input".to_string()
    } else {
        path.display().to_string()
    }
}

fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// Integers separated by commas, whitespace or newlines. A comma with no
/// value on one side (`1,,2`, `1,`) is refused rather than guessed at.
fn parse_values(text: &str, source: &Source) -> Result<Vec<i64>, CliError> {
    let mut values = Vec::new();
    for (k, line) in text.lines().enumerate() {
        let fields: Vec<&str> = line.split(',').collect();
        for field in &fields {
            if field.trim().is_empty() {
                if fields.len() == 1 {
                    continue; // a blank line
                }
                return Err(CliError::Input(format!(
                    "{}: an empty value next to a comma",
                    source.at(k + 1)
                )));
            }
            for token in field.split_whitespace() {
                values.push(token.parse::<i64>().map_err(|_| {
                    CliError::Input(format!(
                        "{}: `{token}` is not an integer stone value",
                        source.at(k + 1)
                    ))
                })?);
            }
        }
    }
    if values.is_empty() {
        return Err(CliError::Input(match source {
            Source::Flag(flag) => format!("{flag} is empty: give at least one stone value"),
            Source::File(flag, path) => {
                format!("{flag} {} has no stone values", display(path))
            }
        }));
    }
    Ok(values)
}

/// Reads a value file, or standard input for `-`: exit 3 if it cannot be
/// read, exit 2 if it is not text.
fn read_values(flag: &'static str, path: &Path) -> Result<Vec<i64>, CliError> {
    let mut bytes = Vec::new();
    let read = if is_stdin(path) {
        std::io::stdin().read_to_end(&mut bytes).map(|_| ())
    } else {
        std::fs::File::open(path).and_then(|mut f| f.read_to_end(&mut bytes).map(|_| ()))
    };
    read.map_err(|e| CliError::io(display(path), &e))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| CliError::Input(format!("{flag} {} is not UTF-8 text", display(path))))?;
    parse_values(&text, &Source::File(flag, path))
}

/// The values given by a text flag or a file flag, if either.
fn values(
    text: Option<&str>,
    text_flag: &'static str,
    file: Option<&Path>,
    file_flag: &'static str,
) -> Result<Option<Vec<i64>>, CliError> {
    match (text, file) {
        (Some(text), _) => parse_values(text, &Source::Flag(text_flag)).map(Some),
        (None, Some(path)) => read_values(file_flag, path).map(Some),
        (None, None) => Ok(None),
    }
}

pub fn run(args: Args, out: &mut Out) -> CommandResult {
    let game = Game::from_number(args.game).expect("clap checks 1..=5");
    if let (Some(a), Some(b)) = (&args.stones_file, &args.values_b_file) {
        if is_stdin(a) && is_stdin(b) {
            return Err(CliError::Input(
                "--stones-file and --values-b-file cannot both read standard input".into(),
            ));
        }
    }
    let a = values(
        args.stones.as_deref(),
        "--stones",
        args.stones_file.as_deref(),
        "--stones-file",
    )?
    .expect("clap requires --stones or --stones-file");
    let b = values(
        args.values_b.as_deref(),
        "--values-b",
        args.values_b_file.as_deref(),
        "--values-b-file",
    )?;
    let stones = match (game, b) {
        (Game::AnyStoneTwoValues, Some(b)) => Stones::two_valued(a, b),
        (Game::AnyStoneTwoValues, None) => {
            return Err(CliError::Input(
                "game 5 needs --values-b (or --values-b-file), B's values of the stones".into(),
            ))
        }
        (_, Some(_)) => {
            return Err(CliError::Input(format!(
                "--values-b is only for game 5; game {} values stones the same for both players",
                args.game
            )))
        }
        (_, None) => Stones::one_valued(a),
    }
    .map_err(|e| CliError::Input(e.to_string()))?;
    let result = match args.solver.get() {
        Solver::Naive => naive::solve(game, &stones)
            .map_err(|e| CliError::Input(format!("{e}; use --solver optimized")))?,
        Solver::Optimized => {
            optimized::solve(game, &stones).map_err(|e| CliError::Input(e.to_string()))?
        }
    };
    let winner = result.winner().to_string();
    if args.output.json {
        out.json(&json!({
            "game": args.game,
            "diff": result.diff,
            "first": result.first,
            "second": result.second,
            "winner": winner,
        }))?;
    } else {
        writeln!(
            out,
            "game {}: first (A) {} – second (B) {}, difference {:+}; winner: {}",
            args.game, result.first, result.second, result.diff, winner
        )?;
    }
    Ok(true)
}
