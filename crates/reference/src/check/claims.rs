//! Claims that run the tools users check their own work with (SPEC.md,
//! "Claims that run the tools"): `check` on the example solvers of
//! examples/solvers/ (each right one passes, each subtly wrong one is
//! caught and shrunk to its stated counterexample), on programs that
//! misbehave (each gets its fault's verdict), and `check-table` on an
//! exported table and on damaged copies of it (each gets its verdict).
//!
//! Every claim here is computed, not from the documents: its question is
//! "does the tool say what it must?". They sit with `check` (above the
//! registry, which they extend: the facade composes them after each game's
//! claims) and run the library's functions, not the binary. The solvers
//! are the files of examples/solvers/, built in and written to a temporary
//! directory, and run with `python3`: where it cannot be started the
//! claims FAIL with `not run: …` (never a PASS for a check that did not
//! run). Each costs well under a few seconds.

use super::program::Program;
use super::{run, Plan, SolverCheck, Subject};
use crate::claims::{Claim, Evidence, GameId};
use crate::games::{
    geister::face::Geister, memory::face::Memory, nim::face::Nim, stones::face::StoneGames,
    yen::face::Yen, Solver,
};
use crate::table::{self, check as table_check};
use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// The solvers of examples/solvers/ the claims run, by file name.
const SOLVERS: [(&str, &str); 12] = [
    (
        "nim.py",
        include_str!("../../../../examples/solvers/nim.py"),
    ),
    (
        "nim_wrong.py",
        include_str!("../../../../examples/solvers/nim_wrong.py"),
    ),
    (
        "stones.py",
        include_str!("../../../../examples/solvers/stones.py"),
    ),
    (
        "stones1_wrong.py",
        include_str!("../../../../examples/solvers/stones1_wrong.py"),
    ),
    (
        "stones2_wrong.py",
        include_str!("../../../../examples/solvers/stones2_wrong.py"),
    ),
    (
        "stones3_wrong.py",
        include_str!("../../../../examples/solvers/stones3_wrong.py"),
    ),
    (
        "stones4_wrong.py",
        include_str!("../../../../examples/solvers/stones4_wrong.py"),
    ),
    (
        "stones5_wrong.py",
        include_str!("../../../../examples/solvers/stones5_wrong.py"),
    ),
    (
        "memory.py",
        include_str!("../../../../examples/solvers/memory.py"),
    ),
    (
        "memory_wrong.py",
        include_str!("../../../../examples/solvers/memory_wrong.py"),
    ),
    (
        "geister_wrong.py",
        include_str!("../../../../examples/solvers/geister_wrong.py"),
    ),
    (
        "yen_wrong.py",
        include_str!("../../../../examples/solvers/yen_wrong.py"),
    ),
];

/// How long a program may stay silent (`check`'s default).
const TIMEOUT: Duration = Duration::from_secs(10);

/// The solvers written to a temporary directory (removed when dropped),
/// once `python3` is known to start; `not run: …` otherwise.
fn solvers() -> Result<tempfile::TempDir, String> {
    let python = Command::new("python3").arg("--version").output();
    if !python.is_ok_and(|out| out.status.success()) {
        return Err(
            "not run: `python3 --version` does not run, and these claims run examples/solvers/ with it"
                .to_string(),
        );
    }
    let dir = tempfile::Builder::new()
        .prefix("solved-games-claims-")
        .tempdir()
        .map_err(|e| format!("not run: no temporary directory: {e}"))?;
    for (name, text) in SOLVERS {
        std::fs::write(dir.path().join(name), text)
            .map_err(|e| format!("not run: cannot write {name}: {e}"))?;
    }
    Ok(dir)
}

/// `program` with `args`, as `cmd:` names it.
fn program(program: &str, args: &[&str], timeout: Duration) -> Program {
    Program {
        program: program.to_string(),
        args: args.iter().map(ToString::to_string).collect(),
        timeout,
    }
}

/// `check` of `G`'s table `params` (`None`: the default) on `python3
/// FILE ARGS…` in `dir`, with `check`'s defaults or the sizes and random
/// count given.
fn check_python<G: Subject>(
    dir: &Path,
    file: &str,
    args: &[String],
    params: Option<&str>,
    sizes: Option<(u64, u64)>,
    random: usize,
) -> Result<SolverCheck, String> {
    let path = dir.join(file).display().to_string();
    let mut words = vec![path.as_str()];
    words.extend(args.iter().map(String::as_str));
    let plan = Plan {
        params: params.map(ToString::to_string),
        sizes,
        random,
        seed: 1,
        bench: false,
    };
    run::<G>(&plan, &program("python3", &words, TIMEOUT))
        .map_err(|e| format!("{file}: cannot check: {e}"))
}

