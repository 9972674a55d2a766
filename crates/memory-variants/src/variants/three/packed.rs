//! The three-player recurrence of [`super::optimized`] (document 004 §2.1
//! with §4 items 1 and 2: a third seat and the passes of a round) with its
//! numerators packed in one flat arena of `u64` limbs per layer: the fast
//! path for the start values (the claims, the CLI and the bench call
//! [`start_values_under`]).
//!
//! Same numbers, other storage (SPEC.md "Memory variants: three players",
//! "Packed three-player recurrence"): every number of a state with u
//! unknown cards is an integer over u! (max-n) or 3·u! (paranoid) and at
//! most 3·u!, so a level u has a fixed width, the limbs 3·u! needs. A layer
//! n keeps its states by u, then (F/G, m) with k = 2n − 2m − u, then the
//! passes just made; each state is four (max-n) or six (paranoid) numbers of
//! its level's width. Max-n keeps, in place of each place's winning chance
//! w, its payoff key 3·w + draw (over 3·u!; the draw stays over u!): the
//! same linear sums, and the mover's choice compares stored numbers instead
//! of building keys (SPEC.md "Packed limbs"); a read-out subtracts the draw again. The limb arithmetic
//! is the `pairs` variant's
//! ([`super::super::limbs`]): a step adds count · slice into per-thread
//! scratch in place and compares limb by limb; nothing is allocated per
//! state and a `BigRational` is made only when a value is read out.
//!
//! **Parallel.** Inside a layer the states of one u read only states of
//! lower u and the layer below, and the passes of one (F/G, m, k) read only
//! each other: the states of one u are split across threads, each thread
//! doing all the pass counts of its states, and every state is a pure
//! function of what it reads, so the arena is the same on any number of
//! threads.
//!
//! [`super::optimized::ThreeTable`] (`BigInt` numerators) stays the slow
//! exact reference this path is tested against on every state.

use super::super::limbs::{cmp, from_biguint, to_biguint};
use super::super::reads;
use super::super::walk::{unknown_first, Read};
use super::optimized::{MaxN, Paranoid, Value};
use super::{Mode, PassRule, ThreeState};
use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::One;
use rayon::prelude::*;
use std::cmp::Ordering;

/// Numbers per state: max-n the three winning chances and the draw;
/// paranoid the three guarantees and the three focal games' draws.
fn slots(mode: Mode) -> usize {
    match mode {
        Mode::MaxN => 4,
        Mode::Paranoid => 6,
    }
}

/// The factorials, widths and end values of every level 0..=2·N.
struct Levels {
    mode: Mode,
    slots: usize,
    factorials: Vec<BigUint>,
    /// Limbs of one number of level u.
    width: Vec<usize>,
    /// The mover wins, the next seat wins, a draw, at level u.
    mover_wins: Vec<Vec<u64>>,
    next_wins: Vec<Vec<u64>>,
    draw: Vec<Vec<u64>>,
}

impl Levels {
    fn new(mode: Mode, max_pairs: usize) -> Levels {
        let slots = slots(mode);
        let mut factorials = vec![BigUint::one()];
        for i in 1..=2 * max_pairs {
            let next = &factorials[i - 1] * BigUint::from(i);
            factorials.push(next);
        }
        let mut levels = Levels {
            mode,
            slots,
            factorials,
            width: Vec::new(),
            mover_wins: Vec::new(),
            next_wins: Vec::new(),
            draw: Vec::new(),
        };
        for u in 0..=2 * max_pairs {
            let f = &levels.factorials[u];
            let all = f * 3u32;
            let w = usize::try_from(all.bits().div_ceil(64))
                .expect("small")
                .max(1);
            let pack = |xs: &[&BigUint]| -> Vec<u64> {
                xs.iter().flat_map(|x| from_biguint(x, w)).collect()
            };
            let z = BigUint::default();
            // As `optimized::Ends`, paranoid over 3·u! where a draw pays ⅓
            // (u!) to every place and counts whole in each place's draw
            // chance. Max-n keeps each place's payoff key 3·win + draw over
            // 3·u! (a win 3·u!, a draw u! to every place) and the draw over
            // u! (SPEC.md "Packed limbs").
            let (win, draw) = match mode {
                Mode::MaxN => (&all, pack(&[f, f, f, f])),
                Mode::Paranoid => (&all, pack(&[f, f, f, &all, &all, &all])),
            };
            let mut mover = vec![&z; slots];
            mover[0] = win;
            let mut next = vec![&z; slots];
            next[1] = win;
            levels.mover_wins.push(pack(&mover));
            levels.next_wins.push(pack(&next));
            levels.draw.push(draw);
            levels.width.push(w);
        }
        levels
    }

