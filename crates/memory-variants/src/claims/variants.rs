//! Claims about the variants document 004 leaves open in §4 (今後の課題):
//! every value here is computed, not from the document. Each statement
//! quotes the §4 question it answers. The count recurrence
//! ([`VariantTable`]) decides each claim; the explicit-row search
//! ([`RowSearch`]) decides it again for N ≤ [`NAIVE_REACH`].

use super::{Claim, Evidence, GameId};
use crate::variants::naive::RowSearch;
use crate::variants::optimized::Value;
use crate::variants::packed::{start_values, PackedTable};
use crate::variants::{TieRule, Variant, VariantState};
use num_rational::BigRational;
use num_traits::ToPrimitive;
use solved_games_reference::games::memory::analysis::draw_probabilities;
use solved_games_reference::games::memory::optimized::{exact_table, Extent};
use solved_games_reference::games::memory::rules::TieBreak;
use solved_games_reference::games::memory::State;
use std::cmp::Ordering;
use std::sync::OnceLock;

/// The largest N the row search checks in a claim.
const NAIVE_REACH: usize = 5;
/// The largest N of the pairs variant's claims (its work grows as N⁴: with
/// the numerators packed in limbs, about 8 s of CPU at N = 100, split
/// across the cores).
pub(crate) const PAIRS_REACH: usize = 100;
/// The largest N of the points variant's claims (about 2 s of CPU each).
pub(crate) const POINTS_REACH: usize = 100;
/// The N of MEM-102's comparison with the paper's draws.
const DRAW_REACH: usize = 10;

const WORSE: Variant = Variant::Points(TieRule::WorseForOpponent);
const AVOID: Variant = Variant::Points(TieRule::AvoidPass);

/// The start values of N = 1..=reach (`pairs`: [`PAIRS_REACH`], the others
/// [`POINTS_REACH`]), computed once per process; the report's figure reads
/// them too.
pub(crate) fn starts(variant: Variant) -> &'static [Value] {
    static PAPER: OnceLock<Vec<Value>> = OnceLock::new();
    static PAIRS: OnceLock<Vec<Value>> = OnceLock::new();
    static WORSE_T: OnceLock<Vec<Value>> = OnceLock::new();
    static AVOID_T: OnceLock<Vec<Value>> = OnceLock::new();
    match variant {
        Variant::Paper => PAPER.get_or_init(|| start_values(variant, POINTS_REACH)),
        Variant::Pairs => PAIRS.get_or_init(|| start_values(variant, PAIRS_REACH)),
        Variant::Points(TieRule::WorseForOpponent) => {
            WORSE_T.get_or_init(|| start_values(variant, POINTS_REACH))
        }
        _ => AVOID_T.get_or_init(|| start_values(variant, POINTS_REACH)),
    }
}

/// The first and second players' expected points and the draw chance at
/// the start with `pairs` pairs, by the recurrence.
fn start(variant: Variant, pairs: usize) -> (BigRational, BigRational, BigRational) {
    let v = &starts(variant)[pairs - 1];
    (v.mover.clone(), v.other.clone(), v.draw.clone())
}

/// The same by the row search.
fn start_naive(search: &mut RowSearch, pairs: usize) -> (BigRational, BigRational, BigRational) {
    let v = search
        .state_value(&format!("F({pairs},0,0)"), 0, false)
        .expect("a start");
    (v.mine, v.theirs, v.draw)
}

/// Which player is favoured for each N in `from..=to`, as runs:
/// `first: 1, 5-7; second: 2-4; even: …`.
fn favoured(
    values: impl Iterator<Item = (usize, (BigRational, BigRational, BigRational))>,
) -> String {
    let mut lists: [(&str, Vec<usize>); 3] =
        [("first", vec![]), ("second", vec![]), ("even", vec![])];
    for (n, (first, second, _)) in values {
        let at = match first.cmp(&second) {
            Ordering::Greater => 0,
            Ordering::Less => 1,
            Ordering::Equal => 2,
        };
        lists[at].1.push(n);
    }
    lists
        .iter()
        .filter(|(_, ns)| !ns.is_empty())
        .map(|(who, ns)| format!("{who}: {}", runs(ns)))
        .collect::<Vec<_>>()
        .join("; ")
}

