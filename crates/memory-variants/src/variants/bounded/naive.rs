//! The bounded-memory game (§4 item 3, parent module) played on the
//! explicit row of 2N cards, written from the rules alone: it imports
//! nothing of [`super::optimized`] or the engines, and shares with it only
//! [`super::notation`], the name of a state.
//!
//! A row is its taken positions and numbers and the remembered list of
//! (position, number), oldest first. The mover tries every first position
//! and, once that card is face up, every second position; a card not
//! remembered shows a number with probability (its cards neither taken nor
//! remembered) / (all such cards). Equal numbers are taken (the 1s win, any
//! other pair lets the mover go on); otherwise the first and then the
//! second card become the newest remembered, the oldest beyond M
//! forgotten, and the opponent moves. Two remembered cards of different
//! numbers are a pass; after a pass a pass ends the game drawn. There is
//! no shortcut when both 1s end up remembered: the opponent's turn finds
//! them. Values are the mover's expected points, win 1, draw ½.
//!
//! **Memory by name.** As the paper's row search does, values are kept by
//! the state's name (n, the remembered numbers renamed by first appearance,
//! the 1 kept, the pass flag), and each name is searched on the first row
//! met with it: rows of one name differ by a permutation of positions and
//! a renaming of numbers other than 1, which the deal (uniform) and the
//! rules (only the 1s score) do not see.
//!
//! **The cycles.** Within one n the states can recur, so each n is solved
//! as a whole: a plan per state (a first position and, for an unknown first
//! card, a second position per number shown), evaluated exactly by
//! Gaussian elimination (states that can never leave n under the plans are
//! draws, ½), improved while some plan is strictly better, and then checked
//! for a player below ½ who could keep the play inside n for ever (worth ½
//! to it): such states take their staying plans and the loop goes on.
//!
//! **Speed without shortcuts.** A row's unremembered positions are alike,
//! so the choices a row offers are kept once per distinct effect (the
//! states reached and their chances, [`merged`]); every position is still
//! tried. A plan is valued part by part (strongly connected parts of its
//! graph, each by sparse exact elimination once the parts it leads to are
//! known). N ≤ 6 for M ≤ 6 runs in seconds; N = 12 for M ≤ 2.

use super::{notation, ONE};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use std::collections::HashMap;

fn q(a: usize, b: usize) -> BigRational {
    BigRational::new(BigInt::from(a), BigInt::from(b))
}

/// A concrete row between turns.
#[derive(Debug, Clone)]
struct Row {
    /// Numbers 1..=pairs (index 0 unused): taken?
    gone: Vec<bool>,
    /// Positions 0..2·pairs: taken?
    removed: Vec<bool>,
    /// Remembered (position, number), oldest first.
    memory: Vec<(usize, usize)>,
    passed: bool,
    capacity: usize,
}

impl Row {
    fn pairs_left(&self) -> usize {
        self.gone.iter().skip(1).filter(|g| !**g).count()
    }

    fn name(&self) -> String {
        let mut seen: Vec<usize> = Vec::new();
        let tokens: Vec<u8> = self
            .memory
            .iter()
            .map(|&(_, v)| {
                if v == 1 {
                    ONE
                } else {
                    let k = seen.iter().position(|&s| s == v).unwrap_or_else(|| {
                        seen.push(v);
                        seen.len() - 1
                    });
                    k as u8 + 1
                }
            })
            .collect();
        notation(self.pairs_left(), &tokens, self.passed)
    }

    fn remembered(&self, pos: usize) -> Option<usize> {
        self.memory.iter().find(|(p, _)| *p == pos).map(|&(_, v)| v)
    }

    /// Cards of number `v` neither taken nor remembered.
    fn hidden(&self, v: usize) -> usize {
        if self.gone[v] {
            0
        } else {
            2 - self.memory.iter().filter(|(_, w)| *w == v).count()
        }
    }

    fn positions(&self) -> Vec<usize> {
        (0..self.removed.len())
            .filter(|&p| !self.removed[p])
            .collect()
    }

    /// Both cards `a`, `b` of number `v` taken; the mover goes on.
    fn take(&self, a: usize, b: usize, v: usize) -> Row {
        let mut r = self.clone();
        r.gone[v] = true;
        r.removed[a] = true;
        r.removed[b] = true;
        r.memory.retain(|(p, _)| *p != a && *p != b);
        r.passed = false;
        r
    }

