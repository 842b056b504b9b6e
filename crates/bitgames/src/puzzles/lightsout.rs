//! Lights Out on any width×height board, solved by linear algebra over GF(2).
//!
//! Pressing a cell inverts it and its orthogonal neighbours (Browne, Alg. 11:
//! `bits_b ^= bits_m ⊕ 1`); the aim is to switch every light off. Boards are
//! bitsets, one row of `u64` words per board row, so a press is three word XORs
//! per touched word and whole rows of presses are applied at once.
//!
//! The solver uses *light chasing*: once the presses of the bottom row are chosen,
//! each next row must press exactly under the lights still on in the row below,
//! so the whole solution follows from the `width` presses of row 0. With the
//! row operator `T(x) = x ⊕ x≪1 ⊕ x≫1`, the presses obey
//! `P[r+1] = L[r] ⊕ P[r-1] ⊕ T(P[r])`, and the lights left in the top row are
//! `P[height]`, an affine function `M·P[0] ⊕ c` of the first row where `M` is the
//! Chebyshev-like polynomial `U_height(T)` (`U_0 = I`, `U_1 = T`,
//! `U_{k+1} = T·U_k ⊕ U_{k-1}`). Gaussian elimination on the `width×width`
//! matrix `M` (rows of `u64` words) gives solvability, the null space (whose
//! dimension is the board's rank deficiency, OEIS A159257 for n×n) and one
//! solution; the fewest presses come from a Gray-code walk over the null space.
//!
//! Cells are named like the other boards: `a1` is the bottom-left cell, columns
//! `a`, `b`, … left to right, rows `1`, `2`, … bottom to top. Pictures put the top
//! row first, `X` for a light on (or a press), `.` for off.

use crate::grid::column_name;
use rayon::prelude::*;
use thiserror::Error;

/// The largest width or height the solver accepts (its matrix work grows as
/// `height × width²`).
pub const MAX_SIDE: usize = 4096;

/// Null spaces up to this dimension are searched for the fewest presses.
pub const MAX_NULL_SEARCH: usize = 24;

/// Boards with at most this many cells can have their hardest position found by
/// enumerating every press pattern.
pub const MAX_HARDEST_CELLS: usize = 30;

/// Bad Lights Out input.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LightsOutError {
    /// A size outside `1..=MAX_SIDE` or text that is not `WxH`.
    #[error("bad Lights Out size '{text}': expected WxH with sides 1–{max} (e.g. 5x5)")]
    BadSize {
        /// The text given.
        text: String,
        /// The largest side.
        max: usize,
    },
    /// A board picture that does not fit the size.
    #[error("bad Lights Out picture: {why}")]
    BadPicture {
        /// What was wrong.
        why: String,
    },
}

/// A set of cells on a width×height board: lights that are on, or presses.
/// Row `r` (0 = bottom) is `words_per_row` words; bit `x % 64` of word `x / 64`
/// is column `x`. Bits past the width are always zero.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct LightsBoard {
    width: usize,
    height: usize,
    wpr: usize,
    words: Vec<u64>,
}

impl std::fmt::Debug for LightsBoard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "LightsBoard {}x{}\n{}", self.width, self.height, self.picture())
    }
}

/// Parses `WxH` (or `N` for a square board) into a checked size.
pub fn parse_size(text: &str) -> Result<(usize, usize), LightsOutError> {
    let bad = || LightsOutError::BadSize { text: text.to_string(), max: MAX_SIDE };
    let t = text.trim();
    let (w, h) = match t.split_once(['x', 'X', '×']) {
        Some((w, h)) => (w.trim().parse::<usize>(), h.trim().parse::<usize>()),
        None => (t.parse::<usize>(), t.parse::<usize>()),
    };
    let (w, h) = (w.map_err(|_| bad())?, h.map_err(|_| bad())?);
    if !(1..=MAX_SIDE).contains(&w) || !(1..=MAX_SIDE).contains(&h) {
        return Err(bad());
    }
    Ok((w, h))
}

/// The mask of the used bits in the last word of a `width`-bit row.
#[inline]
fn last_mask(width: usize) -> u64 {
    match width % 64 {
        0 => !0,
        r => (1u64 << r) - 1,
    }
}

