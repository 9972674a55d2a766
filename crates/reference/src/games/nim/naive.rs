//! The naive Nim solver: the hand argument of §38.8–38.13 (document 002),
//! mechanised. A position is winning when some move leads to a losing
//! position (§38.7). The search remembers positions it has already decided,
//! so a question about three piles of ≤ 9 stones visits each of the 1000
//! positions once; it knows nothing of index orders or nim-sums.
//!
//! It reads the rules from §38.2 itself ("一つの山から一個以上の石を取る":
//! take one or more stones from one pile) and generates its own moves on a
//! plain list of pile sizes; from `rules.rs` it uses only the notation (the
//! piles of a [`Position`] and the [`Move`] record it reports), so a bug in
//! the optimized side's move generator shows up as a disagreement.

use std::collections::HashMap;

use super::{Move, Position};

/// Exhaustive game-tree search with a memo of decided positions.
#[derive(Default)]
pub struct Search {
    decided: HashMap<Vec<u32>, bool>,
}

/// Every position one move from `piles`, with the move: for each pile, each
/// number of stones from one to all of them (§38.2).
fn children(piles: &[u32]) -> Vec<(Move, Vec<u32>)> {
    let mut out = Vec::new();
    for (pile, &stones) in piles.iter().enumerate() {
        for take in 1..=stones {
            let mut next = piles.to_vec();
            next[pile] = stones - take;
            out.push((Move { pile, take }, next));
        }
    }
    out
}

impl Search {
    /// A search with nothing decided yet.
    #[must_use]
    pub fn new() -> Search {
        Search::default()
    }

    /// Whether the side to move at `position` loses against best play.
    pub fn is_losing(&mut self, position: &Position) -> bool {
        self.losing(position.piles())
    }

    /// §38.5/§38.7: no stones left is lost (no move exists); otherwise lost
    /// exactly when every move leads to a position won for the opponent.
    fn losing(&mut self, piles: &[u32]) -> bool {
        if let Some(&known) = self.decided.get(piles) {
            return known;
        }
        let losing = !children(piles)
            .into_iter()
            .any(|(_, next)| self.losing(&next));
        self.decided.insert(piles.to_vec(), losing);
        losing
    }

    /// Every move from `position` to a losing position (empty when
    /// `position` is itself losing): the arrows of §38.8.
    pub fn winning_moves(&mut self, position: &Position) -> Vec<Move> {
        children(position.piles())
            .into_iter()
            .filter(|(_, next)| self.losing(next))
            .map(|(mv, _)| mv)
            .collect()
    }
}

/// Whether the side to move at `position` loses (a fresh search).
#[must_use]
pub fn is_losing(position: &Position) -> bool {
    Search::new().is_losing(position)
}

/// Every winning move from `position` (a fresh search).
#[must_use]
pub fn winning_moves(position: &Position) -> Vec<Move> {
    Search::new().winning_moves(position)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The moves are §38.2's, counted by hand: from "735", 7 + 3 + 5 moves,
    /// the first taking one stone from the first pile.
    #[test]
    fn every_move_of_735_is_generated() {
        let moves = children(&[7, 3, 5]);
        assert_eq!(moves.len(), 15);
        assert_eq!(moves[0], (Move { pile: 0, take: 1 }, vec![6, 3, 5]));
        assert_eq!(moves[14], (Move { pile: 2, take: 5 }, vec![7, 3, 0]));
        assert!(children(&[0, 0, 0]).is_empty());
    }
}
