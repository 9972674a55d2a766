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
    table("YEN-904", GameId::Yen, "000 §2", "Computed, not from the document (do the Gambit exports say what the solver says?): for every stage state of T = 4 units over R = 3 rounds, the .efg of the rest of the match and the .nfg of its stage game, read back by a reader written apart from the writer and solved with the exact LP by each player's own payoffs, give every leaf payoffs summing to 0 and the DP's value to A (its negation to B)", gambit_round_trip),
];

/// The rules of YEN-904's exports.
const GAMBIT_RULES: Rules = Rules {
    total: 4,
    rounds: 3,
};

/// YEN-904: every export of [`GAMBIT_RULES`]' stage states read back and
/// solved, against the DP.
fn gambit_round_trip() -> Evidence {
    use crate::games::yen::gambit::{stage_states, write_efg_from, write_nfg, StageGame};
    use crate::games::yen::gambit_read::{read_efg, read_nfg, solve_efg, solve_nfg, Solved};
    use crate::games::yen::optimized::Solver;
    use crate::solve::exact::format_ratio;
    use std::fmt::Write as _;
    let rules = GAMBIT_RULES;
    let mut solver = Solver::new();
    let (mut dp, mut read) = (String::new(), String::new());
    let (mut leaves, mut cells, mut first) = (0, 0, None);
    let states = stage_states(rules);
    for &state in &states {
        let value = solver.value(state);
        let mut efg = Vec::new();
        let mut nfg = Vec::new();
        let written = write_efg_from(rules, state, &mut efg)
            .and_then(|()| write_nfg(rules, &StageGame::of(&mut solver, state), &mut nfg));
        if let Err(e) = written {
            return Evidence::optimized_only(format!("{state}: {e}"));
        }
        let solved = |text: &[u8], efg: bool| -> Result<Solved, String> {
            let text = std::str::from_utf8(text).map_err(|e| e.to_string())?;
            let solved = if efg {
                read_efg(text).and_then(|t| solve_efg(&t))
            } else {
                read_nfg(text).and_then(|g| solve_nfg(&g))
            };
            solved.map_err(|e| e.to_string())
        };
        let _ = writeln!(
            dp,
            "{state} {v} {w} {v} {w}",
            v = format_ratio(&value),
            w = format_ratio(&-&value)
        );
        let mut line = state.to_string();
        for (kind, text) in [(".efg", &efg), (".nfg", &nfg)] {
            match solved(text, kind == ".efg") {
                Ok(s) => {
                    if kind == ".efg" {
                        leaves += s.leaves;
                    } else {
                        cells += s.leaves;
                    }
                    if s.not_zero_sum > 0 && first.is_none() {
                        first = Some(format!(
                            "{state}{kind}: {} of {} leaves do not sum to 0",
                            s.not_zero_sum, s.leaves
                        ));
                    }
                    let _ = write!(
                        line,
                        " {} {}",
                        format_ratio(&s.value_1),
                        format_ratio(&s.value_2)
                    );
                }
                Err(e) => {
                    first.get_or_insert_with(|| format!("{state}{kind}: {e}"));
                    line.push_str(" unread unread");
                }
            }
        }
        let _ = writeln!(read, "{line}");
    }
    let n = states.len();
    Evidence::within(
        first.unwrap_or_else(|| "holds".to_string()),
        format!(
            "every stage state of T = {}, R = {}",
            rules.total, rules.rounds
        ),
        format!("{n} states, sha256 {}", crate::table::sha256(dp.as_bytes())),
        format!(
            "{n} states, sha256 {}",
            crate::table::sha256(read.as_bytes())
        ),
    )
    .measured(format!(
        "{n} states: {n} .efg files ({leaves} leaves) and {n} .nfg files ({cells} cells) read back"
    ))
}
