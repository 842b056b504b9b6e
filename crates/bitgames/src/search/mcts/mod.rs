//! Monte Carlo tree search over any [`Game`]: UCT with random playouts on the
//! game's own [`random_move`](crate::game::Hints::random_move), the MCTS-Solver's proofs,
//! RAVE/AMAF as an option, tree reuse between moves, limits by simulations,
//! time or tree nodes, root or tree parallelism over threads ([`Parallel`]),
//! reproducible under a seed (except tree parallelism with two threads or
//! more, where thread timing decides).
//!
//! ```
//! use bitgames::games::tictactoe::TicTacToe;
//! use bitgames::search::mcts::{Mcts, MctsConfig, MctsLimits};
//! use bitgames::prelude::*;
//!
//! // X X . / O O . / . . .: X wins at c3, a proven win.
//! let g = TicTacToe::classic().parse_position("XX./OO./...").unwrap();
//! let mut mcts = Mcts::new(MctsConfig { seed: 1, ..MctsConfig::default() });
//! let r = mcts.search(&g, &MctsLimits::iterations(200)).unwrap();
//! assert_eq!(r.best.to_string(), "c3");
//! assert_eq!(r.proof, bitgames::search::mcts::Proof::Win);
//! ```
//!
//! The tree keeps every node in one `Vec` (children side by side, `u32`
//! links, typed moves, no strings), expands a node on its second visit and
//! stops growing at [`MctsConfig::max_tree_nodes`]. With the solver on, an
//! expansion tries every move once and proves at once the children whose move
//! ends the game (one-ply win and loss checks), so a node is proven as soon as
//! one reply wins or every reply is proven, without a visit to each.
//!
//! With `threads > 1` and [`Parallel::Root`] each thread grows its own tree
//! from the same root and the roots' statistics are summed to choose; the
//! simulations of an iteration limit are split between the threads, so a
//! seeded search with an iteration limit gives the same move on any machine.
//! With [`Parallel::Tree`] the threads grow one tree without a lock
//! (Enzenberger and Müller 2009): atomic statistics read `Relaxed`, virtual
//! loss on the way down, expansion claimed by a compare-and-swap, children in
//! an arena of chunks that never move, proofs written and re-read in one total
//! order (`shared.rs`); the tree is kept between moves and its node limit holds
//! as with one thread.

mod analyser;
pub(crate) mod config;
mod engine;
mod shared;
mod tree;

pub use analyser::MctsAnalyser;
pub use config::{DynMcts, MctsConfig, MctsLimits, MctsResult, Parallel, RootMove};
pub use engine::{MctsEngine, MCTS};
pub use tree::Proof;

use crate::game::{Game, Outcome, Player};
use crate::search::SearchError;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use shared::{Expansion, SharedTree};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tree::{reward, Tree, NONE};

/// A Monte Carlo tree searcher for game `G`; keeps its trees between searches
/// (see [`MctsConfig::reuse`]).
pub struct Mcts<G: Game> {
    config: MctsConfig,
    workers: Vec<Worker<G>>,
    /// The tree the threads share with [`Parallel::Tree`], kept between
    /// searches.
    shared: Option<SharedTree<G>>,
    /// The caller's stop flag ([`Mcts::set_stop`]).
    stop: Option<Arc<AtomicBool>>,
}

/// One thread's tree (one thread or root parallelism; none with tree
/// parallelism, see [`Mcts::shared`]) and scratch space.
struct Worker<G: Game> {
    tree: Option<Tree<G>>,
    scratch: Scratch<G>,
}

/// A thread's generator and the buffers of one simulation.
struct Scratch<G: Game> {
    rng: Xoshiro256PlusPlus,
    path: Vec<usize>,
    /// Moves of the current simulation for AMAF: key and player.
    played: Vec<(u32, Player)>,
    /// AMAF marks per key: the simulation stamp and who played it first.
    marks: Vec<(u32, Player)>,
    stamp: u32,
    /// The moves of the current playout ([`Hints::search_playout`](crate::game::Hints::search_playout)).
    log: Vec<(G::Move, Player)>,
    /// The moves of a node being expanded (tree parallelism).
    moves: Vec<G::Move>,
}

