//! Document 001, Game 1 解法1: A's own total by a two-level max/min — A
//! maximises over its two ends, B (who "minimises A's score", the same as
//! maximising its own since the total is fixed) over the next two.
//!
//! The article's formula and listing add **B's** stone to A's score inside
//! the min (`left = min(stones[i+1] + strategy(i+2, j), …)`); B's stone is
//! B's, so the corrected recursion here adds nothing for B's move.
//! [`as_printed`] evaluates the listing literally so the slip can be shown
//! (Errata, 001).

use std::collections::HashMap;

/// A's score in Game 1 under optimal play, by the corrected 解法1.
#[must_use]
pub fn first_player_score(v: &[i64]) -> i64 {
    two_level(v, false)
}

/// The article's 解法1 listing evaluated literally (B's stone counted for A).
#[must_use]
pub fn as_printed(v: &[i64]) -> i64 {
    two_level(v, true)
}

fn two_level(v: &[i64], count_b_stone: bool) -> i64 {
    fn a_score(
        v: &[i64],
        i: isize,
        j: isize,
        b_counts: bool,
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
        let at = |k: isize| if b_counts { v[k as usize] } else { 0 };
        // A takes the left stone i; B then takes i+1 or j.
        let left = (at(i + 1) + a_score(v, i + 2, j, b_counts, memo))
            .min(at(j) + a_score(v, i + 1, j - 1, b_counts, memo));
        // A takes the right stone j; B then takes i or j-1.
        let right = (at(i) + a_score(v, i + 1, j - 1, b_counts, memo))
            .min(at(j - 1) + a_score(v, i, j - 2, b_counts, memo));
        let s = (v[i as usize] + left).max(v[j as usize] + right);
        memo.insert((i, j), s);
        s
    }
    let n = v.len() as isize;
    a_score(v, 0, n - 1, count_b_stone, &mut HashMap::new())
}
