//! A retrograde table in memory and on disk: one byte a position
//! ([`Value::byte`](super::Value::byte)), in named sections (a game's phases),
//! behind a header that names the game, each section's size and counts, and a
//! checksum of the bytes.
//!
//! The file: the 8 bytes `BGTABLE1`, the header's length (8 bytes, little
//! endian), the header (JSON: `game`, `sections` with `name`, `len` and
//! `counts`, `crc32`), then every section's bytes in order.

use super::Counts;
use serde::{Deserialize, Serialize};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// The file's first bytes.
const MAGIC: &[u8; 8] = b"BGTABLE1";
/// The longest header a file may have.
const MAX_HEADER: u64 = 1 << 20;

/// Why a table could not be built, read or written.
#[derive(Debug, Error)]
pub enum TableError {
    /// Reading or writing the file failed.
    #[error("{path}: {error}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What failed.
        #[source]
        error: io::Error,
    },
    /// The file is not a bitgames table (or not a whole one).
    #[error("{path} is not a bitgames table: {why}")]
    NotATable {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        why: String,
    },
    /// The table is of another game, or another layout of this one.
    #[error("{path} is a table of {table}, not of {game}")]
    WrongGame {
        /// The file.
        path: PathBuf,
        /// The game (and layout) it holds.
        table: String,
        /// The game it was opened for.
        game: String,
    },
    /// The bytes differ from the checksum the header gives: the file is damaged.
    #[error("{path} is damaged: its checksum is {computed:08x}, its header says {stored:08x}")]
    Checksum {
        /// The file.
        path: PathBuf,
        /// The header's.
        stored: u32,
        /// The bytes'.
        computed: u32,
    },
    /// A build's folder of kept steps holds another table's.
    #[error("{path} keeps the steps of a build of {held}, not of {game}")]
    OtherSteps {
        /// The folder.
        path: PathBuf,
        /// The table whose steps it keeps.
        held: String,
        /// The table being built.
        game: String,
    },
    /// A folder named for a build's steps that holds other files.
    #[error("{path} holds files but no build's steps: name an empty or a new folder")]
    NotSteps {
        /// The folder.
        path: PathBuf,
    },
    /// The build was stopped before it ended (its progress notes said so).
    #[error("the table build was stopped before it ended")]
    Stopped,
    /// More positions than this machine can index.
    #[error("{positions} positions do not fit in memory's index range")]
    TooLarge {
        /// The positions.
        positions: u64,
    },
    /// A table in memory asked about a position of another game or board.
    #[error("a table of {table} cannot answer for {game}")]
    OtherGame {
        /// The game (and layout) it holds.
        table: String,
        /// The game it was asked about.
        game: String,
    },
    /// Rules a table of its kind cannot hold (Hex with the pie rule).
    #[error("no table for {game}: {why}")]
    Unsupported {
        /// The game's spec.
        game: String,
        /// What the table cannot hold.
        why: &'static str,
    },
    /// A board with more cells than a table of its kind holds.
    #[error("{game} has {cells} cells: a table holds boards of at most {most}")]
    BoardTooLarge {
        /// The game's spec.
        game: String,
        /// Its cells.
        cells: usize,
        /// The most a table holds.
        most: usize,
    },
    /// A board whose table would take more indices than a table holds.
    #[error("{game} needs {indices} indices, a byte each: a table holds at most {most}")]
    TooManyIndices {
        /// The game's spec.
        game: String,
        /// The indices its table would take.
        indices: u128,
        /// The most a table holds.
        most: u64,
    },
    /// A position with more moves than the solver counts (255).
    #[error("a position with {moves} moves: the solver counts at most 255")]
    TooManyMoves {
        /// Its moves.
        moves: u32,
    },
    /// A win or loss further away than a table stores.
    #[error("a win or loss more than {most} plies away: a table stores at most {most}")]
    TooDeep {
        /// The longest distance a table stores.
        most: u16,
    },
    /// The worker threads could not be started.
    #[error("cannot start the worker threads: {0}")]
    Threads(String),
    /// A stage of a shared-out build asked for what it does not have: a stage
    /// or a range past the end, or the bytes of the stages it reads not of
    /// their length.
    #[error("{game}: {why}")]
    BadStage {
        /// The table's game.
        game: String,
        /// What was wrong.
        why: String,
    },
}

