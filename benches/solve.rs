//! One bench template over the common face (`solved_games::games::Game`):
//! ids `solve/<game>/<naive|optimized>/<size>`, both solvers on the same
//! instances. Before timing, each instance is solved by both solvers and
//! the two values compared; every timed answer is then asserted equal to
//! that value, so a bench that measures a wrong answer stops.
//!
//! Run `cargo bench --bench solve`; a quick check of the assertions without
//! timing is `cargo bench --bench solve -- --test`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use solved_games::games::geister::face::Geister;
use solved_games::games::memory::face::Memory;
use solved_games::games::nim::face::Nim;
use solved_games::games::stones::face::StoneGames;
use solved_games::games::yen::face::Yen;
use solved_games::games::{Game, Solver};
use std::hint::black_box;

/// Times both solvers of `G` on each `(size label, instance)`.
fn bench_game<G: Game>(c: &mut Criterion, cases: &[(&str, &str)]) {
    let mut group = c.benchmark_group(format!("solve/{}", G::NAME));
    group.sample_size(10);
    for &(size, text) in cases {
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

fn solve(c: &mut Criterion) {
    // Size labels: piles x largest pile; game and stones; pairs n; the
    // analysis; T and R.
    bench_game::<Nim>(c, &[("3x9", "999"), ("3x49", "49,49,49")]);
    bench_game::<StoneGames>(
        c,
        &[
            ("game1-20", "1: 3,1,4,1,5,9,2,6,5,3,5,8,9,7,9,3,2,3,8,4"),
            ("game4-20", "4: 3,1,4,1,5,9,2,6,5,3,5,8,9,7,9,3,2,3,8,4"),
            ("game5-8", "5: 3,1,4,1,5,9,2,6 / 2,7,1,8,2,8,1,8"),
        ],
    );
    bench_game::<Memory>(c, &[("N6", "F(6,0,0)"), ("N8", "F(8,0,0)")]);
    bench_game::<Geister>(c, &[("basic", "basic b1,c1/b4,c4 1")]);
    bench_game::<Yen>(
        c,
        &[("T6R6", "6,6: 6,6,6,0"), ("T10R10", "10,10: 10,10,10,0")],
    );
}

criterion_group!(benches, solve);
criterion_main!(benches);
