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

use super::stones::{stone_moves, Stones};
use crate::bits::Bits;
use crate::board::{BoardShape, BoardView};
use crate::game::{clip, Game, Illegal, IllegalReason, Outcome, ParseError, Player, SetupError};
use crate::grid::{Cell, Grid, GridKind};
use crate::info::{with_words, GameInfo, WordsBuilder};
use crate::ops;
use crate::params::ParamInfo;
use crate::tools::{CoreBench, Tools};
use rand::Rng;
use std::fmt;
use std::ops::ControlFlow;

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
pub static INFO: GameInfo = GameInfo {
    name: "gomoku",
    summary: "Gomoku: five in a row wins on a 15×15 board (free-style; exact=true: exactly five)",
    params: PARAMS,
    build: |p| {
        let (size, exact) = (p.int("size") as usize, p.flag("exact"));
        struct Build(usize, bool);
        impl WordsBuilder for Build {
            fn build<const N: usize>(self) -> Result<Box<dyn crate::dynamic::DynGame>, SetupError> {
                Ok(Box::new(Gomoku::<N>::new(self.0, self.1)?))
            }
        }
        with_words(
            Grid::<1>::bits_needed(GridKind::Square8, size, size),
            size,
            size,
            Build(size, exact),
        )
    },
    engines: &[],
    tools: Tools {
        core_bench: Some(CoreBench { perft: (3, 2), playouts: (100_000, 10_000) }),
        ..Tools::NONE
    },
};

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
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(SetupError::OutOfRange {
                param: "size",
                value: size as i64,
                min: MIN_SIZE as i64,
                max: MAX_SIZE as i64,
                note: "",
            });
        }
        let grid = Grid::new(GridKind::Square8, size, size)?;
        Ok(Gomoku { board: Stones::new(grid, false), exact })
    }

    /// The board geometry.
    pub fn grid(&self) -> &Grid<N> {
        &self.board.grid
    }

    /// Whether only exactly five in a row wins.
    pub fn exact(&self) -> bool {
        self.exact
    }

    /// Stones of player `p`.
    pub fn stones(&self, p: Player) -> Bits<N> {
        self.board.stones[p.index()]
    }

    /// Empty cells.
    #[inline]
    pub fn empty(&self) -> Bits<N> {
        self.board.empty()
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

    #[inline(always)]
    fn update_result(&mut self) {
        let mover = Player::at_ply(self.board.ply as usize + 1);
        self.board.result = if self.is_win(self.board.stones[mover.index()]) {
            1 + mover.index() as u8
        } else if (self.board.stones[0] | self.board.stones[1]) == self.board.grid.mask() {
            3
        } else {
            0
        };
    }
}

impl<const N: usize> fmt::Debug for Gomoku<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}\n{}", self.spec(), self.picture())
    }
}

impl<const N: usize> Game for Gomoku<N> {
    stone_moves!(board, Cell);

    type Move = Cell;

    fn spec(&self) -> String {
        format!("gomoku(size={},exact={})", self.board.grid.width(), self.exact)
    }

    fn name(&self) -> &'static str {
        INFO.name
    }

    fn why_illegal(&self, mv: Cell) -> Illegal {
        let n = self.board.grid.width();
        let off =
            |c| Illegal::new(IllegalReason::OffBoard, format!("{c} is off the {n}×{n} board"));
        let names = [Player::First, Player::Second].map(|p| Game::player_name(self, p));
        self.board.why_illegal(mv, &self.spec(), names, off)
    }

    #[inline(always)]
    fn play_unchecked(&mut self, mv: Cell) {
        // A cell off the board (only an unchecked caller's mistake) lands on
        // a separator, an unspecified but memory-safe result, or past the
        // storage, where it is ignored.
        let i = self.board.grid.index_unchecked(mv);
        if i < Bits::<N>::CAPACITY {
            self.board.place(i);
            self.update_result();
        }
    }

    /// Open lines of five for the side to move minus the opponent's
    /// ([`heuristics::open_lines`](crate::games::heuristics::open_lines)).
    fn evaluate(&self) -> i32 {
        let s = self.board.ply as usize % 2;
        let (me, them) = (self.board.stones[s], self.board.stones[1 - s]);
        let k = 5;
        crate::games::heuristics::open_lines(&self.board.grid, me, them, k)
            - crate::games::heuristics::open_lines(&self.board.grid, them, me, k)
    }

    fn parse_move(&self, text: &str) -> Result<Cell, ParseError> {
        let bad = || ParseError::Move {
            game: self.spec(),
            text: clip(text),
            expected: format!(
                "a cell a1–{}",
                self.board
                    .grid
                    .cell_name(self.board.grid.mask().last().unwrap_or(0))
                    .unwrap_or_default()
            ),
        };
        let c: Cell = text.parse().map_err(|_| bad())?;
        self.board.grid.index_of(c).ok_or_else(bad)?;
        Ok(c)
    }

    /// Rows from the top, separated by `/`: `X....O/...` (as tic-tac-toe's). The
    /// side to move follows from the counts (X moves first).
    fn position(&self) -> String {
        super::picture_rows(&self.picture())
    }

    fn parse_position(&self, text: &str) -> Result<Self, ParseError> {
        let err = |why: String| ParseError::Position { game: self.spec(), text: clip(text), why };
        let picture = text.trim().replace('/', "\n");
        let (x, o) = self.board.grid.parse_picture2(&picture).map_err(|e| err(e.to_string()))?;
        let (nx, no) = (x.count() as usize, o.count() as usize);
        if nx != no && nx != no + 1 {
            return Err(err(format!("X has {nx} stones and O {no}; X moves first, so X must have as many as O or one more")));
        }
        let mut g = *self;
        g.board.stones = [x, o];
        g.board.ply = (nx + no) as u16;
        let (wx, wo) = (g.is_win(x), g.is_win(o));
        if wx && wo {
            return Err(err("both players have five in a row".into()));
        }
        if (wx && nx == no) || (wo && nx > no) {
            return Err(err("the player with five in a row did not make the last move".into()));
        }
        g.update_result();
        Ok(g)
    }

    fn picture(&self) -> String {
        self.board.grid.picture2(self.board.stones[0], self.board.stones[1])
    }

    fn board(&self) -> BoardView {
        let shape = BoardShape::Rectangle {
            width: self.board.grid.width(),
            height: self.board.grid.height(),
        };
        let mut view = BoardView::from_grid(&self.board.grid, shape, self.board.stones);
        if let Some(Outcome::WonBy(p)) = Game::outcome(self) {
            view.mark_lines(p, 5, self.exact);
        }
        view
    }

    /// The cell itself (the board's cells are in bit order, row by row).
    #[inline]
    fn move_index(&self, mv: Cell) -> Option<usize> {
        Some(mv.row as usize * self.board.grid.width() + mv.col as usize)
    }

    fn move_cells(&self, mv: Cell) -> Vec<usize> {
        match self.board.grid.index_of(mv) {
            Some(_) => vec![mv.row as usize * self.board.grid.width() + mv.col as usize],
            None => Vec::new(),
        }
    }
}
