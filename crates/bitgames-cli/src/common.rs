//! Helpers shared by the subcommands: building games from user input, error
//! classification, boards with coordinates and number formatting.

use anyhow::{Context, Result};
use bitgames::{BoardShape, DynGame, ParseError, PlayError, SpecError};
use std::fmt;

/// Bad user input found by the CLI itself (not by the library): exit code 2.
#[derive(Debug)]
pub struct InputError(pub String);

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InputError {}

/// An [`InputError`] as an `anyhow` error.
pub fn input_error(msg: impl Into<String>) -> anyhow::Error {
    InputError(msg.into()).into()
}

/// 2 for errors in what the user gave (spec, position, move, option), 1 otherwise.
pub fn exit_code(e: &anyhow::Error) -> u8 {
    let user_fault = e.chain().any(|c| {
        c.is::<InputError>() || c.is::<SpecError>() || c.is::<ParseError>() || c.is::<PlayError>()
    });
    if user_fault {
        2
    } else {
        1
    }
}

/// Whether the error is a write to a closed pipe (`bitgames games | head -1`).
pub fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// Builds the game a spec names and, if given, sets its position text. Errors say
/// which step failed: `game: …` or `position: …`.
pub fn build_game(spec: &str, position: Option<&str>) -> Result<Box<dyn DynGame>> {
    let mut game = bitgames::new_game(spec).context("game")?;
    if let Some(p) = position {
        game.set_position(p).context("position")?;
    }
    Ok(game)
}

/// Checks a `--threads` value ([`bitgames::search::check_threads`]): 0 (all
/// cores) or up to four a core.
pub fn check_threads(threads: usize) -> Result<()> {
    bitgames::search::check_threads(threads).map_err(|e| input_error(format!("--threads {e}")))
}

/// Checks a `--table-mib` value against the machine's memory (at most three
/// quarters of it: [`table_limit`](bitgames::search::memory::table_limit)), so
/// an oversized table is a clear error, not an abort.
pub fn check_table_mib(mib: usize) -> Result<()> {
    bitgames::search::memory::check_table_mib(mib)
        .map_err(|e| input_error(format!("--table-mib {e}")))
}

/// Error text made safe for a terminal and short enough to read: control
/// characters escaped (`\u{1b}`, `\n`, …) and every whitespace-separated token
/// longer than [`TOKEN_MAX`] characters cut to that many and `…`, so a 1 MB
/// position or an escape sequence is not echoed back whole. Every `error: …`
/// line the CLI prints goes through it.
pub fn clean_error_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(4 * TOKEN_MAX));
    let mut run = 0usize; // characters of the current token written so far
    for ch in text.chars() {
        if ch == ' ' {
            run = 0;
            out.push(ch);
            continue;
        }
        run += 1;
        if run > TOKEN_MAX {
            if run == TOKEN_MAX + 1 {
                out.push('…');
            }
            continue;
        }
        bitgames::game::push_escaped(&mut out, ch);
    }
    out
}

/// The longest token [`clean_error_text`] leaves whole (an OBF line's 64-square
/// board fits).
pub const TOKEN_MAX: usize = 80;

/// Prints one `error: …` line on stderr, cleaned by [`clean_error_text`].
pub fn print_error(msg: &str) {
    eprintln!("error: {}", clean_error_text(msg));
}

