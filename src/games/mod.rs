//! One module per game: rules, a naive solver and an optimized solver, each in
//! its own file. See the crate docs for the table game → document → solvers.
//!
//! Every game also shows the same face, [`Game`]: the question it answers
//! (an [`Game::Instance`] read from and written as the document's notation),
//! the answer ([`Game::Value`]), and the two solvers as
//! [`Game::naive`] / [`Game::optimized`], each refusing with a typed
//! [`SolveError`] what it cannot take. The face wraps each game's own entry
//! points; the engines stay specialised to their game.
//!
//! | game | instance | value |
//! |---|---|---|
//! | [`nim::face::Nim`] | a position, `735` | [`Wdl`](crate::core::Wdl) for the side to move |
//! | [`stones::face::StoneGames`] | game number and row, `1: 1,100,2,3` | A's score minus B's |
//! | [`memory::face::Memory`] | a state, `F(3,0,1)` | the mover's expected points |
//! | [`geister::face::Geister`] | an analysis and a position, `basic b1,c1/b4,c4 1` | player 1's goal reached / prevented / neither, and the distance |
//! | [`yen::face::Yen`] | T, R and a state, `10,10: 10,10,10,0` | A's expected score (+1 win, −1 loss) |
//!
//! # Examples
//! ```
//! use solved_games::games::{nim::face::Nim, Game};
//! let position: <Nim as Game>::Instance = "735".parse()?;
//! assert_eq!(Nim::naive(&position)?, Nim::optimized(&position)?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod geister;
pub mod memory;
pub mod nim;
pub mod stones;
pub mod table;
pub mod yen;

pub use table::{ParseTableError, Table};

use std::fmt;
use std::str::FromStr;

/// Which of a game's two independent solvers answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Solver {
    /// The exhaustive search written for obviousness.
    Naive,
    /// The DP / retrograde / closed-form solver written for speed.
    Optimized,
}

impl Solver {
    /// Both solvers, naive first.
    pub const BOTH: [Solver; 2] = [Solver::Naive, Solver::Optimized];

    /// `naive` or `optimized`, as on the command line and in bench ids.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Solver::Naive => "naive",
            Solver::Optimized => "optimized",
        }
    }
}

impl fmt::Display for Solver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How far a game's solvers reach for one kind of question: the size of an
/// instance is measured in `unit`, and each solver takes instances up to its
/// limit (`None`: no limit short of memory and `u64`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reach {
    /// Which questions this line is about (a game number, "every position").
    pub question: &'static str,
    /// What [`Game::size`] counts for these questions.
    pub unit: &'static str,
    /// The largest size the naive solver takes.
    pub naive: Option<u64>,
    /// The largest size the optimized solver takes.
    pub optimized: Option<u64>,
}

impl Reach {
    /// The limit of `solver`.
    #[must_use]
    pub fn limit(&self, solver: Solver) -> Option<u64> {
        match solver {
            Solver::Naive => self.naive,
            Solver::Optimized => self.optimized,
        }
    }
}

/// Why a solver gives no value for a well-formed instance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SolveError {
    /// The instance is larger than the solver takes (see [`Game::reach`]).
    TooLarge {
        /// The game's [`Game::NAME`].
        game: &'static str,
        /// The solver that refuses.
        solver: Solver,
        /// The instance's [`Game::size`].
        size: u64,
        /// The largest size the solver takes.
        limit: u64,
        /// What the size counts.
        unit: &'static str,
    },
    /// The instance is well formed but no play of the game reaches it, and
    /// the solver reasons about plays (the naive yen solver walks histories
    /// of bets; a state such as `2,2: 1,0,0,4` passes the state's checks
    /// but no bets produce it).
    Unreachable {
        /// The game's [`Game::NAME`].
        game: &'static str,
        /// The solver that refuses.
        solver: Solver,
        /// The instance, as written.
        instance: String,
    },
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::TooLarge {
                game,
                solver,
                size,
                limit,
                unit,
            } => write!(
                f,
                "{game}: {size} {unit} is too large for the {solver} solver (at most {limit})"
            ),
            SolveError::Unreachable {
                game,
                solver,
                instance,
            } => write!(
                f,
                "{game}: no play reaches {instance}, so the {solver} solver has nothing to search"
            ),
        }
    }
}

