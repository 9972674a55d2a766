//! The recurrence of [`super::optimized`] (document 004 §2.1, extended by the
//! pair difference and the pass flag of §4 item 1) with its numerators packed
//! in one flat arena of `u64` limbs per layer: the fast path for the start
//! values (the claims, the CLI and the bench call [`start_values`]).
//!
//! Same numbers, other storage (SPEC.md "Memory variants", "Packed limbs"):
//! every number of a state with u unknown cards is an integer over 2·u! and
//! at most 6·u!, so a level u has a fixed width, the limbs 6·u! needs. A
//! layer n keeps its states by u, then the flagged block before the
//! unflagged one, then (F/G, m) with k = 2n − 2m − u, then the lead; each
//! state is three numbers (mover's points, opponent's, draw) of its level's
//! width. A step reads slices of the arena, adds count · slice into a
//! per-thread scratch in place ([`super::limbs`]) and compares limb by limb;
//! nothing is allocated per state and a `BigRational` is made only when a
//! value is read out.
//!
//! **Parallel.** Inside a layer, the states of one u and one pass flag read
//! only states of lower u, the flagged block of their own u and the layer
//! below: each such block is split across threads, and every state is a
//! pure function of what it reads, so the arena (and every value) is the
//! same on any number of threads.
//!
//! The [`super::optimized::VariantTable`] (`BigInt` numerators, one `Num`
//! per state) stays as the reference this path is tested against on every
//! state.

use super::limbs::{cmp, from_biguint, sub_from, to_biguint};
use super::optimized::Value;
use super::reads;
use super::walk::{unknown_first, Read};
use super::{TieRule, Variant, VariantState};
use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::One;
use rayon::prelude::*;
use std::cmp::Ordering;

/// The factorials, widths and end values of every level 0..=2·N.
struct Levels {
    variant: Variant,
    /// Win and loss add up to a draw's two halves (`paper`, `pairs`): the
    /// opponent's points are `total` less the mover's.
    zero_sum: bool,
    /// 2·u!, the two players' points together in a zero-sum variant.
    total: Vec<Vec<u64>>,
    factorials: Vec<BigUint>,
    /// Limbs of one number of level u.
    width: Vec<usize>,
    /// A win, a loss and a draw for the mover at level u, each a triple.
    win: Vec<Vec<u64>>,
    loss: Vec<Vec<u64>>,
    draw: Vec<Vec<u64>>,
}

impl Levels {
    fn new(variant: Variant, max_pairs: usize) -> Levels {
        // Halves of a point: win 1 = 2 halves, draw ½ = 1; points 3 and 1.
        let (win, draw) = match variant {
            Variant::Paper | Variant::Pairs => (2u32, 1u32),
            Variant::Points(_) => (6, 2),
        };
        let mut factorials = vec![BigUint::one()];
        for i in 1..=2 * max_pairs {
            let next = &factorials[i - 1] * BigUint::from(i);
            factorials.push(next);
        }
        let mut levels = Levels {
            variant,
            zero_sum: !matches!(variant, Variant::Points(_)),
            total: Vec::new(),
            factorials,
            width: Vec::new(),
            win: Vec::new(),
            loss: Vec::new(),
            draw: Vec::new(),
        };
        for u in 0..=2 * max_pairs {
            let f = &levels.factorials[u];
            let top = f * 6u32;
            let w = usize::try_from(top.bits().div_ceil(64))
                .expect("small")
                .max(1);
            let triple = |a: &BigUint, b: &BigUint, c: &BigUint| {
                let mut t = from_biguint(a, w);
                t.extend(from_biguint(b, w));
                t.extend(from_biguint(c, w));
                t
            };
            let z = BigUint::default();
            let (fw, fd) = (f * win, f * draw);
            levels.win.push(triple(&fw, &z, &z));
            levels.loss.push(triple(&z, &fw, &z));
            levels.draw.push(triple(&fd, &fd, &(f * 2u32)));
            levels.width.push(w);
            levels.total.push(from_biguint(&(f * 2u32), w));
        }
        levels
    }

