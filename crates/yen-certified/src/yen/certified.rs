//! Certified floating-point equilibrium values of the 10,000-yen game at the
//! paper's scale: every state of every game with T ≤ `max_total`
//! units and R rounds, each value enclosed in a rigorous interval.
//!
//! Stage games are solved in `f64` ([`GrowingGame`], [`FloatLp`]). The float strategies are
//! then *evaluated*, not trusted: A's strategy p guarantees
//! minⱼ Σᵢ pᵢ·M\[i\]\[j\] against every column, so with each entry known to lie
//! in [L, U] (the successors' intervals) the value is at least
//! minⱼ Σᵢ pᵢ·L\[i\]\[j\] / Σᵢ pᵢ; likewise B's strategy q caps it at
//! maxᵢ Σⱼ qⱼ·U\[i\]\[j\] / Σⱼ qⱼ. Both are computed in exact fixed point
//! (weights rounded down and payoffs outward to multiples of 2^-50, exact
//! `i128` sums, one quotient rounded outward: [`solved_games_reference::solve::rounding`]),
//! so the interval holds the exact value whatever the float solver's
//! errors; a poor float solution only widens it. Settled states
//! ([`State::decided`]) are exact points, and so are the symmetric states
//! a = b, d = 0, whose stage matrix is skew-symmetric
//! (M\[x\]\[y\] = −M\[y\]\[x\] by the mirror symmetry), so their value is exactly 0;
//! the LP's interval for them is still computed and must contain 0.
//!
//! The value of a state does not depend on T or R, so one table holds every
//! size: layers r = 2..R−1 hold every state with both players' money ≤
//! `max_total`, a gain difference no rule settles (of the parity a + b,
//! the only one a match can reach) and within reach of a match with
//! T ≤ `max_total` ([`Certified::within_reach`]: exactly the states some
//! such match reaches); layer R (the starts) is solved on demand. Layers
//! are solved from r = 2 up, the states of a layer in parallel; only the
//! smaller of a state and its mirror is solved.

use crate::solve::growing::{saddle, GrowingGame};
use crate::solve::wide;
use num_rational::BigRational;
use num_traits::ToPrimitive;
use rayon::prelude::*;
use solved_games_reference::games::yen::rules::State;
use solved_games_reference::progress::Progress;
use solved_games_reference::solve::float_game::{FloatLp, FloatSolution};
use solved_games_reference::solve::matrix_game;
use solved_games_reference::solve::rounding::{ratio_down, ratio_up};
use std::ops::ControlFlow;

/// The double oracle stops when no reply improves on the restricted value
/// by more than this: each state's interval is then about twice as wide.
const TOLERANCE: f64 = 2e-11;

/// A stage game whose float strategies bound its value less tightly than
/// this (a float LP that failed, or stopped on a basis that was not
/// optimal) is solved again exactly: see [`Certified::exact_bounds`].
const WIDE: f64 = 1e-10;

/// Float strategies read off the double oracle's tableau that bound a value
/// less tightly than this are replaced by the basis re-solved from the
/// matrix ([`GrowingGame::resolved`]).
const RESOLVE: f64 = 1e-11;

/// Every stage-game entry is a value in [−1, 1]; shifted by 2 they are all
/// positive, as the linear programme needs, whatever rows and columns join.
const SHIFT: f64 = 2.0;

/// Rigorous bounds on a value: lower ≤ value ≤ upper.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Interval {
    /// A lower bound on the exact value.
    pub lower: f64,
    /// An upper bound on the exact value.
    pub upper: f64,
}

impl Interval {
    /// The exact value `v` as a point.
    #[must_use]
    pub fn point(v: f64) -> Interval {
        Interval { lower: v, upper: v }
    }

    /// upper − lower.
    #[must_use]
    pub fn width(self) -> f64 {
        self.upper - self.lower
    }

    /// Whether `x` lies in the interval.
    #[must_use]
    pub fn contains(self, x: f64) -> bool {
        self.lower <= x && x <= self.upper
    }

    /// The midpoint, what the float solver works with.
    #[must_use]
    pub fn mid(self) -> f64 {
        self.lower + (self.upper - self.lower) / 2.0
    }

    /// The interval of −value.
    #[must_use]
    pub fn negated(self) -> Interval {
        Interval {
            lower: -self.upper,
            upper: -self.lower,
        }
    }
}

/// The states of one layer (rounds left fixed) with a given (a, b): the
/// undecided gain differences `first, first + 2, …` (`count` of them).
#[derive(Debug, Clone, Copy, Default)]
struct Block {
    offset: usize,
    first: i64,
    count: usize,
}

#[derive(Debug, Default)]
struct Layer {
    blocks: Vec<Block>,
    values: Vec<Interval>,
}

/// One state's stage game, solved and certified.
#[derive(Debug, Clone, PartialEq)]
pub struct Stage {
    /// The state.
    pub state: State,
    /// Rigorous bounds on its value.
    pub interval: Interval,
    /// The bounds the float strategies alone give (equal to `interval`
    /// except at symmetric states, whose value the theorem fixes at 0).
    pub strategy_interval: Interval,
    /// A's float strategy: bets with positive probability.
    pub strategy_a: Vec<(u64, f64)>,
    /// B's float strategy.
    pub strategy_b: Vec<(u64, f64)>,
}

/// Work done and the quality of the bounds.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Summary {
    /// States in the table (undecided, both orientations, layers 2..R−1;
    /// layer R−1 only where a start reaches).
    pub states: usize,
    /// Stage games solved (one per state and mirror pair).
    pub stage_games: usize,
    /// The widest interval.
    pub max_width: f64,
    /// A state with the widest interval.
    pub widest: Option<State>,
    /// Stage games that no float method (the neighbour's basis, the warm
    /// and the cold double oracle, B's programme) bounded to within 1e-10.
    pub float_failures: usize,
    /// Stage games that needed an exact solve: of the restricted game in
    /// the double oracle, or of the whole stage game
    /// ([`Certified::exact_bounds`]).
    pub solved_exactly: usize,
    /// States set to exactly ±1 by monotonicity in d without a stage game.
    pub monotone: usize,
}

/// The certified table for every T ≤ `max_total` at `rounds` rounds.
#[derive(Debug)]
pub struct Certified {
    max_total: u64,
    rounds: u32,
    layers: Vec<Layer>,
    summary: Summary,
    /// The layer below the one being solved, laid out along the stage
    /// games' lines ([`lines`]).
    lines: Option<lines::Lines>,
}

/// The lines of one player built for the state being solved, as the two
/// things read from them: each entry's midpoint (the game the float LPs
/// solve) and its bound on the side that player's bounds need (a row's
/// lower bound for A's guarantee, a column's upper bound for B's ceiling).
#[derive(Debug, Default)]
struct Built {
    mids: Vec<f64>,
    bounds: Vec<f64>,
    /// The step in gain difference (±2, 0 for none) to the state solved
    /// next: each line read from [`lines::Lines`] brings that state's same
    /// line into the caches (SPEC.md, "One stage game").
    ahead: i64,
}

impl Built {
    fn clear(&mut self) {
        self.mids.clear();
        self.bounds.clear();
    }

    /// Appends a row's entry: its midpoint and lower bound.
    #[inline(always)]
    fn push_lower(&mut self, iv: Interval) {
        self.mids.push(iv.mid());
        self.bounds.push(iv.lower);
    }

    /// Appends a column's entry: its midpoint and upper bound.
    #[inline(always)]
    fn push_upper(&mut self, iv: Interval) {
        self.mids.push(iv.mid());
        self.bounds.push(iv.upper);
    }
}

/// Scratch space of one thread.
#[derive(Default)]
struct Workspace {
    lp: FloatLp,
    /// The restricted game of the state being solved, grown a reply at a time.
    grow: GrowingGame,
    /// Rows built for the state being solved (one per bet of A tried), each
    /// B's money + 1 long, one after another: their midpoints and lower
    /// bounds.
    rows: Built,
    /// Columns built (one per bet of B tried), each A's money + 1 long:
    /// their midpoints and upper bounds.
    columns: Built,
    /// Each row's least lower bound and each column's greatest upper bound:
    /// what a pure bet guarantees, taken once when the line is built
    /// ([`Workspace::row_built`]) instead of on every [`Certified::bounds`].
    row_floors: Vec<f64>,
    column_ceilings: Vec<f64>,
    /// The supports of the last state solved: where the next one starts.
    hint_rows: Vec<u64>,
    hint_columns: Vec<u64>,
    /// Whether the hints are a square optimal basis (tight rows, basic columns).
    hint_is_basis: bool,
    /// Scratch: the restricted game's midpoints, and a best reply's sums.
    small: Vec<f64>,
    sums: Vec<f64>,
    /// Scratch kept across stage games (fresh vectors per stage game were
    /// 13 % of the profile as allocator work): the bets tried by each
    /// player, and a new line's entries in the restricted game.
    bets_a: Vec<u64>,
    bets_b: Vec<u64>,
    entries: Vec<f64>,
    /// Whether [`Certified::certify`] leaves the certificate's strategies
    /// empty: where nothing records them (its interval and counts are the
    /// same either way).
    skip_strategies: bool,
}

impl Workspace {
    fn new() -> Workspace {
        Workspace::default()
    }

    /// Notes the row just appended to `rows` (`n` entries): the least of its
    /// lower bounds, the guarantee of that pure bet of A.
    fn row_built(&mut self, n: usize) {
        let bounds = &self.rows.bounds;
        self.row_floors.push(least(&bounds[bounds.len() - n..]));
    }

    /// Notes the column just appended to `columns` (`m` entries): the
    /// greatest of its upper bounds, the ceiling of that pure bet of B.
    fn column_built(&mut self, m: usize) {
        let bounds = &self.columns.bounds;
        self.column_ceilings
            .push(greatest(&bounds[bounds.len() - m..]));
    }

    /// Sets the step in gain difference to the state solved after each
    /// one (2 going up, −2 going down): the lines that state will likely
    /// read are prefetched while this one is solved.
    fn set_ahead(&mut self, step: i64) {
        self.rows.ahead = step;
        self.columns.ahead = step;
    }

    /// The basis the next state would start from.
    fn hint(&self) -> Hint {
        Hint {
            rows: self.hint_rows.clone(),
            columns: self.hint_columns.clone(),
            is_basis: self.hint_is_basis,
        }
    }

    /// Starts the next state from `hint`, or from nothing. Every block of
    /// states starts from a hint fixed by its position (not from whatever
    /// this thread solved last), so that the float strategies, and with
    /// them every bound and count, are the same on any number of threads.
    fn set_hint(&mut self, hint: Option<&Hint>) {
        self.hint_rows.clear();
        self.hint_columns.clear();
        self.hint_is_basis = false;
        if let Some(h) = hint {
            self.hint_rows.extend_from_slice(&h.rows);
            self.hint_columns.extend_from_slice(&h.columns);
            self.hint_is_basis = h.is_basis;
        }
    }
}

/// A stage game's optimal basis as bets, where a neighbouring state starts.
#[derive(Debug, Clone, Default)]
struct Hint {
    rows: Vec<u64>,
    columns: Vec<u64>,
    is_basis: bool,
}

