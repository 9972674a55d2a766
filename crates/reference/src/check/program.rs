//! A solver program over pipes (SPEC.md "The line protocol"): one batch of instances per run of the program, each
//! instance a line on its standard input, each answer a line on its
//! standard output, in order; its input is closed after the last instance.
//!
//! Writing and reading interleave with `poll(2)` on non-blocking pipes, so a
//! program that reads ahead, one that answers as it reads and one that
//! buffers its output all go at pipe speed, and a program that stops
//! reading or answering cannot hang us: every answer is due within the
//! timeout of the program's last sign of life (it took input or printed an
//! answer). The process handling — a process group of its own, a watchdog,
//! death with us, killing on signals — is the referee's,
//! [`crate::process`].

use crate::process::{self, describe, set_nonblocking, start_piped, Group, StartError};
use std::fmt;
use std::io::{ErrorKind, Read, Write};
use std::os::fd::AsRawFd;
use std::process::{Child, ChildStdin, ChildStdout, Command};
use std::time::{Duration, Instant};

/// Longest answer line taken; a longer one is garbage.
pub const MAX_ANSWER: usize = 4096;

/// Bytes written ahead of the answers at most: a pipe's buffer. With the
/// program's own buffers this keeps both sides busy without holding a
/// whole batch in flight.
const WINDOW_BYTES: usize = 64 * 1024;

/// How often a wait for the program looks whether it has ended: a child
/// it left behind may hold the pipe open after it is gone.
const EXIT_CHECK: Duration = Duration::from_millis(50);

/// What went wrong with the program: the verdict's reason.
#[derive(Debug, Clone, PartialEq)]
pub enum Fault {
    /// It could not be started (exit status 2).
    CannotStart {
        /// The program as named.
        program: String,
        /// The system's reason.
        error: String,
    },
    /// No answer, and no input taken, for the timeout.
    Timeout {
        /// The timeout.
        seconds: f64,
        /// Answers given before.
        answered: usize,
        /// Whether it had stopped taking its input.
        not_reading: bool,
    },
    /// Its output ended before every instance had its answer.
    TooFewLines {
        /// Answers given.
        answered: usize,
        /// Instances asked.
        asked: usize,
        /// How it ended, if it had within 100 ms.
        status: Option<String>,
    },
    /// A line beyond the instances it was given.
    TooManyLines {
        /// Instances asked.
        asked: usize,
        /// The first line too many (cut to 40 characters).
        line: String,
    },
    /// An answer not in the value notation.
    Garbage {
        /// Which instance (0-based in the batch).
        index: usize,
        /// The line (cut to 40 characters).
        line: String,
        /// Why it is not a value.
        reason: String,
    },
    /// Every answer given, then a failing exit (a crash).
    Crashed {
        /// `exit status 1`, `killed by signal 11`.
        status: String,
    },
}

impl Fault {
    /// A short tag: `timeout`, `too_few_lines`, … (JSON and JUnit).
    #[must_use]
    pub fn tag(&self) -> &'static str {
        match self {
            Fault::CannotStart { .. } => "cannot_start",
            Fault::Timeout { .. } => "timeout",
            Fault::TooFewLines { .. } => "too_few_lines",
            Fault::TooManyLines { .. } => "too_many_lines",
            Fault::Garbage { .. } => "garbage",
            Fault::Crashed { .. } => "crashed",
        }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::CannotStart { program, error } => {
                write!(f, "cannot start {program}: {error}")
            }
            Fault::Timeout {
                seconds,
                answered,
                not_reading: true,
            } => write!(
                f,
                "timeout: stopped reading its input; no answer for {seconds} s after {answered} answers"
            ),
            Fault::Timeout {
                seconds, answered, ..
            } => write!(f, "timeout: no answer for {seconds} s after {answered} answers"),
            Fault::TooFewLines {
                answered,
                asked,
                status,
            } => {
                write!(
                    f,
                    "too few lines: its output ended after {answered} answers to {asked} instances"
                )?;
                match status {
                    Some(s) => write!(f, " ({s})"),
                    None => Ok(()),
                }
            }
            Fault::TooManyLines { asked, line } => write!(
                f,
                "too many lines: {line:?} beyond the answers to the {asked} instances given"
            ),
            Fault::Garbage {
                index,
                line,
                reason,
            } => write!(
                f,
                "garbage: answer {} {line:?} is not a value ({reason})",
                index + 1
            ),
            Fault::Crashed { status } => write!(f, "crashed after its last answer ({status})"),
        }
    }
}