    /// A mismatch (or a pass): the first then the second card become the
    /// newest remembered; the opponent moves.
    fn turned_back(&self, first: (usize, usize), second: (usize, usize), pass: bool) -> Row {
        let mut r = self.clone();
        r.memory.retain(|(p, _)| *p != first.0 && *p != second.0);
        r.memory.push(first);
        r.memory.push(second);
        while r.memory.len() > r.capacity {
            r.memory.remove(0);
        }
        r.passed = pass;
        r
    }
}

/// Where a branch of a plan leads.
#[derive(Debug, Clone)]
enum Next {
    /// The game ends, or goes on at a solved state of fewer pairs with the
    /// same mover: the mover's points.
    Known(BigRational),
    /// The opponent moves at this state of the same n: its name and the
    /// row (the row is searched if the name is new).
    Theirs(String, Box<Row>),
    /// The mover goes on at a state of fewer pairs (not yet valued).
    Below(Row),
    /// The same once valued: the state's name and the mover's points.
    Lower(String, BigRational),
}

/// One complete turn: chance branches.
type Plan = Vec<(BigRational, Next)>;

/// A first card's choices: a remembered first card fixes the turn; an
/// unknown one gives, per number shown, its probability and the second
/// cards' plans.
enum First {
    Fixed(Plan),
    Unknown(Vec<(BigRational, Vec<Plan>)>),
}

/// What a branch leads to, as the rule sees it: the value of an end, or the
/// name of the state reached (the row behind a name does not matter).
fn seen(next: &Next) -> String {
    match next {
        Next::Known(x) => format!("={x}"),
        Next::Theirs(name, _) => name.clone(),
        Next::Below(r) => format!("+{}", r.name()),
        Next::Lower(name, _) => format!("+{name}"),
    }
}

/// A plan with its branches to one state merged (probabilities added) and
/// in a fixed order, and its signature: plans from different positions
/// that reach the same states with the same chances are one choice, so
/// each is kept once (the unremembered positions of a row are alike).
fn merged(plan: Plan) -> (Plan, String) {
    let mut by: Vec<(String, BigRational, Next)> = Vec::new();
    for (p, next) in plan {
        let k = seen(&next);
        match by.iter_mut().find(|(key, _, _)| *key == k) {
            Some((_, q, _)) => *q += p,
            None => by.push((k, p, next)),
        }
    }
    by.sort_by(|a, b| a.0.cmp(&b.0));
    let sig = by
        .iter()
        .map(|(k, p, _)| format!("{p}:{k}"))
        .collect::<Vec<_>>()
        .join(";");
    (by.into_iter().map(|(_, p, n)| (p, n)).collect(), sig)
}

/// The turns of a row, each distinct choice once (see [`merged`]).
fn turns(row: &Row) -> Vec<First> {
    let mut out = Vec::new();
    let mut sigs: std::collections::HashSet<String> = std::collections::HashSet::new();
    for first in all_turns(row) {
        match first {
            First::Fixed(plan) => {
                let (plan, sig) = merged(plan);
                if sigs.insert(sig) {
                    out.push(First::Fixed(plan));
                }
            }
            First::Unknown(shown) => {
                let mut sig = String::from("?");
                let shown: Vec<(BigRational, Vec<Plan>)> = shown
                    .into_iter()
                    .map(|(p, seconds)| {
                        let mut kept: Vec<(String, Plan)> = Vec::new();
                        for s in seconds {
                            let (s, k) = merged(s);
                            if !kept.iter().any(|(key, _)| *key == k) {
                                kept.push((k, s));
                            }
                        }
                        kept.sort_by(|a, b| a.0.cmp(&b.0));
                        sig.push_str(&format!("{p}{{"));
                        for (k, _) in &kept {
                            sig.push_str(k);
                            sig.push('|');
                        }
                        sig.push('}');
                        (p, kept.into_iter().map(|(_, s)| s).collect())
                    })
                    .collect();
                if sigs.insert(sig) {
                    out.push(First::Unknown(shown));
                }
            }
        }
    }
    out
}

