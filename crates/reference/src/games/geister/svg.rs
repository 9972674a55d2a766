//! A forcing line drawn as an SVG picture in the paper's style (Figs. 3,
//! 4): player 1's pieces as upward triangles, player 2's downward, purple /
//! blue / red fill, a dot at the lower right when player 1 is to move and
//! at the upper right when player 2 is. The picture has a title, a legend
//! of these marks and a `viewBox`, so it scales in a browser or a paper.
//! SVG is plain text; a few shapes need no drawing library.

use super::play::LineStep;
use super::rules::{Colour, Position};
use crate::core::Player;
use std::fmt::Write;

const CELL: f64 = 30.0;
const MARGIN: f64 = 22.0;
const BOARD: f64 = 4.0 * CELL + 2.0 * MARGIN + 14.0;
const PER_ROW: usize = 5;
/// Height of the title band above the boards.
const TITLE: f64 = 34.0;
/// Height of the legend band below the boards.
const LEGEND: f64 = 40.0;

fn fill(c: Colour) -> &'static str {
    match c {
        Colour::Blue => "#2b5fd9",
        Colour::Red => "#d93030",
        Colour::Purple => "#a040c0",
    }
}

fn board(out: &mut String, p: &Position, x0: f64, y0: f64, caption: &str) {
    let (bx, by) = (x0 + MARGIN, y0 + MARGIN);
    for i in 0..=4 {
        let d = f64::from(i) * CELL;
        let _ = writeln!(
            out,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="black" stroke-width="1.5"/>"#,
            bx,
            by + d,
            bx + 4.0 * CELL,
            by + d
        );
        let _ = writeln!(
            out,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="black" stroke-width="1.5"/>"#,
            bx + d,
            by,
            bx + d,
            by + 4.0 * CELL
        );
    }
    for file in 0..4u8 {
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" font-size="11" text-anchor="middle">{}</text>"#,
            bx + (f64::from(file) + 0.5) * CELL,
            by + 4.0 * CELL + 12.0,
            char::from(b'a' + file)
        );
    }
    for rank in 0..4u8 {
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" font-size="11" text-anchor="middle">{}</text>"#,
            bx - 8.0,
            by + (3.5 - f64::from(rank)) * CELL + 4.0,
            rank + 1
        );
    }
    for sq in 0..16u8 {
        let cx = bx + (f64::from(sq % 4) + 0.5) * CELL;
        let cy = by + (3.5 - f64::from(sq / 4)) * CELL;
        let h = CELL * 0.3;
        let piece = |c: Colour, up: bool| {
            let (tip, base) = if up {
                (cy - h, cy + h)
            } else {
                (cy + h, cy - h)
            };
            format!(
                r#"<polygon points="{cx},{tip} {},{base} {},{base}" fill="{}" stroke="black"/>"#,
                cx - h,
                cx + h,
                fill(c)
            )
        };
        if let Some(c) = p.p1.colour_at(sq) {
            let _ = writeln!(out, "{}", piece(c, true));
        } else if let Some(c) = p.p2.colour_at(sq) {
            let _ = writeln!(out, "{}", piece(c, false));
        }
    }
    let dot_y = match p.to_move {
        Player::First => by + 3.5 * CELL,
        Player::Second => by + 0.5 * CELL,
    };
    let _ = writeln!(
        out,
        r#"<circle cx="{}" cy="{dot_y}" r="5" fill="black"/>"#,
        bx + 4.0 * CELL + 10.0
    );
    let _ = writeln!(
        out,
        r#"<text x="{}" y="{}" font-size="11" text-anchor="middle">{caption}</text>"#,
        bx + 2.0 * CELL,
        y0 + BOARD - 2.0
    );
}

/// Text for an SVG text node: `&`, `<` and `>` escaped.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// A value as the paper writes it: +1, 0 or −1.
#[must_use]
pub fn signed(sign: i8) -> &'static str {
    match sign {
        1.. => "+1",
        0 => "0",
        _ => "−1",
    }
}

/// The legend band at `y0`: what the triangles, fills and dot mean.
fn legend(out: &mut String, y0: f64) {
    let h = CELL * 0.3;
    let y = y0 + LEGEND / 2.0;
    let mut x = MARGIN;
    let triangle = |out: &mut String, x: f64, up: bool, colour: &str| {
        let (tip, base) = if up { (y - h, y + h) } else { (y + h, y - h) };
        let _ = writeln!(
            out,
            r#"<polygon points="{x},{tip} {},{base} {},{base}" fill="{colour}" stroke="black"/>"#,
            x - h,
            x + h
        );
    };
    let label = |out: &mut String, x: f64, text: &str| {
        let _ = writeln!(
            out,
            r#"<text x="{x}" y="{}" font-size="12">{text}</text>"#,
            y + 4.0
        );
    };
    triangle(out, x + h, true, "white");
    label(out, x + 2.0 * h + 6.0, "player 1");
    x += 82.0;
    triangle(out, x + h, false, "white");
    label(out, x + 2.0 * h + 6.0, "player 2");
    x += 92.0;
    for (colour, text, width) in [
        (Colour::Blue, "blue", 62.0),
        (Colour::Red, "red", 56.0),
        (Colour::Purple, "colour unknown", 130.0),
    ] {
        let _ = writeln!(
            out,
            r#"<rect x="{x}" y="{}" width="{}" height="{}" fill="{}" stroke="black"/>"#,
            y - h,
            2.0 * h,
            2.0 * h,
            fill(colour)
        );
        label(out, x + 2.0 * h + 6.0, text);
        x += width;
    }
    let _ = writeln!(
        out,
        r#"<circle cx="{}" cy="{y}" r="5" fill="black"/>"#,
        x + 5.0
    );
    label(
        out,
        x + 16.0,
        "side to move (lower right: player 1, upper right: player 2)",
    );
}

/// The boards of a forcing line, five to a row, each captioned with its
/// number and the move played from it, under a title naming the start
/// position and its value.
#[must_use]
pub fn line(steps: &[LineStep]) -> String {
    let title = match steps.first() {
        Some(first) => format!(
            "A forcing line from {} (value {}, {} positions)",
            first.position,
            signed(first.value.sign()),
            steps.len()
        ),
        None => "An empty forcing line".to_string(),
    };
    line_titled(steps, &title)
}

/// [`line()`] under the given title (e.g. naming the analysis).
#[must_use]
pub fn line_titled(steps: &[LineStep], title: &str) -> String {
    let rows = steps.len().div_ceil(PER_ROW);
    // Five boards wide even for a short line: room for the title and legend.
    let width = BOARD * PER_ROW as f64;
    let height = TITLE + (BOARD + 12.0) * rows as f64 + LEGEND;
    let title = escape(title);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">"#
    );
    let _ = writeln!(out, "<title>{title}</title>");
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        out,
        r#"<text x="{}" y="22" font-size="16" text-anchor="middle">{title}</text>"#,
        width / 2.0
    );
    for (k, s) in steps.iter().enumerate() {
        let x0 = BOARD * (k % PER_ROW) as f64;
        let y0 = TITLE + (BOARD + 12.0) * (k / PER_ROW) as f64;
        let caption = match s.played {
            Some(c) => format!("{}. {}", k + 1, c.notation()),
            None => format!("{}. value {}", k + 1, signed(s.value.sign())),
        };
        board(&mut out, &s.position, x0, y0, &caption);
    }
    legend(&mut out, height - LEGEND);
    out.push_str("</svg>\n");
    out
}
