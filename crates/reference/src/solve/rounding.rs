//! Directed rounding on `f64`: every operation returns a bound on the exact
//! result, rounded down (`*_down`) or up (`*_up`), so that a chain of them
//! encloses the real-number computation. Used to turn floating-point game
//! solutions into rigorous bounds (the certified 10,000-yen solver, and the
//! float filter of the exact one).
//!
//! Rust offers no control of the FPU's rounding mode, so each operation is
//! done in the default round-to-nearest and then corrected: the rounding
//! error of a sum is recovered exactly by Knuth's TwoSum, that of a product
//! by one fused multiply-add, that of a quotient by the remainder
//! `a − q·b` (also one fused multiply-add); the result moves one ulp
//! outward exactly when the error points that way. An exact result therefore
//! stays exact (a pure strategy against ±1 payoffs gives a bound of exactly
//! ±1), and an inexact one is the correctly directed-rounded result.
//!
//! Inputs must be finite. Products and quotients that land near the
//! underflow threshold, where the error terms above stop being exact, are
//! moved outward unconditionally (still a valid bound).
//!
//! # Examples
//! ```
//! use solved_games_reference::solve::rounding::{add_down, add_up};
//! let (lo, hi) = (add_down(0.1, 0.2), add_up(0.1, 0.2));
//! assert!(lo < hi && hi.to_bits() == lo.to_bits() + 1); // 0.1 + 0.2 is not a double
//! assert_eq!(add_down(0.5, 0.25), 0.75); // exact sums stay exact
//! ```

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive, Zero};
use std::cmp::Ordering;

/// Below this magnitude the error terms of a product or quotient may be
/// inexact (subnormal range, with margin); results there are widened.
const TINY: f64 = 1e-290;

/// The next double above `x` (`x` finite). `f64::next_up` needs Rust 1.86.
#[must_use]
pub fn next_up(x: f64) -> f64 {
    if x.is_nan() || x == f64::INFINITY {
        return x;
    }
    if x == 0.0 {
        return f64::from_bits(1);
    }
    let bits = x.to_bits();
    f64::from_bits(if x > 0.0 { bits + 1 } else { bits - 1 })
}

/// The next double below `x` (`x` finite).
#[must_use]
pub fn next_down(x: f64) -> f64 {
    -next_up(-x)
}

/// The exact rounding error of `a + b`: `(a + b) − fl(a + b)` (TwoSum).
fn sum_error(a: f64, b: f64, s: f64) -> f64 {
    let bb = s - a;
    (a - (s - bb)) + (b - bb)
}

/// A lower bound on `a + b`: the sum rounded down.
#[must_use]
pub fn add_down(a: f64, b: f64) -> f64 {
    let s = a + b;
    if sum_error(a, b, s) < 0.0 {
        next_down(s)
    } else {
        s
    }
}

/// An upper bound on `a + b`: the sum rounded up.
#[must_use]
pub fn add_up(a: f64, b: f64) -> f64 {
    let s = a + b;
    if sum_error(a, b, s) > 0.0 {
        next_up(s)
    } else {
        s
    }
}

/// A lower bound on `a · b`.
#[must_use]
pub fn mul_down(a: f64, b: f64) -> f64 {
    let p = a * b;
    // Exact: a factor 0 or ±1 (most payoffs of a stage game are ±1).
    if a == 0.0 || b == 0.0 || b.abs() == 1.0 || a.abs() == 1.0 {
        return p;
    }
    if p.abs() < TINY {
        return next_down(p);
    }
    if a.mul_add(b, -p) < 0.0 {
        next_down(p)
    } else {
        p
    }
}

/// An upper bound on `a · b`.
#[must_use]
pub fn mul_up(a: f64, b: f64) -> f64 {
    -mul_down(-a, b)
}

/// A lower bound on `a / b`, for `b > 0`.
#[must_use]
pub fn div_down(a: f64, b: f64) -> f64 {
    debug_assert!(b > 0.0);
    let q = a / b;
    if a == 0.0 {
        return q;
    }
    if q.abs() < TINY || a.abs() < TINY {
        return next_down(q);
    }
    // r = a − q·b exactly; r < 0 means q·b > a, so q is above a/b.
    if (-q).mul_add(b, a) < 0.0 {
        next_down(q)
    } else {
        q
    }
}

/// An upper bound on `a / b`, for `b > 0`.
#[must_use]
pub fn div_up(a: f64, b: f64) -> f64 {
    -div_down(-a, b)
}

