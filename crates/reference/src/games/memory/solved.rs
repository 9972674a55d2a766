//! The memory game solved twice, behind one face: the §2.1 recurrence's
//! table ([`Recurrence`]) and the explicit-row search ([`Rows`]) each give
//! a state's value, its optimal options, the best second cards after a
//! first card, and optimal play turn by turn (document 004, §2.1–§3.3).
//!
//! The statements of §2.3–§3.3 that speak of values or of optimal play are
//! written once over [`Solved`] (here and in [`super::analysis`] and
//! [`super::printed`]), so the claims registry asks both solvers the same
//! question. The row search stays its own model of the rules: [`Rows`] only
//! translates its answers into the words of §2.1 — a state's name goes in as
//! text ([`Row::from_notation`]), its turn kinds, cases and second cards come
//! out as [`Ply`], [`Case`] and [`Second`].

use super::analysis::{self, Ply, Witness};
use super::naive::{Cell, DrawPreference, Row, Search, SecondCard, Shape, Showed, TurnKind};
use super::optimized::Table;
use super::rules::{transitions, Case, Choice, Family, Next, Second, State, TieBreak};
use crate::solve::exact::half;
use num_rational::BigRational;
use num_traits::{One, Zero};
use std::collections::{BTreeSet, HashMap};
use std::hash::Hash;

fn ratio(num: usize, den: usize) -> BigRational {
    BigRational::new(num.into(), den.into())
}

/// How a turn ends, as far as §3.2–3.3's conclusions about optimal play
/// need it.
#[derive(Debug, Clone)]
pub enum TurnEnd<S> {
    /// The 1s are taken: the game is decided.
    Ones,
    /// A pair is taken and the mover goes on from this node.
    Again(S),
    /// The turn passes; the opponent moves from this node.
    Over(S),
}

/// How one second card ends the turn: each end with its probability.
pub type Ends<S> = Vec<(BigRational, TurnEnd<S>)>;

/// For each number a first card can show (with its probability), every
/// optimal second card and how it ends the turn.
pub type Showings<S> = Vec<(BigRational, Vec<Ends<S>>)>;

/// One optimal way to begin a turn: a pass (both pass for ever, a draw),
/// or a first card and what can follow it.
pub enum OptimalStart<S> {
    /// Two known cards of different numbers.
    Pass,
    /// A first card and what can follow it.
    Cards(Showings<S>),
}

/// Which optimal plays a conclusion is read over: it holds for some
/// profile of optimal choices, or for every one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reading {
    /// Some profile of tied optimal choices.
    Some,
    /// Every profile of tied optimal choices.
    Every,
}

impl Reading {
    fn choose<T>(self, items: &[T], mut good: impl FnMut(&T) -> bool) -> bool {
        match self {
            Reading::Some => items.iter().any(&mut good),
            Reading::Every => items.iter().all(good),
        }
    }
}

/// A solved memory game: values, optimal options and optimal play from the
/// states §2.1 names, by one of the two solvers.
pub trait Solved {
    /// Where optimal play stands: a §2.1 state or an explicit row.
    type Node: Clone;
    /// What optimal play from a node depends on (for memoised walks).
    type Key: Clone + Eq + Hash;
    /// The mover's expected points at a named state.
    fn value(&mut self, s: State) -> BigRational;
    /// The §2.3 plies among the optimal options at `s`; where case (c)
    /// cannot occur, 1-ply and 2-ply are one option and both are listed.
    fn plies(&mut self, s: State) -> BTreeSet<Ply>;
    /// What is optimal at `s`, for a tendency's pattern (`None`: this
    /// solver does not name §2.1's options).
    fn witness(&mut self, s: State) -> Option<Witness>;
    /// The kinds of the optimal options at `s` (`pass`, `take-pair`,
    /// `open`, and the row's own kinds), sorted, joined by `, `.
    fn option_words(&mut self, s: State) -> String;
    /// The best second cards after an unknown first card of `case` at `s`,
    /// or `None` where the case cannot occur.
    fn answers(&mut self, s: State, case: Case) -> Option<Vec<Second>>;
    /// The start of a game with `pairs` pairs.
    fn start(&self, pairs: usize) -> Self::Node;
    /// The memo key of a node.
    fn key(&self, s: &Self::Node) -> Self::Key;
    /// One 1 is known (a G state).
    fn one_known(&self, s: &Self::Node) -> bool;
    /// Both 1s unknown and both cards of another number known (F, m ≥ 1).
    fn known_pair(&self, s: &Self::Node) -> bool;
    /// The optimal ways to begin a turn at an F node.
    fn starts(&mut self, s: &Self::Node) -> Vec<OptimalStart<Self::Node>>;
    /// Whether optimal play from here draws with probability 1: under some
    /// optimal play (most draws), or under every one (fewest draws).
    fn draws_surely(&mut self, s: &Self::Node, reading: Reading) -> bool;
}

