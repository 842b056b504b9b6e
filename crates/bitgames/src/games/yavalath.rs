//! Yavalath (Cameron Browne, 2007) on a hexhex board of side `size` (5 by
//! default: 61 cells), the paper's example of line detection on a hexagonal
//! grid (Browne §5.2.1, Alg. 6/7).
//!
//! Rules: the players, `X` ([`Player::First`]) and `O`, take turns placing a
//! stone of their own on an empty cell. Making four or more in a row (along any
//! of the three hex axes) wins; making three in a row without also making four
//! loses (a move that makes both a four and a three wins); a full board with
//! neither is a draw. With `swap=true` the pie rule is on: the second player's
//! first move may be `swap`, which hands the first player's stone to the second
//! player (it stays on its cell and becomes an `O`), after which `X` moves
//! again. Colours and turn order stay fixed, so "X moves on even plies" always
//! holds; this is the same game as swapping sides (Ludii's `(swap)` meta rule,
//! the inventor's "swap option") with the players' names exchanged.
//!
//! The board is a [`Grid::masked`] hexagon inside the `(2·size−1)²` rhombus of the
//! [`GridKind::Hex`] grid (NE is `(0,+1)`, NW `(−1,+1)`), the cells with
//! `size−1 ≤ col + row ≤ 3·(size−1)`. Side 5 takes 89 bits with separators, so
//! two words. A result is found with the line query [`ops::has_line`] (Alg. 6
//! with Alg. 7's doubled erosions) on the mover's stones: a line of three
//! first (rare, so most moves cost one query), then of four; none before ply 5,
//! when X places its third stone. Random playouts on side 5 run at about 2 M
//! games/s on one core (Browne and Maire report over 500,000 on a 61-cell
//! board, §5.2.1).
//!
//! Notation: cells keep the grid's own names on the rhombus. The letter
//! (`a`–`i` on side 5) is the column of the rhombus, a line of cells running
//! north-east (up and to the right in the picture), counted from the left; the
//! number (`1`–`9`) is the horizontal row, counted from the bottom. So the
//! bottom row is `e1`–`i1`, the middle row `a5`–`i5`, the top row `a9`–`e9`,
//! and `e5` is the centre; the six corners are `e1`, `i1`, `i5`, `e9`, `a9`
//! and `a5`. Rhombus cells outside the hexagon (`a1`, `d1`, `i9`, …) are off
//! the board and refused. (Row-lettered schemes, with letters for the rows
//! and numbers along each row, agree with this one only at the centre `e5`.)
//! The pie move is written `swap`. A position is the rows from the top, cells
//! `X`, `O` and `.`, separated by `/`, then a space and the side to move (`x`
//! or `o`): the side-2 start is `../.../.. x`.

use super::hexagon;
use super::stones::{PlaceMove, StoneGame, StoneSetupError, Stones};
use crate::games::prelude::*;
use crate::stone_moves;

/// Largest side: side 10 (271 cells) is a 19×19 rhombus, 379 bits, six words.
pub const MAX_SIZE: usize = 10;

/// The parameters of `yavalath(size=…,swap=…)`.
static PARAMS: &[ParamInfo] = &[
    ParamInfo::int("size", 5, 2, MAX_SIZE as i64, "cells on a side of the hexagon"),
    hexagon::SWAP,
];

/// The registry's entry: `yavalath`, stored in the fewest words that hold the
/// rhombus around the hexagon (side 5 takes two).
pub static INFO: GameInfo = GameInfo::new(
    "yavalath",
    "Yavalath: four in a row wins, but three in a row (without four) loses; hexhex board",
    PARAMS,
    |p| hexagon::hexagon_game!(build Yavalath, p, MAX_SIZE),
)
.core_bench((3, 2), (200_000, 20_000));

/// A Yavalath position stored in `N` 64-bit words per player.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Yavalath<const N: usize> {
    board: Stones<PlaceMove, N, false>,
    /// Cells on the board (the board cannot be full before this ply).
    cells: u16,
}