/// 2¹²⁷, the one double the cast `x as f64` can return that lies outside
/// `i128` (`i128::MAX` and the integers just below it round up to it).
const TWO_127: f64 = 170_141_183_460_469_231_731_687_303_715_884_105_728.0;

/// A lower bound on the integer `x` as an `f64`: the greatest double ≤ `x`.
#[must_use]
pub fn i128_down(x: i128) -> f64 {
    let f = x as f64;
    // `f` is an integer of magnitude ≤ 2^127; below 2^127 the cast back is
    // exact, and 2^127 itself is above every `i128` (the cast back would
    // saturate to i128::MAX and hide that).
    if f >= TWO_127 || f as i128 > x {
        next_down(f)
    } else {
        f
    }
}

/// An upper bound on the integer `x` as an `f64`: the least double ≥ `x`.
/// Written out rather than as −`i128_down`(−x), which overflows at
/// `i128::MIN`.
#[must_use]
pub fn i128_up(x: i128) -> f64 {
    let f = x as f64;
    // −2^127 = i128::MIN is exact; 2^127 is above every `i128`.
    if f < TWO_127 && (f as i128) < x {
        next_up(f)
    } else {
        f
    }
}

/// A lower bound on `num / den`, for `den > 0`: exact integer sums (of
/// fixed-point products) divided with one directed rounding (within 7
/// doubles of the quotient: each conversion may round too).
#[must_use]
pub fn ratio_down(num: i128, den: i128) -> f64 {
    debug_assert!(den > 0);
    if num >= 0 {
        div_down(i128_down(num), i128_up(den))
    } else {
        div_down(i128_down(num), i128_down(den))
    }
}

/// An upper bound on `num / den`, for `den > 0` (written out: −num
/// overflows at `i128::MIN`).
#[must_use]
pub fn ratio_up(num: i128, den: i128) -> f64 {
    debug_assert!(den > 0);
    if num >= 0 {
        div_up(i128_up(num), i128_down(den))
    } else {
        div_up(i128_up(num), i128_up(den))
    }
}

/// A lower bound on Σ `weights[k] · values[k]` over `k` (weights ≥ 0 are
/// not required; each product is rounded down).
#[must_use]
pub fn dot_down(weights: impl IntoIterator<Item = (f64, f64)>) -> f64 {
    weights
        .into_iter()
        .fold(0.0, |acc, (w, v)| add_down(acc, mul_down(w, v)))
}

/// An upper bound on Σ `w · v` over the pairs.
#[must_use]
pub fn dot_up(weights: impl IntoIterator<Item = (f64, f64)>) -> f64 {
    weights
        .into_iter()
        .fold(0.0, |acc, (w, v)| add_up(acc, mul_up(w, v)))
}

/// Rigorous bounds `(lo, hi)` with lo ≤ `x` ≤ hi, both doubles next to
/// `x` (equal when `x` is a double): the nearest double, checked exactly
/// against `x` and stepped outward until it is on the right side.
#[must_use]
pub fn enclose(x: &BigRational) -> (f64, f64) {
    let f = x.to_f64().unwrap_or(0.0).clamp(-f64::MAX, f64::MAX);
    let exact = |f: f64| BigRational::from_float(f).expect("finite");
    match exact(f).cmp(x) {
        Ordering::Equal => (f, f),
        Ordering::Less => {
            let mut hi = next_up(f);
            while exact(hi) < *x {
                hi = next_up(hi);
            }
            (f, hi)
        }
        Ordering::Greater => {
            let mut lo = next_down(f);
            while exact(lo) > *x {
                lo = next_down(lo);
            }
            (lo, f)
        }
    }
}

/// Rigorous bounds `(lo, hi)` on the quotient `n / d` (`d > 0`) without
/// forming the rational: both integers are cut to their leading 53 bits,
/// n ∈ [n', n' + 1]·2^s and d ∈ [d', d' + 1]·2^t, and the bounds divided
/// out with directed rounding. Relative width about 2⁻⁵⁰: a filter, not a
/// value.
///
/// # Panics
/// If `d ≤ 0`.
#[must_use]
pub fn quotient_bounds(n: &BigInt, d: &BigInt) -> (f64, f64) {
    assert!(d.is_positive(), "quotient bounds need a positive divisor");
    if n.is_zero() {
        return (0.0, 0.0);
    }
    let lead = |x: &BigInt| -> (f64, f64, i64) {
        let bits = x.bits();
        // 53 bits, so that the integer and its successor are exact doubles.
        let s = bits.saturating_sub(53);
        let top = (x.magnitude() >> s).to_u64().expect("53 bits fit") as f64;
        // x ∈ [top, top + 1]·2^s, exact when nothing was cut.
        let upper = if s == 0 { top } else { top + 1.0 };
        (top, upper, s as i64)
    };
    let (n_lo, n_hi, s) = lead(n);
    let (d_lo, d_hi, t) = lead(d);
    let (lo, hi) = (div_down(n_lo, d_hi), div_up(n_hi, d_lo));
    let scale = |x: f64| scale_by_power_of_two(x, s - t);
    if n.is_negative() {
        (next_down(-scale(hi)), next_up(-scale(lo)))
    } else {
        (next_down(scale(lo)), next_up(scale(hi)))
    }
}

