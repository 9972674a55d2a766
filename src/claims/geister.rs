//! Published claims of 4×4 Mini-Geister (document 003, Tanaka & Takaoka).
//!
//! Every analysis is solved once per process by each solver (the retrograde
//! engine, and the naive sweeps over their own model of the rules, matched
//! by analysis name) and the claims read their reports; most of the time is
//! the naive full-information table (seconds).

use super::{Claim, Evidence, GameId};
use crate::games::geister::{analysis::Kind, mirror, naive, report::Report, solved};
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// Reports of every analysis by the optimized solver.
fn optimized_reports() -> &'static BTreeMap<Kind, Report> {
    static CELL: OnceLock<BTreeMap<Kind, Report>> = OnceLock::new();
    CELL.get_or_init(|| {
        solved::optimized_all()
            .iter()
            .map(|(k, t)| (*k, Report::of(t)))
            .collect()
    })
}

/// Reports of every analysis by the naive sweeps: the naive model's own
/// tables, matched to the engine's analyses by name.
fn naive_reports() -> &'static BTreeMap<Kind, Report> {
    static CELL: OnceLock<BTreeMap<Kind, Report>> = OnceLock::new();
    CELL.get_or_init(|| {
        solved::naive_all()
            .tables()
            .map(|t| {
                let kind: Kind = t.analysis.name().parse().expect("same analysis names");
                (kind, Report::of_naive(t))
            })
            .collect()
    })
}

/// One quantity of one analysis, from both solvers.
fn both(kind: Kind, render: fn(&Report) -> String) -> Evidence {
    Evidence::both(
        render(&optimized_reports()[&kind]),
        render(&naive_reports()[&kind]),
    )
}

/// `value v, distance d` of a start position.
fn start(r: &Report, side: usize) -> String {
    let e = r.initial[side];
    format!("value {}, distance {}", e.value, e.distance)
}

/// The values of both start positions, player 1 to move first.
fn starts(r: &Report) -> String {
    format!("{} {}", r.initial[0].value, r.initial[1].value)
}

pub(super) const CLAIMS: &[Claim] = &[
    Claim {
        id: "GEI-001",
        game: GameId::Geister,
        source: "003 §2",
        statement: "positions with purple pieces only: 2 × C(16,2) × C(14,2)",
        expected: "21840",
        erratum: None,
        compute: || both(Kind::Basic, |r| r.states.to_string()),
    },
    Claim {
        id: "GEI-002",
        game: GameId::Geister,
        source: "003 §3",
        statement: "positions where the side to move reaches average gain 0 in finitely many moves",
        expected: "12339",
        erratum: None,
        compute: || both(Kind::Basic, |r| r.values[0].to_string()),
    },
    Claim {
        id: "GEI-003",
        game: GameId::Geister,
        source: "003 §3 Table 1",
        statement: "number of those positions at distance 1, 2, …, 20 (at most 20 moves)",
        expected: "3749 1976 2355 1198 696 307 242 253 281 262 254 277 231 136 63 47 2 2 2 6",
        erratum: None,
        compute: || both(Kind::Basic, Report::distance_row),
    },
    Claim {
        id: "GEI-004",
        game: GameId::Geister,
        source: "003 §3 Fig. 3",
        statement: "start position, player 1 to move: average gain 0 within 13 moves",
        expected: "value 1, distance 13",
        erratum: None,
        compute: || both(Kind::Basic, |r| start(r, 0)),
    },
    Claim {
        id: "GEI-005",
        game: GameId::Geister,
        source: "003 §3 Fig. 4",
        statement: "start position, player 2 to move: average gain 0 within 16 moves",
        expected: "value 1, distance 16",
        erratum: None,
        compute: || both(Kind::Basic, |r| start(r, 1)),
    },
    Claim {
        id: "GEI-006",
        game: GameId::Geister,
        source: "003 repo results_det",
        statement: "full-information table, all piece sets of ≤ 5 pieces the paper needs (BR vs BR, \
                    BBR/BRR vs BR and back): number of positions (the authors' table, not printed \
                    in the paper)",
        expected: "2184000",
        erratum: None,
        compute: || both(Kind::Det, |r| r.states.to_string()),
    },
    Claim {
        id: "GEI-007",
        game: GameId::Geister,
        source: "003 §4",
        statement: "with the guess of the opponent's colours, positions reaching average gain 0",
        expected: "12688",
        erratum: None,
        compute: || both(Kind::Extended, |r| r.values[0].to_string()),
    },
    Claim {
        id: "GEI-008",
        game: GameId::Geister,
        source: "003 §5",
        statement: "positions of value 0 (neither reached nor prevented) after §4's analysis",
        expected: "791",
        erratum: None,
        compute: || both(Kind::Extended, |r| r.values[1].to_string()),
    },
    Claim {
        id: "GEI-009",
        game: GameId::Geister,
        source: "003 §5",
        statement: "player 2's vertical-mirror strategy: board symmetric at player 1's move, \
                    player 1 never escapes and captures only its mirror image (gain ≥ 0 for player 2)",
        expected: "holds",
        erratum: None,
        compute: || Evidence::both(mirror::check().verdict(), naive::mirror::check().verdict()),
    },
    Claim {
        id: "GEI-010",
        game: GameId::Geister,
        source: "003 §6.1.1",
        statement: "red + two purples vs two purples, aiming at 0: both start positions (player 1, \
                    player 2 to move) have value 0",
        expected: "0 0",
        erratum: None,
        compute: || both(Kind::RbrVsBr, starts),
    },
    Claim {
        id: "GEI-011",
        game: GameId::Geister,
        source: "003 §6.1.2",
        statement: "two purples vs three (B,R,R), aiming at 0: both start positions have value 1",
        expected: "1 1",
        erratum: None,
        compute: || both(Kind::BrVsBrr, starts),
    },
    Claim {
        id: "GEI-012",
        game: GameId::Geister,
        source: "003 §6.2.1 (corrected)",
        statement: "three purples (B,B,R) vs two, aiming at 1/3: both start positions have value 1",
        expected: "1 1",
        erratum: None,
        compute: || both(Kind::BbrVsBr, starts),
    },
    Claim {
        id: "GEI-013",
        game: GameId::Geister,
        source: "003 §6.2.2",
        statement: "two purples vs (B,B,R) aiming at −1/3, first attempt (one piece taken to be blue \
                    at random): start positions have value −1",
        expected: "-1 -1",
        erratum: None,
        compute: || both(Kind::BrVsBbrGuess, starts),
    },
    Claim {
        id: "GEI-014",
        game: GameId::Geister,
        source: "003 §6.2.2",
        statement: "two purples vs (B,B,R) aiming at −1/3, second attempt (capture one of three at \
                    random): start positions have value −1",
        expected: "-1 -1",
        erratum: None,
        compute: || both(Kind::BrVsBbrThird, starts),
    },
    Claim {
        id: "GEI-015",
        game: GameId::Geister,
        source: "003 §6.2.2",
        statement: "two purples vs (B,B,R) aiming at −1/2 (capture one of two at random): start \
                    positions have value 0",
        expected: "0 0",
        erratum: None,
        compute: || both(Kind::BrVsBbrHalf, starts),
    },
];
