//! SGF (Smart Game Format, FF\[4\]) game records for Go (`GM[1]`) and Hex
//! (`GM[11]`): written from a [`GameRecord`] (the arena's `--sgf DIR`), read
//! back along the main line (`show` and `convert`).
//!
//! - Go points are SGF's two letters, column then row from the top-left
//!   (`aa`); a pass is `B[]` (`B[tt]` is read as a pass too, as FF\[3\] wrote it
//!   on boards up to 19×19). `KM` is the komi.
//! - Hex moves are cell names as HexGui writes them (`B[f6]`, `a1` top-left)
//!   and `swap-pieces` for the pie rule's swap.
//! - Black (`B`) is the first player. The root may set stones up with `AB`,
//!   `AW`, `AE` and the side to move with `PL`; setup in later nodes is
//!   refused, as are variations beyond the first (the main line is read).
//!
//! Root properties written: `FF GM CA AP SZ` (and `KM` for Go), `PB PW RE`
//! when known, setup stones when the record starts from a set position.

use crate::arena::MatchGame;
use crate::game::{clip, Outcome, PlayError};
use crate::gtp::param_value;
use crate::gtp::session::{format_score_halves, takes_param};
use crate::player::Player;
use crate::record::GameRecord;
use crate::registry::{new_game, parse_spec, write_spec, SpecError};
use crate::DynGame;
use thiserror::Error;

/// A record that cannot be written or read as SGF.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SgfError {
    /// Text that is not SGF.
    #[error("SGF syntax, at byte {offset}: {why}")]
    Syntax {
        /// Byte offset of the fault.
        offset: usize,
        /// What was expected.
        why: String,
    },
    /// A game or a feature this reader or writer does not handle.
    #[error("SGF: {0}")]
    Unsupported(String),
    /// A property with a value that does not read.
    #[error("SGF property {prop}[{value}]: {why}")]
    Property {
        /// The property.
        prop: String,
        /// Its value (shortened).
        value: String,
        /// What was wrong.
        why: String,
    },
    /// The game the record names does not build.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// A move that cannot be played.
    #[error("SGF move {number}: {error}")]
    Move {
        /// 1-based number of the move.
        number: usize,
        /// Why it cannot be played.
        error: PlayError,
    },
}

/// A record read from SGF, with the players and result it names.
#[derive(Debug, Clone)]
pub struct SgfGame {
    /// The game: the start position (with any setup stones) and the moves.
    pub record: GameRecord,
    /// `PB`, Black's name.
    pub black: Option<String>,
    /// `PW`, White's name.
    pub white: Option<String>,
    /// `RE`, the result as written (`B+3.5`, `W+R`).
    pub result: Option<String>,
}

/// The SGF game number of the game a spec names: 1 for Go, 11 for Hex, `None`
/// for games SGF is not written for here.
pub fn game_number(spec: &str) -> Option<u32> {
    match parse_spec(spec).ok()?.name.as_str() {
        "go" => Some(1),
        "hex" => Some(11),
        _ => None,
    }
}

/// The registry name of an SGF game number.
fn game_name(gm: u32) -> Option<&'static str> {
    match gm {
        1 => Some("go"),
        11 => Some("hex"),
        _ => None,
    }
}

/// Go's column letters, GTP's (no `i`).
const GO_LETTERS: &[u8] = b"abcdefghjklmnopqrstuvwxyz";

/// A Go cell name (`d4`, GTP letters, row 1 at the bottom) as an SGF point.
fn go_to_sgf(mv: &str, size: usize) -> Option<String> {
    let mv = mv.to_ascii_lowercase();
    let first = *mv.as_bytes().first()?;
    let col = GO_LETTERS.iter().position(|&c| c == first)?;
    let row: usize = mv[1..].parse().ok()?;
    if col >= size || row == 0 || row > size {
        return None;
    }
    Some(format!("{}{}", (b'a' + col as u8) as char, (b'a' + (size - row) as u8) as char))
}

