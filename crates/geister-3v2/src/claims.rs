//! Claims on §7's open question, computed, not from the document: the
//! strategy families that use only a side's own information cannot move
//! either end of the bracket [1/3, 1/2], and their strategies are certified
//! at exactly those values in the real game. Ids continue the GEI-1xx
//! series of the reference crate's bracket claims (GEI-101 … GEI-105).
//!
//! Each restricted-game value is computed by the layered exact solve
//! ([`crate::model`], the optimized column) and proved again by the check
//! written apart ([`crate::naive::check_solution`]: the reference rules,
//! the game stated again, both sides' strategies checked state by state
//! where their plays reach, the gamble by the reference LP). Each
//! strategy's real-game guarantee is the layered value of its best-response
//! problem ([`crate::respond`]) and again the certificate of the problem
//! built apart on the reference rules ([`crate::naive`], `endless_mdp`'s
//! `check_lower`, exact). The tables and games several claims read are
//! computed once ([`crate::shared`]).

use crate::board::{squares, Board, P1_START};
use crate::model::{Continuation, Model};
use crate::naive;
use crate::q::Q;
use crate::report::{judge, Family};
use crate::shared::{self, Restricted};
use solved_games_reference::claims::{Claim, Evidence, GameId};

/// §7's sentence the claims answer.
const SOURCE: &str = "003 §6.2.2, §7";

fn pair(v: [Q; 2]) -> String {
    format!("P1 first: {}, P2 first: {}", v[0], v[1])
}

fn failed(e: impl std::fmt::Display) -> Evidence {
    Evidence::optimized_only(format!("error: {e}"))
}

/// A restricted game's value both ways; `cont_from` names the game whose
/// phase 2 replaces the game's own (the optimistic checks).
fn game(game: Restricted, cont_from: Option<Restricted>) -> Evidence {
    let det = shared::det();
    let own;
    let (model, table) = match cont_from {
        None => match shared::model(game) {
            Ok(m) => (m, None),
            Err(e) => return failed(e),
        },
        Some(other) => {
            let other = match shared::model(other) {
                Ok(m) => m,
                Err(e) => return failed(e),
            };
            let cont = Continuation::Fixed(other.phase2_table());
            own = match Model::solve(game.rules(), shared::full(), cont) {
                Ok(m) => m,
                Err(e) => return failed(e),
            };
            (&own, Some(naive::continuation_table(other)))
        }
    };
    let optimized = pair([model.start_value(true), model.start_value(false)]);
    let c = naive::check_solution(
        model,
        det,
        table.as_ref(),
        &[(true, P1_START), (false, P1_START)],
    );
    checked(optimized, &c)
}

/// The evidence of a solution checked at the two starts.
fn checked(optimized: String, c: &naive::Checked) -> Evidence {
    let naive = match (&c.failure, c.values.as_slice()) {
        (None, [Some(a), Some(b)]) => pair([*a, *b]),
        (Some(e), _) => format!("check failed: {e}"),
        _ => "check failed".to_string(),
    };
    Evidence::both(optimized, naive).measured(format!(
        "states checked against P1's strategy {}, against P2's {}",
        c.states[0], c.states[1]
    ))
}

/// A restricted game's value with P1's red drawn uniformly on `set` (a
/// subset of its start squares), both ways.
fn game_from(game: Restricted, set: u16) -> Evidence {
    let det = shared::det();
    let model = match shared::model(game) {
        Ok(m) => m,
        Err(e) => return failed(e),
    };
    let at = |first: bool| {
        let b = Board::start(first);
        model.value(&b, set, b.p2)
    };
    let optimized = pair([at(true), at(false)]);
    let c = naive::check_solution(model, det, None, &[(true, set), (false, set)]);
    checked(optimized, &c)
}

