//! The search: negamax with alpha-beta on a two-level transposition table,
//! enhanced transposition cut-offs far from the leaves, and a lean search for
//! the last plies.

mod parallel;

use super::dims::Dims;
use super::ordering::MoveSorter;
use super::position::{Position, SYMMETRY_MAX_MOVES};
use super::progress::{Progress, ProgressFn, PROGRESS_EVERY};
use crate::games::connect4::book::{Book, BookError};
use crate::games::connect4::table::TranspositionTable;
use crate::search::memory::AllocError;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Arc;

/// Enhanced transposition cutoffs are tried at nodes with at least this many
/// empty cells: each probe waits on memory, which pays only far from the
/// leaves.
const ETC_MIN_EMPTY: u32 = 16;

/// Positions with at most this many empty cells get the lean search
/// (`Solver::lean`).
pub const LEAN_MAX_EMPTY: u32 = 8;

/// The lean search files and looks up positions with at least this many
/// empty cells in the small table (below, a search costs less than a probe).
const LEAN_TABLE_MIN_EMPTY: u32 = 7;

/// Positions with at most this many empty cells are filed in the small table
/// (see [`Solver`]): near the leaves, where searches are small and many.
pub const NEAR_EMPTY: u32 = 20;

/// Size of the small table, in MiB: small enough to stay in the cache (the
/// level-2 cache of a core here is 1 MiB).
pub const NEAR_MIB: usize = 1;

/// Until the searches since the last [`Solver::reset`] have taken this many
/// nodes, every position goes to the small table: a small solve then never
/// waits on the big table's memory.
pub const BIG_AFTER_NODES: u64 = 1 << 16;

/// Until this many nodes after a reset, a position missing from the big table
/// is looked up in the small one too (where it may have been filed before the
/// big table was switched on) and moved over; by then the big table holds all
/// that are still used.
const MOVE_OVER_NODES: u64 = BIG_AFTER_NODES << 6;

/// Every this many nodes a search thread ages the small table
/// (`TranspositionTable::age`): in a big search it fills with entries of
/// past subtrees that the work-based replacement would otherwise keep for
/// good. The big table is not aged.
pub const AGE_EVERY: u64 = 1 << 20;

/// Nodes between two rounds of bookkeeping (big-table switch, stop flag,
/// progress, aging); the other periods are multiples of it.
pub const CHECK_EVERY: u64 = 1 << 10;

/// With several threads, nodes with at least this many empty cells search
/// their younger children exclusively (ABDADA, see `parallel.rs`): one that
/// another thread is searching is put off until the others are done. Their
/// children are filed in the shared big table (above [`NEAR_EMPTY`]), where
/// the thread that puts one off finds its score later. Measured on 16 cores,
/// empty 7×6 board: from 20, 22 or 24 about the same nodes (1.28–1.33 G), from
/// 26 10% more.
pub(super) const EXCLUSIVE_MIN_EMPTY: u32 = NEAR_EMPTY + 2;

/// A flag that calls the threads of a root search off once one of them has
/// finished it.
#[derive(Default)]
pub(super) struct Stop {
    pub(super) flag: AtomicBool,
}

impl Stop {
    pub(super) fn raised(&self) -> bool {
        self.flag.load(Relaxed)
    }
}

/// A table entry's bound on a position's score.
enum Bound {
    None,
    Lower(i32),
    Upper(i32),
}

