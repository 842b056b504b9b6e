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

/// Found by the fuzz target `game` (its position-text round trip asked for the
/// same legal moves): under positional superko a read Go position starts its
/// history afresh, as documented, so it allows a move that the game played
/// refuses as a repetition, and only such moves. On 2×2 with suicide allowed,
/// Black's a1 would capture White's three stones and recreate the board after
/// Black's first move.
#[test]
fn a_read_go_position_forgets_the_boards_before_it() {
    let spec = "go(size=2,komi=0,ko=positional,suicide=true,max_moves=0)";
    let mut g = new_game(spec).unwrap();
    for m in ["a1", "b2", "pass", "a2", "pass", "b1"] {
        g.play_text(m).unwrap();
    }
    assert_eq!(g.position(), "oo/.o x 6 0 -");
    assert_eq!(g.legal_moves(), ["pass"]);
    let e = g.clone_box().play_text("a1").unwrap_err().to_string();
    assert!(e.contains("positional superko"), "{e}");
    let mut read = new_game(spec).unwrap();
    read.set_position(&g.position()).unwrap();
    assert_eq!(read.position(), g.position());
    assert_eq!(read.position_hash(), g.position_hash());
    assert_eq!(read.legal_moves(), ["a1", "pass"]);
    read.play_text("a1").unwrap();
    assert_eq!(read.position(), "../x. o 7 0 -");
}
