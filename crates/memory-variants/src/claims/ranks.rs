//! Claims about document 004 §4's deck of ranks of four (its last sentence,
//! "トランプ 52 枚 1 セットの場合"): any two cards of one rank match, the
//! first pair of 1s taken wins, two passes in a row draw. Every value is
//! computed, not from the document. The per-rank recurrence
//! ([`RankSolver`]) decides each claim; the explicit-row search
//! ([`RowSearch`]) decides it again for K ≤ [`NAIVE_REACH`].

use super::{Claim, Evidence, GameId};
use crate::variants::ranks::naive::RowSearch;
use crate::variants::ranks::optimized::RankSolver;
use crate::variants::ranks::{RankValue, MAX_RANKS};
use num_rational::BigRational;
use num_traits::ToPrimitive;
use std::cmp::Ordering;
use std::sync::OnceLock;

/// The largest K the row search checks in a claim (K = 4 takes seconds).
const NAIVE_REACH: usize = 3;

/// The start values of K = 1..=13, index K − 1, computed once per process
/// by one solver (K = 13 first: its table holds every smaller deck's start,
/// reached when ranks are taken whole); the report's figure reads them too.
pub(crate) fn starts() -> &'static [RankValue] {
    static STARTS: OnceLock<Vec<RankValue>> = OnceLock::new();
    STARTS.get_or_init(|| {
        let mut solver = RankSolver::new();
        solver.start(MAX_RANKS);
        (1..=MAX_RANKS).map(|k| solver.start(k)).collect()
    })
}

fn f6(x: &BigRational) -> String {
    format!("{:.6}", x.to_f64().unwrap_or(f64::NAN))
}

/// `first: 1, 3; second: 2, 4-13` from the start values of K = 1, 2, ….
fn favoured(values: &[RankValue]) -> String {
    let mut lists: [(&str, Vec<usize>); 3] =
        [("first", vec![]), ("second", vec![]), ("even", vec![])];
    for (i, v) in values.iter().enumerate() {
        let at = match v.win().cmp(&v.loss()) {
            Ordering::Greater => 0,
            Ordering::Less => 1,
            Ordering::Equal => 2,
        };
        lists[at].1.push(i + 1);
    }
    lists
        .iter()
        .filter(|(_, ks)| !ks.is_empty())
        .map(|(who, ks)| format!("{who}: {}", runs(ks)))
        .collect::<Vec<_>>()
        .join("; ")
}

/// `1, 3, 5-9` for the sorted list.
fn runs(ks: &[usize]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < ks.len() {
        let mut j = i;
        while j + 1 < ks.len() && ks[j + 1] == ks[j] + 1 {
            j += 1;
        }
        out.push(if j == i {
            ks[i].to_string()
        } else {
            format!("{}-{}", ks[i], ks[j])
        });
        i = j + 1;
    }
    out.join(", ")
}

/// MEM-133: the per-rank recurrence against the row search, the exact
/// (mover, draw) of every position the row search reaches from the starts
/// of K ≤ [`NAIVE_REACH`] ranks.
fn every_state() -> Evidence {
    let mut search = RowSearch::new();
    for k in 1..=NAIVE_REACH {
        search.start(k);
    }
    let mut solver = RankSolver::new();
    let rows: Vec<(String, String, String)> = search
        .states()
        .into_iter()
        .map(|(state, slow)| {
            let fast = solver
                .value(&state)
                .map_or("none".to_string(), |v| format!("{} {}", v.mover, v.draw));
            (
                state.to_string(),
                fast,
                format!("{} {}", slow.mover, slow.draw),
            )
        })
        .collect();
    super::every_state(
        &format!("every position the row search reaches, K ≤ {NAIVE_REACH}"),
        &rows,
    )
}

fn naive_starts() -> Vec<RankValue> {
    let mut search = RowSearch::new();
    (1..=NAIVE_REACH).map(|k| search.start(k)).collect()
}

/// Claims about the deck of ranks, in the order SPEC.md lists them.
pub(super) const CLAIMS: &[Claim] = &[
    Claim {
        id: "MEM-130",
        game: GameId::Memory,
        source: "004 §4 (last sentence), §1.1 R4",
        statement: "computed, not from the document — §4: \"トランプ 52 枚 1 セットの場合\" with \
                    the usual rule (K ranks of four, any two cards of one rank match, the first \
                    pair of 1s taken wins, two passes in a row draw): who has the better chance \
                    of winning at the start, 1 ≤ K ≤ 13 (explicit row K ≤ 3)",
        expected: "first: 1, 3; second: 2, 4-13",
        erratum: None,
        compute: || {
            let all = starts();
            Evidence::within(
                favoured(all),
                format!("K ≤ {NAIVE_REACH}"),
                favoured(&all[..NAIVE_REACH]),
                favoured(&naive_starts()),
            )
        },
    },
    Claim {
        id: "MEM-131",
        game: GameId::Memory,
        source: "004 §4 (last sentence), §3.3",
        statement: "computed, not from the document — §4: \"実際にプレイされるゲームに即し、\
                    トランプ 52 枚 1 セットの場合に…\": the 52-card deck (K = 13) at the start, \
                    the first and second players' chances of winning and the draw probability \
                    (fewest draws among tied optimal turns); beside MEM-107's N = 26 of the \
                    paper's game (f 0.499616, draw 0.958001)",
        expected: "first 0.412750, second 0.414051, draw 0.173198",
        erratum: None,
        compute: || {
            let v = &starts()[MAX_RANKS - 1];
            Evidence::optimized_only(format!(
                "first {}, second {}, draw {}",
                f6(&v.win()),
                f6(&v.loss()),
                f6(&v.draw)
            ))
            .measured(format!(
                "first player's expected points {} (exact, denominator of {} digits)",
                f6(&v.mover),
                v.mover.denom().to_string().len()
            ))
        },
    },
    Claim {
        id: "MEM-132",
        game: GameId::Memory,
        source: "004 §4 (last sentence), §5",
        statement: "computed, not from the document — §5's \"パスを繰り返すことによって引き分けと\
                    なる可能性が高い\" under §4's deck with the usual rule: the draw probability \
                    at the start is 0 for K = 2 and between 0.14 and 0.28 for K = 3..13 (explicit \
                    row K ≤ 3), \
                    against the paper's game, whose draws grow towards 1 (MEM-107)",
        expected: "holds",
        erratum: None,
        compute: || {
            let draws = |values: &[RankValue]| {
                values
                    .iter()
                    .skip(1)
                    .map(|v| f6(&v.draw))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let all = starts();
            let low = BigRational::new(14.into(), 100.into());
            let high = BigRational::new(28.into(), 100.into());
            let k2 = &all[1].draw;
            let ok = all[2..].iter().all(|v| v.draw >= low && v.draw <= high)
                && *k2 == BigRational::default();
            let verdict = if ok { "holds" } else { "fails" };
            Evidence::within(
                verdict,
                format!("K ≤ {NAIVE_REACH}: draws at K = 2, 3"),
                draws(&all[..NAIVE_REACH]),
                draws(&naive_starts()),
            )
            .measured(format!("draw, K = 2..13: {}", draws(all)))
        },
    },
    Claim {
        id: "MEM-133",
        game: GameId::Memory,
        source: "004 §4 (last sentence)",
        statement: "computed, not from the document — naive = optimized, exactly: on every \
                    position the explicit-row search reaches from the starts of K ≤ 3 ranks of \
                    four, the per-rank recurrence MEM-130..132 run gives the same exact expected \
                    points and draw probability (compared as digests)",
        expected: "holds",
        erratum: None,
        compute: every_state,
    },
];
