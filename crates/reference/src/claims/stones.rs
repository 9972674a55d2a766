//! Published claims of document 001 (stone games 1–5) and of the LeetCode
//! problems it cites for them.
//!
//! The article prints no final scores; its claims are statements about its
//! examples (who wins [1,100,2,3], which first stone to take in Game 5), a
//! strategy argument (even rows), the optimality of the greedy, what its
//! listings compute and what they cost. Games 2–4 have no numbers in the
//! article; they are the public problems Stone Game VII, III and II
//! (LeetCode 1690, 1406, 1140, in its 参考 list), whose published examples
//! are checked here with both solvers, as are those of Stone Game (877) and
//! Stone Game VI (1686), its Games 1 and 5.
//!
//! Complexity claims count the additions, subtractions and comparisons of
//! the code that runs (the shipped solvers, or the listing the sentence is
//! about, as a solver variant) on [`Counted`] points at a ladder of sizes,
//! and read the growth class from the counts ([`complexity::fit`]).

use super::face::on_face;
use super::{Claim, Erratum, Evidence, GameId};
use crate::core::{Outcome, Player};
use crate::games::stones::complexity::{self, ExponentialFit, Fit, Growth};
use crate::games::stones::face::{Lead, StoneGames};
use crate::games::stones::listings::{self, Memoised, SliceBounds};
use crate::games::stones::points::{count_operations, Counted};
use crate::games::stones::{naive, optimized, Game, GameResult, Stones};

fn one(values: &[i64]) -> Stones {
    Stones::one_valued(values.to_vec()).expect("claim rows are valid")
}

fn two(a: &[i64], b: &[i64]) -> Stones {
    Stones::two_valued(a.to_vec(), b.to_vec()).expect("claim rows are valid")
}

fn opt(game: Game, s: &Stones) -> GameResult {
    optimized::solve(game, s).expect("claim rows are within the tables")
}

fn naive_solve(game: Game, s: &Stones) -> GameResult {
    naive::solve(game, s).expect("claim rows are within the naive search")
}

/// Both solvers through the face on `row` (`<game>: <values>`, the face's
/// notation), A's lead rendered by `show`.
fn lead(row: &str, show: fn(Lead) -> String) -> Evidence {
    on_face::<StoneGames>(row, |_, &lead| show(lead))
}

/// LeetCode's words for the winner: Alice moves first, Bob second.
fn alice_bob_tie(lead: Lead) -> String {
    match lead.outcome() {
        Outcome::Winner(Player::First) => "Alice",
        Outcome::Winner(Player::Second) => "Bob",
        Outcome::Draw => "Tie",
    }
    .to_string()
}

/// Both solvers through the face on `row`: the stones the first player
/// takes where every stone goes to one of the two (Game 4), so that A's
/// and B's totals add up to the row's and differ by A's lead.
fn first_takes(row: &str) -> Evidence {
    on_face::<StoneGames>(row, |row, lead| {
        let total: i64 = row.stones.values_a().iter().sum();
        ((total + lead.0) / 2).to_string()
    })
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
        r.winner(),
        r.first,
        r.second,
        ends
    )
}

/// Values `a` and `b` without stone `i`.
fn without(v: &[i64], i: usize) -> Vec<i64> {
    v.iter()
        .enumerate()
        .filter(|&(k, _)| k != i)
        .map(|(_, &x)| x)
        .collect()
}

/// The stones (1-based) the mover can take without lowering its lead, the
/// mover valuing stones by `mine` and the other player by `theirs`.
fn best_takes(mine: &[i64], theirs: &[i64], solve: fn(Game, &Stones) -> GameResult) -> Vec<usize> {
    let lead_after = |i: usize| {
        if mine.len() == 1 {
            return mine[0];
        }
        // The other player moves next: it takes the first seat.
        mine[i]
            - solve(
                Game::AnyStoneTwoValues,
                &two(&without(theirs, i), &without(mine, i)),
            )
            .diff
    };
    let leads: Vec<i64> = (0..mine.len()).map(lead_after).collect();
    let best = *leads.iter().max().expect("nonempty");
    (0..mine.len()).filter(|&i| leads[i] == best).collect()
}