/// How to run the program: `cmd:PROGRAM` without the prefix.
#[derive(Debug, Clone)]
pub struct Program {
    /// The program.
    pub program: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// How long an answer may take after the program's last sign of life.
    pub timeout: Duration,
}

impl Program {
    /// The program named by `command`, split into words as a POSIX shell
    /// would (nothing expanded, no shell started); `None` for no words or
    /// an unclosed quote.
    #[must_use]
    pub fn parse(command: &str, timeout: Duration) -> Option<Program> {
        let mut words = shell_words::split(command).ok()?.into_iter();
        let program = words.next()?;
        Some(Program {
            program,
            args: words.collect(),
            timeout,
        })
    }

    /// Runs the program once on `lines`, calling `answer(index, line, at)`
    /// for each answer as it arrives (`at`: when it was read).
    ///
    /// # Errors
    /// The first [`Fault`]; `answer`'s own error, as a
    /// [`Fault::Garbage`] for that answer. The program and its process
    /// group are gone when this returns, either way.
    pub fn run(
        &self,
        lines: &[String],
        answer: impl FnMut(usize, &str, Instant) -> Result<(), String>,
    ) -> Result<(), Fault> {
        let mut next = lines.iter();
        self.run_stream(
            lines.len(),
            || true,
            |text| next.next().map(|line| text.push_str(line)).is_some(),
            answer,
        )
    }

    /// [`Program::run`] on `asked` lines made as they are sent:
    /// `next_line(text)` appends the next instance's line (without its
    /// `\n`) to the empty `text`, or returns false when there is none
    /// (then fewer were asked). At most a pipe's buffer of lines is made
    /// ahead of the answers, so a batch of any length runs in bounded
    /// memory. `started()` is called once the program is running (a
    /// report's header then goes out, and none for a program that cannot
    /// start); if it returns false the program is ended at once and
    /// nothing is asked (`Ok`).
    ///
    /// # Errors
    /// As [`Program::run`].
    pub fn run_stream(
        &self,
        asked: usize,
        started: impl FnOnce() -> bool,
        mut next_line: impl FnMut(&mut String) -> bool,
        mut answer: impl FnMut(usize, &str, Instant) -> Result<(), String>,
    ) -> Result<(), Fault> {
        let mut running = self.start()?;
        if !started() {
            running.group.kill(Some(&mut running.child));
            return Ok(());
        }
        let result = running.exchange(asked, &mut next_line, self.timeout, &mut answer);
        let result = result.and_then(|asked| running.finish(self.timeout, asked));
        running.group.kill(Some(&mut running.child));
        result
    }

    fn start(&self) -> Result<Running, Fault> {
        let mut command = Command::new(&self.program);
        command.args(&self.args);
        let piped = start_piped(&mut command).map_err(|e| {
            let (program, error) = match e {
                StartError::Watchdog(e) => ("/bin/sh (the watchdog)", e),
                StartError::Program(e) => (self.program.as_str(), e),
            };
            Fault::CannotStart {
                program: program.to_string(),
                error: error.to_string(),
            }
        })?;
        set_nonblocking(&piped.stdout);
        Ok(Running {
            child: piped.child,
            group: piped.group,
            stdin: Some(piped.stdin),
            stdout: piped.stdout,
            buffer: Vec::new(),
            read_at: Instant::now(),
        })
    }
}

struct Running {
    child: Child,
    group: Group,
    stdin: Option<ChildStdin>,
    stdout: ChildStdout,
    buffer: Vec<u8>,
    /// When the output being taken was read: every answer of one read
    /// arrived then, however long taking the ones before it takes.
    read_at: Instant,
}

fn cut(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).chars().take(40).collect()
}

