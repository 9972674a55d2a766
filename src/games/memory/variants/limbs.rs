//! Unsigned integers as little-endian `u64` limbs in a caller's slice: the
//! three operations the packed recurrence needs ([`super::packed`]), done in
//! place so that a step of the recurrence allocates nothing.
//!
//! The slices have the fixed length of a level (the limbs that 6·u! needs,
//! SPEC.md "Memory variants", "Packed limbs"); the recurrence's bound on its
//! numbers (every number of level u is at most 6·u!) is what keeps every sum
//! inside its slice, and [`add_mul`] asserts it.

use num_bigint::BigUint;
use std::cmp::Ordering;

/// `acc += c · x`, `x` no longer than `acc`.
///
/// # Panics
/// If the sum does not fit in `acc` (the recurrence's bound broken): the
/// value would be wrong, so it stops instead.
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
