//! Whole-table agreement: for each table the naive solver reaches, the
//! SHA-256 digest of the naive solver's export text and of the optimized
//! solver's (every instance in the canonical, unreduced order with its value,
//! and Geister's distance: `table::export`, the text `export` writes and
//! `check-table` pins) must be the same, and must be the digest pinned in
//! the claim ([`Pin`], the digests of tests/data/table-sha256.txt). A count
//! or a start value can hide a rules bug that only some entries show (an
//! asymmetric Geister bug behind a mirror-reduced table); a digest of every
//! entry cannot. Each digest is taken of the bytes the export writes, by a
//! hasher written here ([`Digesting`]), apart from the export's own: a
//! value written wrong in the text (both solvers' alike) changes it, and a
//! manifest digest that leaves out part of the text (the header) differs
//! from it.
//!
//! And the yen rules between rounds (`State::bets`, `State::decided`) against
//! a brute force of document 000 §2 on every state of small matches, so that
//! a rules bug no value shows (a last round allowing `money − 1`, never
//! played because the last round is settled as decided) fails `reproduce`
//! too.
//!
//! Every claim here is computed, not from the documents: the question each
//! answers is "do the two solvers agree on every entry of this table, and
//! is it the table pinned?" (or, for the yen rules, "do the rules the
//! solvers use allow exactly §2's bets?"). A table's claim computes "holds"
//! when the optimized solver's digest is the pinned one (else both digests);
//! naive = optimized compares both solvers' rows and digests (`naive` with
//! `naive_scope.optimized`, the scope being every row of the table), and
//! the optimized rows and digest are `measured`. The statements and the
//! expected "holds" are the words these claims printed before the pins
//! were added, byte for byte: users' CI compares `reproduce --json`.

use super::{Claim, Evidence, GameId};
use crate::games::{
    geister::face::Geister, memory::face::Memory, nim::face::Nim, stones::face::StoneGames,
    yen::face::Yen, yen::rules::Rules, yen::rules_audit, Solver, Table,
};
use crate::table::export;
use sha2::{Digest, Sha256};
use std::io::{self, Write};

/// A table a whole-table claim checks, with its pinned digest: a row of
/// tests/data/table-sha256.txt (a test checks that every pin is one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pin {
    /// The claim's id.
    pub id: &'static str,
    /// The game, as `export` names it.
    pub game: &'static str,
    /// The table's parameters, `key=value` words.
    pub params: &'static str,
    /// The SHA-256 of the export's text, lowercase hex: the claim's
    /// expected value.
    pub sha256: &'static str,
}

/// Every pinned table, in registry order.
pub const PINS: &[Pin] = &[
    NIM_PIN,
    STO_PINS[0],
    STO_PINS[1],
    STO_PINS[2],
    STO_PINS[3],
    STO_PINS[4],
    MEM_PIN,
    GEI_PINS[0],
    GEI_PINS[1],
    GEI_PINS[2],
    YEN_PINS[0],
    YEN_PINS[1],
];

const NIM_PIN: Pin = Pin {
    id: "NIM-901",
    game: "nim",
    params: "piles=3 max=9",
    sha256: "6338e821848304010b5ad98f0fcc07c47c8973fa15ac55fe6b6a35b6e6b68577",
};

const STO_PINS: [Pin; 5] = [
    Pin {
        id: "STO-901",
        game: "stones",
        params: "game=1 min=1 max=4 length=6",
        sha256: "552b6488924149c302d372f08ff72040976a7851300013ae0cb423f8d6a07921",
    },
    Pin {
        id: "STO-902",
        game: "stones",
        params: "game=2 min=1 max=4 length=6",
        sha256: "fee1c9d67e8dd575de62be4f4791737b7c39970ca449c785e478f22636b6b7f8",
    },
    Pin {
        id: "STO-903",
        game: "stones",
        params: "game=3 min=1 max=4 length=6",
        sha256: "57b94b4dac1b34d3e74a51fd09662251f0ee601b8665d42e759ee564c667fc59",
    },
    Pin {
        id: "STO-904",
        game: "stones",
        params: "game=4 min=1 max=4 length=6",
        sha256: "3910d6b4b6ae6cd53a65da06d1080360581b2550d1de22f813be3ba46bc1227d",
    },
    Pin {
        id: "STO-905",
        game: "stones",
        params: "game=5 min=1 max=4 length=3",
        sha256: "5c397e8e2768754b469dc1a119fb7da4b712aded8520763bff6b79553cf283de",
    },
];

const MEM_PIN: Pin = Pin {
    id: "MEM-901",
    game: "memory",
    params: "n=8",
    sha256: "7147a55732029cbc369ba1a94b38bb48f36139fdc1b36deab549b4765a7dd160",
};

