//! `solved-games yen solve` and `yen best-response`: exact analysis of
//! scaled 10,000-yen games (document 000; SPEC.md, "Exact equilibria of scaled games").

use super::progress::Bar;
use super::{CliError, CommandResult, Out};
use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::json;
use solved_games::games::yen::best_response::{best_response_with_progress, DocumentPlayer, Goal};
use solved_games::games::yen::optimized::{reachable_states, ExactDp};
use solved_games::games::yen::rules::Rules;
use solved_games::games::yen::rules::State;
use solved_games::outfile;
use solved_games::solve::exact::{format_ratio, to_f64};
use solved_games::yen_certified::yen::certificate;
use solved_games::yen_certified::yen::certified::Certified;
use solved_games::yen_certified::yen::svg;

/// Largest total the exact solver accepts, the face's limit: (T+1)²
/// successors per state and R·(T+1)²·(4T+1) states make anything larger
/// hopeless.
const MAX_TOTAL: u64 = solved_games::games::yen::face::OPTIMIZED_TOTAL;
/// Largest total for best responses (one-player expectimax, far cheaper).
const MAX_BEST_RESPONSE_TOTAL: u64 = 200;
/// Largest total the certified solver accepts, the wing's table limit
/// (memory grows like T³; T = 200 is 50-yen units).
const MAX_CERTIFIED_TOTAL: u64 = solved_games::yen_certified::table::MAX_TOTAL;
/// Largest number of rounds the exact solver accepts.
const MAX_ROUNDS: u32 = 60;

/// Options of `solved-games yen solve`.
#[derive(clap::Args)]
pub struct SolveArgs {
    /// Money each player starts with, in units (T; the document's 10,000
    /// yen is T = 10 units of 1,000 yen).
    #[arg(long = "units", visible_alias = "total", default_value_t = 10)]
    total: u64,
    /// Number of rounds (R).
    #[arg(long, default_value_t = 10)]
    rounds: u32,
    /// Solve this state instead of the start: ROUNDS_LEFT,MONEY_A,MONEY_B,GAIN_DIFF
    /// (GAIN_DIFF = A's winnings so far minus B's), e.g. `3,4,6,-2`.
    #[arg(long, allow_hyphen_values = true)]
    state: Option<String>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
    /// Solve in floating point with certified bounds instead of exactly:
    /// every state of every game with T' ≤ --total (up to 200) and these
    /// rounds, each value in a rigorous interval [lower, upper].
    #[arg(long)]
    certified: bool,
    /// With --certified: write SVG figures to this directory (A's optimal
    /// first-round strategy across T, and the value surface of one layer).
    #[arg(long, value_name = "DIR", requires = "certified")]
    plot: Option<std::path::PathBuf>,
    /// With --certified: write the table's certificate to FILE (every stage
    /// game's strategies and the facts that set the other states; check it
    /// with `yen verify-certificate FILE`).
    #[arg(long, value_name = "FILE", requires = "certified")]
    certificate: Option<std::path::PathBuf>,
    /// With --certificate: continue a stopped run from FILE.checkpoint (the
    /// checkpoint written after every layer) instead of starting over; the
    /// certificate and output are those of a run never stopped.
    #[arg(long, requires = "certificate")]
    resume: bool,
    /// With --certificate: print one line per finished layer on standard
    /// error (layer, states and stage games so far, elapsed time).
    #[arg(long, requires = "certificate")]
    progress_log: bool,
    /// With --certificate: the certificate's format, 1 (the default) or 2
    /// (smaller: varints, fixed-point weights; SPEC.md, "Certificate format
    /// 2"). A resume keeps the stopped run's format.
    #[arg(long, value_name = "N", requires = "certificate")]
    certificate_format: Option<u32>,
}

/// Options of `solved-games yen best-response`.
#[derive(clap::Args)]
pub struct BestResponseArgs {
    /// The opponent (B): always1000, minus1 or random (document 000 §3).
    #[arg(long)]
    against: String,
    /// Money each player starts with, in units (T; the document's 10,000
    /// yen is T = 10 units of 1,000 yen).
    #[arg(long = "units", visible_alias = "total", default_value_t = 10)]
    total: u64,
    /// Number of rounds (R).
    #[arg(long, default_value_t = 10)]
    rounds: u32,
    /// Maximise the expected score (+1 win, 0 draw, -1 loss) instead of the
    /// probability of winning.
    #[arg(long)]
    score: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// Bets and probabilities as a JSON object in increasing bet order.
struct Bets<'a>(&'a [(u64, num_rational::BigRational)]);

