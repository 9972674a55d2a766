//! Game-agnostic engines. Games supply rules; these modules supply search.
//!
//! - [`exact`]: exact rational helpers (`BigRational` formatting, parsing).
//! - [`retrograde`]: retrograde analysis over an indexed state graph.
//! - [`matrix_game`]: exact zero-sum matrix-game solver (LP over rationals).

pub mod exact;
pub mod matrix_game;
pub mod retrograde;
