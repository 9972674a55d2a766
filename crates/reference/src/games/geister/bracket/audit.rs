//! Checks of the judge that the bracket's own problems cannot make (SPEC.md,
//! "The 3-vs-2 bracket", GEI-117..119).
//!
//! - [`rounding`]: the engine ([`crate::solve::endless_mdp`]) at the
//!   bracket's grid on seeded random problems whose chance averages fall
//!   off the grid (weights summing to 7, 11, 13, …), against the exact
//!   values of [`crate::solve::endless_mdp_naive`]. Every average of the
//!   bracket's own problems lands on the grid (halves and thirds), so a
//!   rounding turned inward there changes nothing those claims show.
//! - [`leaf_value`]: player 1's payoff at each end of a responder problem
//!   by a model written apart from the builder: it enumerates player 1's
//!   real colourings (which purples are red) and resolves the escape or
//!   capture under each with document 003 §1's rules. The optimal responder
//!   never lets some ends happen, so a wrong value there moves no
//!   guarantee and the reachability evaluator, reading the same problem,
//!   cannot disagree.
//! - [`fixed_responder`]: each strategy against a fixed responder that
//!   never captures and never escapes while it has a plain step (so that
//!   player 1 escapes), the judge's value of that play against seeded
//!   play under real colours ([`super::montecarlo::match_mean_with`]).
//!
//! [`judged`] keeps what the claims read of each judged analysis, computed
//! once per process with the guarantees of GEI-101..105.

use super::super::analysis::Kind;
use super::super::optimized::Table;
use super::super::rules::{squares, Army, Colour, Position};
use super::judge::{self, Event, Leaf};
use super::{judge_each, montecarlo, Guarantee, Judging, SCALE};
use crate::core::Player;
use crate::solve::endless_mdp::{bounds, check_lower, negated, payoff, Node};
use crate::solve::endless_mdp_naive;
use crate::solve::retrograde::Reach;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{ToPrimitive, Zero};
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// What [`rounding`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rounding {
    /// Problems compared (each also negated).
    pub problems: usize,
    /// States compared.
    pub states: usize,
    /// Of them, the states whose exact value is off the grid.
    pub off_grid: usize,
    /// The first state whose exact value lies outside its enclosure, whose
    /// enclosure is wider than 2⁻²⁰, or whose certificate fails; `None`
    /// when there is none.
    pub first_failure: Option<String>,
}

/// A seeded random problem of `n` states: ends `k/3` for |k| ≤ 3, choices
/// of one or two moves, chance states of two or three branches of weights
/// 1..=6 (totals such as 5, 7, 11, 13 are prime to the grid's 6·2⁴⁰).
fn random_problem(rng: &mut fastrand::Rng, n: usize) -> Vec<Node> {
    let n32 = u32::try_from(n).expect("a small problem");
    (0..n)
        .map(|_| match rng.u32(0..10) {
            0..=2 => Node::End(payoff(rng.i64(-3..=3), 3)),
            3..=5 => Node::Choice((0..rng.usize(1..=2)).map(|_| rng.u32(0..n32)).collect()),
            _ => Node::Chance(
                (0..rng.usize(2..=3))
                    .map(|_| (rng.u64(1..=6), rng.u32(0..n32)))
                    .collect(),
            ),
        })
        .collect()
}

/// A hand-made problem with a 1/7 chance: the responder picks between a
/// gamble of weights 1 and 6 over +1 and −1/3 (worth −1/7) and a chance
/// loop that comes back with weight 3 and ends at +1/3 with weight 4.
fn one_seventh() -> Vec<Node> {
    vec![
        Node::Choice(vec![1, 2]),
        Node::Chance(vec![(1, 3), (6, 4)]),
        Node::Chance(vec![(3, 0), (4, 5)]),
        Node::End(payoff(1, 1)),
        Node::End(payoff(-1, 3)),
        Node::End(payoff(1, 3)),
    ]
}

