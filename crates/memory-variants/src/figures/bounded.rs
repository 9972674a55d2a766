//! §4 item 3 of document 004 with a memory of the last M cards (SPEC.md
//! "Memory variants" → "Bounded memory M"): the first player's expected
//! points less ½ against N, one line per M = 0..6, beside the paper's game
//! (M ≥ 2N). Computed, not from the document.

use super::Figure;
use crate::claims::bounded::{starts, PAIRS_REACH};
use crate::variants::packed::start_values;
use crate::variants::Variant;
use num_rational::BigRational;
use num_traits::ToPrimitive;
use plotters::prelude::*;
use solved_games_reference::claims::GameId;
use solved_games_reference::report::plot::{self, chart, err, DrawError};

/// The figure's id on the page.
pub const ID: &str = "fig-memory-bounded";

/// A line of the chart: its name, points and colour.
type Series = (String, Vec<(f64, f64)>, RGBColor);

fn edges(values: &[BigRational], from: usize) -> Vec<(f64, f64)> {
    values
        .iter()
        .enumerate()
        .skip(from - 1)
        .map(|(i, v)| {
            let n = f64::from(u32::try_from(i + 1).expect("small"));
            (n, v.to_f64().unwrap_or(f64::NAN) - 0.5)
        })
        .collect()
}

/// Draws the figure.
///
/// # Errors
/// If the chart cannot be drawn.
pub fn edge_against_n() -> Result<Figure, DrawError> {
    let (from, top) = (2usize, PAIRS_REACH);
    let (lo, hi) = (-0.18f64, 0.12f64);
    let paper: Vec<BigRational> = start_values(Variant::Paper, top)
        .into_iter()
        .map(|v| v.mover)
        .collect();
    let colours = [
        RED,
        MAGENTA,
        BLUE,
        CYAN,
        GREEN,
        YELLOW,
        RGBColor(255, 140, 0),
    ];
    let mut series: Vec<Series> = starts()
        .iter()
        .enumerate()
        .map(|(m, v)| {
            (
                format!("M = {m}"),
                edges(v, from),
                colours[m % colours.len()],
            )
        })
        .collect();
    series.push(("paper (M ≥ 2N)".to_string(), edges(&paper, from), BLACK));
    let title =
        "Memory §4 item 3: the first player's expected points − 1/2 against N, memory of M cards";
    let svg = chart((820, 460), |root| {
        let mut c = ChartBuilder::on(root)
            .caption(title, ("sans-serif", 16))
            .margin(14)
            .x_label_area_size(42)
            .y_label_area_size(70)
            .build_cartesian_2d(from as f64 - 0.5..top as f64 + 0.5, lo..hi)
            .map_err(err)?;
        c.configure_mesh()
            .x_desc("N (pairs of cards)")
            .y_desc("first player's points − 1/2")
            .draw()
            .map_err(err)?;
        c.draw_series(LineSeries::new(
            [(from as f64 - 0.5, 0.0), (top as f64 + 0.5, 0.0)],
            BLACK.mix(0.4).stroke_width(1),
        ))
        .map_err(err)?;
        for (name, points, colour) in &series {
            let colour = *colour;
            let shown: Vec<(f64, f64)> = points
                .iter()
                .copied()
                .filter(|(_, y)| (lo..=hi).contains(y))
                .collect();
            c.draw_series(LineSeries::new(shown.clone(), colour.stroke_width(1)))
                .map_err(err)?;
            super::dots(&mut c, shown, colour, name.as_str())?;
        }
        plot::legend(&mut c, SeriesLabelPosition::LowerRight)
    })?;
    Ok(Figure {
        id: ID,
        game: GameId::Memory,
        title: title.to_string(),
        caption: format!(
            "Exact start values, N = {from}..{top}, both players remembering the last M cards \
             turned (least recently turned forgotten; two passes in a row end the game, endless \
             play a draw), each layer solved by exact strategy iteration. M = 0 is §4's zero \
             memory (first player favoured, 1/2 + N⁻²/8 + o(N⁻²)); the paper's game is M ≥ 2N. \
             Points outside {lo}..{hi} are left out. Computed, not from the document."
        ),
        claims: vec!["MEM-120", "MEM-121", "MEM-122"],
        html: plot::inline(&svg, title),
    })
}