    #[inline]
    fn view<'a>(&self, u: usize, numbers: &'a [u64]) -> View<'a> {
        View::of(numbers, self.width[u], self.slots)
    }

    /// The best of `options` for the mover, at one level (as
    /// `optimized::choose`: the first of equals stays).
    fn choose<'a>(&self, options: impl IntoIterator<Item = View<'a>>) -> View<'a> {
        let mut it = options.into_iter();
        let mut best = it.next().expect("at least one option");
        match self.mode {
            Mode::MaxN => {
                for x in it {
                    if max_n_prefers(x, best) {
                        best = x;
                    }
                }
            }
            Mode::Paranoid => {
                // Each focal place its own zero-sum game: the mover
                // maximises its own guarantee and minimises the others'; at
                // an equal guarantee either side takes fewer draws.
                for x in it {
                    for i in 0..3 {
                        let better = match cmp(x.c[i], best.c[i]) {
                            Ordering::Equal => cmp(x.c[i + 3], best.c[i + 3]) == Ordering::Less,
                            Ordering::Greater => i == 0,
                            Ordering::Less => i != 0,
                        };
                        if better {
                            best.c[i] = x.c[i];
                            best.c[i + 3] = x.c[i + 3];
                        }
                    }
                }
            }
        }
        best
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
        self.slots
    }

    #[inline]
    fn summed(&self) -> &'static [usize] {
        &[0, 1, 2, 3, 4, 5][..self.slots]
    }

    #[inline]
    fn view<'a>(&'a self, u: usize, numbers: &'a [u64]) -> View<'a> {
        Levels::view(self, u, numbers)
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
        (&self.mover_wins, &self.next_wins)
    }

    #[inline]
    fn choose<'a>(&'a self, _keys: &mut (), options: impl Iterator<Item = View<'a>>) -> View<'a> {
        Levels::choose(self, options)
    }
}

/// Max-n: whether `x` is chosen over `b`: more payoff to the mover, then
/// less to the next seat, then fewer draws. The stored numbers 0..3 are the
/// payoff keys 3·win + draw, of one level's width.
fn max_n_prefers(x: View<'_>, b: View<'_>) -> bool {
    for (i, more) in [(0, true), (1, false)] {
        match cmp(x.c[i], b.c[i]) {
            Ordering::Equal => {}
            Ordering::Greater => return more,
            Ordering::Less => return !more,
        }
    }
    cmp(x.c[3], b.c[3]) == Ordering::Less
}

/// A state's numbers, by slot (max-n leaves 4 and 5 empty).
#[derive(Clone, Copy)]
struct View<'a> {
    c: [&'a [u64]; 6],
}

impl<'a> View<'a> {
    #[inline]
    fn of(numbers: &'a [u64], w: usize, slots: usize) -> View<'a> {
        let mut c: [&'a [u64]; 6] = [&[]; 6];
        for (i, slot) in c.iter_mut().enumerate().take(slots) {
            *slot = &numbers[i * w..(i + 1) * w];
        }
        View { c }
    }

    /// The same outcome seen from the seat before the mover (as
    /// `optimized::Num::handed_over`): its mover is our next seat; the
    /// max-n draw belongs to no place and stays.
    #[inline]
    fn handed_over(self, mode: Mode) -> View<'a> {
        let [a, b, c, d, e, f] = self.c;
        match mode {
            Mode::MaxN => View {
                c: [c, a, b, d, e, f],
            },
            Mode::Paranoid => View {
                c: [c, a, b, f, d, e],
            },
        }
    }
}

/// Where the states of one layer are in its arena.
#[derive(Default)]
struct Shape {
    n: usize,
    /// The rule's passes that end the game: pass counts 0..stride kept.
    stride: usize,
    /// Per u: the start of its block.
    base: Vec<usize>,
    /// Per u and F/G: the first m and how many m there are.
    ms: Vec<[(usize, usize); 2]>,
}

impl Shape {
    fn new(n: usize, rule: PassRule, levels: &Levels) -> Shape {
        let stride = usize::from(rule.passes());
        let mut shape = Shape {
            n,
            stride,
            base: Vec::new(),
            ms: Vec::new(),
        };
        let mut cursor = 0;
        for u in 0..=2 * n {
            let mut ranges = [(0usize, 0usize); 2];
            for ones in [0u8, 1] {
                let valid: Vec<usize> = (0..=n)
                    .filter(|&m| {
                        (2 * n).checked_sub(2 * m + u).is_some_and(|k| {
                            ThreeState {
                                ones_known: ones,
                                n,
                                m,
                                k,
                                passes: 0,
                            }
                            .exists()
                        })
                    })
                    .collect();
                if let (Some(&lo), Some(&hi)) = (valid.first(), valid.last()) {
                    debug_assert_eq!(hi - lo + 1, valid.len(), "contiguous m");
                    ranges[usize::from(ones)] = (lo, valid.len());
                }
            }
            shape.base.push(cursor);
            shape.ms.push(ranges);
            cursor += (ranges[0].1 + ranges[1].1) * shape.state_len(levels, u);
        }
        shape.base.push(cursor);
        shape
    }

