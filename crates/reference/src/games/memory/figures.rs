//! SVG reproductions of the figures of document 004 §3: Fig. 3.1 (g(100,k)
//! with the two-term expansions of §3.1), Fig. 3.2 and Fig. 3.3
//! (1/2 − f(N,0,0) for odd and even N = 2M−1, 2M, M ≤ 50, with the leading
//! terms 1/(16N³) and 1/(4N²) of §3.2).
//!
//! Every figure has a title, named axes and a legend; ticks are printed to
//! the precision they need (`0.51`, `1e-5`, never `9.999999999999999e-6`);
//! a value outside the plotted range is not pinned to the border but marked
//! there with its true value.

use super::analysis::g_expansion;
use super::optimized::Table;
use num_rational::BigRational;
use num_traits::ToPrimitive;
use plotters::prelude::*;

/// Why a figure could not be drawn.
#[derive(Debug)]
pub enum FigureError {
    /// The table does not hold the largest n the figure plots.
    TableTooSmall {
        /// Which figure ("Fig. 3.1", …).
        figure: &'static str,
        /// The largest n it plots.
        needs: usize,
        /// The largest n the table holds.
        holds: usize,
    },
    /// The figure would plot no value (n = 0, or M = 0).
    NothingToPlot {
        /// Which figure.
        figure: &'static str,
    },
    /// The SVG backend failed.
    Drawing(Box<dyn std::error::Error + Send + Sync>),
}

impl std::fmt::Display for FigureError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FigureError::TableTooSmall {
                figure,
                needs,
                holds,
            } => write!(
                f,
                "{figure} needs a table with n ≥ {needs}; this one holds n ≤ {holds}"
            ),
            FigureError::NothingToPlot { figure } => {
                write!(f, "{figure} would plot no value: ask for n ≥ 1 (M ≥ 1)")
            }
            FigureError::Drawing(e) => write!(f, "drawing failed: {e}"),
        }
    }
}

impl std::error::Error for FigureError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FigureError::Drawing(e) => Some(e.as_ref()),
            _ => None,
        }
    }
}

fn err<E: std::error::Error + Send + Sync + 'static>(e: E) -> FigureError {
    FigureError::Drawing(Box::new(e))
}

fn to_f64(x: &BigRational) -> f64 {
    x.to_f64().unwrap_or(f64::NAN)
}

/// An 800×500 SVG on white, drawn by `draw`.
fn render(
    draw: impl FnOnce(&DrawingArea<SVGBackend<'_>, plotters::coord::Shift>) -> Result<(), FigureError>,
) -> Result<String, FigureError> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (800, 500)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        draw(&root)?;
        root.present().map_err(err)?;
    }
    Ok(svg)
}

/// The legend box every figure ends with.
fn legend<'a, X: Ranged, Y: Ranged>(
    chart: &mut ChartContext<'a, SVGBackend<'a>, Cartesian2d<X, Y>>,
    position: SeriesLabelPosition,
) -> Result<(), FigureError> {
    chart
        .configure_series_labels()
        .position(position)
        .border_style(BLACK)
        .background_style(WHITE.mix(0.9))
        .label_font(("sans-serif", 13))
        .draw()
        .map_err(err)
}

/// A tick label with the digits it needs: `0.505`, `10`, `1e-5`, `2.5e-7`.
/// Tick positions are computed in floating point (10⁻⁵ comes out as
/// 9.999999999999999e-6), so labels are rounded to 4 significant digits and
/// trailing zeros dropped; below 10⁻³ and from 10⁵ on they are written in
/// scientific notation.
#[must_use]
pub fn tick_label(value: f64) -> String {
    if value == 0.0 || !value.is_finite() {
        return format!("{value}");
    }
    let magnitude = value.abs();
    if (1e-3..1e5).contains(&magnitude) {
        // Decimals for 4 significant digits, then trailing zeros dropped.
        #[allow(clippy::cast_possible_truncation)]
        let decimals = (3 - magnitude.log10().floor() as i32).max(0) as usize;
        let text = format!("{value:.decimals$}");
        if text.contains('.') {
            text.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            text
        }
    } else {
        let text = format!("{value:.3e}");
        let (mantissa, exponent) = text.split_once('e').expect("{:e} writes an exponent");
        let mantissa = mantissa.trim_end_matches('0').trim_end_matches('.');
        format!("{mantissa}e{exponent}")
    }
}

