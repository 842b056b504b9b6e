//! Solves positions exactly through the registry's solvers: a Connect Four
//! position given as its moves (Pons' format), every column scored, and an Othello
//! endgame given in OBF.
//!
//! `cargo run --release -p bitgames --example solve`
//!
//! Scores are for the side to move: Connect Four's are Pons' (positive: a win,
//! larger the sooner), Othello's the final disc difference.

mod common;

use bitgames::{new_game, new_solver, SolveMode, SolveOptions};
use std::error::Error;
use std::process::ExitCode;

fn main() -> ExitCode {
    common::report(run)
}

fn run() -> Result<(), Box<dyn Error>> {
    let analyse = SolveOptions { mode: SolveMode::Analyze, ..SolveOptions::default() };
    for (spec, position) in [
        // Pons' test set "Test_L3_R1", its first line: score -1 for the side to move.
        ("connect4", "2252576253462244111563365343671351441"),
        // FFO #40, 20 empties: Black wins by 38 with a2 (the only move that does).
        ("othello", "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X"),
    ] {
        let game = new_game(spec)?;
        let mut solver = new_solver(game.as_ref(), &analyse)?;
        let input = solver.read(position)?;
        let solution = solver.solve(input.game.as_ref())?;
        println!("{spec} {position}");
        println!(
            "  score {} (best: {}), {} positions in {:.3} s",
            solution.score,
            solution.best.join(" "),
            solution.nodes,
            solution.seconds
        );
        let moves: Vec<String> =
            solution.moves.iter().map(|m| format!("{} {}", m.mv, m.score)).collect();
        println!("  every move: {}", moves.join(", "));
    }
    Ok(())
}
