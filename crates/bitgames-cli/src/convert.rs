//! `bitgames convert GAME INPUT`: game records from one of the game's formats to
//! another, through the registry's converter for the game (Othello: transcripts,
//! GGF, OBF lines, or move by move with the position after each move).

use crate::common::{build_game, input_error, print_error};
use anyhow::Result;
use bitgames::tools::{ConvertOptions, ToolError};
use clap::Args;
use std::io::Write;
use std::path::Path;

/// Options of `bitgames convert`.
#[derive(Args, Debug)]
pub struct ConvertArgs {
    /// The game (one with record formats: `bitgames convert --help` lists them
    /// below).
    pub game: String,
    /// The record: a file, `-` for standard input, or the record itself (a
    /// transcript such as f5d6c3, or one GGF game).
    #[arg(allow_hyphen_values = true)]
    pub input: String,
    /// Input format: auto (detect), or one of the game's (othello: transcript,
    /// ggf, obf).
    #[arg(long, default_value = "auto")]
    pub from: String,
    /// Output format: one of the game's (othello: ggf (default), transcript,
    /// obf, moves; go and hex: sgf (default), json, moves, position).
    #[arg(long)]
    pub to: Option<String>,
    /// The position transcripts start from, in the game's position text
    /// (othello: OBF). Default: the standard start.
    #[arg(long, allow_hyphen_values = true)]
    pub start: Option<String>,
}

/// The text of an input, a line that is not UTF-8 reported on stderr (`error:
/// <stdin>, line 3: not UTF-8 text`) and left blank, so the other lines keep
/// their numbers and are still converted. Returns the text and the number of
/// bad lines.
fn text_lines(bytes: &[u8], name: &str) -> (String, usize) {
    let mut bad = 0;
    let mut text = String::with_capacity(bytes.len());
    for (i, line) in bytes.split(|&b| b == b'\n').enumerate() {
        if i > 0 {
            text.push('\n');
        }
        match std::str::from_utf8(line) {
            Ok(l) => text.push_str(l),
            Err(_) => {
                eprintln!("error: {name}, line {}: not UTF-8 text", i + 1);
                bad += 1;
            }
        }
    }
    (text, bad)
}

/// Reads INPUT: `-` is standard input, an existing file is read, and anything
/// else that does not look like a path is the record itself. Returns a name for
/// messages (`None` for the record itself), the text and the number of lines
/// that were not UTF-8 (reported, and left blank in the text).
fn read_input(arg: &str) -> Result<(Option<String>, String, usize)> {
    if arg == "-" {
        let bytes = crate::common::read_all(std::io::stdin().lock(), "standard input")?;
        let (text, bad) = text_lines(&bytes, "<stdin>");
        return Ok((Some("<stdin>".to_string()), text, bad));
    }
    let path = Path::new(arg);
    if let Ok(meta) = std::fs::metadata(path) {
        let shown = bitgames::game::clip(arg);
        if meta.is_dir() {
            return Err(input_error(format!("'{shown}' is a directory, not a record file")));
        }
        if !meta.is_file() && !crate::common::is_fifo(&meta) {
            return Err(input_error(format!(
                "'{shown}' is not a regular file (a device?; - reads standard input)"
            )));
        }
        if meta.is_file() && meta.len() == 0 {
            return Err(input_error(format!("'{shown}' is an empty file: no records in it")));
        }
        let file = std::fs::File::open(path)
            .map_err(|e| input_error(format!("reading '{shown}': {e}")))?;
        let bytes = crate::common::read_all(file, &format!("'{shown}'"))?;
        let (text, bad) = text_lines(&bytes, &shown);
        return Ok((Some(shown), text, bad));
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
            "'{}': no such file (INPUT is a file, - for standard input, or a record such as \
             f5d6c3)",
            bitgames::game::clip(arg)
        )));
    }
    Ok((None, arg.to_string(), 0))
}

/// Reads the input, converts every record and prints it.
pub fn run(args: &ConvertArgs, out: &mut dyn Write) -> Result<()> {
    let game = build_game(&args.game, None)?;
    if bitgames::sgf::game_number(&game.spec()).is_some() {
        return convert_sgf(args, out);
    }
    let to = args.to.clone().unwrap_or_else(|| "ggf".to_string());
    let info = bitgames::registry::info_of(game.as_ref());
    let Some(converter) = info.and_then(|i| i.tools.converter) else {
        let with: Vec<&str> = bitgames::registry::games()
            .iter()
            .filter(|g| g.tools.converter.is_some())
            .map(|g| g.name)
            .collect();
        return Err(input_error(format!(
            "convert: {} has no game-record formats (games with some: {})",
            game.spec(),
            with.join(", ")
        )));
    };
    let names = |list: &[(&str, &str)]| list.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ");
    if !converter.inputs.iter().any(|(n, _)| *n == args.from) {
        return Err(input_error(format!(
            "unknown input format '{}' for {} (expected {})",
            bitgames::game::clip(&args.from),
            game.spec(),
            names(converter.inputs)
        )));
    }
    if !converter.outputs.iter().any(|(n, _)| *n == to) {
        return Err(input_error(format!(
            "unknown output format '{}' for {} (expected {})",
            bitgames::game::clip(&to),
            game.spec(),
            names(converter.outputs)
        )));
    }
    let (source, text, unreadable) = read_input(&args.input)?;
    let opts = ConvertOptions { from: args.from.clone(), to, start: args.start.clone() };
    // Where a record's message comes from: `file, line 3: …`, `file: GGF game 2, …`.
    let placed = |msg: String| match (&source, msg.strip_prefix("line ")) {
        (Some(s), Some(rest)) => format!("{s}, line {rest}"),
        (Some(s), None) => format!("{s}: {msg}"),
        (None, _) => msg,
    };
    let name = source.as_deref().unwrap_or("the input");
    match (converter.convert)(&text, &opts, out) {
        Ok(()) if unreadable == 0 => Ok(()),
        Ok(()) => Err(input_error(format!(
            "{unreadable} line(s) of {name} could not be read (see above)"
        ))),
        // Each bad record on its own line, as `solve` reports bad lines.
        Err(ToolError::Records(bad)) => {
            for msg in &bad {
                print_error(&placed(msg.clone()));
            }
            let lines = match unreadable {
                0 => String::new(),
                n => format!(" and {n} line(s) could not be read"),
            };
            Err(input_error(format!(
                "{} record(s) of {name} could not be converted{lines} (see above)",
                bad.len()
            )))
        }
        Err(e) if e.is_input() => Err(input_error(placed(e.to_string()))),
        Err(e) => Err(crate::solve::tool_error(e)),
    }
}

