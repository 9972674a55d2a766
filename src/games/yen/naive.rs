//! Exact equilibrium values of scaled 10,000-yen games by plain recursion
//! over full bet histories (issue 5, "Naive"; rules of document 000 §2).
//!
//! Written for obviousness and independence from [`super::optimized`]: a node
//! is the list of both players' bets so far; the money left and the money won
//! are recomputed from the list with [`settle`], legal bets come from
//! [`Rules::check_bet`], the match result from [`match_result`], and each
//! node's value is the plain simplex [`solve`] of the matrix of its children's
//! values. No memo, no symmetry, no shortcut: the tree has
//! ∏ (rounds) (T+1)² nodes at worst, so only tiny T and R are feasible.

use crate::games::yen::rules::State;
use crate::games::yen::rules::{match_result, settle, Rules};
use crate::solve::exact::integer;
use crate::solve::matrix_game::solve;
use num_rational::BigRational;
use std::cmp::Ordering;

/// Value to A of the start of a match under `rules`.
#[must_use]
pub fn value(rules: Rules) -> BigRational {
    value_visiting(rules, &mut |_, _| {})
}

/// Value to A of the start, calling `visit(state, value)` at every node of
/// the history tree with the compressed state the history leads to, so that
/// a test can compare every value with the optimized solver's.
pub fn value_visiting(rules: Rules, visit: &mut dyn FnMut(State, &BigRational)) -> BigRational {
    let mut history = Vec::new();
    node(rules, &mut history, visit)
}

fn node(
    rules: Rules,
    history: &mut Vec<(u64, u64)>,
    visit: &mut dyn FnMut(State, &BigRational),
) -> BigRational {
    let (mut won_a, mut won_b, mut bet_a, mut bet_b) = (0u64, 0u64, 0u64, 0u64);
    for &(x, y) in history.iter() {
        let (ga, gb) = settle(x, y);
        won_a += ga;
        won_b += gb;
        bet_a += x;
        bet_b += y;
    }
    let (left_a, left_b) = (rules.total - bet_a, rules.total - bet_b);
    let played = history.len() as u32;
    let value = if played == rules.rounds {
        integer(match match_result(won_a, won_b) {
            Ordering::Greater => 1,
            Ordering::Equal => 0,
            Ordering::Less => -1,
        })
    } else {
        let round = played + 1;
        let legal = |left: u64| -> Vec<u64> {
            (0..=left)
                .filter(|&b| rules.check_bet(round, left, b).is_ok())
                .collect()
        };
        let (bets_a, bets_b) = (legal(left_a), legal(left_b));
        let mut matrix = Vec::with_capacity(bets_a.len());
        for &x in &bets_a {
            let mut row = Vec::with_capacity(bets_b.len());
            for &y in &bets_b {
                history.push((x, y));
                row.push(node(rules, history, visit));
                history.pop();
            }
            matrix.push(row);
        }
        solve(&matrix).value
    };
    let state = State {
        rounds_left: rules.rounds - played,
        money_a: left_a,
        money_b: left_b,
        gain_diff: won_a as i64 - won_b as i64,
    };
    visit(state, &value);
    value
}

/// The R = 2 first bets of A that never lose, with the B bets each only
/// draws against: both rounds played out with [`settle`] for every pair of
/// first bets (independent of [`super::optimized::two_round_safe_bets`]).
#[must_use]
pub fn two_round_safe_bets(total: u64) -> Vec<(u64, Vec<u64>)> {
    let rules = Rules { total, rounds: 2 };
    let mut safe = Vec::new();
    'bets: for x in 0..=total {
        let mut draws = Vec::new();
        for y in 0..=total {
            let (a1, b1) = settle(x, y);
            let (a2, b2) = settle(rules.total - x, rules.total - y);
            match match_result(a1 + a2, b1 + b2) {
                Ordering::Less => continue 'bets,
                Ordering::Equal => draws.push(y),
                Ordering::Greater => {}
            }
        }
        safe.push((x, draws));
    }
    safe
}
