//! Gomoku: two players take turns placing a stone on an empty cell of a
//! `size × size` board (15×15 by default, 5–19); the first to make five in a row
//! (orthogonally or diagonally) wins. A full board with no winner is a draw.
//!
//! Two rules, chosen by the `exact` parameter:
//! - free-style (`exact=false`, the default, as OpenSpiel's `gomoku`): five *or
//!   more* in a row wins; the test is the line query of Browne §5.2.1
//!   ([`ops::has_line`], the one tic-tac-toe uses);
//! - exact (`exact=true`): only a line of *exactly* five wins; an overline of six
//!   or more does not (though a separate line of exactly five does). The test is
//!   [`ops::has_exact_line`], Alg. 6's erosion less the runs that go on.
//!
//! Only the mover's stones are tested after a move: a new stone can only join
//! runs through it, so a line appears on the board exactly when one appears
//! through the last stone, and testing the whole board stays exact.
//!
//! The board is a square (8-connected) [`Grid`] in `N` words (15×15 takes four,
//! 19×19 six). The first player, `x` (black), moves first.
//!
//! Notation, as tic-tac-toe's:
//! - a move is a cell, its column letter then its row number: `a1` is the
//!   bottom-left corner, `h8` the centre of 15×15, `o15` the top-right;
//! - a position is the rows from the top, separated by `/`, with `X`, `O` and `.`
//!   for empty; the side to move follows from the counts (X moves first).
//!
//! The spec is `gomoku(size=…,exact=…)`: one `size` for the square board (not
//! tic-tac-toe's `width`/`height`; `tictactoe(width=…,height=…,k=5)` plays
//! free-style five in a row on any rectangle).

use super::stones::{StoneGame, Stones};
use crate::games::prelude::*;
use crate::stone_moves;

/// Stones in a row that win.
pub const FIVE: usize = 5;
/// The smallest board side.
pub const MIN_SIZE: usize = 5;
/// The largest board side (the Go board).
pub const MAX_SIZE: usize = 19;

/// The parameters of `gomoku(size=…,exact=…)`.
static PARAMS: &[ParamInfo] = &[
    ParamInfo::int("size", 15, MIN_SIZE as i64, MAX_SIZE as i64, "side of the square board"),
    ParamInfo::flag(
        "exact",
        false,
        "only exactly five in a row wins (an overline of six or more does not)",
    ),
];

/// The registry's entry: `gomoku`, stored in the fewest words that hold the board
/// (15×15 takes four: 15 rows of 15 cells and a separating bit).
pub static INFO: GameInfo = GameInfo::new(
    "gomoku",
    "Gomoku: five in a row wins on a 15×15 board (free-style; exact=true: exactly five)",
    PARAMS,
    |p| {
        let (size, exact) = (p.int("size") as usize, p.flag("exact"));
        crate::in_words!(grid GridKind::Square8, size, size, |N| Gomoku::<N>::new(size, exact))
    },
)
.core_bench((3, 2), (100_000, 10_000));

/// A Gomoku position stored in `N` 64-bit words per player.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Gomoku<const N: usize> {
    board: Stones<Cell, N, false>,
    exact: bool,
}

impl Gomoku<4> {
    /// The standard free-style game on 15×15.
    pub fn standard() -> Self {
        Self::new(15, false).expect("15×15 fits four words")
    }
}

impl<const N: usize> Gomoku<N> {
    /// The empty `size × size` board; `exact`: only exactly five in a row wins.
    pub fn new(size: usize, exact: bool) -> Result<Self, SetupError> {
        SetupError::check_range("size", size, MIN_SIZE, MAX_SIZE)?;
        let grid = Grid::new(GridKind::Square8, size, size)?;
        Ok(Gomoku { board: Stones::new(grid, false), exact })
    }

    /// Whether only exactly five in a row wins.
    pub fn exact(&self) -> bool {
        self.exact
    }

    /// Whether `stones` hold a winning line under this game's rule.
    #[inline(always)]
    pub fn is_win(&self, stones: Bits<N>) -> bool {
        if self.exact {
            ops::has_exact_line(&self.board.grid, stones, FIVE)
        } else {
            ops::has_line(&self.board.grid, stones, FIVE)
        }
    }
}

impl<const N: usize> StoneGame<Cell, N, false> for Gomoku<N> {
    fn stone_board(&self) -> &Stones<Cell, N, false> {
        &self.board
    }
}

crate::debug_by_notation!(N => Gomoku<N>);

impl<const N: usize> Rules for Gomoku<N> {
    stone_moves!(rules: board, Cell);

    const NAME: &'static str = INFO.name;

    fn spec(&self) -> String {
        format!("gomoku(size={},exact={})", self.board.grid.width(), self.exact)
    }

    #[inline(always)]
    fn play_unchecked(&mut self, mv: Cell) {
        if let Some((_, p)) = self.board.place_unchecked(mv) {
            let won = self.is_win(self.board.stones[p]);
            self.board.settle(p, won);
        }
    }
}

impl<const N: usize> Notation for Gomoku<N> {
    stone_moves!(notation: board, Cell; picture);

    /// Rows from the top, separated by `/`: `X....O/...` (as tic-tac-toe's). The
    /// side to move follows from the counts (X moves first).
    fn position(&self) -> String {
        self.board.rows()
    }

    fn parse_position(&self, text: &str) -> Result<Self, ParseError> {
        let five = |s| self.is_win(s);
        Ok(Gomoku {
            board: self.board.read_rows_won(&self.spec(), text, "five in a row", five)?,
            ..*self
        })
    }
}

impl<const N: usize> View for Gomoku<N> {
    stone_moves!(view: board, Cell; move_index, move_cells);

    fn board(&self) -> BoardView {
        self.board.line_view(FIVE, self.exact)
    }
}

impl<const N: usize> Hints for Gomoku<N> {
    stone_moves!(hints: board, Cell);

    /// Open lines of five for the side to move minus the opponent's
    /// ([`heuristics::open_lines`](crate::games::heuristics::open_lines)).
    fn evaluate(&self) -> i32 {
        self.board.open_lines_margin(FIVE)
    }
}
