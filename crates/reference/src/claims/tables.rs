//! Whole-table agreement: for each table the naive solver reaches, the
//! SHA-256 digest of the naive solver's export text and of the optimized
//! solver's (every instance in the canonical, unreduced order with its value,
//! and Geister's distance: `table::export`, the text `export` writes and
//! `check-table` pins) must be the same. A count or a start value can hide a
//! rules bug that only some entries show (an asymmetric Geister bug behind a
//! mirror-reduced table); a digest of every entry cannot.
//!
//! And the yen rules between rounds (`State::bets`, `State::decided`) against
//! a brute force of document 000 §2 on every state of small matches, so that
//! a rules bug no value shows (a last round allowing `money − 1`, never
//! played because the last round is settled as decided) fails `reproduce`
//! too.
//!
//! Every claim here is computed, not from the documents: the question each
//! answers is "do the two solvers agree on every entry of this table?" (or,
//! for the yen rules, "do the rules the solvers use allow exactly §2's
//! bets?"). Expected `holds`; the digests are compared as naive = optimized
//! and both are shown in `--json` (`naive` and `naive_scope.optimized`).

use super::{Claim, Evidence, GameId};
use crate::games::{
    geister::face::Geister, memory::face::Memory, nim::face::Nim, stones::face::StoneGames,
    yen::face::Yen, yen::rules::Rules, yen::rules_audit, Solver, Table,
};
use crate::table::export;

/// The digest of one solver's whole table of `G` with `params`, and its rows.
fn digest<G: Table>(params: &G::Params, solver: Solver) -> Result<(String, usize), String>
where
    G::Instance: Sync,
    G::Value: Sync,
{
    export::<G>(params, solver, std::io::sink())
        .map(|m| (m.sha256, m.rows))
        .map_err(|e| match e {
            crate::table::ExportError::Solve(e) => format!("{} solver: {e}", solver.name()),
            crate::table::ExportError::Io(e) => format!("{e}"),
        })
}

/// Evidence that both solvers' tables of `G` with parameters `params` (the
/// `key=value` words of `export`) have the same digest.
fn agree<G: Table>(params: &str) -> Evidence
where
    G::Instance: Sync,
    G::Value: Sync,
{
    let parsed: G::Params = match params.parse() {
        Ok(p) => p,
        Err(e) => return Evidence::optimized_only(format!("bad table parameters: {e}")),
    };
    match (
        digest::<G>(&parsed, Solver::Optimized),
        digest::<G>(&parsed, Solver::Naive),
    ) {
        (Ok((optimized, rows)), Ok((naive, naive_rows))) => Evidence::within(
            "holds",
            format!("every row of {} {params}", G::NAME),
            format!("{rows} rows, sha256 {optimized}"),
            format!("{naive_rows} rows, sha256 {naive}"),
        )
        .measured(format!("{rows} rows, sha256 {optimized}")),
        (Err(e), _) | (_, Err(e)) => Evidence::optimized_only(e),
    }
}

/// `State::bets` and `State::decided` against the brute force on every
/// reachable state of every match with T ≤ 8, R ≤ 4.
fn yen_rules() -> Evidence {
    let (mut states, mut decided, mut bad) = (0, 0, Vec::new());
    for total in 1..=8 {
        for rounds in 1..=4 {
            let found = rules_audit::audit(Rules { total, rounds });
            states += found.states;
            decided += found.decided;
            bad.extend(found.disagreements);
        }
    }
    let computed = match bad.first() {
        None => "holds".to_string(),
        Some(first) => format!("{} disagreements, the first {first}", bad.len()),
    };
    Evidence::optimized_only(computed).measured(format!(
        "{states} states (T ≤ 8, R ≤ 4), {decided} of them decided"
    ))
}

const fn table(
    id: &'static str,
    game: GameId,
    source: &'static str,
    statement: &'static str,
    compute: fn() -> Evidence,
) -> Claim {
    Claim {
        id,
        game,
        source,
        statement,
        expected: "holds",
        erratum: None,
        compute,
    }
}

/// Nim: the table of three piles of up to 9 stones.
pub const NIM: &[Claim] = &[table(
    "NIM-901",
    GameId::Nim,
    "002 §38.4, §38.7",
    "Computed, not from the document (do both solvers agree on every position?): the naive and optimized tables of every position of 3 piles of ≤ 9 stones have the same SHA-256 digest",
    || agree::<Nim>("piles=3 max=9"),
)];

