//! Monte Carlo tree search as the analyser of every game that has none of its
//! own ([`registry::analyser_for`](crate::registry::analyser_for)).

use super::{MctsConfig, MctsLimits, Proof};
use crate::analysis::{
    Analyser, Analysis, AnalysisError, Description, Event, Limits, MoveValue, Sink, Unit,
};
use crate::dynamic::DynGame;
use std::time::{Duration, Instant};

/// The tree of one MCTS analysis at most this big (about 48 bytes a node).
const MCTS_MAX_NODES: usize = 2 << 20;

/// Monte Carlo tree search on one tree (UCT with the MCTS-Solver, the typed
/// game's fast moves), in slices of a quarter second: after each slice every
/// root move's score (the mover's win rate in percent, or 100 / 50 / 0 once
/// proven) and visits are sent, until the time is up, the caller stops it or
/// the root is proven.
pub struct MctsAnalyser;

impl Analyser for MctsAnalyser {
    fn describe(&self) -> Description {
        Description {
            about: "Monte Carlo tree search (UCT, MCTS-Solver): the mover's score of every move \
                    (win 1, draw ½) and its visits; proven wins and losses are exact",
            unit: Unit::Percent,
            exact: false,
        }
    }

    fn analyse(&mut self, game: &dyn DynGame, limits: &Limits, sink: &Sink) -> Analysis {
        let config = MctsConfig {
            seed: 1,
            threads: 1,
            max_tree_nodes: MCTS_MAX_NODES,
            ..Default::default()
        };
        let mut searcher = game.mcts_searcher(config);
        let deadline = limits.estimate_deadline();
        let (mut values, mut total) = (Vec::new(), 0u64);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let slice = left.min(Duration::from_millis(250)).max(Duration::from_millis(1));
            let r = searcher
                .search(&MctsLimits::time(slice))
                .map_err(|e| AnalysisError::Search(e.to_string()))?;
            total += r.iterations;
            values.clear();
            for m in &r.moves {
                // `proof` is seen by the side to move, as `value` is.
                let (score, text, exact) = match m.proof {
                    Proof::Win => (100.0, "win (proven)".to_string(), true),
                    Proof::Draw => (50.0, "draw (proven)".to_string(), true),
                    Proof::Loss => (0.0, "loss (proven)".to_string(), true),
                    Proof::Unknown => {
                        // The mean with one draw's worth of prior (½ in one
                        // simulation): a move seen once is not shown as sure
                        // as a proven one.
                        let rate =
                            100.0 * (m.value * m.visits as f64 + 0.5) / (m.visits as f64 + 1.0);
                        (rate, format!("{rate:.1}% of {}", m.visits), false)
                    }
                };
                values.push((m.mv.clone(), score));
                let line = (r.pv.first() == Some(&m.mv)).then(|| r.pv.clone());
                sink(Event::Move(MoveValue {
                    mv: m.mv.clone(),
                    score,
                    text,
                    exact,
                    visits: Some(m.visits),
                    line,
                }));
            }
            let proven = r.proof != Proof::Unknown;
            if proven || limits.stopped() || Instant::now() >= deadline {
                sink(Event::Progress(format!(
                    "{total} simulations, {} tree nodes{}",
                    r.tree_nodes,
                    if proven { ", the root proven" } else { "" }
                )));
                return Ok(values);
            }
        }
    }
}
