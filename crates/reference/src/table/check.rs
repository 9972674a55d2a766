//! A table file read back and compared row by row with the solvers
//! (`solved-games check-table`): rows compared, mismatches, rows that are
//! not instances of the table, duplicates and coverage.

use super::{Manifest, FORMAT, MAGIC};
use crate::games::{Solver, Table};
use rayon::prelude::*;
use std::io::{BufRead, BufReader, Read};

pub(super) use super::verdict::malformed;
pub use super::verdict::{
    BadRow, CheckError, ManifestCheck, Mismatch, TableCheck, Verdict, LISTED,
};

/// The longest line a table file may have, in bytes (the longest rows the
/// tables have are exact fractions of a few thousand digits): a longer one
/// is no table's, and reading it is stopped (`/dev/zero` has one endless
/// line).
pub const MAX_LINE: usize = 1 << 20;

/// A reader that counts the bytes read through it.
struct Counted<R> {
    inner: R,
    count: u64,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count += n as u64;
        Ok(n)
    }
}

/// Reads the text of a table file from `input`: gunzipped if it starts
/// with gzip's magic bytes, every line at most [`MAX_LINE`] bytes, UTF-8.
///
/// # Errors
/// [`CheckError::Malformed`] for a damaged or truncated gzip stream, bytes
/// after the end of the gzip stream (naming the offset of the first), a
/// line longer than [`MAX_LINE`] or text that is not UTF-8;
/// [`CheckError::Io`] when reading fails.
pub fn read_text(input: impl Read) -> Result<String, CheckError> {
    let mut input = BufReader::with_capacity(
        1 << 16,
        Counted {
            inner: input,
            count: 0,
        },
    );
    let head = input.fill_buf().map_err(CheckError::Io)?;
    let bytes = if head.starts_with(&[0x1f, 0x8b]) {
        let mut gz = flate2::bufread::GzDecoder::new(input);
        let bytes = read_lines(&mut gz).map_err(|e| match e {
            CheckError::Io(e) if e.kind() != std::io::ErrorKind::Interrupted => {
                malformed(0, format!("not a complete gzip stream ({e})"))
            }
            e => e,
        })?;
        // One gzip stream, nothing after it: `cat t.tsv.gz; echo x` is no
        // table file.
        let mut rest = gz.into_inner();
        let left = rest.fill_buf().map_err(CheckError::Io)?.len();
        if left > 0 {
            let offset = rest.get_ref().count - rest.buffer().len() as u64;
            return Err(malformed(
                0,
                format!("bytes after the end of the gzip stream, from byte offset {offset}"),
            ));
        }
        bytes
    } else {
        read_lines(&mut input)?
    };
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let line = e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        malformed(line, "not UTF-8 text")
    })
}

/// Every byte of `input`, stopped at the first line longer than
/// [`MAX_LINE`].
fn read_lines(input: &mut impl Read) -> Result<Vec<u8>, CheckError> {
    let mut bytes = Vec::new();
    let mut buf = vec![0u8; 1 << 16];
    // Bytes of the line being read, and its number.
    let (mut line_bytes, mut line) = (0usize, 1usize);
    loop {
        let n = match input.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(CheckError::Io(e)),
        };
        for &b in &buf[..n] {
            if b == b'\n' {
                line += 1;
                line_bytes = 0;
            } else {
                line_bytes += 1;
                if line_bytes > MAX_LINE {
                    return Err(malformed(line, format!("longer than {MAX_LINE} bytes")));
                }
            }
        }
        bytes.extend_from_slice(&buf[..n]);
    }
    Ok(bytes)
}

/// The text of a file's bytes, as [`read_text`] reads it.
///
/// # Errors
/// As [`read_text`].
pub fn text_of(bytes: Vec<u8>) -> Result<String, CheckError> {
    read_text(&bytes[..])
}

/// Compares the manifest `manifest` (written beside the table by `export
/// --out`) with the table file's `text` and its `report`: every field
/// that differs, named (`rows: the manifest says 1000, the file has 999`).
#[must_use]
pub fn manifest_mismatches(manifest: &Manifest, text: &str, report: &TableCheck) -> Vec<String> {
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap_or_default().split('\t').collect();
    let columns: Vec<String> = lines
        .next()
        .unwrap_or_default()
        .split('\t')
        .map(str::to_string)
        .collect();
    let format = header
        .get(1)
        .and_then(|f| f.strip_prefix("format "))
        .unwrap_or_default();
    let sha256 = super::sha256(text.as_bytes());
    let mut differ = Vec::new();
    let mut field = |name: &str, says: String, has: String| {
        if says != has {
            differ.push(format!(
                "{name}: the manifest says {says}, the file has {has}"
            ));
        }
    };
    field("format", manifest.format.to_string(), format.to_string());
    field("game", manifest.game.clone(), report.game.clone());
    field(
        "parameters",
        manifest.parameters.clone(),
        header.get(3).copied().unwrap_or_default().to_string(),
    );
    field("columns", manifest.columns.join(" "), columns.join(" "));
    field("rows", manifest.rows.to_string(), report.rows.to_string());
    field("sha256", manifest.sha256.clone(), sha256);
    differ
}