    #[inline]
    fn view<'a>(&self, u: usize, triple: &'a [u64]) -> View<'a> {
        View::of(triple, self.width[u])
    }

    /// Whether `a` (a pass if `a_pass`) is chosen over `b`: more points
    /// first, then the variant's tie rule (as `optimized::preferred`).
    #[inline]
    fn preferred(&self, a: View<'_>, a_pass: bool, b: View<'_>, b_pass: bool) -> bool {
        match cmp(a.c[0], b.c[0]) {
            Ordering::Greater => return true,
            Ordering::Less => return false,
            Ordering::Equal => {}
        }
        match self.variant {
            // Zero-sum: the draw probability is reported for the tied turn
            // that draws least.
            Variant::Paper | Variant::Pairs => cmp(a.c[2], b.c[2]) == Ordering::Less,
            Variant::Points(TieRule::WorseForOpponent) => cmp(a.c[1], b.c[1]) == Ordering::Less,
            Variant::Points(TieRule::AvoidPass) => {
                if a_pass != b_pass {
                    !a_pass
                } else {
                    cmp(a.c[1], b.c[1]) == Ordering::Less
                }
            }
        }
    }
}

/// A state's three numbers: the mover's points, the opponent's, the draw.
#[derive(Clone, Copy)]
struct View<'a> {
    c: [&'a [u64]; 3],
}

impl<'a> View<'a> {
    #[inline]
    fn of(triple: &'a [u64], w: usize) -> View<'a> {
        View {
            c: [&triple[..w], &triple[w..2 * w], &triple[2 * w..3 * w]],
        }
    }

    /// The same state seen by the other player.
    #[inline]
    fn swapped(self) -> View<'a> {
        View {
            c: [self.c[1], self.c[0], self.c[2]],
        }
    }
}

impl reads::Numbers for Levels {
    type View<'a> = View<'a>;
    type Keys = ();

    #[inline]
    fn width(&self, u: usize) -> usize {
        self.width[u]
    }

    #[inline]
    fn slots(&self) -> usize {
        3
    }

    #[inline]
    fn summed(&self) -> &'static [usize] {
        // Zero-sum variants: the opponent's points are 2·u! less the
        // mover's, so only the mover's and the draw are summed; the
        // opponent's is written once at the end (`finish`).
        if self.zero_sum {
            &[0, 2]
        } else {
            &[0, 1, 2]
        }
    }

    #[inline]
    fn view<'a>(&'a self, u: usize, numbers: &'a [u64]) -> View<'a> {
        View::of(numbers, self.width[u])
    }

    #[inline]
    fn part<'a>(v: View<'a>, i: usize) -> &'a [u64]
    where
        Self: 'a,
    {
        v.c[i]
    }

    #[inline]
    fn end_arenas(&self) -> (&[Vec<u64>], &[Vec<u64>]) {
        (&self.win, &self.loss)
    }

    #[inline]
    fn choose<'a>(&'a self, (): &mut (), options: impl Iterator<Item = View<'a>>) -> View<'a> {
        let mut best: Option<View<'a>> = None;
        for x in options {
            best = match best {
                Some(b) if !self.preferred(x, false, b, false) => Some(b),
                _ => Some(x),
            };
        }
        best.expect("at least one option")
    }
}

/// Where the states of one layer are in its arena.
#[derive(Default)]
struct Shape {
    n: usize,
    reach: i64,
    leads: usize,
    /// Per u: the start of the flagged block, of the unflagged block, and
    /// the end of the unflagged block.
    base: Vec<[usize; 3]>,
    /// Per u and F/G: the first m and how many m there are.
    ms: Vec<[(usize, usize); 2]>,
}

impl Shape {
    fn new(n: usize, reach: i64, levels: &Levels) -> Shape {
        let leads = 2 * usize::try_from(reach).expect("non-negative") + 1;
        let mut shape = Shape {
            n,
            reach,
            leads,
            base: Vec::new(),
            ms: Vec::new(),
        };
        let mut cursor = 0;
        for u in 0..=2 * n {
            let mut ranges = [(0usize, 0usize); 2];
            for ones in [0u8, 1] {
                let valid: Vec<usize> = (0..=n)
                    .filter(|&m| {
                        (2 * n)
                            .checked_sub(2 * m + u)
                            .is_some_and(|k| VariantState::exists(ones, n, m, k))
                    })
                    .collect();
                if let (Some(&lo), Some(&hi)) = (valid.first(), valid.last()) {
                    debug_assert_eq!(hi - lo + 1, valid.len(), "contiguous m");
                    ranges[usize::from(ones)] = (lo, valid.len());
                }
            }
            let block = (ranges[0].1 + ranges[1].1) * leads * 3 * levels.width[u];
            shape
                .base
                .push([cursor, cursor + block, cursor + 2 * block]);
            shape.ms.push(ranges);
            cursor += 2 * block;
        }
        shape
    }

