//! Bad input gets a clear error naming the fault, never a panic, and a refused
//! move leaves the game as it was.

use crate::common::message;
use bitgames::games::connect4::Connect4;
use bitgames::{
    new_game, IllegalReason, Notation, ParseError, PlayError, PositionFault, Rules, SpecError,
};

#[test]
fn unknown_game_and_bad_parameters() {
    assert!(message(new_game("chess")).contains("unknown game 'chess'"));
    assert!(message(new_game("connect4(width=0)")).contains("width must be 1–9"));
    assert!(message(new_game("connect4(width=10)")).contains("width must be 1–9"));
    assert!(
        message(new_game("connect4(width=8,height=8)")).contains("needs 72 bits (width×(height+1)")
    );
    assert!(message(new_game("connect4(colour=red)")).contains("no parameter 'colour'"));
    assert!(message(new_game("connect4(width=seven)")).contains("expected a whole number"));
    assert!(message(new_game("connect4(width=7")).contains("missing ')'"));
    assert!(message(new_game("tictactoe(k=4)")).contains("k must be 1–3"));
    assert!(message(new_game("tictactoe(width=40,height=40)")).contains("needs"));
    assert!(matches!(new_game(""), Err(SpecError::Syntax { .. })));
}

#[test]
fn malformed_positions() {
    let c4 = Connect4::standard();
    assert!(message(c4.parse_position("4459"))
        .contains("character 4 is '9', expected a column digit 1–7"));
    assert!(message(c4.parse_position("44a")).contains("character 3 is 'a'"));
    assert!(message(c4.parse_position("1111111")).contains("move 7 plays column 1, which is full"));
    assert!(message(c4.parse_position("12121212")).contains("after the game ended (X wins)"));
    let mut t = new_game("tictactoe").unwrap();
    assert!(message(t.set_position("XX./.../...")).contains("X must have as many as O or one more"));
    assert!(message(t.set_position("XO/../..")).contains("has 2 cells, expected 3"));
    assert!(message(t.set_position("XQ./.../...")).contains("unexpected 'Q'"));
    assert!(message(t.set_position("XXX/OOO/...")).contains("both players have a line"));
    assert!(matches!(c4.parse_position("0"), Err(ParseError::Position { .. })));
}

/// Every game's position errors carry a fault kind that callers can match,
/// the same kind for the same fault across games.
#[test]
fn position_faults_are_typed() {
    use PositionFault::*;
    // Each game's spec, then its bad positions with the fault of each.
    let cases: &[(&str, &[(&str, PositionFault)])] = &[
        ("connect4", &[("44a", Syntax), ("1111111", IllegalMove), ("12121212", AfterEnd)]),
        (
            "othello",
            &[
                ("Q--------------------------XO------XO--------------------------- X", Syntax),
                ("---------------------------XO------XO--------------------------- Z", SideToMove),
            ],
        ),
        (
            "go(size=5)",
            &[
                ("...../...../...../...../..... x 0 0 f9", OffBoard),
                ("x..../...../...../...../..... x 0 0 a5", Rules),
                ("xo.../o..../...../...../..... x", Rules),
                ("...../...../..... x", Syntax),
            ],
        ),
        ("clobber(width=2,height=2)", &[("xo/ox q", SideToMove)]),
        (
            "breakthrough(width=3,height=4)",
            &[(".../.../.../bbb b", Counts), ("b../.../.../www b", AfterEnd)],
        ),
        (
            "teeko",
            &[
                ("XX.../...../...../...../..... 2", Counts),
                ("XXXX./OOOO./...../...../..... 8", AfterEnd),
            ],
        ),
        (
            "tictactoe",
            &[("XX./.../...", Counts), ("XQ./.../...", Syntax), ("XXX/OOO/...", AfterEnd)],
        ),
        ("hex(size=3)", &[("x../.../... q", SideToMove)]),
    ];
    for &(spec, positions) in cases {
        for &(text, want) in positions {
            match new_game(spec).unwrap().set_position(text) {
                Err(ParseError::Position { fault, why, .. }) => {
                    assert_eq!(fault, want, "{spec} '{text}': {why}")
                }
                other => panic!("{spec} '{text}': expected a position error, got {other:?}"),
            }
        }
    }
}

