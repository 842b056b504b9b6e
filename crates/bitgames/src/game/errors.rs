//! The errors a user can provoke through the game API: text that could not be
//! read, moves that are not legal, positions that break a game's rules.

use super::clip;
use std::fmt;
use thiserror::Error;

/// A move or position that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    /// Move text that is not a move of this game.
    #[error("cannot read move '{text}' for {game}: expected {expected}")]
    Move {
        /// Game spec.
        game: String,
        /// The text given.
        text: String,
        /// What a move looks like.
        expected: String,
    },
    /// Position text that is not a position of this game.
    #[error("bad {game} position '{text}': {why}")]
    Position {
        /// Game spec.
        game: String,
        /// The text given (shortened if long).
        text: String,
        /// What kind of fault: a reason callers can match.
        fault: PositionFault,
        /// What was wrong, in words.
        why: String,
    },
}

impl ParseError {
    /// A [`ParseError::Position`]: `text` (shortened here) is no position
    /// of `game` because of `fault`, told in `why`.
    pub fn position(
        game: impl Into<String>, text: &str, fault: PositionFault, why: impl Into<String>,
    ) -> Self {
        ParseError::Position { game: game.into(), text: clip(text), fault, why: why.into() }
    }
}

/// Why position text is no position of a game, as a reason callers can
/// match (the words are in [`ParseError::Position`]'s `why`): each game reads
/// its text into a plain setup, then checks the setup against its rules, and
/// each check has its kind here (shakmaty's `PositionError` kinds, for all
/// games).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum PositionFault {
    /// The text is not in the game's shape: a character that is no piece,
    /// digit or separator, a wrong count of rows or fields, a row of the
    /// wrong length, a field that is no number.
    Syntax,
    /// The side to move is missing or names no player.
    SideToMove,
    /// A cell claimed by both players.
    Overlap,
    /// Pieces, or a cell the text names, off the board.
    OffBoard,
    /// Piece counts (or a ply count) that no game from the start reaches.
    Counts,
    /// A move of a move list that is not legal where it is played (a full
    /// column).
    IllegalMove,
    /// The game was over before the position: moves after the end, both
    /// players with a finished pattern, or the side to move holding one.
    AfterEnd,
    /// Any other breach of the rules (Go's groups without liberties, a ko
    /// cell that no capture made, a board the game's parameters do not allow).
    Rules,
}

/// Why a well-formed move cannot be played here: a reason callers can match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum IllegalReason {
    /// The move names a cell, column or square this board does not have.
    OffBoard,
    /// The cell is taken.
    Occupied,
    /// The column is full (Connect Four).
    ColumnFull,
    /// The placement changes nothing the rules require it to (an Othello disc
    /// that flips none).
    NoEffect,
    /// The side to move has no move but a pass.
    MustPass,
    /// A pass while the side to move has a move.
    CannotPass,
    /// The piece moved is not the mover's, or is not there.
    NotYourPiece,
    /// The move breaks a rule of movement of this game.
    Rule,
    /// The move breaks the ko rule (Go: simple ko or superko).
    Ko,
    /// The move leaves its own group without a liberty (Go).
    Suicide,
}

/// Why a move is illegal: the reason and a sentence for people.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{why}")]
pub struct Illegal {
    /// What kind of fault.
    pub reason: IllegalReason,
    /// The fault in words, naming the move and the position's facts.
    pub why: String,
}

impl Illegal {
    /// An [`Illegal`] from its reason and words.
    pub fn new(reason: IllegalReason, why: impl Into<String>) -> Self {
        Illegal { reason, why: why.into() }
    }
}

/// A move that cannot be played. `M` is the move: [`Rules::play`](crate::game::Rules::play) hands back the
/// game's own move type, [`DynGame`](crate::DynGame) the move text (the default).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PlayError<M: fmt::Display = String> {
    /// The move text did not parse.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// A well-formed move that is not legal here.
    #[error("illegal move {mv} in {game}: {why}")]
    Illegal {
        /// Game spec.
        game: String,
        /// The move, handed back.
        mv: M,
        /// What kind of fault.
        reason: IllegalReason,
        /// Why it is illegal.
        why: String,
    },
    /// The game is over.
    #[error("the {game} game is over ({outcome}); no move {mv} can be played")]
    GameOver {
        /// Game spec.
        game: String,
        /// The move tried, handed back.
        mv: M,
        /// How it ended, in words.
        outcome: String,
    },
}

