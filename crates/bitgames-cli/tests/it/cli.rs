//! End-to-end tests of the `bitgames` binary: output of each subcommand and one
//! clear error (exit code 2) for each kind of bad input.

use crate::common;

use common::{assert_contains_all, fails, ok, run_bytes, run_with_input};
use serde_json::{json, Value};

/// Stdout of a successful run, parsed as one JSON value.
fn ok_json(args: &[&str]) -> Value {
    let out = ok(args);
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("bad JSON ({e}): {out}"))
}

#[test]
fn games_lists_both() {
    let out = ok(&["games"]);
    assert!(out.contains("connect4") && out.contains("tictactoe"), "{out}");
    assert!(out.contains("connect4(width=7,height=6)"), "{out}");
    let json = ok(&["games", "--json"]);
    assert!(json.trim_start().starts_with('['), "{json}");
    assert!(json.contains("\"name\": \"tictactoe\""), "{json}");
}

#[test]
fn show_connect4_picture() {
    let out = ok(&["show", "connect4", "4453"]);
    let lines: Vec<&str> = out.lines().collect();
    let bottom = lines
        .iter()
        .position(|l| *l == ". . O X X . .")
        .unwrap_or_else(|| panic!("no bottom row in\n{out}"));
    assert_eq!(lines[bottom - 1], ". . . O . . .", "{out}");
    assert!(out.contains("to move:   X"), "{out}");
    assert!(out.contains("in progress"), "{out}");
    assert!(out.contains("position:  4453"), "{out}");
}

#[test]
fn show_json_matches_moves() {
    let v = ok_json(&["show", "connect4", "--moves", "4 4 5 3", "--json"]);
    assert_eq!(v["game"], "connect4(width=7,height=6)");
    assert_eq!(v["position"], "4453");
    assert_eq!(v["to_move"], "X");
    assert_eq!(v["outcome"], Value::Null);
    assert_eq!(v["result"], "in progress");
    assert_eq!(v["score"], Value::Null);
    assert_eq!(v["ply"], 4);
    assert_eq!(v["legal_moves"], json!(["1", "2", "3", "4", "5", "6", "7"]));
    assert_eq!(v["rows"][5], ". . O X X . .");
    assert_eq!(v["rows"][4], ". . . O . . .");
    assert!(v["picture"].as_str().unwrap().ends_with(". . O X X . .\n"));
    assert_eq!(v["hash"].as_str().unwrap().len(), 16);
    // Same position from the position text, or from comma-separated moves.
    assert_eq!(ok_json(&["show", "connect4", "4453", "--json"]), v);
    assert_eq!(ok_json(&["show", "connect4", "--moves", "4,4,5,3", "--json"]), v);

    // Go's score: half points in JSON (the API's `score`), points in the text.
    let passed = ok_json(&["show", "go(size=9)", "--moves", "pass pass", "--json"]);
    assert_eq!(passed["score"], -15, "{passed}");
    let text = ok(&["show", "go(size=9)", "--moves", "pass pass"]);
    assert!(text.contains("score:     -7.5"), "{text}");

    let won = ok_json(&["show", "tictactoe", "XXX/OO./...", "--json"]);
    assert_eq!(won["to_move"], Value::Null);
    assert_eq!(won["outcome"], json!({"winner": "X", "draw": false}));
    assert_eq!(won["result"], "X wins");
    assert_eq!(won["legal_moves"], json!([]));
    let drawn = ok_json(&["show", "tictactoe", "XOX/XOO/OXX", "--json"]);
    assert_eq!(drawn["outcome"], json!({"winner": null, "draw": true}));
}

#[test]
fn perft_counts() {
    let out = ok(&["perft", "tictactoe", "9"]);
    assert!(out.contains(" 127872 "), "{out}");
    let out = ok(&["perft", "connect4", "7"]);
    assert!(out.contains(" 823536 "), "{out}");
    let only = ok(&["perft", "connect4", "7", "--only"]);
    assert_eq!(only.lines().count(), 3, "{only}");
    let divide = ok(&["perft", "connect4", "2", "--divide"]);
    assert!(divide.contains("total  49"), "{divide}");
}

