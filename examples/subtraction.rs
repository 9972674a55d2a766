//! A sixth game, outside the crate: the subtraction game S(1,2,3) — one
//! pile, each move takes 1, 2 or 3 stones, whoever takes the last stone
//! wins. It shows the face (`solved_games::games::Game`) as ARCHITECTURE.md
//! says a new game does: a notation read by `FromStr` and written by
//! `Display` with a typed error, a naive solver that searches the game tree
//! from the rules alone, an optimized solver (the pile is lost exactly when
//! it is a multiple of 4), a reach, and then the generic naive = optimized
//! harness the five games run (`games::naive_equals_optimized`).
//!
//! `cargo run --release --example subtraction` (run by `.ci/run`) prints
//! how many piles both solvers agree on, and exits 1 if they do not.

use solved_games::core::Wdl;
use solved_games::games::{
    naive_equals_optimized, Game, GameInfo, Ladder, Limits, SolveError, Solver,
};
use std::fmt;
use std::process::ExitCode;
use std::str::FromStr;

/// The most stones a move takes.
const MOST: u64 = 3;

/// A pile of stones, written as its size (`10`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Pile(u64);

/// Why a text is not a pile.
#[derive(Debug, Clone, PartialEq, Eq)]
struct ParsePileError(String);

impl fmt::Display for ParsePileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a number of stones", self.0)
    }
}

impl std::error::Error for ParsePileError {}

impl FromStr for Pile {
    type Err = ParsePileError;
    fn from_str(text: &str) -> Result<Pile, ParsePileError> {
        text.trim()
            .parse()
            .map(Pile)
            .map_err(|_| ParsePileError(text.to_string()))
    }
}

impl fmt::Display for Pile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The face of the subtraction game.
struct Subtraction;

/// The naive search: the mover wins if some move leaves the opponent a
/// lost pile; with no stones the mover has lost (the opponent took the
/// last). Exponential, so its reach is small.
fn search(stones: u64) -> Wdl {
    let wins = (1..=MOST.min(stones)).any(|take| search(stones - take) == Wdl::Loss);
    if wins {
        Wdl::Win
    } else {
        Wdl::Loss
    }
}

impl Game for Subtraction {
    const INFO: GameInfo = GameInfo {
        name: "subtraction",
        document: "none (an example)",
        title: "the subtraction game S(1,2,3)",
        description: "one-pile subtraction game",
        notation: "the number of stones in the pile (`10`)",
        claim_prefix: "SUB",
    };

    type Instance = Pile;
    type ParseError = ParsePileError;
    type Value = Wdl;

    const EXAMPLES: &'static [(&'static str, &'static str)] = &[("10", "10"), ("20", "20")];

    fn ladder() -> Ladder {
        let answer = |wdl: Result<Wdl, SolveError>| format!("{wdl:?}");
        Ladder {
            instance: "one pile of n stones",
            size: "n (stones)",
            sizes: vec![4, 8, 12, 16, 20],
            naive: Box::new(move |n| answer(Subtraction::naive(&Pile(n)))),
            optimized: Box::new(move |n| answer(Subtraction::optimized(&Pile(n)))),
        }
    }

    fn limits() -> Vec<Limits> {
        vec![Limits {
            question: "a pile",
            unit: "stones",
            naive: Some(20),
            optimized: None,
        }]
    }

    fn size(pile: &Pile) -> (Limits, u64) {
        (Self::limits()[0], pile.0)
    }

    fn naive_within_limits(pile: &Pile) -> Result<Wdl, SolveError> {
        Ok(search(pile.0))
    }

    fn optimized_within_limits(pile: &Pile) -> Result<Wdl, SolveError> {
        Ok(if pile.0 % (MOST + 1) == 0 {
            Wdl::Loss
        } else {
            Wdl::Win
        })
    }
}

fn main() -> ExitCode {
    let piles = (0..=20).map(|n| n.to_string().parse::<Pile>().expect("a number"));
    match naive_equals_optimized::<Subtraction>(piles) {
        Ok(checked) => println!("subtraction: naive = optimized on {checked} piles"),
        Err(disagreement) => {
            eprintln!("solved-games: error: {disagreement}");
            return ExitCode::from(1);
        }
    }
    // The face refuses past the naive reach before the search starts.
    let refusal = Subtraction::solve(Solver::Naive, &Pile(21));
    match refusal {
        Err(e @ SolveError::TooLarge { .. }) => println!("{e}"),
        other => {
            eprintln!("solved-games: error: 21 stones: expected a refusal, got {other:?}");
            return ExitCode::from(1);
        }
    }
    ExitCode::SUCCESS
}