/// Every turn of a row, position by position.
fn all_turns(row: &Row) -> Vec<First> {
    let positions = row.positions();
    let hidden_total: usize = (1..row.gone.len()).map(|v| row.hidden(v)).sum();
    let mut out = Vec::new();
    for &p1 in &positions {
        if let Some(a) = row.remembered(p1) {
            for &p2 in positions.iter().filter(|&&p| p != p1) {
                if let Some(b) = row.remembered(p2) {
                    let next = if a == b {
                        if a == 1 {
                            Next::Known(BigRational::one())
                        } else {
                            Next::Below(row.take(p1, p2, a))
                        }
                    } else if row.passed {
                        Next::Known(q(1, 2))
                    } else {
                        let r = row.turned_back((p1, a), (p2, b), true);
                        Next::Theirs(r.name(), Box::new(r))
                    };
                    out.push(First::Fixed(vec![(BigRational::one(), next)]));
                } else {
                    let mut plan = Vec::new();
                    for v in 1..row.gone.len() {
                        let c = row.hidden(v);
                        if c == 0 {
                            continue;
                        }
                        plan.push((q(c, hidden_total), outcome(row, (p1, a), (p2, v), false)));
                    }
                    out.push(First::Fixed(plan));
                }
            }
        } else {
            let mut shown = Vec::new();
            for v in 1..row.gone.len() {
                let c = row.hidden(v);
                if c == 0 {
                    continue;
                }
                let mut seconds = Vec::new();
                for &p2 in positions.iter().filter(|&&p| p != p1) {
                    if let Some(b) = row.remembered(p2) {
                        seconds.push(vec![(
                            BigRational::one(),
                            outcome(row, (p1, v), (p2, b), false),
                        )]);
                    } else {
                        let rest = hidden_total - 1;
                        let mut plan = Vec::new();
                        for w in 1..row.gone.len() {
                            let c = row.hidden(w) - usize::from(w == v);
                            if c == 0 {
                                continue;
                            }
                            plan.push((q(c, rest), outcome(row, (p1, v), (p2, w), false)));
                        }
                        seconds.push(plan);
                    }
                }
                shown.push((q(c, hidden_total), seconds));
            }
            out.push(First::Unknown(shown));
        }
    }
    out
}

/// Two cards face up, `first` then `second` as (position, number).
fn outcome(row: &Row, first: (usize, usize), second: (usize, usize), pass: bool) -> Next {
    if first.1 == second.1 {
        if first.1 == 1 {
            Next::Known(BigRational::one())
        } else {
            Next::Below(row.take(first.0, second.0, first.1))
        }
    } else {
        let r = row.turned_back(first, second, pass);
        Next::Theirs(r.name(), Box::new(r))
    }
}

fn plan_value(plan: &Plan, values: &HashMap<String, BigRational>) -> BigRational {
    let mut v = BigRational::zero();
    for (p, next) in plan {
        match next {
            Next::Known(x) | Next::Lower(_, x) => v += p * x,
            Next::Theirs(name, _) => v += p * (BigRational::one() - &values[name]),
            Next::Below(_) => unreachable!("valued before"),
        }
    }
    v
}

/// The best plan of a state under `values`, and its value (first best).
fn best_plan(firsts: &[First], values: &HashMap<String, BigRational>) -> (Plan, BigRational) {
    let mut best: Option<(Plan, BigRational)> = None;
    for first in firsts {
        let (plan, v) = match first {
            First::Fixed(plan) => (plan.clone(), plan_value(plan, values)),
            First::Unknown(shown) => {
                let mut plan = Vec::new();
                let mut v = BigRational::zero();
                for (p, seconds) in shown {
                    let mut choice: Option<(&Plan, BigRational)> = None;
                    for s in seconds {
                        let sv = plan_value(s, values);
                        if choice.as_ref().map_or(true, |(_, b)| sv > *b) {
                            choice = Some((s, sv));
                        }
                    }
                    let (s, sv) = choice.expect("a second card");
                    v += p * sv;
                    plan.extend(s.iter().map(|(pp, n)| (p * pp, n.clone())));
                }
                (plan, v)
            }
        };
        if best.as_ref().map_or(true, |(_, b)| v > *b) {
            best = Some((plan, v));
        }
    }
    best.expect("a turn")
}

/// Exact values of every state of one n under `plans` (a draw where the
/// plans never leave n). The equations v_i + Σ p·v_j = b_i are solved part
/// by part: the strongly connected parts of the plans' graph, each after
/// the parts it leads to (their values are then constants), each by
/// Gaussian elimination over sparse rows. Forgetting makes the parts much
/// smaller than the layer, and the elimination stays exact.
fn evaluate(names: &[String], plans: &[Plan]) -> HashMap<String, BigRational> {
    evaluate_with(names, plans, true, &q(1, 2))
}

