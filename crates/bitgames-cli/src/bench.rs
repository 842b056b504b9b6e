//! `bitgames bench`: perft and random-playout speed of every game, or a game's own
//! benchmark suite from the registry (`bitgames bench connect4`: the solver on
//! Pons' sets).

use crate::common::{build_game, grouped, rate, si};
use anyhow::Result;
use bitgames::tools::BenchOptions;
use clap::Args;
use std::io::Write;
use std::time::Instant;

/// Options of `bitgames bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// What to measure: `core` (every game's perft and playouts, the default),
    /// `perft` or `playouts` (one half of it), `scale` (the parallel workloads
    /// on 1, 2, 4, … threads), or
    /// a game's suite: `connect4` (the solver on Pons' test sets), `othello-ffo`
    /// (the endgame solver on FFO #40–#59).
    pub suite: Option<String>,
    /// Smaller runs (about a second in a release build).
    #[arg(long, short)]
    pub quick: bool,
    /// Suites with sets: the sets to run, comma-separated (default: all).
    #[arg(long)]
    pub sets: Option<String>,
    /// Suites with sets: at most this many positions of each (connect4's
    /// default: 1000, but 100 of Test_L1_R2 and 10 of Test_L1_R3).
    #[arg(long)]
    pub limit: Option<usize>,
    /// Weak solves (win/draw/loss), where the suite's solver has them.
    #[arg(long)]
    pub weak: bool,
    /// Transposition table MiB of the suite's solver.
    #[arg(long, default_value_t = 64)]
    pub table_mib: usize,
    /// Solver threads (0: all cores).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// `scale`: the thread counts, comma-separated (default 1, 2, 4, … and the
    /// machine's cores).
    #[arg(long)]
    pub thread_list: Option<String>,
    /// `scale`: the games whose workloads run, comma-separated (default all).
    #[arg(long)]
    pub games: Option<String>,
}

/// Runs the chosen benchmark: `core` (every game's perft and playouts) or a
/// game's suite from the registry.
pub fn run(args: &BenchArgs, out: &mut dyn Write) -> Result<()> {
    let name = args.suite.as_deref().unwrap_or("core");
    match name {
        "core" => return run_core(args, out, Tasks::Both),
        "perft" => return run_core(args, out, Tasks::Perft),
        "playouts" => return run_core(args, out, Tasks::Playouts),
        "scale" => {
            let opts = crate::scale::ScaleOptions {
                quick: args.quick,
                thread_list: args.thread_list.as_deref(),
                games: args.games.as_deref(),
            };
            return crate::scale::run(&opts, out);
        }
        _ => {}
    }
    let suites = bitgames::registry::bench_suites();
    let Some((_, suite)) = suites.iter().find(|(_, s)| s.name == name) else {
        let names: Vec<&str> = ["core", "perft", "playouts", "scale"]
            .into_iter()
            .chain(suites.iter().map(|(_, s)| s.name))
            .collect();
        return Err(crate::common::input_error(format!(
            "unknown benchmark '{}' (expected {})",
            bitgames::game::clip(name),
            names.join(", ")
        )));
    };
    crate::common::check_threads(args.threads)?;
    crate::common::check_table_mib(args.table_mib)?;
    let opts = BenchOptions {
        quick: args.quick,
        sets: args.sets.clone(),
        limit: args.limit,
        weak: args.weak,
        table_mib: args.table_mib,
        threads: args.threads,
    };
    (suite.run)(&opts, out).map_err(crate::solve::tool_error)
}

/// Perft and playouts: one table.
/// Which rows of the core table to run.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Tasks {
    Perft,
    Playouts,
    Both,
}

/// Writes one row of a table without its trailing spaces, and flushes it so that
/// it shows while the next row is measured.
fn write_row(out: &mut dyn Write, text: &str) -> Result<()> {
    writeln!(out, "{}", text.trim_end())?;
    out.flush()?;
    Ok(())
}

fn run_core(args: &BenchArgs, out: &mut dyn Write, tasks: Tasks) -> Result<()> {
    let mode = if args.quick { "quick" } else { "full" };
    let build = if cfg!(debug_assertions) {
        "debug build: timings are not representative, use --release"
    } else {
        "release build"
    };
    writeln!(out, "benchmark ({mode}, {build}, one thread):")?;
    let row = |out: &mut dyn Write, cells: [&str; 6]| -> Result<()> {
        let [game, task, count, time, speed, more] = cells;
        write_row(
            out,
            &format!("  {game:<12} {task:<16} {count:>18} {time:>9}  {speed:>17}  {more:>15}"),
        )
    };
    row(out, ["game", "task", "count", "time", "speed", ""])?;
    let mut total = 0.0;
    for info in bitgames::registry::games() {
        let Some(w) = info.tools.core_bench else { continue };
        // Debug builds run the quick workload, smaller still: their timings
        // mean little anyway.
        let debug = cfg!(debug_assertions);
        let (depth, playouts) = match (args.quick, debug) {
            (false, false) => (w.perft.0, w.playouts.0),
            (true, false) => (w.perft.1, w.playouts.1),
            (_, true) => (w.perft.1.saturating_sub(1), (w.playouts.1 / 10).max(1)),
        };
        // The default spec, then the game's extra ones (playouts only, a
        // fifth as many: bigger boards).
        for (k, spec) in
            std::iter::once(info.name).chain(info.tools.bench_specs.iter().copied()).enumerate()
        {
            let playouts = if k == 0 { playouts } else { (playouts / 5).max(1) };
            let game = build_game(spec, None)?;
            if tasks != Tasks::Playouts && k == 0 {
                let t = Instant::now();
                let leaves = game.perft(depth);
                let secs = t.elapsed().as_secs_f64();
                total += secs;
                row(
                    out,
                    [
                        info.name,
                        &format!("perft {depth}"),
                        &format!("{} leaves", grouped(leaves)),
                        &format!("{secs:.3} s"),
                        &si(rate(leaves, secs), "leaves/s"),
                        "",
                    ],
                )?;
            }
            if tasks == Tasks::Perft {
                continue;
            }
            let t = Instant::now();
            let stats = game.playouts(playouts, 1);
            let secs = t.elapsed().as_secs_f64();
            total += secs;
            row(
                out,
                [
                    spec,
                    "random playouts",
                    &format!("{} games", grouped(stats.games)),
                    &format!("{secs:.3} s"),
                    &si(rate(stats.games, secs), "games/s"),
                    &si(rate(stats.plies, secs), "plies/s"),
                ],
            )?;
        }
    }
    writeln!(out, "  total time {total:.2} s")?;
    Ok(())
}
