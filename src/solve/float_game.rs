//! Zero-sum matrix games in `f64`: the same linear programme as
//! [`super::matrix_game::solve`] (shift the matrix positive, maximise Σy
//! subject to A·y ≤ 1, y ≥ 0) on a dense floating-point tableau.
//!
//! Nothing here is trusted on its own: a [`FloatSolution`] is a guess.
//! Callers turn it into something proven, either rigorous bounds on the
//! value (each strategy evaluated against every reply with directed rounding,
//! see [`super::rounding`]), or the exact value, by solving the optimal
//! basis it names in exact arithmetic and checking it
//! ([`super::matrix_game::value_from_basis`]).
//!
//! The basis is the useful by-product: the rows whose slack is non-basic
//! (`tight_rows`) and the structural columns in the basis (`basic_columns`)
//! are equally many, and the square system A[tight, basic]·y = 1 determines
//! the optimal vertex.

/// A floating-point solution and the optimal basis it was read from.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FloatSolution {
    /// The value to the row player (approximate).
    pub value: f64,
    /// The row player's strategy (non-negative, sums to about 1).
    pub row_strategy: Vec<f64>,
    /// The column player's strategy.
    pub column_strategy: Vec<f64>,
    /// The integer the matrix was shifted by to make the LP positive.
    pub shift: f64,
    /// Rows whose constraint is tight in the basis (slack non-basic).
    pub tight_rows: Vec<usize>,
    /// Columns whose variable is basic (as many as `tight_rows`: together
    /// they name the square system of the optimal vertex).
    pub basic_columns: Vec<usize>,
}

/// A reusable tableau (one per thread): solving many small games allocates
/// nothing after the first.
#[derive(Debug, Default, Clone)]
pub struct FloatLp {
    tableau: Vec<f64>,
    basis: Vec<usize>,
}

/// Pivots tolerate entries this close to zero as zero.
const EPS: f64 = 1e-11;

impl FloatLp {
    /// An empty workspace.
    #[must_use]
    pub fn new() -> FloatLp {
        FloatLp::default()
    }

    /// Solves the `rows × cols` game whose entry (i, j) is
    /// `matrix[i * cols + j]`. Returns `None` if the simplex does not finish
    /// within its iteration limit (numerical trouble; callers fall back to
    /// an exact method).
    ///
    /// # Panics
    /// If the matrix is empty or its length is not `rows * cols`.
    pub fn solve(&mut self, rows: usize, cols: usize, matrix: &[f64]) -> Option<FloatSolution> {
        let (m, n) = (rows, cols);
        assert!(m > 0 && n > 0 && matrix.len() == m * n, "bad matrix shape");
        let min = matrix.iter().copied().fold(f64::INFINITY, f64::min);
        // An integer shift, so that an exact solver can use the same one.
        let shift = 1.0 - min.floor();

        // Pure saddle point first: most stage games have one and need no LP.
        if let Some(s) = saddle(m, n, matrix, shift) {
            return Some(s);
        }

        let width = n + m + 1;
        let rhs = n + m;
        let t = &mut self.tableau;
        t.clear();
        t.resize((m + 1) * width, 0.0);
        for i in 0..m {
            let row = &mut t[i * width..(i + 1) * width];
            for j in 0..n {
                row[j] = matrix[i * n + j] + shift;
            }
            row[n + i] = 1.0;
            row[rhs] = 1.0;
        }
        for x in &mut t[m * width..m * width + n] {
            *x = -1.0;
        }
        let basis = &mut self.basis;
        basis.clear();
        basis.extend(n..n + m);

        let limit = 20 * (m + n) + 100;
        let mut degenerate = false;
        let mut done = false;
        for _ in 0..limit {
            let obj = &t[m * width..m * width + n + m];
            let enter = if degenerate {
                obj.iter().position(|&c| c < -EPS)
            } else {
                let (mut best, mut at) = (-EPS, None);
                for (j, &c) in obj.iter().enumerate() {
                    if c < best {
                        best = c;
                        at = Some(j);
                    }
                }
                at
            };
            let Some(e) = enter else {
                done = true;
                break;
            };
            let mut leave: Option<(usize, f64, f64)> = None;
            for i in 0..m {
                let a = t[i * width + e];
                if a <= EPS {
                    continue;
                }
                let ratio = t[i * width + rhs] / a;
                let better = match leave {
                    None => true,
                    Some((k, r, pa)) => {
                        ratio < r - EPS
                            || (ratio <= r + EPS && (a > pa * 1.5 || basis[i] < basis[k]))
                    }
                };
                if better {
                    leave = Some((i, ratio, a));
                }
            }
            let (r, ratio, _) = leave?;
            degenerate = ratio <= EPS;
            pivot(t, width, m + 1, r, e);
            basis[r] = e;
        }
        if !done {
            return None;
        }
        let total = t[m * width + rhs];
        if total.partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater) {
            return None;
        }
        let mut column_strategy = vec![0.0; n];
        let mut tight_rows = Vec::new();
        let mut basic_columns = Vec::new();
        for (i, &b) in basis.iter().enumerate() {
            if b < n {
                column_strategy[b] = (t[i * width + rhs] / total).max(0.0);
                basic_columns.push(b);
            }
        }
        let slack_basic: Vec<bool> = {
            let mut v = vec![false; m];
            for &b in basis.iter() {
                if b >= n {
                    v[b - n] = true;
                }
            }
            v
        };
        tight_rows.extend((0..m).filter(|&i| !slack_basic[i]));
        let row_strategy = (0..m)
            .map(|i| (t[m * width + n + i] / total).max(0.0))
            .collect();
        Some(FloatSolution {
            value: 1.0 / total - shift,
            row_strategy,
            column_strategy,
            shift,
            tight_rows,
            basic_columns,
        })
    }
}

