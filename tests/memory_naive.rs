//! The memory game's explicit-row search (document 004) against the §2.1
//! recurrence: values, draw probabilities and optimal turns. The two share
//! only the state names; states are matched by their text.
// The command-line tests run the binary, built only with the `cli` feature.
#![cfg_attr(not(feature = "cli"), allow(unused))]

use crate::common::{assert_input_error, cli};
use num_rational::BigRational;
use solved_games::games::memory::analysis::{self, optimal_plies, Ply};
use solved_games::games::memory::naive::{
    self, DrawPreference, Row, Search, SecondCard, Showed, TurnKind, TurnValues,
};
use solved_games::games::memory::optimized::{Extent, Table};
use solved_games::games::memory::rules::TieBreak;
use solved_games::games::memory::{Choice, Second};
use solved_games::progress::Progress;
use std::collections::{BTreeSet, HashMap};
use std::sync::atomic::{AtomicU64, Ordering};

/// The recurrence's values (or draw probabilities) by state name.
fn by_name(table: &Table<BigRational>) -> HashMap<String, BigRational> {
    table
        .states()
        .into_iter()
        .map(|s| (s.to_string(), table.value(s).expect("held")))
        .collect()
}

fn tie_break(preference: DrawPreference) -> TieBreak {
    match preference {
        DrawPreference::FewestDraws => TieBreak::FewestDraws,
        DrawPreference::MostDraws => TieBreak::MostDraws,
    }
}

/// Every row shape the search values on its way from the start of a game
/// with N ≤ 6 pairs is an F or G state with the recurrence's value, or has
/// both 1s known (the mover takes them: 1). All states with n ≤ N are
/// reached but three that no turn from the start leaves behind.
#[test]
fn naive_equals_recurrence_on_every_state_reached_from_the_start_up_to_6_pairs() {
    let recurrence = by_name(&Table::<BigRational>::build(6, Extent::Full, false));
    let one = BigRational::from_integer(1.into());
    for pairs in 1..=6 {
        let mut search = Search::new();
        let start = search.first_player_value(pairs);
        assert_eq!(start, recurrence[&format!("F({pairs},0,0)")], "N = {pairs}");
        let reached = search.valued();
        let mut named = 0;
        for (shape, value) in &reached {
            match shape.notation() {
                Some(name) => {
                    assert_eq!(*value, recurrence[&name], "N = {pairs}: {name}");
                    named += 1;
                }
                None => assert_eq!(*value, one, "N = {pairs}: {shape:?}"),
            }
        }
        // A turn turns two cards and takes a pair it finds, so no turn from
        // the start leaves one known card, or one known pair, and nothing
        // else known: F(N,0,1), G(N,0,1), F(N,1,0).
        let unreachable = [
            format!("F({pairs},0,1)"),
            format!("G({pairs},0,1)"),
            format!("F({pairs},1,0)"),
        ];
        let reachable = recurrence
            .keys()
            .filter(|name| {
                name[2..]
                    .split(',')
                    .next()
                    .unwrap()
                    .parse::<usize>()
                    .unwrap()
                    <= pairs
            })
            .filter(|name| !unreachable.contains(name))
            .count();
        assert_eq!(named, reachable, "N = {pairs}: states reached");
    }
}

/// The draw probabilities of the search (§2.1's turns only, ties broken
/// either way) equal the recurrence's at every state reached from the start,
/// N ≤ 6.
#[test]
fn naive_draw_probabilities_equal_recurrence_on_every_state_reached_up_to_6_pairs() {
    let table = Table::<BigRational>::build(6, Extent::Full, true);
    for preference in [DrawPreference::FewestDraws, DrawPreference::MostDraws] {
        let draws = by_name(&analysis::draw_probabilities(&table, tie_break(preference)).unwrap());
        for pairs in 1..=6 {
            let mut search = Search::new();
            search.draw_probability(&Row::start(pairs).unwrap(), preference);
            let mut compared = 0;
            for (shape, draw) in search.drawn(preference) {
                match shape.notation() {
                    Some(name) => {
                        assert_eq!(draw, draws[&name], "{preference:?} N = {pairs}: {name}");
                        compared += 1;
                    }
                    // Both 1s known: the mover takes them, no draw.
                    None => assert_eq!(draw, BigRational::from_integer(0.into())),
                }
            }
            // The same states as the values: every one reached.
            let valued = search
                .valued()
                .iter()
                .filter(|(s, _)| s.notation().is_some())
                .count();
            assert_eq!(compared, valued, "{preference:?} N = {pairs}");
        }
    }
}

