//! Published claims of the memory game with a special pair (document 004,
//! Sakamoto & Shinoda).
//!
//! Each statement is written once, in `games::memory::statements` (or
//! `printed`, or the walks of `solved`), over a solved game
//! ([`Solved`](crate::games::memory::solved::Solved)), and asked of the §2.1
//! recurrence over its whole range and of both solvers — the recurrence and
//! the explicit-row search — on every state it speaks of with n ≤
//! [`NAIVE_REACH`] ([`within_naive_reach`]): the two must find the same
//! failures there. The row search shares nothing with the recurrence but the
//! state names (`F(n,m,k)`, `G(n,m,k)`), read through their text. Results
//! render as `holds` or as the states where they fail, so a failure shows
//! exactly where.

use super::{Claim, Erratum, Evidence, GameId};
use crate::games::memory::analysis::{self, FTendency, GTendency, Tendency};
use crate::games::memory::naive::{self, Search};
use crate::games::memory::optimized::{exact_table, Extent, Table};
use crate::games::memory::solved::{self, Reading, Recurrence, Rows, Solved};
use crate::games::memory::{printed, statements, State};
use crate::solve::exact::half;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive};
use std::sync::{Mutex, OnceLock};

/// The largest n at which the explicit-row search checks a claim: every
/// claim with a witness up to this size gets a naive half (N = 8 takes
/// seconds; see SPEC.md).
const NAIVE_REACH: usize = 8;

/// A table shared by the claims of one run (built on first use, never
/// stored between runs).
macro_rules! shared_table {
    ($name:ident, $v:ty, $build:expr) => {
        fn $name() -> &'static Table<$v> {
            static T: OnceLock<Table<$v>> = OnceLock::new();
            T.get_or_init(|| $build)
        }
    };
}
shared_table!(full_30, BigRational, exact_table(30, Extent::Full, true));
shared_table!(
    reduced_100,
    BigRational,
    exact_table(100, Extent::Reduced, true)
);
// The recurrence on every state within the row search's reach, with its
// optimal options: the optimized half of `within_naive_reach`.
shared_table!(
    near,
    BigRational,
    exact_table(NAIVE_REACH, Extent::Reduced, true)
);
// Every state, reduced or not, within reach: Proposition 2.1's near half.
shared_table!(
    full_near,
    BigRational,
    exact_table(NAIVE_REACH, Extent::Full, false)
);
shared_table!(float_1000, f64, Table::build(1000, Extent::Reduced, false));

/// The recurrence on `table`.
fn rec(table: &Table<BigRational>) -> Recurrence<'_> {
    Recurrence::new(table)
}

/// `check` asked of the explicit-row search of the run: one search, whose
/// memory is by row shape and serves every size, so later claims reuse what
/// earlier ones worked out.
fn rows<T>(check: impl FnOnce(&mut Rows<'_, 'static>) -> T) -> T {
    static S: OnceLock<Mutex<Search<'static>>> = OnceLock::new();
    let mut search = S
        .get_or_init(|| Mutex::new(Search::new()))
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    check(&mut Rows::new(&mut search))
}

/// Evidence for a statement checked by the recurrence over its whole range
/// (`full`) and by both solvers on the states with n ≤ [`NAIVE_REACH`]
/// (`optimized_near`, `naive_near`, rendered alike). The claim's computed
/// cell is the full-range result; naive = optimized means that the two
/// solvers find the same within the row search's reach ([`Evidence::within`]).
fn within_naive_reach(full: String, optimized_near: &str, naive_near: &str) -> Evidence {
    Evidence::within(
        full,
        format!("n ≤ {NAIVE_REACH}"),
        optimized_near,
        naive_near,
    )
}

/// A state's value by the recurrence and by the search on its row.
fn state_value(state: Result<State, crate::games::memory::InvalidState>) -> Evidence {
    let state = state.expect("claim states are valid");
    Evidence::both(rec(full_30()).value(state), rows(|r| r.value(state)))
}

/// `holds`, or the failures listed.
fn holds(failures: &[String]) -> String {
    if failures.is_empty() {
        "holds".to_string()
    } else {
        let shown: Vec<&str> = failures.iter().take(10).map(String::as_str).collect();
        format!("fails ({}): {}", failures.len(), shown.join("; "))
    }
}

fn tendency(t: &Tendency) -> String {
    if t.failures.is_empty() {
        "holds".to_string()
    } else {
        t.summary(10)
    }
}

/// `holds`, or `N = n` for each failing n.
fn holds_at(failures: impl IntoIterator<Item = usize>) -> String {
    holds(
        &failures
            .into_iter()
            .map(|n| format!("N = {n}"))
            .collect::<Vec<_>>(),
    )
}