/// The solver: a transposition table and a node counter, for one board size.
///
/// The table has two levels: positions with at most [`NEAR_EMPTY`] empty cells
/// go to a small table of [`NEAR_MIB`] MiB that stays in the cache, the others to
/// the big one, so the many small searches near the leaves do not wait on memory
/// (nor push the results of big searches out).
pub struct Solver<D: Dims> {
    pub(super) dims: D,
    /// AVX2 for the move ordering, asked once ([`crate::cpu::Avx2::detect`]).
    pub(super) avx2: Option<crate::cpu::Avx2>,
    pub(super) table: Arc<TranspositionTable>,
    pub(super) near: Arc<TranspositionTable>,
    /// With several threads, the small table of each (else empty).
    pub(super) nears: Vec<Arc<TranspositionTable>>,
    /// Search threads (see [`Solver::set_threads`]): more than 1 runs every
    /// root search on all the threads of [`pool`](Self::pool) (ABDADA).
    pub(super) threads: usize,
    /// The pool of `threads` threads a root search runs on (none for one
    /// thread, and in the search threads themselves).
    pub(super) pool: Option<Arc<rayon::ThreadPool>>,
    /// The positions the search threads are searching now (with more than one).
    busy: Option<Arc<parallel::Busy>>,
    /// For a search thread: raised when another thread has finished the root
    /// search, or the caller's stop flag calls it off.
    pub(super) stop: Option<Arc<Stop>>,
    /// The caller's stop flag (see [`Solver::set_stop`]), polled every
    /// [`CHECK_EVERY`] nodes by every search thread.
    pub(super) cancel: Option<Arc<AtomicBool>>,
    pub(super) aborted: bool,
    /// A search reaching this node count is called off (see
    /// [`Solver::search_root`]).
    pub(super) node_limit: u64,
    /// Whether positions with more than [`NEAR_EMPTY`] empty cells go to the
    /// big table (from [`BIG_AFTER_NODES`] nodes after a reset on), and so
    /// whether it may hold entries (see [`reset`](Self::reset)).
    pub(super) big_on: bool,
    /// The node count at the last reset.
    pub(super) reset_nodes: u64,
    pub(super) nodes: u64,
    /// The node count at the last bookkeeping (see [`CHECK_EVERY`]).
    pub(super) last_check: u64,
    pub(super) column_order: [u32; 16],
    /// The cells of each column of `column_order`.
    pub(super) order_masks: [u64; 16],
    pub(super) book: Option<Arc<Book>>,
    pub(super) weak_book: bool,
    /// Whether the parity rules ([`Position::claimeven_bound`]) are used.
    pub(super) parity: bool,
    pub(super) progress: Option<ProgressFn>,
    pub(super) solve_start: u64,
    pub(super) window: (i32, i32),
    /// Bounds are encoded in one byte: upper bounds in `1..=span`, lower bounds
    /// above it (Pons' encoding, with `span = MAX - MIN + 1`).
    pub(super) min_score: i32,
    pub(super) max_score: i32,
}

impl<D: Dims> Solver<D> {
    /// A solver for `dims` with a transposition table of about `table_mib` MiB.
    pub fn new(dims: D, table_mib: usize) -> Self {
        let key_bits = dims.width() * (dims.height() + 1);
        Self::with_table(dims, TranspositionTable::new(table_mib, key_bits))
    }

    /// [`new`](Self::new), or an error (not an abort) if the table's memory
    /// cannot be had.
    pub fn try_new(dims: D, table_mib: usize) -> Result<Self, AllocError> {
        let key_bits = dims.width() * (dims.height() + 1);
        Ok(Self::with_table(dims, TranspositionTable::try_new(table_mib, key_bits)?))
    }

    fn with_table(dims: D, table: TranspositionTable) -> Self {
        let w = dims.width();
        let mut column_order = [0u32; 16];
        for (i, slot) in column_order.iter_mut().enumerate().take(w as usize) {
            // Centre first, then alternately left and right.
            let i = i as i32;
            *slot = (w as i32 / 2 + (1 - 2 * (i % 2)) * (i + 1) / 2) as u32;
        }
        let h = dims.height();
        let order_masks = column_order.map(|c| ((1u64 << h) - 1) << (c * (h + 1)));
        let cells = (dims.width() * dims.height()) as i32;
        let key_bits = dims.width() * (dims.height() + 1);
        Solver {
            dims,
            avx2: crate::cpu::Avx2::detect(),
            table: Arc::new(table),
            near: Arc::new(TranspositionTable::new(NEAR_MIB, key_bits)),
            nears: Vec::new(),
            threads: 1,
            pool: None,
            busy: None,
            stop: None,
            cancel: None,
            aborted: false,
            node_limit: u64::MAX,
            big_on: false,
            reset_nodes: 0,
            nodes: 0,
            last_check: 0,
            column_order,
            order_masks,
            book: None,
            weak_book: false,
            parity: true,
            progress: None,
            solve_start: 0,
            window: (0, 0),
            min_score: -cells / 2,
            max_score: (cells + 1) / 2,
        }
    }

    /// The geometry.
    pub fn dims(&self) -> D {
        self.dims
    }

    /// Uses an opening book (checked against the board size). A weak book only
    /// serves weak solves.
    pub fn set_book(&mut self, book: Arc<Book>) -> Result<(), BookError> {
        book.check_size(self.dims.width(), self.dims.height())?;
        self.weak_book = book.is_weak();
        self.book = Some(book);
        Ok(())
    }

