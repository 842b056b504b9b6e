#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

pub use bitgames_core::{bits, cpu, grid, ops};

pub mod arena;
pub mod board;
pub mod dynamic;
pub mod engine;
pub mod game;
pub mod games;
pub mod gtp;
pub mod info;
pub mod params;
pub mod player;
pub mod puzzles;
pub mod record;
pub mod registry;
pub mod search;
pub mod sgf;
pub mod spec;
pub mod tools;

pub use bits::{Bits, Bits128, Bits256, Bits384, Bits64};
pub use board::{BoardCell, BoardShape, BoardView};
pub use dynamic::DynGame;
pub use engine::{Engine, EngineError, EngineMove};
pub use game::{
    Game, Illegal, IllegalReason, NotationError, Outcome, ParseError, PerftRule, PlayError, Player,
    SetupError,
};
pub use grid::{Cell, Dir, Grid, GridKind};
pub use record::GameRecord;
pub use registry::{new_engine, new_game, SpecError};
