//! Published claims of 4×4 Mini-Geister (document 003, Tanaka & Takaoka).
//!
//! Every analysis is solved once per process by each solver (the retrograde
//! engine, and the naive sweeps over their own model of the rules, matched
//! by analysis name) and the claims read their reports; most of the time is
//! the naive full-information table (seconds).

use super::face::on_face;
use super::{Claim, Erratum, Evidence, GameId};
use crate::core::Player;
use crate::games::geister::analysis::{all_positions, Kind};
use crate::games::geister::face::Geister;
use crate::games::geister::rules::{self, neighbourhood, Army, Position, Squares};
use crate::games::geister::{mirror, naive, report::Census, solved};
use crate::solve::retrograde::Reach;
use num_rational::Ratio;
use std::collections::{BTreeMap, HashSet, VecDeque};
use std::sync::OnceLock;

/// Reports of every analysis by the optimized solver.
fn optimized_reports() -> &'static BTreeMap<Kind, Census> {
    static CELL: OnceLock<BTreeMap<Kind, Census>> = OnceLock::new();
    CELL.get_or_init(|| {
        solved::optimized_all()
            .iter()
            .map(|(k, t)| (*k, Census::of(t)))
            .collect()
    })
}

/// Reports of every analysis by the naive sweeps: the naive model's own
/// tables, matched to the engine's analyses by name.
fn naive_reports() -> &'static BTreeMap<Kind, Census> {
    static CELL: OnceLock<BTreeMap<Kind, Census>> = OnceLock::new();
    CELL.get_or_init(|| {
        solved::naive_all()
            .tables()
            .map(|t| {
                let kind: Kind = t.analysis.name().parse().expect("same analysis names");
                (kind, Census::of_naive(t))
            })
            .collect()
    })
}

/// One quantity of one analysis, from both solvers.
fn both(kind: Kind, render: fn(&Census) -> String) -> Evidence {
    let (optimized, naive) = reports();
    Evidence::both(render(&optimized[&kind]), render(&naive[&kind]))
}

/// The reports of both solvers. The two are independent: the first claim
/// that needs them solves the naive sweeps on a thread of their own beside
/// the engine (each parallel inside too), so it waits for the longer of the
/// two, not for both one after the other; the serial stretches of one (the
/// naive hash maps are built on one thread) overlap the other.
fn reports() -> (
    &'static BTreeMap<Kind, Census>,
    &'static BTreeMap<Kind, Census>,
) {
    std::thread::scope(|scope| {
        let naive = scope.spawn(naive_reports);
        let optimized = optimized_reports();
        let naive = naive
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        (optimized, naive)
    })
}

/// `value v, distance d` of a position of an analysis (`basic b1,c1/b4,c4 1`),
/// from both solvers through the face ([`Geister`]).
fn position_value(question: &str) -> Evidence {
    on_face::<Geister>(question, |_, v| {
        format!("value {}, distance {}", v.reach.sign(), v.distance)
    })
}

/// The values of both start positions, player 1 to move first.
fn starts(r: &Census) -> String {
    format!("{} {}", r.initial[0].value, r.initial[1].value)
}

/// The optimized table of one analysis.
fn optimized_table(kind: Kind) -> &'static crate::games::geister::optimized::Table {
    &solved::optimized_all()[&kind]
}

/// The naive table of one analysis.
fn naive_table(analysis: naive::Analysis) -> &'static naive::Table {
    solved::naive_all()
        .table(analysis)
        .expect("every analysis is swept")
}

/// §3's positions (two purples each, both sides to move), enumerated by the
/// engine's rules.
fn basic_positions() -> Vec<Position> {
    all_positions(&Kind::Basic.layouts())
}

/// A square set mirrored left to right (files a ↔ d, b ↔ c).
fn files_mirrored(set: Squares) -> Squares {
    (0..16u16)
        .filter(|s| set & (1 << s) != 0)
        .fold(0, |acc, s| acc | 1 << (s / 4 * 4 + 3 - s % 4))
}

