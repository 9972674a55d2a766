//! The figures a reader of the five documents would otherwise redraw by
//! hand, computed afresh through each game's public API and drawn as inline
//! SVG (or, for a transcript, as text).
//!
//! | id | document | what |
//! |---|---|---|
//! | `fig-nim-cube` | 002 §38 | the losing positions of the 10×10×10 cube, slice by slice |
//! | `fig-stones-games` | 001 | Games 1–5 on the article's rows, played out optimally |
//! | `fig-memory-3-1`, `-3-2`, `-3-3` | 004 §3 | Figs. 3.1–3.3 ([`crate::games::memory::figures`]) |
//! | `fig-memory-zero` | 004 §4 | the zero-memory game's first-player edge and 1/(8N²) |
//! | `fig-geister-table-1` | 003 §3 | Table 1 as bars beside the paper's numbers |
//! | `fig-geister-fig-3`, `-fig-4` | 003 §3 | the forcing lines from the start ([`crate::games::geister::svg`]) |
//! | `fig-geister-mirror` | 003 §5 | the vertical-mirror strategy: a line of play and the exhaustive check |
//! | `fig-yen-listing-4` | 000 §3 | Listing 4 as the referee prints it |
//! | `fig-yen-cycle` | 000 §3 | the three-way cycle (三すくみ) as win rates with 95% intervals |
//! | `fig-yen-equilibrium` | 000 §4 | the equilibrium first-round bets at T = R = 10 |
//! | `fig-yen-two-rounds` | 000 §2 | R = 2: every first-bet pair's outcome and the safe bets |
//!
//! Where a figure sets a published number beside a computed one, the
//! published number is read from the claims registry. The games' modules are
//! used as they are (the play-out of a stone game is `games::stones::play`);
//! the few small computations they do not offer (the mirror strategy's line
//! of play, the pooled win rates of the cycle) are written from their
//! public functions. One file per game: `figures/<game>.rs`; `all()` lists
//! every figure in page order.

use super::plot::{self, chart, err, DrawError, NoLine, Svg};
use crate::claims::{self, GameId};
use crate::progress::Progress;
use num_rational::BigRational;
use num_traits::ToPrimitive;
use plotters::prelude::*;
use std::sync::OnceLock;

mod geister;
mod memory;
mod nim;
mod stones;
mod yen;

/// One figure of the page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Figure {
    /// The HTML id of the figure on the page, e.g. `fig-nim-cube`.
    pub id: &'static str,
    /// The game it belongs to.
    pub game: GameId,
    /// Its title, naming the document's figure or table where there is one.
    pub title: String,
    /// What it shows and how it was computed (plain text).
    pub caption: String,
    /// Ids of the claims it illustrates.
    pub claims: Vec<&'static str>,
    /// The drawing: inline SVG, or HTML built here (a transcript).
    pub html: String,
}

/// A figure that could not be drawn: the page shows the error in its place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failed {
    /// The figure's id.
    pub id: &'static str,
    /// The game it belongs to.
    pub game: GameId,
    /// What went wrong.
    pub error: String,
}

/// A figure, drawn or failed.
pub type Drawn = Result<Figure, Failed>;

/// How to draw one figure.
#[derive(Clone, Copy)]
pub struct Spec {
    /// The HTML id.
    pub id: &'static str,
    /// Its game.
    pub game: GameId,
    /// What the progress bar says while it is drawn.
    pub label: &'static str,
    draw: fn() -> Result<Figure, DrawError>,
}

impl Spec {
    /// A figure of `game` with the HTML id `id`, drawn by `draw`.
    #[must_use]
    pub fn new(
        id: &'static str,
        game: GameId,
        label: &'static str,
        draw: fn() -> Result<Figure, DrawError>,
    ) -> Spec {
        Spec {
            id,
            game,
            label,
            draw,
        }
    }

    /// Draws the figure. A drawing whose computation panics is a failed
    /// figure with the panic's message, as one that returns an error.
    pub fn draw(&self) -> Drawn {
        let failed = |error: String| Failed {
            id: self.id,
            game: self.game,
            error,
        };
        match std::panic::catch_unwind(self.draw) {
            Ok(drawn) => drawn.map_err(|e| failed(e.to_string())),
            Err(panic) => Err(failed(format!(
                "panicked: {}",
                crate::claims::panic_message(panic.as_ref())
            ))),
        }
    }
}

