//! The certified yen table (document 000 §4 at the paper's scale): the
//! table for every T ≤ 40, ≤ 60 and ≤ 100 at R = 10, with the AVX2 kernels
//! and with them switched off (`…/baseline-kernels`), and the float LP of a
//! stored restricted game with the AVX2 pivot. Each asserts its answer.
//! T ≤ 100 takes seconds per sample: run it by name (`cargo bench -p
//! solved-games-yen-certified -- Tle100R10`).

use criterion::{criterion_group, criterion_main, Criterion};
use solved_games_reference::games::yen::rules::{Rules, State};
use solved_games_reference::progress::Silent;
use solved_games_reference::solve::float_game::FloatLp;
use solved_games_yen_certified::solve::wide;
use solved_games_yen_certified::yen::certified::Certified;
use std::hint::black_box;

/// T ≤ 60 is the quick stand-in for T ≤ 100 (the target): the same code on
/// smaller stage games, a fifth of the time.
fn tables(c: &mut Criterion) {
    let mut g = c.benchmark_group("solve/yen");
    g.sample_size(10);
    for total in [40u64, 60, 100] {
        for (suffix, on) in [("", true), ("/baseline-kernels", false)] {
            g.bench_function(format!("certified/Tle{total}R10{suffix}"), |b| {
                wide::set_wide(on);
                b.iter(|| {
                    let table = Certified::solve(black_box(total), 10, &Silent);
                    assert!(table.summary().max_width < 1e-9);
                    let start = State::start(Rules { total, rounds: 10 });
                    assert!(table.interval(start).contains(0.0));
                });
                wide::set_wide(true);
            });
        }
    }
    g.finish();
}

/// The 45 × 49 restricted game of a T ≤ 200 stage game on which the float
/// simplex of A's programme stalls (the reference's tests/data): what the
/// cold double oracle pays before B's programme solves it, with the AVX2
/// pivot (the reference's bench has the plain one).
fn stalled_lp(c: &mut Criterion) {
    let mut g = c.benchmark_group("yen_equilibrium");
    let stalls: Vec<f64> = include_str!("../../../tests/data/float_lp_stalls_45x49.txt")
        .lines()
        .map(|l| f64::from_bits(u64::from_str_radix(l, 16).expect("hex bits")))
        .collect();
    let mut lp = FloatLp::with_pivot(wide::pivot_dense);
    g.bench_function("lp/float/45x49", |b| {
        b.iter(|| {
            let stalled = lp.solve(45, 49, black_box(&stalls));
            let solved = lp.solve_transposed(45, 49, black_box(&stalls));
            assert!(solved.is_some());
            (stalled.is_some(), solved.map(|s| s.value))
        });
    });
    g.finish();
}

criterion_group!(benches, tables, stalled_lp);
criterion_main!(benches);
