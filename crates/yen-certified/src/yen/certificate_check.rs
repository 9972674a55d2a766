//! The verifier of a certified yen table's certificate (format in
//! [`crate::yen::certificate`]; SPEC.md, "The certificate verifier").
//!
//! Written apart from the certified solver: it reads only the certificate
//! and the rules' public [`State`] API ([`State::after`] for the successors,
//! [`State::decided`] for the settled states), and recomputes every
//! interval bottom-up from the stored strategies alone with its own exact
//! fixed-point sums. For a stage game of state s with A's stored strategy p
//! and B's q, every successor s.after(x, y) already verified as [L, U]:
//!
//! - lower(s) = max( minᵧ Σₓ pₓ·L(x, y) / Σₓ pₓ , max over x in p's support of minᵧ L(x, y) ),
//! - upper(s) = min( maxₓ Σᵧ qᵧ·U(x, y) / Σᵧ qᵧ , min over y in q's support of maxₓ U(x, y) ),
//!
//! the guarantee of p against every pure reply of B and the ceiling of q
//! against every pure reply of A (each also as a pure bet of the support,
//! which proves ±1 exactly where a float mix keeps a rounding-level weight
//! elsewhere). Weights are rounded down and payoffs outward to multiples of
//! 2⁻⁵⁰, the sums are exact `i128`, and the quotient is rounded outward to
//! the same grid by integer floor and ceiling division, so each bound holds
//! the exact value whatever the strategies are. Then: a state set +1 by
//! monotonicity needs its predecessor d − 2 verified as exactly +1 (−1: its
//! successor d + 2 as exactly −1); a symmetric state (a = b, d = 0) must
//! contain 0 and is then exactly 0 (its stage game is skew-symmetric); the
//! mirror (r, b, a, −d) of a canonical state has the negated interval.
//!
//! Each stage game costs (|p| + |q|)·(T + 1) successor look-ups: the work is
//! linear in the certificate's strategies times the stage games' sides.
//!
//! The pure-bet search: where the stored strategies give a bound looser than
//! the claimed one by more than [`SLACK`] (the solver claims the best pure
//! bet over every bet it tried, and may store that bet with weight 0), the
//! verifier tries every pure bet of that side, maxₓ minᵧ L(x, y) over
//! x = 0..=a (B: minᵧ maxₓ U(x, y) over y = 0..=b), and keeps the better
//! bound. Each is the guarantee of one pure bet against every reply, read
//! from intervals the verifier proved itself, so it is as sound as the
//! stored strategies' bounds; it costs (a + 1)·(b + 1) look-ups, only at the
//! states that need it ([`Verdict::searched`] counts them).

use crate::yen::certificate::{Block, CertificateError, Entry, Reader};
use rayon::prelude::*;
use solved_games_reference::games::yen::rules::State;
use solved_games_reference::progress::Progress;
use std::io::Read;

/// How far a verified bound may lie outside the bound the certificate
/// claims: the verifier rounds its quotients to the 2⁻⁵⁰ grid, the solver to
/// the nearest float, so a bound may come out up to 2⁻⁵⁰ looser per layer
/// (about 10⁻¹⁴ over 10 layers).
pub const SLACK: f64 = 1e-13;

/// The fixed-point grid: 2⁵⁰.
const GRID: f64 = (1u64 << 50) as f64;

/// A verified interval: lower ≤ exact value ≤ upper.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bounds {
    /// The lower bound.
    pub lower: f64,
    /// The upper bound.
    pub upper: f64,
}

impl Bounds {
    const MISSING: Bounds = Bounds {
        lower: f64::NAN,
        upper: f64::NAN,
    };

    fn point(v: f64) -> Bounds {
        Bounds { lower: v, upper: v }
    }

