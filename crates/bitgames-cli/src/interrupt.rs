//! Ctrl-C for the commands that write files (`book`, `life --write`, `arena
//! --sgf`): a file is written whole or not at all. Each one is written to
//! `NAME.partial` beside it and renamed over `NAME` once complete
//! ([`write_whole`]); Ctrl-C waits for a write under way to end (renamed, or
//! its partial file removed), prints one line saying what was left on disk and
//! exits with code 130 (128 + SIGINT, as shells report it).

use crate::common::input_error;
use anyhow::{anyhow, Context, Result};
use std::io::{IsTerminal, Write};
use std::path::Path;
use std::sync::Mutex;

/// The exit code after Ctrl-C.
pub const EXIT_INTERRUPTED: i32 = 130;

/// Held for each whole write and by the Ctrl-C handler, so the handler never
/// exits between a write and its rename.
static WRITING: Mutex<()> = Mutex::new(());

/// What the Ctrl-C line says was left on disk (`nothing written to o.book`).
static LEFT: Mutex<String> = Mutex::new(String::new());

/// Sets what the Ctrl-C line says about the files (replacing the last note).
pub fn set_note(note: impl Into<String>) {
    *LEFT.lock().unwrap_or_else(|p| p.into_inner()) = note.into();
}

/// Installs the Ctrl-C handler (once; later calls only change the note) with
/// `note` saying what an interruption leaves on disk now.
pub fn install(note: impl Into<String>) -> Result<()> {
    set_note(note);
    static INSTALLED: std::sync::OnceLock<Result<(), String>> = std::sync::OnceLock::new();
    INSTALLED
        .get_or_init(|| ctrlc::set_handler(on_interrupt).map_err(|e| e.to_string()))
        .clone()
        .map_err(|e| anyhow!("cannot catch Ctrl-C: {e}"))
}

/// The handler: waits for a write under way, then reports and exits.
fn on_interrupt() {
    let _writing = WRITING.lock().unwrap_or_else(|p| p.into_inner());
    let note = LEFT.lock().unwrap_or_else(|p| p.into_inner()).clone();
    let mut err = std::io::stderr().lock();
    // Off the progress bar's line on a terminal.
    let newline = if std::io::stderr().is_terminal() { "\n" } else { "" };
    let _ = writeln!(err, "{newline}interrupted (Ctrl-C): {note}");
    let _ = err.flush();
    std::process::exit(EXIT_INTERRUPTED);
}

/// Writes `bytes` to `path` through a temporary file beside it (`NAME.partial`),
/// renamed over `path` once written and synced, so an interrupted write (Ctrl-C,
/// a full disk) never leaves a half file under the name; on an error the
/// partial file is removed. Only a regular file (or a new one) is replaced so:
/// a symbolic link to a regular file keeps its link and has its target
/// replaced the same way, and anything else — a device, a pipe, a dangling
/// link — is written through, as a shell's `>` would, never renamed over.
pub fn write_whole(path: &Path, bytes: &[u8]) -> Result<()> {
    write_whole_noting(path, &mut |w| w.write_all(bytes), None)
}

/// [`write_whole`] for the one file a command makes: once it is renamed, and
/// before a Ctrl-C can be handled, the Ctrl-C line says it was written.
pub fn write_final(path: &Path, bytes: &[u8]) -> Result<()> {
    write_final_with(path, &mut |w| w.write_all(bytes))
}

/// [`write_final`] of what `write` writes, streamed to the file (buffered)
/// rather than gathered in memory first: a table of 10 GB is not copied.
pub fn write_final_with(
    path: &Path, write: &mut dyn FnMut(&mut dyn Write) -> std::io::Result<()>,
) -> Result<()> {
    let done = format!("'{}' was written whole", path.display());
    write_whole_noting(path, write, Some(done))
}

/// Checks, before a long run, that `path` can be an output file: not a
/// folder, in a folder that exists. A fault of the path given is an input
/// error (exit 2), found before any work rather than after it.
pub fn check_output(path: &Path) -> Result<()> {
    if path.is_dir() {
        return Err(input_error(format!("cannot write '{}': it is a folder", path.display())));
    }
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if !folder.is_dir() {
        return Err(input_error(format!(
            "cannot write '{}': there is no folder '{}'",
            path.display(),
            folder.display()
        )));
    }
    Ok(())
}

/// An error writing `path`: an input error (exit 2) where the path given is
/// at fault (no such folder, no permission, a folder, a read-only file
/// system), a plain error otherwise (a full disk).
fn write_error(path: &Path, e: std::io::Error) -> anyhow::Error {
    use std::io::ErrorKind as K;
    let text = format!("cannot write '{}': {e}", path.display());
    match e.kind() {
        K::NotFound
        | K::PermissionDenied
        | K::IsADirectory
        | K::NotADirectory
        | K::ReadOnlyFilesystem => input_error(text),
        _ => anyhow!(text),
    }
}

