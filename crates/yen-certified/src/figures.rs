//! A's first-round strategy across T at two unit sizes (document 000 §4): does the
//! certified solver's {1, T − 9} pattern at 100-yen units (YEN-109) persist
//! at 50-yen units?

use crate::claims;
use plotters::prelude::*;
use solved_games_reference::claims::GameId;
use solved_games_reference::games::yen::rules::{Rules, State};
use solved_games_reference::report::figures::{figure, tick, whole_tick, Figure, Spec};
use solved_games_reference::report::plot::{self, chart, err, DrawError};

/// The figure's id.
pub const ID: &str = "fig-yen-first-round-units";

/// (T, A's first-round bets with probability above 1e-9) for every start.
type Supports = Vec<(u64, Vec<(u64, f64)>)>;

/// The largest T drawn when the run has not computed the T ≤ 100 table
/// (a run of other claims, the tests): a table of about a second.
const SMALL_TOTAL: u64 = 40;

/// The starts of the T ≤ 100 certified table YEN-107..110 read, if this
/// run computed it; else of a T ≤ [`SMALL_TOTAL`] table solved here.
fn from_table() -> Supports {
    let small;
    let table = match crate::claims::certified::certified_table_if_computed() {
        Some(t) => t,
        None => {
            small = crate::yen::certified::Certified::solve(
                SMALL_TOTAL,
                10,
                &solved_games_reference::progress::Silent,
            );
            &small
        }
    };
    (1..=table.max_total())
        .map(|t| {
            let stage = table.stage(State::start(Rules {
                total: t,
                rounds: 10,
            }));
            let bets = stage
                .strategy_a
                .into_iter()
                .filter(|&(_, p)| p > 1e-9)
                .collect();
            (t, bets)
        })
        .collect()
}

/// The first-round bets, circle area ∝ probability, against the money in
/// yen at 100-yen units (T ≤ 100) and 50-yen units (T ≤ 200 from the
/// verified certificate when it is present, else the T ≤ 100 table read in
/// 50-yen units: up to 5,000 yen).
/// Draws the figure.
///
/// # Errors
/// If the chart cannot be drawn.
pub fn yen_first_round_units() -> Result<Figure, DrawError> {
    let hundred = from_table();
    let reach = hundred.last().map_or(0, |(t, _)| *t);
    let (fifty, source) = match claims::certificate::verified_starts() {
        Some(starts) => (
            starts,
            "50-yen units: every T ≤ 200 from the verified certificate (YEN-114)".to_string(),
        ),
        None => (
            hundred.clone(),
            format!(
                "50-yen units: T ≤ {reach} only (up to {} yen; the same table read in 50-yen units), \
                 as no verified certificate is at {} (`{}` writes it)",
                reach * 50,
                claims::certificate::path().display(),
                claims::certificate::produce_command()
            ),
        ),
    };
    let title = "A's first-round bets across the money, at 100-yen and 50-yen units (R = 10)";
    let (c100, c50) = (RGBColor(31, 59, 115), RGBColor(230, 120, 20));
    let svg = chart((860, 420), |root| {
        let mut c = ChartBuilder::on(root)
            .caption(title, ("sans-serif", 17))
            .margin(14)
            .x_label_area_size(42)
            .y_label_area_size(60)
            .build_cartesian_2d(0f64..10_200f64, 0f64..1.02f64)
            .map_err(err)?;
        c.configure_mesh()
            .x_desc("money each player holds (yen) = T × unit")
            .y_desc("first-round bet / money")
            .x_label_formatter(&whole_tick)
            .y_label_formatter(&tick)
            .draw()
            .map_err(err)?;
        for (data, unit, colour, name) in [
            (&hundred, 100.0, c100, "100-yen units"),
            (&fifty, 50.0, c50, "50-yen units"),
        ] {
            c.draw_series(data.iter().flat_map(|(t, bets)| {
                bets.iter().map(move |&(bet, p)| {
                    Circle::new(
                        (*t as f64 * unit, bet as f64 / *t as f64),
                        (6.0 * p.sqrt()).max(1.5),
                        colour.mix(0.6).filled(),
                    )
                })
            }))
            .map_err(err)?
            .label(name)
            .legend(move |(x, y)| Circle::new((x + 6, y), 5, colour.filled()));
        }
        plot::legend(&mut c, SeriesLabelPosition::MiddleRight)
    })?;
    let last = |s: &Supports| {
        s.last().map_or_else(String::new, |(t, bets)| {
            let b: Vec<String> = bets.iter().map(|(b, p)| format!("{b} ({p:.3})")).collect();
            format!("T = {t}: {}", b.join(", "))
        })
    };
    Ok(figure(
        ID,
        GameId::Yen,
        title,
        format!(
            "Each circle is a bet of A's float first-round equilibrium at the start of the \
             T-unit game (area ∝ probability; bets under 1e-9 left out), placed at the money in \
             yen and the bet as a share of the money. The {{1, T − 9}} pattern is a bet of one \
             unit (near 0) and T − 9 units (near 1 − 9/T). 100-yen units: every T ≤ {reach} from \
             {}; {source}. Last starts: {}; {}.",
            if reach == crate::claims::certified::CERTIFIED_TOTAL {
                "the certified table of YEN-107..110".to_string()
            } else {
                format!(
                    "a certified table of T ≤ {reach} (this run did not compute the T ≤ 100 \
                     table of YEN-107..110: run the yen claims, e.g. `reproduce --game yen --html`)"
                )
            },
            last(&hundred),
            last(&fifty)
        ),
        &["YEN-108", "YEN-109", "YEN-114"],
        plot::inline(&svg, title),
    ))
}

/// The wing's figures, in page order (after the document's yen figures).
#[must_use]
pub fn all() -> Vec<Spec> {
    vec![Spec::new(
        ID,
        GameId::Yen,
        "yen: first round at 100- and 50-yen units",
        yen_first_round_units,
    )]
}
