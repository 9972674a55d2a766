//! `solved-games yen verify-certificate`: re-checks a certified table's
//! certificate from its strategies alone (SPEC.md, "The
//! certificate verifier").

use super::progress::Bar;
use super::{CliError, CommandResult, Out};
use serde_json::json;
use solved_games::yen_certified::yen::certificate::{self, CertificateError};
use solved_games::yen_certified::yen::certificate_check::{support_pattern, verify};
use std::path::PathBuf;

/// Options of `solved-games yen verify-certificate`.
#[derive(clap::Args)]
pub struct VerifyArgs {
    /// The certificate written by `yen solve --certified --certificate FILE`
    /// (`-` for standard input).
    file: PathBuf,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// A certificate error as the CLI's: I/O exits 3, a malformed file 2.
fn cli_error(file: &std::path::Path, e: CertificateError) -> CliError {
    match e {
        CertificateError::Io(e) => CliError::io(file, &e),
        CertificateError::Refused(why) => CliError::Input(why),
        CertificateError::Malformed(why) => {
            CliError::Input(format!("{}: malformed certificate: {why}", file.display()))
        }
    }
}

pub fn run_verify(args: VerifyArgs, out: &mut Out) -> CommandResult {
    let verdict = if solved_games::outfile::is_standard(&args.file) {
        let name = std::path::Path::new("standard input");
        let input = std::io::BufReader::with_capacity(1 << 20, std::io::stdin().lock());
        let reader = certificate::Reader::new(input).map_err(|e| cli_error(name, e))?;
        verify(reader, &Bar::stderr()).map_err(|e| cli_error(name, e))?
    } else {
        let reader = certificate::open(&args.file).map_err(|e| cli_error(&args.file, e))?;
        verify(reader, &Bar::stderr()).map_err(|e| cli_error(&args.file, e))?
    };
    let ok = verdict.failure.is_none();
    let widest = verdict.widest.map(|s| s.to_string());
    if args.json {
        let starts: Vec<serde_json::Value> = verdict
            .starts
            .iter()
            .map(|s| {
                let bets = |v: &[(u64, f64)]| -> serde_json::Map<String, serde_json::Value> {
                    v.iter().map(|(b, p)| (b.to_string(), json!(p))).collect()
                };
                json!({
                    "total": s.total,
                    "lower": s.interval.lower,
                    "upper": s.interval.upper,
                    "strategy_lower": s.strategy_bounds.lower,
                    "strategy_upper": s.strategy_bounds.upper,
                    "strategy": bets(&s.strategy_a),
                    "strategy_b": bets(&s.strategy_b),
                })
            })
            .collect();
        out.json(&json!({
            "total": verdict.total,
            "rounds": verdict.rounds,
            "verified": ok,
            "states": verdict.states,
            "stage_games": verdict.stage_games,
            "settled_by_monotonicity": verdict.monotone,
            "pure_bet_searches": verdict.searched,
            "largest_width": verdict.max_width,
            "widest_state": widest,
            "first_round_support": support_pattern(&verdict.starts, verdict.rounds),
            "failure": verdict.failure.as_ref().map(|f| json!({
                "state": f.state.to_string(),
                "reason": f.reason,
            })),
            "starts": starts,
        }))?;
    } else {
        writeln!(
            out,
            "certificate of every T' <= {} at R = {} (SHA-256 matches): {} canonical states (mirrors follow), {} stage games (starts included), {} set by monotonicity",
            verdict.total, verdict.rounds, verdict.states, verdict.stage_games, verdict.monotone
        )?;
        // Only where it happened, so the output of a certificate that
        // needs no search is unchanged.
        if verdict.searched > 0 {
            writeln!(
                out,
                "{} stage games where the stored strategies fall short of a claimed bound: every pure bet of that side searched",
                verdict.searched
            )?;
        }
        writeln!(
            out,
            "largest width {:.1e} (at {})",
            verdict.max_width,
            widest.as_deref().unwrap_or("-")
        )?;
        let worst = verdict
            .starts
            .iter()
            .map(|s| s.strategy_bounds.width())
            .fold(0.0, f64::max);
        let all_zero = verdict
            .starts
            .iter()
            .all(|s| s.interval.lower == 0.0 && s.interval.upper == 0.0);
        writeln!(
            out,
            "starts T' = 1..{}: value {} (the strategies' bounds contain 0, widest {:.1e})",
            verdict.total,
            if all_zero { "exactly 0" } else { "not all 0" },
            worst
        )?;
        writeln!(
            out,
            "A's first-round support: {}",
            support_pattern(&verdict.starts, verdict.rounds)
        )?;
        match &verdict.failure {
            None => writeln!(
                out,
                "verified: every stored strategy gives its claimed bound"
            )?,
            Some(f) => writeln!(out, "FAILED at {}: {}", f.state, f.reason)?,
        }
    }
    Ok(ok)
}