/// A position of the engine mirrored left to right (§2 「左右対称なゲーム」):
/// same side to move, same owners and colours.
fn left_right(p: &Position) -> Position {
    let army = |a: &Army| Army {
        by_colour: a.by_colour.map(files_mirrored),
    };
    Position {
        to_move: p.to_move,
        p1: army(&p.p1),
        p2: army(&p.p2),
    }
}

/// A naive position mirrored left to right, on the naive board.
fn naive_left_right(p: &naive::Position) -> naive::Position {
    let mut q = naive::Position::empty(p.to_move);
    for s in naive::Square::all() {
        let image = naive::Square {
            file: 3 - s.file,
            rank: s.rank,
        };
        q.set(image, p.at(s));
    }
    q
}

/// What §2's left–right symmetry does to a table: its mirror classes, the
/// positions that are their own image, and the mirror pairs whose value or
/// distance differ.
struct MirrorClasses {
    positions: usize,
    classes: usize,
    own_images: usize,
    unequal: Vec<String>,
}

impl MirrorClasses {
    /// `about 1/2` when every mirror pair agrees and the classes are within
    /// 1% of half the positions.
    fn verdict(&self) -> String {
        #[allow(clippy::cast_precision_loss)]
        let share = self.classes as f64 / self.positions as f64;
        match (self.unequal.first(), (share - 0.5).abs() < 0.01) {
            (Some(first), _) => format!(
                "mirror images differ ({}), first {first}",
                self.unequal.len()
            ),
            (None, true) => "about 1/2".to_string(),
            (None, false) => format!("{share:.3}, not about 1/2"),
        }
    }

    /// The counts both solvers must agree on.
    fn counts(&self) -> String {
        format!(
            "{} classes of {} positions, {} their own image, {} pairs unequal",
            self.classes,
            self.positions,
            self.own_images,
            self.unequal.len()
        )
    }
}

/// §2's left–right symmetry on the engine's §3 table.
fn mirror_classes_optimized() -> MirrorClasses {
    let table = optimized_table(Kind::Basic);
    let positions = basic_positions();
    let mut classes = HashSet::new();
    let mut own_images = 0;
    let mut unequal = Vec::new();
    for p in &positions {
        let image = left_right(p);
        own_images += usize::from(image == *p);
        if table.get(p) != table.get(&image) {
            unequal.push(p.to_string());
        }
        classes.insert((*p).min(image));
    }
    MirrorClasses {
        positions: positions.len(),
        classes: classes.len(),
        own_images,
        unequal,
    }
}

/// §2's left–right symmetry on the naive §3 table.
fn mirror_classes_naive() -> MirrorClasses {
    let table = naive_table(naive::Analysis::Basic);
    let mut classes = HashSet::new();
    let mut own_images = 0;
    let mut unequal = Vec::new();
    for (p, value, distance) in table.iter() {
        let image = naive_left_right(p);
        own_images += usize::from(image == *p);
        if table.get(&image) != Some((value, distance)) {
            unequal.push(p.to_string());
        }
        classes.insert((*p).min(image));
    }
    MirrorClasses {
        positions: table.len(),
        classes: classes.len(),
        own_images,
        unequal,
    }
}

/// The positions reached from a start by steps that capture nothing (every
/// position keeps its four pieces), and which of them break §2's parity
/// rule: the side to move is the start's exactly when the two players'
/// coordinate sums have changed by amounts of equal parity (the parity of
/// the sum of Manhattan distances between the two placements of a
/// player's pieces).
struct Reached {
    count: usize,
    off_parity: Vec<String>,
}

impl Reached {
    /// The share of the 21840 positions reached, `p/q`, or where the parity
    /// rule fails.
    fn verdict(&self, of: usize) -> String {
        match self.off_parity.first() {
            Some(first) => format!("parity fails ({}), first {first}", self.off_parity.len()),
            None => Ratio::new(self.count, of).to_string(),
        }
    }
}

