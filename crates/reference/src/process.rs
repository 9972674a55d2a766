//! Programs over pipes, handled so that none hangs us and none outlives us:
//! shared by the 10,000-yen referee's player programs
//! ([`games::yen::external`](crate::games::yen::external)) and by
//! `solved-games check`'s solver programs (`check`).
//!
//! Each program runs in a process group of its own, led by a *watchdog*
//! (`/bin/sh`, started first) that waits for end of file on a pipe only we
//! hold open and then kills the group: whatever ends us — SIGKILL included
//! — closes that pipe, so the program and every child it started die with
//! it. On Linux the program also gets `PR_SET_PDEATHSIG` (SIGKILL when the
//! thread that started it ends), set in the child before `exec`. For
//! SIGINT, SIGTERM and SIGHUP a program calls [`end_programs_on_signals`]
//! once: every group is then killed before we die of the signal. A program
//! that leaves its process group (`setsid`) escapes all of this.
//!
//! Reads wait with [`poll`] against a deadline; writes go to a pipe made
//! non-blocking by [`set_nonblocking`].
//!
//! The same signal handler removes the temporary files of
//! [`outfile`](crate::outfile) not yet renamed into place
//! ([`remove_on_signal`]), so that a run ended by a signal leaves no
//! half-written file behind.

use std::ffi::CString;
use std::io;
use std::os::fd::AsRawFd;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicI32, AtomicPtr, Ordering};
use std::time::{Duration, Instant};

/// The watchdog: waits for end of file on its standard input (our end
/// closes when we end, however we end), then kills its own process group —
/// the program and all its children.
const WATCHDOG: &str = "read -r _; kill -9 0";

/// A process group led by a watchdog, ready for a program to join
/// ([`Group::command`]).
pub struct Group {
    /// The group's leader; its input is our lifeline.
    watchdog: Child,
    /// The process group: the watchdog's pid.
    id: i32,
    /// Our end of the watchdog's input: dropped, the group dies.
    lifeline: Option<ChildStdin>,
}

impl Group {
    /// Starts the watchdog of a new group.
    ///
    /// # Errors
    /// The system's reason when `/bin/sh` cannot be started.
    pub fn start() -> io::Result<Group> {
        let mut watchdog = Command::new("/bin/sh")
            .args(["-c", WATCHDOG])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()?;
        let lifeline = watchdog.stdin.take();
        let id = i32::try_from(watchdog.id()).expect("pids fit in pid_t");
        remember_group(id);
        Ok(Group {
            watchdog,
            id,
            lifeline,
        })
    }

    /// Puts `command` in this group and makes it die with us (Linux).
    pub fn enrol(&self, command: &mut Command) {
        command.process_group(self.id);
        die_with_parent(command);
    }

    /// Kills the whole group, then reaps `child` (if any) and the watchdog.
    pub fn kill(mut self, child: Option<&mut Child>) {
        forget_group(self.id);
        kill_group(self.id);
        drop(self.lifeline.take());
        if let Some(child) = child {
            let _ = child.wait();
        }
        let _ = self.watchdog.wait();
    }
}

