//! `solved-games check <game> cmd:PROGRAM`: an outside solver checked
//! against the optimized solver, once for every game over the [`Subject`]
//! face (SPEC.md "Checking a solver program").
//!
//! The program gets every instance of each size in a range, in the game's
//! canonical order, then seeded random instances of larger sizes, one per
//! line on its standard input ([`program`]), and answers each with one
//! value line. Each answer is compared with the optimized solver's exact
//! value. On a wrong answer the smallest failing size is reported, and its
//! first failing instance is shrunk greedily ([`Shrink`]) while the program
//! stays wrong: a minimal counterexample, printed with the program's, the
//! optimized and the naive answer.
//!
//! The module sits above [`games`](crate::games) and below the command
//! line: the CLI parses flags and prints, everything else is here.

#[cfg(unix)]
pub mod program;

use crate::games::shrink::Shrink;
use crate::games::table::Table;
use crate::games::{SolveError, Solver};
use serde::Serialize;
use std::time::{Duration, Instant};

/// What `check` needs of a game: its whole-table face and [`Shrink`].
pub trait Subject: Table + Shrink {}

impl<G: Table + Shrink> Subject for G {}

/// What to check.
#[derive(Debug, Clone)]
pub struct Plan {
    /// The table's parameters as `key=value` words; `None` for the
    /// game's default table.
    pub params: Option<String>,
    /// Sizes enumerated exhaustively; `None` for every size of the table.
    pub sizes: Option<(u64, u64)>,
    /// How many random instances beyond the largest size.
    pub random: usize,
    /// The seed of the random instances.
    pub seed: u64,
    /// Whether to time the program and both solvers per size.
    pub bench: bool,
}

/// Why `check` could not run at all (exit status 2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CheckError {
    /// A question, size range or command the game does not have.
    Input(String),
    /// The program could not be started.
    CannotStart(String),
}

impl std::fmt::Display for CheckError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CheckError::Input(m) | CheckError::CannotStart(m) => f.write_str(m),
        }
    }
}

/// One instance with the three answers.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Case {
    /// The instance, as written to the program.
    pub instance: String,
    /// The program's answer.
    pub program: String,
    /// The optimized solver's value.
    pub optimized: String,
    /// The naive solver's value, or why it has none.
    pub naive: String,
}

/// Times per instance of one size, in seconds (medians for our solvers;
/// see SPEC.md for the program's).
#[derive(Debug, Clone, Serialize)]
pub struct Timing {
    /// The program: its answers' arrival over the size's instances.
    pub program: Option<f64>,
    /// Our naive solver, median of a sample; `None` past its reach.
    pub naive: Option<f64>,
    /// Our optimized solver, median of a sample.
    pub optimized: Option<f64>,
}

/// The instances of one size.
#[derive(Debug, Clone, Serialize)]
pub struct SizeReport {
    /// The size.
    pub size: u64,
    /// Whether these are random instances (else every instance of the size).
    pub random: bool,
    /// How many.
    pub instances: usize,
    /// How many the program answered.
    pub answered: usize,
    /// How many answers were wrong.
    pub wrong: usize,
    /// The first wrong answer.
    pub first_wrong: Option<Case>,
    /// With `--bench`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timing: Option<Timing>,
}

/// The minimal counterexample.
#[derive(Debug, Clone, Serialize)]
pub struct Counterexample {
    /// The first wrong answer of the smallest failing size.
    pub found: Case,
    /// After greedy shrinking.
    pub shrunk: Case,
    /// Shrinking steps taken.
    pub steps: usize,
    /// Why shrinking stopped early, if it did (a fault of the program).
    pub stopped: Option<String>,
}

/// The fitted log-log exponents: time per instance ∝ size^exponent.
#[derive(Debug, Clone, Serialize)]
pub struct Fits {
    /// The program's.
    pub program: Option<f64>,
    /// Our naive solver's.
    pub naive: Option<f64>,
    /// Our optimized solver's.
    pub optimized: Option<f64>,
    /// Instances per second through the pipe, over the whole batch.
    pub throughput: Option<f64>,
}

