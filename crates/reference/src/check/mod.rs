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
pub mod claims;
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
    /// The reader of the report's lines asked to stop
    /// ([`run_watched`]); the program was ended.
    Stopped,
}

impl std::fmt::Display for CheckError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CheckError::Input(m) | CheckError::CannotStart(m) => f.write_str(m),
            CheckError::Stopped => f.write_str("stopped by the reader of the report"),
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
pub struct SolverCheck {
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

impl SolverCheck {
    /// Whether the program passed.
    #[must_use]
    pub fn passed(&self) -> bool {
        self.verdict == "pass"
    }
}

/// Most random instances one check asks (`--random`): each is solved by
/// the optimized solver and answered by the program, so 10⁹ already takes
/// hours. They are drawn as they are sent, never held all at once.
pub const MAX_RANDOM: usize = 1_000_000_000;

/// The longest `--timeout`, in seconds: an hour for one answer.
pub const MAX_TIMEOUT_SECONDS: f64 = 3600.0;

/// The random instances' sizes, ascending, with how many of each: the
/// largest enumerated size plus 1, 2, …, cycling over as many sizes as
/// were enumerated (at least one), `count` in all: draw `i` is of size
/// `sizes.1 + 1 + i mod span`. Sizes past `u64::MAX` are left out.
#[must_use]
pub fn random_sizes(sizes: (u64, u64), count: usize) -> Vec<(u64, usize)> {
    let span = random_span(sizes);
    (0..span.min(count))
        .filter_map(|j| {
            let size = sizes.1.checked_add(1)?.checked_add(j as u64)?;
            Some((size, draws_of(count, span, j)))
        })
        .collect()
}

/// Of `count` draws cycling over `span` sizes, how many are of the `j`-th.
fn draws_of(count: usize, span: usize, j: usize) -> usize {
    count / span + usize::from(j < count % span)
}

/// How many sizes the random instances cycle over: as many as were
/// enumerated.
fn random_span(sizes: (u64, u64)) -> usize {
    let span = sizes.1.saturating_sub(sizes.0).saturating_add(1);
    usize::try_from(span).unwrap_or(usize::MAX)
}

/// One size's instances in a batch.
struct Group<G: Subject> {
    size: u64,
    random: bool,
    count: usize,
    /// Every instance of the size: where its rows start in [`Batch::rows`].
    start: usize,
    /// Random instances: the table of this size, and one instance of it
    /// drawn beforehand (taken should a draw find none).
    table: Option<(G::Params, G::Instance)>,
}

/// The main batch: every instance of each size with its value (one whole
/// table, bounded by the optimized solver's own limits), then the random
/// instances, drawn from the seed when they are sent.
struct Batch<G: Subject> {
    rows: crate::games::table::Rows<G>,
    /// The exhaustive sizes' groups, then the random sizes', ascending.
    groups: Vec<Group<G>>,
    /// Groups of every instance of a size: the first `exhaustive`.
    exhaustive: usize,
    /// Random draws in all, and the group of each place in their cycle
    /// (`None`: a size the table cannot reach, drawn from no more).
    random: usize,
    cycle: Vec<Option<usize>>,
    seed: u64,
}

impl<G: Subject> Batch<G> {
    fn instances(&self) -> usize {
        self.groups.iter().map(|g| g.count).sum()
    }

    /// The sizes of the random instances, first and last.
    fn random_range(&self) -> Option<(u64, u64)> {
        let mut random = self.groups.iter().filter(|g| g.random).map(|g| g.size);
        let first = random.next()?;
        Some((first, random.next_back().unwrap_or(first)))
    }
}

/// Walks a batch's instances in the order they are sent — every instance
/// of each size, then the random ones in the order drawn (their sizes
/// cycling) — drawing the random ones from the seed as it goes. The writer
/// and the reader of a run each have one, so no instance is kept between
/// being sent and being answered.
struct Cursor<'a, G: Subject> {
    batch: &'a Batch<G>,
    group: usize,
    within: usize,
    draw: usize,
    rng: fastrand::Rng,
}

/// Where an instance stands: its group and its place in the group (every
/// instance of a size; for random ones, unused).
#[derive(Clone, Copy)]
struct At {
    group: usize,
    within: usize,
}

