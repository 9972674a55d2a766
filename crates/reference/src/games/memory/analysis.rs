//! The statements of document 004 §2.3 and §3 checked on solved tables:
//! Lemma 2.2, inequality (2.1), Proposition 2.3, the three-option
//! recurrence for g(n,k), the first-move identity, the asymptotics of
//! f(N,0,0) and the probability of a draw under optimal play (§3.3); and
//! the words the strategy tendencies of §3.1 and §3.2 are told in ([`Ply`],
//! [`Tendency`]). The statements both solvers answer (Proposition 2.1, the
//! tendencies) are in [`super::statements`].
//!
//! Every check returns the states where the statement fails (empty: it
//! holds), so the claims registry and the CLI can report exactly where.

use super::number::{Mean, Prob};
use super::optimized::{Extent, Table};
use super::rules::{Case, Choice, Family, Next, Second, State, TieBreak, Transitions};
use crate::solve::exact::half;
use num_rational::BigRational;
use num_traits::{One, Zero};
use std::collections::BTreeSet;

fn q(num: usize, den: usize) -> BigRational {
    BigRational::ratio(num, den)
}

/// Lemma 2.2, g(n,0,1) ≤ n/(2n−1), and inequality (2.1), g(n,0,1) ≥ 1/2.
#[must_use]
pub fn lemma_2_2_and_inequality_2_1(table: &Table<BigRational>) -> Vec<String> {
    let mut failures = Vec::new();
    for n in 1..=table.max_pairs() {
        let g = table.g(n, 0, 1);
        if g > q(n, 2 * n - 1) {
            failures.push(format!("g({n},0,1) > {n}/{}", 2 * n - 1));
        }
        if g < half() {
            failures.push(format!("g({n},0,1) < 1/2"));
        }
    }
    failures
}

/// The bound the proof of (2.1) derives for g(n,0,2) (§2.3):
/// `1/(2n−2) + g(n−1,0,1)/(2n−2) + (2n−4)/(2n−2) · max{1 − g(n,0,3), (n−2)/(2n−3)}`.
fn proof_bound_g_n_0_2(table: &Table<BigRational>, n: usize) -> BigRational {
    let alt = (BigRational::one() - table.g(n, 0, 3)).max(q(n - 2, 2 * n - 3));
    q(1, 2 * n - 2) + q(1, 2 * n - 2) * table.g(n - 1, 0, 1) + q(2 * n - 4, 2 * n - 2) * alt
}

/// The proof of (2.1) prints "g(n,0,2) ≥ bound"; the argument needs (and
/// the recurrence gives) "≤". Returns, for 3 ≤ n ≤ N, the n where each
/// direction fails: `(fails_ge, fails_le)`.
#[must_use]
pub fn proof_of_2_1_direction(table: &Table<BigRational>) -> (Vec<usize>, Vec<usize>) {
    let (mut fails_ge, mut fails_le) = (Vec::new(), Vec::new());
    for n in 3..=table.max_pairs() {
        let g = table.g(n, 0, 2);
        let bound = proof_bound_g_n_0_2(table, n);
        if g < bound {
            fails_ge.push(n);
        }
        if g > bound {
            fails_le.push(n);
        }
    }
    (fails_ge, fails_le)
}

/// Proposition 2.3 on g(n,k) = g(n,0,k): 1/2 ≤ g(n,k) ≤ 1/2 + 1/(2n−2k+1),
/// and g(n,k) + g(n,k+1) ≥ 1 + 1/(2(2n−k)).
#[must_use]
pub fn proposition_2_3(table: &Table<BigRational>) -> Vec<String> {
    let mut failures = Vec::new();
    for n in 1..=table.max_pairs() {
        for k in 1..=n {
            let g = table.g(n, 0, k);
            if g < half() || g > half() + q(1, 2 * n - 2 * k + 1) {
                failures.push(format!(
                    "g({n},{k}) outside [1/2, 1/2 + 1/{}]",
                    2 * n - 2 * k + 1
                ));
            }
            if k < n && g + table.g(n, 0, k + 1) < BigRational::one() + q(1, 2 * (2 * n - k)) {
                failures.push(format!(
                    "g({n},{k}) + g({n},{}) < 1 + 1/{}",
                    k + 1,
                    2 * (2 * n - k)
                ));
            }
        }
    }
    failures
}

