//! §4 item 3 of document 004, bounded memory: "不完全な記憶力の設定方法も
//! 「記憶できる枚数が有限」「記憶できる時間が有限」など様々な場合が考えられる".
//! Read as **a memory of the last M cards turned, common and deterministic**
//! (SPEC.md "Memory variants" → "Bounded memory M"):
//!
//! - Both players remember exactly the same cards: of the cards still on the
//!   table, the M turned most recently (a least-recently-turned list; a turn
//!   turns its first card, then its second, and at the end of the turn the
//!   first and then the second become the most recent, the oldest beyond M
//!   forgotten; a card turned again moves to the front; taken cards leave).
//!   While choosing the second card the mover sees the first card, face up.
//! - A card not remembered is like one never seen: turning it shows a number
//!   with probability (its cards not remembered) / (cards not remembered).
//! - Taking a pair goes on (R3); the 1s win (R4); a *pass* (two remembered
//!   cards of different numbers) refreshes both; two passes in a row end the
//!   game drawn, and a game that never ends is a draw (R5).
//! - M = 0 is §4's zero-memory game, M ≥ 2N the paper's (§2.1's f).
//!
//! A state between turns is n (pairs on the table), the remembered cards'
//! **pattern** from the oldest to the newest (which of them are the 1, and
//! which show equal numbers: labels `a`, `b`, … by first appearance), and
//! whether the opponent's last turn was a pass. It is written
//! `n=4 [a 1 b a]` (` after a pass` added); [`notation`] is the one thing
//! the two solvers share.
//!
//! [`optimized`] solves each layer n (a cyclic stochastic game, since
//! forgetting makes states recur) exactly with `solve::stochastic_game`;
//! [`naive`] plays the explicit row of cards with its own model and its own
//! exact solution of the cycles.

/// The largest N (pairs) the solvers take: every start N ≤ 12 with every
/// M ≤ [`MAX_MEMORY`] in a few seconds of CPU (SPEC.md, "Bounded memory
/// M"); the claims cover the whole range and the CLI refuses beyond it.
pub const MAX_PAIRS: usize = 12;
/// The largest memory M: beyond it the ordered patterns grow past a few
/// thousand per layer; M ≥ 2N is the paper's game (`--variant paper`).
pub const MAX_MEMORY: usize = 6;

pub mod naive;
pub mod optimized;

/// The token of the 1 in a pattern; other numbers are 1, 2, … by first
/// appearance from the oldest card.
pub const ONE: u8 = 0;

/// The name of a state: `n=4 [a 1 b a]`, ` after a pass` when the opponent
/// has just passed. `tokens` are oldest first: [`ONE`] for a 1, `k ≥ 1` for
/// the k-th other number to appear.
#[must_use]
pub fn notation(n: usize, tokens: &[u8], passed: bool) -> String {
    let cards: Vec<String> = tokens
        .iter()
        .map(|&t| {
            if t == ONE {
                "1".to_string()
            } else {
                char::from(b'a' + (t - 1) % 26).to_string()
            }
        })
        .collect();
    format!(
        "n={n} [{}]{}",
        cards.join(" "),
        if passed { " after a pass" } else { "" }
    )
}
