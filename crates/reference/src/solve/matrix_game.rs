//! Exact zero-sum matrix games: the value and a pair of optimal mixed
//! strategies of a payoff matrix, in exact rationals.
//!
//! The row player maximises, the column player minimises; `matrix[i][j]` is
//! what the column player pays the row player when row `i` meets column `j`.
//!
//! [`solve`] is the plain method: the classical reduction of a matrix game to
//! one linear programme (shift every entry to be positive, then
//! maximise Σ y subject to A·y ≤ 1, y ≥ 0, whose dual is the row player's
//! problem) solved by the simplex method on an exact [`BigRational`] tableau.
//! The slack basis is feasible from the start, so there is no phase 1. The
//! entering column is the most negative reduced cost (Dantzig), switching to
//! Bland's rule (lowest-index entering column, lowest-index leaving basic
//! variable among ratio ties) after any degenerate pivot until the objective
//! moves again: Dantzig's speed, Bland's guarantee against cycling. The row
//! player's strategy is read off the dual prices of the final tableau. The
//! tableau is kept in integers with one common denominator (fraction-free
//! pivoting, as in Edmonds' and Avis' exact LP codes): no gcd per entry,
//! which is where a `BigRational` tableau spends most of its time.
//!
//! [`solve_reduced`] first looks for a saddle point in pure strategies and
//! then deletes weakly dominated rows and columns, calling the simplex only
//! on what is left: the same value, an optimal pair of the original game, far
//! fewer pivots.
//!
//! # Clients
//! The 10,000-yen DP of document 000 ([`crate::games::yen::optimized`])
//! solves one stage game per state with [`solve_reduced`] (and certifies
//! float guesses with [`value_from_basis`]). [`solve`] is the plain
//! reference it is tested against, and the exact check of the float LP
//! ([`super::float_game`]). The naive 10,000-yen search uses neither: it has
//! its own method (enumerating square submatrices), so that the two sides
//! share no solver. The solver's own tests, on textbook games, are in
//! `tests/matrix_game.rs`.
//!
//! Every answer can be checked without trusting the simplex:
//! [`Solution::is_certified`] verifies that the row strategy guarantees the
//! value against every column and the column strategy concedes no more than
//! the value against every row, which is the definition of optimality.

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

/// Value and one pair of optimal strategies of a matrix game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The value of the game to the row player.
    pub value: BigRational,
    /// An optimal mixed strategy of the row player: one probability per row.
    pub row_strategy: Vec<BigRational>,
    /// An optimal mixed strategy of the column player: one per column.
    pub column_strategy: Vec<BigRational>,
}

/// Checks that `matrix` is a non-empty rectangle.
///
/// # Panics
/// On an empty or ragged matrix: callers build their matrices themselves, so
/// this is a programming error, never user input.
fn check_shape(matrix: &[Vec<BigRational>]) -> (usize, usize) {
    assert!(!matrix.is_empty(), "matrix game without rows");
    let n = matrix[0].len();
    assert!(n > 0, "matrix game without columns");
    assert!(
        matrix.iter().all(|row| row.len() == n),
        "ragged matrix game"
    );
    (matrix.len(), n)
}

/// The best the row player can guarantee with a pure strategy:
/// max over rows of the row minimum (a lower bound on the value).
#[must_use]
pub fn pure_maximin(matrix: &[Vec<BigRational>]) -> BigRational {
    check_shape(matrix);
    matrix
        .iter()
        .map(|row| row.iter().min().expect("non-empty row").clone())
        .max()
        .expect("non-empty matrix")
}

/// The least the column player can concede with a pure strategy:
/// min over columns of the column maximum (an upper bound on the value).
#[must_use]
pub fn pure_minimax(matrix: &[Vec<BigRational>]) -> BigRational {
    let (_, n) = check_shape(matrix);
    (0..n)
        .map(|j| {
            matrix
                .iter()
                .map(|row| &row[j])
                .max()
                .expect("non-empty column")
                .clone()
        })
        .min()
        .expect("non-empty matrix")
}