/// Rewrites the command line so that position arguments starting with `-` (OBF
/// lines with an empty a1: `-O-XOO--…`) reach the subcommand as positions, not
/// as unknown options: every positional argument goes after a `--`, in its
/// order, behind the options. `solve othello -O-X… X --threads 2` becomes
/// `solve othello --threads 2 -- -O-X… X`. A token is an option when it names
/// one of the subcommand's (`--name`, `--name=value`, `-q`, `-t2`); the tokens
/// an option takes as its value stay with it. Command lines without such a
/// position, and subcommands with subcommands of their own, are left as they are.
pub fn hyphen_positions(
    cmd: &clap::Command, args: Vec<std::ffi::OsString>,
) -> Vec<std::ffi::OsString> {
    let Some(sub) = args.get(1).and_then(|s| s.to_str()).and_then(|s| cmd.find_subcommand(s))
    else {
        return args;
    };
    if sub.has_subcommands() {
        return args;
    }
    // How many value tokens an option takes, by its long or short name.
    let takes = |arg: &clap::Arg| -> usize {
        if !arg.get_action().takes_values() {
            return 0;
        }
        arg.get_num_args().map_or(1, |r| r.min_values().max(1))
    };
    let long = |name: &str| sub.get_arguments().find(|a| a.get_long() == Some(name));
    let short = |c: char| sub.get_arguments().find(|a| a.get_short() == Some(c));
    let mut options = Vec::new();
    let mut positions = Vec::new();
    let mut hyphen_position = false;
    let mut rest = args[2..].iter();
    while let Some(tok) = rest.next() {
        let Some(t) = tok.to_str() else {
            positions.push(tok.clone());
            continue;
        };
        let option = if t == "--" {
            positions.extend(rest.by_ref().cloned());
            break;
        } else if let Some(name) = t.strip_prefix("--") {
            long(name.split_once('=').map_or(name, |(n, _)| n))
                .map(|a| (a, if name.contains('=') { 0 } else { takes(a) }))
        } else if t.len() > 1 && t.starts_with('-') {
            let mut chars = t[1..].chars();
            let first = chars.next().expect("one character");
            short(first).map(|a| (a, if chars.next().is_some() { 0 } else { takes(a) }))
        } else {
            positions.push(tok.clone());
            continue;
        };
        match option {
            Some((_, values)) => {
                options.push(tok.clone());
                options.extend(rest.by_ref().take(values).cloned());
            }
            None => {
                hyphen_position = true;
                positions.push(tok.clone());
            }
        }
    }
    if !hyphen_position {
        return args;
    }
    let mut out = args[..2].to_vec();
    out.extend(options);
    out.push("--".into());
    out.extend(positions);
    out
}

/// Whether a path is a named pipe (`<(…)` in bash): read like a file.
pub fn is_fifo(meta: &std::fs::Metadata) -> bool {
    #[cfg(unix)]
    {
        std::os::unix::fs::FileTypeExt::is_fifo(&meta.file_type())
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        false
    }
}

/// Splits a move list at blanks, commas and semicolons, leaving out move numbers:
/// `"4 4,5  3"` is four moves, `"1. f5 d6 2. c3"` three.
pub fn split_moves(text: &str) -> Vec<&str> {
    text.split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .map(|t| match t.find('.') {
            // `1.` → ``, `12...f5` → `f5`.
            Some(i) if t[..i].chars().all(|c| c.is_ascii_digit()) => t[i..].trim_start_matches('.'),
            _ => t,
        })
        .filter(|m| !m.is_empty())
        .collect()
}

/// Plays the moves of a `--moves` list in order: moves apart (`f5 d6`, `4,4`)
/// or run together as transcripts are (`f5d6c3`, `4453`: split by the longest
/// legal move that begins the rest; a pass that is the only legal move is
/// implied, as in Othello transcripts). An error names the move by its number
/// and text: `move 3 ('9'): …`.
pub fn play_moves(game: &mut dyn DynGame, moves: &str) -> Result<()> {
    let mut number = 0;
    for token in split_moves(moves) {
        if game.move_text(token).is_ok() {
            number += 1;
            game.play_text(token).with_context(|| format!("move {number} ('{}')", clip(token)))?;
            continue;
        }
        let mut rest = token;
        while !rest.is_empty() {
            number += 1;
            let lower = rest.to_ascii_lowercase();
            let legal = game.legal_moves();
            let best = legal
                .iter()
                .filter(|m| !m.is_empty() && lower.starts_with(&m.to_ascii_lowercase()))
                .max_by_key(|m| m.len());
            let mv = match (best, legal.as_slice()) {
                (Some(m), _) => {
                    rest = &rest[m.len()..];
                    m.clone()
                }
                // A forced pass, left out of the transcript.
                (None, [only]) if only.eq_ignore_ascii_case("pass") => only.clone(),
                // No legal move begins the rest: the game's own error for it.
                (None, _) => std::mem::take(&mut rest).to_string(),
            };
            game.play_text(&mv).with_context(|| format!("move {number} ('{}')", clip(&mv)))?;
        }
    }
    Ok(())
}

