//! The three-player game by a recurrence over the §2.1 card counts
//! (document 004 §2.1, with the pass count of a round and a third seat).
//!
//! A turn is one of the §2.1 kinds: take a known pair (F1/G1), pass
//! (F2/G2), or an unknown card first and, once it shows (cases (a), (b),
//! (c)), the best second card (§2.1 (i)–(iii)). The row's other turn, a
//! known card first and an unknown one second, gives in every case what an
//! unknown card first answered by that same known card gives, so it never
//! beats it under either [`Mode`] and is left out (SPEC.md "Memory
//! variants: three players"; the row search plays it and agrees).
//!
//! **Values.** Six integers per state, over a denominator fixed by the
//! state's u unknown cards (see "Integer numerators" in SPEC.md: every
//! chance is a count over u or u − 1, so a state's numbers are integers
//! over u!):
//! - [`Mode::MaxN`]: the winning chances of the mover, the next seat and the
//!   seat after, and the draw chance, each over u! (the last two unused);
//! - [`Mode::Paranoid`]: for the focal seat 0, 1 or 2 places after the
//!   mover, the payoff the focal seat can guarantee (win 1, draw ⅓) against
//!   the other two, then the draw chance of each of those games, all over
//!   3·u!. The three zero-sum games are solved side by side, each component
//!   choosing for itself; at an equal guarantee the focal seat and the
//!   coalition alike take the option with fewer draws (as the paper's
//!   game's draw probability is read here, fewest draws among tied optimal
//!   options, SPEC.md "Memory game"), so the draw chance is that of one
//!   definite play.
//!
//! A hand-over (a mismatch or a pass) rotates the next state's numbers: the
//! next mover's "seat after" is this mover. Taking a pair keeps them.
//!
//! **Order.** n ascending (a pair taken lowers n), then unknown cards
//! ascending (a card turned lowers them), and for each count the states
//! after the most passes first, down to none (a pass reads the same counts
//! one pass later). Under [`PassRule`] P (3: a full round, 2: two in a
//! row) the last pass ends the game. States per layer P·(n+1)², work O(N³)
//! big-integer multiply-adds, numbers of O(N log N) bits.

use super::super::walk::{unknown_first, Case, Read};
use super::{Mode, PassRule, ThreeState};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use std::cmp::Ordering;

/// The max-n value of a state, from the mover's side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MaxN {
    /// Winning chances of the mover, the next seat, the seat after.
    pub wins: [BigRational; 3],
    /// The chance of a draw (passes ending the game).
    pub draw: BigRational,
}

impl MaxN {
    /// Seat `i`'s payoff (0 the mover, 1 next, 2 after): its winning chance
    /// plus a third of the draw chance.
    #[must_use]
    pub fn payoff(&self, i: usize) -> BigRational {
        &self.wins[i] + &self.draw / BigInt::from(3)
    }
}

/// The paranoid values of a state: what the mover (0), the next seat (1)
/// and the seat after (2) can each guarantee against the other two, and the
/// draw chance of each of those three games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Paranoid {
    /// Guaranteed payoffs (win 1, draw ⅓), by place after the mover.
    pub guaranteed: [BigRational; 3],
    /// The draw chance in the game of the focal place (by place after the
    /// mover), when the focal seat and the coalition each take, among
    /// options of equal guarantee, the one with fewer draws (SPEC.md
    /// "Memory variants: three players").
    pub draws: [BigRational; 3],
}

/// Numerators at one level; which level is known from where it is used.
/// Slots 0–2 by place after the mover (max-n: winning chances; paranoid:
/// guarantees); slot 3 the max-n draw chance, or slots 3–5 the paranoid
/// draw chance of each place's game (max-n leaves 4 and 5 zero).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
struct Num([BigInt; 6]);

