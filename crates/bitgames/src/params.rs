//! Typed parameters of games and engines, as written in specs:
//! `go(size=9,komi=6.5,ko=simple)`, `mcts(iterations=1000,rave=true)`.
//!
//! Each game or engine declares its parameters as a `&'static [ParamInfo]` next to
//! its rules; [`Params::parse`] checks what a spec gives against them and fills in
//! the defaults, so every game reads its values already typed and in range.

use crate::spec::SpecError;
use std::fmt;

/// What values a parameter takes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ParamKind {
    /// A whole number in `min..=max`.
    Int {
        /// Smallest accepted value.
        min: i64,
        /// Largest accepted value.
        max: i64,
    },
    /// A number in `min..=max` (komi: `7.5`).
    Float {
        /// Smallest accepted value.
        min: f64,
        /// Largest accepted value.
        max: f64,
    },
    /// `true` or `false`.
    Bool,
    /// One of a few names (`ko=positional|simple`).
    Choice(&'static [&'static str]),
    /// Free text (a file name, a command line).
    Text,
    /// A length of time written with its unit, `500ms`, `1s`, `2.5s`, `1m`, in
    /// `min_ms..=max_ms` milliseconds.
    Duration {
        /// Shortest accepted, in milliseconds.
        min_ms: u64,
        /// Longest accepted, in milliseconds.
        max_ms: u64,
    },
}

impl ParamKind {
    /// `int`, `float`, `bool`, `choice`, `text` or `duration`: the kind's
    /// name where a front end lists parameters (JSON, Python).
    pub const fn name(self) -> &'static str {
        match self {
            ParamKind::Int { .. } => "int",
            ParamKind::Float { .. } => "float",
            ParamKind::Bool => "bool",
            ParamKind::Choice(_) => "choice",
            ParamKind::Text => "text",
            ParamKind::Duration { .. } => "duration",
        }
    }
}

/// A parameter's value.
#[derive(Clone, Debug, PartialEq)]
pub enum ParamValue {
    /// A whole number.
    Int(i64),
    /// A number.
    Float(f64),
    /// A flag.
    Bool(bool),
    /// One of the choices.
    Choice(&'static str),
    /// Text.
    Text(String),
    /// A length of time.
    Duration(std::time::Duration),
    /// An optional parameter the spec left out (a limit not set).
    Unset,
}

impl fmt::Display for ParamValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamValue::Int(n) => write!(f, "{n}"),
            ParamValue::Float(x) => write!(f, "{x}"),
            ParamValue::Bool(b) => write!(f, "{b}"),
            ParamValue::Choice(c) => f.write_str(c),
            ParamValue::Text(t) => f.write_str(t),
            ParamValue::Duration(d) => f.write_str(&format_duration(*d)),
            ParamValue::Unset => f.write_str("none"),
        }
    }
}

/// A duration as a spec writes it: `1s`, `1.5s`, `500ms`.
pub fn format_duration(d: std::time::Duration) -> String {
    let ms = d.as_millis();
    if ms.is_multiple_of(1000) && ms > 0 {
        format!("{}s", ms / 1000)
    } else if ms >= 1000 {
        format!("{}s", ms as f64 / 1000.0)
    } else {
        format!("{ms}ms")
    }
}

/// Reads a duration with its unit: `500ms`, `1s`, `2.5s`, `1m` (whole
/// milliseconds); `None` for anything else, a bare number included.
pub fn parse_duration(text: &str) -> Option<std::time::Duration> {
    let t = text.trim().to_ascii_lowercase();
    let (num, scale) = if let Some(n) = t.strip_suffix("ms") {
        (n, 1.0)
    } else if let Some(n) = t.strip_suffix('s') {
        (n, 1000.0)
    } else if let Some(n) = t.strip_suffix('m') {
        (n, 60_000.0)
    } else {
        return None;
    };
    let x: f64 = num.trim().parse().ok()?;
    let ms = x * scale;
    (ms.is_finite() && ms >= 0.0 && ms <= u64::MAX as f64 / 2.0)
        .then(|| std::time::Duration::from_millis(ms.round() as u64))
}

