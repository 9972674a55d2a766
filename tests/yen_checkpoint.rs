//! Checkpoints of a certified yen run that writes a certificate (document
//! 000 in small units; SPEC.md, "Checkpoints of a certified run"): a run
//! stopped after any layer, or killed, and resumed writes the same
//! certificate bytes, the same table and the same output as a run never
//! stopped; a checkpoint of other parameters, a torn or altered one, or a
//! certificate so far that does not match it, is refused with exit 2.
// The command-line tests run the binary, built only with the `cli` feature.
#![cfg_attr(not(feature = "cli"), allow(unused))]

use crate::common;
use solved_games::progress::Silent;
use solved_games::yen_certified::yen::certificate::{self, LayerDone};
use solved_games::yen_certified::yen::checkpoint;
use std::ops::ControlFlow;
use std::path::Path;

const TOTAL: u64 = 14;
const ROUNDS: u32 = 10;

#[cfg(feature = "cli")]
mod cli {
    use super::*;
    use crate::common::{assert_input_error, cli};
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
