//! Cheap position evaluations shared by several games' [`Hints::evaluate`](crate::Hints::evaluate):
//! open lines for the k-in-a-row games and the
//! connection distance for the connection games. Values are for the player
//! whose stones are `own`; the caller takes the difference.

use crate::bits::Bits;
use crate::grid::Grid;
use crate::ops;

/// Weight of a stone in a window still open to its owner.
const STONE: i32 = 1;
/// Weight of two stones in one open window.
pub const PAIR: i32 = 4;
/// Weight of an open window one stone short of `k` (a threat).
pub const THREAT: i32 = 64;

/// An open-line count for a `k`-in-a-row game: over every window of `k`
/// cells in a line (along each axis of the grid) that holds no stone of
/// `opp`, each stone of `own` in it scores 1, each pair of them 4, and a
/// window one stone short of full 64. Built from Alg. 6's erosion: the
/// windows' first cells are `free & free >> s & … & free >> (k-1)s`.
/// `own` and `opp` must hold on-board cells only.
pub fn open_lines<const N: usize>(grid: &Grid<N>, own: Bits<N>, opp: Bits<N>, k: usize) -> i32 {
    if k == 0 || own.is_empty() {
        return 0;
    }
    let free = grid.mask().and_not(opp);
    let mut total = 0i32;
    let mut shifted = [Bits::<N>::EMPTY; 16];
    let k = k.min(shifted.len());
    for &s in grid.axis_shifts() {
        let s = s as usize;
        let mut windows = free;
        for t in 1..k {
            windows &= free.shr(t * s);
        }
        if windows.is_empty() {
            continue;
        }
        for (t, b) in shifted[..k].iter_mut().enumerate() {
            *b = own.shr(t * s) & windows;
            total += STONE * b.count() as i32;
        }
        for t in 0..k {
            for u in t + 1..k {
                total += PAIR * (shifted[t] & shifted[u]).count() as i32;
            }
        }
        if k >= 2 {
            // Windows with every cell but one of `own`: AND of all but one,
            // by prefix and suffix ANDs.
            let mut suffix = [windows; 17];
            for t in (0..k).rev() {
                suffix[t] = suffix[t + 1] & shifted[t];
            }
            let mut prefix = windows;
            for t in 0..k {
                total += THREAT * (prefix & suffix[t + 1]).and_not(shifted[t]).count() as i32;
                prefix &= shifted[t];
            }
        }
    }
    total
}

/// The fewest empty cells `own` must still fill to join a cell of `from` to
/// a cell of `to` through its own stones and empty cells (a path's stones of
/// `own` cost nothing); `None` when `opp` cuts every path. A breadth-first
/// search by dilation, each step one empty cell further, with a flood fill
/// through `own` ([`ops::flood_fill`]) after it.
pub fn connection_distance<const N: usize>(
    grid: &Grid<N>, own: Bits<N>, opp: Bits<N>, from: Bits<N>, to: Bits<N>,
) -> Option<u32> {
    let empty = grid.mask().and_not(own | opp);
    let mut reach = ops::flood_fill(grid, from & own, own);
    let mut d = 0;
    loop {
        if (reach & to).any() {
            return Some(d);
        }
        let frontier = (grid.dilate(reach) | from) & empty;
        let frontier = frontier.and_not(reach);
        if frontier.is_empty() {
            return None;
        }
        let next = reach | frontier;
        reach = ops::flood_fill(grid, next, next | own);
        d += 1;
    }
}
