//! The Connect Four solver against Pons' benchmark sets (every line of the end,
//! middle and easy-beginning sets in the normal run; the medium and hard
//! beginning sets are ignored tests: `cargo test --release -- --ignored`), known
//! results on small boards, analysis, best moves and books.

use bitgames::games::connect4::book::{Book, BookError};
use bitgames::games::connect4::book_builder;
use bitgames::games::connect4::sets::TEST_SETS;
use bitgames::games::connect4::solver::{ConnectFourSolver, SolveError, SolverError};
use bitgames::games::connect4::Connect4;
use bitgames::{Hints, Notation, Rules, SetupError};
use std::sync::Arc;

fn check_set(name: &str, limit: usize, weak: bool) {
    let set = TEST_SETS.iter().find(|s| s.name == name).expect("known set");
    let start = Connect4::standard();
    let mut solver = ConnectFourSolver::for_game(&start, 16);
    let mut n = 0;
    for (moves, want) in set.positions().take(limit) {
        let g = start.parse_position(moves).unwrap();
        let got = solver.solve(&g, weak).unwrap().score;
        let want = if weak { want.signum() } else { want };
        assert_eq!(got, want, "{name}: {moves}");
        n += 1;
    }
    assert_eq!(n, limit.min(1000));
}

/// One `#[test]` a benchmark set (with its `#[ignore]` where slow): the
/// exact score of each of its lines.
macro_rules! exact_scores {
    ($($(#[$attr:meta])* $test:ident: $set:literal,)*) => {
        $(
            #[test]
            $(#[$attr])*
            fn $test() {
                check_set($set, 1000, false);
            }
        )*
    };
}

exact_scores! {
    end_easy_l3_r1: "Test_L3_R1",
    middle_easy_l2_r1: "Test_L2_R1",
    middle_medium_l2_r2: "Test_L2_R2",
    begin_easy_l1_r1: "Test_L1_R1",
    #[ignore = "slow: about 100 ms a position; run with --release -- --ignored"]
    begin_medium_l1_r2: "Test_L1_R2",
    #[ignore = "slow: seconds a position; run with --release -- --ignored"]
    begin_hard_l1_r3: "Test_L1_R3",
}

/// Two threads (every root search on both, sharing the big table, ABDADA
/// spreading them over the tree) give the same scores. Test_L1_R2's searches
/// are big enough for the threads to put children off.
#[test]
fn two_threads_agree() {
    let set = TEST_SETS.iter().find(|s| s.name == "Test_L1_R2").unwrap();
    let start = Connect4::standard();
    let mut solver = ConnectFourSolver::for_game(&start, 16);
    solver.set_threads(2);
    for (moves, want) in set.positions().take(12) {
        let g = start.parse_position(moves).unwrap();
        assert_eq!(solver.solve(&g, false).unwrap().score, want, "{moves}");
        assert_eq!(solver.solve(&g, true).unwrap().score, want.signum(), "{moves} weak");
    }
}

/// More threads than this machine may have cores (some run late, the first to
/// finish a root search calls the others off) give Pons' scores, through
/// small and big searches, and an analysis gives one thread's.
#[test]
fn five_threads_agree() {
    let start = Connect4::standard();
    let mut solver = ConnectFourSolver::for_game(&start, 16);
    solver.set_threads(5);
    for (name, limit) in [("Test_L2_R2", 40), ("Test_L1_R1", 40), ("Test_L1_R2", 6)] {
        let set = TEST_SETS.iter().find(|s| s.name == name).unwrap();
        for (moves, want) in set.positions().take(limit) {
            let g = start.parse_position(moves).unwrap();
            assert_eq!(solver.solve(&g, false).unwrap().score, want, "{name}: {moves}");
        }
    }
    // Each column's score, as one thread finds it.
    let set = TEST_SETS.iter().find(|s| s.name == "Test_L1_R1").unwrap();
    let (moves, want) = set.positions().next().unwrap();
    let g = start.parse_position(moves).unwrap();
    let scores = solver.analyze(&g, false).unwrap();
    assert_eq!(scores.iter().flatten().max(), Some(&want), "{moves}");
    solver.set_threads(1);
    assert_eq!(solver.analyze(&g, false).unwrap(), scores);
}

#[test]
fn weak_scores_on_middle_sets() {
    check_set("Test_L2_R1", 1000, true);
    check_set("Test_L2_R2", 200, true);
}

/// Every board of up to 16 cells, through both the compiled sizes (4×4) and the
/// run-time-size solver, against a plain exhaustive negamax with memoised exact
/// values; 4×4 is a draw (Tromp's table of solved sizes).
#[test]
fn small_boards_match_exhaustive_search() {
    use std::collections::HashMap;
    fn exact(g: &Connect4, memo: &mut HashMap<u64, i32>) -> i32 {
        if let Some(&v) = memo.get(&g.key()) {
            return v;
        }
        let cells = (g.width() * g.height()) as i32;
        let mut best = i32::MIN;
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        for &m in &moves {
            let mut c = g.clone();
            c.play_unchecked(m);
            let v = match c.outcome() {
                Some(bitgames::Outcome::WonBy(_)) => (cells + 1 - g.ply() as i32) / 2,
                Some(bitgames::Outcome::Draw) => 0,
                None => -exact(&c, memo),
            };
            best = best.max(v);
        }
        memo.insert(g.key(), best);
        best
    }
    for (w, h) in
        [(1, 1), (1, 4), (2, 2), (3, 3), (4, 1), (3, 4), (4, 3), (2, 6), (5, 3), (3, 5), (4, 4)]
    {
        let g = Connect4::new(w, h).unwrap();
        let mut memo = HashMap::new();
        let want = exact(&g, &mut memo);
        let mut s = ConnectFourSolver::for_game(&g, 1);
        assert_eq!(s.solve(&g, false).unwrap().score, want, "{w}×{h}");
        assert_eq!(s.solve(&g, true).unwrap().score, want.signum(), "{w}×{h} weak");
        // And a few positions inside the tree.
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        for &m in &moves {
            let mut c = g.clone();
            c.play_unchecked(m);
            if c.outcome().is_none() {
                assert_eq!(
                    s.solve(&c, false).unwrap().score,
                    exact(&c, &mut memo),
                    "{w}×{h} after {m}"
                );
            }
        }
        if (w, h) == (4, 4) {
            assert_eq!(want, 0, "4×4 is a draw");
        }
    }
}

#[test]
fn analysis_and_best_moves() {
    let start = Connect4::standard();
    let mut s = ConnectFourSolver::for_game(&start, 16);
    // A middle-game line from L2_R1: every column's score is minus the score of
    // the position after it, and the best of them is the position's score.
    let (moves, want) = TEST_SETS[1].positions().nth(3).unwrap();
    let g = start.parse_position(moves).unwrap();
    let scores = s.analyze(&g, false).unwrap();
    assert_eq!(scores.iter().flatten().max().copied(), Some(want));
    for (c, sc) in scores.iter().enumerate() {
        let mut after = g.clone();
        if let Some(v) = sc {
            after.play(after.parse_move(&(c + 1).to_string()).unwrap()).unwrap();
            if after.outcome().is_none() {
                assert_eq!(*v, -s.solve(&after, false).unwrap().score);
            }
        } else {
            assert!(after.play(after.parse_move(&(c + 1).to_string()).unwrap()).is_err());
        }
    }
    let (best, score) = s.best_moves(&g).unwrap();
    assert_eq!(score, want);
    assert!(!best.is_empty());
    // A finished game cannot be solved.
    let over = start.parse_position("1212121").unwrap();
    assert!(matches!(s.solve(&over, false), Err(SolveError::Finished { .. })));
}

/// A depth-3 book on 5×4 (small enough to build in the test) gives the same
/// answers as solving without it, survives a round trip through bytes, and a
/// book for the wrong size is refused.
#[test]
fn book_gives_the_same_scores() {
    let b = book_builder::generate(5, 4, 3, false, 8, 2, |_, _| {}).unwrap();
    assert!(!b.is_empty());
    let again = Book::from_bytes(&b.to_bytes(), None).unwrap();
    assert_eq!(again, b);
    let start = Connect4::new(5, 4).unwrap();
    let mut with = ConnectFourSolver::for_game(&start, 8);
    with.set_book(Arc::new(b.clone())).unwrap();
    let mut without = ConnectFourSolver::for_game(&start, 8);
    for text in ["", "3", "33", "312", "1234", "55443", "3333"] {
        let g = start.parse_position(text).unwrap();
        assert_eq!(
            with.solve(&g, false).unwrap().score,
            without.solve(&g, false).unwrap().score,
            "{text}"
        );
    }
    let mut standard = ConnectFourSolver::for_game(&Connect4::standard(), 1);
    assert!(matches!(
        standard.set_book(Arc::new(b)),
        Err(BookError::WrongSize { book_w: 5, book_h: 4, width: 7, height: 6 })
    ));
}

/// Bad sizes and depths are errors callers can match, naming the input.
#[test]
fn typed_errors() {
    let e = ConnectFourSolver::new(8, 8, 1).err().expect("8×8 needs 72 bits");
    assert!(matches!(
        e,
        SolverError::BadSize(SetupError::TooLarge { width: 8, height: 8, needed: 72, .. })
    ));
    assert!(e.to_string().contains("8×8"), "{e}");
    assert!(matches!(
        ConnectFourSolver::new(10, 4, 1),
        Err(SolverError::BadSize(SetupError::OutOfRange { param: "width", value: 10, .. }))
    ));
    assert!(matches!(
        ConnectFourSolver::new(0, 4, 1),
        Err(SolverError::BadSize(SetupError::OutOfRange { param: "width", value: 0, .. }))
    ));
    assert!(matches!(
        book_builder::generate(4, 4, 17, false, 1, 1, |_, _| {}),
        Err(BookError::TooDeep { depth: 17, cells: 16 })
    ));
    assert!(matches!(
        book_builder::generate(9, 7, 1, false, 1, 1, |_, _| {}),
        Err(BookError::BadSize(SetupError::TooLarge { width: 9, height: 7, .. }))
    ));
}

/// The empty 7×6 board is a first-player win: +1 (the first player wins with
/// their 21st stone, the last one). Minutes on one thread without a book.
#[test]
#[ignore = "slow: minutes; run with --release -- --ignored"]
fn empty_board_is_plus_one() {
    let start = Connect4::standard();
    let mut s = ConnectFourSolver::for_game(&start, 1024);
    assert_eq!(s.solve(&start, false).unwrap().score, 1);
}

/// The last empty cell: `analyze` solves the full board after it (a draw
/// unless that stone wins), which once reached the search with an empty
/// window (`min_score == max_score == 0`). Random games on three boards, every
/// position with one or two empty cells, against the rule itself.
#[test]
fn analysis_of_the_last_cells() {
    use rand::SeedableRng;
    let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
    let mut seen = 0;
    for (w, h) in [(7, 6), (6, 5), (4, 4)] {
        let start = Connect4::new(w, h).unwrap();
        let mut solver = ConnectFourSolver::for_game(&start, 1);
        for _ in 0..200 {
            let mut g = start.clone();
            while g.outcome().is_none() {
                let empty = w * h - g.ply();
                if empty == 1 {
                    seen += 1;
                    let scores = solver.analyze(&g, false).unwrap();
                    let col = scores.iter().position(|s| s.is_some()).unwrap();
                    let mut after = g.clone();
                    after.play(after.parse_move(&(col + 1).to_string()).unwrap()).unwrap();
                    let want = if after.outcome() == Some(bitgames::Outcome::Draw) { 0 } else { 1 };
                    assert_eq!(scores[col], Some(want), "{}", g.position());
                    assert_eq!(solver.solve(&g, false).unwrap().score, want, "{}", g.position());
                }
                let mv = g.random_move(&mut rng).unwrap();
                g.play(mv).unwrap();
            }
        }
    }
    assert!(seen > 10, "{seen} positions with one empty cell");
}

/// The stop flag: raised at the solver's first progress report on the empty
/// 7×6 board (minutes of search), the solve stops within a few thousand nodes
/// of it with `Stopped`; a raised flag stops a new solve at once; lowered, the
/// same solver (its table kept) still solves Pons' End-Easy lines exactly.
#[test]
fn a_raised_stop_flag_stops_a_hard_solve() {
    use bitgames::games::connect4::solver::{Progress, CHECK_EVERY};
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
    let start = Connect4::standard();
    let mut s = ConnectFourSolver::for_game(&start, 16);
    let flag = Arc::new(AtomicBool::new(false));
    let at = Arc::new(AtomicU64::new(0));
    s.set_stop(Some(Arc::clone(&flag)));
    let (f, a) = (Arc::clone(&flag), Arc::clone(&at));
    s.set_progress(Some(Box::new(move |p: Progress| {
        if !f.swap(true, Relaxed) {
            a.store(p.nodes, Relaxed);
        }
    })));
    let nodes = match s.solve(&start, false) {
        Err(SolveError::Stopped { nodes }) => nodes,
        other => panic!("not stopped: {other:?}"),
    };
    let raised = at.load(Relaxed);
    assert!(raised > 0 && nodes >= raised, "raised at {raised} nodes, stopped at {nodes}");
    // Bookkeeping every CHECK_EVERY nodes; the lean search's leaves run on a
    // little past it.
    assert!(nodes - raised < 64 * CHECK_EVERY, "raised at {raised} nodes, stopped at {nodes}");
    assert_eq!(s.analyze(&start, false), Err(SolveError::Stopped { nodes: 0 }));
    s.set_progress(None);
    flag.store(false, Relaxed);
    check_with(&mut s, "Test_L3_R1", 50);

    // From another thread, with the search on two threads.
    s.set_threads(2);
    let f = Arc::clone(&flag);
    let raiser = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(100));
        f.store(true, Relaxed);
    });
    assert!(matches!(s.solve(&start, false), Err(SolveError::Stopped { .. })));
    raiser.join().unwrap();
    flag.store(false, Relaxed);
    s.set_threads(1);
    check_with(&mut s, "Test_L3_R1", 50);
}

