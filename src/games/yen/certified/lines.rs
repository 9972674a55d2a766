//! A finished layer of the certified table copied along the lines of the
//! stage games that read it (document 000 §2, the round's rule; SPEC.md
//! "Certified tables: successors laid out along the lines that read them").
//!
//! Along a row of the stage game of (r, a, b, d) A's bet x is fixed and B's
//! bet y runs over 0..=b; the successor is (r − 1, a − x, b − y, d′) with
//! d′ = d − x − y for y < x (the lower bet, y, takes both) and d′ = d + x + y
//! for y > x. So for y < x the difference c = d′ − b′ = d − x − b is the same
//! on the whole stretch, and for y > x the sum s = d′ + b′ = d + x + b is:
//! each stretch is a diagonal of the (b′, d′) plane of A's money a − x. In
//! the layer's own layout (blocks by (a′, b′), d′ within a block) each entry
//! of such a stretch lies in a different block, a cache line per entry; here
//! every (a′, diagonal) holds its T + 1 entries b′ = 0..=T one after another,
//! so a stretch is a contiguous run, read backwards. Columns are the same
//! with the players' roles swapped: B's money b − y fixed, d′ + a′ constant
//! for x < y and d′ − a′ for x > y.
//!
//! Every entry is the interval the entry-by-entry look-up gives
//! ([`Certified::look_up`], or the sign rule of a player without money), so
//! the rows and columns, and with them every bound, are the same bits.
//! Memory: four copies of (T + 1) × (2T + 1) × (T + 1) intervals of one
//! layer, 16 bytes each: 131 MB at T = 100, 1.04 GB at T = 200, built once
//! per layer in O(T³) and reused for the next.

use super::{Certified, Interval, Layer};
use crate::games::yen::rules::State;
use rayon::prelude::*;

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
    /// [a′][(d′ − b′ + 2T) / 2][b′]: rows' stretches with B's bet below A's.
    row_down: Vec<Interval>,
    /// [a′][(d′ + b′ + 2T) / 2][b′]: rows' stretches with B's bet above A's.
    row_up: Vec<Interval>,
    /// [b′][(d′ + a′ + 2T) / 2][a′]: columns' stretches with A's bet below B's.
    column_up: Vec<Interval>,
    /// [b′][(d′ − a′ + 2T) / 2][a′]: columns' stretches with A's bet above B's.
    column_down: Vec<Interval>,
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
            row_down: Vec::new(),
            row_up: Vec::new(),
            column_up: Vec::new(),
            column_down: Vec::new(),
        });
        lines.layer = r;
        let value = |a: usize, b: usize, d: i64| entry(table, layer, n, a, b, d);
        // Fixed money `m`, diagonal `i`, running money `k`: the diagonal's
        // value is 2i + (m mod 2) − 2T, of the fixed money's parity.
        let diagonal = |m: usize, i: usize| 2 * i as i64 + (m & 1) as i64 - offset;
        fill(&mut lines.row_down, size, n, diagonals, |a, i, b| {
            value(a, b, diagonal(a, i) + b as i64)
        });
        fill(&mut lines.row_up, size, n, diagonals, |a, i, b| {
            value(a, b, diagonal(a, i) - b as i64)
        });
        fill(&mut lines.column_up, size, n, diagonals, |b, i, a| {
            value(a, b, diagonal(b, i) - a as i64)
        });
        fill(&mut lines.column_down, size, n, diagonals, |b, i, a| {
            value(a, b, diagonal(b, i) + a as i64)
        });
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
    fn line<'a>(&self, table: &'a [Interval], m: u64, c: i64) -> Option<&'a [Interval]> {
        let i = c + self.offset;
        if i < 0 || (i / 2) as usize >= self.diagonals || m as usize >= self.n {
            return None;
        }
        let start = (m as usize * self.diagonals + (i / 2) as usize) * self.n;
        Some(&table[start..start + self.n])
    }

    /// The row of A's bet `x` at `state` (every bet of B, in order),
    /// appended to `out`; `false`, with nothing appended, if a stretch falls
    /// outside the layout (never for a state the table covers).
    #[inline(always)]
    pub(super) fn row(&self, state: State, x: u64, out: &mut Vec<Interval>) -> bool {
        let (a, b, d) = (state.money_a - x, state.money_b, state.gain_diff);
        let (xi, bi) = (x as i64, b as i64);
        let lines = || {
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
        };
        let Some((down, equal, up)) = lines() else {
            return false;
        };
        stretch(state.money_b, x, down, equal, up, out);
        true
    }

    /// The column of B's bet `y` at `state` (every bet of A, in order),
    /// appended to `out`; `false` as [`Lines::row`].
    #[inline(always)]
    pub(super) fn column(&self, state: State, y: u64, out: &mut Vec<Interval>) -> bool {
        let (a, b, d) = (state.money_a, state.money_b - y, state.gain_diff);
        let (yi, ai) = (y as i64, a as i64);
        let lines = || {
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
        };
        let Some((up, equal, down)) = lines() else {
            return false;
        };
        stretch(state.money_a, y, up, equal, down, out);
        true
    }
}

