//! Analysis of a position, move by move, sent as events while it runs: exact
//! scores where a solver reaches them, else the best estimate an engine gives.
//!
//! Which method a game gets is one `match` in [`method`]; a new game falls to
//! [`Method::Mcts`] (Monte Carlo tree search on the typed game), so it is
//! analysed with no code here. A new analyser is one more arm there and one
//! function here.
//!
//! Analyses run on a worker thread. When the client goes away (or the time is
//! up) the analysis's stop flag is raised: MCTS stops at its next slice (a
//! quarter second), and the alpha-beta player and the exact solvers (Connect
//! Four, Othello's endgame) poll it inside the search, so even the first column
//! of an empty Connect Four board is called off within a few thousand nodes.

use bitgames::games::connect4::solver::{ConnectFourSolver, Progress, SolveError};
use bitgames::games::connect4::Connect4;
use bitgames::games::othello::endgame::{EndgameError, EndgameSolver};
use bitgames::games::othello::player::{Level, OthelloPlayer, Value};
use bitgames::games::othello::Othello;
use bitgames::registry;
use bitgames::search::alphabeta::SearchError;
use bitgames::Game;
use bitgames::{DynGame, Outcome};
use serde::Serialize;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// Connect Four positions are solved exactly on boards of at most this many
/// cells (7×6 from the empty board takes about two minutes on one core), or
/// once at most this many cells are empty.
pub const C4_EXACT_CELLS: usize = 42;
/// See [`C4_EXACT_CELLS`].
pub const C4_EXACT_EMPTY: usize = 36;
/// Othello positions with at most this many empty squares get exact scores.
pub const OTHELLO_EXACT_EMPTY: usize = 20;
/// Transposition table of an analysis, MiB.
const TABLE_MIB: usize = 64;

/// How a position is analysed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Connect Four: the solver's exact score of every column (Pons' scores).
    Connect4Exact,
    /// Othello: the exact final disc difference after every move.
    OthelloExact,
    /// Othello: the alpha-beta player's value of every move, in discs,
    /// deepened a ply at a time over all the moves (each value sent as soon
    /// as it is searched).
    OthelloAlphaBeta,
    /// Any other game: Monte Carlo tree search (UCT with the MCTS-Solver), the
    /// mover's win rate and visits of every move as they grow.
    Mcts,
}

/// The method for a game's current position.
pub fn method(game: &dyn DynGame) -> Method {
    let empty = game.board().cells.iter().filter(|c| c.owner.is_none()).count();
    let cells = game.board().cells.len();
    match registry::info_of(game).map(|i| i.name) {
        Some("connect4") if cells <= C4_EXACT_CELLS || empty <= C4_EXACT_EMPTY => {
            Method::Connect4Exact
        }
        Some("othello") if empty <= OTHELLO_EXACT_EMPTY => Method::OthelloExact,
        Some("othello") => Method::OthelloAlphaBeta,
        _ => Method::Mcts,
    }
}

/// What [`method`] does, in words.
pub fn describe(game: &dyn DynGame) -> String {
    match method(game) {
        Method::Connect4Exact => {
            "exact: the solver's score of every column (Pons: positive wins, the sooner the higher)"
        }
        Method::OthelloExact => "exact: the final disc difference after every move",
        Method::OthelloAlphaBeta => {
            "the alpha-beta player's value of every move, in discs, deepened a ply at a time"
        }
        Method::Mcts => {
            "Monte Carlo tree search (UCT, MCTS-Solver): the mover's score of every move (win 1, \
             draw ½) and its visits; proven wins and losses are exact"
        }
    }
    .to_string()
}

/// One event of an analysis.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// The analysis started: how it works.
    Start {
        /// Method, in words.
        about: String,
        /// What the moves' scores count: `pons` (Pons' exact score: positive
        /// wins, the sooner the higher), `discs` (a disc difference) or
        /// `percent` (the mover's win rate).
        unit: &'static str,
        /// Moves to analyse.
        moves: usize,
    },
    /// A note on a long step (bounds, nodes).
    Progress {
        /// The note.
        text: String,
    },
    /// A move's value, new or updated.
    Move {
        /// The move.
        #[serde(rename = "move")]
        mv: String,
        /// Its value for the mover (higher is better): Pons' score, discs, or
        /// a win rate in percent.
        score: f64,
        /// The value in words.
        text: String,
        /// Whether it is exact.
        exact: bool,
        /// Simulations behind it, for estimates.
        visits: Option<u64>,
        /// The expected line from here, starting with the move, where the
        /// method knows one (the alpha-beta player's principal variation; the
        /// most visited line of the tree for MCTS's best move).
        #[serde(skip_serializing_if = "Option::is_none")]
        line: Option<Vec<String>>,
    },
    /// The analysis ended.
    Done {
        /// The best moves found.
        best: Vec<String>,
        /// Seconds taken.
        seconds: f64,
        /// Whether every move was valued (not cut short by the time limit).
        complete: bool,
    },
    /// The analysis failed.
    Error {
        /// Why.
        error: String,
    },
}