impl Serialize for Bets<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (bet, p) in self.0 {
            map.serialize_entry(&bet.to_string(), &format_ratio(p))?;
        }
        map.end()
    }
}

/// Checks `--total` and `--rounds` for both subcommands.
fn rules_from(total: u64, rounds: u32) -> Result<Rules, CliError> {
    if rounds == 0 || rounds > MAX_ROUNDS {
        return Err(CliError::Input(format!(
            "--rounds {rounds} is out of range: 1..={MAX_ROUNDS}"
        )));
    }
    if total > MAX_TOTAL {
        return Err(CliError::Input(format!(
            "{} {total} is out of range: 0..={MAX_TOTAL} (exact solving grows like T^5)",
            super::flag_as_written("--units", "--total")
        )));
    }
    Ok(Rules { total, rounds })
}

pub fn run_solve(args: SolveArgs, out: &mut Out) -> CommandResult {
    if args.certified {
        return run_certified(&args, out);
    }
    let rules = rules_from(args.total, args.rounds)?;
    let state = state_from(args.state.as_deref(), rules)?;
    let mut solver = ExactDp::new();
    let bar = Bar::stderr();
    let (value, strategy_a, strategy_b) = if state.rounds_left == 0 {
        (solver.value(state), vec![], vec![])
    } else {
        let eq = solver.round_equilibrium_with_progress(state, &bar);
        (eq.value, eq.strategy_a, eq.strategy_b)
    };
    let states = reachable_states(state);
    if args.json {
        out.json(&json!({
            "total": rules.total,
            "rounds": rules.rounds,
            "state": state.to_string(),
            "value": format_ratio(&value),
            "strategy": Bets(&strategy_a),
            "strategy_b": Bets(&strategy_b),
            "states": states,
            "matrix_games": solver.matrix_games(),
        }))?;
    } else {
        writeln!(out,
            "10,000-yen game with T = {}, R = {}; state {state} (rounds left, A's money, B's money, A's gains - B's)",
            rules.total, rules.rounds
        )?;
        writeln!(
            out,
            "value to A: {} (+1 win, 0 draw, -1 loss under optimal play)",
            format_ratio(&value)
        )?;
        for (who, strategy) in [("A", &strategy_a), ("B", &strategy_b)] {
            if strategy.is_empty() {
                continue;
            }
            let list: Vec<String> = strategy
                .iter()
                .map(|(bet, p)| format!("{bet}: {}", format_ratio(p)))
                .collect();
            writeln!(
                out,
                "{who}'s equilibrium bets this round: {}",
                list.join(", ")
            )?;
        }
        writeln!(
            out,
            "states reachable: {states}; matrix games solved: {}",
            solver.matrix_games()
        )?;
    }
    Ok(true)
}

/// The state asked for by `--state`, checked against `rules`, or the start.
fn state_from(text: Option<&str>, rules: Rules) -> Result<State, CliError> {
    match text {
        None => Ok(State::start(rules)),
        Some(text) => {
            let s: State = text.parse().map_err(|e| CliError::Input(format!("{e}")))?;
            s.check(rules)
                .map_err(|e| CliError::Input(format!("--state {text}: {e}")))?;
            Ok(s)
        }
    }
}

/// Bets and float probabilities as a JSON object in increasing bet order.
fn float_bets(bets: &[(u64, f64)]) -> serde_json::Value {
    bets.iter()
        .map(|(b, p)| (b.to_string(), json!(p)))
        .collect::<serde_json::Map<_, _>>()
        .into()
}

/// The hidden test hook: after the checkpoint of this layer, say so on
/// standard error and wait a minute, so a test can kill the process there.
const PAUSE_AFTER_LAYER: &str = "SOLVED_GAMES_YEN_PAUSE_AFTER_LAYER";

