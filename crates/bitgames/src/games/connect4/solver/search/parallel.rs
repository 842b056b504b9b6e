//! ABDADA (Weill, "The ABDADA distributed minimax search algorithm", 1996), in
//! Kerrigan's simplified form: every thread runs the same null-window search
//! from the root over the shared big table; far from the leaves, a thread
//! searching a child marks it in a small table of positions being searched
//! ([`Busy`]), and at a node a younger child that another thread is searching
//! is put off until the node's other children are done (by then its result is
//! usually in the transposition table). The threads thus spread over the tree
//! without any split bookkeeping, and what one learns the others read from the
//! table at once. The first thread to finish a root search gives its score and
//! calls the others off. Near the leaves each thread files into a small table
//! of its own ([`NEAR_MIB`]), which stays in its core's cache: shared, the
//! cache lines went back and forth between the cores.

use super::super::dims::Dims;
use super::super::position::Position;
use super::{Solver, Stop, EXCLUSIVE_MIN_EMPTY, NEAR_MIB};
use crate::games::connect4::book::Book;
use crate::games::connect4::table::TranspositionTable;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::Arc;

/// A root search on several threads runs alone until it has taken this many
/// nodes (a few milliseconds), then starts over on all of them.
const ALONE_NODES: u64 = 1 << 16;

/// Slots of the table of positions being searched: a few per thread and
/// level suffice, and 512 KiB stays in the cache.
const BUSY_BITS: u32 = 16;

/// The positions some thread is searching now (Kerrigan's "currently
/// searching" table): one key a slot, cleared by the thread that set it when
/// its search ends. A collision loses a mark or makes one up, which costs
/// nodes or a wait, never a wrong score.
pub(super) struct Busy {
    slots: Box<[AtomicU64]>,
}

impl Busy {
    fn new() -> Self {
        Busy { slots: (0..1usize << BUSY_BITS).map(|_| AtomicU64::new(0)).collect() }
    }

    #[inline(always)]
    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.slots[(key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - BUSY_BITS)) as usize]
    }

    /// Whether another thread is searching the position of `key`.
    #[inline(always)]
    pub(super) fn searching(&self, key: u64) -> bool {
        self.slot(key).load(Relaxed) == key
    }

    /// Marks the position of `key` as being searched.
    #[inline(always)]
    pub(super) fn enter(&self, key: u64) {
        self.slot(key).store(key, Relaxed);
    }

    /// Its search is over (unless the slot has been taken since).
    #[inline(always)]
    pub(super) fn leave(&self, key: u64) {
        let _ = self.slot(key).compare_exchange(key, 0, Relaxed, Relaxed);
    }
}

/// The shared part of a solver, to make search threads from.
#[derive(Clone)]
struct Seed<D: Dims> {
    dims: D,
    table: Arc<TranspositionTable>,
    near: Arc<TranspositionTable>,
    busy: Option<Arc<Busy>>,
    threads: usize,
    big_on: bool,
    /// Nodes since the last reset: the threads' bookkeeping goes on from there.
    since_reset: u64,
    column_order: [u32; 16],
    /// The cells of each column of `column_order`.
    order_masks: [u64; 16],
    book: Option<Arc<Book>>,
    weak_book: bool,
    parity: bool,
    cancel: Option<Arc<AtomicBool>>,
    min_score: i32,
    max_score: i32,
}

impl<D: Dims> Seed<D> {
    /// Search thread `index` on the shared big table and its own small one
    /// of `nears`, called off by `stop`.
    fn solver(
        &self, stop: Arc<Stop>, index: usize, nears: &[Arc<TranspositionTable>],
    ) -> Solver<D> {
        Solver {
            dims: self.dims,
            avx2: crate::cpu::Avx2::detect(),
            table: Arc::clone(&self.table),
            near: Arc::clone(nears.get(index).unwrap_or(&self.near)),
            nears: Vec::new(),
            busy: self.busy.clone(),
            threads: self.threads,
            pool: None,
            stop: Some(stop),
            cancel: self.cancel.clone(),
            aborted: false,
            node_limit: u64::MAX,
            big_on: self.big_on,
            reset_nodes: 0,
            nodes: self.since_reset,
            last_check: self.since_reset,
            column_order: self.column_order,
            order_masks: self.order_masks,
            book: self.book.clone(),
            weak_book: self.weak_book,
            parity: self.parity,
            progress: None,
            solve_start: 0,
            window: (0, 0),
            min_score: self.min_score,
            max_score: self.max_score,
        }
    }
}

