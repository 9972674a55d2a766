//! The judge of document 003's purple strategies (`geister::bracket`):
//! each strategy, fixed, against a best response that knows its own
//! colours and plays every legal move, valued with endless play 0 and
//! certified; the second evaluator (reachability) must give the same.

use solved_games::games::geister::analysis::Kind;
use solved_games::games::geister::bracket::judge_kind;

fn judged(kind: Kind, paper: &str) {
    for g in judge_kind(kind) {
        assert!(g.certified, "{g:?}: a certificate failed its check");
        assert_eq!(g.guarantee, paper, "{g:?}");
        assert_eq!(g.naive, g.guarantee, "{g:?}: the evaluators disagree");
    }
}

#[test]
fn the_three_piece_purple_strategy_guarantees_one_third_section_6_2_1() {
    judged(Kind::BbrVsBr, "1/3");
}

#[test]
fn the_two_piece_purple_strategy_holds_blue_blue_red_to_one_half_section_6_2_2() {
    judged(Kind::BrVsBbrHalf, "-1/2");
}

#[test]
fn two_vs_two_purple_play_guarantees_zero_section_3() {
    judged(Kind::Basic, "0");
}

#[test]
fn the_two_piece_side_guarantees_zero_against_red_red_blue_section_6_1_2() {
    judged(Kind::BrVsBrr, "0");
}

#[test]
fn the_red_red_blue_side_guarantees_zero_section_6_1_1() {
    judged(Kind::RbrVsBr, "0");
}

#[test]
fn a_seeded_match_against_the_best_response_lands_within_its_interval() {
    use solved_games::games::geister::bracket::{judge, montecarlo, SCALE};
    use solved_games::solve::endless_mdp::bounds;
    for (kind, value) in [(Kind::BbrVsBr, 1.0 / 3.0), (Kind::BrVsBbrHalf, -0.5)] {
        let tables = judge::tables(kind);
        let colours = judge::responder_colours(kind);
        for starts in kind.initial() {
            for army in judge::responder_types(&starts[0], &colours) {
                let mut p = starts[0];
                p.p2 = army;
                let (problem, roots) = judge::problem(kind, &tables, &[p]);
                let b = bounds(&problem.nodes, SCALE, 1_000_000).unwrap();
                let (mean, se) = montecarlo::match_mean(&problem, &b, roots[0], 4000, 400, 24);
                println!("{kind} from {p}: mean {mean:.4} ± {se:.4}, certified {value:.4}");
                // A match that draws nothing would prove nothing.
                assert!(se > 0.0, "{kind} from {p}: no randomness in the match");
                assert!(
                    (mean - value).abs() <= 4.0 * se + 1e-9,
                    "{kind} from {p}: mean {mean} ± {se}, certified {value}"
                );
            }
        }
    }
}

/// Runs `solved-games geister bracket ARGS`, on one rayon thread or the
/// default pool; returns (exit code, standard output).
#[cfg(feature = "cli")]
fn bracket(args: &[&str], one_thread: bool) -> (i32, String) {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_solved-games"));
    cmd.args(["geister", "bracket"]).args(args);
    if one_thread {
        cmd.env("RAYON_NUM_THREADS", "1");
    }
    let out = cmd.output().expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).expect("UTF-8"),
    )
}

