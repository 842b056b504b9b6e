//! GGF game records (`(;GM[Othello]…;)`): reading, with every move checked and
//! omitted forced passes inserted, and writing (see [the formats](super) for the
//! rules followed).

use super::{colour, line_col, upper, FormatError, GameRecord};
use crate::game::{clip, Illegal, Notation, PlayError, Player, Rules};
use crate::games::othello::{read_squares, Othello, OthelloMove, Square};
use std::fmt::{self, Write as _};
use std::str::FromStr;
use thiserror::Error;

/// What is wrong with a GGF record.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GgfFault {
    /// No game where the text is read.
    #[error("no game: a GGF game starts with '(;'")]
    NoGame,
    /// More than one game where one was expected.
    #[error("{count} games where one was expected")]
    SeveralGames {
        /// The games in the text.
        count: usize,
    },
    /// Something else than `(;` where a game should start.
    #[error("expected '(;' to start a game, found '{found}'")]
    NoGameStart {
        /// The text found (shortened).
        found: String,
    },
    /// A game without its `;)`.
    #[error("the game that starts here is not closed: no ';)' (unbalanced brackets)")]
    GameNotClosed,
    /// A `]` with no `[` before it.
    #[error("a ']' without its '[' (unbalanced brackets)")]
    StrayCloseBracket,
    /// A bracketed value with no tag name.
    #[error("a '[value]' without a tag name before it")]
    ValueWithoutTag,
    /// A `(` inside a game.
    #[error("a '(' inside a game: is the ';)' of the game before missing?")]
    GameInGame,
    /// Something else than a tag or `;)` inside a game.
    #[error("expected a tag like PB[name] or ';)', found '{found}'")]
    ExpectedTag {
        /// The text found (shortened).
        found: String,
    },
    /// A tag name with no `[value]` after it.
    #[error("tag {tag} has no '[value]'")]
    TagWithoutValue {
        /// The tag's name.
        tag: String,
    },
    /// A value with no closing `]`.
    #[error("the value of {tag} is not closed: no ']' (unbalanced brackets)")]
    ValueNotClosed {
        /// The tag's name.
        tag: String,
    },
    /// An unescaped `[` inside a value.
    #[error(
        "a '[' inside the value of {tag} (opened at column {opened_at}): is a ']' missing? \
         (write \\[ for a bracket in a value)"
    )]
    BracketInValue {
        /// The tag's name.
        tag: String,
        /// The column of the value's `[`, in characters from 1.
        opened_at: usize,
    },
    /// A value that ends in an escaping `\`.
    #[error("the value of {tag} is not closed: it ends in '\\'")]
    ValueEndsInEscape {
        /// The tag's name.
        tag: String,
    },
    /// A `GM` tag that names another game.
    #[error("GM[{game}]: not an Othello game")]
    NotOthello {
        /// The game named (shortened).
        game: String,
    },
    /// A known tag given twice.
    #[error("tag {tag} appears twice")]
    RepeatedTag {
        /// The tag's name, in upper case.
        tag: String,
    },
    /// A second `BO` tag.
    #[error("a second BO (board) tag")]
    SecondBoard,
    /// No `BO` tag.
    #[error("no BO tag: the start board (BO[8 … *]) is missing")]
    NoBoard,
    /// A `BO` value that is not a board.
    #[error(transparent)]
    Board(#[from] GgfBoardFault),
    /// A move tag that cannot be read or played.
    #[error("move {number} ({tag}): {why}")]
    Move {
        /// The move's number in the record, from 1.
        number: usize,
        /// The tag as written (`W[d3]`, the value shortened).
        tag: String,
        /// What is wrong with it.
        why: GgfMoveFault,
    },
}

