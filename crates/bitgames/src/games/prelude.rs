//! What a game's module imports (`use crate::games::prelude::*;`): the bit
//! sets and grids it is built on, the §5 operations, the four traits of a
//! [`Game`](crate::game::Game) with their value and error types, and the
//! parts of its registry entry.

pub(crate) use crate::bits::Bits;
pub(crate) use crate::board::BoardView;
pub(crate) use crate::game::{
    Hints, Illegal, IllegalReason, Notation, Outcome, ParseError, Player, Rules, SetupError, View,
};
pub(crate) use crate::grid::{Cell, Dir, Grid, GridKind};
pub(crate) use crate::info::GameInfo;
pub(crate) use crate::ops;
pub(crate) use crate::params::ParamInfo;
pub(crate) use std::ops::ControlFlow;
