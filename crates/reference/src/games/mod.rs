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
//! use solved_games_reference::games::{nim::face::Nim, Game};
//! let position: <Nim as Game>::Instance = "735".parse()?;
//! assert_eq!(Nim::naive(&position)?, Nim::optimized(&position)?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod geister;
pub mod memory;
pub mod nim;
pub mod shrink;
pub mod stones;
pub mod table;
pub mod yen;

pub use shrink::Shrink;
pub use table::{ParseTableError, Table};

use std::fmt;
use std::str::FromStr;

/// Which of a game's two independent solvers answers: the one word for it
/// in the library, the claims and on the command line (`--solver`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Solver {
    /// The exhaustive search, written for obviousness, with its own model
    /// of the rules.
    Naive,
    /// The DP, retrograde or closed-form solver, written for speed.
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

/// The five games, each with its id, name, document, title and notation
/// written once here: the trait's [`Game::INFO`], the claims registry, the
/// report and the command line all read them from this table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GameId {
    /// Three-pile Nim, document 002.
    Nim,
    /// The five stone-taking score games, document 001.
    Stones,
    /// The Memory game with a special pair, document 004.
    Memory,
    /// 4×4 Mini-Geister, document 003.
    Geister,
    /// The 10,000-yen bidding game, document 000.
    Yen,
}

/// What is known of a game before any solving: one row of [`GameId`]'s table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameInfo {
    /// Short name, on the command line, in JSON and in bench ids (`nim`).
    pub name: &'static str,
    /// The seed document the game is solved in (`000`–`004`).
    pub document: &'static str,
    /// The document's authors and title, as the document gives them.
    pub title: &'static str,
    /// What the game is, in English, without an article (`three-pile Nim`).
    pub description: &'static str,
    /// How an instance of the face is written, with an example.
    pub notation: &'static str,
    /// The prefix of the game's claim ids (`NIM` in `NIM-001`).
    pub claim_prefix: &'static str,
}

impl GameId {
    /// Every game, in the order `reproduce` lists them.
    pub const ALL: [GameId; 5] = [
        GameId::Nim,
        GameId::Stones,
        GameId::Memory,
        GameId::Geister,
        GameId::Yen,
    ];

    /// The game's row of the table.
    #[must_use]
    pub const fn info(self) -> GameInfo {
        match self {
            GameId::Nim => GameInfo {
                name: "nim",
                document: "002",
                title: "Iwase, lecture §38 「ゲームの必勝法(三山崩し)」",
                description: "three-pile Nim",
                notation: "one digit per pile (`735`), or piles over 9 separated by commas (`12,3,40`)",
                claim_prefix: "NIM",
            },
            GameId::Stones => GameInfo {
                name: "stones",
                document: "001",
                title: "Qiita 「必勝法の無い石取りゲームはPythonにやらせよう」",
                description: "stone-taking score games 1–5",
                notation: "`<game 1–5>: <values>`, Game 5 `5: <A's values> / <B's values>` (`1: 1,100,2,3`)",
                claim_prefix: "STO",
            },
            GameId::Memory => GameInfo {
                name: "memory",
                document: "004",
                title: "Sakamoto & Shinoda 「特別なカードを含む神経衰弱ゲームの勝率最大化戦略」",
                description: "Memory game with a special pair",
                notation: "the paper's state name: `F(n,m,k)`, `G(n,m,k)` or `G(n,k)`",
                claim_prefix: "MEM",
            },
            GameId::Geister => GameInfo {
                name: "geister",
                document: "003",
                title: "Tanaka & Takaoka 「ミニガイスターのナッシュ均衡戦略」",
                description: "4×4 Mini-Geister",
                notation: "`<analysis> <player 1's pieces>/<player 2's pieces> <1|2>`: `basic b1,c1/b4,c4 1`",
                claim_prefix: "GEI",
            },
            GameId::Yen => GameInfo {
                name: "yen",
                document: "000",
                title: "Nakano 「1万円ゲームについて」",
                description: "10,000-yen bidding game",
                notation: "`T,R: ROUNDS_LEFT,MONEY_A,MONEY_B,GAIN_DIFF` (`10,10: 10,10,10,0`, the start of T = R = 10)",
                claim_prefix: "YEN",
            },
        }
    }

