//! `bitgames pack`: count the packings of a built-in puzzle or a puzzle file
//! (Browne, Alg. 13), print the counts, the time and one packing.

use crate::common::{check_threads, input_error};
use anyhow::Result;
use bitgames::puzzles::pack::{builtin, builtin_text, solve, Options, Pruning, Puzzle, BUILTIN};
use clap::{Args, ValueEnum};
use std::io::Write;
use std::time::Instant;

/// Options of `bitgames pack`.
#[derive(Args, Debug)]
pub struct PackArgs {
    /// A built-in puzzle (soma, pentomino-6x10, pentomino-5x12, pentomino-4x15,
    /// pentomino-3x20, pentomino-8x8, bedlam) or a puzzle file (docs/pack.md).
    pub puzzle: String,
    /// Threads (0: one per core).
    #[arg(long, short, default_value_t = 1)]
    pub threads: usize,
    /// Pruning: regions (isolated-region sizes), paper (Browne's coverage and
    /// critical cells), none.
    #[arg(long, value_enum, default_value_t = PruneArg::Regions)]
    pub pruning: PruneArg,
    /// Print the puzzle's text (the built-in's file) instead of solving it.
    #[arg(long)]
    pub print: bool,
}

/// The `--pruning` values.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum PruneArg {
    /// Only the fit test.
    None,
    /// Isolated regions must be fillable.
    Regions,
    /// Browne's Alg. 13 coverage, playability and critical cells.
    Paper,
}

/// Runs the count and prints the report.
pub fn run(args: &PackArgs, out: &mut dyn Write) -> Result<()> {
    check_threads(args.threads)?;
    let (puzzle, text) = match builtin(&args.puzzle) {
        Some(p) => (p, builtin_text(&args.puzzle).unwrap_or_default()),
        None => {
            let text = crate::common::read_text(&args.puzzle).map_err(|e| {
                let names: Vec<&str> = BUILTIN.iter().map(|(n, _)| *n).collect();
                input_error(format!(
                    "'{}' is neither a built-in puzzle ({}) nor a readable file: {e}",
                    args.puzzle,
                    names.join(", ")
                ))
            })?;
            let p =
                Puzzle::parse(&text).map_err(|e| input_error(format!("{}: {e}", args.puzzle)))?;
            (p, text)
        }
    };
    if args.print {
        write!(out, "{}", text.trim_start())?;
        return Ok(());
    }
    let pruning = match args.pruning {
        PruneArg::None => Pruning::None,
        PruneArg::Regions => Pruning::Regions,
        PruneArg::Paper => Pruning::Paper,
    };
    let t = Instant::now();
    let r = solve(&puzzle, &Options { threads: args.threads, pruning })
        .map_err(|e| input_error(format!("{}: {e}", args.puzzle)))?;
    let secs = t.elapsed().as_secs_f64();
    let [w, h, d] = puzzle.dims;
    let size = if d == 1 { format!("{w}x{h}") } else { format!("{w}x{h}x{d}") };
    writeln!(
        out,
        "{}: {} pieces, {} cells ({size}), {} placements",
        puzzle.name,
        puzzle.pieces.iter().map(|p| p.count).sum::<usize>(),
        puzzle.board.len(),
        r.placements
    )?;
    writeln!(out, "solutions: {}", r.solutions)?;
    writeln!(out, "distinct: {}", r.distinct)?;
    let fixed = r.fixed.map_or(String::new(), |f| format!(", piece {f} fixed"));
    writeln!(out, "symmetries: {}{fixed}", r.symmetries)?;
    writeln!(
        out,
        "time: {secs:.3} s ({} nodes, {} thread(s))",
        r.nodes,
        threads_used(args.threads)
    )?;
    match r.example {
        Some(s) => write!(out, "\n{}", s.draw())?,
        None => writeln!(out, "no solution")?,
    }
    Ok(())
}

fn threads_used(t: usize) -> usize {
    match t {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    }
}
