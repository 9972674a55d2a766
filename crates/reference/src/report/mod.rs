//! The reproduction as artefacts: one run of the claims registry
//! ([`crate::claims`]) and what is written from it — the JSON document of
//! `reproduce --json` ([`Run::json`]), a self-contained HTML page with the
//! figures of the five documents ([`html`], [`figures`]), the naive-versus-
//! optimized timings ([`timing`]) and JUnit XML for CI dashboards
//! ([`junit`]).
//!
//! Everything is written from one [`Run`]: the verdicts the text table
//! prints are the rows of the page, the test cases of the JUnit file and the
//! objects of the JSON document, so no number is typed twice. The figures
//! compute their data through the games' public APIs; where they show a
//! published number beside a computed one, the published number is read
//! from the registry ([`crate::claims::by_id`]).
//!
//! # Examples
//! ```
//! use solved_games_reference::claims::{self, GameId};
//! use solved_games_reference::progress::Silent;
//! use solved_games_reference::report::{junit, Meta, Run};
//!
//! let nim = claims::for_game(GameId::Nim);
//! let run = Run::check(&nim[..2], &Silent, |_| Ok::<_, std::io::Error>(())).unwrap();
//! assert_eq!(run.summary().failed, 0);
//! let xml = junit::render(&run, &Meta::now());
//! assert!(xml.contains(r#"<testcase classname="002"#));
//! ```

use crate::claims::{Claim, GameId, Status, Verdict};
use crate::progress::Progress;
use serde::Serialize;
use std::time::{Duration, Instant, SystemTime};

#[cfg(feature = "plot")]
mod errata;
#[cfg(feature = "plot")]
pub mod figures;
#[cfg(feature = "plot")]
pub mod html;
pub mod junit;
#[cfg(feature = "plot")]
pub mod plot;
pub mod schedule;
#[cfg(feature = "plot")]
pub mod timing;

/// One checked claim as `reproduce --json` prints it (README documents the
/// fields; their order is part of the output).
#[derive(Debug, Serialize)]
pub struct ClaimResult<'a> {
    /// Stable id, e.g. `NIM-003`.
    pub id: &'a str,
    /// The game.
    pub game: GameId,
    /// Document and section.
    pub source: &'a str,
    /// What is claimed.
    pub statement: &'a str,
    /// The value as the document prints it.
    pub expected: &'a str,
    /// What the optimized solver computed.
    pub computed: &'a str,
    /// What the naive solver computed (`null`: not run).
    pub naive: Option<&'a str>,
    /// Where the naive solver checks only part of the claim: that part
    /// (`naive` is then its result there, compared with the optimized
    /// solver's on the same part); `null` when it checks the whole claim.
    pub naive_scope: Option<&'a str>,
    /// naive = optimized (`null`: the naive solver was not run).
    pub agree: Option<bool>,
    /// Whether the claim lets the run pass (PASS or ERRATUM).
    pub pass: bool,
    /// pass, erratum or fail.
    pub status: Status,
    /// The correct value of an erratum (`null` for other claims).
    pub corrected: Option<&'a str>,
    /// What the computed value was judged from (limits, rates, growth).
    pub measured: Option<&'a str>,
    /// Why the document's value is wrong, built from the computed data.
    pub reason: Option<&'a str>,
    /// The same reason under its earlier name, for readers of older output.
    pub erratum: Option<&'a str>,
    /// Time of the check in milliseconds, to the microsecond.
    pub ms: f64,
}

impl<'a> ClaimResult<'a> {
    /// The record of one verdict.
    #[must_use]
    pub fn of(v: &'a Verdict) -> ClaimResult<'a> {
        ClaimResult {
            id: v.claim.id,
            game: v.claim.game,
            source: v.claim.source,
            statement: v.claim.statement,
            expected: v.claim.expected,
            computed: &v.evidence.computed,
            naive: v.evidence.naive.as_deref(),
            naive_scope: v.evidence.naive_scope.as_ref().map(|s| s.part.as_str()),
            agree: v.agree,
            pass: v.status.passed(),
            status: v.status,
            corrected: v.claim.erratum.map(|e| e.corrected),
            measured: v.evidence.measured.as_deref(),
            reason: v.evidence.reason.as_deref(),
            erratum: v.claim.erratum.and(v.evidence.reason.as_deref()),
            ms: (v.millis * 1000.0).round() / 1000.0,
        }
    }
}

/// The JSON document of `reproduce --json`.
#[derive(Debug, Serialize)]
pub struct JsonReport<'a> {
    /// Every claim checked, in the order checked.
    pub claims: Vec<ClaimResult<'a>>,
    /// PASS count.
    pub passed: usize,
    /// FAIL count.
    pub failed: usize,
    /// ERRATUM count.
    pub errata: usize,
}

