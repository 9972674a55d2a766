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

/// What a check of a table file concludes (SPEC.md, "Table files"), with
/// the exit status of `check-table`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum Verdict {
    /// Every instance of the table is in the file, every row is one and has
    /// the solvers' value (duplicates too), and a manifest beside the file,
    /// if any, matches it. Exit status 0.
    Pass,
    /// A row with a wrong value, a row that is not an instance of the
    /// table, or a manifest that does not match the file. Exit status 1.
    Fail,
    /// Every row is right but some instances of the table are missing
    /// (coverage below 100 %), and no sample was meant (`--partial`). Exit
    /// status 4.
    Incomplete,
    /// No row is wrong, but a certified interval could be neither confirmed
    /// nor refuted (beyond the exact solver's reach). Exit status 5.
    Unconfirmed,
}

impl Verdict {
    /// The word `check-table` prints.
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Pass => "PASS",
            Verdict::Fail => "FAIL",
            Verdict::Incomplete => "INCOMPLETE",
            Verdict::Unconfirmed => "UNCONFIRMED",
        }
    }

    /// The exit status of `check-table` with this verdict.
    #[must_use]
    pub fn exit_status(self) -> u8 {
        match self {
            Verdict::Pass => 0,
            Verdict::Fail => 1,
            Verdict::Incomplete => 4,
            Verdict::Unconfirmed => 5,
        }
    }
}

/// What `check-table` found.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TableCheck {
    /// PASS, FAIL, INCOMPLETE or UNCONFIRMED ([`TableCheck::judge`]).
    pub verdict: Verdict,
    /// Whether the file was checked as a sample (`--partial`): missing
    /// rows are then no INCOMPLETE.
    pub partial: bool,
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
    /// (`certified` for a certified interval table, `certified, exact`
    /// where rows were decided exactly).
    pub solvers: String,
    /// A certified interval table only: rows whose interval meets ours
    /// without containing it and that the exact solver could not decide
    /// (not refuted, not confirmed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unconfirmed: Option<usize>,
    /// The first [`LISTED`] of them, with line numbers.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub first_unconfirmed: Vec<BadRow>,
    /// A certified interval table only: rows whose interval meets ours
    /// without containing it, decided by the exact value (right or wrong).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decided_exactly: Option<usize>,
    /// The manifest beside the file, if one was read: its path and every
    /// field that does not match the file.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub manifest: Option<ManifestCheck>,
}

/// A manifest read beside a table file and compared with it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ManifestCheck {
    /// The manifest's path.
    pub file: String,
    /// Each field that differs: `rows: the manifest says 1000, the file has 999`.
    pub mismatches: Vec<String>,
}

impl TableCheck {
    /// A report before any row is read: the table's game, parameters, its
    /// number of instances and the solvers the rows are compared with.
    #[must_use]
    pub fn empty(game: &str, parameters: &str, table_rows: usize, solvers: &str) -> TableCheck {
        TableCheck {
            verdict: Verdict::Pass,
            partial: false,
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
            first_unconfirmed: Vec::new(),
            decided_exactly: None,
            manifest: None,
        }
    }

    /// Sets [`TableCheck::verdict`] from the counts: FAIL on a wrong row, a row
    /// that is not an instance or a manifest that differs; else
    /// UNCONFIRMED on an undecided interval; else INCOMPLETE below full
    /// coverage unless `partial`; else PASS.
    pub fn judge(&mut self, partial: bool) {
        self.partial = partial;
        let manifest_differs = self
            .manifest
            .as_ref()
            .is_some_and(|m| !m.mismatches.is_empty());
        self.verdict = if self.mismatches > 0 || self.not_instances > 0 || manifest_differs {
            Verdict::Fail
        } else if self.unconfirmed.is_some_and(|n| n > 0) {
            Verdict::Unconfirmed
        } else if self.covered < self.table_rows && !partial {
            Verdict::Incomplete
        } else {
            Verdict::Pass
        };
    }

    /// Whether the verdict is PASS.
    #[must_use]
    pub fn passed(&self) -> bool {
        self.verdict == Verdict::Pass
    }
}
