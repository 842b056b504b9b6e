//! The game traits in one import, for code that calls their methods on a
//! concrete game: `use bitgames::prelude::*;` brings [`Rules`], [`Notation`],
//! [`View`] and [`Hints`] into scope (a method can only be called where its
//! trait is), with [`Game`] for bounds. (Not [`DynGame`](crate::DynGame): it
//! has methods of the same names for every game, so a concrete game's calls
//! would be ambiguous; import it where a `dyn DynGame` is used.)

pub use crate::game::{Game, Hints, Notation, Rules, View};
pub use crate::games::stones::StoneGame;
