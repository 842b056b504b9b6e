//! Move transcripts (`f5d6c3…`): reading, with forced passes inserted, and
//! writing (see [the formats](super) for the rules).

use super::{colour, FormatError, GameRecord};
use crate::game::{clip, Player, Rules};
use crate::games::othello::{Othello, OthelloMove, Square};
use std::fmt::Write as _;
use thiserror::Error;

/// Why a transcript token cannot be read or played.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TranscriptFault {
    /// Not a square nor a pass.
    #[error("not a square a1–h8 (nor a pass: pass, PA, PS or --)")]
    NotAMove,
    /// The game was over before the token.
    #[error("the game is already over (Black {black}, White {white}) after {moves} moves")]
    GameOver {
        /// Black's discs at the end.
        black: u32,
        /// White's discs at the end.
        white: u32,
        /// The moves played, passes included.
        moves: usize,
    },
    /// A move the side to move cannot play.
    #[error("illegal for {} here: {why}", colour(.player))]
    Illegal {
        /// The side to move.
        player: Player,
        /// Why the move is illegal (with the legal moves).
        why: crate::game::Illegal,
    },
}

/// Reads a transcript (`f5d6c3…`) from the standard start position.
///
/// Case-insensitive; blanks and commas between moves are skipped; forced passes
/// are inserted, and explicit `pass`/`PA`/`PS`/`--` tokens are accepted where a
/// pass is forced. An error names the token, where it is and why it fails.
pub fn parse_transcript(text: &str) -> Result<GameRecord, FormatError> {
    parse_transcript_from(Othello::start(), text)
}

/// Reads a transcript of moves played from `start`; see [`parse_transcript`].
pub fn parse_transcript_from(start: Othello, text: &str) -> Result<GameRecord, FormatError> {
    let mut record = GameRecord::new(start);
    let bytes = text.as_bytes();
    let mut i = 0;
    let mut index = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b.is_ascii_whitespace() || b == b',' {
            i += 1;
            continue;
        }
        index += 1;
        let rest = &bytes[i..];
        let lower = |k: usize| rest.get(k).map(u8::to_ascii_lowercase);
        let (token, len): (Option<OthelloMove>, usize) =
            if rest.len() >= 4 && rest[..4].eq_ignore_ascii_case(b"pass") {
                (Some(OthelloMove::Pass), 4)
            } else if rest.starts_with(b"--")
                || matches!((lower(0), lower(1)), (Some(b'p'), Some(b'a' | b's')))
            {
                (Some(OthelloMove::Pass), 2)
            } else if let (Some(c @ b'a'..=b'h'), Some(r @ b'1'..=b'8')) = (lower(0), lower(1)) {
                (Square::at((c - b'a') as u32, (r - b'1') as u32).map(OthelloMove::Place), 2)
            } else {
                (None, 0)
            };
        let column = text[..i].chars().count() + 1;
        let err = |token: &str, why: TranscriptFault| FormatError::Transcript {
            index,
            token: clip(token),
            column,
            why,
        };
        let Some(mv) = token else {
            // The bad token runs to the next separator (at most 12 characters).
            let bad: String = text[i..]
                .chars()
                .take_while(|c| !c.is_whitespace() && *c != ',')
                .take(12)
                .collect();
            return Err(err(&bad, TranscriptFault::NotAMove));
        };
        let tok = &text[i..i + len];
        if record.is_over() {
            let end = record.end();
            return Err(err(
                tok,
                TranscriptFault::GameOver {
                    black: end.discs(Player::First),
                    white: end.discs(Player::Second),
                    moves: record.moves().len(),
                },
            ));
        }
        let played = match mv {
            OthelloMove::Place(sq) => record.play_square(sq).map(|_| ()),
            OthelloMove::Pass => record.play(OthelloMove::Pass),
        };
        if played.is_err() {
            // play_square has inserted nothing: explain in the position where the
            // disc would go (after the forced pass, if any).
            let mut at = *record.end();
            if mv != OthelloMove::Pass && at.must_pass() {
                at.play_unchecked(OthelloMove::Pass);
            }
            let why = at.why_illegal(mv);
            return Err(err(tok, TranscriptFault::Illegal { player: at.side_to_move(), why }));
        }
        i += len;
    }
    Ok(record)
}

/// The moves as a transcript: lower-case squares, one after another, passes left
/// out (`f5d6c3`).
pub fn write_transcript(record: &GameRecord) -> String {
    let mut s = String::with_capacity(2 * record.moves().len());
    for mv in record.moves() {
        if let OthelloMove::Place(sq) = mv {
            let _ = write!(s, "{sq}");
        }
    }
    s
}
