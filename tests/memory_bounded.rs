//! §4 item 3, bounded memory M (SPEC.md "Memory variants" → "Bounded memory M").

use num_rational::BigRational;
use solved_games::games::memory::analysis::zero_memory_first_player_wins;
use solved_games::games::memory::variants::bounded::optimized::BoundedTable;
use solved_games::games::memory::variants::bounded::{naive, notation};
use solved_games::games::memory::variants::{optimized::VariantTable, Variant};

#[test]
fn memory_zero_is_the_zero_memory_game() {
    let table = BoundedTable::build(0, 12).expect("solves");
    for n in 1..=12 {
        assert_eq!(
            table.start(n),
            Some(zero_memory_first_player_wins(n)),
            "N = {n}"
        );
    }
}

#[test]
fn memory_of_every_card_is_the_papers_game() {
    for pairs in 1..=4 {
        let table = BoundedTable::build(2 * pairs, pairs).expect("solves");
        let paper = VariantTable::build(Variant::Paper, pairs);
        let f: BigRational = paper.start(pairs).mover;
        assert_eq!(table.start(pairs), Some(f), "N = {pairs}");
    }
}

/// Naive (explicit row, its own cycle solution) = optimized (patterns,
/// `solve::stochastic_game`) on every state both reach: N ≤ 3 for every
/// M ≤ 6 (M = 6 = 2N is the paper's game), N = 4 for M ≤ 3.
#[test]
fn naive_matches_optimized_on_every_state() {
    let cases: Vec<(usize, usize)> = (0..=6)
        .map(|m| (m, 3))
        .chain((0..=3).map(|m| (m, 4)))
        .collect();
    for (m, pairs) in cases {
        let table = BoundedTable::build(m, pairs).expect("solves");
        let rows = naive::solve(m, pairs);
        let mut compared = 0;
        for (n, pattern, passed, v) in table.states() {
            let name = notation(n, &pattern, passed);
            let w = rows
                .get(&name)
                .unwrap_or_else(|| panic!("M = {m}: the row never reaches {name}"));
            assert_eq!(&v, w, "M = {m}, {name}");
            compared += 1;
        }
        assert!(compared >= pairs, "M = {m}, N = {pairs}: {compared} states");
    }
}

#[test]
fn states_are_named_oldest_first() {
    assert_eq!(notation(4, &[1, 0, 2, 1], false), "n=4 [a 1 b a]");
    assert_eq!(notation(2, &[], true), "n=2 [] after a pass");
}