/// Where a descent of the tree ended.
enum Leaf<G> {
    /// A finished game or a proven node: the result.
    Done(Outcome),
    /// A position to play out.
    Playout(G),
}

impl<G: Game> Mcts<G> {
    /// A searcher with these settings.
    pub fn new(config: MctsConfig) -> Self {
        let threads = crate::parallel::threads(config.threads);
        let workers = (0..threads)
            .map(|i| Worker {
                tree: None,
                scratch: Scratch {
                    rng: Xoshiro256PlusPlus::seed_from_u64(crate::game::mix64(
                        config.seed ^ (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15),
                    )),
                    path: Vec::new(),
                    played: Vec::new(),
                    marks: Vec::new(),
                    stamp: 0,
                    log: Vec::new(),
                    moves: Vec::new(),
                },
            })
            .collect();
        Mcts { config, workers, shared: None, stop: None }
    }

    /// Gives the searcher a stop flag: once it is raised (from any thread),
    /// every search thread ends after its current simulation and the search
    /// answers what the trees hold (the most visited move so far), or
    /// [`SearchError::Stopped`] when no simulation ran; so does any search
    /// started while it is raised. The searcher never lowers it; the trees
    /// stay valid (a simulation is never cut in half). `None` takes the flag
    /// away.
    pub fn set_stop(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.stop = flag;
    }

    /// The settings.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// Drops the trees.
    pub fn clear(&mut self) {
        self.workers.iter_mut().for_each(|w| w.tree = None);
        self.shared = None;
    }

    /// Searches `game` within `limits` and returns the move to play.
    pub fn search(
        &mut self, game: &G, limits: &MctsLimits,
    ) -> Result<MctsResult<G::Move>, SearchError> {
        SearchError::unless_over(game)?;
        if game.count_moves() == 0 {
            return Err(SearchError::GameOver("no legal move".into()));
        }
        if crate::search::raised(&self.stop) {
            return Err(SearchError::Stopped);
        }
        let start = Instant::now();
        let outside = self.stop.as_deref();
        let config = &self.config;
        let shared = config.parallel == Parallel::Tree && self.workers.len() > 1;
        let k = self.workers.len();
        let mut shared_cap = 0;
        if shared {
            let keep = config.reuse && self.shared.as_mut().is_some_and(|t| t.reroot(game));
            let max = config.max_tree_nodes.saturating_mul(k);
            if !keep {
                self.shared = Some(SharedTree::new(game.clone(), max));
            }
            let tree = self.shared.as_mut().expect("set above");
            let len = tree.len() as u64;
            shared_cap = limits.nodes.map_or(u64::MAX, |n| len + n).min(max as u64) as usize;
            tree.set_cap(shared_cap);
        }
        for w in self.workers.iter_mut() {
            if shared {
                w.tree = None;
                continue;
            }
            let keep = config.reuse && w.tree.as_mut().is_some_and(|t| t.reroot(game));
            if !keep {
                w.tree = Some(Tree::new(game.clone()));
            }
        }
        let stop = AtomicBool::new(false);
        let iterations: u64 = if k == 1 {
            self.workers[0].run(config, &limits.share(0, 1), start, Halt { proven: &stop, outside })
        } else if shared {
            let tree = self.shared.as_ref().expect("set above");
            let node_cap = shared_cap;
            let claimed = AtomicU64::new(0);
            let limits = limits.share(0, 1);
            let done = std::thread::scope(|s| {
                let handles: Vec<_> = self
                    .workers
                    .iter_mut()
                    .map(|w| {
                        let (l, claimed) = (&limits, &claimed);
                        let halt = Halt { proven: &stop, outside };
                        let scratch = &mut w.scratch;
                        s.spawn(move || {
                            scratch.run_shared(tree, config, l, node_cap, start, halt, claimed)
                        })
                    })
                    .collect();
                handles.into_iter().map(|h| h.join().expect("search thread panicked")).sum()
            });
            done
        } else {
            std::thread::scope(|s| {
                let handles: Vec<_> = self
                    .workers
                    .iter_mut()
                    .enumerate()
                    .map(|(i, w)| {
                        let (l, halt) = (limits.share(i, k), Halt { proven: &stop, outside });
                        s.spawn(move || w.run(config, &l, start, halt))
                    })
                    .collect();
                handles.into_iter().map(|h| h.join().expect("search thread panicked")).sum()
            })
        };
        if iterations == 0 && crate::search::raised(&self.stop) {
            return Err(SearchError::Stopped);
        }
        Ok(self.result(game, iterations, start.elapsed()))
    }

