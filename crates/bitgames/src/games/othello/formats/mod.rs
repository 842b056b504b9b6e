//! Othello game records as text: move transcripts, GGF game records and OBF
//! lines with scored moves.
//!
//! A [`GameRecord`] is a start position and the moves played from it, passes
//! included (the library plays a pass as an explicit [`OthelloMove::Pass`]), every
//! move checked legal. The three formats read into and write from it:
//!
//! # Transcripts
//!
//! `f5d6c3d3c4f4` — squares one after another, as Othello databases and programs
//! print a game. Reading ([`parse_transcript`], [`parse_transcript_from`]) is
//! case-insensitive and skips blanks and commas (`F5 d6, C3`). Passes are not
//! written in transcripts: while replaying, a pass is inserted wherever the side
//! to move has no move but its opponent has one. Explicit `pass`, `PA`, `PS` and
//! `--` tokens are accepted too, where a pass is the only legal move. An error
//! names the token by its number and text, where it starts, and why it cannot be
//! played: not a square, illegal here (with the legal moves), game already over.
//! [`write_transcript`] writes lower-case squares with the passes left out, so a
//! record that *ends* with a pass loses that pass (no finished game does).
//!
//! # GGF
//!
//! The Generic Game Format of Michael Buro's GGS server, which NBoard and Edax also
//! read and write. This module follows the GGF description of the GGS
//! documentation (<https://www.skatgame.net/mburo/ggsa/ggf>) and, for what it
//! leaves open, what Edax's `game_export_ggf`/`parse_ggf` do:
//!
//! * a game is `(;` … `;)`, a file may hold several one after another
//!   ([`parse_ggf_all`]; [`parse_ggf_each`] reads past a broken one to the
//!   next `(;`); blanks and line breaks between tags are skipped;
//! * a tag is a name and a bracketed value, `PB[logistello]`. Read and kept:
//!   `PC` (place), `DT` (date), `PB`/`PW` (players), `RB`/`RW` (ratings), `TI`
//!   (clocks), `TY` (game type, `8` for plain 8×8 Othello), `RE` (result for
//!   Black, `+12.000`, optionally with a flag `:r` resigned, `:t` time, `:s`
//!   mutual score), and any other tag (`TB`, `TW`, `KM`, …) in
//!   [`GgfGame::other_tags`], written back after the known ones. `GM` must say
//!   `Othello` (any case) when present;
//! * `BO[8 <64 squares> <side>]` is the start: size `8`, the squares a1…h8 row by
//!   row with `*` Black, `O` White, `-` empty (the rows may be separated by blanks,
//!   as GGS and Edax write them), then `*` or `O` to move;
//! * `B[move/eval/time]` and `W[…]` are the moves, the evaluation and the time
//!   optional (`B[f5]`, `B[f5//1.23]`, `W[d6/-2.5/0.8]`); a pass is `PA` (`pass`
//!   is read too). Evaluations must be numbers; times are kept as written;
//! * in a value, `\` escapes the next character (so `\]` is a `]`), as in SGF;
//!   the writer escapes `\`, `[` and `]`. An unescaped `[` inside a value is
//!   reported as an unbalanced bracket.
//!
//! Each move's colour is checked against the side to move. GGF writes passes
//! explicitly, but when a record omits a *forced* pass (a move of the colour not
//! to move, while the side to move has no move), the pass is inserted rather than
//! the record rejected, as the lenient readers (Edax) do; any other move by the
//! wrong colour is an error. [`write_ggf`] writes every pass as `PA`, squares in
//! upper case (as Edax does), the board rows separated by blanks, and `RE` from
//! the final position when the game is over: Black's disc difference with the
//! empty squares to the winner ([`Othello::disc_difference`]), as `+12.000`. An
//! unfinished game keeps the `RE` it was read with (a resignation, a time-out).
//!
//! # OBF
//!
//! An OBF line is a position (see [the module](super)) with scored moves after
//! it, as in the FFO test files: `<position>; G8:+18; H1:+12;`.
//! [`ObfRecord::parse`] reads one; [`write_obf`] writes one back in that style,
//! so the FFO lines round-trip unchanged.
//!
//! # Errors
//!
//! Every reader fails with a [`FormatError`] that says where (the token, the
//! line and column, the OBF line) and, as an enum ([`TranscriptFault`],
//! [`GgfFault`], [`ObfFault`]), what is wrong.
//!
//! ```
//! use bitgames::games::othello::formats::{parse_ggf, parse_transcript, write_ggf, write_transcript};
//!
//! let game = parse_transcript("E6 F4 E3 F6 G5 D6 E7 F5 C5").unwrap();
//! // Black has wiped White out, 13 discs to none: +64 with the empties.
//! assert_eq!(game.score(), Some(64));
//! assert_eq!(write_transcript(&game), "e6f4e3f6g5d6e7f5c5");
//!
//! let ggf = write_ggf(&game.clone().into());
//! assert!(ggf.contains("RE[+64.000]"));
//! assert_eq!(parse_ggf(&ggf).unwrap().record(), &game);
//! ```

pub(crate) mod convert;
mod ggf;
mod obf;
mod transcript;
#[cfg(feature = "internal-tests")]
pub use ggf::tests as ggf_tests;

pub use ggf::{
    parse_ggf, parse_ggf_all, parse_ggf_each, write_ggf, GgfBoardFault, GgfFault, GgfGame,
    GgfMoveFault, MoveNote,
};
pub use obf::{write_obf, ObfFault, ObfRecord};
pub use transcript::{parse_transcript, parse_transcript_from, write_transcript, TranscriptFault};

