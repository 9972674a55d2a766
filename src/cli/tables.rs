//! `solved-games export` and `solved-games check-table`: a game's whole
//! table written as a TSV file (with its manifest), and a table file
//! checked against the solvers (SPEC.md, "Table files").

use super::param_flags::ParamFlags;
use super::{CliError, JsonArg, Out, Outcome, SolverArg};
use quick_xml::events::{BytesDecl, BytesText, Event};
use quick_xml::Writer;
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
    /// rounds=[10]` (about 46 s at the defaults). Each may be given as a
    /// flag instead (`--max 7` for `max=7`), but not both ways.
    #[arg(value_name = "KEY=VALUE")]
    params: Vec<String>,
    /// Write the table to FILE (gzip if it ends in `.gz`) and its manifest
    /// to FILE.manifest.json (`.gz` left off), instead of the table to
    /// standard output.
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

/// Where `export --out` writes: the file is created at the first byte, so
/// a table that cannot be solved (nothing written yet) leaves no file, and
/// the text is streamed into it (gzip if asked) rather than held whole.
struct Sink<'a> {
    path: &'a Path,
    gz: bool,
    open: Option<Open>,
}

enum Open {
    Plain(std::io::BufWriter<std::fs::File>),
    Gz(flate2::write::GzEncoder<std::io::BufWriter<std::fs::File>>),
}

impl Write for Sink<'_> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let open = match &mut self.open {
            Some(open) => open,
            None => {
                let file =
                    std::io::BufWriter::with_capacity(1 << 16, std::fs::File::create(self.path)?);
                self.open.insert(if self.gz {
                    Open::Gz(table::gzip(file))
                } else {
                    Open::Plain(file)
                })
            }
        };
        match open {
            Open::Plain(w) => w.write(bytes),
            Open::Gz(w) => w.write(bytes),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match &mut self.open {
            Some(Open::Plain(w)) => w.flush(),
            Some(Open::Gz(w)) => w.flush(),
            None => Ok(()),
        }
    }
}

impl Sink<'_> {
    /// Ends the gzip stream and pushes out what is buffered.
    fn finish(self) -> std::io::Result<()> {
        match self.open {
            Some(Open::Plain(mut w)) => w.flush(),
            Some(Open::Gz(w)) => w.finish()?.flush(),
            None => Ok(()),
        }
    }
}

pub fn export(args: ExportArgs, out: &mut Out) -> Outcome {
    let params = args.flags.merged(&args.params)?;
    let solver = args.solver.get();
    let bad = |why: String| CliError::Input(format!("export {}: {why}", args.game));
    let Some(path) = args.out else {
        // Streamed: the first byte goes out after the table is solved (a
        // solve error or bad parameters print nothing).
        let stdout = std::io::stdout();
        table::export_named(&args.game, &params, solver, stdout.lock())
            .map_err(|e| match e {
                ExportError::Io(e) => super::stdout_error(e),
                e => export_error(e, "standard output"),
            })?
            .map_err(bad)?;
        return Ok(true);
    };
    let mut sink = Sink {
        path: &path,
        gz: path.extension().is_some_and(|e| e == "gz"),
        open: None,
    };
    let manifest = table::export_named(&args.game, &params, solver, &mut sink)
        .map_err(|e| export_error(e, &path.display().to_string()))?
        .map_err(bad)?;
    sink.finish().map_err(|e| CliError::io(&path, &e))?;
    let manifest_file = manifest_path(&path);
    let json = serde_json::to_string_pretty(&manifest)? + "\n";
    std::fs::write(&manifest_file, json).map_err(|e| CliError::io(&manifest_file, &e))?;
    writeln!(
        out,
        "{} rows of {} {} ({}) written to {}, manifest {}\nsha256 {}",
        manifest.rows,
        manifest.game,
        manifest.parameters,
        manifest.solver,
        path.display(),
        manifest_file.display(),
        manifest.sha256
    )?;
    Ok(true)
}

/// Options of `solved-games check-table`.
#[derive(clap::Args)]
pub struct CheckTableArgs {
    /// A table file as `export` writes it (plain or gzip); its first line
    /// names the game and parameters. Rows may be missing.
    file: PathBuf,
    /// Compare with the naive solver too (within its reach).
    #[arg(long)]
    naive: bool,
    /// Write a JUnit XML report to FILE.
    #[arg(long, value_name = "FILE")]
    junit: Option<PathBuf>,
    #[command(flatten)]
    output: JsonArg,
}

pub fn check_table(args: CheckTableArgs, out: &mut Out) -> Outcome {
    let name = args.file.display().to_string();
    let bytes = std::fs::read(&args.file).map_err(|e| CliError::io(&args.file, &e))?;
    let mut report = check::text_of(bytes)
        .and_then(|text| check::check(&text, args.naive))
        .map_err(|e| match e {
            check::CheckError::Io(e) => CliError::io(&args.file, &e),
            e => CliError::Input(format!("{name}: {e}")),
        })?;
    shown_rows(&mut report);
    if let Some(junit) = &args.junit {
        let xml = junit_xml(&name, &report)
            .map_err(|e| CliError::Failed(format!("cannot write the JUnit XML: {e}")))?;
        std::fs::write(junit, xml).map_err(|e| CliError::io(junit, &e))?;
    }
    if args.output.json {
        out.json(&report)?;
        return Ok(report.passed());
    }
    let r = &report;
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
        "rows {}, compared {}, mismatches {}, not instances {}, duplicates {}, coverage {}/{} ({:.1}%)",
        r.rows,
        r.compared,
        r.mismatches,
        r.not_instances,
        r.duplicates,
        r.covered,
        r.table_rows,
        100.0 * r.covered as f64 / r.table_rows.max(1) as f64
    )?;
    if let Some(unconfirmed) = r.unconfirmed {
        writeln!(
            out,
            "intervals disjoint from the certified ones {}, meeting them without containing them {unconfirmed}",
            r.mismatches
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
    writeln!(out, "{}", if r.passed() { "PASS" } else { "FAIL" })?;
    Ok(report.passed())
}

/// The rows a report lists, quoted as an error line quotes its input
/// (`message::shown`): a row of a megabyte is cut to its head and tail,
/// a NUL byte or an escape sequence in it written escaped. In the text,
/// the JSON and the JUnit file alike.
fn shown_rows(report: &mut check::Report) {
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

/// One test suite, `check-table`, with a test case each for the values and
/// for the rows being instances of the table.
fn junit_xml(name: &str, r: &check::Report) -> std::io::Result<Vec<u8>> {
    let mut w = Writer::new_with_indent(Vec::new(), b' ', 2);
    w.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))?;
    let failures = usize::from(r.mismatches > 0) + usize::from(r.not_instances > 0);
    let suite = format!("check-table {name}");
    let failures_text = failures.to_string();
    w.create_element("testsuite")
        .with_attributes([
            ("name", suite.as_str()),
            ("tests", "2"),
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
