//! States, options and moves of the memory game with a special pair
//! (document 004, Sakamoto & Shinoda, §1.1 rules R1–R5 and §2.1 states and
//! strategies): the rules as the optimized side reads them. [`moves`] names
//! every option, case and outcome of (F1)–(F3) and (G1)–(G3) once; the
//! table solver values them and [`Transitions`] lists them.

use std::fmt;
use std::ops::Range;

/// Which of the paper's two families a state belongs to (§2.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    /// F(n,m,k): both 1-cards are still unknown.
    F,
    /// G(n,m,k): exactly one 1-card is known (it is one of the `k` singles).
    G,
}

/// A state of the table, seen by the player to move (§2.1):
/// `pairs` = n pairs on the table, `known_pairs` = m numbers with both cards
/// known, `known_singles` = k numbers with exactly one card known.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct State {
    /// F (both 1s unknown) or G (one 1 known).
    pub family: Family,
    /// n: pairs still on the table.
    pub pairs: usize,
    /// m: numbers whose both cards are known.
    pub known_pairs: usize,
    /// k: numbers with exactly one card known.
    pub known_singles: usize,
}

/// Why an F(n,m,k) or G(n,m,k) is not a state (§2.1: "F においては
/// m + k ≤ n − 1, G においては k ≥ 1").
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InvalidState {
    /// F needs m + k ≤ n − 1: both 1-cards are unknown, so at most n − 1
    /// other numbers can have a card known (this also rules out n = 0).
    FTooManyKnown {
        /// n.
        pairs: usize,
        /// m.
        known_pairs: usize,
        /// k.
        known_singles: usize,
    },
    /// G needs k ≥ 1: the known 1-card is one of the k singles.
    GWithoutKnownOne {
        /// n.
        pairs: usize,
        /// m.
        known_pairs: usize,
    },
    /// G needs m + k ≤ n: no more numbers known than are on the table.
    GTooManyKnown {
        /// n.
        pairs: usize,
        /// m.
        known_pairs: usize,
        /// k.
        known_singles: usize,
    },
}

impl fmt::Display for InvalidState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            InvalidState::FTooManyKnown {
                pairs: n,
                known_pairs: m,
                known_singles: k,
            } => write!(
                f,
                "F({n},{m},{k}) is not a state: F needs m + k ≤ n − 1 (both 1-cards unknown)"
            ),
            InvalidState::GWithoutKnownOne {
                pairs: n,
                known_pairs: m,
            } => write!(
                f,
                "G({n},{m},0) is not a state: G needs k ≥ 1 and m + k ≤ n"
            ),
            InvalidState::GTooManyKnown {
                pairs: n,
                known_pairs: m,
                known_singles: k,
            } => write!(
                f,
                "G({n},{m},{k}) is not a state: G needs k ≥ 1 and m + k ≤ n"
            ),
        }
    }
}

impl std::error::Error for InvalidState {}

/// Why a text is not a state name ([`State`]'s `FromStr`): first the
/// notation is read, then the state it names is validated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseStateError {
    /// Not of the form `F(n,m,k)`, `G(n,m,k)` or `G(n,k)` with n, m, k
    /// non-negative integers.
    Notation,
    /// Well written, but not a state.
    Invalid(InvalidState),
}

impl fmt::Display for ParseStateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseStateError::Notation => f.write_str(
                "a state is written F(n,m,k), G(n,m,k) or G(n,k) (the paper's G(n,0,k))",
            ),
            ParseStateError::Invalid(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ParseStateError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ParseStateError::Notation => None,
            ParseStateError::Invalid(e) => Some(e),
        }
    }
}

impl From<InvalidState> for ParseStateError {
    fn from(e: InvalidState) -> Self {
        ParseStateError::Invalid(e)
    }
}

