//! The recurrences of §2.1 (document 004), evaluated bottom-up in increasing
//! number of unknown cards, exactly ([`BigRational`]) or in `f64`.
//!
//! One recurrence serves both arithmetics through [`Prob`]; the float table
//! exists for large n and is cross-checked against the exact one in tests.

use super::rules::{Choice, Family, Second, State};
use super::scaled::Scaled;
use num_bigint::BigInt;
use num_rational::BigRational;
use std::ops::{Add, Div, Mul, Sub};

/// A probability arithmetic: exact rationals or `f64`.
pub trait Prob:
    Clone
    + PartialOrd
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Div<Output = Self>
{
    /// The number num/den.
    fn ratio(num: usize, den: usize) -> Self;
}

impl Prob for BigRational {
    fn ratio(num: usize, den: usize) -> Self {
        BigRational::new(BigInt::from(num), BigInt::from(den))
    }
}

impl Prob for f64 {
    #[allow(clippy::cast_precision_loss)]
    fn ratio(num: usize, den: usize) -> Self {
        num as f64 / den as f64
    }
}

/// Which states the table holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Extent {
    /// Every F(n,m,k) and G(n,m,k) with n ≤ N.
    Full,
    /// Proposition 2.1's reduction: F with m ≤ 2 and G with m = 0; other
    /// states are read through f(n,m,k) = f(n−m+2,2,k) (m ≥ 2) and
    /// g(n,m,k) = g(n−m,0,k).
    Reduced,
}

/// f and g (and, on request, the optimal options) for every state up to N.
pub struct Table<V> {
    max_pairs: usize,
    extent: Extent,
    /// `f[n][m]` holds f(n,m,k) at index k (k ≤ n − 1 − m).
    f: Vec<Vec<Vec<V>>>,
    /// `g[n][m]` holds g(n,m,k) at index k − 1 (1 ≤ k ≤ n − m).
    g: Vec<Vec<Vec<V>>>,
    best_f: Option<Vec<Vec<Vec<Vec<Choice>>>>>,
    best_g: Option<Vec<Vec<Vec<Vec<Choice>>>>>,
}

/// One case of turning over an unknown card first: which case, its
/// probability, and the answers for the second card with their values.
type OpenCase<V> = (Case, V, Vec<(Second, V)>);

/// The options at one state with their values, before the pass fixed point.
struct Options<V> {
    take_pair: Option<V>,
    can_pass: bool,
    /// Per case (a), (b), (c): probability and the sub-options with values.
    open: Vec<OpenCase<V>>,
    /// G's case (b): the second 1 is taken and wins; probability 1/u.
    forced_win: Option<V>,
}

impl<V: Prob> Table<V> {
    /// Solves every state with at most `max_pairs` pairs. With `record_best`
    /// the optimal options of each state are kept (ties listed).
    #[must_use]
    pub fn build(max_pairs: usize, extent: Extent, record_best: bool) -> Table<V> {
        let zero = V::ratio(0, 1);
        let m_cap = |n: usize, family: Family| match (extent, family) {
            (Extent::Full, _) => n,
            (Extent::Reduced, Family::F) => n.min(2),
            (Extent::Reduced, Family::G) => 0,
        };
        let mut f = vec![Vec::new()];
        let mut g = vec![Vec::new()];
        for n in 1..=max_pairs {
            f.push(
                (0..=m_cap(n, Family::F).min(n - 1))
                    .map(|m| vec![zero.clone(); n - m])
                    .collect(),
            );
            g.push(
                (0..=m_cap(n, Family::G).min(n - 1))
                    .map(|m| vec![zero.clone(); n - m])
                    .collect(),
            );
        }
        let empty = |t: &Vec<Vec<Vec<V>>>| -> Vec<Vec<Vec<Vec<Choice>>>> {
            t.iter()
                .map(|rows| rows.iter().map(|r| vec![Vec::new(); r.len()]).collect())
                .collect()
        };
        let mut table = Table {
            max_pairs,
            extent,
            best_f: record_best.then(|| empty(&f)),
            best_g: record_best.then(|| empty(&g)),
            f,
            g,
        };
        for state in solving_order(max_pairs, m_cap) {
            let (value, best) = table.solve_state(state, record_best);
            table.store(state, value, best);
        }
        table
    }

