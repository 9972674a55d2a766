//! Whole tables of a game: every instance of a size in a canonical order,
//! a seeded random instance of a size, values read back from their text,
//! and a solver's values of a whole table — the second face, [`Table`],
//! beside [`Game`].
//!
//! A table is named by its parameters ([`Table::Params`]: Nim's number of
//! piles and largest pile, a stone game with its value range and longest
//! row, Memory's largest n, a Geister analysis, yen's T and R), written as
//! `key=value` words separated by spaces (`piles=3 max=9`). Its instances
//! come in one documented order (SPEC.md, "One face", "Whole tables"), so
//! that a table's text is the same bytes on every run and machine. Each
//! instance has a size on a ladder ([`Table::SIZE`]: the largest pile, the
//! stones of the row, the pairs n, the pieces on the board, the units T):
//! a checker of another program walks sizes upwards and shrinks a
//! counterexample to the smallest size that fails.
//!
//! Values are written in the export notation ([`Table::write_value`]):
//! `win`/`loss`, an integer lead, an exact `p/q`, or Geister's value and
//! distance as two tab-separated fields; [`Table::parse_value`] reads
//! them back (fields may be separated by any whitespace).

use super::{Game, SolveError, Solver};
use crate::progress::Progress;
use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;

/// A whole table: every (instance, value) row, in the canonical order.
pub type Rows<G> = Vec<(<G as Game>::Instance, <G as Game>::Value)>;

/// What [`Table::table_each`] hands each row to: `Break` stops the work.
pub type RowSink<'a, G> =
    dyn FnMut(<G as Game>::Instance, <G as Game>::Value) -> ControlFlow<()> + 'a;

/// A look-up from an instance to its row ([`Table::indexer`]).
pub type Indexer<'a, I> = Box<dyn Fn(&I) -> Option<usize> + Send + Sync + 'a>;

/// Why a text is not a value, or not a table's parameters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseTableError {
    /// Not a value of the game in the export notation.
    Value {
        /// The game's [`Game::NAME`].
        game: &'static str,
        /// The text, as given.
        found: String,
        /// What a value looks like.
        expected: &'static str,
    },
    /// Not `key=value` words the game's table takes.
    Params {
        /// The game's [`Game::NAME`].
        game: &'static str,
        /// What is wrong, naming the word.
        why: String,
    },
}

impl fmt::Display for ParseTableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseTableError::Value {
                game,
                found,
                expected,
            } => write!(f, "`{found}` is not a {game} value ({expected})"),
            ParseTableError::Params { game, why } => {
                write!(f, "{game} table parameters: {why}")
            }
        }
    }
}

impl std::error::Error for ParseTableError {}

/// The second face: whole tables of a game.
///
/// The default [`Table::table`] asks the solver one instance at a time; games whose solvers fill a
/// whole table at once (Nim's index table, Memory's recurrences, Geister's
/// retrograde and sweep tables, yen's memoised DP) override it.
pub trait Table: Game {
    /// A table's parameters, written `key=value` words (`piles=3 max=9`).
    type Params: Clone
        + fmt::Debug
        + fmt::Display
        + FromStr<Err = ParseTableError>
        + PartialEq
        + Send
        + Sync;

