//! Whole-game record formats as a capability: a game declares the formats of
//! its own notation in its registry entry ([`Tools::formats`]), each detected,
//! read and written by the library, so a front end reads a pasted game and
//! offers every copy without naming a game: Connect Four's Pons strings,
//! Othello's transcripts and GGF, SGF for Go and Hex. JSON game records and
//! plain move lists serve every game besides ([`GameRecord::to_json`]).
//!
//! [`Tools::formats`]: crate::tools::Tools::formats

use crate::dynamic::DynGame;
use crate::record::GameRecord;
use thiserror::Error;

/// A record that does not read: what was wrong, in words that name the place.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct FormatError(pub String);

/// One format of a game's records.
pub struct RecordFormat {
    /// Its name where a front end lists formats: `pons`, `transcript`, `ggf`,
    /// `sgf`.
    pub name: &'static str,
    /// Its name in messages: `Pons`, `transcript`, `GGF`, `SGF`.
    pub label: &'static str,
    /// Whether the record carries its own start (SGF's setup, GGF's `BO`, a
    /// Pons string from the empty board): such formats are offered first for a
    /// game from a set position.
    pub keeps_start: bool,
    /// Whether pasted text is meant in this format (a game's formats are asked
    /// in order; the first that says yes reads it).
    pub detect: fn(&str) -> bool,
    /// Reads a pasted record; `start` is the game the reader is on (its spec,
    /// and where a format without its own start begins).
    pub read: fn(start: &dyn DynGame, text: &str) -> Result<GameRecord, FormatError>,
    /// Writes a record, `None` where this format cannot hold it.
    pub write: fn(&GameRecord) -> Option<String>,
}

/// Whether text opens an SGF-style tree, `(;` (SGF, and Othello's GGF),
/// blanks aside.
pub fn opens_a_tree(text: &str) -> bool {
    let t: String = text.chars().filter(|c| !c.is_whitespace()).take(2).collect();
    t == "(;"
}