    /// Limbs of one (F/G, m, k) with all its pass counts, at level u.
    fn state_len(&self, levels: &Levels, u: usize) -> usize {
        self.stride * levels.slots * levels.width[u]
    }

    fn len(&self) -> usize {
        self.base.last().copied().unwrap_or(0)
    }

    /// The (F/G, m, k) at `slot` (F's m first, then G's) in the block of u.
    #[inline]
    fn state_at(&self, u: usize, slot: usize) -> (u8, usize, usize) {
        let [(f_lo, f_count), (g_lo, _)] = self.ms[u];
        let (ones, m) = if slot < f_count {
            (0u8, f_lo + slot)
        } else {
            (1u8, g_lo + slot - f_count)
        };
        (ones, m, 2 * self.n - 2 * m - u)
    }

    /// The numbers of (F/G, m, k) after `passes` passes.
    #[inline]
    fn view<'a>(
        &self,
        levels: &Levels,
        data: &'a [u64],
        ones: u8,
        m: usize,
        k: usize,
        passes: usize,
    ) -> View<'a> {
        debug_assert!(
            ThreeState {
                ones_known: ones,
                n: self.n,
                m,
                k,
                passes: 0
            }
            .exists(),
            "read a non-state"
        );
        let u = 2 * self.n - 2 * m - k;
        let [(f_lo, f_count), (g_lo, _)] = self.ms[u];
        let slot = if ones == 0 {
            m - f_lo
        } else {
            f_count + m - g_lo
        };
        let one = levels.slots * levels.width[u];
        let at = self.base[u] + slot * self.state_len(levels, u) + passes * one;
        levels.view(u, &data[at..at + one])
    }
}

/// A layer of this recurrence.
type Layer = reads::Layer<Shape>;

/// Per-thread room: the three cases' mixtures, the sum over the cases (the
/// F3/G3 numerators).
struct Scratch {
    mixes: Vec<u64>,
    sum: Vec<u64>,
}

/// What one state of this recurrence reads.
type Reads<'a> = reads::Reads<'a, Levels, Shape>;

