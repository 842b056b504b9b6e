//! A game as the API sees it: built from the spec in the path, a start position
//! and a move list (the client keeps the game; every request replays it through
//! [`GameRecord`], so each move is checked by the library's rules), and the
//! state the page draws.

use crate::error::ApiError;
use crate::limits::Limits;
use crate::moves::{play, play_text, too_many};
use bitgames::board::BoardView;
use bitgames::registry::{self, ParamInfo, ParamKind, ParamValue};
use bitgames::retro::analysis::LoadedTable;
use bitgames::{DynGame, GameRecord, Outcome, Player};
use serde::{Deserialize, Serialize};

/// What every game endpoint takes: the game so far, and the one thing asked.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRequest {
    /// The start position in the game's position text (the game's own start
    /// when absent).
    #[serde(default)]
    pub start: Option<String>,
    /// The moves played from the start, one move a string.
    #[serde(default)]
    pub moves: Vec<String>,
    /// More moves as pasted text, played after `moves`: separated by spaces,
    /// commas or move numbers (`1. e4`), or run together (`4453`, `f5d6c3`).
    #[serde(default)]
    pub text: Option<String>,
    /// Takes back this many moves from the end (the taken-back moves come back
    /// in `undone`, for a redo).
    #[serde(default)]
    pub undo: usize,
    /// `/move`: the move to play.
    #[serde(default, rename = "move")]
    pub mv: Option<String>,
    /// `/engine`: the engine spec (`random(seed=3)`, `alphabeta(level=4)`).
    #[serde(default)]
    pub engine: Option<String>,
    /// `/analyse`: how long to think, in milliseconds.
    #[serde(default)]
    pub think_ms: Option<u64>,
    /// A whole game pasted in the game's own notation (Pons' move string,
    /// an Othello transcript or GGF, SGF for Go and Hex, a JSON game record,
    /// or the moves): it replaces `moves` (`start` is where a transcript or a
    /// move list begins). See [`crate::notation`].
    #[serde(default)]
    pub record: Option<String>,
    /// `/area`: how many playouts the estimate averages (default
    /// [`AREA_PLAYOUTS`], at most [`AREA_PLAYOUTS_MAX`]).
    #[serde(default)]
    pub playouts: Option<u64>,
}

/// The playouts of an `/area` estimate when the request names none.
pub const AREA_PLAYOUTS: u64 = 200;
/// The most playouts one `/area` estimate may ask for (Go 19×19: about a
/// second of one core).
pub const AREA_PLAYOUTS_MAX: u64 = 2000;

/// Builds the game a request describes, checking the board size, the start
/// position and every move.
pub fn build(spec: &str, req: &GameRequest, limits: &Limits) -> Result<Built, ApiError> {
    let mut start = registry::new_game(spec).map_err(ApiError::spec)?;
    check_size(start.as_ref(), limits)?;
    if let Some(text) = &req.start {
        start
            .set_position(text)
            .map_err(|e| ApiError::unprocessable(format!("start position: {e}")))?;
    }
    if req.moves.len() > limits.moves {
        return Err(too_many(limits));
    }
    let mut record = match &req.record {
        Some(_) if !req.moves.is_empty() => {
            return Err(ApiError::bad_request(
                "give either 'record' (a whole game) or 'moves', not both",
            ))
        }
        Some(text) => {
            let record = crate::notation::read(start, text, limits)?;
            // A record may name its own board (SGF's SZ) and be long.
            check_size(record.start(), limits)?;
            if record.moves().len() > limits.moves {
                return Err(too_many(limits));
            }
            record
        }
        None => {
            let mut record = GameRecord::new(start);
            for (i, mv) in req.moves.iter().enumerate() {
                play(&mut record, mv, i + 1)?;
            }
            record
        }
    };
    if let Some(text) = &req.text {
        play_text(&mut record, text, limits)?;
    }
    let mut undone = Vec::new();
    for _ in 0..req.undo {
        match record.undo() {
            Some(mv) => undone.push(mv),
            None => break,
        }
    }
    undone.reverse();
    Ok(Built { record, undone })
}

