//! The crate root's facade (`bitgames::{new_game, new_solver, …}`), as the
//! examples and the front ends use it: solvers found by the game, their typed
//! solutions, and the input errors of asking for what a game has not.

use bitgames::{new_game, new_solver, SolveMode, SolveOptions, ToolError};

fn analyse() -> SolveOptions {
    SolveOptions { mode: SolveMode::Analyze, ..SolveOptions::default() }
}

/// Pons' `Test_L3_R1`, first line: score -1 for the side to move, whose two
/// columns left score -1 (column 6) and -2 (column 7).
#[test]
fn a_connect_four_analysis_scores_every_column_and_names_the_best() {
    let game = new_game("connect4").unwrap();
    let mut solver = new_solver(game.as_ref(), &analyse()).unwrap();
    let input = solver.read("2252576253462244111563365343671351441").unwrap();
    let s = solver.solve(input.game.as_ref()).unwrap();
    assert_eq!(s.score, -1);
    assert_eq!(s.best, ["6"]);
    let moves: Vec<(&str, i32)> = s.moves.iter().map(|m| (m.mv.as_str(), m.score)).collect();
    assert_eq!(moves, [("6", -1), ("7", -2)]);
    assert_eq!(input.mismatch(&s), None);
}

/// FFO #40 (20 empties): +38 with a2 alone; c7 +36 next (Edax, the FFO file).
#[test]
fn an_othello_analysis_names_the_one_best_move_of_ffo_40() {
    let game = new_game("othello").unwrap();
    let mut solver = new_solver(game.as_ref(), &analyse()).unwrap();
    let line = bitgames::games::othello::FFO_40_59.lines().next().unwrap();
    let input = solver.read(line).unwrap();
    let s = solver.solve(input.game.as_ref()).unwrap();
    assert_eq!((s.score, s.best.as_slice()), (38, ["a2".to_string()].as_slice()));
    assert_eq!((s.moves[1].mv.as_str(), s.moves[1].score), ("c7", 36));
    assert_eq!(input.mismatch(&s), None, "the FFO line's scored moves agree");
}

/// A bad position and a table the machine cannot give come back as typed
/// errors, both the user's fault.
#[test]
fn a_solver_reports_positions_and_tables_typed() {
    let c4 = new_game("connect4").unwrap();
    let solver = new_solver(c4.as_ref(), &SolveOptions::default()).unwrap();
    let e = solver.read("4458").err().unwrap();
    assert!(
        matches!(&e, ToolError::Position(bitgames::ParseError::Position { fault, .. })
            if *fault == bitgames::PositionFault::Syntax),
        "{e:?}"
    );
    assert!(e.is_input());
    for spec in ["connect4", "othello"] {
        let g = new_game(spec).unwrap();
        let opts = SolveOptions { table_mib: 1 << 40, ..SolveOptions::default() };
        let e = new_solver(g.as_ref(), &opts).err().unwrap();
        assert!(matches!(e, ToolError::Table { mib, .. } if mib == 1 << 40), "{spec}: {e:?}");
        assert!(e.is_input() && e.to_string().starts_with("a table of 1099511627776 MiB"), "{e}");
    }
}

#[test]
fn asking_a_game_for_a_solver_it_has_not_is_an_input_error() {
    let ttt = new_game("tictactoe").unwrap();
    let e = new_solver(ttt.as_ref(), &SolveOptions::default()).err().unwrap();
    assert!(
        matches!(&e, ToolError::NoSolver { game, with }
            if game == "tictactoe(width=3,height=3,k=3)" && with == &["connect4", "othello"]),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "no solver for tictactoe(width=3,height=3,k=3) (games with one: connect4, othello)"
    );
    let othello = new_game("othello").unwrap();
    let weak = SolveOptions { weak: true, ..SolveOptions::default() };
    let e = new_solver(othello.as_ref(), &weak).err().unwrap();
    assert!(matches!(&e, ToolError::NotTaken { option: "weak", .. }), "{e:?}");
    assert!(e.is_input() && e.to_string().contains("a weak solve is not for othello"), "{e}");
    let book = SolveOptions { book: Some("book.bin".into()), ..SolveOptions::default() };
    let e = new_solver(othello.as_ref(), &book).err().unwrap();
    assert!(matches!(&e, ToolError::NotTaken { option: "book", .. }), "{e:?}");
    assert!(e.is_input() && e.to_string().contains("opening book is not for othello"), "{e}");
}

/// A book that is a folder, missing, or not a book; a position of another
/// game; a finished game: each a typed error with the user at fault, the
/// game tool's own error reachable by downcasting.
#[test]
fn a_solver_reports_books_games_and_finished_positions_typed() {
    use bitgames::games::connect4::book::BookError;
    use bitgames::tools::FileFault;
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("facade-books");
    std::fs::create_dir_all(&dir).unwrap();
    let junk = dir.join("junk.book");
    std::fs::write(&junk, b"not a book at all, just some bytes").unwrap();
    let c4 = new_game("connect4").unwrap();
    let with_book = |path: &std::path::Path| {
        let opts = SolveOptions { book: Some(path.to_path_buf()), ..SolveOptions::default() };
        new_solver(c4.as_ref(), &opts).err().expect("a bad book is refused")
    };
    let e = with_book(&dir);
    assert!(
        matches!(&e, ToolError::File { what: "book", fault: FileFault::Directory, .. }),
        "{e:?}"
    );
    assert!(e.to_string().ends_with("is a directory, not a book file"), "{e}");
    let e = with_book(&dir.join("missing.book"));
    assert!(matches!(&e, ToolError::File { fault: FileFault::Unreadable(_), .. }), "{e:?}");
    assert!(e.to_string().starts_with("cannot read book '"), "{e}");
    let e = with_book(&junk);
    let ToolError::Game(inner) = &e else { panic!("{e:?}") };
    assert!(inner.downcast_ref::<BookError>().is_some(), "{inner:?}");
    assert!(e.is_input());
    // Othello's position handed to Connect Four's solver.
    let mut solver = new_solver(c4.as_ref(), &SolveOptions::default()).unwrap();
    let othello = new_game("othello").unwrap();
    let e = solver.solve(othello.as_ref()).err().unwrap();
    assert!(
        matches!(&e, ToolError::WrongGame { game, tool } if game.starts_with("othello") && tool == "connect4"),
        "{e:?}"
    );
    assert!(e.to_string().ends_with("is not a connect4 game"), "{e}");
    // An option out of range names itself.
    let (_, nboard) = bitgames::registry::protocol("nboard").unwrap();
    let e = (nboard.build)(0).err().unwrap();
    assert!(matches!(&e, ToolError::BadOption { option: "depth", .. }), "{e:?}");
    assert_eq!(e.to_string(), "depth 0 is out of range 1–60");
    // An OBF line that does not parse: Othello's own FormatError.
    let ot = new_solver(othello.as_ref(), &SolveOptions::default()).unwrap();
    let e = ot.read("this is no OBF line").err().unwrap();
    let ToolError::Game(inner) = &e else { panic!("{e:?}") };
    assert!(
        inner.downcast_ref::<bitgames::games::othello::formats::FormatError>().is_some(),
        "{inner:?}"
    );
}
