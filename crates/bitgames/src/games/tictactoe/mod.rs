//! Tic-tac-toe, generalised to the m,n,k-game: `width × height` board, `k` in a row
//! wins (3×3, k = 3 by default; 15×15, k = 5 is free-style Gomoku). The board is a
//! square (8-connected) [`Grid`] in `N` words, so large boards use several words.
//! A line is found with the line query of Browne §5.2.1 ([`ops::has_line`]).
//!
//! Boards of at most 22 cells have a strong solution, a table of every
//! position ([`table`]: `bitgames tablebase build tictactoe`), and the
//! `perfect(table=FILE)` engine that plays from it.

pub mod table;

use super::stones::{StoneGame, Stones};
use crate::board::PieceLook;
use crate::games::prelude::*;
use crate::stone_moves;

/// The parameters of `tictactoe(width=…,height=…,k=…)`.
static PARAMS: &[ParamInfo] = &[
    ParamInfo::width(3, 1, 64),
    ParamInfo::height(3, 1, 64),
    ParamInfo::int("k", 3, 1, 64, "stones in a row to win"),
];

/// The registry's entry: `tictactoe`, stored in the fewest words that hold the
/// board (15×15 Gomoku takes four).
pub static INFO: GameInfo = GameInfo::new(
    "tictactoe",
    "Tic-tac-toe and the m,n,k-games: k in a row wins (15×15, k=5 is Gomoku)",
    PARAMS,
    |p| {
        let k = p.int("k") as usize;
        crate::in_words!(board GridKind::Square8, p, |N, w, h| TicTacToe::<N>::new(w, h, k))
    },
)
.tablebase(&table::TABLEBASE)
.core_bench((9, 9), (2_000_000, 100_000));

/// An m,n,k-game position stored in `N` 64-bit words per player.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TicTacToe<const N: usize> {
    board: Stones<Cell, N, false>,
    k: u16,
}

impl TicTacToe<1> {
    /// The classic 3×3 game.
    pub fn classic() -> Self {
        Self::new(3, 3, 3).expect("3×3 fits one word")
    }
}

impl<const N: usize> TicTacToe<N> {
    /// The empty `width × height` board where `k` in a row wins.
    pub fn new(width: usize, height: usize, k: usize) -> Result<Self, SetupError> {
        let grid = Grid::new(GridKind::Square8, width, height)?;
        if k == 0 || k > width.max(height) {
            return Err(SetupError::OutOfRange {
                param: "k",
                value: k as i64,
                min: 1,
                max: width.max(height) as i64,
                note: " (the longer side of the board)",
            });
        }
        Ok(TicTacToe { board: Stones::new(grid, false), k: k as u16 })
    }
}

impl<const N: usize> StoneGame<Cell, N, false> for TicTacToe<N> {
    fn stone_board(&self) -> &Stones<Cell, N, false> {
        &self.board
    }
}

crate::debug_by_notation!(N => TicTacToe<N>);

impl<const N: usize> Rules for TicTacToe<N> {
    stone_moves!(rules: board, Cell);

    const NAME: &'static str = INFO.name;

    fn spec(&self) -> String {
        format!(
            "tictactoe(width={},height={},k={})",
            self.board.grid.width(),
            self.board.grid.height(),
            self.k
        )
    }

    #[inline(always)]
    fn play_unchecked(&mut self, mv: Cell) {
        if let Some((_, p)) = self.board.place_unchecked(mv) {
            let won = ops::has_line(&self.board.grid, self.board.stones[p], self.k as usize);
            self.board.settle(p, won);
        }
    }
}

impl<const N: usize> Notation for TicTacToe<N> {
    stone_moves!(notation: board, Cell; picture);

    /// Rows from the top, separated by `/`: `X.O/.X./..O`. The side to move follows
    /// from the counts (X moves first).
    fn position(&self) -> String {
        self.board.rows()
    }

    fn parse_position(&self, text: &str) -> Result<Self, ParseError> {
        let line = |s| ops::has_line(&self.board.grid, s, self.k as usize);
        Ok(TicTacToe {
            board: self.board.read_rows_won(&self.spec(), text, "a line", line)?,
            ..*self
        })
    }
}

impl<const N: usize> View for TicTacToe<N> {
    stone_moves!(view: board, Cell; move_index, move_cells);

    fn board(&self) -> BoardView {
        let view = self.board.line_view(self.k as usize, false);
        view.with_pieces([PieceLook::Cross, PieceLook::Nought])
    }
}

impl<const N: usize> Hints for TicTacToe<N> {
    stone_moves!(hints: board, Cell);

    /// Open lines of k for the side to move minus the opponent's
    /// ([`heuristics::open_lines`](crate::games::heuristics::open_lines)).
    fn evaluate(&self) -> i32 {
        self.board.open_lines_margin(self.k as usize)
    }
}