/// An SGF point as a Go cell name.
fn sgf_to_go(point: &str, size: usize) -> Option<String> {
    let b = point.as_bytes();
    if b.len() != 2 || !b[0].is_ascii_lowercase() || !b[1].is_ascii_lowercase() {
        return None;
    }
    let (col, top) = ((b[0] - b'a') as usize, (b[1] - b'a') as usize);
    if col >= size || top >= size {
        return None;
    }
    Some(format!("{}{}", GO_LETTERS[col] as char, size - top))
}

/// Escapes `]` and `\` in an SGF text value.
fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}

/// The SGF result of a finished game: `B+3.5` for a game with a komi score,
/// `B+`/`W+` for a win without one, `0` for a draw; `None` while it goes on.
pub fn result_of(game: &dyn DynGame) -> Option<String> {
    let o = game.outcome()?;
    if param_value(&game.spec(), "komi").is_some() {
        if let Some(h) = game.score_halves() {
            return Some(format_score_halves(h));
        }
    }
    Some(match o {
        Outcome::WonBy(Player::First) => "B+".into(),
        Outcome::WonBy(Player::Second) => "W+".into(),
        Outcome::Draw => "0".into(),
    })
}

/// An SGF point of two lowercase letters (column, then row from the top, `a`
/// the first) as a Hex cell name (column letter, row number from the top):
/// `ff` → `f6`. `None` for anything else (HexGui's own `f6` included).
fn sgf_point_to_cell(v: &str) -> Option<String> {
    match v.as_bytes() {
        [c @ b'a'..=b'z', r @ b'a'..=b'z'] => Some(format!("{}{}", *c as char, r - b'a' + 1)),
        _ => None,
    }
}

/// A move in the game's notation as an SGF value.
fn move_value(gm: u32, mv: &str, size: usize) -> Result<String, SgfError> {
    match (gm, mv) {
        (1, "pass") => Ok(String::new()),
        (1, _) => go_to_sgf(mv, size)
            .ok_or_else(|| SgfError::Unsupported(format!("move '{}' is not a Go point", clip(mv)))),
        (_, "swap") => Ok("swap-pieces".into()),
        _ => Ok(mv.to_string()),
    }
}

/// Writes a record as SGF, with the players' names and the result (`None`:
/// the game's own, when it is over).
pub fn write(
    record: &GameRecord, black: Option<&str>, white: Option<&str>, result: Option<&str>,
) -> Result<String, SgfError> {
    let start = record.start();
    let (mut out, gm, size) = root(start)?;
    let own = result_of(record.current());
    players_and_result(&mut out, black, white, result.map(str::to_string).or(own));
    setup(&mut out, start, gm, size)?;
    for (i, mv) in record.moves().iter().enumerate() {
        let mover = record.state_after(i).expect("a state before every move").side_to_move();
        let c = if mover == Player::First { 'B' } else { 'W' };
        out.push_str(&format!(";{c}[{}]", move_value(gm, mv, size)?));
        if i % 10 == 9 {
            out.push('\n');
        }
    }
    out.push_str(")\n");
    Ok(out)
}

/// A move and the moves played after it: one node of a game tree, the first
/// child the main line, the others variations.
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
pub struct MoveTree {
    /// The move, in the game's notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// The moves after it: the main line first.
    #[serde(default)]
    pub children: Vec<MoveTree>,
}

/// Writes a game tree from `start` as SGF with variations (FF\[4\]: a node
/// with several children opens one `(…)` per child, the main line first).
/// Every move is played on the way, so an illegal one is an error naming its
/// depth.
pub fn write_tree(start: &dyn DynGame, tree: &[MoveTree]) -> Result<String, SgfError> {
    let (mut out, gm, size) = root(start)?;
    setup(&mut out, start, gm, size)?;
    fn nodes(
        out: &mut String, game: &dyn DynGame, tree: &[MoveTree], gm: u32, size: usize, depth: usize,
    ) -> Result<(), SgfError> {
        let branch = tree.len() > 1;
        for t in tree {
            if branch {
                out.push('(');
            }
            let c = if game.side_to_move() == Player::First { 'B' } else { 'W' };
            let mut next = game.clone_box();
            next.play_text(&t.mv).map_err(|error| SgfError::Move { number: depth + 1, error })?;
            out.push_str(&format!(";{c}[{}]", move_value(gm, &t.mv, size)?));
            nodes(out, next.as_ref(), &t.children, gm, size, depth + 1)?;
            if branch {
                out.push(')');
            }
        }
        Ok(())
    }
    nodes(&mut out, start, tree, gm, size, 0)?;
    out.push_str(")\n");
    Ok(out)
}