/// Refuses a board over [`Limits::board_cells`].
fn check_size(game: &dyn DynGame, limits: &Limits) -> Result<(), ApiError> {
    let cells = game.board().cells.len();
    if cells > limits.board_cells {
        return Err(ApiError::unprocessable(format!(
            "board too large: {} has {cells} cells, the web app takes at most {}",
            game.spec(),
            limits.board_cells
        )));
    }
    Ok(())
}

/// A built game and the moves an `undo` took back (oldest first).
pub struct Built {
    /// The game with its history.
    pub record: GameRecord,
    /// Moves taken back.
    pub undone: Vec<String>,
}

/// One legal move and the board cells it touches (the page's click targets).
#[derive(Serialize)]
pub struct MoveJson {
    /// The move in the game's notation.
    pub mv: String,
    /// Cells of [`BoardView`] it touches: where a stone lands, or from and to.
    pub cells: Vec<usize>,
}

/// How a game ended.
#[derive(Serialize)]
pub struct OutcomeJson {
    /// The winner's name, none for a draw.
    pub winner: Option<&'static str>,
    /// Whether it is a draw.
    pub draw: bool,
}

/// The state of a game, as every game endpoint answers.
#[derive(Serialize)]
pub struct StateJson {
    /// The game's full spec.
    pub game: String,
    /// The registry name.
    pub name: String,
    /// The start position's text.
    pub start: String,
    /// The moves from the start, in the game's notation.
    pub moves: Vec<String>,
    /// Moves taken back by `undo`, oldest first (for redo).
    pub undone: Vec<String>,
    /// The current position's text.
    pub position: String,
    /// The names of the first and second player.
    pub players: [&'static str; 2],
    /// The player to move, none when the game is over.
    pub to_move: Option<&'static str>,
    /// Plies played.
    pub ply: usize,
    /// How it ended, if it has.
    pub outcome: Option<OutcomeJson>,
    /// The result in words, or `in progress`.
    pub result: String,
    /// The final score for the first player, where the game has one.
    pub score: Option<i32>,
    /// The board to draw.
    pub board: BoardView,
    /// The legal moves with their cells.
    pub legal: Vec<MoveJson>,
    /// The last move and its cells.
    pub last: Option<MoveJson>,
    /// The engines that play this game.
    pub engines: Vec<EngineJson>,
    /// The strengths the page offers (each an engine spec).
    pub presets: Vec<crate::presets::Preset>,
    /// What `/analyse` does here.
    pub analysis: String,
    /// Whether the game is scored by area, so that `/area` estimates who owns
    /// each point (Go).
    pub area: bool,
    /// The board as text.
    pub picture: String,
    /// The game in its own notation and the others it has (the first is the
    /// game's own), for the page's copy.
    pub records: Vec<crate::notation::RecordText>,
}

/// The state of a record.
pub fn state(built: &Built, tables: &[LoadedTable]) -> StateJson {
    let record = &built.record;
    let now = record.current();
    let outcome = now.outcome();
    let last = record.moves().last().map(|mv| {
        let before = record.state_after(record.moves().len() - 1).unwrap_or(now);
        MoveJson { mv: mv.clone(), cells: before.move_cells(mv).unwrap_or_default() }
    });
    StateJson {
        game: now.spec(),
        name: registry::info_of(now).map_or_else(String::new, |i| i.name.to_string()),
        start: record.start().position(),
        moves: record.moves().to_vec(),
        undone: built.undone.clone(),
        position: now.position(),
        players: [now.player_name(Player::First), now.player_name(Player::Second)],
        to_move: outcome.is_none().then(|| now.player_name(now.side_to_move())),
        ply: now.ply(),
        outcome: outcome.map(|o| match o {
            Outcome::WonBy(p) => OutcomeJson { winner: Some(now.player_name(p)), draw: false },
            Outcome::Draw => OutcomeJson { winner: None, draw: true },
        }),
        result: outcome.map_or_else(|| "in progress".to_string(), |o| now.describe_outcome(o)),
        score: now.score(),
        board: now.board(),
        legal: legal_moves(now),
        last,
        engines: engines_json(now),
        presets: crate::presets::presets(now, tables),
        analysis: crate::analysis::describe(now, tables),
        area: now.area_owners().is_some(),
        picture: now.picture(),
        records: crate::notation::write(record),
    }
}

/// The legal moves with their cells.
pub fn legal_moves(game: &dyn DynGame) -> Vec<MoveJson> {
    game.legal_moves()
        .into_iter()
        .map(|mv| {
            let cells = game.move_cells(&mv).unwrap_or_default();
            MoveJson { mv, cells }
        })
        .collect()
}

/// A game or engine parameter, for the page's forms.
#[derive(Serialize)]
pub struct ParamJson {
    /// Name, as written in specs.
    pub name: &'static str,
    /// `int`, `float`, `bool`, `choice` or `text`.
    pub kind: &'static str,
    /// Its default.
    pub default: ParamValue,
    /// Smallest value (numbers).
    pub min: Option<f64>,
    /// Largest value (numbers).
    pub max: Option<f64>,
    /// The choices (choice).
    pub choices: Vec<&'static str>,
    /// What it means.
    pub doc: &'static str,
}

/// The parameters, for forms.
pub fn params_json(params: &'static [ParamInfo]) -> Vec<ParamJson> {
    params
        .iter()
        .map(|p| {
            let (kind, min, max, choices) = match p.kind {
                ParamKind::Int { min, max } => ("int", Some(min as f64), Some(max as f64), vec![]),
                ParamKind::Float { min, max } => ("float", Some(min), Some(max), vec![]),
                ParamKind::Bool => ("bool", None, None, vec![]),
                ParamKind::Choice(c) => ("choice", None, None, c.to_vec()),
                ParamKind::Text => ("text", None, None, vec![]),
                // A duration is typed as text (`500ms`, `1s`); the bounds in ms.
                ParamKind::Duration { min_ms, max_ms } => {
                    ("duration", Some(min_ms as f64), Some(max_ms as f64), vec![])
                }
            };
            ParamJson {
                name: p.name,
                kind,
                default: p.default_value(),
                min,
                max,
                choices,
                doc: p.doc,
            }
        })
        .collect()
}

/// An engine, for the page's engine menu.
#[derive(Serialize)]
pub struct EngineJson {
    /// Name, as written in specs.
    pub name: &'static str,
    /// One-line description.
    pub summary: &'static str,
    /// Its spec with the defaults.
    pub default_spec: String,
    /// Its parameters (text ones, which name files or commands on the server,
    /// are left out: the web app does not take them).
    pub params: Vec<ParamJson>,
    /// Whether the page should offer this one first: the game's own engine
    /// (the last, when it has several), else `mcts`.
    pub suggested: bool,
}

/// Engines that run a program on the server (`gtp`'s command): never offered
/// to a page, which may not name one (text parameters are refused).
const SERVER_ONLY: &[&str] = &["gtp"];

/// The engines a page can use on `game`, as JSON: all but [`SERVER_ONLY`] and
/// the engine of the game's retrograde table, which needs a file on the server.
pub fn engines_json(game: &dyn DynGame) -> Vec<EngineJson> {
    let info = registry::info_of(game);
    let own = info.map_or(&[][..], |info| info.engines);
    let table_engine = info.and_then(|i| i.tools.tablebase).map(|t| t.engine.name);
    let suggested = own.last().map_or("mcts", |e| e.name);
    registry::engines_for(game)
        .into_iter()
        .filter(|e| !SERVER_ONLY.contains(&e.name) && Some(e.name) != table_engine)
        .map(|e| EngineJson {
            name: e.name,
            summary: e.summary,
            default_spec: e.default_spec(),
            params: params_json(e.params).into_iter().filter(|p| p.kind != "text").collect(),
            suggested: e.name == suggested,
        })
        .collect()
}
