//! Scaled 10,000-yen games (document 000, §2) written in Gambit's file
//! formats, so that Gambit (`pygambit`) and OpenSpiel, the tools
//! game-theory researchers already trust, can solve them independently of
//! us (SPEC.md, "Peers: Gambit and OpenSpiel").
//!
//! - [`write_efg`]: the whole match as an extensive-form game (`.efg`,
//!   Gambit's "EFG 2 R" format). The two bets of a round are simultaneous:
//!   A moves first in the tree and B's nodes after each of A's bets form
//!   one information set, so B does not see A's bet of the round; both see
//!   every earlier round. Every round is a move, the last one included
//!   (there each player has the single action "bet what is left", §2:
//!   bets sum to T). Payoffs are +1 / 0 / −1 to A for a win / draw / loss
//!   and the negation to B. The tree is written from the rules only
//!   ([`settle`] and [`match_result`]): no state is merged and no outcome
//!   decided early, so a peer that solves it checks the whole chain of our
//!   optimized solver (compressed states, early decisions, mirror, LP).
//! - [`write_nfg`]: one stage game (a state between rounds) as a strategic
//!   form game (`.nfg`, "NFG 1 R", outcome form): rows are A's bets, columns
//!   B's, the payoff to A of a pair of bets is the exact value of the state
//!   they lead to (a rational), and B's payoff is its negation.
//!
//! Action and strategy labels are the bets as decimal numbers, in
//! increasing order; player 1 is A, player 2 is B.
//!
//! Size: the tree has one leaf per pair of bet sequences,
//! C(T+R−1, R−1)² leaves, so [`efg_leaves`] refuses trees of more than
//! [`MAX_EFG_LEAVES`] leaves (T = 8, R = 4 has 27,225; T = 10, R = 5 has
//! 1,002,001).

use super::optimized::ExactDp;
use super::rules::{match_result, settle, Rules, State};
use crate::solve::exact::format_ratio;
use num_rational::BigRational;
use std::cmp::Ordering;
use std::collections::BTreeSet;
use std::fmt;
use std::io::{self, Write};

/// The largest number of leaves [`write_efg`] writes (about 40 bytes each:
/// a file of at most 10 MB, which Gambit's LP still solves in minutes).
pub const MAX_EFG_LEAVES: u64 = 250_000;

/// Why a game is not written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExportError {
    /// The tree of `rules` has more leaves than [`MAX_EFG_LEAVES`].
    TooLarge {
        /// T and R asked for.
        rules: Rules,
        /// Leaves of the tree (saturating at `u64::MAX`).
        leaves: u64,
    },
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExportError::TooLarge { rules, leaves } => write!(
                f,
                "the game tree of T = {}, R = {} has {} leaves, more than the {MAX_EFG_LEAVES} an .efg export takes (from the start: C(T+R-1, R-1)^2)",
                rules.total,
                rules.rounds,
                crate::core::count_text(*leaves)
            ),
        }
    }
}

impl std::error::Error for ExportError {}

/// Bet sequences of one player: C(T+R−1, R−1) (compositions of T into R
/// parts, each part ≥ 0), saturating.
fn sequences(rules: Rules) -> u64 {
    let k = u64::from(rules.rounds.saturating_sub(1));
    // C(T + k, k) by the product of (T + i) / i, exact at every step.
    let mut c: u128 = 1;
    for i in 1..=k {
        c = c.saturating_mul(u128::from(rules.total) + u128::from(i)) / u128::from(i);
        if c > u128::from(u64::MAX) {
            return u64::MAX;
        }
    }
    c as u64
}

/// The number of leaves of the tree of `rules`, or why it is not written.
///
/// # Errors
/// [`ExportError::TooLarge`] past [`MAX_EFG_LEAVES`].
///
/// # Examples
/// ```
/// use solved_games_reference::games::yen::{gambit, rules::Rules};
/// assert_eq!(gambit::efg_leaves(Rules { total: 6, rounds: 3 }), Ok(784)); // C(8, 2)² = 28²
/// assert!(gambit::efg_leaves(Rules { total: 10, rounds: 10 }).is_err());
/// ```
pub fn efg_leaves(rules: Rules) -> Result<u64, ExportError> {
    efg_leaves_from(rules, State::start(rules))
}

/// A quoted Gambit label (labels here never hold `"` or `\`).
fn labels(bets: impl Iterator<Item = u64>) -> String {
    bets.map(|b| format!("\"{b}\""))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The writer's running numbers: information sets are numbered per player
/// in the order the tree is written, from 1.
struct Efg<'w, W: Write> {
    out: &'w mut W,
    rules: Rules,
    infosets: [u64; 2],
}

