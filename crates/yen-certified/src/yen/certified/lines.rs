//! A finished layer of the certified table copied along the lines of the
//! stage games that read it (document 000 §2, the round's rule; SPEC.md
//! "One stage game").
//!
//! Along a row of the stage game of (r, a, b, d) A's bet x is fixed and B's
//! bet y runs over 0..=b; the successor is (r − 1, a − x, b − y, d′) with
//! d′ = d − x − y for y < x (the lower bet, y, takes both) and d′ = d + x + y
//! for y > x. So for y < x the difference c = d′ − b′ = d − x − b is the same
//! on the whole stretch, and for y > x the sum s = d′ + b′ = d + x + b is:
//! each stretch is a diagonal of the (b′, d′) plane of A's money a − x. In
//! the layer's own layout (blocks by (a′, b′), d′ within a block) each entry
//! of such a stretch lies in a different block, a cache line per entry; here
//! every (a′, diagonal) holds its T + 1 entries b′ = T, T − 1, …, 0 one after
//! another (the order a row reads them in), so a stretch is a contiguous
//! run, copied as it lies. Columns are the same
//! with the players' roles swapped: B's money b − y fixed, d′ + a′ constant
//! for x < y and d′ − a′ for x > y.
//!
//! Every slot holds what a line reads of the interval the entry-by-entry
//! look-up gives ([`Certified::look_up`], or the sign rule of a player
//! without money): its midpoint and, for rows, its lower bound, for columns
//! its upper bound (`Built`), in two arrays of doubles, so a stretch is two
//! copies and the midpoint of an entry is computed once per layer instead
//! of once per read. The rows and columns, and with them every bound, are
//! the same bits as the look-up's. Memory: four copies of (T + 1) × (2T + 1)
//! × (T + 1) slots of one layer, 16 bytes each: 131 MB at T = 100, 1.04 GB
//! at T = 200, built once per layer in O(T³) and reused for the next.
//!
//! Prefetching. A layer's lines outgrow the processor's caches (131 MB at
//! T = 100), and a stage game's lines are mostly read from main memory: on
//! a 2-core AMD EPYC the copies were a fifth of the profile at T ≤ 100. The
//! states of a block are solved d, d ± 2, d ± 4, … and each starts from the
//! bets its neighbour found, so the lines the next state reads are, bet for
//! bet, the same stretches one diagonal over. Each line read asks for that
//! neighbour's (`Built::ahead`, the step to it); the copies fell to 7 % of
//! the profile. A prefetch changes when memory is read, never what is read:
//! every bit of the table is the same with or without it.

use super::{Built, Certified, Interval, Layer};
use rayon::prelude::*;
use solved_games_reference::games::yen::rules::State;

/// Layer `layer` of a table laid out along diagonals (module docs).
pub(super) struct Lines {
    /// The layer (rounds left) copied.
    layer: usize,
    /// T + 1: the entries of a diagonal, and the moneys.
    n: usize,
    /// 2T + 1: the diagonals per money.
    diagonals: usize,
    /// 2T: a diagonal c (c ≡ the fixed money mod 2) is at (c + 2T) / 2.
    offset: i64,
    /// [a′][(d′ − b′ + 2T) / 2][T − b′]: rows' stretches with B's bet below A's.
    row_down: Slots,
    /// [a′][(d′ + b′ + 2T) / 2][T − b′]: rows' stretches with B's bet above A's.
    row_up: Slots,
    /// [b′][(d′ + a′ + 2T) / 2][T − a′]: columns' stretches with A's bet below B's.
    column_up: Slots,
    /// [b′][(d′ − a′ + 2T) / 2][T − a′]: columns' stretches with A's bet above B's.
    column_down: Slots,
}

/// One layout's slots: each entry's midpoint and the bound its lines need.
#[derive(Default)]
struct Slots {
    mids: Vec<f64>,
    bounds: Vec<f64>,
}

/// A diagonal of [`Slots`]: its T + 1 midpoints and bounds.
#[derive(Clone, Copy)]
struct Diagonal<'a> {
    mids: &'a [f64],
    bounds: &'a [f64],
}

impl Diagonal<'_> {
    /// Asks the processor to bring slots `range` into its caches.
    #[inline(always)]
    fn prefetch(self, range: std::ops::Range<usize>) {
        prefetch(&self.mids[range.clone()]);
        prefetch(&self.bounds[range]);
    }

    /// Appends slots `range` to `out`, as they lie.
    #[inline(always)]
    fn copy(self, range: std::ops::Range<usize>, out: &mut Built) {
        out.mids.extend_from_slice(&self.mids[range.clone()]);
        out.bounds.extend_from_slice(&self.bounds[range]);
    }
}

impl std::fmt::Debug for Lines {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lines")
            .field("layer", &self.layer)
            .field("n", &self.n)
            .finish_non_exhaustive()
    }
}

