//! Published claims of the 10,000-yen game about exact equilibria and best
//! responses of scaled games (the referee's claims are in `yen.rs`).
//!
//! Document 000 states two things about optimal play: with two rounds "the
//! strongest strategy is obvious" (§2), and "there seems to be no strongest
//! strategy that beats every strategy" (§4). These claims make them exact: the
//! value of the game is 0 (computed), the trivial R = 2 strategy is found and
//! its guarantee checked for every opponent bet, and no strategy of A can
//! guarantee more than 0 because A's best response to B's equilibrium
//! strategy scores exactly 0.

use super::{Claim, Evidence, GameId};
use crate::games::yen::best_response::{
    best_response, winning_line, DocumentPlayer, EquilibriumOpponent, Goal,
};
use crate::games::yen::certified::Certified;
use crate::games::yen::naive::{self, ScaledGame};
use crate::games::yen::optimized::{self, Solver};
use crate::games::yen::rules::{Rules, State};
use crate::progress::Silent;
use crate::solve::exact::format_ratio;
use num_rational::BigRational;
use std::collections::BTreeSet;
use std::sync::OnceLock;

/// The largest total of the certified claims (YEN-107..110): the paper's
/// 10,000 yen in 100-yen units. The certified table for every T ≤ 100 at
/// R = 10 takes about 46 s on two cores (README's performance table).
pub const CERTIFIED_TOTAL: u64 = 100;

/// One certified table for every T ≤ [`CERTIFIED_TOTAL`] at R = 10, shared
/// by the claims that read it (computed once per process).
pub(crate) fn certified_table() -> &'static Certified {
    TABLE.get_or_init(|| Certified::solve(CERTIFIED_TOTAL, 10, &Silent))
}

static TABLE: OnceLock<Certified> = OnceLock::new();

/// The shared table if a claim of this run has already computed it (the
/// report's first-round figure reuses it, and does not pay for it alone).
/// Only the figures read it, so without the `plot` feature it is unused.
#[cfg(feature = "plot")]
pub(crate) fn certified_table_if_computed() -> Option<&'static Certified> {
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
    use crate::solve::rounding::enclose;
    let mut exact = Solver::new();
    let mut checked = 0;
    let mut check = |s: State, exact: &mut Solver| -> Result<(), String> {
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
    use crate::solve::rounding::dot_down;
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
    let mut exact = Solver::new();
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

/// YEN-111/112: a best response to a document player at the paper's scale
/// (T = 10,000 yen, R = 10, 1-yen units): a winning line found by
/// [`winning_line`] against the best-response model of the player
/// (`DocumentPlayer`), then played by the referee against the referee's own
/// built-in player (`players.rs`, written separately) to confirm the win.
fn paper_scale_best_response(player: DocumentPlayer) -> Evidence {
    use crate::games::yen::players::{Always1000, Minus1, Strategy, View};
    use crate::games::yen::referee::{BuiltIn, Referee};
    struct Line(Vec<u64>);
    impl Strategy for Line {
        fn bet(&mut self, view: &View<'_>) -> u64 {
            self.0[view.rounds.len()]
        }
    }
    let rules = Rules::default();
    let mut model = player;
    let Some(line) = winning_line(rules, &mut model, 10_000) else {
        return Evidence::optimized_only("no winning line found");
    };
    let opponent: Box<dyn Strategy + Send> = match player {
        DocumentPlayer::Always1000 => Box::new(Always1000),
        _ => Box::new(Minus1),
    };
    let mut a = BuiltIn::new("best-response", Box::new(Line(line.clone())));
    let mut b = BuiltIn::new(player.name(), opponent);
    let mut money = (0, 0);
    let score = Referee::new(rules)
        .play_series(&mut a, &mut b, 1, |r| {
            money = r.money();
            Ok(())
        })
        .expect("built-in players start");
    let bets: Vec<String> = line.iter().map(ToString::to_string).collect();
    let verdict = if score.wins_a == 1 {
        "+1 (a win)"
    } else {
        "not a win"
    };
    Evidence::optimized_only(format!(
        "{verdict}; referee: {} against {}",
        money.0, money.1
    ))
    .measured(format!("A's bets: {}", bets.join(" ")))
}

/// The distinct start values over a grid of (T, R), e.g. `0`.
fn start_values(grid: &[(u64, u32)], value: impl Fn(Rules) -> String) -> String {
    let distinct: BTreeSet<String> = grid
        .iter()
        .map(|&(total, rounds)| value(Rules { total, rounds }))
        .collect();
    distinct.into_iter().collect::<Vec<_>>().join(" ")
}

/// The scaled game of YEN-102 and YEN-106: 10 units over 10 rounds.
const TEN_BY_TEN: Rules = Rules {
    total: 10,
    rounds: 10,
};

/// What YEN-011, YEN-102 and YEN-106 read of the scaled game T = R = 10,
/// each side computed once per process (as [`certified_table`] is): the
/// exact DP's start value and A's best reply to the DP's equilibrium for B,
/// and the naive recursion's start value and A's best reply to its own
/// equilibrium for B. Each best reply reuses its side's solved rounds: a
/// round's value and strategies are the same whether solved before or on
/// demand, so the numbers are those of separate solves.
pub(crate) struct TenByTen {
    /// The exact DP's value of the start.
    pub value: BigRational,
    /// The naive recursion's value of the start.
    pub naive_value: BigRational,
    /// The best score of A against the DP's equilibrium strategy for B.
    pub best_response: BigRational,
    /// The best score of A against the naive recursion's strategy for B.
    pub naive_best_response: BigRational,
}

/// The shared T = R = 10 results; the two sides run side by side.
pub(crate) fn ten_by_ten() -> &'static TenByTen {
    static TEN: OnceLock<TenByTen> = OnceLock::new();
    TEN.get_or_init(|| {
        let optimized = || {
            let mut solver = Solver::new();
            let value = solver.value(State::start(TEN_BY_TEN));
            let mut b = EquilibriumOpponent::with_solver(solver);
            (value, best_response(TEN_BY_TEN, &mut b, Goal::Score).value)
        };
        let naive = || {
            let mut search = naive::Search::new(scaled(TEN_BY_TEN), naive::Memo::BySituation);
            let value = search.value(&mut Vec::new());
            (value, search.best_response_of_a(&mut Vec::new()))
        };
        let ((value, best_response), (naive_value, naive_best_response)) =
            rayon::join(optimized, naive);
        TenByTen {
            value,
            naive_value,
            best_response,
            naive_best_response,
        }
    })
}