/// `out = T(row) = row ⊕ row≪1 ⊕ row≫1` within `width` bits (one row of Alg. 11).
fn row_neighbourhood(row: &[u64], width: usize, out: &mut [u64]) {
    let n = row.len();
    for i in 0..n {
        let prev = if i > 0 { row[i - 1] >> 63 } else { 0 };
        let next = if i + 1 < n { row[i + 1] << 63 } else { 0 };
        out[i] = row[i] ^ (row[i] << 1 | prev) ^ (row[i] >> 1 | next);
    }
    out[n - 1] &= last_mask(width);
}

impl LightsBoard {
    /// All lights off (or no presses).
    pub fn new(width: usize, height: usize) -> Self {
        let wpr = width.div_ceil(64);
        LightsBoard { width, height, wpr, words: vec![0; wpr * height] }
    }

    /// Width in cells.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Height in cells.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The words of row `r` (0 = bottom).
    pub fn row(&self, r: usize) -> &[u64] {
        &self.words[r * self.wpr..(r + 1) * self.wpr]
    }

    fn row_mut(&mut self, r: usize) -> &mut [u64] {
        &mut self.words[r * self.wpr..(r + 1) * self.wpr]
    }

    /// Whether cell `(x, y)` is on (`y = 0` is the bottom row).
    pub fn get(&self, x: usize, y: usize) -> bool {
        self.words[y * self.wpr + x / 64] >> (x % 64) & 1 == 1
    }

    /// Switches cell `(x, y)` on or off.
    pub fn set(&mut self, x: usize, y: usize, on: bool) {
        let w = &mut self.words[y * self.wpr + x / 64];
        if on {
            *w |= 1 << (x % 64);
        } else {
            *w &= !(1 << (x % 64));
        }
    }

    /// How many cells are on.
    pub fn count(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether every light is off.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// The cells that are on, bottom row first, left to right.
    pub fn cells(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..self.height)
            .flat_map(move |y| (0..self.width).map(move |x| (x, y)))
            .filter(|&(x, y)| self.get(x, y))
    }

    /// The names of the cells that are on (`a1` bottom-left), bottom row first.
    pub fn cell_names(&self) -> Vec<String> {
        self.cells().map(|(x, y)| format!("{}{}", column_name(x), y + 1)).collect()
    }

    /// `self ^= other` (same size).
    pub fn xor(&mut self, other: &LightsBoard) {
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a ^= b;
        }
    }

    /// Presses cell `(x, y)`: inverts it and its orthogonal neighbours
    /// (Browne, Alg. 11, `bits_b ^= bits_m ⊕ 1`, on one row of words at a time).
    pub fn press(&mut self, x: usize, y: usize) {
        let mut m = LightsBoard::new(self.width, 1);
        m.set(x, 0, true);
        self.press_row(y, m.row(0));
    }

    /// Presses every cell of `presses` (all at once: presses commute).
    pub fn press_all(&mut self, presses: &LightsBoard) {
        for y in 0..self.height {
            if presses.row(y).iter().any(|&w| w != 0) {
                self.press_row(y, presses.row(y));
            }
        }
    }

    /// Presses the cells `m` of row `y`: row `y` gets `T(m)`, rows `y±1` get `m`.
    fn press_row(&mut self, y: usize, m: &[u64]) {
        let mut t = vec![0; self.wpr];
        row_neighbourhood(m, self.width, &mut t);
        for (a, b) in self.row_mut(y).iter_mut().zip(&t) {
            *a ^= b;
        }
        for yy in [y.wrapping_sub(1), y + 1] {
            if yy < self.height {
                for (a, b) in self.row_mut(yy).iter_mut().zip(m) {
                    *a ^= b;
                }
            }
        }
    }

    /// The board as a picture: top row first, `X` on, `.` off, cells separated by
    /// blanks.
    pub fn picture(&self) -> String {
        let mut s = String::with_capacity(self.height * (2 * self.width + 1));
        for y in (0..self.height).rev() {
            for x in 0..self.width {
                if x > 0 {
                    s.push(' ');
                }
                s.push(if self.get(x, y) { 'X' } else { '.' });
            }
            s.push('\n');
        }
        s
    }

    /// Reads a picture of a `width×height` board: `height` non-blank lines, top row
    /// first, each with `width` cells `X` (or `x`, `1`, `*`, `O`, `#`) for on and
    /// `.` (or `0`, `-`) for off; blanks between cells are ignored.
    pub fn parse_picture(width: usize, height: usize, text: &str) -> Result<Self, LightsOutError> {
        let rows: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        if rows.len() != height {
            return Err(LightsOutError::BadPicture {
                why: format!(
                    "expected {height} rows for a {width}x{height} board, found {}",
                    rows.len()
                ),
            });
        }
        let mut b = LightsBoard::new(width, height);
        for (k, line) in rows.iter().enumerate() {
            let y = height - 1 - k;
            let cells: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
            if cells.len() != width {
                return Err(LightsOutError::BadPicture {
                    why: format!(
                        "row {} ('{}') has {} cells, expected {width}",
                        y + 1,
                        shorten(line),
                        cells.len()
                    ),
                });
            }
            for (x, ch) in cells.into_iter().enumerate() {
                match ch {
                    'X' | 'x' | '1' | '*' | 'O' | '#' => b.set(x, y, true),
                    '.' | '0' | '-' => {}
                    _ => {
                        return Err(LightsOutError::BadPicture {
                            why: format!(
                                "unexpected '{}' at {}{} (expected 'X' for on or '.' for off)",
                                ch.escape_debug(),
                                column_name(x),
                                y + 1
                            ),
                        })
                    }
                }
            }
        }
        Ok(b)
    }
}

