//! The restricted games: each side either keeps a public set of its pieces
//! that may be red (its *candidate set*, with a uniform posterior on it) or
//! "colours late" (the most favourable colouring for it is chosen at the
//! moment a colour decides an outcome). Solved exactly, layer by layer
//! ([`crate::layered`]), with both sides' strategies read back by progress
//! ranks.
//!
//! **Candidate sets.** A side with candidate set S draws its red uniformly
//! in S (at the start, S is all of its pieces) and plays deterministically
//! given its red and the public history. At its move it may *split*: cut S
//! into blocks, each block playing its own move; the block holding the red
//! is played, with probability |B|/|S|, and the opponent learns it, so S
//! becomes that block. A side that does not split keeps S whole (the
//! paper's purple play, §2). Events a colour decides are averaged over S:
//! - P1 escapes with piece i of block B: +1 if i ∉ B (blue for every type
//!   of B), else (|B| − 2)/|B| (the red, if it is the one, forfeits −1, as
//!   §2's 「反則負け」);
//! - P2 captures P1's piece Y: if Y ∈ S, +1 with probability 1/|S| (P1's
//!   red) and otherwise the blue was taken: phase 2 with S \ {Y}, or −1 in
//!   phase 2 (its last blue); if Y ∉ S, the blue: phase 2 with S, or −1;
//! - P1 captures P2's piece j against P2's set T: +1 if j ∉ T, −1 if
//!   T = {j}, 0 if |T| = 2; P2's escapes likewise (−1 for j ∉ B, a P2 block
//!   of one red forfeits +1, of two averages 0).
//!
//! **Colours late.** A side that colours late is the most favourable
//! relaxation of its colour: P2 late declares any captured piece of its
//! own red (P1's single capture −1; a capture at random of both P2 pieces,
//! ½ each, 0) and any escaping piece blue (−1); P1 late declares any
//! escaping piece blue (+1) and any piece P2 captures alone red (+1). When
//! P2 captures at random among targets K of P1's with odds π, P1 late picks
//! its red after seeing π: P1 gets Σ π_Y C_Y + max_r π_r (1 − C_r), with
//! C_Y what the capture of blue Y leaves; P2's best odds π_Y ∝ 1/(1 − C_Y)
//! give 1 − (|K| − 1)/Σ_K 1/(1 − C_Y), minimised over K.
//!
//! **Guess gadgets** (§4). P1's block B may guess P2's colouring uniformly
//! in P2's set T when every type of B has a forced win in the coloured game
//! against every colouring of T ([`crate::fullinfo`]): worth 2/|T| − 1 (0
//! against P2 late, whose colouring is fixed before the coin). P2's block
//! may guess P1's red uniformly in S likewise: worth 1 − 2/|S| to P1 (1/3 in
//! phase 3 and 0 in phase 2 against P1 late).
//!
//! **The games** ([`Rules`]): L (P1 sets and splits with its gadget; P2
//! late): a lower bound of what P1's strategies guarantee. U (P1 late; P2
//! sets, splits, gambles, gadget): an upper bound. 2S (both sides sets,
//! both split, both gadgets): payoffs resolved from both posteriors. The
//! cap (P1 splits; P2 keeps its set whole, no gadgets): against a P2 that
//! ignores its colours. Endless play pays 0 throughout.

use crate::board::{carry, local, squares, Board, Mask};
use crate::fullinfo::FullInfo;
use crate::layered::{self, Layer, Owner};
use crate::q::Q;
use rustc_hash::FxHashMap as HashMap;
use serde::Serialize;
use std::sync::Mutex;

/// How a side treats its colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Info {
    /// A public candidate set; `split` allows cutting it into blocks.
    Set {
        /// Whether the side may split its set.
        split: bool,
    },
    /// Colours late.
    Late,
}

/// A restricted game: each side's information and gadget.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Rules {
    /// The three-piece side.
    pub p1: Info,
    /// Whether P1 may use the guess gadget.
    pub p1_gadget: bool,
    /// The two-piece side.
    pub p2: Info,
    /// Whether P2 may use the guess gadget.
    pub p2_gadget: bool,
}

