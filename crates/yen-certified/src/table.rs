//! The certified 10,000-yen table as a table file: the rigorous bounds of
//! the value of the start, and of every state after the first round, of
//! every game with T ≤ `total` units at R rounds
//! (document 000; the certified solver of
//! [`yen::certified`](crate::yen::certified)), written by `export
//! yen-certified` and checked by `check-table` (SPEC.md, "Certified
//! interval tables").
//!
//! An interval is no value that two solvers agree on to the last bit: it
//! is a claim "the exact value lies here". So a row is compared by what
//! our certified interval proves about it: a row whose interval is
//! disjoint from ours is wrong (the exact value lies in ours); a row that
//! meets ours but does not contain it is not refuted, only unconfirmed.
//!
//! Bounds are written as decimals rounded outward from our binary64
//! bounds (the lower bound's decimal is at most the lower bound, the upper
//! at least the upper), so the file's interval contains ours whether the
//! decimals are read exactly or as the nearest binary64.

use crate::yen::certified::{Certified, Interval};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Zero;
use sha2::{Digest, Sha256};
use solved_games_reference::games::table::{ParseTableError, Words};
use solved_games_reference::games::yen::face::YenQuestion;
use solved_games_reference::games::yen::rules::{Rules, State};
use solved_games_reference::games::Solver;
use solved_games_reference::progress::{Progress, Silent};
use solved_games_reference::solve::exact::format_ratio;
use solved_games_reference::table::verdict::{
    malformed, BadRow, CheckError, Mismatch, TableCheck, LISTED,
};
use solved_games_reference::table::{ExportError, Kind, Manifest, FORMAT, MAGIC};
use std::collections::{HashMap, HashSet};
use std::fmt::{self, Write as _};
use std::io::Write;
use std::str::FromStr;

/// The game field of a certified table's header.
pub const GAME: &str = "yen-certified";

/// The columns of a certified table.
pub const COLUMNS: [&str; 3] = ["instance", "lower", "upper"];

/// A certified table's parameters: every start with T ≤ `total` at
/// `rounds` rounds; `total=100 rounds=10` (the document's game) by default.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Params {
    /// The largest T.
    pub total: u64,
    /// R.
    pub rounds: u32,
}

/// The largest T a certified table takes, the certificate's (the solver's
/// cost grows as T³R; T = 100 at R = 10 takes about 46 s on 2 cores).
pub const MAX_TOTAL: u64 = crate::yen::certificate::MAX_TOTAL;

/// The largest R.
pub const MAX_ROUNDS: u32 = 30;

impl fmt::Display for Params {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "total={} rounds={}", self.total, self.rounds)
    }
}

/// The keys of a certified table's [`Params`] (as a game's
/// [`Table::PARAMS`](solved_games_reference::games::Table::PARAMS)).
pub const PARAMS: &[&str] = &["total", "rounds"];

impl FromStr for Params {
    type Err = ParseTableError;

    fn from_str(text: &str) -> Result<Params, ParseTableError> {
        let words = Words::new(GAME, text, PARAMS)?;
        let params = Params {
            total: words.get("total", 100)?,
            rounds: words.get("rounds", 10)?,
        };
        if params.total == 0 || params.total > MAX_TOTAL {
            return Err(words.error(format!("total is 1 to {MAX_TOTAL}")));
        }
        if params.rounds == 0 || params.rounds > MAX_ROUNDS {
            return Err(words.error(format!("rounds is 1 to {MAX_ROUNDS}")));
        }
        Ok(params)
    }
}

/// The rows of the table in the canonical order: for T = 1, 2, …,
/// `total`, the start, then every distinct state after the first round
/// (every pair of bets, [`State::after`]) in ascending order of (rounds
/// left, A's money, B's money, gain difference). The start's value is 0
/// by symmetry, so its interval is the point 0; the states after one
/// round are where an interval solver's work shows.
fn rows(params: Params) -> Vec<YenQuestion> {
    let mut out = Vec::new();
    for total in 1..=params.total {
        let rules = Rules {
            total,
            rounds: params.rounds,
        };
        let start = State::start(rules);
        out.push(YenQuestion::start(rules));
        let mut after: Vec<State> = start
            .bets(total)
            .flat_map(|a| start.bets(total).map(move |b| start.after(a, b)))
            .collect();
        after.sort_unstable();
        after.dedup();
        out.extend(after.into_iter().map(|state| YenQuestion { rules, state }));
    }
    out
}

