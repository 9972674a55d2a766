//! 4×4 Mini-Geister, document 003: Tanaka & Takaoka,
//! 「ミニガイスターのナッシュ均衡戦略」.
//!
//! **Rules** (§1). Player 1 starts on b1, c1 and escapes from a4, d4;
//! player 2 starts on b4, c4 and escapes from a1, d1. Each has one blue and
//! one red piece, colours hidden from the opponent. A move steps one piece
//! to an orthogonal neighbour not held by the mover; entering an opponent's
//! square captures it (a red capture loses, a blue one wins); a blue piece on
//! one of its escape squares may leave the board and win.
//!
//! **Analyses.** Everything is seen from player 1 ("us", §3): a position is
//! (side to move, player 1's pieces, player 2's pieces), and a retrograde
//! analysis tells, for a goal of player 1, whether it is reached in finitely
//! many moves (+1), prevented in finitely many (−1), or neither (0), with
//! the distance (手数). [`analysis`] states each analysis's goal; see
//! SPEC.md for the sentence of the paper each rule rests on.
//!
//! **Solvers.**
//! - [`optimized`]: the generic retrograde engine
//!   [`crate::solve::retrograde`], linear in the edges, over a perfect
//!   index of the positions ([`optimized::Space`]; `index.rs`).
//! - [`naive`]: repeated full sweeps over a hash map of positions
//!   (depth-bounded value iteration) until nothing changes.
//!
//! # Examples
//! ```
//! use solved_games_reference::games::geister::{analysis::Kind, optimized, report::Census};
//! let report = Census::of(&optimized::solve(Kind::Basic));
//! assert_eq!(report.states, 21_840);
//! assert_eq!(report.values[0], 12_339);
//! ```

pub mod analysis;
pub mod bracket;
pub mod face;
mod index;
pub mod mirror;
pub mod naive;
pub mod optimized;
pub mod play;
pub mod report;
pub mod rules;
pub mod solved;
pub mod svg;
pub mod symmetry;
