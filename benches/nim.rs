//! Nim benches (document 002): the lecture table at full scale
//! (3 piles of 0..99, target < 100 ms) and naive vs optimized on 0..5 and 0..9.
//! Before timing, each table's losing positions are checked against Bouton's
//! XOR rule (a third oracle) so a bench never times a wrong answer.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use solved_games::games::nim::{bouton, naive, optimized::Table};
use std::hint::black_box;

/// The losing positions of `table`, by Bouton's rule.
fn bouton_losing(table: &Table) -> usize {
    (0..table.len())
        .filter(|&i| bouton::is_losing(&table.position(i)))
        .count()
}

fn table(c: &mut Criterion) {
    let full = Table::build(3, 99);
    assert_eq!(full.losing_count(), bouton_losing(&full));
    for max in [5u32, 9] {
        let small = Table::build(3, max);
        let mut search = naive::Search::new();
        let naive = (0..small.len())
            .filter(|&i| search.is_losing(&small.position(i)))
            .count();
        assert_eq!(small.losing_count(), bouton_losing(&small));
        assert_eq!(naive, small.losing_count());
    }
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