impl Num {
    /// The same outcome seen from the seat before the mover (the previous
    /// mover handed the turn over): its mover is our next seat. The max-n
    /// draw belongs to no place and stays.
    fn handed_over(&self, mode: Mode) -> Num {
        let [a, b, c, d, e, f] = &self.0;
        match mode {
            Mode::MaxN => Num([
                c.clone(),
                a.clone(),
                b.clone(),
                d.clone(),
                e.clone(),
                f.clone(),
            ]),
            Mode::Paranoid => Num([
                c.clone(),
                a.clone(),
                b.clone(),
                f.clone(),
                d.clone(),
                e.clone(),
            ]),
        }
    }

    fn add_times(&mut self, count: usize, x: &Num) {
        let c = BigInt::from(count);
        for (s, v) in self.0.iter_mut().zip(&x.0) {
            *s += &c * v;
        }
    }
}

/// Σ count · value over the parts with a positive count.
fn weighted(parts: &[(usize, &Num)]) -> Num {
    let mut sum = Num::default();
    for (count, x) in parts.iter().filter(|(c, _)| *c > 0) {
        sum.add_times(*count, x);
    }
    sum
}

/// The best of `options` for the mover, at one level.
fn choose(mode: Mode, options: Vec<Num>) -> Num {
    match mode {
        Mode::MaxN => {
            // Payoff × 3·level = 3·win + draw.
            let key = |x: &Num, i: usize| BigInt::from(3) * &x.0[i] + &x.0[3];
            let mut best: Option<Num> = None;
            for x in options {
                let take = match &best {
                    None => true,
                    Some(b) => {
                        let (mine, theirs) = (key(&x, 0), key(b, 0));
                        if mine != theirs {
                            mine > theirs
                        } else {
                            let (next, b_next) = (key(&x, 1), key(b, 1));
                            if next != b_next {
                                next < b_next
                            } else {
                                x.0[3] < b.0[3]
                            }
                        }
                    }
                };
                if take {
                    best = Some(x);
                }
            }
            best.expect("at least one option")
        }
        Mode::Paranoid => {
            // Each focal place its own zero-sum game: the mover maximises
            // its own guarantee and minimises the others'; at an equal
            // guarantee either side takes fewer draws.
            let mut it = options.into_iter();
            let mut best = it.next().expect("at least one option");
            for x in it {
                for i in 0..3 {
                    let better = match x.0[i].cmp(&best.0[i]) {
                        Ordering::Equal => x.0[i + 3] < best.0[i + 3],
                        Ordering::Greater => i == 0,
                        Ordering::Less => i != 0,
                    };
                    if better {
                        best.0[i] = x.0[i].clone();
                        best.0[i + 3] = x.0[i + 3].clone();
                    }
                }
            }
            best
        }
    }
}

/// `n!` for n = 0..=top.
fn factorials(top: usize) -> Vec<BigInt> {
    let mut out = vec![BigInt::one()];
    for i in 1..=top {
        let next = out[i - 1].clone() * BigInt::from(i);
        out.push(next);
    }
    out
}

/// The end values at one level: the mover wins, the next seat wins (the
/// mover has just shown it the second 1), a draw.
struct Ends {
    mover_wins: Num,
    next_wins: Num,
    draw: Num,
}

impl Ends {
    fn at(mode: Mode, factorial: &BigInt) -> Ends {
        let zero = BigInt::zero;
        match mode {
            Mode::MaxN => Ends {
                mover_wins: Num([factorial.clone(), zero(), zero(), zero(), zero(), zero()]),
                next_wins: Num([zero(), factorial.clone(), zero(), zero(), zero(), zero()]),
                draw: Num([zero(), zero(), zero(), factorial.clone(), zero(), zero()]),
            },
            Mode::Paranoid => {
                // Over 3·u!: a win is 3·u!, a draw pays ⅓ (u!) to every
                // place and counts 3·u! in each place's draw chance.
                let all = factorial * 3u32;
                Ends {
                    mover_wins: Num([all.clone(), zero(), zero(), zero(), zero(), zero()]),
                    next_wins: Num([zero(), all.clone(), zero(), zero(), zero(), zero()]),
                    draw: Num([
                        factorial.clone(),
                        factorial.clone(),
                        factorial.clone(),
                        all.clone(),
                        all.clone(),
                        all,
                    ]),
                }
            }
        }
    }
}