/// The certified table of `params`, solved on one thread: the solver's
/// threads warm-start each stage game from the last one they solved, so
/// the last bits of a bound depend on how the work was shared (measured:
/// 308 of 3,331 rows of `total=20` differed between two 2-thread runs, by
/// at most 1e-15); on one thread every run gives the same bytes. It
/// costs the parallel speed-up (T ≤ 100: about 90 s instead of 46 s).
fn solve(params: Params, progress: &dyn Progress) -> std::io::Result<Certified> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .map_err(std::io::Error::other)?;
    Ok(pool.install(|| Certified::solve(params.total, params.rounds, progress)))
}

/// The exact value of a binary64.
fn exact(x: f64) -> BigRational {
    BigRational::from_float(x).expect("a finite bound")
}

/// `x` as a decimal whose exact value is at most `x` (`down`) or at least
/// `x`: the shortest decimal that reads back as `x` if it lies on that
/// side, else that of the neighbouring binary64 (whose shortest decimal
/// lies within half its spacing, so on the far side of `x`).
fn outward(x: f64, down: bool) -> String {
    // −0 is written `0`.
    let x = if x == 0.0 { 0.0 } else { x };
    let text = format!("{x}");
    let value = parse_bound(&text).expect("Rust writes a decimal");
    let x_exact = exact(x);
    if (down && value <= x_exact) || (!down && value >= x_exact) {
        return text;
    }
    let next = if down { -next_up(-x) } else { next_up(x) };
    format!("{next}")
}

/// The least binary64 above finite `x` (`f64::next_up`, not in the
/// crate's minimum Rust).
fn next_up(x: f64) -> f64 {
    if x == 0.0 {
        f64::from_bits(1)
    } else if x > 0.0 {
        f64::from_bits(x.to_bits() + 1)
    } else {
        f64::from_bits(x.to_bits() - 1)
    }
}

/// A bound's text read exactly: a decimal (`-0.25`, `1e-12`, `3`) or a
/// fraction `p/q`; `None` for anything else.
#[must_use]
pub fn parse_bound(text: &str) -> Option<BigRational> {
    if let Some((p, q)) = text.split_once('/') {
        let p: BigInt = p.parse().ok()?;
        let q: BigInt = q.parse().ok()?;
        return (!q.is_zero()).then(|| BigRational::new(p, q));
    }
    let (mantissa, exponent) = match text.split_once(['e', 'E']) {
        Some((m, e)) => (m, e.parse::<i32>().ok()?),
        None => (text, 0),
    };
    let (negative, digits) = match mantissa.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, mantissa.strip_prefix('+').unwrap_or(mantissa)),
    };
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    if whole.is_empty() && fraction.is_empty()
        || !whole
            .bytes()
            .chain(fraction.bytes())
            .all(|b| b.is_ascii_digit())
        || exponent.unsigned_abs() > 400
    {
        return None;
    }
    let all: BigInt = format!("{whole}{fraction}").parse().ok()?;
    let shift = exponent - i32::try_from(fraction.len()).ok()?;
    let ten = BigInt::from(10);
    let power = num_traits::pow(ten, shift.unsigned_abs() as usize);
    let mut value = if shift >= 0 {
        BigRational::from_integer(all * power)
    } else {
        BigRational::new(all, power)
    };
    if negative {
        value = -value;
    }
    Some(value)
}

/// A row's interval, read exactly.
struct Bounds {
    lower: BigRational,
    upper: BigRational,
}

fn read_bounds(lower: &str, upper: &str) -> Result<Bounds, String> {
    let read = |t: &str| {
        parse_bound(t.trim()).ok_or_else(|| {
            format!("`{t}` is not a bound (a decimal such as `-0.25` or `1e-12`, or `p/q`)")
        })
    };
    let bounds = Bounds {
        lower: read(lower)?,
        upper: read(upper)?,
    };
    if bounds.lower > bounds.upper {
        return Err(format!("lower bound {lower} above upper bound {upper}"));
    }
    Ok(bounds)
}

/// The header of a certified table.
#[must_use]
pub fn header(params: Params) -> String {
    format!(
        "{MAGIC}\tformat {FORMAT}\t{GAME}\t{params}\n{}\n",
        COLUMNS.join("\t")
    )
}

/// Solves the certified table of `params` and writes it to `out`; returns
/// its manifest. [`export_with`] with no progress reported.
///
/// # Errors
/// [`ExportError::Io`] on a failed write.
pub fn export(params: Params, out: impl Write) -> Result<Manifest, ExportError> {
    export_with(params, out, &Silent)
}

