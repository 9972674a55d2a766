//! The exhaustive search on the explicit row: the mover tries every first
//! position and, once it is face up, every second position; a face-down
//! card is an average over the numbers it can show. Values are remembered
//! by the row's [`Shape`], so each shape is searched once, on the first row
//! of that shape the search meets.

use super::row::{Cell, Row, Shape};
use crate::progress::{Progress, Silent};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use std::collections::HashMap;

/// Which value-optimal turn a player takes when several tie: the value does
/// not depend on it, the probability of a draw does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DrawPreference {
    /// The tied turn that draws least often.
    FewestDraws,
    /// The tied turn that draws most often.
    MostDraws,
}

/// The kinds of turn the document names (§2.1 (F1)–(F3), §2.3 0/1/2-ply),
/// and the row's one extra kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TurnKind {
    /// 0-ply: two known cards of different numbers (F2/G2).
    Pass,
    /// Both known cards of one number (F1/G1).
    TakeKnownPair,
    /// An unknown card first; if it shows a number other than 1 of which no
    /// card is known (§2.1 case (c)), a known card second. Otherwise the best
    /// second card.
    OnePly,
    /// An unknown card first; in case (c) another unknown card second.
    TwoPly,
    /// A known card first and an unknown one second: a turn the row allows
    /// and §2.1 does not list.
    KnownThenUnknown,
}

/// The best the mover can get from a row with each kind of turn, and the
/// best second cards after an unknown first one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnValues {
    /// The row's value: the mover's expected points (win 1, draw ½).
    pub value: BigRational,
    /// Each kind of turn the row allows, with the best it gives.
    pub kinds: Vec<(TurnKind, BigRational)>,
    /// After an unknown first card, for each case that can happen on the
    /// row: the second cards that are best whatever number of that case it
    /// shows and wherever it lies.
    pub answers: Vec<(Showed, Vec<SecondCard>)>,
}

impl TurnValues {
    /// The kinds of turn that reach the row's value. Where no card can show
    /// case (c), 1-ply and 2-ply are one turn and both are listed.
    #[must_use]
    pub fn optimal(&self) -> Vec<TurnKind> {
        self.kinds
            .iter()
            .filter(|(_, v)| *v == self.value)
            .map(|(kind, _)| *kind)
            .collect()
    }
}

/// What an unknown first card shows, in the three cases of §2.1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Showed {
    /// (a) A number other than 1 of which a card is known.
    KnownNumber,
    /// (b) A 1.
    One,
    /// (c) A number other than 1 of which no card is known.
    NewNumber,
}

/// What the mover turns second, once the first card is face up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SecondCard {
    /// The known card of the first card's number: a pair.
    Partner,
    /// A known card of another number: a deliberate miss.
    OtherKnown,
    /// An unknown card.
    Unknown,
}

/// How a turn ends, for its mover.
enum TurnEnd {
    /// The 1s are taken: the mover wins (R4).
    TakesTheOnes,
    /// Another pair is taken; the mover goes on with this row (R3).
    Again(Row),
    /// A mismatch: both cards are remembered and the opponent moves on this
    /// row (R3, 仮定).
    HandsOver(Row),
}

/// The two cards of a turn, face up: their positions and numbers.
#[derive(Debug, Clone, Copy)]
struct Turn {
    first: usize,
    a: u8,
    second: usize,
    b: u8,
}

impl Turn {
    fn end(self, row: &Row) -> TurnEnd {
        match (self.a == self.b, self.a) {
            (true, 1) => TurnEnd::TakesTheOnes,
            (true, _) => TurnEnd::Again(
                row.with(self.first, Cell::Taken(self.a))
                    .with(self.second, Cell::Taken(self.b)),
            ),
            (false, _) => TurnEnd::HandsOver(
                row.with(self.first, Cell::Known(self.a))
                    .with(self.second, Cell::Known(self.b)),
            ),
        }
    }
}

/// One number a first card shows, with its probability (1 for a known
/// card), and every second card the mover can then turn, each worked out
/// to the end of the turn as a `T`.
struct Shown<T> {
    /// Which case of §2.1 (`None` for a known first card).
    showed: Option<Showed>,
    probability: BigRational,
    seconds: Vec<(SecondCard, T)>,
}

/// A first card and what can follow it.
struct FirstCard<T> {
    /// It was unknown (its `shows` are a chance over numbers).
    unknown: bool,
    shows: Vec<Shown<T>>,
}

/// Which moves [`Search::first_cards`] lists.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Moves {
    /// Every turn the row allows.
    All,
    /// Those of §2.1: no known card first with an unknown one second.
    Section21,
}

/// What is averaged over the number a face-down card shows: a value, or a
/// value with its draw probability.
trait Expectation {
    fn nothing() -> Self;
    /// `self += weight · x`.
    fn add_weighted(&mut self, weight: &BigRational, x: Self);
}

