//! `solved_games` for Python (PyO3): each game's face (parse an instance in
//! the document's notation, `naive`, `optimized`), Nim's table, the claims
//! registry and the 10,000-yen referee's built-in players. Exact values are
//! `fractions.Fraction`; bad input raises `ValueError` with the crate's
//! message (SPEC.md, "The Python face").

// PyO3 0.22's #[pyfunction] expands `PyResult` returns into a conversion
// clippy sees as useless (PyO3 issue, fixed in later releases).
#![allow(clippy::useless_conversion)]

use num_rational::BigRational;
use pyo3::exceptions::{PyKeyError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyDict, PyList, PyString, PyTuple, PyType};
use solved::games::geister::face::Geister;
use solved::games::memory::face::Memory;
use solved::games::stones::face::{Lead, StoneGames};
use solved::games::yen::referee::Referee;
use solved::games::yen::rules::Rules;
use solved::games::yen::tournament::{player_seed, PlayerSpec};
use solved::games::{Game, GameId, Solver, Table};
use solved::solve::exact::format_ratio;
use std::time::Duration;

/// An instance of one game, held as the document's notation our parser
/// wrote back (`str(instance)`).
#[pyclass(frozen, eq, module = "solved_games")]
#[derive(Clone, PartialEq, Eq)]
struct Instance {
    /// The game's short name (`nim`).
    #[pyo3(get)]
    game: &'static str,
    text: String,
}

#[pymethods]
impl Instance {
    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!("Instance({:?}, {:?})", self.game, self.text)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (self.game, &self.text).hash(&mut h);
        h.finish()
    }
}

/// Win, draw or loss for the side to move (document 002: Nim has no draws).
/// Hashable, so that values key dicts and fill sets.
#[pyclass(frozen, eq, eq_int, hash, module = "solved_games")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Wdl {
    Loss,
    Draw,
    Win,
}

/// Mini-Geister's value (document 003): player 1's goal reached (+1),
/// prevented (-1) or neither (0), and the plies to the decision.
#[pyclass(frozen, eq, module = "solved_games")]
#[derive(Clone, PartialEq, Eq)]
struct GoalValue {
    #[pyo3(get)]
    reach: i8,
    #[pyo3(get)]
    distance: u32,
}

#[pymethods]
impl GoalValue {
    fn __repr__(&self) -> String {
        format!(
            "GoalValue(reach={}, distance={})",
            self.reach, self.distance
        )
    }
}

fn fraction(py: Python<'_>, x: &BigRational) -> PyResult<PyObject> {
    let class = py.import_bound("fractions")?.getattr("Fraction")?;
    Ok(class.call1((format_ratio(x),))?.unbind())
}

/// The Python name of `obj`'s type (`int`, `NoneType`).
fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map_or_else(|_| "?".to_string(), |n| n.to_string())
}

