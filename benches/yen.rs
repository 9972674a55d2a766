//! Benches of the 10,000-yen game's referee (document 000): rounds per
//! second with built-in players (target ≥ 10^6) and matches per second with
//! two player programs over pipes (target ≥ 1,000), C players compiled
//! here with `cc` when one exists, shell players otherwise. Each timed
//! series asserts its result: the untimed series' for built-in players, the
//! built-in players' for the programs.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use solved_games::games::yen::players::{Always1000, Hunter, Minus1, Random, Strategy};
use solved_games::games::yen::referee::{BuiltIn, Contestant, Referee};
use solved_games::games::yen::rules::Rules;
use solved_games::games::yen::tournament::PlayerSpec;
use std::path::Path;
use std::time::Duration;

/// Matches per timed series.
const GAMES: u64 = 1000;

fn series(a: &mut dyn Contestant, b: &mut dyn Contestant, games: u64) -> u64 {
    Referee::new(Rules::default())
        .play_series(a, b, games, |_| Ok(()))
        .expect("players start")
        .wins_b
}

type Make = fn() -> Box<dyn Strategy + Send>;

/// The pairs of built-ins timed: name, A, B.
fn pairs() -> [(&'static str, Make, Make); 3] {
    [
        (
            "always1000-minus1",
            || Box::new(Always1000),
            || Box::new(Minus1),
        ),
        (
            "random-random",
            || Box::new(Random::new(1)),
            || Box::new(Random::new(2)),
        ),
        (
            "hunter-random",
            || Box::new(Hunter::new()),
            || Box::new(Random::new(2)),
        ),
    ]
}

fn built_in(c: &mut Criterion) {
    let mut g = c.benchmark_group("yen/referee/built-in");
    g.sample_size(10);
    g.throughput(Throughput::Elements(GAMES * 10));
    for (name, a, b) in pairs() {
        let play = || {
            series(
                &mut BuiltIn::new("a", a()),
                &mut BuiltIn::new("b", b()),
                GAMES,
            )
        };
        // Every timed series must end as an untimed one did (the players
        // are deterministic, Random by its seed).
        let expected = play();
        g.bench_function(BenchmarkId::new("1000-matches", name), |bench| {
            bench.iter(|| assert_eq!(play(), expected, "{name}: the series' result moved"));
        });
    }
    g.finish();
}

/// One match of 100,000 rounds (T = 10^9), each pair of built-ins: the
/// referee and the players' view keep running totals, so the cost is linear
/// in R (it was quadratic: `View::remaining` summed the history every bet).
/// SPEC.md, "The 10,000-yen game" (long matches are linear in the rounds).
fn long_match(c: &mut Criterion) {
    const ROUNDS: u32 = 100_000;
    let mut g = c.benchmark_group("yen/referee/long-match");
    g.sample_size(10);
    g.throughput(Throughput::Elements(u64::from(ROUNDS)));
    let rules = Rules {
        total: 1_000_000_000,
        rounds: ROUNDS,
    };
    for (name, a, b) in pairs().into_iter().take(2) {
        let play = || {
            let mut ca = BuiltIn::new("a", a());
            let mut cb = BuiltIn::new("b", b());
            Referee::new(rules)
                .play_series(&mut ca, &mut cb, 1, |_| Ok(()))
                .expect("players start")
                .wins_b
        };
        let expected = play();
        g.bench_function(BenchmarkId::new("100000-rounds", name), |bench| {
            bench.iter(|| assert_eq!(play(), expected, "{name}: the match's result moved"));
        });
    }
    g.finish();
}

/// `cmd:` for tests/players/NAME.c compiled into the target dir, if cc works.
fn c_player(name: &str) -> Option<String> {
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("yen-bench-{name}"));
    let src = format!("{}/tests/players/{name}.c", env!("CARGO_MANIFEST_DIR"));
    let ok = std::process::Command::new("cc")
        .args(["-O2", "-o", out.to_str()?, &src])
        .status()
        .is_ok_and(|s| s.success());
    ok.then(|| format!("cmd:{}", out.display()))
}

fn pipes(c: &mut Criterion) {
    let mut g = c.benchmark_group("yen/referee/pipes");
    g.sample_size(10);
    g.throughput(Throughput::Elements(GAMES));
    let timeout = Duration::from_secs(2);
    let shell = |name: &str| {
        format!(
            "cmd:sh {}/tests/players/{name}.sh",
            env!("CARGO_MANIFEST_DIR")
        )
    };
    let mut cases = vec![(
        "sh-always1000-vs-minus1",
        shell("always1000"),
        "minus1".to_string(),
    )];
    match (c_player("always1000"), c_player("minus1")) {
        (Some(a), Some(b)) => cases.insert(0, ("c-always1000-vs-c-minus1", a, b)),
        _ => eprintln!("no C compiler: only the shell player is timed"),
    }
    // The programs play what the built-in players play: the same series,
    // the same result.
    let expected = series(
        &mut BuiltIn::new("a", Box::new(Always1000)),
        &mut BuiltIn::new("b", Box::new(Minus1)),
        GAMES,
    );
    for (name, a, b) in cases {
        let (a, b): (PlayerSpec, PlayerSpec) = (a.parse().unwrap(), b.parse().unwrap());
        g.bench_function(BenchmarkId::new("1000-matches", name), |bench| {
            bench.iter(|| {
                let mut ca = a.contestant(1, timeout).unwrap();
                let mut cb = b.contestant(2, timeout).unwrap();
                let wins_b = series(&mut *ca, &mut *cb, GAMES);
                assert_eq!(wins_b, expected, "{name}: not the built-in players' result");
            });
        });
    }
    g.finish();
}

criterion_group!(benches, built_in, long_match, pipes);
criterion_main!(benches);
