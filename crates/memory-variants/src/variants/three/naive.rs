//! Three players on the explicit row of cards (document 004 §1.1 R1–R3,
//! 仮定, §4 items 1 and 2), by exhaustive search. Written from the rules
//! alone: it uses the plain row of [`solved_games_reference::games::memory::naive`] (positions
//! unknown, known or taken) and nothing of the §2.1 recurrences, so a slip in
//! either shows as a disagreement.
//!
//! **Model.** A turn is a small tree built on the actual row: the mover
//! chooses any face-down position; a face-down unknown card is a chance over
//! the numbers still unseen (each with probability its unseen cards / all
//! unknown cards); then the mover chooses any other face-down position, and
//! chance again. Two equal numbers: the 1s win the game for the mover, any
//! other pair is taken and the mover goes on. Two different numbers are
//! remembered and the next seat moves; if both were known before, nothing
//! changed: a pass, and the third pass in a row is a draw (the second under
//! [`PassRule::TwoInARow`]).
//!
//! **Judging.** Max-n: a seat's payoff is its winning chance plus a third of
//! the draw chance; the mover takes the most, then the least for the next
//! seat, then the fewest draws. Paranoid, for a focal seat `place` seats
//! after the mover: the focal seat takes its most, any other mover the
//! focal seat's least, and at an equal payoff either takes the fewer draws
//! (so each focal game has one draw chance). Values are remembered by the
//! row's shape, the passes and (paranoid) the focal place.
//!
//! **Limits.** N ≤ 6 in seconds; a turn's tree has O(N²) leaves per first
//! card.

use super::PassRule;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use solved_games_reference::games::memory::naive::{Cell, NotationError, Row, Shape};
use std::collections::HashMap;

/// The row's own reading of the end rules (SPEC.md "Memory variants: three
/// players"): a full round of passes, one by each seat, or two passes in a
/// row end the game in a draw. Kept apart from the recurrence's counts so a
/// slip in either is seen by the naive = optimized check.
fn passes_ending_the_game(rule: PassRule) -> u8 {
    match rule {
        PassRule::FullRound => 3,
        PassRule::TwoInARow => 2,
    }
}

/// How a turn ended, on the row it leaves.
enum Leaf {
    /// The mover turned the two 1s.
    Won,
    /// A pair other than the 1s taken: the mover again on this row.
    Again(Row),
    /// Two different numbers, at least one seen for the first time: the
    /// next seat on this row.
    Missed(Row),
    /// Two known cards of different numbers: the next seat, same row.
    Passed,
}

/// One turn as a tree of the mover's choices and the deal's chances.
enum Node {
    Choose(Vec<Node>),
    Chance(Vec<(BigRational, Node)>),
    End(Leaf),
}

fn ratio(num: usize, den: usize) -> BigRational {
    BigRational::new(BigInt::from(num), BigInt::from(den))
}

/// The numbers a face-down unknown card can show, with their chances.
fn deal(row: &Row) -> Vec<(u8, BigRational)> {
    let unknown = row.unknown_cards();
    row.numbers()
        .filter(|&x| row.unseen(x) > 0)
        .map(|x| (x, ratio(row.unseen(x), unknown)))
        .collect()
}

/// The second card at `second` once the first, at `first`, shows `a`
/// (`first_was_known`: it was known before the turn).
fn second_card(row: &Row, first: usize, a: u8, second: usize, first_was_known: bool) -> Node {
    let end = |b: u8, second_was_known: bool| {
        if a == b {
            if a == 1 {
                return Node::End(Leaf::Won);
            }
            let next = row.with(first, Cell::Taken(a)).with(second, Cell::Taken(b));
            return Node::End(Leaf::Again(next));
        }
        if first_was_known && second_was_known {
            return Node::End(Leaf::Passed);
        }
        let next = row.with(first, Cell::Known(a)).with(second, Cell::Known(b));
        Node::End(Leaf::Missed(next))
    };
    match row.cells()[second] {
        Cell::Known(b) => end(b, true),
        Cell::Unknown => Node::Chance(
            deal(row)
                .into_iter()
                .map(|(b, p)| (p, end(b, false)))
                .collect(),
        ),
        Cell::Taken(_) => unreachable!("only face-down cards are turned"),
    }
}