/// The result of a check.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// The game's name.
    pub game: &'static str,
    /// The table's parameters (`game=2 min=1 max=4 length=6`).
    pub params: String,
    /// What a size counts.
    pub unit: &'static str,
    /// The program as given.
    pub program: String,
    /// The sizes enumerated.
    pub sizes: (u64, u64),
    /// Random instances and their seed.
    pub random: usize,
    /// The seed.
    pub seed: u64,
    /// Instances asked.
    pub instances: usize,
    /// Wrong answers.
    pub wrong: usize,
    /// `pass`, `wrong`, or the fault's tag (`timeout`, `garbage`, …).
    pub verdict: String,
    /// The fault, in words.
    pub fault: Option<String>,
    /// Per size, ascending.
    pub per_size: Vec<SizeReport>,
    /// On a wrong answer.
    pub counterexample: Option<Counterexample>,
    /// With `--bench`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fits: Option<Fits>,
}

impl Report {
    /// Whether the program passed.
    #[must_use]
    pub fn passed(&self) -> bool {
        self.verdict == "pass"
    }
}

/// The sizes of the random instances: the largest enumerated size plus
/// 1, 2, …, cycling over as many sizes as were enumerated (at least one).
#[must_use]
pub fn random_sizes(sizes: (u64, u64), count: usize) -> Vec<u64> {
    let span = (sizes.1 - sizes.0 + 1).max(1);
    (0..count as u64).map(|i| sizes.1 + 1 + i % span).collect()
}

struct Group<I> {
    size: u64,
    random: bool,
    instances: Vec<I>,
}

fn naive_text<G: Subject>(instance: &G::Instance) -> String {
    match G::naive(instance) {
        Ok(v) => G::write_value(&v),
        Err(e) => format!("none ({e})"),
    }
}

