//! The memory game with a special pair (document 004): the recurrence
//! against the explicit-board game, exact against float.

mod common;

use num_rational::BigRational;
use solved_games::games::memory::naive::Search;
use solved_games::games::memory::optimized::{Extent, Table};
use solved_games::games::memory::State;

#[test]
fn naive_equals_recurrence_on_every_visited_state() {
    let table = Table::<BigRational>::build(4, Extent::Full, false);
    for pairs in 1..=4 {
        let mut search = Search::new(pairs);
        assert_eq!(
            search.first_player_value(),
            table.f(pairs, 0, 0),
            "f({pairs},0,0)"
        );
        let visited = search.visited_states();
        assert!(!visited.is_empty());
        for (state, value) in visited {
            assert_eq!(table.value(state).unwrap(), value, "{state}");
        }
    }
}

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
fn reduced_table_equals_full_table() {
    let full = Table::<BigRational>::build(30, Extent::Full, false);
    let reduced = Table::<BigRational>::build(30, Extent::Reduced, false);
    for state in full.states() {
        assert_eq!(full.value(state), reduced.value(state), "{state}");
    }
}

#[test]
fn invalid_states_are_rejected() {
    assert!(State::f(3, 1, 2).is_err());
    assert!(State::g(3, 0, 0).is_err());
    assert!(State::g(3, 1, 3).is_err());
    assert!(State::f(3, 0, 2).is_ok());
}