#[test]
fn playout_runs() {
    let out = ok(&["playout", "tictactoe", "--count", "1000", "--seed", "1"]);
    assert!(out.contains("games/s"), "{out}");
    assert!(out.contains("X wins") && out.contains("O wins"), "{out}");
    // Same seed, same games.
    let again = ok(&["playout", "tictactoe", "--count", "1000", "--seed", "1"]);
    let results = |s: &str| s.lines().find(|l| l.starts_with("results")).map(str::to_string);
    assert_eq!(results(&out), results(&again));
}

#[test]
fn play_piped_to_the_end() {
    // The greedy engine blocks, so X plays on until the board is full or someone
    // wins; extra lines are never read, bad lines are refused and asked again.
    let moves = "zz\nd4\na1\na1\nb2\nc3\nb1\nc1\na2\nc2\na3\nb3\n";
    let out = run_with_input(&["play", "tictactoe", "--engine", "greedy", "--seed", "5"], moves);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_contains_all(
        &text,
        &[
            "X to move, legal: ",
            "not played: cannot read move 'zz'",
            "not played: cannot read move 'd4'",
            "a1 is already taken",
            "game over:",
        ],
    );
}

#[test]
fn play_eof_and_quit() {
    let out = run_with_input(&["play", "connect4", "--engine", "random", "--seed", "1"], "4\n");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("engine (O) plays"), "{text}");
    assert!(text.contains("end of input"), "{text}");

    let out =
        run_with_input(&["play", "connect4", "--first", "engine", "--seed", "2"], "undo\nquit\n");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("engine (X) plays"), "{text}");
    assert!(text.contains("nothing to undo") && text.contains("bye"), "{text}");
}

#[test]
fn bad_input_is_named() {
    let e = fails(&["show", "chess"]);
    assert!(e.contains("unknown game 'chess'"), "{e}");
    let e = fails(&["show", "connect4(width=0)"]);
    assert!(e.contains("width") && e.contains("'0'"), "{e}");
    let e = fails(&["show", "connect4", "4459"]);
    assert!(e.contains("position") && e.contains("'9'"), "{e}");
    let e = fails(&["show", "connect4", "1111111"]);
    assert!(e.contains("full"), "{e}");
    let e = fails(&["show", "connect4", "111111", "--moves", "1"]);
    assert!(e.contains("move 1 ('1')") && e.contains("full"), "{e}");
    let e = fails(&["show", "connect4", "--moves", "4 4 zz"]);
    assert!(e.contains("move 3 ('zz')"), "{e}");
    let e = fails(&["show", "connect4", "--moves", "4,4,9"]);
    assert!(e.contains("cannot read move '9'"), "{e}");
    let e = fails(&["show", "connect4", "1212121", "--moves", "3"]);
    assert!(e.contains("over") && e.contains("X wins"), "{e}");
    let e = fails(&["show", "connect4", "12121213"]);
    assert!(e.contains("after the game ended"), "{e}");
    let e = fails(&["perft", "connect4", "31"]);
    assert!(e.contains("depth 31"), "{e}");
    let e = fails(&["perft", "chess", "3"]);
    assert!(e.contains("unknown game"), "{e}");
    let e = fails(&["playout", "connect4", "--count", "0"]);
    assert!(e.contains("--count"), "{e}");
    let e = fails(&["play", "tictactoe(k=9)"]);
    assert!(e.contains("k"), "{e}");
    fails(&["no-such-command"]);
}

#[test]
fn bench_quick_runs() {
    let out = ok(&["bench", "--quick"]);
    assert!(out.contains("connect4") && out.contains("games/s"), "{out}");
    // `bench playouts`: one playout row for every registered game, no perft.
    let out = ok(&["bench", "playouts", "--quick"]);
    for info in bitgames::registry::games() {
        assert!(out.contains(&format!("  {:<12} random playouts", info.name)), "{out}");
    }
    assert!(!out.contains("perft"), "{out}");
}

