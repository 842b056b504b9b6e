//! Monte Carlo tree search (`search::mcts`) and the arena on every game:
//! strength against random play, the MCTS-Solver's forced wins that plain UCT
//! misses, Connect Four's solver against MCTS, determinism, tree reuse and
//! the typed errors of engine specs. Every test is seeded.

use bitgames::arena::{run_match, MatchConfig, MatchReport};
use bitgames::games::connect4::Connect4;
use bitgames::games::tictactoe::TicTacToe;
use bitgames::registry::{engines_for, games, new_engine, new_game};
use bitgames::search::mcts::{Mcts, MctsConfig, MctsLimits, Proof};
use bitgames::{Game, Hints, Notation, Rules, SpecError};

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
        ("yavalath", 600),
        ("gomoku(size=9)", 300),
        ("othello", 200),
    ] {
        let r = arena(game, &format!("mcts(iterations={iterations})"), "random", 20, 0, 7);
        let s = r.engines[0].score;
        eprintln!("{game}: {:?} score {s}", r.engines[0].tally);
        assert!(s >= 0.95, "{game}: {:?}", r.engines[0].tally);
    }
}

/// Plain UCT (solver off) and MCTS-Solver with the same seed and simulations.
fn both<G: Game>(g: &G, iterations: u64) -> [bitgames::search::mcts::MctsResult<G::Move>; 2] {
    [false, true].map(|solver| {
        let config = MctsConfig { solver, seed: 1, exploration: 1.0, ..MctsConfig::default() };
        Mcts::new(config).search(g, &MctsLimits::iterations(iterations)).unwrap()
    })
}

/// Exact value of a tic-tac-toe position for the side to move (+1, 0, -1):
/// an independent minimax.
fn ttt_value(g: &TicTacToe<1>) -> i32 {
    if let Some(o) = g.outcome() {
        return o.value_for(g.side_to_move());
    }
    let mut best = -1;
    g.for_each_move(|m| {
        let mut c = *g;
        c.play_unchecked(m);
        best = best.max(-ttt_value(&c));
    });
    best
}

/// Tic-tac-toe forks: the side to move wins in three plies (a double threat),
/// not in one. At 300 simulations the MCTS-Solver proves the win and plays a
/// winning move; plain UCT with the same seed and 100 simulations plays a move
/// that does not win.
#[test]
fn solver_finds_tictactoe_forks_that_plain_uct_misses() {
    let forks = [
        ".OX/X../O..",
        "..X/..O/OX.",
        "..X/..X/..O",
        "OX./..O/X..",
        "X.O/..X/..O",
        "XO./..X/..O",
        "..O/..X/X.O",
        ".X./OOX/...",
        "O../X../O.X",
        ".../OXX/.O.",
    ];
    for pos in forks {
        let g = TicTacToe::classic().parse_position(pos).unwrap();
        assert_eq!(ttt_value(&g), 1, "{pos} is a win");
        let wins = |m| {
            let mut c = g;
            c.play_unchecked(m);
            c.outcome().is_none() && ttt_value(&c) == -1
        };
        // Plain UCT misses the fork at 100 simulations (not at 150); the
        // solver, whose one-ply checks change its tree, proves it by 300.
        let plain = both(&g, 100)[0].clone();
        let solver = both(&g, 300)[1].clone();
        assert!(!wins(plain.best), "{pos}: plain UCT found {}", plain.best);
        assert!(wins(solver.best), "{pos}: the solver played {}", solver.best);
        assert_eq!(solver.proof, Proof::Win, "{pos}");
    }
}

/// Connect Four positions won for the side to move by one column alone (in 5
/// and 9 plies, by the exact solver): the MCTS-Solver proves and plays it,
/// plain UCT with the same seed and simulations plays another column.
#[test]
fn solver_finds_connect4_wins_that_plain_uct_misses() {
    use bitgames::games::connect4::solver::ConnectFourSolver;
    let start = Connect4::standard();
    let mut exact = ConnectFourSolver::for_game(&start, 16);
    for (moves, iterations) in [("67767777565444112", 1000), ("5455757733622231", 2000)] {
        let g = start.parse_position(moves).unwrap();
        let (best, score) = exact.best_moves(&g).unwrap();
        assert!(score > 0 && best.len() == 1, "{moves}: {best:?} {score}");
        let [plain, solver] = both(&g, iterations);
        assert_ne!(plain.best.0, best[0], "{moves}: plain UCT found it");
        assert_eq!(solver.best.0, best[0], "{moves}");
        assert_eq!(solver.proof, Proof::Win, "{moves}");
    }
}

/// Connect Four's `solver` against MCTS from random 4-ply openings on the 5×4
/// board (solved in a blink): at its first move, a won position is won and a
/// drawn one not lost.
#[test]
fn connect4_solver_never_loses_a_won_position_to_mcts() {
    solver_against_mcts("connect4(width=5,height=4)", 8, "mcts(iterations=2000)");
}

