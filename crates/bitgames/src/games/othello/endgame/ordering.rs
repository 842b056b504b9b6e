//! Move ordering at the deep nodes: the table's move first, a move that wipes
//! the opponent out before it; then, near the end, *fastest-first* (moves that
//! leave the opponent the fewest replies, corners counted twice, then corner
//! stability, potential mobility, square type and parity), and further from it
//! a shallow search on a heuristic evaluation (mobility, potential mobility,
//! corner stability).

use super::parity::QUADRANT_BIT;
use super::search::{final_score, Move, MoveList, Search};
use super::table::Key;
use super::SHALLOW_MAX;
use crate::games::othello::movegen::{children, MoveGen};

/// Moves are ordered by a shallow search on a heuristic evaluation (instead of
/// fastest-first) at nodes with at least this many empty squares…
const SORT_MIN: u32 = 12;
/// …searched one ply deeper for every this many more empty squares (1 ply at
/// 12–15 empties, 2 at 16–19, 3 at 20–23, …).
const SORT_STEP: u32 = 4;

// The ordering evaluation: weights of the mobility difference (corners
// twice), the potential mobility difference and the corner stability
// difference; a finished game counts its disc difference times EVAL_PER_DISC.
const EVAL_MOBILITY: i32 = 8;
const EVAL_POTENTIAL_MOBILITY: i32 = 2;
const EVAL_CORNER_STABILITY: i32 = 16;
const EVAL_PER_DISC: i32 = 1000;
/// Larger than any evaluation.
const INF_EVAL: i32 = 1 << 20;

/// A static value of each square for move ordering (corners best, the squares
/// next to corners worst).
const SQUARE_VALUE: [i32; 64] = [
    18, 4, 16, 12, 12, 16, 4, 18, //
    4, 2, 6, 8, 8, 6, 2, 4, //
    16, 6, 14, 10, 10, 14, 6, 16, //
    12, 8, 10, 0, 0, 10, 8, 12, //
    12, 8, 10, 0, 0, 10, 8, 12, //
    16, 6, 14, 10, 10, 14, 6, 16, //
    4, 2, 6, 8, 8, 6, 2, 4, //
    18, 4, 16, 12, 12, 16, 4, 18,
];

const CORNERS: u64 = 0x8100_0000_0000_0081;

// Move-ordering weights (fastest first dominates).
const W_WIPEOUT: i32 = 1 << 30;
const W_TABLE_MOVE: i32 = 1 << 29;
const W_MOBILITY: i32 = 1 << 15;
const W_CORNER_STABILITY: i32 = 1 << 11;
const W_POTENTIAL_MOBILITY: i32 = 1 << 5;
const W_PARITY: i32 = 1 << 3;

/// Mobility with corners counted twice.
#[inline(always)]
fn weighted_count(m: u64) -> i32 {
    (m.count_ones() + (m & CORNERS).count_ones()) as i32
}

/// Empty squares next to a disc of `o` in a direction in which a line could run:
/// where `p` might one day move.
#[inline(always)]
fn potential_moves(p: u64, o: u64) -> u64 {
    let h = o & 0x7e7e_7e7e_7e7e_7e7e;
    let v = o & 0x00ff_ffff_ffff_ff00;
    let d = o & 0x007e_7e7e_7e7e_7e00;
    (h << 1 | h >> 1 | v << 8 | v >> 8 | d << 7 | d >> 7 | d << 9 | d >> 9) & !(p | o)
}

/// Discs of `p` on or next to a corner it holds (cheap stability for ordering).
#[inline(always)]
fn corner_stability(p: u64) -> i32 {
    let s = ((0x0100_0000_0000_0001 & p) << 1
        | (0x8000_0000_0000_0080 & p) >> 1
        | (0x0000_0000_0000_0081 & p) << 8
        | (0x8100_0000_0000_0000 & p) >> 8
        | CORNERS)
        & p;
    s.count_ones() as i32
}

