//! Forced wins on every game: positions where the side to move wins in three
//! plies (a move, any reply, a winning move) but not in one, found by seeded
//! random play and checked by an independent AND-OR search written here on
//! the text API. In each of 48 (six a game), the MCTS-Solver proves the win
//! (root and move) and plays a winning move, and the generic `alphabeta` engine finds it as a win in 3 plies. Plain
//! UCT with the same seed and simulations misses some of them (counted and
//! printed per game; Connect Four's deeper wins that plain UCT misses are in
//! `tests/it/mcts.rs`).

use crate::common::{match_config, play_match};
use bitgames::registry::{new_engine, new_game};
use bitgames::search::mcts::{MctsConfig, MctsLimits, Proof};
use bitgames::{DynGame, Outcome};

/// The state after `m`.
fn after(g: &dyn DynGame, m: &str) -> Box<dyn DynGame> {
    let mut c = g.clone_box();
    c.play_text(m).expect("a legal move");
    c
}

/// Whether `m` wins for the side to move in `g` within `plies` plies (odd):
/// it ends the game won, or the game goes on and after every reply the side
/// to move again wins within `plies - 2`.
fn move_wins(g: &dyn DynGame, m: &str, plies: u32) -> bool {
    let me = g.side_to_move();
    let c = after(g, m);
    if let Some(o) = c.outcome() {
        return o == Outcome::WonBy(me);
    }
    if plies < 3 || c.side_to_move() == me {
        return false;
    }
    let replies = c.legal_moves();
    !replies.is_empty()
        && replies.iter().all(|r| {
            let d = after(c.as_ref(), r);
            match d.outcome() {
                Some(o) => o == Outcome::WonBy(me),
                None => {
                    d.side_to_move() == me
                        && d.legal_moves().iter().any(|m2| move_wins(d.as_ref(), m2, plies - 2))
                }
            }
        })
}

/// The moves of `g` that win within `plies` plies.
fn winning_moves(g: &dyn DynGame, plies: u32) -> Vec<String> {
    g.legal_moves().into_iter().filter(|m| move_wins(g, m, plies)).collect()
}

/// Up to `count` positions of `spec` won in 3 plies and not in 1 for the side
/// to move, from seeded random games, with their winning moves. The
/// alpha-beta engine screens the candidates; the AND-OR search decides.
fn won_positions(spec: &str, count: usize) -> Vec<(Box<dyn DynGame>, Vec<String>)> {
    let start = new_game(spec).unwrap();
    let mut found = Vec::new();
    for seed in 0..4000u64 {
        let mut g = start.clone_box();
        let plies = 4 + (seed as usize * 7) % 40;
        for p in 0..plies {
            let Some(m) = g.random_move(seed << 16 | p as u64) else { break };
            g.play_text(&m).unwrap();
            if g.outcome().is_some() {
                break;
            }
        }
        if g.outcome().is_some() || g.legal_moves().is_empty() {
            continue;
        }
        let mut ab = new_engine(g.as_ref(), "alphabeta(depth=3)").unwrap();
        let info = ab.choose(g.as_ref()).unwrap().unwrap().info.unwrap_or_default();
        if !info.starts_with("win in 3 plies") {
            continue;
        }
        if !winning_moves(g.as_ref(), 1).is_empty() {
            continue;
        }
        let wins = winning_moves(g.as_ref(), 3);
        assert!(!wins.is_empty(), "{spec} {}: alphabeta said {info}", g.position());
        found.push((g, wins));
        if found.len() == count {
            break;
        }
    }
    found
}

