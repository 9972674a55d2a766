//! The second computation, written apart from [`crate::model`],
//! [`crate::layered`] and [`crate::respond`]: the rules come from the
//! reference crate (`rules::Position` and its steps, its full-information
//! table `det` for the gadgets), states are found by search and kept in a
//! hash map, every layer is solved by plain value iteration from 0, the
//! gamble by the reference crate's exact matrix-game LP, and a strategy's
//! best response is valued and certified by the reference crate's
//! `solve::endless_mdp`.
//!
//! **Restricted games** ([`check_solution`], [`game_value`]). The same
//! games as [`crate::model`], stated again. [`check_solution`] checks a
//! solution (values, progress ranks, both sides' strategies) state by state
//! where the two strategies' plays reach, which proves the value at the
//! starts: the claims' second computation. [`game_value`] solves a game
//! from scratch: the layers in the same order (phase 2, then P1's set size,
//! then P2's), each iterated from 0 with Jacobi sweeps until a sweep changes
//! nothing. Inside a layer only deterministic moves stay (splits, captures
//! and chance leave it), so the horizon-n value from 0 is the layer's value
//! once n exceeds the length of its forcing strategies: iteration from 0
//! stops exactly there. A split is every assignment of distinct acts to the
//! blocks, enumerated. It visits every state, about ten times the states
//! the check reads (the tests run it on U).
//!
//! **Best responses** ([`certify_p1`], [`certify_p2`]): the responder's
//! problem of [`crate::respond`], built here from the reference rules, as an
//! `endless_mdp` graph; its certified lower bound (`check_lower`, exact) and
//! its upper iterate. [`reader_problem`] builds the problem of a P2 strategy
//! that reads P1's moves by Bayes; [`certify_problem`] certifies any
//! problem of [`crate::graph`] the same way.

use crate::board::Board;
use crate::graph::{Node as GNode, Problem};
use crate::model::{Act, Decision, Info, Model, Rules};
use crate::q::Q;
use num_rational::BigRational;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use solved_games_reference::core::Player;
use solved_games_reference::games::geister::analysis::Kind;
use solved_games_reference::games::geister::optimized::{self, Table};
use solved_games_reference::games::geister::rules::{
    escapes, squares, Army, Colour, Position, Step,
};
use solved_games_reference::solve::endless_mdp::{self, Node};
use solved_games_reference::solve::matrix_game;
use solved_games_reference::solve::retrograde::Reach;
use std::cell::{Cell, RefCell};
use std::time::Instant;

type Set = u16;

fn purple(set: Set) -> Army {
    Army {
        by_colour: [0, 0, set],
    }
}

fn coloured(all: Set, red: u8) -> Army {
    Army {
        by_colour: [all & !(1 << red), 1 << red, 0],
    }
}

/// A state: the board (pieces purple), P1's set, P2's set.
type Key = (Position, Set, Set);

fn moved(set: Set, s: Step) -> Set {
    if set & (1 << s.from) != 0 {
        (set & !(1 << s.from)) | (1 << s.to)
    } else {
        set
    }
}

fn n(set: Set) -> i64 {
    i64::from(set.count_ones())
}

/// The full-information table of the reference crate: forced wins.
pub struct Det(Table);

impl Det {
    /// Solves it (the reference crate's retrograde analysis `det`).
    #[must_use]
    pub fn solve() -> Det {
        Det(optimized::solve(Kind::Det))
    }

    fn reach(&self, pos: &Position, r1: u8, r2: u8) -> Reach {
        let q = Position {
            to_move: pos.to_move,
            p1: coloured(pos.p1.all(), r1),
            p2: coloured(pos.p2.all(), r2),
        };
        self.0.get(&q).map_or(Reach::Undecided, |e| e.0)
    }

    /// P1's gadget: every red of `block` against every red of `reds2` a
    /// forced win (P1 to move).
    fn p1_gadget(&self, pos: &Position, block: Set, reds2: Set) -> bool {
        squares(block).all(|r1| squares(reds2).all(|r2| self.reach(pos, r1, r2) == Reach::Goal))
    }

    /// P2's gadget.
    fn p2_gadget(&self, pos: &Position, block: Set, reds1: Set) -> bool {
        squares(block)
            .all(|r2| squares(reds1).all(|r1| self.reach(pos, r1, r2) == Reach::Prevented))
    }
}

/// The nontrivial partitions of a set (blocks in increasing order of their
/// least square).
fn partitions(set: Set) -> Vec<Vec<Set>> {
    let sq: Vec<u8> = squares(set).collect();
    let mut out = Vec::new();
    // Restricted growth strings.
    let k = sq.len();
    let mut label = vec![0usize; k];
    loop {
        let blocks = label.iter().max().map_or(0, |m| m + 1);
        if blocks > 1 {
            let mut part = vec![0u16; blocks];
            for (i, &l) in label.iter().enumerate() {
                part[l] |= 1 << sq[i];
            }
            out.push(part);
        }
        // Next restricted growth string.
        let mut i = k;
        loop {
            if i <= 1 {
                return out;
            }
            i -= 1;
            let limit = label[..i].iter().max().map_or(0, |m| m + 1);
            if label[i] < limit {
                label[i] += 1;
                for l in label.iter_mut().skip(i + 1) {
                    *l = 0;
                }
                break;
            }
        }
    }
}

/// What the layer sweep reads: per state, its layer, owner, exit value and
/// successors inside the layer.
struct Spec {
    exit: Option<Q>,
    inner: Vec<Key>,
}

/// The naive restricted game.
struct Naive<'a> {
    rules: Rules,
    det: &'a Det,
    cont: Option<&'a HashMap<(Set, Set), Q>>,
    index: HashMap<Key, u32>,
    keys: Vec<Key>,
    value: Vec<Option<Q>>,
    gambles: HashMap<Vec<Q>, Q>,
    reach: HashMap<(Position, u8, u8), Reach>,
    /// When checking a solution instead of solving: its values, the states
    /// read so far and those still to check.
    check: Option<Check<'a>>,
}

/// A solution under check: every state whose value is read is checked in
/// its turn.
struct Check<'a> {
    model: &'a Model<'a>,
    seen: RefCell<HashSet<Key>>,
    queue: RefCell<Vec<Key>>,
    /// A state the solution has no value for.
    missing: Cell<Option<Key>>,
}

