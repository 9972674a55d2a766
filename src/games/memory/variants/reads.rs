//! What the two packed recurrences share: the pairs and points variants'
//! ([`super::packed`]) and three players' ([`super::three::packed`]). Each
//! builds layer n (n pairs) from layer n − 1 in an arena of limbs (SPEC.md,
//! "Memory variants", "Packed limbs"), and a state reads two things while
//! its layer is built: the finished part of its own layer (the states with
//! fewer unknown cards) and the layer below. The shape of a layer (where a
//! state's numerators lie) and the levels (the widths and end values per
//! number of unknown cards) differ between the two, so they are type
//! parameters; each recurrence keeps its own reading code.

/// A layer: its shape and its arena.
#[derive(Default)]
pub(super) struct Layer<S> {
    /// Where each state's numerators lie in `data`.
    pub(super) shape: S,
    /// The numerators, in limbs.
    pub(super) data: Vec<u64>,
}

/// What one state reads: its own layer's finished part and the layer below.
pub(super) struct Reads<'a, L, S> {
    /// The widths and end values per number of unknown cards.
    pub(super) levels: &'a L,
    /// The shape of the layer being built.
    pub(super) own: &'a S,
    /// Its finished part (the states of fewer unknown cards).
    pub(super) done: &'a [u64],
    /// The layer below (one pair fewer).
    pub(super) below: &'a Layer<S>,
}
