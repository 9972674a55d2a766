//! `solved-games nim` (placeholder until the game lands).

use super::{CliError, Outcome};

/// Options of `solved-games nim`.
#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> Outcome {
    Err(CliError::Input(
        "the nim game is not implemented yet".into(),
    ))
}