    fn len(&self) -> usize {
        self.base.last().map_or(0, |b| b[2])
    }

    /// The state with `slot` (F's m first, then G's) and lead index `lead`
    /// in the block of u: (F/G, m, k, lead).
    #[inline]
    fn state_at(&self, u: usize, slot: usize, lead: usize) -> (u8, usize, usize, i64) {
        let [(f_lo, f_count), (g_lo, _)] = self.ms[u];
        let (ones, m) = if slot < f_count {
            (0u8, f_lo + slot)
        } else {
            (1u8, g_lo + slot - f_count)
        };
        let k = 2 * self.n - 2 * m - u;
        let lead = i64::try_from(lead).expect("small") - self.reach;
        (ones, m, k, lead)
    }

    /// The offset of a state's triple (the lead clamped to −reach..=reach).
    #[inline]
    fn offset(
        &self,
        levels: &Levels,
        ones: u8,
        m: usize,
        k: usize,
        lead: i64,
        passed: bool,
    ) -> usize {
        let u = 2 * self.n - 2 * m - k;
        let [(f_lo, f_count), (g_lo, _)] = self.ms[u];
        let slot = if ones == 0 {
            m - f_lo
        } else {
            f_count + m - g_lo
        };
        let lead =
            usize::try_from(lead.clamp(-self.reach, self.reach) + self.reach).expect("clamped");
        let block = self.base[u][usize::from(!passed)];
        block + (slot * self.leads + lead) * 3 * levels.width[u]
    }

    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn view<'a>(
        &self,
        levels: &Levels,
        data: &'a [u64],
        ones: u8,
        m: usize,
        k: usize,
        lead: i64,
        passed: bool,
    ) -> View<'a> {
        debug_assert!(VariantState::exists(ones, self.n, m, k), "read a non-state");
        let at = self.offset(levels, ones, m, k, lead, passed);
        levels.view(2 * self.n - 2 * m - k, &data[at..])
    }
}

/// A layer of this recurrence.
type Layer = reads::Layer<Shape>;

/// Per-thread room for the three cases' mixtures (the sum over the cases
/// goes straight into the arena, [`layer`]).
struct Scratch {
    mixes: Vec<u64>,
}

/// What one state of this recurrence reads.
type Reads<'a> = reads::Reads<'a, Levels, Shape>;

