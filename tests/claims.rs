//! Every claim of the composed registry, the reference's and the wings',
//! checked once per test run (`common::verdicts`), as `reproduce` checks
//! them: a FAIL fails the test with both values, and an ERRATUM counts only
//! on its recorded correction with a reason computed from the data (the
//! registry, not the test, decides what is a slip of a document).

use crate::common::{verdict, verdicts};
use solved_games::claims::{GameId, Status};

#[test]
fn every_claim_passes_or_is_a_recorded_erratum() {
    let verdicts = verdicts();
    let mut failures: Vec<String> = verdicts
        .iter()
        .filter(|v| v.status == Status::Fail)
        .map(|v| {
            format!(
                "{} ({}): wanted {}, optimized {}, naive {}",
                v.claim.id,
                v.claim.statement,
                v.wanted(),
                v.evidence.computed,
                v.evidence.naive.as_deref().unwrap_or("not run")
            )
        })
        .collect();
    failures.extend(
        verdicts
            .iter()
            .filter(|v| v.status == Status::Erratum && v.evidence.reason.is_none())
            .map(|v| format!("{}: an erratum without a computed reason", v.claim.id)),
    );
    assert!(
        failures.is_empty(),
        "failing claims:\n{}",
        failures.join("\n")
    );
    // Every game has claims, and the run checked each claim once.
    for game in GameId::ALL {
        assert!(
            verdicts.iter().any(|v| v.claim.game == game),
            "no claims for {game:?}"
        );
    }
    let mut ids: Vec<_> = verdicts.iter().map(|v| v.claim.id).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), verdicts.len(), "a claim checked twice");
}

/// A claim over a whole table states its measurement in one short line:
/// YEN-110's is not the 101 bounds it reads.
#[test]
fn a_whole_table_claim_measures_in_one_line() {
    let measured = verdict("YEN-110").evidence.measured.as_deref();
    let measured = measured.unwrap_or_default();
    assert!(measured.len() < 80, "YEN-110 measured: {measured}");
}
