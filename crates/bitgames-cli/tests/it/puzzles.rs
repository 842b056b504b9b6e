//! End-to-end tests of `bitgames lightsout` and `bitgames life`: the documented
//! output lines and exit code 2 with one `error:` line for bad input.

use crate::common;

use common::{assert_contains_all, ok, ok_with_input, scratch_file};
use std::path::PathBuf;

/// Stderr of a run that must fail with exit code 2 and exactly one `error:` line.
fn fails_with_input(args: &[&str], stdin: &str) -> String {
    let err = common::fails_with_input(args, stdin);
    assert_eq!(err.lines().count(), 1, "{err}");
    err
}

fn data(name: &str) -> String {
    format!("{}/../bitgames/tests/data/life/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn lightsout_stats_5x5() {
    let out = ok(&["lightsout", "stats", "5x5"]);
    for line in ["null space: 2", "solvable positions: 8388608", "hardest: 15 presses"] {
        assert!(out.lines().any(|l| l.starts_with(line)), "{line}\n{out}");
    }
    // An invertible press matrix: the hardest board needs every cell.
    let big = ok(&["lightsout", "stats", "100x100"]);
    assert!(big.contains("null space: 0"), "{big}");
    assert!(big.contains("hardest: 10000 presses"), "{big}");
    // 9x9 has an 8-dimensional null space and 81 cells: past enumeration.
    let nine = ok(&["lightsout", "stats", "9x9"]);
    assert!(nine.contains("null space: 8") && nine.contains("hardest: out of reach"), "{nine}");
}

#[test]
fn lightsout_solve_picture_and_names() {
    // One press in the middle of 5x5 lights a plus; pressing c3 switches it off.
    let board = ". . . . .\n. . X . .\n. X X X .\n. . X . .\n. . . . .\n";
    let out = ok_with_input(&["lightsout", "solve", "5x5"], board);
    assert_contains_all(
        &out,
        &[
            "presses: 1 (fewest)",
            "cells: c3",
            ". . . . .\n. . . . .\n. . X . .\n. . . . .\n. . . . .\n",
            "solutions: 4",
        ],
    );
}

#[test]
fn lightsout_bad_input() {
    for (args, stdin, needle) in [
        (["solve", "4x4"], "X . . .\n. . . .\n. . . .\n. . . .\n", "no solution"),
        (["solve", "3x3"], "X . .\n. . .\n", "expected 3 rows"),
        (["solve", "3x3"], "X . .\n. ? .\n. . .\n", "unexpected '?'"),
        (["stats", "0x5"], "", "bad Lights Out size"),
    ] {
        let err = fails_with_input(&[&["lightsout"][..], &args].concat(), stdin);
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

#[test]
fn life_r_pentomino_on_the_plane() {
    let out = ok(&["life", &data("r-pentomino.rle"), "--generations", "1103"]);
    assert!(out.lines().any(|l| l == "population: 116"), "{out}");
    assert!(out.contains("bounding box: x "), "{out}");
    assert!(out.contains("time: ") && out.contains("cell updates/s: "), "{out}");
}

#[test]
fn life_glider_on_a_torus_shows_and_writes() {
    let written = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("glider-out.rle");
    let out = ok(&[
        "life",
        &data("glider.rle"),
        "--generations",
        "4",
        "--torus",
        "8x8",
        "--show",
        "--threads",
        "2",
        "--write",
        written.to_str().unwrap(),
    ]);
    assert!(out.contains("population: 5"), "{out}");
    // The glider starts at (2..5, 2..5) in the middle of 8x8 and moves (1, 1).
    assert!(out.contains("bounding box: x 3..5, y 3..5 (3x3)"), "{out}");
    assert!(out.contains(".o.\n..o\nooo\n"), "{out}");
    let rle = std::fs::read_to_string(&written).unwrap();
    assert!(rle.contains("x = 3, y = 3, rule = B3/S23\nbo$2bo$3o!"), "{rle}");
}

#[test]
fn life_bad_input() {
    let bad = |name: &str, text: &str| {
        let path = scratch_file(name, text);
        fails_with_input(&["life", path.to_str().unwrap(), "-g", "1"], "")
    };
    assert!(bad("count.rle", "x = 3, y = 3\n0bo$2bo$3o!\n").contains("bad run count"));
    assert!(bad("big.rle", "x = 2, y = 3\nbo$2bo$3o!\n").contains("bigger than the header"));
    assert!(bad("rule.rle", "x = 3, y = 3, rule = B9/S1\nbo!\n").contains("unknown rule"));
    assert!(bad("cut.rle", "x = 3, y = 3\nbo$2bo$3o\n").contains("without the closing '!'"));
    let err = fails_with_input(&["life", "/nonexistent/x.rle"], "");
    assert!(err.contains("cannot read"), "{err}");
    let err = fails_with_input(&["life", &data("gosper-gun.rle"), "--torus", "10x10"], "");
    assert!(err.contains("does not fit"), "{err}");
    let err = fails_with_input(&["life", &data("glider.rle"), "--torus", "0x4"], "");
    assert!(err.contains("bad torus size"), "{err}");
    let err = fails_with_input(&["life", "-", "--rule", "B0/S23"], "x = 1, y = 1\no!\n");
    assert!(err.contains("B0"), "{err}");
}