    fn negated(self) -> Bounds {
        Bounds {
            lower: -self.upper,
            upper: -self.lower,
        }
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
}

/// A start's stage game as verified.
#[derive(Debug, Clone, PartialEq)]
pub struct Start {
    /// T'.
    pub total: u64,
    /// The interval of the start's value (exactly 0 once its strategies'
    /// bounds contain 0).
    pub interval: Bounds,
    /// The bounds its strategies give before the skew-symmetry theorem.
    pub strategy_bounds: Bounds,
    /// A's first-round strategy.
    pub strategy_a: Vec<(u64, f64)>,
    /// B's first-round strategy.
    pub strategy_b: Vec<(u64, f64)>,
}

/// The first state whose stored facts do not hold.
#[derive(Debug, Clone, PartialEq)]
pub struct Failure {
    /// The state.
    pub state: State,
    /// What does not hold.
    pub reason: String,
}

/// What the verifier found.
pub struct Verdict {
    /// The largest T.
    pub total: u64,
    /// R.
    pub rounds: u32,
    /// Every start T' = 1..T.
    pub starts: Vec<Start>,
    /// Canonical states verified (skipped ones not counted).
    pub states: u64,
    /// Stage games re-evaluated.
    pub stage_games: u64,
    /// States set by monotonicity.
    pub monotone: u64,
    /// Stage games whose stored strategies fell short of a claimed bound by
    /// more than [`SLACK`] and where every pure bet of that side was
    /// searched (module docs, "the pure-bet search").
    pub searched: u64,
    /// The widest verified interval.
    pub max_width: f64,
    /// A state with it.
    pub widest: Option<State>,
    /// The first failure, in the file's order; `None` if every fact holds.
    pub failure: Option<Failure>,
    table: Verifier,
}

impl Verdict {
    /// The verified interval of `state` (settled states by the rules, the
    /// mirror of a canonical state negated), or `None` where the
    /// certificate holds none.
    #[must_use]
    pub fn interval(&self, state: State) -> Option<Bounds> {
        self.table.lookup(state)
    }
}

/// One layer's verified intervals, indexed by (a, b) like the certificate.
struct Layer {
    /// (first d, offset, count) per a·(T + 1) + b; count 0 where no block.
    index: Vec<(i64, usize, usize)>,
    values: Vec<Bounds>,
}

struct Verifier {
    total: u64,
    layers: Vec<Option<Layer>>,
}

impl Verifier {
    /// The verified interval of `s`, or `None` if the certificate does not
    /// hold it.
    fn lookup(&self, s: State) -> Option<Bounds> {
        if let Some(v) = s.decided() {
            return Some(Bounds::point(v as f64));
        }
        let layer = self.layers.get(s.rounds_left as usize)?.as_ref()?;
        let (a, b, d, flip) =
            if s.money_a < s.money_b || (s.money_a == s.money_b && s.gain_diff <= 0) {
                (s.money_a, s.money_b, s.gain_diff, false)
            } else {
                (s.money_b, s.money_a, -s.gain_diff, true)
            };
        let n = self.total as usize + 1;
        let (first, offset, count) = *layer.index.get(a as usize * n + b as usize)?;
        if d < first || (d - first) % 2 != 0 || ((d - first) / 2) as usize >= count {
            return None;
        }
        let v = layer.values[offset + ((d - first) / 2) as usize];
        if v.lower.is_nan() {
            return None;
        }
        Some(if flip { v.negated() } else { v })
    }