/// Game 5: the stones A can take first without lowering its lead.
fn game5_best_first(a: &[i64], b: &[i64], solve: fn(Game, &Stones) -> GameResult) -> String {
    let r = solve(Game::AnyStoneTwoValues, &two(a, b));
    let stones: Vec<String> = best_takes(a, b, solve)
        .into_iter()
        .map(|i| format!("stone {} (A:{}, B:{})", i + 1, a[i], b[i]))
        .collect();
    format!(
        "A leads by {}; best first move: {}",
        r.diff,
        stones.join(", ")
    )
}

/// Game 5: B's best replies after A takes stone `taken` (0-based).
fn game5_best_reply(
    a: &[i64],
    b: &[i64],
    taken: usize,
    solve: fn(Game, &Stones) -> GameResult,
) -> String {
    let (a_rest, b_rest) = (without(a, taken), without(b, taken));
    let replies: Vec<String> = best_takes(&b_rest, &a_rest, solve)
        .into_iter()
        // Back to the numbering of the full row.
        .map(|k| if k >= taken { k + 1 } else { k })
        .map(|i| format!("stone {} ({} points for B)", i + 1, b[i]))
        .collect();
    replies.join(", ")
}

/// A fixed pseudo-random family of rows of 1..=max_len values in 0..20,
/// for the claims stated "for every row".
fn rows(count: usize, max_len: usize, seed: u64) -> Vec<Vec<i64>> {
    let mut rng = fastrand::Rng::with_seed(seed);
    (0..count)
        .map(|_| {
            let n = rng.usize(1..=max_len);
            (0..n).map(|_| rng.i64(0..20)).collect()
        })
        .collect()
}

fn even_rows() -> Vec<Vec<i64>> {
    rows(3000, 12, 7)
        .into_iter()
        .filter(|r| r.len() % 2 == 0)
        .collect()
}

