//! Checking claims on several threads while the verdicts come out in
//! registry order (SPEC.md, "Reproduce: claims in parallel").
//!
//! Most claims are short and many run one thread for much of their time (a
//! naive recursion, a sweep of exact fractions), while a few long ones fill
//! the run (a shared table that several claims read, computed once by the
//! first of them). With two or more workers the claims are started longest
//! first: the claims in [`LONGEST`] (those that carry the run's long
//! computations, by their measured cost), then the rest in registry order,
//! every worker taking the next claim of that one list. The long
//! computations thus start at once and overlap one another and the many
//! short claims, and the run ends on short claims instead of on a long one
//! begun late (the longest-processing-time-first rule). Each verdict is
//! handed on only when every claim before it in the registry has been, so
//! the table, the JSON and the reports list the claims in registry order
//! whatever order they finish in.
//!
//! The workers are plain threads, not rayon tasks: a claim blocks while
//! another fills a cache it reads (`OnceLock`), and a rayon worker that
//! blocked there could be handed, by work stealing, a task of the very
//! computation it waits for. Rayon's own pool still runs the parallel parts
//! of every claim. With one thread (`RAYON_NUM_THREADS=1`) the one worker
//! takes the claims in registry order, one at a time, as before.
//!
//! Cost: the start order is built once, O(n · |LONGEST|); each claim is
//! taken by one atomic increment; a finished verdict waits in a map until
//! those before it are out, O(log n) each.

use crate::claims::{Claim, Verdict};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// Stack of a worker thread: some naive solvers recurse deeply, and used to
/// run on the main thread's 8 MiB; this keeps them as far from its end.
const WORKER_STACK: usize = 64 << 20;

/// The reference's claims that carry the run's long computations, longest
/// first, by their CPU time measured one by one (`reproduce --id ID` under
/// `/usr/bin/time`; SPEC.md, "Reproduce: claims in parallel"; the numbers
/// are in docs/perf-log.md). Each is the first claim, in registry order,
/// of the claims reading its computation, or a claim whose work is its
/// own, so that no claim here waits for another one here to fill a cache.
/// A wrong or stale order costs only time, never a byte of the output.
pub const LONGEST: [&str; 4] = [
    "GEI-001", // the Geister analyses, the engine's and the naive sweeps
    "GEI-903", // the whole `det` table digest, both solvers
    "MEM-901", // the whole Memory table digest, both solvers
    "MEM-007", // the explicit-row search's first large rows
];

/// How many claim workers a run on `threads` threads of rayon's pool
/// starts: one more than the pool has, except on one thread (then one, the
/// registry order). A worker leaves its core idle while it waits for a
/// cache another claim is filling (`OnceLock`) or while its claim's
/// parallel part has less work than the pool has threads; the extra
/// worker keeps a claim ready to run then (SPEC.md, "Reproduce: claims in
/// parallel"; the measurements are in docs/perf-log.md). The verdicts and
/// their order do not depend on it.
#[must_use]
pub(crate) fn workers_for(threads: usize) -> usize {
    if threads <= 1 {
        1
    } else {
        threads + 1
    }
}

/// The order in which `workers` workers start `claims`: positions in
/// `claims`. One worker: the registry order. Two or more: the claims of
/// `first` present (ids, such as [`LONGEST`]), in its order, then the others
/// in registry order.
fn start_order(claims: &[Claim], first: &[&str], workers: usize) -> Vec<usize> {
    if workers <= 1 {
        return (0..claims.len()).collect();
    }
    let long: Vec<usize> = first
        .iter()
        .filter_map(|id| claims.iter().position(|c| c.id == *id))
        .collect();
    let rest = (0..claims.len()).filter(|at| !long.contains(at));
    long.iter().copied().chain(rest).collect()
}

