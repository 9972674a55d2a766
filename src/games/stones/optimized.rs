//! The optimized solvers of document 001: interval DP for Games 1 and 2
//! (§Game 2 解法3, with prefix sums), a suffix DP for Game 3 (§Game 3 解法2),
//! a DP over (i, M) for Game 4, and the sort-by-(a+b) greedy for Game 5
//! (§Game 5 解法2).

use super::{Game, GameResult, Stones};

/// Solves `game` on `stones`.
///
/// # Errors
/// Never for the games here (construction of [`Stones`] bounds every sum);
/// the `Result` keeps room for limits on table sizes.
pub fn solve(game: Game, stones: &Stones) -> Result<GameResult, String> {
    let a = stones.values_a();
    let total: i64 = a.iter().sum();
    // Games 1, 3, 4 hand out every stone once, so first + second = total.
    let from_total = |diff: i64| GameResult {
        game,
        diff,
        first: (total + diff) / 2,
        second: (total - diff) / 2,
    };
    Ok(match game {
        Game::EitherEnd => from_total(either_end(a)),
        Game::EitherEndRemainder => either_end_remainder(game, a),
        Game::FrontUpToThree => from_total(front_up_to_three(a)),
        Game::FrontDoubling => from_total(front_doubling(a)),
        Game::AnyStoneTwoValues => greedy(game, a, stones.values_b()),
    })
}

/// Game 1 value by interval DP over widths, one row of the table at a time:
/// `lead[i]` is the mover's best lead on stones i..i+width. O(n²) time, O(n) space.
fn either_end(v: &[i64]) -> i64 {
    let n = v.len();
    let mut lead = v.to_vec();
    for width in 1..n {
        for i in 0..n - width {
            let j = i + width;
            lead[i] = (v[i] - lead[i + 1]).max(v[j] - lead[i]);
        }
    }
    lead[0]
}

/// Game 2 by interval DP with prefix sums; also records the choice at each
/// interval so one optimal line (left on ties) can be replayed for the scores.
fn either_end_remainder(game: Game, v: &[i64]) -> GameResult {
    let n = v.len();
    let mut prefix = vec![0i64; n + 1];
    for (k, &x) in v.iter().enumerate() {
        prefix[k + 1] = prefix[k] + x;
    }
    let sum = |from: usize, to: usize| prefix[to] - prefix[from];
    let mut lead = vec![0i64; n];
    // takes_left[i * n + j]: the mover on i..=j takes the left stone.
    let mut takes_left = vec![true; n * n];
    for width in 1..n {
        for i in 0..n - width {
            let j = i + width;
            let left = sum(i + 1, j + 1) - lead[i + 1];
            let right = sum(i, j) - lead[i];
            takes_left[i * n + j] = left >= right;
            lead[i] = left.max(right);
        }
    }
    let (mut i, mut j) = (0, n - 1);
    let mut scores = [0i64; 2];
    let mut mover = 0;
    while i < j {
        if takes_left[i * n + j] {
            i += 1;
        } else {
            j -= 1;
        }
        scores[mover] += sum(i, j + 1);
        mover ^= 1;
    }
    GameResult {
        game,
        diff: lead[0],
        first: scores[0],
        second: scores[1],
    }
}

/// Game 3 by a suffix DP: `lead[i]` for the stones from i on. O(n).
fn front_up_to_three(v: &[i64]) -> i64 {
    let n = v.len();
    let mut lead = vec![0i64; n + 1];
    for i in (0..n).rev() {
        let mut taken = 0;
        let mut best = i64::MIN;
        for x in 1..=3.min(n - i) {
            taken += v[i + x - 1];
            best = best.max(taken - lead[i + x]);
        }
        lead[i] = best;
    }
    lead[0]
}

/// Game 4 by a DP over (i, M), i from the back. M never needs to exceed n
/// (2M ≥ n lets the mover take everything left). O(n³) time, O(n²) space.
fn front_doubling(v: &[i64]) -> i64 {
    let n = v.len();
    let mut prefix = vec![0i64; n + 1];
    for (k, &x) in v.iter().enumerate() {
        prefix[k + 1] = prefix[k] + x;
    }
    let width = n + 1;
    // lead[i * width + m]; row n is the empty row, all zero.
    let mut lead = vec![0i64; (n + 1) * width];
    for i in (0..n).rev() {
        for m in 1..=n {
            let most = (2 * m).min(n - i);
            let mut best = i64::MIN;
            for x in 1..=most {
                let next_m = m.max(x).min(n);
                best = best.max(prefix[i + x] - prefix[i] - lead[(i + x) * width + next_m]);
            }
            lead[i * width + m] = best;
        }
    }
    lead[1]
}

/// Game 5 greedy: a stone moves the lead by a + b whoever takes it, so both
/// players take stones in decreasing a + b (ties in index order). O(n log n).
fn greedy(game: Game, a: &[i64], b: &[i64]) -> GameResult {
    let mut order: Vec<usize> = (0..a.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(a[i] + b[i]));
    let first: i64 = order.iter().step_by(2).map(|&i| a[i]).sum();
    let second: i64 = order.iter().skip(1).step_by(2).map(|&i| b[i]).sum();
    GameResult {
        game,
        diff: first - second,
        first,
        second,
    }
}
