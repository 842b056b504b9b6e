//! Restartable builds: a table's build keeps each finished step (a ply of
//! the placement and Connect Four tables, Teeko's move phase and its drops) in
//! a folder as it goes, and a build started again with the same folder reads
//! the steps kept instead of labelling them again. A step's file holds its
//! length and a CRC-32 of its bytes; one that is cut short or damaged (a build
//! killed while writing it) is labelled again. The folder names the table it
//! belongs to, so a folder of another game or board is refused.

use super::file::write_whole;
use super::TableError;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// The first bytes of a kept step's file.
const MAGIC: &[u8; 8] = b"BGSTEP01";

/// The file in the folder that names its table.
const GAME_FILE: &str = "table-of";

/// Where a build keeps its finished steps: a folder, or nowhere.
pub struct Steps {
    dir: Option<PathBuf>,
}

impl Steps {
    /// Steps kept nowhere: every step is labelled.
    pub fn none() -> Steps {
        Steps { dir: None }
    }

    /// The folder `dir` (made if missing) for the build of `game` (the
    /// table's name); [`TableError::OtherSteps`] if it holds another table's,
    /// [`TableError::NotSteps`] if it holds files but no build's steps (so
    /// that [`clear`] never meets a user's files).
    pub fn open(dir: &Path, game: &str) -> Result<Steps, TableError> {
        let io = |error| TableError::Io { path: dir.to_path_buf(), error };
        std::fs::create_dir_all(dir).map_err(io)?;
        let named = dir.join(GAME_FILE);
        match std::fs::read_to_string(&named) {
            Ok(held) if held == game => {}
            Ok(held) => {
                return Err(TableError::OtherSteps {
                    path: dir.to_path_buf(),
                    held,
                    game: game.into(),
                })
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                if std::fs::read_dir(dir).map_err(io)?.next().is_some() {
                    return Err(TableError::NotSteps { path: dir.to_path_buf() });
                }
                write_whole(&named, |w| w.write_all(game.as_bytes()))
                    .map_err(|error| TableError::Io { path: named.clone(), error })?
            }
            Err(error) => return Err(TableError::Io { path: named, error }),
        }
        Ok(Steps { dir: Some(dir.to_path_buf()) })
    }

    /// Step `name` of `len` bytes: the bytes an earlier build kept, else
    /// `label`'s, kept for a later one; and whether they were kept before.
    pub fn step(
        &self, name: &str, len: u64, label: impl FnOnce() -> Vec<u8>,
    ) -> Result<(Vec<u8>, bool), TableError> {
        self.try_step(name, len, || Ok(label()))
    }

    /// [`step`](Self::step) with a labelling that may fail (or be stopped).
    pub fn try_step(
        &self, name: &str, len: u64, label: impl FnOnce() -> Result<Vec<u8>, TableError>,
    ) -> Result<(Vec<u8>, bool), TableError> {
        let Some(dir) = &self.dir else { return Ok((label()?, false)) };
        let path = dir.join(format!("{}.step", name.replace(' ', "-")));
        if let Some(bytes) = read_step(&path, len) {
            return Ok((bytes, true));
        }
        let bytes = label()?;
        let mut file = Vec::with_capacity(bytes.len() + 20);
        file.extend_from_slice(MAGIC);
        file.extend_from_slice(&(bytes.len() as u64).to_le_bytes());
        file.extend_from_slice(&crc32fast::hash(&bytes).to_le_bytes());
        file.extend_from_slice(&bytes);
        write_whole(&path, |w| w.write_all(&file))
            .map_err(|error| TableError::Io { path, error })?;
        Ok((bytes, false))
    }
}

/// Removes a build's folder of kept steps once its table is safe: its step
/// files and the file that names its table, then the folder if nothing else
/// is in it (anything else there is left as it is).
pub fn clear(dir: &Path) -> Result<(), TableError> {
    let io = |error| TableError::Io { path: dir.to_path_buf(), error };
    for entry in std::fs::read_dir(dir).map_err(io)? {
        let path = entry.map_err(io)?.path();
        let name = path.file_name().unwrap_or_default().to_string_lossy().into_owned();
        // A step, the name file, or either half-written by a build killed then.
        let ours = name.ends_with(".step")
            || name.contains(".step.partial-")
            || name == GAME_FILE
            || name.starts_with(&format!("{GAME_FILE}.partial-"));
        if ours && path.is_file() {
            std::fs::remove_file(&path).map_err(|error| TableError::Io { path, error })?;
        }
    }
    let _ = std::fs::remove_dir(dir); // Fails only where something else is kept there.
    Ok(())
}

/// A kept step's bytes, if the file at `path` is whole and of `len` bytes.
fn read_step(path: &Path, len: u64) -> Option<Vec<u8>> {
    let mut f = std::fs::File::open(path).ok()?;
    let mut head = [0u8; 20];
    f.read_exact(&mut head).ok()?;
    let stored = u64::from_le_bytes(head[8..16].try_into().ok()?);
    let crc = u32::from_le_bytes(head[16..20].try_into().ok()?);
    if &head[..8] != MAGIC || stored != len || f.metadata().ok()?.len() != 20 + len {
        return None;
    }
    let mut bytes = vec![0; usize::try_from(len).ok()?];
    f.read_exact(&mut bytes).ok()?;
    (crc32fast::hash(&bytes) == crc).then_some(bytes)
}