impl Running {
    /// Writes every line and reads every answer, interleaved; closes the
    /// program's input after the last line. Returns how many were asked.
    fn exchange(
        &mut self,
        mut asked: usize,
        next_line: &mut impl FnMut(&mut String) -> bool,
        timeout: Duration,
        answer: &mut impl FnMut(usize, &str, Instant) -> Result<(), String>,
    ) -> Result<usize, Fault> {
        let mut out: Vec<u8> = Vec::with_capacity(WINDOW_BYTES * 2);
        let mut out_pos = 0;
        let mut line = String::new();
        // Lines queued into `out`, and line ends (byte offsets in the whole
        // stream) to count the lines fully handed to the pipe.
        let mut queued = 0;
        let mut sent_bytes = 0usize;
        let mut ends: std::collections::VecDeque<usize> = std::collections::VecDeque::new();
        let mut stream_len = 0usize;
        let mut sent = 0usize;
        let mut answered = 0usize;
        let mut alive = Instant::now();
        let mut chunk = vec![0u8; 64 * 1024];
        let read_fd = self.stdout.as_raw_fd();
        loop {
            // Fill the window.
            while queued < asked && out.len() - out_pos < WINDOW_BYTES {
                line.clear();
                if !next_line(&mut line) {
                    asked = queued;
                    break;
                }
                out.extend_from_slice(line.as_bytes());
                out.push(b'\n');
                stream_len += line.len() + 1;
                ends.push_back(stream_len);
                queued += 1;
            }
            if out_pos == out.len() && queued == asked {
                // Everything written: end of input tells the program so.
                drop(self.stdin.take());
            }
            if answered == asked {
                return Ok(asked);
            }
            let write_fd = self
                .stdin
                .as_ref()
                .filter(|_| out_pos < out.len())
                .map(AsRawFd::as_raw_fd);
            let wait = (alive + timeout).saturating_duration_since(Instant::now());
            let ready = process::poll_both(read_fd, write_fd, wait.min(EXIT_CHECK));
            if !ready.readable && !ready.writable {
                if self.exited() {
                    // The program is gone; what it wrote is in the pipe,
                    // read on until nothing is left. Whatever holds the
                    // pipe open now (a child it left behind) is not waited
                    // for.
                    return self
                        .drain(&mut answered, sent, asked, answer)
                        .map(|()| asked);
                }
                if Instant::now() >= alive + timeout {
                    return Err(Fault::Timeout {
                        seconds: timeout.as_secs_f64(),
                        answered,
                        not_reading: write_fd.is_some(),
                    });
                }
                continue;
            }
            if ready.writable {
                if let Some(stdin) = self.stdin.as_mut() {
                    match stdin.write(&out[out_pos..]) {
                        Ok(n) => {
                            out_pos += n;
                            sent_bytes += n;
                            alive = Instant::now();
                            while ends.front().is_some_and(|&e| e <= sent_bytes) {
                                ends.pop_front();
                                sent += 1;
                            }
                            if out_pos == out.len() {
                                out.clear();
                                out_pos = 0;
                            }
                        }
                        Err(e)
                            if e.kind() == ErrorKind::WouldBlock
                                || e.kind() == ErrorKind::Interrupted => {}
                        // Broken pipe: it stopped reading for good; its
                        // output tells how it ended.
                        Err(_) => {
                            drop(self.stdin.take());
                            out.clear();
                            out_pos = 0;
                        }
                    }
                }
            }
            if ready.readable {
                match self.stdout.read(&mut chunk) {
                    Ok(0) => {
                        return self
                            .ended(&mut answered, sent, asked, answer)
                            .map(|()| asked)
                    }
                    Ok(n) => {
                        alive = Instant::now();
                        self.read_at = alive;
                        self.take_chunk(&chunk[..n], &mut answered, sent, asked, answer)?;
                    }
                    Err(e)
                        if e.kind() == ErrorKind::WouldBlock
                            || e.kind() == ErrorKind::Interrupted => {}
                    Err(e) => {
                        return Err(Fault::TooFewLines {
                            answered,
                            asked,
                            status: Some(format!("read error: {e}")),
                        })
                    }
                }
            }
        }
    }

