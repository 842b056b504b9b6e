//! The NBoard protocol (version 2) for Othello, behind `bitgames nboard`: the
//! engine side of a session,
//! so the NBoard GUI (and any GUI that speaks it) can play against it and ask it
//! for hints, as it does with Edax and NTest.
//!
//! The protocol, as Chris Welty's NBoard documents it: one command per line on
//! stdin, replies on stdout, flushed after every line.
//!
//! | command              | what the engine does                                        |
//! |----------------------|-------------------------------------------------------------|
//! | `nboard 2`           | enters NBoard mode, replies `set myname bitgames`           |
//! | `set depth N`        | midgame depth N (1–60), at most [`MOVE_TIME`] a search; exact endgame from `min(2N, 22)` empties |
//! | `set game GGF`       | the position is now the end of this GGF game                |
//! | `set contempt N`     | accepted; the engine has no contempt setting                |
//! | `move F5[/eval/time]`| plays the move on its board (`PA` passes)                   |
//! | `hint N`             | `search PV EVAL 0 DEPTH` for the best N moves, then `status` (all the moves share one [`MOVE_TIME`]) |
//! | `go`                 | `=== MOVE/EVAL/TIME` (the board is not changed: a `move` follows) |
//! | `ping N`             | `pong N`                                                     |
//! | `learn`              | `learned` (there is no book to add the game to)              |
//! | `quit`               | leaves                                                      |
//!
//! Evaluations are from the side to move's view, in discs: exact endgame values
//! as they are, heuristic values divided by
//! [`HEURISTIC_PER_DISC`](super::player::HEURISTIC_PER_DISC).
//! The engine thinks synchronously (the protocol allows it): a `ping` is answered
//! once the search before it has finished. A command it does not know is ignored,
//! as the protocol asks; a malformed one (a GGF it cannot read, an illegal move)
//! is reported on a `status` line and on stderr, and the board is left unchanged.

use super::formats::parse_ggf;
use super::player::{Choice, Level, OthelloPlayer, Value};
use super::{Othello, OthelloMove};
use crate::game::{Notation, Rules};
use crate::tools::{Protocol, ProtocolInfo, Reply, ToolError};

/// The registry's entry for `bitgames nboard`.
pub(crate) static NBOARD: ProtocolInfo = ProtocolInfo {
    name: "nboard",
    about: "Othello engine for the NBoard GUI (NBoard protocol 2 on stdin/stdout)",
    build: |depth| {
        if !(1..=60).contains(&depth) {
            return Err(ToolError::bad_option(
                "depth",
                format!("depth {depth} is out of range 1–60"),
            ));
        }
        Ok(Box::new(Session::new(depth)))
    },
};

/// The most time a midgame search takes (iterative deepening stops there, so
/// `set depth 60` answers too); the exact endgame, from at most 22 empties,
/// is not cut.
pub(crate) const MOVE_TIME: std::time::Duration = std::time::Duration::from_secs(15);

/// The engine's name, as `set myname` announces it.
pub(crate) const NAME: &str = "bitgames";

/// The state of one NBoard session: the board and the player.
pub(crate) struct Session {
    board: Othello,
    player: OthelloPlayer,
    /// Lines for stderr (diagnostics that the GUI does not read).
    pub log: Vec<String>,
    /// Set by `quit`.
    pub done: bool,
}

impl Session {
    /// A session on the start position searching `depth` plies.
    pub(crate) fn new(depth: u32) -> Session {
        let mut player = OthelloPlayer::new(Level::default());
        let (d, e) = depth_settings(depth);
        player.set_depth(d, e);
        player.set_time(Some(MOVE_TIME));
        Session { board: Othello::start(), player, log: Vec::new(), done: false }
    }