/// One section of a table: a phase of the game, indexed by its own numbering.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Section {
    /// Its name (`drop 3`, `moves`).
    pub name: String,
    /// Its indices.
    pub len: u64,
    /// Its positions won, lost and drawn for the side to move.
    pub counts: Counts,
}

/// The header of a table file.
#[derive(Serialize, Deserialize)]
struct Header {
    game: String,
    sections: Vec<Section>,
    crc32: u32,
}

/// A labelled table: its game, its sections and their bytes.
#[derive(Clone, Debug)]
pub struct Table {
    game: String,
    sections: Vec<Section>,
    /// Each section's bytes, as its builder made them: never gathered into
    /// one buffer (for 6×5 Connect Four's 9.9 GB, that copy was a second
    /// table in memory at the end of the build).
    bytes: Vec<Vec<u8>>,
}

impl Table {
    /// A table of `game` (a name for its layout, checked when the file is
    /// read) from its sections' bytes, in order; their counts are taken here.
    pub fn new(game: impl Into<String>, sections: Vec<(String, Vec<u8>)>) -> Table {
        let (meta, bytes) = sections
            .into_iter()
            .map(|(name, b)| (Section { name, len: b.len() as u64, counts: Counts::of(&b) }, b))
            .unzip();
        Table { game: game.into(), sections: meta, bytes }
    }

    /// The game (and layout) the table is of.
    pub fn game(&self) -> &str {
        &self.game
    }

    /// Its sections, in order.
    pub fn sections(&self) -> &[Section] {
        &self.sections
    }

    /// Every section's counts together.
    pub fn counts(&self) -> Counts {
        self.sections.iter().fold(Counts::default(), |a, s| a + s.counts)
    }

    /// `Ok` if this is a table of `game` (the name its builder gave it),
    /// otherwise [`TableError::OtherGame`].
    pub fn check_game(&self, game: &str) -> Result<(), TableError> {
        if self.game == game {
            Ok(())
        } else {
            Err(TableError::OtherGame { table: self.game.clone(), game: game.to_string() })
        }
    }

    /// The bytes of section `k`.
    pub fn section(&self, k: usize) -> &[u8] {
        &self.bytes[k]
    }

    /// The table's size in bytes (its sections').
    pub fn size(&self) -> usize {
        self.bytes.iter().map(Vec::len).sum()
    }

    /// The CRC-32 of every section's bytes, end to end (the file's).
    fn crc32(&self) -> u32 {
        let mut h = crc32fast::Hasher::new();
        for b in &self.bytes {
            h.update(b);
        }
        h.finalize()
    }

    /// Writes the table, header first.
    pub fn write(&self, out: &mut dyn Write) -> io::Result<()> {
        let header = Header {
            game: self.game.clone(),
            sections: self.sections.clone(),
            crc32: self.crc32(),
        };
        let json = serde_json::to_vec(&header).map_err(io::Error::other)?;
        out.write_all(MAGIC)?;
        out.write_all(&(json.len() as u64).to_le_bytes())?;
        out.write_all(&json)?;
        for b in &self.bytes {
            out.write_all(b)?;
        }
        out.flush()
    }

    /// Writes the table to `path`: into a new file beside it, renamed over
    /// `path` once whole, so that a failure leaves no half-written table (and
    /// any old file as it was).
    pub fn save(&self, path: &Path) -> Result<(), TableError> {
        write_whole(path, |w| self.write(w))
            .map_err(|error| TableError::Io { path: path.to_path_buf(), error })
    }

    /// The game (and layout) a table file says it holds, read from its
    /// header alone: a spec, then a note on the layout in brackets
    /// (`tictactoe(width=4,height=3,k=3) (placements)`).
    pub fn game_of_file(path: &Path) -> Result<String, TableError> {
        Ok(read_header(path)?.header.game)
    }

