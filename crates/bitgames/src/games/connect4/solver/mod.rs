//! An exact Connect Four solver: Pons' bitboard negamax (seed `002` and the rest of
//! his tutorial), generalised to every board size whose position fits a word.
//!
//! Scores follow Pons: a win with your k-th stone scores `(W·H + 1)/2 + 1 - k`
//! (22 − k on 7×6), a loss the negative of the opponent's win, a draw 0.
//!
//! Techniques: negamax with alpha-beta on the `position`/`mask` bitboards; the
//! unique key `position + mask`; a transposition table of lower and upper bounds;
//! null-window searches that narrow the score (iterative deepening on the score);
//! the non-losing-moves bitmap (forced blocks, never play under an opponent's
//! threat); moves ordered by the number of winning spots they create, centre first.
//!
//! Beyond Pons: Allis' parity strategies (claimeven and the odd threat, see
//! [`Position::claimeven_bound`]) bound a position's score without a search;
//! small positions get one search over the whole window; the search fails soft
//! (a node whose moves all fail low returns and files their best score); the
//! score windows of the earliest positions are tested from 0 out
//! ([`ZERO_FIRST_MAX_MOVES`]); the table is four-way bucketed with work-based
//! replacement and keeps the refuting column (tried before any ordering work);
//! it has two levels, a small cache-resident one for positions near the leaves
//! ([`NEAR_EMPTY`], [`NEAR_MIB`]), aged every [`AGE_EVERY`] nodes, and the big
//! one for the rest, switched on only once a solve has taken [`BIG_AFTER_NODES`]
//! nodes, so small solves from early positions stay in the cache too; early
//! positions share an entry with their mirror image ([`SYMMETRY_MAX_MOVES`]);
//! enhanced transposition cut-offs far from the leaves; every child's bucket is
//! prefetched before the first child is searched; the last
//! [`LEAN_MAX_EMPTY`] plies get a lean search (`Solver::lean`) without the
//! parity rules, move scoring or (below 7 empty cells) the table, which cost
//! more there than the nodes they save.
//!
//! The board size is a type parameter: [`Fixed`] sizes let the compiler fold
//! every shift and mask to a constant, [`Dynamic`] serves any other size.
//!
//! What each setting was measured to do is in `docs/tuning.md` (Connect Four).

use crate::game::{Notation, Rules};
mod dims;
mod ordering;
mod parity;
mod position;
mod progress;
mod search;
#[cfg(feature = "internal-tests")]
#[doc(hidden)]
pub mod tests;
mod window;

pub use dims::{Dims, Dynamic, Fixed};
pub use position::{Position, SYMMETRY_MAX_MOVES};
pub use progress::{Progress, ProgressFn};
pub use search::{
    Solver, AGE_EVERY, BIG_AFTER_NODES, CHECK_EVERY, LEAN_MAX_EMPTY, NEAR_EMPTY, NEAR_MIB,
};
pub use window::{Solved, Stopped, ZERO_FIRST_MAX_MOVES};

use super::book::{Book, BookError};
use super::Connect4;
use crate::game::SetupError;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use thiserror::Error;

/// Why a solver cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SolverError {
    /// The board size is not supported.
    #[error("no Connect Four solver for this board: {0}")]
    BadSize(#[from] SetupError),
    /// The transposition table's memory cannot be had.
    #[error("no memory for the solver's transposition table: {0}")]
    Memory(#[from] crate::search::memory::AllocError),
}

/// Why a position cannot be solved.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SolveError {
    /// The game is already over.
    #[error("position '{position}' is already over ({outcome}); there is nothing to solve")]
    Finished {
        /// The position (move string).
        position: String,
        /// How it ended.
        outcome: String,
    },
    /// The position is for another board size.
    #[error("the solver is for {solver_w}×{solver_h} boards, the position is {width}×{height}")]
    WrongSize {
        /// Solver width.
        solver_w: u32,
        /// Solver height.
        solver_h: u32,
        /// Position width.
        width: u32,
        /// Position height.
        height: u32,
    },
    /// The stop flag ([`ConnectFourSolver::set_stop`]) called the solve off.
    #[error("the solve was stopped after {nodes} nodes")]
    Stopped {
        /// Nodes searched before it stopped.
        nodes: u64,
    },
}

impl From<Stopped> for SolveError {
    fn from(s: Stopped) -> Self {
        SolveError::Stopped { nodes: s.nodes }
    }
}

macro_rules! sizes {
    ($($variant:ident => $w:literal x $h:literal),* $(,)?) => {
        /// A solver for one board size: the common sizes have their own compiled
        /// code (every shift a constant), any other size the run-time version.
        enum BySize {
            $($variant(Solver<Fixed<$w, $h>>),)*
            Dynamic(Solver<Dynamic>),
        }

        impl BySize {
            fn try_new(w: u32, h: u32, mib: usize) -> Result<Self, crate::search::memory::AllocError> {
                Ok(match (w, h) {
                    $(($w, $h) => BySize::$variant(Solver::try_new(Fixed::<$w, $h>, mib)?),)*
                    _ => BySize::Dynamic(Solver::try_new(Dynamic::new(w, h), mib)?),
                })
            }
        }

        /// Runs `$body` with `$s` bound to the inner solver and `$mk` to a function
        /// building its position from `(current, mask)`.
        macro_rules! with_solver {
            ($self:expr, $s:ident, $mk:ident, $body:expr) => {
                match &mut $self.inner {
                    $(BySize::$variant($s) => {
                        let $mk = |cur: u64, mask: u64| Position::from_bits(Fixed::<$w, $h>, cur, mask);
                        $body
                    })*
                    BySize::Dynamic($s) => {
                        let d = $s.dims();
                        let $mk = move |cur: u64, mask: u64| Position::from_bits(d, cur, mask);
                        $body
                    }
                }
            };
        }
    };
}

