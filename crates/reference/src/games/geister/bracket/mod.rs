//! Bounds on the value of blue-blue-red against blue-red (document 003
//! §6.2, the open question of §6.2.2 and §7), each the exact value of an
//! explicit strategy against an unrestricted best response. See SPEC.md,
//! "The 3-vs-2 bracket".
//!
//! - [`judge`]: the purple strategies of the paper's analyses, fixed, and
//!   the responder's problem they leave ([`crate::solve::endless_mdp`]);
//! - [`naive`]: a second evaluator of those problems (reachability);
//! - [`audit`]: checks of the judge its own problems cannot make.

pub mod audit;
pub mod judge;
pub mod montecarlo;
pub mod naive;

use super::analysis::Kind;
use super::optimized::Table;
use super::rules::Position;
use crate::core::Player;
use crate::solve::endless_mdp::{bounds, check_lower, Bounds};
use num_bigint::BigInt;
use num_rational::BigRational;
use serde::Serialize;
use std::collections::BTreeMap;

/// Grid of the judge: multiples of 1/(6·2⁴⁰), so that 1/3 and 1/2 are on it.
pub const SCALE: i64 = 6 << 40;

/// The judged guarantee of one analysis's strategy from one start.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Guarantee {
    /// The analysis (`bbr-vs-br`, …).
    pub analysis: String,
    /// Who moves first in the analysis: `1` (the strategist) or `2`.
    pub to_move: u8,
    /// Per responder type (player 2's colouring, in square order of its red
    /// or odd piece): the certified lower bound of the strategist's payoff.
    pub per_type: Vec<String>,
    /// The least of them: what the strategy guarantees (certified).
    pub guarantee: String,
    /// The same by the second evaluator, exact.
    pub naive: String,
    /// States of the largest responder problem.
    pub states: usize,
    /// Whether every certificate passed the exact check.
    pub certified: bool,
}

fn ratio(num: i64) -> BigRational {
    BigRational::new(BigInt::from(num), BigInt::from(SCALE))
}

/// One responder problem as the judge valued it, shown to the checks of
/// [`audit`] while [`judge_each`] goes.
pub struct Judging<'a> {
    /// The analysis.
    pub kind: Kind,
    /// The tables the problem was built from.
    pub tables: &'a BTreeMap<Kind, Table>,
    /// The problem.
    pub problem: &'a judge::Problem,
    /// Its start (player 2's colours real).
    pub root: u32,
    /// The judge's enclosure of every state.
    pub bounds: &'a Bounds,
}

/// Judges the strategy of analysis `kind` from both of its starts.
///
/// # Panics
/// If `kind` is not one of [`judge::JUDGED`].
#[must_use]
pub fn judge_kind(kind: Kind) -> Vec<Guarantee> {
    judge_each(kind, &mut |_| {})
}

/// [`judge_kind`], showing each responder problem to `visit` as it is
/// valued.
///
/// # Panics
/// If `kind` is not one of [`judge::JUDGED`].
pub fn judge_each(kind: Kind, visit: &mut dyn FnMut(&Judging<'_>)) -> Vec<Guarantee> {
    let tables = judge::tables(kind);
    let colours = judge::responder_colours(kind);
    let mut out = Vec::new();
    for (side, starts) in [Player::First, Player::Second]
        .into_iter()
        .zip(kind.initial())
    {
        let start: Position = starts[0];
        let mut per_type = Vec::new();
        let mut naive_values = Vec::new();
        let mut states = 0;
        let mut certified = true;
        for army in judge::responder_types(&start, &colours) {
            let mut p = start;
            p.p2 = army;
            let (problem, roots) = judge::problem(kind, &tables, &[p]);
            states = states.max(problem.nodes.len());
            let b = bounds(&problem.nodes, SCALE, 1_000_000).expect("well-formed problem");
            certified &= check_lower(&problem.nodes, SCALE, &b.lower);
            per_type.push(ratio(b.lower[roots[0] as usize]));
            naive_values
                .push(naive::value(&problem.nodes, roots[0]).expect("chance nodes end the play"));
            visit(&Judging {
                kind,
                tables: &tables,
                problem: &problem,
                root: roots[0],
                bounds: &b,
            });
        }
        let guarantee = per_type.iter().min().expect("a type").clone();
        let naive = naive_values.iter().min().expect("a type").clone();
        out.push(Guarantee {
            analysis: kind.name().to_string(),
            to_move: if side == Player::First { 1 } else { 2 },
            per_type: per_type.iter().map(ToString::to_string).collect(),
            guarantee: guarantee.to_string(),
            naive: naive.to_string(),
            states,
            certified,
        });
    }
    out
}
