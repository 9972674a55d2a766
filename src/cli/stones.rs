//! `solved-games stones` (placeholder until the game lands).

use super::{CliError, Outcome};

/// Options of `solved-games stones`.
#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> Outcome {
    Err(CliError::Input(
        "the stones game is not implemented yet".into(),
    ))
}
