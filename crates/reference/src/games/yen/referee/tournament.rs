//! Naming players on the command line, and round-robin tournaments: every
//! pair plays one series (§2: 「研究室内では, 総当たりを行ないました」).
//!
//! A [`Tournament`] plays its series in pairing order, reports every match
//! and every finished series as it goes, shows its progress through a
//! [`Progress`], and can continue from the matches a log kept
//! ([`super::log`]): a killed run resumed gives the standings of a run
//! never killed.

use super::super::rules::Rules;
#[cfg(feature = "referee")]
use super::external::split_command;
use super::players::{Always1000, Hunter, Minus1, Random, Strategy};
use super::{
    BuiltIn, CommandError, Contestant, MatchRecord, PlayedMatch, Referee, RefereeError,
    SeriesScore, StartError,
};
use crate::progress::Progress;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// A player as named on the command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayerSpec {
    /// `always1000` (Listing 1).
    Always1000,
    /// `minus1` (Listing 2).
    Minus1,
    /// `random` (Listing 3), seeded.
    Random,
    /// `hunter`, the crate's own adaptive player.
    Hunter,
    /// `cmd:PROGRAM ARGS…`: an external program.
    Command(String),
}

/// The built-in names, for help texts and errors.
pub const BUILT_IN_NAMES: &[&str] = &["always1000", "minus1", "random", "hunter"];

/// Why a text does not name a player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParsePlayerError {
    /// Neither a built-in name nor `cmd:PROGRAM`.
    UnknownPlayer {
        /// The text given (trimmed).
        text: String,
    },
    /// `cmd:` with nothing (or only blanks) after it.
    EmptyCommand,
    /// `cmd:PROGRAM` whose words cannot be split.
    Command(CommandError),
}

impl fmt::Display for ParsePlayerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParsePlayerError::UnknownPlayer { text } => write!(
                f,
                "unknown player {text:?}: expected one of {} or cmd:PROGRAM",
                BUILT_IN_NAMES.join(", ")
            ),
            ParsePlayerError::EmptyCommand => f.write_str("empty command after cmd:"),
            ParsePlayerError::Command(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ParsePlayerError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ParsePlayerError::Command(e) => Some(e),
            _ => None,
        }
    }
}

impl FromStr for PlayerSpec {
    type Err = ParsePlayerError;
    /// Blanks around the name are ignored (`--players "always1000, minus1"`).
    fn from_str(s: &str) -> Result<PlayerSpec, ParsePlayerError> {
        let s = s.trim();
        match s {
            "always1000" => Ok(PlayerSpec::Always1000),
            "minus1" => Ok(PlayerSpec::Minus1),
            "random" => Ok(PlayerSpec::Random),
            "hunter" => Ok(PlayerSpec::Hunter),
            _ => match s.strip_prefix("cmd:") {
                #[cfg(feature = "referee")]
                Some(cmd) if !cmd.trim().is_empty() => match split_command(cmd) {
                    Ok(_) => Ok(PlayerSpec::Command(cmd.to_string())),
                    Err(e) => Err(ParsePlayerError::Command(e)),
                },
                // Without the pipe referee a command is kept as written; `contestant` refuses it.
                #[cfg(not(feature = "referee"))]
                Some(cmd) if !cmd.trim().is_empty() => Ok(PlayerSpec::Command(cmd.to_string())),
                Some(_) => Err(ParsePlayerError::EmptyCommand),
                None => Err(ParsePlayerError::UnknownPlayer {
                    text: s.to_string(),
                }),
            },
        }
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Always1000 => f.write_str("always1000"),
            PlayerSpec::Minus1 => f.write_str("minus1"),
            PlayerSpec::Random => f.write_str("random"),
            PlayerSpec::Hunter => f.write_str("hunter"),
            PlayerSpec::Command(c) => write!(f, "cmd:{c}"),
        }
    }
}

