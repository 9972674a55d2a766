//! The certified yen table's claims (YEN-107..110, YEN-113): document 000
//! §4's "最強な戦略はなさそう" answered at the paper's scale (T = 100 units
//! of 100 yen, R = 10) by rigorous float bounds, computed, not from the
//! document. One table for every T ≤ 100 serves them all.

use super::{Claim, Evidence, GameId};
use crate::yen::certified::Certified;
use num_rational::BigRational;
use solved_games_reference::games::yen::optimized::ExactDp;
use solved_games_reference::games::yen::rules::{Rules, State};
use solved_games_reference::progress::Silent;
use solved_games_reference::solve::exact::format_ratio;
use std::sync::OnceLock;

/// The largest total of the certified claims (YEN-107..110): the paper's
/// 10,000 yen in 100-yen units. The certified table for every T ≤ 100 at
/// R = 10 takes about 46 s on two cores (README's performance table).
pub const CERTIFIED_TOTAL: u64 = 100;

/// One certified table for every T ≤ [`CERTIFIED_TOTAL`] at R = 10, shared
/// by the claims that read it (computed once per process).
pub fn certified_table() -> &'static Certified {
    TABLE.get_or_init(|| Certified::solve(CERTIFIED_TOTAL, 10, &Silent))
}

static TABLE: OnceLock<Certified> = OnceLock::new();

/// The shared table if a claim of this run has already computed it (the
/// report's first-round figure reuses it, and does not pay for it alone).
/// Only the figures read it, so without the `plot` feature it is unused.
#[cfg(feature = "plot")]
pub fn certified_table_if_computed() -> Option<&'static Certified> {
    TABLE.get()
}

/// The largest total of YEN-113's containment check: every covered state
/// of every T ≤ 16 at R = 10, whose exact values the exact DP gives in
/// well under a second.
const CONTAINED_TOTAL: u64 = 16;

/// YEN-113: every state of the certified table that a match with T ≤ `max`
/// at R = 10 covers (layers 2..9, a, b ≤ `max`, a + b + |d| ≤ 2·`max`,
/// undecided), and every start T ≤ `max`, has its exact value (the exact DP,
/// as rigorous float bounds) inside its certified interval. The first state
/// outside, or how many were checked.
fn exact_values_contained(table: &Certified, max: u64) -> Result<usize, String> {
    use solved_games_reference::solve::rounding::enclose;
    let mut exact = ExactDp::new();
    let mut checked = 0;
    let mut check = |s: State, exact: &mut ExactDp| -> Result<(), String> {
        let v = exact.value(s);
        let (lo, hi) = enclose(&v);
        let iv = table.interval(s);
        checked += 1;
        if iv.lower <= lo && hi <= iv.upper {
            Ok(())
        } else {
            Err(format!(
                "{s}: exact {} outside [{:e}, {:e}]",
                format_ratio(&v),
                iv.lower,
                iv.upper
            ))
        }
    };
    // The largest start first: its solve fills the exact DP's memo with
    // almost every state checked after it.
    for t in (1..=max).rev() {
        check(start10(t), &mut exact)?;
    }
    for r in 2..10u32 {
        for a in 0..=max {
            for b in 0..=max {
                let span = (a + b) as i64;
                let reach = (2 * max - a - b) as i64;
                let bound = span.min(reach);
                for d in (-bound..=bound).filter(|d| (d - span) % 2 == 0) {
                    let s = State {
                        rounds_left: r,
                        money_a: a,
                        money_b: b,
                        gain_diff: d,
                    };
                    if s.decided().is_none() {
                        check(s, &mut exact)?;
                    }
                }
            }
        }
    }
    Ok(checked)
}

/// The start of the T-unit game at R = 10.
fn start10(total: u64) -> State {
    State::start(Rules { total, rounds: 10 })
}

/// A's first-round bets with probability above 1e-9 at the start of T.
fn first_round_support(table: &Certified, total: u64) -> Vec<u64> {
    table
        .stage(start10(total))
        .strategy_a
        .iter()
        .filter(|&&(_, p)| p > 1e-9)
        .map(|&(bet, _)| bet)
        .collect()
}

