//! The figures of the stone games (document 001) on the `reproduce --html` page.

use super::*;

/// Games 1–5 on the article's rows: the row, an optimal play-out and the
/// scores by both solvers.
pub(super) fn stones_games() -> Result<Figure, DrawError> {
    use crate::games::stones::{naive, optimized, Game, Stones};
    // The article's examples (§ Game 1: 4,5,3,1,2 and 1,100,2,3; Game 5: A's
    // and B's values), and the first of them for Games 2–4.
    let row = vec![4, 5, 3, 1, 2];
    let examples: [(Game, Vec<i64>, Option<Vec<i64>>); 6] = [
        (Game::EitherEnd, row.clone(), None),
        (Game::EitherEnd, vec![1, 100, 2, 3], None),
        (Game::EitherEndRemainder, row.clone(), None),
        (Game::FrontUpToThree, row.clone(), None),
        (Game::FrontDoubling, row, None),
        (
            Game::AnyStoneTwoValues,
            vec![5, 2, 3, 1, 4],
            Some(vec![1, 5, 3, 4, 2]),
        ),
    ];
    let rules = |g: Game| match g {
        Game::EitherEnd => "take either end; score the stone",
        Game::EitherEndRemainder => "take either end; score the stones left",
        Game::FrontUpToThree => "take 1–3 from the front; score them",
        Game::FrontDoubling => "take 1..2M from the front, M = max(M, X)",
        Game::AnyStoneTwoValues => "take any stone; A and B value it differently",
    };
    let (row_h, r) = (78.0, 19.0);
    let w = 900.0;
    let h = 46.0 + row_h * examples.len() as f64 + 24.0;
    let mut svg = Svg::titled(
        w,
        h,
        "Stone games 1–5 on the article's rows, played out optimally",
    );
    let mut agree = true;
    for (k, (game, a, b)) in examples.iter().enumerate() {
        let y = 46.0 + row_h * k as f64;
        let stones = match b {
            Some(b) => Stones::two_valued(a.clone(), b.clone()),
            None => Stones::one_valued(a.clone()),
        }
        .map_err(plot::game)?;
        let fast = optimized::solve(*game, &stones).map_err(plot::game)?;
        let slow = naive::solve(*game, &stones).map_err(plot::game)?;
        agree &= fast.diff == slow.diff;
        let b_values = b.clone().unwrap_or_else(|| a.clone());
        let out =
            crate::games::stones::play::play_out(*game, a, &b_values).map_err(DrawError::Game)?;
        svg.bold(
            (14.0, y + 8.0),
            13.0,
            "start",
            &format!("Game {}", game.number()),
        );
        svg.text((14.0, y + 26.0), 11.0, "start", rules(*game));
        for (i, &v) in a.iter().enumerate() {
            let cx = 300.0 + i as f64 * 2.4 * r;
            let cy = y + 16.0;
            let (fill, label) = match out.as_ref().map(|o| o.taken[i]) {
                Some((n, true)) => ("#cfe0ff", format!("A{n}")),
                Some((n, false)) => ("#ffd9b3", format!("B{n}")),
                None => ("#eeeeee", String::new()),
            };
            svg.circle((cx, cy), r, fill, "#333");
            let value = match b {
                Some(b) => format!("{v}/{}", b[i]),
                None => v.to_string(),
            };
            svg.bold(
                (cx, cy + 4.5),
                if value.len() > 3 { 10.0 } else { 13.0 },
                "middle",
                &value,
            );
            svg.text((cx, cy + r + 13.0), 10.0, "middle", &label);
        }
        let x = 300.0 + 5.0 * 2.4 * r + 10.0;
        let line = format!(
            "A {} – B {} (lead {:+}); naive search: lead {:+}",
            fast.first, fast.second, fast.diff, slow.diff
        );
        svg.text((x, y + 12.0), 12.0, "start", &line);
        let note = match &out {
            Some(o) if o.scores.0 - o.scores.1 == fast.diff => {
                format!("play-out: A {} – B {}", o.scores.0, o.scores.1)
            }
            Some(o) => format!(
                "play-out {}–{} DIFFERS from the solver",
                o.scores.0, o.scores.1
            ),
            None => "no play-out drawn: the state also holds M".to_string(),
        };
        svg.text((x, y + 30.0), 11.0, "start", &note);
        if b.is_some() {
            svg.text(
                (x, y + 46.0),
                10.0,
                "start",
                "each stone: A's value / B's value",
            );
        }
    }
    let ly = h - 14.0;
    svg.circle((310.0, ly - 4.0), 7.0, "#cfe0ff", "#333");
    svg.text((322.0, ly), 11.0, "start", "taken by A (first) in move n");
    svg.circle((520.0, ly - 4.0), 7.0, "#ffd9b3", "#333");
    svg.text((532.0, ly), 11.0, "start", "taken by B (second)");
    let title = "Stone games 1–5: the article's examples played out";
    Ok(figure(
        "fig-stones-games",
        GameId::Stones,
        title,
        format!(
            "Each side takes the move that maximises its gain minus the optimized solver's value \
             of what it leaves; scores and leads by the DP solvers, leads again by the exhaustive \
             search ({}).",
            if agree {
                "they agree on every row"
            } else {
                "they DISAGREE"
            }
        ),
        &["STO-001", "STO-002", "STO-005"],
        plot::inline(&svg.finish(), title),
    ))
}
