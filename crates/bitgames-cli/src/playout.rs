//! `bitgames playout`: random playouts with speed and result shares.

use crate::common::{build_game, grouped, input_error, rate, si_number};
use anyhow::Result;
use bitgames::Player;
use clap::Args;
use std::io::Write;
use std::time::Instant;

/// Options of `bitgames playout`.
#[derive(Args, Debug)]
pub struct PlayoutArgs {
    /// Game spec, e.g. connect4 or 'tictactoe(width=15,height=15,k=5)'.
    pub game: String,
    /// Number of games to play (at least 1).
    #[arg(long, short, default_value_t = 100_000)]
    pub count: u64,
    /// Seed of the random generator (same seed, same games).
    #[arg(long, short, default_value_t = 1)]
    pub seed: u64,
    /// Start from this position text instead of the start position.
    #[arg(long, short, allow_hyphen_values = true)]
    pub position: Option<String>,
}

/// Runs the playouts and prints the report.
pub fn run(args: &PlayoutArgs, out: &mut dyn Write) -> Result<()> {
    if args.count == 0 {
        return Err(input_error("--count must be at least 1"));
    }
    let game = build_game(&args.game, args.position.as_deref())?;
    let t = Instant::now();
    let stats = game.playouts(args.count, args.seed);
    let secs = t.elapsed().as_secs_f64();
    let first = game.player_name(Player::First);
    let second = game.player_name(Player::Second);
    let pct = |n: u64| 100.0 * stats.share(n);
    let from = match game.ply() {
        0 => "the start position".to_string(),
        _ => format!("position '{}'", game.position()),
    };
    writeln!(
        out,
        "{} random playouts of {} from {from}, seed {}",
        grouped(stats.games),
        game.spec(),
        args.seed
    )?;
    writeln!(out, "games/s:    {}", si_number(rate(stats.games, secs)))?;
    writeln!(out, "plies/s:    {}", si_number(rate(stats.plies, secs)))?;
    writeln!(out, "plies/game: {:.2}", stats.plies as f64 / stats.games.max(1) as f64)?;
    writeln!(
        out,
        "results:    {first} wins {:.2}%   draw {:.2}%   {second} wins {:.2}%",
        pct(stats.first_wins),
        pct(stats.draws),
        pct(stats.second_wins)
    )?;
    writeln!(out, "time:       {secs:.3} s")?;
    Ok(())
}
