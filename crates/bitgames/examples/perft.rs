//! Counts the move paths of a game to each depth (perft), one thread and all
//! cores, with the time each took.
//!
//! `cargo run --release -p bitgames --example perft -- othello 8`
//!
//! Known counts check a move generator: Othello's 8 plies are 390,216 paths
//! (Edax's `perft`, passes counted as moves), Connect Four's 8 are 5,673,234 (fewer
//! than 7⁸: a column can fill and the first player can win from ply 7).

mod common;

use bitgames::new_game;
use std::error::Error;
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    common::report(run)
}

fn run() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let spec = args.first().map_or("othello", String::as_str);
    let depth: usize = match args.get(1) {
        Some(d) => d.parse().map_err(|_| format!("'{d}' is not a depth"))?,
        None => 8,
    };
    let game = new_game(spec)?;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("{} from the start", game.spec());
    for d in 1..=depth {
        let t = Instant::now();
        let one = game.perft(d);
        let serial = t.elapsed().as_secs_f64();
        let t = Instant::now();
        let all = game.perft_parallel(d, threads);
        let parallel = t.elapsed().as_secs_f64();
        assert_eq!(one, all, "the parallel count differs at depth {d}");
        println!(
            "depth {d:>2}: {one:>15} paths  {serial:>8.3} s  ({threads} threads: {parallel:.3} s)"
        );
    }
    Ok(())
}
