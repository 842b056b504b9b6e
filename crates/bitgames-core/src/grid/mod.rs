//! Board geometries (Browne §2): linear, square (4- and 8-connected) and hexagonal
//! grids of any size that fits the storage, with separating bits between rows.
//!
//! Cell `(col, row)` is bit `row * stride + col`, with `stride = width + separators`;
//! row 0 is the bottom row and column 0 the left one, so `a1` is bit 0. The
//! separating bits at the end of each row are off-board: a step east from the last
//! column lands on one and is masked away, so rows never bleed into each other
//! (§2.1). One separator suffices for single steps; steps of two or more in one
//! shift need more (footnote 4), which [`Grid::with_separators`] allows.
//!
//! [`Grid::step`] moves every cell of a set one step in a direction; it is the
//! paper's `bits >> shift_d` followed by the board mask, with `shift_d` given by
//! [`Grid::offset`] as a signed bit offset (positive = towards higher bits).

use crate::bits::Bits;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// The kind of adjacency of a grid (Browne Fig. 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GridKind {
    /// One axis, two directions (E, W).
    Linear,
    /// Square, orthogonal adjacency: N, E, S, W.
    Square4,
    /// Square, orthogonal and diagonal adjacency: eight directions.
    Square8,
    /// Hexagonal, staggered into a square array (Fig. 3): E, W, NE, SW, NW, SE.
    Hex,
}

impl GridKind {
    /// Every kind, in order of connectivity.
    pub const ALL: [GridKind; 4] =
        [GridKind::Linear, GridKind::Square4, GridKind::Square8, GridKind::Hex];

    /// The directions of adjacency of this kind.
    pub const fn directions(self) -> &'static [Dir] {
        use Dir::*;
        match self {
            GridKind::Linear => &[E, W],
            GridKind::Square4 => &[N, E, S, W],
            GridKind::Square8 => &[N, NE, E, SE, S, SW, W, NW],
            GridKind::Hex => &[NE, E, SE, SW, W, NW],
        }
    }

    /// One forward direction per axis (Browne §5.2.1: "only one direction needs to be
    /// tested per axis").
    pub const fn axes(self) -> &'static [Dir] {
        use Dir::*;
        match self {
            GridKind::Linear => &[E],
            GridKind::Square4 => &[E, N],
            GridKind::Square8 => &[E, N, NE, NW],
            GridKind::Hex => &[E, NE, NW],
        }
    }

    /// The column and row change of one step in `d`, or `None` if this kind has no
    /// such direction. On the hexagonal grid NE is `(0, +1)` and NW `(-1, +1)`, the
    /// staggering of Browne's Fig. 3 (`shift_NE = cols + 1`, `shift_NW = cols`).
    pub const fn delta(self, d: Dir) -> Option<(isize, isize)> {
        use Dir::*;
        let v = match (self, d) {
            (_, E) => (1, 0),
            (_, W) => (-1, 0),
            (GridKind::Linear, _) => return None,
            (_, N) if !matches!(self, GridKind::Hex) => (0, 1),
            (_, S) if !matches!(self, GridKind::Hex) => (0, -1),
            (GridKind::Square4, _) => return None,
            (GridKind::Square8, NE) => (1, 1),
            (GridKind::Square8, SE) => (1, -1),
            (GridKind::Square8, SW) => (-1, -1),
            (GridKind::Square8, NW) => (-1, 1),
            (GridKind::Hex, NE) => (0, 1),
            (GridKind::Hex, NW) => (-1, 1),
            (GridKind::Hex, SE) => (1, -1),
            (GridKind::Hex, SW) => (0, -1),
            _ => return None,
        };
        Some(v)
    }

    /// The name used in specs and messages.
    pub const fn name(self) -> &'static str {
        match self {
            GridKind::Linear => "linear",
            GridKind::Square4 => "square4",
            GridKind::Square8 => "square8",
            GridKind::Hex => "hex",
        }
    }
}

impl fmt::Display for GridKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GridKind {
    type Err = GridError;
    fn from_str(s: &str) -> Result<Self, GridError> {
        GridKind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| GridError::UnknownKind(s.to_string()))
    }
}