/// Started from the row of every state with n ≤ 8, the search names the
/// state back and finds the recurrence's value.
#[test]
fn naive_equals_recurrence_from_every_state_row_up_to_8_pairs() {
    let table = Table::<BigRational>::build(8, Extent::Full, false);
    let mut search = Search::new();
    for state in table.states() {
        let name = state.to_string();
        let row = Row::from_notation(&name).unwrap();
        assert_eq!(row.shape().notation(), Some(name.clone()));
        assert_eq!(search.value(&row), table.value(state).unwrap(), "{name}");
    }
}

/// The recurrence's optimal options, rebuilt from what the search finds on
/// the row: taking a known pair and passing where those kinds of turn are
/// optimal, and, where an unknown first card is, every combination of the
/// best second cards of §2.1's cases (a), (b), (c) (the value of an option
/// is a sum over the cases, so its optimal ones are exactly those).
fn options_found_on_the_row(turns: &TurnValues) -> BTreeSet<Choice> {
    let value_of = |kind| turns.kinds.iter().find(|(k, _)| *k == kind).map(|(_, v)| v);
    let mut options = BTreeSet::new();
    if value_of(TurnKind::TakeKnownPair) == Some(&turns.value) {
        options.insert(Choice::TakeKnownPair);
    }
    if value_of(TurnKind::Pass) == Some(&turns.value) {
        options.insert(Choice::Pass);
    }
    let unknown_first = [TurnKind::OnePly, TurnKind::TwoPly]
        .into_iter()
        .filter_map(value_of)
        .max();
    if unknown_first != Some(&turns.value) {
        return options;
    }
    // The answers to one case: the best second cards, or `None` where the
    // case cannot happen, or (G's case (b), the 1's partner known) where the
    // recurrence records no choice because the 1s are taken.
    let answers_to = |case: Showed| -> Vec<Option<Second>> {
        match turns.answers.iter().find(|(showed, _)| *showed == case) {
            None => vec![None],
            Some((Showed::One, seconds)) if seconds == &[SecondCard::Partner] => vec![None],
            Some((_, seconds)) => seconds
                .iter()
                .map(|card| {
                    Some(match card {
                        SecondCard::Partner => Second::Take,
                        SecondCard::OtherKnown => Second::Known,
                        SecondCard::Unknown => Second::Unknown,
                    })
                })
                .collect(),
        }
    };
    for matched in answers_to(Showed::KnownNumber) {
        for one in answers_to(Showed::One) {
            for fresh in answers_to(Showed::NewNumber) {
                options.insert(Choice::OpenUnknown {
                    matched,
                    one,
                    fresh,
                });
            }
        }
    }
    options
}

/// On the row of every state with n ≤ 8 the search finds exactly the
/// recurrence's optimal options (§2.1 (F1)–(F3), (G1)–(G3)), and so the same
/// 0/1/2-ply; the row's one turn §2.1 does not list (a known card, then an
/// unknown one) never does better than §2.1's.
#[test]
fn naive_optimal_turns_equal_recurrence_options_up_to_8_pairs() {
    let table = Table::<BigRational>::build(8, Extent::Full, true);
    let mut search = Search::new();
    let mut plies_seen = BTreeSet::new();
    for state in table.states() {
        let best = table.best(state).unwrap();
        let turns = search.turn_values(&Row::from_notation(&state.to_string()).unwrap());
        let expected: BTreeSet<Choice> = best.iter().copied().collect();
        assert_eq!(
            options_found_on_the_row(&turns),
            expected,
            "{state}: {turns:?}"
        );
        // The kinds of turn by themselves give the recurrence's plies.
        let plies: BTreeSet<TurnKind> = optimal_plies(best)
            .into_iter()
            .map(|ply| match ply {
                Ply::Zero => TurnKind::Pass,
                Ply::One => TurnKind::OnePly,
                Ply::Two => TurnKind::TwoPly,
            })
            .collect();
        let found: BTreeSet<TurnKind> = turns
            .optimal()
            .into_iter()
            .filter(|kind| plies_of_the_document(*kind))
            .collect();
        assert_eq!(found, plies, "{state}: {turns:?}");
        let listed = turns
            .kinds
            .iter()
            .filter(|(kind, _)| *kind != TurnKind::KnownThenUnknown)
            .map(|(_, v)| v)
            .max()
            .unwrap();
        assert_eq!(
            *listed, turns.value,
            "{state}: §2.1's turns reach the value"
        );
        plies_seen.extend(found);
    }
    // Every ply is optimal somewhere, so each comparison above was tried.
    assert_eq!(plies_seen.len(), 3, "{plies_seen:?}");
}

