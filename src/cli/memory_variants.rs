//! `solved-games memory --variant NAME`: the variants of document 004 §4
//! (SPEC.md "Memory variants"), from the count recurrence.

use super::{CliError, CommandResult, Out};
use num_rational::BigRational;
use num_traits::ToPrimitive;
use serde_json::json;
use solved_games::memory_variants::variants::optimized::{Value, VariantTable};
use solved_games::memory_variants::variants::packed::start_values;
use solved_games::memory_variants::variants::Variant;

/// Largest N for the start value (integer numerators over 2·u! packed in
/// limbs, two layers kept; SPEC.md "Memory variants", "Packed limbs"): every
/// variant, the pairs variant's N⁴ states included, reaches N = 100 in
/// seconds on 2 cores.
fn max_pairs(_variant: Variant) -> usize {
    100
}

/// Largest N for `--variant … --table`.
const MAX_LISTED_PAIRS: usize = 12;

fn float(x: &BigRational) -> f64 {
    x.to_f64().unwrap_or(f64::NAN)
}

fn value_json(v: &Value) -> serde_json::Value {
    json!({
        "mover": v.mover.to_string(),
        "other": v.other.to_string(),
        "draw": v.draw.to_string(),
        "mover_float": float(&v.mover),
        "other_float": float(&v.other),
        "draw_float": float(&v.draw),
    })
}

/// The scoring, said once beside the numbers.
fn scoring(variant: Variant) -> &'static str {
    match variant {
        Variant::Paper => "win 1, draw 1/2",
        Variant::Pairs => {
            "win 1, draw 1/2; a game ended by passes goes to the player with more other pairs"
        }
        Variant::Points(_) => "win 3, draw 1 each",
    }
}

pub fn run(
    variant: Variant,
    pairs: usize,
    table: bool,
    json: bool,
    out: &mut Out,
) -> CommandResult {
    let max = if table {
        MAX_LISTED_PAIRS
    } else {
        max_pairs(variant)
    };
    if pairs > max {
        return Err(CliError::Input(format!(
            "--n {pairs} is out of range for --variant {variant}{}: 1..={max}",
            if table { " --table" } else { "" }
        )));
    }
    if table {
        let solved = VariantTable::build(variant, pairs);
        let states = solved.states(pairs);
        if json {
            let rows: Vec<_> = states
                .iter()
                .map(|s| {
                    let v = solved.value(*s).expect("listed");
                    json!({"state": s.to_string(), "value": value_json(&v)})
                })
                .collect();
            out.json(&json!({"variant": variant.name(), "n": pairs, "states": rows}))?;
        } else {
            for s in states {
                let v = solved.value(s).expect("listed");
                writeln!(
                    out,
                    "{:<26} mover {:<22} other {:<22} draw {}",
                    s.to_string(),
                    v.mover.to_string(),
                    v.other.to_string(),
                    v.draw
                )?;
            }
        }
        return Ok(true);
    }
    // Only the start: two layers at a time (`start_values`).
    let v = start_values(variant, pairs).pop().expect("pairs ≥ 1");
    if json {
        out.json(&json!({"variant": variant.name(), "n": pairs, "start": value_json(&v)}))?;
    } else {
        writeln!(
            out,
            "{variant}, N = {pairs}: first player {} ≈ {:.9}, second player {} ≈ {:.9}, draw {} ≈ {:.9}  ({}; two passes in a row end the game)",
            v.mover,
            float(&v.mover),
            v.other,
            float(&v.other),
            v.draw,
            float(&v.draw),
            scoring(variant)
        )?;
    }
    Ok(true)
}
