//! Naive against optimized, timed in-process: each game's two solvers on a
//! ladder of sizes, short runs only, with the growth exponent fitted on
//! log–log axes and the speedup at the largest size both reach.
//!
//! Each game gives its [`Ladder`] through its face (`Game::ladder`): its
//! sizes and two closures that solve one instance and return the answer as
//! text. Both answers are compared at every size; a
//! disagreement is shown, never hidden. Timings are wall-clock on whatever
//! else the machine is doing: they show the shape of the growth, the
//! criterion benches (README's performance table) give the numbers to quote.

use super::plot::{self, chart, err, DrawError};
use crate::claims::GameId;
use crate::games::{self, Shrink, Table, Visit};
use crate::progress::Progress;
use plotters::prelude::*;
use std::time::{Duration, Instant};

/// Solves one instance of the given size; returns the answer as text.
pub type Solve = Box<dyn Fn(u64) -> String + Sync + Send>;

/// One game's ladder: the sizes and both solvers.
pub struct Ladder {
    /// The game.
    pub game: GameId,
    /// What one instance is, e.g. `Game 1 on n stones`.
    pub instance: &'static str,
    /// The size's name on the axis, e.g. `n (stones)`.
    pub size: &'static str,
    /// The sizes, increasing.
    pub sizes: Vec<u64>,
    /// The naive solver.
    pub naive: Solve,
    /// The optimized solver.
    pub optimized: Solve,
}

/// The ladders of every game of the registry, each from its face
/// ([`Game::ladder`](crate::games::Game::ladder)).
#[must_use]
pub fn ladders() -> Vec<Ladder> {
    struct Of(GameId);
    impl Visit for Of {
        type Output = Ladder;
        fn visit<G: Table + Shrink + 'static>(self) -> Ladder
        where
            G::Instance: Send + Sync,
            G::Value: Send + Sync,
        {
            let games::Ladder {
                instance,
                size,
                sizes,
                naive,
                optimized,
            } = G::ladder();
            Ladder {
                game: self.0,
                instance,
                size,
                sizes,
                naive,
                optimized,
            }
        }
    }
    GameId::ALL.into_iter().map(|g| g.visit(Of(g))).collect()
}

/// One rung: both solvers at one size (the naive one only while it is fast
/// enough).
#[derive(Debug, Clone, PartialEq)]
pub struct Rung {
    /// The size.
    pub size: u64,
    /// Seconds per solve, naive; `None` above its budget.
    pub naive: Option<f64>,
    /// Seconds per solve, optimized; `None` above its budget.
    pub optimized: Option<f64>,
    /// Whether the two answers agree (`None` unless both ran).
    pub agree: Option<bool>,
}

/// A ladder measured.
#[derive(Debug, Clone, PartialEq)]
pub struct Measured {
    /// The game.
    pub game: GameId,
    /// What one instance is.
    pub instance: &'static str,
    /// The size's name.
    pub size: &'static str,
    /// Every rung reached.
    pub rungs: Vec<Rung>,
}

impl Measured {
    fn points(&self, naive: bool) -> Vec<(f64, f64)> {
        self.rungs
            .iter()
            .filter_map(|r| {
                let t = if naive { r.naive } else { r.optimized };
                t.map(|t| (r.size as f64, t))
            })
            .collect()
    }

    /// The fitted exponent b of time ≈ a·size^b for the naive solver.
    #[must_use]
    pub fn naive_exponent(&self) -> Option<f64> {
        fit_exponent(&self.points(true))
    }

    /// The same for the optimized solver.
    #[must_use]
    pub fn optimized_exponent(&self) -> Option<f64> {
        fit_exponent(&self.points(false))
    }

    /// naive time / optimized time at the largest size both reached, and
    /// that size.
    #[must_use]
    pub fn speedup(&self) -> Option<(u64, f64)> {
        self.rungs
            .iter()
            .rev()
            .find_map(|r| Some((r.size, r.naive? / r.optimized?)))
    }

    /// Whether the two solvers agreed at every size both reached.
    #[must_use]
    pub fn all_agree(&self) -> bool {
        self.rungs.iter().all(|r| r.agree != Some(false))
    }
}

/// The least-squares slope of log(time) against log(size): the exponent b
/// in time ≈ a·size^b. `None` with fewer than two distinct sizes.
#[must_use]
pub fn fit_exponent(points: &[(f64, f64)]) -> Option<f64> {
    let logs: Vec<(f64, f64)> = points
        .iter()
        .filter(|(x, y)| *x > 0.0 && *y > 0.0)
        .map(|(x, y)| (x.ln(), y.ln()))
        .collect();
    let n = logs.len() as f64;
    let mean_x = logs.iter().map(|p| p.0).sum::<f64>() / n;
    let mean_y = logs.iter().map(|p| p.1).sum::<f64>() / n;
    let sxx: f64 = logs.iter().map(|p| (p.0 - mean_x).powi(2)).sum();
    let sxy: f64 = logs.iter().map(|p| (p.0 - mean_x) * (p.1 - mean_y)).sum();
    (logs.len() >= 2 && sxx > 1e-12).then(|| sxy / sxx)
}

