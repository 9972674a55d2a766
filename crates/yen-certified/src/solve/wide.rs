//! The float LPs' inner loops compiled twice — for the x86-64 baseline
//! (SSE2, two doubles per instruction) and for AVX2 (four) — and the wider
//! one chosen at run time when the processor has it.
//!
//! Why the results are the same bits either way: each kernel is a loop of
//! independent element-wise IEEE operations (`x − f·y`, `s + w·v`, each a
//! correctly rounded multiply then a correctly rounded add or subtract), so
//! the vector width changes how many elements one instruction handles, never
//! the operations an element goes through or their order. No sum runs across
//! elements, and Rust never fuses a multiply and an add into an FMA on its
//! own (it rounds twice, as written), so enabling AVX2 cannot change a bit.
//! `tests/yen_certified.rs` solves a table with the wide kernels and again
//! with them switched off and compares every interval's bits; the unit tests
//! below compare the kernels on random rows.
//!
//! Dispatch is per call of a whole kernel (a pivot's sweep over every row,
//! a best reply's sums over every line), not per element, so its cost — one
//! relaxed load of a cached flag — is nothing beside the loop.

use solved_games_reference::solve::float_game;
use std::sync::atomic::{AtomicU8, Ordering};

/// 0: not yet asked; 1: baseline; 2: AVX2.
static CHOICE: AtomicU8 = AtomicU8::new(0);

/// Whether the AVX2 kernels run (the processor has AVX2 and they were not
/// switched off by [`set_wide`]).
#[must_use]
pub fn is_wide() -> bool {
    match CHOICE.load(Ordering::Relaxed) {
        1 => false,
        2 => true,
        _ => {
            let wide = detect();
            CHOICE.store(if wide { 2 } else { 1 }, Ordering::Relaxed);
            wide
        }
    }
}

/// Switches the AVX2 kernels off (`false`) or back on where the processor
/// has them (`true`): for the tests that compare the two, and for measuring.
pub fn set_wide(wide: bool) {
    CHOICE.store(if wide && detect() { 2 } else { 1 }, Ordering::Relaxed);
}

#[cfg(target_arch = "x86_64")]
fn detect() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
}

#[cfg(not(target_arch = "x86_64"))]
fn detect() -> bool {
    false
}

/// A condensed simplex tableau as [`exchange`] sweeps it (a column per
/// non-basic variable): rows of `stride` with the first `width` entries of
/// each in use, one right-hand side per row and one reduced cost per column.
pub struct Tableau<'a> {
    /// The rows, one after another.
    pub data: &'a mut [f64],
    /// The distance from one row's start to the next.
    pub stride: usize,
    /// The entries of a row in use.
    pub width: usize,
    /// The right-hand sides.
    pub rhs: &'a mut [f64],
    /// The reduced costs.
    pub objective: &'a mut [f64],
}

