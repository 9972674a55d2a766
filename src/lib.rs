//! # solved-games
//!
//! The verified reference implementation of five games solved in published
//! documents. Every game is solved twice — by a naive exhaustive search written
//! for obviousness and by an optimized solver written for speed — and every
//! number the documents print is recomputed by [`claims`], the registry that
//! both `solved-games reproduce` and the test suite read.
//!
//! | game | module | document | naive solver | optimized solver |
//! |---|---|---|---|---|
//! | three-pile Nim (三山崩し) | [`games::nim`] | 002, Iwase §38 | recursive search over moves | induction in index order (§38.17) |
//! | stone-taking score games 1–5 | [`games::stones`] | 001, Qiita article | full minimax tree / subsets | interval, suffix and (i, M) DP; greedy |
//! | Memory game with a special pair | [`games::memory`] | 004, Sakamoto & Shinoda | explicit row of cards | exact recurrences f, g (§2.1) |
//! | 4×4 Mini-Geister | [`games::geister`] | 003, Tanaka & Takaoka | repeated full sweeps | retrograde engine [`solve::retrograde`] |
//! | 10,000-yen bidding game | [`games::yen`] | 000, Nakano | recursion over bet histories + exact kernel enumeration per round | DP over compressed states + exact LP [`solve::matrix_game`] |
//!
//! Conventions shared by all games are in [`core`]; exact-arithmetic helpers
//! in [`solve::exact`]. [`report`] writes a run of the registry as the JSON,
//! HTML page and JUnit XML of `reproduce`. SPEC.md in the repository is the contract: rules as
//! implemented, every interpretation, complexities, published values, errata.

#![warn(missing_docs)]

pub mod claims;
pub mod core;
pub mod games;
pub mod progress;
pub mod report;
pub mod solve;
