//! A structured view of a board: its shape and every cell with its name, owner and
//! place on a drawing, so a front end (the web page, a GUI) draws any game and maps
//! a click to a move without knowing the game.
//!
//! Coordinates: `x` and `y` are the centre of a cell in units of one cell width,
//! `y` growing downwards (the top row is drawn first), the top-left cell's centre at
//! `(0, 0)`. Square boards put cells one unit apart; hexagonal boards put rows
//! `√3/2` apart and shift each row half a cell, so neighbours touch.

use crate::bits::Bits;
use crate::grid::{Grid, GridKind};
use crate::player::Player;

/// The outline of a board, for drawing its frame and edges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum BoardShape {
    /// Squares in rows and columns (tic-tac-toe, Othello, Go, Clobber, …).
    Rectangle {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// Connect Four: columns that fill from the bottom; a move names a column.
    Columns {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// Hexagons in a rhombus, each row shifted half a cell (Hex; the paper's
    /// staggered hexagonal grid).
    HexRhombus {
        /// Cells per row.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// A triangle of hexagons of side `size` (the game of Y).
    Triangle {
        /// Cells on a side.
        size: usize,
    },
    /// A hexagon of hexagons of side `side` (Yavalath, Havannah).
    HexHex {
        /// Cells on a side.
        side: usize,
    },
}

impl BoardShape {
    /// Whether cells are drawn as hexagons.
    pub const fn hexagonal(self) -> bool {
        matches!(
            self,
            BoardShape::HexRhombus { .. } | BoardShape::Triangle { .. } | BoardShape::HexHex { .. }
        )
    }
}

/// One cell of a [`BoardView`].
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct BoardCell {
    /// The cell's name in the game's notation (`e4`, `a1`).
    pub name: String,
    /// Column in the game's own coordinates (0 at the left).
    pub col: usize,
    /// Row in the game's own coordinates (which end is row 0 is the game's).
    pub row: usize,
    /// Centre on the drawing, in cell widths from the top-left cell.
    pub x: f64,
    /// Centre on the drawing, in cell widths, downwards.
    pub y: f64,
    /// Whose piece stands here, if any.
    pub owner: Option<Player>,
}

/// How a player's pieces are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PieceLook {
    /// A black stone (Go, Othello, and the default first player).
    Black,
    /// A white stone (the default second player).
    White,
    /// A red piece (Connect Four's first player, Teeko's second, Hex's first).
    Red,
    /// A yellow disc (Connect Four's second player).
    Yellow,
    /// A blue piece (Hex's second player).
    Blue,
    /// A cross, X (tic-tac-toe's first player).
    Cross,
    /// A nought, O (tic-tac-toe's second player).
    Nought,
}

/// A side of the board that belongs to a player: Hex's edges, which each
/// player joins.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct BoardEdge {
    /// Whose edge it is.
    pub owner: Player,
    /// The cells along it, in order (indices into [`BoardView::cells`]).
    pub cells: Vec<usize>,
}

/// A board as cells to draw.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct BoardView {
    /// The outline.
    pub shape: BoardShape,
    /// Every cell, in the game's order (the indices [`View::move_cells`](crate::game::View::move_cells)
    /// (crate::View::move_cells) returns).
    pub cells: Vec<BoardCell>,
    /// Indices into `cells` of the points a board marks (Go's star points,
    /// hoshi); empty for most games and then left out of the JSON.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub stars: Vec<usize>,
    /// Whether stones stand on the intersections of lines (Go) rather than in
    /// squares; left out of the JSON when false.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub intersections: bool,
    /// How the first and the second player's pieces are drawn (black and
    /// white stones unless the game says otherwise).
    pub pieces: [PieceLook; 2],
    /// Sides of the board owned by a player (Hex); empty for most games and
    /// then left out of the JSON.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub edges: Vec<BoardEdge>,
    /// Cells the game marks: the winning line or chain once the game is won;
    /// empty otherwise, and then left out of the JSON.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub marked: Vec<usize>,
    /// The stones each player has captured, in games that count them (Go);
    /// `None`, and left out of the JSON, elsewhere.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub captures: Option<[u32; 2]>,
}

