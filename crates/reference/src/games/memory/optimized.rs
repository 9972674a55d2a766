//! The table solver: the recurrences of §2.1 (document 004) evaluated
//! bottom-up in increasing number of unknown cards, exactly ([`BigRational`],
//! computed over factorial denominators) or in `f64`.
//!
//! One recurrence serves every arithmetic through [`Prob`] (`number.rs`);
//! the moves it values are written once, in `rules.rs`; what is read off a
//! solved table (propositions, tendencies, draw probabilities) is in
//! `analysis.rs`. The float table exists for large n and is cross-checked
//! against the exact one in tests.

use super::number::{Mean, Prob};
use super::rules::{f_state, g_state, moves, Case, Choice, Family, MoveSink, Next, Second, State};
use super::scaled::Scaled;
use crate::progress::{Progress, Silent};
use num_rational::BigRational;
use std::cell::Cell;

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
    /// f(n,m,k) at place k of row (n, m) (k ≤ n − 1 − m).
    f: Entries<V>,
    /// g(n,m,k) at place k − 1 of row (n, m) (1 ≤ k ≤ n − m).
    g: Entries<V>,
}

/// One family's values (and optimal options) in one flat list, row (n, m)
/// after row: a lookup is one read of a small index and one of the value,
/// where nested lists per n and m cost three dependent reads, a third of
/// the float table's time at n = 2,000.
#[derive(Debug, Clone)]
struct Entries<V> {
    /// The largest number of m rows of any n.
    width: usize,
    /// The largest m held for every n (Proposition 2.1's reduction: 2 for
    /// F, 0 for G; unbounded in a full table).
    top_m: usize,
    /// `rows[n]`: m runs over 0..rows[n].
    rows: Vec<usize>,
    /// `start[n·width + m]`: where row (n, m) begins; each has n − m places.
    start: Vec<usize>,
    values: Vec<V>,
    best: Option<Vec<Vec<Choice>>>,
}

impl<V: Clone> Entries<V> {
    fn new(
        max_pairs: usize,
        m_cap: impl Fn(usize) -> usize,
        top_m: usize,
        fill: V,
        record_best: bool,
    ) -> Self {
        let rows: Vec<usize> = (0..=max_pairs)
            .map(|n| if n == 0 { 0 } else { m_cap(n).min(n - 1) + 1 })
            .collect();
        let width = rows.iter().copied().max().unwrap_or(0);
        let mut start = vec![usize::MAX; (max_pairs + 1) * width];
        let mut len = 0;
        for (n, &count) in rows.iter().enumerate() {
            for m in 0..count {
                start[n * width + m] = len;
                len += n - m;
            }
        }
        Entries {
            width,
            top_m,
            rows,
            start,
            values: vec![fill; len],
            best: record_best.then(|| vec![Vec::new(); len]),
        }
    }

    /// The row (n, m) is read from under Proposition 2.1: (n − e, m − e)
    /// with e the excess of m over `top_m` (f(n,m,k) = f(n−m+2,2,k),
    /// g(n,m,k) = g(n−m,0,k)). Arithmetic, not a branch on the extent: it
    /// sits on the float table's innermost path.
    #[inline(always)]
    fn fold(&self, n: usize, m: usize) -> (usize, usize) {
        let excess = m.saturating_sub(self.top_m);
        (n - excess, m - excess)
    }

    /// Place `i` of row (n, m); the row must exist.
    #[inline(always)]
    fn index(&self, n: usize, m: usize, i: usize) -> usize {
        self.start[n * self.width + m] + i
    }

    /// Place `i` of row (n, m), if held.
    fn slot(&self, n: usize, m: usize, i: usize) -> Option<usize> {
        let held = m < *self.rows.get(n)? && i < n - m;
        held.then(|| self.index(n, m, i))
    }

    fn map<W>(&self, convert: impl Fn(&V) -> W) -> Entries<W> {
        Entries {
            width: self.width,
            top_m: self.top_m,
            rows: self.rows.clone(),
            start: self.start.clone(),
            values: self.values.iter().map(convert).collect(),
            best: self.best.clone(),
        }
    }

    /// How many states with n pairs are held.
    fn held_with_pairs(&self, n: usize) -> usize {
        (0..self.rows[n]).map(|m| n - m).sum()
    }

    /// Every held (n, m, place).
    fn places(&self) -> impl Iterator<Item = (usize, usize, usize)> + '_ {
        self.rows.iter().enumerate().flat_map(|(n, &count)| {
            (0..count).flat_map(move |m| (0..n - m).map(move |i| (n, m, i)))
        })
    }
}

