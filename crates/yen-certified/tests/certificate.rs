//! Certificates of the certified yen table (document 000, 50-yen units): written by the
//! solver, re-checked by the independent verifier. The verifier's intervals
//! hold the exact values, agree with the solver's, and a certificate with a
//! probability changed, a strategy dropped, a byte flipped or its end cut off
//! is caught with its documented exit code.

use crate::common;

use solved_games_reference::games::yen::optimized::ExactDp;
use solved_games_reference::games::yen::rules::State;
use solved_games_reference::progress::Silent;
use solved_games_reference::solve::rounding::enclose;
use solved_games_yen_certified::yen::certificate::{self, Block, Entry};
use solved_games_yen_certified::yen::certificate_check::{verify, Verdict};
use solved_games_yen_certified::yen::certified::Certified;
use std::path::{Path, PathBuf};

fn write(dir: &Path, total: u64, rounds: u32) -> (PathBuf, Certified) {
    let path = dir.join(format!("t{total}r{rounds}.cert"));
    let table = certificate::solve_and_write(total, rounds, &path, &Silent).unwrap();
    (path, table)
}

fn check(path: &Path) -> Verdict {
    verify(certificate::open(path).unwrap(), &Silent).unwrap()
}

/// A fresh certificate of every T′ ≤ `total` at R = 10, written in a scratch
/// directory named after `name` and verified: the verifier must report no
/// failure. The directory goes with the certificate.
fn verified(name: &str, total: u64) -> (common::Scratch, PathBuf, Certified, Verdict) {
    let dir = common::scratch(name);
    let (path, table) = write(&dir, total, 10);
    let verdict = check(&path);
    assert_eq!(verdict.failure, None);
    (dir, path, table, verdict)
}

fn blocks(path: &Path) -> (u64, u32, Vec<Block>) {
    let mut reader = certificate::open(path).unwrap();
    let header = reader.header();
    let mut blocks = Vec::new();
    while let Some(b) = reader.next_block().unwrap() {
        blocks.push(b);
    }
    (header.total, header.rounds, blocks)
}

/// The verifier's interval of every covered state at T ≤ 16, R = 10 (and
/// every start), recomputed from the strategies alone, holds the exact DP's
/// value; it reports no failure and the starts exactly 0.
#[test]
fn the_verified_intervals_hold_the_exact_values_up_to_16_units() {
    let (_dir, _, _, verdict) = verified("certificate-exact", 16);
    assert!(verdict.max_width < 1e-9, "{}", verdict.max_width);
    assert_eq!(verdict.starts.len(), 16);
    let mut exact = ExactDp::new();
    let starts = (1..=16).map(|t| State {
        rounds_left: 10,
        money_a: t,
        money_b: t,
        gain_diff: 0,
    });
    let mut checked = 0;
    for s in starts.chain(common::yen_undecided_states(16, 10)) {
        let (lo, hi) = enclose(&exact.value(s));
        let v = verdict.interval(s).or_else(|| {
            // Starts sit in their own layer; layer R − 1 keeps only
            // what a start reaches.
            verdict
                .starts
                .iter()
                .find(|x| s.rounds_left == 10 && x.total == s.money_a)
                .map(|x| x.interval)
        });
        let Some(v) = v else {
            assert_eq!(s.rounds_left, 9, "{s} missing from the certificate");
            continue;
        };
        assert!(
            v.lower <= lo && hi <= v.upper,
            "{s}: exact [{lo:e}, {hi:e}] outside {v:?}"
        );
        checked += 1;
    }
    assert!(checked > 10_000, "only {checked} states checked");
}

/// Verifier and solver, at T ≤ 30, R = 10: every state the solver's table
/// holds has a verified interval within `SLACK` of the solver's on each side
/// (both contain the exact value; they differ only in the last rounding).
#[test]
fn verifier_and_solver_agree_on_every_interval_up_to_30_units() {
    use solved_games_yen_certified::yen::certificate_check::SLACK;
    let (_dir, _, table, verdict) = verified("certificate-agree", 30);
    let mut compared = 0;
    for s in common::yen_undecided_states(30, 10) {
        let Some(v) = verdict.interval(s) else {
            assert_eq!(s.rounds_left, 9, "{s} missing from the certificate");
            continue;
        };
        let iv = table.interval(s);
        assert!(
            (v.lower - iv.lower).abs() <= SLACK && (v.upper - iv.upper).abs() <= SLACK,
            "{s}: verifier {v:?}, solver {iv:?}"
        );
        compared += 1;
    }
    assert!(compared >= 78_250, "only {compared} states compared");
    for start in &verdict.starts {
        assert_eq!((start.interval.lower, start.interval.upper), (0.0, 0.0));
        assert!(start.strategy_bounds.contains(0.0));
    }
}