/// The engine's enclosures at the bracket's grid ([`SCALE`]) against the
/// exact values of every pure stationary policy, on the 1/7 problem and on
/// `count` seeded random problems of 9 states (those with at most 512
/// policies), each also negated: lower ≤ exact ≤ upper at every state,
/// upper − lower ≤ 2⁻²⁰, and the lower bounds pass [`check_lower`].
#[must_use]
pub fn rounding(count: usize, seed: u64) -> Rounding {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut problems = vec![one_seventh()];
    problems.extend((0..count).map(|_| random_problem(&mut rng, 9)));
    let scale = BigRational::from_integer(BigInt::from(SCALE));
    let width = payoff(1, 1 << 20);
    let mut found = Rounding {
        problems: 0,
        states: 0,
        off_grid: 0,
        first_failure: None,
    };
    for (k, nodes) in problems.iter().enumerate() {
        if endless_mdp_naive::values(nodes, 512).is_none() {
            continue;
        }
        found.problems += 1;
        for (side, problem) in [("", nodes.clone()), (" negated", negated(nodes))] {
            let exact = endless_mdp_naive::values(&problem, 512).expect("as many policies");
            let b = bounds(&problem, SCALE, 100_000).expect("a well-formed problem");
            let mut fail = |what: String| {
                found
                    .first_failure
                    .get_or_insert_with(|| format!("problem {k}{side}: {what}"));
            };
            if !check_lower(&problem, SCALE, &b.lower) {
                fail("the lower bounds are not a certificate".to_string());
            }
            for (s, v) in exact.iter().enumerate() {
                found.states += 1;
                if !(v * &scale).fract().is_zero() {
                    found.off_grid += 1;
                }
                let (lo, hi) = (b.lo(s), b.hi(s));
                if !(lo <= *v && *v <= hi) {
                    fail(format!("state {s}: exact {v} outside [{lo}, {hi}]"));
                } else if &hi - &lo > width {
                    fail(format!("state {s}: [{lo}, {hi}] wider than 2^-20"));
                }
            }
        }
    }
    found
}

/// Player 1's pieces as document 003 deals them in each judged analysis:
/// (blue, red). §6.2.1 gives it blue-blue-red, §6.1.1 red-blue-red (one red
/// known), the others blue-red.
fn dealt(kind: Kind) -> (u32, u32) {
    match kind {
        Kind::BbrVsBr => (2, 1),
        Kind::RbrVsBr => (1, 2),
        _ => (1, 1),
    }
}

/// Player 1's real armies at `at`, each as likely as the others: its
/// purples coloured so that it holds what it was dealt. `None` if no
/// colouring does (every capture ends a problem, so player 1 always holds
/// all its pieces).
fn colourings(kind: Kind, at: &Position) -> Option<Vec<Army>> {
    let (blue, red) = dealt(kind);
    let purples: Vec<u8> = squares(at.p1.of(Colour::Purple)).collect();
    let hidden_reds = red.checked_sub(at.p1.count(Colour::Red))?;
    let hidden_blues = blue.checked_sub(at.p1.count(Colour::Blue))?;
    if hidden_reds + hidden_blues != purples.len() as u32 {
        return None;
    }
    let mut out = Vec::new();
    for mask in 0u32..1 << purples.len() {
        if mask.count_ones() != hidden_reds {
            continue;
        }
        let mut army = Army {
            by_colour: [at.p1.of(Colour::Blue), at.p1.of(Colour::Red), 0],
        };
        for (i, &sq) in purples.iter().enumerate() {
            let c = if mask & (1 << i) != 0 {
                Colour::Red
            } else {
                Colour::Blue
            };
            army.by_colour[c as usize] |= 1 << sq;
        }
        out.push(army);
    }
    Some(out)
}

