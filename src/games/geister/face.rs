//! Mini-Geister behind the common face ([`Game`]): an analysis of the paper
//! and a position, answered by whether player 1's goal is reached (+1),
//! prevented (−1) or neither (0) in finitely many moves, and in how many.

use super::analysis::{Kind, ParseKindError};
use super::index::Space;
use super::naive;
use super::optimized;
use super::rules::{ParsePositionError, Position};
use crate::core::Distance;
use crate::games::{Game, Reach, SolveError, Solver};
use crate::solve::retrograde::Reach as Goal;
use std::collections::BTreeSet;
use std::fmt;
use std::str::FromStr;

/// 4×4 Mini-Geister, document 003.
#[derive(Debug, Clone, Copy)]
pub struct Geister;

/// One question of document 003: the value of a position in an analysis.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Question {
    /// The analysis (its goal for player 1, its piece sets).
    pub kind: Kind,
    /// A position of the analysis.
    pub position: Position,
}

/// `<analysis> <position>`: `basic b1,c1/b4,c4 1`.
impl fmt::Display for Question {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.kind, self.position)
    }
}

/// Why a text is not a question of document 003: the notation, or the
/// analysis's or the position's own parse error, or a position outside the
/// analysis.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseQuestionError {
    /// No space between the analysis and the position.
    Notation,
    /// Not the name of an analysis.
    Analysis(ParseKindError),
    /// Not a position.
    Position(ParsePositionError),
    /// A position whose piece sets the analysis does not cover.
    NotInAnalysis {
        /// The analysis.
        kind: Kind,
        /// The position, as written back.
        position: String,
    },
}

impl fmt::Display for ParseQuestionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseQuestionError::Notation => {
                f.write_str("a question is written `<analysis> <position>`: `basic b1,c1/b4,c4 1`")
            }
            ParseQuestionError::Analysis(why) => why.fmt(f),
            ParseQuestionError::Position(why) => why.fmt(f),
            ParseQuestionError::NotInAnalysis { kind, position } => {
                write!(f, "{position} is not a position of the {kind} analysis")
            }
        }
    }
}

impl std::error::Error for ParseQuestionError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ParseQuestionError::Analysis(e) => Some(e),
            ParseQuestionError::Position(e) => Some(e),
            _ => None,
        }
    }
}

impl FromStr for Question {
    type Err = ParseQuestionError;

    fn from_str(text: &str) -> Result<Question, ParseQuestionError> {
        let (kind, position) = text
            .trim()
            .split_once(' ')
            .ok_or(ParseQuestionError::Notation)?;
        let kind: Kind = kind.parse().map_err(ParseQuestionError::Analysis)?;
        let position: Position = position.parse().map_err(ParseQuestionError::Position)?;
        if Space::new(kind.layouts()).index(&position).is_none() {
            return Err(ParseQuestionError::NotInAnalysis {
                kind,
                position: position.to_string(),
            });
        }
        Ok(Question { kind, position })
    }
}

/// Player 1's goal reached, prevented or neither, and the distance (手数)
/// under optimal play: the winner hurries, the loser delays (0 for neither).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GoalValue {
    /// +1, −1 or 0 for player 1's goal.
    pub reach: Goal,
    /// Plies to the decision.
    pub distance: Distance,
}

impl fmt::Display for GoalValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.reach {
            Goal::Undecided => f.write_str("0 (neither side forces its aim)"),
            reach => write!(f, "{:+} in {} plies", reach.sign(), self.distance),
        }
    }
}

/// The analysis and every analysis it reads, transitively.
fn swept(kind: Kind) -> BTreeSet<Kind> {
    let mut all = BTreeSet::from([kind]);
    for dep in kind.dependencies() {
        all.extend(swept(dep));
    }
    all
}

impl Game for Geister {
    const NAME: &'static str = "geister";
    const DOCUMENT: &'static str = "003";
    const NOTATION: &'static str =
        "`<analysis> <player 1's pieces>/<player 2's pieces> <1|2>`: `basic b1,c1/b4,c4 1`";

    type Instance = Question;
    type ParseError = ParseQuestionError;
    type Value = GoalValue;

    /// Both solvers solve every analysis of the paper (the naive sweeps of
    /// the full-information game, 2,184,000 positions, take 12 s and
    /// 0.6 GB): no question is out of reach.
    fn reach() -> Vec<Reach> {
        vec![Reach {
            question: "every analysis",
            unit: "positions swept (the analysis and those it reads)",
            naive: None,
            optimized: None,
        }]
    }

    fn size(question: &Question) -> (Reach, u64) {
        let positions = swept(question.kind)
            .into_iter()
            .map(|k| Space::new(k.layouts()).len() as u64)
            .sum();
        (Self::reach()[0], positions)
    }

    /// Sweeps the analysis on the naive board; the position is handed over
    /// as text, the notation the two sides share.
    fn naive(question: &Question) -> Result<GoalValue, SolveError> {
        Self::check_size(Solver::Naive, question)?;
        let analysis = naive::Analysis::named(question.kind.name())
            .expect("the naive side has every analysis of the engine");
        let position: naive::Position = question
            .position
            .to_string()
            .parse()
            .expect("the naive side reads the engine's notation");
        let (value, distance) = naive::solve(analysis)
            .get(&position)
            .expect("the naive sweep covers every position of the analysis");
        let reach = match value {
            naive::Value::Reached => Goal::Goal,
            naive::Value::Neither => Goal::Undecided,
            naive::Value::Prevented => Goal::Prevented,
        };
        Ok(GoalValue {
            reach,
            distance: Distance::from(distance),
        })
    }

    /// The retrograde engine over the mirror-reduced index.
    fn optimized(question: &Question) -> Result<GoalValue, SolveError> {
        Self::check_size(Solver::Optimized, question)?;
        let (reach, distance) = optimized::solve(question.kind)
            .get(&question.position)
            .expect("the engine covers every position of the analysis");
        Ok(GoalValue {
            reach,
            distance: Distance::from(distance),
        })
    }
}