/// The three-option recurrence for g(n,k) printed in §2.3 (0-ply, 1-ply,
/// 2-ply, with g(n,1,k) read as g(n−1,k) by Proposition 2.1 (2)), evaluated
/// on the table's own values. Returns the (n,k) where it differs from the
/// table, which solves the full 8-option recurrence of §2.1.
#[must_use]
pub fn three_option_recurrence(table: &Table<BigRational>) -> Vec<String> {
    let g = |n: usize, k: usize| table.g(n, 0, k);
    let one = BigRational::one;
    let mut failures = Vec::new();
    for n in 1..=table.max_pairs() {
        for k in 1..=n {
            let u = 2 * n - k;
            let mut open = q(1, u);
            if k >= 2 {
                open += q(k - 1, u) * g(n - 1, k - 1);
            }
            if n > k {
                let one_ply = one() - g(n, k + 1);
                let mut two_ply = g(n - 1, k) + q(k - 1, 1) * (one() - g(n - 1, k));
                if n > k + 1 {
                    two_ply += q(2 * n - 2 * k - 2, 1) * (one() - g(n, k + 2));
                }
                two_ply /= q(2 * n - k - 1, 1);
                open += q(2 * n - 2 * k, u) * one_ply.max(two_ply);
            }
            let value = if k >= 2 { open.max(half()) } else { open };
            if value != g(n, k) {
                failures.push(format!("g({n},{k})"));
            }
        }
    }
    failures
}

/// The paper's names for the strategies of §2.3: 0-ply passes at once,
/// 1-ply turns over one unknown card and passes unless it matched, 2-ply
/// turns over a second unknown card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Ply {
    /// Pass: two known cards of different numbers.
    Zero,
    /// One unknown card, then a known one if it matched nothing.
    One,
    /// One unknown card, then another unknown one if it matched nothing.
    Two,
}

impl Ply {
    /// `0-ply`, `1-ply`, `2-ply`.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Ply::Zero => "0-ply",
            Ply::One => "1-ply",
            Ply::Two => "2-ply",
        }
    }
}

/// The plies among a state's optimal choices. Where the "matched nothing"
/// case cannot occur (every unknown card pairs a known one), 1-ply and 2-ply
/// are the same strategy and both are listed.
#[must_use]
pub fn optimal_plies(best: &[Choice]) -> BTreeSet<Ply> {
    let mut plies = BTreeSet::new();
    for choice in best {
        match choice {
            Choice::Pass => {
                plies.insert(Ply::Zero);
            }
            Choice::OpenUnknown { fresh, .. } => match fresh {
                Some(Second::Known) => {
                    plies.insert(Ply::One);
                }
                Some(Second::Unknown) => {
                    plies.insert(Ply::Two);
                }
                Some(Second::Take) => {}
                None => {
                    plies.insert(Ply::One);
                    plies.insert(Ply::Two);
                }
            },
            Choice::TakeKnownPair => {}
        }
    }
    plies
}

/// One tendency checked on a set of states: where the predicted strategy
/// is optimal and where it is not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tendency {
    /// The states the tendency speaks about.
    pub states: usize,
    /// Those where it fails, as `G(n,k)` / `F(n,m,k)`.
    pub failures: Vec<String>,
    /// The same failures with what is optimal there, in the same order
    /// (empty where the tendency is an equation rather than a strategy).
    pub witnesses: Vec<Witness>,
}

/// A state where a strategy tendency fails, and the choices that are
/// optimal there instead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Witness {
    /// The state, F(n,m,k) or G(n,m,k).
    pub state: State,
    /// The optimal choices, named by ply where §2.3's names apply
    /// (`0-ply`, `1-ply`, `2-ply`) and otherwise as the CLI prints them
    /// (`take-pair`).
    pub optimal: Vec<String>,
}

impl Witness {
    /// The witness at `state`, whose optimal choices are `best`.
    #[must_use]
    pub fn of(state: State, best: &[Choice]) -> Witness {
        let mut optimal: Vec<String> = best
            .iter()
            .map(|c| c.ply().map_or_else(|| c.to_string(), str::to_string))
            .collect();
        optimal.sort();
        optimal.dedup();
        Witness { state, optimal }
    }
}

impl Tendency {
    /// `holds on all S states` or `fails at F of S states: …` with the
    /// first `listed` failures named: ten in the claims registry, all in
    /// `solved-games memory --findings`.
    #[must_use]
    pub fn summary(&self, listed: usize) -> String {
        if self.failures.is_empty() {
            return format!("holds on all {} states", self.states);
        }
        let shown: Vec<&str> = self
            .failures
            .iter()
            .take(listed)
            .map(String::as_str)
            .collect();
        let more = if self.failures.len() > listed {
            ", …"
        } else {
            ""
        };
        format!(
            "fails at {} of {} states: {}{more}",
            self.failures.len(),
            self.states,
            shown.join(", ")
        )
    }

