//! The referee's log (`--log FILE`): JSON lines that survive a killed run
//! and let it be resumed.
//!
//! - Every record is one line, written with a single `write` and flushed at
//!   once, so a kill leaves at most one partial line at the end — and a run
//!   that opens the log cuts such a line off ([`repair_partial_line`])
//!   before it appends.
//! - Every run starts with a header (`"record":"run"`: run id, start time,
//!   crate version, command, seed, players and options); every match
//!   record carries the run id, so several runs in one file are told
//!   apart.
//! - A resumed run writes `"record":"resume"` and goes on with the same run
//!   id, so the matches of one run are the match records with its id, each
//!   exactly once however often it was resumed.
//!
//! ```text
//! {"record":"run","run":"5e0c…","started":"2026-11-23T20:17:45Z","version":"0.1.0","command":"tournament","seed":1,"players":["always1000","minus1"],"options":{"games":1000,"total":10000,"rounds":10,"timeout":2.0}}
//! {"record":"match","run":"5e0c…","series":1,"a":"always1000","b":"minus1","match":1,"bets_a":[…],"bets_b":[…],"money_a":3008,"money_b":16992,"result":"b","forfeits":[],"rounds_after_forfeit":[]}
//! {"record":"resume","run":"5e0c…","started":"…","version":"0.1.0","matches_done":412,"options":{…}}
//! ```

use super::{MatchRecord, PlayedMatch};
use crate::core::{Outcome, Player};
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::fmt;
use std::io::{self, BufRead, Read, Seek, SeekFrom, Write};

/// Settings a resumed run must share with the run it continues.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Options {
    /// Matches per series.
    pub games: u64,
    /// Money each player bets in full (T).
    pub total: u64,
    /// Rounds per match (R).
    pub rounds: u32,
    /// Seconds a program has for each bet (may change on resume).
    pub timeout: f64,
}

/// The first record of a run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunHeader {
    /// The run id, in every record of the run.
    pub run: String,
    /// Start time, RFC 3339 in UTC.
    pub started: String,
    /// The crate's version.
    pub version: String,
    /// `match` or `tournament`.
    pub command: String,
    /// `--seed`.
    pub seed: u64,
    /// The players as named on the command line, in line-up order.
    pub players: Vec<String>,
    /// The other settings.
    pub options: Options,
}

impl RunHeader {
    /// A header for a run starting now, with a fresh random run id.
    #[must_use]
    pub fn new(command: &str, seed: u64, players: Vec<String>, options: Options) -> RunHeader {
        RunHeader {
            run: format!("{:016x}", fastrand::u64(..)),
            started: now(),
            version: env!("CARGO_PKG_VERSION").to_string(),
            command: command.to_string(),
            seed,
            players,
            options,
        }
    }

    /// The first setting in which `self` (a logged run) and `other` (the
    /// command line now) differ, as its command-line flag with both values;
    /// `None` when a run under `other` may continue this one. The timeout
    /// may differ.
    #[must_use]
    pub fn differs_from(&self, other: &RunHeader) -> Option<String> {
        let show = |flag: &str, logged: &dyn fmt::Debug, now: &dyn fmt::Debug| {
            Some(format!("{flag}: the log has {logged:?}, this run {now:?}"))
        };
        let (a, b) = (&self.options, &other.options);
        if self.command != other.command {
            show("command", &self.command, &other.command)
        } else if self.players != other.players {
            show("players", &self.players, &other.players)
        } else if self.seed != other.seed {
            show("--seed", &self.seed, &other.seed)
        } else if a.games != b.games {
            show("--games", &a.games, &b.games)
        } else if a.total != b.total {
            show("--total", &a.total, &b.total)
        } else if a.rounds != b.rounds {
            show("--rounds", &a.rounds, &b.rounds)
        } else {
            None
        }
    }
}

fn now() -> String {
    humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string()
}

/// Appends records to a log, each as one whole line, flushed.
pub struct LogWriter<W: Write> {
    out: W,
    run: String,
}

impl<W: Write> LogWriter<W> {
    /// Starts a run: writes `header` to `out`.
    ///
    /// # Errors
    /// The write error.
    pub fn start(mut out: W, header: &RunHeader) -> io::Result<LogWriter<W>> {
        let mut value = serde_json::to_value(header).map_err(io::Error::other)?;
        value["record"] = json!("run");
        write_line(&mut out, &value)?;
        Ok(LogWriter {
            out,
            run: header.run.clone(),
        })
    }

