//! Published claims of document 001 (stone games 1–5).
//!
//! The article prints no final scores; its claims are statements about its
//! examples (who wins [1,100,2,3], which first stone to take in Game 5), a
//! strategy argument (even rows), the greedy's optimality, and the cost of
//! each listing. Each is recomputed here.

use super::{Claim, Erratum, Evidence, GameId};
use crate::games::stones::{cost, first_formulation, naive, optimized, Game, GameResult, Stones};

fn one(values: &[i64]) -> Stones {
    Stones::one_valued(values.to_vec()).expect("claim rows are valid")
}

fn opt(game: Game, s: &Stones) -> GameResult {
    optimized::solve(game, s).expect("claim rows are small")
}

/// The ends A can take first in Game 1 without lowering its lead,
/// by `solve` on the two rows B may face.
fn game1_best_ends(values: &[i64], solve: impl Fn(&Stones) -> i64) -> String {
    let n = values.len();
    let left = values[0] - solve(&one(&values[1..]));
    let right = values[n - 1] - solve(&one(&values[..n - 1]));
    let best = left.max(right);
    let mut ends = Vec::new();
    if left == best {
        ends.push(format!("left ({})", values[0]));
    }
    if right == best {
        ends.push(format!("right ({})", values[n - 1]));
    }
    ends.join(" and ")
}

fn game1_example(values: &[i64], solve: fn(Game, &Stones) -> GameResult) -> String {
    let r = solve(Game::EitherEnd, &one(values));
    let ends = game1_best_ends(values, |s| solve(Game::EitherEnd, s).diff);
    format!(
        "{} wins {}–{}; best first move: {}",
        r.winner().as_str(),
        r.first,
        r.second,
        ends
    )
}

/// Game 5: the stones A can take first without lowering its lead.
fn game5_best_first(a: &[i64], b: &[i64], solve: fn(Game, &Stones) -> GameResult) -> String {
    let lead_after = |i: usize| {
        let rest = |v: &[i64]| -> Vec<i64> {
            v.iter()
                .enumerate()
                .filter(|&(k, _)| k != i)
                .map(|(_, &x)| x)
                .collect()
        };
        if a.len() == 1 {
            return a[0];
        }
        // B moves next: solve with B in the first seat.
        let s = Stones::two_valued(rest(b), rest(a)).expect("valid");
        a[i] - solve(Game::AnyStoneTwoValues, &s).diff
    };
    let leads: Vec<i64> = (0..a.len()).map(lead_after).collect();
    let best = *leads.iter().max().expect("nonempty");
    let r = solve(
        Game::AnyStoneTwoValues,
        &Stones::two_valued(a.to_vec(), b.to_vec()).expect("valid"),
    );
    let stones: Vec<String> = (0..a.len())
        .filter(|&i| leads[i] == best)
        .map(|i| format!("stone {} (A:{}, B:{})", i + 1, a[i], b[i]))
        .collect();
    format!(
        "A leads by {}; best first move: {}",
        r.diff,
        stones.join(", ")
    )
}

fn naive_solve(game: Game, s: &Stones) -> GameResult {
    naive::solve(game, s)
}

/// A fixed pseudo-random family of rows for the claims stated "for every row".
fn rows(count: usize, max_len: usize, seed: u64) -> Vec<Vec<i64>> {
    let mut next = cost::xorshift(seed);
    (0..count)
        .map(|_| {
            let n = 1 + (next() % max_len as u64) as usize;
            (0..n).map(|_| (next() % 20) as i64).collect()
        })
        .collect()
}

/// "A never loses" on the even rows of the fixed family, or how often it
/// does; `.1` is what was measured: the rows and A's smallest lead.
fn even_rows_first_never_loses(solve: fn(Game, &Stones) -> GameResult) -> (String, String) {
    let even: Vec<Vec<i64>> = rows(3000, 12, 7)
        .into_iter()
        .filter(|r| r.len() % 2 == 0)
        .collect();
    let leads: Vec<i64> = even
        .iter()
        .map(|r| solve(Game::EitherEnd, &one(r)).diff)
        .collect();
    let losses = leads.iter().filter(|&&d| d < 0).count();
    let verdict = if losses == 0 {
        "A never loses".to_string()
    } else {
        format!("A loses {losses} of {} rows", even.len())
    };
    let measured = format!(
        "{} even rows; A's lead from {} to {}",
        even.len(),
        leads.iter().min().expect("the family has even rows"),
        leads.iter().max().expect("the family has even rows")
    );
    (verdict, measured)
}

