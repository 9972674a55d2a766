//! `solved-games yen` (placeholder until the game lands).

use super::{CliError, Outcome};

/// Options of `solved-games yen`.
#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> Outcome {
    Err(CliError::Input(
        "the yen game is not implemented yet".into(),
    ))
}
