//! bitgames as a GTP engine: a [`GtpSession`] answers GTP version 2 commands
//! for any registered game, choosing its moves with any engine spec.
//!
//! Commands: `protocol_version`, `name`, `version`, `known_command`,
//! `list_commands`, `boardsize`, `clear_board`, `komi`, `play`, `genmove`,
//! `reg_genmove`, `undo`, `showboard`, `final_score`, `time_settings`,
//! `time_left`, `quit`. A command may start with a numeric id, which the
//! response repeats (`=7 d4`); errors answer `? message`; every response ends
//! with a blank line.
//!
//! Moves out of turn: GTP lets a controller play two stones of one colour in a
//! row (handicap stones, a setup). Where the game has a `pass` (Go), the
//! session plays a pass for the other side first, and `undo` takes the two
//! back together; other games answer an error naming the side to move.

use super::{can_pass, colour_letter, param_value, parse_colour};
use crate::engine::Engine;
use crate::game::{clip, Outcome};
use crate::params::{format_duration, ParamKind};
use crate::player::Player;
use crate::record::GameRecord;
use crate::registry::{
    engines_for, game_info, new_engine, new_game, parse_spec, write_spec, SpecError,
};
use crate::DynGame;
use std::time::Duration;

/// The commands a session knows, in `list_commands` order.
pub const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "reg_genmove",
    "undo",
    "showboard",
    "final_score",
    "time_settings",
    "time_left",
    "quit",
];

/// How many arguments `command` takes: `None` for `quit`, which ignores any,
/// and for a command the session does not know.
fn arguments(command: &str) -> Option<usize> {
    match command {
        "known_command" | "boardsize" | "komi" | "genmove" | "reg_genmove" => Some(1),
        "play" => Some(2),
        "time_settings" | "time_left" => Some(3),
        "quit" => None,
        known if COMMANDS.contains(&known) => Some(0),
        _ => None,
    }
}

/// The engine a session uses when none is named.
pub const DEFAULT_ENGINE: &str = "mcts(time=1s)";

/// The time limits the controller set: `time_settings` and the last
/// `time_left` of each colour, in seconds.
#[derive(Clone, Copy, Debug, Default)]
struct Clock {
    /// Main time, byo-yomi time and byo-yomi stones (`time_settings`).
    settings: Option<(f64, f64, u32)>,
    /// Time left and stones left in the period, per player (`time_left`).
    left: [Option<(f64, u32)>; 2],
}

/// The most time one move is given from the clock, seconds.
const MAX_MOVE_SECS: f64 = 3600.0;

impl Clock {
    /// The most time one move may take for `p`, `None` without a limit.
    /// In byo-yomi: the period over its stones; in main time: a twentieth of
    /// what is left, or of the cells still empty over two if fewer (a
    /// guess at the moves still to come), plus the byo-yomi a stone. A
    /// tenth is kept back for the answer to travel, and at least 10 ms is
    /// given.
    fn budget(&self, p: Player, empty_cells: usize) -> Option<Duration> {
        let (main, byo, stones) = self.settings.unwrap_or((0.0, 0.0, 0));
        // GTP: byo-yomi time with no stones means no time limit.
        if self.settings.is_some() && main == 0.0 && byo > 0.0 && stones == 0 {
            return None;
        }
        let per_byo = if stones > 0 { byo / stones as f64 } else { 0.0 };
        let moves_to_come = (empty_cells / 2).clamp(10, 20) as f64;
        let secs = match self.left[p.index()] {
            Some((left, s)) if s > 0 => left / s as f64,
            Some((left, _)) => left / moves_to_come + per_byo,
            None => match self.settings {
                None => return None,
                Some(_) if main > 0.0 => main / moves_to_come + per_byo,
                Some(_) => per_byo,
            },
        };
        if !secs.is_finite() {
            return None;
        }
        // At most an hour a move however much time the controller reports
        // (`time_left b 1e300 0` overflowed the duration and panicked).
        Some(Duration::from_secs_f64((secs * 0.9).clamp(0.01, MAX_MOVE_SECS)))
    }
}

/// One GTP conversation: the game, its history and the engine.
pub struct GtpSession {
    /// The game as played, from its start.
    record: GameRecord,
    /// Per move of the record: whether the session played it (a pass before
    /// a move out of turn), so `undo` takes it back too.
    automatic: Vec<bool>,
    /// The engine spec as the user gave it.
    engine_spec: String,
    /// The engine built for the current game and clock, keyed by the spec it
    /// was built from and the game's (an engine is built for one board size:
    /// after `boardsize` a new one is made).
    engine: Option<(String, Box<dyn Engine>)>,
    /// Time limits.
    clock: Clock,
    /// Komi set for a game that has none (answered, not used).
    komi: Option<f64>,
    /// Set by `quit`.
    done: bool,
}

