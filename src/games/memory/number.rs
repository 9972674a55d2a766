//! The number types the memory game's tables are computed in: [`Prob`], a
//! probability arithmetic, implemented for exact rationals and `f64` here and
//! for factorial-scaled exact values in [`super::scaled`].
//!
//! A leaf: the solver, the scaled arithmetic and the analyses all import it,
//! and it imports none of them.

use num_bigint::BigInt;
use num_rational::BigRational;
use std::ops::{Add, Div, Mul, Sub};

/// A probability arithmetic: exact rationals (plain or factorial-scaled) or
/// `f64`.
pub trait Prob:
    Clone
    + PartialOrd
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Div<Output = Self>
{
    /// The number num/den.
    fn ratio(num: usize, den: usize) -> Self;
}

impl Prob for BigRational {
    fn ratio(num: usize, den: usize) -> Self {
        BigRational::new(BigInt::from(num), BigInt::from(den))
    }
}

impl Prob for f64 {
    #[allow(clippy::cast_precision_loss)]
    fn ratio(num: usize, den: usize) -> Self {
        // Through i64 where it fits: one instruction each, where usize to
        // f64 takes several (8% of the float table's instructions).
        match (i64::try_from(num), i64::try_from(den)) {
            (Ok(num), Ok(den)) => num as f64 / den as f64,
            _ => num as f64 / den as f64,
        }
    }
}
