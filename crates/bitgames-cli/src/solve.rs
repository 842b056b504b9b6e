//! `bitgames solve` and `bitgames book`: a game's exact solver, one position at a
//! time, and its opening-book builder, reached through the registry (the game's
//! own tools print its standard output: Pons' lines for Connect Four).

use crate::common::{build_game, input_error, print_error, read_line, LineRead, MAX_LINE};
use crate::progress::{Style, Thinking};
use anyhow::{Context, Result};
use bitgames::game::clip;
use bitgames::registry::{self, GameInfo};
use bitgames::tools::{BookOptions, SolveMode, SolveOptions, ToolError};
use bitgames::DynGame;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::{BufRead, IsTerminal, Write};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Options of `bitgames solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Game spec of a game with a solver (`bitgames solve --list` names them).
    pub game: String,
    /// Positions in the solver's format (Connect Four: Pons' move strings, `""`
    /// for the empty board; Othello: OBF lines — put `--` before one that starts
    /// with '-'), or files of them, one a line. None: one a line from standard
    /// input.
    pub positions: Vec<String>,
    /// Only win (1), draw (0) or loss (-1): faster.
    #[arg(long)]
    pub weak: bool,
    /// The score of every move (Connect Four: every column, `-` for a full one).
    #[arg(long, short, conflicts_with = "best")]
    pub analyze: bool,
    /// Every best move and the score.
    #[arg(long, conflicts_with = "weak")]
    pub best: bool,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 64)]
    pub table_mib: usize,
    /// Opening book made by `bitgames book`.
    #[arg(long)]
    pub book: Option<std::path::PathBuf>,
    /// No progress display on stderr, even on a terminal.
    #[arg(long, short)]
    pub quiet: bool,
    /// Search threads (0: all cores).
    #[arg(long, short, default_value_t = 1)]
    pub threads: usize,
    /// Answer from this retrograde table (`bitgames tablebase build`) rather
    /// than by search: each position's value and distance, and its best moves
    /// (every move's value with `--analyze`).
    #[arg(long, conflicts_with_all = ["weak", "book"])]
    pub table: Option<std::path::PathBuf>,
}

/// Options of `bitgames book`.
#[derive(Args, Debug)]
pub struct BookArgs {
    /// Game spec of a game with a book builder (`connect4(width=6,height=5)`).
    pub game: String,
    /// Every position with at most this many moves goes in the book.
    #[arg(long)]
    pub depth: u32,
    /// Output file.
    #[arg(long, short)]
    pub out: std::path::PathBuf,
    /// Win/draw/loss only (serves only `solve --weak`).
    #[arg(long)]
    pub weak: bool,
    /// Solver threads.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// Transposition table MiB, shared among the threads.
    #[arg(long, default_value_t = 256)]
    pub table_mib: usize,
}

/// A [`ToolError`] as the CLI's error: input faults exit with 2.
pub fn tool_error(e: ToolError) -> anyhow::Error {
    if e.is_input() {
        input_error(e.to_string())
    } else {
        anyhow::Error::new(e)
    }
}

/// The games that have a tool, for messages: `connect4, othello`.
pub(crate) fn games_with(has: impl Fn(&GameInfo) -> bool) -> String {
    let names: Vec<&str> = registry::games().iter().filter(|g| has(g)).map(|g| g.name).collect();
    names.join(", ")
}

/// The registry entry of a built game.
fn info(game: &dyn DynGame) -> Result<&'static GameInfo> {
    registry::info_of(game).with_context(|| format!("{} is not in the registry", game.spec()))
}

/// Where a solver's progress note goes: the current "solving…" line.
type NoteFn = Box<dyn Fn(&str) + Send + Sync>;

/// One input line to solve, with where it came from (for messages).
struct Line {
    text: String,
    place: String,
}

/// Reads `input` line by line and hands each position line to `each`: blank
/// lines and lines starting with `%` or `#` are skipped (a blank line is not
/// the empty board: `""` on the command line is); a line that is not UTF-8
/// text, or longer than [`MAX_LINE`], is reported with its number and counted
/// in `bad`, and reading goes on.
fn for_each_line(
    input: &mut dyn BufRead, name: &str, bad: &std::cell::Cell<usize>,
    each: &mut dyn FnMut(&Line) -> Result<()>,
) -> Result<()> {
    let mut buf = Vec::new();
    let mut number = 0;
    loop {
        let read = read_line(input, &mut buf).with_context(|| format!("reading {name}"))?;
        if read == LineRead::End {
            return Ok(());
        }
        number += 1;
        let place = format!("{name}, line {number}");
        if read == LineRead::TooLong {
            // Skip the rest of the line.
            loop {
                let (skip, done) = {
                    let chunk = input.fill_buf().with_context(|| format!("reading {name}"))?;
                    match chunk.iter().position(|&b| b == b'\n') {
                        Some(i) => (i + 1, true),
                        None => (chunk.len(), chunk.is_empty()),
                    }
                };
                input.consume(skip);
                if done {
                    break;
                }
            }
            bad.set(bad.get() + 1);
            print_error(&format!("{place}: longer than {} KiB, not a position", MAX_LINE / 1024));
            continue;
        }
        match std::str::from_utf8(&buf) {
            Ok(t) => {
                let t = t.trim();
                if !t.is_empty() && !t.starts_with('%') && !t.starts_with('#') {
                    each(&Line { text: t.to_string(), place })?;
                }
            }
            Err(_) => {
                bad.set(bad.get() + 1);
                print_error(&format!("{place}: not UTF-8 text"));
            }
        }
    }
}

