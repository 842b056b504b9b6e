//! Strong solutions of the placement kit's games on small boards: a placement
//! table ([`crate::retro::placement`]) of every position of a board of at most
//! [`MAX_CELLS`] cells in one word, for any kit game whose win is monotone (a
//! set of cells that holds a winning set wins): tic-tac-toe and the m,n,k
//! boards, Hex, Y and Havannah. Yavalath (three in a row loses) and exact
//! Gomoku (an overline does not win) are not monotone, and the pie rule's
//! swap is no placement, so neither has a table.
//!
//! Cells are numbered in the grid's bit order with the separators and the
//! cells off the board left out (row-major for a rectangle, as the position
//! text reads them); a game says whether a set of its cells wins
//! ([`StoneTable::table_wins`]). A game with a table declares it with
//! [`stone_table!`](crate::stone_table): its [`TablebaseInfo`], the
//! `perfect(table=FILE)` engine, and the [`Tabled`](crate::retro::engine::Tabled)
//! link between them.

use super::stones::{StoneMove, Stones};
use crate::dynamic::DynGame;
use crate::games::prelude::*;
use crate::retro::placement::{self, Placement, MAX_CELLS};
use crate::retro::{compress, expand, Table, TableError, Value};
use crate::tools::{self, TableBuild, TableProbe, ToolError};
use std::path::Path;

/// A kit game on a board of one word that a placement table can hold.
pub(crate) trait StoneTable: Rules + 'static {
    /// The game's stones and the board they are on.
    fn table_board(&self) -> TableBoard<'_>;

    /// Whether `stones`, cells of this board, win for `player`. Monotone: a
    /// set that holds a winning set wins.
    fn table_wins(&self, player: Player, stones: Bits<1>) -> bool;
}

/// What a table reads of a kit game's position: its board, both players'
/// stones, and whether the pie rule is on.
pub(crate) struct TableBoard<'a> {
    grid: &'a Grid<1>,
    stones: [Bits<1>; 2],
    swap: bool,
}

impl<'a> TableBoard<'a> {
    /// The kit board's.
    pub(crate) fn of<M: StoneMove, const FLIP: bool>(b: &'a Stones<M, 1, FLIP>) -> Self {
        TableBoard { grid: &b.grid, stones: b.stones, swap: b.swap }
    }
}

/// The rules of one board on dense sets of cells, for [`placement::build`].
struct Dense<'a, G> {
    game: &'a G,
    mask: u64,
    cells: usize,
}

impl<'a, G: StoneTable> Dense<'a, G> {
    /// The board of `game`, or why it has no table: another game, a board
    /// with more than [`MAX_CELLS`] cells (or in more than one word), or the
    /// pie rule on.
    fn of(game: &'a dyn DynGame) -> Result<Self, ToolError> {
        let too_large = || {
            ToolError::game(TableError::BoardTooLarge {
                game: game.spec(),
                cells: game.board().cells.len(),
                most: MAX_CELLS,
            })
        };
        let g = if game.name() == G::NAME {
            game.as_any().downcast_ref::<G>().ok_or_else(too_large)?
        } else {
            return Err(ToolError::WrongGame { game: game.spec(), tool: G::NAME.to_string() });
        };
        let board = g.table_board();
        if board.swap {
            return Err(ToolError::game(TableError::Unsupported {
                game: game.spec(),
                why: "the pie rule's swap is no placement (swap=false has a table)",
            }));
        }
        let cells = board.grid.cells();
        if cells > MAX_CELLS {
            return Err(too_large());
        }
        Ok(Dense { game: g, mask: board.grid.mask().word(), cells })
    }

    /// The name a table file gives its game: the spec, then `(placements)`.
    fn table_name(&self) -> String {
        format!("{} (placements)", self.game.spec())
    }

    /// The table's value of `game`'s position (a position of this board).
    fn value(&self, table: &Table, game: &dyn DynGame) -> Result<Value, ToolError> {
        let g: &G = tools::typed_game(game, G::NAME)?;
        let [x, o] = g.table_board().stones.map(|s| compress(s.word(), self.mask));
        placement::value(table, self.cells, x, o).ok_or_else(|| {
            ToolError::Failed(format!("the table has no position at {}", game.position()))
        })
    }
}