impl Rules {
    /// L: P1 splits its set (gadget on); P2 colours late.
    pub const L: Rules = Rules {
        p1: Info::Set { split: true },
        p1_gadget: true,
        p2: Info::Late,
        p2_gadget: false,
    };
    /// U: P1 colours late; P2 splits its set (gadget on).
    pub const U: Rules = Rules {
        p1: Info::Late,
        p1_gadget: false,
        p2: Info::Set { split: true },
        p2_gadget: true,
    };
    /// 2S: both sides split their sets, both gadgets on.
    pub const TWO_SIDED: Rules = Rules {
        p1: Info::Set { split: true },
        p1_gadget: true,
        p2: Info::Set { split: true },
        p2_gadget: true,
    };
    /// The cap: P1 splits (no gadget); P2 keeps its set whole, no gadget.
    pub const CAP: Rules = Rules {
        p1: Info::Set { split: true },
        p1_gadget: false,
        p2: Info::Set { split: false },
        p2_gadget: false,
    };
}

/// What a side does with one block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Act {
    /// A step to an empty square.
    Step {
        /// From.
        from: u8,
        /// To.
        to: u8,
    },
    /// Leave the board from an escape square.
    Escape {
        /// The escaping piece's square.
        from: u8,
    },
    /// Capture one piece.
    Capture {
        /// From.
        from: u8,
        /// The captured piece's square.
        to: u8,
    },
    /// P1 captures one of P2's two pieces, ½ each.
    Random {
        /// The two captures (from, to).
        moves: [(u8, u8); 2],
    },
    /// P2 captures one of P1's pieces with the given odds.
    Gamble(Gamble),
    /// The guess gadget.
    Gadget,
}

/// Captures at random with exact odds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Gamble {
    /// The captures (from, to), distinct targets.
    pub moves: [(u8, u8); 3],
    /// Their probabilities (summing to 1).
    pub odds: [Q; 3],
    /// How many are used.
    pub len: u8,
}

/// A side's move at a node: its set cut into blocks, each with an act.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decision {
    /// (block of candidate squares, act); the blocks partition the set.
    pub blocks: [(Mask, Act); 3],
    /// How many blocks.
    pub len: u8,
}

impl Decision {
    fn single(set: Mask, act: Act) -> Decision {
        Decision {
            blocks: [(set, act); 3],
            len: 1,
        }
    }

    /// The blocks in use.
    #[must_use]
    pub fn blocks(&self) -> &[(Mask, Act)] {
        &self.blocks[..usize::from(self.len)]
    }
}

/// The value P1 keeps after P2 captured a blue in phase 3, where the solved
/// phase 2 is replaced (the "optimistic continuation" checks).
#[derive(Debug, Clone)]
pub enum Continuation {
    /// Phase 2 of the same game.
    Solved,
    /// A value per phase-2 board with P1 to move (by board index), for
    /// every set.
    Fixed(Vec<Q>),
}

/// A solved restricted game.
pub struct Model<'a> {
    /// The rules.
    pub rules: Rules,
    full: &'a FullInfo,
    cont: Continuation,
    /// The distinct values, in the order first met.
    table: Vec<Q>,
    /// Values by phase (index 0: phase 2, 1: phase 3) and slot, as places
    /// in `table` (a few hundred distinct values; four bytes a state keeps
    /// the arrays in cache).
    value: [Vec<u32>; 2],
    /// Progress ranks, same slots.
    rank: [Vec<u32>; 2],
    /// Decisions read so far (by phase and slot): the best-response
    /// problems of several colourings read the same ones.
    decisions: Mutex<HashMap<(usize, usize), Decision>>,
}

/// A state's place in its phase's arrays: dense board index, then the
/// local bits of P1's set and of P2's.
fn slot(b: &Board, s: Mask, t: Mask) -> usize {
    (b.dense() * 8 + local(b.p1, s)) * 4 + local(b.p2, t)
}

/// A slot no layer solved (a set size the game never uses).
const UNSOLVED: u32 = u32::MAX;