/// A compass direction. Which ones a grid has depends on its [`GridKind`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    /// North: one row up.
    N,
    /// North-east.
    NE,
    /// East: one column right.
    E,
    /// South-east.
    SE,
    /// South: one row down.
    S,
    /// South-west.
    SW,
    /// West: one column left.
    W,
    /// North-west.
    NW,
}

impl Dir {
    /// All eight directions, clockwise from north.
    pub const ALL: [Dir; 8] = [Dir::N, Dir::NE, Dir::E, Dir::SE, Dir::S, Dir::SW, Dir::W, Dir::NW];

    /// The opposite direction.
    pub const fn opposite(self) -> Dir {
        use Dir::*;
        match self {
            N => S,
            NE => SW,
            E => W,
            SE => NW,
            S => N,
            SW => NE,
            W => E,
            NW => SE,
        }
    }

    /// Index 0..8, clockwise from north.
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// Why a grid or a picture of one could not be built.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GridError {
    /// Width or height zero.
    #[error("a {kind} grid must be at least 1×1, got {width}×{height}")]
    Empty {
        /// Grid kind.
        kind: GridKind,
        /// Requested width.
        width: usize,
        /// Requested height.
        height: usize,
    },
    /// The board does not fit the storage.
    #[error("a {width}×{height} {kind} grid with {separators} separating bit(s) per row needs {needed} bits, but the storage holds {capacity}")]
    TooLarge {
        /// Grid kind.
        kind: GridKind,
        /// Requested width.
        width: usize,
        /// Requested height.
        height: usize,
        /// Separating bits per row.
        separators: usize,
        /// Bits needed.
        needed: usize,
        /// Bits available.
        capacity: usize,
    },
    /// A linear grid has one row.
    #[error("a linear grid has exactly one row, got height {0}")]
    LinearHeight(usize),
    /// Rows would bleed into each other (or, on one row, diagonal steps wrap).
    #[error("a {0} grid needs at least one separating bit per row")]
    NoSeparator(GridKind),
    /// Unknown grid kind name.
    #[error("unknown grid kind '{0}' (expected linear, square4, square8 or hex)")]
    UnknownKind(String),
    /// A cell name that does not parse or is off the board.
    #[error("bad cell '{name}': {why}")]
    BadCell {
        /// The text given.
        name: String,
        /// What was wrong.
        why: CellFault,
    },
    /// A picture that does not match the grid.
    #[error("bad board picture: {0}")]
    BadPicture(String),
}

/// Why a cell name is not a cell of a board.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CellFault {
    /// Not letters then digits.
    #[error("not a cell name like c3")]
    Syntax,
    /// A column past `ffff` (4096).
    #[error("the column is out of range")]
    Column,
    /// Row 0, or past 4096.
    #[error("the row is out of range (rows count from 1)")]
    Row,
    /// A real name, but not of this board.
    #[error("off the {width}×{height} board (columns a–{last_column}, rows 1–{height})")]
    OffBoard {
        /// Columns of the board.
        width: usize,
        /// Rows of the board.
        height: usize,
        /// The last column's name.
        last_column: String,
    },
}

/// A grid geometry stored in `N` words: its size, separating bits, on-board mask and
/// the bit offset of each direction.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Grid<const N: usize> {
    mask: Bits<N>,
    offsets: [i16; 8],
    /// `offset(a)` for each forward axis direction, then zeros.
    axis_shifts: [u16; 4],
    /// `ceil(2^32 / stride)`: row = `(i * recip) >> 32`, exact for every index
    /// below 2^16 (no division on the hot path).
    recip: u64,
    width: u16,
    height: u16,
    stride: u16,
    kind: GridKind,
    /// Whether some cells of the rectangle are off the board ([`Grid::masked`]).
    masked: bool,
}

impl<const N: usize> Grid<N> {
    /// Bits a `width × height` grid of `kind` with its default separators
    /// needs (the last row's separator not counted): what picks a game's storage.
    pub const fn bits_needed(kind: GridKind, width: usize, height: usize) -> usize {
        let sep = if matches!(kind, GridKind::Linear) { 0 } else { 1 };
        if width == 0 || height == 0 {
            return 0;
        }
        (height - 1) * (width + sep) + width
    }

