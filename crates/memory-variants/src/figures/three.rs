//! Three players of document 004 §4 item 2 (SPEC.md "Memory variants: three
//! players"): each seat's winning chance at the start under max-n play
//! against N, beside the paper's two players. Computed, not from the
//! document.

use super::Figure;
use crate::claims::three::{max_n, THREE_REACH};
use crate::claims::variants::starts;
use crate::variants::Variant;
use num_rational::BigRational;
use num_traits::ToPrimitive;
use plotters::prelude::*;
use solved_games_reference::claims::GameId;
use solved_games_reference::report::plot::{self, chart, err, DrawError};

/// The figure's id on the page.
pub const ID: &str = "fig-memory-three";

fn to_f64(x: &BigRational) -> f64 {
    x.to_f64().unwrap_or(f64::NAN)
}

/// Draws the figure.
///
/// # Errors
/// If the chart cannot be drawn.
pub fn seats() -> Result<Figure, DrawError> {
    let top = THREE_REACH;
    let n_of = |i: usize| f64::from(u32::try_from(i + 1).expect("small"));
    // The claims' start values, computed once per process.
    let three: Vec<Vec<(f64, f64)>> = (0..3)
        .map(|seat| {
            max_n()
                .iter()
                .enumerate()
                .map(|(i, v)| (n_of(i), to_f64(&v.wins[seat])))
                .filter(|(_, y)| *y > 0.0)
                .collect()
        })
        .collect();
    // The paper's game: winning chance = expected points − half the draws.
    let half = BigRational::new(1.into(), 2.into());
    let paper: Vec<Vec<(f64, f64)>> = [true, false]
        .map(|first| {
            starts(Variant::Paper)[..top]
                .iter()
                .enumerate()
                .map(|(i, v)| {
                    let points = if first { &v.mover } else { &v.other };
                    (n_of(i), to_f64(&(points - &v.draw * &half)))
                })
                .filter(|(_, y)| *y > 0.0)
                .collect()
        })
        .into();
    let low = three
        .iter()
        .chain(&paper)
        .flatten()
        .map(|p| p.1)
        .fold(1.0f64, f64::min)
        / 2.0;
    let title = "Memory §4 item 2: each seat's winning chance with three players (max-n) against N";
    let svg = chart((820, 480), |root| {
        let mut c = ChartBuilder::on(root)
            .caption(title, ("sans-serif", 17))
            .margin(14)
            .x_label_area_size(42)
            .y_label_area_size(80)
            .build_cartesian_2d(0.5f64..top as f64 + 0.5, (low..1.5f64).log_scale())
            .map_err(err)?;
        c.configure_mesh()
            .x_desc("N (pairs of cards)")
            .y_desc("winning chance at the start (log)")
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| format!("{y:.0e}"))
            .draw()
            .map_err(err)?;
        for (points, colour, label) in [
            (&paper[0], BLACK, "paper, first player"),
            (&paper[1], RGBColor(128, 128, 128), "paper, second player"),
        ] {
            plot::labelled_line(&mut c, points, colour, label, 20)?;
        }
        for (seat, colour) in [BLUE, RED, GREEN].into_iter().enumerate() {
            let label = format!("three players, seat {}", seat + 1);
            super::dots(&mut c, three[seat].iter().copied(), colour, label)?;
        }
        plot::legend(&mut c, SeriesLabelPosition::LowerLeft)
    })?;
    Ok(Figure {
        id: ID,
        game: GameId::Memory,
        title: title.to_string(),
        caption: format!(
            "Exact start values from the count recurrence in integer numerators, N = 1..{top}: \
             three seats in fixed order (1 → 2 → 3), a match keeps the turn, a full round of \
             passes draws (⅓ each), each seat maximising its own payoff (ties to the worse for \
             the next seat, then fewer draws); beside the paper's two players (lines; two \
             passes in a row end the game, the winning chance is the expected points less half \
             the draw chance). Zero chances (N ≤ 2) are left out. Seat 1 leads exactly when \
             N ≡ 1 (mod 3) from N = 7, seat 2 otherwise, seat 3 never; every seat's chance \
             falls like N⁻² as draws take over. Computed, not from the document."
        ),
        claims: vec!["MEM-110", "MEM-112", "MEM-113", "MEM-115"],
        html: plot::inline(&svg, title),
    })
}
