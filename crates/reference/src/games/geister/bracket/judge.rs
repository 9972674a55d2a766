//! The judge of the paper's purple strategies (document 003 §3, §6.1.2,
//! §6.2.1, §6.2.2): the strategy of an analysis's player 1, fixed, against
//! a best response of player 2 that knows its own colours and plays every
//! legal move of §1 (captures and escapes of its blue included). The
//! responder's problem is built as an explicit [`Node`] graph and valued by
//! [`crate::solve::endless_mdp`] (endless play 0).
//!
//! **The strategy.** Player 1 keeps its colours purple (it does not use
//! them, §2 「その色は以下の状況が発生するまで自分でも確認せずにプレイする」),
//! so its moves are functions of the board alone and player 2 learns
//! nothing about them until a capture or an escape: at every point its
//! belief over player 1's colourings is the prior (uniform). At its move
//! player 1 plays the analysis's decision where the position is a goal
//! (escape a purple on a4/d4; capture one of two capturable pieces at
//! random, §3/§6.2.2), else the analysis table's first best move
//! ([`crate::games::geister::play::best_moves`]: the nearest goal, a move
//! keeping value 0, or the longest resistance).
//!
//! **Payoffs** (player 1's, exact): an escape of a purple is the average
//! over its colour; a capture by either side is resolved with player 2's
//! real colours and player 1's prior; where the play goes on into purple 2
//! vs purple 2 after a capture, player 1 continues with §4's strategy and
//! the payoff counted is a **lower bound** of that continuation: 0 where
//! §4's table does not give −1 (its guarantee against every player 2,
//! 「平均利得を 0 以上にすることが可能」), else −1. Likewise a §4 guess
//! (`extended`, `rbr-vs-br`) counts 0, and a position where the analysis
//! leaves player 1 no move counts −1. Every substitution lowers player 1's
//! payoff, so the value of this problem is a lower bound of what the real
//! strategy guarantees.

use super::super::analysis::{Analysis, Kind};
use super::super::optimized::Table;
use super::super::play::{analysis_of, best_moves};
use super::super::rules::{escapes, squares, Army, Colour, Position, Square, Step};
use crate::core::Player;
use crate::solve::endless_mdp::{payoff, Node};
use crate::solve::retrograde::Reach;
use num_rational::BigRational;
use std::collections::{BTreeMap, HashMap};

/// The analyses whose player-1 strategy is judged here.
pub const JUDGED: [Kind; 6] = [
    Kind::Basic,
    Kind::Extended,
    Kind::RbrVsBr,
    Kind::BrVsBrr,
    Kind::BbrVsBr,
    Kind::BrVsBbrHalf,
];

/// Player 2's real colours for an analysis (the responder's types): the
/// colour sets it may hold (one blue and one red on two pieces; B, R, R or
/// B, B, R on three, §6).
#[must_use]
pub fn responder_colours(kind: Kind) -> Vec<Colour> {
    match kind {
        Kind::BrVsBrr => vec![Colour::Blue, Colour::Red, Colour::Red],
        Kind::BrVsBbrHalf => vec![Colour::Blue, Colour::Blue, Colour::Red],
        _ => vec![Colour::Blue, Colour::Red],
    }
}

/// Every colouring of player 2's purple pieces of `p` with the colours
/// `colours` (one army per distinct assignment, in square order).
#[must_use]
pub fn responder_types(p: &Position, colours: &[Colour]) -> Vec<Army> {
    let sq: Vec<u8> = squares(p.p2.all()).collect();
    let mut out: Vec<Army> = Vec::new();
    // Which square holds the odd colour (the one that appears once).
    let odd = if colours.iter().filter(|&&c| c == Colour::Red).count() == 1 {
        Colour::Red
    } else {
        Colour::Blue
    };
    let even = if odd == Colour::Red {
        Colour::Blue
    } else {
        Colour::Red
    };
    for &s in &sq {
        let mut a = Army::default();
        for &t in &sq {
            let c = if t == s { odd } else { even };
            a.by_colour[c as usize] |= 1 << t;
        }
        out.push(a);
    }
    out
}

