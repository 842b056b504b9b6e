//! `alphabeta`: the generic alpha-beta engine every game has (a game's own
//! engine of the same name, Othello's, takes its place there), built on the
//! typed game through [`DynGame::alphabeta_engine`].
//!
//! It searches with [`AlphaBeta`] (negamax PVS, a transposition table,
//! iterative deepening) and the game's own evaluation ([`GameEval`], from
//! [`Hints::evaluate`](crate::game::Hints::evaluate)); a game without one scores every unfinished leaf 0, so
//! the engine still plays wins and avoids losses within its horizon.

use super::alphabeta::{describe_score, AlphaBeta, GameEval, Limits};
use crate::dynamic::DynGame;
use crate::engine::{Engine, EngineBuildError, EngineError, EngineInfo, EngineMove};
use crate::game::Game;
use crate::params::ParamInfo;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

static PARAMS: &[ParamInfo] = &[
    ParamInfo::optional_int("depth", 1, 64, "deepest iteration, in plies"),
    ParamInfo::duration("time", None, 1, 3_600_000, "time a move (1s when no limit is given)"),
    ParamInfo::optional_int("nodes", 1, 1_000_000_000_000, "positions visited a move"),
    ParamInfo::int("table_mib", 16, 1, 4096, "transposition table size, MiB"),
];

/// `alphabeta`: negamax PVS with a table and iterative deepening on the
/// game's own evaluation.
pub static ALPHABETA: EngineInfo = EngineInfo {
    name: "alphabeta",
    aliases: &["ab"],
    summary: "alpha-beta (PVS, table, iterative deepening) on the game's evaluation",
    params: PARAMS,
    build: |game, p| {
        let mut limits = Limits {
            depth: p.opt_int("depth").map(|d| d as u32),
            nodes: p.opt_int("nodes").map(|n| n as u64),
            time: p.duration("time"),
        };
        if limits.depth.is_none() && limits.nodes.is_none() && limits.time.is_none() {
            limits.time = Some(Duration::from_secs(1));
        }
        let mib = p.int("table_mib") as usize;
        game.alphabeta_engine(p.spec("alphabeta"), limits, mib)
            .map_err(|e| EngineBuildError::param("table_mib", mib, e))
    },
};

/// The alpha-beta engine for game `G`.
pub struct AlphaBetaEngine<G: Game> {
    spec: String,
    search: AlphaBeta<G, GameEval>,
    limits: Limits,
}

impl<G: Game> AlphaBetaEngine<G> {
    /// An engine named `spec` searching within `limits` a move with a table of
    /// `table_mib` MiB.
    pub fn new(spec: String, limits: Limits, table_mib: usize) -> Self {
        AlphaBetaEngine { spec, search: AlphaBeta::new(GameEval, table_mib), limits }
    }

    /// [`new`](Self::new), or an error when the table's memory cannot be had.
    pub fn try_new(
        spec: String, limits: Limits, table_mib: usize,
    ) -> Result<Self, crate::search::memory::AllocError> {
        Ok(AlphaBetaEngine { spec, search: AlphaBeta::try_new(GameEval, table_mib)?, limits })
    }
}

impl<G: Game> Engine for AlphaBetaEngine<G> {
    fn spec(&self) -> String {
        self.spec.clone()
    }

    fn choose(&mut self, game: &dyn DynGame) -> Result<Option<EngineMove>, EngineError> {
        let found =
            super::search_typed(&self.spec, game, |g: &G| self.search.search(g, &self.limits))?;
        Ok(found.map(|r| {
            let info = super::engine_info(
                format_args!(
                    "{}{}, depth {}, {} nodes",
                    describe_score(r.score),
                    if r.exact { " (exact)" } else { "" },
                    r.depth,
                    r.nodes
                ),
                r.elapsed,
                r.pv.iter().take(8),
            );
            EngineMove { mv: r.best.to_string(), info: Some(info), nodes: Some(r.nodes) }
        }))
    }

    /// Stops the search within 1024 nodes ([`AlphaBeta::set_stop`]).
    fn set_stop(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.search.set_stop(flag);
    }
}
