//! [`guarantee`] and [`ceiling`], the two bounds every certified interval
//! of the 10,000-yen game (document 000, §3) is made of, against exact
//! rational arithmetic on small matrix games: each is on the right side of
//! what the fixed-point strategy guarantees exactly, hence of the game's
//! value, and close to it. A quotient rounded the wrong way (the issue's
//! mutation of `guarantee`: `ratio_up` for `ratio_down`) puts the bound past
//! the exact one whenever the strategy's grid total is not a power of two.

use super::{ceiling, fixed_floor, fixed_weights, guarantee, Interval, FIXED};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};
use proptest::prelude::*;
use solved_games_reference::solve::matrix_game;
use solved_games_reference::solve::rounding::enclose;

fn exact(x: f64) -> BigRational {
    BigRational::from_float(x).expect("finite")
}

/// What the strategy `p` over `lines` (each `len` long) ensures exactly
/// after its weights are rounded to the grid, with each entry replaced by
/// `payoff` on the grid (in units of 2⁻⁵⁰): the least (`least`) or greatest
/// weighted mean over the replies. `None` if `p` rounds to nothing.
fn exact_mean(
    lines: &[Interval],
    len: usize,
    p: &[f64],
    payoff: impl Fn(&Interval) -> i64,
    least: bool,
) -> Option<BigRational> {
    let weights = fixed_weights(p);
    let total: BigInt = weights.iter().map(|&(_, w)| BigInt::from(w)).sum();
    if total.is_zero() {
        return None;
    }
    let scale = BigRational::from_integer(total) * exact(FIXED);
    let means = (0..len).map(|j| {
        let sum: BigInt = weights
            .iter()
            .map(|&(r, w)| BigInt::from(w) * BigInt::from(payoff(&lines[r * len + j])))
            .sum();
        BigRational::from_integer(sum) / &scale
    });
    if least {
        means.min()
    } else {
        means.max()
    }
}

/// The matrix as intervals row by row (for [`guarantee`]) and column by
/// column (for [`ceiling`]), each entry the nearest doubles around it.
fn lines(matrix: &[Vec<BigRational>]) -> (Vec<Interval>, Vec<Interval>) {
    let interval = |x: &BigRational| {
        let (lower, upper) = enclose(x);
        Interval { lower, upper }
    };
    let rows = matrix.iter().flatten().map(interval).collect();
    let columns = (0..matrix[0].len())
        .flat_map(|j| matrix.iter().map(move |row| interval(&row[j])))
        .collect();
    (rows, columns)
}

/// The lines' lower bounds, one after another: what [`guarantee`] reads.
fn lowers(lines: &[Interval]) -> Vec<f64> {
    lines.iter().map(|iv| iv.lower).collect()
}

/// The lines' upper bounds: what [`ceiling`] reads.
fn uppers(lines: &[Interval]) -> Vec<f64> {
    lines.iter().map(|iv| iv.upper).collect()
}

/// Checks both bounds of `matrix` with float strategies `p` (rows) and `q`
/// (columns): guarantee ≤ what p ensures exactly ≤ value ≤ what q concedes
/// exactly ≤ ceiling, each bound within 2⁻⁴⁰ of the exact one.
fn check(matrix: &[Vec<BigRational>], p: &[f64], q: &[f64]) -> Result<(), TestCaseError> {
    let (m, n) = (matrix.len(), matrix[0].len());
    let value = matrix_game::solve_value(matrix);
    let (rows, columns) = lines(matrix);
    let slack = BigRational::new(BigInt::one(), BigInt::from(1u64 << 40));
    let lower = guarantee(&lowers(&rows), n, p);
    if let Some(ensured) = exact_mean(&rows, n, p, |iv| fixed_floor(iv.lower), true) {
        prop_assert!(
            exact(lower) <= ensured,
            "guarantee {lower:e} above {ensured}"
        );
        prop_assert!(
            ensured <= value,
            "ensured {ensured} above the value {value}"
        );
        prop_assert!(
            &ensured - exact(lower) <= slack,
            "guarantee {lower:e} loose"
        );
    } else {
        prop_assert_eq!(lower, f64::NEG_INFINITY);
    }
    let upper = ceiling(&uppers(&columns), m, q);
    if let Some(conceded) = exact_mean(&columns, m, q, |iv| -fixed_floor(-iv.upper), false) {
        prop_assert!(
            conceded <= exact(upper),
            "ceiling {upper:e} below {conceded}"
        );
        prop_assert!(
            value <= conceded,
            "conceded {conceded} below the value {value}"
        );
        prop_assert!(exact(upper) - &conceded <= slack, "ceiling {upper:e} loose");
    } else {
        prop_assert_eq!(upper, f64::INFINITY);
    }
    Ok(())
}