/// A claim as `reproduce --list --json` prints it: what is claimed, not
/// computed.
#[derive(Debug, Serialize)]
pub struct ListedClaim {
    /// Stable id.
    pub id: &'static str,
    /// The game.
    pub game: GameId,
    /// Document and section.
    pub source: &'static str,
    /// What is claimed.
    pub statement: &'static str,
    /// The value as the document prints it.
    pub expected: &'static str,
    /// The correct value where the registry records the print as a slip.
    pub corrected: Option<&'static str>,
}

impl ListedClaim {
    /// The listing of one claim.
    #[must_use]
    pub fn of(c: &Claim) -> ListedClaim {
        ListedClaim {
            id: c.id,
            game: c.game,
            source: c.source,
            statement: c.statement,
            expected: c.expected,
            corrected: c.erratum.map(|e| e.corrected),
        }
    }
}

/// The counts of a run's summary line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Summary {
    /// Claims checked.
    pub claims: usize,
    /// PASS.
    pub passed: usize,
    /// ERRATUM.
    pub errata: usize,
    /// FAIL.
    pub failed: usize,
    /// Claims on which the naive solver was run too.
    pub naive_run: usize,
    /// Of those, where it agreed with the optimized one.
    pub naive_agree: usize,
}

/// One run of a selection of claims: the verdicts in order and the time.
#[derive(Debug, Clone)]
pub struct Run {
    /// Verdicts in the order the claims were checked.
    pub verdicts: Vec<Verdict>,
    /// Wall-clock time of the whole run.
    pub elapsed: Duration,
    /// When the run started.
    pub started: SystemTime,
}

impl Run {
    /// Checks `claims`, reporting each through `progress` (the id and
    /// statement of the claim the output waits for as the note, one unit
    /// when a claim is done) and handing each verdict to `each` in the
    /// order of `claims` as soon as it and every claim before it are known,
    /// so a caller can print it while the rest run.
    ///
    /// The claims are checked on one thread more than rayon's pool has
    /// (one with `RAYON_NUM_THREADS=1`: then in order, one at a time), the
    /// long ones first (see `schedule`); each verdict's time is that
    /// claim's own wall time.
    ///
    /// # Errors
    /// The first error `each` returns; no claim is started after it.
    pub fn check<E>(
        claims: &[Claim],
        progress: &dyn Progress,
        each: impl FnMut(&Verdict) -> Result<(), E>,
    ) -> Result<Run, E> {
        Run::check_first(claims, &schedule::LONGEST, progress, each)
    }

    /// [`Run::check`] with the claims of `first` (ids) started first, in
    /// its order, when two or more workers run: the long claims of a
    /// registry the caller composed (the reference's are
    /// [`schedule::LONGEST`]). The verdicts are the same whatever `first`
    /// says; only the time changes.
    ///
    /// # Errors
    /// The first error `each` returns; no claim is started after it.
    pub fn check_first<E>(
        claims: &[Claim],
        first: &[&str],
        progress: &dyn Progress,
        mut each: impl FnMut(&Verdict) -> Result<(), E>,
    ) -> Result<Run, E> {
        let started = SystemTime::now();
        let start = Instant::now();
        progress.begin("claims", Some(claims.len() as u64));
        let mut verdicts = Vec::with_capacity(claims.len());
        schedule::check_in_order(
            claims,
            first,
            schedule::workers_for(rayon::current_num_threads()),
            |waiting| {
                if let Some(claim) = waiting {
                    progress.note(&format!("{} {}", claim.id, claim.statement));
                }
            },
            || progress.advance(1),
            |v| {
                each(&v)?;
                verdicts.push(v);
                Ok(())
            },
        )?;
        progress.end();
        Ok(Run {
            verdicts,
            elapsed: start.elapsed(),
            started,
        })
    }

    /// The counts of the summary line.
    #[must_use]
    pub fn summary(&self) -> Summary {
        let count = |s: Status| self.verdicts.iter().filter(|v| v.status == s).count();
        Summary {
            claims: self.verdicts.len(),
            passed: count(Status::Pass),
            errata: count(Status::Erratum),
            failed: count(Status::Fail),
            naive_run: self.verdicts.iter().filter(|v| v.agree.is_some()).count(),
            naive_agree: self
                .verdicts
                .iter()
                .filter(|v| v.agree == Some(true))
                .count(),
        }
    }

