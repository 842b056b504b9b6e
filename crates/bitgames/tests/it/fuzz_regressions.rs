//! Regression tests for the faults the fuzz targets (`fuzz/`, `scripts/fuzz.sh`)
//! and the engine property tests (`tests/it/engine_props.rs`) found: each replays
//! the minimised input that failed.

use bitgames::registry::{new_engine, new_game};

/// Plays `plies` random moves, seeded as the property tests seed them.
fn advance(spec: &str, plies: u64, seed: u64) -> Box<dyn bitgames::DynGame> {
    let mut g = new_game(spec).unwrap();
    for i in 0..plies {
        let Some(m) = g.random_move(seed.wrapping_add(i)) else { break };
        g.play_text(&m).unwrap();
    }
    g
}

/// Found by `engines_play_legal_moves`: with two threads, a tree whose root was
/// not expanded (its thread stopped at once because the other proved the root)
/// came first, and summing the roots indexed past its empty move list. A race,
/// so the case is replayed many times.
#[test]
fn mcts_threads_sum_roots_of_unexpanded_trees() {
    for round in 0..300 {
        mcts_round(round);
    }
}

fn mcts_round(round: u64) {
    let mut g = advance("tictactoe", 6, 17363068478956267675);
    let spec = format!("mcts(iterations=24,seed={round},solver=true,rave=true,reuse=true,c=100,threads=2,max_tree_mib=1)");
    let mut e = new_engine(g.as_ref(), &spec).unwrap();
    for _ in 0..3 {
        let legal = g.legal_moves();
        match e.choose(g.as_ref()).unwrap() {
            Some(m) => {
                assert!(legal.contains(&m.mv), "{} not in {legal:?}", m.mv);
                g.play_text(&m.mv).unwrap();
            }
            None => {
                assert!(legal.is_empty());
                break;
            }
        }
    }
}
