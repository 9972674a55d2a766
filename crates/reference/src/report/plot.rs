//! Drawing for the report: charts with axes through plotters (the crate the
//! Memory figures already use), and a few lines of SVG by hand for the
//! pictures that are grids and boards rather than charts.

use plotters::coord::Shift;
use plotters::prelude::*;
use std::fmt::Write as _;

/// Why a figure of the report could not be drawn.
#[derive(Debug)]
pub enum DrawError {
    /// The drawing library failed (its error).
    Drawing(Box<dyn std::error::Error + Send + Sync>),
    /// A game's rules or solver refused what the figure asked of it.
    Game(Box<dyn std::error::Error + Send + Sync>),
    /// The figure reads a claim the registry does not have.
    NoClaim {
        /// The claim's id.
        id: String,
    },
    /// A claim's printed value does not read as the numbers the figure
    /// plots.
    NotANumber {
        /// The claim's id.
        claim: &'static str,
        /// The text that is not a number.
        text: String,
    },
    /// A Geister table offers no line to draw from a position.
    NoLine {
        /// The position, as written.
        position: String,
        /// Why there is none.
        why: NoLine,
    },
}

/// Why a Geister line cannot be drawn ([`DrawError::NoLine`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoLine {
    /// The analysis has no start position.
    NoStart,
    /// The start has value 0: no side forces a win.
    Drawn,
    /// The mirror image of a move is not among the mirrored position's
    /// answers.
    NoMirroredAnswer,
}

impl std::fmt::Display for DrawError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DrawError::Drawing(e) => write!(f, "drawing failed: {e}"),
            DrawError::Game(e) => e.fmt(f),
            DrawError::NoClaim { id } => write!(f, "the registry has no claim {id}"),
            DrawError::NotANumber { claim, text } => write!(f, "{claim}: not a count: {text}"),
            DrawError::NoLine { position, why } => match why {
                NoLine::NoStart => f.write_str("no start position"),
                NoLine::Drawn => write!(f, "the start {position} has value 0: no forcing line"),
                NoLine::NoMirroredAnswer => write!(f, "no mirrored answer at {position}"),
            },
        }
    }
}

impl std::error::Error for DrawError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DrawError::Drawing(e) | DrawError::Game(e) => Some(e.as_ref()),
            _ => None,
        }
    }
}

/// Any plotters error as a [`DrawError`].
pub fn err<E: std::error::Error + Send + Sync + 'static>(e: E) -> DrawError {
    DrawError::Drawing(Box::new(e))
}

/// A game's error as a [`DrawError`].
pub fn game<E: std::error::Error + Send + Sync + 'static>(e: E) -> DrawError {
    DrawError::Game(Box::new(e))
}

/// A `width`×`height` SVG chart on white, drawn by `draw`.
pub fn chart(
    (width, height): (u32, u32),
    draw: impl FnOnce(&DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), DrawError>,
) -> Result<String, DrawError> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        draw(&root)?;
        root.present().map_err(err)?;
    }
    Ok(svg)
}

/// The legend box of a chart, at `position`.
pub fn legend<'a, X: Ranged, Y: Ranged>(
    chart: &mut ChartContext<'a, SVGBackend<'a>, Cartesian2d<X, Y>>,
    position: SeriesLabelPosition,
) -> Result<(), DrawError> {
    chart
        .configure_series_labels()
        .position(position)
        .border_style(BLACK)
        .background_style(WHITE.mix(0.9))
        .draw()
        .map_err(err)
}

/// A line of width 2 in one colour, named in the legend by a stroke `key`
/// pixels long.
pub fn labelled_line<'a, 'b, X: Ranged<ValueType = f64>, Y: Ranged<ValueType = f64>>(
    c: &mut ChartContext<'a, SVGBackend<'b>, Cartesian2d<X, Y>>,
    points: &[(f64, f64)],
    colour: RGBColor,
    label: impl Into<String>,
    key: i32,
) -> Result<(), DrawError> {
    c.draw_series(LineSeries::new(
        points.iter().copied(),
        colour.stroke_width(2),
    ))
    .map_err(err)?
    .label(label)
    .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + key, y)], colour.stroke_width(2)));
    Ok(())
}

/// Text made safe for HTML and SVG, in content and in attribute values.
#[must_use]
pub fn escape(text: &str) -> String {
    quick_xml::escape::escape(text).into_owned()
}