/// A `str` argument `name`, or a TypeError in Python's words
/// (`params: expected str, got int`), not PyO3's type names.
fn str_arg(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<String> {
    match obj.downcast::<PyString>() {
        Ok(text) => text.extract::<String>(),
        Err(_) => Err(PyTypeError::new_err(format!(
            "{name}: expected str, got {}",
            type_name(obj)
        ))),
    }
}

/// An optional `str` argument: `default` when it is left out or None.
fn str_or(obj: Option<&Bound<'_, PyAny>>, name: &str, default: &str) -> PyResult<String> {
    match obj {
        Some(obj) if !obj.is_none() => str_arg(obj, name),
        _ => Ok(default.to_string()),
    }
}

/// An `int` argument `name` in `low..=high`: a ValueError naming the range
/// for any other int (negative or huge alike), a TypeError for a non-int.
fn int_arg(obj: &Bound<'_, PyAny>, name: &str, low: u64, high: u64) -> PyResult<u64> {
    if !obj.is_instance_of::<pyo3::types::PyLong>() || obj.is_instance_of::<pyo3::types::PyBool>() {
        return Err(PyTypeError::new_err(format!(
            "{name}: expected int, got {}",
            type_name(obj)
        )));
    }
    obj.extract::<u64>()
        .ok()
        .filter(|v| (low..=high).contains(v))
        .ok_or_else(|| {
            let shown = obj
                .str()
                .map_or_else(|_| "?".to_string(), |s| s.to_string());
            let shown = if shown.len() > 40 {
                format!("an int of {} digits", shown.trim_start_matches('-').len())
            } else {
                shown
            };
            PyValueError::new_err(format!("{name} must be {low}..={high}, not {shown}"))
        })
}

/// An optional `int` argument ([`int_arg`]): `default` when it is left out
/// or None.
fn int_or(
    obj: Option<&Bound<'_, PyAny>>,
    name: &str,
    low: u64,
    high: u64,
    default: u64,
) -> PyResult<u64> {
    match obj {
        Some(obj) if !obj.is_none() => int_arg(obj, name, low, high),
        _ => Ok(default),
    }
}

fn value_error(game: &str, e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(format!("{game}: {e}"))
}

fn parse<G: Game>(text: &Bound<'_, PyAny>) -> PyResult<Instance> {
    let text = str_arg(text, "text")?;
    let instance: G::Instance = text.parse().map_err(|e| value_error(G::NAME, e))?;
    Ok(Instance {
        game: G::NAME,
        text: instance.to_string(),
    })
}

/// An [`Instance`] of `G`, or a string in its notation.
fn instance_of<G: Game>(obj: &Bound<'_, PyAny>) -> PyResult<G::Instance> {
    let text = if let Ok(i) = obj.downcast::<Instance>() {
        let i = i.get();
        if i.game != G::NAME {
            return Err(value_error(
                G::NAME,
                format!("{:?} is an instance of {}", i.text, i.game),
            ));
        }
        i.text.clone()
    } else if let Ok(text) = obj.downcast::<PyString>() {
        text.extract::<String>()?
    } else {
        // Python's words, not PyO3's (`'int' object cannot be converted
        // to 'PyString'`).
        return Err(PyTypeError::new_err(format!(
            "{}: expected str or Instance, got {}",
            G::NAME,
            obj.get_type().name()?
        )));
    };
    text.parse().map_err(|e| value_error(G::NAME, e))
}

fn solve<G: Game>(
    py: Python<'_>,
    obj: &Bound<'_, PyAny>,
    solver: Solver,
    convert: fn(Python<'_>, &G::Value) -> PyResult<PyObject>,
) -> PyResult<PyObject> {
    let instance = instance_of::<G>(obj)?;
    let value = G::solve(solver, &instance).map_err(|e| PyValueError::new_err(e.to_string()))?;
    convert(py, &value)
}

/// The most rows [`table_rows`] hands out as a Python list: Geister's `det`
/// (2,184,000 rows) comes as arrays ([`geister_arrays`]).
const MAX_LIST_ROWS: usize = 1_000_000;

fn solver_named(game: &str, name: &str) -> PyResult<Solver> {
    match name {
        "optimized" => Ok(Solver::Optimized),
        "naive" => Ok(Solver::Naive),
        _ => Err(value_error(
            game,
            format!("solver {name:?}: `optimized` or `naive`"),
        )),
    }
}

/// `G`'s table of `params` by `solver`, the GIL released while it is
/// solved; refused past `max_rows` rows (a Python list's [`MAX_LIST_ROWS`];
/// `None` for the arrays of [`geister_arrays`]).
fn table_rows<G: Table>(
    py: Python<'_>,
    params: &str,
    solver: &str,
    max_rows: Option<usize>,
) -> PyResult<solved::games::table::Rows<G>>
where
    G::Instance: Send,
    G::Value: Send,
{
    let solver = solver_named(G::NAME, solver)?;
    // The error names the game already (`nim table parameters: …`).
    let params_read: G::Params = params
        .parse()
        .map_err(|e: solved::games::ParseTableError| PyValueError::new_err(e.to_string()))?;
    let rows = py
        .allow_threads(|| G::table(solver, &params_read))
        .map_err(|e| value_error(G::NAME, e))?;
    if let Some(most) = max_rows.filter(|&most| rows.len() > most) {
        return Err(value_error(
            G::NAME,
            format!(
                "the table {params:?} has {} rows, more than the {most} a list takes: solved_games.geister_arrays gives it as arrays",
                rows.len()
            ),
        ));
    }
    Ok(rows)
}

/// One Python class per game: `parse(text)`, `naive(instance)`,
/// `optimized(instance)`, `NAME`, `DOCUMENT`, `NOTATION`.
macro_rules! face {
    ($class:ident, $game:ty, $convert:expr) => {
        #[pyclass(frozen, module = "solved_games")]
        struct $class;

        #[pymethods]
        impl $class {
            #[classattr]
            const NAME: &'static str = <$game as Game>::NAME;
            #[classattr]
            const DOCUMENT: &'static str = <$game as Game>::DOCUMENT;
            #[classattr]
            const NOTATION: &'static str = <$game as Game>::NOTATION;

            /// The instance `text` in the document's notation.
            #[staticmethod]
            fn parse(text: &Bound<'_, PyAny>) -> PyResult<Instance> {
                parse::<$game>(text)
            }

            /// The naive solver's value.
            #[staticmethod]
            fn naive(py: Python<'_>, instance: &Bound<'_, PyAny>) -> PyResult<PyObject> {
                solve::<$game>(py, instance, Solver::Naive, $convert)
            }

            /// The optimized solver's value.
            #[staticmethod]
            fn optimized(py: Python<'_>, instance: &Bound<'_, PyAny>) -> PyResult<PyObject> {
                solve::<$game>(py, instance, Solver::Optimized, $convert)
            }

            /// The standard tables' parameters (`key=value` words), the
            /// command line's default first.
            #[staticmethod]
            fn standard_tables() -> Vec<String> {
                <$game as Table>::standard()
                    .iter()
                    .map(|p| p.to_string())
                    .collect()
            }

            /// A whole table (`export`'s parameters, `""` for the
            /// defaults): a list of `(instance text, value)` in the
            /// canonical order, by `solver` (`"optimized"` or `"naive"`).
            #[staticmethod]
            #[pyo3(signature = (params=None, solver=None))]
            fn table<'py>(
                py: Python<'py>,
                params: Option<&Bound<'py, PyAny>>,
                solver: Option<&Bound<'py, PyAny>>,
            ) -> PyResult<Bound<'py, PyList>> {
                let params = str_or(params, "params", "")?;
                let solver = str_or(solver, "solver", "optimized")?;
                let rows = table_rows::<$game>(py, &params, &solver, Some(MAX_LIST_ROWS))?;
                let convert: fn(Python<'_>, &<$game as Game>::Value) -> PyResult<PyObject> =
                    $convert;
                let list = PyList::empty_bound(py);
                let mut text = String::new();
                for (instance, value) in &rows {
                    text.clear();
                    <$game as Table>::write_instance(instance, &mut text);
                    list.append(PyTuple::new_bound(
                        py,
                        [text.as_str().into_py(py), convert(py, value)?],
                    ))?;
                }
                Ok(list)
            }
        }
    };
}

face!(Nim, solved::games::nim::face::Nim, |py, v| {
    let wdl = match v {
        solved::core::Wdl::Loss => Wdl::Loss,
        solved::core::Wdl::Draw => Wdl::Draw,
        solved::core::Wdl::Win => Wdl::Win,
    };
    Ok(Py::new(py, wdl)?.into_any())
});
face!(Stones, StoneGames, |py, v: &Lead| Ok(v.0.into_py(py)));
face!(MemoryGame, Memory, fraction);
face!(
    GeisterGame,
    Geister,
    |py, v: &solved::games::geister::face::GoalValue| {
        let value = GoalValue {
            reach: v.reach.sign(),
            distance: v.distance,
        };
        Ok(Py::new(py, value)?.into_any())
    }
);
face!(Yen, solved::games::yen::face::Yen, fraction);

/// One position of [`nim_table`]: the piles and whether it is losing.
type NimRow = ((u32, u32, u32), bool);

/// Every Nim position with three piles of at most `max` stones, in index
/// order: a list of `(piles, losing)` (document 002 §38).
#[pyfunction]
fn nim_table(max: &Bound<'_, PyAny>) -> PyResult<Vec<NimRow>> {
    let max = int_arg(max, "max", 0, 99)? as u32;
    let table = solved::nim::optimized::Table::build(3, max);
    let mut rows = Vec::new();
    for a in 0..=max {
        for b in 0..=max {
            for c in 0..=max {
                let p: solved::nim::Position = format!("{a},{b},{c}")
                    .parse()
                    .map_err(|e| value_error("nim", e))?;
                rows.push(((a, b, c), table.is_losing(&p)));
            }
        }
    }
    Ok(rows)
}

/// Every claim of the registry: a list of dicts with `id`, `game`,
/// `source`, `statement`, `expected`.
#[pyfunction]
fn claims(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyDict>>> {
    solved::claims::all()
        .into_iter()
        .map(|c| {
            let d = PyDict::new_bound(py);
            d.set_item("id", c.id)?;
            d.set_item("game", c.game.name())?;
            d.set_item("source", c.source)?;
            d.set_item("statement", c.statement)?;
            d.set_item("expected", c.expected)?;
            Ok(d)
        })
        .collect()
}

/// Computes the claim `id` afresh: a dict with `id`, `status` (`pass`,
/// `erratum` or `fail`), `computed`, `naive` (None when not run), `agree`.
#[pyfunction]
fn check<'py>(py: Python<'py>, id: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDict>> {
    let id = str_arg(id, "id")?;
    let claim = solved::claims::by_id(&id)
        .ok_or_else(|| PyKeyError::new_err(format!("no claim has the id {id:?}")))?;
    let verdict = py.allow_threads(|| claim.check());
    let d = PyDict::new_bound(py);
    d.set_item("id", claim.id)?;
    d.set_item("status", format!("{:?}", verdict.status).to_lowercase())?;
    d.set_item("computed", verdict.evidence.computed)?;
    d.set_item("naive", verdict.evidence.naive)?;
    d.set_item("agree", verdict.agree)?;
    Ok(d)
}

/// A series of `games` matches (default 1000) between two built-in players
/// of the 10,000-yen referee (`always1000`, `minus1`, `random`, `hunter`),
/// with `total` T (default 10,000), `rounds` R (default 10) and `seed`
/// (default 1): a dict with `wins_a`, `draws`, `wins_b`. The command line's limits hold
/// (`rounds` 1..=10,000, `total` at most 10¹², `games` at least 1), and
/// Ctrl-C (any signal Python handles) stops a long series between matches.
#[pyfunction]
#[pyo3(signature = (a, b, games=None, total=None, rounds=None, seed=None))]
fn yen_match<'py>(
    py: Python<'py>,
    a: &Bound<'py, PyAny>,
    b: &Bound<'py, PyAny>,
    games: Option<&Bound<'py, PyAny>>,
    total: Option<&Bound<'py, PyAny>>,
    rounds: Option<&Bound<'py, PyAny>>,
    seed: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    use solved::games::yen::referee::{RefereeError, MAX_PLAY_ROUNDS, MAX_PLAY_TOTAL};
    let (a, b) = (str_arg(a, "a")?, str_arg(b, "b")?);
    let games = int_or(games, "games", 1, u64::MAX, 1000)?;
    let total = int_or(total, "total", 0, MAX_PLAY_TOTAL, 10_000)?;
    let rounds = int_or(rounds, "rounds", 1, u64::from(MAX_PLAY_ROUNDS), 10)? as u32;
    let seed = int_or(seed, "seed", 0, u64::MAX, 1)?;
    let mut players = Vec::new();
    for (position, name) in [a.as_str(), b.as_str()].into_iter().enumerate() {
        let spec: PlayerSpec = name.parse().map_err(|e| value_error("yen", e))?;
        if matches!(spec, PlayerSpec::Command(_)) {
            return Err(value_error(
                "yen",
                format!("{name:?}: only built-in players play from Python"),
            ));
        }
        let player = spec
            .contestant(player_seed(seed, position), Duration::from_secs(2))
            .map_err(|e| value_error("yen", e))?;
        players.push(player);
    }
    let (mut pa, mut pb) = (players.remove(0), players.remove(0));
    // Between matches: a pending KeyboardInterrupt (or another signal's
    // exception) ends the series and is raised as it is.
    let mut interrupted: Option<PyErr> = None;
    let score =
        Referee::new(Rules { total, rounds }).play_series(&mut *pa, &mut *pb, games, |_| match py
            .check_signals()
        {
            Ok(()) => Ok(()),
            Err(e) => {
                interrupted = Some(e);
                Err(std::io::Error::other("interrupted"))
            }
        });
    let score = match (score, interrupted) {
        (Err(RefereeError::Report(_)), Some(e)) => return Err(e),
        (score, _) => score.map_err(|e| value_error("yen", e))?,
    };
    let d = PyDict::new_bound(py);
    d.set_item("wins_a", score.wins_a)?;
    d.set_item("draws", score.draws)?;
    d.set_item("wins_b", score.wins_b)?;
    Ok(d)
}

/// A typed array over `bytes` (native byte order): numpy's `dtype` when
/// `numpy` is true, else `array.array`'s `typecode`.
fn typed_array<'py>(
    py: Python<'py>,
    bytes: &[u8],
    numpy: bool,
    dtype: &str,
    typecode: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let buffer = PyByteArray::new_bound(py, bytes);
    if numpy {
        let np = py.import_bound("numpy")?;
        np.getattr("frombuffer")?
            .call1((buffer, np.getattr(dtype)?))
    } else {
        let array = py
            .import_bound("array")?
            .getattr("array")?
            .call1((typecode,))?;
        array.call_method1("frombytes", (buffer,))?;
        Ok(array)
    }
}