/// The states of one n, indexed by (F/G, m, k, passes); `stride` is the
/// rule's passes that end the game.
#[derive(Default)]
struct Layer {
    n: usize,
    stride: usize,
    values: Vec<Num>,
}

impl Layer {
    fn new(n: usize, rule: PassRule) -> Layer {
        let stride = usize::from(rule.passes());
        Layer {
            n,
            stride,
            values: vec![Num::default(); 2 * (n + 1) * (n + 1) * stride],
        }
    }

    fn index(&self, ones: u8, m: usize, k: usize, passes: u8) -> usize {
        let n = self.n;
        ((usize::from(ones) * (n + 1) + m) * (n + 1) + k) * self.stride + usize::from(passes)
    }

    fn get(&self, ones: u8, m: usize, k: usize, passes: u8) -> &Num {
        &self.values[self.index(ones, m, k, passes)]
    }
}

/// The §2.1 states with n pairs and `unknown` unknown cards.
fn count_states(n: usize, unknown: usize) -> Vec<(u8, usize, usize)> {
    let mut out = Vec::new();
    for ones in [0u8, 1] {
        for m in 0..=n {
            let Some(k) = (2 * n).checked_sub(2 * m + unknown) else {
                continue;
            };
            let s = ThreeState {
                ones_known: ones,
                n,
                m,
                k,
                passes: 0,
            };
            if s.exists() {
                out.push((ones, m, k));
            }
        }
    }
    out
}

struct Recurrence {
    mode: Mode,
    rule: PassRule,
    factorials: Vec<BigInt>,
    ends: Vec<Ends>,
}

impl Recurrence {
    fn new(mode: Mode, rule: PassRule, max_pairs: usize) -> Recurrence {
        let factorials = factorials(2 * max_pairs);
        let ends = factorials.iter().map(|f| Ends::at(mode, f)).collect();
        Recurrence {
            mode,
            rule,
            factorials,
            ends,
        }
    }

    /// The denominator of level u.
    fn denominator(&self, u: usize) -> BigInt {
        match self.mode {
            Mode::MaxN => self.factorials[u].clone(),
            Mode::Paranoid => &self.factorials[u] * 3u32,
        }
    }

    fn layer(&self, n: usize, below: &Layer) -> Layer {
        let mut layer = Layer::new(n, self.rule);
        for unknown in 1..=2 * n {
            let states = count_states(n, unknown);
            for passes in (0..self.rule.passes()).rev() {
                for &(ones, m, k) in &states {
                    if passes > 0 && m + k < 2 {
                        continue;
                    }
                    let v = self.solve(&layer, below, ones, m, k, passes);
                    let at = layer.index(ones, m, k, passes);
                    layer.values[at] = v;
                }
            }
        }
        layer
    }

