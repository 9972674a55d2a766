//! Claims on Mini-Geister's open question (document 003 §6.2.2, §7): the
//! value of blue-blue-red against blue-red, bracketed by strategies judged
//! against unrestricted best responses (`games::geister::bracket`). Each is
//! computed, not from the document; the engine's certified lower bound is
//! the computed value, the reachability evaluator's exact value the naive
//! one.

use super::{Claim, Evidence, GameId};
use crate::games::geister::analysis::Kind;
use crate::games::geister::bracket::{audit, Guarantee};
use crate::table::sha256;
use std::collections::BTreeMap;

/// The guarantees of `kind`'s strategy for both turn orders, as
/// `first: g, second: g`, by the certified judge and by reachability;
/// a failed certificate shows as `uncertified`.
fn guarantees(kind: Kind) -> Evidence {
    let all: &[Guarantee] = &audit::judged(kind).guarantees;
    let show = |f: &dyn Fn(&Guarantee) -> String| {
        all.iter()
            .map(|g| format!("P{} first: {}", g.to_move, f(g)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let certified = show(&|g| {
        if g.certified {
            g.guarantee.clone()
        } else {
            "uncertified".to_string()
        }
    });
    let naive = show(&|g| g.naive.clone());
    let mut e = Evidence::both(certified, naive);
    e.measured = Some(format!(
        "responder states: {}",
        all.iter()
            .map(|g| g.states.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    ));
    e
}

/// GEI-117: the judge's rounding on problems with averages off its grid.
fn rounding() -> Evidence {
    let r = audit::rounding(ROUNDING_PROBLEMS, 106);
    Evidence::optimized_only(r.first_failure.unwrap_or_else(|| "holds".to_string())).measured(
        format!(
            "{} problems and their negations, {} states, {} of them off the grid",
            r.problems, r.states, r.off_grid
        ),
    )
}

/// The analyses of GEI-101..105, whose problems GEI-118 and GEI-119 read.
const CLAIMED: [Kind; 5] = [
    Kind::BbrVsBr,
    Kind::BrVsBbrHalf,
    Kind::Basic,
    Kind::BrVsBrr,
    Kind::RbrVsBr,
];

/// GEI-118: every end's value by the builder against the model written
/// apart, compared as the digests of one line per end.
fn leaves() -> Evidence {
    let (mut judge, mut model, mut first) = (String::new(), String::new(), None);
    let mut by_event: BTreeMap<&str, usize> = BTreeMap::new();
    for kind in CLAIMED {
        let l = &audit::judged(kind).leaves;
        judge.push_str(&format!("{kind}\n{}", l.judge));
        model.push_str(&format!("{kind}\n{}", l.model));
        first = first.or_else(|| l.first_difference.clone());
        for (e, n) in &l.by_event {
            *by_event.entry(e).or_insert(0) += n;
        }
    }
    let ends: usize = by_event.values().sum();
    let counts = by_event
        .iter()
        .map(|(e, n)| format!("{e} {n}"))
        .collect::<Vec<_>>()
        .join(", ");
    Evidence::within(
        first.unwrap_or_else(|| "holds".to_string()),
        "every end of the responder problems of GEI-101..105",
        format!("{ends} ends, sha256 {}", sha256(judge.as_bytes())),
        format!("{ends} ends, sha256 {}", sha256(model.as_bytes())),
    )
    .measured(format!("{ends} ends: {counts}"))
}

/// GEI-119: each strategy against the fixed responder, the judge's value
/// of the play against seeded play under real colours.
fn fixed_responder() -> Evidence {
    let (mut matches, mut escapes, mut worst, mut first) = (0, 0, 0.0_f64, None);
    let mut endings: BTreeMap<&str, usize> = BTreeMap::new();
    for kind in CLAIMED {
        for (i, m) in audit::judged(kind).fixed.iter().enumerate() {
            matches += 1;
            *endings.entry(m.ending).or_insert(0) += 1;
            escapes += usize::from(m.ending == "escape");
            if m.se > 0.0 {
                let exact = num_traits::ToPrimitive::to_f64(&m.exact).unwrap_or(f64::NAN);
                worst = worst.max((m.mean - exact).abs() / m.se);
            }
            if !m.agrees() && first.is_none() {
                first = Some(format!(
                    "{kind} problem {i} ({}): judged {}, seeded play {:.4} ± {:.4}",
                    m.ending, m.exact, m.mean, m.se
                ));
            }
        }
    }
    let computed = match (first, escapes) {
        (Some(f), _) => f,
        (None, 0) => "no match ends in an escape".to_string(),
        (None, _) => "holds".to_string(),
    };
    let endings = endings
        .iter()
        .map(|(e, n)| format!("{e} {n}"))
        .collect::<Vec<_>>()
        .join(", ");
    Evidence::optimized_only(computed).measured(format!(
        "{matches} matches of 4,000 plays, ending in: {endings}; largest |mean − judged| {worst:.2} standard errors"
    ))
}

/// The random problems GEI-117 draws (those with at most 512 policies are
/// compared, about four in five).
const ROUNDING_PROBLEMS: usize = 300;

pub(super) const CLAIMS: &[Claim] = &[
    Claim {
        id: "GEI-101",
        game: GameId::Geister,
        source: "003 §6.2.1, §6.2.2, §7",
        statement: "「3 駒側の平均利得は 1/3 から 1/2 の間」: the three-piece side's purple \
                    strategy (bbr-vs-br, player 1 = three pieces), fixed, against a best \
                    response that knows its colours and plays every legal move, endless play 0, \
                    guarantees (certified lower bound, min over the two colourings of the two \
                    pieces) — L for each side to move first (computed, not from the document)",
        expected: "P1 first: 1/3, P2 first: 1/3",
        erratum: None,
        compute: || guarantees(Kind::BbrVsBr),
    },
    Claim {
        id: "GEI-102",
        game: GameId::Geister,
        source: "003 §6.2.2, §7",
        statement: "the two-piece side's −1/2 strategy (br-vs-bbr-half, player 1 = two pieces), \
                    fixed, against a best response of blue-blue-red (three colourings), endless \
                    play 0: certified guarantee −1/2, so U ≤ 1/2 for the three-piece side, for \
                    each side to move first (computed, not from the document)",
        expected: "P1 first: -1/2, P2 first: -1/2",
        erratum: None,
        compute: || guarantees(Kind::BrVsBbrHalf),
    },
    Claim {
        id: "GEI-103",
        game: GameId::Geister,
        source: "003 §3, §5",
        statement: "sanity of the judge: §3's purple 2-vs-2 strategy, fixed, against a best \
                    response, endless play 0, guarantees 0 for each side to move first (with \
                    §5's mirror, the 2-vs-2 value 0; computed, not from the document)",
        expected: "P1 first: 0, P2 first: 0",
        erratum: None,
        compute: || guarantees(Kind::Basic),
    },
    Claim {
        id: "GEI-104",
        game: GameId::Geister,
        source: "003 §6.1.2",
        statement: "sanity of the judge: §6.1.2's two-piece strategy against red-red-blue, \
                    fixed, against a best response (three colourings), endless play 0, \
                    guarantees 0 for each side to move first (computed, not from the document)",
        expected: "P1 first: 0, P2 first: 0",
        erratum: None,
        compute: || guarantees(Kind::BrVsBrr),
    },
    Claim {
        id: "GEI-105",
        game: GameId::Geister,
        source: "003 §6.1.1",
        statement: "sanity of the judge: §6.1.1's red-red-blue strategy (red on b2 known, two \
                    purples), fixed, against a best response (two colourings), endless play 0, \
                    guarantees 0 for each side to move first — with GEI-104, the §6.1 value 0 \
                    (computed, not from the document)",
        expected: "P1 first: 0, P2 first: 0",
        erratum: None,
        compute: || guarantees(Kind::RbrVsBr),
    },
    Claim {
        id: "GEI-117",
        game: GameId::Geister,
        source: "003 §5 (endless play 0)",
        statement: "sanity of the judge's rounding: on a problem with a 1/7 chance and on 300 \
                    seeded random problems whose chance averages fall off the judge's grid \
                    (each also negated), the enclosure at the grid of GEI-101..105 contains the \
                    exact value of every state (every pure policy solved exactly), is at most \
                    2^-20 wide, and its lower bounds pass the exact certificate check (computed, \
                    not from the document)",
        expected: "holds",
        erratum: None,
        compute: rounding,
    },
    Claim {
        id: "GEI-118",
        game: GameId::Geister,
        source: "003 §1, §2, §6",
        statement: "the judge's leaf values: at every end of the responder problems of \
                    GEI-101..105 (escapes, captures by either side, the substitutes counted for \
                    play that goes on), the builder's payoff equals a model written apart that \
                    enumerates player 1's real colourings and resolves the event under each \
                    (computed, not from the document; the two sides compared as digests)",
        expected: "holds",
        erratum: None,
        compute: leaves,
    },
    Claim {
        id: "GEI-119",
        game: GameId::Geister,
        source: "003 §1, §2, §6",
        statement: "each strategy of GEI-101..105 against a fixed responder that plays its first \
                    plain step (never capturing or escaping while it has one, so that player 1 \
                    escapes): the judge's exact value of that play lies within 4 standard errors \
                    of 4,000 seeded plays with player 1's colours drawn and escapes and captures \
                    resolved under them, for every colouring of player 2 and both sides to move \
                    first (computed, not from the document)",
        expected: "holds",
        erratum: None,
        compute: fixed_responder,
    },
];
