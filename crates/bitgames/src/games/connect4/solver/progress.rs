//! Progress reports of long solves.

use super::dims::Dims;
use super::search::Solver;

/// How a long solve is going, for progress displays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The score is known to be at least this.
    pub min: i32,
    /// The score is known to be at most this.
    pub max: i32,
    /// Nodes searched so far in this solve.
    pub nodes: u64,
}

/// A progress callback, called every few million nodes and after each window.
pub type ProgressFn = Box<dyn FnMut(Progress) + Send>;

/// Nodes between two progress callbacks.
pub(super) const PROGRESS_EVERY: u64 = 1 << 22;

impl<D: Dims> Solver<D> {
    /// Reports the current window and the nodes of this solve, if anyone listens.
    pub(super) fn report(&mut self) {
        let (min, max) = self.window;
        let nodes = self.nodes - self.solve_start;
        if let Some(f) = self.progress.as_mut() {
            f(Progress { min, max, nodes });
        }
    }
}
