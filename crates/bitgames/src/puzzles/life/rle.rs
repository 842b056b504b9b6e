//! The RLE pattern format as LifeWiki describes it: `#` comment lines, a header
//! `x = W, y = H, rule = B3/S23`, then runs `<count><tag>` with `b` dead, `o`
//! alive, `$` end of row and `!` end of pattern.

pub use super::error::RleError;
use super::rule::Rule;

/// The largest header width or height accepted.
pub const MAX_SIDE: u64 = 1 << 30;

/// A pattern read from RLE: its size as the header gives it, its rule, comment
/// lines and live cells (`x` right, `y` down from the top-left corner).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pattern {
    /// Header width.
    pub width: usize,
    /// Header height.
    pub height: usize,
    /// The rule (B3/S23 when the header names none).
    pub rule: Rule,
    /// The `#` lines, as written (without the newline).
    pub comments: Vec<String>,
    /// The live cells.
    pub cells: Vec<(u32, u32)>,
}

/// Reads the header fields `x = W, y = H[, rule = R]`.
fn parse_header(text: &str, line: usize) -> Result<(u64, u64, Rule), RleError> {
    let bad = |why: String| RleError::BadHeader { line, why };
    let (mut x, mut y, mut rule) = (None, None, Rule::CONWAY);
    for field in text.split(',') {
        let (k, v) = field
            .split_once('=')
            .ok_or_else(|| bad(format!("field '{}' has no '='", field.trim())))?;
        let (k, v) = (k.trim(), v.trim());
        let size = |v: &str| -> Result<u64, RleError> {
            match v.parse::<u64>() {
                Ok(n) if n <= MAX_SIDE => Ok(n),
                _ => Err(bad(format!("{k} = '{v}' is not a size 0–{MAX_SIDE}"))),
            }
        };
        match k {
            "x" => x = Some(size(v)?),
            "y" => y = Some(size(v)?),
            "rule" => rule = Rule::parse(v)?,
            _ => return Err(bad(format!("unknown field '{k}' (expected x, y, rule)"))),
        }
    }
    match (x, y) {
        (Some(x), Some(y)) => Ok((x, y, rule)),
        _ => Err(bad("both x and y are needed".to_string())),
    }
}

impl Pattern {
    /// Reads RLE text.
    pub fn from_rle(text: &str) -> Result<Pattern, RleError> {
        Pattern::from_rle_within(text, MAX_SIDE)
    }

    /// Reads RLE text whose header is at most `max_side` a side, checked
    /// before any cell is read, so a short text cannot ask for gigabytes of
    /// cells (a server's reader).
    pub fn from_rle_within(text: &str, max_side: u64) -> Result<Pattern, RleError> {
        let mut comments = Vec::new();
        let mut header = None;
        let mut lines = text.lines().enumerate();
        for (i, line) in lines.by_ref() {
            let t = line.trim();
            if t.is_empty() {
                continue;
            }
            if t.starts_with('#') {
                comments.push(t.to_string());
                continue;
            }
            if t.starts_with('x') {
                header = Some(parse_header(t, i + 1)?);
                break;
            }
            return Err(RleError::MissingHeader);
        }
        let (w, h, rule) = header.ok_or(RleError::MissingHeader)?;
        if w > max_side || h > max_side {
            return Err(RleError::TooLarge { width: w, height: h, max: max_side });
        }
        let mut cells = Vec::new();
        let (mut x, mut y) = (0u64, 0u64);
        let mut count: Option<(u64, String)> = None;
        for (i, line) in lines {
            let line_no = i + 1;
            if line.trim_start().starts_with('#') {
                continue;
            }
            for ch in line.chars() {
                if ch.is_whitespace() {
                    continue;
                }
                if let Some(d) = ch.to_digit(10) {
                    let (n, s) = count.get_or_insert((0, String::new()));
                    s.push(ch);
                    *n = n.saturating_mul(10).saturating_add(u64::from(d));
                    continue;
                }
                let run = match count.take() {
                    None => 1,
                    Some((n, s)) => {
                        let why = if n == 0 {
                            "a run count must be at least 1".to_string()
                        } else if n > MAX_SIDE {
                            format!("more than {MAX_SIDE}")
                        } else if ch == '!' {
                            "a count before '!' has no cells to repeat".to_string()
                        } else {
                            String::new()
                        };
                        if !why.is_empty() {
                            return Err(RleError::BadRunCount { count: s, line: line_no, why });
                        }
                        n
                    }
                };
                let bigger = |what: String| RleError::PatternBiggerThanHeader {
                    width: w,
                    height: h,
                    what,
                    line: line_no,
                };
                match ch {
                    'b' | '.' | 'o' | 'A' => {
                        if x + run > w {
                            return Err(bigger(format!("row {} is {} cells wide", y + 1, x + run)));
                        }
                        if y >= h {
                            return Err(bigger(format!("cells on row {}", y + 1)));
                        }
                        if matches!(ch, 'o' | 'A') {
                            cells.extend((x..x + run).map(|cx| (cx as u32, y as u32)));
                        }
                        x += run;
                    }
                    '$' => {
                        y += run;
                        x = 0;
                    }
                    '!' => {
                        return Ok(Pattern {
                            width: w as usize,
                            height: h as usize,
                            rule,
                            comments,
                            cells,
                        })
                    }
                    _ => return Err(RleError::UnexpectedChar { ch, line: line_no }),
                }
            }
        }
        if let Some((_, s)) = count {
            return Err(RleError::BadRunCount {
                count: s,
                line: text.lines().count(),
                why: "the file ends after the count".to_string(),
            });
        }
        Err(RleError::Truncated)
    }

