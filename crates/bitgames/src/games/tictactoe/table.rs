//! Strong solutions of the small m,n,k-games: the placement kit's table
//! ([`crate::games::stone_tables`]) of every position of a board of at most
//! [`MAX_CELLS`](crate::retro::placement::MAX_CELLS) cells in one word
//! (`TicTacToe<1>`); a player's stones win when [`ops::has_line`] finds `k` in
//! a row on the grid.
//!
//! The empty board's values agree with the m,n,k-game results (Wikipedia,
//! "m,n,k-game"): 3×3 k=3 a draw, 4×3 k=3 and 4×4 k=3 first-player wins, 4×4
//! k=4 a draw.

use super::TicTacToe;
use crate::games::prelude::*;

crate::stone_table! {
    TicTacToe<1>,
    board: board,
    wins: |game, _player, stones| ops::has_line(&game.board.grid, stones, game.k as usize),
    about: "every position of a board of at most 22 cells, one byte each: 3×3 takes 6 kB, \
           4×4 10 MB, 5×4 741 MB, 22 cells 6.4 GB",
}