impl Certified {
    /// Solves every state of every game with at most `max_total` units and
    /// `rounds` rounds, reporting states done to `progress`.
    ///
    /// # Panics
    /// If `rounds` is 0, or a stage game's rows and columns, read along
    /// their lines, disagree where the whole stage game is solved exactly
    /// (a copy of the layer below gone wrong).
    pub fn solve(max_total: u64, rounds: u32, progress: &dyn Progress) -> Certified {
        Certified::solve_recording(max_total, rounds, progress, None)
    }

    /// [`Certified::solve`], handing every block of the table's canonical
    /// states (a < b, or a = b with d ≤ 0), as solved, to `record`: layer by
    /// layer from r = 2 up, in increasing (a, b) within a layer. What a
    /// certificate is written from ([`crate::yen::certificate`]).
    ///
    /// # Panics
    /// If `rounds` is 0, or a stage game's rows and columns, read along
    /// their lines, disagree where the whole stage game is solved exactly
    /// (a copy of the layer below gone wrong).
    pub fn solve_recording(
        max_total: u64,
        rounds: u32,
        progress: &dyn Progress,
        record: Option<&mut dyn FnMut(BlockRecord)>,
    ) -> Certified {
        Certified::solve_resumable(max_total, rounds, progress, record, None, &mut |_| {
            ControlFlow::Continue(())
        })
        .expect("a solve without a resume point has none of the wrong size")
        .expect("a solve that is never stopped finishes")
    }

    /// [`Certified::solve_recording`], starting from `resume` (the layers a
    /// stopped run finished: [`Snapshot::to_resume`]) if given, and calling
    /// `after_layer` after each layer is solved and recorded with what a
    /// run needs to continue from there (what a checkpoint file holds:
    /// [`crate::yen::checkpoint`]). `after_layer` returning
    /// `Break` stops the solve (`None`). The table is the same, bit for bit,
    /// and `record` is handed the same blocks after `resume`, as in a run
    /// never stopped: each block starts from its seed, not from what a
    /// thread solved last.
    ///
    /// # Errors
    /// `resume` was not made for `max_total` and `rounds` (its layers have
    /// other sizes, or it lies beyond R − 1): the reason.
    ///
    /// # Panics
    /// If `rounds` is 0, or a stage game's rows and columns, read along
    /// their lines, disagree where the whole stage game is solved exactly
    /// (a copy of the layer below gone wrong).
    pub fn solve_resumable(
        max_total: u64,
        rounds: u32,
        progress: &dyn Progress,
        mut record: Option<&mut dyn FnMut(BlockRecord)>,
        resume: Option<Resume>,
        after_layer: &mut dyn FnMut(&Snapshot<'_>) -> ControlFlow<()>,
    ) -> Result<Option<Certified>, String> {
        assert!(rounds > 0, "a match has at least one round");
        let recording = record.is_some();
        let mut table = Certified {
            max_total,
            rounds,
            layers: Vec::new(),
            summary: Summary::default(),
            lines: None,
        };
        // Layers 0 and 1 are closed forms; allocate 2..R−1.
        for r in 0..rounds {
            let layer = if r >= 2 {
                table.empty_layer(r)
            } else {
                Layer::default()
            };
            table.layers.push(layer);
        }
        let total: usize = table.layers.iter().map(|l| l.values.len()).sum();
        progress.begin("states", Some(total as u64));
        let n = max_total as usize + 1;
        // Canonical (a, b): a ≤ b; a = b solves d ≤ 0 and mirrors d > 0.
        let pairs: Vec<(u64, u64)> = (1..=max_total)
            .flat_map(|a| (a..=max_total).map(move |b| (a, b)))
            .collect();
        // The basis of the first state solved in each block of the layer
        // below: where the same block of this layer starts.
        let mut seeds: Vec<Option<Hint>> = vec![None; pairs.len()];
        let mut start = 2;
        if let Some(resume) = resume {
            start = resume.next_layer.max(2);
            if start > rounds.max(2)
                || resume.layers.len() != (start - 2) as usize
                || resume.seeds.len() != pairs.len()
            {
                return Err(format!(
                    "it stops before layer {} with {} layers and {} seeds; a table of T <= {max_total}, R = {rounds} has layers 2..{} and {} seeds",
                    resume.next_layer,
                    resume.layers.len(),
                    resume.seeds.len(),
                    rounds.max(2) - 1,
                    pairs.len()
                ));
            }
            for (r, values) in (2..start).zip(resume.layers) {
                let layer = &mut table.layers[r as usize];
                if values.len() != layer.values.len() {
                    return Err(format!(
                        "layer {r} has {} states, not {} (written by a version that cut the table elsewhere? run again without --resume)",
                        values.len(),
                        layer.values.len()
                    ));
                }
                progress.advance(values.len() as u64);
                layer.values = values;
            }
            for (seed, s) in seeds.iter_mut().zip(resume.seeds) {
                *seed = s.map(|s| Hint {
                    rows: s.rows,
                    columns: s.columns,
                    is_basis: s.is_basis,
                });
            }
            table.summary = Summary {
                stage_games: resume.summary.stage_games,
                float_failures: resume.summary.float_failures,
                solved_exactly: resume.summary.solved_exactly,
                monotone: resume.summary.monotone,
                ..Summary::default()
            };
        }
        for r in start..rounds {
            let old = table.lines.take();
            table.lines = lines::Lines::build(&table, r as usize - 1, old);
            // Blocks are solved a chunk at a time and recorded before the
            // next chunk starts, so that only one chunk's strategies are in
            // memory (a whole layer's were 2.6 GB at T ≤ 200). Each block
            // reads only its own seed and the layers below, so the chunks
            // give the same table as one parallel pass. Without a record
            // the whole layer is one chunk: each chunk ends on its slowest
            // block with the other thread idle.
            let chunk_size = if recording { CHUNK } else { pairs.len().max(1) };
            for (c, chunk) in pairs.chunks(chunk_size).enumerate() {
                let this = &table;
                let below = &seeds;
                let solved: Vec<SolvedBlock> = chunk
                    .par_iter()
                    .enumerate()
                    .map(|(j, pair)| (c * chunk_size + j, pair))
                    .map_init(
                        || Workspace {
                            skip_strategies: !recording,
                            ..Workspace::new()
                        },
                        |ws, (i, &(a, b))| {
                            let block = this.layers[r as usize].blocks[a as usize * n + b as usize];
                            let state = |k: usize| State {
                                rounds_left: r,
                                money_a: a,
                                money_b: b,
                                gain_diff: block.first + 2 * k as i64,
                            };
                            // Canonical part: all of it for a < b, d ≤ 0 for a = b.
                            let count = if a == b {
                                (0..block.count)
                                    .take_while(|&k| state(k).gain_diff <= 0)
                                    .count()
                            } else {
                                block.count
                            };
                            let mut out = vec![Interval::point(f64::NAN); count];
                            let mut stages: Vec<Option<StageRecord>> = Vec::new();
                            if recording {
                                stages.resize(count, None);
                            }
                            let mut work = BlockWork::default();
                            let needed = |k: usize| {
                                r + 1 < this.rounds || this.reachable_from_a_start(state(k))
                            };
                            // From d = 0 outward: the value never falls as d grows
                            // (SPEC.md), so once a state is exactly +1 every larger d
                            // is too, and below an exact −1 every smaller d.
                            let middle = (0..count)
                                .find(|&k| state(k).gain_diff >= 0)
                                .unwrap_or(count);
                            let mut settled = false;
                            ws.set_hint(below[i].as_ref());
                            ws.set_ahead(2);
                            let mut first: Option<Hint> = None;
                            #[allow(clippy::needless_range_loop)] // k is also the state's d
                            for k in middle..count {
                                if settled {
                                    out[k] = Interval::point(1.0);
                                    work.monotone += 1;
                                } else if needed(k) {
                                    let c = this.certify(ws, state(k));
                                    work.add(&c);
                                    settled = c.interval.lower == 1.0;
                                    out[k] = c.interval;
                                    if recording {
                                        stages[k] = Some(c.into_record());
                                    }
                                    if first.is_none() {
                                        first = Some(ws.hint());
                                    }
                                }
                            }
                            // Below d = 0 from the basis of the state nearest it.
                            ws.set_hint(first.as_ref().or(below[i].as_ref()));
                            ws.set_ahead(-2);
                            settled = false;
                            for k in (0..middle).rev() {
                                if settled {
                                    out[k] = Interval::point(-1.0);
                                    work.monotone += 1;
                                } else if needed(k) {
                                    let c = this.certify(ws, state(k));
                                    work.add(&c);
                                    settled = c.interval.upper == -1.0;
                                    out[k] = c.interval;
                                    if recording {
                                        stages[k] = Some(c.into_record());
                                    }
                                }
                            }
                            progress.advance(if a == b { count } else { 2 * count } as u64);
                            let seed = first.or_else(|| below[i].clone());
                            ((a, b), out, work, seed, stages)
                        },
                    )
                    .collect();
                let layer = &mut table.layers[r as usize];
                for (j, ((a, b), intervals, work, seed, stages)) in solved.into_iter().enumerate() {
                    let block = layer.blocks[a as usize * n + b as usize];
                    let mirror = layer.blocks[b as usize * n + a as usize];
                    for (k, &iv) in intervals.iter().enumerate() {
                        let d = block.first + 2 * k as i64;
                        layer.values[block.offset + k] = iv;
                        // The mirror (b, a, −d) of block (b, a).
                        let mk = ((-d - mirror.first) / 2) as usize;
                        layer.values[mirror.offset + mk] = iv.negated();
                    }
                    if let Some(record) = record.as_mut() {
                        record(BlockRecord {
                            rounds_left: r,
                            money_a: a,
                            money_b: b,
                            first_gain_diff: block.first,
                            intervals,
                            stages,
                        });
                    }
                    seeds[c * chunk_size + j] = seed;
                    table.summary.stage_games += work.solved;
                    table.summary.float_failures += work.failures;
                    table.summary.solved_exactly += work.exact;
                    table.summary.monotone += work.monotone;
                }
            }
            let snapshot = Snapshot {
                table: &table,
                next_layer: r + 1,
                seeds: &seeds,
            };
            if after_layer(&snapshot).is_break() {
                progress.end();
                return Ok(None);
            }
        }
        progress.end();
        // Only the layer loop reads the lines; the starts read layer R − 1.
        table.lines = None;
        table.summary.states = 0;
        for (r, layer) in table.layers.iter().enumerate() {
            for (a, b) in (0..n).flat_map(|a| (0..n).map(move |b| (a, b))) {
                let block = layer.blocks.get(a * n + b).copied().unwrap_or_default();
                for k in 0..block.count {
                    let iv = layer.values[block.offset + k];
                    if iv.lower.is_nan() {
                        continue;
                    }
                    table.summary.states += 1;
                    if iv.width() > table.summary.max_width || table.summary.widest.is_none() {
                        table.summary.max_width = iv.width();
                        table.summary.widest = Some(State {
                            rounds_left: r as u32,
                            money_a: a as u64,
                            money_b: b as u64,
                            gain_diff: block.first + 2 * k as i64,
                        });
                    }
                }
            }
        }
        Ok(Some(table))
    }

    /// The blocks of layer `r` with room for every undecided state.
    fn empty_layer(&self, r: u32) -> Layer {
        let n = self.max_total as usize + 1;
        let mut blocks = vec![Block::default(); n * n];
        let mut offset = 0;
        for a in 0..=self.max_total {
            for b in 0..=self.max_total {
                let parity = ((a + b) % 2) as i64;
                let span = (a + b) as i64;
                let state = |d: i64| State {
                    rounds_left: r,
                    money_a: a,
                    money_b: b,
                    gain_diff: d,
                };
                let undecided: Vec<i64> = (-span..=span)
                    .filter(|d| (d - parity) % 2 == 0)
                    // Only what a match with T ≤ max_total reaches
                    // (`within_reach`): no such match comes near the
                    // corners of large a, b and |d − (a − b)|.
                    .filter(|&d| Certified::within_reach(self.max_total, state(d)))
                    .filter(|&d| state(d).decided().is_none())
                    .collect();
                let block = match (undecided.first(), undecided.last()) {
                    (Some(&first), Some(&last)) => {
                        debug_assert_eq!(((last - first) / 2 + 1) as usize, undecided.len());
                        Block {
                            offset,
                            first,
                            count: undecided.len(),
                        }
                    }
                    _ => Block::default(),
                };
                offset += block.count;
                blocks[a as usize * n + b as usize] = block;
            }
        }
        Layer {
            blocks,
            values: vec![Interval::point(f64::NAN); offset],
        }
    }

    /// Whether a state one round after the start can arise in a game with
    /// T ≤ `max_total`: after bets x, y from (T, T, 0) it is
    /// (T − x, T − y, δ) with δ = x + y if x < y, −(x + y) if x > y, 0 if
    /// equal. Layer R − 1 holds only these (it would otherwise be the
    /// costliest layer, with the largest stage games). With a ≠ b, such a
    /// state has T = (a + b + |d|)/2 and needs both a and b ≤ T (asking only
    /// T ≤ `max_total` keeps 275,526 states in layer 9 at T ≤ 100 where
    /// 174,150 are reachable: SPEC.md, "The reachability cut").
    fn reachable_from_a_start(&self, state: State) -> bool {
        let (a, b, d) = (state.money_a, state.money_b, state.gain_diff);
        let spent = d.unsigned_abs() + a + b; // = 2T when d ≠ 0
        let start = |lead: bool| {
            lead && spent % 2 == 0 && a.max(b) <= spent / 2 && spent / 2 <= self.max_total
        };
        match a.cmp(&b) {
            std::cmp::Ordering::Equal => d == 0,
            std::cmp::Ordering::Greater => start(d > 0),
            std::cmp::Ordering::Less => start(d < 0),
        }
    }

    /// The largest total the table covers.
    #[must_use]
    pub fn max_total(&self) -> u64 {
        self.max_total
    }

    /// The number of rounds of the games it covers.
    #[must_use]
    pub fn rounds(&self) -> u32 {
        self.rounds
    }

    /// Work done and the widest interval.
    #[must_use]
    pub fn summary(&self) -> Summary {
        self.summary
    }

    /// Whether `state` is covered: rounds ≤ R, a, b ≤ `max_total` and
    /// [within reach](Certified::within_reach) of a match with T ≤
    /// `max_total`. The covered states of layers 2..R−2 are exactly those
    /// some such match reaches; layer R − 1 stores only what a start
    /// reaches and solves the rest on demand.
    #[must_use]
    pub fn covers(&self, state: State) -> bool {
        state.rounds_left <= self.rounds
            && state.money_a <= self.max_total
            && state.money_b <= self.max_total
            && Certified::within_reach(self.max_total, state)
    }

    /// The reachability cut (SPEC.md, "The reachability cut"): whether money
    /// (a, b) and gain difference d pass the test every state a match with
    /// T ≤ `max_total` reaches passes. With e = d − (a − b) and
    /// room = `max_total` − max(a, b): |e| ≤ 2·room, and |e| = 2·room ≠ 0
    /// only on the side of the player holding more money (e > 0 needs
    /// a > b, e < 0 needs a < b).
    ///
    /// Why: a start (T', T', 0) has e = 0 and room ≥ 0. A round with bets
    /// x, y moves e by +2x if x < y, by −2y if x > y and not at all on a tie,
    /// so |e| grows by at most 2·min(x, y) while max(a, b) falls by at least
    /// min(x, y): |e| ≤ 2·room holds after every round. Equality after a
    /// round needs equality before it, and then the player e favours holds
    /// strictly more money after it (SPEC.md works through the cases). So
    /// every successor of a state that passes passes too: the table it cuts
    /// is closed. Tests: the covered states of layers 2..R−2 are exactly
    /// those a forward search from every start reaches, and every successor
    /// of a covered state is covered or settled (tests/yen_certified.rs).
    #[must_use]
    pub fn within_reach(max_total: u64, state: State) -> bool {
        let (a, b, d) = (state.money_a, state.money_b, state.gain_diff);
        let Some(room) = max_total.checked_sub(a.max(b)) else {
            return false;
        };
        let e = i128::from(d) - (i128::from(a) - i128::from(b));
        let bound = 2 * i128::from(room);
        match e.abs().cmp(&bound) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Equal => e == 0 || (e > 0 && a > b) || (e < 0 && a < b),
        }
    }

