//! The exact matrix-game solver ([`solved_games::solve::matrix_game`]) in its
//! own terms: textbook zero-sum games whose values and optimal strategies are
//! known by hand, each solved by the plain simplex ([`solve`]), by the
//! reduced method ([`solve_reduced`]) and by the value-only variants, and
//! every answer checked against the definition of optimality. The 10,000-yen
//! DP (document 000) is one client; its tests are in `yen_equilibrium.rs`.

use num_rational::BigRational;
use solved_games::solve::exact::{integer, ratio};
use solved_games::solve::float_game::FloatLp;
use solved_games::solve::matrix_game::{
    column_ceiling, pure_maximin, pure_minimax, row_guarantee, solve, solve_reduced,
    solve_reduced_value, solve_value, Solution,
};

fn mat(rows: &[&[i64]]) -> Vec<Vec<BigRational>> {
    rows.iter()
        .map(|r| r.iter().map(|&x| integer(x)).collect())
        .collect()
}

/// Solves `m` every way the module offers, checks that each way gives the
/// value `value` with strategies that prove it, and returns the plain and
/// the reduced solutions for the game's own checks.
fn solve_every_way(m: &[Vec<BigRational>], value: &BigRational) -> (Solution, Solution) {
    let plain = solve(m);
    let reduced = solve_reduced(m);
    for (name, s) in [("solve", &plain), ("solve_reduced", &reduced)] {
        assert_eq!(&s.value, value, "{name}: value");
        assert!(s.is_certified(m), "{name}: not certified");
        // The certificate spelled out: the row strategy guarantees the
        // value against every column, the column strategy concedes no more.
        assert_eq!(&row_guarantee(m, &s.row_strategy), value, "{name}: row");
        assert_eq!(
            &column_ceiling(m, &s.column_strategy),
            value,
            "{name}: column"
        );
    }
    assert_eq!(&solve_value(m), value, "solve_value");
    assert_eq!(&solve_reduced_value(m), value, "solve_reduced_value");
    assert!(&pure_maximin(m) <= value && value <= &pure_minimax(m));
    (plain, reduced)
}

#[test]
fn matching_pennies_is_fair_and_both_mix_evenly() {
    // Row wins 1 when the coins match, loses 1 otherwise; no saddle point.
    let m = mat(&[&[1, -1], &[-1, 1]]);
    assert_eq!(
        (pure_maximin(&m), pure_minimax(&m)),
        (integer(-1), integer(1))
    );
    for s in [solve(&m), solve_reduced(&m)] {
        assert_eq!(s.value, integer(0));
        assert_eq!(s.row_strategy, vec![ratio(1, 2); 2]);
        assert_eq!(s.column_strategy, vec![ratio(1, 2); 2]);
    }
    solve_every_way(&m, &integer(0));
}

#[test]
fn rock_paper_scissors_is_fair_and_both_mix_in_thirds() {
    // Rows and columns rock, paper, scissors; the winner takes 1.
    let m = mat(&[&[0, -1, 1], &[1, 0, -1], &[-1, 1, 0]]);
    let (plain, reduced) = solve_every_way(&m, &integer(0));
    for s in [plain, reduced] {
        assert_eq!(s.row_strategy, vec![ratio(1, 3); 3]);
        assert_eq!(s.column_strategy, vec![ratio(1, 3); 3]);
    }
}

#[test]
fn a_rock_paper_scissors_that_pays_double_for_rock_shifts_the_mix() {
    // Winning with rock pays 2 (rock beats scissors). Solving the
    // indifference equations by hand: the row player plays rock, paper,
    // scissors with 1/4, 1/2, 1/4 (and by symmetry of the skew matrix the
    // column player the same); a skew-symmetric game is worth 0.
    let m = mat(&[&[0, -1, 2], &[1, 0, -1], &[-2, 1, 0]]);
    let (plain, reduced) = solve_every_way(&m, &integer(0));
    for s in [plain, reduced] {
        assert_eq!(s.row_strategy, vec![ratio(1, 4), ratio(1, 2), ratio(1, 4)]);
        assert_eq!(
            s.column_strategy,
            vec![ratio(1, 4), ratio(1, 2), ratio(1, 4)]
        );
    }
}

