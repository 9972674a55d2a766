//! The memory game with a special pair (document 004): the recurrence's
//! tables, exact against float and reduced against full, its CLI and its
//! claims. The explicit-row search is tested in `memory_naive.rs`.
// The command-line tests run the binary, built only with the `cli` feature.
#![cfg_attr(not(feature = "cli"), allow(unused))]

use crate::common::{assert_input_error, cli};
use num_rational::BigRational;
use num_traits::ToPrimitive;
use solved_games::games::memory::analysis::{
    draw_probabilities, first_move_identity, optimal_plies, Ply,
};
#[cfg(feature = "plot")]
use solved_games::games::memory::figures::{self, FigureError};
use solved_games::games::memory::optimized::{
    exact_table, exact_table_with_progress, first_player_value, first_player_value_with_progress,
    Extent, Table,
};
use solved_games::games::memory::rules::TieBreak;
use solved_games::games::memory::scaled::Scaled;
use solved_games::games::memory::{Choice, InvalidState, ParseStateError, State};
use solved_games::progress::Progress;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

#[test]
fn float_table_tracks_exact_table() {
    let exact = Table::<BigRational>::build(30, Extent::Full, false);
    let float = Table::<f64>::build(30, Extent::Full, false);
    for state in exact.states() {
        let e: f64 = num_traits::ToPrimitive::to_f64(&exact.value(state).unwrap()).unwrap();
        let x = float.value(state).unwrap();
        assert!((e - x).abs() < 1e-12, "{state}: {e} vs {x}");
    }
}

#[test]
fn factorial_scaled_table_equals_rational_table() {
    // The fast exact arithmetic against plain BigRational on every state n ≤ 30.
    let rational = Table::<BigRational>::build(30, Extent::Full, true);
    let scaled = Table::<Scaled>::build(30, Extent::Full, true);
    for state in rational.states() {
        assert_eq!(
            scaled.value(state).unwrap().to_rational(),
            rational.value(state).unwrap(),
            "{state}"
        );
        assert_eq!(scaled.best(state), rational.best(state), "{state}");
    }
}

#[test]
fn reduced_table_equals_full_table() {
    let full = Table::<BigRational>::build(30, Extent::Full, false);
    let reduced = Table::<BigRational>::build(30, Extent::Reduced, false);
    for state in full.states() {
        assert_eq!(full.value(state), reduced.value(state), "{state}");
    }
}

#[test]
fn invalid_states_are_rejected_with_the_rule_they_break() {
    assert_eq!(
        State::f(3, 1, 2),
        Err(InvalidState::FTooManyKnown {
            pairs: 3,
            known_pairs: 1,
            known_singles: 2
        })
    );
    assert_eq!(
        State::g(3, 0, 0),
        Err(InvalidState::GWithoutKnownOne {
            pairs: 3,
            known_pairs: 0
        })
    );
    assert_eq!(
        State::g(3, 1, 3),
        Err(InvalidState::GTooManyKnown {
            pairs: 3,
            known_pairs: 1,
            known_singles: 3
        })
    );
    assert!(State::f(3, 0, 2).is_ok());
    // The message names the state and the rule (README shows it).
    assert_eq!(
        State::f(3, 2, 1).unwrap_err().to_string(),
        "F(3,2,1) is not a state: F needs m + k ≤ n − 1 (both 1-cards unknown)"
    );
}

#[test]
fn states_parse_then_validate() {
    for text in ["F(4,0,2)", "G(3,1,1)", "F(1,0,0)"] {
        assert_eq!(text.parse::<State>().unwrap().to_string(), text);
    }
    // The paper's g(n,k) is G(n,0,k).
    assert_eq!("G(5,2)".parse::<State>(), Ok(State::g(5, 0, 2).unwrap()));
    assert_eq!(
        " F( 4, 0 ,2 ) ".parse::<State>(),
        Ok(State::f(4, 0, 2).unwrap())
    );
    for bad in [
        "",
        "F",
        "H(1,0,0)",
        "F(1,0)",
        "F(1,0,0,0)",
        "F(1,0,0",
        "F(a,0,0)",
    ] {
        assert_eq!(
            bad.parse::<State>(),
            Err(ParseStateError::Notation),
            "{bad:?}"
        );
    }
    assert_eq!("F(-1,0,0)".parse::<State>(), Err(ParseStateError::Notation));
    // Well written, but not a state: the validation's own error.
    assert_eq!(
        "F(3,2,1)".parse::<State>(),
        Err(ParseStateError::Invalid(InvalidState::FTooManyKnown {
            pairs: 3,
            known_pairs: 2,
            known_singles: 1
        }))
    );
    let err = "G(2,0,0)".parse::<State>().unwrap_err();
    assert!(std::error::Error::source(&err).is_some());
}

