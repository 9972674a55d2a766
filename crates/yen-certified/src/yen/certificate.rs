//! The certificate file of a certified 10,000-yen table (document 000 at
//! T ≤ 200 units, R rounds; SPEC.md, "Certificate files of the certified yen table"): for every state of the table that
//! reaches a stage game, both players' float strategies; for every other
//! state, the fact that set it (±1 by monotonicity in d, or skipped); and
//! the starts' stage games for every T' ≤ T. Written by `yen solve
//! --certified --certificate FILE`, read by [`read`] and re-checked by
//! [`crate::yen::certificate_check`] from the strategies alone
//! (SPEC.md, "Certificate files of the certified yen table").
//!
//! # Format (version 1)
//! One ASCII header line, then a little-endian binary body:
//!
//! ```text
//! solved-games certificate\tformat 1\tyen-certified\ttotal=T rounds=R\tsha256=<64 hex digits>\n
//! body: block* end
//! block: 'B' r:u8 a:u16 b:u16 first_d:i32 count:u32 entry{count}
//! entry: 0                      skipped (not needed by any start)
//!      | 1 lower:f64 upper:f64 na:u16 (bet:u16 p:f64){na} nb:u16 (bet:u16 p:f64){nb}
//!                               a stage game: the claimed bounds and both strategies
//!      | 2                      +1, by monotonicity (the entry before it is +1)
//!      | 3                      −1, by monotonicity (the entry after it is −1)
//! end: 'E' blocks:u64
//! ```
//!
//! A block holds the canonical states of (r, a, b) (a < b, or a = b with
//! d ≤ 0; the mirror (r, b, a, −d) has the negated value): gain differences
//! `first_d, first_d + 2, …`. Blocks come layer by layer, r = 2 up to R − 1
//! in increasing (a, b), then the starts (R, T', T', 0) for T' = 1..T. The
//! SHA-256 is that of the body; a file whose body does not match it, or
//! that ends early, is malformed.

use crate::yen::certified::{BlockRecord, Certified, Interval, Snapshot, StageRecord};
use crate::yen::checkpoint::{self, CheckpointError, Hashing, Position};
use sha2::{Digest, Sha256};
use solved_games_reference::games::yen::rules::{Rules, State};
use solved_games_reference::progress::Progress;
use std::cell::RefCell;
use std::fmt;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

/// The first words of the header line.
pub const MAGIC: &str = "solved-games certificate";

/// The format version this module writes by default and [`write`] writes.
pub const FORMAT: u32 = 1;

/// The smaller format (SPEC.md, "Certificate format 2"): varints, bets
/// delta-coded, weights as the 2⁻⁵⁰ fixed-point integers the verifier
/// rounds them to anyway, the upper bound as its bits' XOR with the lower.
pub const FORMAT_2: u32 = 2;

/// The 2⁵⁰ grid of format 2's weights (the verifier's).
const GRID: f64 = (1u64 << 50) as f64;

/// The game field of the header.
pub const GAME: &str = "yen-certified";

/// The largest T a certificate holds (bets are stored as `u16`, and the
/// certified solver's `--total` stops here): the checkpoint module's, whose
/// header parse the certificate's shares.
pub const MAX_TOTAL: u64 = checkpoint::MAX_TOTAL;

/// One state's entry in a block.
#[derive(Debug, Clone, PartialEq)]
pub enum Entry {
    /// Not in the table (layer R − 1 keeps only what a start reaches).
    Skipped,
    /// A stage game: the bounds claimed for it and both strategies.
    Stage {
        /// The bounds the strategies are claimed to give.
        claimed: Interval,
        /// A's strategy: (bet, probability), bets increasing.
        strategy_a: Vec<(u64, f64)>,
        /// B's strategy.
        strategy_b: Vec<(u64, f64)>,
    },
    /// Exactly +1: the state before it in the block (d − 2) is +1, and the
    /// value never falls as d grows.
    PlusByMonotonicity,
    /// Exactly −1: the state after it in the block (d + 2) is −1.
    MinusByMonotonicity,
}

/// The canonical states of one (rounds left, a, b).
#[derive(Debug, Clone, PartialEq)]
pub struct Block {
    /// Rounds left.
    pub rounds_left: u32,
    /// A's money.
    pub money_a: u64,
    /// B's money.
    pub money_b: u64,
    /// The gain difference of the first entry; the k-th is `first + 2k`.
    pub first_gain_diff: i64,
    /// The entries.
    pub entries: Vec<Entry>,
}

