//! The naive solvers: every game played out move by move over its whole
//! game tree, nothing remembered (document 001, the recursions of 解法1/2
//! before memoisation). Exponential: [`max_stones`] gives the longest row
//! each game's search takes, about a second's work on one core.
//!
//! Each search returns, from the mover's side, (lead, own score, other's
//! score) along the first optimal move in move order, so the scores of one
//! optimal line can be compared with the optimized solver's.

use super::{Game, GameResult, SolveError, Stones};

/// The longest row the search takes for `game`: where one solve takes
/// under a second (release build, the project's 2-core machine under load;
/// SPEC.md gives the times). Each added stone doubles Games 1 and 2, adds
/// about ×1.8 to Games 3 and 4 and ×n to Game 5.
#[must_use]
pub fn max_stones(game: Game) -> usize {
    match game {
        Game::EitherEnd | Game::EitherEndRemainder => 24,
        Game::FrontUpToThree => 28,
        Game::FrontDoubling => 26,
        Game::AnyStoneTwoValues => 10,
    }
}

/// (mover's lead, mover's score, other's score).
type Line = (i64, i64, i64);

/// The mover takes `gain` and then the opponent faces `rest`.
fn after(gain: i64, rest: Line) -> Line {
    let (their_lead, theirs, mine) = rest;
    (gain - their_lead, gain + mine, theirs)
}

/// Keeps the first strictly best line, so ties go to the earlier move.
fn best(lines: impl IntoIterator<Item = Line>) -> Line {
    lines
        .into_iter()
        .fold(None, |acc: Option<Line>, l| match acc {
            Some(a) if a.0 >= l.0 => Some(a),
            _ => Some(l),
        })
        .unwrap_or((0, 0, 0))
}

/// Games 1 and 2 on the stones still in the row (`row` is never empty here).
fn either_end(row: &[i64], score_remainder: bool) -> Line {
    if row.is_empty() {
        return (0, 0, 0);
    }
    let take_left = &row[1..];
    let take_right = &row[..row.len() - 1];
    let gain = |taken: i64, left_over: &[i64]| {
        if score_remainder {
            left_over.iter().sum()
        } else {
            taken
        }
    };
    best([
        after(
            gain(row[0], take_left),
            either_end(take_left, score_remainder),
        ),
        after(
            gain(row[row.len() - 1], take_right),
            either_end(take_right, score_remainder),
        ),
    ])
}

/// Games 3 and 4: take `x` stones from the front for `x` in 1..=limit(m).
fn from_front(row: &[i64], m: usize, doubling: bool) -> Line {
    if row.is_empty() {
        return (0, 0, 0);
    }
    let most = if doubling { 2 * m } else { 3 };
    best((1..=most.min(row.len())).map(|x| {
        let next_m = if doubling { m.max(x) } else { m };
        after(
            row[..x].iter().sum(),
            from_front(&row[x..], next_m, doubling),
        )
    }))
}

/// Game 5: the mover may take any stone left; `a_to_move` says whose values count.
fn any_stone(a: &[i64], b: &[i64], left: &mut Vec<bool>, a_to_move: bool) -> Line {
    let options: Vec<usize> = (0..a.len()).filter(|&i| left[i]).collect();
    if options.is_empty() {
        return (0, 0, 0);
    }
    let mut lines = Vec::with_capacity(options.len());
    for i in options {
        left[i] = false;
        let gain = if a_to_move { a[i] } else { b[i] };
        lines.push(after(gain, any_stone(a, b, left, !a_to_move)));
        left[i] = true;
    }
    best(lines)
}

/// Solves `game` on `stones` by exhaustive search.
///
/// # Errors
/// [`SolveError::TooManyStones`] past [`max_stones`].
pub fn solve(game: Game, stones: &Stones) -> Result<GameResult, SolveError> {
    SolveError::check("naive", game, stones, max_stones(game))?;
    let a = stones.values_a();
    let (diff, first, second) = match game {
        Game::EitherEnd => either_end(a, false),
        Game::EitherEndRemainder => either_end(a, true),
        Game::FrontUpToThree => from_front(a, 1, false),
        Game::FrontDoubling => from_front(a, 1, true),
        Game::AnyStoneTwoValues => any_stone(a, stones.values_b(), &mut vec![true; a.len()], true),
    };
    Ok(GameResult {
        game,
        diff,
        first,
        second,
    })
}
