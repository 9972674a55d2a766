//! Unsigned integers as little-endian `u64` limbs in a caller's slice: the
//! three operations the packed recurrence needs ([`super::packed`]), done in
//! place so that a step of the recurrence allocates nothing.
//!
//! The slices have the fixed length of a level (the limbs that 6·u! needs,
//! SPEC.md "Memory variants", "Packed limbs"); the recurrence's bound on its
//! numbers (every number of level u is at most 6·u!) is what keeps every sum
//! inside its slice, and [`combine`] asserts it.

use num_bigint::BigUint;
use std::cmp::Ordering;

/// `acc += c · x`, `x` no longer than `acc`: the term-by-term reference
/// the tests hold [`combine`] to (no recurrence uses it since the
/// three-player max-n numbers are stored as payoff keys).
///
/// # Panics
/// If the sum does not fit in `acc` (the recurrence's bound broken): the
/// value would be wrong, so it stops instead.
#[cfg(test)]
#[inline]
pub(crate) fn add_mul(acc: &mut [u64], c: u64, x: &[u64]) {
    let (low, high) = acc.split_at_mut(x.len());
    let mut carry = 0u64;
    for (a, &b) in low.iter_mut().zip(x) {
        let t = u128::from(*a) + u128::from(b) * u128::from(c) + u128::from(carry);
        // The low and high halves of a 128-bit sum: truncation is the point.
        #[allow(clippy::cast_possible_truncation)]
        {
            *a = t as u64;
            carry = (t >> 64) as u64;
        }
    }
    for a in high {
        if carry == 0 {
            break;
        }
        let (s, over) = a.overflowing_add(carry);
        *a = s;
        carry = u64::from(over);
    }
    assert_eq!(carry, 0, "a packed numerator outgrew its level");
}

/// `out = Σ c · x` over `terms` in one pass over the limbs: the same
/// integer as clearing `out` and calling `add_mul` once per term, with
/// each limb of `out` written once instead of read and written per term
/// (SPEC.md "Packed limbs").
///
/// Why a `u128` column sum cannot overflow: with C = Σ c < 2^62 (asserted),
/// if the incoming carry is at most C then a column's sum is at most
/// C + C · (2^64 − 1) = C · 2^64 < 2^126, and its carry out, the sum
/// shifted right by 64, is again at most C; the first carry is 0.
///
/// # Panics
/// If a term is longer than `out`, if C ≥ 2^62, or if the sum does not fit
/// in `out` (the recurrence's bound broken, as `add_mul` would).
#[inline]
pub(crate) fn combine(out: &mut [u64], terms: &[(u64, &[u64])]) {
    // One pass over the terms: C, the longest term, whether all are as long.
    let (mut total, mut len, mut same) = (0u128, terms.first().map_or(0, |t| t.1.len()), true);
    for &(c, x) in terms {
        total += u128::from(c);
        same &= x.len() == len;
        len = len.max(x.len());
    }
    assert!(total < 1 << 62, "a mixture's counts are too large");
    let (low, high) = out.split_at_mut(len);
    let mut carry = 0u128;
    if same {
        for (i, o) in low.iter_mut().enumerate() {
            let mut t = carry;
            for &(c, x) in terms {
                t += u128::from(c) * u128::from(x[i]);
            }
            // The low and high halves of a 128-bit sum: truncation is the point.
            #[allow(clippy::cast_possible_truncation)]
            {
                *o = t as u64;
            }
            carry = t >> 64;
        }
    } else {
        for (i, o) in low.iter_mut().enumerate() {
            let mut t = carry;
            for &(c, x) in terms {
                t += u128::from(c) * u128::from(x.get(i).copied().unwrap_or(0));
            }
            #[allow(clippy::cast_possible_truncation)]
            {
                *o = t as u64;
            }
            carry = t >> 64;
        }
    }
    for o in high {
        #[allow(clippy::cast_possible_truncation)]
        {
            *o = carry as u64;
        }
        carry >>= 64;
    }
    assert_eq!(carry, 0, "a packed numerator outgrew its level");
}

/// `out = d − x`, all of one length.
///
/// # Panics
/// If x > d (in the recurrence: a zero-sum pair of points that does not add
/// up).
#[inline]
pub(crate) fn sub_from(out: &mut [u64], d: &[u64], x: &[u64]) {
    let mut borrow = false;
    for ((o, &a), &b) in out.iter_mut().zip(d).zip(x) {
        let (s1, b1) = a.overflowing_sub(b);
        let (s2, b2) = s1.overflowing_sub(u64::from(borrow));
        *o = s2;
        borrow = b1 || b2;
    }
    assert!(!borrow, "a packed numerator exceeds its total");
}

/// Compares two numbers; a shorter one reads as zero-extended.
#[inline]
pub(crate) fn cmp(a: &[u64], b: &[u64]) -> Ordering {
    // The recurrences compare numbers of one level (one width): the limbs
    // from the top down, without the zero-extension below.
    if a.len() == b.len() {
        return a.iter().rev().cmp(b.iter().rev());
    }
    let top = a.len().max(b.len());
    for i in (0..top).rev() {
        let x = a.get(i).copied().unwrap_or(0);
        let y = b.get(i).copied().unwrap_or(0);
        match x.cmp(&y) {
            Ordering::Equal => {}
            other => return other,
        }
    }
    Ordering::Equal
}

