//! §5's vertical-mirror strategy of player 2, checked exhaustively.
//!
//! Player 2 places its colours at random and then answers every move of
//! player 1 with the same move mirrored top to bottom, never looking at its
//! colours. The paper's argument: with player 1 to move the board is then
//! always mirror-symmetric, so a player 1 piece stepping from rank 2 to
//! rank 3 must capture (its mirror image stands there), player 1 can never
//! reach an escape square, and every capture player 1 makes takes a piece
//! whose colour is independent of the play, averaging 0. Player 2 never
//! captures or escapes either. So player 2's average gain is ≥ 0 when
//! endless play counts 0.
//!
//! [`check`] verifies each step of that argument on every position the
//! strategy can reach from the start position (player 1 to move), by a
//! breadth-first search over player 1's moves; [`check_naive`] does the same
//! by a recursive search that finds player 2's answer among all its moves
//! instead of computing it.

use super::rules::{escapes, mirror_square, Colour, Position, Step};
use crate::core::Player;
use std::collections::{HashSet, VecDeque};

/// What the search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MirrorCheck {
    /// Player 1-to-move positions the strategy can reach.
    pub positions: usize,
    /// Player 1 moves that capture (they end the game, average 0).
    pub captures: usize,
    /// The first position where the argument fails, if any.
    pub counterexample: Option<String>,
}

impl MirrorCheck {
    /// `holds` or the failing position.
    #[must_use]
    pub fn verdict(&self) -> String {
        match &self.counterexample {
            None => "holds".to_string(),
            Some(p) => format!("fails at {p}"),
        }
    }
}

/// Whether player 2's pieces are the mirror image of player 1's.
fn symmetric(p: &Position) -> bool {
    p.p2.all() == super::rules::mirror_set(p.p1.all())
}

/// Breadth-first search over the positions the mirror strategy reaches.
#[must_use]
pub fn check() -> MirrorCheck {
    let start = Position::initial(Player::First);
    let mut seen = HashSet::from([start]);
    let mut queue = VecDeque::from([start]);
    let mut captures = 0;
    while let Some(p) = queue.pop_front() {
        let fail = |why: &str| MirrorCheck {
            positions: 0,
            captures: 0,
            counterexample: Some(format!("{p} ({why})")),
        };
        if !symmetric(&p) {
            return fail("not symmetric");
        }
        if p.p1.all() & escapes(Player::First) != 0 {
            return fail("player 1 on an escape square");
        }
        for s in p.steps() {
            if s.captured.is_some() {
                // The captured piece must be the moving piece's mirror image.
                if s.to != mirror_square(s.from) {
                    return fail("capture of another piece");
                }
                captures += 1;
                continue;
            }
            let after = p.play(s);
            let answer = Step {
                from: mirror_square(s.from),
                to: mirror_square(s.to),
                colour: Colour::Purple,
                captured: None,
            };
            if after.p2.all() & (1 << answer.from) == 0 || after.p1.all() & (1 << answer.to) != 0 {
                return fail("the mirrored answer is not a plain step");
            }
            let q = after.play(answer);
            if seen.insert(q) {
                queue.push_back(q);
            }
        }
    }
    MirrorCheck {
        positions: seen.len(),
        captures,
        counterexample: None,
    }
}

/// The same check by recursive search: player 2's answer is looked for
/// among all its moves (the one that leaves the board symmetric).
#[must_use]
pub fn check_naive() -> MirrorCheck {
    fn visit(p: Position, seen: &mut HashSet<Position>, captures: &mut usize) -> Option<String> {
        if !seen.insert(p) {
            return None;
        }
        if p.p1.all() & escapes(Player::First) != 0 {
            return Some(format!("{p} (player 1 on an escape square)"));
        }
        for s in p.steps() {
            let after = p.play(s);
            if s.captured.is_some() {
                if s.to != mirror_square(s.from) {
                    return Some(format!("{p} (capture of another piece)"));
                }
                *captures += 1;
                continue;
            }
            let answers: Vec<Position> = after
                .steps()
                .into_iter()
                .filter(|a| a.captured.is_none())
                .map(|a| after.play(a))
                .filter(|q| q.p2.all() == after.p1.mirrored().all())
                .collect();
            match answers.as_slice() {
                [q] => {
                    if let Some(e) = visit(*q, seen, captures) {
                        return Some(e);
                    }
                }
                _ => return Some(format!("{after} (no single mirroring answer)")),
            }
        }
        None
    }
    let mut seen = HashSet::new();
    let mut captures = 0;
    let counterexample = visit(Position::initial(Player::First), &mut seen, &mut captures);
    MirrorCheck {
        positions: seen.len(),
        captures,
        counterexample,
    }
}