impl Expectation for BigRational {
    fn nothing() -> Self {
        Zero::zero()
    }
    fn add_weighted(&mut self, weight: &BigRational, x: Self) {
        *self += weight * x;
    }
}

impl Expectation for (BigRational, BigRational) {
    fn nothing() -> Self {
        (Zero::zero(), Zero::zero())
    }
    fn add_weighted(&mut self, weight: &BigRational, x: Self) {
        self.0 += weight * x.0;
        self.1 += weight * x.1;
    }
}

fn ratio(num: usize, den: usize) -> BigRational {
    BigRational::new(BigInt::from(num), BigInt::from(den))
}

/// The numbers a face-down card of `row` can show, each with its
/// probability: the unseen cards of that number over all unknown cards
/// (R2: the deal is uniform, so every unseen card is equally likely).
fn reveal(row: &Row) -> Vec<(u8, BigRational)> {
    let unknown = row.unknown_cards();
    row.numbers()
        .map(|number| (number, row.unseen(number)))
        .filter(|(_, count)| *count > 0)
        .map(|(number, count)| (number, ratio(count, unknown)))
        .collect()
}

/// The exhaustive search, with what it has worked out so far: values and
/// draw probabilities by shape. One search serves rows of any size.
pub struct Search<'p> {
    values: HashMap<Shape, BigRational>,
    draws: HashMap<(Shape, DrawPreference), BigRational>,
    progress: &'p dyn Progress,
}

impl Default for Search<'static> {
    fn default() -> Self {
        Search::new()
    }
}

impl Search<'static> {
    /// A search that reports nothing.
    #[must_use]
    pub fn new() -> Search<'static> {
        Search::reporting_to(&Silent)
    }
}

