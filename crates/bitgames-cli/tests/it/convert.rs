//! End-to-end tests of `bitgames convert othello`: each output format, files and
//! standard input, and exit code 2 with one `error:` line for bad input.

use crate::common;

use common::{ok, ok_with_input, run_with_input};
use std::path::PathBuf;

/// The shortest Othello game: nine plies and White has no disc left.
const WIPEOUT: &str = "e6f4e3f6g5d6e7f5c5";

/// The standard start as GGF writes it.
const START_BO: &str =
    "BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]";

/// Stderr of a run that must fail with exit code 2 and exactly one `error:` line.
fn fails_with_input(args: &[&str], stdin: &str) -> String {
    let err = common::fails_with_input(args, stdin);
    assert_eq!(err.lines().count(), 1, "{err}");
    err
}

/// A file with `text` in the test's scratch folder.
fn scratch_file(name: &str, text: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).expect("write scratch file");
    path
}

#[test]
fn transcript_to_ggf_and_back() {
    let ggf = ok(&["convert", "othello", WIPEOUT, "--to", "ggf"]);
    assert_eq!(
        ggf,
        format!(
            "(;GM[Othello]RE[+64.000]{START_BO}B[E6]W[F4]B[E3]W[F6]B[G5]W[D6]B[E7]W[F5]B[C5];)\n"
        )
    );
    // GGF is the default output, and auto-detected as input on stdin.
    assert_eq!(ok(&["convert", "othello", "E6 F4 E3 F6 G5 D6 E7 F5 C5"]), ggf);
    let t = ok_with_input(&["convert", "othello", "-", "--to", "transcript"], &ggf);
    assert_eq!(t, format!("{WIPEOUT}\n"));
    let t =
        ok_with_input(&["convert", "othello", "-", "--from", "ggf", "--to", "transcript"], &ggf);
    assert_eq!(t, format!("{WIPEOUT}\n"));
}

#[test]
fn files_with_several_games() {
    let path = scratch_file("convert-games.txt", &format!("# two games\n{WIPEOUT}\n\nf5 d6 c3\n"));
    let p = path.to_str().unwrap();
    let ggf = ok(&["convert", "othello", p, "--to", "ggf"]);
    assert_eq!(ggf.lines().count(), 2, "{ggf}");
    assert!(ggf.lines().nth(1).unwrap().ends_with("B[F5]W[D6]B[C3];)"), "{ggf}");
    let ggf_path = scratch_file("convert-games.ggf", &ggf);
    let back = ok(&["convert", "othello", ggf_path.to_str().unwrap(), "--to", "transcript"]);
    assert_eq!(back, format!("{WIPEOUT}\nf5d6c3\n"));
    let moves = ok(&["convert", "othello", p, "--to", "moves"]);
    assert!(moves.starts_with("game 1\nstart "), "{moves}");
    assert!(moves.contains("\n\ngame 2\n"), "{moves}");
    assert!(moves.contains("result: in progress (5-2), White to move"), "{moves}");
}

#[test]
fn moves_and_obf_output() {
    let moves = ok(&["convert", "othello", WIPEOUT, "--to", "moves"]);
    let lines: Vec<&str> = moves.lines().collect();
    assert_eq!(lines.len(), 11, "{moves}");
    assert_eq!(
        lines[0],
        "start            ---------------------------OX------XO--------------------------- X"
    );
    assert!(lines[1].starts_with("  1. Black e6 "), "{moves}");
    assert!(lines[2].starts_with("  2. White f4 "), "{moves}");
    assert!(lines[9].starts_with("  9. Black c5 "), "{moves}");
    assert_eq!(lines[10], "result: Black wins 13-0 (+64)");
    let obf = ok(&["convert", "othello", WIPEOUT, "--to", "obf"]);
    let last = lines[9];
    assert_eq!(obf, format!("{};\n", &last[last.len() - 66..]));
}

#[test]
fn obf_lines_pass_through() {
    let line = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; H7:+6; A2:+6; A3:+4; B1:-4; A4:-22; G2:-24;";
    let path = scratch_file("convert-ffo1.obf", &format!("{line}\n"));
    let p = path.to_str().unwrap();
    assert_eq!(ok(&["convert", "othello", p, "--to", "obf"]), format!("{line}\n"));
    let ggf = ok(&["convert", "othello", p, "--from", "obf", "--to", "ggf"]);
    assert!(ggf.starts_with("(;GM[Othello]BO[8 --*****- -OOO**-O "), "{ggf}");
    // A game from that position: --start for transcripts.
    let board = line.split(';').next().unwrap();
    let t = ok(&["convert", "othello", "g8", "--start", board, "--to", "obf"]);
    assert!(t.ends_with(" O;\n"), "{t}");
}

#[test]
fn forced_passes_are_written_as_pa() {
    // Row 1 `-OXXXXXX`, White to move: White has no move, Black has a1 (flipping
    // b1), so White must pass; after a1 the game is over, 8-0.
    let start = format!("-OXXXXXX{} O", "-".repeat(56));
    let ggf = ok(&["convert", "othello", "a1", "--start", &start, "--to", "ggf"]);
    assert!(ggf.contains("RE[+64.000]"), "{ggf}");
    assert!(ggf.ends_with(" O]W[PA]B[A1];)\n"), "{ggf}");
    let t = ok_with_input(&["convert", "othello", "-", "--to", "transcript"], &ggf);
    assert_eq!(t, "a1\n");
    // An explicit pass in the transcript reads the same.
    assert_eq!(ok(&["convert", "othello", "pass a1", "--start", &start]), ggf);
}

#[test]
fn bad_input_exits_2() {
    let e = fails_with_input(&["convert", "othello", "f5d6a1"], "");
    assert!(e.contains("token 3 ('a1'") && e.contains("flips no disc"), "{e}");
    let args = ["convert", "othello", "-", "--from", "transcript", "--to", "transcript"];
    let e = fails_with_input(&args, "f5\nf5 x1\nf5d6\n");
    assert!(e.contains("<stdin>, line 2: transcript token 2 ('x1'"), "{e}");
    // The good records around the bad one are still converted.
    let out = run_with_input(&args, "f5\nf5 x1\nf5d6\n");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "f5\nf5d6\n");
    let bad = format!("(;GM[Othello]{START_BO}B[f5]B[d6];)");
    let e = fails_with_input(&["convert", "othello", "-"], &bad);
    assert!(e.contains("move 2 (B[d6]): a Black move, but White is to move"), "{e}");
    let e = fails_with_input(&["convert", "othello", "-"], &bad[..bad.len() - 2]);
    assert!(e.contains("not closed"), "{e}");
    let e = fails_with_input(&["convert", "othello", "-"], "  \n");
    assert!(e.contains("no game"), "{e}");
    let e = fails_with_input(&["convert", "othello", "no/such/file.ggf"], "");
    assert!(e.contains("no such file"), "{e}");
    let e = fails_with_input(&["convert", "connect4", "4453"], "");
    assert!(e.contains("no game-record formats (games with some: othello)"), "{e}");
    let e = fails_with_input(&["convert", "othello", "f5", "--start", "XO X"], "");
    assert!(e.contains("--start"), "{e}");
    let e = fails_with_input(&["convert", "othello", "-", "--start", "XO X"], &bad);
    assert!(e.contains("transcripts only"), "{e}");
    let e = fails_with_input(&["convert", "othello", "-", "--from", "obf"], "f5d6\n");
    assert!(e.contains("bad othello position"), "{e}");
}
