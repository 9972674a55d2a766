//! Three-pile Nim (三山崩し), document 002: Iwase, lecture notes
//! "計算機基礎論3B" §38 "ゲームの必勝法(三山崩し)".
//!
//! **Rules** (§38.2). Stones lie in piles. Players alternate; a move takes one
//! or more stones from one pile. The player who takes the last stone wins —
//! equivalently (§38.5) the player to move at "000" loses.
//!
//! **Notation** (§38.4). A position is written one digit per pile: "735" is
//! seven, three and five stones. The lecture limits piles to 0..9 and notes
//! (§38.24) that 0..99 works the same way; piles over 9 are written with
//! commas ("12,3,40"). The library handles any number of piles.
//!
//! **Values.** [`Wdl`](crate::core::Wdl) from the side to move: Nim has no
//! draws, so a position is *losing* (必敗, marked × in §38.7) or *winning*
//! (必勝), and a winning position has one or more moves to a losing one
//! (the arrows of §38.8).
//!
//! **Solvers.**
//! - [`naive`]: recursive search over every move, memoised by position
//!   (§38.8–38.13 argued by hand).
//! - [`optimized`]: the lecture's induction in index order (§38.16–38.17): a
//!   position read as a number only moves to smaller numbers, so one pass
//!   in increasing order fills the table.
//! - [`bouton`]: Bouton's XOR rule, a closed form used only as a third,
//!   independent oracle in tests and claims.
//!
//! # Examples
//! ```
//! use solved_games_reference::games::nim::{optimized::Table, Position};
//! let table = Table::build(3, 9);
//! assert!(table.is_losing(&"000".parse::<Position>().unwrap()));
//! assert!(!table.is_losing(&"735".parse::<Position>().unwrap()));
//! // 76 of the 1000 positions with piles 0..9 are losing.
//! assert_eq!(table.losing_count(), 76);
//! ```

pub mod bouton;
pub mod face;
pub mod naive;
pub mod optimized;
mod rules;

pub use rules::{Move, ParsePositionError, Pile, Position, PositionError};