/// A matrix game of 1–4 rows and columns with entries k/`den` in [−1, 1].
fn matrix(den: i64) -> impl Strategy<Value = Vec<Vec<BigRational>>> {
    (1usize..=4, 1usize..=4).prop_flat_map(move |(m, n)| {
        prop::collection::vec(prop::collection::vec(-den..=den, n), m).prop_map(move |rows| {
            rows.into_iter()
                .map(|row| {
                    row.into_iter()
                        .map(|k| BigRational::new(k.into(), den.into()))
                        .collect()
                })
                .collect()
        })
    })
}

fn floats(xs: &[BigRational]) -> Vec<f64> {
    xs.iter()
        .map(|x| x.to_f64().expect("a probability"))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// The optimal strategies of games with entries in sevenths and
    /// thirteenths: weights like 2/7 are not doubles, so the grid totals are
    /// not powers of two and every quotient rounds.
    #[test]
    fn bounds_of_optimal_strategies_hold_exactly(m in prop_oneof![matrix(7), matrix(13)]) {
        let solution = matrix_game::solve(&m);
        check(&m, &floats(&solution.row_strategy), &floats(&solution.column_strategy))?;
    }

    /// Any strategy, optimal or not, gives a bound on the right side.
    #[test]
    fn bounds_of_any_strategy_hold_exactly(
        m in matrix(7),
        p in prop::collection::vec(0.0f64..1.0, 4),
        q in prop::collection::vec(0.0f64..1.0, 4),
    ) {
        check(&m, &p[..m.len()], &q[..m[0].len()])?;
    }

    /// Games with entries in eighths whose value is a dyadic rational, a
    /// double the interval must contain exactly (the bounds may meet on it).
    #[test]
    fn bounds_hold_when_the_value_is_dyadic(m in matrix(8)) {
        let solution = matrix_game::solve(&m);
        let value = &solution.value;
        prop_assume!(value.denom().magnitude().count_ones() == 1);
        let (rows, columns) = lines(&m);
        let (p, q) = (floats(&solution.row_strategy), floats(&solution.column_strategy));
        let (lower, upper) = (guarantee(&lowers(&rows), m[0].len(), &p), ceiling(&uppers(&columns), m.len(), &q));
        prop_assert!(exact(lower) <= *value && *value <= exact(upper), "[{lower:e}, {upper:e}] misses {value}");
        check(&m, &p, &q)?;
    }
}

/// A stage game with the dyadic value 1/4 whose optimal strategies are
/// thirds, (1/3, 2/3) for both players (not doubles): the grid total is
/// 2⁵⁰ − 1, and the bounds still meet exactly on the value.
#[test]
fn thirds_give_the_dyadic_value_exactly() {
    let e = |k: i64| BigRational::new(k.into(), 8.into());
    let m = vec![vec![e(6), e(0)], vec![e(0), e(3)]];
    assert_eq!(matrix_game::solve_value(&m), e(2));
    let (rows, columns) = lines(&m);
    let thirds = [1.0 / 3.0, 2.0 / 3.0];
    assert_eq!(guarantee(&lowers(&rows), 2, &thirds), 0.25);
    assert_eq!(ceiling(&uppers(&columns), 2, &thirds), 0.25);
    check(&m, &thirds, &thirds).unwrap();
}
