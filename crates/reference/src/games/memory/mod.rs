//! The memory game (神経衰弱) with a special pair, document 004: Sakamoto &
//! Shinoda, "特別なカードを含む神経衰弱ゲームの勝率最大化戦略".
//!
//! **Rules** (§1.1 R1–R5). 2N cards numbered 1,1,…,N,N lie face down. The
//! mover turns over one card, then another; a matching pair is taken and the
//! same player goes on, a mismatch is turned back and the turn passes. Whoever
//! takes the pair of 1s wins (1 point); if neither ever does, the game is a
//! draw (1/2 each). Players remember every card ever shown.
//!
//! **Values.** f(n,m,k) and g(n,m,k) (§2.1) are the mover's expected points
//! in the states F (both 1s unknown) and G (one 1 known).
//!
//! **Solvers.**
//! - [`naive`]: the game on an explicit row of cards, every choice of
//!   position tried, chance over unseen numbers.
//! - [`optimized`]: the recurrences of §2.1 bottom-up, exact or in `f64`,
//!   over every state or over Proposition 2.1's reduced set.
//! - [`figures`]: SVG reproductions of Figs. 3.1–3.3.
//! - [`analysis`]: the propositions, strategy tendencies and asymptotics of
//!   §2.3–§3 checked on solved tables.
//! - [`solved`]: both solvers behind one face (values, optimal options,
//!   optimal play), and the walks of optimal play §3.2–§3.3 speak of.
//! - [`statements`]: the statements of §2–§4 the claims check, each written
//!   once over that face; [`printed`]: §2.1's displays and §2.3's proof
//!   steps as printed.
//!
//! # Examples
//! ```
//! use solved_games_reference::games::memory::optimized::first_player_value;
//! assert_eq!(first_player_value(2).to_string(), "1/3");
//! ```

pub mod analysis;
pub mod face;
#[cfg(feature = "plot")]
pub mod figures;
pub mod naive;
mod number;
pub mod optimized;
pub mod printed;
pub mod rules;
pub mod scaled;
pub mod solved;
pub mod statements;

pub use number::Prob;
pub use rules::{Choice, Family, InvalidState, ParseStateError, Second, State};
