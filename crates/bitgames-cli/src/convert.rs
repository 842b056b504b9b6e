//! `bitgames convert othello INPUT`: Othello game records from one format to
//! another — transcripts (`f5d6c3…`), GGF (`(;GM[Othello]…;)`) and OBF lines — or
//! move by move with the position after each move.

use crate::common::input_error;
use anyhow::Result;
use bitgames::games::othello::formats::{
    parse_ggf_all, parse_transcript_from, write_ggf, write_obf, write_transcript, GameRecord,
    GgfGame, ObfRecord,
};
use bitgames::games::othello::Othello;
use bitgames::{Game, Player};
use clap::{Args, ValueEnum};
use std::io::{Read, Write};
use std::path::Path;

/// What the input is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum InFormat {
    /// GGF if the text starts with `(;`, OBF if it starts with a 64-square board,
    /// else transcripts.
    Auto,
    /// Transcripts, one game a line (`f5d6c3`; passes implied).
    Transcript,
    /// GGF games (`(;GM[Othello]…;)`), any number.
    Ggf,
    /// OBF positions, one a line, with or without scored moves.
    Obf,
}

/// What to print.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OutFormat {
    /// One transcript a line, passes left out.
    Transcript,
    /// One GGF game a line, passes as PA, the result once the game is over.
    Ggf,
    /// The final position of each game as an OBF line (OBF input: the lines as read).
    Obf,
    /// Each move on its own line with the position (OBF) after it.
    Moves,
}

/// Options of `bitgames convert`.
#[derive(Args, Debug)]
pub struct ConvertArgs {
    /// The game: only `othello` has game-record formats.
    pub game: String,
    /// The record: a file, `-` for standard input, or the record itself (a
    /// transcript such as f5d6c3, or one GGF game).
    pub input: String,
    /// Input format.
    #[arg(long, value_enum, default_value_t = InFormat::Auto)]
    pub from: InFormat,
    /// Output format.
    #[arg(long, value_enum, default_value_t = OutFormat::Ggf)]
    pub to: OutFormat,
    /// The position transcripts start from (OBF: 64 squares a1..h8 of X, O or -,
    /// a space, the side to move). Default: the standard start.
    #[arg(long, allow_hyphen_values = true)]
    pub start: Option<String>,
}

/// One game read, and the OBF line it was (for OBF input).
struct Item {
    game: GgfGame,
    obf: Option<ObfRecord>,
}

/// The format `auto` picks for `text`.
fn detect(text: &str) -> InFormat {
    let t = text.trim_start();
    let first = t.split_whitespace().next().unwrap_or("");
    if t.starts_with("(;") {
        InFormat::Ggf
    } else if first.chars().count() == 64
        && first.chars().all(|c| matches!(c, 'X' | 'O' | '-' | '.'))
    {
        InFormat::Obf
    } else {
        InFormat::Transcript
    }
}

/// Reads INPUT: `-` is standard input, an existing file is read, and anything
/// else that does not look like a path is the record itself. Returns a name for
/// messages (`None` for the record itself) and the text.
fn read_input(arg: &str) -> Result<(Option<String>, String)> {
    if arg == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| input_error(format!("reading standard input: {e}")))?;
        return Ok((Some("<stdin>".to_string()), text));
    }
    let path = Path::new(arg);
    if path.is_file() {
        let text = std::fs::read_to_string(path)
            .map_err(|e| input_error(format!("reading {}: {e}", path.display())))?;
        return Ok((Some(path.display().to_string()), text));
    }
    let t = arg.trim_start();
    let looks_like_path = !t.starts_with("(;")
        && (arg.contains('/')
            || arg.contains('\\')
            || [".ggf", ".txt", ".obf", ".gam"]
                .iter()
                .any(|e| arg.to_ascii_lowercase().ends_with(e)));
    if looks_like_path {
        return Err(input_error(format!(
            "'{arg}': no such file (INPUT is a file, - for standard input, or a record such as \
             f5d6c3)"
        )));
    }
    Ok((None, arg.to_string()))
}

/// The lines of a line-based input that hold something: (line number, text),
/// blank lines and lines starting with `#` or `%` skipped.
fn content_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#') && !l.starts_with('%'))
}

/// An input error at line `line` (if the input has lines) of `source` (if it is
/// not the record on the command line itself).
fn fault(source: Option<&str>, line: Option<usize>, e: impl std::fmt::Display) -> anyhow::Error {
    match (source, line) {
        (Some(s), Some(n)) => input_error(format!("{s}, line {n}: {e}")),
        (Some(s), None) => input_error(format!("{s}: {e}")),
        (None, Some(n)) => input_error(format!("line {n}: {e}")),
        (None, None) => input_error(e.to_string()),
    }
}