/// At most 40 characters of user text, for messages.
fn clip(s: &str) -> String {
    bitgames::game::clip(s)
}

/// The outcome in words, or `in progress`.
pub fn result_text(game: &dyn DynGame) -> String {
    match game.outcome() {
        Some(o) => game.describe_outcome(o),
        None => "in progress".to_string(),
    }
}

/// The board picture with coordinates read off the game's [`BoardView`]: a
/// column's move (`1`…`7`) under a board of columns; row numbers beside and
/// column letters under a board of squares, taken from the cell names (so
/// Othello's row 1 is at the top and tic-tac-toe's at the bottom). Hexagonal
/// boards are drawn from the view as the web app draws them ([`hex_picture`]);
/// boards too wide to label get the plain picture.
pub fn labelled_picture(game: &dyn DynGame) -> String {
    let picture = game.picture();
    let view = game.board();
    if view.shape.hexagonal() {
        return hex_picture(game, &view);
    }
    match view.shape {
        BoardShape::Columns { width, .. } if width <= 9 => {
            let labels: Vec<String> = (1..=width).map(|c| c.to_string()).collect();
            format!("{picture}{}\n", labels.join(" "))
        }
        BoardShape::Rectangle { width, height } if width <= 26 => {
            // Drawn row y (0 at the top) and column x of every cell.
            let mut row_label = vec![String::new(); height];
            let mut col_label = vec![String::new(); width];
            for c in &view.cells {
                let (letters, digits) = split(&c.name);
                let (x, y) = (c.x as usize, c.y as usize);
                if y < height && x < width {
                    row_label[y] = digits;
                    col_label[x] = letters;
                }
            }
            let pad = row_label.iter().map(String::len).max().unwrap_or(0);
            let mut s = String::new();
            for (label, row) in row_label.iter().zip(picture.lines()) {
                s.push_str(&format!("{label:>pad$} {row}\n"));
            }
            s.push_str(&format!("{:>pad$} {}\n", "", col_label.join(" ")));
            s
        }
        _ => picture,
    }
}