/// What a report of a wrong solver shows, by the optimized solver's values
/// or the naive one's: the shrunk counterexample, the program's answer and
/// the value, the smallest failing size and the shrinking steps; or the
/// verdict, where it is not `wrong`.
fn caught(report: &SolverCheck, naive: bool) -> String {
    let size = report.per_size.iter().find(|s| s.wrong > 0);
    match (&report.counterexample, size) {
        (Some(c), Some(size)) if report.verdict == "wrong" => {
            let s = &c.shrunk;
            let value = if naive { &s.naive } else { &s.optimized };
            format!(
                "{} → {}, not {} (size {}, {} steps)",
                s.instance,
                s.program.replace('\t', " "),
                value.replace('\t', " "),
                size.size,
                c.steps
            )
        }
        _ => verdict(report),
    }
}

/// The report's verdict, with its fault if any.
fn verdict(report: &SolverCheck) -> String {
    match &report.fault {
        Some(fault) => format!("{} ({fault})", report.verdict),
        None => report.verdict.clone(),
    }
}

/// Evidence of a right solver `right` (if any) and a wrong one `wrong` of
/// `G`'s table `params`: the right one's verdict, then what the wrong
/// one's report shows by each solver.
fn right_and_wrong<G: Subject>(right: Option<&str>, wrong: &str, params: Option<&str>) -> Evidence {
    let dir = match solvers() {
        Ok(dir) => dir,
        Err(e) => return Evidence::optimized_only(e),
    };
    let mut head = String::new();
    if let Some(right) = right {
        match check_python::<G>(dir.path(), right, &[], params, None, 20) {
            Ok(report) => head = format!("{}; ", verdict(&report)),
            Err(e) => return Evidence::optimized_only(e),
        }
    }
    match check_python::<G>(dir.path(), wrong, &[], params, None, 20) {
        Ok(report) => Evidence::both(
            format!("{head}{}", caught(&report, false)),
            format!("{head}{}", caught(&report, true)),
        )
        .measured(format!(
            "{wrong}: {} instances, {} wrong",
            report.instances, report.wrong
        )),
        Err(e) => Evidence::optimized_only(e),
    }
}

/// Writes the tables `(game, params)` to `dir` (optimized solver); their
/// paths.
fn export_to(dir: &Path, tables: &[(&str, String)]) -> Result<Vec<String>, String> {
    let kinds = table::kinds();
    let mut paths = Vec::new();
    for (game, params) in tables {
        let path = dir.join(format!("{game} {params}.tsv").replace([' ', '='], "_"));
        let file = std::fs::File::create(&path).map_err(|e| format!("{e}"))?;
        match table::export_named(&kinds, game, params, Solver::Optimized, file) {
            Ok(Ok(_)) => {}
            Ok(Err(e)) => return Err(format!("{game} {params}: {e}")),
            Err(e) => return Err(format!("{game} {params}: {e:?}")),
        }
        paths.push(path.display().to_string());
    }
    Ok(paths)
}

/// GEI-904 and YEN-905: a wrong solver that answers from tables `export`
/// wrote (`tables`, given as its arguments).
fn table_backed<G: Subject>(
    wrong: &str,
    tables: &[(&str, String)],
    params: &str,
    sizes: Option<(u64, u64)>,
    random: usize,
) -> Evidence {
    let dir = match solvers() {
        Ok(dir) => dir,
        Err(e) => return Evidence::optimized_only(e),
    };
    let files = match export_to(dir.path(), tables) {
        Ok(files) => files,
        Err(e) => return Evidence::optimized_only(format!("cannot export: {e}")),
    };
    match check_python::<G>(dir.path(), wrong, &files, Some(params), sizes, random) {
        Ok(report) => {
            Evidence::both(caught(&report, false), caught(&report, true)).measured(format!(
                "{wrong}: {} instances, {} wrong",
                report.instances, report.wrong
            ))
        }
        Err(e) => Evidence::optimized_only(e),
    }
}

