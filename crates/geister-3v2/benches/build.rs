//! Building the certificates: the restricted games L and U solved layer by
//! layer, and their strategies' best responses built and certified
//! (`endless_mdp`), per side to move first. Each bench asserts its value.

use criterion::{criterion_group, criterion_main, Criterion};
use solved_games_geister_3v2::fullinfo::FullInfo;
use solved_games_geister_3v2::model::{Continuation, Model, Rules};
use solved_games_geister_3v2::naive::{self, Det};
use solved_games_geister_3v2::q::Q;

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("geister_3v2");
    g.sample_size(10);
    let full = FullInfo::solve();
    let det = Det::solve();
    g.bench_function("solve/full_information", |b| b.iter(FullInfo::solve));
    for (name, rules, want) in [("L", Rules::L, Q::new(1, 3)), ("U", Rules::U, Q::new(1, 2))] {
        g.bench_function(format!("solve/{name}"), |b| {
            b.iter(|| {
                let m = Model::solve(rules, &full, Continuation::Solved).unwrap();
                assert_eq!(m.start_value(true), want);
            });
        });
    }
    let l = Model::solve(Rules::L, &full, Continuation::Solved).unwrap();
    let u = Model::solve(Rules::U, &full, Continuation::Solved).unwrap();
    g.bench_function("certify/L", |b| {
        b.iter(|| {
            for first in [true, false] {
                for r2 in [13, 14] {
                    let c = naive::certify_p1(&l, &det, first, r2);
                    assert!(c.checked && c.exact() == Some(Q::new(1, 3).to_big()));
                }
            }
        });
    });
    g.bench_function("certify/U", |b| {
        b.iter(|| {
            for first in [true, false] {
                for r1 in [1, 2, 5] {
                    let c = naive::certify_p2(&u, &det, first, r1);
                    assert!(c.checked && c.exact() == Some(Q::new(1, 2).to_big()));
                }
            }
        });
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
