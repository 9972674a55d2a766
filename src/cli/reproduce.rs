//! `solved-games reproduce`: recompute every published claim and print the
//! table; optionally also write the run as an HTML page and as JUnit XML.
//! Exit status 1 if any claim FAILs (ERRATUM does not fail the run).
//!
//! A reader that closes standard output (`| head -1`) ends the table, a
//! normal end (exit 0). With `--html` or `--junit` it ends the table only:
//! the run goes on and the files are written in full, since they hold the
//! results; a FAIL found after the table stopped is then one line on
//! standard error and exit 1.

use super::layout::{Column, Layout};
use super::progress::Bar;
use super::{note, report_file, CliError, CommandResult, Out};
use solved_games::claims::{self, GameId, Status, Verdict};
use solved_games::figures;
use solved_games::report::{html, junit, timing, ListedClaim, Meta, Run};
use std::path::{Path, PathBuf};

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
    /// List the selected claims without computing them (with --json: as JSON).
    #[arg(long, conflicts_with_all = ["html", "junit"])]
    list: bool,
    /// Also write the run as one self-contained HTML page: summary, claims,
    /// errata, the documents' figures, naive-versus-optimized timings.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    /// Also write the run as JUnit XML (one test case per claim) for CI dashboards.
    #[arg(long, value_name = "FILE")]
    junit: Option<PathBuf>,
    /// Fit the table into this many columns [default: the terminal's width;
    /// the 140-column layout when standard output is not a terminal]. The
    /// narrowest table is 85 columns (each column keeps a readable minimum):
    /// a smaller COLUMNS gives that.
    #[arg(long, value_name = "COLUMNS", conflicts_with_all = ["json", "list"], value_parser = clap::value_parser!(u16).range(40..))]
    width: Option<u16>,
    /// Also run YEN-114 and YEN-115 where their certificate is missing:
    /// first solve the certified yen table of every T ≤ 200 at R = 10 (about
    /// 5 minutes on 2 cores) and write its certificate (about 4 GB) where
    /// the claims read it, certificates/yen-certified-200-10.cert or
    /// $SOLVED_GAMES_YEN_CERTIFICATE; a killed run continues from its
    /// checkpoint.
    #[arg(long, conflicts_with = "list")]
    full: bool,
    /// The largest T of the table `--full` solves (a smaller one gives a
    /// certificate the claims refuse: for tests of the path).
    #[arg(long, hide = true, requires = "full", default_value_t = solved_games::yen_certified::claims::certificate::TOTAL, value_parser = clap::value_parser!(u64).range(1..=solved_games::yen_certified::claims::certificate::TOTAL))]
    full_total: u64,
}

/// The table's columns: natural widths (the layout of piped output), the
/// narrowest each may become on a small terminal, and how they share the
/// spare width of a wide one.
const COLUMNS: [Column; 8] = [
    Column {
        header: "ID",
        width: 8,
        min: 8,
        grow: 0,
    },
    Column {
        header: "SOURCE",
        width: 14,
        min: 8,
        grow: 0,
    },
    Column {
        header: "STATEMENT",
        width: 46,
        min: 16,
        grow: 3,
    },
    Column {
        header: "EXPECTED",
        width: 18,
        min: 8,
        grow: 1,
    },
    Column {
        header: "COMPUTED",
        width: 18,
        min: 8,
        grow: 2,
    },
    Column {
        header: "NAIVE=OPT",
        width: 9,
        min: 9,
        grow: 0,
    },
    Column {
        header: "STATUS",
        width: 7,
        min: 7,
        grow: 0,
    },
    Column {
        header: "MS",
        width: 9,
        min: 7,
        grow: 0,
    },
];

/// The claims to run, and the ids of the claims read from a certificate
/// file that is not there (named after the run as not run).
fn select(args: &Args) -> Result<(Vec<claims::Claim>, Vec<&'static str>), CliError> {
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
    // The claims read from a certificate file run only where it is; else
    // they are named as not run (SPEC.md, "Claims from a certificate file").
    let wanted = |c: &claims::Claim| {
        (games.is_empty() || games.contains(&c.game))
            && (args.ids.is_empty() || args.ids.iter().any(|id| id.eq_ignore_ascii_case(c.id)))
    };
    let mut not_run = Vec::new();
    let extra: Vec<claims::Claim> = solved_games::yen_certified::claims::certificate::CLAIMS
        .iter()
        .copied()
        .filter(|c| wanted(c))
        .collect();
    if !extra.is_empty() {
        // With --full a missing certificate is made before the run.
        if args.full || solved_games::yen_certified::claims::certificate::present() {
            selected.extend(extra);
        } else {
            not_run = extra.iter().map(|c| c.id).collect();
        }
    }
    selected.sort_by_key(|c| c.game);
    if selected.is_empty() {
        return Err(CliError::Input("no claims match the filters".into()));
    }
    Ok((selected, not_run))
}