/// "A never loses" on the even rows of the fixed family, or how often it
/// does; `.1` is what was measured: the rows and A's smallest lead.
fn even_rows_first_never_loses(solve: fn(Game, &Stones) -> GameResult) -> (String, String) {
    let even = even_rows();
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

/// The smallest even row of positive points (fewest stones, then values
/// 1..=3 in lexicographic order) that A does not win, by `solve`.
fn smallest_even_row_not_won(solve: fn(Game, &Stones) -> GameResult) -> String {
    for n in (2..=6).step_by(2) {
        let mut row = vec![1i64; n];
        loop {
            let r = solve(Game::EitherEnd, &one(&row));
            if r.diff <= 0 {
                return format!("{} on {row:?}", r.winner());
            }
            // Next row in lexicographic order over values 1..=3.
            let Some(k) = row.iter().rposition(|&x| x < 3) else {
                break;
            };
            row[k] += 1;
            row[k + 1..].fill(1);
        }
    }
    "first wins every even row tried".to_string()
}

/// おまけ: A plays the colouring strategy (take the end of its colour, the
/// colour with the larger sum) against every line of B's replies; the
/// verdict says whether A took exactly its colour's stones in every line.
fn colouring_strategy_holds() -> (String, String) {
    fn lines(
        row: &[i64],
        i: usize,
        end: usize,
        a_colour: usize,
        a_score: i64,
        out: &mut Vec<Option<i64>>,
    ) {
        if i == end {
            out.push(Some(a_score));
            return;
        }
        // A to move (an even number of stones left): exactly one end has A's colour.
        let ends = [i, end - 1];
        let mine: Vec<usize> = ends.into_iter().filter(|&k| k % 2 == a_colour).collect();
        if mine.len() != 1 {
            out.push(None);
            return;
        }
        let (k, (i, end)) = if mine[0] == i {
            (i, (i + 1, end))
        } else {
            (end - 1, (i, end - 1))
        };
        // B then takes either end of the odd row left.
        lines(row, i + 1, end, a_colour, a_score + row[k], out);
        lines(row, i, end - 1, a_colour, a_score + row[k], out);
    }
    let even = even_rows();
    let mut broken = 0;
    let mut total_lines = 0;
    for row in &even {
        let red: i64 = row.iter().step_by(2).sum();
        let blue: i64 = row.iter().skip(1).step_by(2).sum();
        let (a_colour, target) = if red >= blue { (0, red) } else { (1, blue) };
        let mut out = Vec::new();
        lines(row, 0, row.len(), a_colour, 0, &mut out);
        total_lines += out.len();
        if out.iter().any(|&s| s != Some(target)) {
            broken += 1;
        }
    }
    let verdict = if broken == 0 {
        "A takes every stone of its colour".to_string()
    } else {
        format!("fails on {broken} rows")
    };
    (
        verdict,
        format!(
            "{} even rows, {total_lines} lines of B's replies",
            even.len()
        ),
    )
}

fn greedy_matches_search() -> Evidence {
    let rows_a = rows(800, 7, 11);
    let rows_b = rows(800, 7, 13);
    let mut checked = 0;
    let mut mismatches = 0;
    for (a, b) in rows_a.iter().zip(&rows_b) {
        let n = a.len().min(b.len());
        let s = two(&a[..n], &b[..n]);
        checked += 1;
        if opt(Game::AnyStoneTwoValues, &s).diff != naive_solve(Game::AnyStoneTwoValues, &s).diff {
            mismatches += 1;
        }
    }
    Evidence::optimized_only(format!("{mismatches} of {checked} rows differ"))
}

/// Equal values for both players: taking the highest stone first, by a sort
/// on the value alone (not the solver's a + b), against exhaustive search.
fn highest_first_matches_search() -> Evidence {
    let family = rows(400, 7, 17);
    let mismatches = family
        .iter()
        .filter(|row| {
            let mut sorted = row.to_vec();
            sorted.sort_unstable_by(|x, y| y.cmp(x));
            let highest_first: i64 = sorted
                .iter()
                .enumerate()
                .map(|(k, &v)| if k % 2 == 0 { v } else { -v })
                .sum();
            highest_first != naive_solve(Game::AnyStoneTwoValues, &one(row)).diff
        })
        .count();
    Evidence::optimized_only(format!("{mismatches} of {} rows differ", family.len()))
}

/// A fixed pseudo-random row of `n` values below `bound` (two for Game 5).
fn sample(n: usize, bound: i64, game: Game) -> Stones {
    let mut rng = fastrand::Rng::with_seed(0x9E37_79B9_7F4A_7C15 ^ n as u64);
    let mut values = || (0..n).map(|_| rng.i64(0..bound)).collect::<Vec<_>>();
    if game == Game::AnyStoneTwoValues {
        Stones::two_valued(values(), values()).expect("bounded values")
    } else {
        Stones::one_valued(values()).expect("bounded values")
    }
}

/// What the counts are: every operation on the points.
const OPERATIONS: &str = "additions, subtractions and comparisons";

/// Operation counts of `run` on [`Counted`] points at each size of `sizes`.
fn operation_ladder<T>(
    game: Game,
    sizes: &[usize],
    run: impl Fn(&Stones) -> T,
) -> Vec<(usize, u64)> {
    sizes
        .iter()
        .map(|&n| {
            // Values up to 2^30 keep keys apart, so a sort cannot stop early
            // on ties, and every sum within 64 bits.
            let stones = sample(n, 1 << 30, game);
            (n, count_operations(|| run(&stones)).1)
        })
        .collect()
}

/// The memo sizes (states) of a memoised listing at each size.
fn state_ladder(
    game: Game,
    sizes: &[usize],
    run: impl Fn(&Stones) -> Memoised,
) -> Vec<(usize, u64)> {
    sizes
        .iter()
        .map(|&n| (n, run(&sample(n, 1000, game)).states as u64))
        .collect()
}

/// A growth claim: the class as computed, the counts as measured, and where
/// the class is not the printed one, the reason read off the same fit.
fn growth(fit: &Fit, what: &str, printed: &str) -> Evidence {
    let evidence = Evidence::optimized_only(fit.label()).measured(fit.describe(what));
    match Growth::from_label(printed) {
        Some(class) if fit.class != Some(class) => {
            let sizes: Vec<String> = fit.counts.iter().map(|(n, _)| n.to_string()).collect();
            evidence.because(format!(
                "{what} grow with log-log slope {:.3} over n = {}: {}; {printed} would give {:.3}",
                fit.slope,
                sizes.join(", "),
                fit.label(),
                fit.prediction(class)
            ))
        }
        _ => evidence,
    }
}

fn exponential(fit: &ExponentialFit, what: &str) -> Evidence {
    Evidence::optimized_only(fit.label()).measured(fit.describe(what))
}

/// "same" when two fits find the same class; the measurement shows both.
fn same_class(first: (&str, &Fit), second: (&str, &Fit)) -> Evidence {
    let computed = match (first.1.class, second.1.class) {
        (Some(a), Some(b)) if a == b => "same".to_string(),
        _ => format!(
            "{} {}, {} {}",
            first.0,
            first.1.label(),
            second.0,
            second.1.label()
        ),
    };
    Evidence::optimized_only(computed).measured(format!(
        "{}; {}",
        first.1.describe(first.0),
        second.1.describe(second.0)
    ))
}

fn game1_memoised_counts() -> Fit {
    complexity::fit(&operation_ladder(
        Game::EitherEnd,
        &[64, 128, 256, 512],
        listings::game1_memoised::<Counted>,
    ))
}

fn game2_prefix_counts() -> Fit {
    complexity::fit(&operation_ladder(
        Game::EitherEndRemainder,
        &[64, 128, 256, 512],
        listings::game2_prefix_sums::<Counted>,
    ))
}

fn game3_memoised_counts() -> Fit {
    complexity::fit(&operation_ladder(
        Game::FrontUpToThree,
        &[256, 512, 1024, 2048, 4096],
        listings::game3_memoised::<Counted>,
    ))
}

/// The first row, fewest stones first and then in lexicographic order of
/// values in `values`, on which `listing` and the solver's value differ.
fn smallest_difference(
    game: Game,
    listing: fn(&Stones) -> i64,
    values: std::ops::RangeInclusive<i64>,
    most_stones: usize,
) -> Option<Vec<i64>> {
    let (low, high) = (*values.start(), *values.end());
    for n in 1..=most_stones {
        let mut row = vec![low; n];
        loop {
            if listing(&one(&row)) != opt(game, &one(&row)).diff {
                return Some(row);
            }
            let Some(k) = row.iter().rposition(|&x| x < high) else {
                break;
            };
            row[k] += 1;
            row[k + 1..].fill(low);
        }
    }
    None
}

/// A listing as printed against the game's value: "equal" on every row
/// tried, or the smallest row where they differ (fewest stones, then values
/// 1..=3 lexicographically); `.1` is what it returns on the example row.
fn listing_as_printed(
    game: Game,
    as_printed: fn(&Stones) -> i64,
    example: &[i64],
) -> (String, String) {
    let value = |row: &[i64]| opt(game, &one(row)).diff;
    let on_example = format!(
        "{} on {example:?} (the value is {})",
        as_printed(&one(example)),
        value(example)
    );
    match smallest_difference(game, as_printed, 1..=3, 4) {
        None if as_printed(&one(example)) == value(example) => ("equal".to_string(), on_example),
        None => (format!("as printed {on_example}"), on_example),
        Some(row) => (
            format!(
                "as printed {} ≠ {} on {row:?}",
                as_printed(&one(&row)),
                value(&row)
            ),
            format!("as printed it returns {on_example}"),
        ),
    }
}

fn game4_listing(s: &Stones) -> i64 {
    listings::game4_memoised::<i64>(s)
        .expect("small rows")
        .value
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
        statement: "with an even number of stones the first player never loses \
                    (必ず勝つ(少なくとも負けない)), on 3000 fixed pseudo-random rows of ≤ 12 stones \
                    (the even ones)",
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
            let printed = listings::game1_first_player_score(&one(&v), true).expect("a short row");
            let r = opt(Game::EitherEnd, &one(&v));
            let by_diff = (v.iter().sum::<i64>() + r.diff) / 2;
            let corrected = listings::game1_first_player_score(&one(&v), false).expect("a short row");
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
        statement: "memoised strategy(i, j) takes O(n^2) time (全体の時間計算量はO(n^2)): \
                    operations of the memoised listing counted at n = 64 … 512",
        expected: "O(n^2)",
        erratum: None,
        compute: || {
            let fit = game1_memoised_counts();
            let run = listings::game1_memoised::<i64>(&sample(512, 1000, Game::EitherEnd))
                .expect("within the listing's limit");
            growth(&fit, OPERATIONS, "O(n^2)").measured(format!(
                "{}; at n = 512, {} calls for {} states (each state computed once)",
                fit.describe(OPERATIONS),
                run.calls,
                run.states
            ))
        },
    },
    Claim {
        id: "STO-008",
        game: GameId::Stones,
        source: "001 Game 2 解法2",
        statement: "summing slices costs O(n), so 解法1 is O(n^2) overall \
                    (全体の計算量がO(n^2)になってしまう): operations of 解法1 (slices summed \
                    afresh at each state) counted at n = 64 … 512",
        expected: "O(n^2)",
        erratum: Some(Erratum {
            corrected: "O(n^3)",
        }),
        compute: || {
            let fit = complexity::fit(&operation_ladder(
                Game::EitherEndRemainder,
                &[64, 128, 256, 512],
                |s| listings::game2_slice_sums::<Counted>(s, SliceBounds::Corrected),
            ));
            growth(&fit, OPERATIONS, "O(n^2)")
        },
    },
    Claim {
        id: "STO-009",
        game: GameId::Stones,
        source: "001 Game 2 解法2",
        statement: "with prefix sums the computation becomes O(n) (これで計算量がO(n)になりました): \
                    operations of memoised 解法2 counted at n = 64 … 512",
        expected: "O(n)",
        erratum: Some(Erratum {
            corrected: "O(n^2)",
        }),
        compute: || growth(&game2_prefix_counts(), OPERATIONS, "O(n)"),
    },
    Claim {
        id: "STO-010",
        game: GameId::Stones,
        source: "001 Game 3 解法1",
        statement: "one index, so the time is O(n) (時間計算量…はO(n)で済みます): operations of \
                    the memoised listing counted at n = 256 … 4096",
        expected: "O(n)",
        erratum: None,
        compute: || growth(&game3_memoised_counts(), OPERATIONS, "O(n)"),
    },
    Claim {
        id: "STO-011",
        game: GameId::Stones,
        source: "001 Game 5 解法1",
        statement: "the state (which stones remain) has O(2^n) variations (組み合わせの個数の\
                    オーダーはO(2^n)): states in memoised 解法1's cache at n = 10 … 14",
        expected: "O(2^n)",
        erratum: None,
        compute: || {
            let sizes = [10, 11, 12, 13, 14];
            let states = complexity::fit_exponential(&state_ladder(
                Game::AnyStoneTwoValues,
                &sizes,
                |s| listings::game5_memoised::<i64>(s).expect("within the listing's limit"),
            ));
            let operations = complexity::fit_exponential(&operation_ladder(
                Game::AnyStoneTwoValues,
                &sizes,
                listings::game5_memoised::<Counted>,
            ));
            exponential(&states, "states").measured(format!(
                "{}; {}",
                states.describe("states"),
                operations.describe(OPERATIONS)
            ))
        },
    },
    Claim {
        id: "STO-012",
        game: GameId::Stones,
        source: "001 Game 5 解法2",
        statement: "the greedy is O(n) (これなら計算量はO(n)になりました): operations of the \
                    shipped greedy (its sort included) counted at n = 2^10 … 2^14",
        expected: "O(n)",
        erratum: Some(Erratum {
            corrected: "O(n log n)",
        }),
        compute: || {
            let fit = complexity::fit(&operation_ladder(
                Game::AnyStoneTwoValues,
                &[1 << 10, 1 << 11, 1 << 12, 1 << 13, 1 << 14],
                |s| optimized::solve_as::<Counted>(Game::AnyStoneTwoValues, s),
            ));
            growth(&fit, OPERATIONS, "O(n)")
        },
    },
    Claim {
        id: "STO-013",
        game: GameId::Stones,
        source: "LeetCode 1690 (Stone Game VII), Example 1; 001 Game 2",
        statement: "stones = [5,3,1,4,2]: the difference in Alice's and Bob's scores",
        expected: "6",
        erratum: None,
        compute: || lead("2: 5,3,1,4,2", |lead| lead.0.to_string()),
    },
    Claim {
        id: "STO-014",
        game: GameId::Stones,
        source: "LeetCode 1690 (Stone Game VII), Example 2; 001 Game 2",
        statement: "stones = [7,90,5,1,100,10,10,2]: the difference in scores",
        expected: "122",
        erratum: None,
        compute: || lead("2: 7,90,5,1,100,10,10,2", |lead| lead.0.to_string()),
    },
    Claim {
        id: "STO-015",
        game: GameId::Stones,
        source: "LeetCode 1406 (Stone Game III), Example 1; 001 Game 3",
        statement: "values = [1,2,3,7]: who wins (Alice moves first)",
        expected: "Bob",
        erratum: None,
        compute: || lead("3: 1,2,3,7", alice_bob_tie),
    },
    Claim {
        id: "STO-016",
        game: GameId::Stones,
        source: "LeetCode 1406 (Stone Game III), Example 2; 001 Game 3",
        statement: "values = [1,2,3,-9]: who wins",
        expected: "Alice",
        erratum: None,
        compute: || lead("3: 1,2,3,-9", alice_bob_tie),
    },
    Claim {
        id: "STO-017",
        game: GameId::Stones,
        source: "LeetCode 1406 (Stone Game III), Example 3; 001 Game 3",
        statement: "values = [1,2,3,6]: who wins",
        expected: "Tie",
        erratum: None,
        compute: || lead("3: 1,2,3,6", alice_bob_tie),
    },
    Claim {
        id: "STO-018",
        game: GameId::Stones,
        source: "LeetCode 1140 (Stone Game II), Example 1; 001 Game 4",
        statement: "piles = [2,7,9,4,4]: the most stones Alice (first) can get",
        expected: "10",
        erratum: None,
        compute: || first_takes("4: 2,7,9,4,4"),
    },
    Claim {
        id: "STO-019",
        game: GameId::Stones,
        source: "LeetCode 1140 (Stone Game II), Example 2; 001 Game 4",
        statement: "piles = [1,2,3,4,5,100]: the most stones Alice can get",
        expected: "104",
        erratum: None,
        compute: || first_takes("4: 1,2,3,4,5,100"),
    },
    Claim {
        id: "STO-020",
        game: GameId::Stones,
        source: "LeetCode 877 (Stone Game), Example 1; 001 Game 1",
        statement: "piles = [5,3,4,5]: Alice (first) wins",
        expected: "true",
        erratum: None,
        compute: || lead("1: 5,3,4,5", |lead| (lead.0 > 0).to_string()),
    },
    Claim {
        id: "STO-021",
        game: GameId::Stones,
        source: "LeetCode 877 (Stone Game), Example 2; 001 Game 1",
        statement: "piles = [3,7,2,3]: Alice wins",
        expected: "true",
        erratum: None,
        compute: || lead("1: 3,7,2,3", |lead| (lead.0 > 0).to_string()),
    },
    Claim {
        id: "STO-022",
        game: GameId::Stones,
        source: "LeetCode 1686 (Stone Game VI), Example 1; 001 Game 5",
        statement: "aliceValues = [1,3], bobValues = [2,1]: 1 Alice wins, 0 draw, -1 Bob wins",
        expected: "1",
        erratum: None,
        compute: || lead("5: 1,3 / 2,1", |lead| lead.0.signum().to_string()),
    },
    Claim {
        id: "STO-023",
        game: GameId::Stones,
        source: "LeetCode 1686 (Stone Game VI), Example 2; 001 Game 5",
        statement: "aliceValues = [1,2], bobValues = [3,1]: the result",
        expected: "0",
        erratum: None,
        compute: || lead("5: 1,2 / 3,1", |lead| lead.0.signum().to_string()),
    },
    Claim {
        id: "STO-024",
        game: GameId::Stones,
        source: "LeetCode 1686 (Stone Game VI), Example 3; 001 Game 5",
        statement: "aliceValues = [2,4,3], bobValues = [1,6,7]: the result",
        expected: "-1",
        erratum: None,
        compute: || lead("5: 2,4,3 / 1,6,7", |lead| lead.0.signum().to_string()),
    },
    Claim {
        id: "STO-025",
        game: GameId::Stones,
        source: "001 Game 1 解法2",
        statement: "memoisation makes the space O(n^2) (空間計算量もメモ化によってO(n^2)): \
                    states in the memoised listing's cache at n = 64 … 512",
        expected: "O(n^2)",
        erratum: None,
        compute: || {
            let fit = complexity::fit(&state_ladder(
                Game::EitherEnd,
                &[64, 128, 256, 512],
                |s| listings::game1_memoised::<i64>(s).expect("within the listing's limit"),
            ));
            growth(&fit, "cached states", "O(n^2)")
        },
    },
    Claim {
        id: "STO-026",
        game: GameId::Stones,
        source: "001 Game 1 解法1, 総得点を求める",
        statement: "B maximising its own score is B minimising A's (Bが自分の得点を最大化することと\
                    Aの得点を最小化することは同じ), so A's score is (Σ stones + score_dif) / 2: \
                    A's score by max/min (corrected 解法1) against 解法2's difference, on 1000 \
                    fixed pseudo-random rows of ≤ 12 stones",
        expected: "0 of 1000 rows differ",
        erratum: None,
        compute: || {
            let family = rows(1000, 12, 23);
            let differ = family
                .iter()
                .filter(|row| {
                    let s = one(row);
                    let by_diff = (row.iter().sum::<i64>() + opt(Game::EitherEnd, &s).diff) / 2;
                    listings::game1_first_player_score(&s, false).expect("short rows") != by_diff
                })
                .count();
            Evidence::optimized_only(format!("{differ} of {} rows differ", family.len()))
        },
    },
    Claim {
        id: "STO-027",
        game: GameId::Stones,
        source: "001 Game 1 (おまけ)",
        statement: "with an even number of stones the first player wins (先手必勝になる簡単な戦略): \
                    the smallest even row of points 1–3 the first player does not win",
        expected: "first wins every even row",
        erratum: Some(Erratum {
            corrected: "draw on [1, 1]",
        }),
        compute: || {
            let smallest = smallest_even_row_not_won(opt);
            Evidence::both(smallest.clone(), smallest_even_row_not_won(naive_solve)).because(
                format!(
                    "{smallest}: equal colour sums give a draw; the article's own parenthesis \
                     (少なくとも負けない) is right (STO-003)"
                ),
            )
        },
    },
    Claim {
        id: "STO-028",
        game: GameId::Stones,
        source: "001 Game 1 (おまけ)",
        statement: "the colouring strategy: after A takes an end of its colour B can only take \
                    the other colour, so A takes all of its colour (Aが全ての赤い石を取れば) — \
                    played against every line of B's replies on the even rows of STO-003",
        expected: "A takes every stone of its colour",
        erratum: None,
        compute: || {
            let (verdict, measured) = colouring_strategy_holds();
            Evidence::optimized_only(verdict).measured(measured)
        },
    },
    Claim {
        id: "STO-029",
        game: GameId::Stones,
        source: "001 Game 2 解法1",
        statement: "the 解法1 listing (left = sum(stones[i+1:j]) − strategy(i+1, j)) computes \
                    Game 2's value; checked on every row of ≤ 4 stones of points 1–3 and on \
                    LeetCode 1690's [5,3,1,4,2]",
        expected: "equal",
        erratum: Some(Erratum {
            corrected: "as printed 0 ≠ 1 on [1, 1]",
        }),
        compute: || {
            let (computed, reason) = listing_as_printed(
                Game::EitherEndRemainder,
                |s| {
                    listings::game2_slice_sums::<i64>(s, SliceBounds::AsPrinted)
                        .expect("small rows")
                        .value
                },
                &[5, 3, 1, 4, 2],
            );
            Evidence::optimized_only(computed).because(format!(
                "{reason}: Python's slice stones[i+1:j] stops before stone j, so each sum \
                 leaves out the last remaining stone"
            ))
        },
    },
    Claim {
        id: "STO-030",
        game: GameId::Stones,
        source: "001 区間DPを使ったGame 1の解法",
        statement: "the interval-DP listing for Game 1 (dp = [[0]*n …], widths from 1) computes \
                    Game 1's value; checked on every row of ≤ 4 stones of points 1–3 and on \
                    [1,100,2,3]",
        expected: "equal",
        erratum: Some(Erratum {
            corrected: "as printed 0 ≠ 1 on [1]",
        }),
        compute: || {
            let (computed, reason) = listing_as_printed(
                Game::EitherEnd,
                |s| listings::game1_interval_dp_as_printed(s).expect("short rows"),
                &[1, 100, 2, 3],
            );
            Evidence::optimized_only(computed).because(format!(
                "{reason}: dp[i][i] is left 0, so the last stone counts for nothing; \
                 dp[i][i] = stones[i] is needed (Game 2's 0 is right there)"
            ))
        },
    },
    Claim {
        id: "STO-031",
        game: GameId::Stones,
        source: "001 Game 2 解法3",
        statement: "解法2 and 解法3 have the same theoretical complexity (解法2と3の理論的な\
                    計算量は同じ): operations of memoised 解法2 and of the shipped interval DP \
                    (解法3) at n = 64 … 512",
        expected: "same",
        erratum: None,
        compute: || {
            let table = complexity::fit(&operation_ladder(
                Game::EitherEndRemainder,
                &[64, 128, 256, 512],
                |s| optimized::solve_as::<Counted>(Game::EitherEndRemainder, s),
            ));
            same_class(("解法2", &game2_prefix_counts()), ("解法3", &table))
        },
    },
    Claim {
        id: "STO-032",
        game: GameId::Stones,
        source: "001 Game 3 解法1",
        statement: "one index, so the space is O(n) (空間計算量はO(n)で済みます): states in the \
                    memoised listing's cache at n = 256 … 4096",
        expected: "O(n)",
        erratum: None,
        compute: || {
            let fit = complexity::fit(&state_ladder(
                Game::FrontUpToThree,
                &[256, 512, 1024, 2048, 4096],
                |s| listings::game3_memoised::<i64>(s).expect("within the listing's limit"),
            ));
            growth(&fit, "cached states", "O(n)")
        },
    },
    Claim {
        id: "STO-033",
        game: GameId::Stones,
        source: "001 Game 3 解法2",
        statement: "the table form has the same theoretical complexity (こちらも理論的な計算量は\
                    同じ): operations of memoised 解法1 and of the shipped suffix DP (解法2) at \
                    n = 256 … 4096",
        expected: "same",
        erratum: None,
        compute: || {
            let table = complexity::fit(&operation_ladder(
                Game::FrontUpToThree,
                &[256, 512, 1024, 2048, 4096],
                |s| optimized::solve_as::<Counted>(Game::FrontUpToThree, s),
            ));
            same_class(("解法1", &game3_memoised_counts()), ("解法2", &table))
        },
    },
    Claim {
        id: "STO-034",
        game: GameId::Stones,
        source: "001 Game 5",
        statement: "values A = 5,2,3,1,4 and B = 1,5,3,4,2: if A takes the 1st stone (5 points), \
                    B then takes the 2nd for 5 points (次にBは2番目の石を取って5点を得るはず)",
        expected: "stone 2 (5 points for B)",
        erratum: None,
        compute: || {
            let (a, b) = ([5, 2, 3, 1, 4], [1, 5, 3, 4, 2]);
            Evidence::both(
                game5_best_reply(&a, &b, 0, opt),
                game5_best_reply(&a, &b, 0, naive_solve),
            )
        },
    },
    Claim {
        id: "STO-035",
        game: GameId::Stones,
        source: "001 Game 5 解法2",
        statement: "with the same values for both players, taking the highest stone first is \
                    optimal (一番得点の高い石から順に取っていくのが最適): against exhaustive search \
                    on 400 fixed pseudo-random rows of ≤ 7 stones",
        expected: "0 of 400 rows differ",
        erratum: None,
        compute: highest_first_matches_search,
    },
    Claim {
        id: "STO-036",
        game: GameId::Stones,
        source: "001 Game 4",
        statement: "the Game 4 listing (if i + 2*M >= n: return sum(stones[i:])) computes Game \
                    4's value on points ≥ 0, as the article's and LeetCode 1140's are: every row \
                    of ≤ 6 stones of points 0–3, and LeetCode's two examples",
        expected: "equal",
        erratum: None,
        compute: || {
            let leetcode = [&[2, 7, 9, 4, 4][..], &[1, 2, 3, 4, 5, 100]];
            let differs = smallest_difference(Game::FrontDoubling, game4_listing, 0..=3, 6)
                .or_else(|| {
                    leetcode
                        .iter()
                        .find(|r| game4_listing(&one(r)) != opt(Game::FrontDoubling, &one(r)).diff)
                        .map(|r| r.to_vec())
                });
            let negative = smallest_difference(Game::FrontDoubling, game4_listing, -1..=1, 4);
            Evidence::optimized_only(differs.map_or("equal".to_string(), |r| {
                format!("differs on {r:?}")
            }))
            .measured(negative.map_or(
                "equal on every row of ≤ 4 stones of points −1–1 too".to_string(),
                |r| {
                    format!(
                        "with negative points it takes too much: {} ≠ {} on {r:?}",
                        game4_listing(&one(&r)),
                        opt(Game::FrontDoubling, &one(&r)).diff
                    )
                },
            ))
        },
    },
];
