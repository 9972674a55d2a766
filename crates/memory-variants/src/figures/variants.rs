//! The §4 item 1 variants of document 004 to N = 100 (SPEC.md "Memory
//! variants"): the first player's edge scaled by N², so that the N⁻² trend
//! of MEM-106 shows as a level, beside the paper's game. Computed, not from
//! the document. `fig-memory-variants` ([`edge_to_20`]) shows the raw edge
//! for N ≤ 20; `fig-memory-variants-100` ([`edge_to_100`]) the reach of the
//! integer-numerator recurrence.

use super::{edge_against_n, figure, to_f64, Figure};
use crate::claims::variants::{starts, PAIRS_REACH, POINTS_REACH};
use crate::variants::optimized::VariantTable;
use crate::variants::{TieRule, Variant};
use num_traits::ToPrimitive;
use plotters::prelude::*;
use solved_games_reference::claims::GameId;
use solved_games_reference::report::plot::{self, err, DrawError};

/// The figure's id on the page.
pub const ID: &str = "fig-memory-variants-100";

/// N² · (first − second) / (points of a win) at the start, N = `from`..=`top`.
fn scaled_edges(variant: Variant, from: usize, top: usize) -> Vec<(f64, f64)> {
    let win = if matches!(variant, Variant::Points(_)) {
        3.0
    } else {
        1.0
    };
    // The claims' start values (computed once per process for both).
    starts(variant)[..top]
        .iter()
        .enumerate()
        .skip(from - 1)
        .map(|(i, v)| {
            let n = f64::from(u32::try_from(i + 1).expect("small"));
            let edge = (&v.mover - &v.other).to_f64().unwrap_or(f64::NAN) / win;
            (n, n * n * edge)
        })
        .collect()
}

/// Draws the figure.
///
/// # Errors
/// If the chart cannot be drawn.
pub fn edge_to_100() -> Result<Figure, DrawError> {
    let (from, top, pairs_top) = (3usize, POINTS_REACH, PAIRS_REACH);
    let series = [
        (Variant::Paper, top, BLACK),
        (Variant::Pairs, pairs_top, BLUE),
        (Variant::Points(TieRule::WorseForOpponent), top, RED),
        (Variant::Points(TieRule::AvoidPass), top, GREEN),
    ]
    .map(|(variant, last, colour)| (variant, scaled_edges(variant, from, last), colour));
    let title = "Memory §4 variants: N² × the first player's edge (in wins) against N";
    let svg = edge_against_n(
        title,
        (from as f64 - 1.0..top as f64 + 1.0, -2.0f64..1.0),
        "N² · (first − second) / win",
        BLACK.mix(0.4).stroke_width(1),
        |c| {
            for (variant, points, colour) in &series {
                let colour = *colour;
                let shown = points
                    .iter()
                    .copied()
                    .filter(|(_, y)| (-2.0..=1.0).contains(y));
                c.draw_series(shown.map(|p| Circle::new(p, 2, colour.filled())))
                    .map_err(err)?
                    .label(variant.name())
                    .legend(move |(x, y)| Circle::new((x, y), 3, colour.filled()));
            }
            Ok(())
        },
    )?;
    Ok(Figure {
        id: ID,
        game: GameId::Memory,
        title: title.to_string(),
        caption: format!(
            "Exact start values from the count recurrence in integer numerators (two passes in a \
             row end the game), N = {from}..{top} (pairs: ..{pairs_top}), each point N² times the \
             first player's edge in expected points, divided by the points of a win (3 in the \
             points variants). The paper's game sits near −1/2 for even N and near 0 for odd N; \
             under 3-1-0 scoring even N sit near −0.76 and odd N near +0.24 (first favoured), \
             the N⁻² trend of MEM-106 (points-avoid-pass, green, covers points, red, where the \
             two tie rules nearly agree); the pairs tie-break keeps the second player favoured \
             except N = 7. Points outside −2..1 (small N) are left out. Computed, not from the \
             document."
        ),
        claims: vec!["MEM-101", "MEM-103", "MEM-104", "MEM-106"],
        html: plot::inline(&svg, title),
    })
}

/// The first player's edge (first − second, in units of a win) at the
/// start against N, in the paper's game and the §4 item 1 variants
/// (`fig-memory-variants`).
///
/// # Errors
/// If the chart cannot be drawn.
pub fn edge_to_20() -> Result<Figure, DrawError> {
    let (from, pairs_max, max) = (3usize, 10usize, 20usize);
    let series: Vec<(Variant, Vec<(f64, f64)>)> = Variant::ALL
        .into_iter()
        .map(|variant| {
            let top = if variant.counts_pairs() {
                pairs_max
            } else {
                max
            };
            let table = VariantTable::build(variant, top);
            let win = if matches!(variant, Variant::Points(_)) {
                3.0
            } else {
                1.0
            };
            let edge = (from..=top)
                .map(|n| {
                    let v = table.start(n);
                    (n as f64, to_f64(&(&v.mover - &v.other)) / win)
                })
                .collect();
            (variant, edge)
        })
        .collect();
    let title = "Memory §4 variants: the first player's edge (first − second, in wins) against N";
    let colours = [BLUE, RED, GREEN, MAGENTA];
    let svg = edge_against_n(
        title,
        (from as f64 - 0.5..max as f64 + 0.5, -0.09f64..0.03),
        "(first − second) / win",
        BLACK.stroke_width(1),
        |c| {
            for ((variant, edge), colour) in series.iter().zip(colours) {
                c.draw_series(LineSeries::new(
                    edge.iter().copied(),
                    colour.stroke_width(2),
                ))
                .map_err(err)?
                .label(variant.name())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(2))
                });
                c.draw_series(edge.iter().map(|&p| Circle::new(p, 3, colour.filled())))
                    .map_err(err)?;
            }
            Ok(())
        },
    )?;
    Ok(figure(
        "fig-memory-variants",
        GameId::Memory,
        title,
        format!(
            "Exact start values from the count recurrence (two passes in a row end the game): \
             paper (win 1, draw 1/2), pairs (other pairs decide a game ended by passes; N ≤ {pairs_max}), \
             points and points-avoid-pass (3 a win, 1 a draw; the edge divided by 3), N = {from}..{max}. \
             Below 0 the second player is favoured. Computed, not from the document."
        ),
        &["MEM-101", "MEM-103", "MEM-104", "MEM-106"],
        plot::inline(&svg, title),
    ))
}
