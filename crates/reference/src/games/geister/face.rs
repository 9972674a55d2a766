//! Mini-Geister behind the common face ([`Game`]): an analysis of the paper
//! and a position, answered by whether player 1's goal is reached (+1),
//! prevented (−1) or neither (0) in finitely many moves, and in how many.

use super::analysis::{Kind, ParseKindError};
use super::index::Space;
use super::naive;
use super::optimized;
use super::rules::{squares, Colour, ParsePositionError, Position};
use crate::core::Distance;
use crate::core::Player;
use crate::games::table::{value_error, Indexer, ParseTableError, Table, Words};
use crate::games::{Game, GameId, GameInfo, Ladder, Limits, SolveError, Solver};
use crate::solve::retrograde;
use rayon::prelude::*;
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
    pub reach: retrograde::Reach,
    /// Plies to the decision.
    pub distance: Distance,
}

impl fmt::Display for GoalValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.reach {
            retrograde::Reach::Undecided => f.write_str("0 (neither side forces its aim)"),
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
    const INFO: GameInfo = GameId::Geister.info();

    type Instance = Question;
    type ParseError = ParseQuestionError;
    type Value = GoalValue;

    /// The analysis.
    const EXAMPLES: &'static [(&'static str, &'static str)] = &[("basic", "basic b1,c1/b4,c4 1")];

    /// The analyses that read no other analysis, by their number of
    /// positions, smallest first (§3's 21840 first; the full-information
    /// table, 2.2 million positions and a minute of naive sweeps, left
    /// out): the naive sweeps against the retrograde engine, compared by
    /// their rows of positions by distance.
    fn ladder() -> Ladder {
        let mut analyses: Vec<(u64, Kind)> = Kind::ALL
            .into_iter()
            .filter(|k| k.dependencies().is_empty() && *k != Kind::Det)
            .map(|k| (Space::new(k.layouts()).len() as u64, k))
            .collect();
        analyses.sort();
        let sizes = analyses.iter().map(|&(n, _)| n).collect();
        let analyses = std::sync::Arc::new(analyses);
        let of = |analyses: &[(u64, Kind)], positions: u64| {
            analyses
                .iter()
                .find(|(n, _)| *n == positions)
                .map(|&(_, k)| k)
        };
        let naive_analyses = std::sync::Arc::clone(&analyses);
        Ladder {
            instance: "a retrograde analysis that reads no other (§3 basic, then player 1's colours known)",
            size: "positions",
            sizes,
            naive: Box::new(move |positions| {
                of(&naive_analyses, positions).map_or_else(String::new, |k| {
                    // The naive model has its own analyses, named as the engine's.
                    let analysis = naive::Analysis::named(k.name())
                        .expect("the naive model names every analysis as the engine does");
                    super::report::Census::of_naive(&naive::solve(analysis)).distance_row()
                })
            }),
            optimized: Box::new(move |positions| {
                of(&analyses, positions).map_or_else(String::new, |k| {
                    super::report::Census::of(&optimized::solve(k)).distance_row()
                })
            }),
        }
    }

    /// Both solvers solve every analysis of the paper (the naive sweeps of
    /// the full-information game, 2,184,000 positions, take 12 s and
    /// 0.6 GB): no question is out of reach.
    fn limits() -> Vec<Limits> {
        vec![Limits {
            question: "every analysis",
            unit: "positions swept (the analysis and those it reads)",
            naive: None,
            optimized: None,
        }]
    }

    fn size(question: &Question) -> (Limits, u64) {
        let positions = swept(question.kind)
            .into_iter()
            .map(|k| Space::new(k.layouts()).len() as u64)
            .sum();
        (Self::limits()[0], positions)
    }

    /// Sweeps the analysis on the naive board; the position is handed over
    /// as text, the notation the two sides share.
    fn naive_within_limits(question: &Question) -> Result<GoalValue, SolveError> {
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
            naive::Value::Reached => retrograde::Reach::Goal,
            naive::Value::Neither => retrograde::Reach::Undecided,
            naive::Value::Prevented => retrograde::Reach::Prevented,
        };
        Ok(GoalValue {
            reach,
            distance: Distance::from(distance),
        })
    }

    /// The retrograde engine over the mirror-reduced index.
    fn optimized_within_limits(question: &Question) -> Result<GoalValue, SolveError> {
        let (reach, distance) = optimized::solve(question.kind)
            .get(&question.position)
            .expect("the engine covers every position of the analysis");
        Ok(GoalValue {
            reach,
            distance: Distance::from(distance),
        })
    }
}

/// A Geister table: every position of one analysis, written
/// `analysis=basic`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GeisterTableParams {
    /// The analysis.
    pub analysis: Kind,
}

impl fmt::Display for GeisterTableParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "analysis={}", self.analysis)
    }
}

impl FromStr for GeisterTableParams {
    type Err = ParseTableError;

