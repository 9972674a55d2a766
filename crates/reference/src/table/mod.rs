//! Table files: a game's whole table written out, and a table read back
//! and checked against the solvers — above [`games`](crate::games), below
//! [`claims`](crate::claims); written once over [`Table`], the second face.
//!
//! The format (SPEC.md, "Table files"): UTF-8 text, lines ending in `\n`,
//! fields separated by a tab.
//!
//! ```text
//! # solved-games table<TAB>format 1<TAB>nim<TAB>piles=3 max=9
//! instance<TAB>value
//! 000<TAB>loss
//! 001<TAB>win
//! ```
//!
//! The first line names the format, the game and the table's parameters;
//! the second the columns; then one row per instance in the canonical order
//! of [`Table::instances`], the instance in the CLI's notation and the value
//! in [`Table::write_value`]'s. A file written with `.gz` is gzip with
//! mtime 0 and no file name, so its bytes depend on the text only.

pub mod check;
pub mod verdict;

use crate::games::{GameId, Shrink, SolveError, Solver, Table, Visit};
use crate::progress::{Progress, Silent};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fmt::Write as _;
use std::io::{self, Write};
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

/// The format version written in the first line and the manifest.
pub const FORMAT: u32 = 1;

/// The first field of the first line.
pub const MAGIC: &str = "# solved-games table";

/// What a written table was, as the manifest JSON beside the file says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    /// [`FORMAT`].
    pub format: u32,
    /// The game's [`Game::NAME`].
    pub game: String,
    /// The table's parameters, `key=value` words.
    pub parameters: String,
    /// The solver whose values the rows hold.
    pub solver: String,
    /// The columns of the second line.
    pub columns: Vec<String>,
    /// Number of rows (lines after the two header lines).
    pub rows: usize,
    /// SHA-256 of the uncompressed text, lowercase hex.
    pub sha256: String,
    /// The crate's version.
    pub crate_version: String,
}

/// The two header lines of a table of `G` with `params`.
#[must_use]
pub fn header<G: Table>(params: &G::Params) -> String {
    let mut columns = vec!["instance"];
    columns.extend_from_slice(G::VALUE_COLUMNS);
    format!(
        "{MAGIC}\tformat {FORMAT}\t{}\t{params}\n{}\n",
        G::NAME,
        columns.join("\t")
    )
}

/// A writer that hashes what passes through it and counts lines.
struct Hashing<W> {
    inner: W,
    hash: Sha256,
}

