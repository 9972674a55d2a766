//! `solved-games geister`: the retrograde analyses of 4×4 Mini-Geister
//! (document 003): a summary per analysis, one position's value and best
//! moves, and forcing lines from the start position.

use super::{CliError, CommandResult, Out, Solver, SolverArg};
use solved_games::core::Player;
use solved_games::games::geister::analysis::Kind;
use solved_games::games::geister::optimized::{self, Table};
use solved_games::games::geister::play::{self, LineStep};
use solved_games::games::geister::report::Census;
use solved_games::games::geister::rules::Position;
use solved_games::games::geister::{naive, svg};
use solved_games::solve::retrograde::Reach;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The analyses and the position notation, at the end of the help of
/// `geister`, `geister show` and `geister line` (the `--analysis` help
/// points here).
const ANALYSES_AND_NOTATION: &str = "Analyses (--analysis): basic (§3), det (full information), \
extended (§4/§5), win-br-vs-br, rbr-vs-br (§6.1.1), br-vs-brr (§6.1.2), bbr-vs-br (§6.2.1), \
br-vs-bbr-guess, br-vs-bbr-third, br-vs-bbr-half (§6.2.2). Each covers its own pieces: an \
error names the ones an analysis covers.\n\
Position notation: \"<player 1 pieces>/<player 2 pieces> <side to move 1|2>\", pieces \
comma-separated squares a1..d4, prefixed B (blue) or R (red) when the colour is known, none \
when it is not (purple), e.g. \"b1,c1/b4,c4 1\" (basic, extended), \"Bb1,Rc1/b4,c4 2\" \
(win-br-vs-br) or \"Bb1,Rc1/Rb4,Bc4 2\" (det).";

/// Options of `solved-games geister`.
#[derive(clap::Args)]
#[command(mut_arg("solver", |a| a.help("Solver for the summary (not `show` or `line`): optimized is the retrograde engine over a perfect index, naive repeated full sweeps over a hash map. [default: optimized]")))]
#[command(after_help = ANALYSES_AND_NOTATION)]
pub struct Args {
    #[command(subcommand)]
    command: Option<Sub>,
    /// Which analysis (listed below) [default: basic]; not for `bracket`,
    /// which judges its own strategies.
    #[arg(long, global = true)]
    analysis: Option<String>,
    #[command(flatten)]
    solver: SolverArg,
    /// Print JSON instead of text.
    #[arg(long, global = true)]
    json: bool,
}

#[derive(clap::Subcommand)]
enum Sub {
    /// Value, distance and best moves of one position.
    #[command(after_help = ANALYSES_AND_NOTATION)]
    Show {
        /// The position, e.g. "b1,c1/b4,c4 1".
        position: String,
    },
    /// A forcing line from the start position, as a sequence of boards.
    #[command(after_help = ANALYSES_AND_NOTATION)]
    Line {
        /// Who moves first in the start position.
        #[arg(long, value_enum, default_value = "first")]
        to_move: ToMove,
        /// Also draw the line as an SVG picture into FILE.
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
    },
    /// The bracket on the value of blue-blue-red vs blue-red (§6.2) beside
    /// the paper's: each side's strategies judged against a best response,
    /// certified, with each certificate's states and check time (the total
    /// time goes to standard error).
    Bracket,
}

/// Player to move at the start.
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

pub fn run(args: Args, out: &mut Out) -> CommandResult {
    if matches!(args.command, Some(Sub::Bracket)) && args.analysis.is_some() {
        // The bracket judges the strategies of §6.2 (bbr-vs-br,
        // br-vs-bbr-half and the sanity rows), whatever the flag says.
        return Err(CliError::Input(
            "--analysis chooses the table of the summary, `show` and `line`; `bracket` judges the strategies of §6.2 itself"
                .into(),
        ));
    }
    let kind: Kind = args
        .analysis
        .as_deref()
        .unwrap_or("basic")
        .parse()
        .map_err(|e| CliError::Input(format!("{e}")))?;
    if args.solver.given() && args.command.is_some() {
        // `show` and `line` read the retrograde table only; the flag would
        // be ignored, so it is refused as the parser refuses the others.
        return Err(CliError::Input(
            "--solver chooses the solver of the summary; `show` and `line` use the retrograde table"
                .into(),
        ));
    }
    match args.command {
        None => summary(kind, args.solver.get(), args.json, out),
        Some(Sub::Show { position }) => show(kind, &position, args.json, out),
        Some(Sub::Line { to_move, svg }) => line(kind, to_move, svg, args.json, out),
        Some(Sub::Bracket) => bracket(args.json, out),
    }
}