/// What a command-line argument of `solve` is: a file of positions (opened; a
/// pipe such as `<(…)` too), or the position itself; a path that exists but
/// holds no positions (a directory, a device, an empty file) is an error
/// naming what it is.
fn open_argument(p: &str) -> Result<Option<std::io::BufReader<std::fs::File>>> {
    if p.is_empty() {
        return Ok(None); // `""`: Connect Four's empty board.
    }
    let path = Path::new(p);
    let Ok(meta) = std::fs::metadata(path) else {
        return Ok(None);
    };
    let shown = bitgames::game::clip(p);
    if meta.is_dir() {
        return Err(input_error(format!(
            "'{shown}' is a directory, not a position or a file of them"
        )));
    }
    if !meta.is_file() && !crate::common::is_fifo(&meta) {
        return Err(input_error(format!(
            "'{shown}' is not a regular file (a device?), not a position or a file of them"
        )));
    }
    if meta.is_file() && meta.len() == 0 {
        return Err(input_error(format!("'{shown}' is an empty file: no positions in it")));
    }
    let file = std::fs::File::open(path).with_context(|| format!("cannot read '{shown}'"))?;
    Ok(Some(std::io::BufReader::new(file)))
}

/// Solves each position and prints the solver's report for it. A bad line gets
/// an error on stderr and the solver goes on; the exit code is 2 at the end if
/// any line was bad.
pub fn run(args: &SolveArgs, out: &mut dyn Write) -> Result<()> {
    crate::common::check_threads(args.threads)?;
    crate::common::check_table_mib(args.table_mib)?;
    let game = build_game(&args.game, None)?;
    let opts = SolveOptions {
        mode: if args.analyze {
            SolveMode::Analyze
        } else if args.best {
            SolveMode::Best
        } else {
            SolveMode::Score
        },
        weak: args.weak,
        table_mib: args.table_mib,
        threads: args.threads,
        book: args.book.clone(),
    };
    let mut solver = registry::new_solver(game.as_ref(), &opts).map_err(tool_error)?;
    // The solver's notes (bounds, nodes) go to the "solving…" line of the
    // position being solved.
    let note: Arc<Mutex<Option<NoteFn>>> = Arc::new(Mutex::new(None));
    if !args.quiet {
        let note = Arc::clone(&note);
        solver.set_progress(Some(Box::new(move |text: &str| {
            if let Some(f) = note.lock().unwrap_or_else(|e| e.into_inner()).as_ref() {
                f(text);
            }
        })));
    }
    let style = Style::for_stderr(args.quiet);
    let bad = std::cell::Cell::new(0usize);
    let mut failed = 0usize;
    let mut solve_line = |line: &Line, out: &mut dyn Write| -> Result<()> {
        // A solve that takes a while says so on stderr; its report is
        // written once the note is gone, so no spinner is left in the output.
        let shown = if line.text.is_empty() { "\"\"".to_string() } else { clip(&line.text) };
        let thinking = Thinking::start(format!("solving {shown}…"), style);
        *note.lock().unwrap_or_else(|e| e.into_inner()) = Some(Box::new(thinking.note_setter()));
        let mut report = Vec::new();
        let result = solver.solve_line(&line.text, &mut report);
        *note.lock().unwrap_or_else(|e| e.into_inner()) = None;
        thinking.finish();
        out.write_all(&report)?;
        match result {
            Ok(_) => out.flush()?,
            Err(ToolError::Io(e)) => return Err(e.into()),
            Err(e) => {
                if e.is_input() {
                    bad.set(bad.get() + 1);
                } else {
                    failed += 1;
                }
                out.flush()?;
                print_error(&format!("{}: {e}", line.place));
            }
        }
        Ok(())
    };
    if args.positions.is_empty() {
        let mut stdin = std::io::stdin().lock();
        for_each_line(&mut stdin, "standard input", &bad, &mut |line| solve_line(line, out))?;
    } else {
        for (i, p) in args.positions.iter().enumerate() {
            match open_argument(p) {
                Ok(Some(mut file)) => {
                    let name = bitgames::game::clip(p);
                    for_each_line(&mut file, &name, &bad, &mut |line| solve_line(line, out))?;
                }
                Ok(None) => {
                    let place = format!("argument {}", i + 1);
                    solve_line(&Line { text: p.clone(), place }, out)?;
                }
                Err(e) => {
                    bad.set(bad.get() + 1);
                    out.flush()?;
                    print_error(&e.to_string());
                }
            }
        }
    }
    if failed > 0 {
        anyhow::bail!("{failed} position(s) failed (see above)");
    }
    let bad = bad.get();
    if bad > 0 {
        return Err(input_error(format!("{bad} position(s) could not be solved (see above)")));
    }
    Ok(())
}

