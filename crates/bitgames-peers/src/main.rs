//! `bitgames-peers`: a development tool that measures bitgames side by side
//! with the peer programs it is compared against, each built with its own
//! Makefile: Othello perft against Edax (`--edax PATH`), the Connect Four
//! solver against Pascal Pons' `c4solver` on his six test sets (`--pons PATH`)
//! and against John Tromp's Fhourstones 3.2 (`--fhourstones PATH`). It is not
//! part of the `bitgames` command, and the registry does not know it: it names
//! the games it measures, which the front ends never do.

mod compare;
mod compare_c4;

use anyhow::Result;
use clap::Parser;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Options of `bitgames-peers`.
#[derive(Parser, Debug)]
#[command(name = "bitgames-peers", version, about)]
pub struct Args {
    /// An Edax binary: Othello perft against `edax -count games N`.
    #[arg(long)]
    pub edax: Option<PathBuf>,
    /// Pons' Connect Four solver (`c4solver`): his six test sets (`--sets`,
    /// `--limit`), mean CPU time per position.
    #[arg(long)]
    pub pons: Option<PathBuf>,
    /// Fhourstones 3.2 (`SearchGame`): the empty 7×6 board (or `--position`),
    /// one thread.
    #[arg(long)]
    pub fhourstones: Option<PathBuf>,
    /// The Connect Four position for `--fhourstones` (Pons' move string;
    /// default the empty board).
    #[arg(long, allow_hyphen_values = true)]
    pub position: Option<String>,
    /// Perft depths, comma-separated (default 11,12).
    #[arg(long)]
    pub depths: Option<String>,
    /// Runs of each side, interleaved; the table shows the fastest.
    #[arg(long, default_value_t = 3)]
    pub repeat: usize,
    /// Also rows without tables (Edax's plain `perft`, bitgames with no table).
    #[arg(long)]
    pub without_table: bool,
    /// Pons' sets to run, comma-separated (default: all six).
    #[arg(long)]
    pub sets: Option<String>,
    /// At most this many positions of each set (default 1000, but 100 of
    /// Test_L1_R2 and 10 of Test_L1_R3).
    #[arg(long)]
    pub limit: Option<usize>,
    /// Transposition table MiB of bitgames' Connect Four solver.
    #[arg(long, default_value_t = 64)]
    pub table_mib: usize,
}

/// The smallest of `xs`.
pub fn min(xs: &[f64]) -> f64 {
    xs.iter().copied().fold(f64::INFINITY, f64::min)
}

/// An error in what the user gave.
pub fn input_error(msg: impl Into<String>) -> anyhow::Error {
    anyhow::anyhow!(msg.into())
}

/// Checks `--table-mib` against the machine's memory before a table is made.
pub fn check_table_mib(mib: usize) -> Result<()> {
    bitgames::search::memory::check_table_mib(mib)
        .map_err(|e| input_error(format!("--table-mib {e}")))
}

fn main() -> ExitCode {
    let args = Args::parse();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match compare::run(&args, &mut out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let _ = out.flush();
            // Control characters escaped: a path cannot drive the terminal.
            let text: String = format!("{e:#}")
                .chars()
                .flat_map(|c| {
                    let escaped = c.is_control().then(|| c.escape_default());
                    escaped.into_iter().flatten().chain((!c.is_control()).then_some(c))
                })
                .collect();
            eprintln!("error: {text}");
            ExitCode::from(2)
        }
    }
}
