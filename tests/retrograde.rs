//! The retrograde engine ([`solved_games::solve::retrograde`]) in its own
//! terms: a two-player reachability game on a directed graph, solved on
//! graphs whose answers are known without it — a subtraction game with a
//! closed-form solution, cycles that no side can leave on its own terms,
//! outcome moves, and random graphs against value iteration written out
//! here. Both entry points ([`retrograde::solve`] over successor lists,
//! [`retrograde::solve_reversible`] over predecessors) are held to the same
//! answers. Document 003 (Mini-Geister) is one client; its tests are in
//! `geister.rs`.

use proptest::prelude::*;
use solved_games::solve::retrograde::{
    self, Chooser, Reach, ReversibleGraph, Solution, StateGraph, Successor,
};

/// The subtraction game {1, 2} on a pile of at most `top` stones: the mover
/// takes one or two stones; a player who cannot move has lost. State
/// `2n + side` is `n` stones with the maximiser (`side` 0) or the
/// minimiser (`side` 1) to move.
struct Subtraction {
    top: usize,
}

impl Subtraction {
    fn state(n: usize, side: usize) -> u32 {
        (2 * n + side) as u32
    }
}

impl StateGraph for Subtraction {
    fn len(&self) -> usize {
        2 * (self.top + 1)
    }
    fn chooser(&self, i: usize) -> Chooser {
        if i % 2 == 0 {
            Chooser::Max
        } else {
            Chooser::Min
        }
    }
    fn terminal(&self, _: usize) -> Option<Reach> {
        // No state is decided by the rules: an empty pile is lost because
        // its mover has no move, which the engine must work out itself.
        None
    }
    fn successors(&self, i: usize, out: &mut Vec<Successor>) {
        let (n, side) = (i / 2, i % 2);
        for take in 1..=2 {
            if take <= n {
                out.push(Successor::State(Subtraction::state(n - take, 1 - side)));
            }
        }
    }
}

impl ReversibleGraph for Subtraction {
    fn summary(&self, i: usize, _: &mut Vec<Reach>) -> Result<u32, Reach> {
        Ok((i / 2).min(2) as u32)
    }
    fn predecessors(&self, i: usize, mut f: impl FnMut(u32)) {
        let (n, side) = (i / 2, i % 2);
        for take in 1..=2 {
            if n + take <= self.top {
                f(Subtraction::state(n + take, 1 - side));
            }
        }
    }
}

/// The closed form: the mover loses exactly on multiples of 3. The loser
/// stretches the game (from 3k it can only reach 3k − 1 or 3k − 2, both of
/// length 2k), the winner shortens it (from 3k + 1 or 3k + 2 it moves to
/// 3k): 1 + 2k moves from a pile of 3k, 2 + 2k from 3k + 1 and 3k + 2,
/// counting the empty pile as 1.
fn subtraction_answer(n: usize, side: usize) -> (Reach, u16) {
    let mover_wins = n % 3 != 0;
    let value = match (mover_wins, side) {
        (true, 0) | (false, 1) => Reach::Goal,
        _ => Reach::Prevented,
    };
    let k = (n / 3) as u16;
    (value, if mover_wins { 2 + 2 * k } else { 1 + 2 * k })
}

fn both(graph: &impl ReversibleGraph) -> Solution {
    let s = retrograde::solve(graph);
    assert_eq!(
        retrograde::solve_reversible(graph),
        s,
        "the two engines disagree"
    );
    s
}

#[test]
fn subtraction_game_has_its_closed_form_values_and_lengths() {
    let g = Subtraction { top: 60 };
    let s = both(&g);
    for n in 0..=g.top {
        for side in 0..2 {
            let i = Subtraction::state(n, side) as usize;
            assert_eq!(
                (s.values[i], s.distances[i]),
                subtraction_answer(n, side),
                "{n} stones, side {side}"
            );
        }
    }
    // The mover wins on the 40 of 61 piles that are not multiples of 3:
    // Goal on 40 of Max's states and 21 of Min's; nothing is undecided in
    // a game that always ends.
    assert_eq!(s.counts(), (61, 0, 61));
    let h = s.distance_histogram(Reach::Prevented);
    // Prevented at distance 1: Max facing the empty pile; at distance 2:
    // Min to move with 1 or 2 stones (Min takes them all).
    assert_eq!(h[1], 1);
    assert_eq!(h[2], 2);
}

