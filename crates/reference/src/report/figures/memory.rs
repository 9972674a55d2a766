//! The figures of the Memory game (document 004) on the `reproduce --html` page.

use super::*;

/// Every state with n ≤ 100, exactly (shared by the Memory figures).
fn memory_table() -> &'static crate::games::memory::optimized::Table<BigRational> {
    use crate::games::memory::optimized::{exact_table, Extent};
    static TABLE: OnceLock<crate::games::memory::optimized::Table<BigRational>> = OnceLock::new();
    TABLE.get_or_init(|| exact_table(100, Extent::Reduced, false))
}

fn memory_figure(
    id: &'static str,
    title: &str,
    caption: &str,
    claims: &[&'static str],
    svg: Result<String, crate::games::memory::figures::FigureError>,
) -> Result<Figure, DrawError> {
    let svg = svg.map_err(plot::game)?;
    Ok(figure(
        id,
        GameId::Memory,
        title,
        caption,
        claims,
        plot::inline(&svg, title),
    ))
}

pub(super) fn memory_3_1() -> Result<Figure, DrawError> {
    use crate::games::memory::figures::figure_3_1;
    memory_figure(
        "fig-memory-3-1",
        "Fig. 3.1: g(100, k) and its expansion to n⁻²",
        "Exact g(100, k) by the §2.1 recurrence (points) against §3.1's two-term expansions \
         (lines), for even and odd n − k.",
        &["MEM-012", "MEM-013", "MEM-014", "MEM-024"],
        figure_3_1(memory_table()),
    )
}

pub(super) fn memory_3_2() -> Result<Figure, DrawError> {
    use crate::games::memory::figures::figure_3_2_or_3_3;
    memory_figure(
        "fig-memory-3-2",
        "Fig. 3.2: 1/2 − f(N, 0, 0) for odd N = 2M − 1",
        "The first player's shortfall from a fair game, exact, with §3.2's leading term \
         1/(16N³); N ≤ 99.",
        &["MEM-021", "MEM-023", "MEM-025"],
        figure_3_2_or_3_3(memory_table(), true, 50),
    )
}

pub(super) fn memory_3_3() -> Result<Figure, DrawError> {
    use crate::games::memory::figures::figure_3_2_or_3_3;
    memory_figure(
        "fig-memory-3-3",
        "Fig. 3.3: 1/2 − f(N, 0, 0) for even N = 2M",
        "The same for even N ≤ 100, with the leading term 1/(4N²).",
        &["MEM-022", "MEM-026"],
        figure_3_2_or_3_3(memory_table(), false, 50),
    )
}

/// §4 item 3: with zero memory the first player wins with probability
/// w(N) = 1/2 + 1/(8N²) + o(N⁻²); the exact edge w(N) − 1/2 on log–log axes
/// against 1/(8N²).
pub(super) fn memory_zero() -> Result<Figure, DrawError> {
    use crate::games::memory::analysis::zero_memory_first_player_wins;
    let max = 100usize;
    let half = BigRational::new(1.into(), 2.into());
    let edge: Vec<(f64, f64)> = (1..=max)
        .map(|n| {
            (
                n as f64,
                to_f64(&(zero_memory_first_player_wins(n) - &half)),
            )
        })
        .collect();
    let leading = |n: f64| 1.0 / (8.0 * n * n);
    let scaled_at_max = edge[max - 1].1 * (max * max) as f64;
    let title = "Zero memory: the first player's edge w(N) − 1/2 and 1/(8N²)";
    let svg = chart((820, 460), |root| {
        let mut c = ChartBuilder::on(root)
            .caption(title, ("sans-serif", 18))
            .margin(14)
            .x_label_area_size(42)
            .y_label_area_size(70)
            .build_cartesian_2d(
                (1f64..max as f64 * 1.1).log_scale(),
                (leading(max as f64) / 2.0..1.0f64).log_scale(),
            )
            .map_err(err)?;
        c.configure_mesh()
            .x_desc("N (pairs of cards)")
            .y_desc("w(N) − 1/2")
            .x_label_formatter(&tick)
            .y_label_formatter(&tick)
            .draw()
            .map_err(err)?;
        c.draw_series(edge.iter().map(|&p| Circle::new(p, 3, BLUE.filled())))
            .map_err(err)?
            .label("exact w(N) − 1/2 (both players turn two random cards)")
            .legend(|(x, y)| Circle::new((x, y), 3, BLUE.filled()));
        c.draw_series(LineSeries::new(
            (1..=max).map(|n| (n as f64, leading(n as f64))),
            RED.stroke_width(2),
        ))
        .map_err(err)?
        .label("1/(8N²), §4 item 3")
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], RED.stroke_width(2)));
        plot::legend(&mut c, SeriesLabelPosition::UpperRight)
    })?;
    Ok(figure(
        "fig-memory-zero",
        GameId::Memory,
        title,
        format!(
            "Exact w(N) for N = 1..{max} from the zero-memory recurrence; N²(w − 1/2) = {scaled_at_max:.5} \
             at N = {max}, tending to 1/8."
        ),
        &["MEM-027"],
        plot::inline(&svg, title),
    ))
}