    /// Where the failures lie and what is optimal there, read off the
    /// witnesses: grouped by n mod 6 and by k's distance from §3's threshold
    /// ⌈(2n+1)/3⌉ when every group has at least two states (a pattern), listed
    /// one by one otherwise. `None` when the tendency holds.
    #[must_use]
    pub fn pattern(&self) -> Option<String> {
        if self.witnesses.is_empty() {
            return None;
        }
        let mut groups: std::collections::BTreeMap<(char, usize, usize, i64), usize> =
            std::collections::BTreeMap::new();
        for w in &self.witnesses {
            let s = w.state;
            let threshold = (2 * s.pairs + 1).div_ceil(3) as i64;
            let family = if s.family == Family::F { 'F' } else { 'G' };
            *groups
                .entry((
                    family,
                    s.known_pairs,
                    s.pairs % 6,
                    s.known_singles as i64 - threshold,
                ))
                .or_default() += 1;
        }
        let place = if groups.values().all(|&count| count >= 2) {
            let described: Vec<String> = groups
                .iter()
                .map(|(&(family, m, residue, offset), count)| {
                    let at = match offset {
                        0 => "⌈(2n+1)/3⌉".to_string(),
                        d if d > 0 => format!("⌈(2n+1)/3⌉+{d}"),
                        d => format!("⌈(2n+1)/3⌉−{}", -d),
                    };
                    let state = if family == 'F' {
                        format!("F(n,{m},k)")
                    } else {
                        "G(n,k)".to_string()
                    };
                    format!("{state} with n ≡ {residue} (mod 6) at k = {at} ({count} states)")
                })
                .collect();
            described.join(", ")
        } else {
            let listed: Vec<&str> = self.failures.iter().map(String::as_str).collect();
            format!("at {}", listed.join(", "))
        };
        let mut optimal: std::collections::BTreeMap<&str, usize> =
            std::collections::BTreeMap::new();
        for w in &self.witnesses {
            for o in &w.optimal {
                *optimal.entry(o.as_str()).or_default() += 1;
            }
        }
        let optimal: Vec<String> = optimal
            .iter()
            .map(|(o, count)| {
                if *count == self.witnesses.len() {
                    (*o).to_string()
                } else {
                    format!("{o} (at {count})")
                }
            })
            .collect();
        Some(format!("{place}; optimal there: {}", optimal.join(", ")))
    }
}

/// Which §3.1 statement about G(n,k) (one 1 known, m = 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GTendency {
    /// n − k even: 1-ply is optimal (also Assumption 1).
    EvenOnePly,
    /// n − k odd and k < (2n+1)/3: 2-ply is optimal.
    OddSmallTwoPly,
    /// n − k odd and k ≥ (2n+1)/3: 0-ply is optimal.
    OddLargeZeroPly,
    /// Assumption 2: n − k odd: 0-ply or 2-ply is optimal.
    OddZeroOrTwo,
}

/// Which §3.2 statement about F(n,m,k) with m ∈ {0,1}.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FTendency {
    /// n − m − k even and m + k ≥ 2: 0-ply is optimal.
    EvenZeroPly,
    /// n − m − k odd, k < (2n+1)/3 and m + k ≥ 1: 1-ply is optimal. With
    /// m + k = 0 there is no known card to turn second, so 1-ply does not
    /// exist (§3.2's own account of F(N,0,0) opens two unknown cards).
    OddSmallOnePly,
    /// n − m − k odd and k ≥ (2n+1)/3: 0-ply is optimal.
    OddLargeZeroPly,
}

/// The first-move identity of §3.2 for f(N,0,0), from g(N,2), f(N−1,0,0)
/// and f(N,0,2); `N ≥ 2`.
#[must_use]
pub fn first_move_identity<V: Prob>(table: &Table<V>, pairs: usize) -> V {
    let n = pairs;
    let d = n * (2 * n - 1);
    let one = V::ratio(1, 1);
    let value = V::ratio(1, d)
        + V::ratio(2 * (2 * n - 2), d) * (one.clone() - table.g(n, 0, 2))
        + V::ratio(n - 1, d) * table.f(n - 1, 0, 0);
    // Two different non-1 numbers need N ≥ 3; for N = 2 the term is absent.
    if n >= 3 {
        value + V::ratio((n - 1) * (2 * n - 4), d) * (one - table.f(n, 0, 2))
    } else {
        value
    }
}

/// N^p · (1/2 − f(N,0,0)), the scaled distance from a fair game whose limit
/// §3.2 gives as 1/4 (N even, p = 2) and 1/16 (N odd, p = 3).
#[must_use]
pub fn scaled_gap<V: Prob>(table: &Table<V>, pairs: usize, power: u32) -> V {
    let mut scale = V::ratio(1, 1);
    for _ in 0..power {
        scale = scale * V::ratio(pairs, 1);
    }
    scale * (V::ratio(1, 2) - table.f(pairs, 0, 0))
}