impl State {
    /// F(n,m,k); the paper notes "F においては m + k ≤ n − 1" (§2.1).
    ///
    /// # Errors
    /// [`InvalidState::FTooManyKnown`] if m + k ≥ n.
    #[inline]
    pub fn f(n: usize, m: usize, k: usize) -> Result<State, InvalidState> {
        if !State::is_f(n, m, k) {
            return Err(InvalidState::FTooManyKnown {
                pairs: n,
                known_pairs: m,
                known_singles: k,
            });
        }
        Ok(State {
            family: Family::F,
            pairs: n,
            known_pairs: m,
            known_singles: k,
        })
    }

    /// G(n,m,k); the paper notes "G においては k ≥ 1" and m + k ≤ n (§2.1).
    ///
    /// # Errors
    /// [`InvalidState::GWithoutKnownOne`] if k = 0,
    /// [`InvalidState::GTooManyKnown`] if m + k > n.
    #[inline]
    pub fn g(n: usize, m: usize, k: usize) -> Result<State, InvalidState> {
        if k == 0 {
            return Err(InvalidState::GWithoutKnownOne {
                pairs: n,
                known_pairs: m,
            });
        }
        if !State::is_g(n, m, k) {
            return Err(InvalidState::GTooManyKnown {
                pairs: n,
                known_pairs: m,
                known_singles: k,
            });
        }
        Ok(State {
            family: Family::G,
            pairs: n,
            known_pairs: m,
            known_singles: k,
        })
    }

    /// Whether F(n,m,k) is a state: n ≥ 1 and m + k ≤ n − 1.
    #[inline]
    #[must_use]
    pub fn is_f(n: usize, m: usize, k: usize) -> bool {
        m + k < n
    }

    /// Whether G(n,m,k) is a state: k ≥ 1 and m + k ≤ n.
    #[inline]
    #[must_use]
    pub fn is_g(n: usize, m: usize, k: usize) -> bool {
        k >= 1 && m + k <= n
    }

    /// Face-down cards nobody has seen: 2n − 2m − k in both families. The
    /// recurrences are evaluated in increasing order of this number (§2.1).
    #[must_use]
    pub fn unknown_cards(&self) -> usize {
        2 * self.pairs - 2 * self.known_pairs - self.known_singles
    }

    /// Two known cards of different numbers exist, so the mover may pass (F2/G2).
    #[must_use]
    pub fn can_pass(&self) -> bool {
        self.known_pairs + self.known_singles >= 2
    }
}

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self.family {
            Family::F => "F",
            Family::G => "G",
        };
        write!(
            f,
            "{name}({},{},{})",
            self.pairs, self.known_pairs, self.known_singles
        )
    }
}

impl std::str::FromStr for State {
    type Err = ParseStateError;

    /// Reads `F(n,m,k)`, `G(n,m,k)` or the paper's `G(n,k)` (= G(n,0,k),
    /// §2.3), spaces allowed around the parts, then validates the state.
    ///
    /// # Examples
    /// ```
    /// use solved_games_reference::games::memory::{InvalidState, ParseStateError, State};
    /// assert_eq!("G(4,0,1)".parse(), State::g(4, 0, 1).map_err(ParseStateError::from));
    /// assert!(matches!(
    ///     "F(3,2,1)".parse::<State>(),
    ///     Err(ParseStateError::Invalid(InvalidState::FTooManyKnown { .. }))
    /// ));
    /// ```
    fn from_str(text: &str) -> Result<State, ParseStateError> {
        let text = text.trim();
        let (family, rest) = if let Some(rest) = text.strip_prefix('F') {
            (Family::F, rest)
        } else if let Some(rest) = text.strip_prefix('G') {
            (Family::G, rest)
        } else {
            return Err(ParseStateError::Notation);
        };
        let inner = rest
            .trim_start()
            .strip_prefix('(')
            .and_then(|r| r.strip_suffix(')'))
            .ok_or(ParseStateError::Notation)?;
        let numbers = inner
            .split(',')
            .map(|part| part.trim().parse::<usize>())
            .collect::<Result<Vec<usize>, _>>()
            .map_err(|_| ParseStateError::Notation)?;
        let state = match (family, numbers.as_slice()) {
            (Family::F, &[n, m, k]) => State::f(n, m, k),
            (Family::G, &[n, m, k]) => State::g(n, m, k),
            (Family::G, &[n, k]) => State::g(n, 0, k),
            _ => return Err(ParseStateError::Notation),
        };
        Ok(state?)
    }
}