/// A board of hexagons as text, laid out from the view's cell centres (two
/// characters a cell width, one line a row of cells, as the web app draws
/// it), `X`/`O` for the first and second player's stones (their names' letter
/// where a name is one letter), with each row's number at its left and each
/// column's letter one step beyond the end of its line of cells (the other end
/// where that place is taken).
pub fn hex_picture(game: &dyn DynGame, view: &bitgames::board::BoardView) -> String {
    use bitgames::board::HEX_ROW;
    use bitgames::Player;
    let letter = |p: Player, default: char| {
        let name = game.player_name(p);
        let mut chars = name.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => c.to_ascii_uppercase(),
            _ => default,
        }
    };
    let marks = [letter(Player::First, 'X'), letter(Player::Second, 'O')];
    let min_x = view.cells.iter().map(|c| c.x).fold(f64::INFINITY, f64::min);
    let min_y = view.cells.iter().map(|c| c.y).fold(f64::INFINITY, f64::min);
    // Text places: a margin of four columns for the row numbers, one line
    // above and below for the letters.
    let place = |x: f64, y: f64| -> (i64, i64) {
        (((y - min_y) / HEX_ROW).round() as i64 + 1, ((x - min_x) * 2.0).round() as i64 + 4)
    };
    let mut text: std::collections::BTreeMap<(i64, i64), char> = Default::default();
    for c in &view.cells {
        let mark = match c.owner {
            Some(Player::First) => marks[0],
            Some(Player::Second) => marks[1],
            None => '.',
        };
        text.insert(place(c.x, c.y), mark);
    }
    // Row numbers: left of each line's first cell, when the line's cells share one.
    let mut rows: std::collections::BTreeMap<i64, (i64, Option<String>)> = Default::default();
    for c in &view.cells {
        let (line, col) = place(c.x, c.y);
        let digits = split(&c.name).1;
        let e = rows.entry(line).or_insert((col, Some(digits.clone())));
        e.0 = e.0.min(col);
        if e.1.as_deref() != Some(digits.as_str()) {
            e.1 = None;
        }
    }
    let mut labels: Vec<((i64, i64), String)> = Vec::new();
    for (line, (col, digits)) in &rows {
        if let Some(d) = digits {
            labels.push(((*line, col - 1 - d.len() as i64), d.clone()));
        }
    }
    // Column letters: one step beyond the lowest cell of the line, or beyond
    // its highest where that place is taken.
    let mut columns: std::collections::BTreeMap<String, Vec<(f64, f64)>> = Default::default();
    for c in &view.cells {
        columns.entry(split(&c.name).0).or_default().push((c.x, c.y));
    }
    let taken = |text: &std::collections::BTreeMap<(i64, i64), char>,
                 labels: &[((i64, i64), String)],
                 at: (i64, i64)| {
        (at.1 - 2..=at.1 + 2).any(|col| text.contains_key(&(at.0, col)))
            || labels
                .iter()
                .any(|((l, c), s)| *l == at.0 && at.1 >= c - 1 && at.1 <= c + s.len() as i64)
    };
    for (letters, mut cells) in columns {
        cells.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.total_cmp(&b.0)));
        let beyond = |end: (f64, f64), prev: Option<(f64, f64)>, down: bool| {
            let (dx, dy) = match prev {
                Some(p) => {
                    let len = ((end.0 - p.0).powi(2) + (end.1 - p.1).powi(2)).sqrt().max(1e-9);
                    ((end.0 - p.0) / len, (end.1 - p.1) / len)
                }
                None => (0.0, if down { HEX_ROW } else { -HEX_ROW }),
            };
            let step = if dy.abs() > 1e-9 { HEX_ROW / dy.abs() } else { 1.0 };
            place(end.0 + dx * step, end.1 + dy * step)
        };
        let n = cells.len();
        let low = beyond(cells[n - 1], (n > 1).then(|| cells[n - 2]), true);
        let high = beyond(cells[0], (n > 1).then(|| cells[1]), false);
        for at in [low, high] {
            if !taken(&text, &labels, at) {
                labels.push((at, letters.clone()));
                break;
            }
        }
    }
    for ((line, col), s) in labels {
        for (i, ch) in s.chars().enumerate() {
            text.insert((line, col + i as i64), ch);
        }
    }
    let left = text.keys().map(|k| k.1).min().unwrap_or(0);
    let (first, last) = (text.keys().map(|k| k.0).min(), text.keys().map(|k| k.0).max());
    let mut out = String::new();
    if let (Some(first), Some(last)) = (first, last) {
        for line in first..=last {
            let mut row = String::new();
            for ((_, col), ch) in text.range((line, i64::MIN)..=(line, i64::MAX)) {
                let at = (col - left) as usize;
                while row.chars().count() < at {
                    row.push(' ');
                }
                row.push(*ch);
            }
            out.push_str(row.trim_end());
            out.push('\n');
        }
    }
    out
}

/// A cell name's letters and digits: `e4` → (`e`, `4`).
fn split(name: &str) -> (String, String) {
    let i = name.find(|c: char| c.is_ascii_digit()).unwrap_or(name.len());
    (name[..i].to_string(), name[i..].to_string())
}

/// Legal moves for a prompt: all of them when few, else a count and the range.
pub fn legal_summary(moves: &[String]) -> String {
    const SHOW: usize = 24;
    match moves {
        [] => "none".to_string(),
        m if m.len() <= SHOW => m.join(" "),
        m => format!("{} moves ({} … {})", m.len(), m[0], m[m.len() - 1]),
    }
}

