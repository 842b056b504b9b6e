//! Game-independent search over the [`Game`](crate::game::Game) trait.

pub mod alphabeta;
pub mod alphabeta_engine;
pub mod mcts;
pub mod memory;

pub mod perft;
pub mod playout;

pub use perft::{perft, perft_divide, perft_parallel};
pub use playout::{playouts, PlayoutStats};

/// The number of threads `threads` asks for: itself, or all the machine's cores
/// for 0 (every `--threads` option reads 0 this way).
pub fn threads(threads: usize) -> usize {
    if threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        threads
    }
}
