//! A match between two engines over many games, with openings varied by a few
//! random plies and the colours alternated: the score, Elo difference and its
//! confidence interval of each.
//!
//! `cargo run --release -p bitgames --example mcts_match -- "connect4" "mcts(iterations=4000)" "mcts(iterations=1000)" 40`

mod common;

use bitgames::{run_match, MatchConfig};
use std::error::Error;
use std::process::ExitCode;

fn main() -> ExitCode {
    common::report(run)
}

fn run() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or_else(|| default.into());
    let games: usize = arg(3, "20").parse().map_err(|_| "the game count is not a number")?;
    let config = MatchConfig {
        game: arg(0, "tictactoe"),
        engines: [arg(1, "mcts(iterations=2000)"), arg(2, "random")],
        games,
        opening_plies: 2,
        seed: 1,
        threads: 0,
    };
    let report = run_match(&config, &|g| {
        println!("game {:>3}: {} ({} moves)", g.index + 1, g.result, g.moves.len())
    })?;
    for e in &report.engines {
        println!(
            "{}: score {:.3} [{:.3}, {:.3}], Elo {:+.0} [{:+.0}, {:+.0}]",
            e.spec,
            e.score,
            e.score_interval.0,
            e.score_interval.1,
            e.elo,
            e.elo_interval.0,
            e.elo_interval.1
        );
    }
    Ok(())
}
