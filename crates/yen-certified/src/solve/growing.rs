//! A zero-sum matrix game that grows by a row or a column at a time,
//! solved in `f64` after each step from the last optimal tableau: the inner
//! loop of the certified tables' double oracle. The linear programme and the
//! re-solve of a basis are the reference's
//! ([`solved_games_reference::solve::float_game`]); the inner loops are this
//! crate's [`super::wide`] kernels. Nothing here is trusted on its own: a
//! [`FloatSolution`] is a guess that the certified solver proves.

use super::wide;
pub use solved_games_reference::solve::float_game::saddle;
use solved_games_reference::solve::float_game::{vertex, FloatSolution, EPS};

/// A variable of a [`GrowingGame`]'s linear programme.
#[derive(Debug, Clone, Copy)]
enum Variable {
    /// The weight of a column (before normalising: y).
    Column(usize),
    /// The slack of a row's constraint.
    Slack(usize),
}

/// A game that grows by a row or a column at a time, solved after each step
/// from the last optimal tableau instead of from scratch: the inner loop of
/// a double oracle, where one best reply joins a restricted game whose
/// equilibrium barely moves.
///
/// The linear programme is [`FloatLp`](solved_games_reference::solve::float_game::FloatLp)'s (maximise Σy subject to
/// (M + shift)·y ≤ 1, y ≥ 0) with a shift fixed when the game is started,
/// so that a new row or column does not change it. A new column keeps the
/// last vertex feasible (its weight is 0), so the primal simplex goes on from
/// it; a new row keeps the prices optimal (its slack is basic), so the dual
/// simplex restores feasibility. The tableau's columns for the slacks hold
/// the basis inverse, which is what a new column is expressed in; a new row
/// is expressed in the basis by eliminating the basic columns. Solutions are
/// re-solved from the matrix and checked as [`FloatLp`](solved_games_reference::solve::float_game::FloatLp)'s are, so a drifted
/// tableau gives `None`, never a wrong equilibrium.
#[derive(Debug, Default, Clone)]
pub struct GrowingGame {
    shift: f64,
    /// The shifted entries.
    matrix: Flat,
    variables: Vec<Variable>,
    column_variable: Vec<usize>,
    slack_variable: Vec<usize>,
    /// The condensed tableau: one row per constraint, one entry per
    /// non-basic variable (a basic variable's column is a unit vector, so
    /// it is not kept): the rows' width is the columns', half of a full
    /// tableau's on the square restricted games.
    tableau: Flat,
    rhs: Vec<f64>,
    /// Reduced costs, one per non-basic variable (all ≥ 0 at an optimum),
    /// in the tableau's column order.
    objective: Vec<f64>,
    /// The basic variable of each constraint.
    basis: Vec<usize>,
    /// The non-basic variable of each tableau column.
    nonbasic: Vec<usize>,
    /// Each variable's tableau column, or [`BASIC`].
    place: Vec<usize>,
    square: Vec<f64>,
    y: Vec<f64>,
    x: Vec<f64>,
    /// Strategies of earlier solutions, reused: a stage game is solved every
    /// few microseconds and the allocator showed in the profile.
    spare: Vec<Vec<f64>>,
    /// The same for the bases of solutions handed back
    /// ([`GrowingGame::recycle_positions`]).
    spare_positions: Vec<Vec<usize>>,
    /// Scratch of [`GrowingGame::add_column`]: the new column, the
    /// non-basic slacks' places with its entries, and how many of them come
    /// before each slack.
    column: Vec<f64>,
    terms: Vec<(usize, f64)>,
    before: Vec<usize>,
    /// Scratch of the ratio tests: the entering column and its quotients
    /// (the primal simplex), or the leaving row negated and its quotients
    /// (the dual).
    entering: Vec<f64>,
    ratios: Vec<f64>,
    /// Scratch of [`GrowingGame::crash`]: the rows swapped at each step.
    swaps: Vec<usize>,
}

/// The place of a basic variable, which has no column in the condensed
/// tableau.
const BASIC: usize = usize::MAX;

/// Dantzig's entering column: the tableau column of the least reduced cost,
/// if it is below `below`, the variable of least number (`ids`) among
/// equal least costs: the column a scan of every variable in numbering
/// order keeping the first strictly smaller one picks (a full tableau's
/// columns are the variables in that order). The least value comes from
/// four running minima (the compiler keeps them in one vector register);
/// the minimum is one of the values, and a NaN is skipped by both
/// comparisons alike.
fn most_negative(objective: &[f64], ids: &[usize], below: f64) -> Option<usize> {
    let mut lanes = [below; 4];
    let mut chunks = objective.chunks_exact(4);
    for chunk in &mut chunks {
        for (lane, &c) in lanes.iter_mut().zip(chunk) {
            *lane = if c < *lane { c } else { *lane };
        }
    }
    let mut least = lanes
        .into_iter()
        .fold(below, |m, c| if c < m { c } else { m });
    for &c in chunks.remainder() {
        least = if c < least { c } else { least };
    }
    if least < below {
        first_by_id(objective.iter().map(|&c| c == least), ids)
    } else {
        None
    }
}

