//! The game itself (document 004, §1.1 rules R1–R5): an explicit row of 2N
//! face-down cards, players who remember every card ever shown and choose
//! which position to turn over, chance over the number on a card nobody has
//! seen. No F/G bookkeeping: positions are cells, and the search tries every
//! first and second card.

use super::optimized::TieBreak;
use super::rules::State;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use std::collections::HashMap;

/// One position of the row, as both players know it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cell {
    /// Face down, never shown.
    Unknown,
    /// Face down, shown before: its number is remembered.
    Known(u8),
    /// Taken off the table (with its number).
    Taken(u8),
}

/// The row as both players know it; the mover is implicit (values are for
/// the player to move).
pub type Board = Vec<Cell>;

/// Exhaustive search with a memo keyed by the whole row.
pub struct Search {
    pairs: u8,
    memo: HashMap<Board, BigRational>,
    /// Draw probabilities by row and tie-break ([`Search::draw_probability`]).
    draws: HashMap<(Board, TieBreak), BigRational>,
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
    /// Whether the turn takes the 1s, which wins (R4).
    fn takes_the_ones(self) -> bool {
        self.a == self.b && self.a == 1
    }

    /// The row after the turn: a pair taken, a mismatch remembered.
    fn after(self, board: &Board) -> Board {
        let mut next = board.clone();
        let shown = if self.a == self.b {
            Cell::Taken
        } else {
            Cell::Known
        };
        next[self.first] = shown(self.a);
        next[self.second] = shown(self.b);
        next
    }
}

/// What [`Search::reveal`] averages: a value, or a value with its draw
/// probability.
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

impl Search {
    /// A search over the game with numbers 1..=`pairs`.
    ///
    /// # Panics
    /// If `pairs` is 0 or more than 255.
    #[must_use]
    pub fn new(pairs: usize) -> Search {
        assert!((1..=255).contains(&pairs), "1..=255 pairs");
        Search {
            pairs: u8::try_from(pairs).expect("checked"),
            memo: HashMap::new(),
            draws: HashMap::new(),
        }
    }

    /// The first player's expected points at the start: every card unknown.
    pub fn first_player_value(&mut self) -> BigRational {
        let start = vec![Cell::Unknown; 2 * usize::from(self.pairs)];
        self.value(&start)
    }

    /// How many cards of `number` lie face down and unseen.
    fn unseen(&self, board: &Board, number: u8) -> usize {
        let seen = board
            .iter()
            .filter(|c| matches!(c, Cell::Known(v) | Cell::Taken(v) if *v == number))
            .count();
        2 - seen
    }

    /// Expected points of the player to move on `board`.
    pub fn value(&mut self, board: &Board) -> BigRational {
        if let Some(v) = self.memo.get(board) {
            return v.clone();
        }
        let mut best: Option<BigRational> = None;
        let mut can_pass = false;
        for first in 0..board.len() {
            let outcome = match board[first] {
                Cell::Taken(_) => continue,
                Cell::Known(a) => {
                    // A known first card: the second is known or unknown.
                    let mut best_second: Option<BigRational> = None;
                    for second in (0..board.len()).filter(|&q| q != first) {
                        let v = match board[second] {
                            Cell::Taken(_) => continue,
                            Cell::Known(b) if b != a => {
                                can_pass = true;
                                continue;
                            }
                            Cell::Known(b) => self.after_two(
                                board,
                                Turn {
                                    first,
                                    a,
                                    second,
                                    b,
                                },
                            ),
                            Cell::Unknown => self.reveal(board, second, |s, b, x| {
                                s.after_two(
                                    b,
                                    Turn {
                                        first,
                                        a,
                                        second,
                                        b: x,
                                    },
                                )
                            }),
                        };
                        best_second = Some(max(best_second, v));
                    }
                    match best_second {
                        Some(v) => v,
                        None => continue,
                    }
                }
                Cell::Unknown => self.reveal(board, first, |s, shown, a| {
                    let mut best_second: Option<BigRational> = None;
                    for second in (0..shown.len()).filter(|&q| q != first) {
                        let v = match shown[second] {
                            Cell::Taken(_) => continue,
                            Cell::Known(b) => s.after_two(
                                shown,
                                Turn {
                                    first,
                                    a,
                                    second,
                                    b,
                                },
                            ),
                            Cell::Unknown => s.reveal(shown, second, |s2, b2, x| {
                                s2.after_two(
                                    b2,
                                    Turn {
                                        first,
                                        a,
                                        second,
                                        b: x,
                                    },
                                )
                            }),
                        };
                        best_second = Some(max(best_second, v));
                    }
                    best_second.expect("a second face-down card always exists")
                }),
            };
            best = Some(max(best, outcome));
        }
        let active = best.expect("some card is face down while the 1s are on the table");
        let half = ratio(1, 2);
        // Passing hands the same row to the opponent: x = max(active, 1 − x).
        // Both passing for ever is a draw (R5), so x = 1/2 when active < 1/2.
        let value = if can_pass && active < half {
            half
        } else {
            active
        };
        self.memo.insert(board.clone(), value.clone());
        value
    }

