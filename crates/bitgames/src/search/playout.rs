//! Random playouts: games played to the end by uniformly random legal moves.

use crate::game::{Game, Outcome, Player};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Totals over a batch of random playouts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct PlayoutStats {
    /// Games played.
    pub games: u64,
    /// Plies played in all.
    pub plies: u64,
    /// Games won by the first player.
    pub first_wins: u64,
    /// Games won by the second player.
    pub second_wins: u64,
    /// Drawn games.
    pub draws: u64,
}

impl PlayoutStats {
    /// Adds one finished game.
    pub fn record(&mut self, plies: u64, outcome: Outcome) {
        self.games += 1;
        self.plies += plies;
        match outcome {
            Outcome::WonBy(Player::First) => self.first_wins += 1,
            Outcome::WonBy(Player::Second) => self.second_wins += 1,
            Outcome::Draw => self.draws += 1,
        }
    }

    /// Share of games with this result, 0–1.
    pub fn share(&self, n: u64) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            n as f64 / self.games as f64
        }
    }
}

/// Plays `count` random games from `start` ([`Game::random_playouts`]) with a
/// xoshiro256++ generator seeded by `seed` (the same seed gives the same games
/// on every platform).
pub fn playouts<G: Game>(start: &G, count: u64, seed: u64) -> PlayoutStats {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut stats = PlayoutStats::default();
    start.random_playouts(count, &mut rng, &mut stats);
    stats
}

/// [`Game::random_playouts`]'s default: `count` games, one
/// [`random_playout`](Game::random_playout) after another, each from a clone
/// of `start`, all drawing from `rng`.
pub fn one_at_a_time<G: Game, R: Rng + ?Sized>(
    start: &G,
    count: u64,
    rng: &mut R,
    stats: &mut PlayoutStats,
) {
    for _ in 0..count {
        let mut g = start.clone();
        let plies = g.random_playout(rng);
        // A game with no legal move that the rules do not call over (impossible in
        // the shipped games) is counted as a draw rather than looping forever.
        stats.record(plies, g.outcome().unwrap_or(Outcome::Draw));
    }
}
