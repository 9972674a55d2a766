//! Published claims of the `yen` game.

use super::Claim;

/// The registry rows for this game, in document order.
pub(super) const CLAIMS: &[Claim] = &[];
