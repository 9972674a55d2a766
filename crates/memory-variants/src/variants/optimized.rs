//! The variants solved by a recurrence over the §2.1 card counts (document
//! 004 §2.1, extended by the pair difference and the pass flag of §4 item 1).
//!
//! A turn is one of the §2.1 kinds: take a known pair (F1/G1), pass (F2/G2),
//! or an unknown card first and, knowing what it shows (cases (a), (b), (c)),
//! the best second card (§2.1 (i)–(iii)). The row's other turn, a known card
//! first and an unknown one second, is never better than an unknown card
//! first answered by that same known card, nor worse for the opponent at
//! equal points, so it is left out (SPEC.md "Memory variants").
//!
//! **Order.** Every turn but a pass either takes a pair (fewer pairs) or
//! turns an unknown card (fewer unknown cards); a pass keeps the state and
//! sets the pass flag, and a pass with the flag set ends the game. So the
//! table is filled by n, then by the number of unknown cards, every flagged
//! state of that count before the unflagged ones (an unflagged state's pass
//! reads the flagged state of the opposite lead): every value it reads is
//! already there.
//!
//! **Exact integers, no gcd.** Every chance in the recurrence has
//! denominator u (the first card) or u − 1 (the second), u the unknown cards
//! of the state; a pair taken keeps u, a card turned lowers it. So every
//! number of a state with u unknown cards (both players' expected points and
//! the draw probability) is an integer over 2·u! (2 for the ½ of a draw).
//! The table keeps those numerators: a step is integer multiply-adds by card
//! counts, and options are compared as integers at one level. Rationals are
//! made (and reduced) only when a value is read out. The same idea as
//! `scaled.rs`, with the level fixed by the state.
//!
//! **Size.** The paper's and the points variants have 2 states per §2.1
//! state (the pass flag); [`Variant::Pairs`] also keeps the lead, clamped to
//! −n..=n (beyond n − 1, the other pairs left, its sign cannot change), so
//! its table has about N⁴ states against N³. [`start_values`] keeps only two
//! layers of n and, for the pairs variant, only the leads a game of N pairs
//! reaches, |lead| ≤ min(n, N − n).

use super::walk::{unknown_first, Case, Read};
use super::{TieRule, Variant, VariantState};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};

/// The value of a state from the mover's side.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Value {
    /// The mover's expected points.
    pub mover: BigRational,
    /// The opponent's expected points.
    pub other: BigRational,
    /// The probability that the game ends in a draw.
    pub draw: BigRational,
}

/// A value as numerators over the level's denominator 2·u! (see the module
/// docs); which level is known from where it is used.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
struct Num {
    mover: BigInt,
    other: BigInt,
    draw: BigInt,
}

impl Num {
    fn swapped(&self) -> Num {
        Num {
            mover: self.other.clone(),
            other: self.mover.clone(),
            draw: self.draw.clone(),
        }
    }

    fn add_times(&mut self, count: usize, x: &Num) {
        let c = BigInt::from(count);
        self.mover += &c * &x.mover;
        self.other += &c * &x.other;
        self.draw += &c * &x.draw;
    }

    fn to_value(&self, denominator: &BigInt) -> Value {
        Value {
            mover: BigRational::new(self.mover.clone(), denominator.clone()),
            other: BigRational::new(self.other.clone(), denominator.clone()),
            draw: BigRational::new(self.draw.clone(), denominator.clone()),
        }
    }
}

/// The end values in halves of a point (the level's 2·u! carries the 2):
/// a win, a loss and a draw for the mover.
struct Ends {
    win: Num,
    loss: Num,
    draw: Num,
}

impl Ends {
    /// `Ends` at a level whose u! is `factorial`.
    fn at(variant: Variant, factorial: &BigInt) -> Ends {
        // Halves of a point: win 1 = 2 halves, draw ½ = 1; points 3 and 1.
        let (win, draw) = match variant {
            Variant::Paper | Variant::Pairs => (2u32, 1u32),
            Variant::Points(_) => (6, 2),
        };
        let win = Num {
            mover: factorial * win,
            other: BigInt::zero(),
            draw: BigInt::zero(),
        };
        let loss = win.swapped();
        let draw = Num {
            mover: factorial * draw,
            other: factorial * draw,
            draw: factorial * 2u32,
        };
        Ends { win, loss, draw }
    }
}

