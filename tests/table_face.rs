//! The second face, `games::Table`, checked generically for every game on
//! small tables: the canonical order agrees with `index`, every row reads
//! back from its text, sizes and random instances stay in their table,
//! values and parameters read back from their text, and the naive and
//! optimized solvers' whole tables agree row by row.

use solved_games::games::geister::face::Geister;
use solved_games::games::memory::face::Memory;
use solved_games::games::nim::face::Nim;
use solved_games::games::stones::face::StoneGames;
use solved_games::games::yen::face::Yen;
use solved_games::games::{Solver, Table};
use std::collections::HashSet;

/// Every property of the face on the table `params`; `naive` also compares
/// the naive solver's whole table. Returns the number of rows.
fn check<G: Table>(params: &str, naive: bool) -> usize
where
    G::Value: Clone,
{
    let params: G::Params = params.parse().expect("parameters read");
    let again: G::Params = params.to_string().parse().expect("written parameters read");
    assert_eq!(again, params, "parameters write back");
    let instances = G::instances(&params);
    assert!(!instances.is_empty());
    let index = G::indexer(&params);
    let mut texts = HashSet::new();
    for (i, instance) in instances.iter().enumerate() {
        let text = instance.to_string();
        let mut written = String::new();
        G::write_instance(instance, &mut written);
        assert_eq!(written, text, "write_instance is Display");
        assert!(texts.insert(text.clone()), "{text} listed twice");
        assert_eq!(index(instance), Some(i), "{text} at row {i}");
        let read = G::parse_instance(&params, &text).expect("row reads back");
        assert_eq!(read.to_string(), text);
        // `index` and `solve` build a whole structure each call: sampled.
        if i % 997 == 0 {
            assert_eq!(G::index(&params, &read), Some(i));
        }
        assert!(G::size_of(instance) <= G::bound(&params));
    }
    let sizes: HashSet<u64> = instances.iter().map(|i| G::size_of(i)).collect();
    let mut rng = fastrand::Rng::with_seed(22);
    for &size in &sizes {
        let of_size = G::instances_of_size(&params, size);
        assert!(!of_size.is_empty());
        assert!(of_size.iter().all(|i| G::size_of(i) == size));
        let bounded = G::with_bound(&params, size);
        for _ in 0..5 {
            let random = G::random(&params, size, &mut rng).expect("an instance of the size");
            assert_eq!(G::size_of(&random), size, "{random}");
            assert!(
                G::index(&bounded, &random).is_some(),
                "{random} in its table"
            );
        }
    }
    let optimized = G::table(Solver::Optimized, &params).expect("within reach");
    assert_eq!(optimized.len(), instances.len());
    for (i, ((instance, value), listed)) in optimized.iter().zip(&instances).enumerate() {
        assert_eq!(instance.to_string(), listed.to_string());
        let text = G::write_value(value);
        assert_eq!(&G::parse_value(&text).expect("value reads back"), value);
        if i % 997 == 0 {
            assert_eq!(&G::solve(Solver::Optimized, instance).unwrap(), value);
        }
    }
    if naive {
        let naive = G::table(Solver::Naive, &params).expect("within the naive reach");
        for ((i, a), (_, b)) in optimized.iter().zip(&naive) {
            assert_eq!(a, b, "{i}: optimized vs naive");
        }
    }
    instances.len()
}

#[test]
fn nim_table_face() {
    assert_eq!(check::<Nim>("piles=3 max=5", true), 216);
    assert_eq!(check::<Nim>("piles=2 max=12", true), 169);
}

#[test]
fn stone_tables_face() {
    for game in 1..=4 {
        assert_eq!(
            check::<StoneGames>(&format!("game={game} min=-1 max=2 length=4"), true),
            340
        );
    }
    assert_eq!(
        check::<StoneGames>("game=5 min=0 max=2 length=2", true),
        9 + 81
    );
}

#[test]
fn memory_table_face() {
    // Σ_{n ≤ 6} n(n+1) = 112 states.
    assert_eq!(check::<Memory>("n=6", true), 112);
}

#[test]
fn geister_table_face() {
    assert_eq!(check::<Geister>("analysis=basic", true), 21_840);
}

#[test]
fn yen_table_face() {
    check::<Yen>("total=4 rounds=3", true);
    check::<Yen>("total=6 rounds=4", false);
}

#[test]
fn bad_parameters_are_refused() {
    for (bad, why) in [
        ("piles=0", "1 to 64 piles"),
        // Counted, not built: this asked for a vector of 2^64 piles (a
        // panic), and 2^32 piles for 16 GB.
        ("piles=18446744073709551615 max=0", "1 to 64 piles"),
        ("piles=4294967296 max=1", "1 to 64 piles"),
        ("max=nine", "not a valid max"),
        ("pile=3", "unknown key"),
        ("max=3 max=4", "given twice"),
        ("piles=3 max=400", "10^7"),
    ] {
        let e = bad
            .parse::<<Nim as Table>::Params>()
            .unwrap_err()
            .to_string();
        assert!(e.contains(why), "{bad}: {e}");
    }
    assert!("game=6".parse::<<StoneGames as Table>::Params>().is_err());
    assert!("min=3 max=1"
        .parse::<<StoneGames as Table>::Params>()
        .is_err());
    assert!("n=0".parse::<<Memory as Table>::Params>().is_err());
    assert!("analysis=chess"
        .parse::<<Geister as Table>::Params>()
        .is_err());
    assert!("rounds=0".parse::<<Yen as Table>::Params>().is_err());
    // Sizes whose cost is out of all proportion: refused by an estimate,
    // as Nim's 10^7 positions are.
    for bad in [
        "total=60 rounds=100",
        "total=40 rounds=10",
        "total=30 rounds=10",
    ] {
        let e = bad
            .parse::<<Yen as Table>::Params>()
            .unwrap_err()
            .to_string();
        assert!(e.contains("estimated"), "{bad}: {e}");
    }
    for good in [
        "total=20 rounds=10",
        "total=12 rounds=100",
        "total=60 rounds=1",
    ] {
        assert!(good.parse::<<Yen as Table>::Params>().is_ok(), "{good}");
    }
    let e = "min=1 max=1 length=100000"
        .parse::<<StoneGames as Table>::Params>()
        .unwrap_err()
        .to_string();
    assert!(e.contains("estimated"), "{e}");
    assert!(Nim::parse_value("won").is_err());
    assert!(Geister::parse_value("1").is_err());
    assert!(Memory::parse_value("1/0").is_err());
}