impl<'a, G: Subject> Cursor<'a, G> {
    fn new(batch: &'a Batch<G>) -> Self {
        Cursor {
            batch,
            group: 0,
            within: 0,
            draw: 0,
            rng: fastrand::Rng::with_seed(batch.seed),
        }
    }

    /// The next instance: a row of the table, or drawn (owned).
    fn next(&mut self) -> Option<(At, std::borrow::Cow<'a, G::Instance>)> {
        use std::borrow::Cow;
        let batch = self.batch;
        while self.group < batch.exhaustive {
            let group = &batch.groups[self.group];
            if self.within == group.count {
                self.group += 1;
                self.within = 0;
                continue;
            }
            let at = At {
                group: self.group,
                within: self.within,
            };
            self.within += 1;
            return Some((at, Cow::Borrowed(&batch.rows[group.start + at.within].0)));
        }
        while self.draw < batch.random {
            let place = self.draw % batch.cycle.len();
            self.draw += 1;
            let Some(index) = batch.cycle[place] else {
                continue;
            };
            let group = &batch.groups[index];
            let Some((params, drawn)) = &group.table else {
                unreachable!("a random group has its table")
            };
            let instance =
                G::random(params, group.size, &mut self.rng).unwrap_or_else(|| drawn.clone());
            let at = At {
                group: index,
                within: 0,
            };
            return Some((at, Cow::Owned(instance)));
        }
        None
    }
}

/// The table with bound `size`, where the game has one: its parameters
/// written and read back, so that the game's own limits apply (a table of
/// nim piles up to 10⁹ is refused by its parameters, not built).
fn table_of_size<G: Subject>(params: &G::Params, size: u64) -> Option<G::Params> {
    let table = G::with_bound(params, size);
    if G::bound(&table) != size {
        return None;
    }
    let read: G::Params = table.to_string().parse().ok()?;
    (read == table).then_some(table)
}

/// The table every size up to `upto` is checked from, or why there is none:
/// the largest size the game's tables of these parameters reach.
fn table_up_to<G: Subject>(params: &G::Params, sizes: (u64, u64)) -> Result<G::Params, CheckError> {
    if sizes.1 <= G::bound(params) {
        return Ok(G::with_bound(params, sizes.1));
    }
    if let Some(table) = table_of_size::<G>(params, sizes.1) {
        return Ok(table);
    }
    // The parameters given are a table, `sizes.1` is past the last one:
    // the last lies between (tables grow with their bound).
    let (mut reached, mut past) = (G::bound(params), sizes.1);
    while past - reached > 1 {
        let middle = reached + (past - reached) / 2;
        if table_of_size::<G>(params, middle).is_some() {
            reached = middle;
        } else {
            past = middle;
        }
    }
    Err(CheckError::Input(format!(
        "--sizes {}..={}: {} tables of these parameters go up to size {reached} ({}): {}",
        sizes.0,
        sizes.1,
        G::NAME,
        G::SIZE,
        G::with_bound(params, reached)
    )))
}