/// `bench scale` runs a game's parallel workloads on the listed thread counts,
/// the count the same on each (perft leaves), and names a bad list or game.
#[test]
fn bench_scale_runs_and_names_bad_input() {
    let out = ok(&["bench", "scale", "--quick", "--games", "othello", "--thread-list", "1,2"]);
    // Othello perft 11 in the Bik convention, on one and on two threads.
    let rows: Vec<&str> = out.lines().filter(|l| l.contains("perft 13 (11)")).collect();
    assert_eq!(rows.len(), 2, "{out}");
    assert!(rows.iter().all(|r| r.contains("212,258,800 leaves")), "{out}");
    let e = fails(&["bench", "scale", "--thread-list", "1,x"]);
    assert!(e.contains("--thread-list") && e.contains("'x'"), "{e}");
    let e = fails(&["bench", "scale", "--thread-list", "0"]);
    assert!(e.contains("--thread-list: 0"), "{e}");
    let e = fails(&["bench", "scale", "--games", "tictactoe"]);
    assert!(e.contains("'tictactoe' has no scaling workload") && e.contains("othello"), "{e}");
}

/// An NBoard session piped through the binary: the protocol page's example
/// (nboard, set game, set depth, ping, go), then a move and a hint.
#[test]
fn nboard_session() {
    let game = "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";
    let input =
        format!("nboard 2\nset game {game}\nset depth 4\nping 1\ngo\nmove D6\nhint 2\nquit\n");
    let out = run_with_input(&["nboard"], &input);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "set myname bitgames");
    assert_eq!(lines[1], "pong 1");
    assert!(lines.iter().any(|l| l.starts_with("=== ")), "{text}");
    assert_eq!(lines.iter().filter(|l| l.starts_with("search ")).count(), 2, "{text}");
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
}

/// OBF positions often start with '-' (an empty a1): `show` and `--position`
/// take them as they are, `solve` after `--`.
#[test]
fn othello_positions_starting_with_a_dash() {
    let pos = "-----------------------O--OOOOO---OOOOOXOOOOXXXX--XXOOXX--XX-O-X X";
    let out = ok(&["show", "othello", pos, "--moves", "g8"]);
    assert!(
        out.contains("-----------------------O--OOOOO---OOOOOXOOOOXXXX--XXOXXX--XX-OXX O"),
        "{out}"
    );
    let out = ok(&["perft", "othello", "2", "--only", "--position", pos]);
    assert!(out.lines().last().unwrap().trim_start().starts_with('2'), "{out}");
    let wiped_out = "-----------------------O--OOOOOX--OOOOXXOOOOXXXX--OOOXXXXXXXXXXX O";
    let out = ok(&["solve", "othello", "--", wiped_out]);
    assert!(out.contains("score -64"), "{out}");
}

/// Connect Four on two threads: the same score as on one (a Test_L1_R1 line),
/// and the bench says how many threads it used.
#[test]
fn connect4_on_two_threads() {
    let line = "5512243243536 13"; // Test_L1_R1, line 4: position, score
    let (pos, want) = line.split_once(' ').unwrap();
    for threads in ["1", "2"] {
        let out = ok(&["solve", "connect4", pos, "--threads", threads, "-q"]);
        let fields: Vec<&str> = out.split_whitespace().collect();
        assert_eq!(fields[..2], [pos, want], "{threads} threads: {out}");
    }
    let out = ok(&["bench", "connect4", "--sets", "Test_L1_R1", "--limit", "20", "--threads", "2"]);
    assert!(out.contains("2 threads"), "{out}");
    assert!(out.contains("Test_L1_R1"), "{out}");
}

