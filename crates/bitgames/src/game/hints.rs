//! [`Hints`]: what the searches may ask a game beyond its rules, with defaults
//! that are always right; and the random playouts' totals.

use super::{Outcome, Player, Rules};
use rand::Rng;
use std::ops::ControlFlow;

/// What a search may ask a game beyond its rules: random moves and playouts
/// (where a game has a faster or smarter loop), the MCTS priors and one-ply
/// outcome check, a heuristic value for alpha-beta's leaves. Every method has
/// a default that is correct for any game; a game overrides one to be faster
/// or stronger, never to change what the rules allow.
pub trait Hints: Rules {
    /// A uniformly random legal move, `None` when there is none: the `k`-th move
    /// for `k = rng.random_range(0..count)`.
    #[inline(always)]
    fn random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Self::Move> {
        let n = self.count_moves();
        if n == 0 {
            return None;
        }
        let mut k = rng.random_range(0..n);
        let mut pick = None;
        let _ = self.try_for_each_move(|m| {
            if k == 0 {
                pick = Some(m);
                return ControlFlow::Break(());
            }
            k -= 1;
            ControlFlow::Continue(())
        });
        pick
    }

    /// Plays [`random_move`](Hints::random_move)s until none is left and returns
    /// the plies played: one random playout. A game may override it with a loop
    /// specialised to its rules (Clobber's one-word boards do), which must play
    /// the same game from the same generator: the same moves, final position
    /// and plies. It may draw more numbers once the game is decided (Y and Hex
    /// fill the board first and then find the ply where the game ended), so
    /// the generator's state afterwards may differ.
    #[inline(always)]
    fn random_playout<R: Rng + ?Sized>(&mut self, rng: &mut R) -> u64 {
        let mut plies = 0;
        while let Some(mv) = self.random_move(rng) {
            self.play_unchecked(mv);
            plies += 1;
        }
        plies
    }

    /// Plays `count` random playouts from this position and adds each to
    /// `stats`. By default one [`random_playout`](Hints::random_playout) after
    /// another, each from a clone, all drawing from `rng`. A game may play
    /// several at once instead, each lane with its own generator seeded from
    /// `rng`, so the totals differ from the default's for the same `rng` but
    /// are as random and the same on every platform. Breakthrough interleaves
    /// lanes so that the processor overlaps their chains of dependent
    /// instructions, and its lanes play exactly the games `random_playout`
    /// plays with their generators. Hex and Y fill the board in a uniformly
    /// random order and test the prefixes of many fills at once by bit-sliced
    /// Y reductions: uniformly random games, as
    /// `random_playout`'s, drawn another way. Each override is tested against
    /// move-by-move play of the games it reports. (Inlined into the
    /// playouts' hot path, so that it is compiled for x86-64-v3 there.)
    #[inline(always)]
    fn random_playouts<R: Rng + ?Sized>(&self, count: u64, rng: &mut R, stats: &mut PlayoutStats) {
        one_at_a_time(self, count, rng, stats)
    }

    /// The playout of a Monte Carlo tree search
    /// ([`search::mcts`](crate::search::mcts)) from this position: plays to
    /// the end (or gives up after `100_000` plies, leaving the game unfinished)
    /// and, where `log` is given, appends each move with its mover (for the
    /// AMAF statistics). By default the uniform [`random_move`](Hints::random_move)
    /// loop; a game may play a smarter policy here (Go's captures, atari
    /// escapes and 3×3 patterns) and keep `random_playout` uniform.
    fn search_playout<R: Rng + ?Sized>(
        &mut self, rng: &mut R, mut log: Option<&mut Vec<(Self::Move, Player)>>,
    ) -> u64 {
        let mut plies = 0;
        while let Some(mv) = self.random_move(rng) {
            if let Some(l) = log.as_deref_mut() {
                l.push((mv, self.side_to_move()));
            }
            self.play_unchecked(mv);
            plies += 1;
            if plies == 100_000 {
                break;
            }
        }
        plies
    }

    /// Prior knowledge for a Monte Carlo tree search with RAVE: the virtual
    /// AMAF simulations `(visits, wins)` that the child reached by legal move
    /// `mv` starts with, wins counted for the side to move here (Gelly and
    /// Silver 2007's heuristic initialisation, put in the AMAF statistics as
    /// Fuego does; a child with them is not tried first just for being
    /// unvisited, so they also set the first-play urgency). By default none,
    /// `(0, 0.0)`: unvisited children are tried first, in move order.
    fn search_prior(&self, _mv: Self::Move) -> (u32, f32) {
        (0, 0.0)
    }

    /// The outcome if legal move `mv` were played now, `None` when the game
    /// would go on: the MCTS-Solver's one-ply check on every new child. By
    /// default the move is played on a copy; a game whose moves seldom end it
    /// (Go: only a second pass or the move cap) answers without the copy.
    fn outcome_after(&self, mv: Self::Move) -> Option<Outcome> {
        let mut after = self.clone();
        after.play_unchecked(mv);
        after.outcome()
    }

    /// A heuristic value of an unfinished position for the side to move, for
    /// the leaves of the generic alpha-beta engine
    /// ([`search::alphabeta::GameEval`](crate::search::alphabeta::GameEval)):
    /// positive when the side to move stands better, within ±100 000. By
    /// default none (0): searched deep enough, alpha-beta then still plays
    /// exact wins and losses. Games give a cheap one (material, mobility,
    /// open lines, connection distance).
    fn evaluate(&self) -> i32 {
        0
    }
}

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

/// [`Hints::random_playouts`]'s default: `count` games, one
/// [`random_playout`](Hints::random_playout) after another, each from a clone
/// of `start`, all drawing from `rng`.
#[inline(always)]
pub fn one_at_a_time<G: Hints, R: Rng + ?Sized>(
    start: &G, count: u64, rng: &mut R, stats: &mut PlayoutStats,
) {
    for _ in 0..count {
        let mut g = start.clone();
        let plies = g.random_playout(rng);
        // A game with no legal move that the rules do not call over (impossible in
        // the shipped games) is counted as a draw rather than looping forever.
        stats.record(plies, g.outcome().unwrap_or(Outcome::Draw));
    }
}
