//! `solved-games memory`: the memory game with a special pair (document 004).

use serde_json::json;
use std::io::IsTerminal;

use super::progress::Bar;
use super::{note, CliError, CommandResult, JsonArg, Out, Solver, SolverArg};
use num_rational::BigRational;
use num_traits::ToPrimitive;
use solved_games::games::memory::analysis::{self, FTendency, GTendency};
use solved_games::games::memory::figures;
use solved_games::games::memory::naive;
use solved_games::games::memory::optimized::{
    exact_table_with_progress, first_player_value_with_progress, Extent, Table,
};
use solved_games::games::memory::solved::Recurrence;
use solved_games::games::memory::statements;
use solved_games::games::memory::State;
use solved_games::memory_variants::variants::{UnknownVariant, Variant};

/// Largest N for the exact first-player value (Proposition 2.1's reduced
/// table): the face's limit.
const MAX_EXACT_PAIRS: usize = solved_games::games::memory::face::OPTIMIZED_PAIRS as usize;
/// Largest N in floating point.
const MAX_FLOAT_PAIRS: usize = 5000;
/// Largest n for `--state` (a full table with optimal options).
const MAX_STATE_PAIRS: usize = 100;
/// Largest n for `--table`.
const MAX_LISTED_PAIRS: usize = 12;
/// N when `--n` is not given.
const DEFAULT_PAIRS: usize = 10;
/// Fig. 3.1's n when `--plot` is given no `--n`: the paper's n = 100 (and
/// M ≤ 50 in Figs. 3.2 and 3.3).
const DEFAULT_PLOT_PAIRS: usize = 100;
/// Largest n for `--plot` (the exact reduced table).
const MAX_PLOT_PAIRS: usize = MAX_EXACT_PAIRS;
/// Largest N for the explicit-board search (N = 8 takes seconds; the search
/// grows as N⁷): the face's limit.
const MAX_NAIVE_PAIRS: usize = solved_games::games::memory::face::NAIVE_PAIRS as usize;

/// Which family of §2.1 states.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum FamilyArg {
    /// F(n,m,k): both 1-cards unknown.
    F,
    /// G(n,m,k): one 1-card known.
    G,
}

