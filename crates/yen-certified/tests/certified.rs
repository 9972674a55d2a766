//! The certified floating-point solver of the 10,000-yen game (document 000):
//! every exact value lies in its interval, the intervals are narrow, the
//! table respects the facts SPEC.md states (monotone in d, mirror symmetry,
//! 0 at symmetric states), and `yen solve --certified` behaves.

use crate::common;

use num_traits::ToPrimitive;
use solved_games_reference::games::yen::optimized::ExactDp;
use solved_games_reference::games::yen::rules::State;
use solved_games_reference::progress::Silent;
use solved_games_reference::solve::rounding::enclose;
use solved_games_yen_certified::yen::certified::{Certified, Interval};

/// The exact value, as rigorous float bounds, lies in the certified interval.
fn holds(iv: Interval, exact: &num_rational::BigRational) -> bool {
    let (lo, hi) = enclose(exact);
    iv.lower <= lo && hi <= iv.upper
}

/// Checks every covered state of the table for T ≤ `max` at `rounds`
/// rounds, and every start, against the exact DP: the exact value lies in
/// the interval, which is narrower than `width` where given. Returns the
/// number of states checked.
fn exact_values_lie_in_their_intervals(max: u64, rounds: u32, width: Option<f64>) -> usize {
    let table = Certified::solve(max, rounds, &Silent);
    let mut exact = ExactDp::new();
    let mut checked = 0;
    for s in common::yen_undecided_states(max, rounds) {
        let v = exact.value(s);
        let iv = table.interval(s);
        assert!(
            holds(iv, &v),
            "{s}: exact {} not in {iv:?}",
            v.to_f64().unwrap()
        );
        if let Some(width) = width {
            assert!(iv.width() < width, "{s}: {iv:?}");
        }
        checked += 1;
    }
    // And the starts, solved on demand.
    for t in 1..=max {
        let s = State::start(solved_games_reference::games::yen::rules::Rules { total: t, rounds });
        assert!(holds(table.interval(s), &exact.value(s)), "start T = {t}");
    }
    checked
}

#[test]
fn every_exact_value_lies_in_its_interval_up_to_12_units_at_10_rounds() {
    let checked = exact_values_lie_in_their_intervals(12, 10, Some(1e-12));
    assert!(checked >= 5_056, "only {checked} states checked");
}

/// On every T ≤ 20 at R = 10 every exact value lies in its interval
/// (23,246 states a match reaches). The exact DP memoises, so they cost
/// about one exact solve of the T = 20 start (4.7 s for the whole test on
/// 2 cores; about 40 s of one core while the table still held the corners
/// no match reaches, the exact DP's costliest states).
#[test]
fn every_exact_value_lies_in_its_interval_up_to_20_units_at_10_rounds() {
    let checked = exact_values_lie_in_their_intervals(20, 10, None);
    assert!(checked >= 23_246, "only {checked} states checked");
}

#[test]
fn every_exact_value_lies_in_its_interval_at_other_round_counts() {
    for (max, rounds) in [(9, 3), (9, 5), (7, 7)] {
        let table = Certified::solve(max, rounds, &Silent);
        let mut exact = ExactDp::new();
        for s in common::yen_undecided_states(max, rounds) {
            assert!(
                holds(table.interval(s), &exact.value(s)),
                "R = {rounds}, {s}"
            );
        }
    }
}

#[test]
fn intervals_are_narrower_than_1e_9_at_30_units() {
    let table = Certified::solve(30, 10, &Silent);
    let summary = table.summary();
    assert!(summary.max_width < 1e-9, "{summary:?}");
    assert_eq!(summary.float_failures, 0, "{summary:?}");
}

#[test]
fn the_table_is_monotone_in_d_mirror_symmetric_and_zero_at_symmetric_states() {
    let (max, rounds) = (16, 8);
    let table = Certified::solve(max, rounds, &Silent);
    for s in common::yen_undecided_states(max, rounds) {
        let iv = table.interval(s);
        // Monotone: a lead two units larger is worth at least as much.
        let up = State {
            gain_diff: s.gain_diff + 2,
            ..s
        };
        if table.covers(up) {
            assert!(iv.lower <= table.interval(up).upper, "{s}");
        }
        // Mirror: value(a, b, d) = −value(b, a, −d).
        let m = table.interval(s.swapped());
        assert!(
            iv.lower <= -m.lower && -m.upper <= iv.upper + 1e-15,
            "{s}: {iv:?} vs mirror {m:?}"
        );
        if s.money_a == s.money_b && s.gain_diff == 0 {
            assert_eq!(iv, Interval::point(0.0), "{s}");
        }
    }
}

