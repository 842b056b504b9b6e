//! The parallel search: young brothers wait (Feldmann, Monien, Mysliwietz and
//! Vornberger, "Distributed game tree search", 1989), the way Edax's endgame
//! search runs it (Delorme, `ybwc.c`), on a fixed pool of threads.
//!
//! A null-window node with at least [`SPLIT_MIN`] empty squares searches its
//! first move alone. If that does not cut off and a thread of the pool is idle,
//! the node becomes a *split point*: its other moves, in their sorted order, go
//! to whichever thread asks next — the thread that owns the node and up to
//! [`MAX_HELPERS`] helpers (Edax's `SPLIT_MAX_SLAVES`). A move that beats alpha
//! calls off every thread below the split point (each thread's
//! [`stopped`](Search::stopped) looks up the chain of split points it works
//! under). Once its moves are handed out, the owner waits for its helpers and,
//! while it waits, helps at split points below its own (the *helpful master*
//! of Stockfish's YBWC), so no thread sleeps while work it waits for is open.
//!
//! Nodes on the principal variation do not split: their younger brothers'
//! null-window searches share the work out inside. (Splitting them too, each
//! helper testing its move against the alpha of the moment and re-searching
//! with the full window where it beat it, searched 1.2× the nodes on FFO
//! #40–#44 with 8 threads: moves searched against an alpha that a brother was
//! about to raise.)
//!
//! The threads share the transposition table. The pool lives as long as one
//! solve; with one thread there is no pool, and the search is the serial one.

use super::super::table::Key;
use super::super::table::{Table, NO_MOVE};
use super::super::SHALLOW_MAX;
use super::{Move, MoveList, Search, SearchOps, INF};
use crate::games::othello::movegen::MoveGen;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, AtomicUsize};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

/// Nodes with at least this many empty squares may share their younger
/// brothers out over idle threads.
pub(super) const SPLIT_MIN: u32 = 12;
const _: () = assert!(SPLIT_MIN > SHALLOW_MAX + 1);

/// At most this many helpers join one split point (Edax's `SPLIT_MAX_SLAVES`):
/// the rest stay free for split points elsewhere.
const MAX_HELPERS: usize = 3;

/// A score and a move in one integer that orders by score.
#[inline]
fn pack_best(score: i32, mv: u8) -> i64 {
    (score as i64) << 8 | mv as i64
}

/// A null-window node whose younger brothers are shared out: the position
/// `(p, o)` with `n` empty squares (quadrant parity `parity`): is its score above
/// `alpha`?
pub(super) struct SplitPoint {
    p: u64,
    o: u64,
    n: u32,
    parity: u32,
    alpha: i32,
    moves: Vec<Move>,
    /// The next move of `moves` to hand out.
    next: AtomicUsize,
    /// The best score and move so far ([`pack_best`]).
    best: AtomicI64,
    /// Raised by a move that beats alpha: every thread below stops.
    cut: AtomicBool,
    /// Nodes searched here by the helpers (the owner counts its own).
    nodes: AtomicU64,
    /// Helpers at work here (changed under the pool's lock).
    helpers: AtomicUsize,
    /// The split point the owner works under, if any.
    parent: Option<Arc<SplitPoint>>,
}

impl SplitPoint {
    /// Whether a cut-off here or at a split point above calls the work off.
    #[inline]
    pub(super) fn called_off(&self) -> bool {
        let mut at = Some(self);
        while let Some(sp) = at {
            if sp.cut.load(Relaxed) {
                return true;
            }
            at = sp.parent.as_deref();
        }
        false
    }

    /// Whether moves are left to hand out, a helper may join, and the work is
    /// not called off.
    fn has_work(&self) -> bool {
        self.next.load(Relaxed) < self.moves.len()
            && self.helpers.load(Relaxed) < MAX_HELPERS
            && !self.called_off()
    }

    /// Whether `self` lies below `other` (is `other` or one of its split points
    /// below).
    fn below(&self, other: &SplitPoint) -> bool {
        let mut at = Some(self);
        while let Some(sp) = at {
            if std::ptr::eq(sp, other) {
                return true;
            }
            at = sp.parent.as_deref();
        }
        false
    }
}

