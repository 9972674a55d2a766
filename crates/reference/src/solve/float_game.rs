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

/// One Gauss–Jordan pivot of a dense tableau, as [`FloatLp`] calls it:
/// `pivot(t, width, height, r, c)` (see [`pivot_dense`]).
pub type Pivot = fn(&mut [f64], usize, usize, usize, usize);

/// A reusable tableau (one per thread): solving many small games allocates
/// nothing after the first.
#[derive(Debug, Clone)]
pub struct FloatLp {
    /// The pivot kernel: [`pivot_dense`], or one of the same bits compiled
    /// for a wider vector unit (a caller's, through [`FloatLp::with_pivot`]).
    pivot: Pivot,
    tableau: Vec<f64>,
    basis: Vec<usize>,
    /// Scratch for the final re-solve of the basis.
    square: Vec<f64>,
    y: Vec<f64>,
    x: Vec<f64>,
    /// Scratch for [`FloatLp::solve_transposed`]: −Mᵀ.
    transposed: Vec<f64>,
}

/// Pivots tolerate entries this close to zero as zero.
pub const EPS: f64 = 1e-11;

impl Default for FloatLp {
    fn default() -> FloatLp {
        FloatLp::with_pivot(pivot_dense)
    }
}

impl FloatLp {
    /// An empty workspace.
    #[must_use]
    pub fn new() -> FloatLp {
        FloatLp::default()
    }

    /// An empty workspace whose pivots are `pivot`'s, which must give the
    /// same bits as [`pivot_dense`] (the same element-wise operations in
    /// the same order, on a wider vector unit perhaps).
    #[must_use]
    pub fn with_pivot(pivot: Pivot) -> FloatLp {
        FloatLp {
            pivot,
            tableau: Vec::new(),
            basis: Vec::new(),
            square: Vec::new(),
            y: Vec::new(),
            x: Vec::new(),
            transposed: Vec::new(),
        }
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
        // Games of 0s and ±1s are highly degenerate, and a float simplex can
        // stall on them; the classical cure is to perturb the right-hand
        // side (1 + ε_i, distinct ε_i), which makes every vertex
        // non-degenerate. The basis found is then re-solved with the true
        // right-hand side.
        self.simplex(m, n, matrix, shift, 0.0)
            .or_else(|| self.simplex(m, n, matrix, shift, 1e-9))
    }

    /// The same game solved as the column player's programme: −Mᵀ (its
    /// row player is B, its value −v) by [`FloatLp::solve`], the two
    /// strategies swapped back. The simplex then pivots on other numbers,
    /// and on some degenerate games of mostly ±1 where `solve` stalls or
    /// its basis fails the re-solve, this one finishes (the 45 × 49 game
    /// of tests/matrix_game.rs). The basis comes back in `M`'s terms: A's
    /// rows in the support (B's programme's basic columns) as the tight
    /// rows, B's columns in the support (its tight rows) as the basic
    /// columns. `None` as for `solve`.
    ///
    /// # Panics
    /// If the matrix is empty or its length is not `rows * cols`.
    pub fn solve_transposed(
        &mut self,
        rows: usize,
        cols: usize,
        matrix: &[f64],
    ) -> Option<FloatSolution> {
        assert!(
            rows > 0 && cols > 0 && matrix.len() == rows * cols,
            "bad matrix shape"
        );
        let mut transposed = std::mem::take(&mut self.transposed);
        transposed.clear();
        for j in 0..cols {
            transposed.extend(matrix.iter().skip(j).step_by(cols).map(|&v| -v));
        }
        let b = self.solve(cols, rows, &transposed);
        self.transposed = transposed;
        let b = b?;
        Some(FloatSolution {
            value: -b.value,
            row_strategy: b.column_strategy,
            column_strategy: b.row_strategy,
            shift: b.shift,
            tight_rows: b.basic_columns,
            basic_columns: b.tight_rows,
        })
    }

