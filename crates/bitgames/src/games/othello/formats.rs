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
//!   ([`parse_ggf_all`]); blanks and line breaks between tags are skipped;
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
//! [`ObfRecord::parse`](super::endgame::ObfRecord::parse) reads one;
//! [`write_obf`] writes one back in that style, so the FFO lines round-trip
//! unchanged.
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

use super::endgame::ObfRecord;
use super::{Othello, OthelloMove, Square};
use crate::game::{clip, Game, PlayError, Player};
use std::fmt::{self, Write as _};
use std::str::FromStr;
use thiserror::Error;

/// A game record that could not be read.
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
        why: String,
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
        why: String,
    },
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
        start: Othello,
        moves: impl IntoIterator<Item = OthelloMove>,
    ) -> Result<Self, PlayError> {
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
    pub fn play(&mut self, mv: OthelloMove) -> Result<(), PlayError> {
        self.end.play(mv).map_err(PlayError::into_text)?;
        self.moves.push(mv);
        Ok(())
    }

    /// Plays a disc on `sq`, first inserting the forced pass if the side to move
    /// has no move but its opponent has (as a transcript implies it). Returns
    /// whether a pass was inserted; on error the record is unchanged.
    pub fn play_square(&mut self, sq: Square) -> Result<bool, PlayError> {
        let pass = self.end.must_pass();
        let mut after = self.end;
        if pass {
            after.play_unchecked(OthelloMove::Pass);
        }
        after.play(OthelloMove::Place(sq)).map_err(PlayError::into_text)?;
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
fn upper(mv: OthelloMove) -> String {
    match mv {
        OthelloMove::Place(sq) => sq.to_string().to_ascii_uppercase(),
        OthelloMove::Pass => "PA".to_string(),
    }
}

/// 1-based line and column (in characters) of byte offset `pos` of `text`.
fn line_col(text: &str, pos: usize) -> (usize, usize) {
    let mut pos = pos.min(text.len());
    while !text.is_char_boundary(pos) {
        pos -= 1;
    }
    let before = &text[..pos];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[line_start..].chars().count() + 1)
}

// ---------------------------------------------------------------------------
// Transcripts
// ---------------------------------------------------------------------------

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
        let err = |token: &str, why: String| FormatError::Transcript {
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
            return Err(err(&bad, "not a square a1–h8 (nor a pass: pass, PA, PS or --)".into()));
        };
        let tok = &text[i..i + len];
        if record.is_over() {
            let end = record.end();
            return Err(err(
                tok,
                format!(
                    "the game is already over (Black {}, White {}) after {} moves",
                    end.discs(Player::First),
                    end.discs(Player::Second),
                    record.moves().len()
                ),
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
            let who = at.player_name(at.side_to_move());
            return Err(err(tok, format!("illegal for {who} here: {}", at.why_illegal(mv))));
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

// ---------------------------------------------------------------------------
// OBF
// ---------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------
// GGF
// ---------------------------------------------------------------------------

/// What a GGF move tag says besides the move: `B[f5/eval/time]`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveNote {
    /// The evaluation, as written (a number, from the mover's view in GGS).
    pub eval: Option<String>,
    /// The time the move took, as written (seconds in GGS).
    pub time: Option<String>,
}

impl MoveNote {
    /// The evaluation as a number, if there is one.
    pub fn eval_value(&self) -> Option<f64> {
        self.eval.as_deref().and_then(|e| e.trim().parse().ok())
    }
}

/// One GGF game record: the game, a note per move and the tags.
///
/// The tag fields hold the values as read, without brackets; `None` where the tag
/// is absent. Built from a [`GameRecord`] (with [`GgfGame::new`] or `into`), all
/// tags are empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GgfGame {
    record: GameRecord,
    notes: Vec<MoveNote>,
    /// `PC`: where the game was played (`GGS/os`).
    pub place: Option<String>,
    /// `DT`: when (`2003.12.15_13:24:03.MST`).
    pub date: Option<String>,
    /// `PB`: Black's name.
    pub black: Option<String>,
    /// `PW`: White's name.
    pub white: Option<String>,
    /// `RB`: Black's rating.
    pub black_rating: Option<String>,
    /// `RW`: White's rating.
    pub white_rating: Option<String>,
    /// `TI`: the clock of both players (`05:00//02:00`).
    pub time_control: Option<String>,
    /// `TY`: the game type (`8`: 8×8 Othello).
    pub game_type: Option<String>,
    /// `RE`: the result as read (`+12.000`, `-3.000:r`). [`write_ggf`] writes the
    /// computed result instead once the game is over.
    pub result: Option<String>,
    /// Every other tag, name and value, in the order read.
    pub other_tags: Vec<(String, String)>,
}

impl From<GameRecord> for GgfGame {
    fn from(record: GameRecord) -> Self {
        GgfGame::new(record)
    }
}

impl GgfGame {
    /// The record with no tags and no notes.
    pub fn new(record: GameRecord) -> Self {
        GgfGame {
            notes: vec![MoveNote::default(); record.moves().len()],
            record,
            place: None,
            date: None,
            black: None,
            white: None,
            black_rating: None,
            white_rating: None,
            time_control: None,
            game_type: None,
            result: None,
            other_tags: Vec::new(),
        }
    }

    /// The game.
    pub fn record(&self) -> &GameRecord {
        &self.record
    }

    /// The game, dropping tags and notes.
    pub fn into_record(self) -> GameRecord {
        self.record
    }

    /// One note per move of [`record`](GgfGame::record) (empty for a pass the
    /// reader inserted).
    pub fn notes(&self) -> &[MoveNote] {
        &self.notes
    }

    /// The notes, to edit in place.
    pub fn notes_mut(&mut self) -> &mut [MoveNote] {
        &mut self.notes
    }

    /// Plays `mv` with its note (see [`GameRecord::play`]).
    pub fn play(&mut self, mv: OthelloMove, note: MoveNote) -> Result<(), PlayError> {
        self.record.play(mv)?;
        self.notes.push(note);
        Ok(())
    }

    /// The `RE` value [`write_ggf`] writes: from the final position when the game
    /// is over (`+12.000`, Black's view, empties to the winner), else
    /// [`result`](GgfGame::result) as read.
    pub fn result_text(&self) -> Option<String> {
        match self.record.score() {
            Some(d) => Some(format!("{d:+}.000")),
            None => self.result.clone(),
        }
    }
}

impl fmt::Display for GgfGame {
    /// [`write_ggf`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&write_ggf(self))
    }
}

impl FromStr for GgfGame {
    type Err = FormatError;
    /// [`parse_ggf`].
    fn from_str(s: &str) -> Result<Self, FormatError> {
        parse_ggf(s)
    }
}

/// One tag as read: name, value (unescaped), byte offset of the name.
struct Tag {
    name: String,
    value: String,
    at: usize,
}

/// One `(;…;)` as read: its tags and the byte offset of its `(;`.
struct RawGame {
    tags: Vec<Tag>,
    at: usize,
}

/// Splits `text` into games and tags; `game` counts the games for messages.
fn lex_ggf(text: &str) -> Result<Vec<RawGame>, FormatError> {
    let b = text.as_bytes();
    let n = b.len();
    let mut games = Vec::new();
    let mut i = 0;
    let err = |game: usize, at: usize, why: String| {
        let (line, column) = line_col(text, at);
        FormatError::Ggf { game, line, column, why }
    };
    let near = |at: usize| -> String { clip(&text[at..].chars().take(12).collect::<String>()) };
    loop {
        while i < n && b[i].is_ascii_whitespace() {
            i += 1;
        }
        if i == n {
            return Ok(games);
        }
        let game = games.len() + 1;
        if !b[i..].starts_with(b"(;") {
            return Err(err(
                game,
                i,
                format!("expected '(;' to start a game, found '{}'", near(i)),
            ));
        }
        let start = i;
        i += 2;
        let mut tags = Vec::new();
        loop {
            while i < n && b[i].is_ascii_whitespace() {
                i += 1;
            }
            if i == n {
                return Err(err(
                    game,
                    start,
                    "the game that starts here is not closed: no ';)' (unbalanced brackets)".into(),
                ));
            }
            if b[i..].starts_with(b";)") {
                i += 2;
                break;
            }
            let name_at = i;
            while i < n && b[i].is_ascii_alphabetic() {
                i += 1;
            }
            if i == name_at {
                let why = match b[i] {
                    b']' => "a ']' without its '[' (unbalanced brackets)".to_string(),
                    b'[' => "a '[value]' without a tag name before it".to_string(),
                    b'(' => {
                        "a '(' inside a game: is the ';)' of the game before missing?".to_string()
                    }
                    _ => format!("expected a tag like PB[name] or ';)', found '{}'", near(i)),
                };
                return Err(err(game, i, why));
            }
            let name = text[name_at..i].to_string();
            if i == n || b[i] != b'[' {
                return Err(err(game, name_at, format!("tag {name} has no '[value]'")));
            }
            i += 1;
            let value_at = i;
            let mut value = String::new();
            loop {
                let Some(k) = b[i..].iter().position(|&c| matches!(c, b']' | b'[' | b'\\')) else {
                    return Err(err(
                        game,
                        name_at,
                        format!("the value of {name} is not closed: no ']' (unbalanced brackets)"),
                    ));
                };
                value.push_str(&text[i..i + k]);
                i += k;
                match b[i] {
                    b']' => {
                        i += 1;
                        break;
                    }
                    b'[' => {
                        return Err(err(
                            game,
                            i,
                            format!(
                                "a '[' inside the value of {name} (opened at column {}): is a \
                                 ']' missing? (write \\[ for a bracket in a value)",
                                line_col(text, value_at).1
                            ),
                        ))
                    }
                    _ => match text[i + 1..].chars().next() {
                        Some(c) => {
                            value.push(c);
                            i += 1 + c.len_utf8();
                        }
                        None => {
                            return Err(err(
                                game,
                                name_at,
                                format!("the value of {name} is not closed: it ends in '\\'"),
                            ))
                        }
                    },
                }
            }
            tags.push(Tag { name, value, at: name_at });
        }
        games.push(RawGame { tags, at: start });
    }
}

/// Reads the `BO` value: `8`, 64 squares (blanks between rows allowed), the side
/// to move.
fn parse_board(value: &str) -> Result<Othello, String> {
    let mut fields = value.split_whitespace();
    match fields.next() {
        None => return Err("BO is empty; expected '8', the 64 squares and the side to move".into()),
        Some("8") => {}
        Some(size) => {
            return Err(format!("board size '{size}' in BO: only 8×8 Othello is supported"))
        }
    }
    let mut rest: Vec<&str> = fields.collect();
    let side = match rest.pop() {
        None => return Err("BO has no squares after the size 8".into()),
        Some("*") => Player::First,
        Some("O") => Player::Second,
        Some(s) if s.len() > 1 => {
            return Err(format!(
                "BO does not end with the side to move ('*' or 'O') after the squares (found \
                 '{}')",
                clip(s)
            ))
        }
        Some(s) => {
            return Err(format!("side to move '{s}' in BO is not '*' (Black) or 'O' (White)"))
        }
    };
    let squares: String = rest.concat();
    let count = squares.chars().count();
    if count != 64 {
        return Err(format!(
            "BO has {count} squares, expected 64 (a1..h8 row by row, each *, O or -)"
        ));
    }
    let (black, white) = super::read_squares(&squares, '*', &['-'])
        .map_err(|(sq, c)| format!("square {sq} in BO is '{c}', not *, O or -"))?;
    Othello::from_discs(black, white, side).map_err(|e| e.to_string())
}

/// Builds a game from its tags, replaying the moves.
fn build_game(text: &str, number: usize, raw: RawGame) -> Result<GgfGame, FormatError> {
    let err = |at: usize, why: String| {
        let (line, column) = line_col(text, at);
        FormatError::Ggf { game: number, line, column, why }
    };
    let mut game = GgfGame::new(GameRecord::default());
    let mut board: Option<Othello> = None;
    let mut moves: Vec<(Player, &Tag)> = Vec::new();
    for tag in &raw.tags {
        let upper = tag.name.to_ascii_uppercase();
        let field = match upper.as_str() {
            "GM" => {
                if !tag.value.trim().eq_ignore_ascii_case("othello") {
                    return Err(err(
                        tag.at,
                        format!("GM[{}]: not an Othello game", clip(&tag.value)),
                    ));
                }
                continue;
            }
            "BO" => {
                if board.is_some() {
                    return Err(err(tag.at, "a second BO (board) tag".into()));
                }
                board = Some(parse_board(&tag.value).map_err(|why| err(tag.at, why))?);
                continue;
            }
            "B" => {
                moves.push((Player::First, tag));
                continue;
            }
            "W" => {
                moves.push((Player::Second, tag));
                continue;
            }
            "PC" => &mut game.place,
            "DT" => &mut game.date,
            "PB" => &mut game.black,
            "PW" => &mut game.white,
            "RB" => &mut game.black_rating,
            "RW" => &mut game.white_rating,
            "TI" => &mut game.time_control,
            "TY" => &mut game.game_type,
            "RE" => &mut game.result,
            _ => {
                game.other_tags.push((tag.name.clone(), tag.value.clone()));
                continue;
            }
        };
        if field.is_some() {
            return Err(err(tag.at, format!("tag {upper} appears twice")));
        }
        *field = Some(tag.value.clone());
    }
    let Some(start) = board else {
        return Err(err(raw.at, "no BO tag: the start board (BO[8 … *]) is missing".into()));
    };
    game.record = GameRecord::new(start);
    game.notes.clear();
    for (k, (colour, tag)) in moves.into_iter().enumerate() {
        let what = format!("move {} ({}[{}])", k + 1, tag.name, clip(&tag.value));
        let fields: Vec<&str> = tag.value.split('/').collect();
        if fields.len() > 3 {
            return Err(err(
                tag.at,
                format!("{what}: more than three '/'-separated fields (move/eval/time)"),
            ));
        }
        let mv: OthelloMove = fields[0]
            .parse()
            .map_err(|_| err(tag.at, format!("{what}: not a square a1–h8 or PA (pass)")))?;
        let opt = |i: usize| {
            fields.get(i).map(|s| s.trim()).filter(|s| !s.is_empty()).map(str::to_string)
        };
        let note = MoveNote { eval: opt(1), time: opt(2) };
        if let Some(e) = &note.eval {
            if e.parse::<f64>().is_err() {
                return Err(err(tag.at, format!("{what}: evaluation '{e}' is not a number")));
            }
        }
        let end = *game.record.end();
        if end.is_over() {
            return Err(err(
                tag.at,
                format!(
                    "{what}: the game is already over (Black {}, White {})",
                    end.discs(Player::First),
                    end.discs(Player::Second)
                ),
            ));
        }
        if colour != end.side_to_move() {
            if end.must_pass() {
                // A forced pass the record leaves out: insert it.
                game.record.play_unchecked_pass();
                game.notes.push(MoveNote::default());
            } else {
                return Err(err(
                    tag.at,
                    format!(
                        "{what}: a {} move, but {} is to move",
                        end.player_name(colour),
                        end.player_name(end.side_to_move())
                    ),
                ));
            }
        }
        let end = *game.record.end();
        if let Err(e) = game.play(mv, note) {
            let why = match e {
                PlayError::Illegal { why, .. } => why,
                other => other.to_string(),
            };
            return Err(err(
                tag.at,
                format!("{what}: illegal for {}: {why}", end.player_name(end.side_to_move())),
            ));
        }
    }
    Ok(game)
}

impl GameRecord {
    /// Plays the pass the caller knows to be forced.
    fn play_unchecked_pass(&mut self) {
        debug_assert!(self.end.must_pass());
        self.end.play_unchecked(OthelloMove::Pass);
        self.moves.push(OthelloMove::Pass);
    }
}

/// Reads one GGF game record (`(;GM[Othello]…BO[8 … *]B[f5]…;)`); blanks around
/// it are allowed, anything else is an error. See the [module](self) for the
/// details and the checks.
pub fn parse_ggf(text: &str) -> Result<GgfGame, FormatError> {
    let mut games = parse_ggf_all(text)?;
    match games.len() {
        1 => Ok(games.remove(0)),
        0 => Err(FormatError::Ggf {
            game: 1,
            line: 1,
            column: 1,
            why: "no game: a GGF game starts with '(;'".into(),
        }),
        n => {
            let at = lex_ggf(text).ok().and_then(|g| g.get(1).map(|g| g.at)).unwrap_or(0);
            let (line, column) = line_col(text, at);
            Err(FormatError::Ggf {
                game: 2,
                line,
                column,
                why: format!("{n} games where one was expected"),
            })
        }
    }
}

/// Reads every GGF game of `text` (`(;…;)(;…;)`, blanks between them allowed); an
/// empty text has none.
pub fn parse_ggf_all(text: &str) -> Result<Vec<GgfGame>, FormatError> {
    lex_ggf(text)?.into_iter().enumerate().map(|(k, raw)| build_game(text, k + 1, raw)).collect()
}

/// Escapes `\` and `]` in a tag value.
fn escape(value: &str) -> String {
    let mut s = String::with_capacity(value.len());
    for c in value.chars() {
        if matches!(c, '\\' | ']' | '[') {
            s.push('\\');
        }
        s.push(c);
    }
    s
}

/// Writes one game as a GGF record on one line, `(;GM[Othello]…;)`: the known
/// tags that are set (`PC DT PB PW RB RW TI TY RE`, `RE` computed when the game is
/// over), the other tags, `BO` with the rows separated by blanks, then every move
/// as `B[F5]`, `W[D6/-2.5/0.8]`, passes as `PA`.
pub fn write_ggf(game: &GgfGame) -> String {
    let mut s = String::from("(;GM[Othello]");
    let mut tag = |name: &str, value: &Option<String>| {
        if let Some(v) = value {
            let _ = write!(s, "{name}[{}]", escape(v));
        }
    };
    tag("PC", &game.place);
    tag("DT", &game.date);
    tag("PB", &game.black);
    tag("PW", &game.white);
    tag("RB", &game.black_rating);
    tag("RW", &game.white_rating);
    tag("TI", &game.time_control);
    tag("TY", &game.game_type);
    tag("RE", &game.result_text());
    for (name, value) in &game.other_tags {
        let _ = write!(s, "{name}[{}]", escape(value));
    }
    let start = game.record.start();
    s.push_str("BO[8 ");
    for (i, c) in start.position().chars().take(64).enumerate() {
        s.push(match c {
            'X' => '*',
            'O' => 'O',
            _ => '-',
        });
        if i % 8 == 7 {
            s.push(' ');
        }
    }
    s.push_str(if start.side_to_move() == Player::First { "*]" } else { "O]" });
    let mut pos = *start;
    let empty = MoveNote::default();
    for (k, &mv) in game.record.moves().iter().enumerate() {
        let colour = if pos.side_to_move() == Player::First { 'B' } else { 'W' };
        let note = game.notes.get(k).unwrap_or(&empty);
        let _ = write!(s, "{colour}[{}", upper(mv));
        match (&note.eval, &note.time) {
            (None, None) => {}
            (Some(e), None) => {
                let _ = write!(s, "/{}", escape(e));
            }
            (e, Some(t)) => {
                let _ = write!(s, "/{}/{}", escape(e.as_deref().unwrap_or("")), escape(t));
            }
        }
        s.push(']');
        pos.play_unchecked(mv);
    }
    s.push_str(";)");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_characters() {
        assert_eq!(line_col("ab\ncé d", 7), (2, 4));
        assert_eq!(line_col("", 5), (1, 1));
    }

    #[test]
    fn escapes_round_trip() {
        let mut g = GgfGame::new(GameRecord::default());
        g.black = Some(r"a]b\c[d".into());
        let back = parse_ggf(&write_ggf(&g)).unwrap();
        assert_eq!(back.black, g.black);
    }
}
