//! One bench template over the common face (`solved_games::games::Game`):
//! ids `solve/<game>/<naive|optimized>/<size>`, both solvers on the same
//! instances. Before timing, each instance is solved by both solvers and
//! the two values compared; every timed answer is then asserted equal to
//! that value, so a bench that measures a wrong answer stops.
//!
//! Run `cargo bench --bench solve`; a quick check of the assertions without
//! timing is `cargo bench --bench solve -- --test`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use solved_games::games::{Game, GameId, Shrink, Solver, Table, Visit};
use std::hint::black_box;

/// Times both solvers of `G` on each of its examples (`Game::EXAMPLES`:
/// a size label and an instance).
fn bench_game<G: Game>(c: &mut Criterion) {
    let mut group = c.benchmark_group(format!("solve/{}", G::NAME));
    group.sample_size(10);
    for &(size, text) in G::EXAMPLES {
        let instance: G::Instance = text
            .parse()
            .unwrap_or_else(|e| panic!("{}: {text}: {e}", G::NAME));
        let expected = G::optimized(&instance).expect("within the optimized reach");
        assert_eq!(
            G::naive(&instance).as_ref(),
            Ok(&expected),
            "{}: {text}: naive ≠ optimized",
            G::NAME
        );
        for solver in Solver::BOTH {
            group.bench_with_input(
                BenchmarkId::new(solver.name(), size),
                &instance,
                |b, instance| {
                    b.iter(|| {
                        let value = G::solve(solver, black_box(instance)).expect("solved");
                        assert_eq!(value, expected, "{}: {text}: {solver}", G::NAME);
                    });
                },
            );
        }
    }
    group.finish();
}

/// Every game of the registry, through its face.
fn solve(c: &mut Criterion) {
    struct Bench<'a>(&'a mut Criterion);
    impl Visit for Bench<'_> {
        type Output = ();
        fn visit<G: Table + Shrink + 'static>(self)
        where
            G::Instance: Send + Sync,
            G::Value: Send + Sync,
        {
            bench_game::<G>(self.0);
        }
    }
    for game in GameId::ALL {
        game.visit(Bench(c));
    }
}

criterion_group!(benches, solve);
criterion_main!(benches);