impl Block {
    /// The state of entry `k`.
    #[must_use]
    pub fn state(&self, k: usize) -> State {
        State {
            rounds_left: self.rounds_left,
            money_a: self.money_a,
            money_b: self.money_b,
            gain_diff: self.first_gain_diff + 2 * k as i64,
        }
    }
}

/// The header's parameters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Header {
    /// The largest T.
    pub total: u64,
    /// R.
    pub rounds: u32,
    /// The SHA-256 of the body.
    pub sha256: [u8; 32],
}

/// Why a certificate could not be written or read.
#[derive(Debug)]
pub enum CertificateError {
    /// Reading or writing the file failed.
    Io(io::Error),
    /// The file is not a certificate of this format: the reason.
    Malformed(String),
    /// A resume refused (no checkpoint, one of other parameters or
    /// version, or a certificate so far that does not match it), or a
    /// fresh run refused beside an unfinished run's checkpoint: the reason.
    Refused(String),
}

impl fmt::Display for CertificateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CertificateError::Io(e) => write!(f, "{e}"),
            CertificateError::Malformed(why) => write!(f, "malformed certificate: {why}"),
            CertificateError::Refused(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for CertificateError {}

impl From<io::Error> for CertificateError {
    fn from(e: io::Error) -> CertificateError {
        if e.kind() == io::ErrorKind::UnexpectedEof {
            CertificateError::Malformed("the file ends early (truncated?)".into())
        } else {
            CertificateError::Io(e)
        }
    }
}

fn malformed<T>(why: impl Into<String>) -> Result<T, CertificateError> {
    Err(CertificateError::Malformed(why.into()))
}

/// The header line for `total`, `rounds` and a body hash.
fn header_line(format: u32, total: u64, rounds: u32, sha: &[u8; 32]) -> String {
    let hex: String = sha.iter().map(|b| format!("{b:02x}")).collect();
    format!("{MAGIC}\tformat {format}\t{GAME}\ttotal={total} rounds={rounds}\tsha256={hex}\n")
}

fn varint(out: &mut impl Write, mut v: u64) -> io::Result<()> {
    let mut buf = [0u8; 10];
    let mut n = 0;
    loop {
        let byte = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            buf[n] = byte;
            n += 1;
            break;
        }
        buf[n] = byte | 0x80;
        n += 1;
    }
    out.write_all(&buf[..n])
}

fn zigzag(v: i64) -> u64 {
    ((v << 1) ^ (v >> 63)) as u64
}

fn unzigzag(v: u64) -> i64 {
    ((v >> 1) as i64) ^ -((v & 1) as i64)
}

/// Writes one block in format 2's body.
///
/// # Errors
/// An I/O error, or a weight outside [0, 2] (which format 2 cannot hold).
pub fn write_block_2(out: &mut impl Write, block: &Block) -> io::Result<()> {
    out.write_all(b"B")?;
    out.write_all(&[block.rounds_left as u8])?;
    varint(out, block.money_a)?;
    varint(out, block.money_b)?;
    varint(out, zigzag(block.first_gain_diff))?;
    varint(out, block.entries.len() as u64)?;
    for entry in &block.entries {
        match entry {
            Entry::Skipped => out.write_all(&[0])?,
            Entry::Stage {
                claimed,
                strategy_a,
                strategy_b,
            } => {
                out.write_all(&[1])?;
                out.write_all(&claimed.lower.to_le_bytes())?;
                varint(out, claimed.lower.to_bits() ^ claimed.upper.to_bits())?;
                for strategy in [strategy_a, strategy_b] {
                    varint(out, strategy.len() as u64)?;
                    let mut previous = 0i64;
                    for &(bet, p) in strategy {
                        varint(out, zigzag(bet as i64 - previous))?;
                        previous = bet as i64;
                        if !(0.0..=2.0).contains(&p) {
                            return Err(io::Error::other(format!(
                                "{}: weight {p} outside [0, 2]",
                                block.state(0)
                            )));
                        }
                        // What the verifier reads of p: ⌊p·2⁵⁰⌋ (< 2⁵², 7 bytes).
                        let w = (p * GRID).floor() as u64;
                        out.write_all(&w.to_le_bytes()[..7])?;
                    }
                }
            }
            Entry::PlusByMonotonicity => out.write_all(&[2])?,
            Entry::MinusByMonotonicity => out.write_all(&[3])?,
        }
    }
    Ok(())
}

