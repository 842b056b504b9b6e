//! The layout of a table of every arrangement of two players' pieces on a
//! small board, the mover's and the other player's (Clobber's stones,
//! Breakthrough's pawns): section `(a, b)` holds every arrangement of `a`
//! pieces of the mover and `b` of the other player, indexed
//! `rank(mover) × C(cells − a, b) + rank(other among the cells the mover
//! leaves)` ([`rank_pair`]), the sections by `a + b`, then `a`. A board of `c`
//! cells has `3^c` indices.

use super::{pair_len, rank_pair, unrank_pair, Table, TableError, Value, NOT_A_POSITION};
use crate::dynamic::DynGame;
use crate::tools::ToolError;
use std::path::Path;

/// The largest board: 20 cells, 3.5 G indices (one byte each), what a 24 GB
/// machine holds while a table of it is built (Breakthrough's retrograde
/// solve took 13 GB for 5×4 at its peak; 21 cells would be 10.5 G indices).
pub const MAX_CELLS: usize = 20;

/// One board's layout: its file name, its cells, and where each section's
/// indices start.
pub(crate) struct Arrangements {
    name: String,
    cells: usize,
    /// The sections `(a, b)`, in order.
    sections: Vec<(usize, usize)>,
    /// The first index of each section, and the total last.
    starts: Vec<u64>,
}

impl Arrangements {
    /// The layout of a board of `cells` cells (at most [`MAX_CELLS`]) whose
    /// table files name it `name`.
    pub(crate) fn new(name: String, cells: usize) -> Arrangements {
        let sections = sections(cells);
        let mut starts = vec![0];
        for &(a, b) in &sections {
            starts.push(starts.last().copied().unwrap_or(0) + pair_len(cells, a, b));
        }
        Arrangements { name, cells, sections, starts }
    }

    /// The refusal of a board of more than [`MAX_CELLS`] cells.
    pub(crate) fn too_large(game: &dyn DynGame) -> ToolError {
        ToolError::game(TableError::BoardTooLarge {
            game: game.spec(),
            cells: game.board().cells.len(),
            most: MAX_CELLS,
        })
    }

    /// The name a table file gives its game.
    pub(crate) fn name(&self) -> &str {
        &self.name
    }

    /// The board's cells.
    pub(crate) fn cells(&self) -> usize {
        self.cells
    }

    /// Every index of every section.
    pub(crate) fn len(&self) -> u64 {
        self.starts.last().copied().unwrap_or(0)
    }

    /// The sections `(a, b)`, in order.
    pub(crate) fn sections(&self) -> &[(usize, usize)] {
        &self.sections
    }

    /// The number of section `(a, b)` in [`sections`](Self::sections)' order.
    pub(crate) fn section(&self, a: usize, b: usize) -> usize {
        section_of(a, b)
    }

    /// The section and the index in it of the mover holding `me` against
    /// `them`.
    #[inline]
    pub(crate) fn locate(&self, me: u64, them: u64) -> (usize, u64) {
        let (a, b) = (me.count_ones() as usize, them.count_ones() as usize);
        (section_of(a, b), rank_pair(self.cells, me, them))
    }

    /// The index among all sections of the mover holding `me` against `them`.
    #[inline]
    pub(crate) fn index(&self, me: u64, them: u64) -> u64 {
        let (s, i) = self.locate(me, them);
        self.starts[s] + i
    }

    /// The mover's pieces and the other player's at `index` of all sections.
    #[inline]
    pub(crate) fn position(&self, index: u64) -> (u64, u64) {
        let s = self.starts.partition_point(|&start| start <= index) - 1;
        let (a, b) = self.sections[s];
        unrank_pair(self.cells, a, b, index - self.starts[s])
    }

    /// The table of the sections' bytes, in order, each named `a against b`.
    pub(crate) fn table(&self, sections: Vec<Vec<u8>>) -> Table {
        let named = self.sections.iter().copied().zip(sections);
        Table::new(
            self.name.clone(),
            named.map(|((a, b), s)| (format!("{a} against {b}"), s)).collect(),
        )
    }

    /// [`table`](Self::table) of the bytes of all sections at once.
    pub(crate) fn table_of_all(&self, bytes: &[u8]) -> Table {
        let parts = self.starts.windows(2).map(|r| bytes[r[0] as usize..r[1] as usize].to_vec());
        self.table(parts.collect())
    }

    /// The value in `table` of the mover holding `me` against `them`, the
    /// position of `game`.
    pub(crate) fn value(
        &self, table: &Table, me: u64, them: u64, game: &dyn DynGame,
    ) -> Result<Value, ToolError> {
        let (s, i) = self.locate(me, them);
        let byte = table.section(s).get(i as usize).copied().unwrap_or(NOT_A_POSITION);
        Value::from_byte(byte).ok_or_else(|| {
            ToolError::Failed(format!("the table has no position at {}", game.position()))
        })
    }

