//! Strong solutions of Breakthrough on small boards: every arrangement of
//! pawns on a board of at most [`MAX_CELLS`] cells (5×4 and smaller, 4×5,
//! 2×10), labelled won or lost for the side to move with its distance to
//! the end.
//!
//! **Index.** The rules look the same to both players once the board is
//! turned over: White's game, its rows read from the top, is Black's. So a
//! position is the mover's pawns and the other player's, the mover moving up
//! (White's positions are stored with their rows mirrored): section `(a, b)`
//! holds every arrangement of `a` pawns of the mover and `b` of the other
//! player, indexed `rank(mover) × C(cells − a, b) + rank(other among the cells
//! the mover leaves)` in the combinatorial number system
//! (the layout of [`crate::retro::arrangements`]) on dense cells (bit
//! `r·width + c`, row 0 the mover's home row), the sections one after the
//! other.
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
use crate::retro::arrangements::{ArrangementBoard, Arrangements};
use crate::retro::{self, compress, Progress, Retrograde, Status, Table, TableError};
use crate::tools::{typed_game, ToolError};
use std::ops::ControlFlow;

pub use crate::retro::arrangements::MAX_CELLS;

/// A board's cells, the masks of its rows and columns, and its table's
/// layout.
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
    layout: Arrangements,
}

impl ArrangementBoard for Board {
    type Game = Breakthrough<1>;

    fn of(game: &dyn DynGame) -> Result<Board, ToolError> {
        let g = match typed_game::<Breakthrough<1>>(game, "breakthrough") {
            Ok(g) => g,
            // A board of more than one word is no Breakthrough<1>.
            Err(_) if game.name() == "breakthrough" => return Err(Arrangements::too_large(game)),
            Err(e) => return Err(e),
        };
        let (width, height) = (g.grid.width(), g.grid.height());
        if width * height > MAX_CELLS {
            return Err(Arrangements::too_large(game));
        }
        let cells = width * height;
        let row = retro::full(width);
        let column = |c: usize| (0..height).fold(0u64, |m, r| m | 1 << (r * width + c));
        let all = retro::full(cells);
        let name = format!("breakthrough(width={width},height={height}) (arrangements)");
        Ok(Board {
            width,
            height,
            all,
            top: row << ((height - 1) * width),
            bottom: row,
            not_first: all & !column(0),
            not_last: all & !column(width - 1),
            layout: Arrangements::new(name, cells),
        })
    }

    fn layout(&self) -> &Arrangements {
        &self.layout
    }

    /// White's pawns mirrored (White moves up in the table).
    fn pieces(&self, g: &Breakthrough<1>) -> (u64, u64) {
        let mask = g.grid.mask().word();
        let dense = |s: Bits<1>| compress(s.word(), mask);
        let mover = Rules::side_to_move(g);
        let (me, them) = (dense(g.pawns(mover)), dense(g.pawns(mover.other())));
        match mover.index() {
            0 => (me, them),
            _ => (self.mirror(me), self.mirror(them)),
        }
    }

    /// The whole board in one retrograde solve, kept in `steps` as one step;
    /// `progress` hears of each distance.
    fn build(
        &self, threads: usize, steps: &retro::steps::Steps,
        progress: &mut (dyn FnMut(&str) -> ControlFlow<()> + Send),
    ) -> Result<Table, TableError> {
        let (bytes, kept) = steps.try_step("arrangements", self.layout.len(), || {
            retro::solve(self, threads, &mut |p: Progress| {
                progress(&format!(
                    "distance {} done, {} positions won or lost",
                    p.distance, p.labelled
                ))
            })
        })?;
        if kept && progress("kept from an earlier build").is_break() {
            return Err(TableError::Stopped);
        }
        Ok(self.layout.table_of_all(&bytes))
    }
}

impl Board {
    /// `set` with its rows in the opposite order (the board turned over for
    /// the other player).
    #[inline]
    fn mirror(&self, set: u64) -> u64 {
        let (w, h) = (self.width, self.height);
        let row = retro::full(w);
        (0..h).fold(0, |m, r| m | ((set >> (r * w)) & row) << ((h - 1 - r) * w))
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
        self.layout.len()
    }

    fn status(&self, index: u64) -> Status {
        let (me, them) = self.layout.position(index);
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
        let (me, them) = self.layout.position(index);
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
                f(self.layout.index(self.mirror(before), self.mirror(me)));
                if diagonal {
                    f(self.layout.index(self.mirror(before), self.mirror(me | t)));
                }
            }
        }
    }
}

crate::arrangements_table!(
    Breakthrough<1>,
    Board,
    "every arrangement of pawns on a board of at most 20 cells, one byte each: 3×3 takes \
     20 kB, 4×3 531 kB, 4×4 43 MB, 5×4 3.5 GB (and about four bytes an arrangement at the \
     peak of its build: 13 GB for 5×4)",
);
