//! 10,000-yen exact-equilibrium benches (document 000; SPEC.md, "Exact equilibria of scaled games"): the
//! optimized DP at the target size (T = 10, R = 10 under 30 s), the naive
//! history recursion up to T = R = 10, the DP on a tiny game, the matrix-game LP alone, the
//! float LP (plain pivot) on a stored restricted game, and
//! exact best responses at T = 10, R = 10.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use solved_games::games::yen::best_response::{best_response, DocumentPlayer, Goal};
use solved_games::games::yen::naive::{self, ScaledGame};
use solved_games::games::yen::optimized::ExactDp;
use solved_games::games::yen::rules::Rules;
use solved_games::games::yen::rules::State;
use solved_games::solve::exact::ratio;
use solved_games::solve::float_game::FloatLp;
use solved_games::solve::matrix_game::{solve, solve_reduced};
use std::hint::black_box;

fn equilibrium(c: &mut Criterion) {
    let mut g = c.benchmark_group("yen_equilibrium");
    g.sample_size(10);
    for (total, rounds) in [(10u64, 10u32), (12, 10), (14, 10), (20, 5)] {
        let rules = Rules { total, rounds };
        g.bench_with_input(
            BenchmarkId::new("optimized", format!("T{total}R{rounds}")),
            &rules,
            |b, &r| b.iter(|| ExactDp::new().value(black_box(State::start(r)))),
        );
    }
    let tiny = Rules {
        total: 4,
        rounds: 4,
    };
    g.bench_function("optimized/T4R4", |b| {
        b.iter(|| ExactDp::new().value(black_box(State::start(tiny))))
    });
    g.finish();
}

/// The naive history recursion (its own rules, kernel enumeration per
/// round) on the sizes its module docs quote, each asserting the value 0.
fn naive_equilibrium(c: &mut Criterion) {
    let mut g = c.benchmark_group("yen_equilibrium");
    g.sample_size(10);
    for (total, rounds) in [(4u64, 4u32), (10, 5), (10, 10)] {
        let game = ScaledGame { total, rounds };
        g.bench_with_input(
            BenchmarkId::new("naive", format!("T{total}R{rounds}")),
            &game,
            |b, &game| {
                b.iter(|| {
                    let v = naive::value(black_box(game));
                    assert_eq!(v, num_traits::Zero::zero(), "{game}");
                    v
                })
            },
        );
    }
    g.finish();
}

/// The targets of README's performance table: the exact DP at T = 18 and
/// T = 22 (R = 10). Each asserts its answer. The T = 22 run takes minutes
/// per sample: run it by name (`cargo bench --bench yen_equilibrium --
/// T22R10`). The certified table's benches are the yen-certified wing's.
fn paper_scale(c: &mut Criterion) {
    let mut g = c.benchmark_group("solve/yen");
    g.sample_size(10);
    for total in [18u64, 22] {
        let rules = Rules { total, rounds: 10 };
        g.bench_function(format!("optimized/T{total}R10"), |b| {
            b.iter(|| {
                let v = ExactDp::new().value(black_box(State::start(rules)));
                assert_eq!(v, num_traits::Zero::zero());
            })
        });
    }
    g.finish();
}

fn linear_programme(c: &mut Criterion) {
    let mut g = c.benchmark_group("yen_equilibrium");
    // A fixed pseudo-random 11×11 game with small rational entries.
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let m: Vec<Vec<_>> = (0..11)
        .map(|_| {
            (0..11)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    ratio((x % 19) as i64 - 9, (x >> 32) as i64 % 4 + 1)
                })
                .collect()
        })
        .collect();
    g.bench_function("lp/simplex/11x11", |b| b.iter(|| solve(black_box(&m))));
    // The 45 × 49 restricted game of a T ≤ 200 stage game on which the
    // float simplex of A's programme stalls (tests/data): what the cold
    // double oracle pays before B's programme solves it, with the plain
    // pivot (the wing's bench has the AVX2 one).
    let stalls: Vec<f64> = include_str!("../tests/data/float_lp_stalls_45x49.txt")
        .lines()
        .map(|l| f64::from_bits(u64::from_str_radix(l, 16).expect("hex bits")))
        .collect();
    let mut lp = FloatLp::new();
    g.bench_function("lp/float/45x49/baseline-kernels", |b| {
        b.iter(|| {
            let stalled = lp.solve(45, 49, black_box(&stalls));
            let solved = lp.solve_transposed(45, 49, black_box(&stalls));
            assert!(solved.is_some());
            (stalled.is_some(), solved.map(|s| s.value))
        });
    });
    g.bench_function("lp/reduced/11x11", |b| {
        b.iter(|| solve_reduced(black_box(&m)))
    });
    g.finish();
}

fn best_responses(c: &mut Criterion) {
    let mut g = c.benchmark_group("yen_equilibrium");
    g.sample_size(10);
    let rules = Rules {
        total: 10,
        rounds: 10,
    };
    for player in DocumentPlayer::ALL {
        g.bench_function(format!("best_response/{player}/T10R10"), |b| {
            b.iter(|| best_response(rules, &mut player.clone(), Goal::WinProbability))
        });
    }
    g.finish();
}

criterion_group!(
    benches,
    equilibrium,
    naive_equilibrium,
    paper_scale,
    linear_programme,
    best_responses
);
criterion_main!(benches);
