//! The memory game played on an explicit row of cards (document 004, §1.1
//! rules R1–R5 and 仮定), solved by exhaustive search. Written from the
//! rules alone: it knows nothing of the §2.1 states, options or recurrences,
//! and reads and writes the paper's state names itself ([`Row::from_notation`],
//! [`Shape::notation`]) only so that its results can be compared.
//!
//! **Model.** A [`Row`] of 2N positions holds 1,1,…,N,N face down (R2).
//! Each position is unknown, known (its number shown once and remembered by
//! both players) or taken. A turn turns one position face up, then another
//! (R3): two equal numbers are taken and the mover goes on, and taking the
//! 1s wins (R4); two different numbers are turned back, remembered, and the
//! opponent moves. A face-down unknown card shows each number with
//! probability (its unseen cards) / (all unknown cards), as the deal is
//! uniform. Turning two known cards of different numbers changes nothing and
//! hands the same row over: a pass, whose value x = max(A, 1 − x) is A if the
//! best other turn A is at least ½, and ½ otherwise (both pass for ever, the
//! R5 draw).
//!
//! **Search.** [`Search`] tries every first position and every second
//! position of the actual row, averaging over the numbers face-down cards
//! show, and remembers values by the row's [`Shape`]: how much is known of
//! the 1 and of each other number. Rows of one shape differ only by where
//! the cards lie and by the names of the numbers other than 1, which the
//! rules do not see, so they have one value; each shape is searched once.
//!
//! **Reach.** Every N up to 8 in a few seconds (the `memory/naive/N` bench);
//! the work per shape grows as N⁴ and the shapes as N³.
//!
//! # Examples
//! ```
//! use solved_games_reference::games::memory::naive::{Row, Search};
//! let mut search = Search::new();
//! assert_eq!(search.first_player_value(2).to_string(), "1/3");
//! let row = Row::from_notation("F(3,0,1)").unwrap();
//! assert_eq!(search.value(&row).to_string(), "13/30");
//! ```

mod row;
mod search;
mod zero_memory;

pub use row::{Cell, NotationError, Row, Shape, MAX_PAIRS};
pub use search::{DrawPreference, Search, SecondCard, Showed, TurnKind, TurnValues};
pub use zero_memory::zero_memory_first_player_wins;

use crate::progress::Progress;
use num_rational::BigRational;

/// The first player's expected points with `pairs` pairs, by the search,
/// reporting each shape valued to `progress`.
///
/// # Errors
/// [`NotationError::Size`] unless 1 ≤ `pairs` ≤ [`MAX_PAIRS`].
pub fn first_player_value(
    pairs: usize,
    progress: &dyn Progress,
) -> Result<BigRational, NotationError> {
    let start = Row::start(pairs)?;
    progress.begin("row shapes valued", None);
    let value = Search::reporting_to(progress).value(&start);
    progress.end();
    Ok(value)
}