/// The position whose variable (`ids`) has the least number among those
/// where `chosen` is true.
fn first_by_id(chosen: impl Iterator<Item = bool>, ids: &[usize]) -> Option<usize> {
    let mut first: Option<usize> = None;
    for (j, yes) in chosen.enumerate() {
        if yes && first.map_or(true, |f| ids[j] < ids[f]) {
            first = Some(j);
        }
    }
    first
}

/// A dense row-major matrix in one vector, each row `stride` long with its
/// first `cols` entries in use: a pivot sweeps contiguous memory, a new row
/// is one extension and a new column one write per row (the stride doubles,
/// moving the rows once, when the room runs out).
#[derive(Debug, Default, Clone)]
struct Flat {
    data: Vec<f64>,
    stride: usize,
    rows: usize,
    cols: usize,
}

/// Columns of room left in a fresh [`Flat`] (a double oracle adds a few
/// lines per restricted game).
const ROOM: usize = 8;

impl Flat {
    /// No rows, `cols` columns, room for `stride`.
    fn reset(&mut self, cols: usize, stride: usize) {
        self.data.clear();
        self.rows = 0;
        self.cols = cols;
        self.stride = stride.max(cols).max(1);
    }

    fn at(&self, i: usize, j: usize) -> f64 {
        debug_assert!(i < self.rows && j < self.cols);
        self.data[i * self.stride + j]
    }

    fn row(&self, i: usize) -> &[f64] {
        &self.data[i * self.stride..i * self.stride + self.cols]
    }

    fn row_mut(&mut self, i: usize) -> &mut [f64] {
        &mut self.data[i * self.stride..i * self.stride + self.cols]
    }

    /// Appends a row of zeros and returns it.
    fn push_row(&mut self) -> &mut [f64] {
        self.rows += 1;
        self.data.resize(self.rows * self.stride, 0.0);
        let i = self.rows - 1;
        let row = self.row_mut(i);
        row.fill(0.0);
        row
    }

    /// The rows but the last (`stride` apart, each `cols` used), and the
    /// last row.
    fn split_last(&mut self) -> (&[f64], &mut [f64]) {
        let i = self.rows - 1;
        let (above, last) = self.data.split_at_mut(i * self.stride);
        (above, &mut last[..self.cols])
    }

    /// Appends a column whose entry in row i is `entry(i, row i so far)`.
    fn push_column(&mut self, mut entry: impl FnMut(usize, &[f64]) -> f64) {
        if self.cols == self.stride {
            let stride = 2 * self.stride;
            self.data.resize(self.rows * stride, 0.0);
            for i in (1..self.rows).rev() {
                self.data
                    .copy_within(i * self.stride..i * self.stride + self.cols, i * stride);
            }
            self.stride = stride;
        }
        let c = self.cols;
        for i in 0..self.rows {
            let row = &mut self.data[i * self.stride..i * self.stride + c + 1];
            row[c] = entry(i, &row[..c]);
        }
        self.cols += 1;
    }
}

/// Spare vectors kept at most: a restricted game holds a few dozen lines,
/// and every solution read hands back four.
const SPARES: usize = 256;

/// The least capacity of a spare vector. Callers hand back vectors of every
/// size (a one-entry strategy of a pure saddle point, a square guess's
/// basis); kept, a short one came back out of the spares to be grown, and
/// `realloc` with its copy was 3 % of the instructions at T ≤ 40
/// (callgrind). Only vectors with this much room are kept, and a new one is
/// made with it, so a spare never grows below this many lines (a restricted
/// game at T ≤ 100 has fewer).
const SPARE_ROOM: usize = 64;

impl GrowingGame {
    /// A zeroed vector of `len`, from the spares if there is one.
    fn fresh(&mut self, len: usize) -> Vec<f64> {
        let mut v = self
            .spare
            .pop()
            .unwrap_or_else(|| Vec::with_capacity(len.max(SPARE_ROOM)));
        v.clear();
        v.resize(len, 0.0);
        v
    }

    /// An empty vector of positions with room for `len`, from the spares if
    /// there is one.
    fn fresh_positions(&mut self, len: usize) -> Vec<usize> {
        let mut v = self
            .spare_positions
            .pop()
            .unwrap_or_else(|| Vec::with_capacity(len.max(SPARE_ROOM)));
        v.clear();
        v.reserve(len);
        v
    }

