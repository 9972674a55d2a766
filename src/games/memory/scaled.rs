//! Exact values over factorial denominators, for the exact recurrence at
//! large n.
//!
//! Every probability in §2.1's recurrence has denominator u or u − 1, where
//! u is the number of unknown cards, and every successor state has u − 1 or
//! u − 2 unknown cards (or the same u after taking a known pair). So the
//! value of a state with u unknown cards is an integer over 2·u!. Keeping
//! values as `numerator / (2·level!)` turns the recurrence into integer
//! multiply-adds with no gcd at all; `BigRational` reduces every
//! intermediate result, and those gcds of numbers with hundreds of digits
//! are what made the exact table slow. The representation is exact in
//! general (any rational constant is accepted: the level is raised until
//! the constant's denominator divides), the fast path is just the common one.

use super::optimized::Prob;
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Zero};
use std::cmp::Ordering;
use std::ops::{Add, Div, Mul, Sub};

/// `num / (2·level!)`, or a plain rational constant (`ratio(a, b)` and the
/// results of combining constants).
#[derive(Debug, Clone)]
pub enum Scaled {
    /// A rational constant, not yet tied to a level.
    Const(BigRational),
    /// `num / (2·level!)`.
    Level {
        /// The numerator.
        num: BigInt,
        /// The factorial level of the denominator.
        level: u32,
    },
}

/// (level+1)·(level+2)···`to`. Long products (a constant 1/2 meeting a
/// value of level 300) come from the memoised factorials by one division.
fn rising(level: u32, to: u32) -> BigInt {
    if to <= level {
        return BigInt::one();
    }
    if to - level > 16 {
        return denominator(to) / denominator(level);
    }
    (level + 1..=to).fold(BigInt::one(), |acc, i| acc * BigInt::from(i))
}

/// 2·level!, memoised: constants are converted at every level the table
/// reaches, and recomputing a 400-fold product each time would cost more
/// than the gcds this type avoids.
fn denominator(level: u32) -> BigInt {
    thread_local! {
        static MEMO: std::cell::RefCell<Vec<BigInt>> = std::cell::RefCell::new(vec![BigInt::from(2)]);
    }
    MEMO.with(|memo| {
        let mut memo = memo.borrow_mut();
        while memo.len() <= level as usize {
            let next = memo.last().expect("starts non-empty") * BigInt::from(memo.len());
            memo.push(next);
        }
        memo[level as usize].clone()
    })
}

impl Scaled {
    /// The exact value as a reduced rational.
    #[must_use]
    pub fn to_rational(&self) -> BigRational {
        match self {
            Scaled::Const(c) => c.clone(),
            Scaled::Level { num, level } => BigRational::new(num.clone(), denominator(*level)),
        }
    }

    /// Numerator of `self` at `level` (which must be at least its own
    /// level): exact when `2·level!` is a multiple of the constant's
    /// denominator, which [`Scaled::fit`] guarantees.
    fn at(&self, level: u32) -> BigInt {
        match self {
            Scaled::Level { num, level: l } => num * rising(*l, level),
            Scaled::Const(c) => {
                let scaled = c.numer() * denominator(level);
                let (q, r) = scaled.div_rem(c.denom());
                debug_assert!(r.is_zero(), "level chosen to fit");
                q
            }
        }
    }

    /// The smallest level ≥ `from` at which `self` is an integer over 2·level!.
    fn fit(&self, from: u32) -> u32 {
        match self {
            Scaled::Level { level, .. } => (*level).max(from),
            Scaled::Const(c) => {
                let mut level = from;
                while !(denominator(level) % c.denom()).is_zero() {
                    level += 1;
                }
                level
            }
        }
    }

    /// A constant as a level value, at the lowest level that holds it.
    fn lift(c: &BigRational) -> Scaled {
        let constant = Scaled::Const(c.clone());
        let level = constant.fit(0);
        Scaled::Level {
            num: constant.at(level),
            level,
        }
    }

    fn level_of(&self) -> Option<u32> {
        match self {
            Scaled::Level { level, .. } => Some(*level),
            Scaled::Const(_) => None,
        }
    }

    /// Both operands as numerators over one common level.
    fn common(&self, other: &Scaled) -> (BigInt, BigInt, u32) {
        let from = self
            .level_of()
            .unwrap_or(0)
            .max(other.level_of().unwrap_or(0));
        let level = other.fit(self.fit(from));
        let level = self.fit(level);
        (self.at(level), other.at(level), level)
    }

    /// `self · a/b` for a level value: the level rises until b divides.
    fn times(num: &BigInt, level: u32, factor: &BigRational) -> Scaled {
        let mut to = level;
        let mut grow = BigInt::one();
        while !(&grow % factor.denom()).is_zero() {
            to += 1;
            grow *= BigInt::from(to);
        }
        Scaled::Level {
            num: num * factor.numer() * (grow / factor.denom()),
            level: to,
        }
    }
}

