//! # solved-games
//!
//! The verified reference implementation of five games solved in published
//! documents, with its research wings. This crate is the facade: it
//! re-exports the reference crate ([`solved_games_reference`], the five
//! games as the documents state them) whole, and composes the registries
//! that the wings extend — the claims ([`claims`]), the report's figures
//! ([`figures`]), the kinds of table file ([`table_kinds`]) and the claims
//! `reproduce` starts first ([`LONGEST`]). It is the one place that names
//! the wings; the reference never does.
//!
//! | crate | what |
//! |---|---|
//! | [`solved_games_reference`] (re-exported here) | the five games, each solved twice; the documents' claims; tables out and in; `check`; the report; the exact engines |
//! | [`memory_variants`] | the Memory game's §4 variants of document 004 (a wing) |
//! | [`yen_certified`] | the 10,000-yen game of document 000 at the paper's scale, every value in a rigorous interval (a wing) |
//! | [`geister_3v2`] | Mini-Geister blue-blue-red vs blue-red of document 003 §6.2, §7: restricted games solved exactly, strategies certified (a wing) |
//!
//! Every game is solved twice — by a naive exhaustive search written for
//! obviousness and by an optimized solver written for speed — and every
//! number the documents print is recomputed by the claims registry that
//! both `solved-games reproduce` and the test suite read.
//!
//! # Examples
//! ```
//! use solved_games::{claims, nim, Status};
//! let table = nim::optimized::Table::build(3, 9);
//! let p: nim::Position = "123".parse()?;
//! assert!(table.is_losing(&p) && nim::naive::is_losing(&p)); // 1 ⊕ 2 ⊕ 3 = 0
//! let verdict = claims::by_id("NIM-001").expect("a registered claim").check();
//! assert_eq!(verdict.status, Status::Pass);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

pub use solved_games_reference::*;

/// Mini-Geister 3 vs 2 (document 003 §6.2, §7): a wing of its own crate.
pub use solved_games_geister_3v2 as geister_3v2;
/// The Memory §4 variants (document 004): a wing of its own crate.
pub use solved_games_memory_variants as memory_variants;
/// The certified 10,000-yen table (document 000 §4): a wing of its own crate.
pub use solved_games_yen_certified as yen_certified;

/// The claims registry: the reference's claims with the wings' spliced in
/// beside the claims of their game. Everything else is the reference's
/// [`solved_games_reference::claims`].
pub mod claims {
    pub use solved_games_reference::claims::*;

    use crate::{geister_3v2, memory_variants, yen_certified};

    /// The claims the wings add to `game`, in registry order.
    fn added(game: GameId) -> Vec<Claim> {
        match game {
            GameId::Memory => memory_variants::claims::all(),
            GameId::Yen => yen_certified::claims::all(),
            GameId::Geister => geister_3v2::claims(),
            GameId::Nim | GameId::Stones => Vec::new(),
        }
    }

    /// The claims of one game, the wings' included, in registry order;
    /// last the claims that run the tools (`check`, `check-table`: the
    /// reference's [`check::claims`](solved_games_reference::check::claims),
    /// above its registry), where player programs are built in.
    #[must_use]
    pub fn for_game(game: GameId) -> Vec<Claim> {
        let added = added(game);
        #[allow(unused_mut)]
        let mut claims = compose(game, &[&added]);
        #[cfg(all(unix, feature = "referee"))]
        claims.extend_from_slice(crate::check::claims::for_game(game));
        claims
    }

    /// Every claim of every game, the wings' included, in registry order.
    #[must_use]
    pub fn all() -> Vec<Claim> {
        GameId::ALL.into_iter().flat_map(for_game).collect()
    }

    /// Looks a claim up by id, among the reference's and the wings' (the
    /// claims read from a certificate file too, present or not).
    #[must_use]
    pub fn by_id(id: &str) -> Option<Claim> {
        all()
            .into_iter()
            .chain(yen_certified::claims::certificate::CLAIMS.iter().copied())
            .find(|c| c.id == id)
    }
}