    /// Takes back a vector of values (a strategy this game or another handed
    /// out), so that the next solution read needs no allocation (one with
    /// less than [`SPARE_ROOM`] is freed instead).
    pub fn recycle_values(&mut self, v: Vec<f64>) {
        if self.spare.len() < SPARES && v.capacity() >= SPARE_ROOM {
            self.spare.push(v);
        }
    }

    /// Takes back a vector of positions (a basis) for reuse, as
    /// [`GrowingGame::recycle_values`].
    pub fn recycle_positions(&mut self, v: Vec<usize>) {
        if self.spare_positions.len() < SPARES && v.capacity() >= SPARE_ROOM {
            self.spare_positions.push(v);
        }
    }

    /// An empty workspace.
    #[must_use]
    pub fn new() -> GrowingGame {
        GrowingGame::default()
    }

    /// Starts the `rows × cols` game (`matrix[i * cols + j]`, every entry
    /// above `-shift`) and solves it from the slack basis. `None` if the
    /// simplex runs into numerical trouble.
    ///
    /// # Panics
    /// If the matrix is empty or its length is not `rows * cols`.
    pub fn start(
        &mut self,
        rows: usize,
        cols: usize,
        matrix: &[f64],
        shift: f64,
    ) -> Option<FloatSolution> {
        self.load(rows, cols, matrix, shift);
        self.primal()?;
        self.read()
    }

    /// Starts the square `k × k` game (as [`GrowingGame::start`]) at the
    /// basis where every row is tight and every column basic: the basis of
    /// a neighbouring state's equilibrium, which a stage game usually keeps
    /// or leaves by a line or two. Its condensed tableau is B⁻¹ (B the
    /// shifted matrix; the slacks are the non-basic variables), the
    /// columns' weights B⁻¹·1 and the slacks' prices 1ᵀ·B⁻¹, formed by one
    /// inversion of k³ operations where the simplex from the slack basis
    /// takes k or more pivots of k² each with a pricing and a
    /// ratio test between them (1.35 k³ on the restricted games of T ≤ 150,
    /// about 32 × 32). From there the primal simplex if every weight is
    /// ≥ 0 (the basis is feasible), the dual if every price is (it is
    /// optimally priced). If neither, the negative prices are raised to 0
    /// (the costs shifted so the basis is optimally priced), the dual
    /// simplex makes it feasible, the true prices are taken again from the
    /// tableau ([`GrowingGame::reprice`]) and the primal simplex finishes:
    /// a few pivots where the slack basis took k or more. If B is singular,
    /// or the simplex from there runs into trouble, the slack basis as
    /// [`GrowingGame::start`]. `None` as for [`GrowingGame::start`].
    ///
    /// # Panics
    /// If the matrix is empty or its length is not `k * k`.
    pub fn start_square(&mut self, k: usize, matrix: &[f64], shift: f64) -> Option<FloatSolution> {
        self.load(k, k, matrix, shift);
        if self.crash() {
            let fixed = if self.rhs.iter().all(|&b| b >= -EPS) {
                self.primal()
            } else if self.objective.iter().all(|&c| c >= -EPS) {
                self.dual().and_then(|()| self.primal())
            } else {
                for c in &mut self.objective {
                    *c = c.max(0.0);
                }
                self.dual().and_then(|()| {
                    self.reprice();
                    self.primal()
                })
            };
            if let Some(solution) = fixed.and_then(|()| self.read()) {
                return Some(solution);
            }
            self.load(k, k, matrix, shift);
        }
        self.primal()?;
        self.read()
    }