/// The sorted, distinct words of a list of option kinds.
fn joined(mut words: Vec<&str>) -> String {
    words.sort_unstable();
    words.dedup();
    words.join(", ")
}

/// The recurrence's table (with recorded optimal options): values from the
/// table, options as recorded, outcomes from its move list.
pub struct Recurrence<'t> {
    table: &'t Table<BigRational>,
    /// Draw probabilities under the most and the fewest drawing optimal play.
    draws: Option<(Table<BigRational>, Table<BigRational>)>,
}

impl<'t> Recurrence<'t> {
    /// Optimal play on `table`, which must record its optimal options.
    #[must_use]
    pub fn new(table: &'t Table<BigRational>) -> Self {
        Recurrence { table, draws: None }
    }

    /// Optimal play with the draw probabilities [`Solved::draws_surely`]
    /// needs (`table` must be full).
    ///
    /// # Panics
    /// If `table` is not full or records no options.
    #[must_use]
    pub fn with_draws(table: &'t Table<BigRational>) -> Self {
        let draws = (
            analysis::draw_probabilities(table, TieBreak::MostDraws)
                .expect("a full table with options"),
            analysis::draw_probabilities(table, TieBreak::FewestDraws)
                .expect("a full table with options"),
        );
        Recurrence {
            table,
            draws: Some(draws),
        }
    }

    /// The table.
    #[must_use]
    pub fn table(&self) -> &'t Table<BigRational> {
        self.table
    }

    /// The draw probability at `s` under the most drawing optimal play.
    ///
    /// # Panics
    /// Unless built [`Recurrence::with_draws`].
    #[must_use]
    pub fn most_draws(&self, s: State) -> BigRational {
        let (most, _) = self.draws.as_ref().expect("built with draw probabilities");
        most.value(s).expect("held")
    }

    fn best(&self, s: State) -> &'t [Choice] {
        self.table.best(s).expect("recorded")
    }

    /// What a successor is worth to the player choosing at its parent.
    fn worth(&self, next: Next) -> BigRational {
        match next {
            Next::Win => BigRational::one(),
            Next::Lose => BigRational::zero(),
            Next::Mine(s) => self.table.value(s).expect("held"),
            Next::Theirs(s) => BigRational::one() - self.table.value(s).expect("held"),
        }
    }
}

fn recurrence_end(next: Next) -> TurnEnd<State> {
    match next {
        Next::Win | Next::Lose => TurnEnd::Ones,
        Next::Mine(s) => TurnEnd::Again(s),
        Next::Theirs(s) => TurnEnd::Over(s),
    }
}

