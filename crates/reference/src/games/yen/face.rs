//! The 10,000-yen game behind the common face ([`Game`]): a scaled game
//! (T units, R rounds) and a state between rounds, answered by A's
//! expected score under optimal play by both (+1 win, 0 draw, −1 loss).

use super::naive::{self, round_gains, ScaledGame};
use super::optimized;
use super::rules::{InvalidState, ParseStateError, Rules, State};
use crate::games::table::{self, value_error, Indexer, ParseTableError, RowSink, Table, Words};
use crate::games::{Game, GameId, GameInfo, Ladder, Limits, SolveError, Solver};
use crate::progress::Progress;
use num_rational::BigRational;
use std::collections::HashSet;
use std::fmt;
use std::str::FromStr;

/// The 10,000-yen bidding game, document 000, scaled to T units and R rounds.
#[derive(Debug, Clone, Copy)]
pub struct Yen;

/// One question: the value of `state` in the game of `rules`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct YenQuestion {
    /// T and R.
    pub rules: Rules,
    /// Rounds left, each player's money left, A's gains minus B's.
    pub state: State,
}

impl YenQuestion {
    /// The start of the game of `rules`.
    #[must_use]
    pub fn start(rules: Rules) -> YenQuestion {
        YenQuestion {
            rules,
            state: State::start(rules),
        }
    }
}

/// `T,R: ROUNDS_LEFT,MONEY_A,MONEY_B,GAIN_DIFF`: `10,10: 10,10,10,0` is
/// the start of the 10-unit, 10-round game.
impl fmt::Display for YenQuestion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{},{}: {}",
            self.rules.total, self.rules.rounds, self.state
        )
    }
}

/// Why a text is not a question about a scaled 10,000-yen game: the
/// notation, the rules, or the state's own parse or check error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseYenQuestionError {
    /// Not `T,R: <state>`.
    Notation,
    /// T or R is not a number, or R is 0.
    Rules {
        /// The text before the `:`.
        found: String,
    },
    /// Not a state `ROUNDS_LEFT,MONEY_A,MONEY_B,GAIN_DIFF`.
    State(ParseStateError),
    /// A state no match of the game reaches ([`State::check`]).
    Impossible(InvalidState),
}

impl fmt::Display for ParseYenQuestionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseYenQuestionError::Notation => f.write_str(
                "a question is written `T,R: ROUNDS_LEFT,MONEY_A,MONEY_B,GAIN_DIFF`: `10,10: 10,10,10,0`",
            ),
            ParseYenQuestionError::Rules { found } => {
                write!(f, "`{found}` is not `T,R` with T ≥ 0 units and R ≥ 1 rounds")
            }
            ParseYenQuestionError::State(why) => why.fmt(f),
            ParseYenQuestionError::Impossible(why) => why.fmt(f),
        }
    }
}

impl std::error::Error for ParseYenQuestionError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ParseYenQuestionError::State(e) => Some(e),
            ParseYenQuestionError::Impossible(e) => Some(e),
            _ => None,
        }
    }
}

impl FromStr for YenQuestion {
    type Err = ParseYenQuestionError;

    fn from_str(text: &str) -> Result<YenQuestion, ParseYenQuestionError> {
        let (rules, state) = text
            .split_once(':')
            .ok_or(ParseYenQuestionError::Notation)?;
        let bad_rules = || ParseYenQuestionError::Rules {
            found: rules.trim().to_string(),
        };
        let (total, rounds) = rules.split_once(',').ok_or_else(bad_rules)?;
        let rules = Rules {
            total: total.trim().parse().map_err(|_| bad_rules())?,
            rounds: rounds
                .trim()
                .parse()
                .ok()
                .filter(|&r| r >= 1)
                .ok_or_else(bad_rules)?,
        };
        let state: State = state.parse().map_err(ParseYenQuestionError::State)?;
        state
            .check(rules)
            .map_err(ParseYenQuestionError::Impossible)?;
        Ok(YenQuestion { rules, state })
    }
}

