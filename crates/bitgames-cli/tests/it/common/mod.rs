//! Running the `bitgames` binary from the end-to-end tests.
#![allow(dead_code)] // Each test file uses its own subset.

use std::process::{Command, Output, Stdio};

/// Runs `bitgames` with `args` and `stdin` piped in.
pub fn run_with_input(args: &[&str], stdin: &str) -> Output {
    run_bytes(args, stdin.as_bytes())
}

/// Runs `bitgames` with `args` and raw bytes (not necessarily UTF-8) on stdin.
pub fn run_bytes(args: &[&str], stdin: &[u8]) -> Output {
    run_streamed(args, stdin.to_vec(), true)
}

/// Runs `bitgames` with `input` streamed to its stdin from a thread. With
/// `whole`, all of it must be written; otherwise the command may stop
/// reading early (its broken pipe is then expected).
pub fn run_streamed(args: &[&str], input: impl Into<Input>, whole: bool) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_bitgames"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start bitgames");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut input = input.into().0;
    let writer = std::thread::spawn(move || std::io::copy(&mut input, &mut stdin));
    let out = child.wait_with_output().expect("wait for bitgames");
    let written = writer.join().expect("the writer thread");
    if whole {
        written.expect("write stdin");
    }
    out
}

/// What [`run_streamed`] writes: bytes or any reader.
pub struct Input(Box<dyn std::io::Read + Send>);

impl From<Vec<u8>> for Input {
    fn from(bytes: Vec<u8>) -> Self {
        Input(Box::new(std::io::Cursor::new(bytes)))
    }
}

impl From<std::io::Take<std::io::Repeat>> for Input {
    fn from(r: std::io::Take<std::io::Repeat>) -> Self {
        Input(Box::new(r))
    }
}

/// Runs `bitgames` with `args` and empty stdin.
pub fn run(args: &[&str]) -> Output {
    run_with_input(args, "")
}

/// A run of `args` with `stdin` that must exit with `code`. A run that must
/// fail may stop before it reads its input (a bad argument is refused
/// first), so only a successful one must take all of it.
fn exits(args: &[&str], stdin: &str, code: i32) -> Output {
    let out = run_streamed(args, stdin.as_bytes().to_vec(), code == 0);
    assert_eq!(
        out.status.code(),
        Some(code),
        "bitgames {args:?} should exit {code}; stdout: {}; stderr: {}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// Stdout of a run that must succeed.
pub fn ok_with_input(args: &[&str], stdin: &str) -> String {
    String::from_utf8(exits(args, stdin, 0).stdout).expect("utf-8 stdout")
}

/// Stdout of a run with empty stdin that must succeed.
pub fn ok(args: &[&str]) -> String {
    ok_with_input(args, "")
}

/// Stderr of a run that must fail with exit code 2 and an `error:` line, no panic.
pub fn fails_with_input(args: &[&str], stdin: &str) -> String {
    let err = String::from_utf8(exits(args, stdin, 2).stderr).expect("utf-8 stderr");
    assert!(err.starts_with("error: "), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

/// [`fails_with_input`] with empty stdin.
pub fn fails(args: &[&str]) -> String {
    fails_with_input(args, "")
}

/// A file with `text` in the tests' scratch folder.
pub fn scratch_file(name: &str, text: &str) -> std::path::PathBuf {
    let path = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).expect("write scratch file");
    path
}

/// Panics, showing `text`, at the first of `needles` it does not contain.
pub fn assert_contains_all(text: &str, needles: &[&str]) {
    for needle in needles {
        assert!(text.contains(needle), "no {needle:?} in:\n{text}");
    }
}

/// Stdout of a run of `args` that must succeed ([`ok`]) and say each of
/// `needles`; panics naming the run and the first needle missing.
pub fn assert_output(args: &[&str], needles: &[&str]) -> String {
    let out = ok(args);
    for needle in needles {
        assert!(out.contains(needle), "bitgames {args:?}: no {needle:?} in stdout:\n{out}");
    }
    out
}

/// Stderr of a run of `args` that must fail ([`fails`]) and say each of
/// `needles`; panics naming the run and the first needle missing.
pub fn assert_fails_with(args: &[&str], needles: &[&str]) -> String {
    let err = fails(args);
    for needle in needles {
        assert!(err.contains(needle), "bitgames {args:?}: no {needle:?} in stderr:\n{err}");
    }
    err
}
