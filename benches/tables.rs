//! Whole tables (issue: tables out, a table in): `export` of each standard
//! table into memory (text and SHA-256, no file), Memory's n ≤ 100, and
//! `check-table`'s row-by-row check of the whole `det` table.

use criterion::{criterion_group, criterion_main, Criterion};
use solved_games::games::Solver;
use solved_games::table::{self, check};
use std::time::Duration;

fn export(game: &str, params: &str) -> Vec<u8> {
    let mut text = Vec::new();
    table::export_named(
        &solved_games::table_kinds(),
        game,
        params,
        Solver::Optimized,
        &mut text,
    )
    .expect("exported")
    .expect("parameters read");
    text
}

fn tables(c: &mut Criterion) {
    let mut g = c.benchmark_group("tables");
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    for (id, game, params) in [
        ("nim", "nim", "piles=3 max=9"),
        ("stones-game1", "stones", "game=1"),
        ("stones-game5", "stones", "game=5"),
        ("memory", "memory", "n=30"),
        ("geister-basic", "geister", "analysis=basic"),
        ("yen", "yen", "total=10 rounds=10"),
        ("memory-n100", "memory", "n=100"),
        ("geister-det", "geister", "analysis=det"),
    ] {
        g.bench_function(format!("export/{id}"), |b| b.iter(|| export(game, params)));
    }
    let det = String::from_utf8(export("geister", "analysis=det")).unwrap();
    g.bench_function("check/geister-det", |b| {
        b.iter(|| {
            let report = check::check(&solved_games::table_kinds(), &det, false).expect("a table");
            assert!(report.passed() && report.covered == 2_184_000);
        })
    });
    g.finish();
}

criterion_group!(benches, tables);
criterion_main!(benches);
