//! Every game against OpenSpiel (PyPI `open_spiel` 2.0.2): random games recorded
//! from OpenSpiel by `scripts/openspiel_traces.py` and
//! `scripts/openspiel_breakthrough.py` (run by hand; cell names translated to
//! ours, as each script's entry says) are replayed here: at every ply the same
//! sorted legal moves, then the same result.
//!
//! Trace format: comment lines start with `#`; an optional `spec GAME` line;
//! `game N` starts a game; each ply is `sorted legal moves | move played`; a game
//! ends with `winner x|o|b|w|draw` (`b`/`x` the first player, `w`/`o` the
//! second).

use bitgames::{new_game, Outcome, Player};

/// What a trace file held.
struct Replayed {
    games: usize,
    plies: usize,
    /// First-player wins, second-player wins, draws.
    results: [usize; 3],
    /// The moves played, in order (all games).
    played: Vec<String>,
    /// Each finished game's outcome in words.
    described: Vec<String>,
}

/// A trace of `tests/data/openspiel/`: its file name and its text.
macro_rules! trace {
    ($file:literal) => {
        ($file, include_str!(concat!("../data/openspiel/", $file)))
    };
}

/// Replays a trace (from [`trace!`]); `spec` is the game when the file has no
/// `spec` line. Its games must have more than `min_plies` plies in all.
fn replay((file, text): (&str, &str), spec: &str, min_plies: usize) -> Replayed {
    let mut lines = text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).peekable();
    let spec = match lines.peek().and_then(|l| l.strip_prefix("spec ")) {
        Some(s) => {
            let s = s.to_string();
            lines.next();
            s
        }
        None => spec.to_string(),
    };
    let start = new_game(&spec).unwrap();
    let mut g = start.clone_box();
    let mut r =
        Replayed { games: 0, plies: 0, results: [0; 3], played: Vec::new(), described: Vec::new() };
    for line in lines {
        if line.starts_with("game ") {
            g = start.clone_box();
        } else if let Some(w) = line.strip_prefix("winner ") {
            let (want, k) = match w.trim() {
                "x" | "b" => (Outcome::WonBy(Player::First), 0),
                "o" | "w" => (Outcome::WonBy(Player::Second), 1),
                "draw" => (Outcome::Draw, 2),
                other => panic!("{file}: unknown result '{other}'"),
            };
            assert!(
                g.legal_moves().is_empty(),
                "{file}: game {} goes on at {}",
                r.games + 1,
                g.position()
            );
            assert_eq!(g.outcome(), Some(want), "{file}: result of game {}", r.games + 1);
            r.results[k] += 1;
            r.games += 1;
            r.described.push(g.describe_outcome(want));
        } else {
            let (listed, played) = line.split_once(" | ").expect("moves | move");
            let mut moves = g.legal_moves();
            moves.sort();
            let mut want: Vec<&str> = listed.split_whitespace().collect();
            want.sort();
            assert_eq!(
                moves,
                want,
                "{file}: game {}, ply {} at {}",
                r.games + 1,
                g.ply(),
                g.position()
            );
            assert_eq!(g.outcome(), None, "{file}: OpenSpiel plays on at {}", g.position());
            g.play_text(played.trim()).unwrap();
            r.played.push(played.trim().to_string());
            r.plies += 1;
        }
    }
    assert_eq!(r.games, 20, "{file}");
    assert!(r.plies > min_plies, "{file}: {} plies", r.plies);
    r
}

#[test]
fn breakthrough_8x8_matches_openspiel() {
    replay(trace!("breakthrough_8x8.txt"), "breakthrough", 500);
}

#[test]
fn clobber_matches_openspiel() {
    replay(trace!("clobber_8x8.txt"), "", 500);
    replay(trace!("clobber_5x6.txt"), "", 200);
}

#[test]
fn gomoku_matches_openspiel() {
    let r = replay(trace!("gomoku.txt"), "", 1000);
    assert!(r.results[0] > 0 && r.results[1] > 0, "{:?}", r.results);
    let r = replay(trace!("gomoku_7x7.txt"), "", 300);
    assert!(r.results.iter().all(|&n| n > 0), "draws and both winners: {:?}", r.results);
}

#[test]
fn hex_matches_openspiel() {
    replay(trace!("hex_7.txt"), "", 300);
    replay(trace!("hex_11.txt"), "", 1000);
    let r = replay(trace!("hex_7_swap.txt"), "", 300);
    let swaps = r.played.iter().filter(|m| *m == "swap").count();
    assert!(swaps >= 5, "{swaps} swaps");
}

#[test]
fn tictactoe_matches_openspiel() {
    // OpenSpiel's cell `x(r,c)` (row r from the top) is written `{c}{3 - r}` here.
    let r = replay(trace!("tic_tac_toe.txt"), "", 100);
    assert!(r.results.iter().all(|&n| n > 0), "draws and both winners: {:?}", r.results);
}

#[test]
fn connect4_matches_openspiel() {
    // OpenSpiel's 0-based column `x<c>` is written `c + 1` here.
    let r = replay(trace!("connect_four.txt"), "", 300);
    assert!(r.results[0] > 0 && r.results[1] > 0, "{:?}", r.results);
}

#[test]
fn othello_matches_openspiel() {
    // OpenSpiel's forced "pass" action is our `pass` move: one ply each.
    let r = replay(trace!("othello.txt"), "", 1000);
    let passes = r.played.iter().filter(|m| *m == "pass").count();
    assert!(passes > 0, "no pass in the traces");
}

#[test]
fn y_matches_openspiel() {
    let r = replay(trace!("y_10.txt"), "", 500);
    assert!(r.results[0] > 0 && r.results[1] > 0, "{:?}", r.results);
    replay(trace!("y_6.txt"), "", 200);
}

#[test]
fn go_matches_openspiel() {
    // OpenSpiel's rules, selected by ko=repetition_draw and max_moves=2·size².
    let r = replay(trace!("go_9.txt"), "", 2000);
    assert!(r.results[0] > 0 && r.results[1] > 0, "{:?}", r.results);
    assert!(r.played.iter().filter(|m| *m == "pass").count() > 50);
    replay(trace!("go_5.txt"), "", 500);
}

#[test]
fn havannah_matches_openspiel() {
    // Sides 4, 5 and 8 (one, two and four words): rings, bridges and forks
    // as OpenSpiel finds them.
    let mut described = Vec::new();
    for (trace, min_plies) in [
        (trace!("havannah_4.txt"), 300),
        (trace!("havannah_5.txt"), 500),
        (trace!("havannah_8.txt"), 1500),
    ] {
        let file = trace.0;
        let r = replay(trace, "", min_plies);
        assert!(r.results[0] > 0 && r.results[1] > 0, "{file}: {:?}", r.results);
        described.extend(r.described);
    }
    for how in ["a ring", "a bridge", "a fork"] {
        let n = described.iter().filter(|d| d.ends_with(how)).count();
        assert!(n > 0, "no game won with {how}: {described:?}");
    }
}