    /// A `width × height` grid of `kind` with one separating bit per row.
    pub fn new(kind: GridKind, width: usize, height: usize) -> Result<Self, GridError> {
        let sep = if kind == GridKind::Linear { 0 } else { 1 };
        Self::with_separators(kind, width, height, sep)
    }

    /// A grid with `separators` off-board bits after each row (Browne footnote 4:
    /// steps of distance k in one shift need k separating bits).
    pub fn with_separators(
        kind: GridKind, width: usize, height: usize, separators: usize,
    ) -> Result<Self, GridError> {
        if width == 0 || height == 0 {
            return Err(GridError::Empty { kind, width, height });
        }
        if kind == GridKind::Linear && height != 1 {
            return Err(GridError::LinearHeight(height));
        }
        if kind != GridKind::Linear && separators == 0 {
            // Even on one row, a diagonal step (offset ±(stride − 1)) would stay
            // on the row without an off-board bit to land on.
            return Err(GridError::NoSeparator(kind));
        }
        let stride = width + separators;
        let needed = (height - 1) * stride + width;
        if needed > Bits::<N>::CAPACITY || needed >= 1 << 16 {
            return Err(GridError::TooLarge {
                kind,
                width,
                height,
                separators,
                needed,
                capacity: Bits::<N>::CAPACITY,
            });
        }
        let row = Bits::<N>::low(width);
        let mut mask = Bits::EMPTY;
        for r in 0..height {
            mask |= row.shl(r * stride);
        }
        let mut offsets = [0i16; 8];
        for d in Dir::ALL {
            if let Some((dx, dy)) = kind.delta(d) {
                offsets[d.index()] = (dx + dy * stride as isize) as i16;
            }
        }
        let mut axis_shifts = [0u16; 4];
        for (i, &a) in kind.axes().iter().enumerate() {
            axis_shifts[i] = offsets[a.index()] as u16;
        }
        Ok(Grid {
            mask,
            offsets,
            axis_shifts,
            recip: (1u64 << 32).div_ceil(stride as u64),
            width: width as u16,
            height: height as u16,
            stride: stride as u16,
            kind,
            masked: false,
        })
    }

    /// A board of any shape inside the `width × height` rectangle: the cells for
    /// which `on_board(col, row)` holds (Y's triangle and Yavalath's hexagon on
    /// the hexagonal grid, Browne §2.2's irregular boards). Steps, dilation and
    /// erosion are masked with it as with any board, so pieces never step onto
    /// the cut-away cells; names, pictures and [`coords`](Grid::coords) skip them.
    pub fn masked(
        kind: GridKind, width: usize, height: usize, on_board: impl Fn(usize, usize) -> bool,
    ) -> Result<Self, GridError> {
        let mut g = Self::new(kind, width, height)?;
        let mut mask = Bits::EMPTY;
        for r in 0..height {
            for c in 0..width {
                if on_board(c, r) {
                    mask.insert(r * g.stride() + c);
                }
            }
        }
        if mask.is_empty() {
            return Err(GridError::Empty { kind, width: 0, height: 0 });
        }
        g.masked = mask != g.mask;
        g.mask = mask;
        Ok(g)
    }

