//! The bracket on blue-blue-red against blue-red as certified here: per
//! side to move first, the paper's bracket beside the best certified L (a
//! three-piece strategy's guarantee) and U (a two-piece strategy's
//! ceiling), which strategy families reach each, and each certificate's
//! size and check time. `solved-games geister bracket` prints it.
//!
//! A family's strategy is judged against every real colouring of the other
//! side by the exact best response, twice:
//! - the paper's purple strategies (§6.2.1, §6.2.2) by the reference
//!   crate's judge: its responder problem certified by `endless_mdp`
//!   (`check_lower`), and valued again by its reachability evaluator;
//! - a restricted game's strategy ([`crate::model`]): the layered solve of
//!   [`crate::respond`]'s problem, and the certificate of the problem built
//!   apart in [`crate::naive`] (`endless_mdp`, `check_lower`).
//!
//! Its guarantee is the least (for a two-piece strategy the largest)
//! certified value over the colourings, where both evaluators agree.

use crate::board::{square_name, squares, P1_START, P2_START};
use crate::model::Model;
use crate::naive::{self, Certificate, Det};
use crate::q::Q;
use crate::respond;
use crate::shared::{self, Restricted};
use num_rational::BigRational;
use serde::Serialize;
use solved_games_reference::core::Player;
use solved_games_reference::games::geister::analysis::Kind;
use solved_games_reference::games::geister::bracket::{self, judge, SCALE};
use solved_games_reference::games::geister::rules::squares as ref_squares;
use solved_games_reference::games::geister::rules::Colour;
use solved_games_reference::solve::endless_mdp::{bounds, check_lower};
use std::time::Instant;

/// A strategy family: where its strategy comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Family {
    /// §6.2.1's purple three-piece strategy (the reference's `bbr-vs-br`).
    PaperL,
    /// §6.2.2's purple two-piece strategy (the reference's
    /// `br-vs-bbr-half`).
    PaperU,
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
            Family::PaperL => "§6.2.1: P1 purple (bbr-vs-br)",
            Family::PaperU => "§6.2.2: P2 purple, random captures (br-vs-bbr-half)",
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
        matches!(
            self,
            Family::PaperL | Family::L | Family::TwoSidedP1 | Family::CapP1
        )
    }

    /// The restricted game the strategy is read from (none for the
    /// paper's).
    fn game(self) -> Option<Restricted> {
        match self {
            Family::PaperL | Family::PaperU => None,
            Family::L => Some(Restricted::L),
            Family::U => Some(Restricted::U),
            Family::TwoSidedP1 | Family::TwoSidedP2 => Some(Restricted::TwoSided),
            Family::CapP1 => Some(Restricted::Cap),
        }
    }
}

/// One best response, valued twice.
#[derive(Debug, Clone, Serialize)]
pub struct Judged {
    /// The responder's red, by square (P2's `b4`, `c4`; P1's `b1`, `c1`,
    /// `b2`).
    pub colouring: String,
    /// The exact value by the first evaluator (the layered solve; for the
    /// paper's strategies the reference's reachability evaluator).
    pub optimized: String,
    /// The certified bound of P1's payoff (`uncertified` if `check_lower`
    /// refused it): from below against a P1 strategy, from above against a
    /// P2 strategy.
    pub certified: String,
    /// Whether the certified bound is the exact value (both iterations met).
    pub exact: bool,
    /// States of the certified problem.
    pub states: usize,
    /// Seconds to build and iterate it (they vary from run to run).
    pub build_seconds: f64,
    /// Seconds of the exact check (they vary from run to run).
    pub check_seconds: f64,
}