/// Player 1's purple pieces: how many are red (the rest blue). §6.2.1 has
/// three purples with one red; every other judged analysis two with one.
fn purple_reds(p: &Position) -> (u32, u32) {
    (1, p.p1.count(Colour::Purple))
}

/// The responder's problem: nodes and the index of each start.
pub struct Problem {
    /// The graph.
    pub nodes: Vec<Node>,
    /// The positions of the nodes that are positions (`None` for ends
    /// and chance nodes).
    pub positions: Vec<Option<Position>>,
    /// What ends the play at each end node (`None` for the other nodes):
    /// the leaf values have a second source in
    /// [`super::audit::leaf_value`], which reads only this.
    pub leaves: Vec<Option<Leaf>>,
}

/// The event behind an end node and the position it happens at (player 2's
/// colours real, player 1's purple).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Leaf {
    /// The position the event happens at.
    pub at: Position,
    /// What happens.
    pub event: Event,
}

/// What ends the play at an end node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// Player 1 escapes its purple from this square (its colour decides).
    Escape(Square),
    /// Player 1 captures with this step (player 2's real colour decides).
    Captures(Step),
    /// Player 2 captures player 1's piece with this step.
    Captured(Step),
    /// Player 2's blue escapes from a1/d1.
    Escaped,
    /// Player 2 has no legal move (§1: pass is not legal).
    Stuck,
    /// The analysis leaves player 1 no move: counted lost.
    NoMove,
    /// A goal of the analysis that is §4's guess (`extended`,
    /// `rbr-vs-br`): counted 0.
    Guess,
}

/// Builds the analysis `kind`'s tables (and the ones it reads).
#[must_use]
pub fn tables(kind: Kind) -> BTreeMap<Kind, Table> {
    let mut solved = BTreeMap::new();
    super::super::optimized::solve_into(kind, &mut solved);
    super::super::optimized::solve_into(Kind::Extended, &mut solved);
    solved
}

/// The view of the analysis: player 2's pieces purple.
fn purple_view(p: &Position) -> Position {
    let mut q = *p;
    q.p2 = Army {
        by_colour: [0, 0, p.p2.all()],
    };
    q
}

/// Builder of the responder's problem for one analysis.
struct Builder<'a> {
    kind: Kind,
    analysis: Analysis<'a>,
    table: &'a Table,
    extended: &'a Table,
    win: Option<&'a Table>,
    nodes: Vec<Node>,
    positions: Vec<Option<Position>>,
    leaves: Vec<Option<Leaf>>,
    index: HashMap<Position, u32>,
    todo: Vec<Position>,
}