/// Money each player still has to bet and has received so far.
#[derive(Clone, Copy)]
struct Table {
    left: (u64, u64),
    won: (u64, u64),
}

impl<W: Write> Efg<'_, W> {
    /// The bets allowed in `round` (1-based) with `left` to bet: anything up
    /// to it, and exactly it in the last round (§2).
    fn bets(&self, round: u32, left: u64) -> std::ops::RangeInclusive<u64> {
        if round == self.rules.rounds {
            left..=left
        } else {
            0..=left
        }
    }

    /// `history` is the bets so far, `A:B` per round separated by blanks:
    /// it names both players' sets of this round (Gambit wants a player's
    /// set labels unique).
    fn node(&mut self, round: u32, table: Table, history: &str) -> io::Result<()> {
        if round > self.rules.rounds {
            let (outcome, name, payoff) = match match_result(table.won.0, table.won.1) {
                Ordering::Greater => (1, "A wins", "1, -1"),
                Ordering::Equal => (2, "draw", "0, 0"),
                Ordering::Less => (3, "B wins", "-1, 1"),
            };
            return writeln!(self.out, "t \"\" {outcome} \"{name}\" {{ {payoff} }}");
        }
        self.infosets[0] += 1;
        let a_set = self.infosets[0];
        self.infosets[1] += 1;
        let b_set = self.infosets[1];
        let a_bets = self.bets(round, table.left.0);
        let b_bets = self.bets(round, table.left.1);
        writeln!(
            self.out,
            "p \"\" 1 {a_set} \"A round {round} after{history}\" {{ {} }} 0",
            labels(a_bets.clone())
        )?;
        for x in a_bets {
            // Every B node after A's bets of this round is in one set: B
            // bets without seeing x.
            writeln!(
                self.out,
                "p \"\" 2 {b_set} \"B round {round} after{history}\" {{ {} }} 0",
                labels(b_bets.clone())
            )?;
            for y in b_bets.clone() {
                let (gain_a, gain_b) = settle(x, y);
                let next = Table {
                    left: (table.left.0 - x, table.left.1 - y),
                    won: (table.won.0 + gain_a, table.won.1 + gain_b),
                };
                self.node(round + 1, next, &format!("{history} {x}:{y}"))?;
            }
        }
        Ok(())
    }
}

/// Writes the match of `rules` as a Gambit extensive-form game (see the
/// module docs for the conventions). The caller checks the size with
/// [`efg_leaves`] first; this writes whatever it is asked.
///
/// # Errors
/// The writer's.
///
/// # Examples
/// ```
/// use solved_games_reference::games::yen::{gambit, rules::Rules};
/// let mut file = Vec::new();
/// gambit::write_efg(Rules { total: 1, rounds: 1 }, &mut file)?;
/// let text = String::from_utf8(file)?;
/// assert!(text.starts_with("EFG 2 R \"10,000-yen game, T = 1, R = 1\" { \"A\" \"B\" }"));
/// assert!(text.ends_with("t \"\" 2 \"draw\" { 0, 0 }\n")); // both bet 1: returned
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_efg(rules: Rules, out: &mut impl Write) -> io::Result<()> {
    write_efg_from(rules, State::start(rules), out)
}

/// [`write_efg`] for the rest of a match from `state` (which must pass
/// [`State::check`] for `rules`): the root is the first round still to
/// play, and the gains so far are A's `max(d, 0)` against B's `max(−d, 0)`
/// (only their difference d decides the match). From the start this is the
/// whole match, whose value is 0 by symmetry; from other states the value
/// is anything in [−1, 1], which is what makes a peer's check bite.
///
/// # Errors
/// The writer's.
pub fn write_efg_from(rules: Rules, state: State, out: &mut impl Write) -> io::Result<()> {
    writeln!(
        out,
        "EFG 2 R \"10,000-yen game, T = {}, R = {}{}\" {{ \"A\" \"B\" }}",
        rules.total,
        rules.rounds,
        if state == State::start(rules) {
            String::new()
        } else {
            format!(", from state {state}")
        }
    )?;
    writeln!(
        out,
        "\"Document 000, section 2, scaled: each player bets T units over R rounds; the lower bet of a round takes both bets, equal bets are returned; more money wins. Payoffs +1 win, 0 draw, -1 loss. Actions are bets. Written by solved-games.\""
    )?;
    writeln!(out)?;
    let mut efg = Efg {
        out,
        rules,
        infosets: [0, 0],
    };
    let d = state.gain_diff;
    efg.node(
        rules.rounds - state.rounds_left + 1,
        Table {
            left: (state.money_a, state.money_b),
            won: (d.max(0).unsigned_abs(), (-d).max(0).unsigned_abs()),
        },
        "",
    )
}