    fn simplex(
        &mut self,
        m: usize,
        n: usize,
        matrix: &[f64],
        shift: f64,
        perturbation: f64,
    ) -> Option<FloatSolution> {
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
            row[rhs] = 1.0 + perturbation * (1.0 + i as f64 / m as f64);
        }
        for x in &mut t[m * width..m * width + n] {
            *x = -1.0;
        }
        let basis = &mut self.basis;
        let (square, ys, xs) = (&mut self.square, &mut self.y, &mut self.x);
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
            // Harris's two-pass ratio test: the smallest ratio with a little
            // slack, then among the rows within it the largest pivot (a
            // tiny pivot is what makes a float tableau blow up).
            let mut bound = f64::INFINITY;
            for i in 0..m {
                let a = t[i * width + e];
                if a > EPS {
                    bound = bound.min((t[i * width + rhs].max(0.0) + EPS) / a);
                }
            }
            let mut leave: Option<(usize, f64, f64)> = None;
            for i in 0..m {
                let a = t[i * width + e];
                if a <= EPS {
                    continue;
                }
                let ratio = t[i * width + rhs].max(0.0) / a;
                if ratio > bound {
                    continue;
                }
                let better = match leave {
                    None => true,
                    Some((k, _, pa)) => a > pa || (a == pa && basis[i] < basis[k]),
                };
                if better {
                    leave = Some((i, ratio, a));
                }
            }
            let (r, ratio, _) = leave?;
            degenerate = ratio <= EPS;
            (self.pivot)(t, width, m + 1, r, e);
            basis[r] = e;
        }
        if !done {
            return None;
        }
        let basic_columns: Vec<usize> = basis.iter().copied().filter(|&b| b < n).collect();
        let tight_rows: Vec<usize> = {
            let mut slack_basic = vec![false; m];
            for &b in basis.iter().filter(|&&b| b >= n) {
                slack_basic[b - n] = true;
            }
            (0..m).filter(|&i| !slack_basic[i]).collect()
        };
        let entry = |i: usize, j: usize| matrix[i * n + j] + shift;
        vertex(
            m,
            n,
            &entry,
            shift,
            tight_rows,
            basic_columns,
            square,
            ys,
            xs,
        )
    }
}

/// The equilibrium a simplex basis names, re-solved from the game itself
/// (`entry(i, j)`: the shifted matrix) because the tableau has drifted
/// through the pivots: A[I, J]·y = 1 and xᵀ·A[I, J] = 1ᵀ by Gaussian
/// elimination with partial pivoting, then checked. `None` unless the vertex
/// is an equilibrium of the whole `m × n` game to 1e-9.
#[allow(clippy::too_many_arguments)] // scratch buffers passed in to allocate nothing
pub fn vertex(
    m: usize,
    n: usize,
    entry: &dyn Fn(usize, usize) -> f64,
    shift: f64,
    tight_rows: Vec<usize>,
    basic_columns: Vec<usize>,
    square: &mut Vec<f64>,
    ys: &mut Vec<f64>,
    xs: &mut Vec<f64>,
) -> Option<FloatSolution> {
    let k = tight_rows.len();
    if k == 0 || k != basic_columns.len() {
        return None;
    }
    square.clear();
    square.extend((0..k * k).map(|c| entry(tight_rows[c / k], basic_columns[c % k])));
    solve_both(square, k, ys, xs)?;
    let (y, x) = (&*ys, &*xs);
    let (total_y, total_x): (f64, f64) = (y.iter().sum(), x.iter().sum());
    if !(total_y > 0.0 && total_x > 0.0) || (total_y - total_x).abs() > 1e-9 * total_y {
        return None;
    }
    // A basis the drifted tableau called optimal may not be feasible once
    // re-solved exactly from the matrix: a negative weight means it is not
    // an equilibrium, and clipping it would hide that.
    if y.iter().any(|&v| v < -1e-9 * total_y) || x.iter().any(|&v| v < -1e-9 * total_x) {
        return None;
    }
    // Nor is it one if the vertex breaks a constraint whose slack was basic
    // (a row beating the value) or a dual constraint (a column below it): the
    // re-solve only made the tight ones hold.
    let tolerance = 1e-9;
    for i in 0..m {
        let ay: f64 = (0..k).map(|c| entry(i, basic_columns[c]) * y[c]).sum();
        if ay > 1.0 + tolerance {
            return None;
        }
    }
    for j in 0..n {
        let xa: f64 = (0..k).map(|r| entry(tight_rows[r], j) * x[r]).sum();
        if xa < 1.0 - tolerance {
            return None;
        }
    }
    let mut column_strategy = vec![0.0; n];
    for (j, &c) in basic_columns.iter().enumerate() {
        column_strategy[c] = (y[j] / total_y).max(0.0);
    }
    let mut row_strategy = vec![0.0; m];
    for (i, &r) in tight_rows.iter().enumerate() {
        row_strategy[r] = (x[i] / total_x).max(0.0);
    }
    Some(FloatSolution {
        value: 1.0 / total_y - shift,
        row_strategy,
        column_strategy,
        shift,
        tight_rows,
        basic_columns,
    })
}

