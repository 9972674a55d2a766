//! The figures of the 10,000-yen game (document 000) on the `reproduce --html` page.

use super::*;

fn series(
    a: Box<dyn crate::games::yen::players::Strategy + Send>,
    b: Box<dyn crate::games::yen::players::Strategy + Send>,
    games: u64,
    mut record: impl FnMut(&crate::games::yen::referee::MatchRecord<'_>),
) -> Result<crate::games::yen::referee::SeriesScore, DrawError> {
    use crate::games::yen::referee::{BuiltIn, Referee};
    use crate::games::yen::rules::Rules;
    let mut ca = BuiltIn::new("a", a);
    let mut cb = BuiltIn::new("b", b);
    Referee::new(Rules::default())
        .play_series(&mut ca, &mut cb, games, |r| {
            record(r);
            Ok(())
        })
        .map_err(plot::game)
}

/// Listing 4 as the referee prints it, beside the print's slip.
pub(super) fn yen_listing_4() -> Result<Figure, DrawError> {
    use crate::games::yen::players::{Always1000, Minus1};
    use crate::games::yen::referee::transcript;
    let mut text = String::new();
    series(Box::new(Always1000), Box::new(Minus1), 1, |r| {
        text = transcript("always1000", "minus1", r);
    })?;
    let printed = published("YEN-003")?;
    let corrected = claims::by_id("YEN-003")
        .and_then(|c| c.erratum)
        .map_or(printed, |e| e.corrected);
    let lines: Vec<String> = text
        .lines()
        .map(|l| {
            let l = plot::escape(l);
            if l == plot::escape(corrected) {
                format!(
                    r#"<mark>{l}</mark>   <span class="printed">printed: {}</span>"#,
                    plot::escape(printed)
                )
            } else {
                l
            }
        })
        .collect();
    Ok(figure(
        "fig-yen-listing-4",
        GameId::Yen,
        "Listing 4: always1000 against minus1, one match",
        "The referee's transcript of the built-in players of Listings 1 and 2. Round 2's line is \
         marked beside the document's print (erratum YEN-003); rounds 3–9 repeat it.",
        &["YEN-001", "YEN-002", "YEN-003", "YEN-004"],
        format!(r#"<pre class="transcript">{}</pre>"#, lines.join("\n")),
    ))
}

/// The three-way cycle of §3–4 (三すくみ): always1000 beats random, random
/// beats minus1, minus1 beats always1000. The winner's share of each
/// 1,000-match series with its 95% Wilson interval, per seed of `random`,
/// and pooled on the arrows of the cycle.
pub(super) fn yen_cycle() -> Result<Figure, DrawError> {
    use crate::games::yen::players::{Always1000, Minus1, Random};
    use crate::games::yen::tournament::wilson95;
    const GAMES: u64 = 1000;
    const SEEDS: [u64; 5] = [1, 2, 3, 4, 5];
    // (winner, loser, seed, winner's wins)
    let mut rows: Vec<(&str, &str, Option<u64>, u64)> = Vec::new();
    for seed in SEEDS {
        let s = series(
            Box::new(Random::new(seed)),
            Box::new(Always1000),
            GAMES,
            |_| {},
        )?;
        rows.push(("always1000", "random", Some(seed), s.wins_b));
    }
    for seed in SEEDS {
        let s = series(Box::new(Random::new(seed)), Box::new(Minus1), GAMES, |_| {})?;
        rows.push(("random", "minus1", Some(seed), s.wins_a));
    }
    let s = series(Box::new(Always1000), Box::new(Minus1), GAMES, |_| {})?;
    rows.push(("minus1", "always1000", None, s.wins_b));

    let (w, h) = (900.0, 400.0);
    let mut svg = Svg::titled(
        w,
        h,
        "The three-way cycle (三すくみ): who beats whom, 1,000 matches a series",
    );
    // The cycle: pooled rates on the arrows.
    let nodes = [
        ("always1000", (170.0, 90.0)),
        ("random", (300.0, 320.0)),
        ("minus1", (40.0, 320.0)),
    ];
    let at = |name: &str| {
        nodes
            .iter()
            .find(|n| n.0 == name)
            .map_or((0.0, 0.0), |n| n.1)
    };
    for (winner, loser) in [
        ("always1000", "random"),
        ("random", "minus1"),
        ("minus1", "always1000"),
    ] {
        let series: Vec<_> = rows
            .iter()
            .filter(|r| r.0 == winner && r.1 == loser)
            .collect();
        let wins: u64 = series.iter().map(|r| r.3).sum();
        let games = GAMES * series.len() as u64;
        let (lo, hi) = wilson95(wins, games);
        let (a, b) = (at(winner), at(loser));
        svg.arrow(a, b, 34.0, "#1f3b73");
        let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
        let (dx, dy) = if (a.1 - b.1).abs() < 1.0 {
            (0.0, 22.0)
        } else if a.0 < b.0 {
            (46.0, -4.0)
        } else {
            (-46.0, -4.0)
        };
        let anchor = if dx > 0.0 {
            "start"
        } else if dx < 0.0 {
            "end"
        } else {
            "middle"
        };
        svg.text(
            (mid.0 + dx * 0.3, mid.1 + dy),
            11.0,
            anchor,
            &format!("wins {:.1}%", 100.0 * wins as f64 / games as f64),
        );
        svg.text(
            (mid.0 + dx * 0.3, mid.1 + dy + 13.0),
            10.0,
            anchor,
            &format!("[{:.1}, {:.1}]", 100.0 * lo, 100.0 * hi),
        );
    }
    for (name, (x, y)) in nodes {
        svg.circle((x, y), 32.0, "#eef1f6", "#1f3b73");
        svg.bold((x, y + 4.0), 11.0, "middle", name);
    }
    // Per series: the winner's share with its interval.
    let (x0, x1, y0) = (520.0, 860.0, 64.0);
    let sx = |p: f64| x0 + (x1 - x0) * p;
    let dy = 24.0;
    for (k, tick_at) in [0.0, 0.25, 0.5, 0.75, 1.0].iter().enumerate() {
        let x = sx(*tick_at);
        svg.line(
            (x, y0 - 8.0),
            (x, y0 + dy * rows.len() as f64),
            if k == 2 { "#c03030" } else { "#dddddd" },
            1.0,
        );
        svg.text(
            (x, y0 + dy * rows.len() as f64 + 14.0),
            10.0,
            "middle",
            &format!("{:.0}%", tick_at * 100.0),
        );
    }
    svg.text(
        ((x0 + x1) / 2.0, y0 + dy * rows.len() as f64 + 30.0),
        11.0,
        "middle",
        "winner's share of the matches, with 95% Wilson interval",
    );
    for (k, (winner, loser, seed, wins)) in rows.iter().enumerate() {
        let y = y0 + dy * k as f64 + 6.0;
        let (lo, hi) = wilson95(*wins, GAMES);
        let label = match seed {
            Some(s) => format!("{winner} vs {loser}, seed {s}"),
            None => format!("{winner} vs {loser}"),
        };
        svg.text((x0 - 8.0, y + 4.0), 10.5, "end", &label);
        svg.line((sx(lo), y), (sx(hi), y), "#1f3b73", 3.0);
        svg.circle(
            (sx(*wins as f64 / GAMES as f64), y),
            4.0,
            "#1f3b73",
            "#1f3b73",
        );
    }
    let title = "The three-way cycle (三すくみ) as win rates";
    Ok(figure(
        "fig-yen-cycle",
        GameId::Yen,
        title,
        "Left: each arrow points from the winner to the loser, with the winner's share of all \
         its matches and the 95% Wilson interval. Right: each series on its own (random with \
         seeds 1–5; always1000 and minus1 are deterministic); the red line is 50%.",
        &["YEN-005", "YEN-006", "YEN-007"],
        plot::inline(&svg.finish(), title),
    ))
}

/// The equilibrium bets of the first round at T = R = 10 (units of 1,000
/// yen), both players.
pub(super) fn yen_equilibrium() -> Result<Figure, DrawError> {
    use crate::games::yen::optimized::ExactDp;
    use crate::games::yen::rules::Rules;
    use crate::games::yen::rules::State;
    use crate::solve::exact::format_ratio;
    let rules = Rules {
        total: 10,
        rounds: 10,
    };
    let mut solver = ExactDp::new();
    let eq = solver.round_equilibrium(State::start(rules));
    let prob = |strategy: &[(u64, BigRational)], bet: u64| {
        strategy
            .iter()
            .find(|(b, _)| *b == bet)
            .map_or(0.0, |(_, p)| to_f64(p))
    };
    let describe = |strategy: &[(u64, BigRational)]| {
        strategy
            .iter()
            .map(|(b, p)| format!("bet {b} with probability {}", format_ratio(p)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let title = "Equilibrium first-round bets at T = R = 10";
    let (a_col, b_col) = (RGBColor(31, 59, 115), RGBColor(230, 140, 40));
    let svg = chart((820, 320), |root| {
        let mut c = ChartBuilder::on(root)
            .caption(title, ("sans-serif", 18))
            .margin(14)
            .x_label_area_size(42)
            .y_label_area_size(56)
            .build_cartesian_2d(-0.6f64..rules.total as f64 + 0.6, 0f64..1.1f64)
            .map_err(err)?;
        c.configure_mesh()
            .disable_x_mesh()
            .x_labels(rules.total as usize + 1)
            .x_desc("first-round bet (units of 1,000 yen)")
            .y_desc("probability")
            .x_label_formatter(&whole_tick)
            .y_label_formatter(&tick)
            .draw()
            .map_err(err)?;
        for (strategy, colour, offset, name) in [
            (&eq.strategy_a, a_col, -0.35, "player A"),
            (&eq.strategy_b, b_col, 0.0, "player B"),
        ] {
            c.draw_series((0..=rules.total).map(|bet| {
                let x = bet as f64 + offset;
                Rectangle::new([(x, 0.0), (x + 0.35, prob(strategy, bet))], colour.filled())
            }))
            .map_err(err)?
            .label(name)
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], colour.filled()));
        }
        plot::legend(&mut c, SeriesLabelPosition::MiddleRight)
    })?;
    Ok(figure(
        "fig-yen-equilibrium",
        GameId::Yen,
        title,
        format!(
            "The 10,000-yen game scaled to T = 10 units over R = 10 rounds, solved exactly \
             (backward induction with an exact LP per state, {} matrix games). Value of the \
             game: {}. A: {}; B: {}.",
            solver.matrix_games(),
            format_ratio(&eq.value),
            describe(&eq.strategy_a),
            describe(&eq.strategy_b)
        ),
        &["YEN-101", "YEN-102", "YEN-106"],
        plot::inline(&svg, title),
    ))
}

/// R = 2 (§2: the strongest strategy is obvious): for T = 10 and T = 9 the
/// outcome for A of every pair of first bets (the second bets are forced),
/// with A's never-losing first bets marked.
pub(super) fn yen_two_rounds() -> Result<Figure, DrawError> {
    use crate::games::yen::optimized::two_round_safe_bets;
    use crate::games::yen::rules::Rules;
    use crate::games::yen::rules::State;
    let totals = [10u64, 9];
    let cell = 24.0;
    let panel = |t: u64| cell * (t + 1) as f64;
    let (pad, top) = (60.0, 60.0);
    let w = pad + totals.iter().map(|&t| panel(t) + 2.0 * pad).sum::<f64>() + 150.0;
    let h = top + panel(totals[0]) + 64.0;
    let mut svg = Svg::titled(w, h, "Two rounds: A's result for every pair of first bets");
    let mut x0 = pad;
    let mut safe_text = Vec::new();
    for &total in &totals {
        let start = State::start(Rules { total, rounds: 2 });
        let safe: Vec<u64> = two_round_safe_bets(total)
            .into_iter()
            .map(|(x, _)| x)
            .collect();
        svg.bold(
            (x0 + panel(total) / 2.0, top - 26.0),
            12.0,
            "middle",
            &format!("T = {total}"),
        );
        for x in 0..=total {
            for y in 0..=total {
                let fill = match start.after(x, y).decided() {
                    Some(v) if v > 0 => "#3b8a3b",
                    Some(0) => "#d8d8d8",
                    Some(_) => "#c84040",
                    None => "#ffffff",
                };
                let rx = x0 + y as f64 * cell;
                let ry = top + x as f64 * cell;
                svg.rect((rx, ry, cell - 1.0, cell - 1.0), fill, None);
            }
            let label_x = x0 - 4.0;
            let ry = top + x as f64 * cell + cell * 0.7;
            if safe.contains(&x) {
                svg.rect(
                    (
                        x0 - 2.0,
                        top + x as f64 * cell - 2.0,
                        panel(total) + 2.0,
                        cell + 2.0,
                    ),
                    "none",
                    Some("#000"),
                );
                svg.bold((label_x, ry), 10.0, "end", &x.to_string());
            } else {
                svg.text((label_x, ry), 10.0, "end", &x.to_string());
            }
            svg.text(
                (x0 + x as f64 * cell + cell / 2.0, top - 6.0),
                10.0,
                "middle",
                &x.to_string(),
            );
        }
        svg.text(
            (x0 + panel(total) / 2.0, top + panel(total) + 16.0),
            11.0,
            "middle",
            "B's first bet →",
        );
        svg.text((x0 - 28.0, top + panel(total) / 2.0), 11.0, "end", "A's");
        svg.text(
            (x0 - 28.0, top + panel(total) / 2.0 + 13.0),
            11.0,
            "end",
            "bet",
        );
        safe_text.push(format!(
            "T = {total}: {}",
            safe.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" and ")
        ));
        x0 += panel(total) + 2.0 * pad;
    }
    let lx = x0 - pad;
    for (k, (fill, label)) in [
        ("#3b8a3b", "A wins"),
        ("#d8d8d8", "draw"),
        ("#c84040", "A loses"),
    ]
    .iter()
    .enumerate()
    {
        let y = top + 20.0 * k as f64;
        svg.rect((lx, y, 14.0, 14.0), fill, None);
        svg.text((lx + 20.0, y + 11.0), 11.0, "start", label);
    }
    svg.rect((lx, top + 66.0, 14.0, 14.0), "none", Some("#000"));
    svg.text((lx + 20.0, top + 77.0), 11.0, "start", "never loses");
    let title = "R = 2: every first-bet pair's outcome and the bets that never lose";
    Ok(figure(
        "fig-yen-two-rounds",
        GameId::Yen,
        title,
        format!(
            "With two rounds the second bet is the money left, so the first bets decide the \
             match. Rows: A's first bet; columns: B's. Outlined rows never lose: {}. The \
             registry checks T = 10000, 9999 and every T ≤ 300 the same way.",
            safe_text.join("; ")
        ),
        &["YEN-103", "YEN-104", "YEN-105"],
        plot::inline(&svg.finish(), title),
    ))
}