    /// Turns over the unknown card at `at`: the expectation over its number
    /// of `then(search, board with the card shown, number)`.
    fn reveal<T: Expectation>(
        &mut self,
        board: &Board,
        at: usize,
        mut then: impl FnMut(&mut Search, &Board, u8) -> T,
    ) -> T {
        let unknown = board.iter().filter(|c| **c == Cell::Unknown).count();
        let mut total = T::nothing();
        for number in 1..=self.pairs {
            let count = self.unseen(board, number);
            if count == 0 {
                continue;
            }
            let mut shown = board.clone();
            shown[at] = Cell::Known(number);
            total.add_weighted(&ratio(count, unknown), then(self, &shown, number));
        }
        total
    }

    /// Both cards of the turn are face up: a match is taken (the 1s win, any
    /// other pair lets the mover go on), a mismatch passes the turn with both
    /// cards remembered.
    fn after_two(&mut self, board: &Board, turn: Turn) -> BigRational {
        if turn.takes_the_ones() {
            return BigRational::one();
        }
        let next = turn.after(board);
        if turn.a == turn.b {
            self.value(&next)
        } else {
            BigRational::one() - self.value(&next)
        }
    }

    /// The probability that the game ends drawn from `board` (R5: both
    /// players pass for ever) when both take only value-optimal moves and
    /// pick among tied ones by `tie`, a chosen pass being a draw: the row's
    /// counterpart of `optimized::Table::draw_probabilities`. The moves are
    /// those of §2.1: a known pair taken, a pass, or an unknown card first
    /// and any second. The row also allows a known card first and an
    /// unknown one second, which §2.1 does not list; it never beats the
    /// listed moves (the values agree with §2.1's) and is left out here, so
    /// that both solvers choose among the same moves. (Let in, it changes
    /// no draw probability up to N = 4 either: checked once, by hand.)
    pub fn draw_probability(&mut self, board: &Board, tie: TieBreak) -> BigRational {
        let key = (board.clone(), tie);
        if let Some(d) = self.draws.get(&key) {
            return d.clone();
        }
        // (value, draw probability) of every move but the pass.
        let mut options: Vec<(BigRational, BigRational)> = Vec::new();
        let mut can_pass = false;
        for first in 0..board.len() {
            match board[first] {
                Cell::Taken(_) => {}
                Cell::Known(a) => {
                    for second in (0..board.len()).filter(|&q| q != first) {
                        match board[second] {
                            Cell::Known(b) if b == a => {
                                options.push(self.after_two_drawn(
                                    board,
                                    Turn {
                                        first,
                                        a,
                                        second,
                                        b,
                                    },
                                    tie,
                                ));
                            }
                            Cell::Known(_) => can_pass = true,
                            Cell::Taken(_) | Cell::Unknown => {}
                        }
                    }
                }
                Cell::Unknown => {
                    // Expectations over the first card's number of the best
                    // second card's value and, among the best, of its draws.
                    let option = self.reveal(board, first, |s, shown, a| {
                        let mut seconds = Vec::new();
                        for second in (0..shown.len()).filter(|&q| q != first) {
                            seconds.push(match shown[second] {
                                Cell::Taken(_) => continue,
                                Cell::Known(b) => s.after_two_drawn(
                                    shown,
                                    Turn {
                                        first,
                                        a,
                                        second,
                                        b,
                                    },
                                    tie,
                                ),
                                Cell::Unknown => s.reveal(shown, second, |s2, both, b| {
                                    s2.after_two_drawn(
                                        both,
                                        Turn {
                                            first,
                                            a,
                                            second,
                                            b,
                                        },
                                        tie,
                                    )
                                }),
                            });
                        }
                        choose(seconds, None, tie)
                    });
                    options.push(option);
                }
            }
        }
        let half = ratio(1, 2);
        let pass = can_pass.then(|| (half.clone(), BigRational::one()));
        let (value, draw) = choose(options, pass, tie);
        assert_eq!(
            value,
            self.value(board),
            "§2.1's moves reach the row's value"
        );
        self.draws.insert(key, draw.clone());
        draw
    }

    /// [`Search::after_two`] with the draw probability after it: a taken
    /// 1 ends the game (no draw), any other pair lets the mover go on, a
    /// mismatch hands the row over (a draw is a draw for both).
    fn after_two_drawn(
        &mut self,
        board: &Board,
        turn: Turn,
        tie: TieBreak,
    ) -> (BigRational, BigRational) {
        let value = self.after_two(board, turn);
        let draw = if turn.takes_the_ones() {
            BigRational::zero()
        } else {
            self.draw_probability(&turn.after(board), tie)
        };
        (value, draw)
    }

    /// Every row whose draw probability under `tie` the search has worked
    /// out that is an F or G state of §2.1, with that probability.
    #[must_use]
    pub fn visited_draws(&self, tie: TieBreak) -> Vec<(State, BigRational)> {
        self.draws
            .iter()
            .filter(|((_, t), _)| *t == tie)
            .filter_map(|((board, _), d)| Some((classify(board)?, d.clone())))
            .collect()
    }

