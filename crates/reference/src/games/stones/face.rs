//! The stone games behind the common face ([`games::Game`]): a game number and a
//! row of stones, answered by A's score minus B's under optimal play.

use super::{naive, optimized, Game, Stones, StonesError};
use crate::core::Outcome;
use crate::games::shrink::Shrink;
use crate::games::table::{self, value_error, ParseTableError, RowSink, Table, Words};
use crate::games::{self, GameId, GameInfo, Ladder, Limits, SolveError, Solver};
use crate::progress::Progress;
use std::fmt;
use std::str::FromStr;

/// The five stone-taking games of document 001.
#[derive(Debug, Clone, Copy)]
pub struct StoneGames;

/// One question of document 001: which game, on which row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoneRow {
    /// The article's game.
    pub game: Game,
    /// The row (B's values differ from A's only in Game 5).
    pub stones: Stones,
}

/// Written `<game>: <A's values>` (`1: 1,100,2,3`), and in Game 5
/// `5: <A's values> / <B's values>` (`5: 5,2,3,1,4 / 1,5,3,4,2`).
impl fmt::Display for StoneRow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |values: &[i64]| {
            values
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(",")
        };
        write!(
            f,
            "{}: {}",
            self.game.number(),
            list(self.stones.values_a())
        )?;
        if self.game == Game::AnyStoneTwoValues {
            write!(f, " / {}", list(self.stones.values_b()))?;
        }
        Ok(())
    }
}

/// Why a text is not a stone row with its game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseStoneRowError {
    /// No `:` between the game number and the values.
    Notation,
    /// The game is not a number 1–5.
    GameNumber {
        /// The text before the `:`.
        found: String,
    },
    /// A stone value that is not an integer (or an empty one: `1,,2`).
    Value {
        /// The offending text.
        found: String,
    },
    /// B's values given in a game other than 5.
    ValuesBOutsideGame5,
    /// Game 5 without B's values.
    MissingValuesB,
    /// The values are not a playable row.
    Stones(StonesError),
}

impl fmt::Display for ParseStoneRowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseStoneRowError::Notation => {
                f.write_str("a stone row is written `<game>: <values>` (`1: 1,100,2,3`)")
            }
            ParseStoneRowError::GameNumber { found } => {
                write!(f, "game `{found}` is not a game number 1–5")
            }
            ParseStoneRowError::Value { found } => {
                write!(f, "stone value `{found}` is not an integer")
            }
            ParseStoneRowError::ValuesBOutsideGame5 => {
                f.write_str("B's values (after `/`) belong to Game 5 only")
            }
            ParseStoneRowError::MissingValuesB => {
                f.write_str("Game 5 needs B's values after `/`: `5: 5,2,3 / 1,5,3`")
            }
            ParseStoneRowError::Stones(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ParseStoneRowError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ParseStoneRowError::Stones(e) => Some(e),
            _ => None,
        }
    }
}

fn values(text: &str) -> Result<Vec<i64>, ParseStoneRowError> {
    text.split(',')
        .map(|v| {
            let v = v.trim();
            v.parse().map_err(|_| ParseStoneRowError::Value {
                found: v.to_string(),
            })
        })
        .collect()
}

impl FromStr for StoneRow {
    type Err = ParseStoneRowError;

    fn from_str(text: &str) -> Result<StoneRow, ParseStoneRowError> {
        let (number, rest) = text.split_once(':').ok_or(ParseStoneRowError::Notation)?;
        let number = number.trim();
        let game = number
            .parse::<u8>()
            .ok()
            .and_then(Game::from_number)
            .ok_or_else(|| ParseStoneRowError::GameNumber {
                found: number.to_string(),
            })?;
        let stones = match (game, rest.split_once('/')) {
            (Game::AnyStoneTwoValues, Some((a, b))) => Stones::two_valued(values(a)?, values(b)?),
            (Game::AnyStoneTwoValues, None) => return Err(ParseStoneRowError::MissingValuesB),
            (_, Some(_)) => return Err(ParseStoneRowError::ValuesBOutsideGame5),
            (_, None) => Stones::one_valued(values(rest)?),
        }
        .map_err(ParseStoneRowError::Stones)?;
        Ok(StoneRow { game, stones })
    }
}

/// A's score minus B's under optimal play (解法2's value), with the
/// winner it names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lead(pub i64);

impl Lead {
    /// Who wins: the first player (A) on a positive lead, the second on a
    /// negative one; equal scores draw.
    #[must_use]
    pub fn outcome(self) -> Outcome {
        Outcome::from_lead(self.0)
    }
}

impl fmt::Display for Lead {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:+} (winner: {})", self.0, self.outcome())
    }
}

