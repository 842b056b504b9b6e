//! `bitgames.Tablebase`: a game's retrograde table (every position won, lost
//! or drawn for the side to move, with its distance to the end), built, saved,
//! loaded and asked from Python through the game's table capability
//! ([`bitgames::tablebase_for`]): no game is named here.

use crate::interrupt::run_interruptible;
use crate::state::{Game, State};
use crate::value_error;
use bitgames::retro::{Counts, Table, TableError, Value};
use bitgames::tools::{StagedTable, TableBuild, TableNotes, TablebaseInfo};
use bitgames::{tablebase_for, DynGame, ToolError};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;
use pyo3::types::PyBytes;
use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// A position's value for the side to move: `outcome` `"win"`, `"loss"` or
/// `"draw"`, and for a win or a loss the plies to the end under best play
/// (the winner as fast as it can, the loser as slow).
#[pyclass(module = "bitgames", frozen, eq)]
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct TableValue(Value);

#[pymethods]
impl TableValue {
    /// `"win"`, `"loss"` or `"draw"`.
    #[getter]
    fn outcome(&self) -> &'static str {
        match self.0 {
            Value::Win(_) => "win",
            Value::Loss(_) => "loss",
            Value::Draw => "draw",
        }
    }

    /// Plies to the end for a win or a loss (0: lost already); `None` for a draw.
    #[getter]
    fn plies(&self) -> Option<u16> {
        match self.0 {
            Value::Win(d) | Value::Loss(d) => Some(d),
            Value::Draw => None,
        }
    }

    /// How good it is for the side to move, to sort by: wins above draws above
    /// losses, a faster win and a slower loss higher.
    #[getter]
    fn rank(&self) -> i32 {
        self.0.rank()
    }

    /// `win in 7`, `loss in 4`, `lost`, `draw`.
    fn __str__(&self) -> String {
        self.0.words()
    }

    fn __repr__(&self) -> String {
        format!("TableValue({:?})", self.0.words())
    }
}

/// What a table says of a position.
#[pyclass(module = "bitgames", frozen, get_all)]
pub(crate) struct TableProbe {
    /// Its value for the side to move, without a move limit (the table's).
    value: Py<TableValue>,
    /// Its value under the game's move limit (a win or a loss further away
    /// than the plies left is a draw); `value` for a game without one.
    limited: Py<TableValue>,
    /// Every legal action with its value for the mover (under the move limit).
    moves: BTreeMap<usize, Py<TableValue>>,
    /// The actions with the best value (none when the game is over).
    best: Vec<usize>,
}

#[pymethods]
impl TableProbe {
    fn __repr__(&self, py: Python<'_>) -> String {
        format!("TableProbe(value={:?}, best={:?})", self.value.borrow(py).0.words(), self.best)
    }
}

/// The counts of a table or of one of its sections, for the side to move.
#[pyclass(module = "bitgames", frozen, get_all)]
pub(crate) struct TableCounts {
    /// Positions of play: won, lost and drawn.
    positions: u64,
    /// Positions the side to move wins.
    won: u64,
    /// Positions it loses (those already lost included).
    lost: u64,
    /// Positions neither side can force a win from.
    drawn: u64,
    /// The longest forced win, in plies.
    longest_win: u16,
}

impl TableCounts {
    fn of(c: &Counts) -> TableCounts {
        TableCounts {
            positions: c.positions(),
            won: c.won,
            lost: c.lost,
            drawn: c.drawn,
            longest_win: c.longest_win,
        }
    }
}

#[pymethods]
impl TableCounts {
    fn __repr__(&self) -> String {
        format!(
            "TableCounts(positions={}, won={}, lost={}, drawn={}, longest_win={})",
            self.positions, self.won, self.lost, self.drawn, self.longest_win
        )
    }
}

/// A game's retrograde table: every position labelled won, lost or drawn for
/// the side to move, with its distance to the end. `Tablebase.build(game)`
/// makes it (on every core; Ctrl-C stops it), `Tablebase.load(game, path)`
/// reads a file that `save` or `bitgames tablebase build` wrote, and
/// `probe(state)` answers for a position and every move from it.
#[pyclass(module = "bitgames", frozen)]
pub(crate) struct Tablebase {
    table: Table,
    info: &'static TablebaseInfo,
    /// The spec of the game the table was made or read for.
    spec: String,
}

/// The game's table capability, or a `ValueError` naming the games with one.
fn info(game: &dyn DynGame) -> PyResult<&'static TablebaseInfo> {
    tablebase_for(game).map_err(value_error)
}