/// Checks the table `text` (the file's content) against the optimized
/// solver, and the naive one too when `naive`.
///
/// # Errors
/// [`CheckError::Malformed`]: no or a bad header, a line with the wrong
/// number of fields or a value not in the game's notation.
pub fn check(
    kinds: &[&dyn super::Kind],
    text: &str,
    naive: bool,
) -> Result<TableCheck, CheckError> {
    let (Some(first), rest) = first_line(text) else {
        return Err(malformed(1, "empty file: no table header"));
    };
    if first.starts_with('\u{feff}') {
        return Err(malformed(
            1,
            "the header starts with a byte-order mark (U+FEFF, bytes EF BB BF): a table file has none; save it without one",
        ));
    }
    let fields: Vec<&str> = first.split('\t').collect();
    let [magic, format, game, params] = fields[..] else {
        return Err(malformed(
            1,
            format!("not a table header: expected `{MAGIC}<TAB>format {FORMAT}<TAB>GAME<TAB>PARAMETERS`"),
        ));
    };
    if magic != MAGIC {
        return Err(malformed(
            1,
            format!("not a table header (it starts `{MAGIC}`)"),
        ));
    }
    if format != format!("format {FORMAT}") {
        return Err(malformed(
            1,
            format!("`{format}`: this version reads format {FORMAT}"),
        ));
    }
    match kinds.iter().find(|k| k.name() == game) {
        Some(kind) => kind.check(params, rest, naive),
        None => Err(malformed(
            1,
            format!(
                "no table of a game `{game}` (games: {})",
                super::names(kinds).join(", ")
            ),
        )),
    }
}

/// The first line of `text` as [`str::lines`] gives it (`None` for no
/// text), and the text after it.
fn first_line(text: &str) -> (Option<&str>, &str) {
    if text.is_empty() {
        return (None, "");
    }
    let (line, rest) = text.split_once('\n').unwrap_or((text, ""));
    (Some(line.strip_suffix('\r').unwrap_or(line)), rest)
}

/// Bytes of rows a thread checks at a time (cut after a line's end).
const PIECE: usize = 1 << 20;

/// `text` cut into pieces of about `size` bytes, each ending with a line's
/// end (the last one where `text` ends): the lines of the pieces in order
/// are the lines of `text`.
fn pieces(mut text: &str, size: usize) -> Vec<&str> {
    let mut pieces = Vec::new();
    while !text.is_empty() {
        let cut = match text.as_bytes().get(size..) {
            None => text.len(),
            Some(tail) => tail
                .iter()
                .position(|&b| b == b'\n')
                .map_or(text.len(), |k| size + k + 1),
        };
        let (piece, rest) = text.split_at(cut);
        pieces.push(piece);
        text = rest;
    }
    pieces
}

/// What one piece of the rows holds; lines are counted from the piece's
/// first (0) and made the file's when the pieces are joined in order.
#[derive(Default)]
struct Piece {
    lines: usize,
    /// (row of the table, line) of each row that is an instance, in order:
    /// duplicates are found when the pieces are joined.
    found: Vec<(usize, usize)>,
    mismatches: usize,
    first_mismatches: Vec<Mismatch>,
    not_instances: usize,
    first_not_instances: Vec<BadRow>,
    /// The first line that makes the file malformed, and why.
    malformed: Option<(usize, String)>,
}

