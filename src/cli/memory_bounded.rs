//! `solved-games memory --variant bounded --memory M`: document 004 §4 item 3
//! with a memory of the last M cards turned (SPEC.md "Memory variants" →
//! "Bounded memory M"), solved exactly layer by layer.

use super::{CliError, CommandResult, Out};
use num_rational::BigRational;
use num_traits::ToPrimitive;
use serde_json::json;
use solved_games::memory_variants::variants::bounded::notation;
use solved_games::memory_variants::variants::bounded::optimized::BoundedTable;
use solved_games::memory_variants::variants::bounded::{MAX_MEMORY, MAX_PAIRS};

fn float(x: &BigRational) -> f64 {
    x.to_f64().unwrap_or(f64::NAN)
}

/// The draw interval in words: one number when every pair of optimal plans
/// gives the same, else the least and the greatest.
fn draw_text(d: &(BigRational, BigRational)) -> String {
    if d.0 == d.1 {
        format!("{} ≈ {:.9}", d.0, float(&d.0))
    } else {
        format!(
            "{} to {} ≈ {:.9} to {:.9}",
            d.0,
            d.1,
            float(&d.0),
            float(&d.1)
        )
    }
}

fn draw_json(d: &(BigRational, BigRational)) -> serde_json::Value {
    json!({"low": d.0.to_string(), "high": d.1.to_string(),
        "low_float": float(&d.0), "high_float": float(&d.1)})
}

/// `draws`: `--draws` given: the draw probability under optimal play is
/// added (SPEC.md "Bounded memory: the draw probability"); without it the
/// output is the form README shows, byte for byte.
pub fn run_draws(
    memory: Option<usize>,
    pairs: usize,
    table: bool,
    draws: bool,
    json: bool,
    out: &mut Out,
) -> CommandResult {
    let Some(memory) = memory else {
        return Err(CliError::Input(
            "--variant bounded needs --memory M (cards remembered, 0..=6)".into(),
        ));
    };
    if memory > MAX_MEMORY {
        return Err(CliError::Input(format!(
            "--memory {memory} is out of range: 0..={MAX_MEMORY}"
        )));
    }
    if pairs > MAX_PAIRS {
        return Err(CliError::Input(format!(
            "--n {pairs} is out of range for --variant bounded: 1..={MAX_PAIRS}"
        )));
    }
    let solved = if draws {
        BoundedTable::build_with_draws(memory, pairs)
            .map_err(|e| CliError::Input(format!("--variant bounded --draws: {e}")))?
    } else {
        BoundedTable::build(memory, pairs)
            .map_err(|e| CliError::Input(format!("--variant bounded: {e}")))?
    };
    let draw_of = |n: usize, pattern: &[u8], passed: bool| {
        solved
            .draw(n, pattern, passed)
            .expect("built with draws: every state has its interval")
    };
    if table {
        let states = solved.states();
        if json {
            let rows: Vec<_> = states
                .iter()
                .map(|(n, pattern, passed, v)| {
                    let mut row = json!({"state": notation(*n, pattern, *passed), "value": v.to_string(), "value_float": float(v)});
                    if draws {
                        row["draw"] = draw_json(&draw_of(*n, pattern, *passed));
                    }
                    row
                })
                .collect();
            out.json(&json!({"variant": "bounded", "memory": memory, "n": pairs, "states": rows}))?;
        } else {
            for (n, pattern, passed, v) in &states {
                let draw = if draws {
                    format!("  draw {}", draw_text(&draw_of(*n, pattern, *passed)))
                } else {
                    String::new()
                };
                writeln!(
                    out,
                    "{:<34} mover {} ≈ {:.9}{draw}",
                    notation(*n, pattern, *passed),
                    v,
                    float(v)
                )?;
            }
        }
        return Ok(true);
    }
    let v = solved.start(pairs).expect("the start is solved");
    if json {
        let mut doc = json!({"variant": "bounded", "memory": memory, "n": pairs,
            "start": {"mover": v.to_string(), "mover_float": float(&v)}});
        if draws {
            doc["start"]["draw"] = draw_json(&draw_of(pairs, &[], false));
        }
        out.json(&doc)?;
    } else {
        writeln!(
            out,
            "bounded memory M = {memory}, N = {pairs}: first player's expected points {v} ≈ {:.9}  (win 1, draw 1/2; both remember the last {memory} cards turned; two passes in a row end the game, endless play is a draw)",
            float(&v)
        )?;
        if draws {
            writeln!(
                out,
                "draw probability under optimal play: {}  (least and greatest over pairs of optimal plans; one number when all agree)",
                draw_text(&draw_of(pairs, &[], false))
            )?;
        }
    }
    Ok(true)
}