impl<M: fmt::Display> PlayError<M> {
    /// The move that was refused (`None` for text that did not parse).
    pub fn mv(&self) -> Option<&M> {
        match self {
            PlayError::Parse(_) => None,
            PlayError::Illegal { mv, .. } | PlayError::GameOver { mv, .. } => Some(mv),
        }
    }

    /// The same error with the move as text.
    pub fn into_text(self) -> PlayError<String> {
        match self {
            PlayError::Parse(e) => PlayError::Parse(e),
            PlayError::Illegal { game, mv, reason, why } => {
                PlayError::Illegal { game, mv: mv.to_string(), reason, why }
            }
            PlayError::GameOver { game, mv, outcome } => {
                PlayError::GameOver { game, mv: mv.to_string(), outcome }
            }
        }
    }
}

/// Text that does not name a move, cell, square or option.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("'{text}' is not {expected}")]
pub struct NotationError {
    /// The text given (shortened if long, control characters escaped).
    pub text: String,
    /// What such text looks like.
    pub expected: &'static str,
}

impl NotationError {
    /// A [`NotationError`] for `text`, which should have been `expected`.
    pub fn new(text: &str, expected: &'static str) -> Self {
        NotationError { text: clip(text), expected }
    }
}

/// A game or position that cannot be set up from the values given.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupError {
    /// A value outside its range.
    #[error("{param} must be {min}–{max}{note}, got {value}")]
    OutOfRange {
        /// Which value.
        param: &'static str,
        /// The value given.
        value: i64,
        /// Smallest accepted.
        min: i64,
        /// Largest accepted.
        max: i64,
        /// Why the range is what it is (empty, or starting with a space).
        note: &'static str,
    },
    /// A value that is not one the game takes (a komi that is no multiple of
    /// 0.5, a number out of range).
    #[error("{param} must be {expected}, got {value}")]
    Invalid {
        /// Which value.
        param: &'static str,
        /// The value given, as text (long numbers shortened).
        value: String,
        /// What is accepted.
        expected: &'static str,
    },
    /// A board that does not fit the game's storage.
    #[error(
        "a {width}×{height} board needs {needed} bits{how}, more than the {capacity} the game can store"
    )]
    TooLarge {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
        /// Bits the board needs.
        needed: usize,
        /// Bits there are.
        capacity: usize,
        /// How the bits are counted (empty, or starting with a space).
        how: &'static str,
    },
    /// A grid that cannot be built.
    #[error(transparent)]
    Grid(#[from] crate::grid::GridError),
    /// Cells claimed by both players.
    #[error("{cells} hold(s) stones of both players")]
    Overlap {
        /// The cells, named.
        cells: String,
    },
}

impl SetupError {
    /// The kind of position fault this is, where a position's setup fails
    /// with it: [`PositionFault::Overlap`] for cells of both players, else
    /// [`PositionFault::Rules`].
    pub fn fault(&self) -> PositionFault {
        match self {
            SetupError::Overlap { .. } => PositionFault::Overlap,
            _ => PositionFault::Rules,
        }
    }

    /// `Ok` when `value` of parameter `param` is in `min..=max`, else
    /// [`SetupError::OutOfRange`] naming it (the check every game's
    /// constructor makes of its sizes).
    pub fn check_range(
        param: &'static str, value: usize, min: usize, max: usize,
    ) -> Result<(), SetupError> {
        if (min..=max).contains(&value) {
            return Ok(());
        }
        Err(SetupError::OutOfRange {
            param,
            value: i64::try_from(value).unwrap_or(i64::MAX),
            min: min as i64,
            max: max as i64,
            note: "",
        })
    }
}