impl<D: Dims> Solver<D> {
    /// Solves on `n` threads (all the machine's if 0) sharing the tables (1
    /// by default), in a pool of its own: every root search runs on all of
    /// them at once, spread over the tree by ABDADA (see the module). Where
    /// the system gives no threads, one.
    pub fn set_threads(&mut self, n: usize) {
        let n = crate::parallel::threads(n);
        self.pool = (n > 1)
            .then(|| rayon::ThreadPoolBuilder::new().num_threads(n).build().ok())
            .flatten()
            .map(Arc::new);
        self.threads = if self.pool.is_some() { n } else { 1 };
        self.busy = self.pool.as_ref().map(|_| Arc::new(Busy::new()));
        // Each thread its own small table, in its own core's cache.
        let key_bits = self.dims.width() * (self.dims.height() + 1);
        let threads = if self.threads > 1 { self.threads } else { 0 };
        self.nears =
            (0..threads).map(|_| Arc::new(TranspositionTable::new(NEAR_MIB, key_bits))).collect();
    }

    /// What search threads share with this solver.
    fn seed(&self) -> Seed<D> {
        Seed {
            dims: self.dims,
            table: Arc::clone(&self.table),
            near: Arc::clone(&self.near),
            busy: self.busy.clone(),
            threads: self.threads,
            big_on: self.big_on,
            since_reset: self.nodes - self.reset_nodes,
            column_order: self.column_order,
            order_masks: self.order_masks,
            book: self.book.clone(),
            weak_book: self.weak_book,
            parity: self.parity,
            cancel: self.cancel.clone(),
            min_score: self.min_score,
            max_score: self.max_score,
        }
    }

    /// The root search of `p` on `(alpha, beta)`: [`negamax`](Self::negamax)
    /// on one thread, or, when there are several and it takes more than
    /// [`ALONE_NODES`] nodes, on every thread of the pool at once (ABDADA),
    /// the first to finish giving the score. Sets [`aborted`](Self::aborted)
    /// if the caller's stop flag called it off.
    pub(in crate::games::connect4::solver) fn search_root(
        &mut self, p: &Position<D>, alpha: i32, beta: i32,
    ) -> i32 {
        let Some(pool) = self.pool.clone() else {
            return self.negamax(p, alpha, beta);
        };
        if p.cells() - p.moves < EXCLUSIVE_MIN_EMPTY {
            // No node to spread the threads: they would all search the same.
            return self.negamax(p, alpha, beta);
        }
        // Small searches alone: waking the threads costs more than they save.
        self.node_limit = self.nodes + ALONE_NODES;
        let score = self.negamax(p, alpha, beta);
        self.node_limit = u64::MAX;
        if !self.aborted || self.stop_raised() {
            return score;
        }
        // Over the limit: all threads, on what the table holds by now.
        self.aborted = false;
        let stop = Arc::new(Stop::default());
        let seed = self.seed();
        let start = seed.since_reset;
        let nears = &self.nears;
        let results: Vec<(Option<i32>, u64, bool)> = pool.broadcast(|ctx| {
            let mut h = seed.solver(Arc::clone(&stop), ctx.index(), nears);
            let score = h.negamax(p, alpha, beta);
            if h.aborted {
                (None, h.nodes - start, h.big_on)
            } else {
                // Done first (or at the same time): the others stop.
                stop.flag.store(true, Relaxed);
                (Some(score), h.nodes - start, h.big_on)
            }
        });
        self.nodes += results.iter().map(|r| r.1).sum::<u64>();
        // The threads may have filed into the big table: `reset` clears it.
        self.big_on |= results.iter().any(|r| r.2);
        match results.iter().find_map(|r| r.0) {
            Some(score) => score,
            None => {
                // No thread finished: the caller's stop flag.
                self.aborted = true;
                0
            }
        }
    }
}