/// The first `limit` lines of a Pons set, solved with `solver`.
fn check_with(solver: &mut ConnectFourSolver, name: &str, limit: usize) {
    let set = TEST_SETS.iter().find(|s| s.name == name).expect("known set");
    let start = Connect4::standard();
    for (moves, want) in set.positions().take(limit) {
        let g = start.parse_position(moves).unwrap();
        assert_eq!(solver.solve(&g, false).unwrap().score, want, "{name}: {moves}");
    }
}

/// The shipped 7×6 book: every position of at most five moves (2,863 after
/// merging mirror images); the empty board +1 and its columns' published
/// scores (Pons' solver and gamesolver.org: -2 -1 0 +1 0 -1 -2); each entry
/// above the last ply the best of its children negated (no game ends within
/// six moves); leaves equal to a fresh solve without the book.
#[test]
fn builtin_book_7x6() {
    use bitgames::games::connect4::book::{builtin, BUILTIN_DEPTH};
    let book = builtin(7, 6).expect("the shipped book");
    assert!(builtin(6, 5).is_none() && builtin(7, 7).is_none());
    assert_eq!((book.width(), book.height(), book.depth(), book.is_weak()), (7, 6, 5, false));
    assert_eq!(book.depth(), BUILTIN_DEPTH);
    assert_eq!(book.len(), 2863);
    let start = Connect4::standard();
    let at = |moves: &str| start.parse_position(moves).unwrap();
    assert_eq!(book.get(start.key()), Some(1));
    // A column's score for the mover is its child's score for the opponent, negated.
    let columns: Vec<_> = (1..=7).map(|c| book.get(at(&c.to_string()).key()).map(|s| -s)).collect();
    assert_eq!(columns, [-2, -1, 0, 1, 0, -1, -2].map(Some));

    // Negamax over the whole book, position by position.
    fn walk(g: &Connect4, book: &Book, n: &mut usize) {
        let here = book.get(g.key()).unwrap_or_else(|| panic!("{g:?} is not in the book"));
        *n += 1;
        if g.ply() as u32 == book.depth() {
            return;
        }
        let mut best = i32::MIN;
        let mut moves = Vec::new();
        Rules::legal_moves(g, &mut moves);
        for mv in moves {
            let mut c = g.clone();
            c.play_unchecked(mv);
            assert!(c.outcome().is_none());
            best = best.max(-book.get(c.key()).expect("a child in the book"));
            walk(&c, book, n);
        }
        assert_eq!(here, best, "{:?}", g.move_sequence());
    }
    let mut visited = 0;
    walk(&start, &book, &mut visited);
    assert_eq!(visited, 1 + 7 + 49 + 343 + 2401 + 16807);

    // Leaves that solve quickly, against the solver without a book.
    let mut solver = ConnectFourSolver::for_game(&start, 16);
    for moves in ["13147", "31475", "26274", "44647"] {
        let g = at(moves);
        assert_eq!(Some(solver.solve(&g, false).unwrap().score), book.get(g.key()), "{moves}");
    }
}