/// The two-sided game's P2 strategy reading P1's moves as `reading` says,
/// against each real P1 colouring: layered value and certificate of one
/// problem.
fn reader(reading: naive::Reading) -> Evidence {
    let det = shared::det();
    let model = match shared::model(Restricted::TwoSided) {
        Ok(m) => m,
        Err(e) => return failed(e),
    };
    let mut optimized = Vec::new();
    let mut certified = Vec::new();
    let mut states = Vec::new();
    for p1_first in [true, false] {
        let mut o = Vec::new();
        let mut c = Vec::new();
        for r1 in squares(P1_START) {
            let (problem, root) = naive::reader_problem(model, det, reading, p1_first, r1);
            o.push(match problem.values() {
                Ok(v) => v[root as usize].to_string(),
                Err(e) => format!("error: {e}"),
            });
            let cert = naive::certify_problem(&problem, root);
            c.push(match Q::from_big(&cert.bound) {
                Some(q) if cert.checked => q.to_string(),
                _ => "uncertified".to_string(),
            });
            states.push(cert.nodes.to_string());
        }
        let who = if p1_first { 1 } else { 2 };
        optimized.push(format!("P{who} first: {}", o.join(", ")));
        certified.push(format!("P{who} first: {}", c.join(", ")));
    }
    Evidence::both(optimized.join("; "), certified.join("; "))
        .measured(format!("certified states: {}", states.join(", ")))
}

/// P1's red on c1 or b2, ½ each (b1 blue).
const C1_B2: u16 = (1 << 2) | (1 << 5);

/// Both optimistic checks in one value: L with U's phase 2, U with L's.
fn optimistic() -> Evidence {
    let l = game(Restricted::L, Some(Restricted::U));
    let u = game(Restricted::U, Some(Restricted::L));
    let join = |a: &Option<String>, b: &Option<String>| match (a, b) {
        (Some(a), Some(b)) => Some(format!("L: {a}; U: {b}")),
        _ => None,
    };
    Evidence {
        computed: format!("L: {}; U: {}", l.computed, u.computed),
        naive: join(&l.naive, &u.naive),
        measured: None,
        reason: None,
        naive_scope: None,
    }
}

/// A family's strategy judged against every real colouring, both ways.
fn strategy(family: Family) -> Evidence {
    let model = match shared::model(if family.is_p1() {
        Restricted::L
    } else {
        Restricted::U
    }) {
        Ok(m) => m,
        Err(e) => return failed(e),
    };
    let all = judge(family, model, shared::det());
    let show = |f: &dyn Fn(&crate::report::Judged) -> String| {
        all.iter()
            .map(|j| {
                format!(
                    "P{} first: {}",
                    if j.p1_first { 1 } else { 2 },
                    j.colourings.iter().map(f).collect::<Vec<_>>().join(", ")
                )
            })
            .collect::<Vec<_>>()
            .join("; ")
    };
    let states: Vec<String> = all
        .iter()
        .flat_map(|j| j.colourings.iter().map(|c| c.states.to_string()))
        .collect();
    Evidence::both(
        show(&|c| c.optimized.clone()),
        show(&|c| c.certified.clone()),
    )
    .measured(format!("certified states: {}", states.join(", ")))
}

