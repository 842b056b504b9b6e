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

pub use crate::parallel::threads;

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

impl SearchError {
    /// [`GameOver`](SearchError::GameOver) where `game` is finished: what a
    /// search checks first.
    pub(crate) fn unless_over<G: crate::game::Game>(game: &G) -> Result<(), SearchError> {
        match game.outcome() {
            Some(o) => Err(SearchError::GameOver(game.describe_outcome(o))),
            None => Ok(()),
        }
    }

    /// The error of the engine named `engine` whose search failed this way.
    pub(crate) fn for_engine(self, engine: &str) -> crate::engine::EngineError {
        use crate::engine::EngineError;
        match self {
            SearchError::Stopped => EngineError::Stopped { engine: engine.to_string() },
            e => EngineError::Failed { engine: engine.to_string(), why: e.to_string() },
        }
    }
}

/// What the engine named `spec` finds by `search` on `game` as the typed game `G`
/// ([`typed_position`](crate::engine::typed_position)): `None` where the game is
/// over, a search error as the engine's.
pub(crate) fn search_typed<G: crate::game::Game, R>(
    spec: &str, game: &dyn crate::dynamic::DynGame,
    search: impl FnOnce(&G) -> Result<R, SearchError>,
) -> Result<Option<R>, crate::engine::EngineError> {
    let Some(g) = crate::engine::typed_position::<G>(spec, game)? else {
        return Ok(None);
    };
    search(g).map(Some).map_err(|e| e.for_engine(spec))
}

/// An engine's info on its move: `what` it found, then the time it took and
/// its principal variation `pv` (the moves, a space apart).
pub(crate) fn engine_info<M: std::fmt::Display>(
    what: std::fmt::Arguments, elapsed: std::time::Duration, pv: impl IntoIterator<Item = M>,
) -> String {
    let line: Vec<String> = pv.into_iter().map(|m| m.to_string()).collect();
    format!("{what}, {:.2} s, line {}", elapsed.as_secs_f64(), line.join(" "))
}
