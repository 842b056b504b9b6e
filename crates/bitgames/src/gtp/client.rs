//! An outside program that speaks GTP as a bitgames engine:
//! `gtp(cmd="gnugo --mode gtp --level 10")`.
//!
//! The program is started when the engine is built, fed the game over its
//! standard input and read from its standard output (its standard error is
//! dropped). Before each `genmove` the client brings the program's board to
//! the position asked about:
//! - when the position follows the last one it knows by one move (the
//!   opponent's reply, the usual case in a match), it sends that `play`, so
//!   the program keeps the game's history (ko, superko);
//! - otherwise it sends `boardsize` (for games with a `size`), `komi` (for
//!   games with a `komi`), `clear_board`, then one `play` per stone on the
//!   board. Stones of a legal Go position can be placed in any order without a
//!   capture, so this sets up any position, though the program then does not
//!   know the earlier boards a superko rule compares against.
//!
//! Every answer must come within `timeout`. A program that exits, answers
//! `?`, answers garbage, says `resign`, or names a move that is not legal is
//! an [`EngineError::Failed`] naming the fault (the arena scores it a loss);
//! after a failure the program is stopped and every later move fails the same
//! way, quickly. An answer line over 64 KiB or an answer over 1 MiB is
//! garbage too: a program that floods its output costs bounded memory (the
//! reading thread stays at most 64 lines ahead). The program runs in a
//! process group of its own, killed whole when it is stopped, so a wrapper
//! script's children go with it.

use super::colour_letter;
use crate::engine::{Engine, EngineBuildError, EngineError, EngineInfo, EngineMove};
use crate::game::clip;
use crate::params::{ParamInfo, Params};
use crate::DynGame;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};

/// The longest answer line read from the program.
const MAX_ANSWER_LINE: u64 = 64 * 1024;
/// The longest answer (all its lines) taken from the program.
const MAX_ANSWER: usize = 1 << 20;

/// What the reading thread passes on.
enum Output {
    /// A line, without its line end.
    Line(String),
    /// A line longer than [`MAX_ANSWER_LINE`] (the thread stops reading).
    TooLong,
}
use std::time::{Duration, Instant};

static PARAMS: &[ParamInfo] = &[
    ParamInfo::text("cmd", "", "the program and its arguments (quote arguments with spaces)"),
    ParamInfo::duration("timeout", Some(60_000), 10, 86_400_000, "longest wait for one answer"),
];

/// `gtp`: an outside program over GTP.
pub static GTP: EngineInfo = EngineInfo {
    name: "gtp",
    aliases: &[],
    summary: "an outside program over GTP version 2 (cmd=\"gnugo --mode gtp\"); placement games",
    params: PARAMS,
    build: |_, p| GtpClient::start(p).map(|c| Box::new(c) as Box<dyn Engine>),
};

/// A running GTP program and what it was told.
pub struct GtpClient {
    /// The engine's spec.
    spec: String,
    /// The program, while it runs.
    child: Option<Child>,
    /// Its standard input.
    stdin: Option<ChildStdin>,
    /// Lines of its standard output, from a reader thread.
    lines: Receiver<Output>,
    /// Longest wait for one answer.
    timeout: Duration,
    /// The position the program's board holds, once set.
    known: Option<Box<dyn DynGame>>,
    /// The spec of the game its board was set up for.
    setup_for: Option<String>,
    /// The fault that stopped it, repeated for every later move.
    failed: Option<String>,
}

impl std::fmt::Debug for GtpClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "GtpClient({})", self.spec)
    }
}

