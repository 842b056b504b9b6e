//! Table-driven perft: every line of `data/perft.txt` through the registry.

use bitgames::new_game;
use bitgames::Rules;

#[test]
fn perft_table() {
    let table = include_str!("../data/perft.txt");
    let mut checked = 0;
    for line in table.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        assert_eq!(f.len(), 4, "bad perft line: {line}");
        let mut g = new_game(f[0]).unwrap();
        if !f[1].is_empty() {
            g.set_position(f[1]).unwrap();
        }
        let depth: usize = f[2].parse().unwrap();
        let want: u64 = f[3].parse().unwrap();
        assert_eq!(g.perft(depth), want, "perft {depth} of {} at '{}'", f[0], f[1]);
        // The same count on two threads (rayon split), and split by first move.
        if depth >= 5 {
            assert_eq!(g.perft_parallel(depth, 2), want, "2-thread perft {depth} of {}", f[0]);
        }
        if g.outcome().is_none() {
            let split: u64 = g.perft_divide(depth).iter().map(|(_, n)| n).sum();
            assert_eq!(split, want, "divided perft {depth} of {}", f[0]);
        }
        checked += 1;
    }
    assert!(checked >= 18);
}

/// Every finished game of tic-tac-toe, counted by walking the tree through the
/// dynamic (text) interface: 255,168 (Schaeffer's count).
#[test]
fn tictactoe_has_255168_games() {
    fn count(g: &dyn bitgames::DynGame) -> u64 {
        if g.outcome().is_some() {
            return 1;
        }
        g.legal_moves()
            .iter()
            .map(|m| {
                let mut c = g.clone_box();
                c.play_text(m).unwrap();
                count(c.as_ref())
            })
            .sum()
    }
    assert_eq!(count(new_game("tictactoe").unwrap().as_ref()), 255_168);
}

/// Distinct 7×6 Connect Four positions after n plies (OEIS A212693).
#[test]
fn connect4_distinct_positions_a212693() {
    use bitgames::games::connect4::Connect4;
    use std::collections::HashMap;
    let want = [1u64, 7, 49, 238, 1120, 4263, 16422, 54859, 184275];
    let mut layer: HashMap<u64, Connect4> = HashMap::from([(0, Connect4::standard())]);
    let mut moves = Vec::new();
    for (ply, &n) in want.iter().enumerate() {
        assert_eq!(layer.len() as u64, n, "positions after {ply} plies");
        let mut next = HashMap::new();
        for g in layer.values() {
            g.legal_moves(&mut moves);
            for &m in &moves {
                let mut c = g.clone();
                c.play_unchecked(m);
                next.insert(c.key(), c);
            }
        }
        layer = next;
    }
}

/// Othello's divided perft uses its own (Bik) convention in every subtree: at
/// depth 10, where finished games first count, the split adds up to 24,571,284.
#[test]
fn othello_divide_keeps_the_bik_convention() {
    let g = new_game("othello").unwrap();
    let split = g.perft_divide(10);
    assert_eq!(split.len(), 4);
    assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 24_571_284);
    assert_eq!(g.perft_parallel(10, 2), 24_571_284);
}
