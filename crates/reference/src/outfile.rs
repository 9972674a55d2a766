//! Files the crate writes — tables, manifests, reports, figures, stage
//! games, certificates — written whole, and never over what is not ours
//! (SPEC.md, "Output files").
//!
//! Where a file goes depends on what its path names now ([`place`]):
//!
//! - `-` is standard output.
//! - Nothing, or a regular file: the text is written to a temporary file
//!   beside it, `.NAME.PID.N.tmp`, renamed over the path when complete, so
//!   a run that fails or is killed leaves the old file, or none, and never
//!   a truncated one. A symbolic link is followed: the file it names is
//!   replaced and the link kept. The new file takes the old one's
//!   permissions. Just before the rename the path is looked at again, and
//!   the rename is made only over a regular file or over nothing.
//! - Anything else that exists (a character device such as `/dev/null` or
//!   `/dev/full`, a FIFO): written in place, since a rename would replace
//!   the node itself.
//! - A directory is refused, and a missing directory is never created:
//!   the temporary cannot be made there, and the system's reason is the
//!   error.
//!
//! A temporary is removed when its [`OutFile`] is dropped unfinished; in a
//! program that handles signals through
//! [`process::end_programs_on_signals`](crate::process::end_programs_on_signals)
//! (the command line does) it is also removed when SIGINT, SIGTERM or
//! SIGHUP ends the process.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Where a file written to a path goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    /// `-`: standard output.
    Stdout,
    /// A new or regular file: written beside this path (the given one with
    /// symbolic links followed) and renamed over it.
    Renamed(PathBuf),
    /// Something else that exists (a device, a FIFO): written in place.
    InPlace,
}

/// Whether `path` is `-`, standard input or output.
#[must_use]
pub fn is_standard(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// Symbolic links followed at most this often (the kernel's limit).
const LINKS: usize = 40;

/// Where a file written to `path` goes (see the module's docs).
///
/// # Errors
/// An empty path, a directory, a loop of symbolic links, or the system's
/// error looking at the path.
pub fn place(path: &Path) -> io::Result<Place> {
    if path.as_os_str().is_empty() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "the file name is empty",
        ));
    }
    if is_standard(path) {
        return Ok(Place::Stdout);
    }
    let mut at = path.to_path_buf();
    for _ in 0..LINKS {
        let meta = match fs::symlink_metadata(&at) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Place::Renamed(at)),
            Err(e) => return Err(e),
            Ok(meta) => meta,
        };
        let kind = meta.file_type();
        if kind.is_symlink() {
            let target = fs::read_link(&at)?;
            at = match at.parent() {
                Some(dir) if target.is_relative() => dir.join(target),
                _ => target,
            };
            continue;
        }
        if kind.is_file() {
            return Ok(Place::Renamed(at));
        }
        if kind.is_dir() {
            return Err(io::Error::other("is a directory, not a file"));
        }
        return Ok(Place::InPlace);
    }
    Err(io::Error::other(format!(
        "more than {LINKS} symbolic links in a row"
    )))
}

/// Whether an existing path is a FIFO (which must not be opened to look:
/// an open waits for a reader, and a close ends the reader's input).
fn is_fifo(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        fs::metadata(path).is_ok_and(|m| m.file_type().is_fifo())
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        false
    }
}

/// Temporaries made by this process so far: each gets its own name.
static MADE: AtomicUsize = AtomicUsize::new(0);

