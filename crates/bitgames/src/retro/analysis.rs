//! A table on the analysis board: a table read for a game ([`LoadedTable`])
//! values every move of each position of its game and board at once and
//! exactly (won, lost or drawn, with the distance to the end under best play),
//! in [`Unit::Distance`]. A front end that was handed table files
//! ([`registry::load_table`](crate::registry::load_table)) asks each for an
//! analyser before it falls back on the game's own.

use super::{Table, Value};
use crate::analysis::{Analyser, Analysis, Description, Event, Limits, MoveValue, Sink, Unit};
use crate::dynamic::DynGame;
use crate::tools::{TableProbe, TablebaseInfo};
use std::path::PathBuf;
use std::sync::Arc;

/// A table read for a game: what it holds, where it was read from and how
/// to ask it.
#[derive(Clone)]
pub struct LoadedTable {
    /// The spec of the game it was read for.
    pub spec: String,
    /// The file it was read from.
    pub path: PathBuf,
    /// The game's table capability (its probe).
    pub info: &'static TablebaseInfo,
    /// The table.
    pub table: Arc<Table>,
}

impl LoadedTable {
    /// An analyser of `game`'s position from the table, if the table holds
    /// it (a position of the game and board it was made for).
    pub fn analyser(&self, game: &dyn DynGame) -> Option<Box<dyn Analyser>> {
        let probe = (self.info.probe)(&self.table, game).ok()?;
        Some(Box::new(TableAnalyser { probe }))
    }

    /// Whether the table holds `game`'s position.
    pub fn holds(&self, game: &dyn DynGame) -> bool {
        (self.info.probe)(&self.table, game).is_ok()
    }

    /// The name of the engine that plays from the table (`perfect`, or
    /// Connect Four's `tablebase`), whose `table` parameter names the file.
    pub fn engine(&self) -> &'static str {
        self.info.engine.name
    }
}

/// A value as [`Unit::Distance`] scores it: `1000 − d` for a win in `d`
/// plies, `d − 1000` for a loss in `d`, 0 for a draw.
pub fn distance_score(v: Value) -> i32 {
    match v {
        Value::Win(d) => 1000 - i32::from(d),
        Value::Loss(d) => i32::from(d) - 1000,
        Value::Draw => 0,
    }
}

/// The analyser: the table's answer for the position, asked once.
struct TableAnalyser {
    probe: TableProbe,
}

impl Analyser for TableAnalyser {
    fn describe(&self) -> Description {
        Description {
            about: "exact, from the table the server was started with: every move won, lost or \
                    drawn, with the plies to the end under best play",
            unit: Unit::Distance,
            exact: true,
        }
    }

    fn analyse(&mut self, _game: &dyn DynGame, _limits: &Limits, sink: &Sink) -> Analysis {
        let mut values = Vec::with_capacity(self.probe.moves.len());
        for m in &self.probe.moves {
            let score = distance_score(m.value);
            sink(Event::Move(MoveValue::exact(m.mv.clone(), score, m.value.words())));
            values.push((m.mv.clone(), f64::from(score)));
        }
        Ok(values)
    }
}