fn ph(b: &Board) -> usize {
    if b.phase() == 3 {
        1
    } else {
        0
    }
}

/// The nontrivial partitions of a set of two or three squares.
fn partitions(set: Mask) -> Vec<Vec<Mask>> {
    let sq: Vec<Mask> = squares(set).map(|s| 1 << s).collect();
    match sq.len() {
        2 => vec![vec![sq[0], sq[1]]],
        3 => vec![
            vec![sq[0], sq[1] | sq[2]],
            vec![sq[1], sq[0] | sq[2]],
            vec![sq[2], sq[0] | sq[1]],
            vec![sq[0], sq[1], sq[2]],
        ],
        _ => Vec::new(),
    }
}

fn count(m: Mask) -> i64 {
    i64::from(m.count_ones())
}

/// The first option with the best value (maximal for P1, minimal for P2).
fn best_of(options: &[(Q, Act)], max: bool) -> Option<(Q, Act)> {
    let mut best: Option<(Q, Act)> = None;
    for &(v, act) in options {
        let replace = match best {
            None => true,
            Some((w, _)) => {
                if max {
                    v > w
                } else {
                    v < w
                }
            }
        };
        if replace {
            best = Some((v, act));
        }
    }
    best
}

/// The best split over the blocks of `part` (weights `|B|/|set|`) with a
/// different act for every block: blocks that played the same act would
/// look alike to the opponent, which is one block, not a split. `lists`
/// holds each block's options, best first for the side.
fn best_split(part: &[Mask], set: Mask, lists: &[&[(Q, Act)]], max: bool) -> Option<(Q, Decision)> {
    // The best `part.len()` options of each block suffice for a distinct
    // assignment (each block needs at most one alternative per other
    // block).
    let k = part.len();
    let lists: Vec<&[(Q, Act)]> = lists.iter().map(|l| &l[..l.len().min(k)]).collect();
    if lists.iter().any(|l| l.is_empty()) {
        return None;
    }
    let mut best: Option<(Q, Decision)> = None;
    let mut pick = [0usize; 3];
    loop {
        let acts: [Act; 3] = std::array::from_fn(|i| {
            if i < k {
                lists[i][pick[i]].1
            } else {
                Act::Gadget
            }
        });
        let distinct = (0..k).all(|i| (0..i).all(|j| acts[i] != acts[j]));
        if distinct {
            let mut total = Q::ZERO;
            let mut d = Decision {
                blocks: [(0, Act::Gadget); 3],
                len: k as u8,
            };
            for (i, &blk) in part.iter().enumerate() {
                total = total + Q::new(count(blk), count(set)) * lists[i][pick[i]].0;
                d.blocks[i] = (blk, acts[i]);
            }
            let better = best
                .as_ref()
                .map_or(true, |(w, _)| if max { total > *w } else { total < *w });
            if better {
                best = Some((total, d));
            }
        }
        // Next assignment (odometer).
        let mut i = 0;
        loop {
            if i == k {
                return best;
            }
            pick[i] += 1;
            if pick[i] < lists[i].len() {
                break;
            }
            pick[i] = 0;
            i += 1;
        }
    }
}

/// Sorts a block's options best first for the side (stable: ties keep the
/// order the options were listed in).
fn sort_best(list: &mut [(Q, Act)], max: bool) {
    if max {
        list.sort_by_key(|b| std::cmp::Reverse(b.0));
    } else {
        list.sort_by_key(|a| a.0);
    }
}

