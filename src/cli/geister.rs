//! `solved-games geister` (placeholder until the game lands).

use super::{CliError, Outcome};

/// Options of `solved-games geister`.
#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> Outcome {
    Err(CliError::Input(
        "the geister game is not implemented yet".into(),
    ))
}
