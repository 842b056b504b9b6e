//! Property tests: random games of every registered game, on random (small)
//! parameters, never make an engine panic or answer an illegal move: the random,
//! greedy and MCTS engines with random settings, the game's own engines
//! (Othello's alpha-beta player, Connect Four's solver on nearly full boards),
//! the generic alpha-beta search on every typed game with random limits, and
//! the exact solvers of `bitgames solve` on positions with few empty cells.
//!
//! Kept to a few seconds in the test profile: small case counts, boards of at
//! most 5 past their minimum, tiny iteration and node limits.

use bitgames::games::clobber::{Clobber, Clobber64};
use bitgames::games::{
    breakthrough::Breakthrough, connect4::Connect4, go::Go, gomoku::Gomoku, havannah::Havannah,
    hex::Hex, othello::Othello, teeko::Teeko, tictactoe::TicTacToe, y::Y, yavalath::Yavalath,
};
use bitgames::registry::{self, ParamKind};
use bitgames::search::alphabeta::{AlphaBeta, Limits, NoHeuristic};
use bitgames::tools::{SolveMode, SolveOptions};
use bitgames::{DynGame, Game};
use proptest::prelude::*;

/// A game of the registry (`which` over the whole list) on small parameters
/// chosen by `dims` (each size within 5 of its minimum), or its default spec
/// when `dims` is even or the small spec does not build.
fn small_game(which: usize, dims: u64) -> Box<dyn DynGame> {
    let games = registry::games();
    let info = games[which % games.len()];
    if dims & 1 == 1 {
        let mut d = dims >> 1;
        let mut pairs = Vec::new();
        for p in info.params {
            if let ParamKind::Int { min, max } = p.kind {
                let span = (max - min + 1).clamp(1, 5);
                pairs.push((p.name.to_string(), (min + (d % span as u64) as i64).to_string()));
                d /= 5;
            }
        }
        if let Ok(g) = registry::new_game(&registry::write_spec(info.name, &pairs)) {
            return g;
        }
    }
    registry::new_game(info.name).expect("every game builds its default")
}

/// Plays up to `plies` random moves (seeded) on `g`.
fn advance(g: &mut Box<dyn DynGame>, plies: usize, seed: u64) {
    for i in 0..plies as u64 {
        let Some(m) = g.random_move(seed.wrapping_add(i)) else { break };
        g.play_text(&m).expect("a random move is legal");
    }
}

/// Empty cells of the board (the cells with no owner).
fn empties(g: &dyn DynGame) -> usize {
    g.board().cells.iter().filter(|c| c.owner.is_none()).count()
}

/// An engine spec for `g` from the knobs: random, greedy, MCTS with small
/// limits, or the game's own engine where one fits a small search.
fn engine_spec(g: &dyn DynGame, pick: u8, n: u64, flags: u8) -> Option<String> {
    let name = registry::info_of(g).map(|i| i.name).unwrap_or_default();
    let b = |k: u8| flags >> k & 1 == 1;
    Some(match pick % 4 {
        0 => format!("random(seed={n})"),
        1 => format!("greedy(seed={n})"),
        2 => format!(
            "mcts(iterations={},seed={n},solver={},rave={},reuse={},c={},threads={},max_tree_mib=1)",
            1 + n % 40,
            b(0),
            b(1),
            b(2),
            [0.0, 0.5, 1.4, 100.0][(flags >> 3) as usize % 4],
            1 + b(5) as u8,
        ),
        _ => match name {
            "othello" => format!("alphabeta(level={},time_ms={})", 1 + n % 2, n % 3 * 5),
            "connect4" if empties(g) <= 12 => format!("solver(table_mib=1,seed={n})"),
            _ => return None,
        },
    })
}