/// Solves the k × k systems `a · y = 1` and `aᵀ · x = 1` (row-major `a`)
/// from one LU factorisation with partial pivoting (P·a = L·U, `a`
/// overwritten by L and U); `None` if `a` is (nearly) singular. The
/// right-hand side is all ones, so P leaves it unchanged for `y`; for `x`,
/// Uᵀ·w = 1, Lᵀ·v = w and x = Pᵀ·v.
fn solve_both(a: &mut [f64], k: usize, y: &mut Vec<f64>, x: &mut Vec<f64>) -> Option<()> {
    let mut swaps = [0usize; 64];
    let mut swaps_heap = Vec::new();
    let swaps: &mut [usize] = if k <= 64 {
        &mut swaps[..k]
    } else {
        swaps_heap.resize(k, 0);
        &mut swaps_heap
    };
    for c in 0..k {
        let mut p = c;
        let mut best = a[c * k + c].abs();
        for r in c + 1..k {
            let v = a[r * k + c].abs();
            if v > best {
                best = v;
                p = r;
            }
        }
        if best < 1e-13 {
            return None;
        }
        swaps[c] = p;
        if p != c {
            for j in 0..k {
                a.swap(p * k + j, c * k + j);
            }
        }
        let (top, rest) = a.split_at_mut((c + 1) * k);
        let pivot_row = &top[c * k..];
        let d = pivot_row[c];
        for row in rest.chunks_exact_mut(k) {
            let f = row[c] / d;
            row[c] = f;
            if f != 0.0 {
                for j in c + 1..k {
                    row[j] -= f * pivot_row[j];
                }
            }
        }
    }
    // a·y = 1: L·z = P·1 = 1, then U·y = z.
    y.clear();
    y.resize(k, 1.0);
    for r in 0..k {
        let s: f64 = (0..r).map(|j| a[r * k + j] * y[j]).sum();
        y[r] -= s;
    }
    for r in (0..k).rev() {
        let s: f64 = (r + 1..k).map(|j| a[r * k + j] * y[j]).sum();
        y[r] = (y[r] - s) / a[r * k + r];
    }
    // aᵀ·x = 1: Uᵀ·w = 1, Lᵀ·v = w, x = Pᵀ·v.
    x.clear();
    x.resize(k, 1.0);
    for r in 0..k {
        let s: f64 = (0..r).map(|j| a[j * k + r] * x[j]).sum();
        x[r] = (x[r] - s) / a[r * k + r];
    }
    for r in (0..k).rev() {
        let s: f64 = (r + 1..k).map(|j| a[j * k + r] * x[j]).sum();
        x[r] -= s;
    }
    for c in (0..k).rev() {
        x.swap(c, swaps[c]);
    }
    Some(())
}

