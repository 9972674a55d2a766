//! [`Subject`] for Nim, the stone games and Memory: sizes, canonical order,
//! random instances and the value notation (SPEC.md "Checking a solver
//! program").

use super::{Question, Subject};
use crate::core::Wdl;
use crate::games::memory::face::Memory;
use crate::games::memory::optimized::{exact_table, Extent};
use crate::games::memory::{Family, State};
use crate::games::nim::face::Nim;
use crate::games::nim::optimized::Table;
use crate::games::nim::Position;
use crate::games::stones::face::{Lead, StoneGames, StoneRow};
use crate::games::stones::{Game as StoneGame, Stones};
use crate::games::{Game, SolveError, Solver};
use num_rational::BigRational;

impl Subject for Nim {
    fn questions() -> Vec<Question> {
        vec![Question {
            name: "positions",
            unit: "largest pile (three piles)",
            sizes: (0, 12),
        }]
    }

    /// Every three-pile position whose largest pile is `size`, piles in
    /// lexicographic order (`00s` … `ss s`).
    fn instances(_: &Question, size: u64) -> Vec<Position> {
        let s = u32::try_from(size).unwrap_or(u32::MAX);
        let mut out = Vec::new();
        for a in 0..=s {
            for b in 0..=s {
                for c in 0..=s {
                    if a == s || b == s || c == s {
                        out.push(Position::new(vec![a, b, c]));
                    }
                }
            }
        }
        out
    }

    fn random(_: &Question, size: u64, rng: &mut fastrand::Rng) -> Position {
        let s = u32::try_from(size).unwrap_or(u32::MAX);
        let mut piles = vec![rng.u32(0..=s), rng.u32(0..=s), rng.u32(0..=s)];
        piles[rng.usize(0..3)] = s;
        Position::new(piles)
    }

    fn value_text(value: &Wdl) -> String {
        match value {
            Wdl::Win => "win",
            Wdl::Loss => "loss",
            Wdl::Draw => "draw",
        }
        .to_string()
    }

    fn parse_value(text: &str) -> Result<Wdl, String> {
        match text {
            "win" => Ok(Wdl::Win),
            "loss" => Ok(Wdl::Loss),
            _ => Err("a Nim value is `win` or `loss`".to_string()),
        }
    }

    /// One table up to the largest pile asked, read for every position
    /// (document 002 §38.17: the table holds every smaller position).
    fn optimized_all(positions: &[Position]) -> Vec<Result<Wdl, SolveError>> {
        let Some(widest) = positions.iter().max_by_key(|p| Nim::size(p).1) else {
            return Vec::new();
        };
        if let Err(e) = Nim::check_size(Solver::Optimized, widest) {
            return vec![Err(e)];
        }
        let max = positions
            .iter()
            .flat_map(|p| p.piles().iter().copied())
            .max()
            .unwrap_or(0);
        let table = Table::build(3, max);
        positions
            .iter()
            .map(|p| {
                if p.piles().len() == 3 {
                    Ok(if table.is_losing(p) {
                        Wdl::Loss
                    } else {
                        Wdl::Win
                    })
                } else {
                    Nim::optimized(p)
                }
            })
            .collect()
    }
}

const STONE_QUESTIONS: [Question; 5] = [
    Question {
        name: "1",
        unit: "stones (values 1..=3)",
        sizes: (1, 6),
    },
    Question {
        name: "2",
        unit: "stones (values 1..=3)",
        sizes: (1, 6),
    },
    Question {
        name: "3",
        unit: "stones (values 1..=3)",
        sizes: (1, 6),
    },
    Question {
        name: "4",
        unit: "stones (values 1..=3)",
        sizes: (1, 6),
    },
    Question {
        name: "5",
        unit: "stones (A's and B's values 1..=3)",
        sizes: (1, 4),
    },
];

/// Largest stone value of the enumerated rows; random rows go to 100.
const STONE_VALUE: i64 = 3;

fn stone_game(question: &Question) -> StoneGame {
    question
        .name
        .parse::<u8>()
        .ok()
        .and_then(StoneGame::from_number)
        .expect("the questions are the game numbers")
}