/// A small graph given by its move lists, with the side to move alternating
/// by index (even: Max) unless `choosers` says otherwise.
#[derive(Debug, Clone)]
struct Listed {
    choosers: Vec<Chooser>,
    terminal: Vec<Option<Reach>>,
    moves: Vec<Vec<Successor>>,
}

impl Listed {
    fn new(moves: Vec<Vec<Successor>>) -> Listed {
        let n = moves.len();
        Listed {
            choosers: (0..n)
                .map(|i| {
                    if i % 2 == 0 {
                        Chooser::Max
                    } else {
                        Chooser::Min
                    }
                })
                .collect(),
            terminal: vec![None; n],
            moves,
        }
    }
}

impl StateGraph for Listed {
    fn len(&self) -> usize {
        self.moves.len()
    }
    fn chooser(&self, i: usize) -> Chooser {
        self.choosers[i]
    }
    fn terminal(&self, i: usize) -> Option<Reach> {
        self.terminal[i]
    }
    fn successors(&self, i: usize, out: &mut Vec<Successor>) {
        out.extend_from_slice(&self.moves[i]);
    }
}

impl ReversibleGraph for Listed {
    fn summary(&self, i: usize, outcomes: &mut Vec<Reach>) -> Result<u32, Reach> {
        if let Some(v) = self.terminal[i] {
            return Err(v);
        }
        let mut states: Vec<u32> = Vec::new();
        for m in &self.moves[i] {
            match *m {
                Successor::State(j) => states.push(j),
                Successor::Outcome(v) => outcomes.push(v),
            }
        }
        states.sort_unstable();
        states.dedup();
        Ok(states.len() as u32)
    }
    fn predecessors(&self, i: usize, mut f: impl FnMut(u32)) {
        for (j, moves) in self.moves.iter().enumerate() {
            if moves.contains(&Successor::State(i as u32)) {
                f(j as u32);
            }
        }
    }
}

use Successor::{Outcome, State};

#[test]
fn a_cycle_neither_side_wants_to_leave_stays_undecided() {
    // 0 (Max) ⇄ 1 (Min); Max may also step to 2 (Max), whose only move
    // ends in Prevented; Min may step to 3 (Min), which has no move.
    // Leaving loses for whoever leaves, so play circles for ever.
    let g = Listed::new(vec![
        vec![State(1), State(2)],
        vec![State(0), State(3)],
        vec![Outcome(Reach::Prevented)],
        vec![],
    ]);
    let s = both(&g);
    use Reach::*;
    assert_eq!(s.values, vec![Undecided, Undecided, Prevented, Goal]);
    assert_eq!(s.distances, vec![0, 0, 1, 1]);
}

#[test]
fn a_cycle_with_an_exit_is_decided_by_the_side_that_owns_the_exit() {
    // 0 (Max) → 1 (Min) → 2 (Max) → 0; Max at 2 may also end the game
    // with its goal. Min at 1 has no other move, so every state is Goal;
    // the distances count the moves to the exit: 1 from 2, 2 from 1, 3
    // from 0.
    let g = Listed::new(vec![
        vec![State(1)],
        vec![State(2)],
        vec![State(0), Outcome(Reach::Goal)],
    ]);
    let s = both(&g);
    assert_eq!(s.values, vec![Reach::Goal; 3]);
    assert_eq!(s.distances, vec![3, 2, 1]);
}

#[test]
fn a_never_decided_outcome_keeps_the_forced_side_from_being_forced() {
    // Min at 1 can step to a Goal terminal (0, marked by the rules) or take
    // an outcome that never ends (Undecided): it is never forced into the
    // goal. Min at 3 has only the Goal move and is forced (distance 2).
    let mut g = Listed::new(vec![
        vec![],
        vec![State(0), Outcome(Reach::Undecided)],
        vec![],
        vec![State(0)],
    ]);
    g.terminal[0] = Some(Reach::Goal);
    g.terminal[2] = Some(Reach::Prevented);
    let s = both(&g);
    use Reach::*;
    assert_eq!(s.values, vec![Goal, Undecided, Prevented, Goal]);
    assert_eq!(s.distances, vec![1, 0, 1, 2]);
}

