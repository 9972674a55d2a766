//! Mini-Geister (document 003): the published numbers are reproduced (the
//! naive model against the engine is in `geister_naive.rs`), the reports
//! and a forcing line are pinned, the CLI behaves. The retrograde engine's
//! own tests, on graphs with known answers, are in `retrograde.rs`.
// The command-line tests run the binary, built only with the `cli` feature.
#![cfg_attr(not(feature = "cli"), allow(unused))]

use crate::common::{assert_input_error, cli};
use proptest::prelude::*;
use solved_games::games::geister::analysis::Kind;
use solved_games::games::geister::optimized::Space;
use solved_games::games::geister::report::Census;
use solved_games::games::geister::rules::Position;
use solved_games::games::geister::{mirror, play, solved};
use solved_games::solve::retrograde::Reach;

#[test]
fn full_information_values_are_symmetric_under_mirror_and_role_swap() {
    // Swapping the players and mirroring the board maps the full-information
    // game onto itself: a win for player 1 becomes a win for player 2.
    let table = &solved::optimized_all()[&Kind::Det];
    for i in 0..table.space.len() {
        let p = table.space.position(i);
        let (v, d) = table.get(&p).unwrap();
        let (w, e) = table.get(&p.mirrored()).unwrap();
        assert_eq!((v.sign(), d), (-w.sign(), e), "{p}");
    }
}

#[test]
fn every_index_decodes_to_a_position_with_that_index() {
    for kind in Kind::ALL {
        let space = Space::new(kind.layouts());
        let step = (space.len() / 50_000).max(1);
        for i in (0..space.len()).step_by(step) {
            let p = space.position(i);
            assert_eq!(space.index(&p), Some(i), "{kind}: {p}");
        }
    }
}

#[test]
fn reports_of_every_analysis_are_pinned() {
    let reports: Vec<serde_json::Value> = Kind::ALL
        .iter()
        .map(|k| Census::of(&solved::optimized_all()[k]).to_json())
        .collect();
    json_snapshot!("geister_reports", reports);
}

#[test]
fn mirror_strategy_check_holds_by_both_searches() {
    let bfs = mirror::check();
    let dfs = mirror::check_naive();
    assert_eq!(bfs.counterexample, None);
    assert_eq!(bfs, dfs);
    // Player 1's two pieces anywhere on ranks 1–2: C(8, 2) positions.
    assert_eq!(bfs.positions, 28);
}

#[test]
fn forcing_lines_from_the_start_have_the_paper_lengths_and_end_in_the_goal() {
    let solved = solved::optimized_all();
    let table = &solved[&Kind::Basic];
    let analysis = play::analysis_of(Kind::Basic, solved);
    for (side, length) in [(0, 13), (1, 16)] {
        let start = Kind::Basic.initial()[side][0];
        let line = play::forcing_line(&analysis, table, start).unwrap();
        assert_eq!(line.len(), length);
        for (k, step) in line.iter().enumerate() {
            assert_eq!(step.distance as usize, length - k);
            assert_eq!(step.value, Reach::Goal);
        }
        let last = line.last().unwrap();
        assert_eq!(analysis.terminal(&last.position), Some(Reach::Goal));
    }
}