    /// Sums the roots of every tree and picks the move. The moves are the
    /// game's (in the order the trees expand them): a tree whose root was never
    /// expanded (its thread stopped at once because another proved the root)
    /// adds nothing.
    fn result(&self, game: &G, iterations: u64, elapsed: Duration) -> MctsResult<G::Move> {
        let trees: Vec<&Tree<G>> = self.workers.iter().filter_map(|w| w.tree.as_ref()).collect();
        let mut moves: Vec<RootMove<G::Move>> = Vec::new();
        game.for_each_move(|mv| {
            moves.push(RootMove { mv, visits: 0, value: 0.0, proof: Proof::Unknown })
        });
        let mut wins = vec![0.0f64; moves.len()];
        // Adds one root child's statistics: `j` its place among the children.
        let mut add = |j: usize, mv: G::Move, visits: u32, w: f64, proof: Proof| {
            // Children are in move order; look the move up only if not.
            let Some(j) = (moves.get(j).is_some_and(|m| m.mv == mv))
                .then_some(j)
                .or_else(|| moves.iter().position(|m| m.mv == mv))
            else {
                return;
            };
            let m = &mut moves[j];
            m.visits += visits as u64;
            wins[j] += w;
            if proof != Proof::Unknown {
                m.proof = proof;
            }
        };
        for t in &trees {
            for (j, i) in t.nodes[0].children().enumerate() {
                let n = &t.nodes[i];
                add(j, n.mv.expect("children have moves"), n.visits, n.wins as f64, n.proof);
            }
        }
        if let Some(t) = &self.shared {
            for (j, (mv, visits, w, proof)) in t.root_moves().enumerate() {
                add(j, mv, visits, w, proof);
            }
        }
        for (m, w) in moves.iter_mut().zip(&wins) {
            m.value = match m.proof {
                Proof::Win => 1.0,
                Proof::Loss => 0.0,
                Proof::Draw => 0.5,
                Proof::Unknown if m.visits == 0 => 0.5,
                Proof::Unknown => w / m.visits as f64,
            };
        }
        let rank = |m: &RootMove<G::Move>| {
            let class = match m.proof {
                Proof::Win => 2,
                Proof::Loss => 0,
                _ => 1,
            };
            (class, m.visits, m.value)
        };
        let best = moves
            .iter()
            .max_by(|a, b| rank(a).partial_cmp(&rank(b)).expect("values are finite"))
            .expect("the root has moves")
            .clone();
        // The principal line of the tree that searched most, its most visited path.
        let first = trees.iter().max_by_key(|t| t.nodes[0].visits);
        let pv = match (first, &self.shared) {
            (Some(first), _) => {
                let mut pv = vec![best.mv];
                let mut n = first.nodes[0].children().find(|&i| first.nodes[i].mv == Some(best.mv));
                while let Some(i) = n {
                    n = first.nodes[i].children().max_by_key(|&c| first.nodes[c].visits);
                    if let Some(c) = n {
                        if first.nodes[c].visits == 0 {
                            break;
                        }
                        pv.push(first.nodes[c].mv.expect("children have moves"));
                    }
                }
                pv
            }
            (None, Some(t)) => t.pv(best.mv),
            (None, None) => unreachable!("a search has a tree"),
        };
        MctsResult {
            best: best.mv,
            value: best.value,
            proof: best.proof,
            moves,
            pv,
            iterations,
            tree_nodes: trees.iter().map(|t| t.nodes.len() as u64).sum::<u64>()
                + self.shared.as_ref().map_or(0, |t| t.nodes() as u64),
            elapsed,
        }
    }
}

