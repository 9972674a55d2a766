//! Published claims of three-pile Nim (document 002, Iwase §38).
//!
//! The lecture argues §38.8–38.13 position by position; each claim renders
//! the positions it names as `p×` (losing) or `p→t1,t2` (winning, with every
//! move to a losing position), once from the optimized table and once from
//! the naive search.

use super::{Claim, Evidence, GameId};
use crate::core::Wdl;
use crate::games::nim::face::Nim;
use crate::games::nim::optimized::Entry;
use crate::games::nim::{bouton, naive, optimized::Table, Move, Position};
use crate::games::{Game, Solver};
use std::collections::BTreeSet;

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

/// Whether `solver`, asked through the face ([`Nim`]), finds `position`
/// losing for the side to move.
fn losing_by(solver: Solver) -> impl Fn(&Position) -> bool {
    move |position| {
        Nim::solve(solver, position).expect("claim positions are within both solvers' reach")
            == Wdl::Loss
    }
}

/// Counts losing positions among those with 3 piles of at most `max`:
/// each position asked of both solvers through the face where the naive
/// one is fast enough, otherwise the optimized table's own count.
fn count_claim(max: u32, with_naive: bool) -> Evidence {
    let table = Table::build(3, max);
    if with_naive {
        let count = |solver| {
            let losing = losing_by(solver);
            (0..table.len())
                .filter(|&i| losing(&table.position(i)))
                .count()
        };
        Evidence::both(count(Solver::Optimized), count(Solver::Naive))
    } else {
        Evidence::optimized_only(table.losing_count())
    }
}

/// §38.5's figure of the positions with piles ≤ 2, as printed, row by row.
const FIGURE_38_5: &str = "000 001 010 100 002 020 200 011 101 110 022 202 220 \
                           012 021 102 201 120 210 122 212 221 211 121 112 222 111";

/// Every position reachable from `start` by moves (the naive side's
/// enumeration: the game tree itself, not an index).
fn reachable_from(start: &str) -> BTreeSet<Position> {
    let start: Position = start.parse().expect("claim positions are well formed");
    let mut seen = BTreeSet::from([start.clone()]);
    let mut todo = vec![start];
    while let Some(p) = todo.pop() {
        for mv in p.moves() {
            let q = p.play(mv);
            if seen.insert(q.clone()) {
                todo.push(q);
            }
        }
    }
    seen
}

/// The number of `positions`, if they are exactly the figure's, each once;
/// otherwise what differs.
fn figure_count(positions: &BTreeSet<Position>) -> String {
    let printed: Vec<&str> = FIGURE_38_5.split_whitespace().collect();
    let figure: BTreeSet<&str> = printed.iter().copied().collect();
    let ours: Vec<String> = positions.iter().map(ToString::to_string).collect();
    let ours_set: BTreeSet<&str> = ours.iter().map(String::as_str).collect();
    if figure == ours_set && printed.len() == figure.len() {
        return positions.len().to_string();
    }
    let missing: Vec<&str> = ours_set.difference(&figure).copied().collect();
    let extra: Vec<&str> = figure.difference(&ours_set).copied().collect();
    format!(
        "{} positions; the figure lacks [{}], has extra [{}], has {} entries",
        positions.len(),
        missing.join(" "),
        extra.join(" "),
        printed.len()
    )
}

/// The positions the lecture's program looks at from position number `i`
/// (§38.19's comments, piles ≤ 9): a[i − 100], …, a[i − 100·h] for the
/// hundreds digit h, then the tens, then the ones, each from one stone up.
fn listing_successors(i: usize) -> Vec<usize> {
    let mut out = Vec::new();
    for place in [100, 10, 1] {
        let digit = (i / place) % 10;
        out.extend((1..=digit).map(|k| i - k * place));
    }
    out
}