/// A certified run writing `file`, with a checkpoint after every layer
/// (SPEC.md, "Checkpoints of a certified run").
fn solve_with_checkpoints(args: &SolveArgs, file: &std::path::Path) -> Result<Certified, CliError> {
    let started = std::time::Instant::now();
    let pause: Option<u32> = std::env::var(PAUSE_AFTER_LAYER)
        .ok()
        .and_then(|v| v.parse().ok());
    let bar = Bar::stderr();
    let mut after_layer = |done: &certificate::LayerDone| {
        if args.progress_log {
            bar.suspend(|| {
                eprintln!(
                    "solved-games: layer {} of 2..{} done: {} states, {} stage games so far; {:.1} s; checkpoint {}",
                    done.layer,
                    done.rounds - 1,
                    done.states_done,
                    done.stage_games,
                    started.elapsed().as_secs_f64(),
                    done.checkpoint.display()
                );
            });
        }
        if pause == Some(done.layer) {
            eprintln!("solved-games: paused after layer {}", done.layer);
            std::thread::sleep(std::time::Duration::from_secs(60));
        }
        std::ops::ControlFlow::Continue(())
    };
    let table = certificate::solve_and_write_in_format(
        args.total,
        args.rounds,
        file,
        args.certificate_format,
        &bar,
        args.resume,
        &mut after_layer,
    )
    .map_err(|e| match e {
        certificate::CertificateError::Io(e) => CliError::io(file, &e),
        certificate::CertificateError::Malformed(m) => CliError::Failed(m),
        certificate::CertificateError::Refused(m) => CliError::Input(m),
    })?;
    Ok(table.expect("the CLI never stops a run"))
}

fn run_certified(args: &SolveArgs, out: &mut Out) -> CommandResult {
    if args.total > MAX_CERTIFIED_TOTAL || args.total == 0 {
        return Err(CliError::Input(format!(
            "{} {} is out of range for --certified: 1..={MAX_CERTIFIED_TOTAL}",
            super::flag_as_written("--units", "--total"),
            args.total
        )));
    }
    if args.rounds < 2 || args.rounds > MAX_ROUNDS {
        return Err(CliError::Input(format!(
            "--rounds {} is out of range for --certified: 2..={MAX_ROUNDS}",
            args.rounds
        )));
    }
    let rules = Rules {
        total: args.total,
        rounds: args.rounds,
    };
    let state = state_from(args.state.as_deref(), rules)?;
    if !Certified::within_reach(rules.total, state) {
        let (a, b) = (state.money_a, state.money_b);
        let e = state.gain_diff - (a as i64 - b as i64);
        let most = 2 * (rules.total - a.max(b));
        let why = if e.unsigned_abs() > most {
            format!(
                "|d - (a - b)| = {} > 2(T - max(a, b)) = {most}",
                e.unsigned_abs()
            )
        } else if e > 0 {
            format!("d - (a - b) = {e} = 2(T - max(a, b)), which a match reaches only with a > b")
        } else {
            format!("d - (a - b) = {e} = -2(T - max(a, b)), which a match reaches only with a < b")
        };
        return Err(CliError::Input(format!(
            "--state {state}: no match with T = {} reaches it ({why}; SPEC.md, \"The reachability cut\")",
            rules.total
        )));
    }
    if let Some(file) = &args.certificate {
        // Refused before the solve, which may take minutes.
        if file.as_os_str().is_empty() || file.is_dir() || outfile::is_standard(file) {
            return Err(CliError::Input(format!(
                "--certificate {:?}: a file name is needed (not empty, not a directory, not `-`: a certificate is written beside its name, checkpointed and renamed into place)",
                file.display().to_string()
            )));
        }
    }
    if let Some(dir) = &args.plot {
        if outfile::is_standard(dir) {
            return Err(CliError::Input(
                "--plot -: a directory is needed (standard output takes one file, not several)"
                    .into(),
            ));
        }
        outfile::check_dir(dir).map_err(|e| CliError::io(dir, &e))?;
    }
    let table = match &args.certificate {
        None => Certified::solve(rules.total, rules.rounds, &Bar::stderr()),
        Some(file) => solve_with_checkpoints(args, file)?,
    };
    let summary = table.summary();
    let stage = if state.rounds_left == 0 {
        None
    } else {
        Some(table.stage(state))
    };
    let interval = stage
        .as_ref()
        .map_or_else(|| table.interval(state), |s| s.interval);
    if let Some(dir) = &args.plot {
        svg::write_all(&table, dir).map_err(|e| CliError::Io(e.to_string()))?;
    }
    let empty = Vec::new();
    let (strategy_a, strategy_b) = stage
        .as_ref()
        .map_or((&empty, &empty), |s| (&s.strategy_a, &s.strategy_b));
    if args.json {
        out.json(&json!({
            "total": rules.total,
            "rounds": rules.rounds,
            "state": state.to_string(),
            "certified": true,
            "lower": interval.lower,
            "upper": interval.upper,
            "strategy": float_bets(strategy_a),
            "strategy_b": float_bets(strategy_b),
            "summary": {
                "states": summary.states,
                "stage_games": summary.stage_games,
                "settled_by_monotonicity": summary.monotone,
                "largest_width": summary.max_width,
                "widest_state": summary.widest.map(|s| s.to_string()),
                "solved_exactly": summary.solved_exactly,
                "float_failures": summary.float_failures,
            },
        }))?;
    } else {
        writeln!(out,
            "10,000-yen game with T = {}, R = {}; state {state} (rounds left, A's money, B's money, A's gains - B's)",
            rules.total, rules.rounds
        )?;
        writeln!(
            out,
            "value to A: in [{:.15}, {:.15}] (certified; width {:.1e})",
            interval.lower,
            interval.upper,
            interval.width()
        )?;
        for (who, strategy) in [("A", strategy_a), ("B", strategy_b)] {
            if strategy.is_empty() {
                continue;
            }
            // Bets below display precision are left out of the text (JSON has all).
            let list: Vec<String> = strategy
                .iter()
                .filter(|(_, p)| *p >= 5e-13)
                .map(|(bet, p)| format!("{bet}: {p:.12}"))
                .collect();
            writeln!(
                out,
                "{who}'s float equilibrium bets this round: {}",
                list.join(", ")
            )?;
        }
        writeln!(
            out,
            "table: every T' <= {} at R = {}: {} states, {} stage games, {} set by monotonicity; \
             largest width {:.1e} (at {}); solved exactly: {}",
            rules.total,
            rules.rounds,
            summary.states,
            summary.stage_games,
            summary.monotone,
            summary.max_width,
            summary
                .widest
                .map_or_else(|| "-".to_string(), |s| s.to_string()),
            summary.solved_exactly
        )?;
    }
    Ok(true)
}