    /// Reads the table at `path`, which must be of `game` with sections of
    /// these lengths, and whole (its checksum checked).
    pub fn load(path: &Path, game: &str, lens: &[u64]) -> Result<Table, TableError> {
        let io = |error| TableError::Io { path: path.to_path_buf(), error };
        let not = |why: String| TableError::NotATable { path: path.to_path_buf(), why };
        let Head { mut file, header, header_len, file_len } = read_header(path)?;
        let layout = |h: &[Section]| -> Vec<u64> { h.iter().map(|s| s.len).collect() };
        if header.game != game || layout(&header.sections) != lens {
            let sizes = |l: &[u64]| l.iter().map(u64::to_string).collect::<Vec<_>>().join("+");
            return Err(TableError::WrongGame {
                path: path.to_path_buf(),
                table: format!("{} ({} positions)", header.game, sizes(&layout(&header.sections))),
                game: format!("{game} ({} positions)", sizes(lens)),
            });
        }
        let total: u64 = lens.iter().sum();
        if file_len != 16 + header_len + total {
            return Err(not(format!(
                "it has {} bytes of positions, its header {total}",
                file_len.saturating_sub(16 + header_len)
            )));
        }
        usize::try_from(total).map_err(|_| TableError::TooLarge { positions: total })?;
        let mut sections = header.sections;
        let mut bytes = Vec::with_capacity(sections.len());
        for s in &mut sections {
            let mut b = vec![0; s.len as usize];
            file.read_exact(&mut b).map_err(io)?;
            // The counts from the bytes themselves (the checksum does not
            // cover the header's).
            s.counts = Counts::of(&b);
            bytes.push(b);
        }
        let table = Table { game: header.game, sections, bytes };
        let computed = table.crc32();
        if computed != header.crc32 {
            return Err(TableError::Checksum {
                path: path.to_path_buf(),
                stored: header.crc32,
                computed,
            });
        }
        Ok(table)
    }
}

/// Writes a file whole or not at all: `write` fills a new file beside `path`
/// (`NAME.partial-PID`), which is synced and renamed over `path` once
/// written, and removed if anything fails (any old file is left as it was).
pub(super) fn write_whole(
    path: &Path, write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?;
    let mut partial = name.to_os_string();
    partial.push(format!(".partial-{}", std::process::id()));
    let tmp = path.with_file_name(partial);
    let written = std::fs::File::create_new(&tmp).and_then(|f| {
        let mut w = io::BufWriter::new(f);
        write(&mut w)?;
        w.into_inner().map_err(|e| e.into_error())?.sync_all()
    });
    match written.and_then(|()| std::fs::rename(&tmp, path)) {
        Ok(()) => Ok(()),
        Err(e) => {
            let _ = std::fs::remove_file(&tmp);
            Err(e)
        }
    }
}

/// A table file's header, read, and the file positioned after it.
struct Head {
    file: io::BufReader<std::fs::File>,
    header: Header,
    header_len: u64,
    file_len: u64,
}

/// Opens the table file at `path` and reads its header (the magic, the
/// header's length, the header).
fn read_header(path: &Path) -> Result<Head, TableError> {
    let io = |error| TableError::Io { path: path.to_path_buf(), error };
    let not = |why: String| TableError::NotATable { path: path.to_path_buf(), why };
    let meta = std::fs::metadata(path).map_err(io)?;
    if !meta.is_file() {
        return Err(not("it is a directory or a device, not a file".into()));
    }
    let mut f = io::BufReader::new(std::fs::File::open(path).map_err(io)?);
    let mut head = [0u8; 16];
    f.read_exact(&mut head).map_err(|_| not("it is shorter than a table's header".into()))?;
    if &head[..8] != MAGIC {
        return Err(not("it does not start with BGTABLE1".into()));
    }
    let header_len = u64::from_le_bytes(head[8..].try_into().expect("8 bytes"));
    if header_len > MAX_HEADER || 16 + header_len > meta.len() {
        return Err(not(format!("its header claims {header_len} bytes")));
    }
    let mut json = vec![0; header_len as usize];
    f.read_exact(&mut json).map_err(io)?;
    let header: Header = serde_json::from_slice(&json)
        .map_err(|e| not(format!("its header cannot be read: {e}")))?;
    Ok(Head { file: f, header, header_len, file_len: meta.len() })
}
