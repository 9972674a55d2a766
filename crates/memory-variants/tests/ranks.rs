//! Document 004 §4's deck of ranks of four (SPEC.md "Memory variants: a deck
//! of ranks of four"): the per-rank recurrence against the explicit row of
//! cards on every position the row search reaches, K ≤ 3.

use num_bigint::BigInt;
use num_rational::BigRational;
use solved_games_memory_variants::variants::ranks::naive::RowSearch;
use solved_games_memory_variants::variants::ranks::optimized::RankSolver;
use solved_games_memory_variants::variants::ranks::RankState;

fn q(a: i64, b: i64) -> BigRational {
    BigRational::new(BigInt::from(a), BigInt::from(b))
}

/// The recurrence against the row search on every position the row
/// reaches from the start of `ranks` ranks.
fn recurrence_equals_row(solver: &mut RankSolver, ranks: usize) {
    let mut row = RowSearch::new();
    let start = row.start(ranks);
    assert_eq!(solver.start(ranks), start, "K = {ranks}");
    let states = row.states();
    assert!(
        states.len() > 1 || ranks == 1,
        "K = {ranks}: the search went somewhere"
    );
    for (state, value) in states {
        assert_eq!(solver.value(&state), Some(value), "K = {ranks}, {state}");
    }
}

/// K = 4 (16 cards), the row search's longest case.
#[test]
fn recurrence_and_row_agree_at_four_ranks() {
    recurrence_equals_row(&mut RankSolver::new(), 4);
}

#[test]
fn recurrence_and_row_agree_on_every_position_reached() {
    let mut solver = RankSolver::new();
    for ranks in 1..=3 {
        recurrence_equals_row(&mut solver, ranks);
    }
}

#[test]
fn one_rank_is_won_at_once_and_a_deck_of_two_is_decided() {
    let mut solver = RankSolver::new();
    // Four 1s: any two cards are a pair of 1s.
    let one = solver.start(1);
    assert_eq!(one.mover, q(1, 1));
    assert_eq!(one.draw, q(0, 1));
    // Values are chances: win + loss + draw = 1, each in [0, 1].
    for ranks in 2..=6 {
        let v = solver.start(ranks);
        assert_eq!(v.win() + v.loss() + &v.draw, q(1, 1), "K = {ranks}");
        assert!(v.win() >= q(0, 1) && v.loss() >= q(0, 1), "K = {ranks}");
    }
}

#[test]
fn two_known_ones_are_taken_and_states_out_of_range_are_refused() {
    let mut solver = RankSolver::new();
    let taken = RankState {
        ones_known: 2,
        others: vec![(0, 4)],
        passed: false,
    };
    assert_eq!(solver.value(&taken).map(|v| v.mover), Some(q(1, 1)));
    let odd = RankState {
        ones_known: 0,
        others: vec![(1, 1), (3, 3)],
        passed: false,
    };
    assert_eq!(solver.value(&odd), None);
}
