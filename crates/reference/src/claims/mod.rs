//! The registry of published claims: every number the five documents print,
//! written once, read by `solved-games reproduce` and by the test suite.
//!
//! A [`Claim`] names its source (document file and section), says what is
//! claimed, gives the expected value exactly as the document writes it, and
//! carries a function that computes the value with the optimized solver and,
//! where feasible, again with the independent naive solver. Where the document
//! is wrong, the claim also carries an [`Erratum`] with the correct value, so a
//! change in what the solvers compute fails the run even on an erratum.
//! [`Claim::check`] turns that into a [`Verdict`]:
//!
//! | naive = optimized | `erratum` | computed | status |
//! |---|---|---|---|
//! | no | any | any | FAIL |
//! | yes / not run | none | = expected | PASS |
//! | yes / not run | none | ≠ expected | FAIL |
//! | yes / not run | `corrected` | = corrected (≠ expected) | ERRATUM (counts as passed; SPEC.md "Errata" explains) |
//! | yes / not run | `corrected` | anything else | FAIL (a regression, or the paper was right) |
//!
//! [`Evidence`] keeps apart the value that is judged (`computed`), the
//! measurements it was drawn from (`measured`: the scaled gaps behind a limit,
//! the win rates behind "usually wins") and, for an erratum, the reason built
//! from the computed data (`reason`), so nothing in a verdict is typed by hand
//! but the published values.
//!
//! Claims live in one file per game under `src/claims/`; ids are
//! `<GAME>-<nnn>` and the same ids appear in SPEC.md's "Published values".

use serde::Serialize;
use std::time::Instant;

mod face;
mod geister;
mod geister_bracket;
mod memory;
mod nim;
mod stones;
mod tables;
mod yen;
pub(crate) mod yen_equilibrium;

pub use face::{evidence, evidence_as};
pub use tables::{Pin, PINS};

pub use crate::games::GameId;

/// What a claim's check function found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evidence {
    /// The value computed by the optimized solver, rendered in the same
    /// notation as [`Claim::expected`] so that the two compare as strings.
    pub computed: String,
    /// The same value computed by the naive solver, where that is feasible.
    /// `None` means the naive solver was not run for this claim (too large),
    /// never that it failed.
    pub naive: Option<String>,
    /// What was measured to reach `computed` where that is a judgement on
    /// numbers (a limit from scaled gaps at several sizes, "usually wins"
    /// from win rates and their intervals, a growth class from operation
    /// counts): shown beside the computed value, never compared.
    pub measured: Option<String>,
    /// For an erratum: why the document's value is wrong, built from the
    /// computed data (not typed in the registry).
    pub reason: Option<String>,
    /// Where the naive solver checks only part of what the claim states
    /// (the explicit memory row up to n = 8 of a statement about n ≤ 100):
    /// that part, and the optimized solver's result on it, which `naive` is
    /// compared with instead of `computed`.
    pub naive_scope: Option<NaiveScope>,
}

/// The part of a claim the naive solver reaches, with the optimized
/// solver's result on that same part.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NaiveScope {
    /// Which part, in the claim's terms, e.g. `n ≤ 8`.
    pub part: String,
    /// The optimized solver's result on `part`, rendered like `naive`.
    pub optimized: String,
}

impl Evidence {
    /// Evidence from both solvers.
    #[must_use]
    pub fn both(optimized: impl ToString, naive: impl ToString) -> Evidence {
        Evidence {
            computed: optimized.to_string(),
            naive: Some(naive.to_string()),
            measured: None,
            reason: None,
            naive_scope: None,
        }
    }

    /// Evidence for a statement the optimized solver checks in full
    /// (`optimized`, the computed value) and both solvers check on `part`
    /// only (`optimized_part`, `naive_part`, rendered alike): naive =
    /// optimized then means that the two find the same on that part.
    #[must_use]
    pub fn within(
        optimized: impl ToString,
        part: impl ToString,
        optimized_part: impl ToString,
        naive_part: impl ToString,
    ) -> Evidence {
        Evidence {
            computed: optimized.to_string(),
            naive: Some(naive_part.to_string()),
            measured: None,
            reason: None,
            naive_scope: Some(NaiveScope {
                part: part.to_string(),
                optimized: optimized_part.to_string(),
            }),
        }
    }

    /// Evidence from the optimized solver only (the naive one cannot reach
    /// this size); the claim's statement should say what else checks it.
    #[must_use]
    pub fn optimized_only(optimized: impl ToString) -> Evidence {
        Evidence {
            computed: optimized.to_string(),
            naive: None,
            measured: None,
            reason: None,
            naive_scope: None,
        }
    }

    /// The same evidence with the measurements behind the computed value.
    #[must_use]
    pub fn measured(mut self, measured: impl ToString) -> Evidence {
        self.measured = Some(measured.to_string());
        self
    }

