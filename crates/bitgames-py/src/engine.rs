//! Engines, exact solvers, perft and random playouts from Python, with typed
//! results.

use crate::interrupt::run_interruptible;
use crate::state::{Game, State};
use crate::value_error;
use bitgames::{new_engine, new_solver, DynGame, SolveMode, SolveOptions, Solver};
use pyo3::prelude::*;
use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

/// An engine by spec (`mcts(time=1s)`, `alphabeta(level=6)`, `random(seed=3)`,
/// a game's own such as Connect Four's `solver`) for one game.
#[pyclass(module = "bitgames")]
pub(crate) struct Engine {
    /// A `Mutex` for Python's threads (a pyclass is `Sync`); one move at a time.
    engine: Mutex<Box<dyn bitgames::Engine>>,
    spec: String,
    game: String,
    stop: Arc<AtomicBool>,
    /// What the engine said about its last move, and the positions it searched.
    #[pyo3(get)]
    last_info: Option<String>,
    #[pyo3(get)]
    last_nodes: Option<u64>,
}

#[pymethods]
impl Engine {
    #[new]
    fn new(spec: &str, game: &Game) -> PyResult<Engine> {
        let mut engine = new_engine(game.start(), spec).map_err(value_error)?;
        let stop = Arc::new(AtomicBool::new(false));
        engine.set_stop(Some(Arc::clone(&stop)));
        Ok(Engine {
            spec: engine.spec(),
            engine: Mutex::new(engine),
            game: game.start().name().to_string(),
            stop,
            last_info: None,
            last_nodes: None,
        })
    }

    /// The engine's spec with all its parameters.
    #[getter]
    fn spec(&self) -> String {
        self.spec.clone()
    }

    /// The action the engine plays in `state`; `None` when the game is over.
    /// Ctrl-C stops the search and raises `KeyboardInterrupt`.
    fn choose(&mut self, py: Python<'_>, state: &State) -> PyResult<Option<usize>> {
        let game = state.game();
        if game.name() != self.game {
            return Err(value_error(format!(
                "the engine {} plays {}, not {}",
                self.spec,
                self.game,
                game.spec()
            )));
        }
        let engine = self
            .engine
            .get_mut()
            .map_err(|_| value_error("the engine failed in an earlier move"))?;
        let chosen =
            run_interruptible(py, &self.stop, || engine.choose(game))?.map_err(value_error)?;
        let Some(m) = chosen else {
            return Ok(None);
        };
        self.last_info = m.info;
        self.last_nodes = m.nodes;
        game.string_to_action(&m.mv).map(Some).map_err(value_error)
    }

    fn __repr__(&self) -> String {
        format!("bitgames.Engine({:?}) for {}", self.spec, self.game)
    }
}

/// What an exact solve found, for the side to move.
#[pyclass(module = "bitgames", frozen, get_all)]
pub(crate) struct Solution {
    /// The exact score in the game's unit (Connect Four: Pons' score, positive
    /// a win, larger the sooner; Othello: the final disc difference).
    score: i32,
    /// Actions that reach the score (every one with `mode="best"` or
    /// `"analyze"`, at least one otherwise where the solver names it).
    best: Vec<usize>,
    /// The same moves in the game's notation.
    best_moves: Vec<String>,
    /// Every legal action's score (`mode="analyze"`; empty otherwise).
    scores: BTreeMap<usize, i32>,
    /// Positions searched.
    nodes: u64,
    /// Wall-clock seconds.
    seconds: f64,
}

#[pymethods]
impl Solution {
    fn __repr__(&self) -> String {
        format!(
            "Solution(score={}, best={:?}, nodes={}, seconds={:.3})",
            self.score, self.best_moves, self.nodes, self.seconds
        )
    }
}