/// The gamble formula (module documentation): the best odds over the
/// targets with continuations `c` (target square, capture, C).
fn gamble(targets: &[(u8, (u8, u8), Q)]) -> Option<(Q, Gamble)> {
    let mut best: Option<(Q, Gamble)> = None;
    let n = targets.len();
    for k in 1..(1u32 << n) {
        let chosen: Vec<&(u8, (u8, u8), Q)> = (0..n)
            .filter(|i| k & (1 << i) != 0)
            .map(|i| &targets[i])
            .collect();
        if chosen.len() > 1 && chosen.iter().any(|t| t.2 >= Q::ONE) {
            continue;
        }
        let (v, odds): (Q, Vec<Q>) = if chosen.len() == 1 {
            (Q::ONE, vec![Q::ONE])
        } else {
            let inv: Vec<Q> = chosen.iter().map(|t| Q::ONE / (Q::ONE - t.2)).collect();
            let sum = inv.iter().fold(Q::ZERO, |a, &x| a + x);
            let v = Q::ONE - Q::new(chosen.len() as i64 - 1, 1) / sum;
            (v, inv.iter().map(|&x| x / sum).collect())
        };
        if best.as_ref().map_or(true, |(w, _)| v < *w) {
            let mut g = Gamble {
                moves: [(0, 0); 3],
                odds: [Q::ZERO; 3],
                len: chosen.len() as u8,
            };
            for (i, t) in chosen.iter().enumerate() {
                g.moves[i] = t.1;
                g.odds[i] = odds[i];
            }
            best = Some((v, g));
        }
    }
    best
}

