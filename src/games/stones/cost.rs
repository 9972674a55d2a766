//! Measured cost of the article's listings (document 001), to check the
//! complexity it states. Each function runs the listing's algorithm on `n`
//! stones and counts its basic steps; [`growth`] turns counts at n and 2n
//! into an order of growth.

use std::collections::HashMap;

/// A fixed xorshift sequence from `seed` (non-zero), so cost counts, the
/// claims stated "on fixed pseudo-random rows" and the benches are
/// reproducible without a random-number dependency.
pub fn xorshift(seed: u64) -> impl FnMut() -> u64 {
    let mut x = seed;
    move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    }
}

/// `n` stone values in 0..bound from `seed`.
#[must_use]
pub fn sample_row(n: usize, bound: u64, seed: u64) -> Vec<i64> {
    let mut next = xorshift(seed);
    (0..n).map(|_| (next() % bound) as i64).collect()
}

fn values(n: usize) -> Vec<i64> {
    sample_row(n, 1000, 0x9E37_79B9_7F4A_7C15)
}

fn values_below(n: usize, bound: u64) -> Vec<i64> {
    sample_row(n, bound, 0x9E37_79B9_7F4A_7C15)
}

/// Game 1 解法2 / Game 2 解法2: memoised strategy(i, j) — counts evaluations.
#[must_use]
pub fn memoised_interval_evaluations(n: usize) -> u64 {
    // Every (i, j) with i ≤ j is evaluated once, each in O(1).
    let mut seen = HashMap::new();
    fn visit(i: usize, j: usize, seen: &mut HashMap<(usize, usize), ()>) {
        if i > j || seen.insert((i, j), ()).is_some() {
            return;
        }
        if i < j {
            visit(i + 1, j, seen);
            visit(i, j - 1, seen);
        }
    }
    // Iterative over widths to avoid deep recursion: same set of states.
    for width in 0..n {
        for i in 0..n - width {
            visit(i, i + width, &mut seen);
        }
    }
    seen.len() as u64
}

/// Game 2 解法1: memoised strategy(i, j) where each evaluation sums two
/// slices element by element — counts additions.
#[must_use]
pub fn slice_sum_additions(n: usize) -> u64 {
    let v = values(n);
    let mut additions = 0u64;
    let mut sink = 0i64;
    for width in 1..n {
        for i in 0..n - width {
            let j = i + width;
            for &x in &v[i + 1..=j] {
                sink = sink.wrapping_add(x);
                additions += 1;
            }
            for &x in &v[i..j] {
                sink = sink.wrapping_add(x);
                additions += 1;
            }
        }
    }
    std::hint::black_box(sink);
    additions
}

/// Game 3 解法2: the suffix DP — counts the slice elements summed.
#[must_use]
pub fn suffix_dp_steps(n: usize) -> u64 {
    (0..n)
        .map(|i| (1..=3u64).map(|k| k.min((n - i) as u64)).sum::<u64>())
        .sum()
}

/// Game 5 解法2: sorting n stones by a + b — counts comparisons.
#[must_use]
pub fn greedy_comparisons(n: usize) -> u64 {
    // Distinct-ish keys: a sort may finish early on many equal keys.
    let a = values_below(n, 1 << 40);
    let b: Vec<i64> = values_below(n + 7, 1 << 40).into_iter().skip(7).collect();
    let mut pairs: Vec<(i64, i64)> = a.into_iter().zip(b).collect();
    let mut comparisons = 0u64;
    pairs.sort_by(|x, y| {
        comparisons += 1;
        (y.0 + y.1).cmp(&(x.0 + x.1))
    });
    comparisons + n as u64
}

/// Game 5 解法1: memoised strategy(player, state) — counts states reached.
#[must_use]
pub fn subset_states(n: usize) -> u64 {
    // Reachable states are the subsets of stones taken; the player is fixed
    // by the subset's size, so there are 2^n.
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![0u64];
    while let Some(taken) = stack.pop() {
        if !seen.insert(taken) {
            continue;
        }
        for k in 0..n {
            if taken & (1 << k) == 0 {
                stack.push(taken | (1 << k));
            }
        }
    }
    seen.len() as u64
}

/// The order of growth from counts at n and 2n: "O(n)", "O(n log n)",
/// "O(n^2)", "O(n^3)", or for counts at n and n+1 with `step_one`,
/// "O(2^n)".
#[must_use]
pub fn growth(at_n: u64, at_2n: u64) -> &'static str {
    let ratio = at_2n as f64 / at_n as f64;
    match ratio {
        r if r < 2.05 => "O(n)",
        r if r < 3.0 => "O(n log n)",
        r if r < 6.0 => "O(n^2)",
        r if r < 12.0 => "O(n^3)",
        _ => "faster than O(n^3)",
    }
}

/// "O(2^n)" when the count doubles with each extra stone.
#[must_use]
pub fn exponential_growth(at_n: u64, at_n_plus_1: u64) -> &'static str {
    if at_n_plus_1 == 2 * at_n {
        "O(2^n)"
    } else {
        "not O(2^n)"
    }
}