    /// Moves a square game just loaded ([`GrowingGame::load`]) from the
    /// slack basis to the basis of all its columns: B⁻¹ by Gauss–Jordan
    /// elimination in place with partial pivoting (row swaps, undone as
    /// column swaps at the end; two columns per sweep over the rows,
    /// [`wide::invert_pair`]), which is the whole condensed tableau (the
    /// slacks are the non-basic variables), with the right-hand sides and
    /// reduced costs that go with it. `false`, with the tableau left as
    /// loaded, if a pivot is below 1e-12 (B singular or nearly: the entries
    /// are ≥ shift − 1 ≥ 1 in size, so that is no usable basis).
    fn crash(&mut self) -> bool {
        let k = self.matrix.rows;
        debug_assert_eq!(k, self.column_variable.len(), "a square game");
        let mut a = std::mem::take(&mut self.square);
        a.clear();
        for i in 0..k {
            a.extend_from_slice(self.matrix.row(i));
        }
        let mut swaps = std::mem::take(&mut self.swaps);
        swaps.clear();
        let mut ok = true;
        let mut c = 0;
        while c < k {
            let (mut p, mut best) = (c, a[c * k + c].abs());
            for r in c + 1..k {
                let v = a[r * k + c].abs();
                if v > best {
                    (p, best) = (r, v);
                }
            }
            if best.is_nan() || best < 1e-12 {
                ok = false;
                break;
            }
            swaps.push(p);
            if p != c {
                for j in 0..k {
                    a.swap(p * k + j, c * k + j);
                }
            }
            // Two columns per sweep where two are left: the same bits as
            // two single steps, with half the passes over the rows.
            if c + 1 < k {
                let Some(p) = wide::invert_pair(&mut a, k, c) else {
                    ok = false;
                    break;
                };
                swaps.push(p);
                c += 2;
            } else {
                wide::invert_step(&mut a, k, c);
                c += 1;
            }
        }
        if ok {
            for (c, &p) in swaps.iter().enumerate().rev() {
                if p != c {
                    for row in a.chunks_exact_mut(k) {
                        row.swap(c, p);
                    }
                }
            }
            // Row t of the tableau: column t basic, row t of B⁻¹ under the
            // slacks, which are now the non-basic variables.
            for (t, inverse) in a.chunks_exact(k).enumerate() {
                self.tableau.row_mut(t).copy_from_slice(inverse);
                self.rhs[t] = inverse.iter().sum();
                let column = self.column_variable[t];
                self.basis[t] = column;
                self.place[column] = BASIC;
            }
            // The prices are B⁻¹'s column sums, each added in row order:
            // a row at a time over all columns (one vector sweep per row)
            // instead of a column at a time down the rows.
            self.objective.fill(0.0);
            for row in a.chunks_exact(k) {
                for (c, &x) in self.objective.iter_mut().zip(row) {
                    *c += x;
                }
            }
            for (j, &slack) in self.slack_variable.iter().enumerate() {
                self.nonbasic[j] = slack;
                self.place[slack] = j;
            }
        }
        self.square = a;
        self.swaps = swaps;
        ok
    }

    /// The reduced costs of the true objective (maximise Σy: a cost of −1
    /// per column, 0 per slack) at the current basis, from the tableau's
    /// rows: cⱼ − Σᵢ c_{basis(i)}·Tᵢⱼ, which is cⱼ plus the rows whose basic
    /// variable is a column. What [`GrowingGame::start_square`] returns to
    /// after shifting the costs for the dual simplex.
    fn reprice(&mut self) {
        for (c, &v) in self.objective.iter_mut().zip(&self.nonbasic) {
            *c = match self.variables[v] {
                Variable::Column(_) => -1.0,
                Variable::Slack(_) => 0.0,
            };
        }
        for (i, &b) in self.basis.iter().enumerate() {
            if matches!(self.variables[b], Variable::Column(_)) {
                for (c, &t) in self.objective.iter_mut().zip(self.tableau.row(i)) {
                    *c += t;
                }
            }
        }
    }

    /// The slack basis of the `rows × cols` game (every row's slack basic,
    /// the origin), where [`GrowingGame::start`] begins: the condensed
    /// tableau is the shifted matrix.
    fn load(&mut self, rows: usize, cols: usize, matrix: &[f64], shift: f64) {
        assert!(
            rows > 0 && cols > 0 && matrix.len() == rows * cols,
            "bad matrix shape"
        );
        self.shift = shift;
        self.variables.clear();
        self.column_variable.clear();
        self.slack_variable.clear();
        // Room for a few lines to join without moving the rows.
        self.matrix.reset(cols, cols + ROOM);
        self.tableau.reset(cols, cols + ROOM);
        self.rhs.clear();
        self.objective.clear();
        self.basis.clear();
        self.nonbasic.clear();
        self.place.clear();
        for j in 0..cols {
            let v = self.variables.len();
            self.column_variable.push(v);
            self.variables.push(Variable::Column(j));
            self.nonbasic.push(v);
            self.place.push(j);
            self.objective.push(-1.0);
        }
        for i in 0..rows {
            let row = self.matrix.push_row();
            for (r, v) in row.iter_mut().zip(&matrix[i * cols..(i + 1) * cols]) {
                *r = v + shift;
            }
            debug_assert!(row.iter().all(|&v| v > 0.0), "shift too small");
            let slack = self.variables.len();
            self.slack_variable.push(slack);
            self.variables.push(Variable::Slack(i));
            self.place.push(BASIC);
            let t = self.tableau.push_row();
            t.copy_from_slice(&matrix[i * cols..(i + 1) * cols]);
            for v in t.iter_mut() {
                *v += shift;
            }
            self.rhs.push(1.0);
            self.basis.push(slack);
        }
    }

