//! Analysis of a position, move by move, streamed to the page as Server-Sent
//! Events while it runs. The analyser is the library's choice for the game
//! and position ([`bitgames::registry::analyser_for`]: a game's own, such as
//! Connect Four's exact solver or Othello's endgame solver and alpha-beta
//! player, else Monte Carlo tree search); this file names no game and only
//! turns the library's typed events into JSON.
//!
//! Analyses run on a worker thread. When the client goes away (or the time is
//! up) the analysis's stop flag is raised: MCTS stops at its next slice (a
//! quarter second), and the alpha-beta player and the exact solvers poll it
//! inside the search, so even an exact solve is called off within a few
//! thousand nodes.

use bitgames::analysis::{self as lib, Analyser, Limits};
use bitgames::retro::analysis::LoadedTable;
use bitgames::DynGame;
use serde::Serialize;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// The analyser of `game`'s position: a table the server was started with
/// that holds it (exact, at once), else the library's choice for the game
/// and position.
pub fn analyser(game: &dyn DynGame, tables: &[LoadedTable]) -> Box<dyn Analyser> {
    tables
        .iter()
        .find_map(|t| t.analyser(game))
        .unwrap_or_else(|| bitgames::registry::analyser_for(game))
}

/// What `/analyse` does for `game`'s current position, in words.
pub fn describe(game: &dyn DynGame, tables: &[LoadedTable]) -> String {
    analyser(game, tables).describe().about.to_string()
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

/// Analyses `game` (not over) with `analyser`, sending events to `tx` (the
/// last one `done` or `error`): estimates spend `time`, nothing runs past
/// `budget`, and raising `stop` (the client gone) calls it off.
pub fn run(
    game: Box<dyn DynGame>, mut analyser: Box<dyn Analyser>, time: Duration, budget: Duration,
    stop: Arc<AtomicBool>, tx: mpsc::Sender<Event>,
) {
    let start = Instant::now();
    let deadline = start + budget;
    let moves = game.legal_moves();
    // A closed channel means the client left; the stop flag sees it.
    let what = analyser.describe();
    let _ = tx.blocking_send(Event::Start {
        about: what.about.to_string(),
        unit: what.unit.name(),
        moves: moves.len(),
    });
    let limits = Limits { time, deadline, stop: Arc::clone(&stop) };
    let out = tx.clone();
    let flag = Arc::clone(&stop);
    let sink: lib::Sink = Arc::new(move |e: lib::Event| match e {
        // Progress notes may be dropped when the client reads slowly;
        // values never are.
        lib::Event::Progress(text) => {
            let _ = out.try_send(Event::Progress { text });
        }
        lib::Event::Move(m) => send_until(
            &out,
            Event::Move {
                mv: m.mv,
                score: m.score,
                text: m.text,
                exact: m.exact,
                visits: m.visits,
                line: m.line,
            },
            deadline,
            &flag,
        ),
    });
    let result = analyser.analyse(game.as_ref(), &limits, &sink);
    let end = match result {
        Ok(values) => {
            let top = values.iter().map(|(_, v)| *v).fold(f64::NEG_INFINITY, f64::max);
            let best = values.iter().filter(|(_, v)| *v == top).map(|(m, _)| m.clone()).collect();
            let complete = values.len() == moves.len();
            Event::Done { best, seconds: start.elapsed().as_secs_f64(), complete }
        }
        Err(e) => Event::Error { error: e.to_string() },
    };
    send_until(&tx, end, deadline + Duration::from_secs(1), &stop);
}

/// Sends `e`, waiting while the client's queue is full, but not past
/// `deadline` nor once `stop` is raised: a client that never reads its stream
/// does not hold the worker beyond the analysis's own time (it did for ever).
fn send_until(tx: &mpsc::Sender<Event>, e: Event, deadline: Instant, stop: &AtomicBool) {
    use tokio::sync::mpsc::error::TrySendError;
    let mut e = e;
    loop {
        match tx.try_send(e) {
            Ok(()) | Err(TrySendError::Closed(_)) => return,
            Err(TrySendError::Full(back)) => {
                if Instant::now() >= deadline || stop.load(std::sync::atomic::Ordering::Relaxed) {
                    return;
                }
                e = back;
                std::thread::sleep(Duration::from_millis(5));
            }
        }
    }
}
