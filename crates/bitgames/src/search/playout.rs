//! Random playouts: games played to the end by uniformly random legal moves.

pub use crate::game::{one_at_a_time, PlayoutStats};

use crate::game::Game;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

hot_path! {
/// Plays `count` random games from `start` ([`Hints::random_playouts`]) with a
/// xoshiro256++ generator seeded by `seed` (the same seed gives the same games
/// on every platform). A hot path: compiled for x86-64-v3 too.
pub fn playouts<G: Game>(start: &G, count: u64, seed: u64) -> PlayoutStats {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut stats = PlayoutStats::default();
    start.random_playouts(count, &mut rng, &mut stats);
    stats
}
}
