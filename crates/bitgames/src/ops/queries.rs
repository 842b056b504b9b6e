//! Board queries (Browne §5.2): numbers and truths read off the board.

use crate::bits::Bits;
use crate::grid::Grid;

/// Longest line of `bits` along any axis of the grid, in cells (Browne, Alg. 6):
/// erode repeatedly along each axis and count the erosions that leave something.
#[inline]
pub fn longest_line<const N: usize>(grid: &Grid<N>, bits: Bits<N>) -> usize {
    if bits.is_empty() {
        return 0;
    }
    let mut best = 1;
    for &a in grid.axes() {
        let mut b = bits;
        let mut len = 1;
        loop {
            b = grid.erode_dir(b, a);
            if b.is_empty() {
                break;
            }
            len += 1;
        }
        best = best.max(len);
    }
    best
}

/// Whether `bits` holds `n` or more cells in a row along some axis: Alg. 6 stopped
/// at `n - 1` erosions, with erosions doubled as in Alg. 7 (`pairs`, then pairs of
/// pairs) so the test takes about `log2 n` steps per axis.
#[inline]
pub fn has_line<const N: usize>(grid: &Grid<N>, bits: Bits<N>, n: usize) -> bool {
    if n == 0 {
        return true;
    }
    grid.axes().iter().any(|&a| {
        // `run` holds the cells that start (at their far end) a line of `len` cells.
        let (mut run, mut len) = (bits, 1usize);
        while len * 2 <= n && run.any() {
            run &= step_k(grid, run, a, len);
            len *= 2;
        }
        if len < n && run.any() {
            run &= step_k(grid, run, a, n - len);
        }
        run.any()
    })
}

/// Line-of-four detection (Browne, Alg. 7): `pairs = bits & (bits >> shift_a)`, then
/// `pairs & (pairs >> shift_aa)` along each axis.
#[inline]
pub fn has_line4<const N: usize>(grid: &Grid<N>, bits: Bits<N>) -> bool {
    grid.axes().iter().any(|&a| {
        let pairs = bits & grid.step(bits, a);
        (pairs & step_k(grid, pairs, a, 2)).any()
    })
}

/// `bits` moved `k` steps along `d`, only cells whose whole path stays on the board.
#[inline]
fn step_k<const N: usize>(grid: &Grid<N>, bits: Bits<N>, d: crate::grid::Dir, k: usize) -> Bits<N> {
    grid.step_n(bits, d, k)
}

/// Pieces of `bits` standing on cells of `colour` (§5.2.2: `|bits_p & mask_c|`).
#[inline]
pub fn count_on<const N: usize>(bits: Bits<N>, colour: Bits<N>) -> u32 {
    (bits & colour).count()
}

/// Pattern matching (Browne, Alg. 8): the index (from 1) of the first pattern
/// wholly contained in `bits`, or 0 if none is.
#[inline]
pub fn match_pattern<const N: usize>(patterns: &[Bits<N>], bits: Bits<N>) -> usize {
    patterns
        .iter()
        .position(|p| p.is_subset(&bits))
        .map_or(0, |i| i + 1)
}

/// Exact pattern matching (§5.2.4 variant): the pattern is contained in `bits` and
/// no other piece of `bits` touches it.
#[inline]
pub fn match_pattern_exact<const N: usize>(
    grid: &Grid<N>,
    patterns: &[Bits<N>],
    bits: Bits<N>,
) -> usize {
    patterns
        .iter()
        .position(|&p| p.is_subset(&bits) && (grid.neighbours(p) & bits).is_empty())
        .map_or(0, |i| i + 1)
}