/// Waits up to `wait` for `fd` to be ready for `events`; false on timeout.
pub fn poll(fd: i32, events: libc::c_short, wait: Duration) -> bool {
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

/// What one [`poll_both`] found.
pub struct Ready {
    /// The output can be read (or has ended).
    pub readable: bool,
    /// The input can take a write.
    pub writable: bool,
}

/// Waits up to `wait` for `read` to be readable or `write` (if any)
/// writable, whichever comes first.
#[must_use]
pub fn poll_both(read: i32, write: Option<i32>, wait: Duration) -> Ready {
    let mut fds = [
        libc::pollfd {
            fd: read,
            events: libc::POLLIN,
            revents: 0,
        },
        libc::pollfd {
            fd: write.unwrap_or(-1),
            events: libc::POLLOUT,
            revents: 0,
        },
    ];
    let millis = wait.as_micros().div_ceil(1000).min(i32::MAX as u128) as i32;
    // SAFETY: two valid pollfds (a negative fd is ignored), a finite timeout.
    let n = unsafe { libc::poll(fds.as_mut_ptr(), 2, millis) };
    if n <= 0 {
        return Ready {
            readable: false,
            writable: false,
        };
    }
    Ready {
        readable: fds[0].revents != 0,
        writable: fds[1].revents != 0,
    }
}

/// A program started by [`start_piped`]: its group, its pipes.
pub struct Piped {
    /// The program.
    pub child: Child,
    /// Its process group, led by the watchdog.
    pub group: Group,
    /// Its standard input, non-blocking.
    pub stdin: ChildStdin,
    /// Its standard output (blocking: the caller decides).
    pub stdout: ChildStdout,
}

/// What [`start_piped`] could not start, with the system's reason.
#[derive(Debug)]
pub enum StartError {
    /// The watchdog, `/bin/sh`.
    Watchdog(io::Error),
    /// The program itself.
    Program(io::Error),
}

/// Starts `command` in a group of its own behind a watchdog, its input and
/// output piped and its errors passed through to ours; the one way the
/// referee's players and `check`'s solver programs are started.
///
/// # Errors
/// [`StartError`]; a group whose program did not start is killed again.
pub fn start_piped(command: &mut Command) -> Result<Piped, StartError> {
    let group = Group::start().map_err(StartError::Watchdog)?;
    command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    group.enrol(command);
    let mut child = match command.spawn() {
        Ok(child) => child,
        Err(e) => {
            group.kill(None);
            return Err(StartError::Program(e));
        }
    };
    let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
        unreachable!("both pipes were requested")
    };
    set_nonblocking(&stdin);
    Ok(Piped {
        child,
        group,
        stdin,
        stdout,
    })
}

/// Makes writes to `pipe` fail with `WouldBlock` instead of hanging when
/// the program stops reading.
pub fn set_nonblocking(pipe: &impl AsRawFd) {
    let fd = pipe.as_raw_fd();
    // SAFETY: fcntl on a pipe descriptor we own.
    unsafe {
        let flags = libc::fcntl(fd, libc::F_GETFL);
        if flags >= 0 {
            libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK);
        }
    }
}

/// On Linux the program gets SIGKILL when the thread that started it
/// ends: set in the child between fork and exec, with a check that we did
/// not die before the call. Other systems rely on the watchdog alone.
#[cfg(target_os = "linux")]
fn die_with_parent(command: &mut Command) {
    // SAFETY: getpid before the fork; in the child only prctl and
    // getppid, both async-signal-safe, and no allocation.
    let parent = unsafe { libc::getpid() };
    unsafe {
        command.pre_exec(move || {
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            if libc::getppid() != parent {
                // We ended before the call; no allocation here.
                return Err(std::io::Error::from_raw_os_error(libc::ESRCH));
            }
            Ok(())
        });
    }
}

#[cfg(not(target_os = "linux"))]
fn die_with_parent(_command: &mut Command) {}

/// Sends SIGKILL to a process group. The group's leader is the watchdog, a
/// child of ours not yet reaped, so the id cannot have passed to another
/// group.
fn kill_group(group: i32) {
    // SAFETY: kill(2) with a negative id signals that process group only.
    unsafe {
        libc::kill(-group, libc::SIGKILL);
    }
}

/// Groups alive now, for the signal handler (0 = free slot). Fixed size and
/// atomic: the handler may read it at any moment. A group that finds no
/// slot is still covered by its watchdog.
static GROUPS: [AtomicI32; 256] = [const { AtomicI32::new(0) }; 256];

