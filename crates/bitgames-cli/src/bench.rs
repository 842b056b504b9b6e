//! `bitgames bench`: perft and random-playout speed of connect4 and tictactoe, or
//! (`bitgames bench connect4`) the Connect Four solver on Pons' benchmark sets.

use crate::common::{build_game, grouped, rate, si};
use anyhow::Result;
use clap::Args;
use std::io::Write;
use std::time::Instant;

/// Options of `bitgames bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// What to measure: `core` (perft and playouts, the default), `connect4` (the
    /// solver on Pons' test sets) or `othello-ffo` (the endgame solver on FFO
    /// #40–#59).
    pub suite: Option<String>,
    /// Smaller runs (about a second in a release build).
    #[arg(long, short)]
    pub quick: bool,
    /// connect4: the sets to run, comma-separated (default: all six).
    #[arg(long)]
    pub sets: Option<String>,
    /// connect4: at most this many positions of each set (default: 1000, but 100
    /// of Test_L1_R2 and 10 of Test_L1_R3).
    #[arg(long)]
    pub limit: Option<usize>,
    /// connect4: weak solves (win/draw/loss).
    #[arg(long)]
    pub weak: bool,
    /// connect4: transposition table MiB.
    #[arg(long, default_value_t = 64)]
    pub table_mib: usize,
    /// connect4: solver threads (0: all cores).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
}

/// One game's workload.
struct Workload {
    /// Game spec.
    spec: &'static str,
    /// Perft depth.
    depth: usize,
    /// Number of random playouts.
    playouts: u64,
}

/// The workloads: full, `--quick`, and smaller still in a debug build (where the
/// timings mean little anyway).
fn workloads(quick: bool) -> [Workload; 2] {
    let debug = cfg!(debug_assertions);
    let (c4_depth, c4_games, ttt_games) = match (quick, debug) {
        (false, false) => (9, 1_000_000, 2_000_000),
        (true, false) => (8, 100_000, 100_000),
        (false, true) => (8, 100_000, 200_000),
        (true, true) => (7, 10_000, 10_000),
    };
    [
        Workload { spec: "connect4", depth: c4_depth, playouts: c4_games },
        Workload { spec: "tictactoe", depth: 9, playouts: ttt_games },
    ]
}

/// Runs the chosen benchmark.
pub fn run(args: &BenchArgs, out: &mut dyn Write) -> Result<()> {
    match args.suite.as_deref() {
        None | Some("core") => run_core(args, out),
        Some("connect4") => run_connect4(args, out),
        Some("othello-ffo") => crate::othello_cmd::bench_ffo(40, 59, args.table_mib, out),
        Some(other) => Err(crate::common::input_error(format!(
            "unknown benchmark '{other}' (expected core, connect4 or othello-ffo)"
        ))),
    }
}

/// The Connect Four solver on Pons' sets: `set positions mean-time mean-nodes
/// nodes/s`, every score checked. The table is cleared before each position, as
/// Pons' own benchmark does.
fn run_connect4(args: &BenchArgs, out: &mut dyn Write) -> Result<()> {
    use bitgames::games::connect4::{sets::TEST_SETS, solver::ConnectFourSolver, Connect4};
    use bitgames::Game;
    let wanted: Option<Vec<&str>> =
        args.sets.as_deref().map(|s| s.split(',').map(str::trim).collect());
    if let Some(w) = &wanted {
        if let Some(bad) = w.iter().find(|n| !TEST_SETS.iter().any(|s| s.name == **n)) {
            let names: Vec<&str> = TEST_SETS.iter().map(|s| s.name).collect();
            return Err(crate::common::input_error(format!(
                "unknown set '{bad}' (sets: {})",
                names.join(", ")
            )));
        }
    }
    let start = Connect4::standard();
    let mut solver = ConnectFourSolver::for_game(&start, args.table_mib.max(1));
    let threads = if args.threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        args.threads
    };
    solver.set_threads(threads);
    writeln!(
        out,
        "connect4 solver ({}, {} thread{}, {} MiB table, table cleared per position):",
        if args.weak { "weak" } else { "strong" },
        threads,
        if threads == 1 { "" } else { "s" },
        args.table_mib
    )?;
    writeln!(
        out,
        "  {:<11} {:<14} {:>9} {:>12} {:>14} {:>10}",
        "set", "Pons' name", "positions", "mean time", "mean nodes", "nodes/s"
    )?;
    for set in TEST_SETS.iter().filter(|s| wanted.as_ref().is_none_or(|w| w.contains(&s.name))) {
        let limit = args.limit.unwrap_or(match set.name {
            "Test_L1_R2" => 100,
            "Test_L1_R3" => 10,
            _ => 1000,
        });
        let (mut n, mut nodes, mut secs) = (0u64, 0u64, 0.0f64);
        for (moves, want) in set.positions().take(limit) {
            let g = start.parse_position(moves)?;
            solver.reset();
            let t = Instant::now();
            let r = solver.solve(&g, args.weak)?;
            secs += t.elapsed().as_secs_f64();
            let want = if args.weak { want.signum() } else { want };
            if r.score != want {
                anyhow::bail!("{}: {moves} solved as {}, expected {want}", set.name, r.score);
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
            crate::common::si_number(rate(nodes, secs))
        )?;
        out.flush()?;
    }
    Ok(())
}

/// Perft and playouts: one table.
fn run_core(args: &BenchArgs, out: &mut dyn Write) -> Result<()> {
    let mode = if args.quick { "quick" } else { "full" };
    let build = if cfg!(debug_assertions) {
        "debug build: timings are not representative, use --release"
    } else {
        "release build"
    };
    writeln!(out, "benchmark ({mode}, {build}, one thread):")?;
    let row = |out: &mut dyn Write, cells: [&str; 6]| -> Result<()> {
        let [game, task, count, time, speed, more] = cells;
        let line =
            format!("  {game:<10} {task:<16} {count:>18} {time:>9}  {speed:>17}  {more:>15}");
        writeln!(out, "{}", line.trim_end())?;
        out.flush()?;
        Ok(())
    };
    row(out, ["game", "task", "count", "time", "speed", ""])?;
    let mut total = 0.0;
    for w in workloads(args.quick) {
        let game = build_game(w.spec, None)?;
        let t = Instant::now();
        let leaves = game.perft(w.depth);
        let secs = t.elapsed().as_secs_f64();
        total += secs;
        row(
            out,
            [
                w.spec,
                &format!("perft {}", w.depth),
                &format!("{} leaves", grouped(leaves)),
                &format!("{secs:.3} s"),
                &si(rate(leaves, secs), "leaves/s"),
                "",
            ],
        )?;

        let t = Instant::now();
        let stats = game.playouts(w.playouts, 1);
        let secs = t.elapsed().as_secs_f64();
        total += secs;
        row(
            out,
            [
                w.spec,
                "random playouts",
                &format!("{} games", grouped(stats.games)),
                &format!("{secs:.3} s"),
                &si(rate(stats.games, secs), "games/s"),
                &si(rate(stats.plies, secs), "plies/s"),
            ],
        )?;
    }
    writeln!(out, "  total time {total:.2} s")?;
    Ok(())
}
