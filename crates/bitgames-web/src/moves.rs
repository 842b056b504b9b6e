//! Pasted move text: split into moves (move numbers left out), runs such as
//! `4453` or `f5d6c3` split by the longest legal move, each played with its
//! number in any error.

use crate::error::{clip, ApiError};
use crate::limits::Limits;
use bitgames::GameRecord;

/// Plays pasted move text (see [`GameRequest::text`](crate::game::GameRequest::text)).
pub(crate) fn play_text(
    record: &mut GameRecord, text: &str, limits: &Limits,
) -> Result<(), ApiError> {
    for token in split_moves(text) {
        play_run(record, token, limits)?;
    }
    Ok(())
}

/// The error for more moves than a request may carry.
pub(crate) fn too_many(limits: &Limits) -> ApiError {
    ApiError::unprocessable(format!(
        "too many moves: the web app takes at most {} in a request",
        limits.moves
    ))
}

/// Plays one move, its number in the error.
pub(crate) fn play(record: &mut GameRecord, mv: &str, number: usize) -> Result<(), ApiError> {
    record
        .play(mv)
        .map_err(|e| ApiError::unprocessable(format!("move {number} '{}': {e}", clip(mv))))
}

/// Plays a token of pasted text: one move, or several run together, split by
/// the longest legal move that begins the rest (`4453` in Connect Four,
/// `f5d6c3` in Othello).
fn play_run(record: &mut GameRecord, token: &str, limits: &Limits) -> Result<(), ApiError> {
    let number = || record.moves().len() + 1;
    if record.current().move_text(token).is_ok() || token.is_empty() {
        if number() > limits.moves {
            return Err(too_many(limits));
        }
        return play(record, token, number());
    }
    let mut rest = token;
    while !rest.is_empty() {
        let n = record.moves().len() + 1;
        if n > limits.moves {
            return Err(too_many(limits));
        }
        let lower = rest.to_ascii_lowercase();
        let best = record
            .current()
            .legal_moves()
            .into_iter()
            .filter(|m| !m.is_empty() && lower.starts_with(&m.to_ascii_lowercase()))
            .max_by_key(String::len);
        let Some(mv) = best else {
            return play(record, rest, n);
        };
        rest = &rest[mv.len()..];
        play(record, &mv, n)?;
    }
    Ok(())
}

/// The moves of pasted text: split at spaces, commas and semicolons, move
/// numbers (`1.`, `12...`) left out.
pub(crate) fn split_moves(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .map(|t| {
            // `1.e4` → `e4`; `12.` → ``.
            match t.find('.') {
                Some(i) if t[..i].chars().all(|c| c.is_ascii_digit()) => {
                    t[i..].trim_start_matches('.')
                }
                _ => t,
            }
        })
        .filter(|t| !t.is_empty())
}
