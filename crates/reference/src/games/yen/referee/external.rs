//! External players over pipes (document 000 §2, Fig. 1): the referee
//! starts the program once per series with the number of matches as its
//! last argument (argv\[1\] for a program given without arguments of its
//! own, as the document's players are); the program prints each bet on a
//! line of its standard output and reads the opponent's bet of that round,
//! one line, from its standard input.
//!
//! Everything a program can do wrong ends as a [`Fault`], never as a hang:
//! reads wait with `poll(2)` against a deadline, writes go to a
//! non-blocking pipe, and a program that faulted is killed with its whole
//! process group.
//!
//! No program outlives the referee. Each program runs in a process group of
//! its own, led by a *watchdog* (`/bin/sh`, started first) that waits for
//! end of file on a pipe only the referee holds open and then kills the
//! group: whatever ends the referee — SIGKILL included — closes that pipe,
//! so the program and every child it started die with it. On Linux the
//! program also gets `PR_SET_PDEATHSIG` (SIGKILL when the referee's thread
//! that started it ends), set in the child before `exec`. For SIGINT,
//! SIGTERM and SIGHUP a program calls [`end_players_on_signals`] once: the
//! referee then kills every player group itself before it dies of the
//! signal. A program that leaves its process group (`setsid`) escapes all
//! of this.
//!
//! Only the bet notation ([`parse_bet`]) is portable; the process handling
//! is for Unix (`cfg(unix)`).

use super::{CommandError, Fault};

/// Splits `command` into words as a POSIX shell would (nothing expanded).
///
/// # Errors
/// [`CommandError::UnclosedQuote`] for a quote that is never closed.
pub fn split_command(command: &str) -> Result<Vec<String>, CommandError> {
    shell_words::split(command).map_err(|shell_words::ParseError| CommandError::UnclosedQuote {
        command: command.to_string(),
    })
}

/// Longest line accepted as a bet; anything longer is not a number.
pub const MAX_LINE: usize = 64;

/// Parses a bet line as C's `scanf("%d")` would accept a number printed
/// with `printf("%d\n")`: optional white space and sign, then digits.
/// `remaining` is the player's money left, for the message when the number
/// is too large for any integer type.
///
/// # Errors
/// [`Fault::NotANumber`], [`Fault::Negative`], or [`Fault::TooLarge`]
/// (quoting the digits as printed) for a number over 2^64 − 1.
///
/// # Examples
/// ```
/// use solved_games_reference::games::yen::external::parse_bet;
/// assert_eq!(parse_bet(" 1000\r", 9000).unwrap(), 1000);
/// let huge = parse_bet("12345678901234567890123456789012345678", 9000).unwrap_err();
/// assert_eq!(
///     huge.to_string(),
///     "bet 12345678901234567890123456789012345678 exceeds the 9000 yen left"
/// );
/// ```
pub fn parse_bet(line: &str, remaining: u64) -> Result<u64, Fault> {
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
    // Only digits are left, so the parse can fail only by overflow: more
    // than anyone's money. The message quotes what was printed.
    digits.parse::<u64>().map_err(|_| Fault::TooLarge {
        line: text.chars().take(MAX_LINE).collect(),
        remaining,
    })
}

#[cfg(unix)]
pub use unix::{end_players_on_signals, External};

#[cfg(unix)]
mod unix {
    use super::super::super::rules::{Round, Rules};
    use super::super::players::View;
    use super::super::{CommandError, Contestant, Fault, OsError};
    use super::{parse_bet, split_command, MAX_LINE};
    use crate::core::Player;
    use crate::process::{exit_status, poll, start_piped, Group, StartError};
    use std::io::{ErrorKind, Read, Write};
    use std::os::fd::AsRawFd;
    use std::process::{Child, ChildStdin, ChildStdout, Command};
    use std::time::{Duration, Instant};

