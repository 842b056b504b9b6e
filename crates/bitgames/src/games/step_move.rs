//! A move of one piece from a cell to another, written as the two cell names run
//! together (`e1d1`, `a2a3`; `a2-a3` is read too): the move type of the games
//! whose pieces step (Clobber, Breakthrough).

use crate::game::NotationError;
use crate::grid::{Cell, Grid};
use std::fmt;
use std::str::FromStr;

/// A piece's step from `from` to `to` (a capture when an enemy piece stands on
/// `to`, as the game's rules say).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StepMove {
    /// The cell the piece leaves.
    pub from: Cell,
    /// The cell it goes to.
    pub to: Cell,
}

impl StepMove {
    /// The from and to cells in the view of a rectangular board
    /// ([`BoardView::grid_rectangle`](crate::board::BoardView::grid_rectangle): its
    /// cells in bit order, row by row); none when either is off `grid`.
    pub fn view_cells<const N: usize>(self, grid: &Grid<N>) -> Vec<usize> {
        let w = grid.width();
        match (grid.index_of(self.from), grid.index_of(self.to)) {
            (Some(_), Some(_)) => vec![
                self.from.row as usize * w + self.from.col as usize,
                self.to.row as usize * w + self.to.col as usize,
            ],
            _ => Vec::new(),
        }
    }
}

impl fmt::Display for StepMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

impl FromStr for StepMove {
    type Err = NotationError;
    /// Reads `e1d1` or `e1-d1` (case-insensitive); whether the cells are on a
    /// board, and the step legal, is the game's to check.
    fn from_str(s: &str) -> Result<Self, NotationError> {
        let bad = || NotationError::new(s, "a move such as e1d1 (from cell, then to cell)");
        let t = s.trim();
        // The first cell ends where the digits after its letters end.
        let letters = t.find(|c: char| !c.is_ascii_alphabetic()).ok_or_else(bad)?;
        let split = letters + t[letters..].find(|c: char| !c.is_ascii_digit()).ok_or_else(bad)?;
        let (first, rest) = t.split_at(split);
        let rest = rest.strip_prefix('-').unwrap_or(rest);
        let from: Cell = first.parse().map_err(|_| bad())?;
        let to: Cell = rest.parse().map_err(|_| bad())?;
        Ok(StepMove { from, to })
    }
}