/// What is wrong with the `BO` (start board) value of a GGF record.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GgfBoardFault {
    /// Nothing in the value.
    #[error("BO is empty; expected '8', the 64 squares and the side to move")]
    Empty,
    /// A board size other than 8.
    #[error("board size '{size}' in BO: only 8×8 Othello is supported")]
    Size {
        /// The size as written (shortened).
        size: String,
    },
    /// The size and nothing after it.
    #[error("BO has no squares after the size 8")]
    NoSquares,
    /// The last field is not a side to move.
    #[error(
        "BO does not end with the side to move ('*' or 'O') after the squares (found '{found}')"
    )]
    NoSide {
        /// The last field (shortened).
        found: String,
    },
    /// A one-character side to move other than `*` or `O`.
    #[error("side to move '{side}' in BO is not '*' (Black) or 'O' (White)")]
    BadSide {
        /// The side as written.
        side: String,
    },
    /// Not 64 squares.
    #[error("BO has {count} squares, expected 64 (a1..h8 row by row, each *, O or -)")]
    SquareCount {
        /// The squares found.
        count: usize,
    },
    /// A square that is not `*`, `O` or `-`.
    #[error("square {square} in BO is '{found}', not *, O or -")]
    BadSquare {
        /// The square.
        square: Square,
        /// What it holds.
        found: char,
    },
    /// Squares that make no Othello position.
    #[error("{why}")]
    Position {
        /// Why not.
        why: crate::game::SetupError,
    },
}

