//! `bitgames tablebase build GAME`: a game's retrograde table (every position
//! won, lost or drawn for the side to move, with its distance), and the
//! `--table FILE` answers of `bitgames solve`. Reached through the registry:
//! the game's [`TablebaseInfo`] builds, reads and asks the table.

use crate::common::{build_game, input_error, print_error};
use crate::progress::{Style, Thinking};
use crate::solve::tool_error;
use anyhow::{Context, Result};
use bitgames::registry;
use bitgames::retro::{Counts, Table};
use bitgames::tools::{TableBuild, TableProbe, TablebaseInfo};
use bitgames::DynGame;
use clap::{Args, Subcommand};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Options of `bitgames tablebase`.
#[derive(Args, Debug)]
pub struct TablebaseArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: TablebaseCommand,
}

/// The subcommands of `bitgames tablebase`.
#[derive(Subcommand, Debug)]
pub enum TablebaseCommand {
    /// Build a game's table and write it to a file; prints the positions won,
    /// lost and drawn for the side to move, by phase, and the longest forced win.
    Build(BuildArgs),
}

/// Options of `bitgames tablebase build`.
#[derive(Args, Debug)]
pub struct BuildArgs {
    /// Game spec of a game with a table (`bitgames tablebase build --help`
    /// lists none; `teeko` has one).
    pub game: String,
    /// The table file to write (default: GAME.table in this folder).
    #[arg(long, short)]
    pub out: Option<PathBuf>,
    /// Threads (0: every core).
    #[arg(long, short, default_value_t = 0)]
    pub threads: usize,
    /// Keep each finished step (a ply, a phase) in this folder as the build
    /// goes: the same command started again after a stop (Ctrl-C, a crash)
    /// goes on from the steps kept. The folder must be new, empty or an
    /// earlier build's; its steps are removed once the table is written.
    #[arg(long, value_name = "DIR")]
    pub resume: Option<PathBuf>,
}

/// The game's table capability, or an input error naming the games that have one.
fn tablebase(game: &dyn DynGame) -> Result<&'static TablebaseInfo> {
    registry::tablebase_for(game).map_err(|e| input_error(e.to_string()))
}

/// Runs `bitgames tablebase`.
pub fn run(args: &TablebaseArgs, out: &mut dyn Write) -> Result<()> {
    match &args.command {
        TablebaseCommand::Build(a) => run_build(a, out),
    }
}

/// Builds the table, writes it (whole, or not at all) and prints its counts.
fn run_build(args: &BuildArgs, out: &mut dyn Write) -> Result<()> {
    crate::common::check_threads(args.threads)?;
    let game = build_game(&args.game, None)?;
    let tb = tablebase(game.as_ref())?;
    let path = args.out.clone().unwrap_or_else(|| {
        let name: String = registry::info_of(game.as_ref()).map_or("game", |i| i.name).to_string();
        PathBuf::from(format!("{name}.table"))
    });
    crate::interrupt::check_output(&path)?;
    let mut unfinished =
        format!("the table was not finished; nothing written to '{}'", path.display());
    if let Some(dir) = &args.resume {
        unfinished += &format!(
            "; the steps done are kept in '{}': the same command goes on from them",
            dir.display()
        );
    }
    crate::interrupt::install(unfinished)?;
    let t = Instant::now();
    let thinking = Thinking::start("building the table…", Style::for_stderr(false));
    let note = thinking.note_setter();
    // Ctrl-C ends the process (`interrupt::install`), so the notes never stop the build.
    let notes = Box::new(move |s: &str| {
        note(s);
        std::ops::ControlFlow::Continue(())
    });
    let how = TableBuild { threads: args.threads, notes: Some(notes), resume: args.resume.clone() };
    let table = (tb.build)(game.as_ref(), how).map_err(tool_error);
    thinking.finish();
    let table = table?;
    let built = t.elapsed().as_secs_f64();
    // Streamed to the file: gathered in memory first, a table's bytes were
    // held twice (6×5 Connect Four's 9.9 GB took 19.5 GB at the end).
    let mut written = 0;
    crate::interrupt::write_final_with(&path, &mut |w| {
        let mut counted = Counted { out: w, bytes: 0 };
        table.write(&mut counted)?;
        written = counted.bytes;
        Ok(())
    })?;
    if let Some(dir) = &args.resume {
        bitgames::retro::steps::clear(dir)
            .with_context(|| format!("the table is written, but '{}' is left", dir.display()))?;
    }
    print_counts(&table, out)?;
    writeln!(
        out,
        "built in {built:.1} s on {} thread(s); {} bytes written to {}",
        if args.threads == 0 {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        } else {
            args.threads
        },
        written,
        path.display()
    )?;
    Ok(())
}

