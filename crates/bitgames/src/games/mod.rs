//! The games, one per file (or folder when it has a solver).

pub mod breakthrough;
pub mod clobber;
pub mod connect4;
pub mod go;
pub mod gomoku;
pub mod heuristics;
pub mod hex;
pub mod othello;
pub mod step_move;
pub mod teeko;
pub mod tictactoe;
pub mod y;
pub mod yavalath;