impl Solved for Recurrence<'_> {
    type Node = State;
    type Key = State;

    fn value(&mut self, s: State) -> BigRational {
        self.table.value(s).expect("held")
    }

    fn plies(&mut self, s: State) -> BTreeSet<Ply> {
        analysis::optimal_plies(self.best(s))
    }

    fn witness(&mut self, s: State) -> Option<Witness> {
        Some(Witness::of(s, self.best(s)))
    }

    fn option_words(&mut self, s: State) -> String {
        joined(
            self.best(s)
                .iter()
                .map(|c| match c {
                    Choice::Pass => "pass",
                    Choice::TakeKnownPair => "take-pair",
                    Choice::OpenUnknown { .. } => "open",
                })
                .collect(),
        )
    }

    fn answers(&mut self, s: State, which: Case) -> Option<Vec<Second>> {
        let t = transitions(s);
        let case = t.cases().find(|case| case.case == which)?;
        let answers: Vec<(Second, BigRational)> = case
            .answers()
            .map(|(second, outcomes)| {
                let cards: usize = outcomes.iter().map(|(count, _)| count).sum();
                let total: BigRational = outcomes
                    .iter()
                    .map(|&(count, next)| ratio(count, 1) * self.worth(next))
                    .sum();
                (second, total / ratio(cards, 1))
            })
            .collect();
        let top = answers.iter().map(|(_, v)| v).max()?.clone();
        Some(
            answers
                .into_iter()
                .filter(|(_, v)| *v == top)
                .map(|(second, _)| second)
                .collect(),
        )
    }

    fn start(&self, pairs: usize) -> State {
        State::f(pairs, 0, 0).expect("N ≥ 1")
    }

    fn key(&self, s: &State) -> State {
        *s
    }

    fn one_known(&self, s: &State) -> bool {
        s.family == Family::G
    }

    fn known_pair(&self, s: &State) -> bool {
        s.family == Family::F && s.known_pairs >= 1
    }

    fn starts(&mut self, s: &State) -> Vec<OptimalStart<State>> {
        let t = transitions(*s);
        let mut starts = Vec::new();
        let mut answers: Vec<(Case, Vec<Second>)> = Vec::new();
        for choice in self.best(*s) {
            match *choice {
                Choice::Pass => starts.push(OptimalStart::Pass),
                Choice::TakeKnownPair => {
                    let next = t.take_pair.expect("m ≥ 1");
                    starts.push(OptimalStart::Cards(vec![(
                        BigRational::one(),
                        vec![vec![(BigRational::one(), TurnEnd::Again(next))]],
                    )]));
                }
                Choice::OpenUnknown {
                    matched,
                    one: first_one,
                    fresh,
                } => {
                    for (case, second) in [
                        (Case::Matched, matched),
                        (Case::One, first_one),
                        (Case::Fresh, fresh),
                    ] {
                        let Some(second) = second else { continue };
                        match answers.iter_mut().find(|(c, _)| *c == case) {
                            Some((_, seconds)) if !seconds.contains(&second) => {
                                seconds.push(second);
                            }
                            Some(_) => {}
                            None => answers.push((case, vec![second])),
                        }
                    }
                }
            }
        }
        if !answers.is_empty() {
            let mut shows: Showings<State> = Vec::new();
            if t.forced_win {
                shows.push((
                    ratio(1, t.unknown),
                    vec![vec![(BigRational::one(), TurnEnd::Ones)]],
                ));
            }
            for case in t.cases() {
                let wanted = answers
                    .iter()
                    .find(|(c, _)| *c == case.case)
                    .map(|(_, s)| s.clone())
                    .unwrap_or_default();
                let seconds = case
                    .answers()
                    .filter(|(second, _)| wanted.contains(second))
                    .map(|(_, outcomes)| {
                        let cards: usize = outcomes.iter().map(|(count, _)| count).sum();
                        outcomes
                            .iter()
                            .map(|&(count, next)| (ratio(count, cards), recurrence_end(next)))
                            .collect()
                    })
                    .collect();
                shows.push((ratio(case.count, t.unknown), seconds));
            }
            starts.push(OptimalStart::Cards(shows));
        }
        starts
    }

    fn draws_surely(&mut self, s: &State, reading: Reading) -> bool {
        let (most, fewest) = self.draws.as_ref().expect("built with draw probabilities");
        let table = match reading {
            Reading::Some => most,
            Reading::Every => fewest,
        };
        table.value(*s).expect("held") == BigRational::one()
    }
}

/// The explicit-row search: a named state is the row its name describes;
/// optimal play is the row search's values and the turns of §2.1 played on
/// the actual cards (a known pair taken, a pass, or an unknown card first
/// and any second card; the row's extra turn — a known card first and an
/// unknown one second — is left out, as §2.1's players do not take it),
/// each kept where it reaches the row's value.
pub struct Rows<'s, 'p> {
    search: &'s mut Search<'p>,
}

impl<'s, 'p> Rows<'s, 'p> {
    /// Optimal play by `search` (which keeps what it has worked out).
    pub fn new(search: &'s mut Search<'p>) -> Self {
        Rows { search }
    }