    fn store(&mut self, s: State, value: V, best: Vec<Choice>) {
        let (n, m, k) = (s.pairs, s.known_pairs, s.known_singles);
        match s.family {
            Family::F => {
                self.f[n][m][k] = value;
                if let Some(b) = &mut self.best_f {
                    b[n][m][k] = best;
                }
            }
            Family::G => {
                self.g[n][m][k - 1] = value;
                if let Some(b) = &mut self.best_g {
                    b[n][m][k - 1] = best;
                }
            }
        }
    }

    /// The same table with every value converted (e.g. [`Scaled`] to
    /// `BigRational`).
    #[must_use]
    pub fn map<W>(&self, convert: impl Fn(&V) -> W) -> Table<W> {
        let each = |t: &Vec<Vec<Vec<V>>>| -> Vec<Vec<Vec<W>>> {
            t.iter()
                .map(|rows| {
                    rows.iter()
                        .map(|r| r.iter().map(&convert).collect())
                        .collect()
                })
                .collect()
        };
        Table {
            max_pairs: self.max_pairs,
            extent: self.extent,
            f: each(&self.f),
            g: each(&self.g),
            best_f: self.best_f.clone(),
            best_g: self.best_g.clone(),
        }
    }

    /// The probability that the game ends drawn (§3.3), from every state,
    /// when both players only ever take optimal options and pick among tied
    /// ones by `tie`. A pass chosen at a state means both pass for ever
    /// (the opponent faces the same state): a draw. Needs a full table with
    /// recorded options (`None` otherwise): Proposition 2.1 equates values,
    /// not draw probabilities.
    #[must_use]
    pub fn draw_probabilities(&self, tie: TieBreak) -> Option<Table<V>> {
        if self.extent != Extent::Full || self.best_f.is_none() {
            return None;
        }
        let zero = V::ratio(0, 1);
        let mut draws = self.map(|_| zero.clone());
        for state in solving_order(self.max_pairs, |n, _| n) {
            let t = transitions(state);
            let of = |next: Next| match next {
                Next::Win | Next::Lose => V::ratio(0, 1),
                Next::Mine(s) | Next::Theirs(s) => draws.value(s).expect("held"),
            };
            let mut chosen: Option<V> = None;
            for choice in self.best(state).expect("recorded") {
                let d = match choice {
                    Choice::TakeKnownPair => of(Next::Mine(t.take_pair.expect("m ≥ 1"))),
                    Choice::Pass => V::ratio(1, 1),
                    Choice::OpenUnknown {
                        matched,
                        one,
                        fresh,
                    } => {
                        let mut sum = V::ratio(0, 1);
                        for (case, count, answers) in &t.cases {
                            let wanted = match case {
                                Case::Matched => matched,
                                Case::One => one,
                                Case::Fresh => fresh,
                            };
                            let (_, outcomes) = answers
                                .iter()
                                .find(|(second, _)| Some(*second) == *wanted)
                                .expect("an optimal option answers every case");
                            sum = sum + V::ratio(*count, t.unknown) * self.expect(outcomes, of);
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
                Vec::new(),
            );
        }
        Some(draws)
    }

    /// The largest n held.
    #[must_use]
    pub fn max_pairs(&self) -> usize {
        self.max_pairs
    }

    /// f(n,m,k), through Proposition 2.1 (1) for m > 2 in a reduced table.
    ///
    /// # Panics
    /// If (n,m,k) is not an F state or n exceeds the table.
    #[must_use]
    pub fn f(&self, n: usize, m: usize, k: usize) -> V {
        if self.extent == Extent::Reduced && m > 2 {
            return self.f(n - m + 2, 2, k);
        }
        self.f[n][m][k].clone()
    }

    /// g(n,m,k), through Proposition 2.1 (2) for m > 0 in a reduced table.
    ///
    /// # Panics
    /// If (n,m,k) is not a G state or n exceeds the table.
    #[must_use]
    pub fn g(&self, n: usize, m: usize, k: usize) -> V {
        if self.extent == Extent::Reduced && m > 0 {
            return self.g(n - m, 0, k);
        }
        self.g[n][m][k - 1].clone()
    }

    /// The value of a state to the player to move, if the table holds it.
    #[must_use]
    pub fn value(&self, s: State) -> Option<V> {
        (s.pairs <= self.max_pairs).then(|| match s.family {
            Family::F => self.f(s.pairs, s.known_pairs, s.known_singles),
            Family::G => self.g(s.pairs, s.known_pairs, s.known_singles),
        })
    }

    /// The optimal options at a state (ties listed), if recorded and held.
    #[must_use]
    pub fn best(&self, s: State) -> Option<&[Choice]> {
        let (n, m, k) = (s.pairs, s.known_pairs, s.known_singles);
        if n > self.max_pairs {
            return None;
        }
        match s.family {
            Family::F => self
                .best_f
                .as_ref()?
                .get(n)?
                .get(m)?
                .get(k)
                .map(Vec::as_slice),
            Family::G => self
                .best_g
                .as_ref()?
                .get(n)?
                .get(m)?
                .get(k - 1)
                .map(Vec::as_slice),
        }
    }

    /// Every state the table holds, in (family, n, m, k) order.
    #[must_use]
    pub fn states(&self) -> Vec<State> {
        let mut out = Vec::new();
        for family in [Family::F, Family::G] {
            let rows = match family {
                Family::F => &self.f,
                Family::G => &self.g,
            };
            for (n, by_m) in rows.iter().enumerate() {
                for (m, by_k) in by_m.iter().enumerate() {
                    for i in 0..by_k.len() {
                        out.push(
                            match family {
                                Family::F => State::f(n, m, i),
                                Family::G => State::g(n, m, i + 1),
                            }
                            .expect("the table holds only states"),
                        );
                    }
                }
            }
        }
        out
    }

    /// What a successor is worth to the player choosing at the parent.
    fn worth(&self, next: Next) -> V {
        match next {
            Next::Win => V::ratio(1, 1),
            Next::Lose => V::ratio(0, 1),
            Next::Mine(s) => self.value(s).expect("successors are smaller"),
            Next::Theirs(s) => V::ratio(1, 1) - self.value(s).expect("successors are smaller"),
        }
    }

    /// The expectation of `worth` over one answer's outcomes.
    fn expect(&self, outcomes: &[(usize, Next)], worth: impl Fn(Next) -> V) -> V {
        if let [(_, next)] = outcomes {
            return worth(*next);
        }
        let mut sum = V::ratio(0, 1);
        let mut total = 0;
        for &(count, next) in outcomes {
            sum = sum + V::ratio(count, 1) * worth(next);
            total += count;
        }
        sum / V::ratio(total, 1)
    }

    /// The options of §2.1 at `s` with their values, every state they read
    /// taken from the table.
    fn options(&self, s: State) -> Options<V> {
        let t = transitions(s);
        let u = t.unknown;
        let open = t
            .cases
            .iter()
            .map(|(case, count, answers)| {
                let subs = answers
                    .iter()
                    .map(|(second, outcomes)| (*second, self.expect(outcomes, |n| self.worth(n))))
                    .collect();
                (*case, V::ratio(*count, u), subs)
            })
            .collect();
        Options {
            take_pair: t.take_pair.map(|p| self.worth(Next::Mine(p))),
            can_pass: t.can_pass,
            open,
            forced_win: t.forced_win.then(|| V::ratio(1, u)),
        }
    }

    /// The value of `s` and, if asked, its optimal options.
    ///
    /// Passing makes the equation self-referential: x = max(A, 1 − x) with
    /// A the best other option. Its solution is A when A ≥ 1/2 and 1/2
    /// otherwise (both players pass for ever: a draw, rule R5).
    fn solve_state(&self, s: State, record_best: bool) -> (V, Vec<Choice>) {
        let options = self.options(s);
        let mut open_value = options.forced_win.clone().unwrap_or_else(|| V::ratio(0, 1));
        let mut per_case: Vec<(Case, Vec<Second>)> = Vec::new();
        for (case, p, subs) in &options.open {
            let top = max_of(subs.iter().map(|(_, v)| v.clone()));
            open_value = open_value + p.clone() * top.clone();
            per_case.push((
                *case,
                subs.iter()
                    .filter(|(_, v)| *v == top)
                    .map(|(c, _)| *c)
                    .collect(),
            ));
        }
        let active = match &options.take_pair {
            Some(t) if *t > open_value => t.clone(),
            _ => open_value.clone(),
        };
        let half = V::ratio(1, 2);
        let value = if options.can_pass && active < half {
            half.clone()
        } else {
            active.clone()
        };
        if !record_best {
            return (value, Vec::new());
        }
        let mut best = Vec::new();
        if options.take_pair.as_ref() == Some(&value) {
            best.push(Choice::TakeKnownPair);
        }
        if options.can_pass && active <= half {
            best.push(Choice::Pass);
        }
        if open_value == value {
            let mut combos = vec![(None, None, None)];
            for (case, seconds) in per_case {
                combos = combos
                    .into_iter()
                    .flat_map(|(a, b, c)| {
                        seconds.iter().map(move |&sec| match case {
                            Case::Matched => (Some(sec), b, c),
                            Case::One => (a, Some(sec), c),
                            Case::Fresh => (a, b, Some(sec)),
                        })
                    })
                    .collect();
            }
            best.extend(
                combos
                    .into_iter()
                    .map(|(matched, one, fresh)| Choice::OpenUnknown {
                        matched,
                        one,
                        fresh,
                    }),
            );
        }
        (value, best)
    }
}

/// Every state the table holds, successors first. Every option other than
/// taking a known pair turns over at least one unknown card; taking a pair
/// keeps the unknown count and lowers n. So (unknown cards, n) ascending
/// visits successors first.
fn solving_order(
    max_pairs: usize,
    m_cap: impl Fn(usize, Family) -> usize + Copy,
) -> impl Iterator<Item = State> {
    // An iterator, not a list: at n = 2,000 the reduced table has 8 million
    // states, and a list of them would cost more memory than the table.
    (1..=2 * max_pairs).flat_map(move |unknown| {
        (1..=max_pairs).flat_map(move |n| {
            [Family::F, Family::G].into_iter().flat_map(move |family| {
                (0..=m_cap(n, family).min(n - 1)).filter_map(move |m| {
                    let k = (2 * n - 2 * m).checked_sub(unknown)?;
                    // Test validity first: the error of an invalid triple
                    // formats a message, millions of times at n = 2,000.
                    let valid = match family {
                        Family::F => m + k < n,
                        Family::G => k >= 1 && m + k <= n,
                    };
                    valid.then(|| {
                        match family {
                            Family::F => State::f(n, m, k),
                            Family::G => State::g(n, m, k),
                        }
                        .expect("checked above")
                    })
                })
            })
        })
    })
}

/// Which optimal option a player takes when several tie: the value does
/// not depend on it, the probability of a draw does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TieBreak {
    /// The optimal option with the smallest draw probability.
    FewestDraws,
    /// The optimal option with the largest draw probability.
    MostDraws,
}

/// Where a branch leads, seen by the player who chose it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next {
    /// The chooser takes the 1s.
    Win,
    /// The opponent takes the 1s next (it knows where both are).
    Lose,
    /// The chooser moves again in this state (a pair was taken).
    Mine(State),
    /// The opponent moves in this state (the turn passed).
    Theirs(State),
}

/// The §2.1 moves out of a state, without values: every option, its
/// precondition, and for turning unknown cards the count of cards behind
/// each outcome. Branches of probability zero are left out, so no invalid
/// state is ever named.
#[derive(Debug, Clone)]
pub struct Transitions {
    /// u: unknown cards, the denominator of the first card's cases.
    pub unknown: usize,
    /// (F1)/(G1): the state after taking a known pair, if m ≥ 1.
    pub take_pair: Option<State>,
    /// (F2)/(G2): a pass is possible (m + k ≥ 2).
    pub can_pass: bool,
    /// (G3)(b): the first card is the second 1, with 1 card of u: a win.
    pub forced_win: bool,
    /// (F3)/(G3) cases: which, how many of the u cards, and per answer for
    /// the second card its outcomes with their card counts.
    pub cases: Vec<(Case, usize, Vec<Answer>)>,
}

/// One answer for the second card and its outcomes with card counts.
pub type Answer = (Second, Vec<(usize, Next)>);

/// The cases of turning an unknown card first (§2.1 (a), (b), (c)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Case {
    /// (a) it matches a known card (not a 1).
    Matched,
    /// (b) it is a 1 (in F; in G this case is the forced win).
    One,
    /// (c) a number no card of which was known.
    Fresh,
}

