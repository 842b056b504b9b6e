//! Browne's puzzles from Python, with Python values: Lights Out solved over
//! GF(2) on a numpy board, Life run on an unbounded plane from RLE, and
//! polyomino/polycube packings counted (Browne, Alg. 13).

use crate::interrupt::run_interruptible;
use crate::value_error;
use bitgames::puzzles::life::{Pattern, Plane};
use bitgames::puzzles::lightsout::{LightsBoard, LightsOut};
use bitgames::puzzles::pack::{self as packing, Options, Pruning, Puzzle};
use numpy::{PyArray2, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::prelude::*;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// A Lights Out solution.
#[pyclass(module = "bitgames", frozen, get_all)]
pub(crate) struct LightsOutSolution {
    /// The cells to press, a bool array shaped as the board (top row first).
    presses: Py<PyArray2<bool>>,
    /// Presses in all.
    count: usize,
    /// Whether no solution has fewer presses (the whole null space was
    /// searched).
    minimal: bool,
}

/// Solves Lights Out (each press toggles a cell and its four neighbours) for
/// the lit cells of `board`, a 2-D bool array with the top row first; `None`
/// when no presses turn every light off.
#[pyfunction]
pub(crate) fn lightsout(
    py: Python<'_>, board: PyReadonlyArray2<'_, bool>,
) -> PyResult<Option<LightsOutSolution>> {
    let [h, w] = [board.shape()[0], board.shape()[1]];
    let solver = LightsOut::new(w, h).map_err(value_error)?;
    let cells = board.as_array();
    let mut lit = LightsBoard::new(w, h);
    for ((r, c), &on) in cells.indexed_iter() {
        lit.set(c, h - 1 - r, on);
    }
    let Some(s) = py.detach(|| solver.solve(&lit)) else {
        return Ok(None);
    };
    let presses = PyArray2::from_vec2(
        py,
        &(0..h)
            .map(|r| (0..w).map(|c| s.presses.get(c, h - 1 - r)).collect())
            .collect::<Vec<Vec<bool>>>(),
    )
    .map_err(value_error)?;
    Ok(Some(LightsOutSolution {
        presses: presses.unbind(),
        count: s.presses.count(),
        minimal: s.minimal,
    }))
}

/// A Life run's end.
#[pyclass(module = "bitgames", frozen, get_all)]
pub(crate) struct LifeRun {
    /// Generations run.
    generation: u64,
    /// Live cells.
    population: u64,
    /// The live cells' bounding box `(x0, y0, x1, y1)`, inclusive, rows
    /// growing downwards; `None` when nothing lives.
    bounding_box: Option<(i64, i64, i64, i64)>,
    /// The live cells as `(x, y)` pairs, an int64 array of shape `(n, 2)`.
    cells: Py<PyArray2<i64>>,
}

/// Runs a Life pattern (RLE text, its rule from the header, B3/S23 when it
/// names none) for `generations` on an unbounded plane, on `threads` threads.
#[pyfunction]
#[pyo3(signature = (rle, generations, threads = 1))]
pub(crate) fn life(
    py: Python<'_>, rle: &str, generations: u64, threads: usize,
) -> PyResult<LifeRun> {
    crate::check_threads(threads)?;
    let pattern = Pattern::from_rle(rle).map_err(value_error)?;
    let mut plane = Plane::with_pattern(&pattern).map_err(value_error)?;
    py.detach(|| plane.run(generations, threads));
    let cells: Vec<Vec<i64>> = plane.cells().into_iter().map(|(x, y)| vec![x, y]).collect();
    let cells = if cells.is_empty() {
        PyArray2::zeros(py, [0, 2], false)
    } else {
        PyArray2::from_vec2(py, &cells).map_err(value_error)?
    };
    Ok(LifeRun {
        generation: plane.generation(),
        population: plane.population(),
        bounding_box: plane.bounding_box().map(|b| (b.x0, b.y0, b.x1, b.y1)),
        cells: cells.unbind(),
    })
}

/// What a packing count found.
#[pyclass(module = "bitgames", frozen, get_all)]
pub(crate) struct PackReport {
    /// Every packing, each rotation and reflection counted.
    solutions: u64,
    /// Packings up to the board's symmetries.
    distinct: u64,
    /// Order of the symmetry group used.
    symmetries: usize,
    /// Positions searched.
    nodes: u64,
    /// One packing drawn (top row first), if there is any.
    example: Option<String>,
}

/// Counts the packings of a puzzle: a built-in one by name
/// (`"pentomino-6x10"`, …; `bitgames pack --list` names them) or a puzzle in
/// the text format; `pruning` is `"regions"` (default), `"paper"` (Browne's
/// Alg. 13 as written) or `"none"`. Ctrl-C stops it.
#[pyfunction]
#[pyo3(signature = (puzzle, threads = 1, pruning = "regions"))]
pub(crate) fn pack(
    py: Python<'_>, puzzle: &str, threads: usize, pruning: &str,
) -> PyResult<PackReport> {
    crate::check_threads(threads)?;
    let p: Puzzle = match packing::builtin(puzzle) {
        Some(p) => p,
        None if puzzle.contains('\n') => Puzzle::parse(puzzle).map_err(value_error)?,
        None => {
            let names: Vec<&str> = packing::BUILTIN.iter().map(|(n, _)| *n).collect();
            return Err(value_error(format!(
                "no built-in puzzle {puzzle:?} (built in: {}); a puzzle's text has several lines",
                names.join(", ")
            )));
        }
    };
    let pruning = match pruning {
        "regions" => Pruning::Regions,
        "paper" => Pruning::Paper,
        "none" => Pruning::None,
        other => {
            return Err(value_error(format!(
                "pruning {other:?}: expected \"regions\", \"paper\" or \"none\""
            )))
        }
    };
    let stop = Arc::new(AtomicBool::new(false));
    let options = Options { threads, pruning };
    let r = run_interruptible(py, &stop, || packing::solve_until(&p, &options, &stop))?
        .map_err(value_error)?;
    Ok(PackReport {
        solutions: r.solutions,
        distinct: r.distinct,
        symmetries: r.symmetries,
        nodes: r.nodes,
        example: r.example.map(|s| s.draw()),
    })
}