impl<W: Write> Write for Hashing<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(bytes)?;
        self.hash.update(&bytes[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Lowercase hex of a digest.
#[must_use]
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().fold(String::new(), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

/// Why a table could not be written.
#[derive(Debug)]
pub enum ExportError {
    /// The solver does not reach the table.
    Solve(SolveError),
    /// The output failed.
    Io(io::Error),
}

impl From<io::Error> for ExportError {
    fn from(e: io::Error) -> ExportError {
        ExportError::Io(e)
    }
}

/// Writes the table of `G` with `params`, by `solver`, to `out` as text;
/// returns its manifest. [`export_with`] with no progress reported.
///
/// # Errors
/// As [`export_with`].
pub fn export<G: Table>(
    params: &G::Params,
    solver: Solver,
    out: impl Write,
) -> Result<Manifest, ExportError>
where
    G::Instance: Sync,
    G::Value: Sync,
{
    export_with::<G>(params, solver, out, &Silent)
}

/// Rows formatted in parallel at a time (chunks of [`CHUNK`]).
const WINDOW: usize = 32 * CHUNK;

/// Rows one thread formats at a time.
const CHUNK: usize = 1 << 13;

/// A window of rows is written out after this long even if not full, so
/// that a slow table shows its rows as they come.
const PATIENCE: Duration = Duration::from_millis(500);

/// Writes the table of `G` with `params`, by `solver`, to `out` as text,
/// reporting the rows solved to `progress`; returns its manifest.
///
/// A table past the solver's reach is refused before anything is written
/// ([`Table::check_reach`]). The two header lines are written (and
/// flushed) at once, then the rows as the solver gives them
/// ([`Table::table_each`]): a window of rows at a time, formatted in
/// parallel by chunks and written in order — the same bytes for every
/// thread count — and flushed when full or half a second old. The text is
/// never all in memory (the `det` table's is 66 MB).
///
/// # Errors
/// [`ExportError::Solve`] past the solver's reach, [`ExportError::Io`] on
/// a failed write.
pub fn export_with<G: Table>(
    params: &G::Params,
    solver: Solver,
    out: impl Write,
    progress: &dyn Progress,
) -> Result<Manifest, ExportError>
where
    G::Instance: Sync,
    G::Value: Sync,
{
    G::check_reach(solver, params).map_err(ExportError::Solve)?;
    let mut out = Hashing {
        inner: io::BufWriter::with_capacity(1 << 16, out),
        hash: Sha256::new(),
    };
    out.write_all(header::<G>(params).as_bytes())?;
    out.flush()?;
    let mut window: Vec<(G::Instance, G::Value)> = Vec::new();
    let mut rows = 0;
    let mut written = Instant::now();
    let mut failed = None;
    G::table_each(solver, params, progress, &mut |instance, value| {
        window.push((instance, value));
        rows += 1;
        if window.len() >= WINDOW || written.elapsed() >= PATIENCE {
            if let Err(e) = write_rows::<G>(&mut window, &mut out).and_then(|()| out.flush()) {
                failed = Some(e);
                return ControlFlow::Break(());
            }
            written = Instant::now();
        }
        ControlFlow::Continue(())
    })
    .map_err(ExportError::Solve)?;
    if let Some(e) = failed {
        return Err(e.into());
    }
    write_rows::<G>(&mut window, &mut out)?;
    out.flush()?;
    let mut columns = vec!["instance".to_string()];
    columns.extend(G::VALUE_COLUMNS.iter().map(ToString::to_string));
    Ok(Manifest {
        format: FORMAT,
        game: G::NAME.to_string(),
        parameters: params.to_string(),
        solver: solver.name().to_string(),
        columns,
        rows,
        sha256: hex(&out.hash.finalize()),
        crate_version: env!("CARGO_PKG_VERSION").to_string(),
    })
}

/// Formats `window`'s rows in parallel by chunks, writes them in order and
/// empties it.
fn write_rows<G: Table>(
    window: &mut Vec<(G::Instance, G::Value)>,
    out: &mut impl Write,
) -> io::Result<()>
where
    G::Instance: Sync,
    G::Value: Sync,
{
    let chunks: Vec<String> = window
        .par_chunks(CHUNK)
        .map(|chunk| {
            let mut text = String::with_capacity(chunk.len() * 32);
            for (instance, value) in chunk {
                G::write_instance(instance, &mut text);
                text.push('\t');
                G::write_value_into(value, &mut text);
                text.push('\n');
            }
            text
        })
        .collect();
    window.clear();
    for chunk in &chunks {
        out.write_all(chunk.as_bytes())?;
    }
    Ok(())
}

/// A kind of table file: what `export` writes and `check-table` reads
/// under one name in the header. Each game's whole table is one
/// ([`GameTable`], over the [`Table`] face); a crate beside this one adds
/// kinds of its own (a table of intervals, say), and whoever composes the
/// command line hands the whole list to [`export_named`] and
/// [`check::check`].
pub trait Kind: Sync {
    /// The name in the header and on the command line (`nim`).
    fn name(&self) -> &'static str;
    /// The keys of its parameters, in the order they are written.
    fn params(&self) -> &'static [&'static str];
    /// Writes the table with parameters `params` (`key=value` words) by
    /// `solver` to `out`, reporting the rows solved to `progress`;
    /// `Ok(Err(message))` for bad parameters or a solver the kind does not
    /// have.
    ///
    /// # Errors
    /// As [`export_with`].
    fn export(
        &self,
        params: &str,
        solver: Solver,
        out: &mut dyn Write,
        progress: &dyn Progress,
    ) -> Result<Result<Manifest, String>, ExportError>;
    /// Checks the text after the header line (`rows`: the column line,
    /// then the rows) of a table with parameters `params`, against the
    /// optimized solver and the naive one too when `naive`.
    ///
    /// # Errors
    /// As [`check::check`].
    fn check(
        &self,
        params: &str,
        rows: &str,
        naive: bool,
    ) -> Result<check::TableCheck, check::CheckError>;
    /// The parameters of the kind's standard tables (`export --standard`).
    fn standard(&self) -> Vec<String>;
}

/// The whole table of a game, through its [`Table`] face: the kind of
/// every game of the registry.
pub struct GameTable<G>(std::marker::PhantomData<fn() -> G>);

impl<G> GameTable<G> {
    /// The kind of `G`'s tables.
    pub const KIND: GameTable<G> = GameTable(std::marker::PhantomData);
}

impl<G: Table> Kind for GameTable<G>
where
    G::Instance: Sync,
    G::Value: Sync,
{
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn params(&self) -> &'static [&'static str] {
        G::PARAMS
    }

    fn export(
        &self,
        params: &str,
        solver: Solver,
        out: &mut dyn Write,
        progress: &dyn Progress,
    ) -> Result<Result<Manifest, String>, ExportError> {
        match params.parse::<G::Params>() {
            Ok(p) => export_with::<G>(&p, solver, out, progress).map(Ok),
            Err(e) => Ok(Err(e.to_string())),
        }
    }

    fn check(
        &self,
        params: &str,
        rows: &str,
        naive: bool,
    ) -> Result<check::TableCheck, check::CheckError> {
        check::check_game::<G>(params, rows, naive)
    }

    fn standard(&self) -> Vec<String> {
        G::standard().iter().map(ToString::to_string).collect()
    }
}

/// The kinds of the games of the registry, in its order: one per game.
#[must_use]
pub fn kinds() -> Vec<&'static dyn Kind> {
    struct Of;
    impl Visit for Of {
        type Output = &'static dyn Kind;
        fn visit<G: Table + Shrink + 'static>(self) -> &'static dyn Kind
        where
            G::Instance: Send + Sync,
            G::Value: Send + Sync,
        {
            // A zero-sized value: leaking its box allocates nothing.
            Box::leak(Box::new(GameTable::<G>::KIND))
        }
    }
    GameId::ALL.into_iter().map(|g| g.visit(Of)).collect()
}