/// Options of `solved-games memory`. A flag that has no effect in the mode
/// chosen is refused by the parser (exit 2), not ignored.
#[derive(clap::Args)]
#[command(mut_arg("solver", |a| a.help("Solver for f(N,0,0), exact: naive searches the game on an explicit row of 2N cards (N ≤ 8), optimized runs the §2.1 recurrences. Not with the other modes, which have one solver each (--float is its own). [default: optimized]")))]
pub struct Args {
    /// Number of pairs N [default: 10]. With --state: n, the pairs on the
    /// table; with --plot: Fig. 3.1's n and the largest N of Figs. 3.2/3.3
    /// [default: 100].
    #[arg(long)]
    n: Option<usize>,
    /// Value and optimal options of one state F(n,m,k) or G(n,m,k).
    #[arg(long, value_enum, conflicts_with = "solver")]
    state: Option<FamilyArg>,
    /// m: numbers with both cards known (needs --state).
    #[arg(
        long,
        default_value_t = 0,
        requires = "state",
        // clap waives `requires` when a flag that conflicts with --state is
        // given, so the other modes are named here.
        conflicts_with_all = ["table", "findings", "plot", "float", "solver"]
    )]
    m: usize,
    /// k: numbers with one card known (needs --state).
    #[arg(
        long,
        default_value_t = 0,
        requires = "state",
        // clap waives `requires` when a flag that conflicts with --state is
        // given, so the other modes are named here.
        conflicts_with_all = ["table", "findings", "plot", "float", "solver"]
    )]
    k: usize,
    /// List every state with n ≤ N (N ≤ 12): value and optimal options.
    #[arg(long, conflicts_with_all = ["state", "solver"])]
    table: bool,
    /// Check the §3.1/§3.2 strategy tendencies on every state with n ≤ N and
    /// list where each fails.
    #[arg(long, conflicts_with_all = ["state", "table", "solver"])]
    findings: bool,
    /// Write SVG reproductions of Figs. 3.1, 3.2 and 3.3 into this directory
    /// (Fig. 3.1 for g(N,k), Figs. 3.2/3.3 up to N; with --json, list them).
    #[arg(long, value_name = "DIR", conflicts_with_all = ["state", "table", "findings", "solver"])]
    plot: Option<std::path::PathBuf>,
    /// f(N,0,0) in f64 (N ≤ 5000) instead of exactly (N ≤ 200).
    #[arg(long, conflicts_with_all = ["state", "table", "findings", "plot", "solver"])]
    float: bool,
    /// A variant of document 004 §4 instead of the paper's game: the start
    /// value for N pairs, or with --table every state with n ≤ N (N ≤ 12).
    /// One of: paper, pairs, points, points-avoid-pass, three (three
    /// players: each seat's chances, max-n and paranoid), bounded (with
    /// --memory M), or ranks (a deck of --ranks K ranks of four cards)
    /// (SPEC.md "Memory variants").
    #[arg(long, value_name = "NAME", value_parser = parse_variant, conflicts_with_all = ["state", "findings", "plot", "float", "solver"])]
    variant: Option<VariantArg>,
    /// With --variant ranks: K ranks of four cards, 1..=13 [default: 13, the
    /// 52-card deck]; with --table, K ≤ 4.
    #[arg(long, value_name = "K")]
    ranks: Option<usize>,
    /// With --variant bounded (§4 item 3): the number M of cards both
    /// players remember, the last M turned (0..=6; N ≤ 12).
    #[arg(long, value_name = "M", requires = "variant")]
    memory: Option<usize>,
    /// With --variant three (§4 items 1, 2): passes in a row that end the
    /// game, 3 (a full round, the default) or 2. Given, the output also
    /// names the rule and adds the draw chance of each seat's paranoid game.
    #[arg(long, value_name = "P", requires = "variant")]
    passes: Option<u8>,
    /// With --variant bounded: also the draw probability under optimal
    /// play, the least and the greatest over pairs of optimal plans (a line,
    /// or a JSON field; per state with --table).
    #[arg(long)]
    draws: bool,
    #[command(flatten)]
    solver: SolverArg,
    #[command(flatten)]
    output: JsonArg,
}

/// A `--variant`: one of the count recurrence's two-player variants, or a
/// variant with its own model (its own file each).
#[derive(Debug, Clone, Copy)]
enum VariantArg {
    Two(Variant),
    Three,
    Bounded,
    Ranks,
}

fn parse_variant(text: &str) -> Result<VariantArg, String> {
    if text == solved_games::memory_variants::variants::three::NAME {
        return Ok(VariantArg::Three);
    }
    if text == "bounded" {
        return Ok(VariantArg::Bounded);
    }
    if text == "ranks" {
        return Ok(VariantArg::Ranks);
    }
    text.parse()
        .map(VariantArg::Two)
        .map_err(|_: UnknownVariant| {
            // Every name `--variant` takes, not only the count recurrence's.
            let names: Vec<&str> = Variant::ALL
                .iter()
                .map(|v| v.name())
                .chain([
                    solved_games::memory_variants::variants::three::NAME,
                    "bounded",
                    "ranks",
                ])
                .collect();
            format!(
                "'{text}' is not a memory variant: one of {}",
                names.join(", ")
            )
        })
}

fn too_large(what: &str, n: usize, max: usize) -> CliError {
    CliError::Input(format!("--n {n} is out of range for {what}: 1..={max}"))
}

