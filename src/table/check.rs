//! A table file read back and compared row by row with the solvers
//! (`solved-games check-table`): rows compared, mismatches, rows that are
//! not instances of the table, duplicates and coverage.

use super::{FORMAT, MAGIC};
use crate::games::{
    geister::face::Geister, memory::face::Memory, nim::face::Nim, stones::face::StoneGames,
    yen::face::Yen, Solver, Table,
};
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
    let mut lines = text.lines();
    let first = lines
        .next()
        .ok_or_else(|| malformed(1, "empty file: no table header"))?;
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
        "nim" => check_game::<Nim>(params, lines, naive),
        "stones" => check_game::<StoneGames>(params, lines, naive),
        "memory" => check_game::<Memory>(params, lines, naive),
        "geister" => check_game::<Geister>(params, lines, naive),
        "yen" => check_game::<Yen>(params, lines, naive),
        super::certified::GAME => super::certified::check(params, lines, naive),
        other => Err(malformed(
            1,
            format!(
                "no table of a game `{other}` (games: {})",
                super::GAMES.join(", ")
            ),
        )),
    }
}

fn check_game<'a, G: Table>(
    params: &str,
    mut lines: impl Iterator<Item = &'a str>,
    naive: bool,
) -> Result<Report, CheckError> {
    let params: G::Params = params.parse().map_err(|e| malformed(1, format!("{e}")))?;
    let expected = super::header::<G>(&params);
    let columns = expected.lines().nth(1).unwrap_or_default();
    match lines.next() {
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
    let mut seen: Vec<usize> = vec![0; optimized.len()];
    let solvers = if naive {
        "optimized, naive"
    } else {
        "optimized"
    };
    let mut report = Report::empty(G::NAME, &params.to_string(), optimized.len(), solvers);
    for (n, line) in lines.enumerate() {
        let number = n + 3;
        report.rows += 1;
        let fields = line.split('\t').count();
        if fields != field_count {
            return Err(malformed(
                number,
                format!(
                    "{fields} fields, a {} row has {field_count} (`{columns}`)",
                    G::NAME
                ),
            ));
        }
        let (instance_text, value_text) = line.split_once('\t').expect("at least two fields");
        let mut bad = |why: String| {
            report.not_instances += 1;
            if report.first_not_instances.len() < LISTED {
                report.first_not_instances.push(BadRow {
                    line: number,
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
        // The value is read only for an instance of the table: another
        // game's rows are rows that are not instances, not a malformed file.
        let value = G::parse_value(value_text).map_err(|e| malformed(number, e.to_string()))?;
        if seen[i] != 0 {
            report.duplicates += 1;
            if report.first_duplicates.len() < LISTED {
                report.first_duplicates.push(BadRow {
                    line: number,
                    instance: instance_text.to_string(),
                    why: format!("repeats line {}", seen[i]),
                });
            }
        } else {
            seen[i] = number;
            report.covered += 1;
        }
        report.compared += 1;
        let want = &optimized[i].1;
        let naive_value = naive_rows.as_ref().map(|rows| &rows[i].1);
        if &value != want || naive_value.is_some_and(|v| v != &value) {
            report.mismatches += 1;
            if report.first_mismatches.len() < LISTED {
                report.first_mismatches.push(Mismatch {
                    line: number,
                    instance: instance_text.to_string(),
                    file: G::write_value(&value),
                    optimized: G::write_value(want),
                    naive: naive_value.map(|v| G::write_value(v)),
                });
            }
        }
    }
    Ok(report)
}
