//! Game-agnostic engines. Games supply rules; these modules supply search.
//!
//! - [`exact`]: exact rational helpers (`BigRational` formatting, parsing).
//! - [`retrograde`]: retrograde analysis over an indexed state graph.
//! - [`matrix_game`]: exact zero-sum matrix-game solver (LP over rationals).
//! - [`float_game`]: the same LP in `f64`, a guess that callers prove.
//! - [`rounding`]: directed rounding, to turn float results into bounds.

pub mod exact;
pub mod float_game;
pub mod matrix_game;
pub mod retrograde;
pub mod rounding;