/// A family's strategy judged for one side to move first.
#[derive(Debug, Clone, Serialize)]
pub struct Judgement {
    /// The family.
    pub family: String,
    /// Whether the family's strategy is the three-piece side's.
    pub three_pieces: bool,
    /// Whether the three-piece side moves first.
    pub p1_first: bool,
    /// Per colouring of the responder.
    pub colourings: Vec<Judged>,
    /// The guarantee: least certified value over the colourings (P1's
    /// strategy) or largest (P2's), if every one was certified and agrees
    /// with the first evaluator.
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
    /// Seconds of its slowest check (they vary from run to run).
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
pub struct Bracket {
    /// Per side to move first (the three-piece side first, then second).
    pub orders: Vec<Order>,
    /// Every family judged, in the order asked, each for both turn orders.
    pub judged: Vec<Judgement>,
    /// Seconds to solve the restricted games and the paper's tables (they
    /// vary from run to run).
    pub solve_seconds: f64,
}

impl Bracket {
    /// Whether every certificate passed and agrees with the first
    /// evaluator.
    #[must_use]
    pub fn certified(&self) -> bool {
        self.judged.iter().all(|j| j.value.is_some())
    }
}

fn show(x: &BigRational) -> String {
    Q::from_big(x).map_or_else(|| x.to_string(), |q| q.to_string())
}

/// The guarantee over the colourings: the least for P1's strategy, the
/// largest for P2's, if every colouring was certified and agrees.
fn guarantee(values: Vec<Option<BigRational>>, p1: bool) -> Option<String> {
    let all: Option<Vec<BigRational>> = values.into_iter().collect();
    let all = all?;
    let best = if p1 {
        all.into_iter().min()
    } else {
        all.into_iter().max()
    };
    best.map(|b| show(&b))
}

/// Judges one restricted game's strategy from both starts.
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
        out.push(Judgement {
            family: family.name().to_string(),
            three_pieces: family.is_p1(),
            p1_first,
            colourings,
            value: guarantee(values, family.is_p1()),
        });
    }
    out
}

/// The square of the three-piece side in this crate's coordinates for a
/// square of the reference's `br-vs-bbr-half`, which plays the game with
/// the board turned over (ranks 1 ↔ 4, 2 ↔ 3).
fn turned(s: u8) -> u8 {
    (3 - s / 4) * 4 + s % 4
}

/// Judges one of the paper's purple strategies (the reference's judge)
/// from both starts. Values are P1's payoff: the two-piece strategy's
/// guarantee is negated.
fn judge_paper(family: Family) -> Vec<Judgement> {
    let kind = if family == Family::PaperL {
        Kind::BbrVsBr
    } else {
        Kind::BrVsBbrHalf
    };
    let three_pieces = family == Family::PaperL;
    let tables = judge::tables(kind);
    let colours = judge::responder_colours(kind);
    let mut out = Vec::new();
    for (side, starts) in [Player::First, Player::Second]
        .into_iter()
        .zip(kind.initial())
    {
        let start = starts[0];
        let mut colourings = Vec::new();
        for army in judge::responder_types(&start, &colours) {
            let started = Instant::now();
            let mut p = start;
            p.p2 = army;
            let (problem, roots) = judge::problem(kind, &tables, &[p]);
            let root = roots[0] as usize;
            let b = bounds(&problem.nodes, SCALE, 1_000_000);
            let build_seconds = started.elapsed().as_secs_f64();
            let t = Instant::now();
            let checked = b
                .as_ref()
                .is_ok_and(|b| check_lower(&problem.nodes, SCALE, &b.lower));
            let check_seconds = t.elapsed().as_secs_f64();
            // P1's payoff: the strategist's own, or minus it.
            let sign = |x: BigRational| if three_pieces { x } else { -x };
            let (bound, exact) = match &b {
                Ok(b) => (sign(b.lo(root)), b.lo(root) == b.hi(root)),
                Err(_) => (BigRational::from_integer(0.into()), false),
            };
            let reached = bracket::naive::value(&problem.nodes, roots[0]).map(sign);
            let optimized = reached
                .as_ref()
                .map_or_else(|| "error: a chance node inside a cycle".into(), show);
            let certified = if checked {
                show(&bound)
            } else {
                "uncertified".to_string()
            };
            // The responder's one red, in this crate's coordinates.
            let red = ref_squares(army.of(Colour::Red)).next().map_or(0, |s| {
                if three_pieces {
                    s
                } else {
                    turned(s)
                }
            });
            let value = (checked && certified == optimized).then_some(bound);
            let judged = Judged {
                colouring: square_name(red),
                optimized,
                certified,
                exact,
                states: problem.nodes.len(),
                build_seconds,
                check_seconds,
            };
            colourings.push((red, judged, value));
        }
        // In this crate's square order, as the restricted games' judgements.
        colourings.sort_by_key(|c| c.0);
        let (colourings, values): (Vec<Judged>, Vec<_>) =
            colourings.into_iter().map(|(_, j, v)| (j, v)).unzip();
        // The strategist moves first as player 1 of its analysis.
        let strategist_first = side == Player::First;
        out.push(Judgement {
            family: family.name().to_string(),
            three_pieces,
            p1_first: strategist_first == three_pieces,
            colourings,
            value: guarantee(values, three_pieces),
        });
    }
    out.sort_by_key(|j| !j.p1_first);
    out
}

