//! Every analysis solved once per process, by each solver, for the claims
//! registry and the tests (the naive full-information table takes the sweeps
//! seconds; it is computed at most once).

use super::analysis::Kind;
use super::naive;
use super::optimized::{self, Table};
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// Every analysis, by the retrograde engine.
pub fn optimized_all() -> &'static BTreeMap<Kind, Table> {
    static CELL: OnceLock<BTreeMap<Kind, Table>> = OnceLock::new();
    CELL.get_or_init(|| {
        let mut tables = BTreeMap::new();
        for kind in Kind::ALL {
            optimized::solve_into(kind, &mut tables);
        }
        tables
    })
}

/// Every analysis, by the naive sweeps (its own model of the rules; tables
/// are keyed by the analysis name shared with the engine).
pub fn naive_all() -> &'static naive::Solved {
    static CELL: OnceLock<naive::Solved> = OnceLock::new();
    CELL.get_or_init(naive::solve_all)
}