    /// The name used on the command line and in JSON.
    #[must_use]
    pub const fn name(self) -> &'static str {
        self.info().name
    }

    /// Looks a game up by its command-line name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<GameId> {
        GameId::ALL.into_iter().find(|g| g.name() == name)
    }

    /// Runs `visitor` on this game's face type: the one place an id turns
    /// into its game. Whatever is done for every game (a table kind, a
    /// timing ladder, a bench, a harness, a command's dispatch) is written
    /// once as a [`Visit`] and reaches each game through here.
    pub fn visit<V: Visit>(self, visitor: V) -> V::Output {
        match self {
            GameId::Nim => visitor.visit::<nim::face::Nim>(),
            GameId::Stones => visitor.visit::<stones::face::StoneGames>(),
            GameId::Memory => visitor.visit::<memory::face::Memory>(),
            GameId::Geister => visitor.visit::<geister::face::Geister>(),
            GameId::Yen => visitor.visit::<yen::face::Yen>(),
        }
    }
}

/// Something done with one game's face, written once for every game and
/// run on a game of the registry by [`GameId::visit`] (cgt's
/// `evaluate::run::<Game>`, as a visitor).
pub trait Visit {
    /// What the visit gives.
    type Output;

    /// Does it with the face `G` of the game visited: its answers
    /// ([`Game`]), its whole tables ([`Table`]) and its smaller instances
    /// ([`Shrink`]).
    fn visit<G: Table + Shrink + 'static>(self) -> Self::Output
    where
        G::Instance: Send + Sync,
        G::Value: Send + Sync;
}

/// A ladder of sizes on which a game's two solvers are timed against each
/// other (the report's naive-versus-optimized figure): what one instance
/// is, the sizes, and each solver's answer at a size as text.
pub struct Ladder {
    /// What one instance is, e.g. `Game 1 on n stones`.
    pub instance: &'static str,
    /// The size's name on the axis, e.g. `n (stones)`.
    pub size: &'static str,
    /// The sizes, increasing.
    pub sizes: Vec<u64>,
    /// The naive solver's answer at a size.
    pub naive: Box<dyn Fn(u64) -> String + Sync + Send>,
    /// The optimized solver's answer at a size.
    pub optimized: Box<dyn Fn(u64) -> String + Sync + Send>,
}

/// How far a game's solvers reach for one kind of question: the size of an
/// instance is measured in `unit`, and each solver takes instances up to its
/// limit (`None`: no limit short of memory and `u64`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Which questions this line is about (a game number, "every position").
    pub question: &'static str,
    /// What [`Game::size`] counts for these questions.
    pub unit: &'static str,
    /// The largest size the naive solver takes.
    pub naive: Option<u64>,
    /// The largest size the optimized solver takes.
    pub optimized: Option<u64>,
}

impl Limits {
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
    /// The instance is larger than the solver takes (see [`Game::limits`]).
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
/// A generic caller (the `faces` test, the `solve` bench, the claims of the
/// registry above this layer) parses an instance from the document's
/// notation, asks both solvers and compares the values.
pub trait Game {
    /// The game's name, document and notation: for the five games their
    /// row of the registry, `GameId::Nim.info()`; a game outside the
    /// registry (the subtraction game in `examples/`) writes its own.
    const INFO: GameInfo;
    /// Short name, as in bench ids and on the command line (`nim`).
    const NAME: &'static str = Self::INFO.name;
    /// The seed document the game is solved in ([`GameInfo::document`]).
    const DOCUMENT: &'static str = Self::INFO.document;
    /// How an instance is written, with an example.
    const NOTATION: &'static str = Self::INFO.notation;

