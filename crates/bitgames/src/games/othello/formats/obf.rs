//! OBF lines with scored moves, as in the FFO test files:
//! `<position>; G8:+18; H1:+12;` (see [the formats](super)).

use super::{upper, FormatError};
use crate::game::clip;
use crate::game::Notation;
use crate::games::othello::{Othello, OthelloMove};
use std::fmt::Write as _;
use thiserror::Error;

/// What is wrong with the scored moves of an OBF line.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ObfFault {
    /// A field that is not `move:score`.
    #[error("'{field}' is not a scored move like A2:+38")]
    NotAScoredMove {
        /// The field.
        field: String,
    },
    /// The move of a field is not a square or a pass.
    #[error("in '{field}': {why}")]
    BadMove {
        /// The field.
        field: String,
        /// Why the move cannot be read.
        why: crate::game::NotationError,
    },
    /// The score of a field is not a number.
    #[error("in '{field}': '{score}' is not a score")]
    BadScore {
        /// The field.
        field: String,
        /// The score as written.
        score: String,
    },
}

/// One line of an OBF file as the FFO test suite writes it: a position and,
/// after it, moves with their exact scores, `;`-separated (`… X; A2:+38; C7:+36;`).
#[derive(Clone, Debug, PartialEq)]
pub struct ObfRecord {
    /// The position.
    pub position: Othello,
    /// The moves listed after the position with their scores, in file order
    /// (best first in FFO files).
    pub scored_moves: Vec<(OthelloMove, i32)>,
}

impl ObfRecord {
    /// Reads one line: the OBF position, then any number of `move:score` fields
    /// (`A2:+38`, `pass:-4`), each after a `;`; empty fields are skipped. A bad
    /// position is a [`FormatError::Position`], a bad scored move a
    /// [`FormatError::Obf`].
    pub fn parse(line: &str) -> Result<ObfRecord, FormatError> {
        let err = |why: ObfFault| FormatError::Obf { line: clip(line), why };
        let mut fields = line.split(';');
        let position = Othello::start().parse_position(fields.next().unwrap_or(""))?;
        let mut scored_moves = Vec::new();
        for f in fields.map(str::trim).filter(|f| !f.is_empty()) {
            let Some((m, v)) = f.split_once(':') else {
                return Err(err(ObfFault::NotAScoredMove { field: f.to_string() }));
            };
            let mv: OthelloMove =
                m.parse().map_err(|why| err(ObfFault::BadMove { field: f.to_string(), why }))?;
            let score: i32 = v.trim().trim_start_matches('+').parse().map_err(|_| {
                err(ObfFault::BadScore { field: f.to_string(), score: v.to_string() })
            })?;
            scored_moves.push((mv, score));
        }
        Ok(ObfRecord { position, scored_moves })
    }

    /// The best listed score, if any move is listed.
    pub fn best_score(&self) -> Option<i32> {
        self.scored_moves.iter().map(|&(_, s)| s).max()
    }

    /// The listed moves that reach the best listed score.
    pub fn best_moves(&self) -> Vec<OthelloMove> {
        let best = self.best_score();
        self.scored_moves.iter().filter(|&&(_, s)| Some(s) == best).map(|&(m, _)| m).collect()
    }
}

/// An OBF line in the FFO files' style: the position, `;`, then each scored move
/// as ` A2:+38;` (upper-case square, signed score, a pass as `PA`).
/// [`ObfRecord::parse`] reads it back to the same record.
pub fn write_obf(record: &ObfRecord) -> String {
    let mut s = record.position.position();
    s.push(';');
    for &(mv, score) in &record.scored_moves {
        let _ = write!(s, " {}:{score:+};", upper(mv));
    }
    s
}
