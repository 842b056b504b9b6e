//! The game registry: builds any game from a spec string with parameters,
//! OpenSpiel-style: `connect4`, `connect4(width=8,height=7)`, `tictactoe(k=4)`.
//!
//! A game picks its storage size from its parameters, so one name serves a 3×3
//! board in one word and a 15×15 board in four.

use crate::dynamic::DynGame;
use crate::engine::{Engine, EngineInfo};
use crate::game::SetupError;
pub use crate::params::{ParamInfo, ParamKind, ParamValue, Params};
use crate::tools::{BenchSuite, ProtocolInfo, Tools};
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
    /// A parameter value of the wrong type or out of range.
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
    /// No engine has this name.
    #[error("unknown engine '{name}' for {game} (engines for it: {known})")]
    UnknownEngine {
        /// The name given.
        name: String,
        /// The game's spec.
        game: String,
        /// The engines that play it.
        known: String,
    },
    /// An engine of another game.
    #[error("the {name} engine does not play {game} (engines for it: {known})")]
    EngineNotForGame {
        /// The name given.
        name: String,
        /// The game's spec.
        game: String,
        /// The engines that play it.
        known: String,
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

/// Builds a game from its checked parameters.
pub type BuildFn = fn(&Params) -> Result<Box<dyn DynGame>, SetupError>;

/// A registered game: what `bitgames games` lists and `new_game` builds. Each game
/// module declares its own (`games::connect4::INFO`).
pub struct GameInfo {
    /// Name, as written in specs.
    pub name: &'static str,
    /// One-line description.
    pub summary: &'static str,
    /// Its parameters, typed, with defaults and ranges.
    pub params: &'static [ParamInfo],
    /// Builds the start position.
    pub build: BuildFn,
    /// Engines made for this game alone (a solver, a tuned player), besides the
    /// generic ones every game has.
    pub engines: &'static [&'static EngineInfo],
    /// Its solver, benchmarks, book builder, converters and protocols.
    pub tools: Tools,
}

