//! Strong solutions of Clobber on small boards: every arrangement of stones
//! on a board of at most [`MAX_CELLS`] cells (4×4 and smaller, 2×8, 3×5),
//! labelled won or lost for the side to move with its distance to the end.
//!
//! **Index.** Clobber's rules are the same for both players, so a position is
//! the mover's stones and the other player's, whoever they are: section
//! `(a, b)` holds every arrangement of `a` stones of the mover and `b` of the
//! other player, indexed `rank(mover) × C(cells − a, b) + rank(other among the
//! cells the mover leaves)` in the combinatorial number system
//! ([`rank_set`]), on [`Clobber64`]'s dense cells (bit `r·width + c`).
//!
//! **Induction.** A move removes a stone: from `(a, b)` every move leads into
//! section `(b − 1, a)` (the clobbered player moves next). So no retrograde
//! iteration is needed: the sections are labelled by the stones on the board,
//! fewest first, each position the best of its moves' values
//! ([`Value::best`]), a position without a move lost in 0. Clobber has no
//! draws, and every index is a position: a table of `c` cells counts `3^c`.

use super::Clobber64;
use crate::bits::Bits;
use crate::dynamic::DynGame;
use crate::retro::steps::Steps;
use crate::retro::NOT_A_POSITION;
use crate::retro::{self, pair_len, rank_pair, unrank_pair, Table, TableError, Value};
use crate::tools::{typed_game, TableProbe, TablebaseInfo, ToolError};
use std::ops::ControlFlow;
use std::path::Path;

/// The largest board a table holds: 16 cells, 43 M positions (one byte each).
pub const MAX_CELLS: usize = 16;

/// A board's cells and the masks of its steps east and west.
#[derive(Clone, Copy)]
struct Board {
    width: usize,
    height: usize,
    /// Every cell but those of the first column: where a step east may land.
    east_to: u64,
    /// Every cell but those of the last column: where a step west may land.
    west_to: u64,
}

impl Board {
    /// The board of `game`, or why it has no table.
    fn of(game: &dyn DynGame) -> Result<Board, ToolError> {
        let too_large = || {
            ToolError::game(TableError::BoardTooLarge {
                game: game.spec(),
                cells: game.board().cells.len(),
                most: MAX_CELLS,
            })
        };
        let g = match typed_game::<Clobber64>(game, "clobber") {
            Ok(g) => g,
            // Clobber on more than 64 cells is no Clobber64.
            Err(_) if game.name() == "clobber" => return Err(too_large()),
            Err(e) => return Err(e),
        };
        let (width, height) = (g.width(), g.height());
        if width * height > MAX_CELLS {
            return Err(too_large());
        }
        let column = |c: usize| (0..height).fold(0u64, |m, r| m | 1 << (r * width + c));
        let all = retro::full(width * height);
        Ok(Board { width, height, east_to: all & !column(0), west_to: all & !column(width - 1) })
    }

    fn cells(&self) -> usize {
        self.width * self.height
    }

    /// The name a table file gives its game.
    fn name(&self) -> String {
        format!("clobber(width={},height={}) (arrangements)", self.width, self.height)
    }

    /// The positions after each move of the mover holding `me` against
    /// `them`: `(mover, other)` of each, the clobbered player to move.
    fn children(&self, me: u64, them: u64) -> impl Iterator<Item = (u64, u64)> + '_ {
        let w = self.width;
        let steps = [
            ((me << w) & them, w as isize),
            (((me << 1) & self.east_to) & them, 1),
            ((me >> w) & them, -(w as isize)),
            (((me >> 1) & self.west_to) & them, -1),
        ];
        steps.into_iter().flat_map(move |(targets, step)| {
            Bits([targets]).into_iter().map(move |to| {
                let from = (to as isize - step) as usize;
                (them & !(1 << to), (me & !(1 << from)) | 1 << to)
            })
        })
    }
}

/// The sections of a board of `cells` cells, `(a, b)` in the order they are
/// labelled (by `a + b`, then `a`).
fn sections(cells: usize) -> Vec<(usize, usize)> {
    (0..=cells).flat_map(|t| (0..=t).map(move |a| (a, t - a))).collect()
}

/// The number of section `(a, b)` in [`sections`]' order.
fn section_of(a: usize, b: usize) -> usize {
    let t = a + b;
    t * (t + 1) / 2 + a
}