/// What the mixed row strategy `p` guarantees: min over columns of p·M_j.
#[must_use]
pub fn row_guarantee(matrix: &[Vec<BigRational>], p: &[BigRational]) -> BigRational {
    let (m, n) = check_shape(matrix);
    assert_eq!(p.len(), m, "row strategy of the wrong length");
    (0..n)
        .map(|j| {
            (0..m)
                .filter(|&i| !p[i].is_zero())
                .map(|i| &p[i] * &matrix[i][j])
                .fold(BigRational::zero(), |acc, x| acc + x)
        })
        .min()
        .expect("non-empty matrix")
}

/// What the mixed column strategy `q` concedes at most: max over rows of M_i·q.
#[must_use]
pub fn column_ceiling(matrix: &[Vec<BigRational>], q: &[BigRational]) -> BigRational {
    let (_, n) = check_shape(matrix);
    assert_eq!(q.len(), n, "column strategy of the wrong length");
    matrix
        .iter()
        .map(|row| {
            (0..n)
                .filter(|&j| !q[j].is_zero())
                .map(|j| &q[j] * &row[j])
                .fold(BigRational::zero(), |acc, x| acc + x)
        })
        .max()
        .expect("non-empty matrix")
}

/// Whether `p` is a probability vector.
fn is_distribution(p: &[BigRational]) -> bool {
    p.iter().all(|x| !x.is_negative())
        && p.iter().fold(BigRational::zero(), |acc, x| acc + x) == BigRational::one()
}

impl Solution {
    /// Whether this is provably a solution of `matrix`: both strategies are
    /// probability vectors, the row strategy guarantees at least `value`
    /// against every column and the column strategy concedes at most `value`
    /// against every row. Independent of how the solution was found.
    #[must_use]
    pub fn is_certified(&self, matrix: &[Vec<BigRational>]) -> bool {
        let (m, n) = check_shape(matrix);
        self.row_strategy.len() == m
            && self.column_strategy.len() == n
            && is_distribution(&self.row_strategy)
            && is_distribution(&self.column_strategy)
            && row_guarantee(matrix, &self.row_strategy) >= self.value
            && column_ceiling(matrix, &self.column_strategy) <= self.value
    }
}

/// Solves the matrix game by the simplex method (Dantzig's rule, Bland's
/// rule on degenerate stretches).
///
/// # Panics
/// On an empty or ragged matrix (a programming error).
///
/// # Examples
/// ```
/// use solved_games_reference::solve::{exact::integer, matrix_game::solve};
/// // Matching pennies: value 0, both players toss a fair coin.
/// let m = vec![vec![integer(1), integer(-1)], vec![integer(-1), integer(1)]];
/// let s = solve(&m);
/// assert_eq!(s.value, integer(0));
/// assert!(s.is_certified(&m));
/// ```
#[must_use]
pub fn solve(matrix: &[Vec<BigRational>]) -> Solution {
    simplex(matrix, true)
}

/// The value alone, by the same simplex as [`solve`] without reading the
/// strategies off the final tableau (a third of the work on the large
/// exact games of the 10,000-yen DP, whose induction keeps only values).
///
/// # Panics
/// On an empty or ragged matrix (a programming error).
#[must_use]
pub fn solve_value(matrix: &[Vec<BigRational>]) -> BigRational {
    simplex(matrix, false).value
}