fn greedy_matches_search() -> Evidence {
    let rows_a = rows(800, 7, 11);
    let rows_b = rows(800, 7, 13);
    let mut checked = 0;
    let mut mismatches = 0;
    for (a, b) in rows_a.iter().zip(&rows_b) {
        let n = a.len().min(b.len());
        let s = Stones::two_valued(a[..n].to_vec(), b[..n].to_vec()).expect("valid");
        checked += 1;
        if opt(Game::AnyStoneTwoValues, &s).diff != naive::solve(Game::AnyStoneTwoValues, &s).diff {
            mismatches += 1;
        }
    }
    Evidence::optimized_only(format!("{mismatches} of {checked} rows differ"))
}

/// The growth class of `count` from its values at `n` and `2n`, with the
/// counts and their ratio as the measurement; for an erratum the reason
/// names the ratio the class was read from.
fn growth_claim(count: fn(usize) -> u64, n: usize, what: &str) -> Evidence {
    let (at_n, at_2n) = (count(n), count(2 * n));
    let class = cost::growth(at_n, at_2n);
    let ratio = at_2n as f64 / at_n as f64;
    Evidence::optimized_only(class)
        .measured(format!(
            "{what}: {at_n} at n = {n}, {at_2n} at n = {}, ×{ratio:.2}",
            2 * n
        ))
        .because(format!(
            "{what} grow ×{ratio:.2} when n doubles, the ratio of {class}"
        ))
}

