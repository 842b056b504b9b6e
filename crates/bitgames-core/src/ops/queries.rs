//! Board queries (Browne §5.2): numbers and truths read off the board.

use crate::bits::Bits;
use crate::grid::Grid;

// The line queries shift the raw bits without masking, exactly as the paper writes
// them (`bits & (bits >> shift_a)`): with at least one separating bit per row, any
// two set cells `shift_a` apart along an axis are true neighbours, so runs cannot
// wrap. They need `bits` to hold on-board cells only.

/// Longest line of `bits` along any axis of the grid, in cells (Browne, Alg. 6):
/// erode repeatedly along each axis and count the erosions that leave something.
/// `bits` must hold on-board cells only.
#[inline]
pub fn longest_line<const N: usize>(grid: &Grid<N>, bits: Bits<N>) -> usize {
    if bits.is_empty() {
        return 0;
    }
    let mut best = 1;
    for &s in grid.axis_shifts() {
        let s = s as usize;
        let (mut b, mut len) = (bits, 1);
        loop {
            b &= b.shr(s);
            if b.is_empty() {
                break;
            }
            len += 1;
        }
        best = best.max(len);
    }
    best
}

/// The cells of `bits` that start a line of `n >= 2` cells along the axis of
/// shift `s` (`i`, `i + s`, …, `i + (n-1)s` all in `bits`): Alg. 6's erosion
/// `bits & (bits >> s)` done `n - 1` times, doubled as in Alg. 7 (pairs, then
/// pairs of pairs, …) so it takes about `log2 n` steps.
#[inline(always)]
fn line_starts<const N: usize>(bits: Bits<N>, s: usize, n: usize) -> Bits<N> {
    let pairs = bits & bits.shr(s);
    match n {
        2 => pairs,
        3 => pairs & pairs.shr(s),
        4 => pairs & pairs.shr(2 * s),
        _ => {
            let (mut run, mut len) = (pairs, 2usize);
            while len * 2 <= n {
                run &= run.shr(len * s);
                len *= 2;
            }
            if len < n {
                run &= run.shr((n - len) * s);
            }
            run
        }
    }
}

/// Whether `bits` holds `n` or more cells in a row along some axis: Alg. 6 stopped
/// at `n - 1` erosions, with the erosions doubled as in Alg. 7 (pairs, then pairs
/// of pairs, …) so the test takes about `log2 n` steps per axis. `bits` must hold
/// on-board cells only.
#[inline(always)]
pub fn has_line<const N: usize>(grid: &Grid<N>, bits: Bits<N>, n: usize) -> bool {
    if n <= 1 {
        return n == 0 || bits.any();
    }
    // A loop, not `Iterator::any`: that stays a call of its own, compiled
    // without the instructions of the hot copy the test is inlined into
    // (Gomoku's portable perft 3: 28% more instructions than the v3 build's).
    for &s in grid.axis_shifts() {
        if line_starts(bits, s as usize, n).any() {
            return true;
        }
    }
    false
}

/// Whether `bits` holds a line of exactly `n` cells along some axis: a maximal
/// run of `n`, with no cell of `bits` just before or just after it on that axis
/// (Gomoku's "exactly five", where an overline of six or more does not count;
/// a separate run of exactly `n` on another axis, or elsewhere, still does).
/// Built from Alg. 6's erosion as [`has_line`] is: the starts of lines of `n` or
/// more, less those whose cell `n` steps on is in `bits` (the line goes on) and
/// those whose cell one step back is in `bits` (the line started earlier):
/// `starts & !(bits >> n·s) & !(bits << s)`. `n = 0` is never a line. `bits`
/// must hold on-board cells only (off-board neighbours then read as empty).
#[inline(always)]
pub fn has_exact_line<const N: usize>(grid: &Grid<N>, bits: Bits<N>, n: usize) -> bool {
    if n == 0 {
        return false;
    }
    // A loop for the reason given in `has_line`.
    for &s in grid.axis_shifts() {
        let s = s as usize;
        let starts = if n == 1 { bits } else { line_starts(bits, s, n) };
        if starts.and_not(bits.shr(n * s)).and_not(bits.shl(s)).any() {
            return true;
        }
    }
    false
}

/// Line-of-four detection (Browne, Alg. 7): `pairs = bits & (bits >> shift_a)`, then
/// `pairs & (pairs >> shift_aa)` along each axis. `bits` must hold on-board cells only.
#[inline]
pub fn has_line4<const N: usize>(grid: &Grid<N>, bits: Bits<N>) -> bool {
    // A loop for the reason given in `has_line`.
    for &s in grid.axis_shifts() {
        let s = s as usize;
        let pairs = bits & bits.shr(s);
        if (pairs & pairs.shr(2 * s)).any() {
            return true;
        }
    }
    false
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
    patterns.iter().position(|p| p.is_subset(&bits)).map_or(0, |i| i + 1)
}

/// Exact pattern matching (§5.2.4 variant): the pattern is contained in `bits` and
/// no other piece of `bits` touches it.
#[inline]
pub fn match_pattern_exact<const N: usize>(
    grid: &Grid<N>, patterns: &[Bits<N>], bits: Bits<N>,
) -> usize {
    patterns
        .iter()
        .position(|&p| p.is_subset(&bits) && (grid.neighbours(p) & bits).is_empty())
        .map_or(0, |i| i + 1)
}