    /// The same evidence with the reason, built from the data, why the
    /// document's value is wrong.
    #[must_use]
    pub fn because(mut self, reason: impl ToString) -> Evidence {
        self.reason = Some(reason.to_string());
        self
    }
}

/// A published value that the computation shows to be wrong: the document's
/// value stays in [`Claim::expected`], the correct one is here. Both solvers
/// must compute exactly `corrected`, or the claim FAILs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Erratum {
    /// The correct value, in the notation of [`Claim::expected`].
    pub corrected: &'static str,
}

/// One published fact.
#[derive(Debug, Clone, Copy)]
pub struct Claim {
    /// Stable id, e.g. `NIM-003`; SPEC.md uses the same ids.
    pub id: &'static str,
    /// The game this claim is about.
    pub game: GameId,
    /// Document file and section, table or figure, e.g. `002 §38.10`.
    pub source: &'static str,
    /// What is claimed, in one line.
    pub statement: &'static str,
    /// The value exactly as the document writes it (`p/q` for exact values).
    /// Where the document states a property rather than a number, `holds`.
    pub expected: &'static str,
    /// `Some` when the document's value is a slip: the correct value, which
    /// the computation must give. The reason is built by `compute`
    /// ([`Evidence::reason`]); SPEC.md's "Errata" has the full account.
    pub erratum: Option<Erratum>,
    /// Computes the value afresh; never returns a stored answer.
    pub compute: fn() -> Evidence,
}

/// PASS, ERRATUM or FAIL; see the table in the module docs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Computed value equals the published one, and both solvers agree.
    Pass,
    /// The published value is a recorded slip; the solvers agree on the
    /// recorded correct value.
    Erratum,
    /// Anything else.
    Fail,
}

impl Status {
    /// Upper-case word for the table.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Status::Pass => "PASS",
            Status::Erratum => "ERRATUM",
            Status::Fail => "FAIL",
        }
    }

    /// Whether this status lets `reproduce` exit 0.
    #[must_use]
    pub fn passed(self) -> bool {
        self != Status::Fail
    }
}

/// The outcome of checking one claim.
#[derive(Debug, Clone)]
pub struct Verdict {
    /// The claim checked.
    pub claim: Claim,
    /// What the solvers computed.
    pub evidence: Evidence,
    /// `Some(naive == optimized)`, or `None` when the naive solver was not run.
    pub agree: Option<bool>,
    /// PASS, ERRATUM or FAIL.
    pub status: Status,
    /// Wall-clock time of the check in milliseconds.
    pub millis: f64,
}

impl Claim {
    /// Computes the claim and judges it. A computation that panics (an
    /// internal assertion of a solver) is a FAIL whose computed value is
    /// `panicked: ` and the panic's message, so that the rest of a run and
    /// its reports are still written.
    #[must_use]
    pub fn check(&self) -> Verdict {
        let start = Instant::now();
        let evidence = std::panic::catch_unwind(self.compute).unwrap_or_else(|panic| {
            Evidence::optimized_only(format!("panicked: {}", panic_message(panic.as_ref())))
        });
        let millis = start.elapsed().as_secs_f64() * 1e3;
        judge(*self, evidence, millis)
    }
}

/// The message of a panic's payload (`panic!` with a format string or a
/// literal), or a placeholder for any other payload.
#[must_use]
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_string())
}

/// The decision table of the module docs, apart from the timing so it can be
/// tested on its own.
#[must_use]
pub fn judge(claim: Claim, evidence: Evidence, millis: f64) -> Verdict {
    let compared = evidence
        .naive_scope
        .as_ref()
        .map_or(&evidence.computed, |scope| &scope.optimized);
    let agree = evidence.naive.as_ref().map(|n| n == compared);
    let computed = evidence.computed.as_str();
    let status = match (agree, claim.erratum) {
        (Some(false), _) => Status::Fail,
        (_, None) if computed == claim.expected => Status::Pass,
        (_, Some(e)) if computed == e.corrected && computed != claim.expected => Status::Erratum,
        _ => Status::Fail,
    };
    Verdict {
        claim,
        evidence,
        agree,
        status,
        millis,
    }
}

impl Verdict {
    /// The value the claim should have computed: the corrected value of an
    /// erratum, the published one otherwise.
    #[must_use]
    pub fn wanted(&self) -> &'static str {
        self.claim
            .erratum
            .map_or(self.claim.expected, |e| e.corrected)
    }
}

/// Every claim of every game, in registry order.
#[must_use]
pub fn all() -> Vec<Claim> {
    GameId::ALL.into_iter().flat_map(for_game).collect()
}

/// The claims of one game, in registry order.
#[must_use]
pub fn for_game(game: GameId) -> Vec<Claim> {
    compose(game, &[])
}

