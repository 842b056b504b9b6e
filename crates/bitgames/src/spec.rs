//! Specs: how games and engines are named, OpenSpiel-style, with parameters:
//! `connect4`, `connect4(width=8,height=7)`, `alphabeta(level=6)`,
//! `gtp(cmd="gnugo --mode gtp")`; and the errors of building one from a spec.

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
    /// Parameters that are each fine but do not make a game together (a board
    /// too large for the storage, a line longer than the board).
    #[error("{game}: {error}")]
    Setup {
        /// Game name.
        game: String,
        /// What was wrong.
        #[source]
        error: crate::game::SetupError,
    },
    /// Parameters that are each fine but do not make an engine (a book that
    /// cannot be read, a table larger than the memory).
    #[error("{engine}: {error}")]
    Engine {
        /// Engine name.
        engine: String,
        /// What was wrong.
        #[source]
        error: EngineBuildError,
    },
    /// The threads a parallel job asked for could not be started.
    #[error("{job}: cannot start its threads: {why}")]
    Threads {
        /// The job (`arena`).
        job: &'static str,
        /// The system's reason.
        why: String,
    },
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

/// Why checked parameters do not make an engine.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EngineBuildError {
    /// A parameter's value, valid as text, cannot be used: a table larger than
    /// the memory, a book that cannot be read, a program that cannot start.
    #[error("{param}={value}: {why}")]
    Param {
        /// The parameter.
        param: &'static str,
        /// Its value as given.
        value: String,
        /// Why it cannot be used.
        why: String,
    },
    /// The engine is made for another game.
    #[error("the {engine} engine plays {plays}, not {game}")]
    WrongGame {
        /// The engine's name.
        engine: &'static str,
        /// The game it plays.
        plays: &'static str,
        /// The game it was asked to play (its spec).
        game: String,
    },
}

impl EngineBuildError {
    /// A [`Param`](EngineBuildError::Param) error: `value` of `param` cannot
    /// be used, for the reason `why`.
    pub fn param(param: &'static str, value: impl ToString, why: impl ToString) -> Self {
        EngineBuildError::Param { param, value: value.to_string(), why: why.to_string() }
    }
}