/// The evidence, with `reason` where there is one.
fn because(evidence: Evidence, reason: Option<String>) -> Evidence {
    match reason {
        Some(reason) => evidence.because(reason),
        None => evidence,
    }
}

/// A §3.1 tendency: the recurrence on every G(n,k) with n ≤ 100, and both
/// solvers on those with n ≤ [`NAIVE_REACH`]; where it fails, where its
/// failures lie and what is optimal there as the reason.
fn g_tendency_evidence(which: GTendency) -> Evidence {
    let full = statements::g_tendency(&mut rec(reduced_100()), 100, which);
    because(
        within_naive_reach(
            tendency(&full),
            &tendency(&statements::g_tendency(
                &mut rec(near()),
                NAIVE_REACH,
                which,
            )),
            &tendency(&rows(|r| statements::g_tendency(r, NAIVE_REACH, which))),
        ),
        full.pattern(),
    )
}

/// A §3.2 tendency: the recurrence on every F(n,m,k), m ≤ 1, n ≤ 100, and
/// both solvers on those with n ≤ [`NAIVE_REACH`].
fn f_tendency_evidence(which: FTendency) -> Evidence {
    let full = statements::f_tendency(&mut rec(reduced_100()), 100, which);
    because(
        within_naive_reach(
            tendency(&full),
            &tendency(&statements::f_tendency(
                &mut rec(near()),
                NAIVE_REACH,
                which,
            )),
            &tendency(&rows(|r| statements::f_tendency(r, NAIVE_REACH, which))),
        ),
        full.pattern(),
    )
}

/// How many F(n,1,k) [`statements::keeping_the_pair_pays`] found, of how many.
fn pair_pays_at((count, states): (usize, usize)) -> String {
    format!("{count} of {states} F(n,1,k)")
}

/// Whether the float table's `N^power (1/2 − f(N,0,0))` approaches `limit`
/// ([`statements::approaches`]), with the gaps measured.
fn approaches(power: u32, odd: bool, limit: f64, limit_text: &str) -> Evidence {
    let (yes, measured) = statements::approaches(float_1000(), power, odd, limit);
    let verdict = if yes {
        limit_text.to_string()
    } else {
        format!("does not approach {limit_text}")
    };
    Evidence::optimized_only(verdict).measured(measured)
}

/// `holds`, or the failing N as ranges (`fails at N = 5–100`).
fn render_sizes(bad: &[usize]) -> String {
    if bad.is_empty() {
        return "holds".to_string();
    }
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for &n in bad {
        match runs.last_mut() {
            Some((_, end)) if *end + 1 == n => *end = n,
            _ => runs.push((n, n)),
        }
    }
    let shown: Vec<String> = runs
        .iter()
        .map(|&(a, b)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a}–{b}")
            }
        })
        .collect();
    format!("fails at N = {}", shown.join(", "))
}

fn arrow_line(line: &[State]) -> String {
    line.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" → ")
}

/// Why §3.2's "no F state with a known pair" fails, from the recurrence.
fn known_pair_reason(bad: &[usize]) -> Option<String> {
    let &first = bad.first()?;
    let start = rec(reduced_100()).start(first);
    let (line, options) = solved::known_pair_line(reduced_100(), start);
    let last_free = line
        .len()
        .checked_sub(2)
        .map(|i| line[i].to_string())
        .unwrap_or_default();
    Some(format!(
        "at N = {first} no choice among tied optimal options avoids it, e.g. {} (optimal at \
         {last_free}: {options})",
        arrow_line(&line)
    ))
}

/// `O(N⁻¹)` when N·p(N), the largest probability over optimal play that a 1
/// shows in the first turn of 甲 or 乙, changes by less than 1% between the
/// last two of N = 24, 48, 96 and of N = 25, 49, 99 (the reduced table).
fn early_one_rate() -> Evidence {
    let mut play = rec(reduced_100());
    let mut memo = std::collections::HashMap::new();
    let mut measured = Vec::new();
    let mut settled = true;
    for sizes in [[24usize, 48, 96], [25, 49, 99]] {
        let values: Vec<f64> = sizes
            .iter()
            .map(|&n| {
                let start = play.start(n);
                let p = solved::early_one_probability(&mut play, &start, 0, &mut memo);
                (p * BigRational::from_integer(n.into()))
                    .to_f64()
                    .expect("finite")
            })
            .collect();
        settled &= (values[2] - values[1]).abs() < 0.01 * values[2];
        measured.extend(
            sizes
                .iter()
                .zip(&values)
                .map(|(n, v)| format!("{v:.4} at N = {n}")),
        );
    }
    let verdict = if settled {
        "O(N⁻¹)"
    } else {
        "not O(N⁻¹)"
    };
    Evidence::within(
        verdict,
        format!("p(N), N ≤ {NAIVE_REACH}"),
        solved::early_one_probabilities(&mut rec(near()), NAIVE_REACH),
        rows(|r| solved::early_one_probabilities(r, NAIVE_REACH)),
    )
    .measured(format!("N·p(N): {}", measured.join(", ")))
}

