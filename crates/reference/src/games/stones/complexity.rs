//! Growth classes read from operation counts (document 001's complexity
//! statements, claims STO-007 to STO-012 and their neighbours).
//!
//! A solver runs on [`Counted`](super::points::Counted) points at a ladder of
//! sizes; [`fit`] takes the least-squares slope of ln(count) against ln(n)
//! and compares it with the slope each class predicts **on the same ladder**
//! (for O(n log n) that is 1 + about 1/ln n, not 1). The class is the one
//! whose prediction lies within a margin of the measured slope; the margin is
//! a third of the smallest gap between two classes' predictions, so no
//! measurement can be near two classes and a third of the gap is left empty
//! on either side. [`fit_exponential`] does the same per added stone for
//! O(2^n).

use std::fmt;

/// A growth class of the article's complexity statements.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Growth {
    /// O(n).
    Linear,
    /// O(n log n).
    Linearithmic,
    /// O(n²).
    Quadratic,
    /// O(n³).
    Cubic,
}

impl Growth {
    /// The classes, slowest first.
    pub const ALL: [Growth; 4] = [
        Growth::Linear,
        Growth::Linearithmic,
        Growth::Quadratic,
        Growth::Cubic,
    ];

    /// The class's function at n.
    fn at(self, n: f64) -> f64 {
        match self {
            Growth::Linear => n,
            Growth::Linearithmic => n * n.ln(),
            Growth::Quadratic => n * n,
            Growth::Cubic => n * n * n,
        }
    }

    /// The class the article writes as `label`, if any.
    #[must_use]
    pub fn from_label(label: &str) -> Option<Growth> {
        Growth::ALL.into_iter().find(|g| g.label() == label)
    }

    /// As the article writes it: "O(n)", "O(n log n)", "O(n^2)", "O(n^3)".
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Growth::Linear => "O(n)",
            Growth::Linearithmic => "O(n log n)",
            Growth::Quadratic => "O(n^2)",
            Growth::Cubic => "O(n^3)",
        }
    }
}

impl fmt::Display for Growth {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// The least-squares slope of ln y against ln n.
fn log_log_slope(points: &[(f64, f64)]) -> f64 {
    let k = points.len() as f64;
    let xs: Vec<f64> = points.iter().map(|p| p.0.ln()).collect();
    let ys: Vec<f64> = points.iter().map(|p| p.1.ln()).collect();
    let (mx, my) = (xs.iter().sum::<f64>() / k, ys.iter().sum::<f64>() / k);
    let sxy: f64 = xs.iter().zip(&ys).map(|(x, y)| (x - mx) * (y - my)).sum();
    let sxx: f64 = xs.iter().map(|x| (x - mx) * (x - mx)).sum();
    sxy / sxx
}

/// "c₁ at n = n₁, c₂ at n = n₂, …".
fn list(counts: &[(usize, u64)]) -> String {
    let counts: Vec<String> = counts
        .iter()
        .map(|(n, c)| format!("{c} at n = {n}"))
        .collect();
    counts.join(", ")
}

/// What a ladder of operation counts says about growth.
#[derive(Debug, Clone, PartialEq)]
pub struct Fit {
    /// (n, operations) as measured.
    pub counts: Vec<(usize, u64)>,
    /// The measured log-log slope.
    pub slope: f64,
    /// The class whose predicted slope is within `margin` of `slope`, if any.
    pub class: Option<Growth>,
    /// That class's predicted slope on this ladder (or the nearest class's).
    pub predicted: f64,
    /// A third of the smallest gap between two classes' predictions here.
    pub margin: f64,
    /// Every class's predicted slope on this ladder, in [`Growth::ALL`] order.
    pub predictions: [f64; 4],
}

/// Reads the growth class from operation counts at two or more sizes.
///
/// # Panics
/// If fewer than two sizes are given or a count is zero (a ladder is fixed
/// in code, never taken from input).
#[must_use]
pub fn fit(counts: &[(usize, u64)]) -> Fit {
    assert!(counts.len() >= 2, "a slope needs two sizes");
    assert!(counts.iter().all(|&(_, c)| c > 0), "no operations counted");
    let measured: Vec<(f64, f64)> = counts.iter().map(|&(n, c)| (n as f64, c as f64)).collect();
    let slope = log_log_slope(&measured);
    let predicted = Growth::ALL.map(|g| {
        let curve: Vec<(f64, f64)> = measured.iter().map(|&(n, _)| (n, g.at(n))).collect();
        log_log_slope(&curve)
    });
    let margin = predicted
        .windows(2)
        .map(|w| w[1] - w[0])
        .fold(f64::INFINITY, f64::min)
        / 3.0;
    let nearest = (0..Growth::ALL.len())
        .min_by(|&a, &b| {
            (predicted[a] - slope)
                .abs()
                .total_cmp(&(predicted[b] - slope).abs())
        })
        .expect("four classes");
    let within = (predicted[nearest] - slope).abs() <= margin;
    Fit {
        counts: counts.to_vec(),
        slope,
        class: within.then_some(Growth::ALL[nearest]),
        predicted: predicted[nearest],
        margin,
        predictions: predicted,
    }
}

impl Fit {
    /// The class as the article writes it, or "no class (slope s)".
    #[must_use]
    pub fn label(&self) -> String {
        self.class.map_or_else(
            || format!("no class (slope {:.3})", self.slope),
            |g| g.label().to_string(),
        )
    }