impl<G: StoneTable> Placement for Dense<'_, G> {
    fn cells(&self) -> usize {
        self.cells
    }

    fn wins(&self, player: usize, stones: u64) -> bool {
        let bits = Bits::from_words([expand(stones, self.mask)]);
        self.game.table_wins(Player::from_index(player), bits)
    }
}

/// Builds the table of `game`'s board ([`TablebaseInfo::build`](crate::tools::TablebaseInfo)).
pub(crate) fn build<G: StoneTable>(
    game: &dyn DynGame, mut how: TableBuild,
) -> Result<Table, ToolError> {
    let d = Dense::<G>::of(game)?;
    let name = d.table_name();
    let steps = how.steps(&name)?;
    let mut note = how.take_notes();
    placement::build(&d, &name, how.threads, &steps, &mut |s| note(s)).map_err(ToolError::game)
}

/// The placement table's build in stages (the plies from the full board
/// back, each reading the next): [`crate::tools::StagedTable`] of `G`.
pub(crate) struct Staged<G>(std::marker::PhantomData<G>);

impl<G: StoneTable> Staged<G> {
    /// The build in stages of `G`'s tables.
    pub(crate) const TABLE: tools::StagedTable = tools::StagedTable {
        stages: |game| Ok(placement::stages(Dense::<G>::of(game)?.cells)),
        label: |game, stage, range, reads| {
            let d = Dense::<G>::of(game)?;
            placement::label_stage(&d, &d.table_name(), stage, range, reads)
                .map_err(ToolError::game)
        },
        assemble: |game, stages| {
            let d = Dense::<G>::of(game)?;
            placement::assemble(&d.table_name(), d.cells, stages).map_err(ToolError::game)
        },
    };
}

/// Reads the table file of `game`'s board.
pub(crate) fn load<G: StoneTable>(game: &dyn DynGame, path: &Path) -> Result<Table, ToolError> {
    let d = Dense::<G>::of(game)?;
    Table::load(path, &d.table_name(), &placement::lens(d.cells)).map_err(ToolError::game)
}

/// A position's value and every legal move's, from the table.
pub(crate) fn probe<G: StoneTable>(
    table: &Table, game: &dyn DynGame,
) -> Result<TableProbe, ToolError> {
    let d = Dense::<G>::of(game)?;
    table.check_game(&d.table_name()).map_err(ToolError::game)?;
    crate::retro::engine::probe_moves(game, |p| d.value(table, p), None)
}

/// Declares a kit game's table: `$game` (a kit game on one word, its
/// [`Stones`] board in the field `$board`) is a [`StoneTable`] whose stones
/// win when `$wins` says so (`$g` the game, `$player` the player, `$stones`
/// the stones), and through [`declare_tablebase!`](crate::declare_tablebase)
/// its `TABLEBASE`, `PERFECT` and `Tabled` impl. `$about` says which boards
/// fit and how large they are.
#[macro_export]
#[doc(hidden)]
macro_rules! stone_table {
    (
        $game:ty, board: $board:ident,
        wins: |$g:ident, $player:ident, $stones:ident| $wins:expr,
        about: $about:expr $(,)?
    ) => {
        impl $crate::games::stone_tables::StoneTable for $game {
            fn table_board(&self) -> $crate::games::stone_tables::TableBoard<'_> {
                $crate::games::stone_tables::TableBoard::of(&self.$board)
            }

            fn table_wins(
                &self,
                $player: $crate::game::Player,
                $stones: $crate::bits::Bits<1>,
            ) -> bool {
                let $g = self;
                $wins
            }
        }

        $crate::declare_tablebase!(
            $game,
            about: $about,
            build: $crate::games::stone_tables::build::<$game>,
            load: $crate::games::stone_tables::load::<$game>,
            probe: $crate::games::stone_tables::probe::<$game>,
            staged: Some(&$crate::games::stone_tables::Staged::<$game>::TABLE),
        );
    };
}
