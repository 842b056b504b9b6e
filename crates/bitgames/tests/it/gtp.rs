//! GTP: a scripted session with the library's [`GtpSession`], and the `gtp`
//! engine against small scripted fake programs that crash, hang or answer
//! garbage (the arena scores a loss for them and goes on).

use bitgames::gtp::GtpSession;
use bitgames::{new_engine, new_game, EngineError, SpecError};

/// Sends `line` and returns the response.
fn ask(s: &mut GtpSession, line: &str) -> String {
    s.handle(line).unwrap_or_else(|| panic!("no response to {line:?}"))
}

/// A success response's body.
fn ok(s: &mut GtpSession, line: &str) -> String {
    let r = ask(s, line);
    assert!(r.starts_with('=') && r.ends_with("\n\n"), "{line:?} -> {r:?}");
    r[1..].trim().to_string()
}

/// An error response's message.
fn err(s: &mut GtpSession, line: &str) -> String {
    let r = ask(s, line);
    assert!(r.starts_with("? ") && r.ends_with("\n\n"), "{line:?} -> {r:?}");
    r[2..].trim().to_string()
}

#[test]
fn scripted_go_session() {
    let mut s = GtpSession::new("go", "random(seed=1)").unwrap();
    assert_eq!(ask(&mut s, "1 protocol_version"), "=1 2\n\n");
    assert_eq!(ask(&mut s, "name"), "= bitgames\n\n");
    assert_eq!(ask(&mut s, "known_command genmove"), "= true\n\n");
    assert_eq!(ask(&mut s, "known_command frobnicate"), "= false\n\n");
    let list = ok(&mut s, "list_commands");
    for c in ["play", "genmove", "undo", "showboard", "final_score", "time_left", "quit"] {
        assert!(list.lines().any(|l| l == c), "{list}");
    }
    assert_eq!(s.handle(""), None);
    assert_eq!(s.handle("   # a comment"), None);
    assert_eq!(ask(&mut s, "7 boardsize 5"), "=7 \n\n");
    ok(&mut s, "komi 0.5");
    assert_eq!(
        s.record().current().spec(),
        "go(size=5,komi=0.5,ko=positional,suicide=false,max_moves=0)"
    );
    // One black stone on an empty 5×5 board: all 25 points are Black's.
    ok(&mut s, "play B c3");
    assert_eq!(ok(&mut s, "final_score"), "B+24.5");
    // A white stone in the corner: every empty point now reaches both colours.
    ok(&mut s, "play white e5");
    assert_eq!(ok(&mut s, "final_score"), "W+0.5");
    // Black again: a legal move; out of turn, White passes first.
    ok(&mut s, "play b a1");
    ok(&mut s, "play b a2");
    assert_eq!(s.record().moves(), ["c3", "e5", "a1", "pass", "a2"]);
    // Undo takes the automatic pass back with the move.
    ok(&mut s, "undo");
    assert_eq!(s.record().moves(), ["c3", "e5", "a1"]);
    // Bad arguments: each an error, nothing changes.
    assert!(err(&mut s, "play x zz").starts_with("syntax error"));
    assert!(err(&mut s, "play w zz").starts_with("illegal move"));
    assert!(err(&mut s, "play w c3").starts_with("illegal move"));
    assert!(err(&mut s, "play w i3").starts_with("illegal move"), "GTP has no column i");
    assert!(err(&mut s, "play w").starts_with("syntax error"));
    assert!(err(&mut s, "boardsize 0").starts_with("unacceptable size"));
    assert!(err(&mut s, "boardsize 20").starts_with("unacceptable size"));
    assert!(err(&mut s, "boardsize x").starts_with("syntax error"));
    assert!(err(&mut s, "komi lots").starts_with("syntax error"));
    // A komi that is no multiple of 0.5 is named as given (issue 33, row 14:
    // it was "got 14"), a huge one shortened.
    let e = err(&mut s, "komi 7.25");
    assert!(e.contains("komi must be a multiple of 0.5 from -400 to 400, got 7.25"), "{e}");
    let e = err(&mut s, "komi 1e300");
    assert!(e.contains("'1e300'") && e.len() < 120, "{e}");
    assert!(err(&mut s, "frobnicate 3").starts_with("unknown command"));
    assert_eq!(ask(&mut s, "12 frobnicate"), "?12 unknown command 'frobnicate'\n\n");
    assert!(err(&mut s, "time_left b -3 0").starts_with("syntax error"));
    assert_eq!(s.record().moves(), ["c3", "e5", "a1"]);
    // genmove: a legal move for White, played.
    ok(&mut s, "time_settings 30 0 0");
    ok(&mut s, "time_left w 10 0");
    let mv = ok(&mut s, "genmove w");
    assert_eq!(s.record().moves().len(), 4);
    assert_eq!(s.record().moves()[3], mv);
    // reg_genmove names a move without playing it.
    let before = s.record().current().position();
    let _ = ok(&mut s, "reg_genmove b");
    assert_eq!(s.record().current().position(), before);
    let board = ask(&mut s, "showboard");
    assert!(board.starts_with("= \n") && board.contains("to move"), "{board}");
    assert_eq!(board.matches("\n\n").count(), 1, "no blank line inside: {board:?}");
    ok(&mut s, "clear_board");
    assert!(s.record().moves().is_empty());
    assert!(err(&mut s, "undo").starts_with("cannot undo"));
    // Two passes end the game; genmove then passes, and a play plays on (GTP
    // has no end of game: play_after_two_passes_plays_on).
    ok(&mut s, "play b pass");
    ok(&mut s, "play w pass");
    assert_eq!(ok(&mut s, "final_score"), "W+0.5");
    assert_eq!(ok(&mut s, "genmove b"), "pass");
    ok(&mut s, "play b c3");
    assert_eq!(s.record().moves(), ["c3"]);
    assert!(!s.is_done());
    ok(&mut s, "quit");
    assert!(s.is_done());
}