    /// A running player program.
    struct Running {
        child: Child,
        /// Its process group, led by the watchdog.
        group: Group,
        /// The program's input; `None` once closed at the end of the series.
        stdin: Option<ChildStdin>,
        stdout: ChildStdout,
        /// Bytes read but not yet taken as lines.
        buffer: Vec<u8>,
        /// When the program was last given something to answer: its start or
        /// the opponent's bet. Its next bet is due `timeout` after this.
        asked_at: Instant,
    }

    impl Running {
        /// Kills the whole group and reaps the program and its watchdog.
        fn kill(mut self) {
            self.group.kill(Some(&mut self.child));
        }
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
        /// as a POSIX shell splits words (quotes and backslashes group words
        /// with spaces; nothing is expanded, no shell is started); the number
        /// of matches is appended as the last argument. A bet is due within
        /// `timeout`.
        ///
        /// # Errors
        /// [`CommandError::Empty`] when `command` names no program,
        /// [`CommandError::UnclosedQuote`] for an unmatched quote.
        pub fn new(
            name: impl Into<String>,
            command: &str,
            timeout: Duration,
        ) -> Result<External, CommandError> {
            let mut words = split_command(command)?.into_iter();
            let program = words.next().ok_or(CommandError::Empty)?;
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
            let mut command = Command::new(&self.program);
            command
                .args(&self.args)
                .arg(matches.to_string())
                .env("YEN_TOTAL", self.rules.total.to_string())
                .env("YEN_ROUNDS", self.rules.rounds.to_string());
            let piped = start_piped(&mut command).map_err(|e| {
                let (program, error) = match e {
                    StartError::Watchdog(e) => ("/bin/sh (the player's watchdog)", e),
                    StartError::Program(e) => (self.program.as_str(), e),
                };
                Fault::CannotStart {
                    program: program.to_string(),
                    error: OsError::from(&error),
                }
            })?;
            self.running = Some(Running {
                child: piped.child,
                group: piped.group,
                stdin: Some(piped.stdin),
                stdout: piped.stdout,
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
            if let Some(run) = self.running.take() {
                run.kill();
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

        fn bet(&mut self, view: &View<'_>) -> Result<u64, Fault> {
            parse_bet(&self.read_line()?, view.remaining())
        }

        fn tell(&mut self, opponent_bet: u64) -> Result<(), Fault> {
            let seconds = self.seconds();
            let timeout = self.timeout;
            let Some(run) = self.running.as_mut() else {
                return Ok(());
            };
            let Some(stdin) = run.stdin.as_mut() else {
                return Ok(());
            };
            let line = format!("{opponent_bet}\n");
            let mut bytes = line.as_bytes();
            let deadline = Instant::now() + timeout;
            while !bytes.is_empty() {
                match stdin.write(bytes) {
                    Ok(n) => bytes = &bytes[n..],
                    Err(e) if e.kind() == ErrorKind::Interrupted => {}
                    Err(e) if e.kind() == ErrorKind::WouldBlock => {
                        let now = Instant::now();
                        if now >= deadline {
                            return Err(Fault::NotReading { seconds });
                        }
                        poll(stdin.as_raw_fd(), libc::POLLOUT, deadline - now);
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
            // Close its input: a program that has played all its matches
            // exits by itself; give it the timeout to do so. Then the group
            // goes, with anything the program left running.
            drop(run.stdin.take());
            let deadline = Instant::now() + self.timeout;
            let mut pause = Duration::from_micros(50);
            loop {
                match run.child.try_wait() {
                    Ok(Some(_)) | Err(_) => break,
                    Ok(None) if Instant::now() >= deadline => break,
                    Ok(None) => {
                        std::thread::sleep(pause);
                        pause = (pause * 2).min(Duration::from_millis(10));
                    }
                }
            }
            run.kill();
        }
    }

    /// Makes SIGINT, SIGTERM and SIGHUP kill every running player program
    /// (with its process group) before the process dies of the signal.
    /// Call it once, early, in a program that runs player programs; the
    /// command line does. Without it the watchdogs still end the players a
    /// moment after the process ends. (The handling is
    /// [`crate::process::end_programs_on_signals`], shared with `check`.)
    pub fn end_players_on_signals() {
        crate::process::end_programs_on_signals();
    }
}