/// The most nodes a tree may hold in a search: `max` and, with a node limit,
/// its current size plus the limit.
fn node_cap<G: Game>(tree: &Tree<G>, limits: &MctsLimits, max: usize) -> usize {
    limits.nodes.map_or(u64::MAX, |n| tree.nodes.len() as u64 + n).min(max as u64) as usize
}

/// What ends a search early, polled before every simulation on every thread:
/// the search's own flag (raised when a thread proves the root) and the
/// caller's ([`Mcts::set_stop`]).
#[derive(Clone, Copy)]
struct Halt<'a> {
    proven: &'a AtomicBool,
    outside: Option<&'a AtomicBool>,
}

impl Halt<'_> {
    /// Whether either flag is raised.
    #[inline]
    fn raised(self) -> bool {
        self.proven.load(Ordering::Relaxed)
            || self.outside.is_some_and(|f| f.load(Ordering::Relaxed))
    }
}

impl<G: Game> Worker<G> {
    /// Runs simulations on this worker's own tree until a limit, the root is
    /// proven or `stop` is raised; returns how many ran.
    fn run(&mut self, cfg: &MctsConfig, limits: &MctsLimits, start: Instant, stop: Halt) -> u64 {
        let deadline = limits.time.map(|t| start + t);
        let max_iter = limits.iterations.unwrap_or(u64::MAX);
        let tree = self.tree.as_mut().expect("the tree is set before a search");
        let node_cap = node_cap(tree, limits, cfg.max_tree_nodes);
        let mut done = 0;
        while done < max_iter {
            if stop.raised() || deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            if cfg.solver && tree.nodes[0].proof != Proof::Unknown {
                stop.proven.store(true, Ordering::Relaxed);
                break;
            }
            if limits.nodes.is_some() && tree.nodes.len() >= node_cap {
                break;
            }
            let (leaf, proven) = self.scratch.descend(tree, cfg, node_cap);
            let outcome = self.scratch.finish(leaf, cfg);
            self.scratch.backup(tree, cfg, outcome, proven);
            done += 1;
        }
        done
    }
}

impl<G: Game> Scratch<G> {
    /// Empties the buffers of the last simulation; the path starts at the root.
    #[inline]
    fn start_descent(&mut self) {
        self.path.clear();
        self.played.clear();
        self.path.push(0);
    }

    /// Runs simulations on a tree shared with other threads (tree
    /// parallelism, no lock) until a limit, the root is proven or `stop` is
    /// set; `claimed` counts the simulations all threads have started (with an
    /// iteration limit). Returns how many this thread ran.
    #[allow(clippy::too_many_arguments)]
    fn run_shared(
        &mut self, tree: &SharedTree<G>, cfg: &MctsConfig, limits: &MctsLimits, node_cap: usize,
        start: Instant, stop: Halt, claimed: &AtomicU64,
    ) -> u64 {
        let deadline = limits.time.map(|t| start + t);
        let mut done = 0;
        loop {
            if stop.raised() || deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            if limits.iterations.is_some_and(|n| claimed.fetch_add(1, Ordering::Relaxed) >= n) {
                break;
            }
            if cfg.solver && tree.node(0).proof() != Proof::Unknown {
                stop.proven.store(true, Ordering::Relaxed);
                break;
            }
            if limits.nodes.is_some() && tree.len() >= node_cap {
                break;
            }
            let (leaf, proven) = self.descend_shared(tree, cfg);
            let outcome = self.finish(leaf, cfg);
            self.backup_shared(tree, cfg, outcome, proven);
            done += 1;
        }
        done
    }