/// The claims that carry a full run's long computations, longest first by
/// their measured CPU time: `reproduce` starts them first (the schedule of
/// [`report::Run::check_first`]). A stale order costs
/// only time, never a byte of the output.
pub const LONGEST: [&str; 12] = [
    "YEN-107", // the certified yen table, every T ≤ 100 at R = 10 (YEN-107..113)
    "GEI-001", // the Geister analyses, the engine's and the naive sweeps
    "MEM-101", // the `pairs` variant's starts to N = 100
    "MEM-120", // bounded memory: the start tables with draws (MEM-120..123)
    "GEI-903", // the whole `det` table digest, both solvers
    "GEI-108", // Mini-Geister 3 vs 2: the two-sided restricted game (2 M states), GEI-114, GEI-115 read it
    "MEM-130", // K ranks of four (MEM-130..132)
    "MEM-116", // three players, the two-pass rule, max-n and paranoid
    "MEM-114", // three players, paranoid
    "MEM-110", // three players, max-n
    "MEM-901", // the whole Memory table digest, both solvers
    "MEM-007", // the explicit-row search's first large rows
];

/// The figures of the report page: the reference's, with the wings' after
/// the document's figures of their game, in page order.
#[cfg(feature = "plot")]
pub mod figures {
    pub use solved_games_reference::report::figures::*;

    /// Every figure, in page order.
    #[must_use]
    pub fn all() -> Vec<Spec> {
        let reference = solved_games_reference::report::figures::all();
        let wings = [
            crate::memory_variants::figures::all(),
            crate::yen_certified::figures::all(),
            crate::geister_3v2::figures::all(),
        ]
        .concat();
        crate::claims::GameId::ALL
            .into_iter()
            .flat_map(|game| {
                reference
                    .iter()
                    .chain(&wings)
                    .filter(move |s| s.game == game)
                    .copied()
                    .collect::<Vec<_>>()
            })
            .collect()
    }
}

/// The kinds of table file `export` writes and `check-table` reads: each
/// game's whole table (the reference's), then the wings' tables.
#[must_use]
pub fn table_kinds() -> Vec<&'static dyn table::Kind> {
    let mut kinds = table::kinds();
    kinds.push(&yen_certified::table::CertifiedTable);
    kinds
}

#[cfg(test)]
mod tests {
    /// Every id of [`crate::LONGEST`] names a claim of the composed
    /// registry, once: a renamed claim would silently lose its early start.
    #[test]
    fn the_long_claims_are_registered() {
        let all = crate::claims::all();
        for (i, id) in crate::LONGEST.iter().enumerate() {
            assert!(all.iter().any(|c| c.id == *id), "{id} is not a claim");
            assert!(!crate::LONGEST[..i].contains(id), "{id} twice");
        }
    }

    /// The composed registry holds every claim of the reference and of
    /// each wing once, and a wing's claims after the document's claims of
    /// their game.
    #[test]
    fn the_registry_composes_the_reference_and_the_wings() {
        let all = crate::claims::all();
        let reference = solved_games_reference::claims::all();
        let wings = [
            crate::memory_variants::claims::all(),
            crate::yen_certified::claims::all(),
            crate::geister_3v2::claims(),
        ]
        .concat();
        #[cfg(all(unix, feature = "referee"))]
        let tools: Vec<_> = crate::claims::GameId::ALL
            .into_iter()
            .flat_map(crate::check::claims::for_game)
            .copied()
            .collect();
        #[cfg(not(all(unix, feature = "referee")))]
        let tools: Vec<crate::claims::Claim> = Vec::new();
        assert_eq!(all.len(), reference.len() + wings.len() + tools.len());
        for c in reference.iter().chain(&wings).chain(&tools) {
            assert_eq!(all.iter().filter(|a| a.id == c.id).count(), 1, "{}", c.id);
        }
        let at = |id: &str| all.iter().position(|c| c.id == id).unwrap();
        assert!(at("MEM-101") > at("MEM-001") && at("MEM-133") < at("MEM-901"));
        assert!(at("YEN-107") > at("YEN-106") && at("YEN-113") < at("YEN-111"));
        assert!(at("GEI-106") == at("GEI-119") + 1 && at("GEI-116") < at("GEI-901"));
        #[cfg(all(unix, feature = "referee"))]
        assert!(at("NIM-902") == at("NIM-901") + 1 && at("YEN-905") == all.len() - 1);
    }
}
