//! One round of the 10,000-yen game as a zero-sum matrix game, solved
//! exactly by enumerating square submatrices (Shapley and Snow's kernels),
//! with no linear programming.
//!
//! Rows are A's bets, columns B's bets, `matrix[i][j]` the value to A of the
//! rest of the match after A's `i`-th and B's `j`-th bet. A maximises, B
//! minimises.
//!
//! **Method.** Shapley and Snow (1950, "Basic solutions of discrete
//! games"): if the value v is not 0, every pair of extreme optimal strategies
//! comes from a square nonsingular submatrix K (a *kernel*, rows I and
//! columns J of the same size k) by
//!
//! ```text
//! v = 1 / (1ᵀ K⁻¹ 1),   p_I = v · 1ᵀ K⁻¹,   q_J = v · K⁻¹ 1,
//! ```
//!
//! and p, q are 0 outside I and J. So: shift every entry by one constant so
//! that all are ≥ 1 (the value then is ≥ 1, never 0), then try every k = 1,
//! 2, … and every pair of k-subsets (I, J), solve the two k×k systems by
//! Gaussian elimination over exact rationals, and keep the first pair whose
//! strategies are probabilities and are *optimal by definition*: p earns at
//! least v against every column, q concedes at most v against every row.
//! That check alone makes any answer correct; the theorem only promises that
//! the search finds one. k = 1 is a saddle point in pure strategies.
//!
//! Cost: up to Σₖ C(m,k)·C(n,k) systems of size k, exponential in the
//! support of the smallest kernel; the yen games' rounds have small kernels
//! (see the module docs of [`super`] for what that means in time).

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

/// The value of a round's matrix game and one optimal bet distribution of
/// each player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StageSolution {
    /// The value to A (the row player).
    pub value: BigRational,
    /// A's optimal strategy: one probability per row.
    pub strategy_a: Vec<BigRational>,
    /// B's optimal strategy: one probability per column.
    pub strategy_b: Vec<BigRational>,
    /// The size k of the kernel the strategies came from (1 = a saddle point).
    pub kernel_size: usize,
}

/// Solves the matrix game `matrix` (rows maximise) exactly.
///
/// # Panics
/// If `matrix` is empty or ragged (the caller builds it; never user input),
/// or if no kernel is found, which Shapley and Snow's theorem rules out.
#[must_use]
pub fn solve_stage(matrix: &[Vec<BigRational>]) -> StageSolution {
    assert!(!matrix.is_empty(), "a round without bets for A");
    let columns = matrix[0].len();
    assert!(columns > 0, "a round without bets for B");
    assert!(
        matrix.iter().all(|row| row.len() == columns),
        "ragged round matrix"
    );

    // All entries ≥ 1, so the shifted value is ≥ 1 and never 0.
    let lowest = matrix.iter().flatten().min().expect("non-empty").clone();
    let shift = BigRational::one() - lowest;
    let shifted: Vec<Vec<BigRational>> = matrix
        .iter()
        .map(|row| row.iter().map(|x| x + &shift).collect())
        .collect();

    let (rows, cols) = undominated(&shifted);
    for k in 1..=rows.len().min(cols.len()) {
        let row_sets = subsets(&rows, k);
        let column_sets = subsets(&cols, k);
        for i_set in &row_sets {
            for j_set in &column_sets {
                if let Some((value, p, q)) = try_kernel(&shifted, i_set, j_set) {
                    return StageSolution {
                        value: value - &shift,
                        strategy_a: p,
                        strategy_b: q,
                        kernel_size: k,
                    };
                }
            }
        }
    }
    unreachable!("Shapley–Snow: every matrix game with a nonzero value has a kernel")
}