    /// The rows and columns of the game so far.
    #[must_use]
    pub fn shape(&self) -> (usize, usize) {
        (self.matrix.rows, self.column_variable.len())
    }

    /// Adds a row (one entry per column so far) and solves again.
    ///
    /// # Panics
    /// If `entries` is not one per column.
    pub fn add_row(&mut self, entries: &[f64]) -> Option<FloatSolution> {
        let cols = self.column_variable.len();
        assert_eq!(entries.len(), cols, "one entry per column");
        let shift = self.shift;
        for (r, v) in self.matrix.push_row().iter_mut().zip(entries) {
            *r = v + shift;
        }
        // The new row's slack is basic in it: no tableau column.
        let slack = self.variables.len();
        self.variables.push(Variable::Slack(self.matrix.rows - 1));
        self.slack_variable.push(slack);
        self.place.push(BASIC);
        let m = self.tableau.rows;
        self.tableau.push_row();
        let (stride, width) = (self.tableau.stride, self.tableau.cols);
        let (above, t) = self.tableau.split_last();
        for (&j, &v) in self.column_variable.iter().zip(entries) {
            if self.place[j] != BASIC {
                t[self.place[j]] = v + shift;
            }
        }
        let mut rhs = 1.0;
        // Express the row in the basis: subtract each basic column's row
        // (its entry is the row's, as no other row touches a basic column).
        for (i, &b) in self.basis.iter().enumerate() {
            if let Variable::Column(j) = self.variables[b] {
                let f = entries[j] + shift;
                if f != 0.0 {
                    wide::subtract_scaled(t, f, &above[i * stride..i * stride + width]);
                    rhs -= f * self.rhs[i];
                }
            }
        }
        debug_assert_eq!(self.basis.len(), m);
        self.rhs.push(rhs);
        self.basis.push(slack);
        self.dual()?;
        self.primal()?;
        self.read()
    }

    /// Adds a column (one entry per row so far) and solves again.
    ///
    /// # Panics
    /// If `entries` is not one per row.
    pub fn add_column(&mut self, entries: &[f64]) -> Option<FloatSolution> {
        assert_eq!(entries.len(), self.matrix.rows, "one entry per row");
        let var = self.variables.len();
        self.variables
            .push(Variable::Column(self.column_variable.len()));
        self.column_variable.push(var);
        let shift = self.shift;
        self.matrix.push_column(|i, _| entries[i] + shift);
        let mut a = std::mem::take(&mut self.column);
        a.clear();
        a.extend(entries.iter().map(|v| v + self.shift));
        // B⁻¹·a: the slacks' columns are the basis inverse, a non-basic
        // slack's in the tableau, a basic one's the unit vector of its row.
        // The terms are added in the slacks' order, as a full tableau's dot
        // product adds them (its zeros change no sum): the non-basic
        // slacks' terms, with a row's own basic slack's entry of `a` in its
        // place among them.
        let mut terms = std::mem::take(&mut self.terms);
        let mut before = std::mem::take(&mut self.before);
        terms.clear();
        before.clear();
        for (&s, &ak) in self.slack_variable.iter().zip(&a) {
            before.push(terms.len());
            if self.place[s] != BASIC {
                terms.push((self.place[s], ak));
            }
        }
        let dot = |t: &[f64], terms: &[(usize, f64)], start: f64| {
            terms.iter().fold(start, |sum, &(p, ak)| sum + t[p] * ak)
        };
        let (variables, basis) = (&self.variables, &self.basis);
        self.tableau.push_column(|i, t| match variables[basis[i]] {
            Variable::Slack(r) => {
                let (head, tail) = terms.split_at(before[r]);
                dot(t, tail, dot(t, head, 0.0) + a[r])
            }
            Variable::Column(_) => dot(t, &terms, 0.0),
        });
        let price = dot(&self.objective, &terms, 0.0);
        self.terms = terms;
        self.before = before;
        self.place.push(self.nonbasic.len());
        self.nonbasic.push(var);
        self.objective.push(price - 1.0);
        self.column = a;
        self.primal()?;
        self.read()
    }

