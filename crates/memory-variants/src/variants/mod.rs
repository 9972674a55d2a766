//! Variants of the memory game that document 004 leaves open in §4 (今後の
//! 課題), each solved twice: [`optimized`] runs a recurrence over the §2.1
//! card counts, [`naive`] plays the explicit row of cards. The two share only
//! this module's names of the variants and of the states.
//!
//! **Rules common to every variant here** (SPEC.md "Memory variants"): the
//! paper's R1–R3 and perfect shared memory; taking the pair of 1s wins (R4);
//! a *pass* is a turn of two known cards of different numbers, which leaves
//! the table as it was (§1.1). The paper's R5 ("いつまでも1の数字のカードを
//! 取れない場合") is made finite by §4 item 1's termination rule: **two
//! passes in a row end the game**. In the paper's own scoring this changes
//! no value (the second pass ends in the draw that passing for ever would
//! give), which the tests check against the §2.1 table.
//!
//! - [`Variant::Paper`]: the paper's scoring, win 1, draw ½ (a check).
//! - [`Variant::Pairs`] (§4 item 1, "どちらも 1 のカードを取っていない場合は
//!   他のカードを多く取ったほうが勝ち"): a game ended by two passes goes to
//!   whoever has taken more other pairs; equal counts draw. Win 1, draw ½.
//! - [`Variant::Points`] (§4 item 1, "勝ちに 3 ポイント、引き分けに 1 ポイント
//!   与える"): win 3, draw 1 each, loss 0; not constant-sum, so play is
//!   subgame-perfect with a stated [`TieRule`] for a player indifferent
//!   between turns.
//!
//! Values are triples from the mover's side: the mover's expected points,
//! the opponent's expected points, and the probability that the game is
//! drawn.
//!
//! # Examples
//! ```
//! use solved_games_memory_variants::variants::{optimized::VariantTable, Variant};
//! let table = VariantTable::build(Variant::Paper, 2);
//! assert_eq!(table.start(2).mover.to_string(), "1/3");
//! ```

pub mod bounded;
mod limbs;
pub mod naive;
pub mod optimized;
pub mod packed;
pub mod ranks;
mod reads;
pub mod three;
mod walk;

use std::fmt;
use std::str::FromStr;

/// How a player indifferent between turns of equal expected points chooses
/// in [`Variant::Points`] (§4: "プレイヤーの意思決定の方法を適切に定める必要
/// が生じる").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TieRule {
    /// The turn that leaves the opponent the fewest expected points.
    WorseForOpponent,
    /// A turn other than a pass if there is one; among the rest, the one
    /// worse for the opponent.
    AvoidPass,
}

/// A variant of the game (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// The paper's scoring under the two-pass rule.
    Paper,
    /// §4 item 1: other pairs break a game ended by passes.
    Pairs,
    /// §4 item 1: 3 points for a win, 1 for a draw.
    Points(TieRule),
}

impl Variant {
    /// Every variant, in the order the CLI and the report list them.
    pub const ALL: [Variant; 4] = [
        Variant::Paper,
        Variant::Pairs,
        Variant::Points(TieRule::WorseForOpponent),
        Variant::Points(TieRule::AvoidPass),
    ];

    /// The name on the command line (`--variant`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Variant::Paper => "paper",
            Variant::Pairs => "pairs",
            Variant::Points(TieRule::WorseForOpponent) => "points",
            Variant::Points(TieRule::AvoidPass) => "points-avoid-pass",
        }
    }

    /// Whether the pair difference is part of the state (only where it can
    /// decide the game).
    #[must_use]
    pub fn counts_pairs(self) -> bool {
        self == Variant::Pairs
    }

    /// The leads kept on layer n, −reach..=reach (a lead beyond is read
    /// clamped): 0 where the variant ignores the lead; with `starts_up_to`
    /// N, only the leads a game of at most N pairs reaches at n pairs left,
    /// |lead| ≤ min(n, N − n) (a state reads leads at most one further from
    /// 0 on the layer below, so every value kept is exact); without it every
    /// lead −n..=n (the whole table).
    #[must_use]
    pub fn lead_reach(self, n: usize, starts_up_to: Option<usize>) -> i64 {
        if !self.counts_pairs() {
            return 0;
        }
        let reach = starts_up_to.map_or(n, |top| n.min(top - n));
        i64::try_from(reach).expect("small")
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A variant name that is not one of [`Variant::ALL`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
        write!(
            f,
            "'{}' is not a memory variant: one of {}",
            self.0,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownVariant {}

impl FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name() == s)
            .ok_or_else(|| UnknownVariant(s.to_string()))
    }
}

/// A state of a variant: the §2.1 state F(n,m,k) (`ones_known` 0) or
/// G(n,m,k) (`ones_known` 1), the mover's pair difference `lead` (other
/// pairs taken by the mover less those taken by the opponent; 0 where the
/// variant ignores it) and whether the opponent's last turn was a pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VariantState {
    /// 0 for F (both 1s unknown), 1 for G (one 1 known).
    pub ones_known: u8,
    /// Pairs on the table.
    pub n: usize,
    /// Numbers with both cards known.
    pub m: usize,
    /// Numbers with one card known (the 1 included in G).
    pub k: usize,
    /// The mover's other pairs less the opponent's.
    pub lead: i64,
    /// The opponent's last turn was a pass: passing now ends the game.
    pub passed: bool,
}

impl VariantState {
    /// Whether F(n,m,k) (`ones_known` 0) or G(n,m,k) is a state of §2.1.
    #[must_use]
    pub fn exists(ones_known: u8, n: usize, m: usize, k: usize) -> bool {
        match ones_known {
            0 => n >= 1 && m + k < n,
            1 => k >= 1 && m + k <= n,
            _ => false,
        }
    }
}

impl fmt::Display for VariantState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let family = if self.ones_known == 0 { 'F' } else { 'G' };
        write!(f, "{family}({},{},{})", self.n, self.m, self.k)?;
        if self.lead != 0 {
            write!(f, " lead {:+}", self.lead)?;
        }
        if self.passed {
            f.write_str(" after a pass")?;
        }
        Ok(())
    }
}
