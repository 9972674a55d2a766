//! # solved-games-memory-variants
//!
//! A wing of solved-games: the variants of the Memory game that document 004
//! (Sakamoto & Shinoda, 「特別なカードを含む神経衰弱ゲームの勝率最大化戦略」)
//! leaves open in §4 (今後の課題), each solved twice, and the exact engine
//! they need. Nothing here is from the document: every value is computed,
//! and every claim says which §4 question it answers. The reference crate
//! (`solved_games_reference`) holds the paper's own game; this crate depends
//! on it and never the reverse.
//!
//! | variant | module | §4 | naive solver | optimized solver |
//! |---|---|---|---|---|
//! | other pairs break a game ended by passes; 3/1/0 points | [`variants`] | item 1 | explicit row of cards | count recurrence, numerators packed in limbs |
//! | three players (max-n and paranoid) | [`variants::three`] | item 2 | explicit row | packed three-player recurrence |
//! | memory bounded to M cards | [`variants::bounded`] | item 3 | explicit row with a memory queue | recurrence over remembered counts |
//! | a deck of ranks of four | [`variants::ranks`] | last sentence | explicit deck | recurrence over rank counts |
//!
//! [`stochastic_game`] is the engine: exact values of a turn-based zero-sum
//! stochastic game with endless play worth 0, by strategy iteration with a
//! certificate. [`claims`] are the wing's rows of the claims registry
//! (`MEM-1xx`), [`figures`] its figures on the report page. SPEC.md in this
//! crate is the wing's contract.
//!
//! # Examples
//! ```
//! use solved_games_memory_variants::variants::{optimized::VariantTable, Variant};
//! let table = VariantTable::build(Variant::Pairs, 2);
//! assert_eq!(table.start(2).mover.to_string(), "1/3");
//! ```

#![warn(missing_docs)]

pub mod claims;
#[cfg(feature = "plot")]
pub mod figures;
pub mod stochastic_game;
pub mod variants;
