//! The figures of Nim (document 002) on the `reproduce --html` page.

use super::*;

/// The 10×10×10 cube of positions with piles ≤ 9, cut into ten slices by
/// the first pile; losing positions (the mover loses) filled.
pub(super) fn nim_cube() -> Result<Figure, DrawError> {
    use crate::games::nim::{bouton, optimized::Table, Position};
    let max = 9u32;
    let table = Table::build(3, max);
    let (cell, pad) = (16.0, 34.0);
    let side = cell * f64::from(max + 1);
    let (w, h) = (pad + 5.0 * (side + pad), 2.0 * (side + 2.2 * pad) + 30.0);
    let mut svg = Svg::titled(
        w,
        h,
        "Losing positions (必敗) of three-pile Nim, piles a, b, c ≤ 9",
    );
    let mut losing = 0;
    let mut bouton_agrees = true;
    for a in 0..=max {
        let (col, row) = (f64::from(a % 5), f64::from(a / 5));
        let x0 = pad + col * (side + pad);
        let y0 = 30.0 + row * (side + 2.2 * pad) + pad * 0.9;
        let mut here = 0;
        for b in 0..=max {
            for c in 0..=max {
                let p = Position::new(vec![a, b, c]);
                let lose = table.is_losing(&p);
                bouton_agrees &= lose == (bouton::nim_sum(&p) == 0);
                here += usize::from(lose);
                let fill = if lose { "#1f3b73" } else { "#eef1f6" };
                svg.rect(
                    (
                        x0 + f64::from(b) * cell,
                        y0 + f64::from(c) * cell,
                        cell - 1.0,
                        cell - 1.0,
                    ),
                    fill,
                    None,
                );
            }
        }
        losing += here;
        svg.text(
            (x0 + side / 2.0, y0 - 6.0),
            12.0,
            "middle",
            &format!("a = {a}: {here} losing"),
        );
        for k in [0, max] {
            let t = k.to_string();
            svg.text(
                (x0 + (f64::from(k) + 0.5) * cell, y0 + side + 11.0),
                9.0,
                "middle",
                &t,
            );
            svg.text((x0 - 3.0, y0 + (f64::from(k) + 0.8) * cell), 9.0, "end", &t);
        }
        svg.text((x0 + side / 2.0, y0 + side + 22.0), 10.0, "middle", "b →");
        svg.text((x0 - 12.0, y0 + side / 2.0), 10.0, "end", "c");
    }
    svg.rect((w - 250.0, h - 22.0, 12.0, 12.0), "#1f3b73", None);
    svg.text((w - 234.0, h - 12.0), 11.0, "start", "losing (必敗)");
    svg.rect((w - 140.0, h - 22.0, 12.0, 12.0), "#eef1f6", Some("#999"));
    svg.text((w - 124.0, h - 12.0), 11.0, "start", "winning (必勝)");
    let title = "Nim: the losing positions of the 10×10×10 cube, in slices";
    Ok(figure(
        "fig-nim-cube",
        GameId::Nim,
        title,
        format!(
            "Each slice fixes the first pile a; a cell (b, c) is filled when the player to move \
             at (a, b, c) loses, by the lecture's induction in index order (§38.17). {losing} of \
             the 1000 positions are losing, {} those with nim-sum a ⊕ b ⊕ c = 0 (Bouton's rule).",
            if bouton_agrees {
                "exactly"
            } else {
                "NOT exactly"
            }
        ),
        &["NIM-009", "NIM-011"],
        plot::inline(&svg.finish(), title),
    ))
}