const GEI_PINS: [Pin; 3] = [
    Pin {
        id: "GEI-901",
        game: "geister",
        params: "analysis=basic",
        sha256: "f28be43b67796011125a963952610fea4ea5661fea36cbb625a89b587213816e",
    },
    Pin {
        id: "GEI-902",
        game: "geister",
        params: "analysis=extended",
        sha256: "64fe884531bade113638a6d6353bfeed10780ebf8cf00ee660f15f3a876f4ca5",
    },
    Pin {
        id: "GEI-903",
        game: "geister",
        params: "analysis=det",
        sha256: "653eddc0af6824d92730d73b0d8e2905d4ce62c3a1ad99ea2e6256921a4530ec",
    },
];

const YEN_PINS: [Pin; 2] = [
    Pin {
        id: "YEN-901",
        game: "yen",
        params: "total=6 rounds=4",
        sha256: "a31898ee45dd5680131e2daed796df57fbdc57fb6137bdd8fc5a902eb15467e9",
    },
    Pin {
        id: "YEN-902",
        game: "yen",
        params: "total=4 rounds=8",
        sha256: "8cf6ac97ba1679af396807999f75205c240cd26ee9cee1682ab65a89d9274ef0",
    },
];

/// A writer that hashes every byte written to it and keeps none: the
/// claims' own digest of an export, apart from the export's hashing writer.
struct Digesting(Sha256);