/// [`write_whole`], setting `done` as the note once the file is renamed.
fn write_whole_noting(
    path: &Path, write: &mut dyn FnMut(&mut dyn Write) -> std::io::Result<()>, done: Option<String>,
) -> Result<()> {
    let _writing = WRITING.lock().unwrap_or_else(|p| p.into_inner());
    let cannot = |e: std::io::Error| write_error(path, e);
    let target = match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Some(path.to_path_buf()),
        Err(e) => return Err(cannot(e)),
        Ok(m) if m.is_dir() => {
            return Err(input_error(format!("cannot write '{}': it is a folder", path.display())))
        }
        Ok(m) if m.is_file() => Some(path.to_path_buf()),
        // A link to a regular file: that file, through a partial file beside it.
        Ok(m) if m.file_type().is_symlink() => match std::fs::metadata(path) {
            Ok(t) if t.is_file() => Some(std::fs::canonicalize(path).map_err(cannot)?),
            Ok(t) if t.is_dir() => {
                return Err(input_error(format!(
                    "cannot write '{}': it leads to a folder",
                    path.display()
                )))
            }
            _ => None,
        },
        Ok(_) => None,
    };
    let Some(path) = target else {
        // A device, a pipe or a dangling link: written through, never replaced.
        let file = std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .open(path)
            .map_err(cannot)?;
        let mut w = std::io::BufWriter::new(file);
        write(&mut w).and_then(|()| w.flush()).map_err(cannot)?;
        if let Some(done) = done {
            set_note(done);
        }
        return Ok(());
    };
    let path = path.as_path();
    let tmp = partial_path(path);
    let written = (|| {
        let mut w = std::io::BufWriter::new(std::fs::File::create(&tmp)?);
        write(&mut w)?;
        w.into_inner().map_err(|e| e.into_error())?.sync_all()
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(write_error(&tmp, e));
    }
    if let Err(e) = std::fs::rename(&tmp, path) {
        let _ = std::fs::remove_file(&tmp);
        return Err(e).with_context(|| format!("cannot write '{}'", path.display()));
    }
    if let Some(done) = done {
        set_note(done);
    }
    Ok(())
}

/// `NAME.partial` beside `path`.
pub fn partial_path(path: &Path) -> std::path::PathBuf {
    let mut name = path.file_name().map(|n| n.to_os_string()).unwrap_or_else(|| "file".into());
    name.push(".partial");
    path.with_file_name(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_whole_files_through_a_partial_one() {
        let dir = std::env::temp_dir().join(format!("bitgames-whole-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("x.book");
        assert_eq!(partial_path(&path), dir.join("x.book.partial"));
        write_whole(&path, b"abc").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"abc");
        assert!(!partial_path(&path).exists());
        // A write that fails (no such folder) leaves nothing behind.
        let missing = dir.join("no/such/x.book");
        let e = write_whole(&missing, b"abc").unwrap_err().to_string();
        assert!(e.contains("x.book.partial"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Never renamed over what is not a regular file: a link to a file keeps
    /// its link (the file it leads to is replaced), a pipe this test made is
    /// written through and stays a pipe, a folder is an error.
    #[cfg(unix)]
    #[test]
    fn links_and_pipes_are_written_through() {
        use std::os::unix::fs::FileTypeExt;
        let dir = std::env::temp_dir().join(format!("bitgames-through-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let real = dir.join("real.book");
        std::fs::write(&real, b"old").unwrap();
        let link = dir.join("link.book");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_whole(&link, b"new").unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read(&real).unwrap(), b"new");
        assert!(!partial_path(&link).exists() && !partial_path(&real).exists());
        // A dangling link: the file it names is made.
        let dangling = dir.join("dangling.book");
        std::os::unix::fs::symlink(dir.join("made.book"), &dangling).unwrap();
        write_whole(&dangling, b"abc").unwrap();
        assert_eq!(std::fs::read(dir.join("made.book")).unwrap(), b"abc");
        assert!(std::fs::symlink_metadata(&dangling).unwrap().file_type().is_symlink());
        // A pipe, read by another thread.
        let fifo = dir.join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            let reader = {
                let fifo = fifo.clone();
                std::thread::spawn(move || std::fs::read(fifo).unwrap())
            };
            write_whole(&fifo, b"through").unwrap();
            assert_eq!(reader.join().unwrap(), b"through");
            assert!(std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
        }
        let e = write_whole(&dir, b"x").unwrap_err().to_string();
        assert!(e.contains("folder"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
