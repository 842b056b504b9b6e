//! The exact Othello endgame solver: the final disc difference for the side to
//! move, with the empty squares going to the winner (the FFO and Edax convention),
//! and the move(s) that reach it.
//!
//! ```
//! use bitgames::games::othello::{endgame, Othello};
//! use bitgames::prelude::*;
//!
//! // FFO #40 (20 empties): Black plays a2 and wins by 38.
//! # let obf = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";
//! # // Solve it one move further on in the doctest, to keep it quick.
//! let pos = Othello::start().parse_position(obf).unwrap();
//! let mut after = pos;
//! after.play(after.parse_move("a2").unwrap()).unwrap();
//! let r = endgame::solve(&after, 16).unwrap();
//! assert_eq!(r.score, -38); // White to move, losing by 38
//! ```
//!
//! # How it searches
//!
//! Negamax with fail-soft alpha-beta on the side-to-move-relative bitboards
//! `(player, opponent)`, in layers by the number of empty squares `n`:
//!
//! - **1 to 4 empties** (`solve_1` … `solve_4`): no move generation. With one
//!   empty square the score comes from the flip count alone (four table look-ups,
//!   one per line through the square; the opponent's count only if it matters);
//!   with 2–4 each empty square is tried directly (a neighbouring opponent disc
//!   first, then the flips), in *parity* order: a square alone in its quadrant of
//!   the board first.
//! - **5 to [`SHALLOW_MAX`] empties** (shallow null-window search): empty squares
//!   of the quadrants with an odd number of them first (squares next to a corner
//!   last), no table, and a *stability cut-off*: the side to move ends with at
//!   most `64 − stable(opponent)` discs, so when `64 − 2·stable` is at most alpha
//!   the node fails low at once (see `stability.rs`).
//! - **More empties** (deep search): the stability cut-off, then a *transposition
//!   table* of lower and upper bounds and best moves (bucketed, huge pages, each
//!   child's bucket prefetched while the moves are sorted), the table's move
//!   first, and *fastest-first* ordering: moves that leave the opponent the
//!   fewest replies (corners counted twice) first, then corner stability,
//!   potential mobility, square type and parity. From 12 empties on, moves are
//!   instead sorted by a shallow search (1 ply at 12–15 empties, one more every 4)
//!   on a heuristic evaluation (mobility, potential mobility, corner stability),
//!   which orders far better where the trees are large. There, *enhanced
//!   transposition cut-offs* look every child up in the table first.
//!
//! Before the search, the root is tested for a *forced wipe-out* either way
//! (module `wipeout`: depth-first proof-number search, stable discs ending every
//! line in which the victim keeps one), within a node budget. A wipe-out is the
//! score ±64 outright, which the plain search is slow to prove (FFO #59).
//!
//! All nodes below the root are searched with null windows (is the score above
//! alpha?) except along the principal variation, which gets full windows
//! (principal variation search). Final scores are always even: the empties go to
//! the winner, so the two sides' counts add up to 64.
//!
//! With [`EndgameSolver::set_threads`], the search runs young brothers wait
//! (Feldmann et al., 1989) on a pool of threads, the way Edax does: a
//! null-window node with at least 12 empties that its first move did not cut
//! off shares its other moves out with idle threads (at most three a node), a
//! move that cuts off calls the others off, and a thread that waits for its
//! helpers helps below its own node meanwhile (module `parallel`). The threads
//! share the table.
//!
//! What was measured when these parts were tuned is in `docs/tuning.md` (Othello).

use crate::game::Rules;
pub(crate) mod stability;
mod table;
mod wipeout;

mod last_moves;
mod ordering;
mod parity;
mod root;
mod search;
mod shallow;
#[cfg(feature = "internal-tests")]
#[doc(hidden)]
pub mod tests;
#[cfg(feature = "internal-tests")]
pub use table::tests as table_tests;
#[cfg(feature = "internal-tests")]
pub use wipeout::tests as wipeout_tests;

use super::movegen::{self, Backend, Portable, Reference};
use super::{Othello, OthelloMove};
use parity::parity_of;
use search::with_threads;
use search::SearchOps;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Arc;
use std::time::Instant;
use table::Table;
use thiserror::Error;

/// The union of `parts[i]` over the bits `i` of `set`: what the constant tables
/// that map a small set to squares are built from.
const fn union_of(set: usize, parts: &[u64]) -> u64 {
    let (mut u, mut i) = (0, 0);
    while i < parts.len() {
        if set >> i & 1 == 1 {
            u |= parts[i];
        }
        i += 1;
    }
    u
}

/// Positions with at most this many empty squares are searched without the
/// transposition table or move sorting (parity order only).
pub const SHALLOW_MAX: u32 = 6;