impl Naive<'_> {
    fn id(&mut self, k: Key) -> u32 {
        if let Some(&i) = self.index.get(&k) {
            return i;
        }
        let i = self.keys.len() as u32;
        self.index.insert(k, i);
        self.keys.push(k);
        self.value.push(None);
        i
    }

    fn layer(k: &Key) -> (u32, u32, u32) {
        (
            k.0.p1.all().count_ones(),
            k.1.count_ones(),
            k.2.count_ones(),
        )
    }

    fn solved(&self, k: &Key) -> Q {
        let Some(c) = &self.check else {
            return self.value[self.index[k] as usize].expect("a lower layer is solved first");
        };
        match c.model.try_value(&to_board(&k.0), k.1, k.2) {
            Some(v) => {
                if c.seen.borrow_mut().insert(*k) {
                    c.queue.borrow_mut().push(*k);
                }
                v
            }
            None => {
                c.missing.set(Some(*k));
                Q::ZERO
            }
        }
    }

    /// What P1 keeps after P2 captured a blue in phase 3 (P1 to move next).
    fn after_blue(&self, after: &Position, s: Set, t: Set) -> Q {
        match self.cont {
            Some(table) => table[&(after.p1.all(), after.p2.all())],
            None => self.solved(&(*after, s, t)),
        }
    }

    /// Options of the mover's block other than steps: (value, act).
    fn own(&mut self, pos: &Position, s: Set, t: Set, p1: bool) -> Vec<(Q, Act)> {
        let mut out = Vec::new();
        let steps = pos.steps();
        let r = self.rules;
        if p1 {
            let late = r.p1 == Info::Late;
            for i in squares(pos.p1.all() & escapes(Player::First)) {
                let v = if late || s & (1 << i) == 0 {
                    Q::ONE
                } else {
                    Q::new(n(s) - 2, n(s))
                };
                out.push((v, Act::Escape { from: i }));
            }
            let caps: Vec<&Step> = steps.iter().filter(|x| x.captured.is_some()).collect();
            for c in &caps {
                let v = match r.p2 {
                    Info::Late => Q::MINUS_ONE,
                    Info::Set { .. } => {
                        // Average over P2's reds in T.
                        let reds = n(t);
                        let hit = i64::from(t & (1 << c.to) != 0);
                        Q::new(reds - 2 * hit, reds)
                    }
                };
                out.push((
                    v,
                    Act::Capture {
                        from: c.from,
                        to: c.to,
                    },
                ));
            }
            let targets: Vec<u8> = squares(pos.p2.all()).collect();
            let a = caps.iter().find(|c| c.to == targets[0]);
            let b = caps.iter().find(|c| c.to == targets[1]);
            if let (Some(a), Some(b)) = (a, b) {
                out.push((
                    Q::ZERO,
                    Act::Random {
                        moves: [(a.from, a.to), (b.from, b.to)],
                    },
                ));
            }
            if r.p1_gadget && !late {
                let reds2 = if r.p2 == Info::Late { pos.p2.all() } else { t };
                if self.all_pairs(pos, s, reds2, Reach::Goal) {
                    let v = if r.p2 == Info::Late {
                        Q::ZERO
                    } else {
                        Q::new(2, n(t)) - Q::ONE
                    };
                    out.push((v, Act::Gadget));
                }
            }
        } else {
            let late = r.p2 == Info::Late;
            for j in squares(pos.p2.all() & escapes(Player::Second)) {
                let v = if late || t & (1 << j) == 0 {
                    Q::MINUS_ONE
                } else {
                    -Q::new(n(t) - 2, n(t))
                };
                out.push((v, Act::Escape { from: j }));
            }
            let phase3 = pos.p1.all().count_ones() == 3;
            let mut targets: Vec<(u8, (u8, u8), Q)> = Vec::new();
            for c in steps.iter().filter(|x| x.captured.is_some()) {
                let after = pos.play(*c);
                let t2 = moved(t, *c);
                let blue = |me: &Self, rest: Set| {
                    if phase3 {
                        me.after_blue(&after, rest, t2)
                    } else {
                        Q::MINUS_ONE
                    }
                };
                match r.p1 {
                    Info::Set { .. } => {
                        // Average over P1's reds in S.
                        let mut v = Q::ZERO;
                        for red in squares(s) {
                            let w = if red == c.to {
                                Q::ONE
                            } else {
                                blue(self, s & !(1 << c.to))
                            };
                            v = v + w / Q::new(n(s), 1);
                        }
                        out.push((
                            v,
                            Act::Capture {
                                from: c.from,
                                to: c.to,
                            },
                        ));
                    }
                    Info::Late => {
                        let cy = blue(self, after.p1.all());
                        match targets.iter_mut().find(|x| x.0 == c.to) {
                            Some(x) if cy < x.2 => *x = (c.to, (c.from, c.to), cy),
                            Some(_) => {}
                            None => targets.push((c.to, (c.from, c.to), cy)),
                        }
                    }
                }
            }
            if !targets.is_empty() {
                // The matrix game: P1 names its red (a target or none), P2
                // draws a target.
                let cs: Vec<Q> = targets.iter().map(|x| x.2).collect();
                let v = self.gamble_value(&cs);
                let g = crate::model::Gamble {
                    moves: [targets[0].1; 3],
                    odds: [Q::ZERO; 3],
                    len: 0,
                };
                out.push((v, Act::Gamble(g)));
            }
            if r.p2_gadget && !late {
                let reds1 = if r.p1 == Info::Late { pos.p1.all() } else { s };
                if self.all_pairs(pos, reds1, t, Reach::Prevented) {
                    out.push((Q::ONE - Q::new(2, n(reds1)), Act::Gadget));
                }
            }
        }
        out
    }

    /// Whether every pair of reds (P1's in `reds1`, P2's in `reds2`) is a
    /// forced win of the kind `want` in the full-information game.
    fn all_pairs(&mut self, pos: &Position, reds1: Set, reds2: Set, want: Reach) -> bool {
        for r1 in squares(reds1) {
            for r2 in squares(reds2) {
                let det = self.det;
                let got = *self
                    .reach
                    .entry((*pos, r1, r2))
                    .or_insert_with(|| det.reach(pos, r1, r2));
                if got != want {
                    return false;
                }
            }
        }
        true
    }

    fn gamble_value(&mut self, cs: &[Q]) -> Q {
        let mut key = cs.to_vec();
        key.sort();
        if let Some(&v) = self.gambles.get(&key) {
            return v;
        }
        let k = key.len();
        let matrix: Vec<Vec<BigRational>> = (0..=k)
            .map(|r| {
                (0..k)
                    .map(|y| if r == y { Q::ONE } else { key[y] }.to_big())
                    .collect()
            })
            .collect();
        let v = Q::from_big(&matrix_game::solve_value(&matrix)).expect("a small value");
        self.gambles.insert(key, v);
        v
    }

    /// P2's capture at random with the given odds against P1 colouring
    /// late: P1 names its red after seeing the odds (a target, or none of
    /// them), so the worth is the best row of the matrix against the odds.
    fn gamble_at(
        &mut self,
        pos: &Position,
        _s: Set,
        t: Set,
        gm: &crate::model::Gamble,
    ) -> Result<Q, String> {
        let k = usize::from(gm.len);
        let odds = &gm.odds[..k];
        if k == 0 || odds.iter().any(|q| !q.is_positive()) {
            return Err("a gamble without positive odds".into());
        }
        if odds.iter().fold(Q::ZERO, |a, &q| a + q) != Q::ONE {
            return Err("a gamble's odds do not sum to 1".into());
        }
        let phase3 = pos.p1.all().count_ones() == 3;
        let mut cs = Vec::with_capacity(k);
        let mut targets: Set = 0;
        for &(from, to) in &gm.moves[..k] {
            let st = pos
                .steps()
                .into_iter()
                .find(|x| x.from == from && x.to == to && x.captured.is_some())
                .ok_or("the gamble's capture is not legal")?;
            if targets & (1 << to) != 0 {
                return Err("a gamble names a target twice".into());
            }
            targets |= 1 << to;
            let after = pos.play(st);
            cs.push(if phase3 {
                self.after_blue(&after, after.p1.all(), moved(t, st))
            } else {
                Q::MINUS_ONE
            });
        }
        // Rows: P1's red on target r (that capture pays +1), or elsewhere.
        let row = |r: Option<usize>| {
            (0..k).fold(Q::ZERO, |a, y| {
                a + odds[y] * if Some(y) == r { Q::ONE } else { cs[y] }
            })
        };
        let none = row(None);
        Ok((0..k).map(|r| row(Some(r))).fold(none, Q::max))
    }

    /// Steps of the mover with its block `blk`: (value if known, act, key).
    fn step_keys(pos: &Position, s: Set, t: Set, p1: bool) -> Vec<(Act, Key)> {
        pos.steps()
            .into_iter()
            .filter(|x| x.captured.is_none())
            .map(|x| {
                let (s2, t2) = if p1 {
                    (moved(s, x), t)
                } else {
                    (s, moved(t, x))
                };
                (
                    Act::Step {
                        from: x.from,
                        to: x.to,
                    },
                    (pos.play(x), s2, t2),
                )
            })
            .collect()
    }

    /// The state's exit value and in-layer successors.
    fn spec(&mut self, k: Key) -> Spec {
        let (pos, s, t) = k;
        let p1 = pos.to_move == Player::First;
        let max = p1;
        let pick = |a: Q, b: Q| if max { a.max(b) } else { a.min(b) };
        let mut exit: Option<Q> = None;
        for (v, _) in self.own(&pos, s, t, p1) {
            exit = Some(exit.map_or(v, |e| pick(e, v)));
        }
        let inner: Vec<Key> = Self::step_keys(&pos, s, t, p1)
            .into_iter()
            .map(|(_, key)| key)
            .collect();
        let (set, split) = if p1 {
            (s, self.rules.p1 == (Info::Set { split: true }))
        } else {
            (t, self.rules.p2 == (Info::Set { split: true }))
        };
        if split {
            // Every proper block's options (its steps lead to solved
            // layers), best first for the side.
            let mut lists: HashMap<Set, Vec<(Q, Act)>> = HashMap::default();
            for part in partitions(set) {
                for &blk in &part {
                    if lists.contains_key(&blk) {
                        continue;
                    }
                    let (bs, bt) = if p1 { (blk, t) } else { (s, blk) };
                    let mut o = self.own(&pos, bs, bt, p1);
                    for (act, key) in Self::step_keys(&pos, bs, bt, p1) {
                        o.push((self.solved(&key), act));
                    }
                    o.sort_by(|a, b| if max { b.0.cmp(&a.0) } else { a.0.cmp(&b.0) });
                    lists.insert(blk, o);
                }
            }
            for part in partitions(set) {
                // Assignments of distinct acts to the blocks. Each block's
                // best `k` options suffice (k blocks): were a block's act
                // not among them, one of them is unused by the k − 1 other
                // blocks and at least as good.
                let k = part.len();
                let short: Vec<&[(Q, Act)]> = part
                    .iter()
                    .map(|b| &lists[b][..lists[b].len().min(k)])
                    .collect();
                if short.iter().any(|l| l.is_empty()) {
                    continue;
                }
                let combos: usize = short.iter().map(|l| l.len()).product();
                for mut c in 0..combos {
                    let mut picked: Vec<(Q, Act)> = Vec::with_capacity(k);
                    for l in &short {
                        picked.push(l[c % l.len()]);
                        c /= l.len();
                    }
                    let distinct = (0..k).all(|i| (0..i).all(|j| picked[i].1 != picked[j].1));
                    if distinct {
                        let v = (0..k)
                            .fold(Q::ZERO, |a, i| a + Q::new(n(part[i]), n(set)) * picked[i].0);
                        exit = Some(exit.map_or(v, |e| pick(e, v)));
                    }
                }
            }
        }
        Spec { exit, inner }
    }
}

