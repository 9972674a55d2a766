//! Three players of document 004 §4 item 2 solved twice: the count
//! recurrence and the explicit-row search agree on every state both reach,
//! under max-n and paranoid play.

use num_rational::BigRational;
use num_traits::{One, Zero};
use solved_games_memory_variants::variants::three::naive::ThreeRowSearch;
use solved_games_memory_variants::variants::three::optimized::{
    max_n_starts, paranoid_starts, start_values, ThreeTable,
};
use solved_games_memory_variants::variants::three::packed::{self, PackedThreeTable};
use solved_games_memory_variants::variants::three::{Mode, PassRule, ThreeState};

/// Every state n ≤ `pairs` under `rule`: the table's max-n value equals
/// the row search's.
fn max_n_agrees_up_to(rule: PassRule, pairs: usize) -> usize {
    let table = ThreeTable::build_under(Mode::MaxN, rule, pairs);
    let mut search = ThreeRowSearch::under(rule);
    let mut checked = 0;
    for s in table.states(pairs) {
        let fast = table.value(s).unwrap();
        let fast = fast.max_n().unwrap();
        let slow = search.state_max_n(&s.name(), s.passes).unwrap();
        assert_eq!(
            (&fast.wins, &fast.draw),
            (&slow.wins, &slow.draw),
            "max-n {s}"
        );
        checked += 1;
    }
    checked
}

/// The same for the three paranoid guarantees of every state and the draw
/// chance of each focal seat's game; returns the states checked and how
/// many focal games have a draw chance above 0.
fn paranoid_agrees_up_to(rule: PassRule, pairs: usize) -> (usize, usize) {
    let table = ThreeTable::build_under(Mode::Paranoid, rule, pairs);
    let mut search = ThreeRowSearch::under(rule);
    let (mut checked, mut drawn) = (0, 0);
    for s in table.states(pairs) {
        let fast = table.value(s).unwrap();
        let fast = fast.paranoid().unwrap();
        for place in 0..3 {
            let slow = search.state_guarantee(&s.name(), s.passes, place).unwrap();
            assert_eq!(
                (&fast.guaranteed[place], &fast.draws[place]),
                (&slow.payoff, &slow.draw),
                "paranoid {s}, place {place}"
            );
            if fast.draws[place] > BigRational::zero() {
                drawn += 1;
            }
        }
        checked += 1;
    }
    (checked, drawn)
}

#[test]
fn naive_matches_optimized_max_n_up_to_6_pairs() {
    let checked = max_n_agrees_up_to(PassRule::FullRound, 6);
    assert!(checked >= 150, "{checked} states");
}

#[test]
fn naive_matches_optimized_max_n_two_passes_end_up_to_6_pairs() {
    let checked = max_n_agrees_up_to(PassRule::TwoInARow, 6);
    assert!(checked >= 100, "{checked} states");
}

#[test]
fn naive_matches_optimized_paranoid_two_passes_end_up_to_6_pairs() {
    let (checked, drawn) = paranoid_agrees_up_to(PassRule::TwoInARow, 6);
    assert!(checked >= 100, "{checked} states");
    assert!(drawn >= 50, "{drawn} focal games with a draw chance");
}

#[test]
fn the_pass_rule_changes_paranoid_play_not_max_n_up_to_8_pairs() {
    // Two passes ending the game change paranoid values (the option is not
    // a copy of the full round) but no max-n value on any state both rules
    // have; and no state after two passes exists under it.
    for mode in Mode::ALL {
        let full = ThreeTable::build(mode, 8);
        let two = ThreeTable::build_under(mode, PassRule::TwoInARow, 8);
        assert!(two.states(8).iter().all(|s| s.passes < 2));
        assert!(full.states(8).iter().any(|s| s.passes == 2));
        let differ = two
            .states(8)
            .into_iter()
            .filter(|s| full.value(*s) != two.value(*s))
            .count();
        match mode {
            Mode::MaxN => assert_eq!(differ, 0, "max-n"),
            Mode::Paranoid => assert!(differ >= 100, "{differ} paranoid states differ"),
        }
    }
    assert_eq!(PassRule::from_passes(2), Some(PassRule::TwoInARow));
    assert_eq!(PassRule::from_passes(3), Some(PassRule::FullRound));
    assert_eq!(PassRule::from_passes(1), None);
}

#[test]
fn naive_matches_optimized_paranoid_with_draws_up_to_6_pairs() {
    let (checked, drawn) = paranoid_agrees_up_to(PassRule::FullRound, 6);
    assert!(checked >= 150, "{checked} states");
    // Some focal games are drawn, so the draw chances compared are not all 0.
    assert!(drawn >= 50, "{drawn} focal games with a draw chance");
}

