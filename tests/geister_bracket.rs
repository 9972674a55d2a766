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
