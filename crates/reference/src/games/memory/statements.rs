//! The statements of document 004 §2.1–§4 that the claims registry checks,
//! each written once: over a [`Solved`] game (the recurrence's table or the
//! explicit-row search, asked the same question) where both solvers can
//! answer it, over the recurrence's tables where only they reach the sizes
//! the statement speaks of (the asymptotics of §3 and §4 item 3).
//!
//! Each returns what it found — the failing states (empty: it holds), the
//! values measured — for the registry to render.

use super::analysis::{self, FTendency, GTendency, Ply, Tendency};
use super::optimized::{Extent, Table};
use super::rules::{Case, Second, State, TieBreak};
use super::scaled::Scaled;
use super::solved::Solved;
use crate::solve::exact::half;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive};

/// Whether an optimal option at G(n,k) (`which`'s states only) is among the
/// plies `which` names; `None` for the states it does not speak of.
fn g_named(which: GTendency, n: usize, k: usize) -> Option<&'static [Ply]> {
    let odd = (n - k) % 2 == 1;
    let small = 3 * k < 2 * n + 1;
    match which {
        GTendency::EvenOnePly if !odd => Some(&[Ply::One]),
        GTendency::OddSmallTwoPly if odd && small => Some(&[Ply::Two]),
        GTendency::OddLargeZeroPly if odd && !small => Some(&[Ply::Zero]),
        GTendency::OddZeroOrTwo if odd => Some(&[Ply::Zero, Ply::Two]),
        _ => None,
    }
}

/// A §3.1 tendency on every G(n,k) with n ≤ `max_pairs`: fails where none
/// of the plies it names is optimal.
pub fn g_tendency(play: &mut impl Solved, max_pairs: usize, which: GTendency) -> Tendency {
    let mut t = Tendency {
        states: 0,
        failures: Vec::new(),
        witnesses: Vec::new(),
    };
    for n in 1..=max_pairs {
        for k in 1..=n {
            let Some(wanted) = g_named(which, n, k) else {
                continue;
            };
            t.states += 1;
            let state = State::g(n, 0, k).expect("1 ≤ k ≤ n");
            let best = play.plies(state);
            if !wanted.iter().any(|p| best.contains(p)) {
                t.failures.push(format!("G({n},{k})"));
                t.witnesses.extend(play.witness(state));
            }
        }
    }
    t
}

/// A §3.2 tendency on every F(n,m,k), m ∈ {0,1}, n ≤ `max_pairs`.
pub fn f_tendency(play: &mut impl Solved, max_pairs: usize, which: FTendency) -> Tendency {
    let mut t = Tendency {
        states: 0,
        failures: Vec::new(),
        witnesses: Vec::new(),
    };
    for n in 1..=max_pairs {
        for m in 0..=1usize.min(n - 1) {
            for k in 0..n - m {
                let odd = (n - m - k) % 2 == 1;
                let small = 3 * k < 2 * n + 1;
                let wanted = match which {
                    FTendency::EvenZeroPly if !odd && m + k >= 2 => Ply::Zero,
                    FTendency::OddSmallOnePly if odd && small && m + k >= 1 => Ply::One,
                    FTendency::OddLargeZeroPly if odd && !small => Ply::Zero,
                    _ => continue,
                };
                t.states += 1;
                let state = State::f(n, m, k).expect("m + k ≤ n − 1");
                if !play.plies(state).contains(&wanted) {
                    t.failures.push(format!("F({n},{m},{k})"));
                    t.witnesses.extend(play.witness(state));
                }
            }
        }
    }
    t
}