/// The block a solver's record holds: a stage game where it solved one,
/// else the fact that set the state.
///
/// # Errors
/// A state with neither (the solver never leaves one).
pub fn block_of(record: &BlockRecord) -> io::Result<Block> {
    let mut block = Block {
        rounds_left: record.rounds_left,
        money_a: record.money_a,
        money_b: record.money_b,
        first_gain_diff: record.first_gain_diff,
        entries: Vec::with_capacity(record.intervals.len()),
    };
    for (k, iv) in record.intervals.iter().enumerate() {
        let entry = match record.stages.get(k).and_then(Option::as_ref) {
            Some(stage) => stage_entry(stage),
            None if iv.lower.is_nan() => Entry::Skipped,
            None if iv.lower == 1.0 => Entry::PlusByMonotonicity,
            None if iv.upper == -1.0 => Entry::MinusByMonotonicity,
            None => {
                return Err(io::Error::other(format!(
                    "{} has neither a stage game nor a fact",
                    block.state(k)
                )))
            }
        };
        block.entries.push(entry);
    }
    Ok(block)
}

fn stage_entry(stage: &StageRecord) -> Entry {
    Entry::Stage {
        claimed: stage.strategy_interval,
        strategy_a: stage.strategy_a.clone(),
        strategy_b: stage.strategy_b.clone(),
    }
}

/// Writes one block in the body's format.
///
/// # Errors
/// An I/O error.
pub fn write_block(out: &mut impl Write, block: &Block) -> io::Result<()> {
    out.write_all(b"B")?;
    out.write_all(&[block.rounds_left as u8])?;
    out.write_all(&(block.money_a as u16).to_le_bytes())?;
    out.write_all(&(block.money_b as u16).to_le_bytes())?;
    out.write_all(&(block.first_gain_diff as i32).to_le_bytes())?;
    out.write_all(&(block.entries.len() as u32).to_le_bytes())?;
    for entry in &block.entries {
        match entry {
            Entry::Skipped => out.write_all(&[0])?,
            Entry::Stage {
                claimed,
                strategy_a,
                strategy_b,
            } => {
                out.write_all(&[1])?;
                out.write_all(&claimed.lower.to_le_bytes())?;
                out.write_all(&claimed.upper.to_le_bytes())?;
                for strategy in [strategy_a, strategy_b] {
                    out.write_all(&(strategy.len() as u16).to_le_bytes())?;
                    for &(bet, p) in strategy {
                        out.write_all(&(bet as u16).to_le_bytes())?;
                        out.write_all(&p.to_le_bytes())?;
                    }
                }
            }
            Entry::PlusByMonotonicity => out.write_all(&[2])?,
            Entry::MinusByMonotonicity => out.write_all(&[3])?,
        }
    }
    Ok(())
}

/// A certificate being written: the header (its hash filled in by
/// [`Writer::finish`]), then blocks.
pub struct Writer {
    file: File,
    out: Hashing<BufWriter<File>>,
    format: u32,
    total: u64,
    rounds: u32,
    blocks: u64,
}

impl Writer {
    /// Creates `path` and writes a header with a placeholder hash.
    ///
    /// # Errors
    /// An I/O error.
    pub fn create(path: &Path, total: u64, rounds: u32) -> io::Result<Writer> {
        Writer::create_format(path, FORMAT, total, rounds)
    }

    /// [`Writer::create`] in `format` ([`FORMAT`] or [`FORMAT_2`]).
    ///
    /// # Errors
    /// An I/O error.
    ///
    /// # Panics
    /// If `format` is neither.
    pub fn create_format(path: &Path, format: u32, total: u64, rounds: u32) -> io::Result<Writer> {
        assert!(format == FORMAT || format == FORMAT_2, "format {format}");
        let mut file = File::create(path)?;
        file.write_all(header_line(format, total, rounds, &[0; 32]).as_bytes())?;
        let out = Hashing {
            inner: BufWriter::with_capacity(1 << 20, file.try_clone()?),
            sha: Sha256::new(),
        };
        Ok(Writer {
            file,
            out,
            format,
            total,
            rounds,
            blocks: 0,
        })
    }

