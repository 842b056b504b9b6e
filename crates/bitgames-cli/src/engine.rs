//! The engines `bitgames play` offers, written against [`DynGame`] alone so they
//! play every registered game.

use crate::common::SplitMix;
use bitgames::{DynGame, Outcome};
use clap::ValueEnum;

/// Which engine to play against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EngineKind {
    /// Uniformly random legal moves.
    Random,
    /// Wins at once when it can, else avoids moves after which the opponent wins at
    /// once (so it blocks a single threat), else random.
    Greedy,
    /// Connect Four only: the exact solver's best move (a random one among equals).
    Perfect,
    /// Othello only: alpha-beta search on the seed's heuristics, the exact endgame
    /// solver near the end (strength set by `--level`).
    Alphabeta,
}

/// Settings of the alpha-beta (Othello) engine.
#[derive(Clone, Copy, Debug)]
pub struct SearchSettings {
    /// Level 1–10.
    pub level: u8,
    /// Heuristic instead of the level's.
    pub heuristic: Option<bitgames::games::othello::eval::Heuristic>,
    /// Time cap per move for the midgame search.
    pub time: Option<std::time::Duration>,
}

/// An engine with whatever state it keeps between moves (the solver's table).
pub struct Engine {
    kind: EngineKind,
    solver: Option<bitgames::games::connect4::solver::ConnectFourSolver>,
    othello: Option<bitgames::games::othello::player::OthelloPlayer>,
    /// What the engine said about its last move (value, depth, nodes, time).
    pub last_info: Option<String>,
}

impl Engine {
    /// The engine for `game`; `perfect` needs a game with a solver (connect4).
    pub fn new(
        kind: EngineKind,
        game: &dyn DynGame,
        settings: SearchSettings,
    ) -> anyhow::Result<Self> {
        use bitgames::games::othello::player::{Level, OthelloPlayer};
        let othello = if kind == EngineKind::Alphabeta {
            if game.as_any().downcast_ref::<bitgames::games::othello::Othello>().is_none() {
                return Err(crate::common::input_error(format!(
                    "the alphabeta engine plays othello, not {} (connect4 has --engine perfect)",
                    game.spec()
                )));
            }
            let level = Level::new(settings.level).map_err(crate::common::input_error)?;
            let mut p = OthelloPlayer::new(level);
            if let Some(h) = settings.heuristic {
                p.set_heuristic(h);
            }
            p.set_time(settings.time);
            Some(p)
        } else {
            None
        };
        let solver = if kind == EngineKind::Perfect {
            let g = crate::solve::connect4_of(game).map_err(|_| {
                crate::common::input_error(format!(
                    "the perfect engine plays connect4, not {}",
                    game.spec()
                ))
            })?;
            Some(bitgames::games::connect4::solver::ConnectFourSolver::for_game(&g, 256))
        } else {
            None
        };
        Ok(Engine { kind, solver, othello, last_info: None })
    }

    /// Gives the perfect engine an opening book (an input error for the others).
    pub fn set_book(
        &mut self,
        book: std::sync::Arc<bitgames::games::connect4::book::Book>,
    ) -> anyhow::Result<()> {
        let solver = self
            .solver
            .as_mut()
            .ok_or_else(|| crate::common::input_error("--book goes with --engine perfect"))?;
        solver.set_book(book).map_err(|e| crate::common::input_error(e.to_string()))
    }

    /// The engine's move, `None` when there is no legal move.
    pub fn choose(&mut self, game: &dyn DynGame, rng: &mut SplitMix) -> Option<String> {
        self.last_info = None;
        if let Some(player) = self.othello.as_mut() {
            let g = game.as_any().downcast_ref::<bitgames::games::othello::Othello>()?;
            let c = player.choose(g).ok()?;
            self.last_info = Some(format!(
                "value {}, depth {}, {} nodes, {:.2} s, line {}",
                c.value,
                c.depth,
                c.nodes,
                c.elapsed.as_secs_f64(),
                c.pv.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(" ")
            ));
            return Some(c.mv.to_string());
        }
        if let Some(solver) = self.solver.as_mut() {
            let g = crate::solve::connect4_of(game).ok()?;
            let (best, _) = solver.best_moves(&g).ok()?;
            let pick = best[rng.below(best.len())];
            return Some((pick + 1).to_string());
        }
        choose(self.kind, game, rng)
    }
}

/// The state after `mv`, or `None` if the library refuses it (not expected for a
/// move from `legal_moves`).
fn after(game: &dyn DynGame, mv: &str) -> Option<Box<dyn DynGame>> {
    let mut child = game.clone_box();
    child.play_text(mv).ok()?;
    Some(child)
}

/// Whether the player to move in `game` can win with one move.
fn has_immediate_win(game: &dyn DynGame) -> bool {
    let mover = game.side_to_move();
    game.legal_moves()
        .iter()
        .any(|m| after(game, m).is_some_and(|c| c.outcome() == Some(Outcome::WonBy(mover))))
}

/// The engine's move, `None` when there is no legal move.
pub fn choose(kind: EngineKind, game: &dyn DynGame, rng: &mut SplitMix) -> Option<String> {
    let moves = game.legal_moves();
    if moves.is_empty() {
        return None;
    }
    if kind == EngineKind::Greedy {
        let me = game.side_to_move();
        let mut safe = Vec::new();
        for m in &moves {
            let Some(child) = after(game, m) else {
                continue;
            };
            if child.outcome() == Some(Outcome::WonBy(me)) {
                return Some(m.clone());
            }
            if !has_immediate_win(child.as_ref()) {
                safe.push(m.clone());
            }
        }
        if !safe.is_empty() {
            let i = rng.below(safe.len());
            return Some(safe.swap_remove(i));
        }
    }
    let i = rng.below(moves.len());
    Some(moves[i].clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn greedy_wins_and_blocks() {
        let mut rng = SplitMix::new(7);
        // X to move with X X . on the top row: takes c3.
        let g = bitgames::new_game("tictactoe").unwrap();
        let mut g = g;
        g.set_position("XX./OO./...").unwrap();
        for _ in 0..20 {
            assert_eq!(choose(EngineKind::Greedy, g.as_ref(), &mut rng).as_deref(), Some("c3"));
        }
        // O to move must block X's row a1 b1 c1 at c1.
        let mut g = bitgames::new_game("tictactoe").unwrap();
        g.set_position(".../O../XX.").unwrap();
        for _ in 0..20 {
            assert_eq!(choose(EngineKind::Greedy, g.as_ref(), &mut rng).as_deref(), Some("c1"));
        }
    }
}
