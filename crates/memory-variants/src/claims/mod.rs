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

/// Evidence that two solvers give the same exact values on every state of
/// `part`: `rows` holds, per state, its name and the optimized and the
/// naive side's values as text. Computed `holds`, or the first state whose
/// values differ; the SHA-256 digests of each side's lines are compared as
/// naive = optimized, so that a difference anywhere fails the claim.
pub(crate) fn every_state(part: &str, rows: &[(String, String, String)]) -> Evidence {
    use solved_games_reference::table::sha256;
    let side = |pick: fn(&(String, String, String)) -> &String| {
        let text: String = rows
            .iter()
            .map(|row| format!("{}: {}\n", row.0, pick(row)))
            .collect();
        format!("{} states, sha256 {}", rows.len(), sha256(text.as_bytes()))
    };
    let computed = rows.iter().find(|(_, a, b)| a != b).map_or_else(
        || "holds".to_string(),
        |(state, a, b)| format!("{state}: optimized {a}, naive {b}"),
    );
    Evidence::within(computed, part, side(|r| &r.1), side(|r| &r.2))
        .measured(format!("{} states compared", rows.len()))
}

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