pub fn run(args: Args, out: &mut Out) -> CommandResult {
    if args.memory.is_some() && !matches!(args.variant, Some(VariantArg::Bounded)) {
        return Err(CliError::Input(
            "--memory goes with --variant bounded".into(),
        ));
    }
    if args.draws && !matches!(args.variant, Some(VariantArg::Bounded)) {
        return Err(CliError::Input(
            "--draws goes with --variant bounded".into(),
        ));
    }
    if args.passes.is_some() && !matches!(args.variant, Some(VariantArg::Three)) {
        return Err(CliError::Input("--passes goes with --variant three".into()));
    }
    if let Some(VariantArg::Ranks) = args.variant {
        return super::memory_ranks::run(
            args.ranks,
            args.n.is_some(),
            args.table,
            args.output.json,
            out,
        );
    }
    if args.ranks.is_some() {
        return Err(CliError::Input("--ranks needs --variant ranks".into()));
    }
    let pairs = args.n.unwrap_or(if args.plot.is_some() {
        DEFAULT_PLOT_PAIRS
    } else {
        DEFAULT_PAIRS
    });
    if pairs == 0 {
        return Err(CliError::Input(
            "--n must be at least 1 (pairs on the table)".into(),
        ));
    }
    match args.variant {
        Some(VariantArg::Two(variant)) => {
            return super::memory_variants::run(variant, pairs, args.table, args.output.json, out)
        }
        Some(VariantArg::Three) => {
            return super::memory_three::run(pairs, args.table, args.passes, args.output.json, out)
        }
        Some(VariantArg::Bounded) => {
            return super::memory_bounded::run_draws(
                args.memory,
                pairs,
                args.table,
                args.draws,
                args.output.json,
                out,
            );
        }
        Some(VariantArg::Ranks) | None => {}
    }
    if let Some(family) = args.state {
        return state(&args, pairs, family, out);
    }
    if args.table {
        return table(&args, pairs, out);
    }
    if args.findings {
        return findings(&args, pairs, out);
    }
    if let Some(dir) = &args.plot {
        return plot(dir, pairs, args.output.json, out);
    }
    first_player(&args, pairs, out)
}

fn first_player(args: &Args, n: usize, out: &mut Out) -> CommandResult {
    if args.float {
        if n > MAX_FLOAT_PAIRS {
            return Err(too_large("--float", n, MAX_FLOAT_PAIRS));
        }
        let f =
            Table::<f64>::build_with_progress(n, Extent::Reduced, false, &Bar::stderr()).f(n, 0, 0);
        if args.output.json {
            out.json(&json!({"n": n, "f_float": f}))?;
        } else {
            writeln!(out, "f({n},0,0) ≈ {f:.15}  (1/2 − f = {:.6e})", 0.5 - f)?;
        }
        return Ok(true);
    }
    let f = match args.solver.get() {
        Solver::Optimized => {
            if n > MAX_EXACT_PAIRS {
                return Err(too_large(
                    "the exact value (use --float)",
                    n,
                    MAX_EXACT_PAIRS,
                ));
            }
            first_player_value_with_progress(n, &Bar::stderr())
        }
        Solver::Naive => {
            if n > MAX_NAIVE_PAIRS {
                return Err(too_large("--solver naive", n, MAX_NAIVE_PAIRS));
            }
            naive::first_player_value(n, &Bar::stderr())
                .map_err(|e| CliError::Input(e.to_string()))?
        }
    };
    let float = f.to_f64().unwrap_or(f64::NAN);
    if args.output.json {
        out.json(&json!({"n": n, "f": f.to_string(), "f_float": float}))?;
    } else {
        writeln!(
            out,
            "f({n},0,0) = {f} ≈ {float:.12}  (first player's expected points: win 1, draw 1/2)"
        )?;
    }
    Ok(true)
}

