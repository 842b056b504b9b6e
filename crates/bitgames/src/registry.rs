//! The game registry: builds any game from a spec string with parameters,
//! OpenSpiel-style: `connect4`, `connect4(width=8,height=7)`, `tictactoe(k=4)`.
//!
//! A game picks its storage size from its parameters, so one name serves a 3×3
//! board in one word and a 15×15 board in four.

use crate::dynamic::DynGame;
use crate::games::connect4::Connect4;
use crate::games::othello::Othello;
use crate::games::tictactoe::TicTacToe;
use crate::grid::{Grid, GridKind};
use std::fmt::Write as _;
use thiserror::Error;

/// A game spec that cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SpecError {
    /// The text is not `name` or `name(key=value,…)`.
    #[error("bad game spec '{spec}': {why} (expected NAME or NAME(key=value,...), e.g. connect4(width=8,height=7))")]
    Syntax {
        /// The spec given.
        spec: String,
        /// What was wrong.
        why: String,
    },
    /// No game has this name.
    #[error("unknown game '{name}' (known games: {known})")]
    UnknownGame {
        /// The name given.
        name: String,
        /// The known names, comma-separated.
        known: String,
    },
    /// The game has no such parameter.
    #[error("{game} has no parameter '{param}' (its parameters: {known})")]
    UnknownParam {
        /// Game name.
        game: String,
        /// The parameter given.
        param: String,
        /// Its parameters.
        known: String,
    },
    /// A parameter value that is not a number in range.
    #[error("{game}: bad value '{value}' for {param}: {why}")]
    BadValue {
        /// Game name.
        game: String,
        /// Parameter.
        param: String,
        /// The value given.
        value: String,
        /// What was expected.
        why: String,
    },
    /// Parameters that are each fine but do not make a game together.
    #[error("{game}: {why}")]
    Invalid {
        /// Game name.
        game: String,
        /// What was wrong.
        why: String,
    },
}

/// One integer parameter of a game.
#[derive(Debug, Clone, Copy)]
pub struct ParamInfo {
    /// Name, as written in specs.
    pub name: &'static str,
    /// Value when the spec leaves it out.
    pub default: i64,
    /// Smallest accepted value.
    pub min: i64,
    /// Largest accepted value.
    pub max: i64,
    /// What it means.
    pub doc: &'static str,
}

/// Builds a game from its parameter values, in the order of `GameInfo::params`.
type BuildFn = fn(&[i64]) -> Result<Box<dyn DynGame>, String>;

/// A registered game.
pub struct GameInfo {
    /// Name, as written in specs.
    pub name: &'static str,
    /// One-line description.
    pub summary: &'static str,
    /// Its parameters.
    pub params: &'static [ParamInfo],
    build: BuildFn,
}

impl GameInfo {
    /// `name(p=default,…)`.
    pub fn default_spec(&self) -> String {
        if self.params.is_empty() {
            return self.name.to_string();
        }
        let mut s = format!("{}(", self.name);
        for (i, p) in self.params.iter().enumerate() {
            if i > 0 {
                s.push(',');
            }
            let _ = write!(s, "{}={}", p.name, p.default);
        }
        s.push(')');
        s
    }
}

/// A parsed spec: a name and `key=value` pairs, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spec {
    /// Game name.
    pub name: String,
    /// Parameters as written.
    pub params: Vec<(String, String)>,
}

/// Reads `name` or `name(key=value,…)`; blanks are ignored.
pub fn parse_spec(text: &str) -> Result<Spec, SpecError> {
    let syntax = |why: &str| SpecError::Syntax { spec: text.to_string(), why: why.to_string() };
    let s: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let (name, rest) = match s.find('(') {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (&s[..], None),
    };
    if name.is_empty() {
        return Err(syntax("no game name"));
    }
    if !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
        return Err(syntax("a game name has only letters, digits, '_' and '-'"));
    }
    let mut params = Vec::new();
    if let Some(rest) = rest {
        let inner = rest.strip_suffix(')').ok_or_else(|| syntax("missing ')'"))?;
        if inner.contains(['(', ')']) {
            return Err(syntax("nested parentheses"));
        }
        for part in inner.split(',').filter(|p| !p.is_empty()) {
            let (k, v) = part
                .split_once('=')
                .ok_or_else(|| syntax(&format!("'{part}' is not key=value")))?;
            if k.is_empty() || v.is_empty() {
                return Err(syntax(&format!("'{part}' is not key=value")));
            }
            if params.iter().any(|(pk, _)| pk == k) {
                return Err(syntax(&format!("parameter '{k}' given twice")));
            }
            params.push((k.to_string(), v.to_string()));
        }
    } else if s.contains(')') {
        return Err(syntax("')' without '('"));
    }
    Ok(Spec { name: name.to_ascii_lowercase(), params })
}

const CONNECT4_PARAMS: &[ParamInfo] = &[
    ParamInfo { name: "width", default: 7, min: 1, max: 9, doc: "number of columns" },
    ParamInfo {
        name: "height",
        default: 6,
        min: 1,
        max: 63,
        doc: "number of rows (width×(height+1) ≤ 64)",
    },
];