/// Every list of `len` values in 1..=`top`, lexicographic.
fn lists(len: usize, top: i64) -> Vec<Vec<i64>> {
    let mut out = vec![Vec::new()];
    for _ in 0..len {
        out = out
            .into_iter()
            .flat_map(|l| {
                (1..=top).map(move |v| {
                    let mut l = l.clone();
                    l.push(v);
                    l
                })
            })
            .collect();
    }
    out
}

impl Subject for StoneGames {
    fn questions() -> Vec<Question> {
        STONE_QUESTIONS.to_vec()
    }

    /// Every row of `size` stones with values 1..=3, lexicographic (Game
    /// 5: A's values, then B's, as one list).
    fn instances(question: &Question, size: u64) -> Vec<StoneRow> {
        let game = stone_game(question);
        let n = usize::try_from(size).unwrap_or(usize::MAX);
        let make = |stones| StoneRow { game, stones };
        if size == 0 {
            return Vec::new();
        }
        if game == StoneGame::AnyStoneTwoValues {
            lists(2 * n, STONE_VALUE)
                .into_iter()
                .filter_map(|l| Stones::two_valued(l[..n].to_vec(), l[n..].to_vec()).ok())
                .map(make)
                .collect()
        } else {
            lists(n, STONE_VALUE)
                .into_iter()
                .filter_map(|l| Stones::one_valued(l).ok())
                .map(make)
                .collect()
        }
    }

    fn random(question: &Question, size: u64, rng: &mut fastrand::Rng) -> StoneRow {
        let game = stone_game(question);
        let n = usize::try_from(size.max(1)).unwrap_or(1);
        let mut values = || (0..n).map(|_| rng.i64(1..=100)).collect::<Vec<_>>();
        let a = values();
        let stones = if game == StoneGame::AnyStoneTwoValues {
            Stones::two_valued(a, values())
        } else {
            Stones::one_valued(a)
        }
        .expect("small values of a short row");
        StoneRow { game, stones }
    }

    fn value_text(value: &Lead) -> String {
        value.0.to_string()
    }

    fn parse_value(text: &str) -> Result<Lead, String> {
        text.parse::<i64>()
            .map(Lead)
            .map_err(|_| "a stone game's value is an integer, A's score minus B's".to_string())
    }
}

impl Subject for Memory {
    fn questions() -> Vec<Question> {
        vec![Question {
            name: "states",
            unit: "pairs n",
            sizes: (1, 6),
        }]
    }

    /// Every F(n,m,k) (m, then k ascending), then every G(n,m,k), for
    /// n = `size` (document 004 §2.1's states).
    fn instances(_: &Question, size: u64) -> Vec<State> {
        let n = usize::try_from(size).unwrap_or(usize::MAX);
        let mut out = Vec::new();
        for family in [Family::F, Family::G] {
            for m in 0..=n {
                for k in 0..=n {
                    let state = match family {
                        Family::F => State::f(n, m, k),
                        Family::G => State::g(n, m, k),
                    };
                    out.extend(state.ok());
                }
            }
        }
        out
    }

    fn random(question: &Question, size: u64, rng: &mut fastrand::Rng) -> State {
        let all = Memory::instances(question, size.max(1));
        all[rng.usize(0..all.len())]
    }

    fn value_text(value: &BigRational) -> String {
        value.to_string()
    }

    fn parse_value(text: &str) -> Result<BigRational, String> {
        text.parse::<BigRational>()
            .map_err(|_| "a Memory value is an exact fraction p/q (or an integer)".to_string())
    }

    /// One exact table up to the largest n asked.
    fn optimized_all(states: &[State]) -> Vec<Result<BigRational, SolveError>> {
        let Some(widest) = states.iter().max_by_key(|s| s.pairs) else {
            return Vec::new();
        };
        if let Err(e) = Memory::check_size(Solver::Optimized, widest) {
            return vec![Err(e)];
        }
        let table = exact_table(widest.pairs, Extent::Reduced, false);
        states
            .iter()
            .map(|s| Ok(table.value(*s).expect("held up to the largest n")))
            .collect()
    }
}
