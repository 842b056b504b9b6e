//! The shallow search, 5 to [`SHALLOW_MAX`](super::SHALLOW_MAX) empty squares:
//! no table and no move list, the empty squares of the quadrants with an odd
//! number of them first (squares next to a corner last), and the stability
//! cut-off.

use super::last_moves::NEIGHBOUR;
use super::parity::{PARITY_MASK, QUADRANT_BIT};
use super::search::{final_score, Search, INF};
use crate::games::othello::movegen::MoveGen;

impl<G: MoveGen> Search<'_, G> {
    /// Null-window search with `n` empty squares, 5 to
    /// [`SHALLOW_MAX`](super::SHALLOW_MAX): parity order, stability cut-off, no
    /// table. A hot path (`hot_copies!`): the whole shallow subtree, down to the
    /// last four empty squares, runs in one copy.
    #[inline]
    pub(super) fn nws_shallow(&mut self, p: u64, o: u64, alpha: i32, n: u32, parity: u32) -> i32 {
        run_hot!(nws_shallow::<G>(self, p, o, alpha, n, parity))
    }

    /// Null-window search with four empty squares, in parity order: a hot
    /// path, in the copy the CPU calls for.
    #[inline]
    pub(super) fn solve_4(&mut self, p: u64, o: u64, alpha: i32, parity: u32) -> i32 {
        run_hot!(solve_4::<G>(self, p, o, alpha, parity))
    }

    /// Alpha-beta with a window on a position with few empty squares (no table).
    pub(super) fn pvs_shallow(
        &mut self, p: u64, o: u64, alpha: i32, beta: i32, n: u32, parity: u32,
    ) -> i32 {
        if beta == alpha + 1 || n <= 1 {
            return self.nws(p, o, alpha, n, parity);
        }
        self.nodes += 1;
        let mut alpha = alpha;
        let empty = !(p | o);
        let odd = PARITY_MASK[parity as usize];
        let mut best = -INF;
        for group in [empty & odd, empty & !odd] {
            let mut g = group;
            while g != 0 {
                let x = g.trailing_zeros();
                g &= g - 1;
                let f = self.gen.flips(p, o, x);
                if f == 0 {
                    continue;
                }
                let (np, no, cp) = (o ^ f, p ^ f ^ 1 << x, parity ^ QUADRANT_BIT[x as usize]);
                let s = if best == -INF {
                    -self.pvs_shallow(np, no, -beta, -alpha, n - 1, cp)
                } else {
                    let s = -self.nws(np, no, -(alpha + 1), n - 1, cp);
                    if s > alpha && s < beta {
                        -self.pvs_shallow(np, no, -beta, -alpha, n - 1, cp)
                    } else {
                        s
                    }
                };
                if s > best {
                    best = s;
                    if s > alpha {
                        alpha = s;
                        if s >= beta {
                            return s;
                        }
                    }
                }
            }
        }
        if best != -INF {
            best
        } else if self.gen.mobility(o, p) != 0 {
            -self.pvs_shallow(o, p, -beta, -alpha, n, parity)
        } else {
            final_score(p, n)
        }
    }
}

macro_rules! shallow_body {
    ($(#[$hot:meta])*) => {
        /// [`Search::nws_shallow`]'s search.
        $(#[$hot])*
        pub(super) fn nws_shallow<G: MoveGen>(
            s: &mut Search<'_, G>,
            p: u64,
            o: u64,
            alpha: i32,
            n: u32,
            parity: u32,
        ) -> i32 {
            s.nodes += 1;
            if let Some(cut) = s.stability_cut(p, o, alpha, n) {
                return cut;
            }
            let empty = !(p | o);
            let odd = PARITY_MASK[parity as usize];
            let mut best = -INF;
            const XC: u64 = 0x42c3_0000_0000_c342;
            for group in [empty & odd & !XC, empty & odd & XC, empty & !odd & !XC, empty & !odd & XC] {
                let mut g = group;
                while g != 0 {
                    let x = g.trailing_zeros();
                    g &= g - 1;
                    if o & NEIGHBOUR[x as usize] == 0 {
                        continue;
                    }
                    let f = s.gen.flips(p, o, x);
                    if f == 0 {
                        continue;
                    }
                    let (np, no, cp) = (o ^ f, p ^ f ^ 1 << x, parity ^ QUADRANT_BIT[x as usize]);
                    let v = if n == 5 {
                        -solve_4(s, np, no, -(alpha + 1), cp)
                    } else {
                        -nws_shallow(s, np, no, -(alpha + 1), n - 1, cp)
                    };
                    if v > alpha {
                        return v;
                    }
                    best = best.max(v);
                }
            }
            s.best_or_pass(best, p, o, n, |s| nws_shallow(s, o, p, -(alpha + 1), n, parity))
        }

        // A call of its own, as it was before the copies: inlined into the
        // shallow search, that search took 2.3% more instructions (callgrind,
        // FFO #40, the x86-64-v3 build).
        #[inline(never)]
        $(#[$hot])*
        pub(super) fn solve_4<G: MoveGen>(
            s: &mut Search<'_, G>,
            p: u64,
            o: u64,
            alpha: i32,
            parity: u32,
        ) -> i32 {
            s.solve_4_inline(p, o, alpha, parity)
        }
    };
}
hot_copies!(shallow_body);