/// A history of bets that leads to `state` under `game`, found by a
/// depth-first search over rounds with the naive side's own settlement: the
/// naive solver reasons about histories, not states.
fn history_to(game: ScaledGame, state: State) -> Option<Vec<(u64, u64)>> {
    let played = game.rounds - state.rounds_left;
    let target = (
        game.total - state.money_a,
        game.total - state.money_b,
        state.gain_diff,
    );
    let mut failed = HashSet::new();
    let mut history = Vec::new();
    extend(game, played, target, (0, 0, 0), &mut history, &mut failed).then_some(history)
}

type Spent = (u64, u64, i64);

fn extend(
    game: ScaledGame,
    played: u32,
    target: Spent,
    at: Spent,
    history: &mut Vec<(u64, u64)>,
    failed: &mut HashSet<(usize, Spent)>,
) -> bool {
    let round = history.len() as u32;
    if round == played {
        return at == target;
    }
    if failed.contains(&(history.len(), at)) {
        return false;
    }
    let (spent_a, spent_b, diff) = at;
    for x in game.bets(round + 1, spent_a) {
        if spent_a + x > target.0 {
            break;
        }
        for y in game.bets(round + 1, spent_b) {
            if spent_b + y > target.1 {
                break;
            }
            let (gain_a, gain_b) = round_gains(x, y);
            let next = (
                spent_a + x,
                spent_b + y,
                diff + gain_a as i64 - gain_b as i64,
            );
            history.push((x, y));
            if extend(game, played, target, next, history, failed) {
                return true;
            }
            history.pop();
        }
    }
    failed.insert((history.len(), at));
    false
}

impl Game for Yen {
    const INFO: GameInfo = GameId::Yen.info();

    type Instance = YenQuestion;
    type ParseError = ParseYenQuestionError;
    type Value = BigRational;

    /// T and R.
    const EXAMPLES: &'static [(&'static str, &'static str)] =
        &[("T6R6", "6,6: 6,6,6,0"), ("T10R10", "10,10: 10,10,10,0")];

    /// The exact value of the game with T units over R = T rounds: the
    /// naive recursion over bet histories against the DP.
    fn ladder() -> Ladder {
        let rules = |t: u64| Rules {
            total: t,
            rounds: u32::try_from(t).expect("small T"),
        };
        Ladder {
            instance: "the exact value of the game with T units over R = T rounds",
            size: "T = R",
            sizes: vec![1, 2, 3, 4, 5, 6, 7, 8],
            naive: Box::new(move |t| {
                let r = rules(t);
                let game = ScaledGame {
                    total: r.total,
                    rounds: r.rounds,
                };
                crate::solve::exact::format_ratio(&naive::value(game))
            }),
            optimized: Box::new(move |t| {
                let state = State::start(rules(t));
                crate::solve::exact::format_ratio(&optimized::ExactDp::new().value(state))
            }),
        }
    }

    /// The naive history recursion: T = 12, R = 10 in 3.5 s, T = 14,
    /// R = 10 not in 6 minutes (`naive` module docs); past 10 rounds its
    /// reach is smaller. The optimized DP takes the CLI's T ≤ 60.
    fn limits() -> Vec<Limits> {
        vec![
            Limits {
                question: "R ≤ 10 rounds",
                unit: "units T",
                naive: Some(NAIVE_TOTAL),
                optimized: Some(OPTIMIZED_TOTAL),
            },
            Limits {
                question: "R > 10 rounds",
                unit: "units T",
                naive: Some(NAIVE_TOTAL_PAST_10_ROUNDS),
                optimized: Some(OPTIMIZED_TOTAL),
            },
        ]
    }

    fn size(question: &YenQuestion) -> (Limits, u64) {
        let line = usize::from(question.rules.rounds > 10);
        (Self::limits()[line], question.rules.total)
    }