fn simplex(matrix: &[Vec<BigRational>], strategies: bool) -> Solution {
    let (m, n) = check_shape(matrix);
    // Shift so every entry is ≥ 1: the shifted value is then ≥ 1 > 0, the LP
    // below is bounded and feasible at y = 0.
    let min = matrix
        .iter()
        .flat_map(|row| row.iter())
        .min()
        .expect("non-empty matrix")
        .clone();
    let shift = BigRational::one() - min;

    // Integer tableau: constraint row i is multiplied by the lcm L_i of its
    // denominators, (L_i·A_i)·y + s_i = L_i, so every entry is an integer.
    // Rows 0..m, then the objective row [-1 … -1 | 0 | 0].
    let width = n + m + 1;
    let rhs = n + m;
    let mut scale = Vec::with_capacity(m);
    let mut tableau: Vec<Vec<BigInt>> = Vec::with_capacity(m + 1);
    for (i, row) in matrix.iter().enumerate() {
        let shifted: Vec<BigRational> = row.iter().map(|x| x + &shift).collect();
        // The lcm of the row's denominators; a gcd only for a denominator
        // not seen yet in the row (most are 1 or repeat).
        let mut l = BigInt::one();
        let mut seen: Vec<&BigInt> = Vec::new();
        for x in &shifted {
            let d = x.denom();
            if !d.is_one() && !seen.contains(&d) {
                seen.push(d);
                l = if l.is_one() { d.clone() } else { l.lcm(d) };
            }
        }
        let mut t = Vec::with_capacity(width);
        t.extend(shifted.iter().map(|x| x.numer() * (&l / x.denom())));
        t.extend((0..m).map(|k| BigInt::from(u8::from(k == i))));
        t.push(l.clone());
        tableau.push(t);
        scale.push(l);
    }
    let mut objective = vec![BigInt::zero(); width];
    for x in objective.iter_mut().take(n) {
        *x = -BigInt::one();
    }
    tableau.push(objective);
    let mut basis: Vec<usize> = (n..n + m).collect();
    // The true tableau is `tableau / denominator` (fraction-free pivoting).
    let mut denominator = BigInt::one();

    // Entering column: the most negative reduced cost (Dantzig), which takes
    // far fewer pivots than Bland's rule; but after a degenerate pivot (ratio
    // 0, objective unchanged) the lowest-index negative one (Bland) until the
    // objective moves again. Cycling needs an endless run of degenerate
    // pivots, and such a run is all Bland after its first pivot, which
    // Bland's theorem rules out; every other pivot raises the objective.
    let mut degenerate = false;
    loop {
        let negative = (0..n + m).filter(|&j| tableau[m][j].is_negative());
        let enter = if degenerate {
            negative.min()
        } else {
            // Lowest index among equally negative ones.
            negative.min_by(|&a, &b| tableau[m][a].cmp(&tableau[m][b]).then(a.cmp(&b)))
        };
        let Some(enter) = enter else { break };
        // Ratio test rhs_i / a_i over a_i > 0 (the common denominator
        // cancels); ties go to the lowest-index basic variable (Bland).
        let mut leave: Option<usize> = None;
        for i in 0..m {
            if !tableau[i][enter].is_positive() {
                continue;
            }
            let better = match leave {
                None => true,
                Some(k) => {
                    let lhs = &tableau[i][rhs] * &tableau[k][enter];
                    let rhs_k = &tableau[k][rhs] * &tableau[i][enter];
                    lhs < rhs_k || (lhs == rhs_k && basis[i] < basis[k])
                }
            };
            if better {
                leave = Some(i);
            }
        }
        // Every column of the shifted matrix is positive, so some row bounds it.
        let pivot_row = leave.expect("a positive matrix game LP is bounded");
        degenerate = tableau[pivot_row][rhs].is_zero();
        pivot(&mut tableau, &mut denominator, pivot_row, enter);
        basis[pivot_row] = enter;
    }

    // Σ y = Σ x = 1 / (shifted value); all read as tableau / denominator.
    let total = BigRational::new(tableau[m][rhs].clone(), denominator.clone());
    if !strategies {
        return Solution {
            value: total.recip() - shift,
            row_strategy: Vec::new(),
            column_strategy: Vec::new(),
        };
    }
    let mut column_strategy = vec![BigRational::zero(); n];
    for (i, &b) in basis.iter().enumerate() {
        if b < n {
            column_strategy[b] =
                BigRational::new(tableau[i][rhs].clone(), denominator.clone()) / &total;
        }
    }
    // Dual prices of the scaled rows, times their scale: the row strategy.
    let row_strategy = (0..m)
        .map(|i| BigRational::new(&tableau[m][n + i] * &scale[i], denominator.clone()) / &total)
        .collect();
    Solution {
        value: total.recip() - shift,
        row_strategy,
        column_strategy,
    }
}

