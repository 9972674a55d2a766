//! Checkpoints of a certified yen run that writes a certificate (document
//! 000 in small units; SPEC.md, "Checkpoints of a certified run"): a run
//! stopped after any layer, or killed, and resumed writes the same
//! certificate bytes, the same table and the same output as a run never
//! stopped; a checkpoint of other parameters, a torn or altered one, or a
//! certificate so far that does not match it, is refused with exit 2.
// The command-line tests run the binary, built only with the `cli` feature.
#![cfg_attr(not(feature = "cli"), allow(unused))]

mod common;

use solved_games::games::yen::certificate::{self, LayerDone};
use solved_games::games::yen::certified::Certified;
use solved_games::games::yen::checkpoint;
use solved_games::progress::Silent;
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
    let bits = |layers: &[Vec<solved_games::games::yen::certified::Interval>]| -> Vec<(u64, u64)> {
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

#[cfg(feature = "cli")]
mod cli {
    use super::*;
    use common::{assert_input_error, cli};
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};

    fn solve_args(path: &Path, total: u64) -> Vec<String> {
        [
            "yen",
            "solve",
            "--certified",
            "--total",
            &total.to_string(),
            "--rounds",
            &ROUNDS.to_string(),
            "--certificate",
            path.to_str().unwrap(),
        ]
        .map(String::from)
        .to_vec()
    }

    /// A process killed (SIGKILL) after its checkpoint of layer 4, while
    /// it waits in the test hook, resumes with `--resume` to the certificate
    /// and standard output of a run never stopped; `--progress-log` says
    /// which layers the resumed run did.
    #[test]
    fn a_killed_run_resumes_to_the_same_certificate_and_output() {
        let dir = common::scratch("checkpoint-kill");
        let whole = dir.join("whole.cert");
        let args = solve_args(&whole, 16);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, expected_out, _) = cli(&args).parts();
        assert_eq!(code, 0);
        let expected = std::fs::read(&whole).unwrap();

        let killed = dir.join("killed.cert");
        let mut child = Command::new(env!("CARGO_BIN_EXE_solved-games"))
            .args(solve_args(&killed, 16))
            .env("SOLVED_GAMES_YEN_PAUSE_AFTER_LAYER", "4")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
        let paused = lines.next().map(Result::unwrap).unwrap_or_default();
        child.kill().unwrap(); // SIGKILL: no clean-up of any kind
        child.wait().unwrap();
        assert_eq!(paused, "solved-games: paused after layer 4");
        assert!(!killed.exists());
        assert!(checkpoint::path_for(&killed).exists());

        let mut args = solve_args(&killed, 16);
        args.extend(["--resume".into(), "--progress-log".into()]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, out, err) = cli(&args).parts();
        assert_eq!(code, 0, "{err}");
        assert_eq!(out, expected_out);
        assert!(
            std::fs::read(&killed).unwrap() == expected,
            "the certificates differ"
        );
        let layers: Vec<&str> = err
            .lines()
            .map(|l| &l[..l.find(" done").unwrap()])
            .collect();
        assert_eq!(
            layers,
            (5..ROUNDS)
                .map(|r| format!("solved-games: layer {r} of 2..9"))
                .collect::<Vec<_>>()
        );
        assert!(!checkpoint::path_for(&killed).exists());
    }

    /// Exit 2 and one line: `--resume` with no checkpoint, with one of
    /// another T, with a torn or altered checkpoint or partial
    /// certificate, or of another version; a fresh run beside an
    /// unfinished run's checkpoint (it would throw the run away).
    #[test]
    fn a_checkpoint_that_does_not_fit_is_refused() {
        let dir = common::scratch("checkpoint-refused");
        let path = dir.join("c.cert");
        let resume = |total: u64| {
            let mut a = solve_args(&path, total);
            a.push("--resume".into());
            a
        };
        let refused = |args: Vec<String>| {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            assert_input_error(&args)
        };
        let err = refused(resume(TOTAL));
        assert!(err.contains("no checkpoint"), "{err}");
        let stopped = certificate::solve_and_write_resumable(
            TOTAL,
            ROUNDS,
            &path,
            &Silent,
            false,
            &mut |d: &LayerDone| {
                if d.layer == 3 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            },
        )
        .unwrap();
        assert!(stopped.is_none());
        let err = refused(solve_args(&path, TOTAL));
        assert!(err.contains("--resume"), "{err}");
        let err = refused(resume(TOTAL + 1));
        assert!(err.contains("total=14 rounds=10, not total=15"), "{err}");

        let file = checkpoint::path_for(&path);
        let good = std::fs::read(&file).unwrap();
        let mut torn = good.clone();
        torn.truncate(good.len() - 100);
        std::fs::write(&file, &torn).unwrap();
        let err = refused(resume(TOTAL));
        assert!(err.contains("not a checkpoint"), "{err}");
        let text = String::from_utf8_lossy(&good).replacen("format 1", "format 9", 1);
        let mut other = good.clone();
        other[..text.find('\n').unwrap()]
            .copy_from_slice(&text.as_bytes()[..text.find('\n').unwrap()]);
        std::fs::write(&file, &other).unwrap();
        let err = refused(resume(TOTAL));
        assert!(err.contains("format 9"), "{err}");

        std::fs::write(&file, &good).unwrap();
        let partial = checkpoint::partial_for(&path);
        let body = std::fs::read(&partial).unwrap();
        let mut altered = body.clone();
        let at = altered.len() / 2;
        altered[at] ^= 1;
        std::fs::write(&partial, &altered).unwrap();
        let err = refused(resume(TOTAL));
        assert!(err.contains("does not match the checkpoint"), "{err}");

        // Put back, the run resumes and finishes.
        std::fs::write(&partial, &body).unwrap();
        let args = resume(TOTAL);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, _, err) = cli(&args).parts();
        assert_eq!(code, 0, "{err}");
        assert!(!file.exists() && !partial.exists() && path.exists());
    }
}