/// `p` with player 2's pieces all purple: what player 1 sees.
fn seen_by_player_1(p: &Position) -> Position {
    let mut q = *p;
    q.p2 = Army {
        by_colour: [0, 0, p.p2.all()],
    };
    q
}

/// Play goes on two pieces against two, player 1 still purple: what §4's
/// strategy is counted (its table's −1 where it gives one, else its
/// guarantee 0).
fn purple_two_vs_two(tables: &BTreeMap<Kind, Table>, after: &Position) -> Option<BigRational> {
    if after.p1.all().count_ones() != 2 || after.p2.all().count_ones() != 2 {
        return None;
    }
    let reach = tables
        .get(&Kind::Extended)?
        .get(&seen_by_player_1(after))?
        .0;
    Some(payoff(if reach == Reach::Prevented { -1 } else { 0 }, 1))
}

/// Player 1's payoff when its real army is `real` and `leaf` happens.
fn resolved(tables: &BTreeMap<Kind, Table>, leaf: &Leaf, real: &Army) -> Option<BigRational> {
    let at = &leaf.at;
    let win = || Some(payoff(1, 1));
    let loss = || Some(payoff(-1, 1));
    match leaf.event {
        // §1: a blue that leaves the board wins; a red, in this judge, loses.
        Event::Escape(sq) => match real.colour_at(sq)? {
            Colour::Blue => win(),
            _ => loss(),
        },
        // Capturing the last blue wins, the last red loses (§1).
        Event::Captures(step) => {
            let c = at.p2.colour_at(step.to)?;
            match (c, at.p2.count(c)) {
                (Colour::Blue, 1) => win(),
                (Colour::Red, 1) => loss(),
                (Colour::Purple, _) => None,
                _ => purple_two_vs_two(tables, &at.play(step)),
            }
        }
        // Losing the last red wins, the last blue loses; else play goes on.
        Event::Captured(step) => {
            let c = real.colour_at(step.to)?;
            let mut left = *real;
            left.by_colour[c as usize] &= !(1 << step.to);
            if left.count(c) == 0 {
                return if c == Colour::Red { win() } else { loss() };
            }
            let after = at.play(step);
            // Player 1 learns the captured piece's colour: its purples left
            // are known when they are all of one colour.
            let purples_left = after.p1.of(Colour::Purple);
            let reds_left = left.of(Colour::Red) & purples_left;
            if reds_left != 0 && reds_left != purples_left {
                return purple_two_vs_two(tables, &after);
            }
            // Every colour known (§6.1.1 after its red purple is taken):
            // `win-br-vs-br`'s sure win, else counted lost.
            let mut known = seen_by_player_1(&after);
            known.p1 = left;
            let reach = tables.get(&Kind::WinBrVsBr)?.get(&known).map(|e| e.0);
            if reach == Some(Reach::Goal) {
                win()
            } else {
                loss()
            }
        }
        Event::Escaped | Event::NoMove => loss(),
        Event::Stuck => win(),
        Event::Guess => Some(payoff(0, 1)),
    }
}

/// Player 1's payoff at `leaf` of a problem of analysis `kind`: the mean
/// over its real colourings of the event resolved under each (module
/// docs); `None` where the model does not apply.
#[must_use]
pub fn leaf_value(kind: Kind, tables: &BTreeMap<Kind, Table>, leaf: &Leaf) -> Option<BigRational> {
    let armies = colourings(kind, &leaf.at)?;
    let mut sum = BigRational::zero();
    for real in &armies {
        sum += resolved(tables, leaf, real)?;
    }
    Some(sum / BigRational::from_integer(BigInt::from(armies.len())))
}

/// The name of an event, for counts.
fn event_name(e: Event) -> &'static str {
    match e {
        Event::Escape(_) => "escape",
        Event::Captures(_) => "capture",
        Event::Captured(_) => "captured",
        Event::Escaped => "escaped",
        Event::Stuck => "stuck",
        Event::NoMove => "no move",
        Event::Guess => "guess",
    }
}

