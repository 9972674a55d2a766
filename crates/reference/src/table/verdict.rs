//! What a check of a table file reports, and how it fails: shared by the
//! exact tables ([`check`](super::check)) and the certified interval
//! tables ([`certified`](super::certified)).

use serde::Serialize;
use std::fmt;

/// How many mismatches, bad rows and duplicates a report lists.
pub const LISTED: usize = 20;

/// Why a file could not be checked.
#[derive(Debug)]
pub enum CheckError {
    /// The file is not a table: a line number (1-based; 0 for the file as a
    /// whole) and why.
    Malformed {
        /// Where.
        line: usize,
        /// What is wrong.
        why: String,
    },
    /// Reading failed.
    Io(std::io::Error),
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckError::Malformed { line: 0, why } => f.write_str(why),
            CheckError::Malformed { line, why } => write!(f, "line {line}: {why}"),
            CheckError::Io(e) => e.fmt(f),
        }
    }
}

/// A [`CheckError::Malformed`] at `line` (0: the file as a whole).
#[must_use]
pub fn malformed(line: usize, why: impl Into<String>) -> CheckError {
    CheckError::Malformed {
        line,
        why: why.into(),
    }
}

/// A row whose value differs from a solver's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Mismatch {
    /// Line number in the file.
    pub line: usize,
    /// The instance, as written in the file.
    pub instance: String,
    /// The file's value.
    pub file: String,
    /// The optimized solver's value.
    pub optimized: String,
    /// The naive solver's value, with `--naive`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub naive: Option<String>,
}

/// A row that is not one of the table's instances, or a repeated one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BadRow {
    /// Line number in the file.
    pub line: usize,
    /// The instance field as written.
    pub instance: String,
    /// Why it is not an instance of the table (for a duplicate: the line it
    /// repeats).
    pub why: String,
}

/// What `check-table` found.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    /// The game of the header.
    pub game: String,
    /// The parameters of the header.
    pub parameters: String,
    /// Rows in the file.
    pub rows: usize,
    /// Rows that are instances of the table and were compared.
    pub compared: usize,
    /// Compared rows whose value differs.
    pub mismatches: usize,
    /// The first [`LISTED`] of them.
    pub first_mismatches: Vec<Mismatch>,
    /// Rows that are not instances of the table.
    pub not_instances: usize,
    /// The first [`LISTED`] of them, with line numbers.
    pub first_not_instances: Vec<BadRow>,
    /// Rows repeating an instance of an earlier row.
    pub duplicates: usize,
    /// The first [`LISTED`] of them.
    pub first_duplicates: Vec<BadRow>,
    /// Instances of the table.
    pub table_rows: usize,
    /// Distinct instances of the table the file has.
    pub covered: usize,
    /// The solvers compared with: `optimized`, or `optimized, naive`
    /// (`certified` for a certified interval table).
    pub solvers: String,
    /// A certified interval table only: rows whose interval meets ours
    /// without containing it (not refuted, not confirmed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unconfirmed: Option<usize>,
}

impl Report {
    /// A report before any row is read: the table's game, parameters, its
    /// number of instances and the solvers the rows are compared with.
    #[must_use]
    pub fn empty(game: &str, parameters: &str, table_rows: usize, solvers: &str) -> Report {
        Report {
            game: game.to_string(),
            parameters: parameters.to_string(),
            rows: 0,
            compared: 0,
            mismatches: 0,
            first_mismatches: Vec::new(),
            not_instances: 0,
            first_not_instances: Vec::new(),
            duplicates: 0,
            first_duplicates: Vec::new(),
            table_rows,
            covered: 0,
            solvers: solvers.to_string(),
            unconfirmed: None,
        }
    }

    /// Whether every row is an instance with the solvers' value (missing
    /// rows and duplicates with equal values are no failure).
    #[must_use]
    pub fn passed(&self) -> bool {
        self.mismatches == 0 && self.not_instances == 0
    }
}
