//! What a game declares about itself for the registry: its name, typed
//! parameters, how to build it, its own engines and its tools; and the one rule
//! that picks a grid game's storage size.

use crate::dynamic::DynGame;
use crate::engine::EngineInfo;
use crate::game::SetupError;
use crate::params::{ParamInfo, Params};
use crate::tools::Tools;

/// Builds a game from its checked parameters.
pub type BuildFn = fn(&Params) -> Result<Box<dyn DynGame>, SetupError>;

/// A registered game: what `bitgames games` lists and `new_game` builds. Each game
/// module declares its own (`games::connect4::INFO`).
pub struct GameInfo {
    /// Name, as written in specs.
    pub name: &'static str,
    /// One-line description.
    pub summary: &'static str,
    /// Its parameters, typed, with defaults and ranges.
    pub params: &'static [ParamInfo],
    /// Builds the start position.
    pub build: BuildFn,
    /// Engines made for this game alone (a solver, a tuned player), besides the
    /// generic ones every game has.
    pub engines: &'static [&'static EngineInfo],
    /// Its solver, benchmarks, book builder, converters and protocols.
    pub tools: Tools,
}

impl GameInfo {
    /// `name(p=default,…)`.
    pub fn default_spec(&self) -> String {
        Params::defaults(self.params).spec(self.name)
    }
}

/// Builds a game generic over its storage, `N` words, with the fewest words
/// (1, 2, 4 or 6) that hold `bits` bits: the one storage-size rule every game
/// on a [`Grid`](crate::grid::Grid) shares.
pub trait WordsBuilder {
    /// Builds the game in `N` words.
    fn build<const N: usize>(self) -> Result<Box<dyn DynGame>, SetupError>;
}

/// Calls `builder` with the smallest word count for `bits` bits; an error past
/// the largest storage (384 bits, a 19×19 board with separators).
pub fn with_words<B: WordsBuilder>(
    bits: usize,
    width: usize,
    height: usize,
    builder: B,
) -> Result<Box<dyn DynGame>, SetupError> {
    match bits {
        0..=64 => builder.build::<1>(),
        65..=128 => builder.build::<2>(),
        129..=256 => builder.build::<4>(),
        257..=384 => builder.build::<6>(),
        _ => Err(SetupError::TooLarge { width, height, needed: bits, capacity: 384, how: "" }),
    }
}