#[test]
fn dominated_rows_and_columns_get_no_weight() {
    // Row 3 is beaten by row 1 in every column, column 3 costs the column
    // player more than column 1 in every row. What is left, [[4, 0], [0, 2]],
    // has p·4 = (1 − p)·2 and q·4 = (1 − q)·2: p = q = 1/3, value 4/3.
    let m = mat(&[&[4, 0, 5], &[0, 2, 3], &[1, -1, 2]]);
    let (plain, reduced) = solve_every_way(&m, &ratio(4, 3));
    for s in [plain, reduced] {
        assert_eq!(s.row_strategy, vec![ratio(1, 3), ratio(2, 3), integer(0)]);
        assert_eq!(
            s.column_strategy,
            vec![ratio(1, 3), ratio(2, 3), integer(0)]
        );
    }
    // The same game with the dominated row and column first: which of two
    // comparable lines is deleted must not depend on their order.
    let m = mat(&[&[2, 1, -1], &[5, 4, 0], &[3, 0, 2]]);
    let (plain, reduced) = solve_every_way(&m, &ratio(4, 3));
    for s in [plain, reduced] {
        assert_eq!(s.row_strategy, vec![integer(0), ratio(1, 3), ratio(2, 3)]);
        assert_eq!(
            s.column_strategy,
            vec![integer(0), ratio(1, 3), ratio(2, 3)]
        );
    }
}

#[test]
fn a_two_by_four_game_has_its_graphical_solution() {
    // Row 1 with probability p earns 4 − 2p, 1 + 2p, 6 − 5p and 5p against
    // the four columns. The lower envelope peaks where 1 + 2p = 6 − 5p:
    // p = 5/7, value 17/7; the column player mixes columns 2 and 3 so that
    // both rows earn 17/7: 3q + (1 − q) = q + 6(1 − q), q = 5/7.
    let m = mat(&[&[2, 3, 1, 5], &[4, 1, 6, 0]]);
    let (plain, reduced) = solve_every_way(&m, &ratio(17, 7));
    for s in [plain, reduced] {
        assert_eq!(s.row_strategy, vec![ratio(5, 7), ratio(2, 7)]);
        assert_eq!(
            s.column_strategy,
            vec![integer(0), ratio(5, 7), ratio(2, 7), integer(0)]
        );
    }
}

#[test]
fn a_saddle_point_is_found_in_pure_strategies() {
    // Entry (2, 1) = 3 is the least of its row and the greatest of its
    // column.
    let m = mat(&[&[1, 5, 2], &[3, 4, 6], &[0, 7, -1]]);
    assert_eq!(
        (pure_maximin(&m), pure_minimax(&m)),
        (integer(3), integer(3))
    );
    let (plain, reduced) = solve_every_way(&m, &integer(3));
    for s in [plain, reduced] {
        assert_eq!(s.row_strategy, vec![integer(0), integer(1), integer(0)]);
        assert_eq!(s.column_strategy, vec![integer(1), integer(0), integer(0)]);
    }
}

#[test]
fn a_degenerate_linear_programme_terminates_with_the_value() {
    // Every row but the last misses one column; the last row is all 1s.
    // The LP has ties in every ratio test (where Dantzig's rule alone may
    // cycle); the value is 1, a saddle point in the last row.
    let m = mat(&[
        &[1, 1, 1, 0],
        &[1, 1, 0, 1],
        &[1, 0, 1, 1],
        &[0, 1, 1, 1],
        &[1, 1, 1, 1],
    ]);
    solve_every_way(&m, &integer(1));
    // A game of zeros: every strategy is optimal.
    solve_every_way(&mat(&[&[0, 0, 0], &[0, 0, 0]]), &integer(0));
}

#[test]
fn a_game_with_many_optimal_strategies_gets_one_that_proves_the_value() {
    // Rock, paper, scissors plus a row that always ties: the row player is
    // optimal with the even mix, with the tie row, or any blend of the two.
    let m = mat(&[&[0, -1, 1], &[1, 0, -1], &[-1, 1, 0], &[0, 0, 0]]);
    let (plain, reduced) = solve_every_way(&m, &integer(0));
    for s in [plain, reduced] {
        // The column player's optimum is still unique.
        assert_eq!(s.column_strategy, vec![ratio(1, 3); 3]);
        let p = &s.row_strategy;
        assert!(p[0] == p[1] && p[1] == p[2], "{p:?}");
    }
}