    /// Rigorous bounds on the value of `state` (solved on demand at the
    /// starts' layer R).
    ///
    /// # Panics
    /// If the table does not [cover](Certified::covers) `state`, or `state`
    /// has a gain difference of the wrong parity (no match reaches it).
    #[must_use]
    pub fn interval(&self, state: State) -> Interval {
        assert!(self.covers(state), "state {state} outside the table");
        if let Some(v) = state.decided() {
            return Interval::point(v as f64);
        }
        if state.rounds_left == self.rounds {
            return self.stage(state).interval;
        }
        let n = self.max_total as usize + 1;
        let layer = &self.layers[state.rounds_left as usize];
        let block = layer.blocks[state.money_a as usize * n + state.money_b as usize];
        let k = (state.gain_diff - block.first) / 2;
        assert!(
            (state.gain_diff - block.first) % 2 == 0 && (k as usize) < block.count,
            "state {state} has a gain difference no match reaches"
        );
        let stored = layer.values[block.offset + k as usize];
        if stored.lower.is_nan() {
            // Layer R − 1 keeps only states a start reaches; others on demand.
            return self.certify(&mut Workspace::new(), state).interval;
        }
        stored
    }

    /// The stage game of `state` (rounds left ≥ 1), solved again: its
    /// interval and both float strategies.
    ///
    /// # Panics
    /// As [`Certified::interval`], or if no round is left.
    #[must_use]
    pub fn stage(&self, state: State) -> Stage {
        assert!(state.rounds_left >= 1, "no round left to play");
        let c = self.certify(&mut Workspace::new(), state);
        Stage {
            state,
            interval: c.interval,
            strategy_interval: c.strategy_interval,
            strategy_a: c.strategy_a,
            strategy_b: c.strategy_b,
        }
    }

    /// The successors' intervals when A bets `x`, for every bet of B,
    /// appended to `out`.
    fn row(&self, state: State, x: u64, out: &mut Built) {
        let a = state.money_a - x;
        if a > 0
            && self
                .lines
                .as_ref()
                .is_some_and(|l| l.below(state) && l.row(state, x, out))
        {
            return;
        }
        match self.stored_layer(state, a) {
            Some(layer) => {
                let n = self.max_total as usize + 1;
                // A's money after the bet is fixed along a row: its blocks
                // are one contiguous run, indexed by B's money.
                let blocks = &layer.blocks[a as usize * n..(a as usize + 1) * n];
                for y in 0..=state.money_b {
                    let b = state.money_b - y;
                    let d = state.gain_diff + gain(x, y);
                    out.push_lower(if b == 0 {
                        Interval::point((d - a as i64).signum() as f64)
                    } else {
                        self.look_up(layer, blocks[b as usize], d)
                            .unwrap_or_else(|| self.interval(state.after(x, y)))
                    });
                }
            }
            None => {
                for y in 0..=state.money_b {
                    out.push_lower(self.successor(state, x, y));
                }
            }
        }
    }

    /// The successors' intervals when B bets `y`, for every bet of A,
    /// appended to `out`.
    fn column(&self, state: State, y: u64, out: &mut Built) {
        let b = state.money_b - y;
        if b > 0
            && self
                .lines
                .as_ref()
                .is_some_and(|l| l.below(state) && l.column(state, y, out))
        {
            return;
        }
        match self.stored_layer(state, b) {
            Some(layer) => {
                let n = self.max_total as usize + 1;
                for x in 0..=state.money_a {
                    let a = state.money_a - x;
                    let d = state.gain_diff + gain(x, y);
                    out.push_upper(if a == 0 {
                        Interval::point((d + b as i64).signum() as f64)
                    } else {
                        self.look_up(layer, layer.blocks[a as usize * n + b as usize], d)
                            .unwrap_or_else(|| self.interval(state.after(x, y)))
                    });
                }
            }
            None => {
                for x in 0..=state.money_a {
                    out.push_upper(self.successor(state, x, y));
                }
            }
        }
    }

    /// The stored layer every successor of `state` lies in, when a row or
    /// column can be read from it directly: two or more rounds left after
    /// this one, and the money `kept` by the player whose bet is fixed
    /// along the line not 0 (`successor` handles the rest, entry by entry).
    #[inline(always)]
    fn stored_layer(&self, state: State, kept: u64) -> Option<&Layer> {
        let r = state.rounds_left as usize - 1;
        (kept > 0 && r >= 2 && r < self.layers.len()).then(|| &self.layers[r])
    }

    /// The stored interval of gain difference `d` in `block` of `layer`
    /// (both players holding money, two or more rounds left): outside the
    /// block's run of undecided differences the state is settled with the
    /// sign of its difference. `None` if the state is not stored (layer
    /// R − 1 keeps only what a start reaches).
    #[inline(always)]
    fn look_up(&self, layer: &Layer, block: Block, d: i64) -> Option<Interval> {
        if d < block.first {
            return Some(Interval::point(-1.0));
        }
        let k = ((d - block.first) / 2) as usize;
        if k >= block.count {
            return Some(Interval::point(1.0));
        }
        let stored = layer.values[block.offset + k];
        (!stored.lower.is_nan()).then_some(stored)
    }

    /// The interval of `state.after(x, y)`: [`Certified::interval`] without
    /// its checks on the hot path of a stored layer. With both players
    /// holding money and two or more rounds left, the undecided gain
    /// differences of an (a, b) form one run around 0 (the block), and every
    /// state outside it is settled with the sign of its difference.
    #[inline(always)]
    fn successor(&self, state: State, x: u64, y: u64) -> Interval {
        let r = state.rounds_left as usize - 1;
        let (a, b) = (state.money_a - x, state.money_b - y);
        let d = state.gain_diff + gain(x, y);
        // A player without money: every yen the other bets goes to it. One
        // round left: both bets are forced. (As `State::decided`.)
        if a == 0 {
            return Interval::point((d + b as i64).signum() as f64);
        }
        if b == 0 {
            return Interval::point((d - a as i64).signum() as f64);
        }
        if r == 1 {
            let last = match a.cmp(&b) {
                std::cmp::Ordering::Less => (a + b) as i64,
                std::cmp::Ordering::Greater => -((a + b) as i64),
                std::cmp::Ordering::Equal => 0,
            };
            return Interval::point((d + last).signum() as f64);
        }
        if r < self.layers.len() {
            let n = self.max_total as usize + 1;
            let layer = &self.layers[r];
            if let Some(stored) = self.look_up(layer, layer.blocks[a as usize * n + b as usize], d)
            {
                return stored;
            }
        }
        self.interval(state.after(x, y))
    }