impl serde::Serialize for ParamValue {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            ParamValue::Int(n) => s.serialize_i64(*n),
            ParamValue::Float(x) => s.serialize_f64(*x),
            ParamValue::Bool(b) => s.serialize_bool(*b),
            ParamValue::Choice(c) => s.serialize_str(c),
            ParamValue::Text(t) => s.serialize_str(t),
            ParamValue::Duration(_) => s.serialize_str(&self.to_string()),
            ParamValue::Unset => s.serialize_none(),
        }
    }
}

/// One parameter of a game or engine.
#[derive(Clone, Debug)]
pub struct ParamInfo {
    /// Name, as written in specs.
    pub name: &'static str,
    /// The values it takes.
    pub kind: ParamKind,
    /// Its value when the spec leaves it out.
    pub default: DefaultValue,
    /// What it means.
    pub doc: &'static str,
}

/// A default that can live in a `static` (no `String`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum DefaultValue {
    /// A whole number.
    Int(i64),
    /// A number.
    Float(f64),
    /// A flag.
    Bool(bool),
    /// A choice or text.
    Str(&'static str),
    /// A duration in milliseconds.
    Millis(u64),
    /// No value: an optional parameter left out.
    Unset,
}

impl DefaultValue {
    fn value(self, kind: ParamKind) -> ParamValue {
        match (self, kind) {
            (DefaultValue::Int(n), _) => ParamValue::Int(n),
            (DefaultValue::Float(x), _) => ParamValue::Float(x),
            (DefaultValue::Bool(b), _) => ParamValue::Bool(b),
            (DefaultValue::Millis(ms), _) => {
                ParamValue::Duration(std::time::Duration::from_millis(ms))
            }
            (DefaultValue::Unset, _) => ParamValue::Unset,
            (DefaultValue::Str(s), ParamKind::Choice(_)) => ParamValue::Choice(s),
            (DefaultValue::Str(s), _) => ParamValue::Text(s.to_string()),
        }
    }
}

impl ParamInfo {
    /// A whole-number parameter.
    pub const fn int(
        name: &'static str, default: i64, min: i64, max: i64, doc: &'static str,
    ) -> Self {
        ParamInfo {
            name,
            kind: ParamKind::Int { min, max },
            default: DefaultValue::Int(default),
            doc,
        }
    }

    /// `width`, the columns of a rectangular board.
    pub const fn width(default: i64, min: i64, max: i64) -> Self {
        Self::int("width", default, min, max, "number of columns")
    }

    /// `height`, the rows of a rectangular board.
    pub const fn height(default: i64, min: i64, max: i64) -> Self {
        Self::int("height", default, min, max, "number of rows")
    }

    /// `size`, the cells on a side of a square, rhombus or hexagon board.
    pub const fn size(default: i64, min: i64, max: i64) -> Self {
        Self::int("size", default, min, max, "cells on a side")
    }

    /// The same parameter, described as `doc`.
    pub const fn described(self, doc: &'static str) -> Self {
        ParamInfo { doc, ..self }
    }

    /// A number parameter.
    pub const fn float(
        name: &'static str, default: f64, min: f64, max: f64, doc: &'static str,
    ) -> Self {
        ParamInfo {
            name,
            kind: ParamKind::Float { min, max },
            default: DefaultValue::Float(default),
            doc,
        }
    }

    /// A flag.
    pub const fn flag(name: &'static str, default: bool, doc: &'static str) -> Self {
        ParamInfo { name, kind: ParamKind::Bool, default: DefaultValue::Bool(default), doc }
    }