/// The number of leaves of the tree from `state`: the pairs of bet
/// sequences that spend each player's money left in its rounds left.
///
/// # Errors
/// [`ExportError::TooLarge`] past [`MAX_EFG_LEAVES`].
pub fn efg_leaves_from(rules: Rules, state: State) -> Result<u64, ExportError> {
    let rest = |money| {
        sequences(Rules {
            total: money,
            rounds: state.rounds_left,
        })
    };
    let leaves = rest(state.money_a).saturating_mul(rest(state.money_b));
    if leaves > MAX_EFG_LEAVES {
        return Err(ExportError::TooLarge { rules, leaves });
    }
    Ok(leaves)
}

/// One stage game: a state between rounds, its matrix of successor values
/// (rows A's bets, columns B's, both increasing) and its value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StageGame {
    /// The state.
    pub state: State,
    /// A's bets, the rows.
    pub bets_a: Vec<u64>,
    /// B's bets, the columns.
    pub bets_b: Vec<u64>,
    /// The value to A of the state after each pair of bets.
    pub matrix: Vec<Vec<BigRational>>,
    /// The value of the state to A (our optimized solver's).
    pub value: BigRational,
}

impl StageGame {
    /// The stage game of `state` (which has a round left), solved by
    /// `solver`.
    ///
    /// # Panics
    /// If `state` has no round left.
    pub fn of(solver: &mut ExactDp, state: State) -> StageGame {
        assert!(state.rounds_left > 0, "a stage game needs a round to play");
        StageGame {
            state,
            bets_a: state.bets(state.money_a).collect(),
            bets_b: state.bets(state.money_b).collect(),
            matrix: solver.successor_matrix(state),
            value: solver.value(state),
        }
    }
}

/// Writes one stage game as a Gambit strategic-form game (outcome form:
/// one outcome per cell, profiles with A's bet changing fastest, as Gambit
/// orders them).
///
/// # Errors
/// The writer's.
pub fn write_nfg(rules: Rules, stage: &StageGame, out: &mut impl Write) -> io::Result<()> {
    writeln!(
        out,
        "NFG 1 R \"10,000-yen game, T = {}, R = {}, stage {}\" {{ \"A\" \"B\" }}",
        rules.total, rules.rounds, stage.state
    )?;
    writeln!(out)?;
    writeln!(out, "{{ {{ {} }}", labels(stage.bets_a.iter().copied()))?;
    writeln!(out, "{{ {} }}", labels(stage.bets_b.iter().copied()))?;
    writeln!(out, "}}")?;
    writeln!(
        out,
        "\"State ROUNDS_LEFT,MONEY_A,MONEY_B,GAIN_DIFF = {}. Payoff to A of a pair of bets: the exact value of the state it leads to. Written by solved-games.\"",
        stage.state
    )?;
    writeln!(out)?;
    writeln!(out, "{{")?;
    let mut order = Vec::new();
    for (j, _) in stage.bets_b.iter().enumerate() {
        for (i, row) in stage.matrix.iter().enumerate() {
            let v = &row[j];
            writeln!(
                out,
                "{{ \"{},{}\" {}, {} }}",
                stage.bets_a[i],
                stage.bets_b[j],
                format_ratio(v),
                format_ratio(&-v)
            )?;
            order.push((order.len() + 1).to_string());
        }
    }
    writeln!(out, "}}")?;
    writeln!(out, "{}", order.join(" "))
}

