//! `solved-games reproduce`: recompute every published claim and print the
//! table. Exit status 1 if any claim FAILs (ERRATUM does not fail the run).

use super::progress::Bar;
use super::table::{self, Column};
use super::{print_json, CliError, Outcome};
use serde::Serialize;
use solved_games::claims::{self, GameId, Status, Verdict};
use solved_games::progress::Progress;
use std::io::Write;
use std::time::Instant;

/// Options of `solved-games reproduce`.
#[derive(clap::Args)]
pub struct Args {
    /// Only this game's claims (nim, stones, memory, geister, yen); repeatable.
    #[arg(long = "game", value_name = "NAME")]
    games: Vec<String>,
    /// Only the claim with this id (e.g. NIM-003); repeatable.
    #[arg(long = "id", value_name = "ID")]
    ids: Vec<String>,
    /// Print one JSON document instead of the table.
    #[arg(long)]
    json: bool,
    /// List the selected claims without computing them.
    #[arg(long)]
    list: bool,
}

const COLUMNS: [Column; 8] = [
    Column {
        header: "ID",
        width: 8,
    },
    Column {
        header: "SOURCE",
        width: 14,
    },
    Column {
        header: "STATEMENT",
        width: 46,
    },
    Column {
        header: "EXPECTED",
        width: 18,
    },
    Column {
        header: "COMPUTED",
        width: 18,
    },
    Column {
        header: "NAIVE=OPT",
        width: 11,
    },
    Column {
        header: "STATUS",
        width: 7,
    },
    Column {
        header: "MS",
        width: 9,
    },
];

#[derive(Serialize)]
struct JsonClaim<'a> {
    id: &'a str,
    game: GameId,
    source: &'a str,
    statement: &'a str,
    expected: &'a str,
    computed: &'a str,
    naive: Option<&'a str>,
    /// Where the naive solver checks only part of the claim: that part
    /// (`naive` is then its result there, compared with the optimized
    /// solver's on the same part).
    naive_scope: Option<&'a str>,
    agree: Option<bool>,
    pass: bool,
    status: Status,
    /// The correct value of an erratum (null for other claims).
    corrected: Option<&'a str>,
    /// What the computed value was judged from (limits, rates, growth).
    measured: Option<&'a str>,
    /// Why the document's value is wrong, built from the computed data.
    reason: Option<&'a str>,
    /// The same reason under its earlier name, for readers of older output.
    erratum: Option<&'a str>,
    ms: f64,
}

#[derive(Serialize)]
struct JsonReport<'a> {
    claims: Vec<JsonClaim<'a>>,
    passed: usize,
    failed: usize,
    errata: usize,
}

fn select(args: &Args) -> Result<Vec<claims::Claim>, CliError> {
    let mut games = Vec::new();
    for name in &args.games {
        let game = GameId::from_name(name).ok_or_else(|| {
            CliError::Input(format!(
                "--game: unknown game `{name}` (expected one of: nim, stones, memory, geister, yen)"
            ))
        })?;
        games.push(game);
    }
    let mut selected: Vec<_> = claims::all()
        .into_iter()
        .filter(|c| games.is_empty() || games.contains(&c.game))
        .filter(|c| args.ids.is_empty() || args.ids.iter().any(|id| id.eq_ignore_ascii_case(c.id)))
        .collect();
    for id in &args.ids {
        if claims::by_id(&id.to_uppercase()).is_none() {
            return Err(CliError::Input(format!(
                "--id: no claim `{id}` (see `solved-games reproduce --list`)"
            )));
        }
    }
    selected.sort_by_key(|c| c.game);
    if selected.is_empty() {
        return Err(CliError::Input("no claims match the filters".into()));
    }
    Ok(selected)
}

/// `yes`, `NO` or `n/a`, with the part the naive solver checked where it
/// reaches only part of the claim (`yes (n ≤ 8)`).
fn agree_cell(v: &Verdict) -> String {
    let word = match v.agree {
        Some(true) => "yes",
        Some(false) => "NO",
        None => "n/a",
    };
    match &v.evidence.naive_scope {
        Some(scope) => format!("{word} ({})", scope.part),
        None => word.to_string(),
    }
}