    /// A choice among names; `default` must be one of them.
    pub const fn choice(
        name: &'static str, default: &'static str, choices: &'static [&'static str],
        doc: &'static str,
    ) -> Self {
        ParamInfo {
            name,
            kind: ParamKind::Choice(choices),
            default: DefaultValue::Str(default),
            doc,
        }
    }

    /// Free text.
    pub const fn text(name: &'static str, default: &'static str, doc: &'static str) -> Self {
        ParamInfo { name, kind: ParamKind::Text, default: DefaultValue::Str(default), doc }
    }

    /// A whole-number parameter with no default: unset unless the spec gives it
    /// (a search limit).
    pub const fn optional_int(name: &'static str, min: i64, max: i64, doc: &'static str) -> Self {
        ParamInfo { name, kind: ParamKind::Int { min, max }, default: DefaultValue::Unset, doc }
    }

    /// A duration (`500ms`, `1s`) in `min_ms..=max_ms`; `default` in
    /// milliseconds, `None` for unset unless the spec gives it.
    pub const fn duration(
        name: &'static str, default: Option<u64>, min_ms: u64, max_ms: u64, doc: &'static str,
    ) -> Self {
        let default = match default {
            Some(ms) => DefaultValue::Millis(ms),
            None => DefaultValue::Unset,
        };
        ParamInfo { name, kind: ParamKind::Duration { min_ms, max_ms }, default, doc }
    }

    /// The default as a value.
    pub fn default_value(&self) -> ParamValue {
        self.default.value(self.kind)
    }

    /// The accepted values in words: `1–9`, `true or false`, `positional, simple`.
    pub fn range(&self) -> String {
        match self.kind {
            ParamKind::Int { min, max } => format!("{min}–{max}"),
            ParamKind::Float { min, max } => format!("{min}–{max}"),
            ParamKind::Bool => "true or false".to_string(),
            ParamKind::Choice(c) => c.join(", "),
            ParamKind::Text => "text".to_string(),
            ParamKind::Duration { min_ms, max_ms } => format!(
                "{}–{}",
                format_duration(std::time::Duration::from_millis(min_ms)),
                format_duration(std::time::Duration::from_millis(max_ms))
            ),
        }
    }

    /// Reads a value of this parameter; the error says what was expected.
    fn read(&self, text: &str) -> Result<ParamValue, String> {
        match self.kind {
            ParamKind::Int { min, max } => {
                let n: i64 =
                    text.parse().map_err(|_| format!("expected a whole number {min}–{max}"))?;
                if n < min || n > max {
                    return Err(format!("{} must be {min}–{max}", self.name));
                }
                Ok(ParamValue::Int(n))
            }
            ParamKind::Float { min, max } => {
                let x: f64 = text.parse().map_err(|_| format!("expected a number {min}–{max}"))?;
                if !x.is_finite() || x < min || x > max {
                    return Err(format!("{} must be {min}–{max}", self.name));
                }
                Ok(ParamValue::Float(x))
            }
            ParamKind::Bool => match text.to_ascii_lowercase().as_str() {
                "true" | "yes" | "1" | "on" => Ok(ParamValue::Bool(true)),
                "false" | "no" | "0" | "off" => Ok(ParamValue::Bool(false)),
                _ => Err("expected true or false".to_string()),
            },
            ParamKind::Choice(choices) => choices
                .iter()
                .find(|c| c.eq_ignore_ascii_case(text))
                .map(|c| ParamValue::Choice(c))
                .ok_or_else(|| format!("expected one of {}", choices.join(", "))),
            ParamKind::Text => Ok(ParamValue::Text(text.to_string())),
            ParamKind::Duration { .. } => {
                let range = self.range();
                let d = parse_duration(text)
                    .ok_or_else(|| format!("expected a duration such as 1s or 500ms, {range}"))?;
                let ms = d.as_millis();
                match self.kind {
                    ParamKind::Duration { min_ms, max_ms }
                        if ms < min_ms as u128 || ms > max_ms as u128 =>
                    {
                        Err(format!("{} must be {range}", self.name))
                    }
                    _ => Ok(ParamValue::Duration(d)),
                }
            }
        }
    }
}

/// The values of every parameter of one game or engine, defaults filled in.
#[derive(Clone, Debug)]
pub struct Params {
    info: &'static [ParamInfo],
    values: Vec<ParamValue>,
}