    /// Turns the parity rules ([`Position::claimeven_bound`],
    /// [`Position::claimeven_answer`]) off or on (on by default): off, the
    /// search is Pons' alone, for comparisons and tests.
    pub fn set_parity_rules(&mut self, on: bool) {
        self.parity = on;
    }

    /// Gives the solver a stop flag: once it is raised (from any thread) a
    /// running solve unwinds within [`CHECK_EVERY`] nodes and
    /// [`try_solve`](Self::try_solve) answers [`Stopped`](super::Stopped); a
    /// solve started while it is raised stops at once. The solver never lowers
    /// it. What the table holds stays valid.
    pub fn set_stop(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.cancel = flag;
    }

    /// Whether the stop flag is raised.
    pub(super) fn stop_raised(&self) -> bool {
        self.cancel.as_ref().is_some_and(|c| c.load(Relaxed))
    }

    /// Calls `f` every few million nodes and after each null-window search.
    pub fn set_progress(&mut self, f: Option<ProgressFn>) {
        self.progress = f;
    }

    /// Reports the current window and the nodes of this solve, if anyone listens.
    pub(super) fn report(&mut self) {
        let (min, max) = self.window;
        let nodes = self.nodes - self.solve_start;
        if let Some(f) = self.progress.as_mut() {
            f(Progress { min, max, nodes });
        }
    }

    /// Whether a position with `empty` empty cells is filed in the small
    /// table: near the leaves, or anywhere until the big one is switched on.
    #[inline(always)]
    fn near_level(&self, empty: u32) -> bool {
        empty <= NEAR_EMPTY || !self.big_on
    }

    /// The small table (positions near the leaves) or the big one.
    #[inline(always)]
    fn tt(&self, near: bool) -> &TranspositionTable {
        if near {
            &self.near
        } else {
            &self.table
        }
    }

    /// Clears the transposition table. The big level is cleared only if the
    /// searches since the last clear used it (see [`BIG_AFTER_NODES`]):
    /// zeroing 64 MiB for nothing would also push the code and the small
    /// level out of the cache.
    pub fn reset(&mut self) {
        if self.big_on {
            Arc::get_mut(&mut self.table).expect("no search thread holds the table").clear();
            self.big_on = false;
        }
        self.reset_nodes = self.nodes;
        self.last_check = self.nodes;
        Arc::get_mut(&mut self.near).expect("no search thread holds the table").clear();
        for near in &mut self.nears {
            Arc::get_mut(near).expect("no search thread holds the table").clear();
        }
    }

    /// Nodes searched since the solver was made.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// What a stored payload says about the position's score.
    #[inline(always)]
    fn decode(&self, stored: u16) -> Bound {
        let v = (stored & 0xff) as i32;
        if stored == 0 {
            Bound::None
        } else if v > self.max_score - self.min_score + 1 {
            Bound::Lower(v + 2 * self.min_score - self.max_score - 2)
        } else {
            Bound::Upper(v + self.min_score - 1)
        }
    }

    /// What every node of both searches checks first (the player to move
    /// cannot win at once): the non-losing moves, and the score bounds `min`
    /// and `max` with `alpha` raised to `min`; or the node's result when
    /// that settles it.
    #[inline(always)]
    fn open_node(p: &Position<D>, alpha: &mut i32, beta: i32) -> Result<(u64, i32, i32), i32> {
        let next = p.possible_non_losing_moves();
        if next == 0 {
            // Every move loses: the opponent wins with their next stone.
            return Err(-((p.cells() - p.moves) as i32) / 2);
        }
        if p.moves + 2 >= p.cells() {
            // At most one stone each left, and neither wins: a draw.
            return Err(0);
        }
        // We cannot win at once, so the opponent's best reply comes first:
        // our best is winning with our stone after next.
        let min = -((p.cells() - 2 - p.moves) as i32) / 2;
        if *alpha < min {
            *alpha = min;
            if *alpha >= beta {
                return Err(*alpha);
            }
        }
        Ok((next, min, (p.cells() as i32 - 1 - p.moves as i32) / 2))
    }

    #[inline(always)]
    fn encode_upper(&self, v: i32) -> u16 {
        (v - self.min_score + 1) as u16
    }
    #[inline(always)]
    fn encode_lower(&self, v: i32) -> u16 {
        (v + self.max_score - 2 * self.min_score + 2) as u16
    }