/// x·2^e, exact unless it under- or overflows (then the widening by the
/// caller's next_down/next_up does not cover it; quotients here are of
/// game values and probabilities, far from both ends).
fn scale_by_power_of_two(mut x: f64, mut e: i64) -> f64 {
    while e > 0 {
        let step = e.min(1000);
        x *= f64::from_bits(((1023 + step) as u64) << 52);
        e -= step;
    }
    while e < 0 {
        let step = (-e).min(1000);
        x *= f64::from_bits(((1023 - step) as u64) << 52);
        e += step;
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::exact::ratio;
    use proptest::prelude::*;

    fn exact(x: f64) -> BigRational {
        BigRational::from_float(x).unwrap()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// Each bound is on the right side of the exact result and at most
        /// one ulp away from round-to-nearest.
        #[test]
        fn bounds_enclose_the_exact_result(a in -1e3f64..1e3, b in -1e3f64..1e3, c in 1e-3f64..1e3) {
            let (ea, eb, ec) = (exact(a), exact(b), exact(c));
            let sum = &ea + &eb;
            prop_assert!(exact(add_down(a, b)) <= sum && sum <= exact(add_up(a, b)));
            let prod = &ea * &eb;
            prop_assert!(exact(mul_down(a, b)) <= prod && prod <= exact(mul_up(a, b)));
            let quot = &ea / &ec;
            prop_assert!(exact(div_down(a, c)) <= quot && quot <= exact(div_up(a, c)));
            prop_assert!(add_up(a, b).to_bits().abs_diff((a + b).to_bits()) <= 1);
        }

        #[test]
        fn dot_products_enclose(pairs in prop::collection::vec((0.0f64..1.0, -1.0f64..1.0), 1..20)) {
            let exact_sum: BigRational = pairs.iter().map(|&(w, v)| exact(w) * exact(v)).sum();
            prop_assert!(exact(dot_down(pairs.iter().copied())) <= exact_sum);
            prop_assert!(exact_sum <= exact(dot_up(pairs.iter().copied())));
        }
    }

    #[test]
    fn enclosures_hold_the_rational() {
        for (p, q) in [
            (1, 3),
            (-2, 7),
            (5, 4),
            (0, 1),
            (-1, 1),
            (123_456_789, 987_654_321),
        ] {
            let x = ratio(p, q);
            let (lo, hi) = enclose(&x);
            assert!(exact(lo) <= x && x <= exact(hi), "{p}/{q}");
            assert!(hi.to_bits().abs_diff(lo.to_bits()) <= 1 || lo < 0.0 && hi > 0.0);
        }
        assert_eq!(enclose(&ratio(3, 4)), (0.75, 0.75));
    }

    proptest! {
        #[test]
        fn quotient_bounds_hold(n in any::<i128>(), d in 1i128.., shift in 0u32..300) {
            let (n, d) = (BigInt::from(n) << shift, BigInt::from(d));
            let (lo, hi) = quotient_bounds(&n, &d);
            let q = BigRational::new(n, d);
            prop_assert!(exact(lo) <= q && q <= exact(hi));
            prop_assert!(hi - lo <= 1e-14 * hi.abs().max(lo.abs()));
        }
    }

    #[test]
    fn exact_operations_stay_exact() {
        assert_eq!(mul_down(0.5, -1.0), -0.5);
        assert_eq!(dot_down([(0.25, 1.0), (0.75, -1.0)]), -0.5);
        assert_eq!(div_up(1.0, 4.0), 0.25);
        assert!(div_down(1.0, 3.0) < div_up(1.0, 3.0));
        assert_eq!(next_up(0.0), f64::from_bits(1));
        assert_eq!(next_down(1.0), 1.0 - f64::EPSILON / 2.0);
    }
}