/// Builds a book and writes it (to a temporary file first, renamed when whole);
/// Ctrl-C stops it with no file written ([`crate::interrupt`]).
pub fn run_book(args: &BookArgs, out: &mut dyn Write) -> Result<()> {
    crate::common::check_threads(args.threads)?;
    crate::common::check_table_mib(args.table_mib)?;
    let game = build_game(&args.game, None)?;
    crate::interrupt::check_output(&args.out)?;
    // Ctrl-C while the book is built: nothing is on disk yet.
    let unfinished =
        format!("the book was not finished; nothing written to '{}'", args.out.display());
    crate::interrupt::install(unfinished)?;
    let Some(book_info) = info(game.as_ref())?.tools.book else {
        return Err(input_error(format!(
            "no book builder for {} (games with one: {})",
            game.spec(),
            games_with(|g| g.tools.book.is_some())
        )));
    };
    let t = Instant::now();
    let bar = ProgressBar::new(0);
    if std::io::stderr().is_terminal() {
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} positions, {elapsed} (eta {eta})")
                .expect("valid template"),
        );
    } else {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    // Off a terminal: a line every few seconds instead of the bar.
    let thinking = (!std::io::stderr().is_terminal())
        .then(|| Thinking::start("building the book…", Style::Plain));
    let note = thinking.as_ref().map(Thinking::note_setter);
    let opts = BookOptions {
        depth: args.depth,
        weak: args.weak,
        table_mib: args.table_mib,
        threads: args.threads,
    };
    let made = (book_info.build)(game.as_ref(), &opts, &mut |done, total| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
        if let Some(note) = &note {
            note(&format!("{done}/{total} positions"));
        }
    })
    .map_err(tool_error);
    if let Some(t) = thinking {
        t.finish();
    }
    bar.finish_and_clear();
    let made = made?;
    crate::interrupt::write_final(&args.out, &made.bytes)?;
    writeln!(
        out,
        "{} positions up to {} moves ({}), {} bytes, written to {} in {:.1} s",
        made.positions,
        args.depth,
        if args.weak { "win/draw/loss" } else { "exact scores" },
        made.bytes.len(),
        args.out.display(),
        t.elapsed().as_secs_f64()
    )?;
    Ok(())
}
