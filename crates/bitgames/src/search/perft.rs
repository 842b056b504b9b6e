//! Perft: the number of move sequences of a given length.

pub use crate::game::perft_parallel;
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
