//! §4 item 3 of document 004 on the explicit row: players with no memory.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};

/// §4 item 3 on the explicit row: players with no memory turn over two
/// positions chosen uniformly at random. Every unordered pair of positions
/// of the row `1,1,2,2,…` is enumerated to count the turns that win, take
/// another pair, or hand the table over; the hand-over makes the value
/// self-referential, w = win + pair·w' + other·(1 − w), solved for w.
#[must_use]
pub fn zero_memory_first_player_wins(pairs: usize) -> BigRational {
    let mut w = BigRational::zero();
    for n in 1..=pairs {
        let row: Vec<usize> = (1..=n).flat_map(|v| [v, v]).collect();
        let (mut win, mut pair, mut other, mut turns) = (0, 0, 0, 0);
        for i in 0..row.len() {
            for j in i + 1..row.len() {
                turns += 1;
                match (row[i] == row[j], row[i]) {
                    (true, 1) => win += 1,
                    (true, _) => pair += 1,
                    (false, _) => other += 1,
                }
            }
        }
        let p = |c: usize| BigRational::new(BigInt::from(c), BigInt::from(turns));
        w = (p(win) + p(pair) * w + p(other)) / (BigRational::one() + p(other));
    }
    w
}