/// [`evaluate`] in general: with `flip`, a branch to a state of this n is
/// worth 1 − its value (the opponent moves: points); without, its value
/// (a probability, the same for both players); `endless` is what a state
/// that never leaves n gets.
fn evaluate_with(
    names: &[String],
    plans: &[Plan],
    flip: bool,
    endless: &BigRational,
) -> HashMap<String, BigRational> {
    let index: HashMap<&str, usize> = names
        .iter()
        .enumerate()
        .map(|(i, s)| (s.as_str(), i))
        .collect();
    let size = names.len();
    // Per state: (probability, Ok(state of this n) or Err(points)).
    let branches: Vec<Vec<(&BigRational, Result<usize, &BigRational>)>> = plans
        .iter()
        .map(|plan| {
            plan.iter()
                .map(|(p, n)| match n {
                    Next::Known(x) | Next::Lower(_, x) => (p, Err(x)),
                    Next::Theirs(s, _) => (p, Ok(index[s.as_str()])),
                    Next::Below(_) => unreachable!("valued before"),
                })
                .collect()
        })
        .collect();
    // States whose plans can leave n; the others are draws.
    let mut into: Vec<Vec<usize>> = vec![Vec::new(); size];
    let mut leaves = vec![false; size];
    let mut queue = Vec::new();
    for (i, bs) in branches.iter().enumerate() {
        for (_, b) in bs {
            match b {
                Ok(j) => into[*j].push(i),
                Err(_) => {
                    if !leaves[i] {
                        leaves[i] = true;
                        queue.push(i);
                    }
                }
            }
        }
    }
    while let Some(j) = queue.pop() {
        for &i in &into[j] {
            if !leaves[i] {
                leaves[i] = true;
                queue.push(i);
            }
        }
    }
    let succ: Vec<Vec<usize>> = branches
        .iter()
        .map(|bs| {
            bs.iter()
                .filter_map(|(_, b)| b.ok().filter(|&j| leaves[j]))
                .collect()
        })
        .collect();
    let mut value: Vec<Option<BigRational>> = vec![None; size];
    // The sign of a branch to a state of this n in v_i ± Σ p v_j = b_i.
    let sign = if flip {
        BigRational::one()
    } else {
        -BigRational::one()
    };
    for part in strong_parts(&succ) {
        if !leaves[part[0]] {
            continue;
        }
        let local: HashMap<usize, usize> = part.iter().enumerate().map(|(k, &i)| (i, k)).collect();
        // v_i + Σ p v_j = Σ p·x + Σ p over the opponent's states j.
        let mut rows: Vec<std::collections::BTreeMap<usize, BigRational>> = Vec::new();
        let mut rhs: Vec<BigRational> = Vec::new();
        for &i in &part {
            let mut row = std::collections::BTreeMap::new();
            row.insert(local[&i], BigRational::one());
            let mut b = BigRational::zero();
            for (p, br) in &branches[i] {
                match br {
                    Err(x) => b += *p * *x,
                    Ok(j) => {
                        if flip {
                            b += *p;
                        }
                        if let Some(&c) = local.get(j) {
                            *row.entry(c).or_insert_with(BigRational::zero) += *p * &sign;
                        } else if leaves[*j] {
                            b -= *p * &sign * value[*j].as_ref().expect("solved part");
                        } else {
                            b -= *p * &sign * endless;
                        }
                    }
                }
            }
            row.retain(|_, a| !a.is_zero());
            rows.push(row);
            rhs.push(b);
        }
        let k = part.len();
        let mut order: Vec<usize> = (0..k).collect();
        for c in 0..k {
            let at = (c..k)
                .find(|&r| rows[order[r]].contains_key(&c))
                .expect("nonsingular");
            order.swap(c, at);
            let pr = order[c];
            let lead = rows[pr][&c].clone();
            let prow: Vec<(usize, BigRational)> =
                rows[pr].iter().map(|(&x, a)| (x, a / &lead)).collect();
            let pb = &rhs[pr] / &lead;
            rows[pr] = prow.iter().cloned().collect();
            rhs[pr] = pb.clone();
            for &r in &order[c + 1..] {
                if let Some(f) = rows[r].remove(&c) {
                    for (x, a) in prow.iter().filter(|(x, _)| *x != c) {
                        let e = rows[r].entry(*x).or_insert_with(BigRational::zero);
                        *e -= &f * a;
                        if e.is_zero() {
                            rows[r].remove(x);
                        }
                    }
                    rhs[r] -= &f * &pb;
                }
            }
        }
        let mut solved = vec![BigRational::zero(); k];
        for c in (0..k).rev() {
            let r = order[c];
            let mut v = rhs[r].clone();
            for (x, a) in rows[r].range(c + 1..) {
                v -= a * &solved[*x];
            }
            solved[c] = v;
        }
        for (k, &i) in part.iter().enumerate() {
            value[i] = Some(solved[k].clone());
        }
    }
    names
        .iter()
        .zip(value)
        .map(|(name, v)| (name.clone(), v.unwrap_or_else(|| endless.clone())))
        .collect()
}

