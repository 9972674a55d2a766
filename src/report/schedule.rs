//! Checking claims on several threads while the verdicts come out in
//! registry order (SPEC.md, "Reproduce: claims in parallel").
//!
//! Most claims are short and many run one thread for much of their time (a
//! naive recursion, a sweep of exact fractions), while a few long ones fill
//! the run (a shared table that several claims read, computed once by the
//! first of them). One worker takes claims from the front of the list and,
//! where there are two or more, the others take them from the back, so that
//! the long computations near the end of the registry start at once and
//! overlap with the many short claims before them instead of running last,
//! alone. Each verdict is handed on only when every claim before it has
//! been, so the table, the JSON and the reports list the claims in registry
//! order whatever order they finish in.
//!
//! The workers are plain threads, not rayon tasks: a claim blocks while
//! another fills a cache it reads (`OnceLock`), and a rayon worker that
//! blocked there could be handed, by work stealing, a task of the very
//! computation it waits for. Rayon's own pool still runs the parallel parts
//! of every claim. With one thread (`RAYON_NUM_THREADS=1`) the one worker
//! takes the claims in order, one at a time, as before.
//!
//! Cost: the list is split by one counter pair under a mutex, taken once per
//! claim; a finished verdict waits in a map until those before it are out,
//! O(log n) each.

use crate::claims::{Claim, Verdict};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Mutex};

/// Stack of a worker thread: some naive solvers recurse deeply, and used to
/// run on the main thread's 8 MiB; this keeps them as far from its end.
const WORKER_STACK: usize = 64 << 20;

/// The part of the list no worker has taken yet: `front..back`.
struct Untaken {
    front: usize,
    back: usize,
}

impl Untaken {
    /// The next claim for a worker that takes from the front (`true`) or
    /// the back.
    fn take(&mut self, from_front: bool) -> Option<usize> {
        if self.front >= self.back {
            return None;
        }
        if from_front {
            self.front += 1;
            Some(self.front - 1)
        } else {
            self.back -= 1;
            Some(self.back)
        }
    }
}

/// Checks every claim of `claims` on `workers` threads and calls `done` on
/// this thread with each verdict's position as soon as it is known, and
/// `each` with the verdicts in order as soon as every claim before has been
/// handed on. `waiting_for` is told which claim the in-order output waits
/// for (`None` at the end). Worker 0 takes claims from the front, the
/// others from the back.
///
/// # Errors
/// The first error of `each`: no claim is taken after it, the claims being
/// checked then are finished and dropped, and nothing more is handed on.
///
/// # Panics
/// If a claim panics (after the other workers have stopped).
pub(crate) fn check_in_order<E>(
    claims: &[Claim],
    workers: usize,
    mut waiting_for: impl FnMut(Option<&Claim>),
    mut done: impl FnMut(),
    mut each: impl FnMut(Verdict) -> Result<(), E>,
) -> Result<(), E> {
    let untaken = Mutex::new(Untaken {
        front: 0,
        back: claims.len(),
    });
    let stop = AtomicBool::new(false);
    let workers = workers.clamp(1, claims.len().max(1));
    std::thread::scope(|scope| {
        let (send, receive) = mpsc::channel::<(usize, Verdict)>();
        for worker in 0..workers {
            let send = send.clone();
            let (untaken, stop) = (&untaken, &stop);
            std::thread::Builder::new()
                .name(format!("claims-{worker}"))
                .stack_size(WORKER_STACK)
                .spawn_scoped(scope, move || {
                    while !stop.load(Ordering::Relaxed) {
                        let next = untaken
                            .lock()
                            .unwrap_or_else(std::sync::PoisonError::into_inner)
                            .take(worker == 0);
                        let Some(at) = next else { break };
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

    /// The front worker takes 0, 1, …; the others n − 1, n − 2, …; every
    /// index once.
    #[test]
    fn the_list_is_taken_from_both_ends_once() {
        let mut u = Untaken { front: 0, back: 5 };
        let taken: Vec<_> = [true, false, true, false, false, true]
            .into_iter()
            .map(|front| u.take(front))
            .collect();
        assert_eq!(taken, [Some(0), Some(4), Some(1), Some(3), Some(2), None]);
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
