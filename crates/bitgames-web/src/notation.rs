//! Whole game records in a game's own notation: read when pasted into the page
//! (the `record` field of a request), and written for its "copy" (the
//! `records` of the state). The formats are the library's
//! ([`bitgames::notation`]: the ones a game declares, and SGF where it reads
//! the game), each read and written by the library; this file names no game.
//! Today:
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
use crate::limits::Limits;
use crate::moves::play_text;
use bitgames::{notation, registry, sgf, DynGame, GameRecord};
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
/// transcript or a move list begins): a JSON game record, else the first of
/// the game's formats that detects it, else the moves. A fault is a 422
/// naming the format and the place.
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
        let record = bitgames::registry::read_record(t).map_err(|e| bad("JSON", &e))?;
        let theirs = name_of(record.start());
        if theirs != name {
            return Err(ApiError::unprocessable(format!(
                "pasted JSON record: a game of {}, not {name}",
                record.start().spec()
            )));
        }
        return Ok(record);
    }
    if let Some(format) = notation::detect(start.as_ref(), t) {
        return (format.read)(start.as_ref(), t).map_err(|e| bad(format.label, &e));
    }
    if bitgames::formats::opens_a_tree(t) {
        let labels: Vec<&str> = notation::formats(start.as_ref()).iter().map(|f| f.label).collect();
        return Err(ApiError::unprocessable(format!(
            "a record starting '(;' is SGF or GGF, which {name} does not read (its records: {}); \
             paste the moves instead",
            if labels.is_empty() { "moves and JSON".to_string() } else { labels.join(", ") }
        )));
    }
    let mut record = GameRecord::new(start);
    play_text(&mut record, t, limits)?;
    Ok(record)
}

/// The game in each notation it has, its own first; `moves` and `json` for
/// every game.
pub fn write(record: &GameRecord) -> Vec<RecordText> {
    let mut out: Vec<RecordText> = notation::write_all(record)
        .into_iter()
        .map(|(f, text)| RecordText { format: f.name, text })
        .collect();
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
    start: &dyn DynGame, nodes: &[TreeNode], limits: &Limits,
) -> Result<String, ApiError> {
    if sgf::game_number(&start.spec()).is_none() {
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
