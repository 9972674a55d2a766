//! States and options of the memory game with a special pair (document 004,
//! Sakamoto & Shinoda, §1.1 rules R1–R5 and §2.1 states and strategies).

use std::fmt;

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

/// Why an `(n, m, k)` triple is not a state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidState(pub String);

impl fmt::Display for InvalidState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InvalidState {}

impl State {
    /// F(n,m,k); the paper notes "F においては m + k ≤ n − 1" (§2.1).
    #[inline]
    pub fn f(n: usize, m: usize, k: usize) -> Result<State, InvalidState> {
        if !State::is_f(n, m, k) {
            return Err(InvalidState(format!(
                "F({n},{m},{k}) is not a state: F needs m + k ≤ n − 1 (both 1-cards unknown)"
            )));
        }
        Ok(State {
            family: Family::F,
            pairs: n,
            known_pairs: m,
            known_singles: k,
        })
    }

    /// G(n,m,k); the paper notes "G においては k ≥ 1" and m + k ≤ n (§2.1).
    #[inline]
    pub fn g(n: usize, m: usize, k: usize) -> Result<State, InvalidState> {
        if !State::is_g(n, m, k) {
            return Err(InvalidState(format!(
                "G({n},{m},{k}) is not a state: G needs k ≥ 1 and m + k ≤ n"
            )));
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