/// The game's table build in stages, or a `ValueError`: no table, or one
/// built in one piece.
fn staged(game: &dyn DynGame) -> PyResult<&'static StagedTable> {
    info(game)?.staged.ok_or_else(|| {
        value_error(format!(
            "the table of {} is built in one piece, not in stages that can be shared out \
             (the placement games' tables and Clobber's are)",
            game.spec()
        ))
    })
}

#[pymethods]
impl Tablebase {
    /// Builds `game`'s table (its start position's board and rules) on
    /// `threads` threads (0: every core). `progress`, if given, is called with
    /// a line of text at each step (a ply or a distance done); an exception it
    /// raises stops the build and is raised here, as Ctrl-C is
    /// (`KeyboardInterrupt`). With `resume`, a folder, each finished step is
    /// kept there as the build goes, and the same build started again with it
    /// goes on from the steps kept; the folder must be new, empty or an
    /// earlier build's, and its steps are removed once the build is done. A `ValueError` for a game without a table, or a board too large
    /// for one.
    #[staticmethod]
    #[pyo3(signature = (game, threads = 0, progress = None, resume = None))]
    fn build(
        py: Python<'_>, game: &Game, threads: usize, progress: Option<Py<PyAny>>,
        resume: Option<PathBuf>,
    ) -> PyResult<Tablebase> {
        crate::check_threads(threads)?;
        let start = game.start();
        let info = info(start)?;
        let stop = Arc::new(AtomicBool::new(false));
        let failed: Arc<Mutex<Option<PyErr>>> = Arc::new(Mutex::new(None));
        let notes: TableNotes = {
            let (stop, failed) = (Arc::clone(&stop), Arc::clone(&failed));
            Box::new(move |line: &str| {
                if stop.load(Ordering::Relaxed) {
                    return ControlFlow::Break(());
                }
                let Some(callback) = &progress else { return ControlFlow::Continue(()) };
                match Python::attach(|py| callback.call1(py, (line,)).map(drop)) {
                    Ok(()) => ControlFlow::Continue(()),
                    Err(e) => {
                        *failed.lock().unwrap_or_else(|p| p.into_inner()) = Some(e);
                        ControlFlow::Break(())
                    }
                }
            })
        };
        let how = TableBuild { threads, notes: Some(notes), resume: resume.clone() };
        let built = run_interruptible(py, &stop, || (info.build)(start, how))?;
        if let Some(e) = failed.lock().unwrap_or_else(|p| p.into_inner()).take() {
            return Err(e);
        }
        let table = built.map_err(tool_error)?;
        if let Some(dir) = resume {
            bitgames::retro::steps::clear(&dir).map_err(|e| table_error(&e))?;
        }
        Ok(Tablebase { table, info, spec: start.spec() })
    }

    /// The stages of `game`'s table where it is built in stages that workers
    /// can share out (the placement games': their plies, from the full board
    /// back): `(name, indices, reads)` each, in the order they are labelled,
    /// `reads` the earlier stages whose bytes a stage's labelling needs. A
    /// `ValueError` for a game without a table or a table built in one piece.
    #[staticmethod]
    fn stages(game: &Game) -> PyResult<Vec<(String, u64, Vec<usize>)>> {
        let start = game.start();
        let stages = (staged(start)?.stages)(start).map_err(tool_error)?;
        Ok(stages.into_iter().map(|s| (s.name, s.len, s.reads)).collect())
    }

