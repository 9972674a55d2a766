//! The figures of Mini-Geister (document 003) on the `reproduce --html` page.

use super::*;

fn geister_basic() -> &'static crate::games::geister::optimized::Table {
    use crate::games::geister::{analysis::Kind, solved};
    &solved::optimized_all()[&Kind::Basic]
}

/// Table 1: the +1 positions of §3 by distance, computed and as printed.
pub(super) fn geister_table_1() -> Result<Figure, DrawError> {
    use crate::games::geister::report::Census;
    let computed = Census::of(geister_basic()).distances;
    let printed: Vec<usize> = published("GEI-003")?
        .split_whitespace()
        .map(|n| {
            n.parse().map_err(|_| DrawError::NotANumber {
                claim: "GEI-003",
                text: n.to_string(),
            })
        })
        .collect::<Result<_, _>>()?;
    let max_d = computed
        .keys()
        .map(|&d| usize::from(d))
        .max()
        .unwrap_or(0)
        .max(printed.len());
    let at = |d: usize| computed.get(&(d as u16)).copied().unwrap_or(0);
    let differ: Vec<usize> = (1..=max_d)
        .filter(|&d| printed.get(d - 1).copied().unwrap_or(0) != at(d))
        .collect();
    let top = (1..=max_d)
        .map(at)
        .chain(printed.iter().copied())
        .max()
        .unwrap_or(1) as f64;
    let title = "Table 1: positions that reach average gain 0, by distance";
    let paper = RGBColor(150, 150, 150);
    let ours = RGBColor(31, 59, 115);
    let svg = chart((860, 440), |root| {
        let mut c = ChartBuilder::on(root)
            .caption(title, ("sans-serif", 18))
            .margin(14)
            .x_label_area_size(42)
            .y_label_area_size(60)
            .build_cartesian_2d(0.4f64..max_d as f64 + 0.6, 0f64..top * 1.12)
            .map_err(err)?;
        c.configure_mesh()
            .disable_x_mesh()
            .x_labels(max_d)
            .x_desc("distance (moves to reach the goal)")
            .y_desc("positions")
            .x_label_formatter(&whole_tick)
            .y_label_formatter(&tick)
            .draw()
            .map_err(err)?;
        c.draw_series(printed.iter().enumerate().map(|(i, &n)| {
            let d = (i + 1) as f64;
            Rectangle::new([(d - 0.4, 0.0), (d, n as f64)], paper.filled())
        }))
        .map_err(err)?
        .label("document 003, Table 1")
        .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], paper.filled()));
        c.draw_series((1..=max_d).map(|d| {
            let d_f = d as f64;
            Rectangle::new([(d_f, 0.0), (d_f + 0.4, at(d) as f64)], ours.filled())
        }))
        .map_err(err)?
        .label("computed (retrograde engine)")
        .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], ours.filled()));
        c.draw_series((1..=max_d).map(|d| {
            Text::new(
                at(d).to_string(),
                (
                    d as f64 - 0.3,
                    at(d).max(printed.get(d - 1).copied().unwrap_or(0)) as f64 + top * 0.035,
                ),
                ("sans-serif", 10),
            )
        }))
        .map_err(err)?;
        plot::legend(&mut c, SeriesLabelPosition::MiddleRight)
    })?;
    Ok(figure(
        "fig-geister-table-1",
        GameId::Geister,
        title,
        format!(
            "Grey: the counts printed in Table 1 (read from claim GEI-003); blue: the \
             retrograde engine's counts over the 21840 positions of §3 (numbers above the bars). {}",
            if differ.is_empty() {
                "They agree at every distance.".to_string()
            } else {
                format!("They DIFFER at distances {differ:?}.")
            }
        ),
        &["GEI-002", "GEI-003"],
        plot::inline(&svg, title),
    ))
}

