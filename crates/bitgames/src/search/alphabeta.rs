//! Negamax alpha-beta over any [`Game`]: principal-variation search, a
//! transposition table, iterative deepening and depth, node or time limits.
//!
//! The game supplies the rules; an [`Evaluator`] supplies the heuristic value of
//! a position where the search stops and the value of a finished game. Values are
//! always from the view of the side to move (negamax).
//!
//! ```
//! use bitgames::games::tictactoe::TicTacToe;
//! use bitgames::search::alphabeta::{AlphaBeta, Limits, NoHeuristic};
//!
//! // Tic-tac-toe searched to the end: a draw.
//! let mut search = AlphaBeta::new(NoHeuristic, 1);
//! let result = search.search(&TicTacToe::classic(), &Limits::depth(9)).unwrap();
//! assert_eq!(result.score, 0);
//! ```

use super::SearchError;
use crate::game::{Game, Outcome};
use std::fmt;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The value of a won game at the root; a win `k` plies away scores
/// `WIN - k`, so the search prefers faster wins and slower losses. Heuristic
/// values must stay well inside `±WIN / 2`.
pub const WIN: i32 = 1_000_000;

/// Values at least this large (in absolute value) are decided games.
pub const DECIDED: i32 = WIN / 2;

/// What the search knows of a position's value beyond the heuristic: how to
/// score a position where it stops, and a finished game.
pub trait Evaluator<G: Game>: Send {
    /// The heuristic value of an unfinished position for the side to move, within
    /// `±DECIDED / 2`.
    fn evaluate(&self, game: &G) -> i32;

    /// The value of a finished game for the side to move, before the distance
    /// adjustment: `±WIN` plus, optionally, a margin under `DECIDED / 2` (Othello
    /// adds the disc difference, so bigger wins rank higher); `0` for a draw.
    fn terminal(&self, game: &G, outcome: Outcome) -> i32 {
        WIN * outcome.value_for(game.side_to_move())
    }
}

/// An evaluator that knows only finished games: every unfinished leaf is worth 0.
/// Searched to the end of the game, this is an exact solver.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoHeuristic;

impl<G: Game> Evaluator<G> for NoHeuristic {
    fn evaluate(&self, _: &G) -> i32 {
        0
    }
}

/// The game's own evaluation ([`Hints::evaluate`](crate::game::Hints::evaluate)), clamped to the heuristic
/// range: what the generic `alphabeta` engine searches with.
#[derive(Clone, Copy, Debug, Default)]
pub struct GameEval;

/// The largest heuristic value [`GameEval`] passes on (a game's evaluation is
/// clamped to `±MAX_EVAL`, well inside `±DECIDED / 2`).
pub const MAX_EVAL: i32 = 100_000;

impl<G: Game> Evaluator<G> for GameEval {
    #[inline]
    fn evaluate(&self, game: &G) -> i32 {
        game.evaluate().clamp(-MAX_EVAL, MAX_EVAL)
    }
}

/// When to stop: the first limit reached ends the search. With no limit at all
/// the search deepens until the game tree is exhausted.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Nodes (positions visited); checked between nodes.
    pub nodes: Option<u64>,
    /// Wall-clock time.
    pub time: Option<Duration>,
}

impl Limits {
    /// Search to a fixed depth.
    pub fn depth(depth: u32) -> Limits {
        Limits { depth: Some(depth), ..Limits::default() }
    }

    /// Search for at most this long.
    pub fn time(time: Duration) -> Limits {
        Limits { time: Some(time), ..Limits::default() }
    }
}

/// The result of a search: the best move found, its value and how deep the
/// search looked.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// The move to play.
    pub best: M,
    /// Its value for the side to move (negamax; see [`WIN`]).
    pub score: i32,
    /// The deepest iteration completed (or partly completed, when its first move
    /// was searched before the limit hit).
    pub depth: u32,
    /// The principal variation, starting with `best`.
    pub pv: Vec<M>,
    /// Positions visited.
    pub nodes: u64,
    /// Wall-clock time.
    pub elapsed: Duration,
    /// Whether the tree was searched to the end of the game on every line, so
    /// `score` is exact.
    pub exact: bool,
}

impl<M: fmt::Display> SearchResult<M> {
    /// The principal variation as text: `d3 c5 f6`.
    pub fn pv_text(&self) -> String {
        self.pv.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(" ")
    }
}