impl std::error::Error for SolveError {}

/// The face every game shows: its document, its question and answer, and
/// its two independent solvers.
///
/// A generic caller (the `faces` test, the `solve` bench, the claims'
/// [`Evidence`](crate::claims::Evidence)) parses an instance from the
/// document's notation, asks both solvers and compares the values.
pub trait Game {
    /// Short name, as in bench ids and on the command line (`nim`).
    const NAME: &'static str;
    /// The seed document the game is solved in (`002`).
    const DOCUMENT: &'static str;
    /// How an instance is written, with an example.
    const NOTATION: &'static str;

    /// The question the game answers, in the document's notation.
    type Instance: FromStr<Err = Self::ParseError> + fmt::Display + fmt::Debug + Clone;
    /// Why a text is not an instance: read first, then validated.
    type ParseError: std::error::Error + fmt::Debug;
    /// The answer; both solvers must give equal values.
    type Value: PartialEq + fmt::Debug + fmt::Display;

    /// How far the solvers reach, one line per kind of question.
    fn reach() -> Vec<Reach>;

    /// The line of [`Game::reach`] that applies to `instance`, and its
    /// size in that line's unit.
    fn size(instance: &Self::Instance) -> (Reach, u64);

    /// The naive solver's answer.
    ///
    /// # Errors
    /// [`SolveError::TooLarge`] past the naive solver's reach.
    fn naive(instance: &Self::Instance) -> Result<Self::Value, SolveError>;

    /// The optimized solver's answer.
    ///
    /// # Errors
    /// [`SolveError::TooLarge`] past the optimized solver's reach.
    fn optimized(instance: &Self::Instance) -> Result<Self::Value, SolveError>;

    /// The answer of `solver`.
    ///
    /// # Errors
    /// As [`Game::naive`] and [`Game::optimized`].
    fn solve(solver: Solver, instance: &Self::Instance) -> Result<Self::Value, SolveError> {
        match solver {
            Solver::Naive => Self::naive(instance),
            Solver::Optimized => Self::optimized(instance),
        }
    }

    /// Refuses `instance` if it is past `solver`'s reach; each game's
    /// `naive` and `optimized` call this first.
    ///
    /// # Errors
    /// [`SolveError::TooLarge`].
    fn check_size(solver: Solver, instance: &Self::Instance) -> Result<(), SolveError> {
        let (reach, size) = Self::size(instance);
        match reach.limit(solver) {
            Some(limit) if size > limit => Err(SolveError::TooLarge {
                game: Self::NAME,
                solver,
                size,
                limit,
                unit: reach.unit,
            }),
            _ => Ok(()),
        }
    }
}

/// The evidence for a claim about one instance: the optimized solver's
/// value as computed, the naive solver's beside it (a claim passes only
/// where they agree; see [`Evidence::both`](crate::claims::Evidence::both)).
///
/// # Errors
/// Either solver's [`SolveError`].
pub fn evidence<G: Game>(instance: &G::Instance) -> Result<crate::claims::Evidence, SolveError> {
    evidence_as::<G>(instance, ToString::to_string)
}

/// [`evidence`] with both values rendered by `show`, in the notation of the
/// claim they are compared with (Stone Game III's `Alice`/`Bob`/`Tie` for
/// a [`stones::face::Lead`]).
///
/// # Errors
/// Either solver's [`SolveError`].
pub fn evidence_as<G: Game>(
    instance: &G::Instance,
    show: impl Fn(&G::Value) -> String,
) -> Result<crate::claims::Evidence, SolveError> {
    Ok(crate::claims::Evidence::both(
        show(&G::optimized(instance)?),
        show(&G::naive(instance)?),
    ))
}
