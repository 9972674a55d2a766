//! Nim behind the common face ([`Game`]): a position, answered win or loss
//! for the side to move ([`Wdl`]; Nim has no draws).

use super::{naive, optimized, ParsePositionError, Position};
use crate::core::Wdl;
use crate::games::shrink::{lower, Shrink};
use crate::games::table::{self, value_error, ParseTableError, RowSink, Table, Words};
use crate::games::{Game, GameId, GameInfo, Ladder, Limits, SolveError, Solver};
use crate::progress::Progress;
use std::fmt;
use std::str::FromStr;

/// Three-pile Nim (any number of piles), document 002.
#[derive(Debug, Clone, Copy)]
pub struct Nim;

/// Positions in the table of `position`: (largest pile + 1)^(piles),
/// saturating.
fn table_positions(position: &Position) -> u64 {
    let base = u64::from(position.piles().iter().copied().max().unwrap_or(0)) + 1;
    u32::try_from(position.piles().len())
        .ok()
        .and_then(|piles| base.checked_pow(piles))
        .unwrap_or(u64::MAX)
}

fn wdl(losing: bool) -> Wdl {
    if losing {
        Wdl::Loss
    } else {
        Wdl::Win
    }
}

impl Game for Nim {
    const INFO: GameInfo = GameId::Nim.info();

    type Instance = Position;
    type ParseError = ParsePositionError;
    type Value = Wdl;

    /// Piles × largest pile.
    const EXAMPLES: &'static [(&'static str, &'static str)] =
        &[("3x9", "999"), ("3x49", "49,49,49")];

    /// Every position of 3 piles of at most m stones, classified: the
    /// naive search position by position, the table by induction.
    fn ladder() -> Ladder {
        Ladder {
            instance: "every position of 3 piles of at most m stones, classified",
            size: "m (largest pile)",
            sizes: vec![3, 5, 7, 9, 12, 15, 19, 24, 31],
            naive: Box::new(|m| {
                let table = optimized::Table::build(3, m as u32);
                let mut search = naive::Search::new();
                let losing = (0..table.len())
                    .filter(|&i| search.is_losing(&table.position(i)))
                    .count();
                losing.to_string()
            }),
            optimized: Box::new(|m| {
                optimized::Table::build(3, m as u32)
                    .losing_count()
                    .to_string()
            }),
        }
    }

    /// The optimized side fills the whole table of (max + 1)^piles
    /// positions (the CLI's 10^7); the naive search visits at most as many,
    /// through a hash map and a recursion as deep as the stones, and stops
    /// at the 10^6 of three piles of 0..=99 (§38.24).
    fn limits() -> Vec<Limits> {
        vec![Limits {
            question: "every position",
            unit: "positions of its table, (largest pile + 1)^piles",
            naive: Some(1_000_000),
            optimized: Some(10_000_000),
        }]
    }

    fn size(position: &Position) -> (Limits, u64) {
        (Self::limits()[0], table_positions(position))
    }

    fn naive_within_limits(position: &Position) -> Result<Wdl, SolveError> {
        Ok(wdl(naive::is_losing(position)))
    }

    fn optimized_within_limits(position: &Position) -> Result<Wdl, SolveError> {
        let max = position.piles().iter().copied().max().unwrap_or(0);
        Ok(wdl(
            optimized::Table::build(position.piles().len(), max).is_losing(position)
        ))
    }
}

/// A Nim table: every position of `piles` piles of 0..=`max` stones,
/// written `piles=3 max=9`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NimTableParams {
    /// Number of piles, at least 1.
    pub piles: usize,
    /// The largest pile.
    pub max: u32,
}

impl fmt::Display for NimTableParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "piles={} max={}", self.piles, self.max)
    }
}

impl FromStr for NimTableParams {
    type Err = ParseTableError;

    fn from_str(text: &str) -> Result<NimTableParams, ParseTableError> {
        let words = Words::new(Nim::NAME, text, Nim::PARAMS)?;
        let params = NimTableParams {
            piles: words.get("piles", 3)?,
            max: words.get("max", 9)?,
        };
        if params.piles == 0 || params.piles > MAX_PILES {
            return Err(words.error(format!(
                "`piles={}`: a table has 1 to {MAX_PILES} piles",
                params.piles
            )));
        }
        // Counted without building the corner: `piles=18446744073709551615`
        // asked for a vector of that many piles (a panic, or gigabytes).
        let positions = u32::try_from(params.piles)
            .ok()
            .and_then(|piles| (u64::from(params.max) + 1).checked_pow(piles))
            .unwrap_or(u64::MAX);
        if positions > Nim::limits()[0].optimized.unwrap_or(u64::MAX) {
            return Err(words.error(format!(
                "{} positions, (max + 1)^piles, are more than the optimized solver's 10^7",
                crate::core::count_text(positions)
            )));
        }
        Ok(params)
    }
}

/// The most piles a table has (with `max=0`, the one position of many
/// empty piles would otherwise pass the positions' bound).
pub const MAX_PILES: usize = 64;

