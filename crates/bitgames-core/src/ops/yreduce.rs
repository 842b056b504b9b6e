//! Connection by bitwise-parallel Y reduction (Browne §5.2.3, Figs. 15–16 and
//! Listing 1, after Browne and Tavener 2012 and van Rijswijck 2002).
//!
//! A triangle of hexagons of side `n` is reduced to one of side `n − 1` by
//! replacing each upward triplet of mutually adjacent cells with its majority
//! value (a colour that holds two of the three cells, empty otherwise). A set of
//! cells joins all three sides exactly when its reduction does, so `n − 1`
//! passes leave one cell whose colour is the player who has a Y, if any.
//!
//! The layout is Listing 1's: the board is split into one integer per column,
//! and within a column the cells are interleaved two bits each (`00` empty, `01`
//! the first player, `10` the second; `11` is never written). Because the two
//! colours sit on different bits, one bitwise majority `(a & b) | (a & c) |
//! (b & c)` reduces every triplet of a column, for both players at once, and the
//! number of columns shrinks by one each pass.
//!
//! Coordinates are those of the game of Y as OpenSpiel names it: column `x`
//! (the letter, from the left) and row `y` (from the top, 0-based), a cell on
//! the board when `x + y < n`; the neighbours of `(x, y)` are `(x ± 1, y)`,
//! `(x, y ± 1)`, `(x + 1, y − 1)` and `(x − 1, y + 1)` (the hexagonal grid with
//! row 0 at the top). The sides are the top row `y = 0`, the left column
//! `x = 0` and the diagonal `x + y = n − 1`. Column `x` holds rows
//! `0 … n − 1 − x`, row `y` at bits `2y` and `2y + 1`, so a column word holds
//! sides up to [`Y_MAX_SIDE`] = 32.

use crate::bits::Bits;
use crate::grid::Grid;

/// The largest side a column word holds: 32 cells of two bits.
pub const Y_MAX_SIDE: usize = 32;

/// The two-bit code of an empty cell.
pub const Y_EMPTY: u64 = 0b00;
/// The two-bit code of a first-player cell.
pub const Y_FIRST: u64 = 0b01;
/// The two-bit code of a second-player cell.
pub const Y_SECOND: u64 = 0b10;

/// Reduces a triangle given as its columns (Browne, Listing 1), in place, and
/// returns the last cell's code: [`Y_FIRST`] or [`Y_SECOND`] for the player
/// whose cells join all three sides, [`Y_EMPTY`] when neither does.
///
/// `columns.len()` is the side `n`; column `x` holds rows `0 … n − 1 − x`, row
/// `y` at bits `2y, 2y + 1` (see the [module](self) docs), other bits clear.
/// Pass `k` replaces cell `(x, y)` by the majority of `(x, y)`, `(x, y + 1)`
/// and `(x + 1, y)`: in column words, `maj(col[x], col[x] >> 2, col[x + 1])`
/// for the `n − k` columns left. Cells past a column's end reduce to zero by
/// themselves (two of their three inputs are clear), so no mask is needed; the
/// reduction stops early once nothing is left.
#[inline]
pub fn y_reduce(columns: &mut [u64]) -> u64 {
    let n = columns.len();
    if n == 0 {
        return Y_EMPTY;
    }
    for len in (1..n).rev() {
        // Pass to side `len`: columns 0 … len − 1 from columns 0 … len.
        let cols = &mut columns[..=len];
        let mut any = 0;
        let mut right = cols[0];
        for x in 0..len {
            let a = right;
            right = cols[x + 1];
            let b = a >> 2;
            let m = (a & (b | right)) | (b & right);
            cols[x] = m;
            any |= m;
        }
        if any == 0 {
            return Y_EMPTY;
        }
    }
    columns[0] & 0b11
}

/// [`y_reduce`] for a side `S` known at compile time: the same passes on an
/// array the compiler unrolls and keeps in registers, without the early stop
/// (an empty triangle stays empty, and [`Y_EMPTY`] is 0, so the answer is the
/// same; on the full boards of a playout the test at every pass only cost
/// time). Returns the last cell's code.
#[inline(always)]
pub fn y_reduce_fixed<const S: usize>(mut cols: [u64; S]) -> u64 {
    if S == 0 {
        return Y_EMPTY;
    }
    let mut len = S;
    while len > 1 {
        len -= 1;
        for x in 0..len {
            let (a, c) = (cols[x], cols[x + 1]);
            let b = a >> 2;
            cols[x] = (a & (b | c)) | (b & c);
        }
    }
    cols[0] & 0b11
}