/// A forcing line of §3 from the start with `side` to move, as boards.
fn geister_line(
    id: &'static str,
    number: u8,
    side: crate::core::Player,
    claim: &'static str,
) -> Result<Figure, DrawError> {
    use crate::games::geister::{analysis::Kind, play, solved, svg};
    let table = geister_basic();
    let analysis = play::analysis_of(Kind::Basic, solved::optimized_all());
    let start = Kind::Basic.initial()[usize::from(side != crate::core::Player::First)]
        .first()
        .copied()
        .ok_or_else(|| DrawError::NoLine {
            position: String::new(),
            why: NoLine::NoStart,
        })?;
    let steps = play::forcing_line(&analysis, table, start).ok_or_else(|| DrawError::NoLine {
        position: start.to_string(),
        why: NoLine::Drawn,
    })?;
    let mover = if number == 3 { "player 1" } else { "player 2" };
    let title = format!(
        "Fig. {number}: a forcing line from the start, {mover} to move ({} moves)",
        steps.len() - 1
    );
    Ok(figure(
        id,
        GameId::Geister,
        title.clone(),
        "Both sides play the first of their best moves until §3's analysis decides. Player 1's \
         pieces point up, player 2's down; the dot marks the side to move; each board is \
         captioned with the move played from it.",
        &[claim],
        plot::inline(&svg::line(&steps), &title),
    ))
}

pub(super) fn geister_fig_3() -> Result<Figure, DrawError> {
    geister_line(
        "fig-geister-fig-3",
        3,
        crate::core::Player::First,
        "GEI-004",
    )
}

pub(super) fn geister_fig_4() -> Result<Figure, DrawError> {
    geister_line(
        "fig-geister-fig-4",
        4,
        crate::core::Player::Second,
        "GEI-005",
    )
}

/// §5: player 2 answers every move with its vertical mirror image. A line
/// of such play (player 1 advancing until only captures are left), and the
/// exhaustive check over every position the strategy reaches.
pub(super) fn geister_mirror() -> Result<Figure, DrawError> {
    use crate::core::Player;
    use crate::games::geister::play::{Choice, LineStep};
    use crate::games::geister::rules::{mirror_square, Position};
    use crate::games::geister::{mirror, svg};
    use crate::solve::retrograde::Reach;
    let step_of = |position: Position, step, line: &mut Vec<LineStep>| {
        let to = position.play(step);
        line.push(LineStep {
            position,
            value: Reach::Undecided,
            distance: 0,
            played: Some(Choice {
                step,
                to: Some(to),
                value: Reach::Undecided,
                distance: 0,
            }),
        });
        to
    };
    let mut line = Vec::new();
    let mut p = Position::initial(Player::First);
    // Player 1 advances the piece furthest back, without capturing.
    while let Some(s) = p
        .steps()
        .into_iter()
        .filter(|s| s.captured.is_none() && s.to / 4 > s.from / 4)
        .min_by_key(|s| (s.from / 4, s.from))
    {
        let q = step_of(p, s, &mut line);
        let answer = q
            .steps()
            .into_iter()
            .find(|a| a.from == mirror_square(s.from) && a.to == mirror_square(s.to))
            .ok_or_else(|| DrawError::NoLine {
                position: q.to_string(),
                why: NoLine::NoMirroredAnswer,
            })?;
        p = step_of(q, answer, &mut line);
    }
    line.push(LineStep {
        position: p,
        value: Reach::Undecided,
        distance: 0,
        played: None,
    });
    let captures = p.steps().iter().filter(|s| s.captured.is_some()).count();
    let check = mirror::check();
    let naive = mirror::check_naive();
    let title = "§5: player 2's vertical-mirror strategy";
    Ok(figure(
        "fig-geister-mirror",
        GameId::Geister,
        title,
        format!(
            "A line of the strategy: player 1 advances, player 2 mirrors each move top to \
             bottom, until every forward step of player 1 captures ({captures} captures left, each \
             of its own mirror image). The exhaustive check over all {} positions the strategy \
             reaches with player 1 to move ({} captures) says: {}; the naive search: {}.",
            check.positions,
            check.captures,
            check.verdict(),
            naive.verdict()
        ),
        &["GEI-009"],
        plot::inline(&svg::line(&line), title),
    ))
}
