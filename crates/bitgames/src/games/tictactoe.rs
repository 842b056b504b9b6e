//! Tic-tac-toe, generalised to the m,n,k-game: `width × height` board, `k` in a row
//! wins (3×3, k = 3 by default; 15×15, k = 5 is free-style Gomoku). The board is a
//! square (8-connected) [`Grid`] in `N` words, so large boards use several words.
//! A line is found with the line query of Browne §5.2.1 ([`ops::has_line`]).

use crate::bits::Bits;
use crate::board::{BoardShape, BoardView, PieceLook};
use crate::game::{
    clip, hash_sets, random_below, Game, Illegal, IllegalReason, Outcome, ParseError, Player,
    SetupError,
};
use crate::grid::{Cell, Grid, GridKind};
use crate::info::{with_words, GameInfo, WordsBuilder};
use crate::ops;
use crate::params::ParamInfo;
use crate::tools::{CoreBench, Tools};
use rand::Rng;
use std::fmt;
use std::ops::ControlFlow;

/// The parameters of `tictactoe(width=…,height=…,k=…)`.
static PARAMS: &[ParamInfo] = &[
    ParamInfo::int("width", 3, 1, 64, "number of columns"),
    ParamInfo::int("height", 3, 1, 64, "number of rows"),
    ParamInfo::int("k", 3, 1, 64, "stones in a row to win"),
];

/// The registry's entry: `tictactoe`, stored in the fewest words that hold the
/// board (15×15 Gomoku takes four).
pub static INFO: GameInfo = GameInfo {
    name: "tictactoe",
    summary: "Tic-tac-toe and the m,n,k-games: k in a row wins (15×15, k=5 is Gomoku)",
    params: PARAMS,
    build: |p| {
        let (w, h, k) = (p.int("width") as usize, p.int("height") as usize, p.int("k") as usize);
        struct Build(usize, usize, usize);
        impl WordsBuilder for Build {
            fn build<const N: usize>(self) -> Result<Box<dyn crate::dynamic::DynGame>, SetupError> {
                Ok(Box::new(TicTacToe::<N>::new(self.0, self.1, self.2)?))
            }
        }
        with_words(Grid::<1>::bits_needed(GridKind::Square8, w, h), w, h, Build(w, h, k))
    },
    engines: &[],
    tools: Tools {
        core_bench: Some(CoreBench { perft: (9, 9), playouts: (2_000_000, 100_000) }),
        ..Tools::NONE
    },
};

/// An m,n,k-game position stored in `N` 64-bit words per player.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TicTacToe<const N: usize> {
    grid: Grid<N>,
    k: u16,
    stones: [Bits<N>; 2],
    ply: u16,
    /// 0: going on, 1: first player won, 2: second player won, 3: draw.
    result: u8,
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
        Ok(TicTacToe { grid, k: k as u16, stones: [Bits::EMPTY; 2], ply: 0, result: 0 })
    }

    /// The board geometry.
    pub fn grid(&self) -> &Grid<N> {
        &self.grid
    }

    /// Stones of player `p`.
    pub fn stones(&self, p: Player) -> Bits<N> {
        self.stones[p.index()]
    }

    /// Empty cells.
    #[inline]
    pub fn empty(&self) -> Bits<N> {
        self.grid.complement(self.stones[0] | self.stones[1])
    }

    #[inline(always)]
    fn update_result(&mut self) {
        let mover = Player::at_ply(self.ply as usize + 1);
        self.result = if ops::has_line(&self.grid, self.stones[mover.index()], self.k as usize) {
            1 + mover.index() as u8
        } else if (self.stones[0] | self.stones[1]) == self.grid.mask() {
            3
        } else {
            0
        };
    }
}

impl<const N: usize> fmt::Debug for TicTacToe<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}\n{}", self.spec(), self.picture())
    }
}

impl<const N: usize> Game for TicTacToe<N> {
    type Move = Cell;

    /// A cell's id on the board's bounding rectangle ([`crate::action::cell_id`]).
    fn num_actions(&self) -> usize {
        self.grid.width() * self.grid.height()
    }

    fn action(&self, mv: Cell) -> usize {
        crate::action::cell_id(mv, self.grid.width())
    }

    fn spec(&self) -> String {
        format!("tictactoe(width={},height={},k={})", self.grid.width(), self.grid.height(), self.k)
    }

