//! The 10,000-yen bidding game (1万円ゲーム), document 000 (Nakano, Hiroshima
//! University), generalised to T yen over R rounds.
//!
//! Each player holds T yen (default 10,000) and bets it over R rounds
//! (default 10): bets are integers ≥ 0 and each player's bets sum to exactly T.
//! In each round the *lower* bet takes both bets; equal bets are returned
//! (§2). Both players see all earlier bets. After R rounds the player holding
//! more money wins the match; equal money is a draw.
//!
//! - [`rules`]: parameters, bet validation, round settlement, match result,
//!   and the compressed [`rules::State`] between rounds with its transition.
//! - [`players`]: the built-in players of §3 (Listings 1–3).
//! - [`referee`]: series of matches, forfeits, Listing 4's transcript.
//! - [`external`]: player programs over pipes (§2, Fig. 1).
//! - [`tournament`]: player names, round robins, standings, 95% intervals.
//! - [`log`]: the referee's JSON-lines log: whole lines, run headers, resume.
//! - [`naive`] / [`optimized`]: exact equilibria of scaled games (recursion
//!   over bet histories / DP over compressed states).
//! - [`best_response`]: exact best responses to the document's players.
//! - [`rules_audit`]: `State::bets` and `State::decided` against a brute
//!   force of §2 on every state of small matches.
//! - [`gambit`]: the match and its stage games in Gambit's `.efg` / `.nfg`
//!   formats, for Gambit and OpenSpiel to check; [`gambit_read`] reads them
//!   back and solves them with the exact LP.

pub mod best_response;
pub mod face;
pub mod gambit;
pub mod gambit_read;
pub mod naive;
pub mod optimized;
pub mod referee;
pub mod rules;
pub mod rules_audit;

// The referee's wing (document 000 §2): its files live in `referee/`; the
// old paths (`yen::players`, …) stay as re-exports so callers need not move.
#[cfg(feature = "referee")]
pub use referee::external;
pub use referee::{log, players, tournament};
