//! Published claims of the 10,000-yen game about exact equilibria and best
//! responses of scaled games (the referee's claims are in `yen.rs`).
//!
//! Document 000 states two things about optimal play: with two rounds "the
//! strongest strategy is obvious" (§2), and "there seems to be no strongest
//! strategy that beats every strategy" (§4). These claims make them exact: the
//! value of the game is 0 (computed), the trivial R = 2 strategy is found and
//! its guarantee checked for every opponent bet, and no strategy of A can
//! guarantee more than 0 because A's best response to B's equilibrium
//! strategy scores exactly 0.

use super::{Claim, Evidence, GameId};
use crate::games::yen::best_response::{
    best_response, winning_line, DocumentPlayer, EquilibriumOpponent, Goal,
};
use crate::games::yen::naive::{self, ScaledGame};
use crate::games::yen::optimized::{self, ExactDp};
use crate::games::yen::rules::{Rules, State};
use crate::solve::exact::format_ratio;
use num_rational::BigRational;
use std::collections::BTreeSet;
use std::sync::OnceLock;

/// YEN-111/112: a best response to a document player at the paper's scale
/// (T = 10,000 yen, R = 10, 1-yen units): a winning line found by
/// [`winning_line`] against the best-response model of the player
/// (`DocumentPlayer`), then played by the referee against the referee's own
/// built-in player (`players.rs`, written separately) to confirm the win.
fn paper_scale_best_response(player: DocumentPlayer) -> Evidence {
    use crate::games::yen::players::{Always1000, Minus1, Strategy, View};
    use crate::games::yen::referee::{BuiltIn, Referee};
    struct Line(Vec<u64>);
    impl Strategy for Line {
        fn bet(&mut self, view: &View<'_>) -> u64 {
            self.0[view.rounds.len()]
        }
    }
    let rules = Rules::default();
    let mut model = player;
    let Some(line) = winning_line(rules, &mut model, 10_000) else {
        return Evidence::optimized_only("no winning line found");
    };
    let opponent: Box<dyn Strategy + Send> = match player {
        DocumentPlayer::Always1000 => Box::new(Always1000),
        _ => Box::new(Minus1),
    };
    let mut a = BuiltIn::new("best-response", Box::new(Line(line.clone())));
    let mut b = BuiltIn::new(player.name(), opponent);
    let mut money = (0, 0);
    let score = Referee::new(rules)
        .play_series(&mut a, &mut b, 1, |r| {
            money = r.money();
            Ok(())
        })
        .expect("built-in players start");
    let bets: Vec<String> = line.iter().map(ToString::to_string).collect();
    let verdict = if score.wins_a == 1 {
        "+1 (a win)"
    } else {
        "not a win"
    };
    Evidence::optimized_only(format!(
        "{verdict}; referee: {} against {}",
        money.0, money.1
    ))
    .measured(format!("A's bets: {}", bets.join(" ")))
}

/// The distinct start values over a grid of (T, R), e.g. `0`.
fn start_values(grid: &[(u64, u32)], value: impl Fn(Rules) -> String) -> String {
    let distinct: BTreeSet<String> = grid
        .iter()
        .map(|&(total, rounds)| value(Rules { total, rounds }))
        .collect();
    distinct.into_iter().collect::<Vec<_>>().join(" ")
}

/// The scaled game of YEN-102 and YEN-106: 10 units over 10 rounds.
const TEN_BY_TEN: Rules = Rules {
    total: 10,
    rounds: 10,
};

/// What YEN-011, YEN-102 and YEN-106 read of the scaled game T = R = 10,
/// each side computed once per process: the
/// exact DP's start value and A's best reply to the DP's equilibrium for B,
/// and the naive recursion's start value and A's best reply to its own
/// equilibrium for B. Each best reply reuses its side's solved rounds: a
/// round's value and strategies are the same whether solved before or on
/// demand, so the numbers are those of separate solves.
pub(crate) struct TenByTen {
    /// The exact DP's value of the start.
    pub value: BigRational,
    /// The naive recursion's value of the start.
    pub naive_value: BigRational,
    /// The best score of A against the DP's equilibrium strategy for B.
    pub best_response: BigRational,
    /// The best score of A against the naive recursion's strategy for B.
    pub naive_best_response: BigRational,
}

/// The shared T = R = 10 results; the two sides run side by side.
pub(crate) fn ten_by_ten() -> &'static TenByTen {
    static TEN: OnceLock<TenByTen> = OnceLock::new();
    TEN.get_or_init(|| {
        let optimized = || {
            let mut solver = ExactDp::new();
            let value = solver.value(State::start(TEN_BY_TEN));
            let mut b = EquilibriumOpponent::with_solver(solver);
            (value, best_response(TEN_BY_TEN, &mut b, Goal::Score).value)
        };
        let naive = || {
            let mut search = naive::Search::new(scaled(TEN_BY_TEN), naive::Memo::BySituation);
            let value = search.value(&mut Vec::new());
            (value, search.best_response_of_a(&mut Vec::new()))
        };
        let ((value, best_response), (naive_value, naive_best_response)) =
            rayon::join(optimized, naive);
        TenByTen {
            value,
            naive_value,
            best_response,
            naive_best_response,
        }
    })
}

/// The naive solver's name for the game `rules` describes.
fn scaled(rules: Rules) -> ScaledGame {
    ScaledGame {
        total: rules.total,
        rounds: rules.rounds,
    }
}

