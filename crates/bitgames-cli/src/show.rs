//! `bitgames show`: one position in words or as one JSON object.

use crate::common::{build_game, labelled_picture, play_moves, result_text};
use anyhow::Result;
use bitgames::{DynGame, Outcome};
use clap::Args;
use serde::Serialize;
use std::io::Write;

/// Options of `bitgames show`.
#[derive(Args, Debug)]
pub struct ShowArgs {
    /// Game spec, e.g. connect4 or 'connect4(width=8,height=7)'.
    pub game: String,
    /// Position text: connect4 takes Pons' move string (4453), tictactoe rows from
    /// the top separated by '/' (X.O/.X./...), othello OBF (64 squares and the
    /// side to move; it may start with '-'). Go and Hex also take an SGF
    /// record, or a file holding one (the position after its main line).
    /// Default: the start position.
    #[arg(allow_hyphen_values = true)]
    pub position: Option<String>,
    /// Moves to play after setting the position: apart ("4 4 5 3", "c2,b2",
    /// "1. f5 d6") or run together as a transcript ("4453", "f5d6c3").
    #[arg(long, short, allow_hyphen_values = true)]
    pub moves: Option<String>,
    /// Print one JSON object with the keys game, position, picture, rows, to_move,
    /// legal_moves, outcome, result, score, hash, ply. `to_move` is null once the
    /// game is over; `outcome` is null while it goes on, else {"winner": NAME,
    /// "draw": false} or {"winner": null, "draw": true}; `result` is "in
    /// progress", "NAME wins" or "draw", NAME being the game's name for the
    /// player ("X" in Connect Four, "Black" in Othello); `hash` is 16 hex digits
    /// (a string: JSON numbers lose 64-bit precision); `score` is null unless the
    /// game is over and has one: the first player's final score in the game's
    /// own units, Othello's disc difference, Go's area score less komi in half
    /// points (-15: White by 7.5). The text output gives it in points (-7.5).
    #[arg(long)]
    pub json: bool,
}

/// The `outcome` of `show --json`.
#[derive(Serialize)]
struct OutcomeJson {
    /// Name of the winner, null for a draw.
    winner: Option<&'static str>,
    /// Whether the game is drawn.
    draw: bool,
}

/// `show --json`, keys in this order.
#[derive(Serialize)]
struct ShowJson {
    game: String,
    position: String,
    picture: String,
    rows: Vec<String>,
    to_move: Option<&'static str>,
    legal_moves: Vec<String>,
    outcome: Option<OutcomeJson>,
    result: String,
    score: Option<i32>,
    hash: String,
    ply: usize,
}

/// Builds the game, sets the position, plays the moves and prints the result.
pub fn run(args: &ShowArgs, out: &mut dyn Write) -> Result<()> {
    let mut game = match args.position.as_deref().and_then(sgf_text) {
        Some(text) => bitgames::sgf::read(&text, &args.game)
            .map_err(|e| crate::common::input_error(e.to_string()))?
            .record
            .current()
            .clone_box(),
        None => build_game(&args.game, args.position.as_deref())?,
    };
    if let Some(moves) = &args.moves {
        play_moves(game.as_mut(), moves)?;
    }
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&to_json(game.as_ref()))?)?;
    } else {
        print_text(game.as_ref(), out)?;
    }
    Ok(())
}

/// SGF given as the position: the text itself when it starts with `(;`, or
/// a file that holds SGF.
fn sgf_text(position: &str) -> Option<String> {
    if bitgames::sgf::looks_like_sgf(position) {
        return Some(position.to_string());
    }
    let path = std::path::Path::new(position);
    let text = path.is_file().then(|| std::fs::read_to_string(path).ok()).flatten()?;
    bitgames::sgf::looks_like_sgf(&text).then_some(text)
}

/// The JSON view of a position.
fn to_json(game: &dyn DynGame) -> ShowJson {
    let picture = game.picture();
    let outcome = game.outcome().map(|o| match o {
        Outcome::WonBy(p) => OutcomeJson { winner: Some(game.player_name(p)), draw: false },
        Outcome::Draw => OutcomeJson { winner: None, draw: true },
    });
    ShowJson {
        game: game.spec(),
        position: game.position(),
        rows: picture.lines().map(str::to_string).collect(),
        picture,
        to_move: game.outcome().is_none().then(|| game.player_name(game.side_to_move())),
        legal_moves: game.legal_moves(),
        outcome,
        result: result_text(game),
        score: game.score(),
        hash: format!("{:016x}", game.position_hash()),
        ply: game.ply(),
    }
}

/// The text view of a position.
fn print_text(game: &dyn DynGame, out: &mut dyn Write) -> Result<()> {
    writeln!(out, "{}", game.spec())?;
    writeln!(out)?;
    write!(out, "{}", labelled_picture(game))?;
    writeln!(out)?;
    let to_move = match game.outcome() {
        None => game.player_name(game.side_to_move()).to_string(),
        Some(_) => "nobody (game over)".to_string(),
    };
    let legal = game.legal_moves();
    writeln!(out, "to move:   {to_move}")?;
    writeln!(
        out,
        "legal:     {}",
        if legal.is_empty() { "none".to_string() } else { legal.join(" ") }
    )?;
    writeln!(out, "outcome:   {}", result_text(game))?;
    if let Some(halves) = game.score_halves() {
        // In points: a half point (Go's komi) as `.5`, whole scores as integers.
        writeln!(out, "score:     {}", halves as f64 / 2.0)?;
    }
    writeln!(out, "position:  {}", game.position())?;
    writeln!(out, "hash:      {:016x}", game.position_hash())?;
    writeln!(out, "ply:       {}", game.ply())?;
    Ok(())
}
