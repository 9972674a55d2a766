//! Mini-Geister benches (document 003). Targets from the issue: the §3
//! analysis under 2 ms, the full-information table (2,184,000 positions)
//! under 0.5 s, every analysis together under 1 s; and the naive sweeps
//! against the retrograde engine on the same analysis, with the tables it
//! reads built beforehand for both (the naive full-information table takes
//! about a minute and is timed once by hand, see README).

use criterion::{criterion_group, criterion_main, Criterion};
use solved_games::games::geister::analysis::Kind;
use solved_games::games::geister::{naive, optimized, play};
use std::collections::BTreeMap;

fn analyses(c: &mut Criterion) {
    let mut solved = BTreeMap::new();
    for kind in Kind::ALL {
        optimized::solve_into(kind, &mut solved);
    }
    let mut g = c.benchmark_group("geister");
    g.sample_size(10);
    for kind in Kind::ALL {
        let analysis = play::analysis_of(kind, &solved);
        g.bench_function(format!("engine/{kind}"), |b| {
            b.iter(|| optimized::Table::solve(&analysis).solution.values.len())
        });
        // Naive sweeps take seconds on the larger tables; keep the small ones.
        if optimized::Table::solve(&analysis).space.len() <= 100_000 && kind != Kind::Det {
            g.bench_function(format!("naive/{kind}"), |b| {
                b.iter(|| naive::sweep(&analysis).entries.len())
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
