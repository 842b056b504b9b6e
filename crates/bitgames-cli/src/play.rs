//! `bitgames play`: a game against an engine in the terminal. Reads one command per
//! line from stdin, so moves can also be piped in; end of input leaves cleanly.
//!
//! The engine is any spec the registry knows for the game (`bitgames engines
//! GAME` lists them); `--seed`, `--level`, `--heuristic`, `--time-ms` and `--book`
//! are short for the engine parameters of the same names.

use crate::common::{build_game, clock_seed, labelled_picture, legal_summary, result_text};
use crate::common::{input_error, read_line, LineRead, MAX_LINE};
use crate::progress::{Style, Thinking};
use anyhow::{Context, Result};
use bitgames::registry::{engines_for, parse_spec, write_spec};
use bitgames::{BoardShape, Player};
use bitgames::{DynGame, Engine, GameRecord};
use clap::{Args, ValueEnum};
use std::io::{BufRead, IsTerminal, Write};

/// Who moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum First {
    /// You move first.
    Human,
    /// The engine moves first.
    Engine,
}

/// Options of `bitgames play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Game spec, e.g. connect4 or 'tictactoe(width=4,height=4,k=3)'.
    pub game: String,
    /// The engine: a spec such as random, greedy, 'solver(table_mib=512)' or
    /// 'alphabeta(level=6)' (`bitgames engines GAME` lists those for a game).
    /// Default: the game's own engine (Connect Four's solver, Othello's
    /// alphabeta), else mcts (1 s a move); with --level, --heuristic, --time-ms
    /// or --book the game's first engine that takes them.
    #[arg(long, short)]
    pub engine: Option<String>,
    /// Who moves first.
    #[arg(long, short, value_enum, default_value_t = First::Human)]
    pub first: First,
    /// Seed of the engine's random choices (default: from the clock).
    #[arg(long, short)]
    pub seed: Option<u64>,
    /// Start from this position text instead of the start position.
    #[arg(long, short, allow_hyphen_values = true)]
    pub position: Option<String>,
    /// The engine's opening book (its `book` parameter; `bitgames book` makes one).
    #[arg(long)]
    pub book: Option<std::path::PathBuf>,
    /// The engine's strength (its `level` parameter: Othello's alphabeta, 1–10).
    #[arg(long, short)]
    pub level: Option<u32>,
    /// The engine's evaluation (its `heuristic` parameter).
    #[arg(long)]
    pub heuristic: Option<String>,
    /// The engine's time cap per move in milliseconds (its `time_ms` parameter).
    #[arg(long)]
    pub time_ms: Option<u64>,
}

/// What the user typed.
enum Input {
    /// End of input.
    Eof,
    /// One line, trimmed.
    Line(String),
}

/// Reads one line from stdin; echoes it when stdin is not a terminal so a piped
/// session reads like a typed one.
fn read_input(stdin: &mut dyn BufRead, echo: bool, out: &mut dyn Write) -> Result<Input> {
    let mut buf = Vec::new();
    match read_line(stdin, &mut buf).context("reading stdin")? {
        LineRead::End => return Ok(Input::Eof),
        LineRead::TooLong => {
            return Err(input_error(format!(
                "standard input: a line longer than {} KiB, not a move; stopping",
                MAX_LINE / 1024
            )))
        }
        LineRead::Line => {}
    }
    let line = String::from_utf8_lossy(&buf).trim().to_string();
    if echo {
        writeln!(out, "{line}")?;
    }
    Ok(Input::Line(line))
}

/// The letter each player's stones show on the board, read off the picture
/// of a board of squares or columns (a cell's token at its drawn row and
/// column); `None` for a player with no stone on it yet.
fn stone_letters(game: &dyn DynGame) -> [Option<String>; 2] {
    let view = game.board();
    let mut letters = [None, None];
    if !matches!(view.shape, BoardShape::Rectangle { .. } | BoardShape::Columns { .. }) {
        return letters;
    }
    let picture = game.picture();
    let rows: Vec<Vec<&str>> = picture.lines().map(|l| l.split_whitespace().collect()).collect();
    for cell in &view.cells {
        let Some(owner) = cell.owner else { continue };
        let slot = &mut letters[usize::from(owner == Player::Second)];
        if slot.is_none() {
            let token = rows.get(cell.y as usize).and_then(|r| r.get(cell.x as usize));
            *slot = token.map(|t| t.to_string());
        }
    }
    letters
}