/// One fraction-free (integer) pivot on `tableau[r][c]`: with the true
/// tableau `T / D`, every other entry becomes (t·p − t_c·t_r) / D, an exact
/// integer division, and the pivot `p` (positive) becomes the new `D`.
fn pivot(tableau: &mut [Vec<BigInt>], denominator: &mut BigInt, r: usize, c: usize) {
    let p = tableau[r][c].clone();
    let pivot_row = tableau[r].clone();
    for (i, row) in tableau.iter_mut().enumerate() {
        if i == r {
            continue;
        }
        let factor = row[c].clone();
        for (x, y) in row.iter_mut().zip(&pivot_row) {
            let mut v = &*x * &p;
            if !factor.is_zero() && !y.is_zero() {
                v -= &factor * y;
            }
            *x = v / &*denominator;
        }
    }
    *denominator = p;
}

/// Solves the matrix game after the cheap reductions: a pure saddle point
/// is returned at once; otherwise weakly dominated rows and columns are
/// deleted until none is left and [`solve`] handles the rest.
///
/// Deleting a weakly dominated strategy keeps the value, and an optimal pair
/// of the reduced game (padded with zeros) is optimal in the original: the
/// reduced row strategy lives on rows that were all present when a column was
/// deleted, so it does at least as well against the deleted column as against
/// the column that dominated it (and symmetrically for rows).
///
/// # Panics
/// On an empty or ragged matrix (a programming error).
#[must_use]
pub fn solve_reduced(matrix: &[Vec<BigRational>]) -> Solution {
    reduced(matrix, true)
}

/// The value alone, after the same reductions as [`solve_reduced`], by
/// [`solve_value`].
///
/// # Panics
/// On an empty or ragged matrix (a programming error).
#[must_use]
pub fn solve_reduced_value(matrix: &[Vec<BigRational>]) -> BigRational {
    reduced(matrix, false).value
}

fn reduced(matrix: &[Vec<BigRational>], strategies: bool) -> Solution {
    let (m, n) = check_shape(matrix);
    // Saddle point: an entry that is the minimum of its row and the maximum
    // of its column. Found by comparing pure maximin with pure minimax.
    let row_min: Vec<&BigRational> = matrix.iter().map(|r| r.iter().min().unwrap()).collect();
    let col_max: Vec<&BigRational> = (0..n)
        .map(|j| matrix.iter().map(|r| &r[j]).max().unwrap())
        .collect();
    let (best_row, maximin) = row_min
        .iter()
        .enumerate()
        .max_by(|a, b| a.1.cmp(b.1))
        .map(|(i, v)| (i, (*v).clone()))
        .unwrap();
    let (best_col, minimax) = col_max
        .iter()
        .enumerate()
        .min_by(|a, b| a.1.cmp(b.1))
        .map(|(j, v)| (j, (*v).clone()))
        .unwrap();
    if maximin == minimax {
        return Solution {
            value: maximin,
            row_strategy: unit(m, best_row),
            column_strategy: unit(n, best_col),
        };
    }

    let mut rows: Vec<usize> = (0..m).collect();
    let mut cols: Vec<usize> = (0..n).collect();
    loop {
        let mut changed = false;
        // A row dominated (≤ everywhere on the live columns) by another live row.
        if let Some(pos) = (0..rows.len()).find(|&k| {
            (0..rows.len()).any(|l| {
                l != k
                    && cols
                        .iter()
                        .all(|&j| matrix[rows[k]][j] <= matrix[rows[l]][j])
                    // Of two equal rows keep the first.
                    && (l < k || cols.iter().any(|&j| matrix[rows[k]][j] < matrix[rows[l]][j]))
            })
        }) {
            rows.remove(pos);
            changed = true;
        }
        if let Some(pos) = (0..cols.len()).find(|&k| {
            (0..cols.len()).any(|l| {
                l != k
                    && rows
                        .iter()
                        .all(|&i| matrix[i][cols[k]] >= matrix[i][cols[l]])
                    && (l < k
                        || rows
                            .iter()
                            .any(|&i| matrix[i][cols[k]] > matrix[i][cols[l]]))
            })
        }) {
            cols.remove(pos);
            changed = true;
        }
        if !changed {
            break;
        }
    }
    let reduced: Vec<Vec<BigRational>> = rows
        .iter()
        .map(|&i| cols.iter().map(|&j| matrix[i][j].clone()).collect())
        .collect();
    let s = simplex(&reduced, strategies);
    if !strategies {
        return s;
    }
    let mut row_strategy = vec![BigRational::zero(); m];
    for (k, &i) in rows.iter().enumerate() {
        row_strategy[i] = s.row_strategy[k].clone();
    }
    let mut column_strategy = vec![BigRational::zero(); n];
    for (k, &j) in cols.iter().enumerate() {
        column_strategy[j] = s.column_strategy[k].clone();
    }
    Solution {
        value: s.value,
        row_strategy,
        column_strategy,
    }
}