/// A pure saddle point (an entry that is the minimum of its row and the
/// maximum of its column), as a solution with a 1×1 basis.
fn saddle(m: usize, n: usize, matrix: &[f64], shift: f64) -> Option<FloatSolution> {
    let (mut best_row, mut maximin) = (0, f64::NEG_INFINITY);
    for i in 0..m {
        let row_min = matrix[i * n..(i + 1) * n]
            .iter()
            .copied()
            .fold(f64::INFINITY, f64::min);
        if row_min > maximin {
            maximin = row_min;
            best_row = i;
        }
    }
    let (mut best_col, mut minimax) = (0, f64::INFINITY);
    for j in 0..n {
        let col_max = (0..m)
            .map(|i| matrix[i * n + j])
            .fold(f64::NEG_INFINITY, f64::max);
        if col_max < minimax {
            minimax = col_max;
            best_col = j;
        }
    }
    if maximin != minimax {
        return None;
    }
    let unit = |len: usize, k: usize| (0..len).map(|i| f64::from(u8::from(i == k))).collect();
    Some(FloatSolution {
        value: maximin,
        row_strategy: unit(m, best_row),
        column_strategy: unit(n, best_col),
        shift,
        tight_rows: vec![best_row],
        basic_columns: vec![best_col],
    })
}

/// Gauss–Jordan pivot of a dense row-major tableau on entry (r, c).
fn pivot(t: &mut [f64], width: usize, height: usize, r: usize, c: usize) {
    let p = t[r * width + c];
    for x in &mut t[r * width..(r + 1) * width] {
        *x /= p;
    }
    let (before, rest) = t.split_at_mut(r * width);
    let (pivot_row, after) = rest.split_at_mut(width);
    for row in before
        .chunks_exact_mut(width)
        .chain(after.chunks_exact_mut(width))
        .take(height - 1)
    {
        let f = row[c];
        if f != 0.0 {
            for (x, &y) in row.iter_mut().zip(pivot_row.iter()) {
                *x -= f * y;
            }
            row[c] = 0.0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::exact::ratio;
    use crate::solve::matrix_game::solve;
    use num_traits::ToPrimitive;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// The float value is within 1e-9 of the exact simplex's, and the
        /// basis is square.
        #[test]
        fn agrees_with_the_exact_simplex(
            (m, n, cells) in (1usize..7, 1usize..7).prop_flat_map(|(m, n)| {
                (Just(m), Just(n), prop::collection::vec((-6i64..=6, 1i64..=3), m * n))
            })
        ) {
            let exact: Vec<Vec<_>> = (0..m)
                .map(|i| (0..n).map(|j| ratio(cells[i * n + j].0, cells[i * n + j].1)).collect())
                .collect();
            let floats: Vec<f64> = cells.iter().map(|&(p, q)| p as f64 / q as f64).collect();
            let f = FloatLp::new().solve(m, n, &floats).unwrap();
            let v = solve(&exact).value.to_f64().unwrap();
            prop_assert!((f.value - v).abs() < 1e-9, "{} vs {}", f.value, v);
            prop_assert_eq!(f.tight_rows.len(), f.basic_columns.len());
            let sum: f64 = f.row_strategy.iter().sum();
            prop_assert!((sum - 1.0).abs() < 1e-9);
        }
    }
}