/// Resource options out of range, tools a game lacks, engines of another game,
/// blank and non-UTF-8 solve input, and control characters in echoed input:
/// one clear error line each, never an abort or a silent long run.
#[test]
fn hardening_regressions() {
    let e = fails(&["perft", "connect4", "3", "--threads", "100000"]);
    assert!(e.contains("--threads 100000 is too many"), "{e}");
    let e = fails(&["solve", "connect4", "--table-mib", "1000000000", "4453"]);
    assert!(e.contains("--table-mib 1000000000 is more than this machine"), "{e}");
    let e = fails(&["solve", "othello", "--threads", "100000", "--", "x"]);
    assert!(e.contains("too many"), "{e}");
    let e = fails(&[
        "book",
        "connect4(width=5,height=4)",
        "--depth",
        "2",
        "--threads",
        "100000",
        "--out",
        "x",
    ]);
    assert!(e.contains("too many"), "{e}");
    let e = fails(&["book", "othello", "--depth", "1", "--out", "o.book"]);
    assert!(e.contains("no book builder for othello (games with one: connect4)"), "{e}");
    let e = fails(&["solve", "tictactoe", "X../.../..."]);
    assert!(e.contains("no solver for tictactoe") && e.contains("connect4, othello"), "{e}");
    let e = fails(&["solve", "othello", "--weak", "--", "x"]);
    assert!(e.contains("a weak solve is not for othello"), "{e}");
    let e = fails(&["play", "tictactoe", "--engine", "solver"]);
    assert!(e.contains("does not play tictactoe"), "{e}");
    let e = fails(&["play", "connect4", "--engine", "alphabeta(time=0)"]);
    assert!(e.contains("expected a duration"), "{e}");
    let e = fails(&["solve", "othello", "/tmp"]);
    assert!(e.contains("is a directory"), "{e}");
    // A blank line is skipped, not solved as the empty board; a line that is not
    // UTF-8 is reported and the next one solved.
    let out = run_with_input(&["solve", "connect4"], "271713432331713132\n\n\u{1}\n");
    assert_eq!(out.status.code(), Some(2));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    assert!(stdout.starts_with("271713432331713132 -11 "), "{stdout}");
    let mut input = b"271713432331713132\n".to_vec();
    input.extend_from_slice(b"\xff\xfe\n271713432331713132\n");
    let out = run_bytes(&["solve", "connect4"], &input);
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 2);
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 2: not UTF-8"));
    // A book that is not one is refused before it is read, not read forever.
    let e = fails(&["solve", "connect4(width=5,height=4)", "--book", "/dev/zero", ""]);
    assert!(e.contains("'/dev/zero' is not a regular file"), "{e}");
    // Escape sequences typed by the user come back escaped.
    let e = fails(&["show", "connect4", "\u{1b}[31mRED\u{1b}[0m"]);
    assert!(!e.contains('\u{1b}') && e.contains("\\u{1b}"), "{e}");
}

#[test]
fn arena_plays_a_tiny_match() {
    let out = ok(&[
        "arena",
        "tictactoe",
        "--engines",
        "mcts(iterations=500)",
        "random",
        "--games",
        "4",
        "--seed",
        "3",
        "--openings",
        "random:1",
    ]);
    assert!(out.contains("4 games (2 pairs, colours swapped), openings random:1, seed 3"), "{out}");
    let a = out.lines().find(|l| l.starts_with("A  mcts(iterations=500)")).expect(&out);
    let b = out.lines().find(|l| l.starts_with("B  random")).expect(&out);
    // W + D + L = 4 on each line, and A's wins are B's losses.
    let nums = |l: &str| -> Vec<u64> {
        l.split_whitespace().skip(2).take(3).map(|n| n.parse().unwrap()).collect()
    };
    let (na, nb) = (nums(a), nums(b));
    assert_eq!(na.iter().sum::<u64>(), 4, "{out}");
    assert_eq!((na[0], na[1], na[2]), (nb[2], nb[1], nb[0]), "{out}");
    assert_eq!(na[2], 0, "mcts lost to random: {out}");
    let v = ok_json(&[
        "arena",
        "tictactoe",
        "--engines",
        "mcts(iterations=200)",
        "random",
        "--games",
        "2",
        "--seed",
        "3",
        "--json",
    ]);
    assert_eq!(v["games"].as_array().unwrap().len(), 2);
    assert_eq!(v["engines"][0]["spec"], "mcts(iterations=200)");
    fails(&["arena", "tictactoe", "--engines", "mcts(time=0)", "random"]);
    fails(&["arena", "tictactoe", "--engines", "mcts", "random", "--openings", "book"]);
    fails(&["arena", "tictactoe", "--engines", "mcts", "random", "--games", "0"]);
}
