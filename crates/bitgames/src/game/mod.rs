//! The game API shared by every game, search and front end, in four traits
//! that a game implements and one it then has:
//!
//! - [`Rules`]: the state, its moves, playing them, the outcome, the hash and
//!   perft: all a search needs to be correct;
//! - [`Notation`]: moves and positions as text, moves as action ids;
//! - [`View`]: the board's cells for a front end, planes for a network;
//! - [`Hints`]: what a search may ask beyond the rules (random playouts, MCTS
//!   priors, a heuristic value), every method with a default;
//! - [`Game`]: all four, implemented for every type that has them, the bound a
//!   search, an engine or the dynamic layer ([`DynGame`](crate::DynGame))
//!   takes.
//!
//! Also here: players and outcomes, the errors a user can provoke, and small
//! helpers the games share. Nothing here imports a game or a search.

mod errors;
mod hints;
mod notation;
mod rules;
mod util;
mod view;

pub use crate::player::{Outcome, Player};
pub use errors::{
    Illegal, IllegalReason, NotationError, ParseError, PlayError, PositionFault, SetupError,
};
pub use hints::{one_at_a_time, Hints, PlayoutStats};
pub use notation::Notation;
pub use rules::{perft_parallel, perft_walk, PerftRule, Rules};
pub use util::{clip, hash_sets, mix64, nth_across, push_escaped, random_below};
pub use view::View;

/// A whole game: its [`Rules`], [`Notation`], [`View`] and search [`Hints`].
/// Implemented for every type that implements the four, so a game never writes
/// it; code that plays, searches or shows a game takes `G: Game` and may call
/// any of their methods.
pub trait Game: Rules + Notation + View + Hints {}

impl<G: Rules + Notation + View + Hints> Game for G {}
