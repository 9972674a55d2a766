//! The bracket on blue-blue-red against blue-red as certified here: per
//! side to move first, the best certified L (a three-piece strategy's
//! guarantee) and U (a two-piece strategy's ceiling), which strategy family
//! reached each, and each certificate's size and times.
//!
//! A strategy family's strategy is the one read from its restricted game
//! ([`crate::model`]); it is judged against every real colouring of the
//! other side by the exact best response twice: the layered solve of
//! [`crate::respond`]'s problem and the certificate of
//! [`crate::naive`]'s problem (`endless_mdp`, `check_lower`). Its guarantee
//! is the least (for U the largest) certified value over the colourings.

use crate::board::{square_name, squares, P1_START, P2_START};
use crate::model::Model;
use crate::naive::{self, Certificate, Det};
use crate::q::Q;
use crate::respond;
use crate::shared::{self, Game};
use num_rational::BigRational;
use serde::Serialize;
use std::time::Instant;

/// A strategy family: the restricted game its strategy is read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Family {
    /// P1's strategy of the restricted game L.
    L,
    /// P2's strategy of the restricted game U.
    U,
    /// P1's strategy of the two-sided game.
    TwoSidedP1,
    /// P2's strategy of the two-sided game.
    TwoSidedP2,
    /// P1's strategy of the cap game (P2 keeping its set whole).
    CapP1,
}

impl Family {
    /// The family's name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Family::L => "L: P1 splits its red set, P2 colours late",
            Family::U => "U: P2 splits its red set and gambles, P1 colours late",
            Family::TwoSidedP1 => "2S, P1's strategy: both sides split",
            Family::TwoSidedP2 => "2S, P2's strategy: both sides split",
            Family::CapP1 => "cap, P1's strategy: P2 keeps its set whole",
        }
    }

    /// Whether the family's strategy is P1's (an L candidate).
    #[must_use]
    pub fn is_p1(self) -> bool {
        matches!(self, Family::L | Family::TwoSidedP1 | Family::CapP1)
    }

    fn game(self) -> Game {
        match self {
            Family::L => Game::L,
            Family::U => Game::U,
            Family::TwoSidedP1 | Family::TwoSidedP2 => Game::TwoSided,
            Family::CapP1 => Game::Cap,
        }
    }
}

/// One best response, valued twice.
#[derive(Debug, Clone, Serialize)]
pub struct Judged {
    /// The responder's red, by square (`b4`, or P1's `b1`).
    pub colouring: String,
    /// The layered exact value of the optimized problem.
    pub optimized: String,
    /// The certified bound of the problem built apart (`uncertified` if
    /// `check_lower` refused it).
    pub certified: String,
    /// Whether the certified bound is the exact value (both iterations met).
    pub exact: bool,
    /// States of the certified problem.
    pub states: usize,
    /// Seconds to build and iterate it.
    pub build_seconds: f64,
    /// Seconds of the exact check.
    pub check_seconds: f64,
}

/// A family's strategy judged for one side to move first.
#[derive(Debug, Clone, Serialize)]
pub struct Judgement {
    /// The family.
    pub family: String,
    /// Whether the three-piece side moves first.
    pub p1_first: bool,
    /// Per colouring of the responder.
    pub colourings: Vec<Judged>,
    /// The guarantee: least certified value over the colourings (P1's
    /// strategy) or largest (P2's), if every one was certified and agrees
    /// with the optimized value.
    pub value: Option<String>,
}

/// One end of the bracket for one side to move first.
#[derive(Debug, Clone, Serialize)]
pub struct BracketEnd {
    /// The best certified value.
    pub value: String,
    /// The families that reach it.
    pub families: Vec<String>,
    /// States of the largest certificate behind it.
    pub states: usize,
    /// Seconds of its slowest check.
    pub check_seconds: f64,
}

/// The paper's bracket (§6.2.2 「1/3 以上 1/2 以下」), for both turn orders.
pub const PAPER: [&str; 2] = ["1/3", "1/2"];