    /// The JSON document of `reproduce --json`.
    #[must_use]
    pub fn json(&self) -> JsonReport<'_> {
        let s = self.summary();
        JsonReport {
            claims: self.verdicts.iter().map(ClaimResult::of).collect(),
            passed: s.passed,
            failed: s.failed,
            errata: s.errata,
        }
    }

    /// The games of the claims checked, in registry order.
    #[must_use]
    pub fn games(&self) -> Vec<GameId> {
        GameId::ALL
            .into_iter()
            .filter(|g| self.verdicts.iter().any(|v| v.claim.game == *g))
            .collect()
    }
}

/// Which document a game's claims come from, as the page and the JUnit
/// file name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Document {
    /// The document's number in `seeds/` (`000`–`004`).
    pub number: &'static str,
    /// Authors and title, as the document gives them.
    pub title: &'static str,
    /// What the game is, in English (no article: `002 three-pile Nim`).
    pub game: &'static str,
}

/// The document behind `game`'s claims.
#[must_use]
pub fn document(game: GameId) -> Document {
    let info = game.info();
    Document {
        number: info.document,
        title: info.title,
        game: info.description,
    }
}

/// Where and when a report was made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Meta {
    /// The crate's version.
    pub version: &'static str,
    /// When the report was made, RFC 3339 in UTC to the second.
    pub date: String,
    /// The machine it ran on.
    pub machine: Machine,
}

impl Meta {
    /// This crate, now, on this machine.
    #[must_use]
    pub fn now() -> Meta {
        Meta::at(SystemTime::now())
    }

    /// This crate on this machine at `time`.
    #[must_use]
    pub fn at(time: SystemTime) -> Meta {
        Meta {
            version: env!("CARGO_PKG_VERSION"),
            date: humantime::format_rfc3339_seconds(time).to_string(),
            machine: Machine::detect(),
        }
    }
}

/// The CPU and operating system, as far as they can be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Machine {
    /// The CPU's model name (`/proc/cpuinfo`), where available.
    pub cpu: Option<String>,
    /// Hardware threads this process may use.
    pub cores: usize,
    /// `linux-x86_64` and the like.
    pub platform: String,
    /// The host name, where available.
    pub hostname: Option<String>,
}

impl Machine {
    /// Reads the machine this process runs on.
    #[must_use]
    pub fn detect() -> Machine {
        let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
        Machine {
            cpu: cpu_model(&cpuinfo),
            cores: std::thread::available_parallelism().map_or(1, usize::from),
            platform: format!("{}-{}", std::env::consts::OS, std::env::consts::ARCH),
            hostname: std::fs::read_to_string("/proc/sys/kernel/hostname")
                .ok()
                .map(|h| h.trim().to_string())
                .filter(|h| !h.is_empty()),
        }
    }

    /// `Intel(R) Xeon(R) … (2 cores, linux-x86_64)`.
    #[must_use]
    pub fn describe(&self) -> String {
        format!(
            "{} ({} core{}, {})",
            self.cpu.as_deref().unwrap_or("unknown CPU"),
            self.cores,
            if self.cores == 1 { "" } else { "s" },
            self.platform
        )
    }
}

/// The first `model name` (x86) or `Model`/`cpu model` (ARM, MIPS) line.
fn cpu_model(cpuinfo: &str) -> Option<String> {
    cpuinfo.lines().find_map(|line| {
        let (key, value) = line.split_once(':')?;
        let key = key.trim();
        (matches!(key, "model name" | "Model" | "cpu model") && !value.trim().is_empty())
            .then(|| value.trim().to_string())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_model_is_read_from_cpuinfo() {
        let x86 = "processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Intel(R) Xeon(R) CPU @ 2.20GHz\n";
        assert_eq!(
            cpu_model(x86).as_deref(),
            Some("Intel(R) Xeon(R) CPU @ 2.20GHz")
        );
        assert_eq!(
            cpu_model("Model\t\t: Raspberry Pi 4 Model B\n").as_deref(),
            Some("Raspberry Pi 4 Model B")
        );
        assert_eq!(cpu_model("processor : 0\n"), None);
    }

    #[test]
    fn every_game_has_its_document() {
        let numbers: std::collections::BTreeSet<_> =
            GameId::ALL.iter().map(|&g| document(g).number).collect();
        assert_eq!(numbers.len(), 5);
    }
}