/// Every turn the mover can make on `row`.
fn turn(row: &Row) -> Node {
    let face_down = |r: &Row| -> Vec<usize> {
        (0..r.cells().len())
            .filter(|&i| !matches!(r.cells()[i], Cell::Taken(_)))
            .collect()
    };
    let mut firsts = Vec::new();
    for first in face_down(row) {
        let seconds = |shown: &Row, a: u8, known: bool| {
            Node::Choose(
                face_down(shown)
                    .into_iter()
                    .filter(|&s| s != first)
                    .map(|s| second_card(shown, first, a, s, known))
                    .collect(),
            )
        };
        match row.cells()[first] {
            Cell::Known(a) => firsts.push(seconds(row, a, true)),
            Cell::Unknown => firsts.push(Node::Chance(
                deal(row)
                    .into_iter()
                    .map(|(a, p)| {
                        let shown = row.with(first, Cell::Known(a));
                        (p, seconds(&shown, a, false))
                    })
                    .collect(),
            )),
            Cell::Taken(_) => {}
        }
    }
    Node::Choose(firsts)
}

/// Max-n outcome from the mover's side: winning chances of the mover, the
/// next seat, the seat after, and the draw chance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chances {
    /// Winning chances, by place after the mover.
    pub wins: [BigRational; 3],
    /// The chance of a draw.
    pub draw: BigRational,
}

impl Chances {
    fn zero() -> Chances {
        Chances {
            wins: [
                BigRational::zero(),
                BigRational::zero(),
                BigRational::zero(),
            ],
            draw: BigRational::zero(),
        }
    }

    fn payoff(&self, place: usize) -> BigRational {
        &self.wins[place] + &self.draw / BigInt::from(3)
    }

    /// `self`, seen by the seat that handed us the turn.
    fn handed_back(&self) -> Chances {
        let [a, b, c] = &self.wins;
        // Its mover (us) is its next seat; its next (our next) is its after.
        Chances {
            wins: [c.clone(), a.clone(), b.clone()],
            draw: self.draw.clone(),
        }
    }

    fn better_than(&self, other: &Chances) -> bool {
        let (a, b) = (self.payoff(0), other.payoff(0));
        if a != b {
            return a > b;
        }
        let (a, b) = (self.payoff(1), other.payoff(1));
        if a != b {
            return a < b;
        }
        self.draw < other.draw
    }
}

/// A focal seat's game against the other two: what it can guarantee and
/// the draw chance of that play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Guarantee {
    /// The focal seat's payoff (win 1, draw ⅓).
    pub payoff: BigRational,
    /// The chance of a draw.
    pub draw: BigRational,
}

impl Guarantee {
    fn of(payoff: BigRational, draw: BigRational) -> Guarantee {
        Guarantee { payoff, draw }
    }

    /// Whether `self` beats `other` for the one choosing: the focal seat
    /// (`focal`) wants a larger payoff, the coalition a smaller one, and
    /// both fewer draws at an equal payoff.
    fn better_than(&self, other: &Guarantee, focal: bool) -> bool {
        if self.payoff == other.payoff {
            return self.draw < other.draw;
        }
        (self.payoff > other.payoff) == focal
    }
}

/// The exhaustive search, both ways of judging, under one pass rule.
pub struct ThreeRowSearch {
    ending: u8,
    max_n: HashMap<(Shape, u8), Chances>,
    paranoid: HashMap<(Shape, u8, usize), Guarantee>,
}

impl Default for ThreeRowSearch {
    fn default() -> ThreeRowSearch {
        ThreeRowSearch::under(PassRule::FullRound)
    }
}

impl ThreeRowSearch {
    /// An empty search, a full round of passes ending the game.
    #[must_use]
    pub fn new() -> ThreeRowSearch {
        ThreeRowSearch::default()
    }

    /// An empty search, passes ending the game by `rule`.
    #[must_use]
    pub fn under(rule: PassRule) -> ThreeRowSearch {
        ThreeRowSearch {
            ending: passes_ending_the_game(rule),
            max_n: HashMap::new(),
            paranoid: HashMap::new(),
        }
    }

    /// The max-n outcome on `row` after `passes` passes in a row.
    pub fn max_n(&mut self, row: &Row, passes: u8) -> Chances {
        let key = (row.shape(), passes);
        if let Some(v) = self.max_n.get(&key) {
            return v.clone();
        }
        let tree = turn(row);
        let v = self.judge_max_n(&tree, row, passes);
        self.max_n.insert(key, v.clone());
        v
    }