/// `geister bracket`: per side to move first, the paper's bracket beside
/// the certified one (the wing `geister_3v2`'s report: the paper's purple
/// strategies and the restricted games' strategies, each judged against
/// every real colouring of the other side), the families reaching each end
/// and every certificate's size and check time; then the sanity rows of
/// the reference's other purple strategies. Everything but the times is
/// the same bytes on every run.
fn bracket(json: bool, out: &mut Out) -> CommandResult {
    use solved_games::games::geister::bracket::judge_kind;
    use solved_games::geister_3v2::report::{report, Family};
    let started = std::time::Instant::now();
    let r = report(&[Family::PaperL, Family::L, Family::PaperU, Family::U])
        .map_err(|e| CliError::Failed(format!("geister bracket: {e}")))?;
    let sanity: Vec<_> = [Kind::Basic, Kind::RbrVsBr, Kind::BrVsBrr]
        .into_iter()
        .flat_map(judge_kind)
        .collect();
    let sane = |g: &solved_games::games::geister::bracket::Guarantee| {
        g.certified && g.naive == g.guarantee
    };
    let ok = r.certified() && sanity.iter().all(sane);
    let end = |p1_first: bool, l: bool| {
        r.orders
            .iter()
            .find(|o| o.p1_first == p1_first)
            .and_then(|o| if l { o.l.as_ref() } else { o.u.as_ref() })
            .map(|e| e.value.clone())
    };
    if json {
        out.json(&serde_json::json!({
            "three_pieces_first": {"L": end(true, true), "U": end(true, false)},
            "two_pieces_first": {"L": end(false, true), "U": end(false, false)},
            "certified": ok,
            "bracket": r,
            "sanity": sanity,
        }))?;
    } else {
        writeln!(
            out,
            "blue-blue-red vs blue-red (document 003 §6.2), endless play 0, payoffs to the \
             three-piece side: L is what one of its strategies guarantees, U what a two-piece \
             strategy holds it to"
        )?;
        for o in &r.orders {
            let value = |e: &Option<solved_games::geister_3v2::report::BracketEnd>| {
                e.as_ref().map_or("none".to_string(), |e| e.value.clone())
            };
            writeln!(out)?;
            writeln!(
                out,
                "{} side first",
                if o.p1_first {
                    "three-piece"
                } else {
                    "two-piece"
                }
            )?;
            writeln!(out, "  paper (§6.2.2): [{}, {}]", o.paper[0], o.paper[1])?;
            writeln!(out, "  certified:      [{}, {}]", value(&o.l), value(&o.u))?;
            for (name, e) in [("L", &o.l), ("U", &o.u)] {
                if let Some(e) = e {
                    writeln!(out, "  {name} = {} by {}", e.value, e.families.join("; "))?;
                }
            }
            writeln!(
                out,
                "  strategies (per responder's red: certified value, certificate size, time to check it):"
            )?;
            for j in r.judged.iter().filter(|j| j.p1_first == o.p1_first) {
                let verdict = j.value.as_ref().map_or("NOT CERTIFIED".to_string(), |v| {
                    format!(
                        "{} {v}",
                        if j.three_pieces {
                            "guarantees"
                        } else {
                            "holds P1 to"
                        }
                    )
                });
                writeln!(out, "    {}: {verdict}", j.family)?;
                for c in &j.colourings {
                    writeln!(
                        out,
                        "      {}: {}, {} states, check {:.1} ms",
                        c.colouring,
                        c.certified,
                        c.states,
                        c.check_seconds * 1e3
                    )?;
                }
            }
        }
        writeln!(out)?;
        writeln!(
            out,
            "sanity: the reference's other purple strategies (analysis, first, guarantee per \
             responder colouring, states)"
        )?;
        for g in &sanity {
            writeln!(
                out,
                "  {:<15} P{}  {:<5} [{}]  {} states{}",
                g.analysis,
                g.to_move,
                g.guarantee,
                g.per_type.join(", "),
                g.states,
                if sane(g) { "" } else { "  NOT CERTIFIED" }
            )?;
        }
    }
    eprintln!("geister bracket: {:.1} s", started.elapsed().as_secs_f64());
    Ok(ok)
}

