//! `bitgames convert othello`: game records from one format to another —
//! transcripts (`f5d6c3…`), GGF (`(;GM[Othello]…;)`) and OBF lines — or move by
//! move with the position after each move. A bad record is reported and the
//! others are still converted.

use super::{
    parse_ggf_each, parse_transcript_from, write_ggf, write_obf, write_transcript, GameRecord,
    GgfGame, ObfRecord,
};
use crate::game::Player;
use crate::game::{Notation, Rules};
use crate::games::othello::Othello;
use crate::tools::{ConvertOptions, ConverterInfo, ToolError};
use std::io::Write;

/// The registry's entry for `bitgames convert othello`.
pub(crate) static CONVERTER: ConverterInfo = ConverterInfo {
    inputs: &[
        (
            "auto",
            "GGF if the text starts with '(;', OBF if with a 64-square board, else transcripts",
        ),
        ("transcript", "transcripts, one game a line (f5d6c3; passes implied)"),
        ("ggf", "GGF games ((;GM[Othello]…;)), any number"),
        ("obf", "OBF positions, one a line, with or without scored moves"),
    ],
    outputs: &[
        ("ggf", "one GGF game a line, passes as PA, the result once the game is over"),
        ("transcript", "one transcript a line, passes left out"),
        ("obf", "the final position of each game as an OBF line (OBF input: the lines as read)"),
        ("moves", "each move on its own line with the position (OBF) after it"),
    ],
    convert,
};

/// One game read, and the OBF line it was (for OBF input).
struct Item {
    game: GgfGame,
    obf: Option<ObfRecord>,
}

/// The format `auto` picks for `text`.
fn detect(text: &str) -> &'static str {
    let t = text.trim_start();
    let first = t.split_whitespace().next().unwrap_or("");
    if t.starts_with("(;") {
        "ggf"
    } else if first.chars().count() == 64
        && first.chars().all(|c| matches!(c, 'X' | 'O' | '-' | '.'))
    {
        "obf"
    } else {
        "transcript"
    }
}

/// The lines of a line-based input that hold something: (line number, text),
/// blank lines and lines starting with `#` or `%` skipped.
fn content_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#') && !l.starts_with('%'))
}

