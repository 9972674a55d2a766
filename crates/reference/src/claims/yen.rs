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
    Claim {
        id: "YEN-008",
        game: GameId::Yen,
        source: "000 §2; §1 (零和)",
        statement: "after the 10 rounds A and B hold 20000 yen together (「合計で 20000 円持って\
                    いる」): in every match of the listings' series (minus1 against always1000, \
                    random with seeds 1–5 against both: 11,000 matches) as the referee counts; \
                    both sides on every pair of plans at T = 6, R = 3 (2T = 12)",
        expected: "20000",
        erratum: None,
        compute: coverage::money_is_conserved,
    },
    Claim {
        id: "YEN-009",
        game: GameId::Yen,
        source: "000 §2",
        statement: "「多い方が総取りだと, 明らかにゲームとして成立しません」: with the higher bet \
                    taking both, betting everything in round 1 never loses, whatever the opponent \
                    does (T = 10000, R = 10, memoised search over the opponent's replies; both \
                    sides for T ≤ 8, R ≤ 5)",
        expected: "never loses",
        erratum: None,
        compute: coverage::higher_takes_all_in,
    },
    Claim {
        id: "YEN-010",
        game: GameId::Yen,
        source: "000 §2 (ミソ); §1 (不完全情報)",
        statement: "with the lower bet taking both (「少ない方が総取りというのがミソ」), a strategy \
                    whose bets can be foreseen — a deterministic program its opponent knows — \
                    loses to some reply: at R = 10 its best guarantee is −1 for every T = 12..=24, \
                    where the game's value is 0 (YEN-102), so a player must hide its bet; both \
                    sides for T ≤ 8, R ≤ 5",
        expected: "holds",
        erratum: None,
        compute: coverage::foreseeable_loses,
    },
    Claim {
        id: "YEN-011",
        game: GameId::Yen,
        source: "000 §4",
        statement: "「ある戦略 A_1 に対して、それに勝つことができる戦略 A_2 を作ることは必ずできる」: \
                    not against an equilibrium strategy — the best reply to B's equilibrium \
                    strategy at T = R = 10 scores 0 (expectimax over A's bets against the \
                    optimized DP's equilibrium; the naive side the same against the naive \
                    recursion's own equilibrium)",
        expected: "holds",
        erratum: Some(Erratum {
            corrected: "fails: the best reply to an equilibrium strategy scores 0",
        }),
        compute: coverage::beaten_always,
    },
    Claim {
        id: "YEN-012",
        game: GameId::Yen,
        source: "000 §4",
        statement: "「片方のプレイヤーが全てのラウンドを勝つことはできず、勝ったり負けたりします」: in \
                    no match does a player win a round without losing one (so none wins every \
                    round); only all-tied matches have neither, for every T ≤ 12, R ≤ 10 \
                    (reachable round-result patterns; both sides for T ≤ 6, R ≤ 4)",
        expected: "holds",
        erratum: None,
        compute: coverage::nobody_wins_every_round,
    },
    Claim {
        id: "YEN-013",
        game: GameId::Yen,
        source: "000 §4, first student strategy",
        statement: "7000 in round 1 and the rest spread evenly, against an opponent betting the \
                    average 1000 (always1000): round 1 lost (「負けは 8000 円程度」), the other nine \
                    won at about 300 against 1000, about 12000 yen at the end (「約 12000 円」)",
        expected: "8000 lost in round 1; rounds 2–10 won; 12000 against 8000",
        erratum: None,
        compute: coverage::front_load,
    },
    Claim {
        id: "YEN-014",
        game: GameId::Yen,
        source: "000 §4, second student strategy",
        statement: "one yen under the opponent's bet in the same round of the previous match \
                    wins rounds 1–9 against an opponent that repeats (「1～9ラウンドを勝つことが\
                    できる」): the rounds 1–9 the opponent repeated but the strategy did not win, \
                    against always1000 and minus1 (none, by the document)",
        expected: "none",
        erratum: Some(Erratum {
            corrected: "minus1 round 1 (0 against 0)",
        }),
        compute: coverage::undercut_last_match,
    },
    Claim {
        id: "YEN-015",
        game: GameId::Yen,
        source: "000 Listing 4, rounds 3–9",
        statement: "rounds 3–9: minus1 bets always1000's 1000 minus one each time, and the \
                    running totals",
        expected: "3: 1000 [ 99] -> 0 4998 | 4: 1000 [ 99] -> 0 6997 | 5: 1000 [ 99] -> 0 8996 | \
                   6: 1000 [ 99] -> 0 10995 | 7: 1000 [ 99] -> 0 12994 | \
                   8: 1000 [ 99] -> 0 14993 | 9: 1000 [ 99] -> 0 16992",
        erratum: Some(Erratum {
            corrected: "3: 1000 [999] -> 0 4998 | 4: 1000 [999] -> 0 6997 | \
                        5: 1000 [999] -> 0 8996 | 6: 1000 [999] -> 0 10995 | \
                        7: 1000 [999] -> 0 12994 | 8: 1000 [999] -> 0 14993 | \
                        9: 1000 [999] -> 0 16992",
        }),
        compute: coverage::listing_4_rounds_3_to_9,
    },
    Claim {
        id: "YEN-016",
        game: GameId::Yen,
        source: "000 Listing 4, header and last lines",
        statement: "the header, the final money with the winner's in brackets, and the verdict",
        expected: "always1000 vs minus1 | 3008 [16992] | minus1 won.",
        erratum: None,
        compute: coverage::listing_4_frame,
    },
    Claim {
        id: "YEN-017",
        game: GameId::Yen,
        source: "000 §3",
        statement: "「random.c は乱数を使うので、勝ったり負けたりします」: random both wins and loses \
                    matches against always1000 and against minus1, for each of its seeds 1–5 \
                    (1,000 matches each)",
        expected: "random wins some and loses some",
        erratum: None,
        compute: coverage::random_wins_and_loses,
    },
];

