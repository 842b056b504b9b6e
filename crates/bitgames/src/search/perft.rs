//! Perft: the number of move sequences of a given length.

use crate::game::{perft_walk, PerftRule, Rules};

/// Counts the move sequences of exactly `depth` plies from `game`. A finished game
/// is a leaf: it counts 1 at depth 0 and is not expanded, so it contributes nothing
/// at greater depths, whatever the game's own [`PerftRule`] (compare
/// [`Rules::perft`]). The last ply is counted, not played (`count_moves`).
pub fn perft<G: Rules>(game: &G, depth: usize) -> u64 {
    perft_walk(game, depth, PerftRule::FinishedIsLeaf)
}

/// Perft split by first move: `(move, count)` for each legal move, each count in
/// the game's own convention ([`Rules::perft`] of the child), so the counts add up
/// to `game.perft(depth)` whenever the root has a move.
pub fn perft_divide<G: Rules>(game: &G, depth: usize) -> Vec<(G::Move, u64)> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let mut child = game.clone();
            child.play_unchecked(mv);
            (mv, child.perft(depth.saturating_sub(1)))
        })
        .collect()
}

/// [`Rules::perft`] on `threads` threads (all the machine's if 0), with rayon: the
/// tree is expanded breadth-first until there are about 64 subtrees per thread
/// (or 4 plies are left), and the subtrees are counted in parallel with the
/// game's own [`Rules::perft`]. Finished games met on the way are handed to
/// [`Rules::perft`] too, so every game's convention holds.
pub fn perft_parallel<G: Rules>(game: &G, depth: usize, threads: usize) -> u64 {
    use rayon::prelude::*;
    let pool = match pool(threads) {
        Some(p) if depth >= 5 => p,
        _ => return game.perft(depth),
    };
    let want = 64 * pool.current_num_threads();
    let mut frontier = vec![game.clone()];
    let mut left = depth;
    let mut moves = Vec::new();
    while frontier.len() < want && left > 4 {
        let mut next = Vec::with_capacity(frontier.len() * 8);
        for g in &frontier {
            g.legal_moves(&mut moves);
            if moves.is_empty() {
                // A finished game: keep it whole, counted at the remaining depth
                // in the game's convention below.
                next.push(g.clone());
                continue;
            }
            for &mv in &moves {
                let mut child = g.clone();
                child.play_unchecked(mv);
                next.push(child);
            }
        }
        frontier = next;
        left -= 1;
    }
    // A finished game kept in the frontier must count as it would `left` plies
    // deeper than where it was found; games whose convention counts finished
    // positions only at depth 0 give 0 there, as the serial walk does.
    pool.install(|| frontier.par_iter().map(|g| g.perft(left)).sum())
}

/// A rayon pool of `threads` threads (all the machine's if 0); `None` for one.
pub(crate) fn pool(threads: usize) -> Option<rayon::ThreadPool> {
    let n = crate::search::threads(threads);
    if n <= 1 {
        return None;
    }
    rayon::ThreadPoolBuilder::new().num_threads(n).build().ok()
}
