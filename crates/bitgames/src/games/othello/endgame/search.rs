//! The search below the root: negamax with fail-soft alpha-beta on the
//! side-to-move-relative bitboards `(player, opponent)`, null windows everywhere
//! but along the principal variation (principal variation search), dispatched
//! by the number of empty squares `n` to the last moves (1 to 4), the shallow
//! search (5 to [`SHALLOW_MAX`]) or the deep search here (table, stability
//! cut-off, ordered moves, enhanced transposition cut-offs).

mod parallel;

use super::parity::QUADRANT_BIT;
use super::stability::{self, EdgeTable};
use super::table::{Key, Table, NO_MOVE};
use super::{SCORE_MAX, SHALLOW_MAX};
use crate::games::othello::movegen::MoveGen;
use crate::games::othello::OthelloMove;
pub(super) use parallel::with_threads;
use parallel::{Pool, SplitPoint, SPLIT_MIN};
use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;

/// Larger than any score.
pub(super) const INF: i32 = 127;

/// The stability cut-off is tried in a null-window search when alpha is at
/// least this (indexed by empty squares): with many empties few discs are
/// stable, so only a high alpha can be out of reach (Edax's thresholds, but
/// none at 4 empties, where the test does not pay for itself).
const STABILITY_THRESHOLD: [i32; 65] = [
    99, 99, 99, 99, 99, 8, 10, 12, 14, 16, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 46,
    48, 48, 50, 50, 52, 52, 54, 54, 56, 56, 58, 58, 60, 60, 62, 62, 64, 64, 64, 64, 64, 64, 64, 64,
    99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
];

/// Enhanced transposition cut-offs (probing each child's table entry before
/// searching any) are tried at nodes with at least this many empty squares.
const ETC_MIN: u32 = 12;

/// The score of a finished game for the side to move with discs `p` and `n`
/// empty squares: the disc difference, the empties to the winner.
#[inline(always)]
pub(super) fn final_score(p: u64, n: u32) -> i32 {
    let mine = p.count_ones() as i32;
    let diff = 2 * mine + n as i32 - 64;
    match diff {
        d if d > 0 => d + n as i32,
        d if d < 0 => d - n as i32,
        _ => 0,
    }
}

impl<G: MoveGen> Search<'_, G> {
    /// The score of a null-window node `(p, o)` with `n` empty squares whose
    /// moves scored at best `best` (`-INF` where it had none): `best`, else
    /// where the opponent can move, the negation of `pass`'s search of the
    /// position after our pass, else the final score.
    #[inline(always)]
    pub(super) fn best_or_pass(
        &mut self, best: i32, p: u64, o: u64, n: u32, pass: impl FnOnce(&mut Self) -> i32,
    ) -> i32 {
        if best != -INF {
            best
        } else if self.gen.mobility(o, p) != 0 {
            -pass(self)
        } else {
            final_score(p, n)
        }
    }
}

/// The move-generator-independent face of a search, so that the solver can hold
/// any back-end behind one type.
pub(super) trait SearchOps {
    /// Score, best moves and nodes of the root `(p, o)`.
    fn solve_root(&mut self, p: u64, o: u64, all_best: bool) -> (i32, Vec<OthelloMove>, u64);
    /// A fail-soft search with a window.
    fn pvs(&mut self, p: u64, o: u64, alpha: i32, beta: i32, n: u32, parity: u32) -> i32;
    /// Nodes visited so far.
    fn nodes(&self) -> u64;
}

/// One search thread: the move generator, the shared table, a node counter and,
/// when the search runs on several threads, their pool and the split point this
/// thread works under (see [`super::parallel`]).
pub(super) struct Search<'a, G: MoveGen> {
    pub(super) gen: G,
    pub(super) table: &'a Table,
    pub(super) edge: &'static EdgeTable,
    pub(super) nodes: u64,
    /// The threads to share work with (none: one thread).
    pool: Option<&'a Pool>,
    /// The innermost split point this thread works under: a cut-off there or
    /// above calls its work off.
    split: Option<Arc<SplitPoint>>,
    /// The caller's stop flag (see [`EndgameSolver::set_stop`](super::EndgameSolver::set_stop)),
    /// shared by every thread of the search.
    pub(super) cancel: Option<&'a AtomicBool>,
}

