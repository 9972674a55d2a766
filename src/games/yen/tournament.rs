//! Naming players on the command line, and round-robin tournaments: every
//! pair plays one series (§2: 「研究室内では, 総当たりを行ないました」).

use super::external::External;
use super::players::{Always1000, Hunter, Minus1, Random, Strategy};
use super::referee::{BuiltIn, Contestant};
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

impl FromStr for PlayerSpec {
    type Err = String;
    fn from_str(s: &str) -> Result<PlayerSpec, String> {
        match s {
            "always1000" => Ok(PlayerSpec::Always1000),
            "minus1" => Ok(PlayerSpec::Minus1),
            "random" => Ok(PlayerSpec::Random),
            "hunter" => Ok(PlayerSpec::Hunter),
            _ => match s.strip_prefix("cmd:") {
                Some(cmd) if !cmd.trim().is_empty() => match shell_words::split(cmd) {
                    Ok(_) => Ok(PlayerSpec::Command(cmd.to_string())),
                    Err(e) => Err(format!("player command {cmd:?}: {e}")),
                },
                Some(_) => Err("empty command after cmd:".to_string()),
                None => Err(format!(
                    "unknown player {s:?}: expected one of {} or cmd:PROGRAM",
                    BUILT_IN_NAMES.join(", ")
                )),
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
    /// A message when the command is empty.
    pub fn contestant(&self, seed: u64, timeout: Duration) -> Result<Box<dyn Contestant>, String> {
        let strategy: Box<dyn Strategy + Send> = match self {
            PlayerSpec::Always1000 => Box::new(Always1000),
            PlayerSpec::Minus1 => Box::new(Minus1),
            PlayerSpec::Random => Box::new(Random::new(seed)),
            PlayerSpec::Hunter => Box::new(Hunter::new()),
            PlayerSpec::Command(c) => return Ok(Box::new(External::new(self.name(), c, timeout)?)),
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

/// One match as a line of the JSON-lines log (`--log`): the series number
/// (1-based, in pairing order),
/// both names, the match number, every bet, the money, the result (`a`,
/// `b` or `draw`) and the forfeits with their kind and reason.
#[must_use]
pub fn match_json(
    series: usize,
    name_a: &str,
    name_b: &str,
    record: &super::referee::MatchRecord<'_>,
) -> serde_json::Value {
    use crate::core::{Outcome, Player};
    let side = |p: Player| match p {
        Player::First => "a",
        Player::Second => "b",
    };
    let (money_a, money_b) = record.money();
    serde_json::json!({
        "series": series,
        "a": name_a,
        "b": name_b,
        "match": record.number,
        "bets_a": record.rounds.iter().map(|r| r.bet_a).collect::<Vec<_>>(),
        "bets_b": record.rounds.iter().map(|r| r.bet_b).collect::<Vec<_>>(),
        "money_a": money_a,
        "money_b": money_b,
        "result": match record.outcome {
            Outcome::Winner(p) => side(p),
            Outcome::Draw => "draw",
        },
        "forfeits": record.forfeits.iter().map(|f| serde_json::json!({
            "side": side(f.side),
            "round": f.round,
            "kind": f.fault.kind(),
            "reason": f.fault.to_string(),
        })).collect::<Vec<_>>(),
    })
}
