//! Exact rationals with small terms: the values of the restricted games and
//! of the best-response problems. Every value here is built from the ends
//! (−1, 0, +1) by a few averages with small weights and the gamble formula,
//! so numerator and denominator stay far inside `i64`; the arithmetic runs
//! in `i128` and reduces, and a result that would not fit is a bug, not an
//! input (the operations panic with a message rather than wrap).

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use serde::{Serialize, Serializer};
use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Div, Mul, Neg, Sub};

/// A reduced fraction `num / den`, `den > 0`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Q {
    num: i64,
    den: i64,
}

impl Q {
    /// 0.
    pub const ZERO: Q = Q { num: 0, den: 1 };
    /// +1, the three-piece side's win.
    pub const ONE: Q = Q { num: 1, den: 1 };
    /// −1, its loss.
    pub const MINUS_ONE: Q = Q { num: -1, den: 1 };

    /// `num / den` reduced.
    ///
    /// # Panics
    /// If `den == 0` (a bug: every denominator here is a count of pieces,
    /// of blocks or a sum of positive weights).
    #[must_use]
    pub fn new(num: i64, den: i64) -> Q {
        Q::from_wide(i128::from(num), i128::from(den))
    }

    fn from_wide(num: i128, den: i128) -> Q {
        assert!(den != 0, "a fraction with denominator 0");
        // Nearly every term fits a machine word: reduce there (a binary gcd
        // on u64 instead of i128 division).
        if let (Ok(n), Ok(d)) = (i64::try_from(num), i64::try_from(den)) {
            if n != i64::MIN && d != i64::MIN {
                let g = gcd64(n.unsigned_abs(), d.unsigned_abs()) as i64;
                let (n, d) = (n / g, d / g);
                return if d < 0 {
                    Q { num: -n, den: -d }
                } else {
                    Q { num: n, den: d }
                };
            }
        }
        let g = num.gcd(&den);
        let (mut n, mut d) = (num / g, den / g);
        if d < 0 {
            n = -n;
            d = -d;
        }
        Q {
            num: i64::try_from(n).expect("exact values keep small numerators"),
            den: i64::try_from(d).expect("exact values keep small denominators"),
        }
    }

    /// The numerator (sign carried here).
    #[must_use]
    pub fn numer(self) -> i64 {
        self.num
    }

    /// The denominator (positive).
    #[must_use]
    pub fn denom(self) -> i64 {
        self.den
    }

    /// The same value as a `BigRational`.
    #[must_use]
    pub fn to_big(self) -> BigRational {
        BigRational::new(BigInt::from(self.num), BigInt::from(self.den))
    }

    /// A `BigRational` whose terms fit `i64`.
    #[must_use]
    pub fn from_big(x: &BigRational) -> Option<Q> {
        let n = i64::try_from(x.numer()).ok()?;
        let d = i64::try_from(x.denom()).ok()?;
        Some(Q::new(n, d))
    }

    /// Whether the value is positive.
    #[must_use]
    pub fn is_positive(self) -> bool {
        self.num > 0
    }

    /// Whether the value is negative.
    #[must_use]
    pub fn is_negative(self) -> bool {
        self.num < 0
    }

    /// The value as a float, for display and for the grid heuristics only.
    #[must_use]
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }
}

/// Stein's binary gcd (`gcd(0, 0) = 0` never occurs: denominators are not 0).
fn gcd64(mut a: u64, mut b: u64) -> u64 {
    if a == 0 {
        return b;
    }
    if b == 0 {
        return a;
    }
    let shift = (a | b).trailing_zeros();
    a >>= a.trailing_zeros();
    loop {
        b >>= b.trailing_zeros();
        if a > b {
            std::mem::swap(&mut a, &mut b);
        }
        b -= a;
        if b == 0 {
            return a << shift;
        }
    }
}

impl Ord for Q {
    fn cmp(&self, other: &Q) -> Ordering {
        if self.den == other.den {
            return self.num.cmp(&other.num);
        }
        (i128::from(self.num) * i128::from(other.den))
            .cmp(&(i128::from(other.num) * i128::from(self.den)))
    }
}

impl PartialOrd for Q {
    fn partial_cmp(&self, other: &Q) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Add for Q {
    type Output = Q;
    fn add(self, o: Q) -> Q {
        if self.den == o.den {
            return Q::from_wide(
                i128::from(self.num) + i128::from(o.num),
                i128::from(self.den),
            );
        }
        if self.num == 0 {
            return o;
        }
        if o.num == 0 {
            return self;
        }
        let (a, b, c, d) = (
            i128::from(self.num),
            i128::from(self.den),
            i128::from(o.num),
            i128::from(o.den),
        );
        Q::from_wide(a * d + c * b, b * d)
    }
}

impl Sub for Q {
    type Output = Q;
    fn sub(self, o: Q) -> Q {
        self + (-o)
    }
}

impl Neg for Q {
    type Output = Q;
    fn neg(self) -> Q {
        Q {
            num: -self.num,
            den: self.den,
        }
    }
}

impl Mul for Q {
    type Output = Q;
    fn mul(self, o: Q) -> Q {
        if self.num == 0 || o.num == 0 {
            return Q::ZERO;
        }
        if self.den == 1 && self.num.abs() == 1 {
            return if self.num == 1 { o } else { -o };
        }
        Q::from_wide(
            i128::from(self.num) * i128::from(o.num),
            i128::from(self.den) * i128::from(o.den),
        )
    }
}

impl Div for Q {
    type Output = Q;
    fn div(self, o: Q) -> Q {
        Q::from_wide(
            i128::from(self.num) * i128::from(o.den),
            i128::from(self.den) * i128::from(o.num),
        )
    }
}

impl fmt::Display for Q {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

impl Serialize for Q {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_is_exact_and_reduced() {
        let third = Q::new(1, 3);
        assert_eq!(third + third + third, Q::ONE);
        assert_eq!(Q::new(2, -4), Q::new(-1, 2));
        assert_eq!((Q::ONE - third) / Q::new(2, 1), third);
        assert!(Q::new(1, 3) < Q::new(1, 2));
        assert_eq!(Q::new(3, 6).to_string(), "1/2");
        assert_eq!(Q::from_big(&Q::new(-5, 7).to_big()), Some(Q::new(-5, 7)));
        assert_eq!(Q::new(6, -4), Q::new(-3, 2));
        assert_eq!(Q::new(0, -5), Q::ZERO);
        assert_eq!(Q::new(1, 2) * Q::ZERO + Q::new(1, 6), Q::new(2, 12));
        assert_eq!(Q::MINUS_ONE * Q::new(2, 3), Q::new(-2, 3));
        assert!(Q::new(-1, 3) < Q::new(-1, 4));
        assert_eq!(gcd64(48, 18), 6);
        assert_eq!(gcd64(0, 7), 7);
        // Beyond a machine word on the way, reduced back into one.
        let big = Q::new(i64::MAX / 3, 5);
        assert_eq!((big * Q::new(3, i64::MAX / 3)).to_string(), "3/5");
    }
}
