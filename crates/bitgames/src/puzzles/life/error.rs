//! What can be wrong in a pattern's RLE text or its rule.

use thiserror::Error;

/// Malformed RLE: each variant names the fault and where it is.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RleError {
    /// No `x = …, y = …` line before the cells.
    #[error("RLE has no header line 'x = …, y = …'")]
    MissingHeader,
    /// A header line that cannot be read.
    #[error("bad RLE header on line {line}: {why}")]
    BadHeader {
        /// 1-based line number.
        line: usize,
        /// What was wrong.
        why: String,
    },
    /// A rule that is not B/S notation.
    #[error("unknown rule '{rule}': expected B/S notation such as B3/S23")]
    UnknownRule {
        /// The rule text.
        rule: String,
    },
    /// A run count of zero, too large, or not followed by a tag.
    #[error("bad run count '{count}' on line {line}: {why}")]
    BadRunCount {
        /// The count text.
        count: String,
        /// 1-based line number.
        line: usize,
        /// What was wrong.
        why: String,
    },
    /// Cells outside the `x × y` the header gives.
    #[error(
        "pattern bigger than the header says (x = {width}, y = {height}): {what} on line {line}"
    )]
    PatternBiggerThanHeader {
        /// Header width.
        width: u64,
        /// Header height.
        height: u64,
        /// Which bound was crossed.
        what: String,
        /// 1-based line number.
        line: usize,
    },
    /// A character that is not a count, `b`, `o`, `$` or `!`.
    #[error("unexpected '{ch}' on line {line} of the RLE cells (expected digits, b, o, $ or !)")]
    UnexpectedChar {
        /// The character.
        ch: char,
        /// 1-based line number.
        line: usize,
    },
    /// A header larger than the reader allows, refused before any cell is read.
    #[error("pattern too large: {width}x{height}, at most {max}x{max} here")]
    TooLarge {
        /// Header width.
        width: u64,
        /// Header height.
        height: u64,
        /// The largest side allowed.
        max: u64,
    },
    /// The text ends before the closing `!`.
    #[error("RLE ends without the closing '!' (truncated file?)")]
    Truncated,
}
