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
//! table is filled by n, then by the number of unknown cards, the flagged
//! state before the unflagged one: every value it reads is already there.
//!
//! **Size.** The paper's and the points variants have 2 states per §2.1
//! state (the pass flag); [`Variant::Pairs`] also keeps the lead, clamped to
//! −n..=n (beyond n − 1, the other pairs left, its sign cannot change), so
//! its table has about N⁴ states against N³.

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

impl Value {
    fn swapped(&self) -> Value {
        Value {
            mover: self.other.clone(),
            other: self.mover.clone(),
            draw: self.draw.clone(),
        }
    }

    fn add_weighted(&mut self, weight: &BigRational, x: &Value) {
        self.mover += weight * &x.mover;
        self.other += weight * &x.other;
        self.draw += weight * &x.draw;
    }
}

fn q(num: usize, den: usize) -> BigRational {
    BigRational::new(BigInt::from(num), BigInt::from(den))
}

/// Points of a win and of a draw.
fn scoring(variant: Variant) -> (BigRational, BigRational) {
    match variant {
        Variant::Paper | Variant::Pairs => (BigRational::one(), q(1, 2)),
        Variant::Points(_) => (BigRational::from_integer(3.into()), BigRational::one()),
    }
}

/// One option of a decision, and whether it is a pass (for
/// [`TieRule::AvoidPass`]).
struct Candidate {
    pass: bool,
    value: Value,
}

/// Whether `a` is chosen over `b` by the mover: more points first, then the
/// variant's tie rule.
fn preferred(variant: Variant, a: &Candidate, b: &Candidate) -> bool {
    if a.value.mover != b.value.mover {
        return a.value.mover > b.value.mover;
    }
    match variant {
        // Zero-sum: the value is the same; the draw probability is reported
        // for the tied turn that draws least.
        Variant::Paper | Variant::Pairs => a.value.draw < b.value.draw,
        Variant::Points(TieRule::WorseForOpponent) => a.value.other < b.value.other,
        Variant::Points(TieRule::AvoidPass) => {
            if a.pass != b.pass {
                !a.pass
            } else {
                a.value.other < b.value.other
            }
        }
    }
}

fn choose(variant: Variant, options: Vec<Candidate>) -> Value {
    let mut best: Option<Candidate> = None;
    for option in options {
        best = match best {
            Some(b) if !preferred(variant, &option, &b) => Some(b),
            _ => Some(option),
        };
    }
    best.expect("at least one option").value
}

/// A card-count weighted mixture of outcomes: (count, value) over `total`.
fn mixture(total: usize, parts: &[(usize, Value)]) -> Value {
    let mut v = Value::default();
    for (count, x) in parts.iter().filter(|(c, _)| *c > 0) {
        v.add_weighted(&q(*count, total), x);
    }
    v
}

/// The solved table of a variant for every state with at most `max_pairs`
/// pairs.
pub struct VariantTable {
    variant: Variant,
    max_pairs: usize,
    /// Where each n's states start in `values`.
    offsets: Vec<usize>,
    values: Vec<Value>,
}