/// The largest score: every disc, after a wipe-out or a full board.
pub const SCORE_MAX: i32 = 64;

/// The result of an exact solve.
#[derive(Clone, Debug, PartialEq)]
pub struct EndgameResult {
    /// The final disc difference for the side to move with perfect play, empty
    /// squares to the winner (always even, between −64 and 64).
    pub score: i32,
    /// Moves that reach `score`, the one the search found first at the head: a
    /// lone [`OthelloMove::Pass`] when the side to move must pass, and none when
    /// the game is over. Every such move if [`all_best`](Self::all_best) is set,
    /// else at least one.
    pub best_moves: Vec<OthelloMove>,
    /// Whether `best_moves` holds every move that reaches `score`.
    pub all_best: bool,
    /// Positions visited: every node, the last-empty ones and those of the
    /// shallow searches that sort moves included.
    pub nodes: u64,
    /// Empty squares in the position solved.
    pub empties: u32,
    /// Wall-clock seconds the solve took.
    pub seconds: f64,
}

/// The result of a search with a window (see [`EndgameSolver::solve_window`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WindowResult {
    /// Fail-soft: at or below alpha, an upper bound on the score; at or above
    /// beta, a lower bound; strictly between, the exact score.
    pub score: i32,
    /// Positions visited.
    pub nodes: u64,
}

/// Why a solve could not run.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EndgameError {
    /// The window asked of [`EndgameSolver::solve_window`] is empty or out of
    /// range.
    #[error("bad search window [{alpha}, {beta}]: need -64 <= alpha < beta <= 64")]
    BadWindow {
        /// The lower end given.
        alpha: i32,
        /// The upper end given.
        beta: i32,
    },
    /// The stop flag ([`EndgameSolver::set_stop`]) called the solve off.
    #[error("the endgame solve was stopped after {nodes} nodes")]
    Stopped {
        /// Positions visited before it stopped.
        nodes: u64,
    },
}

/// An exact endgame solver with its transposition table, which it keeps from one
/// solve to the next (so solving positions of the same game in turn reuses work).
pub struct EndgameSolver {
    table: Table,
    backend: Backend,
    threads: usize,
    stop: Option<Arc<AtomicBool>>,
}

impl EndgameSolver {
    /// A solver with a transposition table of about `table_mib` MiB (a power of
    /// two, at least 1 MiB) and the fastest move generator of this CPU.
    pub fn new(table_mib: usize) -> Self {
        Self::with_backend(table_mib, movegen::best_backend())
    }

    /// [`new`](Self::new), or an error (not an abort) if the table's memory
    /// cannot be had.
    pub fn try_new(table_mib: usize) -> Result<Self, crate::search::memory::AllocError> {
        let mut solver = Self::with_backend(1, movegen::best_backend());
        solver.table = Table::try_new(table_mib)?;
        Ok(solver)
    }

    /// A solver that generates moves with `backend` (to check the back-ends
    /// against each other; [`Backend::Reference`] is very slow).
    pub fn with_backend(table_mib: usize, backend: Backend) -> Self {
        let backend = if backend.available() { backend } else { Backend::Portable };
        EndgameSolver { table: Table::new(table_mib), backend, threads: 1, stop: None }
    }

