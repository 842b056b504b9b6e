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
mod gtp;
mod interrupt;
mod life;
mod lightsout;
mod list;
mod pack;
mod perft;
mod play;
mod playout;
mod progress;
mod protocol;
mod scale;
mod serve;
mod show;
mod solve;
mod tablebase;

use clap::{CommandFactory, Parser, Subcommand};
use std::io::Write;
use std::process::ExitCode;

/// Bitboard board games: list, show, perft, random playouts, play and benchmark.
///
/// With no subcommand: serves the web app (`bitgames serve`).
#[derive(Parser, Debug)]
#[command(name = "bitgames", version, about, long_about = None)]
struct Cli {
    /// What to do (default: `serve`, the web app on 127.0.0.1:8080).
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
    /// and Othello endgames (OBF positions or files); with `--table`, a
    /// retrograde table's value of each position (Teeko).
    Solve(solve::SolveArgs),
    /// Generate a Connect Four opening book for `solve --book`.
    Book(solve::BookArgs),
    /// Retrograde tables: every position of a game (Teeko) won, lost or drawn,
    /// with its distance, for `solve --table`.
    Tablebase(tablebase::TablebaseArgs),
    /// Convert Othello game records between transcripts, GGF and OBF.
    Convert(convert::ConvertArgs),
    /// Count the packings of a puzzle (Soma, pentominoes, Bedlam or a file).
    Pack(pack::PackArgs),
    /// A GTP version 2 engine on stdin/stdout for Go, Hex, Y, Gomoku and any
    /// placement game.
    Gtp(gtp::GtpArgs),
    /// Othello engine for the NBoard GUI (NBoard protocol 2 on stdin/stdout).
    Nboard(protocol::ProtocolArgs),
    /// Serve the web app (play and analyse every game in the browser) until Ctrl-C.
    Serve(serve::ServeArgs),
    /// Lights Out: board facts (`stats WxH`) or a solution (`solve WxH` < picture).
    Lightsout(lightsout::LightsOutArgs),
    /// Run a Life pattern (RLE) on the plane or a torus; population and speed.
    Life(life::LifeArgs),
}

/// Parses the arguments, runs the command and maps errors to exit codes.
fn main() -> ExitCode {
    // OBF positions may start with '-': they go behind a `--` for clap.
    let mut command = Cli::command();
    command.build();
    let cli = Cli::parse_from(common::hyphen_positions(&command, std::env::args_os().collect()));
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    // A misspelt BITGAMES_CPU would silently mean `native`: say so instead.
    if let Err(e) = bitgames::cpu::CpuMode::from_env() {
        common::print_error(&e.to_string());
        return ExitCode::from(2);
    }
    let result = match cli.command {
        Some(Command::Games(a)) => list::run(&a, &mut out),
        Some(Command::Engines(a)) => list::run_engines(&a, &mut out),
        Some(Command::Show(a)) => show::run(&a, &mut out),
        Some(Command::Perft(a)) => perft::run(&a, &mut out),
        Some(Command::Playout(a)) => playout::run(&a, &mut out),
        Some(Command::Play(a)) => play::run(&a, &mut out),
        Some(Command::Arena(a)) => arena::run(&a, &mut out),
        Some(Command::Bench(a)) => bench::run(&a, &mut out),
        Some(Command::Solve(a)) => match &a.table {
            Some(table) => tablebase::run_solve(&a.game, &a.positions, table, a.analyze, &mut out),
            None => solve::run(&a, &mut out),
        },
        Some(Command::Book(a)) => solve::run_book(&a, &mut out),
        Some(Command::Tablebase(a)) => tablebase::run(&a, &mut out),
        Some(Command::Convert(a)) => convert::run(&a, &mut out),
        Some(Command::Pack(a)) => pack::run(&a, &mut out),
        Some(Command::Gtp(a)) => gtp::run(&a, &mut out),
        Some(Command::Nboard(a)) => protocol::run("nboard", &a, &mut out),
        Some(Command::Serve(a)) => serve::run(&a, &mut out),
        Some(Command::Lightsout(a)) => lightsout::run(&a, &mut out),
        Some(Command::Life(a)) => life::run(&a, &mut out),
        None => default_run(&mut out),
    };
    let result = result.and_then(|()| out.flush().map_err(Into::into));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // `bitgames games | head`: the reader left; that is not an error.
        Err(e) if common::is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            common::print_error(&format!("{e:#}"));
            ExitCode::from(common::exit_code(&e))
        }
    }
}

/// What `bitgames` with no arguments does: a hint at the subcommands, then the
/// web app (`bitgames serve`). The old default output is `bitgames games` and
/// `bitgames bench --quick`.
fn default_run(out: &mut dyn Write) -> anyhow::Result<()> {
    writeln!(
        out,
        "bitgames {} — bitboard board games; `bitgames help` lists the subcommands \
         (`bitgames games`, `bitgames bench --quick`, …)",
        env!("CARGO_PKG_VERSION")
    )?;
    serve::run(&serve::ServeArgs::default(), out)
}
