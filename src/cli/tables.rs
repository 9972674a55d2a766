//! `solved-games export` and `solved-games check-table`: a game's whole
//! table written as a TSV file (with its manifest), and a table file
//! checked against the solvers (SPEC.md, "Table files").

use super::param_flags::ParamFlags;
use super::progress::Bar;
use super::{note, report_file, CliError, CommandResult, JsonArg, Out, SolverArg};
use quick_xml::events::{BytesDecl, BytesText, Event};
use quick_xml::Writer;
use solved_games::outfile::{self, OutFile};
use solved_games::table::{self, check, ExportError};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Options of `solved-games export`.
#[derive(clap::Args)]
pub struct ExportArgs {
    /// The game: nim, stones, memory, geister or yen; yen-certified for
    /// the certified intervals of the yen starts.
    game: String,
    /// The table's parameters as `key=value` words (defaults in brackets):
    /// nim `piles=[3] max=[9]`; stones `game=[1] min=[1] max=[4]
    /// length=[6, Game 5: 3]`; memory `n=[30]`; geister `analysis=[basic]`;
    /// yen `total=[10] rounds=[10]`; yen-certified `total=[100]
    /// rounds=[10]` (about 90 s at the defaults: one thread, for the same
    /// bytes every run). Each may be given as a flag instead (`--max 7` for
    /// `max=7`), but not both ways.
    #[arg(value_name = "KEY=VALUE")]
    params: Vec<String>,
    /// Write the table to FILE (gzip if it ends in `.gz`) and its manifest
    /// to FILE.manifest.json (`.gz` left off), instead of the table to
    /// standard output (`-`). FILE appears when the table is complete.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    #[command(flatten)]
    solver: SolverArg,
    #[command(flatten)]
    flags: ParamFlags,
}

/// Where the manifest of a table written to `out` goes.
fn manifest_path(out: &Path) -> PathBuf {
    let text = out.to_string_lossy();
    PathBuf::from(format!(
        "{}.manifest.json",
        text.strip_suffix(".gz").unwrap_or(&text)
    ))
}

fn export_error(e: ExportError, file: &str) -> CliError {
    match e {
        ExportError::Solve(e) => CliError::Input(format!("{e}; see `solved-games export --help`")),
        ExportError::Io(e) => CliError::io(file, &e),
    }
}

/// Where `export --out` writes: an [`OutFile`] (a temporary renamed into
/// place at the end, or a device written in place), gzip if asked. Only
/// the end of the text ends the gzip stream: a flush along the way pushes
/// the rows into the compressor, never a flush marker, so the bytes are the
/// same however often the rows are flushed.
enum Sink {
    Plain(OutFile),
    Gz(flate2::write::GzEncoder<std::io::BufWriter<OutFile>>),
}

impl Write for Sink {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        match self {
            Sink::Plain(w) => w.write(bytes),
            Sink::Gz(w) => w.write(bytes),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            Sink::Plain(w) => w.flush(),
            Sink::Gz(_) => Ok(()),
        }
    }
}

impl Sink {
    /// Ends the gzip stream and puts the file in place.
    fn finish(self) -> std::io::Result<()> {
        match self {
            Sink::Plain(w) => w.finish(),
            Sink::Gz(w) => w
                .finish()?
                .into_inner()
                .map_err(std::io::IntoInnerError::into_error)?
                .finish(),
        }
    }
}

