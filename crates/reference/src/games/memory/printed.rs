//! Document 004's displays read as printed: §2.1's recurrences for f, f_a,
//! f_b, f_c, g, g_a, g_c, the count of strategies they list, and the steps
//! of §2.3's proofs of Lemma 2.2 and of (2.1), each written once over a
//! state's value (from either solver, [`super::solved::Solved::value`]).
//! They are how the paper writes its recurrence, kept apart from the
//! recurrence the optimized solver runs ([`super::rules::transitions`]) so
//! that a misprint shows up as a failing state rather than being fixed in
//! passing — as stones keeps the paper's listings in `stones::listings`.

use super::rules::{transitions, Family, State};
use super::solved::Solved;
use crate::solve::exact::half;
use num_rational::BigRational;
use num_traits::{One, Zero};

fn ratio(num: usize, den: usize) -> BigRational {
    BigRational::new(num.into(), den.into())
}

fn one() -> BigRational {
    BigRational::one()
}

/// f(n,m,k) through a value oracle.
fn fv(value: &mut dyn FnMut(State) -> BigRational, n: usize, m: usize, k: usize) -> BigRational {
    value(State::f(n, m, k).expect("a state the display names"))
}

/// g(n,m,k) through a value oracle.
fn gv(value: &mut dyn FnMut(State) -> BigRational, n: usize, m: usize, k: usize) -> BigRational {
    value(State::g(n, m, k).expect("a state the display names"))
}

/// `count · x` where count may be 0 (then x is never asked for: the state it
/// names need not exist).
fn weighted(count: usize, x: impl FnOnce() -> BigRational) -> BigRational {
    if count == 0 {
        BigRational::zero()
    } else {
        BigRational::from_integer(count.into()) * x()
    }
}

fn max_of(values: impl IntoIterator<Item = BigRational>) -> BigRational {
    values
        .into_iter()
        .max()
        .expect("a display has at least one option")
}

/// The best option other than the pass at F(n,m,k), read off §2.1's
/// displays for f, f_a, f_b and f_c as printed, with the preconditions of
/// (F1)–(F3) and every term of probability zero left out.
fn printed_f(
    value: &mut dyn FnMut(State) -> BigRational,
    n: usize,
    m: usize,
    k: usize,
) -> BigRational {
    let u = 2 * n - 2 * m - k;
    let fresh = 2 * n - 2 * m - 2 * k - 2; // cards of numbers with no card known
    let mut options = Vec::new();
    if m >= 1 {
        options.push(fv(value, n - 1, m - 1, k)); // (F1)
    }
    let mut open = BigRational::zero();
    if k >= 1 {
        let mut fa = vec![fv(value, n - 1, m, k - 1)];
        if m + k >= 2 {
            fa.push(one() - fv(value, n, m + 1, k - 1));
        }
        let unknown = weighted(k - 1, || one() - fv(value, n, m + 2, k - 2))
            + weighted(2, || one() - gv(value, n, m + 1, k))
            + weighted(fresh, || one() - fv(value, n, m + 1, k));
        fa.push(unknown / ratio(u - 1, 1));
        open += ratio(k, u) * max_of(fa);
    }
    let mut fb = Vec::new();
    if m + k >= 1 {
        fb.push(one() - gv(value, n, m, k + 1));
    }
    let unknown = one()
        + weighted(k, || one() - gv(value, n, m + 1, k))
        + weighted(fresh, || one() - gv(value, n, m, k + 2));
    fb.push(unknown / ratio(u - 1, 1));
    open += ratio(2, u) * max_of(fb);
    if fresh > 0 {
        let mut fc = Vec::new();
        if m + k >= 1 {
            fc.push(one() - fv(value, n, m, k + 1));
        }
        let unknown = fv(value, n - 1, m, k)
            + weighted(2, || one() - gv(value, n, m, k + 2))
            + weighted(k, || one() - fv(value, n, m + 1, k))
            + weighted(fresh - 2, || one() - fv(value, n, m, k + 2));
        fc.push(unknown / ratio(u - 1, 1));
        open += ratio(fresh, u) * max_of(fc);
    }
    options.push(open);
    max_of(options)
}

