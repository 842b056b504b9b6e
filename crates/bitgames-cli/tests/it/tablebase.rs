//! `bitgames tablebase build` and `bitgames solve --table` (issue 34): Teeko's
//! table built and written by the CLI, then asked about positions; and the
//! errors a user can make, each named.

use crate::common::{assert_contains_all, fails, ok, scratch_file};

#[test]
fn teeko_built_written_and_asked() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("tablebase-cli");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("teeko.table");
    let file = path.to_str().unwrap();
    let built = ok(&["tablebase", "build", "teeko", "--out", file, "--threads", "2"]);
    assert_contains_all(
        &built,
        &[
            "positions won, lost and drawn for the side to move",
            "drop 0                1            0            0            1        0",
            "moves",
            "written to",
        ],
    );
    // Steele (1998): a draw, whichever first drop.
    let start = ok(&["solve", "teeko", "", "--table", file]);
    assert!(start.starts_with("...../...../...../...../..... 0: draw; best: a1 b1 c1"), "{start}");
    // Black slides c2c1 for four in the bottom row.
    let pos = "OO.O./O..../...../..X../XX.X. 8";
    let one = ok(&["solve", "teeko", pos, "--table", file, "--analyze"]);
    assert_contains_all(&one, &[&format!("{pos}: win in 1; moves: "), "c2c1 win in 1"]);
    // The move limit: one ply left is enough, none is a draw.
    let limited = ok(&["solve", "teeko(max_moves=8)", pos, "--table", file]);
    assert!(limited.contains("win in 1 (draw under the move limit)"), "{limited}");
    // A bad position is named and the others are still answered.
    let e = fails(&["solve", "teeko", "XX 3", "", "--table", file]);
    assert!(e.contains("argument 1: "), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn tablebase_errors_are_named() {
    let e = fails(&["tablebase", "build", "connect4"]);
    assert!(e.contains("no table for connect4(width=7,height=6) (games with one: teeko)"), "{e}");
    let e = fails(&["tablebase", "build", "teeko", "--out", "/no/such/folder/t.table"]);
    assert!(e.contains("there is no folder '/no/such/folder'"), "{e}");
    let e = fails(&["solve", "teeko", "", "--table", "/no/such/file.table"]);
    assert!(e.contains("/no/such/file.table"), "{e}");
    let not_a_table = scratch_file("not-a.table", "hello, world, and then some more bytes");
    let e = fails(&["solve", "teeko", "", "--table", not_a_table.to_str().unwrap()]);
    assert!(e.contains("is not a bitgames table: it does not start with BGTABLE1"), "{e}");
    let e = fails(&["solve", "connect4", "", "--table", not_a_table.to_str().unwrap()]);
    assert!(e.contains("no table for connect4"), "{e}");
    let e = fails(&["solve", "teeko", "--table", not_a_table.to_str().unwrap()]);
    assert!(e.contains("no position: give one or more"), "{e}");
}
