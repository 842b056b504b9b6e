//! Puzzles and automata (Browne §5.3): one module per family.

pub mod life;
pub mod lightsout;