/// `reproduce --full` where the certificate of YEN-114 and YEN-115 is
/// missing: the certified table solved and its certificate written before
/// the claims run (said on standard error; a bar on a terminal).
fn produce_certificate(total: u64) -> Result<(), CliError> {
    let file = solved_games::yen_certified::claims::certificate::path();
    note(format_args!(
        "solved-games: --full: solving the certified yen table of every T ≤ {total} at R = {} for {} (about 5 minutes on 2 cores at T ≤ 200); its certificate goes to {}",
        solved_games::yen_certified::claims::certificate::ROUNDS,
        solved_games::yen_certified::claims::certificate::CLAIMS
            .iter()
            .map(|c| c.id)
            .collect::<Vec<_>>()
            .join(", "),
        file.display()
    ));
    solved_games::yen_certified::claims::certificate::produce(total, &Bar::stderr()).map_err(
        |e| match e {
            solved_games::yen_certified::yen::certificate::CertificateError::Io(e) => {
                CliError::io(&file, &e)
            }
            e => CliError::Input(format!("--full: {}: {e}", file.display())),
        },
    )?;
    Ok(())
}

/// `yes`, `NO` or `n/a`, with the part the naive solver checked where it
/// reaches only part of the claim (`yes n ≤ 8`, as written in
/// `naive_scope`): the table wraps it at its spaces, and inside a word only
/// where the word is wider than the column.
fn agree_cell(v: &Verdict) -> String {
    let word = match v.agree {
        Some(true) => "yes",
        Some(false) => "NO",
        None => "n/a",
    };
    match &v.evidence.naive_scope {
        Some(scope) => format!("{word} {}", scope.part),
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

/// The table's layout: `--width`, else the terminal's width, else the
/// natural 140-column layout (pipes and CI logs keep the table they had).
fn layout(width: Option<u16>) -> Layout {
    let terminal = || terminal_size::terminal_size_of(std::io::stdout()).map(|(w, _)| w.0);
    match width.or_else(terminal) {
        Some(w) => Layout::fit(&COLUMNS, usize::from(w)),
        None => Layout::natural(&COLUMNS),
    }
}

/// Standard output for the table, the summary or the JSON. Where the run
/// also writes report files (`keep_going`), a closed standard output stops
/// the printing and not the run: later prints are skipped and `closed`
/// remembers why. Any other failure (a full disk) still ends the run.
struct Printer<'a> {
    out: &'a mut Out,
    keep_going: bool,
    closed: bool,
}

impl Printer<'_> {
    /// Runs `write` on standard output unless it was closed.
    fn print(
        &mut self,
        write: impl FnOnce(&mut Out) -> Result<(), CliError>,
    ) -> Result<(), CliError> {
        if self.closed {
            return Ok(());
        }
        match write(self.out) {
            Err(CliError::ClosedStdout) if self.keep_going => {
                self.closed = true;
                Ok(())
            }
            other => other,
        }
    }
}

fn write_file(flag: &str, path: &Path, contents: &str) -> Result<(), CliError> {
    report_file::write(flag, path, contents)?;
    note(format_args!("solved-games: wrote {}", path.display()));
    Ok(())
}

