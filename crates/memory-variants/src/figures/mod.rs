//! The wing's figures on the `reproduce --html` page, drawn with the
//! reference's chart helpers (`solved_games_reference::report::figures`).
//!
//! | id | document | what |
//! |---|---|---|
//! | `fig-memory-variants` | 004 §4 item 1 | the first player's edge against N in the paper's game and its §4 variants |
//! | `fig-memory-variants-100` | 004 §4 item 1 | the same edge scaled by N², to N = 100 |
//! | `fig-memory-three` | 004 §4 item 2 | each seat's winning chance with three players, beside the paper's two |
//! | `fig-memory-ranks` | 004 §4 | a deck of ranks of four against the paper's pairs |
//! | `fig-memory-bounded` | 004 §4 item 3 | the first player's edge with memory bounded to M cards |

use plotters::prelude::*;
use solved_games_reference::claims::GameId;
pub(crate) use solved_games_reference::report::figures::{figure, to_f64, Figure, Spec};
use solved_games_reference::report::plot::{self, chart, err, DrawError};

mod bounded;
mod ranks;
mod three;
mod variants;

/// The wing's figures, in page order (after the document's Memory figures).
#[must_use]
pub fn all() -> Vec<Spec> {
    vec![
        Spec::new(
            "fig-memory-variants",
            GameId::Memory,
            "Memory: §4 variants",
            variants::edge_to_20,
        ),
        Spec::new(
            variants::ID,
            GameId::Memory,
            "Memory: §4 variants to N = 100",
            variants::edge_to_100,
        ),
        Spec::new(
            three::ID,
            GameId::Memory,
            "Memory: three players",
            three::seats,
        ),
        Spec::new(
            ranks::ID,
            GameId::Memory,
            "Memory: §4 deck of ranks of four",
            ranks::ranks_against_pairs,
        ),
        Spec::new(
            bounded::ID,
            GameId::Memory,
            "Memory: §4 item 3, bounded memory",
            bounded::edge_against_n,
        ),
    ]
}

/// A series of dots of one colour, named in the legend by a dot: the
/// wing's figures mark their exact values so.
///
/// # Errors
/// If the series cannot be drawn.
pub(crate) fn dots<'a, 'b, X: Ranged<ValueType = f64>, Y: Ranged<ValueType = f64>>(
    c: &mut ChartContext<'a, SVGBackend<'b>, Cartesian2d<X, Y>>,
    points: impl IntoIterator<Item = (f64, f64)>,
    colour: RGBColor,
    label: impl Into<String>,
) -> Result<(), DrawError> {
    c.draw_series(
        points
            .into_iter()
            .map(|p| Circle::new(p, 3, colour.filled())),
    )
    .map_err(err)?
    .label(label)
    .legend(move |(x, y)| Circle::new((x, y), 3, colour.filled()));
    Ok(())
}

/// The chart context of [`edge_against_n`]: f64 × f64 on SVG.
pub(crate) type EdgeChart<'a> = ChartContext<
    'a,
    SVGBackend<'a>,
    Cartesian2d<plotters::coord::types::RangedCoordf64, plotters::coord::types::RangedCoordf64>,
>;

/// A chart of a variant's edge against N (document 004 §4, item 1), the
/// frame the variant figures share: `title`, N on `xs`, the edge on
/// `ys` named `y_desc`, the line of no edge in `zero` (below it the second
/// player is favoured), then `series` drawn and the legend at lower right.
///
/// # Errors
/// If the chart cannot be drawn.
pub(crate) fn edge_against_n(
    title: &str,
    (xs, ys): (std::ops::Range<f64>, std::ops::Range<f64>),
    y_desc: &str,
    zero: ShapeStyle,
    series: impl FnOnce(&mut EdgeChart<'_>) -> Result<(), DrawError>,
) -> Result<String, DrawError> {
    chart((820, 460), |root| {
        let (left, right) = (xs.start, xs.end);
        let mut c = ChartBuilder::on(root)
            .caption(title, ("sans-serif", 18))
            .margin(14)
            .x_label_area_size(42)
            .y_label_area_size(70)
            .build_cartesian_2d(xs, ys)
            .map_err(err)?;
        c.configure_mesh()
            .x_desc("N (pairs of cards)")
            .y_desc(y_desc)
            .draw()
            .map_err(err)?;
        c.draw_series(LineSeries::new([(left, 0.0), (right, 0.0)], zero))
            .map_err(err)?;
        series(&mut c)?;
        plot::legend(&mut c, SeriesLabelPosition::LowerRight)
    })
}