    /// The slope `class` predicts on this ladder.
    #[must_use]
    pub fn prediction(&self, class: Growth) -> f64 {
        let k = Growth::ALL
            .iter()
            .position(|&g| g == class)
            .expect("every class is in ALL");
        self.predictions[k]
    }

    /// The counts and the slope, for a claim's `measured` column.
    #[must_use]
    pub fn describe(&self, what: &str) -> String {
        format!(
            "{what}: {}; log-log slope {:.3}, {} predicts {:.3} ± {:.3}",
            list(&self.counts),
            self.slope,
            self.class.map_or("the nearest class", Growth::label),
            self.predicted,
            self.margin
        )
    }
}

/// Growth per added stone, for counts at consecutive sizes n, n+1, …
#[derive(Debug, Clone, PartialEq)]
pub struct ExponentialFit {
    /// (n, count) as measured.
    pub counts: Vec<(usize, u64)>,
    /// The mean factor per added stone, (c_last / c_first)^(1 / (n_last − n_first)).
    pub base: f64,
}

/// Reads the growth per added stone.
///
/// # Panics
/// If fewer than two sizes are given, the sizes do not increase, or a count
/// is zero (ladders are fixed in code).
#[must_use]
pub fn fit_exponential(counts: &[(usize, u64)]) -> ExponentialFit {
    let (first, last) = (counts[0], counts[counts.len() - 1]);
    assert!(last.0 > first.0 && first.1 > 0, "an increasing ladder");
    let base = (last.1 as f64 / first.1 as f64).powf(1.0 / (last.0 - first.0) as f64);
    ExponentialFit {
        counts: counts.to_vec(),
        base,
    }
}

impl ExponentialFit {
    /// "O(2^n)" when log₂ of the base is within 1 ± 0.25 (a factor between
    /// 1.68 and 2.38 per stone: 2^n times at most a small polynomial on the
    /// ladders used; 3^n gives 3, any polynomial under 1.4), else the base.
    #[must_use]
    pub fn label(&self) -> String {
        if (self.base.log2() - 1.0).abs() <= 0.25 {
            "O(2^n)".to_string()
        } else {
            format!("×{:.3} per stone", self.base)
        }
    }

    /// The counts and the base, for a claim's `measured` column.
    #[must_use]
    pub fn describe(&self, what: &str) -> String {
        format!(
            "{what}: {}; ×{:.3} per added stone",
            list(&self.counts),
            self.base
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ladder(f: impl Fn(f64) -> f64) -> Vec<(usize, u64)> {
        [256usize, 512, 1024, 2048, 4096]
            .iter()
            .map(|&n| (n, f(n as f64) as u64))
            .collect()
    }

    #[test]
    fn each_class_is_recognised_with_lower_order_terms() {
        type Curve = fn(f64) -> f64;
        let cases: [(Curve, Option<Growth>); 6] = [
            (|n| 7.0 * n + 30.0, Some(Growth::Linear)),
            (|n| 3.0 * n * n.log2() - 4.0 * n, Some(Growth::Linearithmic)),
            (|n| n * n / 2.0 + 5.0 * n, Some(Growth::Quadratic)),
            (|n| n * n * n / 3.0 - n * n, Some(Growth::Cubic)),
            // n^1.5 and n^2.5 lie between classes: no class.
            (|n| n.powf(1.5), None),
            (|n| n.powf(2.5), None),
        ];
        for (f, class) in cases {
            assert_eq!(fit(&ladder(f)).class, class, "{:?}", fit(&ladder(f)));
        }
    }

    #[test]
    fn the_margin_leaves_a_gap_between_linear_and_linearithmic() {
        let f = fit(&ladder(|n| n));
        // On 256..4096 O(n log n) predicts 1.146; a third of the gap is 0.049.
        assert!(f.margin > 0.04 && f.margin < 0.06, "{f:?}");
    }

    #[test]
    fn doubling_per_stone_is_exponential() {
        let counts: Vec<(usize, u64)> = (12..=16).map(|n| (n, n as u64 * (1 << n))).collect();
        assert_eq!(fit_exponential(&counts).label(), "O(2^n)");
        let cubic: Vec<(usize, u64)> = (12..=16).map(|n| (n, (n * n * n) as u64)).collect();
        assert_ne!(fit_exponential(&cubic).label(), "O(2^n)");
        let triple: Vec<(usize, u64)> = (12..=16).map(|n| (n, 3u64.pow(n as u32))).collect();
        assert_ne!(fit_exponential(&triple).label(), "O(2^n)");
    }
}
