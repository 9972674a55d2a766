//! The certified 10,000-yen intervals through `export yen-certified` and
//! `check-table` (SPEC.md, "Certified interval tables"): the file holds the
//! exact values, its bytes do not depend on the thread count, and a row is
//! refuted exactly when its interval misses ours. Kept small (T ≤ 12): the
//! whole T ≤ 100 table takes about 90 s.

use num_rational::BigRational;
use solved_games::games::yen::face::{estimated_seconds, Yen, YenQuestion};
use solved_games::games::yen::rules::Rules;
use solved_games::games::{Game, Solver};
use solved_games::table;
use solved_games::yen_certified::table::{parse_bound, EXACT_SECONDS};
use std::process::{Command, Output};

fn run(args: &[&str], threads: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_solved-games"))
        .args(args)
        .env("RAYON_NUM_THREADS", threads)
        .output()
        .expect("the binary runs")
}

fn export(params: &str) -> String {
    let mut text = Vec::new();
    let manifest = table::export_named(
        &solved_games::table_kinds(),
        "yen-certified",
        params,
        Solver::Optimized,
        &mut text,
    )
    .expect("exported")
    .expect("parameters read");
    assert_eq!(manifest.sha256, table::sha256(&text));
    assert_eq!(manifest.rows + 2, text.split(|&b| b == b'\n').count() - 1);
    String::from_utf8(text).unwrap()
}

/// `check-table` on `text` written to a scratch file: exit code and stdout.
fn check(name: &str, text: &str) -> (i32, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    let out = run(&["check-table", path.to_str().unwrap()], "2");
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The rows after the header: (instance, lower, upper) as written.
fn rows(text: &str) -> Vec<(&str, &str, &str)> {
    text.lines()
        .skip(2)
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[0], f[1], f[2])
        })
        .collect()
}

#[test]
fn every_exact_value_lies_in_its_written_interval() {
    // The exact DP reaches T = 8 at R = 4 at once: the whole table, read
    // back from its decimals exactly, against exact values.
    let text = export("total=8 rounds=4");
    let rows = rows(&text);
    assert_eq!(rows[0].0, "1,4: 4,1,1,0");
    assert!(rows.len() > 8, "each start and its states after one round");
    let mut wide = 0;
    for (instance, lower, upper) in rows {
        let question: YenQuestion = instance.parse().unwrap();
        let exact: BigRational = Yen::solve(Solver::Optimized, &question).unwrap();
        let (lower, upper) = (parse_bound(lower).unwrap(), parse_bound(upper).unwrap());
        assert!(lower <= exact && exact <= upper, "{instance}: {exact}");
        wide += usize::from(lower != upper);
    }
    assert!(wide > 0, "some intervals are not points");
}

#[test]
fn the_export_is_the_same_bytes_on_one_and_two_threads_and_checks_clean() {
    let one = run(&["export", "yen-certified", "total=12", "rounds=10"], "1");
    let two = run(&["export", "yen-certified", "total=12", "rounds=10"], "2");
    assert_eq!(one.status.code(), Some(0));
    assert!(one.stdout == two.stdout, "thread counts give other bytes");
    let text = String::from_utf8(one.stdout).unwrap();
    assert!(text.starts_with(
        "# solved-games table\tformat 1\tyen-certified\ttotal=12 rounds=10\ninstance\tlower\tupper\n"
    ));
    let (code, out, err) = check("clean.tsv", &text);
    assert_eq!(code, 0, "{out}{err}");
    let n = rows(&text).len();
    assert!(
        out.contains(&format!(
            "mismatches 0, not instances 0, duplicates 0, coverage {n}/{n}"
        )),
        "{out}"
    );
    assert!(out.contains(
        "intervals disjoint from the certified ones or excluding the exact value 0, meeting them without containing them 0"
    ), "{out}");
}