/// The same on the standard board, slower (the solver takes seconds a move
/// early on): `cargo test --release -p bitgames --test it -- mcts:: --ignored`.
#[test]
#[ignore = "slow: minutes; run with --release -- --ignored"]
fn connect4_solver_never_loses_a_won_position_to_mcts_7x6() {
    solver_against_mcts("connect4", 4, "mcts(iterations=5000)");
}

fn solver_against_mcts(game: &str, games: usize, mcts: &str) {
    use bitgames::games::connect4::solver::ConnectFourSolver;
    let r = arena(game, "solver(table_mib=16)", mcts, games, 4, 11);
    let start = new_game(game).unwrap();
    let start = start.as_any().downcast_ref::<Connect4>().unwrap().clone();
    let mut exact = ConnectFourSolver::for_game(&start, 16);
    for g in &r.games {
        assert!(g.fault.is_none(), "{g:?}");
        let mut pos = start.clone();
        for m in &g.opening {
            pos.play(pos.parse_move(m).unwrap()).unwrap();
        }
        if g.first == 1 {
            // MCTS moved first: the solver's first position is after its move.
            pos.play(pos.parse_move(&g.moves[0]).unwrap()).unwrap();
        }
        if pos.outcome().is_some() {
            continue;
        }
        let value = exact.solve(&pos, true).unwrap().score;
        match value {
            1 => assert_eq!(g.winner, Some(0), "{}: solver lost a won game: {g:?}", pos.position()),
            0 => assert_ne!(g.winner, Some(1), "{}: solver lost a draw: {g:?}", pos.position()),
            _ => {}
        }
    }
}

/// The same seed and simulations give the same search, on one thread or two
/// (root parallelism splits the simulations, so the sums are the same on any
/// machine).
#[test]
fn searches_are_reproducible() {
    let g = Connect4::standard().parse_position("4453").unwrap();
    for threads in [1, 2] {
        let run = || {
            let config = MctsConfig { threads, seed: 42, ..MctsConfig::default() };
            let r = Mcts::new(config).search(&g, &MctsLimits::iterations(3000)).unwrap();
            (r.best, r.moves.iter().map(|m| m.visits).collect::<Vec<_>>(), r.iterations)
        };
        let a = run();
        assert_eq!(a, run(), "threads={threads}");
        assert_eq!(a.1.iter().sum::<u64>(), 3000);
        assert_eq!(a.2, 3000);
    }
}

/// After our move and the reply, the next search starts from the subtree it
/// grew there, on one thread and on the tree that two threads share (kept
/// between searches); a search of the same position again adds to it.
#[test]
fn the_tree_is_reused_between_moves() {
    use bitgames::search::mcts::Parallel;
    let g = Connect4::standard();
    for (threads, parallel) in [(1, Parallel::Root), (2, Parallel::Tree)] {
        for reuse in [true, false] {
            let config = MctsConfig { reuse, seed: 3, threads, parallel, ..MctsConfig::default() };
            let mut mcts = Mcts::new(config);
            let r = mcts.search(&g, &MctsLimits::iterations(5000)).unwrap();
            let mut next = g.clone();
            next.play(r.best).unwrap();
            next.play(r.pv[1]).unwrap();
            let again = mcts.search(&next, &MctsLimits::iterations(1)).unwrap();
            let visits = |r: &bitgames::search::mcts::MctsResult<_>| {
                r.moves.iter().map(|m| m.visits).sum::<u64>()
            };
            if reuse {
                assert!(again.tree_nodes > 100, "{threads}: {}", again.tree_nodes);
                assert!(visits(&again) > 100, "{threads}");
                let same = mcts.search(&next, &MctsLimits::iterations(1)).unwrap();
                assert_eq!(visits(&same), visits(&again) + 1, "{threads}");
                assert!(same.tree_nodes >= again.tree_nodes, "{threads}");
            } else {
                assert_eq!(again.tree_nodes, 8, "{threads}");
            }
        }
    }
}

/// RAVE on placement games still beats random play.
#[test]
fn rave_beats_random() {
    for game in ["hex(size=5)", "tictactoe(width=5,height=5,k=4)"] {
        let r = arena(game, "mcts(iterations=300,rave=true)", "random", 20, 0, 5);
        assert!(r.engines[0].score >= 0.95, "{game}: {:?}", r.engines[0].tally);
    }
}

