//! Monte Carlo tree search (`search::mcts`) and the arena on every game:
//! strength against random play, the MCTS-Solver's forced wins that plain UCT
//! misses, Connect Four's solver against MCTS, determinism, tree reuse and
//! the typed errors of engine specs. Every test is seeded.

use bitgames::arena::{run_match, MatchConfig, MatchReport};
use bitgames::games::connect4::Connect4;
use bitgames::games::tictactoe::TicTacToe;
use bitgames::registry::{engines_for, games, new_engine, new_game};
use bitgames::search::mcts::{Mcts, MctsConfig, MctsLimits, Proof};
use bitgames::{Game, SpecError};

fn arena(game: &str, a: &str, b: &str, games: usize, opening: usize, seed: u64) -> MatchReport {
    let config = MatchConfig {
        game: game.into(),
        engines: [a.into(), b.into()],
        games,
        opening_plies: opening,
        seed,
        threads: 2,
    };
    run_match(&config, &|_| {}).unwrap()
}

#[test]
fn tictactoe_never_loses_to_random() {
    let r = arena("tictactoe", "mcts(iterations=2000)", "random", 40, 0, 1);
    let t = r.engines[0].tally;
    assert_eq!(t.losses, 0, "{t:?}");
    assert!(t.wins >= 30, "{t:?}");
}

#[test]
fn beats_random_on_every_game() {
    for (game, iterations) in [
        ("connect4", 400),
        ("breakthrough", 300),
        ("clobber", 300),
        ("hex(size=5)", 300),
        ("yavalath", 300),
        ("gomoku(size=9)", 300),
        ("othello", 200),
    ] {
        let r = arena(game, &format!("mcts(iterations={iterations})"), "random", 20, 0, 7);
        let s = r.engines[0].score;
        eprintln!("{game}: {:?} score {s}", r.engines[0].tally);
        assert!(s >= 0.95, "{game}: {:?}", r.engines[0].tally);
    }
}