impl BoardView {
    /// The shape of [`observe`](BoardView::observe)'s planes: three, over the
    /// rows and columns of the cells (`row` and `col`).
    pub fn observation_shape(&self) -> [usize; 3] {
        let rows = self.cells.iter().map(|c| c.row + 1).max().unwrap_or(0);
        let cols = self.cells.iter().map(|c| c.col + 1).max().unwrap_or(0);
        [3, rows, cols]
    }

    /// The board as three planes of 0s and 1s for player `me` to move, row by
    /// row (each piece at its cell's `row` and `col`): `me`'s pieces, the
    /// opponent's, and all ones when `me` is the first player.
    ///
    /// # Panics
    /// If `out` does not hold the values of
    /// [`observation_shape`](BoardView::observation_shape).
    pub fn observe(&self, me: Player, out: &mut [f32]) {
        let [planes, rows, cols] = self.observation_shape();
        let area = rows * cols;
        assert_eq!(out.len(), planes * area, "an observation of shape {planes}×{rows}×{cols}");
        out.fill(0.0);
        for c in &self.cells {
            if let Some(owner) = c.owner {
                out[usize::from(owner != me) * area + c.row * cols + c.col] = 1.0;
            }
        }
        if me == Player::First {
            out[2 * area..].fill(1.0);
        }
    }

    /// A view of `cells` in `shape`, with black and white stones and no marks.
    pub fn new(shape: BoardShape, cells: Vec<BoardCell>) -> Self {
        BoardView {
            shape,
            cells,
            stars: Vec::new(),
            intersections: false,
            pieces: [PieceLook::Black, PieceLook::White],
            edges: Vec::new(),
            marked: Vec::new(),
            captures: None,
        }
    }

    /// Marks every run of `player`'s pieces along a row, a column or a
    /// diagonal (of the cells' `col` and `row`; on hexagonal boards the grid's
    /// three axes) of at least `k` pieces, or of exactly `k` with `exact`:
    /// the winning line of the k-in-a-row games.
    pub fn mark_lines(&mut self, player: Player, k: usize, exact: bool) {
        let at: std::collections::HashMap<(i64, i64), usize> =
            self.cells.iter().enumerate().map(|(i, c)| ((c.col as i64, c.row as i64), i)).collect();
        let mine = |c: i64, r: i64| {
            at.get(&(c, r)).copied().filter(|&i| self.cells[i].owner == Some(player))
        };
        let dirs: &[(i64, i64)] = if self.shape.hexagonal() {
            &[(1, 0), (0, 1), (-1, 1)]
        } else {
            &[(1, 0), (0, 1), (1, 1), (1, -1)]
        };
        let mut marked = std::collections::BTreeSet::new();
        for c in &self.cells {
            let (c0, r0) = (c.col as i64, c.row as i64);
            for &(dc, dr) in dirs {
                // Runs start where the cell before is not the player's.
                if mine(c0, r0).is_none() || mine(c0 - dc, r0 - dr).is_some() {
                    continue;
                }
                let run: Vec<usize> = (0..).map_while(|s| mine(c0 + s * dc, r0 + s * dr)).collect();
                if run.len() == k || (!exact && run.len() > k) {
                    marked.extend(run);
                }
            }
        }
        self.marked = marked.into_iter().collect();
    }

    /// Marks the cells of `set`, a set of `grid`'s bits, on a view made by
    /// [`from_grid`](Self::from_grid) of that grid (its cells in grid bit
    /// order): the winning group, ring or pattern of a game.
    pub fn mark_grid_set<const N: usize>(&mut self, grid: &Grid<N>, set: Bits<N>) {
        let cells = grid.mask().into_iter().filter(|&i| grid.coords(i).is_some());
        self.marked = cells.enumerate().filter(|&(_, i)| set.contains(i)).map(|(k, _)| k).collect();
    }