fn summary(kind: Kind, solver: Solver, json: bool, out: &mut Out) -> CommandResult {
    let report = match solver {
        Solver::Optimized => Census::of(&solve_with_deps(kind)[&kind]),
        Solver::Naive => {
            let analysis = naive::Analysis::named(kind.name()).expect("same analysis names");
            Census::of_naive(&naive::solve(analysis))
        }
    };
    if json {
        out.json(&report.to_json())?;
    } else {
        writeln!(
            out,
            "analysis {}: {} positions",
            report.analysis, report.states
        )?;
        writeln!(
            out,
            "values: +1 {}, 0 {}, -1 {}",
            report.values[0], report.values[1], report.values[2]
        )?;
        writeln!(
            out,
            "distances of +1 positions (1, 2, …): {}",
            report.distance_row()
        )?;
        for (side, e) in ["player 1", "player 2"].iter().zip(report.initial) {
            writeln!(
                out,
                "start, {side} to move: value {}, distance {}",
                e.value, e.distance
            )?;
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

fn show(kind: Kind, text: &str, json: bool, out: &mut Out) -> CommandResult {
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
        out.json(&serde_json::json!({
            "analysis": kind.name(),
            "position": p.to_string(),
            "value": value.sign(),
            "distance": distance,
            "terminal": terminal,
            "best_moves": moves,
        }))?;
        return Ok(true);
    }
    write!(out, "{}", p.board())?;
    writeln!(out, "{} to move", play::side_name(p.to_move))?;
    writeln!(out, "value {}, distance {distance}", value_word(value))?;
    if terminal {
        writeln!(out, "decided by the rules of analysis {kind}")?;
    } else {
        let list: Vec<String> = best.iter().map(|c| c.notation()).collect();
        writeln!(out, "best moves: {}", list.join(" "))?;
    }
    Ok(true)
}

fn line(
    kind: Kind,
    to_move: ToMove,
    svg_file: Option<PathBuf>,
    json: bool,
    out: &mut Out,
) -> CommandResult {
    if let Some(path) = &svg_file {
        super::report_file::check("--svg", path)?;
    }
    let solved = solve_with_deps(kind);
    let table = &solved[&kind];
    let analysis = play::analysis_of(kind, &solved);
    let side = match to_move {
        ToMove::First => Player::First,
        ToMove::Second => Player::Second,
    };
    let start = kind.initial()[usize::from(side == Player::Second)][0];
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
        super::report_file::write("--svg", path, picture)?;
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
        out.json(&serde_json::json!({"analysis": kind.name(), "line": rows}))?;
    } else {
        print_line(kind, &steps, out)?;
    }
    Ok(true)
}

fn print_line(kind: Kind, steps: &[LineStep], out: &mut Out) -> Result<(), CliError> {
    let first = &steps[0];
    writeln!(
        out,
        "analysis {kind}, start {}: value {}, {} positions",
        first.position,
        value_word(first.value),
        first.distance
    )?;
    for (k, s) in steps.iter().enumerate() {
        writeln!(out)?;
        writeln!(
            out,
            "{}. {} to move (distance {})",
            k + 1,
            play::side_name(s.position.to_move),
            s.distance
        )?;
        write!(out, "{}", s.position.board())?;
        match s.played {
            Some(c) if c.to.is_some() => writeln!(out, "plays {}", c.notation())?,
            Some(c) => writeln!(
                out,
                "plays {}, ending the analysis with value {}",
                c.notation(),
                c.value.sign()
            )?,
            None => writeln!(out, "decided: value {}", s.value.sign())?,
        }
    }
    Ok(())
}
