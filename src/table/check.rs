//! A table file read back and compared row by row with the solvers
//! (`solved-games check-table`): rows compared, mismatches, rows that are
//! not instances of the table, duplicates and coverage.

use super::{FORMAT, MAGIC};
use crate::games::{
    geister::face::Geister, memory::face::Memory, nim::face::Nim, stones::face::StoneGames,
    yen::face::Yen, Solver, Table,
};
use rayon::prelude::*;
use std::io::Read;

pub(super) use super::verdict::malformed;
pub use super::verdict::{BadRow, CheckError, Mismatch, Report, LISTED};

/// The text of a file's bytes: gunzipped if they start with gzip's magic.
///
/// # Errors
/// [`CheckError::Malformed`] for a damaged or truncated gzip stream or
/// text that is not UTF-8.
pub fn text_of(bytes: Vec<u8>) -> Result<String, CheckError> {
    let bytes = if bytes.starts_with(&[0x1f, 0x8b]) {
        let mut text = Vec::new();
        flate2::read::GzDecoder::new(&bytes[..])
            .read_to_end(&mut text)
            .map_err(|e| malformed(0, format!("not a complete gzip stream ({e})")))?;
        text
    } else {
        bytes
    };
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let line = e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        malformed(line, "not UTF-8 text")
    })
}

/// Checks the table `text` (the file's content) against the optimized
/// solver, and the naive one too when `naive`.
///
/// # Errors
/// [`CheckError::Malformed`]: no or a bad header, a line with the wrong
/// number of fields or a value not in the game's notation.
pub fn check(text: &str, naive: bool) -> Result<Report, CheckError> {
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
    match game {
        "nim" => check_game::<Nim>(params, rest, naive),
        "stones" => check_game::<StoneGames>(params, rest, naive),
        "memory" => check_game::<Memory>(params, rest, naive),
        "geister" => check_game::<Geister>(params, rest, naive),
        "yen" => check_game::<Yen>(params, rest, naive),
        super::certified::GAME => super::certified::check(params, rest.lines(), naive),
        other => Err(malformed(
            1,
            format!(
                "no table of a game `{other}` (games: {}, {})",
                super::GAMES.join(", "),
                super::certified::GAME
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

fn check_game<G: Table>(params: &str, text: &str, naive: bool) -> Result<Report, CheckError>
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
    let optimized =
        G::table(Solver::Optimized, &params).map_err(|e| malformed(1, e.to_string()))?;
    let naive_rows = if naive {
        Some(G::table(Solver::Naive, &params).map_err(|e| malformed(1, e.to_string()))?)
    } else {
        None
    };
    let index = G::indexer(&params);
    let solvers = if naive {
        "optimized, naive"
    } else {
        "optimized"
    };
    let mut report = Report::empty(G::NAME, &params.to_string(), optimized.len(), solvers);
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