    /// A history reaching the state, then the naive recursion after it.
    fn naive_within_limits(question: &YenQuestion) -> Result<BigRational, SolveError> {
        let game = ScaledGame {
            total: question.rules.total,
            rounds: question.rules.rounds,
        };
        let history = history_to(game, question.state).ok_or_else(|| SolveError::Unreachable {
            game: Self::NAME,
            solver: Solver::Naive,
            instance: question.to_string(),
        })?;
        Ok(naive::value_after(game, &history).expect("the history found is legal"))
    }

    /// The layered DP over compressed states.
    fn optimized_within_limits(question: &YenQuestion) -> Result<BigRational, SolveError> {
        Ok(optimized::ExactDp::new().value(question.state))
    }
}

/// The largest T the naive recursion is asked for past 10 rounds.
const NAIVE_TOTAL_PAST_10_ROUNDS: u64 = 8;
/// The most units T the naive recursion takes at R ≤ 10 ([`Yen::limits`]).
pub const NAIVE_TOTAL: u64 = 12;
/// The most units T the exact DP takes ([`Yen::limits`]); `yen solve`,
/// `yen export-efg --stage` and the tables read it from here.
pub const OPTIMIZED_TOTAL: u64 = 60;

/// A yen table: every state a match of T units and R rounds reaches,
/// written `total=10 rounds=10`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct YenTableParams {
    /// The game's T and R.
    pub rules: Rules,
}

impl fmt::Display for YenTableParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "total={} rounds={}", self.rules.total, self.rules.rounds)
    }
}

impl FromStr for YenTableParams {
    type Err = ParseTableError;

    fn from_str(text: &str) -> Result<YenTableParams, ParseTableError> {
        let words = Words::new(Yen::NAME, text, Yen::PARAMS)?;
        let rules = Rules {
            total: words.get("total", 10)?,
            rounds: words.get("rounds", 10)?,
        };
        let limit = Yen::limits()[0].optimized.unwrap_or(u64::MAX);
        if rules.rounds == 0 || rules.total > limit || rules.rounds > 100 {
            return Err(words.error(format!(
                "`total={} rounds={}`: a table has total ≤ {limit} units and 1 to 100 rounds",
                rules.total, rules.rounds
            )));
        }
        let cost = estimated_seconds(rules);
        if cost > MAX_TABLE_SECONDS {
            return Err(words.error(format!(
                "`total={} rounds={}`: the exact solve is estimated at {} of CPU time (the exact fractions grow fast past 18 units over many rounds); a table is refused beyond {MAX_TABLE_SECONDS} s: lower total or rounds",
                rules.total,
                rules.rounds,
                seconds_text(cost)
            )));
        }
        Ok(YenTableParams { rules })
    }
}

/// The most CPU time a yen table may be estimated to cost
/// ([`estimated_seconds`]), in seconds.
pub const MAX_TABLE_SECONDS: f64 = 600.0;

/// The CPU seconds the exact DP is estimated to take over every state a
/// match of `rules` reaches (the table of `rules`; for a state, the table
/// of T = its larger money and R = its rounds left bounds its cost).
///
/// An estimate fitted to measured CPU times of `export yen` (2 cores,
/// within a factor of 3 of each): about 0.55·R·(T + 1)³ rows at 10 µs
/// each, times 3^x · 2^y where x = (T − 18)⁺ · min(1, (D − 3)⁺ / 7) and y =
/// (T − 18)⁺ · (D − 9)⁺ / 2 with D = min(R, T), the rounds a match can
/// last with a unit bet a round. Measured: T = 17 at R = 100 3.7 s, T = 18
/// at R = 30 3.1 s, T = 20 at R = 10 6.9 s and at R = 11 13.4 s, T = 22 at
/// R = 10 over 80 s, T = 40 at R = 3 0.3 s: the exact fractions grow fast
/// once both the money and the rounds are large.
#[must_use]
pub fn estimated_seconds(rules: Rules) -> f64 {
    let t = rules.total as f64;
    let r = f64::from(rules.rounds);
    let depth = r.min(t);
    let excess = (t - 18.0).max(0.0);
    let x = excess * ((depth - 3.0).max(0.0) / 7.0).min(1.0);
    let y = excess * (depth - 9.0).max(0.0) / 2.0;
    let rows = 0.55 * r * (t + 1.0).powi(3);
    rows * 10e-6 * 3f64.powf(x) * 2f64.powf(y)
}