/// The programs of NIM-903, each misbehaving in one way: (what it does,
/// the program and its arguments, the timeout in seconds).
const FAULTS: [(&str, &[&str], f64); 6] = [
    ("prints nothing", &["sh", "-c", "cat >/dev/null"], 10.0),
    ("prints before it reads", &["yes", "win"], 10.0),
    (
        "answers in another notation",
        &["sh", "-c", "while read l; do echo maybe; done"],
        10.0,
    ),
    (
        "answers everything right, then fails",
        &["sh", "-c", "python3 \"$0\"; exit 3", "nim.py"],
        10.0,
    ),
    (
        "stops after one answer",
        &["sh", "-c", "read l; echo loss; exec sleep 0.05"],
        10.0,
    ),
    ("never answers", &["sh", "-c", "exec sleep 30"], 0.3),
];

/// NIM-903: each program of [`FAULTS`] checked on Nim's default table.
fn faults() -> Evidence {
    let dir = match solvers() {
        Ok(dir) => dir,
        Err(e) => return Evidence::optimized_only(e),
    };
    let mut verdicts = Vec::new();
    let mut measured = Vec::new();
    for (what, words, seconds) in FAULTS {
        let mut words: Vec<String> = words.iter().map(ToString::to_string).collect();
        if let Some(file) = words.get_mut(3) {
            *file = dir.path().join(file.as_str()).display().to_string();
        }
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        let program = program(words[0], &words[1..], Duration::from_secs_f64(seconds));
        let plan = Plan {
            params: None,
            sizes: None,
            random: 20,
            seed: 1,
            bench: false,
        };
        match run::<Nim>(&plan, &program) {
            Ok(report) => {
                verdicts.push(report.verdict.clone());
                measured.push(format!("{what}: {} wrong", report.wrong));
            }
            Err(e) => verdicts.push(format!("{what}: cannot check: {e}")),
        }
    }
    Evidence::optimized_only(verdicts.join(", ")).measured(measured.join("; "))
}

/// NIM-904: `check-table` (the library's steps: read the text, check the
/// rows with both solvers, compare the manifest, judge) on Nim's table of
/// 3 piles of ≤ 4 and on damaged copies of it.
fn check_table() -> Evidence {
    let kinds = table::kinds();
    let mut bytes = Vec::new();
    let manifest = match table::export_named(
        &kinds,
        "nim",
        "piles=3 max=4",
        Solver::Optimized,
        &mut bytes,
    ) {
        Ok(Ok(m)) => m,
        Ok(Err(e)) => return Evidence::optimized_only(e),
        Err(e) => return Evidence::optimized_only(format!("{e:?}")),
    };
    let verdict = |bytes: Vec<u8>, manifest: Option<&table::Manifest>| -> String {
        let text = match table_check::text_of(bytes) {
            Ok(text) => text,
            Err(table_check::CheckError::Malformed { .. }) => return "malformed".to_string(),
            Err(e) => return format!("unread ({e})"),
        };
        match table_check::check(&kinds, &text, true) {
            Ok(mut report) => {
                report.manifest = manifest.map(|m| table_check::ManifestCheck {
                    file: "the export's".to_string(),
                    mismatches: table_check::manifest_mismatches(m, &text, &report),
                });
                report.judge(false);
                report.verdict.word().to_string()
            }
            Err(table_check::CheckError::Malformed { .. }) => "malformed".to_string(),
            Err(e) => format!("unread ({e})"),
        }
    };
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let lines: Vec<&str> = text.lines().collect();
    let joined = |lines: &[&str]| lines.iter().map(|l| format!("{l}\n")).collect::<String>();
    // Row 000 (line 3) is a loss; the last row is 444.
    let mut changed = lines.clone();
    changed[2] = "000\twin";
    let last = lines.len() - 1;
    let stranger = lines[last].replacen("444", "445", 1);
    let mut not_instance = lines.clone();
    not_instance[last] = &stranger;
    let cut_rows = joined(&lines[..lines.len() - 25]);
    let cut_mid = text[..text.len() - 3].to_string();
    let mut gz = table::gzip(Vec::new());
    let gzipped = std::io::Write::write_all(&mut gz, text.as_bytes())
        .and_then(|()| gz.finish())
        .unwrap_or_default();
    let gz_cut = gzipped[..gzipped.len() / 2].to_vec();
    let deleted = joined(&[&lines[..3], &lines[4..]].concat());
    let cases: [(&str, Vec<u8>, Option<&table::Manifest>); 7] = [
        ("intact, with its manifest", bytes.clone(), Some(&manifest)),
        ("a value changed", joined(&changed).into_bytes(), None),
        (
            "a row not an instance",
            joined(&not_instance).into_bytes(),
            None,
        ),
        (
            "cut at a line's end, with its manifest",
            cut_rows.into_bytes(),
            Some(&manifest),
        ),
        ("cut inside a line", cut_mid.into_bytes(), None),
        ("its gzip cut in half", gz_cut, None),
        ("a row deleted", deleted.into_bytes(), None),
    ];
    let said: Vec<String> = cases
        .into_iter()
        .map(|(what, bytes, manifest)| format!("{what} {}", verdict(bytes, manifest)))
        .collect();
    Evidence::optimized_only(said.join(", ")).measured(format!(
        "{} rows of nim piles=3 max=4, {} bytes gzipped",
        manifest.rows,
        gzipped.len()
    ))
}