    /// Continues run `header.run`, `matches_done` matches already played:
    /// writes a resume record with this run's start time and options.
    ///
    /// # Errors
    /// The write error.
    pub fn resume(mut out: W, header: &RunHeader, matches_done: u64) -> io::Result<LogWriter<W>> {
        write_line(
            &mut out,
            &json!({"record": "resume", "run": header.run, "started": now(),
                    "version": env!("CARGO_PKG_VERSION"), "matches_done": matches_done,
                    "options": header.options}),
        )?;
        Ok(LogWriter {
            out,
            run: header.run.clone(),
        })
    }

    /// Appends one match of series `series` (1-based) between `a` and `b`.
    ///
    /// # Errors
    /// The write error.
    pub fn record(
        &mut self,
        series: usize,
        a: &str,
        b: &str,
        record: &MatchRecord<'_>,
    ) -> io::Result<()> {
        write_line(&mut self.out, &match_json(&self.run, series, a, b, record))
    }
}

/// One record as one `write` of a whole line, then a flush: a kill leaves
/// either the line or, at worst, a partial last line that the next run
/// repairs — never a line that runs into the next.
fn write_line(out: &mut impl Write, value: &serde_json::Value) -> io::Result<()> {
    let mut line = serde_json::to_vec(value).map_err(io::Error::other)?;
    line.push(b'\n');
    out.write_all(&line)?;
    out.flush()
}

/// One match as a record of run `run`: the series number (1-based, in
/// pairing order), both names, the match number, every bet, the money,
/// the result (`a`, `b` or `draw`), the forfeits with their kind and
/// reason, and the rounds settled after the first forfeit.
#[must_use]
pub fn match_json(
    run: &str,
    series: usize,
    name_a: &str,
    name_b: &str,
    record: &MatchRecord<'_>,
) -> serde_json::Value {
    let side = |p: Player| match p {
        Player::First => "a",
        Player::Second => "b",
    };
    let (money_a, money_b) = record.money();
    json!({
        "record": "match",
        "run": run,
        "series": series,
        "a": name_a,
        "b": name_b,
        "match": record.number,
        "bets_a": record.rounds.iter().map(|r| r.bet_a).collect::<Vec<_>>(),
        "bets_b": record.rounds.iter().map(|r| r.bet_b).collect::<Vec<_>>(),
        "money_a": money_a,
        "money_b": money_b,
        "result": match record.outcome {
            Outcome::Winner(p) => side(p),
            Outcome::Draw => "draw",
        },
        "forfeits": record.forfeits.iter().map(|f| json!({
            "side": side(f.side),
            "round": f.round,
            "kind": f.fault.kind(),
            "reason": f.fault.to_string(),
        })).collect::<Vec<_>>(),
        "rounds_after_forfeit": record.after_forfeit.iter().map(|r| [r.bet_a, r.bet_b]).collect::<Vec<_>>(),
    })
}

/// Cuts a partial last line (one without its newline, left by a run that
/// was killed while writing) off a log opened for reading and writing.
/// Returns the number of bytes cut, 0 when the file ends with a whole line
/// or is empty. Files that are not regular files (`/dev/full`, a pipe) are
/// left alone.
///
/// # Errors
/// A read, seek or truncate error.
pub fn repair_partial_line(file: &mut std::fs::File) -> io::Result<u64> {
    let meta = file.metadata()?;
    if !meta.is_file() || meta.len() == 0 {
        return Ok(0);
    }
    let len = meta.len();
    // Search backwards, a block at a time, for the last newline.
    let mut end = len;
    let mut block = vec![0u8; 64 * 1024];
    let keep = loop {
        let start = end.saturating_sub(block.len() as u64);
        let chunk = &mut block[..(end - start) as usize];
        file.seek(SeekFrom::Start(start))?;
        file.read_exact(chunk)?;
        if end == len && chunk.last() == Some(&b'\n') {
            return Ok(0);
        }
        if let Some(i) = chunk.iter().rposition(|&c| c == b'\n') {
            break start + i as u64 + 1;
        }
        if start == 0 {
            break 0;
        }
        end = start;
    };
    file.set_len(keep)?;
    file.seek(SeekFrom::End(0))?;
    Ok(len - keep)
}

/// A run read back from a log, to be resumed.
#[derive(Debug, Clone, PartialEq)]
pub struct LoggedRun {
    /// Its header.
    pub header: RunHeader,
    /// Per series (0-based, in pairing order), the matches already played,
    /// in order from match 1.
    pub series: Vec<Vec<PlayedMatch>>,
}