/// The root node's opening, `(;FF[4]GM[…]CA AP SZ` and `KM` for Go, with the
/// game number and board size.
fn root(start: &dyn DynGame) -> Result<(String, u32, usize), SgfError> {
    let spec = start.spec();
    let gm = game_number(&spec).ok_or_else(|| {
        SgfError::Unsupported(format!("SGF is written for go and hex games, not {spec}"))
    })?;
    let size: usize = param_value(&spec, "size").and_then(|s| s.parse().ok()).unwrap_or(0);
    let mut out =
        format!("(;FF[4]GM[{gm}]CA[UTF-8]AP[bitgames:{}]SZ[{size}]", env!("CARGO_PKG_VERSION"));
    if let Some(k) = param_value(&spec, "komi") {
        out.push_str(&format!("KM[{k}]"));
    }
    Ok((out, gm, size))
}

/// `PB`, `PW` and `RE` where known.
fn players_and_result(
    out: &mut String, black: Option<&str>, white: Option<&str>, result: Option<String>,
) {
    if let Some(b) = black {
        out.push_str(&format!("PB[{}]", escape(b)));
    }
    if let Some(w) = white {
        out.push_str(&format!("PW[{}]", escape(w)));
    }
    if let Some(r) = result {
        out.push_str(&format!("RE[{}]", escape(&r)));
    }
}

/// The start's stones (`AB`, `AW`) and side to move (`PL`) unless it is the
/// empty board with Black to move; then the end of the root node's line.
fn setup(out: &mut String, start: &dyn DynGame, gm: u32, size: usize) -> Result<(), SgfError> {
    let cells = start.board().cells;
    // PL whenever the start is not the empty board with Black to move (White
    // to move on an empty board was lost before: found by the `sgf` fuzz target).
    let set_up = cells.iter().any(|c| c.owner.is_some()) || start.ply() > 0;
    if set_up || start.side_to_move() != Player::First {
        for (prop, p) in [("AB", Player::First), ("AW", Player::Second)] {
            let points: Vec<String> = cells
                .iter()
                .filter(|c| c.owner == Some(p))
                .map(|c| move_value(gm, &c.name, size))
                .collect::<Result<_, _>>()?;
            if !points.is_empty() {
                out.push_str(prop);
                for pt in points {
                    out.push_str(&format!("[{pt}]"));
                }
            }
        }
        let pl = if start.side_to_move() == Player::First { "B" } else { "W" };
        out.push_str(&format!("PL[{pl}]"));
    }
    out.push('\n');
    Ok(())
}

/// One game of an arena match as SGF: the opening and the engines' moves,
/// the engines as the players, and `B+F`/`W+F` (forfeit) for a game lost by
/// an engine's fault.
pub fn write_match_game(game_spec: &str, g: &MatchGame) -> Result<String, SgfError> {
    let mut record = GameRecord::new(new_game(game_spec)?);
    for (i, mv) in g.opening.iter().chain(&g.moves).enumerate() {
        record.play(mv).map_err(|error| SgfError::Move { number: i + 1, error })?;
    }
    // The first engine plays the side to move after the opening.
    let first_side =
        record.state_after(g.opening.len()).map_or(Player::First, |s| s.side_to_move());
    let (black, white) = if first_side == Player::First {
        (&g.players[0], &g.players[1])
    } else {
        (&g.players[1], &g.players[0])
    };
    let result = g.fault.as_ref().map(|(e, _)| {
        // Engine `e` failed: the other one wins by forfeit.
        let loser_is_first_mover = *e == g.first;
        let loser_side = if loser_is_first_mover { first_side } else { first_side.other() };
        if loser_side == Player::First { "W+F" } else { "B+F" }.to_string()
    });
    write(&record, Some(black), Some(white), result.as_deref())
}

