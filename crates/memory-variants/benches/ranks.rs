//! A deck of ranks of four, document 004 §4's last sentence (SPEC.md "Memory variants: a deck of ranks of four"): the recurrence over per-rank states for K = 13 (the
//! 52-card deck; target: under 10 s on 2 cores) and K = 8, and the row search
//! for K = 3. Each run checks that the recurrence and the row search give
//! the same start at K = 3 and that the start's chances add up to 1.

use criterion::{criterion_group, criterion_main, Criterion};
use num_rational::BigRational;
use solved_games_memory_variants::variants::ranks::naive::RowSearch;
use solved_games_memory_variants::variants::ranks::optimized::RankSolver;
use std::hint::black_box;

fn ranks(c: &mut Criterion) {
    let row = RowSearch::new().start(3);
    assert_eq!(RankSolver::new().start(3), row, "K = 3");
    let deck = RankSolver::new().start(13);
    assert_eq!(
        deck.win() + deck.loss() + &deck.draw,
        BigRational::from_integer(1.into())
    );
    let mut g = c.benchmark_group("solve/memory-ranks");
    g.sample_size(10);
    for ranks in [8, 13] {
        g.bench_function(format!("optimized/K{ranks}"), |b| {
            b.iter(|| RankSolver::new().start(black_box(ranks)))
        });
    }
    g.bench_function("naive/K3", |b| {
        b.iter(|| RowSearch::new().start(black_box(3)))
    });
    g.finish();
}

criterion_group!(benches, ranks);
criterion_main!(benches);