/// Runs of T with the same support written in terms of T − R + 1 = T − 9,
/// e.g. `T 1-9: {0}; T 10-11: {T-9}` (T − 9 written so only from T = 10).
fn support_pattern(table: &Certified, totals: std::ops::RangeInclusive<u64>) -> String {
    let describe = |t: u64, support: &[u64]| -> String {
        let names: Vec<String> = support
            .iter()
            .map(|&b| {
                if t >= 10 && b == t - 9 {
                    "T-9".to_string()
                } else {
                    b.to_string()
                }
            })
            .collect();
        format!("{{{}}}", names.join(", "))
    };
    let mut runs: Vec<(u64, u64, String)> = Vec::new();
    for t in totals {
        let d = describe(t, &first_round_support(table, t));
        match runs.last_mut() {
            Some((_, end, last)) if *last == d => *end = t,
            _ => runs.push((t, t, d)),
        }
    }
    runs.iter()
        .map(|(a, b, d)| format!("T {a}-{b}: {d}"))
        .collect::<Vec<_>>()
        .join("; ")
}

/// YEN-110: A's float first-round strategy p at the start of T = `total`
/// against every reply y of B: the rigorous lower bound Σₓ pₓ·lower(V(x, y))
/// (directed rounding) must be ≥ −1e-9 (the table's widths reach 1e-10); and
/// against each bet of the equilibrium support the payoff is exactly 0, because every subgame
/// (x, y) with x and y in the supports has exact value 0: settled states by
/// the rules, symmetric states (a = b, d = 0) by skew-symmetry, the others
/// by the exact DP (one player holds at most T − R units there, so it is
/// small). Float bounds alone cannot give ≥ 0 there: the payoff is exactly 0.
/// Returns the verdict and, for `measured`, how many replies' bounds are
/// ≥ −1e-9: a count, not the bounds themselves, whose last digits (noise
/// of order 1e-12) depend on which thread solved which state first and
/// changed the report from run to run.
fn first_round_guarantee(table: &Certified, total: u64) -> (String, String) {
    use solved_games_reference::solve::rounding::dot_down;
    let start = start10(total);
    let stage = table.stage(start);
    let support = |s: &[(u64, f64)]| -> Vec<(u64, f64)> {
        s.iter().copied().filter(|&(_, p)| p > 1e-9).collect()
    };
    // The start matrix is skew-symmetric, so A's optimal strategy is
    // optimal for B too: B's support is taken as A's, whichever optimal
    // strategy the LP gave B (the start has several).
    let sa = support(&stage.strategy_a);
    let sb = sa.clone();
    let mut worst = f64::INFINITY;
    let mut held = 0;
    for y in 0..=total {
        let lower = dot_down(
            stage
                .strategy_a
                .iter()
                .map(|&(x, p)| (p, table.interval(start.after(x, y)).lower)),
        );
        held += usize::from(lower >= -1e-9);
        worst = worst.min(lower);
    }
    let measured = format!("lower bounds per reply y: {held} of {} >= -1e-9", total + 1);
    // One exact table for every subgame: (1, 91) is the mirror of (91, 1),
    // value(r, a, b, d) = −value(r, b, a, −d), which the DP stores once.
    let mut exact = ExactDp::new();
    for &(y, _) in &sb {
        for &(x, _) in &sa {
            let s = start.after(x, y);
            let zero = if let Some(v) = s.decided() {
                v == 0
            } else if s.money_a == s.money_b && s.gain_diff == 0 {
                true
            } else if s.money_a.min(s.money_b) < total - 9 {
                exact.value(s) == BigRational::from_integer(0.into())
            } else {
                return (format!("subgame {s} too large to solve exactly"), measured);
            };
            if !zero {
                return (format!("subgame {s} is not 0"), measured);
            }
        }
    }
    let names = |s: &[(u64, f64)]| s.iter().map(|(b, _)| b.to_string()).collect::<Vec<_>>();
    let verdict = if worst >= -1e-9 {
        format!(
            "{}: bound >= -1e-9 against all {} replies; exactly 0 against B's support {}",
            names(&sa).join(" and "),
            total + 1,
            names(&sb).join(", ")
        )
    } else {
        format!("worst bound {worst:e}")
    };
    (verdict, measured)
}