/// `X is Black (you), O is White (the engine)` when the board's letters are
/// not the players' names and both players have a stone on it; else `None`.
fn legend(game: &dyn DynGame, human: Player) -> Option<String> {
    let letters = stone_letters(game);
    let mut parts = Vec::new();
    for (p, letter) in [Player::First, Player::Second].into_iter().zip(letters) {
        let letter = letter?;
        let who = if p == human { "you" } else { "the engine" };
        parts.push((letter, game.player_name(p), who));
    }
    if parts.iter().all(|(letter, name, _)| letter == name) {
        return None;
    }
    let parts: Vec<String> =
        parts.iter().map(|(l, name, who)| format!("{l} is {name} ({who})")).collect();
    Some(format!("on the board: {}", parts.join(", ")))
}

/// The help text shown by `help`.
fn help(game: &dyn DynGame, out: &mut dyn Write) -> Result<()> {
    writeln!(out, "  type a move in {}'s notation (one of the legal moves listed),", game.spec())?;
    writeln!(out, "  'undo' to take back your last move and the engine's reply,")?;
    writeln!(out, "  'board' to see the board again, 'quit' to leave.")?;
    Ok(())
}

/// The engine `play` uses without `--engine`: the first that takes every
/// engine flag given, of the registry's default (the game's own engine, else
/// mcts), then mcts, then the game's other engines (an error naming the flags
/// when none does).
fn default_engine(game: &dyn DynGame, flags: &[(&str, Option<String>)]) -> Result<String> {
    let given: Vec<&str> = flags.iter().filter(|(_, v)| v.is_some()).map(|(k, _)| *k).collect();
    let engines = engines_for(game);
    let takes_all = |e: &&'static bitgames::engine::EngineInfo| {
        given.iter().all(|w| e.params.iter().any(|p| p.name == *w))
    };
    let default = bitgames::registry::default_engine(game);
    let mcts = engines.iter().copied().find(|e| e.name == "mcts");
    let order = std::iter::once(default).chain(mcts).chain(engines.iter().copied());
    if let Some(e) = order.filter(|e| e.name != "gtp").find(takes_all) {
        return Ok(e.name.to_string());
    }
    let wanted: Vec<&str> = given.iter().copied().filter(|k| *k != "seed").collect();
    let flags: Vec<String> = wanted.iter().map(|w| format!("--{}", w.replace('_', "-"))).collect();
    let names: Vec<&str> = engines.iter().map(|e| e.name).collect();
    let name = bitgames::registry::info_of(game).map_or_else(|| game.spec(), |i| i.name.into());
    Err(crate::common::input_error(format!(
        "no engine of {} takes {} (its engines: {}; `bitgames engines {name}` lists their \
         parameters)",
        game.spec(),
        flags.join(" and "),
        names.join(", "),
    )))
}

/// The engine spec with the option flags added as parameters (a flag the spec
/// already sets is an error, as is one the engine does not take), and a seed
/// from the clock for an engine that takes one when none is given.
pub fn engine_spec(game: &dyn DynGame, args: &PlayArgs) -> Result<String> {
    let flags = [
        ("seed", args.seed.map(|s| s.to_string())),
        ("level", args.level.map(|l| l.to_string())),
        ("heuristic", args.heuristic.clone()),
        ("time_ms", args.time_ms.map(|t| t.to_string())),
        ("book", args.book.as_ref().map(|b| b.display().to_string())),
    ];
    let engine = match &args.engine {
        Some(e) => e.clone(),
        None => default_engine(game, &flags)?,
    };
    let spec = parse_spec(&engine).context("engine")?;
    let mut params = spec.params;
    for (key, value) in flags {
        let Some(value) = value else { continue };
        if params.iter().any(|(k, _)| k.eq_ignore_ascii_case(key)) {
            return Err(crate::common::input_error(format!(
                "--{} and the engine spec both set {key}",
                key.replace('_', "-")
            )));
        }
        params.push((key.to_string(), value));
    }
    let takes_seed = engines_for(game)
        .iter()
        .find(|e| e.name == spec.name || e.aliases.contains(&spec.name.as_str()))
        .is_some_and(|e| e.params.iter().any(|p| p.name == "seed"));
    if takes_seed && !params.iter().any(|(k, _)| k.eq_ignore_ascii_case("seed")) {
        params.push(("seed".to_string(), clock_seed().to_string()));
    }
    Ok(write_spec(&spec.name, &params))
}

