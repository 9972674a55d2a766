//! SVG reproductions of the figures of document 004 §3: Fig. 3.1 (g(100,k)
//! with the two-term expansions of §3.1), Fig. 3.2 and Fig. 3.3
//! (1/2 − f(N,0,0) for odd and even N = 2M−1, 2M, M ≤ 50, with the leading
//! terms 1/(16N³) and 1/(4N²) of §3.2).

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
) -> Result<(), FigureError> {
    chart
        .configure_series_labels()
        .border_style(BLACK)
        .background_style(WHITE.mix(0.8))
        .draw()
        .map_err(err)
}

/// Fig. 3.1: g(100,k) for k = 1..100 (points) and the §3.1 expansions to
/// n⁻² (line), separately for even and odd n − k. Needs a table with n ≥ 100.
///
/// # Errors
/// If the table is too small or plotting fails.
pub fn figure_3_1(table: &Table<BigRational>) -> Result<String, FigureError> {
    let n = 100;
    if table.max_pairs() < n {
        return Err(FigureError::TableTooSmall {
            figure: "Fig. 3.1",
            needs: n,
            holds: table.max_pairs(),
        });
    }
    let exact: Vec<(f64, f64)> = (1..=n)
        .map(|k| (k as f64, to_f64(&table.g(n, 0, k))))
        .collect();
    render(|root| {
        let mut chart = ChartBuilder::on(root)
            .caption(
                "Fig. 3.1  g(100, k) and its expansion to n^-2",
                ("sans-serif", 20),
            )
            .margin(15)
            .x_label_area_size(40)
            .y_label_area_size(70)
            .build_cartesian_2d(0f64..100f64, 0.495f64..0.56f64)
            .map_err(err)?;
        chart
            .configure_mesh()
            .x_desc("k")
            .y_desc("g(100, k)")
            .draw()
            .map_err(err)?;
        for (parity, colour) in [(0, BLUE), (1, RED)] {
            let label = if parity == 0 {
                "n − k even"
            } else {
                "n − k odd"
            };
            chart
                .draw_series(
                    exact
                        .iter()
                        .filter(|(k, _)| (n - *k as usize) % 2 == parity)
                        .map(|&(k, g)| Circle::new((k, g), 3, colour.filled())),
                )
                .map_err(err)?
                .label(format!("g(100,k), {label}"))
                .legend(move |(x, y)| Circle::new((x, y), 3, colour.filled()));
            chart
                .draw_series(LineSeries::new(
                    (1..n)
                        .filter(|k| (n - k) % 2 == parity)
                        .map(|k| (k as f64, g_expansion(n, k))),
                    colour,
                ))
                .map_err(err)?
                .label(format!("expansion, {label}"))
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], colour));
        }
        legend(&mut chart)
    })
}

/// Fig. 3.2 (`odd`) or Fig. 3.3: 1/2 − f(N,0,0) for N = 2M−1 or 2M,
/// M = 1..=`max_m` (the paper: 50), on a log scale, with the leading term
/// 1/(16N³) or 1/(4N²). Points where 1/2 − f ≤ 0 (N = 1 and N = 7) cannot
/// be shown on a log scale and are listed in the caption.
///
/// # Errors
/// If the table is too small or plotting fails.
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
        .map(|(m, _)| format!("N = {}", pairs(*m)))
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
    let (name, n_of_m, term) = if odd {
        ("Fig. 3.2", "2M − 1", "1/(16N³)")
    } else {
        ("Fig. 3.3", "2M", "1/(4N²)")
    };
    let mut caption = format!("{name}  1/2 − f({n_of_m}, 0, 0)");
    if !hidden.is_empty() {
        caption.push_str(&format!(" (≤ 0, not shown: {})", hidden.join(", ")));
    }
    render(|root| {
        let mut chart = ChartBuilder::on(root)
            .caption(caption, ("sans-serif", 18))
            .margin(15)
            .x_label_area_size(40)
            .y_label_area_size(80)
            .build_cartesian_2d(
                0f64..(max_m as f64 + 1.0),
                (low / 2.0..high * 2.0).log_scale(),
            )
            .map_err(err)?;
        chart
            .configure_mesh()
            .x_desc("M")
            .y_desc("1/2 − f")
            .draw()
            .map_err(err)?;
        chart
            .draw_series(shown.iter().map(|&p| Circle::new(p, 3, BLUE.filled())))
            .map_err(err)?
            .label("exact")
            .legend(|(x, y)| Circle::new((x, y), 3, BLUE.filled()));
        chart
            .draw_series(LineSeries::new(
                (1..=max_m).map(|m| (m as f64, leading(m))),
                RED,
            ))
            .map_err(err)?
            .label(term)
            .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], RED));
        legend(&mut chart)
    })
}