/// Positions in the index order of document 002 §38.16: the piles read as
/// the digits of a number in base max + 1, the first pile most significant
/// (`000`, `001`, …, `999`). A position's size is its largest pile.
impl Table for Nim {
    type Params = NimTableParams;
    const PARAMS: &'static [&'static str] = &["piles", "max"];
    const VALUE_COLUMNS: &'static [&'static str] = &["value"];
    const SIZE: &'static str = "largest pile";
    const VALUE_NOTATION: &'static str = "`win` or `loss` for the side to move";

    fn standard() -> Vec<NimTableParams> {
        vec![NimTableParams { piles: 3, max: 9 }]
    }

    fn bound(params: &NimTableParams) -> u64 {
        u64::from(params.max)
    }

    fn with_bound(params: &NimTableParams, size: u64) -> NimTableParams {
        NimTableParams {
            max: u32::try_from(size).unwrap_or(u32::MAX),
            ..*params
        }
    }

    fn size_of(position: &Position) -> u64 {
        u64::from(position.piles().iter().copied().max().unwrap_or(0))
    }

    fn instances(params: &NimTableParams) -> Vec<Position> {
        let count = table_positions(&Position::new(vec![params.max; params.piles]));
        let base = params.max as usize + 1;
        (0..count as usize)
            .map(|index| {
                let mut piles = vec![0; params.piles];
                let mut rest = index;
                for pile in piles.iter_mut().rev() {
                    *pile = (rest % base) as u32;
                    rest /= base;
                }
                Position::new(piles)
            })
            .collect()
    }

    fn index(params: &NimTableParams, position: &Position) -> Option<usize> {
        if position.piles().len() != params.piles
            || position.piles().iter().any(|&p| p > params.max)
        {
            return None;
        }
        let base = params.max as usize + 1;
        Some(
            position
                .piles()
                .iter()
                .fold(0, |acc, &p| acc * base + p as usize),
        )
    }

    /// Each pile uniform in 0..=size, then one pile (uniform) set to size.
    fn random(params: &NimTableParams, size: u64, rng: &mut fastrand::Rng) -> Option<Position> {
        let size = u32::try_from(size).ok()?;
        let mut piles: Vec<u32> = (0..params.piles).map(|_| rng.u32(0..=size)).collect();
        let top = rng.usize(0..params.piles);
        piles[top] = size;
        Some(Position::new(piles))
    }

    fn write_value(value: &Wdl) -> String {
        value.as_str().to_string()
    }

    fn parse_value(text: &str) -> Result<Wdl, ParseTableError> {
        match text.trim() {
            "win" => Ok(Wdl::Win),
            "loss" => Ok(Wdl::Loss),
            "draw" => Ok(Wdl::Draw),
            _ => Err(value_error(Nim::NAME, text, Nim::VALUE_NOTATION)),
        }
    }

    /// The corner, every pile at `max`.
    fn at_bound(params: &NimTableParams) -> Option<Position> {
        Some(Position::new(vec![params.max; params.piles]))
    }

    /// The optimized side's table is built whole (10^7 positions in
    /// seconds); the naive search hands each row over as it answers it,
    /// with one memo across the table.
    fn table_each(
        solver: Solver,
        params: &NimTableParams,
        progress: &dyn Progress,
        row: &mut RowSink<'_, Nim>,
    ) -> Result<(), SolveError> {
        match solver {
            Solver::Optimized => table::rows_after_solving::<Nim>(solver, params, progress, row),
            Solver::Naive => {
                let mut search = naive::Search::new();
                table::rows_as_solved::<Nim>(solver, params, progress, row, |p| {
                    Ok(wdl(search.is_losing(p)))
                })
            }
        }
    }

    /// The optimized side builds the index table once; the naive search
    /// keeps one memo across the whole table.
    fn table(solver: Solver, params: &NimTableParams) -> Result<Vec<(Position, Wdl)>, SolveError> {
        let corner = Position::new(vec![params.max; params.piles]);
        Self::check_size(solver, &corner)?;
        let positions = Self::instances(params);
        Ok(match solver {
            Solver::Optimized => {
                let table = optimized::Table::build(params.piles, params.max);
                positions
                    .into_iter()
                    .enumerate()
                    .map(|(i, p)| {
                        let losing = matches!(table.entry(i), super::optimized::Entry::Losing);
                        (p, wdl(losing))
                    })
                    .collect()
            }
            Solver::Naive => {
                let mut search = naive::Search::new();
                positions
                    .into_iter()
                    .map(|p| {
                        let losing = search.is_losing(&p);
                        (p, wdl(losing))
                    })
                    .collect()
            }
        })
    }
}

impl Shrink for Nim {
    /// Lower one pile (document 002 §38: any pile may be any size), the
    /// number of piles kept.
    fn shrink(position: &Position) -> Vec<Position> {
        let piles = position.piles();
        let mut out = Vec::new();
        for (i, &p) in piles.iter().enumerate() {
            for w in lower(u64::from(p)) {
                let mut next = piles.to_vec();
                next[i] = u32::try_from(w).expect("below a u32 pile");
                out.push(Position::new(next));
            }
        }
        out
    }
}
