//! Checkpoints of a certified yen run that writes a certificate (document
//! 000 in small units; SPEC.md, "Checkpoints of a certified run"): a run
//! stopped after any layer, or killed, and resumed writes the same
//! certificate bytes, the same table and the same output as a run never
//! stopped; a checkpoint of other parameters, a torn or altered one, or a
//! certificate so far that does not match it, is refused with exit 2.

use crate::common;

use solved_games_reference::progress::Silent;
use solved_games_yen_certified::yen::certificate::{self, LayerDone};
use solved_games_yen_certified::yen::certified::Certified;
use solved_games_yen_certified::yen::checkpoint;
use std::ops::ControlFlow;
use std::path::Path;

const TOTAL: u64 = 14;
const ROUNDS: u32 = 10;

/// Runs the certified solve into `path`, stopping after each layer listed
/// in `stops` (resuming between them), and returns the table of the run
/// that finished.
fn run_with_stops(path: &Path, stops: &[u32]) -> Certified {
    let mut resume = false;
    for &stop in stops {
        let stopped = certificate::solve_and_write_resumable(
            TOTAL,
            ROUNDS,
            path,
            &Silent,
            resume,
            &mut |done: &LayerDone| {
                if done.layer == stop {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            },
        )
        .unwrap();
        assert!(stopped.is_none(), "the run went past layer {stop}");
        assert!(!path.exists(), "a stopped run left a certificate");
        let c = checkpoint::read(&checkpoint::path_for(path)).unwrap();
        assert_eq!(c.resume.next_layer, stop + 1);
        resume = true;
    }
    let table =
        certificate::solve_and_write_resumable(TOTAL, ROUNDS, path, &Silent, resume, &mut |_| {
            ControlFlow::Continue(())
        })
        .unwrap()
        .expect("never stopped");
    assert!(
        !checkpoint::path_for(path).exists(),
        "the checkpoint stayed"
    );
    assert!(
        !checkpoint::partial_for(path).exists(),
        "the partial file stayed"
    );
    table
}

/// Stopped after layer 2, after the last layer (R − 1, before the starts),
/// in the middle, and twice in one run: the resumed certificate is the
/// uninterrupted one byte for byte, and so is the table's summary.
#[test]
fn a_run_stopped_after_any_layer_resumes_to_the_same_bytes() {
    let dir = common::scratch("checkpoint-stops");
    let whole = dir.join("whole.cert");
    let table = run_with_stops(&whole, &[]);
    let expected = std::fs::read(&whole).unwrap();
    for stops in [&[2][..], &[ROUNDS - 1], &[5], &[3, 6]] {
        let name = format!("stopped-{stops:?}.cert").replace([' ', ',', '[', ']'], "_");
        let path = dir.join(name);
        let resumed = run_with_stops(&path, stops);
        assert!(
            std::fs::read(&path).unwrap() == expected,
            "stopped after {stops:?}: the certificate differs"
        );
        assert_eq!(
            resumed.summary(),
            table.summary(),
            "stopped after {stops:?}"
        );
    }
}

/// A checkpoint read back holds what the run had: the layers' intervals to
/// the bit, the seeds and the counters (the file's SHA-256 is checked).
#[test]
fn a_checkpoint_reads_back_what_was_written() {
    let dir = common::scratch("checkpoint-read");
    let path = dir.join("c.cert");
    let mut seen = None;
    let stopped = Certified::solve_resumable(TOTAL, ROUNDS, &Silent, None, None, &mut |snapshot| {
        if snapshot.next_layer() == 5 {
            let position = checkpoint::Position {
                format: 1,
                length: 77,
                blocks: 3,
                sha256: [7; 32],
            };
            checkpoint::write(&checkpoint::path_for(&path), snapshot, position).unwrap();
            seen = Some((snapshot.to_resume(), position));
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })
    .unwrap();
    assert!(stopped.is_none());
    let (resume, position) = seen.unwrap();
    assert!(resume.seeds.iter().any(Option::is_some));
    assert!(resume.layers[0]
        .iter()
        .any(|v| v.lower.is_finite() && v.lower != v.upper));
    let read = checkpoint::read(&checkpoint::path_for(&path)).unwrap();
    assert_eq!((read.total, read.rounds), (TOTAL, ROUNDS));
    assert_eq!(read.position, position);
    assert_eq!(read.resume.next_layer, resume.next_layer);
    assert_eq!(read.resume.seeds, resume.seeds);
    assert_eq!(read.resume.summary, resume.summary);
    // Bit for bit (NaN marks skipped states, so `==` on floats will not do).
    let bits =
        |layers: &[Vec<solved_games_yen_certified::yen::certified::Interval>]| -> Vec<(u64, u64)> {
            layers
                .iter()
                .flatten()
                .map(|v| (v.lower.to_bits(), v.upper.to_bits()))
                .collect()
        };
    assert_eq!(bits(&read.resume.layers), bits(&resume.layers));
    // One byte flipped anywhere in the body is caught by its hash.
    let file = checkpoint::path_for(&path);
    let mut bytes = std::fs::read(&file).unwrap();
    let at = bytes.len() / 2;
    bytes[at] ^= 1;
    std::fs::write(&file, &bytes).unwrap();
    assert!(matches!(
        checkpoint::read(&file),
        Err(checkpoint::CheckpointError::Refused(_))
    ));
}

/// A resume whose checkpoint does not fit the table it is resumed into (a
/// layer of another size) is refused, not solved from a wrong table.
#[test]
fn a_resume_point_of_another_table_is_refused() {
    let mut resume = None;
    Certified::solve_resumable(TOTAL, ROUNDS, &Silent, None, None, &mut |s| {
        resume = Some(s.to_resume());
        ControlFlow::Break(())
    })
    .unwrap();
    let resume = resume.unwrap();
    let other =
        Certified::solve_resumable(TOTAL - 1, ROUNDS, &Silent, None, Some(resume), &mut |_| {
            ControlFlow::Continue(())
        });
    assert!(other.is_err());
}
