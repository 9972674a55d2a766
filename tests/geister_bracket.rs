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