/// Searches the typed game under `g` with the generic alpha-beta and checks the
/// move is legal; `false` if `g` is not one of the types tried (storage of 1, 2
/// or 4 words: every small board and every default spec).
fn alphabeta_any(g: &dyn DynGame, depth: u32, nodes: u64) -> bool {
    fn run<G: Game>(g: &G, depth: u32, nodes: u64) {
        let mut ab = AlphaBeta::new(NoHeuristic, 1);
        let limits = Limits { depth: Some(depth), nodes: Some(nodes), time: None };
        match ab.search(g, &limits) {
            Ok(r) => {
                assert!(g.is_legal(r.best), "{}: alpha-beta chose illegal {}", g.spec(), r.best)
            }
            Err(e) => assert!(g.outcome().is_some(), "{}: {e}", g.spec()),
        }
    }
    macro_rules! try_types {
        ($($t:ty),* $(,)?) => {
            $(if let Some(t) = g.as_any().downcast_ref::<$t>() {
                run(t, depth, nodes);
                return true;
            })*
        };
    }
    macro_rules! words {
        ($($g:ident),*) => {
            $(try_types!($g<1>, $g<2>, $g<4>);)*
        };
    }
    try_types!(Othello, Connect4, Teeko, Clobber64);
    words!(Breakthrough, Clobber, Go, Gomoku, Havannah, Hex, TicTacToe, Y, Yavalath);
    false
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Every engine of every game answers a legal move (or none, once the game
    /// is over), move after move, whatever its settings.
    #[test]
    fn engines_play_legal_moves(
        which in 0usize..64, dims in any::<u64>(), plies in 0usize..80, seed in any::<u64>(),
        pick in any::<u8>(), n in 0u64..1000, flags in any::<u8>(),
    ) {
        let mut g = small_game(which, dims);
        advance(&mut g, plies, seed);
        let Some(spec) = engine_spec(g.as_ref(), pick, n, flags) else { return Ok(()) };
        let mut engine = registry::new_engine(g.as_ref(), &spec)
            .unwrap_or_else(|e| panic!("{spec} for {}: {e}", g.spec()));
        for _ in 0..3 {
            let legal = g.legal_moves();
            match engine.choose(g.as_ref()) {
                Ok(Some(m)) => {
                    prop_assert!(legal.contains(&m.mv), "{spec} at {}: {} not in {legal:?}", g.position(), m.mv);
                    g.play_text(&m.mv).expect("a legal move plays");
                }
                Ok(None) => {
                    prop_assert!(legal.is_empty(), "{spec} at {}: no move among {legal:?}", g.position());
                    break;
                }
                Err(e) => prop_assert!(false, "{spec} at {}: {e}", g.position()),
            }
        }
    }

    /// The generic alpha-beta search runs on every typed game with random depth
    /// and node limits and chooses a legal move.
    #[test]
    fn alphabeta_on_every_game(
        which in 0usize..64, dims in any::<u64>(), plies in 0usize..80, seed in any::<u64>(),
        depth in 1u32..5, nodes in 1u64..3000,
    ) {
        let mut g = small_game(which, dims | 1);
        advance(&mut g, plies, seed);
        prop_assert!(alphabeta_any(g.as_ref(), depth, nodes), "no typed game for {}", g.spec());
    }

    /// The exact solvers (`bitgames solve`) read and solve positions with few
    /// empty cells in every mode: a report, or an error for a finished game,
    /// never a panic.
    #[test]
    fn solvers_on_small_positions(
        which in 0usize..64, dims in any::<u64>(), seed in any::<u64>(), mode in 0u8..3, weak in any::<bool>(),
    ) {
        let mut g = small_game(which, dims);
        let Some(solver) = registry::info_of(g.as_ref()).and_then(|i| i.tools.solver) else { return Ok(()) };
        let cells = g.board().cells.len();
        advance(&mut g, cells.saturating_sub(10), seed);
        let opts = SolveOptions {
            mode: [SolveMode::Score, SolveMode::Best, SolveMode::Analyze][mode as usize],
            weak: weak && solver.takes.weak,
            table_mib: 1,
            threads: 1,
            book: None,
        };
        let mut s = (solver.build)(g.as_ref(), &opts).expect("a solver builds");
        let mut out = Vec::new();
        match s.solve_line(&g.position(), &mut out) {
            Ok(_) => prop_assert!(!out.is_empty(), "{}: an empty report", g.position()),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
        // The typed answer agrees with itself: best and analysed moves are
        // legal, an analysis's score is its best move's.
        if let Ok(sol) = s.solve(g.as_ref()) {
            let legal = g.legal_moves();
            for m in sol.best.iter().chain(sol.moves.iter().map(|m| &m.mv)) {
                prop_assert!(legal.contains(m), "{}: {m} is not legal", g.position());
            }
            if let Some(top) = sol.moves.iter().map(|m| m.score).max() {
                prop_assert_eq!(top, sol.score, "{}", g.position());
            }
            if opts.mode == SolveMode::Analyze {
                prop_assert_eq!(sol.moves.len(), legal.len(), "{}", g.position());
            }
        }
    }
}