/// Proposition 2.1 (§2.3) on every state with n ≤ `max_pairs`: (1) m + k ≥
/// 2 ⇒ f ≥ 1/2, and m ≥ 2 ⇒ f(n,m,k) = f(n−m+2,2,k); (2) g(n,m,k) =
/// g(n−m,0,k) ≥ 1/2. The recurrence's table must be full. Returns the
/// failing states.
pub fn proposition_2_1(play: &mut impl Solved, max_pairs: usize) -> Vec<String> {
    let mut f = |n, m, k| play.value(State::f(n, m, k).expect("m + k ≤ n − 1"));
    let mut failures = Vec::new();
    for n in 1..=max_pairs {
        for m in 0..n {
            for k in 0..n - m {
                let value = f(n, m, k);
                if m + k >= 2 && value < half() {
                    failures.push(format!("F({n},{m},{k}): f < 1/2"));
                }
                if m >= 2 && value != f(n - m + 2, 2, k) {
                    failures.push(format!("F({n},{m},{k}): f ≠ f({},2,{k})", n - m + 2));
                }
            }
        }
    }
    let mut g = |n, m, k| play.value(State::g(n, m, k).expect("1 ≤ k ≤ n − m"));
    for n in 1..=max_pairs {
        for m in 0..n {
            for k in 1..=n - m {
                let value = g(n, m, k);
                if value != g(n - m, 0, k) {
                    failures.push(format!("G({n},{m},{k}): g ≠ g({},0,{k})", n - m));
                }
                if value < half() {
                    failures.push(format!("G({n},{m},{k}): g < 1/2"));
                }
            }
        }
    }
    failures
}

/// §3.2 "k ≥ 1 ⇒ f(n,2,k) = f(n−1,1,k)" on F(n,2,k), 1 ≤ k ≤ n − 3,
/// n ≤ `max_pairs`: the states where it fails.
pub fn two_pairs_keep_one(play: &mut impl Solved, max_pairs: usize) -> Tendency {
    let mut states = 0;
    let mut failures = Vec::new();
    for n in 4..=max_pairs {
        for k in 1..=n - 3 {
            states += 1;
            let two = play.value(State::f(n, 2, k).expect("2 + k ≤ n − 1"));
            if two != play.value(State::f(n - 1, 1, k).expect("1 + k ≤ n − 2")) {
                failures.push(format!("F({n},2,{k})"));
            }
        }
    }
    Tendency {
        states,
        failures,
        witnesses: Vec::new(),
    }
}

/// §3.2: the F(n,1,k), n ≤ `max_pairs`, where taking the one known pair
/// loses value, f(n,1,k) > f(n−1,0,k): `(count, of how many)`.
pub fn keeping_the_pair_pays(play: &mut impl Solved, max_pairs: usize) -> (usize, usize) {
    let mut count = 0;
    let mut states = 0;
    for n in 2..=max_pairs {
        for k in 0..=n - 2 {
            states += 1;
            let keep = play.value(State::f(n, 1, k).expect("1 + k ≤ n − 1"));
            if keep > play.value(State::f(n - 1, 0, k).expect("k ≤ n − 2")) {
                count += 1;
            }
        }
    }
    (count, states)
}

/// §2.1: g(n,m,n−m) = 1 for every 0 ≤ m ≤ n − 1 and n ≤ `max_pairs`; the
/// states where it fails.
pub fn known_wins(play: &mut impl Solved, max_pairs: usize) -> Vec<String> {
    let mut failures = Vec::new();
    for n in 1..=max_pairs {
        for m in 0..n {
            let s = State::g(n, m, n - m).expect("valid");
            if !play.value(s).is_one() {
                failures.push(s.to_string());
            }
        }
    }
    failures
}

/// f(N,0,0) for N = 1..=`max_pairs`, comma-separated.
pub fn first_player_values(play: &mut impl Solved, max_pairs: usize) -> String {
    let values: Vec<String> = (1..=max_pairs)
        .map(|n| play.value(State::f(n, 0, 0).expect("N ≥ 1")).to_string())
        .collect();
    values.join(", ")
}

/// §3.3 "the second player is favoured": the 2 ≤ N ≤ `max_pairs` where
/// f(N,0,0) ≥ 1/2, each with f(N,0,0).
pub fn first_player_not_behind(
    play: &mut impl Solved,
    max_pairs: usize,
) -> Vec<(usize, BigRational)> {
    (2..=max_pairs)
        .map(|n| (n, play.value(State::f(n, 0, 0).expect("N ≥ 2"))))
        .filter(|(_, f)| *f >= half())
        .collect()
}

