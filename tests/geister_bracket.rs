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
