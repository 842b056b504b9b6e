//! Two plain references for the Y reduction (Browne §5.2.3), shared by
//! `tests/it/y.rs` and `benches/y.rs`: a union-find over the cells (the paper's
//! baseline, "union find win detection for Y") and group-by-group flood fill on
//! the hexagonal grid ([`ops::flood_fill`]).
//!
//! A triangle of side `n` is given cell by cell, rows from the top, row `y`
//! holding columns `0 … n − 1 − y` (OpenSpiel's `y` order: `a1`, `b1`, …), each
//! cell `0` empty, `1` first player, `2` second player.
#![allow(dead_code)]

use bitgames::bits::Bits;
use bitgames::grid::{Grid, GridKind};
use bitgames::ops;

/// Index of `(x, y)` in the cell-by-cell order.
#[inline]
pub fn index(n: usize, x: usize, y: usize) -> usize {
    y * n - y * y.saturating_sub(1) / 2 + x
}

/// Number of cells of the triangle of side `n`.
pub fn cells(n: usize) -> usize {
    n * (n + 1) / 2
}

/// Bits of the sides a cell lies on: 1 top (`y = 0`), 2 left (`x = 0`), 4
/// diagonal (`x + y = n − 1`).
#[inline]
fn sides_of(n: usize, x: usize, y: usize) -> u8 {
    (y == 0) as u8 | ((x == 0) as u8) << 1 | ((x + y == n - 1) as u8) << 2
}

/// A plain union-find (union by size, path halving) whose sets carry the sides
/// their cells touch; reused between boards to keep allocation out of timings.
pub struct UnionFind {
    parent: Vec<u16>,
    size: Vec<u16>,
    sides: Vec<u8>,
}

impl UnionFind {
    /// Room for a triangle of side `n`.
    pub fn new(n: usize) -> Self {
        let m = cells(n);
        UnionFind { parent: vec![0; m], size: vec![0; m], sides: vec![0; m] }
    }

    #[inline]
    fn find(&mut self, mut i: usize) -> usize {
        while self.parent[i] as usize != i {
            let gp = self.parent[self.parent[i] as usize];
            self.parent[i] = gp;
            i = gp as usize;
        }
        i
    }

    /// Joins the sets of `a` and `b`; the sides the joined set touches.
    #[inline]
    fn union(&mut self, a: usize, b: usize) -> u8 {
        let (mut ra, mut rb) = (self.find(a), self.find(b));
        if ra == rb {
            return self.sides[ra];
        }
        if self.size[ra] < self.size[rb] {
            std::mem::swap(&mut ra, &mut rb);
        }
        self.parent[rb] = ra as u16;
        self.size[ra] += self.size[rb];
        self.sides[ra] |= self.sides[rb];
        self.sides[ra]
    }

    /// The player (1 or 2) with a group on all three sides of the triangle of
    /// side `n` given cell by cell, or 0: cells are added in order and joined
    /// to their earlier neighbours of the same colour, `(x − 1, y)`,
    /// `(x, y − 1)` and `(x + 1, y − 1)`.
    pub fn winner(&mut self, n: usize, board: &[u8]) -> u8 {
        let mut found = 0;
        let mut i = 0;
        for y in 0..n {
            for x in 0..n - y {
                let p = board[i];
                self.parent[i] = i as u16;
                self.size[i] = 1;
                let s = sides_of(n, x, y);
                self.sides[i] = s;
                if p != 0 {
                    let mut all = s;
                    if x > 0 && board[i - 1] == p {
                        all |= self.union(i, i - 1);
                    }
                    if y > 0 {
                        let up = index(n, x, y - 1);
                        if board[up] == p {
                            all |= self.union(i, up);
                        }
                        if board[up + 1] == p {
                            all |= self.union(i, up + 1);
                        }
                    }
                    if all == 7 {
                        found = p;
                    }
                }
                i += 1;
            }
        }
        found
    }
}

/// The hexagonal grid of the triangle of side `n` (row 0 the top), as the game
/// of Y builds it.
pub fn triangle_grid<const N: usize>(n: usize) -> Grid<N> {
    Grid::masked(GridKind::Hex, n, n, |c, r| c + r < n).unwrap()
}

/// The first and second player's cells of `board` on `grid`.
pub fn to_bits<const N: usize>(grid: &Grid<N>, n: usize, board: &[u8]) -> [Bits<N>; 2] {
    let mut s = [Bits::EMPTY; 2];
    for y in 0..n {
        for x in 0..n - y {
            let p = board[index(n, x, y)];
            if p != 0 {
                s[p as usize - 1].insert(grid.cell(x, y).unwrap());
            }
        }
    }
    s
}

/// The sides of the triangle on `grid`: top row, left column, diagonal.
pub fn sides<const N: usize>(grid: &Grid<N>, n: usize) -> [Bits<N>; 3] {
    let diag = (0..n).map(|x| grid.cell(x, n - 1 - x).unwrap()).collect();
    [grid.row(0), grid.column(0), diag]
}

/// Whether some group of `stones` touches all three `sides`: flood fill
/// ([`ops::flood_fill`]) from one stone at a time, each group once.
pub fn flood_fill_connects<const N: usize>(
    grid: &Grid<N>, sides: &[Bits<N>; 3], stones: Bits<N>,
) -> bool {
    // Only stones on the top side can start a winning group.
    let mut left = stones & sides[0];
    while let Some(i) = left.first() {
        let group = ops::flood_fill(grid, Bits::cell(i), stones);
        if (group & sides[1]).any() && (group & sides[2]).any() {
            return true;
        }
        left &= !group;
    }
    false
}

/// The winner by flood fill: 1, 2 or 0.
pub fn flood_fill_winner<const N: usize>(
    grid: &Grid<N>, sides: &[Bits<N>; 3], stones: &[Bits<N>; 2],
) -> u8 {
    if flood_fill_connects(grid, sides, stones[0]) {
        1
    } else if flood_fill_connects(grid, sides, stones[1]) {
        2
    } else {
        0
    }
}

/// Listing 1's column words of `board`.
#[inline]
pub fn to_columns(n: usize, board: &[u8], cols: &mut [u64]) {
    cols[..n].fill(0);
    let mut i = 0;
    for y in 0..n {
        for col in cols.iter_mut().take(n - y) {
            *col |= (board[i] as u64) << (2 * y);
            i += 1;
        }
    }
}
