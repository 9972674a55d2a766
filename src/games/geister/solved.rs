//! Every analysis solved once per process, by each solver, for the claims
//! registry, the tests and the CLI (the naive full-information table takes
//! the sweeps about a minute; it is computed at most once).

use super::analysis::Kind;
use super::naive::{self, NaiveTable};
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

/// Every analysis, by the naive sweeps.
pub fn naive_all() -> &'static BTreeMap<Kind, NaiveTable> {
    static CELL: OnceLock<BTreeMap<Kind, NaiveTable>> = OnceLock::new();
    CELL.get_or_init(|| {
        let mut tables = BTreeMap::new();
        for kind in Kind::ALL {
            naive::solve_into(kind, &mut tables);
        }
        tables
    })
}