/// Checks `program` on `plan`'s instances of `G`.
///
/// # Errors
/// [`CheckError`] when the check cannot run: a bad question or size range,
/// a program that cannot be started. A program that runs and fails is a
/// [`Report`] with its verdict.
#[cfg(unix)]
pub fn run<G: Subject>(plan: &Plan, program: &program::Program) -> Result<Report, CheckError> {
    let params: G::Params = match &plan.params {
        None => G::standard()[0].clone(),
        Some(text) => text
            .parse()
            .map_err(|e: crate::games::table::ParseTableError| CheckError::Input(e.to_string()))?,
    };
    let sizes = plan.sizes.unwrap_or((0, G::bound(&params)));
    if sizes.0 > sizes.1 {
        return Err(CheckError::Input(format!(
            "--sizes {}..={} is empty",
            sizes.0, sizes.1
        )));
    }
    if sizes.1 > G::bound(&params) && G::bound(&G::with_bound(&params, sizes.1)) != sizes.1 {
        return Err(CheckError::Input(format!(
            "{} tables go up to size {} ({})",
            G::NAME,
            G::bound(&params),
            G::SIZE
        )));
    }
    // Every instance up to the largest size, with its optimized value, from
    // one whole table; grouped by size in the canonical order.
    let upto = G::with_bound(&params, sizes.1);
    let rows = G::table(Solver::Optimized, &upto).map_err(|e| CheckError::Input(e.to_string()))?;
    let mut groups: Vec<Group<G::Instance>> = Vec::new();
    let mut expected: Vec<G::Value> = Vec::new();
    let mut by_size: std::collections::BTreeMap<u64, crate::games::table::Rows<G>> =
        std::collections::BTreeMap::new();
    for (instance, value) in rows {
        let size = G::size_of(&instance);
        if (sizes.0..=sizes.1).contains(&size) {
            by_size.entry(size).or_default().push((instance, value));
        }
    }
    for (size, rows) in by_size {
        let (instances, values): (Vec<_>, Vec<_>) = rows.into_iter().unzip();
        expected.extend(values);
        groups.push(Group {
            size,
            random: false,
            instances,
        });
    }
    let mut rng = fastrand::Rng::with_seed(plan.seed);
    let mut random: Vec<(u64, G::Instance)> = random_sizes(sizes, plan.random)
        .into_iter()
        .filter_map(|size| {
            let params = G::with_bound(&params, size);
            (G::bound(&params) == size)
                .then(|| G::random(&params, size, &mut rng))
                .flatten()
                .map(|i| (size, i))
        })
        .collect();
    // Stable: random instances of one size keep the order they were drawn.
    random.sort_by_key(|(size, _)| *size);
    for (size, instance) in random {
        expected.push(
            G::optimized(&instance).map_err(|e: SolveError| CheckError::Input(e.to_string()))?,
        );
        match groups.last_mut() {
            Some(g) if g.random && g.size == size => g.instances.push(instance),
            _ => groups.push(Group {
                size,
                random: true,
                instances: vec![instance],
            }),
        }
    }
    let all: Vec<G::Instance> = groups
        .iter()
        .flat_map(|g| g.instances.iter().cloned())
        .collect();
    let lines: Vec<String> = all.iter().map(ToString::to_string).collect();

    let mut answers: Vec<(String, bool, Instant)> = Vec::with_capacity(lines.len());
    let started = Instant::now();
    let outcome = program.run(&lines, |index, text, at| {
        let value = G::parse_value(text.trim()).map_err(|e| e.to_string())?;
        answers.push((text.trim().to_string(), value == expected[index], at));
        Ok(())
    });
    let fault = match outcome {
        Ok(()) => None,
        Err(program::Fault::CannotStart { program, error }) => {
            return Err(CheckError::CannotStart(format!(
                "cannot start {program}: {error}"
            )))
        }
        Err(f) => Some(f),
    };

    let mut per_size = Vec::new();
    let mut offset = 0;
    let mut previous_arrival: Option<Instant> = None;
    let mut failing: Option<(usize, Case)> = None;
    for group in &groups {
        let range = offset..offset + group.instances.len();
        offset = range.end;
        let given = &answers[range.start.min(answers.len())..range.end.min(answers.len())];
        let mut wrong = 0;
        let mut first_wrong = None;
        for (i, (text, right, _)) in given.iter().enumerate() {
            if !right {
                wrong += 1;
                if first_wrong.is_none() {
                    let instance = &all[range.start + i];
                    let case = Case {
                        instance: lines[range.start + i].clone(),
                        program: text.clone(),
                        optimized: G::write_value(&expected[range.start + i]),
                        naive: naive_text::<G>(instance),
                    };
                    if failing.is_none() {
                        failing = Some((range.start + i, case.clone()));
                    }
                    first_wrong = Some(case);
                }
            }
        }
        let timing = plan.bench.then(|| {
            let program_time = given.last().and_then(|last| {
                let (from, count) = match previous_arrival {
                    Some(p) => (p, given.len()),
                    // The first size: from its first answer, so that the
                    // program's start-up is not counted.
                    None => (given[0].2, given.len() - 1),
                };
                (count > 0).then(|| (last.2 - from).as_secs_f64() / count as f64)
            });
            Timing {
                program: program_time,
                naive: median_time(&group.instances, |i| G::naive(i).is_ok()),
                optimized: median_time(&group.instances, |i| G::optimized(i).is_ok()),
            }
        });
        if let Some(last) = given.last() {
            previous_arrival = Some(last.2);
        }
        per_size.push(SizeReport {
            size: group.size,
            random: group.random,
            instances: group.instances.len(),
            answered: given.len(),
            wrong,
            first_wrong,
            timing,
        });
    }
    let wrong_total: usize = per_size.iter().map(|s| s.wrong).sum();
    let counterexample = failing.map(|(index, found)| {
        let (shrunk, steps, stopped) = shrink::<G>(&all[index], &found, program);
        Counterexample {
            found,
            shrunk,
            steps,
            stopped,
        }
    });
    let fits = plan.bench.then(|| {
        let series = |pick: fn(&Timing) -> Option<f64>| {
            fit(per_size.iter().filter_map(|s| {
                let t = pick(s.timing.as_ref()?)?;
                Some((s.size, t))
            }))
        };
        Fits {
            program: series(|t| t.program),
            naive: series(|t| t.naive),
            optimized: series(|t| t.optimized),
            throughput: answers
                .last()
                .map(|last| answers.len() as f64 / (last.2 - started).as_secs_f64()),
        }
    });
    let verdict = match (&fault, wrong_total) {
        (Some(f), _) => f.tag().to_string(),
        (None, 0) => "pass".to_string(),
        (None, _) => "wrong".to_string(),
    };
    Ok(Report {
        game: G::NAME,
        params: params.to_string(),
        unit: G::SIZE,
        program: std::iter::once(program.program.clone())
            .chain(program.args.iter().cloned())
            .collect::<Vec<_>>()
            .join(" "),
        sizes,
        random: plan.random,
        seed: plan.seed,
        instances: lines.len(),
        wrong: wrong_total,
        verdict,
        fault: fault.map(|f| f.to_string()),
        per_size,
        counterexample,
        fits,
    })
}