use super::{Othello, OthelloMove, Square};
use crate::game::{ParseError, PlayError, Player, Rules};
use thiserror::Error;

/// A game record that could not be read: where, and why.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FormatError {
    /// A transcript token that is not a move or cannot be played.
    #[error("transcript token {index} ('{token}', at character {column}): {why}")]
    Transcript {
        /// The token's number, from 1.
        index: usize,
        /// The token's text (shortened if long).
        token: String,
        /// Where the token starts in the text, in characters from 1.
        column: usize,
        /// What is wrong with it.
        why: TranscriptFault,
    },
    /// A GGF record that is malformed or holds an illegal move.
    #[error("GGF game {game}, line {line}, column {column}: {why}")]
    Ggf {
        /// The game's number in the text, from 1.
        game: usize,
        /// The line of the fault, from 1.
        line: usize,
        /// The column of the fault, in characters from 1.
        column: usize,
        /// What is wrong.
        why: GgfFault,
    },
    /// The position of an OBF line is not an Othello position.
    #[error(transparent)]
    Position(#[from] ParseError),
    /// The scored moves after the position of an OBF line are malformed.
    #[error("bad othello OBF line '{line}': {why}")]
    Obf {
        /// The line (shortened if long).
        line: String,
        /// What is wrong.
        why: ObfFault,
    },
}

/// The name of a colour in messages: `Black` or `White`.
fn colour(p: &Player) -> &'static str {
    match p {
        Player::First => "Black",
        Player::Second => "White",
    }
}

/// A start position and the legal moves played from it, passes included.
///
/// The moves are checked as they are added, so every record is a legal game;
/// [`end`](GameRecord::end) is the position after the last move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    start: Othello,
    moves: Vec<OthelloMove>,
    end: Othello,
}

impl Default for GameRecord {
    fn default() -> Self {
        GameRecord::new(Othello::start())
    }
}

impl GameRecord {
    /// A record with no moves yet, from `start`.
    pub fn new(start: Othello) -> Self {
        GameRecord { start, moves: Vec::new(), end: start }
    }

    /// A record of `moves` played from `start`, each of which must be legal in
    /// turn (passes explicit); the error names the first that is not.
    pub fn from_moves(
        start: Othello, moves: impl IntoIterator<Item = OthelloMove>,
    ) -> Result<Self, PlayError<OthelloMove>> {
        let mut r = GameRecord::new(start);
        for mv in moves {
            r.play(mv)?;
        }
        Ok(r)
    }

    /// The start position.
    pub fn start(&self) -> &Othello {
        &self.start
    }

    /// The moves, passes included.
    pub fn moves(&self) -> &[OthelloMove] {
        &self.moves
    }

    /// The position after the last move.
    pub fn end(&self) -> &Othello {
        &self.end
    }

    /// Whether the game is over at the end of the record.
    pub fn is_over(&self) -> bool {
        self.end.is_over()
    }

    /// The final score from Black's view (discs, empties to the winner) once the
    /// game is over; `None` while it goes on.
    pub fn score(&self) -> Option<i32> {
        self.end.score()
    }

    /// Plays `mv` (a pass only where it is the one legal move); on error the
    /// record is unchanged.
    pub fn play(&mut self, mv: OthelloMove) -> Result<(), PlayError<OthelloMove>> {
        self.end.play(mv)?;
        self.moves.push(mv);
        Ok(())
    }

    /// Plays a disc on `sq`, first inserting the forced pass if the side to move
    /// has no move but its opponent has (as a transcript implies it). Returns
    /// whether a pass was inserted; on error the record is unchanged.
    pub fn play_square(&mut self, sq: Square) -> Result<bool, PlayError<OthelloMove>> {
        let pass = self.end.must_pass();
        let mut after = self.end;
        if pass {
            after.play_unchecked(OthelloMove::Pass);
        }
        after.play(OthelloMove::Place(sq))?;
        if pass {
            self.moves.push(OthelloMove::Pass);
        }
        self.moves.push(OthelloMove::Place(sq));
        self.end = after;
        Ok(pass)
    }

    /// Each move with the position after it, in order.
    pub fn positions(&self) -> impl Iterator<Item = (OthelloMove, Othello)> + '_ {
        let mut pos = self.start;
        self.moves.iter().map(move |&mv| {
            pos.play_unchecked(mv);
            (mv, pos)
        })
    }
}

/// A move in upper case, as GGF (Edax) and OBF write it: `F5`, `PA`.
pub(super) fn upper(mv: OthelloMove) -> String {
    match mv {
        OthelloMove::Place(sq) => sq.to_string().to_ascii_uppercase(),
        OthelloMove::Pass => "PA".to_string(),
    }
}

/// 1-based line and column (in characters) of byte offset `pos` of `text`.
pub(super) fn line_col(text: &str, pos: usize) -> (usize, usize) {
    let mut pos = pos.min(text.len());
    while !text.is_char_boundary(pos) {
        pos -= 1;
    }
    let before = &text[..pos];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[line_start..].chars().count() + 1)
}

impl GameRecord {
    /// Plays the pass the caller knows to be forced.
    pub(super) fn play_unchecked_pass(&mut self) {
        debug_assert!(self.end.must_pass());
        self.end.play_unchecked(OthelloMove::Pass);
        self.moves.push(OthelloMove::Pass);
    }
}

#[cfg(feature = "internal-tests")]
#[doc(hidden)]
pub mod tests {
    use super::*;

    pub fn line_col_counts_characters() {
        assert_eq!(line_col("ab\ncé d", 7), (2, 4));
        assert_eq!(line_col("", 5), (1, 1));
    }
}
