//! Strong solutions of Breakthrough on small boards: every arrangement of
//! pawns on a board of at most [`MAX_CELLS`] cells (4×4 and smaller, 5×3,
//! 3×5, 2×8), labelled won or lost for the side to move with its distance to
//! the end.
//!
//! **Index.** The rules look the same to both players once the board is
//! turned over: White's game, its rows read from the top, is Black's. So a
//! position is the mover's pawns and the other player's, the mover moving up
//! (White's positions are stored with their rows mirrored): section `(a, b)`
//! holds every arrangement of `a` pawns of the mover and `b` of the other
//! player, indexed `rank(mover) × C(cells − a, b) + rank(other among the cells
//! the mover leaves)` in the combinatorial number system
//! ([`rank_pair`]) on dense cells (bit `r·width + c`, row 0 the mover's home
//! row), the sections one after the other in [`sections`]' order.
//!
//! **Labelling.** A step forward keeps the pawns on the board, so moves do not
//! all lead into sections already labelled; the whole board is one
//! retrograde solve ([`retro::solve`]): the other player's last step run
//! backwards, straight or diagonal, a diagonal one also as a capture that
//! gives the mover its pawn back. Lost for the side to move: the other player
//! stands on the mover's home row (its goal), the mover has no pawn left, or
//! no move. Not a position: the mover already stands on its goal row, or the
//! other player has no pawn (the game ended at the mover's own last move).
//! Pawns only move forward, so the game always ends: nothing is drawn.

use super::Breakthrough;
use crate::bits::Bits;
use crate::dynamic::DynGame;
use crate::game::Rules;
use crate::retro::{self, pair_len, rank_pair, unrank_pair, Progress, Retrograde, Status};
use crate::retro::{compress, Table, TableError, Value, NOT_A_POSITION};
use crate::tools::{typed_game, TableProbe, TablebaseInfo, ToolError};
use std::ops::ControlFlow;
use std::path::Path;

/// The largest board a table holds: 16 cells, 43 M indices (one byte each).
pub const MAX_CELLS: usize = 16;

/// A board's cells, the masks of its rows and columns, and where each
/// section's indices start.
struct Board {
    width: usize,
    height: usize,
    /// Every cell.
    all: u64,
    /// The top row: the mover's goal.
    top: u64,
    /// The bottom row: the mover's home row, the other player's goal.
    bottom: u64,
    /// Every cell but those of the first column (a pawn there can step up
    /// and to the west).
    not_first: u64,
    /// Every cell but those of the last column (a pawn there can step up and
    /// to the east).
    not_last: u64,
    /// The first index of each section of [`sections`], and the total last.
    starts: Vec<u64>,
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
        let g = match typed_game::<Breakthrough<1>>(game, "breakthrough") {
            Ok(g) => g,
            // A board of more than one word is no Breakthrough<1>.
            Err(_) if game.name() == "breakthrough" => return Err(too_large()),
            Err(e) => return Err(e),
        };
        let (width, height) = (g.grid.width(), g.grid.height());
        if width * height > MAX_CELLS {
            return Err(too_large());
        }
        Ok(Board::new(width, height))
    }

    fn new(width: usize, height: usize) -> Board {
        let cells = width * height;
        let row = retro::full(width);
        let column = |c: usize| (0..height).fold(0u64, |m, r| m | 1 << (r * width + c));
        let all = retro::full(cells);
        let mut starts = vec![0];
        for (a, b) in sections(cells) {
            starts.push(starts.last().copied().unwrap_or(0) + pair_len(cells, a, b));
        }
        Board {
            width,
            height,
            all,
            top: row << ((height - 1) * width),
            bottom: row,
            not_first: all & !column(0),
            not_last: all & !column(width - 1),
            starts,
        }
    }

    fn cells(&self) -> usize {
        self.width * self.height
    }

    /// The name a table file gives its game.
    fn name(&self) -> String {
        format!("breakthrough(width={},height={}) (arrangements)", self.width, self.height)
    }

    /// `set` with its rows in the opposite order (the board turned over for
    /// the other player).
    #[inline]
    fn mirror(&self, set: u64) -> u64 {
        let (w, h) = (self.width, self.height);
        let row = retro::full(w);
        (0..h).fold(0, |m, r| m | ((set >> (r * w)) & row) << ((h - 1 - r) * w))
    }

    /// The index of the mover holding `me` (moving up) against `them`.
    #[inline]
    fn index(&self, me: u64, them: u64) -> u64 {
        let (a, b) = (me.count_ones() as usize, them.count_ones() as usize);
        self.starts[section_of(a, b)] + rank_pair(self.cells(), me, them)
    }

    /// The mover's pawns and the other player's at `index`.
    #[inline]
    fn position(&self, index: u64) -> (u64, u64) {
        let s = self.starts.partition_point(|&start| start <= index) - 1;
        let (a, b) = section_pair(s);
        unrank_pair(self.cells(), a, b, index - self.starts[s])
    }

    /// The cells the mover's pawns can step to: straight up onto an empty
    /// cell, and diagonally up onto any cell not the mover's own.
    #[inline]
    fn targets(&self, me: u64, them: u64) -> [u64; 3] {
        let w = self.width;
        let empty = self.all & !(me | them);
        [
            (me << w) & empty,
            ((me & self.not_first) << (w - 1)) & self.all & !me,
            ((me & self.not_last) << (w + 1)) & self.all & !me,
        ]
    }
}

