//! `solved-games memory --variant ranks --ranks K`: document 004 §4's deck
//! of K ranks of four (SPEC.md "Memory variants: a deck of ranks of four"),
//! from the per-rank recurrence.

use super::{CliError, CommandResult, Out};
use num_rational::BigRational;
use num_traits::ToPrimitive;
use serde_json::json;
use solved_games::memory_variants::variants::ranks::optimized::RankSolver;
use solved_games::memory_variants::variants::ranks::{RankValue, MAX_RANKS};

/// K when `--ranks` is not given: the 52-card deck.
const DEFAULT_RANKS: usize = MAX_RANKS;
/// Largest K for `--table` (K = 4: 597 states; K = 5: 2,000).
const MAX_LISTED_RANKS: usize = 4;

fn float(x: &BigRational) -> f64 {
    x.to_f64().unwrap_or(f64::NAN)
}

fn value_json(v: &RankValue) -> serde_json::Value {
    json!({
        "mover": v.mover.to_string(),
        "win": v.win().to_string(),
        "loss": v.loss().to_string(),
        "draw": v.draw.to_string(),
        "mover_float": float(&v.mover),
        "win_float": float(&v.win()),
        "loss_float": float(&v.loss()),
        "draw_float": float(&v.draw),
    })
}

/// `--variant ranks`: `ranks` is `--ranks`, `pairs_given` whether `--n` was
/// given (refused: K counts ranks, not pairs).
pub fn run(
    ranks: Option<usize>,
    pairs_given: bool,
    table: bool,
    json: bool,
    out: &mut Out,
) -> CommandResult {
    if pairs_given {
        return Err(CliError::Input(
            "--variant ranks takes --ranks K (ranks of four cards), not --n".into(),
        ));
    }
    let ranks = ranks.unwrap_or(DEFAULT_RANKS);
    let max = if table { MAX_LISTED_RANKS } else { MAX_RANKS };
    if !(1..=max).contains(&ranks) {
        return Err(CliError::Input(format!(
            "--ranks {ranks} is out of range for --variant ranks{}: 1..={max}",
            if table { " --table" } else { "" }
        )));
    }
    let mut solver = RankSolver::new();
    let start = solver.start(ranks);
    if table {
        let states = solver.solved();
        if json {
            let rows: Vec<_> = states
                .iter()
                .map(|(s, v)| json!({"state": s.to_string(), "value": value_json(v)}))
                .collect();
            out.json(&json!({"variant": "ranks", "ranks": ranks, "states": rows}))?;
        } else {
            for (s, v) in states {
                writeln!(
                    out,
                    "{:<44} mover {:<22} draw {}",
                    s.to_string(),
                    v.mover.to_string(),
                    v.draw
                )?;
            }
        }
        return Ok(true);
    }
    if json {
        out.json(&json!({"variant": "ranks", "ranks": ranks, "cards": 4 * ranks, "start": value_json(&start)}))?;
    } else {
        writeln!(
            out,
            "ranks, K = {ranks} ({} cards): first player wins {:.9}, second player wins {:.9}, draw {:.9}; first player's expected points {:.9}  (exact with --json; any two cards of one rank match, the first pair of 1s taken wins, two passes in a row end the game drawn)",
            4 * ranks,
            float(&start.win()),
            float(&start.loss()),
            float(&start.draw),
            float(&start.mover),
        )?;
    }
    Ok(true)
}
