//! Claims about §4 item 3 of document 004 with a memory of the last M cards
//! (SPEC.md "Memory variants" → "Bounded memory M"): every value here is
//! computed, not from the document. The pattern solver ([`BoundedTable`])
//! decides each claim; the explicit row ([`naive::solve`]) decides MEM-120
//! again for N ≤ [`NAIVE_REACH`].

use super::variants::runs;
use super::{Claim, Evidence, GameId};
use crate::variants::bounded::optimized::BoundedTable;
use crate::variants::bounded::{naive, notation};
use crate::variants::optimized::start_values;
use crate::variants::Variant;
use num_rational::BigRational;
use num_traits::ToPrimitive;
use rayon::prelude::*;
use solved_games_reference::games::memory::analysis::draw_probabilities;
use solved_games_reference::games::memory::optimized::{exact_table, Extent};
use solved_games_reference::games::memory::rules::TieBreak;
use solved_games_reference::games::memory::State;
use std::cmp::Ordering;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The largest M of the claims: the solver's whole range.
pub(crate) const MEMORY_REACH: usize = crate::variants::bounded::MAX_MEMORY;
/// The largest N of the claims: the solver's whole range.
pub(crate) const PAIRS_REACH: usize = crate::variants::bounded::MAX_PAIRS;
/// The largest N the explicit row checks (every M ≤ 6 in about a second).
const NAIVE_REACH: usize = 3;
/// The largest N the explicit row checks the draw intervals of (MEM-123).
const NAIVE_DRAW_REACH: usize = 4;
/// The largest N whose states MEM-124 compares one by one: a state such as
/// M = 3, N = 3 with one card remembered is reached only from the start of
/// N = 4 (a pair taken, then a card seen), so N ≤ 3 would leave it out.
const EVERY_STATE_REACH: usize = 4;

/// A draw probability's least and greatest over optimal plans.
type Interval = (BigRational, BigRational);

/// The draw interval at the start, `[m][n - 1]` as [`starts`] (the same
/// tables: building with draws gives the values too, computed once).
pub(crate) fn start_draws() -> &'static [Vec<Interval>] {
    &solved().1
}

/// The explicit row's value of every state it reaches from the starts of
/// N ≤ [`EVERY_STATE_REACH`] pairs with memory `m` (by notation), once per
/// process (MEM-120 reads the starts of N ≤ [`NAIVE_REACH`], MEM-124 all).
fn naive_rows(m: usize) -> &'static HashMap<String, BigRational> {
    static ROWS: [OnceLock<HashMap<String, BigRational>>; MEMORY_REACH + 1] =
        [const { OnceLock::new() }; MEMORY_REACH + 1];
    ROWS[m].get_or_init(|| naive::solve(m, EVERY_STATE_REACH))
}

/// MEM-124: the pattern solver against the explicit row, the exact value
/// of every state the pattern solver reaches from the starts of N ≤
/// [`EVERY_STATE_REACH`] pairs, every M ≤ [`MEMORY_REACH`].
fn every_state() -> Evidence {
    let mut rows = Vec::new();
    for m in 0..=MEMORY_REACH {
        let naive = naive_rows(m);
        match BoundedTable::build(m, EVERY_STATE_REACH) {
            Ok(table) => {
                for (n, pattern, passed, v) in table.states() {
                    let name = notation(n, &pattern, passed);
                    let slow = naive
                        .get(&name)
                        .map_or("none".to_string(), ToString::to_string);
                    rows.push((format!("M = {m}, {name}"), v.to_string(), slow));
                }
            }
            Err(e) => rows.push((format!("M = {m}"), format!("unsolved: {e}"), String::new())),
        }
    }
    super::every_state(
        &format!("every state of N ≤ {EVERY_STATE_REACH} pairs, M ≤ {MEMORY_REACH}"),
        &rows,
    )
}