pub(super) const CLAIMS: &[Claim] = &[
    Claim {
        id: "MEM-001",
        game: GameId::Memory,
        source: "004 §2.1",
        statement: "f(2,0,0): the first player's expected points with 2 pairs",
        expected: "1/3",
        erratum: None,
        compute: || state_value(State::f(2, 0, 0)),
    },
    Claim {
        id: "MEM-002",
        game: GameId::Memory,
        source: "004 §2.1",
        statement: "g(2,0,1): 2 pairs, one 1 known",
        expected: "2/3",
        erratum: None,
        compute: || state_value(State::g(2, 0, 1)),
    },
    Claim {
        id: "MEM-003",
        game: GameId::Memory,
        source: "004 §2.2",
        statement: "f(3,0,1): after taking the 2s in the example",
        expected: "1/3",
        erratum: Some(Erratum { corrected: "13/30" }),
        compute: || {
            let evidence = state_value(State::f(3, 0, 1));
            let value: BigRational = evidence.computed.parse().expect("a value p/q");
            let stands = if value < half() { "still below" } else { "not below" };
            let reason = format!(
                "f(3,0,1) = {value} by both solvers, {stands} 1/2, so §2.2's comparison with \
                 1 − f(4,1,1) = 1/2 {} stands",
                if value < half() { "still" } else { "no longer" }
            );
            evidence.because(reason)
        },
    },
    Claim {
        id: "MEM-004",
        game: GameId::Memory,
        source: "004 §2.2",
        statement: "f(4,1,1): so passing instead of taking the 2s gives 1 − f(4,1,1) = 1/2",
        expected: "1/2",
        erratum: None,
        compute: || state_value(State::f(4, 1, 1)),
    },
    Claim {
        id: "MEM-005",
        game: GameId::Memory,
        source: "004 §2.2",
        statement: "f(4,0,2): both players pass, a draw",
        expected: "1/2",
        erratum: None,
        compute: || state_value(State::f(4, 0, 2)),
    },
    Claim {
        id: "MEM-006",
        game: GameId::Memory,
        source: "004 §2.1",
        statement: "g(n,m,n−m) = 1 for 0 ≤ m ≤ n−1 (recurrence n ≤ 30; explicit row n ≤ 8)",
        expected: "holds",
        erratum: None,
        compute: || {
            within_naive_reach(
                holds(&statements::known_wins(&mut rec(full_30()), 30)),
                &holds(&statements::known_wins(&mut rec(full_30()), NAIVE_REACH)),
                &holds(&rows(|r| statements::known_wins(r, NAIVE_REACH))),
            )
        },
    },
    Claim {
        id: "MEM-007",
        game: GameId::Memory,
        source: "004 §2.3 Prop. 2.1",
        statement: "(1) m+k ≥ 2 ⇒ f ≥ 1/2; m ≥ 2 ⇒ f(n,m,k) = f(n−m+2,2,k); (2) g(n,m,k) = g(n−m,0,k) ≥ 1/2; every state n ≤ 30",
        expected: "holds",
        erratum: None,
        compute: || {
            within_naive_reach(
                holds(&statements::proposition_2_1(&mut rec(full_30()), 30)),
                &holds(&statements::proposition_2_1(&mut rec(full_near()), NAIVE_REACH)),
                &holds(&rows(|r| statements::proposition_2_1(r, NAIVE_REACH))),
            )
        },
    },
    Claim {
        id: "MEM-008",
        game: GameId::Memory,
        source: "004 §2.3 Lemma 2.2, (2.1)",
        statement: "1/2 ≤ g(n,0,1) ≤ n/(2n−1) for n ≤ 100",
        expected: "holds",
        erratum: None,
        compute: || {
            Evidence::optimized_only(holds(&analysis::lemma_2_2_and_inequality_2_1(
                reduced_100(),
            )))
        },
    },
    Claim {
        id: "MEM-009",
        game: GameId::Memory,
        source: "004 §2.3 proof of (2.1)",
        statement: "the proof's bound on g(n,0,2) holds in the printed direction 'g(n,0,2) ≥ …' for 3 ≤ n ≤ 100",
        expected: "holds",
        erratum: Some(Erratum {
            corrected: "fails at 47 of 98 n (first n = 7); '≤' holds for every n",
        }),
        compute: || {
            let (fails_ge, fails_le) = analysis::proof_of_2_1_direction(reduced_100());
            let reason = format!(
                "g(n,0,2) is below the bound at {} and above it at {} of the n = 3..100: \
                 the inequality runs '≤', the direction the next step of the proof uses",
                fails_ge.len(),
                fails_le.len()
            );
            Evidence::optimized_only(match (fails_ge.is_empty(), fails_le.is_empty()) {
                (true, _) => "holds".to_string(),
                (false, true) => format!(
                    "fails at {} of 98 n (first n = {}); '≤' holds for every n",
                    fails_ge.len(),
                    fails_ge[0]
                ),
                (false, false) => format!("neither direction holds for every n: ≥ fails at {fails_ge:?}, ≤ fails at {fails_le:?}"),
            })
            .because(reason)
        },
    },
    Claim {
        id: "MEM-010",
        game: GameId::Memory,
        source: "004 §2.3 Prop. 2.3",
        statement: "1/2 ≤ g(n,k) ≤ 1/2 + 1/(2n−2k+1) and g(n,k) + g(n,k+1) ≥ 1 + 1/(2(2n−k)), n ≤ 100",
        expected: "holds",
        erratum: None,
        compute: || Evidence::optimized_only(holds(&analysis::proposition_2_3(reduced_100()))),
    },
    Claim {
        id: "MEM-011",
        game: GameId::Memory,
        source: "004 §2.3",
        statement: "the three-option (0/1/2-ply) recurrence for g(n,k) equals the full recurrence, n ≤ 100",
        expected: "holds",
        erratum: None,
        compute: || {
            Evidence::optimized_only(holds(&analysis::three_option_recurrence(reduced_100())))
        },
    },
    Claim {
        id: "MEM-012",
        game: GameId::Memory,
        source: "004 §3.1, Assumption 1",
        statement: "G(n,k), n−k even: 1-ply is optimal (n ≤ 100; explicit row n ≤ 8)",
        expected: "holds",
        erratum: None,
        compute: || g_tendency_evidence(GTendency::EvenOnePly),
    },
    Claim {
        id: "MEM-013",
        game: GameId::Memory,
        source: "004 §3.1",
        statement: "G(n,k), n−k odd, k < (2n+1)/3: 2-ply is optimal (n ≤ 100; explicit row n ≤ 8)",
        expected: "holds",
        erratum: Some(Erratum {
            corrected: "fails at 3 of 1667 states: G(4,1), G(6,1), G(7,2)",
        }),
        compute: || g_tendency_evidence(GTendency::OddSmallTwoPly),
    },
    Claim {
        id: "MEM-014",
        game: GameId::Memory,
        source: "004 §3.1",
        statement: "G(n,k), n−k odd, k ≥ (2n+1)/3: 0-ply is optimal (n ≤ 100; explicit row n ≤ 8)",
        expected: "holds",
        erratum: Some(Erratum {
            corrected: "fails at 32 of 833 states: G(4,3), G(10,7), G(11,8), G(16,11), G(17,12), \
                        G(22,15), G(23,16), G(28,19), G(29,20), G(34,23), …",
        }),
        compute: || g_tendency_evidence(GTendency::OddLargeZeroPly),
    },
    Claim {
        id: "MEM-015",
        game: GameId::Memory,
        source: "004 §3.1 Assumption 2",
        statement: "G(n,k), n−k odd: 0-ply or 2-ply is optimal (n ≤ 100; explicit row n ≤ 8)",
        expected: "holds",
        erratum: Some(Erratum {
            corrected: "fails at 3 of 2500 states: G(4,1), G(6,1), G(7,2)",
        }),
        compute: || g_tendency_evidence(GTendency::OddZeroOrTwo),
    },
    Claim {
        id: "MEM-016",
        game: GameId::Memory,
        source: "004 §3.2",
        statement: "k ≥ 1 ⇒ f(n,2,k) = f(n−1,1,k) (n ≤ 100)",
        expected: "holds",
        erratum: None,
        compute: || {
            within_naive_reach(
                tendency(&statements::two_pairs_keep_one(&mut rec(reduced_100()), 100)),
                &tendency(&statements::two_pairs_keep_one(&mut rec(near()), NAIVE_REACH)),
                &tendency(&rows(|r| statements::two_pairs_keep_one(r, NAIVE_REACH))),
            )
        },
    },
    Claim {
        id: "MEM-017",
        game: GameId::Memory,
        source: "004 §3.2",
        statement: "many (n,k) have f(n,1,k) > f(n−1,0,k): taking the only known pair can lose (n ≤ 100)",
        expected: "holds",
        erratum: None,
        compute: || {
            let (count, _) = statements::keeping_the_pair_pays(&mut rec(reduced_100()), 100);
            within_naive_reach(
                if count > 0 { "holds" } else { "no such (n,k)" }.to_string(),
                &pair_pays_at(statements::keeping_the_pair_pays(&mut rec(near()), NAIVE_REACH)),
                &pair_pays_at(rows(|r| statements::keeping_the_pair_pays(r, NAIVE_REACH))),
            )
        },
    },
    Claim {
        id: "MEM-018",
        game: GameId::Memory,
        source: "004 §3.2",
        statement: "F(n,m,k), m ∈ {0,1}, n−m−k even, m+k ≥ 2: 0-ply is optimal (n ≤ 100; explicit row n ≤ 8)",
        expected: "holds",
        erratum: None,
        compute: || f_tendency_evidence(FTendency::EvenZeroPly),
    },
    Claim {
        id: "MEM-019",
        game: GameId::Memory,
        source: "004 §3.2",
        statement: "F(n,m,k), m ∈ {0,1}, n−m−k odd, k < (2n+1)/3, m+k ≥ 1: 1-ply is optimal (n ≤ 100; explicit row n ≤ 8)",
        expected: "holds",
        erratum: Some(Erratum {
            corrected: "fails at 32 of 3383 states: F(5,1,3), F(6,1,4), F(11,1,7), F(12,1,8), \
                        F(17,1,11), F(18,1,12), F(23,1,15), F(24,1,16), F(29,1,19), F(30,1,20), …",
        }),
        compute: || f_tendency_evidence(FTendency::OddSmallOnePly),
    },
    Claim {
        id: "MEM-020",
        game: GameId::Memory,
        source: "004 §3.2",
        statement: "F(n,m,k), m ∈ {0,1}, n−m−k odd, k ≥ (2n+1)/3: 0-ply is optimal (n ≤ 100; explicit row n ≤ 8)",
        expected: "holds",
        erratum: None,
        compute: || f_tendency_evidence(FTendency::OddLargeZeroPly),
    },
    Claim {
        id: "MEM-021",
        game: GameId::Memory,
        source: "004 §3.2",
        statement: "first-move identity for f(N,0,0) via g(N,2), f(N−1,0,0), f(N,0,2), 2 ≤ N ≤ 100",
        expected: "holds",
        erratum: None,
        compute: || {
            let t = reduced_100();
            let failures: Vec<String> = (2..=100)
                .filter(|&n| analysis::first_move_identity(t, n) != t.f(n, 0, 0))
                .map(|n| format!("N = {n}"))
                .collect();
            Evidence::optimized_only(holds(&failures))
        },
    },
    Claim {
        id: "MEM-022",
        game: GameId::Memory,
        source: "004 §3.2, Fig. 3.3",
        statement: "N even: N²(1/2 − f(N,0,0)) → 1/4",
        expected: "1/4",
        erratum: None,
        compute: || approaches(2, false, 0.25, "1/4"),
    },
    Claim {
        id: "MEM-023",
        game: GameId::Memory,
        source: "004 §3.2, Fig. 3.2",
        statement: "N odd: N³(1/2 − f(N,0,0)) → 1/16",
        expected: "1/16",
        erratum: None,
        compute: || approaches(3, true, 1.0 / 16.0, "1/16"),
    },
    Claim {
        id: "MEM-024",
        game: GameId::Memory,
        source: "004 §3.1, Fig. 3.1",
        statement: "the two-term expansions of g(n,k) match g(100,k) to within 1/(10 n²) where n − k ≥ 20",
        expected: "holds",
        erratum: None,
        compute: || {
            let err = statements::expansion_error_g100(reduced_100());
            Evidence::optimized_only(if err < 0.1 {
                "holds".to_string()
            } else {
                format!("largest error {err:.3}/n²")
            })
        },
    },
    Claim {
        id: "MEM-025",
        game: GameId::Memory,
        source: "004 §3.3",
        statement: "the second player is favoured for every N: f(N,0,0) < 1/2 (2 ≤ N ≤ 100, explicit row N ≤ 8; N = 1 is a sure first-player win)",
        expected: "holds",
        erratum: Some(Erratum {
            corrected: "fails (1): N = 7",
        }),
        compute: || {
            let full = statements::first_player_not_behind(&mut rec(reduced_100()), 100);
            let near_at = |p: &mut dyn FnMut() -> Vec<(usize, BigRational)>| holds_at(p().into_iter().map(|(n, _)| n));
            let evidence = within_naive_reach(
                holds_at(full.iter().map(|(n, _)| *n)),
                &near_at(&mut || statements::first_player_not_behind(&mut rec(near()), NAIVE_REACH)),
                &near_at(&mut || rows(|r| statements::first_player_not_behind(r, NAIVE_REACH))),
            );
            let values: Vec<String> = full
                .iter()
                .map(|(n, f)| format!("f({n},0,0) = {f} {} 1/2", if *f > half() { ">" } else { "=" }))
                .collect();
            because(evidence, (!values.is_empty()).then(|| format!("{}: the first player is favoured there", values.join(", "))))
        },
    },
    Claim {
        id: "MEM-026",
        game: GameId::Memory,
        source: "004 §3.3",
        statement: "more so for even N: 1/2 − f(2M,0,0) exceeds it at 2M ± 1 (2M ≤ 98; explicit row 2M ≤ 6)",
        expected: "holds",
        erratum: Some(Erratum {
            corrected: "fails (1): N = 4",
        }),
        compute: || {
            let full = statements::even_exceptions(&mut rec(reduced_100()), 99);
            let evidence = within_naive_reach(
                holds_at(full.iter().map(|(n, _)| *n)),
                &holds_at(statements::even_exceptions(&mut rec(near()), NAIVE_REACH).into_iter().map(|(n, _)| n)),
                &holds_at(rows(|r| statements::even_exceptions(r, NAIVE_REACH)).into_iter().map(|(n, _)| n)),
            );
            let gap = |n: usize| half() - reduced_100().f(n, 0, 0);
            let reasons: Vec<String> = full
                .iter()
                .map(|&(n, m)| format!("1/2 − f({n},0,0) = {} is not above 1/2 − f({m},0,0) = {}", gap(n), gap(m)))
                .collect();
            because(evidence, (!reasons.is_empty()).then(|| reasons.join("; ")))
        },
    },
    Claim {
        id: "MEM-027",
        game: GameId::Memory,
        source: "004 §4 item 3",
        statement: "zero memory: the first player wins with probability 1/2 + 1/(8N²) + o(N⁻²)",
        expected: "1/2 + 1/(8N²)",
        erratum: None,
        compute: || {
            let (optimized, measured) = statements::zero_memory_asymptotics(analysis::zero_memory_first_player_wins);
            Evidence::both(optimized, statements::zero_memory_asymptotics(naive::zero_memory_first_player_wins).0)
                .measured(measured)
        },
    },
    Claim {
        id: "MEM-028",
        game: GameId::Memory,
        source: "004 §3.3",
        statement: "the probability of a draw tends to 1 as N grows (most decisive optimal play, N ≤ 60)",
        expected: "→ 1",
        erratum: None,
        compute: || {
            let (yes, measured) = statements::draws_tend_to_one();
            Evidence::optimized_only(if yes { "→ 1" } else { "does not tend to 1" }).measured(measured)
        },
    },
    Claim {
        id: "MEM-029",
        game: GameId::Memory,
        source: "004 §2.1, §3.3",
        statement: "f(N,0,0), the first player's expected points, for N = 1..8 (§2.1 prints f(2,0,0) = 1/3; \
                    the rest is ours, not printed in 004: the values §3.3's conclusions rest on, \
                    by the recurrence and by the explicit row from the start)",
        expected: "1, 1/3, 7/15, 17/35, 87/175, 244/495, 22549/45045, 95647/193050",
        erratum: None,
        compute: || {
            Evidence::both(
                statements::first_player_values(&mut rec(near()), NAIVE_REACH),
                rows(|r| statements::first_player_values(r, NAIVE_REACH)),
            )
        },
    },
    Claim {
        id: "MEM-030",
        game: GameId::Memory,
        source: "004 §2.1",
        statement: "the displayed recurrences for f, f_a, f_b, f_c, g, g_a, g_c, read as printed (with \
                    the preconditions of (F1)–(F3), (G1)–(G3)), hold at every state (recurrence n ≤ 30; \
                    explicit row n ≤ 8)",
        expected: "holds",
        erratum: None,
        compute: || {
            within_naive_reach(
                holds(&printed::printed_recurrence_failures(&mut rec(full_30()), 30)),
                &holds(&printed::printed_recurrence_failures(&mut rec(full_30()), NAIVE_REACH)),
                &holds(&rows(|r| printed::printed_recurrence_failures(r, NAIVE_REACH))),
            )
        },
    },
    Claim {
        id: "MEM-031",
        game: GameId::Memory,
        source: "004 §2.1",
        statement: "at most 1 + 1 + (3 × 2 × 2) = 14 strategies in F and 1 + 1 + (2 × 3) = 8 in G (the \
                    options of (F1)–(F3), (G1)–(G3) as the recurrence's move list has them, every \
                    state n ≤ 8; the row search has no such list)",
        expected: "14 8",
        erratum: None,
        compute: || {
            let (f, g) = printed::most_strategies(NAIVE_REACH);
            Evidence::optimized_only(format!("{f} {g}"))
        },
    },
    Claim {
        id: "MEM-032",
        game: GameId::Memory,
        source: "004 §2.3",
        statement: "F(n,m,k) with m + k ≥ 3: 6 strategies to consider, as after a first card matching \
                    a known one taking the pair is always among the best answers (recurrence n ≤ 30; \
                    explicit row n ≤ 8)",
        expected: "6",
        erratum: None,
        compute: || {
            within_naive_reach(
                statements::six_strategies(&statements::take_needed_failures(&mut rec(full_30()), 30)),
                &statements::six_strategies(&statements::take_needed_failures(&mut rec(full_30()), NAIVE_REACH)),
                &statements::six_strategies(&rows(|r| statements::take_needed_failures(r, NAIVE_REACH))),
            )
        },
    },
    Claim {
        id: "MEM-033",
        game: GameId::Memory,
        source: "004 §2.2",
        statement: "F(4,0,2): after a new number (4) turning a known card beats a second unknown one, \
                    after a known number (2) turning the other known card beats taking the pair, and \
                    passing is the best play",
        expected: "a: known, c: known; optimal: pass",
        erratum: None,
        compute: || {
            Evidence::both(
                statements::section_2_2_answers(&mut rec(full_30())),
                rows(|r| statements::section_2_2_answers(r)),
            )
        },
    },
    Claim {
        id: "MEM-034",
        game: GameId::Memory,
        source: "004 §2.3 proof of Lemma 2.2",
        statement: "the display g(n,0,1) = 1/(2n−1) + (2n−2)/(2n−1)·max{…}, its bound by \
                    max{1/2, 1/(2n−2) + (n−2)/(2n−2)} and = n/(2n−1) hold for 2 ≤ n ≤ 100 (explicit \
                    row n ≤ 8)",
        expected: "holds",
        erratum: None,
        compute: || {
            within_naive_reach(
                holds(&printed::lemma_2_2_proof_failures(&mut rec(reduced_100()), 100)),
                &holds(&printed::lemma_2_2_proof_failures(&mut rec(reduced_100()), NAIVE_REACH)),
                &holds(&rows(|r| printed::lemma_2_2_proof_failures(r, NAIVE_REACH))),
            )
        },
    },
    Claim {
        id: "MEM-035",
        game: GameId::Memory,
        source: "004 §2.3 proof of (2.1)",
        statement: "the proof's other steps hold for 3 ≤ n ≤ 30: (2.3), (2.4), (2.5), the display for \
                    g(n,0,2), max{…} = g(n−1,0,1), g(n−1,0,2) ≤ g(n,1,2), the bracket ≤ n − 2, the \
                    bound contradicting (2.5), and in (2.5)'s case g(n,0,2) = the 1-ply value and \
                    g(n,0,1) > 1/2 (explicit row n ≤ 8)",
        expected: "holds",
        erratum: None,
        compute: || {
            let (failures, case_2_5) = printed::proof_of_2_1_failures(&mut rec(full_30()), 30);
            let near = |f: (Vec<String>, Vec<usize>)| format!("{}; (2.5)'s case at n = {:?}", holds(&f.0), f.1);
            within_naive_reach(
                holds(&failures),
                &near(printed::proof_of_2_1_failures(&mut rec(full_30()), NAIVE_REACH)),
                &near(rows(|r| printed::proof_of_2_1_failures(r, NAIVE_REACH))),
            )
            .measured(format!("(2.5)'s case arises at n = {case_2_5:?}"))
        },
    },
    Claim {
        id: "MEM-036",
        game: GameId::Memory,
        source: "004 §3.2",
        statement: "the opening for large N: N even, the second player passes at F(N,0,2); N odd, at \
                    F(N,0,2) and F(N−1,0,1) the mover opens an unknown card, takes a match, opens \
                    another after a 1, a known card after a new number, and the first player passes \
                    at F(N,0,3) and F(N−1,0,2) (optimal for every N ≥ N₀, N ≤ 100; explicit row N ≤ 8)",
        expected: "holds for large N",
        erratum: None,
        compute: || {
            let (verdict, measured) = statements::opening_verdict(&statements::opening_failures(&mut rec(reduced_100()), 100), 100);
            within_naive_reach(
                verdict,
                &statements::render_opening(&statements::opening_failures(&mut rec(reduced_100()), NAIVE_REACH)),
                &statements::render_opening(&rows(|r| statements::opening_failures(r, NAIVE_REACH))),
            )
            .measured(measured)
        },
    },
    Claim {
        id: "MEM-037",
        game: GameId::Memory,
        source: "004 §3.2",
        statement: "as long as both play optimally no F(n,m,k) with m ≥ 1 arises (read kindly: the \
                    players may choose among tied optimal options to avoid one), from F(N,0,0), \
                    N ≤ 100 (explicit row N ≤ 8)",
        expected: "holds",
        erratum: Some(Erratum {
            corrected: "fails at N = 5–100",
        }),
        compute: || {
            let full = solved::known_pair_sizes(&mut rec(reduced_100()), 100);
            let evidence = within_naive_reach(
                render_sizes(&full),
                &render_sizes(&solved::known_pair_sizes(&mut rec(near()), NAIVE_REACH)),
                &render_sizes(&rows(|r| solved::known_pair_sizes(r, NAIVE_REACH))),
            );
            because(evidence, known_pair_reason(&full))
        },
    },
    Claim {
        id: "MEM-038",
        game: GameId::Memory,
        source: "004 §3.3",
        statement: "a game is decided only if a 1 shows in the first player's or the second player's \
                    first turn (read kindly: some optimal play draws every game no 1 has reached by \
                    the first player's second turn), N ≤ 30 (explicit row N ≤ 8)",
        expected: "holds",
        erratum: Some(Erratum {
            corrected: "fails at N = 7–30",
        }),
        compute: || {
            let mut play = Recurrence::with_draws(full_30());
            let some = solved::early_one_sizes(&mut play, 30, Reading::Some);
            let every = solved::early_one_sizes(&mut play, 30, Reading::Every);
            let near: Vec<usize> = some.iter().copied().filter(|&n| n <= NAIVE_REACH).collect();
            let evidence = within_naive_reach(
                render_sizes(&some),
                &render_sizes(&near),
                &render_sizes(&rows(|r| solved::early_one_sizes(r, NAIVE_REACH, Reading::Some))),
            )
            .measured(format!("under every optimal play: {}", render_sizes(&every)));
            match some.first() {
                Some(&first) => {
                    let (line, leaf) = solved::early_one_line(&mut play, first);
                    let most = play.most_draws(leaf);
                    evidence.because(format!(
                        "at N = {first}: {}, the first player's second turn, where even the most \
                         drawing optimal play is decided with probability {}",
                        arrow_line(&line),
                        BigRational::one() - most
                    ))
                }
                None => evidence,
            }
        },
    },
    Claim {
        id: "MEM-039",
        game: GameId::Memory,
        source: "004 §3.3",
        statement: "the probability p(N) that a 1 shows in the first player's or the second player's \
                    first turn is O(N⁻¹) (the largest over optimal play; N·p(N) at N = 24 … 99; exact \
                    p(N) by both solvers for N ≤ 8)",
        expected: "O(N⁻¹)",
        erratum: None,
        compute: early_one_rate,
    },
    Claim {
        id: "MEM-040",
        game: GameId::Memory,
        source: "004 §3.1",
        statement: "the four expansions of g(n,k) (n − k even/odd, x < 2/3 or ≥ 2/3) are exact to \
                    o(1/n²) along k/n → x (x = 0, 1/4, 1/2, 4/5, both parities, n = 125 … 1000)",
        expected: "holds",
        erratum: None,
        compute: || {
            let (failures, measured) = statements::expansion_orders(float_1000());
            Evidence::optimized_only(holds(&failures)).measured(measured)
        },
    },
    Claim {
        id: "MEM-041",
        game: GameId::Memory,
        source: "004 §4 item 3",
        statement: "with no memory the first player is favoured: win probability > 1/2 for every \
                    1 ≤ N ≤ 100 (closed recurrence and the enumerated row)",
        expected: "holds",
        erratum: None,
        compute: || {
            Evidence::both(
                holds(&statements::zero_memory_not_favoured(100, analysis::zero_memory_first_player_wins)),
                holds(&statements::zero_memory_not_favoured(100, naive::zero_memory_first_player_wins)),
            )
        },
    },
];