/// Describes a score: `+12` for a heuristic value, `win in 7 plies` /
/// `loss in 4 plies` for a plain decided one, `win` / `loss` for a decided one
/// with a margin (whose owner formats it better, as Othello does with discs).
pub fn describe_score(score: i32) -> String {
    let (word, v) = match score {
        s if s >= DECIDED => ("win", s),
        s if s <= -DECIDED => ("loss", -s),
        s => return format!("{s:+}"),
    };
    match WIN - v {
        d @ 0..1000 => format!("{word} in {d} plies"),
        _ => word.to_string(),
    }
}

/// Bound kinds stored in the table.
const EXACT: u8 = 0;
const LOWER: u8 = 1;
const UPPER: u8 = 2;

/// One table slot.
#[derive(Clone, Copy)]
struct Entry<M> {
    key: u64,
    best: Option<M>,
    score: i32,
    depth: i16,
    bound: u8,
    /// Whether the value came from finished games only (no heuristic leaf).
    complete: bool,
}

/// A negamax alpha-beta searcher for game `G` with evaluator `E`. Keeps its
/// transposition table between searches (call [`clear`](AlphaBeta::clear) for a
/// fresh start).
pub struct AlphaBeta<G: Game, E: Evaluator<G>> {
    eval: E,
    table: Vec<Option<Entry<G::Move>>>,
    mask: usize,
    moves: Vec<Vec<G::Move>>,
    order: Vec<Vec<(i32, G::Move)>>,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    stopped: bool,
    stop: Option<Arc<AtomicBool>>,
    /// Whether a leaf was scored by the heuristic in the current iteration.
    heuristic_leaf: bool,
}

impl<G: Game, E: Evaluator<G>> AlphaBeta<G, E> {
    /// A searcher with a transposition table of about `table_mib` MiB (at least one
    /// slot).
    pub fn new(eval: E, table_mib: usize) -> Self {
        match Self::try_new(eval, table_mib) {
            Ok(search) => search,
            Err(e) => panic!("{e}"),
        }
    }

    /// [`new`](Self::new), or an error (not an abort) when the table is more
    /// than the machine can give ([`table_limit`](crate::search::memory::table_limit))
    /// or the system refuses the memory.
    pub fn try_new(eval: E, table_mib: usize) -> Result<Self, crate::search::memory::AllocError> {
        let slot = std::mem::size_of::<Option<Entry<G::Move>>>().max(1);
        let want = table_mib.saturating_mul(1 << 20) / slot;
        let slots = if want < 2 { 1 } else { 1usize << (usize::BITS - 1 - want.leading_zeros()) };
        let bytes = slots.saturating_mul(slot);
        let refused = crate::search::memory::AllocError { bytes, memory: None };
        if let Some(limit) = crate::search::memory::table_limit().filter(|&l| bytes > l) {
            return Err(crate::search::memory::AllocError { bytes, memory: Some(limit) });
        }
        let mut table = Vec::new();
        table.try_reserve_exact(slots).map_err(|_| refused)?;
        table.resize(slots, None);
        Ok(AlphaBeta {
            eval,
            table,
            mask: slots - 1,
            moves: Vec::new(),
            order: Vec::new(),
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            stopped: false,
            stop: None,
            heuristic_leaf: false,
        })
    }

    /// The evaluator.
    pub fn evaluator(&self) -> &E {
        &self.eval
    }

    /// The evaluator, to change its settings.
    pub fn evaluator_mut(&mut self) -> &mut E {
        &mut self.eval
    }