/// What the mover does after the first, unknown card of option (F3)/(G3)
/// (§2.1 (a)(b)(c)): take the matching known card, turn over another known
/// card (a deliberate miss that passes the turn), or turn over a second
/// unknown card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Second {
    /// (a)(i): the first card matched a known single; take the pair, move again.
    Take,
    /// (a)(ii), (b)(i), (c)(i): turn over a non-matching known card.
    Known,
    /// (a)(iii), (b)(ii), (c)(ii): turn over another unknown card.
    Unknown,
}

impl Second {
    fn word(self) -> &'static str {
        match self {
            Second::Take => "take",
            Second::Known => "known",
            Second::Unknown => "unknown",
        }
    }
}

/// An option of §2.1 at a state, as the paper labels it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Choice {
    /// (F1)/(G1): take a pair whose both cards are known.
    TakeKnownPair,
    /// (F2)/(G2): turn over two known cards of different numbers (pass).
    Pass,
    /// (F3)/(G3): turn over an unknown card, then answer each case (a), (b),
    /// (c) as given; `None` where that case has probability zero (or, for G's
    /// case (b), where the move is forced: the second 1 wins).
    OpenUnknown {
        /// (a): the card matched a known single.
        matched: Option<Second>,
        /// (b): the card was a 1.
        one: Option<Second>,
        /// (c): neither.
        fresh: Option<Second>,
    },
}

impl Choice {
    /// The paper's names for G(n,k) (§2.3): 0-ply passes, 1-ply opens one
    /// unknown card and then passes unless it matched, 2-ply opens a second
    /// unknown card. `None` for choices outside these three.
    #[must_use]
    pub fn ply(&self) -> Option<&'static str> {
        match self {
            Choice::Pass => Some("0-ply"),
            Choice::OpenUnknown {
                fresh: Some(Second::Known),
                ..
            } => Some("1-ply"),
            Choice::OpenUnknown {
                fresh: Some(Second::Unknown),
                ..
            } => Some("2-ply"),
            _ => None,
        }
    }
}

impl fmt::Display for Choice {
    /// `take-pair`, `pass`, or `open(a:…,b:…,c:…)` naming the answer to each
    /// case that can occur.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Choice::TakeKnownPair => f.write_str("take-pair"),
            Choice::Pass => f.write_str("pass"),
            Choice::OpenUnknown {
                matched,
                one,
                fresh,
            } => {
                let parts: Vec<String> = [("a", matched), ("b", one), ("c", fresh)]
                    .into_iter()
                    .filter_map(|(case, s)| s.map(|s| format!("{case}:{}", s.word())))
                    .collect();
                write!(f, "open({})", parts.join(","))
            }
        }
    }
}

/// Which optimal option a player takes when several tie: the value does
/// not depend on it, the probability of a draw does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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

    /// Replaces the contents with the moves of §2.1 (F1)–(F3) and
    /// (G1)–(G3) out of `s`, keeping the lists' storage.
    pub fn refill(&mut self, s: State) {
        self.cases.clear();
        self.answers.clear();
        self.outcomes.clear();
        self.unknown = s.unknown_cards();
        self.can_pass = s.can_pass();
        self.take_pair = None;
        self.forced_win = false;
        moves(s, self);
    }
}

impl MoveSink for Transitions {
    fn take_pair(&mut self, next: State) {
        self.take_pair = Some(next);
    }

