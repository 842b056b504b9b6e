//! [`DynGame`]: an object-safe face of every [`Game`], with moves and positions as
//! text, so the CLI, the web app and the registry handle any game the same way.

use crate::action::ActionError;
use crate::board::BoardView;
use crate::engine::Engine;
use crate::game::{Game, Outcome, ParseError, PlayError, Player};
use crate::search::mcts::{MctsConfig, MctsEngine, MctsLimits};
use crate::search::{perft_divide, playouts, PlayoutStats};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// Any game, behind a pointer: moves and positions as text.
pub trait DynGame: Send + Sync {
    /// The game's spec, `connect4(width=7,height=6)`.
    fn spec(&self) -> String;
    /// The game's registry name, `connect4` ([`Game::name`]).
    fn name(&self) -> &'static str;
    /// The player to move.
    fn side_to_move(&self) -> Player;
    /// The name of a player (`X`, `O`, …).
    fn player_name(&self, p: Player) -> &'static str;
    /// Plies played.
    fn ply(&self) -> usize;
    /// Legal moves in the game's notation (empty when the game is over).
    fn legal_moves(&self) -> Vec<String>;
    /// How many action ids the game has ([`Game::num_actions`]).
    fn num_actions(&self) -> usize;
    /// Clears `out` and writes the legal moves' action ids into it, in the
    /// game's move order ([`Game::action`]).
    fn legal_actions(&self, out: &mut Vec<usize>);
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
    /// The final score in half points ([`Game::score_halves`]).
    fn score_halves(&self) -> Option<i64>;
    /// 64-bit position hash ([`Game::position_hash`]).
    fn position_hash(&self) -> u64;
    /// The board as cells to draw ([`Game::board`]).
    fn board(&self) -> BoardView;
    /// The board cells a move (given as text) touches ([`Game::move_cells`]).
    fn move_cells(&self, mv: &str) -> Result<Vec<usize>, ParseError>;
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
    /// The generic MCTS engine ([`search::mcts`](crate::search::mcts)) on this
    /// game's own typed moves, named `spec`: how the registry's `mcts` engine
    /// plays every game without the text API.
    fn mcts_engine(&self, spec: String, config: MctsConfig, limits: MctsLimits) -> Box<dyn Engine>;
    /// The generic alpha-beta engine
    /// ([`search::alphabeta_engine`](crate::search::alphabeta_engine)) on this
    /// game's typed moves and its own [`Game::evaluate`], named `spec`.
    fn alphabeta_engine(
        &self,
        spec: String,
        limits: crate::search::alphabeta::Limits,
        table_mib: usize,
    ) -> Result<Box<dyn Engine>, crate::search::memory::AllocError>;
    /// A Monte Carlo searcher of this position on the typed game, for analysis:
    /// each search goes on growing the same tree.
    fn mcts_searcher(&self, config: MctsConfig) -> Box<dyn crate::search::mcts::DynMcts>;
    /// A copy of this game.
    fn clone_box(&self) -> Box<dyn DynGame>;
    /// The concrete game, for the library's game-specific engines and tools (a
    /// solver): downcast with `as_any().downcast_ref::<Connect4>()`. Apps go
    /// through the registry's engines instead.
    fn as_any(&self) -> &dyn std::any::Any;
}