/// A read of the walk resolved once for every lead of one (F/G, m, k):
/// the arena from the read state's first lead on, and its level's width.
#[derive(Clone, Copy)]
enum Src<'a> {
    /// A state of the own layer at the opposite lead, seen by the other
    /// player (a mismatch, or the opponent's pass).
    Over(&'a [u64], usize),
    /// A state of the layer below (reach `.2`) at the lead one up,
    /// clamped: a pair taken.
    Again(&'a [u64], usize, i64),
    /// An end.
    End(View<'a>),
}

impl<'a> Reads<'a> {
    /// Where `x`, read from a state of this layer with u unknown cards,
    /// lies for every lead.
    #[inline]
    fn src(&self, x: Read, u: usize) -> Src<'a> {
        let (levels, below) = (self.levels, &self.below.shape);
        match x {
            Read::Over(o, mm, kk) => self.over(o, mm, kk, false),
            Read::Again(o, mm, kk) => {
                let at = below.offset(levels, o, mm, kk, -below.reach, false);
                let w = levels.width[2 * below.n - 2 * mm - kk];
                Src::Again(&self.below.data[at..], w, below.reach)
            }
            Read::MoverWins => Src::End(reads::Numbers::ends(levels, u)[1]),
            Read::NextWins => Src::End(reads::Numbers::ends(levels, u)[2]),
        }
    }

    /// F1/G1 of (F/G = `ones`, m, k): take a known pair (m ≥ 1).
    fn take(&self, ones: u8, m: usize, k: usize) -> Option<Src<'a>> {
        let u = 2 * self.own.n - 2 * m - k;
        (m >= 1).then(|| self.src(Read::Again(ones, m - 1, k), u))
    }

    /// A state of this layer's finished part (the flagged block if
    /// `passed`), seen by the other player at the opposite lead.
    #[inline]
    fn over(&self, o: u8, mm: usize, kk: usize, passed: bool) -> Src<'a> {
        let own = self.own;
        let at = own.offset(self.levels, o, mm, kk, -own.reach, passed);
        let w = self.levels.width[2 * own.n - 2 * mm - kk];
        Src::Over(&self.done[at..], w)
    }

    /// The walk of (F/G = `ones`, m, k) with its reads resolved.
    fn resolve(&self, ones: u8, m: usize, k: usize) -> reads::Cases<Src<'a>> {
        let u = 2 * self.own.n - 2 * m - k;
        unknown_first(ones, self.own.n, m, k)
            .map(|c| c.map(|(count, case)| (count, case.resolve(|x| self.src(x, u)))))
    }

    /// The numbers `src` names at lead index `i` of this layer.
    #[inline]
    fn at(&self, src: Src<'a>, i: usize) -> View<'a> {
        let reach = self.own.reach;
        match src {
            Src::Over(data, w) => {
                // Lead i − reach, read at −(i − reach): index 2·reach − i.
                let j = 2 * usize::try_from(reach).expect("non-negative") - i;
                View::of(&data[j * 3 * w..], w).swapped()
            }
            Src::Again(data, w, below_reach) => {
                let lead = i64::try_from(i).expect("small") - reach + 1;
                let j = usize::try_from(lead.clamp(-below_reach, below_reach) + below_reach)
                    .expect("clamped");
                View::of(&data[j * 3 * w..], w)
            }
            Src::End(v) => v,
        }
    }

    /// The numerators of F3/G3 (an unknown card first, then the best
    /// second card) of one state at lead index `i` into `sum`, as
    /// `optimized::Recurrence::solve` computes them ([`reads::sums`] over
    /// the state's resolved walk `cases`). They do not depend on the pass
    /// flag: [`layer`] computes them once for both twins.
    fn sums(
        &self,
        scratch: &mut Scratch,
        u: usize,
        cases: &reads::Cases<Src<'a>>,
        i: usize,
        sum: &mut [u64],
    ) {
        let levels = self.levels;
        reads::sums(levels, &mut (), &mut scratch.mixes, sum, u, cases, |x| {
            self.at(x, i)
        });
    }

    /// The best option of one state at lead index `i` whose F3/G3
    /// numerators are `f3`: the options in `optimized::Recurrence::solve`'s
    /// order (take a pair, pass, an unknown card first); the first of
    /// equals stays. `None` is F3/G3 itself, `Some` another option, which
    /// lies in the finished part, the layer below or an end, never where
    /// `f3` lies: so [`layer`] can read F3/G3 in place in the arena and
    /// then write the state over it ([`Self::write`]) with no copy to a
    /// scratch first. `take` is the known pair's read (m ≥ 1), `pass` the
    /// opponent's flagged twin (`None` if this state is flagged, when a
    /// pass ends the game); `may_pass` is m + k ≥ 2.
    fn best(
        &self,
        u: usize,
        i: usize,
        take: Option<Src<'a>>,
        may_pass: bool,
        pass: Option<Src<'a>>,
        f3: View<'_>,
    ) -> Option<View<'a>> {
        let levels = self.levels;
        // F1/G1: take a known pair, turn again.
        let took = take.map(|x| (self.at(x, i), false));
        // F2/G2: pass; a second pass in a row ends the game.
        let passed = may_pass.then(|| {
            let end = match pass {
                Some(x) => self.at(x, i),
                None => {
                    let lead = i64::try_from(i).expect("small") - self.own.reach;
                    let triple = match (levels.variant, lead.signum()) {
                        (Variant::Pairs, 1) => &levels.win[u],
                        (Variant::Pairs, -1) => &levels.loss[u],
                        _ => &levels.draw[u],
                    };
                    levels.view(u, triple)
                }
            };
            (end, true)
        });
        let mut best: Option<(View<'a>, bool)> = None;
        for (x, pass) in [took, passed].into_iter().flatten() {
            best = match best {
                Some((b, b_pass)) if !levels.preferred(x, pass, b, b_pass) => Some((b, b_pass)),
                _ => Some((x, pass)),
            };
        }
        match best {
            Some((b, b_pass)) if !levels.preferred(f3, false, b, b_pass) => Some(b),
            _ => None,
        }
    }

    /// Writes the state chosen by [`Self::best`] into `out`: `best`'s
    /// numbers, or (`None`) F3/G3's, which `out` already holds; a zero-sum
    /// variant's opponent's points are then 2·u! less the mover's.
    fn write(&self, u: usize, best: Option<View<'_>>, out: &mut [u64]) {
        let levels = self.levels;
        let w = levels.width[u];
        if let Some(best) = best {
            let parts_of: &[usize] = if levels.zero_sum { &[0, 2] } else { &[0, 1, 2] };
            for &i in parts_of {
                out[i * w..(i + 1) * w].copy_from_slice(best.c[i]);
            }
        }
        if levels.zero_sum {
            let (mover, rest) = out.split_at_mut(w);
            sub_from(&mut rest[..w], &levels.total[u], mover);
        }
    }
}