    /// The keys of [`Table::Params`], in the order its `Display` writes
    /// them: the one list its parse accepts and the command line's flags
    /// (`--max 7` for `max=7`) are made from.
    const PARAMS: &'static [&'static str];

    /// The names of the value's columns in a table file (`value`, or
    /// Geister's `value`, `distance`).
    const VALUE_COLUMNS: &'static [&'static str];
    /// What an instance's [`Table::size_of`] counts.
    const SIZE: &'static str;
    /// What a value looks like in the export notation, with an example.
    const VALUE_NOTATION: &'static str;

    /// The standard tables: each game's defaults, the first of them the
    /// command line's default (one per stone game; Geister's `basic`,
    /// `extended` and `det`).
    fn standard() -> Vec<Self::Params>;

    /// The size bound of a table: every instance has [`Table::size_of`] at
    /// most this.
    fn bound(params: &Self::Params) -> u64;

    /// The same table with bound `size` (a Geister analysis is one table
    /// whatever the bound: its positions have at most 10 pieces).
    fn with_bound(params: &Self::Params, size: u64) -> Self::Params;

    /// An instance's size on the ladder of [`Table::SIZE`].
    fn size_of(instance: &Self::Instance) -> u64;

    /// Every instance of the table, in the canonical order.
    fn instances(params: &Self::Params) -> Vec<Self::Instance>;

    /// Where `instance` stands in [`Table::instances`], `None` if it is not
    /// one of the table's instances.
    fn index(params: &Self::Params, instance: &Self::Instance) -> Option<usize>;

    /// Reads an instance of the table from its text: `text.parse()` by
    /// default; a game whose parse checks the instance against a costly
    /// structure (a Geister position against its analysis's index) reads
    /// it here against the table's and leaves that check to
    /// [`Table::index`].
    ///
    /// # Errors
    /// The game's parse error.
    fn parse_instance(
        _params: &Self::Params,
        text: &str,
    ) -> Result<Self::Instance, Self::ParseError> {
        text.parse()
    }

    /// [`Table::index`] for many instances of one table: whatever the
    /// look-up needs (an index structure, the sorted instances) is built
    /// once.
    fn indexer<'a>(params: &'a Self::Params) -> Indexer<'a, Self::Instance> {
        Box::new(move |instance| Self::index(params, instance))
    }

    /// Every instance of the table with bound `size` that has exactly that
    /// size, in the canonical order.
    fn instances_of_size(params: &Self::Params, size: u64) -> Vec<Self::Instance> {
        Self::instances(&Self::with_bound(params, size))
            .into_iter()
            .filter(|i| Self::size_of(i) == size)
            .collect()
    }

    /// A random instance of exactly `size` (within the other parameters),
    /// drawn from `rng`; `None` if the game has no instance of that size.
    fn random(params: &Self::Params, size: u64, rng: &mut fastrand::Rng) -> Option<Self::Instance>;

    /// Appends the instance's text (its `Display`) to `text`: a game whose
    /// `Display` allocates per piece writes its tables faster here.
    fn write_instance(instance: &Self::Instance, text: &mut String) {
        use std::fmt::Write as _;
        let _ = write!(text, "{instance}");
    }

    /// The value in the export notation (several columns joined by a tab).
    fn write_value(value: &Self::Value) -> String;

    /// Appends [`Table::write_value`]'s text to `text`: a game with large
    /// tables writes it here without a `String` per row.
    fn write_value_into(value: &Self::Value, text: &mut String) {
        text.push_str(&Self::write_value(value));
    }

    /// Reads a value written by [`Table::write_value`] (the fields of a
    /// several-column value may be separated by any whitespace).
    ///
    /// # Errors
    /// [`ParseTableError::Value`].
    fn parse_value(text: &str) -> Result<Self::Value, ParseTableError>;

    /// Every instance of the table with `solver`'s value, in the canonical
    /// order.
    ///
    /// # Errors
    /// The first instance past the solver's reach, as [`SolveError`].
    fn table(solver: Solver, params: &Self::Params) -> Result<Rows<Self>, SolveError> {
        Self::instances(params)
            .into_iter()
            .map(|i| Self::solve(solver, &i).map(|v| (i, v)))
            .collect()
    }

    /// An instance of the table's largest size, by which a solver's reach
    /// is judged before any work ([`Table::check_reach`]); `None` where
    /// every table is within both solvers' reach.
    fn at_bound(params: &Self::Params) -> Option<Self::Instance> {
        let _ = params;
        None
    }

    /// Refuses a table past `solver`'s reach before any work is done:
    /// [`Game::check_size`] of [`Table::at_bound`].
    ///
    /// # Errors
    /// [`SolveError::TooLarge`].
    fn check_reach(solver: Solver, params: &Self::Params) -> Result<(), SolveError> {
        match Self::at_bound(params) {
            Some(instance) => Self::check_size(solver, &instance),
            None => Ok(()),
        }
    }

    /// [`Table::table`] row by row: `row` gets every (instance, value) in
    /// the canonical order as soon as the solver has it, and `progress`
    /// counts the rows; a `Break` from `row` stops the work. The default
    /// solves the whole table with [`Table::table`] first
    /// ([`rows_after_solving`]); a game whose solver answers the rows in
    /// order overrides it ([`rows_as_solved`]).
    ///
    /// # Errors
    /// As [`Table::table`].
    fn table_each(
        solver: Solver,
        params: &Self::Params,
        progress: &dyn Progress,
        row: &mut RowSink<'_, Self>,
    ) -> Result<(), SolveError>
    where
        Self: Sized,
    {
        rows_after_solving::<Self>(solver, params, progress, row)
    }
}

