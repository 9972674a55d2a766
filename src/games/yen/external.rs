//! External players over pipes (document 000 §2, Fig. 1): the referee
//! starts the program once per series with argv\[1\] = number of matches;
//! the program prints each bet on a line of its standard output and reads
//! the opponent's bet of that round, one line, from its standard input.
//!
//! Everything a program can do wrong ends as a [`Fault`], never as a hang:
//! reads wait with `poll(2)` against a deadline, writes go to a
//! non-blocking pipe, and a program that faulted is killed with its whole
//! process group (it is started as a group leader, so a shell script's
//! children go with it).

use super::players::View;
use super::referee::{Contestant, Fault};
use super::rules::{Round, Rules};
use crate::core::Player;
use std::io::{ErrorKind, Read, Write};
use std::os::fd::AsRawFd;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// Longest line accepted as a bet; anything longer is not a number.
const MAX_LINE: usize = 64;

/// A running player program.
struct Running {
    child: Child,
    stdin: ChildStdin,
    stdout: ChildStdout,
    /// Bytes read but not yet taken as lines.
    buffer: Vec<u8>,
    /// When the program was last given something to answer: its start or
    /// the opponent's bet. Its next bet is due `timeout` after this.
    asked_at: Instant,
}

/// A player program, started by the referee.
pub struct External {
    name: String,
    program: String,
    args: Vec<String>,
    timeout: Duration,
    rules: Rules,
    running: Option<Running>,
}

impl External {
    /// A player that runs `command` — a program and its arguments, split
    /// as a POSIX shell splits words (quotes and backslashes group words with
    /// spaces; nothing is expanded, no shell is started); the number of
    /// matches is appended as the last argument. A bet is due within `timeout`.
    ///
    /// # Errors
    /// A message when `command` is empty or has an unmatched quote.
    pub fn new(
        name: impl Into<String>,
        command: &str,
        timeout: Duration,
    ) -> Result<External, String> {
        let words =
            shell_words::split(command).map_err(|e| format!("player command {command:?}: {e}"))?;
        let mut words = words.into_iter();
        let program = words
            .next()
            .ok_or_else(|| "empty player command".to_string())?;
        Ok(External {
            name: name.into(),
            program,
            args: words.collect(),
            timeout,
            rules: Rules::default(),
            running: None,
        })
    }

    fn spawn(&mut self, matches: u64) -> Result<(), Fault> {
        let mut child = Command::new(&self.program)
            .args(&self.args)
            .arg(matches.to_string())
            .env("YEN_TOTAL", self.rules.total.to_string())
            .env("YEN_ROUNDS", self.rules.rounds.to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .process_group(0)
            .spawn()
            .map_err(|e| Fault::CannotStart {
                reason: format!("{}: {e}", self.program),
            })?;
        let (stdin, stdout) = match (child.stdin.take(), child.stdout.take()) {
            (Some(i), Some(o)) => (i, o),
            _ => unreachable!("both pipes were requested"),
        };
        set_nonblocking(&stdin);
        self.running = Some(Running {
            child,
            stdin,
            stdout,
            buffer: Vec::with_capacity(MAX_LINE),
            asked_at: Instant::now(),
        });
        Ok(())
    }

    fn seconds(&self) -> f64 {
        self.timeout.as_secs_f64()
    }

    /// Kills the program's process group and reaps it.
    fn kill(&mut self) {
        if let Some(mut run) = self.running.take() {
            kill_group(&mut run.child);
            let _ = run.child.wait();
        }
    }

    /// The next line from the program, due by `asked_at + timeout`.
    fn read_line(&mut self) -> Result<String, Fault> {
        let seconds = self.seconds();
        let timeout = self.timeout;
        let run = self
            .running
            .as_mut()
            .ok_or(Fault::Exited { status: None })?;
        let deadline = run.asked_at + timeout;
        let mut chunk = [0u8; 256];
        loop {
            if let Some(end) = run.buffer.iter().position(|&c| c == b'\n') {
                let line = String::from_utf8_lossy(&run.buffer[..end]).into_owned();
                run.buffer.drain(..=end);
                return Ok(line);
            }
            if run.buffer.len() > MAX_LINE {
                let line = String::from_utf8_lossy(&run.buffer[..40]).into_owned();
                return Err(Fault::NotANumber { line });
            }
            // Past the deadline this still polls once with no wait: a bet
            // already in the pipe counts even if the referee was busy
            // waiting out the other player.
            let wait = deadline.saturating_duration_since(Instant::now());
            if !poll(run.stdout.as_raw_fd(), libc::POLLIN, wait) {
                if Instant::now() >= deadline {
                    return Err(Fault::Timeout { seconds });
                }
                continue;
            }
            match run.stdout.read(&mut chunk) {
                Ok(0) => {
                    if !run.buffer.is_empty() {
                        // A last line without its newline still counts.
                        let line = String::from_utf8_lossy(&run.buffer).into_owned();
                        run.buffer.clear();
                        return Ok(line);
                    }
                    let status = exit_status(&mut run.child);
                    return Err(Fault::Exited { status });
                }
                Ok(n) => run.buffer.extend_from_slice(&chunk[..n]),
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) => {
                    return Err(Fault::Exited {
                        status: Some(format!("read error: {e}")),
                    })
                }
            }
        }
    }
}

