//! [`DynGame`]: an object-safe face of every [`Game`](crate::game::Game), with moves and positions as
//! text, so the CLI, the web app and the registry handle any game the same way.

use crate::action::ActionError;
use crate::board::BoardView;
use crate::game::{Outcome, ParseError, PlayError, Player, PlayoutStats};
use crate::search::alphabeta::Limits;
use crate::search::mcts::config::{DynMcts, MctsConfig, MctsLimits};
use crate::search::memory::AllocError;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use thiserror::Error;

/// Any game, behind a pointer: moves and positions as text.
pub trait DynGame: Send + Sync {
    /// The game's spec, `connect4(width=7,height=6)`.
    fn spec(&self) -> String;
    /// The game's registry name, `connect4` ([`Rules::name`](crate::game::Rules::name)).
    fn name(&self) -> &'static str;
    /// The player to move.
    fn side_to_move(&self) -> Player;
    /// The name of a player (`X`, `O`, …).
    fn player_name(&self, p: Player) -> &'static str;
    /// Plies played.
    fn ply(&self) -> usize;
    /// Legal moves in the game's notation (empty when the game is over).
    fn legal_moves(&self) -> Vec<String>;
    /// How many action ids the game has ([`Notation::num_actions`](crate::game::Notation::num_actions)).
    fn num_actions(&self) -> usize;
    /// Clears `out` and writes the legal moves' action ids into it, in the
    /// game's move order ([`Notation::action`](crate::game::Notation::action)).
    fn legal_actions(&self, out: &mut Vec<usize>);
    /// Writes the legal actions as a mask and a list
    /// ([`Notation::write_legal_actions`](crate::game::Notation::write_legal_actions)):
    /// `mask` is [`num_actions`](Self::num_actions) long.
    fn write_legal_actions(&self, mask: &mut [bool], ids: &mut Vec<usize>);
    /// Writes the legal actions' mask alone
    /// ([`Notation::write_legal_mask`](crate::game::Notation::write_legal_mask)):
    /// `mask` is [`num_actions`](Self::num_actions) long.
    fn write_legal_mask(&self, mask: &mut [bool]);
    /// Plays the legal move with action id `a`; on error the state is unchanged.
    fn apply_action(&mut self, a: usize) -> Result<(), ActionError>;
    /// The text of the legal move with action id `a`.
    fn action_to_string(&self, a: usize) -> Result<String, ActionError>;
    /// The action id of a legal move given as text.
    fn string_to_action(&self, mv: &str) -> Result<usize, PlayError>;
    /// Plays a move given as text; on error the state is unchanged.
    fn play_text(&mut self, mv: &str) -> Result<(), PlayError>;
    /// A move's text in the game's own notation (`F5` → `f5`), checking that it
    /// names a move of this board.
    fn move_text(&self, mv: &str) -> Result<String, ParseError>;
    /// Replaces the state by the one described by position text.
    fn set_position(&mut self, text: &str) -> Result<(), ParseError>;
    /// The position in the game's text format.
    fn position(&self) -> String;
    /// The board as a picture.
    fn picture(&self) -> String;
    /// `Some` once the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// The outcome in words.
    fn describe_outcome(&self, o: Outcome) -> String;
    /// The final score for the first player, where the game has one.
    fn score(&self) -> Option<i32>;
    /// The final score in half points ([`Rules::score_halves`](crate::game::Rules::score_halves)).
    fn score_halves(&self) -> Option<i64>;
    /// 64-bit position hash ([`Rules::position_hash`](crate::game::Rules::position_hash)).
    fn position_hash(&self) -> u64;
    /// The board as cells to draw ([`View::board`](crate::game::View::board)).
    fn board(&self) -> BoardView;
    /// The board cells a move (given as text) touches ([`View::move_cells`](crate::game::View::move_cells)).
    fn move_cells(&self, mv: &str) -> Result<Vec<usize>, ParseError>;
    /// The shape of [`observe`](DynGame::observe)'s tensor: planes, rows,
    /// columns ([`View::observation_shape`](crate::game::View::observation_shape)).
    fn observation_shape(&self) -> [usize; 3];
    /// The position as planes of 0s and 1s ([`View::observe`](crate::game::View::observe)).
    fn observe(&self, out: &mut [f32]);
    /// Perft to `depth`.
    fn perft(&self, depth: usize) -> u64;
    /// Perft to `depth` on `threads` threads (all the machine's if 0).
    fn perft_parallel(&self, depth: usize, threads: usize) -> u64;
    /// Perft split by first move.
    fn perft_divide(&self, depth: usize) -> Vec<(String, u64)>;
    /// Random playouts from this position.
    fn playouts(&self, count: u64, seed: u64) -> PlayoutStats;
    /// A random legal move, reproducible from `seed`.
    fn random_move(&self, seed: u64) -> Option<String>;
    /// Who owns each cell if the game were scored now, for games scored by
    /// area (Go); `None` elsewhere ([`View::area_owners`](crate::game::View::area_owners)).
    fn area_owners(&self) -> Option<Vec<Option<Player>>>;
    /// Monte Carlo ownership from `count` playouts seeded by `seed`
    /// ([`area_estimate`](crate::search::playout::area_estimate)); `None` for a
    /// game not scored by area.
    fn area_estimate(&self, count: u64, seed: u64) -> Option<crate::search::playout::AreaEstimate>;
    /// The generic MCTS engine ([`search::mcts`](crate::search::mcts)) on this
    /// game's own typed moves, named `spec`: how the registry's `mcts` engine
    /// plays every game without the text API.
    fn mcts_engine(&self, spec: String, config: MctsConfig, limits: MctsLimits) -> Box<dyn Engine>;
    /// The `greedy` engine ([`engine::GREEDY`](crate::engine::GREEDY)) on this
    /// game's typed moves (a win in one, else a move that leaves the opponent
    /// none), seeded with `seed`, named `spec`.
    fn greedy_engine(&self, spec: String, seed: u64) -> Box<dyn Engine>;
    /// The generic alpha-beta engine
    /// ([`search::alphabeta_engine`](crate::search::alphabeta_engine)) on this
    /// game's typed moves and its own [`Hints::evaluate`](crate::game::Hints::evaluate), named `spec`.
    fn alphabeta_engine(
        &self, spec: String, limits: Limits, table_mib: usize,
    ) -> Result<Box<dyn Engine>, AllocError>;
    /// A Monte Carlo searcher of this position on the typed game, for analysis:
    /// each search goes on growing the same tree.
    fn mcts_searcher(&self, config: MctsConfig) -> Box<dyn DynMcts>;
    /// A copy of this game.
    fn clone_box(&self) -> Box<dyn DynGame>;
    /// The concrete game, for the library's game-specific engines and tools (a
    /// solver): downcast with `as_any().downcast_ref::<Connect4>()`. Apps go
    /// through the registry's engines instead.
    fn as_any(&self) -> &dyn std::any::Any;
}