    /// Searches on `threads` threads (all the machine's if 0; 1 by default):
    /// young brothers wait at the null-window nodes, on a pool of threads that
    /// lives as long as a solve, sharing the table. Scores do not depend on it;
    /// node counts, and the best move among equals, may.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = crate::parallel::threads(threads);
    }

    /// Gives the solver a stop flag: once it is raised (from any thread), a
    /// running solve unwinds at its next interior node and answers
    /// [`EndgameError::Stopped`], as does any solve started while it is
    /// raised. The solver never lowers it; the table stays valid.
    pub fn set_stop(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.stop = flag;
    }

    fn stop_raised(&self) -> bool {
        self.stop.as_ref().is_some_and(|s| s.load(Relaxed))
    }

    /// The number of search threads.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The move generator in use.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The table's size in bytes.
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// Forgets everything the table holds.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// The exact score of `pos` and one best move. Any position is accepted (one
    /// with more than about 30 empty squares may take hours); the only error is
    /// [`EndgameError::Stopped`], when a stop flag is set and raised.
    pub fn solve(&mut self, pos: &Othello) -> Result<EndgameResult, EndgameError> {
        self.run(pos, false)
    }

    /// The exact score of `pos` and every move that reaches it (each other move
    /// costs one more null-window search).
    pub fn solve_all_best(&mut self, pos: &Othello) -> Result<EndgameResult, EndgameError> {
        self.run(pos, true)
    }

    /// The exact score of every legal move of `pos` for the side to move (what
    /// an FFO line lists), best first, moves of equal score in square order;
    /// `[(Pass, score)]` when the side to move must pass, empty when the game is
    /// over. Each move is one exact solve of the position after it, the table
    /// kept from one to the next.
    pub fn analyze(&mut self, pos: &Othello) -> Result<Vec<(OthelloMove, i32)>, EndgameError> {
        Ok(self.analyze_counted(pos)?.0)
    }

    /// [`analyze`](Self::analyze), with the positions its solves visited.
    pub fn analyze_counted(
        &mut self, pos: &Othello,
    ) -> Result<(Vec<(OthelloMove, i32)>, u64), EndgameError> {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let (mut scores, mut nodes) = (Vec::new(), 0);
        for mv in moves {
            let mut child = *pos;
            child.play_unchecked(mv);
            let r = self.run(&child, false)?;
            nodes += r.nodes;
            scores.push((mv, -r.score));
        }
        scores.sort_by_key(|&(mv, s)| (-s, mv));
        Ok((scores, nodes))
    }

    /// A fail-soft alpha-beta search of `pos` with the window `(alpha, beta)`,
    /// `-64 <= alpha < beta <= 64`: `solve_window(pos, s - 1, s)` tells whether
    /// the score is at least `s` (null-window use). Passes and finished games are
    /// handled like [`solve`](Self::solve).
    pub fn solve_window(
        &mut self, pos: &Othello, alpha: i32, beta: i32,
    ) -> Result<WindowResult, EndgameError> {
        if !(-SCORE_MAX..=SCORE_MAX).contains(&alpha)
            || !(-SCORE_MAX..=SCORE_MAX).contains(&beta)
            || alpha >= beta
        {
            return Err(EndgameError::BadWindow { alpha, beta });
        }
        if self.stop_raised() {
            return Err(EndgameError::Stopped { nodes: 0 });
        }
        self.table.new_date();
        let (p, o) = (pos.player(), pos.opponent());
        let (score, nodes) = self.with_search(|s| {
            let n = (!(p | o)).count_ones();
            let score = s.pvs(p, o, alpha, beta, n, parity_of(!(p | o)));
            (score, s.nodes())
        });
        if self.stop_raised() {
            return Err(EndgameError::Stopped { nodes });
        }
        Ok(WindowResult { score, nodes })
    }

    /// Runs `f` on a search with this solver's table, move generator and
    /// threads.
    fn with_search<R>(&mut self, f: impl FnOnce(&mut dyn SearchOps) -> R) -> R {
        let (table, threads, cancel) = (&self.table, self.threads, self.stop.as_deref());
        match self.backend {
            #[cfg(target_arch = "x86_64")]
            Backend::Avx2 => match movegen::Avx2::detect() {
                Some(g) => with_threads(g, table, threads, cancel, f),
                None => with_threads(Portable, table, threads, cancel, f),
            },
            #[cfg(target_arch = "x86_64")]
            Backend::Avx2x128 => match movegen::Avx2x128::detect() {
                Some(g) => with_threads(g, table, threads, cancel, f),
                None => with_threads(Portable, table, threads, cancel, f),
            },
            Backend::Reference => with_threads(Reference, table, threads, cancel, f),
            _ => with_threads(Portable, table, threads, cancel, f),
        }
    }

    fn run(&mut self, pos: &Othello, all_best: bool) -> Result<EndgameResult, EndgameError> {
        if self.stop_raised() {
            return Err(EndgameError::Stopped { nodes: 0 });
        }
        let start = Instant::now();
        self.table.new_date();
        let (p, o) = (pos.player(), pos.opponent());
        let empties = (!(p | o)).count_ones();
        let (score, best, nodes) = self.with_search(|s| s.solve_root(p, o, all_best));
        if self.stop_raised() {
            return Err(EndgameError::Stopped { nodes });
        }
        Ok(EndgameResult {
            score,
            best_moves: best,
            all_best,
            nodes,
            empties,
            seconds: start.elapsed().as_secs_f64(),
        })
    }
}

/// Solves `pos` exactly with a fresh `table_mib` MiB table: the score for the
/// side to move and one best move (see [`EndgameSolver`] to keep the table, or to
/// get every best move).
pub fn solve(pos: &Othello, table_mib: usize) -> Result<EndgameResult, EndgameError> {
    EndgameSolver::new(table_mib).solve(pos)
}

/// One fail-soft search of `pos` with the window `(alpha, beta)` and a fresh
/// `table_mib` MiB table (see [`EndgameSolver::solve_window`]).
pub fn solve_window(
    pos: &Othello, alpha: i32, beta: i32, table_mib: usize,
) -> Result<WindowResult, EndgameError> {
    EndgameSolver::new(table_mib).solve_window(pos, alpha, beta)
}