impl GameInfo {
    /// `name(p=default,…)`.
    pub fn default_spec(&self) -> String {
        Params::defaults(self.params).spec(self.name)
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

/// Reads `name` or `name(key=value,…)`. Blanks around names and values are
/// ignored; a value in double quotes may hold anything but a double quote
/// (`book="my book.bin"`, `cmd="gnugo --mode gtp"`).
pub fn parse_spec(text: &str) -> Result<Spec, SpecError> {
    let syntax =
        |why: &str| SpecError::Syntax { spec: crate::game::clip(text), why: why.to_string() };
    let t = text.trim();
    let (name, rest) = match t.find('(') {
        Some(i) => (t[..i].trim(), Some(&t[i + 1..])),
        None => (t, None),
    };
    if name.is_empty() {
        return Err(syntax("no name"));
    }
    if !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
        return Err(syntax("a name has only letters, digits, '_' and '-'"));
    }
    let mut params: Vec<(String, String)> = Vec::new();
    let Some(rest) = rest else {
        return Ok(Spec { name: name.to_ascii_lowercase(), params });
    };
    let mut chars = rest.chars().peekable();
    loop {
        // One `key=value`, then ',' or ')'.
        let key: String =
            std::iter::from_fn(|| chars.next_if(|&c| !matches!(c, '=' | ',' | ')' | '(' | '"')))
                .collect();
        let key = key.trim().to_string();
        match chars.next() {
            Some(')') if key.is_empty() && params.is_empty() => break,
            Some('=') if !key.is_empty() => {}
            Some('(') => return Err(syntax("nested parentheses")),
            None => return Err(syntax("missing ')'")),
            _ => return Err(syntax(&format!("'{key}' is not key=value"))),
        }
        while chars.next_if(|c| c.is_whitespace()).is_some() {}
        let value = if chars.next_if_eq(&'"').is_some() {
            let v: String = std::iter::from_fn(|| chars.next_if(|&c| c != '"')).collect();
            if chars.next().is_none() {
                return Err(syntax("a quoted value has no closing '\"'"));
            }
            while chars.next_if(|c| c.is_whitespace()).is_some() {}
            v
        } else {
            let v: String =
                std::iter::from_fn(|| chars.next_if(|&c| !matches!(c, ',' | ')' | '(' | '"')))
                    .collect();
            v.trim().to_string()
        };
        if value.is_empty() {
            return Err(syntax(&format!("'{key}=' has no value")));
        }
        if params.iter().any(|(pk, _)| pk.eq_ignore_ascii_case(&key)) {
            return Err(syntax(&format!("parameter '{key}' given twice")));
        }
        params.push((key, value));
        match chars.next() {
            Some(',') => continue,
            Some(')') => break,
            Some('(') => return Err(syntax("nested parentheses")),
            Some(c) => return Err(syntax(&format!("unexpected '{c}' after a value"))),
            None => return Err(syntax("missing ')'")),
        }
    }
    if chars.any(|c| !c.is_whitespace()) {
        return Err(syntax("text after ')'"));
    }
    Ok(Spec { name: name.to_ascii_lowercase(), params })
}

/// Writes a spec back: `name(k=v,…)`, quoting values that need it.
pub fn write_spec(name: &str, params: &[(String, String)]) -> String {
    if params.is_empty() {
        return name.to_string();
    }
    let parts: Vec<String> = params
        .iter()
        .map(|(k, v)| {
            if v.is_empty()
                || v.contains(|c: char| matches!(c, ',' | '(' | ')' | '=') || c.is_whitespace())
            {
                format!("{k}=\"{v}\"")
            } else {
                format!("{k}={v}")
            }
        })
        .collect();
    format!("{name}({})", parts.join(","))
}

static GAMES: &[&GameInfo] =
    &[&crate::games::connect4::INFO, &crate::games::othello::INFO, &crate::games::tictactoe::INFO];

/// Builds a game generic over its storage, `N` words, with the fewest words
/// (1, 2, 4 or 6) that hold `bits` bits: the one storage-size rule every game
/// on a [`Grid`](crate::grid::Grid) shares.
pub trait WordsBuilder {
    /// Builds the game in `N` words.
    fn build<const N: usize>(self) -> Result<Box<dyn DynGame>, SetupError>;
}

/// Calls `builder` with the smallest word count for `bits` bits; an error past
/// the largest storage (384 bits, a 19×19 board with separators).
pub fn with_words<B: WordsBuilder>(
    bits: usize,
    width: usize,
    height: usize,
    builder: B,
) -> Result<Box<dyn DynGame>, SetupError> {
    match bits {
        0..=64 => builder.build::<1>(),
        65..=128 => builder.build::<2>(),
        129..=256 => builder.build::<4>(),
        257..=384 => builder.build::<6>(),
        _ => Err(SetupError::TooLarge { width, height, needed: bits, capacity: 384, how: "" }),
    }
}

/// Every registered game.
pub fn games() -> &'static [&'static GameInfo] {
    GAMES
}

/// The registered game with this name.
pub fn game_info(name: &str) -> Option<&'static GameInfo> {
    GAMES.iter().copied().find(|g| g.name == name)
}

/// The registered game a built game comes from (by its spec's name).
pub fn info_of(game: &dyn DynGame) -> Option<&'static GameInfo> {
    let spec = game.spec();
    game_info(spec.split('(').next().unwrap_or_default())
}

/// The engines that play `game`: the generic ones, then the game's own.
pub fn engines_for(game: &dyn DynGame) -> Vec<&'static EngineInfo> {
    let mut v: Vec<&'static EngineInfo> = crate::engine::GENERIC.to_vec();
    if let Some(info) = info_of(game) {
        v.extend(info.engines.iter().copied());
    }
    v
}

/// Every benchmark suite of every game, with its game.
pub fn bench_suites() -> Vec<(&'static GameInfo, &'static BenchSuite)> {
    GAMES.iter().flat_map(|g| g.tools.benches.iter().map(move |b| (*g, *b))).collect()
}

/// The game that speaks a protocol, and the protocol (`nboard`).
pub fn protocol(name: &str) -> Option<(&'static GameInfo, &'static ProtocolInfo)> {
    GAMES.iter().find_map(|g| g.tools.protocols.iter().find(|p| p.name == name).map(|p| (*g, *p)))
}