impl Event {
    /// The SSE event name.
    pub fn name(&self) -> &'static str {
        match self {
            Event::Start { .. } => "start",
            Event::Progress { .. } => "progress",
            Event::Move { .. } => "move",
            Event::Done { .. } => "done",
            Event::Error { .. } => "error",
        }
    }
}

/// Where an analysis sends its events; it tells the analysis when the client
/// has gone and when the time is up.
pub struct Sink {
    tx: mpsc::Sender<Event>,
    deadline: Instant,
    stop: Arc<AtomicBool>,
}

impl Sink {
    /// A sink sending to `tx`, with `time` to run, called off when `stop` is
    /// raised (the server raises it when the client's stream is dropped).
    pub fn new(tx: mpsc::Sender<Event>, time: Duration, stop: Arc<AtomicBool>) -> Self {
        Sink { tx, deadline: Instant::now() + time, stop }
    }

    /// The stop flag, raised now if the client has gone or the time is up:
    /// for the solvers to poll.
    fn flag(&self) -> Arc<AtomicBool> {
        if self.stop() {
            self.stop.store(true, Relaxed);
        }
        Arc::clone(&self.stop)
    }

    fn send(&self, e: Event) {
        // A closed channel means the client left; `stop` sees it.
        let _ = self.tx.blocking_send(e);
    }

    /// Whether to stop: the flag is raised, the client left or the time is up.
    fn stop(&self) -> bool {
        self.stop.load(Relaxed) || self.tx.is_closed() || Instant::now() >= self.deadline
    }
}

/// Analyses `game` (not over) with `method`, sending events to `sink`, the
/// last one `done` or `error`. `time` is the budget of estimates; exact methods
/// run to the end unless the sink's time runs out first.
pub fn run(game: Box<dyn DynGame>, method: Method, time: Duration, sink: Sink) {
    let start = Instant::now();
    let moves = game.legal_moves();
    let unit = match method {
        Method::Connect4Exact => "pons",
        Method::OthelloExact | Method::OthelloAlphaBeta => "discs",
        Method::Mcts => "percent",
    };
    sink.send(Event::Start { about: describe(game.as_ref()), unit, moves: moves.len() });
    let result = match method {
        Method::Connect4Exact => connect4(game.as_ref(), &moves, &sink),
        Method::OthelloExact => othello_exact(game.as_ref(), &moves, &sink),
        Method::OthelloAlphaBeta => othello_alphabeta(game.as_ref(), time, &sink),
        Method::Mcts => mcts(game.as_ref(), time, &sink),
    };
    match result {
        Ok(values) => {
            let top = values.iter().map(|(_, v)| *v).fold(f64::NEG_INFINITY, f64::max);
            let best = values.iter().filter(|(_, v)| *v == top).map(|(m, _)| m.clone()).collect();
            let complete = values.len() == moves.len();
            sink.send(Event::Done { best, seconds: start.elapsed().as_secs_f64(), complete });
        }
        Err(error) => sink.send(Event::Error { error }),
    }
}

/// The position after `mv`.
fn child(game: &dyn DynGame, mv: &str) -> Result<Box<dyn DynGame>, String> {
    let mut c = game.clone_box();
    c.play_text(mv).map_err(|e| e.to_string())?;
    Ok(c)
}

/// A value for the mover from a finished game: +1 win, 0 draw, −1 loss.
fn finished(game: &dyn DynGame, child: &dyn DynGame) -> Option<i32> {
    child.outcome().map(|o: Outcome| o.value_for(game.side_to_move()))
}