/// The table's cut (`Certified::within_reach`) against a forward search
/// from every start (tests/common): in layers 2..R − 2 the covered states
/// are exactly the states some match reaches, in layer R − 1 (one round
/// after a start) every reached state is covered, and every successor of a
/// covered state is covered or settled, so the table is closed. Loosening
/// the cut's boundary case, or cutting one step deeper, fails it.
#[test]
fn the_table_covers_exactly_the_states_some_match_reaches() {
    use std::collections::HashSet;
    for (max, rounds) in [(14, 10), (9, 5), (7, 4), (6, 3), (20, 6), (1, 4), (2, 5)] {
        let table = Certified::solve(max, rounds, &Silent);
        let reached: HashSet<State> = common::yen_undecided_states(max, rounds).collect();
        let (mut covered, mut successors) = (0, 0);
        for r in 2..rounds {
            for a in 0..=max {
                for b in 0..=max {
                    let span = (a + b) as i64;
                    for d in (-span..=span).step_by(2) {
                        let s = State {
                            rounds_left: r,
                            money_a: a,
                            money_b: b,
                            gain_diff: d,
                        };
                        if s.decided().is_some() {
                            continue;
                        }
                        let covers = table.covers(s);
                        if r + 1 < rounds {
                            assert_eq!(
                                covers,
                                reached.contains(&s),
                                "T <= {max}, R = {rounds}: {s}"
                            );
                        } else if reached.contains(&s) {
                            assert!(covers, "T <= {max}, R = {rounds}: {s} reached, not covered");
                        }
                        if !covers {
                            continue;
                        }
                        covered += 1;
                        for x in 0..=a {
                            for y in 0..=b {
                                let next = s.after(x, y);
                                assert!(
                                    next.decided().is_some() || table.covers(next),
                                    "T <= {max}, R = {rounds}: {s} -> {next} leaves the table"
                                );
                                successors += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(covered >= reached.len(), "T <= {max}, R = {rounds}");
        assert!(successors > covered, "T <= {max}, R = {rounds}");
    }
}

/// The tests once never left R = 10 at large T, and a panic waited at
/// R ≥ 30. A grid of small totals with R up to its maximum (60), and R = 2,
/// the shortest match the certified solver accepts: every exact value lies
/// in its interval.
#[test]
fn every_exact_value_lies_in_its_interval_on_a_grid_of_small_totals_up_to_60_rounds() {
    for max in [1, 2, 3, 6] {
        for rounds in [2, 3, 4, 17, 60] {
            exact_values_lie_in_their_intervals(max, rounds, None);
        }
    }
    for rounds in [2, 60] {
        exact_values_lie_in_their_intervals(9, rounds, None);
    }
}

/// The table solved on `threads` threads: its summary and every interval's
/// bits, in the canonical order of [`states`].
fn solved_on(threads: usize, max: u64, rounds: u32) -> (String, Vec<(u64, u64)>) {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let table = pool.install(|| Certified::solve(max, rounds, &Silent));
    let bits = common::yen_undecided_states(max, rounds)
        .map(|s| {
            let iv = table.interval(s);
            (iv.lower.to_bits(), iv.upper.to_bits())
        })
        .collect();
    (format!("{:?}", table.summary()), bits)
}

/// Every count and every bound of the table is the same on 1 and on 2
/// threads: each block of states starts its float LPs from a basis fixed by
/// its place in the table, not from whatever its thread solved last (which
/// moved the stage-game / monotonicity split by one between runs).
#[test]
fn the_table_is_the_same_on_1_and_2_threads() {
    let one = solved_on(1, 24, 10);
    let two = solved_on(2, 24, 10);
    assert_eq!(one.0, two.0, "summaries differ");
    let differ = one.1.iter().zip(&two.1).filter(|(x, y)| x != y).count();
    assert_eq!(differ, 0, "{differ} of {} intervals differ", one.1.len());
}

/// Every count and every bound of the table is the same whether the float
/// LPs' inner loops run as AVX2 or as baseline SSE2 code
/// (`solve::wide`: element-wise IEEE operations in the same order, so the
/// vector width cannot change a bit). On a processor without AVX2 both runs
/// take the baseline and the test says so.
#[test]
fn the_table_is_the_same_with_and_without_the_wide_kernels() {
    use solved_games_yen_certified::solve::wide;
    wide::set_wide(true);
    let had_avx2 = wide::is_wide();
    let with = solved_on(2, 24, 10);
    wide::set_wide(false);
    assert!(!wide::is_wide());
    let without = solved_on(2, 24, 10);
    wide::set_wide(true);
    if !had_avx2 {
        eprintln!("no AVX2 on this processor: both runs took the baseline kernels");
    }
    assert_eq!(with.0, without.0, "summaries differ");
    let differ = with
        .1
        .iter()
        .zip(&without.1)
        .filter(|(x, y)| x != y)
        .count();
    assert_eq!(differ, 0, "{differ} of {} intervals differ", with.1.len());
}