fn state(args: &Args, n: usize, family: FamilyArg, out: &mut Out) -> CommandResult {
    let (m, k) = (args.m, args.k);
    let state = match family {
        FamilyArg::F => State::f(n, m, k),
        FamilyArg::G => State::g(n, m, k),
    }
    .map_err(|e| CliError::Input(e.to_string()))?;
    if n > MAX_STATE_PAIRS {
        return Err(too_large("--state", n, MAX_STATE_PAIRS));
    }
    let table = exact_table_with_progress(n, Extent::Full, true, &Bar::stderr());
    let value = table.value(state).expect("n is within the table");
    let best = table.best(state).expect("recorded");
    let names: Vec<String> = best.iter().map(ToString::to_string).collect();
    let plies: Vec<&str> = analysis::optimal_plies(best)
        .into_iter()
        .map(analysis::Ply::label)
        .collect();
    if args.output.json {
        out.json(&json!({
            "state": state.to_string(),
            "value": value.to_string(),
            "value_float": value.to_f64(),
            "best": names,
            "plies": plies,
        }))?;
    } else {
        writeln!(
            out,
            "{state}: value {value} ≈ {:.9}; optimal: {} [{}]",
            value.to_f64().unwrap_or(f64::NAN),
            names.join(" | "),
            plies.join(", ")
        )?;
    }
    Ok(true)
}

fn table(args: &Args, n: usize, out: &mut Out) -> CommandResult {
    if n > MAX_LISTED_PAIRS {
        return Err(too_large("--table", n, MAX_LISTED_PAIRS));
    }
    let table = exact_table_with_progress(n, Extent::Full, true, &Bar::stderr());
    let rows: Vec<(State, BigRational, Vec<String>)> = table
        .states()
        .into_iter()
        .map(|s| {
            let best = table.best(s).expect("recorded");
            (
                s,
                table.value(s).expect("held"),
                best.iter().map(ToString::to_string).collect(),
            )
        })
        .collect();
    if args.output.json {
        let rows: Vec<_> = rows
            .iter()
            .map(|(s, v, b)| json!({"state": s.to_string(), "value": v.to_string(), "best": b}))
            .collect();
        out.json(&json!({"n": n, "states": rows}))?;
    } else {
        for (s, v, b) in rows {
            writeln!(
                out,
                "{:<12} {:<24} {}",
                s.to_string(),
                v.to_string(),
                b.join(" | ")
            )?;
        }
    }
    Ok(true)
}

fn findings(args: &Args, n: usize, out: &mut Out) -> CommandResult {
    if n > MAX_STATE_PAIRS {
        return Err(too_large("--findings", n, MAX_STATE_PAIRS));
    }
    // Said on a terminal only, beside the bar: pipes and CI get the output.
    if !args.output.json && std::io::stderr().is_terminal() {
        note(format_args!(
            "solving every F (m ≤ 2) and G (m = 0) state with n ≤ {n} exactly…"
        ));
    }
    let t = exact_table_with_progress(n, Extent::Reduced, true, &Bar::stderr());
    let mut play = Recurrence::new(&t);
    let g = |w| statements::g_tendency(&mut Recurrence::new(&t), n, w);
    let f = |w| statements::f_tendency(&mut Recurrence::new(&t), n, w);
    let (pays, of) = statements::keeping_the_pair_pays(&mut play, n);
    let rows = [
        (
            "§3.1 G(n,k), n−k even: 1-ply (Assumption 1)",
            g(GTendency::EvenOnePly),
        ),
        (
            "§3.1 G(n,k), n−k odd, k < (2n+1)/3: 2-ply",
            g(GTendency::OddSmallTwoPly),
        ),
        (
            "§3.1 G(n,k), n−k odd, k ≥ (2n+1)/3: 0-ply",
            g(GTendency::OddLargeZeroPly),
        ),
        (
            "§3.1 Assumption 2: G(n,k), n−k odd: 0- or 2-ply",
            g(GTendency::OddZeroOrTwo),
        ),
        (
            "§3.2 f(n,2,k) = f(n−1,1,k), k ≥ 1",
            statements::two_pairs_keep_one(&mut play, n),
        ),
        (
            "§3.2 F, m ≤ 1, n−m−k even, m+k ≥ 2: 0-ply",
            f(FTendency::EvenZeroPly),
        ),
        (
            "§3.2 F, m ≤ 1, n−m−k odd, k < (2n+1)/3, m+k ≥ 1: 1-ply",
            f(FTendency::OddSmallOnePly),
        ),
        (
            "§3.2 F, m ≤ 1, n−m−k odd, k ≥ (2n+1)/3: 0-ply",
            f(FTendency::OddLargeZeroPly),
        ),
    ];
    if args.output.json {
        let list: Vec<_> = rows
            .iter()
            .map(|(name, t)| json!({"tendency": name, "states": t.states, "failures": t.failures}))
            .collect();
        out.json(&json!({
            "n": n,
            "tendencies": list,
            "keeping_the_pair_pays": {"states": pays, "of": of},
        }))?;
    } else {
        for (name, t) in &rows {
            writeln!(out, "{name}: {}", t.summary(usize::MAX))?;
        }
        writeln!(
            out,
            "§3.2 f(n,1,k) > f(n−1,0,k) (keeping the one known pair pays): {pays} of {of} (n,k)"
        )?;
    }
    Ok(true)
}

