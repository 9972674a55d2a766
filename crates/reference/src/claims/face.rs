//! Claims about one instance of a game's face ([`crate::games::Game`]): the
//! instance written in the game's notation, both solvers asked through the
//! face. The registry sits above the games (SPEC.md, "Layers"): it asks the
//! face, the face never names the registry.

use super::Evidence;
use crate::games::{Game, SolveError};

/// The evidence for a claim about one instance: the optimized solver's
/// value as computed, the naive solver's beside it (a claim passes only
/// where they agree; see [`Evidence::both`]).
///
/// # Errors
/// Either solver's [`SolveError`].
pub fn evidence<G: Game>(instance: &G::Instance) -> Result<Evidence, SolveError> {
    evidence_as::<G>(instance, ToString::to_string)
}

/// [`evidence`] with both values rendered by `show`, in the notation of the
/// claim they are compared with (Stone Game III's `Alice`/`Bob`/`Tie` for
/// a [`crate::games::stones::face::Lead`]).
///
/// # Errors
/// Either solver's [`SolveError`].
pub fn evidence_as<G: Game>(
    instance: &G::Instance,
    show: impl Fn(&G::Value) -> String,
) -> Result<Evidence, SolveError> {
    Ok(Evidence::both(
        show(&G::optimized(instance)?),
        show(&G::naive(instance)?),
    ))
}

/// Both solvers through the game's face ([`crate::games::Game`]) on one
/// instance written in the game's notation, each value rendered by `show`
/// in the claim's notation ([`evidence_as`]).
pub(super) fn on_face<G: Game>(
    instance: &str,
    show: impl Fn(&G::Instance, &G::Value) -> String,
) -> Evidence {
    let instance: G::Instance = instance
        .parse()
        .unwrap_or_else(|e| panic!("claim instance `{instance}` is not well formed: {e}"));
    evidence_as::<G>(&instance, |value| show(&instance, value))
        .unwrap_or_else(|e| panic!("claim instance `{instance}`: {e}"))
}
