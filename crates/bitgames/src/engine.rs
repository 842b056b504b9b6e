//! Engines: move choosers for any game, named by specs as games are
//! (`random(seed=7)`, `greedy`, `solver`, `alphabeta(level=6)`), so the CLI, the
//! arena, GTP and the web app play every game without knowing it.
//!
//! The generic engines ([`registry::generic_engines`](crate::registry::generic_engines)) play any [`DynGame`]; a game module
//! adds engines made for it alone (Connect Four's solver, Othello's alpha-beta
//! player) in its [`GameInfo::engines`](crate::info::GameInfo::engines).
//! [`registry::new_engine`](crate::registry::new_engine) builds either kind.

pub use crate::dynamic::{Engine, EngineError, EngineMove};

use crate::dynamic::DynGame;
use crate::game::Outcome;
use crate::params::{ParamInfo, Params};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// The typed position an engine made for game type `G` is asked about:
/// `Ok(None)` when the game is over or has no move (the engine has nothing to
/// choose), a [`EngineError::WrongGame`] naming `spec` when `game` is another
/// game. Shared by the engines built on one typed game (MCTS, alpha-beta).
pub fn typed_position<'a, G: crate::game::Game>(
    spec: &str,
    game: &'a dyn DynGame,
) -> Result<Option<&'a G>, EngineError> {
    let Some(g) = game.as_any().downcast_ref::<G>() else {
        return Err(EngineError::WrongGame { engine: spec.to_string(), game: game.spec() });
    };
    Ok((g.outcome().is_none() && g.count_moves() > 0).then_some(g))
}

/// Builds an engine for a game from checked parameters; the error says why the
/// parameters do not make an engine (a book file that cannot be read).
pub type EngineBuildFn = fn(&dyn DynGame, &Params) -> Result<Box<dyn Engine>, String>;

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
    build: |_, p| Ok(Box::new(Chooser::new("random", false, p))),
};

/// `greedy`: a win in one if there is one, else a move after which the
/// opponent cannot win at once (so it blocks a single threat), else random.
pub static GREEDY: EngineInfo = EngineInfo {
    name: "greedy",
    aliases: &[],
    summary:
        "wins at once if it can, else avoids moves that let the opponent win at once, else random",
    params: SEED,
    build: |_, p| Ok(Box::new(Chooser::new("greedy", true, p))),
};

/// The random and greedy engines.
struct Chooser {
    spec: String,
    greedy: bool,
    rng: Xoshiro256PlusPlus,
}

impl Chooser {
    fn new(name: &str, greedy: bool, p: &Params) -> Self {
        let seed = p.int("seed") as u64;
        Chooser { spec: p.spec(name), greedy, rng: Xoshiro256PlusPlus::seed_from_u64(seed) }
    }
}

impl Engine for Chooser {
    fn spec(&self) -> String {
        self.spec.clone()
    }

    fn choose(&mut self, game: &dyn DynGame) -> Result<Option<EngineMove>, EngineError> {
        let moves = game.legal_moves();
        if moves.is_empty() {
            return Ok(None);
        }
        if self.greedy {
            let safe = safe_moves(game, &moves);
            match safe {
                Safe::Win(m) => {
                    return Ok(Some(EngineMove { mv: m, info: Some("wins".into()), nodes: None }))
                }
                Safe::Some(mut safe) if !safe.is_empty() => {
                    let i = self.rng.random_range(0..safe.len());
                    return Ok(Some(EngineMove {
                        mv: safe.swap_remove(i),
                        info: None,
                        nodes: None,
                    }));
                }
                Safe::Some(_) => {}
            }
        }
        let i = self.rng.random_range(0..moves.len());
        Ok(Some(EngineMove { mv: moves[i].clone(), info: None, nodes: None }))
    }
}

/// A winning move, or the moves that leave the opponent no win in one.
enum Safe {
    Win(String),
    Some(Vec<String>),
}

fn safe_moves(game: &dyn DynGame, moves: &[String]) -> Safe {
    let me = game.side_to_move();
    let mut safe = Vec::new();
    for m in moves {
        let Some(child) = after(game, m) else { continue };
        if child.outcome() == Some(Outcome::WonBy(me)) {
            return Safe::Win(m.clone());
        }
        if !has_immediate_win(child.as_ref()) {
            safe.push(m.clone());
        }
    }
    Safe::Some(safe)
}

/// The state after `mv`, or `None` if the game refuses it.
fn after(game: &dyn DynGame, mv: &str) -> Option<Box<dyn DynGame>> {
    let mut child = game.clone_box();
    child.play_text(mv).ok()?;
    Some(child)
}

/// Whether the player to move in `game` can win with one move.
fn has_immediate_win(game: &dyn DynGame) -> bool {
    let mover = game.side_to_move();
    game.legal_moves()
        .iter()
        .any(|m| after(game, m).is_some_and(|c| c.outcome() == Some(Outcome::WonBy(mover))))
}