const fn tool(
    id: &'static str,
    game: GameId,
    source: &'static str,
    statement: &'static str,
    expected: &'static str,
    compute: fn() -> Evidence,
) -> Claim {
    Claim {
        id,
        game,
        source,
        statement,
        expected,
        erratum: None,
        compute,
    }
}

/// The question every claim here answers.
macro_rules! tool_statement {
    ($what:literal) => {
        concat!(
            "Computed, not from the document (does the tool say what it must?): ",
            $what
        )
    };
}

/// Nim: `check` on the right and the wrong solver, on misbehaving
/// programs, and `check-table`.
pub const NIM: &[Claim] = &[
    tool(
        "NIM-902",
        GameId::Nim,
        "002 §38.4",
        tool_statement!("`check` passes examples/solvers/nim.py and catches nim_wrong.py (a move takes at most 8 stones), its first failure shrunk to the counterexample tests/data/wrong-solvers.tsv states: the program's answer, not the value (smallest failing size, shrinking steps)"),
        "pass; 009 → loss, not win (size 9, 0 steps)",
        || right_and_wrong::<Nim>(Some("nim.py"), "nim_wrong.py", None),
    ),
    tool(
        "NIM-903",
        GameId::Nim,
        "002 §38.4",
        tool_statement!("`check` gives each misbehaving program its fault's verdict: one that prints nothing, one that prints before it reads, one that answers in another notation, one that answers every instance right and exits 3, one that stops after one answer, one that never answers (0.3 s timeout)"),
        "too_few_lines, too_many_lines, garbage, crashed, too_few_lines, timeout",
        faults,
    ),
    tool(
        "NIM-904",
        GameId::Nim,
        "002 §38.4",
        tool_statement!("`check-table` (with both solvers) passes the exported table of 3 piles of ≤ 4 with its manifest, and gives each damaged copy its verdict: a value changed, a row that is no instance of the table, the rows cut at a line's end (its manifest beside it), the text cut inside a line, its gzip cut in half, a row deleted"),
        "intact, with its manifest PASS, a value changed FAIL, a row not an instance FAIL, cut at a line's end, with its manifest FAIL, cut inside a line malformed, its gzip cut in half malformed, a row deleted INCOMPLETE",
        check_table,
    ),
];