    /// Files a cut-off: the lower bound `score` and the refuting column `col`
    /// (in the table's orientation), found in `work` nodes.
    #[inline(always)]
    fn put_lower(&self, near: bool, tkey: u64, score: i32, col: u32, work: u64) {
        let payload = self.encode_lower(score) | ((col as u16 + 1) << 8);
        self.tt(near).put(tkey, payload, work);
    }

    /// Negamax with alpha-beta on `(alpha, beta)` ([`negamax_hot`]); the player
    /// to move cannot win at once (the caller checks).
    #[inline]
    pub(super) fn negamax(&mut self, p: &Position<D>, alpha: i32, beta: i32) -> i32 {
        negamax_hot(self, p, alpha, beta, false)
    }

    /// The lean search of the last plies alone (the tests compare it with
    /// exact scores); the caller has counted this node.
    #[cfg(feature = "internal-tests")]
    pub(super) fn lean(&mut self, p: &Position<D>, alpha: i32, beta: i32) -> i32 {
        negamax_hot(self, p, alpha, beta, true)
    }
}

/// [`Solver::negamax`]'s search: a hot path, compiled for x86-64-v3 too (`hot_copies!`), with
/// both recursive searches (negamax and the lean search of the last plies)
/// inside the chosen copy. `lean`: the lean search alone, for the tests.
#[inline]
fn negamax_hot<D: Dims>(
    s: &mut Solver<D>, p: &Position<D>, alpha: i32, beta: i32, lean: bool,
) -> i32 {
    run_hot!(negamax_hot::<D>(s, p, alpha, beta, lean))
}