/// Most shrinking steps taken; each runs the program once.
const MAX_SHRINK_STEPS: usize = 1000;

/// Greedy shrinking: ask the program every candidate one step smaller
/// ([`Shrink::shrink`], within the optimized solver's reach), move to the
/// first on which it is wrong, until it is right on every candidate.
#[cfg(unix)]
fn shrink<G: Subject>(
    start: &G::Instance,
    found: &Case,
    program: &program::Program,
) -> (Case, usize, Option<String>) {
    let mut current = start.clone();
    let mut case = found.clone();
    let mut steps = 0;
    while steps < MAX_SHRINK_STEPS {
        let candidates: Vec<(G::Instance, G::Value)> = G::shrink(&current)
            .into_iter()
            .filter_map(|c| G::optimized(&c).ok().map(|v| (c, v)))
            .collect();
        if candidates.is_empty() {
            break;
        }
        let lines: Vec<String> = candidates.iter().map(|(c, _)| c.to_string()).collect();
        let mut first_wrong: Option<(usize, String)> = None;
        let outcome = program.run(&lines, |index, text, _| {
            let value = G::parse_value(text.trim()).map_err(|e| e.to_string())?;
            if first_wrong.is_none() && value != candidates[index].1 {
                first_wrong = Some((index, text.trim().to_string()));
            }
            Ok(())
        });
        if let Err(fault) = outcome {
            return (case, steps, Some(fault.to_string()));
        }
        let Some((index, answer)) = first_wrong else {
            break;
        };
        let (instance, value) = &candidates[index];
        case = Case {
            instance: lines[index].clone(),
            program: answer,
            optimized: G::write_value(value),
            naive: naive_text::<G>(instance),
        };
        current = instance.clone();
        steps += 1;
    }
    (case, steps, None)
}

/// Instances timed per size at most, spread over the size's instances.
const SAMPLE: usize = 15;

/// The median time of `solve` over a sample of `instances`; `None` when it
/// refuses one (past its reach).
fn median_time<I>(instances: &[I], solve: impl Fn(&I) -> bool) -> Option<f64> {
    if instances.is_empty() {
        return None;
    }
    let step = instances.len().div_ceil(SAMPLE).max(1);
    let mut times = Vec::new();
    for instance in instances.iter().step_by(step) {
        let start = Instant::now();
        if !solve(instance) {
            return None;
        }
        times.push(start.elapsed());
    }
    times.sort();
    Some(times[times.len() / 2].as_secs_f64())
}