/// The stone games: `check` on stones.py and each game's wrong solver.
pub const STONES: &[Claim] = &[
    tool(
        "STO-906",
        GameId::Stones,
        "001 Game 1",
        tool_statement!("`check` passes examples/solvers/stones.py on Game 1 and catches stones1_wrong.py (on an even number of stones, the better of the odd and even splits), shrunk to the counterexample tests/data/wrong-solvers.tsv states"),
        "pass; 1: 2,1,2,3 → 0, not 2 (size 4, 0 steps)",
        || right_and_wrong::<StoneGames>(Some("stones.py"), "stones1_wrong.py", Some("game=1")),
    ),
    tool(
        "STO-907",
        GameId::Stones,
        "001 Game 2",
        tool_statement!("`check` passes examples/solvers/stones.py on Game 2 and catches stones2_wrong.py (a greedy rule, take the smaller end), shrunk to the counterexample tests/data/wrong-solvers.tsv states"),
        "pass; 2: 2,1,2,2 → 3, not 4 (size 4, 0 steps)",
        || right_and_wrong::<StoneGames>(Some("stones.py"), "stones2_wrong.py", Some("game=2")),
    ),
    tool(
        "STO-908",
        GameId::Stones,
        "001 Game 3",
        tool_statement!("`check` passes examples/solvers/stones.py on Game 3 and catches stones3_wrong.py (1 or 2 stones, never 3), shrunk to the counterexample tests/data/wrong-solvers.tsv states"),
        "pass; 3: 1,1,1 → 1, not 3 (size 3, 0 steps)",
        || right_and_wrong::<StoneGames>(Some("stones.py"), "stones3_wrong.py", Some("game=3")),
    ),
    tool(
        "STO-909",
        GameId::Stones,
        "001 Game 4",
        tool_statement!("`check` passes examples/solvers/stones.py on Game 4 and catches stones4_wrong.py (M becomes X, not max(M, X)), its first failure 4: 2,3,3,3,3,3,4,4,4 shrunk to the counterexample tests/data/wrong-solvers.tsv states"),
        "pass; 4: 1,1,1,1,1,1,1,3 → 0, not 2 (size 9, 10 steps)",
        || right_and_wrong::<StoneGames>(Some("stones.py"), "stones4_wrong.py", Some("game=4")),
    ),
    tool(
        "STO-910",
        GameId::Stones,
        "001 Game 5",
        tool_statement!("`check` passes examples/solvers/stones.py on Game 5 and catches stones5_wrong.py (greedy by its own values), shrunk to the counterexample tests/data/wrong-solvers.tsv states"),
        "pass; 5: 1,1 / 1,2 → -1, not 0 (size 2, 0 steps)",
        || right_and_wrong::<StoneGames>(Some("stones.py"), "stones5_wrong.py", Some("game=5")),
    ),
];

/// Memory: `check` on memory.py and memory_wrong.py.
pub const MEMORY: &[Claim] = &[tool(
    "MEM-902",
    GameId::Memory,
    "004 §2.2",
    tool_statement!("`check` passes examples/solvers/memory.py on n ≤ 8 and catches memory_wrong.py (after a first 1, never a known card second) at the state §2.2 miscomputes, the counterexample tests/data/wrong-solvers.tsv states"),
    "pass; F(3,0,1) → 2/5, not 13/30 (size 3, 0 steps)",
    || right_and_wrong::<Memory>(Some("memory.py"), "memory_wrong.py", Some("n=8")),
)];

/// Geister: `check` on geister_wrong.py, which answers from the `basic`
/// table.
pub const GEISTER: &[Claim] = &[tool(
    "GEI-904",
    GameId::Geister,
    "003 §3",
    tool_statement!("`check` catches examples/solvers/geister_wrong.py (answering from the exported basic table, a distance two plies long when player 1 has a piece on rank 3), its first failure basic a1,a3/b1,c1 1 shrunk by stepping pieces back to the counterexample tests/check_shrink.rs states"),
    "basic a1,a3/b4,c4 1 → 1 5, not 1 3 (size 4, 6 steps)",
    || {
        table_backed::<Geister>(
            "geister_wrong.py",
            &[("geister", "analysis=basic".to_string())],
            "analysis=basic",
            None,
            20,
        )
    },
)];

/// Yen: `check` on yen_wrong.py, which answers from the tables of every
/// T ≤ 4, R ≤ 3.
pub const YEN: &[Claim] = &[tool(
    "YEN-905",
    GameId::Yen,
    "000 §2",
    tool_statement!("`check` catches examples/solvers/yen_wrong.py (answering from exported tables of every T ≤ 4, R ≤ 3, a mirrored state's value not negated) on T = 4, R = 3, sizes 0..=1 and 6 random states, its random failure 2,3: 2,0,1,-3 shrunk to a smaller game and state, the counterexample tests/check_shrink.rs states"),
    "2,2: 1,0,1,-3 → 1, not -1 (size 2, 2 steps)",
    || {
        let tables: Vec<(&str, String)> = (0..=4)
            .flat_map(|t| (1..=3).map(move |r| ("yen", format!("total={t} rounds={r}"))))
            .collect();
        table_backed::<Yen>(
            "yen_wrong.py",
            &tables,
            "total=4 rounds=3",
            Some((0, 1)),
            6,
        )
    },
)];

/// The claims here of `game`, in registry order: the facade adds them
/// after the game's other claims.
#[must_use]
pub fn for_game(game: GameId) -> &'static [Claim] {
    match game {
        GameId::Nim => NIM,
        GameId::Stones => STONES,
        GameId::Memory => MEMORY,
        GameId::Geister => GEISTER,
        GameId::Yen => YEN,
    }
}