impl Params {
    /// Checks `given` (`key=value` pairs as written) against `info`; `owner` names
    /// the game or engine in errors.
    pub fn parse(
        owner: &str, info: &'static [ParamInfo], given: &[(String, String)],
    ) -> Result<Params, SpecError> {
        let mut values: Vec<ParamValue> = info.iter().map(ParamInfo::default_value).collect();
        for (k, v) in given {
            let Some(i) = info.iter().position(|p| p.name.eq_ignore_ascii_case(k)) else {
                let known = if info.is_empty() {
                    "none".to_string()
                } else {
                    info.iter().map(|p| p.name).collect::<Vec<_>>().join(", ")
                };
                return Err(SpecError::UnknownParam {
                    game: owner.into(),
                    param: k.clone(),
                    known,
                });
            };
            values[i] = info[i].read(v).map_err(|why| SpecError::BadValue {
                game: owner.into(),
                param: k.clone(),
                value: v.clone(),
                why,
            })?;
        }
        Ok(Params { info, values })
    }

    /// The defaults.
    pub fn defaults(info: &'static [ParamInfo]) -> Params {
        Params { info, values: info.iter().map(ParamInfo::default_value).collect() }
    }

    fn get(&self, name: &str) -> &ParamValue {
        let i = self.info.iter().position(|p| p.name == name);
        // A game asks only for the parameters it declares: a miss is a bug in
        // the game's declaration, caught by the registry's tests.
        &self.values[i.unwrap_or_else(|| panic!("no parameter '{name}' declared"))]
    }

    /// A whole-number parameter.
    pub fn int(&self, name: &str) -> i64 {
        match self.get(name) {
            ParamValue::Int(n) => *n,
            other => panic!("parameter '{name}' is {other:?}, not a whole number"),
        }
    }

    /// `width × height` of a rectangular board ([`ParamInfo::width`],
    /// [`ParamInfo::height`]), as cell counts.
    pub fn board(&self) -> (usize, usize) {
        (self.int("width") as usize, self.int("height") as usize)
    }

    /// `size` ([`ParamInfo::size`]), as a cell count.
    pub fn size(&self) -> usize {
        self.int("size") as usize
    }

    /// A number parameter (a whole number reads as one too).
    pub fn float(&self, name: &str) -> f64 {
        match self.get(name) {
            ParamValue::Float(x) => *x,
            ParamValue::Int(n) => *n as f64,
            other => panic!("parameter '{name}' is {other:?}, not a number"),
        }
    }

    /// A flag.
    pub fn flag(&self, name: &str) -> bool {
        match self.get(name) {
            ParamValue::Bool(b) => *b,
            other => panic!("parameter '{name}' is {other:?}, not a flag"),
        }
    }

    /// An optional whole-number parameter: `None` when the spec left it out.
    pub fn opt_int(&self, name: &str) -> Option<i64> {
        match self.get(name) {
            ParamValue::Unset => None,
            _ => Some(self.int(name)),
        }
    }

    /// A duration parameter: `None` when an optional one was left out.
    pub fn duration(&self, name: &str) -> Option<std::time::Duration> {
        match self.get(name) {
            ParamValue::Duration(d) => Some(*d),
            ParamValue::Unset => None,
            other => panic!("parameter '{name}' is {other:?}, not a duration"),
        }
    }

    /// A choice or text parameter.
    pub fn text(&self, name: &str) -> &str {
        match self.get(name) {
            ParamValue::Choice(c) => c,
            ParamValue::Text(t) => t,
            other => panic!("parameter '{name}' is {other:?}, not text"),
        }
    }

    /// `name(k=v,…)` with every parameter that has a value, in declaration
    /// order (just `name` without parameters).
    pub fn spec(&self, name: &str) -> String {
        let pairs: Vec<(String, String)> = self
            .info
            .iter()
            .zip(&self.values)
            .filter(|(_, v)| **v != ParamValue::Unset)
            .map(|(p, v)| (p.name.to_string(), v.to_string()))
            .collect();
        crate::spec::write_spec(name, &pairs)
    }
}
