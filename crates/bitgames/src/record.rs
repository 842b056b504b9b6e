//! A game record for any game: the start position, the moves played and every
//! state on the way, so apps can undo, replay and save a game without knowing its
//! rules (Connect Four's position text, for one, does not say in which order the
//! stones were dropped; the record does).

use crate::dynamic::DynGame;
use crate::game::{Outcome, ParseError, PlayError};
use crate::spec::SpecError;
use thiserror::Error;

/// A record that cannot be read back.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordError {
    /// Not JSON of a record.
    #[error("not a game record: {0}")]
    Syntax(String),
    /// The game spec does not build.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// The start position does not read.
    #[error("start position: {0}")]
    Start(#[from] ParseError),
    /// A move that cannot be played.
    #[error("move {number}: {error}")]
    Move {
        /// 1-based number of the move in the record.
        number: usize,
        /// Why it cannot be played.
        error: PlayError,
    },
}

/// A game in progress with its history.
#[derive(Clone)]
pub struct GameRecord {
    /// The state before each move, then the current one (never empty).
    states: Vec<Box<dyn DynGame>>,
    /// The moves, in the game's own notation.
    moves: Vec<String>,
}

/// A record as saved: `{"game": spec, "start": position, "moves": [...],
/// "result": …}`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SavedRecord {
    /// The game's spec.
    pub game: String,
    /// The start position's text.
    pub start: String,
    /// The moves, in order.
    pub moves: Vec<String>,
    /// How the game ended, in words, or `in progress` (written, not read).
    #[serde(default)]
    pub result: String,
}

impl std::fmt::Debug for GameRecord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "GameRecord({:?})", self.saved())
    }
}

impl GameRecord {
    /// A record starting from `start`.
    pub fn new(start: Box<dyn DynGame>) -> Self {
        GameRecord { states: vec![start], moves: Vec::new() }
    }

    /// The current state.
    pub fn current(&self) -> &dyn DynGame {
        self.states.last().map(|b| b.as_ref()).expect("a record always has a state")
    }

    /// The start state.
    pub fn start(&self) -> &dyn DynGame {
        self.states[0].as_ref()
    }

    /// The moves played, in the game's notation.
    pub fn moves(&self) -> &[String] {
        &self.moves
    }

    /// The state after the first `n` moves (`n` ≤ the number of moves).
    pub fn state_after(&self, n: usize) -> Option<&dyn DynGame> {
        self.states.get(n).map(|b| b.as_ref())
    }

    /// Plays a move given as text; the record keeps it in the game's notation.
    /// On error nothing changes.
    pub fn play(&mut self, mv: &str) -> Result<(), PlayError> {
        let mut next = self.current().clone_box();
        let text = next.move_text(mv)?;
        next.play_text(&text)?;
        self.states.push(next);
        self.moves.push(text);
        Ok(())
    }

    /// Takes back the last move and returns it (`None` at the start).
    pub fn undo(&mut self) -> Option<String> {
        let mv = self.moves.pop()?;
        self.states.pop();
        Some(mv)
    }

    /// The outcome of the current state.
    pub fn outcome(&self) -> Option<Outcome> {
        self.current().outcome()
    }

    /// The record in its saved form.
    pub fn saved(&self) -> SavedRecord {
        let now = self.current();
        SavedRecord {
            game: now.spec(),
            start: self.start().position(),
            moves: self.moves.clone(),
            result: match now.outcome() {
                Some(o) => now.describe_outcome(o),
                None => "in progress".to_string(),
            },
        }
    }

    /// The record as JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.saved()).expect("a record serialises")
    }
}
