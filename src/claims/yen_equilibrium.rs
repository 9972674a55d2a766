//! Published claims of the 10,000-yen game about exact equilibria and best
//! responses of scaled games (the referee's claims are in `yen.rs`).

use super::Claim;

/// The registry rows for the equilibrium analysis.
pub(super) const CLAIMS: &[Claim] = &[];