/// Why the naive computation failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NaiveError {
    /// A layer's iteration did not settle within the sweep limit.
    NoFixedPoint,
    /// A state without moves.
    Stuck,
}

impl std::fmt::Display for NaiveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NaiveError::NoFixedPoint => write!(f, "a layer's iteration did not settle"),
            NaiveError::Stuck => write!(f, "a state without moves"),
        }
    }
}

impl std::error::Error for NaiveError {}

/// The value of the restricted game `rules` at the start, P1 first and P2
/// first, computed apart (module documentation), with P1's set `start_set`
/// at the start (its red drawn uniformly there; all three pieces in the
/// paper's game). `cont`, if given, replaces what P1 keeps after P2
/// captured a blue in phase 3 (per phase-2 board with P1 to move: P1's
/// squares, P2's squares).
///
/// # Errors
/// [`NaiveError`] if a layer does not settle (never here).
pub fn game_value(
    rules: Rules,
    det: &Det,
    cont: Option<&HashMap<(Set, Set), Q>>,
    start_set: Set,
) -> Result<[Q; 2], NaiveError> {
    let mut g = Naive {
        rules,
        det,
        cont,
        index: HashMap::default(),
        keys: Vec::new(),
        value: Vec::new(),
        gambles: HashMap::default(),
        reach: HashMap::default(),
        check: None,
    };
    // Every state reachable from the two starts by any option.
    let starts: Vec<Key> = [Player::First, Player::Second]
        .into_iter()
        .map(|side| {
            let b = Board::start(true);
            (
                Position {
                    to_move: side,
                    p1: purple(b.p1),
                    p2: purple(b.p2),
                },
                start_set,
                b.p2,
            )
        })
        .collect();
    for &k in &starts {
        g.id(k);
    }
    let mut head = 0;
    while head < g.keys.len() {
        let (pos, s, t) = g.keys[head];
        head += 1;
        let p1 = pos.to_move == Player::First;
        for st in pos.steps() {
            let after = pos.play(st);
            if st.captured.is_none() {
                let (s2, t2) = if p1 {
                    (moved(s, st), t)
                } else {
                    (s, moved(t, st))
                };
                g.id((after, s2, t2));
            } else if !p1 && pos.p1.all().count_ones() == 3 && cont.is_none() {
                // A blue captured: phase 2 with what is left of S.
                let t2 = moved(t, st);
                let rest = s & !(1 << st.to);
                if rest != 0 {
                    g.id((after, rest, t2));
                }
                // Late sets are whole: the remaining pieces.
                if rules.p1 == Info::Late {
                    g.id((after, after.p1.all(), t2));
                }
            }
        }
        // Splits: every block of every partition, same mover.
        let split = if p1 {
            rules.p1 == (Info::Set { split: true })
        } else {
            rules.p2 == (Info::Set { split: true })
        };
        if split {
            let set = if p1 { s } else { t };
            for part in partitions(set) {
                for blk in part {
                    let (bs, bt) = if p1 { (blk, t) } else { (s, blk) };
                    g.id((pos, bs, bt));
                    for (_, key) in Naive::step_keys(&pos, bs, bt, p1) {
                        g.id(key);
                    }
                }
            }
        }
    }
    // Layers in order.
    let mut order: Vec<u32> = (0..g.keys.len() as u32).collect();
    order.sort_by_key(|&i| Naive::layer(&g.keys[i as usize]));
    let mut i = 0;
    while i < order.len() {
        let l = Naive::layer(&g.keys[order[i] as usize]);
        let mut j = i;
        while j < order.len() && Naive::layer(&g.keys[order[j] as usize]) == l {
            j += 1;
        }
        let members: Vec<u32> = order[i..j].to_vec();
        let specs: Vec<Spec> = members
            .iter()
            .map(|&m| g.spec(g.keys[m as usize]))
            .collect();
        let maxes: Vec<bool> = members
            .iter()
            .map(|&m| g.keys[m as usize].0.to_move == Player::First)
            .collect();
        // Jacobi sweeps from 0, over local indices.
        let local: HashMap<u32, usize> = members.iter().enumerate().map(|(x, &m)| (m, x)).collect();
        let inner: Vec<Vec<usize>> = specs
            .iter()
            .map(|sp| sp.inner.iter().map(|t| local[&g.index[t]]).collect())
            .collect();
        let mut v = vec![Q::ZERO; members.len()];
        let mut sweeps = 0;
        loop {
            sweeps += 1;
            if sweeps > 100_000 {
                return Err(NaiveError::NoFixedPoint);
            }
            let mut next = Vec::with_capacity(v.len());
            for (x, sp) in specs.iter().enumerate() {
                let mut best = sp.exit;
                for &t in &inner[x] {
                    let y = v[t];
                    best = Some(match best {
                        None => y,
                        Some(b) if maxes[x] => b.max(y),
                        Some(b) => b.min(y),
                    });
                }
                next.push(best.ok_or(NaiveError::Stuck)?);
            }
            let changed = next != v;
            v = next;
            if !changed {
                break;
            }
        }
        for (x, &m) in members.iter().enumerate() {
            g.value[m as usize] = Some(v[x]);
        }
        i = j;
    }
    Ok([g.solved(&starts[0]), g.solved(&starts[1])])
}

