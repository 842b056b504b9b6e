//! `bitgames solve` and `bitgames book`: exact Connect Four scores, line by line
//! like Pons' solver, and the opening book that speeds them up.

use crate::common::{build_game, input_error};
use crate::othello_cmd::OthelloSolve;
use anyhow::{Context, Result};
use bitgames::games::connect4::book::{Book, BookError};
use bitgames::games::connect4::book_builder;
use bitgames::games::connect4::solver::{ConnectFourSolver, Progress};
use bitgames::games::connect4::Connect4;
use bitgames::{DynGame, Game};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::{BufRead, IsTerminal, Write};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Options of `bitgames solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Game spec: `connect4`, `connect4(width=W,height=H)` or `othello`.
    pub game: String,
    /// Connect Four: Pons' move strings (`""` for the empty board); none: one per
    /// line from standard input. Othello: OBF positions (64 squares and the side
    /// to move; put `--` before one that starts with '-') or .obf files.
    pub positions: Vec<String>,
    /// Only win (1), draw (0) or loss (-1): faster.
    #[arg(long)]
    pub weak: bool,
    /// Print the score of every column (`-` for a full one) instead of one score;
    /// Othello: the exact score of every move.
    #[arg(long, short, conflicts_with = "best")]
    pub analyze: bool,
    /// Print the best columns (all that reach the best score, centre first) and
    /// that score; Othello: every best move, not just one.
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
    /// Search threads (0: all cores). Othello splits the principal line among
    /// them (about 1.35× faster on 2 cores); Connect Four tests several values
    /// of the score at once.
    #[arg(long, short, default_value_t = 1)]
    pub threads: usize,
}

/// Options of `bitgames book`.
#[derive(Args, Debug)]
pub struct BookArgs {
    /// Game spec: `connect4` or `connect4(width=W,height=H)`.
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

/// The Connect Four board of a spec, or an input error for any other game.
pub fn connect4_of(game: &dyn DynGame) -> Result<Connect4> {
    game.as_any().downcast_ref::<Connect4>().cloned().ok_or_else(|| {
        input_error(format!("no solver for {}: `solve` knows connect4 and othello", game.spec()))
    })
}

/// Loads a book file for a solver.
pub fn load_book(path: &std::path::Path) -> Result<Arc<Book>> {
    let bytes =
        std::fs::read(path).with_context(|| format!("cannot read book '{}'", path.display()))?;
    let name = path.display().to_string();
    Ok(Arc::new(Book::from_bytes(&bytes, Some(&name)).map_err(|e| input_error(e.to_string()))?))
}

/// A spinner on stderr showing bounds and nodes while a solve runs.
fn progress_bar(quiet: bool) -> Option<ProgressBar> {
    if quiet || !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::new_spinner();
    bar.set_style(
        ProgressStyle::with_template("{spinner} {elapsed} {msg}").expect("valid template"),
    );
    bar.enable_steady_tick(Duration::from_millis(200));
    Some(bar)
}

/// Solves each position and prints `position score nodes microseconds` (or the
/// column scores with `--analyze`). A bad line gets an error on stderr and the
/// solver goes on; the exit code is 2 if any line was bad.
pub fn run(args: &SolveArgs, out: &mut dyn Write) -> Result<()> {
    let game = build_game(&args.game, None)?;
    if game.as_any().is::<bitgames::games::othello::Othello>() {
        if args.positions.is_empty() {
            return Err(input_error("solve othello needs a position (OBF text) or an .obf file"));
        }
        if args.weak || args.book.is_some() {
            return Err(input_error(
                "--weak and --book are for connect4; solve othello is always exact, without a book",
            ));
        }
        let mode = if args.analyze {
            OthelloSolve::Analyze
        } else if args.best {
            OthelloSolve::AllBest
        } else {
            OthelloSolve::Score
        };
        for p in &args.positions {
            crate::othello_cmd::solve_othello(p, mode, args.table_mib, args.threads, out)?;
        }
        return Ok(());
    }
    let start = connect4_of(game.as_ref())?;
    let mut solver = ConnectFourSolver::for_game(&start, args.table_mib.max(1));
    solver.set_threads(if args.threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        args.threads
    });
    if let Some(path) = &args.book {
        solver.set_book(load_book(path)?).map_err(|e| input_error(e.to_string()))?;
    }
    let bar = progress_bar(args.quiet);
    if let Some(bar) = &bar {
        let bar = bar.clone();
        solver.set_progress(Some(Box::new(move |p: Progress| {
            bar.set_message(format!("score in [{}, {}], {} nodes", p.min, p.max, p.nodes));
        })));
    }
    let mut bad = 0usize;
    let mut solve_line = |line: &str, out: &mut dyn Write| -> Result<()> {
        let text = line.trim();
        let g = match start.parse_position(text) {
            Ok(g) => g,
            Err(e) => {
                bad += 1;
                if let Some(b) = &bar {
                    b.suspend(|| eprintln!("error: {e}"));
                } else {
                    eprintln!("error: {e}");
                }
                return Ok(());
            }
        };
        let t = Instant::now();
        let nodes_before = solver.nodes();
        let result = if args.best {
            solver.best_moves(&g).map(|(cols, score)| {
                let cols: Vec<String> = cols.iter().map(|c| (c + 1).to_string()).collect();
                format!("{} {score}", cols.join(","))
            })
        } else if args.analyze {
            solver.analyze(&g, args.weak).map(|scores| {
                let cols: Vec<String> =
                    scores.iter().map(|s| s.map_or("-".to_string(), |v| v.to_string())).collect();
                cols.join(" ")
            })
        } else {
            solver.solve(&g, args.weak).map(|s| s.score.to_string())
        };
        let micros = t.elapsed().as_micros();
        match result {
            Ok(answer) => {
                let nodes = solver.nodes() - nodes_before;
                if let Some(b) = &bar {
                    b.set_message(String::new());
                }
                writeln!(out, "{text} {answer} {nodes} {micros}")?;
                out.flush()?;
            }
            Err(e) => {
                bad += 1;
                eprintln!("error: {e}");
            }
        }
        Ok(())
    };
    if args.positions.is_empty() {
        for line in std::io::stdin().lock().lines() {
            solve_line(&line.context("reading standard input")?, out)?;
        }
    } else {
        for p in &args.positions {
            solve_line(p, out)?;
        }
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    if bad > 0 {
        return Err(input_error(format!("{bad} position(s) could not be solved (see above)")));
    }
    Ok(())
}

/// Generates a book and writes it.
pub fn run_book(args: &BookArgs, out: &mut dyn Write) -> Result<()> {
    let start = connect4_of(build_game(&args.game, None)?.as_ref())?;
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
    let b = book_builder::generate(
        start.width() as u32,
        start.height() as u32,
        args.depth,
        args.weak,
        args.table_mib,
        args.threads,
        |done, total| {
            bar.set_length(total as u64);
            bar.set_position(done as u64);
        },
    )
    .map_err(|e| match e {
        BookError::TooDeep { depth, cells } => {
            input_error(format!("--depth {depth} is more than the {cells} cells of the board"))
        }
        e => input_error(e.to_string()),
    })?;
    bar.finish_and_clear();
    let bytes = b.to_bytes();
    std::fs::write(&args.out, &bytes)
        .with_context(|| format!("cannot write '{}'", args.out.display()))?;
    writeln!(
        out,
        "{} positions up to {} moves ({}), {} bytes, written to {} in {:.1} s",
        b.len(),
        args.depth,
        if args.weak { "win/draw/loss" } else { "exact scores" },
        bytes.len(),
        args.out.display(),
        t.elapsed().as_secs_f64()
    )?;
    Ok(())
}
