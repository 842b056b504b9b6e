//! Plays one game between two engines, any game by its spec, and shows the board
//! after every move.
//!
//! `cargo run --release -p bitgames --example play -- "hex(size=7)" "mcts(iterations=2000)" random`
//!
//! Only the crate root's names are used (the facade): a game by spec, engines by
//! spec, moves as text, the record of the game.

mod common;

use bitgames::{new_engine, new_game, GameRecord};
use std::error::Error;
use std::process::ExitCode;

fn main() -> ExitCode {
    common::report(run)
}

fn run() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or_else(|| default.into());
    let game = new_game(&arg(0, "connect4"))?;
    let specs = [arg(1, "mcts(iterations=2000,seed=1)"), arg(2, "greedy(seed=2)")];
    let mut engines =
        [new_engine(game.as_ref(), &specs[0])?, new_engine(game.as_ref(), &specs[1])?];
    let mut record = GameRecord::new(game);
    println!("{}\n{}", record.current().spec(), record.current().picture());
    while record.outcome().is_none() {
        let side = record.current().side_to_move().index();
        let Some(choice) = engines[side].choose(record.current())? else {
            return Err(format!("{} has no move though the game is not over", specs[side]).into());
        };
        record.play(&choice.mv)?;
        println!("{} plays {}\n{}", specs[side], choice.mv, record.current().picture());
    }
    let outcome = record.outcome().expect("the loop ends when the game does");
    println!("{} after {} moves", record.current().describe_outcome(outcome), record.moves().len());
    Ok(())
}