    /// The same view with the players' pieces drawn as `pieces`.
    #[must_use]
    pub fn with_pieces(mut self, pieces: [PieceLook; 2]) -> Self {
        self.pieces = pieces;
        self
    }

    /// The index of the cell with this name.
    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.cells.iter().position(|c| c.name.eq_ignore_ascii_case(name))
    }

    /// A rectangle of `width × height` squares, row by row in the order `rows`
    /// gives (row indices as the game counts them), drawn with `top_row` first.
    /// `name` and `owner` are asked per `(col, row)`.
    pub fn rectangle(
        shape: BoardShape, width: usize, height: usize, row_zero_at_top: bool,
        name: impl Fn(usize, usize) -> String, owner: impl Fn(usize, usize) -> Option<Player>,
    ) -> Self {
        let mut cells = Vec::with_capacity(width * height);
        for row in 0..height {
            for col in 0..width {
                let y = if row_zero_at_top { row } else { height - 1 - row };
                cells.push(BoardCell {
                    name: name(col, row),
                    col,
                    row,
                    x: col as f64,
                    y: y as f64,
                    owner: owner(col, row),
                });
            }
        }
        BoardView::new(shape, cells)
    }

    /// [`from_grid`](Self::from_grid) of a rectangular board: the grid's
    /// `width × height` rectangle.
    pub fn grid_rectangle<const N: usize>(grid: &Grid<N>, owners: [Bits<N>; 2]) -> Self {
        let shape = BoardShape::Rectangle { width: grid.width(), height: grid.height() };
        Self::from_grid(grid, shape, owners)
    }

    /// The on-board cells of a [`Grid`] in bit order, named as the grid names them
    /// (`a1` bottom-left), owned as `owners` says (`owners[0]` the first player's
    /// stones). Square grids give squares; hexagonal grids hexagons, each row
    /// shifted half a cell to the right of the one below (NE is `(0, +1)`).
    pub fn from_grid<const N: usize>(
        grid: &Grid<N>, shape: BoardShape, owners: [Bits<N>; 2],
    ) -> Self {
        let hex = grid.kind() == GridKind::Hex;
        let top = grid.height().saturating_sub(1);
        let cells = grid
            .mask()
            .into_iter()
            .filter_map(|i| {
                let (col, row) = grid.coords(i)?;
                let owner = owner_of(&owners, i);
                let (x, y) = if hex {
                    (col as f64 + 0.5 * row as f64, (top - row) as f64 * HEX_ROW)
                } else {
                    (col as f64, (top - row) as f64)
                };
                Some(BoardCell { name: grid.cell_name(i)?, col, row, x, y, owner })
            })
            .collect();
        BoardView::new(shape, cells)
    }
}

/// Whose piece stands on cell `i`, from the two players' cell sets (the
/// grid games' board views).
#[inline]
pub fn owner_of<const N: usize>(sets: &[Bits<N>; 2], i: usize) -> Option<Player> {
    if sets[0].contains(i) {
        Some(Player::First)
    } else if sets[1].contains(i) {
        Some(Player::Second)
    } else {
        None
    }
}

/// Distance between rows of hexagons, in cell widths (`√3/2`).
pub const HEX_ROW: f64 = 0.866_025_403_784_438_6;

/// [`BoardView::observe`]'s three planes for boards with few pieces (plane 2
/// all ones when the first player is to move): the planes cleared, then
/// `mine` and `theirs` give the flat index (`row · columns + col`) of each of
/// the side to move's and the opponent's pieces.
pub(crate) fn write_sparse_planes(
    out: &mut [f32], [planes, rows, cols]: [usize; 3], first_to_move: bool,
    mine: impl Iterator<Item = usize>, theirs: impl Iterator<Item = usize>,
) {
    let area = rows * cols;
    assert_eq!(out.len(), planes * area, "an observation of shape {planes}×{rows}×{cols}");
    let (pieces, side) = out.split_at_mut(2 * area);
    pieces.fill(0.0);
    for i in mine {
        pieces[i] = 1.0;
    }
    for i in theirs {
        pieces[area + i] = 1.0;
    }
    side.fill(if first_to_move { 1.0 } else { 0.0 });
}