impl Write for Digesting {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.update(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The digest of the text one solver's export of `G` with `params` writes,
/// and its rows; an error when the manifest's digest is not that of the
/// text written.
fn digest<G: Table>(params: &G::Params, solver: Solver) -> Result<(String, usize), String>
where
    G::Instance: Sync,
    G::Value: Sync,
{
    let mut hasher = Digesting(Sha256::new());
    let manifest = export::<G>(params, solver, &mut hasher).map_err(|e| match e {
        crate::table::ExportError::Solve(e) => format!("{} solver: {e}", solver.name()),
        crate::table::ExportError::Io(e) => format!("{e}"),
    })?;
    let text = format!("{:x}", hasher.0.finalize());
    if manifest.sha256 != text {
        return Err(format!(
            "{} solver: the manifest's sha256 {} is not the text's {text}",
            solver.name(),
            manifest.sha256
        ));
    }
    Ok((text, manifest.rows))
}

/// Evidence that both solvers' tables of `G` with the pinned parameters
/// have the same digest (the computed value, against the pin).
fn agree<G: Table>(pin: &Pin) -> Evidence
where
    G::Instance: Sync,
    G::Value: Sync,
{
    let parsed: G::Params = match pin.params.parse() {
        Ok(p) => p,
        Err(e) => return Evidence::optimized_only(format!("bad table parameters: {e}")),
    };
    match (
        digest::<G>(&parsed, Solver::Optimized),
        digest::<G>(&parsed, Solver::Naive),
    ) {
        // naive = optimized compares the rows and digests of both
        // solvers' tables (`naive` against `naive_scope.optimized`), apart
        // from the computed digest, which is compared with the pin.
        (Ok((optimized, rows)), Ok((naive, naive_rows))) => Evidence::within(
            if optimized == pin.sha256 {
                "holds".to_string()
            } else {
                format!("sha256 {optimized}, not the pinned {}", pin.sha256)
            },
            format!("every row of {} {}", G::NAME, pin.params),
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

/// The claim of a pinned table: it holds when both solvers' tables have
/// one digest and that digest is the pinned one. The statement and the
/// expected "holds" are the words the claim has always printed (users diff
/// `reproduce --json`); the pin is checked inside [`agree`], and a table
/// that is not the pinned one says both digests in `computed`.
const fn pinned(
    pin: &Pin,
    game: GameId,
    source: &'static str,
    statement: &'static str,
    compute: fn() -> Evidence,
) -> Claim {
    Claim {
        id: pin.id,
        game,
        source,
        statement,
        expected: "holds",
        erratum: None,
        compute,
    }
}

/// Nim: the table of three piles of up to 9 stones.
pub const NIM: &[Claim] = &[pinned(
    &NIM_PIN,
    GameId::Nim,
    "002 §38.4, §38.7",
    "Computed, not from the document (do both solvers agree on every position?): the naive and optimized tables of every position of 3 piles of ≤ 9 stones have the same SHA-256 digest",
    || agree::<Nim>(&NIM_PIN),
)];

/// The stone games: each game's standard table (values 1..4, rows up to 6
/// stones; Game 5 up to 3), all within the naive search's reach.
pub const STONES: &[Claim] = &[
    pinned(
        &STO_PINS[0],
        GameId::Stones,
        "001 Game 1",
        "Computed, not from the document (do both solvers agree on every row?): Game 1's naive and optimized tables of every row of values 1..4 up to 6 stones have the same SHA-256 digest",
        || agree::<StoneGames>(&STO_PINS[0]),
    ),
    pinned(
        &STO_PINS[1],
        GameId::Stones,
        "001 Game 2",
        "Computed, not from the document (do both solvers agree on every row?): Game 2's naive and optimized tables of every row of values 1..4 up to 6 stones have the same SHA-256 digest",
        || agree::<StoneGames>(&STO_PINS[1]),
    ),
    pinned(
        &STO_PINS[2],
        GameId::Stones,
        "001 Game 3",
        "Computed, not from the document (do both solvers agree on every row?): Game 3's naive and optimized tables of every row of values 1..4 up to 6 stones have the same SHA-256 digest",
        || agree::<StoneGames>(&STO_PINS[2]),
    ),
    pinned(
        &STO_PINS[3],
        GameId::Stones,
        "001 Game 4",
        "Computed, not from the document (do both solvers agree on every row?): Game 4's naive and optimized tables of every row of values 1..4 up to 6 stones have the same SHA-256 digest",
        || agree::<StoneGames>(&STO_PINS[3]),
    ),
    pinned(
        &STO_PINS[4],
        GameId::Stones,
        "001 Game 5",
        "Computed, not from the document (do both solvers agree on every row?): Game 5's naive and optimized tables of every row of values 1..4 up to 3 stones have the same SHA-256 digest",
        || agree::<StoneGames>(&STO_PINS[4]),
    ),
];

/// Memory: every state of n ≤ 8 pairs, the naive recursion's reach.
pub const MEMORY: &[Claim] = &[pinned(
    &MEM_PIN,
    GameId::Memory,
    "004 §2.1, §2.2",
    "Computed, not from the document (do both solvers agree on every state?): the naive and optimized tables of every state of n ≤ 8 pairs have the same SHA-256 digest",
    || agree::<Memory>(&MEM_PIN),
)];

/// Geister: the basic analysis, §4's extended analysis and the
/// full-information `det` tables (2,184,000 positions), each mirror-reduced
/// retrograde table expanded to every position in the plain index order
/// against the naive sweep. Both sides come from the per-process cache that
/// the other Geister claims fill, so each digest costs one pass over its rows.
pub const GEISTER: &[Claim] = &[
    pinned(
        &GEI_PINS[0],
        GameId::Geister,
        "003 §3",
        "Computed, not from the document (do both solvers agree on every position?): the basic analysis's naive sweep and optimized retrograde table (mirror-reduced, expanded) have the same SHA-256 digest of every position's value and distance",
        || agree::<Geister>(&GEI_PINS[0]),
    ),
    pinned(
        &GEI_PINS[1],
        GameId::Geister,
        "003 §4",
        "Computed, not from the document (do both solvers agree on every position?): the extended analysis's naive sweep and optimized retrograde table (mirror-reduced, expanded) have the same SHA-256 digest of every position's value and distance",
        || agree::<Geister>(&GEI_PINS[1]),
    ),
    pinned(
        &GEI_PINS[2],
        GameId::Geister,
        "003 §4, §6",
        "Computed, not from the document (do both solvers agree on every position?): the full-information det tables' naive sweep and optimized retrograde table (mirror-reduced, expanded) have the same SHA-256 digest of every position's value and distance",
        || agree::<Geister>(&GEI_PINS[2]),
    ),
];

/// Yen: two whole tables the naive recursion fills in well under a second
/// (T = 10, R = 10 takes it 100 s through the face), the rules between
/// rounds against the brute force, and the Gambit exports read back.
pub const YEN: &[Claim] = &[
    pinned(&YEN_PINS[0], GameId::Yen, "000 §2", "Computed, not from the document (do both solvers agree on every state?): the naive and optimized tables of every state of T = 6 units over R = 4 rounds have the same SHA-256 digest", || agree::<Yen>(&YEN_PINS[0])),
    pinned(&YEN_PINS[1], GameId::Yen, "000 §2", "Computed, not from the document (do both solvers agree on every state?): the naive and optimized tables of every state of T = 4 units over R = 8 rounds have the same SHA-256 digest", || agree::<Yen>(&YEN_PINS[1])),
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
    use crate::games::yen::optimized::ExactDp;
    use crate::solve::exact::format_ratio;
    use std::fmt::Write as _;
    let rules = GAMBIT_RULES;
    let mut solver = ExactDp::new();
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
