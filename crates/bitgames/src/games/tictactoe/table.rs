//! Strong solutions of the small m,n,k-games: a placement table
//! ([`crate::retro::placement`]) of every position of a board of at most
//! [`MAX_CELLS`] cells, for boards in one word (`TicTacToe<1>`). Cells are
//! numbered in the grid's bit order with the separators left out (row-major,
//! as the position text reads them), and a player's stones win when
//! [`ops::has_line`] finds `k` in a row on the grid.
//!
//! The empty board's values agree with the m,n,k-game results (Wikipedia,
//! "m,n,k-game"): 3×3 k=3 a draw, 4×3 k=3 and 4×4 k=3 first-player wins, 4×4
//! k=4 a draw.

use super::TicTacToe;
use crate::dynamic::DynGame;
use crate::games::prelude::*;
use crate::retro::placement::{self, Placement, MAX_CELLS};
use crate::retro::{compress, expand, Table, Value};
use crate::tools::{typed_game, ProgressFn, TableProbe, TablebaseInfo, ToolError};
use std::path::Path;

/// The rules of one board, for [`placement::build`].
struct Mnk {
    grid: Grid<1>,
    k: usize,
}

impl Mnk {
    /// The board of `g`, or an error for a board with more than
    /// [`MAX_CELLS`] cells (or stored in more than one word).
    fn of(game: &dyn DynGame) -> Result<Mnk, ToolError> {
        let Some(g) = game.as_any().downcast_ref::<TicTacToe<1>>() else {
            return Err(too_large(game));
        };
        let mnk = Mnk { grid: g.board.grid, k: g.k as usize };
        if mnk.cells() > MAX_CELLS {
            return Err(too_large(game));
        }
        Ok(mnk)
    }

    /// A position's stones as dense sets (first player's, second's).
    fn dense(&self, g: &TicTacToe<1>) -> (u64, u64) {
        let mask = self.grid.mask().word();
        (compress(g.board.stones[0].word(), mask), compress(g.board.stones[1].word(), mask))
    }

    /// The name a table file gives its game.
    fn table_name(&self) -> String {
        format!(
            "tictactoe(width={},height={},k={}) (placements)",
            self.grid.width(),
            self.grid.height(),
            self.k
        )
    }
}

/// The error for a board too large for a table.
fn too_large(game: &dyn DynGame) -> ToolError {
    ToolError::game(crate::retro::TableError::BoardTooLarge {
        game: game.spec(),
        cells: game.num_actions(),
        most: MAX_CELLS,
    })
}

impl Placement for Mnk {
    fn cells(&self) -> usize {
        self.grid.width() * self.grid.height()
    }

    fn wins(&self, _player: usize, stones: u64) -> bool {
        let bits = Bits::from_words([expand(stones, self.grid.mask().word())]);
        ops::has_line(&self.grid, bits, self.k)
    }
}

/// The table's value of a position of `game` (a tic-tac-toe game with the
/// table's board).
fn value(table: &Table, mnk: &Mnk, game: &dyn DynGame) -> Result<Value, ToolError> {
    let g: &TicTacToe<1> = typed_game(game, "tictactoe")?;
    let (x, o) = mnk.dense(g);
    placement::value(table, mnk.cells(), x, o).ok_or_else(|| {
        ToolError::Failed(format!("the table has no position at {}", game.position()))
    })
}

/// A position's value and every legal move's, from the table.
fn probe(table: &Table, game: &dyn DynGame) -> Result<TableProbe, ToolError> {
    let mnk = Mnk::of(game)?;
    table.check_game(&mnk.table_name()).map_err(ToolError::game)?;
    crate::retro::engine::probe_moves(game, |p| value(table, &mnk, p), None)
}

/// Reads the table file of `game`'s board.
fn load(game: &dyn DynGame, path: &Path) -> Result<Table, ToolError> {
    let mnk = Mnk::of(game)?;
    Table::load(path, &mnk.table_name(), &placement::lens(mnk.cells())).map_err(ToolError::game)
}

/// The m,n,k-games' tables, as the registry lists them.
pub static TABLEBASE: TablebaseInfo = TablebaseInfo {
    about: "every position of a board of at most 22 cells, one byte each: 3×3 takes 6 kB, \
            4×4 10 MB, 5×4 741 MB, 22 cells 6.4 GB",
    build: |game, threads, progress| {
        let mnk = Mnk::of(game)?;
        let mut note = progress.unwrap_or_else(|| Box::new(|_: &str| {}) as ProgressFn);
        placement::build(&mnk, &mnk.table_name(), threads, &mut |s| note(s))
            .map_err(ToolError::game)
    },
    load,
    probe,
    engine: &super::PERFECT,
};