    fn judge_max_n(&mut self, node: &Node, row: &Row, passes: u8) -> Chances {
        match node {
            Node::Choose(options) => {
                let mut best: Option<Chances> = None;
                for o in options {
                    let v = self.judge_max_n(o, row, passes);
                    if best.as_ref().map_or(true, |b| v.better_than(b)) {
                        best = Some(v);
                    }
                }
                best.expect("a face-down card to turn")
            }
            Node::Chance(parts) => {
                let mut mean = Chances::zero();
                for (p, o) in parts {
                    let v = self.judge_max_n(o, row, passes);
                    for i in 0..3 {
                        mean.wins[i] += p * &v.wins[i];
                    }
                    mean.draw += p * &v.draw;
                }
                mean
            }
            Node::End(Leaf::Won) => Chances {
                wins: [BigRational::one(), BigRational::zero(), BigRational::zero()],
                draw: BigRational::zero(),
            },
            Node::End(Leaf::Again(next)) => self.max_n(next, 0),
            Node::End(Leaf::Missed(next)) => self.max_n(next, 0).handed_back(),
            Node::End(Leaf::Passed) => {
                if passes + 1 >= self.ending {
                    Chances {
                        draw: BigRational::one(),
                        ..Chances::zero()
                    }
                } else {
                    self.max_n(row, passes + 1).handed_back()
                }
            }
        }
    }

    /// What the seat `place` seats after the mover (0 the mover) can
    /// guarantee on `row` after `passes` passes, against the other two.
    pub fn paranoid(&mut self, row: &Row, passes: u8, place: usize) -> BigRational {
        self.guarantee(row, passes, place).payoff
    }

    /// [`ThreeRowSearch::paranoid`] with the draw chance of that play.
    pub fn guarantee(&mut self, row: &Row, passes: u8, place: usize) -> Guarantee {
        let key = (row.shape(), passes, place);
        if let Some(v) = self.paranoid.get(&key) {
            return v.clone();
        }
        let tree = turn(row);
        let v = self.judge_paranoid(&tree, row, passes, place);
        self.paranoid.insert(key, v.clone());
        v
    }

    fn judge_paranoid(&mut self, node: &Node, row: &Row, passes: u8, place: usize) -> Guarantee {
        // After a hand-over the focal seat is one place nearer the mover.
        let handed = (place + 2) % 3;
        match node {
            Node::Choose(options) => {
                let mut best: Option<Guarantee> = None;
                for o in options {
                    let v = self.judge_paranoid(o, row, passes, place);
                    if best.as_ref().map_or(true, |b| v.better_than(b, place == 0)) {
                        best = Some(v);
                    }
                }
                best.expect("a face-down card to turn")
            }
            Node::Chance(parts) => {
                let mut mean = Guarantee::of(BigRational::zero(), BigRational::zero());
                for (p, o) in parts {
                    let v = self.judge_paranoid(o, row, passes, place);
                    mean.payoff += p * v.payoff;
                    mean.draw += p * v.draw;
                }
                mean
            }
            Node::End(Leaf::Won) => Guarantee::of(
                if place == 0 {
                    BigRational::one()
                } else {
                    BigRational::zero()
                },
                BigRational::zero(),
            ),
            Node::End(Leaf::Again(next)) => self.guarantee(next, 0, place),
            Node::End(Leaf::Missed(next)) => self.guarantee(next, 0, handed),
            Node::End(Leaf::Passed) => {
                if passes + 1 >= self.ending {
                    Guarantee::of(ratio(1, 3), BigRational::one())
                } else {
                    self.guarantee(row, passes + 1, handed)
                }
            }
        }
    }

    /// The max-n outcome of a state name (`F(n,m,k)`, `G(n,m,k)`), read by
    /// the row's own notation.
    ///
    /// # Errors
    /// If the name is not a state.
    pub fn state_max_n(&mut self, name: &str, passes: u8) -> Result<Chances, NotationError> {
        let row = Row::from_notation(name)?;
        Ok(self.max_n(&row, passes))
    }

    /// The paranoid guarantee of the seat `place` after the mover on a
    /// state name.
    ///
    /// # Errors
    /// If the name is not a state.
    pub fn state_paranoid(
        &mut self,
        name: &str,
        passes: u8,
        place: usize,
    ) -> Result<BigRational, NotationError> {
        let row = Row::from_notation(name)?;
        Ok(self.paranoid(&row, passes, place))
    }

    /// [`ThreeRowSearch::state_paranoid`] with the draw chance of that play.
    ///
    /// # Errors
    /// If the name is not a state.
    pub fn state_guarantee(
        &mut self,
        name: &str,
        passes: u8,
        place: usize,
    ) -> Result<Guarantee, NotationError> {
        let row = Row::from_notation(name)?;
        Ok(self.guarantee(&row, passes, place))
    }
}