    /// The equilibrium read off the optimal tableau: the column weights are
    /// the basic columns' right-hand sides, the row weights the slacks'
    /// reduced costs (the prices). Accurate to the tableau's drift, which
    /// is what a best reply needs; [`GrowingGame::resolved`] is exact to
    /// the last bits. `None` if the weights do not add up to a positive
    /// total (numerical trouble).
    pub fn read(&mut self) -> Option<FloatSolution> {
        let (m, n) = self.shape();
        let mut column_strategy = self.fresh(n);
        let mut row_strategy = self.fresh(m);
        let (mut tight_rows, mut basic_columns) =
            (self.fresh_positions(m), self.fresh_positions(n));
        for (i, &b) in self.basis.iter().enumerate() {
            if let Variable::Column(j) = self.variables[b] {
                column_strategy[j] = self.rhs[i].max(0.0);
                basic_columns.push(j);
            }
        }
        for (r, &s) in self.slack_variable.iter().enumerate() {
            let p = self.place[s];
            if p != BASIC {
                row_strategy[r] = self.objective[p].max(0.0);
                tight_rows.push(r);
            }
        }
        let (total_y, total_x): (f64, f64) =
            (column_strategy.iter().sum(), row_strategy.iter().sum());
        if !(total_y > 0.0 && total_x > 0.0) {
            return None;
        }
        for y in &mut column_strategy {
            *y /= total_y;
        }
        for x in &mut row_strategy {
            *x /= total_x;
        }
        Some(FloatSolution {
            value: 2.0 / (total_y + total_x) - self.shift,
            row_strategy,
            column_strategy,
            shift: self.shift,
            tight_rows,
            basic_columns,
        })
    }

    /// The equilibrium the current basis names, re-solved from the matrix
    /// and checked (`None` if the tableau has drifted onto a basis that is
    /// not an equilibrium).
    pub fn resolved(&mut self) -> Option<FloatSolution> {
        let (m, n) = self.shape();
        let mut slack_basic = vec![false; m];
        let mut basic_columns = Vec::new();
        for &b in &self.basis {
            match self.variables[b] {
                Variable::Column(j) => basic_columns.push(j),
                Variable::Slack(i) => slack_basic[i] = true,
            }
        }
        let tight_rows: Vec<usize> = (0..m).filter(|&i| !slack_basic[i]).collect();
        let matrix = &self.matrix;
        let entry = |i: usize, j: usize| matrix.at(i, j);
        vertex(
            m,
            n,
            &entry,
            self.shift,
            tight_rows,
            basic_columns,
            &mut self.square,
            &mut self.y,
            &mut self.x,
        )
    }

    /// The basis exchange on row `r` and tableau column `e`: the variable
    /// of column `e` enters, row `r`'s leaves and takes its column.
    fn pivot(&mut self, r: usize, e: usize) {
        let rows = self.tableau.rows * self.tableau.stride;
        let tableau = wide::Tableau {
            data: &mut self.tableau.data[..rows],
            stride: self.tableau.stride,
            width: self.tableau.cols,
            rhs: &mut self.rhs,
            objective: &mut self.objective,
        };
        wide::exchange(tableau, r, e);
        let (entering, leaving) = (self.nonbasic[e], self.basis[r]);
        self.basis[r] = entering;
        self.nonbasic[e] = leaving;
        self.place[entering] = BASIC;
        self.place[leaving] = e;
    }

    /// Primal simplex from a feasible basis (Dantzig's rule, Harris's ratio
    /// test, first improving column once degenerate, as [`FloatLp`](solved_games_reference::solve::float_game::FloatLp); ties
    /// between columns go to the variable of least number, as they would
    /// in a full tableau).
    fn primal(&mut self) -> Option<()> {
        let m = self.tableau.rows;
        let limit = 20 * (m + self.variables.len()) + 100;
        let mut degenerate = false;
        for _ in 0..limit {
            let enter = if degenerate {
                first_by_id(self.objective.iter().map(|&c| c < -EPS), &self.nonbasic)
            } else {
                most_negative(&self.objective, &self.nonbasic, -EPS)
            };
            let Some(e) = enter else {
                return Some(());
            };
            // The entering column gathered once, its quotients in one
            // vector sweep (the divisions were most of this loop's time).
            self.entering.clear();
            self.entering.extend((0..m).map(|i| self.tableau.at(i, e)));
            let bound = wide::harris_ratios(&self.entering, &self.rhs, EPS, &mut self.ratios);
            let mut leave: Option<(usize, f64, f64)> = None;
            for i in 0..m {
                let a = self.entering[i];
                if a <= EPS {
                    continue;
                }
                let ratio = self.ratios[i];
                if ratio > bound {
                    continue;
                }
                let better = match leave {
                    None => true,
                    Some((k, _, pa)) => a > pa || (a == pa && self.basis[i] < self.basis[k]),
                };
                if better {
                    leave = Some((i, ratio, a));
                }
            }
            let (r, ratio, _) = leave?;
            degenerate = ratio <= EPS;
            self.pivot(r, e);
        }
        None
    }