    /// Every row the search has valued that is an F or G state of §2.1,
    /// with its value: for comparing state by state with the recurrence.
    #[must_use]
    pub fn visited_states(&self) -> Vec<(State, BigRational)> {
        self.memo
            .iter()
            .filter_map(|(board, v)| Some((classify(board)?, v.clone())))
            .collect()
    }
}

/// The §2.1 state of a row: n numbers still on the table, m with both cards
/// known, k with one card known; F if no 1 is known, G if one is. A row with
/// both 1s known is neither.
#[must_use]
pub fn classify(board: &Board) -> Option<State> {
    let numbers = board.iter().filter_map(|c| match c {
        Cell::Known(v) | Cell::Taken(v) => Some(*v),
        Cell::Unknown => None,
    });
    let top = numbers.max().unwrap_or(1).max(1);
    let (mut n, mut m, mut k, mut ones_known) = (0, 0, 0, 0);
    let unknown = board.iter().filter(|c| **c == Cell::Unknown).count();
    let mut known_cards = 0;
    for number in 1..=top {
        let known = board.iter().filter(|c| **c == Cell::Known(number)).count();
        let taken = board.contains(&Cell::Taken(number));
        if taken {
            continue;
        }
        known_cards += known;
        match known {
            2 => m += 1,
            1 => k += 1,
            _ => {}
        }
        if number == 1 {
            ones_known = known;
        }
    }
    // Numbers never shown are not in 1..=top; count pairs from the cards left.
    n += (unknown + known_cards) / 2;
    match ones_known {
        0 => State::f(n, m, k).ok(),
        1 => State::g(n, m, k).ok(),
        _ => None,
    }
}

/// The best value among `options` and, among the moves reaching it, the
/// draw probability `tie` picks. A `pass` (value ½, draw 1) answers
/// x = max(A, 1 − x): it is the only optimal move when the best other
/// value A is below ½, one of them when A is ½.
fn choose(
    options: Vec<(BigRational, BigRational)>,
    pass: Option<(BigRational, BigRational)>,
    tie: TieBreak,
) -> (BigRational, BigRational) {
    let best = options
        .iter()
        .map(|(v, _)| v.clone())
        .max()
        .expect("some move exists");
    let mut tied: Vec<(BigRational, BigRational)> =
        options.into_iter().filter(|(v, _)| *v == best).collect();
    let mut value = best;
    if let Some(pass) = pass {
        if pass.0 > value {
            value = pass.0.clone();
            tied = vec![pass];
        } else if pass.0 == value {
            tied.push(pass);
        }
    }
    let draws = tied.into_iter().map(|(_, d)| d);
    let draw = match tie {
        TieBreak::FewestDraws => draws.min(),
        TieBreak::MostDraws => draws.max(),
    }
    .expect("some optimal move");
    (value, draw)
}

fn max(a: Option<BigRational>, b: BigRational) -> BigRational {
    match a {
        Some(a) if a >= b => a,
        _ => b,
    }
}

/// The row for a §2.1 state with numbers 1..=n: for F, numbers 2..=m+1
/// known twice and the next k known once; for G, the 1 known once, then m
/// numbers known twice and k − 1 known once. Lets the search start from
/// the positions the paper names.
#[must_use]
pub fn row_of(state: State) -> Board {
    let (n, m, k) = (state.pairs, state.known_pairs, state.known_singles);
    let one_known = state.family == super::Family::G;
    // Non-1 numbers with one card known: all k in F, k − 1 beside the 1 in G.
    let singles = k - usize::from(one_known);
    let mut row = Vec::with_capacity(2 * n);
    for number in 1..=n {
        let known = match number {
            1 => usize::from(one_known),
            _ if number <= m + 1 => 2,
            _ if number <= m + 1 + singles => 1,
            _ => 0,
        };
        let card = u8::try_from(number).expect("at most 255 pairs");
        row.extend((0..2).map(|copy| {
            if copy < known {
                Cell::Known(card)
            } else {
                Cell::Unknown
            }
        }));
    }
    row
}

/// §4 item 3 on the explicit row: players with no memory turn over two
/// positions chosen uniformly at random. Every unordered pair of positions
/// of the row `1,1,2,2,…` is enumerated to count the turns that win, take
/// another pair, or hand the table over; the hand-over makes the value
/// self-referential, w = win + pair·w' + other·(1 − w), solved for w.
#[must_use]
pub fn zero_memory_first_player_wins(pairs: usize) -> BigRational {
    let mut w = BigRational::zero();
    for n in 1..=pairs {
        let row: Vec<usize> = (1..=n).flat_map(|v| [v, v]).collect();
        let (mut win, mut pair, mut other, mut turns) = (0, 0, 0, 0);
        for i in 0..row.len() {
            for j in i + 1..row.len() {
                turns += 1;
                match (row[i] == row[j], row[i]) {
                    (true, 1) => win += 1,
                    (true, _) => pair += 1,
                    (false, _) => other += 1,
                }
            }
        }
        let p = |c: usize| ratio(c, turns);
        w = (p(win) + p(pair) * w + p(other)) / (BigRational::one() + p(other));
    }
    w
}