    /// Bounds on the value of `state` from float equilibria, whether no
    /// float method bounded it to `WIDE` (`failed`), whether an exact solve
    /// was needed, and both float strategies as (bet, probability).
    ///
    /// The methods ([`Method`]), cheapest first, each from the bets the
    /// previous one tried: the warm double oracle (from the neighbour's
    /// basis), the cold one, the restricted game exactly; then
    /// the whole stage game exactly. The bounds evaluate A's strategy
    /// against every column and B's against every row ([`Certified::bounds`]).
    fn certify(&self, ws: &mut Workspace, state: State) -> Certificate {
        if state.rounds_left == 1 {
            let iv = self.interval(state.after(state.money_a, state.money_b));
            return Certificate::pure(iv, state.money_a, state.money_b);
        }
        if let Some(v) = state.decided() {
            return Certificate::pure(Interval::point(v as f64), 0, 0);
        }
        ws.rows.clear();
        ws.columns.clear();
        ws.row_floors.clear();
        ws.column_ceilings.clear();
        let mut row_bets = std::mem::take(&mut ws.bets_a);
        let mut col_bets = std::mem::take(&mut ws.bets_b);
        row_bets.clear();
        col_bets.clear();
        // Start from the bets that were optimal at the previous state solved
        // on this thread (usually a neighbour), else from 0.
        for &x in ws.hint_rows.iter().filter(|&&x| x <= state.money_a) {
            row_bets.push(x);
        }
        for &y in ws.hint_columns.iter().filter(|&&y| y <= state.money_b) {
            col_bets.push(y);
        }
        if row_bets.is_empty() {
            row_bets.push(0);
        }
        if col_bets.is_empty() {
            col_bets.push(0);
        }
        for &x in &row_bets {
            self.row(state, x, &mut ws.rows);
            ws.row_built(state.money_b as usize + 1);
        }
        for &y in &col_bets {
            self.column(state, y, &mut ws.columns);
            ws.column_built(state.money_a as usize + 1);
        }
        // Ever more costly ways to an equilibrium of the stage game, until
        // the float strategies bound its value to within `WIDE`. Every bound
        // is rigorous whichever way found the strategies, so each side of
        // the interval keeps the best found.
        let mut interval = Interval {
            lower: f64::NEG_INFINITY,
            upper: f64::INFINITY,
        };
        let (mut p, mut q) = (vec![1.0], vec![1.0]);
        // Where a side's bound is the guarantee of one pure bet tried and
        // beats its mixed strategy's: that bet's position in the bets tried.
        let (mut pure_a, mut pure_b): (Option<usize>, Option<usize>) = (None, None);
        // The last basis found, as positions in `row_bets`/`col_bets` (bets
        // only ever join at the end, so the positions stay valid).
        let mut basis: Option<(Vec<usize>, Vec<usize>)> = None;
        let (mut failed, mut exact) = (true, false);
        // Whether the successors' widths alone keep the interval from `WIDE`.
        let mut out_of_reach = false;
        for method in [
            Method::Warm,
            Method::Cold,
            Method::Transposed,
            Method::ExactRestricted,
        ] {
            let Some(found) = self.oracle(ws, state, method, &mut row_bets, &mut col_bets) else {
                continue;
            };
            let first = self.bounds(ws, state, &found.row_strategy, &found.column_strategy);
            let first_width = first.upper - first.lower;
            let mut candidates = [
                Some((found.row_strategy, found.column_strategy, first)),
                None,
            ];
            if method == Method::Warm && found.from_growing_game {
                // The tableau's strategies carry its drift; the basis
                // re-solved from the matrix is exact to the last bits. (Only
                // when the tableau holds this state's game: after a pure
                // saddle point it still holds an earlier state's, whose
                // strategies may be longer than the bets tried here.)
                if first_width.partial_cmp(&RESOLVE) != Some(std::cmp::Ordering::Less) {
                    if let Some(sol) = ws.grow.resolved() {
                        let bounds =
                            self.bounds(ws, state, &sol.row_strategy, &sol.column_strategy);
                        candidates[1] = Some((sol.row_strategy, sol.column_strategy, bounds));
                    }
                }
            }
            // Each candidate's bounds are computed once (the first one's
            // served both the re-solve test and this loop: the same bits).
            for (cp, cq, b) in candidates.into_iter().flatten() {
                if b.lower > interval.lower {
                    interval.lower = b.lower;
                    p = cp;
                    pure_a = b.pure_row;
                }
                if b.upper < interval.upper {
                    interval.upper = b.upper;
                    q = cq;
                    pure_b = b.pure_column;
                }
            }
            basis = Some(found.basis);
            exact = method == Method::ExactRestricted;
            if interval.width() < WIDE {
                failed = false;
                break;
            }
            // The successors' widths alone keep every pair of strategies
            // from `WIDE`: the costlier methods, down to the whole stage
            // game solved exactly, could not reach it either.
            if reachable_width(&ws.rows, n_of(state), &p, &ws.columns, m_of(state), &q)
                >= WIDE + REACH_MARGIN
            {
                out_of_reach = true;
                break;
            }
        }
        failed &= !exact;
        if !out_of_reach && interval.width().partial_cmp(&WIDE) != Some(std::cmp::Ordering::Less) {
            // Not narrow enough even from the restricted game solved exactly
            // (a NaN width, never expected, also lands here): the whole
            // stage game exactly.
            let e = self.exact_bounds(state);
            interval = Interval {
                lower: interval.lower.max(e.lower),
                upper: interval.upper.min(e.upper),
            };
            exact = true;
        }
        p.resize(row_bets.len(), 0.0);
        q.resize(col_bets.len(), 0.0);
        // The strategies' own bounds; the state's interval may be narrower.
        let strategy_interval = interval;
        if state.money_a == state.money_b && state.gain_diff == 0 {
            // Skew-symmetric stage game: exactly 0 (module docs). The LP's
            // bounds must agree, or the table is wrong.
            assert!(
                interval.contains(0.0),
                "symmetric state {state}: bounds {interval:?} exclude 0"
            );
            interval = Interval::point(0.0);
        }
        let keep = |bets: &[u64], p: &[f64]| -> Vec<(u64, f64)> {
            let mut v: Vec<(u64, f64)> = bets
                .iter()
                .zip(p)
                .filter(|(_, &p)| p > 0.0)
                .map(|(&b, &p)| (b, p))
                .collect();
            v.sort_by_key(|&(b, _)| b);
            v
        };
        // Only a record or a single stage game reads the strategies: the
        // layer loop without one skips their vectors and sorts.
        let (strategy_a, strategy_b) = if ws.skip_strategies {
            (Vec::new(), Vec::new())
        } else {
            (keep(&row_bets, &p), keep(&col_bets, &q))
        };
        // A side whose bound is a pure bet's, outside its mixed strategy's
        // support: that bet, for the certificate (SPEC.md, "The verifier's pure-bet search").
        let outside = |pure: Option<usize>, bets: &[u64], kept: &[(u64, f64)]| {
            pure.map(|i| bets[i])
                .filter(|x| kept.iter().all(|&(bet, _)| bet != *x))
        };
        let pure_bets = (
            outside(pure_a, &row_bets, &strategy_a),
            outside(pure_b, &col_bets, &strategy_b),
        );
        ws.grow.recycle_values(p);
        ws.grow.recycle_values(q);
        // The next state (usually the neighbour d ± 2) starts from this basis.
        ws.hint_rows.clear();
        ws.hint_columns.clear();
        match basis {
            Some((tight, basic)) => {
                ws.hint_rows.extend(tight.iter().map(|&r| row_bets[r]));
                ws.hint_columns.extend(basic.iter().map(|&c| col_bets[c]));
                ws.grow.recycle_positions(tight);
                ws.grow.recycle_positions(basic);
            }
            None => {
                ws.hint_rows.extend_from_slice(&row_bets);
                ws.hint_columns.extend_from_slice(&col_bets);
            }
        }
        ws.hint_is_basis = !failed && ws.hint_rows.len() == ws.hint_columns.len();
        (ws.bets_a, ws.bets_b) = (row_bets, col_bets);
        Certificate {
            interval,
            strategy_interval,
            failed,
            exact,
            strategy_a,
            strategy_b,
            pure_bets,
        }
    }
}

/// The ways [`Certified::certify`] looks for a stage game's equilibrium,
/// cheapest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Method {
    /// Double oracle over a [`GrowingGame`]: one LP from scratch, then
    /// each reply joins the last optimal tableau. Where the bets tried first
    /// are the previous state's optimal basis (square), the LP starts at
    /// that basis ([`GrowingGame::start_square`]): optimal as it stands
    /// when the neighbour's equilibrium carries over, a few pivots away
    /// when it does not.
    Warm,
    /// Double oracle with every restricted game solved from scratch
    /// ([`FloatLp`], which retries with a perturbed right-hand side).
    Cold,
    /// The same with B's programme: every restricted game M solved as −Mᵀ
    /// ([`FloatLp::solve_transposed`]). On the degenerate games of mostly
    /// ±1 where the float simplex of M stalls or its basis fails the
    /// re-solve (T > 100), that of −Mᵀ finished in under a millisecond
    /// where the exact method took from 2 to over 50 seconds (SPEC.md).
    Transposed,
    /// Double oracle with every restricted game solved exactly
    /// ([`matrix_game::solve_reduced`] on the entries' midpoints).
    ExactRestricted,
}

/// What [`Certified::bounds`] proves from a pair of strategies.
#[derive(Debug, Clone, Copy)]
struct Bounds {
    /// The better of the mixed strategy's guarantee and the best pure bet's.
    lower: f64,
    /// The better of the mixed strategy's ceiling and the best pure bet's.
    upper: f64,
    /// The position (among A's bets tried) of the pure bet whose guarantee
    /// is strictly better than the mixed strategy's, if one is.
    pure_row: Option<usize>,
    /// The same for B's ceiling.
    pure_column: Option<usize>,
}

/// Strategies over the bets tried (in `row_bets`/`col_bets` order) and the
/// basis they came from, as positions among those bets.
struct Found {
    row_strategy: Vec<f64>,
    column_strategy: Vec<f64>,
    basis: (Vec<usize>, Vec<usize>),
    /// Whether the strategies came from `Workspace::grow`, which then holds
    /// this state's restricted game (a pure saddle point leaves it as the
    /// last state that needed an LP left it).
    from_growing_game: bool,
}