pub fn export(args: ExportArgs, out: &mut Out) -> CommandResult {
    let params = args.flags.merged(&args.params)?;
    let solver = args.solver.get();
    let bad = |why: String| CliError::Input(format!("export {}: {why}", args.game));
    let bar = Bar::stderr();
    let path = args.out.filter(|p| !outfile::is_standard(p));
    let Some(path) = path else {
        // Streamed: the header goes out at once, then the rows as they are
        // solved; bad parameters or a table past the solver's reach print
        // nothing.
        let stdout = std::io::stdout();
        table::export_named_with(
            &solved_games::table_kinds(),
            &args.game,
            &params,
            solver,
            stdout.lock(),
            &bar,
        )
        .map_err(|e| match e {
            ExportError::Io(e) => super::stdout_error(e),
            e => export_error(e, "standard output"),
        })?
        .map_err(bad)?;
        return Ok(true);
    };
    let manifest_file = manifest_path(&path);
    // Checked before the solve: a table that cannot be written fails now.
    report_file::check("--out", &path)?;
    let file = report_file::create("--out", &path)?;
    // A regular file gets its manifest beside it; a device or a pipe none
    // (the manifest would be a new file beside the device node).
    let with_manifest = !file.in_place();
    if with_manifest {
        report_file::check("--out (its manifest)", &manifest_file)?;
    }
    let mut sink = if path.extension().is_some_and(|e| e == "gz") {
        Sink::Gz(table::gzip(std::io::BufWriter::with_capacity(
            1 << 16,
            file,
        )))
    } else {
        Sink::Plain(file)
    };
    let shown = path.display().to_string();
    let manifest = table::export_named_with(
        &solved_games::table_kinds(),
        &args.game,
        &params,
        solver,
        &mut sink,
        &bar,
    )
    .map_err(|e| export_error(e, &shown))?
    .map_err(bad)?;
    drop(bar);
    if with_manifest {
        // The old manifest goes before the new table takes its name, so a
        // table and a manifest that does not describe it are never side by
        // side; the new one follows the table.
        match std::fs::remove_file(&manifest_file) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                return Err(CliError::io(&manifest_file, &e))
            }
            _ => {}
        }
    }
    sink.finish().map_err(|e| CliError::io(&path, &e))?;
    let summary = format!(
        "{} rows of {} {} ({}) written to {}",
        manifest.rows,
        manifest.game,
        manifest.parameters,
        manifest.solver,
        path.display(),
    );
    if !with_manifest {
        note(format_args!(
            "solved-games: {summary}, no manifest (not a regular file); sha256 {}",
            manifest.sha256
        ));
        return Ok(true);
    }
    let json = serde_json::to_string_pretty(&manifest)? + "\n";
    report_file::write("--out (its manifest)", &manifest_file, json)?;
    writeln!(
        out,
        "{summary}, manifest {}\nsha256 {}",
        manifest_file.display(),
        manifest.sha256
    )?;
    Ok(true)
}

/// Options of `solved-games check-table`.
#[derive(clap::Args)]
#[command(after_help = CHECK_TABLE_VERDICTS)]
pub struct CheckTableArgs {
    /// A table file as `export` writes it (plain or gzip; `-` for standard
    /// input); its first line names the game and parameters. A manifest
    /// beside it (FILE.manifest.json, `.gz` left off) is read and compared.
    file: PathBuf,
    /// Compare with the naive solver too (a table beyond its reach is
    /// refused before any work).
    #[arg(long)]
    naive: bool,
    /// The file is a sample: rows missing from the table are no
    /// INCOMPLETE (a PASS says every row given is right).
    #[arg(long)]
    partial: bool,
    /// Write a JUnit XML report to FILE (`-` for standard output; never the
    /// table or its manifest).
    #[arg(long, value_name = "FILE")]
    junit: Option<PathBuf>,
    #[command(flatten)]
    output: JsonArg,
}

/// The verdicts and exit statuses, after `check-table --help`'s options.
const CHECK_TABLE_VERDICTS: &str = "\
Verdicts and exit statuses:
  PASS         0  every instance of the table is there, every row is one and right
                  (duplicates too), a manifest beside the file matches it
  FAIL         1  a wrong value (a certified interval that excludes the exact value),
                  a row that is not an instance, or a manifest that differs
  INCOMPLETE   4  every row right, but rows of the table missing (not with --partial)
  UNCONFIRMED  5  a certified interval neither confirmed nor refuted: it meets the
                  certified one without containing it, beyond the exact solver's reach
A malformed file (a bad header or line, a line over 1 MiB, bytes after a gzip stream,
not UTF-8) is exit 2; a file that cannot be read or written, exit 3.";

/// Reads the manifest beside `file`, if there is one, and compares it with
/// the table's `text`.
fn read_manifest(
    file: &Path,
    text: &str,
    report: &check::TableCheck,
) -> Result<Option<check::ManifestCheck>, CliError> {
    if outfile::is_standard(file) {
        return Ok(None);
    }
    let path = manifest_path(file);
    let bytes = match std::fs::metadata(&path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(CliError::io(&path, &e)),
        Ok(m) if !m.is_file() => {
            return Err(CliError::Input(format!(
                "{}: the manifest is not a regular file",
                path.display()
            )))
        }
        Ok(m) if m.len() > 1 << 20 => {
            return Err(CliError::Input(format!(
                "{}: {} bytes, too long for a manifest",
                path.display(),
                m.len()
            )))
        }
        Ok(_) => std::fs::read(&path).map_err(|e| CliError::io(&path, &e))?,
    };
    let manifest: table::Manifest = serde_json::from_slice(&bytes)
        .map_err(|e| CliError::Input(format!("{}: not a table's manifest: {e}", path.display())))?;
    Ok(Some(check::ManifestCheck {
        file: path.display().to_string(),
        mismatches: check::manifest_mismatches(&manifest, text, report),
    }))
}

