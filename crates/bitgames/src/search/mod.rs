//! Game-independent search over the [`Game`](crate::game::Game) trait.

pub mod alphabeta;
pub mod alphabeta_engine;
pub mod mcts;
pub mod memory;

pub mod perft;
pub mod playout;

pub use perft::{perft, perft_divide, perft_parallel};
pub use playout::{playouts, PlayoutStats};

/// Threads a caller may ask for: this many per core at most (0 means one per
/// core), at least 8 on any machine.
pub const THREADS_PER_CORE: usize = 4;

/// A thread count past [`check_threads`]' bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{threads} is too many threads for this machine's {cores} core(s) (at most {max}; 0 for one per core)")]
pub struct TooManyThreads {
    /// The count asked for.
    pub threads: usize,
    /// The machine's cores.
    pub cores: usize,
    /// The most allowed.
    pub max: usize,
}

/// Checks a thread count: 0 (every core) or up to [`THREADS_PER_CORE`] a core,
/// so a slip of the finger does not start a million threads.
pub fn check_threads(threads: usize) -> Result<(), TooManyThreads> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let max = (THREADS_PER_CORE * cores).max(8);
    if threads > max {
        return Err(TooManyThreads { threads, cores, max });
    }
    Ok(())
}

/// The number of threads `threads` asks for: itself, or all the machine's cores
/// for 0 (every `--threads` option reads 0 this way).
pub fn threads(threads: usize) -> usize {
    if threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        threads
    }
}

/// Whether an optional stop flag is raised: what the engines poll.
#[inline]
pub fn raised(flag: &Option<std::sync::Arc<std::sync::atomic::AtomicBool>>) -> bool {
    flag.as_ref().is_some_and(|f| f.load(std::sync::atomic::Ordering::Relaxed))
}

/// Why a search could not start.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    /// The position is a finished game.
    #[error("the game is over ({0}): there is no move to search")]
    GameOver(String),
    /// A depth limit of 0 plies.
    #[error("the depth limit must be at least 1 ply")]
    ZeroDepth,
    /// The searcher's stop flag was raised before it had searched a move (see
    /// [`AlphaBeta::set_stop`](alphabeta::AlphaBeta::set_stop)).
    #[error("the search was stopped before it had searched a move")]
    Stopped,
}
