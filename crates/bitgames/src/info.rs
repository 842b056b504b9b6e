//! What a game declares about itself for the registry: its name, typed
//! parameters, how to build it, its own engines and its tools; and the one rule
//! that picks a grid game's storage size ([`in_words!`](crate::in_words)).

use crate::dynamic::DynGame;
use crate::engine::EngineInfo;
use crate::game::SetupError;
use crate::params::{ParamInfo, Params};
use crate::tools::{CoreBench, Tools};

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
    /// A game with no engines or tools of its own; the builders below add
    /// them, in a `static`:
    ///
    /// ```ignore
    /// pub static INFO: GameInfo = GameInfo::new("mygame", "My game", PARAMS, build)
    ///     .core_bench((5, 4), (100_000, 10_000));
    /// ```
    pub const fn new(
        name: &'static str, summary: &'static str, params: &'static [ParamInfo], build: BuildFn,
    ) -> GameInfo {
        GameInfo { name, summary, params, build, engines: &[], tools: Tools::NONE }
    }

    /// With engines made for this game alone.
    pub const fn engines(self, engines: &'static [&'static EngineInfo]) -> GameInfo {
        GameInfo { engines, ..self }
    }

    /// With these tools (a solver, formats, protocols, …).
    pub const fn tools(self, tools: Tools) -> GameInfo {
        GameInfo { tools, ..self }
    }

    /// With strong solutions of small boards: `bitgames tablebase` builds,
    /// saves and probes them ([`TablebaseInfo`](crate::tools::TablebaseInfo)).
    pub const fn tablebase(mut self, tablebase: &'static crate::tools::TablebaseInfo) -> GameInfo {
        self.tools.tablebase = Some(tablebase);
        self
    }

    /// With `bitgames bench`'s default workload: perft to `perft.0` plies
    /// (`perft.1` with `--quick`) and `playouts.0` random playouts
    /// (`playouts.1`).
    pub const fn core_bench(mut self, perft: (usize, usize), playouts: (u64, u64)) -> GameInfo {
        self.tools.core_bench = Some(CoreBench { perft, playouts });
        self
    }

    /// `name(p=default,…)`.
    pub fn default_spec(&self) -> String {
        Params::defaults(self.params).spec(self.name)
    }
}

/// Builds a game generic over its storage in the fewest words (1, 2, 4 or 6)
/// that hold `bits` bits: the one storage-size rule every game on a
/// [`Grid`](crate::grid::Grid) shares. The last argument names the word count
/// and makes the game with it (a `Result<_, SetupError>`), instantiated for
/// each count; past the largest storage (384 bits, a 19×19 board with
/// separators) the answer is a [`SetupError::TooLarge`] naming `width` and
/// `height`.
///
/// ```ignore
/// build: |p| {
///     let size = p.size();
///     let bits = Grid::<1>::bits_needed(GridKind::Hex, size, size);
///     bitgames::in_words!(bits, size, size, |N| Hex::<N>::new(size, false))
/// },
/// ```
///
/// For a game on a [`Grid`](crate::grid::Grid) of `width × height` cells of a
/// [`GridKind`](crate::grid::GridKind), `grid KIND` in place of the bits
/// counts them: `in_words!(grid GridKind::Hex, size, size, |N| …)`; and
/// `board KIND, params` reads the grid's `width × height` from the checked
/// parameters ([`Params::board`]), naming them for the maker:
/// `in_words!(board GridKind::Square8, p, |N, w, h| Breakthrough::<N>::new(w, h))`.
#[macro_export]
macro_rules! in_words {
    // One word count: the game made with `N` that many words, boxed.
    (@boxed $n:ident = $words:expr, $make:expr) => {{
        const $n: usize = $words;
        ($make).map(|g| Box::new(g) as Box<dyn $crate::dynamic::DynGame>)
    }};
    (board $kind:expr, $params:expr, |$n:ident, $w:ident, $h:ident| $make:expr) => {{
        let ($w, $h) = $crate::params::Params::board($params);
        $crate::in_words!(grid $kind, $w, $h, |$n| $make)
    }};
    (grid $kind:expr, $width:expr, $height:expr, |$n:ident| $make:expr) => {{
        let (width, height): (usize, usize) = ($width, $height);
        let bits = $crate::grid::Grid::<1>::bits_needed($kind, width, height);
        $crate::in_words!(bits, width, height, |$n| $make)
    }};
    ($bits:expr, $width:expr, $height:expr, |$n:ident| $make:expr) => {{
        let bits: usize = $bits;
        match bits {
            0..=64 => $crate::in_words!(@boxed $n = 1, $make),
            65..=128 => $crate::in_words!(@boxed $n = 2, $make),
            129..=256 => $crate::in_words!(@boxed $n = 4, $make),
            257..=384 => $crate::in_words!(@boxed $n = 6, $make),
            _ => Err($crate::game::SetupError::TooLarge {
                width: $width,
                height: $height,
                needed: bits,
                capacity: 384,
                how: "",
            }),
        }
    }};
}
