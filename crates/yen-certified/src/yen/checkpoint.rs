//! The checkpoint of a certified yen run that writes a certificate
//! (document 000 at T ≤ 200 units; SPEC.md, "Checkpoints of a certified
//! run"): after every finished layer, everything
//! [`crate::yen::certified::Certified::solve_resumable`] needs to continue (the finished
//! layers' intervals, the seeds the next layer starts from, the counters)
//! and where the certificate written so far ends (its length, blocks and
//! the SHA-256 of its body so far). Written beside the certificate as
//! `FILE.checkpoint` through a temporary renamed into place, so a kill
//! leaves the old checkpoint or the new one, never a torn one
//! (SPEC.md, "Checkpoints of a certified run").
//!
//! # Format (version 1)
//! One ASCII header line, then a little-endian binary body, then the
//! SHA-256 of the body (32 bytes):
//!
//! ```text
//! solved-games checkpoint\tformat 1\tyen-certified\ttotal=T rounds=R\tcertificate-format 1\n
//! body: next_layer:u32 stage_games:u64 float_failures:u64 solved_exactly:u64 monotone:u64
//!       certificate_length:u64 certificate_blocks:u64 certificate_sha256:[u8;32]
//!       layers:u32 (states:u64 (lower:f64 upper:f64){states}){layers}
//!       seeds:u32 seed{seeds}
//! seed: 0 | 1 is_basis:u8 rows:u16 bet:u16{rows} columns:u16 bet:u16{columns}
//! ```
//!
//! Floats are stored as their bits (NaN marks a skipped state), so a
//! resumed run continues from exactly the table it stopped with.

use crate::yen::certified::{Counters, Interval, Resume, Seed, Snapshot};
use sha2::{Digest, Sha256};
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

/// The first words of the header line.
pub const MAGIC: &str = "solved-games checkpoint";

/// The checkpoint format this module writes and reads.
pub const FORMAT: u32 = 1;

/// The game field of the header (the certificate's).
const GAME: &str = "yen-certified";

/// The largest T a certified run takes: bets are stored as `u16` in a
/// certificate, and the certified solver's `--total` stops here
/// ([`crate::yen::certificate::MAX_TOTAL`] is this one).
pub(crate) const MAX_TOTAL: u64 = 200;

/// Why a checkpoint could not be read.
#[derive(Debug)]
pub enum CheckpointError {
    /// Reading the file failed.
    Io(io::Error),
    /// The file is not a checkpoint this build continues: the reason.
    Refused(String),
}

impl std::fmt::Display for CheckpointError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CheckpointError::Io(e) => write!(f, "{e}"),
            CheckpointError::Refused(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for CheckpointError {}

/// Where the certificate being written stood when the checkpoint was taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    /// The certificate's format.
    pub format: u32,
    /// Bytes of the file so far, header included.
    pub length: u64,
    /// Blocks written.
    pub blocks: u64,
    /// The SHA-256 of the body so far (the bytes after the header).
    pub sha256: [u8; 32],
}

/// A checkpoint read back.
#[derive(Debug, Clone, PartialEq)]
pub struct Checkpoint {
    /// The largest T.
    pub total: u64,
    /// R.
    pub rounds: u32,
    /// Where the certificate stood.
    pub position: Position,
    /// What the solve continues from.
    pub resume: Resume,
}

/// `FILE.checkpoint` for the certificate `FILE`.
#[must_use]
pub fn path_for(certificate: &Path) -> PathBuf {
    suffixed(certificate, ".checkpoint")
}

/// `FILE.partial`: the certificate being written, renamed to `FILE` when done.
#[must_use]
pub fn partial_for(certificate: &Path) -> PathBuf {
    suffixed(certificate, ".partial")
}

fn suffixed(path: &Path, suffix: &str) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(suffix);
    PathBuf::from(s)
}

fn header_line(total: u64, rounds: u32, certificate_format: u32) -> String {
    format!(
        "{MAGIC}\tformat {FORMAT}\t{GAME}\ttotal={total} rounds={rounds}\tcertificate-format {certificate_format}\n"
    )
}

/// A writer that hashes what passes through it: the checkpoint's body here,
/// the certificate's body in [`crate::yen::certificate`] (one type
/// for both, so the two files are hashed the same way).
pub(crate) struct Hashing<W: Write> {
    /// Where the bytes go.
    pub(crate) inner: W,
    /// The SHA-256 of every byte written so far.
    pub(crate) sha: Sha256,
}