/// `p→t1,t2,…` over every move (not only winning ones), targets sorted.
fn render_all_moves(positions: &[&str], targets: impl Fn(&Position) -> Vec<String>) -> String {
    positions
        .iter()
        .map(|s| {
            let p: Position = s.parse().expect("claim positions are well formed");
            let mut t = targets(&p);
            t.sort();
            format!("{p}→{}", t.join(","))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// "holds", or the first position (in index order) where `ok` fails.
fn holds_for_all(table: &Table, ok: impl Fn(usize, &Position) -> bool) -> String {
    (0..table.len())
        .find(|&i| !ok(i, &table.position(i)))
        .map_or("holds".to_string(), |i| {
            format!("fails at {}", table.position(i))
        })
}

/// The lecture's program (§38.19, §38.21) run as written: a[0] = −1, and for
/// i = 1..999 a[i] starts as −1 and is overwritten by every successor the
/// loops reach (hundreds, tens, ones; one stone up) that `losing` marks, so
/// the last one found stays. `losing(j)` answers "is a[j] the losing mark".
fn lecture_program(mut losing: impl FnMut(usize) -> bool) -> Vec<i64> {
    let mut a = vec![-1i64; 1000];
    for (i, slot) in a.iter_mut().enumerate().skip(1) {
        for j in listing_successors(i) {
            if losing(j) {
                *slot = j as i64;
            }
        }
    }
    a
}

/// The table's entries in the program's terms: −1 or the recorded target.
fn table_program(table: &Table) -> Vec<i64> {
    (0..table.len())
        .map(|i| match table.entry(i) {
            Entry::Losing => -1,
            Entry::Winning { target } => i64::from(target),
        })
        .collect()
}

/// A short, exact summary of a whole a[]: the entry for 111 (the one §38.13
/// discusses, with three winning moves) and Σ (i+1)·(a[i]+1), which any
/// changed entry moves.
fn program_summary(a: &[i64]) -> String {
    let sum: i64 = a
        .iter()
        .enumerate()
        .map(|(i, &t)| (i as i64 + 1) * (t + 1))
        .sum();
    format!("a[111] = {:03}, Σ(i+1)(a[i]+1) = {sum}", a[111])
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
                losing_list(2, losing_by(Solver::Optimized)),
                losing_list(2, losing_by(Solver::Naive)),
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
    Claim {
        id: "NIM-012",
        game: GameId::Nim,
        source: "002 §38.5 (figure), §38.6, §38.16",
        statement: "with piles ≤ 2 there are 3×3×3 = 27 positions, and the figure shows exactly \
                    these, each once (optimized: the table's index range; naive: every position \
                    reachable from 222)",
        expected: "27",
        erratum: None,
        compute: || {
            let table = Table::build(3, 2);
            let indexed: BTreeSet<Position> = (0..table.len()).map(|i| table.position(i)).collect();
            Evidence::both(figure_count(&indexed), figure_count(&reachable_from("222")))
        },
    },
    Claim {
        id: "NIM-013",
        game: GameId::Nim,
        source: "002 §38.8–38.11, §38.13",
        statement: "the moves the lecture lists are all the moves: 001 has only 000 \
                    (「石のとり方は一つしかない」), 002 goes to 001 or 000, 011 to 010 or 001, \
                    012 to 002, 011, 010, and 111 to 011, 101, 110 (optimized: the program's \
                    index arithmetic of §38.19; naive: the rules' moves)",
        expected: "001→000 002→000,001 011→001,010 012→002,010,011 111→011,101,110",
        erratum: None,
        compute: || {
            let positions = ["001", "002", "011", "012", "111"];
            let by_index = render_all_moves(&positions, |p| {
                let i = p.to_string().parse::<usize>().expect("three digits");
                listing_successors(i)
                    .into_iter()
                    .map(|j| format!("{j:03}"))
                    .collect()
            });
            let by_rules = render_all_moves(&positions, |p| {
                p.moves().into_iter().map(|m| p.play(m).to_string()).collect()
            });
            Evidence::both(by_index, by_rules)
        },
    },
    Claim {
        id: "NIM-014",
        game: GameId::Nim,
        source: "002 §38.16",
        statement: "read as a decimal number (「二百十一」), every position moves only to smaller \
                    numbers (「進みうる先は必ずこれよりも小さな整数になる」), for all 1000 positions \
                    with piles ≤ 9 (optimized: the table's index; naive: the position's digits \
                    read as a decimal numeral)",
        expected: "holds",
        erratum: None,
        compute: || {
            let table = Table::build(3, 9);
            let optimized = holds_for_all(&table, |i, p| {
                p.moves()
                    .into_iter()
                    .all(|m| table.index(&p.play(m)).expect("in the table") < i)
            });
            let decimal = |p: &Position| p.to_string().parse::<u32>().expect("digits");
            let naive = holds_for_all(&table, |_, p| {
                p.moves()
                    .into_iter()
                    .all(|m| decimal(&p.play(m)) < decimal(p))
            });
            Evidence::both(optimized, naive)
        },
    },
    Claim {
        id: "NIM-015",
        game: GameId::Nim,
        source: "002 §38.19 (program comments)",
        statement: "the program's look-ups a[i − 100·k] (k up to the hundreds digit), \
                    a[i − 10·k], a[i − k] reach exactly the positions one move away, for all \
                    1000 positions with piles ≤ 9 (optimized: compared through the table's \
                    index; naive: through the decimal numeral)",
        expected: "holds",
        erratum: None,
        compute: || {
            let table = Table::build(3, 9);
            let same = |i: usize, targets: Vec<usize>| {
                let mut listed = listing_successors(i);
                let mut moved = targets;
                listed.sort_unstable();
                moved.sort_unstable();
                listed == moved
            };
            let optimized = holds_for_all(&table, |i, p| {
                let moved = p
                    .moves()
                    .into_iter()
                    .map(|m| table.index(&p.play(m)).expect("in the table"))
                    .collect();
                same(i, moved)
            });
            let naive = holds_for_all(&table, |i, p| {
                let moved = p
                    .moves()
                    .into_iter()
                    .map(|m| p.play(m).to_string().parse::<usize>().expect("digits"))
                    .collect();
                same(i, moved)
            });
            Evidence::both(optimized, naive)
        },
    },
    Claim {
        id: "NIM-016",
        game: GameId::Nim,
        source: "002 §38.21",
        statement: "the program's a[i] ends with the last winning move its loops find \
                    (「最後にみつかった必勝法が代入される」): the table's recorded move equals \
                    the program's loops run as written, for all 1000 positions (optimized: on \
                    the table's own marks; naive part: the loops on the naive search's marks, \
                    summarised, e.g. a[111] = 110, the last of §38.13's three)",
        expected: "holds",
        erratum: None,
        compute: || {
            let table = Table::build(3, 9);
            let recorded = table_program(&table);
            let by_loops = lecture_program(|j| table.entry(j) == Entry::Losing);
            let optimized = match (0..1000).find(|&i| recorded[i] != by_loops[i]) {
                None => "holds".to_string(),
                Some(i) => {
                    let show = |t: i64| match usize::try_from(t) {
                        Ok(t) => table.position(t).to_string(),
                        Err(_) => "×".to_string(),
                    };
                    format!(
                        "fails at {}: table {}, loops {}",
                        table.position(i),
                        show(recorded[i]),
                        show(by_loops[i])
                    )
                }
            };
            let mut search = naive::Search::new();
            let naive_loops = lecture_program(|j| search.is_losing(&table.position(j)));
            Evidence::within(
                optimized,
                "a[0..1000] summarised",
                program_summary(&recorded),
                program_summary(&naive_loops),
            )
        },
    },
    Claim {
        id: "NIM-017",
        game: GameId::Nim,
        source: "002 §38.18–38.19 (int a[1000])",
        statement: "with piles ≤ 9 there are 1000 positions, the program's a[0..999], one output \
                    line each (optimized: lines of the table's listing; naive: positions \
                    reachable from 999)",
        expected: "1000",
        erratum: None,
        compute: || {
            Evidence::both(
                Table::build(3, 9).lecture_listing().lines().count(),
                reachable_from("999").len(),
            )
        },
    },
];