/// Every table M ≤ [`MEMORY_REACH`] to N = [`PAIRS_REACH`] with its draw
/// intervals: the start values and the start draw intervals.
#[allow(clippy::type_complexity)] // two parallel per-M tables
fn solved() -> &'static (Vec<Vec<BigRational>>, Vec<Vec<Interval>>) {
    static SOLVED: OnceLock<(Vec<Vec<BigRational>>, Vec<Vec<Interval>>)> = OnceLock::new();
    // The seven tables are independent and each runs mostly on one
    // thread: built side by side, M = 6 (the largest, about 5 s of CPU)
    // is the run's chain instead of all seven after one another (SPEC.md,
    // "Reproduce: claims in parallel"). Collected
    // in M order, so every value is the same.
    SOLVED.get_or_init(|| {
        let per_m: Vec<(Vec<BigRational>, Vec<Interval>)> = (0..=MEMORY_REACH)
            .into_par_iter()
            .map(|m| {
                let table = BoundedTable::build_with_draws(m, PAIRS_REACH)
                    .expect("every layer settles and its draws are certified");
                (1..=PAIRS_REACH)
                    .map(|n| {
                        (
                            table.start(n).expect("a start"),
                            table.start_draw(n).expect("a start"),
                        )
                    })
                    .unzip()
            })
            .collect();
        per_m.into_iter().unzip()
    })
}

/// The first player's expected points at the start, `[m][n - 1]` for
/// M ≤ [`MEMORY_REACH`], N ≤ [`PAIRS_REACH`], computed once per process
/// (the report's figure reads them too).
pub(crate) fn starts() -> &'static [Vec<BigRational>] {
    &solved().0
}

/// F (first favoured), S (second) or = for the first player's points.
fn side(first: &BigRational) -> char {
    match first.cmp(&BigRational::new(1.into(), 2.into())) {
        Ordering::Greater => 'F',
        Ordering::Less => 'S',
        Ordering::Equal => '=',
    }
}

/// Per M: `first: …; second: …; even: …` over N = 1..=len.
fn favoured(per_m: &[Vec<BigRational>]) -> String {
    per_m
        .iter()
        .enumerate()
        .map(|(m, values)| {
            let parts: Vec<String> = [('F', "first"), ('S', "second"), ('=', "even")]
                .iter()
                .filter_map(|&(c, word)| {
                    let ns: Vec<usize> = (1..=values.len())
                        .filter(|&n| side(&values[n - 1]) == c)
                        .collect();
                    (!ns.is_empty()).then(|| format!("{word}: {}", runs(&ns)))
                })
                .collect();
            format!("M = {m}: {}", parts.join("; "))
        })
        .collect::<Vec<_>>()
        .join(" | ")
}

fn f6(x: &BigRational) -> String {
    format!("{:.6}", x.to_f64().unwrap_or(f64::NAN))
}

/// `0.123456` or `0.123456–0.234567` (least–greatest).
fn interval6(d: &Interval) -> String {
    if d.0 == d.1 {
        f6(&d.0)
    } else {
        format!("{}–{}", f6(&d.0), f6(&d.1))
    }
}

/// Per M, the N whose start has a draw interval wider than a point, and
/// those with no draw at all.
fn draw_shapes(per_m: &[Vec<Interval>]) -> String {
    per_m
        .iter()
        .enumerate()
        .map(|(m, ds)| {
            let n_of = |f: &dyn Fn(&Interval) -> bool| -> String {
                let ns: Vec<usize> = (1..=ds.len()).filter(|&n| f(&ds[n - 1])).collect();
                if ns.is_empty() {
                    "none".into()
                } else {
                    runs(&ns)
                }
            };
            format!(
                "M = {m}: never drawn at N = {}; least < greatest at N = {}",
                n_of(&|d| d.1 == BigRational::from_integer(0.into())),
                n_of(&|d| d.0 < d.1)
            )
        })
        .collect::<Vec<_>>()
        .join(" | ")
}

