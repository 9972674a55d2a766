//! `solved-games memory` (placeholder until the game lands).

use super::{CliError, Outcome};

/// Options of `solved-games memory`.
#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> Outcome {
    Err(CliError::Input(
        "the memory game is not implemented yet".into(),
    ))
}