    /// Handles one command line; returns the lines to send to the GUI.
    pub(crate) fn handle(&mut self, line: &str) -> Vec<String> {
        let line = line.trim();
        let (cmd, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let mut out = Vec::new();
        match cmd {
            "nboard" => out.push(format!("set myname {NAME}")),
            "set" => {
                let (what, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
                match what {
                    "depth" => match value.trim().parse::<u32>() {
                        Ok(d) if (1..=60).contains(&d) => {
                            let (d, e) = depth_settings(d);
                            self.player.set_depth(d, e);
                        }
                        _ => self.fault(
                            &mut out,
                            format!("bad depth '{}': expected 1-60", value.trim()),
                        ),
                    },
                    "game" => match parse_ggf(value.trim()) {
                        Ok(g) => {
                            self.board = *g.record().end();
                            self.player.clear();
                        }
                        Err(e) => self.fault(&mut out, format!("cannot read the game: {e}")),
                    },
                    // Contempt and anything newer: accepted, nothing to set.
                    _ => {}
                }
            }
            "move" => self.play(rest, &mut out),
            "hint" => {
                let n = rest.parse::<usize>().unwrap_or(1).max(1);
                self.hint(n, &mut out);
            }
            "go" => self.go(&mut out),
            "ping" => out.push(format!("pong {rest}").trim_end().to_string()),
            "learn" => out.push("learned".to_string()),
            "quit" => self.done = true,
            // NBoard 1.1 sends a bare move ("F5") instead of "move F5".
            c if c.len() == 2 && c.parse::<OthelloMove>().is_ok() => self.play(c, &mut out),
            "" => {}
            _ => self.log.push(format!("ignored unknown command: {line}")),
        }
        out
    }

    /// Reports a malformed command: a status line for the GUI, a line for stderr.
    fn fault(&mut self, out: &mut Vec<String>, why: String) {
        out.push(format!("status error: {why}"));
        self.log.push(format!("error: {why}"));
    }

    /// `move F5/eval/time`: plays the move (eval and time ignored).
    fn play(&mut self, text: &str, out: &mut Vec<String>) {
        let mv_text = text.split('/').next().unwrap_or("").trim();
        let mv = match mv_text.to_ascii_lowercase().as_str() {
            "pa" | "pass" | "ps" => Ok(OthelloMove::Pass),
            t => self.board.parse_move(t).map_err(|e| e.to_string()),
        };
        match mv.and_then(|m| self.board.play(m).map_err(|e| e.to_string())) {
            Ok(()) => {}
            Err(e) => self.fault(out, format!("move '{mv_text}' not played: {e}")),
        }
    }

    /// `go`: the move the engine would play, with its evaluation and time.
    fn go(&mut self, out: &mut Vec<String>) {
        if self.board.outcome().is_some() {
            self.fault(out, "go: the game is over".to_string());
            return;
        }
        out.push(format!("status {NAME} is thinking"));
        match self.player.choose(&self.board) {
            Ok(c) => {
                out.push(format!("nodestats {} {:.2}", c.nodes, c.elapsed.as_secs_f64()));
                out.push(format!(
                    "=== {}/{:.2}/{:.2}",
                    nboard_move(c.mv),
                    c.value.discs(),
                    c.elapsed.as_secs_f64()
                ));
            }
            Err(e) => self.fault(out, format!("go: {e}")),
        }
        out.push(format!("status {NAME} is waiting"));
    }

    /// `hint n`: a `search` line for each of the best `n` moves.
    fn hint(&mut self, n: usize, out: &mut Vec<String>) {
        if self.board.outcome().is_some() {
            self.fault(out, "hint: the game is over".to_string());
            return;
        }
        out.push(format!("status {NAME} is analysing"));
        match self.player.evaluate_moves(&self.board, n) {
            Ok(choices) => {
                let nodes: u64 = choices.iter().map(|c| c.nodes).sum();
                for c in &choices {
                    out.push(search_line(c));
                }
                let secs: f64 = choices.iter().map(|c| c.elapsed.as_secs_f64()).sum();
                out.push(format!("nodestats {nodes} {secs:.2}"));
            }
            Err(e) => self.fault(out, format!("hint: {e}")),
        }
        out.push("status".to_string());
    }
}

/// `search PV EVAL 0 DEPTH`: the PV without blanks (`F5D6C3`).
fn search_line(c: &Choice) -> String {
    let pv: String = c.pv.iter().map(|&m| nboard_move(m)).collect();
    let kind = match c.value {
        Value::Exact(_) => "exact",
        Value::Decided(_) => "game end seen",
        Value::Heuristic(_) => "heuristic",
    };
    format!("search {pv} {:.2} 0 {} {kind}", c.value.discs(), c.depth)
}

/// A move as NBoard writes it: `F5`, `PA`.
fn nboard_move(m: OthelloMove) -> String {
    match m {
        OthelloMove::Pass => "PA".to_string(),
        OthelloMove::Place(sq) => sq.to_string().to_ascii_uppercase(),
    }
}

/// The player's settings for NBoard depth `n`: `n` plies in the midgame, exact
/// from `min(2n, 22)` empties (22 empties solve in seconds; a hint solves every move).
pub(crate) fn depth_settings(n: u32) -> (u32, u32) {
    (n.max(1), (2 * n).min(22))
}

impl Protocol for Session {
    fn handle(&mut self, line: &str) -> Reply {
        let lines = Session::handle(self, line);
        Reply { lines, log: std::mem::take(&mut self.log), done: self.done }
    }
}

#[cfg(feature = "internal-tests")]
#[doc(hidden)]
pub mod tests {
    use super::*;

    /// The example session of the NBoard protocol page: Edax's game after 8 moves.
    const GAME: &str = "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";

    pub fn documented_session() {
        let mut s = Session::new(6);
        assert_eq!(s.handle("nboard 2"), ["set myname bitgames"]);
        assert!(s.handle(&format!("set game {GAME}")).is_empty());
        assert_eq!(s.board.ply(), 8);
        assert!(s.handle("set depth 4").is_empty());
        assert_eq!(s.handle("ping 1"), ["pong 1"]);
        let out = s.handle("go");
        let mv = out.iter().find_map(|l| l.strip_prefix("=== ")).expect("a move");
        let sq = mv.split('/').next().unwrap().to_ascii_lowercase();
        assert!(s.board.is_legal(s.board.parse_move(&sq).unwrap()), "{out:?}");
        // `go` does not change the board; `move` does.
        assert_eq!(s.board.ply(), 8);
        assert!(s.handle(&format!("move {}/0.5/1.0", sq.to_ascii_uppercase())).is_empty());
        assert_eq!(s.board.ply(), 9);
        assert_eq!(s.handle("learn"), ["learned"]);
        assert!(s.handle("set contempt 0").is_empty());
        assert!(s.handle("frobnicate 3").is_empty());
        assert_eq!(s.log.len(), 1);
        s.handle("quit");
        assert!(s.done);
    }

    pub fn hints_rank_moves() {
        let mut s = Session::new(3);
        s.handle("nboard 2");
        s.handle(&format!("set game {GAME}"));
        let out = s.handle("hint 3");
        let lines: Vec<&String> = out.iter().filter(|l| l.starts_with("search ")).collect();
        assert_eq!(lines.len(), 3, "{out:?}");
        let evals: Vec<f64> =
            lines.iter().map(|l| l.split_whitespace().nth(2).unwrap().parse().unwrap()).collect();
        assert!(evals.windows(2).all(|w| w[0] >= w[1]), "{evals:?}");
        assert_eq!(out.last().map(String::as_str), Some("status"));
    }

    pub fn exact_in_the_endgame() {
        // FFO #40 (20 empties, best a2 = +38) set as a GGF board; depth 10 solves
        // from 20 empties.
        let line = include_str!("../../../tests/data/othello/fforum-40-59.obf");
        let board = &line[..64];
        assert_eq!(&line[64..66], " X");
        let ggf_board: String = board.chars().map(|c| if c == 'X' { '*' } else { c }).collect();
        let ggf = format!("(;GM[Othello]BO[8 {ggf_board} *];)");
        let mut s = Session::new(10);
        assert!(s.handle(&format!("set game {ggf}")).is_empty(), "{:?}", s.log);
        let out = s.handle("go");
        assert!(out.iter().any(|l| l.starts_with("=== A2/38.00/")), "{out:?}");
        let out = s.handle("hint 1");
        assert!(
            out.iter().any(|l| l.starts_with("search A2") && l.contains(" 38.00 0 ")),
            "{out:?}"
        );
    }

    pub fn bad_commands_leave_the_board() {
        let mut s = Session::new(2);
        let out = s.handle("move A1");
        assert!(out[0].starts_with("status error: move 'A1' not played"), "{out:?}");
        let out = s.handle("set game (;GM[Othello]BO[8 ---];)");
        assert!(out[0].starts_with("status error: cannot read the game"), "{out:?}");
        let out = s.handle("set depth 0");
        assert!(out[0].contains("bad depth"), "{out:?}");
        let out = s.handle("set depth 61");
        assert!(out[0].contains("bad depth '61'"), "{out:?}");
        // Depth 60 is taken, and its midgame search stops at the time cap.
        assert!(s.handle("set depth 60").is_empty());
        assert_eq!(s.player.depth(), (60, 22));
        assert_eq!(s.player.time(), Some(MOVE_TIME));
        assert!((NBOARD.build)(999).is_err());
        assert_eq!(s.board, Othello::start());
        // A bare move (NBoard 1.1) is played; PA when a pass is not legal is not.
        assert!(s.handle("F5").is_empty());
        assert!(s.handle("move PA")[0].contains("not played"));
        assert_eq!(s.board.ply(), 1);
    }

    pub fn a_deep_go_stops_at_the_time_cap() {
        // Depth 60 from the start (60 empties: a midgame search) would run for
        // ages; with the cap at 200 ms it answers a legal move. The bound is
        // generous on purpose: the point is that it answers at all.
        let mut s = Session::new(60);
        s.player.set_time(Some(std::time::Duration::from_millis(200)));
        let t = std::time::Instant::now();
        let out = s.handle("go");
        assert!(t.elapsed() < std::time::Duration::from_secs(60), "{:?}", t.elapsed());
        let mv = out.iter().find_map(|l| l.strip_prefix("=== ")).expect("a move");
        let mv = mv.split('/').next().unwrap().to_ascii_lowercase();
        let mv = Othello::start().parse_move(&mv).expect("a square");
        assert!(Othello::start().is_legal(mv), "{out:?}");
        assert_eq!(s.board, Othello::start());
    }
}
