//! Whole game records in a game's own notation: read when pasted into the page
//! (the `record` field of a request), and written for its "copy" (the
//! `records` of the state). Every format is read and written by the library's
//! own parsers and writers; this file only picks one:
//!
//! | game | read | written |
//! |---|---|---|
//! | Connect Four | Pons' move string (`4453`, from the empty board) | `pons` |
//! | Othello | GGF (`(;GM[Othello]…;)`), a transcript (`f5d6c3`, passes implied) | `transcript`, `ggf` |
//! | Go, Hex | SGF (`(;GM[1]SZ[9];B[ee]…)`, its size and komi taken) | `sgf` |
//! | any game | a JSON game record (`{"game": …}`), the move list | `moves`, `json` |
//!
//! A move list is read as the `text` field is (spaces, commas, move numbers,
//! moves run together). Transcripts and move lists start from the request's
//! start position; the other formats carry their own start.

use crate::error::ApiError;
use crate::game::play_text;
use crate::limits::Limits;
use bitgames::games::othello::formats::{
    self as othello_formats, parse_ggf, parse_transcript_from, write_ggf, write_transcript, GgfGame,
};
use bitgames::games::othello::{Othello, OthelloMove};
use bitgames::{registry, sgf, DynGame, GameRecord};
use serde::Serialize;

/// The game in one notation, for the page's copy.
#[derive(Serialize)]
pub struct RecordText {
    /// `pons`, `transcript`, `ggf`, `sgf`, `moves` or `json`.
    pub format: &'static str,
    /// The record.
    pub text: String,
}

/// The registry name of a game.
fn name_of(game: &dyn DynGame) -> &'static str {
    registry::info_of(game).map_or("", |i| i.name)
}

/// Reads a pasted record of the game `start` belongs to (`start` is where a
/// transcript or a move list begins). A fault is a 422 naming the format and
/// the place.
pub fn read(start: Box<dyn DynGame>, text: &str, limits: &Limits) -> Result<GameRecord, ApiError> {
    let t = text.trim();
    let name = name_of(start.as_ref());
    let bad = |format: &str, e: &dyn std::fmt::Display| {
        ApiError::unprocessable(format!("pasted {format} record: {e}"))
    };
    if t.is_empty() {
        return Err(ApiError::bad_request("the pasted record is empty"));
    }
    if t.starts_with('{') {
        let record = GameRecord::from_json(t).map_err(|e| bad("JSON", &e))?;
        let theirs = name_of(record.start());
        if theirs != name {
            return Err(ApiError::unprocessable(format!(
                "pasted JSON record: a game of {}, not {name}",
                record.start().spec()
            )));
        }
        return Ok(record);
    }
    if sgf::looks_like_sgf(t) {
        return match name {
            "go" | "hex" => Ok(sgf::read(t, &start.spec()).map_err(|e| bad("SGF", &e))?.record),
            "othello" => othello_record(parse_ggf(t).map_err(|e| bad("GGF", &e))?.record()),
            _ => Err(ApiError::unprocessable(format!(
                "a record starting '(;' is SGF (read for go and hex) or GGF (othello), not a \
                 record of {name}; paste the moves instead"
            ))),
        };
    }
    match name {
        "connect4" if t.chars().all(|c| c.is_ascii_digit() || c.is_whitespace()) => {
            // Pons' move string: one digit a move, from the empty board; the
            // library's position reader checks it.
            let digits: String = t.chars().filter(|c| !c.is_whitespace()).collect();
            if digits.len() > limits.moves {
                return Err(crate::game::too_many(limits));
            }
            let mut check = registry::new_game(&start.spec()).map_err(ApiError::spec)?;
            check.set_position(&digits).map_err(|e| bad("Pons", &e))?;
            let empty = registry::new_game(&start.spec()).map_err(ApiError::spec)?;
            let mut record = GameRecord::new(empty);
            for (i, d) in digits.chars().enumerate() {
                record
                    .play(&d.to_string())
                    .map_err(|e| bad("Pons", &format!("move {}: {e}", i + 1)))?;
            }
            Ok(record)
        }
        "othello" => {
            let from = start
                .as_any()
                .downcast_ref::<Othello>()
                .ok_or_else(|| ApiError::unprocessable("not an Othello game"))?;
            othello_record(&parse_transcript_from(*from, t).map_err(|e| bad("transcript", &e))?)
        }
        _ => {
            let mut record = GameRecord::new(start);
            play_text(&mut record, t, limits)?;
            Ok(record)
        }
    }
}