impl Clone for Box<dyn DynGame> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// A move an engine chose, with what it says about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineMove {
    /// The move in the game's notation.
    pub mv: String,
    /// The engine's account of it (value, depth, nodes, time, line), if any.
    pub info: Option<String>,
    /// Positions the engine looked at for it (MCTS: simulations; alpha-beta:
    /// nodes), where it counts them.
    pub nodes: Option<u64>,
}

/// An engine that could not choose a move.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EngineError {
    /// The engine was built for another game.
    #[error("the {engine} engine cannot play {game}")]
    WrongGame {
        /// The engine's spec.
        engine: String,
        /// The game's spec.
        game: String,
    },
    /// The search failed (a solver refusing a position, an outside program
    /// that crashed).
    #[error("{engine}: {why}")]
    Failed {
        /// The engine's spec.
        engine: String,
        /// What went wrong.
        why: String,
    },
    /// The engine's stop flag ([`Engine::set_stop`]) was raised before it had
    /// searched enough to name a move.
    #[error("{engine}: stopped before it had searched a move")]
    Stopped {
        /// The engine's spec.
        engine: String,
    },
}

/// A move chooser. It may keep state between moves (a table, a tree); the
/// position it is asked about need not follow the last one.
pub trait Engine: Send {
    /// The engine's spec with all its parameters.
    fn spec(&self) -> String;

    /// The move to play in `game`; `None` when the game is over or has no move.
    fn choose(&mut self, game: &dyn DynGame) -> Result<Option<EngineMove>, EngineError>;

    /// Gives the engine a stop flag, in the style of
    /// [`ConnectFourSolver::set_stop`](crate::games::connect4::solver::ConnectFourSolver::set_stop):
    /// once it is raised (from any thread), a running [`choose`](Self::choose)
    /// ends within a few thousand nodes or simulations, on every search thread,
    /// and so does any later one until the caller lowers it (the engine never
    /// does). A stopped search answers its best move so far when it has one (a
    /// legal move: MCTS after one simulation, alpha-beta after its first root
    /// move at depth 1), else [`EngineError::Stopped`]. The engine's tables and
    /// trees stay valid: lowered, it plays on as before. `None` takes the flag
    /// away.
    ///
    /// The default does nothing: it suits only engines that answer at once
    /// (`random`, `greedy`) and outside programs (`gtp`), which end their move
    /// in their own time.
    fn set_stop(&mut self, flag: Option<Arc<AtomicBool>>) {
        let _ = flag;
    }
}