/// The pieces of a polyline that lie within `low ≤ y ≤ high`: a segment
/// that crosses a border is cut where it crosses, so a curve leaving the
/// plot stops at its edge instead of running along it.
fn clip_polyline(points: &[(f64, f64)], low: f64, high: f64) -> Vec<Vec<(f64, f64)>> {
    let inside = |y: f64| (low..=high).contains(&y);
    let crossing = |(x0, y0): (f64, f64), (x1, y1): (f64, f64), border: f64| {
        (x0 + (x1 - x0) * (border - y0) / (y1 - y0), border)
    };
    let border_between = |a: f64, b: f64| if a.max(b) > high { high } else { low };
    let mut pieces: Vec<Vec<(f64, f64)>> = Vec::new();
    let mut current: Vec<(f64, f64)> = Vec::new();
    for (i, &p) in points.iter().enumerate() {
        let previous = i.checked_sub(1).map(|j| points[j]);
        match (previous, inside(p.1)) {
            (Some(q), true) if !inside(q.1) => {
                current.push(crossing(q, p, border_between(q.1, p.1)));
                current.push(p);
            }
            (_, true) => current.push(p),
            (Some(q), false) if inside(q.1) => {
                current.push(crossing(q, p, border_between(q.1, p.1)));
                pieces.push(std::mem::take(&mut current));
            }
            (_, false) => {}
        }
    }
    if !current.is_empty() {
        pieces.push(current);
    }
    pieces.retain(|piece| piece.len() >= 2);
    pieces
}

/// Fig. 3.1: g(100,k) for k = 1..100 (points) and the §3.1 expansions to
/// n⁻² (line), separately for even and odd n − k. Needs a table with n ≥ 100.
///
/// # Errors
/// If the table is too small or plotting fails.
pub fn figure_3_1(table: &Table<BigRational>) -> Result<String, FigureError> {
    figure_3_1_at(table, 100)
}