/// The exact value of a matrix game from a guessed optimal basis (e.g. a
/// floating-point simplex's, [`super::float_game::FloatSolution`]), or
/// `None` when the guess is not optimal.
///
/// The game is `rows × cols`; `entry(i, j)` gives an exact entry and
/// `bounds[i * cols + j]` rigorous float bounds on it (lo ≤ entry ≤ hi).
/// With the matrix shifted by the integer `shift` (every shifted entry
/// positive), the basis names the tight rows I and basic columns J of the LP
/// max Σy s.t. A·y ≤ 1, y ≥ 0; the vertex solves A[I, J]·y = 1 and its
/// dual x solves xᵀ·A[I, J] = 1ᵀ. Both k × k systems are solved exactly
/// (integer Gauss–Jordan after scaling each row to integers), then the
/// guess is checked: y ≥ 0, x ≥ 0, every other row satisfies A_i·y ≤ 1 and
/// every other column x·A_j ≥ 1. That is optimality of both (the same
/// certificate as [`Solution::is_certified`]), so the value 1/Σy − shift is
/// proven. The other rows and columns are first checked with directed
/// rounding on the float bounds, and exactly only when that is inconclusive:
/// most are far from tight, and only the k × k system and the nearly tight
/// rows and columns touch big numbers.
///
/// # Panics
/// If `bounds` is not `rows * cols` long.
pub fn value_from_basis(
    rows: usize,
    cols: usize,
    entry: &dyn Fn(usize, usize) -> BigRational,
    bounds: &[(f64, f64)],
    shift: i64,
    tight_rows: &[usize],
    basic_columns: &[usize],
) -> Option<BigRational> {
    use super::rounding::{add_down, add_up, dot_down, dot_up, quotient_bounds};
    assert_eq!(bounds.len(), rows * cols, "bounds of the wrong length");
    let k = tight_rows.len();
    if k == 0 || k != basic_columns.len() {
        return None;
    }
    let c = BigInt::from(shift);
    // Shifted entries as (numerator, denominator), denominators positive and
    // coprime to the numerators (adding an integer keeps that): no gcd.
    let shifted_entry = |i: usize, j: usize| -> (BigInt, BigInt) {
        let (n, d) = entry(i, j).into_raw();
        (n + &c * &d, d)
    };
    let block: Vec<Vec<(BigInt, BigInt)>> = tight_rows
        .iter()
        .map(|&i| basic_columns.iter().map(|&j| shifted_entry(i, j)).collect())
        .collect();
    // Row r scaled by the lcm of its denominators: an integer system.
    let scales: Vec<BigInt> = block
        .iter()
        .map(|row| common_denominator(row.iter().map(|(_, d)| d)))
        .collect();
    let a: Vec<Vec<BigInt>> = block
        .iter()
        .zip(&scales)
        .map(|(row, l)| row.iter().map(|(n, d)| n * (l / d)).collect())
        .collect();
    // Primal: (scaled A)·y = scales, y = y_num / y_den. Dual: xᵀA = 1ᵀ with
    // x_r = scale_r·z_r where (scaled A)ᵀ·z = 1, z = z_num / z_den.
    let (y_num, y_den) = solve_integer_system(a.clone(), scales.clone())?;
    let transposed: Vec<Vec<BigInt>> = (0..k)
        .map(|col| (0..k).map(|r| a[r][col].clone()).collect())
        .collect();
    let (z_num, z_den) = solve_integer_system(transposed, vec![BigInt::one(); k])?;
    let x_num: Vec<BigInt> = z_num.iter().zip(&scales).map(|(z, l)| z * l).collect();
    if y_num.iter().chain(&x_num).any(Signed::is_negative) {
        return None;
    }
    // Σy = Σx (both feasible with equal objectives: both optimal).
    let y_total: BigInt = y_num.iter().sum();
    let x_total: BigInt = x_num.iter().sum();
    if !y_total.is_positive() || &y_total * &z_den != &x_total * &y_den {
        return None;
    }
    let y_bounds: Vec<(f64, f64)> = y_num.iter().map(|n| quotient_bounds(n, &y_den)).collect();
    let x_bounds: Vec<(f64, f64)> = x_num.iter().map(|n| quotient_bounds(n, &z_den)).collect();
    let shift_f = shift as f64;
    let (in_rows, in_cols) = {
        let mut r = vec![false; rows];
        let mut c = vec![false; cols];
        tight_rows.iter().for_each(|&i| r[i] = true);
        basic_columns.iter().for_each(|&j| c[j] = true);
        (r, c)
    };
    // Other rows: A_i·y ≤ 1, i.e. Σ_j A_ij·y_num_j ≤ y_den (entries and y
    // are positive).
    for i in (0..rows).filter(|&i| !in_rows[i]) {
        let upper = dot_up(
            basic_columns
                .iter()
                .zip(&y_bounds)
                .map(|(&j, &(_, y_hi))| (y_hi, add_up(bounds[i * cols + j].1, shift_f))),
        );
        if upper <= 1.0 {
            continue;
        }
        let terms: Vec<(BigInt, BigInt)> =
            basic_columns.iter().map(|&j| shifted_entry(i, j)).collect();
        if compare_weighted_sum(&terms, &y_num, &y_den) == std::cmp::Ordering::Greater {
            return None;
        }
    }
    // Other columns: x·A_j ≥ 1.
    for j in (0..cols).filter(|&j| !in_cols[j]) {
        let lower = dot_down(
            tight_rows
                .iter()
                .zip(&x_bounds)
                .map(|(&i, &(x_lo, _))| (x_lo, add_down(bounds[i * cols + j].0, shift_f))),
        );
        if lower >= 1.0 {
            continue;
        }
        let terms: Vec<(BigInt, BigInt)> =
            tight_rows.iter().map(|&i| shifted_entry(i, j)).collect();
        if compare_weighted_sum(&terms, &x_num, &z_den) == std::cmp::Ordering::Less {
            return None;
        }
    }
    // value + shift = 1/Σy = y_den / y_total: one reduction, at the end.
    Some(BigRational::new(y_den - &c * &y_total, y_total))
}

