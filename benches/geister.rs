//! Mini-Geister benches (document 003). Targets from the issue: the §3
//! analysis under 2 ms, the full-information table (2,184,000 positions)
//! under 0.5 s, every analysis together under 1 s; and the naive sweeps
//! against the retrograde engine on the same analysis, with the tables it
//! reads built beforehand for both (the naive full-information table takes
//! seconds and is timed once by hand, see README).

use criterion::{criterion_group, criterion_main, Criterion};
use solved_games::games::geister::analysis::Kind;
use solved_games::games::geister::{naive, optimized, play};
use std::collections::BTreeMap;

fn analyses(c: &mut Criterion) {
    let mut solved = BTreeMap::new();
    for kind in Kind::ALL {
        optimized::solve_into(kind, &mut solved);
    }
    let naive_solved = naive::solve_all();
    let mut g = c.benchmark_group("geister");
    g.sample_size(10);
    for kind in Kind::ALL {
        let analysis = play::analysis_of(kind, &solved);
        g.bench_function(format!("engine/{kind}"), |b| {
            b.iter(|| optimized::Table::solve(&analysis).solution.values.len())
        });
        // The naive sweeps over its own model, the tables it reads solved
        // by itself beforehand; only the tables up to 100,000 positions (the
        // larger ones take seconds per run).
        let naive_analysis = naive::Analysis::named(kind.name()).expect("same analysis names");
        let naive_size = naive_solved
            .table(naive_analysis)
            .map_or(0, naive::Table::len);
        if naive_size <= 100_000 {
            g.bench_function(format!("naive/{kind}"), |b| {
                b.iter(|| naive::sweep::sweep(naive_analysis, &naive_solved).len())
            });
        }
    }
    g.bench_function("engine/all-from-scratch", |b| {
        b.iter(|| {
            let mut all = BTreeMap::new();
            for kind in Kind::ALL {
                optimized::solve_into(kind, &mut all);
            }
            all.len()
        })
    });
    g.finish();
}

criterion_group!(benches, analyses);
criterion_main!(benches);