/// Splits a command line into words at spaces; `"…"` and `'…'` group words.
pub fn split_command(cmd: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    for c in cmd.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => word.push(c),
            None if c == '"' || c == '\'' => {
                quote = Some(c);
                in_word = true;
            }
            None if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            None => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if quote.is_some() {
        return Err(format!("unclosed quote in cmd '{}'", clip(cmd)));
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

impl GtpClient {
    /// Starts the program `cmd` of the parameters.
    pub fn start(p: &Params) -> Result<GtpClient, EngineBuildError> {
        let spec = p.spec("gtp");
        let cmd = p.text("cmd");
        let bad = |why: String| EngineBuildError::param("cmd", format!("\"{}\"", clip(cmd)), why);
        let words = split_command(cmd).map_err(bad)?;
        let Some((program, args)) = words.split_first() else {
            return Err(bad("gtp needs the program to run: gtp(cmd=\"gnugo --mode gtp\")".into()));
        };
        let mut command = Command::new(program);
        // Its own process group, killed whole by `stop`.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| bad(format!("cannot start '{}': {e}", clip(program))))?;
        let stdout = child.stdout.take().expect("stdout is piped");
        let stdin = child.stdin.take();
        // Bounded: a program that floods its output waits on the pipe.
        let (tx, rx) = mpsc::sync_channel(64);
        std::thread::spawn(move || {
            use std::io::Read;
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match (&mut reader).take(MAX_ANSWER_LINE + 1).read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => return,
                    Ok(n) if n as u64 > MAX_ANSWER_LINE => {
                        let _ = tx.send(Output::TooLong);
                        return;
                    }
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buf);
                        let line = line.trim_end_matches(['\n', '\r']).to_string();
                        if tx.send(Output::Line(line)).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        let timeout = p.duration("timeout").unwrap_or(Duration::from_secs(60));
        Ok(GtpClient {
            spec,
            child: Some(child),
            stdin,
            lines: rx,
            timeout,
            known: None,
            setup_for: None,
            failed: None,
        })
    }

    /// Stops the program: `quit`, a short wait, then a kill.
    fn stop(&mut self) {
        if let Some(mut stdin) = self.stdin.take() {
            let _ = stdin.write_all(b"quit\n");
            let _ = stdin.flush();
        }
        if let Some(mut child) = self.child.take() {
            let end = Instant::now() + Duration::from_millis(500);
            let mut exited = false;
            while !exited && Instant::now() < end {
                exited = matches!(child.try_wait(), Ok(Some(_)));
                if !exited {
                    std::thread::sleep(Duration::from_millis(10));
                }
            }
            Self::kill_group(&child);
            if !exited {
                let _ = child.kill();
                let _ = child.wait();
            }
        }
    }

    /// Kills what is left of the program's process group (a wrapper script's
    /// children). Its id still names the group after the program is reaped
    /// while anything it started lives (Linux gives no new process an id
    /// that names a group), and names nothing once they are all gone.
    fn kill_group(child: &Child) {
        #[cfg(unix)]
        if let Ok(pid) = libc::pid_t::try_from(child.id()) {
            // SAFETY: `kill` takes any pid and signal and only reports
            // errors; `-pid` names the group the program was started in
            // (`process_group(0)` made its id the group's), which holds
            // only the program and what it started.
            unsafe { libc::kill(-pid, libc::SIGKILL) };
        }
        #[cfg(not(unix))]
        let _ = child;
    }

    /// How the program ended, for messages (`exit status: 1`), if it has.
    fn exit_status(&mut self) -> String {
        let Some(child) = self.child.as_mut() else { return "stopped".into() };
        let end = Instant::now() + Duration::from_millis(200);
        loop {
            match child.try_wait() {
                Ok(Some(status)) => return format!("exited ({status})"),
                Ok(None) if Instant::now() < end => std::thread::sleep(Duration::from_millis(10)),
                _ => return "closed its output".into(),
            }
        }
    }

    /// Sends a command and returns the body of a `=` answer; the fault
    /// otherwise (after which the program is stopped).
    fn send(&mut self, command: &str) -> Result<String, String> {
        if let Some(f) = &self.failed {
            return Err(f.clone());
        }
        let result = self.exchange(command);
        if let Err(why) = &result {
            if !why.starts_with("refused") {
                self.failed = Some(why.clone());
                self.stop();
            }
        }
        result
    }

    fn exchange(&mut self, command: &str) -> Result<String, String> {
        let Some(stdin) = self.stdin.as_mut() else { return Err("the program is stopped".into()) };
        if let Err(e) =
            stdin.write_all(format!("{command}\n").as_bytes()).and_then(|_| stdin.flush())
        {
            let how = self.exit_status();
            return Err(format!("the program {how}: cannot send '{command}': {e}"));
        }
        let deadline = Instant::now() + self.timeout;
        let mut answer: Vec<String> = Vec::new();
        let mut answer_bytes = 0;
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(wait) {
                Ok(Output::Line(l)) => l,
                Ok(Output::TooLong) => {
                    return Err(format!(
                        "garbage answer to '{command}': a line longer than {} KiB",
                        MAX_ANSWER_LINE / 1024
                    ))
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!(
                        "no answer to '{command}' within {}",
                        crate::params::format_duration(self.timeout)
                    ))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    let how = self.exit_status();
                    return Err(format!("the program {how} while answering '{command}'"));
                }
            };
            if answer.is_empty() {
                let t = line.trim();
                if t.is_empty() {
                    continue;
                }
                if !t.starts_with('=') && !t.starts_with('?') {
                    return Err(format!(
                        "garbage answer to '{command}': '{}' is not a GTP response",
                        clip(t)
                    ));
                }
                answer.push(t.to_string());
            } else if line.trim().is_empty() {
                break;
            } else {
                answer_bytes += line.len() + 1;
                if answer_bytes > MAX_ANSWER {
                    return Err(format!(
                        "garbage answer to '{command}': longer than {} KiB",
                        MAX_ANSWER / 1024
                    ));
                }
                answer.push(line);
            }
        }
        let first = &answer[0];
        // Drop the mark and an id, if any.
        let body = first[1..].trim_start_matches(|c: char| c.is_ascii_digit());
        let mut text = body.trim().to_string();
        for l in &answer[1..] {
            text.push('\n');
            text.push_str(l);
        }
        if first.starts_with('?') {
            return Err(format!("refused '{command}': {}", clip(text.trim())));
        }
        Ok(text)
    }

    /// Brings the program's board to `game`'s position.
    fn sync(&mut self, game: &dyn DynGame) -> Result<(), String> {
        let same = |a: &dyn DynGame, b: &dyn DynGame| {
            a.position_hash() == b.position_hash() && a.position() == b.position()
        };
        if let Some(known) = self.known.take() {
            if known.spec() == game.spec() {
                if same(known.as_ref(), game) {
                    self.known = Some(known);
                    return Ok(());
                }
                for m in known.legal_moves() {
                    let mut child = known.clone_box();
                    if child.play_text(&m).is_ok() && same(child.as_ref(), game) {
                        self.send(&format!("play {} {m}", colour_letter(known.side_to_move())))?;
                        self.known = Some(child);
                        return Ok(());
                    }
                }
            }
        }
        let spec = game.spec();
        if self.setup_for.as_deref() != Some(spec.as_str()) {
            if let Some(size) = super::param_value(&spec, "size") {
                self.send(&format!("boardsize {size}"))?;
            }
            if let Some(komi) = super::param_value(&spec, "komi") {
                self.send(&format!("komi {komi}"))?;
            }
            self.setup_for = Some(spec);
        }
        self.send("clear_board")?;
        for cell in game.board().cells {
            if let Some(p) = cell.owner {
                self.send(&format!("play {} {}", colour_letter(p), cell.name))?;
            }
        }
        self.known = Some(game.clone_box());
        Ok(())
    }

    /// The program's move in `game`.
    fn genmove(&mut self, game: &dyn DynGame) -> Result<Option<EngineMove>, String> {
        if game.outcome().is_some() {
            return Ok(None);
        }
        self.sync(game)?;
        let command = format!("genmove {}", colour_letter(game.side_to_move()));
        let answer = self.send(&command)?;
        let word = answer.split_whitespace().next().unwrap_or_default().to_string();
        if word.eq_ignore_ascii_case("resign") {
            self.known = None;
            return Err("resigned".into());
        }
        let fail = |s: &mut Self, why: String| {
            s.failed = Some(why.clone());
            s.stop();
            Err(why)
        };
        let mv = match game.move_text(&word) {
            Ok(m) => m,
            Err(e) => {
                return fail(
                    self,
                    format!("garbage answer to '{command}': '{}': {e}", clip(&answer)),
                )
            }
        };
        let mut after = game.clone_box();
        if let Err(e) = after.play_text(&mv) {
            return fail(self, format!("illegal move '{mv}' answered to '{command}': {e}"));
        }
        self.known = Some(after);
        Ok(Some(EngineMove { mv, info: None, nodes: None }))
    }
}

impl Engine for GtpClient {
    fn spec(&self) -> String {
        self.spec.clone()
    }

    fn choose(&mut self, game: &dyn DynGame) -> Result<Option<EngineMove>, EngineError> {
        self.genmove(game).map_err(|why| EngineError::Failed { engine: self.spec.clone(), why })
    }
}

impl Drop for GtpClient {
    fn drop(&mut self) {
        self.stop();
    }
}