#[test]
fn solver_and_alphabeta_find_forced_wins_that_plain_uct_misses() {
    let mut total = 0;
    let mut total_missed = 0;
    for (spec, iterations) in [
        ("connect4", 300),
        ("breakthrough(width=6,height=6)", 5000),
        ("clobber(width=6,height=6)", 3000),
        ("hex(size=6)", 4000),
        ("y(size=7)", 4000),
        ("gomoku(size=9)", 20000),
        ("tictactoe(width=5,height=5,k=4)", 3000),
        ("teeko", 3000),
    ] {
        let positions = won_positions(spec, 6);
        assert_eq!(positions.len(), 6, "{spec}: only {} won positions found", positions.len());
        let mut missed = 0;
        for (g, wins) in &positions {
            let pos = g.position();
            let search = |solver: bool| {
                let config = MctsConfig { solver, seed: 1, ..MctsConfig::default() };
                g.mcts_searcher(config).search(&MctsLimits::iterations(iterations)).unwrap()
            };
            let (plain, solver) = (search(false), search(true));
            // Proven, not just played: the root and the chosen move.
            assert_eq!(solver.proof, Proof::Win, "{spec} {pos}: {:?}", solver.best);
            assert!(wins.contains(&solver.best), "{spec} {pos}: solver played {}", solver.best);
            let proven: Vec<&str> = solver
                .moves
                .iter()
                .filter(|m| m.proof == Proof::Win)
                .map(|m| m.mv.as_str())
                .collect();
            assert!(proven.iter().all(|m| wins.iter().any(|w| w == m)), "{spec} {pos}: {proven:?}");
            missed += usize::from(!wins.contains(&plain.best));
            let mut ab = new_engine(g.as_ref(), "alphabeta(depth=3)").unwrap();
            let m = ab.choose(g.as_ref()).unwrap().unwrap();
            assert!(wins.contains(&m.mv), "{spec} {pos}: alphabeta played {}", m.mv);
            assert!(m.info.as_deref().unwrap_or("").starts_with("win in 3 plies"), "{m:?}");
        }
        eprintln!("{spec}: {} won positions, plain UCT missed {missed}", positions.len());
        total += positions.len();
        total_missed += missed;
    }
    assert_eq!(total, 48);
    // Measured: Breakthrough 1, Teeko 1, the others 0 (plain UCT finds most
    // 3-ply wins at the simulations the solver needs to prove them). Teeko's
    // positions are those alpha-beta calls won in 3; before the position hash
    // stopped letting the ply cancel stones (`hash_sets`), its table mixed up
    // positions and the six were others, two of them missed.
    assert!(total_missed >= 2, "plain UCT missed only {total_missed} wins");
}

/// A Yavalath position won in three plies for X (four in a row wins, three
/// loses, so most moves lose at once and the proof must rule out every reply):
/// the MCTS-Solver proves it, with RAVE or without, within 20,000
/// simulations, and the AND-OR search here agrees on the winning moves.
#[test]
fn solver_proves_a_yavalath_win_in_three() {
    let start = new_game("yavalath").unwrap();
    let mut g = start.clone_box();
    g.set_position(".O..O/.O...X/.XO.O.X/.X..X.XO/.O..XO.../..X...X./....O../..X.../O.... x")
        .unwrap();
    assert!(winning_moves(g.as_ref(), 1).is_empty());
    let wins = winning_moves(g.as_ref(), 3);
    assert!(!wins.is_empty());
    for rave in [false, true] {
        let config = MctsConfig { rave, seed: 1, ..MctsConfig::default() };
        let r = g.mcts_searcher(config).search(&MctsLimits::iterations(20_000)).unwrap();
        assert_eq!(
            r.proof,
            Proof::Win,
            "rave={rave}: {} after {} simulations",
            r.best,
            r.iterations
        );
        assert!(wins.contains(&r.best), "rave={rave}: played {}, wins {wins:?}", r.best);
        assert!(r.iterations < 20_000, "rave={rave}: {} simulations", r.iterations);
    }
}

/// Every registered game has the generic `alphabeta` engine (Othello its
/// own), which plays whole games against random through the registry.
#[test]
fn alphabeta_plays_every_game() {
    use bitgames::registry::games;
    for info in games() {
        let spec = if info.name == "othello" { "alphabeta(level=1)" } else { "alphabeta(depth=2)" };
        let game = match info.name {
            "go" => "go(size=5)",
            "gomoku" => "gomoku(size=9)",
            "hex" => "hex(size=6)",
            name => name,
        };
        let r = play_match(&match_config(game, [spec, "random"], 2, 0, 1, 2));
        assert!(r.games.iter().all(|g| g.fault.is_none()), "{game}: {:?}", r.games);
        assert!(r.engines[0].tally.wins >= 1, "{game}: {:?}", r.engines[0].tally);
    }
}