    /// The numerators of a state at its level u, from its own layer's
    /// states with fewer unknown cards or more passes, and layer n − 1.
    #[allow(clippy::too_many_lines)]
    fn solve(&self, layer: &Layer, below: &Layer, ones: u8, m: usize, k: usize, passes: u8) -> Num {
        let mode = self.mode;
        let n = layer.n;
        let u = 2 * n - 2 * m - k;
        // A card turned and missed: the next seat moves, no pass counted.
        let over = |o: u8, mm: usize, kk: usize| layer.get(o, mm, kk, 0).handed_over(mode);
        // A pair taken: the mover again.
        let again = |o: u8, mm: usize, kk: usize| below.get(o, mm, kk, 0).clone();
        let mut options: Vec<Num> = Vec::new();
        // F1/G1: take a known pair.
        if m >= 1 {
            options.push(again(ones, m - 1, k));
        }
        // F2/G2: pass; the rule's last pass in a row ends the game.
        if m + k >= 2 {
            options.push(if passes + 1 == self.rule.passes() {
                self.ends[u].draw.clone()
            } else {
                layer.get(ones, m, k, passes + 1).handed_over(mode)
            });
        }
        // F3/G3: an unknown card first; the second cards of a case compared
        // at level u − 1 (a state with u − 1 unknown cards, or Σ count ·
        // level u − 2 over the u − 1 cards left).
        let first = u - 1;
        let low = u.saturating_sub(2);
        let (win1, win2, next2) = (
            &self.ends[first].mover_wins,
            &self.ends[low].mover_wins,
            &self.ends[low].next_wins,
        );
        let pick = |seconds: Vec<Num>| choose(mode, seconds);
        let read = |x: Read| match x {
            Read::Again(o, mm, kk) => again(o, mm, kk),
            Read::Over(o, mm, kk) => over(o, mm, kk),
            Read::MoverWins => win2.clone(),
            Read::NextWins => next2.clone(),
        };
        let mut cases: Vec<(usize, Num)> = Vec::new();
        for (count, case) in unknown_first(ones, n, m, k).into_iter().flatten() {
            let x = match case {
                Case::Won => win1.clone(),
                Case::Choose { seconds, terms } => {
                    let mut choices: Vec<Num> = seconds.into_iter().flatten().map(read).collect();
                    let xs: Vec<(usize, Num)> = terms
                        .into_iter()
                        .flatten()
                        .map(|(c, x)| (c, read(x)))
                        .collect();
                    let parts: Vec<(usize, &Num)> = xs.iter().map(|(c, x)| (*c, x)).collect();
                    choices.push(weighted(&parts));
                    pick(choices)
                }
            };
            cases.push((count, x));
        }
        let parts: Vec<(usize, &Num)> = cases.iter().map(|(c, x)| (*c, x)).collect();
        options.push(weighted(&parts));
        choose(mode, options)
    }
}

/// A solved value, read out of numerators over `denominator`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// Under [`Mode::MaxN`].
    MaxN(MaxN),
    /// Under [`Mode::Paranoid`].
    Paranoid(Paranoid),
}

impl Value {
    fn read(mode: Mode, x: &Num, denominator: &BigInt) -> Value {
        let q = |v: &BigInt| BigRational::new(v.clone(), denominator.clone());
        match mode {
            Mode::MaxN => Value::MaxN(MaxN {
                wins: [q(&x.0[0]), q(&x.0[1]), q(&x.0[2])],
                draw: q(&x.0[3]),
            }),
            Mode::Paranoid => Value::Paranoid(Paranoid {
                guaranteed: [q(&x.0[0]), q(&x.0[1]), q(&x.0[2])],
                draws: [q(&x.0[3]), q(&x.0[4]), q(&x.0[5])],
            }),
        }
    }

    /// The max-n value, if it is one.
    #[must_use]
    pub fn max_n(&self) -> Option<&MaxN> {
        match self {
            Value::MaxN(v) => Some(v),
            Value::Paranoid(_) => None,
        }
    }

    /// The paranoid value, if it is one.
    #[must_use]
    pub fn paranoid(&self) -> Option<&Paranoid> {
        match self {
            Value::Paranoid(v) => Some(v),
            Value::MaxN(_) => None,
        }
    }
}

/// The start F(N,0,0) of every N in 1..=`max_pairs` under `mode`, index
/// N − 1; seats 1, 2, 3 are places 0, 1, 2. A full round of passes ends
/// the game ([`start_values_under`] for the other rule).
#[must_use]
pub fn start_values(mode: Mode, max_pairs: usize) -> Vec<Value> {
    start_values_under(mode, PassRule::FullRound, max_pairs)
}

/// [`start_values`] with passes ending the game by `rule`. Keeps two layers
/// at a time.
#[must_use]
pub fn start_values_under(mode: Mode, rule: PassRule, max_pairs: usize) -> Vec<Value> {
    let recurrence = Recurrence::new(mode, rule, max_pairs);
    let mut below = Layer::default();
    let mut out = Vec::with_capacity(max_pairs);
    for n in 1..=max_pairs {
        let layer = recurrence.layer(n, &below);
        out.push(Value::read(
            mode,
            layer.get(0, 0, 0, 0),
            &recurrence.denominator(2 * n),
        ));
        below = layer;
    }
    out
}

