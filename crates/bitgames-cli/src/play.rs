//! `bitgames play`: a game against an engine in the terminal. Reads one command per
//! line from stdin, so moves can also be piped in; end of input leaves cleanly.

use crate::common::{
    build_game, clock_seed, labelled_picture, legal_summary, result_text, SplitMix,
};
use crate::engine::{Engine, EngineKind};
use anyhow::{Context, Result};
use bitgames::DynGame;
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
    /// The engine's way of choosing moves.
    #[arg(long, short, value_enum, default_value_t = EngineKind::Greedy)]
    pub engine: EngineKind,
    /// Who moves first.
    #[arg(long, short, value_enum, default_value_t = First::Human)]
    pub first: First,
    /// Seed of the engine's random choices (default: from the clock).
    #[arg(long, short)]
    pub seed: Option<u64>,
    /// Start from this position text instead of the start position.
    #[arg(long, short, allow_hyphen_values = true)]
    pub position: Option<String>,
    /// Opening book for the perfect Connect Four engine (`bitgames book`).
    #[arg(long)]
    pub book: Option<std::path::PathBuf>,
    /// Strength of the alphabeta engine (Othello), 1–10: search depth 1–11 plies,
    /// exact endgame from 4–20 empty squares.
    #[arg(long, short, default_value_t = 5)]
    pub level: u8,
    /// Heuristic of the alphabeta engine instead of the level's: positional,
    /// absolute, mobility or mixed.
    #[arg(long)]
    pub heuristic: Option<bitgames::games::othello::eval::Heuristic>,
    /// Time cap per move of the alphabeta engine's midgame search, in milliseconds.
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
    let n = stdin.read_until(b'\n', &mut buf).context("reading stdin")?;
    if n == 0 {
        return Ok(Input::Eof);
    }
    let line = String::from_utf8_lossy(&buf).trim().to_string();
    if echo {
        writeln!(out, "{line}")?;
    }
    Ok(Input::Line(line))
}

/// The help text shown by `help`.
fn help(game: &dyn DynGame, out: &mut dyn Write) -> Result<()> {
    writeln!(out, "  type a move in {}'s notation (one of the legal moves listed),", game.spec())?;
    writeln!(out, "  'undo' to take back your last move and the engine's reply,")?;
    writeln!(out, "  'board' to see the board again, 'quit' to leave.")?;
    Ok(())
}

/// Plays one game against the engine on stdin/stdout.
pub fn run(args: &PlayArgs, out: &mut dyn Write) -> Result<()> {
    let mut game = build_game(&args.game, args.position.as_deref())?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    let mut rng = SplitMix::new(seed);
    let settings = crate::engine::SearchSettings {
        level: args.level,
        heuristic: args.heuristic,
        time: args.time_ms.map(std::time::Duration::from_millis),
    };
    let mut engine = Engine::new(args.engine, game.as_ref(), settings)?;
    if let Some(path) = &args.book {
        engine.set_book(crate::solve::load_book(path)?)?;
    }
    let human = match args.first {
        First::Human => game.side_to_move(),
        First::Engine => game.side_to_move().other(),
    };
    let engine_name = format!("{:?}", args.engine).to_lowercase();
    writeln!(
        out,
        "{}: you play {}, the {engine_name} engine (seed {seed}) plays {}. Type 'help' for commands.",
        game.spec(),
        game.player_name(human),
        game.player_name(human.other()),
    )?;
    let stdin = std::io::stdin();
    let echo = !stdin.is_terminal();
    let mut stdin = stdin.lock();
    // States before each of the user's moves, for `undo`.
    let mut history: Vec<Box<dyn DynGame>> = Vec::new();
    let mut show_board = true;
    loop {
        if show_board {
            writeln!(out)?;
            write!(out, "{}", labelled_picture(game.as_ref()))?;
            show_board = false;
        }
        if game.outcome().is_some() {
            let result = result_text(game.as_ref());
            let verdict = match game.outcome() {
                Some(bitgames::Outcome::WonBy(p)) if p == human => " — you win!",
                Some(bitgames::Outcome::WonBy(_)) => " — the engine wins.",
                _ => "",
            };
            writeln!(out, "game over: {result}{verdict}  (moves: {})", game.position())?;
            return Ok(());
        }
        let mover = game.side_to_move();
        let name = game.player_name(mover);
        if mover != human {
            let mv = engine
                .choose(game.as_ref(), &mut rng)
                .context("the engine found no legal move in a game that is not over")?;
            game.play_text(&mv).with_context(|| format!("engine move '{mv}'"))?;
            match &engine.last_info {
                Some(info) => writeln!(out, "engine ({name}) plays {mv}   [{info}]")?,
                None => writeln!(out, "engine ({name}) plays {mv}")?,
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
            "help" | "h" | "?" => help(game.as_ref(), out)?,
            "board" | "b" => show_board = true,
            "undo" | "u" => match history.pop() {
                Some(prev) => {
                    game = prev;
                    writeln!(out, "took back your last move.")?;
                    show_board = true;
                }
                None => writeln!(out, "nothing to undo.")?,
            },
            _ => {
                let before = game.clone_box();
                match game.play_text(&line) {
                    Ok(()) => {
                        history.push(before);
                        show_board = true;
                    }
                    Err(e) => writeln!(out, "not played: {e}")?,
                }
            }
        }
    }
}