#[test]
fn scripted_hex_session() {
    let mut s = GtpSession::new("hex", "random(seed=2)").unwrap();
    ok(&mut s, "boardsize 2");
    ok(&mut s, "komi 6.5"); // accepted, unused: Hex has no komi
    assert!(err(&mut s, "final_score").contains("not over"));
    ok(&mut s, "play b a1");
    // Hex has no pass: White must move before Black again.
    assert!(err(&mut s, "play b b1").contains("is to move"));
    ok(&mut s, "play w B1");
    ok(&mut s, "play b a2");
    // Black (first player) joins top and bottom: a1–a2.
    assert_eq!(ok(&mut s, "final_score"), "B+");
    assert!(err(&mut s, "genmove w").contains("over"));
    ok(&mut s, "boardsize 5");
    let mv = ok(&mut s, "genmove b");
    assert_eq!(s.record().moves(), [mv]);
    let mut y = GtpSession::new("tictactoe", "random").unwrap();
    assert!(err(&mut y, "boardsize 4").contains("no size"));
}

#[test]
fn bad_sessions_are_errors() {
    assert!(matches!(GtpSession::new("chess", "random"), Err(SpecError::UnknownGame { .. })));
    assert!(matches!(GtpSession::new("go", "mcts(time=0s)"), Err(SpecError::BadValue { .. })));
}

#[cfg(unix)]
mod fake_programs {
    use super::*;
    use crate::common::{match_config, play_match};
    use std::path::PathBuf;