impl<'a, G: MoveGen> Search<'a, G> {
    /// A search on one thread.
    pub(super) fn new(gen: G, table: &'a Table) -> Self {
        Search {
            gen,
            table,
            edge: EdgeTable::get(),
            nodes: 0,
            pool: None,
            split: None,
            cancel: None,
        }
    }

    /// This search, called off (as a whole) when `cancel` is raised.
    pub(super) fn cancelled_by(mut self, cancel: Option<&'a AtomicBool>) -> Self {
        self.cancel = cancel;
        self
    }

    /// Whether this search has been called off (a thread's work by a cut-off
    /// at a split point above it, any search by the caller's stop flag): its
    /// results are then meaningless and must not be stored.
    #[inline(always)]
    pub(super) fn stopped(&self) -> bool {
        self.cancel.is_some_and(|s| s.load(Relaxed))
            || self.split.as_deref().is_some_and(SplitPoint::called_off)
    }

    /// The stability cut-off: `Some(bound)` if the opponent's stable discs keep
    /// the score at or below `alpha`.
    #[inline(always)]
    pub(super) fn stability_cut(&self, p: u64, o: u64, alpha: i32, n: u32) -> Option<i32> {
        // Stable discs are the opponent's, so the bound is at least 64 − 2·|o|.
        if alpha >= STABILITY_THRESHOLD[n as usize]
            && SCORE_MAX - 2 * o.count_ones() as i32 <= alpha
        {
            let bound = SCORE_MAX - 2 * stability::stability(self.edge, o, p) as i32;
            if bound <= alpha {
                return Some(bound);
            }
        }
        None
    }

    /// Null-window search of any position: is its score above `alpha`?
    #[inline]
    pub(super) fn nws(&mut self, p: u64, o: u64, alpha: i32, n: u32, parity: u32) -> i32 {
        match n {
            0 => {
                self.nodes += 1;
                final_score(p, 0)
            }
            1 => self.solve_1(p, alpha, (!(p | o)).trailing_zeros()),
            2 => {
                let e = !(p | o);
                let x1 = e.trailing_zeros();
                let x2 = (e & (e - 1)).trailing_zeros();
                self.solve_2(p, o, alpha, x1, x2)
            }
            3 => {
                let mut e = !(p | o);
                let x1 = e.trailing_zeros();
                e &= e - 1;
                let x2 = e.trailing_zeros();
                e &= e - 1;
                self.solve_3(p, o, alpha, parity, [x1, x2, e.trailing_zeros()])
            }
            4 => self.solve_4(p, o, alpha, parity),
            n if n <= SHALLOW_MAX => self.nws_shallow(p, o, alpha, n, parity),
            _ => self.nws_deep(p, o, alpha, n, parity, Key::new(p, o)),
        }
    }

    /// The null-window value (is it above `alpha`?) of `mv` played at `(p, o)`
    /// (`n` empty squares, quadrant parity `parity`), for the side that plays
    /// it: the child searched deep with its table key `mv.key`, or shallow.
    #[inline(always)]
    pub(super) fn nws_after(
        &mut self, p: u64, o: u64, alpha: i32, n: u32, parity: u32, mv: &Move,
    ) -> i32 {
        let (np, no) = (o ^ mv.flips, p ^ mv.flips ^ 1 << mv.sq);
        let cp = parity ^ QUADRANT_BIT[mv.sq as usize];
        if n - 1 > SHALLOW_MAX {
            -self.nws_deep(np, no, -(alpha + 1), n - 1, cp, mv.key)
        } else {
            -self.nws(np, no, -(alpha + 1), n - 1, cp)
        }
    }