/// The phase-2 values of a solved model with P1 to move and whole sets, by
/// squares: the `cont` argument of [`game_value`].
#[must_use]
pub fn continuation_table(model: &Model) -> HashMap<(Set, Set), Q> {
    Board::all(2)
        .into_iter()
        .filter(|b| b.p1_to_move)
        .map(|b| ((b.p1, b.p2), model.value(&b, b.p1, b.p2)))
        .collect()
}

/// A restricted game's solution checked at some starts ([`check_solution`]).
#[derive(Debug, Clone)]
pub struct Checked {
    /// Per start, the solution's value there if both strategies' checks
    /// passed (the game's exact value), else `None`.
    pub values: Vec<Option<Q>>,
    /// States checked: against the three-piece side's strategy, against
    /// the two-piece side's.
    pub states: [usize; 2],
    /// The first failure, if any.
    pub failure: Option<String>,
}

/// Checks a solved restricted game (`model`, its values and progress
/// ranks) at the given starts (who moves first, P1's set of possible reds),
/// with this module's own statement of the game on the reference rules.
///
/// Two passes, one per side. With P1's strategy fixed (the model's
/// decisions), every state its play and any P2 option reach: at P1's move
/// the decision's value (its blocks' options averaged, |B|/|S| each) is at
/// least the state's value; at P2's move every option (its own moves, every
/// split into blocks with distinct moves) is at least it; and where the
/// value is positive, a move that stays in the layer (a step of the whole
/// set) goes to a state of smaller rank. Then P1's strategy guarantees the
/// value: along any play the values form a submartingale, a play that
/// stays in a layer with a positive value leaves it (ranks fall), and a
/// play that never ends ends up where values are at most 0, its payoff. The
/// second pass is the mirror image with P2's strategy fixed (values at most,
/// negative values forcing). Both passes at a start make its value exact.
/// Splits, captures and chance leave a layer for a lower one, so the
/// argument runs layer by layer.
#[must_use]
pub fn check_solution(
    model: &Model,
    det: &Det,
    cont: Option<&HashMap<(Set, Set), Q>>,
    starts: &[(bool, Set)],
) -> Checked {
    let keys: Vec<Key> = starts
        .iter()
        .map(|&(p1_first, set)| {
            let b = Board::start(true);
            (
                Position {
                    to_move: if p1_first {
                        Player::First
                    } else {
                        Player::Second
                    },
                    p1: purple(b.p1),
                    p2: purple(b.p2),
                },
                set,
                b.p2,
            )
        })
        .collect();
    let mut states = [0; 2];
    let mut failure = None;
    for (i, p1_fixed) in [true, false].into_iter().enumerate() {
        match check_pass(model, det, cont, &keys, p1_fixed) {
            Ok(n) => states[i] = n,
            Err(e) => {
                failure = Some(e);
                break;
            }
        }
    }
    let values = keys
        .iter()
        .map(|k| {
            failure
                .is_none()
                .then(|| model.try_value(&to_board(&k.0), k.1, k.2))
                .flatten()
        })
        .collect();
    Checked {
        values,
        states,
        failure,
    }
}

/// One pass of [`check_solution`]: the side `p1_fixed` plays the model's
/// strategy. Returns the number of states checked.
fn check_pass(
    model: &Model,
    det: &Det,
    cont: Option<&HashMap<(Set, Set), Q>>,
    starts: &[Key],
    p1_fixed: bool,
) -> Result<usize, String> {
    let mut g = Naive {
        rules: model.rules,
        det,
        cont,
        index: HashMap::default(),
        keys: Vec::new(),
        value: Vec::new(),
        gambles: HashMap::default(),
        reach: HashMap::default(),
        check: Some(Check {
            model,
            seen: RefCell::new(HashSet::default()),
            queue: RefCell::new(Vec::new()),
            missing: Cell::new(None),
        }),
    };
    for k in starts {
        g.solved(k);
    }
    let mut checked = 0;
    loop {
        let next = g.check.as_ref().and_then(|c| c.queue.borrow_mut().pop());
        let Some(k) = next else { break };
        checked += 1;
        check_state(&mut g, model, k, p1_fixed).map_err(|e| {
            let (pos, s, t) = k;
            format!("{e} at {pos} (sets {s:#x}, {t:#x})")
        })?;
        if let Some(m) = g.check.as_ref().and_then(|c| c.missing.get()) {
            return Err(format!(
                "the solution has no value at {} (sets {:#x}, {:#x})",
                m.0, m.1, m.2
            ));
        }
    }
    Ok(checked)
}

