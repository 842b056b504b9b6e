//! The Connect Four opening book: the exact score of every position up to a ply,
//! keyed by the position's key or its mirror image (whichever is smaller), so a
//! position and its reflection share one entry.
//!
//! File format (little-endian), about 9 bytes a position:
//!
//! ```text
//! magic    16 bytes  "bitgames c4book\n"
//! version  u32       2
//! width    u8        board columns
//! height   u8        board rows
//! depth    u8        every position with at most this many moves is in the book
//! weak     u8        1: scores are only -1/0/1 (win/draw/loss), 0: exact scores
//! count    u64       number of positions (at most MAX_POSITIONS)
//! crc32    u32       CRC-32 (IEEE) of the bytes from `version` to `count` and
//!                    of everything after this field
//! keys     count × u64, strictly increasing (canonical keys)
//! scores   count × i8
//! ```
//!
//! A reader checks the header before it allocates (so `/dev/zero` or a huge
//! count is an error at once) and the checksum before it trusts a score.
//!
//! Building a book needs the solver: see [`book_builder`](super::book_builder).

use super::bits::mirror_key;
use super::check_size;
use crate::game::SetupError;
use std::io::Read;
use thiserror::Error;

const MAGIC: &[u8; 16] = b"bitgames c4book\n";
const VERSION: u32 = 2;
const HEADER: usize = 16 + 4 + 4 + 8 + 4;

/// The most positions a book may hold: 2^28 (2.4 GB of file). A depth-12 7×6
/// book has about 10^7.
pub const MAX_POSITIONS: u64 = 1 << 28;

/// The largest book file: the header and [`MAX_POSITIONS`] entries.
pub const MAX_FILE_BYTES: u64 = HEADER as u64 + 9 * MAX_POSITIONS;

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

/// The opening book that ships with bitgames: the exact score of every 7×6
/// position with at most [`BUILTIN_DEPTH`] moves (2,863 positions after merging
/// mirror images, 25.8 KB), built by this crate's own builder with
/// `bitgames book connect4 --depth 5 --threads 1 --out connect4-7x6.book`
/// (1,057 CPU seconds on a 2-core AMD EPYC, 2026-11-26).
/// The engines and the web app's analysis use it, so the first moves of the
/// standard board are answered at once rather than after a half-minute solve.
static BUILTIN_7X6: &[u8] = include_bytes!("../../../data/connect4-7x6.book");

/// The depth of the [`builtin`] book.
pub const BUILTIN_DEPTH: u32 = 5;

