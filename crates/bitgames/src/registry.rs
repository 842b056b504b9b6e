//! The game registry: every game the library has, built from a spec string
//! with parameters, OpenSpiel-style: `connect4`, `connect4(width=8,height=7)`,
//! `tictactoe(k=4)`; and the engines and tools each game brings.
//!
//! Each game module declares its own [`GameInfo`]; this module only lists them,
//! so it sits above the games and nothing below imports it.

use crate::dynamic::DynGame;
use crate::engine::{Engine, EngineInfo};
pub use crate::info::{BuildFn, GameInfo};
pub use crate::params::{ParamInfo, ParamKind, ParamValue, Params};
use crate::record::{GameRecord, RecordError, SavedRecord};
pub use crate::spec::{parse_spec, write_spec, Spec, SpecError};
use crate::tools::{BenchSuite, ProtocolInfo, SolveOptions, Solver, TablebaseInfo, ToolError};

/// Every game's module by name: each declares its own `INFO`, so a new game is
/// one name here.
macro_rules! games {
    ($($game:ident),* $(,)?) => {
        &[$(&crate::games::$game::INFO),*]
    };
}

static GAMES: &[&GameInfo] = games![
    breakthrough,
    clobber,
    connect4,
    go,
    gomoku,
    havannah,
    hex,
    othello,
    teeko,
    tictactoe,
    y,
    yavalath,
];

/// The engines every game has (a game's own engine of the same name takes the
/// place of a generic one: Othello's `alphabeta`).
static GENERIC: &[&EngineInfo] = &[
    &crate::engine::RANDOM,
    &crate::engine::GREEDY,
    &crate::search::mcts::MCTS,
    &crate::search::alphabeta_engine::ALPHABETA,
    &crate::gtp::client::GTP,
];

/// The engines every game has: `random`, `greedy`, `mcts`, `alphabeta`, `gtp`.
pub fn generic_engines() -> &'static [&'static EngineInfo] {
    GENERIC
}

/// Every registered game.
pub fn games() -> &'static [&'static GameInfo] {
    GAMES
}

/// The registered game with this name.
pub fn game_info(name: &str) -> Option<&'static GameInfo> {
    GAMES.iter().copied().find(|g| g.name == name)
}

/// The registered game a built game comes from (by its [`name`](DynGame::name)).
pub fn info_of(game: &dyn DynGame) -> Option<&'static GameInfo> {
    game_info(game.name())
}

/// The engines that play `game`: the generic ones, then the game's own, then
/// its table's (`perfect`); a game's own engine replaces a generic one of the
/// same name.
pub fn engines_for(game: &dyn DynGame) -> Vec<&'static EngineInfo> {
    engines_of(info_of(game))
}

/// The engines of a game's registry entry ([`engines_for`]; the generic ones
/// alone for a game outside the registry, `None`).
pub fn engines_of(info: Option<&'static GameInfo>) -> Vec<&'static EngineInfo> {
    let own: &[&'static EngineInfo] = info.map_or(&[], |info| info.engines);
    let mut v: Vec<&'static EngineInfo> =
        GENERIC.iter().copied().filter(|g| !own.iter().any(|o| o.name == g.name)).collect();
    v.extend(own.iter().copied());
    // The engine that plays from the game's retrograde table, if it has one:
    // listed, not its default (it needs the table's file).
    v.extend(info.and_then(|i| i.tools.tablebase).map(|t| t.engine));
    v
}

/// The engine to play when none is named: the game's own (its last, the
/// strongest: Connect Four's exact solver, Othello's alpha-beta player), else
/// Monte Carlo tree search (one second a move by default).
pub fn default_engine(game: &dyn DynGame) -> &'static EngineInfo {
    info_of(game)
        .and_then(|info| info.engines.last().copied())
        .unwrap_or(&crate::search::mcts::MCTS)
}

/// The analyser for `game`'s current position: the game's own
/// ([`Tools::analyser`](crate::tools::Tools::analyser)), else Monte Carlo tree
/// search.
pub fn analyser_for(game: &dyn DynGame) -> Box<dyn crate::analysis::Analyser> {
    info_of(game)
        .and_then(|info| info.tools.analyser)
        .and_then(|f| f(game))
        .unwrap_or_else(|| Box::new(crate::search::mcts::MctsAnalyser))
}

/// `game`'s retrograde table ([`Tools::tablebase`](crate::tools::Tools::tablebase)):
/// how to build, read and probe it; [`ToolError::NoTable`] naming the games
/// that have one if it has none.
pub fn tablebase_for(game: &dyn DynGame) -> Result<&'static TablebaseInfo, ToolError> {
    info_of(game).and_then(|i| i.tools.tablebase).ok_or_else(|| {
        let with = GAMES.iter().filter(|g| g.tools.tablebase.is_some()).map(|g| g.name).collect();
        ToolError::NoTable { game: game.spec(), with }
    })
}