/// The threads of one solve: the split points open to helpers, and where idle
/// threads wait for them.
pub(super) struct Pool {
    open: Mutex<Vec<Arc<SplitPoint>>>,
    /// Idle helpers wait here for a split point to open.
    work: Condvar,
    /// Owners wait here for their helpers to finish (and for split points below
    /// to open).
    done: Condvar,
    /// Helpers waiting for work.
    idle: AtomicUsize,
    quit: AtomicBool,
}

impl Pool {
    fn new() -> Pool {
        Pool {
            open: Mutex::new(Vec::new()),
            work: Condvar::new(),
            done: Condvar::new(),
            idle: AtomicUsize::new(0),
            quit: AtomicBool::new(false),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Vec<Arc<SplitPoint>>> {
        self.open.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Whether a helper waits for work.
    #[inline]
    pub(super) fn has_idle(&self) -> bool {
        self.idle.load(Relaxed) > 0
    }

    /// Tells the helpers to leave once the open split points are done.
    fn close(&self) {
        let _open = self.lock();
        self.quit.store(true, Relaxed);
        self.work.notify_all();
        self.done.notify_all();
    }
}

/// Closes the pool when the solve ends, even by a panic (so that the scope's
/// join does not wait on sleeping helpers forever).
struct CloseOnDrop<'p>(&'p Pool);

impl Drop for CloseOnDrop<'_> {
    fn drop(&mut self) {
        self.0.close();
    }
}

/// Runs `f` on a search of `table` with `gen` on `threads` threads (this one and
/// `threads - 1` helpers in a pool), called off by `cancel`.
pub(in crate::games::othello::endgame) fn with_threads<G: MoveGen, R>(
    gen: G, table: &Table, threads: usize, cancel: Option<&AtomicBool>,
    f: impl FnOnce(&mut dyn SearchOps) -> R,
) -> R {
    if threads <= 1 {
        return f(&mut Search::new(gen, table).cancelled_by(cancel));
    }
    let pool = Pool::new();
    std::thread::scope(|scope| {
        for _ in 1..threads {
            let pool = &pool;
            scope.spawn(move || Search::new(gen, table).cancelled_by(cancel).serve(pool));
        }
        let _close = CloseOnDrop(&pool);
        let mut s = Search::new(gen, table).cancelled_by(cancel);
        s.pool = Some(&pool);
        f(&mut s)
    })
}

impl<'a, G: MoveGen> Search<'a, G> {
    /// A helper's life: wait for an open split point with moves left, help
    /// there, again, until the pool closes.
    fn serve(mut self, pool: &'a Pool) {
        self.pool = Some(pool);
        let mut open = pool.lock();
        loop {
            if pool.quit.load(Relaxed) {
                return;
            }
            // The split point with the most empty squares: the most work.
            let pick = open.iter().filter(|sp| sp.has_work()).max_by_key(|sp| sp.n).cloned();
            if let Some(sp) = pick {
                open = self.join(pool, &sp, open);
            } else {
                pool.idle.fetch_add(1, Relaxed);
                open = pool.work.wait(open).unwrap_or_else(|e| e.into_inner());
                pool.idle.fetch_sub(1, Relaxed);
            }
        }
    }

