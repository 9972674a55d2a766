//! §5's top–bottom mirror strategy of player 2, checked on the naive board.
//!
//! 「プレイヤ 2 は直前のプレイヤー 1 の駒移動を上下反転させた動きをおこなう。その結果、
//! プレイヤー 1 の手番で盤面が上下鏡像対称になっている。」 Player 2 draws its colours at
//! random and answers every move of player 1 with the same move mirrored top
//! to bottom. The argument needs, at every position the strategy reaches
//! with player 1 to move: the board is symmetric; no piece of player 1
//! stands on an escape square; each plain step of player 1 has exactly one
//! plain answer of player 2 that makes the board symmetric again; and each
//! capture player 1 can make takes the mirror image of the capturing piece
//! (whose colour player 2 drew independently of the play: average 0).

use super::board::{Player, Position, Square};
use std::collections::HashSet;

/// What the search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MirrorCheck {
    /// Positions with player 1 to move that the strategy reaches.
    pub positions: usize,
    /// Captures player 1 can make at those positions.
    pub captures: usize,
    /// The first position where the argument fails, and why.
    pub counterexample: Option<String>,
}

/// The square mirrored top to bottom (rank 1 ↔ rank 4).
fn mirrored(square: Square) -> Square {
    Square {
        file: square.file,
        rank: 3 - square.rank,
    }
}

/// Whether player 2's pieces stand exactly on the mirror images of player
/// 1's.
fn symmetric(p: &Position) -> bool {
    let mut ones: Vec<Square> = p
        .pieces_of(Player::One)
        .into_iter()
        .map(|(s, _)| mirrored(s))
        .collect();
    let mut twos: Vec<Square> = p
        .pieces_of(Player::Two)
        .into_iter()
        .map(|(s, _)| s)
        .collect();
    ones.sort();
    twos.sort();
    ones == twos
}

/// Searches every position the strategy reaches from the start (b1, c1 vs
/// b4, c4, all purple, player 1 to move), depth first.
#[must_use]
pub fn check() -> MirrorCheck {
    let start: Position = "b1,c1/b4,c4 1".parse().expect("start notation");
    let mut seen = HashSet::new();
    let mut captures = 0;
    let mut stack = vec![start];
    while let Some(p) = stack.pop() {
        if !seen.insert(p) {
            continue;
        }
        let fail = |why: &str| MirrorCheck {
            positions: 0,
            captures: 0,
            counterexample: Some(format!("{p} ({why})")),
        };
        if !symmetric(&p) {
            return fail("not symmetric");
        }
        let escapes = Player::One.escape_squares();
        if p.pieces_of(Player::One)
            .iter()
            .any(|(s, _)| escapes.contains(s))
        {
            return fail("player 1 on an escape square");
        }
        for step in p.steps() {
            if step.captured.is_some() {
                if step.to != mirrored(step.from) {
                    return fail("a capture of another piece than the mirror image");
                }
                captures += 1;
                continue;
            }
            let after = p.after(step);
            let answers: Vec<Position> = after
                .steps()
                .into_iter()
                .filter(|a| a.captured.is_none())
                .map(|a| after.after(a))
                .filter(symmetric)
                .collect();
            match answers.as_slice() {
                [answer] => stack.push(*answer),
                _ => return fail("no single plain mirroring answer"),
            }
        }
    }
    MirrorCheck {
        positions: seen.len(),
        captures,
        counterexample: None,
    }
}

impl MirrorCheck {
    /// `holds`, or where it fails.
    #[must_use]
    pub fn verdict(&self) -> String {
        match &self.counterexample {
            None => "holds".to_string(),
            Some(p) => format!("fails at {p}"),
        }
    }
}