/// The shipped opening book for a `width × height` board: the 7×6 one, read
/// (and its checksum checked) once; `None` for other boards.
pub fn builtin(width: u32, height: u32) -> Option<std::sync::Arc<Book>> {
    static BOOK: std::sync::OnceLock<Option<std::sync::Arc<Book>>> = std::sync::OnceLock::new();
    if (width, height) != (7, 6) {
        return None;
    }
    BOOK.get_or_init(|| {
        Book::from_bytes(BUILTIN_7X6, Some("built-in 7×6 book")).ok().map(std::sync::Arc::new)
    })
    .clone()
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
        width: u32, height: u32, depth: u32, weak: bool, mut entries: Vec<(u64, i8)>,
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
        out.extend_from_slice(&[0; 4]);
        for k in &self.keys {
            out.extend_from_slice(&k.to_le_bytes());
        }
        out.extend(self.scores.iter().map(|&s| s as u8));
        let crc = checksum(&out);
        out[HEADER - 4..HEADER].copy_from_slice(&crc.to_le_bytes());
        out
    }

    /// Reads a book from bytes; `name` (a file name) goes into error messages.
    pub fn from_bytes(bytes: &[u8], name: Option<&str>) -> Result<Self, BookError> {
        Book::read_from(&mut &bytes[..], name)
    }

    /// Reads a book from a stream: the header first, checked before anything is
    /// allocated, then exactly the entries it announces, then the checksum.
    pub fn read_from(input: &mut dyn std::io::Read, name: Option<&str>) -> Result<Self, BookError> {
        let bad = |why: String| BookError::Format { source_name: name.map(str::to_string), why };
        let io = |e: std::io::Error| bad(format!("cannot read it: {e}"));
        let mut header = [0u8; HEADER];
        let got = read_up_to(input, &mut header).map_err(io)?;
        if got < 16 || &header[..16] != MAGIC {
            return Err(bad("it does not start with the book magic \"bitgames c4book\"".into()));
        }
        if got < HEADER {
            return Err(bad(format!(
                "{got} bytes is shorter than the {HEADER}-byte header (truncated?)"
            )));
        }
        let version = u32::from_le_bytes(header[16..20].try_into().expect("4 bytes"));
        if version != VERSION {
            return Err(bad(format!(
                "version {version}, this program reads version {VERSION} (rebuild it with `bitgames book`)"
            )));
        }
        let (width, height, depth, weak) = (header[20], header[21], header[22], header[23]);
        if let Err(e) = check_size(width as usize, height as usize) {
            return Err(bad(format!("impossible header: {e}")));
        }
        if weak > 1 {
            return Err(bad(format!("impossible header: weak flag {weak}")));
        }
        let count = u64::from_le_bytes(header[24..32].try_into().expect("8 bytes"));
        if count > MAX_POSITIONS {
            return Err(bad(format!(
                "impossible header: {count} positions, more than the {MAX_POSITIONS} a book may hold"
            )));
        }
        let want = u32::from_le_bytes(header[32..36].try_into().expect("4 bytes"));
        let count = count as usize;
        // Grown as the bytes arrive (not allocated up front), so a short file
        // with a large count costs only what it holds.
        let need = count * 9;
        let mut body = Vec::new();
        let got =
            std::io::Read::take(&mut *input, need as u64).read_to_end(&mut body).map_err(io)?;
        if got < need {
            return Err(bad(format!(
                "{count} positions need {} bytes, the file has {} (truncated)",
                HEADER + need,
                HEADER + got
            )));
        }
        let mut extra = [0u8; 1];
        if read_up_to(input, &mut extra).map_err(io)? > 0 {
            return Err(bad(format!(
                "{count} positions need {} bytes, the file has more (padded)",
                HEADER + body.len()
            )));
        }
        let mut all = header.to_vec();
        all[HEADER - 4..].fill(0);
        all.extend_from_slice(&body);
        if checksum(&all) != want {
            return Err(bad("the checksum does not match: the file was altered or damaged".into()));
        }
        let keys: Vec<u64> = body[..8 * count]
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
            .collect();
        if keys.windows(2).any(|w| w[0] >= w[1]) {
            return Err(bad("keys are not strictly increasing".into()));
        }
        let scores: Vec<i8> = body[8 * count..].iter().map(|&b| b as i8).collect();
        let limit = (width as i32 * height as i32 + 1) / 2;
        if let Some(s) = scores.iter().find(|&&s| (s as i32).abs() > limit) {
            return Err(bad(format!("score {s} is out of range ±{limit}")));
        }
        Ok(Book { width, height, depth, weak: weak == 1, keys, scores })
    }
}

/// The file's CRC-32 over `bytes` after the magic (the checksum field zeroed).
fn checksum(bytes: &[u8]) -> u32 {
    crc32fast::hash(&bytes[MAGIC.len()..])
}

/// Reads until `buf` is full or the input ends; the number of bytes read.
fn read_up_to(input: &mut dyn std::io::Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match input.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(n)
}

#[cfg(feature = "internal-tests")]
#[doc(hidden)]
pub mod tests {
    use super::*;

    pub fn round_trip_and_bad_files() {
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
        // An altered score, key or header field fails the checksum.
        for at in [bytes.len() - 1, HEADER + 3, 22] {
            let mut altered = bytes.clone();
            altered[at] ^= 1;
            let e = Book::from_bytes(&altered, None).unwrap_err().to_string();
            assert!(e.contains("checksum"), "byte {at}: {e}");
        }
        // A book of another version (the first had no checksum): rebuild it.
        let mut old = bytes.clone();
        old[16..20].copy_from_slice(&1u32.to_le_bytes());
        let e = Book::from_bytes(&old, None).unwrap_err().to_string();
        assert!(e.contains("version 1") && e.contains("rebuild it"), "{e}");
        let mut padded = bytes.clone();
        padded.push(0);
        assert!(Book::from_bytes(&padded, None).unwrap_err().to_string().contains("padded"));
        // A header announcing more positions than a book may hold is refused
        // before anything is allocated.
        let mut huge = bytes[..HEADER].to_vec();
        huge[24..32].copy_from_slice(&u64::MAX.to_le_bytes());
        assert!(Book::from_bytes(&huge, None).unwrap_err().to_string().contains("more than"));
        // Endless zeros (`/dev/zero`) stop at the magic.
        let e = Book::read_from(&mut std::io::repeat(0), Some("/dev/zero")).unwrap_err();
        assert!(e.to_string().contains("'/dev/zero'") && e.to_string().contains("magic"), "{e}");
    }
}