/// A writer that counts the bytes it passes on.
struct Counted<'a> {
    out: &'a mut dyn Write,
    bytes: u64,
}

impl Write for Counted<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.out.write(buf)?;
        self.bytes += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

/// The table's counts, a section a line, then the whole.
fn print_counts(table: &Table, out: &mut dyn Write) -> Result<()> {
    let line = |out: &mut dyn Write, name: &str, c: &Counts| -> std::io::Result<()> {
        writeln!(
            out,
            "{name:<10} {:>12} {:>12} {:>12} {:>12} {:>8}",
            c.positions(),
            c.won,
            c.lost,
            c.drawn,
            c.longest_win
        )
    };
    writeln!(out, "{}: positions won, lost and drawn for the side to move", table.game())?;
    writeln!(
        out,
        "{:<10} {:>12} {:>12} {:>12} {:>12} {:>8}",
        "phase", "positions", "won", "lost", "drawn", "longest"
    )?;
    for s in table.sections() {
        line(out, &s.name, &s.counts)?;
    }
    line(out, "all", &table.counts())?;
    writeln!(out, "(longest: the longest forced win, in plies)")?;
    Ok(())
}

/// `bitgames solve GAME POSITION… --table FILE`: each position's value from
/// the table (`""`: the start position), with the best moves, or every move's
/// value with `analyze`. A bad position gets an error line and the rest go on.
pub fn run_solve(
    spec: &str, positions: &[String], table_path: &Path, analyze: bool, out: &mut dyn Write,
) -> Result<()> {
    let game = build_game(spec, None)?;
    let tb = tablebase(game.as_ref())?;
    if positions.is_empty() {
        return Err(input_error(
            "no position: give one or more (\"\" for the start) after the game",
        ));
    }
    let table = (tb.load)(game.as_ref(), table_path).map_err(tool_error)?;
    let mut bad = 0;
    for (i, text) in positions.iter().enumerate() {
        let mut g = game.clone_box();
        if !text.is_empty() {
            if let Err(e) = g.set_position(text) {
                bad += 1;
                out.flush()?;
                print_error(&format!("argument {}: {e}", i + 1));
                continue;
            }
        }
        let probe = (tb.probe)(&table, g.as_ref()).map_err(tool_error)?;
        write_probe(&g.position(), &probe, analyze, out)?;
    }
    if bad > 0 {
        return Err(input_error(format!("{bad} position(s) could not be read (see above)")));
    }
    Ok(())
}

/// One position's answer: `POSITION: VALUE; best: …` (or every move's value).
fn write_probe(position: &str, p: &TableProbe, analyze: bool, out: &mut dyn Write) -> Result<()> {
    write!(out, "{position}: {}", p.value)?;
    if p.limited != p.value {
        write!(out, " ({} under the move limit)", p.limited)?;
    }
    if analyze {
        let all: Vec<String> = p.moves.iter().map(|m| format!("{} {}", m.mv, m.value)).collect();
        if !all.is_empty() {
            write!(out, "; moves: {}", all.join(", "))?;
        }
    } else {
        let best: Vec<&str> = p.best().iter().map(|m| m.mv.as_str()).collect();
        if !best.is_empty() {
            write!(out, "; best: {}", best.join(" "))?;
        }
    }
    writeln!(out)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::write_probe;
    use bitgames::retro::Value;
    use bitgames::tools::{MoveValue, TableProbe};

    /// A value the move limit turns into a draw says so, and the moves keep
    /// their own (limited) values.
    #[test]
    fn the_move_limit_is_named() {
        let mv = |m: &str, value| MoveValue { mv: m.into(), value };
        let p = TableProbe {
            value: Value::Win(1),
            limited: Value::Draw,
            moves: vec![mv("c2c1", Value::Draw), mv("a1a2", Value::Draw)],
        };
        let mut out = Vec::new();
        write_probe("X 8", &p, false, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text, "X 8: win in 1 (draw under the move limit); best: c2c1 a1a2\n");
        let mut out = Vec::new();
        write_probe("X 8", &p, true, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(
            text,
            "X 8: win in 1 (draw under the move limit); moves: c2c1 draw, a1a2 draw\n"
        );
    }
}
