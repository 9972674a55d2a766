//! Game-agnostic engines. Games supply rules; these modules supply search.
//!
//! - [`endless_mdp`]: a responder against chance with endless play = 0
//!   (the judge of fixed strategies); [`endless_mdp_naive`] a second one.
//! - [`exact`]: exact rational helpers (`BigRational` formatting, parsing).
//! - [`retrograde`]: retrograde analysis over an indexed state graph.
//! - [`matrix_game`]: exact zero-sum matrix-game solver (LP over rationals).
//! - [`float_game`]: the same LP in `f64`, a guess that callers prove.
//! - [`rounding`]: directed rounding, to turn float results into bounds.

pub mod endless_mdp;
pub mod endless_mdp_naive;
pub mod exact;
pub mod float_game;
pub mod matrix_game;
pub mod retrograde;
pub mod rounding;
