//! Regression tests for issue 17's first table ("tried as a hostile user
//! would"): every input that crashed, hung or misled the binary now gets one
//! clear `error: …` line (exit code 2) or the right answer.

use crate::common;

use common::{fails, fails_with_input, ok, run, run_bytes, run_with_input};
use std::path::PathBuf;

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bitgames-hostile-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// The run of `args` fails, its message containing each of `needles`.
fn fails_saying(args: &[&str], needles: &[&str]) {
    common::assert_contains_all(&fails(args), needles);
}

/// Each of `command_lines` (arguments split at blanks) fails naming `needle`.
fn each_fails_naming(command_lines: &[&str], needle: &str) {
    for line in command_lines {
        fails_saying(&line.split_whitespace().collect::<Vec<_>>(), &[needle]);
    }
}

/// An Othello position (White to move, 29 empties) that solves to -64 at once.
const WIPED_OUT: &str = "-----------------------O--OOOOOX--OOOOXXOOOOXXXX--OOOXXXXXXXXXXX O";

/// Ten empty squares, Black to move: solved in milliseconds.
fn ten_empties() -> String {
    format!("{}XXXXXX{} X", "XXXXXXXXOOOOOOOO".repeat(3), "-".repeat(10))
}

/// An OBF line starting with '-' is a position wherever it stands among the
/// options of `solve`, with no `--` before it; options after it still count.
#[test]
fn obf_positions_may_start_with_a_dash() {
    let out = ok(&["solve", "othello", WIPED_OUT]);
    assert!(out.contains("score -64"), "{out}");
    let out = ok(&["solve", "othello", WIPED_OUT, "--threads", "1", "-q", "--best"]);
    assert!(out.contains("score -64"), "{out}");
    let out = ok(&["solve", "othello", "-q", WIPED_OUT, &ten_empties(), "-t", "1"]);
    assert_eq!(out.matches("position ").count(), 2, "{out}");
    // `--table-mib=16` and `-t1` forms, and `--` still works.
    let out = ok(&["solve", "othello", "--table-mib=16", WIPED_OUT, "-t1", "--", WIPED_OUT]);
    assert_eq!(out.matches("score -64").count(), 2, "{out}");
    // An unknown option is still an unknown option, not a position.
    fails_saying(&["solve", "othello", "--no-such-option", WIPED_OUT], &["--no-such-option"]);
    // `show`, `perft --position` and `convert --start` take one too.
    let out = ok(&["show", "othello", WIPED_OUT, "--json"]);
    assert!(out.contains("\"result\""), "{out}");
}

/// Tables larger than the machine's memory: a clear error, before anything
/// is allocated, from every command that takes `--table-mib`.
#[test]
fn huge_tables_are_refused() {
    let commands = [
        "solve connect4 --table-mib 1000000 4453",
        &format!("solve othello --table-mib 100000000 {WIPED_OUT}"),
        "bench connect4 --table-mib 100000000 --limit 1",
        "book connect4(width=4,height=4) --depth 1 --table-mib 100000000 --out x",
    ];
    each_fails_naming(&commands, "is more than this machine can give a table");
    fails_saying(&["solve", "connect4", "--table-mib", "0", "4453"], &["at least 1"]);
}

/// Thread counts far beyond the cores are refused at once (no spawn failure,
/// no minutes-long perft).
#[test]
fn huge_thread_counts_are_refused() {
    let commands = [
        "perft connect4 3 --threads 100000",
        &format!("solve othello --threads 100000 {WIPED_OUT}"),
        "bench connect4 --threads 100000 --limit 1",
    ];
    each_fails_naming(&commands, "--threads 100000 is too many");
}

/// `nboard --depth` out of range is an error; `set depth` out of range is
/// reported and the session goes on; a line that is not UTF-8 is reported
/// with its number, the next one answered, and the exit code is 2.
#[test]
fn nboard_depths_and_bad_lines() {
    let e = fails_with_input(&["nboard", "--depth", "999"], "go\n");
    assert!(e.contains("depth 999 is out of range 1–60"), "{e}");
    let out = run_with_input(&["nboard"], "nboard 2\nset depth 61\nping 1\nquit\n");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("bad depth '61'") && text.contains("pong 1"), "{text}");
    let out = run_bytes(&["nboard"], b"nboard 2\n\xff\xfe\nping 7\n");
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("pong 7"), "{text}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("standard input, line 2: not UTF-8 text"), "{err}");
    // An unknown command echoed in the log comes back with its escapes escaped.
    let out = run_with_input(&["nboard"], "\u{1b}[31mRED\n");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains('\u{1b}') && err.contains("\\u{1b}"), "{err}");
}