/// A whole Geister table as two arrays in the table's order (SPEC.md,
/// "The Python face", "Whole tables"): `reach` (int8: +1, 0, −1 for player
/// 1's goal) and `distance` (uint32, plies), as numpy arrays when numpy is
/// importable (or `numpy=True`), else `array.array` (`'b'` and `'I'`). Row
/// `i` is the position `geister_instance(params, i)`; `geister_index`
/// goes back.
#[pyfunction]
#[pyo3(signature = (params=None, solver=None, numpy=None))]
fn geister_arrays<'py>(
    py: Python<'py>,
    params: Option<&Bound<'py, PyAny>>,
    solver: Option<&Bound<'py, PyAny>>,
    numpy: Option<bool>,
) -> PyResult<Bound<'py, PyTuple>> {
    let params = str_or(params, "params", "analysis=det")?;
    let solver = str_or(solver, "solver", "optimized")?;
    let rows = table_rows::<Geister>(py, &params, &solver, None)?;
    let numpy = match numpy {
        Some(n) => n,
        None => py.import_bound("numpy").is_ok(),
    };
    let reach: Vec<u8> = rows.iter().map(|(_, v)| v.reach.sign() as u8).collect();
    let distance: Vec<u8> = rows
        .iter()
        .flat_map(|(_, v)| u32::from(v.distance).to_ne_bytes())
        .collect();
    // 'I' is 4 bytes on every platform CPython runs on today; checked.
    let uint32 = typed_array(py, &distance, numpy, "uint32", "I")?;
    if uint32.getattr("itemsize")?.extract::<usize>()? != 4 {
        return Err(value_error("geister", "array('I') is not 4 bytes here"));
    }
    let arrays = [typed_array(py, &reach, numpy, "int8", "b")?, uint32];
    Ok(PyTuple::new_bound(py, arrays))
}

