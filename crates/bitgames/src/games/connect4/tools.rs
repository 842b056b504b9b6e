//! Connect Four's tools for the registry: the solver behind `bitgames solve`
//! (Pons' output, `position score nodes µs`), the benchmark of Pons' six test
//! sets behind `bitgames bench connect4`, and the opening-book builder behind
//! `bitgames book`.

use super::book::Book;
use super::book_builder;
use super::sets::TEST_SETS;
use super::solver::{ConnectFourSolver, Progress, SolverError};
use super::Connect4;
use crate::dynamic::DynGame;
use crate::game::{Notation, Rules};
use crate::tools::typed_game;
use crate::tools::{
    BenchOptions, BenchSuite, BookInfo, BookMade, BookOptions, MoveScore, ProgressFn, ScaleWork,
    Solution, SolveInput, SolveMode, SolveOptions, Solver, SolverInfo, SolverTakes, ToolError,
};
use std::io::Write;
use std::sync::Arc;
use std::time::Instant;

/// `bitgames bench scale`: perft 12 of the 7×6 board (10 with `--quick`), split
/// among the threads, and the exact solve of the empty board (of the position
/// after `4444441`, about a second, with `--quick`) without a book, the threads
/// sharing one 256 MiB table (both scores, 1, are checked).
pub(crate) static SCALE: [ScaleWork; 2] = [
    ScaleWork { name: "perft 12 (10)", unit: "leaves", fixed_time: false, run: scale_perft },
    ScaleWork {
        name: "solve 7x6 empty (4444441)",
        unit: "nodes",
        fixed_time: false,
        run: scale_solve,
    },
];

fn scale_perft(threads: usize, quick: bool) -> Result<u64, ToolError> {
    Ok(Rules::perft_parallel(&Connect4::standard(), if quick { 10 } else { 12 }, threads))
}

fn scale_solve(threads: usize, quick: bool) -> Result<u64, ToolError> {
    let failed = |e: &dyn std::fmt::Display| ToolError::Failed(e.to_string());
    let game = Connect4::standard()
        .parse_position(if quick { "4444441" } else { "" })
        .map_err(|e| failed(&e))?;
    let mut solver = ConnectFourSolver::try_for_game(&game, 256).map_err(|e| failed(&e))?;
    solver.set_threads(threads);
    let solved = solver.solve(&game, false).map_err(|e| failed(&e))?;
    if solved.score != 1 {
        return Err(ToolError::Failed(format!("solved {} on {threads} threads", solved.score)));
    }
    Ok(solved.nodes)
}

/// The solver of `bitgames solve connect4`.
pub(crate) static SOLVER: SolverInfo = SolverInfo {
    about: "exact scores, one position a line as Pons' move string (1-based columns, \
            '' for the empty board); prints 'position score nodes µs' like Pons' solver \
            (--analyze: every column's score, '-' for a full one; --best: the best \
            columns and the score)",
    takes: SolverTakes { weak: true, book: true },
    build: build_solver,
};

/// Reads a book file for a solver.
pub(crate) fn load_book(path: &std::path::Path) -> Result<Arc<Book>, ToolError> {
    use crate::tools::FileFault;
    let name = crate::game::clip(&path.display().to_string());
    let fault = |fault| ToolError::File { what: "book", name: name.clone(), fault };
    let meta = std::fs::metadata(path).map_err(|e| fault(FileFault::Unreadable(e)))?;
    if meta.is_dir() {
        return Err(fault(FileFault::Directory));
    }
    if !meta.is_file() {
        return Err(fault(FileFault::NotRegular));
    }
    let most = super::book::MAX_FILE_BYTES;
    if meta.len() > most {
        return Err(fault(FileFault::TooLarge { bytes: meta.len(), most }));
    }
    let file = std::fs::File::open(path).map_err(|e| fault(FileFault::Unreadable(e)))?;
    let mut input = std::io::BufReader::new(file);
    Ok(Arc::new(Book::read_from(&mut input, Some(&name)).map_err(ToolError::game)?))
}

fn build_solver(game: &dyn DynGame, opts: &SolveOptions) -> Result<Box<dyn Solver>, ToolError> {
    let start = typed_game::<Connect4>(game, "connect4")?.clone();
    let mut solver = ConnectFourSolver::try_for_game(&start, opts.table_mib.max(1))
        .map_err(|e| solver_error(opts.table_mib, e))?;
    solver.set_threads(crate::parallel::threads(opts.threads));
    if let Some(path) = &opts.book {
        solver.set_book(load_book(path)?).map_err(ToolError::game)?;
    }
    Ok(Box::new(LineSolver { start, solver, mode: opts.mode, weak: opts.weak }))
}