/// A new temporary beside `target`, created (never an existing file).
fn temporary(target: &Path) -> io::Result<(File, PathBuf)> {
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    loop {
        let n = MADE.fetch_add(1, Ordering::Relaxed);
        let tmp = target.with_file_name(format!(".{name}.{}.{n}.tmp", std::process::id()));
        match OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(file) => return Ok((file, tmp)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
}

/// Fails now, before minutes of work, where a file could not be written to
/// `path` later: a new file's directory must take a file (a temporary is
/// made and removed), an existing file must open for writing, and a device
/// must take an empty write (`/dev/full` refuses even that). A FIFO is not
/// opened. Creates nothing, changes nothing.
///
/// # Errors
/// As [`place`], and the system's error of the probe.
pub fn check(path: &Path) -> io::Result<()> {
    match place(path)? {
        Place::Stdout => Ok(()),
        Place::InPlace if is_fifo(path) => Ok(()),
        Place::InPlace => OpenOptions::new()
            .write(true)
            .open(path)?
            .write(&[])
            .map(drop),
        Place::Renamed(target) => {
            if target.exists() {
                OpenOptions::new().write(true).open(&target)?;
            }
            let (file, tmp) = temporary(&target)?;
            drop(file);
            fs::remove_file(tmp)
        }
    }
}

/// A file being written: [`Write`] into it, then [`OutFile::finish`].
/// Dropped unfinished, it leaves the path as it was.
pub struct OutFile {
    sink: Sink,
}

enum Sink {
    Stdout(io::Stdout),
    InPlace(File),
    Renamed {
        file: File,
        tmp: PathBuf,
        target: PathBuf,
        /// The signal handler's slot of the temporary, if it has one.
        doomed: Option<usize>,
    },
    /// Finished (or failed in finishing): nothing left to remove.
    Done,
}

impl OutFile {
    /// Opens a file to write to `path` (see the module's docs).
    ///
    /// # Errors
    /// As [`place`], and the system's error making the temporary or
    /// opening the device.
    pub fn create(path: &Path) -> io::Result<OutFile> {
        let sink = match place(path)? {
            Place::Stdout => Sink::Stdout(io::stdout()),
            Place::InPlace => Sink::InPlace(OpenOptions::new().write(true).open(path)?),
            Place::Renamed(target) => {
                let old = match fs::metadata(&target) {
                    Ok(meta) => {
                        // A file we may not write is not ours to replace.
                        OpenOptions::new().write(true).open(&target)?;
                        Some(meta.permissions())
                    }
                    Err(e) if e.kind() == io::ErrorKind::NotFound => None,
                    Err(e) => return Err(e),
                };
                let (file, tmp) = temporary(&target)?;
                if let Some(permissions) = old {
                    file.set_permissions(permissions)?;
                }
                Sink::Renamed {
                    file,
                    doomed: remove_on_signal(&tmp),
                    tmp,
                    target,
                }
            }
        };
        Ok(OutFile { sink })
    }

    /// Whether the file is written in place or to standard output (no
    /// rename at the end).
    #[must_use]
    pub fn in_place(&self) -> bool {
        !matches!(self.sink, Sink::Renamed { .. })
    }

    /// Pushes out what is written and puts the file in place: renamed over
    /// its path, if the path is still a regular file or nothing.
    ///
    /// # Errors
    /// The system's error; or the path became something else than a
    /// regular file while the file was written (the temporary is removed,
    /// the path left as it is).
    pub fn finish(mut self) -> io::Result<()> {
        match std::mem::replace(&mut self.sink, Sink::Done) {
            Sink::Stdout(mut out) => out.flush(),
            Sink::InPlace(mut file) => file.flush(),
            Sink::Renamed {
                file,
                tmp,
                target,
                doomed,
            } => {
                drop(file);
                let result = rename_into_place(&tmp, &target);
                if result.is_err() {
                    let _ = fs::remove_file(&tmp);
                }
                keep_on_signal(doomed);
                result
            }
            Sink::Done => Ok(()),
        }
    }
}

impl Write for OutFile {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        match &mut self.sink {
            Sink::Stdout(out) => out.write(bytes),
            Sink::InPlace(file) | Sink::Renamed { file, .. } => file.write(bytes),
            Sink::Done => Err(io::Error::other("written after its end")),
        }
    }

    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        match &mut self.sink {
            Sink::Stdout(out) => out.write_all(bytes),
            Sink::InPlace(file) | Sink::Renamed { file, .. } => file.write_all(bytes),
            Sink::Done => Err(io::Error::other("written after its end")),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.sink {
            Sink::Stdout(out) => out.flush(),
            Sink::InPlace(file) | Sink::Renamed { file, .. } => file.flush(),
            Sink::Done => Ok(()),
        }
    }
}

impl Drop for OutFile {
    fn drop(&mut self) {
        if let Sink::Renamed { tmp, doomed, .. } = &self.sink {
            let _ = fs::remove_file(tmp);
            keep_on_signal(*doomed);
        }
    }
}

/// Renames the finished file `tmp` over `target` if `target` is a regular
/// file or nothing; anything else there (a device node, a FIFO, a
/// directory, a symbolic link) is left as it is and the rename refused.
///
/// # Errors
/// The refusal, or the system's error.
pub fn rename_into_place(tmp: &Path, target: &Path) -> io::Result<()> {
    match fs::symlink_metadata(target) {
        Ok(meta) if !meta.file_type().is_file() => Err(io::Error::other(
            "not a regular file: not replaced by a rename",
        )),
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
        _ => fs::rename(tmp, target),
    }
}

/// Whether a file may be renamed over `path` later: it is a regular file
/// or nothing (a symbolic link is not followed).
///
/// # Errors
/// The refusal (naming what is there), or the system's error.
pub fn renamable(path: &Path) -> io::Result<()> {
    match fs::symlink_metadata(path) {
        Ok(meta) if !meta.file_type().is_file() => Err(io::Error::other(
            "not a regular file: a file is written beside it and renamed into place",
        )),
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

/// Fails now, before minutes of work, where files could not be written
/// into the directory `dir` later ([`create_dir`] makes it): an existing
/// directory must take a file (a temporary is made and removed), a missing
/// one needs its parent. Creates nothing.
///
/// # Errors
/// As [`create_dir`], and the system's error of the probe.
pub fn check_dir(dir: &Path) -> io::Result<()> {
    if dir.as_os_str().is_empty() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "the directory name is empty",
        ));
    }
    match fs::metadata(dir) {
        Ok(meta) if meta.is_dir() => {
            let (file, tmp) = temporary(&dir.join("probe"))?;
            drop(file);
            fs::remove_file(tmp)
        }
        Ok(_) => Err(io::Error::other("not a directory")),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            let parent = match dir.parent() {
                Some(p) if !p.as_os_str().is_empty() => p,
                _ => Path::new("."),
            };
            match fs::metadata(parent) {
                Ok(meta) if meta.is_dir() => Ok(()),
                Ok(_) => Err(io::Error::other(format!(
                    "{} is not a directory",
                    parent.display()
                ))),
                Err(e) => Err(io::Error::new(
                    e.kind(),
                    format!(
                        "{}: {e} (a missing directory is not made)",
                        parent.display()
                    ),
                )),
            }
        }
        Err(e) => Err(e),
    }
}