/// The claims.
pub const CLAIMS: &[Claim] = &[
    Claim {
        id: "GEI-106",
        game: GameId::Geister,
        source: SOURCE,
        statement:
            "§7 「提案手法の限界を示していると考えられ、さらなる研究が必要」: the three-piece \
                    side's own-information family — it keeps the public set of its pieces that \
                    may be red, splits it into blocks with distinct moves at any move (escapes \
                    only with pieces blue in the block or forfeiting the red, reveals, captures \
                    at random, §4's guess) — against a two-piece side that colours late (each \
                    colour-decided event counted at its worst, so a strategy's value here is a \
                    lower bound of its real guarantee), endless play 0: the restricted game's \
                    value is exactly 1/3 for each side to move first; with GEI-110's cap and \
                    GEI-111 the family's best real guarantee is exactly 1/3 (computed, not from \
                    the document)",
        expected: "P1 first: 1/3, P2 first: 1/3",
        erratum: None,
        compute: || game(Restricted::L, None),
    },
    Claim {
        id: "GEI-107",
        game: GameId::Geister,
        source: SOURCE,
        statement:
            "§7 「さらなる研究が必要」: the two-piece side's own-information family — it keeps \
                    the set of its pieces that may be red, splits it, captures at random among \
                    targets with the best odds, §4's guess — against a three-piece side that \
                    colours late (picks its red when it decides: a relaxation in P1's favour, so a \
                    strategy's value here bounds P1's real payoff from above), endless play 0: \
                    the restricted game's value is exactly 1/2 for each side to move first — in \
                    the relaxation no strategy of the family does better, and its optimal one \
                    holds P1 to exactly 1/2 in the real game (GEI-112) (computed, not from the \
                    document)",
        expected: "P1 first: 1/2, P2 first: 1/2",
        erratum: None,
        compute: || game(Restricted::U, None),
    },
    Claim {
        id: "GEI-108",
        game: GameId::Geister,
        source: SOURCE,
        statement: "§7 「さらなる研究が必要」: both sides' own-information families against each \
                    other — each keeps and splits its set of possible reds, every payoff averaged \
                    over both uniform posteriors, both §4 guesses counted at their bounds — \
                    endless play 0: the two-sided restricted game's value is exactly 1/3 for \
                    each side to move first (computed, not from the document)",
        expected: "P1 first: 1/3, P2 first: 1/3",
        erratum: None,
        compute: || game(Restricted::TwoSided, None),
    },
    Claim {
        id: "GEI-109",
        game: GameId::Geister,
        source: SOURCE,
        statement:
            "§7 「さらなる研究が必要」: replacing what follows a capture of a blue (purple 2 vs \
                    2, §4's lower bound in the paper) by the most optimistic 2 vs 2 value for the \
                    strategist — for L the two-piece family's value of 2 vs 2 (an upper bound \
                    whatever either side believes), for U the three-piece family's (a lower \
                    bound) — leaves both restricted games at 1/3 and 1/2: a better 2 vs 2 \
                    continuation cannot move the bracket (computed, not from the document)",
        expected: "L: P1 first: 1/3, P2 first: 1/3; U: P1 first: 1/2, P2 first: 1/2",
        erratum: None,
        compute: optimistic,
    },
    Claim {
        id: "GEI-110",
        game: GameId::Geister,
        source: SOURCE,
        statement: "§7 「さらなる研究が必要」, a cap on L: a two-piece side that ignores its own \
                    colours (escape attempts forfeit the red; its set stays whole) holds every \
                    three-piece strategy that draws its red uniformly over its three pieces and \
                    plays deterministically \
                    given its colours and the public history (any splits, no guess) to at most \
                    1/3: the value of that game over (board, set of possible reds) is exactly 1/3 \
                    for each side to move first (computed, not from the document)",
        expected: "P1 first: 1/3, P2 first: 1/3",
        erratum: None,
        compute: || game(Restricted::Cap, None),
    },
    Claim {
        id: "GEI-111",
        game: GameId::Geister,
        source: SOURCE,
        statement: "L certified again: the three-piece strategy read from the restricted game L \
                    (progress ranks), fixed, against the exact best response of the two-piece \
                    side for each real colouring (red on b4, on c4), endless play 0, guarantees \
                    exactly 1/3 for each side to move first: L = 1/3 by a splitting strategy as \
                    by §6.2.1's purple one (computed, not from the document)",
        expected: "P1 first: 1/3, 1/3; P2 first: 1/3, 1/3",
        erratum: None,
        compute: || strategy(Family::L),
    },
    Claim {
        id: "GEI-112",
        game: GameId::Geister,
        source: SOURCE,
        statement: "U certified again: the two-piece strategy read from the restricted game U, \
                    fixed, against the exact best response of the three-piece side for each real \
                    colouring (red on b1, c1, b2), endless play 0, holds it to exactly 1/2 for \
                    each side to move first: U = 1/2 by a splitting and gambling strategy as by \
                    §6.2.2's (computed, not from the document)",
        expected: "P1 first: 1/2, 1/2, 1/2; P2 first: 1/2, 1/2, 1/2",
        erratum: None,
        compute: || strategy(Family::U),
    },
    Claim {
        id: "GEI-113",
        game: GameId::Geister,
        source: SOURCE,
        statement: "§7 「さらなる研究が必要」, the limit of reading P1's moves without one's own \
                    colours: against a two-piece side that draws its colours uniformly and moves \
                    independently of them (an escape of its red forfeits, §2's convention) — \
                    however it reads P1's moves — the three-piece side that draws its red on c1 \
                    or b2 (½ each, b1 blue) and splits by the cap game's strategy guarantees \
                    exactly 1/2 for each side to move first: the cap game's value from that set \
                    (from all three pieces it is 1/3, GEI-110), so no such two-piece strategy \
                    brings U below 1/2 (computed, not from the document)",
        expected: "P1 first: 1/2, P2 first: 1/2",
        erratum: None,
        compute: || game_from(Restricted::Cap, C1_B2),
    },
    Claim {
        id: "GEI-114",
        game: GameId::Geister,
        source: SOURCE,
        statement:
            "§7 「さらなる研究が必要」, with the two-piece side's colours: in the two-sided \
                    game (GEI-108) with the three-piece side's red drawn on c1 or b2 (½ each), \
                    the value is exactly 1/2 when the three-piece side moves first — every \
                    two-piece strategy that draws its red uniformly and plays deterministically \
                    given its colours and the public history is held to at least 1/2 there — and \
                    1/4 when the two-piece side moves first (computed, not from the document)",
        expected: "P1 first: 1/2, P2 first: 1/4",
        erratum: None,
        compute: || game_from(Restricted::TwoSided, C1_B2),
    },
    Claim {
        id: "GEI-115",
        game: GameId::Geister,
        source: SOURCE,
        statement:
            "§7 「さらなる研究が必要」, reading P1's moves naively: the two-piece strategy of \
                    the two-sided game (GEI-108) that keeps the set of P1's possible reds by Bayes \
                    under that game's three-piece strategy (narrowed to the blocks that play the \
                    move seen, unchanged on a move the strategy never plays), fixed, against the \
                    exact best response of each real colouring (red on b1, c1, b2), endless play \
                    0, concedes 1: P1 deceives it and wins outright, for each side to move first \
                    (computed, not from the document)",
        expected: "P1 first: 1, 1, 1; P2 first: 1, 1, 1",
        erratum: None,
        compute: || reader(naive::Reading::Bayes),
    },
    Claim {
        id: "GEI-116",
        game: GameId::Geister,
        source: SOURCE,
        statement:
            "§7 「さらなる研究が必要」, not reading P1's moves: the two-piece strategy of the \
                    two-sided game (GEI-108) played as if the three-piece side's red stayed \
                    uniform on every piece it has not lost (its moves never read; only a capture \
                    of a blue narrows the set), fixed, against the exact best response of each \
                    real colouring (red on b1, c1, b2), endless play 0, concedes 1 as reading by \
                    Bayes does (GEI-115), for each side to move first: the two-sided game's \
                    two-piece strategy is good only against a three-piece side whose set of \
                    possible reds it knows (computed, not from the document)",
        expected: "P1 first: 1, 1, 1; P2 first: 1, 1, 1",
        erratum: None,
        compute: || reader(naive::Reading::Never),
    },
];

/// The claims as a list (for registries that compose lists).
#[must_use]
pub fn claims() -> Vec<Claim> {
    CLAIMS.to_vec()
}
