//! Board filters (Browne §5.1): sets of cells derived from the board.

use crate::bits::Bits;
use crate::grid::{Dir, Grid};

/// Empty neighbours of both players (Browne, Alg. 1): `(full ⊕ 1) & empty`.
#[inline]
pub fn empty_neighbours<const N: usize>(grid: &Grid<N>, full: Bits<N>) -> Bits<N> {
    grid.dilate(full) & grid.complement(full)
}

/// Empty neighbours of a player in each direction (Browne, Alg. 2):
/// `nbors_d = (bits_p >> shift_d) & empty`, in the order of `grid.directions()`.
/// (The paper prints `empty_p`; its Fig. 8 shows truly empty cells, which is what
/// this returns.)
#[inline]
pub fn empty_neighbours_by_dir<const N: usize>(
    grid: &Grid<N>, player: Bits<N>, empty: Bits<N>,
) -> impl Iterator<Item = (Dir, Bits<N>)> + '_ {
    grid.directions().iter().map(move |&d| (d, grid.step(player, d) & empty))
}

/// Enemy neighbours of a player in each direction (Browne, Alg. 3):
/// `nbors_d = (bits_p >> shift_d) & bits_o`. For Clobber these are the capture
/// destinations; the mover stands one step back in `d.opposite()`.
#[inline]
pub fn enemy_neighbours_by_dir<const N: usize>(
    grid: &Grid<N>, player: Bits<N>, opponent: Bits<N>,
) -> impl Iterator<Item = (Dir, Bits<N>)> + '_ {
    grid.directions().iter().map(move |&d| (d, grid.step(player, d) & opponent))
}

/// Line-cap moves (Browne, Alg. 4): empty cells where a piece of the player would
/// cap a line of enemy pieces against a friendly piece, in any direction (Othello).
#[inline]
pub fn line_cap_moves<const N: usize>(
    grid: &Grid<N>, player: Bits<N>, opponent: Bits<N>,
) -> Bits<N> {
    let empty = grid.complement(player | opponent);
    let mut moves = Bits::EMPTY;
    for &d in grid.directions() {
        let mut candidates = opponent & grid.step(player, d);
        while candidates.any() {
            moves |= empty & grid.step(candidates, d);
            candidates = opponent & grid.step(candidates, d);
        }
    }
    moves
}

/// Pawn-like move destinations (Browne, Alg. 5, Breakthrough): steps in the
/// `forward` directions onto empty cells, and steps in the `captures` directions
/// onto enemy pieces.
#[inline]
pub fn pawnlike_moves<const N: usize>(
    grid: &Grid<N>, player: Bits<N>, opponent: Bits<N>, forward: &[Dir], captures: &[Dir],
) -> Bits<N> {
    let empty = grid.complement(player | opponent);
    let mut moves = Bits::EMPTY;
    for &d in forward {
        moves |= empty & grid.step(player, d);
    }
    for &d in captures {
        moves |= opponent & grid.step(player, d);
    }
    moves
}