    /// Bounds from the stored strategies of `s` (see the module docs), or
    /// the first successor the certificate lacks.
    fn stage(&self, s: State, p: &[(u64, f64)], q: &[(u64, f64)]) -> Result<Bounds, String> {
        let missing = |t: State| format!("its successor {t} is not in the certificate");
        let fixed = |x: f64| (x * GRID).floor() as i128;
        // A's guarantee against every pure reply y.
        let mut sums = vec![0i128; s.money_b as usize + 1];
        let mut weight: i128 = 0;
        let mut pure_lower = f64::NEG_INFINITY;
        for &(x, px) in p {
            let w = fixed(px);
            weight += w;
            let mut worst = f64::INFINITY;
            for (y, sum) in sums.iter_mut().enumerate() {
                let t = s.after(x, y as u64);
                let v = self.lookup(t).ok_or_else(|| missing(t))?;
                worst = worst.min(v.lower);
                *sum += w * fixed(v.lower);
            }
            pure_lower = pure_lower.max(worst);
        }
        let mixed_lower = match sums.iter().min() {
            Some(&m) if weight > 0 => m.div_euclid(weight) as f64 / GRID,
            _ => f64::NEG_INFINITY,
        };
        // B's ceiling against every pure reply x.
        let mut sums = vec![0i128; s.money_a as usize + 1];
        let mut weight: i128 = 0;
        let mut pure_upper = f64::INFINITY;
        for &(y, qy) in q {
            let w = fixed(qy);
            weight += w;
            let mut best = f64::NEG_INFINITY;
            for (x, sum) in sums.iter_mut().enumerate() {
                let t = s.after(x as u64, y);
                let v = self.lookup(t).ok_or_else(|| missing(t))?;
                best = best.max(v.upper);
                // ⌈U·2⁵⁰⌉ = −⌊−U·2⁵⁰⌋.
                *sum += w * -fixed(-v.upper);
            }
            pure_upper = pure_upper.min(best);
        }
        let mixed_upper = match sums.iter().max() {
            // ⌈m / w⌉ = −⌊−m / w⌋.
            Some(&m) if weight > 0 => -((-m).div_euclid(weight)) as f64 / GRID,
            _ => f64::INFINITY,
        };
        Ok(Bounds {
            lower: mixed_lower.max(pure_lower),
            upper: mixed_upper.min(pure_upper),
        })
    }

    /// The best pure bet of either side at `s` over every bet, not only the
    /// stored ones: (maxₓ minᵧ L(x, y), minᵧ maxₓ U(x, y)), each a bound the
    /// pure bet guarantees against every reply, read from the verified
    /// intervals of the successors (already outward, so no rounding is
    /// needed). `lower`/`upper` choose which sides are searched; a side not
    /// searched comes back infinite. Costs (a + 1)·(b + 1) look-ups a side.
    fn pure_search(&self, s: State, lower: bool, upper: bool) -> Result<Bounds, String> {
        let missing = |t: State| format!("its successor {t} is not in the certificate");
        let mut best = Bounds {
            lower: f64::NEG_INFINITY,
            upper: f64::INFINITY,
        };
        if lower {
            for x in 0..=s.money_a {
                let mut worst = f64::INFINITY;
                for y in 0..=s.money_b {
                    let t = s.after(x, y);
                    worst = worst.min(self.lookup(t).ok_or_else(|| missing(t))?.lower);
                }
                best.lower = best.lower.max(worst);
            }
        }
        if upper {
            for y in 0..=s.money_b {
                let mut top = f64::NEG_INFINITY;
                for x in 0..=s.money_a {
                    let t = s.after(x, y);
                    top = top.max(self.lookup(t).ok_or_else(|| missing(t))?.upper);
                }
                best.upper = best.upper.min(top);
            }
        }
        Ok(best)
    }