fn shorten(s: &str) -> String {
    let mut t: String = s.chars().take(40).collect();
    if s.chars().count() > 40 {
        t.push('…');
    }
    t
}

/// A square matrix over GF(2), one row of `u64` words per row.
#[derive(Clone)]
struct Gf2Matrix {
    n: usize,
    wpr: usize,
    words: Vec<u64>,
}

impl Gf2Matrix {
    fn zero(n: usize) -> Self {
        let wpr = n.div_ceil(64);
        Gf2Matrix { n, wpr, words: vec![0; n * wpr] }
    }

    fn identity(n: usize) -> Self {
        let mut m = Self::zero(n);
        for i in 0..n {
            m.words[i * m.wpr + i / 64] |= 1 << (i % 64);
        }
        m
    }

    fn row(&self, i: usize) -> &[u64] {
        &self.words[i * self.wpr..(i + 1) * self.wpr]
    }

    fn get(&self, i: usize, j: usize) -> bool {
        self.words[i * self.wpr + j / 64] >> (j % 64) & 1 == 1
    }

    /// `T·self ⊕ prev` where `T` is the tridiagonal all-ones matrix: row `i` of
    /// `T·A` is `A[i-1] ⊕ A[i] ⊕ A[i+1]`.
    fn t_times_plus(&self, prev: &Gf2Matrix) -> Gf2Matrix {
        let (n, w) = (self.n, self.wpr);
        let mut out = prev.clone();
        for i in 0..n {
            for j in i.saturating_sub(1)..(i + 2).min(n) {
                for k in 0..w {
                    out.words[i * w + k] ^= self.words[j * w + k];
                }
            }
        }
        out
    }

    fn swap_rows(&mut self, a: usize, b: usize) {
        if a != b {
            for k in 0..self.wpr {
                self.words.swap(a * self.wpr + k, b * self.wpr + k);
            }
        }
    }

    /// `row[dst] ^= row[src]`.
    fn xor_row(&mut self, dst: usize, src: usize) {
        let w = self.wpr;
        let (d, s) = (dst * w, src * w);
        for k in 0..w {
            let v = self.words[s + k];
            self.words[d + k] ^= v;
        }
    }
}

/// `parity(a & b)` for two bit rows.
fn dot(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).fold(0, |acc, (x, y)| acc ^ (x & y).count_ones()) & 1 == 1
}

/// A solved Lights Out board size: the reduced chase matrix, its null space and
/// the press patterns that change nothing.
pub struct LightsOut {
    width: usize,
    height: usize,
    /// Row-reduced chase matrix `R = E·M` (reduced row echelon form).
    reduced: Gf2Matrix,
    /// The row operations: `E` with `E·M = R`.
    ops: Gf2Matrix,
    /// Pivot column of each of the first `rank` rows of `reduced`.
    pivots: Vec<usize>,
    /// Bottom-row presses of a basis of the null space.
    null_rows: Vec<Vec<u64>>,
}

/// A solution with facts about it.
#[derive(Debug, Clone)]
pub struct Solution {
    /// The cells to press.
    pub presses: LightsBoard,
    /// Whether `presses` is proven to be a solution with the fewest presses (the
    /// whole null space was searched).
    pub minimal: bool,
}