    /// Joins `sp` as a helper, counted in its `helpers` while `open` (the
    /// pool's lock) is held, works there, and answers the lock taken again.
    fn join<'p>(
        &mut self, pool: &'p Pool, sp: &Arc<SplitPoint>, open: MutexGuard<'p, Vec<Arc<SplitPoint>>>,
    ) -> MutexGuard<'p, Vec<Arc<SplitPoint>>> {
        sp.helpers.fetch_add(1, Relaxed);
        drop(open);
        self.help(sp);
        pool.lock()
    }

    /// Works at `sp` as a helper (already counted in its `helpers`), then
    /// leaves it, its nodes added to the split point's.
    fn help(&mut self, sp: &Arc<SplitPoint>) {
        let pool = self.pool.expect("a helper has a pool");
        let before = self.nodes;
        let outer = self.split.replace(Arc::clone(sp));
        self.take_moves(sp);
        self.split = outer;
        sp.nodes.fetch_add(self.nodes - before, Relaxed);
        self.nodes = before;
        let _open = pool.lock();
        sp.helpers.fetch_sub(1, Relaxed);
        pool.done.notify_all();
    }

    /// Takes the moves of `sp` in turn, a null-window search each, until none
    /// is left or the work is called off; a move that beats alpha raises the
    /// split point's cut-off.
    fn take_moves(&mut self, sp: &SplitPoint) {
        let (alpha, n) = (sp.alpha, sp.n);
        while let Some(mv) = sp.moves.get(sp.next.fetch_add(1, Relaxed)) {
            if self.stopped() {
                break;
            }
            let v = self.nws_after(sp.p, sp.o, alpha, n, sp.parity, mv);
            if self.stopped() {
                break;
            }
            sp.best.fetch_max(pack_best(v, mv.sq as u8), Relaxed);
            if v > alpha {
                sp.cut.store(true, Relaxed);
                break;
            }
        }
    }

    /// The move loop of [`nws_deep`](Self::nws_deep) when the search has
    /// threads and the node `(p, o)` (table key `key`, `n` empty squares) at
    /// least [`SPLIT_MIN`] empties: the serial loop, but from the second move on,
    /// where a thread of the pool is idle and two moves or more are left, the
    /// rest go to a split point. `start` is the node count when the node began.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    pub(super) fn nws_moves_parallel(
        &mut self, p: u64, o: u64, alpha: i32, n: u32, parity: u32, key: Key, list: &mut MoveList,
        start: u64,
    ) -> i32 {
        let mut best = (-INF, NO_MOVE);
        for i in 0..list.len {
            if i > 0 && i + 1 < list.len && self.pool.is_some_and(Pool::has_idle) {
                let rest: Vec<Move> = (i..list.len).map(|j| list.select(j)).collect();
                let found = self.split(p, o, alpha, n, parity, rest);
                if found.0 > best.0 {
                    best = found;
                }
                break;
            }
            let mv = list.select(i);
            if self.nws_child(p, o, alpha, n, parity, &mv, &mut best).is_break() {
                break;
            }
        }
        self.nws_close(key, alpha, best, start)
    }

    /// Null-window searches of the younger brothers `moves` (in order) of the
    /// node `(p, o)` with `n` empty squares (is its score above `alpha`?) with
    /// the pool's idle threads (see the module). The best score found
    /// (fail-soft: a lower bound above `alpha`, else an upper bound) and its
    /// move; the helpers' nodes are added to ours. Called off part-way (by a
    /// split point above or the caller's flag), the result is no bound: the
    /// caller checks [`stopped`](Self::stopped).
    #[inline(never)]
    #[cold]
    pub(super) fn split(
        &mut self, p: u64, o: u64, alpha: i32, n: u32, parity: u32, moves: Vec<Move>,
    ) -> (i32, u8) {
        let pool = self.pool.expect("a split has a pool");
        let sp = Arc::new(SplitPoint {
            p,
            o,
            n,
            parity,
            alpha,
            moves,
            next: AtomicUsize::new(0),
            best: AtomicI64::new(pack_best(-INF, NO_MOVE)),
            cut: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            helpers: AtomicUsize::new(0),
            parent: self.split.clone(),
        });
        {
            let mut open = pool.lock();
            open.push(Arc::clone(&sp));
            pool.work.notify_all();
            pool.done.notify_all();
        }
        let outer = self.split.replace(Arc::clone(&sp));
        self.take_moves(&sp);
        // Every move is handed out (or the work called off): close the split
        // point to newcomers, then help below it until its helpers are done.
        let mut open = pool.lock();
        open.retain(|o| !Arc::ptr_eq(o, &sp));
        while sp.helpers.load(Relaxed) > 0 {
            let below = open.iter().find(|o| o.has_work() && o.below(&sp)).cloned();
            if let Some(b) = below {
                open = self.join(pool, &b, open);
            } else {
                open = pool.done.wait(open).unwrap_or_else(|e| e.into_inner());
            }
        }
        drop(open);
        self.split = outer;
        self.nodes += sp.nodes.load(Relaxed);
        let b = sp.best.load(Relaxed);
        ((b >> 8) as i32, (b & 0xff) as u8)
    }
}