/// The §3.1 two-term expansion of g(n,k) with x = k/n, as `f64`.
#[must_use]
#[allow(clippy::cast_precision_loss)]
pub fn g_expansion(n: usize, k: usize) -> f64 {
    let (nf, x) = (n as f64, k as f64 / n as f64);
    let even = (n - k) % 2 == 0;
    match (even, x < 2.0 / 3.0) {
        (true, true) => {
            0.5 + 1.0 / (4.0 * (1.0 - x) * nf)
                - (6.0 - 7.0 * x) / (32.0 * (1.0 - x).powi(3) * nf * nf)
        }
        (true, false) => {
            0.5 + 1.0 / (4.0 * (1.0 - x) * nf) - 1.0 / (8.0 * (1.0 - x).powi(2) * nf * nf)
        }
        (false, true) => 0.5 + (2.0 - 3.0 * x) / (32.0 * (1.0 - x).powi(3) * nf * nf),
        (false, false) => 0.5,
    }
}

/// §4 item 3: both players have zero memory, so each turn turns over two
/// cards chosen uniformly at random; a pair is taken and the same player
/// goes on, the 1s win. Returns the first player's win probability with
/// N pairs. No draws occur: the game ends with probability 1.
///
/// With n pairs left the mover wins at once with probability a = 1/C(2n,2),
/// takes another pair (and moves again with n−1) with probability
/// b = (n−1)/C(2n,2), and otherwise hands the same table over:
/// w(n) = a + b·w(n−1) + (1−a−b)(1 − w(n)), solved for w(n).
#[must_use]
pub fn zero_memory_first_player_wins(pairs: usize) -> BigRational {
    let mut w = BigRational::zero();
    for n in 1..=pairs {
        let draws = n * (2 * n - 1);
        let (a, b) = (q(1, draws), q(n - 1, draws));
        let rest = BigRational::one() - a.clone() - b.clone();
        w = (a + b * w + rest.clone()) / (BigRational::one() + rest);
    }
    w
}

/// The probability that the game ends drawn (§3.3), from every state of
/// `table`, when both players only ever take optimal options and pick among tied
/// ones by `tie`. A pass chosen at a state means both pass for ever
/// (the opponent faces the same state): a draw. Needs a full table with
/// recorded options (`None` otherwise): Proposition 2.1 equates values,
/// not draw probabilities.
#[must_use]
pub fn draw_probabilities<V: Prob>(table: &Table<V>, tie: TieBreak) -> Option<Table<V>> {
    if table.extent() != Extent::Full || !table.records_best() {
        return None;
    }
    let zero = V::ratio(0, 1);
    let mut draws = table.map(|_| zero.clone());
    let mut t = Transitions::default();
    table.visit_successors_first(|state| {
        t.refill(state);
        let of = |next: Next| match next {
            Next::Win | Next::Lose => V::ratio(0, 1),
            Next::Mine(s) | Next::Theirs(s) => draws.value(s).expect("held"),
        };
        let mut chosen: Option<V> = None;
        for choice in table.best(state).expect("recorded") {
            let d = match choice {
                Choice::TakeKnownPair => of(Next::Mine(t.take_pair.expect("m ≥ 1"))),
                Choice::Pass => V::ratio(1, 1),
                Choice::OpenUnknown {
                    matched,
                    one,
                    fresh,
                } => {
                    let mut sum = V::ratio(0, 1);
                    for case in t.cases() {
                        let wanted = match case.case {
                            Case::Matched => matched,
                            Case::One => one,
                            Case::Fresh => fresh,
                        };
                        let (_, outcomes) = case
                            .answers()
                            .find(|(second, _)| Some(*second) == *wanted)
                            .expect("an optimal option answers every case");
                        sum = sum
                            + V::ratio(case.count, t.unknown)
                                * outcomes
                                    .iter()
                                    .fold(Mean::Empty, |mean, &(count, next)| {
                                        mean.add(count, of(next))
                                    })
                                    .value();
                    }
                    sum
                }
            };
            chosen = Some(match (chosen, tie) {
                (None, _) => d,
                (Some(c), TieBreak::FewestDraws) => {
                    if d < c {
                        d
                    } else {
                        c
                    }
                }
                (Some(c), TieBreak::MostDraws) => {
                    if d > c {
                        d
                    } else {
                        c
                    }
                }
            });
        }
        draws.store(
            state,
            chosen.expect("every state has an optimal option"),
            None,
        );
    });
    Some(draws)
}