impl Yavalath<2> {
    /// The standard game: side 5, no swap.
    pub fn standard() -> Self {
        Self::new(5, false).expect("side 5 fits two words")
    }
}

impl<const N: usize> Yavalath<N> {
    /// The empty hexhex board of side `size`; `swap` turns the pie rule on.
    pub fn new(size: usize, swap: bool) -> Result<Self, SetupError> {
        let grid: Grid<N> = hexagon::grid(size, 2, MAX_SIZE)?;
        let cells = grid.cells() as u16;
        Ok(Yavalath { board: Stones::new(grid, swap), cells })
    }

    /// Cells on a side of the hexagon.
    pub fn size(&self) -> usize {
        hexagon::side(&self.board.grid)
    }

    /// The result after `mover` has just placed a stone: a four wins, else a
    /// three loses, else a full board is a draw (the codes of `result`).
    #[inline(always)]
    fn judge(&self, mover: usize) -> u8 {
        let mine = self.board.stones[mover];
        // Before ply 5 nobody has three stones (a swapped stone included), and
        // no line of three means no line of four: one query for most moves.
        if self.board.ply >= 5 && ops::has_line(&self.board.grid, mine, 3) {
            if ops::has_line(&self.board.grid, mine, 4) {
                1 + mover as u8
            } else {
                2 - mover as u8
            }
        } else if self.board.ply >= self.cells && self.board.is_full() {
            3
        } else {
            0
        }
    }
}

hexagon::hexagon_game!(stone_game Yavalath, false);

impl<const N: usize> Rules for Yavalath<N> {
    hexagon::hexagon_game!(rules);

    #[inline(always)]
    fn play_unchecked(&mut self, mv: PlaceMove) {
        match mv {
            PlaceMove::Place(c) => {
                if let Some((_, p)) = self.board.place_unchecked(c) {
                    self.board.result = self.judge(p);
                }
            }
            PlaceMove::Swap => self.board.take_over_first_stone(),
        }
    }
}

impl<const N: usize> Notation for Yavalath<N> {
    stone_moves!(notation: board, PlaceMove; picture);

    /// Rows from the top, separated by `/`, then a space and the side to move:
    /// `../.X./.. o`.
    fn position(&self) -> String {
        self.board.rows_and_side()
    }

    fn parse_position(&self, text: &str) -> Result<Self, ParseError> {
        let read = || {
            let (board, to_move) = self.board.read_picture_with_side(text)?;
            let mut g = Yavalath { board, ..*self };
            if ops::has_line(&g.board.grid, g.board.stones[to_move.index()], 3) {
                let what = "three or more in a row";
                return Err(StoneSetupError::ToMoveAfterEnd { player: to_move, what });
            }
            if g.board.ply > 0 {
                g.board.result = g.judge(to_move.other().index());
            }
            Ok(g)
        };
        read().map_err(|e: StoneSetupError| e.at(&self.spec(), text))
    }
}

impl<const N: usize> View for Yavalath<N> {
    stone_moves!(view: board, PlaceMove; move_index);

    /// With the deciding line marked at the end: the winner's four, or the
    /// loser's three.
    fn board(&self) -> BoardView {
        let mut view = hexagon::view(&self.board);
        if let Some(Outcome::WonBy(p)) = Rules::outcome(self) {
            view.mark_lines(p, 4, false);
            if view.marked.is_empty() {
                view.mark_lines(p.other(), 3, true);
            }
        }
        view
    }

    fn move_cells(&self, mv: PlaceMove) -> Vec<usize> {
        self.board.from_grid_move_cells(mv)
    }
}

impl<const N: usize> Hints for Yavalath<N> {
    stone_moves!(hints: board, PlaceMove);

    /// Open lines of four for the side to move minus the opponent's
    /// ([`heuristics::open_lines`](crate::games::heuristics::open_lines));
    /// losing threes are left to the search.
    fn evaluate(&self) -> i32 {
        self.board.open_lines_margin(4)
    }
}
