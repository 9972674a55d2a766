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

use super::number::Prob;
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};
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

/// `num` · (from+1)···to, multiplied in machine-word chunks of factors:
/// no big-by-big product and no big division (levels rise by one or two at a
/// time, and by a few hundred when a lifted constant meets a table value).
fn raise(num: &BigInt, from: u32, to: u32) -> BigInt {
    if to > from + 16 {
        // A long rise from a low level (a lifted constant such as 1/2 meets
        // a table value): the memoised 2·to! over 2·from! when the latter is
        // a machine word, one linear division.
        if let Some(low) = with_denominator(from, ToPrimitive::to_u64) {
            return with_denominator(to, |high| high / low) * num;
        }
    }
    let mut out = num.clone();
    let mut chunk = 1u64;
    for i in from.saturating_add(1)..=to {
        let i = u64::from(i);
        if let Some(wider) = chunk.checked_mul(i) {
            chunk = wider;
        } else {
            out *= chunk;
            chunk = i;
        }
    }
    if chunk != 1 {
        out *= chunk;
    }
    out
}

/// The rational a ⊕ b of two constants, in 128-bit words when both fit in
/// machine words (every constant the recurrence combines), else in big
/// integers: `BigRational`'s own operations take big gcds.
fn combine(
    a: &BigRational,
    b: &BigRational,
    words: impl Fn(i128, i128, i128, i128) -> Option<(i128, i128)>,
    big: impl Fn(&BigRational, &BigRational) -> BigRational,
) -> BigRational {
    let fast = || {
        let ((p, q), (r, t)) = (small(a)?, small(b)?);
        let (num, den) = words(p.into(), q.into(), r.into(), t.into())?;
        if den == 0 {
            return None; // division by zero: `big` reports it
        }
        let g = num.gcd(&den) * den.signum();
        Some(BigRational::new_raw(
            BigInt::from(num / g),
            BigInt::from(den / g),
        ))
    };
    fast().unwrap_or_else(|| big(a, b))
}

/// The least level L with q | 2·L!, memoised per q: lifting a constant
/// otherwise walks every level up to q.
fn least_level(q: u64) -> u32 {
    thread_local! {
        static MEMO: std::cell::RefCell<std::collections::HashMap<u64, u32>> =
            std::cell::RefCell::new(std::collections::HashMap::new());
    }
    if let Some(level) = MEMO.with(|memo| memo.borrow().get(&q).copied()) {
        return level;
    }
    // What of q is left to divide: q / gcd(q, 2·L!) as L grows.
    let mut left = q / q.gcd(&2);
    let mut level = 0u32;
    while left > 1 {
        level += 1;
        left /= left.gcd(&u64::from(level));
    }
    MEMO.with(|memo| memo.borrow_mut().insert(q, level));
    level
}

/// p/q + sign·r/t over the denominator q·t, if no word overflows.
fn add_words(p: i128, q: i128, r: i128, t: i128, sign: i128) -> Option<(i128, i128)> {
    let num = p
        .checked_mul(t)?
        .checked_add(sign.checked_mul(r)?.checked_mul(q)?)?;
    Some((num, q.checked_mul(t)?))
}

/// `read(2·level!)`, memoised: constants are converted at every level the
/// table reaches, and recomputing a 400-fold product each time would cost
/// more than the gcds this type avoids.
fn with_denominator<T>(level: u32, read: impl FnOnce(&BigInt) -> T) -> T {
    thread_local! {
        static MEMO: std::cell::RefCell<Vec<BigInt>> = std::cell::RefCell::new(vec![BigInt::from(2)]);
    }
    MEMO.with(|memo| {
        let mut memo = memo.borrow_mut();
        while memo.len() <= level as usize {
            let next = memo.last().expect("starts non-empty") * BigInt::from(memo.len());
            memo.push(next);
        }
        read(&memo[level as usize])
    })
}

/// 2·level!.
fn denominator(level: u32) -> BigInt {
    with_denominator(level, Clone::clone)
}