fn remember_group(group: i32) {
    for slot in &GROUPS {
        if slot
            .compare_exchange(0, group, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
        {
            return;
        }
    }
}

fn forget_group(group: i32) {
    for slot in &GROUPS {
        if slot
            .compare_exchange(group, 0, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
        {
            return;
        }
    }
}

/// Files to remove when a signal ends us (temporaries not yet renamed
/// into place), as C strings; null is a free slot. A string is never freed
/// (the handler may be reading it at any moment): a few bytes per file
/// written, left to the end of the process.
static DOOMED: [AtomicPtr<libc::c_char>; 64] = [const { AtomicPtr::new(std::ptr::null_mut()) }; 64];

/// Has `path` removed if SIGINT, SIGTERM or SIGHUP ends the process (once
/// [`end_programs_on_signals`] has set the handler); returns its slot for
/// [`keep_on_signal`], `None` when every slot is taken (the file is then
/// left, as without a handler).
pub fn remove_on_signal(path: &Path) -> Option<usize> {
    let text = CString::new(path.as_os_str().as_bytes()).ok()?;
    let raw = text.into_raw();
    for (i, slot) in DOOMED.iter().enumerate() {
        if slot
            .compare_exchange(
                std::ptr::null_mut(),
                raw,
                Ordering::SeqCst,
                Ordering::SeqCst,
            )
            .is_ok()
        {
            return Some(i);
        }
    }
    // SAFETY: `raw` came from `into_raw` above and was never shared.
    drop(unsafe { CString::from_raw(raw) });
    None
}

/// The file of `slot` is renamed or removed: no longer removed on a signal.
pub fn keep_on_signal(slot: usize) {
    if let Some(slot) = DOOMED.get(slot) {
        slot.store(std::ptr::null_mut(), Ordering::SeqCst);
    }
}

extern "C" fn on_signal(signal: libc::c_int) {
    for slot in &GROUPS {
        let group = slot.load(Ordering::SeqCst);
        if group > 0 {
            kill_group(group);
        }
    }
    for slot in &DOOMED {
        let path = slot.load(Ordering::SeqCst);
        if !path.is_null() {
            // SAFETY: a NUL-terminated string that is never freed;
            // unlink(2) is async-signal-safe.
            unsafe {
                libc::unlink(path);
            }
        }
    }
    // SA_RESETHAND restored the default action: die of the signal, as the
    // sender expects (a shell shows 130 for SIGINT, 143 for SIGTERM).
    // SAFETY: raise(3) is async-signal-safe.
    unsafe {
        libc::raise(signal);
    }
}

/// Makes SIGINT, SIGTERM and SIGHUP kill every running program (with its
/// process group) and remove the temporaries of [`remove_on_signal`]
/// before the process dies of the signal. Call it early, in a program that
/// runs other programs or writes files; the command line does, for every
/// command. Without it the watchdogs still end the programs a moment after
/// the process ends, and a temporary is left.
pub fn end_programs_on_signals() {
    for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
        // SAFETY: a zeroed sigaction with our handler, an empty mask and
        // SA_RESETHAND; the handler only reads atomics and calls kill(2),
        // unlink(2) and raise(3).
        unsafe {
            // A signal ignored at start stays ignored (nohup, `trap ''
            // INT`): the caller asked the process to outlive it, and the
            // programs, which inherit the disposition, outlive it too.
            let mut old: libc::sigaction = std::mem::zeroed();
            if libc::sigaction(signal, std::ptr::null(), &mut old) == 0
                && old.sa_sigaction == libc::SIG_IGN
            {
                continue;
            }
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as usize;
            action.sa_flags = libc::SA_RESETHAND;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(signal, &action, std::ptr::null_mut());
        }
    }
}

/// How a program that closed its output ended, if it did within 100 ms.
pub fn exit_status(child: &mut Child) -> Option<String> {
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

/// `exit status 3` or `killed by signal 9`.
#[must_use]
pub fn describe(status: ExitStatus) -> String {
    match (status.code(), status.signal()) {
        (Some(code), _) => format!("exit status {code}"),
        (None, Some(sig)) => format!("killed by signal {sig}"),
        _ => status.to_string(),
    }
}
