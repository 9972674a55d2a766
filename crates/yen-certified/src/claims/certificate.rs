//! Claims read from the certificate of the certified yen table at 50-yen
//! units (every T ≤ 200 at R = 10; computed, not from document 000; SPEC.md, "Claims from a
//! certificate file").
//!
//! Solving that table takes far longer than `reproduce`'s budget (the
//! current solver: tens of minutes on 2 cores), so these claims do not
//! solve it: they verify the certificate `yen solve --certified --total 200
//! --rounds 10 --certificate FILE` wrote, with the independent verifier
//! ([`crate::yen::certificate_check`]), which recomputes every
//! interval from the stored strategies alone. `reproduce` runs them only
//! when the certificate is at [`path`]; otherwise it names them as not run
//! and how to produce the file, and counts them neither as passed nor as
//! failed. A certificate that is present but malformed, for another size,
//! or whose strategies do not give their bounds FAILs them.

use super::{Claim, Evidence, GameId};
use crate::yen::certificate;
use crate::yen::certificate_check::{support_pattern, verify, Verdict};
use solved_games_reference::progress::Silent;
use std::path::PathBuf;
use std::sync::OnceLock;

/// The largest T of the certificate claims: 10,000 yen in 50-yen units.
pub const TOTAL: u64 = 200;

/// Their R.
pub const ROUNDS: u32 = 10;

/// The environment variable naming another certificate file.
pub const PATH_VARIABLE: &str = "SOLVED_GAMES_YEN_CERTIFICATE";

/// Where `reproduce` looks for the certificate: `$SOLVED_GAMES_YEN_CERTIFICATE`,
/// else `certificates/yen-certified-200-10.cert` under the current directory.
#[must_use]
pub fn path() -> PathBuf {
    std::env::var_os(PATH_VARIABLE).map_or_else(
        || PathBuf::from("certificates/yen-certified-200-10.cert"),
        PathBuf::from,
    )
}

/// Whether the certificate file is there (the claims run only then).
#[must_use]
pub fn present() -> bool {
    path().is_file()
}

/// The command that writes the certificate at [`path`].
#[must_use]
pub fn produce_command() -> String {
    format!(
        "solved-games yen solve --certified --total {TOTAL} --rounds {ROUNDS} --certificate {}",
        path().display()
    )
}

/// Solves the certified table of every T ≤ `total` at R = [`ROUNDS`] and
/// writes its certificate at [`path`] (its directory made if missing),
/// continuing the checkpoint an unfinished run left there: what `reproduce
/// --full` does where the certificate is missing, so that YEN-114 and
/// YEN-115 need no file from elsewhere. At `total` = [`TOTAL`] about 5
/// minutes on 2 cores and a file of about 4 GB; a smaller `total` writes a
/// certificate the claims refuse (for tests of this path).
///
/// # Errors
/// The certificate's I/O errors, or an unfinished run's checkpoint for
/// other parameters.
///
/// # Panics
/// If `total` is 0 or above [`TOTAL`].
pub fn produce(
    total: u64,
    progress: &dyn solved_games_reference::progress::Progress,
) -> Result<PathBuf, certificate::CertificateError> {
    assert!(
        (1..=TOTAL).contains(&total),
        "T = {total} is not 1..={TOTAL}"
    );
    let file = path();
    if let Some(dir) = file.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let resume = crate::yen::checkpoint::path_for(&file).exists();
    certificate::solve_and_write_resumable(total, ROUNDS, &file, progress, resume, &mut |_| {
        std::ops::ControlFlow::Continue(())
    })?;
    Ok(file)
}

/// The certificate verified once per process, or why it could not be.
fn verified() -> &'static Result<Verdict, String> {
    static VERDICT: OnceLock<Result<Verdict, String>> = OnceLock::new();
    VERDICT.get_or_init(|| {
        let file = path();
        let reader = certificate::open(&file).map_err(|e| format!("{}: {e}", file.display()))?;
        let header = reader.header();
        if (header.total, header.rounds) != (TOTAL, ROUNDS) {
            return Err(format!(
                "{}: a certificate of total={} rounds={}, not total={TOTAL} rounds={ROUNDS}",
                file.display(),
                header.total,
                header.rounds
            ));
        }
        let verdict = verify(reader, &Silent).map_err(|e| format!("{}: {e}", file.display()))?;
        match &verdict.failure {
            Some(f) => Err(format!(
                "certificate not verified at {}: {}",
                f.state, f.reason
            )),
            None => Ok(verdict),
        }
    })
}