/// One node: its properties with their values, in order.
type Node = Vec<(String, Vec<String>)>;

/// Reads the main line of the first game tree of `text`: the nodes.
fn parse_main_line(text: &str) -> Result<Vec<Node>, SgfError> {
    let b = text.as_bytes();
    let mut i = 0;
    let err = |offset: usize, why: &str| SgfError::Syntax { offset, why: why.to_string() };
    let skip_ws = |i: &mut usize| {
        while *i < b.len() && b[*i].is_ascii_whitespace() {
            *i += 1;
        }
    };
    skip_ws(&mut i);
    if i >= b.len() || b[i] != b'(' {
        return Err(err(i, "expected '(' to open a game tree"));
    }
    i += 1;
    let mut nodes: Vec<Node> = Vec::new();
    loop {
        skip_ws(&mut i);
        let Some(&c) = b.get(i) else {
            return Err(err(i, "the text ends before the game tree closes with ')'"));
        };
        match c {
            b';' => {
                i += 1;
                let mut node: Node = Vec::new();
                loop {
                    skip_ws(&mut i);
                    let start = i;
                    while i < b.len() && b[i].is_ascii_alphabetic() {
                        i += 1;
                    }
                    if i == start {
                        break;
                    }
                    // FF[3] allowed lower-case letters in names; they are dropped.
                    let name: String =
                        text[start..i].chars().filter(|c| c.is_ascii_uppercase()).collect();
                    if name.is_empty() {
                        return Err(err(start, "expected a property name in capitals"));
                    }
                    let mut values = Vec::new();
                    loop {
                        skip_ws(&mut i);
                        if b.get(i) != Some(&b'[') {
                            break;
                        }
                        i += 1;
                        let mut value = Vec::new();
                        loop {
                            match b.get(i) {
                                None => {
                                    return Err(err(i, "a property value is not closed by ']'"))
                                }
                                Some(b'\\') => {
                                    if let Some(&n) = b.get(i + 1) {
                                        value.push(n);
                                    }
                                    i += 2;
                                }
                                Some(b']') => {
                                    i += 1;
                                    break;
                                }
                                Some(&x) => {
                                    value.push(x);
                                    i += 1;
                                }
                            }
                        }
                        values.push(String::from_utf8_lossy(&value).into_owned());
                    }
                    if values.is_empty() {
                        return Err(err(i, &format!("property {name} has no value")));
                    }
                    node.push((name, values));
                }
                nodes.push(node);
            }
            // The first variation continues the main line.
            b'(' => i += 1,
            b')' => break,
            _ => return Err(err(i, "expected ';', '(' or ')'")),
        }
    }
    if nodes.is_empty() {
        return Err(err(i, "the game tree has no node"));
    }
    Ok(nodes)
}

/// The single value of a property of a node, if it has it.
fn prop<'a>(node: &'a Node, name: &str) -> Option<&'a str> {
    node.iter().find(|(n, _)| n == name).and_then(|(_, v)| v.first()).map(String::as_str)
}

/// The points of a point list, rectangles (`aa:cc`) expanded for Go.
fn points(gm: u32, prop: &str, values: &[String]) -> Result<Vec<String>, SgfError> {
    let mut out = Vec::new();
    for v in values {
        match (gm, v.split_once(':')) {
            (1, Some((a, z))) => {
                let bad = || SgfError::Property {
                    prop: prop.into(),
                    value: clip(v),
                    why: "not a rectangle of two points".into(),
                };
                let (a, z) = (a.as_bytes(), z.as_bytes());
                if a.len() != 2 || z.len() != 2 {
                    return Err(bad());
                }
                for c in a[0].min(z[0])..=a[0].max(z[0]) {
                    for r in a[1].min(z[1])..=a[1].max(z[1]) {
                        out.push(String::from_utf8(vec![c, r]).map_err(|_| bad())?);
                    }
                }
            }
            _ => out.push(v.clone()),
        }
    }
    Ok(out)
}

