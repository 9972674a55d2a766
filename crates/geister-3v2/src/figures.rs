//! The wing's figure on the `reproduce --html` page: the bracket on
//! blue-blue-red against blue-red as certified here beside the paper's
//! (document 003 §6.2.2), per side to move first. Computed, not from the
//! document.

use crate::report::{report, Family, Order, PAPER};
use plotters::prelude::*;
use solved_games_reference::claims::GameId;
use solved_games_reference::report::figures::{figure, tick, Figure, Spec};
use solved_games_reference::report::plot::{self, chart, err, DrawError};

/// The figure's id on the page.
pub const ID: &str = "fig-geister-3v2-bracket";

/// The wing's figures, in page order (after the document's Geister
/// figures).
#[must_use]
pub fn all() -> Vec<Spec> {
    vec![Spec::new(
        ID,
        GameId::Geister,
        "Geister: the 3-vs-2 bracket",
        bracket,
    )]
}

fn ratio(s: &str) -> Option<f64> {
    match s.split_once('/') {
        Some((n, d)) => Some(n.trim().parse::<f64>().ok()? / d.trim().parse::<f64>().ok()?),
        None => s.trim().parse().ok(),
    }
}

/// A certified [L, U]: as numbers, and as the report prints them.
type Interval = ((f64, f64), (String, String));

/// The certified [L, U] of one turn order.
fn certified(o: &Order) -> Option<Interval> {
    let l = o.l.as_ref()?;
    let u = o.u.as_ref()?;
    Some((
        (ratio(&l.value)?, ratio(&u.value)?),
        (l.value.clone(), u.value.clone()),
    ))
}

/// Draws the figure: per turn order, the paper's interval and the
/// certified one on the axis of P1's payoff.
///
/// # Errors
/// If a restricted game cannot be solved or the chart cannot be drawn.
pub fn bracket() -> Result<Figure, DrawError> {
    let r = report(&[Family::L, Family::U]).map_err(|e| DrawError::Game(Box::new(e)))?;
    let paper = (
        ratio(PAPER[0]).unwrap_or(f64::NAN),
        ratio(PAPER[1]).unwrap_or(f64::NAN),
    );
    let rows: Vec<(&str, Option<Interval>)> = r
        .orders
        .iter()
        .map(|o| {
            let name = if o.p1_first {
                "three-piece side first"
            } else {
                "two-piece side first"
            };
            (name, certified(o))
        })
        .collect();
    let title = "Blue-blue-red vs blue-red: the bracket on P1's payoff, certified and the paper's";
    let (grey, blue) = (RGBColor(150, 150, 150), RGBColor(31, 59, 115));
    let svg = chart((820, 300), |root| {
        let mut c = ChartBuilder::on(root)
            .caption(title, ("sans-serif", 17))
            .margin(14)
            .x_label_area_size(42)
            .y_label_area_size(20)
            .build_cartesian_2d(0f64..1f64, 0f64..rows.len() as f64)
            .map_err(err)?;
        c.configure_mesh()
            .disable_y_mesh()
            .y_labels(0)
            .x_desc("P1's payoff (L: what P1 guarantees; U: what P2 holds it to)")
            .x_label_formatter(&tick)
            .draw()
            .map_err(err)?;
        let bar = |y: f64, (a, b): (f64, f64)| [(a, y - 0.09), (b, y + 0.09)];
        for (i, (name, cert)) in rows.iter().enumerate() {
            let y = rows.len() as f64 - i as f64 - 0.5;
            c.draw_series([Text::new(
                (*name).to_string(),
                (0.02, y + 0.36),
                ("sans-serif", 13),
            )])
            .map_err(err)?;
            let paper_bar = c
                .draw_series([Rectangle::new(bar(y + 0.13, paper), grey.filled())])
                .map_err(err)?;
            if i == 0 {
                paper_bar
                    .label("document 003 §6.2.2: [1/3, 1/2]")
                    .legend(move |(x, y)| {
                        Rectangle::new([(x, y - 5), (x + 12, y + 5)], grey.filled())
                    });
            }
            if let Some((at, (l, u))) = cert {
                let ours = c
                    .draw_series([Rectangle::new(bar(y - 0.13, *at), blue.filled())])
                    .map_err(err)?;
                if i == 0 {
                    ours.label("certified here").legend(move |(x, y)| {
                        Rectangle::new([(x, y - 5), (x + 12, y + 5)], blue.filled())
                    });
                }
                c.draw_series([
                    Text::new(
                        format!("L = {l}"),
                        (at.0 - 0.09, y - 0.2),
                        ("sans-serif", 12),
                    ),
                    Text::new(
                        format!("U = {u}"),
                        (at.1 + 0.01, y - 0.2),
                        ("sans-serif", 12),
                    ),
                ])
                .map_err(err)?;
            }
        }
        plot::legend(&mut c, SeriesLabelPosition::UpperRight)
    })?;
    let shown: Vec<String> = rows
        .iter()
        .map(|(name, cert)| match cert {
            Some((_, (l, u))) => format!("{name}: [{l}, {u}]"),
            None => format!("{name}: not certified"),
        })
        .collect();
    Ok(figure(
        ID,
        GameId::Geister,
        title,
        format!(
            "Grey: the paper's bracket, L = 1/3 by §6.2.1's purple strategy and U = 1/2 by \
             §6.2.2's. Blue: the best L and U certified here ({}), each the exact value of a \
             strategy against every real colouring of the other side, certified by endless_mdp \
             (`solved-games geister bracket` lists the strategies and certificates). Computed, \
             not from the document.",
            shown.join("; ")
        ),
        &["GEI-101", "GEI-102", "GEI-111", "GEI-112"],
        plot::inline(&svg, title),
    ))
}

#[cfg(test)]
mod tests {
    #[test]
    fn ratios_read_as_numbers() {
        assert_eq!(super::ratio("1/2"), Some(0.5));
        assert_eq!(super::ratio("-1"), Some(-1.0));
        assert_eq!(super::ratio("x"), None);
    }
}