/// Checks of the conclusions document 000 draws that the claims above do
/// not compute (SPEC.md, "Claims coverage (document 000)"). Where a check
/// has two sides, one is the crate's referee, rules or a memoised search and
/// the other a plain transcription that settles rounds with its own
/// [`by_hand_round`], not with `rules::settle`; YEN-011's naive side is the
/// naive recursion's best reply to its own equilibrium strategy.
mod coverage {
    use super::{
        listing_4_totals_need_999, random_wins_by_hand, random_wins_by_referee, round_line,
    };
    use super::{Evidence, CYCLE_GAMES, CYCLE_SEEDS};
    use crate::core::Player;
    use crate::games::yen::players::{bet_of, Always1000, Minus1, Random, Strategy, View};
    use crate::games::yen::referee::{transcript, BuiltIn, Referee};
    use crate::games::yen::rules::{Round, Rounds, Rules};
    use crate::solve::exact::format_ratio;
    use std::collections::{BTreeSet, HashMap};

    /// One round settled from §2's sentences, for the by-hand side: the
    /// lower bet takes both bets, equal bets go back to their owners.
    fn by_hand_round(x: u64, y: u64) -> (u64, u64) {
        if x < y {
            (x + y, 0)
        } else if y < x {
            (0, x + y)
        } else {
            (x, y)
        }
    }

    /// Every sequence of `rounds` bets that spends exactly `total` (§2:
    /// bets ≥ 0 summing to the total): the pure plans of one player when
    /// nothing depends on the opponent.
    fn bet_sequences(total: u64, rounds: u32) -> Vec<Vec<u64>> {
        if rounds == 1 {
            return vec![vec![total]];
        }
        (0..=total)
            .flat_map(|x| {
                bet_sequences(total - x, rounds - 1)
                    .into_iter()
                    .map(move |mut rest| {
                        rest.insert(0, x);
                        rest
                    })
            })
            .collect()
    }

    /// One series of two built-ins, every match's rounds kept.
    fn played(
        a: Box<dyn Strategy + Send>,
        b: Box<dyn Strategy + Send>,
        games: u64,
    ) -> Vec<Vec<Round>> {
        let mut ca = BuiltIn::new("a", a);
        let mut cb = BuiltIn::new("b", b);
        let mut matches = Vec::new();
        Referee::new(Rules::default())
            .play_series(&mut ca, &mut cb, games, |r| {
                matches.push(r.rounds.to_vec());
                Ok(())
            })
            .expect("built-in players start");
        matches
    }

    // ----- §2: after 10 rounds the two hold 20000 yen together -----------