/// The local conditions of [`check_solution`] at one state.
fn check_state(g: &mut Naive, model: &Model, k: Key, p1_fixed: bool) -> Result<(), String> {
    let (pos, s, t) = k;
    let b = to_board(&pos);
    let v = model.try_value(&b, s, t).ok_or("no value")?;
    let rank = model.rank(&b, s, t);
    let p1 = pos.to_move == Player::First;
    // The fixed side forces where the value has its sign.
    let forcing = if p1_fixed {
        v.is_positive()
    } else {
        v.is_negative()
    };
    // `better(x)`: x is at least v for the fixed P1, at most v for P2.
    let good = |x: Q| if p1_fixed { x >= v } else { x <= v };
    let smaller_rank = |g: &Naive, key: &Key| -> Result<(), String> {
        let kb = to_board(&key.0);
        match model.try_value(&kb, key.1, key.2) {
            Some(_) if model.rank(&kb, key.1, key.2) < rank => Ok(()),
            Some(_) => Err(format!(
                "a move inside the layer does not lower the rank ({rank})"
            )),
            None => {
                g.solved(key);
                Err("a move leads out of the solution".into())
            }
        }
    };
    if p1 == p1_fixed {
        let set = if p1 { s } else { t };
        let d = model
            .try_decision(&b, s, t)
            .ok_or("the solution has no move of the state's value")?;
        let blocks = d.blocks();
        let union = blocks.iter().fold(
            0,
            |acc, &(blk, _)| {
                if acc & blk != 0 {
                    0xffff
                } else {
                    acc | blk
                }
            },
        );
        if union != set || blocks.iter().any(|&(blk, _)| blk == 0) {
            return Err("the decision's blocks do not partition the set".into());
        }
        if (0..blocks.len()).any(|i| (0..i).any(|j| blocks[i].1 == blocks[j].1)) {
            return Err("two blocks of a split play the same move".into());
        }
        let mut total = Q::ZERO;
        for &(blk, act) in blocks {
            let (bs, bt) = if p1 { (blk, t) } else { (s, blk) };
            let x = match act {
                Act::Step { from, to } => {
                    let st = pos
                        .steps()
                        .into_iter()
                        .find(|x| x.from == from && x.to == to && x.captured.is_none())
                        .ok_or("the strategy's step is not legal")?;
                    let key = (pos.play(st), moved(bs, st), moved(bt, st));
                    let key = if p1 {
                        (key.0, key.1, t)
                    } else {
                        (key.0, s, key.2)
                    };
                    let x = g.solved(&key);
                    if forcing && blocks.len() == 1 {
                        smaller_rank(g, &key)?;
                    }
                    x
                }
                Act::Gamble(gm) => g.gamble_at(&pos, bs, bt, &gm)?,
                _ => g
                    .own(&pos, bs, bt, p1)
                    .into_iter()
                    .find(|o| o.1 == act)
                    .map(|o| o.0)
                    .ok_or("the strategy's move is not an option")?,
            };
            total = total + Q::new(n(blk), n(set)) * x;
        }
        if !good(total) {
            return Err(format!(
                "the strategy's move is worth {total}, the state {v}"
            ));
        }
    } else {
        let spec = g.spec(k);
        if let Some(e) = spec.exit {
            if !good_free(e, v, p1_fixed) {
                return Err(format!("an option is worth {e}, the state {v}"));
            }
        }
        for key in &spec.inner {
            let x = g.solved(key);
            if !good_free(x, v, p1_fixed) {
                return Err(format!("a step is worth {x}, the state {v}"));
            }
            if forcing {
                smaller_rank(g, key)?;
            }
        }
        if spec.exit.is_none() && spec.inner.is_empty() {
            return Err("a state without moves".into());
        }
    }
    Ok(())
}

/// Whether the free side's option `x` keeps the fixed side's bound `v`
/// (P1 fixed: P2's options are all at least `v`; P2 fixed: P1's at most).
fn good_free(x: Q, v: Q, p1_fixed: bool) -> bool {
    if p1_fixed {
        x >= v
    } else {
        x <= v
    }
}

// ---------------------------------------------------------------------------
// Best responses against real colourings, certified by endless_mdp.

/// A certified best-response value.
#[derive(Debug, Clone)]
pub struct Certificate {
    /// Certified bound at the root: a lower bound of P1's payoff where P2
    /// responds, an upper bound where P1 responds (exact, `check_lower`).
    pub bound: BigRational,
    /// The other side's bound from the iteration downwards (equal to
    /// `bound` when the value is exact on the grid).
    pub other: BigRational,
    /// Whether `check_lower` accepted the certificate.
    pub checked: bool,
    /// States of the graph.
    pub nodes: usize,
    /// The grid (units per 1).
    pub scale: i64,
    /// Seconds to build the graph and iterate.
    pub build_seconds: f64,
    /// Seconds of the exact check.
    pub check_seconds: f64,
}

impl Certificate {
    /// The exact value if both iterations met at the root.
    #[must_use]
    pub fn exact(&self) -> Option<BigRational> {
        (self.bound == self.other).then(|| self.bound.clone())
    }
}

/// The graph being built: nodes, states found, states to expand. Payoffs
/// are stored negated when P1 responds (`endless_mdp` minimises).
struct Graph {
    nodes: Vec<Node>,
    index: HashMap<(Position, Set), u32>,
    todo: Vec<(Position, Set)>,
    negate: bool,
    /// One end per payoff.
    ends: HashMap<Q, u32>,
}

impl Graph {
    fn new(negate: bool) -> Graph {
        Graph {
            nodes: Vec::new(),
            index: HashMap::default(),
            todo: Vec::new(),
            negate,
            ends: HashMap::default(),
        }
    }

    fn id(&mut self, k: (Position, Set)) -> u32 {
        if let Some(&i) = self.index.get(&k) {
            return i;
        }
        self.nodes.push(Node::Choice(Vec::new()));
        let i = (self.nodes.len() - 1) as u32;
        self.index.insert(k, i);
        self.todo.push(k);
        i
    }

    /// An end paying `v` to P1.
    fn end(&mut self, v: Q) -> u32 {
        let v = if self.negate { -v } else { v };
        if let Some(&i) = self.ends.get(&v) {
            return i;
        }
        self.nodes.push(Node::End(v.to_big()));
        let i = (self.nodes.len() - 1) as u32;
        self.ends.insert(v, i);
        i
    }

    fn chance(&mut self, b: Vec<(u64, u32)>) -> u32 {
        if b.len() == 1 {
            return b[0].1;
        }
        self.nodes.push(Node::Chance(b));
        (self.nodes.len() - 1) as u32
    }
}

fn lcm(a: i64, b: i64) -> i64 {
    a / num_integer::gcd(a, b) * b
}