pub fn check_table(args: CheckTableArgs, out: &mut Out) -> CommandResult {
    let stdin = outfile::is_standard(&args.file);
    let name = if stdin {
        "standard input".to_string()
    } else {
        args.file.display().to_string()
    };
    if let Some(junit) = &args.junit {
        let manifest = manifest_path(&args.file);
        let mut inputs = vec![("the table", args.file.as_path())];
        if !stdin {
            inputs.push(("its manifest", manifest.as_path()));
        }
        report_file::not_an_input("--junit", junit, &inputs)?;
        report_file::check("--junit", junit)?;
    }
    let read_error = |e| match e {
        check::CheckError::Io(e) => CliError::io(&name, &e),
        e => CliError::Input(format!("{name}: {e}")),
    };
    let text = if stdin {
        check::read_text(std::io::stdin().lock())
    } else {
        let file = std::fs::File::open(&args.file).map_err(|e| CliError::io(&args.file, &e))?;
        check::read_text(file)
    }
    .map_err(read_error)?;
    let mut report =
        check::check(&solved_games::table_kinds(), &text, args.naive).map_err(read_error)?;
    report.manifest = read_manifest(&args.file, &text, &report)?;
    shown_rows(&mut report);
    report.judge(args.partial);
    let verdict = report.verdict;
    if let Some(junit) = &args.junit {
        let xml = junit_xml(&name, &report)
            .map_err(|e| CliError::Failed(format!("cannot write the JUnit XML: {e}")))?;
        report_file::write("--junit", junit, xml)?;
    }
    if args.output.json {
        out.json(&report)?;
    } else {
        print_report(&name, &report, out)?;
    }
    match verdict {
        check::Verdict::Pass => Ok(true),
        check::Verdict::Fail => Ok(false),
        other => {
            out.flush()?;
            Err(CliError::Verdict(other.exit_status()))
        }
    }
}

/// The text report of `check-table`, ending with the verdict.
fn print_report(name: &str, r: &check::TableCheck, out: &mut Out) -> Result<(), CliError> {
    writeln!(
        out,
        "{name}: {} {}, compared with the {} solver{}",
        r.game,
        r.parameters,
        r.solvers,
        if r.solvers.contains(',') { "s" } else { "" }
    )?;
    writeln!(
        out,
        "rows {}, compared {}, mismatches {}, not instances {}, duplicates {}, coverage {}/{} ({})",
        r.rows,
        r.compared,
        r.mismatches,
        r.not_instances,
        r.duplicates,
        r.covered,
        r.table_rows,
        percent(r.covered, r.table_rows)
    )?;
    if let Some(unconfirmed) = r.unconfirmed {
        writeln!(
            out,
            "intervals disjoint from the certified ones or excluding the exact value {}, \
             meeting them without containing them {} (decided exactly {}, unconfirmed {unconfirmed})",
            r.mismatches,
            r.decided_exactly.unwrap_or(0) + unconfirmed,
            r.decided_exactly.unwrap_or(0),
        )?;
    }
    // A certified table's intervals are the certified solver's.
    let ours = if r.unconfirmed.is_some() {
        "certified"
    } else {
        "optimized"
    };
    for m in &r.first_mismatches {
        let naive = m
            .naive
            .as_ref()
            .map(|n| format!(", naive {n}"))
            .unwrap_or_default();
        writeln!(
            out,
            "mismatch line {}: {}: file {}, {ours} {}{naive}",
            m.line,
            m.instance,
            m.file.replace('\t', " "),
            m.optimized.replace('\t', " ")
        )?;
    }
    for b in &r.first_not_instances {
        writeln!(
            out,
            "not an instance line {}: {}: {}",
            b.line, b.instance, b.why
        )?;
    }
    for b in &r.first_duplicates {
        writeln!(out, "duplicate line {}: {}: {}", b.line, b.instance, b.why)?;
    }
    for b in &r.first_unconfirmed {
        writeln!(
            out,
            "unconfirmed line {}: {}: {}",
            b.line, b.instance, b.why
        )?;
    }
    if let Some(m) = &r.manifest {
        if m.mismatches.is_empty() {
            writeln!(out, "manifest {}: matches", m.file)?;
        }
        for why in &m.mismatches {
            writeln!(out, "manifest {}: {why}", m.file)?;
        }
    }
    if r.covered < r.table_rows && !r.partial {
        writeln!(
            out,
            "{} of the table's {} rows missing (--partial if a sample is meant)",
            r.table_rows - r.covered,
            r.table_rows
        )?;
    }
    writeln!(out, "{}", r.verdict.word())
}

/// `covered` of `all` as a percentage with one decimal, never rounded up
/// to 100.0 % while a row is missing.
fn percent(covered: usize, all: usize) -> String {
    if covered >= all {
        return "100.0%".to_string();
    }
    let tenths = (covered as u128 * 1000) / all.max(1) as u128;
    format!("{}.{}%", tenths / 10, tenths % 10)
}