/// Writes `bytes` to `path` whole through an [`OutFile`].
///
/// # Errors
/// As [`OutFile::create`] and [`OutFile::finish`], and a failed write.
pub fn write(path: &Path, bytes: impl AsRef<[u8]>) -> io::Result<()> {
    let mut file = OutFile::create(path)?;
    file.write_all(bytes.as_ref())?;
    file.finish()
}

/// Makes the directory `dir` if it is missing — only its last component:
/// a missing parent is the system's error (`No such file or directory`),
/// never created. An existing directory is fine; anything else that
/// exists is refused.
///
/// # Errors
/// As said, and the system's error.
pub fn create_dir(dir: &Path) -> io::Result<()> {
    if dir.as_os_str().is_empty() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "the directory name is empty",
        ));
    }
    match fs::metadata(dir) {
        Ok(meta) if meta.is_dir() => Ok(()),
        Ok(_) => Err(io::Error::other("not a directory")),
        Err(e) if e.kind() == io::ErrorKind::NotFound => fs::create_dir(dir),
        Err(e) => Err(e),
    }
}

/// Whether two paths name one file (the same device and inode, symbolic
/// links followed); `-` stands for standard input where `input` says so,
/// else standard output. False where either cannot be looked at, and for
/// character devices (`/dev/null` read and written is no clash).
#[must_use]
pub fn same_file(report: &Path, input: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{FileTypeExt, MetadataExt};
        let look = |p: &Path, standard: &str| {
            if is_standard(p) {
                fs::metadata(standard)
            } else {
                fs::metadata(p)
            }
        };
        match (look(report, "/dev/stdout"), look(input, "/dev/stdin")) {
            (Ok(a), Ok(b)) => {
                a.dev() == b.dev() && a.ino() == b.ino() && !a.file_type().is_char_device()
            }
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        match (fs::canonicalize(report), fs::canonicalize(input)) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        }
    }
}

