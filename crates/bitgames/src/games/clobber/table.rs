//! Strong solutions of Clobber on small boards: every arrangement of stones
//! on a board of at most [`MAX_CELLS`] cells (5×4 and smaller, 2×10, 3×6),
//! labelled won or lost for the side to move with its distance to the end.
//!
//! **Index.** Clobber's rules are the same for both players, so a position is
//! the mover's stones and the other player's, whoever they are: section
//! `(a, b)` holds every arrangement of `a` stones of the mover and `b` of the
//! other player, indexed `rank(mover) × C(cells − a, b) + rank(other among the
//! cells the mover leaves)` in the combinatorial number system (the layout
//! of [`crate::retro::arrangements`]), on [`Clobber64`]'s dense cells (bit
//! `r·width + c`).
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
use crate::retro::arrangements::{ArrangementBoard, Arrangements};
use crate::retro::steps::Steps;
use crate::retro::{self, pair_len, unrank_pair, Table, TableError, Value};
use crate::tools::{typed_game, Stage, StagedTable, ToolError};
use std::ops::{ControlFlow, Range};

pub use crate::retro::arrangements::MAX_CELLS;

/// A board's cells, the masks of its steps east and west, and its table's
/// layout.
struct Board {
    width: usize,
    /// Every cell but those of the first column: where a step east may land.
    east_to: u64,
    /// Every cell but those of the last column: where a step west may land.
    west_to: u64,
    layout: Arrangements,
}

impl ArrangementBoard for Board {
    type Game = Clobber64;

    fn of(game: &dyn DynGame) -> Result<Board, ToolError> {
        let g = match typed_game::<Clobber64>(game, "clobber") {
            Ok(g) => g,
            // Clobber on more than 64 cells is no Clobber64.
            Err(_) if game.name() == "clobber" => return Err(Arrangements::too_large(game)),
            Err(e) => return Err(e),
        };
        let (width, height) = (g.width(), g.height());
        if width * height > MAX_CELLS {
            return Err(Arrangements::too_large(game));
        }
        let column = |c: usize| (0..height).fold(0u64, |m, r| m | 1 << (r * width + c));
        let all = retro::full(width * height);
        let name = format!("clobber(width={width},height={height}) (arrangements)");
        Ok(Board {
            width,
            east_to: all & !column(0),
            west_to: all & !column(width - 1),
            layout: Arrangements::new(name, width * height),
        })
    }

    fn layout(&self) -> &Arrangements {
        &self.layout
    }

    fn pieces(&self, g: &Clobber64) -> (u64, u64) {
        let mover = crate::game::Rules::side_to_move(g);
        (g.stones(mover), g.stones(mover.other()))
    }

    /// Each section from the positions its moves lead to, fewest stones
    /// first, each kept in `steps`; `progress` hears of each count of stones
    /// done.
    fn build(
        &self, threads: usize, steps: &Steps,
        progress: &mut (dyn FnMut(&str) -> ControlFlow<()> + Send),
    ) -> Result<Table, TableError> {
        build(self, threads, steps, progress)
    }
}

impl Board {
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

impl Board {
    /// The bytes of indices `range` of section `(a, b)`, from the bytes of
    /// section `(b − 1, a)`, where every move leads (`next`; none for `b` 0,
    /// where the mover has no move).
    fn label(&self, a: usize, b: usize, range: Range<u64>, next: &[u8]) -> Vec<u8> {
        let cells = self.layout.cells();
        retro::label_range(range, |i| {
            let (me, them) = unrank_pair(cells, a, b, i);
            let after = self.children(me, them).map(|(m2, o2)| {
                let (_, j) = self.layout.locate(m2, o2);
                Value::from_byte(next[j as usize])
                    .expect("every arrangement of stones is a position")
            });
            Some(Value::best(after).unwrap_or(Value::Loss(0)))
        })
    }

    /// The section a move from section `(a, b)` leads to, if any.
    fn next_section(&self, a: usize, b: usize) -> Option<usize> {
        (b > 0).then(|| self.layout.section(b - 1, a))
    }
}

/// Builds the table of a board on `threads` threads (0: every core), each
/// section kept in `steps`; `progress` hears of each count of stones done.
fn build(
    board: &Board, threads: usize, steps: &Steps,
    progress: &mut (dyn FnMut(&str) -> ControlFlow<()> + Send),
) -> Result<Table, TableError> {
    let layout = &board.layout;
    let pool = retro::pool(threads)?;
    let mut done: Vec<Vec<u8>> = Vec::new();
    let mut kept_all = true;
    for &(a, b) in layout.sections() {
        let len = pair_len(layout.cells(), a, b);
        let next = board.next_section(a, b).map_or(&[][..], |s| &done[s]);
        let label = || pool.install(|| board.label(a, b, 0..len, next));
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
    Ok(layout.table(done))
}

impl Board {
    /// The stages of the table's build: the sections in order, each reading
    /// the one its moves lead to.
    fn stages(&self) -> Vec<Stage> {
        let cells = self.layout.cells();
        let stage = |&(a, b): &(usize, usize)| Stage {
            name: format!("{a} against {b}"),
            len: pair_len(cells, a, b),
            reads: self.next_section(a, b).into_iter().collect(),
        };
        self.layout.sections().iter().map(stage).collect()
    }
}

/// The build in stages (`bitgames.distributed`'s table job).
static STAGED: StagedTable = StagedTable {
    stages: |game| Ok(Board::of(game)?.stages()),
    label: |game, stage, range, reads| {
        let board = Board::of(game)?;
        Stage::checked(board.layout.name(), &board.stages(), stage, &range, reads)
            .map_err(ToolError::game)?;
        let (a, b) = board.layout.sections()[stage];
        Ok(board.label(a, b, range, reads.first().copied().unwrap_or(&[])))
    },
    assemble: |game, stages| {
        let board = Board::of(game)?;
        Stage::check_all(board.layout.name(), &board.stages(), &stages).map_err(ToolError::game)?;
        Ok(board.layout.table(stages))
    },
};

crate::arrangements_table!(
    Clobber64,
    Board,
    "every arrangement of stones on a board of at most 20 cells, one byte each: 3×3 takes \
     20 kB, 4×3 531 kB, 4×4 43 MB, 5×4 3.5 GB",
    staged: &STAGED,
);