impl<G: MoveGen> Search<'_, G> {
    /// The moves of `(p, o)` (mobility `moves`, non-empty, `n` empty squares),
    /// scored for ordering. The table buckets of the children that will use the
    /// table are prefetched on the way.
    #[inline]
    pub(super) fn move_list(
        &mut self, p: u64, o: u64, moves: u64, hint: u8, n: u32, parity: u32,
    ) -> MoveList {
        run_hot!(move_list::<G>(self, p, o, moves, hint, n, parity))
    }

    /// A heuristic score for move ordering (side to move's view): mobility
    /// difference (corners twice), potential mobility, corner stability.
    #[inline]
    fn eval(&self, p: u64, o: u64) -> i32 {
        let mob = weighted_count(self.gen.mobility(p, o)) - weighted_count(self.gen.mobility(o, p));
        let pot = weighted_count(potential_moves(p, o)) - weighted_count(potential_moves(o, p));
        let cs = corner_stability(p) - corner_stability(o);
        EVAL_MOBILITY * mob + EVAL_POTENTIAL_MOBILITY * pot + EVAL_CORNER_STABILITY * cs
    }

    /// Negamax alpha-beta to `depth` plies on [`eval`](Self::eval).
    fn shallow_eval(&mut self, p: u64, o: u64, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if depth == 0 {
            return self.eval(p, o);
        }
        let moves = self.gen.mobility(p, o);
        if moves == 0 {
            return if self.gen.mobility(o, p) == 0 {
                final_score(p, (!(p | o)).count_ones()) * EVAL_PER_DISC
            } else {
                -self.shallow_eval(o, p, depth - 1, -beta, -alpha)
            };
        }
        let mut best = -INF_EVAL;
        for (_, np, no) in children(self.gen, p, o, moves) {
            let s = -self.shallow_eval(np, no, depth - 1, -beta, -alpha);
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// [`Search::move_list`] in its two copies (`hot_copies!`): scoring a
/// node's moves runs the move generator's kernels and the popcounts inline.
macro_rules! move_list_body {
    ($(#[$hot:meta])*) => {
        #[inline]
        $(#[$hot])*
        pub(super) fn move_list<G: MoveGen>(
            s: &mut Search<'_, G>,
            p: u64,
            o: u64,
            moves: u64,
            hint: u8,
            n: u32,
            parity: u32,
        ) -> MoveList {
            let mut list = MoveList { moves: [Move::default(); 34], len: 0 };
            let mut m = moves;
            while m != 0 {
                let sq = m.trailing_zeros();
                m &= m - 1;
                let flips = s.gen.flips(p, o, sq);
                let (np, no) = (o ^ flips, p ^ flips ^ 1 << sq);
                let key = if n > SHALLOW_MAX + 1 {
                    let k = Key::new(np, no);
                    s.table.prefetch(k);
                    k
                } else {
                    Key::new(0, 0)
                };
                let score = if np == 0 {
                    W_WIPEOUT
                } else if sq == hint as u32 {
                    W_TABLE_MOVE
                } else if n >= SORT_MIN {
                    // Far from the end: a shallow search on a heuristic evaluation.
                    let depth = (n - SORT_MIN) / SORT_STEP;
                    -s.shallow_eval(np, no, depth, -INF_EVAL, INF_EVAL) * 64
                        + SQUARE_VALUE[sq as usize]
                } else {
                    let theirs = s.gen.mobility(np, no);
                    let mut v = SQUARE_VALUE[sq as usize];
                    if parity & QUADRANT_BIT[sq as usize] != 0 {
                        v += W_PARITY;
                    }
                    v += (36 - weighted_count(potential_moves(np, no))) * W_POTENTIAL_MOBILITY;
                    v += corner_stability(no) * W_CORNER_STABILITY;
                    v += (36 - weighted_count(theirs)) * W_MOBILITY;
                    v
                };
                list.moves[list.len] = Move { sq, flips, score, key };
                list.len += 1;
            }
            list
        }
    };
}
hot_copies!(move_list_body);
