//! Board updates (Browne §5.3): the board written in place, all cells at once.

use crate::bits::Bits;
use crate::grid::Grid;

/// Flip all enemy neighbours (Browne, Alg. 9): `flip = (bits_p ⊕ 1) & bits_o`,
/// moved from `opponent` to `player`. Returns the flipped set.
#[inline]
pub fn flip_enemy_neighbours<const N: usize>(
    grid: &Grid<N>, player: &mut Bits<N>, opponent: &mut Bits<N>,
) -> Bits<N> {
    let flip = grid.dilate(*player) & *opponent;
    *opponent -= flip;
    *player |= flip;
    flip
}

/// Flip the enemy neighbours of the last move (Browne, Alg. 10).
#[inline]
pub fn flip_around_move<const N: usize>(
    grid: &Grid<N>, last_move: Bits<N>, player: &mut Bits<N>, opponent: &mut Bits<N>,
) -> Bits<N> {
    let flip = grid.dilate(last_move) & *opponent;
    *opponent -= flip;
    *player |= flip;
    flip
}

/// Invert the neighbourhood of a move (Browne, Alg. 11, Lights Out):
/// `bits ^= bits_m ⊕ 1`.
#[inline]
pub fn toggle_neighbourhood<const N: usize>(grid: &Grid<N>, bits: &mut Bits<N>, mv: Bits<N>) {
    *bits ^= grid.dilate(mv);
}

/// Surround capture (Browne, Alg. 12): the pieces of `player` connected to an empty
/// cell survive, the rest are removed. Returns the captured set.
#[inline]
pub fn surround_capture<const N: usize>(
    grid: &Grid<N>, player: &mut Bits<N>, empty: Bits<N>,
) -> Bits<N> {
    let free = alive(grid, *player, empty);
    let captured = *player - free;
    *player = free;
    captured
}

/// The pieces of `player` with a path of their own pieces to an empty cell
/// (lines 1–5 of Alg. 12: freedom propagated until nothing changes).
#[inline]
pub fn alive<const N: usize>(grid: &Grid<N>, player: Bits<N>, empty: Bits<N>) -> Bits<N> {
    let mut free = grid.dilate(empty) & player;
    loop {
        let next = grid.dilate(free) & player;
        if next == free {
            return free;
        }
        free = next;
    }
}

/// The connected group of `bits` that contains `seed` (flood fill by dilation).
#[inline]
pub fn flood_fill<const N: usize>(grid: &Grid<N>, seed: Bits<N>, bits: Bits<N>) -> Bits<N> {
    let mut group = seed & bits;
    loop {
        let next = grid.dilate(group) & bits;
        if next == group {
            return group;
        }
        group = next;
    }
}