    /// Verifies one block against the layers below: its intervals, the
    /// counts (stage games, monotone, pure-bet searches) and its first
    /// failure.
    fn block(&self, block: &Block) -> (Vec<Bounds>, u64, u64, u64, Option<Failure>) {
        let mut values = vec![Bounds::MISSING; block.entries.len()];
        let (mut stages, mut monotone, mut searched) = (0, 0, 0);
        let mut failure: Option<Failure> = None;
        let mut fail = |state: State, reason: String| {
            if failure.is_none() {
                failure = Some(Failure { state, reason });
            }
        };
        for (k, entry) in block.entries.iter().enumerate() {
            let Entry::Stage {
                claimed,
                strategy_a,
                strategy_b,
            } = entry
            else {
                continue;
            };
            let s = block.state(k);
            stages += 1;
            if s.decided().is_some() {
                fail(s, "a settled state has a stage game".into());
                continue;
            }
            // The stored strategies first; where one side falls short of its
            // claimed bound (the solver may claim the pure bound of a bet it
            // tried and stored with weight 0), every pure bet of that side.
            let mut pure_searched = false;
            let verified = self.stage(s, strategy_a, strategy_b).and_then(|v| {
                let short_lower = v.lower < claimed.lower - SLACK;
                let short_upper = v.upper > claimed.upper + SLACK;
                if !short_lower && !short_upper {
                    return Ok(v);
                }
                pure_searched = true;
                let pure = self.pure_search(s, short_lower, short_upper)?;
                Ok(Bounds {
                    lower: v.lower.max(pure.lower),
                    upper: v.upper.min(pure.upper),
                })
            });
            searched += u64::from(pure_searched);
            match verified {
                Err(why) => fail(s, why),
                Ok(v) => {
                    if v.lower < claimed.lower - SLACK || v.upper > claimed.upper + SLACK {
                        let by = if pure_searched {
                            "the stored strategies and every pure bet"
                        } else {
                            "the stored strategies"
                        };
                        fail(
                            s,
                            format!(
                                "{by} give [{:e}, {:e}], not the claimed [{:e}, {:e}]",
                                v.lower, v.upper, claimed.lower, claimed.upper
                            ),
                        );
                    }
                    if s.money_a == s.money_b && s.gain_diff == 0 {
                        if v.contains(0.0) {
                            values[k] = Bounds::point(0.0);
                        } else {
                            fail(
                                s,
                                format!(
                                    "a symmetric state's bounds [{:e}, {:e}] exclude 0",
                                    v.lower, v.upper
                                ),
                            );
                            values[k] = v;
                        }
                    } else {
                        values[k] = v;
                    }
                }
            }
        }
        for k in 0..values.len() {
            if block.entries[k] == Entry::PlusByMonotonicity {
                monotone += 1;
                if k > 0 && values[k - 1].lower == 1.0 {
                    values[k] = Bounds::point(1.0);
                } else {
                    fail(
                        block.state(k),
                        "set +1 by monotonicity, but d − 2 is not exactly +1".into(),
                    );
                }
            }
        }
        for k in (0..values.len()).rev() {
            if block.entries[k] == Entry::MinusByMonotonicity {
                monotone += 1;
                if k + 1 < values.len() && values[k + 1].upper == -1.0 {
                    values[k] = Bounds::point(-1.0);
                } else {
                    fail(
                        block.state(k),
                        "set −1 by monotonicity, but d + 2 is not exactly −1".into(),
                    );
                }
            }
        }
        (values, stages, monotone, searched, failure)
    }
}

/// Reads the certificate from `reader` and verifies it (module docs),
/// reporting blocks done to `progress`.
///
/// # Errors
/// An I/O error, or a malformed certificate (bad header or body, blocks out
/// of order, a truncated file, a body whose SHA-256 does not match).
pub fn verify<R: Read>(
    mut reader: Reader<R>,
    progress: &dyn Progress,
) -> Result<Verdict, CertificateError> {
    let header = reader.header();
    let (total, rounds) = (header.total, header.rounds);
    let n = total as usize + 1;
    let mut v = Verifier {
        total,
        layers: (0..=rounds).map(|_| None).collect(),
    };
    let mut verdict = Verdict {
        table: Verifier {
            total,
            layers: Vec::new(),
        },
        total,
        rounds,
        starts: Vec::new(),
        states: 0,
        stage_games: 0,
        monotone: 0,
        searched: 0,
        max_width: 0.0,
        widest: None,
        failure: None,
    };
    progress.begin("layers", Some(u64::from(rounds - 1)));
    let mut pending: Vec<Block> = Vec::new();
    let mut last: Option<(u32, u64, u64)> = None;
    let finish = |v: &mut Verifier, blocks: Vec<Block>, verdict: &mut Verdict| {
        let Some(r) = blocks.first().map(|b| b.rounds_left) else {
            return;
        };
        let results: Vec<_> = blocks.par_iter().map(|b| v.block(b)).collect();
        let mut layer = Layer {
            index: vec![(0, 0, 0); n * n],
            values: Vec::new(),
        };
        for (block, (values, stages, monotone, searched, failure)) in blocks.iter().zip(results) {
            verdict.stage_games += stages;
            verdict.searched += searched;
            verdict.monotone += monotone;
            if verdict.failure.is_none() {
                verdict.failure = failure;
            }
            for (k, b) in values.iter().enumerate() {
                if b.lower.is_nan() {
                    continue;
                }
                verdict.states += 1;
                if verdict.widest.is_none() || b.width() > verdict.max_width {
                    verdict.max_width = b.width();
                    verdict.widest = Some(block.state(k));
                }
            }
            if r == rounds {
                if let Entry::Stage {
                    strategy_a,
                    strategy_b,
                    ..
                } = &block.entries[0]
                {
                    let strategy_bounds = v
                        .stage(block.state(0), strategy_a, strategy_b)
                        .unwrap_or(Bounds::MISSING);
                    verdict.starts.push(Start {
                        total: block.money_a,
                        interval: values[0],
                        strategy_bounds,
                        strategy_a: strategy_a.clone(),
                        strategy_b: strategy_b.clone(),
                    });
                }
            }
            layer.index[block.money_a as usize * n + block.money_b as usize] =
                (block.first_gain_diff, layer.values.len(), values.len());
            layer.values.extend(values);
        }
        v.layers[r as usize] = Some(layer);
        progress.advance(1);
    };
    while let Some(block) = reader.next_block()? {
        let key = (block.rounds_left, block.money_a, block.money_b);
        let canonical = block.money_a < block.money_b
            || (block.money_a == block.money_b
                && block.first_gain_diff + 2 * block.entries.len() as i64 - 2 <= 0);
        if !canonical {
            return Err(CertificateError::Malformed(format!(
                "block {},{},{} holds states that are not canonical (a < b, or a = b and d ≤ 0)",
                key.0, key.1, key.2
            )));
        }
        if last.is_some_and(|l| l >= key) {
            return Err(CertificateError::Malformed(format!(
                "block {},{},{} out of order",
                key.0, key.1, key.2
            )));
        }
        if key.0 == rounds
            && (block.money_a != block.money_b
                || block.first_gain_diff != 0
                || block.entries.len() != 1)
        {
            return Err(CertificateError::Malformed(format!(
                "block {},{},{} in the starts' layer is not a start",
                key.0, key.1, key.2
            )));
        }
        if last.is_some_and(|l| l.0 != key.0) {
            finish(&mut v, std::mem::take(&mut pending), &mut verdict);
        }
        last = Some(key);
        pending.push(block);
    }
    finish(&mut v, pending, &mut verdict);
    progress.end();
    verdict.table = v;
    let have: Vec<u64> = verdict.starts.iter().map(|s| s.total).collect();
    if have != (1..=total).collect::<Vec<_>>() && verdict.failure.is_none() {
        verdict.failure = Some(Failure {
            state: State {
                rounds_left: rounds,
                money_a: total,
                money_b: total,
                gain_diff: 0,
            },
            reason: format!(
                "the certificate holds the stage games of {} of the {total} starts",
                have.len()
            ),
        });
    }
    Ok(verdict)
}

impl Start {
    /// A's first-round bets with probability above 1e-9 (as YEN-109 reads
    /// the T ≤ 100 table).
    #[must_use]
    pub fn support(&self) -> Vec<u64> {
        self.strategy_a
            .iter()
            .filter(|&&(_, p)| p > 1e-9)
            .map(|&(bet, _)| bet)
            .collect()
    }
}

/// Runs of T' with the same first-round support, a bet T' − R + 1 written
/// `T-(R−1)` (from T' = R on), e.g. `T 1-9: {0}; T 10-11: {T-9}`.
#[must_use]
pub fn support_pattern(starts: &[Start], rounds: u32) -> String {
    let lag = u64::from(rounds) - 1;
    let mut runs: Vec<(u64, u64, String)> = Vec::new();
    for start in starts {
        let t = start.total;
        let names: Vec<String> = start
            .support()
            .iter()
            .map(|&b| {
                if t > lag && b == t - lag {
                    format!("T-{lag}")
                } else {
                    b.to_string()
                }
            })
            .collect();
        let d = format!("{{{}}}", names.join(", "));
        match runs.last_mut() {
            Some((_, end, last)) if *last == d && *end + 1 == t => *end = t,
            _ => runs.push((t, t, d)),
        }
    }
    runs.iter()
        .map(|(a, b, d)| format!("T {a}-{b}: {d}"))
        .collect::<Vec<_>>()
        .join("; ")
}
