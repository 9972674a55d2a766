//! Published claims of the 10,000-yen game about the referee and the
//! built-in players (document 000 §3–4, Listing 4). Ids are `YEN-0nn`; the
//! equilibrium claims in `yen_equilibrium.rs` use `YEN-1nn`.
//!
//! Listing 4 is checked twice: by the referee playing the built-in
//! players, and by a plain transcription of Listings 1 and 2's loops that
//! shares nothing with the referee: rounds are settled by the naive
//! solver's own `round_gains`, not by `rules::settle`. The cycle of §3–4 is
//! measured: each "usually" means the 95% Wilson interval of the win rate
//! over a 1,000-match series lies wholly above 1/2, for every fixed seed.

use super::{Claim, Erratum, Evidence, GameId};
use crate::core::{Outcome, Player};
use crate::games::yen::naive::round_gains;
use crate::games::yen::players::{Always1000, Minus1, Random, Strategy};
use crate::games::yen::referee::{transcript, BuiltIn, Referee, SeriesScore};
use crate::games::yen::rules::Rules;
use crate::games::yen::tournament::wilson95;

/// The seeds of the `random` player in the cycle claims.
pub const CYCLE_SEEDS: [u64; 5] = [1, 2, 3, 4, 5];
/// Matches per series in the cycle claims (§2: 1,000).
pub const CYCLE_GAMES: u64 = 1000;

/// Listing 4 as the referee prints it.
fn listing_4_by_referee() -> String {
    let mut a = BuiltIn::new("always1000", Box::new(Always1000));
    let mut b = BuiltIn::new("minus1", Box::new(Minus1));
    let mut text = String::new();
    Referee::new(Rules::default())
        .play_series(&mut a, &mut b, 1, |r| {
            text = transcript("always1000", "minus1", r);
            Ok(())
        })
        .expect("built-in players start");
    text
}

/// Listing 4 from the listings' loops, written out: always1000 bets 1000,
/// minus1 bets 0, then n−1, then 10000 − sum; the lower bet takes both.
fn listing_4_by_hand() -> Vec<(u64, u64, u64, u64)> {
    let (mut money_a, mut money_b, mut sum_b, mut n) = (0, 0, 0, 0u64);
    let mut lines = Vec::new();
    for j in 1..=10 {
        let a = 1000;
        let b = match j {
            1 => 0,
            10 => 10_000 - sum_b,
            _ => n.max(1) - 1,
        };
        sum_b += b;
        n = a;
        let (ga, gb) = round_gains(a, b);
        money_a += ga;
        money_b += gb;
        lines.push((a, b, money_a, money_b));
    }
    lines
}

/// `3008 16992; minus1 won.` from a transcript's last two lines.
fn final_of_transcript(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let money = lines[lines.len() - 2].replace(['[', ']'], "");
    format!("{}; {}", money.trim(), lines[lines.len() - 1])
}

fn final_by_hand() -> String {
    let (_, _, a, b) = *listing_4_by_hand().last().expect("ten rounds");
    let winner = if a > b { "always1000" } else { "minus1" };
    format!("{a} {b}; {winner} won.")
}

/// Round `k`'s line of Listing 4, as printed by the referee and by hand.
fn round_line(k: usize) -> Evidence {
    let by_referee = listing_4_by_referee()
        .lines()
        .nth(k)
        .unwrap_or_default()
        .to_string();
    let (a, b, ma, mb) = listing_4_by_hand()[k - 1];
    let show = |x: u64, takes: bool| {
        if takes {
            format!("[{x:>2}]")
        } else {
            format!("{x:>2}")
        }
    };
    let by_hand = format!("{k}: {} {} -> {ma} {mb}", show(a, a < b), show(b, b < a));
    Evidence::both(by_referee, by_hand)
}