impl Found {
    /// Hands its vectors back to `grow` for reuse.
    fn recycle(self, grow: &mut GrowingGame) {
        grow.recycle_values(self.row_strategy);
        grow.recycle_values(self.column_strategy);
        grow.recycle_positions(self.basis.0);
        grow.recycle_positions(self.basis.1);
    }
}

impl Certified {
    /// Rigorous bounds from strategies over the bets tried: each evaluated
    /// against every reply with outward rounding, or the best pure bet tried
    /// where that is better (a bet that wins against every reply proves
    /// exactly 1, where a mix may carry a rounding-level weight on a bet
    /// that does not).
    fn bounds(&self, ws: &Workspace, state: State, p: &[f64], q: &[f64]) -> Bounds {
        let (m, n) = (state.money_a as usize + 1, state.money_b as usize + 1);
        // The best pure bets tried (the first of equals), from the bounds
        // each line took when it was built.
        let (mut pure_row, mut pure_lower) = (0, f64::NEG_INFINITY);
        for (r, &floor) in ws.row_floors.iter().enumerate() {
            if floor > pure_lower {
                (pure_row, pure_lower) = (r, floor);
            }
        }
        let (mut pure_column, mut pure_upper) = (0, f64::INFINITY);
        for (c, &top) in ws.column_ceilings.iter().enumerate() {
            if top < pure_upper {
                (pure_column, pure_upper) = (c, top);
            }
        }
        // Bets tried after the strategies were found have weight 0.
        let (mixed_lower, mixed_upper) = (
            guarantee(&ws.rows.bounds, n, p),
            ceiling(&ws.columns.bounds, m, q),
        );
        Bounds {
            lower: mixed_lower.max(pure_lower),
            upper: mixed_upper.min(pure_upper),
            pure_row: (pure_lower > mixed_lower).then_some(pure_row),
            pure_column: (pure_upper < mixed_upper).then_some(pure_column),
        }
    }

    /// Looks for an equilibrium of `state`'s stage game by `method`, from
    /// the bets tried so far (whose rows and columns are in `ws`); the
    /// double oracles add each player's best reply over *all* bets until
    /// neither improves on the restricted value by more than `TOLERANCE`.
    /// Only the rows and columns of the bets tried are ever built (stage
    /// games reach 101 × 101 at T = 100, equilibria use a few dozen bets).
    /// `None` if the method fails (an LP in numerical trouble).
    fn oracle(
        &self,
        ws: &mut Workspace,
        state: State,
        method: Method,
        row_bets: &mut Vec<u64>,
        col_bets: &mut Vec<u64>,
    ) -> Option<Found> {
        let (m, n) = (state.money_a as usize + 1, state.money_b as usize + 1);
        let mut pending: Option<FloatSolution> = None;
        let mut warm = false;
        let mut found: Option<Found> = None;
        for iteration in 0..(m + n + 4) {
            let (k, l) = (row_bets.len(), col_bets.len());
            // The restricted game's midpoints, into a buffer kept across
            // stage games (a fresh vector per LP showed in the profile);
            // not when the warm tableau has already taken the new lines.
            if method != Method::Warm || pending.is_none() {
                ws.small.clear();
                for row in ws.rows.mids.chunks_exact(n) {
                    ws.small.extend(col_bets.iter().map(|&y| row[y as usize]));
                }
            }
            let sol = match method {
                Method::Warm => match pending.take() {
                    Some(sol) => sol,
                    None => {
                        // A pure saddle point needs no LP.
                        warm = false;
                        match saddle(k, l, &ws.small, SHIFT) {
                            Some(sol) => sol,
                            // The bets tried first are the neighbour's
                            // basis: the simplex starts there, not from the
                            // slacks (SPEC.md, "One stage game").
                            None if iteration == 0 && ws.hint_is_basis && k == l => {
                                let sol = ws.grow.start_square(k, &ws.small, SHIFT)?;
                                warm = true;
                                sol
                            }
                            None => {
                                let sol = ws.grow.start(k, l, &ws.small, SHIFT)?;
                                warm = true;
                                sol
                            }
                        }
                    }
                },
                Method::Cold => ws.lp.solve(k, l, &ws.small)?,
                Method::Transposed => ws.lp.solve_transposed(k, l, &ws.small)?,
                Method::ExactRestricted => {
                    let (p, q, value) = solve_mids_exactly(&ws.small, l);
                    FloatSolution {
                        value,
                        tight_rows: (0..k).filter(|&r| p[r] > 0.0).collect(),
                        basic_columns: (0..l).filter(|&c| q[c] > 0.0).collect(),
                        row_strategy: p,
                        column_strategy: q,
                        shift: 0.0,
                    }
                }
            };
            let (p, q) = (&sol.row_strategy, &sol.column_strategy);
            // B's best reply to p over all columns, A's to q over all rows
            // (row by row: contiguous, so the sums vectorise).
            let (worst_j, worst) = best_reply(&ws.rows.mids, n, p, f64::lt, &mut ws.sums);
            let (best_i, best) = best_reply(&ws.columns.mids, m, q, f64::gt, &mut ws.sums);
            let new_column = (worst < sol.value - TOLERANCE
                && !col_bets.contains(&(worst_j as u64)))
            .then_some(worst_j as u64);
            let new_row = (best > sol.value + TOLERANCE && !row_bets.contains(&(best_i as u64)))
                .then_some(best_i as u64);
            if let Some(old) = found.take() {
                // Its vectors serve the next solution read (allocation was
                // a tenth of the profile).
                old.recycle(&mut ws.grow);
            }
            found = Some(Found {
                row_strategy: sol.row_strategy,
                column_strategy: sol.column_strategy,
                basis: (sol.tight_rows, sol.basic_columns),
                from_growing_game: method == Method::Warm && warm,
            });
            if new_row.is_none() && new_column.is_none() {
                // Done, or a reply already in the restricted game beats its
                // value by more than the tolerance (the LP stopped a little
                // short): the strategies still bound the value rigorously,
                // and the width decides whether that is good enough.
                break;
            }
            // The row joins first: it keeps the prices optimal (dual simplex),
            // then the column keeps the vertex feasible (primal simplex).
            if let Some(x) = new_row {
                row_bets.push(x);
                self.row(state, x, &mut ws.rows);
                ws.row_built(n);
                if warm {
                    let row = &ws.rows.mids[(row_bets.len() - 1) * n..];
                    ws.entries.clear();
                    ws.entries.extend(col_bets.iter().map(|&y| row[y as usize]));
                    pending = ws.grow.add_row(&ws.entries);
                    warm = pending.is_some();
                }
            }
            if let Some(y) = new_column {
                col_bets.push(y);
                self.column(state, y, &mut ws.columns);
                ws.column_built(m);
                if warm {
                    let column = &ws.columns.mids[(col_bets.len() - 1) * m..];
                    ws.entries.clear();
                    ws.entries
                        .extend(row_bets.iter().map(|&x| column[x as usize]));
                    pending = ws.grow.add_column(&ws.entries);
                    warm = pending.is_some();
                }
            }
            if !warm {
                pending = None;
            }
        }
        found
    }
}

impl Certified {
    /// Bounds on the value of `state` from an exact solution of its whole
    /// stage game: the matrix of the successors' interval midpoints (each
    /// an `f64`, so exactly a rational) is solved by
    /// [`matrix_game::solve_reduced`], and its optimal strategies, rounded
    /// to `f64`, are evaluated against the successors' intervals with
    /// outward rounding exactly as the float strategies are. The bounds are
    /// rigorous whatever the midpoints (any strategy bounds the value); they
    /// are narrow because the strategies are optimal for a game within the
    /// successors' widths of the true one. The fallback for stage games
    /// where the float double oracle stopped on a non-optimal basis.
    ///
    /// # Panics
    /// If a successor's midpoint read along A's row differs from the same
    /// successor's read along B's column: the lines copy the layer below
    /// wrongly, and no bound from them is rigorous.
    fn exact_bounds(&self, state: State) -> Interval {
        let (m, n) = (state.money_a as usize + 1, state.money_b as usize + 1);
        let mut rows = Built::default();
        for x in 0..=state.money_a {
            self.row(state, x, &mut rows);
        }
        let mut columns = Built::default();
        for y in 0..=state.money_b {
            self.column(state, y, &mut columns);
        }
        // The rows and the columns are two copies of one matrix, each read
        // along its own lines; every stage game of a correct solve so far
        // ends before this method (SPEC.md: none solved exactly at T ≤ 200),
        // so here it costs nothing and a copy gone wrong, whose wide
        // intervals send every stage game here, stops at the first one
        // instead of solving ever larger games exactly.
        for x in 0..m {
            for y in 0..n {
                let (by_row, by_column) = (rows.mids[x * n + y], columns.mids[y * m + x]);
                assert!(
                    by_row.to_bits() == by_column.to_bits(),
                    "state {state}: the successor of bets ({x}, {y}) has midpoint {by_row:e} \
                     along A's row and {by_column:e} along B's column"
                );
            }
        }
        let (p, q, _) = solve_mids_exactly(&rows.mids, n);
        Interval {
            lower: guarantee(&rows.bounds, n, &p),
            upper: ceiling(&columns.bounds, m, &q),
        }
    }
}

/// One block's canonical part solved: its (a, b), intervals, counts, and
/// the basis the same block of the next layer starts from.
type SolvedBlock = (
    (u64, u64),
    Vec<Interval>,
    BlockWork,
    Option<Hint>,
    Vec<Option<StageRecord>>,
);

/// One stage game as [`Certified::solve_recording`] solved it: the float
/// strategies and the bounds they give.
#[derive(Debug, Clone, PartialEq)]
pub struct StageRecord {
    /// The bounds A's and B's strategies give (the state's interval may be
    /// narrower: the symmetric states are exactly 0).
    pub strategy_interval: Interval,
    /// A's strategy: bets with positive probability, in increasing order,
    /// and, at probability 0, the bet whose pure guarantee is the claimed
    /// lower bound where that beats the mixed strategy's.
    pub strategy_a: Vec<(u64, f64)>,
    /// B's strategy (the same, with the claimed upper bound).
    pub strategy_b: Vec<(u64, f64)>,
}

/// The canonical states of one (rounds left, a, b) as solved: gain
/// differences `first_gain_diff, first_gain_diff + 2, …`, each with its
/// interval (NaN where the table skipped the state: layer R − 1 keeps only
/// what a start reaches) and its stage game (`None` where monotonicity set
/// the state to ±1, or it was skipped).
#[derive(Debug, Clone, PartialEq)]
pub struct BlockRecord {
    /// Rounds left.
    pub rounds_left: u32,
    /// A's money.
    pub money_a: u64,
    /// B's money.
    pub money_b: u64,
    /// The smallest undecided gain difference.
    pub first_gain_diff: i64,
    /// The intervals of the canonical states.
    pub intervals: Vec<Interval>,
    /// Their stage games (empty when not recording).
    pub stages: Vec<Option<StageRecord>>,
}

/// Pairs (a, b) of a layer solved and recorded together when recording:
/// small enough that one chunk's strategies are a small part of memory at
/// T ≤ 200 (20,100 pairs a layer), large enough to keep both threads busy.
/// Without a record the layer is one chunk.
const CHUNK: usize = 512;

