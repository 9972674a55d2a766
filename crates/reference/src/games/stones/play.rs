//! An optimal play-out of a stone game (document 001): who takes which
//! stone, move by move, when both sides play as the optimized solver values
//! what is left — the line `reproduce --html` draws for Games 1–3 and 5.

use super::{optimized, Game, Stones};

/// Why a play-out stopped: a row the solver refuses.
pub type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// An optimal play-out of a stone game: who took which stone, in which move.
pub struct PlayOut {
    /// For each stone: (move number, taken by A).
    pub taken: Vec<(usize, bool)>,
    /// A's and B's scores.
    pub scores: (i64, i64),
}

/// Plays `game` out from the full row, each side choosing the move that
/// maximises its gain minus the solver's value of what is left for the
/// opponent (the first such move on ties). `None` for Game 4, whose state
/// also holds M, which a row of stones cannot express.
///
/// # Errors
/// A row the optimized solver refuses (past its reach).
pub fn play_out(game: Game, a: &[i64], b: &[i64]) -> Result<Option<PlayOut>, BoxError> {
    if game == Game::FrontDoubling {
        return Ok(None);
    }
    let mut left: Vec<usize> = (0..a.len()).collect();
    let mut taken = vec![(0, false); a.len()];
    let mut scores = (0, 0);
    let mut a_to_move = true;
    let mut number = 0;
    while !left.is_empty() {
        number += 1;
        let (mine, theirs) = if a_to_move { (a, b) } else { (b, a) };
        // The moves of the game: the stones taken and the mover's gain.
        let mut moves: Vec<(Vec<usize>, i64)> = Vec::new();
        let ends = [vec![left[0]], vec![left[left.len() - 1]]];
        match game {
            Game::EitherEnd => moves.extend(ends.map(|t| {
                let gain = mine[t[0]];
                (t, gain)
            })),
            Game::EitherEndRemainder => moves.extend(ends.map(|t| {
                let gain = left
                    .iter()
                    .filter(|i| !t.contains(i))
                    .map(|&i| mine[i])
                    .sum();
                (t, gain)
            })),
            Game::FrontUpToThree => {
                for k in 1..=left.len().min(3) {
                    let t = left[..k].to_vec();
                    let gain = t.iter().map(|&i| mine[i]).sum();
                    moves.push((t, gain));
                }
            }
            Game::AnyStoneTwoValues => moves.extend(left.iter().map(|&i| (vec![i], mine[i]))),
            Game::FrontDoubling => unreachable!("returned above"),
        }
        let mut best: Option<(i64, Vec<usize>, i64)> = None;
        for (t, gain) in moves {
            let rest: Vec<usize> = left.iter().copied().filter(|i| !t.contains(i)).collect();
            let lead = if rest.is_empty() {
                gain
            } else {
                let row = |v: &[i64]| rest.iter().map(|&i| v[i]).collect::<Vec<_>>();
                let s = if game == Game::AnyStoneTwoValues {
                    Stones::two_valued(row(theirs), row(mine))
                } else {
                    Stones::one_valued(row(theirs))
                }
                .map_err(Box::new)?;
                gain - optimized::solve(game, &s).map_err(Box::new)?.diff
            };
            if best.as_ref().map_or(true, |(l, _, _)| lead > *l) {
                best = Some((lead, t, gain));
            }
        }
        let (_, t, gain) = best.expect("a row with stones has a move");
        for &i in &t {
            taken[i] = (number, a_to_move);
        }
        if a_to_move {
            scores.0 += gain;
        } else {
            scores.1 += gain;
        }
        left.retain(|i| !t.contains(i));
        a_to_move = !a_to_move;
    }
    Ok(Some(PlayOut { taken, scores }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stone_play_outs_reach_the_solvers_lead() {
        let a = [4, 5, 3, 1, 2];
        let b = [1, 5, 3, 4, 2];
        for game in Game::ALL {
            let stones = if game == Game::AnyStoneTwoValues {
                Stones::two_valued(a.to_vec(), b.to_vec())
            } else {
                Stones::one_valued(a.to_vec())
            }
            .unwrap();
            let diff = optimized::solve(game, &stones).unwrap().diff;
            let b_values = if game == Game::AnyStoneTwoValues {
                &b
            } else {
                &a
            };
            match play_out(game, &a, b_values).unwrap() {
                Some(out) => {
                    assert_eq!(out.scores.0 - out.scores.1, diff, "game {}", game.number());
                    assert!(
                        out.taken.iter().all(|&(n, _)| n > 0),
                        "every stone is taken"
                    );
                }
                None => assert_eq!(game, Game::FrontDoubling),
            }
        }
    }
}