#[test]
fn a_wrong_strategy_is_not_certified() {
    let m = mat(&[&[1, -1], &[-1, 1]]);
    let mut s = solve(&m);
    s.row_strategy = vec![integer(1), integer(0)];
    assert!(!s.is_certified(&m));
    assert_eq!(row_guarantee(&m, &s.row_strategy), integer(-1));
}

/// A game stored as the bits of each `f64` entry, one hexadecimal word a line.
fn stored_game(text: &str) -> Vec<f64> {
    text.lines()
        .map(|l| f64::from_bits(u64::from_str_radix(l, 16).expect("hex bits")))
        .collect()
}

/// A's `p` gets at least `value` against every column of the `m × n` game,
/// and B's `q` concedes at most `value` to every row, to `tolerance`.
fn assert_guarantees(
    cells: &[f64],
    m: usize,
    n: usize,
    p: &[f64],
    q: &[f64],
    value: f64,
    tolerance: f64,
) {
    for j in 0..n {
        let u: f64 = (0..m).map(|i| p[i] * cells[i * n + j]).sum();
        assert!(u >= value - tolerance, "column {j}: {u} < {value}");
    }
    for i in 0..m {
        let w: f64 = (0..n).map(|j| q[j] * cells[i * n + j]).sum();
        assert!(w <= value + tolerance, "row {i}: {w} > {value}");
    }
}

/// The float simplex ([`FloatLp`]) on a stage game that once broke it: the
/// 27 × 26 restricted game of the 10,000-yen state (4, 42, 47, +13) at
/// T ≤ 54 (the certified table), entries stored as the bits of each `f64`. Its pivots
/// drifted onto a basis that the exact re-solve showed to have negative
/// weights; clipped to zero they gave "strategies" summing to 1.21 that were
/// 0.17 off the value. A solution returned must be an equilibrium: both
/// strategies distributions, each guaranteeing the value to 1e-9 against
/// every reply.
#[test]
fn the_float_simplex_returns_an_equilibrium_on_a_game_where_its_tableau_drifted() {
    let cells = stored_game(include_str!("data/float_lp_drifted_27x26.txt"));
    let (m, n) = (27, 26);
    assert_eq!(cells.len(), m * n);
    let f = FloatLp::new()
        .solve(m, n, &cells)
        .expect("the float LP solves it");
    let (p, q) = (&f.row_strategy, &f.column_strategy);
    assert!(
        (p.iter().sum::<f64>() - 1.0).abs() < 1e-9,
        "Σp = {}",
        p.iter().sum::<f64>()
    );
    assert!(
        (q.iter().sum::<f64>() - 1.0).abs() < 1e-9,
        "Σq = {}",
        q.iter().sum::<f64>()
    );
    assert_guarantees(&cells, m, n, p, q, f.value, 1e-9);
}

/// The 45 × 49 restricted game of the 10,000-yen state (4, 122, 142, −34)
/// at T ≤ 200 (the certified table), entries stored as the bits of each
/// `f64`: mostly ±1 and near-ties, where the float simplex of A's programme
/// stalls (and the exact simplex took 2.2 s). B's programme
/// ([`FloatLp::solve_transposed`]) must return an equilibrium: both
/// strategies distributions over the right sides, each guaranteeing the
/// value to 1e-12 against every reply, and a basis in the game's terms.
#[test]
fn the_column_players_programme_solves_a_game_where_the_row_players_stalls() {
    let cells = stored_game(include_str!("data/float_lp_stalls_45x49.txt"));
    let (m, n) = (45, 49);
    assert_eq!(cells.len(), m * n);
    let f = FloatLp::new()
        .solve_transposed(m, n, &cells)
        .expect("B's programme solves it");
    let (p, q) = (&f.row_strategy, &f.column_strategy);
    assert_eq!((p.len(), q.len()), (m, n));
    assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    assert!((q.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    assert_guarantees(&cells, m, n, p, q, f.value, 1e-12);
    // A's rows in the support are the tight rows, B's columns the basic ones.
    assert!(f.tight_rows.iter().all(|&i| i < m));
    assert!(f.basic_columns.iter().all(|&j| j < n));
    assert!((0..m)
        .filter(|&i| p[i] > 0.0)
        .all(|i| f.tight_rows.contains(&i)));
    assert!((0..n)
        .filter(|&j| q[j] > 0.0)
        .all(|j| f.basic_columns.contains(&j)));
}
