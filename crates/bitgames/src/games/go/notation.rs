//! Go's moves and their names: GTP's column letters (no `i`), rows from the
//! bottom, `pass`; and the star points a printed board marks.

use super::MAX_SIZE;
use std::fmt;

/// A Go move: a stone on a cell (column and row from 0, a1 = `(0, 0)`), or a
/// pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GoMove {
    /// A stone on `(col, row)`.
    Place {
        /// Column from the left, from 0.
        col: u8,
        /// Row from the bottom, from 0.
        row: u8,
    },
    /// A pass.
    Pass,
}

/// The star points (hoshi) of an `n × n` Go board as `(column, row)`, as
/// printed boards mark them: the corner points on the fourth line from 13×13
/// up and on the third line from 7×7 to 12×12, the centre of an odd board, and
/// the middle of each side on odd boards from 15×15 up (19×19: nine points;
/// 13×13 and 9×9: five). Boards under 7×7 have none.
pub fn star_points(n: usize) -> Vec<(usize, usize)> {
    if n < 7 {
        return Vec::new();
    }
    let d = if n >= 13 { 3 } else { 2 };
    let (lo, hi, mid) = (d, n - 1 - d, n / 2);
    let mut lines = vec![lo, hi];
    if n % 2 == 1 && n >= 15 {
        lines.insert(1, mid);
    }
    let mut points = Vec::new();
    for &r in &lines {
        for &c in &lines {
            points.push((c, r));
        }
    }
    if n % 2 == 1 && !lines.contains(&mid) {
        points.push((mid, mid));
    }
    points.sort_by_key(|&(c, r)| (r, c));
    points
}

/// GTP's letter for column `c` (no `i`).
pub fn column_letter(c: usize) -> char {
    let c = if c >= 8 { c + 1 } else { c };
    (b'a' + c as u8) as char
}

impl fmt::Display for GoMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            GoMove::Place { col, row } => {
                write!(f, "{}{}", column_letter(col as usize), row as usize + 1)
            }
            GoMove::Pass => f.write_str("pass"),
        }
    }
}

impl std::str::FromStr for GoMove {
    type Err = crate::game::NotationError;
    /// Reads `d4` (GTP letters, no `i`, case-insensitive, columns up to `t`) or
    /// `pass`; whether the cell is on a board is the game's to check.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || crate::game::NotationError::new(s, "a cell such as d4 (no i column), or pass");
        let t = s.trim().to_ascii_lowercase();
        if t == "pass" {
            return Ok(GoMove::Pass);
        }
        let mut chars = t.chars();
        let letter = chars.next().ok_or_else(bad)?;
        let col = match letter {
            'a'..='h' => letter as u8 - b'a',
            'j'..='t' => letter as u8 - b'a' - 1,
            _ => return Err(bad()),
        };
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let row: usize = digits.parse().map_err(|_| bad())?;
        if row == 0 || row > MAX_SIZE {
            return Err(bad());
        }
        Ok(GoMove::Place { col, row: (row - 1) as u8 })
    }
}