    fn second_one_wins(&mut self) {
        self.forced_win = true;
    }

    fn case(&mut self, case: Case, count: usize) {
        let at = self.answers.len();
        self.cases.push((case, count, at..at));
    }

    fn answer(&mut self, second: Second, outcomes: &[(usize, Option<Next>)]) {
        let from = self.outcomes.len();
        self.outcomes.extend(live(outcomes));
        self.answers.push((second, from..self.outcomes.len()));
        let case = self.cases.last_mut().expect("an answer belongs to a case");
        case.2.end = self.answers.len();
    }
}

/// Receives the moves of one state, in the words of §2.1, from [`moves`].
/// Two receivers: [`Transitions`] lists them, the table's valuer values them
/// as they come, so the rules are written once.
pub trait MoveSink {
    /// (F1)/(G1): taking a known pair leads to `next`, the mover to play again.
    fn take_pair(&mut self, next: State);
    /// (G3)(b): the first card turned is the second 1, 1 card of the u: a win.
    fn second_one_wins(&mut self);
    /// (F3)/(G3): the first card turned is of kind `case`, as `count` of
    /// the u unknown cards are; the answers that follow belong to it.
    fn case(&mut self, case: Case, count: usize);
    /// An answer for the second card in the last case: card counts and
    /// where each leads. A count of zero comes with no state (`None`): the
    /// branch has probability zero and its triple need not be a state.
    fn answer(&mut self, second: Second, outcomes: &[(usize, Option<Next>)]);
}

/// The outcomes with at least one card behind them.
fn live(outcomes: &[(usize, Option<Next>)]) -> impl Iterator<Item = (usize, Next)> + '_ {
    outcomes
        .iter()
        .filter(|(count, _)| *count > 0)
        .map(|&(count, next)| (count, next.expect("named when its count is positive")))
}