/// The batch of `plan`: the table's rows of the sizes asked, grouped by
/// size in the canonical order, then one group per random size (the
/// sizes the game has, each within the optimized solver's limits).
fn batch<G: Subject>(
    plan: &Plan,
    params: &G::Params,
    sizes: (u64, u64),
) -> Result<Batch<G>, CheckError> {
    let upto = table_up_to::<G>(params, sizes)?;
    let table = G::table(Solver::Optimized, &upto).map_err(|e| CheckError::Input(e.to_string()))?;
    let mut by_size: std::collections::BTreeMap<u64, crate::games::table::Rows<G>> =
        std::collections::BTreeMap::new();
    for (instance, value) in table {
        let size = G::size_of(&instance);
        if (sizes.0..=sizes.1).contains(&size) {
            by_size.entry(size).or_default().push((instance, value));
        }
    }
    let mut rows = Vec::new();
    let mut groups = Vec::new();
    for (size, of_size) in by_size {
        groups.push(Group {
            size,
            random: false,
            count: of_size.len(),
            start: rows.len(),
            table: None,
        });
        rows.extend(of_size);
    }
    let exhaustive = groups.len();
    // One instance of each random size drawn ahead, from a generator of
    // its own (the draws of the seed are the instances asked), and checked
    // against the optimized solver's limits.
    let mut trial = fastrand::Rng::with_seed(plan.seed ^ 0x9e37_79b9_7f4a_7c15);
    let span = random_span(sizes);
    let mut cycle = Vec::new();
    for j in 0..span.min(plan.random) {
        let count = draws_of(plan.random, span, j);
        let Some(size) = sizes.1.checked_add(1).and_then(|s| s.checked_add(j as u64)) else {
            cycle.push(None);
            continue;
        };
        let table = G::with_bound(params, size);
        let drawn = (G::bound(&table) == size)
            .then(|| G::random(&table, size, &mut trial))
            .flatten();
        let Some(drawn) = drawn else {
            cycle.push(None);
            continue;
        };
        G::check_size(Solver::Optimized, &drawn)
            .map_err(|e: SolveError| CheckError::Input(e.to_string()))?;
        cycle.push(Some(groups.len()));
        groups.push(Group {
            size,
            random: true,
            count,
            start: 0,
            table: Some((table, drawn)),
        });
    }
    Ok(Batch {
        rows,
        groups,
        exhaustive,
        random: if cycle.iter().any(Option::is_some) {
            plan.random
        } else {
            0
        },
        cycle,
        seed: plan.seed,
    })
}

/// What the answers of one size came to, as they arrive.
struct Tally<I> {
    answered: usize,
    wrong: usize,
    first_wrong: Option<(I, Case)>,
    /// The time since the answer before, summed over this size's answers
    /// (the batch's first answer, after the program's start-up, left out).
    time: Duration,
    timed: usize,
    /// With `--bench`: random instances kept to time our solvers on.
    sample: Vec<I>,
}

