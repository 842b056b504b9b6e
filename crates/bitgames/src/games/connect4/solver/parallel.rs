//! Young brothers wait: with several threads, a big node searches its eldest
//! child, then hands the younger ones to rayon's pool, each on its own search
//! thread sharing the tables; a cut-off calls the others off.

use super::dims::Dims;
use super::position::Position;
use super::search::{Solver, Stop};
use crate::games::connect4::book::Book;
use crate::games::connect4::table::TranspositionTable;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Arc;

/// The shared part of a solver, to make search threads from.
#[derive(Clone)]
struct Seed<D: Dims> {
    dims: D,
    table: Arc<TranspositionTable>,
    near: Arc<TranspositionTable>,
    threads: usize,
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
    /// A search thread on the shared table, called off by `stop`.
    fn solver(&self, stop: Arc<Stop>) -> Solver<D> {
        Solver {
            dims: self.dims,
            avx2: crate::cpu::Avx2::detect(),
            table: Arc::clone(&self.table),
            near: Arc::clone(&self.near),
            threads: self.threads,
            pool: None,
            stop: Some(stop),
            cancel: self.cancel.clone(),
            aborted: false,
            big_on: true,
            reset_nodes: 0,
            nodes: 0,
            last_check: 0,
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
    /// Solves on `n` threads (all the machine's if 0) sharing the table (1 by default), in a pool of
    /// its own, so no more than `n` work at once: nodes with at least 26
    /// empty cells search their eldest child, then, if it took at least
    /// 20,000 nodes, the others in parallel (young brothers wait); a cut-off
    /// calls the others off. Where the system gives no threads, one.
    pub fn set_threads(&mut self, n: usize) {
        let n = crate::parallel::threads(n);
        self.pool = (n > 1)
            .then(|| rayon::ThreadPoolBuilder::new().num_threads(n).build().ok())
            .flatten()
            .map(Arc::new);
        self.threads = if self.pool.is_some() { n } else { 1 };
    }

    /// What search threads share with this solver.
    fn seed(&self) -> Seed<D> {
        Seed {
            dims: self.dims,
            table: Arc::clone(&self.table),
            near: Arc::clone(&self.near),
            threads: self.threads,
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

    /// Searches the children `rest` of `p` (window `(alpha, beta)`, the eldest
    /// child already searched without a cut-off) on the thread pool, each on
    /// its own search thread sharing the table (young brothers wait); a child
    /// that reaches `beta` calls the others off. Returns the best score found
    /// and its column, or sets [`aborted`](Self::aborted) if this search was
    /// called off from above.
    pub(super) fn split(
        &mut self,
        p: &Position<D>,
        alpha: i32,
        beta: i32,
        rest: &[(u64, u32)],
    ) -> (i32, u32) {
        use rayon::prelude::*;
        // The helpers file into the big table (a split is a big search).
        self.big_on = true;
        let stop = Arc::new(Stop { flag: AtomicBool::new(false), parent: self.stop.clone() });
        let seed = self.seed();
        let results: Vec<(i32, u32, u64, bool)> = rest
            .par_iter()
            .map(|&(mv, col)| {
                if stop.raised() {
                    return (0, col, 0, true);
                }
                let mut h = seed.solver(Arc::clone(&stop));
                let mut child = *p;
                child.play_bit(mv);
                let s = -h.negamax(&child, -beta, -alpha);
                if !h.aborted && s >= beta {
                    stop.flag.store(true, Relaxed);
                }
                (s, col, h.nodes, h.aborted)
            })
            .collect();
        self.nodes += results.iter().map(|r| r.2).sum::<u64>();
        let best = results.iter().filter(|r| !r.3).max_by_key(|r| r.0);
        match best {
            Some(&(s, col, _, _)) if s >= beta => (s, col),
            _ if results.iter().any(|r| r.3) => {
                // Called off from above: no cut-off here explains it.
                self.aborted = true;
                (0, 0)
            }
            Some(&(s, col, _, _)) => (s, col),
            None => unreachable!("a split has at least one child"),
        }
    }
}