    fn end_value(&mut self, end: &TurnEnd<Row>) -> BigRational {
        match end {
            TurnEnd::Ones => BigRational::one(),
            TurnEnd::Again(r) => self.search.value(r),
            TurnEnd::Over(r) => BigRational::one() - self.search.value(r),
        }
    }
}

/// The row a state's name describes, as the row search reads it.
///
/// # Panics
/// Never for a valid state: its name is a row.
#[must_use]
pub fn row_of(state: State) -> Row {
    Row::from_notation(&state.to_string()).expect("a state's name is a row")
}

/// The numbers a face-down card of `row` can show, with their chances.
fn row_reveal(row: &Row) -> Vec<(u8, BigRational)> {
    let unknown = row.unknown_cards();
    row.numbers()
        .filter(|&x| row.unseen(x) > 0)
        .map(|x| (x, ratio(row.unseen(x), unknown)))
        .collect()
}

/// How the turn whose first card (at `first`, showing `a`) and second card
/// (at `second`, showing `b`) are face up on `row` ends.
fn row_turn_end(row: &Row, first: usize, a: u8, second: usize, b: u8) -> TurnEnd<Row> {
    match (a == b, a) {
        (true, 1) => TurnEnd::Ones,
        (true, _) => TurnEnd::Again(row.with(first, Cell::Taken(a)).with(second, Cell::Taken(b))),
        (false, _) => TurnEnd::Over(row.with(first, Cell::Known(a)).with(second, Cell::Known(b))),
    }
}

/// The row's case, in §2.1's word.
fn showed(case: Case) -> Showed {
    match case {
        Case::Matched => Showed::KnownNumber,
        Case::One => Showed::One,
        Case::Fresh => Showed::NewNumber,
    }
}

/// The row's second card, in §2.1's word.
fn second(card: SecondCard) -> Second {
    match card {
        SecondCard::Partner => Second::Take,
        SecondCard::OtherKnown => Second::Known,
        SecondCard::Unknown => Second::Unknown,
    }
}

impl Solved for Rows<'_, '_> {
    type Node = Row;
    type Key = Shape;

    fn value(&mut self, s: State) -> BigRational {
        self.search.value(&row_of(s))
    }

    fn plies(&mut self, s: State) -> BTreeSet<Ply> {
        let turns = self.search.turn_values(&row_of(s));
        turns
            .optimal()
            .into_iter()
            .filter_map(|kind| match kind {
                TurnKind::Pass => Some(Ply::Zero),
                TurnKind::OnePly => Some(Ply::One),
                TurnKind::TwoPly => Some(Ply::Two),
                TurnKind::TakeKnownPair | TurnKind::KnownThenUnknown => None,
            })
            .collect()
    }

    fn witness(&mut self, _: State) -> Option<Witness> {
        None
    }

    fn option_words(&mut self, s: State) -> String {
        let turns = self.search.turn_values(&row_of(s));
        joined(
            turns
                .optimal()
                .iter()
                .map(|kind| match kind {
                    TurnKind::Pass => "pass",
                    TurnKind::TakeKnownPair => "take-pair",
                    TurnKind::OnePly | TurnKind::TwoPly => "open",
                    TurnKind::KnownThenUnknown => "known-then-unknown",
                })
                .collect(),
        )
    }

    fn answers(&mut self, s: State, case: Case) -> Option<Vec<Second>> {
        let turns = self.search.turn_values(&row_of(s));
        turns
            .answers
            .iter()
            .find(|(c, _)| *c == showed(case))
            .map(|(_, seconds)| seconds.iter().copied().map(second).collect())
    }

    fn start(&self, pairs: usize) -> Row {
        Row::start(pairs).expect("1 ≤ N ≤ 255")
    }

    fn key(&self, row: &Row) -> Shape {
        row.shape()
    }

    fn one_known(&self, row: &Row) -> bool {
        row.shape().ones_known >= 1
    }

    fn known_pair(&self, row: &Row) -> bool {
        let shape = row.shape();
        shape.ones_known == 0 && shape.both_known >= 1
    }

