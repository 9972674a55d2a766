//! The memory variants of document 004 §4 solved twice: the count
//! recurrence and the explicit-row search agree on every state both reach.

use solved_games_memory_variants::variants::naive::RowSearch;
use solved_games_memory_variants::variants::optimized::VariantTable;
use solved_games_memory_variants::variants::{Variant, VariantState};
use solved_games_reference::games::memory::optimized::{exact_table, Extent};

fn name(s: &VariantState) -> String {
    let family = if s.ones_known == 0 { 'F' } else { 'G' };
    format!("{family}({},{},{})", s.n, s.m, s.k)
}

fn agree_up_to(variant: Variant, pairs: usize) -> usize {
    let table = VariantTable::build(variant, pairs);
    // The packed path too, directly against the row (not only through
    // the `BigInt` table).
    let packed = solved_games_memory_variants::variants::packed::PackedTable::build(variant, pairs);
    let mut search = RowSearch::new(variant);
    let mut checked = 0;
    for s in table.states(pairs) {
        let fast = table.value(s).expect("in the table");
        let slow = search.state_value(&name(&s), s.lead, s.passed).unwrap();
        assert_eq!(
            (&fast.mover, &fast.other, &fast.draw),
            (&slow.mine, &slow.theirs, &slow.draw),
            "{variant}: {s}"
        );
        let quick = packed.value(s).expect("in the packed table");
        assert_eq!(
            (&quick.mover, &quick.other, &quick.draw),
            (&slow.mine, &slow.theirs, &slow.draw),
            "{variant}, packed: {s}"
        );
        checked += 1;
    }
    checked
}

#[test]
fn naive_matches_optimized_every_variant_up_to_6_pairs() {
    for variant in Variant::ALL {
        let checked = agree_up_to(variant, 6);
        assert!(checked >= 150, "{variant}: {checked} states");
    }
}

#[test]
fn leads_beyond_the_pairs_left_are_decided() {
    // The table clamps the lead to −n..=n; the row search does not.
    let table = VariantTable::build(Variant::Pairs, 5);
    let mut search = RowSearch::new(Variant::Pairs);
    for lead in [-9, -6, 6, 9] {
        for s in ["F(4,1,1)", "G(4,0,2)", "F(5,0,2)"] {
            let row = search.state_value(s, lead, true).unwrap();
            let (ones, n, m, k) = match s {
                "F(4,1,1)" => (0, 4, 1, 1),
                "G(4,0,2)" => (1, 4, 0, 2),
                _ => (0, 5, 0, 2),
            };
            let state = VariantState {
                ones_known: ones,
                n,
                m,
                k,
                lead,
                passed: true,
            };
            assert_eq!(table.value(state).unwrap().mover, row.mine, "{s} {lead}");
        }
    }
}

#[test]
fn the_two_pass_rule_keeps_the_papers_values() {
    // §2.1's f and g (passing for ever draws) equal the paper's scoring
    // under "two passes in a row end the game", on every state n ≤ 20.
    let paper = exact_table(20, Extent::Full, false);
    let ours = VariantTable::build(Variant::Paper, 20);
    let mut checked = 0;
    for s in paper.states() {
        let v = VariantState {
            ones_known: u8::from(s.family == solved_games_reference::games::memory::Family::G),
            n: s.pairs,
            m: s.known_pairs,
            k: s.known_singles,
            lead: 0,
            passed: false,
        };
        assert_eq!(
            &ours.value(v).unwrap().mover,
            &paper.value(s).unwrap(),
            "{s}"
        );
        checked += 1;
    }
    assert!(checked > 2500);
}

#[test]
fn paper_draws_match_the_draw_analysis() {
    // The fewest-draws tie-break of the paper variant against
    // analysis::draw_probabilities on the §2.1 table, every state n ≤ 12.
    use solved_games_reference::games::memory::analysis::draw_probabilities;
    use solved_games_reference::games::memory::rules::TieBreak;
    let paper = exact_table(12, Extent::Full, true);
    let draws = draw_probabilities(&paper, TieBreak::FewestDraws).unwrap();
    let ours = VariantTable::build(Variant::Paper, 12);
    for s in paper.states() {
        let v = VariantState {
            ones_known: u8::from(s.family == solved_games_reference::games::memory::Family::G),
            n: s.pairs,
            m: s.known_pairs,
            k: s.known_singles,
            lead: 0,
            passed: false,
        };
        assert_eq!(ours.value(v).unwrap().draw, draws.value(s).unwrap(), "{s}");
    }
}

#[test]
fn start_values_match_the_whole_table_up_to_14_pairs() {
    // Both start-value paths (the `BigInt` one and the packed one) keep two
    // layers and, for the pairs variant, only the leads a game of N pairs
    // reaches; every start each gives must equal the whole table's (which
    // keeps every lead −n..=n).
    use solved_games_memory_variants::variants::{optimized, packed};
    for variant in Variant::ALL {
        let table = VariantTable::build(variant, 14);
        for starts in [
            optimized::start_values(variant, 14),
            packed::start_values(variant, 14),
        ] {
            assert_eq!(starts.len(), 14);
            for (i, v) in starts.iter().enumerate() {
                assert_eq!(v, &table.start(i + 1), "{variant}, N = {}", i + 1);
            }
        }
    }
}

#[test]
fn packed_limbs_equal_the_bigint_table_on_every_state_up_to_12_pairs() {
    // The fast path (numerators packed in u64 limbs, layers split across
    // threads) against the `BigInt` recurrence, which the row search checks
    // on every state n ≤ 6: every (F/G, m, k), every lead −(n+2)..=n+2 (the
    // clamp included) and both pass flags, all four variants.
    use solved_games_memory_variants::variants::packed::PackedTable;
    for variant in Variant::ALL {
        let reference = VariantTable::build(variant, 12);
        let packed = PackedTable::build(variant, 12);
        let mut checked = 0;
        for n in 1..=12usize {
            let reach = if variant.counts_pairs() {
                n as i64 + 2
            } else {
                0
            };
            for ones in [0u8, 1] {
                for m in 0..=n {
                    for k in 0..=n {
                        if !VariantState::exists(ones, n, m, k) {
                            continue;
                        }
                        for lead in -reach..=reach {
                            for passed in [false, true] {
                                let s = VariantState {
                                    ones_known: ones,
                                    n,
                                    m,
                                    k,
                                    lead,
                                    passed,
                                };
                                assert_eq!(packed.value(s), reference.value(s), "{variant}: {s}");
                                checked += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(checked > 1000, "{variant}: {checked}");
    }
}

#[test]
fn start_values_are_the_same_on_one_and_two_threads() {
    // Each block of a layer is split across threads; every state is a pure
    // function of what it reads, so the values must not depend on the split.
    use solved_games_memory_variants::variants::packed::start_values;
    use solved_games_memory_variants::variants::TieRule;
    let on = |threads: usize, variant: Variant, pairs: usize| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| start_values(variant, pairs))
    };
    for (variant, pairs) in [
        (Variant::Pairs, 24),
        (Variant::Points(TieRule::AvoidPass), 40),
    ] {
        let one = on(1, variant, pairs);
        assert_eq!(one, on(2, variant, pairs), "{variant}");
        assert_eq!(one, on(3, variant, pairs), "{variant}");
    }
}