/// §3.3 "more so for even N": the even N = 2M ≤ `max_pairs` − 1 whose gap
/// 1/2 − f(N,0,0) is not above both odd neighbours', each with the
/// neighbour whose gap is at least as large.
pub fn even_exceptions(play: &mut impl Solved, max_pairs: usize) -> Vec<(usize, usize)> {
    let mut f = |n: usize| play.value(State::f(n, 0, 0).expect("N ≥ 1"));
    (1..=(max_pairs - 1) / 2)
        .filter_map(|m| {
            let (even, below, above) = (f(2 * m), f(2 * m - 1), f(2 * m + 1));
            let neighbour = if even >= below { 2 * m - 1 } else { 2 * m + 1 };
            (even >= below || even >= above).then_some((2 * m, neighbour))
        })
        .collect()
}

/// §2.3 「F_{n,m,k}, m + k ≥ 3 の状況では考察すべき戦略は6通り」: after a first
/// card matching a known one, taking the pair is among the best answers at
/// every such F(n,m,k) (n ≤ `max_pairs`), so (F3)(a) needs one answer and
/// 1 + 1 + 1×2×2 = 6 strategies remain. Returns the states where it is not.
pub fn take_needed_failures(play: &mut impl Solved, max_pairs: usize) -> Vec<String> {
    let mut failures = Vec::new();
    for n in 1..=max_pairs {
        for m in 0..n {
            for k in 1..n - m {
                if m + k >= 3 {
                    let s = State::f(n, m, k).expect("m + k ≤ n − 1");
                    let take = play
                        .answers(s, Case::Matched)
                        .is_some_and(|best| best.contains(&Second::Take));
                    if !take {
                        failures.push(s.to_string());
                    }
                }
            }
        }
    }
    failures
}

/// `6`, or why not: the states [`take_needed_failures`] found.
#[must_use]
pub fn six_strategies(failures: &[String]) -> String {
    if failures.is_empty() {
        "6".to_string()
    } else {
        format!(
            "14: taking is not best after a matching card at fails ({}): {}",
            failures.len(),
            failures
                .iter()
                .take(10)
                .cloned()
                .collect::<Vec<_>>()
                .join("; ")
        )
    }
}

fn second_word(second: Second) -> &'static str {
    match second {
        Second::Take => "take",
        Second::Known => "known",
        Second::Unknown => "unknown",
    }
}

/// §2.2's example at F(4,0,2): the best second card after a first card of a
/// known number (a) and of a new number (c), and the optimal options.
pub fn section_2_2_answers(play: &mut impl Solved) -> String {
    let s = State::f(4, 0, 2).expect("valid");
    let mut words = |case| {
        let w: Vec<&str> = play
            .answers(s, case)
            .unwrap_or_default()
            .into_iter()
            .map(second_word)
            .collect();
        w.join("/")
    };
    let (a, c) = (words(Case::Matched), words(Case::Fresh));
    format!("a: {a}, c: {c}; optimal: {}", play.option_words(s))
}

/// §3.2's opening for large N, checked at each 2 ≤ N ≤ `max_pairs`: N even,
/// the second player passes at F(N,0,2) (a draw); N odd, at F(N,0,2) and
/// at ※ F(N−1,0,1) the mover turns an unknown card (1-ply) and takes a
/// match, turns another unknown after a 1, a known card after a new number,
/// and the first player passes at F(N,0,3) and F(N−1,0,2). Returns the
/// failing N with the first state where the opening is not optimal.
pub fn opening_failures(play: &mut impl Solved, max_pairs: usize) -> Vec<(usize, String)> {
    let mut failures = Vec::new();
    for n in 2..=max_pairs {
        let mut checks: Vec<(State, bool)> = Vec::new();
        if n % 2 == 0 {
            checks.extend(State::f(n, 0, 2).ok().map(|s| (s, true)));
        } else {
            checks.extend(State::f(n, 0, 2).ok().map(|s| (s, false)));
            checks.extend(State::f(n, 0, 3).ok().map(|s| (s, true)));
            checks.extend(State::f(n - 1, 0, 1).ok().map(|s| (s, false)));
            checks.extend(State::f(n - 1, 0, 2).ok().map(|s| (s, true)));
        }
        let mut optimal = |s: State, pass: bool| {
            let plies = play.plies(s);
            if pass {
                return plies.contains(&Ply::Zero);
            }
            let mut answered = |case, second| {
                play.answers(s, case)
                    .map_or(case == Case::Fresh, |best| best.contains(&second))
            };
            plies.contains(&Ply::One)
                && answered(Case::Matched, Second::Take)
                && answered(Case::One, Second::Unknown)
                && answered(Case::Fresh, Second::Known)
        };
        if let Some((s, _)) = checks.into_iter().find(|&(s, pass)| !optimal(s, pass)) {
            failures.push((n, s.to_string()));
        }
    }
    failures
}