/// [`BoardView::observe`]'s three planes for a game on a [`Grid`]: `stones` the side to move's and
/// the opponent's, each at its grid `(row, col)`.
#[inline]
pub(crate) fn write_grid_planes<const N: usize>(
    out: &mut [f32], grid: &Grid<N>, [mine, theirs]: [Bits<N>; 2], first_to_move: bool,
) {
    let (rows, cols) = (grid.height(), grid.width());
    let area = rows * cols;
    assert_eq!(out.len(), 3 * area, "an observation of shape 3×{rows}×{cols}");
    let (own, rest) = out.split_at_mut(area);
    let (other, side) = rest.split_at_mut(area);
    let pext = whole_rectangle_pext(grid);
    for (plane, set) in [(own, mine), (other, theirs)] {
        write_grid_set(plane, grid, set, &BYTE_FLOATS, pext);
    }
    side.fill(if first_to_move { 1.0 } else { 0.0 });
}

/// Writes `set` over `out` (`grid`'s rows end to end from row 0, `width ·
/// height` values) as `table`'s values ([`BYTE_FLOATS`], [`BYTE_BOOLS`]),
/// eight a store: an observation plane, or a legal-move mask whose action ids
/// are the grid's cells in row order. `pext` from [`whole_rectangle_pext`].
#[inline]
pub(crate) fn write_grid_set<T: Copy, const N: usize>(
    out: &mut [T], grid: &Grid<N>, set: Bits<N>, table: &[[T; 8]; 256],
    pext: Option<crate::cpu::Pdep>,
) {
    let mut w = RunWriter::new(out, table);
    push_grid_rows(&mut w, grid, set, pext);
    w.finish();
}

/// A proof of a fast `pext` where `grid`'s cells fill its whole rectangle
/// (no cell of a row off the board), for [`push_grid_rows`].
#[inline]
pub(crate) fn whole_rectangle_pext<const N: usize>(grid: &Grid<N>) -> Option<crate::cpu::Pdep> {
    crate::cpu::Pdep::detect().filter(|_| grid.cells() == grid.width() * grid.height())
}

/// Pushes the cells of `set` into `w`, `grid`'s rows from row 0, each from
/// column 0: with `pext` (from [`whole_rectangle_pext`]) a word of the set at a
/// time, its on-board bits gathered by one `pext` (the separating bits
/// dropped); else a row at a time, 64 cells a read.
#[inline]
pub(crate) fn push_grid_rows<T: Copy, const N: usize>(
    w: &mut RunWriter<'_, T>, grid: &Grid<N>, set: Bits<N>, pext: Option<crate::cpu::Pdep>,
) {
    if let Some(pext) = pext {
        for (&word, &on) in set.0.iter().zip(&grid.mask().0) {
            w.push(pext.pext(word, on), on.count_ones() as usize);
        }
        return;
    }
    let (stride, rows, cols) = (grid.stride(), grid.height(), grid.width());
    for r in 0..rows {
        for c0 in (0..cols).step_by(64) {
            let n = (cols - c0).min(64);
            w.push(set.run(r * stride + c0, n), n);
        }
    }
}

/// Writes runs of bits end to end into a slice as a table's values, eight
/// values a store ([`write_bits`]'s byte lookups): each run (a grid row's
/// cells) follows the last without a gap, so a row whose length is not a
/// multiple of eight costs no stores of its own; only the slice's last few
/// values are written one at a time ([`finish`](RunWriter::finish)). (Row by
/// row, a Hex observation's 11-cell rows each ended in three values copied by
/// a call of `memmove`: about a third of its planes' instructions.)
pub(crate) struct RunWriter<'a, T> {
    out: &'a mut [T],
    table: &'a [[T; 8]; 256],
    /// Values written.
    pos: usize,
    /// Bits pushed and not yet written, the next one lowest.
    pending: u128,
    /// How many.
    have: usize,
}