/// A pure saddle point (an entry that is the minimum of its row and the
/// maximum of its column), as a solution with a 1×1 basis.
#[must_use]
pub fn saddle(m: usize, n: usize, matrix: &[f64], shift: f64) -> Option<FloatSolution> {
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
    // The columns' maxima a row at a time (contiguous, so it vectorises),
    // each folded in row order as a column-by-column scan would.
    let mut col_maxima = vec![f64::NEG_INFINITY; n];
    for row in matrix.chunks_exact(n) {
        for (top, &v) in col_maxima.iter_mut().zip(row) {
            *top = top.max(v);
        }
    }
    let (mut best_col, mut minimax) = (0, f64::INFINITY);
    for (j, &col_max) in col_maxima.iter().enumerate() {
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

/// One Gauss–Jordan pivot of a dense row-major tableau `t` of `height`
/// rows, each `width` long with its right-hand side inside it (and its
/// objective as a row, [`FloatLp`]'s layout), on entry (`r`, `c`): row `r`
/// is divided by the pivot, then every other row with a non-zero `f` in
/// column `c` becomes `row − f · pivot row` (element by element, a correctly
/// rounded multiply then a correctly rounded subtract) with its entry `c`
/// an exact 0. Inlined into callers that compile it for a wider vector unit:
/// the element-wise operations, and so the bits, stay the same.
#[inline(always)]
pub fn pivot_dense(t: &mut [f64], width: usize, height: usize, r: usize, c: usize) {
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
    use crate::solve::matrix_game::{solve, solve_value, value_from_basis};
    use num_rational::BigRational;
    use num_traits::ToPrimitive;
    use proptest::prelude::*;

    /// Random games of up to `max_side` x `max_side` with small rational
    /// entries (thirds), many of them degenerate.
    fn rational_matrix(
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

    /// Games of up to 6 × 6 with entries in thirds from −6 to 6: the
    /// sides, the exact matrix and its floats.
    #[allow(clippy::type_complexity)]
    fn thirds_game() -> impl Strategy<Value = (usize, usize, Vec<Vec<BigRational>>, Vec<f64>)> {
        (1usize..7, 1usize..7)
            .prop_flat_map(|(m, n)| {
                (
                    Just(m),
                    Just(n),
                    prop::collection::vec((-6i64..=6, 1i64..=3), m * n),
                )
            })
            .prop_map(|(m, n, cells)| {
                let exact: Vec<Vec<_>> = cells
                    .chunks_exact(n)
                    .map(|row| row.iter().map(|&(p, q)| ratio(p, q)).collect())
                    .collect();
                let floats: Vec<f64> = cells.iter().map(|&(p, q)| p as f64 / q as f64).collect();
                (m, n, exact, floats)
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// The exact value read from the float LP's basis
        /// (`value_from_basis`) equals the exact solve's.
        #[test]
        fn a_float_basis_gives_the_exact_value(m in rational_matrix(6, 4)) {
            use crate::solve::rounding::enclose;
            let (rows, cols) = (m.len(), m[0].len());
            let floats: Vec<f64> = m.iter().flatten().map(|x| enclose(x).0).collect();
            let bounds: Vec<(f64, f64)> = m.iter().flatten().map(enclose).collect();
            let f = FloatLp::new().solve(rows, cols, &floats).unwrap();
            let v = value_from_basis(rows, cols, &|i, j| m[i][j].clone(), &bounds,
                f.shift as i64, &f.tight_rows, &f.basic_columns);
            // Integer-ish random games are often degenerate; a refused basis
            // is allowed, a wrong value is not.
            if let Some(v) = v {
                prop_assert_eq!(v, solve_value(&m));
            }
        }


        /// The float value is within 1e-9 of the exact simplex's, and the
        /// basis is square.
        #[test]
        fn agrees_with_the_exact_simplex(
            (m, n, exact, floats) in thirds_game()
        ) {
            let f = FloatLp::new().solve(m, n, &floats).unwrap();
            let v = solve(&exact).value.to_f64().unwrap();
            prop_assert!((f.value - v).abs() < 1e-9, "{} vs {}", f.value, v);
            prop_assert_eq!(f.tight_rows.len(), f.basic_columns.len());
            let sum: f64 = f.row_strategy.iter().sum();
            prop_assert!((sum - 1.0).abs() < 1e-9);
        }

        /// B's programme gives the exact value too, A's strategy over the
        /// rows and B's over the columns (each guaranteeing the value to
        /// 1e-9), and a square basis in the game's terms.
        #[test]
        fn the_column_players_programme_agrees_with_the_exact_simplex(
            (m, n, exact, floats) in thirds_game()
        ) {
            let f = FloatLp::new().solve_transposed(m, n, &floats).unwrap();
            let v = solve(&exact).value.to_f64().unwrap();
            prop_assert!((f.value - v).abs() < 1e-9, "{} vs {}", f.value, v);
            prop_assert_eq!((f.row_strategy.len(), f.column_strategy.len()), (m, n));
            for j in 0..n {
                let u: f64 = (0..m).map(|i| f.row_strategy[i] * floats[i * n + j]).sum();
                prop_assert!(u >= v - 1e-9, "column {}: {} < {}", j, u, v);
            }
            for i in 0..m {
                let w: f64 = (0..n).map(|j| f.column_strategy[j] * floats[i * n + j]).sum();
                prop_assert!(w <= v + 1e-9, "row {}: {} > {}", i, w, v);
            }
            prop_assert_eq!(f.tight_rows.len(), f.basic_columns.len());
            prop_assert!(f.tight_rows.iter().all(|&i| i < m));
            prop_assert!(f.basic_columns.iter().all(|&j| j < n));
        }

        /// One factorisation solves both a·y = 1 and aᵀ·x = 1: the
        /// residuals are tiny on random well-scaled systems (row swaps and
        /// the transposed solve are where a slip would show).
        #[test]
        fn lu_solves_a_system_and_its_transpose(
            (k, cells) in (1usize..9).prop_flat_map(|k| {
                (Just(k), prop::collection::vec(-6i64..=6, k * k))
            })
        ) {
            // Diagonal weight 20 keeps the matrix well away from singular,
            // while the off-diagonal signs still force row swaps.
            let a: Vec<f64> = (0..k * k)
                .map(|c| cells[c] as f64 + if c / k == c % k && cells[c] % 2 == 0 { 20.0 } else { 0.0 })
                .collect();
            let mut lu = a.clone();
            let (mut y, mut x) = (Vec::new(), Vec::new());
            if solve_both(&mut lu, k, &mut y, &mut x).is_some() {
                for i in 0..k {
                    let ay: f64 = (0..k).map(|j| a[i * k + j] * y[j]).sum();
                    let atx: f64 = (0..k).map(|j| a[j * k + i] * x[j]).sum();
                    prop_assert!((ay - 1.0).abs() < 1e-8, "row {} of a·y: {}", i, ay);
                    prop_assert!((atx - 1.0).abs() < 1e-8, "row {} of aᵀ·x: {}", i, atx);
                }
            }
        }
    }
}