#[test]
fn a_disjoint_interval_is_wrong_and_a_narrower_one_decided_exactly() {
    let text = export("total=12 rounds=10");
    let rows = rows(&text);
    // Two rows whose certified interval is wider than the outward
    // rounding of its decimals (a few ulps), so that its midpoint lies
    // inside ours however the decimals were rounded.
    let tiny = BigRational::new(1.into(), 1_000_000_000_000_000_i64.into());
    let mut open = rows
        .iter()
        .filter(|(_, l, u)| parse_bound(u).unwrap() - parse_bound(l).unwrap() > tiny);
    let &(moved, lower, upper) = open.next().expect("a wide row");
    let &(narrowed, n_lower, n_upper) = open.next().expect("another");
    let above = parse_bound(upper).unwrap() + BigRational::new(1.into(), 1000.into());
    // A fraction p/q is a bound too: [above, above] lies above ours.
    let wrong = text.replacen(
        &format!("{moved}\t{lower}\t{upper}"),
        &format!("{moved}\t{above}\t{above}"),
        1,
    );
    let (code, out, _) = check("wrong.tsv", &wrong);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("mismatch line ") && out.contains(moved),
        "{out}"
    );
    assert!(
        out.contains("intervals disjoint from the certified ones or excluding the exact value 1,"),
        "{out}"
    );
    // Meeting ours without containing it: decided by the exact value (the
    // exact DP reaches every row of T ≤ 12), wrong exactly when the row's
    // interval misses it.
    let exact = |instance: &str| -> BigRational {
        Yen::solve(Solver::Optimized, &instance.parse::<YenQuestion>().unwrap()).unwrap()
    };
    let middle = (parse_bound(lower).unwrap() + parse_bound(upper).unwrap())
        / BigRational::from_integer(2.into());
    let meeting = text.replacen(
        &format!("{moved}\t{lower}\t{upper}"),
        &format!("{moved}\t{middle}\t{above}"),
        1,
    );
    let (code, out, _) = check("meeting.tsv", &meeting);
    let right = exact(moved) >= middle;
    assert_eq!(code, if right { 0 } else { 1 }, "{out}");
    assert!(out.contains("(decided exactly 1, unconfirmed 0)"), "{out}");
    let mid = (parse_bound(n_lower).unwrap() + parse_bound(n_upper).unwrap())
        / BigRational::from_integer(2.into());
    let narrower = text.replacen(
        &format!("{narrowed}\t{n_lower}\t{n_upper}"),
        &format!("{narrowed}\t{n_lower}\t{mid}"),
        1,
    );
    let (code, out, _) = check("narrower.tsv", &narrower);
    let right = exact(narrowed) <= mid;
    assert_eq!(code, if right { 0 } else { 1 }, "{out}");
    assert!(
        out.contains("compared with the certified, exact solvers"),
        "{out}"
    );
    // A game beyond the table is no instance; an empty interval is no row.
    let beyond = format!("{text}13,10: 10,13,13,0\t0\t0\n");
    let (code, out, _) = check("beyond.tsv", &beyond);
    assert_eq!(code, 1);
    assert!(out.contains("not instances 1"), "{out}");
    let empty = text.replacen(
        &format!("{moved}\t{lower}\t{upper}"),
        &format!("{moved}\t{upper}\t{lower}"),
        1,
    );
    let (code, _, err) = check("empty.tsv", &empty);
    assert_eq!(code, 2);
    assert!(err.starts_with("solved-games: error: ") && err.contains("above upper bound"));
    assert_eq!(err.lines().count(), 1);
}

/// An interval that excludes the exact value but meets ours (the row
/// `3,3: 2,1,3,-2`, exactly 1/2, given [0.5000000000000001, 0.6]) was a
/// PASS counted "unconfirmed" with no line: the exact DP decides it, and it
/// is wrong, named by its line.
#[test]
fn an_interval_excluding_the_exact_value_is_wrong_by_line() {
    let text = export("total=3 rounds=3");
    let (line, row) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.starts_with("3,3: 2,1,3,-2\t"))
        .expect("the row");
    let wrong = text.replacen(row, "3,3: 2,1,3,-2\t0.5000000000000001\t0.6", 1);
    let (code, out, _) = check("excluding.tsv", &wrong);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(&format!(
            "mismatch line {}: 3,3: 2,1,3,-2: file [0.5000000000000001, 0.6]",
            line + 1
        )) && out.contains("exact value 1/2"),
        "{out}"
    );
    assert!(out.ends_with("FAIL\n"), "{out}");
}

/// Beyond the exact DP's reach (a state whose exact solve is estimated
/// at more than a minute: 23 units and 11 rounds left), an interval
/// meeting ours without containing it is UNCONFIRMED (exit 5), listed with
/// its line; not a PASS.
#[test]
fn an_undecidable_interval_is_unconfirmed_with_its_line() {
    let text = export("total=24 rounds=12");
    let rows = rows(&text);
    let tiny = BigRational::new(1.into(), 1_000_000_000_000_000_i64.into());
    let (line, &(instance, lower, upper)) = rows
        .iter()
        .enumerate()
        .find(|(_, (i, l, u))| {
            let q: YenQuestion = i.parse().unwrap();
            let rules = Rules {
                total: q.state.money_a.max(q.state.money_b),
                rounds: q.state.rounds_left,
            };
            estimated_seconds(rules) > EXACT_SECONDS
                && parse_bound(u).unwrap() - parse_bound(l).unwrap() > tiny
        })
        .expect("a wide row beyond the exact DP's reach");
    let mid = (parse_bound(lower).unwrap() + parse_bound(upper).unwrap())
        / BigRational::from_integer(2.into());
    let narrower = text.replacen(
        &format!("{instance}\t{lower}\t{upper}"),
        &format!("{instance}\t{lower}\t{mid}"),
        1,
    );
    let (code, out, _) = check("undecided.tsv", &narrower);
    assert_eq!(code, 5, "{out}");
    assert!(
        out.contains(&format!("unconfirmed line {}: {instance}: ", line + 3))
            && out.ends_with("UNCONFIRMED\n"),
        "{out}"
    );
}
