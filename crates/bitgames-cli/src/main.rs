//! `bitgames`: list, inspect, count, benchmark and play the games of the `bitgames`
//! library from the terminal.
//!
//! Every command that names a game takes a registry spec: `connect4`,
//! `'connect4(width=8,height=7)'`, `'tictactoe(width=15,height=15,k=5)'` (quote the
//! parentheses for the shell). Input errors print one `error: …` line to stderr and
//! exit with code 2; other failures exit with code 1.

mod arena;
mod bench;
mod common;
mod convert;
mod list;
mod perft;
mod play;
mod playout;
mod protocol;
mod show;
mod solve;

use clap::{Parser, Subcommand};
use std::io::Write;
use std::process::ExitCode;

/// Bitboard board games: list, show, perft, random playouts, play and benchmark.
///
/// With no subcommand: prints the games and runs a quick benchmark.
#[derive(Parser, Debug)]
#[command(name = "bitgames", version, about, long_about = None)]
struct Cli {
    /// What to do (default: banner, games list and `bench --quick`).
    #[command(subcommand)]
    command: Option<Command>,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
enum Command {
    /// List every registered game with its parameters and default spec.
    Games(list::GamesArgs),
    /// List the engines (of one game, or all) with their parameters.
    Engines(list::EnginesArgs),
    /// Show a position: board, side to move, legal moves, outcome, hash.
    Show(show::ShowArgs),
    /// Count move sequences (perft) to each depth, with timings.
    Perft(perft::PerftArgs),
    /// Run random playouts and report speed and result shares.
    Playout(playout::PlayoutArgs),
    /// A match between two engines: pairs of games with colours swapped, score
    /// and Elo with 95% intervals.
    Arena(arena::ArenaArgs),
    /// Play against an engine in the terminal (moves may be piped on stdin).
    Play(play::PlayArgs),
    /// Benchmark perft and random playouts, or the Connect Four solver on Pons' sets.
    Bench(bench::BenchArgs),
    /// Exact scores: Connect Four (Pons' format: position score nodes microseconds)
    /// and Othello endgames (OBF positions or files).
    Solve(solve::SolveArgs),
    /// Generate a Connect Four opening book for `solve --book`.
    Book(solve::BookArgs),
    /// Convert Othello game records between transcripts, GGF and OBF.
    Convert(convert::ConvertArgs),
    /// Othello engine for the NBoard GUI (NBoard protocol 2 on stdin/stdout).
    Nboard(protocol::ProtocolArgs),
}

/// Parses the arguments, runs the command and maps errors to exit codes.
fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let result = match cli.command {
        Some(Command::Games(a)) => list::run(&a, &mut out),
        Some(Command::Engines(a)) => list::run_engines(&a, &mut out),
        Some(Command::Show(a)) => show::run(&a, &mut out),
        Some(Command::Perft(a)) => perft::run(&a, &mut out),
        Some(Command::Playout(a)) => playout::run(&a, &mut out),
        Some(Command::Play(a)) => play::run(&a, &mut out),
        Some(Command::Arena(a)) => arena::run(&a, &mut out),
        Some(Command::Bench(a)) => bench::run(&a, &mut out),
        Some(Command::Solve(a)) => solve::run(&a, &mut out),
        Some(Command::Book(a)) => solve::run_book(&a, &mut out),
        Some(Command::Convert(a)) => convert::run(&a, &mut out),
        Some(Command::Nboard(a)) => protocol::run("nboard", &a, &mut out),
        None => default_run(&mut out),
    };
    let result = result.and_then(|()| out.flush().map_err(Into::into));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // `bitgames games | head`: the reader left; that is not an error.
        Err(e) if common::is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(common::exit_code(&e))
        }
    }
}

/// What `bitgames` with no arguments does: banner, games, quick benchmark, hint.
fn default_run(out: &mut dyn Write) -> anyhow::Result<()> {
    writeln!(
        out,
        "bitgames {} — bitboard board games: perft, random playouts, play\n",
        env!("CARGO_PKG_VERSION")
    )?;
    list::run(&list::GamesArgs { json: false }, out)?;
    writeln!(out)?;
    bench::run(
        &bench::BenchArgs {
            suite: None,
            quick: true,
            sets: None,
            limit: None,
            weak: false,
            table_mib: 64,
            threads: 1,
        },
        out,
    )?;
    writeln!(out)?;
    writeln!(
        out,
        "subcommands: games, engines, show, perft, playout, play, arena, bench, solve, book, convert, nboard   (`bitgames help <subcommand>` for details)"
    )?;
    writeln!(
        out,
        "try: bitgames show connect4 4453   |   bitgames perft tictactoe 9   |   bitgames play connect4 --engine greedy"
    )?;
    Ok(())
}
