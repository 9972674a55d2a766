//! SVG figures of the certified 10,000-yen table (document 000 §4): A's optimal
//! first-round strategy across T, and the value surface of one layer.

use super::certified::Certified;
use plotters::prelude::*;
use solved_games_reference::games::yen::rules::State;
use std::path::{Path, PathBuf};

/// Why a figure could not be written.
#[derive(Debug)]
pub enum FigureError {
    /// The drawing library failed (its error).
    Draw(Box<dyn std::error::Error + Send + Sync>),
    /// The file could not be written.
    Io(PathBuf, std::io::Error),
}

impl std::fmt::Display for FigureError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FigureError::Draw(e) => write!(f, "drawing failed: {e}"),
            FigureError::Io(path, e) => write!(f, "{}: {e}", path.display()),
        }
    }
}

impl std::error::Error for FigureError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FigureError::Draw(e) => Some(e.as_ref()),
            FigureError::Io(_, e) => Some(e),
        }
    }
}

fn draw_err<E: std::error::Error + Send + Sync + 'static>(e: E) -> FigureError {
    FigureError::Draw(Box::new(e))
}

/// Writes `first_round_strategy.svg` and `value_surface.svg` into `dir`
/// (made if missing, its parent never: [`solved_games_reference::outfile::create_dir`]),
/// each whole through [`crate::outfile`]; returns their paths.
///
/// # Errors
/// [`FigureError`] if the directory or a file cannot be written.
pub fn write_all(table: &Certified, dir: &Path) -> Result<Vec<PathBuf>, FigureError> {
    solved_games_reference::outfile::create_dir(dir)
        .map_err(|e| FigureError::Io(dir.to_path_buf(), e))?;
    let mut written = Vec::new();
    for (name, svg) in [
        ("first_round_strategy.svg", first_round_strategy(table)?),
        ("value_surface.svg", value_surface(table)?),
    ] {
        let path = dir.join(name);
        solved_games_reference::outfile::write(&path, svg)
            .map_err(|e| FigureError::Io(path.clone(), e))?;
        written.push(path);
    }
    Ok(written)
}

/// A's first-round equilibrium bets at the start of every game T = 1..=max
/// (the table's rounds): one circle per bet, its area proportional to the
/// probability, with the line T − R + 1 for reference.
///
/// # Errors
/// [`FigureError::Draw`] if plotting fails.
pub fn first_round_strategy(table: &Certified) -> Result<String, FigureError> {
    let (max, rounds) = (table.max_total(), table.rounds());
    let points: Vec<(u64, u64, f64)> = (1..=max)
        .flat_map(|t| {
            let start = State {
                rounds_left: rounds,
                money_a: t,
                money_b: t,
                gain_diff: 0,
            };
            table
                .stage(start)
                .strategy_a
                .into_iter()
                .filter(|&(_, p)| p > 1e-9)
                .map(move |(bet, p)| (t, bet, p))
        })
        .collect();
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, 560)).into_drawing_area();
        root.fill(&WHITE).map_err(draw_err)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                format!(
                    "Optimal first-round bets of A, R = {rounds}, T = 1..{max} units (certified)"
                ),
                ("sans-serif", 22),
            )
            .margin(15)
            .x_label_area_size(45)
            .y_label_area_size(55)
            .build_cartesian_2d(0u64..max + 1, 0u64..max + 1)
            .map_err(draw_err)?;
        chart
            .configure_mesh()
            .x_desc("T (each player's money, in units)")
            .y_desc("first-round bet of A")
            .light_line_style(WHITE.mix(0.0))
            .draw()
            .map_err(draw_err)?;
        let offset = u64::from(rounds) - 1;
        chart
            .draw_series(LineSeries::new(
                (offset + 1..=max).map(|t| (t, t - offset)),
                RED.mix(0.6).stroke_width(1),
            ))
            .map_err(draw_err)?
            .label(format!("T − R + 1 = T − {offset}"))
            .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], RED.mix(0.6)));
        chart
            .draw_series(points.iter().map(|&(t, bet, p)| {
                Circle::new(
                    (t, bet),
                    (2.0 + 7.0 * p.sqrt()) as i32,
                    BLUE.mix(0.7).filled(),
                )
            }))
            .map_err(draw_err)?
            .label("a bet of A's equilibrium (area ∝ probability)")
            .legend(|(x, y)| Circle::new((x + 10, y), 5, BLUE.mix(0.7).filled()));
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .border_style(BLACK)
            .background_style(WHITE.mix(0.9))
            .draw()
            .map_err(draw_err)?;
        root.present().map_err(draw_err)?;
    }
    Ok(svg)
}

