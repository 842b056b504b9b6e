//! End-to-end tests of `bitgames convert othello`: each output format, files and
//! standard input, and exit code 2 with one `error:` line for bad input.

use crate::common;

use common::{ok, ok_with_input, run_with_input, scratch_file};

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
    // The bad record is named, the good ones around it are still converted.
    let out = run_with_input(&args, "f5\nf5 x1\nf5d6\n");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "f5\nf5d6\n");
    let e = String::from_utf8_lossy(&out.stderr);
    assert!(e.starts_with("error: <stdin>, line 2: transcript token 2 ('x1'"), "{e}");
    assert!(e.ends_with("\nerror: 1 record(s) of <stdin> could not be converted (see above)\n"));
    let bad = format!("(;GM[Othello]{START_BO}B[f5]B[d6];)");
    for (args, stdin, needle) in [
        (&["-"][..], &bad[..], "move 2 (B[d6]): a Black move, but White is to move"),
        (&["-"], &bad[..bad.len() - 2], "not closed"),
        (&["-"], "  \n", "no game"),
        (&["no/such/file.ggf"], "", "no such file"),
        (&["f5", "--start", "XO X"], "", "--start"),
        (&["-", "--start", "XO X"], &bad[..], "transcripts only"),
        (&["-", "--from", "obf"], "f5d6\n", "bad othello position"),
    ] {
        let e = fails_with_input(&[&["convert", "othello"][..], args].concat(), stdin);
        assert!(e.contains(needle), "{args:?}: {e}");
    }
    let e = fails_with_input(&["convert", "connect4", "4453"], "");
    assert!(e.contains("no game-record formats (games with some: othello)"), "{e}");
}

#[test]
fn a_bad_ggf_game_is_reported_and_the_others_converted() {
    // Game 2 moves out of turn, game 3 has an escape sequence in a bad board
    // size and is not closed before game 4.
    let text = format!(
        "(;GM[Othello]{START_BO}B[f5];)\n(;GM[Othello]{START_BO}W[f5];)\n\
         (;GM[Othello]BO[\u{1b}[31m{} *]\n(;GM[Othello]{START_BO}B[f5]W[d6];)\n",
        "9".repeat(500)
    );
    let path = scratch_file("convert-bad-game.ggf", &text);
    let p = path.to_str().unwrap();
    let out = common::run(&["convert", "othello", p, "--to", "transcript"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "f5\nf5d6\n");
    let err = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 3, "{err}");
    assert!(
        lines[0].starts_with(&format!("error: {p}: GGF game 2, line 2, column 93: move 1 (W[f5])")),
        "{err}"
    );
    assert!(lines[1].starts_with(&format!("error: {p}: GGF game 3, line 3, column ")), "{err}");
    // Escaped and shortened as every error line is.
    assert!(!err.contains('\u{1b}') && lines[1].len() < 300, "{err}");
    assert_eq!(lines[2], format!("error: 2 record(s) of {p} could not be converted (see above)"));
    // The same on standard input, and for several bad transcripts.
    let out = run_with_input(&["convert", "othello", "-", "--to", "transcript"], &text);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "f5\nf5d6\n");
    assert!(String::from_utf8_lossy(&out.stderr).contains("error: <stdin>: GGF game 2, line 2"));
    let out =
        run_with_input(&["convert", "othello", "-", "--to", "transcript"], "f5\nz9\nf5d6\nf5f5\n");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "f5\nf5d6\n");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("error: <stdin>, line 2: transcript token 1 ('z9'"), "{err}");
    assert!(err.contains("\nerror: <stdin>, line 4: transcript token 2 ('f5'"), "{err}");
    assert!(
        err.ends_with("error: 2 record(s) of <stdin> could not be converted (see above)\n"),
        "{err}"
    );
}

#[test]
fn sgf_collections_and_json_lines_convert_past_a_bad_record() {
    let text = "(;GM[1]SZ[9];B[cc];W[gg])\n(;GM[1]SZ[9];B[zz])\n(;GM[1]SZ[9];B[ee])\n";
    let out = run_with_input(&["convert", "go", "-", "--to", "moves"], text);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "c7 g3\ne5\n");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("error: <stdin>, game 2 (line 2): SGF property B[zz]"), "{err}");
    assert!(err.ends_with("error: 1 record(s) of <stdin> could not be converted (see above)\n"));
    // Every game of a collection is written back.
    let good = "(;GM[1]SZ[9];B[cc];W[gg])(;GM[1]SZ[9];B[ee])";
    let sgf = ok_with_input(&["convert", "go", "-"], good);
    assert_eq!(sgf.matches("(;FF[4]GM[1]").count(), 2, "{sgf}");
    let json = ok_with_input(&["convert", "go", "-", "--to", "json"], good);
    assert_eq!(json.lines().count(), 2, "{json}");
    // JSON records one a line: the bad line is named, the others converted.
    let lines = format!(
        "{}\n{{\"game\":\"go(size=9)\",\"moves\":[\"z\"]}}\n\n{}",
        json.lines().next().unwrap(),
        json.lines().nth(1).unwrap()
    );
    let out = run_with_input(&["convert", "go", "-", "--to", "moves"], &lines);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "c7 g3\ne5\n");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("error: <stdin>, line 2: "), "{err}");
    assert_eq!(err.lines().count(), 2, "{err}");
}
