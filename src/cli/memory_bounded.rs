//! `solved-games memory --variant bounded --memory M`: document 004 §4 item 3
//! with a memory of the last M cards turned (SPEC.md "Memory variants" →
//! "Bounded memory M"), solved exactly layer by layer.

use super::{CliError, Out, Outcome};
use num_rational::BigRational;
use num_traits::ToPrimitive;
use serde_json::json;
use solved_games::games::memory::variants::bounded::notation;
use solved_games::games::memory::variants::bounded::optimized::BoundedTable;

/// Largest N (the bench's target range, SPEC.md "Bounded memory M").
const MAX_PAIRS: usize = 12;
/// Largest M: beyond it the ordered patterns grow past a few thousand per
/// layer; M ≥ 2N is the paper's game (`--variant paper`).
const MAX_MEMORY: usize = 6;

fn float(x: &BigRational) -> f64 {
    x.to_f64().unwrap_or(f64::NAN)
}

pub fn run(memory: Option<usize>, pairs: usize, table: bool, json: bool, out: &mut Out) -> Outcome {
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
    let solved = BoundedTable::build(memory, pairs)
        .map_err(|e| CliError::Input(format!("--variant bounded: {e}")))?;
    if table {
        let states = solved.states();
        if json {
            let rows: Vec<_> = states
                .iter()
                .map(|(n, pattern, passed, v)| {
                    json!({"state": notation(*n, pattern, *passed), "value": v.to_string(), "value_float": float(v)})
                })
                .collect();
            out.json(&json!({"variant": "bounded", "memory": memory, "n": pairs, "states": rows}))?;
        } else {
            for (n, pattern, passed, v) in &states {
                writeln!(
                    out,
                    "{:<34} mover {} ≈ {:.9}",
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
        out.json(&json!({"variant": "bounded", "memory": memory, "n": pairs,
            "start": {"mover": v.to_string(), "mover_float": float(&v)}}))?;
    } else {
        writeln!(
            out,
            "bounded memory M = {memory}, N = {pairs}: first player's expected points {v} ≈ {:.9}  (win 1, draw 1/2; both remember the last {memory} cards turned; two passes in a row end the game, endless play is a draw)",
            float(&v)
        )?;
    }
    Ok(true)
}