    fn starts(&mut self, row: &Row) -> Vec<OptimalStart<Row>> {
        let value = self.search.value(row);
        let mut starts = Vec::new();
        if row.can_pass() && value == half() {
            starts.push(OptimalStart::Pass);
        }
        let cells = row.cells().to_vec();
        for (first, cell) in cells.iter().enumerate() {
            match *cell {
                Cell::Taken(_) => {}
                Cell::Known(a) => {
                    for (second, other) in cells.iter().enumerate() {
                        if second != first && *other == Cell::Known(a) {
                            let end = row_turn_end(row, first, a, second, a);
                            if self.end_value(&end) == value {
                                starts.push(OptimalStart::Cards(vec![(
                                    BigRational::one(),
                                    vec![vec![(BigRational::one(), end)]],
                                )]));
                            }
                        }
                    }
                }
                Cell::Unknown => {
                    let mut expected = BigRational::zero();
                    let mut shows: Showings<Row> = Vec::new();
                    for (a, chance) in row_reveal(row) {
                        let shown = row.with(first, Cell::Known(a));
                        let mut seconds: Vec<(BigRational, Ends<Row>)> = Vec::new();
                        for (second, other) in shown.cells().iter().enumerate() {
                            let dist = match *other {
                                _ if second == first => continue,
                                Cell::Taken(_) => continue,
                                Cell::Known(b) => {
                                    vec![(
                                        BigRational::one(),
                                        row_turn_end(&shown, first, a, second, b),
                                    )]
                                }
                                Cell::Unknown => row_reveal(&shown)
                                    .into_iter()
                                    .map(|(b, p)| (p, row_turn_end(&shown, first, a, second, b)))
                                    .collect(),
                            };
                            let v: BigRational =
                                dist.iter().map(|(p, end)| p * self.end_value(end)).sum();
                            seconds.push((v, dist));
                        }
                        let top = seconds
                            .iter()
                            .map(|(v, _)| v)
                            .max()
                            .expect("a second card")
                            .clone();
                        expected += &chance * &top;
                        let best = seconds
                            .into_iter()
                            .filter(|(v, _)| *v == top)
                            .map(|(_, d)| d)
                            .collect();
                        shows.push((chance, best));
                    }
                    if expected == value {
                        starts.push(OptimalStart::Cards(shows));
                    }
                }
            }
        }
        starts
    }

    fn draws_surely(&mut self, row: &Row, reading: Reading) -> bool {
        let preference = match reading {
            Reading::Some => DrawPreference::MostDraws,
            Reading::Every => DrawPreference::FewestDraws,
        };
        self.search.draw_probability(row, preference) == BigRational::one()
    }
}

/// §3.2 「双方のプレイヤーが最善の戦略を採る限り F_{n,m,k}, m ≥ 1 の状況は現れない」,
/// read as kindly as possible: some optimal play (the players choosing
/// among tied optimal options to avoid it) never reaches an F state with a
/// known pair from `s`.
pub fn avoids_known_pairs<P: Solved>(
    play: &mut P,
    s: &P::Node,
    memo: &mut HashMap<P::Key, bool>,
) -> bool {
    if play.one_known(s) {
        return true; // the 1 is known: no F state follows
    }
    if play.known_pair(s) {
        return false;
    }
    let key = play.key(s);
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let starts = play.starts(s);
    let mut end_ok = |end: &TurnEnd<P::Node>| match end {
        TurnEnd::Ones => true,
        TurnEnd::Again(x) | TurnEnd::Over(x) => avoids_known_pairs(play, x, memo),
    };
    let ok = starts.iter().any(|start| match start {
        OptimalStart::Pass => true,
        OptimalStart::Cards(shows) => shows.iter().all(|(_, seconds)| {
            seconds
                .iter()
                .any(|dist| dist.iter().all(|(_, end)| end_ok(end)))
        }),
    });
    memo.insert(key, ok);
    ok
}

/// The N ≤ `max_pairs` where some optimal play cannot avoid an F state
/// with a known pair ([`avoids_known_pairs`]).
pub fn known_pair_sizes(play: &mut impl Solved, max_pairs: usize) -> Vec<usize> {
    let mut memo = HashMap::new();
    (1..=max_pairs)
        .filter(|&n| {
            let start = play.start(n);
            !avoids_known_pairs(play, &start, &mut memo)
        })
        .collect()
}

