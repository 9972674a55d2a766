//! The certified 10,000-yen table (document 000 §4 at the paper's scale):
//! the solver, its certificate files and their verifier, checkpoints, and
//! the table's SVG figures. The game's rules, its exact DP and its naive
//! recursion are the reference's (`solved_games_reference::games::yen`).
//!
//! - [`certified`]: certified float values at the paper's scale (T = 100
//!   units, R = 10): every value in a rigorous interval.
//! - [`certificate`] / [`certificate_check`]: the certified table's
//!   strategies in a file, and their verifier (independent of the solver).
//! - [`checkpoint`]: a certified run that survives being stopped.
//! - [`svg`]: A's optimal first-round bets drawn from a certified table.

pub mod certificate;
pub mod certificate_check;
pub mod certified;
pub mod checkpoint;
#[cfg(feature = "plot")]
pub mod svg;