    /// The grid's kind.
    #[inline]
    pub const fn kind(&self) -> GridKind {
        self.kind
    }
    /// Number of columns.
    #[inline]
    pub const fn width(&self) -> usize {
        self.width as usize
    }
    /// Number of rows.
    #[inline]
    pub const fn height(&self) -> usize {
        self.height as usize
    }
    /// Bits per row, separators included.
    #[inline]
    pub const fn stride(&self) -> usize {
        self.stride as usize
    }
    /// Number of on-board cells.
    #[inline]
    pub const fn cells(&self) -> usize {
        if self.masked {
            self.mask.count() as usize
        } else {
            self.width() * self.height()
        }
    }
    /// The set of on-board cells (Browne Fig. 2, bottom).
    #[inline]
    pub const fn mask(&self) -> Bits<N> {
        self.mask
    }
    /// The directions of adjacency of this grid.
    #[inline]
    pub const fn directions(&self) -> &'static [Dir] {
        self.kind.directions()
    }
    /// One forward direction per axis.
    #[inline]
    pub const fn axes(&self) -> &'static [Dir] {
        self.kind.axes()
    }

    /// The bit offset of each forward axis direction (`offset(a)` for `a` in
    /// [`axes`](Grid::axes)), all positive: the paper's `shift_a` of §5.2.1.
    #[inline]
    pub fn axis_shifts(&self) -> &[u16] {
        &self.axis_shifts[..self.kind.axes().len()]
    }

    /// `shift_d` of Browne §2.1 as a signed bit offset: a step in `d` moves bit `i` to
    /// bit `i + offset(d)`. Zero for a direction this grid does not have.
    #[inline]
    pub const fn offset(&self, d: Dir) -> isize {
        self.offsets[d.index()] as isize
    }

    /// Every cell of `bits` moved one step in direction `d`, cells that leave the
    /// board dropped (`(bits >> shift_d) & mask`).
    #[inline(always)]
    pub fn step(&self, bits: Bits<N>, d: Dir) -> Bits<N> {
        bits.shift(self.offset(d)) & self.mask
    }

    /// Every cell moved `k` steps in `d` at once. Exact for `k` up to the number of
    /// separating bits; each intermediate step is masked otherwise.
    #[inline]
    pub fn step_n(&self, bits: Bits<N>, d: Dir, k: usize) -> Bits<N> {
        let sep = self.stride() - self.width();
        if k <= sep.max(1) || self.kind == GridKind::Linear {
            bits.shift(self.offset(d) * k as isize) & self.mask
        } else {
            (0..k).fold(bits, |b, _| self.step(b, d))
        }
    }

    /// Complement relative to the board (§4.1): off-board bits never appear.
    #[inline]
    pub fn complement(&self, bits: Bits<N>) -> Bits<N> {
        !bits & self.mask
    }

    /// Dilation in one direction (§4.3): `bits | (bits >> shift_d)`.
    #[inline]
    pub fn dilate_dir(&self, bits: Bits<N>, d: Dir) -> Bits<N> {
        bits | self.step(bits, d)
    }

    /// Erosion in one direction (§4.4): `bits & (bits >> shift_d)`; a cell survives
    /// when its neighbour in direction `d.opposite()` is also set.
    #[inline]
    pub fn erode_dir(&self, bits: Bits<N>, d: Dir) -> Bits<N> {
        bits & self.step(bits, d)
    }

    /// Dilation one step in every direction of the grid, `bits ⊕ 1` (§4.3).
    #[inline]
    pub fn dilate(&self, bits: Bits<N>) -> Bits<N> {
        let mut out = bits;
        for &d in self.directions() {
            out |= self.step(bits, d);
        }
        out
    }

    /// Erosion one step in every direction of the grid, `bits ⊖ 1` (§4.4); off-board
    /// cells count as off, so edge cells never survive.
    #[inline]
    pub fn erode(&self, bits: Bits<N>) -> Bits<N> {
        let mut out = bits;
        for &d in self.directions() {
            out &= self.step(bits, d);
        }
        out
    }

    /// The neighbours of `bits` not in `bits`: `(bits ⊕ 1) & !bits`.
    #[inline]
    pub fn neighbours(&self, bits: Bits<N>) -> Bits<N> {
        self.dilate(bits) - bits
    }

    /// Checkerboard mask (Browne Fig. 4): `parity` 0 gives the cells with
    /// `col + row` even (`a1`'s colour), 1 the others.
    pub fn checkerboard(&self, parity: usize) -> Bits<N> {
        let mut b = Bits::EMPTY;
        for r in 0..self.height() {
            for c in 0..self.width() {
                if (c + r) % 2 == parity % 2 {
                    b.insert(r * self.stride() + c);
                }
            }
        }
        b
    }

    /// All cells of column `col`.
    pub fn column(&self, col: usize) -> Bits<N> {
        (0..self.height()).filter_map(|r| self.cell(col, r)).collect()
    }

    /// All cells of row `row`.
    pub fn row(&self, row: usize) -> Bits<N> {
        if row >= self.height() {
            return Bits::EMPTY;
        }
        Bits::low(self.width()).shl(row * self.stride()) & self.mask
    }

    /// The bit index of `(col, row)`, or `None` off the board.
    #[inline]
    pub const fn cell(&self, col: usize, row: usize) -> Option<usize> {
        if col < self.width() && row < self.height() {
            let i = row * self.stride() + col;
            if self.masked && !self.mask.contains(i) {
                return None;
            }
            Some(i)
        } else {
            None
        }
    }

    /// `(col, row)` of bit `i`, or `None` for an off-board bit.
    #[inline]
    pub const fn coords(&self, i: usize) -> Option<(usize, usize)> {
        if i >= 1 << 16 {
            return None;
        }
        let r = ((i as u64 * self.recip) >> 32) as usize;
        let c = i - r * self.stride();
        if c < self.width() && r < self.height() && (!self.masked || self.mask.contains(i)) {
            Some((c, r))
        } else {
            None
        }
    }

    /// Algebraic name of bit `i` (`a1` is column 0, row 0; columns past `z` go
    /// `aa`, `ab`, …). `None` for an off-board bit.
    pub fn cell_name(&self, i: usize) -> Option<String> {
        let (c, r) = self.coords(i)?;
        Some(format!("{}{}", column_name(c), r + 1))
    }

    /// Parses an algebraic cell name such as `c3`.
    pub fn parse_cell(&self, name: &str) -> Result<usize, GridError> {
        let cell: Cell = name.parse()?;
        self.index_of(cell).ok_or_else(|| GridError::BadCell {
            name: name.to_string(),
            why: CellFault::OffBoard {
                width: self.width(),
                height: self.height(),
                last_column: column_name(self.width() - 1),
            },
        })
    }

    /// The bit index of a [`Cell`], or `None` off the board.
    #[inline]
    pub const fn index_of(&self, c: Cell) -> Option<usize> {
        self.cell(c.col as usize, c.row as usize)
    }

    /// The bit index of a [`Cell`] known to be on the board (no checks: for
    /// moves a game has already checked or generated).
    #[inline(always)]
    pub const fn index_unchecked(&self, c: Cell) -> usize {
        c.row as usize * self.stride() + c.col as usize
    }

    /// The [`Cell`] of a bit known to be on the board (no checks: for bits taken
    /// from a set of board cells).
    #[inline(always)]
    pub const fn cell_at_unchecked(&self, i: usize) -> Cell {
        let r = ((i as u64 * self.recip) >> 32) as usize;
        Cell { col: (i - r * self.stride()) as u16, row: r as u16 }
    }

    /// The [`Cell`] of bit `i`, or `None` for an off-board bit.
    #[inline]
    pub const fn cell_at(&self, i: usize) -> Option<Cell> {
        match self.coords(i) {
            Some((c, r)) => Some(Cell { col: c as u16, row: r as u16 }),
            None => None,
        }
    }

    /// Draws a set as a picture: top row first, `X` for set cells and `.` for empty
    /// ones; hexagonal rows are indented one space per row so neighbours line up.
    pub fn picture(&self, bits: Bits<N>) -> String {
        self.picture_with(|i| if bits.contains(i) { 'X' } else { '.' })
    }

    /// Draws two disjoint sets: `X` for `x`, `O` for `o`, `.` empty.
    pub fn picture2(&self, x: Bits<N>, o: Bits<N>) -> String {
        self.picture_with(|i| {
            if x.contains(i) {
                'X'
            } else if o.contains(i) {
                'O'
            } else {
                '.'
            }
        })
    }

    /// Draws the board with one character per cell chosen by `f(bit index)`.
    pub fn picture_with(&self, mut f: impl FnMut(usize) -> char) -> String {
        let mut s = String::new();
        for r in (0..self.height()).rev() {
            if self.kind == GridKind::Hex {
                s.extend(std::iter::repeat_n(' ', r));
            }
            for c in 0..self.width() {
                if c > 0 {
                    s.push(' ');
                }
                let i = r * self.stride() + c;
                s.push(if self.mask.contains(i) { f(i) } else { ' ' });
            }
            // Cut-away cells at the end of a masked row leave no trailing blanks.
            let kept = s.trim_end_matches(' ').len();
            s.truncate(kept);
            s.push('\n');
        }
        s
    }

    /// Parses a picture into one set per symbol in `symbols`; `.` is empty. Rows top
    /// first; blanks between cells and indentation are ignored.
    pub fn parse_picture_n<const K: usize>(
        &self, text: &str, symbols: [char; K],
    ) -> Result<[Bits<N>; K], GridError> {
        let rows: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        if rows.len() != self.height() {
            return Err(GridError::BadPicture(format!(
                "expected {} rows for a {}×{} board, found {}",
                self.height(),
                self.width(),
                self.height(),
                rows.len()
            )));
        }
        let mut out = [Bits::EMPTY; K];
        for (k, line) in rows.iter().enumerate() {
            let r = self.height() - 1 - k;
            let cells: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
            // The on-board columns of this row, left to right.
            let cols: Vec<usize> =
                (0..self.width()).filter(|&c| self.mask.contains(r * self.stride() + c)).collect();
            if cells.len() != cols.len() {
                return Err(GridError::BadPicture(format!(
                    "row {} ('{}') has {} cells, expected {}",
                    r + 1,
                    line,
                    cells.len(),
                    cols.len()
                )));
            }
            for (&c, ch) in cols.iter().zip(cells) {
                if ch == '.' {
                    continue;
                }
                match symbols.iter().position(|&s| s == ch) {
                    Some(p) => out[p].insert(r * self.stride() + c),
                    None => {
                        return Err(GridError::BadPicture(format!(
                            "unexpected '{}' at {}{} (expected '.' or one of {:?})",
                            ch.escape_debug(),
                            column_name(c),
                            r + 1,
                            symbols
                        )))
                    }
                }
            }
        }
        Ok(out)
    }

    /// Parses a one-set picture: `X` set, `.` empty.
    pub fn parse_picture(&self, text: &str) -> Result<Bits<N>, GridError> {
        Ok(self.parse_picture_n(text, ['X'])?[0])
    }

    /// Parses a two-set picture: `X`, `O`, `.`.
    pub fn parse_picture2(&self, text: &str) -> Result<(Bits<N>, Bits<N>), GridError> {
        let [x, o] = self.parse_picture_n(text, ['X', 'O'])?;
        Ok((x, o))
    }
}

