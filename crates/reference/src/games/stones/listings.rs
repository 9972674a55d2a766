//! The article's own listings (document 001), computing as they are written,
//! so its statements about them — their values and their cost — are checked
//! on code that does what the listing does:
//!
//! - memoised recursion with `@functools.lru_cache(None)` is a recursion
//!   whose memo (a `HashMap`) caches every call, base cases included, so
//!   [`Memoised::states`] is the size of Python's cache and
//!   [`Memoised::calls`] the number of calls made;
//! - a slice sum `sum(stones[a:b])` adds the slice element by element;
//! - points are generic ([`Points`]): on [`Counted`](super::points::Counted)
//!   points every addition, subtraction and comparison is counted.
//!
//! Where a listing as printed computes something else than the game's value
//! (Game 1 解法1, Game 2 解法1's slice bounds, Game 1's 区間DP), both the
//! listing as printed and as corrected are here; SPEC.md "Errata" explains.
//! The optimized solvers of [`optimized`](super::optimized) are the article's
//! 解法3 forms (bottom-up tables); these recursions are their 解法1/解法2
//! forms, kept as solver variants with their own tests and benches.

use super::points::{prefix_sums, sum, Points};
use super::{Game, SolveError, Stones};
use std::collections::HashMap;
use std::hash::Hash;

/// Longest row of the interval recursions (Games 1, 2): they recurse n
/// calls deep and cache about n²/2 states.
pub const INTERVAL_LIMIT: usize = 2_048;
/// Longest row of Game 3's recursion (n calls deep).
pub const SUFFIX_LIMIT: usize = 4_096;
/// Longest row of Game 5's recursion over subsets (2^n states).
pub const SUBSET_LIMIT: usize = 20;

/// A memoised listing's answer and what its cache saw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Memoised {
    /// The listing's return value: A's lead (score difference).
    pub value: i64,
    /// Entries in the memo at the end: the states evaluated (space).
    pub states: usize,
    /// Calls of `strategy`, cache hits included.
    pub calls: u64,
}

/// Python's `lru_cache(None)`: every call is counted, every value kept.
struct Cache<K, P> {
    memo: HashMap<K, P>,
    calls: u64,
}

impl<K: Hash + Eq, P: Points> Cache<K, P> {
    fn new() -> Self {
        Cache {
            memo: HashMap::new(),
            calls: 0,
        }
    }

    /// A call of `strategy(key)`: the cached value, if there is one.
    fn call(&mut self, key: &K) -> Option<P> {
        self.calls += 1;
        self.memo.get(key).copied()
    }

    fn store(&mut self, key: K, value: P) -> P {
        self.memo.insert(key, value);
        value
    }

    fn answer(&self, value: P) -> Memoised {
        Memoised {
            value: value.get(),
            states: self.memo.len(),
            calls: self.calls,
        }
    }
}

/// `strategy(i, j)` over the stones `i..end` (the listing's `j` is `end − 1`).
struct Interval<P, G> {
    cache: Cache<(usize, usize), P>,
    /// Rows shorter than this are worth 0 without a move: 1 in Game 1
    /// (`if i > j`), 2 in Game 2 (`if i >= j`).
    shortest_played: usize,
    /// The mover's points for taking the left (`true`) or right stone of i..end.
    gain: G,
}

impl<P: Points, G: Fn(usize, usize, bool) -> P> Interval<P, G> {
    fn run(values: usize, shortest_played: usize, gain: G) -> Memoised {
        let mut search = Interval {
            cache: Cache::new(),
            shortest_played,
            gain,
        };
        let value = search.strategy(0, values);
        search.cache.answer(value)
    }

    fn strategy(&mut self, i: usize, end: usize) -> P {
        if let Some(known) = self.cache.call(&(i, end)) {
            return known;
        }
        let value = if end - i < self.shortest_played {
            P::ZERO
        } else {
            let left = (self.gain)(i, end, true) - self.strategy(i + 1, end);
            let right = (self.gain)(i, end, false) - self.strategy(i, end - 1);
            left.max(right)
        };
        self.cache.store((i, end), value)
    }
}

/// Game 1 解法2 with memoisation (the third listing of §Game 1 解法2): the
/// lead, `max(stones[i] − strategy(i+1, j), stones[j] − strategy(i, j−1))`.
///
/// # Errors
/// [`SolveError::TooManyStones`] past [`INTERVAL_LIMIT`].
pub fn game1_memoised<P: Points>(stones: &Stones) -> Result<Memoised, SolveError> {
    SolveError::check("memoised 解法2", Game::EitherEnd, stones, INTERVAL_LIMIT)?;
    let v = P::row(stones.values_a());
    Ok(Interval::run(v.len(), 1, |i, end, left| {
        if left {
            v[i]
        } else {
            v[end - 1]
        }
    }))
}

