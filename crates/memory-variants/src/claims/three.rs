//! Claims about three players (document 004 §4 item 2): every value here is
//! computed, not from the document, and each statement quotes the §4
//! sentence it answers. The count recurrence
//! ([`crate::variants::three::optimized`]) decides each
//! claim; the explicit-row search ([`ThreeRowSearch`]) decides it again for
//! N ≤ [`NAIVE_REACH`].

use super::variants::runs_or_none;
use super::{Claim, Evidence, GameId};
use crate::variants::three::naive::ThreeRowSearch;
use crate::variants::three::optimized::Value;
use crate::variants::three::optimized::{MaxN, Paranoid};
use crate::variants::three::packed::{max_n_starts_under, paranoid_starts_under, PackedThreeTable};
use crate::variants::three::{Mode, PassRule, ThreeState};
use num_rational::BigRational;
use num_traits::{ToPrimitive, Zero};
use std::sync::OnceLock;

/// The largest N the row search checks in a claim.
const NAIVE_REACH: usize = 5;
/// The largest N of the claims: the solver's whole range.
pub(crate) const THREE_REACH: usize = crate::variants::three::MAX_PAIRS;
/// From here on the trend claims measure N² times the small chances.
const TREND_FROM: usize = 20;

/// The max-n start values of N = 1..=[`THREE_REACH`], once per process
/// (the report's figure reads them too).
pub(crate) fn max_n() -> &'static [MaxN] {
    static STARTS: OnceLock<Vec<MaxN>> = OnceLock::new();
    STARTS.get_or_init(|| max_n_starts_under(PassRule::FullRound, THREE_REACH))
}

/// The paranoid start values of N = 1..=[`THREE_REACH`], once per process.
pub(crate) fn paranoid() -> &'static [Paranoid] {
    static STARTS: OnceLock<Vec<Paranoid>> = OnceLock::new();
    STARTS.get_or_init(|| paranoid_starts_under(PassRule::FullRound, THREE_REACH))
}

/// The max-n start values of N = 1..=[`THREE_REACH`] when two passes in a
/// row end the game, once per process.
fn max_n_two() -> &'static [MaxN] {
    static STARTS: OnceLock<Vec<MaxN>> = OnceLock::new();
    STARTS.get_or_init(|| max_n_starts_under(PassRule::TwoInARow, THREE_REACH))
}

/// The paranoid start values of N = 1..=[`THREE_REACH`] when two passes in
/// a row end the game, once per process.
fn paranoid_two() -> &'static [Paranoid] {
    static STARTS: OnceLock<Vec<Paranoid>> = OnceLock::new();
    STARTS.get_or_init(|| paranoid_starts_under(PassRule::TwoInARow, THREE_REACH))
}

/// The N ≤ [`THREE_REACH`] whose favoured seats (ties included) differ
/// between two lists of per-seat numbers.
fn favoured_differs(
    a: impl Fn(usize) -> Vec<BigRational>,
    b: impl Fn(usize) -> Vec<BigRational>,
) -> Vec<usize> {
    (1..=THREE_REACH)
        .filter(|&n| best_seats(&a(n)) != best_seats(&b(n)))
        .collect()
}

/// The paranoid guarantees, and each focal game's draw chance, at the
/// start by the row search.
fn naive_guarantees(
    search: &mut ThreeRowSearch,
    pairs: usize,
) -> (Vec<BigRational>, Vec<BigRational>) {
    let name = format!("F({pairs},0,0)");
    (0..3)
        .map(|place| {
            let g = search.state_guarantee(&name, 0, place).expect("a start");
            (g.payoff, g.draw)
        })
        .unzip()
}

/// The seats (1-based) holding the largest of `xs`.
fn best_seats(xs: &[BigRational]) -> Vec<usize> {
    let top = xs.iter().max().expect("three seats");
    (0..xs.len())
        .filter(|&i| xs[i] == *top)
        .map(|i| i + 1)
        .collect()
}

/// `seat 1: …; seat 2: …` (tied N listed as `tied: …`) for the start of
/// each N, from each N's three numbers.
fn favoured(values: impl Iterator<Item = (usize, Vec<BigRational>)>) -> String {
    let mut lists: [Vec<usize>; 4] = Default::default();
    for (n, xs) in values {
        match best_seats(&xs).as_slice() {
            [seat] => lists[seat - 1].push(n),
            _ => lists[3].push(n),
        }
    }
    let names = ["seat 1", "seat 2", "seat 3", "tied"];
    names
        .iter()
        .zip(&lists)
        .filter(|(_, ns)| !ns.is_empty())
        .map(|(who, ns)| format!("{who}: {}", runs_or_none(ns)))
        .collect::<Vec<_>>()
        .join("; ")
}