/// Why round 2's bet is 999 and not the printed 99, from the listings'
/// loops: minus1's bets over the ten rounds must spend exactly its 10,000
/// yen, and its last bet is the printed 2008.
fn listing_4_totals_need_999() -> String {
    let rounds = listing_4_by_hand();
    let bets: Vec<u64> = rounds.iter().map(|&(_, b, _, _)| b).collect();
    let spent: u64 = bets.iter().sum();
    let with_99 = spent - bets[1] + 99;
    format!(
        "minus1 bets n − 1 = {} after always1000's {} (Listing 2); its bets {} sum to {spent}, all its \
         money, with the printed last bet {}; with 99 in round 2 they would sum to {with_99}",
        bets[1],
        rounds[0].0,
        bets.iter().map(ToString::to_string).collect::<Vec<_>>().join(" + "),
        bets[9]
    )
}

/// One series of two built-ins.
fn series(a: Box<dyn Strategy + Send>, b: Box<dyn Strategy + Send>, games: u64) -> SeriesScore {
    let mut ca = BuiltIn::new("a", a);
    let mut cb = BuiltIn::new("b", b);
    Referee::new(Rules::default())
        .play_series(&mut ca, &mut cb, games, |_| Ok(()))
        .expect("built-in players start")
}

/// "`winner` usually wins" when, for every seed, the 95% interval of its
/// win rate over `CYCLE_GAMES` matches is above 1/2; otherwise the first
/// series where it is not. `wins(seed)` counts the claimed winner's wins.
/// `.1` is what was measured: each seed's wins and interval.
fn usually(winner: &str, loser: &str, wins: impl Fn(u64) -> u64) -> (String, String) {
    let mut verdict = format!("{winner} usually wins");
    let mut measured = Vec::new();
    for seed in CYCLE_SEEDS {
        let wins = wins(seed);
        let (lo, hi) = wilson95(wins, CYCLE_GAMES);
        measured.push(format!(
            "seed {seed}: {wins}/{CYCLE_GAMES} [{:.1}%, {:.1}%]",
            100.0 * lo,
            100.0 * hi
        ));
        if lo <= 0.5 && verdict.ends_with("usually wins") {
            verdict = format!("{winner} does not usually win against {loser} (seed {seed})");
        }
    }
    (verdict, format!("{winner}'s wins: {}", measured.join("; ")))
}

/// The referee's count of wins of `random` (player A) against always1000
/// (`minus1 = false`) or minus1: (random's wins, the opponent's wins).
fn random_wins_by_referee(seed: u64, minus1: bool) -> (u64, u64) {
    let opponent: Box<dyn Strategy + Send> = if minus1 {
        Box::new(Minus1)
    } else {
        Box::new(Always1000)
    };
    let s = series(Box::new(Random::new(seed)), opponent, CYCLE_GAMES);
    (s.wins_a, s.wins_b)
}

/// The same count from Listings 1–3's loops written out, with the same
/// generator stream as the `random` player (one draw on 0..remain in each
/// of rounds 1–9) and no referee.
fn random_wins_by_hand(seed: u64, minus1: bool) -> (u64, u64) {
    let mut rng = fastrand::Rng::with_seed(seed);
    let (mut random_wins, mut other_wins) = (0, 0);
    for _ in 0..CYCLE_GAMES {
        let (mut remain, mut other_left) = (10_000u64, 10_000u64);
        let (mut random_money, mut other_money) = (0u64, 0u64);
        let mut previous = 0u64;
        for round in 1..=10 {
            let bet = if round == 10 {
                remain
            } else {
                rng.u64(0..remain)
            };
            let other = if round == 10 {
                other_left
            } else if !minus1 {
                1000
            } else if round == 1 {
                0
            } else {
                previous.saturating_sub(1).min(other_left)
            };
            remain -= bet;
            other_left -= other;
            previous = bet;
            if bet < other {
                random_money += bet + other;
            } else if other < bet {
                other_money += bet + other;
            } else {
                random_money += bet;
                other_money += other;
            }
        }
        if random_money > other_money {
            random_wins += 1;
        } else if other_money > random_money {
            other_wins += 1;
        }
    }
    (random_wins, other_wins)
}

