//! Five stone-taking games (石取りゲーム), document 001: grouse324,
//! 「【競プロ】必勝法の無い石取りゲームはPythonにやらせよう」 (Qiita).
//!
//! Two players, A (first) and B (second), alternately take stones that carry
//! points; when the stones run out the higher total wins. Every game is solved
//! for the **score difference** (A minus B) under optimal play, the article's
//! 解法2 formulation: each player maximises its own lead.
//!
//! | Game | Move | Points for the mover |
//! |---|---|---|
//! | 1 | one stone from either end | the stone taken |
//! | 2 | one stone from either end | the sum of the stones left |
//! | 3 | 1–3 stones from the front | the stones taken |
//! | 4 | X stones from the front, 1 ≤ X ≤ 2M, then M = max(M, X), M = 1 at start | the stones taken |
//! | 5 | any one stone; A and B value stones differently | the mover's value of it |
//!
//! - [`naive`]: full minimax game trees, no memo (Game 5: every order of the
//!   stones), written for obviousness.
//! - [`optimized`]: interval DP (1, 2 with prefix sums), suffix DP (3), DP over
//!   (i, M) (4), the sort-by-(a+b) greedy (5).
//! - [`listings`]: the article's own listings as they compute (memoised
//!   解法1/解法2 recursions, slice sums, Game 1's A-score formulation), as
//!   printed and as corrected, for the statements the article makes about
//!   them.
//! - [`points`] and [`complexity`]: the optimized solvers and the listings
//!   compute in a generic [`points::Points`] type; on [`points::Counted`]
//!   points they count their own operations, and [`complexity::fit`] reads a
//!   growth class from the counts at a ladder of sizes.
//!
//! # Examples
//! ```
//! use solved_games_reference::games::stones::{optimized, Game, Stones};
//! let stones = Stones::one_valued(vec![1, 100, 2, 3]).unwrap();
//! let result = optimized::solve(Game::EitherEnd, &stones)?;
//! assert_eq!((result.first, result.second), (103, 3));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod complexity;
pub mod face;
pub mod listings;
pub mod naive;
pub mod optimized;
pub mod play;
pub mod points;
mod rules;

pub use rules::{Game, GameResult, SolveError, Stones, StonesError};