/// Seconds as a person reads them: `about 45 s`, `about 12 min`, `about
/// 3.2 h`, `about 4e9 years`, `more than 1e300 years`.
fn seconds_text(s: f64) -> String {
    if s < 120.0 {
        format!("about {s:.0} s")
    } else if s < 7200.0 {
        format!("about {:.0} min", s / 60.0)
    } else if s < 3.0e7 {
        format!("about {:.1} h", s / 3600.0)
    } else if s < 3.15e10 {
        format!("about {:.0} years", s / 3.15e7)
    } else if s < 1e307 {
        format!("about {:.0e} years", s / 3.15e7)
    } else {
        "more than 1e300 years".to_string()
    }
}

/// Every state reachable from the start of `rules` by legal bets (the
/// start and the finished matches included), sorted.
fn reachable(rules: Rules) -> Vec<State> {
    let mut states: Vec<State> = optimized::reachable_set(State::start(rules))
        .into_iter()
        .collect();
    states.sort_unstable();
    states
}

/// The reachable states sorted by (rounds left, A's money, B's money, gain
/// difference), each ascending: the finished matches first, the start
/// last. A question's size is T.
impl Table for Yen {
    type Params = YenTableParams;
    const PARAMS: &'static [&'static str] = &["total", "rounds"];
    const VALUE_COLUMNS: &'static [&'static str] = &["value"];
    const SIZE: &'static str = "units T";
    const VALUE_NOTATION: &'static str =
        "A's expected score (+1 win, −1 loss) as an exact fraction `p/q` or integer (`0`, `-1/3`)";

    fn standard() -> Vec<YenTableParams> {
        vec![YenTableParams {
            rules: Rules {
                total: 10,
                rounds: 10,
            },
        }]
    }

    fn bound(params: &YenTableParams) -> u64 {
        params.rules.total
    }

    fn with_bound(params: &YenTableParams, size: u64) -> YenTableParams {
        YenTableParams {
            rules: Rules {
                total: size,
                ..params.rules
            },
        }
    }

    fn size_of(question: &YenQuestion) -> u64 {
        question.rules.total
    }

    fn instances(params: &YenTableParams) -> Vec<YenQuestion> {
        reachable(params.rules)
            .into_iter()
            .map(|state| YenQuestion {
                rules: params.rules,
                state,
            })
            .collect()
    }

    fn index(params: &YenTableParams, question: &YenQuestion) -> Option<usize> {
        Self::indexer(params)(question)
    }

    fn indexer<'a>(params: &'a YenTableParams) -> Indexer<'a, YenQuestion> {
        let states = reachable(params.rules);
        Box::new(move |question| {
            (question.rules == params.rules)
                .then(|| states.binary_search(&question.state).ok())
                .flatten()
        })
    }

    /// A match of T = size played for a uniform number of rounds with
    /// uniform legal bets.
    fn random(params: &YenTableParams, size: u64, rng: &mut fastrand::Rng) -> Option<YenQuestion> {
        let rules = Rules {
            total: size,
            ..params.rules
        };
        let mut state = State::start(rules);
        for _ in 0..rng.u32(0..=rules.rounds) {
            let (a, b) = (state.bets(state.money_a), state.bets(state.money_b));
            state = state.after(rng.u64(a), rng.u64(b));
        }
        Some(YenQuestion { rules, state })
    }

    fn write_value(value: &BigRational) -> String {
        value.to_string()
    }

    fn parse_value(text: &str) -> Result<BigRational, ParseTableError> {
        text.trim()
            .parse()
            .map_err(|_| value_error(Yen::NAME, text, Yen::VALUE_NOTATION))
    }

    /// The start: every state of the table has its T and R.
    fn at_bound(params: &YenTableParams) -> Option<YenQuestion> {
        Some(YenQuestion::start(params.rules))
    }

    /// Each row is handed over as soon as it is solved, the optimized DP
    /// keeping its memo across the table (the rows come with the fewest
    /// rounds left first, so each needs little beyond the rows before it).
    fn table_each(
        solver: Solver,
        params: &YenTableParams,
        progress: &dyn Progress,
        row: &mut RowSink<'_, Yen>,
    ) -> Result<(), SolveError> {
        let mut dp = optimized::ExactDp::new();
        table::rows_as_solved::<Yen>(solver, params, progress, row, |q| match solver {
            Solver::Optimized => Ok(dp.value(q.state)),
            Solver::Naive => Self::naive(q),
        })
    }

    /// The optimized DP keeps its memo across the whole table.
    fn table(
        solver: Solver,
        params: &YenTableParams,
    ) -> Result<Vec<(YenQuestion, BigRational)>, SolveError> {
        let questions = Self::instances(params);
        match solver {
            Solver::Optimized => {
                if let Some(q) = questions.first() {
                    Self::check_size(solver, q)?;
                }
                let mut dp = optimized::ExactDp::new();
                Ok(questions
                    .into_iter()
                    .map(|q| {
                        let v = dp.value(q.state);
                        (q, v)
                    })
                    .collect())
            }
            Solver::Naive => questions
                .into_iter()
                .map(|q| Self::naive(&q).map(|v| (q, v)))
                .collect(),
        }
    }
}