/// The strongly connected parts of a graph, each listed after every part it
/// reaches. Kosaraju's two searches: the finishing order of a depth-first
/// search of the graph; then searches of the reversed graph from the last
/// finished vertex down find the parts sources first, so the list is
/// reversed at the end.
fn strong_parts(succ: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let n = succ.len();
    let mut pred: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, js) in succ.iter().enumerate() {
        for &j in js {
            pred[j].push(i);
        }
    }
    let mut seen = vec![false; n];
    let mut finished = Vec::with_capacity(n);
    for root in 0..n {
        if seen[root] {
            continue;
        }
        seen[root] = true;
        // (vertex, its next edge), without recursion.
        let mut path = vec![(root, 0usize)];
        while let Some((v, e)) = path.pop() {
            match succ[v].get(e) {
                Some(&w) => {
                    path.push((v, e + 1));
                    if !seen[w] {
                        seen[w] = true;
                        path.push((w, 0));
                    }
                }
                None => finished.push(v),
            }
        }
    }
    let mut placed = vec![false; n];
    let mut parts: Vec<Vec<usize>> = Vec::new();
    for &root in finished.iter().rev() {
        if placed[root] {
            continue;
        }
        placed[root] = true;
        let mut part = vec![root];
        let mut todo = vec![root];
        while let Some(v) = todo.pop() {
            for &u in &pred[v] {
                if !placed[u] {
                    placed[u] = true;
                    part.push(u);
                    todo.push(u);
                }
            }
        }
        parts.push(part);
    }
    parts.reverse();
    parts
}

/// States below ½ whose mover could keep the play in this n for ever
/// against the others' plans, with a staying plan for each.
fn trap(
    names: &[String],
    firsts: &[Vec<First>],
    plans: &[Plan],
    values: &HashMap<String, BigRational>,
) -> Vec<(usize, Plan)> {
    let half = q(1, 2);
    let mut levels: Vec<&BigRational> = values.values().filter(|v| **v < half).collect();
    levels.sort();
    levels.dedup();
    for c in levels {
        let other = BigRational::one() - c;
        let mut side: HashMap<&str, bool> = HashMap::new();
        for s in names {
            if values[s] == *c {
                side.insert(s, true);
            } else if values[s] == other {
                side.insert(s, false);
            }
        }
        let stays = |side: &HashMap<&str, bool>, mine: bool, plan: &Plan| {
            plan.iter().all(|(_, n)| match n {
                Next::Theirs(s, _) => side.get(s.as_str()) == Some(&!mine),
                _ => false,
            })
        };
        let staying = |side: &HashMap<&str, bool>, i: usize| -> Option<Plan> {
            for first in &firsts[i] {
                match first {
                    First::Fixed(plan) => {
                        if stays(side, true, plan) {
                            return Some(plan.clone());
                        }
                    }
                    First::Unknown(shown) => {
                        let mut plan = Vec::new();
                        let mut all = true;
                        for (p, seconds) in shown {
                            match seconds.iter().find(|s| stays(side, true, s)) {
                                Some(s) => plan.extend(s.iter().map(|(pp, n)| (p * pp, n.clone()))),
                                None => {
                                    all = false;
                                    break;
                                }
                            }
                        }
                        if all {
                            return Some(plan);
                        }
                    }
                }
            }
            None
        };
        loop {
            let mut drop = Vec::new();
            for (i, s) in names.iter().enumerate() {
                let keep = match side.get(s.as_str()) {
                    None => continue,
                    Some(true) => staying(&side, i).is_some(),
                    Some(false) => stays(&side, false, &plans[i]),
                };
                if !keep {
                    drop.push(s.as_str());
                }
            }
            if drop.is_empty() {
                break;
            }
            for s in drop {
                side.remove(s);
            }
        }
        let out: Vec<(usize, Plan)> = (0..names.len())
            .filter(|&i| side.get(names[i].as_str()) == Some(&true))
            .map(|i| (i, staying(&side, i).expect("kept")))
            .collect();
        if !out.is_empty() {
            return out;
        }
    }
    Vec::new()
}

