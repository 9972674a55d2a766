//! The game with both sides' colours public, for the guess gadgets (§4):
//! which side can force a win in finitely many moves from a board with
//! P1's red on `r1` and P2's red on `r2`.
//!
//! Rules (§1, §6): a blue on its own escape square may leave and wins;
//! capturing the opponent's last red loses, its last blue wins; P1's first
//! blue captured leaves phase 2; P2 has one piece of each colour, so any
//! capture of a P2 piece ends the play. 524,160 states in phase 3 and
//! 87,360 in phase 2; one attractor per side over both phases.

use crate::board::{squares, Board, Mask};

/// Index of a coloured board: `(board index × 4 + r1's rank in P1's set) ×
/// 2 + r2's rank in P2's set`, phase 2 after phase 3.
fn slot(b: &Board, r1: u8, r2: u8) -> usize {
    let l1 = (b.p1 & ((1u16 << r1) - 1)).count_ones() as usize;
    let l2 = (b.p2 & ((1u16 << r2) - 1)).count_ones() as usize;
    let base = if b.phase() == 3 {
        0
    } else {
        Board::slots(3) * 8
    };
    base + (b.index() * 4 + l1) * 2 + l2
}

fn total() -> usize {
    Board::slots(3) * 8 + Board::slots(2) * 8
}

/// Where a move leads in the coloured game.
enum Next {
    P1Wins,
    P2Wins,
    State(usize),
}

fn moves(b: &Board, r1: u8, r2: u8, mut f: impl FnMut(Next)) {
    if b.p1_to_move {
        if b.on_exits() & !(1 << r1) != 0 {
            f(Next::P1Wins);
        }
    } else if b.on_exits() & !(1 << r2) != 0 {
        f(Next::P2Wins);
    }
    b.for_each_step(|st| {
        if !st.capture {
            let (n1, n2) = if b.p1_to_move {
                (if r1 == st.from { st.to } else { r1 }, r2)
            } else {
                (r1, if r2 == st.from { st.to } else { r2 })
            };
            f(Next::State(slot(&b.play(st), n1, n2)));
        } else if b.p1_to_move {
            f(if st.to == r2 {
                Next::P2Wins
            } else {
                Next::P1Wins
            });
        } else if st.to == r1 {
            f(Next::P1Wins);
        } else if b.phase() == 2 {
            f(Next::P2Wins);
        } else {
            let n2 = if r2 == st.from { st.to } else { r2 };
            f(Next::State(slot(&b.play(st), r1, n2)));
        }
    });
}

/// Forced wins of both sides in the coloured game.
pub struct FullInfo {
    p1: Vec<bool>,
    p2: Vec<bool>,
}

impl FullInfo {
    /// Solves both phases.
    #[must_use]
    pub fn solve() -> FullInfo {
        let n = total();
        let mut states: Vec<(Board, u8, u8)> = Vec::new();
        for phase in [3, 2] {
            for b in Board::all(phase) {
                for r1 in squares(b.p1) {
                    for r2 in squares(b.p2) {
                        states.push((b, r1, r2));
                    }
                }
            }
        }
        // Edges between states; immediate wins counted per state.
        let mut succ_count = vec![0u32; n];
        let mut wins = vec![[false; 2]; n];
        let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
        for &(b, r1, r2) in &states {
            let s = slot(&b, r1, r2);
            moves(&b, r1, r2, |m| match m {
                Next::P1Wins => wins[s][0] = true,
                Next::P2Wins => wins[s][1] = true,
                Next::State(t) => {
                    succ_count[s] += 1;
                    preds[t].push(s as u32);
                }
            });
        }
        let attractor = |side: usize| -> Vec<bool> {
            let mut won = vec![false; n];
            let mut pending = vec![0u32; n];
            let mut queue = Vec::new();
            for &(b, r1, r2) in &states {
                let s = slot(&b, r1, r2);
                let mover = usize::from(!b.p1_to_move);
                if mover == side {
                    if wins[s][side] {
                        won[s] = true;
                        queue.push(s);
                    }
                } else if !wins[s][1 - side] {
                    // The defender must have no escape from the attractor:
                    // no immediate win of its own, every move attracted.
                    // A move that ends in the attacker's win counts as
                    // attracted already.
                    pending[s] = succ_count[s];
                    if pending[s] == 0 {
                        won[s] = true;
                        queue.push(s);
                    }
                } else {
                    pending[s] = u32::MAX;
                }
            }
            while let Some(t) = queue.pop() {
                for &p in &preds[t] {
                    let p = p as usize;
                    if won[p] {
                        continue;
                    }
                    let mover = usize::from(!p1_to_move(p));
                    if mover == side {
                        won[p] = true;
                        queue.push(p);
                    } else if pending[p] != u32::MAX {
                        pending[p] -= 1;
                        if pending[p] == 0 {
                            won[p] = true;
                            queue.push(p);
                        }
                    }
                }
            }
            won
        };
        FullInfo {
            p1: attractor(0),
            p2: attractor(1),
        }
    }

    /// Whether P1 forces a win from `b` with the reds on `r1` and `r2`.
    #[must_use]
    pub fn p1_wins(&self, b: &Board, r1: u8, r2: u8) -> bool {
        self.p1[slot(b, r1, r2)]
    }

    /// Whether P2 forces a win.
    #[must_use]
    pub fn p2_wins(&self, b: &Board, r1: u8, r2: u8) -> bool {
        self.p2[slot(b, r1, r2)]
    }

    /// P1's guess gadget at `b` (P1 to move) for the block `block` of P1's
    /// candidate reds against P2's candidates `reds2`: every pair forced.
    #[must_use]
    pub fn p1_gadget(&self, b: &Board, block: Mask, reds2: Mask) -> bool {
        squares(block).all(|r1| squares(reds2).all(|r2| self.p1_wins(b, r1, r2)))
    }

    /// P2's guess gadget at `b` (P2 to move) for its block `block` against
    /// P1's candidates `reds1`.
    #[must_use]
    pub fn p2_gadget(&self, b: &Board, block: Mask, reds1: Mask) -> bool {
        squares(block).all(|r2| squares(reds1).all(|r1| self.p2_wins(b, r1, r2)))
    }
}

/// Whether P1 is to move in the state of slot `s` (the side is the lowest
/// bit of the board index, bit 3 of the slot in both phases).
fn p1_to_move(s: usize) -> bool {
    (s >> 3) & 1 == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_escape_is_a_forced_win() {
        let fi = FullInfo::solve();
        // P1's blue on a4, to move: wins at once; P2 cannot force a win.
        let b = Board {
            p1: (1 << 12) | (1 << 1) | (1 << 2),
            p2: (1 << 9) | (1 << 10),
            p1_to_move: true,
        };
        assert!(fi.p1_wins(&b, 1, 9));
        assert!(!fi.p2_wins(&b, 1, 9));
        // P2 to move with its blue on a1 wins at once.
        let b = Board {
            p1: (1 << 5) | (1 << 6) | (1 << 7),
            p2: 1 | (1 << 15),
            p1_to_move: false,
        };
        assert!(fi.p2_wins(&b, 5, 15));
        assert!(!fi.p1_wins(&b, 5, 15));
    }
}