/// The least-squares slope of ln(time) on ln(size) over sizes ≥ 1 with a
/// positive time; `None` with fewer than two distinct sizes.
#[must_use]
pub fn fit(points: impl Iterator<Item = (u64, f64)>) -> Option<f64> {
    let points: Vec<(f64, f64)> = points
        .filter(|&(s, t)| s >= 1 && t > 0.0)
        .map(|(s, t)| ((s as f64).ln(), t.ln()))
        .collect();
    let n = points.len() as f64;
    if points.len() < 2 {
        return None;
    }
    let mx = points.iter().map(|p| p.0).sum::<f64>() / n;
    let my = points.iter().map(|p| p.1).sum::<f64>() / n;
    let sxx: f64 = points.iter().map(|p| (p.0 - mx).powi(2)).sum();
    let sxy: f64 = points.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    (sxx > 0.0).then(|| sxy / sxx)
}

/// The report as JUnit XML: one test suite, one test case per size
/// (`size 3` or `size 14 (random)`), failed with its first wrong answer or
/// with the program's fault at the size it reached.
#[must_use]
pub fn junit(report: &Report) -> String {
    use quick_xml::events::{BytesDecl, BytesText, Event};
    use quick_xml::Writer;
    let write = || -> std::io::Result<Vec<u8>> {
        let mut w = Writer::new_with_indent(Vec::new(), b' ', 2);
        w.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))?;
        let faulted_at = report.fault.as_ref().and_then(|_| {
            report
                .per_size
                .iter()
                .position(|s| s.answered < s.instances)
        });
        let failed = |i: usize, s: &SizeReport| s.wrong > 0 || faulted_at == Some(i);
        let failures = report
            .per_size
            .iter()
            .enumerate()
            .filter(|(i, s)| failed(*i, s))
            .count()
            .to_string();
        let tests = report.per_size.len().to_string();
        let suite = format!("solved-games check {} {}", report.game, report.params);
        w.create_element("testsuites")
            .with_attributes([
                ("name", suite.as_str()),
                ("tests", tests.as_str()),
                ("failures", failures.as_str()),
            ])
            .write_inner_content(|w| {
                w.create_element("testsuite")
                    .with_attributes([
                        ("name", suite.as_str()),
                        ("tests", tests.as_str()),
                        ("failures", failures.as_str()),
                        ("errors", "0"),
                        ("skipped", "0"),
                    ])
                    .write_inner_content(|w| {
                        for (i, s) in report.per_size.iter().enumerate() {
                            let name = if s.random {
                                format!("size {} (random)", s.size)
                            } else {
                                format!("size {}", s.size)
                            };
                            let class = format!("check.{}.{}", report.game, report.params);
                            let case = w
                                .create_element("testcase")
                                .with_attributes([("name", name.as_str()), ("classname", class.as_str())]);
                            if !failed(i, s) {
                                case.write_empty()?;
                                continue;
                            }
                            let (message, kind) = match (&s.first_wrong, &report.fault) {
                                (Some(c), _) => (
                                    format!(
                                        "{} of {} wrong; first {}: program {}, optimized {}, naive {}",
                                        s.wrong, s.instances, c.instance, c.program, c.optimized, c.naive
                                    ),
                                    "wrong",
                                ),
                                (None, Some(f)) => (f.clone(), report.verdict.as_str()),
                                (None, None) => (String::new(), "wrong"),
                            };
                            case.write_inner_content(|w| {
                                w.create_element("failure")
                                    .with_attributes([("message", message.as_str()), ("type", kind)])
                                    .write_text_content(BytesText::new(&message))?;
                                Ok(())
                            })?;
                        }
                        Ok(())
                    })?;
                Ok(())
            })?;
        Ok(w.into_inner())
    };
    String::from_utf8(write().expect("writing into memory cannot fail"))
        .expect("UTF-8 in, UTF-8 out")
}

