//! The Monte Carlo searcher's settings, limits and results, and the face it
//! shows a game known only as a [`DynGame`](crate::dynamic::DynGame): plain
//! types that import no search, so the dynamic layer names them without
//! depending on the searcher.

use super::tree::Proof;
use crate::search::SearchError;
use std::time::Duration;

/// How the search plays.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsConfig {
    /// UCT's exploration constant `c` (rewards are 0, ½, 1).
    pub exploration: f64,
    /// Back up proven wins and losses (MCTS-Solver) and play a proven win.
    pub solver: bool,
    /// Blend in all-moves-as-first statistics (RAVE), keyed by
    /// [`View::move_index`](crate::game::View::move_index): for placement games.
    pub rave: bool,
    /// RAVE's equivalence parameter `k`: the AMAF weight falls to ½ at about
    /// `k / 3` visits of a move.
    pub rave_k: f64,
    /// Keep the subtree of the position reached between searches.
    pub reuse: bool,
    /// Threads; 0 for one per core.
    pub threads: usize,
    /// How several threads share the work (see [`Parallel`]).
    pub parallel: Parallel,
    /// Seed of the playouts (xoshiro256++; thread `i` uses a seed derived
    /// from it and `i`).
    pub seed: u64,
    /// The most nodes a tree holds; past it the search goes on without growing
    /// the tree.
    pub max_tree_nodes: usize,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            exploration: 1.0,
            solver: true,
            rave: false,
            rave_k: 1000.0,
            reuse: true,
            threads: 1,
            parallel: Parallel::Root,
            seed: 0,
            max_tree_nodes: 4 << 20,
        }
    }
}

/// How the threads of a search share the work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Parallel {
    /// Root parallelism (Cazenave and Jouandeau 2007): each thread grows its
    /// own tree from the root and the roots' statistics are summed to choose.
    /// Reproducible under a seed with an iteration limit.
    Root,
    /// Tree parallelism with virtual loss (Chaslot, Winands and van den Herik
    /// 2008) and no lock (Enzenberger and Müller 2009): the threads grow one
    /// tree whose statistics are atomics; a descent counts a lost visit on its
    /// path until its result comes back, steering the other threads
    /// elsewhere, and a node is expanded by the one thread that claims it
    /// with a compare-and-swap (see `search/mcts/shared.rs`). Thread timing
    /// decides which thread sees which statistics, so a search is not
    /// reproducible with two threads or more.
    Tree,
}

impl std::str::FromStr for Parallel {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "root" => Ok(Parallel::Root),
            "tree" => Ok(Parallel::Tree),
            _ => Err(format!("parallel '{s}': expected root or tree")),
        }
    }
}

/// When a search stops: the first limit reached; with none set, after one
/// second.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MctsLimits {
    /// Simulations (playouts), over all threads.
    pub iterations: Option<u64>,
    /// Wall-clock time.
    pub time: Option<Duration>,
    /// Nodes added to the trees, over all threads.
    pub nodes: Option<u64>,
}

impl MctsLimits {
    /// Stop after this many simulations.
    pub fn iterations(n: u64) -> Self {
        MctsLimits { iterations: Some(n), ..Self::default() }
    }

    /// Stop after this long.
    pub fn time(t: Duration) -> Self {
        MctsLimits { time: Some(t), ..Self::default() }
    }

    /// The share of thread `i` of `k`: iterations and nodes split (the first
    /// threads take the remainder), the same time.
    pub(super) fn share(&self, i: usize, k: usize) -> MctsLimits {
        let split = |n: u64| n / k as u64 + u64::from((i as u64) < n % k as u64);
        let mut l = MctsLimits {
            iterations: self.iterations.map(split),
            time: self.time,
            nodes: self.nodes.map(split),
        };
        if l.iterations.is_none() && l.time.is_none() && l.nodes.is_none() {
            l.time = Some(Duration::from_secs(1));
        }
        l
    }
}

/// One root move as the search saw it.
#[derive(Clone, Debug)]
pub struct RootMove<M> {
    /// The move.
    pub mv: M,
    /// Simulations through it.
    pub visits: u64,
    /// Mean reward for the side to move (0 lost, 1 won).
    pub value: f64,
    /// What the solver proved of it, for the side to move.
    pub proof: Proof,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct MctsResult<M> {
    /// The move to play.
    pub best: M,
    /// Its mean reward for the side to move (1 for a proven win).
    pub value: f64,
    /// What the solver proved of it for the side to move ([`Proof::Unknown`]
    /// without a proof).
    pub proof: Proof,
    /// Every root move, in the game's move order.
    pub moves: Vec<RootMove<M>>,
    /// The most visited line from the root (of the first tree).
    pub pv: Vec<M>,
    /// Simulations run in this search, over all threads.
    pub iterations: u64,
    /// Nodes in the trees at the end (reused ones included).
    pub tree_nodes: u64,
    /// Wall-clock time.
    pub elapsed: Duration,
}

/// A searcher over one position of a game known only as a
/// [`DynGame`](crate::dynamic::DynGame) (moves as text): what an app's
/// analysis runs, search after search on the same tree. Built by
/// [`DynGame::mcts_searcher`](crate::dynamic::DynGame::mcts_searcher).
pub trait DynMcts: Send {
    /// Searches on within `limits` (the tree grows from where the last search
    /// left it) and returns every root move with its visits, value and proof.
    fn search(&mut self, limits: &MctsLimits) -> Result<MctsResult<String>, SearchError>;
}