    /// Selects down the tree from the root, expanding the node reached on its
    /// second visit (the root at once), to a finished game, a proven node or
    /// a position to play out. Also returns whether a proof was found on the
    /// way (to back up).
    fn descend(
        &mut self, tree: &mut Tree<G>, cfg: &MctsConfig, node_cap: usize,
    ) -> (Leaf<G>, bool) {
        let rave = cfg.rave.then_some(cfg.rave_k);
        let mut state = tree.root.clone();
        self.start_descent();
        let (mut n, mut proven) = (0usize, false);
        let leaf = loop {
            let node = &tree.nodes[n];
            if n != 0 && node.proof != Proof::Unknown {
                break Leaf::Done(match node.proof {
                    Proof::Win => Outcome::WonBy(node.mover),
                    Proof::Loss => Outcome::WonBy(node.mover.other()),
                    _ => Outcome::Draw,
                });
            }
            if let Some(o) = state.outcome() {
                if cfg.solver {
                    let mover = tree.nodes[n].mover;
                    tree.nodes[n].proof = Proof::of_outcome(o, mover);
                    proven = true;
                }
                break Leaf::Done(o);
            }
            if tree.nodes[n].first == NONE {
                let grow = tree.nodes.len() < node_cap;
                if (n != 0 && tree.nodes[n].visits == 0) || !grow {
                    break Leaf::Playout(state);
                }
                proven |= tree.expand(n, &state, rave.is_some(), cfg.solver);
                if tree.nodes[n].count == 0 {
                    // No move, yet not over: score it a draw.
                    break Leaf::Done(Outcome::Draw);
                }
            }
            let c = tree.select(n, cfg.exploration, rave);
            let ch = &tree.nodes[c];
            if rave.is_some() {
                self.played.push((ch.key, ch.mover));
            }
            state.play_unchecked(ch.mv.expect("children have moves"));
            n = c;
            self.path.push(c);
        };
        (leaf, proven)
    }

    /// The result of a descent: its outcome, or a random playout's.
    fn finish(&mut self, leaf: Leaf<G>, cfg: &MctsConfig) -> Outcome {
        match leaf {
            Leaf::Done(o) => o,
            Leaf::Playout(state) => {
                playout(state, &mut self.rng, cfg.rave.then_some(&mut self.played), &mut self.log)
            }
        }
    }

    /// Backs up the result of the simulation on `path`: visits and rewards,
    /// any proof (MCTS-Solver: a node is proven when a child wins for the side
    /// to move or every child is proven), and the AMAF statistics.
    fn backup(&mut self, tree: &mut Tree<G>, cfg: &MctsConfig, outcome: Outcome, proven: bool) {
        for &i in &self.path {
            let node = &mut tree.nodes[i];
            node.visits += 1;
            node.wins += reward(outcome, node.mover);
        }
        if proven {
            // The leaf's proof or its children's: prove upwards from the
            // deepest node that may have changed.
            // The leaf may be an unexpanded node whose parent's expansion
            // proved a sibling.
            let leaf = self.path.len() - 1;
            for (d, &i) in self.path.iter().enumerate().rev() {
                if tree.nodes[i].proof == Proof::Unknown && !tree.prove(i) && d < leaf {
                    break;
                }
            }
        }
        if cfg.rave {
            self.amaf(tree, outcome);
        }
    }