/// The ends of the responder problems of one analysis: the builder's value
/// of each and the model's ([`leaf_value`]), one line each.
#[derive(Debug, Clone, Default)]
pub struct Leaves {
    /// The builder's value of every end: `problem node value`, a line each.
    pub judge: String,
    /// The model's (`none` where it does not apply), in the same order.
    pub model: String,
    /// Ends by event.
    pub by_event: BTreeMap<&'static str, usize>,
    /// The first end whose two values differ.
    pub first_difference: Option<String>,
}

impl Leaves {
    fn add(&mut self, j: &Judging<'_>, problem: usize) {
        use std::fmt::Write as _;
        for (i, leaf) in j.problem.leaves.iter().enumerate() {
            let Some(leaf) = leaf else { continue };
            let Node::End(v) = &j.problem.nodes[i] else {
                continue;
            };
            let model = leaf_value(j.kind, j.tables, leaf);
            let shown = model
                .as_ref()
                .map_or("none".to_string(), ToString::to_string);
            let _ = writeln!(self.judge, "{problem} {i} {v}");
            let _ = writeln!(self.model, "{problem} {i} {shown}");
            *self.by_event.entry(event_name(leaf.event)).or_insert(0) += 1;
            if model.as_ref() != Some(v) && self.first_difference.is_none() {
                self.first_difference = Some(format!(
                    "{} problem {problem}, {:?} at {}: judge {v}, model {shown}",
                    j.kind, leaf.event, leaf.at
                ));
            }
        }
    }
}

/// One match of a judged strategy against the fixed responder.
#[derive(Debug, Clone)]
pub struct FixedMatch {
    /// The judge's value of the play (exact).
    pub exact: BigRational,
    /// How the play ends: an event's name, `chance` (a random capture) or
    /// `endless`.
    pub ending: &'static str,
    /// Mean and standard error of the seeded matches under real colours.
    pub mean: f64,
    /// The standard error of `mean`.
    pub se: f64,
}

impl FixedMatch {
    /// Whether the seeded mean lies within 4 standard errors of the judge's
    /// value (within 10⁻⁹ when nothing is random).
    #[must_use]
    pub fn agrees(&self) -> bool {
        let exact = self.exact.to_f64().unwrap_or(f64::NAN);
        (self.mean - exact).abs() <= 4.0 * self.se + 1e-9
    }
}

/// The fixed responder: at each of player 2's choice states its first plain
/// step (a successor that is a position), else its first move.
fn plain_first(problem: &judge::Problem) -> Vec<u32> {
    problem
        .nodes
        .iter()
        .map(|node| match node {
            Node::Choice(next) => next
                .iter()
                .copied()
                .find(|&t| problem.positions[t as usize].is_some())
                .unwrap_or(next[0]),
            _ => 0,
        })
        .collect()
}

/// The judge's strategy against [`plain_first`] from `j`'s root: the value
/// the problem gives that play, exactly, and the seeded matches under real
/// colours.
#[must_use]
pub fn fixed_responder(j: &Judging<'_>, seed: u64) -> FixedMatch {
    let problem = j.problem;
    let pol = plain_first(problem);
    let mut seen = vec![false; problem.nodes.len()];
    let mut s = j.root as usize;
    let (exact, ending) = loop {
        match &problem.nodes[s] {
            Node::End(v) => {
                let event = problem.leaves[s].map_or("end", |l| event_name(l.event));
                break (v.clone(), event);
            }
            Node::Chance(branches) => {
                let total: u64 = branches.iter().map(|&(w, _)| w).sum();
                let mut sum = BigRational::zero();
                for &(w, t) in branches {
                    if let Node::End(v) = &problem.nodes[t as usize] {
                        sum += v * payoff(i64::try_from(w).unwrap_or(0), 1);
                    }
                }
                break (sum / payoff(i64::try_from(total).unwrap_or(1), 1), "chance");
            }
            Node::Choice(next) => {
                if std::mem::replace(&mut seen[s], true) {
                    break (BigRational::zero(), "endless");
                }
                let first = problem.positions[s].map(|p| p.to_move) == Some(Player::First);
                s = if first { next[0] } else { pol[s] } as usize;
            }
        }
    };
    let (mean, se) = montecarlo::match_mean_with(problem, &pol, j.root, 4000, 400, seed);
    FixedMatch {
        exact,
        ending,
        mean,
        se,
    }
}

