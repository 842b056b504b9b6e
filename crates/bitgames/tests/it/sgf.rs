//! SGF for Go and Hex: exact text of small records, round trips, setup
//! stones, variations, and malformed input (errors, never a panic).

use bitgames::sgf::{read, write, SgfError};
use bitgames::{new_game, GameRecord};

fn record(spec: &str, moves: &[&str]) -> GameRecord {
    let mut r = GameRecord::new(new_game(spec).unwrap());
    for m in moves {
        r.play(m).unwrap();
    }
    r
}

#[test]
fn go_record_text() {
    // Black c3 alone on 5×5 owns all 25 points: B+24.5 with komi 0.5.
    let r = record("go(size=5,komi=0.5)", &["c3", "pass", "pass"]);
    let text = write(&r, Some("me"), Some("you [2]"), None).unwrap();
    let want = format!(
        "(;FF[4]GM[1]CA[UTF-8]AP[bitgames:{}]SZ[5]KM[0.5]PB[me]PW[you [2\\]]RE[B+24.5]\n\
         ;B[cc];W[];B[])\n",
        env!("CARGO_PKG_VERSION")
    );
    assert_eq!(text, want);
    let back = read(&text, "go").unwrap();
    assert_eq!(back.record.moves(), ["c3", "pass", "pass"]);
    assert_eq!(back.white.as_deref(), Some("you [2]"));
    assert_eq!(back.result.as_deref(), Some("B+24.5"));
    assert_eq!(back.record.current().spec(), r.current().spec());
}

#[test]
fn go_round_trip_and_corners() {
    // a1 is the bottom-left corner: SGF's 'ai' on 9×9; j9 the top-right: 'ia';
    // d4 is column d, row 9 − 4 = 5 from the top: 'df'.
    let r = record("go", &["a1", "j9", "e5", "pass", "d4"]);
    let text = write(&r, None, None, None).unwrap();
    assert!(text.contains(";B[ai];W[ia];B[ee];W[];B[df]"), "{text}");
    let back = read(&text, "go").unwrap();
    assert_eq!(back.record.moves(), r.moves());
    assert_eq!(back.record.current().position(), r.current().position());
    // A record read into a variant of the base spec keeps its rules.
    let simple = read(&text, "go(ko=simple)").unwrap();
    assert!(simple.record.current().spec().contains("ko=simple"));
}

#[test]
fn hex_round_trip_with_swap() {
    let r = record("hex(size=5,swap=true)", &["a1", "swap", "c3"]);
    let text = write(&r, None, None, None).unwrap();
    assert!(text.contains("GM[11]") && text.contains("SZ[5]"), "{text}");
    assert!(text.contains(";B[a1];W[swap-pieces];B[c3]"), "{text}");
    assert!(!text.contains("KM["), "{text}");
    let back = read(&text, "hex(swap=true)").unwrap();
    assert_eq!(back.record.moves(), r.moves());
    // As HexGui writes it (SZ 11 is SGF's default for Hex).
    let g = read("(;AP[HexGui:0.9]FF[4]GM[11];B[f6];W[E7])", "hex").unwrap();
    assert_eq!(g.record.moves(), ["f6", "e7"]);
    assert!(g.record.current().spec().starts_with("hex(size=11"));
    // SGF's own points, column then row from the top-left: `ff` is f6, `gd`
    // g4, `ak` a11 (the bottom-left corner of 11×11).
    let g = read("(;FF[4]GM[11]SZ[11];B[ff];W[gd];B[ak])", "hex").unwrap();
    assert_eq!(g.record.moves(), ["f6", "g4", "a11"]);
    let e = read("(;FF[4]GM[11]SZ[11];B[fz])", "hex").unwrap_err().to_string();
    assert!(e.contains("B[fz]"), "{e}");
}

#[test]
fn setup_stones_and_variations() {
    // Handicap-style setup: a 2×2 block by a rectangle, a white stone, White to move.
    let g = read("(;GM[1]SZ[5]AB[aa:bb]AW[ee]PL[W];W[cc])", "go").unwrap();
    let pos = g.record.current().position();
    assert!(pos.starts_with("xx.../xx.../..o../...../....o x"), "{pos}");
    // The main line follows the first variation.
    let g = read("(;GM[1]SZ[9];B[aa](;W[bb];B[cc])(;W[dd]))", "go").unwrap();
    assert_eq!(g.record.moves(), ["a9", "b8", "c7"]);
    // No SZ: 19, SGF's default for Go; tt is a pass there.
    let g = read("(;GM[1];B[dp];W[tt])", "go").unwrap();
    assert_eq!(g.record.moves(), ["d4", "pass"]);
}

