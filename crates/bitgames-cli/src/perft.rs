//! `bitgames perft`: move-path counts per depth with timings, or split by first move.

use crate::common::{build_game, input_error, rate, result_text, si, si_number};
use anyhow::Result;
use bitgames::DynGame;
use clap::Args;
use std::io::Write;
use std::time::Instant;

/// Deepest perft the CLI accepts (counts beyond this overflow or never finish).
pub const MAX_DEPTH: usize = 30;

/// Options of `bitgames perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    /// Game spec, e.g. connect4 or 'tictactoe(width=4,height=4,k=4)'.
    pub game: String,
    /// Depth in plies (0–30); the table shows depths 1..=DEPTH.
    pub depth: usize,
    /// Start from this position text instead of the start position.
    #[arg(long, short, allow_hyphen_values = true)]
    pub position: Option<String>,
    /// Print only the final depth.
    #[arg(long)]
    pub only: bool,
    /// Print the count at DEPTH split by first move (instead of the table).
    #[arg(long)]
    pub divide: bool,
    /// Threads for the count (0: all the machine's); with --divide, each first
    /// move's subtree is counted on them in turn.
    #[arg(long, short, default_value_t = 1)]
    pub threads: usize,
}

/// Perft split by first move with each subtree counted on `threads` threads:
/// the same counts as [`DynGame::perft_divide`] (each child in the game's own
/// convention).
fn divide_parallel(game: &dyn DynGame, depth: usize, threads: usize) -> Result<Vec<(String, u64)>> {
    let mut split = Vec::new();
    for mv in game.legal_moves() {
        let mut child = game.clone_box();
        child.play_text(&mv)?;
        split.push((mv, child.perft_parallel(depth - 1, threads)));
    }
    Ok(split)
}

/// Runs perft and prints the table or the split.
pub fn run(args: &PerftArgs, out: &mut dyn Write) -> Result<()> {
    if args.depth > MAX_DEPTH {
        return Err(input_error(format!(
            "depth {} is too large (at most {MAX_DEPTH})",
            args.depth
        )));
    }
    let game = build_game(&args.game, args.position.as_deref())?;
    let from = match game.ply() {
        0 => "the start position".to_string(),
        _ => format!("position '{}'", game.position()),
    };
    let state = match game.outcome() {
        None => format!("{} to move", game.player_name(game.side_to_move())),
        Some(_) => format!("game over: {}", result_text(game.as_ref())),
    };
    writeln!(out, "perft {}, {from} ({state})", game.spec())?;

    crate::common::check_threads(args.threads)?;
    if args.divide {
        let t = Instant::now();
        // Depth 0 counts the position itself, before any first move: no split.
        let split = if args.depth == 0 {
            Vec::new()
        } else if args.threads == 1 {
            game.perft_divide(args.depth)
        } else {
            divide_parallel(game.as_ref(), args.depth, args.threads)?
        };
        let secs = t.elapsed().as_secs_f64();
        let total: u64 =
            if args.depth == 0 { game.perft(0) } else { split.iter().map(|(_, n)| n).sum() };
        let w = split.iter().map(|(m, _)| m.len()).max().unwrap_or(0).max(4);
        for (mv, n) in &split {
            writeln!(out, "{mv:>w$}  {n}")?;
        }
        writeln!(out, "{:>w$}  {total}", "total")?;
        writeln!(
            out,
            "depth {}: {} moves, {total} leaves in {secs:.3} s ({})",
            args.depth,
            split.len(),
            si(rate(total, secs), "leaves/s")
        )?;
        return Ok(());
    }

    let depths: Vec<usize> =
        if args.depth == 0 || args.only { vec![args.depth] } else { (1..=args.depth).collect() };
    writeln!(out, "{:>5}  {:>20}  {:>10}  {:>16}", "depth", "count", "seconds", "leaves/s")?;
    let mut total_secs = 0.0;
    for d in depths {
        let t = Instant::now();
        let n =
            if args.threads == 1 { game.perft(d) } else { game.perft_parallel(d, args.threads) };
        let secs = t.elapsed().as_secs_f64();
        total_secs += secs;
        writeln!(out, "{d:>5}  {n:>20}  {secs:>10.4}  {:>16}", si_number(rate(n, secs)))?;
        out.flush()?;
    }
    if !args.only && args.depth > 1 {
        writeln!(out, "total time {total_secs:.3} s")?;
    }
    Ok(())
}