/// The claims of one game with the claims other crates add (the wings),
/// in registry order: the document's claims and those computed beside
/// them, with `added` where they belong among them (after the Memory
/// game's document claims; after the yen game's exact equilibria, before
/// its referee at the paper's scale), then the whole-table claims. The
/// facade `solved-games` composes its registry with this, so that the
/// claims of a game stand together.
#[must_use]
pub fn compose(game: GameId, added: &[&[Claim]]) -> Vec<Claim> {
    let (before, after): (&[&[Claim]], &[&[Claim]]) = match game {
        GameId::Nim => (&[nim::CLAIMS], &[tables::NIM]),
        GameId::Stones => (&[stones::CLAIMS], &[tables::STONES]),
        GameId::Memory => (&[memory::CLAIMS], &[tables::MEMORY]),
        GameId::Geister => (
            &[geister::CLAIMS, geister_bracket::CLAIMS],
            &[tables::GEISTER],
        ),
        GameId::Yen => (
            &[yen::CLAIMS, yen_equilibrium::CLAIMS],
            &[yen_equilibrium::REFEREE_CLAIMS, tables::YEN],
        ),
    };
    before
        .iter()
        .chain(added)
        .chain(after)
        .flat_map(|claims| claims.iter().copied())
        .collect()
}

/// Looks a claim of the reference up by id.
#[must_use]
pub fn by_id(id: &str) -> Option<Claim> {
    all().into_iter().find(|c| c.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    fn sample(expected: &'static str, corrected: Option<&'static str>) -> Claim {
        Claim {
            id: "TEST-001",
            game: GameId::Nim,
            source: "test",
            statement: "test",
            expected,
            erratum: corrected.map(|corrected| Erratum { corrected }),
            compute: || Evidence::optimized_only("x"),
        }
    }

    #[test]
    fn decision_table() {
        let st = |exp, corrected, ev| judge(sample(exp, corrected), ev, 0.0).status;
        assert_eq!(st("1", None, Evidence::both("1", "1")), Status::Pass);
        assert_eq!(st("1", None, Evidence::optimized_only("1")), Status::Pass);
        assert_eq!(st("1", None, Evidence::both("1", "2")), Status::Fail);
        assert_eq!(st("1", None, Evidence::both("2", "2")), Status::Fail);
        // An erratum passes only on its recorded correction.
        assert_eq!(
            st("1", Some("2"), Evidence::both("2", "2")),
            Status::Erratum
        );
        assert_eq!(
            st("1", Some("2"), Evidence::optimized_only("2")),
            Status::Erratum
        );
        assert_eq!(st("1", Some("2"), Evidence::both("2", "3")), Status::Fail);
        // A regression that changes a corrected value fails the run.
        assert_eq!(st("1", Some("2"), Evidence::both("3", "3")), Status::Fail);
        // The registry says the paper is wrong, but it computes as printed.
        assert_eq!(st("1", Some("2"), Evidence::both("1", "1")), Status::Fail);
        // A naive solver that reaches part of the claim is compared with the
        // optimized result on that part, not with the whole.
        let part = |opt_part, naive_part| Evidence::within("all", "n ≤ 8", opt_part, naive_part);
        assert_eq!(st("all", None, part("some", "some")), Status::Pass);
        assert_eq!(st("all", None, part("some", "other")), Status::Fail);
        assert_eq!(st("all", None, part("all", "some")), Status::Fail);
        // Measurements and reasons are shown, never judged.
        let measured = Evidence::optimized_only("1").measured("0.999").because("r");
        assert_eq!(st("1", None, measured), Status::Pass);
    }

    /// A claim whose computation panics is a FAIL with the panic's
    /// message, not a panic of the caller.
    #[test]
    fn a_panicking_computation_is_a_fail_with_its_message() {
        let mut claim = sample("1", None);
        claim.compute = || panic!("stage game {} has no row", 7);
        let verdict = claim.check();
        assert_eq!(verdict.status, Status::Fail);
        assert_eq!(
            verdict.evidence.computed,
            "panicked: stage game 7 has no row"
        );
        assert_eq!(verdict.agree, None);
        claim.compute = || std::panic::panic_any(3_u8);
        assert_eq!(
            claim.check().evidence.computed,
            "panicked: a panic without a message"
        );
    }

    #[test]
    fn every_erratum_corrects_its_printed_value() {
        for c in all() {
            if let Some(e) = c.erratum {
                assert_ne!(
                    e.corrected, c.expected,
                    "{}: correction equals the print",
                    c.id
                );
                assert!(!e.corrected.is_empty(), "{}: empty correction", c.id);
            }
        }
    }

    #[test]
    fn ids_are_unique_and_prefixed_by_game() {
        let mut seen = HashSet::new();
        for c in all() {
            assert!(seen.insert(c.id), "duplicate claim id {}", c.id);
            let prefix = c.id.split('-').next().unwrap();
            assert_eq!(
                prefix,
                c.game.info().claim_prefix,
                "claim {} is filed under {:?}",
                c.id,
                c.game
            );
        }
    }
}