impl<W: Write> Write for Hashing<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.sha.update(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Writes the checkpoint of `snapshot` with the certificate at `position`
/// to `path`: to a temporary beside it, synced, then renamed into place.
///
/// # Errors
/// An I/O error (the old checkpoint, if any, is then still in place).
pub fn write(path: &Path, snapshot: &Snapshot<'_>, position: Position) -> io::Result<()> {
    let temporary = suffixed(path, ".tmp");
    let result = write_file(&temporary, snapshot, position);
    if let Err(e) = result {
        let _ = std::fs::remove_file(&temporary);
        return Err(e);
    }
    if let Err(e) = solved_games_reference::outfile::rename_into_place(&temporary, path) {
        let _ = std::fs::remove_file(&temporary);
        return Err(e);
    }
    // The rename is durable only once the directory is synced.
    if let Some(dir) = path.parent() {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
    }
    Ok(())
}

fn write_file(path: &Path, snapshot: &Snapshot<'_>, position: Position) -> io::Result<()> {
    solved_games_reference::outfile::renamable(path)?;
    let file = File::create(path)?;
    let mut plain = BufWriter::with_capacity(1 << 20, file);
    plain.write_all(
        header_line(snapshot.max_total(), snapshot.rounds(), position.format).as_bytes(),
    )?;
    let mut out = Hashing {
        inner: plain,
        sha: Sha256::new(),
    };
    let c = snapshot.counters();
    out.write_all(&snapshot.next_layer().to_le_bytes())?;
    for v in [
        c.stage_games,
        c.float_failures,
        c.solved_exactly,
        c.monotone,
    ] {
        out.write_all(&(v as u64).to_le_bytes())?;
    }
    out.write_all(&position.length.to_le_bytes())?;
    out.write_all(&position.blocks.to_le_bytes())?;
    out.write_all(&position.sha256)?;
    let layers = snapshot.next_layer().saturating_sub(2);
    out.write_all(&layers.to_le_bytes())?;
    for r in 2..snapshot.next_layer() {
        let values = snapshot.layer(r);
        out.write_all(&(values.len() as u64).to_le_bytes())?;
        for iv in values {
            out.write_all(&iv.lower.to_le_bytes())?;
            out.write_all(&iv.upper.to_le_bytes())?;
        }
    }
    out.write_all(&(snapshot.seed_count() as u32).to_le_bytes())?;
    for i in 0..snapshot.seed_count() {
        match snapshot.seed(i) {
            None => out.write_all(&[0])?,
            Some((rows, columns, is_basis)) => {
                out.write_all(&[1, u8::from(is_basis)])?;
                for bets in [rows, columns] {
                    out.write_all(&(bets.len() as u16).to_le_bytes())?;
                    for &bet in bets {
                        out.write_all(&(bet as u16).to_le_bytes())?;
                    }
                }
            }
        }
    }
    let sha: [u8; 32] = out.sha.finalize().into();
    let mut plain = out.inner;
    plain.write_all(&sha)?;
    let file = plain.into_inner().map_err(|e| e.into_error())?;
    file.sync_all()
}

fn refused<T>(path: &Path, why: impl std::fmt::Display) -> Result<T, CheckpointError> {
    Err(CheckpointError::Refused(format!(
        "{}: not a checkpoint this build continues: {why}",
        path.display()
    )))
}

/// Reads the checkpoint at `path`.
///
/// # Errors
/// I/O errors reading it ([`CheckpointError::Io`]); a file that is not a
/// version-1 checkpoint, or is torn or altered (its SHA-256 does not
/// match): [`CheckpointError::Refused`].
pub fn read(path: &Path) -> Result<Checkpoint, CheckpointError> {
    let file = File::open(path).map_err(CheckpointError::Io)?;
    let size = file.metadata().map_err(CheckpointError::Io)?.len();
    let mut input = BufReader::with_capacity(1 << 20, file);
    let mut line = Vec::new();
    let mut byte = [0u8; 1];
    loop {
        if line.len() > 512 || input.read(&mut byte).map_err(CheckpointError::Io)? == 0 {
            return refused(path, "no header line");
        }
        if byte[0] == b'\n' {
            break;
        }
        line.push(byte[0]);
    }
    let line = String::from_utf8_lossy(&line).into_owned();
    let fields: Vec<&str> = line.split('\t').collect();
    if fields.len() != 5 || fields[0] != MAGIC {
        return refused(path, format!("the first line is not \"{MAGIC}\\t…\""));
    }
    if fields[1] != format!("format {FORMAT}") {
        return refused(
            path,
            format!("{} (this build reads format {FORMAT})", fields[1]),
        );
    }
    if fields[2] != GAME {
        return refused(path, format!("game {} (expected {GAME})", fields[2]));
    }
    let (total, rounds) = match table_size(fields[3]) {
        Ok(size) => size,
        Err(reason) => return refused(path, reason),
    };
    let Some(format) = fields[4]
        .strip_prefix("certificate-format ")
        .and_then(|v| v.parse::<u32>().ok())
    else {
        return refused(path, "the header needs certificate-format N");
    };
    let body_length = size.saturating_sub(line.len() as u64 + 1 + 32);
    let mut r = Cursor {
        inner: input,
        sha: Sha256::new(),
        left: body_length,
        failed: None,
    };
    let parsed = parse(&mut r, total, rounds, format);
    if let Some(e) = r.failed {
        return Err(CheckpointError::Io(e));
    }
    let Some(checkpoint) = parsed else {
        return refused(path, "its body does not parse (torn?)");
    };
    let computed: [u8; 32] = r.sha.finalize().into();
    let mut sha = [0u8; 32];
    if r.inner.read_exact(&mut sha).is_err() || computed != sha {
        return refused(path, "its SHA-256 does not match (torn or altered)");
    }
    if r.inner.read(&mut byte).map_err(CheckpointError::Io)? != 0 {
        return refused(path, "bytes after its end");
    }
    Ok(checkpoint)
}

fn parse(r: &mut Cursor<impl Read>, total: u64, rounds: u32, format: u32) -> Option<Checkpoint> {
    let next_layer = r.u32()?;
    let mut counts = [0usize; 4];
    for c in &mut counts {
        *c = usize::try_from(r.u64()?).ok()?;
    }
    let length = r.u64()?;
    let blocks = r.u64()?;
    let sha256: [u8; 32] = r.take::<32>()?;
    let layer_count = r.u32()?;
    if layer_count > 255 {
        return None;
    }
    let mut layers = Vec::with_capacity(layer_count as usize);
    for _ in 0..layer_count {
        let states = r.u64()?;
        if states.checked_mul(16)? > r.left {
            return None;
        }
        let mut values = Vec::with_capacity(states as usize);
        for _ in 0..states {
            let lower = f64::from_le_bytes(r.take::<8>()?);
            let upper = f64::from_le_bytes(r.take::<8>()?);
            values.push(Interval { lower, upper });
        }
        layers.push(values);
    }
    let seed_count = r.u32()? as u64;
    if seed_count > r.left {
        return None;
    }
    let mut seeds = Vec::with_capacity(seed_count as usize);
    for _ in 0..seed_count {
        seeds.push(match r.u8()? {
            0 => None,
            1 => {
                let is_basis = match r.u8()? {
                    0 => false,
                    1 => true,
                    _ => return None,
                };
                let mut bets = || -> Option<Vec<u64>> {
                    let n = r.u16()?;
                    (0..n).map(|_| r.u16().map(u64::from)).collect()
                };
                let rows = bets()?;
                let columns = bets()?;
                Some(Seed {
                    rows,
                    columns,
                    is_basis,
                })
            }
            _ => return None,
        });
    }
    if r.left != 0 {
        return None;
    }
    Some(Checkpoint {
        total,
        rounds,
        position: Position {
            format,
            length,
            blocks,
            sha256,
        },
        resume: Resume {
            next_layer,
            layers,
            seeds,
            summary: Counters {
                stage_games: counts[0],
                float_failures: counts[1],
                solved_exactly: counts[2],
                monotone: counts[3],
            },
        },
    })
}

/// Reads the body, hashing it, and never past its `left` bytes.
struct Cursor<R: Read> {
    inner: R,
    sha: Sha256,
    left: u64,
    failed: Option<io::Error>,
}

impl<R: Read> Cursor<R> {
    fn take<const N: usize>(&mut self) -> Option<[u8; N]> {
        if (N as u64) > self.left {
            return None;
        }
        let mut buf = [0u8; N];
        if let Err(e) = self.inner.read_exact(&mut buf) {
            if e.kind() != io::ErrorKind::UnexpectedEof {
                self.failed = Some(e);
            }
            return None;
        }
        self.left -= N as u64;
        self.sha.update(buf);
        Some(buf)
    }
    fn u8(&mut self) -> Option<u8> {
        Some(self.take::<1>()?[0])
    }
    fn u16(&mut self) -> Option<u16> {
        Some(u16::from_le_bytes(self.take()?))
    }
    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take()?))
    }
    fn u64(&mut self) -> Option<u64> {
        Some(u64::from_le_bytes(self.take()?))
    }
}

/// The table's size from a header's `total=T rounds=R` field, in range
/// (1 ≤ T ≤ [`MAX_TOTAL`], 2 ≤ R ≤ 255), or what is wrong with it: the
/// checkpoint's header and the certificate's read it alike.
pub(crate) fn table_size(field: &str) -> Result<(u64, u32), String> {
    let mut total = None;
    let mut rounds = None;
    for word in field.split(' ') {
        match word.split_once('=') {
            Some(("total", v)) => total = v.parse::<u64>().ok(),
            Some(("rounds", v)) => rounds = v.parse::<u32>().ok(),
            _ => return Err(format!("unknown parameter {word:?}")),
        }
    }
    let (Some(total), Some(rounds)) = (total, rounds) else {
        return Err("the header needs total=T rounds=R".to_string());
    };
    if !(1..=MAX_TOTAL).contains(&total) || !(2..=255).contains(&rounds) {
        return Err(format!(
            "total={total} rounds={rounds} out of range (1..={MAX_TOTAL}, 2..=255)"
        ));
    }
    Ok((total, rounds))
}