/// Every state reached from the starts of 1..=`pairs` pairs with memory
/// `capacity`, by name, with the mover's exact expected points.
#[must_use]
pub fn solve(capacity: usize, pairs: usize) -> HashMap<String, BigRational> {
    solve_inner(capacity, pairs, false).0
}

/// A state's draw probability over optimal plans: (least, greatest).
pub type DrawInterval = (BigRational, BigRational);

/// [`solve`], and the draw probability of every state reached as an
/// interval over pairs of optimal plans (SPEC.md "Bounded memory: the draw
/// probability"), worked out on the rows with this module's own plans,
/// valuation and trap check. A state is missing from the second map when
/// its n's extreme plans could not be shown optimal (never seen).
#[must_use]
pub fn solve_with_draws(
    capacity: usize,
    pairs: usize,
) -> (HashMap<String, BigRational>, HashMap<String, DrawInterval>) {
    solve_inner(capacity, pairs, true)
}

/// A choice that keeps the value: parts (probability, the second-card
/// plans of that part that keep the value); a remembered first card is one
/// part with one plan.
type Kept = Vec<(BigRational, Vec<Plan>)>;

/// The choices of a state that give its value `v` exactly.
fn kept_choices(
    firsts: &[First],
    values: &HashMap<String, BigRational>,
    v: &BigRational,
) -> Vec<Kept> {
    let mut out = Vec::new();
    for first in firsts {
        match first {
            First::Fixed(plan) => {
                if plan_value(plan, values) == *v {
                    out.push(vec![(BigRational::one(), vec![plan.clone()])]);
                }
            }
            First::Unknown(shown) => {
                let mut total = BigRational::zero();
                let mut parts = Vec::new();
                for (p, seconds) in shown {
                    let worth: Vec<BigRational> =
                        seconds.iter().map(|s| plan_value(s, values)).collect();
                    let best = worth.iter().max().expect("a second card").clone();
                    total += p * &best;
                    let keep: Vec<Plan> = seconds
                        .iter()
                        .zip(&worth)
                        .filter(|(_, w)| **w == best)
                        .map(|(s, _)| s.clone())
                        .collect();
                    parts.push((p.clone(), keep));
                }
                if total == *v {
                    out.push(parts);
                }
            }
        }
    }
    out
}

/// A plan's branches as draw chances: a pass answered by a pass is a draw
/// (1), the 1s taken are not (0), a state of fewer pairs brings its least
/// (`high` false) or greatest draw chance; states of this n stay.
fn draw_plan(plan: &Plan, lower: &HashMap<String, DrawInterval>, high: bool) -> Plan {
    let half = q(1, 2);
    plan.iter()
        .map(|(p, next)| {
            let next = match next {
                Next::Known(x) => Next::Known(if *x == half {
                    BigRational::one()
                } else {
                    BigRational::zero()
                }),
                Next::Lower(name, _) => {
                    let d = &lower[name];
                    Next::Known(if high { d.1.clone() } else { d.0.clone() })
                }
                other => other.clone(),
            };
            (p.clone(), next)
        })
        .collect()
}

/// A draw plan's chance of a draw under the states' chances `d`.
fn draw_of(plan: &Plan, d: &HashMap<String, BigRational>) -> BigRational {
    let mut x = BigRational::zero();
    for (p, next) in plan {
        match next {
            Next::Known(v) => x += p * v,
            Next::Theirs(name, _) => x += p * &d[name],
            _ => unreachable!("a draw plan has only ends and states of this n"),
        }
    }
    x
}

/// Among the kept choices, the one with the least (`high` false) or
/// greatest draw chance under `d`, second cards chosen part by part; the
/// first best in order.
fn best_draw(
    kept: &[Kept],
    d: &HashMap<String, BigRational>,
    lower: &HashMap<String, DrawInterval>,
    high: bool,
) -> (Plan, BigRational) {
    let better = |a: &BigRational, b: &BigRational| if high { a > b } else { a < b };
    let mut best: Option<(Plan, BigRational)> = None;
    for choice in kept {
        let mut plan = Vec::new();
        let mut x = BigRational::zero();
        for (p, options) in choice {
            let mut pick: Option<(&Plan, BigRational)> = None;
            for o in options {
                let y = draw_of(&draw_plan(o, lower, high), d);
                if pick.as_ref().map_or(true, |(_, b)| better(&y, b)) {
                    pick = Some((o, y));
                }
            }
            let (o, y) = pick.expect("an option");
            x += p * y;
            plan.extend(o.iter().map(|(pp, n)| (p * pp, n.clone())));
        }
        if best.as_ref().map_or(true, |(_, b)| better(&x, b)) {
            best = Some((plan, x));
        }
    }
    best.expect("a kept choice")
}

