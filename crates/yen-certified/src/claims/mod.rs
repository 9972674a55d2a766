//! The wing's claims: document 000 §4 answered at the paper's scale by the
//! certified table, each computed, not from the document. Every claim is a
//! row of the reference's registry (`solved_games_reference::claims::Claim`)
//! filed under the yen game; the facade `solved-games` splices them in
//! after the document's exact-equilibrium claims (YEN-101..106).

pub(crate) use solved_games_reference::claims::{Claim, Evidence, GameId};

pub mod certificate;
pub mod certified;
pub mod growing;

/// The claims `reproduce` runs (YEN-107..110, YEN-113, YEN-116), in registry order.
/// The claims read from a certificate file (YEN-114, YEN-115) are
/// [`certificate::CLAIMS`]: run where the file is.
#[must_use]
pub fn all() -> Vec<Claim> {
    certified::CLAIMS
        .iter()
        .chain(growing::CLAIMS)
        .copied()
        .collect()
}

/// The claims whose computations are long, longest first.
pub const LONGEST: [&str; 1] = ["YEN-107"];

/// Looks a claim of the wing up by id, the certificate's claims included.
#[must_use]
pub fn by_id(id: &str) -> Option<Claim> {
    all()
        .into_iter()
        .chain(certificate::CLAIMS.iter().copied())
        .find(|c| c.id == id)
}
