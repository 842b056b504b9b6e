#![doc = include_str!("../README.md")]
#![deny(missing_docs)]
#![warn(unreachable_pub)]

pub use bitgames_core::{bits, cpu, grid, ops};
/// The `rand` the [`Game`] trait's random moves take their generator from
/// (a game written outside the library names `rand::Rng` through it).
pub use rand;

/// Compiles a hot loop's items twice: module `plain` as written, and, in a
/// build without x86-64-v3's instructions (a portable build, plain `x86-64`),
/// module `hot` with every item compiled for them
/// (`#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]`): the loop and
/// every bitboard helper inlined into it then use `popcnt`, `tzcnt`, `pdep`.
/// `$body` is a local `macro_rules!` that writes the items with
/// `$(#[$hot])*` before each function; the items call each other by their
/// plain names, so a recursion stays in the copy it started in. Call them
/// through [`run_hot!`]. In a build for x86-64-v3 (the workspace's default)
/// only `plain` exists, compiled exactly as written (a dispatch wrapper there
/// had made the Connect Four perft 25% slower, measured). The hot loops: perft
/// walks (generic and Othello's), random playouts, MCTS playouts, the Connect
/// Four solver's search and Othello's endgame search. Kernels written with
/// intrinsics take a proof token ([`cpu::Avx2`], [`cpu::Pdep`]): one style,
/// the copies chosen by the token [`cpu::V3`].
macro_rules! hot_copies {
    ($body:ident) => {
        mod plain {
            #[allow(unused_imports)]
            use super::*;
            $body!();
        }
        #[cfg(all(target_arch = "x86_64", not(v3_build)))]
        mod hot {
            #[allow(unused_imports)]
            use super::*;
            $body!(#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]);
        }
    };
}

/// Calls `$f` (an item of [`hot_copies!`]) in its x86-64-v3 copy where the
/// token [`cpu::V3`] shows the CPU has those instructions and
/// `BITGAMES_CPU` is not `portable`, else in its plain copy. Chosen once per
/// call: a whole count, playout or search runs in one copy.
macro_rules! run_hot {
    ($f:ident $(::<$($g:tt),* $(,)?>)? ($($arg:expr),* $(,)?)) => {{
        #[cfg(all(target_arch = "x86_64", not(v3_build)))]
        let r = if $crate::cpu::V3::detect().is_some() {
            // SAFETY: `hot::$f` differs from `plain::$f` only by being compiled
            // for AVX2, BMI1, BMI2, LZCNT and POPCNT, which the token shows this
            // CPU has.
            unsafe { hot::$f $(::<$($g),*>)? ($($arg),*) }
        } else {
            plain::$f $(::<$($g),*>)? ($($arg),*)
        };
        #[cfg(not(all(target_arch = "x86_64", not(v3_build))))]
        let r = plain::$f $(::<$($g),*>)? ($($arg),*);
        r
    }};
}

/// Whether this process runs the hot loops' x86-64-v3 copies (`hot_copies!`):
/// true in a portable build (plain `x86-64`) on a CPU with AVX2, BMI1/2, LZCNT
/// and POPCNT unless `BITGAMES_CPU=portable`; false in a build for x86-64-v3
/// (whose only copy is compiled for them anyway) and off x86-64. For tests and
/// benchmark headers.
pub fn runs_hot_copies() -> bool {
    cfg!(all(target_arch = "x86_64", not(v3_build))) && cpu::V3::detect().is_some()
}

pub mod action;
pub mod analysis;
pub mod arena;
pub mod board;
pub mod dynamic;
pub mod engine;
mod erased;
pub mod formats;
pub mod game;
pub mod games;
pub mod gtp;
pub mod info;
pub mod notation;
pub mod parallel;
pub mod params;
pub mod player;
pub mod prelude;
pub mod puzzles;
pub mod record;
pub mod registry;
pub mod retro;
pub mod search;
pub mod sgf;
pub mod spec;
pub mod tools;

// The facade: what a program that plays, searches and solves games by name
// needs, all from the crate root (docs/library.md, `examples/`). The modules
// below hold the rest: a game's own types, the search algorithms' settings, the
// paper's operations on bitboards.
pub use analysis::{Analyser, Limits};
pub use arena::{run_match, MatchConfig, MatchReport};
pub use bits::{Bits, Bits128, Bits256, Bits384, Bits64};
pub use board::{BoardCell, BoardShape, BoardView};
pub use dynamic::DynGame;
pub use engine::{Engine, EngineBuildError, EngineError, EngineMove};
pub use game::{
    Game, Hints, Illegal, IllegalReason, Notation, NotationError, Outcome, ParseError, PerftRule,
    PlayError, Player, PositionFault, Rules, SetupError, View,
};
pub use grid::{Cell, Dir, Grid, GridKind};
pub use info::GameInfo;
pub use record::GameRecord;
pub use registry::analyser_for;
pub use registry::{games, new_engine, new_game, new_solver, tablebase_for, SpecError};
pub use tools::{MoveScore, Solution, SolveMode, SolveOptions, Solver, ToolError};

/// The library's unit tests of private items, compiled only with the
/// `internal-tests` feature, which the library's own test build turns on (it is a
/// dev-dependency of itself with that feature), and run by `tests/it/internal.rs`:
/// so the library is built once for the tests, not a second time as a test
/// harness (docs/testing.md). Not an API.
#[cfg(feature = "internal-tests")]
#[doc(hidden)]
pub mod internal_tests {
    pub use crate::games::breakthrough::tests as breakthrough;
    pub use crate::games::connect4::bits::tests as connect4_bits;
    pub use crate::games::connect4::book::tests as connect4_book;
    pub use crate::games::connect4::solver::tests as connect4_solver;
    pub use crate::games::connect4::table::tests as connect4_table;
    pub use crate::games::connect4::tests as connect4;
    pub use crate::games::fill::tests as fill;
    pub use crate::games::go::policy_tests as go_policy;
    pub use crate::games::hex::tests as hex;
    pub use crate::games::othello::endgame::stability::tests as othello_endgame_stability;
    pub use crate::games::othello::endgame::table_tests as othello_endgame_table;
    pub use crate::games::othello::endgame::tests as othello_endgame;
    pub use crate::games::othello::endgame::wipeout_tests as othello_endgame_wipeout;
    pub use crate::games::othello::formats::convert::tests as othello_formats_convert;
    pub use crate::games::othello::formats::ggf_tests as othello_formats_ggf;
    pub use crate::games::othello::formats::tests as othello_formats;
    pub use crate::games::othello::nboard::tests as othello_nboard;
    pub use crate::games::othello::perft::tests as othello_perft;
    pub use crate::games::othello::symmetry::tests as othello_symmetry;
    pub use crate::games::othello::tests as othello;
    pub use crate::games::othello::tools::tests as othello_tools;
    pub use crate::games::y::tests as y;
    pub use crate::gtp::session::tests as gtp_session;
    pub use crate::puzzles::life::kernel_tests as life_kernel;
    pub use crate::puzzles::pack::format_tests as pack_format;
    pub use crate::puzzles::pack::shape_tests as pack_shape;
    pub use crate::puzzles::pack::tests as pack;
    pub use crate::retro::tests as retro;
    pub use crate::search::memory::tests as search_memory;
    pub use crate::sgf::tests as sgf;
}

/// The examples of `docs/library.md`, run as doc tests so the guide stays true.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/library.md")]
pub struct LibraryGuide;