impl<I> Default for Tally<I> {
    fn default() -> Self {
        Tally {
            answered: 0,
            wrong: 0,
            first_wrong: None,
            time: Duration::ZERO,
            timed: 0,
            sample: Vec::new(),
        }
    }
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
/// [`SolverCheck`] with its verdict.
#[cfg(unix)]
pub fn run<G: Subject>(plan: &Plan, program: &program::Program) -> Result<SolverCheck, CheckError> {
    run_watched::<G>(plan, program, &crate::progress::Silent, &mut |_| true)
}

/// [`run`], watched as it goes: `lines` gets the report's text a line at a
/// time as soon as each is final — the header once the program has
/// started, each size's line when its last answer (and every earlier
/// size's) is in; the rest of [`text`] is [`tail`] — and `progress` counts
/// the answers. When `lines` returns false (its reader is gone) the check
/// stops and the program is ended.
///
/// # Errors
/// As [`run`]; [`CheckError::Stopped`] when `lines` asked to stop.
#[cfg(unix)]
pub fn run_watched<G: Subject>(
    plan: &Plan,
    program: &program::Program,
    progress: &dyn crate::progress::Progress,
    lines: &mut dyn FnMut(&str) -> bool,
) -> Result<SolverCheck, CheckError> {
    let params: G::Params = match &plan.params {
        None => G::standard()[0].clone(),
        Some(text) => text
            .parse()
            .map_err(|e: crate::games::table::ParseTableError| CheckError::Input(e.to_string()))?,
    };
    if plan.random > MAX_RANDOM {
        return Err(CheckError::Input(format!(
            "--random {} is out of range: a count 0..={MAX_RANDOM}",
            plan.random
        )));
    }
    let sizes = plan.sizes.unwrap_or((0, G::bound(&params)));
    if sizes.0 > sizes.1 {
        return Err(CheckError::Input(format!(
            "--sizes {}..={} is empty",
            sizes.0, sizes.1
        )));
    }
    let batch = batch::<G>(plan, &params, sizes)?;
    let asked = batch.instances();
    let mut report = SolverCheck {
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
        instances: asked,
        wrong: 0,
        verdict: String::new(),
        fault: None,
        per_size: Vec::new(),
        counterexample: None,
        fits: None,
    };
    let header = head(&report, batch.random_range());
    // Shared by the header (once the program runs) and the sizes' lines.
    let lines = std::cell::RefCell::new(lines);
    let stop: std::cell::RefCell<Option<CheckError>> = std::cell::RefCell::new(None);

    let mut tallies: Vec<Tally<G::Instance>> =
        batch.groups.iter().map(|_| Tally::default()).collect();
    let mut shown = 0;
    let mut counted = 0;
    let mut last_count = Instant::now();
    let mut previous: Option<Instant> = None;
    let mut writer = Cursor::new(&batch);
    let mut reader = Cursor::new(&batch);
    let started = Instant::now();
    let outcome = program.run_stream(
        asked,
        || {
            progress.begin("instances", Some(asked as u64));
            let shown = (lines.borrow_mut())(&header);
            if !shown {
                *stop.borrow_mut() = Some(CheckError::Stopped);
            }
            shown
        },
        |text: &mut String| match writer.next() {
            Some((_, instance)) => {
                G::write_instance(&instance, text);
                true
            }
            None => false,
        },
        |index, text, at| {
            let Some((place, instance)) = reader.next() else {
                unreachable!("answer {index} has its instance: the program is asked no more")
            };
            let group = &batch.groups[place.group];
            let value = G::parse_value(text.trim()).map_err(|e| e.to_string())?;
            let computed;
            let expected = match &group.table {
                None => &batch.rows[group.start + place.within].1,
                Some(_) => match G::optimized(&instance) {
                    Ok(v) => {
                        computed = v;
                        &computed
                    }
                    Err(e) => {
                        *stop.borrow_mut() = Some(CheckError::Input(e.to_string()));
                        return Err(String::new());
                    }
                },
            };
            let tally = &mut tallies[place.group];
            tally.answered += 1;
            if let Some(before) = previous {
                tally.time += at.saturating_duration_since(before);
                tally.timed += 1;
            }
            previous = Some(at);
            if plan.bench && group.random && tally.sample.len() < SAMPLE {
                tally.sample.push(instance.clone().into_owned());
            }
            if value != *expected {
                tally.wrong += 1;
            }
            if value != *expected && tally.first_wrong.is_none() {
                let mut line = String::new();
                G::write_instance(&instance, &mut line);
                let case = Case {
                    instance: line,
                    program: text.trim().to_string(),
                    optimized: G::write_value(expected),
                    naive: naive_text::<G>(&instance),
                };
                tally.first_wrong = Some((instance.into_owned(), case));
            }
            counted += 1;
            let complete = tally.answered == group.count;
            if complete || counted >= 4096 || at.duration_since(last_count).as_millis() >= 100 {
                progress.advance(counted);
                counted = 0;
                last_count = at;
            }
            // Each size's line in order, once it and every size before it
            // is complete (random sizes finish in the order drawn).
            while shown < tallies.len() && tallies[shown].answered == batch.groups[shown].count {
                let line = size_line(&size_report(&batch.groups[shown], &tallies[shown], None));
                shown += 1;
                if !(lines.borrow_mut())(&line) {
                    *stop.borrow_mut() = Some(CheckError::Stopped);
                    return Err(String::new());
                }
            }
            Ok(())
        },
    );
    progress.end();
    if let Some(stop) = stop.into_inner() {
        return Err(stop);
    }
    let fault = match outcome {
        Ok(()) => None,
        Err(program::Fault::CannotStart { program, error }) => {
            return Err(CheckError::CannotStart(format!(
                "cannot start {program}: {error}"
            )))
        }
        Err(f) => Some(f),
    };

    // Each size's report, and with `--bench` its times.
    for (index, (group, tally)) in batch.groups.iter().zip(&tallies).enumerate() {
        let timing = plan.bench.then(|| {
            let sample: Vec<&G::Instance> = match &group.table {
                None => batch.rows[group.start..group.start + group.count]
                    .iter()
                    .map(|(i, _)| i)
                    .collect(),
                Some(_) => tally.sample.iter().collect(),
            };
            Timing {
                program: (tally.timed > 0).then(|| tally.time.as_secs_f64() / tally.timed as f64),
                naive: median_time(&sample, |i| G::naive(i).is_ok()),
                optimized: median_time(&sample, |i| G::optimized(i).is_ok()),
            }
        });
        let size = size_report(group, tally, timing);
        if index >= shown {
            // The sizes a fault cut short, listed after it.
            if !(lines.borrow_mut())(&size_line(&size)) {
                return Err(CheckError::Stopped);
            }
        }
        report.per_size.push(size);
    }
    let answered: usize = tallies.iter().map(|t| t.answered).sum();
    report.wrong = report.per_size.iter().map(|s| s.wrong).sum();
    // The first wrong answer of the smallest failing size, shrunk.
    let failing = tallies.iter().find_map(|t| t.first_wrong.as_ref());
    report.counterexample = failing.map(|(instance, found)| {
        let (shrunk, steps, stopped) = shrink::<G>(instance, found, program);
        Counterexample {
            found: found.clone(),
            shrunk,
            steps,
            stopped,
        }
    });
    report.fits = plan.bench.then(|| {
        let series = |pick: fn(&Timing) -> Option<f64>| {
            fit(report.per_size.iter().filter_map(|s| {
                let t = pick(s.timing.as_ref()?)?;
                Some((s.size, t))
            }))
        };
        Fits {
            program: series(|t| t.program),
            naive: series(|t| t.naive),
            optimized: series(|t| t.optimized),
            throughput: previous.map(|last| answered as f64 / (last - started).as_secs_f64()),
        }
    });
    report.verdict = match (&fault, report.wrong) {
        (Some(f), _) => f.tag().to_string(),
        (None, 0) => "pass".to_string(),
        (None, _) => "wrong".to_string(),
    };
    report.fault = fault.map(|f| f.to_string());
    Ok(report)
}

fn size_report<G: Subject>(
    group: &Group<G>,
    tally: &Tally<G::Instance>,
    timing: Option<Timing>,
) -> SizeReport {
    SizeReport {
        size: group.size,
        random: group.random,
        instances: group.count,
        answered: tally.answered,
        wrong: tally.wrong,
        first_wrong: tally.first_wrong.as_ref().map(|(_, case)| case.clone()),
        timing,
    }
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
pub fn junit(report: &SolverCheck) -> String {
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
pub fn text(report: &SolverCheck) -> String {
    let mut random = report.per_size.iter().filter(|s| s.random).map(|s| s.size);
    let randoms = random.next().map(|a| (a, random.next_back().unwrap_or(a)));
    let mut t = head(report, randoms);
    for s in &report.per_size {
        t.push_str(&size_line(s));
    }
    t.push_str(&tail(report));
    t
}

/// The header line of [`text`]: the game, parameters, program, sizes and
/// the random instances' sizes and seed.
fn head(report: &SolverCheck, randoms: Option<(u64, u64)>) -> String {
    use std::fmt::Write;
    let mut t = String::new();
    let _ = write!(
        t,
        "check {} ({}) against `{}`: every instance of sizes {}..={} ({})",
        report.game, report.params, report.program, report.sizes.0, report.sizes.1, report.unit
    );
    match randoms {
        Some((a, b)) => {
            let _ = writeln!(
                t,
                ", {} random of sizes {a}..={b} (seed {})",
                report.random, report.seed
            );
        }
        None => t.push('\n'),
    }
    t
}

/// One size's line of [`text`].
fn size_line(s: &SizeReport) -> String {
    let random = if s.random { " (random)" } else { "" };
    let state = if s.answered < s.instances {
        format!("{} answered", s.answered)
    } else if s.wrong == 0 {
        "ok".to_string()
    } else {
        format!("{} wrong", s.wrong)
    };
    format!(
        "size {}{random}: {} instances, {state}\n",
        s.size, s.instances
    )
}

/// The rest of [`text`] after the sizes' lines: the verdict, the
/// counterexample and with `--bench` the times.
#[must_use]
pub fn tail(report: &SolverCheck) -> String {
    use std::fmt::Write;
    let mut t = String::new();
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
        assert_eq!(random_sizes((1, 3), 7), vec![(4, 3), (5, 2), (6, 2)]);
        assert_eq!(random_sizes((5, 5), 2), vec![(6, 2)]);
        assert_eq!(
            random_sizes((0, 9), 4),
            vec![(10, 1), (11, 1), (12, 1), (13, 1)]
        );
        assert_eq!(random_sizes((0, u64::MAX - 1), 3), vec![(u64::MAX, 1)]);
    }
}
