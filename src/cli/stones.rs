//! `solved-games stones`: solve one of the five stone games of document 001.

use serde_json::json;

use super::{print_json, CliError, Outcome};
use solved_games::games::stones::{naive, optimized, Game, Stones};

/// Largest row the naive solver is allowed (its trees grow exponentially).
const NAIVE_LIMIT: usize = 16;
/// Largest row for Game 5's naive solver (every order of the stones).
const NAIVE_LIMIT_GAME5: usize = 9;
/// Largest row for the O(n²)-space and O(n³)-time tables.
const TABLE_LIMIT: usize = 20_000;

/// Which solver answers.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum Solver {
    /// Full minimax game tree without memoisation.
    Naive,
    /// DP / greedy.
    Optimized,
}

/// Options of `solved-games stones`.
#[derive(clap::Args)]
pub struct Args {
    /// Game number 1–5 of the article.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=5))]
    game: u8,
    /// Stone values in row order (A's values in Game 5), comma-separated.
    #[arg(long)]
    stones: String,
    /// Game 5 only: B's values of the same stones.
    #[arg(long)]
    values_b: Option<String>,
    /// Solver to use.
    #[arg(long, value_enum, default_value = "optimized")]
    solver: Solver,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

fn parse_list(flag: &str, text: &str) -> Result<Vec<i64>, CliError> {
    if text.trim().is_empty() {
        return Err(CliError::Input(format!(
            "{flag} is empty: give at least one stone value"
        )));
    }
    text.split(',')
        .map(|part| {
            part.trim().parse::<i64>().map_err(|_| {
                CliError::Input(format!(
                    "{flag}: `{}` is not an integer stone value",
                    part.trim()
                ))
            })
        })
        .collect()
}

pub fn run(args: Args) -> Outcome {
    let game = Game::from_number(args.game).expect("clap checks 1..=5");
    let a = parse_list("--stones", &args.stones)?;
    let stones = match (game, &args.values_b) {
        (Game::AnyStoneTwoValues, Some(b)) => Stones::two_valued(a, parse_list("--values-b", b)?),
        (Game::AnyStoneTwoValues, None) => {
            return Err(CliError::Input(
                "game 5 needs --values-b, B's values of the stones".into(),
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
    let result = match args.solver {
        Solver::Naive => {
            let limit = if game == Game::AnyStoneTwoValues {
                NAIVE_LIMIT_GAME5
            } else {
                NAIVE_LIMIT
            };
            if stones.len() > limit {
                return Err(CliError::Input(format!(
                    "{} stones are too many for the naive solver of game {} (at most {limit}); use --solver optimized",
                    stones.len(),
                    args.game
                )));
            }
            naive::solve(game, &stones)
        }
        Solver::Optimized => {
            let limit = match game {
                Game::FrontDoubling => 1_000,
                Game::EitherEndRemainder => 5_000,
                _ => TABLE_LIMIT,
            };
            if stones.len() > limit
                && !matches!(game, Game::FrontUpToThree | Game::AnyStoneTwoValues)
            {
                return Err(CliError::Input(format!(
                    "{} stones are too many for game {}'s table (at most {limit})",
                    stones.len(),
                    args.game
                )));
            }
            optimized::solve(game, &stones).map_err(CliError::Input)?
        }
    };
    let winner = result.winner().as_str();
    if args.json {
        print_json(&json!({
            "game": args.game,
            "diff": result.diff,
            "first": result.first,
            "second": result.second,
            "winner": winner,
        }))?;
    } else {
        println!(
            "game {}: first (A) {} – second (B) {}, difference {:+}; winner: {}",
            args.game, result.first, result.second, result.diff, winner
        );
    }
    Ok(true)
}