    /// Opens the certificate `path` being written by a stopped run to
    /// continue it where a checkpoint says it stood: the file is cut back to
    /// `position.length` (dropping what the unfinished layer wrote), its body
    /// so far is hashed again and compared with `position.sha256`.
    ///
    /// # Errors
    /// I/O errors; [`CertificateError::Refused`] if the file is not the
    /// one the checkpoint describes.
    pub fn reopen(
        path: &Path,
        total: u64,
        rounds: u32,
        position: &Position,
    ) -> Result<Writer, CertificateError> {
        let refuse = |why: String| {
            Err(CertificateError::Refused(format!(
                "{}: the certificate written so far does not match the checkpoint: {why}",
                path.display()
            )))
        };
        if position.format != FORMAT && position.format != FORMAT_2 {
            return refuse(format!("certificate format {}", position.format));
        }
        let mut file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(path)
            .map_err(CertificateError::Io)?;
        let header = header_line(position.format, total, rounds, &[0; 32]);
        let size = file.metadata().map_err(CertificateError::Io)?.len();
        if size < position.length || position.length < header.len() as u64 {
            return refuse(format!(
                "{size} bytes, the checkpoint needs {}",
                position.length
            ));
        }
        file.set_len(position.length)
            .map_err(CertificateError::Io)?;
        let mut input = BufReader::with_capacity(1 << 20, &mut file);
        let mut head = vec![0u8; header.len()];
        input.read_exact(&mut head)?;
        if head != header.as_bytes() {
            return refuse("its header is not that of this run".into());
        }
        let mut sha = Sha256::new();
        let mut buf = vec![0u8; 1 << 20];
        loop {
            let n = input.read(&mut buf).map_err(CertificateError::Io)?;
            if n == 0 {
                break;
            }
            sha.update(&buf[..n]);
        }
        drop(input);
        let got: [u8; 32] = sha.clone().finalize().into();
        if got != position.sha256 {
            return refuse("the SHA-256 of its body so far differs".into());
        }
        file.seek(SeekFrom::End(0))?;
        let out = Hashing {
            inner: BufWriter::with_capacity(1 << 20, file.try_clone()?),
            sha,
        };
        Ok(Writer {
            file,
            out,
            format: position.format,
            total,
            rounds,
            blocks: position.blocks,
        })
    }

    /// Writes out and syncs what was appended, and says where the file
    /// stands (what a checkpoint records).
    ///
    /// # Errors
    /// An I/O error.
    pub fn position(&mut self) -> io::Result<Position> {
        self.out.flush()?;
        self.file.sync_data()?;
        Ok(Position {
            format: self.format,
            length: self.file.metadata()?.len(),
            blocks: self.blocks,
            sha256: self.out.sha.clone().finalize().into(),
        })
    }

    /// Appends a block.
    ///
    /// # Errors
    /// An I/O error.
    pub fn block(&mut self, block: &Block) -> io::Result<()> {
        if self.format == FORMAT_2 {
            write_block_2(&mut self.out, block)?;
        } else {
            write_block(&mut self.out, block)?;
        }
        self.blocks += 1;
        Ok(())
    }

    /// Writes the end and the body's hash into the header.
    ///
    /// # Errors
    /// An I/O error.
    pub fn finish(mut self) -> io::Result<()> {
        self.out.write_all(b"E")?;
        self.out.write_all(&self.blocks.to_le_bytes())?;
        self.out.flush()?;
        let sha: [u8; 32] = self.out.sha.finalize().into();
        drop(self.out.inner);
        self.file.seek(SeekFrom::Start(0))?;
        self.file
            .write_all(header_line(self.format, self.total, self.rounds, &sha).as_bytes())?;
        self.file.sync_all()
    }
}

/// Solves the certified table for every T' ≤ `total` at `rounds` rounds and
/// writes its certificate to `path` (through `FILE.partial`, renamed into
/// place when done, so a killed run leaves no partial certificate at
/// `path`), with a checkpoint after every layer: [`solve_and_write_resumable`]
/// never stopped. Returns the table.
///
/// # Errors
/// An I/O error writing the files; [`CertificateError::Refused`] if an
/// unfinished run's checkpoint is beside `path`.
///
/// # Panics
/// If `total` is 0 or above [`MAX_TOTAL`], or `rounds` is below 2 or above 255.
pub fn solve_and_write(
    total: u64,
    rounds: u32,
    path: &Path,
    progress: &dyn Progress,
) -> Result<Certified, CertificateError> {
    let table = solve_and_write_resumable(total, rounds, path, progress, false, &mut |_| {
        ControlFlow::Continue(())
    })?;
    Ok(table.expect("a run never stopped finishes"))
}