/// Whether `a` (a pass if `a_pass`) is chosen over `b` by the mover: more
/// points first, then the variant's tie rule. Both at one level.
fn preferred(variant: Variant, a: &Num, a_pass: bool, b: &Num, b_pass: bool) -> bool {
    if a.mover != b.mover {
        return a.mover > b.mover;
    }
    match variant {
        // Zero-sum: the value is the same; the draw probability is reported
        // for the tied turn that draws least.
        Variant::Paper | Variant::Pairs => a.draw < b.draw,
        Variant::Points(TieRule::WorseForOpponent) => a.other < b.other,
        Variant::Points(TieRule::AvoidPass) => {
            if a_pass != b_pass {
                !a_pass
            } else {
                a.other < b.other
            }
        }
    }
}

/// The best of `options` (value, is a pass); the first of equals stays.
fn choose(variant: Variant, options: Vec<(Num, bool)>) -> Num {
    let mut best: Option<(Num, bool)> = None;
    for (x, pass) in options {
        let take = match &best {
            None => true,
            Some((b, b_pass)) => preferred(variant, &x, pass, b, *b_pass),
        };
        if take {
            best = Some((x, pass));
        }
    }
    best.expect("at least one option").0
}

/// Σ count · value over the parts with a positive count.
fn weighted(parts: &[(usize, &Num)]) -> Num {
    let mut sum = Num::default();
    for (count, x) in parts.iter().filter(|(c, _)| *c > 0) {
        sum.add_times(*count, x);
    }
    sum
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

/// The states of one n: numerators over 2·u!, indexed by (F/G, m, k, lead,
/// pass flag), the lead within −reach..=reach.
#[derive(Default)]
struct Layer {
    n: usize,
    reach: i64,
    values: Vec<Num>,
}

impl Layer {
    fn new(n: usize, reach: i64) -> Layer {
        let leads = 2 * usize::try_from(reach).expect("non-negative") + 1;
        Layer {
            n,
            reach,
            values: vec![Num::default(); 2 * (n + 1) * (n + 1) * leads * 2],
        }
    }

    fn index(&self, ones: u8, m: usize, k: usize, lead: i64, passed: bool) -> usize {
        let n = self.n;
        let lead = lead.clamp(-self.reach, self.reach) + self.reach;
        let leads = 2 * self.reach + 1;
        let lead = usize::try_from(lead).expect("clamped");
        let leads = usize::try_from(leads).expect("positive");
        (((usize::from(ones) * (n + 1) + m) * (n + 1) + k) * leads + lead) * 2 + usize::from(passed)
    }

    fn get(&self, ones: u8, m: usize, k: usize, lead: i64, passed: bool) -> &Num {
        &self.values[self.index(ones, m, k, lead, passed)]
    }
}

/// The recurrence for one variant: the factorials of every level and the
/// end values at each.
struct Recurrence {
    variant: Variant,
    factorials: Vec<BigInt>,
    ends: Vec<Ends>,
}

impl Recurrence {
    fn new(variant: Variant, max_pairs: usize) -> Recurrence {
        let factorials = factorials(2 * max_pairs);
        let ends = factorials.iter().map(|f| Ends::at(variant, f)).collect();
        Recurrence {
            variant,
            factorials,
            ends,
        }
    }

    /// 2·u!, the denominator of level u.
    fn denominator(&self, u: usize) -> BigInt {
        &self.factorials[u] * 2u32
    }

    /// Layer n with leads −reach..=reach, from layer n − 1 (`below`).
    fn layer(&self, n: usize, reach: i64, below: &Layer) -> Layer {
        let mut layer = Layer::new(n, reach);
        for unknown in 1..=2 * n {
            let states = count_states(n, unknown);
            // Flagged states first: the unflagged ones' passes read them.
            for passed in [true, false] {
                for &(ones, m, k) in &states {
                    for lead in -reach..=reach {
                        let v = self.solve(&layer, below, ones, m, k, lead, passed);
                        let at = layer.index(ones, m, k, lead, passed);
                        layer.values[at] = v;
                    }
                }
            }
        }
        layer
    }

    /// The numerators of a state at its level u, from the states of its own
    /// layer with fewer unknown cards (and its flagged twin) and layer n − 1.
    #[allow(clippy::too_many_arguments, clippy::too_many_lines)]
    fn solve(
        &self,
        layer: &Layer,
        below: &Layer,
        ones: u8,
        m: usize,
        k: usize,
        lead: i64,
        passed: bool,
    ) -> Num {
        let variant = self.variant;
        let n = layer.n;
        let u = 2 * n - 2 * m - k;
        // Own layer, not flagged: a card turned, the opponent to move.
        let over = |o: u8, mm: usize, kk: usize| layer.get(o, mm, kk, -lead, false).swapped();
        // A pair taken, the mover again.
        let again = |o: u8, mm: usize, kk: usize| below.get(o, mm, kk, lead + 1, false).clone();
        let mut options: Vec<(Num, bool)> = Vec::new();
        // F1/G1: take a known pair, turn again (level u again).
        if m >= 1 {
            options.push((again(ones, m - 1, k), false));
        }
        // F2/G2: pass; a second pass in a row ends the game.
        if m + k >= 2 {
            let here = &self.ends[u];
            let value = if passed {
                match (variant, lead.signum()) {
                    (Variant::Pairs, 1) => here.win.clone(),
                    (Variant::Pairs, -1) => here.loss.clone(),
                    _ => here.draw.clone(),
                }
            } else {
                layer.get(ones, m, k, -lead, true).swapped()
            };
            options.push((value, true));
        }
        // F3/G3: an unknown card first. Each case's second cards are
        // compared at level u − 1: a state with u − 1 unknown cards as it
        // is, the mixture over the u − 1 cards left as Σ count · (level
        // u − 2 numerator), which is the same scale.
        let first = u - 1;
        let low = u.saturating_sub(2);
        let (win1, win2, loss2) = (
            &self.ends[first].win,
            &self.ends[low].win,
            &self.ends[low].loss,
        );
        let pick =
            |seconds: Vec<Num>| choose(variant, seconds.into_iter().map(|x| (x, false)).collect());
        let read = |x: Read| match x {
            Read::Again(o, mm, kk) => again(o, mm, kk),
            Read::Over(o, mm, kk) => over(o, mm, kk),
            Read::MoverWins => win2.clone(),
            Read::NextWins => loss2.clone(),
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
        options.push((weighted(&parts), false));
        choose(variant, options)
    }
}

/// The §2.1 states with n pairs and `unknown` unknown cards.
fn count_states(n: usize, unknown: usize) -> Vec<(u8, usize, usize)> {
    let mut out = Vec::new();
    for ones in [0u8, 1] {
        for m in 0..=n {
            // unknown = 2n − 2m − k
            let Some(k) = (2 * n).checked_sub(2 * m + unknown) else {
                continue;
            };
            if VariantState::exists(ones, n, m, k) {
                out.push((ones, m, k));
            }
        }
    }
    out
}

/// The value of the start F(N,0,0) (lead 0, no pass) for every N in
/// 1..=`max_pairs`, index N − 1. Keeps two layers at a time and, for the
/// pairs variant, only the leads a game of `max_pairs` pairs reaches
/// (|lead| ≤ min(n, `max_pairs` − n)): a state's value reads leads at most
/// one further from 0 on the layer below, so every value kept is exact.
/// The `BigInt` path: [`super::packed::start_values`] gives the same values
/// faster (the claims, the CLI and the bench use it) and is tested against
/// this one.
#[must_use]
pub fn start_values(variant: Variant, max_pairs: usize) -> Vec<Value> {
    let recurrence = Recurrence::new(variant, max_pairs);
    let mut below = Layer::default();
    let mut out = Vec::with_capacity(max_pairs);
    for n in 1..=max_pairs {
        let reach = variant.lead_reach(n, Some(max_pairs));
        let layer = recurrence.layer(n, reach, &below);
        out.push(
            layer
                .get(0, 0, 0, 0, false)
                .to_value(&recurrence.denominator(2 * n)),
        );
        below = layer;
    }
    out
}

/// The solved table of a variant for every state with at most `max_pairs`
/// pairs.
pub struct VariantTable {
    variant: Variant,
    max_pairs: usize,
    recurrence: Recurrence,
    /// Layer n at index n (layer 0 is empty).
    layers: Vec<Layer>,
}

impl VariantTable {
    /// Solves every state with n ≤ `max_pairs`, every lead −n..=n.
    #[must_use]
    pub fn build(variant: Variant, max_pairs: usize) -> VariantTable {
        let recurrence = Recurrence::new(variant, max_pairs);
        let mut layers = vec![Layer::default()];
        for n in 1..=max_pairs {
            let reach = variant.lead_reach(n, None);
            let layer = recurrence.layer(n, reach, &layers[n - 1]);
            layers.push(layer);
        }
        VariantTable {
            variant,
            max_pairs,
            recurrence,
            layers,
        }
    }

    /// The variant solved.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The largest n solved.
    #[must_use]
    pub fn max_pairs(&self) -> usize {
        self.max_pairs
    }

    /// The value of `s`, `None` if it is not a state or has more than
    /// [`Self::max_pairs`] pairs.
    #[must_use]
    pub fn value(&self, s: VariantState) -> Option<Value> {
        if s.n > self.max_pairs || !VariantState::exists(s.ones_known, s.n, s.m, s.k) {
            return None;
        }
        let u = 2 * s.n - 2 * s.m - s.k;
        let layer = &self.layers[s.n];
        Some(
            layer
                .get(s.ones_known, s.m, s.k, s.lead, s.passed)
                .to_value(&self.recurrence.denominator(u)),
        )
    }

    /// The value of the start with `pairs` pairs: F(N,0,0), lead 0, no pass.
    ///
    /// # Panics
    /// If `pairs` is 0 or more than [`Self::max_pairs`].
    #[must_use]
    pub fn start(&self, pairs: usize) -> Value {
        self.value(VariantState {
            ones_known: 0,
            n: pairs,
            m: 0,
            k: 0,
            lead: 0,
            passed: false,
        })
        .expect("1 ≤ pairs ≤ max_pairs")
    }

    /// Every state of the table with n ≤ `pairs`, with the leads a game of
    /// `pairs` pairs can reach (|lead| ≤ `pairs` − n, of its parity), and the
    /// pass flag where a pass can have left the state (m + k ≥ 2).
    #[must_use]
    pub fn states(&self, pairs: usize) -> Vec<VariantState> {
        let mut out = Vec::new();
        for n in 1..=pairs.min(self.max_pairs) {
            let taken = i64::try_from(pairs - n).expect("small");
            let leads: Vec<i64> = if self.variant.counts_pairs() {
                (-taken..=taken).step_by(2).collect()
            } else {
                vec![0]
            };
            for ones in [0u8, 1] {
                for m in 0..=n {
                    for k in 0..=n {
                        if !VariantState::exists(ones, n, m, k) {
                            continue;
                        }
                        for &lead in &leads {
                            // A pass keeps two known numbers on the table.
                            let passes: &[bool] =
                                if m + k >= 2 { &[false, true] } else { &[false] };
                            for &passed in passes {
                                out.push(VariantState {
                                    ones_known: ones,
                                    n,
                                    m,
                                    k,
                                    lead,
                                    passed,
                                });
                            }
                        }
                    }
                }
            }
        }
        out
    }
}