fn refusal(e: super::SolveError, solver: Solver) -> SolveError {
    match e {
        super::SolveError::TooManyStones { stones, limit, .. } => SolveError::TooLarge {
            game: GameId::Stones.name(),
            solver,
            size: stones as u64,
            limit: limit as u64,
            unit: "stones",
        },
    }
}

impl games::Game for StoneGames {
    const INFO: GameInfo = GameId::Stones.info();

    type Instance = StoneRow;
    type ParseError = ParseStoneRowError;
    type Value = Lead;

    /// Game and stones.
    const EXAMPLES: &'static [(&'static str, &'static str)] = &[
        ("game1-20", "1: 3,1,4,1,5,9,2,6,5,3,5,8,9,7,9,3,2,3,8,4"),
        ("game4-20", "4: 3,1,4,1,5,9,2,6,5,3,5,8,9,7,9,3,2,3,8,4"),
        ("game5-8", "5: 3,1,4,1,5,9,2,6 / 2,7,1,8,2,8,1,8"),
    ];

    /// Game 1 (either end) on a fixed pseudo-random row of n stones worth
    /// 0..100 (seeded by n, so every run times the same rows).
    fn ladder() -> Ladder {
        fn row(n: u64) -> Stones {
            let mut rng = fastrand::Rng::with_seed(0x5EED + n);
            let row = (0..n).map(|_| rng.i64(0..100)).collect();
            Stones::one_valued(row).expect("small values")
        }
        Ladder {
            instance: "Game 1 (either end) on a row of n stones",
            size: "n (stones)",
            sizes: vec![6, 8, 10, 12, 14, 16, 18, 20, 22],
            naive: Box::new(|n| {
                naive::solve(Game::EitherEnd, &row(n))
                    .map_or_else(|e| e.to_string(), |r| r.diff.to_string())
            }),
            optimized: Box::new(|n| {
                optimized::solve(Game::EitherEnd, &row(n))
                    .map_or_else(|e| e.to_string(), |r| r.diff.to_string())
            }),
        }
    }

    /// One line per game, the solvers' own `max_stones`.
    fn limits() -> Vec<Limits> {
        const QUESTION: [&str; 5] = ["game 1", "game 2", "game 3", "game 4", "game 5"];
        Game::ALL
            .iter()
            .zip(QUESTION)
            .map(|(&game, question)| Limits {
                question,
                unit: "stones",
                naive: Some(naive::max_stones(game) as u64),
                optimized: optimized::max_stones(game).map(|n| n as u64),
            })
            .collect()
    }

    fn size(row: &StoneRow) -> (Limits, u64) {
        let line = usize::from(row.game.number() - 1);
        (Self::limits()[line], row.stones.len() as u64)
    }

    fn naive_within_limits(row: &StoneRow) -> Result<Lead, SolveError> {
        naive::solve(row.game, &row.stones)
            .map(|r| Lead(r.diff))
            .map_err(|e| refusal(e, Solver::Naive))
    }

    fn optimized_within_limits(row: &StoneRow) -> Result<Lead, SolveError> {
        optimized::solve(row.game, &row.stones)
            .map(|r| Lead(r.diff))
            .map_err(|e| refusal(e, Solver::Optimized))
    }
}

/// A stone-game table: every row of 1..=`length` stones with values in
/// `min..=max` for one game (in Game 5 both players' values range over
/// it), written `game=1 min=1 max=4 length=6`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StoneTableParams {
    /// The article's game.
    pub game: Game,
    /// The smallest stone value.
    pub min: i64,
    /// The largest stone value.
    pub max: i64,
    /// The longest row.
    pub length: usize,
}

impl StoneTableParams {
    /// The standard table of `game`: values 1..=4, rows of up to 6 stones
    /// (Game 5, whose rows carry two values per stone: up to 3).
    #[must_use]
    pub fn standard(game: Game) -> StoneTableParams {
        StoneTableParams {
            game,
            min: 1,
            max: 4,
            length: if game == Game::AnyStoneTwoValues {
                3
            } else {
                6
            },
        }
    }

    /// Values per stone: 2 in Game 5 (A's and B's), else 1.
    fn values_per_stone(&self) -> u32 {
        if self.game == Game::AnyStoneTwoValues {
            2
        } else {
            1
        }
    }

    /// How many values a stone may take.
    fn range(&self) -> u64 {
        (self.max - self.min) as u64 + 1
    }

    /// Rows of exactly `length` stones (saturating).
    fn rows_of(&self, length: usize) -> u64 {
        u32::try_from(length)
            .ok()
            .and_then(|l| l.checked_mul(self.values_per_stone()))
            .and_then(|e| self.range().checked_pow(e))
            .unwrap_or(u64::MAX)
    }

