//! Best moves and forcing lines read from a solved table (the paper's
//! Figs. 3 and 4).

use super::analysis::{Analysis, Kind, Lookup, Move};
use super::optimized::Table;
use super::rules::{square_name, Position, Step};
use crate::core::Player;
use crate::solve::retrograde::Reach;
use std::collections::BTreeMap;

/// The analysis `kind` with the solved tables it reads.
#[must_use]
pub fn analysis_of(kind: Kind, solved: &BTreeMap<Kind, Table>) -> Analysis<'_> {
    let look = |k: Kind| solved.get(&k).map(|t| t as &dyn Lookup);
    Analysis {
        kind,
        det: look(Kind::Det),
        extended: look(Kind::Extended),
        win: look(Kind::WinBrVsBr),
    }
}

/// A move and what it leads to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Choice {
    /// The step played.
    pub step: Step,
    /// The resulting position, or `None` when the move ends the analysis.
    pub to: Option<Position>,
    /// Value after the move.
    pub value: Reach,
    /// Distance after the move (0 for an ending move or an undecided one).
    pub distance: u16,
}

impl Choice {
    /// `b1-b2`, `b2xb3` for a capture.
    #[must_use]
    pub fn notation(&self) -> String {
        let sep = if self.step.captured.is_some() {
            'x'
        } else {
            '-'
        };
        format!(
            "{}{sep}{}",
            square_name(self.step.from),
            square_name(self.step.to)
        )
    }
}

/// Every move of a non-terminal position with its value and distance.
#[must_use]
pub fn choices(analysis: &Analysis, table: &Table, p: &Position) -> Vec<Choice> {
    analysis
        .moves_with_steps(p)
        .into_iter()
        .map(|(step, m)| match m {
            Move::To(q) => {
                let (value, distance) = table.get(&q).expect("moves stay in the table");
                Choice {
                    step,
                    to: Some(q),
                    value,
                    distance,
                }
            }
            Move::Outcome(value) => Choice {
                step,
                to: None,
                value,
                distance: 0,
            },
        })
        .collect()
}

/// The moves that keep the position's value at the right distance: for a
/// side that wins, the fastest win; for a side that loses, the longest
/// resistance; where the value is 0, every move that keeps it 0.
#[must_use]
pub fn best_moves(analysis: &Analysis, table: &Table, p: &Position) -> Vec<Choice> {
    let Some((value, distance)) = table.get(p) else {
        return vec![];
    };
    if analysis.terminal(p).is_some() {
        return vec![];
    }
    choices(analysis, table, p)
        .into_iter()
        .filter(|c| c.value == value && (value == Reach::Undecided || c.distance + 1 == distance))
        .collect()
}

/// One position of a forcing line and the move played from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineStep {
    /// The position.
    pub position: Position,
    /// Its value and distance.
    pub value: Reach,
    /// Its distance.
    pub distance: u16,
    /// The move played (`None` at the last position).
    pub played: Option<Choice>,
}

/// A forcing line from `start`: both sides play the first best move until
/// the analysis decides. `None` if the start's value is 0 (no forcing line).
#[must_use]
pub fn forcing_line(analysis: &Analysis, table: &Table, start: Position) -> Option<Vec<LineStep>> {
    let (value, distance) = table.get(&start)?;
    if value == Reach::Undecided {
        return None;
    }
    let mut line = Vec::new();
    let mut p = start;
    let mut d = distance;
    loop {
        let played = best_moves(analysis, table, &p).into_iter().next();
        line.push(LineStep {
            position: p,
            value,
            distance: d,
            played,
        });
        match played.and_then(|c| c.to) {
            Some(q) => {
                p = q;
                d -= 1;
            }
            None => break,
        }
    }
    Some(line)
}

/// The side to move's name in the paper's terms.
#[must_use]
pub fn side_name(s: Player) -> &'static str {
    match s {
        Player::First => "player 1",
        Player::Second => "player 2",
    }
}
