//! # Mini-Geister 3 vs 2: blue-blue-red against blue-red
//!
//! Document 003 (Tanaka & Takaoka) brackets the value of blue-blue-red
//! against blue-red, from the three-piece side, in [1/3, 1/2] (§6.2.2) and
//! leaves it open (§7 「さらなる研究が必要と思われる」). The reference crate
//! certifies both ends with the paper's purple strategies. This crate asks
//! what strategies that use a side's own colours can do, exactly:
//!
//! - [`model`]: restricted games where a side keeps the public set of its
//!   pieces that may be red and splits it (or colours late), solved layer
//!   by layer in exact rationals ([`layered`]), strategies read back by
//!   progress ranks;
//! - [`respond`]: a strategy fixed, the other side's exact best response in
//!   the real game for each of its colourings ([`graph`]);
//! - [`naive`]: every value again, apart, on the reference crate's rules:
//!   a solved game's check ([`naive::check_solution`]), value iteration,
//!   its LP and its `endless_mdp` certificates;
//! - [`grid`]: the game where P2 reads P1's moves, on a grid of beliefs
//!   (floats, a guide only);
//! - [`promise`]: a randomised P2 strategy carrying promises built from the
//!   grid, and P1's best response to it per colouring through `endless_mdp`;
//! - [`shared`]: the tables and games several claims read, computed once;
//! - [`claims`]: GEI-106 … GEI-116; [`report`]: the certified bracket for
//!   `geister bracket`; `figures`: the report page's figure.
//!
//! SPEC.md beside this crate states the games, the method and what is
//! proven.
//!
//! ```
//! use solved_games_geister_3v2::fullinfo::FullInfo;
//! use solved_games_geister_3v2::model::{Continuation, Model, Rules};
//! let full = FullInfo::solve();
//! let l = Model::solve(Rules::L, &full, Continuation::Solved)?;
//! assert_eq!(l.start_value(true).to_string(), "1/3");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

pub mod board;
pub mod claims;
#[cfg(feature = "plot")]
pub mod figures;
pub mod fullinfo;
pub mod graph;
pub mod grid;
pub mod layered;
pub mod model;
pub mod naive;
pub mod promise;
pub mod q;
pub mod report;
pub mod respond;
pub mod shared;

pub use claims::{claims, CLAIMS};
