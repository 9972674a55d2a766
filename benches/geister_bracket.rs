//! The certificate computation of Mini-Geister's 3-vs-2 bracket (document
//! 003 §6.2; issue target: each under 10 minutes on 2 cores): building the
//! best-response problem of a judged strategy from its solved tables and
//! computing and checking its certificate, per strategy (both turn orders,
//! every responder colouring); the tables are solved beforehand.

use criterion::{criterion_group, criterion_main, Criterion};
use solved_games::games::geister::analysis::Kind;
use solved_games::games::geister::bracket::{judge, SCALE};
use solved_games::solve::endless_mdp::{bounds, check_lower};

fn certificates(c: &mut Criterion) {
    let mut g = c.benchmark_group("geister-bracket");
    g.sample_size(10);
    for kind in [Kind::BbrVsBr, Kind::BrVsBbrHalf] {
        let tables = judge::tables(kind);
        let colours = judge::responder_colours(kind);
        g.bench_function(kind.name(), |b| {
            b.iter(|| {
                for starts in kind.initial() {
                    for army in judge::responder_types(&starts[0], &colours) {
                        let mut p = starts[0];
                        p.p2 = army;
                        let (problem, _) = judge::problem(kind, &tables, &[p]);
                        let bd = bounds(&problem.nodes, SCALE, 1_000_000).unwrap();
                        assert!(check_lower(&problem.nodes, SCALE, &bd.lower));
                    }
                }
            });
        });
    }
    g.finish();
}

criterion_group!(benches, certificates);
criterion_main!(benches);