    /// An error unless `table` is this board's.
    pub(crate) fn check(&self, table: &Table) -> Result<(), ToolError> {
        table.check_game(&self.name).map_err(ToolError::game)
    }

    /// Reads this board's table file.
    pub(crate) fn load(&self, path: &Path) -> Result<Table, ToolError> {
        let lens: Vec<u64> = self.starts.windows(2).map(|r| r[1] - r[0]).collect();
        Table::load(path, &self.name, &lens).map_err(ToolError::game)
    }
}

/// The sections of a board of `cells` cells, `(a, b)` in order (by `a + b`,
/// then `a`).
fn sections(cells: usize) -> Vec<(usize, usize)> {
    (0..=cells).flat_map(|t| (0..=t).map(move |a| (a, t - a))).collect()
}

/// The number of section `(a, b)` in [`sections`]' order.
fn section_of(a: usize, b: usize) -> usize {
    let t = a + b;
    t * (t + 1) / 2 + a
}

/// A game whose small boards have an arrangement table: the board's table
/// layout and rules (`Self`), read from a game; the mover's pieces and the
/// other player's of a position, as the table holds them; the build.
/// [`arrangements_table!`](crate::arrangements_table) declares the rest.
pub(crate) trait ArrangementBoard: Sized {
    /// The game type a board of a table is.
    type Game: crate::game::Rules + 'static;

    /// The board of `game`, or why it has no table.
    fn of(game: &dyn DynGame) -> Result<Self, ToolError>;

    /// Its table's layout.
    fn layout(&self) -> &Arrangements;

    /// The mover's pieces and the other player's in `game`, in the table's
    /// dense cells.
    fn pieces(&self, game: &Self::Game) -> (u64, u64);

    /// Builds the table on `threads` threads (0: every core), its steps kept
    /// in `steps`, `progress` hearing how it goes.
    fn build(
        &self, threads: usize, steps: &super::steps::Steps,
        progress: &mut (dyn FnMut(&str) -> std::ops::ControlFlow<()> + Send),
    ) -> Result<Table, TableError>;
}

/// [`TablebaseInfo::build`](crate::tools::TablebaseInfo) of board `B`.
pub(crate) fn build<B: ArrangementBoard>(
    game: &dyn DynGame, mut how: crate::tools::TableBuild,
) -> Result<Table, ToolError> {
    let board = B::of(game)?;
    let steps = how.steps(board.layout().name())?;
    let mut note = how.take_notes();
    board.build(how.threads, &steps, &mut |s| note(s)).map_err(ToolError::game)
}

/// [`TablebaseInfo::load`](crate::tools::TablebaseInfo) of board `B`.
pub(crate) fn load<B: ArrangementBoard>(
    game: &dyn DynGame, path: &Path,
) -> Result<Table, ToolError> {
    B::of(game)?.layout().load(path)
}

/// [`TablebaseInfo::probe`](crate::tools::TablebaseInfo) of board `B`: a
/// position's value and every legal move's.
pub(crate) fn probe<B: ArrangementBoard>(
    table: &Table, game: &dyn DynGame,
) -> Result<crate::tools::TableProbe, ToolError> {
    let board = B::of(game)?;
    let layout = board.layout();
    layout.check(table)?;
    let name = <B::Game as crate::game::Rules>::NAME;
    super::engine::probe_moves(
        game,
        |p| {
            let g: &B::Game = crate::tools::typed_game(p, name)?;
            let (me, them) = board.pieces(g);
            layout.value(table, me, them, p)
        },
        None,
    )
}

/// Declares a game's arrangement tables (`$board`, an [`ArrangementBoard`]
/// of game type `$game`) through
/// [`declare_tablebase!`](crate::declare_tablebase): `TABLEBASE`, `PERFECT`
/// and the `Tabled` impl. `$about` says which boards fit and how large they
/// are; `staged: &STAGED` names its build in stages, where it has one.
#[macro_export]
#[doc(hidden)]
macro_rules! arrangements_table {
    ($game:ty, $board:ty, $about:expr $(, staged: $staged:expr)? $(,)?) => {
        $crate::declare_tablebase!(
            $game,
            about: $about,
            build: $crate::retro::arrangements::build::<$board>,
            load: $crate::retro::arrangements::load::<$board>,
            probe: $crate::retro::arrangements::probe::<$board>,
            staged: $crate::arrangements_table!(@staged $($staged)?),
        );
    };
    (@staged) => {
        None
    };
    (@staged $staged:expr) => {
        Some($staged)
    };
}
