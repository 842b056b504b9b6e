//! Helpers shared by the subcommands: building games from user input, error
//! classification, number formatting and a small seeded random generator.

use anyhow::{Context, Result};
use bitgames::{DynGame, ParseError, PlayError, SpecError};
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

/// Splits a move list at blanks and commas: `"4 4,5  3"` is four moves.
pub fn split_moves(text: &str) -> Vec<&str> {
    text.split(|c: char| c.is_whitespace() || c == ',').filter(|m| !m.is_empty()).collect()
}

/// Plays the moves of a `--moves` list in order; an error names the move by its
/// number and text: `move 3 ('9'): …`.
pub fn play_moves(game: &mut dyn DynGame, moves: &str) -> Result<()> {
    for (i, mv) in split_moves(moves).into_iter().enumerate() {
        game.play_text(mv).with_context(|| format!("move {} ('{mv}')", i + 1))?;
    }
    Ok(())
}

/// The game's name: `connect4` for `connect4(width=7,height=6)`.
pub fn game_name(game: &dyn DynGame) -> String {
    let spec = game.spec();
    spec.split('(').next().unwrap_or_default().to_string()
}

/// The outcome in words, or `in progress`.
pub fn result_text(game: &dyn DynGame) -> String {
    match game.outcome() {
        Some(o) => game.describe_outcome(o),
        None => "in progress".to_string(),
    }
}

/// The board picture with coordinates for reading moves off it: column numbers
/// under a Connect Four board, row numbers and column letters around a tic-tac-toe
/// board. Other games (and boards too wide to label) get the plain picture.
pub fn labelled_picture(game: &dyn DynGame) -> String {
    let picture = game.picture();
    let rows: Vec<&str> = picture.lines().collect();
    let width = rows.first().map_or(0, |r| r.split(' ').count());
    match game_name(game).as_str() {
        "connect4" => {
            let labels: Vec<String> = (1..=width).map(|c| c.to_string()).collect();
            format!("{picture}{}\n", labels.join(" "))
        }
        "tictactoe" if width <= 26 => {
            let pad = rows.len().to_string().len();
            let mut s = String::new();
            for (i, row) in rows.iter().enumerate() {
                s.push_str(&format!("{:>pad$} {row}\n", rows.len() - i));
            }
            let letters: Vec<String> =
                (0..width).map(|c| char::from(b'a' + c as u8).to_string()).collect();
            s.push_str(&format!("{:>pad$} {}\n", "", letters.join(" ")));
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

/// A count with thousands separators: `1,000,000`.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut s = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            s.push(',');
        }
        s.push(ch);
    }
    s
}

/// A rate with an SI prefix and a unit: `si(12.3e6, "leaves/s")` is
/// `12.3 M leaves/s`.
pub fn si(x: f64, unit: &str) -> String {
    format!("{} {unit}", si_number(x))
}

/// A number with an SI prefix: `12.3 M`, `456 k`, `7.00`.
pub fn si_number(x: f64) -> String {
    if !x.is_finite() {
        return "-".to_string();
    }
    let (v, unit) = if x >= 1e9 {
        (x / 1e9, " G")
    } else if x >= 1e6 {
        (x / 1e6, " M")
    } else if x >= 1e3 {
        (x / 1e3, " k")
    } else {
        (x, "")
    };
    let digits = if v >= 100.0 {
        0
    } else if v >= 10.0 {
        1
    } else {
        2
    };
    format!("{v:.digits$}{unit}")
}

/// `n / seconds`, infinite for a zero duration (printed as `-`).
pub fn rate(n: u64, seconds: f64) -> f64 {
    if seconds > 0.0 {
        n as f64 / seconds
    } else {
        f64::INFINITY
    }
}

/// SplitMix64: a tiny seeded generator for the engines' choices.
#[derive(Debug, Clone)]
pub struct SplitMix(u64);

impl SplitMix {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Self {
        SplitMix(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A uniform index below `n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }
}

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
    }

    #[test]
    fn below_is_in_range() {
        let mut r = SplitMix::new(1);
        assert!((0..1000).all(|_| r.below(7) < 7));
    }
}
