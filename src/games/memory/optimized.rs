//! The recurrences of §2.1 (document 004), evaluated bottom-up in increasing
//! number of unknown cards, exactly ([`BigRational`]) or in `f64`.
//!
//! One recurrence serves both arithmetics through [`Prob`]; the float table
//! exists for large n and is cross-checked against the exact one in tests.

use super::rules::{Choice, Family, Second, State};
use super::scaled::Scaled;
use num_bigint::BigInt;
use num_rational::BigRational;
use std::ops::{Add, Div, Mul, Range, Sub};

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
        let mut moves = Transitions::default();
        in_solving_order(max_pairs, m_cap, |state| {
            moves.refill(state);
            let (value, best) = table.solve_state(&moves, record_best);
            table.store(state, value, best);
        });
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
        let mut t = Transitions::default();
        in_solving_order(self.max_pairs, |n, _| n, |state| {
            t.refill(state);
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
                            sum = sum + V::ratio(case.count, t.unknown) * self.expect(outcomes, of);
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
        });
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

    /// The value of the state whose moves are `t` and, if asked, its
    /// optimal options.
    ///
    /// Passing makes the equation self-referential: x = max(A, 1 − x) with
    /// A the best other option. Its solution is A when A ≥ 1/2 and 1/2
    /// otherwise (both players pass for ever: a draw, rule R5).
    fn solve_state(&self, t: &Transitions, record_best: bool) -> (V, Vec<Choice>) {
        let u = t.unknown;
        // G's case (b): the second 1 is taken and wins, probability 1/u.
        let mut open_value = if t.forced_win {
            V::ratio(1, u)
        } else {
            V::ratio(0, 1)
        };
        for case in t.cases() {
            let top = max_of(
                case.answers()
                    .map(|(_, outcomes)| self.expect(outcomes, |n| self.worth(n))),
            );
            open_value = open_value + V::ratio(case.count, u) * top;
        }
        let take_pair = t.take_pair.map(|p| self.worth(Next::Mine(p)));
        let active = match &take_pair {
            Some(t) if *t > open_value => t.clone(),
            _ => open_value.clone(),
        };
        let half = V::ratio(1, 2);
        let value = if t.can_pass && active < half {
            half.clone()
        } else {
            active.clone()
        };
        if !record_best {
            return (value, Vec::new());
        }
        let mut best = Vec::new();
        if take_pair.as_ref() == Some(&value) {
            best.push(Choice::TakeKnownPair);
        }
        if t.can_pass && active <= half {
            best.push(Choice::Pass);
        }
        if open_value == value {
            let mut combos = vec![(None, None, None)];
            for case in t.cases() {
                // The answers tied for the best in this case.
                let values: Vec<(Second, V)> = case
                    .answers()
                    .map(|(second, outcomes)| (second, self.expect(outcomes, |n| self.worth(n))))
                    .collect();
                let top = max_of(values.iter().map(|(_, v)| v.clone()));
                let seconds: Vec<Second> = values
                    .into_iter()
                    .filter(|(_, v)| *v == top)
                    .map(|(second, _)| second)
                    .collect();
                let case = case.case;
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

/// Visits every state the table holds, successors first. Every option
/// other than taking a known pair turns over at least one unknown card and
/// keeps n or lowers it; taking a pair keeps the unknown count and lowers n.
/// So (n, unknown cards) ascending visits successors first.
fn in_solving_order(
    max_pairs: usize,
    m_cap: impl Fn(usize, Family) -> usize,
    mut visit: impl FnMut(State),
) {
    // Plain loops and a visitor, not a list or nested iterator adapters: at
    // n = 2,000 the reduced table has 8 million states, a list of them would
    // cost more memory than the table, and the adapters cost a sixth of the
    // float table's time.
    for n in 1..=max_pairs {
        let caps = [(Family::F, m_cap(n, Family::F)), (Family::G, m_cap(n, Family::G))];
        for unknown in 1..=2 * n {
            for (family, cap) in caps {
                for m in 0..=cap.min(n - 1) {
                    let Some(k) = (2 * n - 2 * m).checked_sub(unknown) else {
                        break; // k only shrinks as m grows
                    };
                    // Test validity first: the error of an invalid triple
                    // formats a message, millions of times at n = 2,000.
                    let state = match family {
                        Family::F if m + k < n => State::f(n, m, k),
                        Family::G if k >= 1 && m + k <= n => State::g(n, m, k),
                        _ => continue,
                    };
                    visit(state.expect("checked above"));
                }
            }
        }
    }
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
///
/// Cases, answers and outcomes live in three flat lists that
/// [`Transitions::refill`] clears and fills again: the reduced table visits
/// 8 million states at n = 2,000, and a fresh nested list per state made
/// memory allocation the largest cost of the float table.
#[derive(Debug, Clone, Default)]
pub struct Transitions {
    /// u: unknown cards, the denominator of the first card's cases.
    pub unknown: usize,
    /// (F1)/(G1): the state after taking a known pair, if m ≥ 1.
    pub take_pair: Option<State>,
    /// (F2)/(G2): a pass is possible (m + k ≥ 2).
    pub can_pass: bool,
    /// (G3)(b): the first card is the second 1, with 1 card of u: a win.
    pub forced_win: bool,
    /// Per case: which, how many of the u cards, and its answers in `answers`.
    cases: Vec<(Case, usize, Range<usize>)>,
    /// Per answer for the second card: which, and its outcomes in `outcomes`.
    answers: Vec<(Second, Range<usize>)>,
    /// Card counts and where each outcome leads.
    outcomes: Vec<(usize, Next)>,
}

/// One case of (F3)/(G3): the first card turned is of kind `case`, which
/// `count` of the u unknown cards are.
#[derive(Debug, Clone, Copy)]
pub struct OpenCase<'a> {
    /// (a), (b) or (c).
    pub case: Case,
    /// How many of the u unknown cards lead to this case.
    pub count: usize,
    answers: &'a [(Second, Range<usize>)],
    outcomes: &'a [(usize, Next)],
}

impl<'a> OpenCase<'a> {
    /// Each answer for the second card with its outcomes and card counts.
    pub fn answers(&self) -> impl Iterator<Item = (Second, &'a [(usize, Next)])> + 'a {
        let outcomes = self.outcomes;
        self.answers
            .iter()
            .map(move |(second, range)| (*second, &outcomes[range.clone()]))
    }
}

impl Transitions {
    /// The cases of turning an unknown card first, in the order (a), (b), (c).
    pub fn cases(&self) -> impl Iterator<Item = OpenCase<'_>> {
        self.cases.iter().map(|(case, count, range)| OpenCase {
            case: *case,
            count: *count,
            answers: &self.answers[range.clone()],
            outcomes: &self.outcomes,
        })
    }

    fn begin_case(&mut self, case: Case, count: usize) {
        let at = self.answers.len();
        self.cases.push((case, count, at..at));
    }

    /// An answer for the second card in the case begun last; outcomes with
    /// no card behind them are left out.
    fn answer(&mut self, second: Second, outcomes: &[(usize, Option<Next>)]) {
        let from = self.outcomes.len();
        for &(count, next) in outcomes {
            if count > 0 {
                let next = next.expect("named when its count is positive");
                self.outcomes.push((count, next));
            }
        }
        self.answers.push((second, from..self.outcomes.len()));
        let case = self.cases.last_mut().expect("an answer belongs to a case");
        case.2.end = self.answers.len();
    }

    /// Replaces the contents with the moves of §2.1 (F1)–(F3) and
    /// (G1)–(G3) out of `s`, keeping the lists' storage.
    pub fn refill(&mut self, s: State) {
        let (n, m, k) = (s.pairs, s.known_pairs, s.known_singles);
        self.cases.clear();
        self.answers.clear();
        self.outcomes.clear();
        self.unknown = s.unknown_cards();
        self.can_pass = s.can_pass();
        // `when(c, x)`: x only if c; lazily, as the state exists only then.
        let when = |c: bool, next: &dyn Fn() -> Next| c.then(next);
        match s.family {
            Family::F => {
                let fresh = n - m - k - 1; // non-1 numbers with no card known
                self.take_pair = (m >= 1).then(|| f_state(n - 1, m - 1, k));
                self.forced_win = false;
                if k >= 1 {
                    self.begin_case(Case::Matched, k);
                    let take = Next::Mine(f_state(n - 1, m, k - 1));
                    self.answer(Second::Take, &[(1, Some(take))]);
                    if m + k >= 2 {
                        let miss = Next::Theirs(f_state(n, m + 1, k - 1));
                        self.answer(Second::Known, &[(1, Some(miss))]);
                    }
                    self.answer(
                        Second::Unknown,
                        &[
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
                        ],
                    );
                }
                self.begin_case(Case::One, 2);
                if m + k >= 1 {
                    let miss = Next::Theirs(g_state(n, m, k + 1));
                    self.answer(Second::Known, &[(1, Some(miss))]);
                }
                self.answer(
                    Second::Unknown,
                    &[
                        (1, Some(Next::Win)),
                        (k, when(k >= 1, &|| Next::Theirs(g_state(n, m + 1, k)))),
                        (
                            2 * fresh,
                            when(fresh > 0, &|| Next::Theirs(g_state(n, m, k + 2))),
                        ),
                    ],
                );
                if fresh > 0 {
                    self.begin_case(Case::Fresh, 2 * fresh);
                    if m + k >= 1 {
                        let miss = Next::Theirs(f_state(n, m, k + 1));
                        self.answer(Second::Known, &[(1, Some(miss))]);
                    }
                    self.answer(
                        Second::Unknown,
                        &[
                            (1, Some(Next::Mine(f_state(n - 1, m, k)))),
                            (2, Some(Next::Theirs(g_state(n, m, k + 2)))),
                            (k, when(k >= 1, &|| Next::Theirs(f_state(n, m + 1, k)))),
                            (
                                2 * fresh - 2,
                                when(fresh > 1, &|| Next::Theirs(f_state(n, m, k + 2))),
                            ),
                        ],
                    );
                }
            }
            Family::G => {
                let fresh = n - m - k; // numbers with no card known
                self.take_pair = (m >= 1).then(|| g_state(n - 1, m - 1, k));
                if k >= 2 {
                    self.begin_case(Case::Matched, k - 1);
                    let take = Next::Mine(g_state(n - 1, m, k - 1));
                    self.answer(Second::Take, &[(1, Some(take))]);
                    let miss = Next::Theirs(g_state(n, m + 1, k - 1));
                    self.answer(Second::Known, &[(1, Some(miss))]);
                    self.answer(
                        Second::Unknown,
                        &[
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
                        ],
                    );
                }
                self.forced_win = true;
                if fresh > 0 {
                    self.begin_case(Case::Fresh, 2 * fresh);
                    let miss = Next::Theirs(g_state(n, m, k + 1));
                    self.answer(Second::Known, &[(1, Some(miss))]);
                    self.answer(
                        Second::Unknown,
                        &[
                            (1, Some(Next::Mine(g_state(n - 1, m, k)))),
                            (k - 1, when(k >= 2, &|| Next::Theirs(g_state(n, m + 1, k)))),
                            (1, Some(Next::Lose)),
                            (
                                2 * fresh - 2,
                                when(fresh > 1, &|| Next::Theirs(g_state(n, m, k + 2))),
                            ),
                        ],
                    );
                }
            }
        }
    }
}

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

/// The moves of §2.1 (F1)–(F3) and (G1)–(G3) out of `s`.
#[must_use]
pub fn transitions(s: State) -> Transitions {
    let mut moves = Transitions::default();
    moves.refill(s);
    moves
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