/// [`Table::table_each`] of a table solved whole by [`Table::table`]: the
/// rows are handed over once all are known (`progress` counts them then).
///
/// # Errors
/// As [`Table::table`].
pub fn rows_after_solving<G: Table>(
    solver: Solver,
    params: &G::Params,
    progress: &dyn Progress,
    row: &mut RowSink<'_, G>,
) -> Result<(), SolveError> {
    G::check_reach(solver, params)?;
    progress.begin("solving the table", None);
    let rows = G::table(solver, params)?;
    progress.begin("rows", Some(rows.len() as u64));
    for (instance, value) in rows {
        progress.advance(1);
        if row(instance, value).is_break() {
            break;
        }
    }
    progress.end();
    Ok(())
}

/// [`Table::table_each`] of a table whose solver answers the instances in
/// the canonical order, one by one (`answer`, which may keep a memo):
/// each row is handed over as soon as it is answered.
///
/// # Errors
/// The first instance `answer` refuses.
pub fn rows_as_solved<G: Table>(
    solver: Solver,
    params: &G::Params,
    progress: &dyn Progress,
    row: &mut RowSink<'_, G>,
    mut answer: impl FnMut(&G::Instance) -> Result<G::Value, SolveError>,
) -> Result<(), SolveError> {
    G::check_reach(solver, params)?;
    let instances = G::instances(params);
    progress.begin("rows", Some(instances.len() as u64));
    for instance in instances {
        let value = answer(&instance)?;
        progress.advance(1);
        if row(instance, value).is_break() {
            break;
        }
    }
    progress.end();
    Ok(())
}

/// `key=value` words of a table's parameters, each key once, every key
/// known; `parse` reads each value.
pub struct Words<'a> {
    game: &'static str,
    words: Vec<(&'a str, &'a str)>,
}

impl<'a> Words<'a> {
    /// Splits `text` into `key=value` words, refusing keys not in `keys`.
    pub fn new(
        game: &'static str,
        text: &'a str,
        keys: &[&str],
    ) -> Result<Words<'a>, ParseTableError> {
        let mut words = Vec::new();
        for word in text.split_whitespace() {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| ParseTableError::Params {
                    game,
                    why: format!("`{word}` is not `key=value`"),
                })?;
            if !keys.contains(&key) {
                return Err(ParseTableError::Params {
                    game,
                    why: format!("unknown key `{key}` (known: {})", keys.join(", ")),
                });
            }
            if words.iter().any(|&(k, _)| k == key) {
                return Err(ParseTableError::Params {
                    game,
                    why: format!("`{key}` given twice"),
                });
            }
            words.push((key, value));
        }
        Ok(Words { game, words })
    }

    /// The value of `key` read as a `T`, or `default` when absent.
    pub fn get<T: FromStr>(&self, key: &str, default: T) -> Result<T, ParseTableError> {
        match self.words.iter().find(|&&(k, _)| k == key) {
            None => Ok(default),
            Some(&(_, v)) => v.parse().map_err(|_| ParseTableError::Params {
                game: self.game,
                why: format!("`{key}={v}`: `{v}` is not a valid {key}"),
            }),
        }
    }

    /// A parameter error naming `why`.
    pub fn error(&self, why: impl Into<String>) -> ParseTableError {
        ParseTableError::Params {
            game: self.game,
            why: why.into(),
        }
    }
}

/// A value error of `game`.
pub(crate) fn value_error(
    game: &'static str,
    found: &str,
    expected: &'static str,
) -> ParseTableError {
    ParseTableError::Value {
        game,
        found: found.to_string(),
        expected,
    }
}
