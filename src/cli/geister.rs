//! `solved-games geister`: the retrograde analyses of 4×4 Mini-Geister
//! (document 003): a summary per analysis, one position's value and best
//! moves, and forcing lines from the start position.

use super::{print_json, CliError, Outcome};
use solved_games::games::geister::analysis::Kind;
use solved_games::games::geister::optimized::{self, Table};
use solved_games::games::geister::play::{self, LineStep};
use solved_games::games::geister::report::Report;
use solved_games::games::geister::rules::{Position, Side};
use solved_games::games::geister::{naive, svg};
use solved_games::solve::retrograde::Reach;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// Options of `solved-games geister`.
#[derive(clap::Args)]
#[command(
    after_help = "Analyses: basic (§3), det (full information), extended (§4/§5), \
win-br-vs-br, rbr-vs-br (§6.1.1), br-vs-brr (§6.1.2), bbr-vs-br (§6.2.1), \
br-vs-bbr-guess, br-vs-bbr-third, br-vs-bbr-half (§6.2.2).\n\
Position notation: \"<player 1 pieces>/<player 2 pieces> <side to move 1|2>\", pieces \
comma-separated squares a1..d4, prefixed B (blue) or R (red) when the colour is known, \
e.g. \"b1,c1/b4,c4 1\" or \"Bb1,Rc1/b4,Bc4 2\"."
)]
pub struct Args {
    #[command(subcommand)]
    command: Option<Sub>,
    /// Which analysis (see below).
    #[arg(long, default_value = "basic", global = true)]
    analysis: String,
    /// Solver for the summary: the retrograde engine or the naive sweeps.
    #[arg(long, value_enum, default_value = "optimized")]
    solver: Solver,
    /// Print JSON instead of text.
    #[arg(long, global = true)]
    json: bool,
}

/// Which solver computes the summary.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum Solver {
    /// Retrograde engine over a perfect index.
    Optimized,
    /// Repeated full sweeps over a hash map.
    Naive,
}

#[derive(clap::Subcommand)]
enum Sub {
    /// Value, distance and best moves of one position.
    Show {
        /// The position, e.g. "b1,c1/b4,c4 1".
        position: String,
    },
    /// A forcing line from the start position, as a sequence of boards.
    Line {
        /// Who moves first in the start position.
        #[arg(long, value_enum, default_value = "first")]
        to_move: ToMove,
        /// Also draw the line as an SVG picture into FILE.
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
    },
}

/// Side to move at the start.
#[derive(Clone, Copy, clap::ValueEnum)]
enum ToMove {
    /// Player 1 moves first.
    First,
    /// Player 2 moves first.
    Second,
}

fn solve_with_deps(kind: Kind) -> BTreeMap<Kind, Table> {
    let mut solved = BTreeMap::new();
    optimized::solve_into(kind, &mut solved);
    solved
}

fn value_word(v: Reach) -> &'static str {
    match v {
        Reach::Goal => "+1 (player 1 reaches its goal)",
        Reach::Undecided => "0 (neither side forces its goal)",
        Reach::Prevented => "-1 (player 2 prevents it)",
    }
}

pub fn run(args: Args) -> Outcome {
    let kind: Kind = args
        .analysis
        .parse()
        .map_err(|e| CliError::Input(format!("{e}")))?;
    match args.command {
        None => summary(kind, args.solver, args.json),
        Some(Sub::Show { position }) => show(kind, &position, args.json),
        Some(Sub::Line { to_move, svg }) => line(kind, to_move, svg, args.json),
    }
}

fn summary(kind: Kind, solver: Solver, json: bool) -> Outcome {
    let report = match solver {
        Solver::Optimized => Report::of(&solve_with_deps(kind)[&kind]),
        Solver::Naive => {
            let analysis = naive::Analysis::named(kind.name()).expect("same analysis names");
            Report::of_naive(&naive::solve(analysis))
        }
    };
    if json {
        print_json(&report.to_json())?;
    } else {
        println!("analysis {}: {} positions", report.analysis, report.states);
        println!(
            "values: +1 {}, 0 {}, -1 {}",
            report.values[0], report.values[1], report.values[2]
        );
        println!(
            "distances of +1 positions (1, 2, …): {}",
            report.distance_row()
        );
        for (side, e) in ["player 1", "player 2"].iter().zip(report.initial) {
            println!(
                "start, {side} to move: value {}, distance {}",
                e.value, e.distance
            );
        }
    }
    Ok(true)
}

