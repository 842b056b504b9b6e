//! The root of a solve: the score and the best move(s). Few empties are
//! searched move by move; otherwise a forced wipe-out is looked for either way
//! (module `wipeout`) before the exact search, and, when every best move is
//! asked for, each other move gets a null-window test of the score.

use super::parity::{parity_of, QUADRANT_BIT};
use super::search::{final_score, Move, Search, SearchOps};
use super::wipeout::Wipeout;
use super::{SCORE_MAX, SHALLOW_MAX};
use crate::games::othello::movegen::{children, MoveGen};
use crate::games::othello::{OthelloMove, Square};

/// The most nodes spent looking for a forced wipe-out (module `wipeout`) before
/// an exact search at the root with `n` empty squares: `2^n`, at most `2^24`, a
/// small part of the exact search's cost.
fn wipeout_budget(n: u32) -> u64 {
    1 << n.min(24)
}

impl<G: MoveGen> Search<'_, G> {
    /// Score, best moves and nodes of the root `(p, o)`: a forced wipe-out either
    /// way is looked for first, then the exact search; with `all_best`, every
    /// other move that reaches the score too.
    pub(super) fn root(&mut self, p: u64, o: u64, all_best: bool) -> (i32, Vec<OthelloMove>, u64) {
        let moves = self.gen.mobility(p, o);
        if moves == 0 {
            if self.gen.mobility(o, p) == 0 {
                return (final_score(p, (!(p | o)).count_ones()), Vec::new(), 0);
            }
            let (s, _, nodes) = self.root(o, p, false);
            return (-s, vec![OthelloMove::Pass], nodes);
        }
        let n = (!(p | o)).count_ones();
        let parity = parity_of(!(p | o));
        let (score, best_sq) = if n <= SHALLOW_MAX {
            // Few empties: each move with the window above the best so far.
            let (mut alpha, mut best_sq) = (-SCORE_MAX - 1, moves.trailing_zeros());
            for (sq, np, no) in children(self.gen, p, o, moves) {
                let cp = parity ^ QUADRANT_BIT[sq as usize];
                let s = -self.pvs(np, no, -SCORE_MAX - 1, -alpha, n - 1, cp);
                if s > alpha {
                    (alpha, best_sq) = (s, sq);
                }
            }
            (alpha, best_sq)
        } else if let Wipeout::Forced(Some(sq)) = self.wipeout(p, o, true, wipeout_budget(n)) {
            (SCORE_MAX, sq)
        } else if let Wipeout::Forced(_) = self.wipeout(p, o, false, wipeout_budget(n)) {
            // Every move loses every disc.
            (-SCORE_MAX, moves.trailing_zeros())
        } else {
            let (s, sq) = self.pvs_deep(p, o, -SCORE_MAX, SCORE_MAX, n, parity, true);
            (s, sq as u32)
        };
        let mut best = vec![best_sq];
        if all_best {
            best.extend(self.other_best(p, o, score, best_sq, n));
        }
        let best = best.into_iter().filter_map(Square::new).map(OthelloMove::Place).collect();
        (score, best, self.nodes)
    }

    /// Every move of the root `(p, o)` other than `first` that also scores
    /// `score`: a null-window test each (is ours above `score − 1`?).
    fn other_best(&mut self, p: u64, o: u64, score: i32, first: u32, n: u32) -> Vec<u32> {
        let parity = parity_of(!(p | o));
        let mut others = Vec::new();
        let mut m = self.gen.mobility(p, o) & !(1 << first);
        while m != 0 {
            let sq = m.trailing_zeros();
            m &= m - 1;
            let flips = self.gen.flips(p, o, sq);
            others.push(Move { sq, flips, ..Move::default() });
        }
        let mut best = Vec::new();
        if score == -SCORE_MAX {
            // Nothing scores less: every move is best.
            return others.iter().map(|m| m.sq).collect();
        }
        if score == SCORE_MAX {
            // A best move is one that forces a wipe-out: most are settled by
            // the wipe-out search alone.
            others.retain(|m| {
                let (np, no) = (o ^ m.flips, p ^ m.flips ^ 1 << m.sq);
                match self.wipeout(np, no, false, wipeout_budget(n)) {
                    Wipeout::Forced(_) => best.push(m.sq),
                    Wipeout::Impossible => {}
                    Wipeout::Unknown => return true,
                }
                false
            });
        }
        // One after the other: each search shares its work out over the threads.
        for m in &others {
            let (np, no) = (o ^ m.flips, p ^ m.flips ^ 1 << m.sq);
            let cp = parity ^ QUADRANT_BIT[m.sq as usize];
            if -self.nws(np, no, -score, n - 1, cp) >= score {
                best.push(m.sq);
            }
        }
        best.sort_unstable();
        best
    }
}