    /// Empties the transposition table.
    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|e| *e = None);
    }

    /// Gives the searcher a stop flag: once it is raised (from any thread), a
    /// running search ends within 1024 nodes and returns the best move of the
    /// deepest iteration it has (as a time limit does), or
    /// [`SearchError::Stopped`] when it has none yet; so does any search started
    /// while it is raised. The searcher never lowers it; the table stays valid
    /// (a node cut short is not stored). `None` takes the flag away.
    pub fn set_stop(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.stop = flag;
    }

    /// Searches `game` by iterative deepening within `limits`.
    pub fn search(
        &mut self, game: &G, limits: &Limits,
    ) -> Result<SearchResult<G::Move>, SearchError> {
        SearchError::unless_over(game)?;
        if limits.depth == Some(0) {
            return Err(SearchError::ZeroDepth);
        }
        if super::raised(&self.stop) {
            return Err(SearchError::Stopped);
        }
        let start = Instant::now();
        self.nodes = 0;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.deadline = limits.time.map(|t| start + t);
        self.stopped = false;

        let mut root: Vec<G::Move> = Vec::new();
        game.legal_moves(&mut root);
        // Root moves with the previous iteration's value, best first.
        let mut ranked: Vec<(i32, G::Move)> = root.iter().map(|&m| (0, m)).collect();
        let mut result: Option<SearchResult<G::Move>> = None;
        let max_depth = limits.depth.unwrap_or(u32::MAX);
        let mut depth = 0;
        while depth < max_depth {
            depth += 1;
            self.heuristic_leaf = false;
            let mut alpha = -WIN - DECIDED;
            let beta = WIN + DECIDED;
            let mut best: Option<(i32, G::Move)> = None;
            let mut scored: Vec<(i32, G::Move)> = Vec::with_capacity(ranked.len());
            for (i, &(_, mv)) in ranked.iter().enumerate() {
                let mut child = game.clone();
                child.play_unchecked(mv);
                let d = depth as i32 - 1;
                let v = if i == 0 {
                    -self.negamax(&child, d, 1, -beta, -alpha)
                } else {
                    let v = -self.negamax(&child, d, 1, -alpha - 1, -alpha);
                    if v > alpha && !self.stopped {
                        -self.negamax(&child, d, 1, -beta, -alpha)
                    } else {
                        v
                    }
                };
                if self.stopped {
                    break;
                }
                scored.push((v, mv));
                if v > alpha {
                    alpha = v;
                    best = Some((v, mv));
                }
            }
            let complete = !self.stopped;
            // A partly searched iteration still counts when its first move (the
            // previous best) was searched: any move found better is better.
            if let Some((score, mv)) = best {
                if complete
                    || result.is_none()
                    || score > result.as_ref().map_or(i32::MIN, |r| r.score)
                {
                    let exact = complete && !self.heuristic_leaf;
                    result = Some(SearchResult {
                        best: mv,
                        score,
                        depth,
                        pv: Vec::new(),
                        nodes: 0,
                        elapsed: Duration::ZERO,
                        exact,
                    });
                    if complete {
                        self.store(
                            game.position_hash(),
                            depth as i32,
                            0,
                            score,
                            EXACT,
                            Some(mv),
                            exact,
                        );
                    }
                }
            }
            if !complete {
                break;
            }
            // Next iteration: best first, then by this iteration's values (which are
            // bounds for all but the best, still a good order).
            scored.sort_by_key(|&(v, _)| std::cmp::Reverse(v));
            ranked = scored;
            if let Some(r) = &result {
                if r.exact {
                    break;
                }
            }
            if self.time_up() {
                break;
            }
        }
        let mut result = match result {
            Some(r) => r,
            // Called off from outside before anything was searched.
            None if super::raised(&self.stop) => return Err(SearchError::Stopped),
            // A limit hit before the first root move was searched at depth 1: play
            // the first move rather than nothing.
            None => SearchResult {
                best: root[0],
                score: 0,
                depth: 0,
                pv: Vec::new(),
                nodes: 0,
                elapsed: Duration::ZERO,
                exact: false,
            },
        };
        result.pv = self.principal_variation(game, result.best, result.depth as usize);
        result.nodes = self.nodes;
        result.elapsed = start.elapsed();
        Ok(result)
    }

    /// Whether the time or an outside stop has run out (checked every 1024 nodes).
    fn time_up(&self) -> bool {
        super::raised(&self.stop) || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// The value of `game` searched `depth` plies deep, `ply` plies from the root,
    /// within the window (`alpha`, `beta`).
    fn negamax(&mut self, game: &G, depth: i32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes >= self.node_limit || (self.nodes & 1023 == 0 && self.time_up()) {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        if let Some(o) = game.outcome() {
            let v = self.eval.terminal(game, o);
            return v - v.signum() * ply as i32;
        }
        if depth <= 0 {
            self.heuristic_leaf = true;
            return self.eval.evaluate(game);
        }
        let key = game.position_hash();
        let mut table_move = None;
        if let Some(e) = self.probe(key) {
            table_move = e.best;
            if e.depth as i32 >= depth {
                let v = from_table(e.score, ply);
                let cut = match e.bound {
                    EXACT => true,
                    LOWER => v >= beta,
                    _ => v <= alpha,
                };
                if cut {
                    self.heuristic_leaf |= !e.complete;
                    return v;
                }
            }
        }

        if self.moves.len() <= ply {
            self.moves.resize_with(ply + 1, Vec::new);
            self.order.resize_with(ply + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        game.legal_moves(&mut moves);
        let mut order = std::mem::take(&mut self.order[ply]);
        order.clear();
        // Table move first; the rest by the heuristic value of the child (for the
        // side to move: the lower the opponent's value the better) when deep enough
        // to pay for it.
        for &m in &moves {
            let key = if Some(m) == table_move {
                i32::MAX
            } else if depth >= 2 {
                let mut child = game.clone();
                child.play_unchecked(m);
                -self.eval.evaluate(&child)
            } else {
                0
            };
            order.push((key, m));
        }
        order.sort_by_key(|&(k, _)| std::cmp::Reverse(k));

        // Whether this subtree scores a heuristic leaf, kept apart from the rest of
        // the tree so the table can record it.
        let outer_heuristic = std::mem::replace(&mut self.heuristic_leaf, false);
        let alpha0 = alpha;
        let mut best = -WIN - DECIDED;
        let mut best_move = None;
        for (i, &(_, m)) in order.iter().enumerate() {
            let mut child = game.clone();
            child.play_unchecked(m);
            let v = if i == 0 {
                -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha)
            } else {
                let v = -self.negamax(&child, depth - 1, ply + 1, -alpha - 1, -alpha);
                if v > alpha && v < beta && !self.stopped {
                    -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha)
                } else {
                    v
                }
            };
            if self.stopped {
                break;
            }
            if v > best {
                best = v;
                best_move = Some(m);
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        self.moves[ply] = moves;
        self.order[ply] = order;
        if self.stopped {
            self.heuristic_leaf = true;
            return 0;
        }
        let bound = if best >= beta {
            LOWER
        } else if best > alpha0 {
            EXACT
        } else {
            UPPER
        };
        let complete = !self.heuristic_leaf;
        self.heuristic_leaf |= outer_heuristic;
        self.store(key, depth, ply, best, bound, best_move, complete);
        best
    }

    /// The table entry for `key`, if the slot holds it.
    fn probe(&self, key: u64) -> Option<Entry<G::Move>> {
        self.table[key as usize & self.mask].filter(|e| e.key == key)
    }

    /// Stores a result, replacing the slot's entry unless that one is deeper and of
    /// another position.
    #[allow(clippy::too_many_arguments)]
    fn store(
        &mut self, key: u64, depth: i32, ply: usize, score: i32, bound: u8, best: Option<G::Move>,
        complete: bool,
    ) {
        let slot = &mut self.table[key as usize & self.mask];
        if let Some(old) = slot {
            if old.key != key && old.depth as i32 > depth + 2 {
                return;
            }
        }
        *slot = Some(Entry {
            key,
            best,
            score: to_table(score, ply),
            depth: depth as i16,
            bound,
            complete,
        });
    }

    /// The line the table expects after `first`, at most `len` plies.
    fn principal_variation(&self, game: &G, first: G::Move, len: usize) -> Vec<G::Move> {
        let mut pv = vec![first];
        let mut g = game.clone();
        g.play_unchecked(first);
        while pv.len() < len.max(1) && g.outcome().is_none() {
            let Some(m) = self.probe(g.position_hash()).and_then(|e| e.best) else { break };
            if !g.is_legal(m) {
                break;
            }
            pv.push(m);
            g.play_unchecked(m);
        }
        pv
    }
}

/// A decided score stored in the table counts its distance from the stored
/// position, not from the root.
fn to_table(v: i32, ply: usize) -> i32 {
    if v >= DECIDED {
        v + ply as i32
    } else if v <= -DECIDED {
        v - ply as i32
    } else {
        v
    }
}

/// The inverse of [`to_table`] at `ply`.
fn from_table(v: i32, ply: usize) -> i32 {
    if v >= DECIDED {
        v - ply as i32
    } else if v <= -DECIDED {
        v + ply as i32
    } else {
        v
    }
}