    /// Null-window search with more than [`SHALLOW_MAX`] empty squares: table,
    /// stability cut-off, fastest-first ordering, enhanced transposition cut-offs.
    /// `key` is the table key of `(p, o)`, computed (and its bucket prefetched)
    /// by the caller.
    pub(super) fn nws_deep(
        &mut self, p: u64, o: u64, alpha: i32, n: u32, parity: u32, key: Key,
    ) -> i32 {
        self.nodes += 1;
        if let Some(s) = self.stability_cut(p, o, alpha, n) {
            return s;
        }
        let moves = self.gen.mobility(p, o);
        if moves == 0 {
            return if self.gen.mobility(o, p) != 0 {
                -self.nws_deep(o, p, -(alpha + 1), n, parity, Key::new(o, p))
            } else {
                final_score(p, n)
            };
        }
        if moves & (moves - 1) == 0 {
            // One move: no table, no sorting.
            let sq = moves.trailing_zeros();
            let f = self.gen.flips(p, o, sq);
            return -self.nws(
                o ^ f,
                p ^ f ^ 1 << sq,
                -(alpha + 1),
                n - 1,
                parity ^ QUADRANT_BIT[sq as usize],
            );
        }
        let mut hint = NO_MOVE;
        if let Some(e) = self.table.probe(key) {
            if e.lower > alpha {
                return e.lower;
            }
            if e.upper <= alpha {
                return e.upper;
            }
            hint = e.mv;
        }
        let start = self.nodes;
        let mut list = self.move_list(p, o, moves, hint, n, parity);
        if n >= ETC_MIN {
            for mv in &list.moves[..list.len] {
                if let Some(e) = self.table.probe(mv.key) {
                    if -e.upper > alpha {
                        self.table.store(key, alpha, alpha + 1, -e.upper, mv.sq as u8, 1);
                        return -e.upper;
                    }
                }
            }
        }
        if n >= SPLIT_MIN && self.pool.is_some() {
            // Several threads: the same loop, with young brothers wait.
            return self.nws_moves_parallel(p, o, alpha, n, parity, key, &mut list, start);
        }
        let mut best = (-INF, NO_MOVE);
        for i in 0..list.len {
            let mv = list.select(i);
            if self.nws_child(p, o, alpha, n, parity, &mv, &mut best).is_break() {
                break;
            }
        }
        self.nws_close(key, alpha, best, start)
    }