/// An Othello record of the formats module as a record of the registry's game.
fn othello_record(r: &othello_formats::GameRecord) -> Result<GameRecord, ApiError> {
    let mut record = GameRecord::new(Box::new(*r.start()));
    for (i, mv) in r.moves().iter().enumerate() {
        record
            .play(&mv.to_string())
            .map_err(|e| ApiError::unprocessable(format!("move {} '{mv}': {e}", i + 1)))?;
    }
    Ok(record)
}

/// The record as the Othello formats module keeps it, if it is Othello.
fn as_othello(record: &GameRecord) -> Option<othello_formats::GameRecord> {
    let start = record.start().as_any().downcast_ref::<Othello>()?;
    let mut r = othello_formats::GameRecord::new(*start);
    for mv in record.moves() {
        r.play(mv.parse::<OthelloMove>().ok()?).ok()?;
    }
    Some(r)
}

/// The game in each notation it has, its own first; `moves` and `json` for
/// every game.
pub fn write(record: &GameRecord) -> Vec<RecordText> {
    let mut out = Vec::new();
    let start = record.start();
    match name_of(start) {
        "connect4" => {
            // The start's own text is a move string reaching it.
            let text: String =
                std::iter::once(start.position()).chain(record.moves().iter().cloned()).collect();
            if record.moves().iter().all(|m| m.len() == 1) {
                out.push(RecordText { format: "pons", text });
            }
        }
        "othello" => {
            if let Some(r) = as_othello(record) {
                let transcript = RecordText { format: "transcript", text: write_transcript(&r) };
                let ggf = RecordText { format: "ggf", text: write_ggf(&GgfGame::new(r)) };
                // A transcript does not say where it starts.
                if *record.start().as_any().downcast_ref::<Othello>().unwrap_or(&Othello::start())
                    == Othello::start()
                {
                    out.extend([transcript, ggf]);
                } else {
                    out.extend([ggf, transcript]);
                }
            }
        }
        "go" | "hex" => {
            if let Ok(text) = sgf::write(record, None, None, None) {
                out.push(RecordText { format: "sgf", text });
            }
        }
        _ => {}
    }
    out.push(RecordText { format: "moves", text: record.moves().join(" ") });
    out.push(RecordText { format: "json", text: record.to_json() });
    out
}

/// One move of a game tree as the page sends it, in preorder: its parent is an
/// earlier node (by index), or the start when absent.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TreeNode {
    /// The move, in the game's notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// The node it follows (`None`: the start).
    #[serde(default)]
    pub parent: Option<usize>,
}

/// The SGF of a game tree (Go and Hex) with its variations, the first child of
/// each node its main line. Each move is checked by the library as the tree is
/// written; a node whose parent is not an earlier node, a tree over
/// `4 × Limits::moves` nodes or a game without SGF is refused.
pub fn tree_sgf(
    start: &dyn DynGame,
    nodes: &[TreeNode],
    limits: &Limits,
) -> Result<String, ApiError> {
    if !matches!(name_of(start), "go" | "hex") {
        return Err(ApiError::unprocessable(format!(
            "SGF is written for go and hex games, not {}",
            start.spec()
        )));
    }
    if nodes.len() > 4 * limits.moves {
        return Err(ApiError::unprocessable(format!(
            "too many moves: the web app writes trees of at most {} moves",
            4 * limits.moves
        )));
    }
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); nodes.len()];
    let mut top = Vec::new();
    for (i, n) in nodes.iter().enumerate() {
        match n.parent {
            None => top.push(i),
            Some(p) if p < i => children[p].push(i),
            Some(p) => {
                return Err(ApiError::bad_request(format!(
                    "tree node {i}: its parent {p} is not an earlier node"
                )))
            }
        }
    }
    fn build(i: usize, nodes: &[TreeNode], children: &[Vec<usize>]) -> sgf::MoveTree {
        sgf::MoveTree {
            mv: nodes[i].mv.clone(),
            children: children[i].iter().map(|&c| build(c, nodes, children)).collect(),
        }
    }
    let tree: Vec<sgf::MoveTree> = top.iter().map(|&i| build(i, nodes, &children)).collect();
    sgf::write_tree(start, &tree).map_err(|e| ApiError::unprocessable(e.to_string()))
}