/// An exact solver for `game` with a solve's options from the Python
/// arguments, each checked: `mode` is `"score"`, `"best"` or `"analyze"`; a
/// table the machine cannot give, a thread count out of range or a game
/// without a solver is a `ValueError`. With the flag that stops it (Ctrl-C).
pub(crate) fn stoppable_solver(
    game: &dyn DynGame, mode: &str, weak: bool, table_mib: usize, threads: usize,
    book: Option<std::path::PathBuf>,
) -> PyResult<(Box<dyn Solver>, Arc<AtomicBool>)> {
    let mode = match mode {
        "score" => SolveMode::Score,
        "best" => SolveMode::Best,
        "analyze" | "analyse" => SolveMode::Analyze,
        other => {
            return Err(value_error(format!(
                "mode {other:?}: expected \"score\", \"best\" or \"analyze\""
            )))
        }
    };
    bitgames::search::memory::check_table_mib(table_mib)
        .map_err(|e| value_error(format!("table_mib {table_mib}: {e}")))?;
    crate::check_threads(threads)?;
    let options = SolveOptions { mode, weak, table_mib, threads, book };
    let mut solver = new_solver(game, &options).map_err(value_error)?;
    let stop = Arc::new(AtomicBool::new(false));
    solver.set_stop(Some(Arc::clone(&stop)));
    Ok((solver, stop))
}

/// Solves `state` exactly: `mode` is `"score"`, `"best"` (every best move) or
/// `"analyze"` (every move's score); `weak` asks only win, draw or loss (Connect
/// Four). A `ValueError` for a game without a solver. Ctrl-C stops it.
#[pyfunction]
#[pyo3(signature = (state, mode = "score", weak = false, table_mib = 64, threads = 1))]
pub(crate) fn solve(
    py: Python<'_>, state: &State, mode: &str, weak: bool, table_mib: usize, threads: usize,
) -> PyResult<Solution> {
    let game = state.game();
    let (mut solver, stop) = stoppable_solver(game, mode, weak, table_mib, threads, None)?;
    let s = run_interruptible(py, &stop, || solver.solve(game))?.map_err(value_error)?;
    let action = |mv: &str| game.string_to_action(mv).map_err(value_error);
    Ok(Solution {
        score: s.score,
        best: s.best.iter().map(|m| action(m)).collect::<PyResult<_>>()?,
        best_moves: s.best.clone(),
        scores: s.moves.iter().map(|m| Ok((action(&m.mv)?, m.score))).collect::<PyResult<_>>()?,
        nodes: s.nodes,
        seconds: s.seconds,
    })
}

/// Move paths of `depth` plies from `state` (perft), on `threads` threads (0:
/// one per core).
#[pyfunction]
#[pyo3(signature = (state, depth, threads = 1))]
pub(crate) fn perft(py: Python<'_>, state: &State, depth: usize, threads: usize) -> PyResult<u64> {
    crate::check_threads(threads)?;
    let game = state.game();
    Ok(py.detach(|| {
        if threads == 1 {
            game.perft(depth)
        } else {
            game.perft_parallel(depth, threads)
        }
    }))
}

/// What a batch of random playouts came to.
#[pyclass(module = "bitgames", frozen, get_all)]
pub(crate) struct Playouts {
    /// Games played.
    games: u64,
    /// Plies in all.
    plies: u64,
    /// Games won by the first player.
    first_wins: u64,
    /// Games won by the second player.
    second_wins: u64,
    /// Drawn games.
    draws: u64,
}

#[pymethods]
impl Playouts {
    fn __repr__(&self) -> String {
        format!(
            "Playouts(games={}, plies={}, first_wins={}, second_wins={}, draws={})",
            self.games, self.plies, self.first_wins, self.second_wins, self.draws
        )
    }
}

/// `count` games of uniformly random moves from `state`, seeded.
#[pyfunction]
#[pyo3(signature = (state, count, seed = 0))]
pub(crate) fn random_playouts(py: Python<'_>, state: &State, count: u64, seed: u64) -> Playouts {
    let game = state.game();
    let s = py.detach(|| game.playouts(count, seed));
    Playouts {
        games: s.games,
        plies: s.plies,
        first_wins: s.first_wins,
        second_wins: s.second_wins,
        draws: s.draws,
    }
}