/// Claims about bounded memory, in the order SPEC.md lists them.
pub(super) const CLAIMS: &[Claim] = &[
    Claim {
        id: "MEM-120",
        game: GameId::Memory,
        source: "004 §4 item 3",
        statement: "computed, not from the document — §4: \"記憶力の度合によって先攻後攻の有利不利も\
                    変わることがわかる\" (both remember the last M cards turned): who is favoured at \
                    the start for each M ≤ 6 and 1 ≤ N ≤ 12 (explicit row N ≤ 3)",
        expected: "M = 0: first: 1-12 | M = 1: first: 1; second: 3-12; even: 2 | M = 2: first: 1; second: 2-12 | M = 3: first: 1; second: 2-12 | M = 4: first: 1; second: 2-12 | M = 5: first: 1; second: 2-12 | M = 6: first: 1, 7; second: 2-6, 8-12",
        erratum: None,
        compute: || {
            let all = favoured(starts());
            let part: Vec<Vec<BigRational>> = starts()
                .iter()
                .map(|v| v[..NAIVE_REACH].to_vec())
                .collect();
            let rows: Vec<Vec<BigRational>> = (0..=MEMORY_REACH)
                .map(|m| {
                    let values = naive_rows(m);
                    (1..=NAIVE_REACH)
                        .map(|n| values[&notation(n, &[], false)].clone())
                        .collect()
                })
                .collect();
            Evidence::within(
                all,
                format!("N ≤ {NAIVE_REACH}"),
                favoured(&part),
                favoured(&rows),
            )
        },
    },
    Claim {
        id: "MEM-121",
        game: GameId::Memory,
        source: "004 §4 item 3",
        statement: "computed, not from the document — §4: \"記憶力の度合によって先攻後攻の有利不利も\
                    変わる\": for each N ≤ 12, the favoured side as M runs 0, 1, …, 6 (F first, S \
                    second, = even) and the paper's game (M ≥ 2N) last",
        expected: "N = 1: FFFFFFF F; N = 2: F=SSSSS S; N = 3: FSSSSSS S; N = 4: FSSSSSS S; N = 5: FSSSSSS S; N = 6: FSSSSSS S; N = 7: FSSSSSF F; N = 8: FSSSSSS S; N = 9: FSSSSSS S; N = 10: FSSSSSS S; N = 11: FSSSSSS S; N = 12: FSSSSSS S",
        erratum: None,
        compute: || {
            let paper = start_values(Variant::Paper, PAIRS_REACH);
            let text = (1..=PAIRS_REACH)
                .map(|n| {
                    let sides: String = starts().iter().map(|v| side(&v[n - 1])).collect();
                    format!("N = {n}: {sides} {}", side(&paper[n - 1].mover))
                })
                .collect::<Vec<_>>()
                .join("; ");
            Evidence::optimized_only(text)
        },
    },
    Claim {
        id: "MEM-122",
        game: GameId::Memory,
        source: "004 §4 item 3",
        statement: "computed, not from the document — §4: \"勝率 (1/2) + (1/8)N^{-2} + o(N^{-2})\" \
                    (M = 0) against the paper's game: the trend in M of the first player's expected \
                    points at N = 12, M = 0..6, then the paper's f(12,0,0)",
        expected: "M = 0: 0.500949; M = 1: 0.499235; M = 2: 0.497861; M = 3: 0.498980; M = 4: 0.499447; M = 5: 0.499548; M = 6: 0.499599; paper: 0.498133",
        erratum: None,
        compute: || {
            let paper = start_values(Variant::Paper, PAIRS_REACH);
            let mut parts: Vec<String> = starts()
                .iter()
                .enumerate()
                .map(|(m, v)| format!("M = {m}: {}", f6(&v[PAIRS_REACH - 1])))
                .collect();
            parts.push(format!("paper: {}", f6(&paper[PAIRS_REACH - 1].mover)));
            Evidence::optimized_only(parts.join("; "))
        },
    },
    Claim {
        id: "MEM-123",
        game: GameId::Memory,
        source: "004 §4 item 3, R5",
        statement: "computed, not from the document — §4: \"不完全な記憶力の設定方法も「記憶できる枚数\
                    が有限」…など様々な場合が考えられる\" (both remember the last M cards turned; R5: a \
                    game nobody ends is a draw): the draw probability at the start under optimal \
                    play, the least and the greatest over pairs of optimal plans, for M ≤ 6 and \
                    N ≤ 12 (explicit row N ≤ 4): the trend at N = 12 as M runs 0..6 beside the \
                    paper's game (fewest and most draws among tied optimal turns), and per M the N \
                    never drawn and the N where the choice among optimal plans moves it",
        expected: "N = 12: M = 0: 0.000000; M = 1: 0.000000; M = 2: 0.000000; M = 3: 0.893454; M = 4: 0.018616–0.018632; M = 5: 0.050670–0.050800; M = 6: 0.148991–0.304657; paper: 0.895274–0.898474 || M = 0: never drawn at N = 1-12; least < greatest at N = none | M = 1: never drawn at N = 1-12; least < greatest at N = none | M = 2: never drawn at N = 1-12; least < greatest at N = none | M = 3: never drawn at N = 1-3; least < greatest at N = none | M = 4: never drawn at N = 1-2; least < greatest at N = 3-12 | M = 5: never drawn at N = 1-2; least < greatest at N = 3-12 | M = 6: never drawn at N = 1-2; least < greatest at N = 3-12",
        erratum: None,
        compute: || {
            let paper = exact_table(PAIRS_REACH, Extent::Full, true);
            let start = State::f(PAIRS_REACH, 0, 0).expect("a start");
            let paper_draws: Vec<BigRational> = [TieBreak::FewestDraws, TieBreak::MostDraws]
                .iter()
                .map(|&tie| {
                    draw_probabilities(&paper, tie)
                        .expect("full table")
                        .value(start)
                        .expect("held")
                })
                .collect();
            let mut trend: Vec<String> = start_draws()
                .iter()
                .enumerate()
                .map(|(m, d)| format!("M = {m}: {}", interval6(&d[PAIRS_REACH - 1])))
                .collect();
            trend.push(format!(
                "paper: {}",
                interval6(&(paper_draws[0].clone(), paper_draws[1].clone()))
            ));
            let all = format!("N = 12: {} || {}", trend.join("; "), draw_shapes(start_draws()));
            let part: Vec<Vec<Interval>> = start_draws()
                .iter()
                .map(|v| v[..NAIVE_DRAW_REACH].to_vec())
                .collect();
            let rows: Vec<Vec<Interval>> = (0..=MEMORY_REACH)
                .map(|m| {
                    let (_, draws) = naive::solve_with_draws(m, NAIVE_DRAW_REACH);
                    (1..=NAIVE_DRAW_REACH)
                        .map(|n| draws[&notation(n, &[], false)].clone())
                        .collect()
                })
                .collect();
            Evidence::within(
                all,
                format!("N ≤ {NAIVE_DRAW_REACH}, exact intervals"),
                exact_intervals(&part),
                exact_intervals(&rows),
            )
        },
    },
    Claim {
        id: "MEM-124",
        game: GameId::Memory,
        source: "004 §4 item 3",
        statement: "computed, not from the document — naive = optimized, exactly: on every state \
                    the pattern solver reaches from the starts of N ≤ 4 pairs with memory M ≤ 6, \
                    the pattern solver MEM-120..123 run and the explicit row give the same exact \
                    value (compared as digests)",
        expected: "holds",
        erratum: None,
        compute: every_state,
    },
];

/// Every interval exactly, per M.
fn exact_intervals(per_m: &[Vec<Interval>]) -> String {
    per_m
        .iter()
        .enumerate()
        .map(|(m, ds)| {
            let xs: Vec<String> = ds.iter().map(|d| format!("[{}, {}]", d.0, d.1)).collect();
            format!("M = {m}: {}", xs.join(" "))
        })
        .collect::<Vec<_>>()
        .join(" | ")
}
