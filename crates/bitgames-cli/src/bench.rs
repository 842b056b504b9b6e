//! `bitgames bench`: perft and random-playout speed of connect4 and tictactoe.

use crate::common::{build_game, grouped, rate, si};
use anyhow::Result;
use clap::Args;
use std::io::Write;
use std::time::Instant;

/// Options of `bitgames bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Smaller runs (about a second in a release build).
    #[arg(long, short)]
    pub quick: bool,
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
        Workload {
            spec: "connect4",
            depth: c4_depth,
            playouts: c4_games,
        },
        Workload {
            spec: "tictactoe",
            depth: 9,
            playouts: ttt_games,
        },
    ]
}

/// Runs the benchmark and prints one table.
pub fn run(args: &BenchArgs, out: &mut dyn Write) -> Result<()> {
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