/// T and A's first-round bets (bet, probability) at its start.
pub type FirstRound = (u64, Vec<(u64, f64)>);

/// A's first-round bets (probability above 1e-9) at every start of the
/// certificate, if it is present and verified (the figure's 50-yen units).
#[must_use]
pub fn verified_starts() -> Option<Vec<FirstRound>> {
    if !present() {
        return None;
    }
    let verdict = verified().as_ref().ok()?;
    Some(
        verdict
            .starts
            .iter()
            .map(|s| {
                let bets = s
                    .strategy_a
                    .iter()
                    .copied()
                    .filter(|&(_, p)| p > 1e-9)
                    .collect();
                (s.total, bets)
            })
            .collect(),
    )
}

/// YEN-114: every start T ≤ 200 exactly 0, its strategies' bounds
/// containing 0 with width < 1e-9.
fn start_values() -> Evidence {
    let verdict = match verified() {
        Ok(v) => v,
        Err(e) => return Evidence::optimized_only(e),
    };
    for t in 1..=TOTAL {
        let Some(s) = verdict.starts.iter().find(|s| s.total == t) else {
            return Evidence::optimized_only(format!("certificate verified; no start T = {t}"));
        };
        let b = s.strategy_bounds;
        if (s.interval.lower, s.interval.upper) != (0.0, 0.0)
            || !b.contains(0.0)
            || b.width() >= 1e-9
        {
            return Evidence::optimized_only(format!(
                "certificate verified; T = {t}: [{:e}, {:e}]",
                b.lower, b.upper
            ));
        }
    }
    Evidence::optimized_only(format!("certificate verified; 0 at every T ≤ {TOTAL}")).measured(
        format!(
            "{} stage games re-evaluated, largest width {:.1e}; A's first-round support: {}",
            verdict.stage_games,
            verdict.max_width,
            support_pattern(&verdict.starts, ROUNDS)
        ),
    )
}

/// YEN-115: A's first-round strategy at T = 200 against every reply.
fn guarantee_at_200() -> Evidence {
    let verdict = match verified() {
        Ok(v) => v,
        Err(e) => return Evidence::optimized_only(e),
    };
    let Some(s) = verdict.starts.iter().find(|s| s.total == TOTAL) else {
        return Evidence::optimized_only(format!("certificate verified; no start T = {TOTAL}"));
    };
    let bets: Vec<String> = s
        .strategy_a
        .iter()
        .filter(|&&(_, p)| p > 1e-9)
        .map(|(b, p)| format!("{b}: {p:.6}"))
        .collect();
    let lower = s.strategy_bounds.lower;
    Evidence::optimized_only(if lower >= -1e-9 {
        format!(
            "certificate verified; guarantee >= -1e-9 against all {} replies",
            TOTAL + 1
        )
    } else {
        format!("certificate verified; guarantee {lower:e}")
    })
    .measured(format!(
        "A's first-round bets {}; guarantee {lower:e}",
        bets.join(", ")
    ))
}

/// The claims read from the certificate (run by `reproduce` only when it is
/// [`present`]).
pub const CLAIMS: &[Claim] = &[
    Claim {
        id: "YEN-114",
        game: GameId::Yen,
        source: "000 §4; computed, not from the document",
        statement: "certified, R = 10, every T ≤ 200 units (the paper's 10,000 yen in 50-yen \
                    units), read from the certificate and re-verified from its strategies \
                    alone: the start value is exactly 0 (skew-symmetric start matrix) and the \
                    rigorous bounds of each start's float strategies contain 0 with width < \
                    1e-9 (does §4's value 0 hold as the unit shrinks?)",
        expected: "certificate verified; 0 at every T ≤ 200",
        erratum: None,
        compute: start_values,
    },
    Claim {
        id: "YEN-115",
        game: GameId::Yen,
        source: "000 §4; computed, not from the document",
        statement: "certified, T = 200 units (50-yen units), R = 10, from the verified \
                    certificate: A's first-round float strategy has a rigorous guarantee >= \
                    -1e-9 against every one of B's 201 replies (no strategy of B does better \
                    than the value 0 against it, to within 1e-9)",
        expected: "certificate verified; guarantee >= -1e-9 against all 201 replies",
        erratum: None,
        compute: guarantee_at_200,
    },
];