impl<'a> Model<'a> {
    /// Solves the game `rules` (phase 2 first, then by set sizes; with a
    /// fixed continuation, phase 3 only: nothing reads phase 2 then).
    ///
    /// # Errors
    /// A layer with a node without moves (never on this board).
    pub fn solve(
        rules: Rules,
        full: &'a FullInfo,
        cont: Continuation,
    ) -> Result<Model<'a>, layered::LayerError> {
        let phases: &[u32] = match cont {
            Continuation::Solved => &[2, 3],
            Continuation::Fixed(_) => &[3],
        };
        let mut m = Model {
            rules,
            full,
            cont,
            table: Vec::new(),
            value: [
                vec![UNSOLVED; Board::count(2) * 32],
                vec![UNSOLVED; Board::count(3) * 32],
            ],
            rank: [
                vec![u32::MAX; Board::count(2) * 32],
                vec![u32::MAX; Board::count(3) * 32],
            ],
            decisions: Mutex::new(HashMap::default()),
        };
        let mut interned: HashMap<Q, u32> = HashMap::default();
        for &phase in phases {
            let boards = Board::all(phase);
            for k in 1..=phase {
                for t_size in 1..=2u32 {
                    if !m.set_size_used(true, k, phase) || !m.set_size_used(false, t_size, 2) {
                        continue;
                    }
                    m.solve_layer(&boards, k, t_size, &mut interned)?;
                }
            }
        }
        Ok(m)
    }

    /// Whether sets of `size` occur for a side (`p1`) with `all` pieces.
    fn set_size_used(&self, p1: bool, size: u32, all: u32) -> bool {
        let info = if p1 { self.rules.p1 } else { self.rules.p2 };
        match info {
            Info::Set { split: true } => true,
            _ => size == all,
        }
    }

    /// Solves the layer of P1's sets of `k` pieces and P2's of `t_size`.
    /// Its nodes are numbered by board (dense index), then P1's set, then
    /// P2's, so a successor's node is computed, not looked up.
    fn solve_layer(
        &mut self,
        boards: &[Board],
        k: u32,
        t_size: u32,
        interned: &mut HashMap<Q, u32>,
    ) -> Result<(), layered::LayerError> {
        let phase = boards.first().map_or(2, Board::phase);
        let s_locals: Vec<usize> = (1..1usize << phase)
            .filter(|l| l.count_ones() == k)
            .collect();
        let t_locals: Vec<usize> = (1..4usize).filter(|l| l.count_ones() == t_size).collect();
        let mut s_pos = [0usize; 8];
        for (i, &l) in s_locals.iter().enumerate() {
            s_pos[l] = i;
        }
        let mut t_pos = [0usize; 4];
        for (i, &l) in t_locals.iter().enumerate() {
            t_pos[l] = i;
        }
        let per = s_locals.len() * t_locals.len();
        let node = |b: &Board, s: Mask, t: Mask| {
            (b.dense() * per + s_pos[local(b.p1, s)] * t_locals.len() + t_pos[local(b.p2, t)])
                as u32
        };
        let mut layer = Layer::new();
        let mut steps = Vec::with_capacity(12);
        for &b in boards {
            steps.clear();
            b.for_each_step(|st| {
                if !st.capture {
                    steps.push((st, b.play(st)));
                }
            });
            for &sl in &s_locals {
                let s = crate::board::global(b.p1, sl);
                for &tl in &t_locals {
                    let t = crate::board::global(b.p2, tl);
                    let (owner, exit) = if b.p1_to_move {
                        (Owner::Max, self.p1_exit(&b, s, t).map(|e| e.0))
                    } else {
                        (Owner::Min, self.p2_exit(&b, s, t).map(|e| e.0))
                    };
                    layer.node(owner, exit);
                    for &(st, after) in &steps {
                        let (s2, t2) = if b.p1_to_move {
                            (carry(s, st.from, st.to), t)
                        } else {
                            (s, carry(t, st.from, st.to))
                        };
                        layer.edge(node(&after, s2, t2));
                    }
                }
            }
        }
        let solved = layered::solve(&layer)?;
        let p = usize::from(phase == 3);
        let mut i = 0;
        for &b in boards {
            for &sl in &s_locals {
                for &tl in &t_locals {
                    let sl = slot(
                        &b,
                        crate::board::global(b.p1, sl),
                        crate::board::global(b.p2, tl),
                    );
                    let v = solved.value[i];
                    let next = self.table.len() as u32;
                    let id = *interned.entry(v).or_insert(next);
                    if id == next {
                        self.table.push(v);
                    }
                    self.value[p][sl] = id;
                    self.rank[p][sl] = solved.rank[i];
                    i += 1;
                }
            }
        }
        Ok(())
    }

    /// The value of a state (P1's payoff).
    ///
    /// # Panics
    /// If the state is not one of the game's (a set size it never uses).
    #[must_use]
    pub fn value(&self, b: &Board, s: Mask, t: Mask) -> Q {
        let id = self.value[ph(b)][slot(b, s, t)];
        assert!(id != UNSOLVED, "state {b} not in this game");
        self.table[id as usize]
    }

    /// The value of a state, if it is one of the game's.
    #[must_use]
    pub fn try_value(&self, b: &Board, s: Mask, t: Mask) -> Option<Q> {
        if b.p1 & b.p2 != 0 || !(2..=3).contains(&b.phase()) || b.p2.count_ones() != 2 {
            return None;
        }
        if s & !b.p1 != 0 || t & !b.p2 != 0 {
            return None;
        }
        let id = self.value[ph(b)][slot(b, s, t)];
        (id != UNSOLVED).then(|| self.table[id as usize])
    }

    /// A state's progress rank in its layer (the order in which the
    /// layer's solve attracted it; `u32::MAX` at value 0).
    ///
    /// # Panics
    /// If the state is not one of the game's.
    #[must_use]
    pub fn rank(&self, b: &Board, s: Mask, t: Mask) -> u32 {
        let sl = slot(b, s, t);
        assert!(
            self.value[ph(b)][sl] != UNSOLVED,
            "state {b} not in this game"
        );
        self.rank[ph(b)][sl]
    }

    /// The game's value at the start (P1's set all three pieces, P2's both).
    #[must_use]
    pub fn start_value(&self, p1_first: bool) -> Q {
        let b = Board::start(p1_first);
        self.value(&b, b.p1, b.p2)
    }

    /// The value P1 keeps when P2 captures a blue in phase 3 and leaves
    /// `after` (phase 2, P1 to move) with sets `s`, `t`.
    fn continuation(&self, after: &Board, s: Mask, t: Mask) -> Q {
        match &self.cont {
            Continuation::Solved => self.value(after, s, t),
            Continuation::Fixed(v) => v[after.index()],
        }
    }

    // ---- P1's options -------------------------------------------------

    /// P1's options for block `block` other than steps: escapes, captures,
    /// the capture at random, the gadget.
    fn p1_own(&self, b: &Board, block: Mask, t: Mask, out: &mut Vec<(Q, Act)>) {
        let late = self.rules.p1 == Info::Late;
        for from in squares(b.on_exits()) {
            let v = if late || block & (1 << from) == 0 {
                Q::ONE
            } else {
                Q::new(count(block) - 2, count(block))
            };
            out.push((v, Act::Escape { from }));
        }
        let mut caps: Vec<(u8, u8)> = Vec::new();
        b.for_each_step(|st| {
            if st.capture {
                caps.push((st.from, st.to));
            }
        });
        for &(from, to) in &caps {
            let v = match self.rules.p2 {
                Info::Late => Q::MINUS_ONE,
                Info::Set { .. } => {
                    if t & (1 << to) == 0 {
                        Q::ONE
                    } else if t == 1 << to {
                        Q::MINUS_ONE
                    } else {
                        Q::ZERO
                    }
                }
            };
            out.push((v, Act::Capture { from, to }));
        }
        // Both of P2's pieces capturable: one of them at random.
        let targets: Vec<u8> = squares(b.p2).collect();
        let a = caps.iter().find(|c| c.1 == targets[0]);
        let c = caps.iter().find(|c| c.1 == targets[1]);
        if let (Some(&a), Some(&c)) = (a, c) {
            out.push((Q::ZERO, Act::Random { moves: [a, c] }));
        }
        if self.rules.p1_gadget && !late {
            let reds2 = match self.rules.p2 {
                Info::Late => b.p2,
                Info::Set { .. } => t,
            };
            if self.full.p1_gadget(b, block, reds2) {
                let v = match self.rules.p2 {
                    Info::Late => Q::ZERO,
                    Info::Set { .. } => Q::new(2, count(t)) - Q::ONE,
                };
                out.push((v, Act::Gadget));
            }
        }
    }

    /// P1's steps for block `block` (to solved states of P2's move).
    fn p1_steps(&self, b: &Board, block: Mask, t: Mask, out: &mut Vec<(Q, Act)>) {
        b.for_each_step(|st| {
            if !st.capture {
                let v = self.value(&b.play(st), carry(block, st.from, st.to), t);
                out.push((
                    v,
                    Act::Step {
                        from: st.from,
                        to: st.to,
                    },
                ));
            }
        });
    }

    /// P1's best exit at (b, s, t): its own options for the whole set, or a
    /// split.
    fn p1_exit(&self, b: &Board, s: Mask, t: Mask) -> Option<(Q, Decision)> {
        let mut own = Vec::new();
        self.p1_own(b, s, t, &mut own);
        let mut best: Option<(Q, Decision)> =
            best_of(&own, true).map(|(v, a)| (v, Decision::single(s, a)));
        if self.rules.p1 == (Info::Set { split: true }) {
            // Each block's options once (a block occurs in several
            // partitions), by its bits among the set's squares.
            let mut blocks: [Vec<(Q, Act)>; 8] = Default::default();
            for part in partitions(s) {
                for &blk in &part {
                    let list = &mut blocks[local(s, blk)];
                    if list.is_empty() {
                        self.p1_own(b, blk, t, list);
                        self.p1_steps(b, blk, t, list);
                        sort_best(list, true);
                    }
                }
            }
            for part in partitions(s) {
                let lists: Vec<&[(Q, Act)]> =
                    part.iter().map(|&blk| &blocks[local(s, blk)][..]).collect();
                if let Some((v, d)) = best_split(&part, s, &lists, true) {
                    if best.as_ref().map_or(true, |(w, _)| v > *w) {
                        best = Some((v, d));
                    }
                }
            }
        }
        best
    }

    // ---- P2's options -------------------------------------------------

    /// P2's options for its block other than steps.
    fn p2_own(&self, b: &Board, s: Mask, block: Mask, out: &mut Vec<(Q, Act)>) {
        let late = self.rules.p2 == Info::Late;
        for from in squares(b.on_exits()) {
            let v = if late || block & (1 << from) == 0 {
                Q::MINUS_ONE
            } else {
                -Q::new(count(block) - 2, count(block))
            };
            out.push((v, Act::Escape { from }));
        }
        let phase3 = b.phase() == 3;
        match self.rules.p1 {
            Info::Set { .. } => {
                b.for_each_step(|st| {
                    if !st.capture {
                        return;
                    }
                    let after = b.play(st);
                    let t2 = carry(block, st.from, st.to);
                    let y = st.to;
                    let blue = |rest: Mask| {
                        if phase3 {
                            self.continuation(&after, rest, t2)
                        } else {
                            Q::MINUS_ONE
                        }
                    };
                    let v = if s & (1 << y) != 0 {
                        let n = count(s);
                        let mut v = Q::new(1, n);
                        if n > 1 {
                            v = v + Q::new(n - 1, n) * blue(s & !(1 << y));
                        }
                        v
                    } else {
                        blue(s)
                    };
                    out.push((
                        v,
                        Act::Capture {
                            from: st.from,
                            to: st.to,
                        },
                    ));
                });
            }
            Info::Late => {
                // Per target, the capture leaving the least.
                let mut targets: Vec<(u8, (u8, u8), Q)> = Vec::new();
                b.for_each_step(|st| {
                    if !st.capture {
                        return;
                    }
                    let after = b.play(st);
                    let c = if phase3 {
                        self.continuation(&after, after.p1, carry(block, st.from, st.to))
                    } else {
                        Q::MINUS_ONE
                    };
                    match targets.iter_mut().find(|x| x.0 == st.to) {
                        Some(x) => {
                            if c < x.2 {
                                *x = (st.to, (st.from, st.to), c);
                            }
                        }
                        None => targets.push((st.to, (st.from, st.to), c)),
                    }
                });
                if let Some((v, g)) = gamble(&targets) {
                    out.push((v, Act::Gamble(g)));
                }
            }
        }
        if self.rules.p2_gadget && !late {
            let reds1 = match self.rules.p1 {
                Info::Late => b.p1,
                Info::Set { .. } => s,
            };
            if self.full.p2_gadget(b, block, reds1) {
                out.push((Q::ONE - Q::new(2, count(reds1)), Act::Gadget));
            }
        }
    }

    /// P2's steps for its block (to solved states of P1's move).
    fn p2_steps(&self, b: &Board, s: Mask, block: Mask, out: &mut Vec<(Q, Act)>) {
        b.for_each_step(|st| {
            if !st.capture {
                let v = self.value(&b.play(st), s, carry(block, st.from, st.to));
                out.push((
                    v,
                    Act::Step {
                        from: st.from,
                        to: st.to,
                    },
                ));
            }
        });
    }

    fn p2_exit(&self, b: &Board, s: Mask, t: Mask) -> Option<(Q, Decision)> {
        let mut own = Vec::new();
        self.p2_own(b, s, t, &mut own);
        let mut best: Option<(Q, Decision)> =
            best_of(&own, false).map(|(v, a)| (v, Decision::single(t, a)));
        if self.rules.p2 == (Info::Set { split: true }) {
            for part in partitions(t) {
                let mut blocks: Vec<Vec<(Q, Act)>> = part
                    .iter()
                    .map(|&blk| {
                        let mut o = Vec::new();
                        self.p2_own(b, s, blk, &mut o);
                        self.p2_steps(b, s, blk, &mut o);
                        sort_best(&mut o, false);
                        o
                    })
                    .collect();
                let lists: Vec<&[(Q, Act)]> = blocks.iter_mut().map(|l| &l[..]).collect();
                if let Some((v, d)) = best_split(&part, t, &lists, false) {
                    if best.as_ref().map_or(true, |(w, _)| v < *w) {
                        best = Some((v, d));
                    }
                }
            }
        }
        best
    }

    // ---- strategies ---------------------------------------------------

    /// The move of the side to move at (b, s, t) in the solved game, chosen
    /// by progress ranks ([`crate::layered::choose`]'s rule).
    ///
    /// # Panics
    /// If the state is not one of the game's, or has no option of its
    /// value (never in a solved game).
    #[must_use]
    pub fn decision(&self, b: &Board, s: Mask, t: Mask) -> Decision {
        self.try_decision(b, s, t)
            .expect("a solved state has a move of its value")
    }

    /// [`Model::decision`], or `None` if no option has the state's value
    /// or the state is not the game's (a solution under check may be
    /// wrong).
    #[must_use]
    pub fn try_decision(&self, b: &Board, s: Mask, t: Mask) -> Option<Decision> {
        self.try_value(b, s, t)?;
        let key = (ph(b), slot(b, s, t));
        let known = self.memo().get(&key).copied();
        if let Some(d) = known {
            return Some(d);
        }
        let d = self.decide(b, s, t)?;
        self.memo().insert(key, d);
        Some(d)
    }

    fn memo(&self) -> std::sync::MutexGuard<'_, HashMap<(usize, usize), Decision>> {
        // A panic while the lock was held leaves the map as it was: only
        // whole decisions are ever inserted.
        self.decisions.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn decide(&self, b: &Board, s: Mask, t: Mask) -> Option<Decision> {
        let v = self.value(b, s, t);
        let max = b.p1_to_move;
        let exit = if max {
            self.p1_exit(b, s, t)
        } else {
            self.p2_exit(b, s, t)
        };
        if let Some((e, d)) = exit {
            if e == v {
                return Some(d);
            }
        }
        let forcing = if max {
            v.is_positive()
        } else {
            v.is_negative()
        };
        let r = self.rank(b, s, t);
        for st in b.steps() {
            if st.capture {
                continue;
            }
            let (s2, t2) = if max {
                (carry(s, st.from, st.to), t)
            } else {
                (s, carry(t, st.from, st.to))
            };
            let after = b.play(st);
            let next = self.try_value(&after, s2, t2);
            if next == Some(v) && (!forcing || self.rank(&after, s2, t2) < r) {
                let act = Act::Step {
                    from: st.from,
                    to: st.to,
                };
                return Some(Decision::single(if max { s } else { t }, act));
            }
        }
        None
    }

    /// Replaces a state's value (tests: a wrong solution must fail its
    /// check).
    #[cfg(test)]
    pub(crate) fn set_value(&mut self, b: &Board, s: Mask, t: Mask, v: Q) {
        let id = self.table.len() as u32;
        self.table.push(v);
        self.value[ph(b)][slot(b, s, t)] = id;
    }

    /// Replaces a state's progress rank (tests).
    #[cfg(test)]
    pub(crate) fn set_rank(&mut self, b: &Board, s: Mask, t: Mask, r: u32) {
        self.rank[ph(b)][slot(b, s, t)] = r;
    }

    /// Phase-2 values with P1 to move, per board index, for the whole sets:
    /// what the continuation checks substitute.
    #[must_use]
    pub fn phase2_table(&self) -> Vec<Q> {
        let mut v = vec![Q::ZERO; Board::slots(2)];
        for b in Board::all(2) {
            if b.p1_to_move {
                v[b.index()] = self.value(&b, b.p1, b.p2);
            }
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gamble_formula() {
        // Two targets with C = 0: 1/2, odds 1/2 each.
        let (v, g) = gamble(&[(1, (0, 1), Q::ZERO), (2, (3, 2), Q::ZERO)]).unwrap();
        assert_eq!(v, Q::new(1, 2));
        assert_eq!(g.odds[..2], [Q::new(1, 2), Q::new(1, 2)]);
        // C = 1/2 and 0: 1 − 1/(2 + 1) = 2/3, odds 2/3, 1/3.
        let (v, g) = gamble(&[(1, (0, 1), Q::new(1, 2)), (2, (3, 2), Q::ZERO)]).unwrap();
        assert_eq!(v, Q::new(2, 3));
        assert_eq!(g.odds[..2], [Q::new(2, 3), Q::new(1, 3)]);
        // A single target: +1.
        assert_eq!(gamble(&[(1, (0, 1), Q::MINUS_ONE)]).unwrap().0, Q::ONE);
        // In phase 2 (C = −1 for both): 0.
        let (v, _) = gamble(&[(1, (0, 1), Q::MINUS_ONE), (2, (3, 2), Q::MINUS_ONE)]).unwrap();
        assert_eq!(v, Q::ZERO);
    }
}