impl Lines {
    /// Layer `r` of `table` laid out along diagonals, reusing `old`'s
    /// memory; `None` for a layer that is not stored (r < 2) or not complete
    /// (layer R − 1 keeps only what a start reaches: its rows keep the
    /// entry-by-entry look-up, which solves a missing state on demand).
    pub(super) fn build(table: &Certified, r: usize, old: Option<Lines>) -> Option<Lines> {
        let layer = table.layers.get(r).filter(|_| r >= 2)?;
        if layer.values.iter().any(|iv| iv.lower.is_nan()) {
            return None;
        }
        let t = table.max_total as usize;
        let (n, diagonals) = (t + 1, 2 * t + 1);
        let offset = 2 * t as i64;
        let size = n * diagonals * n;
        let mut lines = old.unwrap_or(Lines {
            layer: r,
            n,
            diagonals,
            offset,
            row_down: Slots::default(),
            row_up: Slots::default(),
            column_up: Slots::default(),
            column_down: Slots::default(),
        });
        lines.layer = r;
        let value = |a: usize, b: usize, d: i64| entry(table, layer, n, a, b, d);
        // Fixed money `m`, diagonal `i`, running money `k`: the diagonal's
        // value is 2i + (m mod 2) − 2T, of the fixed money's parity.
        let diagonal = |m: usize, i: usize| 2 * i as i64 + (m & 1) as i64 - offset;
        let lower = |iv: Interval| iv.lower;
        let upper = |iv: Interval| iv.upper;
        fill(&mut lines.row_down, size, n, diagonals, lower, |a, i, b| {
            value(a, b, diagonal(a, i) + b as i64)
        });
        fill(&mut lines.row_up, size, n, diagonals, lower, |a, i, b| {
            value(a, b, diagonal(a, i) - b as i64)
        });
        fill(
            &mut lines.column_up,
            size,
            n,
            diagonals,
            upper,
            |b, i, a| value(a, b, diagonal(b, i) - a as i64),
        );
        fill(
            &mut lines.column_down,
            size,
            n,
            diagonals,
            upper,
            |b, i, a| value(a, b, diagonal(b, i) + a as i64),
        );
        Some(lines)
    }

    /// Whether these lines hold the layer the successors of `state` lie in.
    #[inline(always)]
    pub(super) fn below(&self, state: State) -> bool {
        state.rounds_left as usize == self.layer + 1
    }