    fn from_str(text: &str) -> Result<GeisterTableParams, ParseTableError> {
        let words = Words::new(Geister::NAME, text, Geister::PARAMS)?;
        let name: String = words.get("analysis", "basic".to_string())?;
        let analysis = name
            .parse()
            .map_err(|e: ParseKindError| words.error(e.to_string()))?;
        Ok(GeisterTableParams { analysis })
    }
}

/// Pieces on the board.
fn pieces(position: &Position) -> u64 {
    u64::from(position.p1.all().count_ones() + position.p2.all().count_ones())
}

fn goal_value((reach, distance): (retrograde::Reach, u16)) -> GoalValue {
    GoalValue {
        reach,
        distance: Distance::from(distance),
    }
}

/// Positions in the order of the analysis's plain (unreduced) index
/// (SPEC.md, Mini-Geister, "State representation"): piece-set layout by
/// layout, player 1 to move before player 2, then the placements' mixed
/// radix rank. A position's size is the number of pieces on the board.
impl Table for Geister {
    type Params = GeisterTableParams;
    const PARAMS: &'static [&'static str] = &["analysis"];
    const VALUE_COLUMNS: &'static [&'static str] = &["value", "distance"];
    const SIZE: &'static str = "pieces on the board";
    const VALUE_NOTATION: &'static str =
        "player 1's goal reached `1`, prevented `-1` or neither `0`, a tab, and the distance in plies (`1\t13`, `0\t0`)";

    fn standard() -> Vec<GeisterTableParams> {
        [Kind::Basic, Kind::Extended, Kind::Det]
            .into_iter()
            .map(|analysis| GeisterTableParams { analysis })
            .collect()
    }

    /// Every analysis is one table: at most 10 pieces (5 a side).
    fn bound(_: &GeisterTableParams) -> u64 {
        10
    }

    fn with_bound(params: &GeisterTableParams, _: u64) -> GeisterTableParams {
        *params
    }

    fn size_of(question: &Question) -> u64 {
        pieces(&question.position)
    }

    /// Decoded in parallel and collected in index order: the same list on
    /// every thread count.
    fn instances(params: &GeisterTableParams) -> Vec<Question> {
        let space = Space::new(params.analysis.layouts());
        (0..space.len())
            .into_par_iter()
            .map(|i| Question {
                kind: params.analysis,
                position: space.position(i),
            })
            .collect()
    }

    fn parse_instance(
        params: &GeisterTableParams,
        text: &str,
    ) -> Result<Question, ParseQuestionError> {
        let (kind, position) = text
            .trim()
            .split_once(' ')
            .ok_or(ParseQuestionError::Notation)?;
        // The table's own analysis by one comparison, not a parse: every
        // row of a table file names it.
        let kind: Kind = if kind == params.analysis.name() {
            params.analysis
        } else {
            kind.parse().map_err(ParseQuestionError::Analysis)?
        };
        if kind != params.analysis {
            // Another analysis's question: read it whole, with its check.
            return text.parse();
        }
        let position: Position = position.parse().map_err(ParseQuestionError::Position)?;
        Ok(Question { kind, position })
    }

    fn index(params: &GeisterTableParams, question: &Question) -> Option<usize> {
        if question.kind != params.analysis {
            return None;
        }
        Space::new(params.analysis.layouts()).index(&question.position)
    }

    fn indexer<'a>(params: &'a GeisterTableParams) -> Indexer<'a, Question> {
        let space = Space::new(params.analysis.layouts());
        Box::new(move |question| {
            (question.kind == params.analysis)
                .then(|| space.index(&question.position))
                .flatten()
        })
    }

    /// Uniform over the analysis's positions with `size` pieces.
    fn random(params: &GeisterTableParams, size: u64, rng: &mut fastrand::Rng) -> Option<Question> {
        let of_size = Self::instances_of_size(params, size);
        (!of_size.is_empty()).then(|| of_size[rng.usize(0..of_size.len())])
    }

    /// The text of `Display` (pieces by square, `B`/`R` before a known
    /// colour) without its allocations: the `det` table has 2,184,000 rows.
    fn write_instance(question: &Question, text: &mut String) {
        text.push_str(question.kind.name());
        text.push(' ');
        for (k, army) in [&question.position.p1, &question.position.p2]
            .into_iter()
            .enumerate()
        {
            if k == 1 {
                text.push('/');
            }
            for (n, s) in squares(army.all()).enumerate() {
                if n > 0 {
                    text.push(',');
                }
                match army.colour_at(s) {
                    Some(Colour::Blue) => text.push('B'),
                    Some(Colour::Red) => text.push('R'),
                    _ => {}
                }
                text.push(char::from(b'a' + s % 4));
                text.push(char::from(b'1' + s / 4));
            }
        }
        text.push_str(match question.position.to_move {
            Player::First => " 1",
            Player::Second => " 2",
        });
    }

    fn write_value(value: &GoalValue) -> String {
        format!("{}\t{}", value.reach.sign(), value.distance)
    }

    /// [`Table::write_value`]'s text without its `String`: one per row of
    /// the 2,184,000 of `det` was a tenth of the export's time.
    fn write_value_into(value: &GoalValue, text: &mut String) {
        use std::fmt::Write as _;
        let _ = write!(text, "{}\t{}", value.reach.sign(), value.distance);
    }

    fn parse_value(text: &str) -> Result<GoalValue, ParseTableError> {
        let bad = || value_error(Geister::NAME, text, Geister::VALUE_NOTATION);
        let mut fields = text.split_whitespace();
        let (Some(sign), Some(distance), None) = (fields.next(), fields.next(), fields.next())
        else {
            return Err(bad());
        };
        let reach = match sign.strip_prefix('+').unwrap_or(sign) {
            "1" => retrograde::Reach::Goal,
            "0" => retrograde::Reach::Undecided,
            "-1" => retrograde::Reach::Prevented,
            _ => return Err(bad()),
        };
        let distance = distance.parse().map_err(|_| bad())?;
        Ok(GoalValue { reach, distance })
    }

    /// One retrograde table (mirror-reduced, expanded position by position,
    /// in parallel and collected in index order) or one naive sweep, read in
    /// the plain index order; both come from the process's caches
    /// (`solved`), so a second table costs no second sweep, and the engine
    /// solves only the analysis asked and those it reads.
    fn table(
        solver: Solver,
        params: &GeisterTableParams,
    ) -> Result<Vec<(Question, GoalValue)>, SolveError> {
        let questions = Self::instances(params);
        Ok(match solver {
            Solver::Optimized => {
                // The per-process cache: the claims and the export of every
                // analysis share one solve of each.
                let table = super::solved::optimized(params.analysis);
                questions
                    .into_par_iter()
                    .map(|q| {
                        let v = table
                            .get(&q.position)
                            .expect("the engine covers every position of the analysis");
                        (q, goal_value(v))
                    })
                    .collect()
            }
            Solver::Naive => {
                let analysis = naive::Analysis::named(params.analysis.name())
                    .expect("the naive side has every analysis of the engine");
                let table = super::solved::naive_all()
                    .table(analysis)
                    .expect("every analysis is swept");
                // In parallel, collected in index order: the position goes
                // over as text, and 2,184,000 of them (det) took one thread
                // seconds. The text is `write_instance`'s (`Display`'s
                // notation after the analysis name) into one buffer per
                // thread: `to_string` was a tenth of the Geister claims'
                // CPU time. The positions are then looked up all at once
                // (`get_each`, in the naive table's key order): one at a
                // time in index order, each search was a cache miss.
                let positions = questions.par_iter().map_init(String::new, |text, q| {
                    text.clear();
                    Self::write_instance(q, text);
                    let (_, notation) = text
                        .split_once(' ')
                        .expect("the analysis name, a space, the position");
                    notation
                        .parse()
                        .expect("the naive side reads the engine's notation")
                });
                let found = table.get_each(positions);
                questions
                    .into_par_iter()
                    .zip(found)
                    .map(|(q, found)| {
                        let (value, distance) =
                            found.expect("the naive sweep covers every position of the analysis");
                        let reach = match value {
                            naive::Value::Reached => retrograde::Reach::Goal,
                            naive::Value::Neither => retrograde::Reach::Undecided,
                            naive::Value::Prevented => retrograde::Reach::Prevented,
                        };
                        (q, goal_value((reach, distance)))
                    })
                    .collect()
            }
        })
    }
}

