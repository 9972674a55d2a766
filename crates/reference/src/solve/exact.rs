//! Exact rational helpers: every probability and expectation in the project is
//! a [`BigRational`], printed as `p/q` (or `p` when the denominator is 1).

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};
use std::fmt;

/// Shorthand for the exact rational `numer/denom`.
///
/// # Panics
/// Panics if `denom` is zero (a programming error, never user input).
///
/// # Examples
/// ```
/// use solved_games_reference::solve::exact::{ratio, format_ratio};
/// assert_eq!(format_ratio(&ratio(2, 6)), "1/3");
/// ```
#[must_use]
pub fn ratio(numer: i64, denom: i64) -> BigRational {
    assert!(denom != 0, "ratio with zero denominator");
    BigRational::new(BigInt::from(numer), BigInt::from(denom))
}

/// The integer `n` as a rational.
#[must_use]
pub fn integer(n: i64) -> BigRational {
    BigRational::from_integer(BigInt::from(n))
}

/// One half, the value of a draw in the Memory game and a fair coin.
#[must_use]
pub fn half() -> BigRational {
    ratio(1, 2)
}

/// Renders `p/q` in lowest terms, or `p` when `q = 1` — the form published
/// values are written in throughout the registry.
#[must_use]
pub fn format_ratio(x: &BigRational) -> String {
    if x.denom().is_one() {
        x.numer().to_string()
    } else {
        format!("{}/{}", x.numer(), x.denom())
    }
}

/// Why a string is not an exact rational.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseRatioError {
    /// Numerator or denominator is not an integer.
    NotANumber(String),
    /// The denominator is zero.
    ZeroDenominator,
}

impl fmt::Display for ParseRatioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseRatioError::NotANumber(s) => {
                write!(f, "`{s}` is not an exact rational (write p or p/q)")
            }
            ParseRatioError::ZeroDenominator => f.write_str("denominator is zero"),
        }
    }
}

impl std::error::Error for ParseRatioError {}

/// Parses `p` or `p/q` (the inverse of [`format_ratio`]).
///
/// # Errors
/// [`ParseRatioError`] when either part is not an integer or `q = 0`.
pub fn parse_ratio(s: &str) -> Result<BigRational, ParseRatioError> {
    let s = s.trim();
    let bad = || ParseRatioError::NotANumber(s.to_string());
    let (n, d) = match s.split_once('/') {
        Some((n, d)) => (n.trim(), d.trim()),
        None => (s, "1"),
    };
    let n: BigInt = n.parse().map_err(|_| bad())?;
    let d: BigInt = d.parse().map_err(|_| bad())?;
    if d.is_zero() {
        return Err(ParseRatioError::ZeroDenominator);
    }
    Ok(BigRational::new(n, d))
}

/// Nearest `f64`, for display and plots only (never for a comparison that
/// decides a claim). Works for values whose numerator and denominator
/// overflow `f64` by scaling both down together.
#[must_use]
pub fn to_f64(x: &BigRational) -> f64 {
    if let (Some(n), Some(d)) = (x.numer().to_f64(), x.denom().to_f64()) {
        if n.is_finite() && d.is_finite() && d != 0.0 {
            return n / d;
        }
    }
    let shift = x.numer().bits().max(x.denom().bits()).saturating_sub(1000);
    let n = (x.numer() >> shift).to_f64().unwrap_or(f64::NAN);
    let d = (x.denom() >> shift).to_f64().unwrap_or(f64::NAN);
    n / d
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format_and_parse_round_trip() {
        for (n, d) in [(1, 3), (-7, 4), (6, 3), (0, 5)] {
            let x = ratio(n, d);
            assert_eq!(parse_ratio(&format_ratio(&x)).unwrap(), x);
        }
        assert_eq!(format_ratio(&ratio(6, 3)), "2");
        assert!(parse_ratio("1/0").is_err());
        assert!(parse_ratio("x/2").is_err());
    }

    #[test]
    fn to_f64_survives_huge_terms() {
        let big = BigInt::from(3).pow(2000);
        let x = BigRational::new(big.clone(), big * BigInt::from(4));
        assert!((to_f64(&x) - 0.25).abs() < 1e-12);
    }
}
