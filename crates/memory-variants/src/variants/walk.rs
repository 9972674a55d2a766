//! The §2.1 option "an unknown card first" (document 004 §2.1 (F3)/(G3),
//! cases (a), (b), (c) and the second cards (i)–(iii)) written once for the
//! recurrences over card counts: the two-player variants
//! ([`super::optimized`], [`super::packed`]) and three players
//! ([`super::three::optimized`], [`super::three::packed`]). Each of them
//! reads the states named here in its own value type (with its own lead or
//! rotation) and chooses by its own rule; the walk only says which cases
//! there are, with which card counts, which second cards the mover may
//! choose among (in order: the first of equals stays) and which states the
//! mixture of a face-down second card weighs. The explicit-row solvers do
//! not use it (SPEC.md "Memory variants", "One option walk").

/// A state or an end read by the walk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Read {
    /// A pair taken: the same mover on layer n − 1 at (F/G, m, k).
    Again(u8, usize, usize),
    /// A mismatch: the next mover on the same layer at (F/G, m, k), no
    /// pass counted.
    Over(u8, usize, usize),
    /// The mover takes the 1s (its second card was the other 1), level
    /// u − 2.
    MoverWins,
    /// The mover showed the other 1 by a miss: the next player takes the
    /// 1s, level u − 2.
    NextWins,
}

/// What a first unknown card's outcome leaves the mover. `R` is what a
/// read names: a [`Read`] from the walk, or what a recurrence resolves it
/// to once for many states ([`Case::resolve`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Case<R = Read> {
    /// The best of `seconds`, then of the mixture Σ count · state of
    /// `terms` (a face-down second card), at level u − 1.
    Choose {
        seconds: [Option<R>; 2],
        terms: [Option<(usize, R)>; 4],
    },
    /// The first card is the other 1 (G): the mover takes the 1s, level
    /// u − 1.
    Won,
}

impl Case {
    /// The same case with every read passed through `f`.
    pub(crate) fn resolve<R>(self, mut f: impl FnMut(Read) -> R) -> Case<R> {
        match self {
            Case::Choose { seconds, terms } => Case::Choose {
                seconds: seconds.map(|x| x.map(&mut f)),
                terms: terms.map(|t| t.map(|(c, x)| (c, f(x)))),
            },
            Case::Won => Case::Won,
        }
    }
}

/// The cases of "an unknown card first" from F(n,m,k) (`ones` 0) or
/// G(n,m,k) (`ones` 1), each with how many of the u unknown cards lead to
/// it; the value of the option is Σ count · case over u.
#[must_use]
pub(crate) fn unknown_first(ones: u8, n: usize, m: usize, k: usize) -> [Option<(usize, Case)>; 3] {
    use Read::{Again, MoverWins, NextWins, Over};
    if ones == 0 {
        let r = n - 1 - m - k;
        [
            // (a) a number with one card known.
            (k >= 1).then(|| {
                (
                    k,
                    Case::Choose {
                        seconds: [
                            Some(Again(0, m, k - 1)),
                            (m + k >= 2).then(|| Over(0, m + 1, k - 1)),
                        ],
                        terms: [
                            Some((2, Over(1, m + 1, k))),
                            (k >= 2).then(|| (k - 1, Over(0, m + 2, k - 2))),
                            (r >= 1).then(|| (2 * r, Over(0, m + 1, k))),
                            None,
                        ],
                    },
                )
            }),
            // (b) a 1.
            Some((
                2,
                Case::Choose {
                    seconds: [(m + k >= 1).then(|| Over(1, m, k + 1)), None],
                    terms: [
                        Some((1, MoverWins)),
                        (k >= 1).then(|| (k, Over(1, m + 1, k))),
                        (r >= 1).then(|| (2 * r, Over(1, m, k + 2))),
                        None,
                    ],
                },
            )),
            // (c) a number none of whose cards is known.
            (r >= 1).then(|| {
                (
                    2 * r,
                    Case::Choose {
                        seconds: [(m + k >= 1).then(|| Over(0, m, k + 1)), None],
                        terms: [
                            Some((1, Again(0, m, k))),
                            Some((2, Over(1, m, k + 2))),
                            (k >= 1).then(|| (k, Over(0, m + 1, k))),
                            (r >= 2).then(|| (2 * r - 2, Over(0, m, k + 2))),
                        ],
                    },
                )
            }),
        ]
    } else {
        let r = n - m - k;
        [
            // (a) a number other than 1 with one card known; a face-down
            // second card that is the other 1 hands the 1s to the next
            // player.
            (k >= 2).then(|| {
                (
                    k - 1,
                    Case::Choose {
                        seconds: [Some(Again(1, m, k - 1)), Some(Over(1, m + 1, k - 1))],
                        terms: [
                            Some((1, NextWins)),
                            (k >= 3).then(|| (k - 2, Over(1, m + 2, k - 2))),
                            (r >= 1).then(|| (2 * r, Over(1, m + 1, k))),
                            None,
                        ],
                    },
                )
            }),
            // (b) the other 1: the mover takes the 1s.
            Some((1, Case::Won)),
            // (c) a number none of whose cards is known.
            (r >= 1).then(|| {
                (
                    2 * r,
                    Case::Choose {
                        seconds: [Some(Over(1, m, k + 1)), None],
                        terms: [
                            Some((1, Again(1, m, k))),
                            Some((1, NextWins)),
                            (k >= 2).then(|| (k - 1, Over(1, m + 1, k))),
                            (r >= 2).then(|| (2 * r - 2, Over(1, m, k + 2))),
                        ],
                    },
                )
            }),
        ]
    }
}
