//! The crate's integration tests: the parts the claims rest on agree with
//! the reference crate where both compute the same thing. The claims
//! themselves are checked once, by the registry of `solved-games` (the
//! facade), not here.

use solved_games_geister_3v2::board::{squares, Board};
use solved_games_geister_3v2::fullinfo::FullInfo;
use solved_games_geister_3v2::model::{Continuation, Info, Model, Rules};
use solved_games_geister_3v2::q::Q;
use solved_games_geister_3v2::shared::{self, Restricted};
use solved_games_reference::games::geister::analysis::Kind;
use solved_games_reference::games::geister::optimized;
use solved_games_reference::games::geister::rules::{Army, Position};
use solved_games_reference::solve::retrograde::Reach;
use std::collections::BTreeMap;

#[test]
fn claim_ids_continue_the_bracket_series() {
    let ids: Vec<&str> = solved_games_geister_3v2::CLAIMS
        .iter()
        .map(|c| c.id)
        .collect();
    assert_eq!(
        ids,
        [
            "GEI-106", "GEI-107", "GEI-108", "GEI-109", "GEI-110", "GEI-111", "GEI-112", "GEI-113",
            "GEI-114", "GEI-115", "GEI-116"
        ]
    );
    for c in solved_games_geister_3v2::CLAIMS {
        assert!(
            solved_games_reference::claims::by_id(c.id).is_none(),
            "{} is taken",
            c.id
        );
        assert!(c.statement.contains("computed, not from the document"));
    }
}

fn coloured(all: u16, red: u8) -> Army {
    Army {
        by_colour: [all & !(1 << red), 1 << red, 0],
    }
}

/// The forced wins of the coloured game agree with the reference crate's
/// full-information analysis (`det`) on every board of both phases.
#[test]
fn forced_wins_agree_with_the_reference_full_information_table() {
    let full = shared::full();
    let det = optimized::solve(Kind::Det);
    let mut counted = 0;
    for phase in [3, 2] {
        for b in Board::all(phase) {
            for r1 in squares(b.p1) {
                for r2 in squares(b.p2) {
                    let p = Position {
                        to_move: if b.p1_to_move {
                            solved_games_reference::core::Player::First
                        } else {
                            solved_games_reference::core::Player::Second
                        },
                        p1: coloured(b.p1, r1),
                        p2: coloured(b.p2, r2),
                    };
                    let reach = det.get(&p).map_or(Reach::Undecided, |e| e.0);
                    assert_eq!(
                        full.p1_wins(&b, r1, r2),
                        reach == Reach::Goal,
                        "{b} {r1} {r2}"
                    );
                    assert_eq!(full.p2_wins(&b, r1, r2), reach == Reach::Prevented, "{b}");
                    counted += 1;
                }
            }
        }
    }
    assert_eq!(counted, 87_360 * 6 + 21_840 * 4);
}

fn phase2_counts(m: &Model) -> BTreeMap<Q, usize> {
    let mut h = BTreeMap::new();
    for b in Board::all(2) {
        *h.entry(m.value(&b, b.p1, b.p2)).or_insert(0) += 1;
    }
    h
}

/// Purple 2 vs 2 (no split) against a side colouring late is §4's
/// analysis with endless play 0: value 0 exactly where §4 does not prevent
/// the goal, 12,688 + 791 = 13,479 of 21,840 positions (§4, §5).
#[test]
fn purple_two_against_two_is_the_papers_extended_analysis() {
    let full = FullInfo::solve();
    let purple = Rules {
        p1: Info::Set { split: false },
        p1_gadget: true,
        p2: Info::Late,
        p2_gadget: false,
    };
    let m = Model::solve(purple, &full, Continuation::Solved).unwrap();
    let counts = phase2_counts(&m);
    assert_eq!(counts.get(&Q::ZERO), Some(&13_479));
    assert_eq!(counts.get(&Q::MINUS_ONE), Some(&(21_840 - 13_479)));
    let extended = optimized::solve(Kind::Extended);
    for b in Board::all(2) {
        let p = Position {
            to_move: if b.p1_to_move {
                solved_games_reference::core::Player::First
            } else {
                solved_games_reference::core::Player::Second
            },
            p1: Army {
                by_colour: [0, 0, b.p1],
            },
            p2: Army {
                by_colour: [0, 0, b.p2],
            },
        };
        let r = extended.get(&p).map(|e| e.0).expect("a 2 vs 2 position");
        assert_eq!(
            m.value(&b, b.p1, b.p2) == Q::ZERO,
            r != Reach::Prevented,
            "{b}"
        );
    }
}

/// Splitting in 2 vs 2: 1,787 positions rise above 0 (966 to 1/2, 821 to
/// +1), 702 from −1 to −1/2; the two-piece family's 2 vs 2 is the mirror
/// image; the two meet on 6,760 positions.
#[test]
fn splitting_in_two_against_two() {
    let l = shared::model(Restricted::L).unwrap();
    let u = shared::model(Restricted::U).unwrap();
    let cl = phase2_counts(l);
    assert_eq!(cl[&Q::new(1, 2)], 966);
    assert_eq!(cl[&Q::ONE], 821);
    assert_eq!(cl[&Q::new(-1, 2)], 702);
    let cu = phase2_counts(u);
    assert_eq!(cu[&Q::new(-1, 2)], 966);
    assert_eq!(cu[&Q::MINUS_ONE], 821);
    let mut gap: BTreeMap<Q, usize> = BTreeMap::new();
    for b in Board::all(2) {
        let d = u.value(&b, b.p1, b.p2) - l.value(&b, b.p1, b.p2);
        assert!(d >= Q::ZERO, "U below L at {b}");
        *gap.entry(d).or_insert(0) += 1;
    }
    assert_eq!(gap[&Q::ZERO], 6_760);
    assert_eq!(gap[&Q::new(1, 2)], 3_336);
    assert_eq!(gap[&Q::ONE], 11_744);
}
