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
//! | `fig-memory-variants` | 004 §4 item 1 | the first player's edge against N in the paper's game and its §4 variants |
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
//! used as they are; the few small computations they do not offer (the
//! play-out of a stone game, the mirror strategy's line of play, the
//! pooled win rates of the cycle) are written here from their public
//! functions.

use super::plot::{self, chart, err, DrawError, NoLine, Svg};
use crate::claims::{self, GameId};
use crate::progress::Progress;
use num_rational::BigRational;
use num_traits::ToPrimitive;
use plotters::prelude::*;
use std::sync::OnceLock;

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
    /// Draws the figure.
    pub fn draw(&self) -> Drawn {
        (self.draw)().map_err(|e| Failed {
            id: self.id,
            game: self.game,
            error: e.to_string(),
        })
    }
}

/// Every figure, in page order.
#[must_use]
pub fn all() -> Vec<Spec> {
    let spec = |id, game, label, draw| Spec {
        id,
        game,
        label,
        draw,
    };
    vec![
        spec(
            "fig-nim-cube",
            GameId::Nim,
            "Nim: the cube of losing positions",
            nim_cube,
        ),
        spec(
            "fig-stones-games",
            GameId::Stones,
            "stones: Games 1–5 played out",
            stones_games,
        ),
        spec(
            "fig-memory-3-1",
            GameId::Memory,
            "Memory: Fig. 3.1",
            memory_3_1,
        ),
        spec(
            "fig-memory-3-2",
            GameId::Memory,
            "Memory: Fig. 3.2",
            memory_3_2,
        ),
        spec(
            "fig-memory-3-3",
            GameId::Memory,
            "Memory: Fig. 3.3",
            memory_3_3,
        ),
        spec(
            "fig-memory-zero",
            GameId::Memory,
            "Memory: zero memory",
            memory_zero,
        ),
        spec(
            "fig-memory-variants",
            GameId::Memory,
            "Memory: §4 variants",
            memory_variants,
        ),
        spec(
            "fig-geister-table-1",
            GameId::Geister,
            "Geister: Table 1",
            geister_table_1,
        ),
        spec(
            "fig-geister-fig-3",
            GameId::Geister,
            "Geister: Fig. 3",
            geister_fig_3,
        ),
        spec(
            "fig-geister-fig-4",
            GameId::Geister,
            "Geister: Fig. 4",
            geister_fig_4,
        ),
        spec(
            "fig-geister-mirror",
            GameId::Geister,
            "Geister: §5 mirror",
            geister_mirror,
        ),
        spec(
            "fig-yen-listing-4",
            GameId::Yen,
            "yen: Listing 4",
            yen_listing_4,
        ),
        spec(
            "fig-yen-cycle",
            GameId::Yen,
            "yen: the three-way cycle",
            yen_cycle,
        ),
        spec(
            "fig-yen-equilibrium",
            GameId::Yen,
            "yen: equilibrium at T = R = 10",
            yen_equilibrium,
        ),
        spec(
            "fig-yen-two-rounds",
            GameId::Yen,
            "yen: R = 2",
            yen_two_rounds,
        ),
    ]
}

