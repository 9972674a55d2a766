//! Claims on Mini-Geister's open question (document 003 §6.2.2, §7): the
//! value of blue-blue-red against blue-red, bracketed by strategies judged
//! against unrestricted best responses (`games::geister::bracket`). Each is
//! computed, not from the document; the engine's certified lower bound is
//! the computed value, the reachability evaluator's exact value the naive
//! one.

use super::{Claim, Evidence, GameId};
use crate::games::geister::analysis::Kind;
use crate::games::geister::bracket::{judge_kind, Guarantee};

/// The guarantees of `kind`'s strategy for both turn orders, as
/// `first: g, second: g`, by the certified judge and by reachability;
/// a failed certificate shows as `uncertified`.
fn guarantees(kind: Kind) -> Evidence {
    let all: Vec<Guarantee> = judge_kind(kind);
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
];
