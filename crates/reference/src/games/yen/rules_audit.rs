//! [`State::bets`] and [`State::decided`] checked against a brute-force
//! reading of document 000 §2 on every state a small match reaches.
//!
//! A rules bug in either can change no value (the optimized solver asks
//! `decided` before it enumerates the last round's bets, so a last round
//! that wrongly allows `money − 1` is never played), so they are checked as
//! rules, not through values:
//! - the bets: §2's "a_i ≥ 0" and "Σ a_i = T" allow a player holding `money`
//!   any whole bet 0..=money before the last round (a larger one would force
//!   a negative bet later) and exactly `money` in the last; the brute force
//!   filters every number 0..=T by that reading;
//! - `decided`: when it names a result, every way the match can still be
//!   played (all legal bet pairs in every remaining round, settled by §2's
//!   "the lower bet takes both, equal bets are returned") ends with that
//!   result; and with at most one round left (no choice remains) it must
//!   name one.
//!
//! The states are enumerated from the start with the brute force's own
//! settlement, not [`State::after`]. Cost: every reachable state times its
//! bet pairs, with the outcome sets memoised; T = 8, R = 4 has 1,291 states
//! and takes milliseconds.

use super::rules::{Rules, State};
use std::collections::{BTreeSet, HashMap};

/// What the audit found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Audit {
    /// Reachable states checked (the start included, finished matches too).
    pub states: usize,
    /// `(player, state)` pairs whose bets were compared (two per unfinished state).
    pub bet_sets: usize,
    /// States at which `decided` names a result.
    pub decided: usize,
    /// Each state where the rules disagree with the brute force, with what
    /// differs, in the order the states are visited (sorted).
    pub disagreements: Vec<String>,
}

/// The legal bets of a player holding `money` with `rounds_left` rounds to
/// play in a match of `total` yen, by §2: filter every whole number up to the
/// total.
fn brute_bets(total: u64, rounds_left: u32, money: u64) -> Vec<u64> {
    (0..=total)
        .filter(|&b| b <= money && (rounds_left != 1 || b == money))
        .collect()
}

/// The state after one round, settled by §2 on its own: A's bet below B's
/// wins A both bets, above loses B both, equal returns each.
fn brute_after(s: State, a: u64, b: u64) -> State {
    let diff = if a < b {
        (a + b) as i64
    } else if a > b {
        -((a + b) as i64)
    } else {
        0
    };
    State {
        rounds_left: s.rounds_left - 1,
        money_a: s.money_a - a,
        money_b: s.money_b - b,
        gain_diff: s.gain_diff + diff,
    }
}

/// Every result (sign of A's lead at the end) some play from `s` reaches.
fn outcomes(total: u64, s: State, memo: &mut HashMap<State, BTreeSet<i64>>) -> BTreeSet<i64> {
    if let Some(known) = memo.get(&s) {
        return known.clone();
    }
    let set = if s.rounds_left == 0 {
        BTreeSet::from([s.gain_diff.signum()])
    } else {
        let mut set = BTreeSet::new();
        for a in brute_bets(total, s.rounds_left, s.money_a) {
            for b in brute_bets(total, s.rounds_left, s.money_b) {
                set.extend(outcomes(total, brute_after(s, a, b), memo));
            }
        }
        set
    };
    memo.insert(s, set.clone());
    set
}

/// Checks `bets` and `decided` on every state reachable under `rules`.
#[must_use]
pub fn audit(rules: Rules) -> Audit {
    let total = rules.total;
    let mut memo = HashMap::new();
    let mut seen = BTreeSet::new();
    let mut frontier = vec![State::start(rules)];
    while let Some(s) = frontier.pop() {
        if !seen.insert(s) || s.rounds_left == 0 {
            continue;
        }
        for a in brute_bets(total, s.rounds_left, s.money_a) {
            for b in brute_bets(total, s.rounds_left, s.money_b) {
                frontier.push(brute_after(s, a, b));
            }
        }
    }
    let mut found = Audit {
        states: seen.len(),
        ..Audit::default()
    };
    for &s in &seen {
        if s.rounds_left > 0 {
            for (player, money) in [("A", s.money_a), ("B", s.money_b)] {
                found.bet_sets += 1;
                let rules_bets: Vec<u64> = s.bets(money).collect();
                let brute = brute_bets(total, s.rounds_left, money);
                if rules_bets != brute {
                    found.disagreements.push(format!(
                        "{s}: {player}'s bets {}..={} (rules) but {} (brute force)",
                        rules_bets.first().map_or(String::new(), u64::to_string),
                        rules_bets.last().map_or(String::new(), u64::to_string),
                        span(&brute)
                    ));
                }
            }
        }
        let reachable = outcomes(total, s, &mut memo);
        match s.decided() {
            Some(v) => {
                found.decided += 1;
                if reachable.len() != 1 || !reachable.contains(&v) {
                    found.disagreements.push(format!(
                        "{s}: decided says {v:+} but play can end {reachable:?}"
                    ));
                }
            }
            None if s.rounds_left <= 1 => found.disagreements.push(format!(
                "{s}: no choice is left but decided names no result"
            )),
            None => {}
        }
    }
    found
}

fn span(bets: &[u64]) -> String {
    match (bets.first(), bets.last()) {
        (Some(lo), Some(hi)) => format!("{lo}..={hi}"),
        _ => "none".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_brute_force_reads_the_last_round_as_forced() {
        assert_eq!(brute_bets(5, 1, 3), vec![3]);
        assert_eq!(brute_bets(5, 2, 3), vec![0, 1, 2, 3]);
        let s = State::start(Rules {
            total: 3,
            rounds: 2,
        });
        assert_eq!(brute_after(s, 1, 2).gain_diff, 3);
        assert_eq!(brute_after(s, 2, 1).gain_diff, -3);
        assert_eq!(brute_after(s, 2, 2).gain_diff, 0);
    }
}