#[test]
fn malformed_sgf_names_the_fault() {
    let cases: &[(&str, &str)] = &[
        ("", "expected '('"),
        ("hello", "expected '('"),
        ("(", "closes"),
        ("()", "no node"),
        ("(;GM[1]SZ[9];B[aa", "not closed"),
        ("(;GM[1]SZ[9];B)", "no value"),
        ("(;GM[1]SZ[9];B[zz])", "B[zz]"),
        ("(;GM[1]SZ[abc])", "SZ[abc]"),
        ("(;GM[1]SZ[9:7])", "square"),
        ("(;GM[1]SZ[40])", "size"),
        ("(;GM[4])", "GM[4]"),
        ("(;GM[x])", "GM[x]"),
        ("(;GM[1]SZ[9];B[aa];B[bb])", "White is to move"),
        ("(;GM[1]SZ[9];B[aa];W[aa])", "move 2"),
        ("(;GM[1]SZ[9];B[aa];AB[bb])", "setup"),
        ("(;GM[1]SZ[9]KM[lots])", "KM[lots]"),
        ("(;GM[1]SZ[9]PL[X])", "PL[X]"),
        ("(;GM[11]SZ[5];B[q9])", "B[q9]"),
        ("(;GM[1]SZ[9] x)", "property name"),
        ("(;GM[1]SZ[9] 5)", "expected ';'"),
    ];
    for (text, want) in cases {
        let msg = match read(text, "go") {
            Ok(_) => panic!("{text:?} was read"),
            Err(e) => e.to_string(),
        };
        if text.contains("GM[11]") {
            let msg = read(text, "hex").map(|_| ()).unwrap_err().to_string();
            assert!(msg.contains(want), "{text:?}: {msg}");
            continue;
        }
        assert!(msg.contains(want), "{text:?}: {msg}");
    }
    assert!(matches!(read("(;GM[11])", "go"), Err(SgfError::Unsupported(_))));
    let e = write(&record("tictactoe", &[]), None, None, None).unwrap_err();
    assert!(e.to_string().contains("go and hex"), "{e}");
}

#[test]
fn every_prefix_of_a_record_reads_or_fails_cleanly() {
    let r = record("go(size=7)", &["d4", "c3", "pass", "e5", "c4"]);
    let text = write(&r, Some("a]b\\c"), None, None).unwrap();
    for end in 0..=text.len() {
        if text.is_char_boundary(end) {
            let _ = read(&text[..end], "go");
        }
    }
    let back = read(&text, "go").unwrap();
    assert_eq!(back.black.as_deref(), Some("a]b\\c"));
}

/// A game tree not closed by `)` is one bad record, at the line where it
/// starts, and the trees after it are still read (it used to hide them all).
#[test]
fn an_unclosed_tree_does_not_hide_the_trees_after_it() {
    use bitgames::sgf::read_all;
    // Tree 1 reads; tree 2 (line 2) has a variation and is never closed; tree 3
    // (line 4) reads; tree 4 (line 5) opens a comment holding "(;GM[1]" and is
    // never closed; tree 5 (line 6) reads.
    let text = "(;GM[1]SZ[9];B[cc];W[gg])\n\
                (;GM[1]SZ[9];B[ee](;W[ff])(;W[dd]\n\
                ;B[cd]\n\
                (;FF[4]GM[1]SZ[9];B[gc])\n\
                (;GM[1]SZ[9]C[see (;GM[1\\]];B[aa]\n\
                (;GM[1]SZ[9];B[ii];W[aa])\n";
    let games = read_all(text, "go");
    let lines: Vec<usize> = games.iter().map(|g| g.line).collect();
    assert_eq!(lines, [1, 2, 4, 5, 6], "{games:?}");
    assert_eq!(games[0].game.as_ref().unwrap().record.moves(), ["c7", "g3"]);
    let e = games[1].game.as_ref().unwrap_err().to_string();
    assert_eq!(e, "SGF syntax, at byte 26: the game tree that starts here is not closed by ')'");
    assert_eq!(games[2].game.as_ref().unwrap().record.moves(), ["g7"]);
    let e = games[3].game.as_ref().unwrap_err().to_string();
    assert!(e.contains("not closed by ')'"), "{e}");
    assert_eq!(games[4].game.as_ref().unwrap().record.moves(), ["j1", "a9"]);
    // Unclosed at the end, with nothing after it: one bad record.
    let open = read_all("(;GM[1]SZ[9];B[cc]", "go");
    assert_eq!(open.len(), 1);
    assert!(open[0].game.as_ref().unwrap_err().to_string().contains("not closed"));
    // A variation that is not a new game (no GM or FF) does not restart reading.
    let open = read_all("(;GM[1]SZ[9];B[cc](;W[dd]", "go");
    assert_eq!(open.len(), 1, "{open:?}");
}