fn plies_of_the_document(kind: TurnKind) -> bool {
    matches!(kind, TurnKind::Pass | TurnKind::OnePly | TurnKind::TwoPly)
}

/// The findings of §3.1/§3.2 the registry reports, on the explicit row: at
/// G(4,1), G(6,1), G(7,2) only 1-ply is optimal of the document's turns; at
/// G(4,3) 2-ply and not 0-ply; at F(5,1,3) and F(6,1,4) not 1-ply, but
/// taking the pair or passing.
#[test]
fn naive_row_shows_the_tendency_exceptions() {
    let mut search = Search::new();
    let mut optimal = |name: &str| {
        let turns = search.turn_values(&Row::from_notation(name).unwrap());
        let mut kinds = turns.optimal();
        kinds.retain(|kind| *kind != TurnKind::KnownThenUnknown);
        kinds
    };
    for name in ["G(4,1)", "G(6,1)", "G(7,2)"] {
        assert_eq!(optimal(name), [TurnKind::OnePly], "{name}");
    }
    let g43 = optimal("G(4,3)");
    assert!(g43.contains(&TurnKind::TwoPly) && !g43.contains(&TurnKind::Pass));
    for name in ["F(5,1,3)", "F(6,1,4)"] {
        let kinds = optimal(name);
        assert!(!kinds.contains(&TurnKind::OnePly), "{name}: {kinds:?}");
        assert!(kinds.contains(&TurnKind::TakeKnownPair) || kinds.contains(&TurnKind::Pass));
    }
}

#[test]
fn zero_memory_closed_form_equals_row_enumeration() {
    for n in 1..=40 {
        assert_eq!(
            analysis::zero_memory_first_player_wins(n),
            naive::zero_memory_first_player_wins(n),
            "N = {n}"
        );
    }
    // One pair: the first player turns over both 1s at once.
    assert_eq!(
        naive::zero_memory_first_player_wins(1),
        BigRational::from_integer(1.into())
    );
}

/// Counts what a solver reports.
struct Count(AtomicU64);

impl Progress for Count {
    fn advance(&self, units: u64) {
        self.0.fetch_add(units, Ordering::Relaxed);
    }
}

#[test]
fn first_player_value_reports_every_shape_valued() {
    let count = Count(AtomicU64::new(0));
    let value = naive::first_player_value(5, &count).unwrap();
    let mut search = Search::new();
    assert_eq!(value, search.first_player_value(5));
    assert_eq!(
        count.0.load(Ordering::Relaxed),
        search.valued().len() as u64
    );
    assert!(naive::first_player_value(0, &count).is_err());
}

#[cfg(feature = "cli")]
#[test]
fn cli_naive_solver_agrees_with_the_recurrence_up_to_8_pairs() {
    for n in ["3", "8"] {
        let naive = cli(&["memory", "--n", n, "--json", "--solver", "naive"]);
        let opt = cli(&["memory", "--n", n, "--json"]);
        assert_eq!(naive.code, 0, "{}", naive.stderr);
        assert_eq!(naive.stdout, opt.stdout);
    }
    assert_input_error(&["memory", "--n", "9", "--solver", "naive"]);
}

/// Proposition 2.1 (MEM-007) and the two §3.2 statements on known pairs
/// (MEM-016, MEM-017) are checked a second time by the explicit-row search
/// on every state they speak of with n ≤ 8, and the two solvers find the
/// same there (the row search's own count for MEM-017: pairs worth keeping
/// exist already at n ≤ 8).
#[test]
fn propositions_on_known_pairs_have_a_naive_half_up_to_8_pairs() {
    for id in ["MEM-007", "MEM-016", "MEM-017"] {
        let verdict = crate::common::verdict(id);
        let scope = verdict.evidence.naive_scope.as_ref();
        assert_eq!(scope.map(|s| s.part.as_str()), Some("n ≤ 8"), "{id}");
        assert_eq!(
            verdict.agree,
            Some(true),
            "{id}: optimized {:?}, naive {:?}",
            scope.map(|s| &s.optimized),
            verdict.evidence.naive
        );
    }
    let pays = crate::common::verdict("MEM-017");
    let naive = pays.evidence.naive.as_deref().expect("the row search ran");
    assert!(!naive.starts_with("0 of"), "{naive}");
}