/// §2's parity from the start with player 1 to move, by the engine's rules.
fn reached_from_start_optimized() -> Reached {
    let start = Position::initial(Player::First);
    let sum = |set: Squares| -> u32 { rules::squares(set).map(|s| u32::from(s / 4 + s % 4)).sum() };
    let parity = |p: &Position, start: &Position| {
        let one = (sum(p.p1.all()) + sum(start.p1.all())) % 2;
        let two = (sum(p.p2.all()) + sum(start.p2.all())) % 2;
        (one == two) == (p.to_move == start.to_move)
    };
    let mut seen = HashSet::from([start]);
    let mut queue = VecDeque::from([start]);
    while let Some(p) = queue.pop_front() {
        for step in p.steps().into_iter().filter(|s| s.captured.is_none()) {
            let q = p.play(step);
            if seen.insert(q) {
                queue.push_back(q);
            }
        }
    }
    Reached {
        count: seen.len(),
        off_parity: seen
            .iter()
            .filter(|p| !parity(p, &start))
            .map(ToString::to_string)
            .collect(),
    }
}

/// §2's parity from the start with player 1 to move, on the naive board.
fn reached_from_start_naive() -> Reached {
    let start: naive::Position = "b1,c1/b4,c4 1".parse().expect("start notation");
    let sum = |p: &naive::Position, player| -> u32 {
        p.pieces_of(player)
            .iter()
            .map(|(s, _)| u32::from(s.file + s.rank))
            .sum()
    };
    let parity = |p: &naive::Position| {
        let one = (sum(p, naive::Player::One) + sum(&start, naive::Player::One)) % 2;
        let two = (sum(p, naive::Player::Two) + sum(&start, naive::Player::Two)) % 2;
        (one == two) == (p.to_move == start.to_move)
    };
    let mut seen = HashSet::from([start]);
    let mut queue = VecDeque::from([start]);
    while let Some(p) = queue.pop_front() {
        for step in p.steps().into_iter().filter(|s| s.captured.is_none()) {
            let q = p.after(step);
            if seen.insert(q) {
                queue.push_back(q);
            }
        }
    }
    Reached {
        count: seen.len(),
        off_parity: seen
            .iter()
            .filter(|p| !parity(p))
            .map(ToString::to_string)
            .collect(),
    }
}

/// §3's 「手番のプレイヤーが…平均利得 0 を達成できる」 read literally: the
/// positions where the side to move reaches average gain 0. §3's table is
/// player 1's (reaching, player 2 preventing); player 2 to move, it is read
/// on the position turned top to bottom with the players exchanged (the
/// game's own symmetry, §5), where player 1 is to move. Returns the count
/// and the split of the table's +1 positions by side to move.
fn side_to_move_reaches_optimized() -> (usize, usize, usize) {
    let table = optimized_table(Kind::Basic);
    let goal = |p: &Position| table.get(p).map(|(v, _)| v) == Some(Reach::Goal);
    let (mut literal, mut one, mut two) = (0, 0, 0);
    for p in basic_positions() {
        if goal(&p) {
            match p.to_move {
                Player::First => one += 1,
                Player::Second => two += 1,
            }
        }
        let mover_is_player_1 = match p.to_move {
            Player::First => p,
            Player::Second => p.mirrored(),
        };
        literal += usize::from(goal(&mover_is_player_1));
    }
    (literal, one, two)
}

/// The same on the naive board (its own exchange of the players).
fn side_to_move_reaches_naive() -> usize {
    let table = naive_table(naive::Analysis::Basic);
    let exchanged = |p: &naive::Position| {
        let mut q = naive::Position::empty(p.to_move.opponent());
        for s in naive::Square::all() {
            let image = naive::Square {
                file: s.file,
                rank: 3 - s.rank,
            };
            q.set(
                image,
                p.at(s).map(|piece| naive::Piece {
                    owner: piece.owner.opponent(),
                    colour: piece.colour,
                }),
            );
        }
        q
    };
    table
        .iter()
        .filter(|(p, _, _)| {
            let mover_is_player_1 = match p.to_move {
                naive::Player::One => **p,
                naive::Player::Two => exchanged(p),
            };
            table.get(&mover_is_player_1).map(|(v, _)| v) == Some(naive::Value::Reached)
        })
        .count()
}