fn parse_for(kind: Kind, text: &str) -> Result<Position, CliError> {
    let p: Position = text
        .parse()
        .map_err(|e| CliError::Input(format!("bad position {text:?}: {e}")))?;
    let sets = (p.p1.piece_set(), p.p2.piece_set());
    if !kind.layouts().contains(&sets) {
        let allowed: Vec<String> = kind
            .layouts()
            .iter()
            .map(|(a, b)| format!("{a} vs {b}"))
            .collect();
        return Err(CliError::Input(format!(
            "position {text:?} has pieces {} vs {}; analysis {kind} covers {} (P = purple)",
            sets.0,
            sets.1,
            allowed.join(", ")
        )));
    }
    Ok(p)
}

fn show(kind: Kind, text: &str, json: bool) -> Outcome {
    let p = parse_for(kind, text)?;
    let solved = solve_with_deps(kind);
    let table = &solved[&kind];
    let analysis = play::analysis_of(kind, &solved);
    let (value, distance) = table.get(&p).expect("checked piece sets");
    let terminal = analysis.terminal(&p).is_some();
    let best = play::best_moves(&analysis, table, &p);
    if json {
        let moves: Vec<_> = best
            .iter()
            .map(|c| {
                serde_json::json!({
                    "move": c.notation(),
                    "to": c.to.map(|q| q.to_string()),
                    "value": c.value.sign(),
                    "distance": c.distance,
                })
            })
            .collect();
        print_json(&serde_json::json!({
            "analysis": kind.name(),
            "position": p.to_string(),
            "value": value.sign(),
            "distance": distance,
            "terminal": terminal,
            "best_moves": moves,
        }))?;
        return Ok(true);
    }
    print!("{}", p.board());
    println!("{} to move", play::side_name(p.to_move));
    println!("value {}, distance {distance}", value_word(value));
    if terminal {
        println!("decided by the rules of analysis {kind}");
    } else {
        let list: Vec<String> = best.iter().map(|c| c.notation()).collect();
        println!("best moves: {}", list.join(" "));
    }
    Ok(true)
}

fn line(kind: Kind, to_move: ToMove, svg_file: Option<PathBuf>, json: bool) -> Outcome {
    let solved = solve_with_deps(kind);
    let table = &solved[&kind];
    let analysis = play::analysis_of(kind, &solved);
    let side = match to_move {
        ToMove::First => Side::P1,
        ToMove::Second => Side::P2,
    };
    let start = kind.initial()[usize::from(side == Side::P2)][0];
    let Some(steps) = play::forcing_line(&analysis, table, start) else {
        return Err(CliError::Input(format!(
            "the start position {start} has value 0 in analysis {kind}: no forcing line"
        )));
    };
    if let Some(path) = &svg_file {
        let title = format!(
            "Mini-Geister, analysis {kind}: forcing line from {start} (value {}, {} positions)",
            svg::signed(steps[0].value.sign()),
            steps.len()
        );
        let picture = svg::line_titled(&steps, &title);
        std::fs::write(path, picture).map_err(|e| CliError::io(path, &e))?;
    }
    if json {
        let rows: Vec<_> = steps
            .iter()
            .map(|s| {
                serde_json::json!({
                    "position": s.position.to_string(),
                    "value": s.value.sign(),
                    "distance": s.distance,
                    "move": s.played.map(|c| c.notation()),
                })
            })
            .collect();
        print_json(&serde_json::json!({"analysis": kind.name(), "line": rows}))?;
    } else {
        print_line(kind, &steps);
    }
    Ok(true)
}

fn print_line(kind: Kind, steps: &[LineStep]) {
    let first = &steps[0];
    println!(
        "analysis {kind}, start {}: value {}, {} positions",
        first.position,
        value_word(first.value),
        first.distance
    );
    for (k, s) in steps.iter().enumerate() {
        println!();
        println!(
            "{}. {} to move (distance {})",
            k + 1,
            play::side_name(s.position.to_move),
            s.distance
        );
        print!("{}", s.position.board());
        match s.played {
            Some(c) if c.to.is_some() => println!("plays {}", c.notation()),
            Some(c) => println!(
                "plays {}, ending the analysis with value {}",
                c.notation(),
                c.value.sign()
            ),
            None => println!("decided: value {}", s.value.sign()),
        }
    }
}