/// Every figure, in page order.
#[must_use]
pub fn all() -> Vec<Spec> {
    let spec = Spec::new;
    vec![
        spec(
            "fig-nim-cube",
            GameId::Nim,
            "Nim: the cube of losing positions",
            nim::nim_cube,
        ),
        spec(
            "fig-stones-games",
            GameId::Stones,
            "stones: Games 1–5 played out",
            stones::stones_games,
        ),
        spec(
            "fig-memory-3-1",
            GameId::Memory,
            "Memory: Fig. 3.1",
            memory::memory_3_1,
        ),
        spec(
            "fig-memory-3-2",
            GameId::Memory,
            "Memory: Fig. 3.2",
            memory::memory_3_2,
        ),
        spec(
            "fig-memory-3-3",
            GameId::Memory,
            "Memory: Fig. 3.3",
            memory::memory_3_3,
        ),
        spec(
            "fig-memory-zero",
            GameId::Memory,
            "Memory: zero memory",
            memory::memory_zero,
        ),
        spec(
            "fig-geister-table-1",
            GameId::Geister,
            "Geister: Table 1",
            geister::geister_table_1,
        ),
        spec(
            "fig-geister-fig-3",
            GameId::Geister,
            "Geister: Fig. 3",
            geister::geister_fig_3,
        ),
        spec(
            "fig-geister-fig-4",
            GameId::Geister,
            "Geister: Fig. 4",
            geister::geister_fig_4,
        ),
        spec(
            "fig-geister-mirror",
            GameId::Geister,
            "Geister: §5 mirror",
            geister::geister_mirror,
        ),
        spec(
            "fig-yen-listing-4",
            GameId::Yen,
            "yen: Listing 4",
            yen::yen_listing_4,
        ),
        spec(
            "fig-yen-cycle",
            GameId::Yen,
            "yen: the three-way cycle",
            yen::yen_cycle,
        ),
        spec(
            "fig-yen-equilibrium",
            GameId::Yen,
            "yen: equilibrium at T = R = 10",
            yen::yen_equilibrium,
        ),
        spec(
            "fig-yen-two-rounds",
            GameId::Yen,
            "yen: R = 2",
            yen::yen_two_rounds,
        ),
    ]
}

/// Draws the figures of `specs` that belong to `games`, in the order of
/// `specs` (the page order), reporting each through `progress`.
#[must_use]
pub fn draw(specs: &[Spec], games: &[GameId], progress: &dyn Progress) -> Vec<Drawn> {
    let specs: Vec<&Spec> = specs.iter().filter(|s| games.contains(&s.game)).collect();
    progress.begin("figures", Some(specs.len() as u64));
    let drawn = specs
        .iter()
        .map(|s| {
            progress.note(s.label);
            let d = s.draw();
            progress.advance(1);
            d
        })
        .collect();
    progress.end();
    drawn
}

/// A figure made of its parts.
#[must_use]
pub fn figure(
    id: &'static str,
    game: GameId,
    title: impl Into<String>,
    caption: impl Into<String>,
    claims: &[&'static str],
    html: String,
) -> Figure {
    Figure {
        id,
        game,
        title: title.into(),
        caption: caption.into(),
        claims: claims.to_vec(),
        html,
    }
}

/// A published value from the registry.
fn published(id: &str) -> Result<&'static str, DrawError> {
    claims::by_id(id)
        .map(|c| c.expected)
        .ok_or_else(|| DrawError::NoClaim { id: id.to_string() })
}

/// A rational as the nearest double, for drawing only (NaN if none).
#[must_use]
pub fn to_f64(x: &BigRational) -> f64 {
    x.to_f64().unwrap_or(f64::NAN)
}

/// Tick labels without float noise (`1e-5`, not `9.999999999999999e-6`).
#[must_use]
#[allow(clippy::trivially_copy_pass_by_ref)] // plotters' formatters take `&f64`
pub fn tick(v: &f64) -> String {
    if *v == 0.0 {
        "0".into()
    } else if v.abs() >= 0.01 && v.abs() < 1e5 {
        let s = format!("{v:.4}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        format!("{v:.0e}")
    }
}

/// Tick labels of a bar chart: whole numbers from 0 only, the ticks between
/// them left blank.
#[must_use]
#[allow(clippy::trivially_copy_pass_by_ref)] // plotters' formatters take `&f64`
pub fn whole_tick(x: &f64) -> String {
    if (x - x.round()).abs() < 1e-6 && *x >= 0.0 {
        format!("{}", x.round())
    } else {
        String::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_have_no_float_noise() {
        assert_eq!(tick(&9.999_999_999_999_999e-6), "1e-5");
        assert_eq!(tick(&0.25), "0.25");
        assert_eq!(tick(&1000.0), "1000");
        assert_eq!(tick(&0.0), "0");
        assert_eq!(whole_tick(&3.0), "3");
        assert_eq!(whole_tick(&2.5), "");
        assert_eq!(whole_tick(&-1.0), "");
    }

    #[test]
    fn ids_are_unique_and_name_claims_that_exist() {
        let specs = all();
        let ids: std::collections::BTreeSet<_> = specs.iter().map(|s| s.id).collect();
        assert_eq!(ids.len(), specs.len());
        for game in GameId::ALL {
            assert!(
                specs.iter().any(|s| s.game == game),
                "no figure for {game:?}"
            );
        }
    }

    #[test]
    fn every_figure_draws_with_a_title_in_its_drawing() {
        for spec in all() {
            let f = spec
                .draw()
                .unwrap_or_else(|e| panic!("{}: {}", e.id, e.error));
            assert_eq!(f.id, spec.id);
            assert!(
                f.html.contains("<svg") || f.html.contains("<pre"),
                "{}: no drawing",
                f.id
            );
            if f.html.contains("<svg") {
                assert!(f.html.contains("viewBox"), "{}: does not scale", f.id);
                assert!(f.html.contains("<title>"), "{}: no title", f.id);
            }
            for id in &f.claims {
                assert!(claims::by_id(id).is_some(), "{}: unknown claim {id}", f.id);
            }
        }
    }
}