    /// One turn of a null-window move loop (the serial one and the parallel
    /// one): the value of `mv` at `(p, o)`, kept in `best` (score, square) if it
    /// is better. `Break` on a cut-off (above `alpha`) or when the search is
    /// stopped.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn nws_child(
        &mut self, p: u64, o: u64, alpha: i32, n: u32, parity: u32, mv: &Move, best: &mut (i32, u8),
    ) -> ControlFlow<()> {
        let s = self.nws_after(p, o, alpha, n, parity, mv);
        if self.stopped() {
            return ControlFlow::Break(());
        }
        if s > best.0 {
            *best = (s, mv.sq as u8);
            if s > alpha {
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    }

    /// The end of a null-window node whose table key is `key` and whose search
    /// began at node count `start`: 0 if the search was stopped (no bound),
    /// otherwise the best score, stored in the table with its move.
    #[inline(always)]
    pub(super) fn nws_close(&mut self, key: Key, alpha: i32, best: (i32, u8), start: u64) -> i32 {
        if self.stopped() {
            return 0;
        }
        self.table.store(key, alpha, alpha + 1, best.0, best.1, self.nodes - start);
        best.0
    }

    /// Principal variation search with a window: the first move with the full
    /// window, the others with a null window and a re-search if they beat alpha.
    /// Returns the score and the best move ([`NO_MOVE`] for a pass or the end).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn pvs_deep(
        &mut self, p: u64, o: u64, alpha: i32, beta: i32, n: u32, parity: u32, at_root: bool,
    ) -> (i32, u8) {
        self.nodes += 1;
        let moves = self.gen.mobility(p, o);
        if moves == 0 {
            return if self.gen.mobility(o, p) != 0 {
                (-self.pvs(o, p, -beta, -alpha, n, parity), NO_MOVE)
            } else {
                (final_score(p, n), NO_MOVE)
            };
        }
        let key = Key::new(p, o);
        let (mut alpha, mut beta) = (alpha, beta);
        let mut hint = NO_MOVE;
        if let Some(e) = self.table.probe(key) {
            hint = e.mv;
            if !at_root {
                if e.lower >= beta || e.lower == e.upper {
                    return (e.lower, e.mv);
                }
                if e.upper <= alpha {
                    return (e.upper, e.mv);
                }
                alpha = alpha.max(e.lower);
                beta = beta.min(e.upper);
            }
        }
        let start = self.nodes;
        let alpha0 = alpha;
        let mut list = self.move_list(p, o, moves, hint, n, parity);
        let mut best = -INF;
        let mut best_sq = NO_MOVE;
        let mut i = 0;
        while i < list.len {
            let mv = list.select(i);
            let (np, no) = (o ^ mv.flips, p ^ mv.flips ^ 1 << mv.sq);
            let cp = parity ^ QUADRANT_BIT[mv.sq as usize];
            let s = if i == 0 {
                -self.pvs(np, no, -beta, -alpha, n - 1, cp)
            } else {
                let s = -self.nws(np, no, -(alpha + 1), n - 1, cp);
                if s > alpha && s < beta {
                    -self.pvs(np, no, -beta, -alpha, n - 1, cp)
                } else {
                    s
                }
            };
            if self.stopped() {
                return (0, NO_MOVE);
            }
            if s > best {
                best = s;
                best_sq = mv.sq as u8;
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        break;
                    }
                }
            }
            i += 1;
        }
        self.table.store(key, alpha0, beta, best, best_sq, self.nodes - start);
        (best, best_sq)
    }
}

impl<G: MoveGen> SearchOps for Search<'_, G> {
    fn nodes(&self) -> u64 {
        self.nodes
    }

    fn pvs(&mut self, p: u64, o: u64, alpha: i32, beta: i32, n: u32, parity: u32) -> i32 {
        if n <= SHALLOW_MAX {
            self.pvs_shallow(p, o, alpha, beta, n, parity)
        } else {
            self.pvs_deep(p, o, alpha, beta, n, parity, false).0
        }
    }

    fn solve_root(&mut self, p: u64, o: u64, all_best: bool) -> (i32, Vec<OthelloMove>, u64) {
        self.root(p, o, all_best)
    }
}

/// A move in a deep node's list: square, flips, ordering score, and the table
/// key of the position after it (when that is searched with the table).
#[derive(Clone, Copy)]
pub(super) struct Move {
    pub(super) sq: u32,
    pub(super) flips: u64,
    pub(super) score: i32,
    pub(super) key: Key,
}

impl Default for Move {
    fn default() -> Self {
        Move { sq: 0, flips: 0, score: 0, key: Key::new(0, 0) }
    }
}

/// The moves of a position, at most 33 in Othello (34 for safety).
pub(super) struct MoveList {
    pub(super) moves: [Move; 34],
    pub(super) len: usize,
}

impl MoveList {
    /// The best move from `i` on, swapped to `i` (selection sort, one step).
    #[inline(always)]
    pub(super) fn select(&mut self, i: usize) -> Move {
        let mut best = i;
        for j in i + 1..self.len {
            if self.moves[j].score > self.moves[best].score {
                best = j;
            }
        }
        self.moves.swap(i, best);
        self.moves[i]
    }
}
