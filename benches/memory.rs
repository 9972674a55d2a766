//! Memory-game benches (document 004): the full exact table to n = 100
//! (343,400 states, target < 10 s), Proposition 2.1's reduced table exactly
//! to n = 200 and in f64 to n = 2,000 (target < 1 s each), and the naive
//! explicit-board search against the recurrence for N = 1..4.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use num_rational::BigRational;
use solved_games::games::memory::naive::Search;
use solved_games::games::memory::optimized::{Extent, Table};
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
    for pairs in 1..=4usize {
        g.bench_with_input(BenchmarkId::new("naive/N", pairs), &pairs, |b, &n| {
            b.iter(|| Search::new(n).first_player_value())
        });
        g.bench_with_input(BenchmarkId::new("exact/full/N", pairs), &pairs, |b, &n| {
            b.iter(|| Table::<Scaled>::build(n, Extent::Full, false).f(n, 0, 0))
        });
    }
    g.finish();
}

criterion_group!(benches, tables);
criterion_main!(benches);