/// Judges the families' strategies (solving their games, once per
/// process) and reads the bracket off them.
///
/// # Errors
/// A restricted game that cannot be solved (never on this board).
pub fn report(families: &[Family]) -> Result<Bracket, crate::layered::LayerError> {
    let det = shared::det();
    let mut judged = Vec::new();
    let mut solve_seconds = 0.0;
    for &f in families {
        match f.game() {
            Some(game) => {
                let t = Instant::now();
                let model = shared::model(game)?;
                solve_seconds += t.elapsed().as_secs_f64();
                judged.extend(judge(f, model, det));
            }
            None => judged.extend(judge_paper(f)),
        }
    }
    let orders = [true, false]
        .into_iter()
        .map(|p1_first| Order {
            p1_first,
            paper: PAPER,
            l: end(&judged, p1_first, true),
            u: end(&judged, p1_first, false),
        })
        .collect();
    Ok(Bracket {
        orders,
        judged,
        solve_seconds,
    })
}

/// The best certified end (L for `p1`, else U) for one turn order.
fn end(judged: &[Judgement], p1_first: bool, p1: bool) -> Option<BracketEnd> {
    let parse = |j: &Judgement| -> Option<BigRational> { j.value.as_deref()?.parse().ok() };
    let here: Vec<(&Judgement, BigRational)> = judged
        .iter()
        .filter(|j| j.p1_first == p1_first && j.three_pieces == p1)
        .filter_map(|j| parse(j).map(|v| (j, v)))
        .collect();
    let values = here.iter().map(|(_, v)| v.clone());
    let best = if p1 { values.max() } else { values.min() }?;
    let reaching: Vec<&Judgement> = here
        .iter()
        .filter(|(_, v)| *v == best)
        .map(|(j, _)| *j)
        .collect();
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_turned_board_maps_the_three_piece_start() {
        // br-vs-bbr-half's three pieces b3, b4, c4 are b2, b1, c1 here.
        let name = |s: &str| {
            let b = s.as_bytes();
            (b[1] - b'1') * 4 + (b[0] - b'a')
        };
        assert_eq!(square_name(turned(name("b3"))), "b2");
        assert_eq!(square_name(turned(name("b4"))), "b1");
        assert_eq!(square_name(turned(name("c4"))), "c1");
        assert_eq!(square_name(turned(name("a1"))), "a4");
    }

    #[test]
    fn the_guarantee_is_the_worst_colouring_for_the_strategist() {
        let q = |s: &str| s.parse::<BigRational>().unwrap();
        let v = || vec![Some(q("1/3")), Some(q("1/2"))];
        assert_eq!(guarantee(v(), true).as_deref(), Some("1/3"));
        assert_eq!(guarantee(v(), false).as_deref(), Some("1/2"));
        assert_eq!(guarantee(vec![Some(q("1/3")), None], true), None);
    }
}