/// §3.3 「勝負がつくためには最初の甲または乙の手番のうちに 1 のカードが現れなければ
/// ならない」 under `reading`: from `s`, with `turns` turns already over, a
/// game that no 1 has reached by the start of the first player's second
/// turn is drawn.
pub fn decided_only_by_an_early_one<P: Solved>(
    play: &mut P,
    s: &P::Node,
    turns: u8,
    reading: Reading,
    memo: &mut HashMap<(P::Key, u8), bool>,
) -> bool {
    if play.one_known(s) {
        return true; // a 1 showed in one of the first two turns
    }
    if turns == 2 {
        return play.draws_surely(s, reading);
    }
    let key = (play.key(s), turns);
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let starts = play.starts(s);
    let mut end_ok = |end: &TurnEnd<P::Node>| match end {
        TurnEnd::Ones => true,
        TurnEnd::Again(x) => decided_only_by_an_early_one(play, x, turns, reading, memo),
        TurnEnd::Over(x) => decided_only_by_an_early_one(play, x, turns + 1, reading, memo),
    };
    let ok = reading.choose(&starts, |start| match start {
        OptimalStart::Pass => true,
        OptimalStart::Cards(shows) => shows.iter().all(|(_, seconds)| {
            reading.choose(seconds, |dist| dist.iter().all(|(_, end)| end_ok(end)))
        }),
    });
    memo.insert(key, ok);
    ok
}

/// The N ≤ `max_pairs` where §3.3's "a decided game showed a 1 in the first
/// turn of 甲 or 乙" fails under `reading` ([`decided_only_by_an_early_one`]).
pub fn early_one_sizes(play: &mut impl Solved, max_pairs: usize, reading: Reading) -> Vec<usize> {
    let mut memo = HashMap::new();
    (1..=max_pairs)
        .filter(|&n| {
            let start = play.start(n);
            !decided_only_by_an_early_one(play, &start, 0, reading, &mut memo)
        })
        .collect()
}

/// §3.3 「この確率は O(N^{-1})」: the largest probability, over optimal
/// play, that a 1 shows in the first player's or the second player's first
/// turn.
pub fn early_one_probability<P: Solved>(
    play: &mut P,
    s: &P::Node,
    turns: u8,
    memo: &mut HashMap<(P::Key, u8), BigRational>,
) -> BigRational {
    if play.one_known(s) {
        return BigRational::one();
    }
    if turns == 2 {
        return BigRational::zero();
    }
    let key = (play.key(s), turns);
    if let Some(known) = memo.get(&key) {
        return known.clone();
    }
    let starts = play.starts(s);
    let mut end_value = |end: &TurnEnd<P::Node>| match end {
        TurnEnd::Ones => BigRational::one(),
        TurnEnd::Again(x) => early_one_probability(play, x, turns, memo),
        TurnEnd::Over(x) => early_one_probability(play, x, turns + 1, memo),
    };
    let mut best = BigRational::zero();
    for start in &starts {
        let OptimalStart::Cards(shows) = start else {
            continue; // a pass: a draw, no 1 shows
        };
        let mut total = BigRational::zero();
        for (p, seconds) in shows {
            let mut top: Option<BigRational> = None;
            for dist in seconds {
                let v: BigRational = dist.iter().map(|(q, end)| q * end_value(end)).sum();
                top = Some(top.map_or(v.clone(), |t| t.max(v)));
            }
            total += p * top.expect("an optimal second card");
        }
        best = best.max(total);
    }
    memo.insert(key, best.clone());
    best
}

