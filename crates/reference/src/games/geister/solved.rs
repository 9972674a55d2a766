//! Every analysis solved once per process, by each solver, for the claims
//! registry and the tests (the naive full-information table takes the sweeps
//! seconds; it is computed at most once).

use super::analysis::Kind;
use super::naive;
use super::optimized::{self, Table};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

/// Every analysis by the retrograde engine, once [`optimized_all`] is asked.
static ALL: OnceLock<BTreeMap<Kind, Table>> = OnceLock::new();

/// Whether [`optimized_all`] has begun to solve: [`optimized`] then waits
/// for it rather than solving its analysis a second time beside it (the
/// claims are checked on several threads at once).
static ALL_BEGUN: AtomicBool = AtomicBool::new(false);

/// Every analysis, by the retrograde engine.
pub fn optimized_all() -> &'static BTreeMap<Kind, Table> {
    ALL.get_or_init(|| {
        ALL_BEGUN.store(true, Ordering::Release);
        let mut tables = BTreeMap::new();
        for kind in Kind::ALL {
            optimized::solve_into(kind, &mut tables);
        }
        tables
    })
}

/// The analysis `kind` by the retrograde engine: from [`optimized_all`]
/// when that is solved or being solved in this process, else from a cache
/// of `kind` and the analyses it reads only — a table of `det` alone solves `det` alone,
/// not all ten.
pub fn optimized(kind: Kind) -> &'static Table {
    static ONE: [OnceLock<BTreeMap<Kind, Table>>; Kind::ALL.len()] =
        [const { OnceLock::new() }; Kind::ALL.len()];
    if ALL.get().is_some() || ALL_BEGUN.load(Ordering::Acquire) {
        return &optimized_all()[&kind];
    }
    let at = Kind::ALL
        .iter()
        .position(|&k| k == kind)
        .expect("every analysis is in Kind::ALL");
    &ONE[at].get_or_init(|| {
        let mut tables = BTreeMap::new();
        optimized::solve_into(kind, &mut tables);
        tables
    })[&kind]
}

/// Every analysis, by the naive sweeps (its own model of the rules; tables
/// are keyed by the analysis name shared with the engine).
pub fn naive_all() -> &'static naive::Solved {
    static CELL: OnceLock<naive::Solved> = OnceLock::new();
    CELL.get_or_init(naive::solve_all)
}