impl<V: Prob> Table<V> {
    /// Solves every state with at most `max_pairs` pairs. With `record_best`
    /// the optimal options of each state are kept (ties listed).
    #[must_use]
    pub fn build(max_pairs: usize, extent: Extent, record_best: bool) -> Table<V> {
        Table::build_with_progress(max_pairs, extent, record_best, &Silent)
    }

    /// [`Table::build`], reporting the states solved to `progress` (one
    /// stage, `states solved`, advanced as each n is finished: the float
    /// table at n = 5,000 and the full exact table at n = 100 take seconds).
    #[must_use]
    pub fn build_with_progress(
        max_pairs: usize,
        extent: Extent,
        record_best: bool,
        progress: &dyn Progress,
    ) -> Table<V> {
        let zero = V::ratio(0, 1);
        let m_cap = |n: usize, family: Family| held_known_pairs(extent, n, family);
        let mut table = Table {
            max_pairs,
            extent,
            f: Entries::new(
                max_pairs,
                |n| m_cap(n, Family::F),
                m_cap(usize::MAX, Family::F),
                zero.clone(),
                record_best,
            ),
            g: Entries::new(
                max_pairs,
                |n| m_cap(n, Family::G),
                m_cap(usize::MAX, Family::G),
                zero,
                record_best,
            ),
        };
        // Counted before solving: the visitor holds the table mutably.
        let per_pairs: Vec<u64> = (0..=max_pairs)
            .map(|n| (table.f.held_with_pairs(n) + table.g.held_with_pairs(n)) as u64)
            .collect();
        progress.begin("states solved", Some(per_pairs.iter().sum()));
        in_solving_order(
            max_pairs,
            m_cap,
            |state| {
                // Two instances: the float table's carries no trace of option
                // recording.
                if record_best {
                    let (value, best) = table.solve_state::<true>(state);
                    table.store(state, value, Some(best));
                } else {
                    let (value, _) = table.solve_state::<false>(state);
                    table.store(state, value, None);
                }
            },
            |n| progress.advance(per_pairs[n]),
        );
        progress.end();
        table
    }

    /// How many states the table holds.
    fn held(&self) -> usize {
        self.f.values.len() + self.g.values.len()
    }

    /// Sets the value (and, if recorded, the optimal options) of a state
    /// the table holds.
    pub(super) fn store(&mut self, s: State, value: V, best: Option<Vec<Choice>>) {
        let (n, m, k) = (s.pairs, s.known_pairs, s.known_singles);
        let (entries, i) = match s.family {
            Family::F => (&mut self.f, k),
            Family::G => (&mut self.g, k - 1),
        };
        let at = entries.index(n, m, i);
        entries.values[at] = value;
        if let (Some(b), Some(best)) = (&mut entries.best, best) {
            b[at] = best;
        }
    }

    /// The same table with every value converted (e.g. [`Scaled`] to
    /// `BigRational`).
    #[must_use]
    pub fn map<W>(&self, convert: impl Fn(&V) -> W) -> Table<W> {
        Table {
            max_pairs: self.max_pairs,
            extent: self.extent,
            f: self.f.map(&convert),
            g: self.g.map(&convert),
        }
    }

    /// Which states the table holds.
    #[must_use]
    pub fn extent(&self) -> Extent {
        self.extent
    }

    /// Whether the optimal options of every state were recorded.
    #[must_use]
    pub fn records_best(&self) -> bool {
        self.f.best.is_some()
    }

