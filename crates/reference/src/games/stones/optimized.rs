//! The optimized solvers of document 001: interval DP for Games 1 and 2
//! (§Game 2 解法3, with prefix sums; §区間DPを使ったGame 1の解法), a suffix DP
//! for Game 3 (§Game 3 解法2), a DP over (i, M) for Game 4, and the
//! sort-by-(a+b) greedy for Game 5 (§Game 5 解法2).
//!
//! Every solver is generic over [`Points`]: [`solve`] runs it on `i64`,
//! [`solve_as`] on any points, e.g. [`Counted`](super::points::Counted) to
//! count its operations for the complexity claims.

use super::points::{prefix_sums, sum, Points};
use super::{Game, GameResult, SolveError, Stones};
use std::cmp::Reverse;

/// The longest row each game's solver takes: Game 2 keeps an n × n choice
/// table and Game 4 an (n + 1)² table filled in O(n³); Games 3 and 5 are
/// linear and n log n, and take any row.
#[must_use]
pub fn max_stones(game: Game) -> Option<usize> {
    match game {
        Game::EitherEnd => Some(20_000),
        Game::EitherEndRemainder => Some(5_000),
        Game::FrontDoubling => Some(1_000),
        Game::FrontUpToThree | Game::AnyStoneTwoValues => None,
    }
}

/// Solves `game` on `stones`.
///
/// # Errors
/// [`SolveError::TooManyStones`] past [`max_stones`].
///
/// # Examples
/// ```
/// use solved_games_reference::games::stones::{optimized, Game, Stones};
/// // LeetCode 1690 (Stone Game VII), Example 1: Alice leads by 6.
/// let row = Stones::one_valued(vec![5, 3, 1, 4, 2]).unwrap();
/// assert_eq!(optimized::solve(Game::EitherEndRemainder, &row).unwrap().diff, 6);
/// ```
pub fn solve(game: Game, stones: &Stones) -> Result<GameResult, SolveError> {
    solve_as::<i64>(game, stones)
}

/// [`solve`] computing in points of type `P`.
///
/// # Errors
/// As [`solve`].
pub fn solve_as<P: Points>(game: Game, stones: &Stones) -> Result<GameResult, SolveError> {
    if let Some(limit) = max_stones(game) {
        SolveError::check("optimized", game, stones, limit)?;
    }
    let a = P::row(stones.values_a());
    Ok(match game {
        Game::EitherEnd => from_total(game, &a, either_end(&a)),
        Game::EitherEndRemainder => either_end_remainder(game, &a),
        Game::FrontUpToThree => from_total(game, &a, front_up_to_three(&a)),
        Game::FrontDoubling => from_total(game, &a, front_doubling(&a)),
        Game::AnyStoneTwoValues => greedy(game, &a, &P::row(stones.values_b())),
    })
}

/// Games 1, 3, 4 hand out every stone once, so first + second = Σ and
/// first − second = diff.
fn from_total<P: Points>(game: Game, v: &[P], diff: P) -> GameResult {
    let (total, diff) = (sum(v).get(), diff.get());
    GameResult {
        game,
        diff,
        first: (total + diff) / 2,
        second: (total - diff) / 2,
    }
}

/// Game 1 value by interval DP over widths, one row of the table at a time:
/// `lead[i]` is the mover's best lead on stones i..i+width. O(n²) time, O(n) space.
fn either_end<P: Points>(v: &[P]) -> P {
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
fn either_end_remainder<P: Points>(game: Game, v: &[P]) -> GameResult {
    let n = v.len();
    let prefix = prefix_sums(v);
    let sum = |from: usize, to: usize| prefix[to] - prefix[from];
    let mut lead = vec![P::ZERO; n];
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
    let mut scores = [P::ZERO; 2];
    let mut mover = 0;
    while i < j {
        if takes_left[i * n + j] {
            i += 1;
        } else {
            j -= 1;
        }
        scores[mover] = scores[mover] + sum(i, j + 1);
        mover ^= 1;
    }
    GameResult {
        game,
        diff: lead[0].get(),
        first: scores[0].get(),
        second: scores[1].get(),
    }
}

/// Game 3 by a suffix DP: `lead[i]` for the stones from i on. O(n).
fn front_up_to_three<P: Points>(v: &[P]) -> P {
    let n = v.len();
    let mut lead = vec![P::ZERO; n + 1];
    for i in (0..n).rev() {
        let mut taken = v[i];
        let mut best = taken - lead[i + 1];
        for x in 2..=3.min(n - i) {
            taken = taken + v[i + x - 1];
            best = best.max(taken - lead[i + x]);
        }
        lead[i] = best;
    }
    lead[0]
}

/// Game 4 by a DP over (i, M), i from the back. M never needs to exceed n
/// (2M ≥ n lets the mover take everything left). O(n³) time, O(n²) space.
fn front_doubling<P: Points>(v: &[P]) -> P {
    let n = v.len();
    let prefix = prefix_sums(v);
    let width = n + 1;
    // lead[i * width + m]; row n is the empty row, all zero.
    let mut lead = vec![P::ZERO; (n + 1) * width];
    for i in (0..n).rev() {
        for m in 1..=n {
            let take =
                |x: usize| prefix[i + x] - prefix[i] - lead[(i + x) * width + m.max(x).min(n)];
            let best = (2..=(2 * m).min(n - i)).map(take).fold(take(1), P::max);
            lead[i * width + m] = best;
        }
    }
    lead[1]
}

/// Game 5 greedy: a stone moves the lead by a + b whoever takes it, so both
/// players take stones in decreasing a + b (ties in index order: the sort is
/// stable). O(n log n): the sort.
fn greedy<P: Points>(game: Game, a: &[P], b: &[P]) -> GameResult {
    let mut order: Vec<usize> = (0..a.len()).collect();
    order.sort_by_key(|&i| Reverse(a[i] + b[i]));
    let taken = |values: &[P], skip: usize| {
        order
            .iter()
            .skip(skip)
            .step_by(2)
            .fold(P::ZERO, |acc, &i| acc + values[i])
    };
    let (first, second) = (taken(a, 0), taken(b, 1));
    GameResult {
        game,
        diff: (first - second).get(),
        first: first.get(),
        second: second.get(),
    }
}