fn f_state(n: usize, m: usize, k: usize) -> State {
    State::f(n, m, k).expect("a successor with positive probability is a state")
}

fn g_state(n: usize, m: usize, k: usize) -> State {
    State::g(n, m, k).expect("a successor with positive probability is a state")
}

/// Keeps the outcomes that have at least one card behind them.
fn some(outcomes: Vec<(usize, Option<Next>)>) -> Vec<(usize, Next)> {
    outcomes
        .into_iter()
        .filter(|(count, _)| *count > 0)
        .map(|(count, next)| (count, next.expect("named when its count is positive")))
        .collect()
}

/// The moves of §2.1 (F1)–(F3) and (G1)–(G3) out of `s`.
#[must_use]
pub fn transitions(s: State) -> Transitions {
    let (n, m, k) = (s.pairs, s.known_pairs, s.known_singles);
    let u = s.unknown_cards();
    let mut cases = Vec::new();
    // `when(c, x)`: x only if c; lazily, as the state exists only then.
    let when = |c: bool, next: &dyn Fn() -> Next| c.then(next);
    let take_pair;
    let mut forced_win = false;
    match s.family {
        Family::F => {
            let fresh = n - m - k - 1; // non-1 numbers with no card known
            take_pair = (m >= 1).then(|| f_state(n - 1, m - 1, k));
            if k >= 1 {
                let mut answers = vec![(
                    Second::Take,
                    vec![(1, Next::Mine(f_state(n - 1, m, k - 1)))],
                )];
                if m + k >= 2 {
                    answers.push((
                        Second::Known,
                        vec![(1, Next::Theirs(f_state(n, m + 1, k - 1)))],
                    ));
                }
                answers.push((
                    Second::Unknown,
                    some(vec![
                        (
                            k - 1,
                            when(k >= 2, &|| {
                                Next::Theirs(f_state(n, m + 2, k.saturating_sub(2)))
                            }),
                        ),
                        (2, Some(Next::Theirs(g_state(n, m + 1, k)))),
                        (
                            2 * fresh,
                            when(fresh > 0, &|| Next::Theirs(f_state(n, m + 1, k))),
                        ),
                    ]),
                ));
                cases.push((Case::Matched, k, answers));
            }
            let mut answers = Vec::new();
            if m + k >= 1 {
                answers.push((Second::Known, vec![(1, Next::Theirs(g_state(n, m, k + 1)))]));
            }
            answers.push((
                Second::Unknown,
                some(vec![
                    (1, Some(Next::Win)),
                    (k, when(k >= 1, &|| Next::Theirs(g_state(n, m + 1, k)))),
                    (
                        2 * fresh,
                        when(fresh > 0, &|| Next::Theirs(g_state(n, m, k + 2))),
                    ),
                ]),
            ));
            cases.push((Case::One, 2, answers));
            if fresh > 0 {
                let mut answers = Vec::new();
                if m + k >= 1 {
                    answers.push((Second::Known, vec![(1, Next::Theirs(f_state(n, m, k + 1)))]));
                }
                answers.push((
                    Second::Unknown,
                    some(vec![
                        (1, Some(Next::Mine(f_state(n - 1, m, k)))),
                        (2, Some(Next::Theirs(g_state(n, m, k + 2)))),
                        (k, when(k >= 1, &|| Next::Theirs(f_state(n, m + 1, k)))),
                        (
                            2 * fresh - 2,
                            when(fresh > 1, &|| Next::Theirs(f_state(n, m, k + 2))),
                        ),
                    ]),
                ));
                cases.push((Case::Fresh, 2 * fresh, answers));
            }
        }
        Family::G => {
            let fresh = n - m - k; // numbers with no card known
            take_pair = (m >= 1).then(|| g_state(n - 1, m - 1, k));
            if k >= 2 {
                let answers = vec![
                    (
                        Second::Take,
                        vec![(1, Next::Mine(g_state(n - 1, m, k - 1)))],
                    ),
                    (
                        Second::Known,
                        vec![(1, Next::Theirs(g_state(n, m + 1, k - 1)))],
                    ),
                    (
                        Second::Unknown,
                        some(vec![
                            (
                                k - 2,
                                when(k >= 3, &|| {
                                    Next::Theirs(g_state(n, m + 2, k.saturating_sub(2)))
                                }),
                            ),
                            (
                                2 * fresh,
                                when(fresh > 0, &|| Next::Theirs(g_state(n, m + 1, k))),
                            ),
                            // the other 1 turned second: the opponent takes the pair
                            (1, Some(Next::Lose)),
                        ]),
                    ),
                ];
                cases.push((Case::Matched, k - 1, answers));
            }
            forced_win = true;
            if fresh > 0 {
                let answers = vec![
                    (Second::Known, vec![(1, Next::Theirs(g_state(n, m, k + 1)))]),
                    (
                        Second::Unknown,
                        some(vec![
                            (1, Some(Next::Mine(g_state(n - 1, m, k)))),
                            (k - 1, when(k >= 2, &|| Next::Theirs(g_state(n, m + 1, k)))),
                            (1, Some(Next::Lose)),
                            (
                                2 * fresh - 2,
                                when(fresh > 1, &|| Next::Theirs(g_state(n, m, k + 2))),
                            ),
                        ]),
                    ),
                ];
                cases.push((Case::Fresh, 2 * fresh, answers));
            }
        }
    }
    Transitions {
        unknown: u,
        take_pair,
        can_pass: s.can_pass(),
        forced_win,
        cases,
    }
}

fn max_of<V: Prob>(values: impl Iterator<Item = V>) -> V {
    values
        .reduce(|a, b| if b > a { b } else { a })
        .expect("every case has at least one answer")
}

/// The exact table, computed over factorial denominators ([`Scaled`]) and
/// handed out as reduced rationals.
#[must_use]
pub fn exact_table(max_pairs: usize, extent: Extent, record_best: bool) -> Table<BigRational> {
    Table::<Scaled>::build(max_pairs, extent, record_best).map(Scaled::to_rational)
}

/// f(N,0,0) exactly: the first player's expected points (win 1, draw 1/2).
#[must_use]
pub fn first_player_value(pairs: usize) -> BigRational {
    Table::<Scaled>::build(pairs, Extent::Reduced, false)
        .f(pairs, 0, 0)
        .to_rational()
}