/// `holds`, or the N where [`opening_failures`] fails, each with its state.
#[must_use]
pub fn render_opening(failures: &[(usize, String)]) -> String {
    if failures.is_empty() {
        return "holds".to_string();
    }
    let shown: Vec<String> = failures
        .iter()
        .map(|(n, s)| format!("N = {n} ({s})"))
        .collect();
    format!("fails at {}", shown.join(", "))
}

/// §3.2 speaks of large N: `holds for large N` when the opening is optimal
/// for every N from some N₀ ≤ 10 to `max_pairs`, with what was found.
#[must_use]
pub fn opening_verdict(failures: &[(usize, String)], max_pairs: usize) -> (String, String) {
    let from = failures.iter().map(|(n, _)| n + 1).max().unwrap_or(2);
    let verdict = if from <= 10 {
        "holds for large N".to_string()
    } else {
        format!("holds only from N = {from}")
    };
    let measured = format!(
        "{}; optimal for every {from} ≤ N ≤ {max_pairs}",
        render_opening(failures)
    );
    (verdict, measured)
}

/// Whether `N^power (1/2 − f(N,0,0))` over N of one parity approaches
/// `limit` (§3.2, Figs. 3.2–3.3): the distance shrinks at the four sizes
/// about 125, 250, 500 and 1000 of that parity and ends within 1%, on the
/// float table (checked against the exact values at N ≤ 100 in the tests).
/// Returns whether it does and the scaled gap measured at each size.
#[must_use]
pub fn approaches(table: &Table<f64>, power: u32, odd: bool, limit: f64) -> (bool, String) {
    let ns = [125usize, 250, 500, 1000].map(|n| if (n % 2 == 1) == odd { n } else { n - 1 });
    let gaps: Vec<f64> = ns
        .iter()
        .map(|&n| analysis::scaled_gap(table, n, power))
        .collect();
    let dist: Vec<f64> = gaps.iter().map(|g| (g - limit).abs()).collect();
    let shrinking = dist.windows(2).all(|w| w[1] < w[0]);
    let measured: Vec<String> = ns
        .iter()
        .zip(&gaps)
        .map(|(n, g)| format!("{g:.5} at N = {n}"))
        .collect();
    let scaled = if power == 2 { "N²" } else { "N³" };
    (
        shrinking && dist[3] < 0.01 * limit,
        format!("{scaled}(1/2 − f): {}", measured.join(", ")),
    )
}

/// §3.3 "the draw probability tends to 1", under the most decisive optimal
/// play (among tied optimal options the one with the fewest draws): the
/// draw probability from F(N,0,0) rises at N = 20, 30, …, 60 and is within
/// 2% of 1 at N = 60 (measured: 1 − d(60) = 0.0173, about 1/N). Returns
/// whether it does and the values measured.
#[must_use]
pub fn draws_tend_to_one() -> (bool, String) {
    let table = Table::<Scaled>::build(60, Extent::Full, true);
    let draws = analysis::draw_probabilities(&table, TieBreak::FewestDraws)
        .expect("full table with options");
    let d: Vec<BigRational> = (20..=60)
        .step_by(10)
        .map(|n| draws.f(n, 0, 0).to_rational())
        .collect();
    let rising = d.windows(2).all(|w| w[1] > w[0]);
    let floats: Vec<f64> = d.iter().map(|x| x.to_f64().unwrap_or(f64::NAN)).collect();
    let last = *floats.last().expect("five sizes");
    let measured: Vec<String> = (20..=60)
        .step_by(10)
        .zip(&floats)
        .map(|(n, x)| format!("{x:.4} at N = {n}"))
        .collect();
    (
        rising && last > 0.98,
        format!("d(N,0,0): {}", measured.join(", ")),
    )
}