/// Draws the figures of `games`, in page order, reporting each through
/// `progress`.
#[must_use]
pub fn draw(games: &[GameId], progress: &dyn Progress) -> Vec<Drawn> {
    let specs: Vec<Spec> = all()
        .into_iter()
        .filter(|s| games.contains(&s.game))
        .collect();
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

fn figure(
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

fn to_f64(x: &BigRational) -> f64 {
    x.to_f64().unwrap_or(f64::NAN)
}

/// Tick labels without float noise (`1e-5`, not `9.999999999999999e-6`).
fn tick(v: &f64) -> String {
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
fn whole_tick(x: &f64) -> String {
    if (x - x.round()).abs() < 1e-6 && *x >= 0.0 {
        format!("{}", x.round())
    } else {
        String::new()
    }
}

// ---------------------------------------------------------------- Nim --

/// The 10×10×10 cube of positions with piles ≤ 9, cut into ten slices by
/// the first pile; losing positions (the mover loses) filled.
fn nim_cube() -> Result<Figure, DrawError> {
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

// ------------------------------------------------------------- stones --

/// An optimal play-out of a stone game: who took which stone, in which move.
struct PlayOut {
    /// For each stone: (move number, taken by A).
    taken: Vec<(usize, bool)>,
    scores: (i64, i64),
}

/// Plays `game` out from the full row, each side choosing the move that
/// maximises its gain minus the solver's value of what is left for the
/// opponent (the first such move on ties). `None` for Game 4, whose state
/// also holds M, which a row of stones cannot express.
fn play_out(
    game: crate::games::stones::Game,
    a: &[i64],
    b: &[i64],
) -> Result<Option<PlayOut>, DrawError> {
    use crate::games::stones::{optimized, Game, Stones};
    if game == Game::FrontDoubling {
        return Ok(None);
    }
    let mut left: Vec<usize> = (0..a.len()).collect();
    let mut taken = vec![(0, false); a.len()];
    let mut scores = (0, 0);
    let mut a_to_move = true;
    let mut number = 0;
    while !left.is_empty() {
        number += 1;
        let (mine, theirs) = if a_to_move { (a, b) } else { (b, a) };
        // The moves of the game: the stones taken and the mover's gain.
        let mut moves: Vec<(Vec<usize>, i64)> = Vec::new();
        let ends = [vec![left[0]], vec![left[left.len() - 1]]];
        match game {
            Game::EitherEnd => moves.extend(ends.map(|t| {
                let gain = mine[t[0]];
                (t, gain)
            })),
            Game::EitherEndRemainder => moves.extend(ends.map(|t| {
                let gain = left
                    .iter()
                    .filter(|i| !t.contains(i))
                    .map(|&i| mine[i])
                    .sum();
                (t, gain)
            })),
            Game::FrontUpToThree => {
                for k in 1..=left.len().min(3) {
                    let t = left[..k].to_vec();
                    let gain = t.iter().map(|&i| mine[i]).sum();
                    moves.push((t, gain));
                }
            }
            Game::AnyStoneTwoValues => moves.extend(left.iter().map(|&i| (vec![i], mine[i]))),
            Game::FrontDoubling => unreachable!("returned above"),
        }
        let mut best: Option<(i64, Vec<usize>, i64)> = None;
        for (t, gain) in moves {
            let rest: Vec<usize> = left.iter().copied().filter(|i| !t.contains(i)).collect();
            let lead = if rest.is_empty() {
                gain
            } else {
                let row = |v: &[i64]| rest.iter().map(|&i| v[i]).collect::<Vec<_>>();
                let s = if game == Game::AnyStoneTwoValues {
                    Stones::two_valued(row(theirs), row(mine))
                } else {
                    Stones::one_valued(row(theirs))
                }
                .map_err(plot::game)?;
                gain - optimized::solve(game, &s).map_err(plot::game)?.diff
            };
            if best.as_ref().map_or(true, |(l, _, _)| lead > *l) {
                best = Some((lead, t, gain));
            }
        }
        let (_, t, gain) = best.expect("a row with stones has a move");
        for &i in &t {
            taken[i] = (number, a_to_move);
        }
        if a_to_move {
            scores.0 += gain;
        } else {
            scores.1 += gain;
        }
        left.retain(|i| !t.contains(i));
        a_to_move = !a_to_move;
    }
    Ok(Some(PlayOut { taken, scores }))
}

/// Games 1–5 on the article's rows: the row, an optimal play-out and the
/// scores by both solvers.
fn stones_games() -> Result<Figure, DrawError> {
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
        let out = play_out(*game, a, &b_values)?;
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

// ------------------------------------------------------------- Memory --

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

fn memory_3_1() -> Result<Figure, DrawError> {
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

fn memory_3_2() -> Result<Figure, DrawError> {
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

fn memory_3_3() -> Result<Figure, DrawError> {
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
fn memory_zero() -> Result<Figure, DrawError> {
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

/// The first player's edge (first − second, in units of a win) at the
/// start against N, in the paper's game and the §4 item 1 variants.
fn memory_variants() -> Result<Figure, DrawError> {
    use crate::games::memory::variants::{optimized::VariantTable, Variant};
    let (from, pairs_max, max) = (3usize, 10usize, 20usize);
    let series: Vec<(Variant, Vec<(f64, f64)>)> = Variant::ALL
        .into_iter()
        .map(|variant| {
            let top = if variant.counts_pairs() {
                pairs_max
            } else {
                max
            };
            let table = VariantTable::build(variant, top);
            let win = if matches!(variant, Variant::Points(_)) {
                3.0
            } else {
                1.0
            };
            let edge = (from..=top)
                .map(|n| {
                    let v = table.start(n);
                    (n as f64, to_f64(&(&v.mover - &v.other)) / win)
                })
                .collect();
            (variant, edge)
        })
        .collect();
    let title = "Memory §4 variants: the first player's edge (first − second, in wins) against N";
    let colours = [BLUE, RED, GREEN, MAGENTA];
    let svg = chart((820, 460), |root| {
        let mut c = ChartBuilder::on(root)
            .caption(title, ("sans-serif", 18))
            .margin(14)
            .x_label_area_size(42)
            .y_label_area_size(70)
            .build_cartesian_2d(from as f64 - 0.5..max as f64 + 0.5, -0.09f64..0.03)
            .map_err(err)?;
        c.configure_mesh()
            .x_desc("N (pairs of cards)")
            .y_desc("(first − second) / win")
            .draw()
            .map_err(err)?;
        c.draw_series(LineSeries::new(
            [(from as f64 - 0.5, 0.0), (max as f64 + 0.5, 0.0)],
            BLACK.stroke_width(1),
        ))
        .map_err(err)?;
        for ((variant, edge), colour) in series.iter().zip(colours) {
            c.draw_series(LineSeries::new(
                edge.iter().copied(),
                colour.stroke_width(2),
            ))
            .map_err(err)?
            .label(variant.name())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(2))
            });
            c.draw_series(edge.iter().map(|&p| Circle::new(p, 3, colour.filled())))
                .map_err(err)?;
        }
        plot::legend(&mut c, SeriesLabelPosition::LowerRight)
    })?;
    Ok(figure(
        "fig-memory-variants",
        GameId::Memory,
        title,
        format!(
            "Exact start values from the count recurrence (two passes in a row end the game): \
             paper (win 1, draw 1/2), pairs (other pairs decide a game ended by passes; N ≤ {pairs_max}), \
             points and points-avoid-pass (3 a win, 1 a draw; the edge divided by 3), N = {from}..{max}. \
             Below 0 the second player is favoured. Computed, not from the document."
        ),
        &["MEM-101", "MEM-103", "MEM-104", "MEM-106"],
        plot::inline(&svg, title),
    ))
}

// ------------------------------------------------------------ Geister --

fn geister_basic() -> &'static crate::games::geister::optimized::Table {
    use crate::games::geister::{analysis::Kind, solved};
    &solved::optimized_all()[&Kind::Basic]
}

/// Table 1: the +1 positions of §3 by distance, computed and as printed.
fn geister_table_1() -> Result<Figure, DrawError> {
    use crate::games::geister::report::Report;
    let computed = Report::of(geister_basic()).distances;
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
    side: crate::games::geister::rules::Side,
    claim: &'static str,
) -> Result<Figure, DrawError> {
    use crate::games::geister::{analysis::Kind, play, solved, svg};
    let table = geister_basic();
    let analysis = play::analysis_of(Kind::Basic, solved::optimized_all());
    let start = Kind::Basic.initial()[usize::from(side != crate::games::geister::rules::Side::P1)]
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

fn geister_fig_3() -> Result<Figure, DrawError> {
    geister_line(
        "fig-geister-fig-3",
        3,
        crate::games::geister::rules::Side::P1,
        "GEI-004",
    )
}

fn geister_fig_4() -> Result<Figure, DrawError> {
    geister_line(
        "fig-geister-fig-4",
        4,
        crate::games::geister::rules::Side::P2,
        "GEI-005",
    )
}

/// §5: player 2 answers every move with its vertical mirror image. A line
/// of such play (player 1 advancing until only captures are left), and the
/// exhaustive check over every position the strategy reaches.
fn geister_mirror() -> Result<Figure, DrawError> {
    use crate::games::geister::play::{Choice, LineStep};
    use crate::games::geister::rules::{mirror_square, Position, Side};
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
    let mut p = Position::initial(Side::P1);
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

// ---------------------------------------------------------------- yen --

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
fn yen_listing_4() -> Result<Figure, DrawError> {
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
fn yen_cycle() -> Result<Figure, DrawError> {
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
fn yen_equilibrium() -> Result<Figure, DrawError> {
    use crate::games::yen::optimized::Solver;
    use crate::games::yen::rules::Rules;
    use crate::games::yen::rules::State;
    use crate::solve::exact::format_ratio;
    let rules = Rules {
        total: 10,
        rounds: 10,
    };
    let mut solver = Solver::new();
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
fn yen_two_rounds() -> Result<Figure, DrawError> {
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
    fn stone_play_outs_reach_the_solvers_lead() {
        use crate::games::stones::{optimized, Game, Stones};
        let a = [4, 5, 3, 1, 2];
        let b = [1, 5, 3, 4, 2];
        for game in Game::ALL {
            let stones = if game == Game::AnyStoneTwoValues {
                Stones::two_valued(a.to_vec(), b.to_vec())
            } else {
                Stones::one_valued(a.to_vec())
            }
            .unwrap();
            let diff = optimized::solve(game, &stones).unwrap().diff;
            let b_values = if game == Game::AnyStoneTwoValues {
                &b
            } else {
                &a
            };
            match play_out(game, &a, b_values).unwrap() {
                Some(out) => {
                    assert_eq!(out.scores.0 - out.scores.1, diff, "game {}", game.number());
                    assert!(
                        out.taken.iter().all(|&(n, _)| n > 0),
                        "every stone is taken"
                    );
                }
                None => assert_eq!(game, Game::FrontDoubling),
            }
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