#[test]
fn first_player_values_n_1_to_30() {
    let table = exact_table(30, Extent::Reduced, false);
    let rows: Vec<String> = (1..=30)
        .map(|n| format!("f({n},0,0) = {}", table.f(n, 0, 0)))
        .collect();
    snapshot!("memory_first_player_values_1_to_30", rows.join("\n"));
}

#[test]
fn optimal_options_of_g_n_k_up_to_12() {
    let table = exact_table(12, Extent::Full, true);
    let mut rows = Vec::new();
    for n in 1..=12 {
        for k in 1..=n {
            let s = State::g(n, 0, k).unwrap();
            let best = table.best(s).unwrap();
            let plies: Vec<&str> = optimal_plies(best).into_iter().map(Ply::label).collect();
            let names: Vec<String> = best.iter().map(ToString::to_string).collect();
            rows.push(format!(
                "G({n},{k}) = {}  [{}]  {}",
                table.value(s).unwrap(),
                plies.join(","),
                names.join(" | ")
            ));
        }
    }
    snapshot!("memory_g_n_k_optimal_options_to_12", rows.join("\n"));
}

#[cfg(feature = "cli")]
#[test]
fn tendency_findings_up_to_100() {
    let out = cli(&["memory", "--findings", "--n", "100"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    snapshot!("memory_findings_n_100", out.stdout);
}

#[test]
fn exact_first_move_identity_and_float_agree_to_100() {
    let exact = exact_table(100, Extent::Reduced, false);
    let float = Table::<f64>::build(100, Extent::Reduced, false);
    for n in 2..=100 {
        assert_eq!(first_move_identity(&exact, n), exact.f(n, 0, 0), "N = {n}");
        let e = exact.f(n, 0, 0).to_f64().unwrap();
        assert!((e - float.f(n, 0, 0)).abs() < 1e-12, "N = {n}");
        assert!(
            (first_move_identity(&float, n) - e).abs() < 1e-12,
            "N = {n}"
        );
    }
}

#[cfg(feature = "cli")]
#[test]
fn cli_first_player_json_and_state() {
    let out = cli(&["memory", "--n", "7", "--json"]);
    assert_eq!(out.code, 0);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["n"], 7);
    // The CLI answers with the §2.1 recurrences; the explicit-row search
    // is the independent check.
    let naive =
        solved_games::games::memory::naive::first_player_value(7, &solved_games::progress::Silent)
            .unwrap();
    assert_eq!(v["f"], naive.to_string());
    let s = cli(&[
        "memory", "--state", "f", "--n", "4", "--m", "0", "--k", "2", "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&s.stdout).unwrap();
    assert_eq!(v["value"], "1/2");
    assert_eq!(v["best"], serde_json::json!(["pass"]));
    let table = cli(&["memory", "--table", "--n", "3"]);
    assert_eq!(table.code, 0);
    snapshot!("memory_cli_table_n_3", table.stdout);
}

#[cfg(feature = "cli")]
#[test]
fn cli_rejects_bad_input() {
    assert_input_error(&["memory", "--state", "f", "--n", "3", "--m", "1", "--k", "2"]);
    assert_input_error(&["memory", "--state", "g", "--n", "3", "--k", "0"]);
    assert_input_error(&["memory", "--n", "0"]);
    assert_input_error(&["memory", "--n", "201"]);
    assert_input_error(&["memory", "--table", "--n", "13"]);
}

#[cfg(feature = "cli")]
#[test]
fn cli_plot_writes_the_three_figures() {
    let dir = std::env::temp_dir().join(format!("solved-games-memory-plot-{}", std::process::id()));
    let out = cli(&["memory", "--plot", dir.to_str().unwrap()]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    for (name, caption) in [
        ("fig3_1_g100.svg", "Fig. 3.1"),
        ("fig3_2_odd.svg", "Fig. 3.2"),
        ("fig3_3_even.svg", "Fig. 3.3"),
    ] {
        let svg = std::fs::read_to_string(dir.join(name)).unwrap();
        assert!(svg.starts_with("<svg") && svg.contains(caption), "{name}");
        // One point per plotted value: 100 for g(100,k), up to 50 for f.
        assert!(svg.matches("<circle").count() >= 48, "{name}");
    }
    // N = 7 (and N = 1) have 1/2 − f ≤ 0 and are named, not dropped silently.
    let odd = std::fs::read_to_string(dir.join("fig3_2_odd.svg")).unwrap();
    assert!(odd.contains("N = 7"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn draw_probabilities_are_consistent_with_values() {
    let table = Table::<BigRational>::build(20, Extent::Full, true);
    let reduced = Table::<BigRational>::build(5, Extent::Reduced, true);
    assert!(draw_probabilities(&reduced, TieBreak::FewestDraws).is_none());
    let fewest = draw_probabilities(&table, TieBreak::FewestDraws).unwrap();
    let most = draw_probabilities(&table, TieBreak::MostDraws).unwrap();
    let zero = BigRational::from_integer(0.into());
    let one = BigRational::from_integer(1.into());
    let two = BigRational::from_integer(2.into());
    for s in table.states() {
        let v = table.value(s).unwrap();
        let (lo, hi) = (fewest.value(s).unwrap(), most.value(s).unwrap());
        assert!(zero <= lo && lo <= hi && hi <= one, "{s}: {lo} {hi}");
        // value = P(win) + d/2 with P(win), P(loss) ≥ 0, so d ≤ 2·min(v, 1 − v).
        let cap = two.clone() * v.clone().min(one.clone() - v.clone());
        assert!(hi <= cap, "{s}: draw {hi} exceeds {cap} (value {v})");
        // Passing as the only optimal option means passing for ever: a draw.
        if table.best(s).unwrap() == [Choice::Pass] {
            assert_eq!(lo, one, "{s}");
        }
    }
    // Rising towards 1 (§3.3); one pair can never be drawn.
    assert_eq!(fewest.f(1, 0, 0), zero);
    assert!(fewest.f(20, 0, 0) > fewest.f(10, 0, 0));
}

#[cfg(feature = "plot")]
#[test]
fn figures_refuse_tables_too_small_and_empty_ranges_with_typed_errors() {
    let small = exact_table(30, Extent::Reduced, false);
    assert!(matches!(
        figures::figure_3_1(&small),
        Err(FigureError::TableTooSmall {
            figure: "Fig. 3.1",
            needs: 100,
            holds: 30
        })
    ));
    assert!(matches!(
        figures::figure_3_2_or_3_3(&small, false, 16),
        Err(FigureError::TableTooSmall {
            figure: "Fig. 3.3",
            needs: 32,
            holds: 30
        })
    ));
    assert!(matches!(
        figures::figure_3_2_or_3_3(&small, true, 0),
        Err(FigureError::NothingToPlot { figure: "Fig. 3.2" })
    ));
    assert!(figures::figure_3_2_or_3_3(&small, true, 15).is_ok());
}

/// Records what a solver reports: the stages begun and the units done.
#[derive(Default)]
struct Recorder {
    stages: Mutex<Vec<(String, Option<u64>)>>,
    done: AtomicU64,
}

impl Progress for Recorder {
    fn begin(&self, label: &str, total: Option<u64>) {
        self.stages.lock().unwrap().push((label.to_string(), total));
    }

    fn advance(&self, units: u64) {
        self.done.fetch_add(units, Ordering::Relaxed);
    }
}

#[test]
fn table_builds_report_every_state_to_progress() {
    let recorder = Recorder::default();
    let table = exact_table_with_progress(12, Extent::Full, true, &recorder);
    let states = table.states().len() as u64;
    assert_eq!(
        *recorder.stages.lock().unwrap(),
        [
            ("states solved".to_string(), Some(states)),
            ("values reduced".to_string(), Some(states))
        ]
    );
    assert_eq!(recorder.done.load(Ordering::Relaxed), 2 * states);
    assert_eq!(table.states(), exact_table(12, Extent::Full, true).states());

    // The float table, reduced, at a size whose count is no multiple of anything.
    let recorder = Recorder::default();
    let float = Table::<f64>::build_with_progress(301, Extent::Reduced, false, &recorder);
    let states = float.states().len() as u64;
    assert_eq!(
        *recorder.stages.lock().unwrap(),
        [("states solved".to_string(), Some(states))]
    );
    assert_eq!(recorder.done.load(Ordering::Relaxed), states);

    let recorder = Recorder::default();
    assert_eq!(
        first_player_value_with_progress(20, &recorder),
        first_player_value(20)
    );
    let reduced = Table::<f64>::build(20, Extent::Reduced, false)
        .states()
        .len() as u64;
    assert_eq!(recorder.done.load(Ordering::Relaxed), reduced);
}

#[cfg(feature = "cli")]
#[test]
fn cli_progress_stays_off_stderr_when_it_is_not_a_terminal() {
    for args in [
        &["memory", "--n", "60", "--json"][..],
        &["memory", "--n", "300", "--float"],
        &["memory", "--state", "g", "--n", "30", "--k", "1"],
    ] {
        let out = cli(args);
        assert_eq!(out.code, 0, "{args:?}: {}", out.stderr);
        assert_eq!(out.stderr, "", "{args:?}");
    }
}

#[cfg(feature = "cli")]
#[test]
fn cli_refuses_flags_that_have_no_effect_in_the_mode() {
    let dir = std::env::temp_dir().join(format!(
        "solved-games-memory-refused-{}",
        std::process::id()
    ));
    let dir = dir.to_str().unwrap();
    for args in [
        // --m and --k describe a state: without --state they used to be ignored.
        &["memory", "--m", "1"][..],
        &["memory", "--n", "4", "--k", "2"],
        &["memory", "--table", "--n", "3", "--k", "1"],
        &["memory", "--findings", "--m", "1"],
        &["memory", "--float", "--k", "1"],
        &["memory", "--m", "1", "--solver", "naive"],
        &["memory", "--plot", dir, "--k", "1"],
        // --float is its own solver, and draws no figures.
        &["memory", "--float", "--solver", "naive"],
        &["memory", "--n", "20", "--float", "--plot", dir],
        // --solver chooses how f(N,0,0) is computed, in that mode only.
        &["memory", "--plot", dir, "--solver", "naive"],
        &["memory", "--findings", "--solver", "naive"],
        &["memory", "--state", "f", "--n", "3", "--solver", "naive"],
    ] {
        let out = cli(args);
        assert_eq!(out.code, 2, "{args:?} should be refused: {}", out.stderr);
        assert!(!out.stderr.contains("panicked"), "{args:?}: {}", out.stderr);
        assert!(out.stdout.is_empty(), "{args:?}: {}", out.stdout);
    }
    assert!(
        !std::path::Path::new(dir).exists(),
        "a refused --plot wrote nothing"
    );
    // The forms README shows still work.
    for args in [
        &["memory", "--state", "f", "--n", "4", "--m", "0", "--k", "2"][..],
        &["memory", "--n", "8", "--solver", "optimized"],
        &["memory", "--n", "50", "--float"],
    ] {
        assert_eq!(cli(args).code, 0, "{args:?}");
    }
}

#[cfg(feature = "cli")]
#[test]
fn cli_plot_honours_n_and_lists_the_files_as_json() {
    let dir =
        std::env::temp_dir().join(format!("solved-games-memory-plot-n-{}", std::process::id()));
    let out = cli(&[
        "memory",
        "--plot",
        dir.to_str().unwrap(),
        "--n",
        "12",
        "--json",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let list: serde_json::Value = serde_json::from_str(&out.stdout).expect("JSON");
    let list = list.as_array().expect("a list of files");
    let figures: Vec<&str> = list.iter().map(|f| f["figure"].as_str().unwrap()).collect();
    assert_eq!(figures, ["Fig. 3.1", "Fig. 3.2", "Fig. 3.3"]);
    for entry in list {
        let file = entry["file"].as_str().unwrap();
        assert!(std::fs::metadata(file).is_ok(), "{file} written");
        assert!(!entry["shows"].as_str().unwrap().is_empty());
    }
    // Fig. 3.1 of g(12,k); Figs. 3.2/3.3 up to N = 11 and N = 12 (M ≤ 6).
    let fig_3_1 = std::fs::read_to_string(dir.join("fig3_1_g12.svg")).unwrap();
    assert!(fig_3_1.contains("g(12, k)"));
    assert!(list[0]["shows"].as_str().unwrap().contains("g(12, k)"));
    for name in ["fig3_2_odd.svg", "fig3_3_even.svg"] {
        let svg = std::fs::read_to_string(dir.join(name)).unwrap();
        let ticks = svg_texts(&svg);
        assert!(
            ticks.iter().any(|t| t == "6") && !ticks.iter().any(|t| t == "50"),
            "{name}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
    let refused = cli(&["memory", "--plot", dir.to_str().unwrap(), "--n", "201"]);
    assert_eq!(refused.code, 2);
}

/// The text of every `<text>` element of an SVG, trimmed, with its opening
/// tag's attributes.
fn svg_text_elements(svg: &str) -> Vec<(String, String)> {
    svg.split("<text")
        .skip(1)
        .map(|rest| {
            let (attributes, after) = rest.split_once('>').expect("a text tag closes");
            let (text, _) = after.split_once("</text>").expect("a text element ends");
            (attributes.to_string(), text.trim().to_string())
        })
        .collect()
}

fn svg_texts(svg: &str) -> Vec<String> {
    svg_text_elements(svg).into_iter().map(|(_, t)| t).collect()
}

/// The numbers of one attribute of every element with tag `tag`.
fn svg_numbers(svg: &str, tag: &str, attribute: &str) -> Vec<f64> {
    svg.split(&format!("<{tag} "))
        .skip(1)
        .filter_map(|rest| {
            let tag_end = rest.find('>').unwrap_or(rest.len());
            let at = rest[..tag_end]
                .find(&format!(" {attribute}=\""))
                .map(|i| i + attribute.len() + 3)
                .or_else(|| {
                    rest[..tag_end]
                        .starts_with(&format!("{attribute}=\""))
                        .then_some(attribute.len() + 2)
                })?;
            let value = &rest[at..];
            value[..value.find('"')?].parse().ok()
        })
        .collect()
}

#[cfg(feature = "plot")]
#[test]
fn figures_have_readable_ticks_named_axes_and_no_point_pinned_to_the_border() {
    let table = exact_table(100, Extent::Reduced, false);
    let fig_3_1 = figures::figure_3_1(&table).unwrap();
    let odd = figures::figure_3_2_or_3_3(&table, true, 50).unwrap();
    let even = figures::figure_3_2_or_3_3(&table, false, 50).unwrap();
    for (name, svg) in [("3.1", &fig_3_1), ("3.2", &odd), ("3.3", &even)] {
        // Ticks such as 9.999999999999999e-6: a run of 5 or more decimals.
        for text in svg_texts(svg) {
            let long_decimals = text
                .split(|c: char| !c.is_ascii_digit() && c != '.')
                .any(|number| number.split_once('.').is_some_and(|(_, d)| d.len() >= 5));
            assert!(!long_decimals, "Fig. {name}: unreadable label {text:?}");
        }
    }
    // Fig. 3.1: the plot area's top is the mesh's highest line; g(100,98) and
    // g(100,100) lie above it and used to be drawn on it as ordinary points.
    let top = svg_numbers(&fig_3_1, "line", "y2")
        .into_iter()
        .chain(svg_numbers(&fig_3_1, "line", "y1"))
        .fold(f64::INFINITY, f64::min);
    let on_top = svg_numbers(&fig_3_1, "circle", "cy")
        .into_iter()
        .filter(|cy| (cy - top).abs() < 1.0)
        .count();
    assert_eq!(on_top, 0, "no point pinned to the top border (y = {top})");
    let texts = svg_texts(&fig_3_1).join("\n");
    assert!(
        texts.contains("g(100,98) ≈ 0.6") && texts.contains("g(100,100) ≈ 1"),
        "the off-scale values are given: {texts}"
    );
    // Axis names: the vertical one is the rotated text.
    let axis_names = |svg: &str| -> (String, String) {
        let texts = svg_text_elements(svg);
        let vertical = texts
            .iter()
            .find(|(attributes, _)| attributes.contains("rotate(270"))
            .map(|(_, t)| t.clone())
            .expect("a vertical axis name");
        let horizontal = texts
            .iter()
            .find(|(_, t)| t.starts_with("M ") || t.starts_with("k "))
            .map(|(_, t)| t.clone())
            .expect("a horizontal axis name");
        (horizontal, vertical)
    };
    assert_eq!(
        axis_names(&odd),
        (
            "M (N = 2M − 1 pairs)".into(),
            "1/2 − f(2M − 1, 0, 0)".into()
        )
    );
    assert_eq!(
        axis_names(&even),
        ("M (N = 2M pairs)".into(), "1/2 − f(2M, 0, 0)".into())
    );
    assert_eq!(axis_names(&fig_3_1).1, "g(100, k)");
    // The legend names the leading term's N in terms of the axis's M.
    assert!(svg_texts(&odd)
        .iter()
        .any(|t| t == "leading term 1/(16N³), N = 2M − 1"));
    assert!(svg_texts(&even)
        .iter()
        .any(|t| t == "leading term 1/(4N²), N = 2M"));
}