    /// Dual simplex from an optimal-priced basis (every reduced cost ≥ 0)
    /// until every right-hand side is ≥ 0: the most negative row leaves,
    /// the column with the smallest price ratio enters (two passes, the
    /// largest pivot among near-ties, the variable of least number among
    /// equal ones).
    fn dual(&mut self) -> Option<()> {
        let m = self.tableau.rows;
        let limit = 20 * (m + self.variables.len()) + 100;
        for _ in 0..limit {
            let (mut r, mut worst) = (usize::MAX, -EPS);
            for (i, &b) in self.rhs.iter().enumerate() {
                if b < worst {
                    worst = b;
                    r = i;
                }
            }
            if r == usize::MAX {
                return Some(());
            }
            // The leaving row negated is an entering column of Harris's
            // test against the prices: the same quotients and bound as a
            // scalar scan, in one vector sweep.
            self.entering.clear();
            self.entering
                .extend(self.tableau.row(r).iter().map(|&a| -a));
            let bound = wide::harris_ratios(&self.entering, &self.objective, EPS, &mut self.ratios);
            let mut enter: Option<(usize, f64)> = None;
            for (j, &a) in self.entering.iter().enumerate() {
                if a <= EPS || self.ratios[j] > bound {
                    continue;
                }
                let better = match enter {
                    None => true,
                    Some((k, pa)) => a > pa || (a == pa && self.nonbasic[j] < self.nonbasic[k]),
                };
                if better {
                    enter = Some((j, a));
                }
            }
            let (e, _) = enter?;
            self.pivot(r, e);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_rational::BigRational;
    use num_traits::ToPrimitive;
    use proptest::prelude::*;
    use solved_games_reference::solve::exact::ratio;
    use solved_games_reference::solve::float_game::FloatLp;
    use solved_games_reference::solve::matrix_game::solve;

    /// Adds to `game` (`rows × cols` so far) the next row of `entry`'s
    /// game if `as_row`, else its next column, and solves again.
    fn add_line(
        game: &mut GrowingGame,
        rows: &mut usize,
        cols: &mut usize,
        as_row: bool,
        entry: impl Fn(usize, usize) -> f64,
    ) -> Option<FloatSolution> {
        if as_row {
            let entries: Vec<f64> = (0..*cols).map(|j| entry(*rows, j)).collect();
            *rows += 1;
            game.add_row(&entries)
        } else {
            let entries: Vec<f64> = (0..*rows).map(|i| entry(i, *cols)).collect();
            *cols += 1;
            game.add_column(&entries)
        }
    }

    proptest! {
        /// Dantzig's entering column is the one a scan of the variables in
        /// numbering order keeping the first strictly smaller reduced cost
        /// below −ε picks (a full tableau's scan), whatever order the
        /// condensed tableau holds them in, ties and NaNs included.
        #[test]
        fn the_entering_column_is_the_first_least_by_number(
            costs in proptest::collection::vec(
                prop_oneof![Just(-1.0), Just(0.0), Just(-1e-11), Just(f64::NAN), -2.0f64..2.0],
                0..30,
            ),
            shuffle in any::<u64>(),
        ) {
            // Variable v's cost is costs[v]; the tableau holds v at column
            // place[v], a permutation.
            let n = costs.len();
            let mut ids: Vec<usize> = (0..n).collect();
            let mut state = shuffle | 1;
            for j in (1..n).rev() {
                state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                ids.swap(j, (state >> 33) as usize % (j + 1));
            }
            let objective: Vec<f64> = ids.iter().map(|&v| costs[v]).collect();
            let (mut best, mut at) = (-EPS, None);
            for (v, &c) in costs.iter().enumerate() {
                if c < best {
                    best = c;
                    at = Some(v);
                }
            }
            prop_assert_eq!(most_negative(&objective, &ids, -EPS).map(|j| ids[j]), at);
            let first = costs.iter().position(|&c| c < -EPS);
            let chosen = first_by_id(objective.iter().map(|&c| c < -EPS), &ids);
            prop_assert_eq!(chosen.map(|j| ids[j]), first);
        }
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

    /// A game grown from 1 × 1 to 30 × 30 outgrows the room its flat
    /// tableau and matrix were given (the stride doubles, moving the rows):
    /// after every step its value is the cold LP's on the same lines.
    #[test]
    fn a_game_grown_past_its_room_keeps_its_value() {
        let side = 30;
        // Entries without ties, from a fixed linear congruential sequence.
        let mut seed = 12_345u64;
        let cells: Vec<f64> = (0..side * side)
            .map(|_| {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                ((seed >> 33) % 1995) as f64 / 997.0 - 1.0
            })
            .collect();
        let entry = |i: usize, j: usize| cells[i * side + j];
        let mut game = GrowingGame::new();
        game.start(1, 1, &[entry(0, 0)], 3.0).expect("a 1 x 1 game");
        for k in 1..side {
            let row: Vec<f64> = (0..k).map(|j| entry(k, j)).collect();
            game.add_row(&row).expect("a row joins");
            let column: Vec<f64> = (0..=k).map(|i| entry(i, k)).collect();
            let sol = game.add_column(&column).expect("a column joins");
            let small: Vec<f64> = (0..(k + 1) * (k + 1))
                .map(|c| entry(c / (k + 1), c % (k + 1)))
                .collect();
            let cold = FloatLp::new()
                .solve(k + 1, k + 1, &small)
                .expect("a cold solve");
            assert!(
                (sol.value - cold.value).abs() < 1e-9,
                "{k}: {} vs {}",
                sol.value,
                cold.value
            );
            let resolved = game.resolved().expect("the basis re-solves");
            assert!((resolved.value - cold.value).abs() < 1e-9);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// A game grown a row or a column at a time (in a random order)
        /// has, after every step, the value the exact simplex gives the
        /// same rows and columns, both read off the tableau and re-solved
        /// from the basis; on entries with no ties (k/997) no step fails.
        #[test]
        fn a_growing_game_keeps_the_exact_value_after_every_step(
            (m, n, cells, order) in (1usize..9, 1usize..9).prop_flat_map(|(m, n)| {
                (Just(m), Just(n),
                 prop::collection::vec(-997i64..=997, m * n),
                 prop::collection::vec(any::<bool>(), m + n))
            })
        ) {
            let entry = |i: usize, j: usize| cells[i * n + j] as f64 / 997.0;
            let exact_value = |rows: usize, cols: usize| {
                let g: Vec<Vec<BigRational>> = (0..rows)
                    .map(|i| (0..cols).map(|j| ratio(cells[i * n + j], 997)).collect())
                    .collect();
                solve(&g).value.to_f64().unwrap()
            };
            let mut game = GrowingGame::new();
            let first = game.start(1, 1, &[entry(0, 0)], 2.0).expect("a 1 x 1 game");
            prop_assert!((first.value - entry(0, 0)).abs() < 1e-12);
            let (mut rows, mut cols) = (1, 1);
            for &row_first in &order {
                let as_row = (row_first && rows < m) || cols == n;
                if as_row && rows == m { break; }
                let sol = add_line(&mut game, &mut rows, &mut cols, as_row, entry);
                let v = exact_value(rows, cols);
                let sol = sol.expect("the warm simplex failed");
                prop_assert_eq!(game.shape(), (rows, cols));
                prop_assert!((sol.value - v).abs() < 1e-9, "{}x{}: {} vs {}", rows, cols, sol.value, v);
                let resolved = game.resolved().expect("the basis re-solves");
                prop_assert!((resolved.value - v).abs() < 1e-9);
            }
        }

        /// A game started at the basis of all its columns
        /// ([`GrowingGame::start_square`]) has the exact value of its
        /// square part, whether that basis is optimal, feasible, only
        /// optimally priced, neither or singular (games of thirds give all
        /// five), and keeps the exact value as the other lines join.
        #[test]
        fn a_square_start_gives_the_exact_value_and_keeps_it(
            (m, n, exact, floats) in thirds_game(),
            rows_first in any::<bool>(),
        ) {
            let k = m.min(n);
            let entry = |i: usize, j: usize| floats[i * n + j];
            let exact_value = |rows: usize, cols: usize| {
                let g: Vec<Vec<BigRational>> =
                    exact[..rows].iter().map(|row| row[..cols].to_vec()).collect();
                solve(&g).value.to_f64().unwrap()
            };
            let square: Vec<f64> = (0..k * k).map(|c| entry(c / k, c % k)).collect();
            let mut game = GrowingGame::new();
            // Entries reach −6: a shift of 7 keeps them all positive.
            let first = game.start_square(k, &square, 7.0).expect("the square game");
            prop_assert!((first.value - exact_value(k, k)).abs() < 1e-9);
            let (mut rows, mut cols) = (k, k);
            while rows < m || cols < n {
                let as_row = rows < m && (rows_first || cols == n);
                let sol = add_line(&mut game, &mut rows, &mut cols, as_row, entry);
                let sol = sol.expect("the warm simplex failed");
                let v = exact_value(rows, cols);
                prop_assert!((sol.value - v).abs() < 1e-9, "{}x{}: {} vs {}", rows, cols, sol.value, v);
            }
        }

    }
}