impl std::fmt::Debug for GtpSession {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "GtpSession({:?}, engine {})", self.record, self.engine_spec)
    }
}

impl GtpSession {
    /// A session for the game a spec names, moving with the engine
    /// `engine_spec` (checked here).
    pub fn new(game_spec: &str, engine_spec: &str) -> Result<GtpSession, SpecError> {
        let game = new_game(game_spec)?;
        let engine = new_engine(game.as_ref(), engine_spec)?;
        Ok(GtpSession {
            engine: Some((format!("{} for {}", engine.spec(), game.spec()), engine)),
            record: GameRecord::new(game),
            automatic: Vec::new(),
            engine_spec: engine_spec.to_string(),
            clock: Clock::default(),
            komi: None,
            done: false,
        })
    }

    /// The game as played so far.
    pub fn record(&self) -> &GameRecord {
        &self.record
    }

    /// Whether `quit` was received.
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// Answers one line of input: `None` for a line with no command (empty,
    /// or only a `#` comment), else the full response (`= …` or `? …`) with
    /// its closing blank line.
    pub fn handle(&mut self, line: &str) -> Option<String> {
        // GTP §2.2: drop control characters but tab and newline, tabs become
        // spaces, a '#' starts a comment.
        let cleaned: String = line
            .chars()
            .filter(|c| !c.is_control() || *c == '\t' || *c == '\n')
            .map(|c| if c == '\t' { ' ' } else { c })
            .collect();
        let cleaned = cleaned.split('#').next().unwrap_or_default();
        let mut words = cleaned.split_whitespace().peekable();
        let first = *words.peek()?;
        let id = if first.bytes().all(|b| b.is_ascii_digit()) {
            words.next();
            Some(first.to_string())
        } else {
            None
        };
        let id = id.unwrap_or_default();
        let Some(command) = words.next() else {
            return Some(format!("?{id} missing command after the id\n\n"));
        };
        let args: Vec<&str> = words.collect();
        let reply = self.run(command, &args);
        let (mark, body) = match reply {
            Ok(body) => ('=', body),
            Err(msg) => ('?', msg),
        };
        // A response may span lines but must hold no empty line (its first
        // line, after the mark, may be empty: `showboard`).
        let mut lines = body.split('\n');
        let mut text = lines.next().unwrap_or_default().trim_end().to_string();
        for l in lines.filter(|l| !l.trim().is_empty()) {
            text.push('\n');
            text.push_str(l.trim_end());
        }
        Some(format!("{mark}{id} {text}\n\n"))
    }

    /// Runs one command: the response text, or the error message.
    fn run(&mut self, command: &str, args: &[&str]) -> Result<String, String> {
        if let Some(n) = arguments(command) {
            if args.len() != n {
                let got = args.len();
                return Err(format!("syntax error: {command} takes {n} argument(s), got {got}"));
            }
        }
        match command {
            "protocol_version" => Ok("2".to_string()),
            "name" => Ok("bitgames".to_string()),
            "version" => Ok(env!("CARGO_PKG_VERSION").to_string()),
            "known_command" => Ok(COMMANDS.contains(&args[0]).to_string()),
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => {
                self.done = true;
                Ok(String::new())
            }
            "boardsize" => self.boardsize(args[0]),
            "clear_board" => {
                self.reset(self.spec())?;
                Ok(String::new())
            }
            "komi" => self.set_komi(args[0]),
            "play" => {
                let p = colour(args[0])?;
                self.play(p, args[1]).map(|_| String::new())
            }
            "genmove" | "reg_genmove" => {
                let p = colour(args[0])?;
                self.genmove(p, command == "genmove")
            }
            "undo" => {
                self.record.undo().ok_or("cannot undo: no move was played")?;
                if self.automatic.pop() == Some(false) && self.automatic.last() == Some(&true) {
                    self.automatic.pop();
                    self.record.undo();
                }
                Ok(String::new())
            }
            "showboard" => {
                let g = self.record.current();
                let status = match g.outcome() {
                    Some(o) => g.describe_outcome(o),
                    None => format!("{} to move", g.player_name(g.side_to_move())),
                };
                Ok(format!("\n{}{}, {} moves", g.picture(), status, self.record.moves().len()))
            }
            "final_score" => final_score(self.record.current()),
            "time_settings" => {
                let main = seconds(args[0])?;
                let byo = seconds(args[1])?;
                let stones = count(args[2])?;
                self.clock = Clock { settings: Some((main, byo, stones)), left: [None; 2] };
                Ok(String::new())
            }
            "time_left" => {
                let p = colour(args[0])?;
                let left = seconds(args[1])?;
                let stones = count(args[2])?;
                self.clock.left[p.index()] = Some((left, stones));
                Ok(String::new())
            }
            _ => Err(format!("unknown command '{}'", clip(command))),
        }
    }