    /// The bytes of indices `start` to `end` (excluded) of stage `stage` of
    /// `game`'s table, from the bytes of the stages it reads (`reads`, in the
    /// order `stages` names them), on `threads` threads (0: every core), the
    /// GIL released: one task of a build shared out. A `ValueError` for a
    /// stage or a range past the end, or `reads` not of those stages' lengths.
    #[staticmethod]
    #[pyo3(signature = (game, stage, start, end, reads, threads = 1))]
    fn label_stage<'py>(
        py: Python<'py>, game: &Game, stage: usize, start: u64, end: u64,
        reads: Vec<PyBackedBytes>, threads: usize,
    ) -> PyResult<Bound<'py, PyBytes>> {
        crate::check_threads(threads)?;
        let g = game.start();
        let label = staged(g)?.label;
        let reads: Vec<&[u8]> = reads.iter().map(|r| r.as_ref()).collect();
        let bytes = py
            .detach(|| {
                let pool = bitgames::retro::pool(threads).map_err(ToolError::game)?;
                pool.install(|| label(g, stage, start..end, &reads))
            })
            .map_err(tool_error)?;
        Ok(PyBytes::new(py, &bytes))
    }

    /// The table of `game` from every stage's bytes (`stages`' order), as
    /// `build` makes it. A `ValueError` if a stage's bytes are
    /// missing or not of its length.
    #[staticmethod]
    fn assemble(py: Python<'_>, game: &Game, stages: Vec<PyBackedBytes>) -> PyResult<Tablebase> {
        let start = game.start();
        let (info, assemble) = (info(start)?, staged(start)?.assemble);
        let bytes: Vec<Vec<u8>> = stages.iter().map(|s| s.to_vec()).collect();
        let table = py.detach(|| assemble(start, bytes)).map_err(tool_error)?;
        Ok(Tablebase { table, info, spec: start.spec() })
    }

    /// Reads `game`'s table from `path` (checked whole: its game and board,
    /// its length, its checksum). An `OSError` if the file cannot be read, a
    /// `ValueError` if it is not a table of this game.
    #[staticmethod]
    fn load(py: Python<'_>, game: &Game, path: PathBuf) -> PyResult<Tablebase> {
        let start = game.start();
        let info = info(start)?;
        let table = py.detach(|| (info.load)(start, &path)).map_err(tool_error)?;
        Ok(Tablebase { table, info, spec: start.spec() })
    }

    /// Writes the table to `path`, whole or not at all (a file beside it,
    /// renamed over `path` once written). An `OSError` if it cannot be written.
    fn save(&self, py: Python<'_>, path: PathBuf) -> PyResult<()> {
        py.detach(|| self.table.save(&path)).map_err(|e| table_error(&e))
    }

    /// The value of `state` for the side to move, and of every legal action.
    /// A `ValueError` for a state of another game or board.
    fn probe(&self, py: Python<'_>, state: &State) -> PyResult<TableProbe> {
        let game = state.game();
        let probe = (self.info.probe)(&self.table, game).map_err(value_error)?;
        let action = |mv: &str| game.string_to_action(mv).map_err(value_error);
        let best = probe.best().iter().map(|m| action(&m.mv)).collect::<PyResult<_>>()?;
        let moves = probe
            .moves
            .iter()
            .map(|m| Ok((action(&m.mv)?, Py::new(py, TableValue(m.value))?)))
            .collect::<PyResult<_>>()?;
        Ok(TableProbe {
            value: Py::new(py, TableValue(probe.value))?,
            limited: Py::new(py, TableValue(probe.limited))?,
            moves,
            best,
        })
    }

    /// The value of `state` for the side to move (`probe(state).value`).
    fn value(&self, state: &State) -> PyResult<TableValue> {
        let probe = (self.info.probe)(&self.table, state.game()).map_err(value_error)?;
        Ok(TableValue(probe.value))
    }

    /// The spec of the game the table was made or read for.
    #[getter]
    fn spec(&self) -> String {
        self.spec.clone()
    }

    /// The table's size in bytes (one a position index).
    #[getter]
    fn size(&self) -> usize {
        self.table.size()
    }

    /// The positions won, lost and drawn for the side to move, in all.
    #[getter]
    fn counts(&self) -> TableCounts {
        TableCounts::of(&self.table.counts())
    }

    /// Each section's name (a phase or a ply: `ply 3`, `moves`) and counts.
    #[getter]
    fn sections(&self) -> Vec<(String, TableCounts)> {
        self.table.sections().iter().map(|s| (s.name.clone(), TableCounts::of(&s.counts))).collect()
    }

    fn __repr__(&self) -> String {
        let c = self.table.counts();
        format!(
            "bitgames.Tablebase({:?}: {} positions, {} won, {} lost, {} drawn)",
            self.spec,
            c.positions(),
            c.won,
            c.lost,
            c.drawn
        )
    }
}

/// A table error as Python's: an `OSError` where the file could not be read
/// or written, a `ValueError` otherwise (not a table, another game's, damaged).
fn table_error(e: &TableError) -> PyErr {
    match e {
        TableError::Io { .. } => pyo3::exceptions::PyOSError::new_err(e.to_string()),
        _ => value_error(e),
    }
}

/// A table tool's error as Python's ([`table_error`] for the table's own).
fn tool_error(e: ToolError) -> PyErr {
    match &e {
        ToolError::Game(inner) => {
            inner.downcast_ref::<TableError>().map_or_else(|| value_error(&e), table_error)
        }
        _ => value_error(e),
    }
}