/// A proven loss still answers a legal move.
#[test]
fn a_lost_position_still_gets_a_move() {
    // After X's fork in .OX/X../O.., O to move is lost.
    let fork = TicTacToe::classic().parse_position(".OX/X../O..").unwrap();
    let mut lost = None;
    fork.for_each_move(|m| {
        let mut c = fork;
        c.play_unchecked(m);
        if c.outcome().is_none() && ttt_value(&c) == -1 {
            lost = Some(c);
        }
    });
    let g = lost.expect("the fork has a winning move");
    let r = Mcts::new(MctsConfig::default()).search(&g, &MctsLimits::iterations(2000)).unwrap();
    assert_eq!(r.proof, Proof::Loss);
    assert!(g.is_legal(r.best));
}

/// Every registered game lists `mcts` and plays it to the end through the
/// registry; bad specs are typed errors.
#[test]
fn every_game_has_an_mcts_engine() {
    for info in games() {
        let g = new_game(info.name).unwrap();
        assert!(engines_for(g.as_ref()).iter().any(|e| e.name == "mcts"), "{}", info.name);
        let r = arena(info.name, "mcts(iterations=20,seed=1)", "random", 2, 0, 1);
        assert!(r.games.iter().all(|g| g.fault.is_none()), "{}: {:?}", info.name, r.games);
    }
    let g = new_game("connect4").unwrap();
    for (spec, want) in [
        ("mcts(time=0)", "expected a duration"),
        ("mcts(time=0ms)", "time must be 1ms–3600s"),
        ("mcts(iterations=0)", "iterations must be"),
        ("mcts(time=fast)", "expected a duration"),
        ("mcts(depth=3)", "no parameter 'depth'"),
        ("mcts(rave=maybe)", "true or false"),
    ] {
        let e = new_engine(g.as_ref(), spec).err().unwrap_or_else(|| panic!("{spec} built"));
        assert!(matches!(e, SpecError::BadValue { .. } | SpecError::UnknownParam { .. }), "{e}");
        assert!(e.to_string().contains(want), "{spec}: {e}");
    }
    // The spec an engine reports parses back to the same engine.
    let e = new_engine(g.as_ref(), "mcts(time=500ms,rave=true)").unwrap();
    assert_eq!(e.spec(), new_engine(g.as_ref(), &e.spec()).unwrap().spec());
    assert!(e.spec().contains("time=500ms"), "{}", e.spec());
    // An engine built for one game refuses another.
    let ttt = new_game("tictactoe").unwrap();
    let mut e = new_engine(ttt.as_ref(), "mcts(iterations=10)").unwrap();
    assert!(matches!(e.choose(g.as_ref()), Err(bitgames::EngineError::WrongGame { .. })));
}

/// Two move orders that reach the same Go position (board, side, ply, passes
/// and ko alike) with different earlier boards, which positional superko
/// reads: found on a 2×2 board by seeded random games. A search that kept its
/// tree from the first must search the second's own legal moves, as a GTP
/// session does after `clear_board` and a replay of other moves.
#[test]
fn tree_reuse_follows_the_boards_superko_reads() {
    use bitgames::games::go::{Go, GoRules};
    use rand::SeedableRng;
    let start = Go::<1>::new(2, GoRules::default()).unwrap();
    let legal = |g: &Go<1>| {
        let mut v = Vec::new();
        g.for_each_move(|m| v.push(m));
        v
    };
    let mut seen: std::collections::HashMap<(u64, usize), Go<1>> = Default::default();
    let mut pair = None;
    'search: for seed in 0..2000u64 {
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut g = start.clone();
        while let Some(m) = g.random_move(&mut rng) {
            g.play_unchecked(m);
            if g.outcome().is_some() {
                break;
            }
            let first = seen.entry((g.position_hash(), g.ply())).or_insert_with(|| g.clone());
            let (a, b) = (legal(first), legal(&g));
            if b.iter().any(|m| !a.contains(m)) {
                pair = Some((first.clone(), g.clone()));
                break 'search;
            }
        }
    }
    let (a, b) = pair.expect("two histories of one position with other legal moves");
    assert_eq!(a.position(), b.position());
    let mut mcts = Mcts::new(MctsConfig { seed: 1, solver: false, ..MctsConfig::default() });
    mcts.search(&a, &MctsLimits::iterations(300)).unwrap();
    let r = mcts.search(&b, &MctsLimits::iterations(300)).unwrap();
    let moves = legal(&b);
    assert_eq!(r.moves.len(), moves.len());
    for m in &r.moves {
        assert!(m.visits > 0, "{} unsearched at {} ({:?})", m.mv, b.position(), r.moves);
    }
    assert!(b.is_legal(r.best));
}