/// Values the graph of a responder, minimising, with `endless_mdp`, on a
/// grid containing every end and chance denominator.
pub(crate) fn certify_graph(nodes: Vec<Node>, root: u32, started: Instant) -> Certificate {
    // Renumber so that successors come first: a sweep in index order then
    // carries values along a whole path.
    let count = nodes.len();
    let mut scale: i64 = 1;
    for x in &nodes {
        match x {
            Node::End(p) => {
                scale = lcm(scale, i64::try_from(p.denom()).expect("small denominators"));
            }
            Node::Chance(b) => {
                let total: u64 = b.iter().map(|w| w.0).sum();
                scale = lcm(scale, i64::try_from(total).expect("small weights"));
            }
            Node::Choice(_) => {}
        }
    }
    // Room for averages of averages: powers of 2 and 3 while it fits.
    while scale < (1 << 52) {
        scale *= if scale % 4 == 0 { 3 } else { 2 };
    }
    let b = endless_mdp::bounds(&nodes, scale, 1_000_000).expect("a well-formed graph");
    let build_seconds = started.elapsed().as_secs_f64();
    let t = Instant::now();
    let checked = endless_mdp::check_lower(&nodes, scale, &b.lower);
    let check_seconds = t.elapsed().as_secs_f64();
    let r = root as usize;
    Certificate {
        bound: b.lo(r),
        other: b.hi(r),
        checked,
        nodes: count,
        scale,
        build_seconds,
        check_seconds,
    }
}

fn reversed(nodes: Vec<Node>, root: u32) -> (Vec<Node>, u32) {
    let n = nodes.len() as u32;
    let map = |i: u32| n - 1 - i;
    let out: Vec<Node> = nodes
        .into_iter()
        .rev()
        .map(|x| match x {
            Node::Choice(v) => Node::Choice(v.into_iter().map(map).collect()),
            Node::Chance(v) => Node::Chance(v.into_iter().map(|(w, i)| (w, map(i))).collect()),
            e => e,
        })
        .collect();
    (out, map(root))
}

fn to_board(pos: &Position) -> Board {
    Board {
        p1: pos.p1.all(),
        p2: pos.p2.all(),
        p1_to_move: pos.to_move == Player::First,
    }
}

/// Finds the strategy's step among the reference rules' steps.
fn legal(pos: &Position, from: u8, to: u8, capture: bool) -> Step {
    pos.steps()
        .into_iter()
        .find(|s| s.from == from && s.to == to && s.captured.is_some() == capture)
        .expect("the strategy plays a legal move")
}

/// Blocks grouped by act (blocks playing alike look alike).
fn grouped(d: &Decision) -> Vec<(Act, Set)> {
    let mut out: Vec<(Act, Set)> = Vec::new();
    for &(blk, act) in d.blocks() {
        if let Some(g) = out.iter_mut().find(|g| g.0 == act) {
            g.1 |= blk;
        } else {
            out.push((act, blk));
        }
    }
    out
}

/// `model`'s P1 strategy against P2 whose red starts on `r2`, P2's exact
/// best response certified (a lower bound of P1's payoff).
#[must_use]
pub fn certify_p1(model: &Model, det: &Det, p1_first: bool, r2: u8) -> Certificate {
    let started = Instant::now();
    let start = Board::start(true);
    let root_pos = Position {
        to_move: if p1_first {
            Player::First
        } else {
            Player::Second
        },
        p1: purple(start.p1),
        p2: coloured(start.p2, r2),
    };
    let mut g = Graph::new(false);
    let root = g.id((root_pos, start.p1));
    while let Some((pos, s)) = g.todo.pop() {
        let me = g.id((pos, s));
        let red2 = squares(pos.p2.of(Colour::Red)).next().expect("P2's red");
        let capture_end =
            |g: &mut Graph, to: u8| g.end(if to == red2 { Q::MINUS_ONE } else { Q::ONE });
        let next: Vec<u32> = if pos.to_move == Player::First {
            let d = model.decision(&to_board(&pos), s, pos.p2.all());
            let mut kids = Vec::new();
            for (act, set) in grouped(&d) {
                let child = match act {
                    Act::Step { from, to } => {
                        let st = legal(&pos, from, to, false);
                        g.id((pos.play(st), moved(set, st)))
                    }
                    Act::Escape { from } => {
                        assert!(pos.p1.all() & escapes(Player::First) & (1 << from) != 0);
                        // Per type of the block: blue escapes, red forfeits.
                        let br: Vec<(u64, u32)> = squares(set)
                            .map(|r| (1, g.end(if r == from { Q::MINUS_ONE } else { Q::ONE })))
                            .collect();
                        g.chance(br)
                    }
                    Act::Capture { from, to } => {
                        legal(&pos, from, to, true);
                        capture_end(&mut g, to)
                    }
                    Act::Random { moves } => {
                        let a = capture_end(&mut g, legal(&pos, moves[0].0, moves[0].1, true).to);
                        let b = capture_end(&mut g, legal(&pos, moves[1].0, moves[1].1, true).to);
                        g.chance(vec![(1, a), (1, b)])
                    }
                    // Right half the time (+1), else at least −1; counted
                    // −1 if some pair is not a forced win.
                    Act::Gadget => {
                        let ok = det.p1_gadget(&pos, set, pos.p2.all());
                        g.end(if ok { Q::ZERO } else { Q::MINUS_ONE })
                    }
                    Act::Gamble(_) => unreachable!("P1 does not gamble"),
                };
                kids.push((u64::from(set.count_ones()), child));
            }
            vec![g.chance(kids)]
        } else {
            let mut out = Vec::new();
            if pos.p2.of(Colour::Blue) & escapes(Player::Second) != 0 {
                out.push(g.end(Q::MINUS_ONE));
            }
            for st in pos.steps() {
                let after = pos.play(st);
                if st.captured.is_none() {
                    out.push(g.id((after, s)));
                    continue;
                }
                // Per type of P1 in S: its red taken (+1) or a blue.
                let phase3 = pos.p1.all().count_ones() == 3;
                let mut br = Vec::new();
                let mut blues = 0u64;
                for r in squares(s) {
                    if r == st.to {
                        br.push((1, g.end(Q::ONE)));
                    } else {
                        blues += 1;
                    }
                }
                if blues > 0 {
                    let child = if phase3 {
                        g.id((after, s & !(1 << st.to)))
                    } else {
                        g.end(Q::MINUS_ONE)
                    };
                    br.push((blues, child));
                }
                out.push(g.chance(br));
            }
            out
        };
        g.nodes[me as usize] = Node::Choice(next);
    }
    let (nodes, root) = reversed(g.nodes, root);
    certify_graph(nodes, root, started)
}