/// Reads every game of the input.
fn read_items(args: &ConvertArgs, source: Option<&str>, text: &str) -> Result<Vec<Item>> {
    let format = match args.from {
        InFormat::Auto => detect(text),
        f => f,
    };
    if args.start.is_some() && format != InFormat::Transcript {
        return Err(input_error(
            "--start applies to transcripts only (GGF and OBF give the start)",
        ));
    }
    // Line numbers only where there is more than one line.
    let line = |n: usize| (text.trim().lines().count() > 1).then_some(n);
    let mut items = Vec::new();
    match format {
        InFormat::Ggf => {
            let games = parse_ggf_all(text).map_err(|e| fault(source, None, e))?;
            items.extend(games.into_iter().map(|game| Item { game, obf: None }));
        }
        InFormat::Obf => {
            for (n, l) in content_lines(text) {
                let rec = ObfRecord::parse(l).map_err(|e| fault(source, line(n), e))?;
                let game = GgfGame::new(GameRecord::new(rec.position));
                items.push(Item { game, obf: Some(rec) });
            }
        }
        InFormat::Transcript | InFormat::Auto => {
            let start = match &args.start {
                Some(p) => Othello::start()
                    .parse_position(p)
                    .map_err(|e| input_error(format!("--start: {e}")))?,
                None => Othello::start(),
            };
            for (n, l) in content_lines(text) {
                let record =
                    parse_transcript_from(start, l).map_err(|e| fault(source, line(n), e))?;
                items.push(Item { game: record.into(), obf: None });
            }
        }
    }
    if items.is_empty() {
        return Err(fault(source, None, "no game in the input"));
    }
    Ok(items)
}

/// The result in words: `Black wins 13-0 (+64)`, `in progress, White to move`.
fn result_line(end: &Othello) -> String {
    let (b, w) = (end.discs(Player::First), end.discs(Player::Second));
    match end.score() {
        Some(d) if d > 0 => format!("Black wins {b}-{w} ({d:+})"),
        Some(d) if d < 0 => format!("White wins {w}-{b} ({d:+})"),
        Some(_) => format!("draw {b}-{w}"),
        None => format!("in progress ({b}-{w}), {} to move", end.player_name(end.side_to_move())),
    }
}

/// Prints each move with the position after it, between the start and the result.
fn write_moves(record: &GameRecord, out: &mut dyn Write) -> Result<()> {
    writeln!(out, "start            {}", record.start().position())?;
    let mut mover = record.start().side_to_move();
    for (k, (mv, after)) in record.positions().enumerate() {
        let who = if mover == Player::First { "Black" } else { "White" };
        writeln!(out, "{:>3}. {who} {:<5} {}", k + 1, mv.to_string(), after.position())?;
        mover = after.side_to_move();
    }
    writeln!(out, "result: {}", result_line(record.end()))?;
    Ok(())
}

/// Reads the input, converts every game and prints it.
pub fn run(args: &ConvertArgs, out: &mut dyn Write) -> Result<()> {
    if !args.game.trim().eq_ignore_ascii_case("othello") {
        return Err(input_error(format!(
            "convert: '{}' has no game-record formats; only othello is supported",
            args.game
        )));
    }
    let (source, text) = read_input(&args.input)?;
    let items = read_items(args, source.as_deref(), &text)?;
    let many = items.len() > 1;
    for (k, item) in items.iter().enumerate() {
        let record = item.game.record();
        match args.to {
            OutFormat::Transcript => writeln!(out, "{}", write_transcript(record))?,
            OutFormat::Ggf => writeln!(out, "{}", write_ggf(&item.game))?,
            OutFormat::Obf => {
                let line = match &item.obf {
                    Some(rec) => write_obf(rec),
                    None => write_obf(&ObfRecord { position: *record.end(), scored_moves: vec![] }),
                };
                writeln!(out, "{line}")?;
            }
            OutFormat::Moves => {
                if many {
                    if k > 0 {
                        writeln!(out)?;
                    }
                    writeln!(out, "game {}", k + 1)?;
                }
                write_moves(record, out)?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_formats() {
        assert_eq!(detect("  (;GM[Othello];)"), InFormat::Ggf);
        assert_eq!(detect("f5d6"), InFormat::Transcript);
        assert_eq!(
            detect("---------------------------OX------XO--------------------------- X"),
            InFormat::Obf
        );
    }
}