    fn name(&self) -> &'static str {
        INFO.name
    }

    #[inline]
    fn side_to_move(&self) -> Player {
        Player::at_ply(self.ply as usize)
    }

    #[inline]
    fn ply(&self) -> usize {
        self.ply as usize
    }

    /// The empty cells in bit order (`a1`, `b1`, …, row by row).
    #[inline]
    fn try_for_each_move<F>(&self, mut f: F) -> ControlFlow<()>
    where
        F: FnMut(Cell) -> ControlFlow<()>,
    {
        if self.result != 0 {
            return ControlFlow::Continue(());
        }
        for i in self.empty() {
            f(self.grid.cell_at_unchecked(i))?;
        }
        ControlFlow::Continue(())
    }

    #[inline]
    fn count_moves(&self) -> usize {
        if self.result != 0 {
            0
        } else {
            self.empty().count() as usize
        }
    }

    #[inline]
    fn is_legal(&self, mv: Cell) -> bool {
        self.result == 0 && self.grid.index_of(mv).is_some_and(|i| self.empty().contains(i))
    }

    fn why_illegal(&self, mv: Cell) -> Illegal {
        match self.grid.index_of(mv) {
            None => Illegal::new(
                IllegalReason::OffBoard,
                format!("{mv} is off the {}×{} board", self.grid.width(), self.grid.height()),
            ),
            Some(_) => Illegal::new(IllegalReason::Occupied, format!("{mv} is already taken")),
        }
    }

    #[inline(always)]
    fn play_unchecked(&mut self, mv: Cell) {
        // A cell off the board (only an unchecked caller's mistake) lands on
        // a separator, an unspecified but memory-safe result, or past the
        // storage, where it is ignored.
        let i = self.grid.index_unchecked(mv);
        if i < Bits::<N>::CAPACITY {
            let p = self.ply as usize % 2;
            self.stones[p].insert(i);
            self.ply += 1;
            self.update_result();
        }
    }

    #[inline]
    fn random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Cell> {
        if self.result != 0 {
            return None;
        }
        let empty = self.empty();
        let n = empty.count();
        if n == 0 {
            return None;
        }
        let pick = random_below(rng, n as u64) as usize;
        empty.nth(pick).map(|i| self.grid.cell_at_unchecked(i))
    }

    /// Open lines of k for the side to move minus the opponent's
    /// ([`heuristics::open_lines`](crate::games::heuristics::open_lines)).
    fn evaluate(&self) -> i32 {
        let s = self.ply as usize % 2;
        let (me, them) = (self.stones[s], self.stones[1 - s]);
        let k = self.k as usize;
        crate::games::heuristics::open_lines(&self.grid, me, them, k)
            - crate::games::heuristics::open_lines(&self.grid, them, me, k)
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        Outcome::from_code(self.result)
    }

    fn position_hash(&self) -> u64 {
        hash_sets(&self.stones, 0)
    }

    fn parse_move(&self, text: &str) -> Result<Cell, ParseError> {
        let bad = || ParseError::Move {
            game: self.spec(),
            text: clip(text),
            expected: format!(
                "a cell a1–{}",
                self.grid.cell_name(self.grid.mask().last().unwrap_or(0)).unwrap_or_default()
            ),
        };
        let c: Cell = text.parse().map_err(|_| bad())?;
        self.grid.index_of(c).ok_or_else(bad)?;
        Ok(c)
    }

    /// Rows from the top, separated by `/`: `X.O/.X./..O`. The side to move follows
    /// from the counts (X moves first).
    fn position(&self) -> String {
        super::picture_rows(&self.picture())
    }

    fn parse_position(&self, text: &str) -> Result<Self, ParseError> {
        let err = |why: String| ParseError::Position { game: self.spec(), text: clip(text), why };
        let picture = text.trim().replace('/', "\n");
        let (x, o) = self.grid.parse_picture2(&picture).map_err(|e| err(e.to_string()))?;
        let (nx, no) = (x.count() as usize, o.count() as usize);
        if nx != no && nx != no + 1 {
            return Err(err(format!("X has {nx} stones and O {no}; X moves first, so X must have as many as O or one more")));
        }
        let mut g = *self;
        g.stones = [x, o];
        g.ply = (nx + no) as u16;
        let k = self.k as usize;
        let (wx, wo) = (ops::has_line(&g.grid, x, k), ops::has_line(&g.grid, o, k));
        if wx && wo {
            return Err(err("both players have a line".into()));
        }
        if (wx && nx == no) || (wo && nx > no) {
            return Err(err("the player with a line did not make the last move".into()));
        }
        g.update_result();
        Ok(g)
    }

    fn picture(&self) -> String {
        self.grid.picture2(self.stones[0], self.stones[1])
    }

    fn board(&self) -> BoardView {
        let shape = BoardShape::Rectangle { width: self.grid.width(), height: self.grid.height() };
        let mut view = BoardView::from_grid(&self.grid, shape, self.stones)
            .with_pieces([PieceLook::Cross, PieceLook::Nought]);
        if let Some(Outcome::WonBy(p)) = Game::outcome(self) {
            view.mark_lines(p, self.k as usize, false);
        }
        view
    }

    /// The cell itself (the board's cells are in bit order, row by row).
    #[inline]
    fn move_index(&self, mv: Cell) -> Option<usize> {
        Some(mv.row as usize * self.grid.width() + mv.col as usize)
    }

    fn move_cells(&self, mv: Cell) -> Vec<usize> {
        match self.grid.index_of(mv) {
            Some(_) => vec![mv.row as usize * self.grid.width() + mv.col as usize],
            None => Vec::new(),
        }
    }
}
