//! Memory variants of document 004 §4 item 1 (SPEC.md "Memory variants"):
//! the start value of every N ≤ 100 by the count recurrence in integer
//! numerators packed in limbs (target: N = 100 under 10 s on 2 cores, the
//! pairs variant's N⁴ states included). Each run checks its
//! last start against the whole table's where both are cheap (N ≤ 12) and
//! that the first and second players' points and the draw add up.

use criterion::{criterion_group, criterion_main, Criterion};
use num_rational::BigRational;
use solved_games_memory_variants::variants::optimized::VariantTable;
use solved_games_memory_variants::variants::packed::start_values;
use solved_games_memory_variants::variants::Variant;
use std::hint::black_box;

fn check(variant: Variant, pairs: usize) {
    let starts = start_values(variant, pairs);
    let small = VariantTable::build(variant, 12);
    for n in 1..=12.min(pairs) {
        assert_eq!(starts[n - 1], small.start(n), "{variant} N = {n}");
    }
    if !matches!(variant, Variant::Points(_)) {
        // Zero-sum: the two players' points add up to 1.
        let v = &starts[pairs - 1];
        assert_eq!(&v.mover + &v.other, BigRational::from_integer(1.into()));
    }
}

fn variants(c: &mut Criterion) {
    let mut g = c.benchmark_group("solve/memory-variants/optimized");
    g.sample_size(10);
    for (variant, pairs) in [
        (
            Variant::Points(solved_games_memory_variants::variants::TieRule::WorseForOpponent),
            100,
        ),
        (Variant::Paper, 100),
        (Variant::Pairs, 30),
        (Variant::Pairs, 50),
        (Variant::Pairs, 100),
    ] {
        check(variant, pairs);
        g.bench_function(format!("{variant}-{pairs}"), |b| {
            b.iter(|| start_values(black_box(variant), black_box(pairs)))
        });
    }
    g.finish();
}

criterion_group!(benches, variants);
criterion_main!(benches);
