//! Game-independent search over the [`Game`](crate::game::Game) trait.

pub mod alphabeta;
pub mod memory;
pub mod perft;
pub mod playout;

pub use perft::{perft, perft_divide};
pub use playout::{playouts, PlayoutStats};
