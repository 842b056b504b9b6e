//! The Python package `bitgames` (its extension module `bitgames._core`): the
//! library's games behind OpenSpiel's state interface, a batched environment
//! over numpy buffers, and the engines and exact solvers, all through the
//! library's facade (`bitgames::{new_game, new_engine, new_solver, DynGame}`):
//! no game is named here.
//!
//! Errors a Python user can cause (an unknown game, an illegal action, a bad
//! array) are `ValueError` or `TypeError` with the library's message.

mod analysis;
mod engine;
mod env;
mod history;
mod interrupt;
mod line_solver;
mod puzzles;
mod state;
mod svg;
mod tablebase;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// A library error as a Python `ValueError`, with its message.
pub(crate) fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// A thread count from Python, checked ([`bitgames::search::check_threads`]):
/// 0 for every core, at most four a core.
pub(crate) fn check_threads(threads: usize) -> PyResult<()> {
    bitgames::search::check_threads(threads).map_err(|e| value_error(format!("threads: {e}")))
}

/// One typed parameter of a game.
#[pyclass(module = "bitgames", frozen, get_all)]
struct Param {
    /// Its name in a spec (`size` in `hex(size=11)`).
    name: String,
    /// `int`, `float`, `bool`, `choice`, `text` or `duration`.
    kind: String,
    /// Its value when the spec leaves it out, as spec text (`none`: unset).
    default: String,
    /// The values it takes, in words (`3 to 19`, `positional or simple`).
    range: String,
    /// What it sets.
    doc: String,
}

#[pymethods]
impl Param {
    fn __repr__(&self) -> String {
        format!("Param({}: {} = {}, {:?})", self.name, self.kind, self.default, self.doc)
    }
}

/// A game the package has: its name, what it is, its parameters.
#[pyclass(module = "bitgames", frozen, get_all)]
struct GameInfo {
    /// The name to load it by (`connect4`).
    name: String,
    /// One line on the game.
    summary: String,
    /// Its spec with every parameter at its default.
    default_spec: String,
    /// The parameters a spec may set.
    params: Vec<Py<Param>>,
    /// The engines that play it (specs' names: `random`, `mcts`, …; the
    /// game's own last).
    engines: Vec<String>,
    /// Whether `bitgames.solve` solves its positions exactly.
    has_solver: bool,
}

#[pymethods]
impl GameInfo {
    fn __repr__(&self) -> String {
        format!("GameInfo({:?}: {})", self.default_spec, self.summary)
    }
}

/// Every game, with its typed parameters.
#[pyfunction]
fn games(py: Python<'_>) -> PyResult<Vec<GameInfo>> {
    bitgames::games()
        .iter()
        .map(|g| {
            let params = g
                .params
                .iter()
                .map(|p| {
                    Py::new(
                        py,
                        Param {
                            name: p.name.to_string(),
                            kind: p.kind.name().to_string(),
                            default: p.default_value().to_string(),
                            range: p.range(),
                            doc: p.doc.to_string(),
                        },
                    )
                })
                .collect::<PyResult<_>>()?;
            let engines = bitgames::registry::engines_of(Some(g))
                .iter()
                .map(|e| e.name.to_string())
                .collect();
            Ok(GameInfo {
                name: g.name.to_string(),
                summary: g.summary.to_string(),
                default_spec: g.default_spec(),
                params,
                engines,
                has_solver: g.tools.solver.is_some(),
            })
        })
        .collect()
}

/// The game a spec names, OpenSpiel's `load_game`: `"hex(size=11)"`,
/// `"connect4"`, `"go(size=9,komi=7.5)"`.
#[pyfunction]
fn load_game(spec: &str) -> PyResult<state::Game> {
    state::Game::load(spec)
}

/// The extension module `bitgames._core`: every function and class the
/// package has, and its version.
#[pymodule]
mod _core {
    #[pymodule_export]
    use super::{
        analysis::{analyse, Analysis, AnalysisEvent},
        engine::{perft, random_playouts, solve, Engine, Playouts, Solution},
        env::VectorEnv,
        games,
        line_solver::LineSolver,
        load_game,
        puzzles::{life, lightsout, pack, LifeRun, LightsOutSolution, PackReport},
        state::{restore_state, Game, State},
        tablebase::{TableCounts, TableProbe, TableValue, Tablebase},
        GameInfo, Param,
    };
    use pyo3::prelude::*;

    #[pymodule_init]
    fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
        m.add("__version__", env!("CARGO_PKG_VERSION"))
    }
}