/// `1, 3, 5-9` for the sorted list (the Memory variants' claims all
/// write their lists of N this way).
pub(crate) fn runs(ns: &[usize]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < ns.len() {
        let mut j = i;
        while j + 1 < ns.len() && ns[j + 1] == ns[j] + 1 {
            j += 1;
        }
        out.push(if j == i {
            ns[i].to_string()
        } else {
            format!("{}-{}", ns[i], ns[j])
        });
        i = j + 1;
    }
    out.join(", ")
}

/// [`runs`], or `none` for an empty list (a claim that lists the N where
/// something happens, and it happens nowhere).
pub(crate) fn runs_or_none(ns: &[usize]) -> String {
    if ns.is_empty() {
        "none".into()
    } else {
        runs(ns)
    }
}

fn favoured_claim(variant: Variant, reach: usize) -> Evidence {
    let all = favoured((1..=reach).map(|n| (n, start(variant, n))));
    let part = favoured((1..=NAIVE_REACH).map(|n| (n, start(variant, n))));
    let mut search = RowSearch::new(variant);
    let naive = favoured((1..=NAIVE_REACH).map(|n| (n, start_naive(&mut search, n))));
    Evidence::within(all, format!("N ≤ {NAIVE_REACH}"), part, naive)
}

fn f6(x: &BigRational) -> String {
    format!("{:.6}", x.to_f64().unwrap_or(f64::NAN))
}

/// MEM-103/104's answer: the first player has more expected points for
/// N = 1 and every odd N ≥ 5 up to 100, the second for the rest.
const ODD_FIRST: &str = "first: 1, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31, 33, 35, \
                         37, 39, 41, 43, 45, 47, 49, 51, 53, 55, 57, 59, 61, 63, 65, 67, 69, 71, \
                         73, 75, 77, 79, 81, 83, 85, 87, 89, 91, 93, 95, 97, 99; second: 2-4, 6, 8, \
                         10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, \
                         46, 48, 50, 52, 54, 56, 58, 60, 62, 64, 66, 68, 70, 72, 74, 76, 78, 80, \
                         82, 84, 86, 88, 90, 92, 94, 96, 98, 100";

/// Every state of n ≤ `pairs` pairs a game of `pairs` pairs reaches: the
/// leads |lead| ≤ pairs − n of its parity where the variant counts them,
/// and the pass flag where two known numbers lie on the table.
fn states(variant: Variant, pairs: usize) -> Vec<VariantState> {
    let mut out = Vec::new();
    for n in 1..=pairs {
        let taken = i64::try_from(pairs - n).expect("small");
        let leads: Vec<i64> = if variant.counts_pairs() {
            (-taken..=taken).step_by(2).collect()
        } else {
            vec![0]
        };
        for ones_known in [0u8, 1] {
            for m in 0..=n {
                for k in 0..=n {
                    if !VariantState::exists(ones_known, n, m, k) {
                        continue;
                    }
                    for &lead in &leads {
                        for passed in [false, true] {
                            if passed && m + k < 2 {
                                continue;
                            }
                            out.push(VariantState {
                                ones_known,
                                n,
                                m,
                                k,
                                lead,
                                passed,
                            });
                        }
                    }
                }
            }
        }
    }
    out
}

/// MEM-108: the packed recurrence `reproduce` runs against the row search,
/// the exact (mover, other, draw) of every state of n ≤
/// [`NAIVE_REACH`], every variant.
fn every_state() -> Evidence {
    let mut rows = Vec::new();
    for variant in Variant::ALL {
        let packed = PackedTable::build(variant, NAIVE_REACH);
        let mut search = RowSearch::new(variant);
        for s in states(variant, NAIVE_REACH) {
            let family = if s.ones_known == 0 { 'F' } else { 'G' };
            let row = format!("{family}({},{},{})", s.n, s.m, s.k);
            let fast = packed.value(s).map_or("none".to_string(), |v| {
                format!("{} {} {}", v.mover, v.other, v.draw)
            });
            let slow = search
                .state_value(&row, s.lead, s.passed)
                .map_or("none".to_string(), |v| {
                    format!("{} {} {}", v.mine, v.theirs, v.draw)
                });
            rows.push((format!("{variant} {s}"), fast, slow));
        }
    }
    super::every_state(
        &format!("every state of n ≤ {NAIVE_REACH} pairs, every variant"),
        &rows,
    )
}