/// A kept choice of state `i` whose every branch goes to a state of
/// `inside`, if any.
fn staying_choice(kept: &[Kept], inside: &HashMap<&str, ()>) -> Option<Plan> {
    let stays = |plan: &Plan| {
        plan.iter().all(|(_, n)| match n {
            Next::Theirs(s, _) => inside.contains_key(s.as_str()),
            _ => false,
        })
    };
    kept.iter().find_map(|choice| {
        let mut plan = Vec::new();
        for (p, options) in choice {
            let o = options.iter().find(|o| stays(o))?;
            plan.extend(o.iter().map(|(pp, n)| (p * pp, n.clone())));
        }
        Some(plan)
    })
}

/// The least and greatest draw chance of every state of one n over optimal
/// plans: plans improved among the choices that keep the value, the least
/// with an endless play counted as a draw, the greatest with an endless
/// play counted only where the value is ½ and the kept choices can stay
/// among such states for ever (elsewhere it counts 0); each extreme plan
/// is then checked to be optimal (its values are `values`, no trap).
fn layer_draws(
    names: &[String],
    firsts: &[Vec<First>],
    plans: &[Plan],
    values: &HashMap<String, BigRational>,
    lower: &HashMap<String, DrawInterval>,
) -> Option<HashMap<String, DrawInterval>> {
    let kept: Vec<Vec<Kept>> = names
        .iter()
        .zip(firsts)
        .map(|(name, f)| kept_choices(f, values, &values[name]))
        .collect();
    let half = q(1, 2);
    let mut inside: HashMap<&str, ()> = names
        .iter()
        .filter(|s| values[*s] == half)
        .map(|s| (s.as_str(), ()))
        .collect();
    loop {
        let out: Vec<&str> = names
            .iter()
            .enumerate()
            .filter(|(i, s)| {
                inside.contains_key(s.as_str()) && staying_choice(&kept[*i], &inside).is_none()
            })
            .map(|(_, s)| s.as_str())
            .collect();
        if out.is_empty() {
            break;
        }
        for s in out {
            inside.remove(s);
        }
    }
    let mut bounds: Vec<HashMap<String, BigRational>> = Vec::new();
    for high in [false, true] {
        let endless = if high {
            BigRational::zero()
        } else {
            BigRational::one()
        };
        let mut current: Vec<Plan> = plans.to_vec();
        // Greatest only: the states that stay for ever (a draw, 1).
        let mut forever = vec![false; names.len()];
        let d = loop {
            let dplans: Vec<Plan> = current
                .iter()
                .zip(&forever)
                .map(|(plan, &f)| {
                    if f {
                        vec![(BigRational::one(), Next::Known(BigRational::one()))]
                    } else {
                        draw_plan(plan, lower, high)
                    }
                })
                .collect();
            let d = evaluate_with(names, &dplans, false, &endless);
            let mut switched = false;
            for i in 0..names.len() {
                let now = &d[&names[i]];
                let (plan, x) = best_draw(&kept[i], &d, lower, high);
                let better = if high { x > *now } else { x < *now };
                if better {
                    current[i] = plan;
                    forever[i] = false;
                    switched = true;
                } else if high
                    && !forever[i]
                    && *now < BigRational::one()
                    && inside.contains_key(names[i].as_str())
                {
                    forever[i] = true;
                    switched = true;
                }
            }
            if !switched {
                break d;
            }
        };
        for i in 0..names.len() {
            if forever[i] {
                current[i] = staying_choice(&kept[i], &inside).expect("inside");
            }
        }
        // The extreme plan is optimal and gives these chances.
        if evaluate(names, &current) != *values {
            return None;
        }
        if !trap(names, firsts, &current, values).is_empty() {
            return None;
        }
        let dplans: Vec<Plan> = current.iter().map(|p| draw_plan(p, lower, high)).collect();
        if evaluate_with(names, &dplans, false, &BigRational::one()) != d {
            return None;
        }
        bounds.push(d);
    }
    let high = bounds.pop().expect("two bounds");
    let low = bounds.pop().expect("two bounds");
    Some(
        names
            .iter()
            .map(|s| (s.clone(), (low[s].clone(), high[s].clone())))
            .collect(),
    )
}

