//! Bounded memory M, document 004 §4 item 3 (SPEC.md "Memory variants" →
//! "Bounded memory M"): every start N ≤ 12 for one M by exact strategy
//! iteration per layer (target: M ≤ 6, N ≤ 12 under 10 s on 2 cores). Each
//! run checks M = 0 against the zero-memory closed recurrence. The draw
//! intervals (`--draws`) of M = 4, 5, 6 at N = 12 have their own group.

use criterion::{criterion_group, criterion_main, Criterion};
use num_rational::BigRational;
use solved_games_memory_variants::variants::bounded::optimized::BoundedTable;
use solved_games_reference::games::memory::analysis::zero_memory_first_player_wins;
use std::hint::black_box;

fn bounded(c: &mut Criterion) {
    let zero = BoundedTable::build(0, 12).expect("solves");
    assert_eq!(zero.start(12), Some(zero_memory_first_player_wins(12)));
    let mut g = c.benchmark_group("solve/memory-bounded/optimized");
    g.sample_size(10);
    for m in [2, 4, 6] {
        g.bench_function(format!("M{m}-N12"), |b| {
            b.iter(|| BoundedTable::build(black_box(m), black_box(12)).expect("solves"))
        });
    }
    // The target's whole table: every M ≤ 6, every start N ≤ 12.
    g.bench_function("M0to6-N12", |b| {
        b.iter(|| {
            (0..=6)
                .map(|m| BoundedTable::build(black_box(m), black_box(12)).expect("solves"))
                .collect::<Vec<_>>()
        })
    });
    g.finish();
}

/// `memory --variant bounded --memory M --n N --draws` (README "Bounded
/// memory: the draw probability"): the table with every state's draw
/// interval over optimal plans (SPEC.md "Bounded memory: the draw
/// probability"). Each run checks the README's M = 4, N = 4 interval.
fn bounded_draws(c: &mut Criterion) {
    let table = BoundedTable::build_with_draws(4, 4).expect("solves");
    let q = |p: i64, r: i64| BigRational::new(p.into(), r.into());
    assert_eq!(table.start_draw(4), Some((q(3, 7), q(16, 35))));
    let mut g = c.benchmark_group("solve/memory-bounded-draws/optimized");
    g.sample_size(10);
    for m in [4, 5, 6] {
        g.bench_function(format!("M{m}-N12"), |b| {
            b.iter(|| {
                let table =
                    BoundedTable::build_with_draws(black_box(m), black_box(12)).expect("solves");
                table.start_draw(12)
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bounded, bounded_draws);
criterion_main!(benches);