/// The best option other than the pass at G(n,m,k), read off §2.1's
/// displays for g, g_a and g_c as printed (their brackets leave out the
/// other 1 turned second, which is worth 0 to the mover).
fn printed_g(
    value: &mut dyn FnMut(State) -> BigRational,
    n: usize,
    m: usize,
    k: usize,
) -> BigRational {
    let u = 2 * n - 2 * m - k;
    let fresh = 2 * n - 2 * m - 2 * k;
    let mut options = Vec::new();
    if m >= 1 {
        options.push(gv(value, n - 1, m - 1, k)); // (G1)
    }
    let mut open = ratio(1, u);
    if k >= 2 {
        let unknown = weighted(k - 2, || one() - gv(value, n, m + 2, k - 2))
            + weighted(fresh, || one() - gv(value, n, m + 1, k));
        let ga = [
            gv(value, n - 1, m, k - 1),
            one() - gv(value, n, m + 1, k - 1),
            unknown / ratio(u - 1, 1),
        ];
        open += ratio(k - 1, u) * max_of(ga);
    }
    if fresh > 0 {
        let unknown = gv(value, n - 1, m, k)
            + weighted(k - 1, || one() - gv(value, n, m + 1, k))
            + weighted(fresh - 2, || one() - gv(value, n, m, k + 2));
        let gc = [one() - gv(value, n, m, k + 1), unknown / ratio(u - 1, 1)];
        open += ratio(fresh, u) * max_of(gc);
    }
    options.push(open);
    max_of(options)
}

/// The states of §2.1's displays where the printed recurrence does not
/// hold: x = max{A, 1 − x} where the pass (F2)/(G2) is possible, x = A
/// otherwise, A being the displays' best other option.
pub fn printed_recurrence_failures(play: &mut impl Solved, max_pairs: usize) -> Vec<String> {
    let mut value = |s| play.value(s);
    let mut failures = Vec::new();
    for n in 1..=max_pairs {
        for m in 0..n {
            for k in 0..=n - m {
                for (state, printed) in [
                    (
                        State::f(n, m, k),
                        printed_f
                            as fn(
                                &mut dyn FnMut(State) -> BigRational,
                                usize,
                                usize,
                                usize,
                            ) -> BigRational,
                    ),
                    (State::g(n, m, k), printed_g),
                ] {
                    let Ok(state) = state else { continue };
                    let x = value(state);
                    let best = printed(&mut value, n, m, k);
                    let equation = if m + k >= 2 {
                        best.max(one() - &x)
                    } else {
                        best
                    };
                    if equation != x {
                        failures.push(state.to_string());
                    }
                }
            }
        }
    }
    failures
}

/// The most options §2.1 lists at any F and at any G state with n ≤
/// `max_pairs`: (F1)/(G1) and (F2)/(G2) where possible, and (F3)/(G3) as one
/// answer for each case that can occur — as the recurrence's move list
/// (`transitions`) has them.
#[must_use]
pub fn most_strategies(max_pairs: usize) -> (usize, usize) {
    let mut most = (0, 0);
    for n in 1..=max_pairs {
        for m in 0..n {
            for k in 0..=n - m {
                for state in [State::f(n, m, k), State::g(n, m, k)].into_iter().flatten() {
                    let t = transitions(state);
                    let open: usize = t.cases().map(|c| c.answers().count()).product();
                    let count = usize::from(t.take_pair.is_some()) + usize::from(t.can_pass) + open;
                    match state.family {
                        Family::F => most.0 = most.0.max(count),
                        Family::G => most.1 = most.1.max(count),
                    }
                }
            }
        }
    }
    most
}

/// Lemma 2.2's proof (§2.3) on g(n,0,·), 2 ≤ n ≤ `max_pairs`: the display
/// for g(n,0,1), its bound by max{1/2, 1/(2n−2) + (n−2)/(2n−2)}, and that
/// the bound is n/(2n−1). Returns the steps that fail.
pub fn lemma_2_2_proof_failures(play: &mut impl Solved, max_pairs: usize) -> Vec<String> {
    let mut value = |s| play.value(s);
    let mut failures = Vec::new();
    for n in 2..=max_pairs {
        let g01 = gv(&mut value, n, 0, 1);
        let inner = max_of([
            one() - gv(&mut value, n, 0, 2),
            (gv(&mut value, n - 1, 0, 1) + weighted(2 * n - 4, || one() - gv(&mut value, n, 0, 3)))
                / ratio(2 * n - 2, 1),
        ]);
        if g01 != ratio(1, 2 * n - 1) + ratio(2 * n - 2, 2 * n - 1) * &inner {
            failures.push(format!("display at n = {n}"));
        }
        let cap = max_of([half(), ratio(1, 2 * n - 2) + ratio(n - 2, 2 * n - 2)]);
        if inner > cap {
            failures.push(format!("bound at n = {n}"));
        }
        if ratio(1, 2 * n - 1) + ratio(2 * n - 2, 2 * n - 1) * cap != ratio(n, 2 * n - 1) {
            failures.push(format!("= n/(2n−1) at n = {n}"));
        }
    }
    failures
}