/// The rows a report lists, quoted as an error line quotes its input
/// (`message::shown`): a row of a megabyte is cut to its head and tail,
/// a NUL byte or an escape sequence in it written escaped. In the text,
/// the JSON and the JUnit file alike.
fn shown_rows(report: &mut check::TableCheck) {
    use super::message::shown;
    for m in &mut report.first_mismatches {
        m.instance = shown(&m.instance);
        m.file = shown(&m.file);
    }
    for b in report
        .first_not_instances
        .iter_mut()
        .chain(report.first_duplicates.iter_mut())
    {
        b.instance = shown(&b.instance);
        b.why = shown(&b.why);
    }
}

/// One test suite, `check-table`, with a test case each for the values,
/// the rows being instances of the table, the coverage (a failure when
/// INCOMPLETE), the certified intervals decided (UNCONFIRMED) and the
/// manifest.
fn junit_xml(name: &str, r: &check::TableCheck) -> std::io::Result<Vec<u8>> {
    let mut w = Writer::new_with_indent(Vec::new(), b' ', 2);
    w.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))?;
    let missing = if r.partial {
        0
    } else {
        r.table_rows - r.covered
    };
    let unconfirmed = r.unconfirmed.unwrap_or(0);
    let manifest_differs = r.manifest.as_ref().map_or(0, |m| m.mismatches.len());
    let failures = [
        r.mismatches,
        r.not_instances,
        missing,
        unconfirmed,
        manifest_differs,
    ]
    .iter()
    .filter(|&&n| n > 0)
    .count();
    let suite = format!("check-table {name}");
    let failures_text = failures.to_string();
    w.create_element("testsuite")
        .with_attributes([
            ("name", suite.as_str()),
            ("tests", "5"),
            ("failures", failures_text.as_str()),
        ])
        .write_inner_content(|w| {
            let values = format!(
                "{} rows of {} {} match the solvers",
                r.compared, r.game, r.parameters
            );
            let mismatches: String = r
                .first_mismatches
                .iter()
                .map(|m| {
                    format!(
                        "line {}: {}: file {}, optimized {}\n",
                        m.line, m.instance, m.file, m.optimized
                    )
                })
                .collect();
            test_case(
                w,
                &values,
                r.mismatches,
                &format!("{} mismatches", r.mismatches),
                &mismatches,
            )?;
            let rows = format!("{} rows are instances of the table", r.rows);
            let bad_rows: String = r
                .first_not_instances
                .iter()
                .map(|b| format!("line {}: {}: {}\n", b.line, b.instance, b.why))
                .collect();
            test_case(
                w,
                &rows,
                r.not_instances,
                &format!("{} rows are not instances", r.not_instances),
                &bad_rows,
            )?;
            test_case(
                w,
                &format!("the file covers the table's {} rows", r.table_rows),
                missing,
                &format!("INCOMPLETE: {missing} rows missing"),
                &format!("coverage {}/{}\n", r.covered, r.table_rows),
            )?;
            let undecided: String = r
                .first_unconfirmed
                .iter()
                .map(|b| format!("line {}: {}: {}\n", b.line, b.instance, b.why))
                .collect();
            test_case(
                w,
                "every certified interval is confirmed or refuted",
                unconfirmed,
                &format!("UNCONFIRMED: {unconfirmed} intervals undecided"),
                &undecided,
            )?;
            let differ: String = r
                .manifest
                .iter()
                .flat_map(|m| {
                    m.mismatches
                        .iter()
                        .map(move |d| format!("{}: {d}\n", m.file))
                })
                .collect();
            test_case(
                w,
                "the manifest beside the file, if any, matches it",
                manifest_differs,
                &format!("{manifest_differs} manifest fields differ"),
                &differ,
            )?;
            Ok(())
        })?;
    let mut xml = w.into_inner();
    xml.push(b'\n');
    Ok(xml)
}

/// One `check-table` test case named `name`: empty when `failed` is 0,
/// else a failure with `message` and the listed rows `text`.
fn test_case(
    w: &mut Writer<Vec<u8>>,
    name: &str,
    failed: usize,
    message: &str,
    text: &str,
) -> std::io::Result<()> {
    let case = w
        .create_element("testcase")
        .with_attributes([("classname", "check-table"), ("name", name)]);
    if failed == 0 {
        case.write_empty()?;
        return Ok(());
    }
    case.write_inner_content(|w| {
        w.create_element("failure")
            .with_attributes([("message", message), ("type", "FAIL")])
            .write_text_content(BytesText::new(text))?;
        Ok(())
    })?;
    Ok(())
}