/// Plays one game against the engine on stdin/stdout.
pub fn run(args: &PlayArgs, out: &mut dyn Write) -> Result<()> {
    let start = build_game(&args.game, args.position.as_deref())?;
    let spec = engine_spec(start.as_ref(), args)?;
    let mut engine: Box<dyn Engine> =
        bitgames::new_engine(start.as_ref(), &spec).context("engine")?;
    let human = match args.first {
        First::Human => start.side_to_move(),
        First::Engine => start.side_to_move().other(),
    };
    writeln!(
        out,
        "{}: you play {}, the engine {} plays {}. Type 'help' for commands.",
        start.spec(),
        start.player_name(human),
        engine.spec(),
        start.player_name(human.other()),
    )?;
    let mut legend_shown = false;
    let mut record = GameRecord::new(start);
    let stdin = std::io::stdin();
    let echo = !stdin.is_terminal();
    let mut stdin = stdin.lock();
    let mut show_board = true;
    loop {
        let game = record.current();
        if show_board {
            writeln!(out)?;
            write!(out, "{}", labelled_picture(game))?;
            // Where the board's letters are not the players' names (Othello's X
            // and O are Black and White), say which is which, once both show.
            if !legend_shown {
                if let Some(l) = legend(game, human) {
                    writeln!(out, "{l}")?;
                    legend_shown = true;
                }
            }
            show_board = false;
        }
        if let Some(outcome) = game.outcome() {
            let verdict = match outcome {
                bitgames::Outcome::WonBy(p) if p == human => " — you win!",
                bitgames::Outcome::WonBy(_) => " — the engine wins.",
                _ => "",
            };
            writeln!(
                out,
                "game over: {}{verdict}  (moves: {})",
                result_text(game),
                record.moves().join(" ")
            )?;
            return Ok(());
        }
        let mover = game.side_to_move();
        let name = game.player_name(mover);
        if mover != human {
            // A spinner on a terminal, a line every few seconds off one.
            let thinking =
                Thinking::start(format!("engine ({name}) thinking…"), Style::for_stderr(false));
            let chosen = engine.choose(game);
            thinking.finish();
            let chosen =
                chosen?.context("the engine found no legal move in a game that is not over")?;
            record.play(&chosen.mv).with_context(|| format!("engine move '{}'", chosen.mv))?;
            match &chosen.info {
                Some(info) => writeln!(out, "engine ({name}) plays {}   [{info}]", chosen.mv)?,
                None => writeln!(out, "engine ({name}) plays {}", chosen.mv)?,
            }
            show_board = true;
            continue;
        }
        let legal = game.legal_moves();
        write!(
            out,
            "{name} to move, legal: {}  (or 'quit', 'undo', 'help')\n> ",
            legal_summary(&legal)
        )?;
        out.flush()?;
        let line = match read_input(&mut stdin, echo, out)? {
            Input::Eof => {
                writeln!(out)?;
                writeln!(out, "end of input: leaving the game unfinished.")?;
                return Ok(());
            }
            Input::Line(l) => l,
        };
        match line.to_ascii_lowercase().as_str() {
            "" => {}
            "quit" | "q" | "exit" => {
                writeln!(out, "bye.")?;
                return Ok(());
            }
            "help" | "h" | "?" => help(record.current(), out)?,
            "board" | "b" => show_board = true,
            "undo" | "u" => {
                // Back to the last position where it was your move, one move of
                // yours earlier: your move and the engine's replies go.
                let mut taken = Vec::new();
                while let Some(mv) = record.undo() {
                    taken.push(mv);
                    if record.current().side_to_move() == human {
                        break;
                    }
                }
                if taken.is_empty() || record.current().side_to_move() != human {
                    // Nothing of yours to take back: put the moves back.
                    for mv in taken.iter().rev() {
                        record.play(mv).context("replaying after an empty undo")?;
                    }
                    writeln!(out, "nothing to undo.")?;
                } else {
                    taken.reverse();
                    let replies = match &taken[1..] {
                        [] => String::new(),
                        [one] => format!(" and the engine's reply {one}"),
                        more => format!(" and the engine's replies {}", more.join(" ")),
                    };
                    writeln!(out, "took back your move {}{replies}.", taken[0])?;
                    show_board = true;
                }
            }
            _ => match record.play(&line) {
                Ok(()) => show_board = true,
                Err(e) => writeln!(out, "not played: {e}")?,
            },
        }
    }
}