/// The number as a `BigUint` (made only when a value is read out).
pub(crate) fn to_biguint(x: &[u64]) -> BigUint {
    let mut halves = Vec::with_capacity(2 * x.len());
    for &limb in x {
        // The two 32-bit halves of a limb.
        #[allow(clippy::cast_possible_truncation)]
        halves.push(limb as u32);
        halves.push((limb >> 32) as u32);
    }
    BigUint::new(halves)
}

/// `x` in `len` limbs.
///
/// # Panics
/// If `x` needs more than `len` limbs.
pub(crate) fn from_biguint(x: &BigUint, len: usize) -> Vec<u64> {
    let mut out = x.to_u64_digits();
    assert!(out.len() <= len, "{x} does not fit in {len} limbs");
    out.resize(len, 0);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::One;

    /// A deterministic spread of numbers from 0 to about 55 limbs, with
    /// carries.
    fn samples() -> Vec<BigUint> {
        let mut out = vec![BigUint::default(), BigUint::one()];
        let mut x = BigUint::one();
        for i in 1..60u32 {
            x = &x * BigUint::from(0x9E37_79B9_7F4A_7C15u64) + BigUint::from(i);
            out.push(x.clone() >> (i * 5 % 300));
            // All ones in the low limbs: every add carries.
            out.push((BigUint::one() << (64 * (i % 4 + 1))) - BigUint::one());
        }
        out
    }

    #[test]
    fn add_mul_equals_biguint_arithmetic() {
        let xs = samples();
        for (i, a) in xs.iter().enumerate() {
            let b = &xs[(i * 7 + 3) % xs.len()];
            for c in [0u64, 1, 2, 3, 199, u64::MAX] {
                let want = a + b * BigUint::from(c);
                // `add_mul` wants `x` no longer than `acc` (b may be the
                // longer one when c = 0).
                let len = want.to_u64_digits().len().max(b.to_u64_digits().len()) + 1;
                let mut acc = from_biguint(a, len);
                let x = b.to_u64_digits();
                add_mul(&mut acc, c, &x);
                assert_eq!(to_biguint(&acc), want, "{a} + {c}·{b}");
            }
        }
    }

    /// `combine` equals clearing and adding term by term with `add_mul`,
    /// for 0 to 4 terms of equal and of different lengths.
    #[test]
    fn combine_equals_adding_term_by_term() {
        let xs = samples();
        for i in 0..xs.len() {
            for count in 0..=4usize {
                let picks: Vec<(u64, Vec<u64>)> = (0..count)
                    .map(|j| {
                        let x = &xs[(i * 5 + j * 11) % xs.len()];
                        let c = [1u64, 2, 199, 3, (1 << 40) + 7][(i + j) % 5];
                        (c, x.to_u64_digits())
                    })
                    .collect();
                let long = picks.iter().map(|p| p.1.len()).max().unwrap_or(0) + 2;
                for same in [false, true] {
                    // Equal lengths: every term padded to `long − 2`.
                    let picks: Vec<(u64, Vec<u64>)> = picks
                        .iter()
                        .map(|(c, x)| {
                            let mut x = x.clone();
                            if same {
                                x.resize(long - 2, 0);
                            }
                            (*c, x)
                        })
                        .collect();
                    let terms: Vec<(u64, &[u64])> =
                        picks.iter().map(|(c, x)| (*c, &x[..])).collect();
                    let mut want = vec![0; long];
                    for &(c, x) in &terms {
                        add_mul(&mut want, c, x);
                    }
                    // Dirty output: `combine` overwrites every limb.
                    let mut got = vec![u64::MAX; long];
                    combine(&mut got, &terms);
                    assert_eq!(got, want, "sample {i}, {count} terms, same {same}");
                }
            }
        }
    }

    #[test]
    #[should_panic(expected = "outgrew")]
    fn combine_refuses_an_overflow() {
        let mut out = vec![0];
        combine(&mut out, &[(1, &[u64::MAX]), (1, &[1])]);
    }

    #[test]
    fn sub_from_equals_biguint_arithmetic() {
        let xs = samples();
        for a in &xs {
            for b in &xs {
                if b > a {
                    continue;
                }
                let len = a.to_u64_digits().len().max(1);
                let mut out = vec![0; len];
                sub_from(&mut out, &from_biguint(a, len), &from_biguint(b, len));
                assert_eq!(to_biguint(&out), a - b, "{a} - {b}");
            }
        }
    }

    #[test]
    fn cmp_equals_biguint_order() {
        let xs = samples();
        let len = xs
            .iter()
            .map(|x| x.to_u64_digits().len())
            .max()
            .unwrap_or(1);
        for a in &xs {
            for b in &xs {
                // One side padded to the longest sample, the other as short
                // as it is: `cmp` zero-extends the shorter.
                let (x, y) = (from_biguint(a, len), b.to_u64_digits());
                assert_eq!(cmp(&x, &y), a.cmp(b), "{a} vs {b}");
                // Both of one width, as the recurrences compare them.
                assert_eq!(cmp(&x, &from_biguint(b, len)), a.cmp(b), "{a} vs {b}");
            }
        }
    }

    #[test]
    #[should_panic(expected = "outgrew")]
    fn add_mul_refuses_an_overflow() {
        let mut acc = vec![u64::MAX];
        add_mul(&mut acc, 1, &[1]);
    }
}
