//! `bitgames tablebase build` and `bitgames solve --table` (issue 34): a
//! tic-tac-toe board's table built and written by the CLI, then asked about
//! positions; and the errors a user can make, each named. (Teeko's table, 97
//! MB and half a minute to build, is checked in the library's tests.)

use crate::common::{assert_fails_with, assert_output, ok, scratch_file};

#[test]
fn a_table_built_written_and_asked() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("tablebase-cli");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("4x3.table");
    let file = path.to_str().unwrap();
    let spec = "tictactoe(width=4,height=3)";
    assert_output(
        &["tablebase", "build", spec, "--out", file, "--threads", "2"],
        &[
            "tictactoe(width=4,height=3,k=3) (placements): positions won, lost and drawn for \
             the side to move",
            "ply 0                 1            1            0            0        7",
            "all              111973        64738        44175         3060        9",
            "written to",
        ],
    );
    // 4×3 with k = 3 is a first-player win (Wikipedia, "m,n,k-game").
    let start =
        assert_output(&["solve", spec, "", "--table", file, "--analyze"], &["a2 loss in 10"]);
    assert!(
        start.starts_with("..../..../....: win in 7; moves: a1 win in 9, b1 win in 7"),
        "{start}"
    );
    // X completes the bottom row.
    let one = ok(&["solve", spec, "XX../OO../....", "--table", file]);
    assert!(one.starts_with("XX../OO../....: win in 1; best: c3"), "{one}");
    // The table of another board, and a bad position among good ones.
    assert_fails_with(
        &["solve", "tictactoe", "", "--table", file],
        &["is a table of tictactoe(width=4,height=3,k=3) (placements)"],
    );
    assert_fails_with(&["solve", spec, "XX 3", "", "--table", file], &["argument 1: "]);
    // With --resume the steps are kept as the build goes, and the folder is
    // removed once the table is written (the library's tests stop and resume).
    let steps = dir.join("4x3.steps");
    let again = dir.join("again.table");
    let (steps_arg, again_arg) = (steps.to_str().unwrap(), again.to_str().unwrap());
    assert_output(
        &["tablebase", "build", spec, "--out", again_arg, "--resume", steps_arg],
        &["all              111973        64738        44175         3060        9"],
    );
    assert!(!steps.exists(), "{} is left", steps.display());
    assert_eq!(std::fs::read(&again).unwrap(), std::fs::read(&path).unwrap());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn tablebase_errors_are_named() {
    assert_fails_with(
        &["tablebase", "build", "othello"],
        &["no table for othello (games with one: breakthrough, clobber, connect4, havannah, hex, teeko, tictactoe, y)"],
    );
    assert_fails_with(
        &["tablebase", "build", "connect4"],
        &["connect4(width=7,height=6) needs 70728639995483 indices"],
    );
    assert_fails_with(
        &["tablebase", "build", "teeko", "--out", "/no/such/folder/t.table"],
        &["there is no folder '/no/such/folder'"],
    );
    assert_fails_with(
        &["solve", "teeko", "", "--table", "/no/such/file.table"],
        &["/no/such/file.table"],
    );
    let not_a_table = scratch_file("not-a.table", "hello, world, and then some more bytes");
    let not_a_table = not_a_table.to_str().unwrap();
    // The web app refuses a bad table before it serves.
    assert_fails_with(
        &["serve", "--port", "0", "--table", not_a_table],
        &["not-a.table is not a bitgames table"],
    );
    assert_fails_with(
        &["serve", "--port", "0", "--table", "/no/such/file.table"],
        &["/no/such/file.table"],
    );
    assert_fails_with(
        &["solve", "teeko", "", "--table", not_a_table],
        &["is not a bitgames table: it does not start with BGTABLE1"],
    );
    assert_fails_with(&["solve", "othello", "", "--table", not_a_table], &["no table for othello"]);
    assert_fails_with(
        &["solve", "teeko", "--table", not_a_table],
        &["no position: give one or more"],
    );
    assert_fails_with(
        &["tablebase", "build", "tictactoe(width=5,height=5,k=4)"],
        &["tictactoe(width=5,height=5,k=4) has 25 cells: a table holds boards of at most 22"],
    );
}
