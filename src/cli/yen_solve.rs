//! `solved-games yen solve` and `yen best-response` (placeholder until they land).

use super::{CliError, Outcome};

/// Options of `solved-games yen solve`.
#[derive(clap::Args)]
pub struct SolveArgs {}

/// Options of `solved-games yen best-response`.
#[derive(clap::Args)]
pub struct BestResponseArgs {}

pub fn run_solve(_args: SolveArgs) -> Outcome {
    Err(CliError::Input("yen solve is not implemented yet".into()))
}

pub fn run_best_response(_args: BestResponseArgs) -> Outcome {
    Err(CliError::Input(
        "yen best-response is not implemented yet".into(),
    ))
}