/// A line of `money + 1` entries with the fixed bet `bet`: the bets below
/// it from `before` (money left `money` down), the equal bet from `equal`,
/// the bets above it from `after` (money left `money − bet − 1` down to 0).
#[inline(always)]
fn stretch(
    money: u64,
    bet: u64,
    before: &[Interval],
    equal: &[Interval],
    after: &[Interval],
    out: &mut Vec<Interval>,
) {
    let money = money as usize;
    let bet = bet as usize;
    let below = bet.min(money + 1);
    out.extend(before[money + 1 - below..=money].iter().rev());
    if bet <= money {
        out.push(equal[money - bet]);
        out.extend(after[..money - bet].iter().rev());
    }
}

/// Fills `table` (`size` entries: `n` fixed moneys × `diagonals` × `n`
/// running moneys) with `f(fixed, diagonal, running)`, a fixed money per task.
fn fill(
    table: &mut Vec<Interval>,
    size: usize,
    n: usize,
    diagonals: usize,
    f: impl Fn(usize, usize, usize) -> Interval + Sync,
) {
    table.resize(size, Interval::point(f64::NAN));
    table
        .par_chunks_mut(diagonals * n)
        .enumerate()
        .for_each(|(m, chunk)| {
            for (i, line) in chunk.chunks_exact_mut(n).enumerate() {
                for (k, slot) in line.iter_mut().enumerate() {
                    *slot = f(m, i, k);
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
    use crate::progress::Silent;

    /// Every row and column the lines give, for every bet at every state of
    /// layers 3..R − 1 (the ones the layer loop solves from lines), is the
    /// same bits as the entry-by-entry look-up's: the layout changes where
    /// an interval is read from, never which.
    #[test]
    fn rows_and_columns_from_the_lines_are_the_entry_by_entry_ones() {
        let (max, rounds) = (18u64, 6u32);
        let mut table = Certified::solve(max, rounds, &Silent);
        let bits = |v: &[Interval]| -> Vec<(u64, u64)> {
            v.iter()
                .map(|iv| (iv.lower.to_bits(), iv.upper.to_bits()))
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
                        let (mut fast, mut slow) = (Vec::new(), Vec::new());
                        for x in 0..a {
                            fast.clear();
                            slow.clear();
                            assert!(lines.row(state, x, &mut fast), "{state} row {x}");
                            table.row(state, x, &mut slow);
                            assert_eq!(bits(&fast), bits(&slow), "{state} row {x}");
                            entries += fast.len();
                        }
                        for y in 0..b {
                            fast.clear();
                            slow.clear();
                            assert!(lines.column(state, y, &mut fast), "{state} column {y}");
                            table.column(state, y, &mut slow);
                            assert_eq!(bits(&fast), bits(&slow), "{state} column {y}");
                            entries += fast.len();
                        }
                        lines_read += 1;
                    }
                }
            }
            table.lines = None;
        }
        assert!(
            lines_read > 10_000 && entries > 1_000_000,
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
