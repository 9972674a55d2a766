//! Three players of document 004 §4 item 2 (SPEC.md "Memory variants: three
//! players", "Packed three-player recurrence"): the start of every N ≤ 26
//! (target: under 10 s on 2 cores), ≤ 50 and ≤ 100 (target: the four solves
//! of the claims about 4 s of CPU), max-n and paranoid, by the packed limb
//! recurrence (`three::packed`, what the claims and the CLI call). Each run
//! checks its starts against the `BigInt` reference table's for N ≤ 10 and
//! that the max-n chances add up to 1.

use criterion::{criterion_group, criterion_main, Criterion};
use num_rational::BigRational;
use solved_games_memory_variants::variants::three::optimized::ThreeTable;
use solved_games_memory_variants::variants::three::packed::start_values_under;
use solved_games_memory_variants::variants::three::{Mode, PassRule, ThreeState};
use std::hint::black_box;

fn check(mode: Mode, pairs: usize) {
    let starts = start_values_under(mode, PassRule::FullRound, pairs);
    let small = ThreeTable::build(mode, 10);
    for n in 1..=10.min(pairs) {
        let whole = small.value(ThreeState::start(n)).expect("a start");
        assert_eq!(starts[n - 1], whole, "{mode} N = {n}");
    }
    if let Some(v) = starts[pairs - 1].max_n() {
        let total: BigRational = v.wins.iter().sum::<BigRational>() + &v.draw;
        assert_eq!(total, BigRational::from_integer(1.into()));
    }
}

fn three(c: &mut Criterion) {
    let mut g = c.benchmark_group("solve/memory-three/optimized");
    g.sample_size(10);
    for mode in Mode::ALL {
        for pairs in [26, 50, 100] {
            check(mode, pairs);
            g.bench_function(format!("{mode}-{pairs}"), |b| {
                b.iter(|| {
                    start_values_under(black_box(mode), PassRule::FullRound, black_box(pairs))
                })
            });
        }
        // The other pass rule at the claims' reach.
        g.bench_function(format!("{mode}-two-passes-100"), |b| {
            b.iter(|| start_values_under(black_box(mode), PassRule::TwoInARow, black_box(100)))
        });
    }
    g.finish();
}

criterion_group!(benches, three);
criterion_main!(benches);