/// §4 「「相手の 2 つの駒の両方共、取れる配置」はこの定義に含まれている」: at every §3
/// position with player 1 to move and both player-2 pieces next to a
/// player-1 piece, all four full-information positions (two guesses of
/// player 2's colours × two colourings of player 1's) are +1, player 1 to
/// move. Returns the positions checked and those where it fails.
fn capture_both_is_a_guess_optimized() -> (usize, Vec<String>) {
    let det = optimized_table(Kind::Det);
    let colourings = |army: &Army| -> [Army; 2] {
        let sq: Vec<u8> = rules::squares(army.by_colour[2]).collect();
        let coloured = |blue: u8, red: u8| Army {
            by_colour: [1 << blue, 1 << red, 0],
        };
        [coloured(sq[0], sq[1]), coloured(sq[1], sq[0])]
    };
    let mut checked = 0;
    let mut failures = Vec::new();
    for p in basic_positions() {
        if p.to_move != Player::First || p.p2.all() & !neighbourhood(p.p1.all()) != 0 {
            continue;
        }
        checked += 1;
        let all_won = colourings(&p.p2).iter().all(|theirs| {
            colourings(&p.p1).iter().all(|ours| {
                let q = Position {
                    to_move: Player::First,
                    p1: *ours,
                    p2: *theirs,
                };
                det.get(&q).map(|(v, _)| v) == Some(Reach::Goal)
            })
        });
        if !all_won {
            failures.push(p.to_string());
        }
    }
    (checked, failures)
}

/// The same on the naive board and the naive full-information table.
fn capture_both_is_a_guess_naive() -> (usize, Vec<String>) {
    let det = naive_table(naive::Analysis::Det);
    let colourings = |p: &naive::Position, player: naive::Player| -> Vec<naive::Position> {
        let pieces = p.pieces_of(player);
        [(0, 1), (1, 0)]
            .into_iter()
            .map(|(blue, red)| {
                let mut q = *p;
                for (i, colour) in [(blue, naive::Colour::Blue), (red, naive::Colour::Red)] {
                    q.set(
                        pieces[i].0,
                        Some(naive::Piece {
                            owner: player,
                            colour,
                        }),
                    );
                }
                q
            })
            .collect()
    };
    let mut checked = 0;
    let mut failures = Vec::new();
    for (p, _, _) in naive_table(naive::Analysis::Basic).iter() {
        if p.to_move != naive::Player::One {
            continue;
        }
        let ours: Vec<naive::Square> = p
            .pieces_of(naive::Player::One)
            .iter()
            .map(|(s, _)| *s)
            .collect();
        let capturable = p
            .pieces_of(naive::Player::Two)
            .iter()
            .all(|(s, _)| s.neighbours().any(|n| ours.contains(&n)));
        if !capturable {
            continue;
        }
        checked += 1;
        let all_won = colourings(p, naive::Player::Two).iter().all(|guess| {
            colourings(guess, naive::Player::One)
                .iter()
                .all(|q| det.get(q).map(|(v, _)| v) == Some(naive::Value::Reached))
        });
        if !all_won {
            failures.push(p.to_string());
        }
    }
    (checked, failures)
}

/// `holds`, or how many fail and the first.
fn holds(failures: &[String]) -> String {
    match failures.first() {
        None => "holds".to_string(),
        Some(first) => format!("fails ({}), first {first}", failures.len()),
    }
}