/// §4 item 3: N²(w(N) − 1/2) → 1/8 for the zero-memory game, judged like
/// [`approaches`] at N = 25, 50, 100, 200 (exact `win`). Returns the
/// verdict and the values measured.
pub fn zero_memory_asymptotics(win: fn(usize) -> BigRational) -> (String, String) {
    let scaled: Vec<f64> = [25usize, 50, 100, 200]
        .iter()
        .map(|&n| {
            let gap = win(n) - half();
            (gap * BigRational::from_integer((n * n).into()))
                .to_f64()
                .expect("finite")
        })
        .collect();
    let dist: Vec<f64> = scaled.iter().map(|d| (d - 0.125).abs()).collect();
    let verdict = if dist.windows(2).all(|w| w[1] < w[0]) && dist[3] < 0.01 * 0.125 {
        "1/2 + 1/(8N²)".to_string()
    } else {
        "not 1/2 + 1/(8N²)".to_string()
    };
    let measured: Vec<String> = [25, 50, 100, 200]
        .iter()
        .zip(&scaled)
        .map(|(n, x)| format!("{x:.5} at N = {n}"))
        .collect();
    (verdict, format!("N²(w − 1/2): {}", measured.join(", ")))
}

/// §4 item 3 「先攻有利」: the 1 ≤ N ≤ `max_pairs` where the first player's
/// win probability with no memory is not above 1/2.
pub fn zero_memory_not_favoured(max_pairs: usize, win: fn(usize) -> BigRational) -> Vec<String> {
    (1..=max_pairs)
        .filter(|&n| win(n) <= half())
        .map(|n| format!("N = {n}"))
        .collect()
}

/// Largest |g(100,k) − expansion| times n² = 10⁴ over the k with
/// n − k ≥ 20 (§3.1, Fig. 3.1). The expansion is in powers of
/// 1/((1−x)n) = 1/(n−k), so it can only be accurate where n − k is large;
/// next to k = n its error grows (62/n² at k = 98), which SPEC.md reports.
#[must_use]
pub fn expansion_error_g100(table: &Table<BigRational>) -> f64 {
    (1..=80)
        .map(|k| {
            let g = table.g(100, 0, k).to_f64().expect("finite");
            (g - analysis::g_expansion(100, k)).abs() * 1e4
        })
        .fold(0.0, f64::max)
}

/// §3.1's expansions of g(n,k) hold to o(1/n²): along k/n → x for x = 0,
/// 1/4, 1/2, 4/5 and both parities of n − k, n²·|g(n,k) − expansion| at
/// n = 125, 250, 500, 1000 never grows and ends below 0.01 (the float table,
/// equal to the exact one to 10⁻¹² for n ≤ 100). Returns the failing
/// (x, parity) and the largest error measured at each n.
#[must_use]
pub fn expansion_orders(table: &Table<f64>) -> (Vec<String>, String) {
    let mut worst = [0.0f64; 4];
    let mut failures = Vec::new();
    for x in [0.0, 0.25, 0.5, 0.8] {
        for odd in [false, true] {
            let errors: Vec<f64> = [125usize, 250, 500, 1000]
                .iter()
                .map(|&n| {
                    #[allow(
                        clippy::cast_precision_loss,
                        clippy::cast_possible_truncation,
                        clippy::cast_sign_loss
                    )]
                    let mut k = ((x * n as f64).round() as usize).max(1);
                    if ((n - k) % 2 == 1) != odd {
                        k += 1;
                    }
                    #[allow(clippy::cast_precision_loss)]
                    let scale = (n * n) as f64;
                    (table.g(n, 0, k) - analysis::g_expansion(n, k)).abs() * scale
                })
                .collect();
            for (w, e) in worst.iter_mut().zip(&errors) {
                *w = w.max(*e);
            }
            if errors.windows(2).any(|w| w[1] > w[0]) || errors[3] >= 0.01 {
                failures.push(format!(
                    "x = {x}, n − k {}",
                    if odd { "odd" } else { "even" }
                ));
            }
        }
    }
    let measured: Vec<String> = [125, 250, 500, 1000]
        .iter()
        .zip(&worst)
        .map(|(n, w)| format!("{w:.4} at n = {n}"))
        .collect();
    (
        failures,
        format!("largest n²·|g − expansion|: {}", measured.join(", ")),
    )
}
