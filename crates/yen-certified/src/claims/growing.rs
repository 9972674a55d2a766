//! YEN-116: the warm method's linear programme (the growing game and the
//! wide kernels it pivots with) checked on its own, against the exact LP.
//!
//! The certified table cannot see a wrong pivot: every bound it keeps is
//! rigorous whichever method found the strategies, and when the growing
//! game goes wrong the cold LP, B's programme and the exact methods take
//! over and give the same intervals, only later. So the growing game is
//! checked where its answer is the answer: on stage games of the exact DP,
//! solved whole and grown a line at a time, its value must be the exact
//! value of the same `f64` matrix.

use super::{Claim, Evidence, GameId};
use crate::solve::growing::GrowingGame;
use num_rational::BigRational;
use num_traits::ToPrimitive;
use solved_games_reference::games::yen::optimized::ExactDp;
use solved_games_reference::games::yen::rules::{Rules, State};
use solved_games_reference::solve::matrix_game::solve_reduced_value;

/// Every stage-game entry lies in [−1, 1]; the certified solver's shift.
const SHIFT: f64 = 2.0;

/// How far the growing game's value may lie from the exact one: the
/// certified table's `WIDE` is 1e-10, and the LP's own drift on games of
/// this size is below 1e-14.
const TOLERANCE: f64 = 1e-9;

/// The stage games checked: every undecided state with 2 to 5 rounds left
/// and both players' money ≤ `SMALL` (every gain difference of the right
/// parity), and the starts T = 2..=`STARTS` at R = 10 (up to 17 × 17).
const SMALL: u64 = 6;
const STARTS: u64 = 16;

/// The states whose stage games YEN-116 solves.
fn states() -> Vec<State> {
    let mut out = Vec::new();
    for rounds_left in 2..=5u32 {
        for money_a in 1..=SMALL {
            for money_b in 1..=SMALL {
                let span = (money_a + money_b) as i64;
                for gain_diff in (-span..=span).step_by(2) {
                    let s = State {
                        rounds_left,
                        money_a,
                        money_b,
                        gain_diff,
                    };
                    if s.decided().is_none() {
                        out.push(s);
                    }
                }
            }
        }
    }
    out.extend((2..=STARTS).map(|total| State::start(Rules { total, rounds: 10 })));
    out
}

/// The stage game of `state`: each successor's exact value rounded to
/// `f64`, row by row (A's bet x, B's bet y).
fn stage_matrix(exact: &mut ExactDp, state: State) -> Vec<f64> {
    let mut matrix = Vec::new();
    for x in 0..=state.money_a {
        for y in 0..=state.money_b {
            let v = exact.value(state.after(x, y));
            matrix.push(v.to_f64().unwrap_or(f64::NAN));
        }
    }
    matrix
}

/// The first stage game the growing game gets wrong, or how many it solved
/// both ways.
fn audit() -> Result<usize, String> {
    let mut exact = ExactDp::new();
    let states = states();
    for &state in &states {
        let (m, n) = (state.money_a as usize + 1, state.money_b as usize + 1);
        let matrix = stage_matrix(&mut exact, state);
        let rational: Vec<Vec<BigRational>> = matrix
            .chunks_exact(n)
            .map(|row| {
                row.iter()
                    .map(|&v| BigRational::from_float(v).unwrap_or_default())
                    .collect()
            })
            .collect();
        let want = solve_reduced_value(&rational).to_f64().unwrap_or(f64::NAN);
        let judge = |how: &str, value: Option<f64>| -> Result<(), String> {
            match value {
                Some(v) if (v - want).abs() <= TOLERANCE => Ok(()),
                Some(v) => Err(format!("{state} {how}: value {v:e}, exact {want:e}")),
                None => Err(format!("{state} {how}: no solution (numerical trouble)")),
            }
        };
        let mut game = GrowingGame::new();
        judge("whole", game.start(m, n, &matrix, SHIFT).map(|s| s.value))?;
        judge("re-solved", game.resolved().map(|s| s.value))?;
        // Grown from its first entry a row, then a column, at a time: the
        // dual simplex after each row, the primal after each column.
        let mut grown = GrowingGame::new();
        let mut last = grown.start(1, 1, &matrix[..1], SHIFT);
        let (mut rows, mut columns) = (1, 1);
        while last.is_some() && (rows < m || columns < n) {
            if rows < m {
                let entries: Vec<f64> = (0..columns).map(|j| matrix[rows * n + j]).collect();
                last = grown.add_row(&entries);
                rows += 1;
            }
            if last.is_some() && columns < n {
                let entries: Vec<f64> = (0..rows).map(|i| matrix[i * n + columns]).collect();
                last = grown.add_column(&entries);
                columns += 1;
            }
        }
        judge("grown", last.map(|s| s.value))?;
    }
    Ok(states.len())
}

/// The claims, in registry order.
pub(super) const CLAIMS: &[Claim] = &[Claim {
    id: "YEN-116",
    game: GameId::Yen,
    source: "000 §4; computed, not from the document",
    statement: "sanity of the certified table's fastest method: the growing game (the warm \
                double oracle's LP and its wide kernels), given the stage game of every \
                undecided state with 2 to 5 rounds left and both players' money ≤ 6 units, and \
                of every start T = 2..16 at R = 10 (each successor's exact value as an f64), \
                finds a value within 1e-9 of the exact value of the same matrix, solved whole, \
                re-solved from its basis, and grown a row and a column at a time (the table's \
                bounds are rigorous whichever method finds them, so a wrong pivot shows only \
                here)",
    expected: "holds",
    erratum: None,
    compute: || match audit() {
        Ok(games) => Evidence::optimized_only("holds")
            .measured(format!("{games} stage games, each solved three ways")),
        Err(e) => Evidence::optimized_only(e),
    },
}];
