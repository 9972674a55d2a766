//! Nim benches (document 002): the lecture table at the scale
//! (3 piles of 0..99, target < 100 ms) and naive vs optimized on 0..5.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use solved_games::games::nim::{naive, optimized::Table};
use std::hint::black_box;

fn table(c: &mut Criterion) {
    let mut g = c.benchmark_group("nim");
    g.sample_size(10);
    g.bench_function("optimized/3x99", |b| {
        b.iter(|| Table::build(3, black_box(99)))
    });
    for max in [5u32, 9] {
        g.bench_with_input(BenchmarkId::new("optimized/3xN", max), &max, |b, &m| {
            b.iter(|| Table::build(3, m).losing_count());
        });
        g.bench_with_input(BenchmarkId::new("naive/3xN", max), &max, |b, &m| {
            b.iter(|| {
                let positions = Table::build(3, m);
                let mut search = naive::Search::new();
                (0..positions.len())
                    .filter(|&i| search.is_losing(&positions.position(i)))
                    .count()
            });
        });
    }
    g.finish();
}

criterion_group!(benches, table);
criterion_main!(benches);
