//! `LineSolver`: `bitgames solve`'s own per-line work from Python: one line
//! of the game's solve format read, solved and reported by the library's
//! [`Solver::solve_line`](bitgames::Solver::solve_line), the code the CLI
//! runs, so a job that solves a file across workers prints what the CLI
//! prints.

use crate::engine::stoppable_solver;
use crate::interrupt::run_interruptible;
use crate::value_error;
use bitgames::{new_game, Solver, ToolError};
use pyo3::prelude::*;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

/// A game's exact solver that takes lines as `bitgames solve` does.
#[pyclass(module = "bitgames")]
pub(crate) struct LineSolver {
    /// A `Mutex` for Python's threads (a pyclass is `Sync`); one line at a time.
    solver: Mutex<Box<dyn Solver>>,
    stop: Arc<AtomicBool>,
    /// The game's spec with all its parameters.
    #[pyo3(get)]
    spec: String,
}

#[pymethods]
impl LineSolver {
    /// A solver for the game `spec` with `bitgames solve`'s options: `mode`
    /// `"score"`, `"best"` or `"analyze"`, `weak`, `table_mib`, `threads`,
    /// `book` (a file made by `bitgames book`). A `ValueError` for a game
    /// without a solver or a bad option.
    #[new]
    #[pyo3(signature = (spec, mode = "score", weak = false, table_mib = 64, threads = 1, book = None))]
    fn new(
        spec: &str, mode: &str, weak: bool, table_mib: usize, threads: usize,
        book: Option<std::path::PathBuf>,
    ) -> PyResult<LineSolver> {
        let game = new_game(spec).map_err(value_error)?;
        let (solver, stop) = stoppable_solver(game.as_ref(), mode, weak, table_mib, threads, book)?;
        Ok(LineSolver { solver: Mutex::new(solver), stop, spec: game.spec() })
    }

    /// Reads, solves and reports one line as `bitgames solve` does: `(report,
    /// error, input_fault)`, the report the text the CLI prints to standard
    /// output for the line (possibly empty), the error its message on standard
    /// error (`None` when the line was solved and agreed with any score it
    /// claims), `input_fault` whether the CLI counts it as a bad line (exit
    /// code 2) rather than a failure (1). Ctrl-C stops it.
    fn solve_line(
        &mut self, py: Python<'_>, line: &str,
    ) -> PyResult<(String, Option<String>, bool)> {
        let solver = self
            .solver
            .get_mut()
            .map_err(|_| value_error("the solver failed on an earlier line"))?;
        let (report, result) = run_interruptible(py, &self.stop, || {
            let mut report = Vec::new();
            let result = solver.solve_line(line, &mut report);
            (report, result)
        })?;
        let report = String::from_utf8_lossy(&report).into_owned();
        Ok(match result {
            Ok(_) => (report, None, false),
            Err(e @ ToolError::Io(_)) => return Err(value_error(e)),
            Err(e) => {
                let input = e.is_input();
                (report, Some(e.to_string()), input)
            }
        })
    }

    fn __repr__(&self) -> String {
        format!("bitgames.LineSolver({:?})", self.spec)
    }
}
