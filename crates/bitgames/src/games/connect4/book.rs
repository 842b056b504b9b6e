//! The Connect Four opening book: the exact score of every position up to a ply,
//! keyed by the position's key or its mirror image (whichever is smaller), so a
//! position and its reflection share one entry.
//!
//! File format (little-endian), about 9 bytes a position:
//!
//! ```text
//! magic    16 bytes  "bitgames c4book\n"
//! version  u32       1
//! width    u8        board columns
//! height   u8        board rows
//! depth    u8        every position with at most this many moves is in the book
//! weak     u8        1: scores are only -1/0/1 (win/draw/loss), 0: exact scores
//! count    u64       number of positions
//! keys     count × u64, strictly increasing (canonical keys)
//! scores   count × i8
//! ```
//!
//! Building a book needs the solver: see [`book_builder`](super::book_builder).

use super::bits::mirror_key;
use super::check_size;
use crate::game::SetupError;
use thiserror::Error;

const MAGIC: &[u8; 16] = b"bitgames c4book\n";
const VERSION: u32 = 1;
const HEADER: usize = 16 + 4 + 4 + 8;

/// A book file that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BookError {
    /// Not a book, a different version, a truncated or corrupt file.
    #[error("bad Connect Four book{}: {why}", .source_name.as_ref().map(|n| format!(" '{n}'")).unwrap_or_default())]
    Format {
        /// The file, when known.
        source_name: Option<String>,
        /// What is wrong.
        why: String,
    },
    /// A book for another board size.
    #[error("the book is for {book_w}×{book_h} boards, not {width}×{height}")]
    WrongSize {
        /// Book width.
        book_w: u8,
        /// Book height.
        book_h: u8,
        /// Board width.
        width: u32,
        /// Board height.
        height: u32,
    },
    /// A book asked for on a board size that is not supported.
    #[error("no Connect Four book for this board: {0}")]
    BadSize(#[from] SetupError),
    /// A book deeper than the board has cells.
    #[error("a book of depth {depth} is deeper than the {cells} cells of the board")]
    TooDeep {
        /// The depth asked for.
        depth: u32,
        /// Cells of the board.
        cells: u32,
    },
}

/// Exact (or weak) scores of all positions up to `depth` moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Book {
    width: u8,
    height: u8,
    depth: u8,
    weak: bool,
    keys: Vec<u64>,
    scores: Vec<i8>,
}

impl Book {
    /// A book from `(canonical key, score)` pairs (any order; duplicates keep the
    /// first).
    pub fn from_entries(
        width: u32,
        height: u32,
        depth: u32,
        weak: bool,
        mut entries: Vec<(u64, i8)>,
    ) -> Self {
        entries.sort_unstable_by_key(|e| e.0);
        entries.dedup_by_key(|e| e.0);
        Book {
            width: width as u8,
            height: height as u8,
            depth: depth as u8,
            weak,
            keys: entries.iter().map(|e| e.0).collect(),
            scores: entries.iter().map(|e| e.1).collect(),
        }
    }

    /// Board width.
    pub fn width(&self) -> u32 {
        self.width as u32
    }
    /// Board height.
    pub fn height(&self) -> u32 {
        self.height as u32
    }
    /// Positions with at most this many moves are in the book.
    pub fn depth(&self) -> u32 {
        self.depth as u32
    }
    /// Whether the scores are only win/draw/loss.
    pub fn is_weak(&self) -> bool {
        self.weak
    }
    /// Number of positions.
    pub fn len(&self) -> usize {
        self.keys.len()
    }
    /// Whether the book is empty.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The smaller of a key and its mirror image's.
    #[inline]
    pub fn canonical(&self, key: u64) -> u64 {
        key.min(mirror_key(key, self.width as u32, self.height as u32))
    }

    /// The stored score of the position with this key, if it is in the book.
    #[inline]
    pub fn get(&self, key: u64) -> Option<i32> {
        let k = self.canonical(key);
        self.keys.binary_search(&k).ok().map(|i| self.scores[i] as i32)
    }

    /// Checks the book fits a `width × height` board.
    pub fn check_size(&self, width: u32, height: u32) -> Result<(), BookError> {
        if self.width as u32 != width || self.height as u32 != height {
            return Err(BookError::WrongSize {
                book_w: self.width,
                book_h: self.height,
                width,
                height,
            });
        }
        Ok(())
    }

    /// The book as bytes in the file format.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER + self.keys.len() * 9);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&[self.width, self.height, self.depth, self.weak as u8]);
        out.extend_from_slice(&(self.keys.len() as u64).to_le_bytes());
        for k in &self.keys {
            out.extend_from_slice(&k.to_le_bytes());
        }
        out.extend(self.scores.iter().map(|&s| s as u8));
        out
    }

    /// Reads a book from bytes; `name` (a file name) goes into error messages.
    pub fn from_bytes(bytes: &[u8], name: Option<&str>) -> Result<Self, BookError> {
        let bad = |why: String| BookError::Format { source_name: name.map(str::to_string), why };
        if bytes.len() < HEADER {
            return Err(bad(format!(
                "{} bytes is shorter than the {HEADER}-byte header (truncated?)",
                bytes.len()
            )));
        }
        if &bytes[..16] != MAGIC {
            return Err(bad("it does not start with the book magic \"bitgames c4book\"".into()));
        }
        let version = u32::from_le_bytes(bytes[16..20].try_into().expect("4 bytes"));
        if version != VERSION {
            return Err(bad(format!("version {version}, this program reads version {VERSION}")));
        }
        let (width, height, depth, weak) = (bytes[20], bytes[21], bytes[22], bytes[23]);
        if let Err(e) = check_size(width as usize, height as usize) {
            return Err(bad(format!("impossible header: {e}")));
        }
        if weak > 1 {
            return Err(bad(format!("impossible header: weak flag {weak}")));
        }
        let count = u64::from_le_bytes(bytes[24..32].try_into().expect("8 bytes"));
        let expected = (count as u128) * 9 + HEADER as u128;
        if bytes.len() as u128 != expected {
            return Err(bad(format!(
                "{count} positions need {expected} bytes, the file has {} (truncated or padded)",
                bytes.len()
            )));
        }
        let count = count as usize;
        let key_bytes = &bytes[HEADER..HEADER + 8 * count];
        let keys: Vec<u64> = key_bytes
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
            .collect();
        if keys.windows(2).any(|w| w[0] >= w[1]) {
            return Err(bad("keys are not strictly increasing".into()));
        }
        let scores: Vec<i8> = bytes[HEADER + 8 * count..].iter().map(|&b| b as i8).collect();
        let limit = (width as i32 * height as i32 + 1) / 2;
        if let Some(s) = scores.iter().find(|&&s| (s as i32).abs() > limit) {
            return Err(bad(format!("score {s} is out of range ±{limit}")));
        }
        Ok(Book { width, height, depth, weak: weak == 1, keys, scores })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_bad_files() {
        let b = Book::from_entries(7, 6, 2, false, vec![(5, 1), (3, -2), (9, 0)]);
        let bytes = b.to_bytes();
        assert_eq!(Book::from_bytes(&bytes, None).unwrap(), b);
        assert!(Book::from_bytes(&bytes[..bytes.len() - 1], Some("x.book"))
            .unwrap_err()
            .to_string()
            .contains("truncated"));
        assert!(Book::from_bytes(b"hello", None).is_err());
        let mut other = bytes.clone();
        other[0] = b'B';
        assert!(Book::from_bytes(&other, None).unwrap_err().to_string().contains("magic"));
    }
}
