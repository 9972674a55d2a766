//! Stone-game benches (document 001): naive vs optimized on small rows, and
//! the optimized solvers at the target sizes (Games 1, 2: n = 2,000
//! < 50 ms; Game 3: n = 50,000 < 5 ms; Game 4: n = 100 < 20 ms; Game 5:
//! n = 100,000 < 50 ms).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use solved_games::games::stones::{cost, naive, optimized, Game, Stones};
use std::hint::black_box;

fn row(n: usize, seed: u64) -> Vec<i64> {
    cost::sample_row(n, 1000, seed)
}

fn at_scale(c: &mut Criterion) {
    let mut g = c.benchmark_group("stones");
    g.sample_size(10);
    for (game, n) in [
        (Game::EitherEnd, 2_000),
        (Game::EitherEndRemainder, 2_000),
        (Game::FrontUpToThree, 50_000),
        (Game::FrontDoubling, 100),
    ] {
        let s = Stones::one_valued(row(n, 1)).unwrap();
        g.bench_with_input(
            BenchmarkId::new(format!("optimized/game{}", game.number()), n),
            &s,
            |b, s| {
                b.iter(|| optimized::solve(game, black_box(s)).unwrap());
            },
        );
    }
    let s5 = Stones::two_valued(row(100_000, 1), row(100_000, 2)).unwrap();
    g.bench_with_input(BenchmarkId::new("optimized/game5", 100_000), &s5, |b, s| {
        b.iter(|| optimized::solve(Game::AnyStoneTwoValues, black_box(s)).unwrap());
    });
    for game in Game::ALL {
        let n = if game == Game::AnyStoneTwoValues {
            7
        } else {
            12
        };
        let s = Stones::two_valued(row(n, 3), row(n, 4)).unwrap();
        let s = if game == Game::AnyStoneTwoValues {
            s
        } else {
            Stones::one_valued(row(n, 3)).unwrap()
        };
        g.bench_with_input(
            BenchmarkId::new(format!("naive/game{}", game.number()), n),
            &s,
            |b, s| {
                b.iter(|| naive::solve(game, black_box(s)));
            },
        );
        g.bench_with_input(
            BenchmarkId::new(format!("optimized/game{}", game.number()), n),
            &s,
            |b, s| {
                b.iter(|| optimized::solve(game, black_box(s)).unwrap());
            },
        );
    }
    g.finish();
}

criterion_group!(benches, at_scale);
criterion_main!(benches);