impl Reads<'_> {
    /// The numerators of F3/G3 (an unknown card first, then the best second
    /// card) into `scratch.sum`, as `optimized::Recurrence::solve` computes
    /// them ([`reads::sums`]). They do not depend on the passes just made:
    /// [`layer`] computes them once per (F/G, m, k).
    fn sums(&self, scratch: &mut Scratch, ones: u8, m: usize, k: usize) {
        let levels = self.levels;
        let mode = levels.mode;
        let n = self.own.n;
        let u = 2 * n - 2 * m - k;
        let (own, done, below) = (self.own, self.done, &self.below.shape);
        let below_data = &self.below.data[..];
        let [_, mover_wins, next_wins] = reads::Numbers::ends(levels, u);
        let read = |x: Read| match x {
            // A card turned and missed: the next seat moves, no pass counted.
            Read::Over(o, mm, kk) => own.view(levels, done, o, mm, kk, 0).handed_over(mode),
            // A pair taken: the mover again.
            Read::Again(o, mm, kk) => below.view(levels, below_data, o, mm, kk, 0),
            Read::MoverWins => mover_wins,
            Read::NextWins => next_wins,
        };
        let cases = unknown_first(ones, n, m, k);
        let Scratch { mixes, sum } = scratch;
        let w = levels.width[u];
        reads::sums(
            levels,
            &mut (),
            mixes,
            &mut sum[..levels.slots * w],
            u,
            &cases,
            read,
        );
    }

    /// Every pass count of one (F/G, m, k) into `out` (its slot of the
    /// arena), the most passes first: the options in
    /// `optimized::Recurrence::solve`'s order (take a pair, pass, an unknown
    /// card first); the first of equals stays.
    fn state(&self, scratch: &mut Scratch, ones: u8, m: usize, k: usize, out: &mut [u64]) {
        let levels = self.levels;
        let mode = levels.mode;
        let u = 2 * self.own.n - 2 * m - k;
        let one = levels.slots * levels.width[u];
        self.sums(scratch, ones, m, k);
        let Scratch { sum, .. } = scratch;
        let f3 = levels.view(u, &sum[..one]);
        let stride = self.own.stride;
        for passes in (0..stride).rev() {
            if passes > 0 && m + k < 2 {
                continue;
            }
            let (here, later) = out.split_at_mut((passes + 1) * one);
            let here = &mut here[passes * one..];
            // F1/G1: take a known pair.
            let take = (m >= 1).then(|| {
                self.below
                    .shape
                    .view(levels, &self.below.data, ones, m - 1, k, 0)
            });
            // F2/G2: pass; the rule's last pass in a row ends the game.
            let pass = (m + k >= 2).then(|| {
                if passes + 1 == stride {
                    levels.view(u, &levels.draw[u])
                } else {
                    levels.view(u, &later[..one]).handed_over(mode)
                }
            });
            let best = levels.choose([take, pass, Some(f3)].into_iter().flatten());
            let w = levels.width[u];
            for i in 0..levels.slots {
                here[i * w..(i + 1) * w].copy_from_slice(best.c[i]);
            }
        }
    }
}

/// Layer n under `rule` from layer n − 1 (`below`): per u, the states split
/// across threads. `room` is a spent layer's buffer to write into (any
/// contents), as in the pairs variant's `layer`: no fresh zeroed mapping
/// per layer (SPEC.md, "Reproduce: claims in parallel").
fn layer(levels: &Levels, rule: PassRule, n: usize, below: &Layer, room: Vec<u64>) -> Layer {
    let shape = Shape::new(n, rule, levels);
    let mut data = room;
    data.clear();
    data.resize(shape.len(), 0);
    let top = levels.slots * (levels.width[2 * n] + 1);
    let scratch = || Scratch {
        mixes: vec![0; 3 * top],
        sum: vec![0; top],
    };
    for u in 1..=2 * n {
        let (start, end) = (shape.base[u], shape.base[u + 1]);
        if start == end {
            continue;
        }
        let (done, rest) = data.split_at_mut(start);
        let reads = Reads {
            levels,
            own: &shape,
            done,
            below,
        };
        rest[..end - start]
            .par_chunks_mut(shape.state_len(levels, u))
            .enumerate()
            .with_min_len(8)
            .for_each_init(scratch, |scratch, (slot, out)| {
                let (ones, m, k) = shape.state_at(u, slot);
                reads.state(scratch, ones, m, k, out);
            });
    }
    Layer { shape, data }
}

/// A read-out value of level u.
fn value(levels: &Levels, u: usize, v: View<'_>) -> Value {
    let d = match levels.mode {
        Mode::MaxN => BigInt::from(levels.factorials[u].clone()),
        Mode::Paranoid => BigInt::from(&levels.factorials[u] * 3u32),
    };
    let q = |x: &[u64]| BigRational::new(BigInt::from(to_biguint(x)), d.clone());
    match levels.mode {
        Mode::MaxN => {
            // A place's win is its payoff key less the draw, over 3·u!.
            let draw = to_biguint(v.c[3]);
            let d3 = &d * 3u32;
            let win =
                |key: &[u64]| BigRational::new(BigInt::from(to_biguint(key) - &draw), d3.clone());
            Value::MaxN(MaxN {
                wins: [win(v.c[0]), win(v.c[1]), win(v.c[2])],
                draw: q(v.c[3]),
            })
        }
        Mode::Paranoid => Value::Paranoid(Paranoid {
            guaranteed: [q(v.c[0]), q(v.c[1]), q(v.c[2])],
            draws: [q(v.c[3]), q(v.c[4]), q(v.c[5])],
        }),
    }
}