struct LineSolver {
    start: Connect4,
    solver: ConnectFourSolver,
    mode: SolveMode,
    weak: bool,
}

impl Solver for LineSolver {
    fn read(&self, line: &str) -> Result<SolveInput, ToolError> {
        let text = line.trim();
        let g = self.start.parse_position(text)?;
        Ok(SolveInput::new(Box::new(g), text))
    }

    fn solve(&mut self, game: &dyn DynGame) -> Result<Solution, ToolError> {
        let g = typed_game::<Connect4>(game, "connect4")?;
        let t = Instant::now();
        let nodes_before = self.solver.nodes();
        let column = |c: usize| (c + 1).to_string();
        let (score, best, moves) = match self.mode {
            SolveMode::Best => self.solver.best_moves(g).map(|(cols, score)| {
                (score, cols.iter().map(|&c| column(c as usize)).collect(), Vec::new())
            }),
            SolveMode::Analyze => self.solver.analyze(g, self.weak).map(|scores| {
                let moves: Vec<MoveScore> = scores
                    .iter()
                    .enumerate()
                    .filter_map(|(c, s)| s.map(|score| MoveScore { mv: column(c), score }))
                    .collect();
                let score = moves.iter().map(|m| m.score).max().unwrap_or(0);
                (score, crate::tools::best_of(&moves), moves)
            }),
            SolveMode::Score => {
                self.solver.solve(g, self.weak).map(|s| (s.score, Vec::new(), Vec::new()))
            }
        }
        .map_err(ToolError::game)?;
        let seconds = t.elapsed().as_secs_f64();
        Ok(Solution { score, best, moves, nodes: self.solver.nodes() - nodes_before, seconds })
    }

    /// Pons' line: `position answer nodes µs`, the answer being the score, the
    /// best columns and the score (`--best`), or every column's score with `-`
    /// for a full one (`--analyze`).
    fn report(&self, input: &SolveInput, s: &Solution, out: &mut dyn Write) -> std::io::Result<()> {
        let answer = match self.mode {
            SolveMode::Best => format!("{} {}", s.best.join(","), s.score),
            SolveMode::Analyze => {
                let columns = (1..=self.start.width()).map(|c| {
                    let c = c.to_string();
                    s.moves
                        .iter()
                        .find(|m| m.mv == c)
                        .map_or("-".to_string(), |m| m.score.to_string())
                });
                columns.collect::<Vec<_>>().join(" ")
            }
            SolveMode::Score => s.score.to_string(),
        };
        let micros = (s.seconds * 1e6) as u64;
        writeln!(out, "{} {answer} {} {micros}", input.text, s.nodes)
    }

    fn set_progress(&mut self, f: Option<ProgressFn>) {
        self.solver.set_progress(f.map(|mut f| {
            Box::new(move |p: Progress| {
                f(&format!("score in [{}, {}], {} nodes", p.min, p.max, p.nodes))
            }) as super::solver::ProgressFn
        }));
    }

    fn set_stop(&mut self, flag: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>) {
        self.solver.set_stop(flag);
    }
}

/// `bitgames bench connect4`: the solver on Pons' six test sets.
pub(crate) static BENCH: BenchSuite = BenchSuite {
    name: "connect4",
    about: "the Connect Four solver on Pons' six test sets (every score checked)",
    run: run_bench,
};

