//! Othello's analysers: the exact final disc difference of every move at
//! [`EXACT_EMPTY`] empties or fewer (the endgame solver), else the alpha-beta
//! player's value of every move in discs, deepened a ply at a time.

use super::endgame::{EndgameError, EndgameSolver};
use super::player::{Level, OthelloPlayer, Value};
use super::Othello;
use crate::analysis::{
    child, Analyser, Analysis, AnalysisError, Description, Event, Limits, MoveValue, Sink, Unit,
};
use crate::dynamic::DynGame;
use crate::game::Rules;
use crate::player::Player;
use crate::search::SearchError;
use std::time::Instant;

/// Positions with at most this many empty squares get exact scores.
pub(crate) const EXACT_EMPTY: usize = 20;
/// The endgame solver's transposition table, MiB.
const TABLE_MIB: usize = 64;

/// The analyser for `game`'s position: exact near the end, else alpha-beta.
pub(crate) fn analyser(game: &dyn DynGame) -> Option<Box<dyn Analyser>> {
    let o = game.as_any().downcast_ref::<Othello>()?;
    Some(if o.empty().count_ones() as usize <= EXACT_EMPTY {
        Box::new(Exact)
    } else {
        Box::new(Deepening)
    })
}

/// The exact final disc difference after every move.
struct Exact;

impl Analyser for Exact {
    fn describe(&self) -> Description {
        Description {
            about: "exact: the final disc difference after every move",
            unit: Unit::Discs,
            exact: true,
        }
    }

    fn analyse(&mut self, game: &dyn DynGame, limits: &Limits, sink: &Sink) -> Analysis {
        let mut solver = EndgameSolver::new(TABLE_MIB);
        solver.set_stop(Some(limits.flag()));
        let mover_sign = if game.side_to_move() == Player::First { 1 } else { -1 };
        let mut out = Vec::new();
        for mv in game.legal_moves() {
            if limits.stopped() {
                break;
            }
            let c = child(game, &mv)?;
            let score = if c.outcome().is_some() {
                c.score().unwrap_or(0) * mover_sign
            } else {
                let o = c
                    .as_any()
                    .downcast_ref::<Othello>()
                    .ok_or_else(|| AnalysisError::WrongGame(game.spec()))?;
                match solver.solve(o) {
                    Ok(r) => -r.score,
                    Err(EndgameError::Stopped { .. }) => break,
                    Err(e) => return Err(AnalysisError::Search(e.to_string())),
                }
            };
            sink(Event::Move(MoveValue::exact(mv.clone(), score, format!("{score:+} discs"))));
            out.push((mv, score as f64));
        }
        Ok(out)
    }
}

/// The alpha-beta player's value of every move, deepened a ply at a time over
/// all the moves: each move's value, depth and line is sent as soon as it is
/// searched, until the time is up, the caller stops it (the player's stop
/// flag, polled every 1024 nodes), every value is exact or the search reaches
/// the end of the game. A search cut short is dropped: each move keeps the
/// value of the deepest search it finished.
struct Deepening;

impl Analyser for Deepening {
    fn describe(&self) -> Description {
        Description {
            about: "the alpha-beta player's value of every move, in discs, deepened a ply at a \
                    time",
            unit: Unit::Discs,
            exact: false,
        }
    }

    fn analyse(&mut self, game: &dyn DynGame, limits: &Limits, sink: &Sink) -> Analysis {
        let o = game
            .as_any()
            .downcast_ref::<Othello>()
            .ok_or_else(|| AnalysisError::WrongGame(game.spec()))?;
        let deadline = limits.estimate_deadline();
        let level = Level::new(8).map_err(|e| AnalysisError::Search(e.to_string()))?;
        let mut player = OthelloPlayer::new(level);
        player.set_stop(Some(limits.flag()));
        let mut moves = Vec::new();
        Rules::legal_moves(o, &mut moves);
        let mut values: Vec<Option<Value>> = vec![None; moves.len()];
        let (mut nodes, mut reached) = (0u64, 0);
        'deepen: for depth in 1..=o.empty().count_ones().max(1) {
            for (mv, value) in moves.iter().zip(values.iter_mut()) {
                if matches!(value, Some(Value::Exact(_))) {
                    continue;
                }
                let left = deadline.saturating_duration_since(Instant::now());
                if left.is_zero() || limits.stopped() {
                    break 'deepen;
                }
                player.set_time(Some(left));
                let c = match player.evaluate_move(o, *mv, depth) {
                    Ok(c) => c,
                    Err(SearchError::Stopped) => break 'deepen,
                    Err(e) => return Err(AnalysisError::Search(e.to_string())),
                };
                if limits.stopped() || Instant::now() >= deadline {
                    break 'deepen;
                }
                nodes += c.nodes;
                *value = Some(c.value);
                let words = match c.value {
                    Value::Heuristic(_) => format!("{:+.1} discs", c.value.discs()),
                    v => v.to_string(),
                };
                sink(Event::Move(MoveValue {
                    mv: mv.to_string(),
                    score: c.value.discs(),
                    text: format!("{words}, depth {}", c.depth),
                    exact: matches!(c.value, Value::Exact(_)),
                    visits: None,
                    line: Some(c.pv.iter().map(|m| m.to_string()).collect()),
                }));
            }
            reached = depth;
            sink(Event::Progress(format!("depth {depth} searched, {nodes} nodes")));
            if values.iter().all(|v| matches!(v, Some(Value::Exact(_)))) {
                break;
            }
        }
        if reached == 0 {
            sink(Event::Progress("stopped before the first depth was searched".into()));
        }
        Ok(moves
            .iter()
            .zip(&values)
            .filter_map(|(m, v)| v.map(|v| (m.to_string(), v.discs())))
            .collect())
    }
}