/// [`Kind::export`] of the kind named `game` among `kinds`, reporting
/// nothing.
///
/// # Errors
/// `Ok(Err(message))` for an unknown kind or bad parameters; otherwise as
/// [`export`].
pub fn export_named(
    kinds: &[&dyn Kind],
    game: &str,
    params: &str,
    solver: Solver,
    out: impl Write,
) -> Result<Result<Manifest, String>, ExportError> {
    export_named_with(kinds, game, params, solver, out, &Silent)
}

/// [`Kind::export`] of the kind named `game` among `kinds`, reporting the
/// rows solved to `progress`.
///
/// # Errors
/// `Ok(Err(message))` for an unknown kind or bad parameters; otherwise as
/// [`export_with`].
pub fn export_named_with(
    kinds: &[&dyn Kind],
    game: &str,
    params: &str,
    solver: Solver,
    mut out: impl Write,
    progress: &dyn Progress,
) -> Result<Result<Manifest, String>, ExportError> {
    match kinds.iter().find(|k| k.name() == game) {
        Some(kind) => kind.export(params, solver, &mut out, progress),
        None => Ok(Err(format!(
            "no table of a game `{game}` (games: {})",
            names(kinds).join(", ")
        ))),
    }
}

/// The names of `kinds`, in order.
#[must_use]
pub fn names(kinds: &[&dyn Kind]) -> Vec<&'static str> {
    kinds.iter().map(|k| k.name()).collect()
}

/// Every key of the parameters of `kinds`, in first-seen order, with the
/// kinds that take it: what the command line's `--KEY VALUE` flags are made
/// from (each game's [`Table::PARAMS`], written once there).
#[must_use]
pub fn parameter_keys(kinds: &[&dyn Kind]) -> Vec<(&'static str, Vec<&'static str>)> {
    let mut keys: Vec<(&'static str, Vec<&'static str>)> = Vec::new();
    for kind in kinds {
        for &key in kind.params() {
            match keys.iter_mut().find(|(k, _)| *k == key) {
                Some((_, games)) => games.push(kind.name()),
                None => keys.push((key, vec![kind.name()])),
            }
        }
    }
    keys
}

/// The standard tables of `kinds`, as (kind, parameters) text.
#[must_use]
pub fn standard(kinds: &[&dyn Kind]) -> Vec<(&'static str, String)> {
    kinds
        .iter()
        .flat_map(|k| k.standard().into_iter().map(move |p| (k.name(), p)))
        .collect()
}

/// A gzip writer with mtime 0, no file name and an unknown OS byte: the
/// same bytes for the same text on every run and machine. Level 1 (fast):
/// the `det` table's 66 MB compress in about a second, not six.
pub fn gzip<W: Write>(out: W) -> flate2::write::GzEncoder<W> {
    flate2::GzBuilder::new()
        .mtime(0)
        .operating_system(255)
        .write(out, flate2::Compression::fast())
}

/// SHA-256 of `bytes`, lowercase hex.
#[must_use]
pub fn sha256(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}
