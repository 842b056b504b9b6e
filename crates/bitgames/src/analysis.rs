//! Analysis of a position, move by move: the value of every legal move for
//! the side to move, sent as typed [`Event`]s while the search runs, so a front
//! end shows values as they come and never learns which game it analyses.
//!
//! A game declares its own [`Analyser`] in its registry entry
//! ([`Tools::analyser`](crate::tools::Tools::analyser)), chosen per position
//! (Connect Four's exact solver on small boards, Othello's endgame solver at 20
//! empties, its alpha-beta player before); every other game, and any position
//! its own analyser declines, gets [`MctsAnalyser`](crate::search::mcts::MctsAnalyser): Monte Carlo tree search
//! (UCT with the MCTS-Solver) on the typed game.
//! [`registry::analyser_for`](crate::registry::analyser_for) makes the choice.

use crate::dynamic::DynGame;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Arc;
use std::time::{Duration, Instant};
use thiserror::Error;

/// What a move's score counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// Pons' exact score for the mover: positive wins, the sooner the higher
    /// (a win with the winner's k-th stone of a board of n cells scores
    /// `n/2 + 1 − k`), 0 a draw.
    Pons,
    /// A disc difference for the mover (exact, or a heuristic shown in discs).
    Discs,
    /// The mover's win rate in percent (100, 50 and 0 once proven).
    Percent,
    /// A retrograde table's exact value for the mover, by its distance to the
    /// end: `1000 − d` for a win in `d` plies, `d − 1000` for a loss in `d`, 0
    /// a draw (a faster win and a slower loss score higher).
    Distance,
}

impl Unit {
    /// `pons`, `discs` or `percent`.
    pub const fn name(self) -> &'static str {
        match self {
            Unit::Pons => "pons",
            Unit::Discs => "discs",
            Unit::Percent => "percent",
            Unit::Distance => "distance",
        }
    }
}

/// One move's value, new or improved.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveValue {
    /// The move, in the game's notation.
    pub mv: String,
    /// Its value for the mover (higher is better), in the analyser's [`Unit`].
    pub score: f64,
    /// The value in words (`+2 (win)`, `+0.3 discs, depth 9`, `55.2% of 4810`).
    pub text: String,
    /// Whether the value is exact (solved or proven).
    pub exact: bool,
    /// Simulations behind an estimate.
    pub visits: Option<u64>,
    /// The expected line from here, starting with the move, where the analyser
    /// knows one.
    pub line: Option<Vec<String>>,
}

impl MoveValue {
    /// An exact value (solved), with no visits or line.
    pub fn exact(mv: String, score: i32, text: String) -> MoveValue {
        MoveValue { mv, score: score as f64, text, exact: true, visits: None, line: None }
    }
}

/// What an analysis sends while it runs.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// A note on a long step (bounds, nodes, depths).
    Progress(String),
    /// A move's value.
    Move(MoveValue),
}

/// Where an analysis sends its events; shared, so a solver's progress
/// callback can send too.
pub type Sink = Arc<dyn Fn(Event) + Send + Sync>;

/// When an analysis stops: its time (what an estimate spends), a hard
/// deadline, and a flag the caller raises to call it off.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Time for estimates.
    pub time: Duration,
    /// Nothing runs past this (exact analyses stop here with the moves solved
    /// so far).
    pub deadline: Instant,
    /// Raised by the caller (a client gone): the search stops within a few
    /// thousand nodes.
    pub stop: Arc<AtomicBool>,
}

impl Limits {
    /// Whether to stop now: the flag is raised or the deadline has passed.
    pub fn stopped(&self) -> bool {
        self.stop.load(Relaxed) || Instant::now() >= self.deadline
    }

    /// When an estimate started now stops: its time, within the deadline.
    pub fn estimate_deadline(&self) -> Instant {
        (Instant::now() + self.time).min(self.deadline)
    }

    /// The stop flag for a search to poll, raised first if the deadline has
    /// passed.
    pub fn flag(&self) -> Arc<AtomicBool> {
        if Instant::now() >= self.deadline {
            self.stop.store(true, Relaxed);
        }
        Arc::clone(&self.stop)
    }
}

/// An analysis that failed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum AnalysisError {
    /// The search failed (the reason in words).
    #[error("analysis failed: {0}")]
    Search(String),
    /// The analyser was given a game it does not analyse.
    #[error("this analyser does not analyse {0}")]
    WrongGame(String),
}

/// What an analyser is, for a front end before it runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Description {
    /// What it does, in words.
    pub about: &'static str,
    /// What its scores count.
    pub unit: Unit,
    /// Whether its values are exact (it runs to its deadline, not its time).
    pub exact: bool,
}

/// What [`Analyser::analyse`] answers: each move valued (its text and its
/// last value), or why the analysis failed.
pub type Analysis = Result<Vec<(String, f64)>, AnalysisError>;

/// A way to value every move of a position.
pub trait Analyser: Send {
    /// What it is: its method in words, its unit, whether it is exact.
    fn describe(&self) -> Description;
    /// Values the moves of `game` (not over), sending each value to `sink`
    /// as soon as it is known, until the moves are valued or `limits` stop it;
    /// answers the last value of every move valued.
    fn analyse(&mut self, game: &dyn DynGame, limits: &Limits, sink: &Sink) -> Analysis;
}

/// A game's own analyser for a position, or `None` to use
/// [`MctsAnalyser`](crate::search::mcts::MctsAnalyser).
pub type AnalyserFn = fn(&dyn DynGame) -> Option<Box<dyn Analyser>>;

/// The position after `mv`.
pub fn child(game: &dyn DynGame, mv: &str) -> Result<Box<dyn DynGame>, AnalysisError> {
    let mut c = game.clone_box();
    c.play_text(mv).map_err(|e| AnalysisError::Search(e.to_string()))?;
    Ok(c)
}