/// Writes Figs. 3.1–3.3 for n = `pairs` into `dir`: Fig. 3.1 plots
/// g(n,k), Figs. 3.2 and 3.3 every N = 2M − 1 and N = 2M up to n. With the
/// default n = 100 these are the paper's figures and today's file names.
fn plot(dir: &std::path::Path, pairs: usize, json: bool, out: &mut Out) -> CommandResult {
    if !(2..=MAX_PLOT_PAIRS).contains(&pairs) {
        return Err(CliError::Input(format!(
            "--n {pairs} is out of range for --plot: 2..={MAX_PLOT_PAIRS} (Fig. 3.3 plots N = 2M, M ≥ 1)"
        )));
    }
    super::report_file::directory("--plot", dir)?;
    if !json && std::io::stderr().is_terminal() {
        note(format_args!(
            "solving every state with n ≤ {pairs} exactly…"
        ));
    }
    let table = exact_table_with_progress(pairs, Extent::Reduced, false, &Bar::stderr());
    let (odd_m, even_m) = (pairs.div_ceil(2), pairs / 2);
    let figures = [
        (
            format!("fig3_1_g{pairs}.svg"),
            "Fig. 3.1",
            format!("g({pairs}, k) for k = 1..{pairs} and the §3.1 expansions to n^-2"),
            figures::figure_3_1_at(&table, pairs),
        ),
        (
            "fig3_2_odd.svg".to_string(),
            "Fig. 3.2",
            format!(
                "1/2 − f(2M − 1, 0, 0) for M = 1..{odd_m} (N = 2M − 1 ≤ {}) and 1/(16N³)",
                2 * odd_m - 1
            ),
            figures::figure_3_2_or_3_3(&table, true, odd_m),
        ),
        (
            "fig3_3_even.svg".to_string(),
            "Fig. 3.3",
            format!(
                "1/2 − f(2M, 0, 0) for M = 1..{even_m} (N = 2M ≤ {}) and 1/(4N²)",
                2 * even_m
            ),
            figures::figure_3_2_or_3_3(&table, false, even_m),
        ),
    ];
    let mut written = Vec::new();
    for (name, figure, shows, svg) in figures {
        let svg = svg.map_err(|e| CliError::Failed(e.to_string()))?;
        let path = dir.join(name);
        super::report_file::write("--plot", &path, svg)?;
        if json {
            written.push(json!({
                "file": path.display().to_string(),
                "figure": figure,
                "shows": shows,
            }));
        } else {
            writeln!(out, "{}", path.display())?;
        }
    }
    if json {
        out.json(&written)?;
    }
    Ok(true)
}
