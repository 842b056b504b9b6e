//! A move of one piece from a cell to another, written as the two cell names run
//! together (`e1d1`, `a2a3`; `a2-a3` is read too): the move type of the games
//! whose pieces step (Clobber, Breakthrough).

use crate::bits::Bits;
use crate::game::{nth_across, random_below, Illegal, IllegalReason, NotationError};
use crate::grid::{Cell, Grid};
use rand::Rng;
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
    /// Reads a move whose cells are both on `grid`; `None` for text that is
    /// no move, or a move off the board.
    pub(crate) fn read_on<const N: usize>(grid: &Grid<N>, text: &str) -> Option<Self> {
        text.parse::<Self>().ok().filter(|mv| mv.bits(grid).is_some())
    }

    /// The grid bits of the from and to cells, when both are on `grid`.
    #[inline]
    pub(crate) fn bits<const N: usize>(self, grid: &Grid<N>) -> Option<(usize, usize)> {
        Some((grid.index_of(self.from)?, grid.index_of(self.to)?))
    }

    /// The refusal of a move with a cell off the rectangular `grid`, naming
    /// the first such cell (for a move whose [`bits`](Self::bits) are `None`).
    pub(crate) fn off_board<const N: usize>(self, grid: &Grid<N>) -> Illegal {
        let off = if grid.index_of(self.from).is_none() { self.from } else { self.to };
        let (w, h) = (grid.width(), grid.height());
        Illegal::new(IllegalReason::OffBoard, format!("{off} is off the {w}×{h} board"))
    }

    /// Plays the move for player `s` on the two players' `sets`, unchecked:
    /// `s`'s piece leaves `from` for `to`, taking a piece of the other player's
    /// there. Cells off the board (only an unchecked caller's mistake) land on
    /// a separator, an unspecified but memory-safe result, or past the storage,
    /// where the move is ignored; whether it was played.
    #[inline(always)]
    pub(crate) fn play_on<const N: usize>(
        self, grid: &Grid<N>, sets: &mut [Bits<N>; 2], s: usize,
    ) -> bool {
        let (from, to) = (grid.index_unchecked(self.from), grid.index_unchecked(self.to));
        let on = from < Bits::<N>::CAPACITY && to < Bits::<N>::CAPACITY;
        if on {
            sets[s].remove(from);
            sets[s].insert(to);
            sets[1 - s].remove(to);
        }
        on
    }

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

/// One move drawn uniformly from those spread over `sets` (the destinations of
/// one direction a set), without allocating: the set's index and the
/// destination bit; `None` when every set is empty.
#[inline(always)]
pub(crate) fn random_step<const N: usize, const K: usize, R: Rng + ?Sized>(
    sets: &[Bits<N>; K], rng: &mut R,
) -> Option<(usize, usize)> {
    let counts = sets.map(|s| s.count());
    let n: u64 = counts.iter().map(|&c| c as u64).sum();
    if n == 0 {
        return None;
    }
    nth_across(sets, &counts, random_below(rng, n) as usize)
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