/// Pons' scores of every column, each an exact solve of the position after it.
fn connect4(
    game: &dyn DynGame,
    moves: &[String],
    sink: &Sink,
) -> Result<Vec<(String, f64)>, String> {
    let g = game.as_any().downcast_ref::<Connect4>().ok_or("not a Connect Four game")?;
    let mut solver = ConnectFourSolver::for_game(g, TABLE_MIB);
    // The shipped opening book answers the standard board's first moves at once.
    if let Some(book) =
        bitgames::games::connect4::book::builtin(g.width() as u32, g.height() as u32)
    {
        solver.set_book(book).map_err(|e| e.to_string())?;
    }
    solver.set_stop(Some(sink.flag()));
    let mut out = Vec::new();
    for mv in moves {
        if sink.stop() {
            break;
        }
        let c = child(game, mv)?;
        let score = match finished(game, c.as_ref()) {
            // A winning column scores what the position does: the solver answers
            // a position with a win in one at once.
            Some(1) => match solver.solve(g, false) {
                Ok(s) => s.score,
                Err(SolveError::Stopped { .. }) => break,
                Err(e) => return Err(e.to_string()),
            },
            Some(v) => v,
            None => {
                let cg = c.as_any().downcast_ref::<Connect4>().ok_or("not a Connect Four game")?;
                let tx = sink.tx.clone();
                let column = mv.clone();
                let (stop, deadline) = (Arc::clone(&sink.stop), sink.deadline);
                solver.set_progress(Some(Box::new(move |p: Progress| {
                    // The time limit, checked every few million nodes.
                    if Instant::now() >= deadline {
                        stop.store(true, Relaxed);
                    }
                    let text = format!(
                        "column {column}: score in [{}, {}] for the opponent, {} nodes",
                        p.min, p.max, p.nodes
                    );
                    let _ = tx.try_send(Event::Progress { text });
                })));
                match solver.solve(cg, false) {
                    Ok(s) => -s.score,
                    // Called off: the columns valued so far are the answer.
                    Err(SolveError::Stopped { .. }) => break,
                    Err(e) => return Err(e.to_string()),
                }
            }
        };
        let word = match score {
            s if s > 0 => "win",
            0 => "draw",
            _ => "loss",
        };
        sink.send(Event::Move {
            mv: mv.clone(),
            score: score as f64,
            text: format!("{score:+} ({word})"),
            exact: true,
            visits: None,
            line: None,
        });
        out.push((mv.clone(), score as f64));
    }
    Ok(out)
}

/// The exact final disc difference after every move.
fn othello_exact(
    game: &dyn DynGame,
    moves: &[String],
    sink: &Sink,
) -> Result<Vec<(String, f64)>, String> {
    let mut solver = EndgameSolver::new(TABLE_MIB);
    solver.set_stop(Some(sink.flag()));
    let mover_sign = if game.side_to_move() == bitgames::Player::First { 1 } else { -1 };
    let mut out = Vec::new();
    for mv in moves {
        if sink.stop() {
            break;
        }
        let c = child(game, mv)?;
        let score = if c.outcome().is_some() {
            c.score().unwrap_or(0) * mover_sign
        } else {
            let o = c.as_any().downcast_ref::<Othello>().ok_or("not an Othello game")?;
            match solver.solve(o) {
                Ok(r) => -r.score,
                Err(EndgameError::Stopped { .. }) => break,
                Err(e) => return Err(e.to_string()),
            }
        };
        sink.send(Event::Move {
            mv: mv.clone(),
            score: score as f64,
            text: format!("{score:+} discs"),
            exact: true,
            visits: None,
            line: None,
        });
        out.push((mv.clone(), score as f64));
    }
    Ok(out)
}

