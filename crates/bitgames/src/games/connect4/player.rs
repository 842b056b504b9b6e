//! Connect Four's own engine for the registry: `solver` (alias `perfect`), the
//! exact solver's best move, a random one among equally good columns.

use super::solver::{ConnectFourSolver, SolveError};
use super::Connect4;
use crate::dynamic::DynGame;
use crate::engine::{Engine, EngineBuildError, EngineError, EngineInfo, EngineMove};
use crate::params::{ParamInfo, Params};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

static PARAMS: &[ParamInfo] = &[
    ParamInfo::int("table_mib", 256, 1, 65536, "transposition table size in MiB"),
    ParamInfo::text(
        "book",
        "",
        "opening book file made by `bitgames book`; empty: the built-in 7×6 book on that board; \
         `none`: no book",
    ),
    ParamInfo::int("seed", 0, 0, u32::MAX as i64, "seed of the choice among equally good columns"),
];

/// `solver`: perfect play.
pub(crate) static SOLVER: EngineInfo = EngineInfo {
    name: "solver",
    aliases: &["perfect"],
    summary: "perfect play: the exact solver's best column, a random one among equals",
    params: PARAMS,
    build: build_solver,
};

fn build_solver(game: &dyn DynGame, p: &Params) -> Result<Box<dyn Engine>, EngineBuildError> {
    let g = game.as_any().downcast_ref::<Connect4>().ok_or_else(|| {
        EngineBuildError::WrongGame { engine: "solver", plays: "connect4", game: game.spec() }
    })?;
    let mib = p.int("table_mib");
    let mut solver = ConnectFourSolver::try_for_game(g, mib as usize)
        .map_err(|e| EngineBuildError::param("table_mib", mib, e))?;
    let path = p.text("book");
    let book = match path {
        "" => super::book::builtin(g.width() as u32, g.height() as u32),
        "none" => None,
        path => Some(
            super::tools::load_book(std::path::Path::new(path))
                .map_err(|e| EngineBuildError::param("book", path, e))?,
        ),
    };
    if let Some(book) = book {
        solver.set_book(book).map_err(|e| EngineBuildError::param("book", path, e))?;
    }
    Ok(Box::new(SolverEngine {
        spec: p.spec("solver"),
        solver,
        rng: Xoshiro256PlusPlus::seed_from_u64(p.int("seed") as u64),
    }))
}

struct SolverEngine {
    spec: String,
    solver: ConnectFourSolver,
    rng: Xoshiro256PlusPlus,
}

impl Engine for SolverEngine {
    fn spec(&self) -> String {
        self.spec.clone()
    }

    fn choose(&mut self, game: &dyn DynGame) -> Result<Option<EngineMove>, EngineError> {
        let Some(g) = game.as_any().downcast_ref::<Connect4>() else {
            return Err(EngineError::WrongGame { engine: self.spec.clone(), game: game.spec() });
        };
        if game.outcome().is_some() {
            return Ok(None);
        }
        // An exact solver has no move before its solve ends: stopped, it has none.
        let (best, score) = self.solver.best_moves(g).map_err(|e| match e {
            SolveError::Stopped { .. } => EngineError::Stopped { engine: self.spec.clone() },
            e => EngineError::Failed { engine: self.spec.clone(), why: e.to_string() },
        })?;
        let pick = best[self.rng.random_range(0..best.len())];
        let verdict = match score {
            s if s > 0 => "a win",
            0 => "a draw",
            _ => "a loss",
        };
        Ok(Some(EngineMove {
            mv: (pick + 1).to_string(),
            info: Some(format!("score {score}: {verdict} with perfect play")),
            nodes: None,
        }))
    }

    /// Calls the solve off within a few thousand nodes
    /// ([`ConnectFourSolver::set_stop`]).
    fn set_stop(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.solver.set_stop(flag);
    }
}