/// Builds the engine a spec names (`random`, `alphabeta(level=6)`) for `game`.
pub fn new_engine(game: &dyn DynGame, spec: &str) -> Result<Box<dyn Engine>, SpecError> {
    let parsed = parse_spec(spec)?;
    let engines = engines_for(game);
    let Some(info) =
        engines.iter().find(|e| e.name == parsed.name || e.aliases.contains(&parsed.name.as_str()))
    else {
        let everyone: Vec<&str> = GAMES
            .iter()
            .flat_map(|g| g.engines.iter().map(|e| e.name))
            .filter(|n| *n == parsed.name)
            .collect();
        let known = engines.iter().map(|e| e.name).collect::<Vec<_>>().join(", ");
        return Err(if everyone.is_empty() {
            SpecError::UnknownEngine { name: parsed.name, game: game.spec(), known }
        } else {
            SpecError::EngineNotForGame { name: parsed.name, game: game.spec(), known }
        });
    };
    let params = Params::parse(info.name, info.params, &parsed.params)?;
    (info.build)(game, &params).map_err(|why| SpecError::Invalid { game: info.name.into(), why })
}

/// Builds the start position of the game a spec names.
pub fn new_game(spec: &str) -> Result<Box<dyn DynGame>, SpecError> {
    let parsed = parse_spec(spec)?;
    let info = game_info(&parsed.name).ok_or_else(|| SpecError::UnknownGame {
        name: parsed.name.clone(),
        known: GAMES.iter().map(|g| g.name).collect::<Vec<_>>().join(", "),
    })?;
    let params = Params::parse(info.name, info.params, &parsed.params)?;
    (info.build)(&params)
        .map_err(|e| SpecError::Invalid { game: info.name.into(), why: e.to_string() })
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
        assert!(matches!(new_game("connect4(width=8))"), Err(SpecError::Syntax { .. })));
        assert!(matches!(new_game("connect4(width=(8))"), Err(SpecError::Syntax { .. })));
        assert!(matches!(new_game("connect4(width)"), Err(SpecError::Syntax { .. })));
        assert!(matches!(new_game("connect4)"), Err(SpecError::Syntax { .. })));
        assert_eq!(new_game("connect4()").unwrap().spec(), "connect4(width=7,height=6)");
        let quoted = parse_spec(r#"gtp(cmd="gnugo --mode gtp", level = 3)"#).unwrap();
        assert_eq!(
            quoted.params,
            [("cmd".into(), "gnugo --mode gtp".into()), ("level".into(), "3".into())]
        );
        assert_eq!(write_spec("gtp", &quoted.params), r#"gtp(cmd="gnugo --mode gtp",level=3)"#);
        assert!(matches!(parse_spec(r#"gtp(cmd="gnugo)"#), Err(SpecError::Syntax { .. })));
        assert!(matches!(
            new_game("tictactoe(width=64,height=64)"),
            Err(SpecError::Invalid { .. })
        ));
    }

    #[test]
    fn every_game_builds_its_default_spec() {
        for info in games() {
            let g = new_game(&info.default_spec()).unwrap();
            assert_eq!(g.spec(), info.default_spec());
            assert_eq!(new_game(info.name).unwrap().spec(), info.default_spec());
        }
    }

    #[test]
    fn engines_by_spec() {
        let c4 = new_game("connect4").unwrap();
        let names: Vec<&str> = engines_for(c4.as_ref()).iter().map(|e| e.name).collect();
        assert!(names.contains(&"random") && names.contains(&"solver"), "{names:?}");
        assert!(new_engine(c4.as_ref(), "random(seed=3)").is_ok());
        assert!(matches!(
            new_engine(c4.as_ref(), "alphabeta"),
            Err(SpecError::EngineNotForGame { .. })
        ));
        assert!(matches!(
            new_engine(c4.as_ref(), "stockfish"),
            Err(SpecError::UnknownEngine { .. })
        ));
        assert!(matches!(
            new_engine(c4.as_ref(), "random(depth=2)"),
            Err(SpecError::UnknownParam { .. })
        ));
        let ttt = new_game("tictactoe").unwrap();
        assert!(matches!(
            new_engine(ttt.as_ref(), "solver"),
            Err(SpecError::EngineNotForGame { .. })
        ));
    }
}
