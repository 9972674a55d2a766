//! Mini-Geister tables reduced by the board's left–right mirror symmetry
//! (document 003 §2: 「左右対称なゲームなので…配置数を 1/2 ほどに減らすことも可能」):
//! every analysis's reduced table gives every position the value and
//! distance of the unreduced one, a position and its mirror image have equal
//! entries, and the reduced tables hold about half the entries.

use solved_games::games::geister::analysis::Kind;
use solved_games::games::geister::optimized::{self, Canonical, Reduction, Table};
use solved_games::games::geister::report::Census;
use solved_games::games::geister::rules::Position;
use solved_games::games::geister::symmetry::reflect;
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// Every analysis solved both ways, each way reading only its own tables.
fn tables() -> &'static [BTreeMap<Kind, Table>; 2] {
    static CELL: OnceLock<[BTreeMap<Kind, Table>; 2]> = OnceLock::new();
    CELL.get_or_init(|| {
        [Reduction::LeftRight, Reduction::Unreduced].map(|reduction| {
            let mut solved = BTreeMap::new();
            for kind in Kind::ALL {
                optimized::solve_into_with(kind, reduction, &mut solved);
            }
            solved
        })
    })
}

#[test]
fn tables_are_solved_the_way_they_were_asked_for() {
    let [reduced, unreduced] = tables();
    for kind in Kind::ALL {
        assert_eq!(reduced[&kind].reduction(), Reduction::LeftRight, "{kind}");
        assert_eq!(unreduced[&kind].reduction(), Reduction::Unreduced, "{kind}");
    }
    // The default is the reduced table.
    assert_eq!(
        optimized::solve(Kind::Basic).reduction(),
        Reduction::LeftRight
    );
}

#[test]
fn reduced_tables_give_every_position_the_unreduced_value_and_distance() {
    let [reduced, unreduced] = tables();
    for kind in Kind::ALL {
        let (r, u) = (&reduced[&kind], &unreduced[&kind]);
        assert_eq!(r.len(), u.len(), "{kind}: positions covered");
        for i in 0..u.space.len() {
            let p = u.space.position(i);
            assert_eq!(r.get(&p), u.get(&p), "{kind}: {p}");
        }
        assert_eq!(Census::of(r), Census::of(u), "{kind}: report");
    }
}

#[test]
fn a_position_and_its_mirror_image_have_equal_entries() {
    // Checked on the unreduced tables, which store the two separately: this
    // is the symmetry the reduction rests on.
    let [reduced, unreduced] = tables();
    let mut asymmetric = 0;
    for kind in Kind::ALL {
        let (r, u) = (&reduced[&kind], &unreduced[&kind]);
        for i in 0..u.space.len() {
            let p = u.space.position(i);
            let q = reflect(&p);
            asymmetric += usize::from(p != q);
            assert_eq!(u.get(&p), u.get(&q), "{kind}: {p} and {q}");
            assert_eq!(r.get(&p), r.get(&q), "{kind}: {p} and {q}");
        }
    }
    assert!(asymmetric > 0);
}

#[test]
fn start_positions_with_the_third_piece_on_either_side_have_the_same_values() {
    // §6 puts the third piece on the second row (「3 駒目は 2 行めに置く」) without
    // saying where: b2/b3 (reported) and c2/c3 are mirror images.
    let [reduced, unreduced] = tables();
    for kind in Kind::ALL {
        for starts in kind.initial() {
            for p in starts {
                let q = reflect(&p);
                for t in [&reduced[&kind], &unreduced[&kind]] {
                    assert_eq!(t.get(&p), t.get(&q), "{kind}: {p} and {q}");
                }
            }
        }
    }
    let p: Position = "b1,c1/b3,b4,c4 1".parse().unwrap();
    assert_eq!(reflect(&p).to_string(), "b1,c1/c3,b4,c4 1");
}

/// Positions, symmetric positions (their own mirror image), entries and
/// slots of every analysis, with the entries counted from the symmetric
/// positions found by brute force: one entry per symmetric position and one
/// per pair of mirror images.
#[test]
fn reduced_tables_hold_one_entry_per_position_and_mirror_image() {
    let [reduced, unreduced] = tables();
    let mut counts = Vec::new();
    for kind in Kind::ALL {
        let (r, u) = (&reduced[&kind], &unreduced[&kind]);
        let symmetric = (0..u.space.len())
            .map(|i| u.space.position(i))
            .filter(|p| reflect(p) == *p)
            .count();
        let mut entries = 0;
        let mut positions = 0;
        r.for_each_entry(|_, _, n| {
            entries += 1;
            positions += n;
        });
        assert_eq!(positions, u.len(), "{kind}");
        assert_eq!(entries, (u.len() + symmetric) / 2, "{kind}");
        let slots = Canonical::new(kind.layouts()).len();
        assert_eq!(r.entries().values.len(), slots, "{kind}");
        assert_eq!(u.entries().values.len(), u.len(), "{kind}");
        assert!(entries <= slots && slots < u.len(), "{kind}");
        counts.push(serde_json::json!({
            "analysis": kind.name(),
            "positions": u.len(),
            "symmetric": symmetric,
            "entries": entries,
            "slots": slots,
        }));
    }
    json_snapshot!("geister_reduced_counts", counts);
}
