//! Othello perft in the standard convention of Aart Bik's table (column `bik` of
//! `tests/data/othello/perft.tsv`): a pass takes one ply, and a finished game is
//! one leaf at every depth past its end. From the start: 4, 12, 56, 244, 1396, …,
//! 3 005 288 at depth 9, 24 571 284 at 10, 212 258 800 at 11.
//!
//! The library's generic [`search::perft`](fn@crate::search::perft) counts a finished
//! game as a leaf only at depth 0 (column `edax`), so it differs from depth 10 on.
//!
//! The last ply is counted, not played: in this convention a position one ply from
//! the horizon has `max(1, popcount(mobility))` leaves (a forced pass and a finished
//! game both count one), so the leaves' parents need one mobility each and the
//! leaves nothing at all.

use super::movegen::{self, MoveGen, Portable};
use super::Othello;

/// Move paths of `depth` plies from `pos` in the Bik convention, with the fastest
/// back-end on this CPU, on one thread.
pub fn perft_bik(pos: &Othello, depth: usize) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if let Some(g) = movegen::Avx2::detect() {
        return perft_bik_with(g, pos, depth);
    }
    perft_bik_with(Portable, pos, depth)
}

/// [`perft_bik`] with a chosen move generator (to compare back-ends).
pub fn perft_bik_with<G: MoveGen>(gen: G, pos: &Othello, depth: usize) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (p, o) = (pos.player(), pos.opponent());
    count(gen, p, o, gen.mobility(p, o), depth as u32)
}

/// Leaves `depth ≥ 1` plies below the position `(p, o)` whose mobility is `moves`.
#[inline]
fn count<G: MoveGen>(gen: G, p: u64, o: u64, moves: u64, depth: u32) -> u64 {
    if depth == 1 {
        return (moves.count_ones() as u64).max(1);
    }
    if moves == 0 {
        let theirs = gen.mobility(o, p);
        if theirs == 0 {
            return 1; // Finished: one leaf, whatever the depth.
        }
        return count(gen, o, p, theirs, depth - 1); // The pass takes a ply.
    }
    let mut total = 0;
    let mut rest = moves;
    while rest != 0 {
        let sq = rest.trailing_zeros();
        rest &= rest - 1;
        let f = gen.flips(p, o, sq);
        // The child, from the new side to move's view.
        let (cp, co) = (o ^ f, p ^ f ^ (1 << sq));
        let child_moves = gen.mobility(cp, co);
        total += if depth == 2 {
            (child_moves.count_ones() as u64).max(1)
        } else {
            count(gen, cp, co, child_moves, depth - 1)
        };
    }
    total
}

/// [`perft_bik`] on `threads` threads (all the machine's if 0), with rayon: the
/// generic [`search::perft_parallel`](crate::search::perft_parallel) split, each
/// subtree counted by [`perft_bik`].
pub fn perft_bik_parallel(pos: &Othello, depth: usize, threads: usize) -> u64 {
    crate::search::perft_parallel(pos, depth, threads)
}