    /// Diagonal `c` of fixed money `m`: its T + 1 entries, if the layout
    /// holds it.
    #[inline(always)]
    fn line<'a>(&self, slots: &'a Slots, m: u64, c: i64) -> Option<Diagonal<'a>> {
        let i = c + self.offset;
        if i < 0 || (i / 2) as usize >= self.diagonals || m as usize >= self.n {
            return None;
        }
        let start = (m as usize * self.diagonals + (i / 2) as usize) * self.n;
        Some(Diagonal {
            mids: &slots.mids[start..start + self.n],
            bounds: &slots.bounds[start..start + self.n],
        })
    }

    /// The row of A's bet `x` at `state` (every bet of B, in order),
    /// appended to `out`; `false`, with nothing appended, if a stretch falls
    /// outside the layout (never for a state the table covers). Then the
    /// same row of the state `out.ahead` further in gain difference is
    /// prefetched (module docs, prefetching).
    #[inline(always)]
    pub(super) fn row(&self, state: State, x: u64, out: &mut Built) -> bool {
        let Some((down, equal, up)) = self.row_lines(state, x, 0) else {
            return false;
        };
        stretch(self.n - 1, state.money_b, x, down, equal, up, out);
        if out.ahead != 0 {
            self.prefetch_row(state, x, out.ahead);
        }
        true
    }

    /// Prefetches the row of A's bet `x` at `state` with its gain
    /// difference moved by `step`.
    #[inline(always)]
    fn prefetch_row(&self, state: State, x: u64, step: i64) {
        if let Some((down, equal, up)) = self.row_lines(state, x, step) {
            ahead(self.n - 1, state.money_b, x, down, equal, up);
        }
    }

    /// The diagonals the row of A's bet `x` at `state`, its gain difference
    /// moved by `step`, is read from: below, at and above A's bet.
    #[inline(always)]
    fn row_lines(
        &self,
        state: State,
        x: u64,
        step: i64,
    ) -> Option<(Diagonal<'_>, Diagonal<'_>, Diagonal<'_>)> {
        let (a, b, d) = (state.money_a - x, state.money_b, state.gain_diff + step);
        let (xi, bi) = (x as i64, b as i64);
        // y < x: b′ = b − y from b down, d′ − b′ = d − x − b.
        let down = self.line(&self.row_down, a, d - xi - bi)?;
        if x > b {
            return Some((down, down, down));
        }
        // y = x: b′ = b − x, d′ = d; y > x: b′ = b − y from b − x − 1
        // down to 0, d′ + b′ = d + x + b.
        let equal = self.line(&self.row_down, a, d - bi + xi)?;
        let up = self.line(&self.row_up, a, d + xi + bi)?;
        Some((down, equal, up))
    }

    /// The column of B's bet `y` at `state` (every bet of A, in order),
    /// appended to `out`; `false` and the prefetch as [`Lines::row`].
    #[inline(always)]
    pub(super) fn column(&self, state: State, y: u64, out: &mut Built) -> bool {
        let Some((up, equal, down)) = self.column_lines(state, y, 0) else {
            return false;
        };
        stretch(self.n - 1, state.money_a, y, up, equal, down, out);
        if out.ahead != 0 {
            self.prefetch_column(state, y, out.ahead);
        }
        true
    }

    /// Prefetches the column of B's bet `y` at `state` with its gain
    /// difference moved by `step`, as [`Lines::prefetch_row`].
    #[inline(always)]
    fn prefetch_column(&self, state: State, y: u64, step: i64) {
        if let Some((up, equal, down)) = self.column_lines(state, y, step) {
            ahead(self.n - 1, state.money_a, y, up, equal, down);
        }
    }

    /// The diagonals the column of B's bet `y` at `state`, its gain
    /// difference moved by `step`, is read from: below, at and above B's bet.
    #[inline(always)]
    fn column_lines(
        &self,
        state: State,
        y: u64,
        step: i64,
    ) -> Option<(Diagonal<'_>, Diagonal<'_>, Diagonal<'_>)> {
        let (a, b, d) = (state.money_a, state.money_b - y, state.gain_diff + step);
        let (yi, ai) = (y as i64, a as i64);
        // x < y: a′ = a − x from a down, d′ + a′ = d + y + a.
        let up = self.line(&self.column_up, b, d + yi + ai)?;
        if y > a {
            return Some((up, up, up));
        }
        // x = y: a′ = a − y, d′ = d; x > y: a′ = a − x from a − y − 1
        // down to 0, d′ − a′ = d − y − a.
        let equal = self.line(&self.column_down, b, d - ai + yi)?;
        let down = self.line(&self.column_down, b, d - yi - ai)?;
        Some((up, equal, down))
    }
}

/// The slots a line of `money + 1` entries with the fixed bet `bet` reads
/// from each of its three diagonals: the bets below the fixed one (money
/// left `money` down), the equal bet, the bets above it (money left
/// `money − bet − 1` down to 0); the last two empty when the bet exceeds the
/// money. A diagonal holds money left k at slot T − k (`t` = T), so each is
/// a run of slots in increasing order.
#[inline(always)]
fn runs(t: usize, money: u64, bet: u64) -> [std::ops::Range<usize>; 3] {
    let (money, bet) = (money as usize, bet as usize);
    let first = t - money;
    let below = first..first + bet.min(money + 1);
    if bet <= money {
        [below, first + bet..first + bet + 1, first + bet + 1..t + 1]
    } else {
        [below, 0..0, 0..0]
    }
}

/// Appends the line of `money + 1` entries with the fixed bet `bet` to
/// `out`: its [`runs`] of `before`, `equal` and `after`.
#[inline(always)]
fn stretch(
    t: usize,
    money: u64,
    bet: u64,
    before: Diagonal<'_>,
    equal: Diagonal<'_>,
    after: Diagonal<'_>,
    out: &mut Built,
) {
    let [below, at, above] = runs(t, money, bet);
    before.copy(below, out);
    equal.copy(at, out);
    after.copy(above, out);
}

/// Prefetches what [`stretch`] would copy.
#[inline(always)]
fn ahead(
    t: usize,
    money: u64,
    bet: u64,
    before: Diagonal<'_>,
    equal: Diagonal<'_>,
    after: Diagonal<'_>,
) {
    let [below, at, above] = runs(t, money, bet);
    before.prefetch(below);
    equal.prefetch(at);
    after.prefetch(above);
}

/// Asks the processor to bring every cache line of `xs` into its caches
/// (a hint: it changes when memory is read, never what is read).
#[inline(always)]
fn prefetch(xs: &[f64]) {
    #[cfg(target_arch = "x86_64")]
    if !xs.is_empty() {
        const LINE: usize = 64;
        let start = xs.as_ptr() as usize;
        let end = start + std::mem::size_of_val(xs);
        let mut at = start & !(LINE - 1);
        while at < end {
            // SAFETY: a prefetch reads nothing and never faults; every
            // address here lies in `xs` or in the cache line it starts in.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                    at as *const i8,
                );
            }
            at += LINE;
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = xs;
}

