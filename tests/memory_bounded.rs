//! §4 item 3, bounded memory M (SPEC.md "Memory variants" → "Bounded memory M").

use num_rational::BigRational;
use solved_games::games::memory::analysis::zero_memory_first_player_wins;
use solved_games::games::memory::variants::bounded::optimized::BoundedTable;
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

#[test]
#[ignore]
fn sizes() {
    for m in 1..=6 {
        let t = std::time::Instant::now();
        let table = BoundedTable::build(m, 12).expect("solves");
        let starts: Vec<String> = (1..=12)
            .map(|n| {
                format!(
                    "{:.5}",
                    solved_games::solve::exact::to_f64(&table.start(n).unwrap())
                )
            })
            .collect();
        eprintln!("M={m} {:?} {:?} {:?}", t.elapsed(), table.sizes(), starts);
    }
}