fn geister_params(params: &Bound<'_, PyAny>) -> PyResult<<Geister as Table>::Params> {
    str_arg(params, "params")?
        .parse()
        .map_err(|e: solved::games::ParseTableError| PyValueError::new_err(e.to_string()))
}

/// The position at row `index` of the Geister table `params`, in the
/// document's notation.
#[pyfunction]
#[pyo3(signature = (params, index))]
fn geister_instance(params: &Bound<'_, PyAny>, index: &Bound<'_, PyAny>) -> PyResult<String> {
    let params = geister_params(params)?;
    let index = usize::try_from(int_arg(index, "index", 0, u64::MAX)?).unwrap_or(usize::MAX);
    // The table's instances in its order (about 0.1 s for `det`): the
    // index behind them is the library's own, not public.
    let instances = Geister::instances(&params);
    let question = instances.get(index).ok_or_else(|| {
        value_error(
            "geister",
            format!("row {index} is past the table's {} rows", instances.len()),
        )
    })?;
    let mut text = String::new();
    Geister::write_instance(question, &mut text);
    Ok(text)
}

/// The row of `instance` (its text or a parsed `Instance`) in the Geister
/// table `params`.
#[pyfunction]
fn geister_index(params: &Bound<'_, PyAny>, instance: &Bound<'_, PyAny>) -> PyResult<usize> {
    let params = geister_params(params)?;
    let question = instance_of::<Geister>(instance)?;
    Geister::index(&params, &question).ok_or_else(|| {
        value_error(
            "geister",
            format!("{question} is not a position of the table {params}"),
        )
    })
}