/// The start F(N,0,0) of every N in 1..=`max_pairs` under `mode`, passes
/// ending the game by `rule`, index N − 1 (the same values as
/// [`super::optimized::start_values_under`]). Keeps two layers at a time.
#[must_use]
pub fn start_values_under(mode: Mode, rule: PassRule, max_pairs: usize) -> Vec<Value> {
    // On a thread of rayon's pool (SPEC.md "Packed limbs"): every level's parallel loop is then a local split, not a job
    // injected from outside and waited for on a lock.
    rayon::scope(|_| {
        let levels = Levels::new(mode, max_pairs);
        let mut below = Layer::default();
        let mut room = Vec::new();
        let mut out = Vec::with_capacity(max_pairs);
        for n in 1..=max_pairs {
            let next = layer(&levels, rule, n, &below, room);
            let start = next.shape.view(&levels, &next.data, 0, 0, 0, 0);
            out.push(value(&levels, 2 * n, start));
            room = std::mem::replace(&mut below, next).data;
        }
        out
    })
}

/// [`start_values_under`] under [`Mode::MaxN`].
#[must_use]
pub fn max_n_starts_under(rule: PassRule, max_pairs: usize) -> Vec<MaxN> {
    start_values_under(Mode::MaxN, rule, max_pairs)
        .into_iter()
        .filter_map(|v| v.max_n().cloned())
        .collect()
}

/// [`start_values_under`] under [`Mode::Paranoid`].
#[must_use]
pub fn paranoid_starts_under(rule: PassRule, max_pairs: usize) -> Vec<Paranoid> {
    start_values_under(Mode::Paranoid, rule, max_pairs)
        .into_iter()
        .filter_map(|v| v.paranoid().cloned())
        .collect()
}

/// Every layer n ≤ `max_pairs`: the packed path's whole table, for checking
/// it state by state against [`super::optimized::ThreeTable`].
pub struct PackedThreeTable {
    rule: PassRule,
    levels: Levels,
    layers: Vec<Layer>,
}

impl PackedThreeTable {
    /// Solves every state with n ≤ `max_pairs` under `mode` and `rule`.
    #[must_use]
    pub fn build_under(mode: Mode, rule: PassRule, max_pairs: usize) -> PackedThreeTable {
        let levels = Levels::new(mode, max_pairs);
        let layers = rayon::scope(|_| {
            let mut layers = vec![Layer::default()];
            for n in 1..=max_pairs {
                let next = layer(&levels, rule, n, &layers[n - 1], Vec::new());
                layers.push(next);
            }
            layers
        });
        PackedThreeTable {
            rule,
            levels,
            layers,
        }
    }

    /// The value of `s`, `None` if it is not a state under the table's rule
    /// or is past the table.
    #[must_use]
    pub fn value(&self, s: ThreeState) -> Option<Value> {
        if s.n == 0 || s.n >= self.layers.len() || !s.exists_under(self.rule) {
            return None;
        }
        let layer = &self.layers[s.n];
        let v = layer.shape.view(
            &self.levels,
            &layer.data,
            s.ones_known,
            s.m,
            s.k,
            usize::from(s.passes),
        );
        Some(value(&self.levels, 2 * s.n - 2 * s.m - s.k, v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A layer written into a spent buffer full of other numbers equals
    /// one written into fresh zeroed memory, on every layer n ≤ 6 of both
    /// modes under both pass rules.
    #[test]
    fn a_reused_buffer_gives_the_same_layer() {
        for mode in [Mode::MaxN, Mode::Paranoid] {
            for rule in PassRule::ALL {
                let levels = Levels::new(mode, 6);
                let mut below = Layer::default();
                for n in 1..=6 {
                    let fresh = layer(&levels, rule, n, &below, Vec::new());
                    let dirty = vec![u64::MAX; 2 * fresh.data.len() + 7];
                    let reused = layer(&levels, rule, n, &below, dirty);
                    assert_eq!(fresh.data, reused.data, "n = {n}");
                    below = fresh;
                }
            }
        }
    }
}