fn solve_inner(
    capacity: usize,
    pairs: usize,
    with_draws: bool,
) -> (HashMap<String, BigRational>, HashMap<String, DrawInterval>) {
    let fresh = |n: usize| Row {
        gone: {
            let mut g = vec![true; pairs + 1];
            g[1..=n].iter_mut().for_each(|x| *x = false);
            g
        },
        removed: {
            let mut r = vec![true; 2 * pairs];
            r[..2 * n].iter_mut().for_each(|x| *x = false);
            r
        },
        memory: Vec::new(),
        passed: false,
        capacity,
    };
    // Top-down: the states of each n and their turns.
    let mut entries: Vec<Vec<Row>> = vec![Vec::new(); pairs + 1];
    let mut found: Vec<(Vec<String>, Vec<Vec<First>>)> =
        (0..=pairs).map(|_| (Vec::new(), Vec::new())).collect();
    for n in (1..=pairs).rev() {
        let mut rows: Vec<Row> = vec![fresh(n)];
        rows.extend(std::mem::take(&mut entries[n]));
        let mut seen: HashMap<String, ()> = HashMap::new();
        rows.retain(|r| seen.insert(r.name(), ()).is_none());
        let (mut names, mut all) = (Vec::new(), Vec::new());
        let mut i = 0;
        while i < rows.len() {
            let row = rows[i].clone();
            i += 1;
            let t = turns(&row);
            let mut visit = |next: &Next| match next {
                Next::Theirs(name, r) => {
                    if seen.insert(name.clone(), ()).is_none() {
                        rows.push((**r).clone());
                    }
                }
                Next::Below(r) => entries[n - 1].push(r.clone()),
                Next::Known(_) | Next::Lower(..) => {}
            };
            for first in &t {
                match first {
                    First::Fixed(plan) => plan.iter().for_each(|(_, x)| visit(x)),
                    First::Unknown(shown) => shown.iter().for_each(|(_, ss)| {
                        ss.iter().for_each(|s| s.iter().for_each(|(_, x)| visit(x)))
                    }),
                }
            }
            names.push(row.name());
            all.push(t);
        }
        found[n] = (names, all);
    }
    // Bottom-up: each n by strategy iteration.
    let mut values: HashMap<String, BigRational> = HashMap::new();
    let mut draws: HashMap<String, DrawInterval> = HashMap::new();
    let mut draws_ok = true;
    for (names, firsts) in found.iter_mut().skip(1) {
        for t in firsts.iter_mut() {
            for first in t.iter_mut() {
                let fix = |plan: &mut Plan| {
                    for (_, x) in plan.iter_mut() {
                        if let Next::Below(r) = x {
                            let name = r.name();
                            let v = values[&name].clone();
                            *x = Next::Lower(name, v);
                        }
                    }
                };
                match first {
                    First::Fixed(plan) => fix(plan),
                    First::Unknown(shown) => shown
                        .iter_mut()
                        .for_each(|(_, ss)| ss.iter_mut().for_each(fix)),
                }
            }
        }
        let mut plans: Vec<Plan> = firsts
            .iter()
            .map(|t| match &t[0] {
                First::Fixed(plan) => plan.clone(),
                First::Unknown(shown) => shown
                    .iter()
                    .flat_map(|(p, ss)| ss[0].iter().map(move |(pp, x)| (p * pp, x.clone())))
                    .collect(),
            })
            .collect();
        let layer = loop {
            let v = evaluate(names, &plans);
            let mut switched = false;
            for i in 0..names.len() {
                let (plan, best) = best_plan(&firsts[i], &v);
                if best > plan_value(&plans[i], &v) {
                    plans[i] = plan;
                    switched = true;
                }
            }
            if switched {
                continue;
            }
            let stay = trap(names, firsts, &plans, &v);
            if stay.is_empty() {
                break v;
            }
            for (i, plan) in stay {
                plans[i] = plan;
            }
        };
        // A layer whose draws are not shown optimal stops the draws above
        // it (they would read its intervals).
        if with_draws && draws_ok {
            match layer_draws(names, firsts, &plans, &layer, &draws) {
                Some(d) => draws.extend(d),
                None => draws_ok = false,
            }
        }
        values.extend(layer);
    }
    (values, draws)
}