#[cfg(feature = "cli")]
#[test]
fn the_forcing_line_from_the_start_is_pinned() {
    let run = cli(&[
        "geister",
        "line",
        "--analysis",
        "basic",
        "--to-move",
        "first",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    snapshot!("geister_line_basic_first", run.stdout);
}

#[cfg(feature = "cli")]
#[test]
fn cli_json_summary_has_the_documented_shape() {
    let run = cli(&["geister", "--analysis", "basic", "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(json["analysis"], "basic");
    assert_eq!(json["states"], 21840);
    assert_eq!(json["values"]["1"], 12339);
    assert_eq!(json["distances"]["20"], 6);
    assert_eq!(json["initial"]["first_to_move"]["distance"], 13);
    assert_eq!(json["initial"]["second_to_move"]["value"], 1);
    let naive = cli(&[
        "geister",
        "--analysis",
        "basic",
        "--json",
        "--solver",
        "naive",
    ]);
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&naive.stdout).unwrap(),
        json
    );
}

#[cfg(feature = "cli")]
#[test]
fn cli_show_gives_value_distance_and_best_moves() {
    let run = cli(&["geister", "show", "b1,c1/b4,c4 2", "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(json["value"], 1);
    assert_eq!(json["distance"], 16);
    // Player 2 is forced: every best move resists for 15 more.
    for m in json["best_moves"].as_array().unwrap() {
        assert_eq!(m["distance"], 15);
    }
    let text = cli(&["geister", "show", "a4,c1/b4,c4 1"]);
    assert!(
        text.stdout.contains("decided by the rules"),
        "{}",
        text.stdout
    );
}

#[cfg(feature = "cli")]
#[test]
fn cli_line_writes_an_svg() {
    let path = std::env::temp_dir().join(format!("geister-line-{}.svg", std::process::id()));
    let run = cli(&[
        "geister",
        "line",
        "--to-move",
        "second",
        "--svg",
        path.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let svg = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).ok();
    assert!(svg.starts_with("<svg"));
    // 16 boards, each with one turn dot, and the legend's dot.
    assert_eq!(svg.matches("<circle").count(), 17);
    // A picture that scales and says what it shows: a viewBox the size of
    // the picture, a title (as <title> and as visible text) naming the
    // analysis and the start, and a legend of every mark used.
    let attribute = |name: &str| -> String {
        let head = &svg[..svg.find('>').unwrap()];
        let at = head.find(&format!(" {name}=\"")).expect(name) + name.len() + 3;
        head[at..at + head[at..].find('"').unwrap()].to_string()
    };
    let (width, height): (f64, f64) = (
        attribute("width").parse().unwrap(),
        attribute("height").parse().unwrap(),
    );
    assert_eq!(attribute("viewBox"), format!("0 0 {width} {height}"));
    let title = svg
        .split_once("<title>")
        .and_then(|(_, rest)| rest.split_once("</title>"))
        .map(|(title, _)| title.to_string())
        .expect("a <title>");
    assert!(
        title.contains("analysis basic") && title.contains("b1,c1/b4,c4 2"),
        "{title}"
    );
    assert!(
        svg.contains(&format!(">{title}</text>")),
        "the title is shown"
    );
    for legend in [
        "player 1",
        "player 2",
        "blue",
        "red",
        "colour unknown",
        "side to move",
    ] {
        assert!(
            svg.contains(&format!(">{legend}")),
            "legend entry {legend:?}"
        );
    }
    // Nothing drawn outside the picture, and the title fits its width
    // (16 px sans-serif: at most about 0.6 em per character).
    for coordinate in ["x", "x1", "x2", "cx"] {
        for part in svg.split(&format!(" {coordinate}=\"")).skip(1) {
            let value: f64 = part[..part.find('"').unwrap()].parse().unwrap();
            assert!((0.0..=width).contains(&value), "{coordinate} = {value}");
        }
    }
    for coordinate in ["y", "y1", "y2", "cy"] {
        for part in svg.split(&format!(" {coordinate}=\"")).skip(1) {
            let value: f64 = part[..part.find('"').unwrap()].parse().unwrap();
            assert!((0.0..=height).contains(&value), "{coordinate} = {value}");
        }
    }
    assert!(
        title.chars().count() as f64 * 16.0 * 0.6 <= width,
        "{title}"
    );
}

#[cfg(feature = "cli")]
#[test]
fn cli_rejects_bad_input_with_one_line() {
    assert_input_error(&["geister", "--analysis", "nope"]);
    assert_input_error(&["geister", "show", "b1,c1/b4,c4"]);
    assert_input_error(&["geister", "show", "b1,c1/b4,c4 3"]);
    assert_input_error(&["geister", "show", "b1,e1/b4,c4 1"]);
    assert_input_error(&["geister", "show", "b1,b1/b4,c4 1"]);
    assert_input_error(&["geister", "show", "b1,c1,d1/b4,c4 1"]);
    assert_input_error(&["geister", "show", "b1,c1/b4,c4,d4 1"]);
    assert_input_error(&["geister", "show", ""]);
    assert_input_error(&["geister", "line", "--analysis", "rbr-vs-br"]);
}

proptest! {
    #[test]
    fn position_notation_round_trips(i in 0usize..2_184_000) {
        let space = Space::new(Kind::Det.layouts());
        let p = space.position(i);
        let q: Position = p.to_string().parse().unwrap();
        prop_assert_eq!(p, q);
    }
}

#[test]
fn a_bad_position_is_refused_with_the_variant_naming_what_is_wrong() {
    use solved_games::core::Player;
    use solved_games::games::geister::rules::{
        parse_square, InvalidPosition, ParsePositionError, ParseSquareError, WrittenPosition,
    };
    let err = |text: &str| text.parse::<Position>().unwrap_err();
    assert!(matches!(
        err("b1,c1/b4,c4"),
        ParsePositionError::MissingSideToMove
    ));
    assert!(
        matches!(err("b1,c1/b4,c4 3"), ParsePositionError::UnknownSide { text } if text == "3")
    );
    assert!(matches!(
        err("b1,c1 b4,c4 1"),
        ParsePositionError::MissingSlash
    ));
    assert!(matches!(
        err("b1,e1/b4,c4 1"),
        ParsePositionError::Square(ParseSquareError::UnknownSquare { text }) if text == "e1"
    ));
    assert!(matches!(
        err("b1,Rb1/b4,c4 1"),
        ParsePositionError::Invalid(InvalidPosition::SquareTwice { square: 1 })
    ));
    assert!(matches!(
        err("/b4,c4 1"),
        ParsePositionError::Invalid(InvalidPosition::NoPieces {
            side: Player::First
        })
    ));
    assert!(matches!(
        err("b1,c1/ 2"),
        ParsePositionError::Invalid(InvalidPosition::NoPieces {
            side: Player::Second
        })
    ));
    assert!(matches!(
        parse_square("a5"),
        Err(ParseSquareError::UnknownSquare { text }) if text == "a5"
    ));
    // Parse, then validate: a position with a doubled square is still read.
    let written: WrittenPosition = "b1,b1/b4,c4 1".parse().unwrap();
    assert_eq!(written.pieces[0].len(), 2);
    assert!(written.validate().is_err());
}

#[cfg(feature = "cli")]
#[test]
fn a_bad_position_or_analysis_reads_as_before() {
    use solved_games::games::geister::analysis::ParseKindError;
    assert_eq!(
        "b1,e1/b4,c4 1".parse::<Position>().unwrap_err().to_string(),
        "\"e1\" is not a square a1..d4"
    );
    assert_eq!(
        "b1,b1/b4,c4 1".parse::<Position>().unwrap_err().to_string(),
        "square b1 is occupied twice"
    );
    assert_eq!(
        "b1,c1/b4,c4 3".parse::<Position>().unwrap_err().to_string(),
        "side to move \"3\" is not 1 or 2"
    );
    let kind = "nope".parse::<Kind>().unwrap_err();
    assert!(matches!(&kind, ParseKindError::UnknownAnalysis { text } if text == "nope"));
    assert!(kind
        .to_string()
        .starts_with("unknown analysis \"nope\" (one of basic, det, "));
    let run = cli(&["geister", "show", "b1,b1/b4,c4 1"]);
    assert_eq!(
        run.stderr.trim_end(),
        "solved-games: error: bad position \"b1,b1/b4,c4 1\": square b1 is occupied twice"
    );
}