/// The computed value, and what it was judged from where that differs.
fn computed_cell(v: &Verdict) -> String {
    match &v.evidence.measured {
        Some(m) => format!("{} ({m})", v.evidence.computed),
        None => v.evidence.computed.clone(),
    }
}

pub fn run(args: Args) -> Outcome {
    let selected = select(&args)?;
    if args.list {
        for c in &selected {
            println!("{}\t{}\t{}\t{}", c.id, c.source, c.statement, c.expected);
        }
        return Ok(true);
    }
    let start = Instant::now();
    let mut verdicts = Vec::with_capacity(selected.len());
    let mut out = std::io::stdout().lock();
    if !args.json {
        write!(out, "{}", table::header(&COLUMNS))?;
    }
    // Some claims take seconds (the Mini-Geister sweeps run every analysis
    // for the first of them): say which one runs and how many are left, on a
    // terminal only, so that logs and pipes get the table and nothing else.
    let bar = Bar::stderr();
    bar.begin("claims", Some(selected.len() as u64));
    for claim in &selected {
        bar.note(&format!("{} {}", claim.id, claim.statement));
        let v = claim.check();
        bar.advance(1);
        if !args.json {
            let cells = [
                v.claim.id.to_string(),
                v.claim.source.to_string(),
                v.claim.statement.to_string(),
                v.claim.expected.to_string(),
                computed_cell(&v),
                agree_cell(&v),
                v.status.label().to_string(),
                format!("{:.1}", v.millis),
            ];
            write!(out, "{}", table::row(&COLUMNS, &cells))?;
            out.flush()?;
        }
        verdicts.push(v);
    }
    let count = |s: Status| verdicts.iter().filter(|v| v.status == s).count();
    let (passed, errata, failed) = (
        count(Status::Pass),
        count(Status::Erratum),
        count(Status::Fail),
    );
    if args.json {
        let claims = verdicts
            .iter()
            .map(|v| JsonClaim {
                id: v.claim.id,
                game: v.claim.game,
                source: v.claim.source,
                statement: v.claim.statement,
                expected: v.claim.expected,
                computed: &v.evidence.computed,
                naive: v.evidence.naive.as_deref(),
                naive_scope: v.evidence.naive_scope.as_ref().map(|s| s.part.as_str()),
                agree: v.agree,
                pass: v.status.passed(),
                status: v.status,
                corrected: v.claim.erratum.map(|e| e.corrected),
                measured: v.evidence.measured.as_deref(),
                reason: v.evidence.reason.as_deref(),
                erratum: v.claim.erratum.and(v.evidence.reason.as_deref()),
                ms: (v.millis * 1000.0).round() / 1000.0,
            })
            .collect();
        print_json(&JsonReport {
            claims,
            passed,
            failed,
            errata,
        })?;
    } else {
        let naive_run = verdicts.iter().filter(|v| v.agree.is_some()).count();
        writeln!(out)?;
        writeln!(
            out,
            "{} claims: {passed} PASS, {errata} ERRATUM, {failed} FAIL; naive solver run on {naive_run} \
             (all agree: {}); {:.2} s",
            verdicts.len(),
            if verdicts.iter().all(|v| v.agree != Some(false)) { "yes" } else { "NO" },
            start.elapsed().as_secs_f64()
        )?;
        for v in verdicts.iter().filter(|v| v.status == Status::Erratum) {
            writeln!(
                out,
                "ERRATUM {}: the document prints {}, {} {}{} (SPEC.md, Errata)",
                v.claim.id,
                v.claim.expected,
                if v.evidence.naive.is_some() {
                    "both solvers give"
                } else {
                    "the computation gives"
                },
                v.evidence.computed,
                v.evidence
                    .reason
                    .as_deref()
                    .map(|r| format!(" — {r}"))
                    .unwrap_or_default()
            )?;
        }
        for v in verdicts.iter().filter(|v| v.status == Status::Fail) {
            writeln!(
                out,
                "FAIL {}: expected {}, optimized {}, naive {}",
                v.claim.id,
                v.wanted(),
                v.evidence.computed,
                v.evidence.naive.as_deref().unwrap_or("not run")
            )?;
        }
    }
    Ok(failed == 0)
}
