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

pub mod certified;
pub mod check;
pub mod verdict;

use crate::games::{
    geister::face::Geister, memory::face::Memory, nim::face::Nim, stones::face::StoneGames,
    yen::face::Yen, Game, SolveError, Solver, Table,
};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fmt::Write as _;
use std::io::{self, Write};

/// The format version written in the first line and the manifest.
pub const FORMAT: u32 = 1;

/// The first field of the first line.
pub const MAGIC: &str = "# solved-games table";

/// The games that have tables, by [`Game::NAME`].
pub const GAMES: [&str; 5] = [
    Nim::NAME,
    StoneGames::NAME,
    Memory::NAME,
    Geister::NAME,
    Yen::NAME,
];

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
fn hex(bytes: &[u8]) -> String {
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
/// returns its manifest.
///
/// # Errors
/// [`ExportError::Solve`] past the solver's reach, [`ExportError::Io`] on
/// a failed write.
pub fn export<G: Table>(
    params: &G::Params,
    solver: Solver,
    out: impl Write,
) -> Result<Manifest, ExportError>
where
    G::Instance: Sync,
    G::Value: Sync,
{
    let rows = G::table(solver, params).map_err(ExportError::Solve)?;
    let mut out = Hashing {
        inner: io::BufWriter::with_capacity(1 << 16, out),
        hash: Sha256::new(),
    };
    out.write_all(header::<G>(params).as_bytes())?;
    // Rows are formatted in parallel by chunks and written in order: the
    // same bytes for every thread count. A window of chunks at a time, so
    // that the text is never all in memory (the `det` table's is 66 MB).
    const CHUNK: usize = 1 << 13;
    const WINDOW: usize = 32 * CHUNK;
    for window in rows.chunks(WINDOW) {
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
        for chunk in &chunks {
            out.write_all(chunk.as_bytes())?;
        }
    }
    out.flush()?;
    let mut columns = vec!["instance".to_string()];
    columns.extend(G::VALUE_COLUMNS.iter().map(ToString::to_string));
    Ok(Manifest {
        format: FORMAT,
        game: G::NAME.to_string(),
        parameters: params.to_string(),
        solver: solver.name().to_string(),
        columns,
        rows: rows.len(),
        sha256: hex(&out.hash.finalize()),
        crate_version: env!("CARGO_PKG_VERSION").to_string(),
    })
}

/// [`export`] for the game named `game` with parameters `params` (text).
///
/// # Errors
/// `Ok(Err(message))` for an unknown game or bad parameters; otherwise as
/// [`export`].
pub fn export_named(
    game: &str,
    params: &str,
    solver: Solver,
    out: impl Write,
) -> Result<Result<Manifest, String>, ExportError> {
    fn go<G: Table>(
        params: &str,
        solver: Solver,
        out: impl Write,
    ) -> Result<Result<Manifest, String>, ExportError>
    where
        G::Instance: Sync,
        G::Value: Sync,
    {
        match params.parse::<G::Params>() {
            Ok(p) => export::<G>(&p, solver, out).map(Ok),
            Err(e) => Ok(Err(e.to_string())),
        }
    }
    match game {
        "nim" => go::<Nim>(params, solver, out),
        "stones" => go::<StoneGames>(params, solver, out),
        "memory" => go::<Memory>(params, solver, out),
        "geister" => go::<Geister>(params, solver, out),
        "yen" => go::<Yen>(params, solver, out),
        certified::GAME => match params.parse::<certified::Params>() {
            // The certified solver is the only one with intervals.
            Ok(p) if solver == Solver::Optimized => certified::export(p, out).map(Ok),
            Ok(_) => Ok(Err(format!(
                "{}: a certified table has no naive solver",
                certified::GAME
            ))),
            Err(e) => Ok(Err(e.to_string())),
        },
        other => Ok(Err(format!(
            "no table of a game `{other}` (games: {}, {})",
            GAMES.join(", "),
            certified::GAME
        ))),
    }
}

/// Every key of a table's parameters, in first-seen order over [`GAMES`]
/// and the certified table, with the tables that take it: what the
/// command line's `--KEY VALUE` flags are made from (each game's
/// [`Table::PARAMS`], written once there).
#[must_use]
pub fn parameter_keys() -> Vec<(&'static str, Vec<&'static str>)> {
    let mut keys: Vec<(&'static str, Vec<&'static str>)> = Vec::new();
    for (game, params) in [
        (Nim::NAME, Nim::PARAMS),
        (StoneGames::NAME, StoneGames::PARAMS),
        (Memory::NAME, Memory::PARAMS),
        (Geister::NAME, Geister::PARAMS),
        (Yen::NAME, Yen::PARAMS),
        (certified::GAME, certified::PARAMS),
    ] {
        for &key in params {
            match keys.iter_mut().find(|(k, _)| *k == key) {
                Some((_, games)) => games.push(game),
                None => keys.push((key, vec![game])),
            }
        }
    }
    keys
}

/// The standard tables of every game, as (game, parameters) text: each
/// game's [`Table::standard`].
#[must_use]
pub fn standard() -> Vec<(&'static str, String)> {
    fn of<G: Table>() -> Vec<(&'static str, String)> {
        G::standard()
            .iter()
            .map(|p| (G::NAME, p.to_string()))
            .collect()
    }
    [
        of::<Nim>(),
        of::<StoneGames>(),
        of::<Memory>(),
        of::<Geister>(),
        of::<Yen>(),
    ]
    .concat()
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
