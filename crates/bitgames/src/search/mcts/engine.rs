//! `mcts`: the generic MCTS engine every game has, built on the typed game
//! through [`DynGame::mcts_engine`](crate::DynGame::mcts_engine).

use super::{Mcts, MctsConfig, MctsLimits, Parallel, Proof};
use crate::dynamic::DynGame;
use crate::engine::{Engine, EngineError, EngineInfo, EngineMove};
use crate::game::Game;
use crate::params::ParamInfo;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

static PARAMS: &[ParamInfo] = &[
    ParamInfo::duration("time", None, 1, 3_600_000, "time a move (1s when no limit is given)"),
    ParamInfo::optional_int("iterations", 1, 1_000_000_000_000, "simulations a move"),
    ParamInfo::optional_int("nodes", 1, 1_000_000_000, "tree nodes added a move"),
    ParamInfo::float("c", 1.0, 0.0, 100.0, "UCT exploration constant (rewards 0, ½, 1)"),
    ParamInfo::flag("solver", true, "back up proven wins/losses (MCTS-Solver)"),
    ParamInfo::flag("rave", false, "RAVE/AMAF statistics (placement games)"),
    ParamInfo::float("rave_k", 1000.0, 1.0, 1e9, "RAVE equivalence parameter"),
    ParamInfo::flag("reuse", true, "keep the subtree between moves"),
    ParamInfo::int("threads", 1, 0, 256, "threads (0: one per core)"),
    ParamInfo::choice(
        "parallel",
        "root",
        &["root", "tree"],
        "threads: one tree each (root), or one shared tree with virtual loss (tree)",
    ),
    ParamInfo::int("seed", 0, 0, u32::MAX as i64, "seed of the playouts (xoshiro256++)"),
    ParamInfo::int("max_tree_mib", 512, 1, 1 << 20, "memory for the trees, all threads"),
];

/// `mcts`: Monte Carlo tree search on any game.
pub static MCTS: EngineInfo = EngineInfo {
    name: "mcts",
    aliases: &["uct"],
    summary:
        "Monte Carlo tree search: UCT, random playouts, MCTS-Solver, optional RAVE, root- or tree-parallel",
    params: PARAMS,
    build: |game, p| {
        let threads = crate::parallel::threads(p.int("threads") as usize);
        let budget = (p.int("max_tree_mib") as usize) << 20;
        let config = MctsConfig {
            exploration: p.float("c"),
            solver: p.flag("solver"),
            rave: p.flag("rave"),
            rave_k: p.float("rave_k"),
            reuse: p.flag("reuse"),
            threads,
            // The spec parser admits only the listed choices.
            parallel: if p.text("parallel") == "tree" { Parallel::Tree } else { Parallel::Root },
            seed: p.int("seed") as u64,
            max_tree_nodes: (budget / threads / NODE_BYTES).max(1024),
        };
        let limits = MctsLimits {
            iterations: p.opt_int("iterations").map(|n| n as u64),
            time: p.duration("time"),
            nodes: p.opt_int("nodes").map(|n| n as u64),
        };
        Ok(game.mcts_engine(p.spec("mcts"), config, limits))
    },
};

/// Bytes a tree node takes, about (for the memory budget).
const NODE_BYTES: usize = 48;

/// The MCTS engine for game `G`.
pub struct MctsEngine<G: Game> {
    spec: String,
    mcts: Mcts<G>,
    limits: MctsLimits,
}

impl<G: Game> MctsEngine<G> {
    /// An engine named `spec` searching with `config` within `limits` a move.
    pub fn new(spec: String, config: MctsConfig, limits: MctsLimits) -> Self {
        MctsEngine { spec, mcts: Mcts::new(config), limits }
    }
}

impl<G: Game> Engine for MctsEngine<G> {
    fn spec(&self) -> String {
        self.spec.clone()
    }

    fn choose(&mut self, game: &dyn DynGame) -> Result<Option<EngineMove>, EngineError> {
        let found = crate::search::search_typed(&self.spec, game, |g: &G| {
            self.mcts.search(g, &self.limits)
        })?;
        Ok(found.map(|r| {
            let proof = match r.proof {
                Proof::Win => ", proven win",
                Proof::Loss => ", proven loss",
                Proof::Draw => ", proven draw",
                Proof::Unknown => "",
            };
            let info = crate::search::engine_info(
                format_args!(
                    "value {:.3}{proof}, {} simulations, {} nodes",
                    r.value, r.iterations, r.tree_nodes
                ),
                r.elapsed,
                r.pv.iter().take(8),
            );
            EngineMove { mv: r.best.to_string(), info: Some(info), nodes: Some(r.iterations) }
        }))
    }

    /// Stops every search thread after its current simulation
    /// ([`Mcts::set_stop`]).
    fn set_stop(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.mcts.set_stop(flag);
    }
}