/// The rows and columns left after deleting, again and again, every row
/// weakly dominated by another row (no better against any column left) and
/// every column weakly dominated by another column (no better for B against
/// any row left); of two equal rows or columns the later one goes.
///
/// Why the value and a kernel survive: if row r is never better than row s,
/// then against any strategy of B, r earns no more than s, so the best A
/// can earn against each strategy of B, and with it the value, is the same
/// without r; an optimal pair of the smaller game, with probability 0 on r,
/// is optimal in the larger one (the same for columns). [`try_kernel`]
/// checks its answer against every row and column of the whole matrix all
/// the same, so this step can only make the search faster, never wrong.
fn undominated(a: &[Vec<BigRational>]) -> (Vec<usize>, Vec<usize>) {
    let mut rows: Vec<usize> = (0..a.len()).collect();
    let mut cols: Vec<usize> = (0..a[0].len()).collect();
    loop {
        let before = (rows.len(), cols.len());
        // Row r is weakly dominated by row s: a[r][j] ≤ a[s][j] for every j.
        if let Some(pos) = rows.iter().position(|&r| {
            rows.iter().any(|&s| {
                s != r
                    && cols.iter().all(|&j| a[r][j] <= a[s][j])
                    && (s < r || cols.iter().any(|&j| a[r][j] < a[s][j]))
            })
        }) {
            rows.remove(pos);
        }
        // Column c is weakly dominated by column d: a[i][c] ≥ a[i][d] for every i.
        if let Some(pos) = cols.iter().position(|&c| {
            cols.iter().any(|&d| {
                d != c
                    && rows.iter().all(|&i| a[i][c] >= a[i][d])
                    && (d < c || rows.iter().any(|&i| a[i][c] > a[i][d]))
            })
        }) {
            cols.remove(pos);
        }
        if (rows.len(), cols.len()) == before {
            return (rows, cols);
        }
    }
}

/// Tries rows `i_set` × columns `j_set` of the (positive) matrix `a` as a
/// kernel; returns the value and both full-length strategies when they are
/// probabilities and optimal against every pure strategy of the opponent.
fn try_kernel(
    a: &[Vec<BigRational>],
    i_set: &[usize],
    j_set: &[usize],
) -> Option<(BigRational, Vec<BigRational>, Vec<BigRational>)> {
    let k = i_set.len();
    let kernel: Vec<Vec<BigRational>> = i_set
        .iter()
        .map(|&i| j_set.iter().map(|&j| a[i][j].clone()).collect())
        .collect();
    let ones = vec![BigRational::one(); k];

    // B's side first: K y = 1, v = 1 / Σ y, q = v y.
    let y = solve_linear(kernel.clone(), ones.clone())?;
    let total: BigRational = y.iter().sum();
    if !total.is_positive() || y.iter().any(Signed::is_negative) {
        return None;
    }
    let value = total.recip();
    let mut q = vec![BigRational::zero(); a[0].len()];
    for (&j, yj) in j_set.iter().zip(&y) {
        q[j] = yj * &value;
    }
    // q must hold every row of A to at most v.
    for row in a {
        let earned: BigRational = j_set.iter().map(|&j| &row[j] * &q[j]).sum();
        if earned > value {
            return None;
        }
    }

    // A's side: Kᵀ x = 1 (Σ x = Σ y), p = v x.
    let transposed: Vec<Vec<BigRational>> = (0..k)
        .map(|c| kernel.iter().map(|row| row[c].clone()).collect())
        .collect();
    let x = solve_linear(transposed, ones)?;
    if x.iter().any(Signed::is_negative) {
        return None;
    }
    let mut p = vec![BigRational::zero(); a.len()];
    for (&i, xi) in i_set.iter().zip(&x) {
        p[i] = xi * &value;
    }
    // p must earn at least v against every column of B.
    let holds = (0..a[0].len()).all(|j| {
        let earned: BigRational = i_set.iter().map(|&i| &a[i][j] * &p[i]).sum();
        earned >= value
    });
    holds.then_some((value, p, q))
}