/// One basis exchange of a condensed tableau (a column per non-basic
/// variable) on entry (`r`, `e`): the variable of column `e` enters, the
/// one of row `r` leaves and takes column `e`. Row `r` and `rhs[r]` are
/// divided by the pivot p, its entry `e` becoming 1/p; every other row with
/// a non-zero `f` in column `e` becomes `row − f · pivot row` with its entry
/// `e` becoming −f/p (as 0 − f·(1/p)); `objective` follows the same rule.
/// Each entry kept is the same bits a full tableau's Gauss–Jordan pivot
/// gives it (the leaving variable's unit column goes through the same
/// operations there), without the sweep over the basic columns.
pub fn exchange(t: Tableau<'_>, r: usize, e: usize) {
    #[cfg(target_arch = "x86_64")]
    if is_wide() {
        // SAFETY: `is_wide` is true only where the processor has AVX2.
        unsafe { exchange_avx2(t, r, e) };
        return;
    }
    exchange_body(t, r, e);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn exchange_avx2(t: Tableau<'_>, r: usize, e: usize) {
    exchange_body(t, r, e);
}

#[inline(always)]
fn exchange_body(t: Tableau<'_>, r: usize, e: usize) {
    let Tableau {
        data,
        stride,
        width,
        rhs,
        objective,
    } = t;
    let p = data[r * stride + e];
    // The leaving variable's unit entry, divided with the row.
    data[r * stride + e] = 1.0;
    for x in &mut data[r * stride..r * stride + width] {
        *x /= p;
    }
    rhs[r] /= p;
    let pivot_rhs = rhs[r];
    let (before, rest) = data.split_at_mut(r * stride);
    let (pivot_row, after) = rest.split_at_mut(stride);
    let pivot_row = &pivot_row[..width];
    let others = before.chunks_exact_mut(stride).enumerate().chain(
        after
            .chunks_exact_mut(stride)
            .enumerate()
            .map(|(i, row)| (i + r + 1, row)),
    );
    for (i, row) in others {
        let row = &mut row[..width];
        let f = row[e];
        if f != 0.0 {
            // The leaving variable's 0 here, less f times its 1/p.
            row[e] = 0.0;
            subtract_scaled_body(row, f, pivot_row);
            rhs[i] -= f * pivot_rhs;
        }
    }
    let f = objective[e];
    if f != 0.0 {
        objective[e] = 0.0;
        subtract_scaled_body(objective, f, pivot_row);
    }
}

/// [`float_game::pivot_dense`] (the reference's plain kernel, inlined
/// here) on the AVX2 unit where the processor has one: the pivot of
/// [`float_game::FloatLp::with_pivot`] for the certified tables.
pub fn pivot_dense(t: &mut [f64], width: usize, height: usize, r: usize, c: usize) {
    #[cfg(target_arch = "x86_64")]
    if is_wide() {
        // SAFETY: `is_wide` is true only where the processor has AVX2.
        unsafe { pivot_dense_avx2(t, width, height, r, c) };
        return;
    }
    float_game::pivot_dense(t, width, height, r, c);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn pivot_dense_avx2(t: &mut [f64], width: usize, height: usize, r: usize, c: usize) {
    float_game::pivot_dense(t, width, height, r, c);
}

/// Step `c` of Gauss–Jordan inversion in place of a `k × k` row-major
/// matrix `a` whose rows are already swapped to put the pivot at (c, c):
/// the pivot's place becomes 1 and row c is divided by the pivot, then
/// every other row with a non-zero `f` in column c gets 0 there and becomes
/// `row − f · row c` (so column c ends as the inverse's, up to the swaps).
pub fn invert_step(a: &mut [f64], k: usize, c: usize) {
    #[cfg(target_arch = "x86_64")]
    if is_wide() {
        // SAFETY: `is_wide` is true only where the processor has AVX2.
        unsafe { invert_step_avx2(a, k, c) };
        return;
    }
    invert_step_body(a, k, c);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn invert_step_avx2(a: &mut [f64], k: usize, c: usize) {
    invert_step_body(a, k, c);
}

/// Makes `row` the pivot row of an in-place Gauss–Jordan step at column
/// `c`: its entry there becomes 1, then the whole row is divided by the
/// pivot (so that column ends as the inverse's).
#[inline(always)]
fn pivot_row(row: &mut [f64], c: usize) {
    let d = row[c];
    row[c] = 1.0;
    for x in row.iter_mut() {
        *x /= d;
    }
}

#[inline(always)]
fn invert_step_body(a: &mut [f64], k: usize, c: usize) {
    pivot_row(&mut a[c * k..(c + 1) * k], c);
    let (before, rest) = a.split_at_mut(c * k);
    let (pivot_row, after) = rest.split_at_mut(k);
    for row in before.chunks_exact_mut(k).chain(after.chunks_exact_mut(k)) {
        let f = row[c];
        if f != 0.0 {
            row[c] = 0.0;
            subtract_scaled_body(row, f, pivot_row);
        }
    }
}

/// Two steps of [`invert_step`] in one sweep: step `c` (its pivot
/// already in row c), then the pivot of column c + 1 chosen among rows
/// c + 1.. as the caller's partial pivoting would choose it after step c
/// (the first largest magnitude), its row swapped into place, and step
/// c + 1. Every other row is read and written once for both steps,
/// `(x − f·p) − g·q` element by element: the operations, their order and
/// so every bit are those of the two steps one after the other, including
/// which rows each step skips (a zero factor) and the zero each step
/// leaves in its column. Returns the row swapped into c + 1, or `None` if
/// that pivot is below 1e-12 or NaN (the matrix is then left half done).
///
/// # Panics
/// If `a` is not k × k or c + 1 ≥ k.
pub fn invert_pair(a: &mut [f64], k: usize, c: usize) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if is_wide() {
        // SAFETY: `is_wide` is true only where the processor has AVX2.
        return unsafe { invert_pair_avx2(a, k, c) };
    }
    invert_pair_body(a, k, c)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn invert_pair_avx2(a: &mut [f64], k: usize, c: usize) -> Option<usize> {
    invert_pair_body(a, k, c)
}

#[inline(always)]
fn invert_pair_body(a: &mut [f64], k: usize, c: usize) -> Option<usize> {
    assert!(
        a.len() == k * k && c + 1 < k,
        "a k × k matrix, two columns left"
    );
    let e = c + 1;
    pivot_row(&mut a[c * k..(c + 1) * k], c);
    // Column e as step c leaves it, and its pivot among rows e.. .
    let after_first = |a: &[f64], r: usize| {
        let f = a[r * k + c];
        if f != 0.0 {
            a[r * k + e] - f * a[c * k + e]
        } else {
            a[r * k + e]
        }
    };
    let (mut p, mut best) = (e, after_first(a, e).abs());
    for r in e + 1..k {
        let v = after_first(a, r).abs();
        if v > best {
            (p, best) = (r, v);
        }
    }
    if best.is_nan() || best < 1e-12 {
        return None;
    }
    if p != e {
        for j in 0..k {
            a.swap(p * k + j, e * k + j);
        }
    }
    let (head, rest) = a.split_at_mut(e * k);
    let (above, row_c) = head.split_at_mut(c * k);
    let (row_e, below) = rest.split_at_mut(k);
    // Step c on row e, then step e's pivot row.
    let f = row_e[c];
    if f != 0.0 {
        row_e[c] = 0.0;
        subtract_scaled_body(row_e, f, row_c);
    }
    pivot_row(row_e, e);
    let (first, second) = (&*row_c, &*row_e);
    let others = above.chunks_exact_mut(k).chain(below.chunks_exact_mut(k));
    for row in others {
        let f = row[c];
        let g = if f != 0.0 {
            row[e] - f * first[e]
        } else {
            row[e]
        };
        match (f != 0.0, g != 0.0) {
            (true, true) => {
                row[c] = 0.0;
                for ((x, &y), &z) in row.iter_mut().zip(first).zip(second) {
                    *x = (*x - f * y) - g * z;
                }
                row[e] = 0.0 - g * second[e];
            }
            (true, false) => {
                row[c] = 0.0;
                subtract_scaled_body(row, f, first);
            }
            (false, true) => {
                row[e] = 0.0;
                subtract_scaled_body(row, g, second);
            }
            (false, false) => {}
        }
    }
    // Step e on row c, whose old values the other rows needed.
    let g = row_c[e];
    if g != 0.0 {
        row_c[e] = 0.0;
        subtract_scaled_body(row_c, g, row_e);
    }
    Some(p)
}

/// `x[j] −= f · y[j]` for every j of the shorter slice: one row of a
/// tableau expressed in the basis, a basic row at a time.
pub fn subtract_scaled(x: &mut [f64], f: f64, y: &[f64]) {
    #[cfg(target_arch = "x86_64")]
    if is_wide() {
        // SAFETY: `is_wide` is true only where the processor has AVX2.
        unsafe { subtract_scaled_avx2(x, f, y) };
        return;
    }
    subtract_scaled_body(x, f, y);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn subtract_scaled_avx2(x: &mut [f64], f: f64, y: &[f64]) {
    subtract_scaled_body(x, f, y);
}

#[inline(always)]
fn subtract_scaled_body(x: &mut [f64], f: f64, y: &[f64]) {
    for (x, &y) in x.iter_mut().zip(y) {
        *x -= f * y;
    }
}

/// The two sweeps of Harris's ratio test over an entering column `column`
/// and the right-hand sides `rhs`: `ratios[i] = max(rhs[i], 0) / column[i]`
/// for every row (meaningless where `column[i] ≤ eps`: the caller skips
/// those), and the returned bound, the least `(max(rhs[i], 0) + eps) /
/// column[i]` over the rows with `column[i] > eps` (+∞ if none).
///
/// Why the bits are a row-by-row loop's: each ratio is one correctly rounded
/// maximum, add and divide, whatever the vector width; the bound is a least
/// value of positive finite quotients (numerator ≥ eps > 0, divisor > eps),
/// where no −0 or NaN can make the order of comparisons matter, so keeping
/// four running minima gives the value a loop of `f64::min` in row order
/// gives.
pub fn harris_ratios(column: &[f64], rhs: &[f64], eps: f64, ratios: &mut Vec<f64>) -> f64 {
    ratios.clear();
    ratios.resize(column.len(), 0.0);
    #[cfg(target_arch = "x86_64")]
    if is_wide() {
        // SAFETY: `is_wide` is true only where the processor has AVX2.
        return unsafe { harris_ratios_avx2(column, rhs, eps, ratios) };
    }
    harris_ratios_body(column, rhs, eps, ratios)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn harris_ratios_avx2(column: &[f64], rhs: &[f64], eps: f64, ratios: &mut [f64]) -> f64 {
    harris_ratios_body(column, rhs, eps, ratios)
}

#[inline(always)]
fn harris_ratios_body(column: &[f64], rhs: &[f64], eps: f64, ratios: &mut [f64]) -> f64 {
    let rhs = &rhs[..column.len()];
    for ((ratio, &a), &b) in ratios.iter_mut().zip(column).zip(rhs) {
        *ratio = b.max(0.0) / a;
    }
    let mut lanes = [f64::INFINITY; 4];
    let (columns, rhss) = (column.chunks_exact(4), rhs.chunks_exact(4));
    let (column_rest, rhs_rest) = (columns.remainder(), rhss.remainder());
    for (a4, b4) in columns.zip(rhss) {
        for ((lane, &a), &b) in lanes.iter_mut().zip(a4).zip(b4) {
            let q = (b.max(0.0) + eps) / a;
            let q = if a > eps { q } else { f64::INFINITY };
            *lane = if q < *lane { q } else { *lane };
        }
    }
    let mut bound = lanes
        .into_iter()
        .fold(f64::INFINITY, |m, q| if q < m { q } else { m });
    for (&a, &b) in column_rest.iter().zip(rhs_rest) {
        if a > eps {
            bound = bound.min((b.max(0.0) + eps) / a);
        }
    }
    bound
}

/// `sums[j] = Σ_k w_k · lines[k][j]` over the lines (each `len` long, one
/// after another) whose weight is non-zero, the terms added in line order
/// from 0.0: the payoffs of a mixed strategy against every reply.
pub fn weighted_sums(lines: &[f64], len: usize, weights: &[f64], sums: &mut Vec<f64>) {
    sums.clear();
    sums.resize(len, 0.0);
    #[cfg(target_arch = "x86_64")]
    if is_wide() {
        // SAFETY: `is_wide` is true only where the processor has AVX2.
        unsafe { weighted_sums_avx2(lines, len, weights, sums) };
        return;
    }
    weighted_sums_body(lines, len, weights, sums);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn weighted_sums_avx2(lines: &[f64], len: usize, weights: &[f64], sums: &mut [f64]) {
    weighted_sums_body(lines, len, weights, sums);
}

#[inline(always)]
fn weighted_sums_body(lines: &[f64], len: usize, weights: &[f64], sums: &mut [f64]) {
    for (line, &w) in lines.chunks_exact(len).zip(weights) {
        if w != 0.0 {
            for (s, &v) in sums.iter_mut().zip(line) {
                *s += w * v;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn bits(v: &[f64]) -> Vec<u64> {
        v.iter().map(|x| x.to_bits()).collect()
    }

    proptest! {
        /// The AVX2 kernels give the baseline's bits (on a processor without
        /// AVX2 both runs take the baseline and the test is trivially true).
        #[test]
        fn wide_kernels_give_the_baseline_bits(
            rows in 1usize..9,
            width in 1usize..40,
            seed in proptest::collection::vec(-4.0f64..4.0, 9 * 48 + 60),
            zeros in proptest::collection::vec(any::<bool>(), 9),
            r_pick in any::<usize>(),
            e_pick in any::<usize>(),
        ) {
            let stride = width + 3;
            let r = r_pick % rows;
            let e = e_pick % width;
            let mut data: Vec<f64> = seed[..rows * stride].to_vec();
            for (i, &z) in zeros.iter().enumerate().take(rows) {
                if z && i != r {
                    data[i * stride + e] = 0.0;
                }
            }
            let rhs: Vec<f64> = seed[rows * stride..rows * stride + rows].to_vec();
            let objective: Vec<f64> = seed[400..400 + width].to_vec();

            let run = |wide: bool| {
                let (mut d, mut b, mut o) = (data.clone(), rhs.clone(), objective.clone());
                let mut sums = Vec::new();
                if wide && detect() {
                    // SAFETY: the processor has AVX2.
                    unsafe { exchange_avx2(Tableau { data: &mut d, stride, width, rhs: &mut b, objective: &mut o }, r, e) };
                    sums.resize(stride, 0.0);
                    unsafe { weighted_sums_avx2(&data, stride, &rhs, &mut sums) };
                } else {
                    exchange_body(Tableau { data: &mut d, stride, width, rhs: &mut b, objective: &mut o }, r, e);
                    sums.resize(stride, 0.0);
                    weighted_sums_body(&data, stride, &rhs, &mut sums[..]);
                }
                let mut inverse: Vec<f64> = seed.iter().cycle().take(width * width).copied().collect();
                let c = e % width;
                inverse[c * width + c] = 1.5;
                if wide && detect() {
                    // SAFETY: the processor has AVX2.
                    unsafe { invert_step_avx2(&mut inverse, width, c) };
                } else {
                    invert_step_body(&mut inverse, width, c);
                }
                let mut dense = data.clone();
                if wide && detect() {
                    // SAFETY: the processor has AVX2.
                    unsafe { pivot_dense_avx2(&mut dense, stride, rows, r, e) };
                } else {
                    float_game::pivot_dense(&mut dense, stride, rows, r, e);
                }
                let mut x = objective.clone();
                if wide && detect() {
                    // SAFETY: the processor has AVX2.
                    unsafe { subtract_scaled_avx2(&mut x, rhs[0], &data) };
                } else {
                    subtract_scaled_body(&mut x, rhs[0], &data);
                }
                (bits(&d), bits(&b), bits(&o), bits(&sums), bits(&x), bits(&dense), bits(&inverse))
            };
            prop_assert_eq!(run(true), run(false));
        }
    }

    /// Inverts `a` in place with partial pivoting as `GrowingGame`'s crash
    /// does, a column at a time or (`paired`) two at a time where two are
    /// left: the swaps, or `None` where a pivot is below 1e-12 or NaN.
    fn invert(a: &mut [f64], k: usize, paired: bool, wide: bool) -> Option<Vec<usize>> {
        let mut swaps = Vec::new();
        let mut c = 0;
        while c < k {
            let (mut p, mut best) = (c, a[c * k + c].abs());
            for r in c + 1..k {
                if a[r * k + c].abs() > best {
                    (p, best) = (r, a[r * k + c].abs());
                }
            }
            if best.is_nan() || best < 1e-12 {
                return None;
            }
            swaps.push(p);
            for j in 0..k {
                a.swap(p * k + j, c * k + j);
            }
            if paired && c + 1 < k {
                let second = if wide && detect() {
                    // SAFETY: the processor has AVX2.
                    unsafe { invert_pair_avx2(a, k, c) }
                } else {
                    invert_pair_body(a, k, c)
                };
                swaps.push(second?);
                c += 2;
            } else {
                invert_step_body(a, k, c);
                c += 1;
            }
        }
        Some(swaps)
    }

    proptest! {
        /// Two steps of the inversion in one sweep give the bits of two
        /// single steps, on either kernel: the same swaps, the same
        /// singular matrices, every entry the same (entries drawn with
        /// zeros of both signs, ties and repeated rows, so that every
        /// branch of the skipped factors and of the pivot choice runs).
        #[test]
        fn two_steps_in_one_sweep_are_two_single_steps(
            k in 2usize..11,
            picks in proptest::collection::vec(0usize..12, 100),
            noise in proptest::collection::vec(-3.0f64..3.0, 100),
        ) {
            let values = [0.0, -0.0, 1.0, -1.0, 0.5, 2.0, -2.0, 3.0];
            let a: Vec<f64> = picks
                .iter()
                .zip(&noise)
                .take(k * k)
                .map(|(&i, &x)| if i < values.len() { values[i] } else { x })
                .collect();
            let single = {
                let mut m = a.clone();
                invert(&mut m, k, false, false).map(|s| (s, bits(&m)))
            };
            for wide in [false, true] {
                let mut m = a.clone();
                let paired = invert(&mut m, k, true, wide).map(|s| (s, bits(&m)));
                prop_assert_eq!(&paired, &single, "wide {}", wide);
            }
        }
    }

    proptest! {
        /// Harris's two sweeps give, on either kernel, the bits of the
        /// row-by-row loop they replaced: the quotients, and the least
        /// bounding quotient over the rows above `eps` (columns with zeros,
        /// negatives, entries at `eps` and ties among the quotients).
        #[test]
        fn harris_ratios_are_the_row_by_row_loops(
            entries in proptest::collection::vec(
                prop_oneof![
                    Just(0.0), Just(1e-11), Just(-1.0), Just(0.5), Just(2.0), -3.0f64..3.0
                ],
                1..40,
            ),
            rhs in proptest::collection::vec(
                prop_oneof![Just(0.0), Just(-0.0), Just(1.0), -1.0f64..4.0],
                40,
            ),
        ) {
            let eps = 1e-11;
            let mut bound = f64::INFINITY;
            for (&a, &b) in entries.iter().zip(&rhs) {
                if a > eps {
                    bound = bound.min((b.max(0.0) + eps) / a);
                }
            }
            let quotients: Vec<f64> = entries.iter().zip(&rhs).map(|(&a, &b)| b.max(0.0) / a).collect();
            for wide in [false, true] {
                let mut ratios = Vec::new();
                let got = if wide && detect() {
                    ratios.resize(entries.len(), 0.0);
                    // SAFETY: the processor has AVX2.
                    unsafe { harris_ratios_avx2(&entries, &rhs, eps, &mut ratios) }
                } else {
                    harris_ratios(&entries, &rhs, eps, &mut ratios)
                };
                prop_assert_eq!(got.to_bits(), bound.to_bits());
                prop_assert_eq!(bits(&ratios), bits(&quotients));
            }
        }
    }

    /// The exchange on a condensed tableau keeps what a full tableau's
    /// Gauss–Jordan pivot gives the same entries: its column `e` becomes the
    /// leaving variable's (row r's unit column in the full tableau), every
    /// other column stays its variable's, and the right-hand sides and
    /// reduced costs follow, all the same bits up to the sign of a zero
    /// (entries, zeros of both signs and ties drawn from a few values), on
    /// both kernels.
    #[test]
    fn exchange_is_a_full_pivot_on_the_non_basic_columns() {
        let values = [0.0, -0.0, 1.0, -1.0, 0.5, 3.0, -2.25, 1.0 / 3.0, 7.0 / 9.0];
        let mut seed = 99u64;
        let mut draw = |k: usize| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) as usize % k
        };
        let same = |x: f64, y: f64| x.to_bits() == y.to_bits() || (x == 0.0 && y == 0.0);
        for case in 0..2_000 {
            let (m, n) = (1 + draw(7), 1 + draw(9));
            let (r, e) = (draw(m), draw(n));
            let (stride, width) = (n + draw(3), n + m);
            // The full tableau: n non-basic columns, then the m basic
            // variables' unit columns (row i's basic variable is n + i).
            let mut full = vec![0.0; m * width];
            for i in 0..m {
                for j in 0..n {
                    full[i * width + j] = values[draw(values.len())];
                }
                full[i * width + n + i] = 1.0;
            }
            if full[r * width + e] == 0.0 {
                full[r * width + e] = 2.0;
            }
            let rhs: Vec<f64> = (0..m).map(|_| values[draw(values.len())]).collect();
            let costs: Vec<f64> = (0..n).map(|_| values[draw(values.len())]).collect();
            let mut condensed = vec![0.0; m * stride];
            for i in 0..m {
                condensed[i * stride..i * stride + n]
                    .copy_from_slice(&full[i * width..i * width + n]);
            }
            // The full pivot, written out: row r divided, every other row
            // with a non-zero factor less that factor times row r.
            let mut f_rhs = rhs.clone();
            let mut f_costs: Vec<f64> = costs.iter().copied().chain(vec![0.0; m]).collect();
            let p = full[r * width + e];
            for x in &mut full[r * width..(r + 1) * width] {
                *x /= p;
            }
            f_rhs[r] /= p;
            let pivot: Vec<f64> = full[r * width..(r + 1) * width].to_vec();
            for i in (0..m).filter(|&i| i != r) {
                let f = full[i * width + e];
                if f != 0.0 {
                    for (x, &y) in full[i * width..(i + 1) * width].iter_mut().zip(&pivot) {
                        *x -= f * y;
                    }
                    full[i * width + e] = 0.0;
                    f_rhs[i] -= f * f_rhs[r];
                }
            }
            let f = f_costs[e];
            if f != 0.0 {
                for (x, &y) in f_costs.iter_mut().zip(&pivot) {
                    *x -= f * y;
                }
                f_costs[e] = 0.0;
            }
            // Column j of the condensed tableau is variable j's, except e,
            // now the leaving variable's: full column n + r.
            let full_column = |j: usize| if j == e { n + r } else { j };
            let mut runs = Vec::new();
            for wide in [false, true] {
                let (mut d, mut b, mut c) = (condensed.clone(), rhs.clone(), costs.clone());
                let t = Tableau {
                    data: &mut d,
                    stride,
                    width: n,
                    rhs: &mut b,
                    objective: &mut c,
                };
                if wide && detect() {
                    // SAFETY: the processor has AVX2.
                    unsafe { exchange_avx2(t, r, e) };
                } else {
                    exchange_body(t, r, e);
                }
                for i in 0..m {
                    for j in 0..n {
                        let (x, y) = (d[i * stride + j], full[i * width + full_column(j)]);
                        assert!(same(x, y), "case {case}: ({i}, {j}) {x} vs {y}");
                    }
                    assert!(same(b[i], f_rhs[i]), "case {case}: rhs {i}");
                }
                for (j, &x) in c.iter().enumerate() {
                    assert!(same(x, f_costs[full_column(j)]), "case {case}: cost {j}");
                }
                runs.push((bits(&d), bits(&b), bits(&c)));
            }
            assert_eq!(runs[0], runs[1], "case {case}: both kernels");
        }
    }

    /// The dense pivot divides its row, leaves an exact 0 in the pivot
    /// column of every other row (the objective's included) and subtracts
    /// `f` times the pivot row, right-hand sides with it.
    #[test]
    fn pivot_dense_clears_the_pivot_column() {
        // Two constraint rows and the objective row, width 4 (the last
        // entry the right-hand side).
        let mut t = vec![
            2.0, 4.0, 1.0, 6.0, //
            1.0, 3.0, 0.0, 2.0, //
            -1.0, -1.0, 0.0, 0.0,
        ];
        pivot_dense(&mut t, 4, 3, 0, 0);
        assert_eq!(
            t,
            vec![
                1.0, 2.0, 0.5, 3.0, //
                0.0, 1.0, -0.5, -1.0, //
                0.0, 1.0, 0.5, 3.0,
            ]
        );
    }
}
