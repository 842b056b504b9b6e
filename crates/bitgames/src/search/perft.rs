//! Perft: the number of move sequences of a given length.

use crate::game::Game;

/// Counts the move sequences of exactly `depth` plies from `game`. A finished game
/// is a leaf: it counts 1 at depth 0 and is not expanded, so it contributes nothing
/// at greater depths. The last ply is counted, not played (`count_moves`).
pub fn perft<G: Game>(game: &G, depth: usize) -> u64 {
    match depth {
        0 => 1,
        1 => game.count_moves() as u64,
        _ => {
            let mut total = 0;
            game.for_each_move(|mv| {
                let mut child = game.clone();
                child.play_unchecked(mv);
                total += perft(&child, depth - 1);
            });
            total
        }
    }
}

/// Perft split by first move: `(move, count)` for each legal move.
pub fn perft_divide<G: Game>(game: &G, depth: usize) -> Vec<(G::Move, u64)> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let mut child = game.clone();
            child.play_unchecked(mv);
            (mv, perft(&child, depth.saturating_sub(1)))
        })
        .collect()
}