/// Reads a table file for the front ends that take one (`bitgames serve
/// --table FILE`): its game is the spec its header names
/// ([`Table::game_of_file`](crate::retro::Table::game_of_file), the spec
/// before the layout's note in brackets), and the file is read and checked
/// whole as that game's table.
pub fn load_table(
    path: &std::path::Path,
) -> Result<crate::retro::analysis::LoadedTable, ToolError> {
    let named = crate::retro::Table::game_of_file(path).map_err(ToolError::game)?;
    let spec = named.split(" (").next().unwrap_or(&named).trim();
    let game = new_game(spec).map_err(|e| {
        let why = format!("{}: its game {named:?} is not one this build has: {e}", path.display());
        ToolError::bad_option("table", why)
    })?;
    let info = tablebase_for(game.as_ref())?;
    // The copy the `perfect` engine reads too.
    let table = crate::retro::engine::shared_table(info, game.as_ref(), path)?;
    Ok(crate::retro::analysis::LoadedTable {
        spec: game.spec(),
        path: path.to_path_buf(),
        info,
        table,
    })
}

/// The record formats `game` declares, in its order.
pub fn formats_of(game: &dyn DynGame) -> &'static [&'static crate::formats::RecordFormat] {
    info_of(game).map_or(&[], |info| info.tools.formats)
}

/// Every benchmark suite of every game, with its game.
pub fn bench_suites() -> Vec<(&'static GameInfo, &'static BenchSuite)> {
    GAMES.iter().flat_map(|g| g.tools.benches.iter().map(move |b| (*g, *b))).collect()
}

/// The game that speaks a protocol, and the protocol (`nboard`).
pub fn protocol(name: &str) -> Option<(&'static GameInfo, &'static ProtocolInfo)> {
    GAMES.iter().find_map(|g| g.tools.protocols.iter().find(|p| p.name == name).map(|p| (*g, *p)))
}

/// Builds the engine a spec names (`random`, `alphabeta(level=6)`) for `game`.
pub fn new_engine(game: &dyn DynGame, spec: &str) -> Result<Box<dyn Engine>, SpecError> {
    let parsed = parse_spec(spec)?;
    let engines = engines_for(game);
    let Some(info) =
        engines.iter().find(|e| e.name == parsed.name || e.aliases.contains(&parsed.name.as_str()))
    else {
        let everyone: Vec<&str> = GAMES
            .iter()
            .flat_map(|g| g.engines.iter().map(|e| e.name))
            .filter(|n| *n == parsed.name)
            .collect();
        let known = engines.iter().map(|e| e.name).collect::<Vec<_>>().join(", ");
        return Err(if everyone.is_empty() {
            SpecError::UnknownEngine { name: parsed.name, game: game.spec(), known }
        } else {
            SpecError::EngineNotForGame { name: parsed.name, game: game.spec(), known }
        });
    };
    let params = Params::parse(info.name, info.params, &parsed.params)?;
    (info.build)(game, &params)
        .map_err(|error| SpecError::Engine { engine: info.name.into(), error })
}

/// Builds the exact solver of `game`'s game with `options`: an input error
/// when the game has none (naming the games that do) or when the options ask
/// for what its solver does not take (a weak solve, a book).
pub fn new_solver(
    game: &dyn DynGame, options: &SolveOptions,
) -> Result<Box<dyn Solver>, ToolError> {
    let solver = info_of(game).and_then(|i| i.tools.solver).ok_or_else(|| {
        let with: Vec<&str> =
            GAMES.iter().filter(|g| g.tools.solver.is_some()).map(|g| g.name).collect();
        ToolError::NoSolver { game: game.spec(), with }
    })?;
    if options.weak && !solver.takes.weak {
        return Err(ToolError::NotTaken {
            option: "weak",
            game: game.spec(),
            why: "its solver is always exact",
        });
    }
    if options.book.is_some() && !solver.takes.book {
        return Err(ToolError::NotTaken {
            option: "book",
            game: game.spec(),
            why: "its solver has none",
        });
    }
    (solver.build)(game, options)
}

/// Builds the start position of the game a spec names.
pub fn new_game(spec: &str) -> Result<Box<dyn DynGame>, SpecError> {
    let parsed = parse_spec(spec)?;
    let info = game_info(&parsed.name).ok_or_else(|| SpecError::UnknownGame {
        name: parsed.name.clone(),
        known: GAMES.iter().map(|g| g.name).collect::<Vec<_>>().join(", "),
    })?;
    let params = Params::parse(info.name, info.params, &parsed.params)?;
    (info.build)(&params).map_err(|error| SpecError::Setup { game: info.name.into(), error })
}

/// Replays a saved record: builds its game from the spec, sets the start
/// position and checks every move.
pub fn replay(saved: &SavedRecord) -> Result<GameRecord, RecordError> {
    let mut start = new_game(&saved.game)?;
    start.set_position(&saved.start)?;
    let mut record = GameRecord::new(start);
    for (i, mv) in saved.moves.iter().enumerate() {
        record.play(mv).map_err(|error| RecordError::Move { number: i + 1, error })?;
    }
    Ok(record)
}

/// Reads a record written by [`GameRecord::to_json`] and replays it.
pub fn read_record(json: &str) -> Result<GameRecord, RecordError> {
    let saved: SavedRecord =
        serde_json::from_str(json).map_err(|e| RecordError::Syntax(e.to_string()))?;
    replay(&saved)
}
