//! `bitgames lightsout`: facts about a Lights Out board size, and solving a board
//! read from standard input.

use crate::common::input_error;
use anyhow::Result;
use bitgames::puzzles::lightsout::{
    parse_size, LightsBoard, LightsOut, MAX_HARDEST_CELLS, MAX_NULL_SEARCH,
};
use clap::{Args, Subcommand};
use std::io::Write;
use std::time::Instant;

/// Options of `bitgames lightsout`.
#[derive(Args, Debug)]
pub struct LightsOutArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: LightsOutCommand,
}

/// The `lightsout` subcommands.
#[derive(Subcommand, Debug)]
pub enum LightsOutCommand {
    /// Null space, solvable positions and the hardest position's presses.
    Stats {
        /// Board size WxH (or N for NxN).
        #[arg(default_value = "5x5")]
        size: String,
    },
    /// Solve the board pictured on standard input (top row first, `X` on, `.` off).
    Solve {
        /// Board size WxH (or N for NxN).
        #[arg(default_value = "5x5")]
        size: String,
    },
}

fn solver(size: &str) -> Result<LightsOut> {
    let (w, h) = parse_size(size).map_err(|e| input_error(e.to_string()))?;
    LightsOut::new(w, h).map_err(|e| input_error(e.to_string()))
}

/// `2^k` as digits when it fits in a `u128`, else as the power.
fn power_of_two(k: usize) -> String {
    if k < 128 {
        format!("{}", 1u128 << k)
    } else {
        format!("2^{k}")
    }
}

/// Runs `bitgames lightsout`.
pub fn run(args: &LightsOutArgs, out: &mut dyn Write) -> Result<()> {
    match &args.command {
        LightsOutCommand::Stats { size } => stats(size, out),
        LightsOutCommand::Solve { size } => solve(size, out),
    }
}

fn stats(size: &str, out: &mut dyn Write) -> Result<()> {
    let t = Instant::now();
    let lo = solver(size)?;
    let (w, h) = (lo.width(), lo.height());
    let k = lo.null_dimension();
    writeln!(out, "board: {w}x{h}")?;
    writeln!(out, "null space: {k}")?;
    writeln!(out, "solutions per solvable position: {}", power_of_two(k))?;
    writeln!(
        out,
        "solvable positions: {} (2^{} of 2^{})",
        power_of_two(lo.solvable_log2()),
        lo.solvable_log2(),
        w * h
    )?;
    match lo.hardest() {
        Some(n) => writeln!(out, "hardest: {n} presses")?,
        None => writeln!(
            out,
            "hardest: out of reach ({} cells; enumerating every position is done up to {MAX_HARDEST_CELLS} cells)",
            w * h
        )?,
    }
    writeln!(out, "time: {:.3} s", t.elapsed().as_secs_f64())?;
    Ok(())
}

fn solve(size: &str, out: &mut dyn Write) -> Result<()> {
    let (w, h) = parse_size(size).map_err(|e| input_error(e.to_string()))?;
    let text = crate::common::read_text("-")?;
    // The time covers building the solver for this size and solving.
    let t = Instant::now();
    let lo = solver(size)?;
    let board = LightsBoard::parse_picture(w, h, &text).map_err(|e| input_error(e.to_string()))?;
    let Some(sol) = lo.solve(&board) else {
        return Err(input_error(format!(
            "no solution: this {w}x{h} board cannot be switched off (only 2^{} of its 2^{} positions can)",
            lo.solvable_log2(),
            w * h
        )));
    };
    let secs = t.elapsed().as_secs_f64();
    let k = lo.null_dimension();
    let note = if sol.minimal {
        "fewest"
    } else {
        "a solution; fewest not searched, the null space is too large"
    };
    writeln!(out, "board: {w}x{h}, {} lights on", board.count())?;
    writeln!(out, "presses: {} ({note})", sol.presses.count())?;
    write!(out, "{}", sol.presses.picture())?;
    writeln!(out, "cells: {}", sol.presses.cell_names().join(" "))?;
    writeln!(out, "solutions: {}", power_of_two(k))?;
    if !sol.minimal {
        writeln!(out, "null space: {k} (searched up to {MAX_NULL_SEARCH})")?;
    }
    writeln!(out, "time: {secs:.3} s")?;
    Ok(())
}