impl<'p> Search<'p> {
    /// A search that advances `progress` by one for every shape it values.
    #[must_use]
    pub fn reporting_to(progress: &'p dyn Progress) -> Search<'p> {
        Search {
            values: HashMap::new(),
            draws: HashMap::new(),
            progress,
        }
    }

    /// Every first card of `row` and every second card after it, each turn
    /// worked out to its end by `end`. A known first card followed by a
    /// known card of another number is a pass: the row does not change, so
    /// it is left to the caller ([`Row::can_pass`]).
    fn first_cards<T: Expectation>(
        &mut self,
        row: &Row,
        moves: Moves,
        end: &mut dyn FnMut(&mut Search<'p>, TurnEnd) -> T,
    ) -> Vec<FirstCard<T>> {
        let mut firsts = Vec::new();
        for first in 0..row.cells().len() {
            let card = match row.cells()[first] {
                Cell::Taken(_) => continue,
                Cell::Known(a) => FirstCard {
                    unknown: false,
                    shows: vec![Shown {
                        showed: None,
                        probability: BigRational::one(),
                        seconds: self.second_cards(row, first, a, false, moves, end),
                    }],
                },
                Cell::Unknown => {
                    let mut card = FirstCard {
                        unknown: true,
                        shows: Vec::new(),
                    };
                    for (a, probability) in reveal(row) {
                        let shown = row.with(first, Cell::Known(a));
                        let showed = match a {
                            1 => Showed::One,
                            _ if row.cells().contains(&Cell::Known(a)) => Showed::KnownNumber,
                            _ => Showed::NewNumber,
                        };
                        card.shows.push(Shown {
                            showed: Some(showed),
                            probability,
                            seconds: self.second_cards(&shown, first, a, true, moves, end),
                        });
                    }
                    card
                }
            };
            firsts.push(card);
        }
        firsts
    }

    /// The second cards after the first, at `first` and showing `a`, is
    /// face up on `shown`.
    fn second_cards<T: Expectation>(
        &mut self,
        shown: &Row,
        first: usize,
        a: u8,
        first_was_unknown: bool,
        moves: Moves,
        end: &mut dyn FnMut(&mut Search<'p>, TurnEnd) -> T,
    ) -> Vec<(SecondCard, T)> {
        let mut seconds = Vec::new();
        for second in (0..shown.cells().len()).filter(|&q| q != first) {
            let turn = |b| Turn {
                first,
                a,
                second,
                b,
            };
            match shown.cells()[second] {
                Cell::Taken(_) => {}
                Cell::Known(b) if b == a => {
                    seconds.push((SecondCard::Partner, end(self, turn(b).end(shown))));
                }
                Cell::Known(b) if first_was_unknown => {
                    seconds.push((SecondCard::OtherKnown, end(self, turn(b).end(shown))));
                }
                Cell::Known(_) => {} // a pass
                Cell::Unknown if first_was_unknown || moves == Moves::All => {
                    let mut mean = T::nothing();
                    for (b, probability) in reveal(shown) {
                        mean.add_weighted(&probability, end(self, turn(b).end(shown)));
                    }
                    seconds.push((SecondCard::Unknown, mean));
                }
                Cell::Unknown => {}
            }
        }
        seconds
    }

    /// The expected points of the player to move on `row` (win 1, draw ½,
    /// loss 0) when both play to maximise their own.
    pub fn value(&mut self, row: &Row) -> BigRational {
        let shape = row.shape();
        if let Some(v) = self.values.get(&shape) {
            return v.clone();
        }
        let firsts = self.first_cards(row, Moves::All, &mut |s, end| s.value_after(end));
        let best = firsts
            .iter()
            .filter_map(|first| expected_best(first, |_, _| true))
            .max()
            .expect("a card can be turned while the 1s are on the table");
        // Passing hands the same row to the opponent: x = max(best, 1 − x).
        // Both passing for ever is a draw (R5), so x = ½ when best < ½.
        let value = if row.can_pass() && best < even_chance() {
            even_chance()
        } else {
            best
        };
        self.values.insert(shape, value.clone());
        self.progress.advance(1);
        value
    }

    fn value_after(&mut self, end: TurnEnd) -> BigRational {
        match end {
            TurnEnd::TakesTheOnes => BigRational::one(),
            TurnEnd::Again(next) => self.value(&next),
            TurnEnd::HandsOver(next) => BigRational::one() - self.value(&next),
        }
    }

    /// The first player's expected points with `pairs` pairs: the value of
    /// the row with every card unknown.
    ///
    /// # Panics
    /// If `pairs` is 0 or more than [`super::MAX_PAIRS`].
    pub fn first_player_value(&mut self, pairs: usize) -> BigRational {
        self.value(&Row::start(pairs).expect("1 ≤ pairs ≤ 255"))
    }

    /// The best value of every kind of turn on `row` ([`TurnKind`]).
    pub fn turn_values(&mut self, row: &Row) -> TurnValues {
        let value = self.value(row);
        let firsts = self.first_cards(row, Moves::All, &mut |s, end| s.value_after(end));
        let mut kinds: Vec<(TurnKind, BigRational)> = Vec::new();
        if row.can_pass() {
            // The opponent faces the same row: 1 − x.
            kinds.push((TurnKind::Pass, BigRational::one() - &value));
        }
        let best_of = |kind: TurnKind, answer: &dyn Fn(bool, SecondCard) -> bool| {
            let keep = |first: &FirstCard<BigRational>| match kind {
                TurnKind::OnePly | TurnKind::TwoPly => first.unknown,
                _ => !first.unknown,
            };
            firsts
                .iter()
                .filter(|first| keep(first))
                .filter_map(|first| expected_best(first, answer))
                .max()
                .map(|v| (kind, v))
        };
        kinds.extend(best_of(TurnKind::TakeKnownPair, &|_, s| {
            s == SecondCard::Partner
        }));
        kinds.extend(best_of(TurnKind::OnePly, &|fresh, s| {
            !fresh || s == SecondCard::OtherKnown
        }));
        kinds.extend(best_of(TurnKind::TwoPly, &|fresh, s| {
            !fresh || s == SecondCard::Unknown
        }));
        kinds.extend(best_of(TurnKind::KnownThenUnknown, &|_, s| {
            s == SecondCard::Unknown
        }));
        // The best second cards of each case, on every unknown first card
        // and every number of the case.
        let mut answers: Vec<(Showed, Vec<SecondCard>)> = Vec::new();
        for shown in firsts.iter().filter(|f| f.unknown).flat_map(|f| &f.shows) {
            let showed = shown.showed.expect("an unknown first card");
            let top = shown
                .seconds
                .iter()
                .map(|(_, v)| v)
                .max()
                .expect("a second card");
            let best: Vec<SecondCard> = shown
                .seconds
                .iter()
                .filter(|(_, v)| v == top)
                .map(|(second, _)| *second)
                .collect();
            match answers.iter_mut().find(|(case, _)| *case == showed) {
                Some((_, seconds)) => seconds.retain(|s| best.contains(s)),
                None => answers.push((showed, best)),
            }
        }
        for (_, seconds) in &mut answers {
            seconds.sort_unstable();
            seconds.dedup();
        }
        answers.sort_unstable();
        TurnValues {
            value,
            kinds,
            answers,
        }
    }

    /// The probability that the game from `row` ends drawn (R5: both
    /// players pass for ever) when both take only value-optimal turns and
    /// pick among tied ones by `preference`, a chosen pass being a draw (the
    /// opponent faces the same row and passes too). The turns are those of
    /// §2.1: a known pair taken, a pass, or an unknown card first and any
    /// second; the row's known card first with an unknown one second is
    /// left out, so that the draw probabilities are those of §2.1's players.
    ///
    /// # Panics
    /// If §2.1's turns do not reach the row's value (the search checks it).
    pub fn draw_probability(&mut self, row: &Row, preference: DrawPreference) -> BigRational {
        let key = (row.shape(), preference);
        if let Some(d) = self.draws.get(&key) {
            return d.clone();
        }
        let firsts = self.first_cards(row, Moves::Section21, &mut |s, end| {
            s.drawn_after(end, preference)
        });
        // (value, draw probability) of every turn but the pass.
        let mut options: Vec<(BigRational, BigRational)> = Vec::new();
        for first in firsts {
            if first.unknown {
                let mut mean = <(BigRational, BigRational)>::nothing();
                for shown in first.shows {
                    let best = choose(
                        shown.seconds.into_iter().map(|(_, vd)| vd),
                        None,
                        preference,
                    );
                    mean.add_weighted(&shown.probability, best);
                }
                options.push(mean);
            } else {
                let shown = first.shows.into_iter().next().expect("its own number");
                options.extend(shown.seconds.into_iter().map(|(_, vd)| vd));
            }
        }
        let pass = row.can_pass().then(|| (even_chance(), BigRational::one()));
        let (value, draw) = choose(options.into_iter(), pass, preference);
        assert_eq!(value, self.value(row), "§2.1's turns reach the row's value");
        self.draws.insert(key, draw.clone());
        draw
    }

    /// Value and draw probability after a turn ends: the 1s taken end the
    /// game (no draw); after any other turn the game goes on from the next
    /// row (a draw is a draw for both players).
    fn drawn_after(
        &mut self,
        end: TurnEnd,
        preference: DrawPreference,
    ) -> (BigRational, BigRational) {
        match end {
            TurnEnd::TakesTheOnes => (BigRational::one(), BigRational::zero()),
            TurnEnd::Again(next) => (self.value(&next), self.draw_probability(&next, preference)),
            TurnEnd::HandsOver(next) => (
                BigRational::one() - self.value(&next),
                self.draw_probability(&next, preference),
            ),
        }
    }

    /// Every shape the search has valued, with its value.
    #[must_use]
    pub fn valued(&self) -> Vec<(Shape, BigRational)> {
        self.values.iter().map(|(s, v)| (*s, v.clone())).collect()
    }

    /// Every shape whose draw probability under `preference` the search has
    /// worked out, with that probability.
    #[must_use]
    pub fn drawn(&self, preference: DrawPreference) -> Vec<(Shape, BigRational)> {
        self.draws
            .iter()
            .filter(|((_, p), _)| *p == preference)
            .map(|((s, _), d)| (*s, d.clone()))
            .collect()
    }
}

/// The expectation, over what `first` shows, of the best second card that
/// `allowed(case (c), second card)` lets the mover turn; `None` if for some
/// number it shows no second card is allowed.
fn expected_best(
    first: &FirstCard<BigRational>,
    allowed: impl Fn(bool, SecondCard) -> bool,
) -> Option<BigRational> {
    let mut mean = BigRational::zero();
    for shown in &first.shows {
        let case_c = shown.showed == Some(Showed::NewNumber);
        let best = shown
            .seconds
            .iter()
            .filter(|(second, _)| allowed(case_c, *second))
            .map(|(_, v)| v)
            .max()?;
        mean += &shown.probability * best;
    }
    Some(mean)
}

/// The best value among `options` and, among the turns reaching it, the
/// draw probability `preference` picks. A `pass` (value ½, draw 1) answers
/// x = max(A, 1 − x): it is the only optimal turn when the best other
/// value A is below ½, one of them when A is ½.
fn choose(
    options: impl Iterator<Item = (BigRational, BigRational)>,
    pass: Option<(BigRational, BigRational)>,
    preference: DrawPreference,
) -> (BigRational, BigRational) {
    let options: Vec<_> = options.collect();
    let mut value = options
        .iter()
        .map(|(v, _)| v)
        .max()
        .expect("some turn exists")
        .clone();
    let mut tied: Vec<(BigRational, BigRational)> =
        options.into_iter().filter(|(v, _)| *v == value).collect();
    if let Some(pass) = pass {
        if pass.0 > value {
            value = pass.0.clone();
            tied = vec![pass];
        } else if pass.0 == value {
            tied.push(pass);
        }
    }
    let draws = tied.into_iter().map(|(_, d)| d);
    let draw = match preference {
        DrawPreference::FewestDraws => draws.min(),
        DrawPreference::MostDraws => draws.max(),
    }
    .expect("some optimal turn");
    (value, draw)
}

/// An even chance, 1/2: written here so the row search takes nothing from
/// the engines or the recurrence's side (it is its own model of 004 §2.1).
fn even_chance() -> BigRational {
    BigRational::new(BigInt::one(), BigInt::from(2))
}
