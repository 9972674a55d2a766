//! Mini-Geister benches (document 003). Targets (README's performance table): the
//! full-information table (2,184,000 positions) under 0.15 s, every analysis
//! from scratch under 0.3 s, the §3 analysis under 1 ms, on 2 cores; the
//! retrograde engine over the tables reduced by the left–right mirror
//! (`geister/engine/…`, the default) beside the unreduced ones
//! (`geister/engine-unreduced/…`), each analysis with the tables it reads
//! built beforehand. And the naive sweeps over their own model of the rules,
//! with the tables they read solved by the naive beforehand (the naive
//! full-information table takes seconds and is timed once by hand, see README).

use criterion::{criterion_group, criterion_main, Criterion};
use solved_games::games::geister::analysis::Kind;
use solved_games::games::geister::optimized::{self, Reduction, Table};
use solved_games::games::geister::report::Census;
use solved_games::games::geister::{naive, play};
use std::collections::BTreeMap;

/// Every analysis, solved storing the entries `reduction` says.
fn solve_all(reduction: Reduction) -> BTreeMap<Kind, Table> {
    let mut all = BTreeMap::new();
    for kind in Kind::ALL {
        optimized::solve_into_with(kind, reduction, &mut all);
    }
    all
}

fn engine(c: &mut Criterion) {
    let ways = [
        ("engine", Reduction::LeftRight),
        ("engine-unreduced", Reduction::Unreduced),
    ];
    let solved = ways.map(|(_, reduction)| solve_all(reduction));
    let mut g = c.benchmark_group("geister");
    g.sample_size(10);
    for kind in Kind::ALL {
        // Both ways give the same report; each bench then checks it solved
        // every position.
        let reports = solved.each_ref().map(|s| Census::of(&s[&kind]));
        assert_eq!(reports[0], reports[1], "{kind}");
        for ((name, reduction), tables) in ways.iter().zip(&solved) {
            let analysis = play::analysis_of(kind, tables);
            g.bench_function(format!("{name}/{kind}"), |b| {
                b.iter(|| {
                    let table = Table::solve_with(&analysis, *reduction);
                    assert_eq!(table.len(), reports[0].states);
                    table
                })
            });
        }
    }
    for (name, reduction) in ways {
        g.bench_function(format!("{name}/all-from-scratch"), |b| {
            b.iter(|| {
                let all = solve_all(reduction);
                assert_eq!(all.len(), Kind::ALL.len());
                all
            })
        });
    }
    g.finish();
}

fn naive_sweeps(c: &mut Criterion) {
    let naive_solved = naive::solve_all();
    let mut g = c.benchmark_group("geister");
    g.sample_size(10);
    for kind in Kind::ALL {
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
    g.finish();
}

criterion_group!(benches, engine, naive_sweeps);
criterion_main!(benches);