/// What a run that writes a certificate reports after each layer.
#[derive(Debug, Clone, PartialEq)]
pub struct LayerDone {
    /// The layer finished (2 ≤ it ≤ R − 1).
    pub layer: u32,
    /// R.
    pub rounds: u32,
    /// States stored in layers 2..=`layer` (both orientations).
    pub states_done: usize,
    /// Stage games solved so far.
    pub stage_games: usize,
    /// The checkpoint written.
    pub checkpoint: PathBuf,
}

/// [`solve_and_write`], resumable (SPEC.md, "Checkpoints of a certified
/// run"): after each layer the certificate so far (`FILE.partial`) is
/// synced and a checkpoint (`FILE.checkpoint`,
/// [`crate::yen::checkpoint`]) written, then `after_layer` is called;
/// its `Break` stops the run (`Ok(None)`, both files left for a resume).
/// With `resume`, the run continues from the checkpoint instead of starting
/// over, and the certificate and table are the same bytes as a run never
/// stopped. A finished run renames the partial file to `path` and removes
/// the checkpoint.
///
/// # Errors
/// I/O errors; [`CertificateError::Refused`] for a resume without a
/// checkpoint, with one of other T, R or version, or with a partial file
/// that does not match it, and for a fresh run beside a checkpoint.
///
/// # Panics
/// If `total` is 0 or above [`MAX_TOTAL`], or `rounds` is below 2 or above 255.
pub fn solve_and_write_resumable(
    total: u64,
    rounds: u32,
    path: &Path,
    progress: &dyn Progress,
    resume: bool,
    after_layer: &mut dyn FnMut(&LayerDone) -> ControlFlow<()>,
) -> Result<Option<Certified>, CertificateError> {
    solve_and_write_in_format(total, rounds, path, None, progress, resume, after_layer)
}