/// The claims, in registry order.
pub(super) const CLAIMS: &[Claim] = &[
    Claim {
        id: "YEN-107",
        game: GameId::Yen,
        source: "000 §4; computed, not from the document",
        statement: "certified, R = 10, every T ≤ 100 units: the start value is exactly 0 (the \
                    start matrix is skew-symmetric, M[x][y] = -M[y][x], so a strategy \
                    guaranteeing v to A guarantees v to B too and v = 0) and the rigorous \
                    bounds of each start's float strategies contain 0 with width < 1e-9",
        expected: "0",
        erratum: None,
        compute: || {
            let table = certified_table();
            for t in 1..=CERTIFIED_TOTAL {
                let stage = table.stage(start10(t));
                let b = stage.strategy_interval;
                if !b.contains(0.0) || b.width() >= 1e-9 || stage.interval.width() != 0.0 {
                    return Evidence::optimized_only(format!("T = {t}: bounds {b:?}"));
                }
            }
            Evidence::optimized_only("0")
        },
    },
    Claim {
        id: "YEN-108",
        game: GameId::Yen,
        source: "000 §4; computed, not from the document",
        statement: "certified, T = 100 units (the paper's 10,000 yen in 100-yen units), R = 10: \
                    A's first-round equilibrium mixes bets 1 and 91 = T - R + 1, and this mixed \
                    bet guarantees at least -1e-9 against every reply (rigorous lower bound over \
                    all 101 replies; computed, not from the document)",
        expected: "1 and 91, guarantee >= -1e-9",
        erratum: None,
        compute: || {
            let table = certified_table();
            let stage = table.stage(start10(CERTIFIED_TOTAL));
            let bets: Vec<String> = first_round_support(table, CERTIFIED_TOTAL)
                .iter()
                .map(ToString::to_string)
                .collect();
            let guarantee = stage.strategy_interval.lower;
            Evidence::optimized_only(if guarantee >= -1e-9 {
                format!("{}, guarantee >= -1e-9", bets.join(" and "))
            } else {
                format!("{}, guarantee {guarantee:e}", bets.join(" and "))
            })
        },
    },
    Claim {
        id: "YEN-109",
        game: GameId::Yen,
        source: "000 §4; computed, not from the document",
        statement: "certified, R = 10, T = 1..100 units (measured, not from the document): the \
                    support of A's first-round float equilibrium is {0} for T ≤ 9, the single \
                    bet T - 9 at T = 10, 11, and {1, T - R + 1} from T = 14 on. At T = 12 and 13 \
                    the start has several optimal strategies ({1} and a mix of 1 and T - 9 among \
                    them) and which one the LP stops on depends on its pivoting path, so those \
                    two totals are not part of the claim",
        expected: "T 1-9: {0}; T 10-11: {T-9}; T 14-100: {1, T-9}",
        erratum: None,
        compute: || {
            let table = certified_table();
            Evidence::optimized_only(format!(
                "{}; {}",
                support_pattern(table, 1..=11),
                support_pattern(table, 14..=CERTIFIED_TOTAL)
            ))
        },
    },
    Claim {
        id: "YEN-110",
        game: GameId::Yen,
        source: "000 §4; computed, not from the document",
        statement: "certified and exact, T = 100 units, R = 10: A's first-round float strategy \
                    (bets 1 and 91) has a rigorous guarantee >= -1e-9 against each of the 101 \
                    replies, and against bets 1 and 91 (optimal for B too: the start matrix is \
                    skew-symmetric, so B may play A's strategy) its payoff is exactly 0: the \
                    subgames (1,1), (91,91) are 0 by skew-symmetry, (91,1) by the exact DP and \
                    (1,91) by its mirror (an exact >= 0 against the other replies needs exact \
                    subgames too large for the exact DP)",
        expected: "1 and 91: bound >= -1e-9 against all 101 replies; exactly 0 against B's \
                   support 1, 91",
        erratum: None,
        compute: || {
            let (verdict, bounds) = first_round_guarantee(certified_table(), CERTIFIED_TOTAL);
            Evidence::optimized_only(verdict).measured(bounds)
        },
    },
    Claim {
        id: "YEN-113",
        game: GameId::Yen,
        source: "000 §4; computed, not from the document",
        statement: "certified, R = 10: the table YEN-107..110 read (every T ≤ 100) encloses the \
                    exact value of every state a match with T ≤ 16 covers, and of every start \
                    T ≤ 16: the exact DP's value, as rigorous float bounds, lies inside each \
                    certified interval (the answer to §4's \"最強な戦略はなさそう\" rests on \
                    these intervals being rigorous; a bound rounded the wrong way shows here)",
        expected: "every exact value inside its interval",
        erratum: None,
        compute: || match exact_values_contained(certified_table(), CONTAINED_TOTAL) {
            Ok(checked) => Evidence::optimized_only("every exact value inside its interval")
                .measured(format!("{checked} states checked, T ≤ {CONTAINED_TOTAL}")),
            Err(e) => Evidence::optimized_only(e),
        },
    },
];