pub fn run_best_response(args: BestResponseArgs, out: &mut Out) -> CommandResult {
    let mut opponent: DocumentPlayer = args
        .against
        .parse()
        .map_err(|e| CliError::Input(format!("--against: {e}")))?;
    if args.total > MAX_BEST_RESPONSE_TOTAL {
        return Err(CliError::Input(format!(
            "{} {} is out of range: 0..={MAX_BEST_RESPONSE_TOTAL}",
            super::flag_as_written("--units", "--total"),
            args.total
        )));
    }
    if args.rounds == 0 || args.rounds > MAX_ROUNDS {
        return Err(CliError::Input(format!(
            "--rounds {} is out of range: 1..={MAX_ROUNDS}",
            args.rounds
        )));
    }
    let rules = Rules {
        total: args.total,
        rounds: args.rounds,
    };
    let goal = if args.score {
        Goal::Score
    } else {
        Goal::WinProbability
    };
    let br = best_response_with_progress(rules, &mut opponent, goal, &Bar::stderr());
    let measure = if args.score {
        "expected_score"
    } else {
        "win_probability"
    };
    if args.json {
        out.json(&json!({
            "total": rules.total,
            "rounds": rules.rounds,
            "against": opponent.name(),
            measure: format_ratio(&br.value),
            "first_bets": br.first_bets,
            "states": br.states,
        }))?;
    } else {
        let bets: Vec<String> = br.first_bets.iter().map(ToString::to_string).collect();
        writeln!(
            out,
            "best response to {opponent} with T = {}, R = {}: maximum {} {} (about {:.9})",
            rules.total,
            rules.rounds,
            measure.replace('_', " "),
            format_ratio(&br.value),
            to_f64(&br.value)
        )?;
        writeln!(out, "optimal first bets: {}", bets.join(", "))?;
        writeln!(out, "states evaluated: {}", br.states)?;
    }
    Ok(true)
}