/// Reads SGF: the main line of its first game, as a game of `base` (a spec
/// such as `go` or `go(ko=simple)`, whose `size` and `komi` the record's `SZ`
/// and `KM` replace). The record must hold the game `base` names.
pub fn read(text: &str, base: &str) -> Result<SgfGame, SgfError> {
    let nodes = parse_main_line(text)?;
    let root = &nodes[0];
    let bad = |p: &str, v: &str, why: &str| SgfError::Property {
        prop: p.into(),
        value: clip(v),
        why: why.into(),
    };
    let gm = match prop(root, "GM") {
        None => 1,
        Some(v) => v.trim().parse::<u32>().map_err(|_| bad("GM", v, "not a game number"))?,
    };
    let name = game_name(gm).ok_or_else(|| {
        SgfError::Unsupported(format!("GM[{gm}]: only Go (GM[1]) and Hex (GM[11]) are read"))
    })?;
    let base_spec = parse_spec(base)?;
    if base_spec.name != name {
        return Err(SgfError::Unsupported(format!(
            "the record holds a game of {name} (GM[{gm}]), not {}",
            base_spec.name
        )));
    }
    let mut params = base_spec.params.clone();
    // SGF's default sizes: 19 for Go, 11 for Hex.
    let default_size = if gm == 1 { "19" } else { "11" };
    if let Some(sz) = prop(root, "SZ").or(Some(default_size)) {
        let (w, h) = sz.split_once(':').unwrap_or((sz, sz));
        let (w, h): (u32, u32) = match (w.trim().parse(), h.trim().parse()) {
            (Ok(w), Ok(h)) => (w, h),
            _ => return Err(bad("SZ", sz, "not a board size")),
        };
        if w != h {
            return Err(bad("SZ", sz, "only square boards are read"));
        }
        params.retain(|(k, _)| !k.eq_ignore_ascii_case("size"));
        params.push(("size".into(), w.to_string()));
    }
    if let Some(km) = prop(root, "KM") {
        if takes_param(base, "komi") {
            let k: f64 = km.trim().parse().map_err(|_| bad("KM", km, "not a number"))?;
            params.retain(|(k, _)| !k.eq_ignore_ascii_case("komi"));
            params.push(("komi".into(), k.to_string()));
        }
    }
    let mut start = new_game(&write_spec(name, &params))?;
    let spec = start.spec();
    let size: usize = param_value(&spec, "size").and_then(|s| s.parse().ok()).unwrap_or(0);
    // A move or setup value as the game's cell name.
    let names = start.clone_box();
    let cell = |p: &str, v: &str| -> Result<String, SgfError> {
        match gm {
            1 if v.is_empty() || (v == "tt" && size <= 19) => Ok("pass".into()),
            1 => sgf_to_go(v, size).ok_or_else(|| bad(p, v, "not a point of the board")),
            _ if v == "swap-pieces" => Ok("swap".into()),
            // SGF's own point, column then row from the top-left (`ff`), as
            // some Hex programs write it: the cell `f6`.
            _ => names
                .move_text(&sgf_point_to_cell(v).unwrap_or_else(|| v.to_string()))
                .map_err(|e| bad(p, v, &e.to_string())),
        }
    };
    for n in &nodes[1..] {
        if n.iter().any(|(p, _)| matches!(p.as_str(), "AB" | "AW" | "AE")) {
            return Err(SgfError::Unsupported(
                "setup stones (AB, AW, AE) after the first node are not read".into(),
            ));
        }
    }
    let setup: Vec<(Player, String)> = root
        .iter()
        .filter_map(|(p, v)| match p.as_str() {
            "AB" => Some((Player::First, p, v)),
            "AW" => Some((Player::Second, p, v)),
            _ => None,
        })
        .map(|(who, p, v)| {
            points(gm, p, v)?
                .iter()
                .map(|pt| cell(p, pt).map(|c| (who, c)))
                .collect::<Result<Vec<_>, _>>()
        })
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .flatten()
        .collect();
    let first_mover = nodes[1..].iter().find_map(|n| {
        n.iter().find_map(|(p, _)| match p.as_str() {
            "B" => Some(Player::First),
            "W" => Some(Player::Second),
            _ => None,
        })
    });
    let to_move = match prop(root, "PL") {
        Some(v) if v.eq_ignore_ascii_case("b") => Player::First,
        Some(v) if v.eq_ignore_ascii_case("w") => Player::Second,
        Some(v) => return Err(bad("PL", v, "not B or W")),
        None => first_mover.unwrap_or(Player::First),
    };
    if !setup.is_empty() || to_move != Player::First {
        let mut rows = vec![vec!['.'; size]; size];
        for (who, c) in &setup {
            let b = start.board();
            let Some(i) = b.index_of(c) else { return Err(bad("AB", c, "not a cell")) };
            let (col, row) = (b.cells[i].col, b.cells[i].row);
            // Go counts rows from the bottom, Hex from the top.
            let r = if gm == 1 { size - 1 - row } else { row };
            rows[r][col] = if *who == Player::First { 'x' } else { 'o' };
        }
        let rows: Vec<String> = rows.into_iter().map(|r| r.into_iter().collect()).collect();
        let side = if to_move == Player::First { 'x' } else { 'o' };
        let text = match gm {
            1 => format!("{} {side} 0 0 -", rows.join("/")),
            _ => format!("{} {side}", rows.join("/")),
        };
        start.set_position(&text).map_err(|e| SgfError::Unsupported(format!("setup: {e}")))?;
    }
    let mut record = GameRecord::new(start);
    let mut number = 0;
    for n in &nodes[1..] {
        for (p, v) in n {
            let who = match p.as_str() {
                "B" => Player::First,
                "W" => Player::Second,
                _ => continue,
            };
            number += 1;
            let value = v.first().map(String::as_str).unwrap_or_default();
            let mv = cell(p, value)?;
            let now = record.current();
            if now.outcome().is_none() && now.side_to_move() != who {
                return Err(SgfError::Unsupported(format!(
                    "move {number}: {p}[{}] but {} is to move",
                    clip(value),
                    now.player_name(now.side_to_move())
                )));
            }
            record.play(&mv).map_err(|error| SgfError::Move { number, error })?;
        }
    }
    let text_prop = |n: &str| prop(root, n).map(str::to_string);
    Ok(SgfGame { record, black: text_prop("PB"), white: text_prop("PW"), result: text_prop("RE") })
}

