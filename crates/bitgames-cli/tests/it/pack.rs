//! `bitgames pack`: the report of a built-in puzzle, a puzzle file, and one clear
//! error (exit code 2) for each kind of bad input.

use crate::common;

use common::{fails, ok};

#[test]
fn soma_report() {
    let out = ok(&["pack", "soma"]);
    assert!(out.contains("solutions: 11520\n"), "{out}");
    assert!(out.contains("distinct: 240\n"), "{out}");
    assert!(out.contains("time: "), "{out}");
    // One packing drawn: three layers of three rows, each piece's cells all there.
    let rows: Vec<&str> = out.lines().filter(|l| l.len() == 15 && l.contains("   ")).collect();
    assert_eq!(rows.len(), 3, "{out}");
    let cells: String = rows.concat().replace(' ', "");
    for (label, n) in [('V', 3), ('L', 4), ('T', 4), ('Z', 4), ('P', 4), ('A', 4), ('B', 4)] {
        assert_eq!(cells.matches(label).count(), n, "{label} in {out}");
    }
}

#[test]
fn pentominoes_with_threads() {
    let out = ok(&["pack", "pentomino-3x20", "--threads", "2"]);
    assert!(out.contains("solutions: 8\n") && out.contains("distinct: 2\n"), "{out}");
    let drawn: Vec<&str> = out.lines().filter(|l| l.len() == 20).collect();
    assert_eq!(drawn.len(), 3, "{out}");
}

#[test]
fn a_puzzle_file() {
    let dir = std::env::temp_dir().join(format!("bitgames-pack-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Four L trominoes into a 4×3 box.
    let good = dir.join("good.txt");
    std::fs::write(&good, "# L trominoes\nname four Ls\nboard 4x3\npiece L x4\no.\noo\n").unwrap();
    let out = ok(&["pack", good.to_str().unwrap()]);
    // By an exhaustive count (four L's tile each 3×2 half in 2 ways): 4 tilings,
    // 2 up to the rectangle's 4 symmetries (no piece can be fixed: all are copies).
    assert!(out.contains("solutions: 4\n") && out.contains("distinct: 2\n"), "{out}");

    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "board 4x3\npiece L x4\no?\noo\n").unwrap();
    let err = fails(&["pack", bad.to_str().unwrap()]);
    assert!(err.contains("line 3: unexpected '?' in a picture"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");

    std::fs::write(&bad, "board 4x3\npiece L x3\no.\noo\n").unwrap();
    let err = fails(&["pack", bad.to_str().unwrap()]);
    assert!(err.contains("the pieces cover 9 cells but the board has 12"), "{err}");

    std::fs::write(&bad, "board 3x3\npiece I\nooooooooo\n").unwrap();
    let err = fails(&["pack", bad.to_str().unwrap()]);
    assert!(err.contains("piece I fits nowhere on the board"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_arguments() {
    let err = fails(&["pack", "no-such-puzzle"]);
    assert!(err.contains("neither a built-in puzzle"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let err = fails(&["pack", "soma", "--threads", "100000"]);
    assert!(err.contains("--threads"), "{err}");
}

#[test]
fn print_gives_a_file_that_reads_back() {
    let text = ok(&["pack", "pentomino-8x8", "--print"]);
    assert!(text.contains("board\noooooooo\n"), "{text}");
    assert!(text.contains("piece X\n.o.\nooo\n.o.\n"), "{text}");
}
