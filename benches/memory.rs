//! Memory-game benches (document 004): the full exact table to n = 100
//! (343,400 states, target < 10 s), Proposition 2.1's reduced table exactly
//! to n = 200 and in f64 to n = 2,000 (target < 1 s each), and the naive
//! explicit-row search against the recurrence for N = 1..8 (targets: N ≤ 7
//! under a minute, N = 8 under ten minutes).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use num_rational::BigRational;
use solved_games::games::memory::naive::Search;
use solved_games::games::memory::optimized::{first_player_value, Extent, Table};
use solved_games::games::memory::scaled::Scaled;
use std::hint::black_box;

fn tables(c: &mut Criterion) {
    let mut g = c.benchmark_group("memory");
    g.sample_size(10);
    g.bench_function("exact/full/100", |b| {
        b.iter(|| Table::<Scaled>::build(black_box(100), Extent::Full, false))
    });
    g.bench_function("exact/reduced/200", |b| {
        b.iter(|| Table::<Scaled>::build(black_box(200), Extent::Reduced, false))
    });
    g.bench_function("f64/reduced/2000", |b| {
        b.iter(|| Table::<f64>::build(black_box(2000), Extent::Reduced, false))
    });
    g.bench_function("rational/full/30", |b| {
        b.iter(|| Table::<BigRational>::build(black_box(30), Extent::Full, false))
    });
    g.bench_function("exact/full/30", |b| {
        b.iter(|| Table::<Scaled>::build(black_box(30), Extent::Full, false))
    });
    g.bench_function("f64/full/100", |b| {
        b.iter(|| Table::<f64>::build(black_box(100), Extent::Full, false))
    });
    for pairs in 1..=8usize {
        // Every run starts from an empty memory and must find the
        // recurrence's f(N,0,0).
        let expected = first_player_value(pairs);
        g.bench_with_input(BenchmarkId::new("naive/N", pairs), &pairs, |b, &n| {
            b.iter(|| {
                let f = Search::new().first_player_value(black_box(n));
                assert_eq!(f, expected, "f({n},0,0)");
                f
            })
        });
        g.bench_with_input(BenchmarkId::new("exact/full/N", pairs), &pairs, |b, &n| {
            b.iter(|| Table::<Scaled>::build(n, Extent::Full, false).f(n, 0, 0))
        });
    }
    g.finish();
}

criterion_group!(benches, tables);
criterion_main!(benches);