impl<'a, T: Copy> RunWriter<'a, T> {
    /// A writer that fills `out` from its start with `table`'s values.
    #[inline]
    pub(crate) fn new(out: &'a mut [T], table: &'a [[T; 8]; 256]) -> Self {
        RunWriter { out, table, pos: 0, pending: 0, have: 0 }
    }

    /// The next `n` values (`n` at most 64): bit `k` of `bits` the `k`-th,
    /// `bits`' bits from `n` up clear.
    #[inline]
    pub(crate) fn push(&mut self, bits: u64, n: usize) {
        debug_assert!(n <= 64 && (n == 64 || bits >> n == 0), "{n} bits in {bits:#x}");
        self.pending |= u128::from(bits) << self.have;
        self.have += n;
        while self.have >= 8 {
            self.out[self.pos..self.pos + 8]
                .copy_from_slice(&self.table[(self.pending & 0xff) as usize]);
            self.pos += 8;
            self.pending >>= 8;
            self.have -= 8;
        }
    }

    /// Writes the last values (fewer than eight); the runs pushed must have
    /// filled `out` exactly.
    #[inline]
    pub(crate) fn finish(self) {
        debug_assert_eq!(self.pos + self.have, self.out.len(), "runs of the slice's length");
        let (zero, one) = (self.table[0][0], self.table[1][0]);
        for (k, o) in self.out[self.pos..].iter_mut().enumerate() {
            *o = if (self.pending >> k) & 1 != 0 { one } else { zero };
        }
    }
}

/// Writes bit `k` of `bits` into `out[k]` (`out` at most 64 long) as
/// `table[·][k]`'s 0 or 1, eight at a time: each byte of `bits` picks its
/// eight values from `table` ([`BYTE_FLOATS`], [`BYTE_BOOLS`]), one copy, no
/// shift a cell (an observation plane's or an action mask's row of cells; on
/// plain x86-64, without AVX2's per-lane shifts, a Hex observation's planes
/// took a third of a `VectorEnv` step cell by cell).
#[inline]
pub(crate) fn write_bits<T: Copy>(out: &mut [T], bits: u64, table: &[[T; 8]; 256]) {
    let mut chunks = out.chunks_exact_mut(8);
    let mut b = bits;
    for chunk in &mut chunks {
        chunk.copy_from_slice(&table[(b & 0xff) as usize]);
        b >>= 8;
    }
    // The last few one at a time: a copy of a length not known here is a
    // call of `memmove` (7% of a Hex step).
    for (o, &v) in chunks.into_remainder().iter_mut().zip(&table[(b & 0xff) as usize]) {
        *o = v;
    }
}

/// Byte `b`'s bits as eight floats, bit `k` at `[b][k]`.
pub(crate) static BYTE_FLOATS: [[f32; 8]; 256] = byte_table(0.0, 1.0);

/// Byte `b`'s bits as eight `bool`s, bit `k` at `[b][k]`.
pub(crate) static BYTE_BOOLS: [[bool; 8]; 256] = byte_table(false, true);

const fn byte_table<T: Copy>(zero: T, one: T) -> [[T; 8]; 256] {
    let mut t = [[zero; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut k = 0;
        while k < 8 {
            if b >> k & 1 != 0 {
                t[b][k] = one;
            }
            k += 1;
        }
        b += 1;
    }
    t
}

/// A rectangle's picture as the games draw it: rows from the top, cells
/// separated by spaces, `X` where bit `bit(col, row)` (row 0 the top) is in
/// `first`, `O` where it is in `second`, `.` elsewhere.
pub(crate) fn rectangle_picture(
    (width, height): (usize, usize), [first, second]: [u64; 2], bit: impl Fn(usize, usize) -> u32,
) -> String {
    let mut s = String::with_capacity(2 * width * height);
    for r in 0..height {
        for c in 0..width {
            if c > 0 {
                s.push(' ');
            }
            let b = 1u64 << bit(c, r);
            s.push(if first & b != 0 {
                'X'
            } else if second & b != 0 {
                'O'
            } else {
                '.'
            });
        }
        s.push('\n');
    }
    s
}
