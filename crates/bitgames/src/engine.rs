//! Engines: move choosers for any game, named by specs as games are
//! (`random(seed=7)`, `greedy`, `solver`, `alphabeta(level=6)`), so the CLI, the
//! arena, GTP and the web app play every game without knowing it.
//!
//! The generic engines ([`registry::generic_engines`](crate::registry::generic_engines)) play any [`DynGame`]; a game module
//! adds engines made for it alone (Connect Four's solver, Othello's alpha-beta
//! player) in its [`GameInfo::engines`](crate::info::GameInfo::engines).
//! [`registry::new_engine`](crate::registry::new_engine) builds either kind.

pub use crate::dynamic::{Engine, EngineError, EngineMove};
pub use crate::spec::EngineBuildError;

use crate::dynamic::DynGame;
use crate::game::{Game, Outcome};
use crate::params::{ParamInfo, Params};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::marker::PhantomData;
use std::ops::ControlFlow;

/// The typed position an engine made for game type `G` is asked about:
/// `Ok(None)` when the game is over or has no move (the engine has nothing to
/// choose), a [`EngineError::WrongGame`] naming `spec` when `game` is another
/// game. Shared by the engines built on one typed game (MCTS, alpha-beta).
pub fn typed_position<'a, G: Game>(
    spec: &str, game: &'a dyn DynGame,
) -> Result<Option<&'a G>, EngineError> {
    let Some(g) = game.as_any().downcast_ref::<G>() else {
        return Err(EngineError::WrongGame { engine: spec.to_string(), game: game.spec() });
    };
    Ok((g.outcome().is_none() && g.count_moves() > 0).then_some(g))
}

/// Builds an engine for a game from checked parameters; the error says why the
/// parameters do not make an engine (a book file that cannot be read).
pub type EngineBuildFn = fn(&dyn DynGame, &Params) -> Result<Box<dyn Engine>, EngineBuildError>;

/// A registered engine: what `bitgames engines` lists and `new_engine` builds.
pub struct EngineInfo {
    /// Name, as written in specs.
    pub name: &'static str,
    /// Other names accepted in specs (`perfect` for Connect Four's `solver`).
    pub aliases: &'static [&'static str],
    /// One-line description.
    pub summary: &'static str,
    /// Its parameters.
    pub params: &'static [ParamInfo],
    /// Builds it.
    pub build: EngineBuildFn,
}

impl EngineInfo {
    /// `name(p=default,…)`.
    pub fn default_spec(&self) -> String {
        Params::defaults(self.params).spec(self.name)
    }
}

static SEED: &[ParamInfo] =
    &[ParamInfo::int("seed", 0, 0, u32::MAX as i64, "seed of the random choices (xoshiro256++)")];

/// `random`: uniformly random legal moves.
pub static RANDOM: EngineInfo = EngineInfo {
    name: "random",
    aliases: &[],
    summary: "uniformly random legal moves",
    params: SEED,
    build: |_, p| Ok(Box::new(Random::new(p))),
};

/// `greedy`: a win in one if there is one, else a move after which the
/// opponent cannot win at once (so it blocks a single threat), else random; on
/// the game's typed moves ([`DynGame::greedy_engine`]).
pub static GREEDY: EngineInfo = EngineInfo {
    name: "greedy",
    aliases: &[],
    summary:
        "wins at once if it can, else avoids moves that let the opponent win at once, else random",
    params: SEED,
    build: |game, p| Ok(game.greedy_engine(p.spec("greedy"), p.int("seed") as u64)),
};

/// The random engine: a uniformly random legal move.
struct Random {
    spec: String,
    rng: Xoshiro256PlusPlus,
}

impl Random {
    fn new(p: &Params) -> Self {
        let seed = p.int("seed") as u64;
        Random { spec: p.spec("random"), rng: Xoshiro256PlusPlus::seed_from_u64(seed) }
    }
}

impl Engine for Random {
    fn spec(&self) -> String {
        self.spec.clone()
    }

    fn choose(&mut self, game: &dyn DynGame) -> Result<Option<EngineMove>, EngineError> {
        let moves = game.legal_moves();
        if moves.is_empty() {
            return Ok(None);
        }
        let i = self.rng.random_range(0..moves.len());
        Ok(Some(EngineMove { mv: moves[i].clone(), info: None, nodes: None }))
    }
}

/// The greedy engine on game type `G`: each candidate and each reply is a copy
/// of the typed position and one move, never text.
pub(crate) struct Greedy<G> {
    spec: String,
    rng: Xoshiro256PlusPlus,
    game: PhantomData<fn() -> G>,
}

impl<G: Game> Greedy<G> {
    pub(crate) fn new(spec: String, seed: u64) -> Self {
        Greedy { spec, rng: Xoshiro256PlusPlus::seed_from_u64(seed), game: PhantomData }
    }
}

impl<G: Game> Engine for Greedy<G> {
    fn spec(&self) -> String {
        self.spec.clone()
    }

    /// The first winning move in the game's move order, else a random one of
    /// the moves that leave the opponent no win in one, else a random move.
    fn choose(&mut self, game: &dyn DynGame) -> Result<Option<EngineMove>, EngineError> {
        let Some(g) = typed_position::<G>(&self.spec, game)? else { return Ok(None) };
        let me = g.side_to_move();
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        let mut safe = Vec::with_capacity(moves.len());
        for &m in &moves {
            let mut child = g.clone();
            child.play_unchecked(m);
            if child.outcome() == Some(Outcome::WonBy(me)) {
                let mv = m.to_string();
                return Ok(Some(EngineMove { mv, info: Some("wins".into()), nodes: None }));
            }
            if !has_immediate_win(&child) {
                safe.push(m);
            }
        }
        let from = if safe.is_empty() { &moves } else { &safe };
        let mv = from[self.rng.random_range(0..from.len())].to_string();
        Ok(Some(EngineMove { mv, info: None, nodes: None }))
    }
}

/// Whether the player to move in `game` can win with one move.
fn has_immediate_win<G: Game>(game: &G) -> bool {
    let mover = game.side_to_move();
    game.try_for_each_move(|m| {
        let mut child = game.clone();
        child.play_unchecked(m);
        if child.outcome() == Some(Outcome::WonBy(mover)) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })
    .is_break()
}
