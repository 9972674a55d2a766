//! The naive Mini-Geister solver: its own plain model of document 003,
//! written from the paper and SPEC.md, solved by repeated full sweeps.
//!
//! It re-derives everything the engine (`rules`, `analysis`, `optimized`,
//! `crate::solve`) also computes, and uses none of it:
//! - `board`: the 4×4 board as an array of cells, squares a1 … d4, the
//!   four neighbours of a square, pieces (owner, colour: blue, red, purple),
//!   steps and captures (§1), the escape squares (§1);
//! - `analyses`: for each analysis of the paper (§3 basic, the
//!   full-information game, §4/§5 extended, the §6 variants) its piece sets
//!   and start positions, its own enumeration of the positions (every way to
//!   place the pieces), and what each escape, step, capture, random capture
//!   and guess does;
//! - [`sweep`]: value iteration by full sweeps until nothing changes, giving
//!   the value (+1 / 0 / −1 for player 1's goal) and distance of every
//!   position;
//! - [`mirror`]: §5's mirror strategy of player 2 checked on this board.
//!
//! **What it shares with the engine: the position notation only.** The
//! naive [`Position`] prints itself as `<player 1 pieces>/<player 2 pieces>
//! <side>` (and reads it back); the code comparing the two solvers (the
//! tests, the claims) parses that text with the engine's `Position` and
//! looks the engine up. Analyses are named by the same strings as on the
//! command line.
//!
//! **Size.** The largest analysis is the full-information game, 2,184,000
//! positions (29 sweeps); every analysis together takes about 3 s of CPU
//! time and 0.3 GB, most of it `det`'s, most of that listing the moves. The
//! others have at most 262,080 positions and take well under a second
//! each.
//!
//! **Why it is not plainer.** A naive solver is written for obviousness,
//! but this one must also finish inside `reproduce` on the full-information
//! game's 2.2 million positions, where a hash map of positions took over
//! twice the time and memory. So positions are numbered by binary search
//! of their sorted keys and moves are listed a block at a time (SPEC.md,
//! "The naive sweeps' numbering"). Both are bookkeeping: the rules, the
//! sweeps and the values are as plain as before, and the tests check the
//! numbering against the listed positions.
//!
//! # Examples
//! ```
//! use solved_games_reference::games::geister::naive::{self, Analysis};
//! let basic = naive::solve(Analysis::Basic);
//! assert_eq!(basic.len(), 21_840);
//! // §3, Figs. 3 and 4: average gain 0 from the start within 13 and 16 moves.
//! let [first, second] = basic.starts();
//! assert_eq!((first.0.sign(), first.1, second.1), (1, 13, 16));
//! ```

mod analyses;
mod board;
pub mod mirror;
pub mod sweep;

pub use analyses::{Analysis, Move, Value};
pub use board::{Colour, Piece, Player, Position, Square};
pub use sweep::Table;

use std::collections::BTreeMap;

/// Solved analyses, read by the analyses that depend on them.
#[derive(Debug, Default)]
pub struct Solved {
    tables: BTreeMap<Analysis, Table>,
}

impl Solved {
    /// The solved table of `analysis`, if solved.
    #[must_use]
    pub fn table(&self, analysis: Analysis) -> Option<&Table> {
        self.tables.get(&analysis)
    }

    /// Every solved table.
    pub fn tables(&self) -> impl Iterator<Item = &Table> {
        self.tables.values()
    }

    /// Takes the table of `analysis` out.
    pub fn remove(&mut self, analysis: Analysis) -> Option<Table> {
        self.tables.remove(&analysis)
    }

    /// The value of `p` in the solved `analysis`.
    ///
    /// # Panics
    /// If `analysis` is not solved or `p` is not one of its positions.
    #[must_use]
    pub fn value(&self, analysis: Analysis, p: &Position) -> Value {
        let table = self
            .table(analysis)
            .unwrap_or_else(|| panic!("{} is read before it is solved", analysis.name()));
        let (value, _) = table
            .get(p)
            .unwrap_or_else(|| panic!("{p} is not a position of {}", analysis.name()));
        value
    }

    /// Sweeps `analysis` after every analysis it reads, unless solved.
    pub fn solve(&mut self, analysis: Analysis) {
        if self.tables.contains_key(&analysis) {
            return;
        }
        for first in analysis.reads() {
            self.solve(first);
        }
        let table = sweep::sweep(analysis, self);
        self.tables.insert(analysis, table);
    }
}

/// Sweeps `analysis` (and, first, the analyses it reads).
#[must_use]
pub fn solve(analysis: Analysis) -> Table {
    let mut solved = Solved::default();
    solved.solve(analysis);
    solved.remove(analysis).expect("just solved")
}

/// Sweeps every analysis.
#[must_use]
pub fn solve_all() -> Solved {
    let mut solved = Solved::default();
    for analysis in Analysis::ALL {
        solved.solve(analysis);
    }
    solved
}