/// The solver on Pons' sets: `set positions mean-time mean-nodes nodes/s`, every
/// score checked. The table is cleared before each position, as Pons' own
/// benchmark does.
fn run_bench(opts: &BenchOptions, out: &mut dyn Write) -> Result<(), ToolError> {
    let wanted: Option<Vec<&str>> =
        opts.sets.as_deref().map(|s| s.split(',').map(str::trim).collect());
    if let Some(w) = &wanted {
        if let Some(bad) = w.iter().find(|n| !TEST_SETS.iter().any(|s| s.name == **n)) {
            let names: Vec<&str> = TEST_SETS.iter().map(|s| s.name).collect();
            return Err(ToolError::bad_option(
                "sets",
                format!("unknown set '{}' (sets: {})", crate::game::clip(bad), names.join(", ")),
            ));
        }
    }
    let start = Connect4::standard();
    let mut solver = ConnectFourSolver::try_for_game(&start, opts.table_mib.max(1))
        .map_err(|e| solver_error(opts.table_mib, e))?;
    let threads = crate::parallel::threads(opts.threads);
    solver.set_threads(threads);
    writeln!(
        out,
        "connect4 solver ({}, {} thread{}, {} MiB table, table cleared per position):",
        if opts.weak { "weak" } else { "strong" },
        threads,
        if threads == 1 { "" } else { "s" },
        opts.table_mib
    )?;
    writeln!(
        out,
        "  {:<11} {:<14} {:>9} {:>12} {:>14} {:>10}",
        "set", "Pons' name", "positions", "mean time", "mean nodes", "nodes/s"
    )?;
    for set in TEST_SETS.iter().filter(|s| wanted.as_ref().is_none_or(|w| w.contains(&s.name))) {
        let limit = opts.limit.unwrap_or(match (set.name, opts.quick) {
            (_, true) => 10,
            ("Test_L1_R2", _) => 100,
            ("Test_L1_R3", _) => 10,
            _ => 1000,
        });
        let (mut n, mut nodes, mut secs) = (0u64, 0u64, 0.0f64);
        for (moves, want) in set.positions().take(limit) {
            let g = start.parse_position(moves).map_err(|e| ToolError::Failed(e.to_string()))?;
            solver.reset();
            let t = Instant::now();
            let r = solver.solve(&g, opts.weak).map_err(|e| ToolError::Failed(e.to_string()))?;
            secs += t.elapsed().as_secs_f64();
            let want = if opts.weak { want.signum() } else { want };
            if r.score != want {
                return Err(ToolError::Failed(format!(
                    "{}: {moves} solved as {}, expected {want}",
                    set.name, r.score
                )));
            }
            n += 1;
            nodes += r.nodes;
        }
        let mean = secs / n.max(1) as f64;
        let mean_time = if mean < 1e-3 {
            format!("{:.2} µs", mean * 1e6)
        } else if mean < 1.0 {
            format!("{:.3} ms", mean * 1e3)
        } else {
            format!("{mean:.3} s")
        };
        writeln!(
            out,
            "  {:<11} {:<14} {:>9} {:>12} {:>14.1} {:>10}",
            set.name,
            set.pons_name,
            n,
            mean_time,
            nodes as f64 / n.max(1) as f64,
            crate::tools::si_number(crate::tools::rate(nodes, secs))
        )?;
        out.flush()?;
    }
    Ok(())
}

/// `bitgames book connect4`: every position up to a depth, solved.
pub(crate) static BOOK: BookInfo = BookInfo {
    about: "every position with at most --depth moves, reflections merged, solved deepest \
            first; about 9 bytes a position",
    build: build_book,
};

fn build_book(
    game: &dyn DynGame, opts: &BookOptions, progress: &mut (dyn FnMut(usize, usize) + Send),
) -> Result<BookMade, ToolError> {
    let start = typed_game::<Connect4>(game, "connect4")?;
    let cells = start.width() * start.height();
    if opts.depth as usize > cells {
        return Err(ToolError::bad_option(
            "depth",
            format!("--depth {} is more than the {cells} cells of the board", opts.depth),
        ));
    }
    let b = book_builder::generate(
        start.width() as u32,
        start.height() as u32,
        opts.depth,
        opts.weak,
        opts.table_mib,
        crate::parallel::threads(opts.threads),
        progress,
    )
    .map_err(ToolError::game)?;
    Ok(BookMade { bytes: b.to_bytes(), positions: b.len() })
}

/// Pons' move string as a record format: one digit a move, from the empty
/// board (blanks allowed when pasted); written for a game whose moves are all
/// single digits, its start's own move string first.
pub(crate) static PONS: crate::formats::RecordFormat = crate::formats::RecordFormat {
    name: "pons",
    label: "Pons",
    keeps_start: true,
    detect: |t| !t.trim().is_empty() && t.chars().all(|c| c.is_ascii_digit() || c.is_whitespace()),
    read: read_pons,
    write: |record| {
        record.moves().iter().all(|m| m.len() == 1).then(|| {
            std::iter::once(record.start().position())
                .chain(record.moves().iter().cloned())
                .collect()
        })
    },
};

/// Reads a Pons string from the empty board of `start`'s size: the position
/// reader checks it whole, then the moves are played into a record.
fn read_pons(
    start: &dyn DynGame, text: &str,
) -> Result<crate::record::GameRecord, crate::formats::FormatError> {
    use crate::formats::FormatError;
    let digits: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let mut check = start.clone_box();
    check.set_position(&digits).map_err(|e| FormatError(e.to_string()))?;
    let mut empty = start.clone_box();
    empty.set_position("").map_err(|e| FormatError(e.to_string()))?;
    let mut record = crate::record::GameRecord::new(empty);
    for (i, d) in digits.chars().enumerate() {
        record.play(&d.to_string()).map_err(|e| FormatError(format!("move {}: {e}", i + 1)))?;
    }
    Ok(record)
}

/// A solver that could not be built: its table's memory ([`ToolError::Table`])
/// or a board it does not solve.
fn solver_error(mib: usize, e: SolverError) -> ToolError {
    match e {
        SolverError::Memory(error) => ToolError::Table { mib, error },
        other => ToolError::game(other),
    }
}