/// Layer n with leads −reach..=reach from layer n − 1 (`below`).
///
/// Per u, two sweeps, each split across threads by (F/G, m) with all its
/// leads: a state's walk is resolved once for all its leads (what moves
/// with the lead is an index). The first sweep computes every state's
/// F3/G3 numerators once, finishes the flagged twin (whose pass ends the
/// game) and parks the numerators in the unflagged twin's slot; the second
/// finishes the unflagged twins, whose passes read the flagged block.
///
/// `room` is a spent layer's buffer to write into (any contents, kept):
/// reusing it instead of a fresh zeroed allocation keeps each layer's tens of
/// megabytes from being mapped, faulted in page by page and unmapped again
/// (SPEC.md, "Reproduce: claims in parallel").
fn layer(levels: &Levels, n: usize, reach: i64, below: &Layer, room: Vec<u64>) -> Layer {
    let shape = Shape::new(n, reach, levels);
    // Every limb of this recurrence's layer is written before it is read
    // (`a_reused_buffer_gives_the_same_layer` builds layers in buffers of
    // `u64::MAX`), so the spent buffer is not cleared first: that was a
    // serial memset of the whole layer, about 5 % of the pairs variant's
    // time. Only limbs beyond the spent layer's length are zeroed, as the
    // buffer grows in place. (The three-player layers leave slots no state
    // reads unwritten, and clear theirs.)
    let mut data = room;
    data.truncate(shape.len());
    data.resize(shape.len(), 0);
    let top = levels.width[2 * n];
    let leads = shape.leads;
    // About 32 states per task, as before the sweeps went by (F/G, m).
    let min_len = 32usize.div_ceil(leads);
    let scratch = || Scratch {
        mixes: vec![0; 9 * top],
    };
    for u in 1..=2 * n {
        let w = levels.width[u];
        let [flagged_at, unflagged_at, end] = shape.base[u];
        if flagged_at == end {
            continue;
        }
        let (done, rest) = data.split_at_mut(flagged_at);
        let (flagged, rest) = rest.split_at_mut(unflagged_at - flagged_at);
        let reads = Reads {
            levels,
            own: &shape,
            done,
            below,
        };
        flagged
            .par_chunks_mut(leads * 3 * w)
            .zip(rest[..end - unflagged_at].par_chunks_mut(leads * 3 * w))
            .enumerate()
            .with_min_len(min_len)
            .for_each_init(scratch, |scratch, (slot, (outs, parks))| {
                let (ones, m, k, _) = shape.state_at(u, slot, 0);
                let cases = reads.resolve(ones, m, k);
                let take = reads.take(ones, m, k);
                for (i, (out, parked)) in outs
                    .chunks_exact_mut(3 * w)
                    .zip(parks.chunks_exact_mut(3 * w))
                    .enumerate()
                {
                    // F3/G3 straight into the unflagged twin's slot.
                    reads.sums(scratch, u, &cases, i, parked);
                    let f3 = View::of(parked, w);
                    let best = reads.best(u, i, take, m + k >= 2, None, f3);
                    if best.is_none() {
                        out.copy_from_slice(parked);
                    }
                    reads.write(u, best, out);
                }
            });
        let (done, rest) = data.split_at_mut(unflagged_at);
        let reads = Reads {
            levels,
            own: &shape,
            done,
            below,
        };
        rest[..end - unflagged_at]
            .par_chunks_mut(leads * 3 * w)
            .enumerate()
            .with_min_len(min_len)
            .for_each(|(slot, outs)| {
                let (ones, m, k, _) = shape.state_at(u, slot, 0);
                let take = reads.take(ones, m, k);
                let pass = (m + k >= 2).then(|| reads.over(ones, m, k, true));
                for (i, out) in outs.chunks_exact_mut(3 * w).enumerate() {
                    let best = reads.best(u, i, take, m + k >= 2, pass, View::of(out, w));
                    reads.write(u, best, out);
                }
            });
    }
    Layer { shape, data }
}