    /// This process's scratch folder for the fake programs and their files.
    fn scratch() -> PathBuf {
        let dir = std::env::temp_dir().join(format!("bitgames-gtp-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// Writes a shell script that answers every command with `= ` except
    /// `genmove`, which runs `on_genmove`; returns its path.
    fn script(name: &str, on_genmove: &str) -> PathBuf {
        let path = scratch().join(format!("{name}.sh"));
        let body = format!(
            "while read -r line; do\n  case \"$line\" in\n    genmove*) {on_genmove} ;;\n    \
             quit*) printf '= \\n\\n'; exit 0 ;;\n    *) printf '= \\n\\n' ;;\n  esac\ndone\n"
        );
        std::fs::write(&path, body).unwrap();
        path
    }

    /// The failure of the fake program's first move in 5×5 Go.
    fn first_move_failure(on_genmove: &str, extra: &str) -> String {
        let path = script(&format!("fake{}", on_genmove.len()), on_genmove);
        let g = new_game("go(size=5)").unwrap();
        let spec = format!("gtp(cmd=\"sh {}\"{extra})", path.display());
        let mut e = new_engine(g.as_ref(), &spec).unwrap();
        match e.choose(g.as_ref()) {
            Err(EngineError::Failed { why, .. }) => {
                // Every later move fails the same way, at once.
                let again = e.choose(g.as_ref());
                assert!(matches!(again, Err(EngineError::Failed { .. })), "{again:?}");
                why
            }
            other => panic!("{on_genmove}: expected a failure, got {other:?}"),
        }
    }

    #[test]
    fn faults_are_named() {
        for (program, options, named) in [
            ("exit 3", "", &["exited", "genmove b"][..]),
            ("printf 'hello there\\n\\n'", "", &["garbage answer", "hello there"]),
            ("printf '= zz99\\n\\n'", "", &["garbage answer", "zz99"]),
            ("printf '? no move for you\\n\\n'", "", &["refused", "no move for you"]),
            ("sleep 2", ",timeout=200ms", &["no answer to 'genmove b' within 200ms"]),
        ] {
            let why = first_move_failure(program, options);
            assert!(named.iter().all(|n| why.contains(n)), "{program}: {why}");
        }
        assert_eq!(first_move_failure("printf '= resign\\n\\n'", ""), "resigned");
    }

    /// Issue 33 rows 7 and 8: a program that floods its output costs bounded
    /// memory and is garbage; what a wrapper script started dies with it.
    #[test]
    fn floods_are_garbage_and_the_whole_group_is_stopped() {
        // A line without end (row 7's `cat /dev/zero`): refused after 64 KiB.
        let why = first_move_failure("cat /dev/zero", ",timeout=20s");
        assert!(why.contains("garbage answer") && why.contains("64 KiB"), "{why}");
        // Lines without end (`yes "= a1"`): refused after 1 MiB.
        let why = first_move_failure("yes '= a1'", ",timeout=20s");
        assert!(why.contains("garbage answer") && why.contains("1024 KiB"), "{why}");
        // A child of the script outlives the script unless its group is killed.
        #[cfg(target_os = "linux")]
        {
            let pid_file = scratch().join("orphan.pid");
            let _ = std::fs::remove_file(&pid_file);
            let why = first_move_failure(
                &format!("sleep 3600 >/dev/null 2>&1 & echo $! > '{}'; exit 3", pid_file.display()),
                "",
            );
            assert!(why.contains("exited"), "{why}");
            let pid = std::fs::read_to_string(&pid_file).unwrap().trim().to_string();
            let gone = || {
                // Gone, or a zombie waiting for its new parent to reap it.
                std::fs::read_to_string(format!("/proc/{pid}/stat")).map_or(true, |st| {
                    st.rsplit(')').next().is_some_and(|r| r.trim_start().starts_with('Z'))
                })
            };
            let end = std::time::Instant::now() + std::time::Duration::from_secs(5);
            while !gone() && std::time::Instant::now() < end {
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            assert!(gone(), "the script's child {pid} outlived the stopped engine");
        }
    }

    #[test]
    fn a_good_fake_plays_what_it_says() {
        // It answers d4 whatever the position: legal on an empty board.
        let path = script("d4", "printf '=  D4\\n\\n'");
        let g = new_game("go(size=5)").unwrap();
        let mut e = new_engine(g.as_ref(), &format!("gtp(cmd=\"sh {}\")", path.display())).unwrap();
        assert_eq!(e.choose(g.as_ref()).unwrap().unwrap().mv, "d4");
        // Again after d4 is taken: an illegal move, named.
        let mut taken = g.clone();
        taken.play_text("d4").unwrap();
        taken.play_text("a1").unwrap();
        let why = e.choose(taken.as_ref()).unwrap_err().to_string();
        assert!(why.contains("illegal move 'd4'"), "{why}");
    }

    #[test]
    fn the_arena_scores_a_crash_as_a_loss_and_goes_on() {
        let path = script("crash", "exit 3");
        let crashing = format!("gtp(cmd=\"sh {}\")", path.display());
        let r = play_match(&match_config("go(size=5)", [&crashing, "random"], 4, 0, 3, 1));
        assert_eq!(r.games.len(), 4);
        assert_eq!(r.engines[0].faults, 4);
        assert_eq!(r.engines[1].tally.wins, 4);
        assert!(r.games.iter().all(|g| g.result.contains("exited")), "{:?}", r.games[0].result);
    }

    #[test]
    fn programs_that_cannot_start_are_spec_errors() {
        let g = new_game("go").unwrap();
        let e = new_engine(g.as_ref(), "gtp(cmd=\"/no/such/program --mode gtp\")").err().unwrap();
        assert!(e.to_string().contains("cannot start '/no/such/program'"), "{e}");
        let e = new_engine(g.as_ref(), "gtp").err().unwrap();
        assert!(e.to_string().contains("needs the program"), "{e}");
        let e = new_engine(g.as_ref(), "gtp(cmd=\"prog 'a\")").err().unwrap();
        assert!(e.to_string().contains("unclosed quote"), "{e}");
    }
}

/// A controller that sets the game up again (`clear_board`, then every
/// move from the start) leaves the session knowing the earlier boards:
/// the ko retake stays refused, and the engine, whose tree outlives the
/// re-setup, answers a legal move of the game as replayed.
#[test]
fn a_replayed_game_keeps_its_earlier_boards() {
    let mut s = GtpSession::new("go(size=5)", "mcts(iterations=200,seed=1)").unwrap();
    let moves = ["b c4", "w d4", "b b3", "w e3", "b c2", "w d2", "b a1", "w c3", "b d3"];
    let mut ask = |line: &str| s.handle(line).unwrap();
    for round in 0..2 {
        assert_eq!(ask("clear_board"), "= \n\n");
        for m in moves {
            assert_eq!(ask(&format!("play {m}")), "= \n\n", "round {round}: {m}");
        }
        // Black's d3 took c3; White may not take back at once.
        let retake = ask("play w c3");
        assert!(retake.starts_with("? illegal move"), "round {round}: {retake}");
        let reply = ask("reg_genmove w");
        assert!(reply.starts_with("= ") && !reply.contains("c3"), "round {round}: {reply}");
    }
}

/// Huge times from the controller (issue 33, row 6): a move's budget is
/// capped instead of overflowing the duration (it panicked, exit 101).
#[test]
fn huge_times_are_capped_not_a_panic() {
    let mut s = GtpSession::new("go", "random(seed=3)").unwrap();
    ok(&mut s, "time_left b 1e300 0");
    let mv = ok(&mut s, "genmove b");
    assert_eq!(s.record().moves(), [mv.as_str()]);
    ok(&mut s, "time_settings 1e300 0 0");
    let mv = ok(&mut s, "genmove w");
    assert_eq!(s.record().moves()[1], mv);
}

/// A `play` after both sides passed plays on, as GNU Go does (issue 33: it
/// was refused as "the game is over"), also where the session's own pass for
/// a repeated colour was the second one; the two passes are taken back.
#[test]
fn play_after_two_passes_plays_on() {
    let mut s = GtpSession::new("go", "random(seed=1)").unwrap();
    ok(&mut s, "boardsize 9");
    ok(&mut s, "play b pass");
    ok(&mut s, "play w pass");
    assert!(s.record().current().outcome().is_some());
    ok(&mut s, "play b c3");
    assert_eq!(s.record().moves(), ["c3"]);
    assert!(s.record().current().outcome().is_none());
    // Black twice: the session passes for White; then Black passes: over.
    ok(&mut s, "play b c2");
    ok(&mut s, "play b pass");
    assert_eq!(s.record().moves(), ["c3", "pass", "c2", "pass", "pass"]);
    assert!(s.record().current().outcome().is_some());
    ok(&mut s, "play w e5");
    assert_eq!(s.record().moves(), ["c3", "pass", "c2", "e5"]);
    assert_eq!(s.record().current().side_to_move(), bitgames::Player::First);
    // Undo still takes back one move at a time.
    ok(&mut s, "undo");
    assert_eq!(s.record().moves(), ["c3", "pass", "c2"]);
}

/// `boardsize` after a `genmove` (issue 33, row 5): the engine is built anew
/// for the new board, for MCTS and alpha-beta alike (it answered "the engine
/// cannot play go(size=13…)").
#[test]
fn boardsize_after_genmove_builds_a_new_engine() {
    for engine in ["mcts(iterations=200,seed=1)", "alphabeta(depth=1)"] {
        let mut s = GtpSession::new("go", engine).unwrap();
        ok(&mut s, "genmove b");
        ok(&mut s, "boardsize 13");
        let mv = ok(&mut s, "genmove b");
        assert_eq!(s.record().moves(), [mv.as_str()], "{engine}");
        assert!(s.record().current().spec().contains("size=13"), "{engine}");
    }
}