/// How long to run each solver.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Repeat a fast solve until this much time has passed (the mean is
    /// reported), so that microsecond solves are not all clock noise.
    pub sample: Duration,
    /// A solver is not run at the next size once it took longer than this,
    /// or once its growth so far predicts more than four times this (the
    /// naive Memory search takes 0.2 s at N = 3 and half a minute at 4).
    pub per_solve: Duration,
}

impl Budget {
    /// The page's budget: a few seconds for all five games.
    pub const PAGE: Budget = Budget {
        sample: Duration::from_millis(10),
        per_solve: Duration::from_millis(250),
    };
}

/// Mean seconds per call of `solve(size)` over at least `sample`, and its
/// answer.
fn time(solve: &Solve, size: u64, sample: Duration) -> (f64, String) {
    let start = Instant::now();
    let answer = solve(size);
    let first = start.elapsed();
    if first >= sample {
        return (first.as_secs_f64(), answer);
    }
    let mut runs = 1u32;
    while start.elapsed() < sample && runs < 10_000 {
        std::hint::black_box(solve(size));
        runs += 1;
    }
    (start.elapsed().as_secs_f64() / f64::from(runs), answer)
}

/// Whether a solver that took `history` (seconds, by size) may run at the
/// next size: its last time within the budget, and that time times its last
/// growth factor within four budgets.
fn may_continue(history: &[f64], budget: Budget) -> bool {
    let limit = budget.per_solve.as_secs_f64();
    match history {
        [] => true,
        [.., last] if *last > limit => false,
        [.., prev, last] => last * (last / prev).max(1.0) <= 4.0 * limit,
        [_] => true,
    }
}

/// Climbs each ladder: both solvers at each size, each while its last
/// time is within `budget.per_solve` and its growth so far predicts at most
/// four times that for the next size ([`Budget::per_solve`]).
#[must_use]
pub fn measure(ladders: &[Ladder], budget: Budget, progress: &dyn Progress) -> Vec<Measured> {
    let total: usize = ladders.iter().map(|l| l.sizes.len()).sum();
    progress.begin("timing", Some(total as u64));
    let mut out = Vec::new();
    for ladder in ladders {
        let (mut naive_times, mut optimized_times) = (Vec::new(), Vec::new());
        let mut rungs = Vec::new();
        for &size in &ladder.sizes {
            progress.note(&format!(
                "{} at {} = {size}",
                ladder.game.name(),
                ladder.size
            ));
            let run = |history: &mut Vec<f64>, solve: &Solve| {
                if !may_continue(history, budget) {
                    return None;
                }
                let (t, answer) = time(solve, size, budget.sample);
                history.push(t);
                Some((t, answer))
            };
            let naive = run(&mut naive_times, &ladder.naive);
            let optimized = run(&mut optimized_times, &ladder.optimized);
            progress.advance(1);
            if naive.is_none() && optimized.is_none() {
                continue;
            }
            rungs.push(Rung {
                size,
                agree: match (&naive, &optimized) {
                    (Some((_, a)), Some((_, b))) => Some(a == b),
                    _ => None,
                },
                naive: naive.map(|n| n.0),
                optimized: optimized.map(|o| o.0),
            });
        }
        out.push(Measured {
            game: ladder.game,
            instance: ladder.instance,
            size: ladder.size,
            rungs,
        });
    }
    progress.end();
    out
}

/// Seconds as `12.3 µs`, `4.56 ms`, `1.23 s`.
#[must_use]
pub fn format_seconds(s: f64) -> String {
    if s < 1e-3 {
        format!("{:.1} µs", s * 1e6)
    } else if s < 1.0 {
        format!("{:.2} ms", s * 1e3)
    } else {
        format!("{s:.2} s")
    }
}