impl VariantTable {
    /// Solves every state with n ≤ `max_pairs`.
    #[must_use]
    pub fn build(variant: Variant, max_pairs: usize) -> VariantTable {
        let mut offsets = vec![0; max_pairs + 2];
        for n in 1..=max_pairs {
            offsets[n + 1] = offsets[n] + Self::states_of(variant, n);
        }
        let mut table = VariantTable {
            variant,
            max_pairs,
            values: vec![Value::default(); offsets[max_pairs + 1]],
            offsets,
        };
        for n in 1..=max_pairs {
            for unknown in 1..=2 * n {
                for (ones, m, k) in Self::count_states(n, unknown) {
                    let reach = table.lead_reach(n);
                    for lead in -reach..=reach {
                        for passed in [true, false] {
                            let s = VariantState {
                                ones_known: ones,
                                n,
                                m,
                                k,
                                lead,
                                passed,
                            };
                            let v = table.solve(s);
                            let at = table.index(s);
                            table.values[at] = v;
                        }
                    }
                }
            }
        }
        table
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

    fn lead_reach(&self, n: usize) -> i64 {
        if self.variant.counts_pairs() {
            i64::try_from(n).expect("small")
        } else {
            0
        }
    }

    fn states_of(variant: Variant, n: usize) -> usize {
        let leads = if variant.counts_pairs() { 2 * n + 1 } else { 1 };
        2 * (n + 1) * (n + 1) * leads * 2
    }

    fn index(&self, s: VariantState) -> usize {
        let n = s.n;
        let reach = self.lead_reach(n);
        let lead = usize::try_from(s.lead.clamp(-reach, reach) + reach).expect("clamped");
        let leads = 2 * usize::try_from(reach).expect("small") + 1;
        let ones = usize::from(s.ones_known);
        self.offsets[n]
            + (((ones * (n + 1) + s.m) * (n + 1) + s.k) * leads + lead) * 2
            + usize::from(s.passed)
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
    pub fn value(&self, s: VariantState) -> Option<&Value> {
        (s.n <= self.max_pairs && VariantState::exists(s.ones_known, s.n, s.m, s.k))
            .then(|| &self.values[self.index(s)])
    }

    /// The value of the start with `pairs` pairs: F(N,0,0), lead 0, no pass.
    ///
    /// # Panics
    /// If `pairs` is 0 or more than [`Self::max_pairs`].
    #[must_use]
    pub fn start(&self, pairs: usize) -> &Value {
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

    fn get(&self, ones: u8, n: usize, m: usize, k: usize, lead: i64) -> &Value {
        debug_assert!(VariantState::exists(ones, n, m, k), "{ones} {n} {m} {k}");
        &self.values[self.index(VariantState {
            ones_known: ones,
            n,
            m,
            k,
            lead,
            passed: false,
        })]
    }

    /// The mover took a pair and turns again.
    fn again(&self, ones: u8, n: usize, m: usize, k: usize, lead: i64) -> Value {
        self.get(ones, n, m, k, lead + 1).clone()
    }

    /// A mismatch: the opponent moves, the lead seen from the other side.
    fn over(&self, ones: u8, n: usize, m: usize, k: usize, lead: i64) -> Value {
        self.get(ones, n, m, k, -lead).swapped()
    }

    fn solve(&self, s: VariantState) -> Value {
        let variant = self.variant;
        let (win_points, draw_points) = scoring(variant);
        let win = Value {
            mover: win_points.clone(),
            other: BigRational::zero(),
            draw: BigRational::zero(),
        };
        let loss = win.swapped();
        let draw = Value {
            mover: draw_points.clone(),
            other: draw_points,
            draw: BigRational::one(),
        };
        let VariantState {
            ones_known: ones,
            n,
            m,
            k,
            lead,
            passed,
        } = s;
        let mut options = Vec::new();
        // F1/G1: take a known pair, turn again.
        if m >= 1 {
            options.push(Candidate {
                pass: false,
                value: self.again(ones, n - 1, m - 1, k, lead),
            });
        }
        // F2/G2: pass; a second pass in a row ends the game.
        if m + k >= 2 {
            let value = if passed {
                match (variant, lead.signum()) {
                    (Variant::Pairs, 1) => win.clone(),
                    (Variant::Pairs, -1) => loss.clone(),
                    _ => draw.clone(),
                }
            } else {
                self.values[self.index(VariantState {
                    lead: -lead,
                    passed: true,
                    ..s
                })]
                .swapped()
            };
            options.push(Candidate { pass: true, value });
        }
        // F3/G3: an unknown card first.
        let unknown = 2 * n - 2 * m - k;
        let left = unknown - 1;
        let pick = |options: Vec<Value>| {
            choose(
                variant,
                options
                    .into_iter()
                    .map(|value| Candidate { pass: false, value })
                    .collect(),
            )
        };
        let mut cases: Vec<(usize, Value)> = Vec::new();
        if ones == 0 {
            let r = n - 1 - m - k;
            // (a) a number with one card known.
            if k >= 1 {
                let mut seconds = vec![self.again(0, n - 1, m, k - 1, lead)];
                if m + k >= 2 {
                    seconds.push(self.over(0, n, m + 1, k - 1, lead));
                }
                let mut parts = vec![(2, self.over(1, n, m + 1, k, lead))];
                if k >= 2 {
                    parts.push((k - 1, self.over(0, n, m + 2, k - 2, lead)));
                }
                if r >= 1 {
                    parts.push((2 * r, self.over(0, n, m + 1, k, lead)));
                }
                seconds.push(mixture(left, &parts));
                cases.push((k, pick(seconds)));
            }
            // (b) a 1.
            {
                let mut seconds = Vec::new();
                if m + k >= 1 {
                    seconds.push(self.over(1, n, m, k + 1, lead));
                }
                let mut parts = vec![(1, win.clone())];
                if k >= 1 {
                    parts.push((k, self.over(1, n, m + 1, k, lead)));
                }
                if r >= 1 {
                    parts.push((2 * r, self.over(1, n, m, k + 2, lead)));
                }
                seconds.push(mixture(left, &parts));
                cases.push((2, pick(seconds)));
            }
            // (c) a number none of whose cards is known.
            if r >= 1 {
                let mut seconds = Vec::new();
                if m + k >= 1 {
                    seconds.push(self.over(0, n, m, k + 1, lead));
                }
                let mut parts = vec![
                    (1, self.again(0, n - 1, m, k, lead)),
                    (2, self.over(1, n, m, k + 2, lead)),
                ];
                if k >= 1 {
                    parts.push((k, self.over(0, n, m + 1, k, lead)));
                }
                if r >= 2 {
                    parts.push((2 * r - 2, self.over(0, n, m, k + 2, lead)));
                }
                seconds.push(mixture(left, &parts));
                cases.push((2 * r, pick(seconds)));
            }
        } else {
            let r = n - m - k;
            // (a) a number other than 1 with one card known.
            if k >= 2 {
                let mut seconds = vec![
                    self.again(1, n - 1, m, k - 1, lead),
                    self.over(1, n, m + 1, k - 1, lead),
                ];
                let mut parts = vec![(1, loss.clone())];
                if k >= 3 {
                    parts.push((k - 2, self.over(1, n, m + 2, k - 2, lead)));
                }
                if r >= 1 {
                    parts.push((2 * r, self.over(1, n, m + 1, k, lead)));
                }
                seconds.push(mixture(left, &parts));
                cases.push((k - 1, pick(seconds)));
            }
            // (b) the other 1: the mover takes the 1s.
            cases.push((1, win.clone()));
            // (c) a number none of whose cards is known.
            if r >= 1 {
                let mut seconds = vec![self.over(1, n, m, k + 1, lead)];
                let mut parts = vec![(1, self.again(1, n - 1, m, k, lead)), (1, loss.clone())];
                if k >= 2 {
                    parts.push((k - 1, self.over(1, n, m + 1, k, lead)));
                }
                if r >= 2 {
                    parts.push((2 * r - 2, self.over(1, n, m, k + 2, lead)));
                }
                seconds.push(mixture(left, &parts));
                cases.push((2 * r, pick(seconds)));
            }
        }
        options.push(Candidate {
            pass: false,
            value: mixture(unknown, &cases),
        });
        choose(variant, options)
    }
}