/// Blank lines of `solve` input are skipped, not solved as the empty board;
/// an explicit `""` argument is the empty board.
#[test]
fn blank_lines_are_skipped() {
    let out = run_with_input(&["solve", "connect4"], "\n   \n271713432331713132\n\n");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(text.starts_with("271713432331713132 -11 "), "{text}");
    // `""` is the (4×4) empty board: a draw.
    let out = ok(&["solve", "connect4(width=4,height=4)", ""]);
    assert!(out.starts_with(" 0 "), "{out:?}");
}

/// Books that are not books: devices, directories, oversized files, altered
/// or old-format files are refused with a message saying what is wrong,
/// before anything large is allocated.
#[test]
fn bad_books_are_refused() {
    let dir = scratch("books");
    let spec = "connect4(width=4,height=4)";
    // `solve` of `position` with `book`: it fails saying `needles`.
    let refused = |book: &std::path::Path, position: &str, needles: &[&str]| {
        fails_saying(&["solve", spec, "--book", book.to_str().unwrap(), position], needles);
    };
    refused("/dev/zero".as_ref(), "", &["'/dev/zero' is not a regular file"]);
    refused(&dir, "", &["is a directory"]);
    // A sparse file larger than any book: refused from its size alone.
    let big = dir.join("big.book");
    std::fs::File::create(&big).unwrap().set_len(3 << 30).unwrap();
    refused(&big, "", &["more than the", "a book may have"]);
    // A good book, written whole (no temporary file left), then altered.
    let book = dir.join("small.book");
    let out =
        ok(&["book", spec, "--depth", "3", "--table-mib", "16", "--out", book.to_str().unwrap()]);
    assert!(out.contains("written to"), "{out}");
    assert!(!dir.join("small.book.partial").exists());
    let out = ok(&["solve", spec, "--book", book.to_str().unwrap(), "12"]);
    assert!(out.starts_with("12 0 "), "{out}");
    let mut bytes = std::fs::read(&book).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&book, &bytes).unwrap();
    refused(&book, "12", &["checksum does not match"]);
    // An old (version 1) book: rebuild it.
    bytes[16..20].copy_from_slice(&1u32.to_le_bytes());
    std::fs::write(&book, &bytes).unwrap();
    refused(&book, "12", &["version 1", "rebuild it"]);
    // A book for another board size.
    let other = dir.join("other.book");
    let other_args = ["--depth", "1", "--table-mib", "16", "--out", other.to_str().unwrap()];
    ok(&[&["book", "connect4(width=5,height=4)"][..], &other_args].concat());
    refused(&other, "12", &["5×4"]);
    // `--out` a symbolic link (issue 33, row 1): the link stays a link and the
    // file it leads to gets the book; nothing is renamed over the link.
    #[cfg(unix)]
    {
        let link = dir.join("link.book");
        std::os::unix::fs::symlink(&other, &link).unwrap();
        let link_args = ["--depth", "2", "--table-mib", "16", "--out", link.to_str().unwrap()];
        ok(&[&["book", "connect4(width=5,height=4)"][..], &link_args].concat());
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        // The header's depth byte (after the 16-byte magic, the version, the
        // width and the height): the depth-2 book replaced the depth-1 one.
        assert_eq!(std::fs::read(&other).unwrap()[22], 2);
        assert!(
            !dir.join("link.book.partial").exists() && !dir.join("other.book.partial").exists()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A file of Othello positions with a bad line in the middle: the good lines
/// are solved, the bad one named by file and line, the exit code is 2.
#[test]
fn solve_goes_on_past_bad_lines() {
    let dir = scratch("mixed");
    let file = dir.join("mixed.obf");
    std::fs::write(&file, format!("{WIPED_OUT}\nnot a position\n\n{}\n", ten_empties())).unwrap();
    let out = run(&["solve", "othello", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.matches("position ").count(), 2, "{text}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("mixed.obf, line 2:"), "{err}");
    assert!(err.contains("1 position(s) could not be solved"), "{err}");
    // Non-UTF-8 bytes in a file: that line reported, the others solved.
    std::fs::write(&file, [WIPED_OUT.as_bytes(), b"\n\xff\n", WIPED_OUT.as_bytes()].concat())
        .unwrap();
    let out = run(&["solve", "othello", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stdout).matches("score -64").count(), 2);
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 2: not UTF-8 text"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A score that differs from the one given names where it came from: an
/// argument by its number, a file line by file and line.
#[test]
fn mismatches_name_their_place() {
    let out = run(&["solve", "othello", &format!("{WIPED_OUT}; a1:+10;")]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("error: argument 1: score -64 differs from the line's +10"), "{err}");
    let out = run_with_input(&["solve", "othello"], &format!("\n{WIPED_OUT}; a1:+10;\n"));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("error: standard input, line 2: score -64 differs"), "{err}");
}

/// Paths that exist but hold no positions or records: said as such.
#[test]
fn directories_devices_and_empty_files() {
    let dir = scratch("paths");
    let empty = dir.join("empty.obf");
    std::fs::write(&empty, "").unwrap();
    let d = dir.to_str().unwrap();
    let paths = [
        (d, "is a directory"),
        ("/dev/null", "'/dev/null' is not a regular file"),
        (empty.to_str().unwrap(), "is an empty file"),
    ];
    for command in ["solve", "convert"] {
        for (path, says) in paths {
            fails_saying(&[command, "othello", path], &[says]);
        }
    }
    // A pipe is read like a file (`solve othello <(…)`).
    let out = run_with_input(&["solve", "othello", "/dev/stdin"], &format!("{WIPED_OUT}\n"));
    assert!(String::from_utf8_lossy(&out.stdout).contains("score -64"), "{out:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Escape sequences and huge tokens typed by the user come back escaped and
/// shortened, whatever command echoes them.
#[test]
fn echoed_input_is_escaped_and_short() {
    let escape = "\u{1b}[31mRED\u{1b}[0m\nnext";
    let huge = "x".repeat(100_000);
    let huge_obf = format!("{} X", "Z".repeat(100_000));
    let cases: Vec<Vec<&str>> = vec![
        vec!["show", "connect4", escape],
        vec!["show", "othello", escape],
        vec!["show", "connect4", &huge],
        vec!["show", "othello", &huge_obf],
        vec!["show", escape],
        vec!["perft", "othello", "1", "--position", &huge_obf],
        vec!["solve", "othello", &huge_obf],
        vec!["solve", "connect4", &huge],
        vec!["convert", "othello", &huge],
        vec!["convert", "othello", escape],
        vec!["show", "tictactoe", "--moves", &huge],
    ];
    for args in cases {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{:?}", &args[..2]);
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.len() < 2_000, "{:?}: {} bytes of error", &args[..2], err.len());
        assert!(!err.contains('\u{1b}'), "{:?}: {err}", &args[..2]);
        assert!(err.starts_with("error: ") && !err.contains("panicked"), "{err}");
    }
    // The stdin path of `solve`: the bad line is shortened too.
    let out = run_with_input(&["solve", "connect4"], &format!("{huge}\n271713432331713132\n"));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 1: longer than 64 KiB"), "{err}");
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("271713432331713132 -11 "));
}

/// `perft --divide` at depth 0 counts the position itself, as `perft` does.
#[test]
fn perft_divide_at_depth_zero() {
    let plain = ok(&["perft", "connect4", "0"]);
    assert!(plain.lines().any(|l| l.split_whitespace().take(2).eq(["0", "1"])), "{plain}");
    let divide = ok(&["perft", "connect4", "0", "--divide"]);
    assert!(divide.contains("total  1"), "{divide}");
    let divide = ok(&["perft", "connect4", "1", "--divide"]);
    assert!(divide.contains("total  7"), "{divide}");
}

/// Ctrl-C (SIGINT) while a book is being solved: one `interrupted` line, exit
/// code 130, and neither the book nor its partial file on disk.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_book_and_leaves_no_file() {
    use std::io::{BufRead, BufReader, Read};
    use std::process::{Command, Stdio};
    let dir = scratch("ctrl-c");
    let book = dir.join("deep.book");
    // Every 7×6 position up to 8 moves solved exactly: minutes of work.
    let args = ["book", "connect4", "--depth", "8", "--table-mib", "16", "--threads", "1"];
    let mut child = spawn(&[&args[..], &["--out", book.to_str().unwrap()]].concat(), Stdio::null());
    // Off a terminal the build says so after a few seconds: by then it is
    // solving, with its Ctrl-C handler in place.
    let mut err = BufReader::new(child.stderr.take().expect("stderr"));
    let mut first = String::new();
    err.read_line(&mut first).expect("read stderr");
    assert!(first.starts_with("building the book…"), "{first}");
    let kill = Command::new("kill").args(["-INT", &child.id().to_string()]).status();
    assert!(kill.expect("run kill").success());
    let mut rest = String::new();
    err.read_to_string(&mut rest).expect("read stderr");
    let status = child.wait().expect("wait");
    assert_eq!(status.code(), Some(130), "{rest}");
    let last = rest.lines().last().unwrap_or_default();
    assert_eq!(
        last,
        format!(
            "interrupted (Ctrl-C): the book was not finished; nothing written to '{}'",
            book.display()
        )
    );
    assert!(!book.exists() && !dir.join("deep.book.partial").exists());
}

/// Starts `bitgames` with `args`: stdin closed, stdout to `stdout`, stderr piped.
#[cfg(unix)]
fn spawn(args: &[&str], stdout: std::process::Stdio) -> std::process::Child {
    use std::process::{Command, Stdio};
    Command::new(env!("CARGO_BIN_EXE_bitgames"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .expect("run bitgames")
}

/// A child process killed when dropped, so a failing Ctrl-C test does not
/// leave an endless run behind.
#[cfg(unix)]
struct Child(std::process::Child);

#[cfg(unix)]
impl Drop for Child {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Sends SIGINT to `child`, then returns its exit code and the last line of
/// what it wrote on stderr.
#[cfg(unix)]
fn interrupt(child: &mut Child) -> (Option<i32>, String) {
    use std::io::Read;
    use std::process::Command;
    let kill = Command::new("kill").args(["-INT", &child.0.id().to_string()]).status();
    assert!(kill.expect("run kill").success());
    let mut err = String::new();
    child.0.stderr.take().expect("stderr").read_to_string(&mut err).expect("read stderr");
    let status = child.0.wait().expect("wait");
    (status.code(), err.lines().last().unwrap_or_default().to_string())
}

/// The names of the files in `dir`, sorted.
fn file_names(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("read dir")
        .map(|e| e.expect("dir entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Ctrl-C (SIGINT) while `life --write FILE` runs: exit code 130, one line
/// saying nothing was written, the file that was there before untouched and
/// no partial file; a run that finishes writes an RLE file that reads back.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_life_and_leaves_the_file_whole() {
    use bitgames::puzzles::life::Pattern;
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let dir = scratch("ctrl-c-life");
    let glider = dir.join("glider.rle");
    std::fs::write(&glider, "x = 3, y = 3, rule = B3/S23\nbo$2bo$3o!\n").unwrap();
    let out = dir.join("out.rle");
    // A finished run writes the glider, four generations on: five cells.
    let args = ["life", glider.to_str().unwrap(), "-g", "4", "--write", out.to_str().unwrap()];
    ok(&args);
    let before = std::fs::read_to_string(&out).unwrap();
    let written = Pattern::from_rle(&before).unwrap_or_else(|e| panic!("{e}: {before}"));
    assert_eq!(written.cells.len(), 5, "{before}");
    // A glider on a torus for 10^15 generations: runs until stopped.
    let torus = ["--torus", "64x64", "-g", "1000000000000000", "-t", "1", "--write"];
    let (glider, out_path) = (glider.to_str().unwrap(), out.to_str().unwrap());
    let args = [&["life", glider][..], &torus, &[out_path]].concat();
    let mut child = Child(spawn(&args, Stdio::piped()));
    // `universe: …` is printed just before the generations run, after the
    // Ctrl-C handler is in place.
    let mut stdout = BufReader::new(child.0.stdout.take().expect("stdout"));
    let mut line = String::new();
    while !line.starts_with("universe:") {
        line.clear();
        assert!(stdout.read_line(&mut line).expect("read stdout") > 0, "no universe line");
    }
    let (code, last) = interrupt(&mut child);
    assert_eq!(code, Some(130), "{last}");
    assert_eq!(
        last,
        format!(
            "interrupted (Ctrl-C): the run was not finished; nothing written to '{}'",
            out.display()
        )
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap(), before);
    assert_eq!(file_names(&dir), ["glider.rle", "out.rle"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Ctrl-C (SIGINT) while `arena --sgf DIR` plays: exit code 130, one line
/// saying where the finished games are, and every file in the folder a whole
/// SGF record that reads (no partial file left).
#[cfg(unix)]
#[test]
fn ctrl_c_stops_an_arena_and_leaves_whole_sgf_files() {
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    let dir = scratch("ctrl-c-arena");
    let sgf = dir.join("games");
    // A million random games of 5×5 Go on two threads: runs until stopped.
    let engines = ["arena", "go(size=5)", "--engines", "random", "random"];
    let games = ["--games", "1000000", "--threads", "2", "--seed", "1", "--sgf"];
    let args = [&engines[..], &games, &[sgf.to_str().unwrap()]].concat();
    let mut child = Child(spawn(&args, Stdio::null()));
    // The first games written: the match is under way, the handler in place.
    let start = Instant::now();
    while !sgf.exists() || file_names(&sgf).iter().filter(|n| n.ends_with(".sgf")).count() < 4 {
        assert!(start.elapsed() < Duration::from_secs(60), "no SGF file after a minute");
        std::thread::sleep(Duration::from_millis(20));
    }
    let (code, last) = interrupt(&mut child);
    assert_eq!(code, Some(130), "{last}");
    assert_eq!(
        last,
        format!(
            "interrupted (Ctrl-C): the match was not finished; the SGF files of its finished \
             games are in '{}', each whole",
            sgf.display()
        )
    );
    let names = file_names(&sgf);
    assert!(names.len() >= 4, "{names:?}");
    for name in &names {
        let digits = name.strip_prefix("game-").and_then(|n| n.strip_suffix(".sgf"));
        assert!(
            digits.is_some_and(|d| d.len() >= 3 && d.bytes().all(|c| c.is_ascii_digit())),
            "{name}"
        );
        let text = std::fs::read_to_string(sgf.join(name)).unwrap();
        let game =
            bitgames::sgf::read(&text, "go").unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
        assert_eq!(game.record.start().spec(), bitgames::new_game("go(size=5)").unwrap().spec());
        assert!(game.result.is_some(), "{name}: a finished game has a result\n{text}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// [`common::run_streamed`] that may stop reading early: the exit code and
/// stderr.
fn run_streamed(args: &[&str], input: impl Into<common::Input>) -> (Option<i32>, String) {
    let out = common::run_streamed(args, input, false);
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// Issue 33 row 11: the line sessions refuse a line without end after 64 KiB,
/// and the whole-input commands refuse more than 64 MiB, instead of reading
/// `/dev/zero` until the memory runs out.
#[test]
fn endless_input_is_refused_not_held() {
    let zeros = || std::io::repeat(b'a').take(200 * 1024);
    use std::io::Read;
    for args in [&["gtp", "go"][..], &["nboard"], &["play", "tictactoe", "--first", "engine"]] {
        let (code, err) = run_streamed(args, zeros());
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(
            err.starts_with("error: ") && err.contains("longer than 64 KiB"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("panicked"), "{err}");
    }
    // A good GTP line after a long but bounded one still works only if the
    // long one is under the limit: 60 KiB of blanks then a command.
    let mut ok_input = vec![b' '; 60 * 1024];
    ok_input.extend_from_slice(b"name\n");
    let (code, err) = run_streamed(&["gtp", "go"], ok_input);
    assert_eq!(code, Some(0), "{err}");
    let huge = || std::io::repeat(b'\n').take(65 << 20);
    for args in [
        &["convert", "othello", "-"][..],
        &["life", "-", "--generations", "1"],
        &["lightsout", "solve", "5x5"],
        &["pack", "-"],
    ] {
        let (code, err) = run_streamed(args, huge());
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains("more than 64 MiB"), "{args:?}: {err}");
    }
}

/// An output path that cannot be written (issue 33, row 14) is the user's
/// input error, exit 2, found before the work starts: a folder that does not
/// exist, a folder given as the file. Nothing is left behind.
#[test]
fn unwritable_outputs_are_input_errors_found_first() {
    let dir = scratch("outputs");
    let missing = dir.join("no-such-folder").join("x.book");
    let (missing, folder) = (missing.to_str().unwrap(), dir.to_str().unwrap());
    // A depth whose book would take minutes: the check comes first.
    let book = ["book", "connect4", "--depth", "12", "--table-mib", "16", "--out"];
    fails_saying(&[&book[..], &[missing]].concat(), &["there is no folder"]);
    fails_saying(&[&book[..], &[folder]].concat(), &["it is a folder"]);
    let glider = dir.join("glider.rle");
    std::fs::write(&glider, "x = 3, y = 3\nbob$2bo$3o!\n").unwrap();
    let life = ["life", glider.to_str().unwrap(), "-g", "4", "--write"];
    fails_saying(&[&life[..], &[missing]].concat(), &["there is no folder"]);
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left, ["glider.rle"], "files left in {folder}");
    std::fs::remove_dir_all(&dir).unwrap();
}
