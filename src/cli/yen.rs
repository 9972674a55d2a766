//! `solved-games yen`: play matches and tournaments through the referee
//! (this file), and solve scaled games exactly (`yen_solve.rs`).

use super::{yen_solve, CliError, Outcome};
use clap::Subcommand;

/// Options of `solved-games yen`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: YenCommand,
}

#[derive(Subcommand)]
enum YenCommand {
    /// Solve a scaled game exactly: value and an equilibrium first-round strategy.
    Solve(yen_solve::SolveArgs),
    /// Exact maximum win probability against a built-in player.
    BestResponse(yen_solve::BestResponseArgs),
}

pub fn run(args: Args) -> Outcome {
    match args.command {
        YenCommand::Solve(a) => yen_solve::run_solve(a),
        YenCommand::BestResponse(a) => yen_solve::run_best_response(a),
    }
}

#[allow(dead_code)]
fn placeholder() -> CliError {
    CliError::Input("the yen referee is not implemented yet".into())
}