pub(super) const CLAIMS: &[Claim] = &[
    Claim {
        id: "YEN-001",
        game: GameId::Yen,
        source: "000 §3, Listing 4",
        statement: "always1000 against minus1, one match: always1000 ends with 3008 yen, \
                    minus1 with 16992, and minus1 wins",
        expected: "3008 16992; minus1 won.",
        erratum: None,
        compute: || {
            Evidence::both(
                final_of_transcript(&listing_4_by_referee()),
                final_by_hand(),
            )
        },
    },
    Claim {
        id: "YEN-002",
        game: GameId::Yen,
        source: "000 Listing 4, round 1",
        statement: "round 1: minus1's 0 takes always1000's 1000",
        expected: "1: 1000 [ 0] -> 0 1000",
        erratum: None,
        compute: || round_line(1),
    },
    Claim {
        id: "YEN-003",
        game: GameId::Yen,
        source: "000 Listing 4, rounds 2–9",
        statement: "round 2 (and likewise 3–9): minus1 bets always1000's 1000 minus one",
        expected: "2: 1000 [ 99] -> 0 2999",
        erratum: Some(Erratum {
            corrected: "2: 1000 [999] -> 0 2999",
        }),
        compute: || round_line(2).because(listing_4_totals_need_999()),
    },
    Claim {
        id: "YEN-004",
        game: GameId::Yen,
        source: "000 Listing 4, round 10",
        statement: "round 10: minus1's remainder 2008 loses to always1000's 1000",
        expected: "10: [1000] 2008 -> 3008 16992",
        erratum: None,
        compute: || round_line(10),
    },
    Claim {
        id: "YEN-005",
        game: GameId::Yen,
        source: "000 §3 (三すくみ)",
        statement: "minus1 beats always1000: it wins every one of 1,000 matches (both are \
                    deterministic; by hand: Listing 4 a thousand times)",
        expected: "minus1 wins 1000/1000",
        erratum: None,
        compute: || {
            let s = series(Box::new(Always1000), Box::new(Minus1), CYCLE_GAMES);
            let text = format!("minus1 wins {}/{}", s.wins_b, s.games());
            let outcome_ok = s.outcome() == Outcome::Winner(Player::Second);
            // Both listings are deterministic and keep nothing between
            // matches, so by hand every match is Listing 4 again.
            let (_, _, a, b) = *listing_4_by_hand().last().expect("ten rounds");
            let by_hand = u64::from(b > a) * CYCLE_GAMES;
            Evidence::both(
                if outcome_ok {
                    text
                } else {
                    format!("{text}, no")
                },
                format!("minus1 wins {by_hand}/{CYCLE_GAMES}"),
            )
        },
    },
    Claim {
        id: "YEN-006",
        game: GameId::Yen,
        source: "000 §3 (三すくみ)",
        statement: "random usually loses to always1000: always1000's 95% interval of wins \
                    over 1,000 matches is above 1/2 for random's seeds 1–5",
        expected: "always1000 usually wins",
        erratum: None,
        compute: || {
            let (optimized, measured) = usually("always1000", "random", |s| {
                random_wins_by_referee(s, false).1
            });
            let by_hand = usually("always1000", "random", |s| random_wins_by_hand(s, false).1).0;
            Evidence::both(optimized, by_hand).measured(measured)
        },
    },
    Claim {
        id: "YEN-007",
        game: GameId::Yen,
        source: "000 §3 (三すくみ)",
        statement: "random usually beats minus1: random's 95% interval of wins over 1,000 \
                    matches is above 1/2 for its seeds 1–5",
        expected: "random usually wins",
        erratum: None,
        compute: || {
            let (optimized, measured) =
                usually("random", "minus1", |s| random_wins_by_referee(s, true).0);
            let by_hand = usually("random", "minus1", |s| random_wins_by_hand(s, true).0).0;
            Evidence::both(optimized, by_hand).measured(measured)
        },
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    /// The referee and the plain loops agree match for match, not only on
    /// the verdict: the same win counts for every seed of the cycle claims.
    #[test]
    fn referee_counts_equal_the_plain_loops() {
        for seed in CYCLE_SEEDS {
            for minus1 in [false, true] {
                assert_eq!(
                    random_wins_by_referee(seed, minus1),
                    random_wins_by_hand(seed, minus1),
                    "seed {seed}, minus1 {minus1}"
                );
            }
        }
    }

    #[test]
    fn listing_4_by_hand_has_the_published_totals() {
        assert_eq!(listing_4_by_hand()[9], (1000, 2008, 3008, 16992));
    }
}