/// What is wrong with a GGF move tag (`B[f5/eval/time]`).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GgfMoveFault {
    /// More than `move/eval/time`.
    #[error("more than three '/'-separated fields (move/eval/time)")]
    TooManyFields,
    /// The move is not a square or a pass.
    #[error("not a square a1–h8 or PA (pass)")]
    NotAMove,
    /// The evaluation is not a number.
    #[error("evaluation '{eval}' is not a number")]
    EvalNotANumber {
        /// The evaluation as written.
        eval: String,
    },
    /// The game was over before the move.
    #[error("the game is already over (Black {black}, White {white})")]
    GameOver {
        /// Black's discs at the end.
        black: u32,
        /// White's discs at the end.
        white: u32,
    },
    /// A move of the colour not to move (and no forced pass between).
    #[error("a {} move, but {} is to move", colour(.mover), colour(.to_move))]
    WrongColour {
        /// The colour of the tag (`B` or `W`).
        mover: Player,
        /// The side to move.
        to_move: Player,
    },
    /// A move the side to move cannot play.
    #[error("illegal for {}: {why}", colour(.player))]
    Illegal {
        /// The side to move.
        player: Player,
        /// Why the move is illegal.
        why: Illegal,
    },
}

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
    pub fn play(&mut self, mv: OthelloMove, note: MoveNote) -> Result<(), PlayError<OthelloMove>> {
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

/// One `(;…;)` as read: its tags, the byte offset of its `(;` and its number
/// in the text (from 1).
struct RawGame {
    tags: Vec<Tag>,
    at: usize,
    number: usize,
}

/// Splits `text` into games and tags, stopping at the first fault.
fn lex_ggf(text: &str) -> Result<Vec<RawGame>, FormatError> {
    lex_ggf_each(text).into_iter().collect()
}

/// Splits `text` into games and tags, each game or fault in its turn: after a
/// fault, reading goes on at the next `(;` (the start of the next game), so one
/// broken game does not hide the ones after it. Games are numbered by their
/// `(;` from 1; text between games that is not a game is a fault numbered as
/// the game that follows it.
fn lex_ggf_each(text: &str) -> Vec<Result<RawGame, FormatError>> {
    let b = text.as_bytes();
    let n = b.len();
    let mut games = Vec::new();
    let mut number = 0;
    let mut i = 0;
    let err = |game: usize, at: usize, why: GgfFault| {
        let (line, column) = line_col(text, at);
        FormatError::Ggf { game, line, column, why }
    };
    // The next `(;` at or after `from`, or the end.
    let next_game =
        |from: usize| text.get(from..).and_then(|t| t.find("(;")).map_or(n, |k| from + k);
    let near = |at: usize| -> String { clip(&text[at..].chars().take(12).collect::<String>()) };
    loop {
        while i < n && b[i].is_ascii_whitespace() {
            i += 1;
        }
        if i == n {
            return games;
        }
        if !b[i..].starts_with(b"(;") {
            games.push(Err(err(number + 1, i, GgfFault::NoGameStart { found: near(i) })));
            i = next_game(i);
            continue;
        }
        number += 1;
        match lex_game(text, i) {
            Ok((tags, end)) => {
                games.push(Ok(RawGame { tags, at: i, number }));
                i = end;
            }
            Err((at, why)) => {
                games.push(Err(err(number, at, why)));
                i = next_game(i + 2);
            }
        }
    }
}

/// Reads the tags of the game whose `(;` is at `start`: the tags and the offset
/// after its `;)`, or where and what the fault is.
fn lex_game(text: &str, start: usize) -> Result<(Vec<Tag>, usize), (usize, GgfFault)> {
    let b = text.as_bytes();
    let n = b.len();
    let near = |at: usize| -> String { clip(&text[at..].chars().take(12).collect::<String>()) };
    let mut i = start + 2;
    let mut tags = Vec::new();
    loop {
        while i < n && b[i].is_ascii_whitespace() {
            i += 1;
        }
        if i == n {
            return Err((start, GgfFault::GameNotClosed));
        }
        if b[i..].starts_with(b";)") {
            return Ok((tags, i + 2));
        }
        let name_at = i;
        while i < n && b[i].is_ascii_alphabetic() {
            i += 1;
        }
        if i == name_at {
            let why = match b[i] {
                b']' => GgfFault::StrayCloseBracket,
                b'[' => GgfFault::ValueWithoutTag,
                b'(' => GgfFault::GameInGame,
                _ => GgfFault::ExpectedTag { found: near(i) },
            };
            return Err((i, why));
        }
        let name = text[name_at..i].to_string();
        if i == n || b[i] != b'[' {
            return Err((name_at, GgfFault::TagWithoutValue { tag: name }));
        }
        i += 1;
        let value_at = i;
        let mut value = String::new();
        loop {
            let Some(k) = b[i..].iter().position(|&c| matches!(c, b']' | b'[' | b'\\')) else {
                return Err((name_at, GgfFault::ValueNotClosed { tag: name }));
            };
            value.push_str(&text[i..i + k]);
            i += k;
            match b[i] {
                b']' => {
                    i += 1;
                    break;
                }
                b'[' => {
                    let opened_at = line_col(text, value_at).1;
                    return Err((i, GgfFault::BracketInValue { tag: name, opened_at }));
                }
                _ => match text[i + 1..].chars().next() {
                    Some(c) => {
                        value.push(c);
                        i += 1 + c.len_utf8();
                    }
                    None => return Err((name_at, GgfFault::ValueEndsInEscape { tag: name })),
                },
            }
        }
        tags.push(Tag { name, value, at: name_at });
    }
}

/// Reads the `BO` value: `8`, 64 squares (blanks between rows allowed), the side
/// to move.
fn parse_board(value: &str) -> Result<Othello, GgfBoardFault> {
    let mut fields = value.split_whitespace();
    match fields.next() {
        None => return Err(GgfBoardFault::Empty),
        Some("8") => {}
        Some(size) => return Err(GgfBoardFault::Size { size: clip(size) }),
    }
    let mut rest: Vec<&str> = fields.collect();
    let side = match rest.pop() {
        None => return Err(GgfBoardFault::NoSquares),
        Some("*") => Player::First,
        Some("O") => Player::Second,
        Some(s) if s.len() > 1 => return Err(GgfBoardFault::NoSide { found: clip(s) }),
        Some(s) => return Err(GgfBoardFault::BadSide { side: s.to_string() }),
    };
    let squares: String = rest.concat();
    let count = squares.chars().count();
    if count != 64 {
        return Err(GgfBoardFault::SquareCount { count });
    }
    let (black, white) = read_squares(&squares, '*', &['-'])
        .map_err(|(square, found)| GgfBoardFault::BadSquare { square, found })?;
    Othello::from_discs(black, white, side).map_err(|why| GgfBoardFault::Position { why })
}

/// Builds a game from its tags, replaying the moves.
fn build_game(text: &str, raw: RawGame) -> Result<GgfGame, FormatError> {
    let number = raw.number;
    let err = |at: usize, why: GgfFault| {
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
                    return Err(err(tag.at, GgfFault::NotOthello { game: clip(&tag.value) }));
                }
                continue;
            }
            "BO" => {
                if board.is_some() {
                    return Err(err(tag.at, GgfFault::SecondBoard));
                }
                board = Some(parse_board(&tag.value).map_err(|why| err(tag.at, why.into()))?);
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
            return Err(err(tag.at, GgfFault::RepeatedTag { tag: upper }));
        }
        *field = Some(tag.value.clone());
    }
    let Some(start) = board else {
        return Err(err(raw.at, GgfFault::NoBoard));
    };
    game.record = GameRecord::new(start);
    game.notes.clear();
    for (k, (colour, tag)) in moves.into_iter().enumerate() {
        let err = |why: GgfMoveFault| {
            let (number, tag_text) = (k + 1, format!("{}[{}]", tag.name, clip(&tag.value)));
            err(tag.at, GgfFault::Move { number, tag: tag_text, why })
        };
        let fields: Vec<&str> = tag.value.split('/').collect();
        if fields.len() > 3 {
            return Err(err(GgfMoveFault::TooManyFields));
        }
        let mv: OthelloMove = fields[0].parse().map_err(|_| err(GgfMoveFault::NotAMove))?;
        let opt = |i: usize| {
            fields.get(i).map(|s| s.trim()).filter(|s| !s.is_empty()).map(str::to_string)
        };
        let note = MoveNote { eval: opt(1), time: opt(2) };
        if let Some(e) = &note.eval {
            if e.parse::<f64>().is_err() {
                return Err(err(GgfMoveFault::EvalNotANumber { eval: e.clone() }));
            }
        }
        let end = *game.record.end();
        if end.is_over() {
            return Err(err(GgfMoveFault::GameOver {
                black: end.discs(Player::First),
                white: end.discs(Player::Second),
            }));
        }
        if colour != end.side_to_move() {
            if end.must_pass() {
                // A forced pass the record leaves out: insert it.
                game.record.play_unchecked_pass();
                game.notes.push(MoveNote::default());
            } else {
                return Err(err(GgfMoveFault::WrongColour {
                    mover: colour,
                    to_move: end.side_to_move(),
                }));
            }
        }
        let end = *game.record.end();
        if let Err(e) = game.play(mv, note) {
            let why = match e {
                PlayError::Illegal { reason, why, .. } => Illegal::new(reason, why),
                other => Illegal::new(crate::game::IllegalReason::Rule, other.to_string()),
            };
            return Err(err(GgfMoveFault::Illegal { player: end.side_to_move(), why }));
        }
    }
    Ok(game)
}