    /// The distinct values of A's money + B's money at the end of a match.
    fn distinct(totals: impl IntoIterator<Item = u64>) -> String {
        let set: BTreeSet<u64> = totals.into_iter().collect();
        set.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The money totals of every match of the three listings' series
    /// (minus1 against always1000, random with seeds 1–5 against both),
    /// as the referee counts them and as the by-hand loops count them; and
    /// of every pair of plans at T = 6, R = 3 through the referee's
    /// bookkeeping (`Rounds`) and by hand.
    pub(super) fn money_is_conserved() -> Evidence {
        let mut by_referee = Vec::new();
        let mut series = |a: Box<dyn Strategy + Send>, b: Box<dyn Strategy + Send>| {
            for m in played(a, b, CYCLE_GAMES) {
                let last = m.last().expect("ten rounds");
                by_referee.push(last.money_a + last.money_b);
            }
        };
        series(Box::new(Always1000), Box::new(Minus1));
        for seed in CYCLE_SEEDS {
            series(Box::new(Random::new(seed)), Box::new(Always1000));
            series(Box::new(Random::new(seed)), Box::new(Minus1));
        }
        let plans = bet_sequences(6, 3);
        let mut by_rounds = Vec::new();
        let mut by_hand = Vec::new();
        for a in &plans {
            for b in &plans {
                let mut rounds = Rounds::default();
                let (mut ma, mut mb) = (0, 0);
                for (&x, &y) in a.iter().zip(b) {
                    rounds.push(x, y);
                    let (ga, gb) = by_hand_round(x, y);
                    ma += ga;
                    mb += gb;
                }
                let (ra, rb) = rounds.money();
                by_rounds.push(ra + rb);
                by_hand.push(ma + mb);
            }
        }
        Evidence::within(
            distinct(by_referee),
            "every pair of plans at T = 6, R = 3 (2T = 12)",
            distinct(by_rounds),
            distinct(by_hand),
        )
    }

    // ----- Foreseen bets: §1 不完全情報, §2 ミソ, §4 -----------------------

    /// Which bet takes both: the document's rule, or the variant §2 rejects
    /// (「多い方が総取りだと, 明らかにゲームとして成立しません」).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub(super) enum Takes {
        /// The lower bet takes both (§2).
        Lower,
        /// The higher bet takes both.
        Higher,
    }

    impl Takes {
        /// A's gain minus B's from one round.
        fn lead_change(self, x: u64, y: u64) -> i64 {
            let pot = (x + y) as i64;
            match (self, x.cmp(&y)) {
                (_, std::cmp::Ordering::Equal) => 0,
                (Takes::Lower, std::cmp::Ordering::Less)
                | (Takes::Higher, std::cmp::Ordering::Greater) => pot,
                _ => -pot,
            }
        }
    }