/// The colour of a value in [−1, 1]: blue (B wins) through white (draw) to
/// red (A wins).
fn value_colour(v: f64) -> RGBColor {
    let v = v.clamp(-1.0, 1.0);
    let fade = |x: f64| (255.0 * (1.0 - x)) as u8;
    if v >= 0.0 {
        RGBColor(255, fade(v), fade(v))
    } else {
        RGBColor(fade(-v), fade(-v), 255)
    }
}

/// V(r, a, b, d) over A's money a and the gain difference d, at r = R − 2
/// rounds left and B's money b = max/2 (settled states included).
///
/// # Errors
/// [`FigureError::Draw`] if plotting fails.
pub fn value_surface(table: &Certified) -> Result<String, FigureError> {
    let (max, rounds) = (table.max_total(), table.rounds());
    let r = rounds.saturating_sub(2).max(1);
    let b = max / 2;
    let span = (max + b) as i64;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, 600)).into_drawing_area();
        root.fill(&WHITE).map_err(draw_err)?;
        let (plot, bar) = root.split_horizontally(780);
        let mut chart = ChartBuilder::on(&plot)
            .caption(
                format!(
                    "Value to A, V(r = {r}, a, b = {b}, d): red A wins, blue B wins, grey no match reaches"
                ),
                ("sans-serif", 22),
            )
            .margin(15)
            .x_label_area_size(45)
            .y_label_area_size(60)
            .build_cartesian_2d(0i64..max as i64 + 1, -span..span + 1)
            .map_err(draw_err)?;
        chart
            .configure_mesh()
            .x_desc("a: A's money left (units)")
            .y_desc("d: A's gains so far minus B's")
            .disable_mesh()
            .draw()
            .map_err(draw_err)?;
        let mut cells = Vec::new();
        for a in 0..=max {
            for d in -span..=span {
                if (d - (a + b) as i64) % 2 != 0 {
                    continue;
                }
                let state = State {
                    rounds_left: r,
                    money_a: a,
                    money_b: b,
                    gain_diff: d,
                };
                if !table.covers(state) {
                    // No match with T ≤ the table's total reaches it: grey,
                    // which the red–white–blue scale does not use.
                    cells.push(Rectangle::new(
                        [(a as i64, d - 1), (a as i64 + 1, d + 1)],
                        RGBColor(200, 200, 200).filled(),
                    ));
                    continue;
                }
                let v = table.interval(state).mid();
                // Each d of the right parity stands for d − 1 ..= d + 1.
                cells.push(Rectangle::new(
                    [(a as i64, d - 1), (a as i64 + 1, d + 1)],
                    value_colour(v).filled(),
                ));
            }
        }
        chart.draw_series(cells).map_err(draw_err)?;
        // Colour key: −1 (bottom) to +1 (top).
        let mut key = ChartBuilder::on(&bar)
            .margin_top(60)
            .margin_bottom(60)
            .margin_right(10)
            .y_label_area_size(40)
            .caption("value to A", ("sans-serif", 15))
            .build_cartesian_2d(0..1, -1.0..1.0)
            .map_err(draw_err)?;
        key.configure_mesh()
            .disable_x_axis()
            .y_label_style(("sans-serif", 13))
            .disable_mesh()
            .draw()
            .map_err(draw_err)?;
        key.draw_series((0..100).map(|k| {
            let lo = -1.0 + 0.02 * f64::from(k);
            Rectangle::new([(0, lo), (1, lo + 0.02)], value_colour(lo + 0.01).filled())
        }))
        .map_err(draw_err)?;
        root.present().map_err(draw_err)?;
    }
    Ok(svg)
}