/// `model`'s P2 strategy against P1 whose red starts on `r1`, P1's exact
/// best response certified (an upper bound of P1's payoff).
#[must_use]
pub fn certify_p2(model: &Model, det: &Det, p1_first: bool, r1: u8) -> Certificate {
    let started = Instant::now();
    let start = Board::start(true);
    let root_pos = Position {
        to_move: if p1_first {
            Player::First
        } else {
            Player::Second
        },
        p1: coloured(start.p1, r1),
        p2: purple(start.p2),
    };
    // P1 maximises: the graph carries −payoff for endless_mdp's minimiser.
    let mut g = Graph::new(true);
    let root = g.id((root_pos, start.p2));
    while let Some((pos, t)) = g.todo.pop() {
        let me = g.id((pos, t));
        let red1 = squares(pos.p1.of(Colour::Red)).next().expect("P1's red");
        let pieces = i64::from(pos.p1.all().count_ones());
        let next: Vec<u32> = if pos.to_move == Player::First {
            let mut out = Vec::new();
            if pos.p1.of(Colour::Blue) & escapes(Player::First) != 0 {
                out.push(g.end(Q::ONE));
            }
            for st in pos.steps() {
                if st.captured.is_none() {
                    out.push(g.id((pos.play(st), t)));
                    continue;
                }
                // Per type of P2 in T: its red taken (−1) or its blue (+1).
                let br: Vec<(u64, u32)> = squares(t)
                    .map(|r| (1, g.end(if r == st.to { Q::MINUS_ONE } else { Q::ONE })))
                    .collect();
                out.push(g.chance(br));
            }
            out
        } else {
            let d = model.decision(&to_board(&pos), pos.p1.all(), t);
            let capture = |g: &mut Graph, from: u8, to: u8, set: Set| {
                let st = legal(&pos, from, to, true);
                if st.to == red1 {
                    g.end(Q::ONE)
                } else if pieces == 2 {
                    g.end(Q::MINUS_ONE)
                } else {
                    g.id((pos.play(st), moved(set, st)))
                }
            };
            let mut kids = Vec::new();
            for (act, set) in grouped(&d) {
                let child = match act {
                    Act::Step { from, to } => {
                        let st = legal(&pos, from, to, false);
                        g.id((pos.play(st), moved(set, st)))
                    }
                    Act::Escape { from } => {
                        assert!(pos.p2.all() & escapes(Player::Second) & (1 << from) != 0);
                        // Per type of the block: blue escapes (−1), red forfeits (+1).
                        let br: Vec<(u64, u32)> = squares(set)
                            .map(|r| (1, g.end(if r == from { Q::ONE } else { Q::MINUS_ONE })))
                            .collect();
                        g.chance(br)
                    }
                    Act::Capture { from, to } => capture(&mut g, from, to, set),
                    Act::Gamble(gm) => {
                        let odds = &gm.odds[..usize::from(gm.len)];
                        let den = odds.iter().fold(1, |a, q| lcm(a, q.denom()));
                        let mut br = Vec::new();
                        for (i, q) in odds.iter().enumerate() {
                            let w = u64::try_from(q.numer() * (den / q.denom())).expect("odds");
                            let (from, to) = gm.moves[i];
                            br.push((w, capture(&mut g, from, to, set)));
                        }
                        g.chance(br)
                    }
                    // P2 names P1's red uniformly: right (−1) with
                    // probability 1/pieces, else at most +1; counted +1 if
                    // some pair is not a forced win.
                    Act::Gadget => {
                        let ok = det.p2_gadget(&pos, set, pos.p1.all());
                        g.end(if ok {
                            Q::ONE - Q::new(2, pieces)
                        } else {
                            Q::ONE
                        })
                    }
                    Act::Random { .. } => unreachable!("P2 does not capture at random"),
                };
                kids.push((u64::from(set.count_ones()), child));
            }
            vec![g.chance(kids)]
        };
        g.nodes[me as usize] = Node::Choice(next);
    }
    let (nodes, root) = reversed(g.nodes, root);
    let mut c = certify_graph(nodes, root, started);
    // Back to P1's payoff: the certified lower bound of −payoff is an
    // upper bound of P1's.
    c.bound = -c.bound;
    c.other = -c.other;
    c
}

/// Whether a decision's act is the move `st` (a step or a capture).
fn plays(act: &Act, st: &Step) -> bool {
    match *act {
        Act::Step { from, to } | Act::Capture { from, to } => from == st.from && to == st.to,
        _ => false,
    }
}

/// How the two-piece strategy of [`reader_problem`] keeps the set S of
/// P1's pieces that may be red.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reading {
    /// By Bayes under the model's P1 strategy: after P1's move, S becomes
    /// the union of the strategy's blocks that play it (a move the strategy
    /// does not play leaves S).
    Bayes,
    /// Never from P1's moves: S is every piece P1 has not lost (only a
    /// capture of a blue narrows it).
    Never,
}

/// The two-piece strategy of a two-sided `model`, reading P1's moves as
/// `reading` says: P2 keeps the set S of P1's pieces that may be red and
/// plays the model's P2 strategy at (board, S, T), its red uniform in T.
/// Against P1 whose red starts on `r1`: P1's best-response problem
/// (layers: phase, |S|, |T|; P1 maximises) and its root. P1's escapes and
/// P2's guess count as in [`certify_p2`]; a guess among S misses for sure
/// when P1's red is not in S (counted +1).
#[must_use]
pub fn reader_problem(
    model: &Model,
    det: &Det,
    reading: Reading,
    p1_first: bool,
    r1: u8,
) -> (Problem, u32) {
    let start = Board::start(true);
    let root_pos = Position {
        to_move: if p1_first {
            Player::First
        } else {
            Player::Second
        },
        p1: coloured(start.p1, r1),
        p2: purple(start.p2),
    };
    let mut p = Problem::new(true);
    let mut index: HashMap<(Position, Set, Set), u32> = HashMap::default();
    let mut todo: Vec<(Position, Set, Set)> = Vec::new();
    let id = |p: &mut Problem,
              index: &mut HashMap<(Position, Set, Set), u32>,
              todo: &mut Vec<(Position, Set, Set)>,
              k: (Position, Set, Set)| {
        if let Some(&i) = index.get(&k) {
            return i;
        }
        let layer = k.0.p1.all().count_ones() * 16 + k.1.count_ones() * 4 + k.2.count_ones();
        let i = p.push(GNode::Choice(Vec::new()), layer);
        index.insert(k, i);
        todo.push(k);
        i
    };
    let chance = |p: &mut Problem, b: Vec<(u64, u32)>| {
        if b.len() == 1 {
            b[0].1
        } else {
            p.push(GNode::Chance(b), 0)
        }
    };
    let root = id(
        &mut p,
        &mut index,
        &mut todo,
        (root_pos, start.p1, start.p2),
    );
    while let Some((pos, s, t)) = todo.pop() {
        let me = index[&(pos, s, t)];
        let red1 = squares(pos.p1.of(Colour::Red)).next().expect("P1's red");
        let pieces = i64::from(pos.p1.all().count_ones());
        let board = to_board(&pos);
        let d = model.decision(&board, s, t);
        let next: Vec<u32> = if pos.to_move == Player::First {
            let mut out = Vec::new();
            if pos.p1.of(Colour::Blue) & escapes(Player::First) != 0 {
                out.push(p.end(Q::ONE));
            }
            for st in pos.steps() {
                if st.captured.is_some() {
                    let br: Vec<(u64, u32)> = squares(t)
                        .map(|r| (1, p.end(if r == st.to { Q::MINUS_ONE } else { Q::ONE })))
                        .collect();
                    out.push(chance(&mut p, br));
                    continue;
                }
                let seen: Set = d
                    .blocks()
                    .iter()
                    .filter(|(_, a)| plays(a, &st))
                    .fold(0, |acc, (b, _)| acc | b);
                let s2 = match reading {
                    Reading::Bayes if seen != 0 => moved(seen, st),
                    _ => moved(s, st),
                };
                out.push(id(&mut p, &mut index, &mut todo, (pos.play(st), s2, t)));
            }
            out
        } else {
            let mut kids = Vec::new();
            for (act, set) in grouped(&d) {
                let capture = |p: &mut Problem,
                               index: &mut HashMap<(Position, Set, Set), u32>,
                               todo: &mut Vec<(Position, Set, Set)>,
                               from: u8,
                               to: u8| {
                    let st = legal(&pos, from, to, true);
                    if st.to == red1 {
                        p.end(Q::ONE)
                    } else if pieces == 2 {
                        p.end(Q::MINUS_ONE)
                    } else {
                        let after = pos.play(st);
                        let mut rest = s & !(1 << st.to);
                        if rest == 0 {
                            rest = after.p1.all();
                        }
                        id(p, index, todo, (after, rest, moved(set, st)))
                    }
                };
                let child = match act {
                    Act::Step { from, to } => {
                        let st = legal(&pos, from, to, false);
                        id(
                            &mut p,
                            &mut index,
                            &mut todo,
                            (pos.play(st), s, moved(set, st)),
                        )
                    }
                    Act::Escape { from } => {
                        let br: Vec<(u64, u32)> = squares(set)
                            .map(|r| (1, p.end(if r == from { Q::ONE } else { Q::MINUS_ONE })))
                            .collect();
                        chance(&mut p, br)
                    }
                    Act::Capture { from, to } => capture(&mut p, &mut index, &mut todo, from, to),
                    Act::Gadget => {
                        let ok = det.p2_gadget(&pos, set, s);
                        let v = if ok && s & (1 << red1) != 0 {
                            Q::ONE - Q::new(2, n(s))
                        } else {
                            Q::ONE
                        };
                        p.end(v)
                    }
                    Act::Gamble(_) | Act::Random { .. } => {
                        unreachable!("not in the two-sided game")
                    }
                };
                kids.push((u64::from(set.count_ones()), child));
            }
            vec![chance(&mut p, kids)]
        };
        p.nodes[me as usize] = GNode::Choice(next);
    }
    (p, root)
}