/// Smaller questions, for `check`'s minimal counterexamples: a game with one
/// unit less (T − 1) or one round less (R − 1), the state kept (or, for the
/// start, the smaller game's start); then, in the same game, a state with
/// one round less left, one unit less for A, for B, for both, or the gain
/// difference 2 closer to 0 when at least 2 away (its parity is that of the
/// money spent). Each kept only if a match of its game reaches it ([`State::check`], as the
/// question's parse requires); the value of a state does not depend on T
/// or R, only on the state (document 000 §2).
impl crate::games::shrink::Shrink for Yen {
    fn shrink(question: &YenQuestion) -> Vec<YenQuestion> {
        let YenQuestion { rules, state } = *question;
        let mut out: Vec<YenQuestion> = Vec::new();
        let mut keep = |rules: Rules, state: State| {
            let q = YenQuestion { rules, state };
            if q != *question && state.check(rules).is_ok() && !out.contains(&q) {
                out.push(q);
            }
        };
        let is_start = state == State::start(rules);
        let mut smaller = Vec::new();
        if rules.total > 0 {
            smaller.push(Rules {
                total: rules.total - 1,
                ..rules
            });
        }
        if rules.rounds > 1 {
            smaller.push(Rules {
                rounds: rules.rounds - 1,
                ..rules
            });
        }
        for r in smaller {
            keep(r, if is_start { State::start(r) } else { state });
        }
        let mut states = Vec::new();
        if state.rounds_left > 0 {
            states.push(State {
                rounds_left: state.rounds_left - 1,
                ..state
            });
        }
        for (da, db) in [(1, 0), (0, 1), (1, 1)] {
            if state.money_a >= da && state.money_b >= db {
                states.push(State {
                    money_a: state.money_a - da,
                    money_b: state.money_b - db,
                    ..state
                });
            }
        }
        // |d| = 1 would only flip the sign: not smaller, and the walk
        // could go back and forth.
        if state.gain_diff.unsigned_abs() >= 2 {
            states.push(State {
                gain_diff: state.gain_diff - 2 * state.gain_diff.signum(),
                ..state
            });
        }
        for s in states {
            keep(rules, s);
        }
        out
    }
}