    /// The current game's full spec.
    fn spec(&self) -> String {
        self.record.current().spec()
    }

    /// A new empty board of the game `spec` names.
    fn reset(&mut self, spec: String) -> Result<(), String> {
        let game = new_game(&spec).map_err(|e| e.to_string())?;
        self.record = GameRecord::new(game);
        self.automatic.clear();
        Ok(())
    }

    /// `boardsize N`: the game with `size=N`, on an empty board.
    fn boardsize(&mut self, arg: &str) -> Result<String, String> {
        let n: u32 = arg.parse().map_err(|_| format!("syntax error: size '{}'", clip(arg)))?;
        let spec = self.spec();
        if !takes_param(&spec, "size") {
            return Err(format!("unacceptable size: {spec} has no size parameter"));
        }
        let (spec, _) = with_param(&spec, "size", &n.to_string())
            .map_err(|e| format!("unacceptable size: {e}"))?;
        self.reset(spec)?;
        Ok(String::new())
    }

    /// `komi X`: for a game with komi, the same moves under the new komi.
    fn set_komi(&mut self, arg: &str) -> Result<String, String> {
        let k: f64 = arg.parse().map_err(|_| format!("syntax error: komi '{}'", clip(arg)))?;
        if !k.is_finite() {
            return Err(format!("syntax error: komi '{}'", clip(arg)));
        }
        let spec = self.spec();
        if !takes_param(&spec, "komi") {
            self.komi = Some(k);
            return Ok(String::new());
        }
        // Short text for a huge number (1e300, not its 301 digits); the game's
        // own range check then names it.
        let text = if k.abs() < 1e6 { k.to_string() } else { format!("{k:e}") };
        let (_, start) = with_param(&spec, "komi", &text)
            .map_err(|e| format!("unacceptable komi: {}", clip(&e.to_string())))?;
        let mut record = GameRecord::new(start);
        for m in self.record.moves() {
            record.play(m).map_err(|e| format!("cannot replay the moves under komi {k}: {e}"))?;
        }
        self.record = record;
        Ok(String::new())
    }

    /// Makes `p` the side to move: nothing if it is, else a pass for the other
    /// side where the game has one.
    fn turn(&mut self, p: Player) -> Result<(), String> {
        let g = self.record.current();
        if let Some(o) = g.outcome() {
            return Err(format!("illegal move: the game is over ({})", g.describe_outcome(o)));
        }
        if g.side_to_move() == p {
            return Ok(());
        }
        let mut after = g.clone_box();
        if !can_pass(g) || after.play_text("pass").is_err() || after.outcome().is_some() {
            return Err(format!(
                "illegal move: {} ({}) is to move",
                g.player_name(g.side_to_move()),
                colour_letter(g.side_to_move())
            ));
        }
        self.record.play("pass").map_err(|e| format!("illegal move: {e}"))?;
        self.automatic.push(true);
        Ok(())
    }

    /// `play COLOUR VERTEX`.
    fn play(&mut self, p: Player, vertex: &str) -> Result<(), String> {
        let text =
            self.record.current().move_text(vertex).map_err(|e| format!("illegal move: {e}"))?;
        self.play_on_after_passes();
        let before = self.record.moves().len();
        self.turn(p)?;
        if let Err(e) = self.record.play(&text) {
            // Take back the pass `turn` may have played.
            while self.record.moves().len() > before {
                self.record.undo();
                self.automatic.pop();
            }
            return Err(format!("illegal move: {e}"));
        }
        self.automatic.push(false);
        Ok(())
    }