impl PartialEq for Scaled {
    fn eq(&self, other: &Scaled) -> bool {
        self.partial_cmp(other) == Some(Ordering::Equal)
    }
}

impl PartialOrd for Scaled {
    fn partial_cmp(&self, other: &Scaled) -> Option<Ordering> {
        if let (Scaled::Const(a), Scaled::Const(b)) = (self, other) {
            return a.partial_cmp(b);
        }
        let (a, b, _) = self.common(other);
        a.partial_cmp(&b)
    }
}

impl Add for Scaled {
    type Output = Scaled;
    fn add(self, other: Scaled) -> Scaled {
        // Sums and differences are values, not probabilities: they take a
        // level so that the recurrence built on them runs on integers.
        if let (Scaled::Const(a), Scaled::Const(b)) = (&self, &other) {
            return Scaled::lift(&(a + b));
        }
        let (a, b, level) = self.common(&other);
        Scaled::Level { num: a + b, level }
    }
}

impl Sub for Scaled {
    type Output = Scaled;
    fn sub(self, other: Scaled) -> Scaled {
        if let (Scaled::Const(a), Scaled::Const(b)) = (&self, &other) {
            return Scaled::lift(&(a - b));
        }
        let (a, b, level) = self.common(&other);
        Scaled::Level { num: a - b, level }
    }
}

impl Mul for Scaled {
    type Output = Scaled;
    fn mul(self, other: Scaled) -> Scaled {
        match (self, other) {
            (Scaled::Const(a), Scaled::Const(b)) => Scaled::Const(a * b),
            (Scaled::Const(c), Scaled::Level { num, level })
            | (Scaled::Level { num, level }, Scaled::Const(c)) => Scaled::times(&num, level, &c),
            // Never needed by the recurrence (it multiplies values only by
            // probabilities); exact all the same.
            (a, b) => Scaled::Const(a.to_rational() * b.to_rational()),
        }
    }
}

impl Div for Scaled {
    type Output = Scaled;
    fn div(self, other: Scaled) -> Scaled {
        match (self, other) {
            (Scaled::Const(a), Scaled::Const(b)) => Scaled::Const(a / b),
            (Scaled::Level { num, level }, Scaled::Const(c)) => {
                Scaled::times(&num, level, &c.recip())
            }
            (a, b) => Scaled::Const(a.to_rational() / b.to_rational()),
        }
    }
}

impl Prob for Scaled {
    fn ratio(num: usize, den: usize) -> Scaled {
        Scaled::Const(BigRational::ratio(num, den))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn q(a: i64, b: i64) -> BigRational {
        BigRational::new(a.into(), b.into())
    }

    proptest! {
        /// Every operation agrees with BigRational on random operands at
        /// random levels.
        #[test]
        fn agrees_with_big_rational(
            a in -1000i64..1000, la in 0u32..8,
            b in -1000i64..1000, lb in 0u32..8,
            c in 1i64..30, d in 1i64..30,
        ) {
            let x = Scaled::Level { num: a.into(), level: la };
            let y = Scaled::Level { num: b.into(), level: lb };
            let k = Scaled::Const(q(c, d));
            let (rx, ry, rk) = (x.to_rational(), y.to_rational(), q(c, d));
            prop_assert_eq!((x.clone() + y.clone()).to_rational(), &rx + &ry);
            prop_assert_eq!((x.clone() - y.clone()).to_rational(), &rx - &ry);
            prop_assert_eq!((x.clone() * k.clone()).to_rational(), &rx * &rk);
            prop_assert_eq!((x.clone() / k.clone()).to_rational(), &rx / &rk);
            prop_assert_eq!((k.clone() - x.clone()).to_rational(), &rk - &rx);
            prop_assert_eq!(x.partial_cmp(&y), rx.partial_cmp(&ry));
            prop_assert_eq!(x.partial_cmp(&k), rx.partial_cmp(&rk));
            prop_assert_eq!((k.clone() + k.clone()).to_rational(), &rk + &rk);
        }
    }

    #[test]
    fn constants_fit_their_level() {
        let half = Scaled::Const(q(1, 2));
        assert_eq!(half.fit(0), 0);
        let third = Scaled::Const(q(1, 3));
        assert_eq!(third.fit(0), 3);
        // A sum of constants is a value: it takes the lowest level holding it.
        match Scaled::Const(q(1, 3)) + Scaled::Const(q(1, 6)) {
            Scaled::Level { num, level } => assert_eq!((num, level), (1.into(), 0)),
            Scaled::Const(_) => panic!("sums are lifted to a level"),
        }
    }
}