/// Certifies a problem of [`crate::graph`] with `endless_mdp`: a lower
/// bound of P1's payoff where P2 responds, an upper bound where P1 does.
#[must_use]
pub fn certify_problem(problem: &Problem, root: u32) -> Certificate {
    let started = Instant::now();
    let sign = |v: Q| if problem.responder_max { -v } else { v };
    let nodes: Vec<Node> = problem
        .nodes
        .iter()
        .map(|x| match x {
            GNode::End(v) => Node::End(sign(*v).to_big()),
            GNode::Choice(c) => Node::Choice(c.clone()),
            GNode::Chance(c) => Node::Chance(c.clone()),
        })
        .collect();
    let (nodes, root) = reversed(nodes, root);
    let mut c = certify_graph(nodes, root, started);
    if problem.responder_max {
        c.bound = -c.bound;
        c.other = -c.other;
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    fn u_model(full: &crate::fullinfo::FullInfo) -> Model<'_> {
        Model::solve(Rules::U, full, crate::model::Continuation::Solved).unwrap()
    }

    const STARTS: [(bool, Set); 2] = [(true, 0b10_0110), (false, 0b10_0110)];

    /// The check accepts the layered solution of U, and its value is the
    /// game's (1/2, both orders); value iteration apart agrees.
    #[test]
    fn the_check_accepts_a_solution_and_value_iteration_agrees() {
        let full = crate::fullinfo::FullInfo::solve();
        let det = Det::solve();
        let m = u_model(&full);
        let c = check_solution(&m, &det, None, &STARTS);
        assert_eq!(c.failure, None);
        assert_eq!(c.values, vec![Some(Q::new(1, 2)); 2]);
        assert!(c.states[0] > 1000 && c.states[1] > 1000, "{:?}", c.states);
        let v = game_value(Rules::U, &det, None, 0b10_0110).unwrap();
        assert_eq!(v, [m.start_value(true), m.start_value(false)]);
    }

    /// A value raised at the start, or a rank that no longer falls along
    /// the forcing side's moves, fails the check.
    #[test]
    fn the_check_rejects_a_wrong_value_or_rank() {
        let full = crate::fullinfo::FullInfo::solve();
        let det = Det::solve();
        let start = Board::start(true);
        let mut m = u_model(&full);
        m.set_value(&start, start.p1, start.p2, Q::new(2, 3));
        let c = check_solution(&m, &det, None, &STARTS[..1]);
        assert!(c.failure.is_some(), "{c:?}");
        assert_eq!(c.values, vec![None]);
        // With the strategy's move read before the value was raised, the
        // move's worth (1/2) falls short of the state's.
        let mut m = u_model(&full);
        let _ = m.decision(&start, start.p1, start.p2);
        m.set_value(&start, start.p1, start.p2, Q::new(2, 3));
        let c = check_solution(&m, &det, None, &STARTS[..1]);
        assert!(
            c.failure
                .as_deref()
                .is_some_and(|e| e.contains("worth 1/2")),
            "{c:?}"
        );
        let mut m = u_model(&full);
        // P1 forces 1/2 by a step from the start: its rank must fall.
        let d = m.decision(&start, start.p1, start.p2);
        assert!(matches!(d.blocks()[0].1, Act::Step { .. }));
        m.set_rank(&start, start.p1, start.p2, 0);
        let c = check_solution(&m, &det, None, &STARTS[..1]);
        assert!(
            c.failure.as_deref().is_some_and(|e| e.contains("rank")),
            "{c:?}"
        );
    }

    #[test]
    fn partitions_of_three_and_two() {
        assert_eq!(partitions(0b111).len(), 4);
        assert_eq!(partitions(0b101).len(), 1);
        assert!(partitions(0b1).is_empty());
    }

    #[test]
    fn the_gamble_lp_agrees_with_the_closed_form() {
        let det = Det(optimized::solve(Kind::Basic));
        let mut g = Naive {
            rules: Rules::U,
            det: &det,
            cont: None,
            index: HashMap::default(),
            keys: Vec::new(),
            value: Vec::new(),
            gambles: HashMap::default(),
            reach: HashMap::default(),
            check: None,
        };
        // C = 0, 0: 1/2; C = 1/2, 0: 2/3; C = −1, −1: 0; three at 0: 1/3.
        assert_eq!(g.gamble_value(&[Q::ZERO, Q::ZERO]), Q::new(1, 2));
        assert_eq!(g.gamble_value(&[Q::new(1, 2), Q::ZERO]), Q::new(2, 3));
        assert_eq!(g.gamble_value(&[Q::MINUS_ONE, Q::MINUS_ONE]), Q::ZERO);
        assert_eq!(g.gamble_value(&[Q::ZERO; 3]), Q::new(1, 3));
        assert_eq!(g.gamble_value(&[Q::ONE, Q::ZERO]), Q::ONE);
    }
}