impl LightsOut {
    /// Builds the solver for a `width×height` board (`1..=MAX_SIDE` each side).
    pub fn new(width: usize, height: usize) -> Result<Self, LightsOutError> {
        if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
            return Err(LightsOutError::BadSize {
                text: format!("{width}x{height}"),
                max: MAX_SIDE,
            });
        }
        // M = U_height(T): U_0 = I, U_1 = T, U_{k+1} = T·U_k + U_{k-1}.
        let mut prev = Gf2Matrix::zero(width);
        let mut cur = Gf2Matrix::identity(width);
        for _ in 0..height {
            let next = cur.t_times_plus(&prev);
            prev = cur;
            cur = next;
        }
        let mut reduced = cur;
        let mut ops = Gf2Matrix::identity(width);
        let mut pivots = Vec::new();
        let n = width;
        for col in 0..n {
            let r = pivots.len();
            let Some(p) = (r..n).find(|&i| reduced.get(i, col)) else { continue };
            reduced.swap_rows(r, p);
            ops.swap_rows(r, p);
            for i in 0..n {
                if i != r && reduced.get(i, col) {
                    reduced.xor_row(i, r);
                    ops.xor_row(i, r);
                }
            }
            pivots.push(col);
        }
        // Null space: one vector per free column f, with v[f] = 1 and
        // v[pivot_i] = R[i][f].
        let wpr = width.div_ceil(64);
        let mut null_rows = Vec::new();
        let mut is_pivot = vec![false; n];
        for &p in &pivots {
            is_pivot[p] = true;
        }
        for f in (0..n).filter(|&f| !is_pivot[f]) {
            let mut v = vec![0u64; wpr];
            v[f / 64] |= 1 << (f % 64);
            for (i, &p) in pivots.iter().enumerate() {
                if reduced.get(i, f) {
                    v[p / 64] |= 1 << (p % 64);
                }
            }
            null_rows.push(v);
        }
        Ok(LightsOut { width, height, reduced, ops, pivots, null_rows })
    }

    /// Board width.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Board height.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The dimension of the null space: press patterns other than none that change
    /// nothing span a space of this dimension (OEIS A159257 for n×n boards).
    pub fn null_dimension(&self) -> usize {
        self.null_rows.len()
    }

    /// log2 of the number of solvable positions: `width·height − null dimension`.
    pub fn solvable_log2(&self) -> usize {
        self.width * self.height - self.null_dimension()
    }

    /// The number of solvable positions, where it fits in a `u128`.
    pub fn solvable_count(&self) -> Option<u128> {
        let k = self.solvable_log2();
        (k < 128).then(|| 1u128 << k)
    }

    /// The press patterns that change nothing: a basis of the null space, each a
    /// whole board.
    pub fn null_space(&self) -> Vec<LightsBoard> {
        let zero = LightsBoard::new(self.width, self.height);
        self.null_rows.iter().map(|r| self.chase(&zero, r).0).collect()
    }

    /// Light chasing: the presses that follow from the bottom-row presses `first`
    /// on `board`, and the lights left on in the top row (empty iff solved).
    fn chase(&self, board: &LightsBoard, first: &[u64]) -> (LightsBoard, Vec<u64>) {
        let (w, h) = (self.width, self.height);
        let wpr = w.div_ceil(64);
        let mut presses = LightsBoard::new(w, h);
        presses.row_mut(0).copy_from_slice(first);
        let mut prev = vec![0u64; wpr];
        let mut cur = first.to_vec();
        let mut t = vec![0u64; wpr];
        for r in 0..h {
            // P[r+1] = L[r] ^ P[r-1] ^ T(P[r]).
            row_neighbourhood(&cur, w, &mut t);
            let next: Vec<u64> = (0..wpr).map(|k| board.row(r)[k] ^ prev[k] ^ t[k]).collect();
            if r + 1 < h {
                presses.row_mut(r + 1).copy_from_slice(&next);
            }
            prev = std::mem::replace(&mut cur, next);
        }
        (presses, cur)
    }

    /// Whether `board` can be switched off.
    pub fn is_solvable(&self, board: &LightsBoard) -> bool {
        self.first_row(board).is_some()
    }

    /// Bottom-row presses of one solution of `board`, if it has any.
    fn first_row(&self, board: &LightsBoard) -> Option<Vec<u64>> {
        assert_eq!((board.width, board.height), (self.width, self.height), "board size");
        let wpr = self.width.div_ceil(64);
        // Need M·p = c with c the top-row residue of chasing from no presses.
        let (_, c) = self.chase(board, &vec![0; wpr]);
        let rank = self.pivots.len();
        let mut p = vec![0u64; wpr];
        for i in 0..self.width {
            let d = dot(self.ops.row(i), &c);
            if i < rank {
                if d {
                    let col = self.pivots[i];
                    p[col / 64] |= 1 << (col % 64);
                }
            } else if d {
                return None;
            }
        }
        debug_assert!(self.reduced.row(0).len() == wpr);
        Some(p)
    }

    /// The number of solutions of `board` as a power of two (`Some(k)` means
    /// `2^k` press sets, ignoring order), or `None` if it has none.
    pub fn solutions_log2(&self, board: &LightsBoard) -> Option<usize> {
        self.is_solvable(board).then_some(self.null_dimension())
    }

    /// A solution of `board`, with the fewest presses when the null space has at
    /// most [`MAX_NULL_SEARCH`] dimensions (Gray-code walk over every solution);
    /// `None` if the board cannot be switched off.
    pub fn solve(&self, board: &LightsBoard) -> Option<Solution> {
        let first = self.first_row(board)?;
        let (mut best, rest) = self.chase(board, &first);
        debug_assert!(rest.iter().all(|&w| w == 0));
        let k = self.null_dimension();
        if k == 0 {
            return Some(Solution { presses: best, minimal: true });
        }
        if k > MAX_NULL_SEARCH {
            return Some(Solution { presses: best, minimal: false });
        }
        let null = self.null_space();
        let mut cur = best.clone();
        let mut best_count = best.count();
        for g in 1u64..1 << k {
            cur.xor(&null[g.trailing_zeros() as usize]);
            let c = cur.count();
            if c < best_count {
                best_count = c;
                best = cur.clone();
            }
        }
        Some(Solution { presses: best, minimal: true })
    }

    /// The hardest solvable positions: the largest, over all solvable positions,
    /// of the fewest presses that solve it. Where the press matrix is invertible
    /// (no null space) every press set is the one solution of one board, so the
    /// board that pressing every cell makes needs all of them: the answer is the
    /// number of cells, at any size. Otherwise every press pattern is
    /// enumerated, so only for boards of at most [`MAX_HARDEST_CELLS`] cells
    /// (`None` beyond).
    pub fn hardest(&self) -> Option<usize> {
        let cells = self.width * self.height;
        if self.null_dimension() == 0 {
            return Some(cells);
        }
        if cells > MAX_HARDEST_CELLS {
            return None;
        }
        // Press patterns as u64 masks (bit y·width + x); the positions are the
        // cosets of the null space, each met once with its pivot bits clear.
        let mut null: Vec<u64> = self
            .null_space()
            .iter()
            .map(|b| b.cells().fold(0u64, |m, (x, y)| m | 1 << (y * self.width + x)))
            .collect();
        // Echelon form with distinct leading bits.
        let mut pivot_mask = 0u64;
        for i in 0..null.len() {
            null[i..].sort_unstable_by(|a, b| b.cmp(a));
            let lead = 63 - null[i].leading_zeros();
            pivot_mask |= 1 << lead;
            let v = null[i];
            for (j, n) in null.iter_mut().enumerate() {
                if j != i && *n >> lead & 1 == 1 {
                    *n ^= v;
                }
            }
        }
        let span: Vec<u64> = (0u64..1 << null.len())
            .map(|s| {
                null.iter().enumerate().filter(|(i, _)| s >> i & 1 == 1).fold(0, |m, (_, v)| m ^ v)
            })
            .collect();
        let total = 1u64 << cells;
        let chunk = 1u64 << 16.min(cells);
        let best = (0..total / chunk)
            .into_par_iter()
            .map(|c| {
                let mut best = 0;
                for x in c * chunk..(c + 1) * chunk {
                    if x & pivot_mask != 0 {
                        continue;
                    }
                    let m = span.iter().map(|&n| (x ^ n).count_ones()).min().unwrap_or(0);
                    best = best.max(m);
                }
                best
            })
            .max()
            .unwrap_or(0);
        Some(best as usize)
    }
}