/// The rows of a table of `G` (the text after the header line) checked
/// against `G`'s solvers: [`Kind::check`](super::Kind::check) of
/// [`GameTable`](super::GameTable).
///
/// # Errors
/// As [`check`].
pub fn check_game<G: Table>(params: &str, text: &str, naive: bool) -> Result<TableCheck, CheckError>
where
    G::Instance: Sync,
    G::Value: Sync,
{
    let params: G::Params = params.parse().map_err(|e| malformed(1, format!("{e}")))?;
    let expected = super::header::<G>(&params);
    let columns = expected.lines().nth(1).unwrap_or_default();
    let (line, body) = first_line(text);
    match line {
        Some(line) if line == columns => {}
        Some(line) => {
            return Err(malformed(
                2,
                format!("columns `{line}`, a {} table has `{columns}`", G::NAME),
            ))
        }
        None => return Err(malformed(2, "no column line")),
    }
    let field_count = columns.split('\t').count();
    // Refused before any work: a table past the naive solver's reach was
    // refused only after the optimized table was built.
    if naive {
        G::check_reach(Solver::Naive, &params)
            .map_err(|e| malformed(0, format!("--naive: {e}")))?;
    }
    let optimized =
        G::table(Solver::Optimized, &params).map_err(|e| malformed(1, e.to_string()))?;
    let naive_rows = if naive {
        Some(G::table(Solver::Naive, &params).map_err(|e| malformed(0, format!("--naive: {e}")))?)
    } else {
        None
    };
    let index = G::indexer(&params);
    let solvers = if naive {
        "optimized, naive"
    } else {
        "optimized"
    };
    let mut report = TableCheck::empty(G::NAME, &params.to_string(), optimized.len(), solvers);
    // Rows are read and compared in parallel by pieces, then joined in the
    // file's order: the same report on every thread count.
    let pieces = pieces(body, PIECE);
    let checked: Vec<Piece> = pieces
        .par_iter()
        .map(|piece| {
            let mut out = Piece::default();
            for (at, line) in piece.lines().enumerate() {
                out.lines += 1;
                let fields = line.bytes().filter(|&b| b == b'\t').count() + 1;
                if fields != field_count {
                    out.malformed = Some((
                        at,
                        format!(
                            "{fields} fields, a {} row has {field_count} (`{columns}`)",
                            G::NAME
                        ),
                    ));
                    break;
                }
                let (instance_text, value_text) =
                    line.split_once('\t').expect("at least two fields");
                let mut bad = |why: String| {
                    out.not_instances += 1;
                    if out.first_not_instances.len() < LISTED {
                        out.first_not_instances.push(BadRow {
                            line: at,
                            instance: instance_text.to_string(),
                            why,
                        });
                    }
                };
                let instance = match G::parse_instance(&params, instance_text) {
                    Ok(i) => i,
                    Err(e) => {
                        bad(e.to_string());
                        continue;
                    }
                };
                let Some(i) = index(&instance) else {
                    bad(format!("not an instance of the table {params}"));
                    continue;
                };
                // The value is read only for an instance of the table:
                // another game's rows are rows that are not instances, not
                // a malformed file.
                let value = match G::parse_value(value_text) {
                    Ok(value) => value,
                    Err(e) => {
                        out.malformed = Some((at, e.to_string()));
                        break;
                    }
                };
                out.found.push((i, at));
                let want = &optimized[i].1;
                let naive_value = naive_rows.as_ref().map(|rows| &rows[i].1);
                if &value != want || naive_value.is_some_and(|v| v != &value) {
                    out.mismatches += 1;
                    if out.first_mismatches.len() < LISTED {
                        out.first_mismatches.push(Mismatch {
                            line: at,
                            instance: instance_text.to_string(),
                            file: G::write_value(&value),
                            optimized: G::write_value(want),
                            naive: naive_value.map(|v| G::write_value(v)),
                        });
                    }
                }
            }
            out
        })
        .collect();
    // The file's line number of each row; the first line of each piece.
    let mut first = 3;
    let mut seen: Vec<usize> = vec![0; optimized.len()];
    for (piece, text) in checked.into_iter().zip(&pieces) {
        if let Some((at, why)) = piece.malformed {
            return Err(malformed(first + at, why));
        }
        report.rows += piece.lines;
        report.compared += piece.found.len();
        for (i, at) in piece.found {
            let line = first + at;
            if seen[i] != 0 {
                report.duplicates += 1;
                if report.first_duplicates.len() < LISTED {
                    let row = text.lines().nth(at).expect("the piece has the line");
                    report.first_duplicates.push(BadRow {
                        line,
                        instance: row.split_once('\t').map_or(row, |(i, _)| i).to_string(),
                        why: format!("repeats line {}", seen[i]),
                    });
                }
            } else {
                seen[i] = line;
                report.covered += 1;
            }
        }
        report.mismatches += piece.mismatches;
        for mut m in piece.first_mismatches {
            if report.first_mismatches.len() < LISTED {
                m.line += first;
                report.first_mismatches.push(m);
            }
        }
        report.not_instances += piece.not_instances;
        for mut b in piece.first_not_instances {
            if report.first_not_instances.len() < LISTED {
                b.line += first;
                report.first_not_instances.push(b);
            }
        }
        first += piece.lines;
    }
    report.judge(false);
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Cut at every size, the pieces' lines are the text's lines, each
    /// piece but the last ends with a line's end, and none is empty.
    #[test]
    fn pieces_keep_every_line() {
        for text in [
            "",
            "a",
            "a\n",
            "ab\ncd\r\n\nef",
            "a\tb\nc\td\n\n\ne\tf\r\ng",
        ] {
            for size in 0..=text.len() + 1 {
                let cut = pieces(text, size);
                assert_eq!(cut.concat(), text);
                assert!(cut.iter().all(|p| !p.is_empty()));
                assert!(cut.iter().rev().skip(1).all(|p| p.ends_with('\n')));
                let lines: Vec<&str> = cut.iter().flat_map(|p| p.lines()).collect();
                assert_eq!(
                    lines,
                    text.lines().collect::<Vec<_>>(),
                    "{text:?} at {size}"
                );
            }
        }
    }
}
