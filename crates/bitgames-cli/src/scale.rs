//! `bitgames bench scale`: every game's parallel workloads ([`ScaleWork`]) on 1,
//! 2, 4, … threads, with wall time, the process's CPU time and the work's count
//! (leaves, nodes, simulations) beside the speed-up, so that a parallel path
//! that wins wall time by spending much more CPU or searching many more nodes
//! shows it.

use crate::common::{check_threads, grouped, input_error};
use anyhow::Result;
use bitgames::tools::ScaleWork;
use cpu_time::ProcessTime;
use std::io::Write;
use std::time::Instant;

/// What `bench scale` runs (from `bitgames bench`'s options).
pub struct ScaleOptions<'a> {
    /// The smaller workloads.
    pub quick: bool,
    /// `--thread-list`: thread counts, comma-separated.
    pub thread_list: Option<&'a str>,
    /// `--games`: game names, comma-separated.
    pub games: Option<&'a str>,
}

/// The thread counts to run: `--thread-list`, else 1, 2, 4, … and the
/// machine's cores.
fn thread_counts(args: &ScaleOptions) -> Result<Vec<usize>> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let Some(list) = args.thread_list else {
        let mut counts: Vec<usize> =
            std::iter::successors(Some(1), |n| Some(n * 2)).take_while(|&n| n < cores).collect();
        counts.push(cores);
        return Ok(counts);
    };
    let mut counts = Vec::new();
    for item in list.split(',') {
        let n: usize = item.trim().parse().map_err(|_| {
            input_error(format!(
                "--thread-list: '{}' is not a thread count (expected numbers like 1,2,16)",
                bitgames::game::clip(item.trim())
            ))
        })?;
        if n == 0 {
            return Err(input_error("--thread-list: 0 is not a thread count (at least 1)"));
        }
        check_threads(n)?;
        counts.push(n);
    }
    Ok(counts)
}

/// One measured run.
#[derive(Clone, Copy)]
struct Run {
    wall: f64,
    cpu: f64,
    count: u64,
}

/// Runs the workloads of the games in `--games` (default: every game that has
/// some) and prints the table.
pub fn run(args: &ScaleOptions, out: &mut dyn Write) -> Result<()> {
    let counts = thread_counts(args)?;
    let infos = bitgames::registry::games();
    let wanted: Option<Vec<&str>> = args.games.map(|g| g.split(',').map(str::trim).collect());
    if let Some(wanted) = &wanted {
        for name in wanted {
            if !infos.iter().any(|i| i.name == *name && !i.tools.scale.is_empty()) {
                let have: Vec<&str> =
                    infos.iter().filter(|i| !i.tools.scale.is_empty()).map(|i| i.name).collect();
                return Err(input_error(format!(
                    "--games: '{}' has no scaling workload (expected {})",
                    bitgames::game::clip(name),
                    have.join(", ")
                )));
            }
        }
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mode = if args.quick { "quick: the smaller workloads in brackets" } else { "full" };
    writeln!(out, "bench scale ({mode}), {cores} cores, {}", bitgames::cpu::cpu().describe())?;
    writeln!(
        out,
        "  speed-up: one thread's wall time over this one's (fixed-time work: count over one \
         thread's count); CPU, count: over one thread's"
    )?;
    let header = format!(
        "  {:<8} {:<26} {:>7} {:>9} {:>9} {:>26} {:>9} {:>6} {:>6}",
        "game", "work", "threads", "wall s", "CPU s", "count", "speed-up", "CPU", "count"
    );
    writeln!(out, "{header}")?;
    for info in infos {
        if wanted.as_ref().is_some_and(|w| !w.contains(&info.name)) {
            continue;
        }
        for work in info.tools.scale {
            let mut first: Option<Run> = None;
            for &threads in &counts {
                let run = measure(work, threads, args.quick)
                    .map_err(|e| anyhow::anyhow!("{} {}: {e}", info.name, work.name))?;
                let base = first.get_or_insert(run);
                let speedup = if work.fixed_time {
                    run.count as f64 / base.count.max(1) as f64
                } else {
                    base.wall / run.wall.max(1e-9)
                };
                writeln!(
                    out,
                    "  {:<8} {:<26} {:>7} {:>9.3} {:>9.3} {:>26} {:>8.2}× {:>5.2}× {:>5.2}×",
                    info.name,
                    work.name,
                    threads,
                    run.wall,
                    run.cpu,
                    format!("{} {}", grouped(run.count), work.unit),
                    speedup,
                    run.cpu / base.cpu.max(1e-9),
                    run.count as f64 / base.count.max(1) as f64,
                )?;
                out.flush()?;
            }
        }
    }
    Ok(())
}

/// Times one workload on `threads` threads.
fn measure(work: &ScaleWork, threads: usize, quick: bool) -> Result<Run> {
    let (wall, cpu) = (Instant::now(), ProcessTime::try_now()?);
    let count = (work.run)(threads, quick).map_err(crate::solve::tool_error)?;
    let cpu = cpu.try_elapsed()?.as_secs_f64();
    Ok(Run { wall: wall.elapsed().as_secs_f64(), cpu, count })
}
