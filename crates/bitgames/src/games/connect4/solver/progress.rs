//! Progress reports of long solves.

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