macro_rules! negamax_body {
    ($(#[$hot:meta])*) => {
        $(#[$hot])*
        pub(super) fn negamax_hot<D: Dims>(
            s: &mut Solver<D>,
            p: &Position<D>,
            alpha: i32,
            beta: i32,
            lean: bool,
        ) -> i32 {
            // A table entry's bound `$bound` narrows the window: a lower bound raises
            // `$alpha` (the node's answer if it reaches `$beta`), an upper bound lowers
            // `$max`.
            macro_rules! narrow {
                ($bound:expr, $alpha:ident, $beta:ident, $max:ident) => {
                    match $bound {
                        Bound::Lower(lower) if $alpha < lower => {
                            $alpha = lower;
                            if $alpha >= $beta {
                                return $alpha;
                            }
                        }
                        Bound::Upper(upper) => $max = $max.min(upper),
                        _ => {}
                    }
                };
            }
            /// The search of the last [`LEAN_MAX_EMPTY`] plies: alpha-beta with the
            /// non-losing moves in centre-first order, the small table only from
            /// [`LEAN_TABLE_MIN_EMPTY`] empty cells up, and none of the parity rules,
            /// move scoring or prefetching, which near the leaves cost more time than
            /// the nodes they save. The caller has counted this node, and the player
            /// to move cannot win at once; same results as
            /// negamax.
            $(#[$hot])*
            fn lean_in<D: Dims>(s: &mut Solver<D>, p: &Position<D>, mut alpha: i32, mut beta: i32) -> i32 {
                let (next, min, mut max) = match Solver::<D>::open_node(p, &mut alpha, beta) {
                    Ok(opened) => opened,
                    Err(score) => return score,
                };
                let filed = p.cells() - p.moves >= LEAN_TABLE_MIN_EMPTY;
                let key = p.key();
                if filed {
                    narrow!(s.decode(s.near.get(key)), alpha, beta, max);
                }
                if beta > max {
                    beta = max;
                    if alpha >= beta {
                        return beta;
                    }
                }
                let entry_nodes = s.nodes;
                let mut best = min;
                let width = p.dims.width() as usize;
                for i in 0..width {
                    let (col, mv) = (s.column_order[i], next & s.order_masks[i]);
                    if mv == 0 {
                        continue;
                    }
                    let mut child = *p;
                    child.play_bit(mv);
                    s.nodes += 1;
                    let score = -lean_in(s, &child, -beta, -alpha);
                    if score >= beta {
                        if filed {
                            s.put_lower(true, key, score, col, s.nodes - entry_nodes);
                        }
                        return score;
                    }
                    best = best.max(score);
                    alpha = alpha.max(score);
                }
                if filed {
                    s.near.put(key, s.encode_upper(best), s.nodes - entry_nodes);
                }
                best
            }

            /// Negamax with alpha-beta on `(alpha, beta)`; the player to move cannot win
            /// at once (the caller checks). Returns the exact score inside the window, an
            /// upper bound at or below `alpha`, or a lower bound at or above `beta`.
            $(#[$hot])*
            fn negamax_in<D: Dims>(
                s: &mut Solver<D>,
                p: &Position<D>,
                mut alpha: i32,
                mut beta: i32,
            ) -> i32 {
                debug_assert!(alpha < beta);
                if s.aborted {
                    return 0;
                }
                let entry_nodes = s.nodes;
                s.nodes += 1;
                if s.nodes - s.last_check >= CHECK_EVERY {
                    // Bookkeeping (the lean search counts nodes too, so the periods
                    // are crossed rather than hit), in nodes since the last reset so
                    // that a reset solver searches like a new one.
                    let last = std::mem::replace(&mut s.last_check, s.nodes) - s.reset_nodes;
                    let now = s.nodes - s.reset_nodes;
                    let crossed = |period: u64| last / period != now / period;
                    s.big_on |= now >= BIG_AFTER_NODES;
                    let called_off = s.stop.as_ref().is_some_and(|s| s.raised())
                        || s.cancel.as_ref().is_some_and(|c| c.load(Relaxed))
                        || s.nodes >= s.node_limit;
                    if called_off {
                        // Called off (another thread finished the root search, the
                        // caller's stop flag, or the node limit): unwind, store nothing.
                        s.aborted = true;
                        return 0;
                    }
                    if crossed(PROGRESS_EVERY) && s.progress.is_some() {
                        s.report();
                    }
                    if crossed(AGE_EVERY) {
                        s.near.age();
                    }
                }
                if p.cells() - p.moves <= LEAN_MAX_EMPTY {
                    return lean_in(s, p, alpha, beta);
                }
                let (next, min, mut max) = match Solver::<D>::open_node(p, &mut alpha, beta) {
                    Ok(opened) => opened,
                    Err(score) => return score,
                };
                let key = p.key();
                if let Some(book) = &s.book {
                    if p.moves <= book.depth() {
                        if let Some(v) = book.get(key) {
                            return v;
                        }
                    }
                }
                let width = p.dims.width();
                // Early positions are filed under the smaller of their key and their
                // mirror image's (see `table_key`). The mirror of a key is the sum of
                // the mirrors of its two parts (no carry crosses a column), so two
                // mirrors per node serve the node and all its children.
                let (mirror_current, mirror_mask, tkey, mirrored) = if p.moves <= SYMMETRY_MAX_MOVES {
                    let (mc, mm) = (p.mirror_key(p.current), p.mirror_key(p.mask));
                    (mc, mm, key.min(mc + mm), mc + mm < key)
                } else {
                    (0, 0, key, false)
                };
                let child_key = |mv: u64, c: u32| p.child_table_key(mv, c, mirror_current, mirror_mask);
                // Columns of a mirrored entry are the mirror image's.
                let flip = |c: u32| if mirrored { width - 1 - c } else { c };
                let empty = p.cells() - p.moves;
                let near = s.near_level(empty);
                let child_near = s.near_level(empty - 1);
                let mut stored = s.tt(near).get(tkey);
                if stored == 0 && !near && s.nodes - s.reset_nodes < MOVE_OVER_NODES {
                    // Filed in the small table before the big one was switched on:
                    // moved over on its first use (the big level soon has them all).
                    stored = s.near.get(tkey);
                    if stored != 0 {
                        s.table.put(tkey, stored, BIG_AFTER_NODES);
                    }
                }
                // The column that refuted this position before, tried first.
                let tt_col = ((stored >> 8) as u32).wrapping_sub(1);
                let tt_col = if tt_col < width { flip(tt_col) } else { tt_col };
                narrow!(s.decode(stored), alpha, beta, max);
                // Allis' parity strategies give bounds without a search.
                if s.parity && beta > -1 && max > -1 {
                    if let Some(bound) = p.claimeven_bound() {
                        max = max.min(bound);
                    }
                }
                if s.parity && alpha < 1 {
                    if let Some(bound) = p.claimeven_answer() {
                        if alpha < bound {
                            alpha = bound;
                            if alpha >= beta {
                                return alpha;
                            }
                        }
                    }
                }
                if beta > max {
                    beta = max;
                    if alpha >= beta {
                        return beta;
                    }
                }

                // The best child score so far (fail-soft: an upper bound below alpha is
                // kept as it is, and the table files it).
                let mut best = min;
                // With several threads, far from the leaves: children are marked while
                // searched, and younger ones another thread is searching put off
                // (ABDADA, see `parallel.rs`).
                let exclusive = s.threads > 1 && empty >= EXCLUSIVE_MIN_EMPTY;
                // A child's score `$score` by column `$col`: the node's answer if the
                // search was called off or it cuts off (filed as a lower bound with the
                // column), else it raises `best` and `alpha`.
                macro_rules! take_score {
                    ($score:expr, $col:expr) => {
                        let score = $score;
                        if s.aborted {
                            return 0;
                        }
                        if score >= beta {
                            s.put_lower(near, tkey, score, flip($col), s.nodes - entry_nodes);
                            return score;
                        }
                        best = best.max(score);
                        alpha = alpha.max(score);
                    };
                }
                // The score of the child after `$mv` (column `$col`), marked as being
                // searched if `exclusive`.
                macro_rules! search_child {
                    ($mv:expr, $col:expr) => {{
                        let mut child = *p;
                        child.play_bit($mv);
                        if exclusive {
                            let ck = child_key($mv, $col);
                            s.busy.as_ref().expect("threads share a busy table").enter(ck);
                            let score = -negamax_in(s, &child, -beta, -alpha);
                            s.busy.as_ref().expect("threads share a busy table").leave(ck);
                            score
                        } else {
                            -negamax_in(s, &child, -beta, -alpha)
                        }
                    }};
                }
                let mut rest = next;
                // Whether a child has been searched (the eldest is never put off).
                let mut searched = false;
                if tt_col < width && next & p.column_mask(tt_col) != 0 {
                    // The column that refuted this position before, searched before any
                    // work on the others: it usually refutes it again.
                    let mv = next & p.column_mask(tt_col);
                    rest ^= mv;
                    take_score!(search_child!(mv, tt_col), tt_col);
                    searched = true;
                }

                let mut moves = MoveSorter::new();
                let (mut mvs, mut cols, mut n) = ([0u64; 16], [0u32; 16], 0);
                for i in (0..p.dims.width() as usize).rev() {
                    let (c, mv) = (s.column_order[i], rest & s.order_masks[i]);
                    if mv != 0 {
                        s.tt(child_near).prefetch(child_key(mv, c));
                        (mvs[n], cols[n]) = (mv, c);
                        n += 1;
                    }
                }
                let mut scores = [0u32; 16];
                if n > 1 {
                    p.move_scores(&mvs, n, &mut scores, s.avx2);
                }
                for i in 0..n {
                    moves.add(scores[i], cols[i]);
                }
                // Enhanced transposition cutoff: a child already known to score at most
                // -beta for the opponent refutes this node without a search. Far from
                // the leaves only, where a search costs more than the probes.
                if p.moves + ETC_MIN_EMPTY <= p.cells() {
                    for c in moves.columns() {
                        let mv = rest & p.column_mask(c);
                        // An upper bound on the child's score: ours is at least -upper.
                        if let Bound::Upper(upper) = s.decode(s.tt(child_near).get(child_key(mv, c)))
                        {
                            if -upper >= beta {
                                return -upper;
                            }
                        }
                    }
                }
                // The younger children put off (exclusive nodes only): their columns,
                // four bits each, in order.
                let (mut later, mut n_later) = (0u64, 0);
                while let Some(col) = moves.next() {
                    let mv = rest & p.column_mask(col);
                    if exclusive && searched {
                        let busy = s.busy.as_ref().expect("threads share a busy table");
                        if busy.searching(child_key(mv, col)) {
                            later |= (col as u64) << (4 * n_later);
                            n_later += 1;
                            continue;
                        }
                    }
                    take_score!(search_child!(mv, col), col);
                    searched = true;
                }
                // ABDADA's second pass: the children put off, searched now whoever
                // else is (by now their score is often in the table).
                for i in 0..n_later {
                    let col = (later >> (4 * i)) as u32 & 0xf;
                    let mv = rest & p.column_mask(col);
                    take_score!(search_child!(mv, col), col);
                }
                s.tt(near).put(tkey, s.encode_upper(best), s.nodes - entry_nodes);
                best
            }

            if lean {
                return lean_in(s, p, alpha, beta);
            }
            negamax_in(s, p, alpha, beta)
        }
    };
}
hot_copies!(negamax_body);
