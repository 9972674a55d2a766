//! Document 004 §4's deck of K ranks of four (SPEC.md "Memory variants: a
//! deck of ranks of four"): the first player's expected points at the start
//! against K, beside the paper's game with the same number of cards
//! (N = 2K pairs). Computed, not from the document.

use super::Figure;
use crate::claims::ranks::starts;
use crate::claims::variants::starts as pair_starts;
use crate::variants::Variant;
use num_traits::ToPrimitive;
use plotters::prelude::*;
use solved_games_reference::claims::GameId;
use solved_games_reference::report::plot::{self, chart, err, DrawError};

/// The figure's id on the page.
pub const ID: &str = "fig-memory-ranks";

/// Draws the figure.
///
/// # Errors
/// If the chart cannot be drawn.
pub fn ranks_against_pairs() -> Result<Figure, DrawError> {
    let to_point = |k: usize, y: &num_rational::BigRational| {
        (
            f64::from(u32::try_from(k).expect("small")),
            y.to_f64().unwrap_or(f64::NAN),
        )
    };
    let ranks: Vec<(f64, f64)> = starts()
        .iter()
        .enumerate()
        .map(|(i, v)| to_point(i + 1, &v.mover))
        .collect();
    let top = ranks.len();
    // The paper's game with 4K cards: N = 2K pairs (its start values from
    // the §4 variants' claims, the paper's scoring under the two-pass rule).
    let paper: Vec<(f64, f64)> = (1..=top)
        .map(|k| to_point(k, &pair_starts(Variant::Paper)[2 * k - 1].mover))
        .collect();
    let title = "Memory §4, a deck of ranks of four: the first player's expected points against K";
    let svg = chart((820, 460), |root| {
        let mut c = ChartBuilder::on(root)
            .caption(title, ("sans-serif", 18))
            .margin(14)
            .x_label_area_size(42)
            .y_label_area_size(60)
            .build_cartesian_2d(0.5f64..top as f64 + 0.5, 0.3f64..1.05)
            .map_err(err)?;
        c.configure_mesh()
            .x_desc("K (ranks of four cards; 4K cards)")
            .y_desc("first player's points (win 1, draw 1/2)")
            .draw()
            .map_err(err)?;
        c.draw_series(LineSeries::new(
            [(0.5, 0.5), (top as f64 + 0.5, 0.5)],
            BLACK.mix(0.4).stroke_width(1),
        ))
        .map_err(err)?;
        for (name, points, colour) in [
            ("ranks of four (K ranks)", &ranks, BLUE),
            ("paper's game, N = 2K pairs", &paper, BLACK),
        ] {
            c.draw_series(LineSeries::new(points.iter().copied(), colour.mix(0.5)))
                .map_err(err)?;
            super::dots(&mut c, points.iter().copied(), colour, name)?;
        }
        plot::legend(&mut c, SeriesLabelPosition::UpperRight)
    })?;
    Ok(Figure {
        id: ID,
        game: GameId::Memory,
        title: title.to_string(),
        caption: format!(
            "Exact start values, K = 1..{top}: the per-rank recurrence for the usual rule (any two \
             cards of one rank match, the first pair of 1s taken wins, two passes in a row draw; \
             blue) and the paper's game with the same 4K cards, N = 2K pairs (black). K = 13 is the \
             52-card deck. Below 1/2 the second player is favoured: at every N in the paper's game, from \
             K = 4 on (and at K = 2) on the deck, whose draws stay near 0.17 (MEM-132) where the paper's grow towards 1. \
             Computed, not from the document."
        ),
        claims: vec!["MEM-130", "MEM-131", "MEM-132"],
        html: plot::inline(&svg, title),
    })
}
