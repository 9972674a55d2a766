//! The naive Nim solver: the hand argument of §38.8–38.13 (document 002),
//! mechanised. A position is winning when some move leads to a losing
//! position (§38.7). The search remembers positions it has already decided,
//! so a question about three piles of ≤ 9 stones visits each of the 1000
//! positions once; it knows nothing of index orders or nim-sums.

use std::collections::HashMap;

use super::{Move, Position};

/// Exhaustive game-tree search with a memo of decided positions.
#[derive(Default)]
pub struct Search {
    decided: HashMap<Position, bool>,
}

impl Search {
    /// A search with nothing decided yet.
    #[must_use]
    pub fn new() -> Search {
        Search::default()
    }

    /// Whether the side to move at `position` loses against best play.
    pub fn is_losing(&mut self, position: &Position) -> bool {
        if let Some(&known) = self.decided.get(position) {
            return known;
        }
        let losing = !position
            .moves()
            .into_iter()
            .any(|mv| self.is_losing(&position.play(mv)));
        self.decided.insert(position.clone(), losing);
        losing
    }

    /// Every move from `position` to a losing position (empty when
    /// `position` is itself losing): the arrows of §38.8.
    pub fn winning_moves(&mut self, position: &Position) -> Vec<Move> {
        position
            .moves()
            .into_iter()
            .filter(|&mv| self.is_losing(&position.play(mv)))
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