/// Asks the signal handler to remove `tmp` if a signal ends us first.
fn remove_on_signal(tmp: &Path) -> Option<usize> {
    #[cfg(all(unix, feature = "referee"))]
    {
        crate::process::remove_on_signal(tmp)
    }
    #[cfg(not(all(unix, feature = "referee")))]
    {
        let _ = tmp;
        None
    }
}

/// The temporary of `slot` is gone or renamed: the handler leaves it.
fn keep_on_signal(slot: Option<usize>) {
    #[cfg(all(unix, feature = "referee"))]
    if let Some(slot) = slot {
        crate::process::keep_on_signal(slot);
    }
    #[cfg(not(all(unix, feature = "referee")))]
    let _ = slot;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch() -> tempfile::TempDir {
        tempfile::tempdir().expect("a temporary directory")
    }

    #[test]
    fn a_new_file_is_made_whole_and_no_temporary_is_left() {
        let dir = scratch();
        let path = dir.path().join("t.txt");
        let mut file = OutFile::create(&path).unwrap();
        file.write_all(b"half").unwrap();
        assert!(!path.exists(), "nothing at the name before the end");
        file.write_all(b" and all").unwrap();
        file.finish().unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"half and all");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn dropped_unfinished_the_old_file_stays() {
        let dir = scratch();
        let path = dir.path().join("t.txt");
        fs::write(&path, "old").unwrap();
        let mut file = OutFile::create(&path).unwrap();
        file.write_all(b"new").unwrap();
        drop(file);
        assert_eq!(fs::read(&path).unwrap(), b"old");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_missing_directory_is_an_error_and_is_not_made() {
        let dir = scratch();
        let path = dir.path().join("a/b/t.txt");
        assert_eq!(
            OutFile::create(&path).err().map(|e| e.kind()),
            Some(io::ErrorKind::NotFound)
        );
        assert!(check(&path).is_err());
        assert!(!dir.path().join("a").exists());
        assert!(create_dir(&dir.path().join("a/b")).is_err());
        assert!(!dir.path().join("a").exists());
        create_dir(&dir.path().join("a")).unwrap();
        assert!(dir.path().join("a").is_dir());
    }

    #[test]
    fn a_link_is_followed_and_kept() {
        let dir = scratch();
        let real = dir.path().join("real");
        let link = dir.path().join("link");
        fs::write(&real, "old").unwrap();
        std::os::unix::fs::symlink("real", &link).unwrap();
        write(&link, "new").unwrap();
        assert!(fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(fs::read(&real).unwrap(), b"new");
    }

    #[test]
    fn devices_are_written_in_place_and_directories_refused() {
        assert_eq!(place(Path::new("/dev/null")).unwrap(), Place::InPlace);
        write(Path::new("/dev/null"), "x").unwrap();
        assert!(Path::new("/dev/null").exists());
        assert!(write(Path::new("/dev/full"), "x").is_err());
        let dir = scratch();
        assert!(place(dir.path()).is_err());
        assert!(place(Path::new("")).is_err());
        assert_eq!(place(Path::new("-")).unwrap(), Place::Stdout);
    }

    #[test]
    fn the_same_file_is_found_through_links() {
        let dir = scratch();
        let a = dir.path().join("a");
        fs::write(&a, "x").unwrap();
        std::os::unix::fs::symlink(&a, dir.path().join("b")).unwrap();
        assert!(same_file(&a, &dir.path().join("b")));
        assert!(same_file(&a, &dir.path().join(".").join("a")));
        assert!(!same_file(&a, &dir.path().join("c")));
        assert!(!same_file(Path::new("/dev/null"), Path::new("/dev/null")));
    }
}