/// Where a block of the next layer starts its first stage game: the basis
/// (bets of A's tight rows and B's columns) of the first state solved in
/// the same block of the layer below. Part of what a checkpoint holds.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Seed {
    /// A's bets.
    pub rows: Vec<u64>,
    /// B's bets.
    pub columns: Vec<u64>,
    /// Whether they are a square optimal basis.
    pub is_basis: bool,
}

/// The counters of [`Summary`] a run adds up layer by layer.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counters {
    /// [`Summary::stage_games`].
    pub stage_games: usize,
    /// [`Summary::float_failures`].
    pub float_failures: usize,
    /// [`Summary::solved_exactly`].
    pub solved_exactly: usize,
    /// [`Summary::monotone`].
    pub monotone: usize,
}

/// A certified solve between two layers, owned: what
/// [`Certified::solve_resumable`] continues from.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Resume {
    /// The first layer still to solve (2 ≤ it ≤ R; R when every layer is done).
    pub next_layer: u32,
    /// The intervals of layers 2..`next_layer`, each the whole layer (both
    /// orientations, NaN where skipped) in the table's order.
    pub layers: Vec<Vec<Interval>>,
    /// One seed per canonical pair (a ≤ b, in increasing (a, b)).
    pub seeds: Vec<Option<Seed>>,
    /// The counters so far.
    pub summary: Counters,
}

/// A certified solve between two layers, borrowed from the running solve:
/// what [`Certified::solve_resumable`] hands `after_layer`.
pub struct Snapshot<'a> {
    table: &'a Certified,
    next_layer: u32,
    seeds: &'a [Option<Hint>],
}

impl Snapshot<'_> {
    /// The first layer still to solve.
    #[must_use]
    pub fn next_layer(&self) -> u32 {
        self.next_layer
    }

    /// The largest total.
    #[must_use]
    pub fn max_total(&self) -> u64 {
        self.table.max_total
    }

    /// R.
    #[must_use]
    pub fn rounds(&self) -> u32 {
        self.table.rounds
    }

    /// The intervals of a finished layer `r` (2 ≤ r < `next_layer`).
    ///
    /// # Panics
    /// If layer `r` is not finished.
    #[must_use]
    pub fn layer(&self, r: u32) -> &[Interval] {
        assert!((2..self.next_layer).contains(&r), "layer {r} is not done");
        &self.table.layers[r as usize].values
    }

    /// The number of seeds (canonical pairs).
    #[must_use]
    pub fn seed_count(&self) -> usize {
        self.seeds.len()
    }

    /// Seed `i`: (A's bets, B's bets, whether a basis), if any.
    #[must_use]
    pub fn seed(&self, i: usize) -> Option<(&[u64], &[u64], bool)> {
        self.seeds[i]
            .as_ref()
            .map(|h| (h.rows.as_slice(), h.columns.as_slice(), h.is_basis))
    }

    /// The counters so far.
    #[must_use]
    pub fn counters(&self) -> Counters {
        let s = self.table.summary;
        Counters {
            stage_games: s.stage_games,
            float_failures: s.float_failures,
            solved_exactly: s.solved_exactly,
            monotone: s.monotone,
        }
    }

    /// States stored in the finished layers (both orientations).
    #[must_use]
    pub fn states_done(&self) -> usize {
        (2..self.next_layer)
            .map(|r| self.layer(r).iter().filter(|v| !v.lower.is_nan()).count())
            .sum()
    }

    /// An owned copy (what a checkpoint read back gives).
    #[must_use]
    pub fn to_resume(&self) -> Resume {
        Resume {
            next_layer: self.next_layer,
            layers: (2..self.next_layer)
                .map(|r| self.layer(r).to_vec())
                .collect(),
            seeds: (0..self.seed_count())
                .map(|i| {
                    self.seed(i).map(|(rows, columns, is_basis)| Seed {
                        rows: rows.to_vec(),
                        columns: columns.to_vec(),
                        is_basis,
                    })
                })
                .collect(),
            summary: self.counters(),
        }
    }
}

/// Counts for one block of states.
#[derive(Default)]
struct BlockWork {
    solved: usize,
    failures: usize,
    exact: usize,
    monotone: usize,
}

impl BlockWork {
    fn add(&mut self, c: &Certificate) {
        self.solved += 1;
        self.failures += usize::from(c.failed);
        self.exact += usize::from(c.exact);
    }
}

/// What [`Certified::certify`] found for one state.
struct Certificate {
    interval: Interval,
    strategy_interval: Interval,
    failed: bool,
    /// Whether the stage game was solved exactly ([`Certified::exact_bounds`]).
    exact: bool,
    strategy_a: Vec<(u64, f64)>,
    strategy_b: Vec<(u64, f64)>,
    /// A's and B's pure bet whose guarantee is the claimed bound, where it
    /// beats the mixed strategy's and lies outside its support.
    pure_bets: (Option<u64>, Option<u64>),
}

impl Certificate {
    /// What a certificate stores of it: its strategies, moved (a clone of
    /// both per stage game was allocator work on every recorded run), each
    /// with the bet behind a pure bound added at probability 0 where there
    /// is one: the verifier takes the best pure bet over the bets stored, so
    /// it finds the claimed bound without searching every bet, and the
    /// strategy, as a distribution, is the same.
    fn into_record(self) -> StageRecord {
        let with = |mut strategy: Vec<(u64, f64)>, pure: Option<u64>| {
            if let Some(x) = pure {
                let at = strategy.partition_point(|&(bet, _)| bet < x);
                strategy.insert(at, (x, 0.0));
            }
            strategy
        };
        StageRecord {
            strategy_interval: self.strategy_interval,
            strategy_a: with(self.strategy_a, self.pure_bets.0),
            strategy_b: with(self.strategy_b, self.pure_bets.1),
        }
    }

    fn pure(interval: Interval, x: u64, y: u64) -> Certificate {
        Certificate {
            interval,
            strategy_interval: interval,
            failed: false,
            exact: false,
            strategy_a: vec![(x, 1.0)],
            strategy_b: vec![(y, 1.0)],
            pure_bets: (None, None),
        }
    }
}

/// The game of midpoints `mids` (row by row, `cols` to a row), each an
/// `f64` and so exactly a rational, solved exactly
/// ([`matrix_game::solve_reduced`]): both optimal strategies rounded to
/// `f64` (negative roundings raised to 0) and the value. Any strategy
/// bounds the value rigorously once evaluated against the intervals, so
/// the rounding costs width, never soundness.
fn solve_mids_exactly(mids: &[f64], cols: usize) -> (Vec<f64>, Vec<f64>, f64) {
    let matrix: Vec<Vec<BigRational>> = mids
        .chunks_exact(cols)
        .map(|row| {
            row.iter()
                .map(|&mid| BigRational::from_float(mid).expect("a finite midpoint"))
                .collect()
        })
        .collect();
    let solution = matrix_game::solve_reduced(&matrix);
    let to_f64 = |v: &[BigRational]| -> Vec<f64> {
        v.iter()
            .map(|x| x.to_f64().unwrap_or(0.0).max(0.0))
            .collect()
    };
    (
        to_f64(&solution.row_strategy),
        to_f64(&solution.column_strategy),
        solution.value.to_f64().unwrap_or(f64::NAN),
    )
}

/// What a round with bets `x` (A) and `y` (B) adds to A's gain difference:
/// the lower bet takes both (document 000 §2), equal bets go back.
#[inline(always)]
fn gain(x: u64, y: u64) -> i64 {
    match x.cmp(&y) {
        std::cmp::Ordering::Less => (x + y) as i64,
        std::cmp::Ordering::Greater => -((x + y) as i64),
        std::cmp::Ordering::Equal => 0,
    }
}

/// The best reply to `p` (weights of the lines built, each `len` long,
/// one after another in `lines`): the position and payoff of the least
/// (`better` = `<`) or greatest (`>`) weighted sum.
fn best_reply(
    lines: &[f64],
    len: usize,
    p: &[f64],
    better: fn(&f64, &f64) -> bool,
    sums: &mut Vec<f64>,
) -> (usize, f64) {
    wide::weighted_sums(lines, len, p, sums);
    let mut at = 0;
    for (i, s) in sums.iter().enumerate() {
        if better(s, &sums[at]) {
            at = i;
        }
    }
    (at, sums[at])
}

/// How far [`reachable_width`] must exceed `WIDE` before the costlier
/// methods are skipped: more than its float error. Each of its two values
/// is a sum of at most 201 products of weights summing to 1 with entries
/// in [−1, 1], each entry read back with an error under 4·10⁻¹⁶, so it errs
/// by less than γ₂₀₁ + 4·10⁻¹⁶ < 3·10⁻¹⁴ (Higham §3.1); the difference by
/// less than 6·10⁻¹⁴. The skip is thus a proof, not a guess, that the
/// interval cannot reach `WIDE`; and it only decides how hard to try: the
/// interval kept is rigorous either way.
const REACH_MARGIN: f64 = 1e-13;

/// A's bets in `state`'s stage game: its rows.
fn m_of(state: State) -> usize {
    state.money_a as usize + 1
}

/// B's bets in `state`'s stage game: its columns.
fn n_of(state: State) -> usize {
    state.money_b as usize + 1
}

/// A lower bound (up to float rounding) on the width of every interval
/// that strategies can prove for a stage game whose entries are known to
/// lie in [L, U]. Any A strategy's guarantee against L is at most val(L),
/// the value of the game L, and any B strategy's ceiling against U is at
/// least val(U), so no pair of strategies proves an interval narrower than
/// val(U) − val(L); and for any mixed strategies p and q,
/// val(U) ≥ minⱼ Σᵢ pᵢUᵢⱼ and val(L) ≤ maxᵢ Σⱼ qⱼLᵢⱼ. The rows tried hold
/// each entry's midpoint and L, the columns tried its midpoint and U; the
/// other bound is read back as 2·mid − bound. `p` and `q` are over the
/// rows and columns tried (possibly shorter: later bets weigh 0).
fn reachable_width(rows: &Built, n: usize, p: &[f64], columns: &Built, m: usize, q: &[f64]) -> f64 {
    let total_p: f64 = p.iter().sum();
    let total_q: f64 = q.iter().sum();
    if !(total_p > 0.0 && total_q > 0.0) {
        return 0.0;
    }
    // val(U) from A's p: each column's payoff against U, the least; val(L)
    // from B's q: each row's payoff against L, the greatest.
    let upper_value = against_other_bound(rows, n, p)
        .into_iter()
        .fold(f64::INFINITY, f64::min)
        / total_p;
    let lower_value = against_other_bound(columns, m, q)
        .into_iter()
        .fold(f64::NEG_INFINITY, f64::max)
        / total_q;
    upper_value - lower_value
}

/// Σₖ wₖ·(2·midₖ − boundₖ) along the lines tried (each `len` long): a
/// strategy's payoffs against the bound the lines do not hold (a row's
/// upper, a column's lower).
fn against_other_bound(lines: &Built, len: usize, weights: &[f64]) -> Vec<f64> {
    let mut sums = vec![0.0; len];
    for ((mids, bounds), &w) in lines
        .mids
        .chunks_exact(len)
        .zip(lines.bounds.chunks_exact(len))
        .zip(weights)
    {
        for ((sum, &mid), &bound) in sums.iter_mut().zip(mids).zip(bounds) {
            *sum += w * (2.0 * mid - bound);
        }
    }
    sums
}