sizes! {
    S7x6 => 7 x 6,
    S6x7 => 6 x 7,
    S8x7 => 8 x 7,
    S7x8 => 7 x 8,
    S9x6 => 9 x 6,
    S6x6 => 6 x 6,
    S6x5 => 6 x 5,
    S5x4 => 5 x 4,
    S4x4 => 4 x 4,
}

/// The Connect Four solver for [`Connect4`] positions of one board size: exact
/// (strong) or win/draw/loss (weak) scores, per-column analysis, best moves, with
/// an optional opening book and progress callback.
pub struct ConnectFourSolver {
    width: u32,
    height: u32,
    inner: BySize,
}

impl ConnectFourSolver {
    /// A solver for `width × height` positions with a `table_mib` MiB table.
    pub fn new(width: u32, height: u32, table_mib: usize) -> Result<Self, SolverError> {
        super::check_size(width as usize, height as usize)?;
        Ok(ConnectFourSolver { width, height, inner: BySize::try_new(width, height, table_mib)? })
    }

    /// A solver for the board size of `game`; panics if the table's memory
    /// cannot be had (see [`try_for_game`](Self::try_for_game)).
    pub fn for_game(game: &Connect4, table_mib: usize) -> Self {
        Self::try_for_game(game, table_mib).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A solver for the board size of `game`, or an error if the table's memory
    /// cannot be had.
    pub fn try_for_game(game: &Connect4, table_mib: usize) -> Result<Self, SolverError> {
        Self::new(game.width() as u32, game.height() as u32, table_mib)
    }

    fn check(&self, g: &Connect4) -> Result<(), SolveError> {
        if g.width() as u32 != self.width || g.height() as u32 != self.height {
            return Err(SolveError::WrongSize {
                solver_w: self.width,
                solver_h: self.height,
                width: g.width() as u32,
                height: g.height() as u32,
            });
        }
        if let Some(o) = g.outcome() {
            return Err(SolveError::Finished {
                position: g.position(),
                outcome: g.describe_outcome(o),
            });
        }
        Ok(())
    }

    /// The score of `g` for the player to move (weak: 1 win, 0 draw, −1 loss).
    pub fn solve(&mut self, g: &Connect4, weak: bool) -> Result<Solved, SolveError> {
        self.check(g)?;
        with_solver!(self, s, mk, s.try_solve(&mk(g.current(), g.mask()), weak))
            .map_err(SolveError::from)
    }

    /// The score of each column for the player to move, `None` for a full column.
    pub fn analyze(&mut self, g: &Connect4, weak: bool) -> Result<Vec<Option<i32>>, SolveError> {
        self.check(g)?;
        with_solver!(self, s, mk, s.try_analyze(&mk(g.current(), g.mask()), weak))
            .map_err(SolveError::from)
    }

    /// The best columns (0-based) and their score: every column that reaches the
    /// best score, centre first.
    pub fn best_moves(&mut self, g: &Connect4) -> Result<(Vec<u8>, i32), SolveError> {
        let scores = self.analyze(g, false)?;
        let best = scores.iter().flatten().copied().max().expect("an unfinished game has a move");
        let mut cols: Vec<u8> =
            (0..self.width as u8).filter(|&c| scores[c as usize] == Some(best)).collect();
        let centre = (self.width as i32 - 1) / 2;
        cols.sort_by_key(|&c| ((c as i32 - centre).abs(), c));
        Ok((cols, best))
    }

    /// Uses an opening book for this board size.
    pub fn set_book(&mut self, book: Arc<Book>) -> Result<(), BookError> {
        with_solver!(self, s, _mk, s.set_book(book))
    }

    /// Solves on `n` threads sharing the table (see [`Solver::set_threads`]).
    pub fn set_threads(&mut self, n: usize) {
        with_solver!(self, s, _mk, s.set_threads(n))
    }

    /// Gives the solver a stop flag (see [`Solver::set_stop`]): once raised,
    /// a running [`solve`](Self::solve) or [`analyze`](Self::analyze) returns
    /// [`SolveError::Stopped`] within [`CHECK_EVERY`] nodes, and so does any
    /// later one until the caller lowers it.
    pub fn set_stop(&mut self, flag: Option<Arc<AtomicBool>>) {
        with_solver!(self, s, _mk, s.set_stop(flag))
    }

    /// Reports progress to `f` during long solves.
    pub fn set_progress(&mut self, f: Option<ProgressFn>) {
        with_solver!(self, s, _mk, s.set_progress(f))
    }

    /// Nodes searched so far.
    pub fn nodes(&mut self) -> u64 {
        with_solver!(self, s, _mk, s.nodes())
    }

    /// Empties the transposition table.
    pub fn reset(&mut self) {
        with_solver!(self, s, _mk, s.reset())
    }
}