    /// Rows of fewer than `length` stones: where rows of `length` start
    /// (saturating). In O(1) for one value per stone, else in at most 64
    /// steps: the rows of each length at least double, so the sum
    /// saturates soon, whatever `length` is.
    fn offset(&self, length: usize) -> u64 {
        if self.range() == 1 {
            return length.saturating_sub(1) as u64;
        }
        let mut rows = 0u64;
        for l in 1..length {
            rows = rows.saturating_add(self.rows_of(l));
            if rows == u64::MAX {
                break;
            }
        }
        rows
    }
}

/// The largest number of rows a stone table may have.
const MAX_STONE_ROWS: u64 = 10_000_000;

/// The most work a stone table may cost: Σ over its rows of the stones
/// squared (the interval DP's steps, and more than the text's bytes), about
/// a minute on one core.
const MAX_STONE_WORK: u64 = 10_000_000_000;

impl fmt::Display for StoneTableParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "game={} min={} max={} length={}",
            self.game.number(),
            self.min,
            self.max,
            self.length
        )
    }
}

impl FromStr for StoneTableParams {
    type Err = ParseTableError;

    fn from_str(text: &str) -> Result<StoneTableParams, ParseTableError> {
        let words = Words::new(GameId::Stones.name(), text, StoneGames::PARAMS)?;
        let number: u8 = words.get("game", 1)?;
        let game = Game::from_number(number)
            .ok_or_else(|| words.error(format!("`game={number}` is not a game number 1–5")))?;
        let standard = StoneTableParams::standard(game);
        let params = StoneTableParams {
            game,
            min: words.get("min", standard.min)?,
            max: words.get("max", standard.max)?,
            length: words.get("length", standard.length)?,
        };
        if params.min > params.max {
            return Err(words.error(format!(
                "`min={}` is larger than `max={}`",
                params.min, params.max
            )));
        }
        if params.length == 0 {
            return Err(words.error("`length=0`: rows have at least one stone"));
        }
        let biggest = params.min.unsigned_abs().max(params.max.unsigned_abs());
        if biggest > 1_000_000_000 {
            return Err(words.error("stone values beyond ±10^9 are not tabulated"));
        }
        // Every length has a row at least: a length past the rows' bound is
        // refused before the rows are counted (a loop over the lengths,
        // endless for `length=18446744073709551615`).
        if params.length as u64 > MAX_STONE_ROWS {
            return Err(words.error(format!(
                "`length={}`: more rows than a table holds ({MAX_STONE_ROWS}), at least one per length",
                params.length
            )));
        }
        // The rows up to `length` (`length + 1` overflows at usize::MAX).
        let rows = params
            .offset(params.length)
            .saturating_add(params.rows_of(params.length));
        if rows > MAX_STONE_ROWS {
            return Err(words.error(format!(
                "{} rows are more than a table holds ({MAX_STONE_ROWS}); lower `length` or the value range",
                crate::core::count_text(rows)
            )));
        }
        // Few rows can still be long ones (`min=1 max=1 length=100000`:
        // 10^5 rows, each solved in O(n²) steps and written n values long).
        let work = (1..=params.length).fold(0u64, |acc, l| {
            let l = l as u64;
            acc.saturating_add(
                params
                    .rows_of(l as usize)
                    .saturating_mul(l.saturating_mul(l)),
            )
        });
        if work > MAX_STONE_WORK {
            return Err(words.error(format!(
                "about {work} steps estimated (the rows times their stones squared), more than a table takes ({MAX_STONE_WORK}); lower `length`"
            )));
        }
        Ok(params)
    }
}

