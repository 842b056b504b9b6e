//! `perfect(table=FILE)`: perfect play from a game's retrograde table, for any
//! game that declares one ([`TablebaseInfo`]): the fastest win, else a draw,
//! else the slowest loss (under the game's move limit), a random one among
//! equals. A table file is read once a process and shared by every engine that
//! names it. A game names [`perfect`]`::<ItsGame>()` as its table's engine
//! ([`TablebaseInfo::engine`]); the registry lists it among the game's engines.

use super::Table;
use crate::dynamic::{DynGame, Engine, EngineError, EngineMove};
use crate::engine::{EngineBuildError, EngineInfo};
use crate::params::{ParamInfo, Params};
use crate::tools::{MoveValue, TableProbe, TablebaseInfo, ToolError};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// A game type with a retrograde table.
pub trait Tabled {
    /// Its table: how to build, read and ask it.
    const TABLEBASE: &'static TablebaseInfo;
    /// The name of the engine that plays from it: `perfect`, unless the game
    /// has an engine of that name already (Connect Four's solver).
    const ENGINE: &'static str = "perfect";
}

/// Declares a game type's table (`$game`, with the table's `build`, `load`,
/// `probe` and `staged`): `pub static TABLEBASE` (for the game's `GameInfo`), the
/// `perfect(table=FILE)` engine `PERFECT`, and the [`Tabled`] impl that
/// joins them. `$about` says which boards fit and how large they are.
#[macro_export]
#[doc(hidden)]
macro_rules! declare_tablebase {
    (
        $game:ty,
        about: $about:expr,
        build: $build:expr,
        load: $load:expr,
        probe: $probe:expr,
        staged: $staged:expr $(,)?
    ) => {
        /// The game's tables, as the registry lists them.
        pub static TABLEBASE: $crate::tools::TablebaseInfo = $crate::tools::TablebaseInfo {
            about: $about,
            build: $build,
            load: $load,
            probe: $probe,
            engine: &PERFECT,
            staged: $staged,
        };

        /// `perfect(table=FILE)`: perfect play from a small board's table.
        pub(crate) static PERFECT: $crate::engine::EngineInfo =
            $crate::retro::engine::perfect::<$game>();

        impl $crate::retro::engine::Tabled for $game {
            const TABLEBASE: &'static $crate::tools::TablebaseInfo = &TABLEBASE;
        }
    };
}

static PARAMS: &[ParamInfo] = &[
    ParamInfo::text("table", "", "the game's table file (`bitgames tablebase build GAME`)"),
    ParamInfo::int("seed", 0, 0, u32::MAX as i64, "seed of the choice among equally good moves"),
];

/// `perfect` ([`Tabled::ENGINE`]): perfect play from the retrograde table of
/// game type `G`.
pub const fn perfect<G: Tabled>() -> EngineInfo {
    EngineInfo {
        name: G::ENGINE,
        aliases: &[],
        summary: "perfect play from the game's table: the fastest win, else a draw, else the \
                  slowest loss; a random one among equals",
        params: PARAMS,
        build: build::<G>,
    }
}

/// What a read table is known by: the file (its path, size and time), and
/// the game it was read for (a file read for one board is not another's).
type TableKey = (PathBuf, Option<(u64, std::time::SystemTime)>, String);

/// The tables read so far: one copy in memory however many engines (an
/// arena's games) name the file; read again when the file changes.
static TABLES: Mutex<Vec<(TableKey, Arc<Table>)>> = Mutex::new(Vec::new());

fn build<G: Tabled>(game: &dyn DynGame, p: &Params) -> Result<Box<dyn Engine>, EngineBuildError> {
    let tb = G::TABLEBASE;
    let path = p.text("table");
    if path.is_empty() {
        return Err(EngineBuildError::param(
            "table",
            "",
            format!(
                "name the game's table file: {}(table=FILE), made by `bitgames tablebase build`",
                G::ENGINE
            ),
        ));
    }
    let table = shared_table(tb, game, std::path::Path::new(path))
        .map_err(|e| EngineBuildError::param("table", path, e))?;
    Ok(Box::new(Perfect {
        spec: p.spec(G::ENGINE),
        table,
        probe: tb.probe,
        rng: Xoshiro256PlusPlus::seed_from_u64(p.int("seed") as u64),
    }))
}

/// The table file at `path` read as `game`'s (`tb`'s `load`), once a
/// process: every engine that names the file, and a front end's analysis
/// (`registry::load_table`), share one copy; read again when the file
/// changes (its size or time).
pub(crate) fn shared_table(
    tb: &TablebaseInfo, game: &dyn DynGame, path: &std::path::Path,
) -> Result<Arc<Table>, ToolError> {
    let file = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let stamp = std::fs::metadata(&file).ok().and_then(|m| Some((m.len(), m.modified().ok()?)));
    let key = (file, stamp, game.spec());
    let mut tables = TABLES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, t)) = tables.iter().find(|(k, _)| *k == key) {
        return Ok(Arc::clone(t));
    }
    let t = Arc::new((tb.load)(game, &key.0)?);
    tables.retain(|(k, _)| (&k.0, &k.2) != (&key.0, &key.2));
    tables.push((key, Arc::clone(&t)));
    Ok(t)
}

/// The engine: a table and how to ask it.
struct Perfect {
    spec: String,
    table: Arc<Table>,
    probe: fn(&Table, &dyn DynGame) -> Result<TableProbe, ToolError>,
    rng: Xoshiro256PlusPlus,
}

impl Engine for Perfect {
    fn spec(&self) -> String {
        self.spec.clone()
    }

    fn choose(&mut self, game: &dyn DynGame) -> Result<Option<EngineMove>, EngineError> {
        let probe = (self.probe)(&self.table, game)
            .map_err(|e| EngineError::Failed { engine: self.spec.clone(), why: e.to_string() })?;
        let best = probe.best();
        if best.is_empty() {
            return Ok(None);
        }
        let pick = best[self.rng.random_range(0..best.len())];
        Ok(Some(EngineMove {
            mv: pick.mv.clone(),
            info: Some(format!("{} with perfect play", pick.value)),
            nodes: None,
        }))
    }
}

/// What a table says of `game`'s position and of every legal move: `value`
/// asked of the position and of the position after each move (then taken
/// back to the mover's side, [`Value::before`](super::Value::before)), every
/// value limited to the `left` plies the game's move limit leaves (`None`:
/// no limit).
pub fn probe_moves(
    game: &dyn DynGame, value: impl Fn(&dyn DynGame) -> Result<super::Value, ToolError>,
    left: Option<u32>,
) -> Result<TableProbe, ToolError> {
    let limit = |v: super::Value| left.map_or(v, |plies| v.within(plies));
    let here = value(game)?;
    let failed = |e: crate::action::ActionError| ToolError::Failed(e.to_string());
    let mut actions = Vec::new();
    game.legal_actions(&mut actions);
    let mut moves = Vec::with_capacity(actions.len());
    for a in actions {
        let mut child = game.clone_box();
        child.apply_action(a).map_err(failed)?;
        let after = value(&*child)?.before();
        moves
            .push(MoveValue { mv: game.action_to_string(a).map_err(failed)?, value: limit(after) });
    }
    Ok(TableProbe { value: here, limited: limit(here), moves })
}