/// Checks every claim of `claims` on `workers` threads and calls `done` on
/// this thread with each verdict's position as soon as it is known, and
/// `each` with the verdicts in order as soon as every claim before has been
/// handed on. `waiting_for` is told which claim the in-order output waits
/// for (`None` at the end). The workers start the claims in
/// [`start_order`].
///
/// # Errors
/// The first error of `each`: no claim is taken after it, the claims being
/// checked then are finished and dropped, and nothing more is handed on.
///
/// A claim whose computation panics does not stop the run: its verdict is
/// a FAIL with the panic's message ([`Claim::check`]).
pub(crate) fn check_in_order<E>(
    claims: &[Claim],
    first: &[&str],
    workers: usize,
    mut waiting_for: impl FnMut(Option<&Claim>),
    mut done: impl FnMut(),
    mut each: impl FnMut(Verdict) -> Result<(), E>,
) -> Result<(), E> {
    let stop = AtomicBool::new(false);
    let workers = workers.clamp(1, claims.len().max(1));
    let order = start_order(claims, first, workers);
    let taken = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let (send, receive) = mpsc::channel::<(usize, Verdict)>();
        for worker in 0..workers {
            let send = send.clone();
            let (order, taken, stop) = (&order, &taken, &stop);
            std::thread::Builder::new()
                .name(format!("claims-{worker}"))
                .stack_size(WORKER_STACK)
                .spawn_scoped(scope, move || {
                    while !stop.load(Ordering::Relaxed) {
                        let next = order.get(taken.fetch_add(1, Ordering::Relaxed));
                        let Some(&at) = next else { break };
                        if send.send((at, claims[at].check())).is_err() {
                            break;
                        }
                    }
                })
                .expect("a claims worker thread starts");
        }
        drop(send);
        let mut finished = BTreeMap::new();
        let mut next = 0;
        waiting_for(claims.first());
        // The channel closes early only when a worker panicked: the scope
        // then re-raises that panic once the others have stopped.
        while let Ok((at, verdict)) = receive.recv() {
            done();
            finished.insert(at, verdict);
            while let Some(verdict) = finished.remove(&next) {
                next += 1;
                if let Err(e) = each(verdict) {
                    stop.store(true, Ordering::Relaxed);
                    return Err(e);
                }
                waiting_for(claims.get(next));
            }
        }
        if next < claims.len() {
            stop.store(true, Ordering::Relaxed);
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::claims::{Evidence, GameId};

    fn claim(id: &'static str) -> Claim {
        Claim {
            id,
            game: GameId::Nim,
            source: "test",
            statement: "test",
            expected: "x",
            erratum: None,
            compute: || Evidence::optimized_only("x"),
        }
    }

    /// One thread keeps one worker (the registry order); more threads get
    /// one worker more than they are.
    #[test]
    fn one_worker_more_than_threads_except_on_one() {
        assert_eq!(workers_for(0), 1);
        assert_eq!(workers_for(1), 1);
        assert_eq!(workers_for(2), 3);
        assert_eq!(workers_for(8), 9);
    }

    /// One worker starts the claims in registry order; two or more start
    /// the long ones first, in [`LONGEST`]'s order, then the rest in
    /// registry order, each once.
    #[test]
    fn long_claims_start_first() {
        const FIRST: [&str; 3] = ["B-4", "B-6", "B-2"];
        let ids = ["A-1", "B-2", "A-3", "B-4", "A-5", "B-6"];
        let claims: Vec<Claim> = ids.iter().map(|&id| claim(id)).collect();
        assert_eq!(start_order(&claims, &FIRST, 1), [0, 1, 2, 3, 4, 5]);
        for workers in [2, 3, 8] {
            assert_eq!(start_order(&claims, &FIRST, workers), [3, 5, 1, 0, 2, 4]);
        }
    }

    /// Every id of [`LONGEST`] names a claim of the registry, once: a
    /// renamed claim would silently lose its early start.
    #[test]
    fn the_long_claims_are_registered() {
        let all = crate::claims::all();
        for (i, id) in LONGEST.iter().enumerate() {
            assert!(all.iter().any(|c| c.id == *id), "{id} is not a claim");
            assert!(!LONGEST[..i].contains(id), "{id} twice");
        }
    }

    /// Whatever the number of workers, the verdicts come out in the order
    /// of the list, each once, and the output waits for each claim in turn.
    #[test]
    fn verdicts_come_out_in_list_order() {
        let ids = ["A-1", "A-2", "A-3", "A-4", "A-5", "A-6", "A-7"];
        let claims: Vec<Claim> = ids.iter().map(|&id| claim(id)).collect();
        for workers in [1, 2, 3, 8] {
            let (mut out, mut waited, mut done) = (Vec::new(), Vec::new(), 0);
            check_in_order(
                &claims,
                &[],
                workers,
                |c| waited.push(c.map(|c| c.id)),
                || done += 1,
                |v| {
                    out.push(v.claim.id);
                    Ok::<_, ()>(())
                },
            )
            .unwrap();
            assert_eq!(out, ids, "{workers} workers");
            assert_eq!(done, ids.len());
            let mut expected: Vec<_> = ids.iter().map(|&id| Some(id)).collect();
            expected.push(None);
            assert_eq!(waited, expected, "{workers} workers");
        }
    }

    /// An error from the output stops the run: nothing is handed on after
    /// it.
    #[test]
    fn an_error_stops_the_output() {
        let claims: Vec<Claim> = (0..20).map(|_| claim("A-1")).collect();
        for workers in [1, 2] {
            let mut out = 0;
            let result = check_in_order(
                &claims,
                &[],
                workers,
                |_| {},
                || {},
                |_| {
                    out += 1;
                    if out == 3 {
                        Err("closed")
                    } else {
                        Ok(())
                    }
                },
            );
            assert_eq!(result, Err("closed"));
            assert_eq!(out, 3);
        }
    }
}