/// The class of each registered game, exported under its capitalised
/// registry name (`Nim`, `Stones`, `Memory`, `Geister`, `Yen`). An
/// exhaustive `match`: a game added to the registry is asked for here by
/// the compiler.
fn face_class(py: Python<'_>, game: GameId) -> Bound<'_, PyType> {
    match game {
        GameId::Nim => py.get_type_bound::<Nim>(),
        GameId::Stones => py.get_type_bound::<Stones>(),
        GameId::Memory => py.get_type_bound::<MemoryGame>(),
        GameId::Geister => py.get_type_bound::<GeisterGame>(),
        GameId::Yen => py.get_type_bound::<Yen>(),
    }
}

#[pymodule]
fn solved_games(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Instance>()?;
    m.add_class::<Wdl>()?;
    m.add_class::<GoalValue>()?;
    for game in GameId::ALL {
        let name = game.info().name;
        let class = name[..1].to_uppercase() + &name[1..];
        m.add(class.as_str(), face_class(m.py(), game))?;
    }
    m.add_function(wrap_pyfunction!(nim_table, m)?)?;
    m.add_function(wrap_pyfunction!(geister_arrays, m)?)?;
    m.add_function(wrap_pyfunction!(geister_instance, m)?)?;
    m.add_function(wrap_pyfunction!(geister_index, m)?)?;
    m.add_function(wrap_pyfunction!(claims, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(yen_match, m)?)?;
    Ok(())
}
