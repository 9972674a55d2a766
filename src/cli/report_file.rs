//! Every file a command writes (`export --out`, `--html`, `--junit`,
//! `--svg`, `--plot`, `--stages`, the man pages): checked before the run,
//! written whole through the library's [`outfile`], and never over an
//! input. SPEC.md, "Output files".
//!
//! A regular file (or a new one) is written to a temporary beside it and
//! renamed over it, so a run killed before the end (SIGTERM, Ctrl-C)
//! leaves the old file, or none; anything else (`/dev/stdout`, a pipe,
//! `/dev/full`) is written in place, since a rename would replace the node
//! itself; `-` is standard output; a missing directory is never created.

use super::CliError;
use solved_games::outfile::{self, OutFile};
use std::path::Path;

/// An error of the file `path` (exit 3), or an empty path (exit 2).
fn error(flag: &str, path: &Path, e: &std::io::Error) -> CliError {
    if path.as_os_str().is_empty() {
        return CliError::Input(format!("{flag}: the file name is empty"));
    }
    if outfile::is_standard(path) {
        return CliError::io("standard output", e);
    }
    CliError::io(path, e)
}

/// Fails now, before minutes of work, if `path` (given to `flag`) cannot
/// be written ([`outfile::check`]): creates nothing, changes nothing.
pub fn check(flag: &str, path: &Path) -> Result<(), CliError> {
    outfile::check(path).map_err(|e| error(flag, path, &e))
}

/// Opens `path` (given to `flag`) for writing ([`OutFile::create`]).
pub fn create(flag: &str, path: &Path) -> Result<OutFile, CliError> {
    OutFile::create(path).map_err(|e| error(flag, path, &e))
}

/// Writes `contents` to `path` (given to `flag`) whole.
pub fn write(flag: &str, path: &Path, contents: impl AsRef<[u8]>) -> Result<(), CliError> {
    outfile::write(path, contents).map_err(|e| error(flag, path, &e))
}

/// Makes the output directory `dir` (given to `flag`) if it is missing —
/// its last component only: a missing parent is exit 3, as for a file. `-`
/// is refused (exit 2): standard output takes one file, not a directory of
/// them.
pub fn directory(flag: &str, dir: &Path) -> Result<(), CliError> {
    if outfile::is_standard(dir) {
        return Err(CliError::Input(format!(
            "{flag} -: a directory is needed (standard output takes one file, not several)"
        )));
    }
    if dir.as_os_str().is_empty() {
        return Err(CliError::Input(format!(
            "{flag}: the directory name is empty"
        )));
    }
    outfile::create_dir(dir).map_err(|e| CliError::io(dir, &e))
}

/// Refuses (exit 2) a report path `report` (given to `flag`) that is the
/// same file as one of `inputs` (what it names, and the path): the report
/// would replace the input.
pub fn not_an_input(flag: &str, report: &Path, inputs: &[(&str, &Path)]) -> Result<(), CliError> {
    for (what, input) in inputs {
        if outfile::same_file(report, input) {
            return Err(CliError::Input(format!(
                "{flag} {} is the same file as {what} {}: writing it would destroy the input",
                report.display(),
                input.display()
            )));
        }
    }
    Ok(())
}
