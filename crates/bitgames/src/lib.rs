#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

pub mod bits;
pub mod dynamic;
pub mod game;
pub mod games;
pub mod grid;
pub mod ops;
pub mod registry;
pub mod search;

pub use bits::{Bits, Bits128, Bits256, Bits384, Bits64};
pub use dynamic::DynGame;
pub use game::{Game, Outcome, ParseError, PlayError, Player};
pub use grid::{Cell, Dir, Grid, GridKind};
pub use registry::{new_game, SpecError};