/// The lcm of some positive integers, with a division test before each gcd
/// (most denominators are 1 or divide the running lcm already).
fn common_denominator<'a>(denominators: impl Iterator<Item = &'a BigInt>) -> BigInt {
    let mut l = BigInt::one();
    for d in denominators {
        if d.is_one() || (&l % d).is_zero() {
            continue;
        }
        l = if l.is_one() { d.clone() } else { l.lcm(d) };
    }
    l
}

/// Compares Σ_k (n_k/d_k)·w_k with `bound`, for fractions `terms[k] =
/// (n_k, d_k)` (d_k > 0) and integer weights: all over one common
/// denominator, in integers.
fn compare_weighted_sum(
    terms: &[(BigInt, BigInt)],
    weights: &[BigInt],
    bound: &BigInt,
) -> std::cmp::Ordering {
    let q = common_denominator(terms.iter().map(|(_, d)| d));
    let sum: BigInt = terms
        .iter()
        .zip(weights)
        .map(|((n, d), w)| n * w * (&q / d))
        .sum();
    sum.cmp(&(bound * &q))
}

/// Solves the square integer system `a · y = b` by fraction-free
/// Gauss–Jordan elimination: `y = numerators / denominator` with the
/// denominator positive, or `None` if `a` is singular.
fn solve_integer_system(a: Vec<Vec<BigInt>>, b: Vec<BigInt>) -> Option<(Vec<BigInt>, BigInt)> {
    let k = a.len();
    let mut t: Vec<Vec<BigInt>> = a
        .into_iter()
        .zip(b)
        .map(|(mut row, rhs)| {
            row.push(rhs);
            row
        })
        .collect();
    let mut denominator = BigInt::one();
    for c in 0..k {
        // The pivot with the fewest bits among the rows not yet used.
        let r = (c..k)
            .filter(|&r| !t[r][c].is_zero())
            .min_by_key(|&r| t[r][c].bits())?;
        t.swap(r, c);
        pivot(&mut t, &mut denominator, c, c);
    }
    let mut numerators: Vec<BigInt> = t.into_iter().map(|mut row| row.pop().unwrap()).collect();
    if denominator.is_negative() {
        denominator = -denominator;
        numerators.iter_mut().for_each(|n| *n = -&*n);
    }
    Some((numerators, denominator))
}