impl Retrograde for Board {
    fn len(&self) -> u64 {
        self.starts.last().copied().unwrap_or(0)
    }

    fn status(&self, index: u64) -> Status {
        let (me, them) = self.position(index);
        if me & self.top != 0 || them == 0 {
            // The mover's own last move ended the game.
            return Status::NotAPosition;
        }
        if them & self.bottom != 0 || me == 0 {
            return Status::Lost;
        }
        match self.targets(me, them).iter().map(|t| t.count_ones()).sum() {
            0 => Status::Lost,
            moves => Status::Moves(moves),
        }
    }

    /// The other player's last step run backwards: its pawn on `t` came down
    /// from an empty cell above, straight or diagonally; a diagonal step may
    /// have captured, the mover's pawn then standing on `t`. Before it, the
    /// other player was to move, the board turned over for it.
    fn for_each_predecessor<F: FnMut(u64)>(&self, index: u64, mut f: F) {
        let (me, them) = self.position(index);
        let w = self.width;
        let empty = self.all & !(me | them);
        let mut pawns = them & !self.top;
        while pawns != 0 {
            let t = pawns & pawns.wrapping_neg();
            pawns &= pawns - 1;
            let froms = [
                (t << w, false),
                ((t & self.not_first) << (w - 1), true),
                ((t & self.not_last) << (w + 1), true),
            ];
            for (s, diagonal) in froms {
                if s & empty == 0 {
                    continue;
                }
                let before = them ^ t ^ s;
                f(self.index(self.mirror(before), self.mirror(me)));
                if diagonal {
                    f(self.index(self.mirror(before), self.mirror(me | t)));
                }
            }
        }
    }
}

/// The sections of a board of `cells` cells, `(a, b)` in index order (by
/// `a + b`, then `a`).
fn sections(cells: usize) -> Vec<(usize, usize)> {
    (0..=cells).flat_map(|t| (0..=t).map(move |a| (a, t - a))).collect()
}

/// The number of section `(a, b)` in [`sections`]' order.
fn section_of(a: usize, b: usize) -> usize {
    let t = a + b;
    t * (t + 1) / 2 + a
}

/// [`section_of`]'s inverse.
fn section_pair(s: usize) -> (usize, usize) {
    let mut t = 0;
    while (t + 1) * (t + 2) / 2 <= s {
        t += 1;
    }
    let a = s - t * (t + 1) / 2;
    (a, t - a)
}

/// Builds the table of a board on `threads` threads (0: every core), kept in
/// `steps` as one step; `progress` hears of each distance.
fn build(
    board: &Board,
    threads: usize,
    steps: &retro::steps::Steps,
    progress: &mut (dyn FnMut(&str) -> ControlFlow<()> + Send),
) -> Result<Table, TableError> {
    let (bytes, kept) = steps.try_step("arrangements", board.len(), || {
        retro::solve(board, threads, &mut |p: Progress| {
            progress(&format!("distance {} done, {} positions won or lost", p.distance, p.labelled))
        })
    })?;
    if kept && progress("kept from an earlier build").is_break() {
        return Err(TableError::Stopped);
    }
    let cells = board.cells();
    let named = sections(cells).into_iter().zip(board.starts.windows(2)).map(|((a, b), r)| {
        (format!("{a} against {b}"), bytes[r[0] as usize..r[1] as usize].to_vec())
    });
    Ok(Table::new(board.name(), named.collect()))
}

/// The table's value of `game`'s position (a position of this board).
fn value(table: &Table, board: &Board, game: &dyn DynGame) -> Result<Value, ToolError> {
    let g: &Breakthrough<1> = typed_game(game, "breakthrough")?;
    let mask = g.grid.mask().word();
    let dense = |s: Bits<1>| compress(s.word(), mask);
    let mover = Rules::side_to_move(g);
    let (mut me, mut them) = (dense(g.pawns(mover)), dense(g.pawns(mover.other())));
    if mover.index() == 1 {
        (me, them) = (board.mirror(me), board.mirror(them));
    }
    let s = section_of(me.count_ones() as usize, them.count_ones() as usize);
    let i = rank_pair(board.cells(), me, them);
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
    let lens: Vec<u64> = board.starts.windows(2).map(|r| r[1] - r[0]).collect();
    Table::load(path, &board.name(), &lens).map_err(ToolError::game)
}

/// Breakthrough's tables, as the registry lists them.
pub static TABLEBASE: TablebaseInfo = TablebaseInfo {
    about: "every arrangement of pawns on a board of at most 16 cells, one byte each: 3×3 \
            takes 20 kB, 4×3 531 kB, 4×4 43 MB (and two bytes an arrangement while it is built)",
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
pub(crate) static PERFECT: crate::engine::EngineInfo = retro::engine::perfect::<Breakthrough<1>>();

impl retro::engine::Tabled for Breakthrough<1> {
    const TABLEBASE: &'static TablebaseInfo = &TABLEBASE;
}
