//! Connect Four's analyser: every column's exact score (Pons' convention),
//! one solve of the position after each column, on boards small enough to
//! solve (at most [`EXACT_CELLS`] cells, or once at most [`EXACT_EMPTY`] are
//! empty); the shipped opening book answers the standard board's first moves.

use super::book::builtin;
use super::solver::{ConnectFourSolver, Progress, SolveError};
use super::Connect4;
use crate::analysis::{
    child, Analyser, Analysis, AnalysisError, Description, Event, Limits, MoveValue, Sink, Unit,
};
use crate::dynamic::DynGame;
use crate::game::Outcome;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Instant;

/// Positions are solved exactly on boards of at most this many cells (7×6
/// from the empty board takes about half a minute on one core without the
/// book), or once at most [`EXACT_EMPTY`] cells are empty.
pub(crate) const EXACT_CELLS: usize = 42;
/// See [`EXACT_CELLS`].
pub(crate) const EXACT_EMPTY: usize = 36;
/// The solver's transposition table, MiB.
const TABLE_MIB: usize = 64;

/// The analyser for `game`'s position, where it can be solved.
pub(crate) fn analyser(game: &dyn DynGame) -> Option<Box<dyn Analyser>> {
    let g = game.as_any().downcast_ref::<Connect4>()?;
    let cells = g.width() * g.height();
    let empty = cells - g.mask().count_ones() as usize;
    (cells <= EXACT_CELLS || empty <= EXACT_EMPTY).then(|| Box::new(Exact) as Box<dyn Analyser>)
}

/// Pons' scores of every column, each an exact solve of the position after it.
struct Exact;

impl Analyser for Exact {
    fn describe(&self) -> Description {
        Description {
            about: "exact: the solver's score of every column (Pons: positive wins, the sooner \
                    the higher)",
            unit: Unit::Pons,
            exact: true,
        }
    }

    fn analyse(&mut self, game: &dyn DynGame, limits: &Limits, sink: &Sink) -> Analysis {
        let wrong = || AnalysisError::WrongGame(game.spec());
        let g = game.as_any().downcast_ref::<Connect4>().ok_or_else(wrong)?;
        let mut solver = ConnectFourSolver::for_game(g, TABLE_MIB);
        if let Some(book) = builtin(g.width() as u32, g.height() as u32) {
            solver.set_book(book).map_err(|e| AnalysisError::Search(e.to_string()))?;
        }
        solver.set_stop(Some(limits.flag()));
        let mut out = Vec::new();
        for mv in game.legal_moves() {
            if limits.stopped() {
                break;
            }
            let c = child(game, &mv)?;
            let score = match c.outcome().map(|o: Outcome| o.value_for(game.side_to_move())) {
                // A winning column scores what the position does: the solver
                // answers a position with a win in one at once.
                Some(1) => match solver.solve(g, false) {
                    Ok(s) => s.score,
                    Err(SolveError::Stopped { .. }) => break,
                    Err(e) => return Err(AnalysisError::Search(e.to_string())),
                },
                Some(v) => v,
                None => {
                    let cg = c.as_any().downcast_ref::<Connect4>().ok_or_else(wrong)?;
                    let progress = sink.clone();
                    let column = mv.clone();
                    let (stop, deadline) = (limits.stop.clone(), limits.deadline);
                    solver.set_progress(Some(Box::new(move |p: Progress| {
                        // The deadline, checked every few million nodes.
                        if Instant::now() >= deadline {
                            stop.store(true, Relaxed);
                        }
                        progress(Event::Progress(format!(
                            "column {column}: score in [{}, {}] for the opponent, {} nodes",
                            p.min, p.max, p.nodes
                        )));
                    })));
                    match solver.solve(cg, false) {
                        Ok(s) => -s.score,
                        // Called off: the columns valued so far are the answer.
                        Err(SolveError::Stopped { .. }) => break,
                        Err(e) => return Err(AnalysisError::Search(e.to_string())),
                    }
                }
            };
            let word = match score {
                s if s > 0 => "win",
                0 => "draw",
                _ => "loss",
            };
            sink(Event::Move(MoveValue::exact(mv.clone(), score, format!("{score:+} ({word})"))));
            out.push((mv, score as f64));
        }
        Ok(out)
    }
}