impl Builder<'_> {
    fn end(&mut self, v: BigRational, at: &Position, event: Event) -> u32 {
        self.nodes.push(Node::End(v));
        self.positions.push(None);
        self.leaves.push(Some(Leaf { at: *at, event }));
        (self.nodes.len() - 1) as u32
    }

    fn node_of(&mut self, p: Position) -> u32 {
        if let Some(&i) = self.index.get(&p) {
            return i;
        }
        let i = self.nodes.len() as u32;
        self.nodes.push(Node::Choice(Vec::new())); // filled in later
        self.positions.push(Some(p));
        self.leaves.push(None);
        self.index.insert(p, i);
        self.todo.push(p);
        i
    }

    /// Player 1's lower bound after play goes on into purple 2 vs purple 2
    /// (`after`, player 2's colours real): 0 unless §4's table gives −1.
    fn continuation(&self, after: &Position) -> BigRational {
        if self.extended.get(&purple_view(after)).map(|e| e.0) == Some(Reach::Prevented) {
            payoff(-1, 1)
        } else {
            payoff(0, 1)
        }
    }

    /// Player 1 captures player 2's piece with `step` on the real board.
    fn p1_captures(&mut self, p: &Position, step: Step) -> u32 {
        let c = step.captured.expect("a capture");
        let after = p.play(step);
        let v = if p.p2.several(c) {
            self.continuation(&after)
        } else if c == Colour::Blue {
            payoff(1, 1)
        } else {
            payoff(-1, 1)
        };
        self.end(v, p, Event::Captures(step))
    }

    /// Player 2 captures player 1's piece with `step`.
    fn p2_captures(&mut self, p: &Position, step: Step) -> u32 {
        let after = p.play(step);
        if self.kind == Kind::RbrVsBr {
            let v = self.rbr_captured(&after, step);
            return self.end(v, p, Event::Captured(step));
        }
        let v = match step.captured.expect("a capture") {
            Colour::Purple => {
                let (reds, n) = purple_reds(p);
                let (reds, n) = (i64::from(reds), i64::from(n));
                // Red with probability reds/n: the capturer took player 1's
                // last red (several reds only in §6.1.1, not judged), +1.
                let red = payoff(reds, n);
                let blue = payoff(n - reds, n);
                let rest = if p.p1.count(Colour::Purple) + p.p1.count(Colour::Blue) > 2 {
                    // Three pieces: a blue taken leaves purple 2 vs 2.
                    self.continuation(&after)
                } else {
                    // Two pieces, one red: the last blue is gone.
                    payoff(-1, 1)
                };
                red + blue * rest
            }
            Colour::Blue if p.p1.several(Colour::Blue) => self.continuation(&after),
            Colour::Blue => payoff(-1, 1),
            Colour::Red if p.p1.several(Colour::Red) => self.continuation(&after),
            Colour::Red => payoff(1, 1),
        };
        self.end(v, p, Event::Captured(step))
    }

    /// §6.1.1 (red on b2 known, two purples: one blue, one red): player 2
    /// took the known red — purple 2 vs 2 goes on (§4 lower bound); or a
    /// purple — red half the time, and then player 1's sure win
    /// (`win-br-vs-br`, +1) if the table has one, else counted −1; blue (its
    /// last) half the time, −1.
    fn rbr_captured(&self, after: &Position, step: Step) -> BigRational {
        match step.captured.expect("a capture") {
            Colour::Red => self.continuation(after),
            _ => {
                let mut known = purple_view(after);
                known.p1.by_colour[0] = known.p1.by_colour[2];
                known.p1.by_colour[2] = 0;
                let win = self.win.expect("rbr-vs-br reads win-br-vs-br");
                let red = if win.get(&known).map(|e| e.0) == Some(Reach::Goal) {
                    payoff(1, 1)
                } else {
                    payoff(-1, 1)
                };
                (red + payoff(-1, 1)) * payoff(1, 2)
            }
        }
    }

    /// Player 1's move at `p` (its strategy), as the successor node.
    fn p1_move(&mut self, p: &Position) -> u32 {
        let q = purple_view(p);
        if self.analysis.terminal(&q) == Some(Reach::Goal) {
            // Escape a purple on a4/d4: its colour decides (§2, §6.2.1).
            let on_escape = p.p1.of(Colour::Purple) & escapes(Player::First);
            if on_escape != 0 {
                let (reds, n) = purple_reds(p);
                let (reds, n) = (i64::from(reds), i64::from(n));
                let from = on_escape.trailing_zeros() as Square;
                return self.end(payoff(n - 2 * reds, n), p, Event::Escape(from));
            }
            match self.kind {
                // Every piece of player 2 capturable: take one at random (§2).
                Kind::Basic => return self.random_capture(p, 2),
                // Two safely capturable pieces: take one of them at random.
                Kind::BrVsBbrHalf => return self.random_capture(p, 2),
                // §4's guess: average ≥ 0.
                _ => return self.end(payoff(0, 1), p, Event::Guess),
            }
        }
        let Some(best) = best_moves(&self.analysis, self.table, &q)
            .into_iter()
            .next()
        else {
            // No move left to player 1 in the analysis: counted lost.
            return self.end(payoff(-1, 1), p, Event::NoMove);
        };
        let step = p
            .steps()
            .into_iter()
            .find(|s| s.from == best.step.from && s.to == best.step.to)
            .expect("the analysis's move is a move of the board");
        if step.captured.is_some() {
            self.p1_captures(p, step)
        } else {
            self.node_of(p.play(step))
        }
    }

    /// Chance over the first `k` capturable pieces of player 2 (safely
    /// capturable for §6.2.2), each with probability 1/k.
    fn random_capture(&mut self, p: &Position, k: usize) -> u32 {
        let q = purple_view(p);
        let mut targets: Vec<Step> = Vec::new();
        for s in p.steps() {
            if s.captured.is_none() || targets.iter().any(|t| t.to == s.to) {
                continue;
            }
            let ok = match self.kind {
                Kind::BrVsBbrHalf => {
                    self.extended
                        .get(&purple_view(&q.play(Step {
                            captured: Some(Colour::Purple),
                            ..s
                        })))
                        .map(|e| e.0)
                        != Some(Reach::Prevented)
                }
                _ => true,
            };
            if ok {
                targets.push(s);
            }
        }
        targets.truncate(k);
        assert_eq!(targets.len(), k, "the goal has {k} capturable pieces");
        let branches: Vec<(u64, u32)> = targets
            .into_iter()
            .map(|s| (1, self.p1_captures(p, s)))
            .collect();
        self.nodes.push(Node::Chance(branches));
        self.positions.push(None);
        self.leaves.push(None);
        (self.nodes.len() - 1) as u32
    }

    /// Player 2's moves at `p`: every step (captures resolved) and the
    /// escape of its blue from a1/d1.
    fn p2_moves(&mut self, p: &Position) -> Vec<u32> {
        let mut out = Vec::new();
        if p.p2.of(Colour::Blue) & escapes(Player::Second) != 0 {
            out.push(self.end(payoff(-1, 1), p, Event::Escaped));
        }
        for step in p.steps() {
            let next = if step.captured.is_some() {
                self.p2_captures(p, step)
            } else {
                self.node_of(p.play(step))
            };
            out.push(next);
        }
        out
    }

    fn build(mut self, starts: &[Position]) -> (Problem, Vec<u32>) {
        let roots: Vec<u32> = starts.iter().map(|&s| self.node_of(s)).collect();
        while let Some(p) = self.todo.pop() {
            let i = self.index[&p] as usize;
            let next = match p.to_move {
                Player::First => vec![self.p1_move(&p)],
                Player::Second => {
                    let m = self.p2_moves(&p);
                    if m.is_empty() {
                        // No legal move (pass is not legal, §1): player 2 loses.
                        vec![self.end(payoff(1, 1), &p, Event::Stuck)]
                    } else {
                        m
                    }
                }
            };
            self.nodes[i] = Node::Choice(next);
        }
        (
            Problem {
                nodes: self.nodes,
                positions: self.positions,
                leaves: self.leaves,
            },
            roots,
        )
    }
}

/// The responder's problem for analysis `kind` from `starts` (positions
/// with player 2's real colours), read from the solved `tables`.
///
/// # Panics
/// If `kind` is not one of [`JUDGED`] or its tables are missing.
#[must_use]
pub fn problem(
    kind: Kind,
    tables: &BTreeMap<Kind, Table>,
    starts: &[Position],
) -> (Problem, Vec<u32>) {
    assert!(JUDGED.contains(&kind), "{kind} is not judged");
    let builder = Builder {
        kind,
        analysis: analysis_of(kind, tables),
        table: &tables[&kind],
        extended: &tables[&Kind::Extended],
        win: tables.get(&Kind::WinBrVsBr),
        nodes: Vec::new(),
        positions: Vec::new(),
        leaves: Vec::new(),
        index: HashMap::new(),
        todo: Vec::new(),
    };
    builder.build(starts)
}