/// [`start_values`] under [`Mode::MaxN`].
#[must_use]
pub fn max_n_starts(max_pairs: usize) -> Vec<MaxN> {
    max_n_starts_under(PassRule::FullRound, max_pairs)
}

/// [`start_values_under`] under [`Mode::MaxN`].
#[must_use]
pub fn max_n_starts_under(rule: PassRule, max_pairs: usize) -> Vec<MaxN> {
    start_values_under(Mode::MaxN, rule, max_pairs)
        .into_iter()
        .filter_map(|v| v.max_n().cloned())
        .collect()
}

/// [`start_values`] under [`Mode::Paranoid`].
#[must_use]
pub fn paranoid_starts(max_pairs: usize) -> Vec<Paranoid> {
    paranoid_starts_under(PassRule::FullRound, max_pairs)
}

/// [`start_values_under`] under [`Mode::Paranoid`].
#[must_use]
pub fn paranoid_starts_under(rule: PassRule, max_pairs: usize) -> Vec<Paranoid> {
    start_values_under(Mode::Paranoid, rule, max_pairs)
        .into_iter()
        .filter_map(|v| v.paranoid().cloned())
        .collect()
}

/// Every state with at most `max_pairs` pairs, solved under one mode and
/// one pass rule.
pub struct ThreeTable {
    mode: Mode,
    rule: PassRule,
    max_pairs: usize,
    recurrence: Recurrence,
    /// Layer n at index n (layer 0 is empty).
    layers: Vec<Layer>,
}

impl ThreeTable {
    /// Solves every state with n ≤ `max_pairs`, a full round of passes
    /// ending the game.
    #[must_use]
    pub fn build(mode: Mode, max_pairs: usize) -> ThreeTable {
        ThreeTable::build_under(mode, PassRule::FullRound, max_pairs)
    }

    /// Solves every state with n ≤ `max_pairs`, passes ending the game by
    /// `rule`.
    #[must_use]
    pub fn build_under(mode: Mode, rule: PassRule, max_pairs: usize) -> ThreeTable {
        let recurrence = Recurrence::new(mode, rule, max_pairs);
        let mut layers = vec![Layer::default()];
        for n in 1..=max_pairs {
            let layer = recurrence.layer(n, &layers[n - 1]);
            layers.push(layer);
        }
        ThreeTable {
            mode,
            rule,
            max_pairs,
            recurrence,
            layers,
        }
    }

    /// The mode solved.
    #[must_use]
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The pass rule solved under.
    #[must_use]
    pub fn rule(&self) -> PassRule {
        self.rule
    }

    /// The value of `s`; `None` if it is not a state or has more than the
    /// table's pairs.
    #[must_use]
    pub fn value(&self, s: ThreeState) -> Option<Value> {
        if s.n > self.max_pairs || !s.exists_under(self.rule) {
            return None;
        }
        let u = 2 * s.n - 2 * s.m - s.k;
        let x = self.layers[s.n].get(s.ones_known, s.m, s.k, s.passes);
        Some(Value::read(self.mode, x, &self.recurrence.denominator(u)))
    }

    /// Every state with n ≤ `pairs`, by n, F before G, m, k, passes.
    #[must_use]
    pub fn states(&self, pairs: usize) -> Vec<ThreeState> {
        let mut out = Vec::new();
        for n in 1..=pairs.min(self.max_pairs) {
            for ones_known in [0u8, 1] {
                for m in 0..=n {
                    for k in 0..=n {
                        for passes in 0..self.rule.passes() {
                            let s = ThreeState {
                                ones_known,
                                n,
                                m,
                                k,
                                passes,
                            };
                            if s.exists_under(self.rule) {
                                out.push(s);
                            }
                        }
                    }
                }
            }
        }
        out
    }
}