/// Smaller questions of the same analysis, for `check`'s minimal
/// counterexamples: remove one piece (either side's, by square), then step
/// one piece back one square toward its own home row (document 003 §1:
/// player 1's home row is rank 1, player 2's rank 4) onto an empty square;
/// each kept only if it is a position of the analysis (its piece sets
/// covered, as the question's parse requires). Removing lowers the size
/// (pieces); stepping back lowers the pieces' total advance, so the greedy
/// walk ends.
impl crate::games::shrink::Shrink for Geister {
    fn shrink(question: &Question) -> Vec<Question> {
        let space = Space::new(question.kind.layouts());
        let p = question.position;
        let mut out = Vec::new();
        let mut keep = |position: Position| {
            let q = Question {
                kind: question.kind,
                position,
            };
            if position != p && space.index(&position).is_some() && !out.contains(&q) {
                out.push(q);
            }
        };
        for side in [Player::First, Player::Second] {
            for s in squares(p.army(side).all()) {
                let mut next = p;
                for set in &mut next.army_mut(side).by_colour {
                    *set &= !(1 << s);
                }
                keep(next);
            }
        }
        let occupied = p.p1.all() | p.p2.all();
        for side in [Player::First, Player::Second] {
            for s in squares(p.army(side).all()) {
                let back = match side {
                    Player::First => s.checked_sub(4),
                    Player::Second => Some(s + 4).filter(|&t| t < 16),
                };
                let Some(back) = back.filter(|&t| occupied & (1 << t) == 0) else {
                    continue;
                };
                let mut next = p;
                for set in &mut next.army_mut(side).by_colour {
                    if *set & (1 << s) != 0 {
                        *set = (*set & !(1 << s)) | (1 << back);
                    }
                }
                keep(next);
            }
        }
        out
    }
}
