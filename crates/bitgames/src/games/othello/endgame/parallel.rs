//! The thread split: at a node of the principal variation with many empty
//! squares, the first move is searched alone, then the others in parallel, each
//! thread taking the next move; the threads share the transposition table.

use super::search::{Search, SearchOps, SplitPoint, INF};
use super::table::NO_MOVE;
use crate::games::othello::movegen::MoveGen;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicUsize};

/// A score and a move in one integer that orders by score, then puts a score
/// known to beat alpha (`beat`, so exact or a lower bound) before an upper
/// bound of the same value.
#[inline]
fn pack_best(score: i32, beat: bool, mv: u8) -> i64 {
    (score as i64) << 9 | (beat as i64) << 8 | mv as i64
}

impl<G: MoveGen> Search<'_, G> {
    /// Runs `work` on [`threads`](Self::threads) threads, this one among them,
    /// and adds the nodes each returns to ours.
    fn on_threads(&mut self, work: impl Fn() -> u64 + Sync) {
        let nodes: u64 = std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..self.threads).map(|_| scope.spawn(&work)).collect();
            let mine = work();
            mine + helpers
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .sum::<u64>()
        });
        self.nodes += nodes;
    }

    /// The younger brothers `at.moves` of a node on the principal variation
    /// (window `(alpha, beta)`, alpha already raised by the eldest), searched by
    /// [`threads`](Self::threads) threads that take them in order: each gets a
    /// null window at the alpha of the moment and, if it beats it, a full-window
    /// re-search by the same thread, which raises the shared alpha; a move that
    /// reaches `beta` calls the others off. Returns the best score found (exact if
    /// above `alpha`, else an upper bound) and its move ([`NO_MOVE`] if none
    /// beat `alpha`). The nodes are added to ours.
    pub(super) fn split(&mut self, at: SplitPoint) -> (i32, u8) {
        let (alpha, beta, n) = (at.alpha, at.beta, at.n);
        let next = AtomicUsize::new(0);
        let stop = AtomicBool::new(false);
        let shared_alpha = AtomicI32::new(alpha);
        // (score, move) of the best so far, packed so that one atomic max keeps it.
        let best = std::sync::atomic::AtomicI64::new(pack_best(-INF, false, NO_MOVE));
        let (gen, table, cancel) = (self.gen, self.table, self.cancel);
        let work = || {
            let mut s = Search::new(gen, table, 1, Some(&stop)).cancelled_by(cancel);
            while let Some(mv) = at.moves.get(next.fetch_add(1, Relaxed)) {
                let a = shared_alpha.load(Relaxed);
                if a >= beta {
                    break;
                }
                let (np, no, cp) = at.child(mv);
                let mut v = -s.nws(np, no, -(a + 1), n - 1, cp);
                if v > a && v < beta && !s.stopped() {
                    v = -s.pvs(np, no, -beta, -a, n - 1, cp);
                }
                if s.stopped() {
                    break;
                }
                best.fetch_max(pack_best(v, v > a, mv.sq as u8), Relaxed);
                shared_alpha.fetch_max(v, Relaxed);
                if v >= beta {
                    stop.store(true, Relaxed);
                    break;
                }
            }
            s.nodes
        };
        self.on_threads(work);
        let b = best.load(Relaxed);
        ((b >> 9) as i32, (b & 0xff) as u8)
    }

    /// Null-window searches of the positions after each of `at.moves` from
    /// `(at.p, at.o)`, shared out over [`threads`](Self::threads) threads: is our score
    /// after the move above `alpha`? Each result is our fail-soft score, `None`
    /// where the move was not searched because another reached `beta` first (the
    /// others are then called off). The nodes are added to ours.
    pub(super) fn parallel_nws(&mut self, at: SplitPoint) -> Vec<Option<i32>> {
        const NONE: i32 = i32::MIN;
        let (alpha, beta, n) = (at.alpha, at.beta, at.n);
        let next = AtomicUsize::new(0);
        let stop = AtomicBool::new(false);
        let results: Vec<AtomicI32> = at.moves.iter().map(|_| AtomicI32::new(NONE)).collect();
        let (gen, table, cancel) = (self.gen, self.table, self.cancel);
        let work = || {
            let mut s = Search::new(gen, table, 1, Some(&stop)).cancelled_by(cancel);
            loop {
                let i = next.fetch_add(1, Relaxed);
                let Some(mv) = at.moves.get(i) else { break };
                let (np, no, cp) = at.child(mv);
                let v = -s.nws(np, no, -(alpha + 1), n - 1, cp);
                if s.stopped() {
                    break;
                }
                results[i].store(v, Relaxed);
                if v >= beta {
                    stop.store(true, Relaxed);
                    break;
                }
            }
            s.nodes
        };
        self.on_threads(work);
        results.iter().map(|r| Some(r.load(Relaxed)).filter(|&v| v != NONE)).collect()
    }
}