    /// A pattern of these cells (shifted so the top-left of their box is `(0, 0)`).
    pub fn from_cells(cells: &[(i64, i64)], rule: Rule) -> Pattern {
        let x0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
        let y0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
        let x1 = cells.iter().map(|c| c.0).max().unwrap_or(-1);
        let y1 = cells.iter().map(|c| c.1).max().unwrap_or(-1);
        let mut v: Vec<(u32, u32)> =
            cells.iter().map(|&(x, y)| ((x - x0) as u32, (y - y0) as u32)).collect();
        v.sort_unstable_by_key(|&(x, y)| (y, x));
        v.dedup();
        Pattern {
            width: (x1 - x0 + 1) as usize,
            height: (y1 - y0 + 1) as usize,
            rule,
            comments: Vec::new(),
            cells: v,
        }
    }

    /// Writes RLE: the comments, the header, then runs in lines of at most 70
    /// characters; dead cells at the end of a row are left out.
    pub fn to_rle(&self) -> String {
        let mut out = String::new();
        for c in &self.comments {
            out.push_str(c);
            out.push('\n');
        }
        out.push_str(&format!("x = {}, y = {}, rule = {}\n", self.width, self.height, self.rule));
        let mut cells = self.cells.clone();
        cells.sort_unstable_by_key(|&(x, y)| (y, x));
        cells.dedup();
        let mut items: Vec<String> = Vec::new();
        let push = |items: &mut Vec<String>, n: u64, tag: char| {
            if n == 1 {
                items.push(tag.to_string());
            } else if n > 1 {
                items.push(format!("{n}{tag}"));
            }
        };
        let (mut y, mut x) = (0u32, 0u32);
        let mut i = 0;
        while i < cells.len() {
            let (cx, cy) = cells[i];
            if cy > y {
                push(&mut items, u64::from(cy - y), '$');
                y = cy;
                x = 0;
            }
            push(&mut items, u64::from(cx - x), 'b');
            let mut j = i;
            while j + 1 < cells.len() && cells[j + 1] == (cells[j].0 + 1, cy) {
                j += 1;
            }
            let run = (j - i + 1) as u32;
            push(&mut items, u64::from(run), 'o');
            x = cx + run;
            i = j + 1;
        }
        items.push("!".to_string());
        let mut line = String::new();
        for it in items {
            if line.len() + it.len() > 70 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            line.push_str(&it);
        }
        out.push_str(&line);
        out.push('\n');
        out
    }
}