/// After the table: the summary line, the errata and the failures; with
/// `--json`, the whole run as one JSON document.
fn print_summary(out: &mut Out, args: &Args, run: &Run) -> Result<(), CliError> {
    if args.json {
        out.json(&run.json())?;
    } else {
        let summary = run.summary();
        writeln!(out)?;
        writeln!(
            out,
            "{} {}: {} PASS, {} ERRATUM, {} FAIL; naive solver run on {} (all agree: {}); {:.2} s",
            summary.claims,
            if summary.claims == 1 {
                "claim"
            } else {
                "claims"
            },
            summary.passed,
            summary.errata,
            summary.failed,
            summary.naive_run,
            if summary.naive_agree == summary.naive_run {
                "yes"
            } else {
                "NO"
            },
            run.elapsed.as_secs_f64()
        )?;
        for v in run.verdicts.iter().filter(|v| v.status == Status::Erratum) {
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
        for v in run.verdicts.iter().filter(|v| v.status == Status::Fail) {
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
    out.flush()
}

pub fn run(args: Args, out: &mut Out) -> CommandResult {
    let (selected, not_run) = select(&args)?;
    if args.list {
        if args.json {
            let listed: Vec<ListedClaim> = selected.iter().map(ListedClaim::of).collect();
            out.json(&serde_json::json!({ "claims": listed }))?;
        } else {
            for c in &selected {
                writeln!(
                    out,
                    "{}\t{}\t{}\t{}",
                    c.id, c.source, c.statement, c.expected
                )?;
            }
        }
        return Ok(true);
    }
    if let (Some(html), Some(junit)) = (&args.html, &args.junit) {
        let same = html == junit || solved_games::outfile::same_file(html, junit);
        if same {
            return Err(CliError::Input(format!(
                "--html and --junit name the same file {}: one would overwrite the other",
                html.display()
            )));
        }
    }
    for (flag, path) in [("--html", &args.html), ("--junit", &args.junit)] {
        if let Some(path) = path {
            report_file::check(flag, path)?;
        }
    }
    let certified = solved_games::yen_certified::claims::certificate::CLAIMS
        .iter()
        .any(|c| selected.iter().any(|s| s.id == c.id));
    if args.full && certified && !solved_games::yen_certified::claims::certificate::present() {
        produce_certificate(args.full_total)?;
    }
    let layout = layout(args.width);
    let mut printer = Printer {
        out,
        keep_going: args.html.is_some() || args.junit.is_some(),
        closed: false,
    };
    if !args.json {
        printer.print(|out| write!(out, "{}", layout.header(&COLUMNS)))?;
    }
    // Some claims take seconds (the Mini-Geister sweeps run every analysis
    // for the first of them): the bar says which one runs and how many are
    // left, on a terminal only, so that logs and pipes get the output and
    // nothing else.
    let bar = Bar::stderr();
    let run = Run::check_first(
        &selected,
        &solved_games::LONGEST,
        &bar,
        |v| -> Result<(), CliError> {
            if !args.json {
                let cells = [
                    v.claim.id.to_string(),
                    v.claim.source.to_string(),
                    v.claim.statement.to_string(),
                    v.claim.expected.to_string(),
                    computed_cell(v),
                    agree_cell(v),
                    v.status.label().to_string(),
                    format!("{:.1}", v.millis),
                ];
                printer.print(|out| {
                    write!(out, "{}", layout.row(&cells))?;
                    out.flush()
                })?;
            }
            Ok(())
        },
    )?;
    let summary = run.summary();
    printer.print(|out| print_summary(out, &args, &run))?;
    let meta = Meta::at(run.started);
    if let Some(path) = &args.junit {
        write_file("--junit", path, &junit::render(&run, &meta))?;
    }
    if let Some(path) = &args.html {
        let games = run.games();
        let drawn = figures::draw(&figures::all(), &games, &bar);
        for failed in drawn.iter().filter_map(|d| d.as_ref().err()) {
            note(format_args!(
                "solved-games: warning: figure {} could not be drawn: {}",
                failed.id, failed.error
            ));
        }
        let ladders: Vec<_> = timing::ladders()
            .into_iter()
            .filter(|l| games.contains(&l.game))
            .collect();
        let measured = timing::measure(&ladders, timing::Budget::PAGE, &bar);
        let page = html::Page {
            run: &run,
            meta: &meta,
            figures: &drawn,
            timing: &measured,
        };
        write_file("--html", path, &page.render())?;
    }
    if printer.closed {
        // The reader left before the end of the table: the files have the
        // run, and a FAIL in it must not pass for a normal end.
        if summary.failed > 0 {
            return Err(CliError::Failed(format!(
                "{} of {} claims FAIL (standard output was closed before the table's end; \
                 the report files list them)",
                summary.failed, summary.claims
            )));
        }
        return Err(CliError::ClosedStdout);
    }
    // Said after the run, on a normal end only: an error exit keeps its one
    // line, and a listing (which runs nothing) says nothing of it.
    if !not_run.is_empty() && summary.failed == 0 {
        note(format_args!(
            "solved-games: {} not run (neither passed nor failed): no certificate at {}; write it with `{}`",
            not_run.join(", "),
            solved_games::yen_certified::claims::certificate::path().display(),
            solved_games::yen_certified::claims::certificate::produce_command()
        ));
    }
    Ok(summary.failed == 0)
}