/// Fills `slots` (`size` entries: `n` fixed moneys × `diagonals` × `n`
/// running moneys, the running money k at slot n − 1 − k) with the midpoint
/// and the `bound` of `f(fixed, diagonal, running)`, a fixed money per task.
fn fill(
    slots: &mut Slots,
    size: usize,
    n: usize,
    diagonals: usize,
    bound: impl Fn(Interval) -> f64 + Sync,
    f: impl Fn(usize, usize, usize) -> Interval + Sync,
) {
    slots.mids.resize(size, f64::NAN);
    slots.bounds.resize(size, f64::NAN);
    slots
        .mids
        .par_chunks_mut(diagonals * n)
        .zip(slots.bounds.par_chunks_mut(diagonals * n))
        .enumerate()
        .for_each(|(m, (mids, bounds))| {
            let lines = mids.chunks_exact_mut(n).zip(bounds.chunks_exact_mut(n));
            for (i, (mids, bounds)) in lines.enumerate() {
                for (slot, (mid, b)) in mids.iter_mut().zip(bounds.iter_mut()).enumerate() {
                    let iv = f(m, i, n - 1 - slot);
                    *mid = iv.mid();
                    *b = bound(iv);
                }
            }
        });
}

/// The interval the entry-by-entry look-up gives the state (a, b, d) of
/// `layer` (two or more rounds left, every state stored): a player without
/// money settles it by the sign rule of [`State::decided`], else the block
/// (its stored interval, or ±1 outside its run of undecided differences).
/// Differences of the other parity, or beyond every covered state, are
/// filled the same way and never read.
fn entry(table: &Certified, layer: &Layer, n: usize, a: usize, b: usize, d: i64) -> Interval {
    if a == 0 {
        return Interval::point((d + b as i64).signum() as f64);
    }
    if b == 0 {
        return Interval::point((d - a as i64).signum() as f64);
    }
    table
        .look_up(layer, layer.blocks[a * n + b], d)
        .unwrap_or(Interval::point(f64::NAN))
}

#[cfg(test)]
mod tests {
    use super::*;
    use solved_games_reference::progress::Silent;

    /// Every row and column the lines give, for every bet at every state of
    /// layers 3..R − 1 (the ones the layer loop solves from lines), is the
    /// same bits as the entry-by-entry look-up's: the layout changes where
    /// an interval is read from, never which.
    #[test]
    fn rows_and_columns_from_the_lines_are_the_entry_by_entry_ones() {
        let (max, rounds) = (18u64, 6u32);
        let mut table = Certified::solve(max, rounds, &Silent);
        let bits = |v: &Built| -> Vec<(u64, u64)> {
            v.mids
                .iter()
                .zip(&v.bounds)
                .map(|(mid, bound)| (mid.to_bits(), bound.to_bits()))
                .collect()
        };
        let (mut lines_read, mut entries) = (0, 0);
        for r in 3..rounds {
            let lines = Lines::build(&table, r as usize - 1, None).expect("a complete layer");
            for a in 1..=max {
                for b in 1..=max {
                    for d in -(2 * max as i64)..=2 * max as i64 {
                        let state = State {
                            rounds_left: r,
                            money_a: a,
                            money_b: b,
                            gain_diff: d,
                        };
                        if !table.covers(state)
                            || (d - (a + b) as i64) % 2 != 0
                            || state.decided().is_some()
                        {
                            continue;
                        }
                        let (mut fast, mut slow) = (Built::default(), Built::default());
                        for x in 0..a {
                            fast.clear();
                            slow.clear();
                            assert!(lines.row(state, x, &mut fast), "{state} row {x}");
                            table.row(state, x, &mut slow);
                            assert_eq!(bits(&fast), bits(&slow), "{state} row {x}");
                            entries += fast.mids.len();
                        }
                        for y in 0..b {
                            fast.clear();
                            slow.clear();
                            assert!(lines.column(state, y, &mut fast), "{state} column {y}");
                            table.column(state, y, &mut slow);
                            assert_eq!(bits(&fast), bits(&slow), "{state} column {y}");
                            entries += fast.mids.len();
                        }
                        lines_read += 1;
                    }
                }
            }
            table.lines = None;
        }
        // Since the table holds only the states a match reaches (SPEC.md,
        // "The reachability cut"): 6,750 states' lines, 1,128,072 entries.
        assert!(
            lines_read > 6_000 && entries > 1_000_000,
            "{lines_read} {entries}"
        );
    }

    /// The layer R − 1 keeps only what a start reaches: no lines for it.
    #[test]
    fn an_incomplete_layer_has_no_lines() {
        let table = Certified::solve(8, 5, &Silent);
        assert!(Lines::build(&table, 4, None).is_none());
        assert!(Lines::build(&table, 3, None).is_some());
        assert!(Lines::build(&table, 1, None).is_none());
    }
}