/// The proof of (2.1) (§2.3), 3 ≤ n ≤ `max_pairs`, every step but the
/// display MEM-009 checks: (2.3), (2.4), (2.5)'s equivalence, the
/// recurrence display for g(n,0,2), the max equal to g(n−1,0,1),
/// g(n−1,0,2) ≤ g(n,1,2), the bracket ≤ n − 2, the bound that contradicts
/// (2.5), and in (2.5)'s case the closing equality and g(n,0,1) > 1/2.
/// Returns the failing steps and the n where (2.5)'s case arises.
pub fn proof_of_2_1_failures(
    play: &mut impl Solved,
    max_pairs: usize,
) -> (Vec<String>, Vec<usize>) {
    let mut value = |s| play.value(s);
    let mut failures = Vec::new();
    let mut case_2_5 = Vec::new();
    for n in 3..=max_pairs {
        let mut g = |m: usize, k: usize| gv(&mut value, n, m, k);
        let (g01, g02, g03, g11, g12) = (g(0, 1), g(0, 2), g(0, 3), g(1, 1), g(1, 2));
        let g04 = (n >= 4).then(|| g(0, 4));
        let prev01 = gv(&mut value, n - 1, 0, 1);
        let prev02 = gv(&mut value, n - 1, 0, 2);
        let (a, b) = (ratio(1, 2 * n - 1), ratio(2 * n - 2, 2 * n - 1));
        let mut fail = |ok: bool, step: &str| {
            if !ok {
                failures.push(format!("{step} at n = {n}"));
            }
        };
        let rhs_2_3 = &a + &b * (one() - &g02);
        fail(g01 >= rhs_2_3, "(2.3)");
        let two_ply = ratio(1, 2 * n - 2) * &prev01 + ratio(2 * n - 4, 2 * n - 2) * (one() - &g03);
        fail(g01 >= &a + &b * &two_ply, "(2.4)");
        let threshold = ratio(2 * n - 1, 2 * (2 * n - 2));
        fail(
            threshold == half() + ratio(1, 2 * (2 * n - 2)),
            "(2.5)'s bound",
        );
        let in_case = g02 > threshold;
        fail((rhs_2_3 < half()) == in_case, "(2.5)'s equivalence");
        let matched = max_of([
            prev01.clone(),
            one() - &g11,
            ratio(2 * n - 4, 2 * n - 3) * (one() - &g12),
        ]);
        let bracket =
            &prev02 + (one() - &g12) + weighted(2 * n - 6, || one() - g04.clone().expect("n ≥ 4"));
        let display = ratio(1, 2 * n - 2)
            + ratio(1, 2 * n - 2) * &matched
            + ratio(2 * n - 4, 2 * n - 2) * max_of([one() - &g03, &bracket / ratio(2 * n - 3, 1)]);
        fail(
            g02 == display.clone().max(half()),
            "the display for g(n,0,2)",
        );
        fail(matched == prev01, "max = g(n−1,0,1)");
        fail(prev02 <= g12, "g(n−1,0,2) ≤ g(n,1,2)");
        fail(bracket <= ratio(n - 2, 1), "the bracket ≤ n − 2");
        let bound = half() + ratio(1, (2 * n - 2) * (2 * n - 3));
        let by_2_2 = ratio(1, 2 * n - 2)
            + ratio(n - 1, (2 * n - 3) * (2 * n - 2))
            + ratio((2 * n - 4) * (n - 2), (2 * n - 2) * (2 * n - 3));
        fail(by_2_2 == bound, "= 1/2 + 1/((2n−2)(2n−3))");
        fail(bound < threshold, "the bound below (2.5)'s");
        if one() - &g03 <= ratio(n - 2, 2 * n - 3) {
            let e = ratio(1, 2 * n - 2)
                + ratio(1, 2 * n - 2) * &prev01
                + ratio(2 * n - 4, 2 * n - 2) * ratio(n - 2, 2 * n - 3);
            fail(
                g02 <= e && e <= bound,
                "the bound when 1 − g(n,0,3) ≤ (n−2)/(2n−3)",
            );
        }
        if in_case {
            case_2_5.push(n);
            let one_ply = ratio(1, 2 * n - 2)
                + ratio(1, 2 * n - 2) * &prev01
                + ratio(2 * n - 4, 2 * n - 2) * (one() - &g03);
            fail(g02 == one_ply, "g(n,0,2) = 1-ply in (2.5)'s case");
            fail(
                g01 >= ratio(2 * n - 2, 2 * n - 1) * &g02 && g01 > half(),
                "g(n,0,1) > 1/2 in (2.5)'s case",
            );
        }
    }
    (failures, case_2_5)
}