/// [`early_one_probability`] from the start of every game with 1 ≤ N ≤
/// `max_pairs` pairs, comma-separated.
pub fn early_one_probabilities(play: &mut impl Solved, max_pairs: usize) -> String {
    let mut memo = HashMap::new();
    (1..=max_pairs)
        .map(|n| {
            let start = play.start(n);
            early_one_probability(play, &start, 0, &mut memo).to_string()
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A line of play from `s` that no optimal choice avoids and that ends in
/// an F state with a known pair (`s` must be one that fails), and the
/// optimal options at its last state without one.
#[must_use]
pub fn known_pair_line(table: &Table<BigRational>, s: State) -> (Vec<State>, String) {
    let mut play = Recurrence::new(table);
    let mut memo = HashMap::new();
    let mut line = vec![s];
    let mut at = s;
    let mut options = String::new();
    while !play.known_pair(&at) {
        options = table
            .best(at)
            .expect("recorded")
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        let starts = play.starts(&at);
        let mut bad = |end: &TurnEnd<State>| match end {
            TurnEnd::Ones => None,
            TurnEnd::Again(x) | TurnEnd::Over(x) => {
                (!avoids_known_pairs(&mut play, x, &mut memo)).then_some(*x)
            }
        };
        // Every optimal start fails: in some showing every optimal second
        // card can end badly; follow the first.
        let mut next = None;
        for start in &starts {
            let OptimalStart::Cards(shows) = start else {
                continue;
            };
            for (_, seconds) in shows {
                let ends: Vec<Option<State>> = seconds
                    .iter()
                    .map(|dist| dist.iter().find_map(|(_, end)| bad(end)))
                    .collect();
                if ends.iter().all(Option::is_some) {
                    next = ends[0];
                    break;
                }
            }
            if next.is_some() {
                break;
            }
        }
        match next {
            Some(x) => {
                line.push(x);
                at = x;
            }
            None => break,
        }
    }
    (line, options)
}

/// A line from the start of a game with N pairs where §3.3's conclusion
/// fails under some optimal play: play that no tied choice avoids, to the
/// first player's second turn at a state no optimal play surely draws.
pub fn early_one_line(play: &mut Recurrence<'_>, pairs: usize) -> (Vec<State>, State) {
    let mut memo = HashMap::new();
    let mut at = play.start(pairs);
    let mut turns = 0u8;
    let mut line = vec![at];
    while turns < 2 {
        let starts = play.starts(&at);
        let mut next = None;
        for start in &starts {
            let OptimalStart::Cards(shows) = start else {
                continue;
            };
            for (_, seconds) in shows {
                let ends: Vec<Option<(State, u8)>> = seconds
                    .iter()
                    .map(|dist| {
                        dist.iter().find_map(|(_, end)| {
                            let (x, after) = match end {
                                TurnEnd::Ones => return None,
                                TurnEnd::Again(x) => (*x, turns),
                                TurnEnd::Over(x) => (*x, turns + 1),
                            };
                            (!decided_only_by_an_early_one(
                                play,
                                &x,
                                after,
                                Reading::Some,
                                &mut memo,
                            ))
                            .then_some((x, after))
                        })
                    })
                    .collect();
                if ends.iter().all(Option::is_some) {
                    next = ends[0];
                    break;
                }
            }
            if next.is_some() {
                break;
            }
        }
        let Some((x, t)) = next else { break };
        line.push(x);
        at = x;
        turns = t;
    }
    (line, at)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::memory::optimized::{exact_table, Extent};

    /// Every question of the face, asked of both solvers at every state
    /// with n ≤ 5: a slip in either side's translation into §2.1's words
    /// shows here (turning the row's `Partner` into `Known` fails it).
    #[test]
    fn both_solvers_give_the_same_answers_up_to_5_pairs() {
        let table = exact_table(5, Extent::Full, true);
        let mut search = Search::new();
        let (mut rec, mut rows) = (Recurrence::new(&table), Rows::new(&mut search));
        let mut states = 0;
        for n in 1..=5 {
            for m in 0..n {
                for k in 0..=n - m {
                    for s in [State::f(n, m, k), State::g(n, m, k)].into_iter().flatten() {
                        states += 1;
                        assert_eq!(rec.value(s), rows.value(s), "{s}");
                        assert_eq!(rec.plies(s), rows.plies(s), "{s}");
                        for case in [Case::Matched, Case::One, Case::Fresh] {
                            if s.family == Family::F {
                                assert_eq!(rec.answers(s, case), rows.answers(s, case), "{s}");
                            }
                        }
                    }
                }
            }
        }
        assert_eq!(states, 70); // n(n+1)/2 F and as many G states per n
        assert_eq!(
            known_pair_sizes(&mut rec, 5),
            known_pair_sizes(&mut rows, 5)
        );
        assert_eq!(
            early_one_probabilities(&mut rec, 5),
            early_one_probabilities(&mut rows, 5)
        );
    }
}