impl Drop for External {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Parses a bet line as C's `scanf("%d")` would accept a number printed
/// with `printf("%d\n")`: optional white space and sign, then digits.
///
/// # Errors
/// [`Fault::NotANumber`] or [`Fault::Negative`].
pub fn parse_bet(line: &str) -> Result<u64, Fault> {
    let text = line.trim();
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let cut = || text.chars().take(40).collect::<String>();
    if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_digit()) {
        return Err(Fault::NotANumber { line: cut() });
    }
    if negative && digits.bytes().any(|c| c != b'0') {
        return Err(Fault::Negative { line: cut() });
    }
    // More digits than a u64 holds: certainly more than anyone's money.
    Ok(digits.parse::<u64>().unwrap_or(u64::MAX))
}

impl Contestant for External {
    fn name(&self) -> &str {
        &self.name
    }

    fn start(&mut self, rules: Rules, games: u64) -> Result<(), Fault> {
        self.rules = rules;
        self.kill();
        self.spawn(games)
    }

    fn begin_match(&mut self, matches_left: u64) -> Result<(), Fault> {
        if self.running.is_none() {
            self.spawn(matches_left)?;
        }
        Ok(())
    }

    fn bet(&mut self, _view: &View<'_>) -> Result<u64, Fault> {
        parse_bet(&self.read_line()?)
    }

    fn tell(&mut self, opponent_bet: u64) -> Result<(), Fault> {
        let seconds = self.seconds();
        let timeout = self.timeout;
        let Some(run) = self.running.as_mut() else {
            return Ok(());
        };
        let line = format!("{opponent_bet}\n");
        let mut bytes = line.as_bytes();
        let deadline = Instant::now() + timeout;
        while !bytes.is_empty() {
            match run.stdin.write(bytes) {
                Ok(n) => bytes = &bytes[n..],
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) if e.kind() == ErrorKind::WouldBlock => {
                    let now = Instant::now();
                    if now >= deadline {
                        return Err(Fault::NotReading { seconds });
                    }
                    poll(run.stdin.as_raw_fd(), libc::POLLOUT, deadline - now);
                }
                // The program is gone (broken pipe): its next bet will
                // show it; after its last bet of the series it may go.
                Err(_) => break,
            }
        }
        run.asked_at = Instant::now();
        Ok(())
    }

    fn match_over(&mut self, _side: Player, _rounds: &[Round]) {}

    fn fault(&mut self) {
        self.kill();
    }

    fn finish(&mut self) {
        let Some(mut run) = self.running.take() else {
            return;
        };
        drop(run.stdin);
        // A program that has played all its matches exits by itself; give
        // it the timeout to do so, then stop it.
        let deadline = Instant::now() + self.timeout;
        let mut pause = Duration::from_micros(50);
        loop {
            match run.child.try_wait() {
                Ok(Some(_)) | Err(_) => return,
                Ok(None) if Instant::now() >= deadline => break,
                Ok(None) => {
                    std::thread::sleep(pause);
                    pause = (pause * 2).min(Duration::from_millis(10));
                }
            }
        }
        kill_group(&mut run.child);
        let _ = run.child.wait();
    }
}

/// Waits up to `wait` for `fd` to be ready for `events`; false on timeout.
fn poll(fd: i32, events: libc::c_short, wait: Duration) -> bool {
    let mut pfd = libc::pollfd {
        fd,
        events,
        revents: 0,
    };
    // Round up so that a wait of a few microseconds does not spin.
    let millis = wait.as_micros().div_ceil(1000).min(i32::MAX as u128) as i32;
    // SAFETY: one valid pollfd, its count, a finite timeout.
    let n = unsafe { libc::poll(&mut pfd, 1, millis) };
    n > 0
}

/// Makes writes to the program's input fail with `WouldBlock` instead of
/// hanging when it stops reading.
fn set_nonblocking(stdin: &ChildStdin) {
    let fd = stdin.as_raw_fd();
    // SAFETY: fcntl on a pipe descriptor we own.
    unsafe {
        let flags = libc::fcntl(fd, libc::F_GETFL);
        if flags >= 0 {
            libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK);
        }
    }
}

/// Sends SIGKILL to the program's process group (it was started as the
/// group leader, so the group's id is its pid). A group's id cannot pass to
/// another process while any member lives, so this also reaches children
/// left behind by a leader that has already exited; once the group is
/// empty the call finds nothing (ESRCH) — the pid would have to be reused
/// by a new group leader in between, which needs the whole pid space to
/// wrap around.
fn kill_group(child: &mut Child) {
    if let Ok(pid) = i32::try_from(child.id()) {
        // SAFETY: kill(2) with a negative id signals that process group only.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
    }
}

/// How a program that closed its output ended, if it did within 100 ms.
fn exit_status(child: &mut Child) -> Option<String> {
    let deadline = Instant::now() + Duration::from_millis(100);
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Some(describe(status)),
            Ok(None) if Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(1));
            }
            _ => return None,
        }
    }
}

fn describe(status: ExitStatus) -> String {
    match (status.code(), status.signal()) {
        (Some(code), _) => format!("exit status {code}"),
        (None, Some(sig)) => format!("killed by signal {sig}"),
        _ => status.to_string(),
    }
}