fn wins(v: &MaxN) -> Vec<BigRational> {
    v.wins.to_vec()
}

fn naive_max_n(search: &mut ThreeRowSearch, pairs: usize) -> Vec<BigRational> {
    search
        .state_max_n(&format!("F({pairs},0,0)"), 0)
        .expect("a start")
        .wins
        .to_vec()
}

fn naive_paranoid(search: &mut ThreeRowSearch, pairs: usize) -> Vec<BigRational> {
    let name = format!("F({pairs},0,0)");
    (0..3)
        .map(|place| search.state_paranoid(&name, 0, place).expect("a start"))
        .collect()
}

fn f6(x: &BigRational) -> String {
    format!("{:.6}", x.to_f64().unwrap_or(f64::NAN))
}

fn square(n: usize) -> f64 {
    let n = f64::from(u32::try_from(n).expect("small"));
    n * n
}

/// `[lo, hi]` of N²·x over the N ≥ [`TREND_FROM`] of one residue mod 3.
fn scaled_range(residue: usize, x: impl Fn(&MaxN) -> BigRational) -> (f64, f64) {
    let xs: Vec<f64> = (TREND_FROM..=THREE_REACH)
        .filter(|n| n % 3 == residue)
        .map(|n| square(n) * x(&max_n()[n - 1]).to_f64().unwrap_or(f64::NAN))
        .collect();
    let lo = xs.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = xs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    (lo, hi)
}

/// MEM-110's answer: seat 1 for N = 1 and every N ≡ 1 (mod 3) from 7,
/// seat 2 for the rest; seat 3 never.
const MAX_N_FAVOURED: &str = "seat 1: 1, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34, 37, 40, 43, 46, \
                              49, 52, 55, 58, 61, 64, 67, 70, 73, 76, 79, 82, 85, 88, 91, 94, 97, \
                              100; seat 2: 2-6, 8-9, 11-12, 14-15, 17-18, 20-21, 23-24, 26-27, \
                              29-30, 32-33, 35-36, 38-39, 41-42, 44-45, 47-48, 50-51, 53-54, \
                              56-57, 59-60, 62-63, 65-66, 68-69, 71-72, 74-75, 77-78, 80-81, \
                              83-84, 86-87, 89-90, 92-93, 95-96, 98-99";

/// MEM-118: the packed recurrence `reproduce` runs against the row search,
/// the exact values of every state of n ≤ [`NAIVE_REACH`] under both modes
/// and both pass rules: max-n's three winning chances and draw, paranoid's
/// three guarantees and the draw chance of each focal game.
fn every_state() -> Evidence {
    let mut rows = Vec::new();
    for mode in Mode::ALL {
        for rule in PassRule::ALL {
            let packed = PackedThreeTable::build_under(mode, rule, NAIVE_REACH);
            let mut search = ThreeRowSearch::under(rule);
            for n in 1..=NAIVE_REACH {
                for ones_known in [0u8, 1] {
                    for m in 0..=n {
                        for k in 0..=n {
                            for passes in 0..rule.passes() {
                                let s = ThreeState {
                                    ones_known,
                                    n,
                                    m,
                                    k,
                                    passes,
                                };
                                if !s.exists_under(rule) {
                                    continue;
                                }
                                let fast = match packed.value(s) {
                                    Some(Value::MaxN(v)) => {
                                        format!(
                                            "{} {} {} {}",
                                            v.wins[0], v.wins[1], v.wins[2], v.draw
                                        )
                                    }
                                    Some(Value::Paranoid(v)) => (0..3)
                                        .map(|i| format!("{} {}", v.guaranteed[i], v.draws[i]))
                                        .collect::<Vec<_>>()
                                        .join(" "),
                                    None => "none".to_string(),
                                };
                                let slow = match mode {
                                    Mode::MaxN => search.state_max_n(&s.name(), passes).map(|v| {
                                        format!(
                                            "{} {} {} {}",
                                            v.wins[0], v.wins[1], v.wins[2], v.draw
                                        )
                                    }),
                                    Mode::Paranoid => (0..3)
                                        .map(|place| {
                                            search
                                                .state_guarantee(&s.name(), passes, place)
                                                .map(|g| format!("{} {}", g.payoff, g.draw))
                                        })
                                        .collect::<Result<Vec<_>, _>>()
                                        .map(|parts| parts.join(" ")),
                                }
                                .unwrap_or_else(|_| "none".to_string());
                                rows.push((format!("{mode}, {rule}: {s}"), fast, slow));
                            }
                        }
                    }
                }
            }
        }
    }
    super::every_state(
        &format!("every state of n ≤ {NAIVE_REACH} pairs, both modes, both pass rules"),
        &rows,
    )
}

