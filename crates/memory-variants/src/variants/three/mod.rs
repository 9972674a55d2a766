//! Three players (document 004 §4 item 2: "参加人数を 2 人より多くすることは
//! 当然の課題である"), solved twice: [`optimized`] runs a recurrence over the
//! §2.1 card counts, [`naive`] plays the explicit row of cards. The two share
//! only this module's names (SPEC.md "Memory variants: three players").
//!
//! **Rules as implemented.** Seats 1, 2, 3 play in that fixed order, seat 1
//! first; R2, R3 and 仮定 of §1.1 as in the paper (memory perfect and shared
//! by all three). A match keeps the turn (R3 "手番は移動せず"); a mismatch
//! hands it to the **next seat** (1 → 2 → 3 → 1). Taking the 1s wins (R4,
//! and §4 item 2: "特別なカードを取る取らないで勝敗が決まる設定では 2 位と 3 位
//! 以下に差をつけないのが自然": the two losers are not ranked). A **pass** is a
//! turn of two known cards of different numbers (§1.1), leaving the table as
//! it was. §4 item 1 says passes need a limit ("パス戦略に何らかの制限を加える
//! ことが必要である"); with three players we end the game after **a full round
//! of passes**: a pass by the third player in a row (every seat having passed
//! in turn on the same table) ends it in a draw. That is R5's "いつまでも":
//! after a full round the same seat faces the same table, so play that
//! passes once round would pass for ever. A draw pays **⅓ to each seat**
//! (R5's "0.5 ずつ" shared by three), so the payoffs sum to 1 and a seat's
//! payoff is its winning chance plus a third of the draw chance.
//!
//! **Solutions.**
//! - [`Mode::MaxN`]: each seat maximises its own payoff, subgame-perfect. A
//!   seat indifferent between turns (or second cards) takes the one whose
//!   payoff to the **next** seat is least, then the one with the **fewest
//!   draws** (the payoffs sum to 1, so "then the one worst for the seat after"
//!   would never break a tie; the draw chance can).
//! - [`Mode::Paranoid`]: for each focal seat s, s maximises its payoff and
//!   the other two together minimise it: a zero-sum game per seat, whose
//!   value s can guarantee whatever the others do.
//!
//! Values are kept from the side of the seat to move: index 0 the mover,
//! 1 the next seat, 2 the seat after. At the start those are seats 1, 2, 3.
//!
//! # Examples
//! ```
//! use solved_games_memory_variants::variants::three::optimized::start_values;
//! use solved_games_memory_variants::variants::three::Mode;
//! let starts = start_values(Mode::MaxN, 2);
//! let v = starts[1].max_n().expect("a max-n value");
//! // Two pairs: seat 1 wins if its two cards match (1/3); otherwise both
//! // numbers are known and seat 2 takes the 1s on its turn.
//! assert_eq!(v.wins[0].to_string(), "1/3");
//! assert_eq!(v.wins[1].to_string(), "2/3");
//! ```

/// The largest N (pairs) the solvers take: the four solves of the claims,
/// packed, take about 3 s of CPU there (SPEC.md, "Memory variants: three
/// players"); the claims cover the whole range and the CLI refuses beyond it.
pub const MAX_PAIRS: usize = 100;

pub mod naive;
pub mod optimized;
pub mod packed;

use std::fmt;

/// The name on the command line (`--variant three`).
pub const NAME: &str = "three";

/// Passes in a row that end the game under the default rule
/// ([`PassRule::FullRound`]): a full round, every seat passing in turn.
pub const PASSES_TO_END: u8 = 3;

/// When passing ends the game (§4 item 1: "パス戦略に何らかの制限を加える
/// ことが必要である"): the limit on passes the three-player game is solved
/// under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum PassRule {
    /// A full round of passes (three in a row) ends the game in a draw.
    #[default]
    FullRound,
    /// Two passes in a row end the game in a draw (the rule of the
    /// two-player variants), before the third seat has had its say.
    TwoInARow,
}

impl PassRule {
    /// Both rules, the default first.
    pub const ALL: [PassRule; 2] = [PassRule::FullRound, PassRule::TwoInARow];

    /// Passes in a row that end the game: 3 or 2 (`--passes` on the
    /// command line).
    #[must_use]
    pub fn passes(self) -> u8 {
        match self {
            PassRule::FullRound => PASSES_TO_END,
            PassRule::TwoInARow => 2,
        }
    }

    /// The rule whose game ends after `passes` passes in a row, if any.
    #[must_use]
    pub fn from_passes(passes: u8) -> Option<PassRule> {
        PassRule::ALL.into_iter().find(|r| r.passes() == passes)
    }
}

impl fmt::Display for PassRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PassRule::FullRound => "a full round of passes ends the game",
            PassRule::TwoInARow => "two passes in a row end the game",
        })
    }
}

/// How the three seats play (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mode {
    /// Each seat maximises its own payoff; ties to the worse for the next
    /// seat, then to fewer draws.
    MaxN,
    /// Each seat against the other two together.
    Paranoid,
}

impl Mode {
    /// Both modes, in the order the CLI lists them.
    pub const ALL: [Mode; 2] = [Mode::MaxN, Mode::Paranoid];

    /// Its name in output.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Mode::MaxN => "max-n",
            Mode::Paranoid => "paranoid",
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A state of the three-player game: the §2.1 state F(n,m,k)
/// (`ones_known` 0) or G(n,m,k) (`ones_known` 1) and how many passes in a
/// row have just been made (0, 1 or 2 under [`PassRule::FullRound`], where a
/// third ends the game; 0 or 1 under [`PassRule::TwoInARow`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ThreeState {
    /// 0 for F (both 1s unknown), 1 for G (one 1 known).
    pub ones_known: u8,
    /// Pairs on the table.
    pub n: usize,
    /// Numbers with both cards known.
    pub m: usize,
    /// Numbers with one card known (the 1 included in G).
    pub k: usize,
    /// Passes in a row just before this turn, below the rule's
    /// [`PassRule::passes`].
    pub passes: u8,
}

impl ThreeState {
    /// The start with `pairs` pairs: F(N,0,0), no pass.
    #[must_use]
    pub fn start(pairs: usize) -> ThreeState {
        ThreeState {
            ones_known: 0,
            n: pairs,
            m: 0,
            k: 0,
            passes: 0,
        }
    }

    /// Whether this is a state under the default rule (a full round of
    /// passes ends the game): see [`ThreeState::exists_under`].
    #[must_use]
    pub fn exists(self) -> bool {
        self.exists_under(PassRule::FullRound)
    }

    /// Whether this is a state under `rule`: §2.1's F or G, fewer passes
    /// than end the game, and passes only where two known cards of
    /// different numbers lie on the table (m + k ≥ 2).
    #[must_use]
    pub fn exists_under(self, rule: PassRule) -> bool {
        let counts = match self.ones_known {
            0 => self.n >= 1 && self.m + self.k < self.n,
            1 => self.k >= 1 && self.m + self.k <= self.n,
            _ => false,
        };
        counts && self.passes < rule.passes() && (self.passes == 0 || self.m + self.k >= 2)
    }

    /// The §2.1 name, `F(n,m,k)` or `G(n,m,k)`, without the passes.
    #[must_use]
    pub fn name(self) -> String {
        let family = if self.ones_known == 0 { 'F' } else { 'G' };
        format!("{family}({},{},{})", self.n, self.m, self.k)
    }
}

impl fmt::Display for ThreeState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())?;
        match self.passes {
            0 => Ok(()),
            1 => f.write_str(" after 1 pass"),
            p => write!(f, " after {p} passes"),
        }
    }
}