/// The game trees of a collection (`(;…)(;…)`, blanks between them): each
/// tree's byte range, or a fault. Text between trees that is no tree is a fault
/// and reading goes on at the next `(;`. A tree not closed by `)` is a fault at
/// its `(`, and reading goes on at the first `(` inside it that opens a new
/// game (a root node with `GM` or `FF`, which a variation does not have), so an
/// unclosed tree does not hide the trees after it.
fn game_trees(text: &str) -> Vec<Result<std::ops::Range<usize>, SgfError>> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    loop {
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        if i >= b.len() {
            return out;
        }
        if b[i] != b'(' {
            let why = "expected '(' to open a game tree".to_string();
            out.push(Err(SgfError::Syntax { offset: i, why }));
            match text[i..].find("(;") {
                Some(k) => i += k,
                None => return out,
            }
            continue;
        }
        let start = i;
        let (mut depth, mut in_value) = (0usize, false);
        // The `(`s inside the tree, where reading goes on if it is not closed.
        let mut inner = Vec::new();
        while i < b.len() {
            let c = b[i];
            i += 1;
            match (in_value, c) {
                (true, b'\\') => i += 1,
                (true, b']') => in_value = false,
                (false, b'[') => in_value = true,
                (false, b'(') => {
                    if depth > 0 {
                        inner.push(i - 1);
                    }
                    depth += 1;
                }
                (false, b')') => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
        }
        if depth > 0 {
            let why = "the game tree that starts here is not closed by ')'".to_string();
            out.push(Err(SgfError::Syntax { offset: start, why }));
            match inner.into_iter().find(|&at| opens_a_game(&b[at..])) {
                Some(at) => i = at,
                None => return out,
            }
            continue;
        }
        out.push(Ok(start..i.min(b.len())));
    }
}