    /// GTP has no end of game (GNU Go answers `=` to a `play` after both sides
    /// passed): where two passes in a row ended the game (Go), a `play` plays
    /// on. The two passes are taken back first; they change nothing on the
    /// board, so the game goes on from the same position with the same side to
    /// move. A game ended otherwise (a move cap, a repeated board) stays over.
    fn play_on_after_passes(&mut self) {
        let moves = self.record.moves();
        let n = moves.len();
        if self.record.current().outcome().is_none() || n < 2 || moves[n - 2..] != ["pass", "pass"]
        {
            return;
        }
        if self.record.state_after(n - 2).is_some_and(|g| g.outcome().is_none()) {
            for _ in 0..2 {
                self.record.undo();
                self.automatic.pop();
            }
        }
    }

    /// `genmove COLOUR` (`play`: play the move, as `genmove`; else as
    /// `reg_genmove`, which only names it).
    fn genmove(&mut self, p: Player, play: bool) -> Result<String, String> {
        let g = self.record.current();
        if g.outcome().is_some() {
            return if can_pass_text(g) {
                Ok("pass".into())
            } else {
                Err(format!(
                    "the game is over ({})",
                    g.describe_outcome(g.outcome().expect("checked"))
                ))
            };
        }
        let before = self.record.moves().len();
        self.turn(p)?;
        let chosen = self.choose(p);
        let undo_turn = |s: &mut GtpSession| {
            while s.record.moves().len() > before {
                s.record.undo();
                s.automatic.pop();
            }
        };
        let mv = match chosen {
            Ok(Some(m)) => m,
            Ok(None) => {
                undo_turn(self);
                return Ok(if can_pass(self.record.current()) { "pass" } else { "resign" }.into());
            }
            Err(e) => {
                undo_turn(self);
                return Err(e);
            }
        };
        if !play {
            undo_turn(self);
            return Ok(mv);
        }
        if let Err(e) = self.record.play(&mv) {
            undo_turn(self);
            return Err(format!("the engine chose an illegal move: {e}"));
        }
        self.automatic.push(false);
        Ok(self.record.moves().last().cloned().unwrap_or(mv))
    }

    /// The engine's move for `p` (the side to move), under the clock.
    fn choose(&mut self, p: Player) -> Result<Option<String>, String> {
        let game = self.record.current().clone_box();
        let empty = game.board().cells.iter().filter(|c| c.owner.is_none()).count();
        let budget = self.clock.budget(p, empty);
        let spec = capped_spec(game.as_ref(), &self.engine_spec, budget);
        // Built anew for another spec or another game (a new board size).
        let key = format!("{spec} for {}", game.spec());
        let rebuild = self.engine.as_ref().is_none_or(|(k, _)| *k != key);
        if rebuild {
            let e = new_engine(game.as_ref(), &spec).map_err(|e| format!("engine: {e}"))?;
            self.engine = Some((key, e));
        }
        let (_, engine) = self.engine.as_mut().expect("built above");
        engine
            .choose(game.as_ref())
            .map(|m| m.map(|m| m.mv))
            .map_err(|e| format!("engine failed: {e}"))
    }
}

/// Whether `pass` reads as a move of this game (over or not).
fn can_pass_text(g: &dyn DynGame) -> bool {
    g.move_text("pass").is_ok()
}

/// The engine spec with its `time` parameter at most `budget`, where the
/// engine takes one (the spec as given otherwise).
fn capped_spec(game: &dyn DynGame, spec: &str, budget: Option<Duration>) -> String {
    let (Some(budget), Ok(mut parsed)) = (budget, parse_spec(spec)) else {
        return spec.to_string();
    };
    let Some(info) = engines_for(game)
        .into_iter()
        .find(|e| e.name == parsed.name || e.aliases.contains(&parsed.name.as_str()))
    else {
        return spec.to_string();
    };
    let Some(param) = info.params.iter().find(|p| p.name == "time") else {
        return spec.to_string();
    };
    let ParamKind::Duration { min_ms, .. } = param.kind else { return spec.to_string() };
    let given = parsed
        .params
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("time"))
        .and_then(|(_, v)| crate::params::parse_duration(v));
    let limit = given.map_or(budget, |g| g.min(budget));
    let limit = limit.max(Duration::from_millis(min_ms));
    parsed.params.retain(|(k, _)| !k.eq_ignore_ascii_case("time"));
    parsed.params.push(("time".into(), format_duration(limit)));
    write_spec(&parsed.name, &parsed.params)
}

/// Reads a colour argument.
fn colour(text: &str) -> Result<Player, String> {
    parse_colour(text).ok_or_else(|| {
        format!("syntax error: '{}' is not a colour (b, w, black or white)", clip(text))
    })
}

/// Reads a time in seconds (a whole or decimal number, not negative).
fn seconds(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s >= 0.0)
        .ok_or_else(|| format!("syntax error: '{}' is not a time in seconds", clip(text)))
}

