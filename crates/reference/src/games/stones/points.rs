//! The number type the optimized solvers and the article's listings compute
//! in: plain `i64` points in normal use, or [`Counted`] points that count
//! every operation on them, so the complexity statements of document 001 are
//! measured on the code that ships (SPEC.md, "Stone games 1–5",
//! "Operation counts").
//!
//! The solvers are generic over [`Points`]; with `i64` the generic code is
//! monomorphised to plain integer arithmetic and nothing is counted.

use std::borrow::Cow;
use std::cell::Cell;
use std::cmp::Ordering;
use std::ops::{Add, Sub};

/// Points a solver can add, subtract and compare.
pub trait Points: Copy + Ord + Add<Output = Self> + Sub<Output = Self> {
    /// No points.
    const ZERO: Self;
    /// The row's values as this type (borrowed where it already is).
    fn row(values: &[i64]) -> Cow<'_, [Self]>;
    /// The value as a plain integer.
    fn get(self) -> i64;
}

impl Points for i64 {
    const ZERO: i64 = 0;
    fn row(values: &[i64]) -> Cow<'_, [i64]> {
        Cow::Borrowed(values)
    }
    fn get(self) -> i64 {
        self
    }
}

thread_local! {
    static OPERATIONS: Cell<u64> = const { Cell::new(0) };
}

fn tick() {
    OPERATIONS.with(|c| c.set(c.get() + 1));
}

/// Points that count every addition, subtraction and comparison made on
/// them (on the current thread): the operation count of whatever solver runs
/// on them. Read the count with [`count_operations`].
#[derive(Debug, Clone, Copy)]
pub struct Counted(i64);

impl Counted {
    /// Wraps a value; wrapping is not counted.
    #[must_use]
    pub fn new(value: i64) -> Counted {
        Counted(value)
    }
}

impl Points for Counted {
    const ZERO: Counted = Counted(0);
    fn row(values: &[i64]) -> Cow<'_, [Counted]> {
        Cow::Owned(values.iter().map(|&v| Counted(v)).collect())
    }
    fn get(self) -> i64 {
        self.0
    }
}

impl Add for Counted {
    type Output = Counted;
    fn add(self, other: Counted) -> Counted {
        tick();
        Counted(self.0 + other.0)
    }
}

impl Sub for Counted {
    type Output = Counted;
    fn sub(self, other: Counted) -> Counted {
        tick();
        Counted(self.0 - other.0)
    }
}

impl PartialEq for Counted {
    fn eq(&self, other: &Counted) -> bool {
        tick();
        self.0 == other.0
    }
}

impl Eq for Counted {}

impl PartialOrd for Counted {
    fn partial_cmp(&self, other: &Counted) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Counted {
    fn cmp(&self, other: &Counted) -> Ordering {
        tick();
        self.0.cmp(&other.0)
    }
}

/// Runs `work` and returns its result with the number of operations made on
/// [`Counted`] points during it, on this thread. Not reentrant: a nested call
/// resets the count of the outer one.
pub fn count_operations<R>(work: impl FnOnce() -> R) -> (R, u64) {
    OPERATIONS.with(|c| c.set(0));
    let result = work();
    (result, OPERATIONS.with(Cell::get))
}

/// The sum of `values`, one addition per value.
pub(crate) fn sum<P: Points>(values: &[P]) -> P {
    values.iter().fold(P::ZERO, |acc, &v| acc + v)
}

/// `prefix[k]` = the sum of the first k values (n additions).
pub(crate) fn prefix_sums<P: Points>(values: &[P]) -> Vec<P> {
    let mut prefix = Vec::with_capacity(values.len() + 1);
    prefix.push(P::ZERO);
    for (k, &v) in values.iter().enumerate() {
        prefix.push(prefix[k] + v);
    }
    prefix
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_operation_on_counted_points_counts_once() {
        let (value, ops) = count_operations(|| {
            let (a, b) = (Counted::new(3), Counted::new(5));
            let c = a + b - a; // 2
            (c.max(a) == b, c < a) // max: 1, ==: 1, <: 1
        });
        assert_eq!(value, (true, false));
        assert_eq!(ops, 5);
        let ((), none) = count_operations(|| {
            let _ = 3i64 + 5;
        });
        assert_eq!(none, 0, "plain i64 points are never counted");
    }
}