pub(super) const CLAIMS: &[Claim] = &[
    Claim {
        id: "GEI-001",
        game: GameId::Geister,
        source: "003 §2",
        statement: "positions with purple pieces only: 2 × C(16,2) × C(14,2)",
        expected: "21840",
        erratum: None,
        compute: || both(Kind::Basic, |r| r.states.to_string()),
    },
    Claim {
        id: "GEI-002",
        game: GameId::Geister,
        source: "003 §3",
        statement: "positions where the side to move reaches average gain 0 in finitely many moves",
        expected: "12339",
        erratum: None,
        compute: || both(Kind::Basic, |r| r.values[0].to_string()),
    },
    Claim {
        id: "GEI-003",
        game: GameId::Geister,
        source: "003 §3 Table 1",
        statement: "number of those positions at distance 1, 2, …, 20 (at most 20 moves)",
        expected: "3749 1976 2355 1198 696 307 242 253 281 262 254 277 231 136 63 47 2 2 2 6",
        erratum: None,
        compute: || both(Kind::Basic, Census::distance_row),
    },
    Claim {
        id: "GEI-004",
        game: GameId::Geister,
        source: "003 §3 Fig. 3",
        statement: "start position, player 1 to move: average gain 0 within 13 moves",
        expected: "value 1, distance 13",
        erratum: None,
        compute: || position_value("basic b1,c1/b4,c4 1"),
    },
    Claim {
        id: "GEI-005",
        game: GameId::Geister,
        source: "003 §3 Fig. 4",
        statement: "start position, player 2 to move: average gain 0 within 16 moves",
        expected: "value 1, distance 16",
        erratum: None,
        compute: || position_value("basic b1,c1/b4,c4 2"),
    },
    Claim {
        id: "GEI-006",
        game: GameId::Geister,
        source: "003 repo results_det",
        statement: "full-information table, all piece sets of ≤ 5 pieces the paper needs (BR vs BR, \
                    BBR/BRR vs BR and back): number of positions (the authors' table, not printed \
                    in the paper)",
        expected: "2184000",
        erratum: None,
        compute: || both(Kind::Det, |r| r.states.to_string()),
    },
    Claim {
        id: "GEI-007",
        game: GameId::Geister,
        source: "003 §4",
        statement: "with the guess of the opponent's colours, positions reaching average gain 0",
        expected: "12688",
        erratum: None,
        compute: || both(Kind::Extended, |r| r.values[0].to_string()),
    },
    Claim {
        id: "GEI-008",
        game: GameId::Geister,
        source: "003 §5",
        statement: "positions of value 0 (neither reached nor prevented) after §4's analysis",
        expected: "791",
        erratum: None,
        compute: || both(Kind::Extended, |r| r.values[1].to_string()),
    },
    Claim {
        id: "GEI-009",
        game: GameId::Geister,
        source: "003 §5",
        statement: "player 2's vertical-mirror strategy: board symmetric at player 1's move, \
                    player 1 never escapes and captures only its mirror image (gain ≥ 0 for player 2)",
        expected: "holds",
        erratum: None,
        compute: || Evidence::both(mirror::check().verdict(), naive::mirror::check().verdict()),
    },
    Claim {
        id: "GEI-010",
        game: GameId::Geister,
        source: "003 §6.1.1",
        statement: "red + two purples vs two purples, aiming at 0: both start positions (player 1, \
                    player 2 to move) have value 0",
        expected: "0 0",
        erratum: None,
        compute: || both(Kind::RbrVsBr, starts),
    },
    Claim {
        id: "GEI-011",
        game: GameId::Geister,
        source: "003 §6.1.2",
        statement: "two purples vs three (B,R,R), aiming at 0: both start positions have value 1",
        expected: "1 1",
        erratum: None,
        compute: || both(Kind::BrVsBrr, starts),
    },
    Claim {
        id: "GEI-012",
        game: GameId::Geister,
        source: "003 §6.2.1 (corrected)",
        statement: "three purples (B,B,R) vs two, aiming at 1/3: both start positions have value 1",
        expected: "1 1",
        erratum: None,
        compute: || both(Kind::BbrVsBr, starts),
    },
    Claim {
        id: "GEI-013",
        game: GameId::Geister,
        source: "003 §6.2.2",
        statement: "two purples vs (B,B,R) aiming at −1/3, first attempt (one piece taken to be blue \
                    at random): start positions have value −1",
        expected: "-1 -1",
        erratum: None,
        compute: || both(Kind::BrVsBbrGuess, starts),
    },
    Claim {
        id: "GEI-014",
        game: GameId::Geister,
        source: "003 §6.2.2",
        statement: "two purples vs (B,B,R) aiming at −1/3, second attempt (capture one of three at \
                    random): start positions have value −1",
        expected: "-1 -1",
        erratum: None,
        compute: || both(Kind::BrVsBbrThird, starts),
    },
    Claim {
        id: "GEI-015",
        game: GameId::Geister,
        source: "003 §6.2.2",
        statement: "two purples vs (B,B,R) aiming at −1/2 (capture one of two at random): start \
                    positions have value 0",
        expected: "0 0",
        erratum: None,
        compute: || both(Kind::BrVsBbrHalf, starts),
    },
    Claim {
        id: "GEI-016",
        game: GameId::Geister,
        source: "003 §2",
        statement: "the game is left–right symmetric, so the 21840 positions could be cut to about \
                    half: mirror images (files a↔d, b↔c) have equal value and distance in §3's \
                    table, and the mirror classes are about 1/2 of the positions",
        expected: "about 1/2",
        erratum: None,
        compute: || {
            let optimized = mirror_classes_optimized();
            let naive = mirror_classes_naive();
            Evidence::within(
                optimized.verdict(),
                "mirror classes and pairs",
                optimized.counts(),
                naive.counts(),
            )
            .measured(optimized.counts())
        },
    },
    Claim {
        id: "GEI-017",
        game: GameId::Geister,
        source: "003 §2",
        statement: "parity: from a fixed start (player 1 to move) every position reached by \
                    non-capturing steps has the side to move that the parities of the two players' \
                    Manhattan distances give, so the positions reached are 1/2 of the 21840",
        expected: "1/2",
        erratum: None,
        compute: || {
            let positions = basic_positions().len();
            let optimized = reached_from_start_optimized();
            let naive = reached_from_start_naive();
            Evidence::both(
                optimized.verdict(positions),
                naive.verdict(naive_table(naive::Analysis::Basic).len()),
            )
            .measured(format!(
                "{} of {positions} positions reached, {} off the parity rule",
                optimized.count,
                optimized.off_parity.len()
            ))
        },
    },
    Claim {
        id: "GEI-018",
        game: GameId::Geister,
        source: "003 §3",
        statement: "12339 positions where 'the player to move' reaches average gain 0, read literally: \
                    the side to move reaches it (player 2 to move: §3's table on the position turned \
                    top to bottom with the players exchanged)",
        expected: "12339",
        erratum: Some(Erratum { corrected: "15750" }),
        compute: || {
            let (literal, one, two) = side_to_move_reaches_optimized();
            Evidence::both(literal, side_to_move_reaches_naive()).because(format!(
                "§3's table counts player 1 reaching average gain 0 whoever is to move: {} = {one} \
                 with player 1 to move + {two} with player 2 to move (Table 1's odd and even \
                 distances); the side to move reaches it at {literal} positions",
                one + two
            ))
        },
    },
    Claim {
        id: "GEI-019",
        game: GameId::Geister,
        source: "003 §4",
        statement: "positions where both opponent pieces can be captured are included in the guess \
                    condition: wherever player 1 (to move) can capture both player-2 pieces, both \
                    guesses × both own colourings are +1 in the full-information table",
        expected: "holds",
        erratum: None,
        compute: || {
            let (checked, failures) = capture_both_is_a_guess_optimized();
            let (_, naive_failures) = capture_both_is_a_guess_naive();
            Evidence::both(holds(&failures), holds(&naive_failures))
                .measured(format!("{checked} positions with both player-2 pieces capturable"))
        },
    },
];