#[test]
fn illegal_and_unparsable_moves_leave_the_state_unchanged() {
    let mut g = new_game("connect4").unwrap();
    g.set_position("111111").unwrap();
    let before = g.position();
    assert!(message(g.play_text("1")).contains("column 1 is full"));
    assert!(message(g.play_text("8")).contains("expected a column number 1–7"));
    assert!(message(g.play_text("x")).contains("cannot read move 'x'"));
    assert!(message(g.play_text("")).contains("cannot read move ''"));
    assert_eq!(g.position(), before);

    let mut t = new_game("tictactoe").unwrap();
    t.play_text("b2").unwrap();
    assert!(message(t.play_text("b2")).contains("b2 is already taken"));
    assert!(message(t.play_text("d1")).contains("expected a cell a1–c3"));
    assert!(message(t.play_text("zz")).contains("cannot read move 'zz'"));
    assert_eq!(t.ply(), 1);

    let mut won = Connect4::standard().parse_position("1212121").unwrap();
    let e = won.play(won.parse_move("3").unwrap()).unwrap_err();
    assert!(matches!(e, PlayError::GameOver { .. }));
    assert!(e.to_string().contains("is over (X wins)"));
}

#[test]
fn clobber_bad_input() {
    assert!(message(new_game("clobber(width=0)")).contains("width must be 1–64"));
    assert!(message(new_game("clobber(width=40,height=40)")).contains("needs"));
    let mut g = new_game("clobber").unwrap();
    let before = g.position();
    // x moves first: b1 is o's.
    let wrong_side = g.play_text("b1a1").unwrap_err();
    assert!(matches!(wrong_side, PlayError::Illegal { reason: IllegalReason::NotYourPiece, .. }));
    assert!(wrong_side.to_string().contains("b1 holds O's stone; X is to move"), "{wrong_side}");
    // Onto the mover's own stone (a1 and b2 are x's, and not adjacent either).
    let e = g.play_text("a1b2").unwrap_err();
    assert!(matches!(e, PlayError::Illegal { reason: IllegalReason::Rule, .. }), "{e}");
    assert!(e.to_string().contains("not next to"), "{e}");
    assert!(message(g.play_text("a1a3")).contains("a3 is not next to a1"));
    assert!(message(g.play_text("i1h1")).contains("cannot read move 'i1h1'"));
    assert!(message(g.play_text("a1a9")).contains("expected a from cell and a to cell in a1–h8"));
    assert!(message(g.play_text("a1")).contains("cannot read move 'a1'"));
    assert!(message(g.play_text("")).contains("cannot read move ''"));
    assert!(matches!(g.play_text("e1e0"), Err(PlayError::Parse(ParseError::Move { .. }))));
    assert_eq!(g.position(), before);
    // Onto an empty cell and onto an own stone.
    g.set_position("......../......../......../......../......../......../...x..../xx.o.... x")
        .unwrap();
    let empty = g.play_text("b1c1").unwrap_err();
    assert!(matches!(empty, PlayError::Illegal { reason: IllegalReason::Rule, .. }));
    assert!(empty.to_string().contains("c1 is empty: a move must clobber an enemy stone"));
    assert!(message(g.play_text("a1b1")).contains("b1 holds your own stone"));
    assert!(message(g.play_text("c1d1")).contains("c1 is empty; X is to move"));
    assert_eq!(g.legal_moves(), vec!["d2d1"]);
    // x cannot move: o has won, and every move is refused as the game is over.
    g.set_position("......../......../......../......../......../......../......../xx.o.... x")
        .unwrap();
    assert!(message(g.play_text("b1c1"))
        .contains("the clobber(width=8,height=8) game is over (O wins)"));
    // Malformed positions.
    assert!(message(g.set_position("xo/ox x")).contains("2 rows, expected 8"));
    let mut s = new_game("clobber(width=3,height=2)").unwrap();
    assert!(message(s.set_position("xox/ox x")).contains("row 1 ('ox') has 2 cells, expected 3"));
    assert!(message(s.set_position("xox/oqo x")).contains("'q' at b1: expected x, o or ."));
    assert!(
        message(s.set_position("xox/oxo z")).contains("the side to move is 'z', expected x or o")
    );
    assert!(message(s.set_position("xox/oxo")).contains("a space and the side to move"));
    assert!(matches!(s.set_position("xox/oxo x o"), Err(ParseError::Position { .. })));
    s.set_position("x.x/oxo o").unwrap();
    assert_eq!(s.position(), "x.x/oxo o");
}

/// An alpha-beta table larger than the machine can give is an error naming its
/// size, not an abort (issue 33, row 12); through the dynamic interface too.
#[test]
fn an_impossible_alphabeta_table_is_an_error() {
    use bitgames::search::alphabeta::{AlphaBeta, GameEval, Limits};
    let e = AlphaBeta::<Connect4, GameEval>::try_new(GameEval, 1 << 40).err().unwrap();
    assert!(e.to_string().contains("cannot allocate a table of"), "{e}");
    let g = new_game("connect4").unwrap();
    let e = g.alphabeta_engine("alphabeta".into(), Limits::default(), 1 << 40).err().unwrap();
    assert!(e.to_string().contains("MiB"), "{e}");
    assert!(g.alphabeta_engine("alphabeta".into(), Limits::default(), 1).is_ok());
}
