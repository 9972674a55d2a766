//! Published claims of the `geister` game.

use super::Claim;

/// The registry rows for this game, in document order.
pub(super) const CLAIMS: &[Claim] = &[];