/// Sends the moves of §2.1 (F1)–(F3) and (G1)–(G3) out of `s` to `sink`.
/// Passing (F2)/(G2) is not sent: it is possible exactly when
/// [`State::can_pass`], and leads back to `s` itself.
pub fn moves(s: State, sink: &mut impl MoveSink) {
    let (n, m, k) = (s.pairs, s.known_pairs, s.known_singles);
    // `(c).then(|| x)`: x only if c; lazily, as the state exists only then.
    match s.family {
        Family::F => {
            let fresh = n - m - k - 1; // non-1 numbers with no card known
            if m >= 1 {
                sink.take_pair(f_state(n - 1, m - 1, k));
            }
            if k >= 1 {
                sink.case(Case::Matched, k);
                let take = Next::Mine(f_state(n - 1, m, k - 1));
                sink.answer(Second::Take, &[(1, Some(take))]);
                if m + k >= 2 {
                    let miss = Next::Theirs(f_state(n, m + 1, k - 1));
                    sink.answer(Second::Known, &[(1, Some(miss))]);
                }
                sink.answer(
                    Second::Unknown,
                    &[
                        (
                            k - 1,
                            (k >= 2).then(|| Next::Theirs(f_state(n, m + 2, k.saturating_sub(2)))),
                        ),
                        (2, Some(Next::Theirs(g_state(n, m + 1, k)))),
                        (
                            2 * fresh,
                            (fresh > 0).then(|| Next::Theirs(f_state(n, m + 1, k))),
                        ),
                    ],
                );
            }
            sink.case(Case::One, 2);
            if m + k >= 1 {
                let miss = Next::Theirs(g_state(n, m, k + 1));
                sink.answer(Second::Known, &[(1, Some(miss))]);
            }
            sink.answer(
                Second::Unknown,
                &[
                    (1, Some(Next::Win)),
                    (k, (k >= 1).then(|| Next::Theirs(g_state(n, m + 1, k)))),
                    (
                        2 * fresh,
                        (fresh > 0).then(|| Next::Theirs(g_state(n, m, k + 2))),
                    ),
                ],
            );
            if fresh > 0 {
                sink.case(Case::Fresh, 2 * fresh);
                if m + k >= 1 {
                    let miss = Next::Theirs(f_state(n, m, k + 1));
                    sink.answer(Second::Known, &[(1, Some(miss))]);
                }
                sink.answer(
                    Second::Unknown,
                    &[
                        (1, Some(Next::Mine(f_state(n - 1, m, k)))),
                        (2, Some(Next::Theirs(g_state(n, m, k + 2)))),
                        (k, (k >= 1).then(|| Next::Theirs(f_state(n, m + 1, k)))),
                        (
                            2 * fresh - 2,
                            (fresh > 1).then(|| Next::Theirs(f_state(n, m, k + 2))),
                        ),
                    ],
                );
            }
        }
        Family::G => {
            let fresh = n - m - k; // numbers with no card known
            if m >= 1 {
                sink.take_pair(g_state(n - 1, m - 1, k));
            }
            // (b) named first: the float table adds 1/u before the cases,
            // as it always has, so its last bits do not move.
            sink.second_one_wins();
            if k >= 2 {
                sink.case(Case::Matched, k - 1);
                let take = Next::Mine(g_state(n - 1, m, k - 1));
                sink.answer(Second::Take, &[(1, Some(take))]);
                let miss = Next::Theirs(g_state(n, m + 1, k - 1));
                sink.answer(Second::Known, &[(1, Some(miss))]);
                sink.answer(
                    Second::Unknown,
                    &[
                        (
                            k - 2,
                            (k >= 3).then(|| Next::Theirs(g_state(n, m + 2, k.saturating_sub(2)))),
                        ),
                        (
                            2 * fresh,
                            (fresh > 0).then(|| Next::Theirs(g_state(n, m + 1, k))),
                        ),
                        // the other 1 turned second: the opponent takes the pair
                        (1, Some(Next::Lose)),
                    ],
                );
            }
            if fresh > 0 {
                sink.case(Case::Fresh, 2 * fresh);
                let miss = Next::Theirs(g_state(n, m, k + 1));
                sink.answer(Second::Known, &[(1, Some(miss))]);
                sink.answer(
                    Second::Unknown,
                    &[
                        (1, Some(Next::Mine(g_state(n - 1, m, k)))),
                        (k - 1, (k >= 2).then(|| Next::Theirs(g_state(n, m + 1, k)))),
                        (1, Some(Next::Lose)),
                        (
                            2 * fresh - 2,
                            (fresh > 1).then(|| Next::Theirs(g_state(n, m, k + 2))),
                        ),
                    ],
                );
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

/// A successor that `moves` names. A check, not `State::f(..).expect(..)`:
/// that builds the error message's Result on the float table's innermost path.
#[inline(always)]
fn successor(family: Family, n: usize, m: usize, k: usize) -> State {
    let valid = match family {
        Family::F => State::is_f(n, m, k),
        Family::G => State::is_g(n, m, k),
    };
    assert!(
        valid,
        "{family:?}({n},{m},{k}): a successor with positive probability is a state"
    );
    State {
        family,
        pairs: n,
        known_pairs: m,
        known_singles: k,
    }
}

/// F(n,m,k), named as a successor or in solving order (checked, no error built).
#[inline(always)]
pub(super) fn f_state(n: usize, m: usize, k: usize) -> State {
    successor(Family::F, n, m, k)
}

/// G(n,m,k), named as a successor or in solving order (checked, no error built).
#[inline(always)]
pub(super) fn g_state(n: usize, m: usize, k: usize) -> State {
    successor(Family::G, n, m, k)
}

/// The moves of §2.1 (F1)–(F3) and (G1)–(G3) out of `s`.
#[must_use]
pub fn transitions(s: State) -> Transitions {
    let mut moves = Transitions::default();
    moves.refill(s);
    moves
}