/// At T ≤ 43, R = 10 (the smallest T at R = 10 where it happens) the solver
/// claims at one state the pure bound of a bet it tried, tighter than its
/// mixed strategy gives. It used to store the mixed strategy, so the verifier
/// failed there ("FAILED at 4,36,42,-8") until it learned to search every pure
/// bet of that side. Now the solver stores that bet beside the mixed strategy
/// (at probability 0, which the verifier's pure bound reads): its own
/// certificate verifies with no search at all (the old solver's needed one),
/// agrees with the solver within SLACK on every state, and the start T' = 43
/// is exactly 0.
#[test]
fn a_claimed_pure_bound_is_stored_as_its_bet_and_verifies_without_a_search_at_43_units() {
    use solved_games_yen_certified::yen::certificate_check::SLACK;
    let (_dir, _, table, verdict) = verified("certificate-pure-bet", 43);
    assert_eq!(verdict.searched, 0, "the stored strategies fall short");
    for s in common::yen_undecided_states(43, 10) {
        let Some(v) = verdict.interval(s) else {
            continue;
        };
        let iv = table.interval(s);
        assert!(
            (v.lower - iv.lower).abs() <= SLACK && (v.upper - iv.upper).abs() <= SLACK,
            "{s}: verifier {v:?}, solver {iv:?}"
        );
    }
    let start = verdict.starts.last().unwrap();
    assert_eq!(start.total, 43);
    assert!(start.interval.contains(0.0) && start.interval.width() < 1e-9);
    assert!(start.strategy_bounds.contains(0.0) && start.strategy_bounds.width() < 1e-9);
}

/// Certificates the old solver wrote (the T ≤ 200 one among them) lack the
/// bet behind some pure bounds: the verifier's pure-bet search must still
/// find it. At T ≤ 30, R = 10, A's strategy is dropped at up to 40 stage
/// games of layers 3..R − 1 where it is one bet; each is then searched and
/// the certificate still verifies, with the same intervals as before. Where
/// the stored strategy is a real mix, dropping it fails (the CLI test).
#[test]
fn a_certificate_without_the_bet_behind_a_pure_bound_verifies_by_the_search() {
    let (dir, path, _, before) = verified("certificate-pure-search", 30);
    let (total, rounds, mut blocks) = blocks(&path);
    let mut dropped = Vec::new();
    for b in blocks
        .iter_mut()
        .filter(|b| (3..rounds).contains(&b.rounds_left))
    {
        for k in 0..b.entries.len() {
            let state = b.state(k);
            if let Entry::Stage { strategy_a, .. } = &mut b.entries[k] {
                if strategy_a.len() == 1 && dropped.len() < 40 {
                    strategy_a.clear();
                    dropped.push(state);
                }
            }
        }
    }
    assert_eq!(dropped.len(), 40);
    let altered = dir.join("without.cert");
    certificate::write(&altered, total, rounds, &blocks).unwrap();
    let after = check(&altered);
    assert_eq!(after.failure, None);
    assert_eq!(after.searched, 40);
    for s in dropped {
        let (v, w) = (before.interval(s).unwrap(), after.interval(s).unwrap());
        assert!(
            w.lower >= v.lower && w.upper <= v.upper,
            "{s}: {v:?} then {w:?}"
        );
    }
}

/// Format 2 (varints, delta-coded bets, weights as their 2⁻⁵⁰ fixed-point
/// integers) holds what the verifier reads of format 1 exactly: at T ≤ 30
/// the same blocks (bets, claimed bounds to the bit, weights rounded down
/// to the grid), the same verdict (counts, every start's bounds, the
/// largest width and where, the support pattern), in fewer bytes.
#[test]
fn format_2_is_smaller_and_verifies_to_the_same_verdict() {
    use solved_games_yen_certified::yen::certificate::{Writer, FORMAT_2};
    let dir = common::scratch("certificate-format-2");
    let (one, _) = write(&dir, 30, 10);
    let (total, rounds, blocks_1) = blocks(&one);
    let two = dir.join("two.cert");
    let mut out = Writer::create_format(&two, FORMAT_2, total, rounds).unwrap();
    for b in &blocks_1 {
        out.block(b).unwrap();
    }
    out.finish().unwrap();
    assert_eq!(certificate::open(&two).unwrap().format(), FORMAT_2);
    let (_, _, blocks_2) = blocks(&two);
    let grid = (1u64 << 50) as f64;
    let on_grid = |s: &[(u64, f64)]| -> Vec<(u64, f64)> {
        s.iter()
            .map(|&(b, p)| (b, (p * grid).floor() / grid))
            .collect()
    };
    assert_eq!(blocks_1.len(), blocks_2.len());
    for (b1, b2) in blocks_1.iter().zip(&blocks_2) {
        let expected = Block {
            entries: b1
                .entries
                .iter()
                .map(|e| match e {
                    Entry::Stage {
                        claimed,
                        strategy_a,
                        strategy_b,
                    } => Entry::Stage {
                        claimed: *claimed,
                        strategy_a: on_grid(strategy_a),
                        strategy_b: on_grid(strategy_b),
                    },
                    other => other.clone(),
                })
                .collect(),
            ..b1.clone()
        };
        assert_eq!(b2, &expected);
    }
    let size = |p: &Path| std::fs::metadata(p).unwrap().len();
    assert!(
        size(&two) * 10 < size(&one) * 8,
        "format 2 is {} bytes, format 1 {}",
        size(&two),
        size(&one)
    );
    let (v1, v2) = (check(&one), check(&two));
    assert_eq!(v2.failure, None);
    assert_eq!(
        (v1.states, v1.stage_games, v1.monotone, v1.widest),
        (v2.states, v2.stage_games, v2.monotone, v2.widest)
    );
    assert_eq!(v1.max_width.to_bits(), v2.max_width.to_bits());
    for (s1, s2) in v1.starts.iter().zip(&v2.starts) {
        assert_eq!(s1.interval, s2.interval);
        assert_eq!(s1.strategy_bounds, s2.strategy_bounds);
        assert_eq!(s1.support(), s2.support());
    }
    use solved_games_yen_certified::yen::certificate_check::support_pattern;
    assert_eq!(
        support_pattern(&v1.starts, 10),
        support_pattern(&v2.starts, 10)
    );
}