/// Listing 1's reduction of many boards at once, bit-sliced: the bits of a
/// word stand for boards rather than cells. `cells[x * stride + y]` holds cell
/// `(x, y)` (`x + y < side`, the coordinates of the [module](self) docs) of
/// every board, bit `j` set when board `j` has a stone of the player tested
/// there; every other cell counts as the opponent's, so each board is full and
/// the majority of each triplet (one `(a & (b | c)) | (b & c)` for all boards)
/// reduces it exactly as the two-bit codes do. Returns the word whose bit `j`
/// is set when board `j`'s stones join all three sides. `L` is any word of
/// bits (`u64`, `u128`); the cells are overwritten; a side known at compile
/// time lets the compiler unroll the `(side − 1)side(side + 1)/6` majorities.
///
/// With the boards the prefixes of one random fill (bit `j` of a cell set when
/// the cell is among the player's first `j + 1` stones), the answer's lowest
/// bit is the move that completed the player's first Y.
///
/// A side of 0 gives `L::default()` (no board joins anything).
///
/// # Panics
/// When `side > STRIDE` or `cells` is shorter than `(side − 1)·STRIDE + 1`.
#[inline(always)]
pub fn y_reduce_sliced<L, const STRIDE: usize>(cells: &mut [L], side: usize) -> L
where
    L: Copy + Default + core::ops::BitAnd<Output = L> + core::ops::BitOr<Output = L>,
{
    if side == 0 {
        return L::default();
    }
    assert!(side <= STRIDE && cells.len() > (side - 1) * STRIDE, "the cells hold the side");
    for len in (1..side).rev() {
        for x in 0..len {
            for y in 0..len - x {
                let at = x * STRIDE + y;
                let (a, b, c) = (cells[at], cells[at + 1], cells[at + STRIDE]);
                cells[at] = (a & (b | c)) | (b & c);
            }
        }
    }
    cells[0]
}

/// The first `K` words of `cols`, reduced by [`y_reduce_fixed`].
#[inline(always)]
fn reduce_first<const K: usize, const S: usize>(cols: &[u64; S]) -> u64 {
    let mut a = [0u64; K];
    a.copy_from_slice(&cols[..K]);
    y_reduce_fixed(a)
}

/// A Y triangle of side up to `S` (at most [`Y_MAX_SIDE`]) in Listing 1's
/// layout: one interleaved word per column. Cheap to update one cell at a time,
/// so a game keeps it beside its bitboards and asks [`winner`](Self::winner)
/// after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct YColumns<const S: usize> {
    cols: [u64; S],
    side: u8,
}

impl<const S: usize> YColumns<S> {
    /// The empty triangle of side `side`, or `None` unless `1 ≤ side ≤ S` and
    /// `side ≤ 32`.
    pub const fn new(side: usize) -> Option<Self> {
        if side == 0 || side > S || side > Y_MAX_SIDE {
            return None;
        }
        Some(YColumns { cols: [0; S], side: side as u8 })
    }

    /// The side.
    #[inline]
    pub const fn side(&self) -> usize {
        self.side as usize
    }

    /// The column words, `side` of them.
    #[inline]
    pub fn columns(&self) -> &[u64] {
        &self.cols[..self.side()]
    }

    /// Sets cell `(x, y)` (`x + y < side`, unchecked beyond a debug assertion)
    /// to `code` ([`Y_EMPTY`], [`Y_FIRST`] or [`Y_SECOND`]).
    #[inline(always)]
    pub fn set(&mut self, x: usize, y: usize, code: u64) {
        debug_assert!(x + y < self.side() && code <= 0b10);
        let w = &mut self.cols[x];
        *w = (*w & !(0b11 << (2 * y))) | (code << (2 * y));
    }

    /// The code of cell `(x, y)`.
    #[inline]
    pub fn get(&self, x: usize, y: usize) -> u64 {
        (self.cols[x] >> (2 * y)) & 0b11
    }

    /// The player whose cells join all three sides: [`Y_FIRST`], [`Y_SECOND`],
    /// or [`Y_EMPTY`] for neither (Listing 1's reduction on a copy; sides up
    /// to 19 by an unrolled pass for each side, [`y_reduce_fixed`]).
    #[inline]
    pub fn winner(&self) -> u64 {
        macro_rules! fixed {
            ($($k:literal)*) => {
                match self.side() {
                    $($k if $k <= S => reduce_first::<$k, S>(&self.cols),)*
                    _ => {
                        let mut cols = self.cols;
                        y_reduce(&mut cols[..self.side()])
                    }
                }
            };
        }
        fixed!(1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19)
    }

    /// The triangle whose column words are `cols` (its side is `cols.len()`),
    /// in Listing 1's layout; `None` unless `1 ≤ cols.len() ≤ S` and at most 32.
    pub fn from_columns(cols: &[u64]) -> Option<Self> {
        let mut t = Self::new(cols.len())?;
        t.cols[..cols.len()].copy_from_slice(cols);
        Some(t)
    }

    /// The triangle of a hexagonal [`Grid`] whose cell `(x, y)` (grid column
    /// and row, row 0 the top side) is on the board when `x + y < side`, with
    /// the first player's cells `first` and the second's `second`. `None` when
    /// the side is out of range.
    pub fn from_grid<const N: usize>(
        grid: &Grid<N>, first: Bits<N>, second: Bits<N>,
    ) -> Option<Self> {
        let mut t = Self::new(grid.width())?;
        for (bits, code) in [(first, Y_FIRST), (second, Y_SECOND)] {
            for i in bits {
                if let Some((x, y)) = grid.coords(i) {
                    if x + y < t.side() {
                        t.set(x, y, code);
                    }
                }
            }
        }
        Some(t)
    }
}