/// Reads every game of the input; a record that does not read is an error in
/// the list (with its line where the input has several), the others are kept.
fn read_items(text: &str, opts: &ConvertOptions) -> Result<Vec<Result<Item, String>>, ToolError> {
    let format = match opts.from.as_str() {
        "auto" => detect(text),
        f => f,
    };
    if opts.start.is_some() && format != "transcript" {
        return Err(ToolError::bad_option(
            "start",
            "--start applies to transcripts only (GGF and OBF give the start)",
        ));
    }
    let several = text.trim().lines().count() > 1;
    let at = |n: usize, e: &dyn std::fmt::Display| {
        if several {
            format!("line {n}: {e}")
        } else {
            e.to_string()
        }
    };
    let mut items = Vec::new();
    match format {
        "ggf" => {
            let games = parse_ggf_each(text);
            items.extend(
                games
                    .into_iter()
                    .map(|g| g.map(|game| Item { game, obf: None }).map_err(|e| e.to_string())),
            );
        }
        "obf" => {
            for (n, l) in content_lines(text) {
                items.push(ObfRecord::parse(l).map_err(|e| at(n, &e)).map(|rec| Item {
                    game: GgfGame::new(GameRecord::new(rec.position)),
                    obf: Some(rec),
                }));
            }
        }
        "transcript" => {
            let start = match &opts.start {
                Some(p) => Othello::start()
                    .parse_position(p)
                    .map_err(|e| ToolError::bad_option("start", format!("--start: {e}")))?,
                None => Othello::start(),
            };
            for (n, l) in content_lines(text) {
                items.push(
                    parse_transcript_from(start, l)
                        .map_err(|e| at(n, &e))
                        .map(|record| Item { game: record.into(), obf: None }),
                );
            }
        }
        other => {
            return Err(ToolError::bad_option(
                "from",
                format!(
                    "unknown input format '{}' (expected auto, transcript, ggf or obf)",
                    crate::game::clip(other)
                ),
            ))
        }
    }
    if items.is_empty() {
        return Err(ToolError::NoRecord);
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
fn write_moves(record: &GameRecord, out: &mut dyn Write) -> std::io::Result<()> {
    writeln!(out, "start            {}", record.start().position())?;
    let mut mover = record.start().side_to_move();
    for (k, (mv, after)) in record.positions().enumerate() {
        let who = if mover == Player::First { "Black" } else { "White" };
        writeln!(out, "{:>3}. {who} {:<5} {}", k + 1, mv.to_string(), after.position())?;
        mover = after.side_to_move();
    }
    writeln!(out, "result: {}", result_line(record.end()))
}

/// Converts every game of `text` and prints it; the bad records are named in
/// the error ([`ToolError::Records`] when the input holds several), after the
/// good ones are written.
fn convert(text: &str, opts: &ConvertOptions, out: &mut dyn Write) -> Result<(), ToolError> {
    if !CONVERTER.outputs.iter().any(|(name, _)| *name == opts.to) {
        return Err(ToolError::bad_option(
            "to",
            format!(
                "unknown output format '{}' (expected ggf, transcript, obf or moves)",
                crate::game::clip(&opts.to)
            ),
        ));
    }
    let items = read_items(text, opts)?;
    let many = items.len() > 1;
    let mut bad = Vec::new();
    for (k, item) in items.iter().enumerate() {
        let item = match item {
            Ok(item) => item,
            Err(e) => {
                bad.push(e.clone());
                continue;
            }
        };
        let record = item.game.record();
        match opts.to.as_str() {
            "transcript" => writeln!(out, "{}", write_transcript(record))?,
            "ggf" => writeln!(out, "{}", write_ggf(&item.game))?,
            "obf" => {
                let line = match &item.obf {
                    Some(rec) => write_obf(rec),
                    None => write_obf(&ObfRecord { position: *record.end(), scored_moves: vec![] }),
                };
                writeln!(out, "{line}")?;
            }
            _ => {
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
    match bad.len() {
        0 => Ok(()),
        1 if !many => Err(ToolError::Record(bad.remove(0))),
        _ => Err(ToolError::Records(bad)),
    }
}

#[cfg(feature = "internal-tests")]
#[doc(hidden)]
pub mod tests {
    use super::*;

    pub fn detects_formats() {
        assert_eq!(detect("  (;GM[Othello];)"), "ggf");
        assert_eq!(detect("f5d6"), "transcript");
        assert_eq!(
            detect("---------------------------OX------XO--------------------------- X"),
            "obf"
        );
    }

    pub fn good_records_are_written_past_a_bad_one() {
        let opts = ConvertOptions { from: "auto".into(), to: "transcript".into(), start: None };
        let mut out = Vec::new();
        let e = convert("f5d6\nf5f5\nf5f6\n", &opts, &mut out).unwrap_err();
        assert_eq!(String::from_utf8(out).unwrap(), "f5d6\nf5f6\n");
        let ToolError::Records(bad) = &e else { panic!("{e}") };
        assert!(e.is_input() && bad.len() == 1 && bad[0].starts_with("line 2:"), "{e}");
    }

    pub fn good_ggf_games_are_written_past_a_bad_one() {
        let bo = "BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]";
        // Game 2 plays a White move first; game 3 is not closed before game 4.
        let text = format!(
            "(;GM[Othello]{bo}B[f5];)\n(;GM[Othello]{bo}W[f5];)\n(;GM[Othello]{bo}B[f5]\n\
             (;GM[Othello]{bo}B[f5]W[d6];)\n"
        );
        let opts = ConvertOptions { from: "auto".into(), to: "transcript".into(), start: None };
        let mut out = Vec::new();
        let e = convert(&text, &opts, &mut out).unwrap_err();
        assert_eq!(String::from_utf8(out).unwrap(), "f5\nf5d6\n");
        let ToolError::Records(bad) = &e else { panic!("{e}") };
        assert_eq!(bad.len(), 2, "{bad:?}");
        assert!(
            bad[0].starts_with("GGF game 2, line 2, column 93: move 1 (W[f5]): a White move"),
            "{}",
            bad[0]
        );
        assert!(
            bad[1].starts_with("GGF game 3, line 4, column 1: a '(' inside a game"),
            "{}",
            bad[1]
        );
    }
}