/// Claims about the §4 variants, in the order SPEC.md lists them.
pub(super) const CLAIMS: &[Claim] = &[
    Claim {
        id: "MEM-101",
        game: GameId::Memory,
        source: "004 §4 item 1",
        statement: "computed, not from the document — §4: \"どちらも 1 のカードを取っていない場合は\
                    他のカードを多く取ったほうが勝ち\" (two passes in a row end the game): who is \
                    favoured at the start, 1 ≤ N ≤ 100 (explicit row N ≤ 5)",
        expected: "first: 1, 7; second: 2-6, 8-100",
        erratum: None,
        compute: || favoured_claim(Variant::Pairs, PAIRS_REACH),
    },
    Claim {
        id: "MEM-102",
        game: GameId::Memory,
        source: "004 §4 item 1",
        statement: "computed, not from the document — §4: \"引き分けは多少減るが…引き分けを\
                    すべて無くすものではない\": the draw probability at the start, N = 9 and 10, \
                    with the other-pairs tie-break against the paper's rule (fewest draws among \
                    tied turns)",
        expected: "N = 9: 0.240475 (paper 0.798691); N = 10: 0.818928 (paper 0.871028)",
        erratum: None,
        compute: || {
            let paper = exact_table(DRAW_REACH, Extent::Full, true);
            let draws = draw_probabilities(&paper, TieBreak::FewestDraws).expect("full table");
            let text = [9, 10]
                .map(|n| {
                    let ours = start(Variant::Pairs, n).2;
                    let theirs = draws.value(State::f(n, 0, 0).expect("a start")).expect("held");
                    format!("N = {n}: {} (paper {})", f6(&ours), f6(&theirs))
                })
                .join("; ");
            Evidence::optimized_only(text)
        },
    },
    Claim {
        id: "MEM-103",
        game: GameId::Memory,
        source: "004 §4 item 1",
        statement: "computed, not from the document — §4: \"勝ちに 3 ポイント、引き分けに 1 ポイント\
                    与える\" (subgame-perfect, a tie broken by what is worse for the opponent): who \
                    has more expected points at the start, 1 ≤ N ≤ 100 (explicit row N ≤ 5): first for N = 1 \
                    and every odd N from 5, second for N = 2, 3 and every even N",
        expected: ODD_FIRST,
        erratum: None,
        compute: || favoured_claim(WORSE, POINTS_REACH),
    },
    Claim {
        id: "MEM-104",
        game: GameId::Memory,
        source: "004 §4 item 1",
        statement: "computed, not from the document — §4: \"どちらかがパスを避けたら両者の獲得\
                    ポイントの期待値は上がるが自分からは勝負したくない\": with a tie broken against \
                    passing, who has more expected points at the start, 1 ≤ N ≤ 100 (explicit row \
                    N ≤ 5): as MEM-103",
        expected: ODD_FIRST,
        erratum: None,
        compute: || favoured_claim(AVOID, POINTS_REACH),
    },
    Claim {
        id: "MEM-105",
        game: GameId::Memory,
        source: "004 §4 item 1",
        statement: "computed, not from the document — §4: \"プレイヤーの意思決定の方法を適切に\
                    定める必要が生じる\": the two tie rules give different start values exactly \
                    for these N ≤ 100, and the draw probability at the start is 0 against passing \
                    and positive against the opponent for N ≥ 4",
        expected: "differ: 4-100; draws 0 (avoid pass) for N ≤ 100, > 0 (worse for opponent) for 4 ≤ N ≤ 100",
        erratum: None,
        compute: || {
            let differ: Vec<usize> = (1..=POINTS_REACH)
                .filter(|&n| start(WORSE, n) != start(AVOID, n))
                .collect();
            let avoid_draws = (1..=POINTS_REACH).all(|n| start(AVOID, n).2 == BigRational::default());
            let worse_draws = (4..=POINTS_REACH).all(|n| start(WORSE, n).2 > BigRational::default());
            Evidence::optimized_only(format!(
                "differ: {}; draws {} (avoid pass) for N ≤ {POINTS_REACH}, {} (worse for opponent) for 4 ≤ N ≤ {POINTS_REACH}",
                runs(&differ),
                if avoid_draws { "0" } else { "not 0" },
                if worse_draws { "> 0" } else { "not > 0" },
            ))
            .measured(format!(
                "N = 20, 100: draw {}, {} (worse for opponent), N³·draw = {:.3}, {:.3}",
                f6(&start(WORSE, 20).2),
                f6(&start(WORSE, 100).2),
                8000.0 * start(WORSE, 20).2.to_f64().unwrap_or(f64::NAN),
                1e6 * start(WORSE, 100).2.to_f64().unwrap_or(f64::NAN)
            ))
        },
    },
    Claim {
        id: "MEM-106",
        game: GameId::Memory,
        source: "004 §4 item 1",
        statement: "computed, not from the document — the trend of §4's 3-1-0 rule: for even N the \
                    second player's edge in expected points shrinks like N⁻², \
                    N²·(second − first) ∈ [2, 3] at N = 12, 14, …, 100 (tie worse for the opponent), \
                    and for odd N the first player's edge too: N²·(first − second) ∈ [0.4, 1] at \
                    N = 9, 11, …, 99",
        expected: "holds",
        erratum: None,
        compute: || {
            let scaled = |n: usize, power: i32| {
                let (a, b, _) = start(WORSE, n);
                let gap = (b - a).to_f64().unwrap_or(f64::NAN);
                gap * f64::from(u32::try_from(n).expect("small")).powi(power)
            };
            let even: Vec<f64> = (12..=100).step_by(2).map(|n| scaled(n, 2)).collect();
            let odd: Vec<f64> = (9..=99).step_by(2).map(|n| -scaled(n, 2)).collect();
            let ok = even.iter().all(|x| (2.0..=3.0).contains(x))
                && odd.iter().all(|x| (0.4..=1.0).contains(x));
            // Every fifth, with the last: the trend, not 90 numbers.
            let show = |xs: &[f64]| {
                let last = xs.len() - 1;
                xs.iter()
                    .enumerate()
                    .filter(|(i, _)| i % 5 == 0 || *i == last)
                    .map(|(_, x)| format!("{x:.3}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            Evidence::optimized_only(if ok { "holds" } else { "fails" }).measured(format!(
                "N²·gap, even N 12, 22, …, 92, 100: {}; odd N 9, 19, …, 89, 99: {}",
                show(&even),
                show(&odd)
            ))
        },
    },
    Claim {
        id: "MEM-107",
        game: GameId::Memory,
        source: "004 §4 (last sentence), §3.3",
        statement: "computed, not from the document — §4: a 52-card deck as N = 26 pairs of the \
                    paper's game: f(26,0,0) (the first player's expected points) and the draw \
                    probability with the fewest draws among tied optimal turns",
        expected: "f 0.499616, draw 0.958001",
        erratum: None,
        compute: || {
            let paper = exact_table(26, Extent::Full, true);
            let draws = draw_probabilities(&paper, TieBreak::FewestDraws).expect("full table");
            let start = State::f(26, 0, 0).expect("a start");
            Evidence::optimized_only(format!(
                "f {}, draw {}",
                f6(&paper.value(start).expect("held")),
                f6(&draws.value(start).expect("held"))
            ))
        },
    },
    Claim {
        id: "MEM-108",
        game: GameId::Memory,
        source: "004 §4 item 1",
        statement: "computed, not from the document — naive = optimized, exactly: on every state \
                    of n ≤ 5 pairs of each variant (the paper's scoring, pairs, points with each tie \
                    rule; every lead a game of 5 pairs reaches, after a pass or not), the packed \
                    recurrence MEM-101..106 run and the explicit-row search give the same exact \
                    (mover, other, draw) (the two sides compared as digests)",
        expected: "holds",
        erratum: None,
        compute: every_state,
    },
];