    /// Visits every state the table holds, successors first: the order it
    /// was solved in.
    pub fn visit_successors_first(&self, visit: impl FnMut(State)) {
        let extent = self.extent;
        in_solving_order(
            self.max_pairs,
            |n, family| held_known_pairs(extent, n, family),
            visit,
            |_| {},
        );
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
    #[inline(always)]
    pub fn f(&self, n: usize, m: usize, k: usize) -> V {
        // Not recursive, so that lookups inline into the solver.
        let (n, m) = self.f.fold(n, m);
        self.f.values[self.f.index(n, m, k)].clone()
    }

    /// g(n,m,k), through Proposition 2.1 (2) for m > 0 in a reduced table.
    ///
    /// # Panics
    /// If (n,m,k) is not a G state or n exceeds the table.
    #[must_use]
    #[inline(always)]
    pub fn g(&self, n: usize, m: usize, k: usize) -> V {
        let (n, m) = self.g.fold(n, m);
        self.g.values[self.g.index(n, m, k - 1)].clone()
    }

    /// The value of a state to the player to move, if the table holds it.
    #[must_use]
    #[inline(always)]
    pub fn value(&self, s: State) -> Option<V> {
        (s.pairs <= self.max_pairs).then(|| self.at(s))
    }

    /// The value of a state the table holds.
    #[inline(always)]
    fn at(&self, s: State) -> V {
        match s.family {
            Family::F => self.f(s.pairs, s.known_pairs, s.known_singles),
            Family::G => self.g(s.pairs, s.known_pairs, s.known_singles),
        }
    }

    /// The optimal options at a state (ties listed), if recorded and held.
    #[must_use]
    pub fn best(&self, s: State) -> Option<&[Choice]> {
        let (n, m, k) = (s.pairs, s.known_pairs, s.known_singles);
        if n > self.max_pairs {
            return None;
        }
        let (entries, i) = match s.family {
            Family::F => (&self.f, k),
            Family::G => (&self.g, k.checked_sub(1)?),
        };
        let at = entries.slot(n, m, i)?;
        entries.best.as_ref().map(|b| b[at].as_slice())
    }

    /// Every state the table holds, in (family, n, m, k) order.
    #[must_use]
    pub fn states(&self) -> Vec<State> {
        let f = self.f.places().map(|(n, m, k)| State::f(n, m, k));
        let g = self.g.places().map(|(n, m, i)| State::g(n, m, i + 1));
        f.chain(g)
            .map(|s| s.expect("the table holds only states"))
            .collect()
    }

    /// What a successor is worth to the player choosing at the parent.
    #[inline(always)]
    fn worth(&self, next: Next) -> V {
        match next {
            Next::Win => V::ratio(1, 1),
            Next::Lose => V::ratio(0, 1),
            // Successors are smaller, so held: read without `value`'s check.
            Next::Mine(s) => self.at(s),
            Next::Theirs(s) => V::ratio(1, 1) - self.at(s),
        }
    }

    /// The value of `s` and, if asked, its optimal options.
    ///
    /// Passing makes the equation self-referential: x = max(A, 1 − x) with
    /// A the best other option. Its solution is A when A ≥ 1/2 and 1/2
    /// otherwise (both players pass for ever: a draw, rule R5).
    fn solve_state<const RECORD_BEST: bool>(&self, s: State) -> (V, Vec<Choice>) {
        let mut valuer = Valuer::<V, RECORD_BEST> {
            table: self,
            take_pair: None,
            open_cards: V::ratio(0, 1),
            case: None,
            answers: Vec::new(),
        };
        moves(s, &mut valuer);
        valuer.close_case();
        let Valuer {
            open_cards,
            take_pair,
            answers,
            ..
        } = valuer;
        let open_value = open_cards / V::ratio(s.unknown_cards(), 1);
        let active = match &take_pair {
            Some(t) if *t > open_value => t.clone(),
            _ => open_value.clone(),
        };
        let half = V::ratio(1, 2);
        let value = if s.can_pass() && active < half {
            half.clone()
        } else {
            active.clone()
        };
        if !RECORD_BEST {
            return (value, Vec::new());
        }
        let mut best = Vec::new();
        if take_pair.as_ref() == Some(&value) {
            best.push(Choice::TakeKnownPair);
        }
        if s.can_pass() && active <= half {
            best.push(Choice::Pass);
        }
        if open_value == value {
            let mut combos = vec![(None, None, None)];
            for case in [Case::Matched, Case::One, Case::Fresh] {
                let values = || {
                    answers
                        .iter()
                        .filter(move |(c, _, _)| *c == case)
                        .map(|(_, second, value)| (*second, value))
                };
                if values().next().is_none() {
                    continue; // the case cannot happen here
                }
                // The answers tied for the best in this case.
                let top = max_of(values().map(|(_, v)| v.clone()));
                let seconds: Vec<Second> = values()
                    .filter(|(_, v)| **v == top)
                    .map(|(second, _)| second)
                    .collect();
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

/// Values the moves of one state as [`moves`] names them, every successor
/// read from the table: no lists, as the float table at n = 2,000 has 8
/// million states.
/// With `RECORD_BEST` every answer's value is kept for listing the optimal
/// options; a type parameter, so that the instance the float table runs has
/// no recording code at all.
struct Valuer<'t, V, const RECORD_BEST: bool> {
    table: &'t Table<V>,
    /// (F1)/(G1)'s value, if possible.
    take_pair: Option<V>,
    /// (F3)/(G3) so far, times u: the second 1 and every closed case,
    /// each weighted by its number of cards. Divided by u once at the end:
    /// one division per state rather than one per case, a fifth of the
    /// float table's time.
    open_cards: V,
    /// The case being answered: which, its card count, its best answer yet.
    case: Option<(Case, usize, Option<V>)>,
    /// When optimal options are recorded: every answer's value, by case.
    answers: Vec<(Case, Second, V)>,
}

impl<V: Prob, const RECORD_BEST: bool> Valuer<'_, V, RECORD_BEST> {
    fn close_case(&mut self) {
        if let Some((_, count, top)) = self.case.take() {
            let top = top.expect("every case has at least one answer");
            self.open_cards = self.open_cards.clone() + V::ratio(count, 1) * top;
        }
    }
}

impl<V: Prob, const RECORD_BEST: bool> MoveSink for Valuer<'_, V, RECORD_BEST> {
    #[inline(always)]
    fn take_pair(&mut self, next: State) {
        self.take_pair = Some(self.table.worth(Next::Mine(next)));
    }

    fn second_one_wins(&mut self) {
        self.open_cards = self.open_cards.clone() + V::ratio(1, 1);
    }

    fn case(&mut self, case: Case, count: usize) {
        self.close_case();
        self.case = Some((case, count, None));
    }

    #[inline(always)]
    fn answer(&mut self, second: Second, outcomes: &[(usize, Option<Next>)]) {
        let table = self.table;
        let mut mean = Mean::Empty;
        for &(count, next) in outcomes {
            if count > 0 {
                let next = next.expect("named when its count is positive");
                mean = mean.add(count, table.worth(next));
            }
        }
        let value = mean.value();
        let (case, _, top) = self.case.as_mut().expect("an answer belongs to a case");
        if RECORD_BEST {
            self.answers.push((*case, second, value.clone()));
        }
        // The first of equal answers stays: ties are listed from `answers`.
        if top.as_ref().map_or(true, |best| value > *best) {
            *top = Some(value);
        }
    }
}

/// The largest m held for n pairs in `family`: every m in a full table,
/// Proposition 2.1's m ≤ 2 (F) and m = 0 (G) in a reduced one.
fn held_known_pairs(extent: Extent, n: usize, family: Family) -> usize {
    match (extent, family) {
        (Extent::Full, _) => n,
        (Extent::Reduced, Family::F) => n.min(2),
        (Extent::Reduced, Family::G) => 0,
    }
}

/// Visits every state the table holds, successors first. Every option
/// other than taking a known pair turns over at least one unknown card and
/// keeps n or lowers it; taking a pair keeps the unknown count and lowers n.
/// So (n, unknown cards) ascending visits successors first. `finished(n)`
/// is called once every state with n pairs has been visited.
fn in_solving_order(
    max_pairs: usize,
    m_cap: impl Fn(usize, Family) -> usize,
    mut visit: impl FnMut(State),
    mut finished: impl FnMut(usize),
) {
    // Plain loops and a visitor, not a list or nested iterator adapters: at
    // n = 2,000 the reduced table has 8 million states, a list of them would
    // cost more memory than the table, and the adapters cost a sixth of the
    // float table's time.
    for n in 1..=max_pairs {
        let caps = [
            (Family::F, m_cap(n, Family::F)),
            (Family::G, m_cap(n, Family::G)),
        ];
        for unknown in 1..=2 * n {
            for (family, cap) in caps {
                for m in 0..=cap.min(n - 1) {
                    let Some(k) = (2 * n - 2 * m).checked_sub(unknown) else {
                        break; // k only shrinks as m grows
                    };
                    let state = match family {
                        Family::F if State::is_f(n, m, k) => f_state(n, m, k),
                        Family::G if State::is_g(n, m, k) => g_state(n, m, k),
                        _ => continue,
                    };
                    visit(state);
                }
            }
        }
        finished(n);
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
    exact_table_with_progress(max_pairs, extent, record_best, &Silent)
}

/// [`exact_table`], reporting to `progress`: the states solved, then the
/// values reduced to lowest terms (a gcd of numbers of hundreds of digits
/// each: a second for the full table at n = 100).
#[must_use]
pub fn exact_table_with_progress(
    max_pairs: usize,
    extent: Extent,
    record_best: bool,
    progress: &dyn Progress,
) -> Table<BigRational> {
    /// Values reduced between two reports.
    const CHUNK: u64 = 1 << 12;
    let scaled = Table::<Scaled>::build_with_progress(max_pairs, extent, record_best, progress);
    progress.begin("values reduced", Some(scaled.held() as u64));
    let reduced = Cell::new(0u64);
    let table = scaled.map(|v| {
        reduced.set(reduced.get() + 1);
        if reduced.get() % CHUNK == 0 {
            progress.advance(CHUNK);
        }
        v.to_rational()
    });
    progress.advance(reduced.get() % CHUNK);
    progress.end();
    table
}

/// f(N,0,0) exactly: the first player's expected points (win 1, draw 1/2).
#[must_use]
pub fn first_player_value(pairs: usize) -> BigRational {
    first_player_value_with_progress(pairs, &Silent)
}

/// [`first_player_value`], reporting the states solved to `progress`.
#[must_use]
pub fn first_player_value_with_progress(pairs: usize, progress: &dyn Progress) -> BigRational {
    Table::<Scaled>::build_with_progress(pairs, Extent::Reduced, false, progress)
        .f(pairs, 0, 0)
        .to_rational()
}