/// Solves `m · x = b` by Gaussian elimination over exact rationals;
/// `None` when `m` is singular.
fn solve_linear(mut m: Vec<Vec<BigRational>>, mut b: Vec<BigRational>) -> Option<Vec<BigRational>> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n).find(|&r| !m[r][col].is_zero())?;
        m.swap(col, pivot);
        b.swap(col, pivot);
        let pivot_row = m[col].clone();
        for r in 0..n {
            if r != col && !m[r][col].is_zero() {
                let factor = &m[r][col] / &pivot_row[col];
                for (entry, pivot) in m[r].iter_mut().zip(&pivot_row).skip(col) {
                    *entry -= &factor * pivot;
                }
                let delta = &factor * &b[col];
                b[r] -= delta;
            }
        }
    }
    Some((0..n).map(|r| &b[r] / &m[r][r]).collect())
}

/// Every k-element subset of `items`, each in the order of `items`.
fn subsets(items: &[usize], k: usize) -> Vec<Vec<usize>> {
    fn extend(
        items: &[usize],
        k: usize,
        start: usize,
        chosen: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if chosen.len() == k {
            out.push(chosen.clone());
            return;
        }
        for i in start..items.len() {
            chosen.push(items[i]);
            extend(items, k, i + 1, chosen, out);
            chosen.pop();
        }
    }
    let mut out = Vec::new();
    extend(items, k, 0, &mut Vec::with_capacity(k), &mut out);
    out
}

/// `n/1` as a rational, for the tests and the recursion's leaves.
#[must_use]
pub(super) fn whole(n: i64) -> BigRational {
    BigRational::from_integer(BigInt::from(n))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(n: i64, d: i64) -> BigRational {
        BigRational::new(BigInt::from(n), BigInt::from(d))
    }

    fn game(rows: &[&[i64]]) -> Vec<Vec<BigRational>> {
        rows.iter()
            .map(|row| row.iter().map(|&x| whole(x)).collect())
            .collect()
    }

    #[test]
    fn subsets_are_all_combinations() {
        let eleven: Vec<usize> = (0..11).collect();
        assert_eq!(subsets(&eleven[..4], 2).len(), 6);
        assert_eq!(subsets(&[3, 5, 8], 3), vec![vec![3, 5, 8]]);
        assert_eq!(subsets(&eleven, 5).len(), 462);
    }

    #[test]
    fn saddle_point_is_a_kernel_of_size_one() {
        let s = solve_stage(&game(&[&[3, 1, 4], &[2, 2, 5], &[0, 1, 9]]));
        assert_eq!(s.value, whole(2));
        assert_eq!(s.kernel_size, 1);
        assert_eq!(s.strategy_a, vec![whole(0), whole(1), whole(0)]);
    }

    #[test]
    fn matching_pennies_mixes_evenly() {
        let s = solve_stage(&game(&[&[1, -1], &[-1, 1]]));
        assert_eq!(s.value, whole(0));
        assert_eq!(s.strategy_a, vec![r(1, 2), r(1, 2)]);
        assert_eq!(s.strategy_b, vec![r(1, 2), r(1, 2)]);
        assert_eq!(s.kernel_size, 2);
    }

    #[test]
    fn two_by_two_closed_form() {
        // No saddle: v = (ad − bc) / (a + d − b − c) = (12 − 2) / (3 + 4 − 1 − 2) = 5/2.
        let s = solve_stage(&game(&[&[3, 1], &[2, 4]]));
        assert_eq!(s.value, r(5, 2));
    }

    #[test]
    fn rock_paper_scissors_has_value_zero_and_uniform_play() {
        let s = solve_stage(&game(&[&[0, -1, 1], &[1, 0, -1], &[-1, 1, 0]]));
        assert_eq!(s.value, whole(0));
        assert_eq!(s.strategy_a, vec![r(1, 3); 3]);
        assert_eq!(s.strategy_b, vec![r(1, 3); 3]);
    }

    #[test]
    fn singular_systems_are_skipped() {
        assert_eq!(
            solve_linear(game(&[&[1, 2], &[2, 4]]), vec![whole(1); 2]),
            None
        );
        assert_eq!(
            solve_linear(game(&[&[0, 1], &[1, 0]]), vec![whole(2), whole(3)]),
            Some(vec![whole(3), whole(2)])
        );
    }
}
