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

/// Threads an option may ask for: this many per core at most (0 means one
/// per core).
pub const THREADS_PER_CORE: usize = 4;

/// Checks a `--threads` value: 0 (all cores) or up to [`THREADS_PER_CORE`] per
/// core, so a slip of the finger does not spawn thousands of threads.
pub fn check_threads(threads: usize) -> Result<()> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let max = (THREADS_PER_CORE * cores).max(8);
    if threads > max {
        return Err(input_error(format!(
            "--threads {threads} is too many for this machine's {cores} core(s) (at most {max}; 0 for one per core)"
        )));
    }
    Ok(())
}

/// The machine's memory in MiB, where the system says (Linux: /proc/meminfo).
fn memory_mib() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}

/// Checks a `--table-mib` value against the machine's memory (at most three
/// quarters of it), so an oversized table is a clear error, not an abort.
pub fn check_table_mib(mib: usize) -> Result<()> {
    if mib == 0 {
        return Err(input_error("--table-mib must be at least 1"));
    }
    if let Some(total) = memory_mib() {
        let max = (total / 4 * 3).max(1);
        if mib > max {
            return Err(input_error(format!(
                "--table-mib {mib} is more than this machine can give a table ({max} MiB of its {total})"
            )));
        }
    }
    Ok(())
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
/// boards and boards too wide to label get the plain picture.
pub fn labelled_picture(game: &dyn DynGame) -> String {
    let picture = game.picture();
    let view = game.board();
    match view.shape {
        BoardShape::Columns { width, .. } if width <= 9 => {
            let labels: Vec<String> = (1..=width).map(|c| c.to_string()).collect();
            format!("{picture}{}\n", labels.join(" "))
        }
        BoardShape::Rectangle { width, height } if width <= 26 => {
            let split = |name: &str| {
                let i = name.find(|c: char| c.is_ascii_digit()).unwrap_or(name.len());
                (name[..i].to_string(), name[i..].to_string())
            };
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
    fn labels_come_from_the_cell_names() {
        let g = build_game("tictactoe", None).unwrap();
        assert_eq!(labelled_picture(g.as_ref()), "3 . . .\n2 . . .\n1 . . .\n  a b c\n");
        let o = build_game("othello", None).unwrap();
        let pic = labelled_picture(o.as_ref());
        assert!(pic.starts_with("1 . . . . . . . .\n"), "{pic}");
        assert!(pic.ends_with("8 . . . . . . . .\n  a b c d e f g h\n"), "{pic}");
        let c = build_game("connect4(width=4,height=2)", None).unwrap();
        assert_eq!(labelled_picture(c.as_ref()), ". . . .\n. . . .\n1 2 3 4\n");
    }
}
