//! Bouton's rule (1901): a Nim position is losing exactly when the XOR of its
//! pile sizes is zero. Not in document 002 — which asks the student to find
//! "a rule in the everyday sense" from the table (§38.22) — and so never used
//! by either solver: it is a third, independent oracle for tests and claims.

use super::Position;

/// The nim-sum: XOR of all piles.
#[must_use]
pub fn nim_sum(position: &Position) -> u32 {
    position.piles().iter().fold(0, |acc, &p| acc ^ p)
}

/// Whether the side to move loses, by Bouton's rule.
///
/// # Examples
/// ```
/// use solved_games_reference::games::nim::{bouton, Position};
/// assert!(bouton::is_losing(&"123".parse::<Position>().unwrap()));
/// assert!(!bouton::is_losing(&"735".parse::<Position>().unwrap()));
/// ```
#[must_use]
pub fn is_losing(position: &Position) -> bool {
    nim_sum(position) == 0
}
