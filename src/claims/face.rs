//! Claims about one instance of a game's face ([`crate::games::Game`]): the
//! instance written in the game's notation, both solvers asked through the
//! face. A file of its own: the face's [`crate::games::evidence_as`] builds
//! the registry's [`Evidence`], so the registry's `mod.rs` must not import
//! the face back.

use super::Evidence;

/// Both solvers through the game's face ([`crate::games::Game`]) on one
/// instance written in the game's notation, each value rendered by `show`
/// in the claim's notation ([`crate::games::evidence_as`]).
pub(super) fn on_face<G: crate::games::Game>(
    instance: &str,
    show: impl Fn(&G::Instance, &G::Value) -> String,
) -> Evidence {
    let instance: G::Instance = instance
        .parse()
        .unwrap_or_else(|e| panic!("claim instance `{instance}` is not well formed: {e}"));
    crate::games::evidence_as::<G>(&instance, |value| show(&instance, value))
        .unwrap_or_else(|e| panic!("claim instance `{instance}`: {e}"))
}