    /// Whether the program itself has ended (its children may not have).
    fn exited(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(Some(_)))
    }

    /// After the program ended: the answers still in the pipe, then the
    /// end of its output.
    fn drain(
        &mut self,
        answered: &mut usize,
        sent: usize,
        asked: usize,
        answer: &mut impl FnMut(usize, &str, Instant) -> Result<(), String>,
    ) -> Result<(), Fault> {
        let mut chunk = vec![0u8; 64 * 1024];
        loop {
            match self.stdout.read(&mut chunk) {
                Ok(0) => break,
                Ok(n) => {
                    self.read_at = Instant::now();
                    self.take_chunk(&chunk[..n], answered, sent, asked, answer)?;
                }
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(_) => break,
            }
            if *answered == asked {
                return Ok(());
            }
        }
        self.ended(answered, sent, asked, answer)
    }

    /// The end of the program's output, with `answered` of `asked`.
    fn ended(
        &mut self,
        answered: &mut usize,
        sent: usize,
        asked: usize,
        answer: &mut impl FnMut(usize, &str, Instant) -> Result<(), String>,
    ) -> Result<(), Fault> {
        if !self.buffer.is_empty() {
            // A last line without its newline still counts.
            let line = std::mem::take(&mut self.buffer);
            self.take_line(&line, answered, sent, asked, answer)?;
            if *answered == asked {
                return Ok(());
            }
        }
        Err(Fault::TooFewLines {
            answered: *answered,
            asked,
            status: crate::process::exit_status(&mut self.child),
        })
    }

    /// Output read from the program: its whole lines are answers, the rest
    /// waits for its end.
    fn take_chunk(
        &mut self,
        data: &[u8],
        answered: &mut usize,
        sent: usize,
        asked: usize,
        answer: &mut impl FnMut(usize, &str, Instant) -> Result<(), String>,
    ) -> Result<(), Fault> {
        let mut start = 0;
        while let Some(end) = data[start..].iter().position(|&c| c == b'\n') {
            let piece = &data[start..start + end];
            if self.buffer.is_empty() {
                self.take_line(piece, answered, sent, asked, answer)?;
            } else {
                let mut line = std::mem::take(&mut self.buffer);
                line.extend_from_slice(piece);
                self.take_line(&line, answered, sent, asked, answer)?;
            }
            start += end + 1;
        }
        self.buffer.extend_from_slice(&data[start..]);
        if self.buffer.len() > MAX_ANSWER {
            return Err(Fault::Garbage {
                index: *answered,
                line: cut(&self.buffer),
                reason: format!("longer than {MAX_ANSWER} bytes"),
            });
        }
        Ok(())
    }

    fn take_line(
        &mut self,
        line: &[u8],
        answered: &mut usize,
        sent: usize,
        asked: usize,
        answer: &mut impl FnMut(usize, &str, Instant) -> Result<(), String>,
    ) -> Result<(), Fault> {
        // An answer with no instance to answer: past the batch, or ahead
        // of the instances handed over so far.
        if *answered >= asked.min(sent) {
            return Err(Fault::TooManyLines {
                asked: sent,
                line: cut(line),
            });
        }
        let text = String::from_utf8_lossy(line);
        let text = text.strip_suffix('\r').unwrap_or(&text);
        if line.len() > MAX_ANSWER {
            return Err(Fault::Garbage {
                index: *answered,
                line: cut(line),
                reason: format!("longer than {MAX_ANSWER} bytes"),
            });
        }
        answer(*answered, text, self.read_at).map_err(|reason| Fault::Garbage {
            index: *answered,
            line: cut(text.as_bytes()),
            reason,
        })?;
        *answered += 1;
        Ok(())
    }

    /// After the last answer: the program's output must end with no more
    /// lines, within the timeout; a failing exit is a crash. A program
    /// still running then is killed without blame. Once the program
    /// itself has ended and the pipe holds nothing more, its output has
    /// ended too, whoever else holds the pipe.
    fn finish(&mut self, timeout: Duration, asked: usize) -> Result<(), Fault> {
        drop(self.stdin.take());
        let deadline = Instant::now() + timeout;
        let mut chunk = [0u8; 4096];
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            let ready = process::poll_both(self.stdout.as_raw_fd(), None, wait.min(EXIT_CHECK));
            if !ready.readable {
                if Instant::now() >= deadline {
                    return Ok(());
                }
                if self.exited() {
                    break;
                }
                continue;
            }
            match self.stdout.read(&mut chunk) {
                Ok(0) => break,
                Ok(n) => {
                    let mut all = std::mem::take(&mut self.buffer);
                    all.extend_from_slice(&chunk[..n]);
                    if all.iter().all(u8::is_ascii_whitespace) {
                        continue;
                    }
                    return Err(Fault::TooManyLines {
                        asked,
                        line: cut(all.trim_ascii()),
                    });
                }
                Err(e) if e.kind() == ErrorKind::WouldBlock => {}
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(_) => break,
            }
            if Instant::now() >= deadline {
                return Ok(());
            }
        }
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) if status.success() => return Ok(()),
                Ok(Some(status)) => {
                    return Err(Fault::Crashed {
                        status: describe(status),
                    })
                }
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(1));
                }
                _ => return Ok(()),
            }
        }
    }
}