impl<const N: usize> fmt::Debug for Grid<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Grid<{N}>({} {}×{}, stride {})",
            self.kind,
            self.width(),
            self.height(),
            self.stride()
        )
    }
}

/// A cell by column and row (0-based), written algebraically: `a1` is column 0,
/// row 0. A move type for placement games on any grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// Column, from 0 at the left.
    pub col: u16,
    /// Row, from 0 at the bottom.
    pub row: u16,
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", column_name(self.col as usize), self.row as usize + 1)
    }
}

impl FromStr for Cell {
    type Err = GridError;
    /// Reads `c3`, `aa10`, … (case-insensitive). Range is checked by the grid.
    fn from_str(s: &str) -> Result<Self, GridError> {
        let fault = |why| GridError::BadCell { name: clip(s), why };
        let t = s.trim();
        let split = t.find(|c: char| !c.is_ascii_alphabetic()).unwrap_or(t.len());
        let (letters, digits) = t.split_at(split);
        if letters.is_empty() || digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
            return Err(fault(CellFault::Syntax));
        }
        let mut col = 0usize;
        for ch in letters.chars() {
            col = col * 26 + (ch.to_ascii_lowercase() as usize - 'a' as usize + 1);
            if col > 4096 {
                return Err(fault(CellFault::Column));
            }
        }
        let row: usize = digits.parse().map_err(|_| fault(CellFault::Row))?;
        if row == 0 || row > 4096 {
            return Err(fault(CellFault::Row));
        }
        Ok(Cell { col: (col - 1) as u16, row: (row - 1) as u16 })
    }
}

/// User text for an error message: at most 40 characters, control characters
/// escaped.
fn clip(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars().take(40) {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    if text.chars().count() > 40 {
        out.push('…');
    }
    out
}

/// Column name: `a`…`z`, then `aa`, `ab`, ….
pub fn column_name(mut c: usize) -> String {
    let mut s = Vec::new();
    loop {
        s.push(b'a' + (c % 26) as u8);
        if c < 26 {
            break;
        }
        c = c / 26 - 1;
    }
    s.reverse();
    String::from_utf8(s).expect("ascii")
}