    /// All-moves-as-first backup (Gelly and Silver 2007): each child of a node
    /// on the path whose move its mover played later in the simulation (first
    /// time that cell was played) counts the simulation's result.
    fn amaf(&mut self, tree: &mut Tree<G>, outcome: Outcome) {
        self.amaf_with(|n, marks| {
            for c in tree.nodes[n].children() {
                let ch = &mut tree.nodes[c];
                if marks.first(ch.key, ch.mover) {
                    ch.rave_visits += 1;
                    ch.rave_wins += reward(outcome, ch.mover);
                }
            }
        });
    }

    /// Marks the moves of the simulation from its end and calls `credit` on
    /// each node of the path (but the leaf) with the marks of the moves played
    /// after it, for [`amaf`](Self::amaf) and its shared-tree twin.
    #[inline]
    fn amaf_with(&mut self, mut credit: impl FnMut(usize, Marks)) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.marks.iter_mut().for_each(|m| m.0 = 0);
            self.stamp = 1;
        }
        let in_tree = self.path.len() - 1;
        for i in (0..self.played.len()).rev() {
            let (key, who) = self.played[i];
            if key != NONE {
                let k = key as usize;
                if k >= self.marks.len() {
                    self.marks.resize(k + 1, (0, Player::First));
                }
                self.marks[k] = (self.stamp, who);
            }
            if i < in_tree {
                credit(self.path[i], Marks { marks: &self.marks, stamp: self.stamp });
            }
        }
    }

    /// [`descend`](Self::descend) on the shared tree: each node on the path
    /// counts a visit at once, a virtual loss until
    /// [`backup_shared`](Self::backup_shared) adds its reward; a node is
    /// expanded by the thread that claims it, and one that another thread is
    /// expanding is played out from.
    fn descend_shared(&mut self, tree: &SharedTree<G>, cfg: &MctsConfig) -> (Leaf<G>, bool) {
        let rave = cfg.rave.then_some(cfg.rave_k);
        let mut state = tree.root.clone();
        self.start_descent();
        let (mut n, mut proven) = (0usize, false);
        tree.node(0).add_visit();
        let leaf = loop {
            let node = tree.node(n);
            let proof = node.proof();
            if n != 0 && proof != Proof::Unknown {
                break Leaf::Done(match proof {
                    Proof::Win => Outcome::WonBy(node.mover()),
                    Proof::Loss => Outcome::WonBy(node.mover().other()),
                    _ => Outcome::Draw,
                });
            }
            if let Some(o) = state.outcome() {
                if cfg.solver {
                    node.set_proof(Proof::of_outcome(o, node.mover()));
                    proven = true;
                }
                break Leaf::Done(o);
            }
            let children = match node.children() {
                Some(children) => children,
                None => {
                    // The visit of this descent is counted already.
                    if (n != 0 && node.visits() <= 1) || !tree.has_room() {
                        break Leaf::Playout(state);
                    }
                    match tree.expand(n, &state, rave.is_some(), cfg.solver, &mut self.moves) {
                        Expansion::Done(children, p) => {
                            proven |= p;
                            children
                        }
                        // Every simulation goes through a child of the root:
                        // a thread that finds another expanding the root (at
                        // the search's start) waits for its children.
                        Expansion::NotNow => {
                            match (n == 0).then(|| node.children_once_expanded()).flatten() {
                                Some(children) => children,
                                None => break Leaf::Playout(state),
                            }
                        }
                    }
                }
            };
            if children.is_empty() {
                // No move, yet not over: score it a draw.
                break Leaf::Done(Outcome::Draw);
            }
            let c = tree.select(n, children.clone(), cfg.exploration, rave);
            let ch = tree.node(c);
            ch.add_visit();
            if rave.is_some() {
                self.played.push((ch.key(), ch.mover()));
            }
            state.play_unchecked(node.child_move(c - children.start));
            n = c;
            self.path.push(c);
        };
        (leaf, proven)
    }

    /// [`backup`](Self::backup) on the shared tree: the rewards (the visits
    /// were counted on the way down), the proofs and the AMAF statistics.
    fn backup_shared(
        &mut self, tree: &SharedTree<G>, cfg: &MctsConfig, outcome: Outcome, proven: bool,
    ) {
        for &i in &self.path {
            let node = tree.node(i);
            node.add_reward(reward(outcome, node.mover()));
        }
        if proven {
            let leaf = self.path.len() - 1;
            for (d, &i) in self.path.iter().enumerate().rev() {
                if tree.node(i).proof() == Proof::Unknown && !tree.prove(i) && d < leaf {
                    break;
                }
            }
        }
        if cfg.rave {
            self.amaf_with(|n, marks| {
                let children = tree.node(n).children().unwrap_or(0..0);
                for ch in tree.family(children) {
                    if marks.first(ch.key(), ch.mover()) {
                        ch.add_amaf(reward(outcome, ch.mover()));
                    }
                }
            });
        }
    }
}