/// The certified bracket for one side to move first.
#[derive(Debug, Clone, Serialize)]
pub struct Order {
    /// Whether the three-piece side moves first.
    pub p1_first: bool,
    /// The paper's L and U, to show beside the certified ones.
    pub paper: [&'static str; 2],
    /// Best certified L.
    pub l: Option<BracketEnd>,
    /// Best certified U.
    pub u: Option<BracketEnd>,
}

/// The whole report.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// Per side to move first (the three-piece side first, then second).
    pub orders: Vec<Order>,
    /// Every family judged.
    pub judged: Vec<Judgement>,
    /// Seconds to solve the restricted games.
    pub solve_seconds: f64,
}

fn show(x: &BigRational) -> String {
    Q::from_big(x).map_or_else(|| x.to_string(), |q| q.to_string())
}

/// Judges one family's strategy from both starts.
#[must_use]
pub fn judge(family: Family, model: &Model, det: &Det) -> Vec<Judgement> {
    let mut out = Vec::new();
    for p1_first in [true, false] {
        let mut colourings = Vec::new();
        let reds: Vec<u8> = if family.is_p1() {
            squares(P2_START).collect()
        } else {
            squares(P1_START).collect()
        };
        let mut values: Vec<Option<BigRational>> = Vec::new();
        for r in reds {
            let (problem, root) = if family.is_p1() {
                respond::against_p2(model, p1_first, r)
            } else {
                respond::against_p1(model, p1_first, r)
            };
            let optimized = problem
                .values()
                .map(|v| v[root as usize].to_string())
                .unwrap_or_else(|e| format!("error: {e}"));
            let c: Certificate = if family.is_p1() {
                naive::certify_p1(model, det, p1_first, r)
            } else {
                naive::certify_p2(model, det, p1_first, r)
            };
            let certified = if c.checked {
                show(&c.bound)
            } else {
                "uncertified".to_string()
            };
            values.push((c.checked && certified == optimized).then(|| c.bound.clone()));
            colourings.push(Judged {
                colouring: square_name(r),
                optimized,
                exact: c.exact().is_some(),
                certified,
                states: c.nodes,
                build_seconds: c.build_seconds,
                check_seconds: c.check_seconds,
            });
        }
        let value = if values.iter().all(Option::is_some) {
            let v = values.into_iter().flatten();
            let best = if family.is_p1() { v.min() } else { v.max() };
            best.map(|b| show(&b))
        } else {
            None
        };
        out.push(Judgement {
            family: family.name().to_string(),
            p1_first,
            colourings,
            value,
        });
    }
    out
}

/// Solves the families' restricted games and judges their strategies.
///
/// # Errors
/// A restricted game that cannot be solved (never on this board).
pub fn report(families: &[Family]) -> Result<Report, crate::layered::LayerError> {
    let det = shared::det();
    let mut judged = Vec::new();
    let mut solve_seconds = 0.0;
    for &f in families {
        let t = Instant::now();
        let model = shared::model(f.game())?;
        solve_seconds += t.elapsed().as_secs_f64();
        judged.extend(judge(f, model, det));
    }
    let mut orders = Vec::new();
    for p1_first in [true, false] {
        let end = |p1: bool| -> Option<BracketEnd> {
            let here: Vec<&Judgement> = judged
                .iter()
                .filter(|j| j.p1_first == p1_first && j.value.is_some())
                .filter(|j| {
                    families
                        .iter()
                        .any(|f| f.name() == j.family && f.is_p1() == p1)
                })
                .collect();
            let parse = |j: &Judgement| -> BigRational {
                j.value
                    .as_deref()
                    .unwrap_or_default()
                    .parse()
                    .expect("a ratio")
            };
            let best = if p1 {
                here.iter().map(|j| parse(j)).max()
            } else {
                here.iter().map(|j| parse(j)).min()
            }?;
            let reaching: Vec<&&Judgement> = here.iter().filter(|j| parse(j) == best).collect();
            Some(BracketEnd {
                value: show(&best),
                families: reaching.iter().map(|j| j.family.clone()).collect(),
                states: reaching
                    .iter()
                    .flat_map(|j| j.colourings.iter().map(|c| c.states))
                    .max()
                    .unwrap_or(0),
                check_seconds: reaching
                    .iter()
                    .flat_map(|j| j.colourings.iter().map(|c| c.check_seconds))
                    .fold(0.0, f64::max),
            })
        };
        orders.push(Order {
            p1_first,
            paper: PAPER,
            l: end(true),
            u: end(false),
        });
    }
    Ok(Report {
        orders,
        judged,
        solve_seconds,
    })
}