/// The alpha-beta player's value of every move, deepened a ply at a time over
/// all the moves: each move's value, depth and line is sent as soon as it is
/// searched, until the time is up, the client leaves (the player's stop flag,
/// polled every 1024 nodes), every value is exact or the search reaches the end
/// of the game. A search cut short is dropped: each move keeps the value of
/// the deepest search it finished.
fn othello_alphabeta(
    game: &dyn DynGame,
    time: Duration,
    sink: &Sink,
) -> Result<Vec<(String, f64)>, String> {
    let o = game.as_any().downcast_ref::<Othello>().ok_or("not an Othello game")?;
    let deadline = Instant::now() + time;
    let mut player = OthelloPlayer::new(Level::new(8).map_err(|e| e.to_string())?);
    player.set_stop(Some(sink.flag()));
    let mut moves = Vec::new();
    Game::legal_moves(o, &mut moves);
    let mut values: Vec<Option<Value>> = vec![None; moves.len()];
    let (mut nodes, mut reached) = (0u64, 0);
    'deepen: for depth in 1..=o.empty().count_ones().max(1) {
        for (mv, value) in moves.iter().zip(values.iter_mut()) {
            if matches!(value, Some(Value::Exact(_))) {
                continue;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() || sink.stop() {
                break 'deepen;
            }
            player.set_time(Some(left));
            let c = match player.evaluate_move(o, *mv, depth) {
                Ok(c) => c,
                Err(SearchError::Stopped) => break 'deepen,
                Err(e) => return Err(e.to_string()),
            };
            if sink.stop() || Instant::now() >= deadline {
                break 'deepen;
            }
            nodes += c.nodes;
            *value = Some(c.value);
            let line: Vec<String> = c.pv.iter().map(|m| m.to_string()).collect();
            sink.send(Event::Move {
                mv: mv.to_string(),
                score: c.value.discs(),
                text: format!(
                    "{}, depth {}",
                    match c.value {
                        Value::Heuristic(_) => format!("{:+.1} discs", c.value.discs()),
                        v => v.to_string(),
                    },
                    c.depth,
                ),
                exact: matches!(c.value, Value::Exact(_)),
                visits: None,
                line: Some(line),
            });
        }
        reached = depth;
        sink.send(Event::Progress { text: format!("depth {depth} searched, {nodes} nodes") });
        if values.iter().all(|v| matches!(v, Some(Value::Exact(_)))) {
            break;
        }
    }
    if reached == 0 {
        sink.send(Event::Progress { text: "stopped before the first depth was searched".into() });
    }
    Ok(moves
        .iter()
        .zip(&values)
        .filter_map(|(m, v)| v.map(|v| (m.to_string(), v.discs())))
        .collect())
}

/// The tree of one search at most this big (about 48 bytes a node).
const MCTS_MAX_NODES: usize = 2 << 20;

/// Monte Carlo tree search on one tree, in slices of a quarter second: after
/// each slice every root move's score (the mover's win rate in percent, or
/// 100 / 50 / 0 once proven) and visits are sent, until the time is up, the
/// client leaves or the root is proven.
fn mcts(game: &dyn DynGame, time: Duration, sink: &Sink) -> Result<Vec<(String, f64)>, String> {
    use bitgames::search::mcts::{MctsConfig, MctsLimits, Proof};
    let config =
        MctsConfig { seed: 1, threads: 1, max_tree_nodes: MCTS_MAX_NODES, ..Default::default() };
    let mut searcher = game.mcts_searcher(config);
    let deadline = Instant::now() + time;
    let (mut values, mut total) = (Vec::new(), 0u64);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let slice = left.min(Duration::from_millis(250)).max(Duration::from_millis(1));
        let r = searcher.search(&MctsLimits::time(slice)).map_err(|e| e.to_string())?;
        total += r.iterations;
        values.clear();
        for m in &r.moves {
            // `proof` is seen by the side to move, as `value` is.
            let (score, text, exact) = match m.proof {
                Proof::Win => (100.0, "win (proven)".to_string(), true),
                Proof::Draw => (50.0, "draw (proven)".to_string(), true),
                Proof::Loss => (0.0, "loss (proven)".to_string(), true),
                Proof::Unknown => {
                    // The mean with one draw's worth of prior (½ in one
                    // simulation): a move seen once is not shown as sure
                    // as a proven one.
                    let rate = 100.0 * (m.value * m.visits as f64 + 0.5) / (m.visits as f64 + 1.0);
                    (rate, format!("{rate:.1}% of {}", m.visits), false)
                }
            };
            values.push((m.mv.clone(), score));
            let line = (r.pv.first() == Some(&m.mv)).then(|| r.pv.clone());
            sink.send(Event::Move {
                mv: m.mv.clone(),
                score,
                text,
                exact,
                visits: Some(m.visits),
                line,
            });
        }
        let proven = r.proof != Proof::Unknown;
        if proven || sink.stop() || Instant::now() >= deadline {
            sink.send(Event::Progress {
                text: format!(
                    "{total} simulations, {} tree nodes{}",
                    r.tree_nodes,
                    if proven { ", the root proven" } else { "" }
                ),
            });
            return Ok(values);
        }
    }
}