/// The report as text: a header, a line per size, the verdict and the
/// counterexample; with `--bench` the timing table. Without `--bench`
/// the same bytes on every run.
#[must_use]
pub fn text(report: &Report) -> String {
    use std::fmt::Write;
    let mut t = String::new();
    let randoms: Vec<u64> = report
        .per_size
        .iter()
        .filter(|s| s.random)
        .map(|s| s.size)
        .collect();
    let _ = write!(
        t,
        "check {} ({}) against `{}`: every instance of sizes {}..={} ({})",
        report.game, report.params, report.program, report.sizes.0, report.sizes.1, report.unit
    );
    match (randoms.first(), randoms.last()) {
        (Some(a), Some(b)) => {
            let _ = writeln!(
                t,
                ", {} random of sizes {a}..={b} (seed {})",
                report.random, report.seed
            );
        }
        _ => t.push('\n'),
    }
    for s in &report.per_size {
        let random = if s.random { " (random)" } else { "" };
        let state = if s.answered < s.instances {
            format!("{} answered", s.answered)
        } else if s.wrong == 0 {
            "ok".to_string()
        } else {
            format!("{} wrong", s.wrong)
        };
        let _ = writeln!(
            t,
            "size {}{random}: {} instances, {state}",
            s.size, s.instances
        );
    }
    match (&report.fault, report.wrong) {
        (Some(f), _) => {
            let _ = writeln!(t, "verdict: FAIL, {f}");
        }
        (None, 0) => {
            let _ = writeln!(t, "verdict: pass, {} instances right", report.instances);
        }
        (None, w) => {
            let smallest = report
                .per_size
                .iter()
                .find(|s| s.wrong > 0)
                .map_or(0, |s| s.size);
            let _ = writeln!(
                t,
                "verdict: FAIL, {w} of {} answers wrong; smallest failing size {smallest}",
                report.instances
            );
        }
    }
    if let Some(c) = &report.counterexample {
        let _ = writeln!(
            t,
            "counterexample: {} (shrunk from {} in {} steps{})",
            c.shrunk.instance,
            c.found.instance,
            c.steps,
            c.stopped
                .as_ref()
                .map_or(String::new(), |s| format!("; stopped: {s}"))
        );
        let _ = writeln!(t, "  program:   {}", c.shrunk.program);
        let _ = writeln!(t, "  optimized: {}", c.shrunk.optimized);
        let _ = writeln!(t, "  naive:     {}", c.shrunk.naive);
    }
    if let Some(f) = &report.fits {
        let ms = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{:.3}", v * 1e6));
        let _ = writeln!(t, "time per instance (µs): size, program, naive, optimized");
        for s in &report.per_size {
            if let Some(tm) = &s.timing {
                let _ = writeln!(
                    t,
                    "  {:>4}{} {:>12} {:>12} {:>12}",
                    s.size,
                    if s.random { "r" } else { " " },
                    ms(tm.program),
                    ms(tm.naive),
                    ms(tm.optimized)
                );
            }
        }
        let e = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{v:.2}"));
        let _ = writeln!(
            t,
            "log-log exponent: program {}, naive {}, optimized {}",
            e(f.program),
            e(f.naive),
            e(f.optimized)
        );
        if let Some(r) = f.throughput {
            let _ = writeln!(t, "throughput: {:.0} instances/s through the pipe", r);
        }
    }
    t
}

/// The default per-answer timeout.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fit_reads_the_exponent_of_a_power_law() {
        let points = (1..=8u64).map(|s| (s, 3e-6 * (s as f64).powi(3)));
        let slope = fit(points).unwrap();
        assert!((slope - 3.0).abs() < 1e-9, "{slope}");
        assert_eq!(fit([(1, 1.0)].into_iter()), None);
    }

    #[test]
    fn random_sizes_cycle_past_the_enumerated_ones() {
        assert_eq!(random_sizes((1, 3), 7), vec![4, 5, 6, 4, 5, 6, 4]);
        assert_eq!(random_sizes((5, 5), 2), vec![6, 6]);
    }
}
