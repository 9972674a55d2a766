//! What the two packed recurrences share: the pairs and points variants'
//! ([`super::packed`]) and three players' ([`super::three::packed`]). Each
//! builds layer n (n pairs) from layer n − 1 in an arena of limbs (SPEC.md,
//! "Memory variants", "Packed limbs"), and a state reads two things while
//! its layer is built: the finished part of its own layer (the states with
//! fewer unknown cards) and the layer below. The shape of a layer (where a
//! state's numerators lie) and the levels (the widths and end values per
//! number of unknown cards) differ between the two, so they are type
//! parameters, and so are the per-level rules ([`Numbers`]) that let both
//! share one [`sums`] (the option "an unknown card first"); each keeps its
//! own finishing code.

use super::limbs::combine;
use super::walk::Case;

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

/// The per-level rules a packed recurrence gives [`sums`]: how wide a
/// level's numbers are, which of a state's numbers are summed, the ends
/// the walk reads, and how the mover chooses among second cards.
pub(super) trait Numbers: Sync {
    /// A state's numbers, borrowed from an arena, an end or a mixture.
    type View<'a>: Copy
    where
        Self: 'a;
    /// Room the choice may need (the three-player max-n keys).
    type Keys;
    /// Limbs of one number of level u.
    fn width(&self, u: usize) -> usize;
    /// Numbers per state (the limbs of a state at level u are
    /// `slots() * width(u)`).
    fn slots(&self) -> usize;
    /// Which numbers are summed; the others are left unwritten in a sum
    /// and never read (the zero-sum variants write the opponent's points
    /// from the mover's at the end).
    fn summed(&self) -> &'static [usize];
    /// The numbers of level u in `numbers`.
    fn view<'a>(&'a self, u: usize, numbers: &'a [u64]) -> Self::View<'a>;
    /// Number `i` of `v`.
    fn part<'a>(v: Self::View<'a>, i: usize) -> &'a [u64]
    where
        Self: 'a;
    /// The ends by level, as numbers: the mover takes the 1s, the next
    /// player takes them.
    fn end_arenas(&self) -> (&[Vec<u64>], &[Vec<u64>]);
    /// The mover takes the 1s at level u − 1 (the first card was the other
    /// 1), the mover takes them at level u − 2, the next player takes them
    /// at level u − 2.
    #[inline]
    fn ends(&self, u: usize) -> [Self::View<'_>; 3] {
        let (mover, next) = self.end_arenas();
        let (first, low) = (u - 1, u.saturating_sub(2));
        [
            self.view(first, &mover[first]),
            self.view(low, &mover[low]),
            self.view(low, &next[low]),
        ]
    }
    /// The best of `options` (the first of equals stays).
    fn choose<'a>(
        &'a self,
        keys: &mut Self::Keys,
        options: impl Iterator<Item = Self::View<'a>>,
    ) -> Self::View<'a>;
}

/// The cases of "an unknown card first" ([`super::walk::unknown_first`]),
/// each read resolved to an `R` ([`Case::resolve`]).
pub(super) type Cases<R> = [Option<(usize, Case<R>)>; 3];

/// The numerators of F3/G3 (an unknown card first, then the best second
/// card) of a state with u unknown cards into `sum` (`slots · width(u)`
/// limbs), written once for both packed recurrences (SPEC.md "Packed limbs"). `cases` is the
/// state's walk with its reads resolved; `read` gives the numbers a
/// resolved read names (a state of the own layer as the next mover sees
/// it, one of the layer below as the same mover sees it, or an end);
/// `mixes` is room for three mixtures of level u − 1.
///
/// Each case's mixture Σ count · state, and the sum Σ count · best over
/// the cases, is one pass over the limbs ([`super::limbs::combine`]): the
/// same integers as adding the terms one by one.
pub(super) fn sums<'a, L: Numbers, R: Copy>(
    levels: &'a L,
    keys: &mut L::Keys,
    mixes: &'a mut [u64],
    sum: &mut [u64],
    u: usize,
    cases: &Cases<R>,
    read: impl Fn(R) -> L::View<'a>,
) {
    let (w, w1) = (levels.width(u), levels.width(u - 1));
    let slots = levels.slots();
    let summed = levels.summed();
    let won = levels.ends(u)[0];
    let mut room = mixes;
    let mut picked: [Option<(u64, L::View<'a>)>; 3] = [None; 3];
    for (pick, &(count, c)) in picked
        .iter_mut()
        .zip(cases)
        .filter_map(|(p, c)| c.as_ref().map(|c| (p, c)))
    {
        let best = match c {
            // The other 1: the mover takes the 1s (no second choice).
            Case::Won => won,
            Case::Choose { seconds, terms } => {
                let (mix, rest) = std::mem::take(&mut room).split_at_mut(slots * w1);
                room = rest;
                // The terms read into a fixed array in a plain loop: `perf`
                // charged a fifth of the pairs variant's time to an array
                // `map` over the `Option`s here (not inlined, and copies of
                // the mapped array). `won` only fills the places past `len`.
                let mut read_terms = [(0u64, won); 4];
                let mut len = 0;
                for &(c, x) in terms.iter().flatten() {
                    read_terms[len] = (c as u64, read(x));
                    len += 1;
                }
                combine_each::<L>(mix, w1, slots, summed, read_terms[..len].iter());
                let mixed = levels.view(u - 1, mix);
                levels.choose(
                    keys,
                    seconds
                        .into_iter()
                        .flatten()
                        .map(&read)
                        .chain(std::iter::once(mixed)),
                )
            }
        };
        *pick = Some((count as u64, best));
    }
    combine_each::<L>(sum, w, slots, summed, picked.iter().flatten());
}

/// Number i of `out` (limbs i·w..(i + 1)·w, for i < `slots`) is
/// Σ count · number i of the view over `terms` where i is summed, else
/// left as it was;
/// at most four terms (the cases of a mixture, or the three picks).
#[inline]
fn combine_each<'a, 'b, L: Numbers + 'a>(
    out: &mut [u64],
    w: usize,
    slots: usize,
    summed: &[usize],
    terms: impl Iterator<Item = &'b (u64, L::View<'a>)> + Clone,
) where
    'a: 'b,
{
    let mut parts = [(0u64, &[][..]); 4];
    for i in 0..slots {
        let out = &mut out[i * w..(i + 1) * w];
        if summed.contains(&i) {
            let mut len = 0;
            for &(c, x) in terms.clone() {
                parts[len] = (c, L::part(x, i));
                len += 1;
            }
            combine(out, &parts[..len]);
        }
        // A number not summed is left as it was: no reader looks at it (the
        // zero-sum variants' choices compare the mover's points and the
        // draw, and their opponent's points are written from the mover's
        // at the end), and clearing it was a memset call per mixture.
    }
}
