//! # solved-games-reference
//!
//! The reference crate of solved-games: five games solved in published
//! documents, as the documents state them. Every game is solved twice — by a naive exhaustive search written
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
//!
//! # Using the library
//! The types a researcher reaches for first are re-exported at the root
//! (below); every game's module keeps its full API. Long computations take a
//! [`Progress`] ([`Silent`] for none). Values that are probabilities or
//! expectations are exact [`num_rational::BigRational`]s.
//!
//! **Cargo features**, both on by default: `plot` (the SVG figures and
//! the HTML page of `reproduce --html`) and `referee` (programs over pipes:
//! the 10,000-yen referee's players and `check`'s solvers, Unix only). A
//! library user who wants neither writes
//! `solved-games-reference = { version = "0.1", default-features = false }`.
//! The command line and the wings (work beyond the documents) live in other
//! crates of the workspace, which depend on this one; this crate names none
//! of them.
//!
//! **Nim** (document 002): the position table by induction against the naive
//! search.
//! ```
//! use solved_games_reference::nim;
//! let table = nim::optimized::Table::build(3, 9);
//! let p: nim::Position = "123".parse()?;
//! assert!(table.is_losing(&p) && nim::naive::is_losing(&p)); // 1 ⊕ 2 ⊕ 3 = 0
//! assert_eq!(table.losing_count(), 76);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Stone-taking games** (document 001): both solvers give the same split.
//! ```
//! use solved_games_reference::{stones, Stones};
//! let row = Stones::one_valued(vec![1, 100, 2, 3])?;
//! let best = stones::optimized::solve(stones::Game::EitherEnd, &row)?;
//! assert_eq!((best.first, best.second), (103, 3));
//! assert_eq!(stones::naive::solve(stones::Game::EitherEnd, &row)?, best);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Memory game** (document 004): the first player's expected points with
//! two pairs, by the recurrences and by play on an explicit row of cards.
//! ```
//! use solved_games_reference::{memory, Silent};
//! let value = memory::optimized::first_player_value(2);
//! assert_eq!(value.to_string(), "1/3");
//! assert_eq!(memory::naive::first_player_value(2, &Silent)?, value);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Mini-Geister** (document 003): the §3 analysis by the retrograde engine
//! and by the naive sweeps.
//! ```
//! use solved_games_reference::geister;
//! use solved_games_reference::geister::report::Census;
//! let report = Census::of(&geister::optimized::solve(geister::analysis::Kind::Basic));
//! assert_eq!(report.states, 21_840);
//! assert_eq!(report.values[0], 12_339);
//! let naive = geister::naive::solve(geister::naive::Analysis::Basic);
//! assert_eq!(Census::of_naive(&naive), report);
//! ```
//!
//! **10,000-yen game** (document 000): a scaled game's exact value by the DP
//! with the exact LP and by the naive recursion over bet histories.
//! ```
//! use solved_games_reference::yen::{optimized, rules};
//! use solved_games_reference::{yen, ScaledGame};
//! let start = rules::State::start(rules::Rules { total: 6, rounds: 4 });
//! let value = optimized::ExactDp::new().value(start);
//! assert_eq!(value, yen::naive::value(ScaledGame { total: 6, rounds: 4 }));
//! assert_eq!(value, num_traits::Zero::zero()); // neither player has an edge
//! ```
//!
//! **The claims registry**: every published number, checked.
//! ```
//! use solved_games_reference::{claims, Status};
//! let verdict = claims::by_id("NIM-001").expect("a registered claim").check();
//! assert_eq!(verdict.status, Status::Pass);
//! assert_eq!(verdict.agree, Some(true)); // naive = optimized
//! ```

#![warn(missing_docs)]
// No `unsafe` but in the OS calls of `process` (process groups, signals, poll).
#![deny(unsafe_code)]
// Module docs link to the figures and the pipe referee, which a build without
// `plot` or `referee` leaves out; those links are then dangling by design.
#![cfg_attr(
    not(all(feature = "plot", feature = "referee")),
    allow(rustdoc::broken_intra_doc_links)
)]

/// `solved-games check`: an outside solver program against the optimized solver.
#[cfg(all(unix, feature = "referee"))]
pub mod check;
pub mod claims;
pub mod core;
pub mod games;
pub mod outfile;
/// Programs over pipes in process groups of their own (Unix, feature `referee`).
#[cfg(all(unix, feature = "referee"))]
#[allow(unsafe_code)] // the crate's one module of OS calls
pub mod process;
pub mod progress;
pub mod report;
pub mod solve;
pub mod table;

// The curated face: the five games by name, the types no other game has a
// namesake of, the claims registry and progress reporting. Names that two
// games share (`Position`, `State`, `Table`, `Game`) are reached through the
// game's module (`nim::Position`, `stones::Game`) and
// never renamed here: one name per type everywhere.
pub use claims::{Claim, GameId, Status, Verdict};
pub use games::stones::Stones;
pub use games::yen::naive::ScaledGame;
pub use games::{geister, memory, nim, stones, yen};
pub use progress::{Progress, Silent};
pub use solve::{matrix_game, retrograde};