    /// The question the game answers, in the document's notation.
    type Instance: FromStr<Err = Self::ParseError> + fmt::Display + fmt::Debug + Clone;
    /// Why a text is not an instance: read first, then validated.
    type ParseError: std::error::Error + fmt::Debug;
    /// The answer; both solvers must give equal values.
    type Value: PartialEq + fmt::Debug + fmt::Display;

    /// Instances both solvers reach, each with a short label of its size
    /// (`("3x9", "999")`): what the bench times and the face harness checks
    /// for every game of the registry.
    const EXAMPLES: &'static [(&'static str, &'static str)];

    /// How far the solvers reach, one line per kind of question.
    fn limits() -> Vec<Limits>;

    /// The sizes on which the report times the two solvers against each
    /// other.
    fn ladder() -> Ladder;

    /// The line of [`Game::limits`] that applies to `instance`, and its
    /// size in that line's unit.
    fn size(instance: &Self::Instance) -> (Limits, u64);

    /// The naive solver's answer to an instance [`Game::check_size`] let
    /// through: what each game writes; callers ask [`Game::naive`].
    ///
    /// # Errors
    /// Whatever the solver refuses beyond its size.
    fn naive_within_limits(instance: &Self::Instance) -> Result<Self::Value, SolveError>;

    /// The optimized solver's answer to an instance [`Game::check_size`]
    /// let through: what each game writes; callers ask [`Game::optimized`].
    ///
    /// # Errors
    /// Whatever the solver refuses beyond its size.
    fn optimized_within_limits(instance: &Self::Instance) -> Result<Self::Value, SolveError>;

    /// The naive solver's answer: the size checked first, then the solver
    /// (a provided method, so that no game can skip the check).
    ///
    /// # Errors
    /// [`SolveError::TooLarge`] past the naive solver's reach.
    fn naive(instance: &Self::Instance) -> Result<Self::Value, SolveError> {
        Self::check_size(Solver::Naive, instance)?;
        Self::naive_within_limits(instance)
    }

    /// The optimized solver's answer, the size checked first.
    ///
    /// # Errors
    /// [`SolveError::TooLarge`] past the optimized solver's reach.
    fn optimized(instance: &Self::Instance) -> Result<Self::Value, SolveError> {
        Self::check_size(Solver::Optimized, instance)?;
        Self::optimized_within_limits(instance)
    }

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

    /// Refuses `instance` if it is past `solver`'s reach; [`Game::naive`]
    /// and [`Game::optimized`] call this first.
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

/// Where the naive and the optimized solver of one game part ways.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Disagreement {
    /// The game's [`Game::NAME`].
    pub game: &'static str,
    /// The instance, in the game's notation.
    pub instance: String,
    /// What the naive solver answered (a value or its refusal).
    pub naive: String,
    /// What the optimized solver answered.
    pub optimized: String,
}

impl fmt::Display for Disagreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {}: naive {} but optimized {}",
            self.game, self.instance, self.naive, self.optimized
        )
    }
}

impl std::error::Error for Disagreement {}

/// The naive = optimized check, written once over the face: both solvers
/// answer every instance and must give the same value (a refusal by the
/// naive solver inside its reach counts as a disagreement). Returns how many
/// instances were checked. A new game gets it by implementing [`Game`].
///
/// # Errors
/// The first [`Disagreement`].
pub fn naive_equals_optimized<G: Game>(
    instances: impl IntoIterator<Item = G::Instance>,
) -> Result<usize, Disagreement> {
    let mut checked = 0;
    for instance in instances {
        let (naive, optimized) = (G::naive(&instance), G::optimized(&instance));
        if naive.is_err() || naive != optimized {
            let show = |r: &Result<G::Value, SolveError>| match r {
                Ok(v) => v.to_string(),
                Err(e) => format!("refused ({e})"),
            };
            return Err(Disagreement {
                game: G::NAME,
                instance: instance.to_string(),
                naive: show(&naive),
                optimized: show(&optimized),
            });
        }
        checked += 1;
    }
    Ok(checked)
}