const TICTACTOE_PARAMS: &[ParamInfo] = &[
    ParamInfo { name: "width", default: 3, min: 1, max: 64, doc: "number of columns" },
    ParamInfo { name: "height", default: 3, min: 1, max: 64, doc: "number of rows" },
    ParamInfo { name: "k", default: 3, min: 1, max: 64, doc: "stones in a row to win" },
];

static GAMES: &[GameInfo] = &[
    GameInfo {
        name: "connect4",
        summary: "Connect Four: drop stones in columns, four in a row wins (Pons' move strings)",
        params: CONNECT4_PARAMS,
        build: |p| Ok(Box::new(Connect4::new(p[0] as usize, p[1] as usize)?)),
    },
    GameInfo {
        name: "othello",
        summary:
            "Othello (Reversi) 8×8: passes, OBF positions (64 chars a1..h8 of X/O/-, then X or O)",
        params: &[],
        build: |_| Ok(Box::new(Othello::start())),
    },
    GameInfo {
        name: "tictactoe",
        summary: "Tic-tac-toe and the m,n,k-games: k in a row wins (15×15, k=5 is Gomoku)",
        params: TICTACTOE_PARAMS,
        build: |p| build_tictactoe(p[0] as usize, p[1] as usize, p[2] as usize),
    },
];

/// Picks the smallest storage (1, 2, 4 or 6 words) a square grid of this size fits.
fn build_tictactoe(w: usize, h: usize, k: usize) -> Result<Box<dyn DynGame>, String> {
    fn fits<const N: usize>(w: usize, h: usize) -> bool {
        Grid::<N>::new(GridKind::Square8, w, h).is_ok()
    }
    if fits::<1>(w, h) {
        Ok(Box::new(TicTacToe::<1>::new(w, h, k)?))
    } else if fits::<2>(w, h) {
        Ok(Box::new(TicTacToe::<2>::new(w, h, k)?))
    } else if fits::<4>(w, h) {
        Ok(Box::new(TicTacToe::<4>::new(w, h, k)?))
    } else {
        Ok(Box::new(TicTacToe::<6>::new(w, h, k)?))
    }
}

/// Every registered game.
pub fn games() -> &'static [GameInfo] {
    GAMES
}

/// The registered game with this name.
pub fn game_info(name: &str) -> Option<&'static GameInfo> {
    GAMES.iter().find(|g| g.name == name)
}

/// Builds the start position of the game a spec names.
pub fn new_game(spec: &str) -> Result<Box<dyn DynGame>, SpecError> {
    let parsed = parse_spec(spec)?;
    let info = game_info(&parsed.name).ok_or_else(|| SpecError::UnknownGame {
        name: parsed.name.clone(),
        known: GAMES.iter().map(|g| g.name).collect::<Vec<_>>().join(", "),
    })?;
    let mut values: Vec<i64> = info.params.iter().map(|p| p.default).collect();
    for (k, v) in &parsed.params {
        let Some(i) = info.params.iter().position(|p| p.name == k.as_str()) else {
            let known = if info.params.is_empty() {
                "none".to_string()
            } else {
                info.params.iter().map(|p| p.name).collect::<Vec<_>>().join(", ")
            };
            return Err(SpecError::UnknownParam {
                game: info.name.into(),
                param: k.clone(),
                known,
            });
        };
        let p = &info.params[i];
        let bad = |why: String| SpecError::BadValue {
            game: info.name.into(),
            param: k.clone(),
            value: v.clone(),
            why,
        };
        let n: i64 =
            v.parse().map_err(|_| bad(format!("expected a whole number {}–{}", p.min, p.max)))?;
        if n < p.min || n > p.max {
            return Err(bad(format!("{} must be {}–{}", p.name, p.min, p.max)));
        }
        values[i] = n;
    }
    (info.build)(&values).map_err(|why| SpecError::Invalid { game: info.name.into(), why })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs() {
        assert_eq!(new_game("connect4").unwrap().spec(), "connect4(width=7,height=6)");
        assert_eq!(
            new_game(" connect4( width = 8 , height=7 ) ").unwrap().spec(),
            "connect4(width=8,height=7)"
        );
        assert_eq!(new_game("tictactoe(width=15,height=15,k=5)").unwrap().legal_moves().len(), 225);
        assert!(matches!(new_game("chess"), Err(SpecError::UnknownGame { .. })));
        assert!(matches!(new_game("connect4(depth=3)"), Err(SpecError::UnknownParam { .. })));
        assert!(matches!(new_game("connect4(width=0)"), Err(SpecError::BadValue { .. })));
        assert!(matches!(new_game("connect4(width=x)"), Err(SpecError::BadValue { .. })));
        assert!(matches!(new_game("connect4(width=8,height=8)"), Err(SpecError::Invalid { .. })));
        assert!(matches!(new_game("connect4(width=8"), Err(SpecError::Syntax { .. })));
        assert!(matches!(
            new_game("tictactoe(width=64,height=64)"),
            Err(SpecError::Invalid { .. })
        ));
    }
}