/// Whether `b` (from a `(`) opens a game tree rather than a variation: `(;`
/// and a first node with a root property, `GM` or `FF`.
fn opens_a_game(b: &[u8]) -> bool {
    let mut i = 1;
    while i < b.len() && b[i].is_ascii_whitespace() {
        i += 1;
    }
    if b.get(i) != Some(&b';') {
        return false;
    }
    i += 1;
    // The node's properties: names, each with its `[…]` values.
    loop {
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        let name = i;
        while i < b.len() && b[i].is_ascii_alphabetic() {
            i += 1;
        }
        if i == name || b.get(i) != Some(&b'[') {
            return false;
        }
        if matches!(&b[name..i], b"GM" | b"FF") {
            return true;
        }
        while b.get(i) == Some(&b'[') {
            i += 1;
            while i < b.len() && b[i] != b']' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            while i < b.len() && b[i].is_ascii_whitespace() {
                i += 1;
            }
        }
    }
}

/// One game of a collection read by [`read_all`]: the line its tree starts on
/// (from 1) and the game, or why it does not read.
#[derive(Debug, Clone)]
pub struct CollectionGame {
    /// The line of the game tree's `(`, from 1.
    pub line: usize,
    /// The game, or its fault (syntax offsets counted from the start of the text).
    pub game: Result<SgfGame, SgfError>,
}

/// Reads every game tree of an SGF collection (`(;…)(;…)`), each on its own
/// with [`read`]: a tree that does not read is an error in the list and the
/// trees after it are still read.
pub fn read_all(text: &str, base: &str) -> Vec<CollectionGame> {
    let line = |at: usize| {
        text.as_bytes()[..at.min(text.len())].iter().filter(|&&c| c == b'\n').count() + 1
    };
    game_trees(text)
        .into_iter()
        .map(|tree| match tree {
            Ok(r) => CollectionGame {
                line: line(r.start),
                game: read(&text[r.clone()], base).map_err(|e| match e {
                    SgfError::Syntax { offset, why } => {
                        SgfError::Syntax { offset: offset + r.start, why }
                    }
                    e => e,
                }),
            },
            Err(e) => {
                let at = match &e {
                    SgfError::Syntax { offset, .. } => *offset,
                    _ => 0,
                };
                CollectionGame { line: line(at), game: Err(e) }
            }
        })
        .collect()
}

/// Whether text looks like SGF (starts with `(;`, after blanks).
pub fn looks_like_sgf(text: &str) -> bool {
    crate::formats::opens_a_tree(text)
}

#[cfg(feature = "internal-tests")]
#[doc(hidden)]
pub mod tests {
    use super::*;

    pub fn go_points() {
        assert_eq!(go_to_sgf("a1", 9).as_deref(), Some("ai"));
        assert_eq!(go_to_sgf("j9", 9).as_deref(), Some("ia"));
        assert_eq!(go_to_sgf("d4", 19).as_deref(), Some("dp"));
        assert_eq!(sgf_to_go("dp", 19).as_deref(), Some("d4"));
        assert_eq!(sgf_to_go("ia", 9).as_deref(), Some("j9"));
        assert_eq!(sgf_to_go("ja", 9), None);
        assert_eq!(go_to_sgf("k1", 9), None);
    }
}

/// SGF as a record format of Go and Hex ([`crate::formats`]): the main line
/// read, its size and komi taken into the game's spec.
pub static FORMAT: crate::formats::RecordFormat = crate::formats::RecordFormat {
    name: "sgf",
    label: "SGF",
    keeps_start: true,
    detect: looks_like_sgf,
    read: |start, text| {
        read(text, &start.spec())
            .map(|g| g.record)
            .map_err(|e| crate::formats::FormatError(e.to_string()))
    },
    write: |record| write(record, None, None, None).ok(),
};
