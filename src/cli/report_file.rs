//! The report files of `reproduce` (`--html`, `--junit`): checked before the
//! run, written after it, and never left half-written.
//!
//! A regular file (or a new one) is written to a temporary file beside it,
//! `.NAME.PID.tmp`, which is then renamed over it: a run killed before the
//! end (SIGTERM, Ctrl-C) leaves the old file, or none, and never an empty
//! or truncated one. Anything else (`/dev/stdout`, a pipe, `/dev/full`) is
//! written in place, since a rename would replace the device node itself.
//! SPEC.md, "Report files: checked first, renamed into place".

use super::CliError;
use std::fs::{self, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// True where the report is written beside and renamed: a path that does
/// not exist yet, or a regular file.
fn renamed(path: &Path) -> bool {
    match fs::metadata(path) {
        Ok(m) => m.is_file(),
        Err(_) => true,
    }
}

/// The temporary file beside `path`.
fn temporary(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}

/// Fails now, before minutes of work, if `path` cannot be written: a new
/// file's directory must take a file (a probe file is made and removed), an
/// existing file must open for writing, and a device must take a write (an
/// empty write: `/dev/full` refuses even that, a pipe or a terminal gets
/// nothing). Leaves an existing file as it is, and creates none.
pub fn check(path: &Path) -> Result<(), CliError> {
    let fail = |e: std::io::Error| CliError::io(path, &e);
    if path.as_os_str().is_empty() {
        return Err(CliError::Input(
            "--html/--junit: the file name is empty".into(),
        ));
    }
    match fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let probe = temporary(path);
            OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&probe)
                .map_err(fail)?;
            fs::remove_file(&probe).map_err(fail)
        }
        Err(e) => Err(fail(e)),
        Ok(_) => {
            let mut file = OpenOptions::new().write(true).open(path).map_err(fail)?;
            file.write(&[]).map(drop).map_err(fail)
        }
    }
}

/// Writes `contents` to `path` whole: through a temporary file renamed into
/// place where `path` is (or will be) a regular file, in place otherwise.
pub fn write(path: &Path, contents: &str) -> Result<(), CliError> {
    if !renamed(path) {
        return fs::write(path, contents).map_err(|e| CliError::io(path, &e));
    }
    let tmp = temporary(path);
    let result = fs::write(&tmp, contents).and_then(|()| fs::rename(&tmp, path));
    if let Err(e) = result {
        let _ = fs::remove_file(&tmp);
        return Err(CliError::io(path, &e));
    }
    Ok(())
}