/// A read-out value of level u.
fn value(levels: &Levels, u: usize, v: View<'_>) -> Value {
    let d = BigInt::from(&levels.factorials[u] * 2u32);
    let q = |x: &[u64]| BigRational::new(BigInt::from(to_biguint(x)), d.clone());
    Value {
        mover: q(v.c[0]),
        other: q(v.c[1]),
        draw: q(v.c[2]),
    }
}

/// The value of the start F(N,0,0) (lead 0, no pass) for every N in
/// 1..=`max_pairs`, index N − 1: two layers at a time and, for the pairs
/// variant, only the leads a game of `max_pairs` pairs reaches, |lead| ≤
/// min(n, `max_pairs` − n) (a state reads leads at most one further from 0
/// on the layer below, so every value kept is exact).
#[must_use]
pub fn start_values(variant: Variant, max_pairs: usize) -> Vec<Value> {
    // On a thread of rayon's pool, as the three-player path (SPEC.md
    // "Packed limbs").
    rayon::scope(|_| {
        let levels = Levels::new(variant, max_pairs);
        let mut below = Layer::default();
        let mut room = Vec::new();
        let mut out = Vec::with_capacity(max_pairs);
        for n in 1..=max_pairs {
            let reach = variant.lead_reach(n, Some(max_pairs));
            let next = layer(&levels, n, reach, &below, room);
            let start = next.shape.view(&levels, &next.data, 0, 0, 0, 0, false);
            out.push(value(&levels, 2 * n, start));
            room = std::mem::replace(&mut below, next).data;
        }
        out
    })
}

/// Every layer n ≤ `max_pairs` with every lead −n..=n: the packed path's
/// whole table, for checking it state by state against
/// [`super::optimized::VariantTable`].
pub struct PackedTable {
    levels: Levels,
    layers: Vec<Layer>,
}

impl PackedTable {
    /// Solves every state with n ≤ `max_pairs`.
    #[must_use]
    pub fn build(variant: Variant, max_pairs: usize) -> PackedTable {
        let levels = Levels::new(variant, max_pairs);
        let layers = rayon::scope(|_| {
            let mut layers = vec![Layer::default()];
            for n in 1..=max_pairs {
                let reach = variant.lead_reach(n, None);
                let next = layer(&levels, n, reach, &layers[n - 1], Vec::new());
                layers.push(next);
            }
            layers
        });
        PackedTable { levels, layers }
    }

    /// The value of `s`, `None` if it is not a state or is past the table.
    #[must_use]
    pub fn value(&self, s: VariantState) -> Option<Value> {
        if s.n == 0
            || s.n >= self.layers.len()
            || !VariantState::exists(s.ones_known, s.n, s.m, s.k)
        {
            return None;
        }
        let layer = &self.layers[s.n];
        let v = layer.shape.view(
            &self.levels,
            &layer.data,
            s.ones_known,
            s.m,
            s.k,
            s.lead,
            s.passed,
        );
        Some(value(&self.levels, 2 * s.n - 2 * s.m - s.k, v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A layer written into a spent buffer full of other numbers equals
    /// one written into fresh zeroed memory, on every layer n ≤ 8 of all
    /// four variants: nothing read back depends on what the buffer held.
    #[test]
    fn a_reused_buffer_gives_the_same_layer() {
        for variant in Variant::ALL {
            let levels = Levels::new(variant, 8);
            let mut below = Layer::default();
            for n in 1..=8 {
                let reach = variant.lead_reach(n, Some(8));
                let fresh = layer(&levels, n, reach, &below, Vec::new());
                let dirty = vec![u64::MAX; 2 * fresh.data.len() + 7];
                let reused = layer(&levels, n, reach, &below, dirty);
                assert_eq!(fresh.data, reused.data, "{variant}, n = {n}");
                below = fresh;
            }
        }
    }
}
