//! Game-independent search over the [`Game`](crate::game::Game) trait.

pub mod alphabeta;
pub mod memory;

pub mod perft;
pub mod playout;

pub use perft::{perft, perft_divide, perft_parallel};
pub use playout::{playouts, PlayoutStats};