impl LoggedRun {
    /// Matches already played over all series.
    #[must_use]
    pub fn matches_done(&self) -> u64 {
        self.series.iter().map(|s| s.len() as u64).sum()
    }
}

/// Why a log cannot be resumed.
#[derive(Debug)]
pub enum LogError {
    /// Reading failed.
    Io(io::Error),
    /// The log has no run header (empty, or written by an older version).
    NoRun,
    /// No run in the log has the settings asked for ([`read_run`]).
    OtherRun {
        /// How the last run differs, as [`RunHeader::differs_from`] says.
        difference: String,
        /// Runs in the log.
        runs: usize,
    },
    /// A line of the last run is not a record this version reads.
    BadRecord {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        reason: RecordError,
    },
}

/// What is wrong with a line of a log's last run.
#[derive(Debug)]
pub enum RecordError {
    /// The line is not UTF-8 (so not a record this crate wrote).
    NotUtf8,
    /// The run header does not read as one.
    Header(serde_json::Error),
    /// The line is not JSON.
    NotJson(serde_json::Error),
    /// A match record with fields missing or of the wrong type.
    Match(serde_json::Error),
    /// Series are numbered from 1.
    SeriesZero,
    /// A match that does not follow the one before it in its series.
    OutOfOrder {
        /// The match's number.
        number: u64,
        /// Its series.
        series: usize,
        /// The last match of that series read so far.
        after: usize,
    },
    /// A side that is neither `a` nor `b`.
    UnknownSide {
        /// The side as written.
        side: String,
    },
    /// `bets_a` and `bets_b` differ in length.
    BetsDiffer {
        /// Bets of A.
        a: usize,
        /// Bets of B.
        b: usize,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::NotUtf8 => f.write_str("not UTF-8 (not a log this program wrote)"),
            RecordError::Header(e) => write!(f, "run header: {e}"),
            RecordError::NotJson(e) => write!(f, "not JSON: {e}"),
            RecordError::Match(e) => write!(f, "match record: {e}"),
            RecordError::SeriesZero => f.write_str("series 0 (series are numbered from 1)"),
            RecordError::OutOfOrder {
                number,
                series,
                after,
            } => write!(f, "match {number} of series {series} follows match {after}"),
            RecordError::UnknownSide { side } => {
                write!(f, "side {side:?} is neither \"a\" nor \"b\"")
            }
            RecordError::BetsDiffer { .. } => f.write_str("bets_a and bets_b differ in length"),
        }
    }
}

impl std::error::Error for RecordError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RecordError::Header(e) | RecordError::NotJson(e) | RecordError::Match(e) => Some(e),
            _ => None,
        }
    }
}

impl fmt::Display for LogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LogError::Io(e) => write!(f, "{e}"),
            LogError::NoRun => write!(
                f,
                "no run to resume: the log has no run header (it is empty, or was written before logs had run headers)"
            ),
            LogError::BadRecord { line, reason } => write!(f, "line {line}: {reason}"),
            LogError::OtherRun { difference, runs } => write!(
                f,
                "the last run in this log is another one (it differs in {difference}){}; \
                 resume with its settings, or start a new run without --resume",
                if *runs > 1 {
                    format!(", and none of the {runs} runs in it has this run's settings")
                } else {
                    String::new()
                }
            ),
        }
    }
}

impl std::error::Error for LogError {}