// Moved from the unit tests of `src/sgf.rs`.

#[test]
fn collections_read_past_a_bad_game() {
    // Game 2 plays on a point off the 9×9 board, then junk, then game 3.
    let text = "(;GM[1]SZ[9];B[cc];W[gg])\n(;GM[1]SZ[9];B[zz])\njunk\n(;GM[1]SZ[9]C[a (;) ]\n;B[ee](;W[ff])(;W[dd]))\n";
    let games = bitgames::sgf::read_all(text, "go");
    assert_eq!(games.len(), 4, "{games:?}");
    assert_eq!(games[0].game.as_ref().unwrap().record.moves(), ["c7", "g3"]);
    assert_eq!(games[1].line, 2);
    let e = games[1].game.as_ref().unwrap_err().to_string();
    assert!(e.contains("B[zz]: not a point of the board"), "{e}");
    assert_eq!(games[2].line, 3);
    let e = games[2].game.as_ref().unwrap_err().to_string();
    assert_eq!(e, "SGF syntax, at byte 46: expected '(' to open a game tree");
    // A value holding brackets and the variations stay in their tree.
    assert_eq!(games[3].line, 4);
    assert_eq!(games[3].game.as_ref().unwrap().record.moves(), ["e5", "f4"]);
    let open = bitgames::sgf::read_all("(;GM[1]SZ[9];B[cc]", "go");
    assert_eq!(open.len(), 1);
    assert!(open[0].game.as_ref().unwrap_err().to_string().contains("not closed"));
    assert!(bitgames::sgf::read_all(" \n", "go").is_empty());
}

#[test]
fn white_to_move_on_an_empty_board_is_written() {
    // Found by the `sgf` fuzz target: PL[W] with no stones was dropped.
    let g = read("(;GM[1]SZ[9]PL[W];W[cc])", "go").unwrap();
    assert_eq!(g.record.start().side_to_move(), bitgames::Player::Second);
    let w = write(&g.record, None, None, None).unwrap();
    assert!(w.contains("PL[W]"), "{w}");
    let again = read(&w, "go").unwrap();
    assert_eq!(again.record.start().position(), g.record.start().position());
    assert_eq!(again.record.moves(), g.record.moves());
}

/// A game tree with variations: each node with several children opens one
/// `(…)` per child, main line first; the reader takes the main line back; an
/// illegal move in a variation is an error naming its depth.
#[test]
fn tree_with_variations() {
    use bitgames::sgf::{write_tree, MoveTree};
    let leaf = |mv: &str, children: Vec<MoveTree>| MoveTree { mv: mv.to_string(), children };
    let start = new_game("go(size=5)").unwrap();
    // c3, then b2 (main) or d4 b4 (a variation).
    let tree = [leaf("c3", vec![leaf("b2", vec![]), leaf("d4", vec![leaf("b4", vec![])])])];
    let text = write_tree(start.as_ref(), &tree).unwrap();
    let empty = write(&GameRecord::new(start.clone_box()), None, None, None).unwrap();
    let root = empty.strip_suffix(")\n").unwrap();
    // SGF points from the top-left: c3 is cc on 5×5, b2 bd, d4 db, b4 bb.
    assert_eq!(text, format!("{root};B[cc](;W[bd])(;W[db];B[bb]))\n"));
    assert_eq!(read(&text, "go").unwrap().record.moves(), ["c3", "b2"]);
    // No variation: the same text as the record's.
    let line = [leaf("c3", vec![leaf("b2", vec![])])];
    let want = write(&record("go(size=5)", &["c3", "b2"]), None, None, None).unwrap();
    assert_eq!(write_tree(start.as_ref(), &line).unwrap(), want);
    // Hex: cell names, and a variation with an illegal move (c3 twice).
    let hex = new_game("hex(size=5)").unwrap();
    let bad = [leaf("c3", vec![leaf("b2", vec![]), leaf("c3", vec![])])];
    match write_tree(hex.as_ref(), &bad) {
        Err(SgfError::Move { number: 2, .. }) => {}
        other => panic!("{other:?}"),
    }
    let e = write_tree(new_game("othello").unwrap().as_ref(), &[]).unwrap_err().to_string();
    assert!(e.contains("go and hex"), "{e}");
}