/// The AMAF marks of one simulation: who first played each move key after the
/// node being credited.
#[derive(Clone, Copy)]
struct Marks<'a> {
    marks: &'a [(u32, Player)],
    stamp: u32,
}

impl Marks<'_> {
    /// Whether `who` played the move of `key` first in this simulation.
    #[inline]
    fn first(self, key: u32, who: Player) -> bool {
        let k = key as usize;
        key != NONE && k < self.marks.len() && self.marks[k] == (self.stamp, who)
    }
}

/// Plays `state` out with the game's search playout
/// ([`Hints::search_playout`](crate::game::Hints::search_playout)), recording the moves in `played` for AMAF. A
/// hot path: compiled for x86-64-v3 too (`hot_copies!`).
#[inline]
fn playout<G: Game>(
    state: G, rng: &mut Xoshiro256PlusPlus, played: Option<&mut Vec<(u32, Player)>>,
    log: &mut Vec<(G::Move, Player)>,
) -> Outcome {
    run_hot!(playout::<G>(state, rng, played, log))
}

macro_rules! playout_body {
    ($(#[$hot:meta])*) => {
        $(#[$hot])*
        pub(super) fn playout<G: Game>(
            mut state: G,
            rng: &mut Xoshiro256PlusPlus,
            played: Option<&mut Vec<(u32, Player)>>,
            log: &mut Vec<(G::Move, Player)>,
        ) -> Outcome {
            log.clear();
            match played {
                Some(p) => {
                    state.search_playout(rng, Some(log));
                    p.extend(
                        log.iter()
                            .map(|&(m, who)| (state.move_index(m).map_or(NONE, |k| k as u32), who)),
                    );
                }
                None => {
                    state.search_playout(rng, None);
                }
            }
            state.outcome().unwrap_or(Outcome::Draw)
        }
    };
}
hot_copies!(playout_body);

/// [`DynMcts`] for a typed game.
pub(crate) struct TypedMcts<G: Game> {
    game: G,
    mcts: Mcts<G>,
}

impl<G: Game> TypedMcts<G> {
    /// A searcher of `game` (the tree kept between searches).
    pub(crate) fn new(game: G, config: MctsConfig) -> Self {
        TypedMcts { game, mcts: Mcts::new(MctsConfig { reuse: true, ..config }) }
    }
}

impl<G: Game> DynMcts for TypedMcts<G> {
    fn search(&mut self, limits: &MctsLimits) -> Result<MctsResult<String>, SearchError> {
        let r = self.mcts.search(&self.game, limits)?;
        Ok(MctsResult {
            best: r.best.to_string(),
            value: r.value,
            proof: r.proof,
            moves: r
                .moves
                .into_iter()
                .map(|m| RootMove {
                    mv: m.mv.to_string(),
                    visits: m.visits,
                    value: m.value,
                    proof: m.proof,
                })
                .collect(),
            pv: r.pv.iter().map(ToString::to_string).collect(),
            iterations: r.iterations,
            tree_nodes: r.tree_nodes,
            elapsed: r.elapsed,
        })
    }
}