/// Every level of the reduction of a Y triangle kept at once, so that one
/// changed cell costs only the triplets it reaches: Listing 1's reduction made
/// incremental. Level 0 is the board (side `n`, Listing 1's column words),
/// level `k` its reduction to side `n − k`, and level `n − 1` the one cell
/// whose code names the player with a Y ([`winner`](Self::winner)).
///
/// [`set`](Self::set) writes a cell and recomputes, level by level, only the
/// columns whose inputs changed (at most one more column a level), stopping at
/// the first level where nothing changed: on a random board that is a few
/// column words, where [`y_reduce`] always does `n(n − 1)/2`. `W` words hold
/// sides up to the largest `n` with `n(n + 1)/2 ≤ W` (190 words: side 19).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct YPyramid<const W: usize> {
    /// Level `k`'s `n − k` columns from word `k·n − k(k − 1)/2`.
    words: [u64; W],
    side: u8,
}

impl<const W: usize> YPyramid<W> {
    /// The empty triangle of side `side`, or `None` unless `1 ≤ side ≤ 32`
    /// and its `side(side + 1)/2` column words fit `W`.
    pub const fn new(side: usize) -> Option<Self> {
        if side == 0 || side > Y_MAX_SIDE || side * (side + 1) / 2 > W {
            return None;
        }
        Some(YPyramid { words: [0; W], side: side as u8 })
    }

    /// The side of level 0 (the board).
    #[inline]
    pub const fn side(&self) -> usize {
        self.side as usize
    }

    #[inline(always)]
    const fn offset(&self, k: usize) -> usize {
        k * self.side() - k * k.saturating_sub(1) / 2
    }

    /// The column words of level `k` (`side − k` of them): level 0 is the
    /// board, level `k + 1` one reduction pass of level `k`.
    pub fn level(&self, k: usize) -> &[u64] {
        let o = self.offset(k);
        &self.words[o..o + self.side() - k]
    }

    /// The code of cell `(x, y)` of the board.
    #[inline]
    pub fn get(&self, x: usize, y: usize) -> u64 {
        (self.words[x] >> (2 * y)) & 0b11
    }

    /// The player whose cells join all three sides: [`Y_FIRST`], [`Y_SECOND`],
    /// or [`Y_EMPTY`] (the top level's one cell; no work).
    #[inline(always)]
    pub fn winner(&self) -> u64 {
        self.words[self.offset(self.side() - 1)] & 0b11
    }

    /// Replaces the whole board by the column words `board` (`side` of them,
    /// Listing 1's layout) and recomputes every level: one full reduction, the
    /// cheap way to load a board that changed in many cells at once.
    pub fn set_board(&mut self, board: &[u64]) {
        let n = self.side();
        assert_eq!(board.len(), n, "one column word per column of the board");
        self.words[..n].copy_from_slice(board);
        let mut from = 0;
        for k in 0..n - 1 {
            let len = n - k;
            let to = from + len;
            for c in 0..len - 1 {
                let (l, r) = (self.words[from + c], self.words[from + c + 1]);
                let d = l >> 2;
                self.words[to + c] = (l & (d | r)) | (d & r);
            }
            from = to;
        }
    }

    /// Sets cell `(x, y)` (`x + y < side`, unchecked beyond a debug assertion)
    /// to `code` ([`Y_EMPTY`], [`Y_FIRST`] or [`Y_SECOND`]) and brings every
    /// level up to date.
    #[inline(always)]
    pub fn set(&mut self, x: usize, y: usize, code: u64) {
        let n = self.side();
        debug_assert!(x + y < n && code <= 0b10);
        let w = self.words[x];
        let new = (w & !(0b11 << (2 * y))) | (code << (2 * y));
        if new == w {
            return;
        }
        self.words[x] = new;
        // Columns lo..=hi of level k changed; level k + 1's column c reads
        // level k's columns c and c + 1.
        let (mut lo, mut hi) = (x, x);
        let mut from = 0;
        for k in 0..n - 1 {
            let len = n - k;
            let to = from + len;
            let (a, b) = (lo.saturating_sub(1), hi.min(len - 2));
            let (mut nlo, mut nhi) = (usize::MAX, 0);
            for c in a..=b {
                // SAFETY: `c ≤ len − 2`, so `from + c + 1 < to` and
                // `to + c < to + len − 1`, the end of level `k + 1`, which
                // lies within the `n(n + 1)/2 ≤ W` words `new` checked.
                let (l, r, old) = unsafe {
                    (
                        *self.words.get_unchecked(from + c),
                        *self.words.get_unchecked(from + c + 1),
                        *self.words.get_unchecked(to + c),
                    )
                };
                let d = l >> 2;
                let m = (l & (d | r)) | (d & r);
                if m != old {
                    // SAFETY: as above.
                    unsafe { *self.words.get_unchecked_mut(to + c) = m };
                    nlo = nlo.min(c);
                    nhi = c;
                }
            }
            if nlo == usize::MAX {
                return;
            }
            (lo, hi, from) = (nlo, nhi, to);
        }
    }
}