/// Reads the last run of a log: its header (the last `"record":"run"`)
/// and the matches recorded under its id, by series. Lines before that
/// header are not read beyond their record type, so older or damaged runs
/// earlier in the file do not stop a resume.
///
/// # Errors
/// [`LogError::NoRun`] without a header; [`LogError::BadRecord`] for a
/// record of the last run that cannot be read, or matches out of order.
pub fn read_last_run(input: impl BufRead) -> Result<LoggedRun, LogError> {
    // Only the lines from the last header on are kept.
    let mut lines: Vec<String> = Vec::new();
    let mut first = None;
    for (i, line) in input.lines().enumerate() {
        let line = line.map_err(LogError::Io)?;
        if line.contains("\"record\":\"run\"")
            && serde_json::from_str::<serde_json::Value>(&line).is_ok_and(|v| v["record"] == "run")
        {
            first = Some(i);
            lines.clear();
        }
        if first.is_some() {
            lines.push(line);
        }
    }
    let first = first.ok_or(LogError::NoRun)?;
    let bad = |line: usize, reason: RecordError| LogError::BadRecord {
        line: first + line + 1,
        reason,
    };
    let header: RunHeader =
        serde_json::from_str(&lines[0]).map_err(|e| bad(0, RecordError::Header(e)))?;
    let mut series: Vec<Vec<PlayedMatch>> = Vec::new();
    for (i, line) in lines.iter().enumerate().skip(1) {
        let v: serde_json::Value =
            serde_json::from_str(line).map_err(|e| bad(i, RecordError::NotJson(e)))?;
        if v["run"] != header.run.as_str() || v["record"] != "match" {
            continue;
        }
        let logged: LoggedMatch =
            serde_json::from_value(v).map_err(|e| bad(i, RecordError::Match(e)))?;
        if logged.series == 0 {
            return Err(bad(i, RecordError::SeriesZero));
        }
        if series.len() < logged.series {
            series.resize(logged.series, Vec::new());
        }
        let played = &mut series[logged.series - 1];
        if logged.number != played.len() as u64 + 1 {
            return Err(bad(
                i,
                RecordError::OutOfOrder {
                    number: logged.number,
                    series: logged.series,
                    after: played.len(),
                },
            ));
        }
        played.push(logged.played().map_err(|reason| bad(i, reason))?);
    }
    Ok(LoggedRun { header, series })
}

/// Reads the run of a log that `wanted` (the command line now) continues:
/// the last run whose header has its settings ([`RunHeader::differs_from`]
/// is `None`), with the match records under its id, by series. A log that
/// two runs shared (`--log` given twice) is resumed at the run that matches,
/// wherever it is in the file; records of other runs, and any line before
/// the first header, are read no further than their record type and run id,
/// so they do not stop a resume. One pass; only the matching runs' records
/// are kept. SPEC.md, "Resuming a log that holds several runs".
///
/// # Errors
/// [`LogError::NoRun`] without a header; [`LogError::OtherRun`] when no
/// run has `wanted`'s settings; [`LogError::BadRecord`] for a record of the
/// chosen run that cannot be read, or matches out of order, and for a line
/// that is not UTF-8 where it could belong to a matching run.
pub fn read_run(mut input: impl BufRead, wanted: &RunHeader) -> Result<LoggedRun, LogError> {
    // The last header (or why it does not read); for each matching run,
    // its header line and the lines after it that name its id.
    let mut last: Option<Result<RunHeader, (usize, serde_json::Error)>> = None;
    let mut runs = 0;
    let mut matching: Vec<(RunHeader, Vec<(usize, String)>)> = Vec::new();
    let mut bytes = Vec::new();
    let mut number = 0;
    loop {
        bytes.clear();
        if input.read_until(b'\n', &mut bytes).map_err(LogError::Io)? == 0 {
            break;
        }
        number += 1;
        let Ok(line) = std::str::from_utf8(&bytes) else {
            if matching.is_empty() {
                // Before any run this command line continues: not ours.
                continue;
            }
            return Err(LogError::BadRecord {
                line: number,
                reason: RecordError::NotUtf8,
            });
        };
        let line = line.trim_end_matches(['\n', '\r']);
        if line.contains("\"record\":\"run\"")
            && serde_json::from_str::<serde_json::Value>(line).is_ok_and(|v| v["record"] == "run")
        {
            runs += 1;
            let header = serde_json::from_str::<RunHeader>(line).map_err(|e| (number, e));
            if let Ok(h) = &header {
                if h.differs_from(wanted).is_none() {
                    matching.push((h.clone(), vec![(number, line.to_string())]));
                }
            }
            last = Some(header);
            continue;
        }
        for (header, lines) in &mut matching {
            if line.contains(header.run.as_str()) {
                lines.push((number, line.to_string()));
            }
        }
    }
    let Some((_, lines)) = matching.pop() else {
        return Err(match last {
            None => LogError::NoRun,
            Some(Err((line, e))) => LogError::BadRecord {
                line,
                reason: RecordError::Header(e),
            },
            Some(Ok(h)) => LogError::OtherRun {
                difference: h.differs_from(wanted).unwrap_or_default(),
                runs,
            },
        });
    };
    // The chosen run, read as `read_last_run` reads the last one, with the
    // file's line numbers in its errors.
    let numbers: Vec<usize> = lines.iter().map(|(n, _)| *n).collect();
    let text: String = lines.into_iter().map(|(_, l)| l + "\n").collect();
    let run = read_last_run(text.as_bytes()).map_err(|e| match e {
        LogError::BadRecord { line, reason } => LogError::BadRecord {
            line: numbers.get(line - 1).copied().unwrap_or(line),
            reason,
        },
        e => e,
    })?;
    Ok(run)
}