/// The registry's solver answers typed values, the same in every mode: Pons'
/// score of an end-set position (L3_R1's `271713432331713132`, −11), every
/// column's score in an analysis (the best one's is the position's), the best
/// columns, and Pons' line as its report.
#[test]
fn the_registry_solver_answers_typed_values() {
    use bitgames::tools::{SolveMode, SolveOptions};
    let game = bitgames::new_game("connect4").unwrap();
    let info = bitgames::registry::info_of(game.as_ref()).unwrap().tools.solver.unwrap();
    let solver = |mode| {
        let opts = SolveOptions { mode, weak: false, table_mib: 16, threads: 1, book: None };
        (info.build)(game.as_ref(), &opts).unwrap()
    };
    let line = "271713432331713132";
    let mut s = solver(SolveMode::Score);
    let input = s.read(line).unwrap();
    let sol = s.solve(input.game.as_ref()).unwrap();
    assert_eq!(sol.score, -11);
    assert!(sol.nodes > 0);
    let mut out = Vec::new();
    s.report(&input, &sol, &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(out.starts_with("271713432331713132 -11 "), "{out}");

    let mut a = solver(SolveMode::Analyze);
    let sol = a.solve(input.game.as_ref()).unwrap();
    assert_eq!(sol.score, -11);
    assert_eq!(sol.moves.len(), input.game.legal_moves().len());
    let mut b = solver(SolveMode::Best);
    let best = b.solve(input.game.as_ref()).unwrap();
    assert_eq!(best.score, -11);
    let top: Vec<&str> =
        sol.moves.iter().filter(|m| m.score == -11).map(|m| m.mv.as_str()).collect();
    let mut named: Vec<&str> = best.best.iter().map(String::as_str).collect();
    named.sort_unstable();
    let mut top = top;
    top.sort_unstable();
    assert_eq!(named, top);
    // A position of another game is refused, typed.
    let other = bitgames::new_game("othello").unwrap();
    assert!(s.solve(other.as_ref()).unwrap_err().is_input());
}