/// Go and Hex records: SGF (every game tree of a collection) or JSON game
/// records (one, or one a line) in; SGF, JSON, the moves or the final position
/// out. A bad record among several is reported and the others converted.
fn convert_sgf(args: &ConvertArgs, out: &mut dyn Write) -> Result<()> {
    use bitgames::sgf;
    let to = args.to.as_deref().unwrap_or("sgf");
    if !["sgf", "json", "moves", "position"].contains(&to) {
        return Err(input_error(format!(
            "unknown output format '{}' for {} (expected sgf, json, moves, position)",
            bitgames::game::clip(to),
            args.game
        )));
    }
    let (source, text, unreadable) = read_input(&args.input)?;
    let name = source.unwrap_or_else(|| "the record".to_string());
    if unreadable > 0 {
        return Err(input_error(format!("{name}: {unreadable} line(s) are not UTF-8 text")));
    }
    let from = match args.from.as_str() {
        "auto" if sgf::looks_like_sgf(&text) => "sgf",
        "auto" if text.trim_start().starts_with('{') => "json",
        "auto" => {
            return Err(input_error(format!(
                "{name}: neither SGF (starting with '(;') nor a JSON game record"
            )))
        }
        f @ ("sgf" | "json") => f,
        f => {
            return Err(input_error(format!(
                "unknown input format '{}' for {} (expected auto, sgf, json)",
                bitgames::game::clip(f),
                args.game
            )))
        }
    };
    // Every record with where it is: an SGF collection's game trees, or JSON
    // records, one a line when the text is not one record.
    type Parsed = (bitgames::GameRecord, Option<String>, Option<String>, Option<String>);
    let mut records: Vec<(String, Result<Parsed, String>)> = Vec::new();
    if from == "sgf" {
        let games = sgf::read_all(&text, &args.game);
        let several = games.len() > 1;
        for (k, g) in games.into_iter().enumerate() {
            let place = if several {
                format!("{name}, game {} (line {})", k + 1, g.line)
            } else {
                name.clone()
            };
            let read = g.game.map(|g| (g.record, g.black, g.white, g.result));
            records.push((place, read.map_err(|e| e.to_string())));
        }
    } else {
        match bitgames::registry::read_record(&text) {
            Ok(r) => records.push((name.clone(), Ok((r, None, None, None)))),
            Err(e) => {
                let lines: Vec<(usize, &str)> = text
                    .lines()
                    .enumerate()
                    .filter(|(_, l)| !l.trim().is_empty())
                    .map(|(i, l)| (i + 1, l))
                    .collect();
                if lines.len() < 2 {
                    records.push((name.clone(), Err(e.to_string())));
                }
                for (n, l) in lines.iter().filter(|_| lines.len() > 1) {
                    let r = bitgames::registry::read_record(l).map(|r| (r, None, None, None));
                    records.push((format!("{name}, line {n}"), r.map_err(|e| e.to_string())));
                }
            }
        }
    }
    if records.is_empty() {
        return Err(input_error(format!("{name}: no game record in it")));
    }
    let several = records.len() > 1;
    let mut bad = 0;
    for (place, read) in records {
        let (record, black, white, result) = match read {
            Ok(r) => r,
            // One record: its error ends the run; one of several: reported, and on.
            Err(e) if !several => return Err(input_error(format!("{place}: {e}"))),
            Err(e) => {
                print_error(&format!("{place}: {e}"));
                bad += 1;
                continue;
            }
        };
        match to {
            "sgf" => {
                let text =
                    sgf::write(&record, black.as_deref(), white.as_deref(), result.as_deref())
                        .map_err(|e| input_error(format!("{place}: {e}")))?;
                write!(out, "{text}")?;
            }
            "json" => writeln!(out, "{}", record.to_json())?,
            "moves" => writeln!(out, "{}", record.moves().join(" "))?,
            _ => writeln!(out, "{}", record.current().position())?,
        }
    }
    if bad > 0 {
        return Err(input_error(format!(
            "{bad} record(s) of {name} could not be converted (see above)"
        )));
    }
    Ok(())
}