/// [`solve_and_write_resumable`] writing certificate format `format`
/// ([`FORMAT`] or [`FORMAT_2`]); `None` is [`FORMAT`] for a fresh run and
/// the checkpoint's for a resume.
///
/// # Errors
/// As [`solve_and_write_resumable`], and [`CertificateError::Refused`] for
/// a resume in another format than the checkpoint's, or a format this
/// build does not write.
///
/// # Panics
/// As [`solve_and_write_resumable`].
pub fn solve_and_write_in_format(
    total: u64,
    rounds: u32,
    path: &Path,
    format: Option<u32>,
    progress: &dyn Progress,
    resume: bool,
    after_layer: &mut dyn FnMut(&LayerDone) -> ControlFlow<()>,
) -> Result<Option<Certified>, CertificateError> {
    assert!((1..=MAX_TOTAL).contains(&total) && (2..=255).contains(&rounds));
    if let Some(f) = format.filter(|&f| f != FORMAT && f != FORMAT_2) {
        return Err(CertificateError::Refused(format!(
            "certificate format {f}: this build writes {FORMAT} and {FORMAT_2}"
        )));
    }
    // The certificate is written beside its name and renamed into place
    // at the end: only over a regular file or nothing. A symbolic link is
    // followed (the file it names is replaced, the link kept); a device, a
    // FIFO or standard output cannot take a file that is sought back into
    // and resumed, and is refused before any work.
    let target = match solved_games_reference::outfile::place(path).map_err(CertificateError::Io)? {
        solved_games_reference::outfile::Place::Renamed(target) => target,
        _ => return Err(CertificateError::Io(io::Error::other(
            "not a regular file: a certificate is written beside its name and renamed into place",
        ))),
    };
    let path = target.as_path();
    let checkpoint_path = checkpoint::path_for(path);
    let partial = checkpoint::partial_for(path);
    for own in [&checkpoint_path, &partial] {
        solved_games_reference::outfile::renamable(own)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", own.display())))?;
    }
    let (out, from) = if resume {
        let c = match checkpoint::read(&checkpoint_path) {
            Ok(c) => c,
            Err(CheckpointError::Io(e)) if e.kind() == io::ErrorKind::NotFound => {
                return Err(CertificateError::Refused(format!(
                    "{}: no checkpoint to resume from (a run with --certificate {} writes it after its first layer)",
                    checkpoint_path.display(),
                    path.display()
                )))
            }
            Err(CheckpointError::Io(e)) => return Err(CertificateError::Io(e)),
            Err(CheckpointError::Refused(why)) => return Err(CertificateError::Refused(why)),
        };
        if (c.total, c.rounds) != (total, rounds) {
            return Err(CertificateError::Refused(format!(
                "{}: a checkpoint of total={} rounds={}, not total={total} rounds={rounds}",
                checkpoint_path.display(),
                c.total,
                c.rounds
            )));
        }
        if let Some(f) = format.filter(|&f| f != c.position.format) {
            return Err(CertificateError::Refused(format!(
                "{}: the run being resumed writes certificate format {}, not {f}",
                checkpoint_path.display(),
                c.position.format
            )));
        }
        let out = Writer::reopen(&partial, total, rounds, &c.position)?;
        (out, Some(c.resume))
    } else {
        if checkpoint_path.exists() {
            return Err(CertificateError::Refused(format!(
                "{}: an unfinished run's checkpoint is there; continue it with --resume, or remove it (and {}) to start over",
                checkpoint_path.display(),
                partial.display()
            )));
        }
        let format = format.unwrap_or(FORMAT);
        (
            Writer::create_format(&partial, format, total, rounds)?,
            None,
        )
    };
    let out = RefCell::new(out);
    let failed: RefCell<Option<io::Error>> = RefCell::new(None);
    let mut record = |record: BlockRecord| {
        if failed.borrow().is_none() {
            if let Err(e) = block_of(&record).and_then(|b| out.borrow_mut().block(&b)) {
                *failed.borrow_mut() = Some(e);
            }
        }
    };
    let mut checkpoint_written = false;
    let mut layer_done = |snapshot: &Snapshot<'_>| {
        if failed.borrow().is_some() {
            return ControlFlow::Break(());
        }
        let written = out
            .borrow_mut()
            .position()
            .and_then(|p| checkpoint::write(&checkpoint_path, snapshot, p));
        if let Err(e) = written {
            *failed.borrow_mut() = Some(e);
            return ControlFlow::Break(());
        }
        checkpoint_written = true;
        let c = snapshot.counters();
        after_layer(&LayerDone {
            layer: snapshot.next_layer() - 1,
            rounds,
            states_done: snapshot.states_done(),
            stage_games: c.stage_games,
            checkpoint: checkpoint_path.clone(),
        })
    };
    let solved = Certified::solve_resumable(
        total,
        rounds,
        progress,
        Some(&mut record),
        from,
        &mut layer_done,
    );
    let resumed = resume;
    let cleanup = |checkpoint_written: bool| {
        // Without a checkpoint the partial file cannot be continued.
        if !checkpoint_written && !resumed {
            let _ = std::fs::remove_file(&partial);
        }
    };
    if let Some(e) = failed.into_inner() {
        cleanup(checkpoint_written);
        return Err(e.into());
    }
    let table = match solved {
        Err(why) => {
            return Err(CertificateError::Refused(format!(
                "{}: does not fit this run: {why}",
                checkpoint_path.display()
            )))
        }
        Ok(None) => return Ok(None),
        Ok(Some(table)) => table,
    };
    let mut out = out.into_inner();
    let written = (|| -> io::Result<()> {
        for t in 1..=total {
            let stage = table.stage(State::start(Rules { total: t, rounds }));
            out.block(&Block {
                rounds_left: rounds,
                money_a: t,
                money_b: t,
                first_gain_diff: 0,
                entries: vec![stage_entry(&StageRecord {
                    strategy_interval: stage.strategy_interval,
                    strategy_a: stage.strategy_a,
                    strategy_b: stage.strategy_b,
                })],
            })?;
        }
        out.finish()?;
        solved_games_reference::outfile::rename_into_place(&partial, path)?;
        match std::fs::remove_file(&checkpoint_path) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        }
    })();
    written?;
    Ok(Some(table))
}

/// Writes `blocks` as a certificate of `total`, `rounds` to `path` (for
/// certificates made other than by the solver: tests that alter one).
///
/// # Errors
/// An I/O error.
pub fn write(path: &Path, total: u64, rounds: u32, blocks: &[Block]) -> io::Result<()> {
    let mut out = Writer::create(path, total, rounds)?;
    for b in blocks {
        out.block(b)?;
    }
    out.finish()
}

/// A reader of a certificate's body, block by block, hashing as it goes.
pub struct Reader<R: Read> {
    inner: R,
    sha: Sha256,
    format: u32,
    header: Header,
    blocks: u64,
    done: bool,
}

/// Opens the certificate at `path` and reads its header.
///
/// # Errors
/// I/O errors, or a header that is not this format's.
pub fn open(path: &Path) -> Result<Reader<BufReader<File>>, CertificateError> {
    let file = File::open(path).map_err(CertificateError::Io)?;
    Reader::new(BufReader::with_capacity(1 << 20, file))
}

