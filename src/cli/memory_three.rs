//! `solved-games memory --variant three`: three players (document 004 §4
//! item 2; SPEC.md "Memory variants: three players"), from the count
//! recurrence, max-n and paranoid.

use super::{CliError, CommandResult, Out};
use num_rational::BigRational;
use num_traits::ToPrimitive;
use serde_json::json;
use solved_games::memory_variants::variants::three::optimized::{MaxN, Paranoid, ThreeTable};
use solved_games::memory_variants::variants::three::packed::{
    max_n_starts_under, paranoid_starts_under,
};
use solved_games::memory_variants::variants::three::{Mode, PassRule, MAX_PAIRS, NAME};

/// Largest N for `--table`.
const MAX_LISTED_PAIRS: usize = 12;

/// The rules, said once beside the numbers.
const RULES: &str = "win 1, draw 1/3 each; a full round of passes ends the game; max-n ties go \
                     to the worse for the next seat, then to fewer draws";

fn float(x: &BigRational) -> f64 {
    x.to_f64().unwrap_or(f64::NAN)
}

fn strings(xs: &[BigRational]) -> Vec<String> {
    xs.iter().map(ToString::to_string).collect()
}

fn floats(xs: &[BigRational]) -> Vec<f64> {
    xs.iter().map(float).collect()
}

fn max_n_json(v: &MaxN) -> serde_json::Value {
    let payoffs: Vec<BigRational> = (0..3).map(|i| v.payoff(i)).collect();
    json!({
        "wins": strings(&v.wins),
        "draw": v.draw.to_string(),
        "payoffs": strings(&payoffs),
        "wins_float": floats(&v.wins),
        "draw_float": float(&v.draw),
    })
}

/// The paranoid values; with `draws` (the `--passes` form) each seat's
/// draw chance too.
fn paranoid_json(v: &Paranoid, draws: bool) -> serde_json::Value {
    let mut out = json!({
        "guaranteed": strings(&v.guaranteed),
        "guaranteed_float": floats(&v.guaranteed),
    });
    if draws {
        out["draws"] = json!(strings(&v.draws));
        out["draws_float"] = json!(floats(&v.draws));
    }
    out
}

/// The rules line of the `--passes` form.
fn rules(rule: PassRule) -> String {
    format!(
        "win 1, draw 1/3 each; {rule}; max-n ties go to the worse for the next seat, then to \
         fewer draws; paranoid ties (equal guarantee) to fewer draws"
    )
}

/// `a ≈ 0.123456789, b ≈ …` for seats (or places) 1, 2, 3.
fn seats(xs: &[BigRational], label: &str) -> String {
    xs.iter()
        .enumerate()
        .map(|(i, x)| format!("{label} {} {x} ≈ {:.9}", i + 1, float(x)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `passes`: the `--passes` given, if any (without it, the output of
/// the full-round rule as before the option existed).
pub fn run(
    pairs: usize,
    table: bool,
    passes: Option<u8>,
    json: bool,
    out: &mut Out,
) -> CommandResult {
    let rule = match passes {
        None => PassRule::FullRound,
        Some(p) => PassRule::from_passes(p).ok_or_else(|| {
            CliError::Input(format!(
                "--passes {p} is not a pass rule for --variant {NAME}: 3 (a full round) or 2"
            ))
        })?,
    };
    let draws = passes.is_some();
    let max = if table { MAX_LISTED_PAIRS } else { MAX_PAIRS };
    if pairs > max {
        return Err(CliError::Input(format!(
            "--n {pairs} is out of range for --variant {NAME}{}: 1..={max}",
            if table { " --table" } else { "" }
        )));
    }
    if table {
        let max_n = ThreeTable::build_under(Mode::MaxN, rule, pairs);
        let paranoid = ThreeTable::build_under(Mode::Paranoid, rule, pairs);
        let states = max_n.states(pairs);
        let rows = states.iter().map(|s| {
            let m = max_n.value(*s).expect("listed");
            let p = paranoid.value(*s).expect("listed");
            (
                *s,
                m.max_n().expect("max-n").clone(),
                p.paranoid().expect("paranoid").clone(),
            )
        });
        if json {
            let rows: Vec<_> = rows
                .map(|(s, m, p)| {
                    json!({
                        "state": s.name(),
                        "passes": s.passes,
                        "max_n": max_n_json(&m),
                        "paranoid": paranoid_json(&p, draws),
                    })
                })
                .collect();
            let mut doc = json!({"variant": NAME, "n": pairs, "states": rows});
            if draws {
                doc["passes_to_end"] = json!(rule.passes());
            }
            out.json(&doc)?;
        } else {
            for (s, m, p) in rows {
                write!(
                    out,
                    "{:<24} max-n wins {} / {} / {} draw {}   paranoid {} / {} / {}",
                    s.to_string(),
                    m.wins[0],
                    m.wins[1],
                    m.wins[2],
                    m.draw,
                    p.guaranteed[0],
                    p.guaranteed[1],
                    p.guaranteed[2]
                )?;
                if draws {
                    write!(
                        out,
                        " draws {} / {} / {}",
                        p.draws[0], p.draws[1], p.draws[2]
                    )?;
                }
                writeln!(out)?;
            }
        }
        return Ok(true);
    }
    let m = max_n_starts_under(rule, pairs).pop().expect("pairs ≥ 1");
    let p = paranoid_starts_under(rule, pairs).pop().expect("pairs ≥ 1");
    if json {
        let mut doc = json!({
            "variant": NAME,
            "n": pairs,
            "max_n": max_n_json(&m),
            "paranoid": paranoid_json(&p, draws),
        });
        if draws {
            doc["passes_to_end"] = json!(rule.passes());
        }
        out.json(&doc)?;
    } else {
        writeln!(
            out,
            "{NAME}, N = {pairs}, max-n: {}, draw {} ≈ {:.9}",
            seats(&m.wins, "seat"),
            m.draw,
            float(&m.draw)
        )?;
        writeln!(
            out,
            "{NAME}, N = {pairs}, paranoid (each seat against the other two): {}",
            seats(&p.guaranteed, "seat")
        )?;
        if draws {
            writeln!(
                out,
                "{NAME}, N = {pairs}, paranoid draw chance (each seat's game): {}",
                seats(&p.draws, "seat")
            )?;
            writeln!(out, "({})", rules(rule))?;
        } else {
            writeln!(out, "({RULES})")?;
        }
    }
    Ok(true)
}
