//! Puzzles and automata (Browne §5.2.4, §5.3.2–5.3.4, Appendix A): one module per family.

pub mod life;
pub mod lightsout;
pub mod pack;