/// An SVG written elsewhere, made ready to sit inside the page: any XML
/// declaration dropped, a `viewBox` added where the drawing has only a
/// width and height (so it scales with the page), and `title` as its
/// accessible name.
#[must_use]
pub fn inline(svg: &str, title: &str) -> String {
    let svg = svg.trim();
    let svg = match svg.find("<svg") {
        Some(start) => &svg[start..],
        None => svg,
    };
    let tag_end = svg.find('>').unwrap_or(0);
    let (tag, rest) = svg.split_at(tag_end);
    let mut tag = tag.to_string();
    if !tag.contains("viewBox") {
        if let (Some(w), Some(h)) = (attribute(&tag, "width"), attribute(&tag, "height")) {
            tag.push_str(&format!(r#" viewBox="0 0 {w} {h}""#));
        }
    }
    if !tag.contains("role=") {
        tag.push_str(r#" role="img""#);
    }
    // Right after the opening tag: `rest` starts with its `>`.
    format!("{tag}>\n<title>{}</title>{}", escape(title), &rest[1..])
}

/// The value of `name="…"` in an opening tag.
fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let start = tag.find(&key)? + key.len();
    let len = tag[start..].find('"')?;
    Some(&tag[start..start + len])
}

/// A hand-drawn SVG: shapes and text in user units, closed by [`Svg::finish`].
pub struct Svg {
    out: String,
}

impl Svg {
    /// An empty `width`×`height` drawing on white.
    #[must_use]
    pub fn new(width: f64, height: f64) -> Svg {
        let mut out = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">"#
        );
        out.push('\n');
        let _ = writeln!(
            out,
            r#"<rect width="{width}" height="{height}" fill="white"/>"#
        );
        Svg { out }
    }

    /// An empty drawing with `title` centred at its top.
    #[must_use]
    pub fn titled(width: f64, height: f64, title: &str) -> Svg {
        let mut svg = Svg::new(width, height);
        svg.bold((width / 2.0, 20.0), 15.0, "middle", title);
        svg
    }

    /// A filled rectangle with an optional outline.
    pub fn rect(&mut self, (x, y, w, h): (f64, f64, f64, f64), fill: &str, stroke: Option<&str>) {
        let stroke = stroke.map_or(String::new(), |s| {
            format!(r#" stroke="{s}" stroke-width="1""#)
        });
        let _ = writeln!(
            self.out,
            r#"<rect x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{h:.1}" fill="{fill}"{stroke}/>"#
        );
    }

    /// A straight line.
    pub fn line(&mut self, (x1, y1): (f64, f64), (x2, y2): (f64, f64), stroke: &str, width: f64) {
        let _ = writeln!(
            self.out,
            r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{stroke}" stroke-width="{width}"/>"#
        );
    }

    /// A line with an arrow head at its end, stopping `gap` short of it.
    pub fn arrow(&mut self, from: (f64, f64), to: (f64, f64), gap: f64, stroke: &str) {
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let len = (dx * dx + dy * dy).sqrt().max(1e-9);
        let (ux, uy) = (dx / len, dy / len);
        let start = (from.0 + ux * gap, from.1 + uy * gap);
        let tip = (to.0 - ux * gap, to.1 - uy * gap);
        self.line(start, tip, stroke, 2.0);
        let (bx, by) = (tip.0 - ux * 12.0, tip.1 - uy * 12.0);
        let _ = writeln!(
            self.out,
            r#"<polygon points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="{stroke}"/>"#,
            tip.0,
            tip.1,
            bx - uy * 6.0,
            by + ux * 6.0,
            bx + uy * 6.0,
            by - ux * 6.0
        );
    }

    /// A circle.
    pub fn circle(&mut self, (cx, cy): (f64, f64), r: f64, fill: &str, stroke: &str) {
        let _ = writeln!(
            self.out,
            r#"<circle cx="{cx:.1}" cy="{cy:.1}" r="{r:.1}" fill="{fill}" stroke="{stroke}"/>"#
        );
    }

    /// Text; `anchor` is `start`, `middle` or `end`.
    pub fn text(&mut self, (x, y): (f64, f64), size: f64, anchor: &str, text: &str) {
        self.styled_text((x, y), size, anchor, "", text);
    }

    /// Bold text.
    pub fn bold(&mut self, (x, y): (f64, f64), size: f64, anchor: &str, text: &str) {
        self.styled_text((x, y), size, anchor, r#" font-weight="bold""#, text);
    }

    fn styled_text(
        &mut self,
        (x, y): (f64, f64),
        size: f64,
        anchor: &str,
        style: &str,
        text: &str,
    ) {
        let _ = writeln!(
            self.out,
            r#"<text x="{x:.1}" y="{y:.1}" font-size="{size}" text-anchor="{anchor}"{style}>{}</text>"#,
            escape(text)
        );
    }

    /// The finished drawing.
    #[must_use]
    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_adds_a_view_box_and_a_title() {
        let svg = r#"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect/></svg>"#;
        let out = inline(svg, "A & B");
        assert!(out.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200" viewBox="0 0 300 200" role="img">"#), "{out}");
        assert!(out.contains("<title>A &amp; B</title><rect/>"), "{out}");
        // A drawing that has its own viewBox keeps it.
        let own = r#"<svg width="3" height="2" viewBox="0 0 30 20"></svg>"#;
        assert_eq!(inline(own, "t").matches("viewBox").count(), 1);
    }

    #[test]
    fn text_is_escaped() {
        let mut svg = Svg::new(10.0, 10.0);
        svg.text((0.0, 0.0), 10.0, "start", "<b>&\"");
        assert!(svg.finish().contains("&lt;b&gt;&amp;&quot;</text>"));
    }
}