/// The stone games: each game's standard table (values 1..4, rows up to 6
/// stones; Game 5 up to 3), all within the naive search's reach.
pub const STONES: &[Claim] = &[
    table("STO-901", GameId::Stones, "001 Game 1", "Computed, not from the document (do both solvers agree on every row?): Game 1's naive and optimized tables of every row of values 1..4 up to 6 stones have the same SHA-256 digest", || agree::<StoneGames>("game=1 min=1 max=4 length=6")),
    table("STO-902", GameId::Stones, "001 Game 2", "Computed, not from the document (do both solvers agree on every row?): Game 2's naive and optimized tables of every row of values 1..4 up to 6 stones have the same SHA-256 digest", || agree::<StoneGames>("game=2 min=1 max=4 length=6")),
    table("STO-903", GameId::Stones, "001 Game 3", "Computed, not from the document (do both solvers agree on every row?): Game 3's naive and optimized tables of every row of values 1..4 up to 6 stones have the same SHA-256 digest", || agree::<StoneGames>("game=3 min=1 max=4 length=6")),
    table("STO-904", GameId::Stones, "001 Game 4", "Computed, not from the document (do both solvers agree on every row?): Game 4's naive and optimized tables of every row of values 1..4 up to 6 stones have the same SHA-256 digest", || agree::<StoneGames>("game=4 min=1 max=4 length=6")),
    table("STO-905", GameId::Stones, "001 Game 5", "Computed, not from the document (do both solvers agree on every row?): Game 5's naive and optimized tables of every row of values 1..4 up to 3 stones have the same SHA-256 digest", || agree::<StoneGames>("game=5 min=1 max=4 length=3")),
];

/// Memory: every state of n ≤ 8 pairs, the naive recursion's reach.
pub const MEMORY: &[Claim] = &[table(
    "MEM-901",
    GameId::Memory,
    "004 §2.1, §2.2",
    "Computed, not from the document (do both solvers agree on every state?): the naive and optimized tables of every state of n ≤ 8 pairs have the same SHA-256 digest",
    || agree::<Memory>("n=8"),
)];

/// Geister: the basic analysis, §4's extended analysis and the
/// full-information `det` tables (2,184,000 positions), each mirror-reduced
/// retrograde table expanded to every position in the plain index order
/// against the naive sweep. Both sides come from the per-process cache that
/// the other Geister claims fill, so each digest costs one pass over its rows.
pub const GEISTER: &[Claim] = &[
    table(
        "GEI-901",
        GameId::Geister,
        "003 §3",
        "Computed, not from the document (do both solvers agree on every position?): the basic analysis's naive sweep and optimized retrograde table (mirror-reduced, expanded) have the same SHA-256 digest of every position's value and distance",
        || agree::<Geister>("analysis=basic"),
    ),
    table(
        "GEI-902",
        GameId::Geister,
        "003 §4",
        "Computed, not from the document (do both solvers agree on every position?): the extended analysis's naive sweep and optimized retrograde table (mirror-reduced, expanded) have the same SHA-256 digest of every position's value and distance",
        || agree::<Geister>("analysis=extended"),
    ),
    table(
        "GEI-903",
        GameId::Geister,
        "003 §4, §6",
        "Computed, not from the document (do both solvers agree on every position?): the full-information det tables' naive sweep and optimized retrograde table (mirror-reduced, expanded) have the same SHA-256 digest of every position's value and distance",
        || agree::<Geister>("analysis=det"),
    ),
];

/// Yen: two whole tables the naive recursion fills in well under a second
/// (T = 10, R = 10 takes it 100 s through the face), and the rules between
/// rounds against the brute force.
pub const YEN: &[Claim] = &[
    table("YEN-901", GameId::Yen, "000 §2", "Computed, not from the document (do both solvers agree on every state?): the naive and optimized tables of every state of T = 6 units over R = 4 rounds have the same SHA-256 digest", || agree::<Yen>("total=6 rounds=4")),
    table("YEN-902", GameId::Yen, "000 §2", "Computed, not from the document (do both solvers agree on every state?): the naive and optimized tables of every state of T = 4 units over R = 8 rounds have the same SHA-256 digest", || agree::<Yen>("total=4 rounds=8")),
    table("YEN-903", GameId::Yen, "000 §2", "Computed, not from the document (do the rules the solvers use allow exactly §2's bets?): on every reachable state of T ≤ 8 over R ≤ 4, the bets a player may make are §2's (any whole amount up to the money left; all of it in the last round), and every result named as decided is the only one play can reach", yen_rules),
];