#[test]
fn the_chooser_takes_the_nearest_goal_and_the_forced_side_the_farthest() {
    // Max at 0 can reach its goal through a long chain (1 → 2 → 3) or a
    // short one (4, which ends in the goal at once): it takes 4, distance
    // 1 + 1. Min at 5 must go to 0 or to 6 (a Goal terminal): it stretches
    // the game through 0, distance 1 + 2.
    let mut g = Listed::new(vec![
        vec![State(1), State(4)],
        vec![State(2)],
        vec![State(3)],
        vec![],
        vec![Outcome(Reach::Goal)],
        vec![State(0), State(6)],
        vec![],
    ]);
    g.choosers = vec![
        Chooser::Max,
        Chooser::Min,
        Chooser::Max,
        Chooser::Min,
        Chooser::Max,
        Chooser::Min,
        Chooser::Max,
    ];
    g.terminal[3] = Some(Reach::Goal);
    g.terminal[6] = Some(Reach::Goal);
    let s = both(&g);
    assert_eq!(s.values, vec![Reach::Goal; 7]);
    assert_eq!(s.distances, vec![2, 3, 2, 1, 1, 3, 1]);
}

/// Value iteration by depth, written out for the test: a state is decided
/// at depth d when, from the values decided before depth d, its chooser has
/// a move to its wanted value or every move reaches the other one.
fn sweep(g: &Listed) -> (Vec<Reach>, Vec<u16>) {
    let n = g.len();
    let mut value: Vec<Option<(Reach, u16)>> = vec![None; n];
    for depth in 1u16.. {
        let before = value.clone();
        let mut changed = false;
        for i in 0..n {
            if before[i].is_some() {
                continue;
            }
            let (want, lose) = match g.choosers[i] {
                Chooser::Max => (Reach::Goal, Reach::Prevented),
                Chooser::Min => (Reach::Prevented, Reach::Goal),
            };
            let decided = if let Some(v) = g.terminal[i] {
                Some(v)
            } else {
                let known: Vec<Option<Reach>> = g.moves[i]
                    .iter()
                    .map(|m| match *m {
                        Successor::Outcome(Reach::Undecided) => None,
                        Successor::Outcome(v) => Some(v),
                        Successor::State(j) => before[j as usize].map(|e| e.0),
                    })
                    .collect();
                if known.contains(&Some(want)) {
                    Some(want)
                } else if known.iter().all(|k| *k == Some(lose)) {
                    Some(lose)
                } else {
                    None
                }
            };
            if let Some(v) = decided {
                value[i] = Some((v, depth));
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    value
        .iter()
        .map(|e| e.unwrap_or((Reach::Undecided, 0)))
        .unzip()
}

/// A random graph: up to three moves per state (to states or outcomes),
/// some states decided by the rules.
fn random_graph() -> impl Strategy<Value = Listed> {
    (2usize..40).prop_flat_map(|n| {
        let reach = prop_oneof![
            Just(Reach::Goal),
            Just(Reach::Prevented),
            Just(Reach::Undecided)
        ];
        let succ = prop_oneof![
            4 => (0..n as u32).prop_map(Successor::State),
            1 => reach.clone().prop_map(Successor::Outcome),
        ];
        let term = prop_oneof![
            6 => Just(None),
            1 => Just(Some(Reach::Goal)),
            1 => Just(Some(Reach::Prevented)),
        ];
        (
            prop::collection::vec(term, n),
            prop::collection::vec(prop::collection::vec(succ, 0..4), n),
        )
            .prop_map(|(terminal, moves)| Listed {
                terminal,
                ..Listed::new(moves)
            })
    })
}

proptest! {
    #[test]
    fn engine_agrees_with_value_iteration_on_random_graphs(g in random_graph()) {
        let s = retrograde::solve(&g);
        let (values, distances) = sweep(&g);
        prop_assert_eq!(s.values, values);
        prop_assert_eq!(s.distances, distances);
    }

    #[test]
    fn engine_with_predecessors_agrees_on_random_graphs(g in random_graph()) {
        let s = retrograde::solve_reversible(&g);
        let (values, distances) = sweep(&g);
        prop_assert_eq!(s.values, values);
        prop_assert_eq!(s.distances, distances);
    }

}