impl PlayerSpec {
    /// The name in transcripts: the built-in name, or the command itself.
    #[must_use]
    pub fn name(&self) -> String {
        match self {
            PlayerSpec::Command(c) => c.clone(),
            other => other.to_string(),
        }
    }

    /// A fresh contestant: built-ins with their seed, programs with their
    /// timeout.
    ///
    /// # Errors
    /// [`CommandError`] when the command names no program (or, off Unix,
    /// [`CommandError::NeedsUnix`] for any program).
    pub fn contestant(
        &self,
        seed: u64,
        timeout: Duration,
    ) -> Result<Box<dyn Contestant>, CommandError> {
        let strategy: Box<dyn Strategy + Send> = match self {
            PlayerSpec::Always1000 => Box::new(Always1000),
            PlayerSpec::Minus1 => Box::new(Minus1),
            PlayerSpec::Random => Box::new(Random::new(seed)),
            PlayerSpec::Hunter => Box::new(Hunter::new()),
            #[cfg(all(unix, feature = "referee"))]
            PlayerSpec::Command(c) => {
                return Ok(Box::new(super::external::External::new(
                    self.name(),
                    c,
                    timeout,
                )?))
            }
            #[cfg(not(all(unix, feature = "referee")))]
            PlayerSpec::Command(_) => {
                let _ = timeout;
                return Err(CommandError::NeedsUnix);
            }
        };
        Ok(Box::new(BuiltIn::new(self.name(), strategy)))
    }
}

/// The seed of the player at `position` in a line-up, from the run's seed:
/// distinct players get distinct, fixed streams (splitmix64 finaliser).
#[must_use]
pub fn player_seed(seed: u64, position: usize) -> u64 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15_u64.wrapping_mul(position as u64 + 1));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Every pair (i, j), i < j, in order: the series of a round robin, the
/// earlier player of the line-up as A.
#[must_use]
pub fn pairings(players: usize) -> Vec<(usize, usize)> {
    (0..players)
        .flat_map(|i| (i + 1..players).map(move |j| (i, j)))
        .collect()
}

/// The Wilson score interval at 95% (z = 1.96) for `k` successes in `n`
/// trials, as fractions; (0, 1) when n = 0. Chosen over the normal
/// approximation because the cycle's rates sit near 0 and 1.
#[must_use]
pub fn wilson95(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.96_f64;
    let n = n as f64;
    let p = k as f64 / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// One series of a tournament and its score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeriesResult {
    /// Line-up position of side A.
    pub a: usize,
    /// Line-up position of side B.
    pub b: usize,
    /// The score, from A's side.
    pub score: SeriesScore,
}

/// What a tournament reports while it plays.
pub enum Event<'a, 'r> {
    /// Series `series` (0-based) has played a match.
    Match {
        /// The series, 0-based in pairing order.
        series: usize,
        /// The match.
        record: &'a MatchRecord<'r>,
    },
    /// A series is over (also one read back whole from a log).
    Series {
        /// The series, 0-based in pairing order.
        series: usize,
        /// Its result.
        result: &'a SeriesResult,
    },
}

/// A round robin: every pair of `players` plays one series of `games`
/// matches under `rules`, the earlier player of the line-up as A. A
/// single pair is a plain series (`solved-games yen match`).
#[derive(Debug, Clone)]
pub struct Tournament {
    /// The line-up.
    pub players: Vec<PlayerSpec>,
    /// Money and rounds.
    pub rules: Rules,
    /// Matches per series.
    pub games: u64,
    /// Seed of the `random` players: the player at position p in series k
    /// gets `player_seed(player_seed(seed, k), p)`.
    pub seed: u64,
    /// Time a program has for each bet.
    pub timeout: Duration,
}

impl Tournament {
    /// The series in playing order, as pairs of line-up positions.
    #[must_use]
    pub fn series(&self) -> Vec<(usize, usize)> {
        pairings(self.players.len())
    }