/// What the claims read of one judged analysis.
#[derive(Debug, Clone)]
pub struct Judged {
    /// The guarantees ([`super::judge_kind`]).
    pub guarantees: Vec<Guarantee>,
    /// The ends of its responder problems, by the builder and the model.
    pub leaves: Leaves,
    /// Its strategy against the fixed responder, per problem.
    pub fixed: Vec<FixedMatch>,
}

/// The analysis `kind` judged, with the checks of this module on each of
/// its problems, once per process.
///
/// # Panics
/// If `kind` is not one of [`judge::JUDGED`].
#[must_use]
pub fn judged(kind: Kind) -> &'static Judged {
    static CELLS: [OnceLock<Judged>; judge::JUDGED.len()] =
        [const { OnceLock::new() }; judge::JUDGED.len()];
    let at = judge::JUDGED
        .iter()
        .position(|&k| k == kind)
        .expect("a judged analysis");
    CELLS[at].get_or_init(|| {
        let mut leaves = Leaves::default();
        let mut fixed = Vec::new();
        let mut problem = 0;
        let guarantees = judge_each(kind, &mut |j| {
            leaves.add(j, problem);
            fixed.push(fixed_responder(j, 108 + problem as u64));
            problem += 1;
        });
        Judged {
            guarantees,
            leaves,
            fixed,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_one_seventh_problem_is_worth_minus_one_seventh() {
        let exact = endless_mdp_naive::values(&one_seventh(), 10).unwrap();
        // Gamble −1/7; the loop: v = 3/7·v0 + 4/7·1/3 with v0 = min(−1/7, v).
        assert_eq!(exact[0], payoff(-1, 7));
        assert_eq!(exact[1], payoff(-1, 7));
    }

    /// An escape is worth its colour's mean: one red among two purples 0,
    /// among three 1/3; a player 2 without a move loses.
    #[test]
    fn the_model_averages_over_player_1_s_colourings() {
        for (kind, escape) in [(Kind::Basic, payoff(0, 1)), (Kind::BbrVsBr, payoff(1, 3))] {
            let tables = judge::tables(kind);
            let at = kind.initial()[0][0];
            let purple = squares(at.p1.of(Colour::Purple)).next().unwrap();
            let leaf = Leaf {
                at,
                event: Event::Escape(purple),
            };
            assert_eq!(leaf_value(kind, &tables, &leaf), Some(escape), "{kind}");
            assert_eq!(
                colourings(kind, &at).map(|c| c.len()),
                Some(kind_purples(kind))
            );
        }
        let stuck = Leaf {
            at: Kind::Basic.initial()[0][0],
            event: Event::Stuck,
        };
        let tables = judge::tables(Kind::Basic);
        assert_eq!(leaf_value(Kind::Basic, &tables, &stuck), Some(payoff(1, 1)));
    }

    fn kind_purples(kind: Kind) -> usize {
        if kind == Kind::BbrVsBr {
            3
        } else {
            2
        }
    }

    #[test]
    fn rounding_encloses_every_exact_value_and_most_are_off_the_grid() {
        let r = rounding(60, 51);
        assert_eq!(r.first_failure, None, "{r:?}");
        assert!(r.problems >= 40, "{r:?}");
        assert!(r.off_grid >= 100, "{r:?}");
    }
}
