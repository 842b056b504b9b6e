//! Random playouts: games played to the end by uniformly random legal moves.

pub use crate::game::{one_at_a_time, PlayoutStats};

use crate::game::Game;
use crate::player::Player;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// Plays `count` random games from `start` ([`Hints::random_playouts`]) with a
/// xoshiro256++ generator seeded by `seed` (the same seed gives the same games
/// on every platform). A hot path: compiled for x86-64-v3 too (`hot_copies!`).
///
/// [`Hints::random_playouts`]: crate::game::Hints::random_playouts
pub fn playouts<G: Game>(start: &G, count: u64, seed: u64) -> PlayoutStats {
    run_hot!(playouts::<G>(start, count, seed))
}

macro_rules! playouts_body {
    ($(#[$hot:meta])*) => {
        $(#[$hot])*
        pub(super) fn playouts<G: Game>(start: &G, count: u64, seed: u64) -> PlayoutStats {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut stats = PlayoutStats::default();
            start.random_playouts(count, &mut rng, &mut stats);
            stats
        }
    };
}
hot_copies!(playouts_body);

/// Who is likely to own each cell at the end, for games scored by area
/// ([`View::area_owners`](crate::game::View::area_owners)): the share of
/// random playouts to the end in which each player owns each cell — Monte
/// Carlo ownership, as Go programs since Brügmann's *Monte Carlo Go* (1993)
/// estimate territory.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct AreaEstimate {
    /// The playouts averaged.
    pub playouts: u64,
    /// For each cell of the board view, the share of playouts in which the
    /// first player owns it, then the second player (`[first, second]`; the
    /// rest of the playouts left it neutral).
    pub owners: Vec<[f32; 2]>,
    /// The first and the second player's mean area over the playouts.
    pub area: [f64; 2],
}

/// [`AreaEstimate`] of `start` from `count` playouts of the game's own
/// playout policy ([`Hints::random_playout`](crate::game::Hints::random_playout)),
/// seeded by `seed`; `None` for a game not scored by area. From a finished
/// game every playout is the game itself: the estimate is its exact area.
pub fn area_estimate<G: Game>(start: &G, count: u64, seed: u64) -> Option<AreaEstimate> {
    let cells = start.area_owners()?.len();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut owned = vec![[0u64; 2]; cells];
    for _ in 0..count {
        let mut g = start.clone();
        g.random_playout(&mut rng);
        for (k, o) in g.area_owners()?.into_iter().enumerate().take(cells) {
            match o {
                Some(Player::First) => owned[k][0] += 1,
                Some(Player::Second) => owned[k][1] += 1,
                None => {}
            }
        }
    }
    let n = count.max(1) as f64;
    let sum = |p: usize| owned.iter().map(|o| o[p]).sum::<u64>() as f64 / n;
    Some(AreaEstimate {
        playouts: count,
        area: [sum(0), sum(1)],
        owners: owned
            .iter()
            .map(|o| [(o[0] as f64 / n) as f32, (o[1] as f64 / n) as f32])
            .collect(),
    })
}
