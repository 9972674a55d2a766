//! The number types the memory game's tables are computed in: [`Prob`], a
//! probability arithmetic, implemented for exact rationals and `f64` here and
//! for factorial-scaled exact values in `scaled.rs`; and the
//! card-count-weighted mean that the solver and the draw analysis take over
//! a move's outcomes.
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

/// An answer's outcome values weighted by their card counts, taken one
/// outcome at a time (a plain loop, not iterator adapters: the float
/// table's innermost loop inlines it).
pub(super) enum Mean<V> {
    /// No outcome yet.
    Empty,
    /// One outcome: its card count and value.
    One(usize, V),
    /// Several: the count-weighted sum and the total count.
    Sum(V, usize),
}

impl<V: Prob> Mean<V> {
    /// Adds an outcome with `count` cards behind it.
    #[inline(always)]
    pub(super) fn add(self, count: usize, value: V) -> Mean<V> {
        match self {
            Mean::Empty => Mean::One(count, value),
            Mean::One(first_count, first) => Mean::Sum(
                V::ratio(first_count, 1) * first + V::ratio(count, 1) * value,
                first_count + count,
            ),
            Mean::Sum(sum, total) => Mean::Sum(sum + V::ratio(count, 1) * value, total + count),
        }
    }

    /// The weighted mean.
    ///
    /// # Panics
    /// If no outcome was added.
    #[inline(always)]
    pub(super) fn value(self) -> V {
        match self {
            Mean::Empty => panic!("an answer has an outcome"),
            // A certain outcome needs no weighting (nor, exactly, its level raised).
            Mean::One(_, value) => value,
            Mean::Sum(sum, total) => sum / V::ratio(total, 1),
        }
    }
}
