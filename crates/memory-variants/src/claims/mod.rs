//! The wing's claims: the questions document 004 §4 (今後の課題) leaves
//! open, each answered by a computation, none of them from the document.
//! Every claim here is a row of the same registry as the reference's
//! (`solved_games_reference::claims::Claim`), filed under the Memory game
//! (ids `MEM-1xx`); the facade `solved-games` splices them into the
//! registry after the document's Memory claims.

pub(crate) use solved_games_reference::claims::{Claim, Evidence, GameId};

pub(crate) mod bounded;
pub(crate) mod ranks;
pub(crate) mod three;
pub(crate) mod variants;

/// Every claim of the wing, in registry order: the §4 item 1 variants, three
/// players, bounded memory, ranks of four.
#[must_use]
pub fn all() -> Vec<Claim> {
    [
        variants::CLAIMS,
        three::CLAIMS,
        bounded::CLAIMS,
        ranks::CLAIMS,
    ]
    .concat()
}

/// The claims whose computations are long, longest first (the schedule of
/// `reproduce` starts them first; see `solved_games_reference::report`).
pub const LONGEST: [&str; 6] = [
    "MEM-101", "MEM-120", "MEM-130", "MEM-116", "MEM-114", "MEM-110",
];

/// Looks a claim of the wing up by id.
#[must_use]
pub fn by_id(id: &str) -> Option<Claim> {
    all().into_iter().find(|c| c.id == id)
}