/// The least of `xs` (not empty, no NaN), the same bits as folding
/// `f64::min` over them in order: four running minima (the compiler keeps
/// them in one vector register) give the least value, and a non-zero value
/// has one bit pattern; only a least value of zero, where −0 and +0 compare
/// equal, is folded again in order.
#[inline]
fn least(xs: &[f64]) -> f64 {
    extreme(xs, f64::INFINITY, |x, m| x < m, f64::min)
}

/// The greatest of `xs`, the same bits as folding `f64::max` in order (as
/// [`least`]).
#[inline]
fn greatest(xs: &[f64]) -> f64 {
    extreme(xs, f64::NEG_INFINITY, |x, m| x > m, f64::max)
}

/// [`least`] or [`greatest`]: `beyond(x, m)` is whether x replaces the
/// running extreme m, `ordered` the fold a zero extreme is taken again by.
#[inline(always)]
fn extreme(
    xs: &[f64],
    start: f64,
    beyond: impl Fn(f64, f64) -> bool,
    ordered: fn(f64, f64) -> f64,
) -> f64 {
    let pick = |m: f64, x: f64| if beyond(x, m) { x } else { m };
    let mut lanes = [start; 4];
    let mut chunks = xs.chunks_exact(4);
    for chunk in &mut chunks {
        for (lane, &x) in lanes.iter_mut().zip(chunk) {
            *lane = pick(*lane, x);
        }
    }
    let m = chunks
        .remainder()
        .iter()
        .copied()
        .fold(lanes.into_iter().fold(start, pick), pick);
    if m == 0.0 {
        return xs.iter().copied().fold(start, ordered);
    }
    m
}

/// The fixed point of the bounds: weights and payoffs are rounded to
/// multiples of 2^-50 (weights down, payoffs outward), so that every
/// product and sum after that is an exact integer (|weight·payoff| ≤ 2^100,
/// sums of ≤ 121 terms < 2^107, well inside `i128`), and one directed
/// division ends the computation. Rounding a weight down leaves a mixed
/// strategy (the bound divides by the rounded total); rounding a payoff
/// outward only loosens the bound, by at most 2^-50 ≈ 8.9e-16.
const FIXED: f64 = (1u64 << 50) as f64;

/// ⌊x·2^50⌋ for |x| ≤ 1: the cast truncates toward zero, one step down
/// makes it the floor below zero (`f64::floor` is a library call on
/// baseline x86-64, and this is the bounds' inner loop).
#[inline(always)]
fn fixed_floor(x: f64) -> i64 {
    let scaled = x * FIXED;
    let t = scaled as i64;
    t - i64::from((t as f64) > scaled)
}

/// A strategy's weights rounded down to the fixed-point grid, those left
/// positive: (line, weight), what [`fixed_sums`] sums over.
fn grid_weights(p: &[f64]) -> impl Iterator<Item = (usize, i64)> + '_ {
    p.iter().enumerate().filter_map(|(r, &w)| {
        let w = fixed_floor(w);
        (w > 0).then_some((r, w))
    })
}

/// A's strategy `p` rounded down to the fixed-point grid: (row, weight).
#[cfg(test)]
fn fixed_weights(p: &[f64]) -> Vec<(usize, i64)> {
    grid_weights(p).collect()
}

/// [`fixed_extreme`]'s scratch: the weights on the grid, the same as
/// doubles (0 off the grid), and the float sums.
type FixedScratch = (Vec<(usize, i64)>, Vec<f64>, Vec<f64>);

thread_local! {
    /// [`fixed_extreme`]'s scratch, kept across stage games: the bounds run
    /// several times per stage game, and fresh vectors each time showed in
    /// the profile as allocator work.
    static FIXED_SCRATCH: std::cell::RefCell<FixedScratch> =
        const { std::cell::RefCell::new((Vec::new(), Vec::new(), Vec::new())) };
}

/// The least (`least`) or the greatest, over the `len` replies, of the
/// exact sum Σ over the lines built of weight × payoff: `bounds` holds one
/// line per bet tried (each `len` long, one after another; a row's lower
/// or a column's upper bounds), `weights` the float strategy over them
/// (rounded down to the grid), `payoff` a bound rounded outward to the
/// grid. With the weights' exact total; `None` if the strategy rounds to
/// nothing.
///
/// Why only a few replies are summed exactly. Each reply's sum is first
/// taken in doubles, s_j = fl(Σ_r w_r·b_rj) (the grid weights w_r are
/// integers below 2⁵¹, exact as doubles). Against the exact fixed-point sum
/// S_j = Σ_r w_r·P_rj·2⁻⁵⁰ it errs by at most E = W·(γ_k + 2⁻⁵⁰), W = Σ w_r,
/// k the lines with a weight: a payoff on the grid is within 2⁻⁵⁰ of its
/// bound (|w·b − w·P·2⁻⁵⁰| < w·2⁻⁵⁰), and a float dot product of k terms
/// with |b| ≤ 1 is within γ_k·Σ|w_r·b_rj| ≤ γ_k·W of the real one,
/// γ_k = k·u/(1 − k·u), u = 2⁻⁵³ (Higham, *Accuracy and Stability of
/// Numerical Algorithms*, §3.1; any order of summation; a product that
/// underflows errs by at most 2⁻¹⁰⁷⁵, far inside the slack, as w ≥ 1).
/// So with s* the least float sum (at j*), every reply with s_j > s* + 2E
/// has S_j ≥ s_j − E > s* + E ≥ S_j*: it cannot be the least, and only the
/// replies within 2E of s* (at an equilibrium, about the other player's
/// support) are summed exactly. The tolerance used, W·((k + 2)·2⁻⁵¹ + 2⁻⁴⁸),
/// is at least 4E for k < 2⁴⁰ and still above 2E after its own rounding; a
/// NaN sum (never expected: every bound is in [−1, 1]) is always summed
/// exactly. The result is the same integer the sum over every reply gives.
fn fixed_extreme(
    bounds: &[f64],
    len: usize,
    weights: &[f64],
    payoff: impl Fn(f64) -> i64,
    least: bool,
) -> Option<(i128, i128)> {
    FIXED_SCRATCH.with(|scratch| {
        let (grid, dense, approx) = &mut *scratch.borrow_mut();
        grid.clear();
        grid.extend(grid_weights(weights));
        let total: i128 = grid.iter().map(|&(_, w)| i128::from(w)).sum();
        if total == 0 {
            return None;
        }
        dense.clear();
        dense.resize(weights.len(), 0.0);
        for &(line, w) in grid.iter() {
            dense[line] = w as f64;
        }
        wide::weighted_sums(bounds, len, dense, approx);
        let tolerance =
            total as f64 * ((grid.len() as f64 + 2.0) * f64::powi(2.0, -51) + f64::powi(2.0, -48));
        let exact = |j: usize| -> i128 {
            grid.iter()
                .map(|&(line, w)| {
                    let b = bounds[line * len + j];
                    debug_assert!((-1.0..=1.0).contains(&b), "a value outside [-1, 1]");
                    i128::from(w) * i128::from(payoff(b))
                })
                .sum()
        };
        let mut extreme: Option<i128> = None;
        if least {
            let threshold = approx.iter().copied().fold(f64::INFINITY, f64::min) + tolerance;
            for (j, &s) in approx.iter().enumerate() {
                // Within the tolerance, or NaN: summed exactly.
                if s.partial_cmp(&threshold) != Some(std::cmp::Ordering::Greater) {
                    let e = exact(j);
                    extreme = Some(extreme.map_or(e, |x| x.min(e)));
                }
            }
        } else {
            let threshold = approx.iter().copied().fold(f64::NEG_INFINITY, f64::max) - tolerance;
            for (j, &s) in approx.iter().enumerate() {
                if s.partial_cmp(&threshold) != Some(std::cmp::Ordering::Less) {
                    let e = exact(j);
                    extreme = Some(extreme.map_or(e, |x| x.max(e)));
                }
            }
        }
        Some((extreme.unwrap_or(0), total))
    })
}

/// The same extreme summed exactly over every reply: what [`fixed_extreme`]
/// must equal.
#[cfg(test)]
fn fixed_extreme_everywhere(
    bounds: &[f64],
    len: usize,
    weights: &[f64],
    payoff: impl Fn(f64) -> i64,
    least: bool,
) -> Option<(i128, i128)> {
    let grid = fixed_weights(weights);
    let total: i128 = grid.iter().map(|&(_, w)| i128::from(w)).sum();
    if total == 0 {
        return None;
    }
    let sums = (0..len).map(|j| {
        grid.iter()
            .map(|&(line, w)| i128::from(w) * i128::from(payoff(bounds[line * len + j])))
            .sum::<i128>()
    });
    let extreme = if least { sums.min() } else { sums.max() };
    Some((extreme.unwrap_or(0), total))
}

/// A lower bound on minⱼ Σᵣ pᵣ·lower(rows[r][j]) / Σᵣ pᵣ, from the rows'
/// lower bounds (`lowers`, each `n` long; p ≥ 0; −∞ if p rounds to
/// nothing), in exact fixed-point arithmetic ([`FIXED`]).
fn guarantee(lowers: &[f64], n: usize, p: &[f64]) -> f64 {
    fixed_extreme(lowers, n, p, fixed_floor, true).map_or(f64::NEG_INFINITY, |(sum, total)| {
        ratio_down(sum, total) / FIXED
    })
}

/// An upper bound on maxᵢ Σ_c q_c·upper(columns[c][i]) / Σ_c q_c, from the
/// columns' upper bounds (`uppers`, each `m` long), as [`guarantee`] (+∞ if
/// q rounds to nothing).
fn ceiling(uppers: &[f64], m: usize, q: &[f64]) -> f64 {
    fixed_extreme(uppers, m, q, |b| -fixed_floor(-b), false)
        .map_or(f64::INFINITY, |(sum, total)| ratio_up(sum, total) / FIXED)
}

/// The guarantee and ceiling against exact rational arithmetic.
#[cfg(test)]
mod exact_bounds;

