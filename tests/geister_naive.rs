//! Mini-Geister (document 003): the naive model (its own board, moves,
//! analyses and enumeration, `games::geister::naive`) against the engine
//! (`rules`, `analysis`, `optimized`). The two share only the position
//! notation: every naive position is printed, parsed by the engine's
//! `Position` and looked up in the engine's table.

use rayon::prelude::*;
use solved_games::games::geister::analysis::Kind;
use solved_games::games::geister::naive::{self, Analysis};
use solved_games::games::geister::report::Census;
use solved_games::games::geister::rules::Position;
use solved_games::games::geister::{mirror, solved};
use std::collections::HashSet;

/// The engine's analysis of the same name.
fn kind_of(analysis: Analysis) -> Kind {
    analysis
        .name()
        .parse()
        .expect("the engine has every analysis")
}

#[test]
fn naive_matches_optimized_on_value_and_distance_of_every_position_of_every_analysis() {
    let naive = solved::naive_all();
    let optimized = solved::optimized_all();
    assert_eq!(naive.tables().count(), Kind::ALL.len(), "every analysis");
    for table in naive.tables() {
        let name = table.analysis.name();
        let engine = &optimized[&kind_of(table.analysis)];
        let entries: Vec<_> = table.iter().collect();
        let compared: Vec<Result<Position, String>> = entries
            .par_iter()
            .map(|&(p, value, distance)| {
                let text = p.to_string();
                let q: Position = text
                    .parse()
                    .map_err(|e| format!("{text}: the engine cannot read it: {e}"))?;
                if q.to_string() != text {
                    return Err(format!("{text}: the engine prints it as {q}"));
                }
                match engine.get(&q) {
                    Some((v, d)) if (v.sign(), d) == (value.sign(), distance) => Ok(q),
                    other => Err(format!(
                        "{text}: naive value {} distance {distance}, optimized {:?}",
                        value.sign(),
                        other.map(|(v, d)| (v.sign(), d))
                    )),
                }
            })
            .collect();
        let mismatches: Vec<&String> = compared.iter().filter_map(|r| r.as_ref().err()).collect();
        assert!(
            mismatches.is_empty(),
            "{name}: {} of {} positions disagree, e.g.\n{}",
            mismatches.len(),
            entries.len(),
            mismatches
                .iter()
                .take(5)
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join("\n")
        );
        // Distinct naive positions are distinct engine positions, and as many
        // as the engine has: the two enumerations are the same set.
        let distinct: HashSet<Position> = compared.into_iter().map(Result::unwrap).collect();
        assert_eq!(distinct.len(), entries.len(), "{name}: distinct positions");
        assert_eq!(
            Census::of(engine).states,
            entries.len(),
            "{name}: number of positions"
        );
    }
}

#[test]
fn naive_and_optimized_reports_agree_including_their_own_start_positions() {
    let naive = solved::naive_all();
    let optimized = solved::optimized_all();
    for table in naive.tables() {
        let engine = &optimized[&kind_of(table.analysis)];
        assert_eq!(
            Census::of_naive(table),
            Census::of(engine),
            "{}",
            table.analysis.name()
        );
    }
}

#[test]
fn mirror_strategy_holds_on_the_naive_board_with_the_engines_counts() {
    let on_naive_board = naive::mirror::check();
    let on_engine = mirror::check();
    assert_eq!(on_naive_board.counterexample, None);
    assert_eq!(
        (on_naive_board.positions, on_naive_board.captures),
        (on_engine.positions, on_engine.captures)
    );
    // Player 1's two pieces anywhere on ranks 1–2: C(8, 2) positions.
    assert_eq!(on_naive_board.positions, 28);
}

#[test]
fn naive_positions_are_counted_as_the_paper_counts_them() {
    // §2: 2 × C(16,2) × C(14,2) purple positions; the full-information game,
    // BR vs BR twice (16·15·14·13 placements of four distinct pieces) and
    // four piece sets with a pair (16·15·14·13·12 / 2), both sides to move.
    assert_eq!(Analysis::Basic.positions().len(), 2 * 120 * 91);
    let four = 16 * 15 * 14 * 13;
    assert_eq!(
        Analysis::Det.positions().len(),
        2 * (four + 4 * four * 12 / 2)
    );
}