/// The text with every check time (`check 1.9 ms`) replaced by `check _`.
#[cfg(feature = "cli")]
fn without_times(text: &str) -> String {
    text.lines()
        .map(|l| match l.find("check ") {
            Some(i) if l.ends_with(" ms") => format!("{}check _", &l[..i]),
            _ => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every field named `*_seconds` of a JSON document set to null.
#[cfg(feature = "cli")]
fn json_without_times(v: &mut serde_json::Value) {
    match v {
        serde_json::Value::Object(map) => {
            for (k, x) in map.iter_mut() {
                if k.ends_with("_seconds") {
                    assert!(x.is_number(), "{k} is a number: {x}");
                    *x = serde_json::Value::Null;
                } else {
                    json_without_times(x);
                }
            }
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(json_without_times),
        _ => {}
    }
}

/// `geister bracket` sets the certified bracket beside the paper's for
/// each turn order, names the families reaching each end and every
/// certificate (its states and check time), and prints the same bytes but
/// the times on one thread as on the default pool, as text and as JSON.
#[cfg(feature = "cli")]
#[test]
fn geister_bracket_prints_the_certified_bracket_beside_the_papers() {
    let (code, text) = bracket(&[], false);
    assert_eq!(code, 0, "{text}");
    let (code, again) = bracket(&[], true);
    assert_eq!(code, 0);
    assert_eq!(without_times(&text), without_times(&again));
    for order in ["three-piece side first", "two-piece side first"] {
        let at = text
            .find(order)
            .unwrap_or_else(|| panic!("{order}: {text}"));
        let section = &text[at..];
        // Up to the blank line before the next order.
        let section = &section[..section.find("\n\n").unwrap_or(section.len())];
        assert!(
            section.contains("  paper (§6.2.2): [1/3, 1/2]\n"),
            "{section}"
        );
        assert!(
            section.contains("  certified:      [1/3, 1/2]\n"),
            "{section}"
        );
        assert!(
            section
                .contains("  L = 1/3 by §6.2.1: P1 purple (bbr-vs-br); L: P1 splits its red set"),
            "{section}"
        );
        assert!(
            section
                .contains("  U = 1/2 by §6.2.2: P2 purple, random captures (br-vs-bbr-half); U: "),
            "{section}"
        );
    }
    // Two starts × (2 + 2 + 3 + 3) colourings, each with its certificate.
    let certificates: Vec<&str> = text
        .lines()
        .filter(|l| l.contains(" states, check "))
        .collect();
    assert_eq!(certificates.len(), 20, "{text}");
    for l in &certificates {
        let states: usize = l
            .split(", ")
            .nth(1)
            .and_then(|x| x.strip_suffix(" states"))
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{l}"));
        assert!(states > 100, "{l}");
    }
    assert!(!text.contains("NOT CERTIFIED"), "{text}");

    let (code, json) = bracket(&["--json"], false);
    assert_eq!(code, 0);
    let (_, json_one) = bracket(&["--json"], true);
    let mut v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let mut w: serde_json::Value = serde_json::from_str(&json_one).expect("JSON");
    json_without_times(&mut v);
    json_without_times(&mut w);
    assert_eq!(v, w);
    assert_eq!(v["certified"], true);
    for (key, first) in [("three_pieces_first", true), ("two_pieces_first", false)] {
        assert_eq!(v[key]["L"], "1/3", "{key}");
        assert_eq!(v[key]["U"], "1/2", "{key}");
        let order = v["bracket"]["orders"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["p1_first"] == first)
            .unwrap();
        assert_eq!(order["paper"], serde_json::json!(["1/3", "1/2"]));
        assert_eq!(order["l"]["families"].as_array().unwrap().len(), 2);
        assert!(order["u"]["states"].as_u64().unwrap() > 10_000);
    }
    assert_eq!(v["sanity"].as_array().unwrap().len(), 6);
}

/// The analyses of GEI-101..105.
const CLAIMED: [Kind; 5] = [
    Kind::BbrVsBr,
    Kind::BrVsBbrHalf,
    Kind::Basic,
    Kind::BrVsBrr,
    Kind::RbrVsBr,
];

#[test]
fn every_end_of_the_judged_problems_equals_the_model_written_apart() {
    use solved_games::games::geister::bracket::audit::judged;
    for kind in CLAIMED {
        let leaves = &judged(kind).leaves;
        assert_eq!(leaves.first_difference, None, "{kind}");
        assert_eq!(leaves.judge, leaves.model, "{kind}");
        // Escapes and captures are both there to be compared.
        for event in ["escape", "captured"] {
            assert!(
                leaves.by_event.get(event).copied().unwrap_or(0) > 0,
                "{kind}: no {event}"
            );
        }
    }
}

#[test]
fn against_a_fixed_responder_the_judged_value_is_seeded_play_under_real_colours() {
    use solved_games::games::geister::bracket::audit::judged;
    let mut escapes = 0;
    for kind in CLAIMED {
        for (i, m) in judged(kind).fixed.iter().enumerate() {
            assert!(m.agrees(), "{kind} problem {i}: {m:?}");
            if m.ending == "escape" {
                escapes += 1;
                // Player 1's colour is drawn, so the escape pays ±1 at random.
                assert!(m.se > 0.0, "{kind} problem {i}: {m:?}");
            }
        }
    }
    assert!(escapes >= 4, "only {escapes} matches end in an escape");
}