mod lines;

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use solved_games_reference::progress::Silent;

    /// Layer R − 1 holds exactly the states one round after some start
    /// T ≤ `max_total`: the test against every pair of first bets from every
    /// start, over every (a, b, d) of the right parity. Dropping the check
    /// that both players' money is within the start's fails it.
    #[test]
    fn layer_r_minus_1_holds_exactly_what_one_round_from_a_start_reaches() {
        for max in [1u64, 2, 5, 12] {
            let table = Certified::solve(max, 3, &Silent);
            let mut reached = std::collections::HashSet::new();
            for total in 1..=max {
                let start = State::start(solved_games_reference::games::yen::rules::Rules {
                    total,
                    rounds: 3,
                });
                for x in 0..=total {
                    for y in 0..=total {
                        reached.insert(start.after(x, y));
                    }
                }
            }
            for a in 0..=max {
                for b in 0..=max {
                    let span = (a + b) as i64;
                    for d in (-span..=span).step_by(2) {
                        let s = State {
                            rounds_left: 2,
                            money_a: a,
                            money_b: b,
                            gain_diff: d,
                        };
                        assert_eq!(
                            table.reachable_from_a_start(s),
                            reached.contains(&s),
                            "T <= {max}: {s}"
                        );
                    }
                }
            }
        }
    }

    /// A stage game of `rows × cols` entries, each an interval in [−1, 1]
    /// of width up to 0.1 (cells given as a centre and a width).
    fn interval_game(rows: usize, cols: usize) -> impl Strategy<Value = Vec<Interval>> {
        prop::collection::vec((-0.9f64..0.9, 0.0f64..0.1), rows * cols).prop_map(|cells| {
            cells
                .into_iter()
                .map(|(c, w)| Interval {
                    lower: c - w / 2.0,
                    upper: c + w / 2.0,
                })
                .collect()
        })
    }

    /// The exact value of the game of one bound of every entry, and its
    /// optimal strategies as floats.
    fn exact_game(
        cells: &[Interval],
        cols: usize,
        bound: fn(Interval) -> f64,
    ) -> (f64, Vec<f64>, Vec<f64>) {
        let matrix: Vec<Vec<BigRational>> = cells
            .chunks_exact(cols)
            .map(|row| {
                row.iter()
                    .map(|&iv| BigRational::from_float(bound(iv)).expect("finite"))
                    .collect()
            })
            .collect();
        let s = matrix_game::solve(&matrix);
        let floats = |v: &[BigRational]| -> Vec<f64> {
            v.iter().map(|x| x.to_f64().expect("a weight")).collect()
        };
        (
            s.value.to_f64().expect("a value"),
            floats(&s.row_strategy),
            floats(&s.column_strategy),
        )
    }

    proptest! {
        /// `reachable_width` never exceeds val(U) − val(L), the narrowest
        /// interval any strategies prove, whatever the strategies (so a skip
        /// is never wrong); and with U's optimal row strategy and L's
        /// optimal column strategy it is that width (so it is not vacuous).
        #[test]
        fn the_reachable_width_is_the_width_of_the_bound_games(
            (m, n, cells, p, q) in (1usize..=4, 1usize..=4).prop_flat_map(|(m, n)| (
                Just(m),
                Just(n),
                interval_game(m, n),
                prop::collection::vec(0.0f64..1.0, m),
                prop::collection::vec(0.0f64..1.0, n),
            ))
        ) {
            let mut rows = Built::default();
            for &iv in &cells {
                rows.push_lower(iv);
            }
            let mut columns = Built::default();
            for j in 0..n {
                for i in 0..m {
                    columns.push_upper(cells[i * n + j]);
                }
            }
            let (upper_value, p_upper, _) = exact_game(&cells, n, |iv| iv.upper);
            let (lower_value, _, q_lower) = exact_game(&cells, n, |iv| iv.lower);
            let narrowest = upper_value - lower_value;
            let reach = reachable_width(&rows, n, &p, &columns, m, &q);
            prop_assert!(reach <= narrowest + REACH_MARGIN, "{reach} > {narrowest}");
            let best = reachable_width(&rows, n, &p_upper, &columns, m, &q_lower);
            prop_assert!((best - narrowest).abs() < 1e-12, "{best} vs {narrowest}");
        }
        /// The bounds' fixed-point rounding is the floor, on either side of
        /// zero and on the grid itself.
        #[test]
        fn fixed_floor_is_the_floor(x in -1.0f64..=1.0, grid in -(1i64 << 50)..=(1i64 << 50)) {
            prop_assert_eq!(fixed_floor(x), (x * FIXED).floor() as i64);
            let on_grid = grid as f64 / FIXED;
            prop_assert_eq!(fixed_floor(on_grid), grid);
        }

        /// A line's least lower and greatest upper bound are the bits of
        /// folding `f64::min`/`f64::max` in order, −0 and +0 mixed in.
        #[test]
        fn least_and_greatest_are_the_ordered_folds(
            xs in prop::collection::vec(
                prop_oneof![Just(0.0), Just(-0.0), Just(1.0), Just(-1.0), -1.0f64..1.0],
                1..40,
            ),
            sign in prop_oneof![Just(1.0), Just(-1.0)],
        ) {
            // Half the time every value on one side of 0, so that the least
            // (greatest) is often a zero of either sign.
            let xs: Vec<f64> = if sign > 0.0 {
                xs
            } else {
                xs.iter().map(|x| x.abs()).collect()
            };
            let negated: Vec<f64> = xs.iter().map(|x| -x).collect();
            for xs in [&xs, &negated] {
                prop_assert_eq!(
                    least(xs).to_bits(),
                    xs.iter().copied().fold(f64::INFINITY, f64::min).to_bits()
                );
                prop_assert_eq!(
                    greatest(xs).to_bits(),
                    xs.iter().copied().fold(f64::NEG_INFINITY, f64::max).to_bits()
                );
            }
        }

        /// The float filter of [`fixed_extreme`] never drops the reply
        /// with the least (or greatest) exact sum, on lines whose replies
        /// tie or nearly tie (within a few grid steps or last bits), as the
        /// other player's support does at an equilibrium.
        #[test]
        fn the_filtered_extreme_is_the_exact_one(
            (len, bounds, weights) in (1usize..=12, 1usize..=40).prop_flat_map(|(k, len)| (
                Just(len),
                prop::collection::vec(near_tie(), k * len),
                prop_oneof![
                    Just(vec![1.0 / k as f64; k]),
                    prop::collection::vec(prop_oneof![Just(0.0), 0.0f64..1.0], k),
                ],
            )),
        ) {
            let ceil = |b: f64| -fixed_floor(-b);
            prop_assert_eq!(
                fixed_extreme(&bounds, len, &weights, fixed_floor, true),
                fixed_extreme_everywhere(&bounds, len, &weights, fixed_floor, true)
            );
            prop_assert_eq!(
                fixed_extreme(&bounds, len, &weights, ceil, false),
                fixed_extreme_everywhere(&bounds, len, &weights, ceil, false)
            );
        }
    }

    /// The zero an ordered fold of `f64::min` keeps is the first one seen
    /// (−0 here), while the running minima meet a +0 first in their first
    /// lane: the case `least` folds again in order.
    #[test]
    fn a_least_zero_has_the_sign_of_the_first_zero() {
        let xs = [1.0, -0.0, 1.0, 1.0, 0.0, 1.0, 1.0, 1.0];
        assert_eq!(least(&xs).to_bits(), (-0.0f64).to_bits());
        let negated = xs.map(|x: f64| -x);
        assert_eq!(greatest(&negated).to_bits(), 0.0f64.to_bits());
    }

    /// An entry near k/7 or k/8 in [−1, 1] (most often near 0, where
    /// doubles are fine enough to order sums that the grid orders the other
    /// way), moved by up to 3 grid steps (2⁻⁵⁰) in sixteenths of a step, or
    /// by up to 3 of its own last bits: lines of such entries give replies
    /// whose sums tie exactly or differ by less than the filter's tolerance,
    /// and whose order in doubles differs from their order on the grid (a
    /// payoff floored by nearly a step in one line, by nothing in another).
    fn near_tie() -> impl Strategy<Value = f64> {
        let k = prop_oneof![2 => Just(0i64), 1 => -7i64..=7];
        (
            k,
            prop_oneof![Just(7.0), Just(8.0)],
            -48i64..=48,
            any::<bool>(),
        )
            .prop_map(|(k, den, steps, grid)| {
                let base = k as f64 / den;
                let moved = if grid {
                    base + steps as f64 / (16.0 * FIXED)
                } else {
                    f64::from_bits((base.to_bits() as i64 + steps / 16) as u64)
                };
                if moved.is_finite() {
                    moved.clamp(-1.0, 1.0)
                } else {
                    base
                }
            })
    }

    /// A regression found at T ≤ 54: the float LP of the restricted game at
    /// (4, 42, 47, +13), started from its neighbour's basis, stopped on a
    /// basis that was not optimal (rows and columns already in the restricted
    /// game beat its value by 0.17), and the float strategies bounded the
    /// value only to [0.41, 0.67]. The stage game must come out narrow, from
    /// the float path alone.
    #[test]
    fn a_float_lp_stopping_on_a_non_optimal_basis_still_gives_a_narrow_interval() {
        let table = Certified::solve(54, 5, &Silent);
        let mut ws = Workspace::new();
        ws.hint_rows = vec![
            12, 15, 13, 11, 19, 17, 3, 18, 2, 24, 4, 7, 21, 8, 22, 20, 5, 14, 9, 28, 26,
        ];
        ws.hint_columns = vec![
            28, 8, 13, 19, 20, 17, 3, 18, 25, 23, 21, 7, 29, 12, 26, 16, 6, 14, 9, 5, 11,
        ];
        ws.hint_is_basis = true;
        let state = State {
            rounds_left: 4,
            money_a: 42,
            money_b: 47,
            gain_diff: 13,
        };
        let c = table.certify(&mut ws, state);
        assert!(c.interval.width() < 1e-9, "{state}: {:?}", c.interval);
        // The float LP now refuses the drifted basis (its exact re-solve has
        // negative weights) and its perturbed retry finds the equilibrium:
        // no exact solve is needed.
        assert!(!c.failed && !c.exact, "the float path failed");
    }

    /// A regression found at (T, R) = (60, 30): the stage game of (21, 24, 41, −55)
    /// ended the warm double oracle on a pure saddle point whose bounds were
    /// not narrower than `RESOLVE`; the re-solve of the growing game then
    /// read the tableau an earlier state on the thread had left (longer than
    /// the bets tried here) and `fixed_sums` indexed past the rows built.
    /// Here a small table with its stored intervals widened to 2e-11 makes
    /// such saddle points common, and a tableau of a 61 × 61 game stands in
    /// for the earlier state.
    #[test]
    fn a_saddle_point_after_an_lp_of_a_larger_game_does_not_read_its_tableau() {
        let (max, rounds) = (10, 6);
        let mut table = Certified::solve(max, rounds, &Silent);
        for layer in &mut table.layers {
            for iv in &mut layer.values {
                if !iv.lower.is_nan() {
                    *iv = Interval {
                        lower: (iv.lower - 1e-11).max(-1.0),
                        upper: (iv.upper + 1e-11).min(1.0),
                    };
                }
            }
        }
        let big = 61;
        let stale: Vec<f64> = (0..big * big)
            .map(|k| ((k * 7919) % 13) as f64 / 13.0 - 0.5)
            .collect();
        let mut stages = 0;
        for r in 3..rounds {
            for a in 1..=max {
                for b in 1..=max {
                    let bet = (2 * max - a - b) as i64;
                    for d in (-bet..=bet).step_by(2) {
                        let state = State {
                            rounds_left: r,
                            money_a: a,
                            money_b: b,
                            gain_diff: d,
                        };
                        if state.decided().is_some() {
                            continue;
                        }
                        let mut ws = Workspace::new();
                        assert!(ws.grow.start(big, big, &stale, SHIFT).is_some());
                        let c = table.certify(&mut ws, state);
                        assert!(c.interval.lower <= c.interval.upper, "{state}");
                        stages += 1;
                    }
                }
            }
        }
        assert!(stages > 1000, "only {stages} stage games");
    }
}