/// Reads one GGF game record (`(;GM[Othello]…BO[8 … *]B[f5]…;)`); blanks around
/// it are allowed, anything else is an error. See [the formats](super) for the
/// details and the checks.
pub fn parse_ggf(text: &str) -> Result<GgfGame, FormatError> {
    let mut games = parse_ggf_all(text)?;
    match games.len() {
        1 => Ok(games.remove(0)),
        0 => Err(FormatError::Ggf { game: 1, line: 1, column: 1, why: GgfFault::NoGame }),
        n => {
            let at = lex_ggf(text).ok().and_then(|g| g.get(1).map(|g| g.at)).unwrap_or(0);
            let (line, column) = line_col(text, at);
            Err(FormatError::Ggf {
                game: 2,
                line,
                column,
                why: GgfFault::SeveralGames { count: n },
            })
        }
    }
}

/// Reads every GGF game of `text` (`(;…;)(;…;)`, blanks between them allowed); an
/// empty text has none.
pub fn parse_ggf_all(text: &str) -> Result<Vec<GgfGame>, FormatError> {
    parse_ggf_each(text).into_iter().collect()
}

/// Reads every GGF game of `text`, each one on its own: a game that does not
/// read is an error in the list (naming its number, line and column) and the
/// games after it are still read — reading goes on at the next `(;`. Text
/// between games that is no game is an error too. An empty text has none.
pub fn parse_ggf_each(text: &str) -> Vec<Result<GgfGame, FormatError>> {
    lex_ggf_each(text).into_iter().map(|raw| build_game(text, raw?)).collect()
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

#[cfg(feature = "internal-tests")]
#[doc(hidden)]
pub mod tests {
    use super::*;

    pub fn escapes_round_trip() {
        let mut g = GgfGame::new(GameRecord::default());
        g.black = Some(r"a]b\c[d".into());
        let back = parse_ggf(&write_ggf(&g)).unwrap();
        assert_eq!(back.black, g.black);
    }
}