/// A rate with an SI prefix and a unit: `si(12.3e6, "leaves/s")` is
/// `12.3 M leaves/s`.
pub fn si(x: f64, unit: &str) -> String {
    format!("{} {unit}", si_number(x))
}

pub use bitgames::tools::{grouped, rate, si_number};

/// A seed from the clock, for runs without `--seed`.
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
        % 1_000_000
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(40_353_607), "40,353,607");
        assert_eq!(si(12_345_678.0, "plies/s"), "12.3 M plies/s");
        assert_eq!(si(7.0, "games/s"), "7.00 games/s");
        assert_eq!(split_moves(" 4 4,5,, 3 "), vec!["4", "4", "5", "3"]);
        assert_eq!(split_moves("1. f5 d6 2.c3; 3... e6"), vec!["f5", "d6", "c3", "e6"]);
    }

    #[test]
    fn error_text_is_escaped_and_short() {
        assert_eq!(clean_error_text("bad '\u{1b}[31m' at\nx"), "bad '\\u{1b}[31m' at\\nx");
        let long = format!("position '{}' is bad", "x".repeat(1000));
        let clean = clean_error_text(&long);
        assert_eq!(clean, format!("position '{}… is bad", "x".repeat(TOKEN_MAX - 1)));
        let obf = format!("'{}' X", "-".repeat(64));
        assert_eq!(clean_error_text(&obf), obf);
    }

    #[test]
    fn hyphen_positions_go_behind_a_double_dash() {
        use clap::CommandFactory;
        let mut cmd = crate::Cli::command();
        cmd.build();
        let args = |line: &[&str]| -> Vec<String> {
            let os = line.iter().map(std::ffi::OsString::from).collect();
            hyphen_positions(&cmd, os).into_iter().map(|a| a.into_string().unwrap()).collect()
        };
        // Unchanged: no position starting with '-'.
        let plain = ["bitgames", "solve", "connect4", "4453", "--threads", "2", "-q"];
        assert_eq!(args(&plain), plain);
        assert_eq!(args(&["bitgames", "solve", "-h"]), ["bitgames", "solve", "-h"]);
        assert_eq!(
            args(&["bitgames", "solve", "othello", "-O-X X", "-t", "2", "--table-mib=8", "-q"]),
            ["bitgames", "solve", "-t", "2", "--table-mib=8", "-q", "--", "othello", "-O-X X"]
        );
        // Values of options stay with them; what follows `--` stays positional.
        assert_eq!(
            args(&["bitgames", "solve", "othello", "--book", "b", "-X", "--", "-Y", "--weak"]),
            ["bitgames", "solve", "--book", "b", "--", "othello", "-X", "-Y", "--weak"]
        );
        // Unknown commands and subcommands with subcommands: left alone.
        assert_eq!(args(&["bitgames", "nope", "-x"]), ["bitgames", "nope", "-x"]);
    }

    #[test]
    fn labels_come_from_the_cell_names() {
        let g = build_game("tictactoe", None).unwrap();
        assert_eq!(labelled_picture(g.as_ref()), "3 . . .\n2 . . .\n1 . . .\n  a b c\n");
        // Hexagonal boards too: row numbers at the left, letters beyond the
        // columns' slanted lines (Hex: a1 top-left, rows shifted right).
        let mut h = build_game("hex(size=3)", None).unwrap();
        h.play_text("b2").unwrap();
        assert_eq!(labelled_picture(h.as_ref()), "1 . . .\n 2 . X .\n  3 . . .\n     a b c\n");
        // Havannah as the web app draws it: row 1 at the bottom, as Yavalath's.
        let hv = labelled_picture(build_game("havannah(size=3)", None).unwrap().as_ref());
        let lines: Vec<&str> = hv.lines().collect();
        assert!(lines[1].trim_start().starts_with("5 ."), "{hv}");
        assert!(lines[5].trim_start().starts_with("1 ."), "{hv}");
        let o = build_game("othello", None).unwrap();
        let pic = labelled_picture(o.as_ref());
        assert!(pic.starts_with("1 . . . . . . . .\n"), "{pic}");
        assert!(pic.ends_with("8 . . . . . . . .\n  a b c d e f g h\n"), "{pic}");
        let c = build_game("connect4(width=4,height=2)", None).unwrap();
        assert_eq!(labelled_picture(c.as_ref()), ". . . .\n. . . .\n1 2 3 4\n");
    }
}