/// Every state a match of `rules` reaches that has a round left to play, in
/// increasing order (by rounds left, then money, then gain difference).
#[must_use]
pub fn stage_states(rules: Rules) -> Vec<State> {
    let mut seen = BTreeSet::new();
    let mut stack = vec![State::start(rules)];
    while let Some(s) = stack.pop() {
        if s.rounds_left == 0 || !seen.insert(s) {
            continue;
        }
        for x in s.bets(s.money_a) {
            for y in s.bets(s.money_b) {
                stack.push(s.after(x, y));
            }
        }
    }
    seen.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::{One, Zero};

    fn efg(total: u64, rounds: u32) -> String {
        let mut out = Vec::new();
        write_efg(Rules { total, rounds }, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn efg_has_one_leaf_per_pair_of_bet_sequences() {
        for (total, rounds) in [(0, 1), (1, 1), (3, 2), (4, 3), (6, 3)] {
            let rules = Rules { total, rounds };
            let leaves = efg(total, rounds)
                .lines()
                .filter(|l| l.starts_with("t "))
                .count();
            assert_eq!(
                leaves as u64,
                efg_leaves(rules).unwrap(),
                "T={total} R={rounds}"
            );
        }
    }

    #[test]
    fn the_one_round_game_is_a_draw_leaf_after_forced_bets() {
        let text = efg(2, 1);
        let body: Vec<&str> = text.lines().skip(3).collect();
        assert_eq!(
            body,
            [
                "p \"\" 1 1 \"A round 1 after\" { \"2\" } 0",
                "p \"\" 2 1 \"B round 1 after\" { \"2\" } 0",
                "t \"\" 2 \"draw\" { 0, 0 }",
            ]
        );
    }

    #[test]
    fn b_nodes_of_one_round_share_an_information_set() {
        // T = 1, R = 2: A bets 0 or 1 in round 1 and B's two nodes after it
        // are one set (number 1); the second round's sets are new.
        let text = efg(1, 2);
        let b_sets: Vec<&str> = text
            .lines()
            .filter(|l| l.starts_with("p \"\" 2 "))
            .map(|l| l.split(' ').nth(3).unwrap())
            .collect();
        let round_1: Vec<&str> = text
            .lines()
            .filter(|l| l.contains("\"B round 1 after\""))
            .map(|l| l.split(' ').nth(3).unwrap())
            .collect();
        assert_eq!(round_1, ["1", "1"]);
        // Round 2 (one node of each player after each of the 4 pairs of
        // bets) has a set of its own at each node.
        assert_eq!(b_sets.len(), 2 + 4);
        let distinct: BTreeSet<&str> = b_sets.iter().copied().collect();
        assert_eq!(distinct.len(), 1 + 4);
        // Round 1 bets (1, 0): B's lower bet takes both; round 2 forced (0, 1):
        // A takes both: 1 each, a draw.
        assert!(text.contains("t \"\" 2 \"draw\""));
    }

    #[test]
    fn limit_is_on_leaves() {
        assert_eq!(
            efg_leaves(Rules {
                total: 8,
                rounds: 4
            }),
            Ok(27_225)
        );
        assert!(matches!(
            efg_leaves(Rules {
                total: 10,
                rounds: 5
            }),
            Err(ExportError::TooLarge {
                leaves: 1_002_001,
                ..
            })
        ));
        assert!(efg_leaves(Rules {
            total: u64::MAX,
            rounds: 60
        })
        .is_err());
    }

    #[test]
    fn nfg_lists_payoffs_with_a_changing_fastest() {
        let rules = Rules {
            total: 2,
            rounds: 2,
        };
        let stage = StageGame::of(&mut ExactDp::new(), State::start(rules));
        assert_eq!(stage.bets_a, [0, 1, 2]);
        let mut out = Vec::new();
        write_nfg(rules, &stage, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let cells: Vec<&str> = text
            .lines()
            .filter(|l| l.starts_with("{ \"") && l.contains(','))
            .collect();
        assert_eq!(cells.len(), 9);
        // Second cell: A bets 1, B bets 0; B takes 1, then A's forced 1
        // against B's 2 takes 3: A 3, B 1, A wins.
        assert_eq!(cells[1], "{ \"1,0\" 1, -1 }");
        assert_eq!(stage.matrix[1][0], BigRational::one());
        assert!(text.ends_with("1 2 3 4 5 6 7 8 9\n"));
        assert!(stage.value.is_zero()); // symmetric start
    }

    #[test]
    fn stage_states_are_the_reachable_states_with_a_round_left() {
        let rules = Rules {
            total: 2,
            rounds: 2,
        };
        let states = stage_states(rules);
        assert_eq!(states.first(), Some(&"1,0,0,0".parse::<State>().unwrap()));
        assert!(states.contains(&State::start(rules)));
        assert!(states
            .iter()
            .all(|s| s.rounds_left > 0 && s.check(rules).is_ok()));
        // After round 1 each player has 0, 1 or 2 left (9 pairs), and the
        // gain difference is fixed by the bets; plus the start.
        assert_eq!(states.len(), 10);
    }
}