/// Rows by length, then as numbers in base max − min + 1 whose digits are
/// the stones' values minus min, the first stone most significant (in
/// Game 5, A's values, then B's). A row's size is its number of stones.
impl Table for StoneGames {
    type Params = StoneTableParams;
    const PARAMS: &'static [&'static str] = &["game", "min", "max", "length"];
    const VALUE_COLUMNS: &'static [&'static str] = &["lead"];
    const SIZE: &'static str = "stones";
    const VALUE_NOTATION: &'static str =
        "an integer, A's score minus B's under optimal play (`-2`, `0`, `7`)";

    fn standard() -> Vec<StoneTableParams> {
        Game::ALL
            .iter()
            .map(|&g| StoneTableParams::standard(g))
            .collect()
    }

    fn bound(params: &StoneTableParams) -> u64 {
        params.length as u64
    }

    fn with_bound(params: &StoneTableParams, size: u64) -> StoneTableParams {
        StoneTableParams {
            length: usize::try_from(size).unwrap_or(usize::MAX),
            ..*params
        }
    }

    fn size_of(row: &StoneRow) -> u64 {
        row.stones.len() as u64
    }

    fn instances(params: &StoneTableParams) -> Vec<StoneRow> {
        let range = params.range();
        let per = params.values_per_stone() as usize;
        let mut rows = Vec::new();
        for length in 1..=params.length {
            for number in 0..params.rows_of(length) {
                let mut digits = vec![0i64; length * per];
                let mut rest = number;
                for d in digits.iter_mut().rev() {
                    *d = params.min + (rest % range) as i64;
                    rest /= range;
                }
                let stones = if per == 2 {
                    let b = digits.split_off(length);
                    Stones::two_valued(digits, b)
                } else {
                    Stones::one_valued(digits)
                }
                .expect("the parameters bound the values");
                rows.push(StoneRow {
                    game: params.game,
                    stones,
                });
            }
        }
        rows
    }

    fn index(params: &StoneTableParams, row: &StoneRow) -> Option<usize> {
        let length = row.stones.len();
        if row.game != params.game || length > params.length {
            return None;
        }
        let mut digits: Vec<i64> = row.stones.values_a().to_vec();
        if params.values_per_stone() == 2 {
            digits.extend_from_slice(row.stones.values_b());
        }
        let mut number = 0u64;
        for v in digits {
            if v < params.min || v > params.max {
                return None;
            }
            number = number * params.range() + (v - params.min) as u64;
        }
        usize::try_from(params.offset(length) + number).ok()
    }

    /// A longest row, every stone at `min`.
    fn at_bound(params: &StoneTableParams) -> Option<StoneRow> {
        let values = vec![params.min; params.length];
        let stones = if params.values_per_stone() == 2 {
            Stones::two_valued(values.clone(), values)
        } else {
            Stones::one_valued(values)
        };
        Some(StoneRow {
            game: params.game,
            stones: stones.ok()?,
        })
    }

    /// Each row is handed over as soon as it is solved.
    fn table_each(
        solver: Solver,
        params: &StoneTableParams,
        progress: &dyn Progress,
        row: &mut RowSink<'_, StoneGames>,
    ) -> Result<(), SolveError> {
        table::rows_as_solved::<StoneGames>(solver, params, progress, row, |r| {
            <StoneGames as games::Game>::solve(solver, r)
        })
    }

    /// Every value uniform in min..=max.
    fn random(params: &StoneTableParams, size: u64, rng: &mut fastrand::Rng) -> Option<StoneRow> {
        let length = usize::try_from(size).ok().filter(|&l| l > 0)?;
        let mut draw = || {
            (0..length)
                .map(|_| rng.i64(params.min..=params.max))
                .collect()
        };
        let stones = if params.values_per_stone() == 2 {
            let a: Vec<i64> = draw();
            Stones::two_valued(a, draw())
        } else {
            Stones::one_valued(draw())
        }
        .ok()?;
        Some(StoneRow {
            game: params.game,
            stones,
        })
    }

    fn write_value(value: &Lead) -> String {
        value.0.to_string()
    }

    fn parse_value(text: &str) -> Result<Lead, ParseTableError> {
        let t = text.trim();
        t.strip_prefix('+')
            .unwrap_or(t)
            .parse()
            .map(Lead)
            .map_err(|_| value_error(GameId::Stones.name(), text, StoneGames::VALUE_NOTATION))
    }
}

impl Shrink for StoneGames {
    /// Drop one stone (a row of at least two), then lower one stone's
    /// value toward 1 (document 001: every game takes any row of integer
    /// values; the rows `check` enumerates are over 1..=3). Game 5 drops a
    /// stone from both players' lists and lowers A's or B's value.
    fn shrink(row: &StoneRow) -> Vec<StoneRow> {
        let a = row.stones.values_a();
        let b = row.stones.values_b();
        let two = row.game == Game::AnyStoneTwoValues;
        let make = |a: Vec<i64>, b: Vec<i64>| {
            let stones = if two {
                Stones::two_valued(a, b)
            } else {
                Stones::one_valued(a)
            };
            stones.ok().map(|stones| StoneRow {
                game: row.game,
                stones,
            })
        };
        let mut out = Vec::new();
        if a.len() > 1 {
            for i in 0..a.len() {
                let mut na = a.to_vec();
                let mut nb = b.to_vec();
                na.remove(i);
                nb.remove(i);
                out.extend(make(na, nb));
            }
        }
        let lowered = |v: i64| -> Vec<i64> {
            let mut out = Vec::new();
            for w in [1, v / 2, v - 1] {
                if w >= 1 && w < v && !out.contains(&w) {
                    out.push(w);
                }
            }
            out
        };
        for i in 0..a.len() {
            for w in lowered(a[i]) {
                let mut na = a.to_vec();
                na[i] = w;
                out.extend(make(na, b.to_vec()));
            }
            if two {
                for w in lowered(b[i]) {
                    let mut nb = b.to_vec();
                    nb[i] = w;
                    out.extend(make(a.to_vec(), nb));
                }
            }
        }
        out
    }
}