impl<G: Game> DynGame for G {
    fn spec(&self) -> String {
        Game::spec(self)
    }
    fn name(&self) -> &'static str {
        Game::name(self)
    }
    fn side_to_move(&self) -> Player {
        Game::side_to_move(self)
    }
    fn player_name(&self, p: Player) -> &'static str {
        Game::player_name(self, p)
    }
    fn ply(&self) -> usize {
        Game::ply(self)
    }
    fn legal_moves(&self) -> Vec<String> {
        let mut v = Vec::new();
        Game::legal_moves(self, &mut v);
        v.iter().map(ToString::to_string).collect()
    }
    fn num_actions(&self) -> usize {
        Game::num_actions(self)
    }
    fn legal_actions(&self, out: &mut Vec<usize>) {
        out.clear();
        Game::for_each_move(self, |m| out.push(Game::action(self, m)));
    }
    fn apply_action(&mut self, a: usize) -> Result<(), ActionError> {
        let mv = legal_action(self, a)?;
        Game::play_unchecked(self, mv);
        Ok(())
    }
    fn action_to_string(&self, a: usize) -> Result<String, ActionError> {
        Ok(legal_action(self, a)?.to_string())
    }
    fn string_to_action(&self, mv: &str) -> Result<usize, PlayError> {
        let m = self.parse_move(mv)?;
        Game::check_move(self, m).map_err(PlayError::into_text)?;
        Ok(Game::action(self, m))
    }
    fn play_text(&mut self, mv: &str) -> Result<(), PlayError> {
        let m = self.parse_move(mv)?;
        Game::play(self, m).map_err(PlayError::into_text)
    }
    fn move_text(&self, mv: &str) -> Result<String, ParseError> {
        Ok(self.parse_move(mv)?.to_string())
    }
    fn set_position(&mut self, text: &str) -> Result<(), ParseError> {
        *self = self.parse_position(text)?;
        Ok(())
    }
    fn position(&self) -> String {
        Game::position(self)
    }
    fn picture(&self) -> String {
        Game::picture(self)
    }
    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }
    fn describe_outcome(&self, o: Outcome) -> String {
        Game::describe_outcome(self, o)
    }
    fn score(&self) -> Option<i32> {
        Game::score(self)
    }
    fn score_halves(&self) -> Option<i64> {
        Game::score_halves(self)
    }
    fn position_hash(&self) -> u64 {
        Game::position_hash(self)
    }
    fn board(&self) -> BoardView {
        Game::board(self)
    }
    fn move_cells(&self, mv: &str) -> Result<Vec<usize>, ParseError> {
        Ok(Game::move_cells(self, self.parse_move(mv)?))
    }
    fn perft(&self, depth: usize) -> u64 {
        Game::perft(self, depth)
    }
    fn perft_parallel(&self, depth: usize, threads: usize) -> u64 {
        Game::perft_parallel(self, depth, threads)
    }
    fn perft_divide(&self, depth: usize) -> Vec<(String, u64)> {
        perft_divide(self, depth).into_iter().map(|(m, n)| (m.to_string(), n)).collect()
    }
    fn playouts(&self, count: u64, seed: u64) -> PlayoutStats {
        playouts(self, count, seed)
    }
    fn random_move(&self, seed: u64) -> Option<String> {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        Game::random_move(self, &mut rng).map(|m| m.to_string())
    }
    fn mcts_engine(&self, spec: String, config: MctsConfig, limits: MctsLimits) -> Box<dyn Engine> {
        Box::new(MctsEngine::<G>::new(spec, config, limits))
    }
    fn alphabeta_engine(
        &self,
        spec: String,
        limits: crate::search::alphabeta::Limits,
        table_mib: usize,
    ) -> Result<Box<dyn Engine>, crate::search::memory::AllocError> {
        Ok(Box::new(crate::search::alphabeta_engine::AlphaBetaEngine::<G>::try_new(
            spec, limits, table_mib,
        )?))
    }
    fn mcts_searcher(&self, config: MctsConfig) -> Box<dyn crate::search::mcts::DynMcts> {
        Box::new(crate::search::mcts::TypedMcts::new(self.clone(), config))
    }
    fn clone_box(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

/// The legal move of `game` with action id `a`, or why there is none.
fn legal_action<G: Game>(game: &G, a: usize) -> Result<G::Move, ActionError> {
    let count = game.num_actions();
    if a >= count {
        return Err(ActionError::OutOfRange { action: a, count, game: game.spec() });
    }
    game.action_move(a).ok_or_else(|| {
        let why = match game.outcome() {
            Some(o) => format!("the game is over: {}", game.describe_outcome(o)),
            None => {
                let mut ids = Vec::new();
                game.for_each_move(|m| ids.push(game.action(m)));
                ids.sort_unstable();
                let shown: Vec<String> = ids.iter().take(20).map(usize::to_string).collect();
                let more = if ids.len() > 20 { ", …" } else { "" };
                format!("legal actions: {}{more}", shown.join(", "))
            }
        };
        ActionError::Illegal { action: a, why }
    })
}

impl Clone for Box<dyn DynGame> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}