/// The longest line the line-based commands read (`solve` and `convert`'s
/// positions, the `gtp`, `nboard` and `play` sessions): a position, a move or a
/// command is far shorter, so a longer line is refused rather than held in
/// memory.
pub const MAX_LINE: u64 = 64 * 1024;

/// The most a command that reads its whole input (`convert`, `life`,
/// `lightsout`, `pack`) takes from a file or standard input: 64 MiB, far past
/// any record, pattern or puzzle, so a device or an endless pipe is an error
/// rather than memory without end.
pub const MAX_INPUT: u64 = 64 << 20;

/// What [`read_line`] found.
#[derive(Debug, PartialEq, Eq)]
pub enum LineRead {
    /// The end of the input.
    End,
    /// A line, in the buffer (with its `\n` if it had one).
    Line,
    /// A line longer than [`MAX_LINE`]: the buffer holds its first
    /// [`MAX_LINE`] bytes, the rest is still unread.
    TooLong,
}

/// Reads one line into `buf` (cleared first), at most [`MAX_LINE`] bytes.
pub fn read_line(input: &mut dyn std::io::BufRead, buf: &mut Vec<u8>) -> std::io::Result<LineRead> {
    use std::io::{BufRead, Read};
    buf.clear();
    let n = input.take(MAX_LINE).read_until(b'\n', buf)?;
    Ok(if n == 0 {
        LineRead::End
    } else if n as u64 == MAX_LINE && buf.last() != Some(&b'\n') {
        LineRead::TooLong
    } else {
        LineRead::Line
    })
}

/// The error of a session (`gtp`, `nboard`, `play`) whose input line `number`
/// is longer than [`MAX_LINE`]: no command is that long, so the session ends.
pub fn line_too_long(number: usize) -> anyhow::Error {
    input_error(format!(
        "standard input, line {number}: longer than {} KiB, not a command; stopping",
        MAX_LINE / 1024
    ))
}

/// Reads all of `reader` (called `name` in messages), at most [`MAX_INPUT`]
/// bytes: more is an input error.
pub fn read_all(reader: impl std::io::Read, name: &str) -> Result<Vec<u8>> {
    use std::io::Read;
    let mut bytes = Vec::new();
    reader
        .take(MAX_INPUT + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| input_error(format!("reading {name}: {e}")))?;
    if bytes.len() as u64 > MAX_INPUT {
        return Err(input_error(format!(
            "{name}: more than {} MiB; not a file this command reads",
            MAX_INPUT >> 20
        )));
    }
    Ok(bytes)
}

/// [`read_all`] of a file (or standard input for `-`) as UTF-8 text.
pub fn read_text(path: &str) -> Result<String> {
    let name = if path == "-" {
        "standard input".to_string()
    } else {
        format!("'{}'", bitgames::game::clip(path))
    };
    let bytes = if path == "-" {
        read_all(std::io::stdin().lock(), &name)?
    } else {
        let file = std::fs::File::open(path)
            .map_err(|e| input_error(format!("cannot read {name}: {e}")))?;
        if file.metadata().is_ok_and(|m| m.is_dir()) {
            return Err(input_error(format!("{name} is a directory, not a file")));
        }
        read_all(file, &name)?
    };
    String::from_utf8(bytes).map_err(|_| input_error(format!("{name}: not UTF-8 text")))
}
