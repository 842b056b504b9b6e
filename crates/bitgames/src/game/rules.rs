//! [`Rules`]: a game's state, its moves, playing them and the outcome; perft.

use super::{Illegal, IllegalReason, Outcome, PlayError, Player};
use std::fmt;
use std::ops::ControlFlow;

/// The counting convention of a game's perft.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PerftRule {
    /// A finished game is a leaf at its own depth only: it adds nothing deeper.
    FinishedIsLeaf,
    /// A finished game counts one leaf at every greater depth (Bik's Othello
    /// convention).
    FinishedCountsDeeper,
}

/// The rules of a two-player, turn-based game on bitboards: the state, its
/// moves, playing them and the outcome (with the hash and perft, all a search
/// needs to be correct). One of the four traits of a [`Game`](super::Game).
///
/// States are small values: search clones and plays (copy-make). The one required
/// way to list moves is [`try_for_each_move`](Rules::try_for_each_move), a callback
/// that may stop early; every other move query (`for_each_move`, `legal_moves`,
/// `count_moves`, `is_legal`, [`Hints::random_move`](super::Hints::random_move)) is derived from it without allocating,
/// and games override them where a bitboard does better (a popcount).
pub trait Rules: Clone + Send + Sync + fmt::Debug + 'static {
    /// A move. Its `Display` is the game's standard notation.
    type Move: Copy + Eq + fmt::Debug + fmt::Display + Send + Sync + 'static;

    /// How perft counts finished games in this game.
    const PERFT_RULE: PerftRule = PerftRule::FinishedIsLeaf;

    /// The game's name with its parameters, as the registry reads it:
    /// `connect4(width=7,height=6)`.
    fn spec(&self) -> String;

    /// The player to move.
    fn side_to_move(&self) -> Player;

    /// The game's registry name (`connect4`), the name its
    /// [`spec`](Rules::spec) starts with: how the registry finds the game's
    /// entry without reading text. A game's module takes it from its
    /// registry entry: `const NAME: &'static str = INFO.name;`.
    const NAME: &'static str;

    /// [`NAME`](Rules::NAME), from a value (and through `dyn DynGame`).
    fn name(&self) -> &'static str {
        Self::NAME
    }

    /// Plies played since the start position.
    fn ply(&self) -> usize;

    /// Calls `f` on each legal move, in the game's fixed order, until `f` breaks;
    /// returns `Break` if it did. No move once the game is over.
    fn try_for_each_move<F>(&self, f: F) -> ControlFlow<()>
    where
        F: FnMut(Self::Move) -> ControlFlow<()>;

    /// Calls `f` on each legal move.
    #[inline]
    fn for_each_move(&self, mut f: impl FnMut(Self::Move)) {
        let _ = self.try_for_each_move(|m| {
            f(m);
            ControlFlow::Continue(())
        });
    }

    /// Clears `out` and writes the legal moves into it (none once the game is
    /// over); allocates only while `out` grows.
    #[inline]
    fn legal_moves(&self, out: &mut Vec<Self::Move>) {
        out.clear();
        self.for_each_move(|m| out.push(m));
    }

    /// Number of legal moves.
    #[inline]
    fn count_moves(&self) -> usize {
        let mut n = 0;
        self.for_each_move(|_| n += 1);
        n
    }

    /// Whether `mv` is legal here (stops at the first match).
    #[inline]
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.try_for_each_move(|m| {
            if m == mv {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .is_break()
    }

    /// Why `mv` is illegal here, for error messages and callers that match the
    /// reason.
    fn why_illegal(&self, _mv: Self::Move) -> Illegal {
        Illegal::new(IllegalReason::Rule, "not a legal move in this position")
    }

    /// Plays a move known to be legal. Unspecified (but memory-safe) results otherwise.
    fn play_unchecked(&mut self, mv: Self::Move);

    /// Plays `mv` if it is legal; otherwise hands the move back in the error and
    /// leaves the state unchanged.
    ///
    /// In debug builds (the tests among them) it then checks the state's
    /// consistency ([`check_invariants`](Rules::check_invariants)) and panics,
    /// naming the move, if a rule broke it.
    fn play(&mut self, mv: Self::Move) -> Result<(), PlayError<Self::Move>> {
        self.check_move(mv)?;
        self.play_unchecked(mv);
        #[cfg(debug_assertions)]
        if let Err(why) = self.check_invariants() {
            panic!("{}: {mv} broke the position: {why}", self.spec());
        }
        Ok(())
    }

    /// Whether the state is consistent (Edax's board check after a move): `Err`
    /// names what is broken (two stones on a cell, a stone off the board, a ply
    /// that does not match the stones). [`play`](Rules::play) asserts it in debug
    /// builds; the default has nothing to check.
    fn check_invariants(&self) -> Result<(), String> {
        Ok(())
    }

    /// `Ok` if `mv` is legal here, else the error [`play`](Rules::play) gives.
    fn check_move(&self, mv: Self::Move) -> Result<(), PlayError<Self::Move>> {
        if let Some(o) = self.outcome() {
            return Err(PlayError::GameOver {
                game: self.spec(),
                mv,
                outcome: self.describe_outcome(o),
            });
        }
        if !self.is_legal(mv) {
            let Illegal { reason, why } = self.why_illegal(mv);
            return Err(PlayError::Illegal { game: self.spec(), mv, reason, why });
        }
        Ok(())
    }

    /// `Some` once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// The final score from the first player's view, for games that have one
    /// (Othello's disc difference; Go's area score with komi, in half points as
    /// `2 × score`, see [`score_halves`](Rules::score_halves)); `None` otherwise or
    /// while the game goes on.
    fn score(&self) -> Option<i32> {
        None
    }

    /// The final score in half points (for komi such as 7.5); by default twice
    /// [`score`](Rules::score).
    fn score_halves(&self) -> Option<i64> {
        self.score().map(|s| 2 * s as i64)
    }

    /// A 64-bit hash of the position (equal positions hash equal). Not
    /// `std::hash::Hash`: this one is the game's own, stable across runs.
    fn position_hash(&self) -> u64;

    /// Perft in this game's standard convention ([`PERFT_RULE`](Rules::PERFT_RULE)):
    /// the number of move sequences of exactly `depth` plies. Games override it
    /// with a faster walk that counts the same.
    fn perft(&self, depth: usize) -> u64 {
        perft_walk(self, depth, Self::PERFT_RULE)
    }

    /// [`perft`](Rules::perft) on `threads` threads (all the machine's if 0). By
    /// default [`perft_parallel`]'s split into subtrees, each counted by
    /// [`perft`](Rules::perft); games whose count keeps a table override it
    /// with one that shares the table.
    fn perft_parallel(&self, depth: usize, threads: usize) -> u64 {
        perft_parallel(self, depth, threads)
    }

    /// The players' names in this game, the first player's first: `X` and
    /// `O` unless a game names them (`Black` and `White`).
    const PLAYERS: [&'static str; 2] = ["X", "O"];

    /// The name of a player in this game ([`PLAYERS`](Rules::PLAYERS)).
    fn player_name(&self, p: Player) -> &'static str {
        Self::PLAYERS[p.index()]
    }

    /// An outcome in words: `X wins`, `draw`.
    fn describe_outcome(&self, o: Outcome) -> String {
        match o {
            Outcome::WonBy(p) => format!("{} wins", self.player_name(p)),
            Outcome::Draw => "draw".to_string(),
        }
    }
}

/// Perft by the plain walk under `rule`: the last ply is counted
/// (`count_moves`), not played. [`Rules::perft`]'s default (with the game's own
/// rule), and the reference the games' faster walks are tested against.
pub fn perft_walk<G: Rules>(game: &G, depth: usize, rule: PerftRule) -> u64 {
    match rule {
        PerftRule::FinishedIsLeaf => run_hot!(walk::<G, false>(game, depth)),
        PerftRule::FinishedCountsDeeper => run_hot!(walk::<G, true>(game, depth)),
    }
}

/// [`perft_walk`] with the rule a constant (`DEEPER`: finished games count at
/// every greater depth), so the walk tests nothing it need not. A hot path
/// (`hot_copies!`): in a portable build the whole recursion runs in one copy,
/// chosen once a count, not at every node.
///
/// A node's children come from `for_each_move` in an x86-64-v3 build (fewer
/// instructions there: Breakthrough's perft 5, 71.5 M against 75.1 M under
/// callgrind) and, in a portable one, from `children`: `try_for_each_move`
/// straight (`for_each_move`'s own closure, compiled without the hot copy's
/// target features, would keep the walk's closure from being inlined into
/// it) in a call of its own, the shape the placement kit's move loop gives
/// the x86-64-v3 build (Havannah's perft 4: 1.18 times the v3 build's
/// instructions with the loop inlined into the walk, 1.07 so).
macro_rules! walk_body {
    ($(#[$hot:meta])*) => {
        $(#[$hot])*
        pub(super) fn walk<G: Rules, const DEEPER: bool>(game: &G, depth: usize) -> u64 {
            if depth == 0 || (DEEPER && game.outcome().is_some()) {
                return 1;
            }
            if depth == 1 {
                return game.count_moves() as u64;
            }
            if !cfg!(v3_build) {
                return children::<G, DEEPER>(game, depth);
            }
            let mut total = 0;
            game.for_each_move(|mv| {
                let mut child = game.clone();
                child.play_unchecked(mv);
                total += walk::<G, DEEPER>(&child, depth - 1);
            });
            total
        }

        /// The children of a node of the portable build's walk (above).
        $(#[$hot])*
        #[inline(never)]
        fn children<G: Rules, const DEEPER: bool>(game: &G, depth: usize) -> u64 {
            let mut total = 0;
            let _ = game.try_for_each_move(|mv| {
                let mut child = game.clone();
                child.play_unchecked(mv);
                total += walk::<G, DEEPER>(&child, depth - 1);
                ControlFlow::Continue(())
            });
            total
        }
    };
}
hot_copies!(walk_body);

/// [`perft`](Rules::perft) on `threads` threads (all the machine's if 0), with rayon: the
/// tree is expanded breadth-first until there are about 64 subtrees per thread
/// (or 4 plies are left), and the subtrees are counted in parallel with the
/// game's own [`perft`](Rules::perft). Finished games met on the way are handed to
/// [`perft`](Rules::perft) too, so every game's convention holds.
pub fn perft_parallel<G: Rules>(game: &G, depth: usize, threads: usize) -> u64 {
    use rayon::prelude::*;
    let pool = match crate::parallel::pool(threads) {
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

/// The two [`Rules`] methods that read the turn from a state's fields, for a
/// game's `impl Rules` block: `ply` from an integer field, and `side_to_move`
/// from the ply (`ply: f`, the players alternate from the first with no
/// passes), from a stored [`Player`] (`side: g`) or from a stored player
/// index (`side_index: g`, 0 for the first player).
///
/// ```ignore
/// impl Rules for MyGame {
///     bitgames::turn_fields!(ply: moves);
///     // …
/// }
/// ```
#[macro_export]
macro_rules! turn_fields {
    (ply: $ply:ident $(,)?) => {
        $crate::turn_fields!(@ply $ply);
        #[inline]
        fn side_to_move(&self) -> $crate::game::Player {
            $crate::game::Player::at_ply(self.$ply as usize)
        }
    };
    (ply: $ply:ident, side: $side:ident $(,)?) => {
        $crate::turn_fields!(@ply $ply);
        #[inline]
        fn side_to_move(&self) -> $crate::game::Player {
            self.$side
        }
    };
    (ply: $ply:ident, side_index: $side:ident $(,)?) => {
        $crate::turn_fields!(@ply $ply);
        #[inline]
        fn side_to_move(&self) -> $crate::game::Player {
            $crate::game::Player::from_index(self.$side as usize)
        }
    };
    (@ply $ply:ident) => {
        #[inline]
        fn ply(&self) -> usize {
            self.$ply as usize
        }
    };
}
