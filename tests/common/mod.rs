//! Helpers shared by the integration tests: the claims of the registry
//! checked once, the binary run as a user runs it, and insta
//! snapshots kept in the top-level `snapshots/` folder.
#![allow(dead_code)]

use solved_games::claims::{self, Verdict};
use solved_games::progress::Silent;
use solved_games::report;
use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::OnceLock;

/// Every claim of the composed registry (the reference's and the wings'),
/// checked once per test run, on the schedule `reproduce` uses (the long
/// claims first), the verdicts in registry order. Tests that look at one
/// claim's evidence read it here instead of checking the claim again.
pub fn verdicts() -> &'static [Verdict] {
    static RUN: OnceLock<Vec<Verdict>> = OnceLock::new();
    RUN.get_or_init(|| {
        let all = claims::all();
        report::Run::check_first(&all, &solved_games::LONGEST, &Silent, |_| {
            Ok::<_, std::convert::Infallible>(())
        })
        .unwrap_or_else(|never| match never {})
        .verdicts
    })
}

/// The verdict of the claim `id` from [`verdicts`].
pub fn verdict(id: &str) -> &'static Verdict {
    verdicts()
        .iter()
        .find(|v| v.claim.id == id)
        .unwrap_or_else(|| panic!("{id} is not a claim of the registry"))
}

/// What a run of the binary produced.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// A fresh, empty scratch directory for one test, removed with everything
/// in it when the test drops it (a suite run leaves nothing in the
/// temporary directory).
pub struct Scratch(tempfile::TempDir);

impl std::ops::Deref for Scratch {
    type Target = std::path::Path;

    fn deref(&self) -> &std::path::Path {
        self.0.path()
    }
}

impl AsRef<std::path::Path> for Scratch {
    fn as_ref(&self) -> &std::path::Path {
        self.0.path()
    }
}

/// A path named `name` in a scratch directory of its own, removed (with
/// whatever a test or the binary wrote there) when the test drops it.
pub struct ScratchFile {
    path: std::path::PathBuf,
    _dir: tempfile::TempDir,
}

impl std::ops::Deref for ScratchFile {
    type Target = std::path::Path;

    fn deref(&self) -> &std::path::Path {
        &self.path
    }
}

impl AsRef<std::path::Path> for ScratchFile {
    fn as_ref(&self) -> &std::path::Path {
        &self.path
    }
}

/// A path for a file `name` that does not exist yet.
pub fn scratch_file(name: &str) -> ScratchFile {
    let dir = scratch("file").0;
    ScratchFile {
        path: dir.path().join(name),
        _dir: dir,
    }
}

/// A fresh scratch directory named after `name`.
pub fn scratch(name: &str) -> Scratch {
    Scratch(
        tempfile::Builder::new()
            .prefix(&format!("solved-games-{name}-"))
            .tempdir()
            .expect("a temporary directory"),
    )
}

impl Run {
    /// (exit code, standard output, standard error), for tests that
    /// destructure a run.
    pub fn parts(self) -> (i32, String, String) {
        (self.code, self.stdout, self.stderr)
    }
}

/// Runs `solved-games` with `args` and no standard input.
pub fn cli(args: &[&str]) -> Run {
    cli_with_stdin(args, "")
}

/// Runs `solved-games` with `args`, feeding `stdin`.
pub fn cli_with_stdin(args: &[&str], stdin: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_solved-games"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the solved-games binary runs");
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).ok();
    let out = child.wait_with_output().expect("the binary finishes");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Asserts bad input is refused the way SPEC.md promises: exit status 2,
/// exactly one line on stderr, no panic.
pub fn assert_input_error(args: &[&str]) -> String {
    let run = cli(args);
    assert_eq!(
        run.code, 2,
        "{args:?} should exit 2; stderr: {}",
        run.stderr
    );
    assert!(
        !run.stderr.contains("panicked"),
        "{args:?} panicked: {}",
        run.stderr
    );
    assert_eq!(
        run.stderr.trim_end().lines().count(),
        1,
        "{args:?}: one-line error expected, got {:?}",
        run.stderr
    );
    run.stderr
}