/// Fig. 3.1 for any n: g(n,k) for k = 1..n (points) and the §3.1
/// expansions to n⁻² (lines), separately for even and odd n − k. The value
/// axis runs from 1/2 − 1/(2n) to 1/2 + 6/n (0.495 to 0.56 at the paper's
/// n = 100); a value above it is marked at the top border with a triangle
/// pointing up, and the legend gives its true value.
///
/// # Errors
/// [`FigureError::NothingToPlot`] for n = 0,
/// [`FigureError::TableTooSmall`] if the table does not hold n,
/// [`FigureError::Drawing`] if plotting fails.
#[allow(clippy::cast_precision_loss)]
pub fn figure_3_1_at(table: &Table<BigRational>, n: usize) -> Result<String, FigureError> {
    const FIGURE: &str = "Fig. 3.1";
    if n == 0 {
        return Err(FigureError::NothingToPlot { figure: FIGURE });
    }
    if table.max_pairs() < n {
        return Err(FigureError::TableTooSmall {
            figure: FIGURE,
            needs: n,
            holds: table.max_pairs(),
        });
    }
    let nf = n as f64;
    let (low, high) = (0.5 - 0.5 / nf, (0.5 + 6.0 / nf).min(1.05));
    let exact: Vec<(usize, f64)> = (1..=n).map(|k| (k, to_f64(&table.g(n, 0, k)))).collect();
    render(|root| {
        let mut chart = ChartBuilder::on(root)
            .caption(
                format!("{FIGURE}  g({n}, k) and its expansions to n⁻² (§3.1)"),
                ("sans-serif", 20),
            )
            .margin(15)
            .x_label_area_size(45)
            .y_label_area_size(70)
            .build_cartesian_2d(0f64..nf, low..high)
            .map_err(err)?;
        chart
            .configure_mesh()
            .x_desc("k (numbers with one card known)")
            .y_desc(format!("g({n}, k)"))
            .axis_desc_style(("sans-serif", 14))
            .x_label_formatter(&|x| tick_label(*x))
            .y_label_formatter(&|y| tick_label(*y))
            .draw()
            .map_err(err)?;
        for (parity, colour) in [(0, BLUE), (1, RED)] {
            let label = if parity == 0 {
                "n − k even"
            } else {
                "n − k odd"
            };
            let of_parity = || exact.iter().filter(move |(k, _)| (n - k) % 2 == parity);
            chart
                .draw_series(
                    of_parity()
                        .filter(|(_, g)| (low..=high).contains(g))
                        .map(|&(k, g)| Circle::new((k as f64, g), 3, colour.filled())),
                )
                .map_err(err)?
                .label(format!("g({n}, k), {label}"))
                .legend(move |(x, y)| Circle::new((x, y), 3, colour.filled()));
            let curve: Vec<(f64, f64)> = (1..n)
                .filter(|k| (n - k) % 2 == parity)
                .map(|k| (k as f64, g_expansion(n, k)))
                .collect();
            for (i, piece) in clip_polyline(&curve, low, high).into_iter().enumerate() {
                let drawn = chart
                    .draw_series(LineSeries::new(piece, colour))
                    .map_err(err)?;
                if i == 0 {
                    drawn
                        .label(format!("expansion to n⁻², {label}"))
                        .legend(move |(x, y)| {
                            PathElement::new(vec![(x - 8, y), (x + 8, y)], colour)
                        });
                }
            }
            let above: Vec<(usize, f64)> =
                of_parity().filter(|(_, g)| *g > high).copied().collect();
            if !above.is_empty() {
                let values: Vec<String> = above
                    .iter()
                    .map(|(k, g)| format!("g({n},{k}) ≈ {}", tick_label(*g)))
                    .collect();
                // Just inside the top border, pointing up: "higher than this".
                let marker_y = high - (high - low) * 0.015;
                chart
                    .draw_series(above.iter().map(|&(k, _)| {
                        TriangleMarker::new((k as f64, marker_y), 6, colour.filled())
                    }))
                    .map_err(err)?
                    .label(format!("off scale: {}", values.join(", ")))
                    .legend(move |(x, y)| TriangleMarker::new((x, y), 6, colour.filled()));
            }
        }
        legend(&mut chart, SeriesLabelPosition::UpperLeft)
    })
}