/// Tree parallelism: two threads on one tree (virtual loss) run the
/// simulations asked for, prove the Connect Four and tic-tac-toe wins the
/// single-threaded solver proves, and play whole games through the engine
/// spec without a fault. (Thread timing decides the statistics, so only the
/// proofs and the counts are compared, not the visits.)
#[test]
fn tree_parallel_search_proves_what_one_thread_proves() {
    use bitgames::search::mcts::Parallel;
    let config =
        MctsConfig { threads: 2, parallel: Parallel::Tree, seed: 5, ..MctsConfig::default() };
    let g = Connect4::standard().parse_position("4453").unwrap();
    let r = Mcts::new(config.clone()).search(&g, &MctsLimits::iterations(4000)).unwrap();
    assert_eq!(r.iterations, 4000);
    assert_eq!(r.moves.iter().map(|m| m.visits).sum::<u64>(), 4000);
    let g = Connect4::standard().parse_position("67767777565444112").unwrap();
    let r = Mcts::new(config.clone()).search(&g, &MctsLimits::iterations(20_000)).unwrap();
    assert_eq!(r.proof, Proof::Win);
    for pos in [".OX/X../O..", "..X/..O/OX.", ".X./OOX/..."] {
        let g = TicTacToe::classic().parse_position(pos).unwrap();
        let r = Mcts::new(config.clone()).search(&g, &MctsLimits::iterations(5000)).unwrap();
        assert_eq!(r.proof, Proof::Win, "{pos}");
    }
    let timed =
        Mcts::new(config).search(&g, &MctsLimits::time(std::time::Duration::from_millis(50)));
    assert!(timed.is_ok());
    let report =
        arena("hex(size=5)", "mcts(iterations=300,threads=2,parallel=tree)", "random", 4, 0, 1);
    assert!(report.games.iter().all(|g| g.fault.is_none()), "{:?}", report.games);
    assert!(report.engines[0].tally.wins >= 3, "{:?}", report.engines[0].tally);
}

/// Tree parallelism without a lock on four threads (more than this machine's
/// cores, so the threads interleave anywhere): every tic-tac-toe fork is
/// proven won and a winning move played (checked by the independent minimax),
/// and drawn positions are proven drawn.
#[test]
fn lock_free_tree_proves_tictactoe_on_four_threads() {
    use bitgames::search::mcts::Parallel;
    for seed in 0..3 {
        let config =
            MctsConfig { threads: 4, parallel: Parallel::Tree, seed, ..MctsConfig::default() };
        for pos in [".OX/X../O..", "..X/..O/OX.", "OX./..O/X..", ".X./OOX/...", ".../OXX/.O."] {
            let g = TicTacToe::classic().parse_position(pos).unwrap();
            let r = Mcts::new(config.clone()).search(&g, &MctsLimits::iterations(20_000)).unwrap();
            assert_eq!(r.proof, Proof::Win, "{pos}, seed {seed}");
            let mut after = g;
            after.play_unchecked(r.best);
            assert_eq!(ttt_value(&after), -1, "{pos}, seed {seed}: {} does not win", r.best);
        }
        // Drawn with best play: X in two corners against O in the centre (O
        // must answer on an edge), and X in the centre against O in a corner.
        for pos in ["X../.O./..X", "O../.X./...", "X../.O./...", ".X./.O./..."] {
            let g = TicTacToe::classic().parse_position(pos).unwrap();
            assert_eq!(ttt_value(&g), 0, "{pos}");
            let r = Mcts::new(config.clone()).search(&g, &MctsLimits::iterations(200_000)).unwrap();
            eprintln!("{pos} seed {seed}: {} simulations", r.iterations);
            assert_eq!(r.proof, Proof::Draw, "{pos}, seed {seed}: {:?}", r.moves);
        }
    }
}

/// The Connect Four wins of
/// [`solver_finds_connect4_wins_that_plain_uct_misses`], each by one column
/// alone (the exact solver's): four threads on one lock-free tree prove them
/// and play that column, whatever the seed.
#[test]
fn lock_free_tree_proves_connect4_wins_on_four_threads() {
    use bitgames::games::connect4::solver::ConnectFourSolver;
    use bitgames::search::mcts::Parallel;
    let start = Connect4::standard();
    let mut exact = ConnectFourSolver::for_game(&start, 16);
    for moves in ["67767777565444112", "5455757733622231"] {
        let g = start.parse_position(moves).unwrap();
        let (best, score) = exact.best_moves(&g).unwrap();
        assert!(score > 0 && best.len() == 1, "{moves}: {best:?} {score}");
        for seed in 0..3 {
            let config =
                MctsConfig { threads: 4, parallel: Parallel::Tree, seed, ..MctsConfig::default() };
            let r = Mcts::new(config).search(&g, &MctsLimits::iterations(200_000)).unwrap();
            eprintln!("{moves} seed {seed}: proven after {} simulations", r.iterations);
            assert_eq!(r.proof, Proof::Win, "{moves}, seed {seed}");
            assert_eq!(r.best.0, best[0], "{moves}, seed {seed}");
        }
    }
}
