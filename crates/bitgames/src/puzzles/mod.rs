//! Puzzles and automata (Browne §5.2.4, §5.3.3, §5.3.4), one module each.

pub mod pack;