/// The slice bounds of Game 2 解法1's listing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SliceBounds {
    /// `sum(stones[i+1:j])` and `sum(stones[i:j-1])` as printed: Python
    /// slices stop before their end, so each leaves out the last stone.
    AsPrinted,
    /// `sum(stones[i+1:j+1])` and `sum(stones[i:j])`: the stones that remain.
    Corrected,
}

/// Game 2 解法1: memoised `strategy(i, j)` that sums the remaining stones'
/// slice afresh at every state, element by element.
///
/// # Errors
/// [`SolveError::TooManyStones`] past [`INTERVAL_LIMIT`].
pub fn game2_slice_sums<P: Points>(
    stones: &Stones,
    bounds: SliceBounds,
) -> Result<Memoised, SolveError> {
    SolveError::check(
        "memoised 解法1",
        Game::EitherEndRemainder,
        stones,
        INTERVAL_LIMIT,
    )?;
    let v = P::row(stones.values_a());
    // The listing's j is end − 1; as printed each slice ends one stone early.
    let short = usize::from(bounds == SliceBounds::AsPrinted);
    Ok(Interval::run(v.len(), 2, |i, end, left| {
        if left {
            sum(&v[i + 1..end - short])
        } else {
            sum(&v[i..end - 1 - short])
        }
    }))
}

/// Game 2 解法2: memoised `strategy(i, j)` with prefix sums
/// (`prefix_sum[j+1] − prefix_sum[i+1]`, `prefix_sum[j] − prefix_sum[i]`).
///
/// # Errors
/// [`SolveError::TooManyStones`] past [`INTERVAL_LIMIT`].
pub fn game2_prefix_sums<P: Points>(stones: &Stones) -> Result<Memoised, SolveError> {
    SolveError::check(
        "memoised 解法2",
        Game::EitherEndRemainder,
        stones,
        INTERVAL_LIMIT,
    )?;
    let prefix = prefix_sums(&P::row(stones.values_a()));
    Ok(Interval::run(prefix.len() - 1, 2, |i, end, left| {
        if left {
            prefix[end] - prefix[i + 1]
        } else {
            prefix[end - 1] - prefix[i]
        }
    }))
}

/// Game 3 解法1: memoised `strategy(i)`; `if i >= n-1: return
/// sum(stones[i:])`, else the best of `sum(stones[i:i+k]) − strategy(i+k)`
/// for k = 1, 2, 3 (slices past the end are cut short, as in Python).
///
/// # Errors
/// [`SolveError::TooManyStones`] past [`SUFFIX_LIMIT`].
pub fn game3_memoised<P: Points>(stones: &Stones) -> Result<Memoised, SolveError> {
    SolveError::check("memoised 解法1", Game::FrontUpToThree, stones, SUFFIX_LIMIT)?;
    struct Suffix<'a, P> {
        v: &'a [P],
        cache: Cache<usize, P>,
    }
    impl<P: Points> Suffix<'_, P> {
        fn strategy(&mut self, i: usize) -> P {
            if let Some(known) = self.cache.call(&i) {
                return known;
            }
            let n = self.v.len();
            let value = if i + 1 >= n {
                sum(&self.v[i.min(n)..])
            } else {
                let mut best = None;
                for k in 1..=3 {
                    let lead = sum(&self.v[i..(i + k).min(n)]) - self.strategy(i + k);
                    best = Some(best.map_or(lead, |b: P| b.max(lead)));
                }
                best.expect("three options")
            };
            self.cache.store(i, value)
        }
    }
    let v = P::row(stones.values_a());
    let mut search = Suffix {
        v: &v,
        cache: Cache::new(),
    };
    let value = search.strategy(0);
    Ok(search.cache.answer(value))
}

/// Game 4's listing: memoised `strategy(i, M)`; `if i + 2*M >= n: return
/// sum(stones[i:])` (take everything once allowed), else the best of
/// `sum(stones[i:i+X]) − strategy(i+X, max(M, X))` for X = 1..=2M. Taking
/// everything is optimal only when no stone is negative (SPEC.md).
///
/// # Errors
/// [`SolveError::TooManyStones`] past [`INTERVAL_LIMIT`].
pub fn game4_memoised<P: Points>(stones: &Stones) -> Result<Memoised, SolveError> {
    SolveError::check(
        "memoised listing",
        Game::FrontDoubling,
        stones,
        INTERVAL_LIMIT,
    )?;
    struct Doubling<'a, P> {
        v: &'a [P],
        cache: Cache<(usize, usize), P>,
    }
    impl<P: Points> Doubling<'_, P> {
        fn strategy(&mut self, i: usize, m: usize) -> P {
            if let Some(known) = self.cache.call(&(i, m)) {
                return known;
            }
            let n = self.v.len();
            let value = if i + 2 * m >= n {
                sum(&self.v[i..])
            } else {
                let mut best = None;
                for x in 1..=2 * m {
                    let lead = sum(&self.v[i..i + x]) - self.strategy(i + x, m.max(x));
                    best = Some(best.map_or(lead, |b: P| b.max(lead)));
                }
                best.expect("at least one take")
            };
            self.cache.store((i, m), value)
        }
    }
    let v = P::row(stones.values_a());
    let mut search = Doubling {
        v: &v,
        cache: Cache::new(),
    };
    let value = search.strategy(0, 1);
    Ok(search.cache.answer(value))
}

