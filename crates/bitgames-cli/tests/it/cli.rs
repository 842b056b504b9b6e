//! End-to-end tests of the `bitgames` binary: output of each subcommand and one
//! clear error (exit code 2) for each kind of bad input.

use crate::common;

use common::{
    assert_contains_all, assert_fails_with, assert_output, fails, ok, run_bytes, run_with_input,
};
use serde_json::{json, Value};

/// Stdout of a successful run, parsed as one JSON value.
fn ok_json(args: &[&str]) -> Value {
    let out = ok(args);
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("bad JSON ({e}): {out}"))
}

#[test]
fn games_lists_both() {
    assert_output(&["games"], &["connect4", "tictactoe", "connect4(width=7,height=6)"]);
    let json = assert_output(&["games", "--json"], &["\"name\": \"tictactoe\""]);
    assert!(json.trim_start().starts_with('['), "{json}");
}

#[test]
fn show_connect4_picture() {
    let out = assert_output(
        &["show", "connect4", "4453"],
        &["to move:   X", "in progress", "position:  4453"],
    );
    let lines: Vec<&str> = out.lines().collect();
    let bottom = lines
        .iter()
        .position(|l| *l == ". . O X X . .")
        .unwrap_or_else(|| panic!("no bottom row in\n{out}"));
    assert_eq!(lines[bottom - 1], ". . . O . . .", "{out}");
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
    assert_output(&["show", "go(size=9)", "--moves", "pass pass"], &["score:     -7.5"]);

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
    assert_output(&["perft", "tictactoe", "9"], &[" 127872 "]);
    assert_output(&["perft", "connect4", "7"], &[" 823536 "]);
    let only = ok(&["perft", "connect4", "7", "--only"]);
    assert_eq!(only.lines().count(), 3, "{only}");
    assert_output(&["perft", "connect4", "2", "--divide"], &["total  49"]);
}

#[test]
fn playout_runs() {
    let args = ["playout", "tictactoe", "--count", "1000", "--seed", "1"];
    let out = assert_output(&args, &["games/s", "X wins", "O wins"]);
    // Same seed, same games.
    let again = ok(&args);
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
    assert_fails_with(&["show", "chess"], &["unknown game 'chess'"]);
    assert_fails_with(&["show", "connect4(width=0)"], &["width", "'0'"]);
    assert_fails_with(&["show", "connect4", "4459"], &["position", "'9'"]);
    assert_fails_with(&["show", "connect4", "1111111"], &["full"]);
    assert_fails_with(&["show", "connect4", "111111", "--moves", "1"], &["move 1 ('1')", "full"]);
    assert_fails_with(&["show", "connect4", "--moves", "4 4 zz"], &["move 3 ('zz')"]);
    assert_fails_with(&["show", "connect4", "--moves", "4,4,9"], &["cannot read move '9'"]);
    assert_fails_with(&["show", "connect4", "1212121", "--moves", "3"], &["over", "X wins"]);
    assert_fails_with(&["show", "connect4", "12121213"], &["after the game ended"]);
    assert_fails_with(&["perft", "connect4", "31"], &["depth 31"]);
    assert_fails_with(&["perft", "chess", "3"], &["unknown game"]);
    assert_fails_with(&["playout", "connect4", "--count", "0"], &["--count"]);
    assert_fails_with(&["play", "tictactoe(k=9)"], &["k"]);
    fails(&["no-such-command"]);
}

#[test]
fn bench_quick_runs() {
    assert_output(&["bench", "--quick"], &["connect4", "games/s"]);
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
    assert_fails_with(&["bench", "scale", "--thread-list", "1,x"], &["--thread-list", "'x'"]);
    assert_fails_with(&["bench", "scale", "--thread-list", "0"], &["--thread-list: 0"]);
    assert_fails_with(
        &["bench", "scale", "--games", "tictactoe"],
        &["'tictactoe' has no scaling workload", "othello"],
    );
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
    assert_output(
        &["show", "othello", pos, "--moves", "g8"],
        &["-----------------------O--OOOOO---OOOOOXOOOOXXXX--XXOXXX--XX-OXX O"],
    );
    let out = ok(&["perft", "othello", "2", "--only", "--position", pos]);
    assert!(out.lines().last().unwrap().trim_start().starts_with('2'), "{out}");
    let wiped_out = "-----------------------O--OOOOOX--OOOOXXOOOOXXXX--OOOXXXXXXXXXXX O";
    assert_output(&["solve", "othello", "--", wiped_out], &["score -64"]);
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
    assert_output(
        &["bench", "connect4", "--sets", "Test_L1_R1", "--limit", "20", "--threads", "2"],
        &["2 threads", "Test_L1_R1"],
    );
}

/// Resource options out of range, tools a game lacks, engines of another game,
/// blank and non-UTF-8 solve input, and control characters in echoed input:
/// one clear error line each, never an abort or a silent long run.
#[test]
fn hardening_regressions() {
    assert_fails_with(
        &["perft", "connect4", "3", "--threads", "100000"],
        &["--threads 100000 is too many"],
    );
    assert_fails_with(
        &["solve", "connect4", "--table-mib", "1000000000", "4453"],
        &["--table-mib 1000000000 is more than this machine"],
    );
    assert_fails_with(&["solve", "othello", "--threads", "100000", "--", "x"], &["too many"]);
    assert_fails_with(
        &[
            "book",
            "connect4(width=5,height=4)",
            "--depth",
            "2",
            "--threads",
            "100000",
            "--out",
            "x",
        ],
        &["too many"],
    );
    assert_fails_with(
        &["book", "othello", "--depth", "1", "--out", "o.book"],
        &["no book builder for othello (games with one: connect4)"],
    );
    assert_fails_with(
        &["solve", "tictactoe", "X../.../..."],
        &["no solver for tictactoe", "connect4, othello"],
    );
    assert_fails_with(
        &["solve", "othello", "--weak", "--", "x"],
        &["a weak solve is not for othello"],
    );
    assert_fails_with(&["play", "tictactoe", "--engine", "solver"], &["does not play tictactoe"]);
    assert_fails_with(
        &["play", "connect4", "--engine", "alphabeta(time=0)"],
        &["expected a duration"],
    );
    assert_fails_with(&["solve", "othello", "/tmp"], &["is a directory"]);
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
    assert_fails_with(
        &["solve", "connect4(width=5,height=4)", "--book", "/dev/zero", ""],
        &["'/dev/zero' is not a regular file"],
    );
    // Escape sequences typed by the user come back escaped.
    let e = assert_fails_with(&["show", "connect4", "\u{1b}[31mRED\u{1b}[0m"], &["\\u{1b}"]);
    assert!(!e.contains('\u{1b}'), "{e}");
}

#[test]
fn arena_plays_a_tiny_match() {
    let out = assert_output(
        &[
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
        ],
        &["4 games (2 pairs, colours swapped), openings random:1, seed 3"],
    );
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