/// The pure strategy `k` of `len` as a probability vector.
fn unit(len: usize, k: usize) -> Vec<BigRational> {
    (0..len)
        .map(|i| {
            if i == k {
                BigRational::one()
            } else {
                BigRational::zero()
            }
        })
        .collect()
}

#[cfg(test)]
// Linear algebra on small matrices reads best with explicit indices.
#[allow(clippy::needless_range_loop)]
mod tests {
    use super::*;
    use crate::solve::exact::{integer, ratio};
    use proptest::prelude::*;

    fn mat(rows: &[&[i64]]) -> Vec<Vec<BigRational>> {
        rows.iter()
            .map(|r| r.iter().map(|&x| integer(x)).collect())
            .collect()
    }

    /// Solves the square system `a · x = b` exactly; `None` if singular.
    fn gauss(mut a: Vec<Vec<BigRational>>, mut b: Vec<BigRational>) -> Option<Vec<BigRational>> {
        let k = a.len();
        for col in 0..k {
            let p = (col..k).find(|&r| !a[r][col].is_zero())?;
            a.swap(col, p);
            b.swap(col, p);
            for r in 0..k {
                if r != col && !a[r][col].is_zero() {
                    let f = &a[r][col] / &a[col][col];
                    for c in col..k {
                        let d = &f * &a[col][c];
                        a[r][c] -= d;
                    }
                    let d = &f * &b[col];
                    b[r] -= d;
                }
            }
        }
        Some((0..k).map(|i| &b[i] / &a[i][i]).collect())
    }

    /// The value by brute force, independent of the simplex: the row
    /// player's LP (max v s.t. p·M_j ≥ v, Σp = 1, p ≥ 0) attains its optimum
    /// at a vertex, i.e. where m of its m + n inequalities are tight together
    /// with Σp = 1; enumerate every such choice, keep the feasible ones.
    fn brute_force_value(m: &[Vec<BigRational>]) -> BigRational {
        let (rows, cols) = (m.len(), m[0].len());
        let total = rows + cols;
        let mut best: Option<BigRational> = None;
        for mask in 0u32..(1 << total) {
            if mask.count_ones() as usize != rows {
                continue;
            }
            // Unknowns: p_0..p_{rows-1}, v.
            let mut a = Vec::new();
            let mut b = Vec::new();
            for c in 0..total {
                if mask & (1 << c) == 0 {
                    continue;
                }
                let mut eq = vec![BigRational::zero(); rows + 1];
                if c < rows {
                    eq[c] = BigRational::one(); // p_c = 0
                } else {
                    for (i, e) in eq.iter_mut().enumerate().take(rows) {
                        *e = m[i][c - rows].clone();
                    }
                    eq[rows] = -BigRational::one(); // p·M_j − v = 0
                }
                a.push(eq);
                b.push(BigRational::zero());
            }
            let mut sum = vec![BigRational::one(); rows + 1];
            sum[rows] = BigRational::zero();
            a.push(sum);
            b.push(BigRational::one());
            let Some(x) = gauss(a, b) else { continue };
            let (p, v) = (&x[..rows], &x[rows]);
            if p.iter().any(Signed::is_negative) || row_guarantee(m, p) < *v {
                continue;
            }
            if best.as_ref().map_or(true, |b| v > b) {
                best = Some(v.clone());
            }
        }
        best.expect("a matrix game LP has a vertex")
    }