/// Writes the header of the certified table of `params` to `out` at once,
/// solves the table (reporting to `progress`), then writes its rows;
/// returns its manifest.
///
/// # Errors
/// [`ExportError::Io`] on a failed write.
pub fn export_with(
    params: Params,
    out: impl Write,
    progress: &dyn Progress,
) -> Result<Manifest, ExportError> {
    let mut out = std::io::BufWriter::with_capacity(1 << 16, out);
    let head = header(params);
    out.write_all(head.as_bytes())?;
    out.flush()?;
    let mut sha = Sha256::new();
    sha.update(head.as_bytes());
    let table = solve(params, progress)?;
    let mut count = 0;
    let mut line = String::new();
    for row in rows(params) {
        let Interval { lower, upper } = table.interval(row.state);
        line.clear();
        let _ = writeln!(
            line,
            "{row}\t{}\t{}",
            outward(lower, true),
            outward(upper, false)
        );
        out.write_all(line.as_bytes())?;
        sha.update(line.as_bytes());
        count += 1;
    }
    out.flush()?;
    Ok(Manifest {
        format: FORMAT,
        game: GAME.to_string(),
        parameters: params.to_string(),
        solver: "certified".to_string(),
        columns: COLUMNS.iter().map(ToString::to_string).collect(),
        rows: count,
        sha256: solved_games_reference::table::hex(&sha.finalize()),
        crate_version: env!("CARGO_PKG_VERSION").to_string(),
    })
}

/// Checks the rows of a certified table (the lines after the header line)
/// against the certified solver: a row is a state of a game with T ≤
/// `total` at these rounds (one of the exported rows or any later state:
/// coverage counts the exported ones), its interval
/// wrong if disjoint from ours, unconfirmed if it meets ours without
/// containing it.
///
/// # Errors
/// [`CheckError::Malformed`] for a bad header, column line, field count
/// or bound.
pub fn check<'a>(
    params: &str,
    mut lines: impl Iterator<Item = &'a str>,
    naive: bool,
) -> Result<TableCheck, CheckError> {
    let params: Params = params.parse().map_err(|e| malformed(1, format!("{e}")))?;
    if naive {
        return Err(malformed(
            0,
            "--naive: a certified table is checked against the certified solver only",
        ));
    }
    let columns = COLUMNS.join("\t");
    match lines.next() {
        Some(line) if line == columns => {}
        Some(line) => {
            return Err(malformed(
                2,
                format!("columns `{line}`, a {GAME} table has `{columns}`"),
            ))
        }
        None => return Err(malformed(2, "no column line")),
    }
    let table = solve(params, &Silent).map_err(CheckError::Io)?;
    let instances: HashSet<(u64, State)> = rows(params)
        .into_iter()
        .map(|q| (q.rules.total, q.state))
        .collect();
    let mut report = TableCheck {
        unconfirmed: Some(0),
        ..TableCheck::empty(GAME, &params.to_string(), instances.len(), "certified")
    };
    let mut seen: HashMap<(u64, State), usize> = HashMap::new();
    // One exact DP for every row decided exactly: a state's value depends
    // on the state only, not on T or R.
    let mut dp = solved_games_reference::games::yen::optimized::ExactDp::new();
    for (n, line) in lines.enumerate() {
        let number = n + 3;
        report.rows += 1;
        let fields: Vec<&str> = line.split('\t').collect();
        let [instance_text, lower_text, upper_text] = fields[..] else {
            return Err(malformed(
                number,
                format!("{} fields, a {GAME} row has 3 (`{columns}`)", fields.len()),
            ));
        };
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
        let question: YenQuestion = match instance_text.parse() {
            Ok(q) => q,
            Err(e) => {
                bad(format!("{e}"));
                continue;
            }
        };
        if question.rules.rounds != params.rounds || question.rules.total > params.total {
            bad(format!("not a game of the table {params}"));
            continue;
        }
        let bounds = read_bounds(lower_text, upper_text).map_err(|e| malformed(number, e))?;
        let state = question.state;
        let key = (question.rules.total, state);
        if let Some(&first) = seen.get(&key) {
            report.duplicates += 1;
            if report.first_duplicates.len() < LISTED {
                report.first_duplicates.push(BadRow {
                    line: number,
                    instance: instance_text.to_string(),
                    why: format!("repeats line {first}"),
                });
            }
        } else {
            seen.insert(key, number);
            if instances.contains(&key) {
                report.covered += 1;
            }
        }
        report.compared += 1;
        let ours = table.interval(state);
        let (lower, upper) = (exact(ours.lower), exact(ours.upper));
        let certified = format!(
            "[{}, {}]",
            outward(ours.lower, true),
            outward(ours.upper, false)
        );
        let wrong = |report: &mut TableCheck, ours: String| {
            report.mismatches += 1;
            if report.first_mismatches.len() < LISTED {
                report.first_mismatches.push(Mismatch {
                    line: number,
                    instance: instance_text.to_string(),
                    file: format!("[{lower_text}, {upper_text}]"),
                    optimized: ours,
                    naive: None,
                });
            }
        };
        if bounds.upper < lower || bounds.lower > upper {
            wrong(&mut report, certified);
        } else if bounds.lower > lower || bounds.upper < upper {
            // Ours is not inside the row's: the exact value may lie in the
            // part the row leaves out. Decided exactly where the exact DP
            // reaches, else unconfirmed.
            if within_exact_reach(state) {
                let value = dp.value(state);
                *report.decided_exactly.get_or_insert(0) += 1;
                if value < bounds.lower || value > bounds.upper {
                    wrong(
                        &mut report,
                        format!("{certified}, exact value {}", format_ratio(&value)),
                    );
                }
            } else {
                *report.unconfirmed.as_mut().expect("set above") += 1;
                if report.first_unconfirmed.len() < LISTED {
                    report.first_unconfirmed.push(BadRow {
                        line: number,
                        instance: instance_text.to_string(),
                        why: format!(
                            "file [{lower_text}, {upper_text}] does not contain certified {certified}, beyond the exact solver's reach"
                        ),
                    });
                }
            }
        }
    }
    if report.decided_exactly.is_some() {
        report.solvers = "certified, exact".to_string();
    }
    report.judge(false);
    Ok(report)
}