pub(super) const CLAIMS: &[Claim] = &[
    Claim {
        id: "STO-001",
        game: GameId::Stones,
        source: "001 Game 1",
        statement: "stones = [1,100,2,3]: taking the 100 decides the game \
                    (100の石を取れるかどうかが勝敗を決める); A, moving first, takes it and wins",
        expected: "first wins 103–3; best first move: right (3)",
        erratum: None,
        compute: || {
            Evidence::both(
                game1_example(&[1, 100, 2, 3], opt),
                game1_example(&[1, 100, 2, 3], naive_solve),
            )
        },
    },
    Claim {
        id: "STO-002",
        game: GameId::Stones,
        source: "001 Game 1",
        statement: "stones = [4,5,3,1,2]: taking 4 gives B the 5, taking 2 gives B only the 1 — \
                    the article leaves the choice open; in fact both are optimal and A wins by 1",
        expected: "first wins 8–7; best first move: left (4) and right (2)",
        erratum: None,
        compute: || {
            Evidence::both(
                game1_example(&[4, 5, 3, 1, 2], opt),
                game1_example(&[4, 5, 3, 1, 2], naive_solve),
            )
        },
    },
    Claim {
        id: "STO-003",
        game: GameId::Stones,
        source: "001 Game 1 (おまけ)",
        statement: "with an even number of stones the first player never loses (colouring \
                    argument), on 3000 fixed pseudo-random rows of ≤ 12 stones (the even ones)",
        expected: "A never loses",
        erratum: None,
        compute: || {
            let (optimized, measured) = even_rows_first_never_loses(opt);
            Evidence::both(optimized, even_rows_first_never_loses(naive_solve).0).measured(measured)
        },
    },
    Claim {
        id: "STO-004",
        game: GameId::Stones,
        source: "001 Game 1 解法1",
        statement: "解法1's two-level max/min as printed computes A's total score; on [1,100,2,3] \
                    it matches (sum + 解法2's difference) / 2",
        expected: "equal",
        erratum: Some(Erratum {
            corrected: "as printed 106 ≠ 103; corrected 解法1 gives 103",
        }),
        compute: || {
            let v = [1, 100, 2, 3];
            let printed = first_formulation::as_printed(&v);
            let r = opt(Game::EitherEnd, &one(&v));
            let by_diff = (v.iter().sum::<i64>() + r.diff) / 2;
            let corrected = first_formulation::first_player_score(&v);
            let total: i64 = v.iter().sum();
            let reason = if printed == total {
                format!(
                    "as printed it returns {printed}, every stone of the row: A's {by_diff} and B's {}; \
                     the min adds the stone B takes (stones[i+1]) to A's score",
                    total - by_diff
                )
            } else {
                format!("as printed it returns {printed}, A's score is {by_diff}")
            };
            Evidence::optimized_only(if printed == by_diff {
                "equal".to_string()
            } else {
                format!("as printed {printed} ≠ {by_diff}; corrected 解法1 gives {corrected}")
            })
            .because(reason)
        },
    },
    Claim {
        id: "STO-005",
        game: GameId::Stones,
        source: "001 Game 5",
        statement: "values A = 5,2,3,1,4 and B = 1,5,3,4,2: A should take the 2nd stone \
                    (2 points) first rather than the 5, or B takes it for 5",
        expected: "A leads by 3; best first move: stone 2 (A:2, B:5)",
        erratum: None,
        compute: || {
            let (a, b) = ([5, 2, 3, 1, 4], [1, 5, 3, 4, 2]);
            Evidence::both(
                game5_best_first(&a, &b, opt),
                game5_best_first(&a, &b, naive_solve),
            )
        },
    },
    Claim {
        id: "STO-006",
        game: GameId::Stones,
        source: "001 Game 5 解法2",
        statement: "taking stones in decreasing (A's value + B's value) is optimal: the greedy \
                    equals exhaustive search on 800 fixed pseudo-random rows of ≤ 7 stones",
        expected: "0 of 800 rows differ",
        erratum: None,
        compute: greedy_matches_search,
    },
    Claim {
        id: "STO-007",
        game: GameId::Stones,
        source: "001 Game 1 解法2",
        statement: "memoised strategy(i, j): O(n^2) time (measured: evaluations at n = 200, 400)",
        expected: "O(n^2)",
        erratum: None,
        compute: || growth_claim(cost::memoised_interval_evaluations, 200, "evaluations"),
    },
    Claim {
        id: "STO-008",
        game: GameId::Stones,
        source: "001 Game 2 解法2",
        statement: "summing slices costs O(n), so 解法1 is O(n^2) overall \
                    (measured: additions at n = 100, 200)",
        expected: "O(n^2)",
        erratum: Some(Erratum {
            corrected: "O(n^3)",
        }),
        compute: || growth_claim(cost::slice_sum_additions, 100, "additions"),
    },
    Claim {
        id: "STO-009",
        game: GameId::Stones,
        source: "001 Game 2 解法2",
        statement:
            "with prefix sums the computation becomes O(n) (これで計算量がO(n)になりました) \
                    (measured: evaluations at n = 200, 400)",
        expected: "O(n)",
        erratum: Some(Erratum {
            corrected: "O(n^2)",
        }),
        compute: || growth_claim(cost::memoised_interval_evaluations, 200, "evaluations"),
    },
    Claim {
        id: "STO-010",
        game: GameId::Stones,
        source: "001 Game 3 解法1",
        statement: "one index, so time and space are O(n) (measured: steps at n = 10^4, 2·10^4)",
        expected: "O(n)",
        erratum: None,
        compute: || growth_claim(cost::suffix_dp_steps, 10_000, "steps"),
    },
    Claim {
        id: "STO-011",
        game: GameId::Stones,
        source: "001 Game 5 解法1",
        statement: "the state (which stones remain) has O(2^n) variations \
                    (measured: states reached at n = 12, 13)",
        expected: "O(2^n)",
        erratum: None,
        compute: || {
            let (at_12, at_13) = (cost::subset_states(12), cost::subset_states(13));
            Evidence::optimized_only(cost::exponential_growth(at_12, at_13))
                .measured(format!("states: {at_12} at n = 12, {at_13} at n = 13"))
        },
    },
    Claim {
        id: "STO-012",
        game: GameId::Stones,
        source: "001 Game 5 解法2",
        statement: "the greedy is O(n) (これなら計算量はO(n)になりました) \
                    (measured: comparisons at n = 2^16, 2^17)",
        expected: "O(n)",
        erratum: Some(Erratum {
            corrected: "O(n log n)",
        }),
        compute: || growth_claim(cost::greedy_comparisons, 1 << 16, "comparisons"),
    },
];