/// A constant's numerator and denominator as machine integers, if they
/// fit: every constant the recurrence uses (card counts over card counts).
fn small(c: &BigRational) -> Option<(i64, u64)> {
    Some((c.numer().to_i64()?, c.denom().to_u64()?))
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
            Scaled::Level { num, level: l } => raise(num, *l, level),
            Scaled::Const(c) => {
                if let Some((p, q)) = small(c) {
                    // Machine-word multiply and divide, no big division.
                    return with_denominator(level, |d| {
                        let scaled = if q == 1 { d.clone() } else { d / q };
                        if p == 1 {
                            scaled
                        } else {
                            scaled * p
                        }
                    });
                }
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
                // d divides 2·L! once d ≤ max(L, 2): no big remainder needed.
                if let Some((_, q)) = small(c) {
                    if q <= 2 || q <= u64::from(from) {
                        return from;
                    }
                    // 2·L! | 2·(L+1)!, so the answer is the larger of
                    // `from` and the least level holding 1/q at all.
                    return from.max(least_level(q));
                }
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
        // The common case in machine words: a small factor, a short rise.
        if let Some((p, q)) = small(factor) {
            // The least `to` with q | (level+1)···to: track what of q is
            // left to divide, q / gcd(q, product so far), in machine words;
            // and the product itself while it fits one.
            let (mut to, mut left, mut grow) = (level, q, Some(1u64));
            while left > 1 {
                to += 1;
                left /= left.gcd(&u64::from(to));
                grow = grow.and_then(|g| g.checked_mul(u64::from(to)));
            }
            let num = match grow.and_then(|g| i64::try_from(g / q).ok()?.checked_mul(p)) {
                Some(1) => num.clone(),
                Some(scale) => num * scale,
                // A long rise (a low-level value meets a large u): chunks
                // of factors, then one division by a machine word, exact.
                None => raise(num, level, to) / q * p,
            };
            return Scaled::Level { num, level: to };
        }
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
            let sum = combine(a, b, |p, q, r, t| add_words(p, q, r, t, 1), |a, b| a + b);
            return Scaled::lift(&sum);
        }
        let (a, b, level) = self.common(&other);
        Scaled::Level { num: a + b, level }
    }
}

impl Sub for Scaled {
    type Output = Scaled;
    fn sub(self, other: Scaled) -> Scaled {
        if let (Scaled::Const(a), Scaled::Const(b)) = (&self, &other) {
            let difference = combine(a, b, |p, q, r, t| add_words(p, q, r, t, -1), |a, b| a - b);
            return Scaled::lift(&difference);
        }
        let (a, b, level) = self.common(&other);
        Scaled::Level { num: a - b, level }
    }
}

impl Mul for Scaled {
    type Output = Scaled;
    fn mul(self, other: Scaled) -> Scaled {
        match (self, other) {
            (Scaled::Const(a), Scaled::Const(b)) => Scaled::Const(combine(
                &a,
                &b,
                |p, q, r, t| Some((p.checked_mul(r)?, q.checked_mul(t)?)),
                |a, b| a * b,
            )),
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
            (Scaled::Const(a), Scaled::Const(b)) => Scaled::Const(combine(
                &a,
                &b,
                |p, q, r, t| Some((p.checked_mul(t)?, q.checked_mul(r)?)),
                |a, b| a / b,
            )),
            (Scaled::Level { num, level }, Scaled::Const(c)) => {
                Scaled::times(&num, level, &c.recip())
            }
            (a, b) => Scaled::Const(a.to_rational() / b.to_rational()),
        }
    }
}

impl Prob for Scaled {
    fn ratio(num: usize, den: usize) -> Scaled {
        assert!(den > 0, "a probability has a positive denominator");
        // Reduced in machine words: `BigRational::new` would take a big gcd.
        let g = num.gcd(&den).max(1);
        Scaled::Const(BigRational::new_raw(
            BigInt::from(num / g),
            BigInt::from(den / g),
        ))
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

        /// Constants combine in machine words when they fit and in big
        /// integers when they do not; both agree with BigRational, and the
        /// level a constant is lifted to holds it.
        #[test]
        fn constants_agree_with_big_rational(
            a in -1000i64..1000, b in 1i64..1000,
            c in -1000i64..1000, d in 1i64..1000,
            huge in proptest::bool::ANY, level in 0u32..12,
        ) {
            let scale = if huge { BigInt::from(u64::MAX) * BigInt::from(3) } else { BigInt::one() };
            let x = BigRational::new(BigInt::from(a) * &scale, b.into());
            let y = BigRational::new(c.into(), d.into());
            let (sx, sy) = (Scaled::Const(x.clone()), Scaled::Const(y.clone()));
            prop_assert_eq!((sx.clone() + sy.clone()).to_rational(), &x + &y);
            prop_assert_eq!((sx.clone() - sy.clone()).to_rational(), &x - &y);
            prop_assert_eq!((sx.clone() * sy.clone()).to_rational(), &x * &y);
            if c != 0 {
                prop_assert_eq!((sx.clone() / sy.clone()).to_rational(), &x / &y);
            }
            let v = Scaled::Level { num: a.into(), level };
            prop_assert_eq!((v.clone() + sy.clone()).to_rational(), v.to_rational() + &y);
            prop_assert_eq!((sy.clone() - v.clone()).to_rational(), &y - v.to_rational());
            prop_assert_eq!(v.partial_cmp(&sy), v.to_rational().partial_cmp(&y));
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