/// The certified interval table as a kind of table file (`export
/// yen-certified`, `check-table`), for the facade's list of kinds.
pub struct CertifiedTable;

impl Kind for CertifiedTable {
    fn name(&self) -> &'static str {
        GAME
    }

    fn params(&self) -> &'static [&'static str] {
        PARAMS
    }

    fn export(
        &self,
        params: &str,
        solver: Solver,
        out: &mut dyn Write,
        progress: &dyn Progress,
    ) -> Result<Result<Manifest, String>, ExportError> {
        match params.parse::<Params>() {
            // The certified solver is the only one with intervals.
            Ok(p) if solver == Solver::Optimized => export_with(p, out, progress).map(Ok),
            Ok(_) => Ok(Err(format!(
                "{GAME}: a certified table has no naive solver"
            ))),
            Err(e) => Ok(Err(e.to_string())),
        }
    }

    fn check(&self, params: &str, rows: &str, naive: bool) -> Result<TableCheck, CheckError> {
        check(params, rows.lines(), naive)
    }

    fn standard(&self) -> Vec<String> {
        Vec::new()
    }
}

/// The most CPU time the exact decision of one row may be estimated to
/// take, in seconds ([`yen::face::estimated_seconds`](solved_games_reference::games::yen::face::estimated_seconds)
/// of the table of T = the state's larger money and R = its rounds left:
/// every state the row's value depends on).
pub const EXACT_SECONDS: f64 = 60.0;

/// Whether a row's state is decided by the exact DP when its interval
/// meets ours without containing it.
fn within_exact_reach(state: State) -> bool {
    let rules = Rules {
        total: state.money_a.max(state.money_b),
        rounds: state.rounds_left,
    };
    solved_games_reference::games::yen::face::estimated_seconds(rules) <= EXACT_SECONDS
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::One;

    #[test]
    fn bounds_read_exactly() {
        let r = |p: i64, q: i64| BigRational::new(p.into(), q.into());
        assert_eq!(parse_bound("-0.25"), Some(r(-1, 4)));
        assert_eq!(parse_bound("1e-2"), Some(r(1, 100)));
        assert_eq!(parse_bound("2.5E1"), Some(r(25, 1)));
        assert_eq!(parse_bound("3/6"), Some(r(1, 2)));
        assert_eq!(parse_bound("1/0"), None);
        assert_eq!(parse_bound("."), None);
        assert_eq!(parse_bound("0x1"), None);
        assert_eq!(parse_bound("1e999"), None);
        assert!(BigRational::one() > BigRational::zero());
    }

    #[test]
    fn outward_decimals_lie_outside_their_binary64() {
        // 0.1 as a binary64 is above 1/10, so its shortest decimal `0.1`
        // is below it: fine as a lower bound, not as an upper one.
        let tenth = 0.1_f64;
        assert!(exact(tenth) > parse_bound("0.1").unwrap());
        assert_eq!(outward(tenth, true), "0.1");
        let up = outward(tenth, false);
        assert_ne!(up, "0.1");
        assert!(parse_bound(&up).unwrap() >= exact(tenth));
        for x in [1.0 / 3.0, -2.2e-12, 9.7e-11, -1.0 + 1e-15, 0.0, 1.0] {
            assert!(parse_bound(&outward(x, true)).unwrap() <= exact(x), "{x}");
            assert!(parse_bound(&outward(x, false)).unwrap() >= exact(x), "{x}");
        }
    }
}