/// Fig. 3.2 (`odd`) or Fig. 3.3: 1/2 − f(N,0,0) for N = 2M−1 or 2M,
/// M = 1..=`max_m` (the paper: 50), on a log scale, with the leading term
/// 1/(16N³) or 1/(4N²). The horizontal axis is M, as in the paper; the
/// title, axis names and legend say how N follows from it. Points where
/// 1/2 − f ≤ 0 (N = 1 and N = 7) cannot be shown on a log scale and are
/// listed in the title.
///
/// # Errors
/// [`FigureError::NothingToPlot`] for `max_m` = 0,
/// [`FigureError::TableTooSmall`] if the table does not hold N,
/// [`FigureError::Drawing`] if plotting fails.
#[allow(clippy::cast_precision_loss)]
pub fn figure_3_2_or_3_3(
    table: &Table<BigRational>,
    odd: bool,
    max_m: usize,
) -> Result<String, FigureError> {
    let figure = if odd { "Fig. 3.2" } else { "Fig. 3.3" };
    if max_m == 0 {
        return Err(FigureError::NothingToPlot { figure });
    }
    let pairs = |m: usize| if odd { 2 * m - 1 } else { 2 * m };
    if table.max_pairs() < pairs(max_m) {
        return Err(FigureError::TableTooSmall {
            figure,
            needs: pairs(max_m),
            holds: table.max_pairs(),
        });
    }
    let half = BigRational::new(1.into(), 2.into());
    let gaps: Vec<(usize, f64)> = (1..=max_m)
        .map(|m| (m, to_f64(&(&half - table.f(pairs(m), 0, 0)))))
        .collect();
    let hidden: Vec<String> = gaps
        .iter()
        .filter(|(_, g)| *g <= 0.0)
        .map(|(m, _)| format!("M = {m} (N = {})", pairs(*m)))
        .collect();
    let leading = |m: usize| {
        let n = pairs(m) as f64;
        if odd {
            1.0 / (16.0 * n * n * n)
        } else {
            1.0 / (4.0 * n * n)
        }
    };
    let shown: Vec<(f64, f64)> = gaps
        .iter()
        .filter(|(_, g)| *g > 0.0)
        .map(|&(m, g)| (m as f64, g))
        .collect();
    let low = shown
        .iter()
        .map(|p| p.1)
        .chain((1..=max_m).map(leading))
        .fold(f64::INFINITY, f64::min);
    let high = shown
        .iter()
        .map(|p| p.1)
        .chain((1..=max_m).map(leading))
        .fold(0.0, f64::max);
    let (n_of_m, term) = if odd {
        ("2M − 1", "1/(16N³)")
    } else {
        ("2M", "1/(4N²)")
    };
    let gap = format!("1/2 − f({n_of_m}, 0, 0)");
    let mut caption = format!("{figure}  {gap}");
    if !hidden.is_empty() {
        caption.push_str(&format!(" (≤ 0, not shown: {})", hidden.join(", ")));
    }
    render(|root| {
        let mut chart = ChartBuilder::on(root)
            .caption(caption, ("sans-serif", 18))
            .margin(15)
            .x_label_area_size(45)
            .y_label_area_size(70)
            .build_cartesian_2d(
                0f64..(max_m as f64 + 1.0),
                (low / 2.0..high * 2.0).log_scale(),
            )
            .map_err(err)?;
        chart
            .configure_mesh()
            .x_desc(format!("M (N = {n_of_m} pairs)"))
            .y_desc(gap.clone())
            .axis_desc_style(("sans-serif", 14))
            .x_label_formatter(&|x| tick_label(*x))
            .y_label_formatter(&|y| tick_label(*y))
            .draw()
            .map_err(err)?;
        chart
            .draw_series(shown.iter().map(|&p| Circle::new(p, 3, BLUE.filled())))
            .map_err(err)?
            .label(format!("{gap}, exact"))
            .legend(|(x, y)| Circle::new((x, y), 3, BLUE.filled()));
        chart
            .draw_series(LineSeries::new(
                (1..=max_m).map(|m| (m as f64, leading(m))),
                RED,
            ))
            .map_err(err)?
            .label(format!("leading term {term}, N = {n_of_m}"))
            .legend(|(x, y)| PathElement::new(vec![(x - 8, y), (x + 8, y)], RED));
        legend(&mut chart, SeriesLabelPosition::UpperRight)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tick_labels_carry_the_digits_they_need() {
        assert_eq!(tick_label(1e-5 * (1.0 - f64::EPSILON)), "1e-5");
        assert_eq!(tick_label(9.999999999999999e-6), "1e-5");
        assert_eq!(tick_label(2.5e-7), "2.5e-7");
        assert_eq!(tick_label(0.001), "0.001");
        assert_eq!(tick_label(0.505), "0.505");
        assert_eq!(tick_label(0.51), "0.51");
        assert_eq!(tick_label(10.0), "10");
        assert_eq!(tick_label(0.0), "0");
        assert_eq!(tick_label(0.5833333333333334), "0.5833");
    }

    #[test]
    fn a_curve_leaving_the_plot_stops_at_its_border() {
        let pieces = clip_polyline(&[(0.0, 0.0), (1.0, 1.0), (2.0, 3.0), (3.0, 1.0)], 0.0, 2.0);
        assert_eq!(
            pieces,
            vec![
                vec![(0.0, 0.0), (1.0, 1.0), (1.5, 2.0)],
                vec![(2.5, 2.0), (3.0, 1.0)]
            ]
        );
        assert!(clip_polyline(&[(0.0, 5.0), (1.0, 6.0)], 0.0, 2.0).is_empty());
    }
}