/// The (section, index) of the mover holding `me` against `them`.
fn index(cells: usize, me: u64, them: u64) -> (usize, u64) {
    let (a, b) = (me.count_ones() as usize, them.count_ones() as usize);
    (section_of(a, b), rank_pair(cells, me, them))
}

/// Builds the table of a board on `threads` threads (0: every core), each
/// section kept in `steps`; `progress` hears of each count of stones done.
fn build(
    board: &Board,
    threads: usize,
    steps: &Steps,
    progress: &mut (dyn FnMut(&str) -> ControlFlow<()> + Send),
) -> Result<Table, TableError> {
    let cells = board.cells();
    let pool = retro::pool(threads)?;
    let order = sections(cells);
    let mut done: Vec<Vec<u8>> = Vec::with_capacity(order.len());
    let mut kept_all = true;
    for &(a, b) in &order {
        let len = pair_len(cells, a, b);
        let label = || {
            pool.install(|| {
                retro::label_forward(len, |i| {
                    let (me, them) = unrank_pair(cells, a, b, i);
                    let after = board.children(me, them).map(|(m2, o2)| {
                        let (s, j) = index(cells, m2, o2);
                        Value::from_byte(done[s][j as usize])
                            .expect("every arrangement of stones is a position")
                    });
                    Some(Value::best(after).unwrap_or(Value::Loss(0)))
                })
            })
        };
        let (bytes, kept) = steps.step(&format!("stones {a} {b}"), len, label)?;
        kept_all &= kept;
        done.push(bytes);
        // The last section with `a + b` stones.
        if b == 0 {
            let what = if kept_all { "kept from an earlier build" } else { "done" };
            if progress(&format!("{} stones {what}", a + b)).is_break() {
                return Err(TableError::Stopped);
            }
            kept_all = true;
        }
    }
    let named = order.iter().zip(done).map(|(&(a, b), bytes)| (format!("{a} against {b}"), bytes));
    Ok(Table::new(board.name(), named.collect()))
}

/// The table's value of `game`'s position (a position of this board).
fn value(table: &Table, board: &Board, game: &dyn DynGame) -> Result<Value, ToolError> {
    let g: &Clobber64 = typed_game(game, "clobber")?;
    let mover = crate::game::Rules::side_to_move(g);
    let (me, them) = (g.stones(mover), g.stones(mover.other()));
    let (s, i) = index(board.cells(), me, them);
    let byte = table.section(s).get(i as usize).copied().unwrap_or(NOT_A_POSITION);
    Value::from_byte(byte).ok_or_else(|| {
        ToolError::Failed(format!("the table has no position at {}", game.position()))
    })
}

/// A position's value and every legal move's, from the table.
fn probe(table: &Table, game: &dyn DynGame) -> Result<TableProbe, ToolError> {
    let board = Board::of(game)?;
    table.check_game(&board.name()).map_err(ToolError::game)?;
    retro::engine::probe_moves(game, |p| value(table, &board, p), None)
}

/// Reads the table file of `game`'s board.
fn load(game: &dyn DynGame, path: &Path) -> Result<Table, ToolError> {
    let board = Board::of(game)?;
    let cells = board.cells();
    let lens: Vec<u64> = sections(cells).iter().map(|&(a, b)| pair_len(cells, a, b)).collect();
    Table::load(path, &board.name(), &lens).map_err(ToolError::game)
}

/// Clobber's tables, as the registry lists them.
pub static TABLEBASE: TablebaseInfo = TablebaseInfo {
    about: "every arrangement of stones on a board of at most 16 cells, one byte each: 3×3 \
            takes 20 kB, 4×3 531 kB, 4×4 43 MB",
    build: |game, mut how| {
        let board = Board::of(game)?;
        let steps = how.steps(&board.name())?;
        let mut note = how.take_notes();
        build(&board, how.threads, &steps, &mut |s| note(s)).map_err(ToolError::game)
    },
    load,
    probe,
    engine: &PERFECT,
};

/// `perfect(table=FILE)`: perfect play from a small board's table.
pub(crate) static PERFECT: crate::engine::EngineInfo = retro::engine::perfect::<Clobber64>();

impl retro::engine::Tabled for Clobber64 {
    const TABLEBASE: &'static TablebaseInfo = &TABLEBASE;
}