/// `insta::assert_snapshot!` with the snapshot stored in the top-level
/// `snapshots/` folder as `<test file>__<name>.snap`.
#[macro_export]
macro_rules! snapshot {
    ($name:expr, $value:expr) => {
        insta::with_settings!({
            snapshot_path => concat!(env!("CARGO_MANIFEST_DIR"), "/snapshots"),
            omit_expression => true,
        }, {
            insta::assert_snapshot!($name, $value);
        })
    };
}

/// `insta::assert_json_snapshot!` into the top-level `snapshots/` folder.
#[macro_export]
macro_rules! json_snapshot {
    ($name:expr, $value:expr) => {
        insta::with_settings!({
            snapshot_path => concat!(env!("CARGO_MANIFEST_DIR"), "/snapshots"),
            omit_expression => true,
        }, {
            insta::assert_json_snapshot!($name, $value);
        })
    };
}

/// A legal 10,000-yen history from (total, total): each bet the given share
/// (in hundredths) of the money its player has left.
pub fn history_from_shares(total: u64, shares: &[(u64, u64)]) -> Vec<(u64, u64)> {
    let (mut left_a, mut left_b) = (total, total);
    shares
        .iter()
        .map(|&(sa, sb)| {
            let (a, b) = (left_a * sa / 100, left_b * sb / 100);
            left_a -= a;
            left_b -= b;
            (a, b)
        })
        .collect()
}

/// A pseudo-terminal (master, slave), 120 columns wide, for the tests of
/// what a long run shows on a terminal.
#[cfg(feature = "referee")]
pub fn open_pty() -> (std::fs::File, std::fs::File) {
    use std::os::fd::FromRawFd;
    // SAFETY: standard pty setup; every return value is checked.
    unsafe {
        let master = libc::posix_openpt(libc::O_RDWR | libc::O_NOCTTY);
        assert!(master >= 0, "posix_openpt");
        assert_eq!(libc::grantpt(master), 0);
        assert_eq!(libc::unlockpt(master), 0);
        let mut name = [0 as libc::c_char; 256];
        assert_eq!(libc::ptsname_r(master, name.as_mut_ptr(), name.len()), 0);
        let slave = libc::open(name.as_ptr(), libc::O_RDWR | libc::O_NOCTTY);
        assert!(slave >= 0, "open the pty's slave");
        let size = libc::winsize {
            ws_row: 40,
            ws_col: 120,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        libc::ioctl(master, libc::TIOCSWINSZ, &size);
        (
            std::fs::File::from_raw_fd(master),
            std::fs::File::from_raw_fd(slave),
        )
    }
}

/// Runs `solved-games args` with standard error on a terminal until its
/// terminal output contains `wanted` or `limit` passes, then kills it.
/// Returns what the terminal showed, and whether `wanted` was in it.
#[cfg(feature = "referee")]
pub fn terminal_shows(args: &[&str], wanted: &str, limit: std::time::Duration) -> (String, bool) {
    use std::io::Read;
    let (mut master, slave) = open_pty();
    let mut child = Command::new(env!("CARGO_BIN_EXE_solved-games"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::from(slave))
        .spawn()
        .expect("the solved-games binary runs");
    let (tx, rx) = std::sync::mpsc::channel();
    let wanted_owned = wanted.to_string();
    std::thread::spawn(move || {
        let mut seen = Vec::new();
        let mut buf = [0u8; 4096];
        while let Ok(n) = master.read(&mut buf) {
            if n == 0 {
                break;
            }
            seen.extend_from_slice(&buf[..n]);
            if String::from_utf8_lossy(&seen).contains(&wanted_owned) {
                break;
            }
        }
        let _ = tx.send(String::from_utf8_lossy(&seen).into_owned());
    });
    let seen = rx.recv_timeout(limit).unwrap_or_default();
    let _ = child.kill();
    let _ = child.wait();
    let found = seen.contains(wanted);
    (seen, found)
}
