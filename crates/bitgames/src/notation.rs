//! Whole games in a game's own notation, for front ends that name no game:
//! the record formats a game declares ([`Tools::formats`]) and SGF where the
//! [`sgf`] module reads the game (Go, Hex), each read and written by the
//! library.
//!
//! [`Tools::formats`]: crate::tools::Tools::formats

use crate::dynamic::DynGame;
use crate::formats::RecordFormat;
use crate::record::GameRecord;
use crate::{registry, sgf};

/// Every record format of `game`: its own, then SGF where SGF reads it.
pub fn formats(game: &dyn DynGame) -> Vec<&'static RecordFormat> {
    let mut v: Vec<&'static RecordFormat> = registry::formats_of(game).to_vec();
    if sgf::game_number(&game.spec()).is_some() {
        v.push(&sgf::FORMAT);
    }
    v
}

/// The format that reads pasted `text` for `game`: the first of
/// [`formats`] that detects it.
pub fn detect(game: &dyn DynGame, text: &str) -> Option<&'static RecordFormat> {
    formats(game).into_iter().find(|f| (f.detect)(text))
}

/// A record in every format of its game that holds it: the formats that keep
/// their own start first when the game starts from a set position (one that
/// differs from the start of a new game of the same spec).
pub fn write_all(record: &GameRecord) -> Vec<(&'static RecordFormat, String)> {
    let start = record.start();
    let set_up = registry::new_game(&start.spec())
        .map_or(true, |fresh| fresh.position() != start.position());
    let mut out: Vec<(&'static RecordFormat, String)> =
        formats(start).into_iter().filter_map(|f| (f.write)(record).map(|t| (f, t))).collect();
    if set_up {
        out.sort_by_key(|(f, _)| !f.keeps_start);
    }
    out
}
