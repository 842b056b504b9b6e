//! Action ids: every move of a game as a small number below the game's
//! [`num_actions`](crate::Notation::num_actions), the same number for the same move
//! in every position (OpenSpiel's distinct actions), so a learner's policy has
//! one output per id and a legal-move mask is a vector of that length. These
//! are the numbering schemes the games share: a cell of the board's bounding
//! rectangle (placements), and a cell with a direction (steps).

use crate::grid::Cell;
use thiserror::Error;

/// An action id that cannot be used here.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ActionError {
    /// Not an id of this game at all.
    #[error("action {action} is out of range: {game} has actions 0 to {}", .count - 1)]
    OutOfRange {
        /// The id given.
        action: usize,
        /// The game's [`num_actions`](crate::Notation::num_actions).
        count: usize,
        /// The game's spec.
        game: String,
    },
    /// An id of this game, but no legal move here has it.
    #[error("action {action} is not a legal move here ({why})")]
    Illegal {
        /// The id given.
        action: usize,
        /// Why: the game is over, or which moves are legal.
        why: String,
    },
}

/// The id of `c` on a bounding rectangle `width` cells wide: `row · width + col`.
#[inline]
pub fn cell_id(c: Cell, width: usize) -> usize {
    c.row as usize * width + c.col as usize
}

/// The four orthogonal steps, as `(columns, rows)`: east, north, west, south.
pub const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

/// The eight steps to a neighbouring cell, as `(columns, rows)`: east, then
/// anticlockwise.
pub const KING: [(i32, i32); 8] =
    [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];

/// The id of a step from `from` to `to` on a rectangle `width` cells wide, the
/// step one of `dirs`: `cell_id(from) · dirs.len() + k` for the step's index
/// `k` in `dirs`. A step of none of `dirs` (no move of the game) gets
/// `usize::MAX`, which is no action.
#[inline]
pub fn step_id(from: Cell, to: Cell, width: usize, dirs: &[(i32, i32)]) -> usize {
    let d = (to.col as i32 - from.col as i32, to.row as i32 - from.row as i32);
    match dirs.iter().position(|&s| s == d) {
        Some(k) => cell_id(from, width) * dirs.len() + k,
        None => usize::MAX,
    }
}