/// Game 5 解法1: memoised `strategy(player, state)`, `state` saying which
/// stones remain; the mover takes any remaining stone. (The listing as
/// printed has its last two `return`s indented one level too deep; this is
/// the recursion its text describes.)
///
/// # Errors
/// [`SolveError::TooManyStones`] past [`SUBSET_LIMIT`].
pub fn game5_memoised<P: Points>(stones: &Stones) -> Result<Memoised, SolveError> {
    SolveError::check(
        "memoised 解法1",
        Game::AnyStoneTwoValues,
        stones,
        SUBSET_LIMIT,
    )?;
    struct Subsets<'a, P> {
        values: [&'a [P]; 2],
        cache: Cache<(usize, u32), P>,
    }
    impl<P: Points> Subsets<'_, P> {
        /// `player` 0 is A; bit k of `remaining` is `state[k]`.
        fn strategy(&mut self, player: usize, remaining: u32) -> P {
            if let Some(known) = self.cache.call(&(player, remaining)) {
                return known;
            }
            let mut best = None;
            for k in 0..self.values[0].len() {
                if remaining & (1 << k) != 0 {
                    let lead =
                        self.values[player][k] - self.strategy(1 - player, remaining & !(1 << k));
                    best = Some(best.map_or(lead, |b: P| b.max(lead)));
                }
            }
            self.cache
                .store((player, remaining), best.unwrap_or(P::ZERO))
        }
    }
    let (a, b) = (P::row(stones.values_a()), P::row(stones.values_b()));
    let mut search = Subsets {
        values: [&a, &b],
        cache: Cache::new(),
    };
    let value = search.strategy(0, (1u32 << a.len()) - 1);
    Ok(search.cache.answer(value))
}

/// Game 1 解法1: A's own total by a two-level max/min — A maximises over
/// its two ends, B (who "minimises A's score", the same as maximising its
/// own since the total is fixed) over the next two.
///
/// The article's formula and listing add **B's** stone to A's score inside
/// the min (`left = min(stones[i+1] + strategy(i+2, j), …)`); with
/// `as_printed` false B's stone is B's and adds nothing for A
/// (Errata, 001, STO-004). Memoised on (i, j), as 解法2 is, for speed.
///
/// # Errors
/// [`SolveError::TooManyStones`] past [`INTERVAL_LIMIT`].
pub fn game1_first_player_score(stones: &Stones, as_printed: bool) -> Result<i64, SolveError> {
    SolveError::check("解法1", Game::EitherEnd, stones, INTERVAL_LIMIT)?;
    fn a_score(
        v: &[i64],
        i: isize,
        j: isize,
        as_printed: bool,
        memo: &mut HashMap<(isize, isize), i64>,
    ) -> i64 {
        if i > j {
            return 0;
        }
        if i == j {
            return v[i as usize];
        }
        if let Some(&s) = memo.get(&(i, j)) {
            return s;
        }
        let b_stone = |k: isize| if as_printed { v[k as usize] } else { 0 };
        // A takes the left stone i; B then takes i+1 or j.
        let left = (b_stone(i + 1) + a_score(v, i + 2, j, as_printed, memo))
            .min(b_stone(j) + a_score(v, i + 1, j - 1, as_printed, memo));
        // A takes the right stone j; B then takes i or j-1.
        let right = (b_stone(i) + a_score(v, i + 1, j - 1, as_printed, memo))
            .min(b_stone(j - 1) + a_score(v, i, j - 2, as_printed, memo));
        let s = (v[i as usize] + left).max(v[j as usize] + right);
        memo.insert((i, j), s);
        s
    }
    let v = stones.values_a();
    Ok(a_score(
        v,
        0,
        v.len() as isize - 1,
        as_printed,
        &mut HashMap::new(),
    ))
}

/// §区間DPを使ったGame 1の解法 as printed: `dp = [[0]*n for _ in range(n)]`
/// and widths from 1, so `dp[i][i]` stays 0 — a last stone counts for
/// nothing. (With `dp[i][i] = stones[i]` it is
/// [`optimized`](super::optimized)'s Game 1 solver.)
///
/// # Errors
/// [`SolveError::TooManyStones`] past [`INTERVAL_LIMIT`] (an n × n table).
pub fn game1_interval_dp_as_printed(stones: &Stones) -> Result<i64, SolveError> {
    SolveError::check("区間DP listing", Game::EitherEnd, stones, INTERVAL_LIMIT)?;
    let v = stones.values_a();
    let n = v.len();
    let mut dp = vec![vec![0i64; n]; n];
    for width in 1..n {
        for i in 0..n - width {
            let j = i + width;
            dp[i][j] = (v[i] - dp[i + 1][j]).max(v[j] - dp[i][j - 1]);
        }
    }
    Ok(dp[0][n - 1])
}
