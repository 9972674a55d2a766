//! What several claims, the report and its figure read, computed once per
//! process: the full-information tables (this crate's and the reference
//! crate's `det`) and the four restricted games. A claim that needs one
//! waits while another claim computes it (`OnceLock`).

use crate::fullinfo::FullInfo;
use crate::layered::LayerError;
use crate::model::{Continuation, Model, Rules};
use crate::naive::Det;
use std::sync::OnceLock;

/// The restricted games read by more than one claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Restricted {
    /// [`Rules::L`].
    L,
    /// [`Rules::U`].
    U,
    /// [`Rules::TWO_SIDED`].
    TwoSided,
    /// [`Rules::CAP`].
    Cap,
}

impl Restricted {
    /// The game's rules.
    #[must_use]
    pub fn rules(self) -> Rules {
        match self {
            Restricted::L => Rules::L,
            Restricted::U => Rules::U,
            Restricted::TwoSided => Rules::TWO_SIDED,
            Restricted::Cap => Rules::CAP,
        }
    }
}

/// This crate's forced wins of the coloured game (the gadgets' table).
pub fn full() -> &'static FullInfo {
    static FULL: OnceLock<FullInfo> = OnceLock::new();
    FULL.get_or_init(FullInfo::solve)
}

/// The reference crate's `det` table (the second computations' gadgets).
pub fn det() -> &'static Det {
    static DET: OnceLock<Det> = OnceLock::new();
    DET.get_or_init(Det::solve)
}

type Solved = Result<Model<'static>, LayerError>;

/// A restricted game, solved once.
///
/// # Errors
/// A layer with a node without moves (never on this board).
pub fn model(game: Restricted) -> Result<&'static Model<'static>, LayerError> {
    static GAMES: [OnceLock<Solved>; 4] = [
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
    ];
    let cell = &GAMES[game as usize];
    cell.get_or_init(|| Model::solve(game.rules(), full(), Continuation::Solved))
        .as_ref()
        .map_err(Clone::clone)
}