    /// Which bets A may make: any, or everything it has at once.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub(super) enum Plan {
        /// Any legal bet.
        Any,
        /// All the money left (everything in round 1, then 0).
        AllIn,
    }

    /// Between rounds: rounds left, money left, A's lead in money won.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    struct Situation {
        rounds_left: u32,
        money_a: u64,
        money_b: u64,
        lead: i64,
    }

    /// The best result A can guarantee (+1, 0, −1) when B sees A's bet
    /// before betting — that is, with a strategy whose every bet can be
    /// foreseen, as a deterministic program's can by an opponent who knows
    /// it. Memoised over [`Situation`], with the shortcuts of a decided
    /// match: nothing left to bet, a lead larger than the money still to be
    /// bet, or one player out of money (every later yen of the other then
    /// goes one way).
    pub(super) struct Foreseen {
        takes: Takes,
        plan: Plan,
        memo: HashMap<Situation, i8>,
    }

    impl Foreseen {
        pub(super) fn new(takes: Takes, plan: Plan) -> Foreseen {
            Foreseen {
                takes,
                plan,
                memo: HashMap::new(),
            }
        }

        /// A's guaranteed result from the start of a match of `total` yen
        /// over `rounds` rounds.
        pub(super) fn start(&mut self, total: u64, rounds: u32) -> i8 {
            self.value(Situation {
                rounds_left: rounds,
                money_a: total,
                money_b: total,
                lead: 0,
            })
        }

        fn decided(&self, s: Situation) -> Option<i8> {
            let sign = |d: i64| d.signum() as i8;
            let (a, b) = (s.money_a as i64, s.money_b as i64);
            let b_goes_to_a = self.takes == Takes::Lower;
            if s.rounds_left == 0 || s.lead.abs() > a + b {
                Some(sign(s.lead))
            } else if s.money_a == 0 {
                Some(sign(if b_goes_to_a { s.lead + b } else { s.lead - b }))
            } else if s.money_b == 0 {
                Some(sign(if b_goes_to_a { s.lead - a } else { s.lead + a }))
            } else {
                None
            }
        }

        fn value(&mut self, s: Situation) -> i8 {
            if let Some(v) = self.decided(s) {
                return v;
            }
            if let Some(&v) = self.memo.get(&s) {
                return v;
            }
            let last = s.rounds_left == 1;
            let bets_a: Vec<u64> = if last || self.plan == Plan::AllIn {
                vec![s.money_a]
            } else {
                (0..=s.money_a).collect()
            };
            let bets_b = if last {
                s.money_b..=s.money_b
            } else {
                0..=s.money_b
            };
            // Below every result and above every result: each side has a bet.
            let mut best = -2;
            for x in bets_a {
                let mut worst = 2;
                for y in bets_b.clone() {
                    let next = Situation {
                        rounds_left: s.rounds_left - 1,
                        money_a: s.money_a - x,
                        money_b: s.money_b - y,
                        lead: s.lead + self.takes.lead_change(x, y),
                    };
                    worst = worst.min(self.value(next));
                    if worst <= best {
                        break; // this bet cannot do better than one already found
                    }
                }
                best = best.max(worst);
                if best == 1 {
                    break;
                }
            }
            self.memo.insert(s, best);
            best
        }
    }

    /// The same guarantee by plain recursion over the bet history: money
    /// and lead recomputed from the history, each round settled by hand, no
    /// memo, no shortcut; every bet of A, then every reply of B.
    fn foreseen_by_hand(
        takes: Takes,
        plan: Plan,
        total: u64,
        rounds: u32,
        history: &mut Vec<(u64, u64)>,
    ) -> i8 {
        let (mut left_a, mut left_b, mut won_a, mut won_b) = (total, total, 0u64, 0u64);
        for &(x, y) in history.iter() {
            left_a -= x;
            left_b -= y;
            let (ga, gb) = match takes {
                Takes::Lower => by_hand_round(x, y),
                Takes::Higher => {
                    let (gb, ga) = by_hand_round(x, y);
                    (ga, gb)
                }
            };
            won_a += ga;
            won_b += gb;
        }
        if history.len() as u32 == rounds {
            return won_a.cmp(&won_b) as i8;
        }
        let last = history.len() as u32 + 1 == rounds;
        let choices = |left: u64, all: bool| -> Vec<u64> {
            if last || all {
                vec![left]
            } else {
                (0..=left).collect()
            }
        };
        let mut best = None;
        for x in choices(left_a, plan == Plan::AllIn) {
            let mut worst = None;
            for y in choices(left_b, false) {
                history.push((x, y));
                let v = foreseen_by_hand(takes, plan, total, rounds, history);
                history.pop();
                worst = Some(worst.map_or(v, |w: i8| w.min(v)));
            }
            let worst = worst.expect("a legal reply");
            best = Some(best.map_or(worst, |b: i8| b.max(worst)));
        }
        best.expect("a legal bet")
    }

    /// The guarantees over T = 0..=max_total, R = 1..=max_rounds, one line
    /// per R: `R=3: 0 0 0 0 0 -1 0 -1 -1`.
    fn grid(max_total: u64, max_rounds: u32, mut value: impl FnMut(u64, u32) -> i8) -> String {
        (1..=max_rounds)
            .map(|r| {
                let row: Vec<String> = (0..=max_total).map(|t| value(t, r).to_string()).collect();
                format!("R={r}: {}", row.join(" "))
            })
            .collect::<Vec<_>>()
            .join("; ")
    }

    /// The part both sides check: T ≤ 8, R ≤ 5.
    const PART_T: u64 = 8;
    /// See [`PART_T`].
    const PART_R: u32 = 5;

    fn part_grids(takes: Takes, plan: Plan) -> (String, String) {
        let optimized = grid(PART_T, PART_R, |t, r| {
            Foreseen::new(takes, plan).start(t, r)
        });
        let naive = grid(PART_T, PART_R, |t, r| {
            foreseen_by_hand(takes, plan, t, r, &mut Vec::new())
        });
        (optimized, naive)
    }

    /// §2: with the higher bet taking both, betting everything in round 1
    /// never loses, at the document's T = 10,000, R = 10.
    pub(super) fn higher_takes_all_in() -> Evidence {
        let worst = Foreseen::new(Takes::Higher, Plan::AllIn).start(10_000, 10);
        let under_lower = Foreseen::new(Takes::Lower, Plan::AllIn).start(10_000, 10);
        let (optimized, naive) = part_grids(Takes::Higher, Plan::AllIn);
        let verdict = |v: i8| {
            if v >= 0 {
                "never loses"
            } else {
                "loses to some reply"
            }
        };
        Evidence::within(
            verdict(worst),
            "all-in's worst result for T ≤ 8, R ≤ 5",
            optimized,
            naive,
        )
        .measured(format!(
            "all-in at T = 10000, R = 10: worst result {worst} with the higher bet taking both, \
             {under_lower} with the lower (the document's rule): it {}",
            verdict(under_lower)
        ))
    }

    /// The largest T of the R = 10 sweep in [`foreseeable_loses`].
    const SWEEP_T: u64 = 24;

    /// A's guarantee with foreseeable bets at R = 10 for T = 0..=SWEEP_T,
    /// computed once per process for YEN-010 and YEN-011.
    fn sweep_r10() -> &'static [i8] {
        static SWEEP: std::sync::OnceLock<Vec<i8>> = std::sync::OnceLock::new();
        SWEEP.get_or_init(|| {
            (0..=SWEEP_T)
                .map(|t| Foreseen::new(Takes::Lower, Plan::Any).start(t, 10))
                .collect()
        })
    }

    /// §2 「少ない方が総取りというのがミソ」 with §1 「不完全情報」: under the
    /// document's rule a strategy whose bets can be foreseen loses to some
    /// reply — at R = 10 for every T from 12 to [`SWEEP_T`].
    pub(super) fn foreseeable_loses() -> Evidence {
        let sweep = sweep_r10();
        let verdict = match (12..=SWEEP_T).find(|&t| sweep[t as usize] != -1) {
            None => "holds".to_string(),
            Some(t) => format!("fails at T = {t}: guarantee {}", sweep[t as usize]),
        };
        let (optimized, naive) = part_grids(Takes::Lower, Plan::Any);
        let row: Vec<String> = sweep.iter().map(ToString::to_string).collect();
        Evidence::within(
            verdict,
            "the guarantee with foreseeable bets for T ≤ 8, R ≤ 5",
            optimized,
            naive,
        )
        .measured(format!(
            "R = 10, T = 0..={SWEEP_T}: {} (−1: every deterministic strategy loses to some reply)",
            row.join(" ")
        ))
    }

    /// §4 「ある戦略 A_1 に対して、それに勝つことができる戦略 A_2 を作ることは
    /// 必ずできる」: not against an equilibrium strategy. The best any A scores
    /// against B's equilibrium strategy at T = R = 10 (expectimax over A's
    /// bets), with the foreseeable-bets sweep as what does hold.
    pub(super) fn beaten_always() -> Evidence {
        // The same T = R = 10 solves as YEN-102 and YEN-106, shared.
        let ten = super::super::yen_equilibrium::ten_by_ten();
        let best = format_ratio(&ten.best_response);
        let verdict = |best: &str| {
            if best.starts_with('-') || best == "0" {
                format!("fails: the best reply to an equilibrium strategy scores {best}")
            } else {
                "holds".to_string()
            }
        };
        let computed = verdict(&best);
        // The naive half: its own history recursion's equilibrium for B and
        // A's best reply to it, sharing nothing with the DP.
        let naive_best = format_ratio(&ten.naive_best_response);
        let naive_computed = verdict(&naive_best);
        let sweep = sweep_r10();
        let beaten: Vec<u64> = (0..=SWEEP_T).filter(|&t| sweep[t as usize] == -1).collect();
        let unbeaten: Vec<u64> = (0..=SWEEP_T).filter(|&t| sweep[t as usize] >= 0).collect();
        let span = |ts: &[u64]| match (ts.first(), ts.last()) {
            (Some(a), Some(b)) => format!("T = {a}..={b}"),
            _ => "no T".to_string(),
        };
        Evidence::both(computed, naive_computed).because(format!(
            "B's equilibrium strategy at T = R = 10 holds every strategy of A to an expected \
             score of {best} (best reply by expectimax over all of A's bets), so no A_2 beats it; \
             what does hold is the deterministic case: at R = 10 every strategy whose bets can be \
             foreseen loses to some reply for {}, and some such strategy is never beaten for {}",
            span(&beaten),
            span(&unbeaten)
        ))
    }

    // ----- §4: nobody wins every round -----------------------------------

    /// Bits of which round results a match had: A won one, B won one, a tie.
    const A_WON: u8 = 1;
    const B_WON: u8 = 2;
    const TIED: u8 = 4;

    fn pattern_bit(x: u64, y: u64) -> u8 {
        match x.cmp(&y) {
            std::cmp::Ordering::Less => A_WON,
            std::cmp::Ordering::Greater => B_WON,
            std::cmp::Ordering::Equal => TIED,
        }
    }

    /// The round-result patterns of finished matches at (T, R), by a search
    /// over (rounds left, money left, pattern so far) — reachable sets, not
    /// histories.
    fn patterns_by_search(total: u64, rounds: u32) -> BTreeSet<u8> {
        let mut layer: BTreeSet<(u64, u64, u8)> = BTreeSet::from([(total, total, 0)]);
        for r in (1..=rounds).rev() {
            let mut next = BTreeSet::new();
            for &(a, b, bits) in &layer {
                let xs = if r == 1 { a..=a } else { 0..=a };
                for x in xs {
                    let ys = if r == 1 { b..=b } else { 0..=b };
                    for y in ys {
                        next.insert((a - x, b - y, bits | pattern_bit(x, y)));
                    }
                }
            }
            layer = next;
        }
        layer.into_iter().map(|(_, _, bits)| bits).collect()
    }

    /// The same from every pair of whole plans, compared by hand.
    fn patterns_by_hand(total: u64, rounds: u32) -> BTreeSet<u8> {
        let plans = bet_sequences(total, rounds);
        let mut out = BTreeSet::new();
        for a in &plans {
            for b in &plans {
                let mut bits = 0;
                for (&x, &y) in a.iter().zip(b) {
                    let (ga, gb) = by_hand_round(x, y);
                    bits |= if ga > gb {
                        A_WON
                    } else if gb > ga {
                        B_WON
                    } else if x == y {
                        TIED
                    } else {
                        0
                    };
                }
                out.insert(bits);
            }
        }
        out
    }

    fn pattern_words(bits: u8) -> String {
        let mut w = Vec::new();
        if bits & A_WON != 0 {
            w.push("A");
        }
        if bits & B_WON != 0 {
            w.push("B");
        }
        if bits & TIED != 0 {
            w.push("tie");
        }
        w.join("+")
    }

    fn render_patterns(
        max_total: u64,
        max_rounds: u32,
        patterns: impl Fn(u64, u32) -> BTreeSet<u8>,
    ) -> String {
        (1..=max_rounds)
            .flat_map(|r| (0..=max_total).map(move |t| (t, r)))
            .map(|(t, r)| {
                let p: Vec<String> = patterns(t, r).into_iter().map(pattern_words).collect();
                format!("({t},{r}): {}", p.join(" "))
            })
            .collect::<Vec<_>>()
            .join("; ")
    }

    /// §4 「片方のプレイヤーが全てのラウンドを勝つことはできず、勝ったり負けたり
    /// します」: in no match does a player win a round without losing one
    /// (so none wins every round), for T ≤ 12, R ≤ 10.
    pub(super) fn nobody_wins_every_round() -> Evidence {
        let mut seen = BTreeSet::new();
        let mut verdict = "holds".to_string();
        'grid: for r in 1..=10 {
            for t in 0..=12 {
                for bits in patterns_by_search(t, r) {
                    seen.insert(bits);
                    let one_sided = (bits & A_WON != 0) != (bits & B_WON != 0);
                    if one_sided {
                        verdict = format!("fails at T = {t}, R = {r}: {}", pattern_words(bits));
                        break 'grid;
                    }
                }
            }
        }
        let seen: Vec<String> = seen.into_iter().map(pattern_words).collect();
        Evidence::within(
            verdict,
            "the round-result patterns for T ≤ 6, R ≤ 4",
            render_patterns(6, 4, patterns_by_search),
            render_patterns(6, 4, patterns_by_hand),
        )
        .measured(format!(
            "patterns of round results found for T ≤ 12, R ≤ 10: {} (tie alone: every round \
             tied, e.g. always1000 against itself)",
            seen.join(", ")
        ))
    }

    // ----- §4: the first student strategy --------------------------------

    /// §4's first student strategy: a big first bet, then the money left
    /// spread evenly over the remaining rounds.
    struct FrontLoad {
        first: u64,
    }

    impl Strategy for FrontLoad {
        fn bet(&mut self, view: &View<'_>) -> u64 {
            let left = view.remaining();
            if view.is_last() {
                left
            } else if view.round() == 1 {
                self.first.min(left)
            } else {
                left / u64::from(view.rules.rounds - view.round() + 1)
            }
        }
    }

    /// The same plan against always1000 by hand: (A's bets, A's money, B's
    /// money, the rounds A won).
    fn front_load_by_hand(first: u64) -> (Vec<u64>, u64, u64, Vec<u32>) {
        let (mut left, mut ma, mut mb) = (10_000u64, 0, 0);
        let mut bets = Vec::new();
        let mut won = Vec::new();
        for round in 1..=10u32 {
            let x = match round {
                1 => first,
                10 => left,
                _ => left / u64::from(11 - round),
            };
            left -= x;
            let (ga, gb) = by_hand_round(x, 1000);
            ma += ga;
            mb += gb;
            if x < 1000 {
                won.push(round);
            }
            bets.push(x);
        }
        (bets, ma, mb, won)
    }

    /// `"8000 lost in round 1; rounds 2–10 won; 12000 against 8000"`.
    fn front_load_words(bets: &[u64], ma: u64, mb: u64, won: &[u32]) -> String {
        let first = if won.contains(&1) {
            "round 1 won".to_string()
        } else {
            format!("{} lost in round 1", bets[0] + 1000)
        };
        let rest = if (2..=10).all(|r| won.contains(&r)) {
            "rounds 2–10 won".to_string()
        } else {
            format!("rounds won {won:?}")
        };
        format!("{first}; {rest}; {ma} against {mb}")
    }

    /// §4: 7000 first against an opponent betting 1000 a round.
    pub(super) fn front_load() -> Evidence {
        let rounds = played(Box::new(FrontLoad { first: 7000 }), Box::new(Always1000), 1)
            .pop()
            .expect("one match");
        let bets: Vec<u64> = rounds.iter().map(|r| r.bet_a).collect();
        let won: Vec<u32> = (1..=10u32)
            .filter(|&k| {
                let r = &rounds[k as usize - 1];
                r.bet_a < r.bet_b
            })
            .collect();
        let last = rounds.last().expect("ten rounds");
        let by_referee = front_load_words(&bets, last.money_a, last.money_b, &won);
        let (hand_bets, ma, mb, hand_won) = front_load_by_hand(7000);
        let by_hand = front_load_words(&hand_bets, ma, mb, &hand_won);
        let winning: Vec<u64> = (0..=10_000)
            .filter(|&x| {
                let (_, a, b, _) = front_load_by_hand(x);
                a > b
            })
            .collect();
        let later: Vec<String> = bets[1..].iter().map(ToString::to_string).collect();
        Evidence::both(by_referee, by_hand).measured(format!(
            "bets 7000 then {}; by hand, the plan beats always1000 for first bets {}..={} \
             ({} of 0..=10000)",
            later.join(" "),
            winning.first().copied().unwrap_or_default(),
            winning.last().copied().unwrap_or_default(),
            winning.len()
        ))
    }

    // ----- §4: the second student strategy -------------------------------

    /// §4's second student strategy: one yen under the opponent's bet in
    /// the same round of the previous match (0 if that was 0) in rounds
    /// 1..R−1, the rest in round R; the first match as always1000.
    #[derive(Default)]
    struct UndercutLastMatch {
        previous: Option<Vec<u64>>,
    }

    impl Strategy for UndercutLastMatch {
        fn bet(&mut self, view: &View<'_>) -> u64 {
            let left = view.remaining();
            if view.is_last() {
                return left;
            }
            let wanted = match &self.previous {
                None => view.rules.total / u64::from(view.rules.rounds),
                Some(theirs) => theirs[view.rounds.len()].saturating_sub(1),
            };
            wanted.min(left)
        }

        fn match_over(&mut self, side: Player, rounds: &[Round]) {
            self.previous = Some(rounds.iter().map(|r| bet_of(r, side.opponent())).collect());
        }
    }

    /// Rounds 1–9 of the second match in which the opponent bet as in the
    /// first but the strategy did not win, as `minus1 round 1 (0 against 0)`.
    fn repeated_not_won(name: &str, first: &[(u64, u64)], second: &[(u64, u64)]) -> Vec<String> {
        (0..9)
            .filter(|&k| second[k].1 == first[k].1 && second[k].0 >= second[k].1)
            .map(|k| {
                format!(
                    "{name} round {} ({} against {})",
                    k + 1,
                    second[k].0,
                    second[k].1
                )
            })
            .collect()
    }

    /// Two matches of the strategy (A) against a document player by hand:
    /// `opponent(round, A's previous bet in this match, B's money left)`.
    fn undercut_by_hand(opponent: impl Fn(u32, u64, u64) -> u64) -> [Vec<(u64, u64)>; 2] {
        let mut matches: [Vec<(u64, u64)>; 2] = [Vec::new(), Vec::new()];
        for m in 0..2 {
            let (mut left_a, mut left_b, mut prev_a) = (10_000u64, 10_000u64, 0u64);
            for round in 1..=10u32 {
                let x = if round == 10 {
                    left_a
                } else if m == 0 {
                    1000
                } else {
                    matches[0][round as usize - 1]
                        .1
                        .saturating_sub(1)
                        .min(left_a)
                };
                let y = if round == 10 {
                    left_b
                } else {
                    opponent(round, prev_a, left_b)
                };
                left_a -= x;
                left_b -= y;
                prev_a = x;
                matches[m].push((x, y));
            }
        }
        matches
    }

    /// §4 「相手が直前の対戦と同じ傾向なら、1～9ラウンドを勝つことができる」,
    /// against the document's two deterministic players.
    pub(super) fn undercut_last_match() -> Evidence {
        let pairs =
            |m: &Vec<Round>| -> Vec<(u64, u64)> { m.iter().map(|r| (r.bet_a, r.bet_b)).collect() };
        let mut by_referee = Vec::new();
        let mut minus1_rounds = (0, 0);
        for (name, opponent) in [
            (
                "always1000",
                Box::new(Always1000) as Box<dyn Strategy + Send>,
            ),
            ("minus1", Box::new(Minus1)),
        ] {
            let m = played(Box::new(UndercutLastMatch::default()), opponent, 2);
            let (first, second) = (pairs(&m[0]), pairs(&m[1]));
            if name == "minus1" {
                minus1_rounds = (first[0].1, second[0].1);
            }
            by_referee.extend(repeated_not_won(name, &first, &second));
        }
        let always = undercut_by_hand(|_, _, _| 1000);
        let minus1 = undercut_by_hand(|round, prev_a, left| {
            if round == 1 {
                0
            } else {
                prev_a.saturating_sub(1).min(left)
            }
        });
        let mut by_hand = repeated_not_won("always1000", &always[0], &always[1]);
        by_hand.extend(repeated_not_won("minus1", &minus1[0], &minus1[1]));
        let show = |v: Vec<String>| {
            if v.is_empty() {
                "none".to_string()
            } else {
                v.join("; ")
            }
        };
        let always_second: Vec<String> = always[1][..9]
            .iter()
            .map(|(x, y)| format!("{x} against {y}"))
            .collect();
        Evidence::both(show(by_referee), show(by_hand)).because(format!(
            "minus1 bets {} in round 1 of the first match and {} in the second (Listing 2: \
             「1 ラウンド目は 0 円」); no bet is below 0, so that round is at best a tie; \
             against always1000, which repeats every bet, the strategy wins rounds 1–9 of the \
             second match ({})",
            minus1_rounds.0,
            minus1_rounds.1,
            always_second.join(" ")
        ))
    }

    // ----- Listing 4, the rest of its lines ------------------------------

    /// Listing 4's lines for rounds 3–9, joined with ` | `.
    pub(super) fn listing_4_rounds_3_to_9() -> Evidence {
        let lines: Vec<Evidence> = (3..=9).map(round_line).collect();
        let join = |f: fn(&Evidence) -> String| lines.iter().map(f).collect::<Vec<_>>().join(" | ");
        Evidence::both(
            join(|e| e.computed.clone()),
            join(|e| e.naive.clone().unwrap_or_default()),
        )
        .because(listing_4_totals_need_999())
    }

    /// Listing 4's header, final money and verdict lines, as printed by the
    /// referee and as written from the by-hand totals.
    pub(super) fn listing_4_frame() -> Evidence {
        let mut text = String::new();
        let mut a = BuiltIn::new("always1000", Box::new(Always1000));
        let mut b = BuiltIn::new("minus1", Box::new(Minus1));
        Referee::new(Rules::default())
            .play_series(&mut a, &mut b, 1, |r| {
                text = transcript("always1000", "minus1", r);
                Ok(())
            })
            .expect("built-in players start");
        let lines: Vec<&str> = text.lines().collect();
        let by_referee = format!(
            "{} | {} | {}",
            lines[0],
            lines[lines.len() - 2].trim(),
            lines[lines.len() - 1]
        );
        let (_, _, ma, mb) = *super::listing_4_by_hand().last().expect("ten rounds");
        let (money, winner) = if ma > mb {
            (format!("[{ma}] {mb}"), "always1000")
        } else {
            (format!("{ma} [{mb}]"), "minus1")
        };
        let by_hand = format!("always1000 vs minus1 | {money} | {winner} won.");
        Evidence::both(by_referee, by_hand)
    }

    // ----- §3: random wins some and loses some ---------------------------

    /// "random wins and loses", or the first series where it does not; the
    /// counts (`(random's wins, the opponent's)` per seed) as measured.
    fn wins_and_losses(count: impl Fn(u64, bool) -> (u64, u64)) -> (String, String) {
        let mut verdict = "random wins some and loses some".to_string();
        let mut measured = Vec::new();
        for (name, minus1) in [("always1000", false), ("minus1", true)] {
            for seed in CYCLE_SEEDS {
                let (w, l) = count(seed, minus1);
                measured.push(format!("{name} seed {seed}: {w}–{l}"));
                if (w == 0 || l == 0) && verdict.starts_with("random wins some") {
                    verdict = format!("against {name}, seed {seed}: {w} wins, {l} losses");
                }
            }
        }
        (verdict, measured.join("; "))
    }

    /// §3 「random.c は乱数を使うので、勝ったり負けたりします」.
    pub(super) fn random_wins_and_loses() -> Evidence {
        let (by_referee, measured) = wins_and_losses(random_wins_by_referee);
        let (by_hand, _) = wins_and_losses(random_wins_by_hand);
        Evidence::both(by_referee, by_hand).measured(format!(
            "random's wins–losses over {CYCLE_GAMES} matches: {measured}"
        ))
    }
}

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
