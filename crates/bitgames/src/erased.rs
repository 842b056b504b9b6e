//! Every [`Game`] as a [`DynGame`]: the blanket implementation, here above the
//! search modules because it instantiates the generic engines (MCTS, alpha-beta)
//! for each game type, while the `DynGame` trait itself, in
//! [`dynamic`](crate::dynamic), names only plain types.

use crate::action::ActionError;
use crate::board::BoardView;
use crate::dynamic::{DynGame, Engine};
use crate::engine::Greedy;
use crate::game::{
    Game, Hints, Notation, Outcome, ParseError, PlayError, Player, PlayoutStats, Rules, View,
};
use crate::search::alphabeta::Limits;
use crate::search::alphabeta_engine::AlphaBetaEngine;
use crate::search::mcts::{DynMcts, MctsConfig, MctsEngine, MctsLimits, TypedMcts};
use crate::search::memory::AllocError;
use crate::search::{perft_divide, playouts};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

impl<G: Game> DynGame for G {
    fn spec(&self) -> String {
        Rules::spec(self)
    }
    fn name(&self) -> &'static str {
        Rules::name(self)
    }
    fn side_to_move(&self) -> Player {
        Rules::side_to_move(self)
    }
    fn player_name(&self, p: Player) -> &'static str {
        Rules::player_name(self, p)
    }
    fn ply(&self) -> usize {
        Rules::ply(self)
    }
    fn legal_moves(&self) -> Vec<String> {
        let mut v = Vec::new();
        Rules::legal_moves(self, &mut v);
        v.iter().map(ToString::to_string).collect()
    }
    fn num_actions(&self) -> usize {
        Notation::num_actions(self)
    }
    fn legal_actions(&self, out: &mut Vec<usize>) {
        out.clear();
        Rules::for_each_move(self, |m| out.push(Notation::action(self, m)));
    }
    fn write_legal_actions(&self, mask: &mut [bool], ids: &mut Vec<usize>) {
        Notation::write_legal_actions(self, mask, ids);
    }
    fn write_legal_mask(&self, mask: &mut [bool]) {
        run_hot!(write_legal_mask::<G>(self, mask))
    }
    fn apply_action(&mut self, a: usize) -> Result<(), ActionError> {
        run_hot!(apply_action::<G>(self, a))
    }
    fn action_to_string(&self, a: usize) -> Result<String, ActionError> {
        Ok(legal_action(self, a)?.to_string())
    }
    fn string_to_action(&self, mv: &str) -> Result<usize, PlayError> {
        let m = self.parse_move(mv)?;
        Rules::check_move(self, m).map_err(PlayError::into_text)?;
        Ok(Notation::action(self, m))
    }
    fn play_text(&mut self, mv: &str) -> Result<(), PlayError> {
        let m = self.parse_move(mv)?;
        Rules::play(self, m).map_err(PlayError::into_text)
    }
    fn move_text(&self, mv: &str) -> Result<String, ParseError> {
        Ok(self.parse_move(mv)?.to_string())
    }
    fn set_position(&mut self, text: &str) -> Result<(), ParseError> {
        *self = self.parse_position(text)?;
        Ok(())
    }
    fn position(&self) -> String {
        Notation::position(self)
    }
    fn picture(&self) -> String {
        Notation::picture(self)
    }
    fn outcome(&self) -> Option<Outcome> {
        Rules::outcome(self)
    }
    fn describe_outcome(&self, o: Outcome) -> String {
        Rules::describe_outcome(self, o)
    }
    fn score(&self) -> Option<i32> {
        Rules::score(self)
    }
    fn score_halves(&self) -> Option<i64> {
        Rules::score_halves(self)
    }
    fn position_hash(&self) -> u64 {
        Rules::position_hash(self)
    }
    fn board(&self) -> BoardView {
        View::board(self)
    }
    fn move_cells(&self, mv: &str) -> Result<Vec<usize>, ParseError> {
        Ok(View::move_cells(self, self.parse_move(mv)?))
    }
    fn observation_shape(&self) -> [usize; 3] {
        View::observation_shape(self)
    }
    fn observe(&self, out: &mut [f32]) {
        run_hot!(observe::<G>(self, out))
    }
    fn perft(&self, depth: usize) -> u64 {
        Rules::perft(self, depth)
    }
    fn perft_parallel(&self, depth: usize, threads: usize) -> u64 {
        Rules::perft_parallel(self, depth, threads)
    }
    fn perft_divide(&self, depth: usize) -> Vec<(String, u64)> {
        perft_divide(self, depth).into_iter().map(|(m, n)| (m.to_string(), n)).collect()
    }
    fn playouts(&self, count: u64, seed: u64) -> PlayoutStats {
        playouts(self, count, seed)
    }
    fn random_move(&self, seed: u64) -> Option<String> {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        Hints::random_move(self, &mut rng).map(|m| m.to_string())
    }
    fn area_owners(&self) -> Option<Vec<Option<Player>>> {
        View::area_owners(self)
    }
    fn area_estimate(&self, count: u64, seed: u64) -> Option<crate::search::playout::AreaEstimate> {
        crate::search::playout::area_estimate(self, count, seed)
    }
    fn mcts_engine(&self, spec: String, config: MctsConfig, limits: MctsLimits) -> Box<dyn Engine> {
        Box::new(MctsEngine::<G>::new(spec, config, limits))
    }
    fn greedy_engine(&self, spec: String, seed: u64) -> Box<dyn Engine> {
        Box::new(Greedy::<G>::new(spec, seed))
    }
    fn alphabeta_engine(
        &self, spec: String, limits: Limits, table_mib: usize,
    ) -> Result<Box<dyn Engine>, AllocError> {
        Ok(Box::new(AlphaBetaEngine::<G>::try_new(spec, limits, table_mib)?))
    }
    fn mcts_searcher(&self, config: MctsConfig) -> Box<dyn DynMcts> {
        Box::new(TypedMcts::new(self.clone(), config))
    }
    fn clone_box(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

/// The calls a batch of games makes at every step (`bitgames-py`'s
/// `VectorEnv`: play an action, write the observation and the legal mask),
/// hot paths (`hot_copies!`): in a portable build the game's move, win test
/// and planes run in the x86-64-v3 copy where the CPU has it, their popcounts
/// and bit scans single instructions.
macro_rules! step_body {
    ($(#[$hot:meta])*) => {
        $(#[$hot])*
        pub(super) fn apply_action<G: Game>(game: &mut G, a: usize) -> Result<(), ActionError> {
            let mv = legal_action(game, a)?;
            Rules::play_unchecked(game, mv);
            Ok(())
        }

        $(#[$hot])*
        pub(super) fn write_legal_mask<G: Game>(game: &G, mask: &mut [bool]) {
            Notation::write_legal_mask(game, mask);
        }

        $(#[$hot])*
        pub(super) fn observe<G: Game>(game: &G, out: &mut [f32]) {
            View::observe(game, out)
        }
    };
}
hot_copies!(step_body);

/// The legal move of `game` with action id `a`, or why there is none.
#[inline(always)]
fn legal_action<G: Game>(game: &G, a: usize) -> Result<G::Move, ActionError> {
    if a < game.num_actions() {
        if let Some(mv) = game.action_move(a) {
            return Ok(mv);
        }
    }
    Err(illegal_action(game, a))
}

/// Why action `a` is not legal in `game`: out of range, the game over, or
/// not among the legal ones (the first 20 shown).
#[cold]
#[inline(never)]
fn illegal_action<G: Game>(game: &G, a: usize) -> ActionError {
    let count = game.num_actions();
    if a >= count {
        return ActionError::OutOfRange { action: a, count, game: game.spec() };
    }
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
}
