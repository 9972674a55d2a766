//! Progress of long computations, reported to whoever runs them.
//!
//! Solvers that can run for more than a second (the naive memory search, large
//! yen equilibria, tournaments, `reproduce`) take a `&dyn Progress` and report
//! units of work through it. The library draws nothing itself: the command
//! line passes a progress bar that is drawn on a terminal only, tests and
//! library users pass [`Silent`]. Keeping the drawing out of the library keeps
//! terminal crates out of a researcher's dependency tree.
//!
//! # Examples
//! ```
//! use solved_games_reference::progress::{Progress, Silent};
//! use std::sync::atomic::{AtomicU64, Ordering};
//!
//! /// Counts the units a solver reports.
//! struct Count(AtomicU64);
//! impl Progress for Count {
//!     fn advance(&self, units: u64) {
//!         self.0.fetch_add(units, Ordering::Relaxed);
//!     }
//! }
//!
//! fn work(progress: &dyn Progress) {
//!     progress.begin("states", Some(3));
//!     for _ in 0..3 {
//!         progress.advance(1);
//!     }
//!     progress.end();
//! }
//! let count = Count(AtomicU64::new(0));
//! work(&count);
//! work(&Silent);
//! assert_eq!(count.0.load(Ordering::Relaxed), 3);
//! ```

/// Receives progress reports. Every method has an empty default, so a
/// receiver implements only what it shows. `Sync` so that parallel solvers can
/// report from every thread.
pub trait Progress: Sync {
    /// A stage of work begins: `label` says what is counted (e.g. `states`,
    /// `matches`, `claims`), `total` how many units there will be, if known.
    fn begin(&self, label: &str, total: Option<u64>) {
        let _ = (label, total);
    }

    /// `units` more units of the current stage are done.
    fn advance(&self, units: u64) {
        let _ = units;
    }

    /// A one-line note about what is being done now (e.g. the claim being
    /// checked), shown beside the count.
    fn note(&self, message: &str) {
        let _ = message;
    }

    /// The current stage ended.
    fn end(&self) {}
}

/// Reports nowhere: for tests, library users and runs that must stay silent.
#[derive(Debug, Clone, Copy, Default)]
pub struct Silent;

impl Progress for Silent {}
