//! What a new user meets first: the command-line examples of the README and
//! of docs/guide.md, run as snapshot tests, and the rough edges found by trying the tool as a new user
//! would (issue 17's second table), each with its regression test.
//!
//! Their ` ```console ` blocks are run by trycmd with the `bitgames`
//! built for the tests and their output compared with the block, so the README
//! cannot drift from what the program prints. Timings, speeds and node counts are
//! elided with `[..]` (any text on a line) and `...` (any lines); long runs are in
//! ` ```console,ignore ` or ` ```sh ` blocks, which are not run. After a
//! deliberate change of output, `TRYCMD=overwrite cargo test -p bitgames-cli
//! --test it new_user::` rewrites the blocks (check the diff: it keeps `[..]` where it
//! can).

use crate::common;

use common::{fails, ok, ok_with_input, run_bytes, run_with_input};

#[test]
fn readme_examples() {
    // The README's paths are relative to the repository root.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    std::env::set_current_dir(&root).expect("the repository root");
    trycmd::TestCases::new()
        // No "thinking…" lines: stderr is part of the compared output.
        .env("BITGAMES_QUIET", "1")
        .register_bin("bitgames", std::path::Path::new(env!("CARGO_BIN_EXE_bitgames")))
        .case("README.md")
        .case("docs/guide.md");
}

/// Othello after the shortest game's first eight plies: Black's c5 wipes White
/// out.
const BEFORE_WIPEOUT: &str = "e6f4e3f6g5d6e7f5";

#[test]
fn level_without_an_engine_picks_one_that_takes_it() {
    let out = ok_with_input(&["play", "othello", "--level", "3"], "quit\n");
    assert!(out.contains("the engine alphabeta(level=3"), "{out}");
    // No engine of tic-tac-toe has a level: an error, not a silent greedy.
    let e = fails(&["play", "tictactoe", "--level", "3"]);
    assert!(e.contains("no engine of tictactoe(width=3,height=3,k=3) takes --level"), "{e}");
    // Without engine flags: the game's own engine, else mcts (not the weak
    // greedy one), named when the game starts.
    let out = ok_with_input(&["play", "tictactoe", "--seed", "1"], "quit\n");
    assert!(out.contains("the engine mcts(") && out.contains("seed=1"), "{out}");
    assert!(out.contains(") plays O"), "{out}");
    let out = ok_with_input(&["play", "connect4"], "quit\n");
    assert!(out.contains("the engine solver("), "{out}");
}

#[test]
fn perft_divide_on_threads_counts_the_same() {
    let split = |threads: &str| {
        let out = ok(&["perft", "connect4", "7", "--divide", "--threads", threads]);
        out.lines().filter(|l| !l.starts_with("depth ")).map(str::to_string).collect::<Vec<_>>()
    };
    let one = split("1");
    assert!(one.iter().any(|l| l.trim() == "total  823536"), "{one:?}");
    assert_eq!(split("2"), one);
}

#[test]
fn a_long_engine_move_says_so_off_a_terminal() {
    // Piped: a "thinking…" line on stderr every few seconds (first after 3 s).
    let out = run_with_input(
        &["play", "connect4", "--engine", "mcts(time=4s,seed=1)", "--first", "engine"],
        "quit\n",
    );
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("engine (X) thinking… 3 s"), "{err}");
    assert!(!err.contains('\r'), "{err}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("engine (X) plays"), "{text}");
}

#[test]
fn othello_in_the_terminal() {
    let out = ok_with_input(
        &["play", "othello", "--engine", "random", "--seed", "3"],
        "f5\nundo\nquit\n",
    );
    // Coordinates around the board and a legend for its letters.
    assert!(out.contains("\n4 . . . O X . . .\n"), "{out}");
    assert!(out.contains("\n  a b c d e f g h\n"), "{out}");
    assert!(out.contains("on the board: X is Black (you), O is White (the engine)"), "{out}");
    // Undo takes back both moves and says so.
    assert!(out.contains("took back your move f5 and the engine's reply "), "{out}");
    // The game-over line lists the moves played, not a position.
    let obf = ok(&["show", "othello", "--moves", BEFORE_WIPEOUT, "--json"]);
    let v: serde_json::Value = serde_json::from_str(&obf).unwrap();
    let position = v["position"].as_str().unwrap();
    let out = ok_with_input(&["play", "othello", "--position", position, "--seed", "1"], "c5\n");
    assert!(out.contains("game over: Black wins"), "{out}");
    assert!(out.trim_end().ends_with("(moves: c5)"), "{out}");
}

#[test]
fn show_reads_move_lists_as_convert_does() {
    let json = |moves: &str| ok(&["show", "othello", "--moves", moves, "--json"]);
    let apart = json("f5 d6 c3");
    assert_eq!(json("f5d6c3"), apart);
    assert_eq!(json("1. f5 d6 2. c3"), apart);
    assert_eq!(json("F5D6C3"), apart);
    assert_eq!(ok(&["show", "connect4", "--moves", "4453"]), ok(&["show", "connect4", "4453"]));
    // A bad move in a run is named by its number.
    let e = fails(&["show", "othello", "--moves", "f5d6a1"]);
    assert!(e.contains("move 3 ('a1')"), "{e}");
    // The help says what the games print: each game's own player names.
    let help = ok(&["show", "--help"]);
    assert!(help.contains("\"NAME wins\"") && help.contains("\"Black\" in Othello"), "{help}");
    let end = ok(&["show", "othello", "--moves", &format!("{BEFORE_WIPEOUT}c5"), "--json"]);
    assert!(end.contains("\"result\":\"Black wins\""), "{end}");
}

#[test]
fn convert_goes_on_past_bad_lines() {
    let mut input = b"f5d6\n".to_vec();
    input.extend_from_slice(b"\xff\xfe\nf5f5\nf5d6c3\n");
    let out = run_bytes(&["convert", "othello", "-", "--to", "transcript"], &input);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "f5d6\nf5d6c3\n");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("<stdin>, line 2: not UTF-8 text"), "{err}");
    assert!(err.contains("line 3"), "{err}");
}
