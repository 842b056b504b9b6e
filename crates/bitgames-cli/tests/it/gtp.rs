//! `bitgames gtp` as a process: a scripted session; the `gtp(cmd=…)` engine
//! playing our own binary and GNU Go in the arena; SGF written by the arena and
//! read by `show` and `convert`.

use crate::common;

use bitgames::arena::{run_match, MatchConfig, MatchReport};
use common::{fails, ok, ok_with_input};
use std::path::PathBuf;
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_bitgames");

#[test]
fn scripted_session_over_stdin() {
    let script = "1 protocol_version\nboardsize 5\nkomi 0.5\nplay b c3\n\n# comment\n\
                  final_score\nplay x zz\nfrobnicate\n2 genmove w\nquit\nname\n";
    let out = ok_with_input(&["gtp", "go", "--engine", "random(seed=4)"], script);
    let replies: Vec<&str> = out.split_terminator("\n\n").collect();
    assert_eq!(replies.len(), 9, "{out:?}");
    assert_eq!(&replies[..5], ["=1 2", "= ", "= ", "= ", "= B+24.5"]);
    assert!(replies[5].starts_with("? syntax error"), "{out}");
    assert!(replies[6].starts_with("? unknown command"), "{out}");
    assert!(replies[7].starts_with("=2 "), "{out}");
    // Nothing is answered after quit.
    assert_eq!(replies[8], "= ");
}

#[test]
fn bad_gtp_options_exit_2() {
    let err = fails(&["gtp", "go", "--engine", "stockfish"]);
    assert!(err.contains("stockfish"), "{err}");
    fails(&["gtp", "chess"]);
}

/// A short match of `engine` (speaking GTP) against `random`.
fn versus_random(game: &str, engine: &str, games: usize) -> MatchReport {
    let config = MatchConfig {
        game: game.into(),
        engines: [engine.into(), "random".into()],
        games,
        opening_plies: 0,
        seed: 5,
        threads: 1,
    };
    run_match(&config, &|_| {}).unwrap()
}

/// Every game of the report ends legally with no fault: replayed move by move.
fn check_games(game: &str, r: &MatchReport) {
    for g in &r.games {
        assert_eq!(g.fault, None, "{}", g.result);
        let mut state = bitgames::new_game(game).unwrap();
        for m in g.opening.iter().chain(&g.moves) {
            state.play_text(m).unwrap();
        }
        assert!(state.outcome().is_some(), "game {} did not end", g.index);
    }
}

#[test]
fn gtp_engine_plays_our_own_binary() {
    for game in ["go(size=5)", "hex(size=5)"] {
        let engine = format!("gtp(cmd=\"{BIN} gtp {game} --engine random(seed=9)\",timeout=20s)");
        let r = versus_random(game, &engine, 2);
        check_games(game, &r);
        assert_eq!(r.engines[0].faults, 0);
    }
}

/// `gnugo`, where installed or installable (as root with apt-get).
fn gnugo() -> Option<PathBuf> {
    let find = || {
        std::env::var_os("PATH")
            .map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
            .unwrap_or_default()
            .into_iter()
            .chain([PathBuf::from("/usr/games")])
            .map(|d| d.join("gnugo"))
            .find(|p| p.is_file())
    };
    if let Some(p) = find() {
        return Some(p);
    }
    let root = Command::new("id").arg("-u").output().is_ok_and(|o| o.stdout.trim_ascii() == b"0");
    if root {
        let _ = Command::new("apt-get").args(["install", "-y", "gnugo"]).output();
    }
    find()
}

/// A short game against GNU Go (the Debian package `gnugo`): 9×9, scored
/// after 30 moves, GNU Go at level 1. Skipped, with a message, where GNU Go
/// is missing and cannot be installed.
#[test]
fn gtp_engine_plays_gnu_go() {
    let Some(gnugo) = gnugo() else {
        eprintln!(
            "SKIPPED gtp_engine_plays_gnu_go: gnugo is not installed and could not be \
             (needs root and apt-get: apt-get install -y gnugo)"
        );
        return;
    };
    let game = "go(size=9,max_moves=30)";
    let engine = format!(
        "gtp(cmd=\"{} --mode gtp --level 1 --chinese-rules\",timeout=30s)",
        gnugo.display()
    );
    let r = versus_random(game, &engine, 2);
    check_games(game, &r);
    assert_eq!(r.games.iter().map(|g| g.moves.len()).sum::<usize>(), 60);
}

#[test]
fn arena_writes_sgf_that_show_and_convert_read() {
    let dir = std::env::temp_dir().join(format!("bitgames-sgf-{}", std::process::id()));
    let d = dir.to_str().unwrap();
    ok(&[
        "arena",
        "go(size=5)",
        "--engines",
        "random",
        "random",
        "--games",
        "2",
        "--seed",
        "1",
        "--sgf",
        d,
    ]);
    let one = dir.join("game-001.sgf");
    let text = std::fs::read_to_string(&one).unwrap();
    assert!(text.starts_with("(;FF[4]GM[1]") && text.contains("SZ[5]KM[7.5]"), "{text}");
    assert!(text.contains("PB[random(seed=") && text.contains("RE["), "{text}");
    assert!(dir.join("game-002.sgf").is_file());
    let f = one.to_str().unwrap();
    let shown = ok(&["show", "go", f]);
    assert!(shown.contains("game over"), "{shown}");
    let moves = ok(&["convert", "go", f, "--to", "moves"]);
    let json = ok(&["convert", "go", f, "--to", "json"]);
    // The record's move array holds the same moves.
    let array: Vec<String> = moves.split_whitespace().map(|m| format!("\"{m}\"")).collect();
    assert!(json.contains(&format!("\"moves\":[{}]", array.join(","))), "{json}");
    // Back to SGF: the same moves.
    let again = ok(&["convert", "go", f]);
    assert_eq!(ok_with_input(&["convert", "go", "-", "--to", "moves"], &again), moves);
    // Malformed SGF: one clear error, exit 2.
    let err = fails(&["show", "go", "(;GM[1]SZ[9];B[aa"]);
    assert!(err.contains("not closed"), "{err}");
    let err = fails(&["convert", "go", "(;GM[1]SZ[9];B[zz])"]);
    assert!(err.contains("B[zz]"), "{err}");
    let err = fails(&["show", "hex", f]);
    assert!(err.contains("not hex"), "{err}");
    fails(&["arena", "tictactoe", "--engines", "random", "random", "--sgf", d]);
    let _ = std::fs::remove_dir_all(&dir);
}
