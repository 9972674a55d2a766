//! # solved-games-yen-certified
//!
//! A wing of solved-games: the 10,000-yen bidding game of document 000
//! (Nakano, 「1万円ゲームについて」) at the paper's scale, where the exact
//! DP of the reference crate cannot go. Every state of every game with
//! T ≤ 100 units of 100 yen at R = 10 rounds (and T ≤ 200 units of 50 yen)
//! gets a rigorous interval for its value: stage games are solved in `f64`
//! by a double oracle over a growing LP, and each float strategy is then
//! judged against every reply with directed rounding, so the interval
//! contains the exact value whatever the floats did.
//!
//! | module | what |
//! |---|---|
//! | [`yen::certified`] | the certified solver: a table of intervals for every state |
//! | [`yen::certificate`], [`yen::certificate_check`] | the table's strategies in a file, and a verifier written apart from the solver |
//! | [`yen::checkpoint`] | runs that survive being stopped (`--resume`) |
//! | [`solve::growing`], [`solve::wide`] | the growing game of the double oracle and the LPs' inner loops, compiled for AVX2 as well and chosen at run time (the same bits either way) |
//! | [`table`] | the `yen-certified` table file (`export`, `check-table`) |
//! | [`claims`] | YEN-107..110, YEN-113, YEN-116 (and YEN-114/115 from a certificate), computed, not from the document |
//!
//! The game's rules, its exact DP and its naive recursion are the
//! reference's (`solved_games_reference::games::yen`); this crate depends on
//! the reference and never the reverse. Its only `unsafe` is in
//! [`solve::wide`]: the AVX2 kernels, behind a safe API whose results are
//! the plain kernels' bits (tested). SPEC.md in this crate is the wing's
//! contract.
//!
//! # Examples
//! ```
//! use solved_games_reference::games::yen::rules::{Rules, State};
//! use solved_games_reference::progress::Silent;
//! use solved_games_yen_certified::yen::certified::Certified;
//! let table = Certified::solve(10, 10, &Silent);
//! let start = table.stage(State::start(Rules { total: 10, rounds: 10 }));
//! assert!(start.interval.contains(0.0)); // neither player has an edge
//! ```

#![warn(missing_docs)]

pub mod claims;
#[cfg(feature = "plot")]
pub mod figures;
pub mod solve;
pub mod table;
pub mod yen;