/// One log–log panel per game: seconds per solve against size, naive and
/// optimized, with the fitted exponents in the legend.
///
/// # Errors
/// If drawing fails.
pub fn plot(measured: &[Measured]) -> Result<String, DrawError> {
    let cols = measured.len().clamp(1, 3);
    let rows = measured.len().div_ceil(cols).max(1);
    let (pw, ph) = (380u32, 300u32);
    chart((pw * cols as u32, ph * rows as u32 + 30), |root| {
        let (title, body) = root.split_vertically(30);
        title
            .titled(
                "Seconds per solve against size, log–log: naive (red) and optimized (blue)",
                ("sans-serif", 17),
            )
            .map_err(err)?;
        let panels = body.split_evenly((rows, cols));
        for (m, area) in measured.iter().zip(panels.iter()) {
            let (naive, optimized) = (m.points(true), m.points(false));
            let all: Vec<&(f64, f64)> = naive.iter().chain(&optimized).collect();
            if all.is_empty() {
                continue;
            }
            let (x_lo, x_hi) = bounds(all.iter().map(|p| p.0));
            let (y_lo, y_hi) = bounds(all.iter().map(|p| p.1));
            let mut c = ChartBuilder::on(area)
                .caption(m.game.name(), ("sans-serif", 15))
                .margin(8)
                .x_label_area_size(34)
                .y_label_area_size(56)
                .build_cartesian_2d(
                    // Ticks at the sizes measured: a decade of sizes would
                    // get only its ends from the default ticks.
                    (x_lo / 1.3..x_hi * 1.3)
                        .log_scale()
                        .with_key_points(m.rungs.iter().map(|r| r.size as f64).collect()),
                    // Two decades above the data for the legend.
                    (y_lo / 3.0..y_hi * 100.0).log_scale(),
                )
                .map_err(err)?;
            c.configure_mesh()
                .x_desc(m.size)
                .y_desc("seconds")
                .y_labels(5)
                .x_label_formatter(&|v| format!("{}", v.round()))
                .y_label_formatter(&|v| format!("{v:.0e}"))
                .label_style(("sans-serif", 11))
                .draw()
                .map_err(err)?;
            for (points, colour, name, exponent) in [
                (&naive, RED, "naive", m.naive_exponent()),
                (&optimized, BLUE, "optimized", m.optimized_exponent()),
            ] {
                if points.is_empty() {
                    continue;
                }
                let label = match exponent {
                    Some(b) => format!("{name}, slope {b:.2}"),
                    None => name.to_string(),
                };
                plot::labelled_line(&mut c, points, colour, label, 16)?;
                c.draw_series(points.iter().map(|&p| Circle::new(p, 3, colour.filled())))
                    .map_err(err)?;
            }
            c.configure_series_labels()
                .position(SeriesLabelPosition::UpperLeft)
                .label_font(("sans-serif", 11))
                .border_style(BLACK)
                .background_style(WHITE.mix(0.9))
                .draw()
                .map_err(err)?;
        }
        Ok(())
    })
}

fn bounds(values: impl Iterator<Item = f64>) -> (f64, f64) {
    values.fold((f64::INFINITY, 0.0f64), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fitted_exponent_of_a_power_law_is_its_power() {
        let cubic: Vec<(f64, f64)> = [2.0, 4.0, 8.0, 16.0]
            .iter()
            .map(|&n: &f64| (n, 3.0 * n.powi(3)))
            .collect();
        assert!((fit_exponent(&cubic).unwrap() - 3.0).abs() < 1e-9);
        assert_eq!(fit_exponent(&[(2.0, 1.0)]), None);
        assert_eq!(fit_exponent(&[(2.0, 1.0), (2.0, 3.0)]), None);
    }

    #[test]
    fn a_ladder_stops_a_solver_past_its_budget_and_compares_answers() {
        let slow_from_4: Solve = Box::new(|n| {
            if n >= 4 {
                std::thread::sleep(Duration::from_millis(30));
            }
            (n * n).to_string()
        });
        let wrong_at_2: Solve = Box::new(|n| {
            if n == 2 {
                "5".into()
            } else {
                (n * n).to_string()
            }
        });
        let ladder = Ladder {
            game: GameId::Nim,
            instance: "test",
            size: "n",
            sizes: vec![1, 2, 4, 8],
            naive: slow_from_4,
            optimized: wrong_at_2,
        };
        let budget = Budget {
            sample: Duration::from_millis(1),
            per_solve: Duration::from_millis(10),
        };
        let m = &measure(&[ladder], budget, &crate::progress::Silent)[0];
        let naive_sizes: Vec<u64> = m
            .rungs
            .iter()
            .filter(|r| r.naive.is_some())
            .map(|r| r.size)
            .collect();
        assert_eq!(
            naive_sizes,
            vec![1, 2, 4],
            "stopped after the first slow solve"
        );
        assert_eq!(m.rungs[1].agree, Some(false));
        assert!(!m.all_agree());
        assert_eq!(m.speedup().map(|s| s.0), Some(4));
    }

    #[test]
    fn a_solver_stops_where_its_growth_predicts_too_long() {
        let budget = Budget {
            sample: Duration::from_millis(1),
            per_solve: Duration::from_millis(250),
        };
        assert!(may_continue(&[], budget));
        assert!(may_continue(&[0.2], budget));
        assert!(!may_continue(&[0.3], budget));
        // 0.0003 s then 0.2 s: the next would take minutes.
        assert!(!may_continue(&[0.0003, 0.2], budget));
        // Doubling from 0.1 s stays under a second.
        assert!(may_continue(&[0.05, 0.1], budget));
    }

    #[test]
    fn every_game_has_a_ladder() {
        let l = ladders();
        for game in GameId::ALL {
            assert!(l.iter().any(|x| x.game == game), "{game:?}");
        }
        for x in &l {
            assert!(x.sizes.windows(2).all(|w| w[0] < w[1]), "{:?}", x.game);
        }
        // Mini-Geister climbs from §3's 21840 positions.
        let geister = &l.iter().find(|x| x.game == GameId::Geister).unwrap().sizes;
        assert_eq!(geister.first(), Some(&21_840), "{geister:?}");
        assert!(geister.len() >= 2, "{geister:?}");
    }
}