/// `x (draws only vs y1,y2)` for each never-losing R = 2 first bet.
fn render_safe(safe: &[(u64, Vec<u64>)]) -> String {
    safe.iter()
        .map(|(x, draws)| {
            let d: Vec<String> = draws.iter().map(ToString::to_string).collect();
            format!("{x} (draws only vs {})", d.join(","))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The never-losing R = 2 first bets at `total`, found by both solvers.
fn two_round_safe_bets(total: u64) -> Evidence {
    Evidence::both(
        render_safe(&optimized::two_round_safe_bets(total)),
        render_safe(&naive::two_round_safe_bets(total)),
    )
}

/// The claims of exact equilibria (YEN-101..106).
pub(super) const CLAIMS: &[Claim] = &[
    Claim {
        id: "YEN-101",
        game: GameId::Yen,
        source: "000 §4; computed, not from the document",
        statement: "the value of the game at the start is 0 (a draw), for every T ≤ 6, R ≤ 5 \
                    (computed by both solvers, the start matrix game solved by the LP, not \
                    assumed from symmetry)",
        expected: "0",
        erratum: None,
        compute: || {
            let grid: Vec<(u64, u32)> = (1..=6)
                .flat_map(|t| (1..=5).map(move |r| (t, r)))
                .collect();
            Evidence::both(
                start_values(&grid, |r| format_ratio(&ExactDp::new().value(State::start(r)))),
                start_values(&grid, |r| format_ratio(&naive::value(scaled(r)))),
            )
        },
    },
    Claim {
        id: "YEN-102",
        game: GameId::Yen,
        source: "000 §4; computed, not from the document",
        statement: "the value of the scaled game T = 10, R = 10 at the start is 0 \
                    (computed by both solvers)",
        expected: "0",
        erratum: None,
        compute: || {
            let ten = ten_by_ten();
            Evidence::both(format_ratio(&ten.value), format_ratio(&ten.naive_value))
        },
    },
    Claim {
        id: "YEN-103",
        game: GameId::Yen,
        source: "000 §2",
        statement: "with 2 rounds the trivial strongest strategy is to bet half: at T = 10000 \
                    the only first bet that never loses is 5000, drawing only against 5000",
        expected: "5000 (draws only vs 5000)",
        erratum: None,
        compute: || two_round_safe_bets(10_000),
    },
    Claim {
        id: "YEN-104",
        game: GameId::Yen,
        source: "000 §2",
        statement: "with 2 rounds and an odd total, T = 9999: the first bets that never lose \
                    are 4999 and 5000, each drawing only against 4999 and 5000",
        expected: "4999 (draws only vs 4999,5000); 5000 (draws only vs 4999,5000)",
        erratum: None,
        compute: || two_round_safe_bets(9_999),
    },
    Claim {
        id: "YEN-105",
        game: GameId::Yen,
        source: "000 §2",
        statement: "with 2 rounds, for every T in 1..=300: the never-losing first bets are \
                    exactly T/2 (even T) or (T−1)/2 and (T+1)/2 (odd T), and the value is 0, \
                    so they are optimal",
        expected: "holds",
        erratum: None,
        compute: || {
            let check = |safe: fn(u64) -> Vec<(u64, Vec<u64>)>,
                         value: &dyn Fn(Rules) -> BigRational| {
                for t in 1..=300u64 {
                    let bets: Vec<u64> = safe(t).into_iter().map(|(x, _)| x).collect();
                    let expected = if t % 2 == 0 {
                        vec![t / 2]
                    } else {
                        vec![t / 2, t.div_ceil(2)]
                    };
                    if bets != expected {
                        return format!("fails at T = {t}: {bets:?}");
                    }
                    if t <= 40 {
                        let v = value(Rules {
                            total: t,
                            rounds: 2,
                        });
                        if v != num_traits::Zero::zero() {
                            return format!("value {} at T = {t}", format_ratio(&v));
                        }
                    }
                }
                "holds".to_string()
            };
            Evidence::both(
                check(optimized::two_round_safe_bets, &|r| {
                    ExactDp::new().value(State::start(r))
                }),
                check(naive::two_round_safe_bets, &|r| naive::value(scaled(r))),
            )
        },
    },
    Claim {
        id: "YEN-106",
        game: GameId::Yen,
        source: "000 §4; computed, not from the document",
        statement: "no strategy guarantees more than 0 (§4: \"全ての戦略に勝つという最強な戦略はなさそう\"): at T = 10, R = 10 the best any strategy \
                    of A scores against B's computed equilibrium strategy (expectimax over all of \
                    A's bets, not the LP values) is exactly 0; the naive solver the same against \
                    its own equilibrium strategy of B",
        expected: "0",
        erratum: None,
        compute: || {
            let ten = ten_by_ten();
            Evidence::both(
                format_ratio(&ten.best_response),
                format_ratio(&ten.naive_best_response),
            )
        },
    },
];

/// The claims of the referee at the paper's scale, after the certified
/// tables' claims another crate adds (YEN-111, YEN-112).
pub(super) const REFEREE_CLAIMS: &[Claim] = &[
    Claim {
        id: "YEN-111",
        game: GameId::Yen,
        source: "000 §3; computed, not from the document",
        statement: "T = 10,000 yen, R = 10, 1-yen units: the best response to always1000 scores \
                    +1 (a win, the most possible; a winning line by depth-first search), and the \
                    referee, playing that line against its own always1000, confirms the win",
        expected: "+1 (a win); referee: 14994 against 5006",
        erratum: None,
        compute: || paper_scale_best_response(DocumentPlayer::Always1000),
    },
    Claim {
        id: "YEN-112",
        game: GameId::Yen,
        source: "000 §3; computed, not from the document",
        statement: "T = 10,000 yen, R = 10, 1-yen units: the best response to minus1 scores +1 \
                    (a win, the most possible; a winning line by depth-first search), and the \
                    referee, playing that line against its own minus1, confirms the win",
        expected: "+1 (a win); referee: 19999 against 1",
        erratum: None,
        compute: || paper_scale_best_response(DocumentPlayer::Minus1),
    },
];