/// The naive solver's name for the game `rules` describes.
fn scaled(rules: Rules) -> ScaledGame {
    ScaledGame {
        total: rules.total,
        rounds: rules.rounds,
    }
}

/// `x (draws only vs y1,y2)` for each never-losing R = 2 first bet.
fn render_safe(safe: &[(u64, Vec<u64>)]) -> String {
    safe.iter()
        .map(|(x, draws)| {
            let d: Vec<String> = draws.iter().map(ToString::to_string).collect();
            format!("{x} (draws only vs {})", d.join(","))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The never-losing R = 2 first bets at `total`, found by both solvers.
fn two_round_safe_bets(total: u64) -> Evidence {
    Evidence::both(
        render_safe(&optimized::two_round_safe_bets(total)),
        render_safe(&naive::two_round_safe_bets(total)),
    )
}

pub(super) const CLAIMS: &[Claim] = &[
    Claim {
        id: "YEN-101",
        game: GameId::Yen,
        source: "000 §4; computed, not from the document",
        statement: "the value of the game at the start is 0 (a draw), for every T ≤ 6, R ≤ 5 \
                    (computed by both solvers, the start matrix game solved by the LP, not \
                    assumed from symmetry)",
        expected: "0",
        erratum: None,
        compute: || {
            let grid: Vec<(u64, u32)> = (1..=6)
                .flat_map(|t| (1..=5).map(move |r| (t, r)))
                .collect();
            Evidence::both(
                start_values(&grid, |r| format_ratio(&Solver::new().value(State::start(r)))),
                start_values(&grid, |r| format_ratio(&naive::value(scaled(r)))),
            )
        },
    },
    Claim {
        id: "YEN-102",
        game: GameId::Yen,
        source: "000 §4; computed, not from the document",
        statement: "the value of the scaled game T = 10, R = 10 at the start is 0 \
                    (computed by both solvers)",
        expected: "0",
        erratum: None,
        compute: || {
            let ten = ten_by_ten();
            Evidence::both(format_ratio(&ten.value), format_ratio(&ten.naive_value))
        },
    },
    Claim {
        id: "YEN-103",
        game: GameId::Yen,
        source: "000 §2",
        statement: "with 2 rounds the trivial strongest strategy is to bet half: at T = 10000 \
                    the only first bet that never loses is 5000, drawing only against 5000",
        expected: "5000 (draws only vs 5000)",
        erratum: None,
        compute: || two_round_safe_bets(10_000),
    },
    Claim {
        id: "YEN-104",
        game: GameId::Yen,
        source: "000 §2",
        statement: "with 2 rounds and an odd total, T = 9999: the first bets that never lose \
                    are 4999 and 5000, each drawing only against 4999 and 5000",
        expected: "4999 (draws only vs 4999,5000); 5000 (draws only vs 4999,5000)",
        erratum: None,
        compute: || two_round_safe_bets(9_999),
    },
    Claim {
        id: "YEN-105",
        game: GameId::Yen,
        source: "000 §2",
        statement: "with 2 rounds, for every T in 1..=300: the never-losing first bets are \
                    exactly T/2 (even T) or (T−1)/2 and (T+1)/2 (odd T), and the value is 0, \
                    so they are optimal",
        expected: "holds",
        erratum: None,
        compute: || {
            let check = |safe: fn(u64) -> Vec<(u64, Vec<u64>)>,
                         value: &dyn Fn(Rules) -> BigRational| {
                for t in 1..=300u64 {
                    let bets: Vec<u64> = safe(t).into_iter().map(|(x, _)| x).collect();
                    let expected = if t % 2 == 0 {
                        vec![t / 2]
                    } else {
                        vec![t / 2, t.div_ceil(2)]
                    };
                    if bets != expected {
                        return format!("fails at T = {t}: {bets:?}");
                    }
                    if t <= 40 {
                        let v = value(Rules {
                            total: t,
                            rounds: 2,
                        });
                        if v != num_traits::Zero::zero() {
                            return format!("value {} at T = {t}", format_ratio(&v));
                        }
                    }
                }
                "holds".to_string()
            };
            Evidence::both(
                check(optimized::two_round_safe_bets, &|r| {
                    Solver::new().value(State::start(r))
                }),
                check(naive::two_round_safe_bets, &|r| naive::value(scaled(r))),
            )
        },
    },
    Claim {
        id: "YEN-106",
        game: GameId::Yen,
        source: "000 §4; computed, not from the document",
        statement: "no strategy guarantees more than 0 (§4: \"全ての戦略に勝つという最強な戦略はなさそう\"): at T = 10, R = 10 the best any strategy \
                    of A scores against B's computed equilibrium strategy (expectimax over all of \
                    A's bets, not the LP values) is exactly 0; the naive solver the same against \
                    its own equilibrium strategy of B",
        expected: "0",
        erratum: None,
        compute: || {
            let ten = ten_by_ten();
            Evidence::both(
                format_ratio(&ten.best_response),
                format_ratio(&ten.naive_best_response),
            )
        },
    },
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
    Claim {
        id: "YEN-111",
        game: GameId::Yen,
        source: "000 §3; computed, not from the document",
        statement: "T = 10,000 yen, R = 10, 1-yen units: the best response to always1000 scores \
                    +1 (a win, the most possible; a winning line by depth-first search), and the \
                    referee, playing that line against its own always1000, confirms the win",
        expected: "+1 (a win); referee: 14994 against 5006",
        erratum: None,
        compute: || paper_scale_best_response(DocumentPlayer::Always1000),
    },
    Claim {
        id: "YEN-112",
        game: GameId::Yen,
        source: "000 §3; computed, not from the document",
        statement: "T = 10,000 yen, R = 10, 1-yen units: the best response to minus1 scores +1 \
                    (a win, the most possible; a winning line by depth-first search), and the \
                    referee, playing that line against its own minus1, confirms the win",
        expected: "+1 (a win); referee: 19999 against 1",
        erratum: None,
        compute: || paper_scale_best_response(DocumentPlayer::Minus1),
    },
];