impl<R: Read> Reader<R> {
    /// Reads the header line from `inner`.
    ///
    /// # Errors
    /// As [`open`].
    pub fn new(mut inner: R) -> Result<Reader<R>, CertificateError> {
        let mut line = Vec::new();
        let mut byte = [0u8; 1];
        while line.len() < 512 {
            inner.read_exact(&mut byte)?;
            if byte[0] == b'\n' {
                break;
            }
            line.push(byte[0]);
        }
        let line = String::from_utf8(line)
            .or_else(|_| malformed("the header is not text (not a certificate?)"))?;
        let fields: Vec<&str> = line.split('\t').collect();
        if fields.len() != 5 || fields[0] != MAGIC {
            return malformed(format!(
                "the first line is not a certificate header ({MAGIC}\\tformat …)"
            ));
        }
        let format = match fields[1] {
            "format 1" => FORMAT,
            "format 2" => FORMAT_2,
            other => {
                return malformed(format!(
                    "{other}: this build reads formats {FORMAT} and {FORMAT_2}"
                ))
            }
        };
        if fields[2] != GAME {
            return malformed(format!("game {} (expected {GAME})", fields[2]));
        }
        let (total, rounds) = match checkpoint::table_size(fields[3]) {
            Ok(size) => size,
            Err(reason) => return malformed(reason),
        };
        let hex = fields[4].strip_prefix("sha256=").unwrap_or("");
        if hex.len() != 64 || !hex.bytes().all(|c| c.is_ascii_hexdigit()) {
            return malformed("the header needs sha256=<64 hex digits>");
        }
        let mut sha256 = [0u8; 32];
        for (i, b) in sha256.iter_mut().enumerate() {
            *b = u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).expect("hex digits");
        }
        Ok(Reader {
            inner,
            sha: Sha256::new(),
            format,
            header: Header {
                total,
                rounds,
                sha256,
            },
            blocks: 0,
            done: false,
        })
    }

    /// The header.
    #[must_use]
    pub fn header(&self) -> Header {
        self.header
    }

    /// The format version ([`FORMAT`] or [`FORMAT_2`]).
    #[must_use]
    pub fn format(&self) -> u32 {
        self.format
    }

    fn varint(&mut self) -> Result<u64, CertificateError> {
        let mut v: u64 = 0;
        for shift in (0..64).step_by(7) {
            let byte = self.u8()?;
            v |= u64::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                if shift == 63 && byte > 1 {
                    break;
                }
                return Ok(v);
            }
        }
        malformed("a varint longer than 64 bits")
    }

    /// A varint that must fit `limit`.
    fn small(&mut self, limit: u64, what: &str) -> Result<u64, CertificateError> {
        let v = self.varint()?;
        if v > limit {
            return malformed(format!("{what} {v} out of range"));
        }
        Ok(v)
    }

    fn strategy_2(
        &mut self,
        money: u64,
        state: State,
    ) -> Result<Vec<(u64, f64)>, CertificateError> {
        let n = self.small(u64::from(u16::MAX), "strategy length")?;
        let mut out = Vec::with_capacity(n.min(money + 1) as usize);
        let mut bet: i64 = 0;
        for _ in 0..n {
            bet += unzigzag(self.varint()?);
            if !(0..=money as i64).contains(&bet) {
                return malformed(format!("{state}: bet {bet} outside 0..={money}"));
            }
            let mut w = [0u8; 8];
            w[..7].copy_from_slice(&self.bytes::<7>()?);
            let w = u64::from_le_bytes(w);
            if w > 1 << 51 {
                return malformed(format!("{state}: weight {w}/2^50 of bet {bet} above 2"));
            }
            // Exact: w < 2⁵³.
            out.push((bet as u64, w as f64 / GRID));
        }
        Ok(out)
    }

    fn bytes<const N: usize>(&mut self) -> Result<[u8; N], CertificateError> {
        let mut buf = [0u8; N];
        self.inner.read_exact(&mut buf)?;
        self.sha.update(buf);
        Ok(buf)
    }

    fn u8(&mut self) -> Result<u8, CertificateError> {
        Ok(self.bytes::<1>()?[0])
    }

    fn u16(&mut self) -> Result<u16, CertificateError> {
        Ok(u16::from_le_bytes(self.bytes()?))
    }

    fn f64(&mut self) -> Result<f64, CertificateError> {
        Ok(f64::from_le_bytes(self.bytes()?))
    }

    fn strategy(&mut self, money: u64, state: State) -> Result<Vec<(u64, f64)>, CertificateError> {
        let n = self.u16()?;
        let mut out = Vec::with_capacity(n as usize);
        for _ in 0..n {
            let bet = u64::from(self.u16()?);
            let p = self.f64()?;
            if bet > money {
                return malformed(format!("{state}: bet {bet} exceeds the money {money}"));
            }
            // A float strategy's weights may sum a rounding error past 1; the
            // verifier divides by their total, so any weights in [0, 2] do.
            if !(p.is_finite() && (0.0..=2.0).contains(&p)) {
                return malformed(format!("{state}: probability {p} of bet {bet}"));
            }
            out.push((bet, p));
        }
        Ok(out)
    }

    /// The next block, or `None` after the last (when the body's length and
    /// hash have been checked).
    ///
    /// # Errors
    /// I/O errors; a malformed body, a truncated file or a hash mismatch.
    pub fn next_block(&mut self) -> Result<Option<Block>, CertificateError> {
        if self.done {
            return Ok(None);
        }
        match self.u8()? {
            b'E' => {
                let blocks = u64::from_le_bytes(self.bytes()?);
                if blocks != self.blocks {
                    return malformed(format!(
                        "the end says {blocks} blocks, the body has {}",
                        self.blocks
                    ));
                }
                let mut rest = [0u8; 1];
                if self.inner.read(&mut rest)? != 0 {
                    return malformed("bytes after the end of the body");
                }
                let sha: [u8; 32] = std::mem::take(&mut self.sha).finalize().into();
                if sha != self.header.sha256 {
                    return malformed("the body's SHA-256 does not match the header's");
                }
                self.done = true;
                Ok(None)
            }
            b'B' => {
                let rounds_left = u32::from(self.u8()?);
                let total = self.header.total;
                let (money_a, money_b, first_gain_diff, count) = if self.format == FORMAT_2 {
                    let money_a = self.small(u64::from(u16::MAX), "money")?;
                    let money_b = self.small(u64::from(u16::MAX), "money")?;
                    let first = unzigzag(self.small(u64::from(u32::MAX), "gain difference")?);
                    let count = self.small(u64::from(u32::MAX), "count")? as usize;
                    (money_a, money_b, first, count)
                } else {
                    let money_a = u64::from(self.u16()?);
                    let money_b = u64::from(self.u16()?);
                    let first_gain_diff = i64::from(i32::from_le_bytes(self.bytes()?));
                    let count = u32::from_le_bytes(self.bytes()?) as usize;
                    (money_a, money_b, first_gain_diff, count)
                };
                if rounds_left < 2
                    || rounds_left > self.header.rounds
                    || money_a > total
                    || money_b > total
                    || count > 4 * total as usize + 1
                {
                    return malformed(format!(
                        "block {rounds_left},{money_a},{money_b} (count {count}) outside total={total} rounds={}",
                        self.header.rounds
                    ));
                }
                let mut block = Block {
                    rounds_left,
                    money_a,
                    money_b,
                    first_gain_diff,
                    entries: Vec::with_capacity(count),
                };
                for k in 0..count {
                    let state = block.state(k);
                    let entry = match self.u8()? {
                        0 => Entry::Skipped,
                        1 if self.format == FORMAT_2 => {
                            let lower = self.f64()?;
                            let upper = f64::from_bits(lower.to_bits() ^ self.varint()?);
                            let claimed = Interval { lower, upper };
                            let strategy_a = self.strategy_2(money_a, state)?;
                            let strategy_b = self.strategy_2(money_b, state)?;
                            Entry::Stage {
                                claimed,
                                strategy_a,
                                strategy_b,
                            }
                        }
                        1 => {
                            let claimed = Interval {
                                lower: self.f64()?,
                                upper: self.f64()?,
                            };
                            let strategy_a = self.strategy(money_a, state)?;
                            let strategy_b = self.strategy(money_b, state)?;
                            Entry::Stage {
                                claimed,
                                strategy_a,
                                strategy_b,
                            }
                        }
                        2 => Entry::PlusByMonotonicity,
                        3 => Entry::MinusByMonotonicity,
                        other => return malformed(format!("{state}: entry kind {other}")),
                    };
                    block.entries.push(entry);
                }
                self.blocks += 1;
                Ok(Some(block))
            }
            other => malformed(format!("block tag {other:#04x} (expected B or E)")),
        }
    }
}
