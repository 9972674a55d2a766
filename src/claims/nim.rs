//! Published claims of three-pile Nim (document 002, Iwase §38).
//!
//! The lecture argues §38.8–38.13 position by position; each claim renders
//! the positions it names as `p×` (losing) or `p→t1,t2` (winning, with every
//! move to a losing position), once from the optimized table and once from
//! the naive search.

use super::{Claim, Evidence, GameId};
use crate::games::nim::{bouton, naive, optimized::Table, Move, Position};

/// `p×` or `p→t1,t2,…` for each position, space-separated.
fn render(positions: &[&str], moves_of: impl Fn(&Position) -> Vec<Move>) -> String {
    positions
        .iter()
        .map(|s| {
            let p: Position = s.parse().expect("claim positions are well formed");
            let mut targets: Vec<String> = moves_of(&p)
                .into_iter()
                .map(|m| p.play(m).to_string())
                .collect();
            targets.sort();
            if targets.is_empty() {
                format!("{p}×")
            } else {
                format!("{p}→{}", targets.join(","))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Both solvers on the same positions.
fn positions_claim(positions: &[&str]) -> Evidence {
    let table = Table::build(3, 9);
    Evidence::both(
        render(positions, |p| table.winning_moves(p).expect("3 piles ≤ 9")),
        render(positions, naive::winning_moves),
    )
}

/// All losing positions with 3 piles of at most `max`, in index order.
fn losing_list(max: u32, is_losing: impl Fn(&Position) -> bool) -> String {
    let table = Table::build(3, max);
    (0..table.len())
        .map(|i| table.position(i))
        .filter(|p| is_losing(p))
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Counts losing positions; the naive solver only where it is fast enough.
fn count_claim(max: u32, with_naive: bool) -> Evidence {
    let table = Table::build(3, max);
    let optimized = table.losing_count();
    if with_naive {
        let mut search = naive::Search::new();
        let naive = (0..table.len())
            .filter(|&i| search.is_losing(&table.position(i)))
            .count();
        Evidence::both(optimized, naive)
    } else {
        Evidence::optimized_only(optimized)
    }
}

pub(super) const CLAIMS: &[Claim] = &[
    Claim {
        id: "NIM-001",
        game: GameId::Nim,
        source: "002 §38.5, §38.7",
        statement: "000 is losing (必敗) for the player to move",
        expected: "000×",
        erratum: None,
        compute: || positions_claim(&["000"]),
    },
    Claim {
        id: "NIM-002",
        game: GameId::Nim,
        source: "002 §38.8",
        statement: "001, 010, 100 are winning by taking the last stone",
        expected: "001→000 010→000 100→000",
        erratum: None,
        compute: || positions_claim(&["001", "010", "100"]),
    },
    Claim {
        id: "NIM-003",
        game: GameId::Nim,
        source: "002 §38.9",
        statement: "002, 020, 200 are winning only by taking both stones (to 000, not 001)",
        expected: "002→000 020→000 200→000",
        erratum: None,
        compute: || positions_claim(&["002", "020", "200"]),
    },
    Claim {
        id: "NIM-004",
        game: GameId::Nim,
        source: "002 §38.10",
        statement: "011, 101, 110 are losing",
        expected: "011× 101× 110×",
        erratum: None,
        compute: || positions_claim(&["011", "101", "110"]),
    },
    Claim {
        id: "NIM-005",
        game: GameId::Nim,
        source: "002 §38.11",
        statement: "012 wins only by moving to 011; likewise its five permutations",
        expected: "012→011 021→011 102→101 120→110 201→101 210→110",
        erratum: None,
        compute: || positions_claim(&["012", "021", "102", "120", "201", "210"]),
    },
    Claim {
        id: "NIM-006",
        game: GameId::Nim,
        source: "002 §38.12",
        statement: "211 wins by moving to 011; likewise 121 and 112",
        expected: "112→110 121→101 211→011",
        erratum: None,
        compute: || positions_claim(&["112", "121", "211"]),
    },
    Claim {
        id: "NIM-007",
        game: GameId::Nim,
        source: "002 §38.13",
        statement: "111 wins by any move: 011, 101 and 110 are all losing",
        expected: "111→011,101,110",
        erratum: None,
        compute: || positions_claim(&["111"]),
    },
    Claim {
        id: "NIM-008",
        game: GameId::Nim,
        source: "002 §38.6–38.14",
        statement: "the complete marking of the 27 positions with piles ≤ 2: these 7 are losing, \
                    the other 20 winning (the lecture leaves the rest to the reader, §38.14; \
                    expected from Bouton's rule)",
        expected: "000 011 022 101 110 202 220",
        erratum: None,
        compute: || {
            Evidence::both(
                losing_list(2, |p| Table::build(3, 2).is_losing(p)),
                losing_list(2, naive::is_losing),
            )
        },
    },
    Claim {
        id: "NIM-009",
        game: GameId::Nim,
        source: "002 §38.18",
        statement:
            "number of losing positions among the 1000 with piles 0..9 (not printed in 002; \
                    expected from Bouton's rule)",
        expected: "76",
        erratum: None,
        compute: || count_claim(9, true),
    },
    Claim {
        id: "NIM-010",
        game: GameId::Nim,
        source: "002 §38.24",
        statement:
            "number of losing positions among the 10^6 with piles 0..99 (not printed in 002; \
                    expected from Bouton's rule; naive search too slow, tests check every position \
                    against Bouton instead)",
        expected: "7984",
        erratum: None,
        compute: || count_claim(99, false),
    },
    Claim {
        id: "NIM-011",
        game: GameId::Nim,
        source: "002 §38.22",
        statement: "the table's \"rule in the everyday sense\" is Bouton's: a position is losing \
                    iff the XOR of its piles is 0, for all 10^6 positions with piles 0..99",
        expected: "holds",
        erratum: None,
        compute: || {
            let table = Table::build(3, 99);
            let counterexample = (0..table.len())
                .map(|i| table.position(i))
                .find(|p| table.is_losing(p) != bouton::is_losing(p));
            Evidence::optimized_only(match counterexample {
                None => "holds".to_string(),
                Some(p) => format!("fails at {p}"),
            })
        },
    },
];