    /// Plays every series, continuing from `played` — per series, the
    /// matches already played (from a log; empty for a fresh run) — and
    /// calls `report` after each new match and each series. Progress is
    /// counted in matches still to play.
    ///
    /// # Errors
    /// A [`RefereeError`]: a player that cannot start, a replay that does
    /// not match the log, or `report`'s error (the run stops there).
    pub fn play(
        &self,
        played: &[Vec<PlayedMatch>],
        progress: &dyn Progress,
        mut report: impl FnMut(Event<'_, '_>) -> std::io::Result<()>,
    ) -> Result<Vec<SeriesResult>, RefereeError> {
        let pairs = self.series();
        let done = |k: usize| played.get(k).map_or(&[][..], Vec::as_slice);
        let to_play: u64 = (0..pairs.len())
            .map(|k| self.games.saturating_sub(done(k).len() as u64))
            .sum();
        progress.begin("matches", Some(to_play));
        let mut results = Vec::with_capacity(pairs.len());
        for (k, &(a, b)) in pairs.iter().enumerate() {
            let (spec_a, spec_b) = (&self.players[a], &self.players[b]);
            progress.note(&format!(
                "series {}/{}: {} vs {}",
                k + 1,
                pairs.len(),
                spec_a.name(),
                spec_b.name()
            ));
            let series_seed = player_seed(self.seed, k);
            let contestant = |spec: &PlayerSpec, position: usize| {
                spec.contestant(player_seed(series_seed, position), self.timeout)
                    .map_err(|e| RefereeError::CannotStart {
                        player: spec.name(),
                        reason: StartError::Command(e),
                    })
            };
            let mut ca = contestant(spec_a, a)?;
            let mut cb = contestant(spec_b, b)?;
            let score = Referee::new(self.rules).resume_series(
                &mut *ca,
                &mut *cb,
                self.games,
                done(k),
                |record| {
                    progress.advance(1);
                    report(Event::Match { series: k, record })
                },
            )?;
            let result = SeriesResult { a, b, score };
            report(Event::Series {
                series: k,
                result: &result,
            })
            .map_err(RefereeError::Report)?;
            results.push(result);
        }
        progress.end();
        Ok(results)
    }
}

/// A player's line in the standings.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Standing {
    /// Line-up position.
    pub player: usize,
    /// Series won.
    pub series_won: u64,
    /// Series drawn.
    pub series_drawn: u64,
    /// Series lost.
    pub series_lost: u64,
    /// Matches won.
    pub matches_won: u64,
    /// Matches drawn.
    pub matches_drawn: u64,
    /// Matches lost.
    pub matches_lost: u64,
    /// Matches forfeited.
    pub forfeits: u64,
    /// Series in which it was disqualified.
    pub disqualified: u64,
}

/// The standings of `players` after `results`: most series won first,
/// then most matches won; ties keep line-up order.
#[must_use]
pub fn standings(players: usize, results: &[SeriesResult]) -> Vec<Standing> {
    let mut table: Vec<Standing> = (0..players)
        .map(|player| Standing {
            player,
            ..Standing::default()
        })
        .collect();
    for r in results {
        let s = &r.score;
        for (me, wins, losses, forfeits, disqualified) in [
            (r.a, s.wins_a, s.wins_b, s.forfeits_a, s.disqualified_a),
            (r.b, s.wins_b, s.wins_a, s.forfeits_b, s.disqualified_b),
        ] {
            let st = &mut table[me];
            st.matches_won += wins;
            st.matches_lost += losses;
            st.matches_drawn += s.draws;
            st.forfeits += forfeits;
            st.disqualified += u64::from(disqualified.is_some());
            match wins.cmp(&losses) {
                std::cmp::Ordering::Greater => st.series_won += 1,
                std::cmp::Ordering::Equal => st.series_drawn += 1,
                std::cmp::Ordering::Less => st.series_lost += 1,
            }
        }
    }
    // A stable sort: ties keep line-up order.
    table.sort_by_key(|s| std::cmp::Reverse((s.series_won, s.matches_won)));
    table
}