#[test]
fn every_state_adds_up_and_paranoid_is_a_guarantee_up_to_12_pairs() {
    // Max-n: the three winning chances and the draw add up to 1. Paranoid:
    // what a seat can guarantee against the other two is at most what it
    // gets in the max-n play (that play is one the other two could choose).
    let max_n = ThreeTable::build(Mode::MaxN, 12);
    let paranoid = ThreeTable::build(Mode::Paranoid, 12);
    let third = BigRational::new(1.into(), 3.into());
    let mut strictly_less = 0;
    for s in max_n.states(12) {
        let m = max_n.value(s).unwrap();
        let m = m.max_n().unwrap();
        let total: BigRational = m.wins.iter().sum::<BigRational>() + &m.draw;
        assert_eq!(total, BigRational::one(), "{s}");
        assert!(m.wins.iter().all(|w| *w >= BigRational::zero()), "{s}");
        let p = paranoid.value(s).unwrap();
        let p = p.paranoid().unwrap();
        for place in 0..3 {
            let payoff = &m.wins[place] + &m.draw * &third;
            assert!(p.guaranteed[place] <= payoff, "{s}, place {place}");
            if p.guaranteed[place] < payoff {
                strictly_less += 1;
            }
        }
    }
    // The coalition does hurt somewhere (else the paranoid side would be
    // a copy of max-n).
    assert!(strictly_less > 100, "{strictly_less}");
}

#[test]
fn start_values_match_the_whole_table_up_to_12_pairs() {
    for mode in Mode::ALL {
        let table = ThreeTable::build(mode, 12);
        let starts = start_values(mode, 12);
        for (i, v) in starts.iter().enumerate() {
            let whole = table.value(ThreeState::start(i + 1)).unwrap();
            assert_eq!(v, &whole, "{mode}, N = {}", i + 1);
        }
    }
}

#[test]
fn the_packed_path_equals_the_bigint_reference_on_every_state_up_to_12_pairs() {
    // The limb arena (`packed.rs`) against the `BigInt` table, all four or
    // six numbers of every state and pass count, both modes, both rules.
    for mode in Mode::ALL {
        for rule in PassRule::ALL {
            let slow = ThreeTable::build_under(mode, rule, 12);
            let fast = PackedThreeTable::build_under(mode, rule, 12);
            let states = slow.states(12);
            assert!(
                states.len() > 400,
                "{mode}, {rule}: {} states",
                states.len()
            );
            for s in states {
                assert_eq!(fast.value(s), slow.value(s), "{mode}, {rule}: {s}");
            }
            // Not a state under the rule, or past the table: no value.
            let after_two = ThreeState {
                ones_known: 0,
                n: 4,
                m: 1,
                k: 1,
                passes: 2,
            };
            assert_eq!(
                fast.value(after_two).is_some(),
                rule == PassRule::FullRound,
                "{rule}"
            );
            assert_eq!(fast.value(ThreeState::start(13)), None);
        }
    }
}

#[test]
fn packed_start_values_equal_the_reference_and_every_thread_count() {
    // The two-layer start values of the packed path equal the `BigInt`
    // recurrence's to N = 20, on one thread and on two.
    for mode in Mode::ALL {
        for rule in PassRule::ALL {
            let slow = solved_games_memory_variants::variants::three::optimized::start_values_under(
                mode, rule, 20,
            );
            for threads in [1, 2] {
                let pool = rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .unwrap();
                let fast = pool.install(|| packed::start_values_under(mode, rule, 20));
                assert_eq!(fast, slow, "{mode}, {rule}, {threads} threads");
            }
        }
    }
}

#[test]
fn one_and_two_pairs_by_hand() {
    // N = 1: seat 1 turns the two 1s. N = 2: seat 1's two cards match with
    // chance 1/3 (then it takes both pairs); otherwise a 1 and a 2 are
    // known, and seat 2 turns a card, knows where its twin lies and wins.
    let starts = max_n_starts(2);
    let q = |a: i64, b: i64| BigRational::new(a.into(), b.into());
    assert_eq!(starts[0].wins, [q(1, 1), q(0, 1), q(0, 1)]);
    assert_eq!(starts[1].wins, [q(1, 3), q(2, 3), q(0, 1)]);
    assert_eq!(starts[1].draw, q(0, 1));
    // Nobody can do better against the others at N ≤ 2: no choice matters.
    let p = paranoid_starts(2);
    assert_eq!(p[1].guaranteed, [q(1, 3), q(2, 3), q(0, 1)]);
}