/// A match record as read back.
#[derive(Deserialize)]
struct LoggedMatch {
    series: usize,
    #[serde(rename = "match")]
    number: u64,
    bets_a: Vec<u64>,
    bets_b: Vec<u64>,
    result: String,
    forfeits: Vec<LoggedForfeit>,
    rounds_after_forfeit: Vec<(u64, u64)>,
}

#[derive(Deserialize)]
struct LoggedForfeit {
    side: String,
    kind: String,
}

impl LoggedMatch {
    fn played(self) -> Result<PlayedMatch, RecordError> {
        let side = |s: &str| match s {
            "a" => Ok(0),
            "b" => Ok(1),
            other => Err(RecordError::UnknownSide {
                side: other.to_string(),
            }),
        };
        let outcome = match self.result.as_str() {
            "draw" => Outcome::Draw,
            s => Outcome::Winner(if side(s)? == 0 {
                Player::First
            } else {
                Player::Second
            }),
        };
        if self.bets_a.len() != self.bets_b.len() {
            return Err(RecordError::BetsDiffer {
                a: self.bets_a.len(),
                b: self.bets_b.len(),
            });
        }
        let mut played = PlayedMatch {
            bets: self
                .bets_a
                .into_iter()
                .zip(self.bets_b)
                .chain(self.rounds_after_forfeit)
                .collect(),
            outcome,
            forfeits: [0; 2],
            faulted: [false; 2],
            disqualified: [false; 2],
        };
        for f in self.forfeits {
            let i = side(&f.side)?;
            played.forfeits[i] += 1;
            if f.kind == "disqualified" {
                played.disqualified[i] = true;
            } else {
                played.faulted[i] = true;
            }
        }
        Ok(played)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = r#"{"record":"run","run":"r1","started":"2026-11-23T20:17:45Z","version":"0.1.0","command":"tournament","seed":1,"players":["always1000","minus1"],"options":{"games":3,"total":5,"rounds":3,"timeout":2.0}}"#;

    fn record(fields: &str) -> String {
        format!(
            r#"{{"record":"match","run":"r1","a":"always1000","b":"minus1",{fields},"forfeits":[],"rounds_after_forfeit":[]}}"#
        )
    }

    fn reason(lines: &[&str]) -> RecordError {
        match read_last_run(lines.join("\n").as_bytes()) {
            Err(LogError::BadRecord { line, reason }) => {
                assert_eq!(line, lines.len(), "{reason}");
                reason
            }
            other => panic!("{:?}", other.map(|r| r.series.len())),
        }
    }

    #[test]
    fn a_bad_record_is_refused_with_the_variant_naming_what_is_wrong() {
        let good = record(r#""series":1,"match":1,"bets_a":[5],"bets_b":[5],"result":"draw""#);
        assert!(read_last_run([HEADER, &good].join("\n").as_bytes()).is_ok());
        assert!(matches!(
            reason(&[HEADER, "{oops"]),
            RecordError::NotJson(_)
        ));
        let missing = r#"{"record":"match","run":"r1","series":1}"#;
        assert!(matches!(reason(&[HEADER, missing]), RecordError::Match(_)));
        let zero = record(r#""series":0,"match":1,"bets_a":[5],"bets_b":[5],"result":"draw""#);
        assert!(matches!(reason(&[HEADER, &zero]), RecordError::SeriesZero));
        let second = record(r#""series":1,"match":2,"bets_a":[5],"bets_b":[5],"result":"draw""#);
        assert!(matches!(
            reason(&[HEADER, &second]),
            RecordError::OutOfOrder {
                number: 2,
                series: 1,
                after: 0
            }
        ));
        let side = record(r#""series":1,"match":1,"bets_a":[5],"bets_b":[5],"result":"c""#);
        let e = reason(&[HEADER, &side]);
        assert!(matches!(&e, RecordError::UnknownSide { side } if side == "c"));
        assert_eq!(e.to_string(), r#"side "c" is neither "a" nor "b""#);
        let short = record(r#""series":1,"match":1,"bets_a":[5,0],"bets_b":[5],"result":"draw""#);
        assert!(matches!(
            reason(&[HEADER, &short]),
            RecordError::BetsDiffer { a: 2, b: 1 }
        ));
        let header = r#"{"record":"run","run":"r1"}"#;
        assert!(matches!(reason(&[header]), RecordError::Header(_)));
    }
}