    fn matrix_strategy(
        max_side: usize,
        range: i64,
    ) -> impl Strategy<Value = Vec<Vec<BigRational>>> {
        (1..=max_side, 1..=max_side).prop_flat_map(move |(m, n)| {
            prop::collection::vec(
                prop::collection::vec((-range..=range, 1i64..=3).prop_map(|(p, q)| ratio(p, q)), n),
                m,
            )
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        #[test]
        fn simplex_agrees_with_brute_force(m in matrix_strategy(4, 6)) {
            let s = solve(&m);
            prop_assert!(s.is_certified(&m));
            prop_assert_eq!(&s.value, &brute_force_value(&m));
            let r = solve_reduced(&m);
            prop_assert!(r.is_certified(&m));
            prop_assert_eq!(r.value, s.value);
        }

        #[test]
        fn value_lies_between_pure_maximin_and_minimax(m in matrix_strategy(6, 9)) {
            let s = solve(&m);
            prop_assert!(s.is_certified(&m));
            prop_assert!(pure_maximin(&m) <= s.value && s.value <= pure_minimax(&m));
            let r = solve_reduced(&m);
            prop_assert!(r.is_certified(&m));
            prop_assert_eq!(r.value, s.value);
        }

        #[test]
        fn transpose_negated_has_negated_value(m in matrix_strategy(5, 9)) {
            let t: Vec<Vec<BigRational>> = (0..m[0].len())
                .map(|j| m.iter().map(|row| -row[j].clone()).collect())
                .collect();
            prop_assert_eq!(solve(&t).value, -solve(&m).value);
        }

        #[test]
        fn shifting_and_scaling_move_the_value_alike(m in matrix_strategy(4, 5), c in -5i64..5, k in 1i64..4) {
            let moved: Vec<Vec<BigRational>> = m
                .iter()
                .map(|row| row.iter().map(|x| x * integer(k) + integer(c)).collect())
                .collect();
            prop_assert_eq!(solve(&moved).value, solve(&m).value * integer(k) + integer(c));
        }

        #[test]
        fn two_by_two_closed_form(a in -9i64..9, b in -9i64..9, c in -9i64..9, d in -9i64..9) {
            let m = mat(&[&[a, b], &[c, d]]);
            let maximin = pure_maximin(&m);
            let expected = if maximin == pure_minimax(&m) {
                maximin
            } else {
                // No saddle point: both players mix, v = (ad − bc)/(a + d − b − c).
                ratio(a * d - b * c, a + d - b - c)
            };
            prop_assert_eq!(solve(&m).value, expected);
        }

        #[test]
        fn planted_saddle_point_is_the_value(m in matrix_strategy(5, 9), i in 0usize..5, j in 0usize..5) {
            let mut m = m;
            let (i, j) = (i % m.len(), j % m[0].len());
            // Make entry (i, j) the minimum of its row and maximum of its column.
            let v = integer(20);
            for (r, row) in m.iter_mut().enumerate() {
                for (c, x) in row.iter_mut().enumerate() {
                    if r == i && c != j {
                        *x = &*x + integer(40);
                    } else if c == j && r != i {
                        *x = &*x - integer(40);
                    }
                }
            }
            m[i][j] = v.clone();
            prop_assert_eq!(&solve(&m).value, &v);
            prop_assert_eq!(&solve_reduced(&m).value, &v);
        }

        #[test]
        fn a_wrong_basis_is_refused(m in matrix_strategy(5, 4), i in 0usize..5, j in 0usize..5) {
            let (rows, cols) = (m.len(), m[0].len());
            let bounds: Vec<(f64, f64)> = m.iter().flatten().map(crate::solve::rounding::enclose).collect();
            if let Some(v) = value_from_basis(rows, cols, &|i, j| m[i][j].clone(), &bounds, 20,
                &[i % rows], &[j % cols]) {
                // Only a true saddle point passes as a 1×1 basis.
                prop_assert_eq!(&v, &m[i % rows][j % cols]);
                prop_assert_eq!(v, solve_value(&m));
            }
        }

        #[test]
        fn skew_symmetric_games_have_value_zero(upper in prop::collection::vec(-5i64..5, 10)) {
            let n = 5;
            let mut m = vec![vec![integer(0); n]; n];
            let mut k = 0;
            for i in 0..n {
                for j in i + 1..n {
                    m[i][j] = integer(upper[k]);
                    m[j][i] = integer(-upper[k]);
                    k += 1;
                }
            }
            prop_assert_eq!(solve(&m).value, integer(0));
        }
    }
}