/// Claims about three players, in the order SPEC.md lists them.
pub(super) const CLAIMS: &[Claim] = &[
    Claim {
        id: "MEM-110",
        game: GameId::Memory,
        source: "004 §4 item 2",
        statement: "computed, not from the document — §4: \"参加人数を 2 人より多くすることは\
                    当然の課題である\": three seats in fixed order, perfect shared memory, the 1s \
                    win, a full round of passes draws (⅓ each); max-n play (ties to the worse for \
                    the next seat, then fewer draws): which seat has the largest winning chance \
                    at the start, 1 ≤ N ≤ 100 (explicit row N ≤ 5)",
        expected: MAX_N_FAVOURED,
        erratum: None,
        compute: || {
            let all = favoured((1..=THREE_REACH).map(|n| (n, wins(&max_n()[n - 1]))));
            let part = favoured((1..=NAIVE_REACH).map(|n| (n, wins(&max_n()[n - 1]))));
            let mut search = ThreeRowSearch::new();
            let naive = favoured((1..=NAIVE_REACH).map(|n| (n, naive_max_n(&mut search, n))));
            Evidence::within(all, format!("N ≤ {NAIVE_REACH}"), part, naive)
        },
    },
    Claim {
        id: "MEM-111",
        game: GameId::Memory,
        source: "004 §4 items 1, 2",
        statement:
            "computed, not from the document — §4: \"パスが増えると引き分けが多くなる\" with \
                    three players (max-n): the draw probability at the start is 0 for N ≤ 3, at \
                    least 0.85 for 4 ≤ N ≤ 100, and at N = 26 (a 52-card deck)",
        expected: "0 for N ≤ 3: yes; ≥ 0.85 for 4 ≤ N ≤ 100: yes; N = 26: 0.997689",
        erratum: None,
        compute: || {
            let zero = (1..=3).all(|n| max_n()[n - 1].draw.is_zero());
            let floor = BigRational::new(85.into(), 100.into());
            let high = (4..=THREE_REACH).all(|n| max_n()[n - 1].draw >= floor);
            let mut search = ThreeRowSearch::new();
            let naive_zero = (1..=3).all(|n| {
                search
                    .state_max_n(&format!("F({n},0,0)"), 0)
                    .expect("a start")
                    .draw
                    .is_zero()
            });
            let say = |zero: bool, high: Option<bool>| {
                let mut s = format!("0 for N ≤ 3: {}", if zero { "yes" } else { "no" });
                if let Some(high) = high {
                    s += &format!(
                        "; ≥ 0.85 for 4 ≤ N ≤ {THREE_REACH}: {}; N = 26: {}",
                        if high { "yes" } else { "no" },
                        f6(&max_n()[25].draw)
                    );
                }
                s
            };
            Evidence::within(
                say(zero, Some(high)),
                "N ≤ 3",
                say(zero, None),
                say(naive_zero, None),
            )
        },
    },
    Claim {
        id: "MEM-112",
        game: GameId::Memory,
        source: "004 §4 item 2",
        statement: "computed, not from the document — §4: \"プレイヤーを増やすことで戦略選択は\
                    複雑になる\": where the favoured seat (max-n) changes: from N = 5 to 100 it \
                    follows N mod 3, seat 1 exactly when N ≡ 1 (mod 3), seat 2 otherwise",
        expected: "holds",
        erratum: None,
        compute: || {
            let ok = (5..=THREE_REACH).all(|n| {
                let want = if n % 3 == 1 { 1 } else { 2 };
                best_seats(&wins(&max_n()[n - 1])) == [want]
            });
            Evidence::optimized_only(if ok { "holds" } else { "fails" })
        },
    },
    Claim {
        id: "MEM-113",
        game: GameId::Memory,
        source: "004 §4 item 2, §3.3",
        statement: "computed, not from the document — the trend of three-player max-n play: the \
                    chance that anyone wins shrinks like N⁻², N²·(1 − draw) ∈ [0.5, 0.6] for \
                    N ≡ 1 (mod 3), ∈ [1.5, 1.6] for N ≡ 2 and ∈ [3.0, 3.3] for N ≡ 0, \
                    N = 20..100; seat 1's winning chance N²·win₁ ∈ [0.5, 0.53] for every such N",
        expected: "holds",
        erratum: None,
        compute: || {
            let not_drawn = |v: &MaxN| BigRational::from_integer(1.into()) - &v.draw;
            let first = |v: &MaxN| v.wins[0].clone();
            let one = scaled_range(1, not_drawn);
            let others = [scaled_range(0, not_drawn), scaled_range(2, not_drawn)];
            let seat1 = [0, 1, 2].map(|r| scaled_range(r, first));
            let inside = |(lo, hi): (f64, f64), a: f64, b: f64| a <= lo && hi <= b;
            let ok = inside(one, 0.5, 0.6)
                && inside(others[0], 3.0, 3.3)
                && inside(others[1], 1.5, 1.6)
                && seat1.iter().all(|&r| inside(r, 0.5, 0.53));
            Evidence::optimized_only(if ok { "holds" } else { "fails" }).measured(format!(
                "N²·(1 − draw), N = {TREND_FROM}..{THREE_REACH}: N ≡ 1: {:.3}..{:.3}; \
                 N ≡ 0: {:.3}..{:.3}; N ≡ 2: {:.3}..{:.3}; N²·win₁: {:.3}..{:.3}",
                one.0,
                one.1,
                others[0].0,
                others[0].1,
                others[1].0,
                others[1].1,
                seat1.iter().map(|r| r.0).fold(f64::INFINITY, f64::min),
                seat1.iter().map(|r| r.1).fold(f64::NEG_INFINITY, f64::max),
            ))
        },
    },
    Claim {
        id: "MEM-114",
        game: GameId::Memory,
        source: "004 §4 item 2",
        statement: "computed, not from the document — §4: \"1 位になることを諦めたプレイヤーが…\
                    考えることもあり得る\": each seat against a coalition of the other two \
                    (paranoid): which seat can guarantee the most at the start, 1 ≤ N ≤ 100 \
                    (explicit row N ≤ 5), and the three guarantees at N = 26",
        expected: "seat 1: 1, 5, 12, 16; seat 2: 2-4, 6-11, 13-15, 17-100; N = 26: 0.251872, \
                   0.252241, 0.252112",
        erratum: None,
        compute: || {
            let g = |n: usize| paranoid()[n - 1].guaranteed.to_vec();
            let all = favoured((1..=THREE_REACH).map(|n| (n, g(n))));
            let at26 = g(26).iter().map(f6).collect::<Vec<_>>().join(", ");
            let part = favoured((1..=NAIVE_REACH).map(|n| (n, g(n))));
            let mut search = ThreeRowSearch::new();
            let naive = favoured((1..=NAIVE_REACH).map(|n| (n, naive_paranoid(&mut search, n))));
            Evidence::within(
                format!("{all}; N = 26: {at26}"),
                format!("N ≤ {NAIVE_REACH}"),
                part,
                naive,
            )
        },
    },
    Claim {
        id: "MEM-115",
        game: GameId::Memory,
        source: "004 §4 item 2, §5",
        statement: "computed, not from the document — does the paper's \"後攻がやや有利\" (§5) \
                    carry to the last of three seats? The N ≤ 100 at which seat 3 has the largest \
                    winning chance (max-n) or the largest guarantee (paranoid), ties included",
        expected: "max-n: none; paranoid: none",
        erratum: None,
        compute: || {
            let last = |xs: Vec<BigRational>| best_seats(&xs).contains(&3);
            let max_n_ns: Vec<usize> = (1..=THREE_REACH)
                .filter(|&n| last(wins(&max_n()[n - 1])))
                .collect();
            let par_ns: Vec<usize> = (1..=THREE_REACH)
                .filter(|&n| last(paranoid()[n - 1].guaranteed.to_vec()))
                .collect();
            Evidence::optimized_only(format!(
                "max-n: {}; paranoid: {}",
                runs_or_none(&max_n_ns),
                runs_or_none(&par_ns)
            ))
        },
    },
    Claim {
        id: "MEM-116",
        game: GameId::Memory,
        source: "004 §4 items 1, 2",
        statement: "computed, not from the document — §4: \"パス戦略に何らかの制限を加えることが\
                    必要である\" with three seats: when two passes in a row (not a full round) end \
                    the game, which seat is favoured at the start, 1 ≤ N ≤ 100 (explicit row \
                    N ≤ 5), and where that differs from the full-round rule: max-n (largest \
                    winning chance) and paranoid (largest guarantee)",
        expected: "max-n: every start value as under a full round; paranoid: seat 1: 1; \
                   seat 2: 2-3, 5-6, 9-10, 12-14, 16-17, 20-21, 23-25, 27-28, 30-32, 34-100; \
                   seat 3: 4, 7-8, 11, 15, 18-19, 22, 26, 29, 33; favoured seat differs from a \
                   full round at N = 4-5, 7-8, 11-12, 15-16, 18-19, 22, 26, 29, 33",
        erratum: None,
        compute: || {
            let same = (0..THREE_REACH).all(|i| max_n()[i] == max_n_two()[i]);
            let g = |n: usize| paranoid_two()[n - 1].guaranteed.to_vec();
            let all = favoured((1..=THREE_REACH).map(|n| (n, g(n))));
            let differ = favoured_differs(g, |n| paranoid()[n - 1].guaranteed.to_vec());
            let head = |same: bool| {
                if same {
                    "max-n: every start value as under a full round"
                } else {
                    "max-n: start values differ from a full round"
                }
            };
            let part = favoured((1..=NAIVE_REACH).map(|n| (n, g(n))));
            let mut search = ThreeRowSearch::under(PassRule::TwoInARow);
            let mut full = ThreeRowSearch::new();
            let naive_same = (1..=NAIVE_REACH).all(|n| {
                let name = format!("F({n},0,0)");
                search.state_max_n(&name, 0).expect("a start")
                    == full.state_max_n(&name, 0).expect("a start")
            });
            let naive =
                favoured((1..=NAIVE_REACH).map(|n| (n, naive_guarantees(&mut search, n).0)));
            let opt_same = (0..NAIVE_REACH).all(|i| max_n()[i] == max_n_two()[i]);
            Evidence::within(
                format!(
                    "{}; paranoid: {all}; favoured seat differs from a full round at N = {}",
                    head(same),
                    runs_or_none(&differ)
                ),
                format!("N ≤ {NAIVE_REACH}"),
                format!("{}; paranoid: {part}", head(opt_same)),
                format!("{}; paranoid: {naive}", head(naive_same)),
            )
        },
    },
    Claim {
        id: "MEM-117",
        game: GameId::Memory,
        source: "004 §4 items 1, 2",
        statement: "computed, not from the document — §4: \"パスが増えると引き分けが多くなる\" \
                    against a coalition: the draw probability of each seat's paranoid game at \
                    the start (the seat and the coalition each taking fewer draws at an equal \
                    guarantee), 1 ≤ N ≤ 100 (explicit row N ≤ 5): the N where some seat's game \
                    can be drawn, under a full round of passes and under two passes in a row, \
                    and the three draw chances at N = 26 under two passes",
        expected: "a full round: none; two passes: 4-100; two passes, N = 26: 0.008335, \
                   0.008324, 0.008319",
        erratum: None,
        compute: || {
            let drawn = |starts: &[Paranoid], to: usize| -> Vec<usize> {
                (1..=to)
                    .filter(|&n| starts[n - 1].draws.iter().any(|d| !d.is_zero()))
                    .collect()
            };
            let at26 = paranoid_two()[25]
                .draws
                .iter()
                .map(f6)
                .collect::<Vec<_>>()
                .join(", ");
            let say = |full: &[usize], two: &[usize]| {
                format!(
                    "a full round: {}; two passes: {}",
                    runs_or_none(full),
                    runs_or_none(two)
                )
            };
            let part = say(
                &drawn(paranoid(), NAIVE_REACH),
                &drawn(paranoid_two(), NAIVE_REACH),
            );
            let naive_drawn = |rule: PassRule| -> Vec<usize> {
                let mut search = ThreeRowSearch::under(rule);
                (1..=NAIVE_REACH)
                    .filter(|&n| {
                        naive_guarantees(&mut search, n)
                            .1
                            .iter()
                            .any(|d| !d.is_zero())
                    })
                    .collect()
            };
            let naive = say(
                &naive_drawn(PassRule::FullRound),
                &naive_drawn(PassRule::TwoInARow),
            );
            Evidence::within(
                format!(
                    "{}; two passes, N = 26: {at26}",
                    say(
                        &drawn(paranoid(), THREE_REACH),
                        &drawn(paranoid_two(), THREE_REACH)
                    )
                ),
                format!("N ≤ {NAIVE_REACH}"),
                part,
                naive,
            )
        },
    },
    Claim {
        id: "MEM-118",
        game: GameId::Memory,
        source: "004 §4 item 2",
        statement: "computed, not from the document — naive = optimized, exactly: on every state \
                    of n ≤ 5 pairs under max-n and paranoid play and both pass rules, the packed \
                    recurrence MEM-110..117 run and the explicit-row search give the same exact \
                    values (max-n: the three winning chances and the draw; paranoid: each seat's \
                    guarantee and the draw chance of its game; compared as digests)",
        expected: "holds",
        erratum: None,
        compute: every_state,
    },
];