/// Reads a stone count.
fn count(text: &str) -> Result<u32, String> {
    text.parse().map_err(|_| format!("syntax error: '{}' is not a stone count", clip(text)))
}

/// Whether the game a spec names takes parameter `name` (`size`, `komi`).
pub fn takes_param(spec: &str, name: &str) -> bool {
    parse_spec(spec)
        .ok()
        .and_then(|s| game_info(&s.name))
        .is_some_and(|g| g.params.iter().any(|p| p.name == name))
}

/// The game `spec` names with parameter `name` set to `value` (added or
/// replaced), built to check it.
pub fn with_param(
    spec: &str, name: &str, value: &str,
) -> Result<(String, Box<dyn DynGame>), SpecError> {
    let mut parsed = parse_spec(spec)?;
    parsed.params.retain(|(k, _)| !k.eq_ignore_ascii_case(name));
    parsed.params.push((name.to_string(), value.to_string()));
    let game = new_game(&write_spec(&parsed.name, &parsed.params))?;
    Ok((game.spec(), game))
}

/// `final_score`: `B+3.5`, `W+0.5` or `0` for a game with a score (Go: the
/// area score of the board as it stands, as if both passed); for other games
/// the winner (`B+`, `W+`) or `0` for a draw once the game is over.
pub fn final_score(game: &dyn DynGame) -> Result<String, String> {
    let scored = if game.outcome().is_none() && can_pass(game) {
        // The board scored as it stands: both sides pass.
        let mut g = game.clone_box();
        for _ in 0..2 {
            if g.outcome().is_none() {
                g.play_text("pass").map_err(|e| format!("cannot score: {e}"))?;
            }
        }
        g
    } else {
        game.clone_box()
    };
    if let Some(halves) = scored.score_halves() {
        if param_value(&scored.spec(), "komi").is_some() {
            return Ok(format_score_halves(halves));
        }
    }
    match scored.outcome() {
        Some(Outcome::WonBy(p)) => Ok(format!("{}+", colour_letter(p).to_ascii_uppercase())),
        Some(Outcome::Draw) => Ok("0".into()),
        None => Err("cannot score: the game is not over".into()),
    }
}

/// A score in half points from Black's view as GTP and SGF write it: `B+3.5`,
/// `W+0.5`, `0`.
pub fn format_score_halves(halves: i64) -> String {
    let (who, h) = match halves.signum() {
        1 => ("B", halves),
        -1 => ("W", -halves),
        _ => return "0".into(),
    };
    if h % 2 == 0 {
        format!("{who}+{}", h / 2)
    } else {
        format!("{who}+{}.5", h / 2)
    }
}

#[cfg(feature = "internal-tests")]
#[doc(hidden)]
pub mod tests {
    use super::*;

    pub fn budget_follows_the_clock() {
        let mut c = Clock::default();
        assert_eq!(c.budget(Player::First, 81), None);
        c.settings = Some((0.0, 5.0, 0));
        assert_eq!(c.budget(Player::First, 81), None, "no stones: no time limit");
        c.settings = Some((60.0, 0.0, 0));
        // 60 s over 20 moves to come, less a tenth.
        assert_eq!(c.budget(Player::First, 81), Some(Duration::from_millis(2700)));
        c.left[1] = Some((10.0, 5));
        assert_eq!(c.budget(Player::Second, 81), Some(Duration::from_millis(1800)));
    }

    pub fn engine_time_is_capped() {
        let g = new_game("go").unwrap();
        let cap = Some(Duration::from_millis(300));
        assert_eq!(capped_spec(g.as_ref(), "mcts(time=1s)", cap), "mcts(time=300ms)");
        assert_eq!(capped_spec(g.as_ref(), "mcts(time=100ms)", cap), "mcts(time=100ms)");
        assert_eq!(capped_spec(g.as_ref(), "mcts(rave=true)", cap), "mcts(rave=true,time=300ms)");
        assert_eq!(capped_spec(g.as_ref(), "random", cap), "random");
        assert_eq!(capped_spec(g.as_ref(), "mcts(time=1s)", None), "mcts(time=1s)");
    }

    pub fn scores_read_as_gtp_writes_them() {
        assert_eq!(format_score_halves(7), "B+3.5");
        assert_eq!(format_score_halves(-1), "W+0.5");
        assert_eq!(format_score_halves(4), "B+2");
        assert_eq!(format_score_halves(0), "0");
    }
}
